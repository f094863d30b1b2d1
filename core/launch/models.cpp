// models.cpp — the presets' names in each framework (their Hugging Face ids: core/model/hf_ids.cpp); torchtune's
// builders are those exported by torchtune/models/*/__init__.py at v0.6.1 and torchtitan's flavors those of
// torchtitan/models/*/__init__.py at v0.2.2 (both read from the mirrors named in tests/data/launch_keys/).
#include <algorithm>
#include <cctype>
#include <utility>

#include "hf_ids.h"
#include "launch_models.h"
#include "presets.h"
#include "text.h"

// GCC 12 reports -Wrestrict falsely for `"literal" + std::string&&` once inlined (GCC bug 105329), as cli.cpp says.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace tp::launch {
namespace {

struct Names {
  const char* preset;
  const char* tune;  // torchtune: "<package>.<stem>" with the stem of llama3_1_8b; "" = no builder
  bool tune_qlora;   // a qlora_ builder exists
  const char* tune_tokenizer;
  const char* tune_type;  // checkpointer model_type
};

// clang-format off (a data table)
const Names kNames[] = {
    {"bert-base", "", false, "", ""},
    {"gpt2-1.5b", "", false, "", ""},
    {"gpt3-175b", "", false, "", ""},
    {"llama2-7b", "llama2.llama2_7b", true, "llama2.llama2_tokenizer", "LLAMA2"},
    {"llama2-13b", "llama2.llama2_13b", true, "llama2.llama2_tokenizer", "LLAMA2"},
    {"llama2-70b", "llama2.llama2_70b", true, "llama2.llama2_tokenizer", "LLAMA2"},
    {"llama3-8b", "llama3.llama3_8b", true, "llama3.llama3_tokenizer", "LLAMA3"},
    {"llama3-70b", "llama3.llama3_70b", true, "llama3.llama3_tokenizer", "LLAMA3"},
    {"llama3.1-8b", "llama3_1.llama3_1_8b", true, "llama3.llama3_tokenizer", "LLAMA3"},
    {"llama3.1-70b", "llama3_1.llama3_1_70b", true, "llama3.llama3_tokenizer", "LLAMA3"},
    {"llama3.1-405b", "llama3_1.llama3_1_405b", true, "llama3.llama3_tokenizer", "LLAMA3"},
    {"llama3.2-1b", "llama3_2.llama3_2_1b", true, "llama3.llama3_tokenizer", "LLAMA3_2"},
    {"llama3.2-3b", "llama3_2.llama3_2_3b", true, "llama3.llama3_tokenizer", "LLAMA3_2"},
    {"llama3.3-70b", "llama3_3.llama3_3_70b", true, "llama3.llama3_tokenizer", "LLAMA3"},
    {"mistral-7b", "mistral.mistral_7b", true, "mistral.mistral_tokenizer", "MISTRAL"},
    {"mixtral-8x7b", "", false, "", ""},
    {"mixtral-8x22b", "", false, "", ""},
    {"qwen2.5-0.5b", "qwen2_5.qwen2_5_0_5b", false, "qwen2_5.qwen2_5_tokenizer", "QWEN2"},
    {"qwen2.5-1.5b", "qwen2_5.qwen2_5_1_5b_base", false, "qwen2_5.qwen2_5_tokenizer", "QWEN2"},
    {"qwen2.5-3b", "qwen2_5.qwen2_5_3b", false, "qwen2_5.qwen2_5_tokenizer", "QWEN2"},
    {"qwen2.5-7b", "qwen2_5.qwen2_5_7b_base", false, "qwen2_5.qwen2_5_tokenizer", "QWEN2"},
    {"qwen2.5-14b", "qwen2_5.qwen2_5_14b_base", false, "qwen2_5.qwen2_5_tokenizer", "QWEN2"},
    {"qwen2.5-32b", "qwen2_5.qwen2_5_32b_base", false, "qwen2_5.qwen2_5_tokenizer", "QWEN2"},
    {"qwen2.5-72b", "qwen2_5.qwen2_5_72b_base", false, "qwen2_5.qwen2_5_tokenizer", "QWEN2"},
    {"qwen3-0.6b", "", false, "", ""},
    {"qwen3-1.7b", "", false, "", ""},
    {"qwen3-4b", "", false, "", ""},
    {"qwen3-8b", "", false, "", ""},
    {"qwen3-14b", "", false, "", ""},
    {"qwen3-32b", "", false, "", ""},
    {"qwen3-30b-a3b", "", false, "", ""},
    {"qwen3-235b-a22b", "", false, "", ""},
    {"deepseek-v3", "", false, "", ""},
    {"gemma2-2b", "gemma2.gemma2_2b", true, "gemma.gemma_tokenizer", "GEMMA2"},
    {"gemma2-9b", "gemma2.gemma2_9b", true, "gemma.gemma_tokenizer", "GEMMA2"},
    {"gemma2-27b", "gemma2.gemma2_27b", true, "gemma.gemma_tokenizer", "GEMMA2"},
    {"gemma3-1b", "", false, "", ""},
    {"gemma3-4b", "", false, "", ""},
    {"gemma3-12b", "", false, "", ""},
    {"gemma3-27b", "", false, "", ""},
    {"phi3-mini", "phi3.phi3_mini", true, "phi3.phi3_mini_tokenizer", "PHI3_MINI"},
    {"phi3-medium", "", false, "", ""},
    {"phi3.5-mini", "", false, "", ""},
    {"phi4-14b", "phi4.phi4_14b", true, "phi4.phi4_tokenizer", "PHI4"},
    {"mistral-nemo-12b", "", false, "", ""},
    {"mistral-small-24b", "", false, "", ""},
    {"deepseek-r1-distill-qwen-1.5b", "", false, "", ""},
    {"deepseek-r1-distill-qwen-7b", "", false, "", ""},
    {"deepseek-r1-distill-qwen-14b", "", false, "", ""},
    {"deepseek-r1-distill-qwen-32b", "", false, "", ""},
    {"deepseek-r1-distill-llama-8b", "", false, "", ""},
    {"deepseek-r1-distill-llama-70b", "", false, "", ""},
    {"smollm2-1.7b", "", false, "", ""},
    {"olmo2-7b", "", false, "", ""},
    {"deepseek-llm-7b", "", false, "", ""},
    {"moonlight-16b-a3b", "", false, "", ""},
    {"qwen1.5-moe-a2.7b", "", false, "", ""},
};

struct Titan {
  const char* preset;
  const char* name;
  const char* flavor;
};
const Titan kTitan[] = {
    {"llama3-8b", "llama3", "8B"},
    {"llama3.1-8b", "llama3", "8B"},
    {"llama3-70b", "llama3", "70B"},
    {"llama3.1-70b", "llama3", "70B"},
    {"llama3.3-70b", "llama3", "70B"},
    {"llama3.1-405b", "llama3", "405B"},
    {"qwen3-0.6b", "qwen3", "0.6B"},
    {"qwen3-1.7b", "qwen3", "1.7B"},
    {"qwen3-4b", "qwen3", "4B"},
    {"qwen3-8b", "qwen3", "8B"},
    {"qwen3-14b", "qwen3", "14B"},
    {"qwen3-32b", "qwen3", "32B"},
    {"qwen3-30b-a3b", "qwen3", "30B-A3B"},
    {"qwen3-235b-a22b", "qwen3", "235B-A22B"},
    {"deepseek-v3", "deepseek_v3", "671B"},
};
// clang-format on

const Names* NamesOf(std::string_view preset) {
  for (const Names& n : kNames)
    if (preset == n.preset) return &n;
  return nullptr;
}

// Phi-3 and Phi-4 (Phi3ForCausalLM) fuse q, k, v and gate, up.
bool FusedProjections(const std::string& preset) { return preset.rfind("phi3", 0) == 0 || preset == "phi4-14b"; }

}  // namespace

std::string ModelId(const Config& cfg) {
  if (!cfg.name.empty()) return cfg.name;
  return HfIdOfPreset(cfg.model);
}

std::string PresetOf(const Config& cfg) {
  if (FindModel(cfg.model)) return cfg.model;
  const char* p = PresetOfHfId(cfg.name);
  return p ? p : "";
}

std::string TorchtuneBuilder(const Config& cfg, Method method) {
  const Names* n = NamesOf(PresetOf(cfg));
  if (!n || !*n->tune) return "";
  if (method == Method::Qlora && !n->tune_qlora) return "";
  std::string s = n->tune;
  const size_t dot = s.find('.');
  const char* prefix = method == Method::Lora ? "lora_" : method == Method::Qlora ? "qlora_" : "";
  return "torchtune.models." + s.substr(0, dot + 1) + prefix + s.substr(dot + 1);
}

std::string TorchtuneTokenizer(const Config& cfg) {
  const Names* n = NamesOf(PresetOf(cfg));
  return n && *n->tune_tokenizer ? "torchtune.models." + std::string(n->tune_tokenizer) : "";
}

const char* TorchtuneModelType(const Config& cfg) {
  const Names* n = NamesOf(PresetOf(cfg));
  return n ? n->tune_type : "";
}

namespace {
// A builder's stem without its tuning: torchtune builds Qwen's base and instruct checkpoints apart (qwen2_5_7b_base,
// qwen2_5_7b_instruct), the same model.
std::string UntunedStem(std::string stem) {
  for (const char* suffix : {"_base", "_instruct"}) {
    const std::string_view x = suffix;
    if (stem.size() > x.size() && stem.compare(stem.size() - x.size(), x.size(), x) == 0)
      stem.resize(stem.size() - x.size());
  }
  return stem;
}
// Builders of a preset's model that the export does not write (it targets torchtune v0.6.1): Qwen3's, added to
// torchtune after it (torchtune/models/qwen3/__init__.py @bd2a0fc), and Qwen2 7B's (Qwen2.5 7B's dimensions:
// hf_ids.cpp kSameArchitecture).
const std::pair<const char*, const char*> kTuneImportOnly[] = {
    {"qwen3_0_6b", "qwen3-0.6b"}, {"qwen3_1_7b", "qwen3-1.7b"}, {"qwen3_4b", "qwen3-4b"},  {"qwen3_8b", "qwen3-8b"},
    {"qwen3_14b", "qwen3-14b"},   {"qwen3_32b", "qwen3-32b"},   {"qwen2_7b", "qwen2.5-7b"}};
}  // namespace

std::string PresetOfTorchtuneBuilder(std::string_view component) {
  std::string stem(
      component.substr(component.find_last_of('.') == std::string_view::npos ? 0 : component.find_last_of('.') + 1));
  for (const char* prefix : {"qlora_", "lora_"})
    if (stem.rfind(prefix, 0) == 0) stem = stem.substr(std::string_view(prefix).size());
  stem = UntunedStem(stem);
  for (const Names& n : kNames) {
    std::string_view tune = n.tune;
    if (!tune.empty() && UntunedStem(std::string(tune.substr(tune.find('.') + 1))) == stem) return n.preset;
  }
  for (const auto& [builder, preset] : kTuneImportOnly)
    if (stem == builder) return preset;
  return "";
}

const char* TorchtitanSchedule(int schedule) {
  switch (PipeSchedule(schedule)) {
    case PipeSchedule::OneF1B: return "1F1B";
    case PipeSchedule::Interleaved: return "Interleaved1F1B";
    case PipeSchedule::Zbv: return "ZBVZeroBubble";
    case PipeSchedule::DualPipeV: return "DualPipeV";
    default: return nullptr;
  }
}

int ScheduleOfTorchtitan(std::string_view name) {
  for (PipeSchedule s : {PipeSchedule::OneF1B, PipeSchedule::Interleaved, PipeSchedule::Zbv, PipeSchedule::DualPipeV}) {
    const std::string_view known = TorchtitanSchedule(int(s));
    if (known.size() == name.size() && std::equal(known.begin(), known.end(), name.begin(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
        }))
      return int(s);
  }
  return -1;
}

TitanModel TorchtitanModel(const Config& cfg) {
  const std::string preset = PresetOf(cfg);
  for (const Titan& t : kTitan)
    if (preset == t.preset) return {t.name, t.flavor};
  return {};
}

std::string PresetOfTorchtitan(std::string_view name, std::string_view flavor) {
  for (const Titan& t : kTitan)
    if (name == t.name && flavor == t.flavor) return t.preset;  // the first: llama3 8B is Llama 3 8B
  return "";
}

std::vector<std::string> HfTargetModules(const Config& cfg, const ModelArch& model, const std::string& targets,
                                         bool* rewritten) {
  // "dense" on a mixture of experts: attention and, by their paths (PEFT matches a name by its suffix), the MLPs
  // of the dense layers (mlp.gate_proj, not mlp.experts.N.gate_proj) and the shared experts (Qwen2-MoE's and Llama
  // 4's shared_expert, DeepSeek's shared_experts: modeling_qwen2_moe.py, modeling_llama4.py, DeepSeek-V3's
  // modeling_deepseek.py). On a dense model it is every linear layer, as "all".
  if (targets == "dense") {
    if (model.experts <= 1) return HfTargetModules(cfg, model, "all", rewritten);
    std::vector<std::string> out = HfTargetModules(cfg, model, "attn", rewritten);
    const char* mats[] = {"gate_proj", "up_proj", "down_proj"};
    if (model.dense_layers > 0)
      for (const char* m : mats) out.push_back(std::string("mlp.") + m);
    if (model.shared_experts > 0)
      for (const char* m : mats)
        out.push_back(std::string(model.kv_lora_rank > 0 ? "shared_experts." : "shared_expert.") + m);
    return out;
  }
  const bool fused = FusedProjections(PresetOf(cfg));
  if (rewritten) *rewritten = fused && targets == "qv";
  if (fused) {
    if (targets == "all") return {"qkv_proj", "o_proj", "gate_up_proj", "down_proj"};
    if (targets == "attn") return {"qkv_proj", "o_proj"};
    return {"qkv_proj"};
  }
  if (targets == "all") return {"q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"};
  if (targets == "attn") return {"q_proj", "k_proj", "v_proj", "o_proj"};
  return {"q_proj", "v_proj"};
}

std::vector<std::string> HfExpertParameters(const ModelArch& model) {
  if (model.experts <= 1) return {};
  return {"experts.gate_up_proj", "experts.down_proj"};
}

std::string TargetsOfModules(const std::vector<std::string>& modules) {
  bool mlp = false, ko = false, q = false, v = false, routed = false;
  for (const std::string& m0 : modules) {
    // A module's path ("self_attn.q_proj", "shared_expert.gate_proj", as Axolotl and PEFT match them): its name. An
    // MLP named by a path that stops short of the routed experts (mlp.gate_proj, shared_expert.up_proj) adapts
    // only what every token runs; a bare name (gate_proj) or an expert's path (experts.0.w1) reaches every expert.
    std::string m = Lower(m0);
    const size_t dot = m.rfind('.');
    const std::string path = dot == std::string::npos ? "" : m.substr(0, dot);
    if (dot != std::string::npos) m.erase(0, dot + 1);
    const bool dense_path = !path.empty() && path.find("expert") == std::string::npos
                                ? true
                                : path.find("shared_expert") != std::string::npos;
    for (const char* n : {"all-linear", "all", "gate_proj", "up_proj", "down_proj", "gate_up_proj", "w1", "w2", "w3",
                          "fc1", "fc2", "c_fc", "mlp"})
      if (m == n) mlp = true, routed |= !dense_path;
    for (const char* n : {"k_proj", "o_proj", "output_proj", "qkv_proj", "c_attn", "key", "dense"}) ko |= m == n;
    q |= m == "q_proj" || m == "query", v |= m == "v_proj" || m == "value";
  }
  if (mlp) return routed ? "all" : "dense";
  if (ko) return "attn";
  if (q || v) return "qv";
  return "";
}

}  // namespace tp::launch
