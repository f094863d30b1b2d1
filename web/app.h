// app.h — the planner's UI state and its one per-frame function. AppState is one plain struct: the
// configuration being edited (core's Config, the same keys as the share link), the plan computed from it,
// and UI-only state (view, theme, compare scenarios, search progress). DrawUi edits fields in place and
// recomputes the plan only when an input changed.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "i18n_core.h"
#include "planner.h"
#include "report.h"
#include "search.h"

struct ImFont;

namespace tp::ui {

enum class View { Plan, Compare, Search };

struct Fonts {
  ImFont* body = nullptr;
  ImFont* bold = nullptr;
  ImFont* big = nullptr;
  ImFont* small = nullptr;
};

// One column of the compare view: the main configuration with a few keys overridden.
struct Scenario {
  std::string overrides;  // "gpu:h100,gpus:128" (the link's `cmp` spelling)
  Config cfg;
  PlanOutput out;
  bool stale = true;         // recomputed in the background, a slice per frame
  bool has_result = false;   // `out` holds a plan (possibly of earlier inputs, while stale)
};

// The best layout of one GPU type and count, found by a background search: a point of the scaling chart
// (throughput and cost as the GPU count grows) or of the search view's front (time vs cost per GPU type).
struct BestPoint {
  std::string gpu;
  int gpus = 0;
  bool fits = false;
  double tokens_per_s = 0, days = 0, cost_usd = 0, mfu = 0;
};

struct AppState {
  static constexpr int kVersion = 1;  // of the saved state and the link's UI keys (view, cmp)

  Config cfg;
  PlanOutput out;
  std::string link;          // FormatLink(cfg) + UI keys: the fragment that reproduces this screen
  std::string plan_json;     // PlanToJson(out), cached for window.trainplan.plan()
  std::vector<std::string> notices;  // from the last link load: bad keys, newer version, ...
  std::vector<ConfigIssue> hf_issues;  // the last config.json import's errors and notes, shown under its box
  // The last link's bad values of keys that have a field (the field kept its default): passed to the
  // planner so they join the plan's issues and show next to their field until it is edited (issue #9).
  std::vector<ConfigIssue> link_issues;
  // Changes whenever the set of keys with errors does: an input section holding a new error opens once.
  int issue_serial = 0;
  std::string issue_keys;
  std::map<std::string, int> section_opened;  // section title -> issue_serial it was last opened for
  bool reveal_error = false;  // a link was loaded: scroll the inputs to its first error once it is drawn

  View view = View::Plan;
  bool dark = false;
  Lang lang = Lang::En;      // English / 简体中文: the link's `lang` key (a UI key: the plan is the same)
  bool cjk_font_ready = false;  // the font atlas holds the Chinese glyphs (set by main.cpp; stats())
  bool persist = true;       // save the state between runs (off for --screenshot)
  Fonts fonts;

  std::vector<Scenario> scenarios;  // compare view, 2-4

  std::vector<BestPoint> scaling;  // scaling chart (Plan view)
  size_t scaling_next = 0;

  // The main plan after an edit: its layout search runs in slices (see ReplanSoon in app.cpp).
  LayoutSearch main_search;
  bool main_pending = false;
  bool has_plan = false;      // false until the first plan lands: the plan view says "Planning…"
  double main_t0 = 0;

  // Background: one sliced search at a time for the scaling chart, the front and compare columns.
  LayoutSearch bg_search;
  Config bg_cfg;
  int bg_kind = 0, bg_index = -1;
  bool bg_active = false;

  // Search view
  LayoutSearch search;
  SearchOptions search_options;
  bool search_running = false, search_started = false;
  std::vector<BestPoint> front;
  size_t front_next = 0;

  // Link bookkeeping: the first edit of an input pushes a history entry, further edits of the same input
  // (typing, dragging) replace it, so Back returns to the state before that input was touched. Those
  // replacements (and the saved state) wait until the input is left or typing pauses: a keystroke never
  // waits on the browser's history and storage.
  unsigned int link_item = 0;
  bool link_pending = false;     // app.link not yet written (replaceState + saved state)
  double link_due = 0;           // Now() after which a pending write goes out even while still typing
  std::string status;        // one-line feedback ("Link copied", "Saved trainplan-plan.md")
  double status_until = 0;

  // Test hooks: screen rectangles of named inputs (window.trainplan.widgets()).
  struct WidgetRect {
    std::string name;
    float x0, y0, x1, y1;
  };
  std::vector<WidgetRect> widgets;
  std::vector<WidgetRect> widgets_building;

  // CPU time per frame (UI + background work) and of the last re-plan, ms: window.trainplan.stats().
  double frame_ms_last = 0, frame_ms_max = 0, replan_ms_last = 0;
  double ui_ms_max = 0, edit_ms_max = 0;  // of the frame before its background slice; of an edit's re-plan + link
  double slice_step_ms_max = 0;           // the longest single step of background work (a search step + finish)
  int frames = 0;
};

struct InitOptions {
  std::string view;   // "plan", "compare", "search" or "" (from the link or saved state)
  std::string theme;  // "light", "dark" or ""
  std::string lang;   // "en", "zh" or "" (the link, the saved state or the browser's language decides)
  bool use_saved_state = true;  // without a link, restore the last state
  bool save_state = true;       // save the state as it changes
};

void Init(AppState& app, const InitOptions& options);
void DrawUi(AppState& app);
void ClearColor(const AppState& app, float rgba[4]);
bool Busy(const AppState& app);  // background work (search, charts) still filling in
void Save(const AppState& app);

// The inputs in app.cfg changed: re-plan the way an edit does (the main plan's search in slices over the
// next frames of DrawUi; app.main_pending until it lands).
void PlanAfterEdit(AppState& app);

// Offer the current view as a file (Markdown, CSV or JSON): what the Export menu does.
void Export(AppState& app, Format format);

// Loading and producing the fragment (also used by tests through the platform hooks).
// A link without `lang` means English (what CurrentLink writes), except when the app opens on it
// (keep_language: the viewer's remembered or browser language stays).
void LoadLink(AppState& app, const std::string& fragment, bool keep_language = false);
std::string CurrentLink(const AppState& app);

}  // namespace tp::ui
