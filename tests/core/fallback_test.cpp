// fallback_test.cpp — MakePlanWithFallback, the page's planner (issue #9): a configuration error names
// its key and what it accepts, the key is planned with its default, and the rest of the plan still
// computes; the command line's MakePlan still refuses. Always bounded: a few rounds, never a hang.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include "planner.h"
#include "report.h"
#include "test_clock.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace fallback_test {

using namespace tp;

namespace {

// The link parsed the way the page parses it: bad values stay at their default, with an issue each.
Config Parse(const std::string& link, std::vector<ConfigIssue>* issues = nullptr) {
  Config c;
  std::vector<ConfigIssue> local;
  ApplyLink(c, link, issues ? *issues : local);
  return c;
}

bool HasError(const PlanOutput& o, const std::string& key, const std::string& words = "") {
  return std::any_of(o.issues.begin(), o.issues.end(), [&](const ConfigIssue& i) {
    return !i.notice && i.key == key && i.message.find(words) != std::string::npos;
  });
}

bool Replaced(const PlanOutput& o, const std::string& key) {
  return std::find(o.fallback_keys.begin(), o.fallback_keys.end(), key) != o.fallback_keys.end();
}

// A real plan: a valid layout with numbers in it.
void CheckPlanned(const PlanOutput& o) {
  REQUIRE(o.ok);
  CHECK(o.plan.valid);
  CHECK(o.plan.step.seconds > 0);
  CHECK(std::isfinite(o.plan.run.days));
  CHECK(o.plan.memory.total > 0);
}

}  // namespace

TEST_CASE("tp=3 on a 64-head model plans with tp chosen by search and keeps the error", "[fallback]") {
  Config c = Parse("#v=1&model=llama2-7b&gpus=8&tp=3");
  REQUIRE(c.tp == 3);
  // The command line still refuses, naming the key.
  PlanOutput strict = MakePlan(c);
  REQUIRE_FALSE(strict.ok);
  REQUIRE(HasError(strict, "tp"));

  PlanOutput o = MakePlanWithFallback(c);
  CheckPlanned(o);
  CHECK(o.plan.layout.tp != 3);
  CHECK(32 % o.plan.layout.tp == 0);  // llama2-7b: 32 heads
  CHECK(o.searched);                  // tp went to auto and search chose it
  CHECK(HasError(o, "tp", "accepted"));
  CHECK(o.fallback_keys == std::vector<std::string>{"tp"});
  // The user's value stays in the config (and so in the link) for them to fix.
  CHECK(o.config.tp == 3);
  CHECK(FormatLink(o.config).find("tp=3") != std::string::npos);
  // What was planned is the user's config with the replaced keys on their defaults.
  Config planned = WithDefaults(c, o.fallback_keys);
  CHECK(planned.tp == kAuto);
  CHECK(MakePlan(planned).plan.step.seconds == o.plan.step.seconds);
  // The JSON the page exposes: ok, the error, the replaced key.
  std::string json = PlanToJson(o);
  CHECK(json.find("\"ok\": true") != std::string::npos);
  CHECK(json.find("\"fallback_keys\"") != std::string::npos);
  CHECK(json.find("tp: ") != std::string::npos);
  // The command line's JSON has no such key (golden files unchanged).
  CHECK(PlanToJson(strict).find("fallback_keys") == std::string::npos);
}

TEST_CASE("a plan without errors is MakePlan's, unchanged", "[fallback]") {
  Config c = testing::FromLink("#v=1&model=llama2-7b&gpus=8");
  CHECK(PlanToJson(MakePlanWithFallback(c)) == PlanToJson(MakePlan(c)));
  CHECK(MakePlanWithFallback(c).fallback_keys.empty());
}

TEST_CASE("pp=7 on an 80-layer model and an undividable batch fall back per key", "[fallback]") {
  PlanOutput pp = MakePlanWithFallback(Parse("#v=1&model=llama2-70b&gpus=64&pp=100"));
  CheckPlanned(pp);
  CHECK(HasError(pp, "pp"));
  CHECK(Replaced(pp, "pp"));
  CHECK(pp.plan.layout.pp <= 80);

  // gbs=1000 with mbs=3 on 8 GPUs: the error names gbs, which goes to auto: the largest multiple of 3 x 8 within
  // the recipe batch of a 7B's pre-training, 2,097,152 tokens = 512 sequences of 4,096 (504). The explicit layout
  // and micro-batch stay.
  PlanOutput batch = MakePlanWithFallback(Parse("#v=1&model=llama2-7b&gpus=8&tp=1&pp=1&cp=1&ep=1&vp=1&mbs=3&gbs=1000"));
  CheckPlanned(batch);
  CHECK(HasError(batch, "gbs", "multiple"));
  CHECK(batch.fallback_keys == std::vector<std::string>{"gbs"});
  CHECK(batch.plan.layout.tp == 1);
  CHECK(batch.plan.layout.pp == 1);
  CHECK(batch.plan.layout.mbs == 3);
  CHECK(batch.plan.global_batch == 504);
}

TEST_CASE("a global batch left on auto is the recipe's in tokens: all of it on powers of two, never more otherwise",
          "[fallback]") {
  // llama2-7b pre-trains at 2,097,152 tokens per step (core/stack/batches.cpp), 512 sequences of 4,096. The same
  // explicit mbs=3 on 8 GPUs is no error at all when gbs is not given: 21 steps of 24, 504.
  PlanOutput mbs = MakePlan(Parse("#v=1&model=llama2-7b&gpus=8&tp=1&pp=1&cp=1&ep=1&vp=1&mbs=3"));
  REQUIRE(mbs.ok);
  CHECK_FALSE(HasErrors(mbs.issues));
  CHECK(mbs.plan.global_batch == 504);
  CHECK(mbs.plan.step.micro_batches == 21);
  // A power-of-two cluster runs the recipe's 512 sequences whatever layout the search picks.
  PlanOutput pow2 = MakePlan(Parse("#v=1&model=llama2-7b&gpus=64"));
  REQUIRE(pow2.ok);
  CHECK(pow2.plan.global_batch == 512);
  // At 8K the same tokens are 256 sequences, at 128K 16: tokens per step, not sequences, follow the recipe.
  CHECK(MakePlan(Parse("#v=1&model=llama2-7b&gpus=64&seq=8k")).plan.global_batch == 256);
  // 440 GPUs (MPT-7B's cluster) divide no batch near 512 evenly: the planner plans the largest multiple of a step
  // within it rather than refusing, never more; the resolved JSON says so, and the link leaves gbs on auto.
  PlanOutput odd = MakePlan(Parse("#v=1&model=llama2-7b&gpus=440"));
  REQUIRE(odd.ok);
  CHECK(odd.plan.global_batch % (odd.plan.layout.mbs * odd.plan.layout.dp) == 0);
  CHECK(odd.plan.global_batch <= 512);
  CHECK(odd.plan.global_batch > 512 - odd.plan.layout.mbs * odd.plan.layout.dp);
  CHECK(odd.plan.run.steps == Approx(std::ceil(odd.job.work.tokens / (double(odd.plan.global_batch) * 4096))));
  CHECK(PlanToJson(odd).find("\"gbs\": " + std::to_string(odd.plan.global_batch)) != std::string::npos);
  CHECK(FormatLink(odd.config).find("gbs=") == std::string::npos);
  // Given explicitly, the batch is kept, and a batch no layout divides is still an error naming gbs.
  PlanOutput given = MakePlan(Parse("#v=1&model=llama2-7b&gpus=64&gbs=512"));
  REQUIRE(given.ok);
  CHECK(given.plan.global_batch == 512);
}

TEST_CASE("QLoRA with fp32 plans in bf16 and says why", "[fallback]") {
  Config c = Parse("#v=1&model=llama2-7b&gpu=rtx4090&gpus=8&method=qlora&prec=fp32");
  REQUIRE_FALSE(MakePlan(c).ok);
  PlanOutput o = MakePlanWithFallback(c);
  CheckPlanned(o);
  CHECK(o.job.work.prec == Precision::Bf16);
  CHECK(o.job.work.method == Method::Qlora);  // the method the user chose is kept
  CHECK(HasError(o, "prec", "bf16 or fp16"));
  CHECK(o.fallback_keys == std::vector<std::string>{"prec"});
  CHECK(o.config.prec == Precision::Fp32);
}

TEST_CASE("a NaN or garbage value stays at its default and its issue is kept per key", "[fallback]") {
  std::vector<ConfigIssue> parsed;
  Config c = Parse("#v=1&model=llama2-7b&gpus=8&tp=abc&pue=nan&tokens=NaN", &parsed);
  REQUIRE(parsed.size() >= 3);
  CHECK(c.tp == kAuto);
  CHECK(c.pue == Config{}.pue);
  PlanOutput o = MakePlanWithFallback(c, parsed);
  CheckPlanned(o);
  CHECK(HasError(o, "tp", "abc"));
  CHECK(HasError(o, "pue"));
  CHECK(HasError(o, "tokens"));
  CHECK(o.fallback_keys.empty());       // nothing to replace: the parser already kept the defaults
  CHECK(o.issues.front().key == "tp");  // parse issues first, in link order
}

TEST_CASE("an all-bad link still plans the defaults and lists every error", "[fallback]") {
  std::vector<ConfigIssue> parsed;
  Config c = Parse(
      "#v=1&model=no-such-model&gpu=no-such-gpu&intra=warp&inter=carrier-pigeon&tp=3&pp=999&"
      "method=qlora&prec=fp32&gbs=7&mbs=5&zero=9&gpus=-4&seq=zero&frobnicate=1",
      &parsed);
  REQUIRE_FALSE(MakePlan(c).ok);
  PlanOutput o = MakePlanWithFallback(c, parsed);
  CheckPlanned(o);
  for (const char* key : {"model", "gpu", "intra", "inter", "prec", "zero", "gpus", "seq"}) {
    INFO(key);
    CHECK(HasError(o, key));
  }
  for (const char* key : {"model", "gpu", "intra", "inter", "prec"}) {
    INFO(key);
    CHECK(Replaced(o, key));
  }
  CHECK(std::any_of(o.issues.begin(), o.issues.end(),
                    [](const ConfigIssue& i) { return i.message.find("frobnicate") != std::string::npos; }));
  CHECK(o.config.model == "no-such-model");
  CHECK(o.job.model.layers > 0);  // the default preset's architecture was planned
}

TEST_CASE("when even the defaults cannot plan the answer is MakePlan's, quickly", "[fallback]") {
  // A custom model without dimensions: the defaults (0 = take the preset's) cannot help.
  Config c = Parse("#v=1&model=custom&gpus=8&tp=3");
  const double t0 = testing::ThreadCpuSeconds();
  PlanOutput o = MakePlanWithFallback(c);
  const double seconds = testing::ThreadCpuSeconds() - t0;  // the work, not the wall clock (test_clock.h)
  CHECK_FALSE(o.ok);
  CHECK(HasError(o, "layers"));
  CHECK(seconds < 5);  // a bounded number of rounds, each a MakePlan
}

}  // namespace fallback_test
