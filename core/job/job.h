// job.h — the resolved problem: model architecture, workload, hardware and assumptions with every number
// explicit (what presets and catalog defaults became), plus the Layout that search varies. evaluate()
// in plan.h is a pure function of (Job, Layout).
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>

#include "arch.h"
#include "batches.h"
#include "enums.h"
#include "model.h"
#include "ops.h"
#include "saves.h"

namespace tp {

struct GpuSpec;       // catalog.h
struct RlConstants;   // rl.h
struct StackProfile;  // stack.h
struct LinkSpec;      // catalog.h

// The sequence length an auto key becomes (ResolveJob): Llama 2's 4,096 tokens to pre-train (Touvron et al.
// 2023); torchtune's published fine-tuning runs pack to 2,048 (its README's "Memory and training speed" table).
// An auto global batch is the stack's recipe batch in tokens (core/stack/batches.h) at that length.
inline constexpr int kPretrainSeq = 4096, kFinetuneSeq = 2048;
inline constexpr int kPretrainBatch = 1024;  // a Workload's batch before ResolveJob sets it (4M tokens at 4K)

struct Workload {
  bool finetune = false;                // the goal: fine-tuning (dataset budget, small batches) or pre-training
  int gbs_target = kPretrainBatch;      // the global batch an auto batch aims at, at most (AutoGlobalBatch)
  int gbs_per_replica = 0;              // > 0: the target is this many sequences per data-parallel rank instead
  const RecipeBatch* recipe = nullptr;  // the published recipe an auto batch follows (null: RL's own, or given)
  double recipe_params = 0;  // the parameters the recipe was chosen by: a MoE under 200B counts its active ones
  int seq = kPretrainSeq;
  int gbs = kPretrainBatch;       // sequences per optimizer step
  bool gbs_auto = false;          // not given: each layout runs GlobalBatch(work, layout) (below)
  int auto_gbs_mbs = 1;           // an auto global batch is a multiple of dp x this: the user's fixed micro-batch, or 1
  double tokens = 0;              // training budget
  bool tokens_defaulted = false;  // tokens came from the 20-per-parameter rule
  Method method = Method::Full;   // full, lora or qlora: DoRA and QDoRA are their LoRA / QLoRA with `dora`
  bool dora = false;              // DoRA's magnitude vectors on the adapted matrices (core/estimate/dora.h)
  int lora_r = 16;
  uint8_t lora_targets = 0b11;  // bit 0: attention q,k,v,o; bit 1: MLP; 0b100: q,v only
  double lora_dropout = 0;      // dropout on each adapter's input: a kernel and a saved copy (step_finetune.cpp)
  Precision prec = Precision::Bf16;
  Optimizer opt = Optimizer::AdamW;
  bool flash = true;
  double dropout = 0;  // dropout probability: masks are kept for the backward when > 0
  // Tokens at the start of each sequence whose logits the loss never computes (TRL's GRPO passes logits_to_keep = the
  // completion's length: the prompt's positions get no logits); 0 = every position's (rules.h LogitShare).
  double logit_skip = 0;
  bool offload_checkpoints = false;    // full recomputation keeps each layer's input in host memory (Unsloth)
  bool optimizer_in_backward = false;  // each parameter's gradient is applied and freed in the backward (torchtune)
  bool grad_fp32 = true;               // Megatron's gradient buffer in fp32 (grad_reduce_in_fp32), else 16-bit
  bool optim_bf16 = false;             // Megatron: bf16 AdamW moments, no fp32 master (Apex DistributedFusedAdam)
  bool mla_up_recompute = false;       // Megatron's recompute_modules mla_up_proj (MLA's q, k, v rebuilt)
  bool moe_act_recompute = false;      // Megatron's recompute_modules moe_act (the experts' activation rebuilt)
  bool fp8_params = false;             // Megatron FP8: the GEMM weights themselves in FP8 (fp8_param_gather)
  bool tp_overlap =
      false;  // tensor-parallel all-gathers / reduce-scatters pipelined with their GEMMs (tp_comm_overlap)
  // Hybrid sharding (HSDP): ZeRO's states sharded within groups of this many data-parallel ranks, the groups
  // replicas of each other (rules.h ShardReplicas); 0 = one group of every data-parallel rank.
  int dp_shard = 0;
  int pp_microbatches = 0;                   // micro-batches per pipeline schedule (a local batch); 0 = all of a step's
  ModelCode modeling = ModelCode::Megatron;  // whose saved tensors the activations follow (core/stack/saves.h)
  bool compiled = false;                     // torch.compile: pointwise ops recomputed, GEMM outputs saved
  bool kbit_prep = false;                    // QLoRA under prepare_model_for_kbit_training: fp32 norms, residual, head
  bool qlora_experts = true;                 // QLoRA's 4-bit base holds the routed experts too (else 16-bit)
  bool transformers_v5 = false;              // Transformers' model code of its v5 (2026): MoE experts as 3-D parameters
  bool gptq_base = false;                    // QLoRA's 4-bit base is AutoGPTQ's (int4, group 128), not NF4
  Padding padding = Padding::Packed;         // how a batch's sequences are shaped (the caching allocator's reserve)
  Fp8Recipe fp8_recipe = Fp8Recipe::Tensor;  // how FP8 scales its tensors (prec = fp8); resolved from the GPU
  CpComm cp_comm = CpComm::P2p;  // how context parallelism exchanges K and V (cp > 1): the stack's default on auto
  // Periodic evaluation (run.cpp): a forward pass over eval_tokens every eval_interval steps, the first at step
  // eval_first; eval_interval 0 = none.
  int eval_interval = 1000;
  int eval_first = 0;      // 0 = eval_interval
  double eval_tokens = 0;  // 0 = 100 global batches (Megatron-LM's --eval-iters 100)
  // What start-up reads before the first step (run.cpp): nothing (a run from scratch), the 16-bit weights (a
  // fine-tune, continued pre-training from released weights) or a full checkpoint (a resumed run).
  enum class Load : uint8_t { None, Weights, Checkpoint } startup_load = Load::None;
};

// The method as the user named it: DoRA and QDoRA are their workload's LoRA / QLoRA with the DoRA flag.
inline Method PlannedMethod(const Workload& w) {
  if (!w.dora) return w.method;
  return w.method == Method::Qlora ? Method::Qdora : Method::Dora;
}

// Post-training with reinforcement learning or preferences (core/estimate/rl.h): the step's shape as the
// frameworks run it. algo None = not an RL goal (every other estimator ignores this section). Each default's
// source is its key's row (core/config/keys_rl.cpp).
// A post-training sequence's tokens as the trainers pad them: to a multiple of the parallel layout's need (NeMo RL's
// make_sequence_length_divisible_by; Megatron's context parallelism cuts a sequence into 2 x cp chunks), planned as a
// multiple of 16 (cp up to 8), at least 16. The mean sequence (rl_setup.cpp) and the longest (rl.cpp RlPeakSeq).
inline int RlPaddedTokens(int tokens) { return (std::max(1, tokens) + 15) / 16 * 16; }

struct RlSetup {
  RlAlgo algo = RlAlgo::None;
  int prompts = 0, samples = 0;  // prompts per RL step, responses per prompt (DPO: preference pairs, 2)
  double prompt_len = 0, response_len = 0, max_response_len = 0;  // mean, mean, cap (tokens)
  int updates = 1;                                                // optimizer steps of the policy per RL step
  int steps = 0;                                                  // RL steps in the run
  RlFramework framework = RlFramework::Verl;  // the framework running the step: its fixed time between phases
  RlEngine engine = RlEngine::Vllm;
  double kv_frac = 0.5;  // the engine's memory fraction, in its own meaning
  int max_seqs = 256;    // the engine's cap on sequences in flight (vLLM max_num_seqs; hf: the generate batch)
  int gen_batch = 0;     // sequences an engine gets per generate call, each call waited on; 0 = the step's at once
  int logprob_mbs = 0;   // sequences per micro-batch of the log-probability forwards; 0 = the training's mbs
  bool colocate = true;  // phases take turns on the same GPUs; else split pools
  bool park = false;   // rl_park: verl's actor offload, OpenRLHF's DeepSpeed sleep (states on the host between phases)
  bool sleep = true;   // rl_sleep: a colocated engine's KV cache and weights released while the trainer runs
  int total_gpus = 1;  // all GPUs (Hardware::gpus is the trainer's pool when split)
  int rollout_gpus = 1, rollout_tp = 1;
  bool ref = false;          // a KL reference model
  double reward_params = 0;  // a reward model's parameters; 0 = a rule
  int async = 0;    // 1 one-step-off: generation overlaps the previous step's training; 2 streaming (throughput-bound)
  int max_age = 1;  // streaming: the steps' prompts the rollout pool keeps in flight at most (NeMo RL's trajectory age)
  bool gen_fp8 = false;  // the engine holds FP8 weights (128x128 blocks, an fp32 scale each), its KV cache 16-bit
  const RlConstants* constants = nullptr;  // the RL step model's constants; null = rl.cpp's (the fit tool's trials)
  // A vLLM or SGLang engine's generation, which no training layout changes: simulated once when the Job is resolved
  // (estimate/rl_rollout.cpp PrepareRollout), not once per layout a search evaluates (thousands per plan). Not set
  // for Transformers' generate, which runs in the trainer's layout; a tool that changes `constants` after resolving
  // calls PrepareRollout again.
  struct Rollout {
    bool valid = false;
    double prefill_s = 0, decode_s = 0, tail_s = 0, concurrency = 0;
  } rollout;
  bool Active() const { return algo != RlAlgo::None; }
  // CapabilityAsk::rl_framework: the framework whose rows the policy's layout must pass, -1 without an RL goal.
  int FrameworkAsked() const { return Active() ? int(framework) : -1; }
  bool Dpo() const { return algo == RlAlgo::Dpo; }
  // An inference engine on the trainer's own GPUs (colocated, generating, not Transformers' generate inside the
  // trainer), asleep while the trainer runs unless rl_sleep=0: what its sleep, wake-up and refit and the trainer's
  // parking are about (rl.cpp).
  bool ColocatedEngine() const { return colocate && !Dpo() && engine != RlEngine::Hf; }
  // Sequences per micro-batch of the log-probability forwards in a layout training `training_mbs` at a time
  // (rl_logprob_mbs, auto: the training's): the step model, explain, the JSON config and the verl export read this.
  int LogprobMbs(int training_mbs) const { return logprob_mbs > 0 ? logprob_mbs : training_mbs; }
  // Token budgets of a micro-batch (rl_mb_tokens, rl_logprob_mb_tokens; 0 = counted in sequences): the training's,
  // and the log-probability passes' (resolved: the training's where only it is given). A budget's micro-batch is as
  // many sequences of the mean as it holds (BudgetMbs: the micro-batch the step's time plans, rl_setup.cpp sets
  // logprob_mbs from it), and its memory the whole budget (rl.cpp RlPeakSeq).
  int mb_tokens = 0, logprob_mb_tokens = 0;
  // rl_logprob_mb_tokens left to follow rl_mb_tokens (neither it nor rl_logprob_mbs given): the limits' bisection
  // moves it with the training's (max_seq_best.cpp LargestMicroBatch).
  bool logprob_budget_follows = false;
  int budget_mbs = 0;  // the training micro-batch rl_mb_tokens sets (resolved; 0 = none): layout_rules.cpp FixedLayout
  // The mean sequences a budget holds, at most `most` (a micro-batch holds no more than its batch: verl's
  // rearrange_micro_batches makes at most one micro-batch per sequence); 0 without a budget.
  static int BudgetMbs(int budget, int mean_seq, int most) {
    return budget > 0 ? std::clamp(budget / std::max(1, mean_seq), 1, std::max(1, most)) : 0;
  }
  // The log-probability passes' micro-batch of a budget: as BudgetMbs, at most the whole rollout batch (they run over
  // every sequence of the step at once).
  int LogprobBudgetMbs(int budget, int mean_seq) const { return BudgetMbs(budget, mean_seq, prompts * samples); }
  // A step's longest sequence: the prompt and the longest response, padded (RlPaddedTokens). The memory of the
  // longest micro-batch (rl.cpp RlPeakSeq) and the limits a plan reports (max_seq_best.h) speak of it.
  int LongestTokens() const { return RlPaddedTokens(int(prompt_len + std::max(response_len, max_response_len))); }
};

struct Hardware {
  const GpuSpec* gpu = nullptr;               // the catalog's entry, or *custom_gpu
  std::shared_ptr<const GpuSpec> custom_gpu;  // gpu=custom: the spec the Job owns (copies share it, immutable)
  int gpus = 1;
  int gpus_per_node = 8;
  const LinkSpec* intra = nullptr;  // link inside a node
  const LinkSpec* inter = nullptr;  // network across nodes
};

// The defaults of the economics and reliability keys (Config's initialisers read them). The prices are the
// fallback when neither the configuration nor the GPU's catalog entry has one (order of 2025 H100-class rental
// and purchase).
struct Economics {
  double usd_per_gpu_hour = 2.0;
  double usd_per_gpu = 25000;
  double usd_per_kwh = 0.12;
  double pue = 1.3;
  double years = 5;
};

struct Reliability {
  double mtbf_gpu_h = 50677;  // 54 days x 24 h x 16,384 GPUs / 419 unexpected interruptions (Llama 3)
  double ckpt_s = 0;          // 0 = computed from checkpoint size / storage_bytes_per_s
  double restart_s = 600;
  double storage_bytes_per_s = 0;
  bool checkpoints = true;     // false: none written (a benchmark's timed run); a failure then loses all work
  double ckpt_interval_s = 0;  // 0 = the Young/Daly interval
  double startup_s = 0;        // 0 = modelled (run.cpp: launch, load, warm-up)
};

// Every constant that is an assumption, named, with its default's source in the .cpp that uses it.
// Each engine file owns its own section; the defaults here are the fitted/published values.
struct Assumptions {
  // memory.cpp
  double headroom = 0;           // fraction of capacity kept free (the allocator reserve is modelled)
  double cuda_context_gb = 0.5;  // GB: CUDA context + cuBLAS/cuDNN workspaces, outside the allocator
  double alloc_reserve = 1.15;   // reserved / allocated (caching allocator); the stack's default
  double nccl_gb = 1.0;          // NCCL communicators and buffers with more than one GPU, GB; the stack's
  double logit_bytes = 2.0;      // bytes per logit held for the backward (16-bit logits, chunked
                                 // fp32 loss); unfused fp32 logits + softmax: 8
  double nf4_bytes_per_param = 0.5 + 0.127 / 8;  // QLoRA NF4 + double-quantized constants
  double offload_host_factor = 1.5;              // DeepSpeed's CPU buffer factor for offloaded states
  double nvme_host_buffer_bytes = 1e9;           // pinned host swap buffers per GPU for NVMe offload
  double host_gb_per_gpu = 128;                  // GB of host RAM per GPU that offload may fill (DGX A100: 1 TB / 8)
  // step.cpp (fitted constants, one per physical effect)
  double eff_matmul = 0.0;  // 0 = step.cpp's fitted default
  double eff_memory = 0.0;
  double eff_network = 0.0;
  double overlap_dp = 0.0;
  double matmul_half_ridge = 0.0;   // GEMM intensity at half efficiency, in units of peak/bandwidth
  double eff_attention = 0.0;       // FlashAttention's fraction of the dense peak
  double overlap_contention = 0.0;  // slowdown of compute per second of communication hidden behind it
  // step.cpp, mixture of experts: the stack's choices, not fitted (keys.cpp rows give their sources)
  double overlap_ep = 0.0;     // share of the expert all-to-all hidden behind compute; 0 = the schedule's
                               // (step_moe.cpp: DualPipe all, Megatron-Core's overlap as measured, else none)
  double moe_imbalance = 1.1;  // routed tokens on the busiest expert-parallel rank / the mean
  double moe_capacity = 0.0;   // expert capacity factor (tokens above it dropped); 0 = dropless
  double ep_dedup = 0.0;       // share of duplicate cross-node token copies the dispatcher saves
                               // (0: one per expert, Megatron's alltoall; 1: once per node, DeepEP)
  double moe_packed = 0.0;     // share of tokens whose routed experts are consecutive ones (benchmark
                               // gates dealing experts round-robin); 0 = drawn at random, as routers do
  double moe_a2a_overlap =
      0;                   // 1: Megatron-Core's batch-level EP all-to-all overlap (--overlap-moe-expert-parallel-comm)
  double moe_pad = 0;      // 1: every expert's input padded to its capacity (--moe-pad-expert-input-to-capacity)
  double full_graphs = 0;  // 1: the whole iteration replays from CUDA graphs (--cuda-graph-impl full_iteration)
  double fp8_head = 0;     // 1: FP8 training runs the output layer in FP8 too (Megatron-Core's fp8_output_proj)
  double moe_host_s = 0;   // host time per MoE layer pass of a dropless, eager MoE layer; 0 = step_moe.cpp's
  // The host's time to launch work (PyTorch ops from Python) relative to the x86 servers every host time here was
  // measured on: 1 there, 2.75 on GB200's Grace (assets/gpus.json host_dispatch, with its source).
  double host_dispatch = 1.0;
  // run.cpp
  double eff_stack = 1.0;              // the stack's kernel speed on the step model's (its release's fit)
  double straggler = 0.015;            // share of the step lost to slow ranks and throughput swings (run.cpp)
  double data_stall = 0.0;             // share of the step spent waiting for the data loader (run.cpp)
  double launch_s = 0;                 // start-up: launch and initialisation; 0 = run.cpp's fit
  double init_per_node_s = 0;          // start-up: communicators and the rest, per node; 0 = run.cpp's fit
  double warmup_steps = 0;             // start-up: compilation and warm-up, in steps; 0 = run.cpp's fit
  double gpu_power = 0.80;             // average draw / TDP while training (typical 70-90%)
  double server_power = 0.80;          // CPUs, memory, NICs, fans per GPU, as a fraction of GPU TDP:
                                       // DGX H100 is 10.2 kW max for 8 x 700 W GPUs (NVIDIA datasheet)
  double capex_overhead = 0.60;        // server, network and facility share on top of the GPU price
  double storage_bytes_per_gpu = 1e9;  // checkpoint write bandwidth per GPU when not given
  double storage_bytes_max = 2e12;     // aggregate cap: Llama 3's 2 TB/s sustained (Dubey et al. 2024)
  double staff_usd_per_year = 0;       // operations staff, for the five-year TCO view (0 = left out)
  // Calibration from the user's own run (core/planner/calibrate.h): 1 = none. Set with SetCalibration.
  double calib_speed = 1.0;   // multiplies the kernel rates (eff_matmul, eff_attention, eff_memory)
  double calib_memory = 1.0;  // multiplies activations and allocator temporaries
  // The kernel rates before calib_speed, which SetCalibration scales; 0 for a rate the user gave (their own
  // measurement: calibration leaves it as given).
  double uncalibrated_matmul = 0, uncalibrated_attention = 0, uncalibrated_memory = 0;
};

// The host's launch time relative to the x86 servers the host times were measured on (Assumptions::host_dispatch),
// read in one place by every host time of eager code (Megatron-Core's MoE host time is resolve.cpp's, unscaled).
inline double HostDispatch(const Assumptions& a) { return a.host_dispatch > 0 ? a.host_dispatch : 1.0; }

// The user's calibration on a resolved job: calib_speed times the uncalibrated kernel rates, calib_memory
// (memory.cpp reads it). The calibration's bisection tries each factor on the one job this way, where it
// once resolved the configuration again for every trial.
void SetCalibration(Assumptions& assume, double speed, double memory);

// What every evaluation of a job needs and only its model decides: parameter counts (CountParams), each
// layer kind's operations (DescribeModel), the LoRA-adapted widths (LoraWidthsOf, of work.lora_targets) and
// the activation widths per token of one layer (memory.cpp's LayerActivations multiplies them out). Counted
// once, when the Job is made (ResolveJob, or RefreshFacts for a job built by hand): the search evaluates
// thousands of layouts of one job, and counting was a quarter of a memory evaluation.
struct ModelFacts {
  ParamCounts pc;
  ModelOps ops;
  LoraWidths lora_widths;  // the adapted matrices of one block (work.lora_targets)
  // Activation widths per token of one layer, in elements.
  double h = 0, heads = 0;
  double qkvo = 0;    // q + k + v + attention output
  double latent = 0;  // MLA's compressed q and kv (+ rope key) feeding the up projections
  double mlp = 0;     // dense MLP intermediates: GELU 2f, SwiGLU 3f
  double moe = 0;     // topk x (expert input + output + intermediates) + shared experts
};

struct Job {
  const StackProfile* stack = nullptr;  // the framework's conventions (never null after ResolveJob)
  int stack_year = 0;                   // its release
  ModelArch model;
  Workload work;
  Hardware hw;
  Economics econ;
  Reliability rel;
  Assumptions assume;
  RlSetup rl;        // post-training (goal grpo, ppo, dpo); algo None otherwise
  ModelFacts facts;  // derived from model and work.lora_targets: RefreshFacts after changing either
};

// Count job.facts from job.model and job.work.lora_targets. ResolveJob does it; a job built or edited by hand
// (tests, benchmarks) calls it before it is evaluated.
void RefreshFacts(Job& job);

// The parallel layout and memory techniques: what search varies for a fixed Job.
struct Layout {
  int tp = 1, pp = 1, vp = 1, cp = 1, ep = 1, dp = 1;
  int mbs = 1;
  int zero = 0;                                  // 0-3
  PipeSchedule schedule = PipeSchedule::OneF1B;  // with pp > 1 (pipeline.h ScheduleOf: interleaved when vp > 1)
  Recompute recompute = Recompute::None;
  Offload offload = Offload::None;
  bool sp = false;
};

// The layout keys a configuration fixes, each a value or kAuto (left to the search): what a layout search
// varies within (resolve.h FixedLayout reads them from a Config).
struct LayoutKeys {
  int tp = kAuto, pp = kAuto, vp = kAuto, cp = kAuto, ep = kAuto, dp = kAuto;
  int mbs = kAuto, zero = kAuto, offload = kAuto, sp = kAuto;
  int pp_schedule = kAuto;  // PipeSchedule, or auto
  Recompute recompute = Recompute::Auto;
};

// The job's stack: the one ResolveJob set, or DefaultStack for a job built by hand (tests, benchmarks).
const StackProfile& StackOf(const Job& job);

}  // namespace tp
