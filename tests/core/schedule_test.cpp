// schedule_test.cpp — the named pipeline schedules (the pp_schedule key, core/job/pipeline.h; issue #30): each
// schedule's bubble, activations in flight and weight copies as its source tables give them, what it requires of
// the layout (refused by name), the step and memory models reading them, the stacks' lists the search offers, and
// the schedule in the layout line and the link.
#include <catch2/catch.hpp>

#include <string>

#include "pipeline.h"
#include "planner.h"
#include "report.h"
#include "resolve.h"
#include "search.h"
#include "search_config.h"
#include "stack.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace schedule_test {

using namespace tp;
using tp::testing::FromLink;
using tp::testing::PlanLink;

namespace {

// Mixtral 8x7B on 64 H100, pp 8 (one stage per node), ep 8: 32 sequences per step over dp 8, mbs 1: 4 micro-batches
// per pipeline would be too few for DualPipe, so 128 sequences: 16.
const std::string kMoe =
    "model=mixtral-8x7b&gpu=h100&gpus=64&tp=1&pp=8&cp=1&ep=8&mbs=1&gbs=128&zero=1&recompute=none&offload=none&sp=0&"
    "stack=megatron&tokens=1e9";

std::string Issues(const PlanOutput& out) {
  std::string s;
  for (const ConfigIssue& i : out.issues) s += FormatIssue(i) + "\n";
  return s;
}

}  // namespace

TEST_CASE("each schedule's bubble as its source tables give it", "[schedule]") {
  // F = B = W = 1 chunk time on 8 devices (the zero-bubble paper's assumption T_F = T_B = T_W).
  const PipeWork t{1, 1, 1};
  CHECK(PipelineBubble(PipeSchedule::OneF1B, 8, 1, t) == Approx(7 * 3));
  CHECK(PipelineBubble(PipeSchedule::Interleaved, 8, 2, t) == Approx(7 * 3 / 2.0));
  // ZB-H1: a third of 1F1B's ("B/3", Qi et al. 2024, Table); ZB-H2 and ZBV: none.
  CHECK(PipelineBubble(PipeSchedule::ZbH1, 8, 1, t) == Approx(PipelineBubble(PipeSchedule::OneF1B, 8, 1, t) / 3));
  CHECK(PipelineBubble(PipeSchedule::ZbH2, 8, 1, t) == 0);
  CHECK(PipelineBubble(PipeSchedule::Zbv, 8, 2, t) == 0);
  // DualPipe: (PP/2 - 1)(F&B + B - 3W) with F&B = F + B + W and B the whole backward (2): 3 x (3 + 2 - 3) = 6.
  CHECK(PipelineBubble(PipeSchedule::DualPipe, 8, 1, t) == Approx(6));
  // DualPipeV: 16 half-device stages on 8 devices: (16/2 - 1) x (the same per half-chunk) = 7 x 2 / 2.
  CHECK(PipelineBubble(PipeSchedule::DualPipeV, 8, 2, t) == Approx(7));
  // No pipeline, no bubble; a schedule never leaves a negative one.
  CHECK(PipelineBubble(PipeSchedule::OneF1B, 1, 1, t) == 0);
  CHECK(PipelineBubble(PipeSchedule::ZbH2, 8, 1, {1, 0.1, 5}) == 0);
}

TEST_CASE("each schedule's activations in flight and weight copies", "[schedule]") {
  // 1F1B: stage k holds p - k micro-batches, never more than the step has; ZB-H1 the same ("1x").
  CHECK(PipelineInflight(PipeSchedule::OneF1B, 8, 1, 0, 64) == 8);
  CHECK(PipelineInflight(PipeSchedule::OneF1B, 8, 1, 7, 64) == 1);
  CHECK(PipelineInflight(PipeSchedule::OneF1B, 8, 1, 0, 3) == 3);
  CHECK(PipelineInflight(PipeSchedule::ZbH1, 8, 1, 0, 64) == 8);
  // Interleaved: Megatron's (p - k)(1 + (p - 1)/(p v)), never more than the step's micro-batches: with m = p the
  // schedule runs every forward first (Megatron-Core's "all warm-up"; Llama 3.1 405B's 16 on PP 16).
  CHECK(PipelineInflight(PipeSchedule::Interleaved, 8, 4, 0, 64) == Approx(8 * (1 + 7.0 / 32)));
  CHECK(PipelineInflight(PipeSchedule::Interleaved, 16, 7, 0, 16) == 16);
  CHECK(PipelineInflight(PipeSchedule::Interleaved, 16, 7, 1, 32) == Approx(15 * (1 + 15.0 / 112)));
  CHECK(PipelineInflight(PipeSchedule::Interleaved, 8, 2, 0, 8) == 8);
  // ZB-H2 twice 1F1B's; ZBV the first stage's on every device; DualPipe PP + 1; DualPipeV PP + 1 half-stages.
  CHECK(PipelineInflight(PipeSchedule::ZbH2, 8, 1, 0, 64) == 15);
  CHECK(PipelineInflight(PipeSchedule::Zbv, 8, 2, 7, 64) == 8);
  CHECK(PipelineInflight(PipeSchedule::DualPipe, 8, 1, 3, 64) == 9);
  CHECK(PipelineInflight(PipeSchedule::DualPipeV, 8, 2, 0, 64) == Approx(8.5));
  // DualPipe keeps both directions' stages: two copies of the weights.
  CHECK(PipelineWeightCopies(PipeSchedule::DualPipe) == 2);
  CHECK(PipelineWeightCopies(PipeSchedule::DualPipeV) == 1);
  CHECK(PipelineChunks(PipeSchedule::Zbv, 2) == 2);
  CHECK(PipelineChunks(PipeSchedule::Interleaved, 5) == 5);
}

TEST_CASE("what a schedule requires of the layout is refused by name", "[schedule]") {
  const auto refused = [](const std::string& link, const std::string& words) {
    const PlanOutput out = MakePlan(FromLink(link));
    INFO(link << "\n" << Issues(out));
    CHECK_FALSE(out.ok);
    bool named = false;
    for (const ConfigIssue& i : out.issues)
      named |= !i.notice && i.key == "pp_schedule" && FormatIssue(i).find(words) != std::string::npos;
    CHECK(named);
  };
  // deepseek-ai/DualPipe: an even number of ranks, at least 2 x ranks micro-batches, an even count.
  refused("model=mixtral-8x7b&gpu=h100&gpus=56&tp=1&pp=7&cp=1&ep=8&mbs=1&gbs=112&pp_schedule=dualpipe&vp=1",
          "an even pp");
  refused(kMoe + "&gbs=64&pp_schedule=dualpipe&vp=1", "at least 2 x pp micro-batches");
  refused(kMoe + "&pp_schedule=zbv&vp=3", "vp=2");
  refused(kMoe + "&pp_schedule=1f1b&vp=2", "vp=1");
  refused(kMoe + "&pp_schedule=interleaved&vp=1", "vp=2 or more");
  // Left on auto, a schedule that fixes the chunks per GPU takes them: ZBV two.
  const PlanOutput zbv = PlanLink(kMoe + "&pp_schedule=zbv");
  CHECK(zbv.plan.layout.vp == 2);
}

TEST_CASE("the step and memory models read the schedule", "[schedule]") {
  const PlanOutput f1b = PlanLink(kMoe + "&pp_schedule=1f1b&vp=1");
  const PlanOutput zb1 = PlanLink(kMoe + "&pp_schedule=zb-h1&vp=1");
  const PlanOutput zb2 = PlanLink(kMoe + "&pp_schedule=zb-h2&vp=1");
  const PlanOutput dual = PlanLink(kMoe + "&pp_schedule=dualpipe&vp=1");
  const PlanOutput dualv = PlanLink(kMoe + "&pp_schedule=dualpipev");
  REQUIRE(f1b.plan.step.bubble_s > 0);
  // The zero-bubble schedules fill the bubble with the weight gradients; their compute is 1F1B's.
  CHECK(zb1.plan.step.bubble_s < f1b.plan.step.bubble_s);
  CHECK(zb2.plan.step.bubble_s < zb1.plan.step.bubble_s);
  CHECK(zb1.plan.step.compute_s == Approx(f1b.plan.step.compute_s));
  // ZB-H2 keeps twice the activations; DualPipe p + 1 micro-batches and two copies of the weights.
  CHECK(zb2.plan.memory.activations > f1b.plan.memory.activations);
  // (of the most loaded stage, which may be another one of the same size: 1e-3)
  CHECK(dual.plan.memory.weights == Approx(2 * f1b.plan.memory.weights).epsilon(1e-3));
  // DualPipe(V) hide the expert all-to-all and the pipeline's sends (DeepSeek-V3 report, section 3.2.1): what is
  // left of them is the contention of the hidden part (overlap_contention).
  const double contention = f1b.job.assume.overlap_contention;
  REQUIRE(f1b.plan.step.comm_ep_s > 0);
  CHECK(dual.plan.step.comm_pp_s == Approx(2 * contention * f1b.plan.step.comm_pp_s).epsilon(1e-9));
  CHECK(dual.plan.step.comm_exposed_s < f1b.plan.step.comm_exposed_s);
  CHECK(dual.plan.step.bubble_s < f1b.plan.step.bubble_s);
  CHECK(dualv.plan.step.seconds < f1b.plan.step.seconds);
}

TEST_CASE("torchtitan's DualPipeV hides the expert all-to-all only where its release and recomputation allow",
          "[schedule]") {
  // The same MoE layout under torch.distributed.pipelining (the fsdp stack): torchtitan runs the paired forward and
  // backward side by side from v0.2.1 (2025-12-26, #1721) and refuses that overlap with activation checkpointing;
  // before it, and with recomputation, the pair runs one after the other and the all-to-all is on the step.
  const std::string fsdp =
      "model=mixtral-8x7b&gpu=h100&gpus=64&tp=1&pp=8&cp=1&ep=8&mbs=1&gbs=128&zero=3&"
      "offload=none&sp=0&stack=fsdp&tokens=1e9&pp_schedule=dualpipev";
  const PlanOutput overlapped = PlanLink(fsdp + "&stack_year=2026&recompute=none");
  const PlanOutput recomputed = PlanLink(fsdp + "&stack_year=2026&recompute=full");
  const PlanOutput before = PlanLink(fsdp + "&stack_year=2025&recompute=none");
  INFO(Issues(overlapped) << Issues(recomputed) << Issues(before));
  REQUIRE(ScheduleOf(overlapped.plan.layout) == PipeSchedule::DualPipeV);
  CHECK(ScheduleHidesExpertComm(overlapped.job, overlapped.plan.layout));
  CHECK_FALSE(ScheduleHidesExpertComm(recomputed.job, recomputed.plan.layout));
  CHECK_FALSE(ScheduleHidesExpertComm(before.job, before.plan.layout));
  // Hidden, only the contention of the hidden part is left on the step; serial, all of it (the same all-to-all).
  const double contention = overlapped.job.assume.overlap_contention;
  const double a2a = before.plan.step.comm_ep_s;
  REQUIRE(a2a > 0);
  CHECK(overlapped.plan.step.comm_ep_s == Approx(a2a));
  CHECK(before.plan.step.comm_exposed_s - overlapped.plan.step.comm_exposed_s ==
        Approx((1 - contention) * a2a).epsilon(1e-6));
  CHECK(recomputed.plan.step.comm_exposed_s > recomputed.plan.step.comm_ep_s);
  // DeepSeek's own DualPipe(V) (any other stack) hides it with recomputation too.
  const PlanOutput megatron = PlanLink(kMoe + "&pp_schedule=dualpipev&recompute=full");
  CHECK(ScheduleHidesExpertComm(megatron.job, megatron.plan.layout));
}

TEST_CASE("the search offers the schedules the stack runs, and the plan shows the one it chose", "[schedule]") {
  // Megatron-Core: 1F1B and interleaved; torchtitan (fsdp): ZBV and DualPipeV as well.
  CHECK(OffersSchedule(*FindStack("megatron"), PipeSchedule::Interleaved));
  CHECK_FALSE(OffersSchedule(*FindStack("megatron"), PipeSchedule::Zbv));
  CHECK_FALSE(OffersSchedule(*FindStack("deepspeed"), PipeSchedule::Interleaved));
  CHECK(OffersSchedule(*FindStack("fsdp"), PipeSchedule::DualPipeV));
  // Each from its release: torchtitan's ZBV came in 2025, not in the 2024 release Llama 3's runs are planned on.
  CHECK_FALSE(OffersSchedule(*FindStack("fsdp"), PipeSchedule::Zbv, 2024));
  CHECK(OffersSchedule(*FindStack("fsdp"), PipeSchedule::Zbv, 2025));
  for (const char* stack : {"megatron", "fsdp"}) {
    // torchtitan's 2025 release, the first with ZBV and DualPipeV.
    Config cfg =
        FromLink("model=llama2-7b&gpu=h100&gpus=16&pp=4&tp=1&cp=1&gbs=128&stack_year=2025&stack=" + std::string(stack));
    SearchOptions opt;
    opt.top = 400;
    opt.exhaustive = true;
    const SearchResult r = SearchLayouts(cfg, opt);
    REQUIRE(!r.top.empty());
    bool v_shaped = false;
    for (const SearchHit& h : r.top) {
      const PipeSchedule s = ScheduleOf(h.plan.layout);
      INFO(stack << ": " << Name(s));
      CHECK(OffersSchedule(StackOf(r.jobs[h.variant]), s, r.jobs[h.variant].stack_year));
      v_shaped |= s == PipeSchedule::Zbv || s == PipeSchedule::DualPipeV;
    }
    CHECK(v_shaped == (std::string(stack) == "fsdp"));
  }
  // The plan's layout line and link carry the schedule.
  const PlanOutput out = PlanLink(kMoe + "&pp_schedule=dualpipe&vp=1");
  CHECK(out.config.pp_schedule == int(PipeSchedule::DualPipe));
  const std::string text = PlanToText(out);
  CHECK(text.find("pp_schedule=dualpipe") != std::string::npos);
  CHECK(text.find("&pp_schedule=dualpipe") != std::string::npos);
}

}  // namespace schedule_test
