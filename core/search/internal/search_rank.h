// search_rank.h — how the layout search ranks (internal to core/search*.cpp): the ranking keys, ties, the
// order of a layout in the enumeration, and the answer built one evaluated layout at a time (top N by one
// or both objectives, the time/cost Pareto front, the least-memory layout). The search, the replay of its
// kept layouts and the merge of split searches all feed this one Answer, so they rank alike.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "search.h"

namespace tp::search_detail {

// A tight layout (it fits, but the memory band's upper end passes the usable memory: memory.verdict) ranks as if
// this much slower or dearer: after every safe layout within 5 % of its cost, and WhyLoses says so.
inline constexpr double kTightPenalty = 1.05;

// Days (or step seconds for a plan without a run), or cost with days as a tie-breaker; a tight layout's x 1.05.
inline double RankKey(const Plan& p, Objective objective) {
  const double time = p.run.days > 0 ? p.run.days : p.step.seconds;
  const double penalty = p.memory.tight && TightRankedLast() ? kTightPenalty : 1.0;
  if (objective == Objective::Cost && p.run.cost_usd > 0) return penalty * (p.run.cost_usd + 1e-9 * time);
  return penalty * time;
}

// Largest usable fraction first would favour near-OOM layouts; a fitting plan is ranked only by the
// objective, but ties (equal to 1e-9 relative) prefer the one with more memory to spare.
inline bool Better(const Plan& a, const Plan& b, Objective objective) {
  const double ka = RankKey(a, objective), kb = RankKey(b, objective);
  if (ka < kb * (1 - 1e-9)) return true;
  if (kb < ka * (1 - 1e-9)) return false;
  return a.memory.total < b.memory.total;
}

inline double MemoryRatio(const MemoryBreakdown& m) { return m.usable > 0 ? m.total / m.usable : 1e300; }

// A layout's position in the enumeration (variant, outer layout, inner choice): ties go to the first.
inline uint64_t Order(int variant, int outer_index, int inner) {
  return (uint64_t(variant) << 40) | (uint64_t(outer_index) << 16) | uint64_t(inner);
}

inline Objective Other(Objective o) { return o == Objective::Time ? Objective::Cost : Objective::Time; }

// The answer so far: top N by one or both objectives, the Pareto front and the least-memory layout, fed
// one evaluated layout at a time (the exhaustive search's own rules, in whatever order it is fed).
struct Answer {
  Objective objective = Objective::Time;
  bool both = false;
  bool top_only = false;  // SearchOptions::top_only: no front, no least-memory layout
  size_t limit = 1;
  std::vector<SearchHit> top, top_other, pareto;
  SearchHit least_memory;
  double least_ratio = 1e300;
  bool any_fits = false;

  void Init(const SearchOptions& options) {
    objective = options.objective;
    both = options.both_objectives;
    top_only = options.top_only;
    limit = size_t(std::max(1, options.top));
  }

  static void Rank(std::vector<SearchHit>& list, size_t limit, const SearchHit& hit, Objective objective) {
    if (list.size() < limit || Better(hit.plan, list.back().plan, objective)) {
      auto pos = std::find_if(list.begin(), list.end(),
                              [&](const SearchHit& h) { return Better(hit.plan, h.plan, objective); });
      list.insert(pos, hit);
      if (list.size() > limit) list.pop_back();
    }
  }

  void Consider(const SearchHit& hit) {
    const Plan& plan = hit.plan;
    const double ratio = MemoryRatio(plan.memory);
    if (!top_only && ratio < least_ratio) {
      least_ratio = ratio;
      least_memory = hit;
    }
    if (!plan.memory.fits) return;
    any_fits = true;
    Rank(top, limit, hit, objective);
    if (both) Rank(top_other, limit, hit, Other(objective));
    if (top_only) return;
    // Pareto front on (days, cost): keep plans no other plan beats on both.
    const double t = plan.run.days, c = plan.run.cost_usd;
    for (const SearchHit& h : pareto)
      if (h.plan.run.days <= t && h.plan.run.cost_usd <= c) return;
    pareto.erase(std::remove_if(pareto.begin(), pareto.end(),
                                [&](const SearchHit& h) { return t <= h.plan.run.days && c <= h.plan.run.cost_usd; }),
                 pareto.end());
    auto pos = std::find_if(pareto.begin(), pareto.end(), [&](const SearchHit& h) { return t < h.plan.run.days; });
    pareto.insert(pos, hit);
  }

  // The worst key among the N kept by `objective` (+inf while fewer than N are kept): a layout whose key
  // is above it by more than the tie tolerance cannot enter the top N.
  double Worst(bool other) const {
    const std::vector<SearchHit>& list = other ? top_other : top;
    if (list.size() < limit) return INFINITY;
    const Objective o = other ? Other(objective) : objective;
    double worst = 0;
    for (const SearchHit& h : list) worst = std::max(worst, RankKey(h.plan, o));
    return worst;
  }

  // Some kept layout is no worse on days and cost than (days, cost) and better on one: a layout at or
  // above those values is not on the final front.
  bool Dominated(double days, double cost) const {
    for (const SearchHit& h : pareto) {
      const double d = h.plan.run.days, c = h.plan.run.cost_usd;
      if (d <= days && c <= cost && (d < days || c < cost)) return true;
    }
    return false;
  }

  void WriteTo(SearchResult& r) const {
    r.top = top;
    r.top_other = top_other;
    r.pareto = pareto;
    r.least_memory = any_fits ? SearchHit{} : least_memory;  // (asked for only when nothing fits)
    r.any_fits = any_fits;
  }
};

}  // namespace tp::search_detail
