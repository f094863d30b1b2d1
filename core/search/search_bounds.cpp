// search_bounds.cpp — the pruned layout search's lower bounds and what they exclude.
//
// [SECTION] What the pruned search skips, and why it is safe
// Most layouts cannot win: only the N best by each objective, the time/cost Pareto front and, when
// nothing fits, the one layout needing the least memory are answered. Before evaluating a group of
// layouts in full, the search takes lower bounds from the engine's own estimators at a relaxed layout of
// the group:
//   - step time of an outer layout (or of one micro-batch size in it): EstimateStep at the largest
//     micro-batch (or that one), no recomputation, sequence parallelism on, optimizer offloaded; the
//     compute, memory-bound, tensor/pipeline parts of that step (the tensor-parallel part at overlap_contention
//     of it with tp_overlap, and the expert all-to-all unless the stack overlaps it, overlap_ep), plus the
//     pipeline bubble those alone imply, are each at most what any layout of the group pays (bigger
//     micro-batches only make GEMMs more efficient; recomputation, ZeRO's traffic and the optimizer step
//     only add). Layouts with ZeRO 0-2 also pay the gradient
//     all-reduce beyond what one backward can hide (overlap_dp of it, at most that micro-batch's compute);
//     ZeRO-3's traffic hides behind every micro-batch, so its layouts get no such term. Through the real
//     EstimateRun (monotone in step time) this bounds days, cost and both ranking keys.
//   - memory of an outer layout (or micro-batch size): EstimateMemory at the smallest micro-batch with
//     sequence parallelism, no ZeRO and no offload, for each recomputation mode allowed: what is not model
//     states (activations, temporaries, CUDA context, NCCL) is at most what any layout of the group needs
//     on that GPU (activations only grow with the micro-batch; ZeRO-3 only adds gathered weights; model
//     states are never negative). Post-training counts the policy's own peak only: the reference, critic and
//     reward model beside it are sharded and offloaded with the layout, and every phase holds at least it.
// A group is skipped when its time bound loses to N layouts already evaluated (by more than the ranking's
// own tie tolerance, under every objective kept), a layout already evaluated dominates it on the Pareto
// front (no worse on days and cost, better on one), and its memory bound exceeds the least memory seen
// (or, for ranking, the GPU's usable memory; once a layout fits, no least-memory layout is looked for).
// Inside a group that is searched, each layout's memory is estimated first: one that does not fit, or
// whose class's time bound lost, is evaluated in full only if it may need the least memory. Every
// skipped layout provably stays out of the answer. CheckSearchBounds verifies the bounds against every
// layout's full evaluation, and the tests compare the answer with the exhaustive search's on varied
// configurations.
#include <algorithm>
#include <cmath>
#include <string>

#include "memory.h"
#include "pipeline.h"
#include "resolve.h"
#include "rl.h"
#include "rules.h"
#include "run.h"
#include "search_engine.h"
#include "step.h"
#include "text.h"

namespace tp::search_detail {

namespace {

// Days, cost and ranking keys of a step time that bounds the group's (EstimateRun is monotone in it).
Bound RunBound(const Job& job, const Layout& relaxed, double seconds) {
  Bound b;
  b.seconds = seconds;
  Plan p;
  p.step.seconds = seconds;
  p.run = EstimateRun(job, relaxed, p.memory, p.step, p.throughput);
  b.days = p.run.days;
  b.cost = p.run.cost_usd;
  b.key[0] = RankKey(p, Objective::Time);
  b.key[1] = RankKey(p, Objective::Cost);
  return b;
}

}  // namespace

// Step time of every layout of the outer at micro-batches mbs_lo..mbs_hi (the lightest in the group
// sets the most micro-batches, the heaviest the most efficient GEMMs): see the header comment.
Bounds Engine::TimeBound(const Job& job, const Outer& o, int mbs_hi, int mbs_lo) {
  Layout l = BaseLayout(o);
  l.mbs = mbs_hi;
  l.zero = 0;
  l.recompute = Recompute::None;
  l.offload = Offload::Cpu;  // the optimizer step moves off the step (offload time is not counted)
  l.sp = o.tp > 1;
  StepBreakdown s;
  Throughput thr;
  StepTrace tr;
  EstimateStep(job, l, s, thr, &tr);
  ++work;
  // The expert all-to-all is all on the step unless something overlaps it with compute (overlap_ep, Megatron-
  // Core's overlap, DualPipe where the stack runs it so), which may hide up to all of it. The relaxed layout runs
  // no recomputation: what its schedule hides is the most any recomputation setting hides.
  const PipeSchedule sched = ScheduleOf(l);
  const bool ep_hideable =
      job.assume.overlap_ep > 0 || job.assume.moe_a2a_overlap > 0 || ScheduleHidesExpertComm(job, l);
  const double ep = ep_hideable ? 0.0 : s.comm_ep_s;
  // Tensor-parallel traffic pipelined with its GEMMs (tp_overlap) may hide up to all of it, at overlap_contention of
  // itself (step.cpp LayerForward): that much is on every layout's step.
  const double tp = job.work.tp_overlap ? std::max(0.0, tr.contention) * s.comm_tp_s : s.comm_tp_s;
  double x = s.compute_s + s.memory_s + tp + ep + s.comm_pp_s;
  if (!(x > 0) || !std::isfinite(x)) x = 0;
  x *= 1 - kShrink;
  const double m_most = std::ceil(double(job.work.gbs) / (double(std::max(1, mbs_lo)) * std::max(1, o.dp)));
  // 1F1B and interleaved leave (p - 1)/v micro-batch times idle, times the other stages' share of the slowest's work
  // (step.cpp fill_share: the relaxed layout's, without recomputation, is the smallest a group's layouts have, as
  // recomputation lengthens the blocks and not the output layer); the zero-bubble schedules and DualPipe may leave
  // none (pipeline.h): no bubble in their bound.
  const bool fills = sched == PipeSchedule::OneF1B || sched == PipeSchedule::Interleaved;
  const double bubble =
      fills && o.pp > 1 && m_most > 0 ? tr.fill_share * double(o.pp - 1) / (double(std::max(1, o.vp)) * m_most) : 0.0;
  const double seconds = x * (1 + bubble) * (1 - kShrink);
  // ZeRO 0-2 reduce the gradients once a step (once a schedule where the stack runs several: then each
  // schedule's sync hides behind its own last backward), hidden behind one micro-batch's backward at most
  // (overlap_dp of it; the backward is less than that micro-batch's compute at the largest size, what
  // the relaxed layout ran): at least one sync's rest is on the step. ZeRO-3's traffic hides behind every
  // micro-batch.
  double dp = tr.dp_total / std::max(1, tr.schedules) - std::max(0.0, tr.overlap_dp) * tr.compute_mb;
  if (!(dp > 0) || !std::isfinite(dp)) dp = 0;
  // Post-training: what one optimizer step carries of the RL step, the training at this bound and the phases no
  // layout changes beside it (rl.h RlSecondsPerUpdateAtLeast: the engine's generation, the reward, the transition).
  const RlLayoutFree rl = RlLayoutFreeSeconds(job);
  const int batch = GlobalBatch(job.work, l);
  const auto per_update = [&](double s) { return RlSecondsPerUpdateAtLeast(job, rl, s, batch) * (1 - kShrink); };
  Bounds b;
  b.any = RunBound(job, l, per_update(seconds));
  b.low_zero = dp > 0 ? RunBound(job, l, per_update((seconds + dp * (1 - kShrink)) * (1 - kShrink))) : b.any;
  return b;
}

// Memory (bytes, on the most loaded GPU) of every layout of the outer at micro-batch mbs or more.
double Engine::MemoryBound(const Job& job, const Outer& o, int mbs, const Inner* inners, int n_inner) {
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
    // The policy's own peak: post-training's phases add the reference, critic and reward model beside it (rl.h
    // TrainingMemory), whose states shrink with ZeRO and offload as the policy's do, so they stay out of the bound.
    lb = std::min(lb, m.policy_total - m.model_states);
  }
  if (!std::isfinite(lb) || lb < 0) return 0;
  return std::max(0.0, lb * (1 - kShrink) - 1.0);
}

// The usable memory of a variant's GPU (memory.cpp's, read off one estimate: it does not depend on the
// layout; CheckSearchBounds checks that).
double Engine::Usable(const Outer& o) {
  if (usable_of.empty()) usable_of.assign(result.jobs.size(), -1);
  double& u = usable_of[o.variant];
  if (u < 0) u = EstimateMemory(result.jobs[o.variant], BaseLayout(o)).usable;
  return u;
}

// No layout at or above these bounds can enter the top N (by every objective kept), the front, or be the
// fastest of its variant (fastest_each).
bool Engine::TimeExcluded(const Bound& b, int variant) const {
  if (options.fastest_each && !(b.key[0] > live_fastest[variant].Worst(false) * (1 + kKeyMargin))) return false;
  const int primary = int(options.objective);
  if (!(b.key[primary] > live.Worst(false) * (1 + kKeyMargin))) return false;
  if (options.both_objectives && !(b.key[1 - primary] > live.Worst(true) * (1 + kKeyMargin))) return false;
  return options.top_only || live.Dominated(b.days, b.cost);
}

// No layout needing at least `bytes` on a GPU with `usable` bytes can be the least-memory layout. None
// can once a layout fits (the answer has a least-memory layout only when nothing fits), or in a search
// for the top N alone.
bool Engine::MemoryExcluded(double bytes, double usable) const {
  if (!(usable > 0) || options.top_only || live.any_fits) return true;  // (no usable memory: every ratio is 1e300)
  return bytes / usable > live.least_ratio * (1 + kMemoryMargin);
}

// Could this evaluated plan still be in the answer (top N, front, least memory)?
bool Engine::MayMatter(const Plan& plan, int variant) const {
  if (options.fastest_each && plan.memory.fits &&
      RankKey(plan, Objective::Time) <= live_fastest[variant].Worst(false) * (1 + kKeyMargin))
    return true;
  if (!options.top_only && !live.any_fits && MemoryRatio(plan.memory) <= live.least_ratio * (1 + kMemoryMargin))
    return true;
  if (!plan.memory.fits) return false;
  if (RankKey(plan, options.objective) <= live.Worst(false) * (1 + kKeyMargin)) return true;
  if (options.both_objectives && RankKey(plan, Other(options.objective)) <= live.Worst(true) * (1 + kKeyMargin))
    return true;
  return !options.top_only && !live.Dominated(plan.run.days, plan.run.cost_usd);
}

}  // namespace tp::search_detail

namespace tp {

using namespace search_detail;

namespace {
// A layout in the link's words, for a violated bound's message.
std::string LayoutWords(const Layout& l) {
  return "tp=" + std::to_string(l.tp) + " pp=" + std::to_string(l.pp) + " vp=" + std::to_string(l.vp) +
         " cp=" + std::to_string(l.cp) + " ep=" + std::to_string(l.ep) + " dp=" + std::to_string(l.dp) +
         " mbs=" + std::to_string(l.mbs) + " zero=" + std::to_string(l.zero) +
         " recompute=" + kRecomputeNames[int(l.recompute)] + " offload=" + kOffloadNames[int(l.offload)] +
         " sp=" + (l.sp ? "1" : "0");
}
}  // namespace

std::string CheckSearchBounds(SearchSpace space, const SearchOptions& options) {
  Engine s;
  s.fixed = space.fixed;
  s.options = options;
  s.options.exhaustive = false;
  s.result.jobs = std::move(space.jobs);
  s.result.gpu_ids = std::move(space.gpu_ids);
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
    const Bounds whole = s.TimeBound(job, o, mbs[cells - 1], mbs[0]);
    double cell_mem = 0;  // the largest memory bound of this or a smaller micro-batch: it holds here too
    for (int c = 0; c < cells; ++c) {
      const Bounds cell = s.TimeBound(job, o, mbs[c], mbs[c]);
      cell_mem = std::max(cell_mem, s.MemoryBound(job, o, mbs[c], inners, n_inner));
      for (int i = 0; i < n_inner; ++i) {
        const Layout l = s.InnerLayout(o, mbs[c], inners[i]);
        if (!CheckLayout(job, l, nullptr)) continue;
        const Plan p = Evaluate(job, l);
        auto say = [&](const char* what, double bound, double actual) {
          return std::string(what) + " bound " + Fmt("%.17g", bound) + " above the full model's " +
                 Fmt("%.17g", actual) + " at gpu=" + s.result.gpu_ids[o.variant] +
                 " gpus=" + std::to_string(job.hw.gpus) + " " + LayoutWords(l);
        };
        // Every layout keeps its group's bound `any`; one with ZeRO 0-2 keeps `low_zero` too.
        const bool low_zero = inners[i].zero < 3;
        const Bound* bounds[] = {&whole.any, &cell.any, low_zero ? &whole.low_zero : &whole.any,
                                 low_zero ? &cell.low_zero : &cell.any};
        // What the run counts per optimizer step: the step, or under post-training its share of the RL step.
        const double step_s =
            job.rl.Active() ? RlSecondsPerUpdate(job, p.rl.step_seconds, p.global_batch) : p.step.seconds;
        for (const Bound* b : bounds) {
          if (b->seconds > step_s) return say("step time", b->seconds, step_s);
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

}  // namespace tp
