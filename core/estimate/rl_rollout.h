// rl_rollout.h — the rollout engine of a post-training step (rl.h): its shape on one rollout GPU (weights per TP
// rank, profiled activations, KV-cache budget in the engine's own meaning) and the generation of one step as the
// engine schedules it: continuous batching (vLLM, SGLang) up to rl_max_seqs sequences in flight and as many as the
// KV cache holds, the newest preempted and recomputed when the cache fills, each decode iteration reading the
// weights it touches and the live KV cache; Transformers generate (hf) runs static batches to their longest
// response. Response lengths follow the least-informative distribution with the stated mean and cap.
#pragma once
#include <vector>

#include "job.h"
#include "plan.h"

namespace tp {

// The engine's shape on one rollout GPU: RlEngineShape (plan.h), which the memory estimate keeps.
// free_bytes: for hf, the GPU memory left beside the trainer's resident state while it generates (whether the
// gathered weights fit whole); negative when not known (taken as fitting).
RlEngineShape MakeRlEngine(const Job& job, const Layout& layout, double free_bytes = -1);

// The generation of one RL step on one engine (every engine alike).
struct RlGeneration {
  double prefill_s = 0;         // prompts (and preempted sequences' recompute), compute-bound
  double decode_s = 0;          // decode while at least half the peak concurrency is in flight
  double tail_s = 0;            // the rest: the longest responses finishing with few sequences in flight
  double peak_concurrency = 0;  // sequences in flight at most
  double preemptions = 0;       // sequences the KV cache pushed back (recomputed)
};
RlGeneration SimulateRollout(const Job& job, const RlEngineShape& e);
// Sets job.rl.rollout for a vLLM or SGLang engine (its generation does not depend on the training layout);
// clears it otherwise. Called once per resolved Job (resolve.cpp ResolveJob).
void PrepareRollout(Job& job);

// n response lengths (tokens) with mean `mean` and cap `cap`: a share `cap_share` of runaway responses that never
// stop and run to the cap (repetition loops: the frameworks' "clip ratio"), the rest the quantiles of an
// exponential distribution (the maximum-entropy law of a positive length with a known mean) clipped at the cap,
// its scale solved so the whole mean is `mean`; a mean at the cap makes every response the cap. Ordered as the
// engine receives them: a low-discrepancy shuffle, so long and short responses arrive mixed.
std::vector<double> ResponseLengths(double mean, double cap, int n, double cap_share);

// NeMo RL's sequence packing (the default of its GRPO configs at v0.3.0, examples/configs/grpo_math_1B.yaml
// sequence_packing.enabled: True) as its code runs it, for the sequences of one step: the planner trains
// `sequences` sequences of `planned_seq` tokens at `mbs` a micro-batch on `dp` replicas; NeMo RL packs the real,
// ragged ones (prompt + a response drawn from ResponseLengths) into bins and pads them. Returns the slowest
// replica's tokens over the tokens the plan's micro-batches hold (>= about 1): the factor on the pass's time.
struct RlPacking {
  int sequences = 0;       // of the step
  int chunk = 0;           // sequences per packing call: the global batch (train), the whole step (log-probabilities)
  int dp = 1;              // replicas: bins dealt round-robin
  int mbs = 1;             // the plan's sequences per micro-batch: the bin is mbs x planned_seq tokens
  int budget = 0;          // or the bin's tokens as stated (rl_mb_tokens, rl_logprob_mb_tokens); 0 = mbs x planned_seq
  double planned_seq = 0;  // the plan's sequence (prompt + mean response, rounded: rl_setup.cpp)
  int pad_multiple = 1;    // each sequence padded to it (tp; 2 x cp x tp with context parallelism)
  bool pad_to_longest_bin = false;  // Megatron with a pipeline: every bin padded to the longest of the replica's
  bool dtensor_train = false;       // DTensor training: bins padded to the bin size, every replica at the most bins
  bool dtensor_logprob = false;     // DTensor log-probabilities: every replica at the most bins
};
double PackedTokenFactor(const Job& job, const RlPacking& p);

}  // namespace tp
