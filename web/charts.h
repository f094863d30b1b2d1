// charts.h — the planner's charts, drawn with ImGui's draw lists (no plot library for Dear ImGui, such as
// ImPlot, is packaged in Debian or npm): a horizontal stacked bar against a capacity line, a line chart
// with two y axes, and a scatter plot. Each has axes with units, a legend and values on hover.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "figures.h"
#include "imgui.h"

namespace tp::ui {

struct AppState;
using Formatter = std::string (*)(double);

struct Segment {
  std::string label;
  double value = 0;
  ImU32 color = 0;
  std::string detail;         // extra hover text (what it is, its formula's source)
  std::optional<Figure> why;  // the figure its legend's "why?" opens (explain_panel.h); none = no "why?"
};

// One bar of `segments` laid end to end, scaled so that max(total, capacity) fits. A vertical line marks
// `capacity` (and a dashed one `usable`, when > 0). Legend underneath with each value.
// `note`: more lines for the bar's hover (the memory bar's allocated / reserved / nvidia-smi figures).
// A segment with `why` gets a "why?" after its legend entry (once per node, however many segments name it).
void StackedBar(AppState& app, const char* id, const std::vector<Segment>& segments, double capacity, double usable,
                Formatter fmt, const char* capacity_label, float height, const std::string& note = {});

struct Series {
  std::string name;
  ImU32 color = 0;
  std::vector<double> x, y;
  std::vector<bool> ok;  // false: drawn hollow (e.g. does not fit)
  bool right_axis = false;
};

struct LineChartSpec {
  const char* x_label = "";
  const char* left_label = "";
  const char* right_label = "";
  Formatter fmt_x = nullptr, fmt_left = nullptr, fmt_right = nullptr;
  bool x_log2 = true;
  bool y_log = false;   // left axis in decades (1-2-5 ticks)
  double marker_x = 0;  // a vertical marker (the current GPU count), 0 = none
};
void LineChart(AppState& app, const char* id, ImVec2 size, const std::vector<Series>& series,
               const LineChartSpec& spec);

struct ScatterPoint {
  std::string label;
  double x = 0, y = 0;
  ImU32 color = 0;
  bool ok = true;           // false: hollow
  bool highlight = false;   // on the front / selected: larger, joined by a line
  bool show_label = false;  // write the label next to the point (once per label, never overlapping)
  bool selected = false;    // the configuration's own: ringed, and its label is placed first (always shown)
  std::string detail;
};
struct ScatterSpec {
  const char* x_label = "";
  const char* y_label = "";
  Formatter fmt_x = nullptr, fmt_y = nullptr;
  bool log_x = true, log_y = true;
  bool connect_highlighted = true;  // draw the front as a line
};
// Returns the index of a clicked point, or -1.
int Scatter(AppState& app, const char* id, ImVec2 size, const std::vector<ScatterPoint>& points,
            const ScatterSpec& spec);

void LegendSwatch(ImU32 color);  // a small filled square aligned with text, then SameLine

}  // namespace tp::ui
