// link_sync.cpp — the share link and the saved state (link_sync.h): core's ApplyLink in, core's FormatLink
// out, and the history bookkeeping between them (push for a new edit, replace while the same input is
// still being edited, written once typing pauses).
#include "link_sync.h"

#include "app.h"
#include "i18n.h"
#include "imgui.h"
#include "imgui_internal.h"  // GetActiveID: which input an edit came from (history push vs replace)
#include "inputs.h"
#include "platform.h"
#include "views.h"

namespace tp::ui {

void LoadLinkInto(AppState& app, const std::string& fragment, bool plan_now, bool keep_language) {
  app.link_pending = false;  // the browser moved to another entry: a pending replacement is of the old one
  // A fresh configuration: keys the link does not name take their defaults. Its language is English
  // (links are written without lang=en) unless the app is opening, when the viewer's stays: either way a
  // link that names lang sets it.
  Config cfg;
  if (keep_language) cfg.lang = app.cfg.lang;
  std::vector<ConfigIssue> issues;
  ApplyLink(cfg, fragment, issues);
  const Config before = std::move(app.cfg);
  app.cfg = std::move(cfg);
  ForgetReadingIfMoved(app, before);
  SetLanguage(LangOf(app));
  app.notices.clear();
  app.link_issues.clear();
  app.inputs.typed.clear();  // values typed over the previous state
  app.inputs.typed_issues.clear();
  app.reveal_error = true;
  // A bad value of a key with a field shows next to that field (issue #9); the rest (unknown keys, a
  // newer link version, keys with no field such as view or cmp) in the notice bar.
  for (ConfigIssue& is : issues) (HasField(is.key) ? app.link_issues : app.notices).push_back(std::move(is));
  SyncTasks(app);
  if (plan_now) FinishMainPlan(app);
}

void LoadLink(AppState& app, const std::string& fragment, bool keep_language) {
  LoadLinkInto(app, fragment, /*plan_now=*/true, keep_language);
}

std::string CurrentLink(const AppState& app) { return FormatLink(app.cfg); }

void WriteLink(AppState& app, bool push) {
  app.link = CurrentLink(app);
  app.link_pending = false;
  platform::SetLink(app.link, push);
  Save(app);
}

void FlushLinkWhenDue(AppState& app) {
  if (app.link_pending && (ImGui::GetActiveID() != app.link_item || Now() >= app.link_due))
    WriteLink(app, /*push=*/false);
}

void Commit(AppState& app, bool force_push) {
  constexpr double kLinkDelay = 0.3;  // seconds
  ImGuiID active = ImGui::GetCurrentContext() ? ImGui::GetActiveID() : 0;
  bool push = force_push || active == 0 || active != app.link_item;
  app.link_item = active;
  if (!push) {
    app.link = CurrentLink(app);
    app.link_pending = true;
    app.link_due = Now() + kLinkDelay;
    return;
  }
  if (app.link_pending) {  // the previous input's last state completes its own history entry first
    platform::SetLink(app.link, /*push=*/false);
  }
  WriteLink(app, /*push=*/true);
}

std::string SavedState(const AppState& app) { return CurrentLink(app) + (app.dark ? "|dark" : "|light"); }

void SplitSavedState(const std::string& saved, std::string* link, std::string* theme) {
  const size_t bar = saved.find('|');
  *link = saved.substr(0, bar);
  *theme = bar == std::string::npos ? std::string() : saved.substr(bar + 1);
}

std::string ViewerLanguage(const std::string& option, const std::string& saved_link, const std::string& preferred) {
  if (option == "zh" || option == "en") return option;
  if (!saved_link.empty()) {
    Config saved;  // the saved state's own lang (absent: English), read by the one parser
    std::vector<ConfigIssue> ignored;
    ApplyLink(saved, saved_link, ignored);
    return saved.lang;
  }
  return LangCode(ParseLang(preferred));
}

}  // namespace tp::ui
