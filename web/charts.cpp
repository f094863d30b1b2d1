// charts.cpp — stacked bar, line chart and scatter plot on ImGui draw lists (see charts.h). Axes use
// "nice" ticks (1, 2, 5 x 10^k) so gridlines land on round numbers; hover shows exact values.
#include "charts.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "app.h"
#include "explain_panel.h"
#include "i18n.h"
#include "imgui_internal.h"  // ImRect
#include "text_layout.h"
#include "views.h"
#include "widgets.h"

namespace tp::ui {
namespace {

double NiceStep(double range, int target_ticks) {
  if (!(range > 0)) return 1;
  double raw = range / target_ticks;
  double mag = std::pow(10.0, std::floor(std::log10(raw)));
  double f = raw / mag;
  double nice = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10;
  return nice * mag;
}

std::string Plain(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%g", v);
  return b;
}

void DashedVLine(ImDrawList* dl, float x, float y0, float y1, ImU32 col, float thick) {
  for (float y = y0; y < y1; y += 6) dl->AddLine(ImVec2(x, y), ImVec2(x, std::min(y + 3, y1)), col, thick);
}

}  // namespace

void LegendSwatch(ImU32 color) {
  float h = ImGui::GetTextLineHeight();
  ImVec2 p = ImGui::GetCursorScreenPos();
  float s = h * 0.7f;
  float off = (h - s) * 0.5f;
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + off), ImVec2(p.x + s, p.y + off + s), color, 2);
  ImGui::Dummy(ImVec2(s, h));
  ImGui::SameLine(0, 4);
}

void StackedBar(AppState& app, const char* id, const std::vector<Segment>& segs, double capacity, double usable,
                Formatter fmt, const char* capacity_label, float height, const std::string& note) {
  ImGui::PushID(id);
  double total = 0;
  for (const auto& s : segs) total += std::max(0.0, s.value);
  double scale_max = std::max(total, capacity) * 1.04;
  if (!(scale_max > 0)) scale_max = 1;
  float width = ImGui::GetContentRegionAvail().x;
  ImVec2 p0 = ImGui::GetCursorScreenPos();
  float label_h = ImGui::GetTextLineHeight();
  ImGui::InvisibleButton("bar", ImVec2(width, height + label_h + 4));
  bool hovered = ImGui::IsItemHovered();
  ImVec2 mouse = ImGui::GetIO().MousePos;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  float y0 = p0.y, y1 = p0.y + height;
  dl->AddRectFilled(ImVec2(p0.x, y0), ImVec2(p0.x + width, y1), Col(app, Hue::Grid, 0.35f), 3);
  double acc = 0;
  int hover_index = -1;
  for (size_t i = 0; i < segs.size(); ++i) {
    double v = std::max(0.0, segs[i].value);
    float xa = p0.x + (float)(acc / scale_max * width);
    float xb = p0.x + (float)((acc + v) / scale_max * width);
    acc += v;
    if (xb - xa < 0.5f) continue;
    dl->AddRectFilled(ImVec2(xa, y0), ImVec2(xb, y1), segs[i].color);
    if (xb - xa > 2) dl->AddLine(ImVec2(xb, y0), ImVec2(xb, y1), Col(app, Hue::Grid), 1);
    // Label inside the segment when there is room.
    ImVec2 ts = ImGui::CalcTextSize(segs[i].label.c_str());
    if (xb - xa > ts.x + 8)
      dl->AddText(ImVec2(xa + 4, y0 + (height - ts.y) * 0.5f), IM_COL32_WHITE, segs[i].label.c_str());
    if (hovered && mouse.x >= xa && mouse.x < xb && mouse.y >= y0 && mouse.y <= y1) hover_index = (int)i;
  }
  if (capacity > 0) {
    float xc = p0.x + (float)(capacity / scale_max * width);
    dl->AddLine(ImVec2(xc, y0 - 3), ImVec2(xc, y1 + 3), Col(app, Hue::Capacity), 2.0f);
    std::string cl = std::string(capacity_label) + " " + fmt(capacity);
    ImVec2 ts = ImGui::CalcTextSize(cl.c_str());
    float tx = std::min(xc - ts.x * 0.5f, p0.x + width - ts.x);
    dl->AddText(ImVec2(std::max(p0.x, tx), y1 + 3), Col(app, Hue::Muted), cl.c_str());
    if (usable > 0 && usable < capacity) {
      float xu = p0.x + (float)(usable / scale_max * width);
      DashedVLine(dl, xu, y0, y1, Col(app, Hue::Capacity, 0.6f), 1.0f);
    }
  }
  if (total > capacity && capacity > 0) {
    // The part beyond the capacity line is what does not fit: outline it in red.
    float xc = p0.x + (float)(capacity / scale_max * width);
    float xt = p0.x + (float)(total / scale_max * width);
    dl->AddRect(ImVec2(xc, y0), ImVec2(xt, y1), Col(app, Hue::Bad), 0, 0, 2.0f);
  }
  if (hover_index >= 0 || hovered) {
    const float w = TooltipWidth();
    ImGui::BeginTooltip();
    if (hover_index >= 0) {
      const Segment& s = segs[hover_index];
      Paragraph(
          Sprintf(Tr("%s: %s (%s of total)"), s.label.c_str(), fmt(s.value).c_str(), FmtPct(s.value / total).c_str()),
          ImVec4(0, 0, 0, 0), w);
      if (!s.detail.empty()) Paragraph(s.detail, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), w);
    } else {
      Paragraph(Sprintf(Tr("total %s of %s %s"), fmt(total).c_str(), capacity_label, fmt(capacity).c_str()),
                ImVec4(0, 0, 0, 0), w);
    }
    if (!note.empty()) Paragraph(note, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), w);
    ImGui::EndTooltip();
  }
  // Legend, wrapping onto new lines as the column narrows.
  float right_edge = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  bool first = true;
  std::vector<Figure> explained;
  for (size_t i = 0; i < segs.size(); ++i) {
    if (segs[i].value <= 0) continue;
    std::string item = segs[i].label + " " + fmt(segs[i].value);
    float w = ImGui::GetTextLineHeight() * 0.7f + 4 + ImGui::CalcTextSize(item.c_str()).x;
    if (!first && ImGui::GetItemRectMax().x + 14 + w <= right_edge) ImGui::SameLine(0, 14);
    first = false;
    LegendSwatch(segs[i].color);
    ImGui::TextUnformatted(item.c_str());
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip) && !segs[i].detail.empty()) Tooltip(segs[i].detail);
    const std::optional<Figure>& why = segs[i].why;
    if (why && std::find(explained.begin(), explained.end(), *why) == explained.end()) {
      WhyButton(app, *why);
      explained.push_back(*why);
    }
  }
  ImGui::PopID();
}

void LineChart(AppState& app, const char* id, ImVec2 size, const std::vector<Series>& series,
               const LineChartSpec& spec) {
  ImGui::PushID(id);
  ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("chart", size);
  bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  float lh = ImGui::GetTextLineHeight();
  float left_pad = ImGui::CalcTextSize("000.0 M").x + 10, right_pad = spec.fmt_right ? left_pad : 12;
  // The legend sits between the axes' titles on the top line, or on a line of its own when the chart is
  // too narrow for both (a phone).
  float legend_w = 0;
  for (const auto& s : series) legend_w += lh * 0.6f + 4 + ImGui::CalcTextSize(s.name.c_str()).x + 14;
  // A point where the plan does not fit is a red cross on the axis: the legend says so when there is one.
  bool no_fit = false;
  for (const auto& s : series)
    for (size_t i = 0; i < s.ok.size() && i < s.y.size(); ++i) no_fit |= !s.ok[i] && !std::isfinite(s.y[i]);
  const char* no_fit_words = Tr("does not fit in GPU memory");
  if (no_fit) legend_w += lh * 0.6f + 4 + ImGui::CalcTextSize(no_fit_words).x + 14;
  const float titles_w = ImGui::CalcTextSize(spec.left_label).x + ImGui::CalcTextSize(spec.right_label).x + 16;
  // On the top line the legend starts after the plot's left edge and after the left axis' title, whichever is
  // further right (the Chinese title, 每秒 token 数, is wider than the axis' numbers and ran into it).
  const float legend_x0 = std::max(left_pad + 10, ImGui::CalcTextSize(spec.left_label).x + 12);
  const bool legend_row =
      legend_x0 + legend_w + ImGui::CalcTextSize(spec.right_label).x + 8 > size.x || titles_w + legend_w > size.x;
  const float top = legend_row ? lh * 2 + 4 : lh;
  ImVec2 a(p0.x + left_pad, p0.y + top + 6), b(p0.x + size.x - right_pad, p0.y + size.y - lh * 2 - 6);
  if (b.x <= a.x || b.y <= a.y) {
    ImGui::PopID();
    return;
  }
  double xmin = 1e300, xmax = -1e300, lmax = 0, rmax = 0;
  for (const auto& s : series)
    for (size_t i = 0; i < s.x.size(); ++i) {
      xmin = std::min(xmin, s.x[i]);
      xmax = std::max(xmax, s.x[i]);
      if (std::isfinite(s.y[i])) (s.right_axis ? rmax : lmax) = std::max(s.right_axis ? rmax : lmax, s.y[i]);
    }
  if (xmin > xmax) {
    dl->AddText(ImVec2(a.x + 8, a.y + 8), Col(app, Hue::Muted), Tr("computing..."));
    ImGui::PopID();
    return;
  }
  if (xmax == xmin) xmax = xmin * 2;
  auto tx = [&](double x) {
    double t = spec.x_log2 ? (std::log2(x) - std::log2(xmin)) / (std::log2(xmax) - std::log2(xmin))
                           : (x - xmin) / (xmax - xmin);
    return a.x + (float)t * (b.x - a.x);
  };
  double lstep = NiceStep(lmax, 4), rstep = NiceStep(rmax, 4);
  double ltop = std::max(lstep, std::ceil(lmax / lstep) * lstep),
         rtop = std::max(rstep, std::ceil(rmax / rstep) * rstep);
  // Log left axis: whole decades around the data, so ideal linear scaling is a straight line.
  double lmin_pos = 1e300;
  for (const auto& s : series)
    if (!s.right_axis)
      for (double y : s.y)
        if (std::isfinite(y) && y > 0) lmin_pos = std::min(lmin_pos, y);
  bool ylog = spec.y_log && lmax > 0 && lmin_pos < 1e300;
  double dec_lo = ylog ? std::pow(10, std::floor(std::log10(lmin_pos))) : 0;
  double dec_hi = ylog ? std::pow(10, std::ceil(std::log10(lmax))) : 0;
  if (ylog && dec_hi <= dec_lo) dec_hi = dec_lo * 10;
  auto ty = [&](double y, bool right) {
    if (!right && ylog) {
      double t = (std::log10(std::max(y, dec_lo)) - std::log10(dec_lo)) / (std::log10(dec_hi) - std::log10(dec_lo));
      return b.y - (float)t * (b.y - a.y);
    }
    return b.y - (float)(y / (right ? rtop : ltop)) * (b.y - a.y);
  };
  // Grid and axes
  ImU32 grid = Col(app, Hue::Grid), muted = Col(app, Hue::Muted);
  std::vector<double> lticks;
  if (ylog) {
    int decades = (int)std::lround(std::log10(dec_hi / dec_lo));
    for (double d = dec_lo; d <= dec_hi * 1.0001; d *= 10)
      for (double m : {1.0, 2.0, 5.0})
        if (d * m <= dec_hi * 1.0001 && (m == 1.0 || decades <= 2)) lticks.push_back(d * m);
  } else {
    for (double y = 0; y <= ltop * 1.0001; y += lstep) lticks.push_back(y);
  }
  for (double y : lticks) {
    float py = ty(y, false);
    dl->AddLine(ImVec2(a.x, py), ImVec2(b.x, py), grid);
    std::string t = spec.fmt_left ? spec.fmt_left(y) : Plain(y);
    dl->AddText(ImVec2(std::max(p0.x, a.x - ImGui::CalcTextSize(t.c_str()).x - 6), py - lh * 0.5f), muted, t.c_str());
  }
  if (spec.fmt_right && rmax > 0)
    for (double y = 0; y <= rtop * 1.0001; y += rstep) {
      std::string t = spec.fmt_right(y);
      dl->AddText(ImVec2(b.x + 6, ty(y, true) - lh * 0.5f), muted, t.c_str());
    }
  // x ticks at each data x (GPU counts are powers of two)
  std::vector<double> xs;
  for (const auto& s : series) xs.insert(xs.end(), s.x.begin(), s.x.end());
  std::sort(xs.begin(), xs.end());
  xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
  float last_label_x = -1e9f;
  for (double x : xs) {
    float px = tx(x);
    dl->AddLine(ImVec2(px, b.y), ImVec2(px, b.y + 4), muted);
    // For the tests: where each x of the data is on the axis ("scaling_x_16384").
    app.widgets_building.push_back({std::string(id) + "_x_" + Plain(x), px - 3, a.y, px + 3, b.y});
    std::string t = spec.fmt_x ? spec.fmt_x(x) : Plain(x);
    float w = ImGui::CalcTextSize(t.c_str()).x;
    const float lx = std::clamp(px - w * 0.5f, p0.x, p0.x + size.x - w);
    if (lx > last_label_x + 6) {
      dl->AddText(ImVec2(lx, b.y + 5), muted, t.c_str());
      last_label_x = lx + w;
    }
  }
  dl->AddLine(ImVec2(a.x, b.y), ImVec2(b.x, b.y), muted);
  {
    float w = ImGui::CalcTextSize(spec.x_label).x;
    dl->AddText(ImVec2((a.x + b.x - w) * 0.5f, b.y + lh + 8), muted, spec.x_label);
  }
  dl->AddText(ImVec2(p0.x, p0.y), muted, spec.left_label);
  app.widgets_building.push_back(
      {std::string(id) + "_title_left", p0.x, p0.y, p0.x + ImGui::CalcTextSize(spec.left_label).x, p0.y + lh});
  if (spec.right_label && *spec.right_label) {
    float w = ImGui::CalcTextSize(spec.right_label).x;
    dl->AddText(ImVec2(p0.x + size.x - w, p0.y), muted, spec.right_label);
  }
  if (spec.marker_x > 0 && spec.marker_x >= xmin && spec.marker_x <= xmax) {
    float px = tx(spec.marker_x);
    DashedVLine(dl, px, a.y, b.y, Col(app, Hue::Accent, 0.7f), 1.0f);
  }
  // Series
  for (const auto& s : series) {
    for (size_t i = 0; i + 1 < s.x.size(); ++i) {
      if (!std::isfinite(s.y[i]) || !std::isfinite(s.y[i + 1])) continue;
      bool ok = s.ok.empty() || (s.ok[i] && s.ok[i + 1]);
      dl->AddLine(ImVec2(tx(s.x[i]), ty(s.y[i], s.right_axis)), ImVec2(tx(s.x[i + 1]), ty(s.y[i + 1], s.right_axis)),
                  ok ? s.color : (s.color & 0x60FFFFFF), 2.0f);
    }
    for (size_t i = 0; i < s.x.size(); ++i) {
      if (!std::isfinite(s.y[i])) {
        if (!s.ok.empty() && !s.ok[i]) {  // no value because it does not fit: a red cross on the axis
          float px = tx(s.x[i]), r = 4;
          dl->AddLine(ImVec2(px - r, b.y - r), ImVec2(px + r, b.y + r), Col(app, Hue::Bad), 2);
          dl->AddLine(ImVec2(px - r, b.y + r), ImVec2(px + r, b.y - r), Col(app, Hue::Bad), 2);
        }
        continue;
      }
      ImVec2 c(tx(s.x[i]), ty(s.y[i], s.right_axis));
      bool ok = s.ok.empty() || s.ok[i];
      if (ok)
        dl->AddCircleFilled(c, 3.5f, s.color);
      else
        dl->AddCircle(c, 3.5f, Col(app, Hue::Bad), 0, 1.5f);
    }
  }
  // Legend: on the top line after the left axis' title, or on its own line under both titles.
  {
    float x = legend_row ? p0.x : p0.x + legend_x0;
    const float y = legend_row ? p0.y + lh + 4 : p0.y;
    app.widgets_building.push_back({std::string(id) + "_legend", x, y, x + legend_w, y + lh});
    for (const auto& s : series) {
      dl->AddRectFilled(ImVec2(x, y + lh * 0.25f), ImVec2(x + lh * 0.6f, y + lh * 0.85f), s.color, 2);
      x += lh * 0.6f + 4;
      dl->AddText(ImVec2(x, y), muted, s.name.c_str());
      x += ImGui::CalcTextSize(s.name.c_str()).x + 14;
    }
    if (no_fit) {
      const float r = lh * 0.25f, cx = x + lh * 0.3f, cy = y + lh * 0.55f;
      dl->AddLine(ImVec2(cx - r, cy - r), ImVec2(cx + r, cy + r), Col(app, Hue::Bad), 2);
      dl->AddLine(ImVec2(cx - r, cy + r), ImVec2(cx + r, cy - r), Col(app, Hue::Bad), 2);
      x += lh * 0.6f + 4;
      dl->AddText(ImVec2(x, y), muted, no_fit_words);
      const float w = ImGui::CalcTextSize(no_fit_words).x;
      app.widgets_building.push_back({std::string(id) + "_legend_no_fit", x - lh * 0.6f - 4, y, x + w, y + lh});
    }
  }
  // Hover: the nearest x and every series' value there
  if (hovered && !xs.empty()) {
    float mx = ImGui::GetIO().MousePos.x;
    double best = xs[0];
    for (double x : xs)
      if (std::fabs(tx(x) - mx) < std::fabs(tx(best) - mx)) best = x;
    float px = tx(best);
    dl->AddLine(ImVec2(px, a.y), ImVec2(px, b.y), Col(app, Hue::Muted, 0.6f));
    ImGui::BeginTooltip();
    ImGui::Text("%s: %s", spec.x_label, spec.fmt_x ? spec.fmt_x(best).c_str() : Plain(best).c_str());
    for (const auto& s : series)
      for (size_t i = 0; i < s.x.size(); ++i)
        if (s.x[i] == best) {
          LegendSwatch(s.color);
          Formatter f = s.right_axis ? spec.fmt_right : spec.fmt_left;
          bool ok = s.ok.empty() || s.ok[i];
          ImGui::Text("%s: %s%s", s.name.c_str(), std::isfinite(s.y[i]) ? (f ? f(s.y[i]) : Plain(s.y[i])).c_str() : "-",
                      ok ? "" : Tr("  (does not fit)"));
        }
    ImGui::EndTooltip();
  }
  ImGui::PopID();
}

int Scatter(AppState& app, const char* id, ImVec2 size, const std::vector<ScatterPoint>& pts, const ScatterSpec& spec) {
  ImGui::PushID(id);
  ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("scatter", size);
  bool hovered = ImGui::IsItemHovered();
  bool clicked = ImGui::IsItemClicked();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  float lh = ImGui::GetTextLineHeight();
  ImVec2 a(p0.x + ImGui::CalcTextSize("$000.0 M").x + 10, p0.y + lh + 6),
      b(p0.x + size.x - 16, p0.y + size.y - lh * 2 - 6);
  int result = -1;
  double xmin = 1e300, xmax = -1e300, ymin = 1e300, ymax = -1e300;
  for (const auto& p : pts) {
    if (!(p.x > 0 && p.y > 0) || !std::isfinite(p.x) || !std::isfinite(p.y)) continue;
    xmin = std::min(xmin, p.x), xmax = std::max(xmax, p.x), ymin = std::min(ymin, p.y), ymax = std::max(ymax, p.y);
  }
  ImU32 grid = Col(app, Hue::Grid), muted = Col(app, Hue::Muted);
  if (xmin > xmax || b.x <= a.x || b.y <= a.y) {
    dl->AddText(ImVec2(a.x + 8, a.y + 8), muted, Tr("no plan fits yet"));
    ImGui::PopID();
    return -1;
  }
  // Pad the ranges so points do not sit on the frame.
  auto pad = [](double& lo, double& hi, bool log) {
    if (log) {
      lo /= 1.3, hi *= 1.3;
    } else {
      double d = (hi - lo) * 0.08 + (hi == lo ? std::fabs(hi) * 0.1 + 1 : 0);
      lo = std::max(0.0, lo - d), hi += d;
    }
  };
  pad(xmin, xmax, spec.log_x);
  pad(ymin, ymax, spec.log_y);
  auto map = [](double v, double lo, double hi, bool log) {
    return log ? (std::log(v) - std::log(lo)) / (std::log(hi) - std::log(lo)) : (v - lo) / (hi - lo);
  };
  auto px = [&](double x) { return a.x + (float)map(x, xmin, xmax, spec.log_x) * (b.x - a.x); };
  auto py = [&](double y) { return b.y - (float)map(y, ymin, ymax, spec.log_y) * (b.y - a.y); };
  // Ticks: 1-2-5 decades on log axes, nice steps on linear ones.
  auto ticks = [](double lo, double hi, bool log) {
    std::vector<double> t;
    if (log) {
      for (double d = std::pow(10, std::floor(std::log10(lo))); d <= hi; d *= 10)
        for (double m : {1.0, 2.0, 5.0})
          if (d * m >= lo && d * m <= hi) t.push_back(d * m);
      if (t.size() < 3) {  // less than a decade: round linear steps read better
        t.clear();
        double s = NiceStep(hi - lo, 4);
        for (double v = std::ceil(lo / s) * s; v <= hi; v += s) t.push_back(v);
      }
    } else {
      double s = NiceStep(hi - lo, 5);
      for (double v = std::ceil(lo / s) * s; v <= hi; v += s) t.push_back(v);
    }
    return t;
  };
  // A tick whose label reads as the one before (a range narrower than the labels' precision: one GPU type's
  // points) keeps its grid line but not the label (issue #34: "10 days" three times).
  std::string last_y_text;
  int n_tick = 0;
  for (double y : ticks(ymin, ymax, spec.log_y)) {
    float yy = py(y);
    dl->AddLine(ImVec2(a.x, yy), ImVec2(b.x, yy), grid);
    std::string t = spec.fmt_y ? spec.fmt_y(y) : Plain(y);
    if (t == last_y_text) continue;
    last_y_text = t;
    const ImVec2 at(std::max(p0.x, a.x - ImGui::CalcTextSize(t.c_str()).x - 6), yy - lh * 0.5f);
    dl->AddText(at, muted, t.c_str());
    // For the tests: each tick label drawn, named with its text.
    app.widgets_building.push_back({std::string(id) + "_ytick_" + std::to_string(n_tick++) + " " + t, at.x, at.y,
                                    at.x + ImGui::CalcTextSize(t.c_str()).x, at.y + lh});
  }
  float last_x_label = -FLT_MAX;  // x labels never overlap: a narrow chart skips some
  std::string last_x_text;
  n_tick = 0;
  for (double x : ticks(xmin, xmax, spec.log_x)) {
    float xx = px(x);
    dl->AddLine(ImVec2(xx, a.y), ImVec2(xx, b.y), grid);
    std::string t = spec.fmt_x ? spec.fmt_x(x) : Plain(x);
    const float w = ImGui::CalcTextSize(t.c_str()).x;
    const float tx = std::clamp(xx - w * 0.5f, p0.x, p0.x + size.x - w);
    if (tx < last_x_label + 6 || t == last_x_text) continue;
    dl->AddText(ImVec2(tx, b.y + 5), muted, t.c_str());
    app.widgets_building.push_back(
        {std::string(id) + "_xtick_" + std::to_string(n_tick++) + " " + t, tx, b.y + 5, tx + w, b.y + 5 + lh});
    last_x_label = tx + w;
    last_x_text = t;
  }
  dl->AddRect(a, b, muted);
  {
    float w = ImGui::CalcTextSize(spec.x_label).x;
    dl->AddText(ImVec2((a.x + b.x - w) * 0.5f, b.y + lh + 8), muted, spec.x_label);
    dl->AddText(ImVec2(p0.x, p0.y), muted, spec.y_label);
  }
  if (spec.connect_highlighted) {
    std::vector<ImVec2> front;
    for (const auto& p : pts)
      if (p.highlight && p.ok && p.x > 0 && p.y > 0) front.push_back(ImVec2(px(p.x), py(p.y)));
    std::sort(front.begin(), front.end(), [](ImVec2 l, ImVec2 r) { return l.x < r.x; });
    for (size_t i = 0; i + 1 < front.size(); ++i)
      dl->AddLine(front[i], front[i + 1], Col(app, Hue::Accent, 0.6f), 1.5f);
  }
  int hover = -1;
  float best_d2 = 12 * 12;
  std::vector<std::string> labelled;
  std::vector<ImRect> label_boxes;
  ImVec2 m = ImGui::GetIO().MousePos;
  auto drawn = [&](const ScatterPoint& p) { return p.x > 0 && p.y > 0 && std::isfinite(p.x) && std::isfinite(p.y); };
  for (size_t i = 0; i < pts.size(); ++i) {
    const auto& p = pts[i];
    if (!drawn(p)) continue;
    ImVec2 c(px(p.x), py(p.y));
    float r = p.highlight ? 5.0f : 3.5f;
    if (p.ok)
      dl->AddCircleFilled(c, r, p.color);
    else
      dl->AddCircle(c, r, p.color, 0, 1.5f);
    if (p.selected) dl->AddCircle(c, r + 4, Col(app, Hue::Capacity), 0, 2.0f);
    float dx = m.x - c.x, dy = m.y - c.y;
    if (hovered && dx * dx + dy * dy < best_d2) best_d2 = dx * dx + dy * dy, hover = (int)i;
  }
  // Labels: the selected point's first (it is always labelled: on whichever side has room, else where it
  // covers least), then the others where they fit; one label per name (the front holds several layouts of
  // one GPU), none over another label or another point, all inside the plot (cut with "…" if wider).
  std::vector<ImRect> dots;
  for (const auto& p : pts)
    if (drawn(p)) {
      const ImVec2 c(px(p.x), py(p.y));
      dots.emplace_back(ImVec2(c.x - 5, c.y - 5), ImVec2(c.x + 5, c.y + 5));
    }
  for (int pass = 0; pass < 2; ++pass)
    for (const auto& p : pts) {
      if (!drawn(p) || !p.show_label || p.label.empty() || p.selected != (pass == 0)) continue;
      if (std::find(labelled.begin(), labelled.end(), p.label) != labelled.end()) continue;
      const std::string text = Elide(p.label, b.x - a.x - 4);
      const ImVec2 c(px(p.x), py(p.y)), ts = ImGui::CalcTextSize(text.c_str());
      const ImVec2 places[] = {ImVec2(c.x + 9, c.y - lh * 0.5f), ImVec2(c.x - 9 - ts.x, c.y - lh * 0.5f),
                               ImVec2(c.x - ts.x * 0.5f, c.y - 9 - ts.y), ImVec2(c.x - ts.x * 0.5f, c.y + 9)};
      auto inside = [&](ImVec2 la) {
        la.x = std::clamp(la.x, a.x + 2, std::max(a.x + 2, b.x - ts.x - 2));
        la.y = std::clamp(la.y, a.y + 1, std::max(a.y + 1, b.y - ts.y - 1));
        return ImRect(la, ImVec2(la.x + ts.x, la.y + ts.y));
      };
      auto clashes = [&](const ImRect& box) {
        int n = 0;
        for (const auto& r : label_boxes) n += r.Overlaps(box) ? 100 : 0;  // never over another label
        for (const auto& d : dots) n += d.Overlaps(box) ? 1 : 0;  // its own too (a label pushed back by the edge)
        return n;
      };
      // The first place without a clash; the selected point takes the least bad place if none is free.
      int best = -1, best_clash = 1 << 30;
      for (int k = 0; k < 4; ++k) {
        const int n = clashes(inside(places[k]));
        if (n < best_clash) best = k, best_clash = n;
        if (n == 0) break;
      }
      if (best < 0 || (best_clash > 0 && !p.selected)) continue;
      const ImRect box = inside(places[best]);
      dl->AddText(box.Min, p.selected ? Col(app, Hue::Capacity) : muted, text.c_str());
      labelled.push_back(p.label);
      label_boxes.push_back(box);
      app.widgets_building.push_back(
          {std::string(id) + "_label_" + std::to_string(label_boxes.size() - 1) + " " + p.label, box.Min.x, box.Min.y,
           box.Max.x, box.Max.y});
      if (p.selected)
        app.widgets_building.push_back(
            {std::string(id) + "_selected_label", box.Min.x, box.Min.y, box.Max.x, box.Max.y});
    }
  if (hover >= 0) {
    const auto& p = pts[hover];
    ImGui::BeginTooltip();
    ImGui::TextUnformatted(p.label.c_str());
    ImGui::Text("%s: %s", spec.x_label, spec.fmt_x ? spec.fmt_x(p.x).c_str() : Plain(p.x).c_str());
    ImGui::Text("%s: %s", spec.y_label, spec.fmt_y ? spec.fmt_y(p.y).c_str() : Plain(p.y).c_str());
    if (!p.detail.empty()) Paragraph(p.detail, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), TooltipWidth());
    ImGui::EndTooltip();
    if (clicked) result = hover;
  }
  ImGui::PopID();
  return result;
}

}  // namespace tp::ui
