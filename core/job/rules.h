// rules.h — the layout rules memory, step time, the layout checks, the search and the surfaces share, each
// written once: the global batch a layout runs, the pipeline schedules of a step, the expert tensor- and
// data-parallel degrees, the GPUs of a job in one node and the host memory they have, and the parameters one
// GPU of a pipeline stage holds (Megatron-Core's placement: what tensor parallelism splits, what it replicates).
#pragma once
#include <algorithm>
#include <cmath>

#include "job.h"

namespace tp {

// The global batch (sequences) used when the user gives none: the largest multiple of one step's sequences
// (mbs x dp) that is not more than the target (the stack's recipe batch, core/stack/batches.h), at least one
// per replica: a batch on auto never grows beyond the recipe's unless the layout cannot run fewer (the search
// leaves such layouts out: BatchBeyondTarget). 440 GPUs aiming at 1,024 run 880.
// Bounded: a step larger than the global-batch key's range (1e9 sequences) cannot be planned, and the
// caller's CheckLayout says so; the value never overflows an int.
inline int AutoGlobalBatch(long long per_step, long long target) {
  constexpr long long kMaxBatch = 1000000000;
  if (target < 1) target = 1;
  if (per_step <= 0) return int(std::min(target, kMaxBatch));
  if (per_step > kMaxBatch) return int(kMaxBatch) + 1;  // out of range on purpose: CheckLayout refuses it
  const long long k = target / per_step;
  const long long gbs = (k < 1 ? 1 : k) * per_step;
  return int(gbs > kMaxBatch ? per_step : gbs);
}

// Tensor-parallel degree of the expert MLPs. Megatron-Core places an expert-parallel group inside the
// data x context-parallel ranks, each expert split over the tensor-parallel group, when ep divides dp x cp;
// otherwise ("MoE parallel folding", Liu et al. 2025, Megatron-Core --expert-tensor-parallel-size 1) the
// expert-parallel group folds the tensor-parallel ranks in, and each expert is whole on one GPU. Either
// way the experts are spread over ep x ExpertTensorParallel GPUs (CheckLayout checks that this divides
// tp x dp x cp). Memory, step time and the layout rules read this one function.
inline int ExpertTensorParallel(const Layout& l) {
  const long long dpcp = (long long)(l.dp > 0 ? l.dp : 1) * (l.cp > 0 ? l.cp : 1);
  return l.ep <= 1 || dpcp % l.ep == 0 ? (l.tp > 0 ? l.tp : 1) : 1;
}

// The sequences an auto batch aims at on a layout: the recipe's global batch, or its batch per data-parallel
// rank times dp (per-device recipes, batches.h).
inline long long AutoBatchTarget(const Workload& work, const Layout& layout) {
  return work.gbs_per_replica > 0 ? (long long)work.gbs_per_replica * std::max(1, layout.dp) : work.gbs_target;
}

// The global batch (sequences per optimizer step) a layout runs: the user's, or, left on auto, the largest
// multiple of dp x the fixed micro-batch within the target (AutoGlobalBatch). Evaluate, CheckLayout and the
// search all use this one rule, so a plan's batch never depends on who planned it.
inline int GlobalBatch(const Workload& work, const Layout& layout) {
  return work.gbs_auto ? AutoGlobalBatch((long long)layout.dp * work.auto_gbs_mbs, AutoBatchTarget(work, layout))
                       : work.gbs;
}

// Whether a layout's one step (dp x the fixed micro-batch) already holds more sequences than an auto batch
// aims at: it would run a larger batch than the recipe's, so the search does not choose it.
inline bool BatchBeyondTarget(const Workload& work, const Layout& layout) {
  return work.gbs_auto && (long long)std::max(1, layout.dp) * work.auto_gbs_mbs > AutoBatchTarget(work, layout);
}

// Pipeline schedules per optimizer step for `micro_batches` micro-batches per pipeline: one (Megatron-Core and
// DeepSpeed run the whole step as one schedule), or one per local batch of pp_microbatches (torchtitan, NeMo
// AutoModel: each gradient-accumulation step fills and drains the pipeline). Step time and CheckLayout (which
// refuses a count that does not divide the step's) read this one rule.
inline int PipelineSchedules(const Workload& work, long long micro_batches) {
  if (work.pp_microbatches <= 0 || micro_batches <= work.pp_microbatches) return 1;
  return int(micro_batches / work.pp_microbatches);
}

// GPUs of a job in one node: the server's gpus_per_node, or all of the job's GPUs when it has fewer (a 4-GPU
// job on 8-GPU servers is one node of 4). Collectives, host memory and the layout rules read this one count.
// Of a sequence's positions, the share whose logits the loss computes (Workload::logit_skip: TRL's logits_to_keep, the
// prompt's positions get none); 1 where every position's are. The head's memory (memory.cpp) and its GEMM's time
// (step.cpp) read this one rule.
inline double LogitShare(const Workload& w, double seq) {
  return w.logit_skip > 0 && seq > 0 ? std::clamp((seq - w.logit_skip) / seq, 0.0, 1.0) : 1.0;
}

inline int NodeGpus(int gpus_per_node, int gpus) { return std::max(1, std::min(gpus_per_node, std::max(1, gpus))); }
inline int NodeGpus(const Hardware& hw) { return NodeGpus(hw.gpus_per_node, hw.gpus); }

// Host memory offload may fill in one node, bytes: host_gb_per_gpu for each of the node's GPUs (NodeGpus).
double HostBytesPerNode(const Job& job);

// Ranks that hold the same routed experts and reduce their gradients (and gather their ZeRO shards) together:
// tp x dp x cp / (ep x etp) (Megatron-Core's expert-data-parallel group; DeepSpeed-MoE), at least 1.
inline double ExpertDataParallel(const Layout& l) {
  const double tp = std::max(1, l.tp), dp = std::max(1, l.dp), cp = std::max(1, l.cp), ep = std::max(1, l.ep);
  return std::max(1.0, dp * cp * tp / (ep * ExpertTensorParallel(l)));
}

// Hybrid sharding (HSDP, Workload::dp_shard): ZeRO's states are sharded within groups of dp_shard data-parallel ranks
// and the dp / dp_shard groups are replicas of each other, which all-reduce their shards' gradients (torchtitan's
// data_parallel_replicate_degree x data_parallel_shard_degree, FSDP's HYBRID_SHARD, verl's fsdp_size, Megatron-Core's
// num_distributed_optimizer_instances). The replicas: 1 where one group holds every data-parallel rank.
inline int ShardReplicas(const Layout& l, int dp_shard) {
  const int dp = std::max(1, l.dp);
  return dp_shard > 0 && dp_shard < dp && dp % dp_shard == 0 ? dp / dp_shard : 1;
}
// The data-parallel ranks of one shard group: dp over the replicas (dp where one group holds them all).
inline int ShardGroupDp(const Layout& l, int dp_shard) { return std::max(1, l.dp) / ShardReplicas(l, dp_shard); }
// The ranks one dense parameter's ZeRO shards spread over: a shard group's data-parallel ranks x cp (Megatron's dp-cp
// group, torchtitan's fsdp mesh of dp_shard x cp).
inline double ZeroShardRanks(const Layout& l, int dp_shard) {
  return double(ShardGroupDp(l, dp_shard)) * std::max(1, l.cp);
}
// The ranks a routed expert's ZeRO shards spread over: its expert-data-parallel group over the replicas where they
// divide it (torchtitan's efsdp mesh inside the replicate dimension), else the whole group.
inline double ExpertZeroShardRanks(const Layout& l, int dp_shard) {
  const double e = ExpertDataParallel(l);
  const int r = ShardReplicas(l, dp_shard);
  const double per = e / r;
  return r > 1 && per >= 1 && per == std::floor(per) ? per : e;
}

// Parameters one GPU of pipeline stage k holds, split by how tensor parallelism and ZeRO treat them.
struct StageParams {
  double dense = 0;          // not routed experts: sharded by ZeRO over dp x cp (includes emb, head, norms)
  double expert = 0;         // routed experts: split over ep x etp, sharded over the expert-data-parallel ranks
  double emb = 0, head = 0;  // embedding (first stage) and output head (last stage) shares of `dense`
  double edge = 0;           // emb + head + final norm (kept 16-bit under QLoRA)
  double norms = 0;          // the blocks' norms, of `dense` (kept 16-bit under QLoRA)
  double lora = 0;           // adapter parameters (LoRA / QLoRA)
  double block = 0;          // the largest block on this GPU (ZeRO-3 / FSDP gather one at a time)
  double module = 0;         // the largest single module (a weight matrix, the embedding, the head): DeepSpeed's unit
  int dense_layers = 0, moe_layers = 0;
};
StageParams ParamsOnStage(const Job& job, const Layout& layout, int k);

}  // namespace tp
