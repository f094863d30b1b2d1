// i18n.cpp — the language switch's state and the lookup over the page's table (web/strings_zh.inc) and the
// engine's (core/i18n_core). One hash map built on first use; lookups are a hash of a short string, so
// translating every label every frame costs microseconds.
#include "i18n.h"

#include <unordered_map>

namespace tp::ui {
namespace {

const Phrase kUiPhrases[] = {
#include "strings_zh.inc"
};

// Words Chinese technical writing keeps as they are (precisions, product and file-format names, the
// parallelism abbreviations): looked up like the rest, so the tests count them as handled, and returned
// unchanged.
const char* const kKeptInEnglish[] = {
    "FP32 (TF32)",
    "FP16",
    "BF16",
    "FP8",
    "AdamW",
    "LoRA",
    "QLoRA",
    "DoRA",
    "QDoRA",
    "CPU",
    "NVMe",
    "PUE",
    "GPU",
    "FlashAttention",
    "TrainPlan",
    "MFU",
    "MFU %s",
    "English",
    "简体中文",
    "TP %d",
    "PP %d",
    "CP %d",
    "EP %d",
    "DP %d",
    "ZeRO-%d",
    "SP",
    "USD",
    "GQA %d",
    "· GQA %d",
    "%s · %s %s · %s/s",
    "-",
    "PCIe 3.0 x16",
    "PCIe 4.0 x16",
    "PCIe 4.0 x8",
    "PCIe 5.0 x16",
};

Lang g_lang = Lang::En;

const std::unordered_map<std::string_view, const char*>& UiTable() {
  static const std::unordered_map<std::string_view, const char*> table = [] {
    std::unordered_map<std::string_view, const char*> t;
    for (const Phrase& p : kUiPhrases) t.emplace(p.en, p.zh);
    for (const char* same : kKeptInEnglish) t.emplace(same, same);
    return t;
  }();
  return table;
}

}  // namespace

void SetLanguage(Lang lang) { g_lang = lang; }
Lang CurrentLanguage() { return g_lang; }

const char* Tr(Lang lang, const char* english) {
  if (lang == Lang::En || !english || !*english) return english;
  const auto& t = UiTable();
  auto it = t.find(english);
  if (it != t.end()) return it->second;
  return Translate(lang, english);  // the engine's words (and its record of anything missing)
}

const char* Tr(const char* english) { return Tr(g_lang, english); }

std::string TrFill(const char* english, std::initializer_list<std::string_view> args) {
  return Fill(Tr(english), args);
}

const char* TrUnit(const char* unit) { return UnitWord(g_lang, unit); }

std::string TrId(const char* english) { return std::string(Tr(english)) + "###" + english; }

const std::vector<Phrase>& UiPhrases() {
  static const std::vector<Phrase> all(std::begin(kUiPhrases), std::end(kUiPhrases));
  return all;
}

bool UiHasTranslation(std::string_view english) { return UiTable().count(english) > 0; }

}  // namespace tp::ui
