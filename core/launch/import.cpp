// import.cpp — a framework's config read back as the planner's keys (launch.h ImportLaunch). Each format's
// reader takes the keys it knows; a key the file leaves out takes that framework's own default (an HF
// Trainer without bf16 trains in fp32, LLaMA-Factory checkpoints unless told not to), so the plan is the
// one the file would run. Layout keys the framework cannot vary are planned at what it runs (the Trainer:
// tp=1). Every other key of the file is named in one notice with its line.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "hf_ids.h"
#include "json.h"
#include "launch.h"
#include "launch_doc.h"
#include "launch_models.h"
#include "max_seq_best.h"
#include "presets.h"
#include "resolve.h"
#include "rules.h"
#include "text.h"

// GCC 12 reports -Wrestrict falsely for `"literal" + std::string&&` once inlined (GCC bug 105329), as cli.cpp says.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace tp {
namespace {

using launch::Doc;
using launch::Entry;
using launch::Value;

std::string Num(double v) { return FormatNumber(v); }

// Reads a Doc's entries, marking the ones it took; errors and notices name the file's key and line.
struct Reader {
  const Doc& doc;
  LaunchImport& imp;
  const char* framework;
  std::vector<char> used;

  Reader(const Doc& d, LaunchImport& i, const char* fw) : doc(d), imp(i), framework(fw), used(d.entries.size(), 0) {}

  const Entry* Get(std::string_view key) {
    for (size_t i = 0; i < doc.entries.size(); ++i)
      if (doc.entries[i].key == key) {
        used[i] = 1;
        return &doc.entries[i];
      }
    return nullptr;
  }
  // Every entry under a prefix ("fsdp_config."), marked.
  void Take(std::string_view prefix) {
    for (size_t i = 0; i < doc.entries.size(); ++i)
      if (doc.entries[i].key.compare(0, prefix.size(), prefix) == 0) used[i] = 1;
  }
  void Pair(const Entry* e, std::string key, std::string value) {
    imp.pairs.push_back({std::move(key), std::move(value), e ? e->key : "", e ? e->line : 0});
  }
  // A key the file does not give: the framework's default, stated as the source.
  void Default(std::string key, std::string value) {
    imp.pairs.push_back({std::move(key), std::move(value), std::string("(") + framework + " default)", 0});
  }
  void Bad(const Entry& e, const char* expected) {
    // Code the reader does not evaluate (a variable computed from the data, an unknown name: a script's Raw value) is
    // no mistake of the file: said, and the plan keeps its default.
    if (e.value.kind == Value::Kind::Raw && !e.value.s.empty()) {
      Unknown(e, e.value.s);
      return;
    }
    std::string got;
    if (!e.value.AsText(got))
      got = e.value.kind == Value::Kind::List ? "a list" : e.value.kind == Value::Kind::Null ? "null" : "a mapping";
    imp.issues.push_back(MakeIssue(e.key, "line {0}: expected {1}, got {2}"_issue,
                                   {std::to_string(e.line), Words(expected), Quote(got)}));
  }
  void Unknown(const Entry& e, const std::string& value) {
    imp.issues.push_back(MakeIssue(e.key,
                                   "line {0}: {1} is not a value TrainPlan models; the plan keeps its default"_issue,
                                   {std::to_string(e.line), Quote(value)}, true));
  }
  bool Int(const Entry* e, long long& out, long long lo = 0) {
    double v = 0;
    if (!e || e->value.kind == Value::Kind::Null) return false;  // unset: the reader's default or the plan's stands
    if (!e->value.AsNumber(v) || v != std::floor(v) || v < double(lo) || v > 1e12) {
      Bad(*e, lo > 0 ? "a whole number of at least 1" : "a whole number");
      return false;
    }
    out = (long long)v;
    return true;
  }
  bool Real(const Entry* e, double& out) {
    if (!e || e->value.kind == Value::Kind::Null) return false;
    if (!e->value.AsNumber(out)) {
      Bad(*e, "a number");
      return false;
    }
    return true;
  }
  // A key left empty (YAML `fp16:`, null, None) is Python's None to the framework, which reads a switch as false
  // (`if cfg.fp16:`) and a name as unset (Axolotl's `adapter:` trains every weight): no error.
  bool Bool(const Entry* e, bool& out) {
    if (!e) return false;
    if (e->value.kind == Value::Kind::Null) {
      out = false;
      return true;
    }
    if (!e->value.AsBool(out)) {
      Bad(*e, "true or false");
      return false;
    }
    return true;
  }
  bool Text(const Entry* e, std::string& out) {
    if (!e || e->value.kind == Value::Kind::Null) return false;  // unset: the reader's default stands
    if (!e->value.AsText(out)) {
      Bad(*e, "a text value");
      return false;
    }
    return true;
  }
  // An integer key into a planner key, or the framework's default, said to be one, when the file leaves it out: the
  // value taken (the default where the file's is not a whole number of at least `lo`, which says so).
  long long IntOr(std::string_view file_key, const char* key, long long fallback, long long lo = 1) {
    long long v = fallback;
    const Entry* e = Get(file_key);
    if (e && e->value.kind == Value::Kind::Null) {  // None: the framework's own meaning (TRL's max_length: none)
      Unknown(*e, "null");
      return v;
    }
    Int(e, v, lo);
    e ? Pair(e, key, std::to_string(v)) : Default(key, std::to_string(fallback));
    return v;
  }
  // An integer key straight into a planner key.
  void IntKey(std::string_view file_key, const char* key, long long lo = 1) {
    long long v = 0;
    const Entry* e = Get(file_key);
    if (Int(e, v, lo)) Pair(e, key, std::to_string(v));
  }
  // A true/false key straight into a 0/1 planner key.
  void BoolKey(std::string_view file_key, const char* key) {
    bool v = false;
    const Entry* e = Get(file_key);
    if (Bool(e, v)) Pair(e, key, v ? "1" : "0");
  }
  // A command-line switch (Megatron-LM's --flag): given and not false; a value that is no boolean still counts as
  // given (and is reported).
  bool Switch(std::string_view flag) {
    bool v = false;
    const Entry* e = Get(flag);
    return e && (!Bool(e, v) || v);
  }

  // The model by its Hugging Face id: a preset when it is one, else its name (the plan keeps the dimensions
  // the configuration had; a notice says how to give them).
  void Model(const Entry* e, std::string id) {
    if (!e) return;
    id = std::string(Trim(id));
    if (const char* preset = PresetOfHfId(id)) {
      Pair(e, "model", preset);
      return;
    }
    if (const char* preset = PresetOfHfVariant(id)) {  // the same architecture: planned as its preset
      Pair(e, "model", preset);
      imp.issues.push_back(
          MakeIssue("model", "line {0}: {1} is planned as the preset {2} (a variant of the same architecture)"_issue,
                    {std::to_string(e->line), Quote(id), preset}, true));
      return;
    }
    UnknownModel(*e, id);  // not named after it either
  }
  // A model the file names that no preset is (a Hugging Face id, a torchtune builder, a torchtitan flavor): said, and
  // the plan refused unless a model is given beside the file (FinishLaunchImport); its name would label another.
  void UnknownModel(const Entry& e, const std::string& name) {
    imp.unknown_model = name, imp.unknown_model_line = e.line;
    imp.issues.push_back(
        MakeIssue("model",
                  "line {0}: {1} is not a model preset TrainPlan knows: the plan keeps the model it had "
                  "(give its config.json, or model=)"_issue,
                  {std::to_string(e.line), Quote(name)}, true));
  }
  void ModelAt(std::string_view file_key) {
    const Entry* e = Get(file_key);
    std::string id;
    if (Text(e, id)) Model(e, id);
  }
  // An RL reward model by its Hugging Face id: rl_reward is its preset; an id that is none is an unknown value.
  // False when the entry is absent (or not text).
  bool RewardModel(const Entry* e) {
    std::string id;
    if (!Text(e, id)) return false;
    if (const char* preset = PresetOfHfId(id))
      Pair(e, "rl_reward", preset);
    else
      Unknown(*e, id);
    return true;
  }

  void Prec(const Entry* e, Precision p) { Pair(e, "prec", kPrecisionNames[int(p)]); }
  void Opt(const Entry* e, const std::string& name) {
    static const std::pair<const char*, Optimizer> kNames[] = {
        {"adamw_torch", Optimizer::AdamW},
        {"adamw_torch_fused", Optimizer::AdamW},
        {"adamw_hf", Optimizer::AdamW},
        {"adamw_apex_fused", Optimizer::AdamW},
        {"adamw_bnb_8bit", Optimizer::AdamW8bit},
        {"adamw_8bit", Optimizer::AdamW8bit},
        {"adamw_torch_8bit", Optimizer::AdamW8bit},
        {"sgd", Optimizer::Sgd},
        {"paged_adamw_32bit", Optimizer::PagedAdamW},
        {"paged_adamw_8bit", Optimizer::PagedAdamW8bit},
        {"torch.optim.AdamW", Optimizer::AdamW},
        {"torch.optim.SGD", Optimizer::Sgd},
        {"bitsandbytes.optim.AdamW8bit", Optimizer::AdamW8bit},
        {"bitsandbytes.optim.PagedAdamW", Optimizer::PagedAdamW},
        {"bitsandbytes.optim.PagedAdamW8bit", Optimizer::PagedAdamW8bit},
        {"AdamW", Optimizer::AdamW},
        {"adamw", Optimizer::AdamW},
        {"adam", Optimizer::AdamW},
        {"Adam", Optimizer::AdamW}};
    for (const auto& [n, o] : kNames)
      if (name == n) return Pair(e, "opt", kOptimizerNames[int(o)]);
    if (e) Unknown(*e, name);
  }
  void Targets(const Entry* e, const std::vector<std::string>& modules) {
    const std::string t = launch::TargetsOfModules(modules);
    if (!t.empty())
      Pair(e, "lora_targets", t);
    else if (e)
      Unknown(*e, modules.empty() ? std::string() : modules[0]);
  }
  // LoRA placed by PEFT's target_modules, and the parameters the file names beside them (LoraConfig's
  // target_parameters, Axolotl's lora_target_parameters): an expert's among them adapts the routed experts
  // (launch_models.h HfExpertParameters), as lora_targets=all plans them.
  void PeftTargets(std::string_view parameters_key) {
    imp.peft_modules = true;
    const Entry* e = parameters_key.empty() ? nullptr : Get(parameters_key);
    if (!e) return;
    std::string layers;  // names that start with a layer's index (OpenAI's GPT-OSS recipe: "7.mlp.experts...")
    for (const std::string& name : e->value.AsTexts()) {
      if (name.find("experts.") == std::string::npos) continue;
      imp.peft_expert_params = true;
      const std::string layer = name.substr(0, name.find('.'));
      if (!name.empty() && std::isdigit((unsigned char)name[0]) &&
          (", " + layers + ", ").find(", " + layer + ", ") == std::string::npos)
        layers += (layers.empty() ? "" : ", ") + layer;
    }
    if (imp.peft_expert_params) Pair(e, "lora_targets", "all");
    if (!layers.empty())
      imp.issues.push_back(MakeIssue(e->key,
                                     "line {0}: the experts of layers {1} only: planned as every layer's experts "
                                     "(lora_targets=all), more adapters than the file trains"_issue,
                                     {std::to_string(e->line), layers}, true));
  }
  void Recompute(const Entry* e, bool full) { Pair(e, "recompute", full ? "full" : "none"); }
  // A DPO trainer's per-device batch counts preference pairs (a chosen and a rejected sequence each, in one forward):
  // the plan's micro-batch, in sequences, is twice the file's.
  void MicroBatchOfPairs() {
    for (LaunchPair& p : imp.pairs)
      if (p.key == "mbs") p.value = std::to_string(2 * std::min(std::strtoll(p.value.c_str(), nullptr, 10), 1LL << 40));
  }
  // DoRA's switch (PEFT's use_dora, Axolotl's peft_use_dora, torchtune's model.use_dora, LLaMA-Factory's use_dora):
  // the method the reader took, LoRA or QLoRA, becomes DoRA or QDoRA, as the exports write it.
  void Dora(std::string_view file_key) {
    bool dora = false;
    const Entry* e = Get(file_key);
    if (!Bool(e, dora) || !dora) return;
    for (auto it = imp.pairs.rbegin(); it != imp.pairs.rend(); ++it)
      if (it->key == "method") {
        if (it->value == "lora" || it->value == "qlora") Pair(e, "method", it->value == "lora" ? "dora" : "qdora");
        return;
      }
  }
  // Layout keys the framework has no way to vary: planned at what it runs.
  void Fixed(std::initializer_list<const char*> keys) {
    for (const char* k : keys)
      imp.pairs.push_back({k,
                           k == std::string("zero")      ? "0"
                           : k == std::string("offload") ? "none"
                                                         : "1",
                           std::string("(not in ") + framework + ")", 0});
  }
  void GradAccum(std::string_view file_key, long long fallback) {
    long long ga = fallback;
    if (const Entry* e = Get(file_key)) Int(e, ga, 1);
    imp.grad_accum = int(std::min<long long>(ga, 1000000));
  }
  void Steps(std::string_view file_key) {
    long long steps = 0;
    if (const Entry* e = Get(file_key); e && Int(e, steps) && steps > 0) imp.steps = double(steps);
  }

  // One notice naming every key of the file the reader did not take (under `prefixes`: a script's own
  // variables and calls outside its configs are not configuration).
  void Rest(std::initializer_list<const char*> prefixes = {}) {
    std::string names;
    int n = 0;
    for (size_t i = 0; i < doc.entries.size(); ++i) {
      const Entry& e = doc.entries[i];
      if (used[i] || e.key == "_comment" || e.key.rfind("_comment.", 0) == 0) continue;
      bool config = prefixes.size() == 0;
      for (const char* p : prefixes) config |= e.key.rfind(p, 0) == 0;
      if (!config) continue;
      // A mapping's own entry comes before its keys: name the keys.
      if (e.value.kind == Value::Kind::Map && i + 1 < doc.entries.size() &&
          doc.entries[i + 1].key.rfind(e.key + ".", 0) == 0)
        continue;
      if (++n <= 40)
        names += (names.empty() ? "" : ", ") + e.key + (e.line ? " (line " + std::to_string(e.line) + ")" : "");
    }
    if (n > 40) names += ", ... (" + std::to_string(n - 40) + " more)";
    if (n > 0)
      imp.issues.push_back(MakeIssue(
          "import", "not mapped (TrainPlan has no key for these, or they do not change memory or time): {0}"_issue,
          {names}, true));
  }
};

// ---- the Trainer family (hf, trl, unsloth's SFTConfig): TrainingArguments' fields under `cls` -----------
void TrainerFields(Reader& r, const std::string& cls, bool trl_defaults) {
  r.IntKey(cls + ".per_device_train_batch_size", "mbs");
  if (!r.doc.Find(cls + ".per_device_train_batch_size")) r.Default("mbs", "8");
  r.GradAccum(cls + ".gradient_accumulation_steps", 1);
  r.Steps(cls + ".max_steps");
  bool bf16 = trl_defaults, fp16 = false;
  const Entry* eb = r.Get(cls + ".bf16");
  const Entry* ef = r.Get(cls + ".fp16");
  r.Bool(eb, bf16);
  r.Bool(ef, fp16);
  r.Prec(eb ? eb : ef, fp16 ? Precision::Fp16 : bf16 ? Precision::Bf16 : Precision::Fp32);
  bool ckpt = trl_defaults;
  const Entry* eg = r.Get(cls + ".gradient_checkpointing");
  r.Bool(eg, ckpt);
  r.Recompute(eg, ckpt);
  bool act = false;
  if (const Entry* ea = r.Get(cls + ".activation_offloading"); r.Bool(ea, act))
    r.Pair(ea, "offload_act", act ? "1" : "0");
  bool liger = false;
  if (const Entry* el = r.Get(cls + ".use_liger_kernel"); r.Bool(el, liger)) r.imp.fused_loss = liger;
  r.BoolKey(cls + ".torch_compile", "compile");
  std::string optim = "adamw_torch";
  const Entry* eo = r.Get(cls + ".optim");
  r.Text(eo, optim);
  r.Opt(eo, optim);
  std::string fsdp;
  const Entry* es = r.Get(cls + ".fsdp");
  if (es && es->value.kind == Value::Kind::List) {
    for (const std::string& part : es->value.AsTexts()) fsdp += part + " ";
  } else {
    r.Text(es, fsdp);
  }
  const Entry* ed = r.Get(cls + ".deepspeed");
  if (ed) r.Unknown(*ed, "a DeepSpeed config (read it with --import-format deepspeed)");
  const bool full = fsdp.find("full_shard") != std::string::npos || fsdp.find("hybrid_shard ") != std::string::npos;
  const bool grad =
      fsdp.find("shard_grad_op") != std::string::npos || fsdp.find("hybrid_shard_zero2") != std::string::npos;
  r.Pair(es, "zero", full ? "3" : grad ? "2" : "0");
  // HYBRID_SHARD shards within a node and replicates across nodes (FSDP1's intra-node group): dp_shard once the node
  // is known (FinishLaunchImport).
  r.imp.node_shard = fsdp.find("hybrid_shard") != std::string::npos;
  r.Pair(es, "offload", fsdp.find("offload") != std::string::npos ? "cpu" : "none");
  r.Fixed({"tp", "pp", "cp", "ep"});
}

// The LoRA of a LoraConfig (hf, trl) or get_peft_model (unsloth): rank, dropout, targets.
void LoraFields(Reader& r, const std::string& cls, const char* rank_kw) {
  r.IntKey(cls + "." + rank_kw, "lora_r");
  r.Get(cls + ".lora_alpha");  // a learning-rate scale: no effect on memory or time
  double dropout = 0;
  if (const Entry* e = r.Get(cls + ".lora_dropout"); r.Real(e, dropout)) r.Pair(e, "lora_dropout", Num(dropout));
  if (const Entry* e = r.Get(cls + ".target_modules")) r.Targets(e, e->value.AsTexts());
  // PEFT's LoraConfig; Unsloth's get_peft_model places the experts' LoRA itself from the same module names
  // (unsloth-zoo temporary_patches/moe_utils.py patch_param_wrapper_for_moe @ce232d6).
  if (cls == "LoraConfig") r.PeftTargets(cls + ".target_parameters");
  r.Get(cls + ".task_type");
  r.Get(cls + ".bias");
  r.Get(cls + ".0");
  r.Dora(cls + ".use_dora");
}

bool QuantFields(Reader& r) {
  bool four = false;
  const Entry* e = r.Get("BitsAndBytesConfig.load_in_4bit");
  r.Bool(e, four);
  for (const char* k :
       {"bnb_4bit_quant_type", "bnb_4bit_use_double_quant", "bnb_4bit_compute_dtype", "bnb_4bit_quant_storage"})
    r.Get(std::string("BitsAndBytesConfig.") + k);  // NF4 and its double quantization are what qlora plans
  return four;
}

void Flash(Reader& r, const Entry* e) {
  std::string impl;
  if (r.Text(e, impl)) r.Pair(e, "flash", impl == "eager" ? "0" : "1");
}

// A launcher's GPUs a node over several nodes (Ray's num_gpus_per_node, deepspeed's --num_gpus): a power of two is
// the machine's node size; another count (6 of 8, the export's exact placement of a 12-GPU pool) is a placement
// within larger nodes, which keep their size.
void LauncherNodeSize(Reader& r, const Entry* e, long long per_node, long long nodes) {
  if (nodes > 1 && per_node > 0 && (per_node & (per_node - 1)) == 0)
    r.Pair(e, "gpus_per_node", std::to_string(per_node));
}

// A launcher's GPUs, as every command line gives them: accelerate's --num_processes (every process of every
// machine), or processes a node (torchrun's --nproc_per_node, deepspeed's --num_gpus) times nodes (--nnodes,
// --num_nodes). torchrun's own words (torch/distributed/run.py): --nproc_per_node gpu or auto is every GPU of the
// machine, which the plan's own count stands for (its note says so); --nnodes MIN:MAX is an elastic range, planned at
// its largest. Without any, deepspeed takes the machine's GPUs, the same. Whether the command said.
bool LauncherGpus(Reader& r) {
  // The first flag of a role the command gives (launch_doc.h kLauncherFlags), each of the role's taken.
  auto first = [&](launch::LauncherRole role) {
    const Entry* found = nullptr;
    for (const launch::LauncherFlag& f : launch::kLauncherFlags)
      if (const Entry* e = f.role == role ? r.Get(std::string("--") + f.flag) : nullptr; e && !found) found = e;
    return found;
  };
  first(launch::LauncherRole::Placement);
  long long procs = 0, per_node = 0, nodes = 1;
  if (const Entry* ea = first(launch::LauncherRole::Processes); ea && r.Int(ea, procs, 1)) {
    r.Pair(ea, "gpus", std::to_string(procs));
    return true;
  }
  const Entry* ep = first(launch::LauncherRole::PerNode);
  const Entry* en = first(launch::LauncherRole::Nodes);
  std::string word;
  const bool every = ep && ep->value.AsText(word) && (word == "gpu" || word == "auto");
  if (!ep || every || !r.Int(ep, per_node, 1)) return false;
  std::string range;
  if (en && en->value.AsText(range) && range.find(':') != std::string::npos) {
    const std::string most = range.substr(range.find(':') + 1);
    char* end = nullptr;
    const long long n = std::strtoll(most.c_str(), &end, 10);
    if (end && *end == '\0' && n >= 1 && n <= 1000000)
      nodes = n;
    else
      r.Bad(*en, "a whole number of nodes, or MIN:MAX");
  } else if (en) {
    r.Int(en, nodes, 1);
  }
  r.Pair(ep, "gpus", std::to_string(per_node * nodes));
  LauncherNodeSize(r, ep, per_node, nodes);
  return true;
}

// Accelerate's config file (accelerate/commands/config/config_args.py; the keys `accelerate config` writes, as TRL
// ships them in trl/accelerate_configs @f2cd577 and LLaMA-Factory in examples/accelerate): the launcher's processes
// (every machine's), its machines, the mixed precision, and how the model is sharded: FSDP by fsdp_sharding_strategy
// (FSDP1: FULL_SHARD, SHARD_GRAD_OP, NO_SHARD, HYBRID_SHARD, HYBRID_SHARD_ZERO2, or their numbers 1-5) or
// fsdp_reshard_after_forward (FSDP2: true or false; TRL's fsdp1.yaml writes a strategy there), its parameter offload
// and activation checkpointing; DeepSpeed by deepspeed_config's zero_stage and offload devices (a deepspeed_config_file
// is named, not read). It names no model: the plan's stands, as for a DeepSpeed config.
void ImportAccelerateConfig(Reader& r) {
  r.imp.framework = "Accelerate config";
  r.framework = r.imp.framework.c_str();
  std::string type = "NO";
  const Entry* et = r.Get("distributed_type");
  r.Text(et, type);
  long long processes = 1, machines = 1;
  const Entry* ep = r.Get("num_processes");
  const Entry* em = r.Get("num_machines");
  r.Int(ep, processes, 1), r.Int(em, machines, 1);
  if (ep) r.Pair(ep, "gpus", std::to_string(processes));
  if (em && machines > 1 && processes % machines == 0)
    r.Pair(em, "gpus_per_node", std::to_string(processes / machines));
  std::string mixed = "no";
  const Entry* ex = r.Get("mixed_precision");
  r.Text(ex, mixed);
  if (ex)
    r.Prec(ex, mixed == "bf16"   ? Precision::Bf16
               : mixed == "fp16" ? Precision::Fp16
               : mixed == "fp8"  ? Precision::Fp8
                                 : Precision::Fp32);
  if (type == "FSDP") {
    // A strategy by name or number (FSDP1's ShardingStrategy), else FSDP2's reshard_after_forward.
    std::string strategy;
    const Entry* es = r.Get("fsdp_config.fsdp_sharding_strategy");
    const Entry* er = r.Get("fsdp_config.fsdp_reshard_after_forward");
    if (!r.Text(es, strategy) && er) {
      bool reshard = true;
      if (er->value.AsBool(reshard))
        strategy = reshard ? "FULL_SHARD" : "SHARD_GRAD_OP";
      else
        r.Text(er, strategy);
      es = er;
    }
    if (strategy.empty()) strategy = "FULL_SHARD";  // FullyShardedDataParallelPlugin's default
    const char* numbered[] = {"FULL_SHARD", "SHARD_GRAD_OP", "NO_SHARD", "HYBRID_SHARD", "HYBRID_SHARD_ZERO2"};
    if (strategy.size() == 1 && strategy[0] >= '1' && strategy[0] <= '5') strategy = numbered[strategy[0] - '1'];
    const bool full = strategy == "FULL_SHARD" || strategy == "HYBRID_SHARD";
    const bool grad = strategy == "SHARD_GRAD_OP" || strategy == "HYBRID_SHARD_ZERO2";
    if (!full && !grad && strategy != "NO_SHARD" && es) r.Unknown(*es, strategy);
    es ? r.Pair(es, "zero", full ? "3" : grad ? "2" : "0") : r.Default("zero", "3");
    r.imp.node_shard = strategy.rfind("HYBRID_SHARD", 0) == 0;
    bool off = false;
    const Entry* eo = r.Get("fsdp_config.fsdp_offload_params");
    r.Bool(eo, off);
    r.Pair(eo ? eo : es, "offload", off ? "cpu" : "none");
    bool ckpt = false;
    if (const Entry* ec = r.Get("fsdp_config.fsdp_activation_checkpointing"); r.Bool(ec, ckpt) && ckpt)
      r.Pair(ec, "recompute", "full");
    r.Take("fsdp_config.");
  } else if (type == "DEEPSPEED") {
    std::string file;  // its own ZeRO stage and offload: imported apart (the plan keeps its own here)
    if (const Entry* ef = r.Get("deepspeed_config.deepspeed_config_file"); r.Text(ef, file)) r.Unknown(*ef, file);
    long long stage = 0;
    const Entry* ez = r.Get("deepspeed_config.zero_stage");
    if (r.Int(ez, stage) && stage <= 3) r.Pair(ez, "zero", std::to_string(stage));
    std::string optimizer = "none", params = "none";
    const Entry* eo = r.Get("deepspeed_config.offload_optimizer_device");
    const Entry* eq = r.Get("deepspeed_config.offload_param_device");
    r.Text(eo, optimizer), r.Text(eq, params);
    const std::string device = optimizer != "none" ? optimizer : params;
    if (eo || eq) r.Pair(eo ? eo : eq, "offload", device == "nvme" ? "nvme" : device == "cpu" ? "cpu" : "none");
    r.Take("deepspeed_config.");
  } else if (type == "MULTI_GPU" || type == "NO") {
    r.Pair(et, "zero", "0");  // DistributedDataParallel, or one process
  } else if (et) {
    r.Unknown(*et, type);
  }
  r.Fixed({"tp", "pp", "cp", "ep"});
  r.Rest();
}

void ImportHf(Reader& r) {
  // The model: MODEL_ID, or from_pretrained's first argument.
  const Entry* id = r.Get("=MODEL_ID");
  if (!id) id = r.Get("from_pretrained.0");
  std::string name;
  if (r.Text(id, name)) {
    r.Model(id, name);
    // A Trainer that loads a trained model fine-tunes it (a model built from a config alone, --config_name, would
    // pre-train: it names none here).
    r.imp.pairs.push_back({"goal", "finetune", "(from_pretrained)", id->line});
  }
  r.Get("from_pretrained.0");
  long long seq = 0;
  if (const Entry* e = r.Get("=MAX_LENGTH"); r.Int(e, seq, 1)) r.Pair(e, "seq", std::to_string(seq));
  Flash(r, r.Get("from_pretrained.attn_implementation"));
  r.Get("from_pretrained.dtype"), r.Get("from_pretrained.torch_dtype"), r.Get("from_pretrained.quantization_config");
  const bool four = QuantFields(r);
  const bool lora = r.doc.Find("LoraConfig.r") || r.doc.Find("LoraConfig.target_modules");
  r.Pair(r.doc.Find("LoraConfig.r"), "method", four && lora ? "qlora" : lora ? "lora" : "full");
  // PEFT's k-bit preparation where the script calls it (norms, embeddings and head in fp32), else none.
  if (four && lora) {
    const Entry* prep = r.Get("prepare_model_for_kbit_training.0");
    r.imp.pairs.push_back({"kbit_prep", prep ? "1" : "0",
                           prep ? "prepare_model_for_kbit_training" : "(no prepare_model_for_kbit_training)",
                           prep ? prep->line : 0});
  }
  if (lora) LoraFields(r, "LoraConfig", "r");
  TrainerFields(r, "TrainingArguments", false);
  LauncherGpus(r);
  r.Rest({"TrainingArguments.", "LoraConfig.", "BitsAndBytesConfig.", "from_pretrained."});
}

bool HasPrefix(const Doc& doc, std::string_view prefix) {
  for (const Entry& e : doc.entries)
    if (e.key.compare(0, prefix.size(), prefix) == 0) return true;
  return false;
}

// GRPOConfig's own fields (export.cpp GrpoArgs writes them), each with TRL's default when the file leaves it out
// (trl/trainer/grpo_config.py@35def3ee, v1.9.0: num_generations 8, max_completion_length 256, use_vllm False,
// vllm_mode "colocate", vllm_gpu_memory_utilization 0.3, vllm_tensor_parallel_size 1, beta 0.0 (no reference
// model), steps_per_generation None = gradient_accumulation_steps).
void GrpoFields(Reader& r, const std::string& cls) {
  r.IntOr(cls + ".num_generations", "rl_samples", 8);
  r.IntKey(cls + ".max_completion_length", "rl_max_response_len");
  if (!r.doc.Find(cls + ".max_completion_length")) r.Default("rl_max_response_len", "256");
  bool vllm = false;
  const Entry* ev = r.Get(cls + ".use_vllm");
  r.Bool(ev, vllm);
  ev ? r.Pair(ev, "rl_engine", vllm ? "vllm" : "hf") : r.Default("rl_engine", "hf");
  if (vllm) {
    std::string mode = "colocate";
    const Entry* em = r.Get(cls + ".vllm_mode");
    r.Text(em, mode);
    const bool colocate = mode != "server";
    em ? r.Pair(em, "rl_colocate", colocate ? "1" : "0") : r.Default("rl_colocate", "1");
    if (colocate) {
      double frac = 0.3;
      const Entry* ef = r.Get(cls + ".vllm_gpu_memory_utilization");
      r.Real(ef, frac);
      ef ? r.Pair(ef, "rl_kv_frac", Num(frac)) : r.Default("rl_kv_frac", "0.3");
      r.IntKey(cls + ".vllm_tensor_parallel_size", "rl_rollout_tp");
      if (!r.doc.Find(cls + ".vllm_tensor_parallel_size")) r.Default("rl_rollout_tp", "1");
      // The engine sleeps while the trainer runs only with vllm_enable_sleep_mode (default False).
      bool sleep = false;
      const Entry* es = r.Get(cls + ".vllm_enable_sleep_mode");
      r.Bool(es, sleep);
      es ? r.Pair(es, "rl_sleep", sleep ? "1" : "0") : r.Default("rl_sleep", "0");
    }
  }
  double beta = 0;
  const Entry* eb = r.Get(cls + ".beta");
  r.Real(eb, beta);
  eb ? r.Pair(eb, "rl_ref", beta > 0 ? "1" : "0") : r.Default("rl_ref", "0");
  // Micro-steps per generation: optimizer steps per RL step, and the completions each rank trains on per generation.
  long long spg = std::max(1, r.imp.grad_accum);
  const Entry* es = r.Get(cls + ".steps_per_generation");
  r.Int(es, spg, 1);
  if (r.imp.grad_accum > 0 && spg % r.imp.grad_accum == 0)
    es ? r.Pair(es, "rl_updates", std::to_string(spg / r.imp.grad_accum)) : r.Default("rl_updates", "1");
  long long mbs = 8;
  for (const LaunchPair& p : r.imp.pairs)
    if (p.key == "mbs") mbs = std::strtoll(p.value.c_str(), nullptr, 10);
  r.imp.rl_completions_per_rank = std::min(double(mbs) * double(spg), 1e12);
}

// TRL's SFTTrainer script, or its GRPOTrainer or DPOTrainer one (export.cpp ExportTrl): the Config class names the
// goal. GRPO's fields (TRL v1.9.0 GRPOConfig): num_generations responses per prompt, max_completion_length their
// cap, vLLM colocated or a server, its memory fraction and tensor parallelism, beta > 0 a KL reference, and
// steps_per_generation micro-steps per generation: rl_updates = steps_per_generation / gradient_accumulation_steps,
// and each rank's per_device_train_batch_size x steps_per_generation completions make the step's prompts once the
// GPUs are known (FinishLaunchImport). DPO's batch counts pairs: two sequences each.

// TRL's command line's launcher (parse_trainer_cli.cpp): accelerate's processes are the GPUs; an accelerate config
// named as TRL ships them (trl/accelerate_configs/*.yaml @f2cd577: zero1-3, fsdp1, fsdp2, multi_gpu, single_gpu, each
// for 8 processes but single_gpu's 1) gives the sharding and, without --num_processes, the GPUs; a path is not read.
void TrlLauncher(Reader& r) {
  std::string config;
  const Entry* ec = r.Get("accelerate.config");
  r.Text(ec, config);
  const bool shipped = config == "zero1" || config == "zero2" || config == "zero3" || config == "fsdp1" ||
                       config == "fsdp2" || config == "multi_gpu" || config == "single_gpu";
  if (config.size() == 5 && config.rfind("zero", 0) == 0)
    r.Pair(ec, "zero", config.substr(4));
  else if (config == "fsdp1" || config == "fsdp2")  // fsdp_reshard_after_forward FULL_SHARD / true
    r.Pair(ec, "zero", "3");
  else if (ec && !shipped)
    r.Unknown(*ec, config + " (an accelerate config file: give zero= and gpus=)");
  if (!LauncherGpus(r) && shipped) r.Pair(ec, "gpus", config == "single_gpu" ? "1" : "8");
}

void ImportTrl(Reader& r) {
  const bool grpo = HasPrefix(r.doc, "GRPOConfig.");
  const bool dpo = !grpo && HasPrefix(r.doc, "DPOConfig.");
  const std::string kind = grpo ? "GRPO" : dpo ? "DPO" : "SFT";
  const std::string cfg = kind + "Config", trainer = kind + "Trainer";
  if (grpo || dpo) {  // the notes name the trainer the script runs
    r.imp.framework = "TRL " + trainer;
    r.framework = r.imp.framework.c_str();
  }
  const Entry* id = r.Get("=MODEL_ID");
  if (!id) id = r.Get(trainer + ".model");
  // A model the script loads itself and hands the trainer (model = AutoModelFor...from_pretrained(model_name), TRL's
  // own notebooks): the first from_pretrained's repository.
  if (!id || id->value.kind != Value::Kind::Str) {
    if (const Entry* loaded = r.Get("from_pretrained.0"); loaded && loaded->value.kind == Value::Kind::Str) id = loaded;
  }
  std::string name;
  if (id && id->value.kind == Value::Kind::Str && r.Text(id, name)) r.Model(id, name);
  r.Get(trainer + ".model");
  if (grpo || dpo) {
    r.imp.pairs.push_back({"goal", grpo ? "grpo" : "dpo", cfg, 0});
    r.imp.pairs.push_back({"rl_framework", "trl", "(" + trainer + ")", 0});
  } else {  // SFTTrainer fine-tunes: a plan the page showed with another goal takes the file's
    r.imp.pairs.push_back({"goal", "finetune", "(" + trainer + ")", 0});
  }
  if (!grpo) {
    r.IntOr(cfg + ".max_length", "seq", 1024);  // SFTConfig's and DPOConfig's max_length default at v1.9.0
  }
  if (const Entry* e = r.Get(cfg + ".model_init_kwargs"); e && e->value.kind == Value::Kind::Map)
    for (size_t i = 0; i + 1 < e->value.list.size(); i += 2)
      if (e->value.list[i].s == "attn_implementation") {
        std::string impl;
        if (e->value.list[i + 1].AsText(impl)) r.Pair(e, "flash", impl == "eager" ? "0" : "1");
      }
  const bool four = QuantFields(r);
  const bool lora = r.doc.Find("LoraConfig.r") || r.doc.Find("LoraConfig.target_modules");
  r.Pair(r.doc.Find("LoraConfig.r"), "method", four && lora ? "qlora" : lora ? "lora" : "full");
  // TRL's trainers (v0.26.0 on) call get_peft_model alone: no k-bit preparation (formats.cpp's rule).
  if (four && lora) r.imp.pairs.push_back({"kbit_prep", "0", "(TRL: get_peft_model alone)", 0});
  if (lora) LoraFields(r, "LoraConfig", "r");
  TrainerFields(r, cfg, true);
  if (dpo) r.MicroBatchOfPairs();
  if (grpo) GrpoFields(r, cfg);
  TrlLauncher(r);
  r.Rest({(cfg + ".").c_str(), "LoraConfig.", "BitsAndBytesConfig.", "accelerate."});
}

// Unsloth's script: FastLanguageModel's loading and adapters, then TRL's SFTConfig, or GRPOConfig for its GRPO
// notebooks (fast_inference=True: vLLM inside the process, colocated, at from_pretrained's gpu_memory_utilization).
void ImportUnsloth(Reader& r) {
  const std::string load = "from_pretrained.";
  const bool grpo = HasPrefix(r.doc, "GRPOConfig.");
  const std::string cls = grpo ? "GRPOConfig" : "SFTConfig";
  r.ModelAt(load + "model_name");
  if (grpo) {
    r.imp.pairs.push_back({"goal", "grpo", cls, 0});
    r.imp.pairs.push_back({"rl_framework", "trl", "(GRPOTrainer)", 0});
    r.Get(load + "max_seq_length");  // the prompt and completion caps: GRPOConfig's max_completion_length below
  } else {
    r.imp.pairs.push_back({"goal", "finetune", "(SFTTrainer)", 0});  // Unsloth's SFT notebooks fine-tune
    r.IntOr(load + "max_seq_length", "seq", 2048);
  }
  bool four = true, full = false;  // from_pretrained's defaults: 4-bit loading, adapters
  const Entry* e4 = r.Get(load + "load_in_4bit");
  r.Bool(e4, four);
  const Entry* ef = r.Get(load + "full_finetuning");
  r.Bool(ef, full);
  const bool peft = r.doc.Find("get_peft_model.r") || r.doc.Find("get_peft_model.target_modules");
  r.Pair(ef ? ef : e4, "method", full || !peft ? "full" : four ? "qlora" : "lora");
  std::string dtype;
  const Entry* ed = r.Get(load + "dtype");
  if (ed && ed->value.kind != Value::Kind::Null && r.Text(ed, dtype))
    r.Prec(ed, dtype.find("float16") != std::string::npos && dtype.find("bfloat16") == std::string::npos
                   ? Precision::Fp16
               : dtype.find("float32") != std::string::npos ? Precision::Fp32
                                                            : Precision::Bf16);
  else
    r.Default("prec", "bf16");
  const Entry* eg =
      r.Get(peft ? "get_peft_model.use_gradient_checkpointing" : (load + "use_gradient_checkpointing").c_str());
  std::string mode = "unsloth";
  if (eg) eg->value.AsText(mode);
  if (mode != "unsloth" && mode != "true" && mode != "false") r.Bad(*eg, "True, False or \"unsloth\"");
  r.Recompute(eg, mode != "false");
  if (mode != "false") r.Pair(eg, "offload_act", mode == "unsloth" ? "1" : "0");
  r.Get(load + "use_gradient_checkpointing"), r.Get("get_peft_model.0");
  if (peft) LoraFields(r, "get_peft_model", "r");
  // SFTConfig's (or GRPOConfig's) training fields, with Unsloth's precision and checkpointing in charge.
  r.IntKey(cls + ".per_device_train_batch_size", "mbs");
  if (!r.doc.Find(cls + ".per_device_train_batch_size")) r.Default("mbs", "8");
  r.GradAccum(cls + ".gradient_accumulation_steps", 1);
  r.Steps(cls + ".max_steps");
  if (grpo) {
    GrpoFields(r, cls);
    bool fast = false;
    const Entry* efast = r.Get(load + "fast_inference");
    if (r.Bool(efast, fast) && fast) {  // vLLM in the trainer's process: colocated, its memory share from loading
      std::erase_if(r.imp.pairs, [](const LaunchPair& p) {
        return p.key == "rl_engine" || p.key == "rl_colocate" || p.key == "rl_kv_frac" || p.key == "rl_sleep";
      });
      r.Pair(efast, "rl_engine", "vllm");
      r.Pair(efast, "rl_colocate", "1");
      double frac = 0.5;  // FastLanguageModel.from_pretrained's gpu_memory_utilization default
      const Entry* eu = r.Get(load + "gpu_memory_utilization");
      r.Real(eu, frac);
      eu ? r.Pair(eu, "rl_kv_frac", Num(frac)) : r.Default("rl_kv_frac", "0.5");
      // Its standby (UNSLOTH_VLLM_STANDBY=1, set before importing unsloth) sleeps vLLM while the trainer runs, at a
      // memory fraction of its own (rl_setup.cpp); without it vLLM stays awake.
      std::string standby = "0";
      const Entry* esb = r.Get("os.environ.UNSLOTH_VLLM_STANDBY");
      r.Text(esb, standby);
      esb ? r.Pair(esb, "rl_sleep", standby == "0" ? "0" : "1") : r.Default("rl_sleep", "0");
    }
  }
  std::string optim = "adamw_torch";
  const Entry* eo = r.Get(cls + ".optim");
  r.Text(eo, optim);
  r.Opt(eo, optim);
  for (const char* k : {"bf16", "fp16", "max_length", "gradient_checkpointing"}) r.Get(cls + "." + k);
  r.Fixed({"tp", "pp", "cp", "ep", "zero", "offload"});
  r.Rest({(cls + ".").c_str(), "from_pretrained.", "get_peft_model."});
}

void ImportDeepSpeed(Reader& r) {
  long long micro = 1, ga = 1, total = 0;
  const Entry* em = r.Get("train_micro_batch_size_per_gpu");
  const Entry* eg = r.Get("gradient_accumulation_steps");
  const Entry* et = r.Get("train_batch_size");
  // The HF integration's "auto" leaves the value to the Trainer's arguments.
  auto is_auto = [](const Entry* e) { return e && e->value.kind == Value::Kind::Str && e->value.s == "auto"; };
  if (!is_auto(em) && r.Int(em, micro, 1)) r.Pair(em, "mbs", std::to_string(micro));
  if (!is_auto(eg)) r.Int(eg, ga, 1);
  if (!is_auto(et) && r.Int(et, total, 1)) {
    r.Pair(et, "gbs", std::to_string(total));
    // DeepSpeed checks train_batch_size = micro x accumulation x data-parallel ranks: the GPUs (no tp or pp here).
    if (em && eg && total % (micro * ga) == 0) r.Pair(et, "gpus", std::to_string(total / (micro * ga)));
  } else if (!is_auto(eg)) {
    r.imp.grad_accum = int(std::min<long long>(ga, 1000000));
  }
  bool bf16 = false, fp16 = false;
  const Entry* eb = r.Get("bf16.enabled");
  if (!eb) eb = r.Get("bfloat16.enabled");
  const Entry* ef = r.Get("fp16.enabled");
  if (!is_auto(eb)) r.Bool(eb, bf16);
  if (!is_auto(ef)) r.Bool(ef, fp16);
  r.Get("fp16.loss_scale"), r.Get("bf16"), r.Get("fp16");
  r.Prec(eb ? eb : ef, fp16 ? Precision::Fp16 : bf16 ? Precision::Bf16 : Precision::Fp32);
  long long stage = 0;
  const Entry* ez = r.Get("zero_optimization.stage");
  if (ez && (!r.Int(ez, stage) || stage > 3)) stage = 0;
  r.Pair(ez, "zero", std::to_string(stage));
  // MiCS: ZeRO-3 sharded within groups of mics_shard_size ranks (-1, its default: every rank).
  long long mics = -1;
  if (const Entry* em = r.Get("zero_optimization.mics_shard_size"); em && r.Int(em, mics, -1) && mics > 0)
    r.Pair(em, "dp_shard", std::to_string(mics));
  std::string device = "none";
  const Entry* eo = r.Get("zero_optimization.offload_optimizer.device");
  r.Text(eo, device);
  if (device != "none" && device != "cpu" && device != "nvme") r.Unknown(*eo, device), device = "none";
  r.Pair(eo, "offload", device);
  r.Get("zero_optimization.offload_param.device"), r.Get("zero_optimization.offload_optimizer.nvme_path");
  r.Get("zero_optimization.offload_param.nvme_path"), r.Get("zero_optimization");
  std::string opt = "AdamW";  // no optimizer section: the Trainer's (AdamW)
  const Entry* eopt = r.Get("optimizer.type");
  r.Text(eopt, opt);
  r.Opt(eopt, opt == "AdamW" || Lower(opt) == "adamw" || Lower(opt) == "adam" ? "AdamW" : opt);
  r.Fixed({"tp", "pp", "cp", "ep"});
  r.Rest();
}

void ImportTorchtune(Reader& r) {
  // torchtune's recipes fine-tune (full_finetune_*, lora_finetune_*); its preference recipes (a DPO or PPO loss) are
  // not read here.
  std::string loss;
  if (const Entry* el = r.doc.Find("loss._component_")) el->value.AsText(loss);
  if (loss.find("DPO") == std::string::npos && loss.find("PPO") == std::string::npos)
    r.imp.pairs.push_back({"goal", "finetune", "(torchtune recipe)", 0});
  std::string component;
  const Entry* em = r.Get("model._component_");
  if (r.Text(em, component)) {
    const std::string preset = launch::PresetOfTorchtuneBuilder(component);
    if (!preset.empty()) {
      r.Pair(em, "model", preset);
    } else {
      r.UnknownModel(*em, component);
    }
    const std::string stem = component.substr(component.find_last_of('.') + 1);
    r.Pair(em, "method", stem.rfind("qlora_", 0) == 0 ? "qlora" : stem.rfind("lora_", 0) == 0 ? "lora" : "full");
  }
  r.IntKey("model.lora_rank", "lora_r");
  r.Dora("model.use_dora");
  double dropout = 0;
  if (const Entry* e = r.Get("model.lora_dropout"); r.Real(e, dropout)) r.Pair(e, "lora_dropout", Num(dropout));
  r.Get("model.lora_alpha");
  if (const Entry* e = r.Get("model.lora_attn_modules")) {
    std::vector<std::string> modules = e->value.AsTexts();
    bool mlp = false;
    if (const Entry* m = r.Get("model.apply_lora_to_mlp"); r.Bool(m, mlp) && mlp) modules.push_back("mlp");
    r.Targets(e, modules);
  }
  r.Get("model.apply_lora_to_output"), r.Get("model.quantize_base");
  r.IntKey("tokenizer.max_seq_len", "seq");
  r.IntKey("batch_size", "mbs");
  r.GradAccum("gradient_accumulation_steps", 1);
  std::string dtype = "bf16";
  const Entry* ed = r.Get("dtype");
  r.Text(ed, dtype);
  if (dtype != "bf16" && dtype != "fp32") r.Bad(*ed, "bf16 or fp32");
  r.Prec(ed, dtype == "fp32" ? Precision::Fp32 : Precision::Bf16);
  bool ckpt = false, act = false, cpu = false, reshard = true, inbwd = false;
  const Entry* ec = r.Get("enable_activation_checkpointing");
  r.Bool(ec, ckpt);
  r.Recompute(ec, ckpt);
  if (const Entry* e = r.Get("enable_activation_offloading"); r.Bool(e, act) && ckpt)
    r.Pair(e, "offload_act", act ? "1" : "0");
  r.BoolKey("compile", "compile");
  std::string opt = "torch.optim.AdamW";
  const Entry* eo = r.Get("optimizer._component_");
  r.Text(eo, opt);
  r.Opt(eo, opt);
  r.Get("optimizer.fused"), r.Get("optimizer.lr"), r.Get("optimizer.weight_decay");
  if (const Entry* e = r.Get("optimizer_in_bwd"); r.Bool(e, inbwd)) r.Pair(e, "opt_in_bwd", inbwd ? "1" : "0");
  const Entry* er = r.Get("fsdp_reshard_after_forward");
  const Entry* eoff = r.Get("fsdp_cpu_offload");
  r.Bool(eoff, cpu);
  r.Pair(eoff, "offload", cpu ? "cpu" : "none");
  if (r.Bool(er, reshard))
    r.Pair(er, "zero", reshard ? "3" : "2");
  else
    r.imp.sharded_by_gpus = true;  // the recipe decides: FSDP2 full shard on several GPUs, nothing on one
  const Entry* etp = r.Get("tensor_parallel_dim");
  long long tp = 1;
  r.Int(etp, tp, 1);
  r.Pair(etp, "tp", std::to_string(tp));
  r.Fixed({"pp", "cp", "ep"});
  r.Rest();
}

void ImportAxolotl(Reader& r) {
  r.ModelAt("base_model");
  // Axolotl fine-tunes; its preference training (rl: dpo, ...) is not read here, and says so among the keys not mapped.
  if (!r.doc.Find("rl")) r.imp.pairs.push_back({"goal", "finetune", "(axolotl train)", 0});
  std::string adapter;
  const Entry* ea = r.Get("adapter");
  r.Text(ea, adapter);
  bool four = false;
  const Entry* e4 = r.Get("load_in_4bit");
  r.Bool(e4, four);
  if (!adapter.empty() && adapter != "lora" && adapter != "qlora") r.Unknown(*ea, adapter);
  const bool qlora = adapter == "qlora" || (adapter == "lora" && four);
  r.Pair(ea, "method", qlora ? "qlora" : adapter == "lora" ? "lora" : "full");
  r.IntKey("lora_r", "lora_r");
  r.Dora("peft_use_dora");
  r.Get("lora_alpha");
  double dropout = 0;
  if (const Entry* e = r.Get("lora_dropout"); r.Real(e, dropout)) r.Pair(e, "lora_dropout", Num(dropout));
  bool linear = false;
  if (const Entry* e = r.Get("lora_target_linear"); r.Bool(e, linear) && linear) r.Pair(e, "lora_targets", "all");
  if (const Entry* e = r.Get("lora_target_modules"); e && !linear) r.Targets(e, e->value.AsTexts());
  r.PeftTargets("lora_target_parameters");
  r.IntOr("sequence_len", "seq", 512);
  r.IntKey("micro_batch_size", "mbs");
  if (!r.doc.Find("micro_batch_size")) r.Default("mbs", "1");
  r.GradAccum("gradient_accumulation_steps", 1);
  r.Steps("max_steps");
  bool bf16 = true, fp16 = false;  // bf16: 'auto' (bf16 where the GPU has it)
  const Entry* eb = r.Get("bf16");
  const Entry* ef = r.Get("fp16");
  if (eb && !(eb->value.kind == Value::Kind::Str && eb->value.s == "auto")) r.Bool(eb, bf16);
  r.Bool(ef, fp16);
  r.Prec(eb ? eb : ef, fp16 ? Precision::Fp16 : bf16 ? Precision::Bf16 : Precision::Fp32);
  r.Get("tf32");
  r.BoolKey("torch_compile", "compile");
  const Entry* eg = r.Get("gradient_checkpointing");
  std::string ckpt = "false";
  if (eg) eg->value.AsText(ckpt);
  r.Recompute(eg, ckpt != "false");
  // The checkpoints to the host: gradient_checkpointing: offload, or activation_offloading (true, legacy, disk,
  // hidden_states) beside checkpointing (src/axolotl/core/trainers/mixins/activation_checkpointing.py,
  // loaders/patch_manager.py @067b021: TRL's OffloadActivations, or the legacy synchronous wrapper).
  bool offload_act = ckpt.rfind("offload", 0) == 0;
  if (const Entry* eo = r.Get("activation_offloading")) {
    std::string mode;  // true, or a mode's name; false or left empty (None) keeps them on the GPU
    bool on = false;
    if (!eo->value.AsBool(on) && r.Text(eo, mode)) on = !mode.empty();
    if (ckpt != "false" && on) offload_act = true, eg = eo;
  }
  if (ckpt != "false") r.Pair(eg, "offload_act", offload_act ? "1" : "0");
  // The loss without its logits: Cut Cross Entropy (the plugin, or cut_cross_entropy: true), Liger's fused linear
  // cross-entropy, or Axolotl's chunked cross-entropy (schemas/validation.py: at most one of them).
  for (const char* fused : {"cut_cross_entropy", "liger_fused_linear_cross_entropy", "chunked_cross_entropy"}) {
    bool on = false;
    if (const Entry* e = r.Get(fused); r.Bool(e, on) && on) r.imp.fused_loss = true;
  }
  if (const Entry* ep = r.Get("plugins"))
    for (const std::string& plugin : ep->value.AsTexts())
      if (plugin.find("CutCrossEntropyPlugin") != std::string::npos) r.imp.fused_loss = true;
  std::string optim = "adamw_torch_fused";
  const Entry* eo = r.Get("optimizer");
  r.Text(eo, optim);
  r.Opt(eo, optim);
  const Entry* ei = r.Get("attn_implementation");
  if (ei) Flash(r, ei);
  bool flash = false;
  if (const Entry* e = r.Get("flash_attention"); r.Bool(e, flash) && !ei) r.Pair(e, "flash", flash ? "1" : "0");
  const Entry* et = r.Get("tensor_parallel_size");
  long long tp = 1, cp = 1;
  r.Int(et, tp, 1);
  r.Pair(et, "tp", std::to_string(tp));
  const Entry* ec = r.Get("context_parallel_size");
  r.Int(ec, cp, 1);
  r.Pair(ec, "cp", std::to_string(cp));
  // ZeRO: a DeepSpeed config by its file name (axolotl's deepspeed_configs/zero*.json), or FSDP.
  std::string ds;
  const Entry* ed = r.Get("deepspeed");
  r.Text(ed, ds);
  const Entry* ev = r.Get("fsdp_version");
  if (!ev) ev = r.Get("fsdp_config.fsdp_version");
  bool reshard = true, off = false;
  const Entry* er = r.Get("fsdp_config.reshard_after_forward");
  r.Bool(er, reshard);
  const Entry* eoff = r.Get("fsdp_config.offload_params");
  r.Bool(eoff, off);
  r.Get("fsdp_config"), r.Get("fsdp");
  int zero = 0;
  if (ev || er) zero = reshard ? 3 : 2;
  for (int z = 1; z <= 3; ++z)
    if (ds.find("zero" + std::to_string(z)) != std::string::npos) zero = z;
  const bool ds_off = ds.find("offload") != std::string::npos;
  r.Pair(ed ? ed : ev, "zero", std::to_string(zero));
  r.Pair(eoff ? eoff : ed, "offload", off || ds_off ? "cpu" : "none");
  // QLoRA: Axolotl runs PEFT's prepare_model_for_kbit_training itself, but not under FSDP or DeepSpeed ZeRO-3
  // (loaders/model.py _prepare_model_for_quantization: "Make sure everything is in the same dtype").
  if (qlora)
    r.imp.pairs.push_back({"kbit_prep", ev || er || zero >= 3 ? "0" : "1", "(Axolotl's k-bit preparation)", 0});
  // Its quantize_moe_experts puts a mixture of experts' routed experts in 4 bits too (default false: 16-bit).
  bool experts4 = false;
  const Entry* eqm = r.Get("quantize_moe_experts");
  r.Bool(eqm, experts4);
  if (qlora && eqm) r.Pair(eqm, "qlora_experts", experts4 ? "1" : "0");
  r.Fixed({"pp", "ep"});
  r.Rest();
}

void ImportLlamaFactory(Reader& r) {
  r.ModelAt("model_name_or_path");
  std::string type = "lora";
  const Entry* et = r.Get("finetuning_type");
  r.Text(et, type);
  long long bits = 0;
  const Entry* eq = r.Get("quantization_bit");
  r.Int(eq, bits);
  r.Get("quantization_method"), r.Get("quantization_type"), r.Get("double_quantization");
  if (type != "lora" && type != "full") r.Unknown(*et, type);
  r.Pair(et, "method", type == "full" ? "full" : bits == 4 ? "qlora" : "lora");
  // QLoRA without PEFT's prepare_model_for_kbit_training (LLaMA-Factory never calls it; formats.cpp's rule).
  if (type != "full" && bits == 4)
    r.imp.pairs.push_back({"kbit_prep", "0", "(LLaMA-Factory: no k-bit preparation)", 0});
  std::string stage = "sft";
  const Entry* est = r.Get("stage");
  r.Text(est, stage);
  const bool dpo = stage == "dpo";
  if (stage == "pt" || stage == "sft") {
    r.Pair(est, "goal", stage == "pt" ? "pretrain" : "finetune");
  } else if (dpo) {
    // CustomDPOTrainer, a TRL DPOTrainer; a reference unless the loss is reference-free (FinetuningArguments:
    // use_ref_model = stage dpo and pref_loss not orpo or simpo; pref_loss defaults to sigmoid).
    r.Pair(est, "goal", "dpo");
    r.imp.pairs.push_back({"rl_framework", "trl", "(stage: dpo, a TRL DPOTrainer)", 0});
    std::string loss = "sigmoid";
    const Entry* el = r.Get("pref_loss");
    r.Text(el, loss);
    const bool ref = loss != "orpo" && loss != "simpo";
    el ? r.Pair(el, "rl_ref", ref ? "1" : "0") : r.Default("rl_ref", "1");
    r.Get("pref_beta"), r.Get("ref_model");
  } else if (est) {  // rm, ppo, kto: LLaMA-Factory's own trainers, not read here; said, not planned as another goal
    r.Unknown(*est, stage);
  }
  r.Get("do_train");
  long long rank = 8;
  const Entry* er = r.Get("lora_rank");
  r.Int(er, rank, 1);
  if (type == "lora") er ? r.Pair(er, "lora_r", std::to_string(rank)) : r.Default("lora_r", "8");
  r.Dora("use_dora");
  r.Get("lora_alpha");
  double dropout = 0;
  if (const Entry* e = r.Get("lora_dropout"); r.Real(e, dropout)) r.Pair(e, "lora_dropout", Num(dropout));
  if (const Entry* e = r.Get("lora_target"))
    r.Targets(e, e->value.AsTexts());
  else if (type == "lora")
    r.Default("lora_targets", "all");
  r.PeftTargets("");  // lora_target: nn.Linear modules only (find_all_linear_modules)
  std::string flash = "auto";
  const Entry* ef = r.Get("flash_attn");
  r.Text(ef, flash);
  r.Pair(ef, "flash", flash == "disabled" ? "0" : "1");
  r.IntOr("cutoff_len", "seq", 2048);
  r.IntKey("per_device_train_batch_size", "mbs");
  if (!r.doc.Find("per_device_train_batch_size")) r.Default("mbs", "8");
  if (dpo) r.MicroBatchOfPairs();
  r.GradAccum("gradient_accumulation_steps", 1);
  r.Steps("max_steps");
  // max_samples caps each dataset (it may hold fewer): read as its examples, with the epochs the file states.
  long long samples = 0;
  if (const Entry* e = r.Get("max_samples"); r.Int(e, samples, 1)) r.Pair(e, "examples", std::to_string(samples));
  double epochs = 0;
  if (const Entry* e = r.Get("num_train_epochs"); r.Real(e, epochs)) r.Pair(e, "epochs", Num(epochs));
  bool bf16 = false, fp16 = false, pure = false;
  const Entry* eb = r.Get("bf16");
  const Entry* e16 = r.Get("fp16");
  const Entry* ep = r.Get("pure_bf16");
  r.Bool(eb, bf16), r.Bool(e16, fp16), r.Bool(ep, pure);
  r.Prec(eb ? eb : e16 ? e16 : ep, fp16 ? Precision::Fp16 : bf16 || pure ? Precision::Bf16 : Precision::Fp32);
  std::string optim = "adamw_torch";
  const Entry* eo = r.Get("optim");
  r.Text(eo, optim);
  r.Opt(eo, optim);
  bool liger = false;
  if (const Entry* el = r.Get("enable_liger_kernel"); r.Bool(el, liger)) r.imp.fused_loss = liger;
  r.BoolKey("torch_compile", "compile");
  bool disable = false, enable = true;
  const Entry* ed = r.Get("disable_gradient_checkpointing");
  r.Bool(ed, disable);
  if (const Entry* eg = r.Get("gradient_checkpointing")) r.Bool(eg, enable);
  r.Recompute(ed, !disable);
  std::string ds;
  const Entry* eds = r.Get("deepspeed");
  r.Text(eds, ds);
  int zero = 0;
  for (int z = 1; z <= 3; ++z)
    if (ds.find("z" + std::to_string(z)) != std::string::npos ||
        ds.find("zero" + std::to_string(z)) != std::string::npos)
      zero = z;
  r.Pair(eds, "zero", std::to_string(zero));
  r.Pair(eds, "offload", ds.find("offload") != std::string::npos ? "cpu" : "none");
  r.Fixed({"tp", "pp", "cp", "ep"});
  r.Rest();
}

void ImportTorchtitan(Reader& r) {
  std::string name = "llama3", flavor = "debugmodel";
  const Entry* en = r.Get("model.name");
  const Entry* ef = r.Get("model.flavor");
  r.Text(en, name), r.Text(ef, flavor);
  const std::string preset = launch::PresetOfTorchtitan(name, flavor);
  if (!preset.empty()) {
    r.Pair(ef, "model", preset);
  } else if (ef) {
    r.UnknownModel(*ef, name + " " + flavor);
  }
  r.Get("model.hf_assets_path"), r.Get("model.tokenizer_path"), r.Get("job.description");
  bool fp8 = false;
  if (const Entry* e = r.Get("model.converters"))
    for (const std::string& c : e->value.AsTexts()) fp8 |= c.find("float8") != std::string::npos;
  std::string param = "bfloat16";
  const Entry* ep = r.Get("training.mixed_precision_param");
  r.Text(ep, param);
  r.Prec(ep, fp8 ? Precision::Fp8 : param == "float32" ? Precision::Fp32 : Precision::Bf16);
  r.Get("training.mixed_precision_reduce");
  long long local = 8, global = -1, seq = 2048, tp = 1, pp = 1, cp = 1, ep_deg = 1, rep = 1, shard = -1, micro = 1;
  const Entry* el = r.Get("training.local_batch_size");
  const Entry* eg = r.Get("training.global_batch_size");
  const Entry* es = r.Get("training.seq_len");
  r.Int(el, local, 1);
  if (eg) r.Int(eg, global, -1);
  r.Int(es, seq, 1);
  es ? r.Pair(es, "seq", std::to_string(seq)) : r.Default("seq", "2048");
  auto deg = [&](const char* key, long long& v, long long lo) {
    const Entry* e = r.Get(std::string("parallelism.") + key);
    if (e) r.Int(e, v, lo);
    return e;
  };
  const Entry* etp = deg("tensor_parallel_degree", tp, 1);
  const Entry* epp = deg("pipeline_parallel_degree", pp, 1);
  const Entry* ecp = deg("context_parallel_degree", cp, 1);
  const Entry* eep = deg("expert_parallel_degree", ep_deg, 1);
  const Entry* erep = deg("data_parallel_replicate_degree", rep, 1);
  const Entry* esh = deg("data_parallel_shard_degree", shard, -1);
  const Entry* emb = deg("pipeline_parallel_microbatch_size", micro, 1);
  r.Pair(etp, "tp", std::to_string(tp)), r.Pair(epp, "pp", std::to_string(pp)), r.Pair(ecp, "cp", std::to_string(cp));
  r.Pair(eep, "ep", std::to_string(ep_deg));
  std::string schedule = "1F1B";
  const Entry* esc = r.Get("parallelism.pipeline_parallel_schedule");
  r.Text(esc, schedule);
  long long per_stage = 0;
  const Entry* eps = r.Get("parallelism.pipeline_parallel_layers_per_stage");
  r.Int(eps, per_stage, 1);
  const int sched = launch::ScheduleOfTorchtitan(schedule);
  if (pp > 1 && (sched == int(PipeSchedule::Zbv) || sched == int(PipeSchedule::DualPipeV))) {
    // The V schedules: two stages per rank.
    r.Pair(esc, "pp_schedule", sched == int(PipeSchedule::Zbv) ? "zbv" : "dualpipev");
    r.Pair(esc, "vp", "2");
  } else if (pp > 1 && Lower(schedule).find("interleaved") != std::string::npos && per_stage > 0) {
    // Virtual stages per rank = layers / (pp x layers per stage), with the preset's layers.
    const ModelPreset* m = FindModel(preset);
    if (m && m->arch.layers % (pp * per_stage) == 0)
      r.Pair(eps, "vp", std::to_string(m->arch.layers / (pp * per_stage)));
  } else {
    r.Pair(esc, "vp", "1");
  }
  const long long mbs = pp > 1 ? micro : local;
  r.Pair(pp > 1 ? emb : el, "mbs", std::to_string(mbs));
  if (shard > 0) {
    const long long dp = rep * shard;
    r.Pair(esh, "gpus", std::to_string(dp * tp * pp * cp));
    const long long gbs = global > 0 ? global : local * dp;
    r.Pair(eg ? eg : el, "gbs", std::to_string(gbs));
    if (pp > 1 && local / std::max(1LL, micro) < gbs / std::max(1LL, mbs * dp))
      r.Pair(el, "pp_microbatches", std::to_string(local / std::max(1LL, micro)));
  } else if (global > 0) {
    r.Pair(eg, "gbs", std::to_string(global));
  } else {
    r.imp.grad_accum = 1;
  }
  std::string reshard = "default";
  const Entry* er = r.Get("parallelism.fsdp_reshard_after_forward");
  r.Text(er, reshard);
  // torchtitan shards with FSDP over data_parallel_shard x context_parallel ranks (parallel_dims.py fsdp_enabled:
  // dp_shard_enabled or cp_enabled).
  const bool sharded = shard != 1 || cp > 1;
  r.Pair(esh ? esh : erep, "zero", !sharded ? "0" : reshard == "never" ? "2" : "3");
  // HSDP: shard groups of data_parallel_shard_degree ranks, replicated data_parallel_replicate_degree times.
  if (sharded && rep > 1 && shard > 1) r.Pair(esh, "dp_shard", std::to_string(shard));
  bool cpu = false;
  const Entry* eoff = r.Get("training.enable_cpu_offload");
  r.Bool(eoff, cpu);
  r.Pair(eoff, "offload", cpu ? "cpu" : "none");
  bool flag = false;
  if (const Entry* ea = r.Get("parallelism.enable_async_tensor_parallel"); r.Bool(ea, flag) && flag)
    r.Pair(ea, "tp_overlap", "1");
  r.BoolKey("compile.enable", "compile");
  std::string mode = "selective";
  const Entry* em = r.Get("activation_checkpoint.mode");
  r.Text(em, mode);
  r.Get("activation_checkpoint.selective_ac_option");
  if (mode != "selective" && mode != "full" && mode != "none") r.Unknown(*em, mode), mode = "selective";
  r.Pair(em, "recompute", mode);
  std::string opt = "AdamW";
  const Entry* eo = r.Get("optimizer.name");
  r.Text(eo, opt);
  r.Opt(eo, opt);
  r.Steps("training.steps");
  r.Rest();
}

// The stages of a --pipeline-model-parallel-layout ("Et*3|(tt|)*29,m|L": its '|'-separated stages once "(...)*n" and
// "x*n" are unrolled, as pipeline_parallel_layer_layout.py parse_str_to_list does); 0 for a malformed one. Bounded:
// at most 100,000 characters unrolled.
long long MegatronLayoutStages(std::string text) {
  text.erase(std::remove(text.begin(), text.end(), ','), text.end());
  for (int pass = 0; pass < 64; ++pass) {  // innermost "(...)*n" first
    const size_t close = text.find(")*");
    if (close == std::string::npos) break;
    const size_t open = text.rfind('(', close);
    if (open == std::string::npos) return 0;
    size_t end = close + 2;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    if (end == close + 2 || end - close > 8) return 0;
    const long long n = std::stoll(text.substr(close + 2, end - close - 2));
    const std::string body = text.substr(open + 1, close - open - 1);
    if (n * (long long)body.size() > 100000) return 0;
    std::string unrolled;
    for (long long i = 0; i < n; ++i) unrolled += body;
    text = text.substr(0, open) + unrolled + text.substr(end);
  }
  if (text.find('(') != std::string::npos || text.find(')') != std::string::npos) return 0;
  // "x*n" repeats one layer inside a stage and adds no separator: only '|' counts.
  long long stages = 1;
  for (char c : text) {
    if (c == '|')
      ++stages;
    else if (!(c == 'E' || c == 'L' || c == 't' || c == 'm' || c == '*' || std::isdigit(static_cast<unsigned char>(c))))
      return 0;
  }
  return stages;
}

// The run's length: --train-iters, or --train-samples (Megatron-LM's examples), train_samples // global_batch_size
// steps (megatron/training/training.py), the run's tokens at the sequence length.
void MegatronSteps(Reader& r) {
  r.Steps("--train-iters");
  long long samples = 0;
  double batch = 0;
  const Entry* egbs = r.doc.Find("--global-batch-size");
  if (const Entry* e = r.Get("--train-samples");
      r.Int(e, samples, 1) && egbs && egbs->value.AsNumber(batch) && batch >= 1 && r.imp.steps <= 0)
    r.imp.steps = std::max(1.0, std::floor(double(samples) / batch));
}

// The settings Megatron-LM's arguments carry besides the layout, as the keys the planner models them with.
void ImportMegatronSettings(Reader& r) {
  std::string recipe;
  if (const Entry* er = r.Get("--fp8-recipe"); r.Text(er, recipe))
    r.Pair(er, "fp8_recipe", recipe == "blockwise" ? "block" : recipe == "mxfp8" ? "mxfp8" : "tensor");
  if (r.Switch("--fp8-param-gather")) r.Pair(r.doc.Find("--fp8-param-gather"), "fp8_params", "1");
  // The gradient buffer in bf16 (--grad-reduce-in-bf16, or --main-grads-dtype bf16): Megatron-LM's arguments.py
  // accumulates and reduces in fp32 under --bf16 otherwise (the grad_fp32 key's auto).
  std::string main_grads;
  const Entry* em = r.Get("--main-grads-dtype");
  r.Text(em, main_grads);
  if (r.Switch("--grad-reduce-in-bf16"))
    r.Pair(r.doc.Find("--grad-reduce-in-bf16"), "grad_fp32", "0");
  else if (em && main_grads == "bf16")
    r.Pair(em, "grad_fp32", "0");
  // flex (DeepEP) deduplicates the copies; alltoall is the planner's own on auto.
  std::string dispatcher;
  if (const Entry* ed = r.Get("--moe-token-dispatcher-type"); r.Text(ed, dispatcher) && dispatcher == "flex")
    r.Pair(ed, "ep_dedup", "1");
  std::string cp_comm;
  if (const Entry* ec = r.Get("--cp-comm-type"); r.Text(ec, cp_comm))
    r.Pair(ec, "cp_comm",
           cp_comm == "a2a"                                    ? "a2a"
           : cp_comm == "all_gather" || cp_comm == "allgather" ? "all_gather"
                                                               : "p2p");
  if (r.Switch("--tp-comm-overlap")) r.Pair(r.doc.Find("--tp-comm-overlap"), "tp_overlap", "1");
  double capacity = 0;
  if (const Entry* ecf = r.Get("--moe-expert-capacity-factor"); r.Real(ecf, capacity) && capacity > 0)
    r.Pair(ecf, "moe_capacity", Num(capacity));
  if (r.Switch("--moe-pad-expert-input-to-capacity"))
    r.Pair(r.doc.Find("--moe-pad-expert-input-to-capacity"), "moe_pad", "1");
  std::string graphs;
  if (const Entry* eg = r.Get("--cuda-graph-impl"); r.Text(eg, graphs))
    r.Pair(eg, "full_graphs", graphs == "full_iteration" ? "1" : "0");
  // The split with the embedding and the loss counted is the planner's own for such a layout (nothing to set); a
  // layout string's virtual stages per rank are its vp (its split the planner's own again, as exported).
  r.Get("--account-for-embedding-in-pipeline-split"), r.Get("--account-for-loss-in-pipeline-split");
  std::string layout;
  long long pp = 1;
  if (const Entry* ep = r.doc.Find("--pipeline-model-parallel-size")) r.Int(ep, pp, 1);
  if (const Entry* el = r.Get("--pipeline-model-parallel-layout"); r.Text(el, layout)) {
    const long long stages = MegatronLayoutStages(layout);
    if (stages > 0 && pp > 0 && stages % pp == 0)
      r.Pair(el, "vp", std::to_string(stages / pp));
    else
      r.Bad(*el, "a layout of pp x vp stages (E, t, L, |, (...)*n)");
  }
  if (r.Switch("--overlap-moe-expert-parallel-comm"))
    r.Pair(r.doc.Find("--overlap-moe-expert-parallel-comm"), "moe_a2a_overlap", "1");
}

// Megatron-Core's recomputation (TransformerConfig's recompute_granularity, recompute_method, recompute_num_layers,
// recompute_modules) as a file spells it: Megatron-LM's flags ("--recompute-granularity"), or verl's Megatron actor's
// override_transformer_config ("...recompute_granularity"). Under selective, recompute_modules (default core_attn):
// the modules the plan has keys for; selective without core_attn is the plan's selective too (with FlashAttention
// core_attn frees nothing it counts). No granularity is none, Megatron-Core's default.
void ImportMegatronRecompute(Reader& r, const std::string& prefix, bool flags) {
  auto key = [&](std::string field) {
    if (flags) std::replace(field.begin(), field.end(), '_', '-');
    return prefix + (flags ? "recompute-" : "recompute_") + field;
  };
  std::string granularity;
  const Entry* eg = r.Get(key("granularity"));
  r.Text(eg, granularity);
  r.Get(key("method")), r.Get(key("num_layers"));
  if (const Entry* em = r.Get(key("modules")); em && granularity == "selective") {
    const std::vector<std::string> modules = em->value.AsTexts();
    auto has = [&](const char* m) { return std::find(modules.begin(), modules.end(), m) != modules.end(); };
    r.Pair(em, "recompute_mla_up", has("mla_up_proj") ? "1" : "0");
    r.Pair(em, "recompute_moe_act", has("moe_act") ? "1" : "0");
  }
  if (granularity == "full" || granularity == "selective")
    r.Pair(eg, "recompute", granularity);
  else if (eg && granularity != "null" && granularity != "None" && !granularity.empty())
    r.Unknown(*eg, granularity);
  else
    eg ? r.Pair(eg, "recompute", "none") : r.Default("recompute", "none");
}

void ImportMegatron(Reader& r) {
  auto num = [&](const char* flag, long long& v, long long lo = 1) {
    const Entry* e = r.Get(flag);
    return e && r.Int(e, v, lo) ? e : nullptr;
  };
  std::string tokenizer;
  const Entry* etm = r.Get("--tokenizer-model");
  r.Text(etm, tokenizer);
  r.Get("--tokenizer-type");
  const char* preset_id = tokenizer.empty() ? nullptr : PresetOfHfId(tokenizer);
  const ModelPreset* preset = preset_id ? FindModel(preset_id) : nullptr;
  if (preset) {
    r.Pair(etm, "model", preset->id);
  } else {
    r.Pair(r.doc.Find("--num-layers"), "model", "custom");
    // A repository or a path names the model; a word does not (Megatron-LM's examples pass "MOCK" for mock data).
    if (tokenizer.find('/') != std::string::npos && ValidModelName(tokenizer)) r.Pair(etm, "name", tokenizer);
  }
  // The dimensions: each one that differs from the preset's (all of them for a custom model).
  auto dim = [&](const char* flag, const char* key, int preset_value) {
    long long v = 0;
    if (const Entry* e = num(flag, v); e && (!preset || v != preset_value)) r.Pair(e, key, std::to_string(v));
  };
  const ModelArch a = preset ? preset->arch : ModelArch{};
  dim("--num-layers", "layers", a.layers);
  dim("--hidden-size", "hidden", a.hidden);
  dim("--num-attention-heads", "heads", a.heads);
  const bool gqa = r.Switch("--group-query-attention");
  long long groups = 0;
  const Entry* eq = num("--num-query-groups", groups);
  if (gqa && eq && (!preset || groups != a.kv_heads)) r.Pair(eq, "kv_heads", std::to_string(groups));
  dim("--ffn-hidden-size", "ffn", a.ffn);
  dim("--kv-channels", "head_dim", a.head_dim > 0 ? a.head_dim : (a.heads ? a.hidden / a.heads : 0));
  dim("--vocab-size", "vocab", a.vocab);
  const bool swiglu = r.Switch("--swiglu");
  if (!preset || swiglu != (a.mlp == MlpKind::Swiglu))
    r.Pair(r.doc.Find("--swiglu"), "act", swiglu ? "swiglu" : "gelu");
  const bool untied = r.Switch("--untie-embeddings-and-output-weights");
  if (!preset || untied == a.tied)
    r.Pair(r.doc.Find("--untie-embeddings-and-output-weights"), "tied", untied ? "0" : "1");
  long long experts = 0, topk = 0, moe_ffn = 0, shared = 0;
  if (num("--num-experts", experts) && (!preset || experts != a.experts))
    r.Pair(r.doc.Find("--num-experts"), "experts", std::to_string(experts));
  if (num("--moe-router-topk", topk) && (!preset || topk != a.topk))
    r.Pair(r.doc.Find("--moe-router-topk"), "topk", std::to_string(topk));
  if (num("--moe-ffn-hidden-size", moe_ffn) && (!preset || moe_ffn != a.moe_ffn))
    r.Pair(r.doc.Find("--moe-ffn-hidden-size"), "moe_ffn", std::to_string(moe_ffn));
  if (num("--moe-shared-expert-intermediate-size", shared) && moe_ffn > 0 && shared % moe_ffn == 0 &&
      (!preset || shared / moe_ffn != a.shared_experts))
    r.Pair(r.doc.Find("--moe-shared-expert-intermediate-size"), "shared_experts", std::to_string(shared / moe_ffn));
  for (const char* f :
       {"--position-embedding-type", "--normalization", "--disable-bias-linear", "--add-qkv-bias", "--qk-layernorm",
        "--moe-grouped-gemm", "--multi-latent-attention", "--q-lora-rank", "--kv-lora-rank", "--qk-head-dim",
        "--qk-pos-emb-head-dim", "--v-head-dim", "--max-position-embeddings"})
    r.Get(f);  // the preset's, or details of the architecture the plan takes from its dimensions
  long long seq = 0;
  if (const Entry* e = num("--seq-length", seq)) r.Pair(e, "seq", std::to_string(seq));
  double dropout = 0;
  if (const Entry* e = r.Get("--hidden-dropout"); r.Real(e, dropout)) r.Pair(e, "dropout", Num(dropout));
  r.Get("--attention-dropout");
  r.IntKey("--micro-batch-size", "mbs");
  r.IntKey("--global-batch-size", "gbs");
  MegatronSteps(r);
  const bool bf16 = r.Switch("--bf16"), fp16 = r.Switch("--fp16");
  std::string fp8;
  const Entry* e8 = r.Get("--fp8-format");
  r.Text(e8, fp8);
  r.Prec(r.doc.Find("--bf16") ? r.doc.Find("--bf16") : r.doc.Find("--fp16"), !fp8.empty() ? Precision::Fp8
                                                                             : bf16       ? Precision::Bf16
                                                                             : fp16       ? Precision::Fp16
                                                                                          : Precision::Fp32);
  // Each degree read before its pair is made (a function's arguments are evaluated in no set order).
  for (const auto& [flag, key] : {std::pair{"--tensor-model-parallel-size", "tp"},
                                  {"--pipeline-model-parallel-size", "pp"},
                                  {"--num-virtual-stages-per-pipeline-rank", "vp"},
                                  {"--context-parallel-size", "cp"},
                                  {"--expert-model-parallel-size", "ep"}}) {
    long long degree = 1;
    const Entry* e = num(flag, degree);
    r.Pair(e, key, std::to_string(degree));
  }
  r.Pair(r.doc.Find("--sequence-parallel"), "sp", r.Switch("--sequence-parallel") ? "1" : "0");
  ImportMegatronSettings(r);
  std::string strategy = "optim_grads_params";
  const bool fsdp = r.Switch("--use-megatron-fsdp");
  const Entry* es = r.Get("--data-parallel-sharding-strategy");
  r.Text(es, strategy);
  const bool dist = r.Switch("--use-distributed-optimizer");
  const int zero = fsdp   ? (strategy == "optim_grads" ? 2
                             : strategy == "optim"     ? 1
                             : strategy == "no_shard"  ? 0
                                                       : 3)
                   : dist ? 1
                          : 0;
  r.Pair(r.doc.Find(fsdp ? "--use-megatron-fsdp" : "--use-distributed-optimizer"), "zero", std::to_string(zero));
  // The partial distributed optimizer: dp_shard = dp / instances, once the GPU count is known (FinishLaunchImport).
  long long instances = 1;
  if (const Entry* ei = r.Get("--num-distributed-optimizer-instances"); r.Int(ei, instances, 1) && instances > 1)
    r.imp.shard_replicas = int(std::min<long long>(instances, 1000000));
  r.Pair(r.doc.Find("--optimizer-cpu-offload"), "offload", r.Switch("--optimizer-cpu-offload") ? "cpu" : "none");
  ImportMegatronRecompute(r, "--", true);
  std::string backend = "auto";
  const Entry* eb = r.Get("--attention-backend");
  r.Text(eb, backend);
  const bool legacy_flash = r.Switch("--use-flash-attn");
  r.Pair(eb ? eb : r.doc.Find("--use-flash-attn"), "flash", backend == "unfused" && !legacy_flash ? "0" : "1");
  std::string opt = "adam";
  const Entry* eo = r.Get("--optimizer");
  r.Text(eo, opt);
  r.Opt(eo, opt);
  LauncherGpus(r);
  r.Rest();
}

// verl's offload flags (its scripts set them together: the actor's parameters, gradients and optimizer states) as
// the one offload key: cpu when any is on, its source the first the file gives.
// verl's actor offload between phases (param, grad, optimizer offload: rl_park) and the optimizer on the CPU itself
// (FSDP2's offload_policy, Megatron's override_optimizer_config.optimizer_cpu_offload: offload=cpu).
void ImportVerlOffload(Reader& r, const std::string& a) {
  bool off = false, any = false;
  const Entry* source = nullptr;
  for (const char* k : {"fsdp_config.param_offload", "fsdp_config.optimizer_offload", "megatron.param_offload",
                        "megatron.grad_offload", "megatron.optimizer_offload"})
    if (const Entry* e = r.Get(a + k); r.Bool(e, off)) {
      any = any || off;
      if (!source) source = e;
    }
  r.Get("actor_rollout_ref.ref.fsdp_config.param_offload");
  r.Pair(source, "rl_park", any ? "1" : "0");
  bool cpu = false, policy = false, megatron_cpu = false;
  const Entry* ep = r.Get(a + "fsdp_config.offload_policy");
  const Entry* em = r.Get(a + "optim.override_optimizer_config.optimizer_cpu_offload");
  cpu = (r.Bool(ep, policy) && policy) || (r.Bool(em, megatron_cpu) && megatron_cpu);
  r.Pair(policy ? ep : megatron_cpu ? em : source, "offload", cpu ? "cpu" : "none");
}

// verl's FSDP actor: Ulysses as context parallelism; FULL_SHARD (zero=3) or, with fsdp_config.reshard_after_forward
// false, SHARD_GRAD_OP (zero=2: fsdp_workers.py get_sharding_strategy@b178a3c).
// fsdp_config.fsdp_size (-1: every rank) makes the device mesh (ddp, fsdp) = (world / fsdp_size, fsdp_size), the
// Ulysses ranks inside each FSDP group: hybrid sharding, dp_shard = fsdp_size / ulysses_sequence_parallel_size (the
// groups as verl's scripts size them, 8 GPUs over Ulysses 4; fsdp_size 2 under Ulysses 4 is read as a notice).
void ImportVerlFsdpLayout(Reader& r, const std::string& a) {
  long long sp = 1, fsdp_size = -1;
  const Entry* eu = r.Get(a + "ulysses_sequence_parallel_size");
  if (r.Int(eu, sp, 1)) r.Pair(eu, "cp", std::to_string(sp));
  if (const Entry* ef = r.Get(a + "fsdp_config.fsdp_size"); ef && r.Int(ef, fsdp_size, -1) && fsdp_size > 0) {
    // A group smaller than (or across) the Ulysses group is one dp_shard (groups of dp_shard x cp ranks) cannot say:
    // a notice, and the plan shards over every rank.
    if (fsdp_size % sp == 0)
      r.Pair(ef, "dp_shard", std::to_string(fsdp_size / sp));
    else
      r.Unknown(*ef, std::to_string(fsdp_size) + " (not a multiple of ulysses_sequence_parallel_size)");
  }
  r.Fixed({"tp", "pp", "ep"});
  bool reshard = true;
  if (const Entry* e = r.Get(a + "fsdp_config.reshard_after_forward"); r.Bool(e, reshard))
    r.Pair(e, "zero", reshard ? "3" : "2");
  else
    r.imp.pairs.push_back({"zero", "3", "(verl FSDP full shard)", 0});
}

// verl's rollout.quantization: null (16-bit weights) or fp8 (its vLLM and SGLang rollouts) as rl_gen_prec; torchao
// and the rest are not planned.
void ImportVerlRolloutQuantization(Reader& r, const std::string& ro) {
  std::string quant;
  const Entry* e = r.Get(ro + "quantization");
  if (!e || e->value.kind == Value::Kind::Null || !r.Text(e, quant)) return;
  if (quant == "fp8")
    r.Pair(e, "rl_gen_prec", "fp8");
  else if (quant != "null" && !quant.empty())
    r.Unknown(*e, quant);
}

// verl's LoRA: the FSDP actor's PEFT rank (model.lora_rank), or the Megatron actor's (Megatron-Bridge's, model.lora.*:
// rank 0 = off, every linear layer by default, _generated_ppo_megatron_trainer.yaml @b178a3c).
void ImportVerlLora(Reader& r) {
  long long rank = 0;
  const Entry* el = r.Get("actor_rollout_ref.model.lora_rank");
  const Entry* em_rank = r.Get("actor_rollout_ref.model.lora.rank");
  if (!el && em_rank) {
    el = em_rank;
    r.Get("actor_rollout_ref.model.lora.alpha");
  }
  r.Int(el, rank);
  r.Pair(el, "method", rank > 0 ? "lora" : "full");
  if (rank > 0) r.Pair(el, "lora_r", std::to_string(rank));
  if (rank > 0 && el == em_rank) r.Pair(el, "lora_targets", "all");
  if (rank > 0 && el != em_rank) r.PeftTargets("");  // the FSDP actor's PEFT: target_modules (all-linear by default)
}

// Recomputation: the Transformers model's gradient checkpointing on the FSDP actor (default true, model/hf_model.yaml);
// Megatron's override_transformer_config on the Megatron actor (default none, engine/megatron.yaml @b178a3c), which
// does not read the model's flag.
void ImportVerlRecompute(Reader& r, const std::string& a, bool megatron) {
  const Entry* ec = r.Get("actor_rollout_ref.model.enable_gradient_checkpointing");
  if (megatron) {
    ImportMegatronRecompute(r, a + "megatron.override_transformer_config.", false);
  } else {
    bool ckpt = true;
    r.Bool(ec, ckpt);
    ec ? r.Recompute(ec, ckpt) : r.Default("recompute", "full");
  }
}

// verl's Megatron actor: Megatron-Core's distributed optimizer (ZeRO-1, verl's default: engine/megatron.yaml
// @b178a3c), and its parallel degrees.
void ImportVerlMegatronLayout(Reader& r, const std::string& a) {
  bool distributed = true;
  const Entry* ez = r.Get(a + "megatron.use_distributed_optimizer");
  r.Bool(ez, distributed);
  ez ? r.Pair(ez, "zero", distributed ? "1" : "0") : r.Default("zero", "1");
  r.IntKey(a + "megatron.tensor_model_parallel_size", "tp");
  r.IntKey(a + "megatron.pipeline_model_parallel_size", "pp");
  r.IntKey(a + "megatron.context_parallel_size", "cp");
  r.IntKey(a + "megatron.expert_model_parallel_size", "ep");
}

// verl's main_ppo (issue #32): the Hydra config back as the RL keys. What it leaves out takes verl's default
// (_generated_ppo_trainer.yaml@b178a3c: adv_estimator gae, gradient checkpointing on, no KL loss, rollout.n 1,
// max_num_seqs 256, FSDP full shard, 8 GPUs on one node); the mean response is not a config key (give it again).
void ImportVerl(Reader& r) {
  r.Get("hydra.searchpath"), r.Get("defaults"), r.Get("hydra");
  std::string adv = "gae";
  const Entry* ea = r.Get("algorithm.adv_estimator");
  r.Text(ea, adv);
  if (adv == "gae")
    ea ? r.Pair(ea, "goal", "ppo") : r.Default("goal", "ppo");
  else if (adv == "grpo" || adv == "rloo" || adv == "reinforce_plus_plus" || adv == "remax")
    r.Pair(ea, "goal", "grpo");
  else
    r.Unknown(*ea, adv);
  r.Get("algorithm.use_kl_in_reward");
  r.IntKey("data.train_batch_size", "rl_prompts");
  r.IntKey("data.max_prompt_length", "rl_prompt_len");
  r.IntKey("data.max_response_length", "rl_max_response_len");
  r.ModelAt("actor_rollout_ref.model.path");
  r.Get("actor_rollout_ref.model.use_remove_padding"), r.Get("actor_rollout_ref.model.lora_alpha");
  ImportVerlLora(r);
  const std::string a = "actor_rollout_ref.actor.";
  std::string strategy = "fsdp";
  const Entry* es = r.Get(a + "strategy");
  r.Text(es, strategy);
  const bool megatron = strategy == "megatron";
  if (!megatron && strategy != "fsdp" && strategy != "fsdp2" && es) r.Unknown(*es, strategy);
  r.Pair(es, "stack", megatron ? "megatron" : "fsdp");
  ImportVerlRecompute(r, a, megatron);
  long long prompts = 1024, mini = 256;
  if (const Entry* e = r.doc.Find("data.train_batch_size")) r.Int(e, prompts, 1);
  const Entry* em = r.Get(a + "ppo_mini_batch_size");
  r.Int(em, mini, 1);
  r.Pair(em, "rl_updates", std::to_string(std::max(1LL, prompts / std::max(1LL, mini))));
  // Dynamic batches (use_dynamic_bsz): micro-batches as tokens per GPU, which verl multiplies by the Ulysses or
  // context-parallel size (dp_actor.py update_policy, megatron_actor.py): rl_mb_tokens is the replica's whole
  // micro-batch. The micro-batch sizes in sequences are then not used (verl ignores them).
  double split = 1;
  if (const Entry* e = r.doc.Find(a + (megatron ? "megatron.context_parallel_size" : "ulysses_sequence_parallel_size")))
    if (!e->value.AsNumber(split) || split < 1) split = 1;
  auto budget = [&](const std::string& on, const std::string& tokens, const char* key) {
    bool dynamic = false;
    const Entry* ed = r.Get(on);
    if (!r.Bool(ed, dynamic) || !dynamic) return false;
    long long per_gpu = 16384;  // verl's default (_generated_ppo_trainer.yaml @b178a3c)
    const Entry* et = r.Get(tokens);
    r.Int(et, per_gpu, 1);
    r.Pair(et ? et : ed, key, std::to_string((long long)(per_gpu * split)));
    return true;
  };
  const std::string ro0 = "actor_rollout_ref.rollout.";
  if (budget(a + "use_dynamic_bsz", a + "ppo_max_token_len_per_gpu", "rl_mb_tokens"))
    r.Get(a + "ppo_micro_batch_size_per_gpu");
  else
    r.IntKey(a + "ppo_micro_batch_size_per_gpu", "mbs");
  if (budget(ro0 + "log_prob_use_dynamic_bsz", ro0 + "log_prob_max_token_len_per_gpu", "rl_logprob_mb_tokens"))
    r.Get(ro0 + "log_prob_micro_batch_size_per_gpu");
  else
    r.IntKey(ro0 + "log_prob_micro_batch_size_per_gpu", "rl_logprob_mbs");
  // The reference's passes repeat the rollout worker's (the planner has one log-probability micro-batch).
  for (const char* k :
       {"log_prob_micro_batch_size_per_gpu", "log_prob_use_dynamic_bsz", "log_prob_max_token_len_per_gpu"})
    r.Get(std::string("actor_rollout_ref.ref.") + k);
  bool kl = false;
  const Entry* ek = r.Get(a + "use_kl_loss");
  r.Bool(ek, kl);
  ek ? r.Pair(ek, "rl_ref", kl ? "1" : "0") : r.Default("rl_ref", "0");
  ImportVerlOffload(r, a);
  if (megatron) {
    ImportVerlMegatronLayout(r, a);
  } else {
    ImportVerlFsdpLayout(r, a);
  }
  const std::string ro = "actor_rollout_ref.rollout.";
  std::string engine = "vllm";
  const Entry* en = r.Get(ro + "name");
  r.Text(en, engine);
  if (engine == "vllm" || engine == "sglang" || engine == "hf")
    r.Pair(en, "rl_engine", engine);
  else if (en)
    r.Unknown(*en, engine);
  r.IntKey(ro + "n", "rl_samples");
  double frac = 0;
  if (const Entry* e = r.Get(ro + "gpu_memory_utilization"); r.Real(e, frac)) r.Pair(e, "rl_kv_frac", Num(frac));
  r.IntKey(ro + "tensor_model_parallel_size", "rl_rollout_tp");
  ImportVerlRolloutQuantization(r, ro);
  r.IntOr(ro + "max_num_seqs", "rl_max_seqs", 256);
  r.Take("critic.");
  bool reward = false;
  if (const Entry* e = r.Get("reward_model.enable"); r.Bool(e, reward) && reward)
    r.RewardModel(r.Get("reward_model.model.path"));
  long long per_node = 8, nodes = 1;
  const Entry* eg = r.Get("trainer.n_gpus_per_node");
  r.Int(eg, per_node, 1);
  const Entry* enn = r.Get("trainer.nnodes");
  r.Int(enn, nodes, 1);
  r.Pair(eg, "gpus", std::to_string(per_node * nodes));
  if (nodes > 1) r.Pair(eg, "gpus_per_node", std::to_string(per_node));
  r.IntKey("trainer.total_training_steps", "rl_steps");
  r.imp.pairs.push_back({"rl_colocate", "1", "(verl main_ppo hybrid engine)", 0});
  r.imp.pairs.push_back({"rl_framework", "verl", "(verl main_ppo)", 0});
  r.Rest();
}

// OpenRLHF (issue #32): the DeepSpeed flags train_ppo_ray, train_dpo and train_sft share, each absent one at its
// argparse default (train_ppo_ray.py@3c3be62: ZeRO-2, bf16, flash_attention_2, no checkpointing, no LoRA); the
// optimizer is the actor's (--actor.optim) in train_ppo_ray, the model's (--optim) in train_dpo and train_sft.
void OpenrlhfDeepSpeed(Reader& r, const char* checkpointing, const char* optim_flag) {
  auto flag = [&](const char* f) {
    bool v = false;
    const Entry* e = r.Get(f);
    return e && r.Bool(e, v) && v;
  };
  r.IntOr("--ds.zero_stage", "zero", 2, 0);
  r.Pair(r.doc.Find("--ds.adam_offload"), "offload", flag("--ds.adam_offload") ? "cpu" : "none");
  std::string dtype = "bf16";
  const Entry* ed = r.Get("--ds.param_dtype");
  r.Text(ed, dtype);
  if (dtype == "bf16" || dtype == "fp16")
    r.Prec(ed, dtype == "fp16" ? Precision::Fp16 : Precision::Bf16);
  else
    r.Bad(*ed, "bf16 or fp16");  // argparse's choices
  std::string attn = "flash_attention_2";
  const Entry* ea = r.Get("--ds.attn_implementation");
  r.Text(ea, attn);
  r.Pair(ea, "flash", attn == "eager" ? "0" : "1");
  r.Get("--ds.packing_samples"), r.Get("--ref.offload");
  long long tp = 1, cp = 1;
  const Entry* et = r.Get("--ds.tensor_parallel_size");
  r.Int(et, tp, 1);
  r.Pair(et, "tp", std::to_string(tp));
  const Entry* ec = r.Get("--ds.ring_attn_size");
  r.Int(ec, cp, 1);
  r.Pair(ec, "cp", std::to_string(cp));
  r.Fixed({"pp", "ep"});
  r.Pair(r.doc.Find(checkpointing), "recompute", flag(checkpointing) ? "full" : "none");
  long long rank = 0;
  const Entry* el = r.Get("--ds.lora.rank");
  r.Int(el, rank);
  const bool four_bit = flag("--ds.load_in_4bit");
  r.Pair(el, "method", rank > 0 ? (four_bit ? "qlora" : "lora") : "full");
  if (rank > 0) {
    r.Pair(el, "lora_r", std::to_string(rank));
    r.Get("--ds.lora.alpha");
    double dropout = 0;
    if (const Entry* e = r.Get("--ds.lora.dropout"); r.Real(e, dropout)) r.Pair(e, "lora_dropout", Num(dropout));
    const Entry* em = r.Get("--ds.lora.target_modules");
    em ? r.Targets(em, em->value.AsTexts()) : r.Default("lora_targets", "all");
    r.PeftTargets("");  // PEFT's LoraConfig(target_modules=...) only
  }
  std::string optim = "adam";
  const Entry* eo = r.Get(optim_flag);
  r.Text(eo, optim);
  optim == "adam" ? r.Pair(eo, "opt", "adamw") : r.Unknown(*eo, optim);
}

// The GPUs of train_ppo_ray: the actor's pool (every DeepSpeed model with it when colocated), and the vLLM engines
// on it (--train.colocate_all without --train.async_enable) or on GPUs of their own (split pools).
void OpenrlhfPlacement(Reader& r) {
  auto flag = [&](const char* f) {
    bool v = false;
    const Entry* e = r.Get(f);
    return e && r.Bool(e, v) && v;
  };
  long long nodes = 1, per_node = 8, engines = 0, tp = 1;
  const Entry* en = r.Get("--actor.num_nodes");
  r.Int(en, nodes, 1);
  const Entry* eg = r.Get("--actor.num_gpus_per_node");
  r.Int(eg, per_node, 1);
  for (const char* role : {"ref", "critic", "reward"})
    r.Get(std::string("--") + role + ".num_nodes"), r.Get(std::string("--") + role + ".num_gpus_per_node");
  const bool all = flag("--train.colocate_all"), async = flag("--train.async_enable");
  const bool partial = flag("--train.partial_rollout_enable");
  r.Get("--train.colocate_actor_ref"), r.Get("--vllm.enable_sleep");
  // DeepSpeed's sleep between fits (ppo_trainer.py _run_sleep): the states parked on the host, rl_park (rl.cpp).
  r.Pair(r.doc.Find("--ds.enable_sleep"), "rl_park", flag("--ds.enable_sleep") ? "1" : "0");
  const Entry* ee = r.Get("--vllm.num_engines");
  r.Int(ee, engines, 1);
  const Entry* et = r.Get("--vllm.tensor_parallel_size");
  r.Int(et, tp, 1);
  r.Pair(et, "rl_rollout_tp", std::to_string(tp));
  r.imp.pairs.push_back({"rl_engine", "vllm", "(OpenRLHF's only engine)", 0});
  r.imp.pairs.push_back({"rl_framework", "openrlhf", "(openrlhf.cli.train_ppo_ray)", 0});
  const long long trainer = nodes * per_node;
  const bool colocated = all && !async;
  r.Pair(r.doc.Find("--train.colocate_all"), "rl_colocate", colocated ? "1" : "0");
  const std::string gpus = std::to_string(colocated ? trainer : trainer + engines * tp);
  eg || en ? r.Pair(eg ? eg : en, "gpus", gpus) : r.Default("gpus", gpus);
  if (!colocated && engines > 0) r.Pair(ee, "rl_rollout_gpus", std::to_string(engines * tp));
  LauncherNodeSize(r, eg, per_node, nodes);
  r.Pair(r.doc.Find("--train.async_enable"), "rl_async", !async ? "0" : partial ? "2" : "1");
  // Colocated, vLLM sleeps while DeepSpeed trains only with --vllm.enable_sleep (default false).
  if (colocated) r.Pair(r.doc.Find("--vllm.enable_sleep"), "rl_sleep", flag("--vllm.enable_sleep") ? "1" : "0");
  double frac = 0.95;
  const Entry* ef = r.Get("--vllm.gpu_memory_utilization");
  r.Real(ef, frac);
  ef ? r.Pair(ef, "rl_kv_frac", Num(frac)) : r.Default("rl_kv_frac", "0.95");
}

// openrlhf.cli.train_sft (@3c3be62): supervised fine-tuning under the deepspeed launcher; its argparse defaults are
// 2,048 tokens (--data.max_len), a batch of 128, micro-batches of 8, two epochs. --data.max_samples caps the dataset
// (it may hold fewer): read as its size, with the epochs.
void ImportOpenrlhfSft(Reader& r) {
  r.Get("--module");
  OpenrlhfDeepSpeed(r, "--model.gradient_checkpointing_enable", "--optim");
  LauncherGpus(r);
  r.imp.pairs.push_back({"goal", "finetune", "(openrlhf.cli.train_sft)", 0});
  r.ModelAt("--model.model_name_or_path");
  r.IntOr("--data.max_len", "seq", 2048);
  r.IntOr("--train.batch_size", "gbs", 128);
  r.IntOr("--train.micro_batch_size", "mbs", 8);
  r.IntOr("--train.max_epochs", "epochs", 2);
  long long samples = 0;
  if (const Entry* e = r.Get("--data.max_samples"); r.Int(e, samples, 1))
    r.Pair(e, "examples", std::to_string(samples));
  r.Rest();
}

// OpenRLHF v0.11.0's launch command back as the RL keys: train_ppo_ray (GRPO, PPO) or train_dpo. What it leaves
// out takes the argparse default (train_ppo_ray.py@3c3be62: estimator gae, KL 0.01, rollout batch 1,024, one
// response per prompt, training batch 128, micro-batches 1); the mean response is not a flag (give it again).
void ImportOpenrlhf(Reader& r, bool dpo) {
  r.Get("--address"), r.Get("--runtime-env-json"), r.Get("--module");  // ray job submit's, deepspeed's
  OpenrlhfDeepSpeed(r, dpo ? "--model.gradient_checkpointing_enable" : "--actor.gradient_checkpointing_enable",
                    dpo ? "--optim" : "--actor.optim");
  long long epochs = 1, samples = 1e8;
  const Entry* ex = r.Get("--train.max_epochs");
  r.Int(ex, epochs, 1);
  const Entry* es = r.Get("--data.max_samples");
  r.Int(es, samples, 1);
  if (dpo) {
    LauncherGpus(r);
    r.imp.pairs.push_back({"goal", "dpo", "(openrlhf.cli.train_dpo)", 0});
    r.ModelAt("--model.model_name_or_path");
    const long long pairs = r.IntOr("--train.batch_size", "rl_prompts", 128);
    long long micro = 1;
    const Entry* em = r.Get("--train.micro_batch_size");
    r.Int(em, micro, 1);
    em ? r.Pair(em, "mbs", std::to_string(2 * micro)) : r.Default("mbs", "2");  // a pair is 2 sequences
    if (es && samples < 100000000) r.Pair(es, "rl_steps", std::to_string(std::max(1LL, samples / pairs * epochs)));
    r.Rest();
    return;
  }
  std::string adv = "gae";
  const Entry* ea = r.Get("--algo.advantage.estimator");
  r.Text(ea, adv);
  if (adv == "gae")
    ea ? r.Pair(ea, "goal", "ppo") : r.Default("goal", "ppo");
  else if (adv == "group_norm" || adv == "dr_grpo" || adv == "rloo" || adv == "reinforce" ||
           adv == "reinforce_baseline")
    r.Pair(ea, "goal", "grpo");
  else
    r.Unknown(*ea, adv);
  r.ModelAt("--actor.model_name_or_path");
  r.Get("--critic.model_name_or_path");
  OpenrlhfPlacement(r);
  const long long prompts = r.IntOr("--rollout.batch_size", "rl_prompts", 1024);
  const long long n = r.IntOr("--rollout.n_samples_per_prompt", "rl_samples", 1);
  long long batch = 128;
  const Entry* eb = r.Get("--train.batch_size");
  r.Int(eb, batch, 1);
  r.Pair(eb, "rl_updates", std::to_string(std::max(1LL, prompts * n / batch) * epochs));
  // Dynamic batches (--train.dynamic_batch_enable): tokens per GPU, which OpenRLHF multiplies by the ring-attention
  // and tensor-parallel sizes (utils/seqlen_balancing.py @3c3be62): rl_mb_tokens is the replica's whole micro-batch.
  bool dynamic = false;
  const Entry* ed = r.Get("--train.dynamic_batch_enable");
  r.Bool(ed, dynamic);
  if (dynamic) {
    double split = 1;
    for (const char* k : {"--ds.ring_attn_size", "--ds.tensor_parallel_size"}) {
      double v = 0;
      if (const Entry* e = r.doc.Find(k); e && e->value.AsNumber(v) && v >= 1) split *= v;
    }
    long long train = 16192, rollout = 0;  // train_ppo_ray.py's default; the rollout's defaults to the train's
    const Entry* et = r.Get("--train.max_tokens_per_gpu");
    r.Int(et, train, 1);
    const Entry* er = r.Get("--rollout.max_tokens_per_gpu");
    if (!r.Int(er, rollout, 1)) rollout = train;
    r.Pair(et ? et : ed, "rl_mb_tokens", std::to_string((long long)(train * split)));
    r.Pair(er ? er : ed, "rl_logprob_mb_tokens", std::to_string((long long)(rollout * split)));
    r.Get("--train.micro_batch_size");
  } else {
    r.IntKey("--train.micro_batch_size", "mbs");
    if (!r.doc.Find("--train.micro_batch_size")) r.Default("mbs", "1");
  }
  r.Get("--rollout.micro_batch_size");
  long long max_len = 0, max_new = 0;
  const Entry* eml = r.Get("--data.max_len");
  r.Int(eml, max_len, 1);
  const Entry* emn = r.Get("--rollout.max_new_tokens");
  if (r.Int(emn, max_new, 1)) r.Pair(emn, "rl_max_response_len", std::to_string(max_new));
  if (max_len > max_new && max_new > 0) r.Pair(eml, "rl_prompt_len", std::to_string(max_len - max_new));
  if (es && samples < 100000000) r.Pair(es, "rl_steps", std::to_string(std::max(1LL, samples / prompts * epochs)));
  double kl = 0.01;
  const Entry* ek = r.Get("--algo.kl.init_coef");
  r.Real(ek, kl);
  ek ? r.Pair(ek, "rl_ref", kl > 0 ? "1" : "0") : r.Default("rl_ref", "1");
  r.Get("--algo.kl.use_loss"), r.Get("--algo.kl.estimator");
  if (!r.RewardModel(r.Get("--reward.model_name_or_path")))
    if (const Entry* eu = r.Get("--reward.remote_url")) r.Pair(eu, "rl_reward", "rule");
  r.Rest();
}

}  // namespace

namespace {
// A TrainPlan export names the plan it was written from in its header ("Plan: #v=1&model=...", export.cpp
// Header). What the framework's file cannot say (a DeepSpeed config's model, recomputation and method) is taken from
// there, after the file's own keys: a key the file gives wins, so an edited file is read as edited. Left out: the
// data-parallel degree, which follows the GPUs the import is planned on, and the global batch or token budget where
// the file says them its own way (gradient accumulation, steps).
void TakeHeaderPlan(std::string_view text, LaunchImport& imp) {
  if (text.find("TrainPlan launch config") == std::string_view::npos) return;
  const size_t at = text.find("Plan: ");
  if (at == std::string_view::npos) return;
  std::string_view link = text.substr(at + 6);
  link = link.substr(0, std::min(link.find_first_of("\"'\r\n \t"), link.size()));
  if (link.find("v=1") == std::string_view::npos) return;
  Config header, plain;
  std::vector<ConfigIssue> quiet;
  ApplyLink(header, link, quiet);
  if (HasErrors(quiet)) return;
  const int line = 1 + int(std::count(text.begin(), text.begin() + at, '\n'));
  std::vector<LaunchPair> taken;
  for (const KeyInfo& k : Keys()) {
    const std::string key = k.name;
    if (key == "v" || key == "dp") continue;
    if ((key == "gbs" && imp.grad_accum > 0) || (key == "tokens" && imp.steps > 0)) continue;
    const std::string value = FormatValue(header, key);
    if (value == FormatValue(plain, key)) continue;
    const bool in_file =
        std::any_of(imp.pairs.begin(), imp.pairs.end(), [&](const LaunchPair& p) { return p.key == key; });
    if (!in_file) taken.push_back({key, value, kHeaderPairSource, line});
  }
  if (taken.empty()) return;
  std::string said;
  for (const LaunchPair& p : taken) said += (said.empty() ? "" : " ") + p.key + "=" + p.value;
  imp.issues.push_back(
      MakeIssue("import", "the file's TrainPlan header (line {0}) gave what the {1} file does not say: {2}"_issue,
                {std::to_string(line), imp.framework, said}, true));
  // Before the file's pairs: where both apply (they do not: taken holds only keys the file lacks), the file's last.
  imp.pairs.insert(imp.pairs.begin(), taken.begin(), taken.end());
}
}  // namespace

LaunchImport ImportLaunch(std::string_view text, const LaunchFormat* given) {
  // A notebook (Unsloth's, TRL's, a Colab): the script its code cells make, said so that its line numbers read right.
  if (std::string code; launch::NotebookCode(text, code)) {
    LaunchImport imp = ImportLaunch(code, given);
    imp.issues.insert(
        imp.issues.begin(),
        MakeIssue("import", "a notebook: its code cells read as one script, lines counted in it"_issue, {}, true));
    return imp;
  }
  LaunchImport imp;
  if (text.size() > launch::kMaxImportBytes) {
    imp.issues.push_back(MakeIssue("import", "the file is larger than {0} KiB: not a launch config"_issue,
                                   {std::to_string(launch::kMaxImportBytes / 1024)}));
    return imp;
  }
  if (given) {
    imp.format = *given;
  } else if (!DetectLaunchFormat(text, imp.format)) {
    imp.issues.push_back(MakeIssue(
        "import", "not a launch config this planner reads (formats: {0}); name one with --import-format"_issue,
        {LaunchFormatList()}));
    return imp;
  }
  const LaunchFormatInfo& info = InfoOf(imp.format);
  Doc doc;
  bool parsed = false;
  switch (info.syntax) {
    case LaunchSyntax::Json: parsed = launch::ParseJsonDoc(text, doc, imp.issues); break;
    case LaunchSyntax::Yaml:
      // verl's launch script (main_ppo with Hydra overrides) rather than its YAML config: the same keys, dotted.
      if (imp.format == LaunchFormat::Verl && text.find("actor_rollout_ref:") == std::string_view::npos &&
          text.find("verl.trainer.main_ppo") != std::string_view::npos) {
        std::string config_name;
        parsed = launch::ParseHydraCommandDoc(text, "verl.trainer.main_ppo", doc, config_name, imp.issues);
        // ppo_megatron_trainer's actor (and critic) are Megatron's (verl/trainer/config/ppo_megatron_trainer.yaml).
        if (parsed && config_name == "ppo_megatron_trainer" && !doc.Find("actor_rollout_ref.actor.strategy"))
          doc.entries.push_back({"actor_rollout_ref.actor.strategy", launch::Value::Str("megatron"), 0});
        break;
      }
      parsed = launch::ParseYamlDoc(text, doc, imp.issues);
      break;
    case LaunchSyntax::Toml: parsed = launch::ParseTomlDoc(text, doc, imp.issues); break;
    case LaunchSyntax::Python:  // a script, or the command line that runs one
      if (imp.format == LaunchFormat::Trl && launch::IsTrlCommand(text) &&
          text.find("Config(") == std::string_view::npos)
        parsed = launch::ParseTrlCommandDoc(text, doc, imp.issues);
      else if (imp.format == LaunchFormat::Hf && launch::IsHfExampleCommand(text) &&
               text.find("TrainingArguments(") == std::string_view::npos)
        parsed = launch::ParseHfCommandDoc(text, doc, imp.issues);
      else if (imp.format == LaunchFormat::Hf && launch::IsAccelerateConfig(text))
        parsed = launch::ParseYamlDoc(text, doc, imp.issues);
      else
        parsed = launch::ParsePythonDoc(text, doc, imp.issues);
      break;
    case LaunchSyntax::Args: parsed = launch::ParseArgsDoc(text, doc, imp.issues); break;
  }
  if (!parsed) return imp;
  imp.pairs.push_back({"stack", info.stack, std::string("(") + info.id + ")", 0});
  imp.framework = info.framework;  // a reader may name it more closely (ImportTrl: its trainer)
  Reader r(doc, imp, imp.framework.c_str());
  switch (imp.format) {
    case LaunchFormat::DeepSpeed: ImportDeepSpeed(r); break;
    case LaunchFormat::Hf: doc.Find("distributed_type") ? ImportAccelerateConfig(r) : ImportHf(r); break;
    case LaunchFormat::Trl: ImportTrl(r); break;
    case LaunchFormat::Torchtune: ImportTorchtune(r); break;
    case LaunchFormat::Axolotl: ImportAxolotl(r); break;
    case LaunchFormat::LlamaFactory: ImportLlamaFactory(r); break;
    case LaunchFormat::Unsloth: ImportUnsloth(r); break;
    case LaunchFormat::Torchtitan: ImportTorchtitan(r); break;
    case LaunchFormat::Megatron: ImportMegatron(r); break;
    case LaunchFormat::Verl: ImportVerl(r); break;
    case LaunchFormat::Openrlhf:
      if (text.find("openrlhf.cli.train_sft") != std::string_view::npos)
        ImportOpenrlhfSft(r);
      else
        ImportOpenrlhf(r, text.find("openrlhf.cli.train_dpo") != std::string_view::npos);
      break;
  }
  if (!HasErrors(imp.issues)) TakeHeaderPlan(text, imp);
  imp.ok = !HasErrors(imp.issues);
  return imp;
}

void ApplyLaunchPairs(Config& cfg, const LaunchImport& imp, std::vector<ConfigIssue>& issues) {
  for (const LaunchPair& p : imp.pairs) {
    std::vector<ConfigIssue> mine;
    ApplyPair(cfg, p.key, p.value, mine);
    for (const ConfigIssue& i : mine) {
      if (i.notice) {
        issues.push_back(i);
        continue;
      }
      issues.push_back(MakeIssue(p.source.empty() ? p.key : p.source, "line {0}, read as {1}: {2}"_issue,
                                 {std::to_string(p.line), p.key + "=" + p.value, Words(i.message)}));
    }
  }
}

void FinishLaunchImport(Config& cfg, const LaunchImport& imp, std::vector<ConfigIssue>& issues, unsigned given) {
  const int tp = std::max(1, cfg.tp), pp = std::max(1, cfg.pp), cp = std::max(1, cfg.cp);
  const int dp = std::max(1, cfg.gpus / (tp * pp * cp));
  bool gives_gpus = false, gives_model = false, gives_gbs = false, gives_examples = false;
  for (const LaunchPair& p : imp.pairs)
    gives_gpus |= p.key == "gpus", gives_model |= p.key == "model", gives_gbs |= p.key == "gbs",
        gives_examples |= p.key == "examples";
  // A model the file names but TrainPlan does not know has its own note (ImportReader::Model).
  for (const ConfigIssue& i : imp.issues) gives_model |= i.key == "model";
  if (!gives_gpus && !(given & kGivenGpus))
    issues.push_back(MakeIssue("gpus",
                               "the {0} file does not say how many GPUs: planned with gpus={1} (give gpus=N)"_issue,
                               {imp.framework, std::to_string(cfg.gpus)}, true));
  // A model no preset is, and none given otherwise: refused, naming it, rather than planned as another model.
  if (!imp.unknown_model.empty() && !(given & kGivenModel)) {
    issues.push_back(MakeIssue("model",
                               "line {0}: {1} is not a model preset TrainPlan knows: give model= (a preset of the "
                               "same architecture) or its config.json (--hf-config FILE)"_issue,
                               {std::to_string(imp.unknown_model_line), Quote(imp.unknown_model)}));
    return;
  }
  // A DeepSpeed config (ds_config.json) says nothing of the model: the plan's is the one it had.
  if (!gives_model && !(given & kGivenModel))
    issues.push_back(MakeIssue("model",
                               "the {0} file does not name the model: planned with model={1} (give model=)"_issue,
                               {imp.framework, cfg.model}, true));
  // torchtune's distributed recipes shard with FSDP2 whatever the data-parallel degree (training.shard_model), and its
  // CPU offload (CPUOffloadPolicy) needs that wrapping even at dp 1 (tensor parallelism over every GPU).
  if (imp.sharded_by_gpus && cfg.zero == kAuto) cfg.zero = dp > 1 || cfg.offload == int(Offload::Cpu) ? 3 : 0;
  // A GRPO script's accumulation sizes its RL step (rl_prompts, below), not a global batch the RL goals do not read.
  // The file's accumulation sizes the batch over whatever batch the configuration had (the page's last plan); a gbs
  // the file states itself stands, and a key given after the import wins in its turn.
  // A preference (DPO) file's batch is its pairs per optimizer step (rl_prompts: micro-batches of two sequences a
  // pair), its optimizer steps the run's (rl_steps): DPO reads no gbs or tokens.
  const bool dpo = RlAlgoOf(cfg) == RlAlgo::Dpo;
  if (imp.grad_accum > 0 && !gives_gbs && !(given & kGivenGbs) && imp.rl_completions_per_rank <= 0) {
    const long long gbs = (long long)std::max(1, cfg.mbs) * imp.grad_accum * dp;
    if (!dpo)
      ApplyPair(cfg, "gbs", std::to_string(std::min<long long>(gbs, 2000000000)), issues);
    else if (cfg.rl_prompts <= 0)
      ApplyPair(cfg, "rl_prompts", std::to_string(std::clamp<long long>(gbs / 2, 1, 10000000)), issues);
  }
  if (dpo && cfg.rl_steps <= 0) {
    // The file's steps, or its pairs over its epochs (a dataset the file sizes; rl_prompts pairs a step).
    double steps = imp.steps;
    if (steps <= 0 && gives_examples && cfg.rl_prompts > 0)
      steps = std::ceil(cfg.examples * (cfg.epochs > 0 ? cfg.epochs : 1) / cfg.rl_prompts);
    if (steps > 0) ApplyPair(cfg, "rl_steps", std::to_string((long long)std::min(steps, 1e7)), issues);
  }
  // FSDP's HYBRID_SHARD: one shard group per node, its data-parallel ranks the node's GPUs over tp x cp.
  if (imp.node_shard && cfg.dp_shard == kAuto) {
    std::vector<ConfigIssue> quiet;
    const Job job = ResolveJob(cfg, quiet);
    const int per_node = NodeGpus(job.hw) / (tp * cp);
    if (per_node >= 1 && per_node < dp && dp % per_node == 0)
      ApplyPair(cfg, "dp_shard", std::to_string(per_node), issues);
  }
  // Megatron's distributed optimizer in instances: groups of dp / instances data-parallel ranks, where they divide.
  if (imp.shard_replicas > 1 && cfg.dp_shard == kAuto) {
    if (dp % imp.shard_replicas == 0)
      ApplyPair(cfg, "dp_shard", std::to_string(dp / imp.shard_replicas), issues);
    else
      issues.push_back(MakeIssue("dp_shard",
                                 "{0} optimizer instances do not divide the data-parallel degree dp={1}: planned "
                                 "sharded over every data-parallel rank (give gpus=N, or dp_shard)"_issue,
                                 {std::to_string(imp.shard_replicas), std::to_string(dp)}, true));
  }
  // TRL's GRPO: each training rank's completions per generation make the step's prompts, num_generations each. With
  // vLLM as a server (split pools) the trainer's ranks are the GPUs the rollout pool leaves (rl_setup.cpp's split).
  if (imp.rl_completions_per_rank > 0 && cfg.rl_prompts <= 0) {
    const double samples = cfg.rl_samples > 0 ? cfg.rl_samples : 8;
    int train_dp = dp;
    if (cfg.rl_colocate == 0) {
      std::vector<ConfigIssue> quiet;
      const Job job = ResolveJob(cfg, quiet);
      if (job.rl.rollout_gpus > 0 && job.rl.rollout_gpus < cfg.gpus)
        train_dp = std::max(1, (cfg.gpus - job.rl.rollout_gpus) / (tp * pp * cp));
    }
    const double prompts = std::clamp(std::floor(imp.rl_completions_per_rank * train_dp / samples), 1.0, 1e7);
    ApplyPair(cfg, "rl_prompts", std::to_string((long long)prompts), issues);
  }
  // PEFT's target_modules reach nn.Linear modules only: a Transformers v5 mixture of experts keeps its routed experts
  // as 3-D parameters, which only target_parameters adapts (launch_models.h HfExpertParameters).
  if (imp.peft_modules && !imp.peft_expert_params && cfg.lora_targets == "all") {
    std::vector<ConfigIssue> quiet;
    const Job job = ResolveJob(cfg, quiet);
    if (job.work.method != Method::Full && job.work.transformers_v5 && !launch::HfExpertParameters(job.model).empty()) {
      ApplyPair(cfg, "lora_targets", "dense", issues);
      issues.push_back(MakeIssue("lora_targets",
                                 "the {0} file's LoRA target modules reach no routed expert of {1} (Transformers v5 "
                                 "keeps them as 3-D parameters, which only PEFT's target_parameters adapts): planned "
                                 "with lora_targets=dense"_issue,
                                 {imp.framework, cfg.model}, true));
    }
  }
  if (!dpo && imp.steps > 0 && cfg.tokens == 0 && cfg.gbs > 0 && cfg.seq > 0)
    ApplyPair(cfg, "tokens", FormatNumber(imp.steps * cfg.gbs * cfg.seq), issues);
  // The fused loss switched on: its bytes per logit for the model and stack the configuration resolves to, as the
  // best settings write them (max_seq_best.h OfferedFusedLoss); a logit_bytes given wins.
  if (imp.fused_loss && !(cfg.logit_bytes > 0)) {
    std::vector<ConfigIssue> quiet;
    const Job job = ResolveJob(cfg, quiet);
    if (const FusedLoss fused = OfferedFusedLoss(job); fused.per_logit > 0)
      ApplyPair(cfg, "logit_bytes", Fmt("%.3g", fused.per_logit), issues);
  }
}

void FinishLaunchImports(Config& cfg, const std::vector<LaunchImport>& imports, std::vector<ConfigIssue>& issues,
                         unsigned given) {
  // What one file gives, another's notes need not ask for: the TRL script names the model its DeepSpeed config
  // does not, the Accelerate config counts the GPUs its script does not.
  unsigned from_files = 0;
  for (const LaunchImport& imp : imports)
    for (const LaunchPair& p : imp.pairs)
      from_files |= p.key == "gpus" ? kGivenGpus : p.key == "model" ? kGivenModel : 0u;
  // A file naming a model no preset is stays refused beside another's model: two files of two models.
  for (const LaunchImport& imp : imports)
    FinishLaunchImport(cfg, imp, issues, given | (imp.unknown_model.empty() ? from_files : from_files & ~kGivenModel));
}

void ApplyLaunchImport(Config& cfg, const LaunchImport& imp, std::vector<ConfigIssue>& issues, unsigned given) {
  ApplyLaunchPairs(cfg, imp, issues);
  FinishLaunchImport(cfg, imp, issues, given);
}

std::string LaunchPairsText(const LaunchImport& imp) {
  std::string s;
  for (const LaunchPair& p : imp.pairs)
    if (p.source != kHeaderPairSource) s += (s.empty() ? "" : " ") + p.key + "=" + p.value;
  bool dpo = false;  // a preference file's step is pairs: rl_prompts, two sequences each (FinishLaunchImport)
  for (const LaunchPair& p : imp.pairs) dpo |= p.key == "goal" && p.value == "dpo";
  if (imp.grad_accum > 0)
    s += " (gradient accumulation " + std::to_string(imp.grad_accum) +
         (dpo ? ": rl_prompts = mbs / 2 x " : ": gbs = mbs x ") + std::to_string(imp.grad_accum) + " x dp)";
  return s;
}

}  // namespace tp
