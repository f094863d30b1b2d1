// memory_states.cpp — the model states of one pipeline stage on one GPU (its parameters: ParamsOnStage, core/job/
// rules.h) as the framework keeps them: the bytes per parameter of core/stack/stacks.cpp (Megatron's fp32 main
// gradients, DeepSpeed's bf16 accumulation and fp32 step partition, FSDP's fp32 sharded parameters, pure bf16 in
// torchtune and Transformers v5), sharded by ZeRO over the data-parallel group; LoRA/QLoRA; what the ZeRO-3 /
// FSDP gather holds at a time; offload. Formulas: docs/memory.md.
#include <algorithm>

#include "memory_internal.h"

namespace tp::memory_detail {

// Where the 16-bit (or fp32) gradients stay on the GPU while the optimizer runs on the host:
// - DeepSpeed's ZeRO-1 (the Trainer's too, which has stage 1 only through DeepSpeed) registers no gradient hooks
//   without partition_gradients or overlap_comm, and with overlap_comm reduces only at the accumulation boundary: the
//   backward leaves every parameter's whole gradient in param.grad, reduced after it (stage_1_and_2.py
//   create_gradient_handling_hooks, reduce_gradients, reduce_ready_partitions_and_remove_grads @edaa722) before its
//   partition is copied to the host (copy_grads_in_partition). ZeRO-2's hooks move each bucket's partition out as the
//   backward makes it (the ipg buffers, counted as DeepSpeed's buckets); ZeRO-3 offloads them with the parameters.
// - Megatron-Core's distributed optimizer keeps its gradient buffer on the GPU: HybridDeviceOptimizer
//   (optimizer_cpu_offload; megatron/core/optimizer/cpu_offloading/hybrid_optimizer.py _set_sub_optimizer_grads) copies
//   each GPU parameter's grad into a pinned host copy before the CPU step; the DDP buffer itself stays.
// The other stacks' offloads (FSDP's CPUOffload and offload_policy, at ZeRO-3 only) move parameters and gradients
// together.
static bool OffloadKeepsGradients(StackKind kind, int zero) {
  if (zero >= 3) return false;
  if (kind == StackKind::Megatron) return true;
  return zero == 1 && (kind == StackKind::DeepSpeed || kind == StackKind::Hf);
}

// QLoRA's frozen base on this GPU, and the dequantization's moment in `need.temp_fixed`.
static double QuantizedBase(const Ctx& c, const StageParams& s, StageNeed& need) {
  const Workload& w = c.job.work;
  // bitsandbytes quantize_4bit (functional.py, blocksize 64, compress_statistics): n/2 B packed, an 8-bit absmax
  // per 64 weights and an fp32 one per 256 blocks: 0.5159 B per weight (nf4_bytes_per_param). PEFT's
  // prepare_model_for_kbit_training casts every other parameter (embeddings, head, norms) to fp32 (other.py).
  // AutoGPTQ's QuantLinear (nn_modules/qlinear/qlinear_cuda_old.py, as of 3de7fbb, 2023-09) stores a 4-bit int32-
  // packed qweight (0.5 B), an fp16 scale and an int32-packed 4-bit zero per 128 input rows (2.5 B / 128).
  // The routed experts are in 4 bits too unless the model code keeps them 16-bit (qlora_experts: Transformers v5).
  const double quantized = (s.dense - s.edge - s.norms) + (w.qlora_experts ? s.expert : 0.0);
  const double experts16 = w.qlora_experts ? 0.0 : 2.0 * s.expert;
  const double qbytes = w.gptq_base ? 0.5 + 2.5 / 128 : c.job.assume.nf4_bytes_per_param;
  // Dequantizing a 4-bit matrix for its matmul materializes it in 16 bits for a moment. AutoGPTQ's forward (torch
  // path) first unpacks it with torch.bitwise_right_shift into int32 (4 B per weight) and casts that to int8 (1 B)
  // before the fp16 product: 5 B per weight at its peak.
  need.temp_fixed += (w.gptq_base ? 5 : 2) * c.pc.largest_matrix / c.t;
  return qbytes * quantized + experts16 + (w.kbit_prep ? 4 : 2) * (s.edge + s.norms);
}

StageNeed StageStates(const Ctx& c, const StageParams& s) {
  const Workload& w = c.job.work;
  const Assumptions& as = c.job.assume;
  const StackProfile& stack = c.stack;
  StageNeed need;
  const bool fp32 = w.prec == Precision::Fp32;
  const double wb = fp32 ? 4 : 2;  // the compute copy of a weight
  const int zero = std::clamp(c.lay.zero, 0, 3);
  // The stack's pipeline schedule runs (a ZeRO stage it allows with pp > 1); under ZeRO-3 weights stay gathered
  // through each schedule.
  const bool pp_schedule = c.lay.pp > 1 && (zero < 3 || stack.pp_zero_max >= 3);
  const bool pipelined = zero >= 3 && pp_schedule;
  // ZeRO shards over the data-parallel group; Megatron's distributed optimizer over dp x cp. Experts
  // are replicated only over the expert-data-parallel ranks that hold the same expert shard (rules.h). Hybrid
  // sharding (dp_shard) shards within each group of replicas only (rules.h ZeroShardRanks).
  const double nd = ZeroShardRanks(c.lay, w.dp_shard), ne = ExpertZeroShardRanks(c.lay, w.dp_shard);
  const double dense = s.dense, expert = s.expert;
  auto sharded = [&](double d_share, double e_share) { return d_share * dense / nd + e_share * expert / ne; };
  auto whole = [&](double bytes) { return bytes * (dense + expert); };

  double trainable_shard = 0;  // trainable parameters whose gradients/optimizer this GPU owns (after ZeRO-1)
  if (w.method == Method::Full) {
    const StateBytes b =
        StateBytesPerParam(stack, c.job.stack_year, zero, w.opt, w.prec, pp_schedule, {w.grad_fp32, w.optim_bf16});
    need.weights = whole(b.weights_full) + sharded(b.weights_sharded, b.weights_sharded);
    need.gradients = whole(b.grads_full) + sharded(b.grads_sharded, b.grads_sharded);
    need.optimizer = whole(b.optimizer_full) + sharded(b.optimizer_sharded, b.optimizer_sharded);
    trainable_shard = zero >= 1 ? sharded(1, 1) : dense + expert;
    // torchtune's optimizer_in_bwd applies each parameter's gradient as soon as it is complete and frees
    // it: at most one block's gradients live (recipes/full_finetune_single_device.py, optimizer hooks).
    if (w.optimizer_in_backward) need.gradients = (b.grads_full + b.grads_sharded / nd) * std::max(s.block, s.module);
  } else {
    // Frozen base: no gradients or optimizer states. LoRA keeps it in the training precision; QLoRA in
    // 4-bit NF4 with double-quantized constants (Dettmers et al. 2023), except embeddings, head and
    // norms, which stay 16-bit as in bitsandbytes/PEFT and torchtune.
    const double z3 = zero >= 3 && !pipelined ? 1 / nd : 1;
    const double base = w.method == Method::Qlora ? QuantizedBase(c, s, need) : wb * (dense + expert);
    // Adapters: in fp32 where the stack upcasts them (PEFT, Unsloth: 4 B weights and gradients, fp32
    // AdamW states), in bf16 in torchtune's pure-bf16 recipes; no master copy either way.
    const double ab = fp32 ? 4 : stack.adapter_bytes;
    const double states = OptimizerStateBytes(w.opt, ab >= 4);
    const double z1 = zero >= 1 ? 1 / nd : 1, z2 = zero >= 2 ? 1 / nd : 1;
    need.weights = base * z3 + ab * s.lora * z3;
    need.gradients = ab * s.lora * z2;
    need.optimizer = states * s.lora * z1;
    trainable_shard = s.lora * z1;
  }
  // Transformer Engine's FP8 weight workspaces (pytorch/module/base.py, _fp8_workspaces["weight"], cached whenever
  // Megatron passes is_first_microbatch): a row-wise and a column-wise FP8 copy of every GEMM weight, 2 B per
  // parameter beside the bf16 weights, kept for the whole step. With FP8 parameters (fp8_param_gather: TE's
  // fp8_model_init) the weight is itself the FP8 tensor, 1 B, and its column-wise copy 1 B more: 2 B, no bf16 copy
  // (the fp32 master lives in the distributed optimizer), which is the 16-bit weights' 2 B already counted.
  if (w.prec == Precision::Fp8 && w.modeling == ModelCode::Megatron && zero < 3 && !w.fp8_params)
    need.weights += 2 * ((dense - s.edge - s.norms) + expert);
  // DeepSpeed's gradient buckets (runtime/zero/stage_1_and_2.py, ipg_buffer: reduce_bucket_size elements in the
  // gradient dtype, two with overlap_comm; stage3.py __ipg_bucket_flat_buffer and the parameter prefetch bucket):
  // DeepSpeed's defaults (5e8, prefetch 5e7, overlap off for ZeRO-1/2: zero/config.py) under Megatron-DeepSpeed;
  // the Transformers integration fills "auto" with h^2 and 0.9 h^2 (integrations/deepspeed.py) and its example
  // configs turn overlap_comm on.
  if (stack.kind == StackKind::DeepSpeed && zero >= 1) {
    const double h = std::max(0, c.job.model.hidden), hf = w.modeling != ModelCode::Megatron;
    const double bucket = hf ? h * h : 5e8, prefetch = hf ? 0.9 * h * h : 5e7;
    const double gb = fp32 ? 4 : 2;
    need.temp_fixed += zero >= 3 ? gb * bucket + wb * prefetch : gb * bucket * (hf ? 2 : 1);
  }
  // A paged optimizer (bitsandbytes; QLoRA's by default, as the paper trains) keeps its states in CUDA
  // managed memory: PyTorch's allocator does not count them, and the driver pages them to the host under
  // pressure.
  if (IsPaged(w.opt) || w.method == Method::Qlora) need.pageable = need.optimizer;

  // ZeRO-3 / FSDP gathers weights before use. DeepSpeed fetches module by module: its estimator charges
  // 4 B x the largest module (16-bit weights gathered + 16-bit gradients; usually the embedding or the
  // untied head, stage3.py). FSDP gathers units (a block, the embedding, [norm, head]): the current and
  // the prefetched unit in 16 bits, and in the backward the unit's unsharded gradient before its fp32
  // reduce-scatter (reduce_dtype=float32: 2 + 4 B). QLoRA gathers the 4-bit blocks as stored (FSDP2 over
  // NF4 tensors in torchtune) and reduces only adapter gradients.
  if (zero >= 3 && !pipelined) {
    const bool qlora = w.method == Method::Qlora, full = w.method == Method::Full;
    const double gb = qlora ? as.nf4_bytes_per_param : wb;
    if (stack.gather == GatherUnit::Module) {
      need.gathered = (full ? 2 * wb : gb) * s.module;
    } else {
      // The largest unit on this stage and the one live beside it: two blocks, or the embedding / head unit next to
      // a block. The embedding and head are never quantized (bitsandbytes and torchao quantize the blocks' linear
      // layers): their units gather 16-bit weights. FSDP1's auto-wrap over a Transformers model (Accelerate,
      // Answer.AI's fsdp_qlora get_wrapping_policy: decoder layers and LoRA layers) leaves the embedding, final norm
      // and head in the root's one flat parameter, gathered together; torchtitan and torchtune wrap them apart.
      const bool hf_root =
          w.modeling == ModelCode::Transformers || w.modeling == ModelCode::Qwen1 || w.modeling == ModelCode::Unsloth;
      const double edge = hf_root ? s.emb + s.head : std::max(s.emb, s.head);
      const double largest = std::max(s.block, edge);
      need.gathered = std::max(gb * s.block, wb * edge) + gb * s.block + (full ? (wb + 4) * largest : 0.0);
    }
    need.temp_fixed += need.gathered;
  }

  // Offload (ZeRO-Offload / ZeRO-Infinity): optimizer states and fp32 gradients leave the GPU; with
  // ZeRO-3 the 16-bit parameter shards go too (offload_param), only the gathered blocks stay.
  if (c.lay.offload != Offload::None) {
    // DeepSpeed's offload (and Megatron's CPU optimizer) keep fp32 gradients on the host; FSDP2's CPUOffloadPolicy
    // the sharded gradients in their own dtype, the stack's (stack.h OffloadsByFsdp2).
    const double grads32 = OffloadsByFsdp2(stack.kind) ? need.gradients : 4 * trainable_shard;
    const double params = zero >= 3 ? need.weights : 0;
    if (c.lay.offload == Offload::Cpu) {
      need.host = need.optimizer + grads32 + params;
    } else {
      need.nvme = need.optimizer + params;
      need.host = grads32;
    }
    need.optimizer = 0;
    need.pageable = 0;
    if (!OffloadKeepsGradients(stack.kind, zero)) need.gradients = 0;
    need.weights -= params;
  }
  return need;
}

}  // namespace tp::memory_detail
