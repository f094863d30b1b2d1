// step_finetune.cpp — the fine-tuning terms of a step (see step_finetune.h): the work each stack's own code
// does for LoRA adapters, NF4 dequantization, unfused eager kernels, offloaded checkpoints and kernel
// launches, as bytes, GEMMs and host seconds. Sources are the frameworks' code (snapshots 2024-2026) named at
// each value; docs/step-model.md section 7 derives them.
#include "step_finetune.h"

#include <algorithm>
#include <cmath>

#include "dora.h"
#include "model.h"
#include "peft_experts.h"
#include "units.h"

namespace tp {

namespace {

// Bytes of a 16-bit activation element.
constexpr double kAct = 2.0;

}  // namespace

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
  // A forward-only pass (in.forward_only: torch.no_grad log-probabilities) runs each block once and keeps no
  // checkpoints.
  const double passes = in.forward_only ? 1.0 : full_rc ? 3.0 : 2.0;
  const double mem = std::max(in.mem_rate, 1.0);
  const LayerOps* kinds[2] = {&ops.dense, &ops.moe};
  const int counts[2] = {in.dense_blocks, in.moe_blocks};

  // ---- LoRA adapters: each adapted (k x n) weight gets A (r x k) and B (n x r). Thin GEMMs, timed by the
  // step model's GEMM roofline (memory-bound at small r): forward x A then (x A) B; backward the input
  // gradient through B then A and the two weight gradients; again when recomputed. The sums of k + n over a
  // block's adapted matrices (LoraWidthsOf) give the same bytes and FLOPs as each matrix apart, half as input
  // width and half as output width.
  if (job.work.method != Method::Full && job.work.lora_r > 0) {
    const LoraWidths& w = job.facts.lora_widths;
    const bool dropout = job.work.lora_dropout > 0;
    const StackKernels& a = AdapterKernelsOf(StackOf(job).kind, dropout);
    const double adapter_bytes = a.adapter_in + a.adapter_out + (dropout ? a.adapter_dropout : 0.0);
    const double r = job.work.lora_r;
    for (int i = 0; i < 2; ++i) {
      if (counts[i] == 0) continue;
      const LayerOps& l = *kinds[i];
      // MLPs a token passes through that carry adapters (the shared experts alone when the routed have none)
      const double visited = l.experts > 1 ? (w.routed ? l.mlp_mult : l.mlp_mult - l.routed) : 1.0;
      const double width = (w.attn + visited * (l.experts > 1 ? w.expert_mlp : w.dense_mlp)) / tp;
      if (width <= 0) continue;
      const double half = width / 2, m = in.tokens;
      const double fwd = in.gemm(m, r, half, in.gemm_ctx) + in.gemm(m, half, r, in.gemm_ctx);
      const double wgrad = in.gemm(r, half, m, in.gemm_ctx) + in.gemm(half, r, m, in.gemm_ctx);
      t.adapter_gemm += in.forward_only ? counts[i] * fwd : counts[i] * ((full_rc ? 2.0 : 1.0) * fwd + fwd + wgrad);
      t.adapter_mem += counts[i] * passes * m * adapter_bytes * half / mem;
    }
  }

  // ---- PEFT's LoRA of Transformers' 3-D expert parameters (peft_experts.h): each MoE layer builds its local experts'
  // update and summed weight on every forward (again when recomputed), and its backward computes the experts' whole
  // weight gradient (each local expert's share of the routed copies, the GEMMs a full fine-tune runs) and reduces it
  // onto the adapters. The adapter GEMMs above stay charged for the routed tokens: an over-count of at most their
  // thin GEMMs.
  if (const ExpertDelta d = PeftExpertDeltaOf(job, layout.tp, layout.ep); d.elements > 0 && in.moe_blocks > 0) {
    const double forwards = in.forward_only ? 1.0 : full_rc ? 2.0 : 1.0;
    t.expert_delta += in.moe_blocks * (forwards * d.fwd_bytes + (in.forward_only ? 0.0 : d.bwd_bytes)) / mem;
    const LayerOps& l = ops.moe;
    const double local = std::max(1.0, l.experts / ep);
    const double rows = in.tokens * l.routed / local;  // routed copies each local expert sees (balanced)
    if (!in.forward_only && rows > 0)
      for (int j = 0; j < l.n_mlp; ++j)
        t.expert_wgrad += in.moe_blocks * local * in.gemm(l.mlp[j].k, l.mlp[j].n / tp, rows, in.gemm_ctx);
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
      // The routed experts dequantize only where they are in 4 bits (qlora_experts); the shared ones always.
      const double copies =
          l.experts > 1 ? (job.work.qlora_experts ? l.experts / ep : 0.0) + (l.mlp_mult - l.routed) : 1.0;
      for (int j = 0; j < l.n_mlp; ++j) weights += copies * l.mlp[j].n * l.mlp[j].k;
      t.dequant += counts[i] * passes * k.dequant_bytes * weights / tp / mem;
    }
  }

  // ---- DoRA (dora.h): each block's weight norms every forward (again when recomputed), the rescaling's elementwise
  // traffic forward and backward, and where the base GEMM runs again, that GEMM forward, for the input gradient and
  // when recomputed. Dense blocks only: PEFT's DoRA does not wrap expert parameters.
  if (job.work.dora && in.dense_blocks > 0) {
    const DoraBlock d = DoraOf(job, layout.tp);
    const double forwards = in.forward_only ? 1.0 : full_rc ? 2.0 : 1.0;
    const double base_runs = in.forward_only ? 1.0 : forwards + 1.0;  // the input gradient's run too
    t.dora += in.dense_blocks * (forwards * d.norm_bytes + passes * in.tokens * d.token_bytes) / mem;
    for (int i = 0; i < d.count && d.base_kn > 0; ++i)
      t.dora_gemm +=
          in.dense_blocks * base_runs * in.gemm(in.tokens, d.matrices[i].n / tp, d.matrices[i].k, in.gemm_ctx);
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
      t.unfused += counts[i] * (in.forward_only ? 1.0 : full_rc ? 4.0 : 3.0) * in.tokens * bytes / mem;
    }
  }
  // The logits' bytes are forward and back alike (kernels.cpp: the fp32 copy forward and its gradient back): half
  // forward-only.
  if (k.unfused_logit > 0 && in.last_stage)
    t.unfused += (in.forward_only ? 0.5 : 1.0) * k.unfused_logit * in.tokens * Pos(ops.vocab) / tp / mem;

  // ---- Offloaded checkpoints: each block's input (16-bit, tokens x hidden) goes to host memory in the
  // forward and comes back for its recomputation. What overlaps hides behind that block's compute.
  if (job.work.offload_checkpoints && full_rc && blocks > 0 && !in.forward_only) {
    const double copy = in.tokens * Pos(ops.hidden) * kAct / std::max(in.host_bw, 1.0);
    const double fwd = in.forward_s / blocks, bwd = in.backward_s / blocks;
    const double out = copy - std::min(copy, k.offload_fwd * fwd);
    const double back = copy - std::min(copy, k.offload_bwd * bwd);
    t.offload = blocks * (out + back);
  }

  // ---- Host: launching the micro-batch's kernels, per block and pass (x86-measured; host_dispatch scales it).
  t.host = k.host_s * blocks * passes * HostDispatch(job.assume);
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
  const StateBytes b = StateBytesPerParam(s, job.stack_year, zero, job.work.opt, job.work.prec, false,
                                          {job.work.grad_fp32, job.work.optim_bf16});
  const double grads = std::min(4.0, b.grads_full + b.grads_sharded);
  const double states = b.optimizer_full + b.optimizer_sharded;
  const double weights = b.weights_full + b.weights_sharded;
  const bool master = states > OptimizerStateBytes(job.work.opt, true) + 0.5;
  return passes * (grads + 2 * states + (master ? 2.0 : 2 * weights));
}

}  // namespace tp
