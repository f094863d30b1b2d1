// rl.h — one post-training step (goal grpo, ppo, dpo: job.rl) as the frameworks run it (verl, OpenRLHF, NeMo RL,
// TRL): rollout generation in an inference engine (prefill compute-bound, decode bandwidth-bound over the weights
// and the live KV cache, concurrency limited by the engine's KV budget, paced by the longest response), the old
// policy's and the reference's log-probabilities, reward scoring, the policy's optimizer steps (the existing step
// model on the mini-batch; PPO's critic alike), the weight sync trainer -> engine, the engine's wake-up and sleep
// when colocated, one-step-off overlap. DPO: the reference's forward and the policy's step on chosen + rejected, no
// generation. Memory per phase and per GPU: what is resident while each phase runs.
#pragma once
#include "job.h"
#include "plan.h"

namespace tp {

// The constants of the RL step model, each with its source or the rows it was fitted on (rl.cpp).
struct RlConstants {
  double decode_bw_eff;       // share of HBM bandwidth a decode iteration reaches
  double gen_flop_eff;        // share of the dense peak the engine's prefill and large decode batches reach
  double decode_overhead_s;   // per decode iteration: scheduling, sampling, launch (CUDA graphs)
  double cap_share;           // of the responses, the runaways that run to the cap (rl_rollout.h ResponseLengths)
  double train_eff;           // the RL trainer's speed relative to the step model (short ragged batches)
  double transition_s;        // per colocated verl step: the controller's batch handling, engine wake-up, sleep
  double handoff_slots_s;     // per token slot of the rollout batch handed to the trainer, padded to the cap
  double sync_fixed_s;        // per sync: the handshake, bucket setup
  double moe_gather_bps;      // MoE expert weights regathered from the training layout, bytes/s
  double rule_reward_s;       // per response: a rule's scoring (CPU)
  double engine_act_tokens;   // tokens of the engine's profiled activation peak (max_num_batched_tokens)
  double engine_graph_bytes;  // CUDA graphs and the engine's buffers outside its fraction
};
const RlConstants& RlDefaults();
// The constants a job plans with: job.rl.constants (the fit tool's trials) or the defaults.
const RlConstants& RlConstantsOf(const Job& job);

// The fixed time between the phases of one step under the job's RL framework (rl_framework), beyond the weight
// sync: verl's fitted transition_s when colocated, none for the others (rl.cpp gives each one's code). What a
// framework's code moves over the host link (NeMo RL's refit offloads and reference swap) is added by EstimateRl.
double FixedTransition(const Job& job, const RlConstants& k);

// A copy from the GPU into fresh pageable host memory, tensor by tensor (`tensor.to("cpu")`: the driver stages it
// through a pinned bounce buffer and the new pages are faulted in), bytes/s: 1.8 GB/s, NVIDIA-NeMo/RL issue #3976
// (comment of 2026-09-17: Nsight Systems on one H100 running NeMo RL's colocated GRPO with Megatron's distributed
// optimizer; offload_before_refit's 510 device-to-pageable copies moved 4.94 GB in 2.75 s of copy time, the whole
// call took 3.76 s; on that host one 1 GiB pageable copy ran at 16.1 GB/s, pinned at 55 GB/s). The same path
// elsewhere: 2.8 GB/s (sglang PR #32032, module.to("cpu") on an H200), 2.3 GB/s (vllm-omni PR #5922, 63 GB in
// 27.2 s on an H20). Bound by the host process's staging and page faults, not the link: each GPU of a node copies
// at it at once, or at its host-link share where that is slower (rl.cpp HostMovesOf).
inline constexpr double kPageableCopyBps = 1.8e9;
// A pageable copy whose host pages already exist (no fault to take): the same host's 1 GiB pageable copy above,
// 16.1 GB/s. NeMo RL's states come back to the GPU from the pageable copies its refit made (rl.cpp HostMovesOf).
inline constexpr double kPageableResidentCopyBps = 16.1e9;

// The KV cache of one token on one GPU of an engine with tensor parallelism tp: K and V of every layer in 16 bits,
// the key/value heads split across tp (replicated when fewer than tp); latent attention keeps one compressed copy.
double KvBytesPerToken(const ModelArch& m, int tp);

// The reward phase: the reward model's forward on the trainer's GPUs, or a rule's scoring per response; 0 for DPO.
double RewardSeconds(const Job& job);
// The RL step from its phases: one after the other, or, one-step-off on split pools, the slower pool (generation,
// or the trainer's passes) plus the sync.
double RlStepSeconds(const Job& job, double generation_s, double trainer_side_s, double sync_s);
// What one optimizer step of `batch` sequences carries of an RL step of rl_step_s (the run counts rl_updates such
// steps per RL step: evaluate.cpp).
double RlSecondsPerUpdate(const Job& job, double rl_step_s, int batch);
// The parts of the RL step no training layout changes: a vLLM or SGLang engine's generation (simulated once for the
// job), the reward, the framework's fixed transition. What depends on the layout (Transformers' generate inside
// the trainer, the log-probability passes, the weight sync, NeMo RL's refit moves) is left at 0.
struct RlLayoutFree {
  double generation_s = 0, reward_s = 0, transition_s = 0;
};
RlLayoutFree RlLayoutFreeSeconds(const Job& job);
// A lower bound on RlSecondsPerUpdate for every layout whose policy step of `batch` sequences takes at least
// policy_step_s (the layout search's, search_bounds.cpp): the training at that step, the layout-free parts beside
// it. Without post-training, policy_step_s.
double RlSecondsPerUpdateAtLeast(const Job& job, const RlLayoutFree& f, double policy_step_s, int batch);

// The RL step for the policy's training plan (memory and one optimizer step of job.work's mini-batch). policy_memory:
// as EstimateMemory returned it for this layout, its rl_engine sized by AddRlMemory.
RlStep EstimateRl(const Job& job, const Layout& layout, const MemoryBreakdown& policy_memory,
                  const StepBreakdown& policy_step);

// The tokens of each of the `mbs` sequences of the longest micro-batch a post-training framework's training and
// log-probability passes run (rl.cpp, read at each framework's code): the prompt and the longest response
// (rl_max_response_len), padded as the workload's mean sequence (job.h RlPaddedTokens); under NeMo RL's sequence
// packing the micro-batch's token budget shared by its sequences. With a token budget (`budget`: job.rl.mb_tokens for
// the training, logprob_mb_tokens for the log-probability passes; 0 = none) the micro-batch holds the whole budget
// under every framework. The memory plans at this length; the step's time at the mean (job.work.seq). Not below the
// mean.
int RlPeakSeq(const Job& job, int mbs, int budget);

// The policy's training loss as the RL framework's own code computes it, where it is not the model code's (saves.cpp
// LossOf): bytes per logit at the training's peak, 0 = the model code's loss (rl.cpp, each with the code read). The
// logit_bytes assumption's default under post-training (rl_setup.cpp).
double RlTrainingBytesPerLogit(const Job& job);
// Tokens at the start of each sequence the RL framework's loss computes no logits for (Workload::logit_skip): TRL's
// GRPO asks for the completion's only. 0 = every position's.
double RlLogitSkip(const Job& job);

// The memory of a post-training step folded into the policy's: total becomes the larger of the training and the
// generation phases' peaks (with the reference, critic, reward model and the engine's residue), fits follows. The
// training and the log-probability passes at the longest micro-batch (RlPeakSeq): policy_total is the policy's
// training peak there.
// EstimateMemory calls it, so the layout search sees RL memory too. Other goals: policy_total = total only.
void AddRlMemory(const Job& job, const Layout& layout, MemoryBreakdown& memory);

}  // namespace tp
