// saves.cpp — what each framework's layer code saves for the backward (saves.h), tensor by tensor, read from the
// code at the commits below (docs/memory.md, "Activations, tensor by tensor", has the tables). Two PyTorch facts
// carry most of it (tools/autograd/derivatives.yaml): a derivative formula's input is saved only if an input that
// needs it requires grad (mm(x, W^T) saves x only when W trains: a frozen base saves no GEMM inputs of its own), and
// softmax / log_softmax / rsqrt save their output, silu / pow / mul / mm their inputs, add / cat / casts / views
// nothing. Snapshots read: Megatron-LM d98e8a64, TransformerEngine d0067d0d, transformers (modeling_llama.py
// 5dd4a635, integrations/sdpa_attention.py 00c238bd, loss/loss_utils.py 0114da07), peft 5d602fdb, bitsandbytes
// 95f9af30, torchtitan b5bcd76c, torchtune bd2a0fc7, unsloth 015bdef0 and unsloth-zoo ce232d6c.
#include "saves.h"

#include <algorithm>

namespace tp {
namespace {

// The adapted matrices of one layer: their input widths k, output widths n, and how many.
struct Adapted {
  double sum_k = 0, sum_kn = 0;
  int count = 0;
};
Adapted AdaptedOf(const LayerShape& s, uint8_t lora, bool attn_part, bool mlp_part) {
  Adapted a;
  auto add = [&](uint8_t bit, double k, double n, bool part) {
    if (!(lora & bit) || !part) return;
    a.sum_k += k, a.sum_kn += k + n, ++a.count;
  };
  add(kLoraQ, s.h, s.q, attn_part);
  add(kLoraK, s.h, s.k, attn_part);
  add(kLoraV, s.h, s.v, attn_part);
  add(kLoraO, s.o, s.h, attn_part);
  if (s.swiglu) add(kLoraGate, s.h, s.f, mlp_part);
  add(kLoraUp, s.h, s.f, mlp_part);
  add(kLoraDown, s.f, s.h, mlp_part);
  return a;
}

// Distinct adapter inputs not already saved by the layer itself (PEFT's QLoRA, torchtune and fp32 PEFT feed each
// adapter x itself, one storage for the adapters that share an input): the normed input of q, k, v; the attention
// output for o where nothing else keeps it (eager attention: o_proj is frozen; SDPA saves its output anyway); the
// normed input of gate and up; the product for down (the frozen down_proj keeps nothing).
double DistinctInputs(const LayerShape& s, uint8_t lora, bool attn_part, bool mlp_part, bool o_saved) {
  double u = 0;
  if (attn_part && (lora & (kLoraQ | kLoraK | kLoraV))) u += s.h;
  if (attn_part && (lora & kLoraO) && !o_saved) u += s.o;
  if (mlp_part && (lora & (kLoraGate | kLoraUp))) u += s.h;
  if (mlp_part && (lora & kLoraDown)) u += s.f;
  return u;
}

// PEFT's adapters in a Transformers model (peft tuners/lora/layer.py Linear.forward; tuners/lora/bnb.py
// Linear4bit.forward), per token, for one part of the layer (attention or MLP):
// - lora_dropout > 0: nn.Dropout keeps a 1-byte mask per input element and lora_A keeps the dropped copy in the
//   compute dtype, lora_B keeps lora_A's output (r): (e + 1) k + e r per adapted matrix;
// - LoRA under autocast: x is cast to the fp32 adapter dtype (_cast_input_dtype) and autocast casts it back to a new
//   16-bit tensor for lora_A, which keeps it: 2 k + 2 r per adapted matrix;
// - QLoRA under autocast (no cast: requires_conversion is false), or any adapter without autocast (fp32): lora_A
//   keeps x itself, shared by the adapters of one input: e per distinct input element + e r per adapted matrix;
// - prepare_model_for_kbit_training: the inputs are fp32, autocast makes a 16-bit copy for every adapter but o,
//   whose input is the 16-bit attention output (kept apart only by eager attention).
double PeftAdapters(const LayerShape& s, const LayerRun& run, bool attn_part, bool mlp_part, bool o_saved) {
  const Adapted a = AdaptedOf(s, run.lora, attn_part, mlp_part);
  if (a.count == 0) return 0;
  const double e = run.e, r = run.lora_r;
  if (run.kbit_prep) {
    if (run.lora_dropout) return 3 * a.sum_k + 2 * r * a.count;
    const bool o = attn_part && (run.lora & kLoraO);
    return 2 * (a.sum_k - (o ? s.o : 0)) + 2 * r * a.count + (o && !o_saved ? 2 * s.o : 0);
  }
  if (run.lora_dropout) return (e + 1) * a.sum_k + e * r * a.count;
  if (run.autocast && !run.qlora) return 2 * a.sum_k + 2 * r * a.count;
  return e * DistinctInputs(s, run.lora, attn_part, mlp_part, o_saved) + e * r * a.count;
}

// Adapters in the compute dtype fed their input itself: torchtune's LoRALinear (modules/peft/lora.py forward: out +
// (alpha / rank) * lora_b(lora_a(dropout(x))), bf16 adapters, no autocast) and Megatron's (NeMo's and
// Megatron-Bridge's LoRALinear: adapter(layernorm_output or x), a ParallelLinearAdapter of 16-bit linear_in and
// linear_out): lora_a keeps x itself, lora_b lora_a's output; with lora_dropout a mask and the dropped copy per
// adapter. QLoRA's LinearNF4 (torchao dtypes/nf4tensor.py) keeps only its NF4 weight.
double AdaptersOwnInputs(const LayerShape& s, const LayerRun& run, bool attn_part, bool mlp_part) {
  const Adapted a = AdaptedOf(s, run.lora, attn_part, mlp_part);
  if (a.count == 0) return 0;
  const double e = run.e, r = run.lora_r;
  if (run.lora_dropout) return (e + 1) * a.sum_k + e * r * a.count;
  return e * DistinctInputs(s, run.lora, attn_part, mlp_part, true) + e * r * a.count;
}

// Dropout (GPT-style models): a 1-byte mask after attention and after the MLP (CUDA native_dropout keeps the mask;
// at p = 0 nothing runs).
double DropoutMasks(const LayerShape& s, const LayerRun& run) { return run.dropout ? 2 * s.h : 0; }

// An RMSNorm written out in eager PyTorch (Transformers' LlamaRMSNorm, torchtune's RMSNorm): the fp32 upcast (kept by
// pow and by hs * rsqrt: 4 B), rsqrt (4 B per token) and, when the weight trains, the normalised copy in the input
// dtype (kept by weight * ...). Compiled, the upcast fuses into one kernel that keeps the input and the statistic.
double EagerNorm(const LayerShape& s, const LayerRun& run) {
  if (run.compiled) return run.e * s.h + 4;
  return 4 * s.h + 4 + (run.trains_base ? (run.kbit_prep ? 4 : run.e) * s.h : 0);
}

// Tensors of width f an eager MLP keeps, per token: SwiGLU down(silu(gate(x)) * up(x)) keeps gate's output (silu),
// silu's output and up's output (the product) and, when down trains, the product; GELU fc1's output (the
// activation) and, when fc2 trains, the activation's output. Compiled, Inductor recomputes the pointwise silu and
// product from the two GEMM outputs it saves (INFERRED: its min-cut partitioner keeps matmul outputs).
double EagerMlpTensors(const LayerShape& s, const LayerRun& run) {
  if (run.compiled) return s.swiglu ? 2 : 1;
  return s.swiglu ? (run.trains_base ? 4 : 3) : (run.trains_base ? 2 : 1);
}

LayerSaves Transformers(const LayerShape& s, const LayerRun& run) {
  // models/llama/modeling_llama.py: LlamaRMSNorm.forward upcasts (x.to(float32): 4 B, kept by pow and by
  // hs * rsqrt), keeps rsqrt (4 B per token) and, when its weight trains, the normalised copy in the input dtype
  // (weight * ...); under prepare_model_for_kbit_training the residual stream is fp32 and the normed output too.
  const double e = run.e, full = run.trains_base;
  LayerSaves out;
  // The normed inputs of q/k/v and gate/up are kept by those (trainable) GEMMs; frozen GEMMs keep none.
  out.residual = 2 * EagerNorm(s, run) + (full ? 2 * e * s.h : 0) + DropoutMasks(s, run);
  // Attention: the rotary output q, k and v and the output (SDPA / FlashAttention-2 at kv width with enable_gqa,
  // integrations/sdpa_attention.py; FlashAttnFunc.forward: q, k, v, out, softmax_lse) and the fp32 log-sum-exp; the
  // eager path (eager_attention_forward) keeps q, repeat_kv's full-width copies of k and v, the fp32 softmax and,
  // in 16-bit, its .to(dtype) copy, and the contiguous output o_proj reads when o_proj trains.
  const double ea = run.kbit_prep ? 2 : e;  // kbit prep: q, k, v come out of the 4-bit GEMMs in fp32, but the
                                            // attention runs in bf16 under autocast (the copies are what it keeps)
  if (run.flash) {
    out.attn = ea * (s.q + s.k + s.v + s.o) + 4 * s.heads;
  } else {
    out.attn = ea * (s.q + s.q + s.o) + (full ? ea * s.o : 0);  // q, k and v repeated to the query width, output
    const bool copy = e == 2 || run.kbit_prep || run.dropout;
    out.per_key = s.heads * (4 + (copy ? 2 : 0) + (run.dropout ? 1 : 0));
  }
  // LlamaMLP: down_proj(act_fn(gate_proj(x)) * up_proj(x)): silu keeps gate's output, the product keeps act's output
  // and up's output, down_proj (trainable) the product; in fp32 under kbit prep. GELU MLPs: fc1's output (kept by
  // the activation) and the activation's output (kept by fc2 when it trains).
  const double em = run.kbit_prep ? 4 : e;
  out.mlp = em * s.f * EagerMlpTensors(s, run);
  if (!full && run.lora) {
    out.attn += PeftAdapters(s, run, true, false, run.flash);
    out.mlp += PeftAdapters(s, run, false, true, false);
    // Autocast's weight cache keeps a 16-bit copy of each fp32 adapter (A and B) for the backward: per layer.
    if (run.autocast) out.fixed = 2 * run.lora_r * (AdaptedOf(s, run.lora, true, true).sum_kn);
  }
  return out;
}

// LoRA on Megatron's layers (NeMo's and Megatron-Bridge's LoRALinear around linear_qkv, linear_proj, linear_fc1 and
// linear_fc2: one adapter per fused matrix, q, k and v together and gate and up together; ParallelLinearAdapter, a
// 16-bit linear_in and linear_out): each adapter's linear_in keeps its input (the normed output TE returns for qkv
// and fc1, the attention output for proj, which core attention keeps anyway, the activation's output for fc2, which
// the frozen fc2 does not) and linear_out linear_in's rank-wide output; with dropout (dropout_position "pre", the
// MLPerf LoRA's 0.1) a 1-byte mask and the dropped copy, which linear_in keeps instead.
double MegatronAdapters(const LayerShape& s, const LayerRun& run, bool attn_part, bool mlp_part) {
  const double e = run.e, r = run.lora_r;
  double bytes = 0;
  auto adapter = [&](bool on, double k, bool input_kept) {
    if (!on) return;
    bytes += (run.lora_dropout ? (e + 1) * k : input_kept ? 0 : e * k) + e * r;
  };
  if (attn_part) {
    adapter(run.lora & (kLoraQ | kLoraK | kLoraV), s.h, false);
    adapter(run.lora & kLoraO, s.o, true);
  }
  if (mlp_part) {
    adapter(run.lora & (kLoraGate | kLoraUp), s.h, false);
    adapter(run.lora & kLoraDown, s.f, false);
  }
  return bytes;
}

LayerSaves Megatron(const LayerShape& s, const LayerRun& run) {
  // Transformer Engine's TELayerNormColumnParallelLinear (pytorch/module/layernorm_linear.py _LayerNormLinear.forward:
  // prepare_for_saving(inputmat, ..., ln_out, mu, rsigma)) keeps the layer input, rsigma (fp32 per token) and the
  // normed output, twice per layer (before attention and before the MLP). With FP8 the normed output is kept as
  // the FP8 column-wise copy (1 B; module/linear.py saved_inputmat with update_usage(columnwise_usage=True)). A
  // frozen GEMM keeps no input: TE's Linear and LayerNormLinear save it only for the weight's gradient
  // (backward_needs_input = is_grad_enabled and weight.requires_grad), so under LoRA the normed outputs, linear_proj's
  // FP8 copy and fc2's input go; the norms keep their input, attention and the activation function theirs.
  const double e = run.e, g = run.fp8_inputs ? 1 : e, w = run.trains_base ? 1 : 0;
  LayerSaves out;
  out.residual = 2 * (e * s.h + 4) + w * 2 * g * s.h + e * s.latent + DropoutMasks(s, run);
  // FusedAttnFunc (attention/dot_product_attention/backends.py): q and k after rope, v as a contiguous copy (a
  // strided view of mixed_qkv is not a supported layout), the output and the softmax statistics; linear_proj keeps
  // its own FP8 copy of the output beside it with FP8.
  // recompute_modules "mla_up_proj" (multi_latent_attention.py, core_v0.14.0: a CheckpointWithoutOutput over the
  // up-projections and RoPE whose outputs are discarded once core attention has run, and rebuilt from the latents
  // before its backward): q, k and v are not kept; the latents (residual) are.
  const double qkv = run.mla_up_recompute && s.latent > 0 ? 0 : e * (s.q + s.k + s.v);
  out.attn = qkv + e * s.o + (run.flash ? 4 * s.heads : 0) + (run.fp8_inputs ? w * s.o : 0);
  if (!run.flash) out.per_key = s.heads * (e + (run.dropout ? 1 + e : 0));  // softmax out (+ mask, dropped copy)
  // SwiGLUFunction (fusions/fused_bias_swiglu.py) keeps fc1's output (gate||up), linear_fc2 the SwiGLU output
  // (FP8 with FP8) when it trains; GELU: fc1's output (bias_gelu) and the activation's output (fc2, when it trains).
  out.mlp = (s.swiglu ? 2 * e * s.f : e * s.f) + w * g * s.f;
  if (!run.trains_base && run.lora) {
    out.attn += MegatronAdapters(s, run, true, false);
    out.mlp += MegatronAdapters(s, run, false, true);
  }
  return out;
}

LayerSaves Torchtitan(const LayerShape& s, const LayerRun& run) {
  // models/llama3/model.py TransformerBlock; torch.nn.RMSNorm dispatches to the fused rms_norm, which keeps its
  // input and rstd (fp32 per token); wq/wk/wv and w1/w3 keep the normed output.
  const double e = run.e;
  LayerSaves out;
  out.residual = 2 * (e * s.h + 4) + (run.trains_base ? 2 * e * s.h : 0) + DropoutMasks(s, run);
  // models/common/attention.py ScaledDotProductAttention: SDPA with enable_gqa keeps q, k, v at their widths, the
  // output (wo's input is a view) and the log-sum-exp; rotary in fp32 keeps only the frequencies.
  out.attn = e * (s.q + s.k + s.v + s.o) + (run.flash ? 4 * s.heads : 0);
  if (!run.flash) out.per_key = s.heads * (e + (run.dropout ? 1 + e : 0));
  // models/common/feed_forward.py: w2(F.silu(w1(x)) * w3(x)) in eager keeps w1's output (silu), silu's output and
  // w3's output (the product) and the product (w2).
  out.mlp = e * s.f * EagerMlpTensors(s, run);
  return out;
}

LayerSaves Torchtune(const LayerShape& s, const LayerRun& run) {
  // modules/rms_norm.py RMSNorm.forward: x.float() (4 B), rsqrt, type_as(x) * scale (the normed copy when the scale
  // trains): as Transformers. modules/attention.py MultiHeadAttention.forward expands k and v to the query width
  // before SDPA (k.unsqueeze(2).expand(...).flatten(1, 2): a copy), so SDPA keeps q, k, v all at the query width.
  const double e = run.e, full = run.trains_base;
  LayerSaves out;
  out.residual = 2 * EagerNorm(s, run) + (full ? 2 * e * s.h : 0) + DropoutMasks(s, run);
  out.attn = e * (3 * s.q + s.o) + (run.flash ? 4 * s.heads : 0);
  if (!run.flash) out.per_key = s.heads * (e + (run.dropout ? 1 + e : 0));
  out.mlp = e * s.f * EagerMlpTensors(s, run);
  if (!full && run.lora) {
    out.attn += AdaptersOwnInputs(s, run, true, false);
    out.mlp += AdaptersOwnInputs(s, run, false, true);
  }
  return out;
}

LayerSaves Unsloth(const LayerShape& s, const LayerRun& run) {
  // unsloth kernels/fast_lora.py: LoRA_QKV.forward saves X (the normed input) and the adapters, LoRA_W.forward X
  // (the attention output, SDPA's own), LoRA_MLP.forward X and the gate and up outputs (e, g; the product is
  // recomputed in the backward); kernels/rms_layernorm.py saves each norm's input and r (fp32 per row). Its fast path
  // serves LoRA without lora_dropout; anything else runs Transformers' and PEFT's code (models/llama.py
  // get_peft_model patches only LoRA layers with dropout 0).
  if (run.trains_base || run.lora_dropout) return Transformers(s, run);
  const double e = run.e;
  LayerSaves out;
  out.residual = 2 * (e * s.h + 4) + 2 * e * s.h + DropoutMasks(s, run);
  out.attn = e * (s.q + s.k + s.v + s.o) + (run.flash ? 4 * s.heads : 0);
  if (!run.flash) out.per_key = s.heads * (e + (run.dropout ? 1 + e : 0));
  out.mlp = (s.swiglu ? 2 : 1) * e * s.f;
  return out;
}

LayerSaves Qwen1(const LayerShape& s, const LayerRun& run) {
  // Qwen (v1)'s remote modeling_qwen.py (Qwen/Qwen-7B, 2023): QWenBlock as Transformers' Llama layer (c_attn, the
  // attention through flash-attn with q, k, v, out and the log-sum-exp, w1 / w2 / c_proj: a1 * F.silu(a2)), but its
  // RMSNorm calls flash-attn's fused kernel (flash_attn.ops.rms_norm), which keeps the input and rstd, not the fp32
  // upcast an eager norm keeps.
  LayerSaves out = Transformers(s, run);
  out.residual = 2 * (run.e * s.h + 4) + (run.trains_base ? 2 * run.e * s.h : 0) + DropoutMasks(s, run);
  return out;
}

}  // namespace

LayerSaves SavedPerLayer(ModelCode code, const LayerShape& shape, const LayerRun& run) {
  switch (code) {
    case ModelCode::Megatron: return Megatron(shape, run);
    case ModelCode::Transformers: return Transformers(shape, run);
    case ModelCode::Torchtitan: return Torchtitan(shape, run);
    case ModelCode::Torchtune: return Torchtune(shape, run);
    case ModelCode::Unsloth: return Unsloth(shape, run);
    case ModelCode::Qwen1: return Qwen1(shape, run);
  }
  return Megatron(shape, run);
}

double BackwardWorkingSet(const LayerShape& s, const LayerRun& run) {
  // Autograd frees a node's saved tensors once the node has run, but the gradients it produces live until the next
  // nodes consume them. The gradient arriving at the layer's output (h wide) lives through the layer's whole backward.
  // The MLP: down_proj's backward makes the product's gradient (f wide), the product's backward the gradients of its
  // two factors while the first is still alive: two f-wide tensors beyond what is saved (GELU: one). Attention: the
  // output's gradient dO, and FlashAttention-2's backward (csrc/flash_attn/flash_api.cpp mha_bwd) writes dq, dk, dv,
  // accumulates dq in fp32 (dq_accum) with an fp32 softmax_d per head, and with GQA (fewer KV heads) writes dk and dv
  // at the query heads' width first (dk_expanded, dv_expanded), summed over each group after. Whichever of the MLP
  // and attention is larger, with the incoming gradient, is the layer's working set.
  const double e = run.e;
  const double mlp = (s.swiglu ? 2 : 1) * e * s.f;
  const double expanded = run.flash && s.k < s.q ? e * (s.q + s.q) : 0;
  const double attn = e * (s.o + s.q + s.k + s.v) + expanded + (run.flash ? 4 * s.q + 4 * s.heads : 0);
  return e * s.h + (mlp > attn ? mlp : attn);
}

double CheckpointedInput(const LayerShape& shape, const LayerRun& run) {
  // torch.utils.checkpoint / GradientCheckpointingLayer / Megatron's full recompute keep each layer's input: in the
  // compute dtype, fp32 where prepare_model_for_kbit_training made the residual stream fp32.
  return (run.kbit_prep ? 4 : run.e) * shape.h;
}

LayerSaves SelectiveOpSaves(const LayerShape& s, const LayerRun& run) {
  // torchtitan distributed/activation_checkpoint.py (_get_default_save_ops, wrapped_policy): the outputs of the
  // compute-intensive ops are saved except every second mm (mm_count % 2 == 0: recompute). Llama's forward mm order
  // wq, wk, wv, wo, w1, w3, w2 keeps wq's, wv's, w1's and w2's outputs, SDPA's output and log-sum-exp, and the block
  // input (the checkpoint's own); everything else is recomputed.
  const double e = run.e;
  LayerSaves out;
  out.residual = 2 * e * s.h;  // the block input and w2's output
  out.attn = e * (s.q + s.v + s.o) + 4 * s.heads;
  out.mlp = e * s.f;
  return out;
}

double RoutedCopySaves(ModelCode code, const LayerShape& expert, const LayerRun& run) {
  // The first expert GEMM keeps its input, the permuted copy (TE GroupedLinear; FP8: its 1-byte column-wise copy,
  // pytorch/module/grouped_linear.py _GroupedLinear.forward inputmat.update_usage(rowwise_usage=False,
  // columnwise_usage=True) before save_for_backward). The permutation and the all-to-all keep index maps only.
  // A frozen base (LoRA, QLoRA) trains no expert and no router: the expert GEMMs keep no input (autograd's mm, TE's
  // backward_needs_input) and the gate, from a frozen router, needs no gradient, so the product with it keeps the gate
  // alone, not the expert's output (mul saves an operand only for the other's gradient).
  if (!run.trains_base) return code == ModelCode::Megatron || code == ModelCode::Torchtitan ? 4 : run.e;
  const double permuted_in = (run.fp8_inputs ? 1 : run.e) * expert.h;
  // Megatron-Core from core_v0.13.0 (2025-07; ADLR/megatron-lm!2668 "Memory efficient token permutation",
  // 2659630721, 2025-04) applies the gate inside the expert's activation (experts.py TEGroupedMLP.forward:
  // weighted_bias_swiglu_impl(fc1_output, bias, permuted_probs), whose WeightedSwiGLUFunction keeps its input, already
  // counted, and the fp32 gate) and combines without probabilities (token_dispatcher.py: unpermute(...) with no
  // probs; TE moe_unpermute saves its input only with merging_probs): the expert's output is not kept. Its 2025
  // releases before July (core_v0.10-0.12) are counted with the later ones: the year is the stack's only
  // granularity. Earlier Megatron and the other codes multiply the expert's output by its gate in the combine, which
  // keeps it (moe_utils.py unpermute: permuted_tokens * probs; Transformers' MoE blocks: expert_layer(...) *
  // routing_weights before index_add_). torchtitan multiplies an fp32 copy (models/common/token_dispatcher.py combine:
  // routed_output.to(torch.float32) * topk_scores, b5bcd76c), which mul keeps at 4 B; compiled, Inductor's partitioner
  // keeps the 16-bit output and recomputes the cast (INFERRED, as its compiled loss).
  if (code == ModelCode::Megatron && run.year >= 2025) return permuted_in + 4;
  if (code == ModelCode::Torchtitan && !run.compiled) return permuted_in + 4 * expert.h;
  return permuted_in + run.e * expert.h;
}

double RoutedExpertMlpSaves(ModelCode code, const LayerShape& expert, const LayerRun& run) {
  const double mlp = SavedPerLayer(code, expert, run).mlp;
  // recompute_modules "moe_act" (experts.py TEGroupedMLP.forward, core_v0.13.0: bias_act_func under a
  // CheckpointWithoutOutput whose output is discarded once linear_fc2 has run, rebuilt from fc1's output, which stays,
  // before the backward): fc2's input, which only a trained fc2 keeps, goes.
  if (code == ModelCode::Megatron && run.moe_act_recompute && run.trains_base)
    return mlp - (run.fp8_inputs ? 1 : run.e) * expert.f;
  return mlp;
}

double MoeDispatchBytes(ModelCode code, const LayerShape& expert, const LayerRun& run, double routed, double experts) {
  const double e = run.e;
  // Transformers' MoE blocks train by looping over the experts hit (modeling_gpt_oss.py GptOssExperts.forward "if
  // ... self.training", modeling_qwen3_moe.py and modeling_mixtral.py alike, 4.56): each gathers its tokens
  // (hidden_states[token_idx]), runs its MLP and index_adds the weighted output into next_states, a zeroed copy of the
  // layer's input; only one expert's gathered input, gate||up output and output are transient at a time. Unsloth
  // trains those modules.
  if (code == ModelCode::Transformers || code == ModelCode::Unsloth)
    return e * expert.h + routed / std::max(1.0, experts) * e * (2 * expert.h + 2 * expert.f);
  // Megatron's and torchtitan's permutation and all-to-all: every routed copy's permuted input and output at once.
  return 2 * e * routed * expert.h;
}

LossSaves LossOf(ModelCode code, const LayerRun& run) {
  const double e = run.e, full = run.trains_base;
  LossSaves out;
  switch (code) {
    case ModelCode::Megatron:
      // The final TE LayerNormLinear keeps its input, rsigma and ln_out (the output layer's input);
      // tensor_parallel/cross_entropy.py _VocabParallelCrossEntropy: logits.float() (the 16-bit logits live until
      // the loss returns: 2 + 4 B), exp in place, save_for_backward(exp_logits, target_mask, masked_target_1d); the
      // backward works in place and returns a 16-bit gradient (4 + 2 B): 6 B per logit at the peak, split over the
      // tensor-parallel ranks; the target and its mask 9 B per token.
      out.norm_h = 2 * e;
      out.per_token = 4 + 9;
      out.logit_peak = 6;
      break;
    case ModelCode::Transformers:
    case ModelCode::Torchtitan:
      // Transformers loss/loss_utils.py ForCausalLMLoss and torchtitan components/loss.py cross_entropy_loss:
      // F.cross_entropy(logits.float()) = log_softmax (kept, 4 B) + nll. The forward peaks at the 16-bit logits, the
      // fp32 copy and the log-softmax (10 B); the logits are dropped before the backward (the Trainer's outputs go
      // out of scope; torchtitan's trainer.py del pred), which starts with the kept log-softmax, nll's zero-filled
      // fp32 gradient and log_softmax's gradient: 12 B per logit. Labels int64 (8 B). The final norm: Transformers'
      // keeps its fp32 upcast (4 B) and rsqrt; with a trained head also the normed copy and the head's input;
      // torchtitan's fused rms_norm its input and rstd, the head its input. Under prepare_model_for_kbit_training
      // the head is fp32 and autocast keeps a bf16 copy of it for the backward (2 B per head parameter).
      out.norm_h = code == ModelCode::Torchtitan ? 2 * e : 4 + (full ? 2 * e : 0);
      out.per_token = 4 + 8;
      out.logit_peak = 12;
      out.head_weight = run.kbit_prep ? 2 : 0;
      if (code == ModelCode::Torchtitan) {
        // With tensor parallelism torchtitan shards the head's output over the vocabulary (ColwiseParallel,
        // output_layouts Shard(-1)) and runs the loss under loss_parallel() (torch distributed/tensor/parallel/
        // loss.py): _log_softmax keeps the fp32 copy, x - max and exp(shifted) alive together, and the fused
        // _nll_loss_and_log_softmax_backward builds zeros_like(x), exp(x), their sum and its product with the
        // gradient beside the kept log-softmax: 16 B per logit as the backward starts, 4 B more than the local loss.
        // The head's input is all-gathered from the sequence-parallel norm (input_layouts Shard(1)): kept whole.
        out.tp_extra = 4;
        out.head_input_gathered = true;
        // From April 2025 (torchtitan bbb1b616e, components/loss.py build_cross_entropy_loss) training.compile
        // compiles the loss too (before: "compiling loss function causes CUDA errors, turning off for now"):
        // Inductor fuses the upcast, log-softmax and nll into one kernel that keeps the 16-bit logits and a
        // log-sum-exp per row, and its backward writes the 16-bit gradient: 2 + 2 B per logit (INFERRED from its
        // min-cut partitioner, as torchtune's compiled loss).
        if (run.compiled && run.year >= 2025) out.logit_peak = 4, out.tp_extra = 0;
      }
      // A loop that keeps the model's output (Answer.AI's fsdp_qlora train.py: StackProfile::
      // adapter_loop_kept_logit_bytes) holds its logits beside all of that and through the rest of the backward.
      out.logit_peak += run.kept_logits;
      out.logit_kept = run.kept_logits;
      break;
    case ModelCode::Torchtune:
      // modules/loss/ce_chunked_output_loss.py CEWithChunkedOutputLoss: the model returns 8 bf16 chunks and each
      // F.cross_entropy(chunk.float()) keeps its fp32 log-softmax: all bf16 chunks (2 B) + every log-softmax (4 B) +
      // one fp32 chunk (4/8 B) = 6.5 B per logit at the forward's peak. With the loss compiled (compile=True) the
      // upcast and the log-softmax fuse into each chunk's kernel: the bf16 logits and one chunk's fp32 work, about
      // 2.5 B (INFERRED). The final norm as Transformers'.
      out.norm_h = 4 + (full ? 2 * e : 0);
      out.per_token = 4 + 8;
      out.logit_peak = run.compiled ? 2.5 : 6.5;
      break;
    case ModelCode::Unsloth:
      // unsloth_zoo fused_losses/cross_entropy_loss.py UnslothFusedLoss: the hidden states' gradient is computed in
      // the forward chunk by chunk and kept (grad_inputs, b x s x h in the hidden dtype); a chunk's logits are
      // 16-bit, fp32 and a gradient (2 + 4 + 4 B per logit) and a chunk is at most min(half the free memory, 4 GiB)
      // of fp32 logits (_get_chunk_multiplier, get_chunk_size): at most 2.5 x 4 GiB at once, and never more than
      // the free memory allows. The final norm (kernels/rms_layernorm.py) keeps its input and r.
      out.norm_h = 2 * e;
      out.per_token = 4 + 8;
      out.logit_peak = 10;
      out.logit_cap = 2.5 * 4.0 * 1024 * 1024 * 1024;
      // Before 2025 Unsloth computed the loss with Apple's Cut Cross-Entropy whenever more than 1,024 tokens
      // pass (unsloth models/llama.py CausalLM_fast_forward at 0a2c3973, 2025-01: fused_linear_cross_entropy when
      // HAS_CUT_CROSS_ENTROPY and bsz * q_len > 1024): the logits are never materialised; it keeps the head's input
      // and a log-sum-exp per token (4 B), and its backward writes the input's gradient (2 h B per token).
      if (run.year > 0 && run.year < 2025)
        out.logit_peak = 0, out.logit_cap = 0, out.norm_h = 3 * e, out.per_token += 4;
      break;
    case ModelCode::Qwen1:
      // modeling_qwen.py QWenLMHeadModel.forward: lm_logits = self.lm_head(hidden_states) in 16 bits (no upcast),
      // shift_logits = lm_logits[..., :-1, :].contiguous() (a 16-bit copy), CrossEntropyLoss. Under torch.autocast
      // (the Trainer's bf16=True without DeepSpeed) cross_entropy runs in fp32 (autocast's fp32 op list): the
      // copy's fp32 cast and the kept log-softmax, 2 + 2 + 4 + 4 = 12 B per logit at the forward's peak, and the
      // kept log-softmax with nll's and log_softmax's gradients at the backward's start, 12 B. Without autocast
      // (DeepSpeed runs the model in bf16) all of it is 16-bit: 6 B. The fused norm keeps its input and rstd.
      out.norm_h = 2 * e;
      out.per_token = 4 + 8;
      out.logit_peak = run.autocast ? 12 : 6;
      break;
  }
  return out;
}

FusedLoss FusedLossOf(ModelCode code, double hidden, double vocab, double act_bytes) {
  if (hidden <= 0 || vocab <= 0) return {};
  switch (code) {
    case ModelCode::Transformers:
      // Liger Kernel's LigerFusedLinearCrossEntropy, which the Trainer patches in (use_liger_kernel;
      // src/liger_kernel/ops/fused_linear_cross_entropy.py@00eba634: 'Bound transient logits to C x BT x H'): chunks
      // of next_power_of_2(BT / ceil(V / H)) rows, at most 2 BT H logits at once, the gradient written into them in
      // place, and grad_input (BT x H) allocated for the whole batch: 3 BT H elements, in the activations' dtype,
      // whatever the vocabulary. Per logit: 3 x act_bytes x H / V.
      return {3.0 * act_bytes * hidden / vocab, "Liger Kernel's fused linear cross-entropy (use_liger_kernel=True)"};
    case ModelCode::Torchtune:
      // torchtune's LinearCrossEntropyLoss (modules/loss/cross_entropy_loss.py, 2025-04-30): 8 chunks of the
      // sequence, each F.cross_entropy(logits.float()) keeping its fp32 log-softmax for the backward (4 B per logit
      // over all chunks); the backward's first chunk adds its nll and log-softmax gradients and the 16-bit gradient
      // ((4 + 4 + 2) / 8 B): 5.25 B per logit (INFERRED from autograd's saved tensors, as LossOf's 6.5).
      return {4.0 + 10.0 / 8.0, "torchtune's LinearCrossEntropyLoss"};
    default: return {};
  }
}

}  // namespace tp
