// launch_service.h — the launch-config work behind the page's menu and import box (issue #31), as text in
// and text out, so that the page can run it in a module of its own: launch.js + launch.wasm (core/launch
// with yaml-cpp and toml++, and the planner), fetched the first time a launch config is exported or
// imported, keeping the page's first download within its budget (issue #19). The window and the tests call
// it directly (platform_native.cpp, platform_null.cpp); the page through launch_module.cpp.
//
// A request is "name=value" lines, an empty line, then a body:
//   op=export  format=<--to id>  lang=<en|zh>  base=<the page's address, to which the plan's fragment is added>
//              link=<the inputs' fragment>
//   op=import  format=<--to id>  lang=...  link=<the inputs' fragment>   body: the config's text
//              earlier=<format id>:<bytes>,... the files imported just before it over the same inputs, whose texts
//              start the body in that order: the plan of them all, as `trainplan plan --import a --import b` reads
//              them (the batch a script's accumulation sizes counts the GPUs a launcher file after it gives)
// An answer is "name=value" lines (ok=0|1; export: error=, note= lines; import: link= the inputs with the
// file's keys, pairs=, issue=<e|n>\t<key>\t<message> lines), an empty line, then a body (export: the file).
#pragma once
#include <string>

namespace tp::ui {

std::string LaunchServiceAnswer(const std::string& request);

}  // namespace tp::ui
