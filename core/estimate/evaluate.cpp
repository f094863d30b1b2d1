// evaluate.cpp — Evaluate(Job, Layout): memory, then step time, then the whole run; names the bottleneck
// and raises warnings. Pure and allocation-free so search can call it millions of times a second; the
// sentences for people are built separately, only for the plans a surface shows.
#include "plan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "catalog.h"
#include "memory.h"
#include "rl.h"
#include "rules.h"
#include "run.h"
#include "step.h"
#include "text.h"
#include "trace.h"
#include "units.h"

namespace tp {
namespace {

// The exposed communication is attributed to the group whose exposed time is the largest (each group's as the
// step model hid it: StepBreakdown::exposed_*).
Bottleneck DominantCommGroup(const StepBreakdown& s) {
  struct Entry {
    double t;
    Bottleneck b;
  };
  const Entry entries[] = {{s.exposed_tp_s, Bottleneck::TensorComm},
                           {s.exposed_cp_s, Bottleneck::ContextComm},
                           {s.exposed_ep_s, Bottleneck::ExpertComm},
                           {s.exposed_pp_s, Bottleneck::PipelineComm},
                           {s.exposed_dp_s, Bottleneck::DataComm}};
  const Entry* best = &entries[0];
  for (const Entry& e : entries)
    if (e.t > best->t) best = &e;
  return best->b;
}

void FindBottleneck(Plan& plan) {
  if (!plan.memory.fits) {
    plan.bottleneck = Bottleneck::Memory;
    plan.bottleneck_share = plan.memory.usable > 0 ? plan.memory.total / plan.memory.usable : 0;
    return;
  }
  const StepBreakdown& s = plan.step;
  if (!(s.seconds > 0)) return;
  struct Entry {
    double t;
    Bottleneck b;
  };
  const Entry entries[] = {{s.compute_s, Bottleneck::Compute},
                           {s.memory_s, Bottleneck::MemoryBandwidth},
                           {s.comm_exposed_s, DominantCommGroup(s)},
                           {s.bubble_s, Bottleneck::Bubble},
                           {s.offload_s, Bottleneck::Offload}};
  const Entry* best = &entries[0];
  for (const Entry& e : entries)
    if (e.t > best->t) best = &e;
  plan.bottleneck = best->b;
  plan.bottleneck_share = best->t / s.seconds;
}

uint32_t FindWarnings(const Job& job, const Layout& layout, const Plan& plan) {
  uint32_t w = 0;
  if (!plan.memory.fits) w |= kWarnDoesNotFit;
  const GpuSpec* gpu = job.hw.gpu;
  // Without peer-to-peer the GPUs of a node exchange through host memory, except a pair joined by an NVLink
  // bridge, which carries peer-to-peer itself (GeForce RTX 3090 pairs; step_comm.cpp IntraRing): warn only
  // where some traffic stages.
  const int node = NodeGpus(job.hw);
  const bool bridged = job.hw.intra && job.hw.intra->kind == LinkKind::Bridge;
  if (gpu && !gpu->p2p && node > 1 && !(bridged && node <= std::max(2, job.hw.intra->max_gpus))) w |= kWarnNoP2P;
  if (layout.tp * layout.cp > node) w |= kWarnTpAcrossNodes;
  if (job.work.tokens_defaulted) w |= kWarnTokensDefaulted;
  if (job.model.layers == 0) w |= kWarnSizeOnlyModel;
  if (gpu && job.work.prec == Precision::Fp8 && !HasFp8(*gpu)) w |= kWarnFp8Unsupported;
  if (plan.step.seconds > 0 && plan.step.offload_s > 0.25 * plan.step.seconds) w |= kWarnOffloadSlow;
  if (plan.memory.fits && job.model.layers > 0 && plan.throughput.mfu > 0 && plan.throughput.mfu < 0.2)
    w |= kWarnLowMfu;
  if (plan.run.goodput > 0 && plan.run.goodput <= kGoodputFloor) w |= kWarnGoodputFloor;
  return w;
}

// Evaluate after the memory estimate: step, run, bottleneck, warnings.
Plan Finish(const Job& job, const Layout& layout, const MemoryBreakdown& memory, PlanTrace* trace) {
  Plan plan;
  plan.layout = layout;
  plan.global_batch = GlobalBatch(job.work, layout);
  plan.memory = memory;
  EstimateStep(job, layout, plan.step, plan.throughput, trace ? &trace->step : nullptr, plan.memory.paged_bytes);
  if (job.rl.Active()) {
    // Post-training: the run is rl_steps RL steps; the budget counts rl_updates optimizer steps per RL step
    // (rl_setup.cpp), each carrying its share of the RL step, on every GPU of both pools.
    plan.rl = EstimateRl(job, layout, plan.memory, plan.step);
    Job whole = job;
    whole.hw.gpus = job.rl.total_gpus;
    StepBreakdown per_update = plan.step;
    // The budget counts rl_updates steps of the target mini-batch per RL step; each step of this layout's batch
    // carries its share of the RL step.
    per_update.seconds = RlSecondsPerUpdate(job, plan.rl.step_seconds, plan.global_batch);
    plan.run = EstimateRun(whole, layout, plan.memory, per_update, plan.throughput, trace ? &trace->run : nullptr);
  } else {
    plan.run = EstimateRun(job, layout, plan.memory, plan.step, plan.throughput, trace ? &trace->run : nullptr);
  }
  FindBottleneck(plan);
  plan.warnings = FindWarnings(job, layout, plan);
  plan.valid = true;
  return plan;
}

}  // namespace

Plan Evaluate(const Job& job, const Layout& layout, PlanTrace* trace) {
  // An auto global batch follows the layout: every estimator reads GlobalBatch(job.work, layout) (rules.h).
  return Finish(job, layout, EstimateMemory(job, layout, trace ? &trace->memory : nullptr), trace);
}

Plan EvaluateWithMemory(const Job& job, const Layout& layout, const MemoryBreakdown& memory) {
  return Finish(job, layout, memory, nullptr);
}

}  // namespace tp
