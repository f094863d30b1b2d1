// report_test.cpp — the report formats: the JSON carries every interface.md field with the engine's exact
// numbers, its resolved "config" reproduces the same plan, text is an aligned table with units, CSV
// header and rows agree, comparisons put each scenario's own numbers side by side, output is
// deterministic, and plans with errors or extreme inputs still print valid, finite JSON.
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include "catalog.h"
#include "compare.h"
#include "config.h"
#include "format.h"
#include "json.h"
#include "planner.h"
#include "report.h"
#include "search_config.h"
#include "sentences.h"
#include "test_links.h"
#include "units.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace report_test {

using namespace tp;
using tp::testing::FromLink;

namespace {

JsonValue Parse(const std::string& text) {
  JsonParseResult r = ParseJson(text);
  INFO(text.substr(0, 400));
  REQUIRE(r.ok);
  return r.value;
}

const JsonValue& At(const JsonValue& v, const char* section, const char* key) {
  const JsonValue* s = v.Find(section);
  REQUIRE(s);
  const JsonValue* k = s->Find(key);
  INFO(section << "." << key);
  REQUIRE(k);
  return *k;
}

std::vector<std::string> Lines(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start < s.size()) {
    size_t end = s.find('\n', start);
    if (end == std::string::npos) end = s.size();
    out.push_back(s.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

// Split one CSV line honouring quotes.
std::vector<std::string> CsvSplit(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"')
        out.back() += '"', ++i;
      else if (c == '"')
        quoted = false;
      else
        out.back() += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  return out;
}

std::string Fmt(const char* f, double a, double b) {
  char buf[96];
  std::snprintf(buf, sizeof buf, f, a, b);
  return buf;
}

// The text of one top-level section of a plan JSON.
std::string SectionText(const std::string& json, const std::string& name) {
  size_t start = json.find("\n  \"" + name + "\": {");
  REQUIRE(start != std::string::npos);
  size_t end = json.find("\n  }", start);
  REQUIRE(end != std::string::npos);
  return json.substr(start, end - start);
}

const char* kLlama =
    "#v=1&model=llama2-70b&gpu=h100&gpus=64&tp=8&pp=2&dp=4&mbs=1&zero=1&recompute=selective&sp=1&offload=none&vp=1&cp="
    "1&ep=1";

}  // namespace

TEST_CASE("plan JSON has every interface.md field with the engine's exact numbers", "[report]") {
  PlanOutput out = MakePlan(FromLink(kLlama));
  REQUIRE(out.ok);
  JsonValue j = Parse(PlanToJson(out));
  const char* memory[] = {"weights_bytes",   "gradients_bytes",   "optimizer_bytes", "activations_bytes",
                          "other_bytes",     "total_bytes",       "capacity_bytes",  "fits",
                          "max_micro_batch", "model_states_bytes"};
  const char* step[] = {"seconds",   "compute_s", "memory_s",       "comm_tp_s",
                        "comm_dp_s", "comm_pp_s", "comm_exposed_s", "bubble_s"};
  const char* throughput[] = {
      "tokens_per_s", "tokens_per_s_per_gpu", "model_tflops_per_gpu", "hardware_tflops_per_gpu", "mfu", "hfu"};
  const char* run[] = {"tokens",          "days",       "gpu_hours", "goodput", "failures",
                       "ckpt_interval_s", "energy_kwh", "cost_usd"};
  for (const char* k : memory) At(j, "memory", k);
  for (const char* k : step) At(j, "step", k);
  for (const char* k : throughput) At(j, "throughput", k);
  for (const char* k : run) At(j, "run", k);
  REQUIRE(j.Find("link"));
  CHECK(j.Find("link")->string == FormatLink(out.config));
  REQUIRE(j.Find("bottleneck"));
  CHECK(j.Find("bottleneck")->string == BottleneckSentence(out.plan, out.job));
  REQUIRE(j.Find("warnings"));
  CHECK(j.Find("warnings")->IsArray());
  // Every configuration key, resolved; the page's view keys (view, cmp) are not part of a plan.
  for (const KeyInfo& k : Keys()) {
    INFO(k.name);
    CHECK((j.Find("config")->Find(k.name) != nullptr) == (k.group != KeyGroup::View));
  }
  CHECK(At(j, "config", "layers").number == out.job.model.layers);
  CHECK(At(j, "config", "intra").string == out.job.hw.intra->id);
  CHECK(At(j, "config", "tp").number == 8);

  // Exactly the engine's numbers (shortest round-trip text reads back bit for bit).
  CHECK(At(j, "memory", "weights_bytes").number == out.plan.memory.weights);
  CHECK(At(j, "memory", "total_bytes").number == out.plan.memory.total);
  CHECK(At(j, "memory", "fits").boolean == out.plan.memory.fits);
  CHECK(At(j, "step", "seconds").number == out.plan.step.seconds);
  CHECK(At(j, "throughput", "mfu").number == out.plan.throughput.mfu);
  CHECK(At(j, "run", "cost_usd").number == out.plan.run.cost_usd);
  CHECK(At(j, "run", "tokens").number == out.job.work.tokens);
  CHECK(At(j, "model", "params").number == out.job.model.params_total);
  CHECK(At(j, "config", "params").number == out.job.model.params_total);
}

TEST_CASE("the resolved config in the JSON reproduces the same plan", "[report]") {
  for (const char* link : {kLlama, "#v=1&model=llama3-8b&gpus=8&gpu=h100",
                           "#v=1&layers=24&hidden=2304&heads=24&vocab=51200&act=gelu&gpus=32&seq=2048",
                           "#v=1&model=mixtral-8x7b&gpus=16&gpu=h100", "#v=1&params=7.5e9&gpus=64&zero=3&prec=fp16",
                           "#v=1&model=deepseek-v3&gpus=256&gpu=h800"}) {
    INFO(link);
    PlanOutput first = MakePlan(FromLink(link));
    REQUIRE(first.ok);
    std::string json = PlanToJson(first);
    Config again;
    std::vector<ConfigIssue> issues;
    ApplyJson(again, json, issues);
    CHECK_FALSE(HasErrors(issues));
    PlanOutput second = MakePlan(again);
    REQUIRE(second.ok);
    CHECK(second.job.model.params_total == first.job.model.params_total);
    CHECK(second.plan.memory.total == first.plan.memory.total);
    CHECK(second.plan.step.seconds == first.plan.step.seconds);
    CHECK(second.plan.run.cost_usd == first.plan.run.cost_usd);
    // And the second JSON's sections are the first's, byte for byte (only "link" and "evaluated"
    // differ: the second plan has every key explicit and needs no search).
    std::string json2 = PlanToJson(second);
    for (const char* section : {"config", "model", "memory", "step", "throughput", "run"}) {
      INFO(section);
      std::string a = SectionText(json, section), b = SectionText(json2, section);
      // The budget is explicit the second time: the same number, no longer flagged as defaulted.
      for (std::string* t : {&a, &b})
        if (size_t at = t->find("\"tokens_defaulted\""); at != std::string::npos) t->erase(at, t->find('\n', at) - at);
      CHECK(a == b);
    }
  }
}

TEST_CASE("text is an aligned table with units, its numbers from the plan", "[report]") {
  PlanOutput out = MakePlan(FromLink(kLlama));
  REQUIRE(out.ok);
  std::string text = PlanToText(out);
  CHECK(text == PlanToText(out));  // deterministic
  auto lines = Lines(text);
  // Every row (indented) has its value starting in one column.
  size_t column = 0;
  int rows = 0;
  for (const std::string& l : lines) {
    if (l.empty() || l[0] != ' ') continue;
    size_t label_end = l.find("  ", 2);
    REQUIRE(label_end != std::string::npos);
    size_t value = l.find_first_not_of(' ', label_end);
    if (column == 0) column = value;
    CHECK(value == column);
    ++rows;
  }
  CHECK(rows > 30);
  const MemoryBreakdown& m = out.plan.memory;
  CHECK(text.find("GiB = 2^30 bytes, as nvidia-smi and PyTorch count; GB = 1e9") != std::string::npos);
  // Memory as the page shows it (format.h), the SI figure beside it: "15.5 GiB (16.6 GB)".
  auto both = [](double bytes) { return MemoryText(bytes) + " (" + BytesText(bytes) + ")"; };
  CHECK(both(16.64e9) == "15.5 GiB (16.6 GB)");
  CHECK(text.find("  weights  ") != std::string::npos);
  CHECK(text.find(both(m.weights)) != std::string::npos);
  // A headline figure carries its band (bands.h) between the two: "15.5 GiB (14.1–17.2), 16.6 GB".
  CHECK(text.find(MemoryText(m.total) + " (") != std::string::npos);
  CHECK(text.find("), " + BytesText(m.total)) != std::string::npos);
  // Usable against the capacity in the same unit (an 80 GB card reads 80 GiB, as nvidia-smi shows it).
  CHECK(text.find(both(m.usable) + " of " + MemoryText(m.capacity)) != std::string::npos);
  CHECK(text.find(DurationText(Lang::En, out.plan.run.days * 86400) + " (" +
                  DurationText(Lang::En, out.plan.run.compute_days * 86400) + " failure-free)") != std::string::npos);
  CHECK(text.find(" USD") != std::string::npos);
  CHECK(text.find(FormatLink(out.config)) != std::string::npos);
}

TEST_CASE("CSV header and row agree, Markdown is a table per section", "[report]") {
  PlanOutput out = MakePlan(FromLink(kLlama));
  auto lines = Lines(PlanToCsv(out));
  REQUIRE(lines.size() == 2);
  auto header = CsvSplit(lines[0]);
  auto row = CsvSplit(lines[1]);
  REQUIRE(header.size() == row.size());
  for (size_t i = 0; i < header.size(); ++i) {
    if (header[i] == "memory.total_bytes") CHECK(row[i] == FormatNumber(out.plan.memory.total));
    if (header[i] == "config.gpu") CHECK(row[i] == "h100");
    if (header[i] == "link") CHECK(row[i] == FormatLink(out.config));
  }
  std::string md = PlanToMarkdown(out);
  CHECK(md.find("### Memory per GPU") != std::string::npos);
  CHECK(md.find("| quantity | value |\n|---|---|\n") != std::string::npos);
  for (const std::string& l : Lines(md))
    if (!l.empty() && l[0] == '|') CHECK(l.back() == '|');
}

TEST_CASE("comparison puts each scenario's own numbers side by side", "[report]") {
  PlanOutput a = MakePlan(FromLink("#v=1&model=llama3-8b&gpus=8&gpu=a100-80g"));
  PlanOutput b = MakePlan(FromLink("#v=1&model=llama3-8b&gpus=8&gpu=h100"));
  REQUIRE(a.ok);
  REQUIRE(b.ok);
  std::string text = FormatComparison({a, b}, Format::Text);
  CHECK(Lines(text)[0].find("scenario 1") != std::string::npos);
  CHECK(Lines(text)[0].find("scenario 2") != std::string::npos);
  for (const std::string& l : Lines(text)) {
    if (l.find("  total ") != 0) continue;
    // Each with its band (bands.h): "15.5 GiB (14.1–17.2), 16.6 GB".
    CHECK(l.find(MemoryText(a.plan.memory.total) + " (") != std::string::npos);
    CHECK(l.find("), " + BytesText(a.plan.memory.total)) != std::string::npos);
    CHECK(l.find(MemoryText(b.plan.memory.total) + " (") != std::string::npos);
    CHECK(l.find("), " + BytesText(b.plan.memory.total)) != std::string::npos);
  }
  JsonValue j = Parse(FormatComparison({a, b}, Format::Json));
  REQUIRE(j.Find("plans"));
  REQUIRE(j.Find("plans")->array.size() == 2);
  CHECK(j.Find("plans")->array[1].Find("step")->NumberOr("seconds", -1) == b.plan.step.seconds);
  CHECK(Lines(FormatComparison({a, b}, Format::Csv)).size() == 3);
  std::string md = FormatComparison({a, b}, Format::Markdown);
  CHECK(md.find("| quantity | scenario 1 | scenario 2 |") != std::string::npos);
}

TEST_CASE("search results: best first, each a full plan object", "[report]") {
  Config cfg = FromLink("#v=1&model=llama3-8b&gpus=8&gpu=h100");
  SearchOptions options;
  options.top = 4;
  SearchResult r = SearchLayouts(cfg, options);
  REQUIRE(r.any_fits);
  PlanOutput base = MakePlan(cfg);
  JsonValue j = Parse(FormatSearch(base, r, Format::Json));
  CHECK(j.NumberOr("evaluated", -1) == double(r.evaluated));
  CHECK(j.Find("elapsed_s"));
  const JsonValue* results = j.Find("results");
  REQUIRE(results);
  REQUIRE(results->array.size() == r.top.size());
  double previous = 0;
  for (size_t i = 0; i < results->array.size(); ++i) {
    const JsonValue& plan = results->array[i];
    CHECK(plan.Find("step")->NumberOr("seconds", -1) == r.top[i].plan.step.seconds);
    double days = plan.Find("run")->NumberOr("days", -1);
    CHECK(days >= previous);
    previous = days;
    // Each result's link replans to the same step time.
    PlanOutput again = MakePlan(FromLink(plan.Find("link")->string));
    CHECK(again.plan.step.seconds == Approx(r.top[i].plan.step.seconds).epsilon(1e-12));
  }
  std::string text = FormatSearch(base, r, Format::Text);
  CHECK(text.find("Searched " + std::to_string(r.evaluated) + " layouts") == 0);
  CHECK(Lines(text).size() == r.top.size() + 3);  // heading, column names, rows, best link
  // Memory per GPU in GiB, the unit nvidia-smi and PyTorch show (an "80 GB" card reads 80 GiB there).
  CHECK(text.find(MemoryText(r.top[0].plan.memory.total)) != std::string::npos);
  CHECK(Lines(FormatSearch(base, r, Format::Csv)).size() == r.top.size() + 1);
}

TEST_CASE("plans with errors and extreme inputs still print valid, finite JSON", "[report]") {
  Config bad = FromLink("#v=1&model=llama2-70b&tp=3");
  PlanOutput out = MakePlan(bad);
  CHECK_FALSE(out.ok);
  JsonValue j = Parse(PlanToJson(out));
  CHECK_FALSE(j.Find("ok")->boolean);
  REQUIRE(j.Find("errors"));
  REQUIRE_FALSE(j.Find("errors")->array.empty());
  CHECK(j.Find("errors")->array[0].string.rfind("tp: ", 0) == 0);
  CHECK(PlanToText(out).find("error") != std::string::npos);

  for (const char* link : {"#v=1&params=1e15&gpus=1000000&zero=3", "#v=1&model=llama3.1-405b&gpus=1&gpu=rtx4090",
                           "#v=1&model=llama3-8b&seq=10000000&gpus=1024&gpu=h100", "#v=1&params=1e15&gpus=1"}) {
    INFO(link);
    PlanOutput p = MakePlan(FromLink(link));
    for (Format f : {Format::Json, Format::Text, Format::Csv, Format::Markdown}) {
      std::string s = FormatPlan(p, f);
      CHECK(s.find("nan") == std::string::npos);
      CHECK(s.find("inf") == std::string::npos);
      CHECK(s.find("null") == std::string::npos);
    }
    Parse(PlanToJson(p));
  }
}

// The advice in the verdict's units, and an adapter offered where it is a remedy: a fine-tune (or a budget given), not
// a pre-training on its default budget, whose LoRA plan would be the fine-tuning dataset's ("0.1 days" beside years).
TEST_CASE("fit advice: in GiB and a duration, LoRA for a fine-tune and not for pre-training's default budget",
          "[report]") {
  auto advice = [](const char* link) {
    const PlanOutput out = MakePlan(FromLink(link));
    REQUIRE(out.ok);
    REQUIRE_FALSE(out.plan.memory.fits);
    std::string all;
    for (const FitRemedy& r : out.fit_remedies) all += FitAdviceSentence(r, Lang::En) + "\n";
    return all;
  };
  const std::string pretrain = advice("#v=1&model=llama3-70b&gpu=rtx4090&gpus=8&method=full");
  INFO(pretrain);
  CHECK(pretrain.find("LoRA") == std::string::npos);
  CHECK(pretrain.find(" GiB usable per GPU, ") != std::string::npos);
  CHECK(pretrain.find(" GB ") == std::string::npos);
  const std::string finetune = advice("#v=1&model=llama3-70b&gpu=rtx4090&gpus=2&goal=finetune&method=full");
  INFO(finetune);
  CHECK(finetune.find("LoRA instead of full training: ") != std::string::npos);
  CHECK(advice("#v=1&model=llama3-70b&gpu=rtx4090&gpus=8&method=full&tokens=1e8").find("LoRA") != std::string::npos);
}

TEST_CASE("when nothing fits: fit advice rows and the closest layout in search", "[report]") {
  Config cfg = FromLink("#v=1&model=llama3.1-405b&gpus=8&gpu=rtx4090");
  PlanOutput out = MakePlan(cfg);
  REQUIRE(out.ok);
  REQUIRE_FALSE(out.plan.memory.fits);
  JsonValue j = Parse(PlanToJson(out));
  REQUIRE(j.Find("fit_advice"));
  CHECK(j.Find("fit_advice")->array.size() == out.fit_advice.size());
  std::string text = PlanToText(out);
  CHECK(text.find("  fits ") != std::string::npos);
  for (const std::string& a : out.fit_advice) CHECK(text.find(a) != std::string::npos);

  SearchOptions options;
  options.top = 3;
  SearchResult r = SearchLayouts(cfg, options);
  REQUIRE_FALSE(r.any_fits);
  std::string s = FormatSearch(out, r, Format::Text);
  CHECK(s.find("none fits in GPU memory") != std::string::npos);
  CHECK(s.find("least memory; does not fit") != std::string::npos);
  JsonValue sj = Parse(FormatSearch(out, r, Format::Json));
  CHECK(sj.Find("results")->array.empty());
  REQUIRE(sj.Find("least_memory"));
  CHECK(sj.Find("least_memory")->Find("memory")->NumberOr("total_bytes", -1) == r.least_memory.plan.memory.total);
}

TEST_CASE("durations read in the unit a person uses: seconds, minutes, hours, days", "[report]") {
  CHECK(DurationText(Lang::En, 45) == "45.0 s");
  CHECK(DurationText(Lang::En, 2.314) == "2.31 s");
  CHECK(DurationText(Lang::En, 0.12) == "120 ms");
  CHECK(DurationText(Lang::En, 29 * 60) == "29 min");
  CHECK(DurationText(Lang::En, 3.42 * 3600) == "3.4 h");
  CHECK(DurationText(Lang::En, 30 * 3600) == "30 h");
  CHECK(DurationText(Lang::En, 2.1 * 86400) == "2.1 days");
  CHECK(DurationText(Lang::En, 38.4 * 86400) == "38 days");
  CHECK(DurationText(Lang::Zh, 29 * 60) == "29 分钟");
  CHECK(DurationText(Lang::En, NAN) == "0 s");
  // A QLoRA fine-tune of Llama 3 8B on one RTX 4090 with no budget given answers in hours, not years.
  const PlanOutput ft = MakePlan(testing::FromLink("#v=1&model=llama3-8b&method=qlora&gpu=rtx4090&gpus=1"));
  REQUIRE(ft.ok);
  CHECK(ft.job.work.finetune);
  CHECK(ft.plan.run.days < 1);
  CHECK(PlanToText(ft).find(" min (") != std::string::npos);
}

TEST_CASE("the compare verdict: the fastest and cheapest that fit, one line against the first, in every format",
          "[report][compare]") {
  const PlanOutput a100 = MakePlan(FromLink("#v=1&model=llama3-8b&gpus=8&gpu=a100-80g"));
  const PlanOutput h100 = MakePlan(FromLink("#v=1&model=llama3-8b&gpus=8&gpu=h100"));
  const PlanOutput small = MakePlan(FromLink("#v=1&model=llama2-70b&gpus=1&gpu=rtx4090&method=full"));
  REQUIRE(a100.ok);
  REQUIRE(h100.ok);
  REQUIRE(h100.plan.run.days < a100.plan.run.days);
  const ComparisonVerdict v = JudgeComparison({a100, h100});
  CHECK(v.fitting == 2);
  CHECK(v.fastest == 1);
  CHECK(v.versus == 1);
  CHECK(v.faster == Approx(1 - h100.plan.run.days / a100.plan.run.days));
  CHECK(v.cheaper == Approx(1 - h100.plan.run.cost_usd / a100.plan.run.cost_usd));
  CHECK(v.cheapest == (h100.plan.run.cost_usd < a100.plan.run.cost_usd ? 1 : 0));
  const std::string line = CompareVerdictText(v, {a100, h100}, Lang::En);
  INFO(line);
  CHECK(line.rfind("H100 80GB SXM5 x 8: " + PercentText(v.faster) + " faster ", 0) == 0);
  CHECK(line.find(" than A100 80GB SXM4 x 8") != std::string::npos);
  CHECK(CompareVerdictText(JudgeComparison({h100, a100}), {h100, a100}, Lang::En)
            .find("H100 80GB SXM5 x 8 is both the fastest and the cheapest") == 0);
  // The first does not fit: the line names the fastest that does; none fits: it says so.
  REQUIRE(small.ok);
  REQUIRE_FALSE(small.plan.memory.fits);
  const ComparisonVerdict only = JudgeComparison({small, h100});
  CHECK(only.versus == -1);
  CHECK(
      CompareVerdictText(only, {small, h100}, Lang::En).find("H100 80GB SXM5 x 8 fits where RTX 4090 x 1 does not: ") ==
      0);
  CHECK(JudgeComparison({small}).fitting == 0);
  CHECK(CompareVerdictText(JudgeComparison({small}), {small}, Lang::Zh).find("这些都放不进") == 0);
  // The command line's formats carry it: the JSON's "verdict", the text's and Markdown's last line.
  JsonValue j = Parse(FormatComparison({a100, h100}, Format::Json));
  REQUIRE(j.Find("verdict"));
  CHECK(j.Find("verdict")->Find("text")->string == line);
  CHECK(j.Find("verdict")->NumberOr("fastest", -2) == 1);
  CHECK(j.Find("verdict")->NumberOr("faster", -2) == v.faster);
  const auto text = Lines(FormatComparison({a100, h100}, Format::Text));
  CHECK(text.back() == "Verdict: " + line);
  CHECK(Lines(FormatComparison({a100, h100}, Format::Markdown)).back() == "Verdict: " + line);
}

}  // namespace report_test
