// validation_test.cpp — every published case in tests/data/cases.json is planned like a user's link and
// compared with the measurement. Memory and whole-run cases must each be within their tolerance;
// throughput cases are judged together against the goal (median error, share within 15%). The run
// start-up constants must be the ones the MLPerf logs fit, and the held-out runs (tests/data/heldout_runs.json,
// heldout_whole_runs.json, never fitted) and MoE steps judge the whole-run and MoE models.
#include <catch2/catch.hpp>

#include "test_data.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "config.h"
#include "job.h"
#include "json.h"
#include "plan.h"
#include "resolve.h"
#include "run.h"
#include "step.h"
#include "validation.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace validation_test {

using namespace tp;
using tp::testing::ReadTestData;

// Guards of the issue #30 validation (docs/validation.md shows every row): counts within tolerance and the
// median error the current model reaches, so that a change for the worse fails.
// 10 of 11: the Llama 2 70B LoRA runs on 72 and 144 GB200 joined the 512-GPU one, all three planned with their
// configuration's context-parallel variant (cp_comm=a2a, the yaml's default); OPT-175B's calendar is the miss.
constexpr int kHeldoutWholeRunsWithin = 10;
// 9, not 10, since the memory accounting from the code (#28) landed: mlperf41-llama2-70b-lora-64xh100 (+31 %) is
// now planned with full recomputation, its published layout no longer fitting in the model. A known regression,
// in the session note and docs/validation.md; the bound is where the model stands, so a further loss fails.
constexpr int kFitWholeRunsWithin = 9;
// 4 fitted rows, not 5: NVIDIA's Qwen3 recipes run without recomputation (set_qwen3_common_configs), which
// published_setups.json now states; mbridge2511-b200-qwen3-235b-a22b-mxfp8 was within only at the full
// recomputation the search chose for it (-5.9 %), and is +50 % at its own layout.
// 13 held-out of 26: eight GB200 rows of the 26.04.01 and 26.06 tables joined the held-out file (5 within); 14 since
// the weight-gradient GEMMs are timed at their own shape (step.cpp WgradTime: mbridge260401-gb200-deepseek-v3-mxfp8).
// 3 fitted rows, not 4: since GPT-OSS's preset carries its 128-token sliding windows (config.json), the plan of
// mbridge2602-b200-gpt-oss-120b-bf16-ep64 is faster and that row went from +14.3 % to +15.1 %: it was within only
// while attention was over-counted on half its layers.
// 13 held-out rows, not 14: Qwen3-235B's 25.09 B200 row with token dropping (+13.5 %) was within only while the plan,
// counting the experts' outputs Megatron-Core stopped keeping in 2025, forced full recomputation on it; its recipe
// recomputes nothing (published_setups.json), and at that setting the plan is 46 % fast, as the other eager B200 rows.
constexpr int kMoeFitWithin = 3, kMoeHeldoutWithin = 13;
constexpr double kMoeMedianError = 0.31;

namespace {

std::vector<CaseResult> LoadAndRun() {
  std::string error;
  auto results = RunValidationCases(ReadTestData("cases.json"), ReadTestData("published_setups.json"), &error);
  REQUIRE(error.empty());
  REQUIRE(results.size() >= 29);
  return results;
}

bool IsThroughput(const std::string& metric) {
  return metric == "hardware_tflops_per_gpu" || metric == "model_tflops_per_gpu" || metric == "mfu" ||
         metric == "tokens_per_s_per_gpu" || metric == "step_seconds";
}

// The ids of the rows of a case file whose own configuration, resolved as a link would be, passes `keep`
// (keep(config, job)).
template <class Keep>
std::vector<std::string> CaseIds(const std::string& text, Keep keep) {
  const JsonParseResult doc = ParseJson(text);
  REQUIRE(doc.ok);
  const JsonValue* cases = doc.value.Find("cases");
  REQUIRE(cases);
  std::vector<std::string> ids;
  for (const JsonValue& c : cases->array) {
    const JsonValue& config = *c.Find("config");
    std::vector<ConfigIssue> issues;
    if (keep(config, ResolveJob(CaseConfig(config, issues), issues))) ids.push_back(c.StringOr("id", ""));
  }
  return ids;
}

bool Has(const std::vector<std::string>& ids, const std::string& id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

}  // namespace

TEST_CASE("every validation case is accepted and planned", "[validation]") {
  for (const CaseResult& r : LoadAndRun()) {
    INFO(r.id << ": " << r.problem);
    CHECK(r.ok);
  }
}

TEST_CASE("memory and whole-run cases are each within tolerance", "[validation]") {
  for (const CaseResult& r : LoadAndRun()) {
    if (IsThroughput(r.metric)) continue;
    INFO(r.id << " " << r.metric << ": predicted " << r.predicted << ", published " << r.measured << ", layout "
              << r.layout);
    // A deliberate difference is stated with its reason (published_setups.json), and checked exactly
    // where it is modelled (memory_test.cpp: the ZeRO paper's stage 3).
    if (!r.known_difference.empty()) continue;
    CHECK(r.within);
  }
}

TEST_CASE("throughput cases meet the accuracy goal together", "[validation]") {
  std::vector<double> errors;
  int within = 0;
  for (const CaseResult& r : LoadAndRun()) {
    if (!IsThroughput(r.metric)) continue;
    errors.push_back(std::fabs(r.error));
    within += std::fabs(r.error) <= 0.15;
    UNSCOPED_INFO(r.id << ": predicted " << r.predicted << ", published " << r.measured << " (" << 100 * r.error
                       << "%) " << r.layout);
  }
  REQUIRE(errors.size() >= 19);
  std::sort(errors.begin(), errors.end());
  const double median = errors[errors.size() / 2];
  CHECK(median <= 0.10);
  CHECK(double(within) / errors.size() >= 0.80);
}

TEST_CASE("a published setup is applied over its case, and only to that case", "[validation]") {
  const std::string cases = ReadTestData("cases.json");
  std::string error;
  auto plain = RunValidationCases(cases, "", &error);
  auto with_setups = RunValidationCases(cases, ReadTestData("published_setups.json"), &error);
  REQUIRE(error.empty());
  REQUIRE(plain.size() == with_setups.size());
  int changed = 0;
  for (size_t i = 0; i < plain.size(); ++i) {
    INFO(plain[i].id);
    if (with_setups[i].given.empty()) {
      CHECK(plain[i].predicted == with_setups[i].predicted);
      continue;
    }
    ++changed;
    CHECK(plain[i].given.empty());
    CHECK(with_setups[i].ok);
  }
  CHECK(changed >= 1);
  // The OPT-175B setup stated in its paper: tensor parallel 8 with FSDP (ZeRO-3), no pipeline.
  for (const CaseResult& r : with_setups)
    if (r.id == "opt-175b-days") CHECK(r.layout.rfind("tp=8 pp=1", 0) == 0);
  // A malformed setups file is an error, not silently ignored.
  RunValidationCases(cases, "{\"cases\": ", &error);
  CHECK(!error.empty());
}

TEST_CASE("the shipped start-up constants are the ones the MLPerf v4.1 logs fit", "[validation]") {
  // launch_s and warmup_steps (core/estimate/run.cpp kLaunchS, kWarmupSteps) against a refit on the logged
  // untimed start-up of tests/data/run_parts_fit.json: the fit command reproduces them.
  const StartupFit fit = FitStartup(ReadTestData("run_parts_fit.json"), ReadTestData("published_setups.json"));
  REQUIRE(fit.probes.size() >= 10);
  INFO(
      "refit: build/native/trainplan-validate --fit-startup, then kLaunchS / kInitPerNodeS / kWarmupSteps in "
      "core/estimate/run.cpp");
  CHECK(DefaultLaunchS() == Approx(fit.launch_s).epsilon(0.01));
  CHECK(DefaultInitPerNodeS() == Approx(fit.init_per_node_s).epsilon(0.01));
  CHECK(DefaultWarmupSteps() == Approx(fit.warmup_steps).epsilon(0.01).margin(0.01));
  // Physical values: some launch time, some warm-up, neither absurd.
  CHECK(fit.launch_s > 0);
  CHECK(fit.launch_s < 1800);
  CHECK(fit.warmup_steps >= 0);
}

namespace {
double MedianAbsLogError(const std::vector<CaseResult>& results) {
  std::vector<double> e;
  for (const CaseResult& r : results)
    if (r.ok && r.predicted > 0 && r.measured > 0) e.push_back(std::fabs(std::log(r.predicted / r.measured)));
  REQUIRE(!e.empty());
  std::sort(e.begin(), e.end());
  return e[e.size() / 2];
}
}  // namespace

TEST_CASE("held-out whole runs, never fitted, judge the run model", "[validation]") {
  const std::string heldout = ReadTestData("heldout_runs.json");
  // The setups file gives only what each source states (framework and its year), as in docs/validation.md.
  const std::string setups = ReadTestData("published_setups.json");
  std::string error;
  const auto results = RunValidationCases(heldout, setups, &error);
  REQUIRE(error.empty());
  REQUIRE(results.size() >= 9);
  int within = 0;
  for (const CaseResult& r : results) {
    CHECK(IsWholeRunMetric(r.metric));
    within += r.within;
    UNSCOPED_INFO(r.id << ": predicted " << r.predicted << ", published " << r.measured << " (" << 100 * r.error
                       << "%) " << (r.ok ? r.layout : r.problem));
  }
  // Five of nine: the 2023 runs of Meta and MosaicML and BLOOM come out short (docs/validation.md says why).
  CHECK(within >= 5);
  // The run's parts carry over: the held-out runs are predicted better with them than by the steady state alone
  // (no stragglers, no evaluation, no start-up, no failures).
  const auto steady =
      RunValidationCases(heldout, setups, &error, "straggler=0&eval_interval=0&startup_s=0.001&mtbf_gpu_h=1e12");
  CHECK(MedianAbsLogError(results) < MedianAbsLogError(steady));
}

TEST_CASE("whole runs from seconds to months, never fitted, are planned from their parts", "[validation]") {
  // tests/data/heldout_whole_runs.json: MLPerf v5.0's timed runs (minutes; the clock leaves out the start-up) and
  // OPT-175B's calendar, Falcon-180B's and DeepSeek-V3's GPU-hours (months). No constant is fitted to them.
  std::string error;
  const auto results =
      RunValidationCases(ReadTestData("heldout_whole_runs.json"), ReadTestData("published_setups.json"), &error);
  REQUIRE(error.empty());
  REQUIRE(results.size() >= 11);
  int within = 0;
  bool minutes = false, months = false;
  for (const CaseResult& r : results) {
    INFO(r.id << ": " << r.problem);
    CHECK(r.ok);
    CHECK(IsWholeRunMetric(r.metric));
    minutes |= r.metric == "timed_minutes" && r.measured < 60;
    months |= (r.metric == "days" && r.measured > 30) || (r.metric == "gpu_hours" && r.measured > 1e6);
    within += r.within;
    UNSCOPED_INFO(r.id << ": predicted " << r.predicted << ", published " << r.measured << " (" << 100 * r.error
                       << "%) " << r.layout);
  }
  CHECK(minutes);
  CHECK(months);
  // A guard against getting worse (docs/validation.md gives every row and what the misses mean).
  CHECK(within >= kHeldoutWholeRunsWithin);
}

TEST_CASE("the MLPerf v4.1 runs the start-up was fitted on are within their tolerance", "[validation]") {
  std::string error;
  const auto results =
      RunValidationCases(ReadTestData("run_parts_fit.json"), ReadTestData("published_setups.json"), &error);
  REQUIRE(error.empty());
  REQUIRE(results.size() >= 10);
  int within = 0;
  for (const CaseResult& r : results) {
    INFO(r.id << ": predicted " << r.predicted << ", published " << r.measured << " (" << 100 * r.error << "%) "
              << r.problem);
    CHECK(r.ok);
    CHECK(r.metric == "timed_minutes");
    within += r.within;
  }
  CHECK(within >= kFitWholeRunsWithin);
}

TEST_CASE("held-out throughput rows, never fitted, are planned and judged", "[validation]") {
  std::string error;
  const auto results =
      RunValidationCases(ReadTestData("heldout_throughput.json"), ReadTestData("published_setups.json"), &error);
  REQUIRE(error.empty());
  REQUIRE(results.size() >= 20);
  std::vector<double> errors;
  int within = 0;
  for (const CaseResult& r : results) {
    INFO(r.id << ": " << r.problem);
    CHECK(r.ok);
    CHECK(IsThroughput(r.metric));
    errors.push_back(std::fabs(r.error));
    within += r.within;
    UNSCOPED_INFO(r.id << ": predicted " << r.predicted << ", published " << r.measured << " (" << 100 * r.error
                       << "%) " << r.layout);
  }
  // A guard against getting worse, not a goal: docs/validation.md explains the misses (small models,
  // mixture-of-experts, one memory margin).
  std::sort(errors.begin(), errors.end());
  CHECK(errors[errors.size() / 2] <= 0.20);
  CHECK(double(within) / results.size() >= 0.4);
}

// Issue #29: "large published layouts within 15 % without stating vp". The held-out rows whose dense model runs a
// pipeline (GPT-3 175B, Llama 2 13B and 70B, Nemotron-4 340B, Llama 3 70B and 405B), planned with vp=auto over their
// own configuration, so that the search picks the interleaving degree: each interleaved (the search chose vp > 1, as
// every one of their sources does), and all but one within its tolerance. The one is Apertus 70B on 4,096 GH200
// (+18.6 %, held out since 2026-12-07), which misses by as much at the vp its script states and the search also
// picks: its GH200 rows run 10-20 % slower than planned wherever the layout is settled (docs/validation.md), not an
// interleaving choice. (The MoE rows are judged above and in docs/validation.md, with their misses.)
TEST_CASE("held-out dense pipelined layouts come out at their published speed without stating vp", "[validation]") {
  const std::string text = ReadTestData("heldout_throughput.json");
  const std::vector<std::string> dense_pipelined = CaseIds(text, [](const JsonValue& config, const Job& job) {
    const JsonValue* pp = config.Find("pp");
    return job.model.experts <= 1 && pp && pp->number > 1 && config.Find("vp");
  });
  REQUIRE(dense_pipelined.size() >= 5);
  std::string error;
  int judged = 0, within = 0;
  for (const CaseResult& r : RunValidationCases(text, ReadTestData("published_setups.json"), &error, "vp=auto")) {
    if (!Has(dense_pipelined, r.id)) continue;
    INFO(r.id << ": " << 100 * r.error << "% " << r.layout << " " << r.problem);
    UNSCOPED_INFO(r.id << ": " << 100 * r.error << "% " << r.layout);
    CHECK(r.ok);
    within += r.within;
    const size_t vp = r.layout.find("vp=");
    REQUIRE(vp != std::string::npos);
    CHECK(std::atoi(r.layout.c_str() + vp + 3) > 1);
    ++judged;
  }
  REQUIRE(error.empty());
  CHECK(judged == int(dense_pipelined.size()));
  CHECK(within >= judged - 1);
}

// Issue #18's bar for mixture of experts: of the held-out rows whose model routes tokens to experts (the case's
// own configuration, resolved as a link would be), at least 5 of the 7 within their 15 %.
// 4 of 7 since the CPU's Adam is charged over the node's shards (docs/validation.md: mbridge2509's DeepSeek-V3 row is
// planned with an optimizer offload NVIDIA's recipe does not use, now 22 % slow); 5 again since AutoModel's eager
// GPT-OSS experts are charged (step_moe.cpp EagerExpertBytesPerCopy).
TEST_CASE("held-out mixture-of-experts rows: at least 5 of 7 within 15 %", "[validation]") {
  const std::string text = ReadTestData("heldout_throughput.json");
  const std::vector<std::string> moe =
      CaseIds(text, [](const JsonValue&, const Job& job) { return job.model.experts > 1; });
  REQUIRE(moe.size() == 7);
  std::string error;
  int within = 0;
  for (const CaseResult& r : RunValidationCases(text, ReadTestData("published_setups.json"), &error)) {
    if (!Has(moe, r.id)) continue;
    UNSCOPED_INFO(r.id << ": " << 100 * r.error << "% " << r.layout);
    CHECK(r.tolerance == 0.15);
    within += r.ok && r.within;
  }
  REQUIRE(error.empty());
  CHECK(within >= 5);
}

TEST_CASE("the eager MoE layer's host time is the one its host-bound rows measure", "[validation]") {
  std::vector<HostProbe> probes;
  const double measured = MoeHostPerLayerPass(ReadTestData("moe_fit_steps.json"), &probes);
  REQUIRE(probes.size() >= 2);
  Assumptions a;
  FillStepDefaults(a);
  INFO("ship " << measured << " as kMoeHostPerLayerPass (core/estimate/step_moe.cpp; trainplan-fit_step --moe-host)");
  CHECK(a.moe_host_s == Approx(measured).epsilon(0.005));
}

// Issue #30: published MoE steps of NVIDIA's tables (B200, H100, GB200), torchtitan's and DeepSeek-V3's, split into
// the rows the MoE mechanisms were measured on (moe_fit_steps.json) and rows never fitted (moe_heldout_steps.json).
TEST_CASE("mixture-of-experts steps at scale: fitted and held-out rows are planned and judged", "[validation]") {
  const std::string setups = ReadTestData("published_setups.json");
  for (const char* file : {"moe_fit_steps.json", "moe_heldout_steps.json"}) {
    INFO(file);
    std::string error;
    const auto results = RunValidationCases(ReadTestData(file), setups, &error);
    REQUIRE(error.empty());
    REQUIRE(results.size() >= 14);
    std::vector<double> errors;
    int within = 0;
    for (const CaseResult& r : results) {
      INFO(r.id << ": " << r.problem);
      CHECK(r.ok);
      CHECK(r.metric == "tokens_per_s_per_gpu");
      errors.push_back(std::fabs(r.error));
      within += r.within;
      UNSCOPED_INFO(r.id << ": " << 100 * r.error << "% " << r.layout);
    }
    std::sort(errors.begin(), errors.end());
    // Guards against getting worse, not the goal (every row within 15 %): docs/validation.md says what misses.
    CHECK(errors[errors.size() / 2] <= kMoeMedianError);
    CHECK(within >= (std::string(file) == "moe_fit_steps.json" ? kMoeFitWithin : kMoeHeldoutWithin));
  }
  // The two files share no row (the split was fixed before any fit).
  const JsonParseResult fit = ParseJson(ReadTestData("moe_fit_steps.json"));
  const JsonParseResult held = ParseJson(ReadTestData("moe_heldout_steps.json"));
  REQUIRE(fit.ok);
  REQUIRE(held.ok);
  for (const JsonValue& a : fit.value.Find("cases")->array)
    for (const JsonValue& b : held.value.Find("cases")->array) CHECK(a.StringOr("id", "") != b.StringOr("id", "-"));
}

// NVIDIA's Megatron-Bridge MoE runs ran at their recipes' settings: where a row states its recomputation, the plan
// must fit at it. A memory model that counted what Megatron-Core no longer keeps (the experts' outputs, saves.cpp
// RoutedCopySaves) planned Qwen3-235B's 64-GPU B200 runs out of memory without recomputation and chose full
// recomputation for them; DeepSeek-V3's EP 32 run on B200 fits only with its recipe's mla_up_proj recomputation
// stated (recompute_mla_up). DeepSeek's own production run is not among them: HAI-LLM keeps less than Megatron-Core
// (FP8-cached activations, docs/memory.md), which no stack here plans.
TEST_CASE("published Megatron-Bridge MoE runs fit at their recipes' recomputation", "[validation]") {
  const JsonParseResult setups = ParseJson(ReadTestData("published_setups.json"));
  REQUIRE(setups.ok);
  const JsonValue* setup_cases = setups.value.Find("cases");
  int checked = 0, without = 0;
  for (const char* file : {"moe_fit_steps.json", "moe_heldout_steps.json"}) {
    const JsonParseResult doc = ParseJson(ReadTestData(file));
    REQUIRE(doc.ok);
    for (const JsonValue& c : doc.value.Find("cases")->array) {
      const std::string id = c.StringOr("id", "");
      const JsonValue pairs = CasePairs(c, setup_cases);
      std::vector<ConfigIssue> issues;
      const Config cfg = CaseConfig(pairs, issues);
      if (id.rfind("mbridge", 0) != 0 || cfg.recompute == Recompute::Auto) continue;
      INFO(id);
      const PlanOutput out = MakePlan(cfg);
      REQUIRE(out.ok);
      CHECK(out.plan.memory.fits);
      ++checked;
      without += cfg.recompute == Recompute::None;
    }
  }
  CHECK(checked >= 20);
  CHECK(without >= 10);
}

TEST_CASE("published fine-tuning runs, never fitted, judge memory and speed on consumer and data-centre GPUs",
          "[validation]") {
  // tests/data/finetune_runs.json: torchtune, Axolotl and LLaMA-Factory figures (RTX 4090 and A100), each with
  // the setup its source states. No constant is fitted to them: the hf and torchtune efficiencies are fitted
  // on tests/data/finetune_fit_runs.json (other runs, tests/core/stack_test.cpp checks the two share none), unsloth
  // on its notebooks' T4 and RTX 3080 runs (LLaMA-Factory's Unsloth rows here stay held out); docs/validation.md
  // shows the same table.
  std::string error;
  const auto results =
      RunValidationCases(ReadTestData("finetune_runs.json"), ReadTestData("published_setups.json"), &error);
  REQUIRE(error.empty());
  REQUIRE(results.size() >= 20);
  int within = 0, on_4090 = 0;
  for (const CaseResult& r : results) {
    within += r.within;
    on_4090 += r.id.find("4090") != std::string::npos;
    CHECK(r.ok);
    UNSCOPED_INFO(r.id << " " << r.metric << ": predicted " << r.predicted << ", published " << r.measured << " ("
                       << 100 * r.error << "%)");
  }
  CHECK(on_4090 >= 6);
  CHECK(double(within) / results.size() >= 0.7);
  // A guard against getting worse: the (upper) median error of the first ten speed rows (RTX 4090 and A100), 17.3 %
  // before the fine-tuning terms of core/estimate/step_finetune.cpp and the fitted stacks, 11.3 % with them. The
  // rows added with the cloud and workstation GPUs (2026-12-08: torchtune on the RTX 6000 Ada, Answer.AI's
  // fsdp_qlora on A100 40GB, H100 and RTX 6000 Ada) are judged apart: planned once, 5 of 8 within (the two RTX 6000
  // Ada fsdp_qlora rows +50 %, docs/validation.md says what is not known of them).
  std::vector<double> speed;
  int added = 0, added_within = 0;
  for (const CaseResult& r : results) {
    if (r.metric != "tokens_per_s_per_gpu") continue;
    if (r.id.find("rtx6000ada") != std::string::npos || r.id.rfind("fsdpqlora-", 0) == 0) {
      ++added, added_within += r.within;
      continue;
    }
    speed.push_back(std::fabs(r.error));
  }
  REQUIRE(speed.size() == 10);
  std::sort(speed.begin(), speed.end());
  CHECK(speed[speed.size() / 2] <= 0.13);
  CHECK(added == 8);
  CHECK(added_within >= 5);
}

TEST_CASE("the unsloth efficiency fitted on its notebooks beats 1.0 on the held-out LLaMA-Factory rows",
          "[validation]") {
  // The fit (two runs on a T4 and an RTX 3080, tests/data/finetune_fit_runs.json) never sees LLaMA-Factory's
  // Unsloth rows (Llama 2 7B LoRA and QLoRA on an A100, tests/data/finetune_runs.json): planned at the shipped
  // efficiency they must be closer to the published speed than at eff_stack 1, and within their tolerance.
  const std::string held = ReadTestData("finetune_runs.json"), setups = ReadTestData("published_setups.json");
  auto unsloth_speed = [&](std::string_view overrides) {
    std::vector<CaseResult> rows;
    for (CaseResult& r : RunValidationCases(held, setups, nullptr, overrides))
      if (r.stack == "unsloth" && r.metric == "tokens_per_s_per_gpu") rows.push_back(std::move(r));
    return rows;
  };
  const auto fitted = unsloth_speed({}), unfitted = unsloth_speed("eff_stack=1");
  REQUIRE(fitted.size() == 2);
  REQUIRE(unfitted.size() == fitted.size());
  double log_fitted = 0, log_unfitted = 0;
  for (size_t i = 0; i < fitted.size(); ++i) {
    INFO(fitted[i].id << ": " << 100 * fitted[i].error << "% fitted, " << 100 * unfitted[i].error << "% at 1.0");
    CHECK(fitted[i].ok);
    CHECK(fitted[i].within);
    log_fitted += std::fabs(std::log1p(fitted[i].error));
    log_unfitted += std::fabs(std::log1p(unfitted[i].error));
  }
  CHECK(log_fitted < log_unfitted);
}

TEST_CASE("the fine-tuning fit set is reproduced at the fitted efficiencies", "[validation]") {
  // tests/data/finetune_fit_runs.json at the shipped hf, torchtune and unsloth efficiencies (tests/core/stack_test.cpp
  // checks they are the fit's) and the hf host time measured on its host-bound rows: every row within tolerance.
  std::string error;
  const auto results = RunValidationCases(ReadTestData("finetune_fit_runs.json"), "", &error);
  REQUIRE(error.empty());
  REQUIRE(results.size() >= 15);
  for (const CaseResult& r : results) {
    INFO(r.id << ": predicted " << r.predicted << ", published " << r.measured << " (" << 100 * r.error << "%) "
              << r.problem);
    CHECK(r.ok);
    CHECK(r.within);
  }
}

}  // namespace validation_test
