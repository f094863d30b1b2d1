// launch.h — from plan to launch and back (issue #31): a plan written as a training framework's own config
// (DeepSpeed, Transformers Trainer + PEFT + bitsandbytes, TRL, torchtune, Axolotl, LLaMA-Factory, Unsloth,
// torchtitan, Megatron-LM; for RL goals verl and OpenRLHF), and such a config read back as the planner's keys. Pure
// functions over text: the command line and the page read and write the files. What each format can say, drops or
// refuses is one table (LaunchRules), and the keys each format may emit were read from the framework's own repository
// at a pinned release (tests/data/launch_keys/<format>.json; a test holds every emitted key to that list).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "config.h"
#include "planner.h"

namespace tp {

enum class LaunchFormat : uint8_t {
  DeepSpeed,
  Hf,
  Trl,
  Torchtune,
  Axolotl,
  LlamaFactory,
  Unsloth,
  Torchtitan,
  Megatron,
  Verl,     // RL goals only (issue #32): verl's main_ppo config
  Openrlhf  // RL goals only (issue #32): OpenRLHF's train_ppo_ray (GRPO, PPO) or train_dpo launch command
};
enum class LaunchSyntax : uint8_t { Json, Python, Yaml, Toml, Args };

struct LaunchFormatInfo {
  LaunchFormat format;
  const char* id;         // the --to spelling: "deepspeed", "hf", ..., "megatron"
  const char* framework;  // "DeepSpeed", "Transformers Trainer + PEFT + bitsandbytes", ...
  const char* file_name;  // what the export is saved as: "ds_config.json", "train.py", ...
  LaunchSyntax syntax;
  const char* stack;    // the planner's stack (core/stack) a plan for this format uses when none is given
  const char* release;  // the pinned release its keys were read at (tests/data/launch_keys/<id>.json)
  const char* repo;     // where they were read
  const char* commit;   // the pinned commit
  const char* mime;     // for a download
};
const std::vector<LaunchFormatInfo>& LaunchFormats();
const LaunchFormatInfo* FindLaunchFormat(std::string_view id);
const LaunchFormatInfo& InfoOf(LaunchFormat format);
std::string LaunchFormatList();  // "deepspeed, hf, ..., megatron" (for messages and --help)

// What a format does with a decision of the plan it cannot write as the plan has it.
enum class LaunchAction : uint8_t {
  Refuse,   // no file: the framework cannot run this plan (the reason says why, and what could)
  Drop,     // the file leaves it out (a note says so); the run differs there, or it is set elsewhere
  Rewrite,  // the file says it the framework's nearest way (a note says how)
};

// One row of the table: for `format`, when the plan's `key` is such (`when`), the `action`, and why.
struct LaunchRule {
  LaunchFormat format;
  const char* key;   // the planner key the rule is about: "tp", "method", "zero", "prec", "flash", ...
  const char* when;  // the condition in the key's own words: "tp > 1", "method = qlora", "zero = 1"
  LaunchAction action;
  const char* reason;     // English; the Chinese is reason_zh (both registered with the phrase table)
  const char* reason_zh;  //
  bool (*applies)(const PlanOutput& plan);
  const char* pin;  // for a layout key left on auto: the value the export plans with instead ("1"), or ""
  const char* pin_stack =
      "";  // the stack the pin holds on ("" every stack): verl's tp/pp/ep pins are its FSDP workers'
};
const std::vector<LaunchRule>& LaunchRules();

// The configuration an export plans: `cfg` with the format's stack when none is given, and each layout key
// left on auto that the format cannot vary pinned to what it can say (tp=1 for the Trainer, zero=0 for
// Unsloth), so the search picks a layout the framework can run. Keys the user gave are kept (the export
// then refuses them with the reason).
Config LaunchConfig(const Config& cfg, LaunchFormat format);

// The plan an export writes: LaunchConfig's, and where the format refuses what the search chose for keys left on
// auto (FSDP's offload at ZeRO-1 for the Trainer, NVMe for a format that offloads to CPU only), the best plan
// among those keys' other values (offload, zero, recompute) that the format can say. Keys the user gave are kept:
// the export then refuses them, naming the key. The command line and the page export this plan.
PlanOutput LaunchPlan(const Config& cfg, LaunchFormat format);

struct LaunchExport {
  bool ok = false;
  std::string text;                 // the file
  std::vector<ConfigIssue> issues;  // a refusal (an error naming the key), and notes: what was dropped or rewritten
};
// The plan as the format's file, with a header comment: the plan's link (`link`: a whole address or a
// "#v=1&..." fragment; empty = the plan's own fragment), its predicted memory and speed, the layout, what
// was dropped, and the framework release it targets. A plan that did not succeed (!ok) is refused.
LaunchExport ExportLaunch(const PlanOutput& plan, LaunchFormat format, std::string_view link = {});

// One key a config gave, as the planner's key: the pair, and where it came from.
// A pair from a TrainPlan export's header (its "Plan:" link) rather than the framework's keys: what the file itself
// cannot say (ImportLaunch); its own notice names them, LaunchPairsText leaves them out.
inline constexpr const char* kHeaderPairSource = "the TrainPlan header's Plan link";
struct LaunchPair {
  std::string key, value;  // a planner key and its link spelling ("method", "qlora")
  std::string source;      // the framework's key it was read from ("finetuning_type", "--micro-batch-size")
  int line = 0;            // 1-based, 0 when unknown
};

struct LaunchImport {
  bool ok = false;  // false: the text could not be read (issues has the error with its line)
  LaunchFormat format = LaunchFormat::DeepSpeed;
  std::string framework;          // the format's framework as the file uses it ("TRL GRPOTrainer" for a GRPO script)
  std::vector<LaunchPair> pairs;  // what it took, in the file's order
  int grad_accum = 0;             // gradient accumulation steps when the file gives them and not the global
                                  // batch: gbs = mbs x grad_accum x dp, with dp from the configuration it joins
  double steps = 0;               // optimizer steps the file runs: tokens = steps x gbs x seq (when no tokens key)
  bool sharded_by_gpus = false;   // the recipe shards on several GPUs only (torchtune): zero from the GPU count
  int shard_replicas = 0;         // Megatron's --num-distributed-optimizer-instances: dp_shard = dp / this
  bool node_shard = false;        // FSDP's HYBRID_SHARD (the Trainer's "hybrid_shard"): dp_shard = a node's GPUs
  double rl_completions_per_rank = 0;  // TRL's GRPO: per_device_train_batch_size x steps_per_generation; the step's
                                       // prompts = this x dp / num_generations (FinishLaunchImport)
  bool fused_loss = false;             // Liger's fused linear cross-entropy switched on (use_liger_kernel): logit_bytes
                                       // becomes the stack's fused loss's once the model is known (FinishLaunchImport)
  bool peft_modules = false;           // LoRA through PEFT's target_modules (the Trainer, TRL, Axolotl, LLaMA-Factory,
                                       // OpenRLHF, verl's FSDP actor): no routed expert of a Transformers v5 mixture
  bool peft_expert_params = false;     // of experts unless target_parameters names them (FinishLaunchImport)
  std::string unknown_model;           // a model the file names that no preset is (Reader::Model's notice), and its
  int unknown_model_line = 0;          // line: with no model from another source, the command line refuses the plan
  std::vector<ConfigIssue> issues;     // errors (line and key) and notices: each key it could not map
};
// The format of a launch config from its content, or false (not one: an HF config.json, a link, prose).
bool DetectLaunchFormat(std::string_view text, LaunchFormat& format);
// Reads a config of `format` (or of the detected format when `format` is null). Never throws, bounded work. A file a
// TrainPlan export wrote also gives, from its header's "Plan:" link, the keys the framework's file cannot say (a
// DeepSpeed config's model, its recomputation), each after the file's own keys, with a notice naming them.
LaunchImport ImportLaunch(std::string_view text, const LaunchFormat* format = nullptr);
// Applies an import's pairs to cfg (each checked as a typed key is, an error naming its line and the
// framework's key), then the global batch from the gradient accumulation with cfg's own GPUs and layout.
// A caller with more sources (the command line) applies the pairs in their place and finishes after the last
// source, so that gpus=8 given after the file counts; ApplyLaunchImport does both at once.
void ApplyLaunchImport(Config& cfg, const LaunchImport& import, std::vector<ConfigIssue>& issues, unsigned given = 0);
void ApplyLaunchPairs(Config& cfg, const LaunchImport& import, std::vector<ConfigIssue>& issues);
// `given`: the keys another source gave (kGivenGpus, kGivenModel, kGivenGbs), which the import's notes do not ask for
// and its gradient accumulation does not resize (a global batch the configuration had otherwise, a page's last plan's,
// is the file's micro-batch x accumulation x data parallel). A model
// the file names that no preset is, with no model given otherwise, is an error naming it (the plan would be another
// model's).
constexpr unsigned kGivenGpus = 1, kGivenModel = 2, kGivenGbs = 4;
void FinishLaunchImport(Config& cfg, const LaunchImport& import, std::vector<ConfigIssue>& issues, unsigned given = 0);
// Several files read together (`plan --import train.py --import zero3.yaml`, the page's files dropped one after
// another), each one's pairs applied in its turn: finishes each in order, a model or GPU count one file gives being
// given for the others' notes.
void FinishLaunchImports(Config& cfg, const std::vector<LaunchImport>& imports, std::vector<ConfigIssue>& issues,
                         unsigned given = 0);
// "model=llama3-8b method=qlora lora_r=16 ..." — the values an import took from the framework's keys, as keys of the
// link (not those its TrainPlan header gave: their notice says them).
std::string LaunchPairsText(const LaunchImport& import);

}  // namespace tp
