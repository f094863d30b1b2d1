// rl.cpp — the post-training step (rl.h): the engine's memory and KV budget, generation from the roofline, the
// log-probability, reward and training passes from the existing step model, the weight sync, the phases' memory,
// one-step-off overlap. Pure functions of (Job, Layout) and the policy's plan.
#include "rl.h"

#include <algorithm>
#include <cmath>

#include "catalog.h"
#include "internal/step_internal.h"
#include "memory.h"
#include "model.h"
#include "rl_rollout.h"
#include "rules.h"
#include "stack.h"
#include "step.h"
#include "units.h"

namespace tp {
namespace {

// Each constant's source, or the rows it was fitted on (tests/data/rl_steps.json, part "fit": verl's
// docs/advance/fully_async.md and one_step_off.md step tables on H20; the held-out rows are never read here).
// `trainplan-rl_validate --fit` reproduces the fitted ones.
constexpr RlConstants kDefaults = {
    // Decode reaches ~60 % of HBM bandwidth at the batch sizes RL rollouts run (Databricks, "LLM Inference
    // Performance Engineering: Best Practices", 2023: MBU 55-60 % for 7B-70B on A100/H100).
    .decode_bw_eff = 0.6,
    // The engine's prefill and its large decode batches reach half the dense bf16 peak (our estimate; binding only
    // for prompts and batches of several hundred sequences).
    .gen_flop_eff = 0.5,
    // Scheduling + sampling + launch per decode iteration with CUDA graphs: fitted on the verl fit rows (grid 1-10 ms).
    .decode_overhead_s = 5e-3,
    // Of the responses, the share that runs to the cap besides the length law's own tail (responses caught in a
    // repetition loop; verl logs it as response_length/clip_ratio): fitted on the verl fit rows (grid 0-2 %), whose
    // generate_sequences grows from 162 s to 247 s when the cap goes from 8K to 20K (one_step_off.md@b178a3c). 0.5 %
    // since verl's two offloads were told apart (rl_park; 2 % before, the grid's upper end).
    .cap_share = 0.005,
    // The RL trainer's speed relative to the step model's tuned stack: 1 (the fit rows' mean responses are
    // inferred from their update_actor through the step model, so they cannot also fit it).
    .train_eff = 1.0,
    // verl's fixed time per colocated step (FixedTransition): its single controller gathering the rollout batch
    // and dispatching it to the next phase through Ray (DataProto), the engine's wake-up and sleep: fitted on the
    // verl fit rows, which are every fit row, with the handoff below (grid 0-120 s); vLLM's bare wake is 0.1-6 s
    // (vLLM blog 2025-10-26, sleep mode). 10 s since the fit rows' actor offload parks the states between phases
    // and steps the optimizer on the GPU (rl_park; 40 s when it was planned as an optimizer on the CPU).
    .transition_s = 10.0,
    // The rollout batch handed from the engine to the trainer, every response padded to the cap (verl
    // agent_loop.py pads responses to rollout.response_length, and the single controller moves the padded
    // tensors): seconds per token slot, fitted on the verl fit rows (grid 0-0.6 us; their gen - generate_sequences,
    // 74 s at a 20K cap and 45 s at 8K in one_step_off.md@b178a3c, is both this and the fixed part). 0.2 us since
    // rl_park (0 before: generation waits for the engine holding the step's longest response, rl_rollout.cpp
    // SlowestShare, which grows with the cap already, and the fit can hardly tell the two apart: its loss is flat
    // along the ridge of transition and handoff, 0.1956 here against 0.1981 at 40 s and 0).
    .handoff_slots_s = 2e-7,
    // Per sync: verl's checkpoint-engine 7B sync of 0.02 s and its one-step-off "under 300ms"
    // (docs/advance/fully_async.md, one_step_off.md @b178a3c).
    .sync_fixed_s = 0.02,
    // MoE expert weights regathered from the EP/TP training layout: fitted on verl's checkpoint-engine syncs,
    // Qwen3-30B-A3B 4.38 s and Qwen3-235B-A22B 23.70 s (fully_async.md@b178a3c): ~20 GB/s.
    .moe_gather_bps = 20e9,
    // A rule's scoring per response (math_verify-style string checks, one process): our estimate, 0.2 ms.
    .rule_reward_s = 2e-4,
    // vLLM profiles its activation peak at max_num_batched_tokens: verl's 8,192 (_generated_ppo_trainer.yaml).
    .engine_act_tokens = 8192,
    // CUDA graphs stay on the GPU while the trainer runs (verl perf_tuning.rst: "cudagraph memory can not be
    // offloaded"); ~1 GB: our estimate for vLLM's graph pool at 256 sequences.
    .engine_graph_bytes = 1e9,
};

// What NeMo RL's offload_before_refit moves to the host, bytes per GPU (read at v0.3.0, b1c86a8; the same calls in
// v0.6.0): every optimizer state, `state[k] = v.to("cpu")`. Under Megatron those are the inner optimizer's states,
// Adam's two moments: the fp32 main weights are its parameters, not its state, and stay on the GPU (Megatron-LM
// 2ff0f09, the commit NeMo RL v0.3.0 pins: megatron/core/optimizer/optimizer.py _get_state returns
// self.optimizer.state; distrib_optimizer.py hands the inner optimizer shard_fp32_from_float16_params as its params).
// Its gradient buffers are freed, not copied (param_and_grad_buffer.py offload_to_cpu: grad_data.storage().resize_(0)).
// The colocated refit (HostMovesOf), the log-probability passes' memory (LogprobMemoryAt) and the memory while
// generating (ResidentWhileGenerating) read it.
double NemoOptimizerMoved(const Job& job, const MemoryBreakdown& m) {
  if (job.rl.framework != RlFramework::NemoRl) return 0.0;
  const Workload& w = job.work;
  const double states = OptimizerStateBytes(w.opt, true);
  const bool main_weights = StackOf(job).kind != StackKind::Fsdp && !w.optim_bf16 && w.prec != Precision::Fp32;
  return m.optimizer * (main_weights ? states / (4.0 + states) : 1.0);
}

// What the trainer's GPUs hold besides the policy's own training state: a reference (FSDP-sharded 16-bit weights;
// none under LoRA, where the adapter-free base is the reference; on the host when the policy offloads, and always
// under NeMo RL, below), PPO's critic (the policy's size and states), a reward model (sharded 16-bit weights).
struct Extras {
  double ref = 0, critic = 0, reward = 0, host = 0;
  bool verl_param_offload = false;  // verl offloads the actor's parameters between phases (below)
  double asleep = 0;                // OpenRLHF's DeepSpeed sleep: what it keeps on the host between fits (below)
};

// OpenRLHF's DeepSpeed sleep (rl_park under OpenRLHF: --ds.enable_sleep), read at v0.11.0 (3c3be62):
// utils/deepspeed/deepspeed_utils.py offload_deepspeed_states moves the optimizer states, the contiguous gradient
// buffer, the fp32 master weights (hp_params) and, from DeepSpeed 0.16.5 (requirements.txt pins 0.19.5), the 16-bit
// gradients to pinned host memory; the 16-bit weights stay on the GPU (lp_params is commented out), and with
// --ds.adam_offload it returns at once (the optimizer is on the CPU already). ppo_trainer.py's _run_sleep reloads them
// for each model's fit and offloads them after it (the actor's, and PPO's critic's: ppo_actor.py, ppo_critic.py), so
// the experience maker's passes (log-probabilities, values) and the engine's generation run with them asleep. Bytes
// per GPU, every model it puts to sleep.
double OpenrlhfSleepBytes(const Job& job, const Layout& layout, const MemoryBreakdown& m) {
  const RlSetup& r = job.rl;
  if (r.framework != RlFramework::Openrlhf || !r.park || layout.offload != Offload::None) return 0.0;
  return (m.optimizer + m.gradients) * (r.algo == RlAlgo::Ppo ? 2.0 : 1.0);  // the critic is the policy's size
}
// What the sleep takes out of the trainer's resident state (TrainerResident: the actor's gradients are not in it).
double OpenrlhfAsleepResident(const MemoryBreakdown& m, const Extras& x) {
  return x.asleep > 0 ? std::max(0.0, x.asleep - m.gradients) : 0.0;
}
// verl's FSDP reference runs under FSDP's CPU offload, its 16-bit shards in host memory ("We force reference policy to
// use CPUOffload to save memory": fsdp_workers.py _build_model_optimizer, CPUOffload(offload_params=True) for every
// role but the actor; the engine path's transformer_impl.py, forward_only engines, FSDP1 and FSDP2 alike, @b178a3c).
bool VerlHostReference(const Job& job) {
  return job.rl.framework == RlFramework::Verl && StackOf(job).kind == StackKind::Fsdp;
}

// The bytes verl's CPU-offloaded reference brings up from the host to each GPU during its pass: the GPU's 16-bit shard
// once per micro-batch (FSDP copies the shard to the GPU before gathering it, and frees it after).
double VerlReferenceStreamBytes(const Job& job, const Layout& layout, double sequences) {
  const RlSetup& r = job.rl;
  if (!VerlHostReference(job) || !r.ref || job.work.method != Method::Full) return 0.0;
  const double dp = std::max(1, layout.dp);
  const double batches = r.logprob_mb_tokens > 0
                             ? std::ceil(sequences * std::max(1, job.work.seq) / (dp * r.logprob_mb_tokens))
                             : std::ceil(sequences / (dp * std::max(1, r.LogprobMbs(layout.mbs))));
  const double shard = 2.0 * job.facts.pc.total / std::max(1, job.hw.gpus);
  return batches * shard;
}

Extras TrainerExtras(const Job& job, const Layout& layout, const MemoryBreakdown& policy) {
  const RlSetup& r = job.rl;
  Extras x;
  const double gpus = std::max(1, job.hw.gpus);
  // verl's actor offload (rl_park: param_offload, grad_offload and optimizer_offload, which its scripts set together:
  // the FSDP scripts' actor_offload, run_deepseek671b_math_megatron_96gb.sh's offload=True): the actor's states leave
  // the GPU between phases, rollout_mode offloads the weights again once the engine holds them (megatron_workers.py
  // and fsdp_workers.py rollout_mode, b178a3c: offload_megatron_model_to_cpu / offload_fsdp_model_to_cpu before the KV
  // cache is woken), and update_actor loads the model and the optimizer back to the GPU for the step (load_fsdp_model_
  // to_gpu, load_fsdp_optimizer; the Megatron worker's alike): the training phase holds them all, as without it.
  x.verl_param_offload = r.framework == RlFramework::Verl && r.park;
  const bool offload = layout.offload != Offload::None;
  if (r.ref && job.work.method == Method::Full) {
    // NeMo RL keeps the reference as a host copy of each rank's own state dict and swaps it into the model for its
    // pass (v0.6.0: megatron/setup.py setup_reference_model_state stores every tensor `.to(device="cpu")`,
    // automodel/setup.py's pinned get_cpu_state_dict; use_reference_model copies it in and the policy's out): the
    // policy's weights per GPU, on the host, none on the GPU.
    if (r.framework == RlFramework::NemoRl)
      x.host += policy.weights;
    else
      (offload || x.verl_param_offload || VerlHostReference(job) ? x.host : x.ref) += 2.0 * job.facts.pc.total / gpus;
  }
  if (r.algo == RlAlgo::Ppo) x.critic = policy.model_states;
  if (r.reward_params > 0) x.reward = 2.0 * r.reward_params / gpus;
  x.asleep = OpenrlhfSleepBytes(job, layout, policy);
  return x;
}

// Generation on the busiest engine (rl_rollout.cpp): prefill, decode, and the tail of the longest responses.
// A vLLM or SGLang engine's was simulated once for the Job (PrepareRollout); Transformers' generate depends on the
// layout and is simulated here.
void Generation(const Job& job, const RlEngineShape& e, RlStep& s) {
  const RlSetup::Rollout& once = job.rl.rollout;
  if (once.valid && job.rl.engine != RlEngine::Hf) {
    s.concurrency = once.concurrency, s.prefill_s = once.prefill_s, s.decode_s = once.decode_s, s.tail_s = once.tail_s;
  } else {
    const RlGeneration g = SimulateRollout(job, e);
    s.concurrency = g.peak_concurrency, s.prefill_s = g.prefill_s, s.decode_s = g.decode_s, s.tail_s = g.tail_s;
  }
  s.generation_s = s.prefill_s + s.decode_s + s.tail_s;
}

// NeMo RL's colocated refit hands the weights to vLLM over CUDA IPC in groups (grpo.py@b1c86a8
// refit_policy_generation: prepare_weights_for_ipc, then get_weights_ipc_handles and update_weights_from_ipc_handles
// per group): no bytes cross a link for the handover itself, but every trainer GPU first materialises the whole
// model, unsharded, group by group, and its colocated vLLM worker loads its own shard from that (vllm_backend.py
// update_weights_from_local_ipc_handles -> model.load_weights). What that gather moves into each GPU, for the dense
// weights (`dense` parameters; the experts: SyncSeconds):
// - Megatron (megatron_policy_worker.py get_weights_ipc_handles -> refit_utils.py gather_params, @b1c86a8): per
//   parameter, an all_gather over the tensor-parallel group and a broadcast from the owning pipeline stage over the
//   pipeline group, in the 16-bit training weights; broadcasting every stage's parameters to the pipeline group puts
//   on each GPU's link what an all-gather of the whole model does. Data- and context-parallel ranks already hold the
//   full weights (the distributed optimizer shards only its states).
// - DTensor (dtensor_policy_worker.py get_weights_ipc_handles @b1c86a8): DTensor.full_tensor() of each parameter,
//   an all-gather over the FSDP (data x context) mesh and then the tensor-parallel one, of the fp32 master weights
//   (the worker loads the model with torch_dtype=torch.float32), cast to bf16 after the gather.
// Each collective at the step model's rates where its group sits (step_comm.cpp Locate, AllGather).
double NemoRefitGatherSeconds(const Job& job, const Layout& l, double dense) {
  const step_detail::Fabric f =
      step_detail::MakeFabric(job, std::max(1, job.hw.gpus), step_detail::NetworkEfficiency(job.assume));
  const int tp = std::max(1, l.tp), cp = std::max(1, l.cp), dp = std::max(1, l.dp), pp = std::max(1, l.pp);
  using step_detail::AllGather, step_detail::Locate;
  if (StackOf(job).kind == StackKind::Fsdp) {
    const double fp32 = 4.0 * dense;
    return AllGather(fp32 / tp, Locate(f, dp * cp, tp)) + AllGather(fp32, Locate(f, tp, 1));
  }
  const double bf16 = 2.0 * dense;
  return AllGather(bf16 / pp, Locate(f, tp, 1)) + AllGather(bf16, Locate(f, pp, tp * cp * dp));
}

// NeMo RL's refit between split pools broadcasts the whole model from the trainer's ranks to the engines' over NCCL
// (grpo.py refit_policy_generation when not colocated, v0.5.0 and v0.6.0: policy.broadcast_weights_for_collective,
// generation.update_weights_from_collective),
// each parameter gathered from the training layout and packed into buffers, dense and expert weights alike. Its own
// measurements, non-colocated GRPO on H100: DeepSeek-V3 34 s and Qwen3-235B-A22B 13 s, then 14 s and 5.5 s once the
// parameter iteration overlapped the packing and broadcast (NVIDIA-NeMo/RL PR #1379, merged 2025-10-23, first
// released in v0.5.0 of 2026-01-30; the same DeepSeek-V3 layout's NCCL refit, 14.21 s, in
// docs/guides/checkpoint-engine-refit.md). Over the 16-bit weights, 2 x 671e9 B / 14 s = 96 GB/s and 2 x 235e9 B /
// 5.5 s = 85 GB/s: their geometric mean, 90 GB/s, measured on H100 clusters and set from these measurements alone
// (none of tests/data/rl_steps.json's rows). The releases before v0.5.0 moved 39 and 36 GB/s; they are not planned
// apart, as the post-training frameworks have no release key of their own (stack_year is the training stack's).
constexpr double kNemoCollectiveRefitBps = 90e9;

// The trainer -> engine weight sync: a fixed cost, the dense weights over the link (NeMo RL's colocated refit: gathered
// whole on every GPU, NemoRefitGatherSeconds; between its split pools, the whole model at its measured rate,
// kNemoCollectiveRefitBps), a MoE's experts regathered from the training layout at the measured rate (moe_gather_bps),
// NeMo RL's colocated refit too: its gather_params all_gathers each local expert's weights over the
// expert-parallel group one tensor at a time, whose bytes alone would take a fraction of any measured expert sync
// and whose per-tensor cost its code does not state.
double SyncSeconds(const Job& job, const Layout& layout) {
  const RlSetup& r = job.rl;
  const RlConstants& k = RlConstantsOf(job);
  const ParamCounts& pc = job.facts.pc;
  const double expert_all = double(pc.moe_layers) * pc.experts * pc.expert;
  const double dense = std::max(0.0, pc.total - expert_all);
  const double experts_s = 2.0 * expert_all / k.moe_gather_bps;
  if (r.framework == RlFramework::NemoRl && r.colocate)
    return k.sync_fixed_s + NemoRefitGatherSeconds(job, layout, dense) + experts_s;
  if (r.framework == RlFramework::NemoRl) return k.sync_fixed_s + 2.0 * pc.total / kNemoCollectiveRefitBps;
  // Colocated, or both pools in one node: over the node's link; else over the network.
  const LinkSpec* link = r.colocate || r.total_gpus <= job.hw.gpus_per_node ? job.hw.intra : job.hw.inter;
  const double bw = link && link->bw > 0 ? link->bw : 25e9;
  return k.sync_fixed_s + 2.0 * dense / bw + experts_s;
}

// What the trainer keeps on the GPU between its phases: the weights and optimizer states (gradients are freed after
// the step; offloaded states are on the host), the reference, critic and reward model.
double TrainerResident(const MemoryBreakdown& m, const Extras& x) {
  return m.weights + m.optimizer + x.ref + x.critic + x.reward;
}

// What the trainer parks on the host while its colocated engine generates, bytes per GPU:
// - NeMo RL: its refit runs offload_before_refit (the optimizer's moved states, NemoOptimizerMoved) and, once the
//   weights are handed over, offload_after_refit (the weights themselves: Megatron's param buffer into its pinned
//   copy, DTensor's model.to("cpu"); grpo.py refit_policy_generation, v0.3.0 to v0.6.0). What stays is Megatron's
//   fp32 main weights.
// - verl with its actor offload (rl_park, TrainerExtras): the actor's weights and optimizer states (none left on the
//   GPU when offload=cpu puts the optimizer on the CPU itself).
// - OpenRLHF with its DeepSpeed sleep (rl_park, OpenrlhfSleepBytes): the actor's optimizer states and fp32 master
//   weights, PPO's critic's with its gradients; the 16-bit weights stay.
// Unsloth's fast_inference (stack unsloth, vLLM in the trainer's process): the trainer's model is built on vLLM's own
// weight tensors (unsloth_zoo vllm_utils.py @ce232d6, convert_vllm_to_huggingface over get_vllm_state_dict), and
// load_vllm sizes the engine so: "vLLM reserves (util * 0.95 * total_vram) for KV cache + model weights. The remainder
// must fit the HF training side (LoRA params, optimizer states, activations, gradient checkpoints)". The weights the
// trainer counts are inside the engine's fraction while it generates; its standby (UNSLOTH_VLLM_STANDBY, rl_sleep=1)
// frees the KV cache while the trainer runs, and without it the engine stays (EngineWhileTraining).
double SharedWithEngine(const Job& job, const MemoryBreakdown& m) {
  const bool unsloth = job.stack && job.stack->kind == StackKind::Unsloth;
  return unsloth && job.rl.ColocatedEngine() && job.rl.engine == RlEngine::Vllm ? m.weights : 0.0;
}

double ParkedWhileGenerating(const Job& job, const MemoryBreakdown& m, const Extras& x) {
  const RlSetup& r = job.rl;
  if (!r.ColocatedEngine()) return 0.0;
  if (r.framework == RlFramework::NemoRl) return m.weights + NemoOptimizerMoved(job, m);
  if (r.framework == RlFramework::Openrlhf) return OpenrlhfAsleepResident(m, x);
  return x.verl_param_offload ? m.weights + m.optimizer : 0.0;
}

// The trainer's resident state while the engine generates (TrainerResident, less what it parks on the host), and the
// CUDA context. Under Unsloth's fast_inference the trainer's weights are the engine's (SharedWithEngine): counted once,
// in the engine's fraction.
double ResidentWhileGenerating(const Job& job, const MemoryBreakdown& m, const Extras& x, double context) {
  return TrainerResident(m, x) - ParkedWhileGenerating(job, m, x) - SharedWithEngine(job, m) + context;
}

// Whether a colocated engine keeps its weights in pinned host memory while the trainer runs: vLLM asleep at level 1
// under NeMo RL (vllm.py `llm.sleep(level=1)`, vllm/device_allocator/cumem.py's CPU backup) and OpenRLHF
// (vllm_engine.py sleep(level=1)); verl's hybrid engine sleeps at level 2, discarding them (vllm_async_server.py
// @b178a3c), and so does TRL's colocated engine under vllm_enable_sleep_mode (`self.llm.sleep(level=2)` in
// GRPOTrainer's generation, as copies of grpo_trainer.py show it; not read at the pinned f2cd577).
bool EngineWeightsOnHost(const Job& job) {
  const RlFramework fw = job.rl.framework;
  return job.rl.ColocatedEngine() && job.rl.sleep && (fw == RlFramework::NemoRl || fw == RlFramework::Openrlhf);
}

// Host memory per node the step needs (NodeGpus of them): what the policy offloads beside its own (the reference's
// copy), what the trainer parks while generating (OpenRLHF's sleep: everything it moves, colocated or not), and a
// sleeping engine's weights (EngineWeightsOnHost); per GPU, times the node's GPUs.
double RlHostPerNode(const Job& job, const MemoryBreakdown& m, const Extras& x) {
  const double parked = x.asleep > 0 ? x.asleep : ParkedWhileGenerating(job, m, x);
  return (x.host + parked + (EngineWeightsOnHost(job) ? m.rl_engine.weights : 0.0)) * NodeGpus(job.hw);
}

// The activations of generation inside the trainer (hf's eager generate): a tenth of the training's.
double HfGenerateActivations(const Job& job, const MemoryBreakdown& m) {
  return job.rl.engine == RlEngine::Hf ? 0.1 * m.activations : 0.0;
}

// What generation inside the trainer (hf) has beside its resident state: the usable memory less that state and
// the eager generate's activations; -1 for the other engines (not asked).
double HfFree(const Job& job, const MemoryBreakdown& m, double resident) {
  return job.rl.engine == RlEngine::Hf ? m.usable - resident - HfGenerateActivations(job, m) : -1.0;
}

// The generation phase's memory per GPU: colocated, the trainer's resident state, the engine and hf's eager-generate
// activations; split, a rollout GPU's engine and CUDA context. The fit check (AddRlMemory) and the reported figure
// (EstimateRl) both read it.
double GenerationMemory(const Job& job, const MemoryBreakdown& m, const RlEngineShape& e, double resident,
                        double context) {
  return job.rl.colocate ? resident + e.total + HfGenerateActivations(job, m) : e.total + context;
}

// The passes without gradients over every sequence: the old policy's log-probabilities, the reference's, PPO's
// critic values.
enum class LogprobPass { Policy, Reference, Critic };

// Bytes per logit alive at a log-probability pass's peak, on the last pipeline stage (per logit of the vocabulary's
// share on one of the tp tensor-parallel ranks), as each framework's code computes it under torch.no_grad /
// forward_only: the model's 16-bit logits and what the log-probability makes beside them. PPO's critic has a one-wide
// value head: none.
double LogprobBytesPerLogit(const Job& job, int tp, LogprobPass pass) {
  if (pass == LogprobPass::Critic) return 0.0;
  const bool megatron = job.work.modeling == ModelCode::Megatron;
  const bool policy = pass == LogprobPass::Policy;
  switch (job.rl.framework) {
    // verl, read at b178a3cd56f58b2d502255daba591e92833930a7. fsdp_workers.py compute_log_prob runs the old policy
    // with calculate_entropy = not is_lora (True) and the reference (compute_ref_log_prob, or the adapter-free base
    // under LoRA) with False.
    // - FSDP (workers/actor/dp_actor.py _forward_micro_batch, under torch.autocast, remove-padding: the micro-batch's
    //   real tokens): the model's logits are 16-bit (Transformers' lm_head output; the head no longer upcasts them:
    //   INFERRED from the Transformers snapshot saves.cpp reads), divided by the temperature in place;
    //   utils/torch_functional.py logprobs_from_logits runs flash-attn's Triton cross_entropy_loss (per-row outputs
    //   only) or, without flash-attn, logprobs_from_logits_v2's row-by-row log_softmax (one row's fp32 at a time);
    //   the entropy (entropy_from_logits) is torch.compile'd by default (use_torch_compile: True), which fuses the
    //   softmax, logsumexp and sum(p * logits) into reductions that keep no per-logit tensor (INFERRED from Inductor's
    //   fusion; uncompiled it would add an fp32 softmax and an fp32 logsumexp input, 8 B). 2 B either pass.
    // - Megatron (workers/actor/megatron_actor.py forward_step's logits_processor, use_fused_kernels False): the
    //   16-bit vocabulary-parallel logits; with the entropy a clone (logits_bak = logits.clone(), "increases memory
    //   usage" in its own comment; utils/megatron/tensor_parallel.py _VocabParallelEntropy's softmax is 16-bit, in
    //   place, 2 B beside them) and then Megatron's vocab_parallel_cross_entropy, whose calculate_logits_max makes an
    //   fp32 copy worked on in place (saves.cpp LossOf, Megatron): 2 + 2 + 4 = 8 B the old policy's, 2 + 4 = 6 B the
    //   reference's.
    case RlFramework::Verl: return megatron ? (policy ? 8.0 : 6.0) : 2.0;
    // NeMo RL, read at v0.3.0 (b1c86a816c5e2b4ca41ece193624a38dc62e6fdf), the policy and the reference alike.
    // - Megatron (megatron_policy_worker.py get_logprobs' collection_fn): with sequence packing, on in the v0.3.0
    //   recipes (examples/configs/grpo_math_1B.yaml sequence_packing.enabled: True),
    //   distributed/model_utils.py from_parallel_logits_to_logprobs_packed_sequences runs DistributedLogprob on the
    //   16-bit logits: _compute_distributed_log_softmax's shifted copy and exp's temporary, then the log-softmax and
    //   its clone, each 16-bit beside the logits: 2 + 2 + 2 = 6 B (unpacked it would first copy them to fp32: 14 B).
    // - DTensor (dtensor_policy_worker.py get_logprobs): outputs.logits (16-bit, kept by `outputs`) .to(float32) and
    //   log_softmax of that: 2 + 4 + 4 = 10 B; with tensor parallelism the fp32 copy goes through DistributedLogprob
    //   (the shifted copy and exp's temporary, then the log-softmax and its clone, each fp32): 2 + 4 + 4 + 4 = 14 B.
    case RlFramework::NemoRl: return megatron ? 6.0 : tp > 1 ? 14.0 : 10.0;
    // OpenRLHF, read at 3c3be62 (the policy and the reference run the same Actor.forward under torch.no_grad):
    // models/actor.py replaces the model's 16-bit logits by an fp32 copy (`output["logits"].to(torch.float32)`, the
    // 16-bit ones freed with it) and models/utils.py log_probs_from_logits takes flash-attn's Triton
    // cross_entropy_loss of that copy (per-row outputs only; without flash-attn a gather and a logsumexp over
    // 1,024-row chunks): 2 + 4 = 6 B at the cast. OpenRLHF trains with DeepSpeed on the model's own code, no Megatron.
    case RlFramework::Openrlhf: return 6.0;
    // TRL's GRPOTrainer (f2cd577), the old policy's and the reference's passes under no_grad:
    // _get_per_token_logps_and_entropies keeps the completion's 16-bit logits (logits_to_keep: Workload::logit_skip)
    // and selective_log_softmax makes one sequence's log_softmax at a time: 2 B per logit and a row beside them.
    case RlFramework::Trl:
      if (!job.rl.Dpo()) return 2.0;
      [[fallthrough]];
    // DeepSpeed-Chat's log-probability code and TRL's DPO have not been read: INFERRED, the unfused log-softmax of the
    // training loss's forward (saves.cpp LossOf: Transformers' 16-bit logits, an fp32 copy and its log-softmax, 10 B;
    // Megatron's 16-bit logits and fp32 copy, 6 B), an upper figure for what they do.
    default: return megatron ? 6.0 : 10.0;
  }
}

// The sleeping engine's CUDA graphs, on a colocated trainer's GPUs while the trainer runs (RlConstants).
double SleepingEngineGraphs(const Job& job) {
  return job.rl.ColocatedEngine() ? RlConstantsOf(job).engine_graph_bytes : 0.0;
}

// What a colocated engine holds on the trainer's GPUs while the trainer runs: its CUDA graphs when it sleeps
// (rl_sleep), else its whole memory (m.rl_engine: the fraction's weights, profiled activations and KV cache, and the
// graphs) less the weights it shares with the trainer (Unsloth's, SharedWithEngine).
double EngineWhileTraining(const Job& job, const MemoryBreakdown& m) {
  if (!job.rl.ColocatedEngine()) return 0.0;
  if (job.rl.sleep) return SleepingEngineGraphs(job);
  return std::max(SleepingEngineGraphs(job), m.rl_engine.total - SharedWithEngine(job, m));
}

// The training phase's memory per GPU: the policy's training peak, the reference, critic and reward model beside it,
// the engine as it is while the trainer runs (EngineWhileTraining). The fit check (AddRlMemory, once it has sized the
// engine) and the reported phases (EstimateRl) both read it.
double TrainingMemory(const Job& job, const MemoryBreakdown& m, const Extras& x) {
  return m.policy_total + x.ref + x.critic + x.reward + EngineWhileTraining(job, m);
}

// A pass's memory per GPU, the most loaded: the trainer's resident state (as while generating: weights, optimizer
// states unless offloaded, NeMo RL's moved to the host, the reference, critic and reward model; the training's
// gradients are freed, INFERRED alike for Megatron's gradient buffer under verl), the sleeping engine's graphs, and the
// forward without gradients at the log-probability micro-batch, its longest (RlPeakSeq; memory.h ForwardOnlyBytes:
// CUDA context, NCCL, workspaces, one layer or the logits at LogprobBytesPerLogit). The fit check (AddRlMemory) and the
// reported phases (EstimateRl) both read it. With pp > 1 the resident state is the most loaded stage's and the logits
// the last stage's: their sum bounds the peak.
double LogprobMemoryAt(const Job& job, const Layout& layout, const MemoryBreakdown& m, const Extras& x,
                       double per_logit) {
  // NeMo RL moves the optimizer states to the host for these passes: grpo.py (v0.3.0, b1c86a8; the same in v0.5.0
  // and v0.6.0) calls policy.prepare_for_lp_inference() before get_logprobs and get_reference_policy_logprobs, and
  // both workers' prepare_for_lp_inference (megatron_policy_worker.py, dtensor_policy_worker.py) runs
  // offload_before_refit: every optimizer state `.to("cpu")` (Megatron's gradient buffers freed too);
  // prepare_for_training brings them back. OpenRLHF's passes run while its DeepSpeed states sleep (OpenrlhfSleepBytes).
  const int mbs = job.rl.LogprobMbs(layout.mbs);
  return TrainerResident(m, x) - NemoOptimizerMoved(job, m) - OpenrlhfAsleepResident(m, x) +
         EngineWhileTraining(job, m) +
         ForwardOnlyBytes(job, layout, mbs, RlPeakSeq(job, mbs, job.rl.logprob_mb_tokens), per_logit);
}
double LogprobMemory(const Job& job, const Layout& layout, const MemoryBreakdown& m, const Extras& x,
                     LogprobPass pass) {
  return LogprobMemoryAt(job, layout, m, x, LogprobBytesPerLogit(job, std::max(1, layout.tp), pass));
}

// The largest of the log-probability passes a step runs (the old policy's, not DPO's; the reference's; PPO's
// values): they differ only in their bytes per logit, and the memory grows with them, so the search estimates one
// pass, the one with the most.
double LogprobPeak(const Job& job, const Layout& layout, const MemoryBreakdown& m, const Extras& x) {
  const RlSetup& r = job.rl;
  const int tp = std::max(1, layout.tp);
  double per_logit = -1;
  if (!r.Dpo()) per_logit = LogprobBytesPerLogit(job, tp, LogprobPass::Policy);
  if (r.ref) per_logit = std::max(per_logit, LogprobBytesPerLogit(job, tp, LogprobPass::Reference));
  if (r.algo == RlAlgo::Ppo) per_logit = std::max(per_logit, LogprobBytesPerLogit(job, tp, LogprobPass::Critic));
  return per_logit < 0 ? 0.0 : LogprobMemoryAt(job, layout, m, x, per_logit);
}

// What the framework's own code moves over each trainer GPU's host link (PCIe, or GB200's NVLink-C2C) in one step,
// bytes per GPU, and the seconds that takes with every GPU of the node moving at once (step_internal.h HostLinkBw, the
// offload's rule); pageable copies at kPageableCopyBps (rl.h).
struct HostMoves {
  double refit = 0;           // pinned copies out to the host between phases: NeMo RL's colocated refit (the engine's
                              // weights woken, Megatron's weights out), OpenRLHF's sleep after each fit
  double refit_pageable = 0;  // its copies into fresh pageable memory: the optimizer states, DTensor's weights
  double back = 0;            // what comes back: Megatron's weights before the passes, from their pinned copy;
                              // OpenRLHF's asleep states before each fit
  double back_pageable = 0;   // ... from the pageable copies the refit made: DTensor's weights, the optimizer states
  double reference = 0;       // the reference pass: NeMo RL's swaps of the weights, verl's offloaded shards brought up
  double bps = 1;
  double RefitSeconds() const { return refit / bps + refit_pageable / std::min(bps, kPageableCopyBps); }
  double BackSeconds() const { return back / bps + back_pageable / std::min(bps, kPageableResidentCopyBps); }
};
// `sequences`: the step's, over which the reference's pass runs (verl's micro-batches bring its shards up).
HostMoves HostMovesOf(const Job& job, const Layout& layout, const MemoryBreakdown& m, const Extras& x,
                      const RlEngineShape& e, double sequences) {
  const RlSetup& r = job.rl;
  HostMoves h;
  h.bps = step_detail::HostLinkBw(step_detail::MakeFabric(job, std::max(1, job.hw.gpus), 1.0));
  const bool dtensor = StackOf(job).kind == StackKind::Fsdp;
  switch (r.framework) {
    // NeMo RL, read at v0.3.0 (b1c86a816c5e2b4ca41ece193624a38dc62e6fdf), both policy backends. The colocated
    // refit (grpo.py refit_policy_generation, the prepare_for_generation timer):
    // - offload_before_refit moves the optimizer's states to the host (NemoOptimizerMoved), into fresh pageable
    //   memory (megatron_policy_worker.py, dtensor_policy_worker.py).
    // - vLLM, asleep at level 1 (vllm.py `llm.sleep(level=1)`: its weights backed up in pinned host memory,
    //   vllm/device_allocator/cumem.py), wakes its weights (prepare_for_generation(tags=["weights"])): copied back.
    // - the weights are gathered on every GPU and handed over CUDA IPC: the weight sync (NemoRefitGatherSeconds).
    // - offload_after_refit moves the policy's weights to the host: Megatron's param buffer into its pinned copy
    //   (offload_to_cpu: param_data_cpu, pinned, reused every step); DTensor's fp32 weights by model.to("cpu"),
    //   pageable (move_to_cpu -> move_to_device).
    // After generation the same bytes come back, outside the refit (grpo.py's logprob_inference_prep and
    // training_prep timers, v0.3.0 to v0.6.0): prepare_for_lp_inference moves the weights to the GPU (Megatron's
    // move_model -> reload_from_cpu from the pinned copy; DTensor's move_to_cuda from its pageable one), and
    // prepare_for_training the optimizer's states ("reload optim to GPU": `v.to("cuda")` of each pageable state; v0.6
    // when colocated, `is_generation_colocated`).
    // The reference's log-probabilities (use_reference_model in both workers) copy the policy's state dict to the
    // host, the reference's host copy into the model, and the policy's back: three copies of the weights (DPO's
    // reference pass too: dpo.py calls get_reference_policy_logprobs).
    case RlFramework::NemoRl:
      if (r.ColocatedEngine()) {
        h.refit_pageable = h.back_pageable = NemoOptimizerMoved(job, m);
        h.refit = e.weights;
        (dtensor ? h.refit_pageable : h.refit) += m.weights;
        (dtensor ? h.back_pageable : h.back) += m.weights;
      }
      if (r.ref && job.work.method == Method::Full) h.reference = 3.0 * m.weights;
      return h;
    // verl's actor offload is inside its fitted transition (FixedTransition); its FSDP reference, CPU-offloaded, brings
    // its shards up on every micro-batch of its pass (VerlReferenceStreamBytes).
    case RlFramework::Verl: h.reference = VerlReferenceStreamBytes(job, layout, sequences); return h;
    // OpenRLHF's DeepSpeed sleep (OpenrlhfSleepBytes, TrainerExtras): reload_deepspeed_states before each model's fit,
    // then offload_deepspeed_states after it, into and out of pinned host memory (pin_memory=True, non_blocking), every
    // step; the trainer waits for both (ppo_trainer.py _run_sleep: ray.get on each).
    // Its colocated vLLM sleeps at level 1 (vllm_engine.py sleep(level=1) after each generation, samples_generator.py):
    // the weights go to pinned host memory, and broadcast_to_vllm's wake_up(tags=["weights"]) copies them back before
    // the new ones are broadcast over them (ppo_trainer.py): the engine's weights both ways, every step.
    case RlFramework::Openrlhf:
      h.back = h.refit = x.asleep;
      if (r.ColocatedEngine()) h.refit += 2.0 * e.weights;
      return h;
    // TRL's and DeepSpeed-Chat's have not been read: none planned.
    default: return h;
  }
}

void SetPhase(RlStep& s, RlPhaseKind k, double seconds, double memory, double gpus) {
  s.phases[int(k)] = {Pos(seconds), Pos(memory), gpus};
}

}  // namespace

double RlTrainingBytesPerLogit(const Job& job) {
  const RlSetup& r = job.rl;
  if (r.Dpo() || job.work.modeling == ModelCode::Megatron) return 0.0;
  switch (r.framework) {
    // verl's FSDP actor (read at b178a3c): dp_actor.py _forward_micro_batch divides the model's 16-bit logits by the
    // temperature in place and takes the log-probabilities with flash-attn's Triton cross_entropy_loss,
    // inplace_backward=True (utils/torch_functional.py logprobs_from_logits), whose backward writes the gradient into
    // the logits' own storage; no entropy by default (entropy_coeff 0, calculate_entropy false:
    // _generated_ppo_trainer.yaml): 2 B per logit at the peak.
    case RlFramework::Verl: return 2.0;
    // OpenRLHF's actor (read at 3c3be62) trains on an fp32 copy of the logits (models/actor.py Actor.forward,
    // `.to(torch.float32)`, the 16-bit ones freed with the cast) through flash-attn's cross_entropy_loss without
    // inplace_backward (models/utils.py log_probs_from_logits), which keeps that copy for its backward and allocates
    // an fp32 gradient beside it; no entropy by default (--actor.entropy_coef None, cli/train_ppo_ray.py): 4 + 4 = 8 B
    // per logit at the peak (6 B at the cast).
    case RlFramework::Openrlhf: return 8.0;
    // TRL's GRPOTrainer (read at f2cd577): _get_per_token_logps_and_entropies takes the completion's log-probabilities
    // (RlLogitSkip) with utils.py selective_log_softmax, which in 16 bits loops over the sequences: each row's
    // log_softmax is kept for its backward beside the 16-bit logits (the entropy runs under no_grad, in 128-row
    // chunks): 2 + 2 = 4 B per logit at the peak (INFERRED from what autograd keeps: log_softmax saves its output; the
    // logits die with the call).
    case RlFramework::Trl: return r.algo == RlAlgo::Grpo ? 4.0 : 0.0;
    default: return 0.0;
  }
}

double RlLogitSkip(const Job& job) {
  // TRL's GRPOTrainer (f2cd577) _compute_loss: logits_to_keep = completion_ids.size(1), and Transformers' heads slice
  // hidden_states before lm_head: the prompt's positions get no logits.
  const RlSetup& r = job.rl;
  return r.framework == RlFramework::Trl && r.algo == RlAlgo::Grpo ? r.prompt_len : 0.0;
}

const RlConstants& RlDefaults() { return kDefaults; }
double FixedTransition(const Job& job, const RlConstants& k) {
  const RlSetup& r = job.rl;
  if (r.engine == RlEngine::Hf) return 0.0;
  switch (r.framework) {
    // verl: between generation and the trainer, RayPPOTrainer.fit moves the whole batch through its single
    // controller (DataProto gathered from the rollout workers and dispatched to the actor's, single_controller/ray
    // decorators; the `gen` timer holds AgentLoopManager.generate_sequences' post-processing and padded return and
    // the replicas' sleep, ray_trainer.py@b178a3c): fitted, transition_s when colocated, and the padded batch
    // handed over (handoff_slots_s per token slot, every response padded to the cap).
    case RlFramework::Verl:
      return (r.colocate ? k.transition_s : 0.0) +
             double(r.prompts) * r.samples * (r.prompt_len + r.max_response_len) * k.handoff_slots_s;
    // NeMo RL's refit (refit_policy_generation, grpo.py@v0.3.0: offload, wake, weights over CUDA IPC handles,
    // prepare_refit_info), OpenRLHF's _broadcast_to_vllm (wake_up, NCCL broadcast per parameter, sleep,
    // ppo_trainer.py), TRL's _move_model_to_vllm (load_weights into the colocated engine, grpo_trainer.py) and
    // DeepSpeed-Chat's hybrid engine are the weight sync, planned as such (SyncSeconds); none passes the batch
    // through a single controller between phases. No fit rows: nothing beyond the sync is planned for them.
    default: return 0.0;
  }
}

const RlConstants& RlConstantsOf(const Job& job) { return job.rl.constants ? *job.rl.constants : kDefaults; }

double KvBytesPerToken(const ModelArch& m, int tp) {
  if (m.layers <= 0) return 0;
  tp = std::max(1, tp);
  if (m.kv_lora_rank > 0) return double(m.layers) * (m.kv_lora_rank + m.qk_rope_dim) * 2.0;  // replicated on TP
  const int heads = m.kv_heads > 0 ? m.kv_heads : m.heads;
  const double head_dim = m.head_dim > 0 ? m.head_dim : double(m.hidden) / std::max(1, m.heads);
  const double per_gpu = std::max(1.0, double(heads) / tp);
  return double(m.layers) * 2.0 * per_gpu * head_dim * 2.0;
}

// The longest micro-batch each framework trains and runs its log-probability passes on, read at source:
// - verl (b178a3cd56f58b2d502255daba591e92833930a7, workers/actor/dp_actor.py): update_policy splits each mini-batch
//   into ppo_micro_batch_size_per_gpu sequences (`mini_batch.split(self.config.ppo_micro_batch_size_per_gpu)`) and
//   compute_log_prob into log_prob_micro_batch_size_per_gpu (`data.split(micro_batch_size)`); each sequence is its
//   prompt and response, the response up to max_response_length. With use_remove_padding, verl's default
//   (verl/trainer/config/model/hf_model.yaml `use_remove_padding: True`), a micro-batch is its real tokens: the
//   longest micro-batch of a step holds its longest response and, beside it, mbs - 1 responses drawn in data order,
//   planned at the mean (INFERRED: their spread about the mean is left out); one sequence per micro-batch is the
//   longest response itself. Without it, every response is padded to the longest. With use_dynamic_bsz
//   the micro-batches are token budgets instead (prepare_dynamic_batch, max_token_len = ppo_max_token_len_per_gpu,
//   log_prob_max_token_len_per_gpu): rl_mb_tokens, below.
// - TRL (f2cd57710ae345ea6428ae95363267fcf38a3dc8, trl/trainer/grpo_trainer.py _generate_and_score_completions):
//   the generation batch's prompts are padded left to its longest and its completions right to its longest
//   (`pad(..., padding_side="left")`, `pad(..., padding_side="right")`), completions capped at max_completion_length
//   (max_new_tokens); split_tensor_dict cuts that batch into the training's micro-batches, each row as long as the
//   batch's longest prompt and completion: mbs sequences of the prompt and the longest response.
// - OpenRLHF (3c3be6234e0cb353e76bb8019947db9dfe99fca7, openrlhf/trainer/ppo_utils/experience_maker.py
//   split_rollout_samples, experience.py make_experience_batch): micro_batch_size samples padded right to the
//   longest (zero_pad_sequences): the same worst case; with --train.dynamic_batch_enable, max_tokens_per_gpu tokens
//   (rl_mb_tokens, as verl's). DeepSpeed-Chat's is not read: INFERRED the same.
// - NeMo RL (v0.3.0, b1c86a816c5e2b4ca41ece193624a38dc62e6fdf): sequence packing, on in its recipes
//   (examples/configs/grpo_math_1B.yaml sequence_packing.enabled: True beside dtensor_cfg.enabled: true; lm_policy.py
//   "Sequence packing requires Megatron or DTensor policies"), packs each micro-batch up to train_mb_tokens =
//   max_total_sequence_length x train_micro_batch_size tokens (logprob_mb_tokens = max_total_sequence_length x
//   logprob_batch_size for get_logprobs and get_reference_policy_logprobs; lm_policy.py train / get_logprobs,
//   max_tokens_per_microbatch), and the DTensor worker pads each packed micro-batch to at least that
//   (dtensor_policy_worker.py train: pack_sequences(..., min_seq_len=train_mb_tokens)); max_total_sequence_length
//   is the prompt and the longest response (generation max_new_tokens: ${policy.max_total_sequence_length}). The
//   plan's micro-batch of mbs mean sequences is what a packed bin holds (the rows' and docs/rl.md's reading), so
//   the budget is the least whole number of longest sequences that holds them, each of the mbs sequences planned
//   at its share.
// The prompt is rl_prompt_len (no key states a longest prompt); padded as the mean (job.h RlPaddedTokens).
int RlPeakSeq(const Job& job, int mbs, int budget) {
  const RlSetup& r = job.rl;
  const int seq = std::max(1, job.work.seq);
  if (!r.Active()) return seq;
  const int longest = r.LongestTokens();
  mbs = std::max(1, mbs);
  // A token budget (rl_mb_tokens): verl's dynamic batches split the mini-batch into ceil(tokens / budget) balanced
  // micro-batches (seqlen_balancing.py rearrange_micro_batches), NeMo RL and OpenRLHF pack bins of at most the
  // budget: the longest micro-batch is planned as the full budget over its sequences, none longer than the longest.
  // OpenRLHF runs a sequence longer than the budget alone (rl_setup.cpp ResolveTokenBudgets): that micro-batch holds
  // it.
  if (budget > 0 && r.framework == RlFramework::Openrlhf) budget = std::max(budget, longest);
  if (budget > 0) return std::max(seq, std::min(longest, RlPaddedTokens(int(std::ceil(double(budget) / mbs)))));
  if (r.framework == RlFramework::Verl) {  // real tokens: one longest response and mbs - 1 at the mean
    const double response = (std::max(r.response_len, r.max_response_len) + (mbs - 1) * r.response_len) / mbs;
    return std::max(seq, RlPaddedTokens(int(std::ceil(r.prompt_len + response))));
  }
  if (r.framework != RlFramework::NemoRl) return std::max(seq, longest);
  const double held = double(mbs) * seq;
  const double packed = std::ceil(held / longest) * longest;
  return std::max(seq, RlPaddedTokens(int(std::ceil(packed / mbs))));
}

void AddRlMemory(const Job& job, const Layout& layout, MemoryBreakdown& memory) {
  memory.policy_total = memory.total;
  const RlSetup& r = job.rl;
  if (!r.Active() || !job.hw.gpu) return;
  // The policy's training at its longest micro-batch (RlPeakSeq): the workload's memory at that length, on a copy
  // whose RL section is off (its EstimateMemory returns the policy's own, no recursion). The step's time stays at
  // the mean (job.work.seq); the rest of the breakdown too.
  if (const int peak = RlPeakSeq(job, layout.mbs, r.mb_tokens); peak > job.work.seq) {
    Job at = job;
    at.work.seq = peak;
    at.rl.algo = RlAlgo::None;
    const MemoryBreakdown longest = EstimateMemory(at, layout);
    memory.policy_total = std::max(memory.total, longest.total);
    memory.short_of |= longest.short_of;
    memory.host_bytes = std::max(memory.host_bytes, longest.host_bytes);
  }
  const Extras x = TrainerExtras(job, layout, memory);
  const double context = 1e9 * Pos(job.assume.cuda_context_gb);
  const bool dpo = r.algo == RlAlgo::Dpo;
  double gen = 0;
  bool kv_ok = true;
  if (!dpo) {
    const double resident = ResidentWhileGenerating(job, memory, x, context);
    memory.rl_engine = MakeRlEngine(job, layout, HfFree(job, memory, resident));
    const RlEngineShape& e = memory.rl_engine;
    const double one_seq = (r.prompt_len + r.max_response_len) * e.kv_token;
    kv_ok = r.engine == RlEngine::Hf || e.kv_budget >= one_seq;
    gen = GenerationMemory(job, memory, e, resident, context);
  }
  // Training beside the engine as it is then (sized above), and the log-probability passes at their own micro-batch
  // (rl_logprob_mbs), forward only.
  const double train = TrainingMemory(job, memory, x);
  const double logprob = LogprobPeak(job, layout, memory, x);
  const double total = std::max({train, gen, logprob});
  memory.rl_phase = total - memory.total;
  memory.total = total;
  memory.host_bytes += RlHostPerNode(job, memory, x);
  // What the step parks on the host must fit there too, as an offload's states do (memory.cpp).
  memory.short_of |= uint8_t((total <= memory.usable ? 0 : kShortGpu) |
                             (memory.host_bytes <= HostBytesPerNode(job) ? 0 : kShortHost) | (kv_ok ? 0 : kShortKv));
  memory.fits = memory.short_of == 0;
}

// Reward: a rule on the CPU, or the reward model's forward on the trainer's GPUs. DPO scores nothing.
double RewardSeconds(const Job& job) {
  const RlSetup& r = job.rl;
  if (!r.Active() || r.algo == RlAlgo::Dpo || !job.hw.gpu) return 0.0;
  const double sequences = double(r.prompts) * r.samples;
  const double peak = Peak16(*job.hw.gpu) * 0.4;
  return r.reward_params > 0 && peak > 0
             ? 2.0 * r.reward_params * sequences * job.work.seq / (std::max(1, job.hw.gpus) * peak)
             : sequences * RlConstantsOf(job).rule_reward_s;
}

double RlStepSeconds(const Job& job, double generation_s, double trainer_side_s, double sync_s) {
  // One-step-off or streaming on split pools: this step's generation runs while the previous step trains (verl
  // one_step_off.md, NeMo RL async_grpo): the step is the slower of the two pools, plus the sync between them.
  if (job.rl.async && !job.rl.colocate) return std::max(generation_s, trainer_side_s) + sync_s;
  return generation_s + trainer_side_s + sync_s;
}

double RlSecondsPerUpdate(const Job& job, double rl_step_s, int batch) {
  const double sequences = double(job.rl.prompts) * job.rl.samples;
  return rl_step_s * double(std::max(1, batch)) / std::max(1.0, sequences);
}

RlLayoutFree RlLayoutFreeSeconds(const Job& job) {
  RlLayoutFree f;
  const RlSetup& r = job.rl;
  if (!r.Active() || r.algo == RlAlgo::Dpo) return f;
  // A vLLM or SGLang engine's rollout was simulated once for the job (Generation); Transformers' generate runs
  // inside the trainer, at its layout.
  if (r.rollout.valid && r.engine != RlEngine::Hf)
    f.generation_s = r.rollout.prefill_s + r.rollout.decode_s + r.rollout.tail_s;
  f.reward_s = RewardSeconds(job);
  f.transition_s = FixedTransition(job, RlConstantsOf(job));
  return f;
}

double RlSecondsPerUpdateAtLeast(const Job& job, const RlLayoutFree& f, double policy_step_s, int batch) {
  if (!job.rl.Active()) return policy_step_s;
  // The training phase is the policy's steps over every sequence (EstimateRl, at the RL trainer's speed, its packing
  // taken as no faster than the plan's mean sequence); the log-probability passes and the sync at least nothing.
  const double sequences = double(job.rl.prompts) * job.rl.samples;
  const double training = policy_step_s * sequences / double(std::max(1, batch)) / RlConstantsOf(job).train_eff;
  const double step = RlStepSeconds(job, f.generation_s, training + f.reward_s, f.transition_s);
  return RlSecondsPerUpdate(job, step, batch);
}

RlStep EstimateRl(const Job& job, const Layout& layout, const MemoryBreakdown& policy_memory,
                  const StepBreakdown& policy_step) {
  RlStep s;
  const RlSetup& r = job.rl;
  if (!r.Active() || !job.hw.gpu) return s;
  s.active = true;
  const RlConstants& k = RlConstantsOf(job);
  const bool dpo = r.algo == RlAlgo::Dpo, ppo = r.algo == RlAlgo::Ppo;
  s.sequences = double(r.prompts) * r.samples;
  const double trainer_gpus = std::max(1, job.hw.gpus);
  const Extras x = TrainerExtras(job, layout, policy_memory);

  // Training: the policy's optimizer steps on the mini-batch, at the RL trainer's speed; PPO's critic alike.
  // policy_step trains GlobalBatch sequences; the RL step trains every sequence once per epoch of its updates.
  const double batch = std::max(1, GlobalBatch(job.work, layout));
  // NeMo RL packs the step's ragged sequences and pads them as its code does (rl_rollout.cpp PackedTokenFactor):
  // the slowest replica's tokens over the plan's, on the training and on the log-probability passes.
  double train_pack = 1.0, logprob_pack = 1.0;
  // GRPO and PPO only: DPO's pairs come from a data set, not from the rollout's length law.
  if (r.framework == RlFramework::NemoRl && !dpo) {
    const bool dtensor = StackOf(job).kind == StackKind::Fsdp;
    RlPacking pk;
    pk.sequences = int(std::min(s.sequences, 1e9));
    pk.dp = layout.dp;
    pk.planned_seq = job.work.seq;
    pk.pad_multiple = layout.cp > 1 ? 2 * layout.cp * layout.tp : layout.tp;
    pk.pad_to_longest_bin = !dtensor && layout.pp > 1;
    RlPacking train_pk = pk, lp_pk = pk;
    train_pk.chunk = int(batch), train_pk.mbs = layout.mbs, train_pk.dtensor_train = dtensor;
    train_pk.budget = r.mb_tokens;
    lp_pk.chunk = pk.sequences, lp_pk.mbs = r.LogprobMbs(layout.mbs), lp_pk.dtensor_logprob = dtensor;
    lp_pk.budget = r.logprob_mb_tokens;
    train_pack = PackedTokenFactor(job, train_pk);
    logprob_pack = PackedTokenFactor(job, lp_pk);
  }
  s.train_packing = train_pack, s.logprob_packing = logprob_pack;
  const double policy_train = Pos(policy_step.seconds) * (s.sequences / batch) * train_pack / k.train_eff;
  // One forward over every sequence without gradients (torch.no_grad / Megatron's forward_only: NeMo RL's
  // get_logprobs, verl's compute_log_prob): the step model's forward parts alone (step.h ForwardPassSeconds), at the
  // log-probability micro-batch (rl_logprob_mbs; 0: the training's).
  const double pass =
      ForwardPassSeconds(job, layout, s.sequences, r.LogprobMbs(layout.mbs)) * logprob_pack / k.train_eff;
  const HostMoves host = HostMovesOf(job, layout, policy_memory, x, policy_memory.rl_engine, s.sequences);
  const double old_s = dpo ? 0.0 : pass;
  const double ref_s = r.ref ? pass + host.reference / host.bps : 0.0;
  const double critic_fwd = ppo ? pass : 0.0;
  s.logprob_s = old_s + ref_s + critic_fwd;
  const double critic_train = ppo ? policy_train : 0.0;
  s.training_s = policy_train + critic_train;

  s.reward_s = RewardSeconds(job);

  const double context = 1e9 * Pos(job.assume.cuda_context_gb);
  double transition = 0;
  if (!dpo) {
    const double resident = ResidentWhileGenerating(job, policy_memory, x, context);
    const RlEngineShape& e = policy_memory.rl_engine;  // sized by AddRlMemory (EstimateMemory)
    Generation(job, e, s);
    s.kv_cache_bytes = Pos(e.kv_budget);
    s.engine_weights_bytes = e.weights;
    s.sync_s = r.engine == RlEngine::Hf ? 0.0 : SyncSeconds(job, layout);
    // The framework's own time between the phases: verl's fitted controller's handling of the batch, the engine's
    // wake-up and sleep; NeMo RL's refit offloads and wake-up over the host link (HostMovesOf).
    s.back_s = host.BackSeconds();
    transition = FixedTransition(job, k) + host.RefitSeconds() + s.back_s;
    s.gen_memory_bytes = GenerationMemory(job, policy_memory, e, resident, context);
    if (!r.colocate) s.rollout_memory_bytes = e.total + context;
  }
  s.sync_s += transition;
  s.train_memory_bytes = TrainingMemory(job, policy_memory, x);
  s.host_bytes = RlHostPerNode(job, policy_memory, x);

  const double gen_gpus = r.colocate ? trainer_gpus : r.rollout_gpus;
  const double old_mem = dpo ? 0.0 : LogprobMemory(job, layout, policy_memory, x, LogprobPass::Policy);
  const double ref_mem = r.ref ? LogprobMemory(job, layout, policy_memory, x, LogprobPass::Reference) : 0.0;
  const double values_mem = ppo ? LogprobMemory(job, layout, policy_memory, x, LogprobPass::Critic) : 0.0;
  // The largest pass, as LogprobPeak finds it for the fit check (the memory grows with the bytes per logit).
  s.logprob_memory_bytes = std::max({old_mem, ref_mem, values_mem});
  // PPO's critic phase runs its values' forward and its training: the larger of the two.
  const double critic_mem = ppo ? std::max(s.train_memory_bytes, values_mem) : 0.0;
  SetPhase(s, RlPhaseKind::Generation, s.generation_s, s.gen_memory_bytes, dpo ? 0 : gen_gpus);
  SetPhase(s, RlPhaseKind::Logprob, old_s, old_mem, trainer_gpus);
  SetPhase(s, RlPhaseKind::Reference, ref_s, ref_mem, trainer_gpus);
  SetPhase(s, RlPhaseKind::Reward, s.reward_s, s.train_memory_bytes, r.reward_params > 0 ? trainer_gpus : 0);
  SetPhase(s, RlPhaseKind::Critic, critic_fwd + critic_train, critic_mem, ppo ? trainer_gpus : 0);
  SetPhase(s, RlPhaseKind::Training, policy_train, s.train_memory_bytes, trainer_gpus);
  SetPhase(s, RlPhaseKind::Sync, s.sync_s - transition, 0, dpo ? 0 : r.total_gpus);
  SetPhase(s, RlPhaseKind::Transition, transition, 0, transition > 0 ? r.total_gpus : 0);

  const double trainer_side = s.logprob_s + s.reward_s + s.training_s;
  const double sum = s.generation_s + trainer_side + s.sync_s;
  s.step_seconds = RlStepSeconds(job, s.generation_s, trainer_side, s.sync_s);
  s.hidden_s = sum - s.step_seconds;
  s.fits = policy_memory.fits;
  return s;
}

}  // namespace tp
