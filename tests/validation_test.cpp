// validation_test.cpp — every published case in tests/data/cases.json is planned like a user's link and
// compared with the measurement. Memory and whole-run cases must each be within their tolerance;
// throughput cases are judged together against the goal (median error, share within 15%).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "validation.h"

using namespace tp;

namespace {

std::string ReadTestData(const char* name) {
  std::ifstream in(std::string(TRAINPLAN_TEST_DATA) + "/" + name);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<CaseResult> LoadAndRun() {
  std::string error;
  auto results = RunValidationCases(ReadTestData("cases.json"), ReadTestData("published_setups.json"), &error);
  REQUIRE(error.empty());
  REQUIRE(results.size() >= 29);
  return results;
}

// Whole-run cases the model misses today, each explained in docs/validation.md ("What the misses
// mean"): the planner's best layout on a modern software stack with Llama 3-era reliability runs faster
// than Meta's Llama 2 runs did (their cluster size and layout are unpublished). They stay listed here,
// and the test below fails if one of them starts passing, so that the list (and the doc) are updated
// rather than go stale.
const char* const kKnownMisses[] = {"llama2-7b-gpu-hours", "llama2-70b-gpu-hours"};

bool IsKnownMiss(const std::string& id) {
  for (const char* miss : kKnownMisses)
    if (id == miss) return true;
  return false;
}

bool IsThroughput(const std::string& metric) {
  return metric == "hardware_tflops_per_gpu" || metric == "model_tflops_per_gpu" || metric == "mfu" ||
         metric == "tokens_per_s_per_gpu" || metric == "step_seconds";
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
    CHECK(r.within != IsKnownMiss(r.id));
    // A known miss must still be a sane prediction: the right order of magnitude.
    if (IsKnownMiss(r.id)) CHECK(std::fabs(r.error) < 0.5);
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
