// plan.cpp — Evaluate(Job, Layout): memory, then step time, then the whole run; names the bottleneck
// and raises warnings. Pure and allocation-free so search can call it millions of times a second; the
// sentences for people are built separately, only for the plans a surface shows.
#include "plan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "catalog.h"
#include "explain.h"
#include "memory.h"
#include "run.h"
#include "step.h"
#include "text.h"
#include "units.h"

namespace tp {
namespace {

// The exposed communication is attributed to the group that moves the most time: tensor-parallel
// traffic is almost all exposed, data-parallel traffic mostly hidden behind the backward pass.
Bottleneck DominantCommGroup(const StepBreakdown& s) {
  struct Entry { double t; Bottleneck b; };
  const Entry entries[] = {{s.comm_tp_s, Bottleneck::TensorComm}, {s.comm_cp_s, Bottleneck::ContextComm},
                           {s.comm_ep_s, Bottleneck::ExpertComm}, {s.comm_pp_s, Bottleneck::PipelineComm},
                           {s.comm_dp_s * 0.25, Bottleneck::DataComm}};
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
  struct Entry { double t; Bottleneck b; };
  const Entry entries[] = {{s.compute_s, Bottleneck::Compute}, {s.memory_s, Bottleneck::MemoryBandwidth},
                           {s.comm_exposed_s, DominantCommGroup(s)}, {s.bubble_s, Bottleneck::Bubble},
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
  const int node = std::max(1, std::min(job.hw.gpus_per_node, job.hw.gpus));
  const bool bridged = job.hw.intra && job.hw.intra->kind == LinkKind::Bridge;
  if (gpu && !gpu->p2p && node > 1 && !(bridged && node <= std::max(2, job.hw.intra->max_gpus))) w |= kWarnNoP2P;
  if (layout.tp * layout.cp > job.hw.gpus_per_node) w |= kWarnTpAcrossNodes;
  if (job.work.tokens_defaulted) w |= kWarnTokensDefaulted;
  if (job.model.layers == 0) w |= kWarnSizeOnlyModel;
  if (gpu && job.work.prec == Precision::Fp8 && gpu->peak_flops[int(Precision::Fp8)] <= 0) w |= kWarnFp8Unsupported;
  if (plan.step.seconds > 0 && plan.step.offload_s > 0.25 * plan.step.seconds) w |= kWarnOffloadSlow;
  if (plan.memory.fits && job.model.layers > 0 && plan.throughput.mfu > 0 && plan.throughput.mfu < 0.2) w |= kWarnLowMfu;
  return w;
}

// GiB, the unit nvidia-smi and PyTorch show (an "80 GB" card is 80 GiB there), so a verdict reads against them.
std::string Gibibytes(double bytes) { return Fmt("%.1f GiB", bytes / kGiB); }

// Evaluate after the memory estimate: step, run, bottleneck, warnings.
Plan Finish(const Job& job, const Layout& layout, const MemoryBreakdown& memory, PlanTrace* trace) {
  Plan plan;
  plan.layout = layout;
  plan.global_batch = job.work.gbs;
  plan.memory = memory;
  EstimateStep(job, layout, plan.step, plan.throughput, trace ? &trace->step : nullptr, plan.memory.paged_bytes);
  plan.run = EstimateRun(job, layout, plan.memory, plan.step, plan.throughput, trace ? &trace->run : nullptr);
  FindBottleneck(plan);
  plan.warnings = FindWarnings(job, layout, plan);
  plan.valid = true;
  return plan;
}

}  // namespace

Plan Evaluate(const Job& job, const Layout& layout, PlanTrace* trace) {
  if (job.work.gbs_auto) {
    // The layout decides an auto global batch (GlobalBatch); the models below read job.work.gbs. Search
    // writes it into its per-layout job copy once, so this copy is only made for single plans.
    Job fixed = job;
    fixed.work.gbs = GlobalBatch(job.work, layout);
    fixed.work.gbs_auto = false;
    return Evaluate(fixed, layout, trace);
  }
  return Finish(job, layout, EstimateMemory(job, layout, trace ? &trace->memory : nullptr), trace);
}

Plan EvaluateWithMemory(const Job& job, const Layout& layout, const MemoryBreakdown& memory) {
  if (job.work.gbs_auto) return Evaluate(job, layout);  // the batch follows the layout: memory again with it
  return Finish(job, layout, memory, nullptr);
}

const char* BottleneckName(Bottleneck b) {
  switch (b) {
    case Bottleneck::None: return "none";
    case Bottleneck::Memory: return "memory capacity";
    case Bottleneck::Compute: return "compute";
    case Bottleneck::MemoryBandwidth: return "memory bandwidth";
    case Bottleneck::TensorComm: return "tensor-parallel communication";
    case Bottleneck::ContextComm: return "context-parallel communication";
    case Bottleneck::ExpertComm: return "expert-parallel all-to-all";
    case Bottleneck::DataComm: return "data-parallel communication";
    case Bottleneck::PipelineComm: return "pipeline point-to-point";
    case Bottleneck::Bubble: return "pipeline bubble";
    case Bottleneck::Offload: return "offload transfers";
  }
  return "none";
}

std::string BottleneckSentence(const Plan& plan, const Job& job) { return BottleneckSentence(plan, job, Lang::En); }

std::string BottleneckSentence(const Plan& plan, const Job& job, Lang lang) {
  const Layout& l = plan.layout;
  const bool tp_in_node = l.tp * l.cp <= job.hw.gpus_per_node;
  const std::string share = Percent(plan.bottleneck_share);
  auto link = [&](const LinkSpec* spec) -> std::string { return spec ? spec->name : Translate(lang, "the network"); };
  auto tr = [&](const char* english, std::initializer_list<std::string_view> args) { return TrFill(lang, english, args); };
  switch (plan.bottleneck) {
    case Bottleneck::None: return Translate(lang, "no bottleneck computed");
    case Bottleneck::Memory:
      // GPU memory may be fine while offloaded states overflow the host (ZeRO-Offload keeps them in RAM).
      if (plan.memory.total <= plan.memory.usable && plan.memory.host_bytes > 0)
        return tr("does not fit in host memory: offload needs {0} of CPU memory per node",
                  {Gibibytes(plan.memory.host_bytes)});
      return tr("does not fit: {0} needed per GPU, {1} usable",
                {Gibibytes(plan.memory.total), Gibibytes(plan.memory.usable)});
    case Bottleneck::Compute:
      return tr("compute-bound: tensor-core time is {0} of the step (MFU {1})", {share, Percent(plan.throughput.mfu)});
    case Bottleneck::MemoryBandwidth:
      return tr("memory-bandwidth-bound kernels (norms, element-wise, optimizer) are {0} of the step", {share});
    case Bottleneck::TensorComm:
      return tr("tensor-parallel all-reduce over {0} is {1} of the step",
                {link(tp_in_node ? job.hw.intra : job.hw.inter), share});
    case Bottleneck::ContextComm:
      return tr("context-parallel ring exchange over {0} is {1} of the step",
                {link(tp_in_node ? job.hw.intra : job.hw.inter), share});
    case Bottleneck::ExpertComm: return tr("expert-parallel all-to-all is {0} of the step", {share});
    case Bottleneck::DataComm:
      return tr("data-parallel gradient traffic over {0} is {1} of the step",
                {link(job.hw.gpus > job.hw.gpus_per_node ? job.hw.inter : job.hw.intra), share});
    case Bottleneck::PipelineComm: return tr("pipeline point-to-point transfers are {0} of the step", {share});
    case Bottleneck::Bubble:
      return tr("pipeline bubble (PP {0}, {1} micro-batches) is {2} of the step",
                {std::to_string(l.pp), std::to_string(plan.step.micro_batches), share});
    case Bottleneck::Offload: return tr("offload transfers over the host link are {0} of the step", {share});
  }
  return {};
}

std::vector<std::string> WarningSentences(const Plan& plan, const Job& job) {
  return WarningSentences(plan, job, Lang::En);
}

std::vector<std::string> WarningSentences(const Plan& plan, const Job& job, Lang lang) {
  std::vector<std::string> out;
  const uint32_t w = plan.warnings;
  auto add = [&](const char* english) { out.push_back(Translate(lang, english)); };
  if (w & kWarnDoesNotFit)
    add(plan.memory.total <= plan.memory.usable ? "does not fit in the host memory that offload needs"
                                                : "does not fit in GPU memory");
  if (w & kWarnNoP2P) {
    const std::string name = job.hw.gpu ? job.hw.gpu->name : std::string(Translate(lang, "this GPU"));
    const bool bridged = job.hw.intra && job.hw.intra->kind == LinkKind::Bridge;
    out.push_back(bridged ? TrFill(lang, "{0} has no peer-to-peer over PCIe: beyond each NVLink-bridged pair, "
                                         "collectives pass through host memory", {name})
                          : TrFill(lang, "{0} has no peer-to-peer: collectives pass through host memory over PCIe", {name}));
  }
  if (w & kWarnTpAcrossNodes) add("tensor/context-parallel group spans nodes: its traffic crosses the network");
  if (w & kWarnTokensDefaulted)
    add(job.work.finetune ? "dataset not given: 20,000 examples of 210 tokens, one epoch (4.2M tokens) assumed"
                          : "token budget not given: 20 tokens per parameter (Chinchilla) assumed");
  if (w & kWarnSizeOnlyModel) add("size-only model: activations and step time need the architecture (layers, hidden, heads)");
  if (w & kWarnFp8Unsupported) add("this GPU has no FP8 tensor cores: fp8 runs at the 16-bit rate");
  if (w & kWarnOffloadSlow) add("offload traffic over the host link slows the step noticeably");
  if (w & kWarnLowMfu) add("MFU below 20%: the GPUs mostly wait");
  return out;
}

}  // namespace tp
