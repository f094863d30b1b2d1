// keys.cpp — the key table (config.h): one row per key with everything about it — kind, range and auto
// for the parser and printer (config.cpp), unit, the page's label, help, the source of its default, each in
// English and Chinese, and for an assumption the Job field it sets. Order = link order = --help order = the
// page's order; the rows live in keys_model.cpp, keys_training.cpp, keys_layout.cpp and keys_assumptions.cpp.
// Ranges are what a planner can honestly compute (a quadrillion parameters, ten million GPUs,
// hundred-million-token sequences), not what is sensible; the engine warns about the merely unwise.
#include <algorithm>
#include <cmath>
#include <string>

#include "key_rows.h"
#include "text.h"

namespace tp {
namespace {

std::vector<KeyInfo> Table() {
  std::vector<KeyInfo> table;
  key_rows::AddModelKeys(table);
  key_rows::AddTrainingKeys(table);
  key_rows::AddLayoutKeys(table);
  key_rows::AddAssumptionKeys(table);
  return table;
}

// Compact text for a range bound: 1e16 rather than 10000000000000000.
std::string RangeNumber(double v) {
  if (v >= 1e6) {
    int e = int(std::floor(std::log10(v)));
    double mantissa = v / std::pow(10.0, e);
    if (std::fabs(mantissa - std::round(mantissa)) < 1e-9) {
      long m = std::lround(mantissa);
      return (m == 1 ? std::string("1") : std::to_string(m)) + "e" + std::to_string(e);
    }
  }
  return FormatNumber(v);
}

std::string AcceptsText(const KeyInfo& f) {
  std::string s;
  switch (f.kind) {
    case KeyKind::Int: s = "a whole number " + RangeNumber(f.lo) + "-" + RangeNumber(f.hi); break;
    case KeyKind::Real: s = "a number " + RangeNumber(f.lo) + "-" + RangeNumber(f.hi); break;
    case KeyKind::Choice:
      for (int i = 0; i < f.n_names; ++i) {
        if (i) s += (i + 1 == f.n_names && !f.has_auto) ? " or " : ", ";
        s += f.names[i];
      }
      break;
    case KeyKind::Text: s = f.accepts; break;
    case KeyKind::Id: {
      // Which catalog the id comes from; the ids themselves are checked when the job is resolved.
      const std::string name = f.name;
      s = name == "model" ? "a preset id (trainplan catalog models), a Hugging Face id or custom"
          : name == "gpu" ? "a GPU id (trainplan catalog gpus) or its name"
                          : "a link id (trainplan catalog links)";
      break;
    }
  }
  if (f.has_auto) s += " or auto";
  if (f.token_count) s += " (8k = 8,192)";
  return s;
}

}  // namespace

const std::vector<KeyInfo>& Keys() {
  // Built once; the accepted-values texts are generated from the ranges so they can never disagree with
  // what the parser does.
  struct Built {
    std::vector<KeyInfo> keys = Table();
    std::vector<std::string> accepts;
    Built() {
      accepts.reserve(keys.size());
      for (const KeyInfo& k : keys) accepts.push_back(AcceptsText(k));
      for (size_t i = 0; i < keys.size(); ++i) keys[i].accepts = accepts[i].c_str();
      // The rows carry their own Chinese (label, help, the default's source): Translate finds them too.
      std::vector<Phrase> zh;
      for (const KeyInfo& k : keys)
        for (Phrase p : {Phrase{k.label.en, k.label.zh}, Phrase{k.help, k.help_zh}, Phrase{k.source.en, k.source.zh}})
          zh.push_back(p);
      AddTranslations(zh);
    }
  };
  static const Built built;
  return built.keys;
}

const KeyInfo* FindKey(std::string_view name) {
  for (const KeyInfo& k : Keys())
    if (name == k.name) return &k;
  return nullptr;
}

bool IsAuto(const Config& c, const KeyInfo& k) {
  if (k.kind == KeyKind::Choice) {  // a choice may spell auto among its values (recompute=auto)
    const int v = k.get_int(c);
    return (k.has_auto && v < 0) || (v >= 0 && v < k.n_names && std::string_view(k.names[v]) == "auto");
  }
  if (!k.has_auto) return false;
  switch (k.kind) {
    case KeyKind::Int: return k.get_int(c) == int(k.auto_value);
    case KeyKind::Real: return k.get_real(c) == k.auto_value;
    case KeyKind::Choice: break;
    case KeyKind::Id:
    case KeyKind::Text: return k.get_id(c).empty();
  }
  return false;
}

std::vector<std::string> AutoKeys(const Config& cfg) {
  std::vector<std::string> keys;
  for (const KeyInfo& k : Keys())
    if (IsAuto(cfg, k)) keys.push_back(k.name);
  return keys;
}

const char* ChoiceLabel(const KeyInfo& k, int index) {
  if (index < 0 || index >= k.n_names) return "-";
  return k.value_labels ? k.value_labels[index] : k.names[index];
}

std::string NormalKey(std::string_view typed) {
  std::string key = Lower(Trim(typed));
  for (char& c : key) c = c == '-' ? '_' : c;
  return key;
}

bool IsDefault(const Config& cfg, std::string_view key) {
  static const Config defaults;
  const KeyInfo* k = FindKey(key);
  if (!k) return false;
  if (k->get_int) return k->get_int(cfg) == k->get_int(defaults);
  if (k->get_real) return k->get_real(cfg) == k->get_real(defaults);
  return k->get_id(cfg) == k->get_id(defaults);
}

bool CopyKey(Config& to, const Config& from, std::string_view key) {
  const KeyInfo* k = FindKey(key);
  if (!k) return false;
  if (k->get_int)
    k->set_int(to, k->get_int(from));
  else if (k->get_real)
    k->set_real(to, k->get_real(from));
  else
    k->set_id(to, k->get_id(from));
  return true;
}

bool RlGenerationKey(std::string_view key) {
  static constexpr std::string_view kKeys[] = {"rl_engine",       "rl_kv_frac",    "rl_max_seqs", "rl_gen_batch",
                                               "rl_rollout_gpus", "rl_rollout_tp", "rl_colocate", "rl_async",
                                               "rl_max_age",      "rl_gen_prec"};
  return std::find(std::begin(kKeys), std::end(kKeys), key) != std::end(kKeys);
}

bool KeyRelevant(const Config& cfg, const Job& job, std::string_view key) {
  if (key == "lora_r" || key == "lora_targets" || key == "lora_dropout") return cfg.method != Method::Full;
  if (key == "examples" || key == "example_tokens" || key == "epochs") return job.work.finetune && !job.rl.Active();
  // DPO generates nothing: the rollout engine's keys have nothing to size.
  if (key.starts_with("rl_")) return job.rl.Active() && (job.rl.algo != RlAlgo::Dpo || !RlGenerationKey(key));
  if (key == "name" || key == "params") return cfg.model == "custom";
  return true;
}

const char* GroupTitle(KeyGroup g, Lang lang) {
  struct Title {
    KeyGroup group;
    Bilingual text;
  };
  static constexpr Title kTitles[] = {
      {KeyGroup::Link, {"Link", "链接"}},
      {KeyGroup::Model, {"Model", "模型"}},
      {KeyGroup::ModelShape, {"Custom dimensions", "自定义维度"}},
      {KeyGroup::ModelDetails, {"MoE and attention details", "MoE 与注意力细节"}},
      {KeyGroup::Training, {"Training", "训练"}},
      {KeyGroup::Hardware, {"Hardware", "硬件"}},
      {KeyGroup::Layout, {"Layout and memory", "并行布局与显存"}},
      {KeyGroup::Cost, {"Cost", "成本"}},
      {KeyGroup::Reliability, {"Reliability", "可靠性"}},
      {KeyGroup::Assumptions, {"Assumptions", "假设"}},
      {KeyGroup::Calibration, {"Calibration (from your run)", "校准（来自你的训练）"}},
      {KeyGroup::Interface, {"Interface", "界面"}},
      {KeyGroup::View, {"View", "视图"}},
  };
  for (const Title& t : kTitles)
    if (t.group == g) return t.text.In(lang);
  return "";
}

const char* DefaultSource(std::string_view key) {
  const KeyInfo* k = FindKey(key);
  return k ? k->source.en : "";
}

void ApplyAssumptions(const Config& cfg, Assumptions& assume) {
  for (const KeyInfo& k : Keys()) {
    if (!k.assume || !k.get_real) continue;
    // A key with an auto spelling keeps the documented default while on auto (0); the others are values.
    const double v = k.get_real(cfg);
    if (!k.has_auto || v > 0) assume.*k.assume = v;
  }
}

void AssumptionsToConfig(const Assumptions& assume, Config& cfg) {
  for (const KeyInfo& k : Keys())
    if (k.assume && k.set_real) k.set_real(cfg, assume.*k.assume);
}

}  // namespace tp
