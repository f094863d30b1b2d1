// report_search.cpp — search results as JSON (each layout a full plan object, the time-vs-cost front, the
// closest layout when none fits), CSV, and a text or Markdown table, best first, with why each layout loses
// to the first.
#include <algorithm>

#include "format.h"
#include "json.h"
#include "report_parts.h"
#include "resolve.h"
#include "text.h"

// GCC 12 reports -Wrestrict falsely for `"literal" + std::string&&` once inlined (GCC bug 105329);
// it is not a real overlap, and -Werror would turn the noise into a broken build.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace tp {
namespace {

using namespace report_detail;

// A search hit as a plan of its own: the base configuration with the hit's GPU, count and layout.
PlanOutput HitOutput(const PlanOutput& base, const SearchResult& result, const SearchHit& hit) {
  PlanOutput o;
  o.config = base.config;
  o.job = hit.variant < int(result.jobs.size()) ? result.jobs[hit.variant] : base.job;
  if (hit.variant < int(result.gpu_ids.size())) SelectGpu(o.config, result.gpu_ids[hit.variant]);
  o.config.gpus = o.job.hw.gpus;
  // An RL goal's pools, when the search chose them (SearchOptions::rl_pools): the hit's link states them. The
  // trainer's GPUs are the job's hw.gpus; the link's gpus counts both pools.
  if (o.job.rl.Active()) {
    o.config.gpus = o.job.rl.total_gpus;
    const RlSetup &r = o.job.rl, &b = base.job.rl;
    if (r.colocate != b.colocate || r.rollout_gpus != b.rollout_gpus || r.rollout_tp != b.rollout_tp) {
      o.config.rl_colocate = r.colocate ? 1 : 0;
      if (!r.colocate) o.config.rl_rollout_gpus = r.rollout_gpus;
      o.config.rl_rollout_tp = r.rollout_tp;
    }
  }
  // The keys on auto: the base's (a planned base has its layout filled in already) and the hit's own
  // before its layout fills the layout keys in.
  for (const KeyInfo& k : Keys())
    if (IsAuto(o.config, k) || std::count(base.auto_keys.begin(), base.auto_keys.end(), k.name))
      o.auto_keys.push_back(k.name);
  o.plan = hit.plan;
  PlanLimits(o.job, o.plan, o.best_seq);  // as the planner's own answer reports them
  ApplyLayout(o.config, hit.plan.layout);
  o.ok = true;
  o.searched = true;
  for (const ConfigIssue& i : base.issues)
    if (i.notice && !IsRecipeBatchNotice(i)) o.issues.push_back(i);  // the base plan's batch is not the hit's
  RecipeBatchNotice(o, o.issues);
  return o;
}

std::string SearchJson(const PlanOutput& base, const SearchResult& result, const std::vector<PlanOutput>& hits,
                       Objective objective) {
  std::string s = "{\n";
  s += "  \"objective\": " + JsonEscape(Name(objective)) + ",\n";
  s += "  \"evaluated\": " + Num(double(result.evaluated)) + ",\n";
  s += "  \"enumerated\": " + Num(double(result.enumerated)) + ",\n";
  s += "  \"elapsed_s\": " + Num(result.elapsed_s) + ",\n";
  s += std::string("  \"any_fits\": ") + (result.any_fits ? "true" : "false") + ",\n";
  s += "  \"results\": [";
  for (size_t i = 0; i < hits.size(); ++i) s += std::string(i ? ",\n" : "\n") + "    " + PlanJson(hits[i], "    ");
  s += hits.empty() ? "],\n" : "\n  ],\n";
  s += "  \"pareto\": [";
  for (size_t i = 0; i < result.pareto.size(); ++i) {
    PlanOutput o = HitOutput(base, result, result.pareto[i]);
    s += std::string(i ? ",\n" : "\n") + "    {\"gpu\": " + JsonEscape(o.config.gpu) +
         ", \"gpus\": " + Num(o.config.gpus) + ", \"days\": " + Num(o.plan.run.days) +
         ", \"cost_usd\": " + Num(o.plan.run.cost_usd) + ", \"link\": " + JsonEscape(FormatLink(o.config)) + "}";
  }
  s += result.pareto.empty() ? "]" : "\n  ]";
  if (!result.any_fits && result.least_memory.plan.valid)
    s += ",\n  \"least_memory\": " + PlanJson(HitOutput(base, result, result.least_memory), "  ");
  return s + "\n}\n";
}

// An RL goal's pools beside the layout: " · colocated, rollout tp=2" or " · split 8 rollout + 8 train, rollout tp=1".
std::string RlPoolText(const Job& job) {
  const RlSetup& r = job.rl;
  if (!r.Active() || r.algo == RlAlgo::Dpo) return {};
  return r.colocate ? " \u00b7 colocated, rollout tp=" + std::to_string(r.rollout_tp)
                    : " \u00b7 split " + std::to_string(r.rollout_gpus) + " rollout + " + std::to_string(job.hw.gpus) +
                          " train, rollout tp=" + std::to_string(r.rollout_tp);
}

std::vector<std::string> TableRow(const std::string& rank, const PlanOutput& o, const std::string& why, Lang lang) {
  const Plan& p = o.plan;
  return {rank,
          o.config.gpu,
          std::to_string(o.config.gpus),
          LayoutText(o.config) + RlPoolText(o.job),
          MemoryText(p.memory.total),
          DurationText(lang, ShownStepSeconds(p)),
          Fmt("%.1f", p.run.days),
          UsdText(lang, p.run.cost_usd),
          Fmt("%.1f %%", 100 * p.throughput.mfu),
          why};
}

std::string Markdown(const std::string& head, const std::vector<std::vector<std::string>>& table) {
  std::string s = head + "\n\n";
  for (size_t r = 0; r < table.size(); ++r) {
    s += "|";
    for (const std::string& cell : table[r]) s += " " + MdCell(cell) + " |";
    s += "\n";
    if (r == 0) {
      s += "|";
      for (size_t c = 0; c < table[0].size(); ++c) s += "---|";
      s += "\n";
    }
  }
  return s;
}

}  // namespace

std::string FormatSearch(const PlanOutput& base, const SearchResult& result, Format format, Objective objective) {
  std::vector<PlanOutput> hits;
  for (const SearchHit& h : result.top) hits.push_back(HitOutput(base, result, h));
  if (format == Format::Json) return SearchJson(base, result, hits, objective);
  if (format == Format::Csv) return hits.empty() ? std::string("\n") : Csv(hits);
  // Text and Markdown: one line per layout, best first, with why each loses to the first.
  const Lang lang = LangOf(base);
  auto T = [&](const char* english) { return std::string(Translate(lang, english)); };
  std::vector<std::vector<std::string>> table = {{"#", T("gpu"), T("gpus"), T("layout"), T("memory/GPU"),
                                                  T(ShownStepWords(base.job.rl)), T("days"), T("cost"), "MFU",
                                                  T("vs #1")}};
  // Nothing fits: show the layout that comes closest, so the user sees by how much.
  if (hits.empty() && result.least_memory.plan.valid)
    table.push_back(TableRow("-", HitOutput(base, result, result.least_memory), T("least memory; does not fit"), lang));
  for (size_t i = 0; i < hits.size(); ++i)
    table.push_back(TableRow(std::to_string(i + 1), hits[i],
                             i == 0 ? T("best") : WhyLoses(hits[i].plan, hits[0].plan, objective, lang), lang));
  std::string head = TrFill(lang, "Searched {0} layouts (objective: {1}); {2}.",
                            {std::to_string(result.evaluated), T(Name(objective)),
                             T(result.any_fits ? "best first" : "none fits in GPU memory")});
  if (format == Format::Markdown) return Markdown(head, table);
  std::string s = head + "\n" + TextTable(table, std::vector<bool>(table.size(), false));
  if (!hits.empty()) s += TrFill(lang, "best: {0}", {FormatLink(hits[0].config)}) + "\n";
  return s;
}

}  // namespace tp
