// resolve.cpp — Config -> Job: model preset plus explicit dimensions, GPU and links from the catalog,
// price and reliability defaults, the Chinchilla token budget; validation whose every error names the
// key. The layout rules are in layout_rules.cpp, a search's job variants in variants.cpp.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>

#include "capabilities.h"
#include "catalog.h"
#include "memory.h"
#include "model.h"
#include "pipeline.h"
#include "plan.h"
#include "presets.h"
#include "resolve.h"
#include "rl_rollout.h"
#include "rules.h"
#include "stack.h"
#include "step.h"
#include "units.h"

namespace tp {
namespace {

// Published rule of thumb: compute-optimal training uses about 20 tokens per parameter (Hoffmann et
// al. 2022, "Training Compute-Optimal Large Language Models", Table 3).
constexpr double kChinchillaTokensPerParam = 20.0;
// A fine-tuning dataset when none is given: the PEFT method comparison's default run, every factor
// published (huggingface/peft method_comparison/MetaMathQA: 20,000 training samples; its results give
// 4,198,051 training tokens, 210 per sample with the Llama 3.2 tokenizer), one pass.
constexpr double kFinetuneExamples = 20000, kFinetuneExampleTokens = 210, kFinetuneEpochs = 1;
// Vocabulary assumed for a custom model that does not say (Llama 1/2 tokenizer).
constexpr int kDefaultVocab = 32000;

void Error(std::vector<ConfigIssue>& issues, const char* key, IssueWords words, std::vector<IssueArg> args = {}) {
  issues.push_back(MakeIssue(key, words, std::move(args), false));
}
void Notice(std::vector<ConfigIssue>& issues, const char* key, IssueWords words, std::vector<IssueArg> args = {}) {
  issues.push_back(MakeIssue(key, words, std::move(args), true));
}

// "a, b or c" from catalog ids (with extra leading words such as "custom").
template <typename List>
std::string IdList(const List& list, std::initializer_list<const char*> extra = {}) {
  std::string out;
  size_t n = extra.size() + list.size(), i = 0;
  auto add = [&](const std::string& id) {
    if (i) out += (i + 1 == n) ? " or " : ", ";
    out += id;
    ++i;
  };
  for (const char* e : extra) add(e);
  for (const auto& item : list) add(item.id);
  return n ? out : "(the catalog is empty)";
}

// Llama's SwiGLU width rule: 2/3 of 4 x hidden, rounded up to a multiple of 256 (Touvron et al. 2023).
int DefaultFfn(int hidden, MlpKind mlp) {
  if (mlp == MlpKind::Gelu) return int(std::min<int64_t>(int64_t(4) * hidden, 100000000));
  int64_t f = (int64_t(8) * hidden + 2) / 3;
  f = (f + 255) / 256 * 256;
  return int(std::min<int64_t>(f, 100000000));
}

void ApplyDimensions(const Config& cfg, bool custom, ModelArch& m);
void CheckLatentAttention(const Config& cfg, ModelArch& m, std::vector<ConfigIssue>& issues);
bool CompleteCustomModel(const Config& cfg, ModelArch& m, std::vector<ConfigIssue>& issues);
void CheckModelShape(ModelArch& m, std::vector<ConfigIssue>& issues);

// The model: a size-only one (params=), a preset with the dimensions given over it, or a custom model.
void ResolveModel(const Config& cfg, Job& job, std::vector<ConfigIssue>& issues) {
  static const Config defaults;
  ModelArch& m = job.model;
  const bool dims_given = cfg.layers > 0 && cfg.hidden > 0;
  // Dimensions without a model id describe a custom model (the validation cases are written so):
  // the default preset is only the answer when nothing else is said.
  bool custom = cfg.model == "custom" || (cfg.model == defaults.model && dims_given);
  const bool size_only = cfg.params > 0 && !dims_given;

  if (size_only) {
    m = ModelArch{};
    m.params_total = cfg.params;
    if (cfg.model != defaults.model && cfg.model != "custom")
      Notice(issues, "params", "params= makes a size-only model; the preset {0} is not used"_issue, {cfg.model});
    return;
  }

  if (!custom) {
    if (const ModelPreset* preset = FindModel(cfg.model)) {
      m = preset->arch;
    } else {
      Error(issues, "model", "unknown model \"{0}\"; accepted: {1}"_issue,
            {cfg.model, Words(IdList(Models(), {"custom"}))});
      custom = true;
    }
  }
  if (custom) m = ModelArch{};
  ApplyDimensions(cfg, custom, m);
  CheckLatentAttention(cfg, m, issues);
  if (custom && !CompleteCustomModel(cfg, m, issues)) return;
  CheckModelShape(m, issues);
  m.params_total = CountParams(m).total;  // exact: embeddings, norms, biases, MLA, shared experts
  // A params= next to full dimensions (as `plan --format json` prints it) only agrees or is ignored.
  if (cfg.params > 0 && std::fabs(cfg.params - m.params_total) > 0.01 * m.params_total)
    Notice(issues, "params", "ignored: the dimensions give {0} parameters"_issue,
           {std::to_string(int64_t(m.params_total))});
}

// Explicit dimensions override the preset field by field.
void ApplyDimensions(const Config& cfg, bool custom, ModelArch& m) {
  const bool shape_changed = (cfg.hidden > 0 && cfg.hidden != m.hidden) || (cfg.heads > 0 && cfg.heads != m.heads);
  if (cfg.layers > 0) m.layers = cfg.layers;
  if (cfg.hidden > 0) m.hidden = cfg.hidden;
  if (cfg.heads > 0) m.heads = cfg.heads;
  if (shape_changed && m.kv_lora_rank == 0) m.head_dim = 0;  // derived again from hidden / heads
  if (cfg.head_dim > 0) m.head_dim = cfg.head_dim;
  if (cfg.act >= 0) m.mlp = MlpKind(cfg.act);
  if (cfg.tied >= 0) m.tied = cfg.tied == 1;
  if (cfg.kv_heads > 0) m.kv_heads = cfg.kv_heads;
  // A multi-head preset stays multi-head when only its head count changes (gpt3-175b heads=16): the
  // key/value heads follow. A grouped-query preset keeps its groups (and says so if they stop dividing).
  else if (cfg.heads > 0 && m.kv_heads > 0 && m.kv_heads != cfg.heads && !custom && FindModel(cfg.model) &&
           FindModel(cfg.model)->arch.kv_heads == FindModel(cfg.model)->arch.heads)
    m.kv_heads = m.heads;
  if (cfg.ffn > 0) m.ffn = cfg.ffn;
  if (cfg.vocab > 0) m.vocab = cfg.vocab;
  if (cfg.experts > 0) m.experts = cfg.experts;
  if (cfg.topk > 0) m.topk = cfg.topk;
  if (cfg.moe_ffn > 0) m.moe_ffn = cfg.moe_ffn;
  if (cfg.shared_experts >= 0) m.shared_experts = cfg.shared_experts;
  if (cfg.dense_layers >= 0) m.dense_layers = cfg.dense_layers;
  if (cfg.expert_groups > 0) m.expert_groups = cfg.expert_groups;
  if (cfg.group_topk > 0) m.group_topk = cfg.group_topk;
  if (cfg.kv_lora_rank >= 0) m.kv_lora_rank = cfg.kv_lora_rank;
  if (cfg.q_lora_rank >= 0) m.q_lora_rank = cfg.q_lora_rank;
  if (cfg.qk_rope_dim > 0) m.qk_rope_dim = cfg.qk_rope_dim;
  if (cfg.qk_nope_dim > 0) m.qk_nope_dim = cfg.qk_nope_dim;
  if (cfg.v_head_dim > 0) m.v_head_dim = cfg.v_head_dim;
  if (cfg.qk_norm >= 0) m.qk_norm = QkNorm(cfg.qk_norm);
  if (cfg.norms_per_block > 0) m.norms_per_block = cfg.norms_per_block;
}

// Latent attention needs its three head sizes; without them the model keeps ordinary attention.
void CheckLatentAttention(const Config& cfg, ModelArch& m, std::vector<ConfigIssue>& issues) {
  if (m.kv_lora_rank > 0 && (m.qk_rope_dim <= 0 || m.qk_nope_dim <= 0 || m.v_head_dim <= 0)) {
    const char* missing = m.qk_rope_dim <= 0 ? "qk_rope_dim" : m.qk_nope_dim <= 0 ? "qk_nope_dim" : "v_head_dim";
    // Blame the key the user set: kv_lora_rank turned latent attention on (a preset without it, or a custom
    // model); with the preset's latent attention, the head size the user left out.
    const char* key = cfg.kv_lora_rank > 0 ? "kv_lora_rank" : missing;
    Error(issues, key,
          "latent attention (kv_lora_rank > 0) needs qk_rope_dim, qk_nope_dim and v_head_dim; missing: {0}"_issue,
          {missing});
    m.kv_lora_rank = m.q_lora_rank = 0;  // ordinary attention keeps the rest of the plan usable
  }
}

// What a custom model must say, and sensible completions for the rest. False when it says too little: the
// model is then a 7B size-only one, which keeps the job usable for the rest of the page.
bool CompleteCustomModel(const Config& cfg, ModelArch& m, std::vector<ConfigIssue>& issues) {
  if (m.layers <= 0 || m.hidden <= 0 || m.heads <= 0) {
    const char* key = m.layers <= 0 ? "layers" : m.hidden <= 0 ? "hidden" : "heads";
    Error(issues, key, "a custom model needs layers, hidden and heads (or params= for a size-only model)"_issue);
    m = ModelArch{};
    m.params_total = 7e9;
    return false;
  }
  if (cfg.act < 0) m.mlp = MlpKind::Swiglu;
  if (m.kv_heads <= 0) m.kv_heads = m.heads;  // multi-head attention
  if (m.ffn <= 0) m.ffn = DefaultFfn(m.hidden, m.mlp);
  if (m.vocab <= 0) {
    m.vocab = kDefaultVocab;
    Notice(issues, "vocab", "not given; assuming 32000 (the Llama 2 tokenizer)"_issue);
  }
  return true;
}

// Shape checks: heads over hidden and key/value heads over heads, a mixture's top-k and dense layers. Each
// bad value is said and replaced by one the rest of the plan can use. A preset with an explicit head_dim
// (Gemma) or latent attention need not divide.
void CheckModelShape(ModelArch& m, std::vector<ConfigIssue>& issues) {
  if (m.heads > 0 && m.head_dim == 0 && m.kv_lora_rank == 0 && m.hidden % m.heads != 0) {
    Error(issues, "heads", "{0} heads do not divide hidden={1}; accepted: a divisor of hidden"_issue,
          {std::to_string(m.heads), std::to_string(m.hidden)});
    m.heads = 1;
  }
  if (m.kv_heads <= 0) m.kv_heads = m.heads;
  if (m.kv_heads > m.heads || m.heads % m.kv_heads != 0) {
    Error(issues, "kv_heads",
          "{0} key/value heads do not divide the {1} attention heads; accepted: a divisor of heads"_issue,
          {std::to_string(m.kv_heads), std::to_string(m.heads)});
    m.kv_heads = m.heads;
  }
  if (m.experts > 1) {
    if (m.topk <= 0) {
      Error(issues, "topk", "a mixture of {0} experts needs topk (experts per token, e.g. 2)"_issue,
            {std::to_string(m.experts)});
      m.topk = 1;
    } else if (m.topk > m.experts) {
      Error(issues, "topk", "routes each token to {0} experts but there are only {1}; accepted: 1-{1}"_issue,
            {std::to_string(m.topk), std::to_string(m.experts)});
      m.topk = m.experts;
    }
    if (m.moe_ffn <= 0) m.moe_ffn = m.ffn;
    if (m.dense_layers > m.layers) {
      Error(issues, "dense_layers", "{0} dense layers in a {1}-layer model; accepted: 0-{1}"_issue,
            {std::to_string(m.dense_layers), std::to_string(m.layers)});
      m.dense_layers = 0;
    }
  } else {
    m.experts = 0, m.topk = 0;  // dense (experts=1 means the same)
    m.shared_experts = 0, m.dense_layers = 0;
  }
}

// The sequence length. Left on auto: the goal's (kPretrainSeq, kFinetuneSeq), but no longer than the context a
// learned-position model was trained at (GPT-2 1,024, BERT 512, GPT-3 2,048: their position table is their
// context, default_seq in assets/models.json). A rotary model keeps the goal's: rotary positions fix no length,
// and every rotary preset was trained at 4,096 tokens or more. Given: refused beyond a model's learned
// positions (there is no embedding for position 1,025 of GPT-2), only warned of beyond a rotary model's trained
// context (RoPE scaling or a long-context stage makes it work, at a quality the planner does not judge).
void ResolveSequence(const Config& cfg, Job& job, std::vector<ConfigIssue>& issues) {
  Workload& w = job.work;
  const ModelArch& m = job.model;
  const int goal_seq = w.finetune ? kFinetuneSeq : kPretrainSeq;
  const int context = m.trained_seq > 0 ? m.trained_seq : m.pos_embeddings;
  w.seq = cfg.seq > 0 ? cfg.seq : m.pos_embeddings > 0 ? std::min(goal_seq, context) : goal_seq;
  if (m.pos_embeddings > 0 && w.seq > m.pos_embeddings) {
    Error(issues, "seq", "{0} tokens exceed the learned positions of {1} ({2}); accepted: 1-{2} or auto"_issue,
          {std::to_string(w.seq), cfg.model, std::to_string(m.pos_embeddings)});
    w.seq = m.pos_embeddings;  // the rest of the plan at the longest sequence the model has
  } else if (m.pos_embeddings <= 0 && m.trained_seq > 0 && w.seq > m.trained_seq) {
    Notice(issues, "seq",
           "{0} tokens is longer than the context {1} was trained at ({2} tokens): beyond it rotary positions need "
           "RoPE scaling or long-context training to work well"_issue,
           {std::to_string(w.seq), cfg.model, std::to_string(m.trained_seq)});
  }
}

}  // namespace

Precision PlannedPrecision(const Config& cfg) {
  // Turing and Volta (T4, V100) have no BF16 tensor cores: runs there are fp16 with loss scaling (catalog.h HasBf16),
  // so bf16, the default, is planned as fp16 (and said). A custom GPU's gpu_tflops is its BF16 and FP16 peak alike.
  const GpuSpec* g = FindGpu(cfg.gpu);
  return g && cfg.prec == Precision::Bf16 && !HasBf16(*g) ? Precision::Fp16 : cfg.prec;
}

namespace {

void ResolveWorkload(const Config& cfg, Job& job, std::vector<ConfigIssue>& issues) {
  Workload& w = job.work;
  w.finetune = cfg.goal >= 0 ? cfg.goal >= 1 : cfg.method != Method::Full;  // post-training fine-tunes too
  ResolveSequence(cfg, job, issues);
  w.gbs_auto = cfg.gbs == kAuto;
  w.gbs = w.gbs_auto ? 0 : cfg.gbs;  // auto: each layout's own, GlobalBatch(work, layout) in rules.h
  w.auto_gbs_mbs = cfg.mbs > 0 ? cfg.mbs : 1;
  w.method = AdapterBase(cfg.method);  // DoRA trains as LoRA does, plus its magnitudes (dora.h)
  w.dora = IsDora(cfg.method);
  w.lora_r = cfg.lora_r;
  w.lora_targets = cfg.lora_targets == "qv"      ? kLoraQv
                   : cfg.lora_targets == "attn"  ? kLoraAttn
                   : cfg.lora_targets == "dense" ? uint8_t(kLoraAttn | kLoraMlp | kLoraDenseOnly)
                                                 : uint8_t(kLoraAttn | kLoraMlp);
  w.lora_dropout = cfg.method != Method::Full ? cfg.lora_dropout : 0.0;
  w.prec = PlannedPrecision(cfg);
  if (w.prec != cfg.prec)
    Notice(issues, "prec", "{0} has no BF16 tensor cores: planned in fp16 (mixed precision with loss scaling)"_issue,
           {FindGpu(cfg.gpu)->name});
  w.opt = cfg.opt;
  w.flash = cfg.flash != 0;
  if (w.method == Method::Qlora && (cfg.prec == Precision::Fp32 || cfg.prec == Precision::Fp8))
    Error(issues, "prec",
          "QLoRA dequantizes its 4-bit base to bf16 or fp16 for compute; {0} is not supported with method={1}"_issue,
          {Name(cfg.prec), Name(cfg.method)});
  if (cfg.method != Method::Full && job.model.hidden > 0 && cfg.lora_r > job.model.hidden)
    Error(issues, "lora_r", "rank {0} exceeds hidden={1}; accepted: 1-{1}"_issue,
          {std::to_string(cfg.lora_r), std::to_string(job.model.hidden)});
  if (cfg.tokens > 0) {
    w.tokens = cfg.tokens;
    w.tokens_defaulted = false;
  } else if (w.finetune) {
    // A dataset: examples x mean tokens per example x epochs, each given or the documented default.
    const FinetuneDataset d = DatasetOf(cfg);
    w.tokens = d.examples * d.example_tokens * d.epochs;
    w.tokens_defaulted = cfg.examples <= 0 && cfg.example_tokens <= 0 && cfg.epochs <= 0;
  } else {
    w.tokens = kChinchillaTokensPerParam * job.model.params_total;
    w.tokens_defaulted = true;
  }
}

CapabilityAsk ExplicitAsk(const Config& cfg, AskKeys& given);
GpuTraits GpuTraitsOf(const GpuSpec* g);

// How many of the configuration's explicit keys stack `s` (its release `year`) runs through an extension, when it
// runs every one of them (natively or through an extension it launches); -1 when one is absent or unverified.
int ExtensionsToRunAll(const StackProfile& s, int year, const CapabilityAsk& ask) {
  CapabilityFinding found[kMaxFindings];
  const int n = CapabilityFindings(s, year, ask, found);
  int extensions = 0;
  for (int i = 0; i < n; ++i) {
    if (found[i].answer.support == Support::Extension)
      ++extensions;
    else if (found[i].answer.support != Support::Native)
      return -1;
  }
  return extensions;
}

// The framework on auto when the goal's usual one (Megatron for pre-training, the Transformers Trainer for a
// fine-tune) does not run a key the user gave: the stack that runs every one of them with the fewest extensions
// (the table's order breaks a tie), e.g. offload=nvme is ZeRO-Infinity, DeepSpeed's own (issue #29: auto chooses
// only what the stack runs). None does: the usual one stays, and the capability check names the key.
// Post-training's frameworks choose their own.
const StackProfile* StackForKeys(const Config& cfg, const StackProfile& usual) {
  AskKeys given = 0;
  CapabilityAsk ask = ExplicitAsk(cfg, given);
  ask.gpu = GpuTraitsOf(FindGpu(cfg.gpu));  // a catalog GPU's rules (AMD, FP8 tensor cores); a custom one has none
  auto year = [&](const StackProfile& s) { return cfg.stack_year > 0 ? cfg.stack_year : s.year; };
  if (ExtensionsToRunAll(usual, year(usual), ask) >= 0) return &usual;
  const StackProfile* best = &usual;
  int fewest = -1;
  for (const StackProfile& s : Stacks()) {
    const int extensions = &s == &usual ? -1 : ExtensionsToRunAll(s, year(s), ask);
    if (extensions >= 0 && (fewest < 0 || extensions < fewest)) best = &s, fewest = extensions;
  }
  return best;
}

// QLoRA's 4-bit base as the stack loads it: PEFT's k-bit preparation (kbit_prep: auto with the Trainer), and whether
// the routed experts are in 4 bits too (qlora_experts). Transformers v5's bitsandbytes integration quantizes nn.Linear
// only, and a mixture of experts' routed experts are 3-D parameters there: they load in 16 bits (unsloth_zoo
// temporary_patches/moe_utils_bnb4bit.py @ce232d6: "transformers' bnb integration only quantizes nn.Linear. In v5 the
// MoE expert weights are bare 3-D nn.Parameters ..., so the integration skips them"), unless Axolotl's
// quantize_moe_experts (default false) or Unsloth's patches quantize them. Transformers v4's expert modules were
// nn.Linear, quantized.
// Transformers' v5 is the stack's own release year under the Trainer (stack hf), a year given for another stack, and
// the current Transformers under DeepSpeed or FSDP on auto (their year is their own release's, not Transformers').
void ResolveQuantizedBase(const Config& cfg, Job& job) {
  Workload& w = job.work;
  w.kbit_prep =
      w.method == Method::Qlora && (cfg.kbit_prep >= 0 ? cfg.kbit_prep == 1 : job.stack->kind == StackKind::Hf);
  const bool dated = cfg.stack_year > 0 || job.stack->kind == StackKind::Hf;
  w.transformers_v5 = w.modeling == ModelCode::Transformers && (!dated || job.stack_year >= 2026);
  w.qlora_experts = cfg.qlora_experts >= 0 ? cfg.qlora_experts == 1 : !w.transformers_v5;
}

// The framework: its profile (by id or alias) and release; what it decides by default (dropout,
// offloaded checkpoints, FlashAttention kernels are the user's key) follows from it.
void ResolveStack(const Config& cfg, Job& job, std::vector<ConfigIssue>& issues) {
  job.stack = &DefaultStack();
  // A fine-tune left on auto is planned the way most people run one: the Transformers Trainer (with PEFT and
  // bitsandbytes for LoRA / QLoRA, DeepSpeed ZeRO-3 through Accelerate for a full fine-tune, as LLaMA-Factory's
  // and TRL's recipes launch it: keys_training.cpp's source), not Megatron's pre-training conventions.
  if (cfg.stack.empty() && job.work.finetune)
    if (const StackProfile* hf = FindStack("hf")) job.stack = hf;
  // Post-training's trainers (verl's actor, OpenRLHF's DeepSpeed, NeMo RL's DTensor path) shard the policy
  // FSDP-style: verl's actor strategy defaults to fsdp (_generated_ppo_trainer.yaml@b178a3c).
  if (cfg.stack.empty() && RlAlgoOf(cfg) != RlAlgo::None)
    if (const StackProfile* fsdp = FindStack("fsdp")) job.stack = fsdp;
  // ... but a mixture of experts on Megatron-Core, which has expert parallelism (verl's FSDP workers do not: its row in
  // capabilities.cpp): verl trains its MoE models with its Megatron workers (docs/perf/dpsk.md@b178a3c: "verl
  // integrates Megatron to support large MoE models such as Qwen3-235B-A22B and DeepSeek-V3", Qwen3-30B-A3B by
  // run_qwen3moe-30b_megatron_96gb.sh), as NeMo RL's MoE recipes do (policy.megatron_cfg.enabled). Only where the
  // framework the plan then runs (given, or on auto: ResolveRlFramework) is one of those two and runs every key given
  // there (verl's Megatron workers have no ZeRO-2 or -3; DPO on auto is TRL's): else FSDP stays.
  if (cfg.stack.empty() && RlAlgoOf(cfg) != RlAlgo::None && job.model.experts > 1)
    if (const StackProfile* megatron = FindStack("megatron")) {
      Job probe = job;
      probe.stack = megatron;
      probe.stack_year = cfg.stack_year > 0 ? cfg.stack_year : megatron->year;
      const RlFramework fw = ResolveRlFramework(cfg, probe);
      if ((fw == RlFramework::Verl || fw == RlFramework::NemoRl) && RlFrameworkRunsAsked(cfg, probe, fw))
        job.stack = megatron;
    }
  if (cfg.stack.empty() && RlAlgoOf(cfg) == RlAlgo::None) {
    const StackProfile* usual = job.stack;
    job.stack = StackForKeys(cfg, *usual);
    if (job.stack != usual)
      Notice(issues, "stack", "auto: {0}, which runs the keys given ({1} does not run them all)"_issue,
             {job.stack->name, usual->name});
  }
  if (!cfg.stack.empty()) {
    if (const StackProfile* s = FindStack(cfg.stack)) {
      job.stack = s;
    } else {
      std::string accepted;
      for (const StackProfile& s : Stacks()) accepted += (accepted.empty() ? "" : ", ") + std::string(s.id);
      Error(issues, "stack",
            "unknown framework \"{0}\"; accepted: {1} or auto (aliases: trainplan catalog stacks)"_issue,
            {cfg.stack, Words(accepted)});
    }
  }
  job.stack_year = cfg.stack_year > 0 ? cfg.stack_year : job.stack->year;
  Workload& w = job.work;
  // GPT-2/3 and BERT recipes train with dropout 0.1, the Llama family (SwiGLU) without (keys.cpp's source).
  w.dropout = cfg.dropout >= 0 ? cfg.dropout : job.model.mlp == MlpKind::Gelu ? 0.1 : 0.0;
  // The stack's default offloads checkpoints only in a release that has it (Unsloth's "unsloth" checkpointing
  // arrived in 2024: capabilities.cpp).
  w.offload_checkpoints = cfg.offload_act >= 0
                              ? cfg.offload_act == 1
                              : job.stack->offload_checkpoints &&
                                    Capability(*job.stack, job.stack_year, Feature::OffloadActivations).auto_ok;
  w.optimizer_in_backward = cfg.opt_in_bwd == 1;
  // Megatron's gradient buffer and optimizer dtypes (stacks.cpp StateBytesPerParam); the other stacks keep their own.
  w.grad_fp32 = cfg.grad_fp32 != 0;
  w.optim_bf16 = cfg.optim_bf16 == 1;
  w.mla_up_recompute = cfg.recompute_mla_up == 1;
  w.moe_act_recompute = cfg.recompute_moe_act == 1;
  w.fp8_params = cfg.fp8_params == 1 && w.prec == Precision::Fp8;
  if (cfg.fp8_params == 1 && w.prec != Precision::Fp8)
    Error(issues, "fp8_params", "FP8 weights need FP8 training; accepted: auto or 0 with prec={0}"_issue,
          {Name(w.prec)});
  // Tensor-parallel overlap (step.cpp TpExposed) needs sequence parallelism: Megatron-LM asserts it ('Tensor parallel
  // communication/GEMM overlap can happen only when sequence parallelism is enabled'), Megatron-Bridge turns it off
  // without (comm_overlap.py@97ad8cc6f). The step model applies it only where the layout has sp and tp > 1.
  w.tp_overlap = cfg.tp_overlap == 1;
  if (cfg.tp_overlap == 1 && cfg.sp == 0)
    Error(issues, "tp_overlap",
          "overlapping tensor-parallel communication needs sequence parallelism; accepted: sp=1 or auto"_issue);
  w.pp_microbatches = cfg.pp_microbatches > 0 ? cfg.pp_microbatches : 0;
  w.dp_shard =
      cfg.dp_shard > 0 ? cfg.dp_shard : 0;  // hybrid sharding: CheckLayout holds it to zero >= 1, a divisor of dp
  // The model code whose saved tensors the activations follow (core/stack/saves.h), torch.compile, and PEFT's k-bit
  // preparation, which the Trainer's QLoRA recipes run (PEFT's guide, TRL's SFTTrainer, Axolotl, Qwen's finetune.py).
  w.modeling = cfg.modeling >= 0          ? ModelCode(cfg.modeling)
               : w.method == Method::Full ? job.stack->modeling_full
                                          : job.stack->modeling_adapters;
  w.compiled = cfg.compile == 1;
  // fp8_params plans Megatron-Core's FP8 weights (memory_states.cpp); torchao's FP8 all-gather, which the capability
  // table lets other stacks run, is planned with 16-bit gathers, and the plan says so.
  if (w.fp8_params && w.modeling != ModelCode::Megatron)
    Notice(issues, "fp8_params", "{0}: {1}"_issue, {job.stack->name, FeaturePlanned(Feature::Fp8Gather)});
  ResolveQuantizedBase(cfg, job);
  w.padding = cfg.padding >= 0 ? Padding(cfg.padding) : DefaultPadding(w.modeling);
  // Qwen (v1)'s QLoRA trains on its GPTQ Int4 checkpoints (finetune.py: quantization_config=GPTQConfig(bits=4,
  // disable_exllama=True) when q_lora; README: "For Q-LoRA ... You SHOULD NOT use the bf16 models"), not on NF4.
  w.gptq_base = w.method == Method::Qlora && w.modeling == ModelCode::Qwen1;
  // 1F1B with several chunks per GPU is the interleaved schedule: a layout without a schedule reads so
  // (pipeline.h ScheduleOf), a 1f1b the user wrote beside vp > 1 contradicts itself.
  if (cfg.pp_schedule == int(PipeSchedule::OneF1B) && cfg.vp > 1 && cfg.pp != 1)
    Error(
        issues, "pp_schedule",
        "{0} runs one model chunk per GPU (pp={1}, vp={2}, {3} micro-batches per schedule); accepted: vp=1 (or pp_schedule=interleaved)"_issue,
        {Name(PipeSchedule::OneF1B), cfg.pp > 0 ? std::to_string(cfg.pp) : "auto", std::to_string(cfg.vp),
         cfg.pp_microbatches > 0 ? std::to_string(cfg.pp_microbatches) : "auto"});
  // The whole run's other parts (run.cpp): evaluation as Megatron-LM runs it by default, what start-up loads.
  w.eval_interval = cfg.eval_interval >= 0 ? cfg.eval_interval : 1000;
  w.eval_first = cfg.eval_first > 0 ? cfg.eval_first : 0;
  w.eval_tokens = cfg.eval_tokens > 0 ? cfg.eval_tokens : 0;
  w.startup_load = cfg.startup_load >= 0 ? Workload::Load(cfg.startup_load)
                   : w.finetune          ? Workload::Load::Weights
                                         : Workload::Load::None;
  // The stack's conventions as assumption defaults (each has a key that overrides it: ApplyAssumptions).
  Assumptions& a = job.assume;
  a.logit_bytes = LossPeakPerLogit(job);
  a.alloc_reserve = AllocatorReserve(ExpandableSegments(job.stack->kind, w.method, job.stack_year), w.padding);
  a.nccl_gb = job.stack->nccl_gb;
  // The host's buffers beside offloaded states: DeepSpeed's estimator adds half again
  // (estimate_zero3_model_states_mem_needs additional_buffer_factor=1.5); FSDP2's CPUOffloadPolicy holds the shards
  // themselves, pinned, and nothing more (stack.h OffloadsByFsdp2).
  a.offload_host_factor = OffloadsByFsdp2(job.stack->kind) ? 1.0 : 1.5;
  a.eff_stack = ReleaseFor(*job.stack, job.stack_year).eff;
}

// The batch an auto gbs aims at: the stack's recipe batch for the goal and the model's size (core/stack/batches.h),
// in sequences of the plan's length; per-device recipes give it per data-parallel rank (rules.h AutoBatchTarget).
void ResolveBatch(Job& job) {
  Workload& w = job.work;
  const ParamCounts pc = CountParams(job.model);
  const bool moe = job.model.experts > 1;
  const double params = moe && pc.total < 200e9 ? pc.active : pc.total;
  const RecipeBatch& r = RecipeBatchFor(*job.stack, w.finetune, params);
  w.recipe = w.gbs_auto ? &r : nullptr;
  w.recipe_params = params;
  const int sequences = SequencesOf(r.tokens, w.seq);
  w.gbs_target = r.per_replica ? 0 : sequences;
  w.gbs_per_replica = r.per_replica ? sequences : 0;
}

// What the configuration asks of the stack: its explicit keys (an auto key asks nothing: the search chooses
// only what the stack runs), and the bits of the keys it gave.
CapabilityAsk ExplicitAsk(const Config& cfg, AskKeys& given) {
  CapabilityAsk a;
  given = kAskMethod | kAskPrec;
  auto take = [&](int v, int& into, AskKeys bit) {
    if (v != kAuto) into = v, given |= bit;
  };
  a.method = cfg.method;
  a.fp8 = cfg.prec == Precision::Fp8;
  a.fp16 = PlannedPrecision(cfg) == Precision::Fp16;
  if (cfg.fp8_recipe >= 0) a.fp8_recipe = Fp8Recipe(cfg.fp8_recipe), a.recipe_asked = true, given |= kAskFp8Recipe;
  if (cfg.cp_comm >= 0) a.cp_comm = CpComm(cfg.cp_comm), a.cp_comm_asked = true, given |= kAskCpComm;
  take(cfg.tp, a.tp, kAskTp);
  take(cfg.pp, a.pp, kAskPp);
  take(cfg.vp, a.vp, kAskVp);
  take(cfg.cp, a.cp, kAskCp);
  take(cfg.ep, a.ep, kAskEp);
  take(cfg.dp, a.dp, kAskDp);
  take(cfg.zero, a.zero, kAskZero);
  take(cfg.dp_shard, a.dp_shard, kAskDpShard);
  if (cfg.sp != kAuto) a.sp = cfg.sp == 1, given |= kAskSp;
  if (cfg.offload != kAuto) a.offload = Offload(cfg.offload), given |= kAskOffload;
  if (cfg.recompute != Recompute::Auto) a.recompute = cfg.recompute, given |= kAskRecompute;
  if (cfg.offload_act != kAuto) a.offload_act = cfg.offload_act == 1, given |= kAskOffloadAct;
  take(cfg.grad_fp32, a.grad_fp32, kAskGradFp32);
  take(cfg.optim_bf16, a.optim_bf16, kAskOptimBf16);
  take(cfg.recompute_mla_up, a.recompute_mla_up, kAskRecomputeMlaUp);
  take(cfg.recompute_moe_act, a.recompute_moe_act, kAskRecomputeMoeAct);
  take(cfg.fp8_params, a.fp8_params, kAskFp8Params);
  take(cfg.tp_overlap, a.tp_overlap, kAskTpOverlap);
  take(cfg.moe_a2a_overlap, a.moe_a2a_overlap, kAskMoeA2aOverlap);
  if (RlAlgoOf(cfg) != RlAlgo::None) {
    if (cfg.rl_mb_tokens > 0) a.rl_mb_tokens = cfg.rl_mb_tokens, given |= kAskRlMbTokens;
    if (cfg.rl_logprob_mb_tokens > 0) a.rl_logprob_mb_tokens = cfg.rl_logprob_mb_tokens, given |= kAskRlLogprobMbTokens;
    if (cfg.rl_gen_prec == 1) a.rl_gen_fp8 = true, given |= kAskRlGenPrec;
  }
  return a;
}

// "tp=4", "method=qlora", "offload=cpu + zero=3": the keys of a finding as the user gave them.
std::string AskedText(const CapabilityAsk& a, AskKeys keys) {
  std::string out;
  auto add = [&](AskKeys bit, const std::string& value) {
    if (!(keys & bit)) return;
    out += (out.empty() ? "" : " + ") + std::string(AskKeyName(bit)) + "=" + value;  // no English word: both languages
  };
  add(kAskMethod, Name(a.method));
  add(kAskPrec, a.fp8 ? "fp8" : a.fp16 ? "fp16" : "");
  add(kAskFp8Recipe, Name(a.fp8_recipe));
  add(kAskCpComm, Name(a.cp_comm));
  add(kAskGpu, a.gpu.name);
  add(kAskTp, std::to_string(a.tp));
  add(kAskPp, std::to_string(a.pp));
  add(kAskVp, std::to_string(a.vp));
  add(kAskCp, std::to_string(a.cp));
  add(kAskEp, std::to_string(a.ep));
  add(kAskDp, std::to_string(a.dp));
  add(kAskSp, a.sp ? "1" : "0");
  add(kAskOffload, Name(a.offload));
  add(kAskZero, std::to_string(a.zero));
  add(kAskDpShard, std::to_string(a.dp_shard));
  add(kAskRecompute, Name(a.recompute));
  add(kAskOffloadAct, a.offload_act ? "1" : "0");
  add(kAskGradFp32, std::to_string(a.grad_fp32));
  add(kAskOptimBf16, std::to_string(a.optim_bf16));
  add(kAskRecomputeMlaUp, std::to_string(a.recompute_mla_up));
  add(kAskRecomputeMoeAct, std::to_string(a.recompute_moe_act));
  add(kAskFp8Params, std::to_string(a.fp8_params));
  add(kAskTpOverlap, std::to_string(a.tp_overlap));
  add(kAskMoeA2aOverlap, std::to_string(a.moe_a2a_overlap));
  add(kAskRlMbTokens, std::to_string(a.rl_mb_tokens));
  add(kAskRlLogprobMbTokens, std::to_string(a.rl_logprob_mb_tokens));
  add(kAskRlGenPrec, a.rl_gen_fp8 ? "fp8" : "bf16");
  return out;
}

// The feature's own key first (tp for tensor parallelism), else the first key of the finding.
const char* FindingKey(const CapabilityFinding& f) {
  AskKeys own = 0;
  switch (f.feature) {
    case Feature::MethodFull:
    case Feature::MethodLora:
    case Feature::MethodQlora:
    case Feature::MethodDora:
    case Feature::MethodQdora: own = kAskMethod; break;
    case Feature::Tp: own = kAskTp; break;
    case Feature::Sp: own = kAskSp; break;
    case Feature::Pp: own = kAskPp; break;
    case Feature::Interleaved: own = kAskVp; break;
    case Feature::Cp: own = kAskCp; break;
    case Feature::CpP2p:
    case Feature::CpAllGather:
    case Feature::CpA2a:
    case Feature::CpA2aP2p: own = kAskCpComm; break;
    case Feature::Ep: own = kAskEp; break;
    case Feature::Dp: own = kAskDp; break;
    case Feature::Zero1:
    case Feature::Zero2:
    case Feature::Zero3: own = kAskZero; break;
    case Feature::Hsdp: own = kAskDpShard; break;
    case Feature::OffloadOptimizerCpu:
    case Feature::OffloadParamsCpu:
    case Feature::OffloadNvme: own = kAskOffload; break;
    case Feature::OffloadActivations: own = kAskOffloadAct; break;
    case Feature::RecomputeSelective:
    case Feature::RecomputeFull: own = kAskRecompute; break;
    case Feature::GradFp32: own = kAskGradFp32; break;
    case Feature::OptimBf16: own = kAskOptimBf16; break;
    case Feature::RecomputeMlaUp: own = kAskRecomputeMlaUp; break;
    case Feature::RecomputeMoeAct: own = kAskRecomputeMoeAct; break;
    case Feature::Fp8Gather: own = kAskFp8Params; break;
    case Feature::TpOverlap: own = kAskTpOverlap; break;
    case Feature::EpA2aOverlap: own = kAskMoeA2aOverlap; break;
    case Feature::Fp16:
    case Feature::Fp8:
    case Feature::Fp8Rowwise: own = kAskPrec; break;
    case Feature::Fp8Tensor:
    case Feature::Fp8Block:
    case Feature::Fp8Mx: own = kAskFp8Recipe; break;
    case Feature::GpuAmd: own = kAskGpu; break;
    case Feature::FusedLoss: break;  // no key asks for it: the longest sequence's best settings offer it
    case Feature::RlTokenBudget: own = f.keys & kAskRlMbTokens ? kAskRlMbTokens : kAskRlLogprobMbTokens; break;
    case Feature::RlFp8Rollout: own = kAskRlGenPrec; break;
    case Feature::kCount: break;
  }
  if (f.keys & own) return AskKeyName(own);
  for (AskKeys bit = 1; bit; bit <<= 1)
    if (f.keys & bit) return AskKeyName(bit);
  return "stack";
}

// The GPU as the capability table tests it (GpuTraits): its catalog architecture; a custom GPU's is not known.
GpuTraits GpuTraitsOf(const GpuSpec* g) {
  GpuTraits t;
  if (!g || g->custom) return t;
  ReadArch(g->arch.c_str(), t);
  t.fp8 = HasFp8(*g);
  t.mxfp8 = g->mxfp8;
  t.name = g->id.c_str();
  return t;
}

// FP8's scaling on auto: MXFP8 where the tensor cores run it (Blackwell), else one scale per tensor (Transformer
// Engine's default, keys_training.cpp's source). A recipe the stack's release does not run on this GPU gives way to
// one it does (Megatron-Core before core_v0.12 on a B200: per tensor); where it runs none the planner models
// (torchtitan's row-wise scaling only, 2026), per-tensor casts stand in and the plan says so.
Fp8Recipe AutoFp8Recipe(const Job& job, const Config& cfg, std::vector<ConfigIssue>& issues) {
  CapabilityAsk a;
  a.method = cfg.method, a.fp8 = true, a.recipe_asked = true, a.gpu = GpuTraitsOf(job.hw.gpu);
  const Fp8Recipe preferred = a.gpu.mxfp8 ? Fp8Recipe::Mx : Fp8Recipe::Tensor;
  if (cfg.prec != Precision::Fp8 || !job.stack || !a.gpu.known || !a.gpu.fp8) return preferred;
  for (Fp8Recipe r : {preferred, Fp8Recipe::Tensor, Fp8Recipe::Mx}) {
    a.fp8_recipe = r;
    if (SearchMayChoose(*job.stack, job.stack_year, a, kAskFp8Recipe)) return r;
  }
  if (Capability(*job.stack, job.stack_year, Feature::Fp8).auto_ok)
    Notice(issues, "fp8_recipe",
           "{0} ({1} release) runs none of the FP8 recipes planned here (tensor, block, mxfp8) on {2}: planned with "
           "per-tensor casts ({3})"_issue,
           {job.stack->name, std::to_string(job.stack_year), job.hw.gpu->id,
            Capability(*job.stack, job.stack_year, Feature::Fp8Rowwise).source});
  return preferred;
}

// An explicit combination outside the stack's capability table (core/stack/capabilities.h): refused when the
// stack (or its release) does not have it, warned of when an extension provides it or the code does not show it.
// `framework_only`: the RL framework's rows alone (RlOfferIssues, the page's greying). With the release on auto, a key
// absent only because the default release predates it is not refused: returns the first release that has every such
// key (ResolveJob plans at it), 0 where there is none.
int CheckCapabilities(const Config& cfg, const Job& job, std::vector<ConfigIssue>& issues,
                      bool framework_only = false) {
  AskKeys given = 0;
  CapabilityAsk ask = ExplicitAsk(cfg, given);
  ask.gpu = GpuTraitsOf(job.hw.gpu);
  ask.rl_framework = job.rl.FrameworkAsked(), ask.rl_dpo = job.rl.Dpo();
  CapabilityFinding found[kMaxFindings];
  const int n = CapabilityFindings(*job.stack, job.stack_year, ask, found);
  const std::string year = std::to_string(job.stack_year);
  int release = 0;
  for (int i = 0; i < n; ++i) {
    const CapabilityFinding& f = found[i];
    if (framework_only && !f.answer.framework[0]) continue;
    const char* key = FindingKey(f);
    std::string asked = AskedText(ask, f.keys);
    // fp16 the user did not type: bf16 on a GPU without it (PlannedPrecision), so the refusal names the GPU too.
    if (f.feature == Feature::Fp16 && cfg.prec != Precision::Fp16) asked += " + gpu=" + cfg.gpu;
    const CapabilityAnswer& a = f.answer;
    const std::string stack = a.framework[0] ? a.framework : job.stack->name;  // an RL framework's row names it
    switch (a.support) {
      case Support::Native: break;
      case Support::Extension:
        Notice(issues, key, "{0} is not in {1} itself: it comes from {2} ({3})"_issue,
               {asked, stack, Words(a.via), a.source});
        break;
      case Support::Unverified:
        Notice(issues, key, "{0} is not found in {1}'s code; planned as asked ({2})"_issue, {asked, stack, a.source});
        break;
      case Support::Absent:
        if (a.not_yet && cfg.stack_year <= 0) {  // the release on auto is raised to one that has it (ResolveJob)
          release = std::max(release, a.since);
          break;
        }
        if (a.not_yet)
          Error(issues, key, "{0} arrived in {1} in {2}; stack_year={3} is earlier ({4})"_issue,
                {asked, stack, std::to_string(a.since), year, a.source});
        else if (a.framework[0])
          Error(issues, key, "{0} is not in {1}'s policy training (rl_framework={2}): {3}"_issue,
                {asked, stack, kRlFrameworkNames[job.rl.FrameworkAsked()], a.source});
        else
          Error(issues, key, "{0} is not in {1} ({2} release): {3}"_issue, {asked, stack, year, a.source});
        break;
    }
  }
  // More than one GPU for a stack (or release) that runs on one only: no parallelism of any kind to spread over.
  if (cfg.gpus > 1 && !framework_only) {  // before ResolveHardware: the configuration's count
    for (Feature f : {Feature::Dp, Feature::Tp, Feature::Pp, Feature::Cp, Feature::Ep})
      if (Capability(*job.stack, job.stack_year, f).auto_ok) return release;
    Error(
        issues, "gpus", "{0} ({1} release) trains on one GPU, not {2}: {3}"_issue,
        {job.stack->name, year, std::to_string(cfg.gpus), Capability(*job.stack, job.stack_year, Feature::Dp).source});
  }
  return release;
}

// The keys that describe a GPU by its numbers (gpu=custom), in the key table's order.
constexpr const char* kCustomGpuKeys[] = {"gpu_mem_gib",    "gpu_bw_gbs",      "gpu_tflops",      "gpu_tdp_w",
                                          "gpu_fp8_tflops", "gpu_fp32_tflops", "gpu_mamf_tflops", "gpu_p2p"};

// gpu=custom: a GpuSpec from the gpu_* keys, owned by the Job (Hardware::custom_gpu; copies of the Job share
// it, so the page can hold many plans at once). A required key left out is an error naming it, and takes the
// default GPU's number so the rest of the plan still computes.
std::shared_ptr<GpuSpec> CustomGpu(const Config& cfg, std::vector<ConfigIssue>& issues) {
  static const Config defaults;
  const GpuSpec* fallback = FindGpu(defaults.gpu);
  auto g = std::make_shared<GpuSpec>();
  g->id = "custom";
  g->name = "custom GPU";
  g->custom = true;
  g->source = "described by the gpu_* keys (gpu=custom)";
  auto need = [&](const char* key, double value, double fallback_value) {
    if (value > 0) return value;
    Error(issues, key,
          "gpu=custom needs {0}: a custom GPU is described by gpu_mem_gib, gpu_bw_gbs, gpu_tflops and gpu_tdp_w"_issue,
          {key});
    return fallback_value;
  };
  const double bf16 =
      need("gpu_tflops", cfg.gpu_tflops, fallback ? fallback->peak_flops[int(Precision::Bf16)] / kTera : 312) * kTera;
  g->mem_bytes = g->marketed_bytes =
      need("gpu_mem_gib", cfg.gpu_mem_gib, fallback ? fallback->mem_bytes / kGiB : 80) * kGiB;
  g->mem_bw = need("gpu_bw_gbs", cfg.gpu_bw_gbs, fallback ? fallback->mem_bw / kGB : 2039) * kGB;
  g->tdp_w = need("gpu_tdp_w", cfg.gpu_tdp_w, fallback ? fallback->tdp_w : 400);
  g->peak_flops[int(Precision::Bf16)] = g->peak_flops[int(Precision::Fp16)] = bf16;
  g->peak_flops[int(Precision::Fp8)] = cfg.gpu_fp8_tflops > 0 ? cfg.gpu_fp8_tflops * kTera : 0;
  // FP32 matmuls run on TF32 tensor cores at half the BF16 rate on NVIDIA's data-centre GPUs since A100
  // (156 of 312, 494.7 of 989.4, 1,100 of 2,250 TFLOP/s: assets/gpus.json).
  g->peak_flops[int(Precision::Fp32)] = cfg.gpu_fp32_tflops > 0 ? cfg.gpu_fp32_tflops * kTera : 0.5 * bf16;
  g->mamf_flops = cfg.gpu_mamf_tflops > 0 ? cfg.gpu_mamf_tflops * kTera : 0;
  if (g->mamf_flops > 0) g->mamf_source = "gpu_mamf_tflops";
  g->p2p = cfg.gpu_p2p != 0;
  // Links the user does not give: PCIe 5.0 inside the node and 400 Gb/s InfiniBand per GPU, a current server's.
  g->host_link = g->intra_default = "pcie5";
  g->inter_default = "ib-ndr";
  g->gpus_per_node_default = 8;
  return g;
}

// Why a GPU cannot have an intra-node link (an error), or how it will run it (a notice): NVLink, bridges and
// Infinity Fabric only where the GPU has them (GpuSpec::links), PCIe at most at the GPU's own generation, a
// bridge only for pairs.
void CheckIntraLink(const GpuSpec& g, const LinkSpec*& intra, int gpus_per_node, int gpus,
                    std::vector<ConfigIssue>& issues) {
  if (!intra) return;
  const LinkSpec* host = g.host;
  if (intra->kind == LinkKind::Pcie) {
    if (host && host->kind == LinkKind::Pcie && intra->bw > host->bw)
      Notice(issues, "intra", "{0} runs PCIe at most at {1}, its host interface: {2} is modelled at that speed"_issue,
             {g.name, host->name, intra->id});
  } else if (!g.custom && std::find(g.links.begin(), g.links.end(), intra->id) == g.links.end()) {
    std::string accepted;  // what it can have: its own links and PCIe up to its generation
    for (const std::string& id : g.links) accepted += (accepted.empty() ? "" : ", ") + id;
    for (const LinkSpec& l : Links())
      if (l.kind == LinkKind::Pcie && (!host || l.bw <= host->bw)) accepted += (accepted.empty() ? "" : ", ") + l.id;
    if (g.links.empty())
      Error(issues, "intra", "{0} has no GPU-to-GPU link besides PCIe, so not {1}; accepted: {2}"_issue,
            {g.name, intra->name, Words(accepted)});
    else
      Error(issues, "intra", "{0} cannot have {1}: its GPU-to-GPU link is {2}; accepted: {3}"_issue,
            {g.name, intra->name, g.links.front(), Words(accepted)});
    intra = FindLink(g.intra_default);
    return;
  }
  const int node = NodeGpus(gpus_per_node, gpus);
  if (intra->kind == LinkKind::Bridge && intra->max_gpus > 0 && node > intra->max_gpus)
    Notice(
        issues, "intra",
        "{0} joins {1} GPUs: with {2} GPUs per node, each pair talks over it and everything else over {3}"_issue,
        {intra->name, std::to_string(intra->max_gpus), std::to_string(node), host ? host->name : std::string("PCIe")});
}

void ResolveHardware(const Config& cfg, Job& job, std::vector<ConfigIssue>& issues) {
  Hardware& hw = job.hw;
  hw.gpus = cfg.gpus;
  std::shared_ptr<GpuSpec> custom;
  if (cfg.gpu == "custom") {
    custom = CustomGpu(cfg, issues);
  } else {
    hw.gpu = FindGpu(cfg.gpu);
    if (!hw.gpu) {
      Error(issues, "gpu", "unknown GPU \"{0}\"; accepted: {1}"_issue, {cfg.gpu, Words(IdList(Gpus(), {"custom"}))});
      static const Config defaults;
      hw.gpu = FindGpu(defaults.gpu);
      if (!hw.gpu && !Gpus().empty()) hw.gpu = &Gpus().front();
    }
    for (const char* key : kCustomGpuKeys)
      if (!IsDefault(cfg, key)) {
        Notice(issues, key, "ignored: {0} is a catalog GPU; the gpu_* keys describe gpu=custom"_issue, {cfg.gpu});
        break;
      }
  }
  const GpuSpec* g = custom ? custom.get() : hw.gpu;
  hw.gpus_per_node = cfg.gpus_per_node > 0 ? cfg.gpus_per_node : (g ? std::max(1, g->gpus_per_node_default) : 8);

  auto link = [&](const std::string& asked, const char* key, bool network) -> const LinkSpec* {
    const std::string id = !asked.empty() ? asked : g ? (network ? g->inter_default : g->intra_default) : "";
    if (id.empty()) return nullptr;
    std::string accepted;
    for (const LinkSpec& l : Links())
      if (l.network == network && l.kind != LinkKind::C2c) accepted += (accepted.empty() ? "" : ", ") + l.id;
    if (accepted.empty()) accepted = "(the catalog is empty)";
    if (const LinkSpec* l = FindLink(id)) {
      // A GPU's chip-to-chip link to its CPU (NVLink-C2C) is its host link, never one between GPUs.
      if (l->kind == LinkKind::C2c) {
        Error(issues, key, "{0} links a GPU to its CPU, not GPUs to each other; accepted: {1} or auto"_issue,
              {id, Words(accepted)});
        return nullptr;
      }
      if (l->network == network) return l;
      // A network between nodes is not a link inside one, and the other way round.
      Error(issues, key,
            network ? "{0} is a link inside a node, not a network between nodes; accepted: {1} or auto"_issue
                    : "{0} is a network between nodes, not a link inside a node; accepted: {1} or auto"_issue,
            {id, Words(accepted)});
      return nullptr;
    }
    Error(issues, key,
          network ? "unknown network \"{0}\"; accepted: {1} or auto"_issue
                  : "unknown link \"{0}\"; accepted: {1} or auto"_issue,
          {id, Words(accepted)});
    return nullptr;
  };
  hw.intra = link(cfg.intra, "intra", false);
  hw.inter = link(cfg.inter, "inter", true);
  // A bad explicit id falls back to the GPU's usual link so the rest of the plan still computes.
  if (!hw.intra && g && !cfg.intra.empty()) hw.intra = FindLink(g->intra_default);
  if (!hw.inter && g && !cfg.inter.empty()) hw.inter = FindLink(g->inter_default);
  if (custom) {
    // A custom GPU's host interface is its PCIe link inside the node when that is what it uses.
    if (hw.intra && hw.intra->kind == LinkKind::Pcie) custom->host_link = hw.intra->id;
    custom->host = FindLink(custom->host_link);
    hw.custom_gpu = custom;
    hw.gpu = custom.get();
  }
  if (g) CheckIntraLink(*g, hw.intra, hw.gpus_per_node, hw.gpus, issues);
  job.work.fp8_recipe = cfg.fp8_recipe >= 0 ? Fp8Recipe(cfg.fp8_recipe) : AutoFp8Recipe(job, cfg, issues);
  job.work.cp_comm = cfg.cp_comm >= 0 ? CpComm(cfg.cp_comm) : StackCpComm(StackOf(job), job.stack_year);
}

void ResolveEconomics(const Config& cfg, Job& job) {
  const GpuSpec* g = job.hw.gpu;
  Economics& e = job.econ;
  e.usd_per_gpu_hour = cfg.usd_per_gpu_hour > 0         ? cfg.usd_per_gpu_hour
                       : (g && g->usd_per_gpu_hour > 0) ? g->usd_per_gpu_hour
                                                        : Economics{}.usd_per_gpu_hour;
  e.usd_per_gpu = cfg.usd_per_gpu > 0         ? cfg.usd_per_gpu
                  : (g && g->usd_per_gpu > 0) ? g->usd_per_gpu
                                              : Economics{}.usd_per_gpu;
  e.usd_per_kwh = cfg.usd_per_kwh;
  e.pue = cfg.pue;
  e.years = cfg.years;

  Reliability& r = job.rel;
  r.mtbf_gpu_h = cfg.mtbf_gpu_h;
  r.ckpt_s = cfg.ckpt_s;
  r.restart_s = cfg.restart_s;
  r.storage_bytes_per_s = cfg.storage_gbps * 1e9;
  r.checkpoints = cfg.checkpoints != 0;
  r.ckpt_interval_s = cfg.ckpt_interval_s > 0 ? cfg.ckpt_interval_s : 0;
  r.startup_s = cfg.startup_s > 0 ? cfg.startup_s : 0;
  if (r.storage_bytes_per_s <= 0)  // the Assumptions' rule (1 GB/s per GPU, capped), made explicit for reports
    r.storage_bytes_per_s =
        std::min(job.assume.storage_bytes_max, double(job.hw.gpus) * job.assume.storage_bytes_per_gpu);

  // Every assumption key, through its row (core/config/keys.cpp): auto keeps the documented default.
  ApplyAssumptions(cfg, job.assume);
  // Host memory on auto: the GPU's usual server where the catalog knows it (assets/gpus.json host_gb_per_gpu).
  if (cfg.host_gb_per_gpu <= 0 && g && g->host_gb_per_gpu > 0) job.assume.host_gb_per_gpu = g->host_gb_per_gpu;
  // The host's launch time on auto: the GPU's system (assets/gpus.json host_dispatch; GB200's Grace), before the step
  // model's defaults are written out with it.
  if (cfg.host_dispatch <= 0 && g) job.assume.host_dispatch = g->host_dispatch;
  FillStepDefaults(job.assume);  // the step model's defaults written out, so every surface can show them
  // The MoE host time per layer pass on auto was measured on x86 hosts (NVIDIA's DGX B200 rows): scaled by the host's
  // launch time where the stack launches a MoE layer's kernels eagerly (torchtitan, the Trainer). Megatron-Core keeps
  // the measured value: its recipes capture parts of each layer in CUDA graphs, a scope no key states that moves the
  // host's share as much as the CPU does (docs/step-model.md §5b).
  if (cfg.moe_host_s <= 0 && job.stack && job.stack->kind != StackKind::Megatron)
    job.assume.moe_host_s *= HostDispatch(job.assume);
  job.assume.moe_a2a_overlap = cfg.moe_a2a_overlap == 1 ? 1.0 : 0.0;
  job.assume.moe_pad = cfg.moe_pad == 1 ? 1.0 : 0.0;
  job.assume.fp8_head = cfg.fp8_head == 1 ? 1.0 : 0.0;
  // Full-iteration CUDA graphs: as given, else wherever the MoE layers' shapes are static (a capacity with padding).
  job.assume.full_graphs = cfg.full_graphs == kAuto
                               ? (job.assume.moe_capacity > 0 && job.assume.moe_pad > 0 ? 1.0 : 0.0)
                               : (cfg.full_graphs == 1 ? 1.0 : 0.0);
  // The stack's kernels: its fitted efficiency scales the step model's kernel rates (matmul, attention,
  // memory-bound) where the user did not give them (a given rate is the user's own measurement).
  if (cfg.eff_matmul <= 0) job.assume.eff_matmul *= job.assume.eff_stack;
  if (cfg.eff_attention <= 0) job.assume.eff_attention *= job.assume.eff_stack;
  if (cfg.eff_memory <= 0) job.assume.eff_memory *= job.assume.eff_stack;
}

// The user's calibration (core/planner/calibrate.h): the speed factor scales the same kernel rates the stack's
// efficiency does, and likewise only where the user did not give a rate. Factors measured on one GPU and
// used on another keep the software's share of the gap but not the hardware's: the plan says so.
void ResolveCalibration(const Config& cfg, Job& job, std::vector<ConfigIssue>& issues) {
  Assumptions& a = job.assume;
  a.uncalibrated_matmul = cfg.eff_matmul <= 0 ? a.eff_matmul : 0;
  a.uncalibrated_attention = cfg.eff_attention <= 0 ? a.eff_attention : 0;
  a.uncalibrated_memory = cfg.eff_memory <= 0 ? a.eff_memory : 0;
  SetCalibration(a, a.calib_speed, a.calib_memory);
  if (cfg.calib_gpu.empty()) return;
  const GpuSpec* measured_on = FindGpu(cfg.calib_gpu);
  if (cfg.calib_gpu != "custom" && !measured_on) {
    Error(issues, "calib_gpu", "unknown GPU \"{0}\"; accepted: {1}"_issue,
          {cfg.calib_gpu, Words(IdList(Gpus(), {"custom"}))});
    return;
  }
  const bool calibrated = a.calib_speed != 1.0 || a.calib_memory != 1.0;
  const std::string measured_id = measured_on ? measured_on->id : cfg.calib_gpu;
  if (calibrated && job.hw.gpu && measured_id != job.hw.gpu->id)
    Notice(issues, "calib_gpu",
           "calibrated on {0}, planned on {1}: the factors carry the software's share of the gap (framework, kernels, "
           "data loading), not how well those kernels run on this GPU; expect a larger error than on {0}"_issue,
           {measured_id, job.hw.gpu->id});
}

// The job at cfg's release; `release`: the first release that runs every key given where the one on auto does not
// (CheckCapabilities), 0 otherwise.
Job ResolveJobAtRelease(const Config& cfg, std::vector<ConfigIssue>& issues, int& release) {
  Job job;
  ResolveModel(cfg, job, issues);
  ResolveWorkload(cfg, job, issues);
  ResolveStack(cfg, job, issues);
  ResolveBatch(job);
  ResolveHardware(cfg, job, issues);
  ResolveRl(cfg, job, issues);  // after the hardware: a split pool takes the trainer's GPUs from hw.gpus
  release = CheckCapabilities(cfg, job, issues);  // after the hardware (FP8 recipes, AMD rows) and the RL framework
  ResolveEconomics(cfg, job);
  ResolveCalibration(cfg, job, issues);
  RefreshFacts(job);    // the model's counts, once per Job (job.h)
  PrepareRollout(job);  // an RL engine's generation, once per Job (it needs the counts)
  return job;
}

}  // namespace

Job ResolveJob(const Config& cfg, std::vector<ConfigIssue>& issues) {
  // The release on auto: the stack's default, or where a key given arrived later, the first release that has them all
  // (every default that follows the release, its efficiency among them, resolved again at that year).
  std::vector<ConfigIssue> first;
  int release = 0;
  Job job = ResolveJobAtRelease(cfg, first, release);
  if (release <= job.stack_year) {
    issues.insert(issues.end(), first.begin(), first.end());
    return job;
  }
  Config at = cfg;
  at.stack_year = release;
  Notice(issues, "stack_year", "auto: {0}, the first {1} release with every key given ({2} by default)"_issue,
         {std::to_string(release), job.stack->name, std::to_string(job.stack_year)});
  return ResolveJobAtRelease(at, issues, release);
}

void RlFrameworkIssues(const Config& cfg, const Job& job, RlFramework fw, std::vector<ConfigIssue>& issues) {
  if (!job.stack) return;
  Job j = job;
  j.rl.algo = RlAlgoOf(cfg), j.rl.framework = fw;
  if (j.rl.Active()) CheckCapabilities(cfg, j, issues, true);
}

// The framework's refusals (RlFrameworkIssues: every Absent row of its own is an error), none.
bool RlFrameworkRunsAsked(const Config& cfg, const Job& job, RlFramework fw) {
  std::vector<ConfigIssue> issues;
  RlFrameworkIssues(cfg, job, fw, issues);
  return !HasErrors(issues);
}

namespace {
// What ResolveStack needs of a job, and the stack it resolves (issues: an unknown stack's).
Job StackJob(const Config& cfg, std::vector<ConfigIssue>& issues) {
  Job job;
  job.work.finetune = cfg.goal >= 0 ? cfg.goal == 1 : cfg.method != Method::Full;
  job.work.method = cfg.method;
  ResolveModel(cfg, job, issues);  // the stack on auto follows the model for post-training (a mixture of experts)
  ResolveStack(cfg, job, issues);
  return job;
}
}  // namespace

std::string ResolvedStackId(const Config& cfg) {
  std::vector<ConfigIssue> issues;
  const Job job = StackJob(cfg, issues);
  return !cfg.stack.empty() && !FindStack(cfg.stack) ? std::string() : StackOf(job).id;
}

bool StackMayRun(const Config& cfg, uint32_t keys) {
  std::vector<ConfigIssue> issues;
  const Job job = StackJob(cfg, issues);
  AskKeys given = 0;
  CapabilityAsk ask = ExplicitAsk(cfg, given);
  const RlAlgo algo = RlAlgoOf(cfg);
  if (algo != RlAlgo::None) ask.rl_framework = int(ResolveRlFramework(cfg, job)), ask.rl_dpo = algo == RlAlgo::Dpo;
  return SearchMayChoose(StackOf(job), job.stack_year, ask, AskKeys(keys & given));
}

FinetuneDataset DatasetOf(const Config& cfg) {
  return {cfg.examples > 0 ? cfg.examples : kFinetuneExamples,
          cfg.example_tokens > 0 ? cfg.example_tokens : kFinetuneExampleTokens,
          cfg.epochs > 0 ? cfg.epochs : kFinetuneEpochs};
}

}  // namespace tp
