// sentences.cpp — a plan's bottleneck and warnings in words (core/report/sentences.h).
#include "sentences.h"

#include "band_text.h"
#include "catalog.h"
#include "format.h"
#include "text.h"

namespace tp {

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
  const std::string share = PercentText(plan.bottleneck_share);
  auto link = [&](const LinkSpec* spec) -> std::string { return spec ? spec->name : Translate(lang, "the network"); };
  auto tr = [&](const char* english, std::initializer_list<std::string_view> args) {
    return TrFill(lang, english, args);
  };
  switch (plan.bottleneck) {
    case Bottleneck::None: return Translate(lang, "no bottleneck computed");
    case Bottleneck::Memory:
      // GPU memory may be fine while offloaded states overflow the host (ZeRO-Offload keeps them in RAM), or while
      // one sequence outgrows a rollout engine's KV cache: what does not fit, with its figures (band_text.h).
      if (const std::string detail = ShortOfDetail(plan, job, lang); !detail.empty())
        return tr("does not fit: {0}", {detail});
      return tr("does not fit: {0} needed per GPU, {1} usable",
                {MemoryText(plan.memory.total), MemoryText(plan.memory.usable)});
    case Bottleneck::Compute:
      return tr("compute-bound: tensor-core time is {0} of the step (MFU {1})",
                {share, PercentText(plan.throughput.mfu)});
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
  if (w & kWarnDoesNotFit) {
    // What the GPU's memory holds and something else does not (the verdict's ShortOfDetail gives the figures).
    const uint8_t beside = ShortBesideGpu(plan.memory);
    add(beside == kShortHost ? "does not fit in the host memory that offload needs"
        : beside == kShortKv ? "does not fit in the rollout engine's KV cache"
                             : "does not fit in GPU memory");
  }
  if (w & kWarnNoP2P) {
    const std::string name = job.hw.gpu ? job.hw.gpu->name : std::string(Translate(lang, "this GPU"));
    const bool bridged = job.hw.intra && job.hw.intra->kind == LinkKind::Bridge;
    out.push_back(
        bridged ? TrFill(lang,
                         "{0} has no peer-to-peer over PCIe: beyond each NVLink-bridged pair, "
                         "collectives pass through host memory",
                         {name})
                : TrFill(lang, "{0} has no peer-to-peer: collectives pass through host memory over PCIe", {name}));
  }
  if (w & kWarnTpAcrossNodes) add("tensor/context-parallel group spans nodes: its traffic crosses the network");
  if (w & kWarnTokensDefaulted)
    add(job.work.finetune ? "dataset not given: 20,000 examples of 210 tokens, one epoch (4.2M tokens) assumed"
                          : "token budget not given: 20 tokens per parameter (Chinchilla) assumed");
  if (w & kWarnSizeOnlyModel)
    add("size-only model: activations and step time need the architecture (layers, hidden, heads)");
  if (w & kWarnFp8Unsupported) add("this GPU has no FP8 tensor cores: fp8 runs at the 16-bit rate");
  if (w & kWarnOffloadSlow) add("offload traffic over the host link slows the step noticeably");
  if (w & kWarnLowMfu) add("MFU below 20%: the GPUs mostly wait");
  if (w & kWarnGoodputFloor)
    add("failures come faster than the run can checkpoint and restart: goodput is held at 1% and the "
        "wall clock shown is a lower bound (raise mtbf_gpu_h or use fewer GPUs)");
  return out;
}

}  // namespace tp
