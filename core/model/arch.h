// arch.h — a transformer's architecture as plain numbers (what a preset or a config.json gives): the
// dimensions, MLP kind, MoE and latent-attention widths. Counts and operations derive from it (model.h,
// ops in flops.h); the Job holds one.
#pragma once
#include <cstdint>

#include "enums.h"

namespace tp {

// RMSNorm on the queries and keys of each block: one head_dim weight vector for q and one for k, shared
// by the heads (Qwen3, Gemma 3), or one weight per element of the whole q and k projections (OLMo 2).
enum class QkNorm : int32_t { None, PerHead, AllHeads };

// Transformer architecture. layers == 0 means a size-only model described by params_total.
struct ModelArch {
  double params_total = 0;  // size-only model; otherwise computed by model.h
  int layers = 0, hidden = 0, heads = 0, kv_heads = 0, ffn = 0, vocab = 0;
  MlpKind mlp = MlpKind::Swiglu;
  bool tied = false;
  bool bias = false;       // linear-layer biases (GPT-2/3, BERT)
  bool qkv_bias = false;   // biases on q, k, v only (Qwen2/2.5); implied by bias
  int pos_embeddings = 0;  // learned absolute positions (GPT-2/3, BERT): the longest sequence; 0 = rotary
  int trained_seq = 0;     // the context it was trained at (a preset's default_seq); 0 = not known
  int type_vocab = 0;      // BERT token-type embeddings
  int head_dim = 0;        // 0 = hidden / heads
  // Norm weights beyond the two pre-norms of a block (CountParams, model.cpp)
  int norms_per_block = 0;  // 0 = 2 (before attention, before the MLP); Gemma 2/3: 4 (also after each)
  QkNorm qk_norm = QkNorm::None;
  // MoE
  int experts = 0;  // routed experts; 0 or 1 = dense
  int topk = 0;
  int moe_ffn = 0;  // per-expert intermediate size
  int shared_experts = 0;
  int dense_layers = 0;  // leading layers with a dense MLP (DeepSeek-V3: 3)
  // Node-limited (group-limited) routing: the routed experts in expert_groups equal groups, each token routed
  // within its best group_topk of them (DeepSeek-V3: n_group 8, topk_group 4); 0 = unlimited.
  int expert_groups = 0, group_topk = 0;
  // Sliding-window attention: each query sees the `attn_window` most recent tokens, itself included (Hugging Face's
  // sliding_window; 0 = full causal attention on every layer); with `attn_window_skip` n > 0 every n-th layer keeps
  // full attention (Megatron-Core's window_size (attn_window - 1, 0), as Megatron-Bridge's GPT-OSS bridge sets it, and
  // window_attn_skip_freq n: layer l, from 1, is windowed when l % n != 0, is_layer_window_attention in
  // megatron/core/transformer/utils.py). GPT-OSS: 128, every second layer full.
  int attn_window = 0, attn_window_skip = 0;
  // GPT-OSS's clamped gated activation (config.json swiglu_limit 7.0): gate clamped from above and the linear half
  // both ways at this limit, then gate x sigmoid(1.702 gate) x (linear + 1); 0 = a plain SwiGLU / GELU.
  int glu_limit = 0;
  // Multi-head latent attention (DeepSeek); kv_lora_rank == 0 means ordinary (GQA) attention
  int q_lora_rank = 0, kv_lora_rank = 0, qk_rope_dim = 0, qk_nope_dim = 0, v_head_dim = 0;
};

}  // namespace tp
