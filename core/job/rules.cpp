// rules.cpp — the layout rules of rules.h that need more than a line. The stage's parameters follow
// Megatron-Core's modules: a block's linear layers (attention, MLP, shared experts) are split by tensor
// parallelism, its norms (and QK-norms) and the MoE router (TopKRouter's weight) are whole on every
// tensor-parallel rank; the first stage holds the word embedding (VocabParallelEmbedding, split) and the learned
// positions and token types (torch.nn.Embedding, whole); the last stage the final norm (whole) and the output
// layer (ColumnParallelLinear, split), which with tied embeddings and pp > 1 is a copy of the word embedding
// alone (shared_embedding_or_output_weight); with pp = 1 a tied head is the embedding itself.
#include "rules.h"

#include <cmath>

namespace tp {
namespace {
double Pos(double x) { return std::isfinite(x) && x > 0 ? x : 0; }
}  // namespace

double HostBytesPerNode(const Job& job) { return 1e9 * Pos(job.assume.host_gb_per_gpu) * NodeGpus(job.hw); }

StageParams ParamsOnStage(const Job& job, const Layout& layout, int k) {
  StageParams s;
  const ParamCounts& pc = job.facts.pc;
  const ModelArch& m = job.model;
  const int p = std::max(1, layout.pp);
  const double t = std::max(1, layout.tp), it = 1 / t;
  const bool lora = job.work.method != Method::Full;
  if (m.layers <= 0) {  // size-only: no breakdown, spread evenly
    s.dense = pc.total / (t * p);
    if (lora) s.lora = LoraParams(m, job.work.lora_r, job.work.lora_targets) / (t * p);
    return s;
  }
  const bool first = k == 0, last = k == p - 1;
  const StageBlocks blocks = BlocksOnStage(pc, p, k);
  s.dense_layers = blocks.dense;
  s.moe_layers = blocks.moe;
  const double layers = s.dense_layers + s.moe_layers;
  s.norms = layers * pc.norms;
  // Routed experts: experts / ep on each GPU, each split over the expert tensor-parallel group (job.h).
  const double expert_shards = double(std::max(1, layout.ep)) * ExpertTensorParallel(layout);
  const double experts = pc.experts * pc.expert / expert_shards;
  s.expert = s.moe_layers * experts;
  const double dense_split = pc.attn + pc.mlp_dense, moe_split = pc.attn + pc.moe_shared;
  s.dense = (s.dense_layers * dense_split + s.moe_layers * moe_split) * it + s.moe_layers * pc.router + s.norms;
  const double whole_emb = (Pos(m.pos_embeddings) + Pos(m.type_vocab)) * Pos(m.hidden);
  const double word = pc.embedding - whole_emb;
  const double head = pc.head > 0 ? pc.head : (p > 1 ? word : 0);
  if (first) s.emb = word * it + whole_emb;
  if (last) s.head = head * it;
  s.edge = s.emb + s.head + (last ? pc.final_norm : 0);
  s.dense += s.edge;
  s.block = std::max(s.dense_layers ? dense_split * it + pc.norms : 0.0,
                     s.moe_layers ? moe_split * it + pc.router + pc.norms + experts : 0.0);
  s.module = std::max({pc.largest_matrix * it, s.emb, s.head});
  if (lora) s.lora = LoraParamsOfBlocks(m, job.facts.lora_widths, job.work.lora_r, s.dense_layers, s.moe_layers) * it;
  return s;
}

}  // namespace tp
