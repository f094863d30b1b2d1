// search_engine.h — the layout search's state and phases (internal to core/search*.cpp), split by what
// each file does: search_enumerate.cpp lists the variants, outer layouts and inner choices;
// search_bounds.cpp bounds a group of layouts from below and decides what the answer can do without;
// search.cpp evaluates, runs the phases and is the public interface (search.h); search_rank.h ranks.
#pragma once
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "capabilities.h"
#include "search.h"
#include "search_rank.h"

namespace tp::search_detail {

// Relative margins of the bounds. Ranking ties are 1e-9 relative (Better); a bound must beat the N-th best
// key by far more than that. A bound summed in another order than the estimator's is shrunk by far more
// than rounding.
constexpr double kKeyMargin = 1e-6;
constexpr double kShrink = 1e-12;
constexpr double kMemoryMargin = 1e-9;

struct Outer {
  int variant;
  int index;  // within its variant, in enumeration order
  int tp, pp, cp, ep, vp, dp;
  PipeSchedule sched = PipeSchedule::OneF1B;  // with pp > 1 (interleaved when vp > 1)
};

// Lower bounds on the step time, days, cost and both ranking keys (by Objective::Time, Objective::Cost) of
// a group of layouts (search_bounds.cpp): of every layout in it, and of its layouts with ZeRO 0-2 alone
// (whose gradient all-reduce one backward can hide only in part). `any` is at most `low_zero` in every
// field, so whatever excludes `any` excludes `low_zero` too.
struct Bound {
  double seconds = 0, days = 0, cost = 0;
  double key[2] = {0, 0};
};
struct Bounds {
  Bound any, low_zero;
};
// The bound of the whole group: `any` when it holds ZeRO-3 layouts, else `low_zero`.
inline const Bound& Lowest(const Bounds& b, bool zero3) { return zero3 ? b.any : b.low_zero; }

// Per outer layout: what the search knows about it.
struct OuterInfo {
  int gbs = 0, local = 0;  // the global batch it runs and sequences per data-parallel rank
  uint32_t count = 0;      // layouts it holds (the enumeration's count)
  uint64_t divisors = 0;   // micro-batch sizes 1..64 that divide `local` (bit d-1), in enumeration order
  uint64_t cells = 0;      // of those, the ones that hold layouts
  Bounds bounds;           // lower bounds of every layout in it (search_bounds.cpp)
  bool zero3 = false;      // it holds ZeRO-3 layouts
};

// One inner choice besides the micro-batch; `pos` orders it in the enumeration.
struct Inner {
  int8_t zero;
  Offload off;
  Recompute rc;
  bool sp;
  uint16_t pos;
};
constexpr int kInnerPerMbs = 4 * 3 * 3 * 2;  // zero x offload x recompute x sp
constexpr int kMaxMbs = 64;

// An outer layout made ready to search: its job and its choices.
struct Group {
  Job job;
  int n_cells = 0;
  int mbs[kMaxMbs];    // micro-batch sizes that hold layouts, ascending
  int index[kMaxMbs];  // ... and their positions in the enumeration
  int n_inner = 0;
  const Inner* inners = nullptr;
  bool zero3 = false;  // some inner choice has ZeRO-3
};

// The inner choices of one kind of outer layout (Engine::InnersOf).
struct InnerSet {
  std::vector<Inner> list;  // in enumeration order (may be empty)
  bool zero3 = false;       // some choice has ZeRO-3
  bool built = false;
};

// The search's state and its phases (LayoutSearch::Impl; CheckSearchBounds reads its bounds).
struct Engine {
  enum class Phase { Probe, Time, MemoryProbe, Memory, Replay, Done };

  LayoutKeys fixed;  // the layout keys the configuration fixed (SearchSpace::fixed)
  SearchOptions options;
  SearchResult result;
  std::vector<Outer> outers;
  std::vector<OuterInfo> info;
  std::vector<uint32_t> active;  // the outers of the variants searched, in enumeration order
  std::chrono::steady_clock::time_point start;
  Phase phase = Phase::Done;
  size_t cursor = 0;
  uint64_t total = 0;  // layouts of the active outers
  uint64_t work = 0;   // estimator calls, for the slice budget

  Answer live;   // fed in search order; the bounds compare against it
  Answer exact;  // the exhaustive search's answer (exhaustive mode), or the replay's
  // SearchOptions::fastest_each: each variant's fastest layout, as `live` and `exact` (top 1 by time).
  std::vector<Answer> live_fastest, exact_fastest;
  struct Kept {
    uint64_t order;
    int variant;
    Plan plan;
  };
  std::vector<Kept> kept;  // layouts that may belong in the answer
  size_t kept_compacted = 0;

  // The time phase's order (best bound first; with both objectives, alternately by each) and the
  // groups it left to the memory phase: (outer, micro-batch index or -1 for every one).
  std::vector<uint32_t> time_order;
  struct Deferred {
    uint32_t outer;
    int16_t cell;           // index into the outer's micro-batch list; -1 = all of them
    double memory_lb = -1;  // ratio to the GPU's usable memory; -1 = not bounded yet
    uint32_t count = 0;
  };
  std::vector<Deferred> deferred;
  // The inner choices depend on the outer layout only through a few of its degrees (InnersOf).
  std::vector<InnerSet> inner_cache;
  std::vector<double> usable_of;  // per variant, -1 until read (Usable)

  // ---- enumeration (search_enumerate.cpp) -------------------------------------------------------
  void BuildOuters();
  AskKeys AutoKeys() const;  // the layout keys left on auto, as AskKey bits (core/stack/capabilities.h)
  // The outer layout's job: the variant's, with the global batch this outer runs written in (an auto
  // batch follows dp), so that Evaluate does not copy the job per layout.
  Job OuterJob(const Outer& o) const;
  static Layout BaseLayout(const Outer& o) {
    Layout l;
    l.tp = o.tp, l.pp = o.pp, l.cp = o.cp, l.ep = o.ep, l.vp = o.vp, l.dp = o.dp;
    l.schedule = o.sched;
    return l;
  }
  static bool ScheduleCell(const Outer& o, int micro);
  // The micro-batch sizes of an outer layout that hold layouts, as bit masks (OuterInfo::divisors, cells).
  void CellMasks(const Outer& o, OuterInfo& in) const;
  int Cells(const Outer& o, const OuterInfo& in, int* mbs, int* index) const;
  const InnerSet& InnersOf(const Outer& o, const Job& job);
  Group MakeGroup(uint32_t k);
  // The inner choices besides the micro-batch, in enumeration order (the same for every micro-batch).
  int Inners(const Outer& o, const Job& job, Inner* out) const;
  static Layout InnerLayout(const Outer& o, int mbs, const Inner& in) {
    Layout l = BaseLayout(o);
    l.mbs = mbs;
    l.zero = in.zero;
    l.offload = in.off;
    l.recompute = in.rc;
    l.sp = in.sp;
    return l;
  }

  // ---- bounds (search_bounds.cpp) ---------------------------------------------------------------
  Bounds TimeBound(const Job& job, const Outer& o, int mbs_hi, int mbs_lo);
  double MemoryBound(const Job& job, const Outer& o, int mbs, const Inner* inners, int n_inner);
  double Usable(const Outer& o);
  bool TimeExcluded(const Bound& b, int variant) const;
  bool MemoryExcluded(double bytes, double usable) const;
  bool MayMatter(const Plan& plan, int variant) const;

  // ---- evaluation and phases (search.cpp) -------------------------------------------------------
  void Keep(const Plan& plan, int variant, uint64_t order);
  void EvaluateCell(const Outer& o, const Group& g, int cell, const Bounds* bounds, double usable);
  void Skip(uint64_t layouts);
  void ProbeOuter(uint32_t k);
  void TimeOuter(uint32_t k);
  void ProbeMemory(Deferred& d);
  void MemoryItem(const Deferred& d);
  void BuildTimeOrder();
  void Replay();
  // The answers, empty, for options (live, exact and each variant's fastest).
  void InitAnswers();
  void Consider(Answer& answer, std::vector<Answer>& fastest, const SearchHit& hit);
  void WriteAnswer();
  // One unit of the current phase; false when the phase is over.
  bool Advance();
  bool Next(Phase p) {
    phase = p;
    cursor = 0;
    return p != Phase::Done;
  }
};

}  // namespace tp::search_detail
