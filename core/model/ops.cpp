// ops.cpp — each layer kind's matmul shapes and the forward FLOPs per sequence (see ops.h).
#include "ops.h"

#include "model.h"

namespace tp {

double LayerOps::GemmFlopsPerToken() const {
  double f = 0;
  for (int i = 0; i < n_attn; ++i) f += 2 * attn[i].n * attn[i].k;
  double one_mlp = 0;
  for (int i = 0; i < n_mlp; ++i) one_mlp += 2 * mlp[i].n * mlp[i].k;
  f += mlp_mult * one_mlp;
  if (experts > 1) f += 2 * experts * attn[n_attn - 1].n;  // router: hidden (the output projection's n) -> experts
  return f;
}

double LayerOps::AttnCoreFlopsPerToken(int seq) const {
  // Each query token: QK^T against seq keys (2 * seq * qk_dim) and the weighted sum of values
  // (2 * seq * v_dim), per head. Full square: Megatron's convention for model FLOPs.
  return 2.0 * seq * heads * (qk_dim + v_dim);
}

namespace {

// Share of the layers with a sliding window: every layer but each attn_window_skip-th (Megatron-Core's
// is_layer_window_attention: layer l, from 1, is windowed when l % n != 0).
double WindowShare(const ModelArch& m) {
  if (m.attn_window <= 0 || m.layers <= 0) return 0;
  if (m.attn_window_skip <= 0) return 1;
  const int full = m.layers / m.attn_window_skip;
  return double(m.layers - full) / m.layers;
}

void Attention(const ModelArch& m, LayerOps& l) {
  const double h = m.hidden;
  const double heads = m.heads > 0 ? m.heads : 1;
  l.heads = heads;
  l.window = m.attn_window > 0 ? m.attn_window : 0;
  l.window_share = WindowShare(m);
  if (m.kv_lora_rank > 0) {
    // Multi-head latent attention (DeepSeek-V2/V3): low-rank query and key/value projections.
    const double qk = m.qk_nope_dim + m.qk_rope_dim, v = m.v_head_dim > 0 ? m.v_head_dim : m.qk_nope_dim;
    int n = 0;
    if (m.q_lora_rank > 0) {
      l.attn[n++] = {double(m.q_lora_rank), h, true};
      l.attn[n++] = {heads * qk, double(m.q_lora_rank), true, true};
    } else {
      l.attn[n++] = {heads * qk, h, true};
    }
    l.attn[n++] = {double(m.kv_lora_rank) + m.qk_rope_dim, h, true};
    l.attn[n++] = {heads * (m.qk_nope_dim + v), double(m.kv_lora_rank), true, true};
    l.attn[n++] = {h, heads * v, false};
    l.n_attn = n;
    l.qk_dim = qk;
    l.v_dim = v;
    l.kv_width = heads * (qk + v);  // up-projected K and V
    return;
  }
  const double hd = m.head_dim > 0 ? m.head_dim : h / heads;
  const double kv = m.kv_heads > 0 ? m.kv_heads : heads;
  l.attn[0] = {(heads + 2 * kv) * hd, h, true};  // fused QKV (grouped-query: fewer K/V heads)
  l.attn[1] = {h, heads * hd, false};            // output projection
  l.n_attn = 2;
  l.qk_dim = l.v_dim = hd;
  l.kv_width = 2 * kv * hd;
}

void Mlp(const ModelArch& m, double ffn, LayerOps& l) {
  const double h = m.hidden;
  l.ffn = ffn;
  l.swiglu = m.mlp == MlpKind::Swiglu;
  // SwiGLU has a gate and an up projection (fused here), GELU one up projection; both one down.
  l.mlp[0] = {(l.swiglu ? 2.0 : 1.0) * ffn, h, true};
  l.mlp[1] = {h, ffn, false};
  l.n_mlp = 2;
}

}  // namespace

ModelOps DescribeModel(const ModelArch& m) {
  ModelOps ops;
  if (m.layers <= 0 || m.hidden <= 0) return ops;
  ops.valid = true;
  ops.hidden = m.hidden;
  ops.vocab = m.vocab;
  const double ffn = m.ffn > 0 ? m.ffn : 4.0 * m.hidden;
  Attention(m, ops.dense);
  Mlp(m, ffn, ops.dense);
  if (m.experts > 1) {
    ops.dense_layers = m.dense_layers < m.layers ? m.dense_layers : m.layers;
    ops.moe_layers = m.layers - ops.dense_layers;
    Attention(m, ops.moe);
    Mlp(m, m.moe_ffn > 0 ? m.moe_ffn : ffn, ops.moe);
    ops.moe.routed = m.topk > 0 ? m.topk : 1;
    ops.moe.mlp_mult = ops.moe.routed + m.shared_experts;
    ops.moe.experts = m.experts;
    ops.moe.expert_bias = m.bias;
    ops.moe.clamped_glu = m.glu_limit > 0;
  } else {
    ops.dense_layers = m.layers;
  }
  return ops;
}

ForwardFlops ForwardFlopsPerSequence(const ModelOps& ops, int seq) {
  ForwardFlops f;
  if (!ops.valid) return f;
  const double s = seq;
  const LayerOps* kinds[2] = {&ops.dense, &ops.moe};
  const int counts[2] = {ops.dense_layers, ops.moe_layers};
  for (int i = 0; i < 2; ++i) {
    if (counts[i] == 0) continue;
    const LayerOps& l = *kinds[i];
    double proj = 0;
    for (int j = 0; j < l.n_attn; ++j) proj += 2 * l.attn[j].n * l.attn[j].k;
    f.attn_proj += counts[i] * s * proj;
    f.attn_core += counts[i] * s * l.AttnCoreFlopsPerToken(seq);
    f.mlp += counts[i] * s * (l.GemmFlopsPerToken() - proj);
  }
  f.logits = 2.0 * s * ops.hidden * ops.vocab;
  return f;
}

}  // namespace tp
