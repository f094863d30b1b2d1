// search_rank.cpp — the ranked answer's public side: the top N by either objective, the merge of split
// searches into the answer of the whole search, and why a layout loses to the best (search.h).
#include <algorithm>
#include <atomic>
#include <string>

#include "search_rank.h"
#include "text.h"

namespace tp {

using namespace search_detail;

namespace {
std::atomic<bool> tight_ranked_last{true};
}  // namespace

bool TightRankedLast() { return tight_ranked_last.load(std::memory_order_relaxed); }
void SetTightRankedLast(bool on) { tight_ranked_last.store(on, std::memory_order_relaxed); }

bool RanksBefore(const Plan& a, const Plan& b, Objective objective) { return Better(a, b, objective); }

const std::vector<SearchHit>& RankedBy(const SearchResult& result, const SearchOptions& options, Objective objective) {
  return objective == options.objective || !options.both_objectives ? result.top : result.top_other;
}

SearchResult MergeSearchResults(const std::vector<SearchResult>& parts, const SearchOptions& options) {
  SearchResult out;
  if (parts.empty()) return out;
  out.jobs = parts[0].jobs;
  out.gpu_ids = parts[0].gpu_ids;
  std::vector<SearchHit> hits, fastest;
  out.done = true;
  for (const SearchResult& p : parts) {
    out.evaluated += p.evaluated;
    out.enumerated += p.enumerated;
    out.bounded += p.bounded;
    out.elapsed_s = std::max(out.elapsed_s, p.elapsed_s);
    out.done = out.done && p.done;
    out.too_large = out.too_large || p.too_large;
    for (const auto* list : {&p.top, &p.top_other, &p.pareto}) hits.insert(hits.end(), list->begin(), list->end());
    if (p.least_memory.plan.valid) hits.push_back(p.least_memory);
    for (const SearchHit& h : p.fastest)
      if (h.plan.valid && h.variant >= 0 && h.variant < int(out.jobs.size())) fastest.push_back(h);
  }
  // A layout may be in several lists of its part: each is considered once, in enumeration order.
  std::stable_sort(hits.begin(), hits.end(), [](const SearchHit& a, const SearchHit& b) { return a.order < b.order; });
  hits.erase(
      std::unique(hits.begin(), hits.end(), [](const SearchHit& a, const SearchHit& b) { return a.order == b.order; }),
      hits.end());
  Answer a;
  a.Init(options);
  for (const SearchHit& h : hits) a.Consider(h);
  a.WriteTo(out);
  // Each variant's fastest: the first in enumeration order among equals, as the whole search's.
  if (options.fastest_each) {
    out.fastest.assign(out.jobs.size(), SearchHit{});
    for (int v = 0; v < int(out.jobs.size()); ++v) out.fastest[v].variant = v;
    std::stable_sort(fastest.begin(), fastest.end(),
                     [](const SearchHit& x, const SearchHit& y) { return x.order < y.order; });
    for (const SearchHit& h : fastest) {
      SearchHit& f = out.fastest[h.variant];
      if (!f.plan.valid || Better(h.plan, f.plan, Objective::Time)) f = h;
    }
  }
  return out;
}

std::string WhyLoses(const Plan& plan, const Plan& best, Objective objective) {
  return WhyLoses(plan, best, objective, Lang::En);
}

std::string WhyLoses(const Plan& plan, const Plan& best, Objective objective, Lang lang) {
  const double kp = RankKey(plan, objective), kb = RankKey(best, objective);
  const double pct = kb > 0 ? 100.0 * (kp / kb - 1.0) : 0.0;
  // A tight layout within the penalty's reach of a safe best loses for its margin, not its speed.
  if (plan.memory.tight && !best.memory.tight && kp / kTightPenalty <= kb * (1 + 1e-9))
    return TrFill(lang, "{0}: {1}",
                  {Translate(lang, "ranked after a safe layout of similar cost"),
                   Translate(lang, "tight: may run out of memory")});
  if (pct < 0.5) return Translate(lang, "ties with the best (within 0.5%): an equivalent layout");
  const std::string head =
      TrFill(lang, objective == Objective::Cost ? "{0}% more expensive" : "{0}% slower", {Fmt("%.0f", pct)});
  const StepBreakdown& a = plan.step;
  const StepBreakdown& b = best.step;
  struct Reason {
    double delta;
    const char* words;
  };
  const Reason step_reasons[] = {
      {a.compute_s - b.compute_s, "more compute (recomputation or smaller, less efficient matrix multiplies)"},
      {a.memory_s - b.memory_s, "more memory-bound time"},
      {a.comm_exposed_s - b.comm_exposed_s, "more exposed communication"},
      {a.bubble_s - b.bubble_s, "larger pipeline bubble"},
      {a.offload_s - b.offload_s, "offload transfers"},
  };
  // Post-training ranks by the RL step: its phases say where the time went (the rollout's pools and tensor
  // parallelism show in generation, the training layout in the passes and the training).
  const RlStep& ra = plan.rl;
  const RlStep& rb = best.rl;
  const Reason rl_reasons[] = {
      {ra.generation_s - rb.generation_s, "slower generation (the rollout's pool or tensor parallelism)"},
      {ra.logprob_s - rb.logprob_s, "longer log-probability passes"},
      {ra.training_s - rb.training_s, "longer policy training"},
      {ra.sync_s - rb.sync_s, "a longer weight sync"},
  };
  const bool rl = ra.active && rb.active;
  const Reason* first = rl ? std::begin(rl_reasons) : std::begin(step_reasons);
  const Reason* last = rl ? std::end(rl_reasons) : std::end(step_reasons);
  const Reason* worst = first;
  for (const Reason* r = first; r != last; ++r)
    if (r->delta > worst->delta) worst = r;
  const char* why = worst->delta <= 0 ? "same step, fewer GPUs busy or more failures" : worst->words;
  return TrFill(lang, "{0}: {1}", {head, Translate(lang, why)});
}

}  // namespace tp
