// search.h — layout search: every valid layout for the keys left on auto, ranked by time or cost, the top
// N and the time/cost Pareto front kept (across GPU types and counts when asked), and the layout needing
// the least memory. Lower bounds on step time and memory (from the engine's own estimators) skip what
// cannot win without a full evaluation; the answer is the exhaustive search's (tests/core/search_test.cpp).
// Time-sliceable so the page can run it a slice per frame, and splittable by job variant so the page's
// Web Workers can each search a share and the parts merge into the one answer. The search sees resolved jobs,
// never a configuration: core/planner/search_config.h makes a configuration's search.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "i18n_core.h"
#include "job.h"
#include "plan.h"
#include "resolve.h"

namespace tp {

// Bounds on one search: outer layouts (tp x pp x cp x ep x vp per variant; each has at most a few hundred
// inner choices). Beyond kMaxOuters the search is refused (SearchResult::too_large) rather than left to run
// for minutes. (GPU types and counts: kMaxGpuTypes, kMaxGpuCounts in resolve.h.)
inline constexpr size_t kMaxOuters = 200000;
// The most interleaved chunks per GPU the search tries (vp): one layer per chunk for a 32-layer stage. A vp given
// beyond it is planned as given.
inline constexpr int kMaxVp = 32;

struct SearchOptions {
  Objective objective = Objective::Time;
  int top = 10;
  // The job variants a configuration's search covers (ResolveVariants, resolve.h): GPU ids to search
  // (Pareto across types) and GPU counts; empty = the configuration's own.
  std::vector<std::string> gpu_types;
  std::vector<int> gpu_counts;
  // Also keep the top N by the other objective (SearchResult::top_other), so that a surface can switch
  // between "by time" and "by cost" without searching again.
  bool both_objectives = false;
  // Evaluate every layout with the full model, no bounds: the reference the pruned search is tested
  // against (same top, Pareto front and least-memory layout).
  bool exhaustive = false;
  // Only the top N by `objective`: no Pareto front and no least-memory layout (SearchResult::pareto and
  // least_memory stay empty), so nothing but the top N keeps a layout from its bound (as each variant's
  // fastest is kept in a fastest_each search).
  bool top_only = false;
  // Also find each job variant's fastest layout (SearchResult::fastest): the search view's point per GPU
  // type, found in the same search as the table (its probes and bounds shared) rather than one each.
  bool fastest_each = false;
  // Search only these job variants (indices into SearchResult::jobs, which still lists all of them):
  // one worker's share of a search split across GPU types. Empty = all.
  std::vector<int> variants;
  // An RL goal with rl_colocate (and rl_rollout_tp) on auto: also search colocated against split pools and the
  // rollout's tensor parallelism, as job variants (ResolveVariants). The command line's search; the page's Search
  // view charts one point per GPU type and leaves it off.
  bool rl_pools = false;
};

// One candidate run: the job on one GPU type and count, and the plan of one layout.
struct SearchHit {
  Plan plan;
  int variant = 0;     // index into SearchResult::jobs
  uint64_t order = 0;  // position in the search's enumeration (variant, outer layout, inner choice): ties
                       // go to the first, whichever order the layouts were evaluated in or however split
};

struct SearchResult {
  std::vector<Job> jobs;  // the job variants searched (GPU type x count)
  std::vector<std::string> gpu_ids;
  std::vector<SearchHit> top;        // best first, all fit
  std::vector<SearchHit> top_other;  // SearchOptions::both_objectives: best first by the other objective
  std::vector<SearchHit> pareto;     // time vs cost front of fitting plans, fastest first
  SearchHit least_memory;            // when nothing fits, the layout needing the least memory (for "what would
                                     // make it fit"); empty once a layout fits (the search stops looking)
  // SearchOptions::fastest_each: per job variant (index as in `jobs`), its fastest fitting layout, the
  // first in enumeration order on a tie; plan.valid is false where nothing of that variant fits or the
  // variant was not searched (SearchOptions::variants).
  std::vector<SearchHit> fastest;
  bool any_fits = false;
  uint64_t evaluated = 0;   // layouts evaluated with the full model (memory + time + run)
  uint64_t enumerated = 0;  // layouts considered: evaluated, excluded by a bound, or refused by
                            // the layout rules (CheckLayout)
  uint64_t bounded = 0;     // of enumerated: excluded by a lower bound without a full evaluation
  double elapsed_s = 0;
  bool done = false;
  bool too_large = false;  // more than kMaxOuters outer layouts: nothing searched (fix some layout keys)
};

// What one search covers: the job on each GPU type and count, each resolved once (ResolveVariants), the GPU
// id each was asked as, and the layout keys the configuration fixed (the rest are searched).
struct SearchSpace {
  std::vector<Job> jobs;
  std::vector<std::string> gpu_ids;
  LayoutKeys fixed;
};

// Incremental search: Begin once, Step until done (each Step evaluates about `budget` layouts).
class LayoutSearch {
 public:
  LayoutSearch();
  ~LayoutSearch();
  LayoutSearch(const LayoutSearch&) = delete;
  LayoutSearch& operator=(const LayoutSearch&) = delete;
  void Begin(SearchSpace space, const SearchOptions& options);
  bool Step(uint64_t budget);  // returns true when finished
  double Progress() const;     // 0..1
  const SearchResult& Result() const;

 private:
  struct Impl;
  Impl* impl_;
};

SearchResult SearchLayouts(SearchSpace space, const SearchOptions& options);

// Whether a tight layout (memory.verdict, bands.h) ranks as 5 % slower or dearer (the default, true). The validation
// runs (core/validation) plan without it while they run: the bands are fitted from their residuals, and a ranking
// that read the bands would feed the fit its own output.
bool TightRankedLast();
void SetTightRankedLast(bool on);

// Whether plan `a` ranks before `b` by `objective`, as the search ranks its layouts (days, or cost with days as a
// tie-breaker; a tight layout 5 % behind; ties to the one with more memory to spare). Both are taken to fit.
bool RanksBefore(const Plan& a, const Plan& b, Objective objective);

// The top N by `objective`: `top` when it is the searched one, else top_other (both_objectives).
const std::vector<SearchHit>& RankedBy(const SearchResult& result, const SearchOptions& options, Objective objective);

// One answer from searches of disjoint shares (SearchOptions::variants) of the same search: the same
// top, Pareto front and least-memory layout as searching everything at once. Counts are summed.
SearchResult MergeSearchResults(const std::vector<SearchResult>& parts, const SearchOptions& options);

// The bounds the pruned search relies on, checked against the full model on every layout of the search
// (exhaustively): "" when every bound holds, else the first violation in words. The bounds read the
// engine's own estimators at relaxed layouts; this test keeps them honest when the physics changes.
std::string CheckSearchBounds(SearchSpace space, const SearchOptions& options);

// Why `plan` loses to `best`, in words: "2% slower: larger pipeline bubble".
std::string WhyLoses(const Plan& plan, const Plan& best, Objective objective);
std::string WhyLoses(const Plan& plan, const Plan& best, Objective objective, Lang lang);

}  // namespace tp
