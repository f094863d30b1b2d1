// config.h — the user's configuration: one plain struct holding every share-link / command-line key
// (see shared interface.md), one parser for links, argv pairs and JSON files, and validation whose
// errors name the key. A default-constructed Config is valid and plans Llama-2-70B on A100s.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "enums.h"
#include "i18n_core.h"
#include "issue.h"
#include "job.h"

namespace tp {

inline constexpr int kUnset = 0;  // model dimensions: "take the preset's value"
inline constexpr const char* kViewNames[] = {"plan", "compare", "search"};
inline constexpr const char* kSearchGpuNames[] = {"all", "this"};  // search_gpus: every GPU type, or the plan's
inline constexpr const char* kSearchByNames[] = {"time", "cost"};  // search_by: the order of the Search view
inline constexpr const char* kViewLabels[] = {"Plan", "Compare", "Search"};

struct Config {
  int v = 1;  // link format version

  // model: a preset id, overridden field by field by explicit dimensions; "custom" = dimensions only
  std::string model = "llama2-70b";
  std::string name;   // the model's own name (an imported config.json's _name_or_path); "" = the preset's
  double params = 0;  // total parameters of a size-only model (model-state questions only)
  int layers = kUnset, hidden = kUnset, heads = kUnset, kv_heads = kUnset, ffn = kUnset, vocab = kUnset;
  int act = -1;   // -1 preset, else MlpKind
  int tied = -1;  // -1 preset, 0/1
  int experts = kUnset, topk = kUnset, moe_ffn = kUnset;
  int head_dim = kUnset;       // attention head size; 0 = hidden / heads (or the preset's)
  int shared_experts = kAuto;  // MoE shared experts; -1 = the preset's (0 for a custom model)
  int dense_layers = kAuto;    // leading layers with a dense MLP (DeepSeek-V3: 3); -1 = the preset's
  // Multi-head latent attention (DeepSeek-V2/V3): -1 = the preset's; kv_lora_rank 0 = ordinary attention,
  // q_lora_rank 0 = queries without a low-rank projection. Head sizes: 0 = the preset's.
  int q_lora_rank = kAuto, kv_lora_rank = kAuto;
  int qk_rope_dim = kUnset, qk_nope_dim = kUnset, v_head_dim = kUnset;
  int qk_norm = -1;              // -1 the preset's, else QkNorm (none, per_head, all_heads)
  int norms_per_block = kUnset;  // 0 = the preset's (2: before attention and before the MLP)
  // Node-limited routing (DeepSeek-V3's n_group / topk_group): experts in groups, each token routed within its
  // best group_topk groups; 0 = the preset's (none for a custom model)
  int expert_groups = kUnset, group_topk = kUnset;

  // workload: what the run is for, the software stack (framework conventions, core/stack/stack.h) and its release
  int goal = kAuto;  // 0 pretrain, 1 finetune, 2 grpo, 3 ppo, 4 dpo (kGoalNames); auto = finetune with LoRA/QLoRA, else
                     // pretrain
  std::string stack;       // "" = auto: DefaultStack() (Megatron-Core)
  int stack_year = kAuto;  // auto = the profile's release
  int seq = kUnset;        // 0 = auto: 4096 to pre-train, 2048 to fine-tune (a learned-position model's at most)
  int mbs = kAuto;
  int gbs = kAuto;    // global batch in sequences; auto = AutoGlobalBatch (rules.h)
  double tokens = 0;  // training budget; 0 = 20 tokens per parameter (Chinchilla), or the fine-tuning dataset
  double examples = 0, example_tokens = 0, epochs = 0;  // a fine-tuning dataset; 0 = the documented defaults
  // post-training with reinforcement learning or preferences (goal grpo, ppo, dpo; core/estimate/rl.h): 0 / auto =
  // the frameworks' defaults (core/config/keys_rl.cpp gives each one's source)
  int rl_prompts = kUnset, rl_samples = kUnset, rl_updates = kUnset, rl_steps = kUnset;
  int rl_prompt_len = kUnset, rl_response_len = kUnset, rl_max_response_len = kUnset;
  int rl_framework = kAuto;     // RlFramework (verl, openrlhf, nemo-rl, trl, deepspeed-chat)
  int rl_engine = kAuto;        // RlEngine (vllm, sglang, hf)
  double rl_kv_frac = 0;        // the engine's memory fraction, in that engine's meaning; 0 = auto
  int rl_max_seqs = kUnset;     // the engine's cap on sequences in flight; auto = the engine's own default
  int rl_gen_batch = kUnset;    // sequences per generate call the trainer waits on; auto = the step's at once
  int rl_logprob_mbs = kUnset;  // sequences per micro-batch of the log-probability passes; auto = mbs
  // token budgets of a micro-batch (verl use_dynamic_bsz, NeMo RL train_mb_tokens, OpenRLHF dynamic batch): the
  // training's and the log-probability passes'; auto = micro-batches counted in sequences (mbs, rl_logprob_mbs)
  int rl_mb_tokens = kUnset, rl_logprob_mb_tokens = kUnset;
  int rl_colocate = kAuto, rl_ref = kAuto, rl_async = 0;
  int rl_park = kAuto;      // verl, OpenRLHF: the trainer's states parked on the host between phases (1/0); auto = 0
  int rl_sleep = kAuto;     // a colocated engine releases its memory while the trainer runs (1/0); auto per framework
  int rl_max_age = kUnset;  // streaming: steps of prompts in flight at most; auto = 1
  int rl_gen_prec = kAuto;  // the rollout engine's weights: 0 bf16, 1 fp8 (block-scaled); auto = bf16
  int rl_rollout_gpus = kUnset, rl_rollout_tp = kUnset;
  std::string rl_reward = "rule";  // "rule" or a model preset id scoring the responses
  Method method = Method::Full;
  double dropout = -1;  // -1 = auto: 0.1 for GELU models (GPT/BERT recipes), 0 for the Llama family
  int lora_r = 16;
  std::string lora_targets = "all";  // "qv", "attn", "all" (attention + MLP), "dense" (without the routed experts)
  double lora_dropout = 0;           // dropout on each adapter's input (PEFT's lora_dropout); 0 = none (PEFT's default)

  // numerics
  Precision prec = Precision::Bf16;
  Optimizer opt = Optimizer::AdamW;
  int cp_comm = kAuto;     // CpComm with cp > 1; auto = the stack's default (capabilities.h StackCpComm)
  int fp8_recipe = kAuto;  // Fp8Recipe with prec=fp8; auto = mxfp8 on Blackwell, per-tensor scaling elsewhere

  // memory techniques
  int zero = kAuto;      // 0-3, FSDP full shard = 3
  int dp_shard = kAuto;  // hybrid sharding (HSDP): data-parallel ranks per ZeRO shard group; auto = all of them
  int offload = kAuto;   // -1 auto, else Offload
  Recompute recompute = Recompute::Auto;
  int sp = kAuto;           // sequence parallel 0/1
  int flash = 1;            // FlashAttention 0/1
  int offload_act = kAuto;  // full recomputation keeps layer inputs in host memory (0/1); auto = the stack's
  int opt_in_bwd = 0;       // the optimizer steps each parameter in the backward and frees its gradient (0/1)
  int grad_fp32 = kAuto;    // Megatron: the gradient buffer in fp32 (grad_reduce_in_fp32) or 16-bit (0/1); auto = 1
  int recompute_mla_up = kAuto;   // Megatron: recompute MLA's up-projections (recompute_modules mla_up_proj); auto = 0
  int recompute_moe_act = kAuto;  // Megatron: recompute the experts' activation (recompute_modules moe_act); auto = 0
  int fp8_params = kAuto;         // Megatron FP8: weights stored in FP8 (fp8_param / fp8_param_gather); auto = 0
  int tp_overlap = kAuto;  // tensor-parallel collectives pipelined with their GEMMs (tp_comm_overlap) 0/1; auto = 0
  int optim_bf16 = kAuto;  // Megatron: AdamW's moments in bf16 and no fp32 master (NeMo's distributed_fused_adam dtype)
  int modeling = kAuto;    // the model code whose saved tensors the activations follow (ModelCode); auto = the stack's
  int compile = kAuto;     // torch.compile on the layers and loss (0/1); auto = 0
  int kbit_prep = kAuto;   // PEFT's prepare_model_for_kbit_training (0/1); auto = 1 for QLoRA with stack=hf
  int qlora_experts = kAuto;  // QLoRA: the routed experts in 4 bits too (1) or 16-bit (0); auto per model code
  int padding = kAuto;        // Padding of a batch's sequences; auto = the model code's data pipeline

  // layout
  int gpus = 64;
  int tp = kAuto, pp = kAuto, vp = kAuto, cp = kAuto, ep = kAuto, dp = kAuto;
  int pp_microbatches = kAuto;  // micro-batches per pipeline schedule; auto = all of a step's (one schedule)
  int pp_schedule = kAuto;      // PipeSchedule; auto = searched among the stack's (interleaved when vp > 1)

  // hardware: empty string / 0 = the GPU's catalog default
  std::string gpu = "a100-80g";
  int gpus_per_node = kUnset;
  std::string intra;  // link id inside a node
  std::string inter;  // network id across nodes
  // a GPU described by its numbers (gpu=custom); 0 / auto = not given (the first four are required)
  double gpu_mem_gib = 0, gpu_bw_gbs = 0, gpu_tflops = 0, gpu_tdp_w = 0;
  double gpu_fp8_tflops = 0, gpu_fp32_tflops = 0, gpu_mamf_tflops = 0;
  int gpu_p2p = kAuto;  // PCIe peer-to-peer 0/1; auto = 1

  // economics: 0 = catalog default for the GPU; the rest default to the Job's (job.h Economics)
  double usd_per_gpu_hour = 0;
  double usd_per_gpu = 0;
  double usd_per_kwh = Economics{}.usd_per_kwh;
  double pue = Economics{}.pue;
  double years = Economics{}.years;

  // reliability (defaults: job.h Reliability)
  double mtbf_gpu_h = Reliability{}.mtbf_gpu_h;
  double ckpt_s = 0;  // 0 = from checkpoint size and storage bandwidth
  double restart_s = Reliability{}.restart_s;
  double storage_gbps = 0;     // aggregate checkpoint write bandwidth, GB/s; 0 = 1 GB/s per GPU... see run.cpp
  int checkpoints = kAuto;     // 0: none written (a benchmark's timed run); auto = 1
  double ckpt_interval_s = 0;  // 0 = the Young/Daly interval
  // the whole run's other parts (run.cpp): evaluation, start-up
  int eval_interval = kAuto;  // steps between evaluations; 0 = none; auto = 1000 (Megatron-LM's default)
  int eval_first = kAuto;     // step of the first evaluation; auto = eval_interval
  double eval_tokens = 0;     // tokens per evaluation; 0 = 100 global batches (Megatron-LM's --eval-iters)
  int startup_load = kAuto;   // 0 nothing, 1 the weights, 2 a full checkpoint; auto = the weights to fine-tune
  double startup_s = 0;       // 0 = modelled: launch, load, warm-up

  // memory rule
  double headroom = 0;  // fraction of GPU memory kept free before saying "fits" (the allocator reserve is modelled)

  // assumptions: the engine's fitted or published constants, editable; 0 = the documented default
  double eff_matmul = 0, matmul_half_ridge = 0, eff_attention = 0, eff_memory = 0, eff_network = 0;
  double overlap_dp = 0, overlap_contention = 0;
  double overlap_ep = 0, moe_imbalance = 0, moe_capacity = 0, ep_dedup = 0, moe_packed = 0;  // MoE; 0 = default
  int moe_a2a_overlap = kAuto, moe_pad = kAuto;  // MoE 0/1; auto = 0 (Megatron-Core's defaults)
  int full_graphs = kAuto;                       // 0/1; auto = 1 with capacity padding (static shapes), else 0
  int fp8_head = kAuto;                          // 0/1; auto = 0: the output layer stays 16-bit in FP8 training
  double moe_host_s = 0;                         // 0 = step_moe.cpp's measured default
  double host_dispatch = 0;                      // 0 = the GPU's system (assets/gpus.json host_dispatch)
  double cuda_context_gb = 0, host_gb_per_gpu = 0;
  double gpu_power = 0, server_power = 0, capex_overhead = 0;
  double straggler = 0.015, data_stall = 0;                    // run.cpp's defaults (Llama 3's diurnal swing; none)
  double launch_s = 0, init_per_node_s = 0, warmup_steps = 0;  // 0 = run.cpp's fit
  double eff_stack = 0, alloc_reserve = 0, nccl_gb = 0, logit_bytes = 0;  // 0 = the stack's
  double staff_usd_per_year = 0;
  // calibration (core/planner/calibrate.h): what the user measured for this configuration, and the factors
  double measured_tokens_per_s_per_gpu = 0, measured_peak_gib = 0;  // 0 = not measured
  double calib_speed = 0, calib_memory = 0;                         // 0 = auto: fitted from measured_*, else 1
  std::string calib_gpu;                                            // the GPU the factors were measured on

  // the page's view (keys of the same grammar, so every link the page writes means the same to the CLI)
  std::string lang = "en";
  int view = 0;         // 0 plan, 1 compare, 2 search (kViewNames)
  int search_gpus = 0;  // the Search view's GPU types: 0 every type in the catalog, 1 only the plan's (kSearchGpuNames)
  int search_by = 0;    // the Search view's order: 0 fastest first, 1 cheapest first (kSearchByNames)
  std::string
      cmp;  // compare columns, "gpu:h100,gpus:128;gpu:a100-80g,gpus:256" (core/config/scenario.h); empty = default

  // Field-by-field equality (the link round-trip test relies on it).
  friend bool operator==(const Config&, const Config&) = default;
};

// Parse one "key=value" into cfg. Unknown keys and bad values produce an issue and leave the field.
bool ApplyPair(Config& cfg, std::string_view key, std::string_view value, std::vector<ConfigIssue>& issues);
// Parse a link: a whole URL, a "#fragment" or a bare "a=1&b=2" string (percent-decoded).
void ApplyLink(Config& cfg, std::string_view link, std::vector<ConfigIssue>& issues);
// Parse a JSON object of keys (numbers, strings or booleans) as written by `plan --format json`'s "config".
void ApplyJson(Config& cfg, std::string_view json_text, std::vector<ConfigIssue>& issues);
// Import a Hugging Face config.json (num_hidden_layers, hidden_size, ... ) as custom dimensions.
void ApplyHfConfig(Config& cfg, std::string_view json_text, std::vector<ConfigIssue>& issues);

// Switch the configuration to another GPU type: the links, GPUs per node and prices that were the old
// GPU's (or the user's for it) go back to the new GPU's catalog defaults. The one rule every surface uses
// (fit advice, search variants, the page's pickers, compare columns). Same id: nothing changes.
void SelectGpu(Config& cfg, const std::string& gpu_id);

// Switch the configuration to another model preset: every key of the model's sections (dimensions,
// details, a size-only parameter count, an imported model's name) goes back to its default, so nothing of
// the previous model (an import, an edited preset) is kept. The page's preset picker and its Reset use it.
void SelectModel(Config& cfg, const std::string& model_id);
// True when a key of the model's sections other than the preset id and the name differs from its
// default: the preset is "(modified)".
bool ModelEdited(const Config& cfg);
// The `name` key's check: printable text of at most 100 bytes ("Qwen/Qwen2.5-7B-Instruct").
bool ValidModelName(std::string_view name);

// The share link fragment for cfg, "#v=1&key=value&..." with keys that differ from the defaults, in
// the key table's order; ApplyLink(FormatLink(c)) reproduces c exactly.
std::string FormatLink(const Config& cfg);
// Value of one key as its link spelling ("auto" for auto); empty if the key is unknown.
std::string FormatValue(const Config& cfg, std::string_view key);

// ---- The key table ----------------------------------------------------------------------------------
// One row per key carries everything about it: how it parses and prints (kind, range, auto), its unit, the
// page's label, its help, the source of its default, each in English and Chinese, and, for an assumption,
// the Job field of the same name it sets. The parser, the link printer, `trainplan plan --help`, the JSON,
// the page's sections, fields, ranges and tooltips all read these rows (core/config/keys.cpp).

// The sections keys belong to, in the order the page and `--help` show them.
enum class KeyGroup : uint8_t {
  Link,          // v
  Model,         // the preset (or a size-only model)
  ModelShape,    // custom dimensions
  ModelDetails,  // MoE widths, head sizes, latent attention
  Training,      // method, precision, optimizer, sequence, batch, budget
  Hardware,      // GPU type and count, links
  Layout,        // parallel layout and memory techniques (auto = searched)
  Cost,
  Reliability,
  Assumptions,  // the engine's fitted or published constants
  Calibration,  // what the user measured on their own run (core/planner/calibrate.h)
  Interface,    // lang
  View,         // the page's view (view, cmp): not part of a plan (left out of the plan's JSON)
};
inline bool IsModelGroup(KeyGroup g) {
  return g == KeyGroup::Model || g == KeyGroup::ModelShape || g == KeyGroup::ModelDetails;
}
// The section's title ("Custom dimensions" / "自定义维度").
const char* GroupTitle(KeyGroup g, Lang lang);

enum class KeyKind : uint8_t {
  Int,     // whole number in [lo, hi]; optional sentinel printed "auto"
  Real,    // finite number in [lo, hi]; optional sentinel printed "auto"
  Choice,  // one of names[]; stored as an int index; optional sentinel (-1) printed "auto"
  Id,      // lowercase identifier [a-z0-9._-]; optional empty = "auto"
  Text,    // free text checked by the row's own `check` (the compare columns); empty = its default
};

// Text in both languages; `zh` empty falls back to English.
struct Bilingual {
  const char* en = "";
  const char* zh = "";
  const char* In(Lang lang) const { return lang == Lang::Zh && zh && *zh ? zh : en; }
};

struct KeyInfo {
  const char* name = "";
  KeyGroup group = KeyGroup::Link;
  KeyKind kind = KeyKind::Int;
  const char* unit = "";               // "" when dimensionless
  const char* help = "";               // one sentence: what it means (English; help_zh below)
  double lo = 0, hi = 0;               // Int / Real: the range the parser accepts (besides auto)
  bool has_auto = false;               // accepts "auto"
  double auto_value = 0;               // Int / Real / Choice: the value stored for "auto"
  const char* const* names = nullptr;  // Choice spellings
  int n_names = 0;
  const char* const* value_labels = nullptr;  // Choice: each value's display label (ChoiceLabel), or null
  // Accessors: exactly one pair is set, matching kind.
  int (*get_int)(const Config&) = nullptr;
  void (*set_int)(Config&, int) = nullptr;
  double (*get_real)(const Config&) = nullptr;
  void (*set_real)(Config&, double) = nullptr;
  const std::string& (*get_id)(const Config&) = nullptr;
  void (*set_id)(Config&, std::string) = nullptr;
  bool (*check)(std::string_view) = nullptr;  // Text: true when the value is acceptable
  const char* accepts = "";  // what the parser accepts, e.g. "a whole number 1-1024 or auto" (generated)

  Bilingual label;  // the page's field label
  const char* help_zh = "";
  Bilingual source;                       // where the default comes from (assumptions); empty otherwise
  double Assumptions::*assume = nullptr;  // the assumption this key sets (Job::assume, same name)
  const char* format = nullptr;           // printf of the page's field for Real keys ("%.3f")
  bool token_count = false;               // a count of tokens: "8k" = 8,192 (ParseTokenCount)

  const char* Help(Lang lang) const { return lang == Lang::Zh && *help_zh ? help_zh : help; }
  // Builders for the table rows (core/config/keys.cpp).
  KeyInfo Label(const char* en, const char* zh) && {
    label = {en, zh};
    return std::move(*this);
  }
  KeyInfo Zh(const char* zh) && {
    help_zh = zh;
    return std::move(*this);
  }
  KeyInfo Source(const char* en, const char* zh) && {
    source = {en, zh};
    return std::move(*this);
  }
  KeyInfo Assume(double Assumptions::*field) && {
    assume = field;
    return std::move(*this);
  }
  KeyInfo TokenCount() && {
    token_count = true;
    return std::move(*this);
  }
  KeyInfo Format(const char* printf_format) && {
    format = printf_format;
    return std::move(*this);
  }
  // A choice key's value labels, one per spelling (enums.h keeps each list beside its spellings).
  template <size_t N>
  KeyInfo Values(const char* const (&labels)[N]) && {
    if (int(N) == n_names) value_labels = labels;
    return std::move(*this);
  }
};
const std::vector<KeyInfo>& Keys();
const KeyInfo* FindKey(std::string_view name);
// True when the key holds its "auto" (a model key: "the preset's"; an assumption: "the documented default").
bool IsAuto(const Config& cfg, const KeyInfo& key);
// The keys of cfg on auto, in key-table order (the planner records them before it fills the layout in;
// report/resolved.h says what each became).
std::vector<std::string> AutoKeys(const Config& cfg);
// The display label of a choice key's value `index` (English; the surfaces translate it): the row's label,
// else its link spelling; "-" out of range.
const char* ChoiceLabel(const KeyInfo& key, int index);
// A key as typed made into its row's name: trimmed, lowercase, '-' read as '_' ("GPUs-Per-Node" is
// gpus_per_node). The parser and the link reader both read keys through it.
std::string NormalKey(std::string_view typed);
// True when cfg holds Config{}'s value for `key`, compared through the key's row (no text round trip);
// false for an unknown key.
bool IsDefault(const Config& cfg, std::string_view key);
// `key`'s value copied from `from` into `to` through its row; false for an unknown key.
bool CopyKey(Config& to, const Config& from, std::string_view key);
// True when the key means something for this plan: the adapter keys with LoRA or QLoRA, the dataset keys
// when fine-tuning (job: cfg resolved), the size-only and name keys for a custom model. The page draws the
// others only where they are set or in error.
bool KeyRelevant(const Config& cfg, const Job& job, std::string_view key);
// The post-training keys that size the rollout (engine, pools, batching, weights): none of DPO's business.
bool RlGenerationKey(std::string_view key);

// The assumption keys set in cfg (auto keeps the documented default) written into a Job's Assumptions,
// and back: what every assumption key resolved to (the plan's JSON, the page's greyed values).
void ApplyAssumptions(const Config& cfg, Assumptions& assume);
void AssumptionsToConfig(const Assumptions& assume, Config& cfg);

}  // namespace tp
