// flops.h — floating-point operations of one training step for a (Job, Layout): forward, backward (2x the
// forward: gradients of activations and of weights; LoRA skips the frozen weights'), and recomputation,
// built from the model's operations (core/model/ops.h). Model FLOPs exclude recomputation, hardware FLOPs
// include it (Megatron-LM's convention, Narayanan et al. 2021).
#pragma once
#include "job.h"
#include "ops.h"

namespace tp {

// FLOPs of one optimizer step (gbs sequences), whole job (all GPUs together).
struct StepFlops {
  double forward = 0;    // one forward pass
  double backward = 0;   // 2x forward for full training; LoRA skips the frozen weights' gradients
  double recompute = 0;  // selective: attention core again; full: a whole extra forward (not logits)
  double model = 0;      // forward + backward (Megatron's model FLOPs, used for MFU)
  double hardware = 0;   // model + recompute (used for HFU)
};
StepFlops FlopsPerStep(const Job& job, const Layout& layout);
// The same with the model's operations already described (the step model's hot path).
StepFlops FlopsPerStep(const Job& job, const Layout& layout, const ModelOps& ops);

}  // namespace tp
