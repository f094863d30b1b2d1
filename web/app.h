// app.h — the planner's UI state and its one per-frame function. AppState is one plain struct: the
// configuration being edited (core's Config: every key of the share link, the page's view, its compare
// columns and the interface language included), the plans computed from it, and UI-only state (theme,
// link bookkeeping, input buffers, timings). DrawUi edits fields in place and plans again only when an
// input changed. The modules: link_sync (link and saved state), background (planning in slices),
// inputs (the left panel: fields from core's key table, catalog pickers), view_plan / view_compare /
// view_search, topbar (views, export, language), text_layout (wrapping in both languages), explain_panel
// (the "why?" panel), calibrate_panel (calibrating from the user's run).
#pragma once
#include <map>
#include <string>
#include <vector>

#include "background.h"
#include "calibrate_panel.h"
#include "explain_panel.h"
#include "i18n_core.h"
#include "inputs.h"
#include "planner.h"
#include "report.h"
#include "text_layout.h"

struct ImFont;

namespace tp::ui {

enum class View { Plan, Compare, Search };  // Config::view's values (kViewNames)

// A font and the size it is drawn at (Dear ImGui 1.92: a font has no size of its own; PushFace).
struct Face {
  ImFont* font = nullptr;
  float size = 0;
};
struct Fonts {
  Face body;  // text
  Face bold;  // headings, labels of results
  Face big;   // the verdict, the top bar's name (the bold font, larger)
};

struct AppState {
  static constexpr int kVersion = 1;  // of the saved state

  // The one source of truth: what the link says. The view (cfg.view), the compare columns (cfg.cmp) and
  // the language (cfg.lang; web/i18n's current language is set from it) are keys of it like any other.
  Config cfg;
  PlanTask main;  // the plan of cfg: main.out is what the plan view and the inputs show
  Background bg;  // compare columns, scaling chart, search view

  // Issues of the last link load. A bad value of a key with a field is passed to the planner, so it joins
  // the plan's issues and shows next to its field until edited (issue #9); the rest (unknown keys, a
  // value of a key without a field) stay in the notice bar until dismissed or the next edit.
  std::vector<ConfigIssue> link_issues;
  std::vector<ConfigIssue> notices;
  std::vector<ConfigIssue> hf_issues;  // the last config.json import's errors and notes, shown under its box
  // The framework files imported one after another with no input changed between them (an Accelerate config
  // dropped after the TRL script it launches): each new one is read with those before it over the inputs the first
  // met, as `trainplan plan --import a --import b` reads them (launch_menu.cpp, launch_service.h).
  struct ImportChain {
    std::string base_link;    // the inputs before the first file
    std::string result_link;  // the inputs the last import gave: another link starts a new chain
    std::vector<std::pair<std::string, std::string>> files;  // each file's launch format id and text
  } import_chain;
  // Changes whenever the set of keys with errors does: an input section holding a new error opens once.
  int issue_serial = 0;
  std::string issue_keys;
  std::map<std::string, int> section_opened;  // section title -> issue_serial it was last opened for
  // A drag that began on no widget scrolls this window (touch screens have no wheel; DragToScroll).
  void* drag_scroll_window = nullptr;
  bool reveal_error = false;  // a link was loaded: scroll the inputs to its first error once it is drawn

  InputsState inputs;        // picker rows and filter, the config.json box, the label column
  ExplainState explain;      // the "why?" panel: the number it explains, its tree (explain_panel.h)
  CalibrateState calibrate;  // the training-log paste box (calibrate_panel.h)

  bool dark = false;
  bool cjk_font_ready = false;  // the Chinese font is merged into the atlas (set by main.cpp; stats())
  bool persist = true;          // save the state between runs (off for --screenshot)
  Fonts fonts;

  // Link bookkeeping: the first edit of an input pushes a history entry, further edits of the same input
  // (typing, dragging) replace it, so Back returns to the state before that input was touched. Those
  // replacements (and the saved state) wait until the input is left or typing pauses: a keystroke never
  // waits on the browser's history and storage.
  std::string link;            // FormatLink(cfg) as last written or about to be written
  unsigned int link_item = 0;  // the ImGui item whose edits replace the current history entry
  bool link_pending = false;   // link not yet written (replaceState + saved state)
  double link_due = 0;         // Now() after which a pending write goes out even while still typing
  std::string status;          // one-line feedback ("Link copied", "Saved trainplan-plan.md")
  double status_until = 0;
  bool status_bad = false;  // the feedback is a failure (red): the browser refused the clipboard

  // The page's text (page_text.h) was last published for this configuration with these answers in.
  struct PublishedText {
    Config cfg;
    std::string answers;
    int published = 0;  // publications so far (the tests check they follow changes, not frames)
  } page_text;

  // Test hooks: screen rectangles of named inputs (window.trainplan.widgets()).
  struct WidgetRect {
    std::string name;
    float x0, y0, x1, y1;
  };
  std::vector<WidgetRect> widgets;
  std::vector<WidgetRect> widgets_building;
  // Text fields drawn in the last frame: where a tap opens the phone's keyboard (platform_web.cpp), and
  // what the clipped-text audit leaves out (a text field scrolls its contents).
  std::vector<Rect> text_fields;
  std::vector<Rect> text_fields_building;

  // CPU time per frame (UI + background work) and of the last re-plan, ms: window.trainplan.stats().
  struct Times {
    double frame_ms_last = 0, frame_ms_max = 0, replan_ms_last = 0;
    double ui_ms_max = 0, edit_ms_max = 0;  // of the frame before its background slice; of an edit's re-plan + link
    double slice_step_ms_max = 0;           // the longest single step of background work
    int frames = 0;
  } times;
  // The words a frame drew (Dear ImGui's log of the page's window): the first frame's, and the last captured
  // one's, for window.trainplan.drawnText(); capture_text asks for the next frame's.
  std::string first_frame_text, drawn_text;
  bool capture_text = false;
};

inline View ViewOf(const AppState& app) { return View(app.cfg.view); }
inline Lang LangOf(const AppState& app) { return ParseLang(app.cfg.lang); }

struct InitOptions {
  std::string view;             // "plan", "compare", "search" or "" (from the link or saved state)
  std::string theme;            // "light", "dark" or ""
  std::string lang;             // "en", "zh" or "" (the link, the saved state or the browser's language decides)
  bool use_saved_state = true;  // without a link, restore the last state
  bool save_state = true;       // save the state as it changes
};

void Init(AppState& app, const InitOptions& options);
void DrawUi(AppState& app);
void ClearColor(const AppState& app, float rgba[4]);
bool Busy(const AppState& app);  // background work (search, charts) still filling in
// Busy, or the status line's feedback still on its timer: the next frame must run even with no input (the
// page skips idle frames, platform.h KeepFrames).
bool WantsFrames(const AppState& app);
void Save(const AppState& app);

// The inputs in app.cfg changed: plan again the way an edit does (in slices over the next frames of
// DrawUi; app.main.Planning() until it lands).
void PlanAfterEdit(AppState& app);

// Offer the current view as a file (Markdown, CSV or JSON): what the Export menu does.
void Export(AppState& app, Format format);

// Loading and producing the fragment (also used by tests through the platform hooks).
// A link without `lang` means English (what CurrentLink writes), except when the app opens on it
// (keep_language: the viewer's remembered or browser language stays).
void LoadLink(AppState& app, const std::string& fragment, bool keep_language = false);
std::string CurrentLink(const AppState& app);  // FormatLink(app.cfg)

}  // namespace tp::ui
