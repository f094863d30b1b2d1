// model.cpp — parameter counts (see model.h). Every count below follows the reference implementation
// of the model family (Hugging Face modeling_*.py / Megatron-LM), so that the presets in
// assets/models.json reproduce the published counts exactly (tests/core/model_test.cpp).
#include "model.h"

#include <algorithm>
#include <cmath>

namespace tp {
namespace {

double Pos(double x) { return x > 0 ? x : 0; }  // negative or NaN dimensions count as 0

// Ordinary (non-latent) attention's head size and number of key/value heads (0 = multi-head attention).
double HeadDim(const ModelArch& m) {
  const double a = Pos(m.heads);
  return m.head_dim > 0 ? m.head_dim : (a > 0 ? Pos(m.hidden) / a : 0);
}
double KvHeads(const ModelArch& m) { return m.kv_heads > 0 ? m.kv_heads : Pos(m.heads); }

// Attention projections of one block, in parameters.
double AttentionParams(const ModelArch& m, double& largest) {
  const double h = Pos(m.hidden), a = Pos(m.heads);
  if (m.kv_lora_rank > 0) {
    // Multi-head latent attention (DeepSeek-V2/V3, modeling_deepseek.py): q is projected down to
    // q_lora_rank (with an RMSNorm) and up to heads x (nope + rope); k/v share a down projection to
    // kv_lora_rank plus one rope key per token, normed, then up to heads x (nope + v).
    const double qk = Pos(m.qk_nope_dim) + Pos(m.qk_rope_dim), v = Pos(m.v_head_dim);
    const double ql = Pos(m.q_lora_rank), kvl = Pos(m.kv_lora_rank);
    double q = ql > 0 ? h * ql + ql + ql * a * qk : h * a * qk;
    double kv = h * (kvl + Pos(m.qk_rope_dim)) + kvl + kvl * a * (Pos(m.qk_nope_dim) + v);
    double o = a * v * h;
    largest = std::max({largest, ql > 0 ? ql * a * qk : h * a * qk, kvl * a * (Pos(m.qk_nope_dim) + v), o});
    return q + kv + o;
  }
  const double d = HeadDim(m), q_out = a * d, kv_out = KvHeads(m) * d;
  double p = h * q_out + 2 * h * kv_out + q_out * h;
  if (m.bias)
    p += q_out + 2 * kv_out + h;  // GPT-2/3, BERT: every projection has a bias
  else if (m.qkv_bias)
    p += q_out + 2 * kv_out;  // Qwen2: q, k, v biases only
  largest = std::max(largest, h * q_out);
  return p;
}

// The norm weights of one block: its two pre-norms (RMSNorm: h weights; LayerNorm: h weights and h biases),
// or four where each sublayer's output is normed too (Gemma2DecoderLayer and Gemma3DecoderLayer in
// modeling_gemma2.py / modeling_gemma3.py: input_layernorm, post_attention_layernorm,
// pre_feedforward_layernorm, post_feedforward_layernorm), plus QK-norm. Qwen3Attention and Gemma3Attention
// (modeling_qwen3.py, modeling_gemma3.py) norm every head over head_dim with one weight vector for q and
// one for k ("unlike olmo, only on the head dim!"); Olmo2Attention (modeling_olmo2.py) norms the whole q and
// k projections: heads x head_dim and kv_heads x head_dim weights. Counted with the norms, not the attention
// projections: they are no linear layers, so memory.cpp keeps them replicated and out of NF4 like the norms.
double BlockNormParams(const ModelArch& m) {
  const double h = Pos(m.hidden);
  double p = (m.norms_per_block > 0 ? m.norms_per_block : 2) * (m.bias ? 2 * h : h);
  if (m.kv_lora_rank <= 0 && m.qk_norm == QkNorm::PerHead) p += 2 * HeadDim(m);
  if (m.kv_lora_rank <= 0 && m.qk_norm == QkNorm::AllHeads) p += (Pos(m.heads) + KvHeads(m)) * HeadDim(m);
  return p;
}

// One MLP with intermediate size f.
double MlpParams(const ModelArch& m, double f, double& largest) {
  const double h = Pos(m.hidden);
  f = Pos(f);
  largest = std::max(largest, h * f);
  if (m.mlp == MlpKind::Swiglu) return 3 * h * f + (m.bias ? 2 * f + h : 0);  // gate, up, down
  return 2 * h * f + (m.bias ? f + h : 0);                                    // up, down
}

}  // namespace

ParamCounts CountParams(const ModelArch& m) {
  ParamCounts c;
  if (m.layers <= 0) {  // size-only model
    c.total = c.active = Pos(m.params_total);
    return c;
  }
  const double h = Pos(m.hidden);
  const double norm = m.bias ? 2 * h : h;  // LayerNorm has a bias, RMSNorm does not
  double largest = 0;
  c.attn = AttentionParams(m, largest);
  c.norms = BlockNormParams(m);
  c.mlp_dense = MlpParams(m, m.ffn, largest);
  const bool moe = m.experts > 1;
  if (moe) {
    c.experts = m.experts;
    c.topk = std::clamp(m.topk, 1, m.experts);
    const double f = m.moe_ffn > 0 ? m.moe_ffn : m.ffn;
    c.expert = MlpParams(m, f, largest);
    c.moe_shared = Pos(m.shared_experts) * c.expert;
    c.router = h * m.experts;
    c.dense_layers = std::clamp(m.dense_layers, 0, m.layers);
    c.moe_layers = m.layers - c.dense_layers;
  } else {
    c.dense_layers = m.layers;
  }
  c.dense_block = c.attn + c.norms + c.mlp_dense;
  c.moe_block = c.attn + c.norms + c.experts * c.expert + c.moe_shared + c.router;
  c.blocks = c.dense_layers * c.dense_block + c.moe_layers * c.moe_block;

  const double v = Pos(m.vocab);
  c.embedding = v * h + Pos(m.pos_embeddings) * h + Pos(m.type_vocab) * h;
  // BERT (post-LN) norms its embeddings and has no final norm; the count is the same 2h either way.
  c.final_norm = norm;
  c.head = m.tied ? 0 : v * h;
  c.largest_matrix = largest;
  c.total = c.embedding + c.blocks + c.final_norm + c.head;
  c.active = c.total - double(c.moe_layers) * (c.experts - c.topk) * c.expert;
  return c;
}

LoraWidths LoraWidthsOf(const ModelArch& m, uint8_t targets) {
  LoraWidths w;
  const double h = Pos(m.hidden), a = Pos(m.heads);
  if (m.kv_lora_rank > 0) {
    const double qk = Pos(m.qk_nope_dim) + Pos(m.qk_rope_dim), v = Pos(m.v_head_dim);
    const double ql = Pos(m.q_lora_rank), kvl = Pos(m.kv_lora_rank);
    const double q = ql > 0 ? (h + ql) + (ql + a * qk) : h + a * qk;
    const double kv_down = h + kvl + Pos(m.qk_rope_dim), kv_up = kvl + a * (Pos(m.qk_nope_dim) + v);
    if (targets & kLoraAttn)
      w.attn = q + kv_down + kv_up + (a * v + h);
    else if (targets & kLoraQv)
      w.attn = q + kv_up;
  } else {
    const double d = HeadDim(m), kv = KvHeads(m) * d, q = a * d;
    if (targets & kLoraAttn)
      w.attn = (h + q) + 2 * (h + kv) + (q + h);
    else if (targets & kLoraQv)
      w.attn = (h + q) + (h + kv);
  }
  if (targets & kLoraMlp) {
    const double mats = m.mlp == MlpKind::Swiglu ? 3 : 2;
    w.dense_mlp = mats * (h + Pos(m.ffn));
    w.expert_mlp = mats * (h + Pos(m.moe_ffn > 0 ? m.moe_ffn : m.ffn));
    w.routed = !(targets & kLoraDenseOnly);
  }
  return w;
}

double LoraParamsOfBlocks(const ModelArch& m, const LoraWidths& w, int rank, int dense, int moe) {
  const double experts = m.experts > 1 ? (w.routed ? Pos(m.experts) : 0) + Pos(m.shared_experts) : 0;
  return Pos(rank) *
         (double(Pos(dense) + Pos(moe)) * w.attn + Pos(dense) * w.dense_mlp + Pos(moe) * experts * w.expert_mlp);
}

namespace {
// A size-only model's adapters: a Llama-shaped model of that size (P ~ 12 L h^2, h ~ 128 L, SwiGLU f ~ 2.7 h).
double SizeOnlyLoraParams(const ModelArch& m, int rank, uint8_t targets) {
  const double p = Pos(m.params_total);
  const double h = std::cbrt(p * 128.0 / 12.0), layers = h / 128.0, f = 2.7 * h;
  double per = 0;
  if (targets & kLoraAttn)
    per += 4 * 2 * h;
  else if (targets & kLoraQv)
    per += 2 * 2 * h;
  if (targets & kLoraMlp) per += 3 * (h + f);
  return Pos(rank) * per * layers;
}
}  // namespace

double LoraParams(const ModelArch& m, int rank, uint8_t targets) {
  if (m.layers <= 0) return SizeOnlyLoraParams(m, rank, targets);
  const int dense = m.experts > 1 ? std::clamp(m.dense_layers, 0, m.layers) : m.layers;
  return LoraParamsOfBlocks(m, LoraWidthsOf(m, targets), rank, dense, m.layers - dense);
}

double LoraParamsPerToken(const ModelArch& m, int rank, uint8_t targets) {
  if (m.layers <= 0) return SizeOnlyLoraParams(m, rank, targets);
  const LoraWidths w = LoraWidthsOf(m, targets);
  if (m.experts <= 1) return LoraParamsOfBlocks(m, w, rank, m.layers, 0);
  const int dense = std::clamp(m.dense_layers, 0, m.layers), moe = m.layers - dense;
  const double visited = (w.routed ? std::clamp(m.topk, 1, m.experts) : 0) + Pos(m.shared_experts);
  return Pos(rank) * (double(m.layers) * w.attn + dense * w.dense_mlp + moe * visited * w.expert_mlp);
}

}  // namespace tp
