// launch_module.cpp — the page's launch-config module (launch.js + launch.wasm, launch_service.h): one entry
// point, fetched and started by platform_web.cpp the first time the page exports or imports a launch config.
#include <emscripten/emscripten.h>

#include <string>

#include "launch_service.h"

extern "C" EMSCRIPTEN_KEEPALIVE const char* trainplan_launch(const char* request) {
  static std::string answer;
  answer = tp::ui::LaunchServiceAnswer(request ? request : "");
  return answer.c_str();
}

int main() { return 0; }
