// resolve.h — a Config made into a Job: presets, catalog defaults and the stack's conventions resolved to
// explicit numbers, every bad value reported by key; and the layout rules that validation and the search
// share (which layouts a job can run, the explicit layout of a config).
#pragma once
#include <string>
#include <vector>

#include "config.h"
#include "job.h"

namespace tp {

// Resolve a Config into a Job (presets, catalog defaults, validation). Errors name the key; on any
// error the returned Job is still usable with defaults for the bad fields.
Job ResolveJob(const Config& cfg, std::vector<ConfigIssue>& issues);
// A fine-tuning dataset: each of examples, example_tokens and epochs as given, or its documented default
// (keys.cpp's sources); their product is the token budget of a fine-tune without one.
struct FinetuneDataset {
  double examples = 0, example_tokens = 0, epochs = 0;
};
FinetuneDataset DatasetOf(const Config& cfg);
// Post-training (goal grpo, ppo, dpo): the rl_* keys made into job.rl, and the policy's workload (sequence,
// mini-batch, budget) and trainer pool that the estimators plan (rl_setup.cpp). Nothing for other goals.
void ResolveRl(const Config& cfg, Job& job, std::vector<ConfigIssue>& issues);
// A search across GPU types and counts (SearchOptions::gpu_types, gpu_counts): repeats are searched once, and
// the lists are capped (kMaxGpuTypes x kMaxGpuCounts variants): a thousand of each is a million searches,
// not a question anyone asks.
inline constexpr size_t kMaxGpuTypes = 64, kMaxGpuCounts = 64;  // types: twice the catalog's 33
// The configuration on each GPU type (SelectGpu) and count asked for (none: its own), each resolved once;
// `job`, when given, is cfg's own job (ResolveJob(cfg)) and stands for the variant that is cfg itself, so a
// plan's search resolves nothing again. `gpu_ids` receives each variant's GPU id as asked. A variant whose
// GPU cannot be resolved is left out. `rl_pools`: an RL goal's rollout pools on auto become variants of their own
// (colocated or split, the rollout's tensor parallelism; variants.cpp AddRlPools), each under its GPU's id.
std::vector<Job> ResolveVariants(const Config& cfg, const std::vector<std::string>& gpu_types,
                                 const std::vector<int>& gpu_counts, std::vector<std::string>& gpu_ids,
                                 const Job* job = nullptr, bool rl_pools = false);
// The layout keys cfg fixes (the others kAuto): what a layout search of cfg varies within.
LayoutKeys FixedLayout(const Config& cfg);
// The layout keys the configuration and the job fix together: FixedLayout's, and the micro-batch a post-training
// token budget sets (rl_mb_tokens: job.h RlSetup::budget_mbs) where mbs is on auto. The search and the explicit
// layout read it.
LayoutKeys FixedLayout(const Config& cfg, const Job& job);
// Layout from the config's explicit keys, with auto keys filled by simple defaults (search does better).
Layout ExplicitLayout(const Config& cfg, const Job& job);
// Why tensor parallelism of `tp` cannot split the model's attention heads (kv false) or its key/value heads (kv true),
// training's and the rollout engine's alike (model.h TpSplitsHeads, TpSplitsKvHeads): the message's template ({0} the
// degree, {1} the heads) and the head count it names; `words` null when it can.
struct HeadSplitIssue {
  const IssueWords* words = nullptr;
  int heads = 0;
};
HeadSplitIssue TpHeadSplitIssue(const ModelArch& m, int tp, bool kv);
// Check a layout against the job (divisibility, group sizes); returns false with issues naming keys.
bool CheckLayout(const Job& job, const Layout& layout, std::vector<ConfigIssue>* issues);
// The highest ZeRO stage the job's stack runs with pipeline parallelism (pp > 1): CheckLayout refuses more,
// and the search does not offer it (core/stack/stack.h pp_zero_max, each with its source).
int MaxZeroWithPipeline(const Job& job);
// True when cfg's stack (as ResolveJob resolves it) may run what cfg gives for the keys in `keys` (AskKey bits,
// core/stack/capabilities.h) as the search would choose it: native, or an extension its own launcher configures.
bool StackMayRun(const Config& cfg, uint32_t keys);
// The stack's id cfg resolves to (ResolveJob's rule for the stack on auto: by goal, method and model), "" where cfg
// names an unknown one.
std::string ResolvedStackId(const Config& cfg);
// The precision a configuration is planned in: prec as given, but bf16 on a GPU without BF16 tensor cores (T4, V100)
// is fp16 (catalog.h HasBf16), as the frameworks run there; resolve says so under prec.
Precision PlannedPrecision(const Config& cfg);
// The post-training algorithm a goal asks for (goal=grpo, ppo, dpo), RlAlgo::None for pre-training and fine-tuning.
RlAlgo RlAlgoOf(const Config& cfg);
// The RL framework an RL goal's policy trains with (rl_framework, or its auto: keys_rl.cpp); the stack resolved.
RlFramework ResolveRlFramework(const Config& cfg, const Job& job);
// The refusals a post-training configuration meets from what each RL framework trains and generates with
// (capabilities.h RlOfferTable), whether it can park the trainer between phases (rl_park) and what its policy training
// lacks of the keys given (RlCapabilityTable), its
// framework and engine resolved as ResolveJob resolves them (the job's stack and hardware): the resolver's own checks,
// and the page's, which greys out a choice that would meet one. Empty otherwise.
std::vector<ConfigIssue> RlOfferIssues(const Config& cfg, const Job& job);
// True when RL framework fw's policy training runs every key cfg gives explicitly (RlCapabilityTable: its own rows,
// not the stack's); the job's stack and hardware resolved. rl_framework=auto chooses among those.
bool RlFrameworkRunsAsked(const Config& cfg, const Job& job, RlFramework fw);
// The refusals framework `fw`'s policy training gives the keys cfg states (its RlCapabilityTable rows: TRL's no
// token budget, verl's FSDP no tensor parallelism), as resolve words them, on job's stack and release.
void RlFrameworkIssues(const Config& cfg, const Job& job, RlFramework fw, std::vector<ConfigIssue>& issues);
// True when any layout key (tp, pp, vp, cp, ep, mbs, zero, recompute, offload, sp) is left on auto.
bool HasAutoLayout(const Config& cfg);
// Write the layout's values into the config's layout keys (tp, pp, ..., zero, recompute, offload, sp).
void ApplyLayout(Config& cfg, const Layout& layout);

}  // namespace tp
