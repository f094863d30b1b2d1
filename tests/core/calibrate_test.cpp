// calibrate_test.cpp — calibration from the user's run (core/planner/calibrate.h): a measured tokens/s per GPU and
// peak are reproduced, the fitted factors travel in the link to other plans (more GPUs, another layout,
// another GPU with a notice), an impossible measurement says so by key, and training logs' lines
// (torchtitan, torchtune, Megatron-LM, HF Trainer) are read into the measurement, also via `plan --log`.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "calibrate.h"
#include "cli.h"
#include "config.h"
#include "json.h"
#include "planner.h"
#include "resolve.h"
#include "test_links.h"
#include "units.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace calibrate_test {

using namespace tp;

namespace {

bool HasIssue(const PlanOutput& out, const std::string& key) {
  for (const ConfigIssue& i : out.issues)
    if (i.key == key) return true;
  return false;
}

const char* kRun =
    "model=llama3-8b&gpu=a100-80g&gpus=8&tp=1&pp=1&cp=1&zero=1&recompute=full&mbs=2&offload=none&tokens=1e10";

}  // namespace

TEST_CASE("a measured speed and peak are reproduced, and the factors say what they scale", "[calibrate]") {
  const PlanOutput plain = MakePlan(testing::FromLink(kRun));
  REQUIRE(plain.ok);
  const double predicted = plain.plan.throughput.tokens_per_s_per_gpu;
  const double predicted_peak = plain.plan.memory.reserved;
  for (double ratio : {0.62, 0.9, 1.15}) {
    INFO("measured = " << ratio << " x predicted");
    Config cfg = testing::FromLink(kRun);
    cfg.measured_tokens_per_s_per_gpu = ratio * predicted;
    cfg.measured_peak_gib = (ratio > 1 ? 1.05 : 0.95) * predicted_peak / kGiB;
    const PlanOutput out = MakePlan(cfg);
    REQUIRE(out.ok);
    CHECK(out.plan.throughput.tokens_per_s_per_gpu == Approx(cfg.measured_tokens_per_s_per_gpu).epsilon(5e-4));
    CHECK(out.plan.memory.reserved / kGiB == Approx(cfg.measured_peak_gib).epsilon(5e-4));
    const Calibration& cal = out.calibration;
    CHECK(cal.speed_fitted);
    CHECK(cal.memory_fitted);
    CHECK(cal.uncalibrated_tokens_per_s_per_gpu == Approx(predicted));
    CHECK(cal.uncalibrated_peak_bytes == Approx(predicted_peak));
    CHECK((ratio < 1 ? cal.speed_factor < 1 : cal.speed_factor > 1));
    CHECK(out.config.calib_speed == cal.speed_factor);
    CHECK(out.config.calib_gpu == "a100-80g");
    // Model states are exact counts: only activations and temporaries move.
    CHECK(out.plan.memory.weights == plain.plan.memory.weights);
    CHECK(out.plan.memory.optimizer == plain.plan.memory.optimizer);
    CHECK(out.plan.memory.activations != plain.plan.memory.activations);
    // Communication stays physics: the data-parallel traffic is the same bytes over the same link.
    CHECK(out.plan.step.comm_dp_s == Approx(plain.plan.step.comm_dp_s));
  }
}

TEST_CASE("the fitted factors carry in the link to other plans, another GPU is told what carries", "[calibrate]") {
  Config cfg = testing::FromLink(kRun);
  const PlanOutput plain = MakePlan(cfg);
  cfg.measured_tokens_per_s_per_gpu = 0.7 * plain.plan.throughput.tokens_per_s_per_gpu;
  const PlanOutput calibrated = MakePlan(cfg);
  REQUIRE(calibrated.ok);
  const double factor = calibrated.calibration.speed_factor;

  // The link the plan writes carries calib_speed and calib_gpu; without the measurement, 24 GPUs (not a
  // power of two) and a searched layout keep the factor rather than fitting a new one.
  Config next = testing::FromLink(FormatLink(calibrated.config));
  CHECK(next.calib_speed == factor);
  next.measured_tokens_per_s_per_gpu = 0;
  next.gpus = 24;
  next.tp = next.pp = next.cp = next.dp = next.mbs = next.zero = kAuto;
  const PlanOutput more = MakePlan(next);
  REQUIRE(more.ok);
  CHECK(more.job.assume.calib_speed == factor);
  CHECK_FALSE(more.calibration.speed_fitted);
  CHECK(more.calibration.speed_factor == factor);
  Config uncal = next;
  uncal.calib_speed = 0, uncal.calib_gpu.clear();
  const PlanOutput more_plain = MakePlan(uncal);
  CHECK(more.plan.throughput.tokens_per_s_per_gpu < more_plain.plan.throughput.tokens_per_s_per_gpu);
  CHECK_FALSE(HasIssue(more, "calib_gpu"));

  // Projected to H100: planned, with a notice naming calib_gpu.
  next.gpu = "h100";
  const PlanOutput h100 = MakePlan(next);
  REQUIRE(h100.ok);
  CHECK(HasIssue(h100, "calib_gpu"));
  CHECK(h100.job.assume.calib_speed == factor);
}

TEST_CASE("a measurement no factor can reproduce says so by its key, bad values are refused by key", "[calibrate]") {
  Config cfg = testing::FromLink(kRun);
  cfg.measured_tokens_per_s_per_gpu = 1e8;  // far past the GPU's peak: refused by physics (issue #34), not fitted
  const PlanOutput out = MakePlan(cfg);
  CHECK_FALSE(out.ok);
  CHECK(HasIssue(out, "measured_tokens_per_s_per_gpu"));

  Config mem = testing::FromLink(kRun);
  mem.measured_peak_gib = 1;  // less than the model states alone
  const PlanOutput low = MakePlan(mem);
  CHECK(HasIssue(low, "measured_peak_gib"));

  for (const char* bad : {"measured_tokens_per_s_per_gpu=-5", "measured_peak_gib=nan", "calib_speed=0.001",
                          "calib_memory=1e9", "calib_gpu=h900"}) {
    INFO(bad);
    Config c = testing::FromLink(kRun);
    std::vector<ConfigIssue> issues;
    ApplyLink(c, bad, issues);
    PlanOutput p = MakePlan(c);
    issues.insert(issues.end(), p.issues.begin(), p.issues.end());
    const std::string key = std::string(bad).substr(0, std::string(bad).find('='));
    bool named = false;
    for (const ConfigIssue& i : issues) named |= i.key == key && !i.notice;
    CHECK(named);
  }
}

TEST_CASE("training logs' lines are read into the measurement", "[calibrate]") {
  // torchtitan's metrics line, with its colours.
  RunLogReading r = ReadRunLog(
      "[rank0]:2025-01-01 10:00:00,000 - root - INFO - \x1b[31mstep: 10  \x1b[32mloss:  7.1234  \x1b[33mmemory: "
      "45.30GiB"
      "(57.23%)  \x1b[34mtps: 5,123  \x1b[36mtflops: 250.12  \x1b[35mmfu: 25.31%\x1b[39m\n"
      "[rank0]: step: 20  loss:  6.9  memory: 46.10GiB(58.00%)  tps: 5,410  tflops: 260.0  mfu: 26.3%\n");
  CHECK(r.framework == "torchtitan");
  CHECK(r.tokens_per_s_per_gpu == 5410);  // the last line: after warm-up
  CHECK(r.peak_gib == Approx(46.10));
  // The same coloured line pasted into a text field, which drops the ESC bytes and keeps "[34m".
  r = ReadRunLog(
      "[rank0]:2025-01-01 10:00:00,000 - root - INFO - [31mstep: 10  [32mloss:  7.1234  [33mmemory: 45.30GiB"
      "(57.23%)  [34mtps: 5,123  [36mtflops: 250.12  [35mmfu: 25.31%[39m");
  CHECK(r.framework == "torchtitan");
  CHECK(r.tokens_per_s_per_gpu == 5123);
  CHECK(r.peak_gib == Approx(45.30));

  r = ReadRunLog("Step 100 | loss: 1.23 | tokens_per_second_per_gpu: 2345.6 | peak_memory_reserved: 20.5 | lr: 3e-4");
  CHECK(r.framework == "torchtune");
  CHECK(r.tokens_per_s_per_gpu == Approx(2345.6));
  CHECK(r.peak_gib == Approx(20.5));

  r = ReadRunLog(
      " [2025-01-01 10:00:00] iteration      100/  1000 | consumed samples:        51200 | elapsed time per iteration "
      "(ms): 4321.0 | throughput per GPU (TFLOP/s/GPU): 401.2 | learning rate: 3.0E-04 | global batch size:   512 |\n"
      "[Rank 0] (after 100 iterations) memory (MB) | allocated: 30000.0 | max allocated: 50000.0 | reserved: 60000.0 | "
      "max reserved: 61440.0\n");
  CHECK(r.framework == "megatron");
  CHECK(r.iteration_s == Approx(4.321));
  CHECK(r.peak_gib == Approx(60.0));
  CHECK(LogTokensPerGpu(r, 512, 4096, 64) == Approx(512.0 * 4096 / 4.321 / 64));

  r = ReadRunLog(
      "{'train_runtime': 1234.5, 'train_samples_per_second': 10.5, 'train_steps_per_second': 0.33, "
      "'train_loss': 1.05, 'epoch': 1.0}");
  CHECK(r.framework == "hf");
  CHECK(LogTokensPerGpu(r, 0, 2048, 2) == Approx(10.5 * 2048 / 2));

  // Words that merely contain a label, and text with no figure, read as nothing.
  r = ReadRunLog("see https://example.com/outputs: 42 and loss 1.2\nnothing here\n");
  CHECK(r.framework.empty());
  CHECK(r.tokens_per_s_per_gpu == 0);
  CHECK(ReadRunLog("").framework.empty());
}

TEST_CASE("a log's figures become the measurement keys: kept where given (command line) or replaced (page)",
          "[calibrate]") {
  RunLogReading r = ReadRunLog("step: 20  loss:  6.9  memory: 46.10GiB(58.00%)  tps: 5,410  tflops: 260.0  mfu: 26.3%");
  REQUIRE(!LogNeedsPlanShape(r));
  Config given;
  given.measured_tokens_per_s_per_gpu = 4000;
  Config keep = given, replace = given;
  CHECK(ApplyRunLog(r, 0, 0, 0, /*keep_given=*/true, keep) == 1);  // only the peak was free
  CHECK(keep.measured_tokens_per_s_per_gpu == 4000);
  CHECK(keep.measured_peak_gib == Approx(46.10));
  CHECK(ApplyRunLog(r, 0, 0, 0, /*keep_given=*/false, replace) == 2);
  CHECK(replace.measured_tokens_per_s_per_gpu == 5410);
  // An iteration time needs the plan's shape; without it (zeros) no speed is set, the peak still is.
  r = ReadRunLog("elapsed time per iteration (ms): 2000.0 |\n[Rank 0] memory (MB) | max reserved: 40960.0");
  REQUIRE(LogNeedsPlanShape(r));
  Config none;
  CHECK(ApplyRunLog(r, 0, 0, 0, false, none) == 1);
  CHECK(none.measured_tokens_per_s_per_gpu == 0);
  CHECK(none.measured_peak_gib == Approx(40.0));
  CHECK(ApplyRunLog(r, 256, 4096, 24, false, none) == 2);
  CHECK(none.measured_tokens_per_s_per_gpu == Approx(256.0 * 4096 / 2.0 / 24));
}

TEST_CASE("trainplan plan --log calibrates from a log file and shows the calibration", "[calibrate][cli]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "trainplan-calibrate-test";
  std::filesystem::create_directories(dir);
  const std::string log = (dir / "train.log").string();
  {
    std::ofstream f(log);
    f << "[rank0]: step: 50  loss:  3.1  memory: 60.00GiB(75.00%)  tps: 2,900  tflops: 150.0  mfu: 48.0%\n";
  }
  std::vector<std::string> args = {
      "plan",           "model=llama3-8b", "gpu=a100-80g", "gpus=8", "tp=1", "pp=1",     "cp=1", "zero=1",
      "recompute=none", "mbs=2",           "tokens=1e10",  "--log",  log,    "--format", "json"};
  std::string out, err;
  REQUIRE(RunCli(args, out, err) == 0);
  CHECK(err.find("read from the log (torchtitan)") != std::string::npos);
  const JsonParseResult j = ParseJson(out);
  REQUIRE(j.ok);
  const JsonValue* cal = j.value.Find("calibration");
  REQUIRE(cal);
  CHECK(cal->NumberOr("measured_tokens_per_s_per_gpu", 0) == 2900);
  CHECK(cal->NumberOr("measured_peak_bytes", 0) == Approx(60.0 * kGiB));
  CHECK(cal->NumberOr("speed_factor", 1) != 1);
  CHECK(j.value.Find("throughput")->NumberOr("tokens_per_s_per_gpu", 0) == Approx(2900).epsilon(5e-4));
  CHECK(j.value.Find("config")->StringOr("calib_gpu", "") == "a100-80g");

  std::string text_out, text_err;
  args.resize(args.size() - 2);
  REQUIRE(RunCli(args, text_out, text_err) == 0);
  CHECK(text_out.find("Calibration (from your run)") != std::string::npos);
  CHECK(text_out.find("calib_speed=") != std::string::npos);

  {
    std::ofstream f(log);
    f << "nothing a planner can read\n";
  }
  std::string bad_out, bad_err;
  CHECK(RunCli({"plan", "model=llama3-8b", "--log", log}, bad_out, bad_err) == 2);
  CHECK(bad_err.find("--log") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("fit advice is planned with the fitted factors, not fitted again to each remedy", "[calibrate]") {
  Config cfg = testing::FromLink(
      "model=llama3-8b&gpu=rtx4090&gpus=1&tp=1&pp=1&cp=1&zero=0&recompute=full&mbs=1&offload=none&tokens=1e9");
  cfg.measured_tokens_per_s_per_gpu = 600;
  const PlanOutput out = MakePlan(cfg);
  REQUIRE(out.ok);
  REQUIRE_FALSE(out.plan.memory.fits);
  REQUIRE(out.calibration.speed_fitted);
  const FitRemedy* qlora = nullptr;
  for (const FitRemedy& r : out.fit_remedies)
    if (std::string(r.words) == "QLoRA (4-bit base)") qlora = &r;
  REQUIRE(qlora);
  // The method remedy chooses its layout afresh (fit_advice.cpp): the plan of the same keys with the layout on auto.
  Config carried = testing::FromLink("model=llama3-8b&gpu=rtx4090&gpus=1&tokens=1e9&method=qlora");
  carried.measured_tokens_per_s_per_gpu = cfg.measured_tokens_per_s_per_gpu;
  CarryCalibration(out.config, carried);
  CHECK(carried.measured_tokens_per_s_per_gpu == 0);
  CHECK(carried.calib_speed == out.calibration.speed_factor);
  const PlanOutput remedy = MakePlan(carried);
  CHECK(qlora->days == Approx(remedy.plan.run.days).epsilon(1e-12));
  // Fitted again to the QLoRA configuration, the measurement would give another plan.
  Config refit = cfg;
  refit.method = Method::Qlora;
  CHECK(MakePlan(refit).plan.run.days != Approx(qlora->days).epsilon(1e-6));
}

TEST_CASE("trainplan compare on a compare link and trainplan search carry the link's fitted factors",
          "[calibrate][cli]") {
  const std::string link = std::string("#v=1&") + kRun + "&measured_tokens_per_s_per_gpu=2900";
  const PlanOutput measured = MakePlan(testing::FromLink(link));
  REQUIRE(measured.calibration.speed_fitted);
  const double factor = measured.config.calib_speed;
  // Compare: the measured run beside the same software on 8 H100s. Fitted again, the H100 column would
  // claim the A100's 2,900 tokens/s per GPU; carried, it keeps the A100's factor and is much faster.
  std::string out, err;
  REQUIRE(
      RunCli({"compare", "--link", link + "&view=compare&cmp=gpu:a100-80g,gpus:8;gpu:h100,gpus:8", "--format", "json"},
             out, err) == 0);
  const JsonParseResult compared = ParseJson(out);
  REQUIRE(compared.ok);
  const JsonValue* plans = compared.value.Find("plans");
  REQUIRE(plans);
  REQUIRE(plans->array.size() == 2);
  for (const JsonValue& plan : plans->array) {
    CHECK(plan.Find("config")->NumberOr("calib_speed", 0) == factor);
    CHECK(plan.Find("config")->NumberOr("measured_tokens_per_s_per_gpu", -1) == 0);
    CHECK(!plan.Find("calibration")->Find("speed_fitted")->boolean);
  }
  CHECK(plans->array[1].Find("throughput")->NumberOr("tokens_per_s_per_gpu", 0) > 1.3 * 2900);
  // Search: every layout is evaluated with the fitted factor, not with none.
  out.clear(), err.clear();
  REQUIRE(RunCli({"search", "--link", link, "--gpu-types", "a100-80g", "--top", "3", "--format", "json"}, out, err) ==
          0);
  const JsonParseResult searched = ParseJson(out);
  REQUIRE(searched.ok);
  const JsonValue* results = searched.value.Find("results");
  REQUIRE(results);
  REQUIRE(!results->array.empty());
  for (const JsonValue& result : results->array) CHECK(result.Find("config")->NumberOr("calib_speed", 0) == factor);
}

TEST_CASE("calibration is fitted on the plan's own job, as resolving the calibrated keys would give it",
          "[calibrate]") {
  // Each trial of the fit, and the calibrated plan, set the factors on the job already resolved
  // (SetCalibration) instead of resolving the configuration again: the result is the job ResolveJob makes of
  // the calibrated configuration, kernel rate for kernel rate (a rate the user gave is left as given).
  Config cfg = testing::FromLink(std::string(kRun) + "&eff_attention=0.4");
  cfg.measured_tokens_per_s_per_gpu = 2500;
  cfg.measured_peak_gib = 62;
  const PlanOutput out = MakePlan(cfg);
  REQUIRE(out.ok);
  REQUIRE(out.calibration.speed_fitted);
  REQUIRE(out.calibration.memory_fitted);
  std::vector<ConfigIssue> issues;
  const Job again = ResolveJob(out.config, issues);
  CHECK(out.job.assume.calib_speed == again.assume.calib_speed);
  CHECK(out.job.assume.calib_memory == again.assume.calib_memory);
  CHECK(out.job.assume.eff_matmul == again.assume.eff_matmul);
  CHECK(out.job.assume.eff_memory == again.assume.eff_memory);
  CHECK(out.job.assume.eff_attention == 0.4);  // the user's own rate: calibration leaves it
  CHECK(again.assume.eff_attention == 0.4);
  CHECK(out.job.assume.eff_matmul != Approx(ResolveJob(cfg, issues).assume.eff_matmul));
  CHECK(Evaluate(again, out.plan.layout).step.seconds == out.plan.step.seconds);
}

TEST_CASE("a log's iteration time is converted with the plan's own shape, in the same plan", "[calibrate]") {
  // MakePlan with a log learns the global batch, sequence and GPU count from the plan it makes, and fits the
  // factors in that plan: the same answer as giving the converted figure as a key.
  const Config cfg = testing::FromLink("model=llama3-8b&gpu=a100-80g&gpus=8&tokens=1e10");
  // 250 s for 1,024 sequences of 4,096 tokens on 8 A100: about 2,100 tokens/s per GPU, a speed the GPUs can run
  // (2.5 s would be 35 times their peak, which calibration now refuses).
  const RunLogReading log = ReadRunLog(" iteration 10/100 | elapsed time per iteration (ms): 250000.0 |\n");
  REQUIRE(LogNeedsPlanShape(log));
  const PlanOutput plain = MakePlan(cfg);
  REQUIRE(plain.ok);
  Config keyed = cfg;
  keyed.measured_tokens_per_s_per_gpu =
      LogTokensPerGpu(log, plain.plan.global_batch, plain.job.work.seq, plain.job.hw.gpus);
  const PlanOutput from_keys = MakePlan(keyed);
  const PlanOutput from_log = MakePlan(cfg, log);
  REQUIRE(from_log.ok);
  CHECK(from_log.config.measured_tokens_per_s_per_gpu == keyed.measured_tokens_per_s_per_gpu);
  CHECK(from_log.calibration.speed_factor == from_keys.calibration.speed_factor);
  CHECK(from_log.calibration.speed_factor != 1);
  CHECK(from_log.plan.throughput.tokens_per_s_per_gpu == from_keys.plan.throughput.tokens_per_s_per_gpu);
  // A figure the configuration states wins over the log's.
  Config given = cfg;
  given.measured_tokens_per_s_per_gpu = 2000;
  CHECK(MakePlan(given, log).config.measured_tokens_per_s_per_gpu == 2000);
}

TEST_CASE("an edit is followed by the calibration: a new measurement refits, other keys leave the measured run",
          "[calibrate]") {
  Config before =
      testing::FromLink(std::string(kRun) + "&measured_tokens_per_s_per_gpu=2500&calib_speed=0.9&calib_gpu=a100-80g");
  // A new figure: its factor goes back to auto (fitted afresh), calib_gpu with it.
  Config edited = before;
  edited.measured_tokens_per_s_per_gpu = 2600;
  CHECK(RefitEditedMeasurement(before, edited));
  CHECK(edited.calib_speed == 0);
  CHECK(edited.calib_gpu.empty());
  // ... unless the same edit gave the factor too.
  Config both = before;
  both.measured_tokens_per_s_per_gpu = 2600, both.calib_speed = 1.1;
  CHECK(RefitEditedMeasurement(before, both));
  CHECK(both.calib_speed == 1.1);
  // Any other edit is no new measurement; only calibration and view keys keep the run the one measured.
  Config view = before;
  view.view = 1, view.lang = "zh", view.calib_memory = 1.2;
  CHECK_FALSE(RefitEditedMeasurement(before, view));
  CHECK(SameMeasuredRun(before, view));
  Config more_gpus = before;
  more_gpus.gpus = 16;
  CHECK_FALSE(SameMeasuredRun(before, more_gpus));
  CHECK(IsCalibrationKey("calib_gpu"));
  CHECK_FALSE(IsCalibrationKey("gpus"));
}

}  // namespace calibrate_test
