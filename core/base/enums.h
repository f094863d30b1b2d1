// enums.h — the small closed vocabularies of the configuration (method, precision, optimizer, ...),
// with the link/command-line spelling of each value. One table per enum, used by parser and printer.
#pragma once
#include <cstdint>

namespace tp {

inline constexpr int kAuto = -1;  // layout ints, mbs, zero, ...: "let the planner choose"

// DoRA (Liu et al. 2024, arXiv 2402.09353) is LoRA with a trained magnitude per output row, QDoRA the same on a 4-bit
// base: a plan's workload keeps their LoRA / QLoRA base with a DoRA flag (AdapterBase, IsDora).
enum class Method : uint8_t { Full, Lora, Qlora, Dora, Qdora };
inline bool IsDora(Method m) { return m == Method::Dora || m == Method::Qdora; }
inline Method AdapterBase(Method m) {
  return m == Method::Dora ? Method::Lora : m == Method::Qdora ? Method::Qlora : m;
}
enum class Precision : uint8_t { Fp32, Fp16, Bf16, Fp8 };
// Paged optimizers (bitsandbytes) keep their states in CUDA managed memory, which the driver pages to the
// host under pressure (the QLoRA paper's paged AdamW).
enum class Optimizer : uint8_t { AdamW, AdamW8bit, Sgd, PagedAdamW, PagedAdamW8bit };
enum class Recompute : uint8_t { None, Selective, Full, Auto };
enum class Offload : uint8_t { None, Cpu, Nvme };
enum class MlpKind : uint8_t { Gelu, Swiglu };
enum class Objective : uint8_t { Time, Cost };
// Pipeline schedules (core/job/pipeline.h; docs/step-model.md section 5): 1F1B and its interleaved form
// (Narayanan et al. 2021), the zero-bubble family (Qi et al. 2024), DeepSeek's DualPipe and its V-shaped half.
enum class PipeSchedule : uint8_t { OneF1B, Interleaved, ZbH1, ZbH2, Zbv, DualPipe, DualPipeV };
// How FP8 training scales its tensors (docs/step-model.md section 3): one scale per tensor (Transformer
// Engine's delayed or current scaling), DeepSeek-V3's 1x128 activation tiles and 128x128 weight blocks, or
// Blackwell's MXFP8 (an 8-bit exponent scale per 32 elements, in the tensor cores).
enum class Fp8Recipe : uint8_t { Tensor, Block, Mx };
// How a batch's sequences are shaped (the `padding` key): padded to the batch's longest sample (Transformers'
// DataCollatorWithPadding, torchtune's padded_collate: the shapes change from step to step), padded to the
// sequence length (tokenizer padding="max_length"), or packed to it. Only the first makes the caching allocator
// meet new shapes every step (core/stack/stack.h AllocatorReserve).
enum class Padding : uint8_t { Longest, MaxLength, Packed };

// How context parallelism brings every rank the keys and values it attends to (docs/step-model.md section 4):
// chunks passed around a ring, each exchange hidden behind the attention it feeds (Megatron-Core's p2p, PyTorch's
// alltoall rotation); the whole K/V all-gathered first (Megatron-Core's all_gather, PyTorch's allgather rotation);
// or DeepSpeed-Ulysses' all-to-alls that trade the sequence split for a head split (Megatron-Core's a2a).
enum class CpComm : uint8_t { P2p, AllGather, A2a };

// Spellings, indexed by the enum's value. Used by core/config/config.cpp and core/report/report.cpp. Beside
// each list of a choice key, its values' display labels (English keys of the translation tables: the key
// rows carry them, the page shows them translated).
inline constexpr const char* kMethodNames[] = {"full", "lora", "qlora", "dora", "qdora"};
inline constexpr const char* kMethodLabels[] = {"Full", "LoRA", "QLoRA", "DoRA", "QDoRA"};
inline constexpr const char* kPrecisionNames[] = {"fp32", "fp16", "bf16", "fp8"};
inline constexpr const char* kPrecisionLabels[] = {"FP32 (TF32)", "FP16", "BF16", "FP8"};
inline constexpr const char* kOptimizerNames[] = {"adamw", "adamw8bit", "sgd", "paged_adamw", "paged_adamw8bit"};
inline constexpr const char* kOptimizerLabels[] = {"AdamW", "AdamW 8-bit", "SGD (momentum)", "paged AdamW",
                                                   "paged AdamW 8-bit"};
inline bool IsPaged(Optimizer o) { return o == Optimizer::PagedAdamW || o == Optimizer::PagedAdamW8bit; }
// The optimizer's state kind, paged or not.
inline Optimizer Unpaged(Optimizer o) {
  return o == Optimizer::PagedAdamW ? Optimizer::AdamW : o == Optimizer::PagedAdamW8bit ? Optimizer::AdamW8bit : o;
}
inline constexpr const char* kRecomputeNames[] = {"none", "selective", "full", "auto"};
inline constexpr const char* kRecomputeLabels[] = {"none", "selective", "full", "auto"};
inline constexpr const char* kOffloadNames[] = {"none", "cpu", "nvme"};
inline constexpr const char* kOffloadLabels[] = {"none", "CPU", "NVMe"};
inline constexpr const char* kMlpNames[] = {"gelu", "swiglu"};
inline constexpr const char* kMlpLabels[] = {"GELU (2 matrices)", "SwiGLU (gated, 3 matrices)"};
// Goals 2-4 are post-training (core/estimate/rl.h): GRPO (dapo, rloo are read as it), PPO, DPO.
inline constexpr const char* kGoalNames[] = {"pretrain", "finetune", "grpo", "ppo", "dpo"};
inline constexpr const char* kGoalLabels[] = {"Pre-train", "Fine-tune", "GRPO", "PPO", "DPO"};
enum class RlAlgo : uint8_t { None, Grpo, Ppo, Dpo };
enum class RlEngine : uint8_t { Vllm, Sglang, Hf };
inline constexpr const char* kRlEngineNames[] = {"vllm", "sglang", "hf"};
inline constexpr const char* kRlEngineLabels[] = {"vLLM", "SGLang", "HF generate"};
// The RL framework that runs the step (keys_rl.cpp rl_framework): its own handling between the phases.
enum class RlFramework : uint8_t { Verl, Openrlhf, NemoRl, Trl, DeepspeedChat };
inline constexpr const char* kRlFrameworkNames[] = {"verl", "openrlhf", "nemo-rl", "trl", "deepspeed-chat"};
inline constexpr const char* kRlFrameworkLabels[] = {"verl", "OpenRLHF", "NeMo RL", "TRL", "DeepSpeed-Chat"};
inline constexpr const char* kQkNormNames[] = {"none", "per_head", "all_heads"};  // arch.h QkNorm
inline constexpr const char* kQkNormLabels[] = {"none", "per head", "all heads"};
inline constexpr const char* kObjectiveNames[] = {"time", "cost"};
inline constexpr const char* kPipeScheduleNames[] = {"1f1b", "interleaved", "zb-h1",    "zb-h2",
                                                     "zbv",  "dualpipe",    "dualpipev"};
inline constexpr const char* kFp8RecipeNames[] = {"tensor", "block", "mxfp8"};
inline constexpr const char* kPaddingNames[] = {"longest", "max_length", "packed"};
inline constexpr const char* kPaddingLabels[] = {"to the longest sample", "to the sequence length", "packed"};
inline constexpr const char* kCpCommNames[] = {"p2p", "all_gather", "a2a"};
inline constexpr const char* kCpCommLabels[] = {"ring (p2p, overlapped)", "all-gather", "Ulysses all-to-all"};

inline const char* Name(Method v) { return kMethodNames[int(v)]; }
inline const char* Name(Precision v) { return kPrecisionNames[int(v)]; }
inline const char* Name(Optimizer v) { return kOptimizerNames[int(v)]; }
inline const char* Name(Recompute v) { return kRecomputeNames[int(v)]; }
inline const char* Name(Offload v) { return kOffloadNames[int(v)]; }
inline const char* Name(MlpKind v) { return kMlpNames[int(v)]; }
inline const char* Name(Objective v) { return kObjectiveNames[int(v)]; }
inline const char* Name(PipeSchedule v) { return kPipeScheduleNames[int(v)]; }
inline const char* Name(Fp8Recipe v) { return kFp8RecipeNames[int(v)]; }
inline const char* Name(Padding v) { return kPaddingNames[int(v)]; }
inline const char* Name(CpComm v) { return kCpCommNames[int(v)]; }

// Bytes per element of the compute precision (fp8 training keeps 16-bit master copies in
// practice; see memory.cpp for what each precision implies for weights/gradients).
inline double BytesPerElement(Precision p) {
  switch (p) {
    case Precision::Fp32: return 4.0;
    case Precision::Fp16: return 2.0;
    case Precision::Bf16: return 2.0;
    case Precision::Fp8: return 1.0;
  }
  return 2.0;
}

}  // namespace tp
