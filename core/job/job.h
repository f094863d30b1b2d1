// job.h — the resolved problem: model architecture, workload, hardware and assumptions with every number
// explicit (what presets and catalog defaults became), plus the Layout that search varies. evaluate()
// in plan.h is a pure function of (Job, Layout).
#pragma once
#include <cstdint>
#include <memory>

#include "arch.h"
#include "enums.h"
#include "saves.h"

namespace tp {

struct GpuSpec;       // catalog.h
struct StackProfile;  // stack.h
struct LinkSpec;      // catalog.h

struct Workload {
  bool finetune = false;  // the goal: fine-tuning (dataset budget, small batches) or pre-training
  int gbs_target = 1024;  // the global batch an auto batch aims at (AutoGlobalBatch)
  int seq = 4096;
  int gbs = 1024;                 // sequences per optimizer step
  bool gbs_auto = false;          // not given: each layout runs GlobalBatch(work, layout) (below)
  int auto_gbs_mbs = 1;           // an auto global batch is a multiple of dp x this: the user's fixed micro-batch, or 1
  double tokens = 0;              // training budget
  bool tokens_defaulted = false;  // tokens came from the 20-per-parameter rule
  Method method = Method::Full;
  int lora_r = 16;
  uint8_t lora_targets = 0b11;  // bit 0: attention q,k,v,o; bit 1: MLP; 0b100: q,v only
  double lora_dropout = 0;      // dropout on each adapter's input: a kernel and a saved copy (step_finetune.cpp)
  Precision prec = Precision::Bf16;
  Optimizer opt = Optimizer::AdamW;
  bool flash = true;
  double dropout = 0;                  // dropout probability: masks are kept for the backward when > 0
  bool offload_checkpoints = false;    // full recomputation keeps each layer's input in host memory (Unsloth)
  bool optimizer_in_backward = false;  // each parameter's gradient is applied and freed in the backward (torchtune)
  int pp_microbatches = 0;             // micro-batches per pipeline schedule (a local batch); 0 = all of a step's
  ModelCode modeling = ModelCode::Megatron;  // whose saved tensors the activations follow (core/stack/saves.h)
  bool compiled = false;                     // torch.compile: pointwise ops recomputed, GEMM outputs saved
  bool kbit_prep = false;                    // QLoRA under prepare_model_for_kbit_training: fp32 norms, residual, head
};

// The global batch (sequences) used when the user gives none: the multiple of one step's sequences
// (mbs x dp) nearest to the target, at least one per replica. Pre-training aims at 1,024 sequences (4M
// tokens at 4K, Llama 2's batch): power-of-two clusters get exactly 1,024, 440 GPUs 880 instead of no plan
// at all. Fine-tuning aims at 16 (torchtune's Llama 3.1 8B LoRA recipe: micro-batch 2 x accumulation 8).
// Bounded: a step larger than the global-batch key's range (1e9 sequences) cannot be planned, and the
// caller's CheckLayout says so; the value never overflows an int.
inline int AutoGlobalBatch(long long per_step, int target = 1024) {
  const double kTarget = target > 0 ? target : 1024;
  constexpr long long kMaxBatch = 1000000000;
  if (per_step <= 0) return int(kTarget);
  if (per_step > kMaxBatch) return int(kMaxBatch) + 1;  // out of range on purpose: CheckLayout refuses it
  const long long k = (long long)(kTarget / double(per_step) + 0.5);
  const long long gbs = (k < 1 ? 1 : k) * per_step;
  return int(gbs > kMaxBatch ? per_step : gbs);
}

struct Hardware {
  const GpuSpec* gpu = nullptr;               // the catalog's entry, or *custom_gpu
  std::shared_ptr<const GpuSpec> custom_gpu;  // gpu=custom: the spec the Job owns (copies share it, immutable)
  int gpus = 1;
  int gpus_per_node = 8;
  const LinkSpec* intra = nullptr;  // link inside a node
  const LinkSpec* inter = nullptr;  // network across nodes
};

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
  double overlap_ep = 0.0;     // share of a micro-batch's compute that hides its expert all-to-all
                               // (0: exposed, Megatron-Core's default; DualPipe-style stacks: up to 1)
  double moe_imbalance = 1.1;  // routed tokens on the busiest expert-parallel rank / the mean
  double moe_capacity = 0.0;   // expert capacity factor (tokens above it dropped); 0 = dropless
  double ep_dedup = 0.0;       // share of duplicate cross-node token copies the dispatcher saves
                               // (0: one per expert, Megatron's alltoall; 1: once per node, DeepEP)
  double moe_packed = 0.0;     // share of tokens whose routed experts are consecutive ones (benchmark
                               // gates dealing experts round-robin); 0 = drawn at random, as routers do
  // run.cpp
  double eff_stack = 1.0;              // the stack's kernel speed on the step model's (its release's fit)
  double eff_run = 0.826;              // share of the step model's steady-state speed a production run keeps
                                       // over its whole length (fitted to published whole runs: run.cpp)
  double gpu_power = 0.80;             // average draw / TDP while training (typical 70-90%)
  double server_power = 0.80;          // CPUs, memory, NICs, fans per GPU, as a fraction of GPU TDP:
                                       // DGX H100 is 10.2 kW max for 8 x 700 W GPUs (NVIDIA datasheet)
  double capex_overhead = 0.60;        // server, network and facility share on top of the GPU price
  double storage_bytes_per_gpu = 1e9;  // checkpoint write bandwidth per GPU when not given
  double storage_bytes_max = 2e12;     // aggregate cap: Llama 3's 2 TB/s sustained (Dubey et al. 2024)
  double staff_usd_per_year = 0;       // operations staff, for the five-year TCO view (0 = left out)
  // Calibration from the user's own run (core/planner/calibrate.h): 1 = none.
  double calib_speed = 1.0;   // multiplies the kernel rates (eff_matmul, eff_attention, eff_memory)
  double calib_memory = 1.0;  // multiplies activations and allocator temporaries
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
};

// The parallel layout and memory techniques: what search varies for a fixed Job.
struct Layout {
  int tp = 1, pp = 1, vp = 1, cp = 1, ep = 1, dp = 1;
  int mbs = 1;
  int zero = 0;  // 0-3
  Recompute recompute = Recompute::None;
  Offload offload = Offload::None;
  bool sp = false;
};

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

// The global batch (sequences per optimizer step) a layout runs: the user's, or, left on auto, the multiple
// of dp x the fixed micro-batch nearest 1,024 (AutoGlobalBatch). Evaluate, CheckLayout and the search all
// use this one rule, so a plan's batch never depends on who planned it.
inline int GlobalBatch(const Workload& work, const Layout& layout) {
  return work.gbs_auto ? AutoGlobalBatch((long long)layout.dp * work.auto_gbs_mbs, work.gbs_target) : work.gbs;
}

// Pipeline schedules per optimizer step for `micro_batches` micro-batches per pipeline: one (Megatron-Core and
// DeepSpeed run the whole step as one schedule), or one per local batch of pp_microbatches (torchtitan, NeMo
// AutoModel: each gradient-accumulation step fills and drains the pipeline). Step time and CheckLayout (which
// refuses a count that does not divide the step's) read this one rule.
inline int PipelineSchedules(const Workload& work, long long micro_batches) {
  if (work.pp_microbatches <= 0 || micro_batches <= work.pp_microbatches) return 1;
  return int(micro_batches / work.pp_microbatches);
}

// The job's stack: the one ResolveJob set, or DefaultStack for a job built by hand (tests, benchmarks).
struct Job;
const StackProfile& StackOf(const Job& job);

}  // namespace tp
