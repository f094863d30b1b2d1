// peft_experts.cpp — PEFT's LoRA of Transformers' 3-D expert parameters (peft_experts.h), read from
// huggingface/peft src/peft/tuners/lora/layer.py at v0.20.0 (a5526d2, 2026-07-28; the release the launch exports pin),
// class ParamWrapper:
//  - get_delta_weight: torch.einsum("o r e, e r i -> e i o", lora_B, lora_A) * scaling over every expert of the
//    parameter, then .to(param.dtype): the adapters are fp32 (get_peft_model's autocast_adapter_dtype casts 16-bit
//    adapters up; the stack's adapter_bytes), the update is written in fp32, scaled, and cast to the weight's 16 bits.
//  - _activate_lora: registers _LoraParameterProxy (forward: W + delta_weight) as a parametrization for the forward
//    of the experts' module, under parametrize.cached(): the summed weight is built once per forward call (PEFT #2912,
//    2025-11, made the cache hold across the experts' loop) and is what the experts' matmuls read, so autograd keeps
//    it for their input gradient and computes its full gradient, which flows back through the cast and the einsum to
//    lora_A and lora_B.
// PEFT #3577 (merged 2026-08-24, after v0.20.0) folds the update into one baddbmm for a single adapter ("the
// materialised delta is the size of the whole expert stack, rebuilt on every forward (and again on the
// gradient-checkpointing recompute)"): a later release moves fewer bytes than charged here.
#include "peft_experts.h"

#include <algorithm>

#include "model.h"
#include "saves.h"
#include "stack.h"

namespace tp {

ExpertDelta PeftExpertDeltaOf(const Job& job, int tp, int ep) {
  ExpertDelta d;
  const Workload& w = job.work;
  if (w.method == Method::Full || w.lora_r <= 0 || !job.facts.lora_widths.routed) return d;
  if (!w.transformers_v5) return d;
  const ParamCounts& pc = job.facts.pc;
  if (pc.experts <= 1 || pc.moe_layers <= 0 || pc.expert <= 0) return d;
  d.elements = double(pc.experts) / std::max(1, ep) * pc.expert / std::max(1, tp);
  const double a = StackOf(job).adapter_bytes > 0 ? StackOf(job).adapter_bytes : 4.0;  // the update's bytes
  const double x = 2.0;                                                                // the 16-bit weight's
  const double cast = a != x ? a + x : 0.0;  // .to(param.dtype): read the fp32 update, write 16 bits
  // Forward: the einsum writes the update, the scaling reads and writes it, the cast, then W + delta reads both
  // and writes the summed weight. The einsum's FLOPs (2 r per element, contraction over the rank alone) are not
  // charged: against these bytes they are compute-bound only past r ~ 200 at an H100's FP32 rate.
  d.fwd_bytes = d.elements * (a + 2 * a + cast + 3 * x);
  // Backward: the weight gradient in 16 bits (written by the experts' weight-gradient GEMMs, step_finetune.cpp),
  // cast up, through the scaling, read by the two einsums that give lora_A's and lora_B's gradients.
  d.bwd_bytes = d.elements * (x + cast + 2 * a + 2 * a);
  d.saved = d.elements * x;
  // Beside the kept weight: the fp32 update and its scaled copy (forward), or the gradient's fp32 copy and its
  // scaled one (backward); one layer at a time.
  d.transient = d.elements * 2 * a;
  return d;
}

}  // namespace tp
