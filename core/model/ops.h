// ops.h — a model's operations: the matmul shapes of each layer kind (attention projections, attention
// scores (s^2), MLP (GELU / SwiGLU / MoE top-k experts), logits) and the forward FLOPs per sequence. The
// step's FLOPs (core/estimate/flops.h) and its time (step.cpp) are built from this one description.
//
// Convention (Megatron-LM, Narayanan et al. 2021, interface.md): a GEMM of (M x K) by (K x N) is 2MNK
// FLOPs; attention scores count the full s x s square (no causal halving) for model FLOPs; model FLOPs
// exclude recomputation, hardware FLOPs include it. For a GPT layer this reproduces
// 72 B s L h^2 (1 + s/(6h) + V/(12 L h)) exactly.
#pragma once
#include "arch.h"

namespace tp {

// One weight matmul of a layer, per token: n output features, k input features. Column-parallel
// (tensor parallelism splits n: QKV, MLP up/gate) or row-parallel (splits k: attention output, MLP down).
struct Gemm {
  double n = 0, k = 0;
  bool col = true;
  bool up = false;  // an MLA up-projection (what Megatron's recompute_modules mla_up_proj runs again)
};

// The operations of one transformer layer, forward, per token.
struct LayerOps {
  Gemm attn[5];
  int n_attn = 0;
  double qk_dim = 0, v_dim = 0;  // per head, for the s^2 terms
  double kv_width = 0;           // K plus V features per token (what context parallelism exchanges)
  double heads = 0;
  double window = 0;         // sliding window (tokens) of the windowed layers; 0 = full causal attention
  double window_share = 0;   // share of this kind's layers that use it
  bool expert_bias = false;  // MoE: each expert's projections carry biases (GPT-OSS)
  bool clamped_glu = false;  // MoE: GPT-OSS's clamped gated activation (ModelArch::glu_limit)
  Gemm mlp[2];               // one MLP (dense) or one expert (MoE)
  int n_mlp = 0;
  double mlp_mult = 1;  // MLPs each token passes through: 1 dense; topk + shared for MoE
  double routed = 0;    // MoE: routed experts per token (topk), 0 for dense
  double experts = 0;   // MoE: routed experts in the layer (router GEMM width)
  double ffn = 0;       // intermediate width of one MLP (activation-function traffic)
  bool swiglu = true;

  double GemmFlopsPerToken() const;             // projections + MLP(s) + router, forward
  double AttnCoreFlopsPerToken(int seq) const;  // QK^T and AV, forward, full square
};

struct ModelOps {
  LayerOps dense, moe;
  int dense_layers = 0, moe_layers = 0;
  double hidden = 0, vocab = 0;
  bool valid = false;  // false for a size-only model (layers == 0)
};

ModelOps DescribeModel(const ModelArch& m);

// Forward FLOPs of the whole model for ONE sequence of length seq, by operation.
struct ForwardFlops {
  double attn_proj = 0, attn_core = 0, mlp = 0, logits = 0;
  double Total() const { return attn_proj + attn_core + mlp + logits; }
};
ForwardFlops ForwardFlopsPerSequence(const ModelOps& ops, int seq);

}  // namespace tp
