// launch_menu.h — launch configs in the page and the window (issue #31): Export ▸ Launch config (each
// framework's file, downloaded or copied) and the import of a framework's config pasted into, or dropped on,
// the config.json box. The work is core/launch's (web/launch_service.h); this is its menu and its status line.
#pragma once
#include <string>

namespace tp::ui {

struct AppState;

// The submenu of the Export popup: one entry per framework, each with Download and Copy.
void LaunchConfigMenu(AppState& app);
// `text` read as a launch config when it is one: true (with *changed when the configuration took it), false
// when it is not one (a Hugging Face config.json goes on to its own import).
bool ImportLaunchText(AppState& app, const std::string& text, bool* changed);
// The answer of the last export or import, once it is in (each frame: the page's arrives a few frames later):
// true when an import changed the configuration.
bool PollLaunch(AppState& app);

}  // namespace tp::ui
