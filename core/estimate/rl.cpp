// rl.cpp — the post-training step (rl.h): the engine's memory and KV budget, generation from the roofline, the
// log-probability, reward and training passes from the existing step model, the weight sync, the phases' memory,
// one-step-off overlap. Pure functions of (Job, Layout) and the policy's plan.
#include "rl.h"

#include <algorithm>
#include <cmath>

#include "catalog.h"
#include "model.h"
#include "rules.h"

namespace tp {
namespace {

// Each constant's source, or the rows it was fitted on (tests/data/rl_steps.json, part "fit": verl's
// docs/advance/fully_async.md and one_step_off.md step tables on H20; the held-out rows are never read here).
constexpr RlConstants kDefaults = {
    // Decode reaches ~60 % of HBM bandwidth at the batch sizes RL rollouts run (Databricks, "LLM Inference
    // Performance Engineering: Best Practices", 2023: MBU 55-60 % for 7B-70B on A100/H100).
    .decode_bw_eff = 0.6,
    // Scheduling + sampling + launch per decode iteration with CUDA graphs: fitted on the verl fit rows (grid
    // 1.5-3.5 ms; the loss is flat across it: the rows' mean response lengths are assumed, not published).
    .decode_overhead_s = 2.5e-3,
    // verl's rollout max_num_seqs: 256 (_generated_ppo_trainer.yaml@b178a3c).
    .max_num_seqs = 256,
    // The tail beyond the mean response decodes at low concurrency for this share of (max - mean) tokens:
    // fitted on the verl fit rows (grid 0.4-1: 1, the longest response of a large batch reaches the cap, as
    // DAPO's overlong responses do).
    .tail_share = 1.0,
    // The RL trainer's speed relative to the step model's tuned stack: the verl fit rows' update_actor and
    // old_log_prob columns want 1.2 at their assumed lengths; capped at 1 (a trainer is not faster than the
    // tuned stack: the excess says the assumed mean response is long, tests/data/rl_steps.json "assumptions").
    .train_eff = 1.0,
    // Colocated engine wake-up, resharding, cache rebuild and sleep per step: fitted on the verl fit rows (grid
    // 10-60 s, best at 60), in line with verl's own gen minus generate_sequences, 74 s for Qwen2.5-7B on 16 H20
    // (docs/advance/one_step_off.md@b178a3c); vLLM's bare wake is 0.1-6 s (vLLM blog 2025-10-26, sleep mode).
    .transition_s = 60.0,
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

double Pos(double x) { return std::isfinite(x) && x > 0 ? x : 0.0; }

// The engine's shape on one rollout GPU.
struct Engine {
  int tp = 1;
  double engines = 1;         // instances in the rollout pool
  double weights = 0;         // bytes per GPU (one TP shard)
  double activations = 0;     // the profiled activation peak per GPU
  double kv_budget = 0;       // KV-cache bytes per GPU
  double total = 0;           // the engine's memory per GPU while it generates
  double kv_token = 0;        // KV bytes per token per GPU
  double dense_weights = 0;   // of weights, what every decode iteration reads
  double expert_weights = 0;  // of weights, the routed experts (read as the batch touches them)
};

double Capacity(const Job& job) { return job.hw.gpu ? job.hw.gpu->mem_bytes : 0.0; }

Engine MakeEngine(const Job& job, const Layout& layout, const MemoryBreakdown& policy) {
  const RlSetup& r = job.rl;
  const RlConstants& k = kDefaults;
  const ParamCounts& pc = job.facts.pc;
  const ModelArch& m = job.model;
  Engine e;
  const double cap = Capacity(job);
  if (r.engine == RlEngine::Hf) {
    // Transformers generate inside the trainer: its own weights, a KV cache for every sequence it holds.
    e.tp = std::max(1, layout.tp);
    e.engines = std::max(1.0, double(job.hw.gpus) / double(std::max(1, layout.tp * layout.pp * layout.cp)));
    e.weights = 0;
    e.kv_token = KvBytesPerToken(m, e.tp);
    const double per_engine = double(r.prompts) * r.samples / e.engines;
    e.kv_budget = per_engine * (r.prompt_len + r.max_response_len) * e.kv_token;
    e.total = e.kv_budget;
    const double expert_all = double(pc.moe_layers) * pc.experts * pc.expert;
    e.dense_weights = 2.0 * std::max(0.0, pc.total - expert_all) / e.tp;
    e.expert_weights = 2.0 * expert_all / e.tp;
    (void)policy;
    return e;
  }
  e.tp = std::max(1, r.rollout_tp);
  e.engines = std::max(1.0, double(r.rollout_gpus) / e.tp);
  const double expert_all = double(pc.moe_layers) * pc.experts * pc.expert;
  e.dense_weights = 2.0 * std::max(0.0, pc.total - expert_all) / e.tp;
  e.expert_weights = 2.0 * expert_all / e.tp;
  e.weights = e.dense_weights + e.expert_weights;
  const double width = 2.0 * (m.experts > 1 ? double(m.topk) * std::max(m.moe_ffn, 1) : double(m.ffn)) + 4.0 * m.hidden;
  e.activations = k.engine_act_tokens * width * 2.0 / e.tp;
  e.kv_token = KvBytesPerToken(m, e.tp);
  const double budget = r.kv_frac * cap;
  if (r.engine == RlEngine::Vllm) {
    // vLLM: the fraction of the whole GPU holds weights, the profiled activations and the KV cache.
    e.kv_budget = budget - e.weights - e.activations;
    e.total = budget + k.engine_graph_bytes;
  } else {
    // SGLang: the fraction holds weights and the KV pool; activations and graphs sit outside it.
    e.kv_budget = budget - e.weights;
    e.total = budget + e.activations + k.engine_graph_bytes;
  }
  return e;
}

// What the trainer's GPUs hold besides the policy's own training state: a reference (FSDP-sharded 16-bit weights;
// none under LoRA, where the adapter-free base is the reference; on the host when the policy offloads), PPO's
// critic (the policy's size and states), a reward model (sharded 16-bit weights).
struct Extras {
  double ref = 0, critic = 0, reward = 0, host = 0;
};
Extras TrainerExtras(const Job& job, const Layout& layout, const MemoryBreakdown& policy) {
  const RlSetup& r = job.rl;
  Extras x;
  const double gpus = std::max(1, job.hw.gpus);
  const bool offload = layout.offload != Offload::None;
  if (r.ref && job.work.method == Method::Full) {
    const double bytes = 2.0 * job.facts.pc.total / gpus;
    (offload ? x.host : x.ref) += bytes;
  }
  if (r.algo == RlAlgo::Ppo) x.critic = policy.model_states;
  if (r.reward_params > 0) x.reward = 2.0 * r.reward_params / gpus;
  return x;
}

// The concurrency an engine decodes at: its share of the sequences, the engine's cap, the KV budget over the live
// context of one sequence.
double Concurrency(const Job& job, const Engine& e, double per_engine) {
  const RlSetup& r = job.rl;
  if (r.engine == RlEngine::Hf) return std::max(1.0, per_engine);
  const double live = (r.prompt_len + r.response_len) * e.kv_token;
  const double by_kv = live > 0 ? std::floor(Pos(e.kv_budget) / live) : per_engine;
  return std::max(1.0, std::min({per_engine, kDefaults.max_num_seqs, by_kv}));
}

// One decode iteration of an engine at concurrency c with a mean live context ctx: the weights it touches and the
// live KV cache over the bandwidth, or the batch's matmuls over the peak, plus the iteration's overhead and the
// tensor-parallel all-reduces (two per layer).
double DecodeIteration(const Job& job, const Engine& e, double c, double ctx) {
  const GpuSpec& g = *job.hw.gpu;
  const ParamCounts& pc = job.facts.pc;
  const RlConstants& k = kDefaults;
  const double touched = pc.experts > 0 ? std::min(1.0, c * std::max(1, pc.topk) / pc.experts) : 1.0;
  const double bytes = e.dense_weights + e.expert_weights * touched + c * ctx * e.kv_token;
  const double mem_s = bytes / (g.mem_bw * k.decode_bw_eff);
  const double peak = g.peak_flops[int(Precision::Bf16)];
  const double flop_s = peak > 0 ? 2.0 * pc.active * c / e.tp / (peak * 0.5) : 0.0;
  double comm_s = 0;
  if (e.tp > 1 && job.hw.intra) {
    const double msg = c * job.model.hidden * 2.0;
    comm_s =
        2.0 * job.model.layers *
        (std::max(5e-6, job.hw.intra->latency_s) + 2.0 * msg * (e.tp - 1) / e.tp / std::max(1.0, job.hw.intra->bw));
  }
  double overhead = k.decode_overhead_s;
  // Transformers generate runs eagerly: every kernel of every layer launched from Python (~10 us each, ~10 per layer).
  if (job.rl.engine == RlEngine::Hf) overhead += job.model.layers * 10 * 10e-6;
  return std::max(mem_s, flop_s) + comm_s + overhead;
}

void Generation(const Job& job, const Engine& e, RlStep& s) {
  const RlSetup& r = job.rl;
  const GpuSpec& g = *job.hw.gpu;
  const double sequences = double(r.prompts) * r.samples;
  const double per_engine = sequences / e.engines;
  const double c = Concurrency(job, e, per_engine);
  s.concurrency = c;
  // Prefill: compute-bound; vLLM and SGLang cache the shared prompt of a group (verl enable_prefix_caching: true).
  const double prompt_tokens = (r.engine == RlEngine::Hf ? sequences : double(r.prompts)) * r.prompt_len;
  const double peak = g.peak_flops[int(Precision::Bf16)] * 0.5;
  const double gen_gpus = r.engine == RlEngine::Hf ? job.hw.gpus : r.rollout_gpus;
  s.prefill_s = peak > 0 ? 2.0 * job.facts.pc.active * prompt_tokens / (gen_gpus * peak) : 0.0;
  // Decode at concurrency c until the mean response is written for every sequence, then the tail: the longest
  // responses run on at low concurrency to the cap (one sequence's pace: more GPUs do not shorten it).
  const double main_iters = per_engine * r.response_len / c;
  s.decode_s = main_iters * DecodeIteration(job, e, c, r.prompt_len + 0.5 * r.response_len);
  const double tail_tokens = kDefaults.tail_share * std::max(0.0, r.max_response_len - r.response_len);
  const double tail_c = std::max(1.0, std::min(c, per_engine) * 0.05);
  s.tail_s = tail_tokens * DecodeIteration(job, e, tail_c, r.prompt_len + r.max_response_len);
  s.generation_s = s.prefill_s + s.decode_s + s.tail_s;
}

double SyncSeconds(const Job& job) {
  const RlSetup& r = job.rl;
  const ParamCounts& pc = job.facts.pc;
  const double expert_all = double(pc.moe_layers) * pc.experts * pc.expert;
  const double dense_bytes = 2.0 * std::max(0.0, pc.total - expert_all);
  // Colocated, or both pools in one node: over the node's link; else over the network.
  const LinkSpec* link = r.colocate || r.total_gpus <= job.hw.gpus_per_node ? job.hw.intra : job.hw.inter;
  const double bw = link && link->bw > 0 ? link->bw : 25e9;
  return kDefaults.sync_fixed_s + dense_bytes / bw + 2.0 * expert_all / kDefaults.moe_gather_bps;
}

void SetPhase(RlStep& s, RlPhaseKind k, double seconds, double memory, double gpus) {
  s.phases[int(k)] = {Pos(seconds), Pos(memory), gpus};
}

}  // namespace

const RlConstants& RlDefaults() { return kDefaults; }

double KvBytesPerToken(const ModelArch& m, int tp) {
  if (m.layers <= 0) return 0;
  tp = std::max(1, tp);
  if (m.kv_lora_rank > 0) return double(m.layers) * (m.kv_lora_rank + m.qk_rope_dim) * 2.0;  // replicated on TP
  const int heads = m.kv_heads > 0 ? m.kv_heads : m.heads;
  const double head_dim = m.head_dim > 0 ? m.head_dim : double(m.hidden) / std::max(1, m.heads);
  const double per_gpu = std::max(1.0, double(heads) / tp);
  return double(m.layers) * 2.0 * per_gpu * head_dim * 2.0;
}

void AddRlMemory(const Job& job, const Layout& layout, MemoryBreakdown& memory) {
  memory.policy_total = memory.total;
  const RlSetup& r = job.rl;
  if (!r.Active() || !job.hw.gpu) return;
  const Extras x = TrainerExtras(job, layout, memory);
  const double context = 1e9 * Pos(job.assume.cuda_context_gb);
  const bool dpo = r.algo == RlAlgo::Dpo;
  double train = memory.policy_total + x.ref + x.critic + x.reward;
  double gen = 0;
  bool kv_ok = true;
  if (!dpo) {
    const Engine e = MakeEngine(job, layout, memory);
    const double one_seq = (r.prompt_len + r.max_response_len) * e.kv_token;
    kv_ok = r.engine == RlEngine::Hf || e.kv_budget >= one_seq;
    // The trainer's resident state while the engine generates: the weights and optimizer states (gradients are
    // freed after the step; offloaded states are on the host), the reference, critic, reward model.
    const double resident = memory.weights + memory.optimizer + x.ref + x.critic + x.reward + context;
    if (r.colocate) {
      train += r.engine == RlEngine::Hf ? 0.0 : kDefaults.engine_graph_bytes;  // asleep: its graphs stay
      gen = resident + e.total + (r.engine == RlEngine::Hf ? memory.activations * 0.1 : 0.0);
    } else {
      gen = e.total + context;  // a rollout GPU
    }
  }
  const double total = std::max(train, gen);
  memory.other += total - memory.total;
  memory.total = total;
  memory.host_bytes += x.host * std::min(job.hw.gpus, job.hw.gpus_per_node);
  memory.fits = memory.fits && kv_ok && total <= memory.usable;
}

RlStep EstimateRl(const Job& job, const Layout& layout, const MemoryBreakdown& policy_memory,
                  const StepBreakdown& policy_step, const Throughput& thr) {
  RlStep s;
  const RlSetup& r = job.rl;
  if (!r.Active() || !job.hw.gpu) return s;
  s.active = true;
  const RlConstants& k = kDefaults;
  const bool dpo = r.algo == RlAlgo::Dpo, ppo = r.algo == RlAlgo::Ppo;
  s.sequences = double(r.prompts) * r.samples;
  const double trainer_gpus = std::max(1, job.hw.gpus);
  const Extras x = TrainerExtras(job, layout, policy_memory);

  // Training: the policy's optimizer steps on the mini-batch, at the RL trainer's speed; PPO's critic alike.
  // policy_step trains GlobalBatch sequences; the RL step trains every sequence once per epoch of its updates.
  const double batch = std::max(1, GlobalBatch(job.work, layout));
  const double policy_train = Pos(policy_step.seconds) * (s.sequences / batch) / k.train_eff;
  // One forward over every sequence: the training's forward share (model FLOPs / 3 of the hardware FLOPs).
  const double fwd_share = thr.hardware_flops_per_step > 0
                               ? std::min(1.0, thr.model_flops_per_step / 3.0 / thr.hardware_flops_per_step)
                               : 1.0 / 3.0;
  const double pass = policy_train * fwd_share;
  const double old_s = dpo ? 0.0 : pass;
  const double ref_s = r.ref ? pass : 0.0;
  const double critic_fwd = ppo ? pass : 0.0;
  s.logprob_s = old_s + ref_s + critic_fwd;
  const double critic_train = ppo ? policy_train : 0.0;
  s.training_s = policy_train + critic_train;

  // Reward: a rule on the CPU, or the reward model's forward on the trainer's GPUs.
  if (!dpo) {
    const double peak = job.hw.gpu->peak_flops[int(Precision::Bf16)] * 0.4;
    s.reward_s = r.reward_params > 0 && peak > 0
                     ? 2.0 * r.reward_params * s.sequences * job.work.seq / (trainer_gpus * peak)
                     : s.sequences * k.rule_reward_s;
  }

  const double context = 1e9 * Pos(job.assume.cuda_context_gb);
  double transition = 0;
  if (!dpo) {
    const Engine e = MakeEngine(job, layout, policy_memory);
    Generation(job, e, s);
    s.kv_cache_bytes = Pos(e.kv_budget);
    s.engine_weights_bytes = e.weights;
    s.sync_s = r.engine == RlEngine::Hf ? 0.0 : SyncSeconds(job);
    if (r.colocate && r.engine != RlEngine::Hf) transition = k.transition_s;
    const double resident = policy_memory.weights + policy_memory.optimizer + x.ref + x.critic + x.reward + context;
    s.gen_memory_bytes = r.colocate ? resident + e.total : e.total + context;
    if (!r.colocate) s.rollout_memory_bytes = e.total + context;
  }
  s.sync_s += transition;
  s.train_memory_bytes = policy_memory.policy_total + x.ref + x.critic + x.reward +
                         (r.colocate && !dpo && r.engine != RlEngine::Hf ? k.engine_graph_bytes : 0.0);
  s.host_bytes = x.host;

  const double gen_gpus = r.colocate ? trainer_gpus : r.rollout_gpus;
  SetPhase(s, RlPhaseKind::Generation, s.generation_s, s.gen_memory_bytes, dpo ? 0 : gen_gpus);
  SetPhase(s, RlPhaseKind::Logprob, old_s, s.train_memory_bytes, trainer_gpus);
  SetPhase(s, RlPhaseKind::Reference, ref_s, s.train_memory_bytes, trainer_gpus);
  SetPhase(s, RlPhaseKind::Reward, s.reward_s, s.train_memory_bytes, r.reward_params > 0 ? trainer_gpus : 0);
  SetPhase(s, RlPhaseKind::Critic, critic_fwd + critic_train, s.train_memory_bytes, ppo ? trainer_gpus : 0);
  SetPhase(s, RlPhaseKind::Training, policy_train, s.train_memory_bytes, trainer_gpus);
  SetPhase(s, RlPhaseKind::Sync, s.sync_s - transition, 0, dpo ? 0 : r.total_gpus);
  SetPhase(s, RlPhaseKind::Transition, transition, 0, transition > 0 ? r.total_gpus : 0);

  const double trainer_side = s.logprob_s + s.reward_s + s.training_s;
  const double sum = s.generation_s + trainer_side + s.sync_s;
  // One-step-off on split pools: this step's generation runs while the previous step trains (verl
  // one_step_off.md, NeMo RL async_grpo): the step is the slower of the two pools, plus the sync between them.
  if (r.async && !r.colocate) {
    s.step_seconds = std::max(s.generation_s, trainer_side) + s.sync_s;
  } else {
    s.step_seconds = sum;
  }
  s.hidden_s = sum - s.step_seconds;
  s.fits = policy_memory.fits;
  return s;
}

}  // namespace tp
