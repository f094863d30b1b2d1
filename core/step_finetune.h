// step_finetune.h — what fine-tuning adds to a step beyond the pre-training kernels step.cpp times: LoRA
// adapter GEMMs and their elementwise traffic, NF4 dequantization (QLoRA), the extra traffic of a stack's
// unfused eager kernels, offloaded activation checkpoints (the `offload_act` key) and the host-bound floor of
// small micro-batches. Each term is the physical work of the stack's own code path (step_finetune.cpp cites
// it); step.cpp calls FinetuneStep once per step through a small hook. docs/step-model.md section 7.
#pragma once
#include "flops.h"
#include "job.h"
#include "stack.h"

namespace tp {

// How a stack runs the kernels fine-tuning adds, read from its code (step_finetune.cpp, KernelsOf).
struct StackKernels {
  // QLoRA: bytes moved per frozen weight each time it is dequantized to 16 bits before a GEMM (read the
  // 4-bit weight and its block constants, write the bf16 copy the GEMM then reads like any weight).
  double dequant_bytes;
  // LoRA adapters: elementwise bytes per token and per element of an adapted matrix's input width (casts of
  // its input) and output width (scaling, adding to the base output), forward; the GEMMs are timed apart.
  double adapter_in, adapter_out;
  // With lora_dropout > 0: the dropout kernel on each adapter's input, bytes per input element (read, write
  // the dropped copy and its 1-byte mask).
  double adapter_dropout;
  // Unfused eager kernels: bytes per token and layer, forward, beyond the fused count step.cpp charges: per
  // hidden element (norms, transposes), per query/key element (rotary embedding), per MLP intermediate
  // element (SwiGLU's separate multiply); and per logit, forward and backward, on the last stage (an fp32
  // copy of the logits for the loss).
  double unfused_h, unfused_qk, unfused_ffn, unfused_logit;
  // Host time per layer pass (forward, recomputation or backward of one block): Python, dispatch and kernel
  // launches. The GPU idles when the host is slower than the kernels it launches (small micro-batches).
  double host_s;
  // Offloaded checkpoints: the share of a layer's copy to host memory that overlaps its forward, and of the
  // copy back that overlaps the backward (side streams); the rest waits.
  double offload_fwd, offload_bwd;
  // AdamW's step: bytes moved over those of one fused kernel (read weight, gradient, states; write weight,
  // states). 1 for a fused AdamW; PyTorch's multi-tensor (foreach) AdamW runs eight elementwise passes.
  double adamw_passes;
  const char* source;  // the code each value is read from
};
const StackKernels& KernelsOf(StackKind kind);
// The kernels around the LoRA adapters: the stack's own, except that lora_dropout takes Unsloth off its fused
// fast path onto PEFT's (unsloth models/llama.py get_peft_model patches LoRA layers only with dropout 0; see
// KernelsOf's table). Step time and activation memory read this one rule.
const StackKernels& AdapterKernelsOf(StackKind kind, bool dropout);

// The seconds FinetuneStep adds, per micro-batch on the slowest pipeline stage.
struct FinetuneTime {
  double adapter_gemm = 0;  // LoRA A and B GEMMs: forward, backward (input and weight gradients), recomputation
  double adapter_mem = 0;   // adapter elementwise kernels (casts, scaling, add)
  double dequant = 0;       // NF4 -> bf16 copies of the frozen weights (QLoRA)
  double unfused = 0;       // a stack's unfused eager kernels beyond the fused count
  double offload = 0;       // offloaded checkpoints: copies out and back not hidden behind compute
  double host = 0;          // host time to launch the micro-batch's kernels (compared with the GPU's, step.cpp)
  double Compute() const { return adapter_gemm; }
  double Memory() const { return adapter_mem + dequant + unfused; }
};

// What step.cpp already knows about the micro-batch on the slowest stage.
struct FinetuneInputs {
  double tokens = 0;       // rows of every GEMM on this GPU: mbs x seq / cp
  int dense_blocks = 0, moe_blocks = 0;  // blocks on the slowest stage
  bool last_stage = true;  // it computes the logits and the loss
  double forward_s = 0;    // the stage's forward compute per micro-batch (hides checkpoint copies)
  double backward_s = 0;   // its backward + recomputation compute
  double mem_rate = 1;     // bytes/s of memory-bound kernels (bandwidth x eff_memory)
  double host_bw = 1;      // bytes/s per GPU over its host link (shared with the GPUs behind its switch)
  // The step model's GEMM time (step.cpp GemmTime) for an (m x k) by (k x n) product.
  double (*gemm)(double m, double n, double k, const void* ctx) = nullptr;
  const void* gemm_ctx = nullptr;
};

FinetuneTime FinetuneStep(const Job& job, const Layout& layout, const ModelOps& ops, const FinetuneInputs& in);

// Bytes the optimizer step moves per trained parameter: the stack's gradient, master weight and states read,
// and written back (StateBytesPerParam), or the adapters' in their own precision for LoRA.
double OptimizerStepBytes(const Job& job, int zero);

}  // namespace tp
