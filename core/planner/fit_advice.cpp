// fit_advice.cpp — when a plan does not fit: the usual remedies (recomputation, ZeRO-3, offload, LoRA, more or
// bigger GPUs), each planned for real by a nested strict Planner in slices, and those that fit become the
// advice, cheapest first.
#include "capabilities.h"
#include "catalog.h"
#include "format.h"
#include "json.h"
#include "planner_impl.h"
#include "resolve.h"
#include "text.h"

namespace tp {
namespace {

// The usual remedies when nothing fits, from the cheapest (no new hardware, no change of method) to the
// most expensive; each is planned with the real model, and those that fit become the advice.
// A remedy its stack (the one it resolves to: a LoRA remedy on auto is planned on the Trainer) cannot run (its
// capability table: core/stack/capabilities.h) is not offered.
// The remedies start from the plan as shown, its layout written out (the share link's configuration), so
// that replaying the link gives the same advice (issue #34). A remedy that changes what the layout was chosen
// for (the GPUs, their count, the method) lets the search choose the whole layout again, as a new plan with that
// change would (a layout key the user fixed is then chosen afresh too: it was fixed for the other setup); the
// others keep the shown layout and change their one setting (ZeRO-3 without pipeline stages re-derives dp).
constexpr const char* kLayoutKeys[] = {"tp",  "pp",   "vp",        "cp",      "ep", "dp",
                                       "mbs", "zero", "recompute", "offload", "sp", "pp_schedule"};

void RechooseLayout(Config& c) {
  for (const char* key : kLayoutKeys) ResetKey(c, key);
}

// `job` is the shown plan's resolved Job: the remedies that switch a resolved choice are offered only where the plan
// made the other one (a no-op remedy would be planned for nothing).
std::vector<Remedy> FitRemedies(const Config& cfg, const Job& job) {
  std::vector<Remedy> remedies;
  auto with = [&](const char* words, auto change, std::string arg = {}) {
    Config c = cfg;
    change(c);
    if (c.pp == 1) ResetKey(c, "vp"), ResetKey(c, "pp_schedule"), ResetKey(c, "dp");
    constexpr AskKeys kChanged = kAskMethod | kAskPp | kAskZero | kAskOffload | kAskRecompute;
    if (!StackMayRun(c, kChanged)) return;
    remedies.push_back({words, std::move(arg), c});
  };
  with("full activation recomputation", [](Config& c) { c.recompute = Recompute::Full; });
  // QLoRA of a mixture of experts whose routed experts load 16-bit (Transformers v5's bitsandbytes): in 4 bits as
  // Axolotl's quantize_moe_experts and Unsloth load them.
  if (job.work.method == Method::Qlora && job.model.experts > 1 && !job.work.qlora_experts)
    with("the routed experts in 4 bits too (qlora_experts=1: Axolotl's quantize_moe_experts, Unsloth)",
         [](Config& c) { c.qlora_experts = 1; });
  // GRPO or PPO under verl or OpenRLHF: the trainer's states parked on the host while the engine generates (rl_park;
  // another framework refuses the key, so its plan is not advice). The shown plan's configuration names its framework
  // (resolved.cpp writes rl_framework out).
  const RlAlgo algo = RlAlgoOf(cfg);
  const bool generates = algo == RlAlgo::Grpo || algo == RlAlgo::Ppo;
  if (generates && cfg.rl_park != 1)
    with(cfg.rl_framework == int(RlFramework::Openrlhf)
             ? "OpenRLHF's DeepSpeed states asleep on the host between phases (rl_park=1)"
             : "verl's actor parked on the host between phases (rl_park=1)",
         [](Config& c) { c.rl_park = 1; });
  // A colocated engine kept awake while the trainer runs (rl_sleep=0: TRL's default, Unsloth's without standby):
  // asleep, its KV cache and weights leave the training's GPUs.
  if (generates && job.rl.ColocatedEngine() && !job.rl.sleep)
    with(
        "the rollout engine asleep while the trainer runs (rl_sleep=1: TRL's vllm_enable_sleep_mode, Unsloth's "
        "UNSLOTH_VLLM_STANDBY)",
        [](Config& c) { c.rl_sleep = 1; });
  // GRPO or PPO whose rollout engine runs out of room (its weights over its memory fraction, or a sequence over its
  // KV cache): a larger fraction, as verl's and NeMo RL's users raise gpu_memory_utilization, and the engine's
  // weights split over twice the GPUs (rl_rollout_tp). The shown plan's configuration has both as they were planned
  // (resolved.cpp writes the auto values out).
  if (generates) {
    for (const double larger : {0.7, 0.9})
      if (cfg.rl_kv_frac < larger)
        with(
            "a larger engine memory fraction (rl_kv_frac={0})", [larger](Config& c) { c.rl_kv_frac = larger; },
            FormatNumber(larger));
    const int tp = std::max(1, cfg.rl_rollout_tp);
    with(
        "the rollout engine split over {0} GPUs (rl_rollout_tp={0})", [tp](Config& c) { c.rl_rollout_tp = 2 * tp; },
        std::to_string(2 * tp));
  }
  with("ZeRO-3 (shard weights, gradients and optimizer states)", [](Config& c) {
    c.zero = 3;
    c.pp = 1;
  });
  with("ZeRO-3 with CPU offload of weights and optimizer states (ZeRO-Infinity)", [](Config& c) {
    c.zero = 3;
    c.pp = 1;
    c.offload = int(Offload::Cpu);
  });
  with("ZeRO-3 with NVMe offload", [](Config& c) {
    c.zero = 3;
    c.pp = 1;
    c.offload = int(Offload::Nvme);
  });
  // The same adapters under Unsloth, on one GPU: its fused loss, offloaded checkpoints and 4-bit routed experts
  // (core/stack/stacks.cpp, saves.cpp) are where a QLoRA of a mixture of experts that Transformers v5 loads with
  // 16-bit experts fits a 24 GB card. Offered for a supervised fine-tune on adapters planned on another framework;
  // the search chooses the layout again, for that framework.
  if (job.work.method != Method::Full && !job.rl.Active() && StackOf(job).kind != StackKind::Unsloth && cfg.gpus == 1)
    with(
        "Unsloth instead of {0} (stack=unsloth)",
        [](Config& c) {
          c.stack = "unsloth";
          ResetKey(c, "stack_year");
          RechooseLayout(c);
        },
        StackOf(job).name);
  // An adapter is a remedy for a fine-tune or a post-training run, not for pre-training (goal=pretrain, or auto with
  // full training and the token budget on its pre-training default, 20 tokens a parameter): there LoRA's plan would be
  // another goal's, with the fine-tuning dataset's days (0.1 days beside 3 years). Auto with a budget given: planned
  // with that budget, as the plan was.
  const bool adapters_apply = cfg.goal != 0 && (cfg.goal != kAuto || cfg.tokens > 0);
  if (cfg.method == Method::Full && adapters_apply) {
    with("LoRA instead of full training", [](Config& c) {
      c.method = Method::Lora;
      RechooseLayout(c);
    });
    with("QLoRA (4-bit base)", [](Config& c) {
      c.method = Method::Qlora;
      RechooseLayout(c);
    });
  }
  for (int factor : {2, 4, 8, 16})
    if (int64_t(cfg.gpus) * factor <= 10000000)  // the gpus key's range
      with(
          "{0}x the GPUs",
          [factor](Config& c) {
            c.gpus *= factor;
            RechooseLayout(c);
          },
          std::to_string(factor));
  const GpuSpec* current = FindGpu(cfg.gpu);
  const GpuSpec* bigger = nullptr;
  for (const GpuSpec& g : Gpus())
    if (current && g.mem_bytes > current->mem_bytes && (!bigger || g.mem_bytes < bigger->mem_bytes)) bigger = &g;
  if (bigger)
    with(
        "a bigger GPU ({0})",
        [bigger](Config& c) {
          SelectGpu(c, bigger->id);
          RechooseLayout(c);
        },
        bigger->name);
  return remedies;
}
constexpr size_t kMaxAdvice = 4;

}  // namespace

// In the verdict's own units: the memory in GiB as the verdict line, the run as a duration ("3.4 h", "8.72 years").
std::string FitAdviceSentence(const FitRemedy& r, Lang lang) {
  return TrFill(lang, "{0}: {1} of {2} usable per GPU, {3}",
                {TrFill(lang, r.words, {r.arg}), MemoryText(r.total_bytes), MemoryText(r.usable_bytes),
                 DurationText(lang, r.days * 86400)});
}

void Planner::Impl::StartAdvice() {
  remedies =
      FitRemedies(out.config, out.job);  // the layout as shown (EndRound wrote it in), as a replay of the link has it
  for (Remedy& r : remedies) CarryCalibration(out.config, r.cfg);  // the factors this round fitted or was given
  remedy_next = 0;
  phase = Phase::Advice;
  NextRemedy();
}

void Planner::Impl::NextRemedy() {
  if (remedy_next >= remedies.size() || out.fit_advice.size() >= kMaxAdvice) {
    remedy_planner.reset();
    return Finalize();
  }
  if (!remedy_planner) remedy_planner = std::make_unique<Planner>();
  remedy_planner->impl_->advice = false;
  remedy_planner->Begin(remedies[remedy_next].cfg, PlanMode::Strict);
  remedy_planner->impl_->advice = false;
  remedy_seen = 0;
}

void Planner::Impl::StepAdvice(uint64_t budget) {
  const bool done = remedy_planner->Step(budget);
  work += remedy_planner->impl_->work - remedy_seen;
  remedy_seen = remedy_planner->impl_->work;
  if (!done) return;
  const PlanOutput& alt = remedy_planner->Result();
  if (alt.ok && alt.plan.memory.fits) {
    const Remedy& r = remedies[remedy_next];
    FitRemedy fit{r.words, r.arg, alt.plan.memory.total, alt.plan.memory.usable, alt.plan.run.days};
    out.fit_advice.push_back(FitAdviceSentence(fit, Lang::En));
    out.fit_remedies.push_back(std::move(fit));
  }
  ++remedy_next;
  NextRemedy();
}

}  // namespace tp
