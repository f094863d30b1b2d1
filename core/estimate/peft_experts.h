// peft_experts.h — what PEFT's LoRA of a mixture of experts' routed experts costs where Transformers keeps them as 3-D
// parameters (v5: experts.gate_up_proj and experts.down_proj, reached by LoraConfig.target_parameters): its
// ParamWrapper rebuilds each MoE layer's whole expert update B·A (experts x in x out) and the summed weight on every
// forward, recomputed forward too, keeps that weight for the backward, and autograd computes the experts' full weight
// gradient before reducing it onto the adapters. Memory (memory.cpp) and step time (step_finetune.cpp) each call it
// once; peft_experts.cpp cites the code each term is read from.
#pragma once
#include "job.h"

namespace tp {

// One MoE layer on one GPU (its local experts, divided by tensor parallelism). All zero where it does not apply: full
// training, no routed expert adapted (lora_targets=dense), a dense model, model code other than Transformers' (Unsloth
// computes the experts' LoRA on the activations; Megatron's and torchtune's adapters are modules), or Transformers
// before v5 (Workload::transformers_v5; v4's experts were nn.Linear modules that PEFT's module LoRA wraps).
struct ExpertDelta {
  double elements = 0;   // the local experts' weights of one layer: experts / ep x one expert's MLP / tp
  double fwd_bytes = 0;  // bytes a forward pass (or its recomputation) moves building the summed weight
  double bwd_bytes = 0;  // bytes the backward moves reducing the weight gradient onto the adapters
  double saved = 0;      // bytes the layer keeps for its backward: the summed 16-bit weight
  double transient = 0;  // bytes of the update's fp32 copies while one layer builds or reduces it (the peak of that
                         // layer's own: the summed weight and its gradient, 2 B each, come between them)
};
ExpertDelta PeftExpertDeltaOf(const Job& job, int tp, int ep);

}  // namespace tp
