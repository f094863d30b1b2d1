// explain_panel.cpp — the "why?" buttons and the panel they open (explain_panel.h). Every word and number
// in the panel comes from core's explanation (ExplainPlan, SubstitutedFormula, ExplainValueText and the
// node's label, source and key mark): the page re-derives nothing, so it says what `trainplan explain` says.
#include "explain_panel.h"

#include <algorithm>

#include "app.h"
#include "i18n.h"
#include "imgui.h"
#include "json.h"
#include "text_layout.h"
#include "views.h"
#include "widgets.h"

namespace tp::ui {
namespace {

// The tree of the main plan, built again only when the plan it was built for is no longer the one shown.
const Explanation& Tree(AppState& app) {
  ExplainState& st = app.explain;
  const PlanOutput& out = app.main.out;
  if (!st.built || !(st.built_for == out.config)) {
    st.tree = ExplainPlan(out);
    st.built_for = out.config;
    st.built = true;
    ++st.builds;
  }
  return st.tree;
}

int FindNode(const Explanation& ex, const std::string& name) {
  for (size_t i = 0; i < ex.nodes.size(); ++i)
    if (ex.nodes[i].name == name) return int(i);
  return -1;
}

bool Drawn(const ExplainState& st, const std::string& name) {
  return std::any_of(st.rows_building.begin(), st.rows_building.end(),
                     [&](const ExplainState::Row& r) { return r.name == name; });
}

// One line of the tree: "label: value [your key tp]", a tree node when it has anything to open (a formula,
// a source, inputs). Opened: the formula in names, the same with the values substituted, the source, then
// the inputs, each a line like this one. A number several formulas read appears under each of them; its
// inputs are drawn only where it is opened.
void DrawNode(AppState& app, const Explanation& ex, int id, int depth) {
  const Lang lang = LangOf(app);
  const ExplainNode& n = ex.nodes[id];
  const std::string& source = ExplainSource(n, lang);
  const std::string value = ExplainValueText(n, lang);
  std::string line = ExplainLabel(n, lang) + ": " + value;
  if (!n.key.empty()) line.append("  ").append(ExplainKeyMark(n, lang));
  const bool has_body = !n.formula.empty() || !source.empty() || !n.inputs.empty();
  ImGui::PushID(id);
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_SpanAvailWidth;
  if (!has_body) flags |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_Bullet | ImGuiTreeNodeFlags_NoTreePushOnOpen;
  if (depth == 0) flags |= ImGuiTreeNodeFlags_DefaultOpen;
  // The node's own label is empty: the line is drawn beside it as a paragraph, so it wraps on a phone
  // instead of running off the panel (a tree node's label does not wrap).
  const bool open = ImGui::TreeNodeEx("##node", flags);
  if (!Drawn(app.explain, n.name)) Record(app, ("explain_" + n.name).c_str());
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip) && has_body)
    Tooltip(Tr(open ? "Click to close" : "Click for its formula, source and inputs"));
  ImGui::SameLine();
  if (!n.key.empty())
    Paragraph(line, ColV(app, Hue::Accent));
  else
    Paragraph(line);
  ExplainState::Row row{n.name, line, ExplainLabel(n, lang), value, n.formula, SubstitutedFormula(ex, n, lang),
                        source, n.key};
  row.value = n.value, row.depth = depth, row.expanded = open && has_body;
  app.explain.rows_building.push_back(row);
  if (open && has_body) {
    if (!n.formula.empty()) MutedParagraph(n.name + " = " + n.formula);
    if (!row.substituted.empty()) Paragraph("= " + row.substituted + " = " + value);
    if (!source.empty()) MutedParagraph(std::string(Tr("source: ")) + source);
    if (depth < 24)
      for (int in : n.inputs) DrawNode(app, ex, in, depth + 1);
    ImGui::TreePop();
  }
  ImGui::PopID();
}

// Where the panel opens: on a wide screen a column at the right over the results, on a narrow one (a phone)
// the lower part of the screen, full width, so the number's line stays visible above it.
void PlaceWindow(bool appearing) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float em = ImGui::GetFontSize(), margin = 6;
  const ImVec2 avail(vp->WorkSize.x - 2 * margin, vp->WorkSize.y - 2 * margin);
  ImGui::SetNextWindowSizeConstraints(ImVec2(std::min(avail.x, 12 * em), std::min(avail.y, 8 * em)), avail);
  if (!appearing) return;
  ImVec2 size, pos;
  if (vp->WorkSize.x < em * 50) {
    size = ImVec2(avail.x, std::max(avail.y * 0.62f, std::min(avail.y, 14 * em)));
    pos = ImVec2(vp->WorkPos.x + margin, vp->WorkPos.y + vp->WorkSize.y - margin - size.y);
  } else {
    size = ImVec2(std::min(avail.x * 0.5f, 42 * em), avail.y * 0.85f);
    pos = ImVec2(vp->WorkPos.x + vp->WorkSize.x - margin - size.x, vp->WorkPos.y + vp->WorkSize.y * 0.1f);
  }
  ImGui::SetNextWindowPos(pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(size, ImGuiCond_Always);
  ImGui::SetNextWindowFocus();
}

std::string RowJson(const ExplainState::Row& r) {
  std::string s = "{";
  auto item = [&](const char* key, const std::string& value) {
    s.append(s.size() > 1 ? ",\"" : "\"").append(key).append("\":").append(value);
  };
  item("name", JsonEscape(r.name));
  item("depth", std::to_string(r.depth));
  item("line", JsonEscape(r.line));
  item("label", JsonEscape(r.label));
  item("value", FormatNumber(r.value));
  item("text", JsonEscape(r.text));
  item("formula", JsonEscape(r.formula));
  item("substituted", JsonEscape(r.substituted));
  item("source", JsonEscape(r.source));
  item("key", JsonEscape(r.key));
  item("expanded", r.expanded ? "true" : "false");
  return s + "}";
}

}  // namespace

void WhyButton(AppState& app, Figure figure) {
  const char* node = FigureId(figure);
  const std::string label = std::string(Tr("why?")) + "##why_" + node;
  PushFace(app.fonts.body);
  SameLineIfFits(Tr("why?"), 6);
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0, 0, 0, 0));
  ImGui::PushStyleColor(ImGuiCol_Text, ColV(app, Hue::Accent));
  if (ImGui::SmallButton(label.c_str())) {
    app.explain.open = node;
    app.explain.appearing = true;
  }
  ImGui::PopStyleColor(2);
  ImGui::PopFont();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip))
    Tooltip(Tr("How this number is computed, down to your inputs"));
  Record(app, (std::string("why_") + node).c_str());
}

void ExplainWindow(AppState& app) {
  ExplainState& st = app.explain;
  st.rows_building.clear();
  if (ViewOf(app) != View::Plan) st.open.clear();  // its "why?" buttons are the plan view's
  if (st.open.empty() || !app.main.has_result) {
    st.rows.clear();
    st.band.clear();
    return;
  }
  const Explanation& ex = Tree(app);
  const int root = FindNode(ex, st.open);
  const Lang lang = LangOf(app);
  const std::string title =
      (root >= 0 ? TrFill("Why: {0}", {ExplainLabel(ex.nodes[root], lang)}) : std::string(Tr("Why?"))) + "###explain";
  PlaceWindow(st.appearing);
  st.appearing = false;
  bool keep = true;
  st.band.clear();
  if (ImGui::Begin(title.c_str(), &keep, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
    const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    app.widgets_building.push_back({"explain_panel", pos.x, pos.y, pos.x + size.x, pos.y + size.y});
    // Close at the top as well as the title bar's cross: a finger finds a button more easily.
    if (ImGui::SmallButton(TrId("Close").c_str())) keep = false;
    Record(app, "explain_close");
    if (root < 0) {
      MutedParagraph(Tr("This plan has no numbers to explain: see the errors beside the inputs."));
    } else {
      const ExplainNode& n = ex.nodes[root];
      PushFace(app.fonts.bold);
      Paragraph(ExplainLabel(n, lang) + " = " + ExplainValueText(n, lang));
      ImGui::PopFont();
      // A banded figure says where its band comes from: the regime and how many published runs set it (#28).
      st.band = ExplainBandText(n, lang);
      if (!st.band.empty()) MutedParagraph(st.band);
      MutedParagraph(
          Tr("Each line is a number and its value; open it for its formula with your values, its source "
             "and its inputs. Your own inputs are marked as yours: change them in the inputs panel."));
      ImGui::Separator();
      DrawNode(app, ex, root, 0);
    }
  }
  ImGui::End();
  if (!keep) st.open.clear();
  st.rows.swap(st.rows_building);
}

std::string ExplainJson(AppState& app) {
  FinishMainPlan(app);
  const Explanation ex = ExplainPlan(app.main.out);
  return ex.roots.empty() ? "null" : ExplanationToJson(ex);
}

std::string ExplainPanelJson(const AppState& app) {
  const ExplainState& st = app.explain;
  std::string s = "{\"open\":";
  s.append(st.open.empty() ? std::string("null") : JsonEscape(st.open));
  s.append(",\"lang\":").append(JsonEscape(LangCode(LangOf(app))));
  s.append(",\"band\":").append(JsonEscape(st.band));
  s.append(",\"builds\":").append(std::to_string(st.builds)).append(",\"rows\":[");
  for (size_t i = 0; i < st.rows.size(); ++i) s.append(i ? "," : "").append(RowJson(st.rows[i]));
  return s + "]}";
}

}  // namespace tp::ui
