// search.h — layout search: enumerate every valid layout for the keys left on auto, evaluate each with
// the full model, drop what does not fit, rank by time or cost, keep the top N and the time/cost Pareto
// front. Time-sliceable so the page can run it a slice per frame.
#pragma once
#include <cstdint>
#include <vector>

#include "config.h"
#include "job.h"
#include "plan.h"

namespace tp {

struct SearchOptions {
  Objective objective = Objective::Time;
  int top = 10;
};

struct SearchResult {
  std::vector<Plan> top;           // best first, all fit
  std::vector<Plan> pareto;        // time vs cost front (fitting plans)
  Plan best_nonfitting;            // least-memory layout when nothing fits (for "what would make it fit")
  uint64_t evaluated = 0;          // layouts evaluated with the full model
  uint64_t space = 0;              // layouts enumerated (evaluated + pruned)
  double elapsed_s = 0;
  bool done = false;
};

// Incremental search: Begin once, Step until done (each Step evaluates about `budget` layouts).
class LayoutSearch {
 public:
  void Begin(const Config& cfg, const Job& job, const SearchOptions& options);
  bool Step(uint64_t budget);   // returns true when finished
  double Progress() const;      // 0..1
  const SearchResult& Result() const { return result_; }

 private:
  struct Impl;
  Config cfg_;
  Job job_;
  SearchOptions options_;
  SearchResult result_;
  std::vector<Layout> candidates_;
  size_t next_ = 0;
};

SearchResult SearchLayouts(const Config& cfg, const Job& job, const SearchOptions& options);

}  // namespace tp
