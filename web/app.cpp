// app.cpp — the frame: the top bar, the notice bar, the inputs on the left and the current view on the
// right (on a narrow screen one of the two at a time, phone.cpp), the status line; then, when anything changed, the
// plans follow (background.h) and the link is written (link_sync.h). Also Init (the state to open on) and the script
// hooks behind window.trainplan.
#include "app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "i18n.h"
#include "imgui.h"
#include "imgui_internal.h"  // GetActiveID for stats()
#include "json.h"
#include "link_sync.h"
#include "page_text.h"
#include "platform.h"
#include "views.h"
#include "widgets.h"

namespace tp::ui {
namespace {

// The notice bar: issues of the last link that have no field of their own. They stay until dismissed or
// the next edit (a box vanishing on a timer would move everything under the pointer), and are worded in
// the current language each frame.
void NoticeBar(AppState& app) {
  if (app.notices.empty()) return;
  ImVec4 tint = ColV(app, Hue::Gradients);
  tint.w = 0.15f;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, tint);
  // Each notice wraps (a phone is narrower than most of them); the bar shows up to four lines, then scrolls.
  const float text_w =
      ImGui::GetContentRegionAvail().x - ImGui::GetFrameHeight() - ImGui::GetStyle().WindowPadding.x * 2 - 8;
  size_t lines = 0;
  for (const ConfigIssue& is : app.notices) lines += WrapLines(FormatIssue(is, LangOf(app)), text_w).size();
  float h = ImGui::GetTextLineHeightWithSpacing() * (float)std::min<size_t>(lines, 4) + 12;
  ImGui::BeginChild("notices", ImVec2(0, h), ImGuiChildFlags_Borders | ImGuiChildFlags_NavFlattened);
  float close_x = ImGui::GetContentRegionAvail().x - ImGui::GetFrameHeight();
  bool dismiss = false;
  for (size_t i = 0; i < app.notices.size(); ++i) {
    const ImVec2 top = ImGui::GetCursorPos();
    Paragraph(FormatIssue(app.notices[i], LangOf(app)), ImVec4(0, 0, 0, 0), text_w);
    if (i == 0) {
      const ImVec2 after = ImGui::GetCursorPos();
      ImGui::SetCursorPos(ImVec2(close_x, top.y));
      dismiss = ImGui::SmallButton("×");
      if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip)) ImGui::SetTooltip("%s", Tr("Dismiss"));
      Record(app, "notices_close");
      // Back under the first notice for the next one; after the last, the cursor stays by the button (Dear ImGui
      // asserts on a cursor moved past the content with no item after it to grow the window).
      if (i + 1 < app.notices.size()) ImGui::SetCursorPos(after);
    }
  }
  ImGui::EndChild();
  ImGui::PopStyleColor();
  if (dismiss) app.notices.clear();
}

std::string WidgetsJson(const AppState& a) {
  std::string s = "{";
  for (const auto& w : a.widgets) {
    // The names are the code's own, and the charts' tick and point labels (their text): escaped.
    char buf[96];
    std::snprintf(buf, sizeof buf, ":[%.1f,%.1f,%.1f,%.1f]", w.x0, w.y0, w.x1, w.y1);
    if (s.size() > 1) s += ',';
    s.append(JsonEscape(w.name)).append(buf);
  }
  return s + "}";
}

// The keyboard's focus (Dear ImGui's nav cursor) after the last frame: the registered widget it is on
// ("" when none matches), its rectangle, and whether its ring is drawn (after a key, until a click).
std::string FocusJson(const AppState& app) {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  ImRect r;
  std::string name;
  if (g.NavId && g.NavWindow) {
    r = ImGui::WindowRectRelToAbs(g.NavWindow, g.NavWindow->NavRectRel[g.NavLayer]);
    // The widget recorded with the nav item's own rectangle, else the smallest one holding its centre.
    float best = 1e30f;
    bool exact = false;
    const ImVec2 c = r.GetCenter();
    for (const auto& w : app.widgets) {
      const bool same = std::abs(w.x0 - r.Min.x) < 1.5f && std::abs(w.y0 - r.Min.y) < 1.5f &&
                        std::abs(w.x1 - r.Max.x) < 1.5f && std::abs(w.y1 - r.Max.y) < 1.5f;
      const bool holds = c.x >= w.x0 && c.x <= w.x1 && c.y >= w.y0 && c.y <= w.y1;
      const float area = (w.x1 - w.x0) * (w.y1 - w.y0);
      if (same && !exact)
        name = w.name, exact = true;
      else if (!exact && holds && area < best)
        name = w.name, best = area;
    }
  }
  char buf[160];
  std::snprintf(buf, sizeof buf, "\"focus_rect\":[%.1f,%.1f,%.1f,%.1f],\"focus_ring\":%s,\"focus\":", r.Min.x, r.Min.y,
                r.Max.x, r.Max.y, g.NavId && g.NavCursorVisible ? "true" : "false");
  return buf + JsonEscape(name);
}

// The tooltip of the last frame, if one is shown: its rectangle, "null" otherwise.
std::string TooltipJson() {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  for (const ImGuiWindow* w : g.Windows)
    if ((w->Flags & ImGuiWindowFlags_Tooltip) && w->Active) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "[%.1f,%.1f,%.1f,%.1f]", w->Pos.x, w->Pos.y, w->Pos.x + w->Size.x,
                    w->Pos.y + w->Size.y);
      return buf;
    }
  return "null";
}

std::string StatsJson(AppState& app) {
  AppState::Times& t = app.times;
  char buf[480];
  std::snprintf(buf, sizeof buf,
                "{\"frame_ms_last\":%.3f,\"frame_ms_max\":%.3f,\"ui_ms_max\":%.3f,\"edit_ms_max\":%.3f,"
                "\"step_ms_max\":%.3f,"
                "\"replan_ms_last\":%.3f,\"frames\":%d,"
                "\"active_id\":%u,\"mouse\":[%.0f,%.0f],\"lang\":\"%s\",\"cjk_font\":%s,\"busy\":%s}",
                t.frame_ms_last, t.frame_ms_max, t.ui_ms_max, t.edit_ms_max, t.slice_step_ms_max, t.replan_ms_last,
                t.frames, (unsigned)ImGui::GetActiveID(), ImGui::GetIO().MousePos.x, ImGui::GetIO().MousePos.y,
                LangCode(LangOf(app)), app.cjk_font_ready ? "true" : "false", Busy(app) ? "true" : "false");
  t.frame_ms_max = t.ui_ms_max = t.edit_ms_max = t.slice_step_ms_max = 0;  // maxima since the last call
  // The status line's feedback while it is shown ("" otherwise), and whether it reports a failure.
  std::string out = buf;
  out.pop_back();
  const bool shown = Now() < app.status_until;
  return out + ",\"status\":" + JsonEscape(shown ? app.status : std::string()) +
         ",\"status_bad\":" + (shown && app.status_bad ? "true" : "false") + ",\"tooltip\":" + TooltipJson() + "," +
         FocusJson(app) + "}";
}

// window.trainplan: plan() and compare() finish what they report at once (only scripts wait for this; the
// page itself never does), setLink() loads a link as its own history entry.
void InstallScriptHooks(AppState& app) {
  platform::ScriptHooks hooks;
  hooks.user = &app;
  hooks.plan_json = [](void* u) {
    AppState& a = *static_cast<AppState*>(u);
    FinishMainPlan(a);
    return PlanToJson(a.main.out);  // `trainplan plan --link <this page's link> --format json`
  };
  hooks.compare_json = [](void* u) {
    AppState& a = *static_cast<AppState*>(u);
    FinishColumns(a);
    std::vector<PlanOutput> outs;
    for (const PlanTask& column : a.bg.columns) outs.push_back(column.out);
    return FormatComparison(outs, Format::Json);  // `trainplan compare --link <this page's link> --format json`
  };
  hooks.set_link = [](void* u, const std::string& f) {
    AppState& a = *static_cast<AppState*>(u);
    LoadLinkInto(a, f, /*plan_now=*/false, /*keep_language=*/false);  // plan() finishes it if asked first
    a.link_item = 0;
    WriteLink(a, /*push=*/true);  // a loaded link is a discrete navigation: its own history entry
  };
  hooks.widgets_json = [](void* u) { return WidgetsJson(*static_cast<const AppState*>(u)); };
  hooks.stats_json = [](void* u) { return StatsJson(*static_cast<AppState*>(u)); };
  hooks.search_status_json = [](void* u) { return SearchStatusJson(static_cast<const AppState*>(u)->bg); };
  hooks.search_json = [](void* u) -> std::string {
    // `trainplan search --link <this page's link> --top 20 --gpu-types <all> --objective <the view's>`, once
    // the view's search is done (null before).
    const AppState& a = *static_cast<const AppState*>(u);
    const Background& bg = a.bg;
    if (!bg.search_started || !bg.search.Done()) return "null";
    return FormatSearch(a.main.out, bg.search.RankedBy(bg.search_options.objective), Format::Json,
                        bg.search_options.objective);
  };
  hooks.explain_json = [](void* u) { return ExplainJson(*static_cast<AppState*>(u)); };
  hooks.explain_panel_json = [](void* u) { return ExplainPanelJson(*static_cast<const AppState*>(u)); };
  hooks.drawn_text_json = [](void* u) {
    AppState& a = *static_cast<AppState*>(u);
    a.capture_text = true;
    return "{\"first\":" + JsonEscape(a.first_frame_text) + ",\"last\":" + JsonEscape(a.drawn_text) + "}";
  };
  platform::SetScriptHooks(hooks);
}

}  // namespace

void Init(AppState& app, const InitOptions& options) {
  const std::string link = platform::InitialLink();
  app.persist = options.save_state;
  std::string saved, saved_theme;
  SplitSavedState(options.use_saved_state ? platform::LoadState() : std::string(), &saved, &saved_theme);
  app.dark = options.theme == "dark" || (options.theme != "light" && saved_theme == "dark");
  ApplyTheme(app.dark);
  // Keyboard-only use (#33): Tab moves through every widget (not only the text fields), Space and Enter
  // operate it, arrows move within lists; the focus ring shows once a key is used, a click hides it.
  ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  // Language: a --lang option, else the one remembered with the last state, else on a first visit the
  // browser's (natively the locale); a link that names `lang` over all of them.
  app.cfg.lang = ViewerLanguage(options.lang, saved, platform::PreferredLanguage());
  // The first plan is searched in slices over the first frames (as after an edit), so the first frame is
  // drawn without waiting for it; window.trainplan.plan() finishes it at once if a script asks first.
  // First visit: open on the articles' question, 70B on RTX 4090 vs A100 vs H100 (the default columns).
  const std::string open = !link.empty() && link != "#" ? link : !saved.empty() ? saved : "#v=1&view=compare";
  LoadLinkInto(app, open, /*plan_now=*/false, /*keep_language=*/true);
  for (int v = 0; v < (int)std::size(kViewNames); ++v)
    if (options.view == kViewNames[v]) app.cfg.view = v;
  SyncTasks(app);
  WriteLink(app, /*push=*/false);  // an opened link becomes the state to restore next time
  InstallScriptHooks(app);
}

void Export(AppState& app, Format format) { ExportView(app, format); }

void PlanAfterEdit(AppState& app) { SyncTasks(app); }

void Save(const AppState& app) {
  if (!app.persist) return;  // screenshots neither read nor overwrite the user's state
  platform::SaveState(SavedState(app));
}

void ClearColor(const AppState&, float rgba[4]) {
  ImVec4 c = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  rgba[0] = c.x, rgba[1] = c.y, rgba[2] = c.z, rgba[3] = 1;
}

bool Busy(const AppState& app) { return app.link_pending || BackgroundBusy(app); }
bool WantsFrames(const AppState& app) { return Busy(app) || Now() < app.status_until; }

// Touch screens (issue #20): a finger has no wheel and the scrollbars are a few pixels wide, so a drag that
// starts on no widget scrolls the innermost scrollable panel under it, as a web page does. SDL turns a
// touch into the left button; a mouse drag over empty space does the same, harmlessly (with the panels
// fixed, nothing else uses it). Clicks are untouched: scrolling starts past ImGui's drag threshold.
void DragToScroll(AppState& app) {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  const ImGuiIO& io = ImGui::GetIO();
  if (io.MouseClicked[0]) {
    app.drag_scroll_window = nullptr;
    if (!ImGui::IsAnyItemHovered() && !ImGui::IsAnyItemActive())
      for (ImGuiWindow* w = g.HoveredWindow; w; w = w->ParentWindow)
        if (w->ScrollMax.y > 0) {
          app.drag_scroll_window = w;
          break;
        }
  }
  if (!io.MouseDown[0]) app.drag_scroll_window = nullptr;
  auto* w = static_cast<ImGuiWindow*>(app.drag_scroll_window);
  if (w && ImGui::IsMouseDragging(ImGuiMouseButton_Left) && io.MouseDelta.y != 0)
    ImGui::SetScrollY(w, std::clamp(w->Scroll.y - io.MouseDelta.y, 0.0f, w->ScrollMax.y));
}

void DrawUi(AppState& app) {
  double frame_start = Now();
  // Navigation (back/forward, an edited address, window.trainplan.setLink) replaces the whole state.
  std::string nav;
  if (platform::TakeLinkChange(nav)) {
    LoadLinkInto(app, nav, /*plan_now=*/false, /*keep_language=*/false);
    app.link_item = 0;
    // A field being typed in would write its live text back over the state navigated to (ImGui gives an
    // active InputText's own text priority over the buffer): leave it, and drop the text ImGui keeps to
    // hand back to a field in the frame after it is deactivated (1.92's InputTextDeactivateHook).
    ImGui::ClearActiveID();
    ImGui::GetCurrentContext()->InputTextDeactivatedState.ClearFreeMemory();
    // The state navigated to is the one a return visit opens on (issue #20), and the link shown below.
    app.link = CurrentLink(app);
    Save(app);
  }
  SetLanguage(LangOf(app));  // Tr() below speaks the configuration's language
  ClipboardFeedback(app);
  DragToScroll(app);
  app.widgets_building.clear();
  app.text_fields_building.clear();

  // The words of the first frame, and of a frame a script asked for (drawnText): Dear ImGui's log of the page's
  // window. The log belongs to the window current when it starts (the frame's implicit one), so End of the page's
  // window does not finish it: it is read and finished there by hand, before the "why?" panel draws.
  const bool capture = app.times.frames == 0 || app.capture_text;
  if (capture) ImGui::LogToBuffer(0);
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  // No background of its own: the frame is cleared to the same colour (ClearColor), and under software
  // WebGL every full-window quad costs milliseconds.
  ImGui::Begin("TrainPlan", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoBackground);
  const Config before = app.cfg;
  // A clipboard answer or a dropped file for the config.json import: an edit of the model like a typed one.
  bool imported = TakeImports(app);
  bool changed = TopBar(app);
  NoticeBar(app);

  // The status line: the link on one line, or the last action's feedback wrapped (a phone is narrow).
  const bool feedback = Now() < app.status_until;
  const float status_w = ImGui::GetContentRegionAvail().x;
  const size_t status_lines = feedback ? WrapLines(app.status, status_w).size() : 1;
  float status_h = ImGui::GetTextLineHeightWithSpacing() * (float)status_lines + 4;
  bool input_changed = imported;
  auto results = [&] {
    switch (ViewOf(app)) {
      case View::Plan: changed |= PlanView(app); break;
      case View::Compare: changed |= CompareView(app); break;
      case View::Search: changed |= SearchView(app); break;
    }
  };
  if (NarrowScreen()) {
    // Narrow screens (phones, split windows): the results or the inputs, one scrolling column (phone.cpp).
    input_changed |= NarrowColumn(app, status_h, results);
  } else {
    const float left_w = InputsPanelWidth(ImGui::GetContentRegionAvail().x);
    // NavFlattened: the panels share the page's keyboard focus scope, so Tab goes on from the top bar
    // through the inputs to the results (a child window of its own would keep Tab inside it).
    ImGui::BeginChild("inputs", ImVec2(left_w, -status_h), ImGuiChildFlags_Borders | ImGuiChildFlags_NavFlattened);
    input_changed |= DrawInputs(app);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("results", ImVec2(0, -status_h), ImGuiChildFlags_Borders | ImGuiChildFlags_NavFlattened);
    results();
    ImGui::EndChild();
  }
  // Status line: the link (what Copy link copies) or the last action's feedback.
  if (feedback)
    Paragraph(app.status, ColV(app, app.status_bad ? Hue::Bad : Hue::Accent), status_w);
  else
    ImGui::TextDisabled("%s", Elide(app.link, status_w).c_str());
  Record(app, "status");
  ImGui::End();
  if (capture) {
    (app.times.frames == 0 ? app.first_frame_text : app.drawn_text) = ImGui::GetCurrentContext()->LogBuffer.c_str();
    ImGui::LogFinish();  // clears the buffer and stops unclipping items for the log
    app.capture_text = false;
  }
  ExplainWindow(app);  // over the page, while a "why?" is open

  if (input_changed || changed) {
    FollowCalibration(app, before);               // a measurement stays with the configuration it was measured on
    if (input_changed) app.notices.clear();       // about the link; the inputs moved on
    if (input_changed) app.reveal_error = false;  // never scroll away from the field being edited
    double t_edit = Now();
    SyncTasks(app);
    // Another view or language is a discrete navigation (its own history entry), like a loaded link.
    Commit(app, /*force_push=*/app.cfg.view != before.view || app.cfg.lang != before.lang);
    app.times.edit_ms_max = std::max(app.times.edit_ms_max, (Now() - t_edit) * 1e3);
  }
  FlushLinkWhenDue(app);
  app.times.ui_ms_max = std::max(app.times.ui_ms_max, (Now() - frame_start) * 1e3);
  BackgroundWork(app, frame_start);
  PublishPageTextWhenChanged(app);  // the DOM's text follows a plan that landed or a view changed (page_text.h)
  app.widgets.swap(app.widgets_building);
  app.text_fields.swap(app.text_fields_building);
  ReportTextInput(app);  // the phone's keyboard follows the text field being typed in
  app.times.frame_ms_last = (Now() - frame_start) * 1e3;
  app.times.frame_ms_max = std::max(app.times.frame_ms_max, app.times.frame_ms_last);
  ++app.times.frames;
}

}  // namespace tp::ui
