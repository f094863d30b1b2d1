// hf_ids.cpp — the presets' Hugging Face ids and their variants (hf_ids.h).
#include "hf_ids.h"

#include <algorithm>
#include <cctype>
#include <span>

#include "presets.h"

namespace tp {
namespace {

struct HfId {
  const char* preset;
  const char* hf;
};

// clang-format off (a data table)
const HfId kHfIds[] = {
    {"bert-base", "google-bert/bert-base-uncased"},
    {"gpt2-1.5b", "openai-community/gpt2-xl"},
    {"llama2-7b", "meta-llama/Llama-2-7b-hf"},
    {"llama2-13b", "meta-llama/Llama-2-13b-hf"},
    {"llama2-70b", "meta-llama/Llama-2-70b-hf"},
    {"llama3-8b", "meta-llama/Meta-Llama-3-8B"},
    {"llama3-70b", "meta-llama/Meta-Llama-3-70B"},
    {"llama3.1-8b", "meta-llama/Llama-3.1-8B"},
    {"llama3.1-70b", "meta-llama/Llama-3.1-70B"},
    {"llama3.1-405b", "meta-llama/Llama-3.1-405B"},
    {"llama3.2-1b", "meta-llama/Llama-3.2-1B"},
    {"llama3.2-3b", "meta-llama/Llama-3.2-3B"},
    {"llama3.3-70b", "meta-llama/Llama-3.3-70B-Instruct"},
    {"mistral-7b", "mistralai/Mistral-7B-v0.1"},
    {"mistral-7b-v0.3", "mistralai/Mistral-7B-v0.3"},
    {"mixtral-8x7b", "mistralai/Mixtral-8x7B-v0.1"},
    {"mixtral-8x22b", "mistral-community/Mixtral-8x22B-v0.1"},
    {"qwen2.5-0.5b", "Qwen/Qwen2.5-0.5B"},
    {"qwen2.5-1.5b", "Qwen/Qwen2.5-1.5B"},
    {"qwen2.5-3b", "Qwen/Qwen2.5-3B"},
    {"qwen2.5-7b", "Qwen/Qwen2.5-7B"},
    {"qwen2.5-14b", "Qwen/Qwen2.5-14B"},
    {"qwen2.5-32b", "Qwen/Qwen2.5-32B"},
    {"qwen2.5-72b", "Qwen/Qwen2.5-72B"},
    {"qwen3-0.6b", "Qwen/Qwen3-0.6B"},
    {"qwen3-1.7b", "Qwen/Qwen3-1.7B"},
    {"qwen3-4b", "Qwen/Qwen3-4B"},
    {"qwen3-8b", "Qwen/Qwen3-8B"},
    {"qwen3-14b", "Qwen/Qwen3-14B"},
    {"qwen3-32b", "Qwen/Qwen3-32B"},
    {"qwen3-30b-a3b", "Qwen/Qwen3-30B-A3B"},
    {"qwen3-235b-a22b", "Qwen/Qwen3-235B-A22B"},
    {"llama4-scout", "meta-llama/Llama-4-Scout-17B-16E"},
    {"deepseek-v3", "deepseek-ai/DeepSeek-V3"},
    {"gemma2-2b", "google/gemma-2-2b"},
    {"gemma2-9b", "google/gemma-2-9b"},
    {"gemma2-27b", "google/gemma-2-27b"},
    {"gemma3-1b", "google/gemma-3-1b-it"},
    {"gemma3-4b", "google/gemma-3-4b-it"},
    {"gemma3-12b", "google/gemma-3-12b-it"},
    {"gemma3-27b", "google/gemma-3-27b-it"},
    {"phi3-mini", "microsoft/Phi-3-mini-4k-instruct"},
    {"phi3-medium", "microsoft/Phi-3-medium-4k-instruct"},
    {"phi3.5-mini", "microsoft/Phi-3.5-mini-instruct"},
    {"phi4-14b", "microsoft/phi-4"},
    {"mistral-nemo-12b", "mistralai/Mistral-Nemo-Instruct-2407"},
    {"mistral-small-24b", "mistralai/Mistral-Small-24B-Instruct-2501"},
    {"deepseek-r1-distill-qwen-1.5b", "deepseek-ai/DeepSeek-R1-Distill-Qwen-1.5B"},
    {"deepseek-r1-distill-qwen-7b", "deepseek-ai/DeepSeek-R1-Distill-Qwen-7B"},
    {"deepseek-r1-distill-qwen-14b", "deepseek-ai/DeepSeek-R1-Distill-Qwen-14B"},
    {"deepseek-r1-distill-qwen-32b", "deepseek-ai/DeepSeek-R1-Distill-Qwen-32B"},
    {"deepseek-r1-distill-llama-8b", "deepseek-ai/DeepSeek-R1-Distill-Llama-8B"},
    {"deepseek-r1-distill-llama-70b", "deepseek-ai/DeepSeek-R1-Distill-Llama-70B"},
    {"smollm2-1.7b", "HuggingFaceTB/SmolLM2-1.7B-Instruct"},
    {"olmo2-7b", "allenai/OLMo-2-1124-7B"},
    {"deepseek-llm-7b", "deepseek-ai/deepseek-llm-7b-base"},
    {"moonlight-16b-a3b", "moonshotai/Moonlight-16B-A3B"},
    {"qwen1.5-moe-a2.7b", "Qwen/Qwen1.5-MoE-A2.7B"},
    {"gpt-oss-120b", "openai/gpt-oss-120b"},
    {"gpt-oss-20b", "openai/gpt-oss-20b"},
};
// Other releases of a preset's architecture (their config.json's dimensions are the preset's): read as a variant of
// it, with the same note. Qwen2 and Qwen2.5 share them at 7B and 72B (huggingface.co/Qwen/Qwen2-7B and Qwen2-72B
// config.json: hidden 3584 / 8192, intermediate 18944 / 29568, 28 / 80 layers, 28 / 64 heads, 4 / 8 KV heads, vocab
// 152064, q/k/v biases, untied embeddings, as Qwen2.5-7B's and -72B's).
// OpenRLHF's own fine-tune of Llama 3 8B, which its README's RL commands and examples/scripts start from: its SFT
// command there trains meta-llama/Meta-Llama-3-8B (OpenRLHF README.md @3c3be62); that the released checkpoint is
// that model fine-tuned, with its dimensions, is INFERRED from the command and the name.
// Mistral 7B Instruct v0.2 keeps v0.1's dimensions and count (7,241,732,096 for keras-hub's mistral_0.2_instruct_7b_en
// and mistral_7b_en alike, github.com/keras-team/keras-hub @0e1444f mistral_presets.py); its longer RoPE base and no
// sliding window change no parameter, and the window is not modelled for v0.1 either.
const HfId kSameArchitecture[] = {
    {"mistral-7b", "mistralai/Mistral-7B-Instruct-v0.2"},
    {"qwen2.5-7b", "Qwen/Qwen2-7B"},
    {"qwen2.5-72b", "Qwen/Qwen2-72B"},
    {"llama3-8b", "OpenRLHF/Llama-3-8b-sft-mixture"},
};
// clang-format on

std::string Lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A repository id without its organisation and the suffixes of a variant with the same architecture.
std::string VariantStem(std::string_view hf_id) {
  std::string s = Lowered(hf_id);
  if (const size_t slash = s.rfind('/'); slash != std::string::npos) s.erase(0, slash + 1);
  if (s.rfind("meta-", 0) == 0) s.erase(0, 5);
  // Mistral's tunings name their release after the tuning ("Mistral-7B-Instruct-v0.3"): the base's name is without it.
  if (const size_t at = s.find("-instruct-v");
      at != std::string::npos && at + 11 < s.size() && std::isdigit(static_cast<unsigned char>(s[at + 11])))
    s.erase(at, 9);
  for (bool again = true; again;) {
    again = false;
    // A release tag of four digits (Qwen3's "-Instruct-2507": the same architecture, retrained).
    if (s.size() > 5 && s[s.size() - 5] == '-' &&
        std::all_of(s.end() - 4, s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
      s.erase(s.size() - 5);
      again = true;
    }
    // A checkpoint converted to another precision ("gpt-oss-20b-bf16", "-FP8", bitsandbytes' NF4, NVIDIA's NVFP4,
    // a dequantized copy) or another module layout (Axolotl's "-Linearized" Llama 4, its experts as nn.Linear)
    // keeps its architecture; the method (QLoRA) is the file's to say.
    for (const char* suffix :
         {"-bnb-4bit", "-bnb-nf4", "-nvfp4", "-dequantized", "-linearized", "-unsloth", "-instruct", "-thinking",
          "-chat", "-it", "-pt", "-hf", "-base", "-bf16", "-fp16", "-fp8"}) {
      const std::string_view x = suffix;
      if (s.size() > x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0) {
        s.erase(s.size() - x.size());
        again = true;
      }
    }
  }
  return s;
}

// A name as a key to compare: lower case, letters, digits and '.' only, a parenthesised remark left out ("Llama 3
// 8B", "llama-3-8b" -> "llama38b"; "Qwen3 30B-A3B (MoE)" -> "qwen330ba3b").
std::string Squashed(std::string_view name) {
  std::string out;
  int depth = 0;
  for (char ch : name) {
    const unsigned char c = static_cast<unsigned char>(ch);
    depth += c == '(' ? 1 : c == ')' && depth > 0 ? -1 : 0;
    if (depth == 0 && (std::isalnum(c) || c == '.')) out += char(std::tolower(c));
  }
  return out;
}

}  // namespace

const char* PresetOfModelName(std::string_view name) {
  if (name.empty() || name.size() > 96 || name.find('/') != std::string_view::npos) return nullptr;
  const std::string typed = Squashed(name), stem = Squashed(VariantStem(name));
  const char* found = nullptr;
  auto consider = [&](const char* preset, const std::string& key) {
    if (key.empty() || (key != typed && key != stem)) return true;
    if (found && std::string_view(found) != preset) return false;  // two presets: not one model
    found = preset;
    return true;
  };
  for (const ModelPreset& m : Models())
    if (!consider(m.id.c_str(), Squashed(m.id)) || !consider(m.id.c_str(), Squashed(m.name))) return nullptr;
  for (const std::span<const HfId> table : {std::span<const HfId>(kHfIds), std::span<const HfId>(kSameArchitecture)})
    for (const HfId& h : table)
      if (!consider(h.preset, Squashed(VariantStem(h.hf)))) return nullptr;
  return found;
}

std::vector<std::string> PresetsNamedLike(std::string_view name) {
  std::vector<std::string> out;
  if (name.size() > 96 || name.find('/') != std::string_view::npos) return out;
  const std::string typed = Squashed(name);
  if (typed.size() < 3) return out;
  for (const ModelPreset& m : Models()) {
    if (Squashed(m.id).rfind(typed, 0) != 0 && Squashed(m.name).rfind(typed, 0) != 0) continue;
    out.push_back(m.id);
    if (out.size() == 12) break;
  }
  return out;
}

std::string HfIdOfPreset(std::string_view preset) {
  for (const HfId& h : kHfIds)
    if (preset == h.preset) return h.hf;
  return "";
}

const char* PresetOfHfId(std::string_view hf_id) {
  const std::string id = Lowered(hf_id);
  for (const HfId& h : kHfIds)
    if (id == Lowered(h.hf)) return h.preset;
  return nullptr;
}

const char* PresetOfHfVariant(std::string_view hf_id) {
  const std::string stem = VariantStem(hf_id);
  const char* found = nullptr;
  for (const std::span<const HfId> table : {std::span<const HfId>(kHfIds), std::span<const HfId>(kSameArchitecture)})
    for (const HfId& h : table) {
      if (VariantStem(h.hf) != stem) continue;
      if (found && std::string_view(found) != h.preset) return nullptr;  // two presets: not one architecture
      found = h.preset;
    }
  return found;
}

bool LooksLikeHfId(std::string_view text) {
  const size_t slash = text.find('/');
  if (slash == std::string_view::npos) return false;
  for (std::string_view part : {text.substr(0, slash), text.substr(slash + 1)}) {
    if (part.empty() || part.size() > 96 || part.front() == '.') return false;
    for (char c : part)
      if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-')) return false;
  }
  return true;
}

}  // namespace tp
