// kernels.h — how a stack runs the kernels fine-tuning adds beyond pre-training's (QLoRA dequantisation,
// LoRA adapters' elementwise traffic, unfused eager kernels, host launch time, checkpoint offload, the
// optimizer's passes): one row per stack, read from its code (kernels.cpp cites each function). The step
// model (core/estimate/step_finetune.cpp) and memory read it; `trainplan catalog stacks` prints its source.
#pragma once
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

}  // namespace tp
