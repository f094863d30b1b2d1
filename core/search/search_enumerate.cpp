// search_enumerate.cpp — what the layout search enumerates: for each job variant (GPU type x count, resolved by
// the caller: SearchSpace) the outer layouts (tp, pp, cp, ep, vp), valid by construction, and inside each outer
// layout its inner choices (micro-batch, ZeRO stage, offload, recompute, sequence parallel) in enumeration order.
#include <algorithm>

#include "capabilities.h"
#include "catalog.h"
#include "pipeline.h"
#include "resolve.h"
#include "rules.h"
#include "search_engine.h"
#include "stack.h"

namespace tp::search_detail {
namespace {

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

}  // namespace

// The layout keys the search chooses (AskKey bits): the ones the configuration left on auto.
AskKeys Engine::AutoKeys() const {
  AskKeys bits = 0;
  if (fixed.tp == kAuto) bits |= kAskTp;
  if (fixed.pp == kAuto) bits |= kAskPp;
  if (fixed.vp == kAuto) bits |= kAskVp;
  if (fixed.cp == kAuto) bits |= kAskCp;
  if (fixed.ep == kAuto) bits |= kAskEp;
  if (fixed.dp == kAuto) bits |= kAskDp;
  if (fixed.zero == kAuto) bits |= kAskZero;
  if (fixed.sp == kAuto) bits |= kAskSp;
  if (fixed.offload == kAuto) bits |= kAskOffload;
  if (fixed.recompute == Recompute::Auto) bits |= kAskRecompute;
  return bits;
}

// What a layout asks of the job's stack (core/stack/capabilities.h).
static CapabilityAsk AskOf(const Job& job, int tp, int pp, int vp, int cp, int ep) {
  CapabilityAsk a;
  a.method = PlannedMethod(job.work);
  a.fp8 = job.work.prec == Precision::Fp8;
  a.fp16 = job.work.prec == Precision::Fp16;
  a.tp = tp, a.pp = pp, a.vp = vp, a.cp = cp, a.ep = ep;
  a.offload_act = job.work.offload_checkpoints;
  a.rl_framework = job.rl.FrameworkAsked(), a.rl_dpo = job.rl.Dpo();
  return a;
}

// The (schedule, chunks per GPU) pairs the search tries at pp stages: 1F1B at vp 1, interleaved at each vp up to one
// layer per chunk (at most kMaxVp) whose chunks split a stage's layers evenly, or the whole model's with the
// embedding and the loss counted as a layer each (Megatron-Core's --account-for-embedding-in-pipeline-split and
// --account-for-loss-in-pipeline-split, which Megatron-Bridge's Qwen3-235B-A22B recipe sets: 94 + 2 layers over PP 8
// x VP 4, recipes/qwen/qwen3_moe.py@97ad8cc6f; it runs Qwen3-30B-A3B at PP 2 x VP 24), then the other schedules the
// stack offers (pp_schedule given: that one), each at the vp it fixes; a vp given keeps the schedules that run it.
static std::vector<std::pair<PipeSchedule, int>> SchedulesFor(const Job& job, const LayoutKeys& fixed, int p,
                                                              bool size_only) {
  const ModelArch& m = job.model;
  std::vector<std::pair<PipeSchedule, int>> scheds;
  if (p <= 1 || size_only) return {{PipeSchedule::OneF1B, fixed.vp != kAuto ? fixed.vp : 1}};
  const StackProfile& stack = StackOf(job);
  auto offered = [&](PipeSchedule s) {
    if (fixed.pp_schedule >= 0) return PipeSchedule(fixed.pp_schedule) == s;
    return OffersSchedule(stack, s, job.stack_year);
  };
  auto add = [&](PipeSchedule s, int x) {
    if (fixed.vp == kAuto || fixed.vp == x) scheds.push_back({s, x});
  };
  const auto splits = [&](int x) { return (m.layers / p) % x == 0 || (m.layers + 2) % (p * x) == 0; };
  if (offered(PipeSchedule::OneF1B)) add(PipeSchedule::OneF1B, 1);
  if (offered(PipeSchedule::Interleaved))
    for (int x = 2; x <= std::min(kMaxVp, std::max(2, m.layers / p)); ++x)
      if (splits(x) || fixed.vp == x) add(PipeSchedule::Interleaved, x);
  for (PipeSchedule s :
       {PipeSchedule::ZbH1, PipeSchedule::ZbH2, PipeSchedule::Zbv, PipeSchedule::DualPipe, PipeSchedule::DualPipeV})
    if (offered(s)) add(s, ScheduleFixedVp(s));
  // A vp the lists leave out (more than kMaxVp, or a schedule the stack does not offer): as given, with the schedule
  // given or interleaved (CheckLayout says what does not fit).
  if (scheds.empty() && fixed.vp != kAuto)
    scheds.push_back({fixed.pp_schedule >= 0 ? PipeSchedule(fixed.pp_schedule)
                      : fixed.vp > 1         ? PipeSchedule::Interleaved
                                             : PipeSchedule::OneF1B,
                      fixed.vp});
  return scheds;
}

void Engine::BuildOuters() {
  const AskKeys auto_keys = AutoKeys();
  for (int v = 0; v < int(result.jobs.size()); ++v) {
    const Job& job = result.jobs[v];
    const ModelArch& m = job.model;
    const int gpus = std::max(1, job.hw.gpus);
    const bool size_only = m.layers <= 0;
    std::vector<int> tps, pps, cps, eps;
    if (fixed.tp != kAuto)
      tps = Fixed(fixed.tp);
    else if (size_only)
      tps = Fixed(1);
    else
      for (int t : PowersOfTwoUpTo(NodeGpus(job.hw))) {
        const bool mla = m.kv_lora_rank > 0;
        const int kv = m.kv_heads > 0 ? m.kv_heads : m.heads;
        if (m.heads % t == 0 && (mla || kv % t == 0 || t % kv == 0)) tps.push_back(t);
      }
    if (fixed.pp != kAuto)
      pps = Fixed(fixed.pp);
    else if (size_only)
      pps = Fixed(1);
    else {
      // Divisors of the layer count split evenly; powers of two (the counts that divide a cluster) may
      // split unevenly, as Llama 3 405B's 126 layers on 16 stages did: the memory and step models
      // charge the most loaded stage, so an uneven split wins only when it really is faster.
      pps = DivisorsUpTo(m.layers, std::min(gpus, 128));
      for (int p : PowersOfTwoUpTo(std::min({gpus, 128, m.layers})))
        if (m.layers % p != 0) pps.push_back(p);
    }
    if (fixed.cp != kAuto)
      cps = Fixed(fixed.cp);
    else if (size_only)
      cps = Fixed(1);
    else
      for (int c : PowersOfTwoUpTo(32))
        if (c == 1 || job.work.seq % (2 * c) == 0) cps.push_back(c);
    // An auto batch is the recipe's (core/stack/batches.h): layouts whose one step already holds more sequences
    // are left out, unless every layout the keys allow does (then the fewest replicas' run, said in a notice).
    auto beyond = [&](int dp) {
      Layout l;
      l.dp = dp;
      return job.work.recipe && BatchBeyondTarget(job.work, l);
    };
    // Every layout the keys, the batch and the stack allow, before the recipe's cap: the cap is judged on these
    // alone (a layout the stack cannot run, TP 4 x PP 32 in torchtune, must not make the cap leave nothing).
    struct Candidate {
      int t, p, c, e, x, dp;
      PipeSchedule sched;
    };
    std::vector<Candidate> allowed;
    bool cap_batch = false;
    for (int t : tps)
      for (int p : pps)
        for (int c : cps) {
          const long long group = (long long)t * p * c;
          if (group > gpus || gpus % group != 0) continue;
          const int dp = int(gpus / group);
          if (fixed.dp != kAuto && fixed.dp != dp) continue;
          if (!job.work.gbs_auto && job.work.gbs % dp != 0) continue;
          eps.clear();
          if (fixed.ep != kAuto)
            eps = Fixed(fixed.ep);
          else if (m.experts > 1)
            // Inside dp x cp, or folded over tp x dp x cp (ExpertTensorParallel in rules.h).
            for (int e : DivisorsUpTo(m.experts, m.experts))
              if ((static_cast<long long>(dp) * c) % e == 0 || (static_cast<long long>(t) * dp * c) % e == 0)
                eps.push_back(e);
          if (eps.empty()) eps = Fixed(1);
          const std::vector<std::pair<PipeSchedule, int>> scheds = SchedulesFor(job, fixed, p, size_only);
          for (int e : eps)
            for (const auto& [sched, x] : scheds) {
              // Only what the stack runs (its capability table): an auto degree never asks for more.
              if (!SearchMayChoose(StackOf(job), job.stack_year, AskOf(job, t, p, x, c, e), auto_keys)) continue;
              allowed.push_back({t, p, c, e, x, dp, sched});
              cap_batch = cap_batch || !beyond(dp);
            }
        }
    int index = 0;
    for (const Candidate& a : allowed) {
      if (cap_batch && beyond(a.dp)) continue;
      if (outers.size() >= kMaxOuters) {
        // Bounded work: a search this large is refused with a message (the planner names the layout keys to fix)
        // instead of running for minutes.
        result.too_large = true;
        outers.clear();
        return;
      }
      outers.push_back({v, index++, a.t, a.p, a.c, a.e, a.x, a.dp, a.sched});
    }
  }
}

// The outer layout's job: the variant's, with the global batch this outer runs written in (an auto
// batch follows dp), so that Evaluate does not copy the job per layout.
Job Engine::OuterJob(const Outer& o) const {
  Job job = result.jobs[o.variant];
  job.work.gbs = GlobalBatch(job.work, BaseLayout(o));
  job.work.gbs_auto = false;
  return job;
}

// Whether an outer layout's schedule runs `micro` micro-batches per pipeline (CheckLayout has the last word).
bool Engine::ScheduleCell(const Outer& o, int micro) {
  if (o.pp <= 1) return true;
  const PipeSchedule s = ScheduleOf(BaseLayout(o));
  if (s == PipeSchedule::Interleaved) return micro % o.pp == 0;
  return !CheckSchedule(s, o.pp, o.vp, micro);
}

// The micro-batch sizes of an outer layout that hold layouts, as bit masks (OuterInfo::divisors, cells).
void Engine::CellMasks(const Outer& o, OuterInfo& in) const {
  in.divisors = in.cells = 0;
  if (fixed.mbs != kAuto) return;  // one fixed size: Cells reads the configuration
  for (int d = 1; d <= in.local && d <= kMaxMbs; ++d) {
    if (in.local % d != 0) continue;
    in.divisors |= uint64_t(1) << (d - 1);
    // Megatron's interleaved schedule needs m % pp == 0; DualPipe(V) 2 x pp micro-batches (ScheduleCell).
    if (ScheduleCell(o, in.local / d)) in.cells |= uint64_t(1) << (d - 1);
  }
}

int Engine::Cells(const Outer& o, const OuterInfo& in, int* mbs, int* index) const {
  int n = 0;
  if (fixed.mbs != kAuto) {
    const int local = in.local;
    if (fixed.mbs > 0 && local % fixed.mbs == 0 && ScheduleCell(o, local / fixed.mbs))
      mbs[n] = fixed.mbs, index[n++] = 0;
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
const InnerSet& Engine::InnersOf(const Outer& o, const Job& job) {
  const size_t key = size_t(o.variant) * 8 + (o.pp > 1 ? 1 : 0) + (o.dp * o.cp == 1 ? 2 : 0) + (o.tp == 1 ? 4 : 0);
  if (inner_cache.size() <= key) inner_cache.resize(result.jobs.size() * 8 + 8);
  InnerSet& set = inner_cache[key];
  if (!set.built) {
    Inner tmp[kInnerPerMbs];
    set.list.assign(tmp, tmp + Inners(o, job, tmp));
    set.zero3 = std::any_of(set.list.begin(), set.list.end(), [](const Inner& in) { return in.zero == 3; });
    set.built = true;
  }
  return set;
}

Group Engine::MakeGroup(uint32_t k) {
  const Outer& o = outers[k];
  Group g;
  g.job = OuterJob(o);
  g.n_cells = Cells(o, info[k], g.mbs, g.index);
  const InnerSet& set = InnersOf(o, g.job);
  g.n_inner = int(set.list.size());
  g.inners = set.list.data();
  g.zero3 = set.zero3;
  return g;
}

// The inner choices besides the micro-batch, in enumeration order (the same for every micro-batch).
int Engine::Inners(const Outer& o, const Job& job, Inner* out) const {
  static constexpr Recompute kAllRecompute[] = {Recompute::None, Recompute::Selective, Recompute::Full};
  static constexpr Offload kAllOffload[] = {Offload::None, Offload::Cpu, Offload::Nvme};
  const SelectiveKind selective = StackOf(job).selective;
  const AskKeys auto_keys = AutoKeys();
  CapabilityAsk ask = AskOf(job, o.tp, o.pp, o.vp, o.cp, o.ep);
  ask.dp = o.dp;
  int n = 0;
  for (int zero = 0; zero <= 3; ++zero) {
    if (fixed.zero != kAuto && zero != fixed.zero) continue;
    if (o.pp > 1 && zero > MaxZeroWithPipeline(job)) continue;          // the stack's rule (CheckLayout's)
    if (zero > 0 && o.dp * o.cp == 1 && fixed.zero == kAuto) continue;  // nothing to shard over
    for (int oi = 0; oi < 3; ++oi) {
      const Offload off = kAllOffload[oi];
      if (fixed.offload != kAuto && int(off) != fixed.offload) continue;
      if (off != Offload::None && zero == 0) continue;  // ZeRO-Offload builds on ZeRO
      if (off == Offload::Nvme && zero != 3) continue;  // ZeRO-Infinity
      for (int ri = 0; ri < 3; ++ri) {
        const Recompute rc = kAllRecompute[ri];
        if (fixed.recompute != Recompute::Auto && rc != fixed.recompute) continue;
        // A stack without a selective mode (per-layer checkpointing only) never gets one. With
        // FlashAttention the scores are never stored, so Megatron's selective recompute (which drops
        // exactly them, Korthikanti et al.) is the same layout as none: do not list it twice.
        if (rc == Recompute::Selective && selective == SelectiveKind::None) continue;
        if (fixed.recompute == Recompute::Auto && rc == Recompute::Selective && job.work.flash &&
            selective == SelectiveKind::AttentionCore)
          continue;
        for (int sp = 0; sp <= 1; ++sp) {
          if (fixed.sp != kAuto ? sp != fixed.sp : (sp == 1 && o.tp == 1)) continue;
          ask.zero = zero, ask.offload = off, ask.recompute = rc, ask.sp = sp == 1;
          if (!SearchMayChoose(StackOf(job), job.stack_year, ask, auto_keys)) continue;  // the stack's table
          out[n++] = {int8_t(zero), off, rc, sp == 1, uint16_t(((zero * 3 + oi) * 3 + ri) * 2 + sp)};
        }
      }
    }
  }
  return n;
}

}  // namespace tp::search_detail
