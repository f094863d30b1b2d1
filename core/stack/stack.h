// stack.h — software stacks: the conventions each training framework really runs with, as a profile the
// memory and step models read (the `stack` key). Megatron keeps fp32 main gradients whatever the ZeRO
// stage; DeepSpeed accumulates bf16 gradients under ZeRO and builds an fp32 partition at the step; FSDP2
// and torchtitan keep fp32 sharded parameters and gather bf16 copies unit by unit; torchtune and
// Transformers v5 train in pure bf16; PEFT and Unsloth keep LoRA adapters in fp32. Each convention cites
// where it is written (core/stack/stacks.cpp); the efficiency of each stack is fitted on its own published runs
// (docs/validation.md, per stack).
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

#include "enums.h"
#include "saves.h"

namespace tp {

enum class StackKind : uint8_t { Megatron, DeepSpeed, Fsdp, Hf, Torchtune, Unsloth };

// What the ZeRO-3 / FSDP gather fetches at a time.
enum class GatherUnit : uint8_t {
  Module,  // DeepSpeed: each nn.Module's own parameters; the estimator charges 4 B x the largest module
  Unit,    // FSDP: each transformer block, the embedding and [norm, head] as units; two units live
};

// What the stack's "selective" recomputation recomputes.
enum class SelectiveKind : uint8_t {
  AttentionCore,  // Megatron / Korthikanti et al. 2022: the attention core (nothing more with FlashAttention)
  HalfMatmuls,    // torchtitan's op-level SAC: every second matmul's output is recomputed
  None,           // no selective mode: per-layer checkpointing only (HF, torchtune, Unsloth)
};

// The stack's efficiency in one release year: a factor on the step model's kernel rates (matmul,
// attention, memory-bound kernels), fitted on that stack's published throughput measurements of the
// time (tests/data/stack_runs.json; bench/fit_stacks.cpp). Comms (NCCL) are the same for every stack.
struct StackRelease {
  int year;
  double eff;
  const char* fitted_on;  // the measurements (or "no measurement: the nearest release's")
};

struct StackProfile {
  StackKind kind;
  const char* id;
  const char* name;
  const char* covers;   // the software it stands for
  const char* aliases;  // other spellings accepted by the `stack` key, comma-separated
  int year;             // the release the profile describes by default (stack_year = auto)

  // Model states of full training in 16-bit (bf16/fp16/fp8 compute): see StateBytesPerParam.
  const char* states_source;
  double adapter_bytes;  // LoRA adapter weights, gradients: 4 = fp32 (PEFT autocast, Unsloth), 2 = bf16
  const char* adapter_source;
  GatherUnit gather;
  const char* gather_source;
  // Bytes per logit of the model's output that the stack's LoRA / QLoRA training loop keeps alive through the
  // backward (0: the loop drops the output before it). The loss's own bytes per logit come from the model code
  // (saves.cpp LossOf); logits_source describes both.
  double adapter_loop_kept_logit_bytes;
  const char* logits_source;
  SelectiveKind selective;
  const char* recompute_source;
  bool offload_checkpoints;      // full recomputation keeps each layer's input in host memory (Unsloth)
  const char* allocator_source;  // what the stack sets of the caching allocator (AllocatorReserve)
  double nccl_gb;                // NCCL's buffers and communicators when more than one GPU (GB)
  const char* nccl_source;
  bool flash;  // FlashAttention-class attention kernels by default
  const char* kernels_source;
  // Pipeline parallelism: the highest ZeRO stage the stack composes with pp > 1 (DeepSpeed's pipeline engine
  // refuses ZeRO-2 and -3; FSDP2 runs under torch.distributed.pipelining), and whether a step's micro-batches
  // may run as several pipeline schedules, one per local batch, each filling and draining the pipeline
  // (torchtitan, NeMo AutoModel) rather than as one schedule per step (Megatron-Core, DeepSpeed).
  int pp_zero_max;
  bool pp_schedule_per_local_batch;
  const char* pipeline_source;
  // The pipeline schedules the search offers (pp_schedule takes any): each with the release year it came in.
  struct ScheduleSince {
    PipeSchedule schedule;
    int year;
  };
  std::vector<ScheduleSince> pp_schedules;
  const char* schedules_source;
  std::vector<StackRelease> releases;  // by year, oldest first
  // The model code whose saved tensors the activations follow (saves.h; the `modeling` key overrides it): for full
  // training, and for LoRA / QLoRA (DeepSpeed and FSDP fine-tune Transformers models with PEFT).
  ModelCode modeling_full, modeling_adapters;
  const char* modeling_source;
};

// Bytes per parameter of the model states, split into what stays whole on every data-parallel rank and
// what ZeRO / FSDP / the distributed optimizer shards over dp (x cp). Optimizer includes the fp32 master
// copy where the stack keeps one. Mixed 16-bit training; fp32 training is 4 + 4 + 8 unsharded by stage.
struct StateBytes {
  double weights_full = 0, weights_sharded = 0;
  double grads_full = 0, grads_sharded = 0;
  double optimizer_full = 0, optimizer_sharded = 0;
};
// `pipelined`: pp > 1, the stack's pipeline schedule runs (FSDP2 under ZeRO-3 keeps the gathered weights and the
// unsharded gradients through each schedule; DeepSpeed's pipeline engine keeps BF16_Optimizer without ZeRO).
// The state dtypes a stack lets the user choose (the grad_fp32 and optim_bf16 keys, where the capability table has
// them): Megatron's gradient buffer in fp32 or 16 bits; AdamW's moments in bf16 without an fp32 master (NeMo 1's
// distributed_fused_adam, torchtitan's full bf16 training). A stack without the setting ignores it (resolve refuses
// it there).
struct StateDtypes {
  bool grad_fp32 = true, optim_bf16 = false;
};
// `year`: the stack's release (stack_year), where its default states changed (DeepSpeed without ZeRO in bf16).
StateBytes StateBytesPerParam(const StackProfile& s, int year, int zero, Optimizer opt, Precision prec,
                              bool pipelined = false, StateDtypes dtypes = {});
// Bytes per gradient element on the wire of the data-parallel reduction (all-reduce, ZeRO's and FSDP's
// reduce-scatter) in the stack's default code path for 16-bit training (fp32 training: 4): FSDP reduces in fp32
// (stacks.cpp cites torchtitan and NeMo RL), the others in the gradients' 16 bits as the step model has always
// planned them.
double GradReduceBytes(const StackProfile& s, Precision prec);
// Optimizer states per trained parameter: fp32 moments (8 B for AdamW), or bf16 where a stack trains in
// pure bf16; 8-bit AdamW 2 B; SGD one momentum.
double OptimizerStateBytes(Optimizer opt, bool fp32_states);

// The caching allocator (PyTorch c10/cuda/CUDACachingAllocator.cpp): whether the stack's launcher or import sets
// PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True for this method in that release (stacks.cpp: torchtitan's launch
// scripts for FSDP's full training, Unsloth's import; torchtune only on main after its last release; Megatron-LM,
// DeepSpeed, Transformers and FSDP with PEFT never).
bool ExpandableSegments(StackKind stack, Method method, int year);
// Whether offload=cpu is FSDP2's CPUOffloadPolicy (torchtitan, torchtune: torch/distributed/fsdp/_fully_shard/
// _fsdp_api.py, the shards copied host-to-device before each gather, the gradients device-to-host after the
// reduce-scatter, the step on the CPU): the pinned shards and their gradients in the stack's own dtype, without
// DeepSpeed's fp32 gradient copy and its estimator's buffer factor (memory_states.cpp, the offload_host_factor
// default).
bool OffloadsByFsdp2(StackKind stack);
// The padding a code's data pipeline uses unless told: Megatron and torchtitan pack, the rest pad to the longest
// sample.
Padding DefaultPadding(ModelCode code);
// Reserved per allocated byte of what comes and goes each micro-batch (activations, temporaries; model states are
// allocated once): the alloc_reserve key's default.
double AllocatorReserve(bool expandable_segments, Padding padding);

const std::vector<StackProfile>& Stacks();
// A stack by id or alias (case-insensitive); null when unknown.
const StackProfile* FindStack(std::string_view id);
// The stack a plan uses when none is given: Megatron-Core, the reference most published large runs use.
const StackProfile& DefaultStack();
// The stack's efficiency in `year` (the latest release at or before it; the oldest for earlier years).
const StackRelease& ReleaseFor(const StackProfile& s, int year);
// Whether the stack's release of `year` offers a schedule (its pp_schedules); year 0 = any release.
inline bool OffersSchedule(const StackProfile& s, PipeSchedule p, int year = 0) {
  for (const StackProfile::ScheduleSince& k : s.pp_schedules)
    if (k.schedule == p && (year <= 0 || year >= k.year)) return true;
  return false;
}

}  // namespace tp
