// step_finetune.h — what fine-tuning adds to a step beyond the pre-training kernels step.cpp times: LoRA
// adapter GEMMs and their elementwise traffic, NF4 dequantization (QLoRA), the extra traffic of a stack's
// unfused eager kernels, offloaded activation checkpoints (the `offload_act` key) and the host-bound floor of
// small micro-batches. Each term is the physical work of the stack's own code path (step_finetune.cpp cites
// it); step.cpp calls FinetuneStep once per step through a small hook. docs/step-model.md section 7.
#pragma once
#include "flops.h"
#include "job.h"
#include "kernels.h"
#include "stack.h"

namespace tp {

// The seconds FinetuneStep adds, per micro-batch on the slowest pipeline stage.
struct FinetuneTime {
  double adapter_gemm = 0;  // LoRA A and B GEMMs: forward, backward (input and weight gradients), recomputation
  double adapter_mem = 0;   // adapter elementwise kernels (casts, scaling, add)
  double dequant = 0;       // NF4 -> bf16 copies of the frozen weights (QLoRA)
  double unfused = 0;       // a stack's unfused eager kernels beyond the fused count
  double offload = 0;       // offloaded checkpoints: copies out and back not hidden behind compute
  double host = 0;          // host time to launch the micro-batch's kernels (compared with the GPU's, step.cpp)
  double dora = 0;          // DoRA's weight norms and rescaling (dora.h)
  double dora_gemm = 0;     // DoRA's base GEMM run again (PEFT with lora_dropout or before 2025)
  double expert_delta = 0;  // PEFT's routed experts' update and summed weight built and reduced (peft_experts.h)
  double expert_wgrad = 0;  // the routed experts' full weight-gradient GEMMs autograd runs for that summed weight
  double Compute() const { return adapter_gemm + dora_gemm + expert_wgrad; }
  double Memory() const { return adapter_mem + dequant + unfused + dora + expert_delta; }
};

// What step.cpp already knows about the micro-batch on the slowest stage.
struct FinetuneInputs {
  double tokens = 0;                     // rows of every GEMM on this GPU: mbs x seq / cp
  int dense_blocks = 0, moe_blocks = 0;  // blocks on the slowest stage
  bool last_stage = true;                // it computes the logits and the loss
  double forward_s = 0;                  // the stage's forward compute per micro-batch (hides checkpoint copies)
  double backward_s = 0;                 // its backward + recomputation compute
  double mem_rate = 1;                   // bytes/s of memory-bound kernels (bandwidth x eff_memory)
  double host_bw = 1;                    // bytes/s per GPU over its host link (shared with the GPUs behind its switch)
  bool forward_only = false;             // a forward without gradients (RL log-probabilities): one pass, no checkpoints
  // The step model's GEMM time (step.cpp GemmTime) for an (m x k) by (k x n) product.
  double (*gemm)(double m, double n, double k, const void* ctx) = nullptr;
  const void* gemm_ctx = nullptr;
};

FinetuneTime FinetuneStep(const Job& job, const Layout& layout, const ModelOps& ops, const FinetuneInputs& in);

// Bytes the optimizer step moves per trained parameter: the stack's gradient, master weight and states read,
// and written back (StateBytesPerParam), or the adapters' in their own precision for LoRA.
double OptimizerStepBytes(const Job& job, int zero);

}  // namespace tp
