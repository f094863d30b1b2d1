// launch_in_process.cpp — the platform's launch-config requests answered in process (platform.h RequestLaunch,
// TakeLaunchAnswer), for the desktop window and the headless tests alike: the page sends them to its separately
// loaded module instead (platform_web.cpp).
#include <string>
#include <utility>

#include "launch_service.h"
#include "platform.h"

namespace tp::platform {
namespace {
std::string g_launch_answer;
bool g_launch_answered = false;
}  // namespace

void RequestLaunch(const std::string& request) {
  g_launch_answer = ui::LaunchServiceAnswer(request);
  g_launch_answered = true;
}

bool TakeLaunchAnswer(std::string& answer) {
  if (!g_launch_answered) return false;
  g_launch_answered = false;
  answer = std::move(g_launch_answer);
  return true;
}

}  // namespace tp::platform
