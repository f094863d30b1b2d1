// model.h — parameter counts from a transformer's architecture: embeddings, attention (MHA, GQA, MLA),
// dense MLP (GELU or SwiGLU), MoE (routed + shared experts, leading dense layers), norms, biases,
// learned positions, tied or untied output head; total and active-per-token parameters; the size of
// LoRA adapters. Pure arithmetic on ModelArch, no allocation, safe on nonsense input (returns finite
// numbers, never divides by zero): validation with messages lives in the config code.
#pragma once
#include <algorithm>
#include <cstdint>

#include "arch.h"

namespace tp {

// Parameter counts, split the way memory sharding and FLOP counting need them.
struct ParamCounts {
  // Per transformer block.
  double attn = 0;        // attention projections (+ biases, MLA down/up projections and their norms)
  double norms = 0;       // the block's norms (RMSNorm: h each; LayerNorm: 2h each; two, Gemma 2/3 four) + QK-norm
  double mlp_dense = 0;   // MLP of a dense block
  double expert = 0;      // one routed expert's MLP
  double moe_shared = 0;  // all shared experts of one MoE block
  double router = 0;      // router (gate) of one MoE block
  int dense_layers = 0;   // blocks with a dense MLP (all of them for a dense model)
  int moe_layers = 0;     // blocks with a MoE MLP
  int experts = 0, topk = 0;

  // Outside the blocks.
  double embedding = 0;  // token + learned position + token-type embeddings (+ BERT's embedding norm)
  double head = 0;       // output projection; 0 when tied to the token embedding
  double final_norm = 0;

  double dense_block = 0;     // attn + norms + mlp_dense
  double moe_block = 0;       // attn + norms + experts x expert + moe_shared + router
  double blocks = 0;          // all transformer blocks
  double total = 0;           // everything
  double active = 0;          // used per token: topk of the routed experts (= total for a dense model)
  double largest_matrix = 0;  // biggest weight matrix inside a block (dequantization buffers)
};

// Counts for an architecture. A size-only model (layers == 0) returns total = active = params_total
// with no breakdown.
ParamCounts CountParams(const ModelArch& m);

// How tensor parallelism of degree tp splits the attention heads: Megatron-LM (`--num-attention-heads` must be
// divisible by the tensor-parallel size; its GQA keys/values split or are replicated when tp is a multiple of them)
// and vLLM alike (ModelConfig.verify_with_parallel_config: "Total number of attention heads ... must be divisible by
// tensor parallel size"; QKVParallelLinear divides the key/value heads over tp, or tp over them to replicate).
// MLA's latent keys and values are replicated on every rank. A size-only model (no heads) splits any way.
inline bool TpSplitsHeads(const ModelArch& m, int tp) { return m.heads <= 0 || tp <= 1 || m.heads % tp == 0; }
inline bool TpSplitsKvHeads(const ModelArch& m, int tp) {
  return m.kv_heads <= 0 || m.kv_lora_rank > 0 || tp <= 1 || m.kv_heads % tp == 0 || tp % m.kv_heads == 0;
}

// LoRA bit masks for Workload::lora_targets.
inline constexpr uint8_t kLoraAttn = 0b001;  // q, k, v, o (MLA: its down/up projections and o)
inline constexpr uint8_t kLoraMlp = 0b010;   // gate/up/down (every expert's too for MoE)
inline constexpr uint8_t kLoraQv = 0b100;    // q and v only (the original LoRA paper's choice)
// With kLoraMlp: only the MLPs every token runs (a dense layer's, the shared experts'), not the routed experts (PEFT's
// target_modules by path, "mlp.gate_proj", "shared_expert.gate_proj"; Transformers' fused expert tensors, which no
// nn.Linear target reaches). A dense model has no routed experts: the same as attention and MLP.
inline constexpr uint8_t kLoraDenseOnly = 0b1000;

// LoRA adapters. A rank-r adapter on a d_out x d_in weight trains r (d_in + d_out) parameters (Hu et al.
// 2021); these are the sums of (d_in + d_out) over the adapted matrices of one block, the one description
// behind the adapters' parameter count (memory, gradients, optimizer) and their FLOPs (a token passes
// only through the experts it is routed to).
struct LoraWidths {
  double attn = 0;        // the adapted attention matrices of one block
  double dense_mlp = 0;   // the MLP of a dense block
  double expert_mlp = 0;  // one expert's MLP (routed or shared)
  bool routed = true;     // the routed experts are adapted (false: kLoraDenseOnly, the shared ones alone)
};
LoraWidths LoraWidthsOf(const ModelArch& m, uint8_t targets);
// Adapter parameters of `dense` dense blocks and `moe` MoE blocks (every routed and shared expert).
double LoraParamsOfBlocks(const ModelArch& m, const LoraWidths& w, int rank, int dense, int moe);
// Trainable adapter parameters of the whole model. A size-only model gets an estimate: the adapted
// matrices of a Llama-like model of that size.
double LoraParams(const ModelArch& m, int rank, uint8_t targets);
// Adapter parameters one token passes through (MoE: its top-k routed experts and the shared ones).
double LoraParamsPerToken(const ModelArch& m, int rank, uint8_t targets);

// The transformer blocks on pipeline stage k of p. An uneven split gives the first and last stages, which
// also carry the embedding and the head, one block fewer when the middle stages can absorb the remainder
// (Llama 3 405B: 126 layers on 16 stages, Dubey et al. 2024 sec. 3.3.2; Megatron-Core's
// decoder_first/last_pipeline_num_layers); otherwise the first stages take one more. A MoE model's dense
// blocks lead (DeepSeek-V3's first three). The one stage model of memory and step time.
struct StageBlocks {
  int first = 0;  // index of the stage's first block
  int dense = 0, moe = 0;
  int Count() const { return dense + moe; }
};
// Inline: step time calls it for every stage, and the divisions then leave the loop.
inline StageBlocks BlocksOnStage(const ParamCounts& pc, int p, int k) {
  StageBlocks s;
  const int layers = pc.dense_layers + pc.moe_layers;
  p = std::max(1, p);
  k = std::clamp(k, 0, p - 1);
  const int base = layers / p, r = layers % p;
  int count = base;
  if (r > 0 && r <= p - 2) {
    // The remainder goes to the middle stages 1..r; the first and last stages keep the base.
    count = base + (k >= 1 && k <= r);
    s.first = k * base + std::min(std::max(k - 1, 0), r);
  } else {
    count = base + (k < r);
    s.first = k * base + std::min(k, r);
  }
  s.dense = std::clamp(pc.dense_layers - s.first, 0, count);
  s.moe = count - s.dense;
  return s;
}

}  // namespace tp
