// i18n_test.cpp — English and Chinese (core/i18n_core): every phrase of the engine's table is translated
// with its placeholders and printf conversions intact, every key's help (the page's tooltips) has a
// translation, every sentence the engine can produce finds its Chinese, switching the language leaves the
// plan (and the English JSON) identical, and the command line's text follows --lang with aligned columns.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>

#include "calibrate.h"
#include "cli.h"
#include "config.h"
#include "default_sources.h"
#include "format.h"
#include "i18n_core.h"
#include "launch.h"
#include "planner.h"
#include "report.h"
#include "resolve.h"
#include "scenario.h"
#include "search_config.h"
#include "sentences.h"
#include "text.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace i18n_test {

using namespace tp;

namespace {

// True when the text holds a CJK ideograph or full-width punctuation (anything from U+2E80 up in the BMP).
bool HasCjk(const std::string& s) {
  for (size_t i = 0; i + 2 < s.size(); ++i) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0xE2 && c <= 0xEF) {
      unsigned cp = ((c & 0x0F) << 12) | (((unsigned char)s[i + 1] & 0x3F) << 6) | ((unsigned char)s[i + 2] & 0x3F);
      if (cp >= 0x2E80) return true;
    }
  }
  return false;
}

// {0}, {1} ... placeholders of a pattern, as a sorted multiset.
std::vector<std::string> Placeholders(const std::string& s) {
  std::vector<std::string> out;
  for (size_t i = 0; i + 2 < s.size(); ++i)
    if (s[i] == '{' && s[i + 1] >= '0' && s[i + 1] <= '9' && s[i + 2] == '}') out.push_back(s.substr(i, 3));
  std::sort(out.begin(), out.end());
  return out;
}

// printf conversions in order ("%s", "%.1f", "%%"): a translation that changed them would crash or lie.
std::vector<std::string> Conversions(const std::string& s) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') continue;
    size_t j = i + 1;
    while (j < s.size() && std::string("0123456789.-+#lh$").find(s[j]) != std::string::npos) ++j;
    if (j < s.size() && std::string("diouxXfFeEgGaAcs%").find(s[j]) != std::string::npos) {
      out.push_back(s.substr(i, j - i + 1));
      i = j;
    }
  }
  return out;
}

Config Cfg(std::initializer_list<std::pair<const char*, const char*>> pairs) {
  Config c;
  std::vector<ConfigIssue> issues;
  for (auto& [k, v] : pairs) ApplyPair(c, k, v, issues);
  REQUIRE(issues.empty());
  return c;
}

// Plans that between them reach every bottleneck the defaults reach, warnings, offload and fit advice.
std::vector<Config> Scenarios() {
  return {
      Cfg({}),
      Cfg({{"model", "llama2-70b"}, {"gpu", "rtx4090"}, {"gpus", "8"}}),
      Cfg({{"model", "llama2-13b"}, {"gpu", "rtx4090"}, {"gpus", "1"}}),  // does not fit: fit advice
      Cfg({{"model", "llama3-8b"}, {"method", "qlora"}, {"gpu", "rtx4090"}, {"gpus", "1"}, {"seq", "2048"}}),
      Cfg({{"model", "llama3-70b"}, {"gpu", "h100"}, {"gpus", "64"}, {"seq", "32768"}, {"tokens", "1e11"}}),
      Cfg({{"model", "mixtral-8x7b"}, {"gpus", "128"}, {"tp", "16"}, {"pp", "1"}, {"ep", "1"}}),
      Cfg({{"model", "llama2-7b"}, {"gpus", "8"}, {"pp", "8"}, {"tp", "1"}, {"mbs", "1"}, {"gbs", "8"}}),
      Cfg({{"model", "custom"}, {"params", "7e9"}, {"gpus", "8"}}),
      Cfg({{"model", "llama2-13b"}, {"prec", "fp8"}, {"gpu", "h100"}, {"gpus", "16"}}),  // FP8 tensor cores
  };
}

std::string WithoutLang(PlanOutput out) {
  out.config.lang = "en";
  return PlanToJson(out);
}

}  // namespace

TEST_CASE("the Chinese table: every phrase translated, placeholders and conversions kept, keys unique", "[i18n]") {
  std::set<std::string> seen;
  for (const Phrase& p : CorePhrases()) {
    INFO(p.en);
    CHECK(seen.insert(p.en).second);  // one translation per English key
    REQUIRE(p.zh != nullptr);
    CHECK(std::string(p.zh) != p.en);
    CHECK(Placeholders(p.en) == Placeholders(p.zh));
    CHECK(Conversions(p.en) == Conversions(p.zh));
  }
  for (const Phrase& u : CoreUnitWords()) {
    INFO(u.en);
    CHECK(std::string(u.zh).size() > 0);
    CHECK(std::string(UnitWord(Lang::Zh, u.en)) == u.zh);
    CHECK(std::string(UnitWord(Lang::En, u.en)) == u.en);
  }
  CHECK(std::string(Translate(Lang::Zh, "pipeline bubble")) == "流水线气泡");
  CHECK(std::string(Translate(Lang::En, "pipeline bubble")) == "pipeline bubble");
  CHECK(std::string(UnitWord(Lang::Zh, "days")) == "天");
  CHECK(std::string(Translate(Lang::Zh, "days")) == "天数");  // the column heading, not the unit
}

// The page's own table (web/strings_zh.inc) is data: checked here, with the engine's, so a broken
// translation fails the core suite too (the UI suite checks that every label it draws is in it).
const Phrase kUiPhrases[] = {
#include "../../web/strings_zh.inc"
};

TEST_CASE("the page's Chinese table: translated, placeholders and printf conversions kept, keys unique", "[i18n]") {
  std::set<std::string> seen;
  for (const Phrase& p : kUiPhrases) {
    INFO(p.en);
    CHECK(seen.insert(p.en).second);
    CHECK(std::string(p.zh) != p.en);
    CHECK(HasCjk(p.zh));
    CHECK(Placeholders(p.en) == Placeholders(p.zh));
    CHECK(Conversions(p.en) == Conversions(p.zh));
  }
  CHECK(seen.size() > 150);
}

TEST_CASE("every key's help (the page's tooltips) and unit has a Chinese translation", "[i18n]") {
  std::vector<std::string> missing;
  SetMissingTranslationSink(&missing);
  for (const KeyInfo& k : Keys()) {
    INFO("key " << k.name << ": " << k.help);
    CHECK(HasTranslation(k.help));
    if (*k.unit) UnitWord(Lang::Zh, k.unit);
    if (const char* source = DefaultSource(k.name); *source) CHECK(HasTranslation(source));
  }
  SetMissingTranslationSink(nullptr);
  for (const std::string& m : missing) UNSCOPED_INFO(m);
  CHECK(missing.empty());
}

TEST_CASE("language codes, placeholders and terminal widths", "[i18n]") {
  CHECK(ParseLang("zh") == Lang::Zh);
  CHECK(ParseLang("zh-CN") == Lang::Zh);
  CHECK(ParseLang("zh_TW") == Lang::Zh);
  CHECK(ParseLang("ZH-Hans") == Lang::Zh);
  CHECK(ParseLang("en-US") == Lang::En);
  CHECK(ParseLang("zhx") == Lang::En);
  CHECK(ParseLang("") == Lang::En);
  CHECK(std::string(LangCode(Lang::Zh)) == "zh");
  CHECK(Fill("{1} before {0}", {"a", "b"}) == "b before a");
  CHECK(Fill("{{0}} {0} {5}", {"x"}) == "{0}} x {5}");
  CHECK(TrFill(Lang::Zh, "scenario {0}", {"2"}) == "方案 2");
  CHECK(DisplayWidth("GB") == 2);
  CHECK(DisplayWidth("显存") == 4);
  CHECK(DisplayWidth("（MFU）") == 7);
  CHECK(DisplayWidth("8 × A100") == 8);
  CHECK(UsdText(Lang::Zh, 1234567.4) == "1,234,567 美元");
  CHECK(UsdText(Lang::En, 999) == "999 USD");
}

TEST_CASE("every sentence the engine can say has its Chinese", "[i18n]") {
  std::vector<std::string> missing;
  SetMissingTranslationSink(&missing);
  const PlanOutput base = MakePlan(Config{});
  REQUIRE(base.ok);
  // Every bottleneck kind, in and across nodes, with and without a named link, fitting or not.
  for (int b = 0; b <= int(Bottleneck::Offload); ++b) {
    for (bool fits : {true, false}) {
      Plan p = base.plan;
      p.bottleneck = Bottleneck(b);
      p.memory.fits = fits;
      Job j = base.job;
      const std::string zh = BottleneckSentence(p, j, Lang::Zh);
      const std::string en = BottleneckSentence(p, j, Lang::En);
      INFO(en);
      CHECK(HasCjk(zh));
      CHECK(!HasCjk(en));
      CHECK(en == BottleneckSentence(p, j));  // the English overload is the old sentence
      j.hw.intra = j.hw.inter = nullptr;      // "the network"
      CHECK(HasCjk(BottleneckSentence(p, j, Lang::Zh)));
      CHECK(HasCjk(Translate(Lang::Zh, BottleneckName(Bottleneck(b)))));
    }
  }
  // Every warning at once.
  Plan p = base.plan;
  p.warnings = ~0u;
  const auto zh = WarningSentences(p, base.job, Lang::Zh);
  const auto en = WarningSentences(p, base.job, Lang::En);
  REQUIRE(zh.size() == en.size());
  REQUIRE(zh.size() >= 8);
  for (size_t i = 0; i < zh.size(); ++i) {
    INFO(en[i]);
    CHECK(HasCjk(zh[i]));
  }
  // Why a layout loses: each reason, by time and by cost, and a tie.
  Plan best = base.plan;
  for (int reason = 0; reason < 6; ++reason) {
    Plan worse = best;
    double* fields[] = {&worse.step.compute_s, &worse.step.memory_s, &worse.step.comm_exposed_s, &worse.step.bubble_s,
                        &worse.step.offload_s};
    if (reason < 5) *fields[reason] += 10;
    worse.run.days *= 1.5, worse.run.cost_usd *= 1.5, worse.step.seconds += 10;
    for (Objective o : {Objective::Time, Objective::Cost}) {
      INFO(WhyLoses(worse, best, o));
      CHECK(HasCjk(WhyLoses(worse, best, o, Lang::Zh)));
      CHECK(WhyLoses(worse, best, o, Lang::En) == WhyLoses(worse, best, o));
    }
  }
  CHECK(HasCjk(WhyLoses(best, best, Objective::Time, Lang::Zh)));
  // Whole reports in Chinese: plans, a comparison and searches.
  std::vector<PlanOutput> outs;
  for (Config c : Scenarios()) {
    c.lang = "zh";
    PlanOutput o = MakePlan(c);
    REQUIRE(o.ok);
    const std::string text = FormatPlan(o, Format::Text);
    CHECK(text.find("显存") != std::string::npos);
    CHECK(text.find("瓶颈") != std::string::npos);
    CHECK(HasCjk(FormatPlan(o, Format::Markdown)));
    outs.push_back(o);
  }
  CHECK(HasCjk(FormatComparison(outs, Format::Text)));
  CHECK(FormatComparison(outs, Format::Markdown).find("方案 2") != std::string::npos);
  for (size_t n : {size_t(0), size_t(2)}) {  // one that fits, one that does not
    SearchOptions options;
    options.top = 5;
    SearchResult r = SearchLayouts(outs[n].config, options);
    CHECK(HasCjk(FormatSearch(outs[n], r, Format::Text)));
    CHECK(HasCjk(FormatSearch(outs[n], r, Format::Markdown, Objective::Cost)));
  }
  // Fit advice: the structured remedies say the same in English as fit_advice, and have Chinese.
  const PlanOutput& tight = outs[2];
  REQUIRE(!tight.plan.memory.fits);
  REQUIRE(!tight.fit_remedies.empty());
  REQUIRE(tight.fit_remedies.size() == tight.fit_advice.size());
  for (size_t i = 0; i < tight.fit_remedies.size(); ++i) {
    CHECK(FitAdviceSentence(tight.fit_remedies[i], Lang::En) == tight.fit_advice[i]);
    CHECK(HasCjk(FitAdviceSentence(tight.fit_remedies[i], Lang::Zh)));
  }
  SetMissingTranslationSink(nullptr);
  INFO("English strings looked up without a Chinese translation");
  for (const std::string& m : missing) UNSCOPED_INFO(m);
  CHECK(missing.empty());
}

TEST_CASE("switching language keeps the plan identical and the JSON and CSV English", "[i18n]") {
  for (Config c : Scenarios()) {
    c.lang = "en";
    const PlanOutput en = MakePlan(c);
    c.lang = "zh";
    const PlanOutput zh = MakePlan(c);
    INFO(FormatLink(c));
    CHECK(WithoutLang(zh) == WithoutLang(en));  // every number, sentence and chosen layout
    CHECK(!HasCjk(PlanToJson(zh)));
    CHECK(!HasCjk(PlanToCsv(zh)));
    CHECK(FormatLink(zh.config).find("lang=zh") != std::string::npos);  // the choice travels in the link
    CHECK(HasCjk(PlanToText(zh)));
    CHECK(!HasCjk(PlanToText(en)));
    // The text tables hold the same numbers in the same order: only the words differ ("P2P" is the one
    // abbreviation with a digit that the Chinese adds).
    auto digits = [](std::string s) {
      for (size_t at; (at = s.find("P2P")) != std::string::npos;) s.erase(at, 3);
      std::string d;
      for (char ch : s)
        if (ch >= '0' && ch <= '9') d += ch;
      return d;
    };
    CHECK(digits(PlanToText(en)).size() > 50);
    CHECK(digits(PlanToText(zh)) == digits(PlanToText(en)));
  }
}

namespace {

// Every `"..."_issue` literal in core's sources (adjacent literals joined, \" and \\ resolved): the
// templates of every issue message core can emit, and the JSON reader's reasons. Only that suffix makes
// an IssueWords (core/base/issue.h), so a new message cannot escape this list.
std::vector<std::string> IssueTemplatesInSources() {
  std::vector<std::string> out;
  const std::filesystem::path core = std::filesystem::path(TRAINPLAN_TEST_DATA) / ".." / ".." / "core";
  for (const auto& entry : std::filesystem::recursive_directory_iterator(core)) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".cpp" && ext != ".h") continue;
    std::ifstream in(entry.path());
    std::stringstream buf;
    buf << in.rdbuf();
    const std::string code = buf.str();
    // A small lexer (std::regex recurses per character and overflows the stack on whole files): comments
    // and character literals skipped, adjacent string literals joined, kept when `_issue` follows.
    for (size_t i = 0; i < code.size(); ++i) {
      if (code.compare(i, 2, "//") == 0) {
        i = code.find('\n', i);
        if (i == std::string::npos) break;
      } else if (code.compare(i, 2, "/*") == 0) {
        i = code.find("*/", i);
        if (i == std::string::npos) break;
        ++i;
      } else if (code[i] == '\'') {
        for (++i; i < code.size() && code[i] != '\''; ++i)
          if (code[i] == '\\') ++i;
      } else if (code[i] == '"') {
        std::string text;
        size_t j = i;
        while (j < code.size() && code[j] == '"') {
          for (++j; j < code.size() && code[j] != '"'; ++j) text += code[j] == '\\' ? code[++j] : code[j];
          size_t next = code.find_first_not_of(" \t\r\n", j + 1);
          if (next == std::string::npos || code[next] != '"') break;
          j = next;
        }
        const bool declaration = i >= 8 && code.compare(i - 8, 8, "operator") == 0;  // operator""_issue
        if (!declaration && code.compare(j + 1, 6, "_issue") == 0) out.push_back(text);
        i = j;
      }
    }
  }
  return out;
}

// Issues of every kind core makes: parsing (pairs, links, JSON, config.json), the model and workload,
// the hardware, every layout check.
std::vector<ConfigIssue> BadInputIssues() {
  std::vector<ConfigIssue> all;
  auto pairs = [&](std::initializer_list<std::pair<const char*, const char*>> kv) {
    Config c;
    std::vector<ConfigIssue> issues;
    for (auto& [k, v] : kv) ApplyPair(c, k, v, issues);
    all.insert(all.end(), issues.begin(), issues.end());
    if (HasErrors(issues)) return;
    PlanOutput out = MakePlan(c);
    all.insert(all.end(), out.issues.begin(), out.issues.end());
  };
  pairs({{"tp", "x"}});
  pairs({{"prec", "int4"}});
  // An auto batch's notices: a recipe's global batch, one per data-parallel rank, and a layout that needs more; for
  // a dense model and for a mixture of experts, sized by its active parameters.
  pairs({{"model", "qwen3-30b-a3b"}, {"gpus", "8"}});
  for (const char* model : {"llama2-7b", "qwen3-30b-a3b"}) {
    pairs({{"model", model}, {"method", "lora"}, {"gpus", "1"}, {"gpu", "h100"}});
    pairs({{"model", model},
           {"gpus", "1024"},
           {"tp", "1"},
           {"pp", "1"},
           {"cp", "1"},
           {"ep", "1"},
           {"vp", "1"},
           {"mbs", "1"}});
  }
  pairs({{"model", "Qwen/Qwen2.5-7B-Instruct"}, {"gpus", "8"}});
  pairs({{"model", "Qwen/Qwen2.5-Math-7B"}});
  pairs({{"gpu", "Bad Id!"}});
  pairs({{"gpu", "RTX 4090"}, {"gpus", "8"}});      // a GPU by its name: the id it is planned as
  pairs({{"gpu", "A100"}});                         // ... and a name of two
  pairs({{"model", "Llama 3 8B"}, {"gpus", "8"}});  // a model by its name: the preset it is planned as
  pairs({{"model", "Llama 3"}});                    // ... and the start of several presets' names
  pairs({{"nonsense", "1"}});
  pairs({{"v", "7"}});
  pairs({{"model", "llama9"}});
  pairs({{"gpu", "tpu"}, {"gpus", "8"}});
  pairs({{"intra", "warp"}, {"inter", "carrier-pigeon"}, {"gpus", "8"}});
  pairs({{"model", "custom"}, {"layers", "4"}});
  pairs({{"model", "custom"}, {"layers", "4"}, {"hidden", "100"}, {"heads", "3"}, {"kv_heads", "2"}, {"gpus", "1"}});
  pairs({{"model", "mixtral-8x7b"}, {"topk", "9"}, {"dense_layers", "99"}});
  pairs({{"model", "custom"}, {"layers", "4"}, {"hidden", "256"}, {"heads", "4"}, {"experts", "8"}, {"gpus", "1"}});
  pairs(
      {{"model", "custom"}, {"layers", "4"}, {"hidden", "256"}, {"heads", "4"}, {"kv_lora_rank", "64"}, {"gpus", "1"}});
  pairs({{"model", "llama2-7b"}, {"params", "7e9"}, {"layers", "32"}, {"hidden", "4096"}, {"heads", "32"}});
  pairs({{"model", "llama2-7b"}, {"params", "5e9"}});
  pairs({{"model", "gpt2-1.5b"}, {"seq", "2048"}, {"gpus", "1"}});   // beyond its 1,024 learned positions
  pairs({{"model", "llama2-7b"}, {"seq", "16384"}, {"gpus", "8"}});  // beyond its trained 4,096 (rotary)
  // Calibrations physics rules out (issue #34): past the peak, below the weights, a factor past the peak, too slow.
  pairs({{"model", "llama3-8b"}, {"gpu", "h100"}, {"gpus", "16"}, {"measured_tokens_per_s_per_gpu", "25188"}});
  pairs({{"model", "llama3-8b"}, {"gpu", "h100"}, {"gpus", "8"}, {"measured_peak_gib", "1e-300"}});
  pairs({{"model", "qwen2.5-0.5b"}, {"gpu", "h100"}, {"gpus", "8"}, {"calib_speed", "20"}});
  pairs({{"model", "llama3-8b"}, {"gpu", "h100"}, {"gpus", "8"}, {"measured_tokens_per_s_per_gpu", "5"}});
  // A log from another GPU: torchtitan's own TFLOPS and MFU imply an A100's peak, planned on an H100.
  {
    Config c;
    std::vector<ConfigIssue> issues;
    for (auto [k, v] : {std::pair{"model", "llama3-8b"}, {"gpu", "h100"}, {"gpus", "8"}}) ApplyPair(c, k, v, issues);
    const PlanOutput out = MakePlan(
        c, ReadRunLog("step: 20  loss: 6.9  memory: 46.10GiB(58.00%)  tps: 2,410  tflops: 100.0  mfu: 32.0%\n"));
    all.insert(all.end(), out.issues.begin(), out.issues.end());
  }
  pairs({{"model", "llama2-7b"}, {"method", "qlora"}, {"prec", "fp32"}, {"lora_r", "9999"}});
  pairs({{"model", "llama2-7b"}, {"gpus", "8"}, {"tp", "3"}, {"pp", "64"}, {"vp", "3"}, {"ep", "2"}});
  pairs({{"model", "llama2-7b"}, {"gpus", "8"}, {"tp", "8"}, {"pp", "1"}, {"cp", "1"}, {"ep", "1"}, {"dp", "2"}});
  pairs({{"model", "llama2-7b"}, {"gpus", "16"}, {"tp", "1"}, {"pp", "1"}, {"vp", "2"}, {"ep", "1"}, {"cp", "3"}});
  pairs({{"model", "llama2-7b"}, {"gpus", "8"}, {"tp", "1"}, {"pp", "3"}, {"cp", "1"}, {"ep", "1"}});
  pairs({{"model", "llama2-7b"}, {"gpus", "8"}, {"tp", "1"}, {"pp", "1"}, {"cp", "1"}, {"mbs", "3"}, {"gbs", "1000"}});
  pairs({{"model", "llama2-70b"},
         {"gpus", "64"},
         {"tp", "8"},
         {"pp", "4"},
         {"vp", "3"},
         {"cp", "1"},
         {"ep", "1"},
         {"mbs", "3"},
         {"zero", "3"},
         {"offload", "none"}});
  pairs({{"model", "llama2-7b"}, {"gpus", "8"}, {"tp", "16"}, {"pp", "1"}, {"cp", "1"}, {"ep", "1"}});
  pairs({{"model", "mixtral-8x7b"}, {"gpus", "16"}, {"tp", "1"}, {"pp", "1"}, {"cp", "1"}, {"ep", "3"}});
  pairs({{"model", "llama2-7b"},
         {"gpus", "8"},
         {"tp", "1"},
         {"pp", "1"},
         {"cp", "1"},
         {"zero", "0"},
         {"offload", "cpu"}});
  pairs({{"model", "llama2-7b"}, {"gpus", "8"}, {"tp", "1"}, {"pp", "1"}, {"cp", "1"}, {"ep", "2"}});
  pairs({{"model", "mixtral-8x7b"},
         {"gpus", "8"},
         {"tp", "1"},
         {"pp", "1"},
         {"cp", "1"},
         {"ep", "4"},
         {"experts", "6"},
         {"mbs", "1"},
         {"zero", "1"},
         {"recompute", "full"},
         {"offload", "none"},
         {"sp", "0"},
         {"vp", "1"}});
  pairs({{"model", "llama2-7b"},
         {"gpus", "8"},
         {"tp", "1"},
         {"pp", "1"},
         {"cp", "1"},
         {"zero", "1"},
         {"offload", "nvme"},
         {"stack", "deepspeed"}});
  // The framework on auto follows the keys given: NVMe offload is DeepSpeed's (resolve.cpp StackForKeys).
  pairs({{"model", "llama2-7b"}, {"gpus", "8"}, {"zero", "3"}, {"offload", "nvme"}});
  // The named pipeline schedules (core/job/pipeline.cpp CheckSchedule).
  for (const auto& [schedule, vp, pp, gbs, gpus] :
       {std::tuple<const char*, const char*, const char*, const char*, const char*>{"interleaved", "1", "2", "64", "8"},
        {"zb-h1", "2", "2", "64", "8"},
        {"zbv", "3", "2", "64", "8"},
        {"dualpipe", "1", "3", "96", "12"},
        {"dualpipe", "1", "4", "8", "8"},
        {"dualpipe", "1", "2", "20", "8"}})
    pairs({{"model", "llama2-7b"},
           {"gpus", gpus},
           {"tp", "1"},
           {"pp", pp},
           {"vp", vp},
           {"cp", "1"},
           {"mbs", "1"},
           {"gbs", gbs},
           {"pp_schedule", schedule}});
  pairs({{"model", "llama2-7b"}, {"gpus", "8"}, {"tp", "1"}, {"pp", "2"}, {"vp", "2"}, {"pp_schedule", "1f1b"}});
  // The stacks' pipeline rules (pp_microbatches): one schedule per step, uneven schedules, interleaving per schedule.
  for (const char* stack : {"megatron", "fsdp"})
    for (const char* per : {"3", "1"})
      pairs({{"model", "llama2-7b"},
             {"gpus", "16"},
             {"tp", "1"},
             {"pp", "2"},
             {"vp", "2"},
             {"cp", "1"},
             {"ep", "1"},
             {"mbs", "1"},
             {"gbs", "64"},
             {"zero", std::string(stack) == "fsdp" ? "2" : "1"},  // FSDP shards no optimizer alone
             {"stack", stack},
             {"pp_microbatches", per}});
  // Hardware: a custom GPU missing its numbers, gpu_* keys on a catalog GPU, links a GPU cannot have or runs slower.
  pairs({{"gpu", "custom"}, {"gpus", "8"}});
  pairs({{"gpu", "h100"}, {"gpus", "8"}, {"gpu_mem_gib", "80"}});
  pairs({{"gpu", "rtx4090"}, {"gpus", "8"}, {"intra", "nvlink4"}});
  pairs({{"gpu", "rtx3090"}, {"gpus", "8"}, {"intra", "nvlink4"}});
  pairs({{"gpu", "rtx4090"}, {"gpus", "8"}, {"intra", "pcie5"}});
  pairs({{"gpu", "rtx3090"}, {"gpus", "8"}, {"gpus_per_node", "4"}, {"intra", "nvlink-bridge3"}});
  pairs({{"gpus", "8"}, {"inter", "nvlink4"}});
  pairs({{"gpus", "8"}, {"intra", "ib-ndr"}});
  pairs({{"gpu", "gb200"}, {"gpus", "8"}, {"intra", "nvlink-c2c"}});
  // Frameworks and their rules.
  pairs({{"stack", "jax"}});
  pairs({{"stack", "hf"}, {"recompute", "selective"}});
  pairs({{"stack", "fsdp"}, {"grad_fp32", "0"}});  // Megatron-Core's own settings
  pairs({{"stack", "megatron"}, {"prec", "bf16"}, {"fp8_params", "1"}});
  pairs({{"stack", "fsdp"}, {"stack_year", "2025"}, {"gpu", "h100"}, {"prec", "fp8"}, {"fp8_params", "1"}});
  pairs({{"stack", "megatron"}, {"gpus", "8"}, {"tp", "4"}, {"sp", "0"}, {"tp_overlap", "1"}});
  // Megatron-Core's expert all-to-all overlap and the layouts it runs with (layout_rules.cpp ExpertOverlap).
  pairs({{"stack", "megatron"}, {"model", "qwen3-30b-a3b"}, {"gpus", "8"}, {"ep", "1"}, {"moe_a2a_overlap", "1"}});
  pairs({{"stack", "megatron"},
         {"model", "qwen3-30b-a3b"},
         {"gpus", "8"},
         {"ep", "8"},
         {"pp", "2"},
         {"vp", "1"},
         {"recompute", "full"},
         {"moe_a2a_overlap", "1"}});
  // Hybrid sharding's groups (layout_rules.cpp Techniques): states to shard, and whole groups.
  pairs({{"stack", "fsdp"}, {"gpus", "16"}, {"tp", "1"}, {"pp", "1"}, {"cp", "1"}, {"zero", "0"}, {"dp_shard", "8"}});
  pairs({{"stack", "fsdp"}, {"gpus", "16"}, {"tp", "1"}, {"pp", "1"}, {"cp", "1"}, {"zero", "3"}, {"dp_shard", "6"}});
  // The capability table (core/stack/capabilities.h): absent, an extension, not found in code, not yet.
  pairs({{"stack", "megatron"}, {"method", "qlora"}});
  // An RL framework's policy training without the stack's pipeline engine (core/stack/capabilities.h).
  pairs({{"model", "llama2-7b"},
         {"goal", "ppo"},
         {"stack", "deepspeed"},
         {"rl_framework", "openrlhf"},
         {"pp", "2"},
         {"gpus", "8"}});
  pairs({{"stack", "megatron"}, {"method", "lora"}, {"gpus", "1"}});
  pairs({{"stack", "unsloth"}, {"method", "lora"}, {"prec", "fp8"}, {"gpus", "1"}});
  pairs({{"stack", "megatron"}, {"stack_year", "2024"}, {"zero", "3"}, {"gpus", "8"}});
  // Split pools on one GPU.
  pairs({{"model", "qwen2.5-0.5b"}, {"goal", "grpo"}, {"rl_colocate", "0"}, {"gpus", "1"}});
  pairs({{"model", "qwen2.5-0.5b"}, {"goal", "grpo"}, {"rl_response_len", "2k"}, {"gpus", "8"}});
  // Not yet in the default release, the release on auto: raised to the first that has it, and said.
  pairs({{"model", "qwen2.5-7b"}, {"goal", "grpo"}, {"method", "lora"}, {"rl_framework", "nemo-rl"}, {"gpus", "8"}});
  pairs({{"stack", "unsloth"}, {"stack_year", "2024"}, {"method", "qlora"}, {"gpus", "8"}});  // one GPU only
  pairs({{"model", "llama2-7b"},
         {"gpus", "1"},
         {"method", "lora"},
         {"opt_in_bwd", "1"},
         {"mbs", "1"},
         {"gbs", "4"},
         {"tp", "1"},
         {"pp", "1"},
         {"cp", "1"}});
  // Sizes: a step beyond the largest global batch; a search space too large to walk.
  pairs({{"model", "llama2-7b"},
         {"gpus", "10000000"},
         {"tp", "1"},
         {"pp", "1"},
         {"cp", "1"},
         {"ep", "1"},
         {"mbs", "1000000"}});
  pairs({{"model", "custom"},
         {"layers", "55440"},
         {"hidden", "4096"},
         {"heads", "1024"},
         {"experts", "55440"},
         {"topk", "8"},
         {"gpus", "7096320"},
         {"gpus_per_node", "1024"}});
  // Calibration: measurements no factor can reproduce, factors carried to another GPU.
  pairs({{"model", "llama2-7b"}, {"gpus", "8"}, {"measured_peak_gib", "5000"}});  // more than activations explain
  // Faster than 20x kernel speed yet under the peak: a communication-bound layout (TP 8 over PCIe without P2P).
  pairs({{"model", "llama2-7b"},
         {"gpu", "rtx4090"},
         {"gpus", "8"},
         {"tp", "8"},
         {"pp", "1"},
         {"measured_tokens_per_s_per_gpu", "2000"}});
  pairs({{"gpus", "8"}, {"gpu", "h100"}, {"calib_speed", "0.9"}, {"calib_gpu", "a100-80g"}});
  // FP8 where the stack's release runs no recipe planned here (torchtitan 2026: row-wise only), and Ulysses' head
  // split that cp does not divide.
  pairs({{"model", "llama3.1-8b"},
         {"stack", "fsdp"},
         {"stack_year", "2026"},
         {"prec", "fp8"},
         {"gpu", "h100"},
         {"gpus", "8"}});
  pairs({{"model", "llama3.1-8b"},
         {"stack", "megatron"},
         {"gpu", "h100"},
         {"gpus", "64"},
         {"tp", "8"},
         {"cp", "8"},
         {"pp", "1"},
         {"cp_comm", "a2a"}});
  // A compare scenario that is not key:value pairs (the cmp key refuses it whole; a column reads it part by part).
  {
    std::vector<ConfigIssue> issues;
    ScenarioConfig(Config{}, "gpu-h100", &issues);
    all.insert(all.end(), issues.begin(), issues.end());
  }
  // Each parse with its own list: the list is capped at 32 issues ("more problems not shown").
  auto parse = [&](auto apply, const std::string& text) {
    Config c;
    std::vector<ConfigIssue> issues;
    apply(c, text, issues);
    all.insert(all.end(), issues.begin(), issues.end());
  };
  parse(ApplyLink, "#v=1&tp&future_key=1&gpus=8");
  parse(ApplyLink, std::string(70 * 1024, '&'));
  std::string many = "#v=1";
  for (int i = 0; i < 600; ++i) many += "&gpus=8";
  parse(ApplyLink, many);
  for (int i = 0; i < 40; ++i) many += "&tp=x";
  parse(ApplyLink, many.substr(0, 4) + many.substr(many.size() - 40 * 5));
  parse(ApplyJson, "{\"tp\": [1]}");
  parse(ApplyJson, "[1]");
  for (const char* broken :
       {"{\"tp\": 1,", "{\"tp\" 1}", "{\"tp\": 1 2}", "[1 2]", "{1: 2}", "{\"a\": \"\\q\"}", "{\"a\": \"\\u12\"}",
        "{\"a\": \"\\uzzzz\"}", "{\"a\": \"open", "{\"a\": -}", "{\"a\": 1e999}", "{\"a\": nul}", "{} x",
        "{\"a\": ", "{\"a\": \"\\u12", "{\"a\": @}", "{\"a\": \"\\ud800\"}"})
    parse(ApplyJson, broken);
  parse(ApplyJson, std::string(10000, '['));
  parse(ApplyHfConfig, "[1]");
  parse(ApplyHfConfig, "{\"hidden_size\": 64}");
  parse(ApplyHfConfig,
        R"({"num_hidden_layers": 2, "hidden_size": 256, "num_attention_heads": 4, "intermediate_size": 512,
                          "num_experts": 8, "num_experts_per_tok": 2, "moe_intermediate_size": 128,
                          "shared_expert_intermediate_size": 200})");
  // Post-training's refusals and notices (rl_setup.cpp).
  for (const char* rl : {"goal=dpo&rl_samples=3",
                         "goal=grpo&rl_response_len=2000&rl_max_response_len=1000",
                         "goal=grpo&gpus=8&rl_rollout_gpus=4",
                         "goal=grpo&gbs=64",
                         "goal=grpo&rl_engine=hf&rl_colocate=0",
                         "goal=grpo&rl_reward=nosuchmodel",
                         "goal=grpo&gpus=8&rl_rollout_tp=3",
                         "goal=grpo&rl_prompts=1&rl_samples=1&rl_updates=4",
                         "goal=grpo&gpus=8&rl_colocate=0&rl_rollout_gpus=8",
                         "goal=grpo&rl_framework=deepspeed-chat",
                         "goal=grpo&rl_framework=openrlhf&rl_engine=sglang",
                         "goal=grpo&rl_max_response_len=4096&rl_mb_tokens=2048",
                         "goal=grpo&rl_framework=openrlhf&rl_max_response_len=4096&rl_mb_tokens=2048",
                         "goal=grpo&rl_mb_tokens=8192&mbs=3",
                         "goal=grpo&rl_logprob_mb_tokens=8192&rl_logprob_mbs=3",
                         "goal=grpo&rl_max_age=4",
                         "goal=grpo&rl_engine=hf&rl_gen_prec=fp8",
                         "goal=grpo&rl_framework=nemo-rl&rl_park=1",
                         "goal=dpo&rl_max_seqs=64",
                         "goal=grpo&rl_framework=openrlhf&rl_park=1&offload=cpu",
                         "goal=grpo&stack=unsloth&method=lora&gpus=1&rl_sleep=1&rl_kv_frac=0.9",
                         "goal=grpo&gpus=8&rl_colocate=0&rl_sleep=1",
                         "rl_samples=4"}) {
    Config c;
    ApplyLink(c, rl, all);
    ResolveJob(c, all);
  }
  {
    Config t4;  // bf16 on a GPU without BF16 tensor cores: planned in fp16, said
    ApplyLink(t4, "gpu=t4", all);
    ResolveJob(t4, all);
  }
  const Job job = ResolveJob(Config{}, all);
  Layout bad;
  bad.tp = 0;
  CheckLayout(job, bad, &all);
  bad = Layout{};
  bad.zero = 7;
  CheckLayout(job, bad, &all);
  // Launch configs (core/launch): a bad file of each syntax, values the importer or the planner refuses, keys
  // it cannot map, a model it does not know, the GPUs a file leaves out; an export refused, dropping, rewriting.
  auto import = [&](LaunchFormat f, const std::string& text) {
    const LaunchImport imp = ImportLaunch(text, &f);
    all.insert(all.end(), imp.issues.begin(), imp.issues.end());
    Config c;
    ApplyLaunchImport(c, imp, all);
  };
  import(LaunchFormat::DeepSpeed, "{\"train_batch_size\": 8,\n oops}");
  import(LaunchFormat::LlamaFactory, "a: [1,\n");
  import(LaunchFormat::Hf, "x = f(\n");
  import(LaunchFormat::Megatron, "--a 'x\n");
  // Megatron's optimizer instances that the default GPU count's data-parallel degree (8) does not divide.
  import(LaunchFormat::Megatron,
         "--num-layers 2 --hidden-size 64 --num-attention-heads 4 --use-distributed-optimizer "
         "--num-distributed-optimizer-instances 3\n");
  import(LaunchFormat::LlamaFactory, "model_name_or_path: Qwen/Qwen2.5-7B-Instruct\nfinetuning_type: lora\n");
  // The experts' parameters of some layers only (OpenAI's GPT-OSS recipe): planned as every layer's, said.
  import(LaunchFormat::Axolotl,
         "base_model: openai/gpt-oss-20b\nadapter: lora\nlora_target_parameters:\n  - 7.mlp.experts.gate_up_proj\n");
  // LoRA target modules on a mixture of experts: no routed expert reached (planned as lora_targets=dense).
  import(LaunchFormat::LlamaFactory, "model_name_or_path: Qwen/Qwen3-30B-A3B\nfinetuning_type: lora\n");
  import(LaunchFormat::LlamaFactory,
         "model_name_or_path: acme/unknown\nfinetuning_type: lora\nlora_rank: 99999\n"
         "lora_dropout: x\nlearning_rate: 1\noptim: lion_32bit\n");
  const LaunchImport notebook =
      ImportLaunch(R"({"cells": [{"cell_type": "code", "source": ["!pip install trl\n", "x = 1\n"]}], "nbformat": 4})");
  all.insert(all.end(), notebook.issues.begin(), notebook.issues.end());
  const LaunchImport prose = ImportLaunch("hello");
  all.insert(all.end(), prose.issues.begin(), prose.issues.end());
  const LaunchImport big = ImportLaunch(std::string(2 << 20, ' '));
  all.insert(all.end(), big.issues.begin(), big.issues.end());
  for (const auto& [f, pairs] : std::vector<std::pair<LaunchFormat, std::vector<std::pair<const char*, const char*>>>>{
           {LaunchFormat::Hf, {{"model", "llama3-70b"}, {"gpus", "64"}, {"tp", "8"}}},
           {LaunchFormat::DeepSpeed, {{"model", "llama3.1-8b"}, {"method", "lora"}, {"gpus", "8"}}},
           {LaunchFormat::Hf, {{"model", "llama3.1-8b"}, {"gpus", "8"}, {"zero", "1"}}}}) {
    Config c;
    for (const auto& [k, v] : pairs) ApplyPair(c, k, v, all);
    const LaunchExport ex = ExportLaunch(LaunchPlan(c, f), f);
    all.insert(all.end(), ex.issues.begin(), ex.issues.end());
    if (ex.ok) import(f, ex.text);  // an export read back: its header gives what the file cannot say
  }
  const LaunchExport none = ExportLaunch(PlanOutput{}, LaunchFormat::Hf);
  all.insert(all.end(), none.issues.begin(), none.issues.end());
  return all;
}

}  // namespace

TEST_CASE("every issue template in core's sources has its Chinese, with the same placeholders", "[i18n]") {
  const std::vector<std::string> templates = IssueTemplatesInSources();
  CHECK(templates.size() > 60);  // the scan finds them (config.cpp, resolve.cpp, json.cpp)
  for (const std::string& t : templates) {
    INFO(t);
    REQUIRE(HasTranslation(t));
    CHECK(Placeholders(Translate(Lang::Zh, t.c_str())) == Placeholders(t));
    CHECK(HasCjk(Translate(Lang::Zh, t.c_str())));
  }
}

TEST_CASE("issues in Chinese keep every value of the English, the English is unchanged", "[i18n]") {
  std::vector<std::string> missing;
  SetMissingTranslationSink(&missing);
  const std::vector<ConfigIssue> issues = BadInputIssues();
  const std::vector<std::string> templates = IssueTemplatesInSources();
  std::set<std::string> used;
  for (const ConfigIssue& is : issues) {
    const std::string en = FormatIssue(is), zh = FormatIssue(is, Lang::Zh);
    INFO(en << "\n" << zh);
    REQUIRE(is.words != nullptr);  // every issue core makes has its template
    used.insert(is.words);
    CHECK(std::find(templates.begin(), templates.end(), is.words) != templates.end());
    CHECK(FormatIssue(is, Lang::En) == en);
    CHECK(en == (is.key.empty() ? is.message : is.key + ": " + is.message));
    CHECK(IssueMessage(is, Lang::En) == is.message);
    CHECK(HasCjk(zh));
    CHECK(zh.find(is.key) == 0);  // the key first, as typed
    for (const IssueArg& a : is.args) {
      if (a.words) {
        used.insert(a.text);  // a JSON reader's reason
        const std::string words = TranslateWords(Lang::Zh, a.text);
        CHECK(zh.find(words) != std::string::npos);
        for (const char* english : {" or ", "a whole number", "a number", " id ("})
          CHECK(words.find(english) == std::string::npos);
      } else {
        CHECK(zh.find(a.text) != std::string::npos);  // numbers, ids, key names, what was typed
      }
    }
  }
  SetMissingTranslationSink(nullptr);
  for (const std::string& m : missing) UNSCOPED_INFO("no Chinese for: " << m);
  CHECK(missing.empty());
  std::set<std::string> unused(templates.begin(), templates.end());
  for (const std::string& u : used) unused.erase(u);
  for (const std::string& u : unused) UNSCOPED_INFO("not reached by the bad inputs above: " << u);
  CHECK(unused.empty());
  // A value the user typed that looks like a placeholder stays as typed.
  Config c;
  std::vector<ConfigIssue> typed;
  ApplyPair(c, "tp", "{0}", typed);
  REQUIRE(typed.size() == 1);
  CHECK(FormatIssue(typed[0]) == "tp: expected a whole number 1-1024 or auto, got \"{0}\"");
  CHECK(FormatIssue(typed[0], Lang::Zh) == "tp：应为：整数 1-1024 或 auto；实际是 \"{0}\"");
}

TEST_CASE("the command line's error line and notes follow --lang, its exit status does not", "[i18n][cli]") {
  std::string out, err;
  CHECK(RunCli({"plan", "tp=3"}, out, err) == 2);
  CHECK(err == "trainplan: tp: 3 does not divide the 64 attention heads; accepted: a divisor of heads (and 3 more)\n");
  for (const std::vector<std::string>& args : {std::vector<std::string>{"plan", "tp=3", "--lang", "zh"},
                                               std::vector<std::string>{"plan", "--lang=zh", "tp=3"}}) {
    err.clear();
    CHECK(RunCli(args, out, err) == 2);
    CHECK(err == "trainplan: tp：3 不能整除 64 个注意力头；可选值：注意力头数的约数（另有 3 条）\n");
  }
  err.clear();  // the language applies from the start, whatever the order of the arguments
  CHECK(RunCli({"plan", "tp=x", "--lang", "zh"}, out, err) == 2);
  CHECK(err == "trainplan: tp：应为：整数 1-1024 或 auto；实际是 \"x\"\n");
  err.clear();
  CHECK(RunCli({"compare", "--link", "#v=1&prec=int4", "--lang", "zh"}, out, err) == 2);
  CHECK(err == "trainplan: 方案 1：prec：应为：fp32、fp16、bf16 或 fp8；实际是 \"int4\"\n");
  err.clear();
  CHECK(RunCli({"plan", "gpu=tpu", "--lang", "zh"}, out, err) == 2);
  CHECK(err.find("trainplan: gpu：未知的 GPU \"tpu\"；可选值：custom、rtx") == 0);
  CHECK(err.find(" or ") == std::string::npos);
  // Notes on stderr, and the text report's rows.
  out.clear(), err.clear();
  REQUIRE(RunCli({"plan", "model=custom", "layers=2", "hidden=64", "heads=4", "gpus=1", "--lang", "zh"}, out, err) ==
          0);
  CHECK(err.find("提示：vocab：未给出；按 32000 计算（Llama 2 的分词器）\n") == 0);
  CHECK(err.find("提示：gbs：自动：") != std::string::npos);  // the recipe batch an auto gbs became
  CHECK(out.find("vocab：未给出") != std::string::npos);
  out.clear(), err.clear();
  REQUIRE(RunCli({"plan", "model=custom", "layers=2", "hidden=64", "heads=4", "gpus=1"}, out, err) == 0);
  CHECK(err.find("note: vocab: not given; assuming 32000 (the Llama 2 tokenizer)\n") == 0);
  CHECK(err.find("note: gbs: auto: ") != std::string::npos);
  // JSON stays English.
  out.clear(), err.clear();
  REQUIRE(
      RunCli({"plan", "model=custom", "layers=2", "hidden=64", "heads=4", "gpus=1", "--format", "json", "--lang", "zh"},
             out, err) == 0);
  CHECK(out.find("\"vocab: not given; assuming 32000 (the Llama 2 tokenizer)\"") != std::string::npos);
  CHECK(!HasCjk(out));
}

TEST_CASE("the command line's own usage errors follow --lang, wherever it stands", "[i18n][cli]") {
  struct Usage {
    std::vector<std::string> args;
    const char* en;
    const char* zh;
  };
  const Usage usages[] = {
      {{"plan", "--frobnicate"},
       "unknown option --frobnicate; see `trainplan plan --help`",
       "未知选项 --frobnicate；请看 `trainplan plan --help`"},
      {{"plan", "--format", "xml"},
       "--format: expected text, json, csv or md, got \"xml\"",
       "--format：应为 text、json、csv 或 md，实际是 \"xml\""},
      {{"search", "--objective", "speed"},
       "--objective: expected time or cost, got \"speed\"",
       "--objective：应为 time 或 cost，实际是 \"speed\""},
      {{"search", "--top", "0"},
       "--top: expected a whole number 1-1000, got \"0\"",
       "--top：应为 1-1000 的整数，实际是 \"0\""},
      {{"plan", "llama"},
       "unexpected argument \"llama\" (keys are KEY=VALUE)",
       "多余的参数 \"llama\"（配置项写作 KEY=VALUE）"},
      {{"catalog", "gpuz"},
       "catalog: expected gpus, models, links or stacks, got \"gpuz\"",
       "catalog：应为 gpus、models、links 或 stacks，实际是 \"gpuz\""},
      {{"bogus"},
       "unknown command \"bogus\"; expected plan, explain, compare, search, catalog, link or export",
       "未知命令 \"bogus\"；应为 plan、explain、compare、search、catalog、link 或 export"},
      {{"plan", "--config", "/nonexistent/trainplan.json"},
       "--config: cannot read \"/nonexistent/trainplan.json\"",
       "--config：无法读取 \"/nonexistent/trainplan.json\""},
  };
  for (const Usage& u : usages) {
    std::string out, err;
    INFO(u.en);
    CHECK(RunCli(u.args, out, err) == 2);
    CHECK(err == std::string("trainplan: ") + u.en + "\n");
    for (int where = 0; where < 2; ++where) {  // --lang before or after the bad argument
      std::vector<std::string> args = u.args;
      if (where == 0)
        args.insert(args.begin() + 1, {"--lang", "zh"});
      else
        args.push_back("--lang=zh");
      err.clear();
      CHECK(RunCli(args, out, err) == 2);
      CHECK(err == std::string("trainplan: ") + u.zh + "\n");
    }
  }
}

TEST_CASE("the command line's text follows --lang, JSON does not", "[i18n][cli]") {
  std::string out, err;
  REQUIRE(RunCli({"plan", "model=llama2-70b", "gpu=rtx4090", "gpus=2048", "--lang", "zh"}, out, err) == 0);
  for (const char* label : {"每张 GPU 的显存", "优化器状态", "激活值", "张量并行通信", "流水线气泡", "算力利用率 MFU",
                            "有效训练时间占比", "检查点间隔", "总拥有成本", "瓶颈", "美元", "天"})
    CHECK(out.find(label) != std::string::npos);
  // Columns line up in a terminal: every value of a section starts at the same display column.
  {
    std::stringstream in(out);
    std::map<size_t, int> starts;
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("  ", 0) != 0) continue;
      size_t gap = line.find("  ", 2);  // the label's padding (labels have single spaces only)
      while (gap != std::string::npos && gap + 2 < line.size() && line[gap + 2] == ' ') ++gap;
      if (gap == std::string::npos) continue;
      ++starts[DisplayWidth(line.substr(0, gap + 2))];
    }
    REQUIRE(!starts.empty());
    CHECK(starts.size() == 1);
  }
  std::string en_json, zh_json;
  REQUIRE(RunCli({"plan", "model=llama2-7b", "gpus=8", "--format", "json"}, en_json, err) == 0);
  REQUIRE(RunCli({"plan", "model=llama2-7b", "gpus=8", "--format", "json", "--lang=zh"}, zh_json, err) == 0);
  CHECK(!HasCjk(zh_json));
  CHECK(zh_json.find("\"lang\": \"zh\"") != std::string::npos);
  out.clear();
  REQUIRE(RunCli({"compare", "--link", "#v=1&gpu=a100-80g", "--link", "#v=1&gpu=h100", "--lang", "zh"}, out, err) == 0);
  CHECK(out.find("方案 1") != std::string::npos);
  out.clear();
  REQUIRE(RunCli({"search", "model=llama2-7b", "gpus=8", "--top", "3", "--lang", "zh"}, out, err) == 0);
  CHECK(out.find("搜索了") != std::string::npos);
  out.clear();
  err.clear();
  CHECK(RunCli({"plan", "--lang", "fr"}, out, err) == 2);
  CHECK(err.find("lang") != std::string::npos);
  CHECK(err.find('\n') == err.size() - 1);
}

}  // namespace i18n_test
