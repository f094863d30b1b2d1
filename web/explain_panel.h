// explain_panel.h — "why?" beside the plan's headline numbers, and the panel it opens: that number's tree
// of formulas as core builds it (core/report/explain.h, the same tree `trainplan explain` prints), each line with
// its label, value and unit, and when opened its formula, the formula with the plan's values in place of
// the names, its source and its inputs, the user's own keys marked as theirs. The tree is built when the
// panel opens and again only when the plan changes; nothing is drawn or built while the panel is closed.
#pragma once
#include <string>
#include <vector>

#include "config.h"
#include "explain.h"
#include "figures.h"

namespace tp::ui {

struct AppState;

struct ExplainState {
  std::string open;        // the figure id the panel explains ("days", "memory_total_bytes"); "" = closed
  bool appearing = false;  // opened in this frame: place the window on screen and focus it
  Explanation tree;        // of the main plan as planned for `built_for`
  Config built_for;        // the resolved configuration the tree was built for (a plan depends only on it)
  bool built = false;
  int builds = 0;    // trees built so far: the tests check it follows the plan, not the frames
  std::string band;  // the open figure's band and its basis as drawn ("" when it has none)

  // What the panel drew in the last frame, line by line (window.trainplan.explainPanel(), the tests).
  struct Row {
    std::string name, line, label, text, formula, substituted, source, key;  // line: as drawn
    double value = 0;
    int depth = 0;
    bool expanded = false;  // its formula, source and inputs are shown
  };
  std::vector<Row> rows, rows_building;
};

// A small "why?" after the last item (on the same line when it fits): opens the panel on the figure's node of
// core's explanation (its id in core/report/figures.h: "days", "weights_bytes"). Registered as "why_<id>".
void WhyButton(AppState& app, Figure figure);
// The panel, while one is open: a window over the page sized to the screen (a phone's too). Called once per
// frame after the page's own window.
void ExplainWindow(AppState& app);

// window.trainplan.explain(): `trainplan explain --link <the page's link> --format json` ("null" when the plan
// has no numbers).
std::string ExplainJson(AppState& app);
// window.trainplan.explainPanel(): {"open": name, "lang": .., "rows": [...]}, the lines the panel drew.
std::string ExplainPanelJson(const AppState& app);

}  // namespace tp::ui
