// view_search.cpp — the search view: the time-vs-cost front across GPU types (one point per type, its best
// layout at this GPU count, found beside the table in the same search; the Pareto front joined by a line), and
// the best layouts of every type ranked by time or cost, each with why it loses to the first. A point or a
// row opens in the plan view.
#include <algorithm>
#include <cmath>

#include "app.h"
#include "catalog.h"
#include "charts.h"
#include "figures.h"
#include "i18n.h"
#include "imgui.h"
#include "resolve.h"
#include "text_layout.h"
#include "views.h"
#include "widgets.h"

namespace tp::ui {

bool SearchView(AppState& app) {
  bool changed = false;
  Background& bg = app.bg;
  PumpSearch(bg);  // this frame draws what has come back
  const bool searching = SearchShowsProgress(bg);
  const SearchResult& res = bg.search.Result();
  auto gpu_name = [](const std::string& id) {
    const GpuSpec* g = FindGpu(id);
    return g ? g->name : id;
  };
  // Ranked by the view's objective: the search kept both, so switching re-ranks without a new search.
  const std::vector<SearchHit>& top = RankedBy(res, bg.search.Options(), bg.search_options.objective);
  const std::string evaluated =
      Sprintf(Tr("%s layouts evaluated across %d GPU types at %s GPUs%s"), FmtInt((long long)res.evaluated).c_str(),
              (int)res.gpu_ids.size(), FmtInt(app.cfg.gpus).c_str(), searching ? "…" : "");
  if (searching) {  // the bar covers the search and every GPU type's point
    ImGui::ProgressBar((float)SearchViewProgress(bg), ImVec2(ImGui::GetContentRegionAvail().x * 0.5f, 0));
    SameLineIfFits(evaluated.c_str(), ImGui::GetStyle().ItemSpacing.x);
  }
  Paragraph(evaluated);
  // Only the configuration's GPU type: the table then ranks its layouts alone (the search restarts).
  const std::string selected_name = gpu_name(app.cfg.gpu);
  // A key of the link (search_gpus=this): a new value restarts the search over the GPU types now asked for.
  bool only = app.cfg.search_gpus == 1;
  // Cut with "…" to the column (a long GPU name on a phone), the whole name in the point's label and tooltip.
  const float label_room =
      ImGui::GetContentRegionAvail().x - ImGui::GetFrameHeight() - ImGui::GetStyle().ItemInnerSpacing.x;
  const std::string only_label = Elide(Sprintf(Tr("%s only"), selected_name.c_str()), label_room);
  if (ImGui::Checkbox(Sprintf("%s###selected_only", only_label.c_str()).c_str(), &only))
    app.cfg.search_gpus = only ? 1 : 0, changed = true;
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip))
    Tooltip(Tr("Search the layouts of the selected GPU type only (the GPU in the inputs)"));
  Record(app, "search_selected_only");
  PushFace(app.fonts.bold);
  ImGui::TextUnformatted(Tr("Time vs cost on each GPU type"));
  ImGui::PopFont();
  ImGui::SameLine();
  HelpMarker(
      Tr("One point per GPU type: its best layout at this GPU count. Larger points joined by the line are the "
         "search's Pareto front (nothing is both faster and cheaper). Click a point to open it in the plan view."));
  std::vector<ScatterPoint> pts;
  std::vector<const SearchHit*> hits;  // per point: the search's hit, or null for a GPU type's plan
  std::vector<int> types;              // per point: the GPU type's variant, or -1 for a hit
  const Hue hues[] = {Hue::Weights,     Hue::Gradients, Hue::Optimizer, Hue::Activations, Hue::CommPp,
                      Hue::MemoryBound, Hue::CommDp,    Hue::CommEp,    Hue::Other};
  for (const SearchHit& h : res.pareto) {
    if (h.variant < 0 || h.variant >= (int)res.jobs.size()) continue;
    ScatterPoint p;
    const std::string id = res.gpu_ids.size() > (size_t)h.variant ? res.gpu_ids[h.variant] : app.cfg.gpu;
    p.label = ShortGpuName(id);  // the chart is narrow on a phone: "A100 80GB SXM4" (the full name on hover)
    p.x = h.plan.run.days;
    p.y = h.plan.run.cost_usd;
    p.color = Col(app, hues[h.variant % 9]);
    p.highlight = true;
    p.show_label = true;
    p.detail = gpu_name(id) + "\n" + LayoutWords(h.plan, app.cfg.dp_shard) + "\nMFU " + FmtPct(h.plan.throughput.mfu);
    pts.push_back(p);
    hits.push_back(&h);
    types.push_back(-1);
  }
  // Each GPU type's point is that type's fastest layout under the keys given, found in the workers' search
  // beside the table (search_split.h), in as each share answers.
  std::string no_fit;
  for (int v = 0; v < (int)res.gpu_ids.size(); ++v) {
    const SearchResult* share = bg.search.Point(v);
    if (!share) continue;
    const std::string name = gpu_name(res.gpu_ids[v]);
    const std::vector<SearchHit>& fastest = share->top;
    if (fastest.empty()) {
      no_fit += (no_fit.empty() ? "" : ", ") + name;
      continue;
    }
    const Plan& plan = fastest.front().plan;
    ScatterPoint p;
    p.label = ShortGpuName(res.gpu_ids[v]);
    p.x = plan.run.days;
    p.y = plan.run.cost_usd;
    p.color = Col(app, hues[v % 9]);
    p.show_label = true;
    p.selected = res.gpu_ids[v] == app.cfg.gpu;
    if (p.selected) p.label = Sprintf(Tr("%s (selected)"), p.label.c_str());
    p.detail = name + "\n" +
               Sprintf(Tr("best layout on %s GPUs · MFU %s"), FmtInt(share->jobs[v].hw.gpus).c_str(),
                       FmtPct(plan.throughput.mfu).c_str());
    pts.push_back(p);
    hits.push_back(nullptr);
    types.push_back(v);
  }
  // A GPU type's own point names it: the front's points of that type stay unlabelled, so that one GPU type
  // (or a type whose best layout is on the front) is not labelled twice at one place (issue #34).
  for (size_t i = 0; i < pts.size(); ++i)
    if (hits[i])
      for (size_t j = 0; j < pts.size(); ++j)
        if (types[j] == hits[i]->variant) pts[i].show_label = false;
  ScatterSpec spec;
  // The wall clock in the units that read (core's DurationText: "36 h", "38 days"), as the table's column.
  spec.x_label = FigureOf(Figure::Days).RowLabel(LangOf(app));
  spec.y_label = Tr("cost (USD)");
  spec.fmt_x = FmtDays;
  spec.fmt_y = FmtUsd;
  float h = std::max(200.0f, std::min(320.0f, ImGui::GetContentRegionAvail().y * 0.45f));
  int clicked = Scatter(app, "front", ImVec2(ImGui::GetContentRegionAvail().x, h), pts, spec);
  Record(app, "front_chart");
  // Opening a point or a row: its GPU (with that GPU's own links and prices) in the plan view; a row's
  // layout too.
  auto open = [&](const std::string& gpu, const Layout* layout) {
    SelectGpu(app.cfg, gpu);
    if (layout) ApplyLayout(app.cfg, *layout), app.cfg.dp = kAuto;
    app.cfg.view = int(View::Plan);
    changed = true;
  };
  auto hit_gpu = [&](const SearchHit& hit) {
    return hit.variant < (int)res.gpu_ids.size() ? res.gpu_ids[hit.variant] : app.cfg.gpu;
  };
  if (clicked >= 0 && hits[clicked]) open(hit_gpu(*hits[clicked]), &hits[clicked]->plan.layout);
  if (clicked >= 0 && types[clicked] >= 0) open(res.gpu_ids[types[clicked]], nullptr);
  if (!no_fit.empty())
    Paragraph(Sprintf(Tr("Does not fit on %s GPUs: %s"), FmtInt(app.cfg.gpus).c_str(), no_fit.c_str()),
              ColV(app, Hue::Bad));

  PushFace(app.fonts.bold);
  ImGui::Text(Tr("Best layouts (%s first)"),
              Tr(bg.search_options.objective == Objective::Time ? "fastest" : "cheapest"));
  ImGui::PopFont();
  // The order is a key of the link (search_by): a new one re-ranks the same search.
  int obj = app.cfg.search_by;
  const float radio_w = ImGui::CalcTextSize(Tr("by time")).x + ImGui::CalcTextSize(Tr("by cost")).x +
                        ImGui::GetFrameHeight() * 2 + ImGui::GetStyle().ItemSpacing.x * 3;
  if (ImGui::GetItemRectMax().x + radio_w < ContentRight()) ImGui::SameLine();
  if (ImGui::RadioButton(Tr("by time"), obj == 0) && obj != 0) app.cfg.search_by = 0, changed = true;
  Record(app, "search_by_time");
  ImGui::SameLine();
  if (ImGui::RadioButton(Tr("by cost"), obj == 1) && obj != 1) app.cfg.search_by = 1, changed = true;
  Record(app, "search_by_cost");
  // A phone has no room for eight columns: each layout is a card of a few wrapped lines instead.
  if (ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 36) {
    for (size_t i = 0; i < top.size(); ++i) {
      const SearchHit& hit = top[i];
      ImGui::PushID((int)i);
      ImGui::Separator();
      PushFace(app.fonts.bold);
      const std::string title = std::to_string(i + 1) + ". " + ShortGpuName(hit_gpu(hit));
      Paragraph(title);
      ImGui::PopFont();
      const std::string open_label = TrId("Open");
      SameLineIfFits(open_label.c_str(), 12);
      if (ImGui::SmallButton(open_label.c_str())) open(hit_gpu(hit), &hit.plan.layout);
      Record(app, ("search_open_" + std::to_string(i)).c_str());
      Paragraph(FmtDays(hit.plan.run.days) + "  ·  " + FmtUsd(hit.plan.run.cost_usd) + "  ·  MFU " +
                FmtPct(hit.plan.throughput.mfu) + "  ·  " + Tr(ShownStepWords(app.main.out.job.rl)) + " " +
                FmtDuration(ShownStepSeconds(hit.plan)) + "  ·  " + FmtMem(hit.plan.memory.total));
      MutedParagraph(LayoutWords(hit.plan, app.cfg.dp_shard));
      if (i > 0) MutedParagraph(WhyLoses(hit.plan, top[0].plan, bg.search_options.objective, LangOf(app)));
      ImGui::PopID();
    }
  } else if (ImGui::BeginTable("top", 8,
                               ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY |
                                   ImGuiTableFlags_SizingFixedFit,
                               ImVec2(0, std::max(120.0f, ImGui::GetContentRegionAvail().y)))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    // The time column in the figure table's words for the days ("wall clock"), as the chart's axis.
    // An RL goal's step is its RL step (plan.h ShownStepSeconds), as the command line's table.
    const char* const headers[] = {Tr("GPU"),    Tr("layout"),
                                   Tr("memory"), Tr(ShownStepWords(app.main.out.job.rl)),
                                   Tr("MFU"),    FigureOf(Figure::Days).RowLabel(LangOf(app)),
                                   Tr("cost"),   ""};
    for (int c = 0; c < 8; ++c) ImGui::TableSetupColumn(headers[c], c == 1 ? ImGuiTableColumnFlags_WidthStretch : 0);
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < top.size(); ++i) {
      const SearchHit& hit = top[i];
      ImGui::TableNextRow();
      ImGui::PushID((int)i);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(gpu_name(hit_gpu(hit)).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(LayoutWords(hit.plan, app.cfg.dp_shard).c_str());
      if (i > 0 && ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip))
        Tooltip(WhyLoses(hit.plan, top[0].plan, bg.search_options.objective, LangOf(app)));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(FmtMem(hit.plan.memory.total).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(FmtDuration(ShownStepSeconds(hit.plan)).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(FmtPct(hit.plan.throughput.mfu).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(FmtDays(hit.plan.run.days).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(FmtUsd(hit.plan.run.cost_usd).c_str());
      ImGui::TableNextColumn();
      if (ImGui::SmallButton(TrId("Open").c_str())) open(hit_gpu(hit), &hit.plan.layout);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  return changed;
}

}  // namespace tp::ui
