// calibration_physics_test.cpp — calibration refuses what physics rules out (issue #34): a speed past the GPU's
// peak (MFU or HFU above 100 %), a peak below the weights, a speed factor that lifts the plan past the peak, a
// log's figures outside the keys' ranges; and says so when a log's own TFLOPS and MFU imply another GPU.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "calibrate.h"
#include "cli.h"
#include "config.h"
#include "planner.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace calibration_physics_test {

using namespace tp;

namespace {

const ConfigIssue* ErrorOn(const PlanOutput& out, const std::string& key) {
  for (const ConfigIssue& i : out.issues)
    if (!i.notice && i.key == key) return &i;
  return nullptr;
}

}  // namespace

TEST_CASE("a measured speed past the GPU's peak is refused naming the key, not fitted", "[calibrate]") {
  // The Trainer line of the issue: 25,188 tokens/s per H100 for an 8B model is about 131 % MFU.
  const PlanOutput out = MakePlan(
      testing::FromLink("#v=1&model=llama3-8b&gpu=h100&gpus=16&tokens=2.5e11&measured_tokens_per_s_per_gpu=25188"));
  CHECK_FALSE(out.ok);
  const ConfigIssue* e = ErrorOn(out, "measured_tokens_per_s_per_gpu");
  REQUIRE(e != nullptr);
  CHECK(FormatIssue(*e).find("% MFU") != std::string::npos);
  // The page's fallback plans without the measurement and keeps the refusal.
  const PlanOutput fallback = MakePlanWithFallback(
      testing::FromLink("#v=1&model=llama3-8b&gpu=h100&gpus=16&measured_tokens_per_s_per_gpu=25188"));
  CHECK(fallback.ok);
  CHECK(fallback.plan.throughput.mfu <= 1.0);
  CHECK(ErrorOn(fallback, "measured_tokens_per_s_per_gpu") != nullptr);
  // A plausible measurement still calibrates.
  const PlanOutput fine =
      MakePlan(testing::FromLink("#v=1&model=llama3-8b&gpu=h100&gpus=16&measured_tokens_per_s_per_gpu=9000"));
  CHECK(fine.ok);
  CHECK(fine.plan.throughput.tokens_per_s_per_gpu == Approx(9000).epsilon(0.01));
}

TEST_CASE("a measured peak below the weights is refused, and so is a speed factor past the peak", "[calibrate]") {
  const PlanOutput tiny = MakePlan(testing::FromLink("#v=1&model=llama3-8b&gpu=h100&gpus=8&measured_peak_gib=1e-300"));
  CHECK_FALSE(tiny.ok);
  CHECK(ErrorOn(tiny, "measured_peak_gib") != nullptr);
  const PlanOutput fast = MakePlan(testing::FromLink("#v=1&model=qwen2.5-0.5b&gpu=h100&gpus=8&calib_speed=20"));
  CHECK_FALSE(fast.ok);
  const ConfigIssue* e = ErrorOn(fast, "calib_speed");
  REQUIRE(e != nullptr);
  CHECK(FormatIssue(*e).find("accepted here: up to") != std::string::npos);
  // A factor that keeps the plan under the peak is taken.
  CHECK(MakePlan(testing::FromLink("#v=1&model=qwen2.5-0.5b&gpu=h100&gpus=8&calib_speed=1.1")).ok);
  // Too slow says "less", not "more"; and since no speed factor in calib_speed's range (0.05-20) reproduces it,
  // it is refused, not planned at the bound's factor beside a "calibrated" speed that is not the one measured.
  const PlanOutput slow =
      MakePlan(testing::FromLink("#v=1&model=llama3-8b&gpu=h100&gpus=8&measured_tokens_per_s_per_gpu=5"));
  CHECK_FALSE(slow.ok);
  const ConfigIssue* less = ErrorOn(slow, "measured_tokens_per_s_per_gpu");
  REQUIRE(less != nullptr);
  CHECK(FormatIssue(*less).find("less than even a twentieth") != std::string::npos);
  // The page's fallback plans without the measurement, uncalibrated, and keeps the refusal.
  const PlanOutput slow_page =
      MakePlanWithFallback(testing::FromLink("#v=1&model=llama3-8b&gpu=h100&gpus=8&measured_tokens_per_s_per_gpu=5"));
  CHECK(slow_page.ok);
  CHECK(slow_page.calibration.speed_factor == 1.0);
  CHECK(ErrorOn(slow_page, "measured_tokens_per_s_per_gpu") != nullptr);
}

TEST_CASE("a measurement no factor in the keys' range reproduces is refused naming the key", "[calibrate]") {
  const PlanOutput base = MakePlan(testing::FromLink("#v=1&model=llama3-8b&gpu=h100&gpus=8"));
  REQUIRE(base.ok);
  // A peak within the card (H200: 131 GiB) yet far above what activations and temporaries times 0.05-20 add to
  // a 0.5B model's states at one sequence of 512 tokens (1.95 to 21.7 GiB): it was planned at factor 20 and
  // printed "peak reserved, calibrated plan 21.7 GiB" beside "100 GiB measured".
  const PlanOutput big =
      MakePlan(testing::FromLink("#v=1&model=qwen2.5-0.5b&gpu=h200&gpus=8&seq=512&mbs=1&measured_peak_gib=100"));
  CHECK_FALSE(big.ok);
  const ConfigIssue* e = ErrorOn(big, "measured_peak_gib");
  REQUIRE(e != nullptr);
  CHECK(FormatIssue(*e).find("outside what activations and temporaries can explain") != std::string::npos);
  // Inside the range the same model calibrates: the factor is the one that reproduces the measurement.
  const double planned = base.plan.memory.reserved / (1024.0 * 1024 * 1024);
  const PlanOutput fine = MakePlan(
      testing::FromLink("#v=1&model=llama3-8b&gpu=h100&gpus=8&measured_peak_gib=" + std::to_string(planned * 1.05)));
  CHECK(fine.ok);
  CHECK(fine.calibration.memory_fitted);
  CHECK(fine.plan.memory.reserved / (1024.0 * 1024 * 1024) == Approx(planned * 1.05).epsilon(0.01));
}

TEST_CASE("a log's figures go through the keys' ranges, and a log from another GPU is named", "[calibrate]") {
  const std::string path = (std::filesystem::temp_directory_path() / "trainplan-huge.log").string();
  std::ofstream(path) << "memory: 1e308GiB(1%)  tps: 1e308\n";
  std::string out, err;
  CHECK(RunCli({"plan", "--log", path}, out, err) == 2);
  CHECK(err.find("measured_tokens_per_s_per_gpu") != std::string::npos);
  std::filesystem::remove(path);
  // torchtitan on an A100 (312 TFLOPS peak): 100 TFLOPS at 32 % MFU, planned as an H100.
  const RunLogReading a100 =
      ReadRunLog("[rank0]: step: 20  loss:  6.9  memory: 46.10GiB(58.00%)  tps: 2,410  tflops: 100.0  mfu: 32.0%\n");
  CHECK(LogImpliedPeakTflops(a100) == Approx(312.5));
  const PlanOutput h100 = MakePlan(testing::FromLink("#v=1&model=llama3-8b&gpu=h100&gpus=8"), a100);
  bool named = false;
  for (const ConfigIssue& i : h100.issues) named |= FormatIssue(i).find("another GPU") != std::string::npos;
  CHECK(named);
  const PlanOutput a100_plan = MakePlan(testing::FromLink("#v=1&model=llama3-8b&gpu=a100-80g&gpus=8"), a100);
  for (const ConfigIssue& i : a100_plan.issues) CHECK(FormatIssue(i).find("another GPU") == std::string::npos);
}

}  // namespace calibration_physics_test
