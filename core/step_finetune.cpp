// step_finetune.cpp — the fine-tuning terms of a step (see step_finetune.h): the work each stack's own code
// does for LoRA adapters, NF4 dequantization, unfused eager kernels, offloaded checkpoints and kernel
// launches, as bytes, GEMMs and host seconds. Sources are the frameworks' code (snapshots 2024-2026) named at
// each value; docs/step-model.md section 7 derives them.
#include "step_finetune.h"

#include <algorithm>
#include <cmath>

#include "model.h"
#include "model_memo.h"

namespace tp {

namespace {

// NF4 with double quantization (Dettmers et al. 2023): 4 bits per weight, one 8-bit block constant per 64
// weights and one fp32 constant per 256 of those; dequantized to bf16 (2 B) in a separate kernel.
constexpr double kNf4ReadBytes = 0.5 + 1.0 / 64 + 4.0 / (64 * 256);
constexpr double kDequantBytes = kNf4ReadBytes + 2.0;

// Bytes of a 16-bit activation element.
constexpr double kAct = 2.0;

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
// tests/data/finetune_fit_runs.json, and tests/stack_test.cpp checks this value against them.
constexpr double kHfHostPerLayerPass = 1.667e-3;

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

double Pos(double x) { return x > 0 && std::isfinite(x) ? x : 0.0; }

}  // namespace

const StackKernels& KernelsOf(StackKind kind) {
  const int i = std::clamp(int(kind), 0, int(sizeof kKernels / sizeof kKernels[0]) - 1);
  return kKernels[i];
}

const StackKernels& AdapterKernelsOf(StackKind kind, bool dropout) {
  return KernelsOf(dropout && kind == StackKind::Unsloth ? StackKind::Hf : kind);
}

FinetuneTime FinetuneStep(const Job& job, const Layout& layout, const ModelOps& ops, const FinetuneInputs& in) {
  FinetuneTime t;
  if (!ops.valid || in.tokens <= 0) return t;
  const StackKernels& k = KernelsOf(StackOf(job).kind);
  const double tp = std::max(1, layout.tp), ep = std::max(1, layout.ep);
  const bool full_rc = layout.recompute == Recompute::Full;
  const double blocks = in.dense_blocks + in.moe_blocks;
  // Passes over each block: forward, backward and (full recomputation) the forward again. Elementwise
  // kernels move about as many bytes backward as forward for the adapters (an estimate: casts and scaling
  // have gradients of the same size), twice for the layer's norms and activations (step.cpp's ratio).
  const double passes = full_rc ? 3.0 : 2.0;
  const double mem = std::max(in.mem_rate, 1.0);
  const LayerOps* kinds[2] = {&ops.dense, &ops.moe};
  const int counts[2] = {in.dense_blocks, in.moe_blocks};

  // ---- LoRA adapters: each adapted (k x n) weight gets A (r x k) and B (n x r). Thin GEMMs, timed by the
  // step model's GEMM roofline (memory-bound at small r): forward x A then (x A) B; backward the input
  // gradient through B then A and the two weight gradients; again when recomputed. The sums of k + n over a
  // block's adapted matrices (LoraWidthsOf) give the same bytes and FLOPs as each matrix apart, half as input
  // width and half as output width.
  if (job.work.method != Method::Full && job.work.lora_r > 0) {
    const LoraWidths& w = MemoOf(job).lora_widths;
    const bool dropout = job.work.lora_dropout > 0;
    const StackKernels& a = AdapterKernelsOf(StackOf(job).kind, dropout);
    const double adapter_bytes = a.adapter_in + a.adapter_out + (dropout ? a.adapter_dropout : 0.0);
    const double r = job.work.lora_r;
    for (int i = 0; i < 2; ++i) {
      if (counts[i] == 0) continue;
      const LayerOps& l = *kinds[i];
      const double visited = l.experts > 1 ? l.mlp_mult : 1.0;  // MLPs a token passes through
      const double width = (w.attn + visited * (l.experts > 1 ? w.expert_mlp : w.dense_mlp)) / tp;
      if (width <= 0) continue;
      const double half = width / 2, m = in.tokens;
      const double fwd = in.gemm(m, r, half, in.gemm_ctx) + in.gemm(m, half, r, in.gemm_ctx);
      const double wgrad = in.gemm(r, half, m, in.gemm_ctx) + in.gemm(half, r, m, in.gemm_ctx);
      t.adapter_gemm += counts[i] * ((full_rc ? 2.0 : 1.0) * fwd + fwd + wgrad);
      t.adapter_mem += counts[i] * passes * m * adapter_bytes * half / mem;
    }
  }

  // ---- QLoRA: every frozen weight the stage multiplies by is dequantized before each GEMM that reads it:
  // the forward, the input gradient of the backward, the recomputed forward. The MoE layer's local experts
  // (experts / ep of them) and its shared ones.
  if (job.work.method == Method::Qlora) {
    for (int i = 0; i < 2; ++i) {
      if (counts[i] == 0) continue;
      const LayerOps& l = *kinds[i];
      double weights = 0;
      for (int j = 0; j < l.n_attn; ++j) weights += l.attn[j].n * l.attn[j].k;
      const double copies = l.experts > 1 ? l.experts / ep + (l.mlp_mult - l.routed) : 1.0;
      for (int j = 0; j < l.n_mlp; ++j) weights += copies * l.mlp[j].n * l.mlp[j].k;
      t.dequant += counts[i] * passes * k.dequant_bytes * weights / tp / mem;
    }
  }

  // ---- Unfused eager kernels (a stack without fused norms, rotary and SwiGLU): extra bytes per token and
  // layer forward, twice that backward, again when recomputed; the fp32 copy of the logits on the last stage.
  if (k.unfused_h > 0 || k.unfused_qk > 0 || k.unfused_ffn > 0) {
    for (int i = 0; i < 2; ++i) {
      if (counts[i] == 0) continue;
      const LayerOps& l = *kinds[i];
      const double qk = l.heads * l.qk_dim + (l.kv_width > 0 ? l.kv_width / 2 : l.heads * l.qk_dim);
      const double bytes = k.unfused_h * ops.hidden + k.unfused_qk * qk / tp +
                           (l.swiglu ? k.unfused_ffn * l.mlp_mult * l.ffn / tp : 0.0);
      t.unfused += counts[i] * (full_rc ? 4.0 : 3.0) * in.tokens * bytes / mem;
    }
  }
  if (k.unfused_logit > 0 && in.last_stage) t.unfused += k.unfused_logit * in.tokens * Pos(ops.vocab) / tp / mem;

  // ---- Offloaded checkpoints: each block's input (16-bit, tokens x hidden) goes to host memory in the
  // forward and comes back for its recomputation. What overlaps hides behind that block's compute.
  if (job.work.offload_checkpoints && full_rc && blocks > 0) {
    const double copy = in.tokens * Pos(ops.hidden) * kAct / std::max(in.host_bw, 1.0);
    const double fwd = in.forward_s / blocks, bwd = in.backward_s / blocks;
    const double out = copy - std::min(copy, k.offload_fwd * fwd);
    const double back = copy - std::min(copy, k.offload_bwd * bwd);
    t.offload = blocks * (out + back);
  }

  // ---- Host: launching the micro-batch's kernels, per block and pass.
  t.host = k.host_s * blocks * passes;
  return t;
}

double OptimizerStepBytes(const Job& job, int zero) {
  const StackProfile& s = StackOf(job);
  const double passes = Unpaged(job.work.opt) == Optimizer::AdamW ? KernelsOf(s.kind).adamw_passes : 1.0;
  if (job.work.method != Method::Full) {
    // LoRA adapters in the stack's adapter precision, their states in fp32 when the adapters are fp32: read
    // the weight, its gradient and the states, write the weight and the states.
    const double w = s.adapter_bytes > 0 ? s.adapter_bytes : 4.0;
    return passes * (w + 2 * w + 2 * OptimizerStateBytes(job.work.opt, w >= 4));
  }
  // Full training: read the gradient (the fp32 one where the stack keeps one), the master weight or the
  // weight, and the states; write them back; with a separate fp32 master, also write the 16-bit copy. Megatron
  // AdamW: 4 + 2 x 12 + 2 = 30 B; pure-bf16 AdamW (torchtune, Transformers v5): 2 + 2 x 4 + 2 x 2 = 14 B.
  const StateBytes b = StateBytesPerParam(s, zero, job.work.opt, job.work.prec);
  const double grads = std::min(4.0, b.grads_full + b.grads_sharded);
  const double states = b.optimizer_full + b.optimizer_sharded;
  const double weights = b.weights_full + b.weights_sharded;
  const bool master = states > OptimizerStateBytes(job.work.opt, true) + 0.5;
  return passes * (grads + 2 * states + (master ? 2.0 : 2 * weights));
}

}  // namespace tp
