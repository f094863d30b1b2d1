// kernels.cpp — how each stack runs the kernels fine-tuning adds (core/stack/kernels.h), read from its code;
// each row cites the functions it follows.
#include "kernels.h"

#include <algorithm>

namespace tp {

namespace {

// NF4 with double quantization (Dettmers et al. 2023): 4 bits per weight, one 8-bit block constant per 64
// weights and one fp32 constant per 256 of those; dequantized to bf16 (2 B) in a separate kernel.
constexpr double kNf4ReadBytes = 0.5 + 1.0 / 64 + 4.0 / (64 * 256);
constexpr double kDequantBytes = kNf4ReadBytes + 2.0;

// PyTorch's multi-tensor AdamW (torch/optim/adamw.py _multi_tensor_adamw, the default without fused=True):
// lerp the first moment (read 2 + 2, write 2 B for bf16), scale and addcmul the second (4 + 6), decay the
// weight (4), sqrt, divide and add eps into a temporary (4 + 4 + 4), addcdiv the weight (8): 40 B per bf16
// parameter against 14 for one fused kernel.
constexpr double kForeachAdamw = 40.0 / 14.0;

// Host time per layer pass of the Hugging Face path (eager PyTorch, PEFT, gradient-checkpointing wrappers):
// measured, not fitted. Qwen's README times LoRA at 256 tokens per micro-batch, where the GPU's share of the
// iteration is small: 1.0, 1.2 and 1.6 s per 8 micro-batches for 24, 32 and 40 layers (Qwen-1.8B, 7B, 14B on
// an A100, flash attention, gradient checkpointing: 3 passes per layer) = 1.74, 1.56 and 1.67 ms per layer
// pass; the median. bench/fit_stacks.cpp prints it from the rows marked host_bound in
// tests/data/finetune_fit_runs.json, and tests/core/stack_test.cpp checks this value against them.
constexpr double kHfHostPerLayerPass = 1.667e-3;

// clang-format off (a data table: one row per stack, its fields in the order of kernels.h)
const StackKernels kKernels[] = {
    // Megatron-Core: Transformer Engine's fused norms, rotary, SwiGLU and cross-entropy (the fused count
    // step.cpp charges); NeMo's LoRA adapter (ParallelLinearAdapter) scales its output and the base module
    // adds it, two eager kernels (read + write n, read 2n + write n: 10 B per output element; its dropout on
    // the bf16 input 5 B per input element); QLoRA is not
    // native, dequantized as bitsandbytes does (INFERRED); CUDA graphs or large GEMMs keep the GPU busy.
    {kDequantBytes, 0, 10, 5, 0, 0, 0, 0, 0, 0, 0, 1,
     "megatron/core/transformer (Transformer Engine fused kernels); NeMo ParallelLinearAdapter (scale, then the "
     "base module's add); no checkpoint offload of its own"},
    // DeepSpeed and FSDP fine-tune Transformers models with PEFT: PEFT's adapter path (see hf); their own
    // pre-training kernels are fused (their fitted efficiencies carry the rest).
    {kDequantBytes, 12, 10, 9, 0, 0, 0, 0, 0, 0, 0, 1,
     "PEFT LoRA Linear.forward (tuners/lora/layer.py) on DeepSpeed; fused kernels otherwise (Megatron-DeepSpeed)"},
    {kDequantBytes, 12, 10, 9, 0, 0, 0, 0, 0, 0, 0, 1,
     "PEFT LoRA Linear.forward on FSDP; torchtitan / llm-foundry fused kernels otherwise"},
    // Hugging Face Transformers + PEFT + bitsandbytes, eager:
    // - bitsandbytes MatMul4Bit: F.linear(A, dequantize_4bit(B)) forward and matmul(grad, dequantize_4bit(B))
    //   backward (autograd/_functions.py up to 0.49; the fused gemm_4bit of 2026 only serves M <= 1536 rows).
    // - PEFT Linear.forward: x cast to the fp32 adapter dtype (read 2 + write 4 B) and back to bf16 by autocast
    //   for lora_A (read 4 + write 2): 12 B per input element; lora_B(...) * scaling (read + write 2 B) and
    //   result + that (read 2 + 2, write 2): 10 B per output element; with lora_dropout, nn.Dropout on the fp32
    //   copy (read 4, write 4 and a 1-byte mask: 9 B per input element; nn.Identity at PEFT's default 0).
    // - LlamaRMSNorm: to(fp32), pow(2), mean, x * rsqrt, to(bf16), weight * x: 36 B per element instead of a
    //   fused 4, twice per layer (64h); attn_output.transpose(1, 2).contiguous() (4h); apply_rotary_pos_emb with
    //   rotate_half (neg, cat, two multiplies, add: 20 B per query/key element instead of 4); act_fn(gate) *
    //   up: SiLU then a separate multiply (10 B per intermediate element instead of 6); loss on logits.float()
    //   (loss_utils.py ForCausalLMLoss): an fp32 copy of the logits forward and back, 12 B per logit more.
    // - Gradient checkpointing through torch.utils.checkpoint; offloading checkpoints has no side stream of its
    //   own (torch.autograd.graph.save_on_cpu copies on the compute stream: no overlap, INFERRED).
    // - The Trainer's default optimizer was "adamw_torch", PyTorch's multi-tensor AdamW, until it became
    //   "adamw_torch_fused" with torch 2.8 (training_args.py default_optim); PEFT's own benchmark loop builds
    //   torch.optim.AdamW without fused=True.
    {kDequantBytes, 12, 10, 9, 68, 16, 4, 12, kHfHostPerLayerPass, 0, 0, kForeachAdamw,
     "bitsandbytes autograd/_functions.py MatMul4Bit; peft tuners/lora/layer.py Linear.forward; transformers "
     "models/llama/modeling_llama.py LlamaRMSNorm, apply_rotary_pos_emb, LlamaMLP; loss_utils.py ForCausalLMLoss"},
    // torchtune, as its published tables run (compile=True): torchao's NF4Tensor dequantizes in linear_nf4
    // forward and backward (weight.to(dtype)), one fused kernel under torch.compile; LoRALinear returns
    // out + (alpha / rank) * lora_b(lora_a(dropout(x))), one fused kernel (read 2 + 2, write 2 B per output
    // element; a dropout on the bf16 input reads 2, writes 2 and a mask byte);
    // Inductor fuses the norms, rotary and SwiGLU; AdamW with fused: True (105 of its 107 recipe configs at
    // 1814feb17); activation offloading copies on side streams, both ways
    // (training/_activation_offloading.py use_streams=True). Host time not measured: compiled regions launch
    // few kernels (0, INFERRED).
    {kDequantBytes, 0, 6, 5, 0, 0, 0, 0, 0, 1, 1, 1,
     "torchtune modules/peft/lora.py LoRALinear.forward; torchao dtypes/nf4tensor.py linear_nf4; "
     "training/_activation_offloading.py (use_streams)"},
    // Unsloth: with lora_dropout > 0 its LoRA layers are not patched and run PEFT's path ("Unsloth: Dropout = 0
    // is supported for fast patching ... Unsloth will patch all other layers, except LoRA matrices",
    // models/llama.py get_peft_model): FinetuneStep then charges PEFT's adapter traffic.
    // Unsloth: fast_dequantize calls bitsandbytes' cdequantize_blockwise_bf16_nf4 into a reused buffer, then a
    // GEMM, forward and backward (kernels/utils.py, fast_lora.py); matmul_lora adds the adapter with
    // out.addmm_(X @ A, B, alpha=s): the base output is read once more (2 B per output element); Triton
    // RMSNorm, RoPE, SwiGLU and cross-entropy kernels; UnslothCheckpointFunction copies each layer's input to
    // pinned host memory on a side stream during the layer's forward, and copies it back at the start of its
    // backward with the compute stream waiting for it (unsloth_zoo gradient_checkpointing.py). Host time not
    // measured (0, INFERRED); its notebooks train with optim="adamw_8bit" (one bitsandbytes kernel).
    {kDequantBytes, 0, 2, 9, 0, 0, 0, 0, 0, 1, 0, 1,
     "unsloth kernels/utils.py fast_dequantize, matmul_lora; kernels/fast_lora.py; unsloth_zoo "
     "gradient_checkpointing.py UnslothCheckpointFunction"},
};
// clang-format on

}  // namespace

const StackKernels& KernelsOf(StackKind kind) {
  const int i = std::clamp(int(kind), 0, int(sizeof kKernels / sizeof kKernels[0]) - 1);
  return kKernels[i];
}

const StackKernels& AdapterKernelsOf(StackKind kind, bool dropout) {
  return KernelsOf(dropout && kind == StackKind::Unsloth ? StackKind::Hf : kind);
}

}  // namespace tp
