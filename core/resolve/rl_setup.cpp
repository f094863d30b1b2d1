// rl_setup.cpp — the post-training keys (goal grpo, ppo, dpo; the rl_* rows of core/config/keys_rl.cpp) made into
// the Job's RlSetup: each auto the frameworks' default, the rollout pool and engine TP, the reference and reward
// models; and the policy's workload that the existing estimators plan (sequences of prompt + mean response, the
// mini-batch of one optimizer step, a budget of rl_steps x rl_updates optimizer steps). Errors name the key.
#include <algorithm>
#include <cmath>
#include <string>

#include "capabilities.h"
#include "catalog.h"
#include "format.h"
#include "memory.h"
#include "model.h"
#include "presets.h"
#include "resolve.h"
#include "rl.h"
#include "stack.h"
#include "text.h"

namespace tp {
namespace {

void Error(std::vector<ConfigIssue>& issues, const char* key, IssueWords words, std::vector<IssueArg> args = {}) {
  issues.push_back(MakeIssue(key, words, std::move(args), false));
}
void Notice(std::vector<ConfigIssue>& issues, const char* key, IssueWords words, std::vector<IssueArg> args = {}) {
  issues.push_back(MakeIssue(key, words, std::move(args), true));
}

// Defaults (keys_rl.cpp gives each one's source).
constexpr int kRlPrompts = 1024, kDpoPairs = 64, kGrpoSamples = 8, kPromptLen = 512, kMaxResponse = 512;
constexpr int kUpdates = 4, kRlSteps = 100;
constexpr double kColocatedFrac = 0.5, kVllmFrac = 0.9, kSglangFallbackFrac = 0.88;
// vLLM's max_num_seqs (vllm/engine/arg_utils.py get_batch_defaults, V1): 1,024 on a GPU of 70 GiB or more that is
// not an A100, else 256; SGLang's request pool (scheduler.py max_running_requests).
constexpr int kVllmSeqsLarge = 1024, kVllmSeqs = 256, kSglangSeqs = 4096;

// The engine's cap on sequences in flight when auto: each engine's own default; hf generates every sequence of
// its replica in one batch.
int AutoMaxSeqs(const Job& job) {
  const RlSetup& r = job.rl;
  if (r.engine == RlEngine::Hf) return std::max(1, r.prompts * r.samples);
  if (r.engine == RlEngine::Sglang) return kSglangSeqs;
  const GpuSpec* g = job.hw.gpu;
  const bool large = g && g->mem_bytes >= 70.0 * 1024 * 1024 * 1024 && g->name.find("A100") == std::string::npos &&
                     g->id.find("a100") == std::string::npos;
  return large ? kVllmSeqsLarge : kVllmSeqs;
}

// SGLang's own mem_fraction_static on a GPU of its own (server_args.py _handle_gpu_memory_settings): (capacity -
// reserved) / capacity, reserved = 512 + 8192 x 1.5 + graph buffers + TP/8 GiB MiB, at least 10 GiB above 60 GiB.
double SglangFraction(double mem_bytes, int tp) {
  const double mib = mem_bytes / (1024.0 * 1024.0);
  if (mib <= 0) return kSglangFallbackFrac;
  double reserved = 512 + 8192 * 1.5 + (tp < 4 ? 256 : 512) * 2 + tp / 8.0 * 1024;
  if (mib > 60 * 1024) reserved = std::max(reserved, 10.0 * 1024);
  return std::clamp((mib - reserved) / mib, 0.1, 0.95);
}

// The rollout engine's TP when auto: verl's rule (best_practices.rst) "(memory_per_gpu * gpu_memory_utilization *
// TP) > 2 * model_parameters", the smallest power of two that keeps it, within the rollout pool: inside a node where a
// node's share holds the weights, across nodes where it does not (DeepSeek-V3's 1.3 TB of 16-bit weights: verl's
// examples/grpo_trainer/run_deepseek671b_math_megatron_96gb.sh@b178a3c and NeMo RL's grpo-deepseek-v3 recipes
// generate at TP 32, four or eight nodes an engine). A degree the engine cannot split the model's heads by
// (TpSplitsHeads, model.h: vLLM refuses it) is passed over.
int AutoRolloutTp(const Job& job, double weights_bytes) {
  const double mem = job.hw.gpu ? job.hw.gpu->mem_bytes : 80e9;
  const int cap = std::max(1, job.rl.rollout_gpus);
  int tp = 1;
  for (int next = 2; next <= cap && mem * job.rl.kv_frac * tp <= weights_bytes; next *= 2)
    if (TpSplitsHeads(job.model, next) && TpSplitsKvHeads(job.model, next) && job.rl.rollout_gpus % next == 0)
      tp = next;
  return tp;
}

// A colocated engine's sleep while the trainer runs (rl_sleep, resolved in ResolveRl): verl's hybrid engine, NeMo RL
// and OpenRLHF's colocated recipes (--vllm.enable_sleep) sleep it; TRL keeps it awake unless vllm_enable_sleep_mode
// (default False, grpo_config.py @f2cd577), and so does Unsloth's fast_inference unless UNSLOTH_VLLM_STANDBY=1
// (vllm_utils.py enable_sleep_mode = unsloth_vllm_standby @ce232d6). Given where no engine shares the trainer's GPUs,
// the key changes nothing: said.
void EngineSleepNotice(const Config& cfg, const RlSetup& r, std::vector<ConfigIssue>& issues) {
  if (cfg.rl_sleep >= 0 && !r.Dpo() && !r.ColocatedEngine())
    Notice(issues, "rl_sleep",
           "rl_sleep is about an engine on the trainer's own GPUs (rl_colocate=1, rl_engine vllm or sglang): this "
           "plan has none, so it changes nothing"_issue);
}

void ResolvePlacement(const Config& cfg, Job& job, std::vector<ConfigIssue>& issues) {
  RlSetup& r = job.rl;
  const bool dpo = r.algo == RlAlgo::Dpo;
  r.total_gpus = std::max(1, cfg.gpus);
  r.colocate = dpo || cfg.rl_colocate != 0;
  if (r.engine == RlEngine::Hf && !r.colocate) {
    Error(issues, "rl_colocate",
          "rl_engine=hf generates inside the trainer, so it cannot have a pool of its own; accepted: 1 or auto"_issue);
    r.colocate = true;
  }
  if (r.colocate) {
    r.rollout_gpus = r.total_gpus;
    if (cfg.rl_rollout_gpus > 0 && cfg.rl_rollout_gpus != r.total_gpus)
      Notice(issues, "rl_rollout_gpus",
             "colocated, every GPU generates: rl_rollout_gpus applies to split pools (rl_colocate=0)"_issue);
  } else if (r.total_gpus < 2) {
    // Split pools need a GPU each: one GPU generates and trains in turns.
    Error(
        issues, "rl_colocate",
        "rl_colocate=0 splits the GPUs into a rollout pool and a training pool, and 1 GPU cannot be split; accepted: 1 or auto (or gpus=2 or more)"_issue);
    r.colocate = true;
    r.rollout_gpus = r.total_gpus;
  } else {
    r.rollout_gpus = cfg.rl_rollout_gpus > 0 ? cfg.rl_rollout_gpus : std::max(1, r.total_gpus / 2);
    if (r.rollout_gpus >= r.total_gpus) {
      const int most = r.total_gpus - 1;
      Error(issues, "rl_rollout_gpus", "{0} rollout GPUs leave none of the {1} to train; accepted: {2}"_issue,
            {std::to_string(r.rollout_gpus), std::to_string(r.total_gpus),
             most == 1 ? std::string("1") : "1-" + std::to_string(most)});
      r.rollout_gpus = std::max(1, r.total_gpus / 2);
    }
    job.hw.gpus = std::max(1, r.total_gpus - r.rollout_gpus);  // the trainer's pool: what the layout search sees
  }
  const double mem = job.hw.gpu ? job.hw.gpu->mem_bytes : 80e9;
  if (cfg.rl_kv_frac > 0) {
    r.kv_frac = cfg.rl_kv_frac;
  } else if (r.colocate) {
    r.kv_frac = kColocatedFrac;
  } else {
    r.kv_frac = r.engine == RlEngine::Sglang ? SglangFraction(mem, std::max(1, cfg.rl_rollout_tp)) : kVllmFrac;
  }
  // Unsloth's standby (fast_inference with UNSLOTH_VLLM_STANDBY=1: rl_sleep) sets vLLM's fraction itself, whatever
  // the script gives (load_vllm, unsloth_zoo vllm_utils.py@ce232d6: a tier of the GPU's memory for vLLM 0.11 and
  // later, times 0.95, "vLLM >= 0.11.0 uses more VRAM and OOMs; reduce further").
  if (job.stack && job.stack->kind == StackKind::Unsloth && r.ColocatedEngine() && r.sleep &&
      r.engine == RlEngine::Vllm) {
    const double tenth_gib = mem / double(1 << 30) * 0.1;
    const double tier = tenth_gib >= 4.0   ? 0.925
                        : tenth_gib >= 2.5 ? 0.9
                        : tenth_gib >= 2.0 ? 0.825
                        : tenth_gib >= 1.4 ? 0.8
                        : tenth_gib >= 1.0 ? 0.775
                                           : 0.75;
    const double standby = tier * 0.95;
    if (cfg.rl_kv_frac > 0 && std::abs(cfg.rl_kv_frac - standby) > 1e-9)
      Notice(issues, "rl_kv_frac",
             "Unsloth's standby (UNSLOTH_VLLM_STANDBY=1, rl_sleep=1) sets vLLM's gpu_memory_utilization to {0} on "
             "this GPU, whatever the script gives: planned with it"_issue,
             {Fmt("%.4g", standby)});
    r.kv_frac = standby;
  }
  const double weights_bytes = 2.0 * job.model.params_total;
  if (r.engine == RlEngine::Hf || dpo) {
    r.rollout_tp = 1;
  } else if (cfg.rl_rollout_tp > 0) {
    r.rollout_tp = cfg.rl_rollout_tp;
    if (r.rollout_gpus % r.rollout_tp != 0) {
      Error(issues, "rl_rollout_tp", "{0} does not divide the {1} rollout GPUs; accepted: a divisor of {1}"_issue,
            {std::to_string(r.rollout_tp), std::to_string(r.rollout_gpus)});
      r.rollout_tp = 1;
    }
    // The engine's tensor parallelism splits the heads as training's does (vLLM: TpSplitsHeads, model.h).
    const int tp = r.rollout_tp;
    for (const bool kv : {false, true})
      if (const HeadSplitIssue h = TpHeadSplitIssue(job.model, tp, kv); h.words) {
        Error(issues, "rl_rollout_tp", *h.words, {std::to_string(tp), std::to_string(h.heads)});
        r.rollout_tp = 1;
      }
  } else {
    r.rollout_tp = AutoRolloutTp(job, weights_bytes);
  }
}

void ResolveReward(const Config& cfg, Job& job, std::vector<ConfigIssue>& issues) {
  job.rl.reward_params = 0;
  if (cfg.rl_reward.empty() || cfg.rl_reward == "rule") return;
  if (const ModelPreset* m = FindModel(cfg.rl_reward)) {
    job.rl.reward_params = CountParams(m->arch).total;
    return;
  }
  Error(issues, "rl_reward",
        "unknown reward \"{0}\"; accepted: rule or a model preset id (trainplan catalog models)"_issue,
        {cfg.rl_reward});
}

// The engine a framework generates with when rl_engine is auto: the first it offers for the goal (RlOfferTable,
// capabilities.h) of vLLM, SGLang and Transformers' generate; DPO generates nothing: the framework's engine for its
// generating goals, so the configuration names one it has.
RlEngine DefaultEngine(RlFramework fw, RlAlgo goal) {
  for (RlAlgo g : {goal, RlAlgo::Grpo, RlAlgo::Ppo})
    for (RlEngine e : {RlEngine::Vllm, RlEngine::Sglang, RlEngine::Hf})
      if (g != RlAlgo::Dpo && RlOffer(fw, g, e)) return e;
  return RlEngine::Vllm;
}

// The engine of a configuration: rl_engine, or on auto the framework's (DefaultEngine).
RlEngine EngineOf(const Config& cfg, RlFramework fw, RlAlgo goal) {
  return cfg.rl_engine >= 0 ? RlEngine(cfg.rl_engine) : DefaultEngine(fw, goal);
}

// Does framework fw run the goal, with the engine asked (any it offers when rl_engine is auto)?
bool Offers(RlFramework fw, RlAlgo goal, int engine_asked) {
  if (!RlOffer(fw, goal)) return false;
  if (goal == RlAlgo::Dpo) return true;
  return RlOffer(fw, goal, engine_asked >= 0 ? RlEngine(engine_asked) : DefaultEngine(fw, goal)) != nullptr;
}

// rl_framework=auto (keys_rl.cpp gives the source): verl, whose rows the RL model is fitted on; generation with
// Transformers' generate inside the trainer is DeepSpeed-Chat's hybrid engine on DeepSpeed, else TRL's GRPOTrainer
// without vLLM. Where that framework does not run the goal with the engine asked (RlOfferTable: verl has no DPO
// trainer, TRL's PPO no vLLM) or whose policy training lacks a key given explicitly (RlCapabilityTable: verl's
// QLoRA), the first of TRL, OpenRLHF, NeMo RL and DeepSpeed-Chat that runs them all.
RlFramework AutoFramework(const Config& cfg, const Job& job) {
  using F = RlFramework;
  const RlAlgo goal = RlAlgoOf(cfg);
  const bool hf = cfg.rl_engine == int(RlEngine::Hf);
  const F first = !hf ? F::Verl : job.stack && job.stack->kind == StackKind::DeepSpeed ? F::DeepspeedChat : F::Trl;
  for (F fw : {first, F::Trl, F::Openrlhf, F::NemoRl, F::DeepspeedChat, F::Verl})
    if (Offers(fw, goal, cfg.rl_engine) && RlFrameworkRunsAsked(cfg, job, fw)) return fw;
  for (F fw : {first, F::Trl, F::Openrlhf, F::NemoRl, F::DeepspeedChat, F::Verl})
    if (Offers(fw, goal, cfg.rl_engine)) return fw;  // none runs every key asked: the refusal names it
  return first;
}

// The combination asked that the framework does not run, refused naming the key (RlOfferTable's rows).
void CheckOffer(RlFramework framework, RlAlgo algo, RlEngine engine, std::vector<ConfigIssue>& issues) {
  const char* label = kRlFrameworkLabels[int(framework)];
  const char* goal = kGoalNames[int(algo) + 1];  // kGoalNames: pretrain, finetune, then the RlAlgo order
  if (!RlOffer(framework, algo)) {
    std::string accepted;
    for (int fw = 0; fw < int(std::size(kRlFrameworkNames)); ++fw)
      if (RlOffer(RlFramework(fw), algo)) accepted += std::string(accepted.empty() ? "" : ", ") + kRlFrameworkNames[fw];
    Error(issues, "rl_framework", "{0} does not train goal={1}; accepted for it: {2}"_issue, {label, goal, accepted});
    return;
  }
  if (algo == RlAlgo::Dpo || RlOffer(framework, algo, engine)) return;
  std::string accepted;
  for (int e = 0; e < int(std::size(kRlEngineNames)); ++e)
    if (RlOffer(framework, algo, RlEngine(e)))
      accepted += std::string(accepted.empty() ? "" : ", ") + kRlEngineNames[e];
  Error(issues, "rl_engine", "{0} does not generate with {1} for goal={2}; accepted: {3}"_issue,
        {label, kRlEngineNames[int(engine)], goal, accepted});
}

}  // namespace

namespace {
// Micro-batches as token budgets (rl_mb_tokens, rl_logprob_mb_tokens; keys_rl.cpp gives the frameworks' keys): each
// must hold the step's longest sequence, which every framework refuses to split, and sets the micro-batch in
// sequences, so mbs and rl_logprob_mbs beside them are refused. The log-probability passes take the training's
// budget where only it is given (verl's and OpenRLHF's defaults), and their micro-batch follows their budget.
void ResolveTokenBudgets(const Config& cfg, RlSetup& r, int mean_seq, int mini_batch,
                         std::vector<ConfigIssue>& issues) {
  const int longest = r.LongestTokens();
  auto budget = [&](int asked, const char* key) {
    if (asked <= 0) return 0;
    // OpenRLHF bins sequences first-fit and gives one longer than the budget a micro-batch of its own
    // (utils/seqlen_balancing.py get_minimum_num_micro_batch_size @3c3be62); verl asserts 'max_token_len must be
    // greater than the sequence length' (verl/utils/seqlen_balancing.py @b178a3c).
    if (asked < longest && r.framework == RlFramework::Openrlhf) {
      Notice(issues, key,
             "{0} tokens is below the longest sequence, {1} tokens: OpenRLHF runs such a sequence as a micro-batch of "
             "its own, planned so"_issue,
             {std::to_string(asked), std::to_string(longest)});
      return asked;
    }
    if (asked < longest) {
      Error(issues, key,
            "a micro-batch of {0} tokens cannot hold the longest sequence, {1} tokens (rl_prompt_len + "
            "rl_max_response_len, padded); accepted: {1} or more"_issue,
            {std::to_string(asked), std::to_string(longest)});
      return 0;
    }
    return asked;
  };
  r.mb_tokens = budget(cfg.rl_mb_tokens, "rl_mb_tokens");
  // A link writes the layout's micro-batch beside the budget: the same number is the budget's own.
  r.budget_mbs = RlSetup::BudgetMbs(r.mb_tokens, mean_seq, mini_batch);
  if (const int mbs = r.budget_mbs; r.mb_tokens > 0 && cfg.mbs > 0 && cfg.mbs != mbs)
    Error(issues, "rl_mb_tokens",
          "rl_mb_tokens={0} sets the micro-batch ({1} sequences of the mean {2} tokens); accepted with mbs=auto or "
          "mbs={1}"_issue,
          {std::to_string(r.mb_tokens), std::to_string(mbs), std::to_string(mean_seq)});
  r.logprob_budget_follows = cfg.rl_logprob_mb_tokens <= 0 && cfg.rl_logprob_mbs <= 0 && r.mb_tokens > 0;
  r.logprob_mb_tokens = cfg.rl_logprob_mb_tokens > 0 ? budget(cfg.rl_logprob_mb_tokens, "rl_logprob_mb_tokens")
                        : r.logprob_budget_follows   ? r.mb_tokens
                                                     : 0;
  const int lp_mbs = r.LogprobBudgetMbs(r.logprob_mb_tokens, mean_seq);
  if (r.logprob_mb_tokens > 0 && cfg.rl_logprob_mbs > 0 && cfg.rl_logprob_mbs != lp_mbs)
    Error(issues, "rl_logprob_mb_tokens",
          "rl_logprob_mb_tokens={0} sets the log-probability micro-batch ({1} sequences); accepted with "
          "rl_logprob_mbs=auto or rl_logprob_mbs={1}"_issue,
          {std::to_string(r.logprob_mb_tokens), std::to_string(lp_mbs)});
  if (r.logprob_mb_tokens > 0) r.logprob_mbs = lp_mbs;
}
}  // namespace

// Post-training keys given that the plan does not read (KeyRelevant: every rl_ key outside a grpo, ppo or dpo goal,
// the rollout's keys under DPO): one notice naming them, so a key typed for a goal the link does not ask for is not
// dropped without a word.
void NoticeUnreadRlKeys(const Config& cfg, const Job& job, std::vector<ConfigIssue>& issues) {
  std::string keys;
  const char* first = nullptr;
  for (const KeyInfo& k : Keys()) {
    const std::string_view name = k.name;
    if (!name.starts_with("rl_") || IsDefault(cfg, name) || KeyRelevant(cfg, job, name)) continue;
    if (!first) first = k.name;
    keys += (keys.empty() ? "" : ", ") + std::string(name);
  }
  if (!first) return;
  if (job.rl.Active())
    Notice(issues, first, "DPO generates nothing: the plan does not read the rollout's keys ({0})"_issue, {keys});
  else
    Notice(issues, first,
           "post-training keys ({0}) are read with goal=grpo, ppo or dpo; this plan (goal={1}) leaves "
           "them out"_issue,
           {keys, job.work.finetune ? "finetune" : "pretrain"});
}

RlAlgo RlAlgoOf(const Config& cfg) { return cfg.goal >= 2 ? RlAlgo(cfg.goal - 1) : RlAlgo::None; }

// Parking the trainer's states on the host between phases (rl.cpp ParkedWhileGenerating): verl's actor offload, and
// OpenRLHF's --ds.enable_sleep (train_ppo_ray only: train_dpo has no such flag). NeMo RL's refit offloads by its own
// code (planned without the key); TRL has none beyond offload=cpu. False, with the refusal naming the key, where the
// framework has no such switch for the goal; ResolveRl and the page's Park box (RlOfferIssues) read it.
namespace {
bool CheckPark(const Config& cfg, RlFramework framework, RlAlgo algo, std::vector<ConfigIssue>& issues) {
  if (cfg.rl_park != 1) return true;
  const bool dpo = algo == RlAlgo::Dpo;
  if (framework == RlFramework::Verl || (framework == RlFramework::Openrlhf && !dpo)) return true;
  Error(issues, "rl_park",
        "rl_park=1 sets verl's actor offload or OpenRLHF's DeepSpeed sleep (--ds.enable_sleep, GRPO and PPO) between "
        "phases; {0} with goal={1} has no such switch; accepted: rl_framework=verl or openrlhf, or rl_park=0"_issue,
        {kRlFrameworkLabels[int(framework)], dpo                   ? "dpo"
                                             : algo == RlAlgo::Ppo ? "ppo"
                                                                   : "grpo"});
  return false;
}
}  // namespace

std::vector<ConfigIssue> RlOfferIssues(const Config& cfg, const Job& job) {
  std::vector<ConfigIssue> issues;
  const RlAlgo algo = RlAlgoOf(cfg);
  if (algo == RlAlgo::None) return issues;
  const RlFramework fw = ResolveRlFramework(cfg, job);
  CheckOffer(fw, algo, EngineOf(cfg, fw, algo), issues);
  CheckPark(cfg, fw, algo, issues);
  RlFrameworkIssues(cfg, job, fw, issues);  // what the framework's policy training lacks of the keys given
  return issues;
}

RlFramework ResolveRlFramework(const Config& cfg, const Job& job) {
  if (cfg.rl_framework >= 0) return RlFramework(cfg.rl_framework);
  return AutoFramework(cfg, job);
}

void ResolveRl(const Config& cfg, Job& job, std::vector<ConfigIssue>& issues) {
  RlSetup& r = job.rl;
  r = RlSetup{};
  r.algo = RlAlgoOf(cfg);
  if (!r.Active()) {
    NoticeUnreadRlKeys(cfg, job, issues);
    return;
  }
  const bool dpo = r.algo == RlAlgo::Dpo;
  r.prompts = cfg.rl_prompts > 0 ? cfg.rl_prompts : dpo ? kDpoPairs : kRlPrompts;
  if (dpo && cfg.rl_samples > 0 && cfg.rl_samples != 2)
    Notice(issues, "rl_samples", "DPO scores two responses per prompt (chosen and rejected); planned with 2"_issue);
  r.samples = dpo ? 2 : cfg.rl_samples > 0 ? cfg.rl_samples : r.algo == RlAlgo::Grpo ? kGrpoSamples : 1;
  r.prompt_len = cfg.rl_prompt_len > 0 ? cfg.rl_prompt_len : kPromptLen;
  // On auto the mean is half the cap, and the cap twice a mean given where the default cap is shorter than that
  // (a 2K-token mean asked for is not refused against the frameworks' 512).
  r.max_response_len = cfg.rl_max_response_len > 0 ? cfg.rl_max_response_len : kMaxResponse;
  if (cfg.rl_max_response_len <= 0 && cfg.rl_response_len > 0 && 2.0 * cfg.rl_response_len > kMaxResponse) {
    r.max_response_len = 2.0 * cfg.rl_response_len;
    Notice(issues, "rl_max_response_len",
           "auto: {0} tokens, twice the mean response given (the frameworks' default cap, {1}, is not longer)"_issue,
           {Thousands(r.max_response_len), Thousands(kMaxResponse)});
  }
  r.response_len = cfg.rl_response_len > 0 ? cfg.rl_response_len : std::max(1.0, r.max_response_len / 2);
  if (r.response_len > r.max_response_len) {
    Error(issues, "rl_response_len",
          "a mean response of {0} tokens is longer than rl_max_response_len={1}; accepted: 1-{1} or auto"_issue,
          {std::to_string(cfg.rl_response_len), std::to_string(int(r.max_response_len))});
    r.response_len = r.max_response_len;
  }
  const int sequences = r.prompts * r.samples;
  r.updates = dpo ? 1 : cfg.rl_updates > 0 ? cfg.rl_updates : std::min(kUpdates, sequences);
  if (r.updates > sequences) {
    Error(issues, "rl_updates",
          "{0} optimizer steps for {1} responses leave some steps without a sequence; accepted: 1-{1}"_issue,
          {std::to_string(r.updates), std::to_string(sequences)});
    r.updates = 1;
  }
  r.steps = cfg.rl_steps > 0 ? cfg.rl_steps : kRlSteps;
  r.framework = ResolveRlFramework(cfg, job);
  r.engine = EngineOf(cfg, r.framework, r.algo);
  CheckOffer(r.framework, r.algo, r.engine, issues);  // RlOfferIssues' check, on what was just resolved
  r.gen_fp8 = !dpo && cfg.rl_gen_prec == 1;
  if (r.gen_fp8 && r.engine == RlEngine::Hf) {
    Error(issues, "rl_gen_prec",
          "rl_engine=hf generates with the trainer's own 16-bit weights; accepted: bf16 or auto"_issue);
    r.gen_fp8 = false;
  }
  r.park = cfg.rl_park == 1 && CheckPark(cfg, r.framework, r.algo, issues);
  r.sleep = cfg.rl_sleep >= 0 ? cfg.rl_sleep == 1 : r.framework != RlFramework::Trl;  // EngineSleepNotice
  // OpenRLHF's offload_deepspeed_states returns at once under --ds.adam_offload (rl.cpp OpenrlhfSleepBytes).
  if (r.park && r.framework == RlFramework::Openrlhf && cfg.offload == int(Offload::Cpu))
    Notice(issues, "rl_park",
           "OpenRLHF's DeepSpeed sleep moves nothing with offload=cpu: its optimizer states are on the CPU already "
           "(offload_deepspeed_states returns under --ds.adam_offload)"_issue);
  r.ref = dpo || cfg.rl_ref != 0;
  r.async = dpo ? 0 : std::clamp(cfg.rl_async, 0, 2);
  ResolvePlacement(cfg, job, issues);
  EngineSleepNotice(cfg, r, issues);
  r.max_age = std::max(1, cfg.rl_max_age);
  if (!dpo && cfg.rl_max_age > 1 && (r.async != 2 || r.colocate))  // DPO's unread keys are noticed together
    Notice(issues, "rl_max_age",
           "rl_max_age bounds the steps a streaming rollout runs ahead (rl_async=2 on split pools, rl_colocate=0); "
           "here a step generates its own prompts only"_issue);
  r.max_seqs = cfg.rl_max_seqs > 0 ? cfg.rl_max_seqs : AutoMaxSeqs(job);
  r.gen_batch = dpo ? 0 : std::max(0, cfg.rl_gen_batch);
  r.logprob_mbs = std::max(0, cfg.rl_logprob_mbs);
  ResolveReward(cfg, job, issues);
  // The RL frameworks' FSDP policies train the Transformers model, not torchtitan's, which the fsdp stack's own runs
  // use: verl's fsdp_workers.py (AutoModelForCausalLM.from_pretrained, with its remove-padding and Ulysses patches,
  // b178a3c), NeMo RL's DTensor worker (AutoModelForCausalLM, v0.3.0), TRL's trainers (Transformers' models). A
  // modeling the user gives still wins.
  if (cfg.modeling < 0 && job.work.modeling == ModelCode::Torchtitan) {
    job.work.modeling = ModelCode::Transformers;
    job.assume.logit_bytes = LossPeakPerLogit(job);  // the model code's loss, as ResolveStack set it for torchtitan's
  }
  // NeMo RL's Megatron policy keeps 16-bit gradients: grpo_math_1B_megatron.yaml, which its Megatron recipes load as
  // their defaults, sets megatron_cfg.distributed_data_parallel_config.grad_reduce_in_fp32: false (v0.3.0, v0.5.0 and
  // v0.6.0; the v0.3 blog's Megatron example shows it): the grad_fp32 key's default under it. One the user gives wins.
  if (r.framework == RlFramework::NemoRl && cfg.grad_fp32 == kAuto && job.stack &&
      job.stack->kind == StackKind::Megatron)
    job.work.grad_fp32 = false;
  // verl's trainer allocates in expandable segments: rollout_mode turns them off for the weight update into the
  // engine and back on at its end (megatron_workers.py and fsdp_workers.py set_expandable_segments, since #3285,
  // 19020f618, 2025-09-03; b178a3c), so its training and log-probability passes run with them: the alloc_reserve
  // assumption's default with expandable segments (stacks.cpp AllocatorReserve). One the user gives wins.
  if (r.framework == RlFramework::Verl) job.assume.alloc_reserve = AllocatorReserve(true, job.work.padding);
  // The framework's own loss where it is not the model code's (rl.cpp), the logit_bytes assumption's default here: a
  // logit_bytes the user gives still wins (ApplyAssumptions runs later).
  if (const double bytes = RlTrainingBytesPerLogit(job); bytes > 0) job.assume.logit_bytes = bytes;
  job.work.logit_skip = RlLogitSkip(job);

  // The policy's training, as the existing estimators plan it: each optimizer step trains a mini-batch of
  // sequences of the prompt and a mean response (verl and OpenRLHF pack or strip the padding).
  Workload& w = job.work;
  if (cfg.gbs != kAuto)
    Notice(issues, "gbs",
           "post-training steps rl_prompts x rl_samples / rl_updates sequences per optimizer step; gbs is not "
           "used"_issue);
  // The mini-batch aims at rl_prompts x rl_samples / rl_updates sequences, the multiple of the layout's replicas
  // nearest to it (the frameworks balance uneven mini-batches dynamically); EstimateRl scales the training to
  // every sequence of the step, and the run counts rl_steps RL steps (evaluate.cpp).
  // The mean sequence, padded as the trainers pad it (job.h RlPaddedTokens).
  w.seq = RlPaddedTokens(int(r.prompt_len + r.response_len));
  w.gbs_auto = true;
  w.gbs = 0;
  w.gbs_target = std::max(1, sequences / r.updates);
  w.gbs_per_replica = 0;
  w.recipe = nullptr;
  ResolveTokenBudgets(cfg, r, w.seq, w.gbs_target, issues);
  w.auto_gbs_mbs = cfg.mbs > 0 ? cfg.mbs : r.budget_mbs > 0 ? r.budget_mbs : 1;
  w.tokens = double(r.steps) * r.updates * double(w.gbs_target) * double(w.seq);
  w.tokens_defaulted = false;
  if (dpo) NoticeUnreadRlKeys(cfg, job, issues);
}

}  // namespace tp
