// search.cpp — layout search. For each job variant (GPU type x count) the outer layout (tp, pp, cp, ep,
// vp) is enumerated up front, valid by construction; inside each outer layout the inner choices
// (micro-batch, ZeRO stage, offload, recompute, sequence parallel) are the layouts a full evaluation
// ranks. Nothing that does not fit is ranked.
//
// [SECTION] What the pruned search skips, and why it is safe
// Most layouts cannot win: only the N best by each objective, the time/cost Pareto front and the one
// layout needing the least memory are answered. Before evaluating a group of layouts in full, the search
// takes lower bounds from the engine's own estimators at a relaxed layout of the group:
//   - step time of an outer layout (or of one micro-batch size in it): EstimateStep at the largest
//     micro-batch (or that one), no recomputation, sequence parallelism on, optimizer offloaded; the
//     compute, memory-bound, tensor/expert/pipeline parts of that step, plus the pipeline bubble those
//     alone imply, are each at most what any layout of the group pays (bigger micro-batches only make
//     GEMMs more efficient; recomputation, ZeRO's traffic and the optimizer step only add). Through the
//     real EstimateRun (monotone in step time) this bounds days, cost and both ranking keys.
//   - memory of an outer layout (or micro-batch size): EstimateMemory at the smallest micro-batch with
//     sequence parallelism, no ZeRO and no offload, for each recomputation mode allowed: what is not model
//     states (activations, temporaries, CUDA context, NCCL) is at most what any layout of the group needs
//     on that GPU (activations only grow with the micro-batch; ZeRO-3 only adds gathered weights; model
//     states are never negative).
// A group is skipped when its time bound loses to N layouts already evaluated (by more than the ranking's
// own tie tolerance, under every objective kept), a layout already evaluated dominates it on the Pareto
// front (no worse on days and cost, better on one), and its memory bound exceeds the least memory seen
// (or, for ranking, the GPU's usable memory). Every skipped layout provably stays out of the answer.
// CheckSearchBounds verifies the bounds against every layout's full evaluation, and the tests compare the
// answer with the exhaustive search's on varied configurations.
//
// The groups are searched best bound first (so the bounds bite early), and every layout that might still
// belong in the answer is kept with its position in the enumeration; at the end they are replayed in
// enumeration order, so ties resolve exactly as in the exhaustive search.
#include "search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "catalog.h"
#include "memory.h"
#include "planner.h"
#include "run.h"
#include "stack.h"
#include "step.h"
#include "text.h"

namespace tp {
namespace {

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
};

// Per outer layout: what the search knows about it.
struct OuterInfo {
  int gbs = 0, local = 0;   // the global batch it runs and sequences per data-parallel rank
  uint32_t count = 0;       // layouts it holds (the enumeration's count)
  uint64_t divisors = 0;    // micro-batch sizes 1..64 that divide `local` (bit d-1), in enumeration order
  uint64_t cells = 0;       // of those, the ones that hold layouts
  double seconds_lb = 0;    // lower bound on the step time of every layout in it
  double key_lb[2] = {0, 0};  // ... on the ranking keys (time, cost)
  double days_lb = 0, cost_lb = 0;
  bool probed = false;
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
};

std::vector<int> PowersOfTwoUpTo(int limit) {
  std::vector<int> v;
  for (int x = 1; x <= limit && x > 0; x *= 2) v.push_back(x);
  return v;
}

std::vector<int> DivisorsUpTo(int n, int limit) {
  std::vector<int> v;
  for (int d = 1; d <= n && d <= limit; ++d)
    if (n % d == 0) v.push_back(d);
  return v;
}

std::vector<int> Fixed(int value) { return {value}; }

double RankKey(const Plan& p, Objective objective) {
  const double time = p.run.days > 0 ? p.run.days : p.step.seconds;
  if (objective == Objective::Cost && p.run.cost_usd > 0) return p.run.cost_usd + 1e-9 * time;
  return time;
}

// Largest usable fraction first would favour near-OOM layouts; a fitting plan is ranked only by the
// objective, but ties (equal to 1e-9 relative) prefer the one with more memory to spare.
bool Better(const Plan& a, const Plan& b, Objective objective) {
  const double ka = RankKey(a, objective), kb = RankKey(b, objective);
  if (ka < kb * (1 - 1e-9)) return true;
  if (kb < ka * (1 - 1e-9)) return false;
  return a.memory.total < b.memory.total;
}

double MemoryRatio(const MemoryBreakdown& m) { return m.usable > 0 ? m.total / m.usable : 1e300; }

uint64_t Order(int variant, int outer_index, int inner) {
  return (uint64_t(variant) << 40) | (uint64_t(outer_index) << 16) | uint64_t(inner);
}

Objective Other(Objective o) { return o == Objective::Time ? Objective::Cost : Objective::Time; }

// The answer so far: top N by one or both objectives, the Pareto front and the least-memory layout, fed
// one evaluated layout at a time (the exhaustive search's own rules, in whatever order it is fed).
struct Answer {
  Objective objective = Objective::Time;
  bool both = false;
  size_t limit = 1;
  std::vector<SearchHit> top, top_other, pareto;
  SearchHit least_memory;
  double least_ratio = 1e300;
  bool any_fits = false;

  void Init(const SearchOptions& options) {
    objective = options.objective;
    both = options.both_objectives;
    limit = size_t(std::max(1, options.top));
  }

  static void Rank(std::vector<SearchHit>& list, size_t limit, const SearchHit& hit, Objective objective) {
    if (list.size() < limit || Better(hit.plan, list.back().plan, objective)) {
      auto pos = std::find_if(list.begin(), list.end(), [&](const SearchHit& h) { return Better(hit.plan, h.plan, objective); });
      list.insert(pos, hit);
      if (list.size() > limit) list.pop_back();
    }
  }

  void Consider(const SearchHit& hit) {
    const Plan& plan = hit.plan;
    const double ratio = MemoryRatio(plan.memory);
    if (ratio < least_ratio) {
      least_ratio = ratio;
      least_memory = hit;
    }
    if (!plan.memory.fits) return;
    any_fits = true;
    Rank(top, limit, hit, objective);
    if (both) Rank(top_other, limit, hit, Other(objective));
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
    r.least_memory = least_memory;
    r.any_fits = any_fits;
  }
};

// Lower bounds of a group of layouts (see the header comment).
struct Bound {
  double seconds = 0, days = 0, cost = 0;
  double key[2] = {0, 0};  // by Objective::Time, Objective::Cost
};

// The search's state and its phases (LayoutSearch::Impl; CheckSearchBounds reads its bounds).
struct Engine {
  enum class Phase { Probe, Time, MemoryProbe, Memory, Replay, Done };

  Config cfg;
  SearchOptions options;
  SearchResult result;
  std::vector<Outer> outers;
  std::vector<OuterInfo> info;
  std::vector<uint32_t> active;  // the outers of the variants searched, in enumeration order
  std::chrono::steady_clock::time_point start;
  Phase phase = Phase::Done;
  size_t cursor = 0;
  uint64_t total = 0;   // layouts of the active outers
  uint64_t work = 0;    // estimator calls, for the slice budget

  Answer live;          // fed in search order; the bounds compare against it
  Answer exact;         // the exhaustive search's answer (exhaustive mode), or the replay's
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
  std::vector<uint8_t> visited;
  struct Deferred {
    uint32_t outer;
    int16_t cell;  // index into the outer's micro-batch list; -1 = all of them
    double memory_lb = -1;  // ratio to the GPU's usable memory; -1 = not bounded yet
    uint32_t count = 0;
  };
  std::vector<Deferred> deferred;

  // ---- enumeration ------------------------------------------------------------------------------

  void BuildVariants() {
    // Repeats are searched once, and the lists are capped (kMaxGpuTypes x kMaxGpuCounts variants): a
    // thousand of each is a million searches, not a question anyone asks.
    std::vector<std::string> gpu_ids;
    for (const std::string& id : options.gpu_types)
      if (gpu_ids.size() < kMaxGpuTypes && std::find(gpu_ids.begin(), gpu_ids.end(), id) == gpu_ids.end())
        gpu_ids.push_back(id);
    if (gpu_ids.empty()) gpu_ids.push_back(cfg.gpu);
    std::vector<int> counts;
    for (int n : options.gpu_counts)
      if (counts.size() < kMaxGpuCounts && std::find(counts.begin(), counts.end(), n) == counts.end()) counts.push_back(n);
    if (counts.empty()) counts.push_back(cfg.gpus);
    for (const std::string& id : gpu_ids) {
      for (int count : counts) {
        Config c = cfg;
        SelectGpu(c, id);
        c.gpus = count;
        std::vector<ConfigIssue> issues;
        Job job = ResolveJob(c, issues);
        if (!job.hw.gpu) continue;
        result.jobs.push_back(job);
        result.gpu_ids.push_back(id);
      }
    }
  }

  void BuildOuters() {
    for (int v = 0; v < int(result.jobs.size()); ++v) {
      const Job& job = result.jobs[v];
      const ModelArch& m = job.model;
      const int gpus = std::max(1, job.hw.gpus);
      const int per_node = std::max(1, job.hw.gpus_per_node);
      const bool size_only = m.layers <= 0;
      std::vector<int> tps, pps, cps, eps;
      if (cfg.tp != kAuto) tps = Fixed(cfg.tp);
      else if (size_only) tps = Fixed(1);
      else
        for (int t : PowersOfTwoUpTo(std::min(per_node, gpus))) {
          const bool mla = m.kv_lora_rank > 0;
          const int kv = m.kv_heads > 0 ? m.kv_heads : m.heads;
          if (m.heads % t == 0 && (mla || kv % t == 0 || t % kv == 0)) tps.push_back(t);
        }
      if (cfg.pp != kAuto) pps = Fixed(cfg.pp);
      else if (size_only) pps = Fixed(1);
      else {
        // Divisors of the layer count split evenly; powers of two (the counts that divide a cluster) may
        // split unevenly, as Llama 3 405B's 126 layers on 16 stages did: the memory and step models
        // charge the most loaded stage, so an uneven split wins only when it really is faster.
        pps = DivisorsUpTo(m.layers, std::min(gpus, 128));
        for (int p : PowersOfTwoUpTo(std::min({gpus, 128, m.layers})))
          if (m.layers % p != 0) pps.push_back(p);
      }
      if (cfg.cp != kAuto) cps = Fixed(cfg.cp);
      else if (size_only) cps = Fixed(1);
      else
        for (int c : PowersOfTwoUpTo(32))
          if (c == 1 || job.work.seq % (2 * c) == 0) cps.push_back(c);
      int index = 0;
      for (int t : tps)
        for (int p : pps)
          for (int c : cps) {
            const long long group = (long long)t * p * c;
            if (group > gpus || gpus % group != 0) continue;
            const int dp = int(gpus / group);
            if (cfg.dp != kAuto && cfg.dp != dp) continue;
            if (!job.work.gbs_auto && job.work.gbs % dp != 0) continue;
            eps.clear();
            if (cfg.ep != kAuto) eps = Fixed(cfg.ep);
            else if (m.experts > 1)
              // Inside dp x cp, or folded over tp x dp x cp (ExpertTensorParallel in job.h).
              for (int e : DivisorsUpTo(m.experts, m.experts))
                if ((static_cast<long long>(dp) * c) % e == 0 || (static_cast<long long>(t) * dp * c) % e == 0)
                  eps.push_back(e);
            if (eps.empty()) eps = Fixed(1);
            std::vector<int> vps;
            if (cfg.vp != kAuto) vps = Fixed(cfg.vp);
            else {
              vps.push_back(1);
              if (p > 1 && !size_only)
                for (int x = 2; x <= 8; ++x)
                  if ((m.layers / p) % x == 0) vps.push_back(x);
            }
            for (int e : eps)
              for (int x : vps) {
                if (outers.size() >= kMaxOuters) {
                  // Bounded work: a search this large is refused with a message (the planner names the
                  // layout keys to fix) instead of running for minutes.
                  result.too_large = true;
                  outers.clear();
                  return;
                }
                outers.push_back({v, index++, t, p, c, e, x, dp});
              }
          }
    }
  }

  // The outer layout's job: the variant's, with the global batch this outer runs written in (an auto
  // batch follows dp), so that Evaluate does not copy the job per layout.
  Job OuterJob(const Outer& o) const {
    Job job = result.jobs[o.variant];
    job.work.gbs = GlobalBatch(job.work, BaseLayout(o));
    job.work.gbs_auto = false;
    return job;
  }

  static Layout BaseLayout(const Outer& o) {
    Layout l;
    l.tp = o.tp, l.pp = o.pp, l.cp = o.cp, l.ep = o.ep, l.vp = o.vp, l.dp = o.dp;
    return l;
  }

  // The micro-batch sizes of an outer layout that hold layouts, as bit masks (OuterInfo::divisors, cells).
  void CellMasks(const Outer& o, OuterInfo& in) const {
    in.divisors = in.cells = 0;
    if (cfg.mbs != kAuto) return;  // one fixed size: Cells reads the configuration
    for (int d = 1; d <= in.local && d <= kMaxMbs; ++d) {
      if (in.local % d != 0) continue;
      in.divisors |= uint64_t(1) << (d - 1);
      // Megatron's interleaved schedule needs m % pp == 0.
      if (o.vp <= 1 || (in.local / d) % o.pp == 0) in.cells |= uint64_t(1) << (d - 1);
    }
  }

  int Cells(const Outer& o, const OuterInfo& in, int* mbs, int* index) const {
    int n = 0;
    if (cfg.mbs != kAuto) {
      const int local = in.local;
      if (cfg.mbs > 0 && local % cfg.mbs == 0 && (o.vp <= 1 || (local / cfg.mbs) % o.pp == 0)) mbs[n] = cfg.mbs, index[n++] = 0;
      return n;
    }
    for (uint64_t bits = in.cells; bits; bits &= bits - 1) {
      const int d = __builtin_ctzll(bits) + 1;
      mbs[n] = d;
      index[n++] = __builtin_popcountll(in.divisors & ((uint64_t(1) << (d - 1)) - 1));
    }
    return n;
  }

  // The inner choices depend on the outer layout only through these (and the variant's stack).
  std::vector<std::vector<Inner>> inner_cache;
  const std::vector<Inner>& InnersOf(const Outer& o, const Job& job) {
    const size_t key = size_t(o.variant) * 8 + (o.pp > 1 ? 1 : 0) + (o.dp * o.cp == 1 ? 2 : 0) + (o.tp == 1 ? 4 : 0);
    if (inner_cache.size() <= key) inner_cache.resize(result.jobs.size() * 8 + 8);
    std::vector<Inner>& v = inner_cache[key];
    if (v.empty()) {
      Inner tmp[kInnerPerMbs];
      v.assign(tmp, tmp + Inners(o, job, tmp));
      if (v.empty()) v.push_back({-1, Offload::None, Recompute::None, false, 0});  // marks "none"
    }
    return v;
  }

  Group MakeGroup(uint32_t k) {
    const Outer& o = outers[k];
    Group g;
    g.job = OuterJob(o);
    g.n_cells = Cells(o, info[k], g.mbs, g.index);
    const std::vector<Inner>& v = InnersOf(o, g.job);
    g.n_inner = v[0].zero < 0 ? 0 : int(v.size());
    g.inners = v.data();
    return g;
  }

  // The inner choices besides the micro-batch, in enumeration order (the same for every micro-batch).
  int Inners(const Outer& o, const Job& job, Inner* out) const {
    static constexpr Recompute kAllRecompute[] = {Recompute::None, Recompute::Selective, Recompute::Full};
    static constexpr Offload kAllOffload[] = {Offload::None, Offload::Cpu, Offload::Nvme};
    int n = 0;
    for (int zero = 0; zero <= 3; ++zero) {
      if (cfg.zero != kAuto && zero != cfg.zero) continue;
      if (o.pp > 1 && zero > MaxZeroWithPipeline(job)) continue;  // the stack's rule (CheckLayout's)
      if (zero > 0 && o.dp * o.cp == 1 && cfg.zero == kAuto) continue;  // nothing to shard over
      for (int oi = 0; oi < 3; ++oi) {
        const Offload off = kAllOffload[oi];
        if (cfg.offload != kAuto && int(off) != cfg.offload) continue;
        if (off != Offload::None && zero == 0) continue;         // ZeRO-Offload builds on ZeRO
        if (off == Offload::Nvme && zero != 3) continue;          // ZeRO-Infinity
        for (int ri = 0; ri < 3; ++ri) {
          const Recompute rc = kAllRecompute[ri];
          if (cfg.recompute != Recompute::Auto && rc != cfg.recompute) continue;
          // A stack without a selective mode (per-layer checkpointing only) never gets one. With
          // FlashAttention the scores are never stored, so Megatron's selective recompute (which drops
          // exactly them, Korthikanti et al.) is the same layout as none: do not list it twice.
          if (rc == Recompute::Selective && job.stack && job.stack->selective == SelectiveKind::None) continue;
          if (cfg.recompute == Recompute::Auto && rc == Recompute::Selective && job.work.flash &&
              (!job.stack || job.stack->selective == SelectiveKind::AttentionCore))
            continue;
          for (int sp = 0; sp <= 1; ++sp) {
            if (cfg.sp != kAuto ? sp != cfg.sp : (sp == 1 && o.tp == 1)) continue;
            out[n++] = {int8_t(zero), off, rc, sp == 1, uint16_t(((zero * 3 + oi) * 3 + ri) * 2 + sp)};
          }
        }
      }
    }
    return n;
  }

  static Layout InnerLayout(const Outer& o, int mbs, const Inner& in) {
    Layout l = BaseLayout(o);
    l.mbs = mbs;
    l.zero = in.zero;
    l.offload = in.off;
    l.recompute = in.rc;
    l.sp = in.sp;
    return l;
  }

  // ---- bounds -----------------------------------------------------------------------------------

  // Step time of every layout of the outer at micro-batches mbs_lo..mbs_hi (the lightest in the group
  // sets the most micro-batches, the heaviest the most efficient GEMMs): see the header comment.
  Bound TimeBound(const Job& job, const Outer& o, int mbs_hi, int mbs_lo) {
    Layout l = BaseLayout(o);
    l.mbs = mbs_hi;
    l.zero = 0;
    l.recompute = Recompute::None;
    l.offload = Offload::Cpu;  // the optimizer step moves off the step (offload time is not counted)
    l.sp = o.tp > 1;
    StepBreakdown s;
    Throughput thr;
    EstimateStep(job, l, s, thr);
    ++work;
    double x = s.compute_s + s.memory_s + s.comm_tp_s + s.comm_ep_s + s.comm_pp_s;
    if (!(x > 0) || !std::isfinite(x)) x = 0;
    x *= 1 - kShrink;
    const double m_most = std::ceil(double(job.work.gbs) / (double(std::max(1, mbs_lo)) * std::max(1, o.dp)));
    const double bubble = o.pp > 1 && m_most > 0 ? double(o.pp - 1) / (double(std::max(1, o.vp)) * m_most) : 0.0;
    Bound b;
    b.seconds = x * (1 + bubble) * (1 - kShrink);
    Plan p;
    p.step.seconds = b.seconds;
    p.run = EstimateRun(job, l, p.memory, p.step, p.throughput);
    b.days = p.run.days;
    b.cost = p.run.cost_usd;
    b.key[0] = RankKey(p, Objective::Time);
    b.key[1] = RankKey(p, Objective::Cost);
    return b;
  }

  // Memory (bytes, on the most loaded GPU) of every layout of the outer at micro-batch mbs or more.
  double MemoryBound(const Job& job, const Outer& o, int mbs, const Inner* inners, int n_inner) {
    double lb = INFINITY;
    bool seen[3] = {false, false, false};
    for (int i = 0; i < n_inner; ++i) {
      const int rc = int(inners[i].rc);
      if (rc < 0 || rc > 2 || seen[rc]) continue;
      seen[rc] = true;
      Layout l = BaseLayout(o);
      l.mbs = mbs;
      l.zero = 0;
      l.offload = Offload::None;
      l.recompute = inners[i].rc;
      l.sp = o.tp > 1;
      const MemoryBreakdown m = EstimateMemory(job, l);
      ++work;
      lb = std::min(lb, m.total - m.model_states);
    }
    if (!std::isfinite(lb) || lb < 0) return 0;
    return std::max(0.0, lb * (1 - kShrink) - 1.0);
  }

  // The usable memory of a variant's GPU (memory.cpp's, read off one estimate: it does not depend on the
  // layout; CheckSearchBounds checks that).
  std::vector<double> usable_of;
  double Usable(const Outer& o) {
    if (usable_of.empty()) usable_of.assign(result.jobs.size(), -1);
    double& u = usable_of[o.variant];
    if (u < 0) u = EstimateMemory(result.jobs[o.variant], BaseLayout(o)).usable;
    return u;
  }

  // No layout at or above these bounds can enter the top N (by every objective kept) or the front.
  bool TimeExcluded(const Bound& b) const {
    const int primary = int(options.objective);
    if (!(b.key[primary] > live.Worst(false) * (1 + kKeyMargin))) return false;
    if (options.both_objectives && !(b.key[1 - primary] > live.Worst(true) * (1 + kKeyMargin))) return false;
    return live.Dominated(b.days, b.cost);
  }

  // No layout needing at least `bytes` on a GPU with `usable` bytes can be the least-memory layout.
  bool MemoryExcluded(double bytes, double usable) const {
    if (!(usable > 0)) return true;  // every ratio there is 1e300: never below the least
    return bytes / usable > live.least_ratio * (1 + kMemoryMargin);
  }

  // ---- evaluation -------------------------------------------------------------------------------

  // Could this evaluated plan still be in the answer (top N, front, least memory)?
  bool MayMatter(const Plan& plan) const {
    if (MemoryRatio(plan.memory) <= live.least_ratio * (1 + kMemoryMargin)) return true;
    if (!plan.memory.fits) return false;
    const int primary = int(options.objective);
    if (RankKey(plan, options.objective) <= live.Worst(false) * (1 + kKeyMargin)) return true;
    if (options.both_objectives && RankKey(plan, Other(options.objective)) <= live.Worst(true) * (1 + kKeyMargin)) return true;
    (void)primary;
    return !live.Dominated(plan.run.days, plan.run.cost_usd);
  }

  void Keep(const Plan& plan, int variant, uint64_t order) {
    SearchHit hit{plan, variant, order};
    live.Consider(hit);
    if (MayMatter(plan)) kept.push_back({order, variant, plan});
    if (kept.size() > std::max<size_t>(4096, 2 * kept_compacted)) {
      kept.erase(std::remove_if(kept.begin(), kept.end(), [&](const Kept& k) { return !MayMatter(k.plan); }), kept.end());
      kept_compacted = kept.size();
    }
  }

  // Every layout of one micro-batch size of an outer layout, in full.
  void EvaluateCell(const Outer& o, const Job& job, int mbs, int mbs_index, const Inner* inners, int n_inner) {
    for (int i = 0; i < n_inner; ++i) {
      const Layout l = InnerLayout(o, mbs, inners[i]);
      ++result.enumerated;
      // The one set of layout rules (CheckLayout) decides, for a layout the user wrote and for one the
      // search made alike: the search yields only layouts whose link replays.
      if (!CheckLayout(job, l, nullptr)) continue;
      ++result.evaluated;
      ++work;
      const uint64_t order = Order(o.variant, o.index, mbs_index * kInnerPerMbs + inners[i].pos);
      if (options.exhaustive) exact.Consider({Evaluate(job, l), o.variant, order});
      else Keep(Evaluate(job, l), o.variant, order);
    }
  }

  // The memory phase: a group whose time bound lost; only the least-memory layout can come from it.
  void MemoryCell(const Outer& o, const Job& job, int mbs, int mbs_index, const Inner* inners, int n_inner, double usable) {
    for (int i = 0; i < n_inner; ++i) {
      const Layout l = InnerLayout(o, mbs, inners[i]);
      ++result.enumerated;
      if (!CheckLayout(job, l, nullptr)) continue;
      ++work;
      const MemoryBreakdown m = EstimateMemory(job, l);
      if (MemoryExcluded(m.total, usable)) {
        ++result.bounded;
        continue;
      }
      ++result.evaluated;
      Keep(Evaluate(job, l), o.variant, Order(o.variant, o.index, mbs_index * kInnerPerMbs + inners[i].pos));
    }
  }

  void Skip(uint64_t layouts) {
    result.enumerated += layouts;
    result.bounded += layouts;
    work += layouts / 256;
  }

  // ---- phases -----------------------------------------------------------------------------------

  void ProbeOuter(uint32_t k) {
    const Outer& o = outers[k];
    OuterInfo& in = info[k];
    const Job job = OuterJob(o);
    in.gbs = job.work.gbs;
    in.local = o.dp > 0 ? job.work.gbs / o.dp : 0;
    CellMasks(o, in);
    int mbs[kMaxMbs], index[kMaxMbs];
    const int cells = Cells(o, in, mbs, index);
    const std::vector<Inner>& inners = InnersOf(o, job);
    const int n_inner = inners[0].zero < 0 ? 0 : int(inners.size());
    in.count = uint32_t(cells * n_inner);
    total += in.count;
    in.probed = true;
    if (options.exhaustive || in.count == 0) return;
    const Bound b = TimeBound(job, o, mbs[cells - 1], mbs[0]);
    in.seconds_lb = b.seconds;
    in.key_lb[0] = b.key[0], in.key_lb[1] = b.key[1];
    in.days_lb = b.days, in.cost_lb = b.cost;
  }

  void TimeOuter(uint32_t k) {
    const Outer& o = outers[k];
    const OuterInfo& in = info[k];
    if (in.count == 0) return;
    Bound whole;
    whole.seconds = in.seconds_lb, whole.days = in.days_lb, whole.cost = in.cost_lb;
    whole.key[0] = in.key_lb[0], whole.key[1] = in.key_lb[1];
    const double usable = Usable(o);
    if (TimeExcluded(whole) || !(usable > 0)) {  // (nothing fits on a GPU without memory)
      deferred.push_back({k, -1, -1, in.count});
      return;
    }
    const Group g = MakeGroup(k);
    for (int c = 0; c < g.n_cells; ++c) {
      // Each micro-batch size has its own, tighter bound; one that cannot fit at all is not ranked.
      const Bound b = g.n_cells == 1 ? whole : TimeBound(g.job, o, g.mbs[c], g.mbs[c]);
      if (TimeExcluded(b)) {
        deferred.push_back({k, int16_t(c), -1, uint32_t(g.n_inner)});
        continue;
      }
      const double memory = MemoryBound(g.job, o, g.mbs[c], g.inners, g.n_inner);
      if (memory > usable) {
        deferred.push_back({k, int16_t(c), memory / usable, uint32_t(g.n_inner)});
        continue;
      }
      EvaluateCell(o, g.job, g.mbs[c], g.index[c], g.inners, g.n_inner);
    }
  }

  void ProbeMemory(Deferred& d) {
    if (d.memory_lb >= 0) return;  // known from the time phase
    const Outer& o = outers[d.outer];
    // A GPU without usable memory holds no least-memory layout (its ratio is never below another's).
    const double usable = Usable(o);
    if (!(usable > 0)) {
      d.memory_lb = INFINITY;
      return;
    }
    const Group g = MakeGroup(d.outer);
    d.memory_lb = MemoryBound(g.job, o, g.mbs[d.cell < 0 ? 0 : d.cell], g.inners, g.n_inner) / usable;
  }

  void MemoryItem(const Deferred& d) {
    const Outer& o = outers[d.outer];
    const double usable = Usable(o);
    if (MemoryExcluded(d.memory_lb * usable, usable)) return Skip(d.count);
    const Group g = MakeGroup(d.outer);
    const int first = d.cell < 0 ? 0 : d.cell, end = d.cell < 0 ? g.n_cells : d.cell + 1;
    for (int c = first; c < end; ++c) {
      if (c > first && MemoryExcluded(MemoryBound(g.job, o, g.mbs[c], g.inners, g.n_inner), usable)) {
        Skip(uint64_t(g.n_inner) * uint64_t(end - c));  // larger micro-batches need more still
        return;
      }
      MemoryCell(o, g.job, g.mbs[c], g.index[c], g.inners, g.n_inner, usable);
    }
  }

  void BuildTimeOrder() {
    const int primary = int(options.objective);
    auto by = [&](int key) {
      std::vector<uint32_t> v(active);
      std::stable_sort(v.begin(), v.end(), [&](uint32_t a, uint32_t b) { return info[a].key_lb[key] < info[b].key_lb[key]; });
      return v;
    };
    if (!options.both_objectives) {
      time_order = by(primary);
    } else {
      // Alternately the best remaining by each objective, so both top lists tighten early.
      const std::vector<uint32_t> a = by(primary), b = by(1 - primary);
      std::vector<uint8_t> taken(outers.size(), 0);
      size_t i = 0, j = 0;
      time_order.clear();
      while (time_order.size() < active.size()) {
        while (i < a.size() && taken[a[i]]) ++i;
        if (i < a.size()) taken[a[i]] = 1, time_order.push_back(a[i]);
        while (j < b.size() && taken[b[j]]) ++j;
        if (j < b.size()) taken[b[j]] = 1, time_order.push_back(b[j]);
      }
    }
  }

  void Replay() {
    std::stable_sort(kept.begin(), kept.end(), [](const Kept& a, const Kept& b) { return a.order < b.order; });
    exact = Answer{};
    exact.Init(options);
    for (const Kept& k : kept) exact.Consider({k.plan, k.variant, k.order});
    kept.clear();
    kept.shrink_to_fit();
  }

  // One unit of the current phase; false when the phase is over.
  bool Advance() {
    switch (phase) {
      case Phase::Probe:
        if (cursor >= active.size()) {
          if (!options.exhaustive) BuildTimeOrder();
          return Next(Phase::Time);
        }
        ProbeOuter(active[cursor++]);
        return true;
      case Phase::Time:
        if (options.exhaustive) {
          if (cursor >= active.size()) return Next(Phase::Replay);
          const uint32_t k = active[cursor++];
          const Group g = MakeGroup(k);
          for (int c = 0; c < g.n_cells; ++c) EvaluateCell(outers[k], g.job, g.mbs[c], g.index[c], g.inners, g.n_inner);
          return true;
        }
        if (cursor >= time_order.size()) return Next(Phase::MemoryProbe);
        TimeOuter(time_order[cursor++]);
        return true;
      case Phase::MemoryProbe:
        if (cursor >= deferred.size()) {
          std::stable_sort(deferred.begin(), deferred.end(),
                           [](const Deferred& a, const Deferred& b) { return a.memory_lb < b.memory_lb; });
          return Next(Phase::Memory);
        }
        ProbeMemory(deferred[cursor++]);
        return true;
      case Phase::Memory:
        if (cursor >= deferred.size()) return Next(Phase::Replay);
        {
          const Deferred& d = deferred[cursor];
          // Sorted by bound: once one is out of reach, so is every later one.
          if (MemoryExcluded(d.memory_lb, 1.0)) {
            uint64_t rest = 0;
            for (size_t i = cursor; i < deferred.size(); ++i) rest += deferred[i].count;
            Skip(rest);
            cursor = deferred.size();
            return true;
          }
          MemoryItem(d);
          ++cursor;
        }
        return true;
      case Phase::Replay:
        if (!options.exhaustive) Replay();
        exact.WriteTo(result);
        deferred.clear();
        deferred.shrink_to_fit();
        return Next(Phase::Done);
      case Phase::Done:
        return false;
    }
    return false;
  }

  bool Next(Phase p) {
    phase = p;
    cursor = 0;
    return p != Phase::Done;
  }
};

}  // namespace

struct LayoutSearch::Impl : Engine {};

LayoutSearch::LayoutSearch() : impl_(new Impl) {}
LayoutSearch::~LayoutSearch() { delete impl_; }

void LayoutSearch::Begin(const Config& cfg, const SearchOptions& options) {
  delete impl_;
  impl_ = new Impl;
  Impl& s = *impl_;
  s.cfg = cfg;
  s.options = options;
  s.start = std::chrono::steady_clock::now();
  s.live.Init(options);
  s.exact.Init(options);
  s.BuildVariants();
  s.BuildOuters();
  s.info.resize(s.outers.size());
  const std::vector<int>& only = options.variants;
  for (uint32_t k = 0; k < s.outers.size(); ++k)
    if (only.empty() || std::find(only.begin(), only.end(), s.outers[k].variant) != only.end()) s.active.push_back(k);
  s.phase = Engine::Phase::Probe;
  s.cursor = 0;
  if (s.outers.empty()) s.phase = Engine::Phase::Replay;
}

bool LayoutSearch::Step(uint64_t budget) {
  Impl& s = *impl_;
  // The budget counts estimator calls (full evaluations and bounds), so a slice is bounded whatever
  // the bounds skip.
  const uint64_t stop_at = s.work + std::max<uint64_t>(1, budget);
  while (s.phase != Engine::Phase::Done && s.work < stop_at)
    if (!s.Advance()) break;
  s.result.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - s.start).count();
  s.result.done = s.phase == Engine::Phase::Done;
  return s.result.done;
}

double LayoutSearch::Progress() const {
  const Impl& s = *impl_;
  if (s.phase == Engine::Phase::Done) return 1.0;
  if (s.phase == Engine::Phase::Probe) return s.active.empty() ? 0.0 : 0.1 * double(s.cursor) / double(s.active.size());
  return s.total == 0 ? 0.99 : std::min(0.99, 0.1 + 0.9 * double(s.result.enumerated) / double(s.total));
}

const SearchResult& LayoutSearch::Result() const { return impl_->result; }

SearchResult SearchLayouts(const Config& cfg, const SearchOptions& options) {
  LayoutSearch search;
  search.Begin(cfg, options);
  while (!search.Step(1u << 16)) {
  }
  return search.Result();
}

const std::vector<SearchHit>& RankedBy(const SearchResult& result, const SearchOptions& options, Objective objective) {
  return objective == options.objective || !options.both_objectives ? result.top : result.top_other;
}

SearchResult MergeSearchResults(const std::vector<SearchResult>& parts, const SearchOptions& options) {
  SearchResult out;
  if (parts.empty()) return out;
  out.jobs = parts[0].jobs;
  out.gpu_ids = parts[0].gpu_ids;
  std::vector<SearchHit> hits;
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
  }
  // A layout may be in several lists of its part: each is considered once, in enumeration order.
  std::stable_sort(hits.begin(), hits.end(), [](const SearchHit& a, const SearchHit& b) { return a.order < b.order; });
  hits.erase(std::unique(hits.begin(), hits.end(), [](const SearchHit& a, const SearchHit& b) { return a.order == b.order; }),
             hits.end());
  Answer a;
  a.Init(options);
  for (const SearchHit& h : hits) a.Consider(h);
  a.WriteTo(out);
  return out;
}

std::string CheckSearchBounds(const Config& cfg, const SearchOptions& options) {
  Engine s;
  s.cfg = cfg;
  s.options = options;
  s.options.exhaustive = false;
  s.BuildVariants();
  s.BuildOuters();
  s.info.resize(s.outers.size());
  for (uint32_t k = 0; k < s.outers.size(); ++k) {
    const Outer& o = s.outers[k];
    s.ProbeOuter(k);
    const Group g = s.MakeGroup(k);
    const Job& job = g.job;
    const int cells = g.n_cells, n_inner = g.n_inner;
    const int* mbs = g.mbs;
    const Inner* inners = g.inners;
    if (cells == 0 || n_inner == 0) continue;
    const Bound whole = s.TimeBound(job, o, mbs[cells - 1], mbs[0]);
    double cell_mem = 0;  // the largest memory bound of this or a smaller micro-batch: it holds here too
    for (int c = 0; c < cells; ++c) {
      const Bound cell = s.TimeBound(job, o, mbs[c], mbs[c]);
      cell_mem = std::max(cell_mem, s.MemoryBound(job, o, mbs[c], inners, n_inner));
      for (int i = 0; i < n_inner; ++i) {
        const Layout l = s.InnerLayout(o, mbs[c], inners[i]);
        if (!CheckLayout(job, l, nullptr)) continue;
        const Plan p = Evaluate(job, l);
        auto say = [&](const char* what, double bound, double actual) {
          Config shown = cfg;
          SelectGpu(shown, s.result.gpu_ids[o.variant]);
          shown.gpus = job.hw.gpus;
          ApplyLayout(shown, l);
          return std::string(what) + " bound " + Fmt("%.17g", bound) + " above the full model's " + Fmt("%.17g", actual) +
                 " at " + FormatLink(shown);
        };
        const Bound* bounds[] = {&whole, &cell};
        for (const Bound* b : bounds) {
          if (b->seconds > p.step.seconds) return say("step time", b->seconds, p.step.seconds);
          if (b->days > p.run.days) return say("days", b->days, p.run.days);
          if (b->cost > p.run.cost_usd) return say("cost", b->cost, p.run.cost_usd);
          if (b->key[0] > RankKey(p, Objective::Time)) return say("time key", b->key[0], RankKey(p, Objective::Time));
          if (b->key[1] > RankKey(p, Objective::Cost)) return say("cost key", b->key[1], RankKey(p, Objective::Cost));
        }
        if (cell_mem > p.memory.total) return say("memory", cell_mem, p.memory.total);
        if (p.memory.usable != s.Usable(o)) return say("usable memory", s.Usable(o), p.memory.usable);
      }
    }
  }
  return "";
}

std::string WhyLoses(const Plan& plan, const Plan& best, Objective objective) {
  return WhyLoses(plan, best, objective, Lang::En);
}

std::string WhyLoses(const Plan& plan, const Plan& best, Objective objective, Lang lang) {
  const double kp = RankKey(plan, objective), kb = RankKey(best, objective);
  const double pct = kb > 0 ? 100.0 * (kp / kb - 1.0) : 0.0;
  if (pct < 0.5) return Translate(lang, "ties with the best (within 0.5%): an equivalent layout");
  const std::string head = TrFill(lang, objective == Objective::Cost ? "{0}% more expensive" : "{0}% slower", {Fmt("%.0f", pct)});
  const StepBreakdown& a = plan.step;
  const StepBreakdown& b = best.step;
  struct Reason { double delta; const char* words; };
  const Reason reasons[] = {
      {a.compute_s - b.compute_s, "more compute (recomputation or smaller, less efficient matrix multiplies)"},
      {a.memory_s - b.memory_s, "more memory-bound time"},
      {a.comm_exposed_s - b.comm_exposed_s, "more exposed communication"},
      {a.bubble_s - b.bubble_s, "larger pipeline bubble"},
      {a.offload_s - b.offload_s, "offload transfers"},
  };
  const Reason* worst = &reasons[0];
  for (const Reason& r : reasons)
    if (r.delta > worst->delta) worst = &r;
  const char* why = worst->delta <= 0 ? "same step, fewer GPUs busy or more failures" : worst->words;
  return TrFill(lang, "{0}: {1}", {head, Translate(lang, why)});
}

}  // namespace tp
