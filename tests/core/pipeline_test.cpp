// pipeline_test.cpp — the stacks' pipeline rules (issue #18), planned from links as a user gives them: the
// highest ZeRO stage each stack runs with pipeline parallelism (refused above it with the stack's name, and
// never offered by the search), pipeline schedules per local batch (pp_microbatches: the bubble once per
// schedule; refused where the stack runs one schedule per step), and ZeRO-3 under a pipeline (FSDP2: weights
// gathered once per schedule and kept, gradients reduce-scattered at each schedule's end and waited for).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "explain.h"
#include "planner.h"
#include "resolve.h"
#include "search_config.h"
#include "test_links.h"
#include "trace.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace pipeline_test {

using namespace tp;
using tp::testing::FromLink;
using tp::testing::PlanLink;

namespace {

// Llama 2 7B on 16 H100 (two nodes), pp 2, everything else fixed: dp 8, 64 sequences = 8 micro-batches.
const std::string kBase =
    "model=llama2-7b&gpu=h100&gpus=16&tp=1&pp=2&cp=1&ep=1&mbs=1&gbs=64&recompute=none&offload=none&sp=0";

// The issues a link's plan ends with, and whether it was planned.
PlanOutput Try(const std::string& link) { return MakePlan(FromLink(link)); }

std::string Issues(const PlanOutput& out) {
  std::string s;
  for (const ConfigIssue& i : out.issues) s += FormatIssue(i) + "\n";
  return s;
}

// The link is refused with an error on `key` whose message holds `words`, as `trainplan plan` would (exit 2).
void ExpectRefused(const std::string& link, const std::string& key, const std::string& words) {
  const PlanOutput out = Try(link);
  INFO(link << "\n" << Issues(out));
  CHECK_FALSE(out.ok);
  bool named = false;
  for (const ConfigIssue& i : out.issues)
    named |= !i.notice && i.key == key && FormatIssue(i).find(words) != std::string::npos;
  CHECK(named);
}

void ExpectPlanned(const std::string& link) {
  const PlanOutput out = Try(link);
  INFO(link << "\n" << Issues(out));
  CHECK(out.ok);
}

}  // namespace

TEST_CASE("each stack's highest ZeRO stage with a pipeline: refused above it by the stack's name", "[pipeline]") {
  // DeepSpeed's pipeline engine asserts ZeRO < 2; Megatron keeps ZeRO-3 off the pipeline; FSDP2 runs under it.
  ExpectRefused(kBase + "&stack=deepspeed&vp=1&zero=2", "zero", "DeepSpeed ZeRO runs at most ZeRO-1 with a pipeline");
  ExpectPlanned(kBase + "&stack=deepspeed&vp=1&zero=1");
  ExpectRefused(kBase + "&stack=megatron&vp=1&zero=3", "zero", "Megatron-LM / Megatron-Core runs at most ZeRO-2");
  ExpectPlanned(kBase + "&stack=fsdp&vp=1&zero=3");
  // Without a pipeline every stack takes ZeRO-3.
  ExpectPlanned("model=llama2-7b&gpu=h100&gpus=16&tp=1&pp=1&cp=1&zero=3&stack=deepspeed");
}

TEST_CASE("the search offers only the ZeRO stages the stack runs with a pipeline", "[pipeline]") {
  for (const char* stack : {"deepspeed", "megatron", "fsdp"}) {
    Config cfg = FromLink("model=llama2-7b&gpu=h100&gpus=24&pp=3&tp=1&cp=1&gbs=96&stack=" + std::string(stack));
    SearchOptions opt;
    opt.top = 200;
    opt.exhaustive = true;
    LayoutSearch search;
    BeginSearch(search, cfg, opt);
    while (!search.Step(1 << 20)) {
    }
    const SearchResult& r = search.Result();
    REQUIRE(!r.top.empty());
    int highest = 0;
    for (const SearchHit& h : r.top) {
      INFO(stack << ": zero=" << h.plan.layout.zero);
      CHECK(h.plan.layout.zero <= MaxZeroWithPipeline(r.jobs[h.variant]));
      CHECK(CheckLayout(r.jobs[h.variant], h.plan.layout, nullptr));
      highest = std::max(highest, h.plan.layout.zero);
    }
    // The rule is the stack's, not a blanket one: FSDP's pipelines do get ZeRO-3 among the 200 fastest.
    CHECK(highest == (std::string(stack) == "deepspeed" ? 1 : std::string(stack) == "megatron" ? 2 : 3));
  }
}

TEST_CASE("a stack that schedules per local batch drains the pipeline once per schedule", "[pipeline]") {
  // 8 micro-batches, pp 2: one schedule (auto), or 4 schedules of 2 (torchtitan's num_pp_microbatches 2).
  const std::string fsdp = kBase + "&stack=fsdp&vp=1&zero=2";
  const PlanOutput one = PlanLink(fsdp);
  const PlanOutput four = PlanLink(fsdp + "&pp_microbatches=2");
  REQUIRE(one.plan.step.micro_batches == 8);
  REQUIRE(one.plan.step.bubble_s > 0);
  CHECK(four.plan.step.bubble_s == Approx(4 * one.plan.step.bubble_s).epsilon(1e-12));
  CHECK(four.plan.step.compute_s == one.plan.step.compute_s);
  CHECK(four.plan.step.seconds > one.plan.step.seconds);
  // Giving the step's own count is one schedule, as auto.
  CHECK(PlanLink(fsdp + "&pp_microbatches=8").plan.step.seconds == one.plan.step.seconds);
  // The explanation opens the bubble into its schedules.
  const Explanation ex = ExplainPlan(four);
  const ExplainNode* schedules = ex.Find("pipeline_schedules");
  REQUIRE(schedules);
  CHECK(schedules->value == 4);
}

TEST_CASE("pipeline schedules per local batch: refused where the stack runs one per step, or uneven", "[pipeline]") {
  ExpectRefused(kBase + "&stack=megatron&vp=1&zero=1&pp_microbatches=2", "pp_microbatches",
                "runs a step's 8 micro-batches as one pipeline schedule; accepted: auto or 8");
  ExpectPlanned(kBase + "&stack=megatron&vp=1&zero=1&pp_microbatches=8");
  ExpectRefused(kBase + "&stack=fsdp&vp=1&zero=2&pp_microbatches=3", "pp_microbatches",
                "do not split into schedules of 3; accepted: a divisor of 8");
  // Interleaving needs a multiple of pp per schedule (Megatron's rule, applied to each schedule).
  ExpectRefused(kBase + "&stack=fsdp&vp=2&zero=2&pp_microbatches=1", "pp_microbatches",
                "micro-batches per schedule (pp_microbatches = 1) that are a multiple of pp=2");
  ExpectPlanned(kBase + "&stack=fsdp&vp=2&zero=2&pp_microbatches=2");
  // Without a pipeline the count changes nothing.
  const std::string flat = "model=llama2-7b&gpu=h100&gpus=16&tp=1&pp=1&cp=1&mbs=1&gbs=64&zero=1&stack=megatron";
  CHECK(PlanLink(flat + "&pp_microbatches=2").plan.step.seconds == PlanLink(flat).plan.step.seconds);
}

TEST_CASE("ZeRO-3 under a pipeline gathers once per schedule and waits for the reduce-scatter", "[pipeline]") {
  const std::string z3 = kBase + "&stack=fsdp&vp=1&zero=3";
  const PlanOutput at64 = PlanLink(z3);
  const PlanOutput at128 = PlanLink(z3 + "&gbs=128");
  REQUIRE(at128.plan.step.micro_batches == 2 * at64.plan.step.micro_batches);
  // Twice the micro-batches in one schedule: the same data-parallel traffic (per schedule, not per micro-batch).
  CHECK(at128.plan.step.comm_dp_s == Approx(at64.plan.step.comm_dp_s).epsilon(1e-12));
  // Two schedules: twice.
  CHECK(PlanLink(z3 + "&gbs=128&pp_microbatches=8").plan.step.comm_dp_s ==
        Approx(2 * at64.plan.step.comm_dp_s).epsilon(1e-12));
  // Without a pipeline ZeRO-3 gathers every micro-batch: it doubles with them.
  const std::string flat = "model=llama2-7b&gpu=h100&gpus=16&tp=1&pp=1&cp=1&mbs=1&recompute=none&zero=3&stack=fsdp";
  CHECK(PlanLink(flat + "&gbs=128").plan.step.comm_dp_s ==
        Approx(2 * PlanLink(flat + "&gbs=64").plan.step.comm_dp_s).epsilon(1e-12));
  // The reduce-scatter (half the bytes) is waited for: at least it is exposed.
  PlanTrace trace;
  Evaluate(at64.job, at64.plan.layout, &trace);
  CHECK(trace.step.dp_exposed >= 0.5 * trace.step.dp_total * (1 - 1e-12));
  // Memory: the weights stay gathered through the schedule (ZeRO-2's bf16 copy + the sharded fp32 master)
  // and the gradients accumulate whole in fp32 until it ends.
  const PlanOutput z2 = PlanLink(kBase + "&stack=fsdp&vp=1&zero=2");
  CHECK(at64.plan.memory.weights == Approx(z2.plan.memory.weights).epsilon(1e-12));
  CHECK(at64.plan.memory.gradients > 4 * z2.plan.memory.gradients);
}

}  // namespace pipeline_test
