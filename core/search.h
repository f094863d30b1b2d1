// search.h — layout search: enumerate every valid layout for the keys left on auto, evaluate each with
// the full model, drop what does not fit, rank by time or cost, keep the top N and the time/cost Pareto
// front (across GPU types when asked). Time-sliceable so the page can run it a slice per frame.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "config.h"
#include "job.h"
#include "plan.h"

namespace tp {

// Bounds on one search: GPU types and counts (repeats dropped), and outer layouts (tp x pp x cp x ep x vp
// per variant; each has at most a few hundred inner choices). Beyond kMaxOuters the search is refused
// (SearchResult::too_large) rather than left to run for minutes.
inline constexpr size_t kMaxGpuTypes = 32, kMaxGpuCounts = 64, kMaxOuters = 200000;

struct SearchOptions {
  Objective objective = Objective::Time;
  int top = 10;
  std::vector<std::string> gpu_types;  // extra GPU ids to search (Pareto across types); empty = the job's
  std::vector<int> gpu_counts;         // GPU counts to search; empty = the job's
};

// One candidate run: the job on one GPU type and count, and the plan of one layout.
struct SearchHit {
  Plan plan;
  int variant = 0;  // index into SearchResult::jobs
};

struct SearchResult {
  std::vector<Job> jobs;           // the job variants searched (GPU type x count)
  std::vector<std::string> gpu_ids;
  std::vector<SearchHit> top;      // best first, all fit
  std::vector<SearchHit> pareto;   // time vs cost front of fitting plans, fastest first
  SearchHit least_memory;          // the layout needing the least memory (for "what would make it fit")
  bool any_fits = false;
  uint64_t evaluated = 0;          // layouts evaluated with the full model (memory + time + run)
  uint64_t enumerated = 0;         // layouts considered (evaluated + pruned by the memory bound)
  double elapsed_s = 0;
  bool done = false;
  bool too_large = false;          // more than kMaxOuters outer layouts: nothing searched (fix some layout keys)
};

// Incremental search: Begin once, Step until done (each Step evaluates about `budget` layouts).
class LayoutSearch {
 public:
  LayoutSearch();
  ~LayoutSearch();
  LayoutSearch(const LayoutSearch&) = delete;
  LayoutSearch& operator=(const LayoutSearch&) = delete;
  void Begin(const Config& cfg, const SearchOptions& options);
  bool Step(uint64_t budget);   // returns true when finished
  double Progress() const;      // 0..1
  const SearchResult& Result() const;

 private:
  struct Impl;
  Impl* impl_;
};

SearchResult SearchLayouts(const Config& cfg, const SearchOptions& options);

// Why `plan` loses to `best`, in words: "2% slower: larger pipeline bubble".
std::string WhyLoses(const Plan& plan, const Plan& best, Objective objective);
std::string WhyLoses(const Plan& plan, const Plan& best, Objective objective, Lang lang);

}  // namespace tp
