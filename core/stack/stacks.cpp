// stacks.cpp — the six stack profiles (stack.h), each convention with the code or document it is read
// from (snapshots of the frameworks' repositories, 2025-2026), and the bytes per parameter each keeps.
// The release efficiencies are fitted by bench/fit_stacks.cpp on tests/data/stack_runs.json and, for the
// fine-tuning stacks, tests/data/finetune_fit_runs.json (each stack on its own measurements only;
// docs/validation.md shows the fit and its leave-one-out check).
#include "stack.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "text.h"

namespace tp {
namespace {

// clang-format off (a data table: one profile per stack, its fields in the order of stack.h)
std::vector<StackProfile> Table() {
  // The pipeline schedules each stack offers the search, from the release year each came in.
  using Since = StackProfile::ScheduleSince;
  const std::vector<Since> kSched1F1B = {{PipeSchedule::OneF1B, 0}};
  const std::vector<Since> kSchedMegatron = {{PipeSchedule::OneF1B, 0}, {PipeSchedule::Interleaved, 0}};
  const std::vector<Since> kSchedTorch = {{PipeSchedule::OneF1B, 0},
                                          {PipeSchedule::Interleaved, 0},
                                          {PipeSchedule::Zbv, 2025},
                                          {PipeSchedule::DualPipeV, 2025}};
  // Efficiencies: bench/fit_stacks.cpp prints these from tests/data/stack_runs.json and finetune_fit_runs.json (the
  // documented fit command; tests/core/stack_test.cpp checks the shipped values against a refit).
  return {
      {StackKind::Megatron,
       "megatron",
       "Megatron-LM / Megatron-Core",
       "Megatron-LM, Megatron-Core, NeMo, Megatron-Bridge",
       "megatron-lm,megatron-core,mcore,nemo,megatron-bridge",
       2025,
       "bf16 weights, fp32 main gradients (--main-grads-dtype fp32, never sharded by the distributed optimizer), "
       "fp32 main weights and Adam states: 18 B/param, 6 + 12/d with the distributed optimizer "
       "(megatron/training/theoretical_memory_usage.py num_bytes_per_parameter; docs/user-guide/features/"
       "dist_optimizer.md); zero=2/3 are Megatron-FSDP's optim_grads / optim_grads_params.",
       4,
       "LoRA through NeMo/Megatron-Bridge PEFT: adapters in the main-parameter dtype fp32 (INFERRED).",
       GatherUnit::Unit,
       "Megatron-FSDP gathers bucketed units (a transformer layer each; --use-megatron-fsdp).",
       0,
       "Vocabulary-parallel cross-entropy keeps the fp32 softmax per tensor-parallel shard "
       "(megatron/core/tensor_parallel/cross_entropy.py; the memory estimator's 4sbh(1 + V/h) term: 4 B per logit).",
       SelectiveKind::AttentionCore,
       "selective = core attention only (--recompute-modules core_attn, megatron/core/transformer/"
       "transformer_config.py; Korthikanti et al. 2022); full = the whole layer (uniform or block).",
       false,
       "PYTORCH_CUDA_ALLOC_CONF not set (no expandable segments); every micro-batch allocates the same shapes "
       "(packed sequences), so the caching allocator reuses its blocks (AllocatorReserve).",
       1.0,
       "NCCL communicators and buffers: about 1-1.5 GiB after the first collective (stas00/ml-engineering "
       "training/performance: 0.55 -> 2.00 GiB at dist.barrier, context included).",
       true,
       "Transformer Engine attention, attention_backend=auto: flash or cuDNN fused (transformer_config.py).",
       2,
       false,
       "One pipeline schedule per step over all its gbs / (mbs x dp) micro-batches (megatron/core/pipeline_parallel/"
       "schedules.py, forward_backward_pipelining_with_interleaving / _without_interleaving: num_microbatches). "
       "ZeRO-3 with pp > 1 refused: Megatron-LM refuses torch FSDP2 with pipeline parallelism (training/arguments.py: "
       "'--use-torch-fsdp2 is not supported with pipeline parallelism'), and NVIDIA's Megatron-FSDP recipes run "
       "without a pipeline (INFERRED for Megatron-FSDP).",
       kSchedMegatron,
       "1F1B and interleaved 1F1B only (megatron/core/pipeline_parallel/schedules.py: "
       "forward_backward_pipelining_without_interleaving / _with_interleaving); the batch-level EP overlap "
       "(--overlap-moe-expert-parallel-comm, moe_a2a_overlap) runs inside them, with a pipeline in the interleaved "
       "one only (core/resolve/layout_rules.cpp ExpertOverlap).",
       {{2021, 1.001,
         "every Megatron case: Narayanan et al. 2021, Korthikanti et al. 2022, Megatron-Core on H100 (2024), "
         "Megatron-Bridge (2025); the step model's reference framework"}},
       ModelCode::Megatron,
       ModelCode::Megatron,
       "Megatron-Core GPT layers with the Transformer Engine spec (megatron/core/models/gpt/gpt_layer_specs.py); "
       "NeMo/Megatron-Bridge PEFT wraps the same layers (INFERRED for its adapters)."},
      {StackKind::DeepSpeed,
       "deepspeed",
       "DeepSpeed ZeRO",
       "DeepSpeed ZeRO 0-3, ZeRO-Offload/Infinity, Megatron-DeepSpeed",
       "zero,megatron-deepspeed,ds",
       2025,
       "bf16 under ZeRO accumulates gradients in bf16 (engine.py get_data_types: grad_accum_dtype = model dtype) "
       "and builds an fp32 gradient partition at the step: ZeRO-1 4 + 16/d, ZeRO-2 2 + 18/d "
       "(stage_1_and_2.py estimate_zero2_model_states_mem_needs: 18 = 2 grads16 + 4 grads32 + 4 params32 + 8 "
       "states), ZeRO-3 18/d (stage3.py estimate_zero3_model_states_mem_needs); without ZeRO, bf16 ran "
       "BF16_Optimizer up to v0.17.5 (bf16 and fp32 gradients, fp32 master and states sharded over dp: 2 + 6 + "
       "12/d, bf16_optimizer.py) and runs FP16_Optimizer in bf16 from v0.17.6, 2025 (engine.py DDP_BFLOAT16: "
       "2 + 2 + 12, as fp16).",
       4,
       "PEFT adapters in fp32 (autocast_adapter_dtype=True, peft tuners_utils._cast_adapter_dtype).",
       GatherUnit::Module,
       "ZeRO-3 fetches each module's own parameters by hooks; the estimator charges 4 B x the largest module "
       "(2 B gathered weights + 2 B gradients; usually the embedding or untied head), stage3.py.",
       0,
       "Models from Transformers compute the loss on an fp32 copy of the logits (loss_utils.py "
       "ForCausalLMLoss: logits.float()): 2 B bf16 + 4 B fp32 + 4 B saved log-softmax per logit at the forward's "
       "peak, 12 B as the backward starts (saves.cpp LossOf); the Trainer drops the output before the backward.",
       SelectiveKind::AttentionCore,
       "Megatron-DeepSpeed follows Megatron (core attention); with Transformers models, per-layer checkpointing.",
       false,
       "PYTORCH_CUDA_ALLOC_CONF not set by DeepSpeed or the Trainer (no expandable segments); Megatron-DeepSpeed "
       "packs (fixed shapes), the Trainer pads to the longest sample unless told otherwise (AllocatorReserve).",
       1.0,
       "NCCL as Megatron (stas00/ml-engineering).",
       true,
       "The model's attention (Transformers: sdpa, FlashAttention backend).",
       1,
       false,
       "The pipeline engine refuses ZeRO-2 and -3: 'ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism' "
       "(deepspeed/runtime/pipe/engine.py, PipelineEngine.__init__); train_batch() runs a step's "
       "gradient_accumulation_steps micro-batches as one schedule (pipe/schedule.py TrainSchedule).",
       kSched1F1B,
       "1F1B only: the pipeline engine's TrainSchedule (deepspeed/runtime/pipe/schedule.py).",
       {{2022, 0.857,
         "BLOOM-176B on Megatron-DeepSpeed (384 A100, about 150 TFLOP/s per GPU; fitted without selective "
         "recomputation, which DeepSpeed itself lacks: core/stack/capabilities.cpp); later releases have no "
         "measurement of their own"}},
       ModelCode::Transformers,
       ModelCode::Transformers,
       "DeepSpeed trains the model it is given: the Transformers Trainer's and LLaMA-Factory's (modeling_llama.py, "
       "PEFT); Megatron-DeepSpeed runs Megatron's layers (modeling=megatron)."},
      {StackKind::Fsdp,
       "fsdp",
       "PyTorch FSDP / FSDP2",
       "PyTorch FSDP and FSDP2, torchtitan, llm-foundry (Composer), Meta's Llama stacks, NeMo AutoModel",
       "fsdp2,torchtitan,llm-foundry,composer,metaseq",
       2024,
       "fp32 sharded parameters (the master copy), bf16 all-gathered copies for compute, fp32 gradient reduction: "
       "16/d B/param with full sharding (torch fully_shard MixedPrecisionPolicy docstring; torchtitan "
       "mixed_precision_param=bfloat16, mixed_precision_reduce=float32); without sharding DDP keeps 4 + 4 + 8.",
       4,
       "PEFT adapters in fp32 (autocast_adapter_dtype=True).",
       GatherUnit::Unit,
       "Each transformer block is a unit, the embedding and [norm, head] units of their own (torchtitan "
       "distributed/fsdp.py apply_fsdp_to_decoder); the current and the prefetched unit live at once "
       "(set_modules_to_forward_prefetch: one unit ahead by default).",
       4,
       "torchtitan computes the loss on pred.float(): a full fp32 copy of the logits plus its log-softmax "
       "(components/loss.py), and its trainer drops pred before the backward. LoRA / QLoRA: Answer.AI's "
       "fsdp_qlora train.py keeps the model's output until the optimizer step ('output = None' after the "
       "backward: 'Delete the output so more memory frees up before the next forward pass'), and the "
       "Transformers of its time (4.38-4.45, 2024; models/llama/modeling_llama.py logits = logits.float()) "
       "return the logits in fp32: 4 B per logit alive through the whole backward.",
       SelectiveKind::HalfMatmuls,
       "torchtitan selective = op-level SAC: saves the outputs of matmuls and attention but recomputes every "
       "second matmul (distributed/activation_checkpoint.py _save_list, mm_count % 2); full = whole block.",
       false,
       "Full training (torchtitan): run_llama_train.sh (9dec370, 2024) and run_train.sh set "
       "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True; FSDP with PEFT (Answer.AI's fsdp_qlora, Accelerate) sets "
       "nothing and runs the Transformers pipeline (AllocatorReserve).",
       1.0,
       "NCCL as Megatron (stas00/ml-engineering).",
       true,
       "SDPA (flash / cuDNN backends) or FlexAttention.",
       3,
       true,
       "FSDP2 composes with pipeline parallelism (torchtitan; NeMo AutoModel runs FSDP 256 with PP 4, its performance "
       "summary): gathered weights are kept through a schedule (torchtitan distributed/fsdp.py "
       "get_fsdp_reshard_after_forward_policy: 'For PP, by default do not reshard after forward to avoid "
       "per-microbatch "
       "all-gathers'), gradients accumulate unsharded and are reduce-scattered at each stage's last backward of the "
       "schedule, which the compute stream then waits for (torch.distributed.pipelining stage.py "
       "backward_maybe_with_nosync: set_requires_gradient_sync(False), then post_backward and "
       "_root_post_backward_final_callback). Each gradient-accumulation step runs its own schedule over a local batch "
       "(torchtitan trainer.py: gradient_accumulation_steps x pp_schedule.step over num_pp_microbatches; AutoModel: "
       "LBS / MBS micro-batches, GA schedules per step).",
       kSchedTorch,
       "torch.distributed.pipelining as torchtitan runs it: Schedule1F1B, ScheduleInterleaved1F1B, "
       "ScheduleZBVZeroBubble (torchtitan #817, 2025-02) and ScheduleDualPipeV (torchtitan #1571, 2025-08; the "
       "expert-parallel overlap of #1721 from v0.2.1, 2025-12-26, and never with activation checkpointing) "
       "(torchtitan/distributed/pipeline_parallel.py).",
       {{2023, 0.945,
         "llm-foundry's MPT tables (A100, H100) and LLaMA-1 65B (2,048 A100, 380 tokens/s per GPU); also "
         "earlier years"},
        {2024, 0.931, "torchtitan on A100; Llama 3 405B on 8,192 H100 (43 % MFU)"}},
       ModelCode::Torchtitan,
       ModelCode::Transformers,
       "Full training: torchtitan's Llama (models/llama3/model.py); LoRA / QLoRA on FSDP: Transformers models with "
       "PEFT (Answer.AI fsdp_qlora, Accelerate)."},
      {StackKind::Hf,
       "hf",
       "Hugging Face Transformers",
       "Transformers Trainer + PEFT + bitsandbytes (TRL, axolotl, LLaMA-Factory)",
       "transformers,trainer,peft,trl,axolotl,llama-factory,huggingface",
       2026,
       "Transformers v5 loads checkpoints in their own dtype (dtype=\"auto\", PR #42805): pure bf16 weights, "
       "gradients and AdamW states, 8 B/param, no master copy (v4 loaded fp32 and autocast: 16 B; give "
       "stack=fsdp's numbers or opt=... to plan that); zero 1-3 through Accelerate's FSDP plugin in bf16.",
       4,
       "PEFT adapters in fp32 (autocast_adapter_dtype=True, tuners_utils._cast_adapter_dtype).",
       GatherUnit::Unit,
       "Accelerate FSDP plugin: transformer-layer auto-wrap units.",
       0,
       "loss_utils.py ForCausalLMLoss: logits.float() beside the bf16 logits kept in the output; the Trainer's "
       "compute_loss drops the output before the backward (saves.cpp LossOf: 10 B per logit, then 12 B).",
       SelectiveKind::None,
       "gradient_checkpointing=True checkpoints each decoder layer whole (GradientCheckpointingLayer); there is "
       "no selective mode.",
       false,
       "PYTORCH_CUDA_ALLOC_CONF not set by Transformers; batches padded to their longest sample by default "
       "(DataCollatorWithPadding: shapes change step to step; the padding key) (AllocatorReserve).",
       1.0,
       "NCCL as Megatron (stas00/ml-engineering).",
       true,
       "attn_implementation defaults to sdpa (FlashAttention backend) since v4.36.",
       2,
       false,
       "The Trainer has no pipeline schedule of its own; with pp > 1 the planner keeps its general rule "
       "(ZeRO-3 refused, one schedule per step).",
       kSched1F1B,
       "No pipeline schedule of its own (Accelerate / Trainer): 1F1B where one is given.",
       {{2023, 1.134,
         "tests/data/finetune_fit_runs.json: Qwen's LoRA table (Qwen-1.8B/7B/14B, one A100, 256-4096 "
         "tokens; Transformers 4.3x, PyTorch 2.0, flash-attn's fused norm and rotary in Qwen's own code)"},
        {2026, 1.016,
         "tests/data/finetune_fit_runs.json: PEFT's method comparison (Llama 3.2 3B LoRA and full fine-tuning, "
         "one L40S; Transformers 5.13, PyTorch 2.13); LLaMA-Factory's HF rows are held out"}},
       ModelCode::Transformers,
       ModelCode::Transformers,
       "Transformers modeling code (models/llama/modeling_llama.py) with PEFT and bitsandbytes."},
      {StackKind::Torchtune,
       "torchtune",
       "torchtune",
       "torchtune recipes (single device and FSDP2)",
       "tune",
       2025,
       "Pure bf16: weights, gradients and optimizer states in bf16, no fp32 master (recipes/"
       "full_finetune_single_device.py docstring; docs memory_optimizations.rst: 'we don't support "
       "mixed-precision training'); FSDP2 without a mixed-precision policy (training/_distributed.py shard_model).",
       2,
       "LoRA adapters in bf16 like the rest of the model (dtype: bf16 recipes).",
       GatherUnit::Unit,
       "FSDP2 units: each TransformerSelfAttentionLayer, optionally tok_embeddings and output.",
       0,
       "LinearCrossEntropyLoss / CEWithChunkedOutputLoss in 8 chunks: bf16 logits, one fp32 chunk at a time "
       "(modules/loss).",
       SelectiveKind::None,
       "enable_activation_checkpointing wraps each TransformerSelfAttentionLayer (full); no "
       "selective mode.",
       false,
       "torchtune/__init__.py sets expandable_segments on import only on main from 2025-06-20 (9d91fe39f), after its "
       "last release (v0.6.1, 2025-04): released torchtune runs without it, padded_collate pads to the longest "
       "sample unless packed=True (AllocatorReserve).",
       1.0,
       "NCCL as Megatron (stas00/ml-engineering).",
       true,
       "SDPA (torch.nn.functional.scaled_dot_product_attention).",
       2,
       false,
       "The recipes have no pipeline parallelism; with pp > 1 the planner keeps its general rule (ZeRO-3 "
       "refused, one schedule per step).",
       kSched1F1B,
       "No pipeline parallelism in its recipes: 1F1B where one is given.",
       {{2024, 1.117,
         "tests/data/finetune_fit_runs.json: its README's Llama 3.1 70B LoRA and 405B QLoRA on 8 A100 and "
         "the Llama 3.2 3B full fine-tuning rows of its optimization-flags table (A100); the README's RTX 4090 "
         "rows and the flags table's LoRA / QLoRA rows are held out"}},
       ModelCode::Torchtune,
       ModelCode::Torchtune,
       "torchtune modules (modules/rms_norm.py, modules/attention.py, modules/peft/lora.py)."},
      {StackKind::Unsloth,
       "unsloth",
       "Unsloth",
       "Unsloth and Unsloth-Zoo (single GPU fine-tuning)",
       "unsloth-zoo",
       2025,
       "Full fine-tuning in pure bf16 by default ('Using bfloat16 full finetuning', loader.py); multi-GPU as "
       "data parallel only.",
       4,
       "LoRA A/B upcast to fp32 (unsloth_zoo training_utils.prepare_model_for_training: upcast = True for "
       "lora_A/lora_B).",
       GatherUnit::Unit,
       "No sharding of its own (one GPU or data parallel).",
       0,
       "Fused chunked cross-entropy: gradients computed in the forward, full logits never held; chunks of at "
       "most 4 GB fp32 (unsloth_zoo fused_losses/cross_entropy_loss.py).",
       SelectiveKind::None,
       "use_gradient_checkpointing=\"unsloth\" (the default) recomputes each layer in full and keeps its input in "
       "pinned CPU memory (unsloth_zoo gradient_checkpointing.py UnslothCheckpointFunction).",
       true,
       "unsloth/__init__.py sets PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True on import (torch >= 2.2; at "
       "0a2c3973, 2025-01) (AllocatorReserve).",
       0.0,
       "single GPU: no NCCL communicator.",
       true,
       "Own Triton kernels with FlashAttention-2 / xformers / SDPA attention.",
       2,
       false,
       "One GPU or data parallel only; with pp > 1 the planner keeps its general rule (ZeRO-3 refused, one "
       "schedule per step).",
       kSched1F1B,
       "No pipeline parallelism: 1F1B where one is given.",
       {{2024, 0.891,
         "tests/data/finetune_fit_runs.json: the two absolute Unsloth figures found, both in the "
         "stored outputs of Unsloth's own notebooks and both on GPUs outside the catalog (planned as "
         "custom GPUs): TinyLlama 1.1B QLoRA packed to 4,096 on a T4 (Unsloth 2024.1, fp16) and Qwen2.5 "
         "0.5B LoRA packed to 2,048 on an RTX 3080 (Unsloth 2025.10); LLaMA-Factory's Unsloth rows (A100) "
         "are held out"}},
       ModelCode::Unsloth,
       ModelCode::Unsloth,
       "Unsloth kernels (kernels/fast_lora.py, rms_layernorm.py); full fine-tuning and lora_dropout > 0 run "
       "Transformers' and PEFT's code."},
  };
}
// clang-format on

}  // namespace

// Optimizer states per parameter: two moments for AdamW, one 8-bit pair for 8-bit AdamW (Dettmers et al.
// 2022: 2 B with block-wise constants), one momentum for SGD; in fp32, or in bf16 where the stack trains in
// pure bf16 (torch.optim.AdamW keeps its states in the parameter dtype).
double OptimizerStateBytes(Optimizer opt, bool fp32_states) {
  switch (Unpaged(opt)) {
    case Optimizer::AdamW: return fp32_states ? 8 : 4;
    case Optimizer::AdamW8bit:
      return 2 + 2 * 4.0 / 256;  // bitsandbytes Optimizer2State: uint8 states + fp32 absmax per 256
    case Optimizer::Sgd: return fp32_states ? 4 : 2;
    default: break;
  }
  return 8;
}

bool ExpandableSegments(StackKind stack, Method method, int year) {
  switch (stack) {
    // Full training on FSDP is torchtitan's: run_llama_train.sh (9dec370, 2024) and run_train.sh set it; FSDP with
    // PEFT (Answer.AI's fsdp_qlora, Accelerate) sets nothing.
    case StackKind::Fsdp: return method == Method::Full;
    // unsloth/__init__.py (0a2c3973): "Reduce VRAM usage by reducing fragmentation": expandable_segments:True
    // with torch >= 2.2.
    case StackKind::Unsloth: return true;
    // torchtune/__init__.py sets it since 9d91fe39f (2025-06-20), on main only: v0.6.1 (2025-04) was the last release.
    case StackKind::Torchtune: return year > 2025;
    default: return false;  // Megatron-LM, DeepSpeed, Transformers: PYTORCH_CUDA_ALLOC_CONF unset
  }
}

bool OffloadsByFsdp2(StackKind stack) { return stack == StackKind::Fsdp || stack == StackKind::Torchtune; }

Padding DefaultPadding(ModelCode code) {
  // Megatron's GPT dataset and torchtitan's text datasets pack documents to seq; Transformers' collators
  // (DataCollatorWithPadding, DataCollatorForSeq2Seq), torchtune's padded_collate and Unsloth's SFT pad each batch
  // to its longest sample unless packing is asked for.
  return code == ModelCode::Megatron || code == ModelCode::Torchtitan ? Padding::Packed : Padding::Longest;
}

double AllocatorReserve(bool expandable_segments, Padding padding) {
  // Our estimates between the published pairs of reserved and allocated peaks: about 1.05 with expandable segments
  // (a segment grows in place, so freed pages are reused whatever the shapes; torchtune#1185: 10.83 GiB reserved
  // with them, 16.39 without), about 1.10 without them when every micro-batch allocates the same shapes (the cached
  // blocks fit again), 1.5 when the shapes change from batch to batch (cached blocks of the old sizes are split or
  // left idle: 1.5-2x in torchtune#1185 and cosmos-rl#388, 127 vs 97 GB for 61 GB allocated).
  if (expandable_segments) return 1.05;
  return padding == Padding::Longest ? 1.5 : 1.10;
}

const std::vector<StackProfile>& Stacks() {
  static const std::vector<StackProfile> table = Table();
  return table;
}

const StackProfile* FindStack(std::string_view id_in) {
  const std::string id = Lower(id_in);
  for (const StackProfile& s : Stacks()) {
    if (id == s.id) return &s;
    std::string_view aliases = s.aliases;
    while (!aliases.empty()) {
      const size_t comma = aliases.find(',');
      if (id == aliases.substr(0, comma)) return &s;
      if (comma == std::string_view::npos) break;
      aliases.remove_prefix(comma + 1);
    }
  }
  return nullptr;
}

const StackProfile& DefaultStack() { return Stacks().front(); }

const StackRelease& ReleaseFor(const StackProfile& s, int year) {
  const StackRelease* best = &s.releases.front();
  for (const StackRelease& r : s.releases)
    if (r.year <= year) best = &r;
  return *best;
}

// DeepSpeed without ZeRO (zero_optimization.stage 0): the engine's _do_optimizer_sanity_check picks the wrapper from
// the model dtype and data_types.grad_accum_dtype, whose default changed (deepspeedai/DeepSpeed
// deepspeed/runtime/engine.py):
// - fp16: FP16_Optimizer, 16-bit weights and gradients, fp32 master and states on every rank (the ZeRO paper's 16 B
//   baseline, Rajbhandari et al. 2020 sec. 3.1).
// - bf16 up to v0.17.5 (2025-08): BF16_Optimizer, picked by `elif self.bfloat16_enabled()` from v0.6.2 (56c52238,
//   2022-04; before it runtime/config.py refused bf16 without ZeRO, so earlier years are planned as 2022) and, from
//   06938835 (2022-12), because get_data_types defaults grad_accum_dtype to fp32 "if model_dtype == torch.bfloat16 and
//   not self.zero_optimization()". bf16_optimizer.py (v0.14.0): autograd writes each .grad in bf16 (2 B) and
//   update_hp_grads adds it after the backward into a full fp32 buffer (fp32_groups_gradients_flat: 4 B); the bf16
//   .grad stays (clear_lp_grads: set to None at the next backward's start up to v0.12, zeroed in place from 2023-12);
//   the fp32 master and the states are one dp partition (fp32_groups_flat_partition: 12/d).
// - bf16 from v0.17.6 (889f0ead, "Enable non-ZeRO mode (#7515)", 2025-08-27, released 2025-09-19): grad_accum_dtype
//   defaults to the model dtype, and the engine returns DDP_BFLOAT16, FP16_Optimizer with low_precision_dtype bf16
//   (as of edaa7221, 2026): fp32_groups_flat master and the states whole on every rank, bf16 gradients, as fp16.
//   The pipeline engine (pipeline_parallelism) still returns BFLOAT16, now accumulating in bf16 (grad_acc_dtype =
//   bf16: a 2 B buffer) and casting the dp partition to fp32 at the step (BF16_Optimizer.step: 4/d).
// A 2025 run on v0.16-v0.17.5 is stack_year=2024. Neither counts the fp32 copy of the gradients FP16_Optimizer
// makes at the step (grads_groups_flat), as for fp16.
static StateBytes DeepSpeedWithoutZero(int year, double opt_bytes, Precision prec, bool pipelined) {
  StateBytes b;
  b.weights_full = 2;
  if (prec == Precision::Fp16 || (year >= 2025 && !pipelined)) {
    b.grads_full = 2, b.optimizer_full = opt_bytes;  // FP16_Optimizer
  } else if (year >= 2025) {
    b.grads_full = 2 + 2, b.grads_sharded = 4, b.optimizer_sharded = opt_bytes;  // BF16_Optimizer, bf16 buffer
  } else {
    b.grads_full = 2 + 4, b.optimizer_sharded = opt_bytes;  // BF16_Optimizer, fp32 buffer
  }
  return b;
}

double GradReduceBytes(const StackProfile& s, Precision prec) {
  if (prec == Precision::Fp32) return 4;
  // FSDP: the gradients are reduce-scattered in fp32 whatever the compute dtype. torchtitan has no other choice
  // (pytorch/torchtitan torchtitan/config/configs.py@b5bcd76c66d0acb1a08b176d9639425bc55e0b2a:
  // mixed_precision_reduce: Literal["float32"] = "float32", passed to fully_shard's MixedPrecisionPolicy as
  // reduce_dtype); NeMo RL's DTensor policy sets MixedPrecisionPolicy(..., reduce_dtype=torch.float32)
  // (NVIDIA-NeMo/RL nemo_rl/models/dtensor/parallelize.py@b1c86a816c5e2b4ca41ece193624a38dc62e6fdf, v0.3.0); Llama 3
  // 'reduce-scatter[s] gradients in FP32 across data parallel workers in FSDP' (Llama 3 report, 2024, section 3.3.4).
  // FSDP2's own default (reduce_dtype None) would reduce in the 16-bit param_dtype; the stacks above all set fp32.
  // Megatron's gradient buffer dtype (the grad_fp32 key, grad_reduce_in_fp32) and DeepSpeed's communication_data_type
  // are not read into the reduction here: 16 bits, as planned before.
  return s.kind == StackKind::Fsdp ? 4 : 2;
}

StateBytes StateBytesPerParam(const StackProfile& s, int year, int zero, Optimizer opt, Precision prec, bool pipelined,
                              StateDtypes dtypes) {
  zero = std::clamp(zero, 0, 3);
  StateBytes b;
  if (prec == Precision::Fp32) {
    // Pure fp32: 4 + 4 + 8 (AdamW), no master copy; ZeRO 1 shards the states, 2 the gradients, 3 the weights.
    const double states = OptimizerStateBytes(opt, true);
    (zero >= 3 ? b.weights_sharded : b.weights_full) = 4;
    (zero >= 2 ? b.grads_sharded : b.grads_full) = 4;
    (zero >= 1 ? b.optimizer_sharded : b.optimizer_full) = states;
    return b;
  }
  switch (s.kind) {
    case StackKind::Megatron: {
      // bf16 weights, fp32 main gradients, fp32 main weights + states. The distributed optimizer (zero=1)
      // shards only the 12 B; Megatron-FSDP (2, 3) shards the gradients and then the weights too. fp16
      // keeps fp16 gradients and an fp32 copy inside the optimizer: 20 B, 4 + 16/d (dist_optimizer.md).
      // The gradient buffer is "torch.float if grad_reduce_in_fp32 else param.dtype" (megatron/core/distributed/
      // distributed_data_parallel.py): Megatron-LM turns fp32 on with --bf16 (megatron/training/arguments.py), NVIDIA's
      // performance recipes turn it off (grad_fp32=0: 2 B). NeMo 1's distributed_fused_adam with dtype bf16 on bf16
      // weights keeps no master (megatron_base_model.py setup_optimization: store_params False) and its two moments in
      // bf16 (Apex distributed_fused_adam.py StateBucket): optim_bf16, the pure-bf16 states.
      const bool fp16 = prec == Precision::Fp16;
      const double opt_bytes =
          dtypes.optim_bf16 ? OptimizerStateBytes(opt, false) : 4 + OptimizerStateBytes(opt, true) + (fp16 ? 4 : 0);
      (zero >= 3 ? b.weights_sharded : b.weights_full) = 2;
      (zero >= 2 ? b.grads_sharded : b.grads_full) = fp16 || !dtypes.grad_fp32 ? 2 : 4;
      (zero >= 1 ? b.optimizer_sharded : b.optimizer_full) = opt_bytes;
      return b;
    }
    case StackKind::DeepSpeed: {
      const double opt_bytes = 4 + OptimizerStateBytes(opt, true);
      b.optimizer_sharded = opt_bytes;
      if (zero == 0) return DeepSpeedWithoutZero(year, opt_bytes, prec, pipelined);
      if (zero == 1) {
        b.weights_full = 2, b.grads_full = 2, b.grads_sharded = 4;  // bf16 grads + fp32 partition at the step
      } else if (zero == 2) {
        b.weights_full = 2, b.grads_sharded = 2 + 4;
      } else {
        b.weights_sharded = 2, b.grads_sharded = 4;  // the estimator's 18/d
      }
      return b;
    }
    case StackKind::Fsdp: {
      // fp32 parameters are the master copy: sharded by FSDP (zero 3), kept whole under DDP (0-1); zero 2
      // (SHARD_GRAD_OP) also keeps the bf16 unsharded copy between forward and backward.
      // torchtitan's full bf16 training (training.dtype = "bfloat16", the optim_bf16 key) puts the parameters,
      // gradients and optimizer states in bf16 with no fp32 copy (torchtitan/config/configs.py); reductions stay
      // fp32 (mixed_precision_reduce), so a pipeline's unsharded accumulation is still 4 B.
      const double states = OptimizerStateBytes(opt, !dtypes.optim_bf16);
      const double param = dtypes.optim_bf16 ? 2 : 4;  // a parameter as FSDP holds it (fp32, or bf16), and its gradient
      if (zero >= 3 && pipelined) {
        // Under a pipeline the bf16 weights stay gathered through each schedule (torchtitan: no reshard after
        // forward with PP) and gradients accumulate unsharded in the fp32 reduce dtype until the schedule's last
        // backward (FSDP2 with set_requires_gradient_sync(False): to_accumulated_grad_if_needed).
        b.weights_sharded = param, b.weights_full = 2, b.grads_full = 4;
        b.optimizer_sharded = states;
        return b;
      }
      if (zero >= 3) {
        b.weights_sharded = param;
      } else if (zero == 2) {
        b.weights_sharded = param, b.weights_full = 2;
      } else {
        b.weights_full = param;
      }
      (zero >= 2 ? b.grads_sharded : b.grads_full) = param;
      (zero >= 1 ? b.optimizer_sharded : b.optimizer_full) = states;
      return b;
    }
    case StackKind::Hf:
    case StackKind::Torchtune:
    case StackKind::Unsloth: {
      // Pure bf16: 2 + 2 + bf16 states, no master.
      const double states = OptimizerStateBytes(opt, false);
      (zero >= 3 ? b.weights_sharded : b.weights_full) = 2;
      (zero >= 2 ? b.grads_sharded : b.grads_full) = 2;
      (zero >= 1 ? b.optimizer_sharded : b.optimizer_full) = states;
      return b;
    }
  }
  return b;
}

}  // namespace tp
