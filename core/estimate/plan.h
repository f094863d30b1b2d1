// plan.h — what the planner answers for one (Job, Layout): memory per GPU, step time, throughput, the
// whole run, the bottleneck and warnings. Plain numbers only (SI: bytes, seconds), no strings, so that
// search can evaluate millions of layouts per second without allocating.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "job.h"

namespace tp {

// The rollout engine of a post-training step (rl_rollout.h MakeRlEngine): its shape on one rollout GPU.
struct RlEngineShape {
  int tp = 1;
  double engines = 1;         // instances in the rollout pool (hf: the trainer's replicas)
  double weights = 0;         // bytes per GPU (one TP shard; hf: the trainer's own copy, counted there)
  double activations = 0;     // the profiled activation peak per GPU
  double kv_budget = 0;       // KV-cache bytes per GPU
  double total = 0;           // the engine's memory per GPU while it generates
  double kv_token = 0;        // KV bytes per token per GPU
  double dense_weights = 0;   // of the weights, what every decode iteration reads
  double expert_weights = 0;  // of the weights, the routed experts (read as the batch touches them)
  // hf under ZeRO-3 (rl_rollout.cpp ZeroThreeGenerate): the replicas whose generate calls wait for each other, and
  // the all-gather of the 16-bit weights a GPU holds a shard of: once per generate call when the whole weights fit
  // beside the trainer's state (pinned), else layer by layer at every decode iteration (0 without ZeRO-3).
  double synced = 1;
  double call_gather_s = 0;
  double iter_gather_s = 0;
};

// MemoryBreakdown::short_of: what a plan that does not fit is short of.
constexpr uint8_t kShortGpu = 1;   // the GPU's usable memory (total > usable, or no capacity)
constexpr uint8_t kShortHost = 2;  // the node's host memory for offloaded and parked states (host_bytes)
constexpr uint8_t kShortKv = 4;    // the rollout engine's KV cache for one sequence (rl_engine.kv_budget)

struct MemoryBreakdown {  // per GPU, the most loaded one, bytes
  double weights = 0, gradients = 0, optimizer = 0, activations = 0, other = 0;
  double total = 0, capacity = 0,
         usable = 0;        // total: as nvidia-smi shows it (decides OOM); usable = capacity x (1 - headroom)
  double allocated = 0;     // torch.cuda.max_memory_allocated: the tensors at the peak
  double reserved = 0;      // torch.cuda.max_memory_reserved: states + alloc_reserve x the rest
  double gathered = 0;      // of other: ZeRO-3 / FSDP weights gathered at the peak (and their grads)
  double model_states = 0;  // weights + gradients + optimizer
  double host_bytes = 0;    // CPU memory per node needed by offload
  double paged_bytes = 0;   // of the optimizer states, bytes per GPU the driver evicted to the host
  double nvme_bytes = 0;
  bool fits = false;
  // Fits, but the memory band's upper end (core/estimate/bands.h: what comparable published runs needed, up to
  // about the 90th percentile of measured / predicted) passes the usable memory: it may run out (memory.verdict).
  bool tight = false;
  // Does not fit, but the memory band's lower end is within the usable memory (and the host holds what offload and
  // parking need): comparable published runs needed that little, so a run like this may still fit.
  bool may_fit = false;
  // What keeps it from fitting, every limit that fails (kShort*; 0 when it fits): the GPU's memory, the node's host
  // memory for what offload and parking keep there, or one sequence in the rollout engine's KV cache (post-training).
  uint8_t short_of = 0;
  int max_micro_batch = 0;  // largest micro-batch that fits (0 = none)
  int max_seq = 0;          // longest sequence that fits at this micro-batch
  int max_seq_cap = 0;      // the most max_seq may be whatever the memory (a token budget, learned positions); 0 = none
  double seq_fixed = 0;     // what does not grow with the sequence on the GPU that sets max_seq (its band: bands.h)
  double policy_total = 0;  // the policy's own training peak (= total except for post-training: rl.h)
  // Post-training: what the step's largest phase (generating, training at the longest micro-batch, computing
  // log-probabilities) holds beyond the policy's training at the mean sequence, the five parts above (rl.h
  // AddRlMemory); total = weights + gradients + optimizer + activations + other + rl_phase. 0 for other goals.
  double rl_phase = 0;
  // Post-training: the rollout engine the phases' memory was sized with (rl.h AddRlMemory), which EstimateRl times,
  // so one plan builds it once.
  RlEngineShape rl_engine;
};

// The one limit a plan the GPU's memory holds is short of, the one its verdict names: the host's memory before the
// rollout engine's KV cache; 0 where it fits or the GPU's memory is short (the verdict's plain "does not fit").
inline uint8_t ShortBesideGpu(const MemoryBreakdown& m) {
  if (m.short_of & kShortGpu) return 0;
  return m.short_of & kShortHost ? kShortHost : m.short_of & kShortKv ? kShortKv : 0;
}

struct StepBreakdown {  // seconds per optimizer step
  double seconds = 0;
  double compute_s = 0;  // tensor-core time (matmuls, attention)
  double memory_s = 0;   // memory-bound kernels (norms, elementwise, optimizer step)
  double comm_tp_s = 0, comm_cp_s = 0, comm_ep_s = 0, comm_dp_s = 0, comm_pp_s = 0;  // total per group
  double comm_exposed_s = 0;  // the part not hidden behind compute: the sum of the groups' below
  // Each group's exposed part, as the step model hid it (step.cpp): what the bottleneck and the page's step
  // bar read.
  double exposed_tp_s = 0, exposed_cp_s = 0, exposed_ep_s = 0, exposed_dp_s = 0, exposed_pp_s = 0;
  double bubble_s = 0;
  double offload_s = 0;   // exposed host/NVMe transfer time
  double host_s = 0;      // GPU idle while the host launches kernels (eager stacks, small micro-batches)
  int micro_batches = 0;  // per pipeline per step (gradient accumulation steps x pp schedule)
};

struct Throughput {
  double tokens_per_s = 0, tokens_per_s_per_gpu = 0;
  double model_flops_per_step = 0, hardware_flops_per_step = 0;
  double model_tflops_per_gpu = 0, hardware_tflops_per_gpu = 0;
  double mfu = 0, hfu = 0;
};

// Below 1 % goodput a run spends more than 99 % of its time writing checkpoints and redoing lost work: it
// never finishes in practice, so the estimate holds goodput there and warns (kWarnGoodputFloor).
inline constexpr double kGoodputFloor = 0.01;

struct RunSummary {
  double tokens = 0;
  bool tokens_defaulted = false;
  double steps = 0;
  double steady_days = 0;     // steps at the step model's steady-state speed (a tuned stack)
  double straggler_days = 0;  // slow ranks and throughput swings (straggler x steady)
  double stall_days = 0;      // waiting for the data loader (data_stall x steady)
  double eval_days = 0;       // periodic evaluation
  double startup_days = 0;    // launch, loading, compilation and warm-up, once
  double compute_days = 0;    // failure-free, checkpoint-free: start-up + steady + stragglers + stalls + evaluation
  double days = 0;            // wall clock: compute_days + ckpt_days + failure_days
  double ckpt_days = 0;       // of days: writing checkpoints
  double failure_days = 0;    // of days: restarts and work lost to failures
  double timed_days = 0;      // a benchmark's clock (MLPerf's run_start to run_stop): days less start-up and failures
  double evals = 0, eval_s = 0;  // evaluations over the run, and the time of one
  double startup_s = 0;          // the start-up, seconds
  double gpu_hours = 0;
  double goodput = 0;   // useful fraction of wall clock, at least kGoodputFloor
  double failures = 0;  // expected over the run
  double failures_per_hour = 0;
  double ckpt_bytes = 0, ckpt_write_s = 0, ckpt_interval_s = 0;
  double energy_kwh = 0, power_kw = 0;
  double cost_rent_usd = 0;  // renting: GPU-hours x price
  double cost_own_usd = 0;   // owning: amortized capex share + energy
  double cost_usd = 0;       // the headline (renting)
};

// One RL / preference step (core/estimate/rl.h): its phases' times and memory. Empty (active false) for
// pre-training and fine-tuning.
enum class RlPhaseKind : uint8_t { Generation, Logprob, Reference, Reward, Critic, Training, Sync, Transition };
inline constexpr int kRlPhases = 8;
inline constexpr const char* kRlPhaseNames[kRlPhases] = {"generation", "logprob",  "reference", "reward",
                                                         "critic",     "training", "sync",      "transition"};
struct RlPhase {
  double seconds = 0;       // time the phase takes (on its pool)
  double memory_bytes = 0;  // per GPU, the most loaded one, while the phase runs
  double gpus = 0;          // GPUs it runs on
};
struct RlStep {
  bool active = false;
  double step_seconds = 0;                                           // one RL step, wall clock (async overlap included)
  double generation_s = 0, prefill_s = 0, decode_s = 0, tail_s = 0;  // generation = prefill + decode (+ tail)
  double logprob_s = 0;             // the old policy's and the reference's log-probabilities (and PPO's values)
  double reward_s = 0;              // scoring: a reward model's forward, or a rule
  double training_s = 0;            // the policy's optimizer steps (and PPO's critic)
  double train_packing = 1;         // NeMo RL: the packed, padded tokens over the plan's, training (rl.cpp)
  double logprob_packing = 1;       // ... and the log-probability passes
  double sync_s = 0;                // trainer -> engine weights (with the engine's wake-up and sleep when colocated)
  double back_s = 0;                // of the transition, NeMo RL's moves back to the GPU after generation (rl.cpp)
  double hidden_s = 0;              // of the sum of phases, what one-step-off overlap hides
  double kv_cache_bytes = 0;        // the engine's KV-cache budget per rollout GPU
  double engine_weights_bytes = 0;  // the engine's weights per rollout GPU (one TP shard)
  double concurrency = 0;           // sequences decoding at once per engine
  double sequences = 0;             // responses per step (prompts x samples)
  double gen_memory_bytes = 0, train_memory_bytes = 0;  // per GPU, the most loaded, in each phase
  double logprob_memory_bytes = 0;  // the largest log-probability pass's (forward only, at rl_logprob_mbs)
  double rollout_memory_bytes = 0;  // split pools: a rollout GPU's
  double host_bytes = 0;            // per node: what is offloaded or swapped (reference copies)
  // The longest rl_max_response_len that fits at the plan's settings, tokens (core/planner/max_seq_best.h
  // RlMemoryLimits: memory.max_seq less the prompt); 0 when nothing does.
  double max_response_fit = 0;
  bool fits = true;
  RlPhase phases[kRlPhases];
  const RlPhase& Phase(RlPhaseKind k) const { return phases[int(k)]; }
};

enum class Bottleneck : uint8_t {
  None,
  Memory /*does not fit*/,
  Compute,
  MemoryBandwidth,
  TensorComm,
  ContextComm,
  ExpertComm,
  DataComm,
  PipelineComm,
  Bubble,
  Offload
};

enum Warning : uint32_t {
  kWarnNone = 0,
  kWarnDoesNotFit = 1u << 0,
  kWarnNoP2P = 1u << 1,  // collectives pass through host memory (RTX 4090)
  kWarnTpAcrossNodes = 1u << 2,
  kWarnTokensDefaulted = 1u << 3,
  kWarnSizeOnlyModel = 1u << 4,  // no architecture: activations and time unknown
  kWarnSmallBatchPerGpu = 1u << 5,
  kWarnOffloadSlow = 1u << 6,
  kWarnLowMfu = 1u << 7,
  kWarnFp8Unsupported = 1u << 8,
  kWarnGoodputFloor = 1u << 9,  // failures outpace checkpoint and restart: goodput held at its 1 % floor
};

struct Plan {
  Layout layout;
  int global_batch = 0;  // sequences per optimizer step this layout ran (GlobalBatch in rules.h)
  MemoryBreakdown memory;
  StepBreakdown step;
  Throughput throughput;
  RunSummary run;
  RlStep rl;  // RL / preference goals only (core/estimate/rl.h)
  Bottleneck bottleneck = Bottleneck::None;
  double bottleneck_share = 0;  // fraction of the step the bottleneck takes
  uint32_t warnings = 0;
  bool valid = false;  // false when the layout is impossible for the job
};

// The step a table of plans shows beside each layout, and its column's words: a post-training plan's RL step
// (generation to the synced weights), the optimizer step otherwise. The search's text and the page's table read it.
inline double ShownStepSeconds(const Plan& p) { return p.rl.active ? p.rl.step_seconds : p.step.seconds; }
inline const char* ShownStepWords(const RlSetup& r) { return !r.Active() ? "step" : r.Dpo() ? "DPO step" : "RL step"; }

// The whole evaluation. Pure, no allocation. With a trace (trace.h), the estimators also copy out
// the variables they computed on the way, which the explanation of each number is built from.
struct PlanTrace;
Plan Evaluate(const Job& job, const Layout& layout, PlanTrace* trace = nullptr);
// The same evaluation with the memory estimate already made (EstimateMemory(job, layout)): the layout
// search estimates memory first and evaluates the rest only for a layout that can still matter.
Plan EvaluateWithMemory(const Job& job, const Layout& layout, const MemoryBreakdown& memory);

}  // namespace tp
