// search_test.cpp — layout search: never worse than a published layout, ranking and Pareto front are
// consistent, sliced search equals one-shot search, explicit keys are respected.
#include <catch2/catch.hpp>

#include "planner.h"
#include "search.h"
#include "test_links.h"

using namespace tp;
using tp::testing::FromLink;

TEST_CASE("search never predicts slower than Llama 3 405B's published layout", "[search]") {
  // Dubey et al. 2024, Table 4: 16,384 H100, TP 8, CP 1, PP 16, DP 128, 8K sequences, 16M-token batches.
  // 126 layers on 16 stages is an uneven split: the search must consider pipeline degrees that do not
  // divide the layer count, with and without the interleaved schedule.
  // Meta's 2024 stack: FSDP-style sharding with tensor, pipeline and context parallelism (stack=fsdp).
  const char* job = "#v=1&model=llama3.1-405b&gpu=h100&gpus=16384&seq=8192&gbs=2048&prec=bf16&stack=fsdp&stack_year=2024";
  SearchResult found = SearchLayouts(FromLink(job), SearchOptions{});
  REQUIRE(found.any_fits);
  REQUIRE_FALSE(found.top.empty());
  for (int vp : {1, 7}) {
    Config published = FromLink(job);
    published.tp = 8, published.pp = 16, published.cp = 1, published.vp = vp, published.ep = 1;
    published.mbs = 1, published.zero = 2, published.recompute = Recompute::None, published.offload = 0;
    published.sp = 1;
    PlanOutput reference = MakePlan(published);
    INFO("published layout with vp=" << vp);
    REQUIRE(reference.ok);
    REQUIRE(reference.plan.memory.fits);
    CHECK(found.top.front().plan.step.seconds <= reference.plan.step.seconds * (1 + 1e-9));
  }
}

TEST_CASE("search results fit, are ranked, and the Pareto front is non-dominated", "[search]") {
  Config cfg = FromLink("#v=1&model=llama2-13b&gpu=a100-80g&gpus=32&gbs=256");
  SearchOptions options;
  options.top = 8;
  SearchResult r = SearchLayouts(cfg, options);
  REQUIRE(r.any_fits);
  CHECK(r.evaluated == r.enumerated);  // every layout counted was evaluated with the full model
  CHECK(r.evaluated > 100);
  for (size_t i = 0; i < r.top.size(); ++i) {
    CHECK(r.top[i].plan.memory.fits);
    if (i > 0) CHECK(r.top[i - 1].plan.run.days <= r.top[i].plan.run.days);
  }
  for (const SearchHit& a : r.pareto)
    for (const SearchHit& b : r.pareto)
      if (&a != &b)
        CHECK_FALSE((b.plan.run.days <= a.plan.run.days && b.plan.run.cost_usd < a.plan.run.cost_usd));
  if (r.top.size() > 1) CHECK_FALSE(WhyLoses(r.top[1].plan, r.top[0].plan, Objective::Time).empty());
}

TEST_CASE("sliced search gives the same answer as one-shot search", "[search]") {
  Config cfg = FromLink("#v=1&model=llama3-8b&gpu=h100&gpus=16&gbs=64");
  SearchResult once = SearchLayouts(cfg, SearchOptions{});
  LayoutSearch sliced;
  sliced.Begin(cfg, SearchOptions{});
  int slices = 0;
  while (!sliced.Step(500)) ++slices;
  CHECK(slices > 1);
  CHECK(sliced.Progress() == 1.0);
  REQUIRE(once.any_fits);
  CHECK(sliced.Result().evaluated == once.evaluated);
  CHECK(sliced.Result().top.front().plan.step.seconds == once.top.front().plan.step.seconds);
}

TEST_CASE("explicit layout keys are kept by the search", "[search]") {
  Config cfg = FromLink("#v=1&model=llama2-70b&gpu=h100&gpus=64&tp=4&zero=1");
  SearchResult r = SearchLayouts(cfg, SearchOptions{});
  REQUIRE(r.any_fits);
  for (const SearchHit& h : r.top) {
    CHECK(h.plan.layout.tp == 4);
    CHECK(h.plan.layout.zero == 1);
  }
}

TEST_CASE("search across GPU types gives a time/cost front", "[search]") {
  Config cfg = FromLink("#v=1&model=llama2-7b&gpus=64&gbs=512");
  SearchOptions options;
  options.gpu_types = {"rtx4090", "a100-80g", "h100"};
  SearchResult r = SearchLayouts(cfg, options);
  REQUIRE(r.jobs.size() == 3);
  REQUIRE(r.any_fits);
  CHECK_FALSE(r.pareto.empty());
}

TEST_CASE("when nothing fits the planner says what would make it fit", "[search]") {
  // Without offload (ZeRO-Infinity to NVMe would fit it, at a crawl).
  Config cfg = FromLink("#v=1&model=llama2-70b&gpu=rtx4090&gpus=8&offload=none");
  PlanOutput out = MakePlan(cfg);
  REQUIRE(out.ok);
  CHECK_FALSE(out.plan.memory.fits);
  CHECK_FALSE(out.fit_advice.empty());
}

TEST_CASE("search work is bounded: repeats are searched once, lists capped, huge spaces refused", "[search]") {
  Config cfg = FromLink("#v=1&model=llama2-7b&gpu=h100&gpus=8");
  SearchOptions repeated;
  repeated.gpu_types = {"h100", "h100", "a100-80g", "h100"};
  repeated.gpu_counts = {8, 8, 16, 8};
  LayoutSearch search;
  search.Begin(cfg, repeated);
  while (!search.Step(1u << 16)) {
  }
  CHECK(search.Result().jobs.size() == 4);  // {h100, a100-80g} x {8, 16}
  SearchOptions many;
  for (int n = 1; n <= 1000; ++n) many.gpu_counts.push_back(8 * n);
  LayoutSearch capped;
  capped.Begin(cfg, many);
  CHECK(capped.Result().jobs.size() == kMaxGpuCounts);
  // A custom MoE model with layers and experts of many divisors over 64 cluster sizes: more outer layouts
  // than kMaxOuters. The search refuses it at once and the planner names a layout key.
  Config huge = FromLink("#v=1&model=custom&layers=55440&hidden=4096&heads=1024&experts=524288&topk=8&gpus=1048576");
  SearchOptions sizes;
  for (int n = 0; n < 64; ++n) sizes.gpu_counts.push_back((64 + n) << 14);
  LayoutSearch refused;
  refused.Begin(huge, sizes);
  CHECK(refused.Result().too_large);
  CHECK(refused.Step(1));
  CHECK(refused.Result().evaluated == 0);
}
