// search_test.cpp — layout search: never worse than a published layout, ranking and Pareto front are
// consistent, sliced search equals one-shot search, explicit keys are respected; the pruned search gives
// the exhaustive search's answer (top N by each objective, Pareto front, least-memory layout) on varied
// configurations, its bounds hold on every layout, and searches split across GPU types merge into it.
#include <catch2/catch.hpp>

#include "catalog.h"
#include "planner.h"
#include "report.h"
#include "resolve.h"
#include "search_config.h"
#include "stack.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace search_test {

using namespace tp;
using tp::testing::FromLink;

TEST_CASE("search never predicts slower than Llama 3 405B's published layout", "[search]") {
  // Dubey et al. 2024, Table 4: 16,384 H100, TP 8, CP 1, PP 16, DP 128, 8K sequences, 16M-token batches.
  // 126 layers on 16 stages is an uneven split: the search must consider pipeline degrees that do not
  // divide the layer count, with and without the interleaved schedule.
  // Meta's 2024 stack: FSDP-style sharding with tensor, pipeline and context parallelism (stack=fsdp), with fused
  // layers that keep what Megatron's keep (its published layout fits only so: published_setups.json).
  const char* job =
      "#v=1&model=llama3.1-405b&gpu=h100&gpus=16384&seq=8192&gbs=2048&prec=bf16&stack=fsdp&stack_year=2024"
      "&modeling=megatron";
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
  CHECK(r.evaluated + r.bounded <= r.enumerated);  // every layout counted was evaluated or excluded by a bound
  CHECK(r.enumerated > 100);
  SearchOptions all = options;
  all.exhaustive = true;
  SearchResult every = SearchLayouts(cfg, all);
  CHECK(every.evaluated == every.enumerated);  // the reference evaluates every layout with the full model
  CHECK(every.enumerated == r.enumerated);     // and both consider the same layouts
  for (size_t i = 0; i < r.top.size(); ++i) {
    CHECK(r.top[i].plan.memory.fits);
    if (i > 0) CHECK(r.top[i - 1].plan.run.days <= r.top[i].plan.run.days);
  }
  for (const SearchHit& a : r.pareto)
    for (const SearchHit& b : r.pareto)
      if (&a != &b) CHECK_FALSE((b.plan.run.days <= a.plan.run.days && b.plan.run.cost_usd < a.plan.run.cost_usd));
  if (r.top.size() > 1) CHECK_FALSE(WhyLoses(r.top[1].plan, r.top[0].plan, Objective::Time).empty());
}

TEST_CASE("sliced search gives the same answer as one-shot search", "[search]") {
  Config cfg = FromLink("#v=1&model=llama3-8b&gpu=h100&gpus=16&gbs=64");
  SearchResult once = SearchLayouts(cfg, SearchOptions{});
  LayoutSearch sliced;
  BeginSearch(sliced, cfg, SearchOptions{});
  int slices = 0;
  while (!sliced.Step(50)) ++slices;
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

TEST_CASE("fit advice names Unsloth where its kernels fit a fine-tune the Trainer cannot", "[search]") {
  // Qwen3-30B-A3B QLoRA on one RTX 4090: under Transformers v5 the routed experts load 16-bit and nothing fits;
  // Unsloth loads them in 4 bits. The advice is planned for real: replaying it fits.
  Config cfg = FromLink("#v=1&model=qwen3-30b-a3b&method=qlora&gpu=rtx4090&gpus=1");
  PlanOutput out = MakePlan(cfg);
  REQUIRE(out.ok);
  REQUIRE_FALSE(out.plan.memory.fits);
  const auto it = std::find_if(out.fit_remedies.begin(), out.fit_remedies.end(),
                               [](const FitRemedy& r) { return std::string(r.words).find("Unsloth") == 0; });
  REQUIRE(it != out.fit_remedies.end());
  CHECK(it->arg == StackOf(out.job).name);
  CHECK(it->total_bytes <= it->usable_bytes);
  Config unsloth = cfg;
  unsloth.stack = "unsloth";
  const PlanOutput replay = MakePlan(unsloth);
  REQUIRE(replay.ok);
  CHECK(replay.plan.memory.fits);
  // Not offered where the plan is Unsloth's already, nor for full training, nor beyond one GPU.
  for (const char* link : {"#v=1&model=qwen3-30b-a3b&method=qlora&gpu=rtx4090&gpus=1&stack=unsloth",
                           "#v=1&model=llama2-70b&gpu=rtx4090&gpus=8&offload=none"}) {
    const PlanOutput other = MakePlan(FromLink(link));
    for (const FitRemedy& r : other.fit_remedies) CHECK(std::string(r.words).find("Unsloth") == std::string::npos);
  }
}

TEST_CASE("the limits of a plan nothing fits say none, not zero with the best settings", "[search]") {
  const PlanOutput out = MakePlan(FromLink("#v=1&model=qwen3-30b-a3b&method=qlora&gpu=rtx4090&gpus=1"));
  REQUIRE(out.ok);
  REQUIRE(out.best_seq.max_seq == 0);
  REQUIRE_FALSE(out.best_seq.settings.empty());
  const std::string text = PlanToText(out);
  CHECK(text.find("none, even with " + out.best_seq.settings) != std::string::npos);
  CHECK(text.find("0 (with ") == std::string::npos);
}

TEST_CASE("search work is bounded: repeats are searched once, lists capped, huge spaces refused", "[search]") {
  Config cfg = FromLink("#v=1&model=llama2-7b&gpu=h100&gpus=8");
  SearchOptions repeated;
  repeated.gpu_types = {"h100", "h100", "a100-80g", "h100"};
  repeated.gpu_counts = {8, 8, 16, 8};
  LayoutSearch search;
  BeginSearch(search, cfg, repeated);
  while (!search.Step(1u << 16)) {
  }
  CHECK(search.Result().jobs.size() == 4);  // {h100, a100-80g} x {8, 16}
  SearchOptions many;
  for (int n = 1; n <= 1000; ++n) many.gpu_counts.push_back(8 * n);
  LayoutSearch capped;
  BeginSearch(capped, cfg, many);
  CHECK(capped.Result().jobs.size() == kMaxGpuCounts);
  // A custom MoE model with layers and experts of many divisors over 64 cluster sizes: more outer layouts
  // than kMaxOuters. The search refuses it at once and the planner names a layout key.
  Config huge = FromLink("#v=1&model=custom&layers=55440&hidden=4096&heads=1024&experts=524288&topk=8&gpus=1048576");
  SearchOptions sizes;
  for (int n = 0; n < 64; ++n) sizes.gpu_counts.push_back((64 + n) << 14);
  LayoutSearch refused;
  BeginSearch(refused, huge, sizes);
  CHECK(refused.Result().too_large);
  CHECK(refused.Step(1));
  CHECK(refused.Result().evaluated == 0);
}

namespace {

// The same answer: the same layouts (by their place in the enumeration) with the same plans, in order.
void CheckSameHits(const std::vector<SearchHit>& got, const std::vector<SearchHit>& want, const char* what) {
  INFO(what);
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    INFO("#" << i);
    CHECK(got[i].order == want[i].order);
    CHECK(got[i].variant == want[i].variant);
    CHECK(got[i].plan.step.seconds == want[i].plan.step.seconds);
    CHECK(got[i].plan.memory.total == want[i].plan.memory.total);
    CHECK(got[i].plan.run.cost_usd == want[i].plan.run.cost_usd);
  }
}

void CheckSameAnswer(const SearchResult& got, const SearchResult& want) {
  CHECK(got.any_fits == want.any_fits);
  CHECK(got.enumerated == want.enumerated);
  CheckSameHits(got.top, want.top, "top");
  CheckSameHits(got.top_other, want.top_other, "top by the other objective");
  CheckSameHits(got.pareto, want.pareto, "Pareto front");
  CheckSameHits({got.least_memory}, {want.least_memory}, "least memory");
}

struct Case {
  const char* link;
  std::vector<std::string> gpu_types;
  std::vector<int> gpu_counts;
  Objective objective = Objective::Time;
  int top = 10;
  bool rl_pools = false;  // SearchOptions::rl_pools: colocated against split pools as well
};

// Non-power-of-two GPU counts, mixture-of-experts, LoRA/QLoRA fine-tuning on 1-8 RTX 4090, several GPU
// types and counts at once, explicit layout keys, a size-only model, and searches where nothing fits.
const std::vector<Case>& Cases() {
  static const std::vector<Case> cases = {
      {"#v=1&model=llama2-13b&gpu=a100-80g&gpus=24&gbs=240", {}, {}},
      {"#v=1&model=llama2-7b&gpu=h100&gpus=96", {}, {}, Objective::Cost},
      {"#v=1&model=mixtral-8x7b&gpu=h100&gpus=48&seq=4096", {}, {}},
      {"#v=1&model=mixtral-8x7b&gpus=64&seq=4096", {"h100", "mi300x", "rtx4090"}, {32, 64}, Objective::Time, 20},
      {"#v=1&model=qwen3-30b-a3b&gpu=h200&gpus=64&seq=4096", {}, {}, Objective::Cost, 5},
      {"#v=1&model=llama3-8b&gpu=rtx4090&gpus=8&method=lora", {}, {1, 2, 3, 4, 5, 6, 7, 8}},
      {"#v=1&model=llama3-8b&gpu=rtx4090&gpus=1&method=qlora&stack=unsloth", {}, {1, 2, 4, 8}, Objective::Cost},
      {"#v=1&model=llama2-70b&gpu=rtx4090&gpus=8&method=qlora&stack=hf", {}, {}},
      {"#v=1&model=llama2-70b&gpus=64", {"rtx4090", "a100-80g", "h100", "b200"}, {64, 128}, Objective::Cost, 8},
      {"#v=1&model=llama3-70b&gpu=h100&gpus=128&tp=8&stack=deepspeed", {}, {}},
      {"#v=1&model=llama2-13b&gpu=l40s&gpus=16&mbs=2&recompute=full", {}, {}},
      {"#v=1&params=7e9&gpu=a100-40g&gpus=8", {}, {}},
      {"#v=1&model=gemma2-9b&gpu=a100-80g&gpus=40&stack=fsdp", {}, {}, Objective::Time, 1},
      {"#v=1&model=llama2-70b&gpu=rtx4090&gpus=8&offload=none", {}, {}},             // nothing fits
      {"#v=1&model=llama3.1-405b&gpu=rtx3090&gpus=16", {"rtx3090", "rtx4090"}, {}},  // nothing fits
      // The stack hides most of the expert all-to-all behind compute (the bound may not count it).
      {"#v=1&model=mixtral-8x7b&gpu=h100&gpus=64&seq=4096&overlap_ep=0.9", {}, {}},
      // Slow data-parallel links (no peer-to-peer, Ethernet between nodes): the gradient all-reduce of
      // ZeRO 0-2 is mostly exposed, ZeRO-3's hides behind every micro-batch; all of it overlapped, too.
      {"#v=1&model=mixtral-8x7b&gpus=192&seq=4096", {"rtx3090", "a100-40g"}, {}, Objective::Time, 5},
      {"#v=1&model=llama2-13b&gpu=rtx4090&gpus=48&overlap_dp=1", {}, {}, Objective::Cost},
      // The stacks' pipeline rules: FSDP runs ZeRO-3 under a pipeline, in schedules of pp_microbatches
      // (weights gathered once per schedule, the reduce-scatter exposed at its end); DeepSpeed stops at ZeRO-1.
      {"#v=1&model=llama3-70b&gpu=h100&gpus=64&stack=fsdp&pp_microbatches=8&gbs=256", {}, {}, Objective::Time, 5},
      {"#v=1&model=llama2-70b&gpu=a100-80g&gpus=96&stack=deepspeed", {}, {}, Objective::Cost, 5},
      // Tensor-parallel traffic pipelined with its GEMMs (tp_overlap): the bound keeps only its contention.
      {"#v=1&model=llama3-70b&gpu=h100&gpus=64&stack=megatron&prec=fp8&tp_overlap=1", {}, {}, Objective::Time, 5},
      {"#v=1&model=llama3.1-8b&gpu=h100&gpus=16&goal=grpo&rl_framework=nemo-rl&stack=megatron",
       {},
       {},
       Objective::Time,
       5},
      {"#v=1&model=qwen2.5-7b&gpu=h100&gpus=8&goal=grpo", {}, {}, Objective::Cost, 5},
      {"#v=1&model=llama3.1-8b&gpu=a100-80g&gpus=16&goal=ppo&rl_colocate=0", {}, {}, Objective::Time, 5},
      {"#v=1&model=llama3.1-8b&gpu=h100&gpus=8&goal=dpo", {}, {}, Objective::Time, 5},
      {"#v=1&model=qwen2.5-7b&gpu=h100&gpus=16&goal=grpo&rl_framework=trl&rl_engine=hf", {}, {}, Objective::Time, 5},
      {"#v=1&model=qwen2.5-32b&gpu=h100&gpus=32&goal=grpo&rl_framework=nemo-rl&stack=fsdp", {}, {}, Objective::Cost, 5},
      {"#v=1&model=qwen3-30b-a3b&gpu=h100&gpus=32&goal=grpo&rl_colocate=0&rl_async=1", {}, {}, Objective::Time, 5},
      {"#v=1&model=llama3.1-8b&goal=grpo&method=lora", {"h100", "a100-80g", "rtx4090"}, {8, 16}, Objective::Cost, 5},
      {"#v=1&model=qwen2.5-7b&gpu=h100&gpus=32&goal=grpo&rl_framework=nemo-rl&stack=megatron&rl_mb_tokens=8192",
       {},
       {},
       Objective::Time,
       5},
      {"#v=1&model=qwen2.5-7b&gpu=h100&gpus=24&goal=grpo", {}, {}, Objective::Time, 5, true},
      // NVMe offload, a 128K context, torchtitan's 2026 schedules (DualPipeV's overlap only without recomputation),
      // DoRA.
      {"#v=1&model=llama3.1-8b&gpu=rtx4090&gpus=2&method=full&stack=deepspeed&offload=nvme",
       {},
       {},
       Objective::Time,
       5},
      {"#v=1&model=llama3.1-8b&gpu=h100&gpus=8&seq=131072", {}, {}, Objective::Time, 5},
      {"#v=1&model=llama3-8b&gpu=a100-80g&gpus=4&method=dora&stack=hf", {}, {}, Objective::Cost, 5},
      {"#v=1&model=qwen3-30b-a3b&gpu=h100&gpus=16&stack=fsdp&stack_year=2026", {}, {}, Objective::Time, 5},
      {"#v=1&model=llama3.1-8b&gpu=a100-80g&gpus=16&goal=ppo&rl_framework=openrlhf", {}, {}, Objective::Cost, 5, true},
  };
  return cases;
}

// The same search, every layout evaluated in full: the reference.
SearchResult Exhaustive(const Config& cfg, SearchOptions options) {
  options.exhaustive = true;
  return SearchLayouts(cfg, options);
}

SearchOptions OptionsOf(const Case& c) {
  SearchOptions o;
  o.gpu_types = c.gpu_types;
  o.gpu_counts = c.gpu_counts;
  o.objective = c.objective;
  o.top = c.top;
  o.rl_pools = c.rl_pools;
  o.both_objectives = true;
  return o;
}

}  // namespace

TEST_CASE("the pruned search gives the exhaustive search's answer", "[search]") {
  for (const Case& c : Cases()) {
    INFO(c.link);
    const Config cfg = FromLink(c.link);
    for (bool both : {true, false}) {
      SearchOptions options = OptionsOf(c);
      options.both_objectives = both;
      const SearchResult pruned = SearchLayouts(cfg, options);
      const SearchResult every = Exhaustive(cfg, options);
      INFO("both objectives " << both << ": " << pruned.evaluated << " of " << every.evaluated << " evaluated in full");
      REQUIRE(every.evaluated > 0);
      CheckSameAnswer(pruned, every);
      CHECK(pruned.evaluated <= every.evaluated);
      CHECK(pruned.evaluated + pruned.bounded <= pruned.enumerated);
    }
  }
}

TEST_CASE("a search for the top N alone gives the exhaustive search's top N, with less work", "[search]") {
  // SearchOptions::top_only (how each variant's fastest is kept in a fastest_each search): no front, no
  // least-memory layout, so only the top N keeps a layout from its bound.
  for (const Case& c : Cases()) {
    INFO(c.link);
    const Config cfg = FromLink(c.link);
    for (int top : {1, c.top}) {
      SearchOptions options = OptionsOf(c);
      options.both_objectives = false;
      options.top = top;
      const SearchResult full = SearchLayouts(cfg, options);
      const SearchResult every = Exhaustive(cfg, options);
      options.top_only = true;
      const SearchResult alone = SearchLayouts(cfg, options);
      INFO("top " << top << ": " << alone.evaluated << " evaluated in full, " << full.evaluated << " with the front");
      CHECK(alone.any_fits == every.any_fits);
      CHECK(alone.enumerated == every.enumerated);
      CheckSameHits(alone.top, every.top, "top");
      CHECK(alone.pareto.empty());
      CHECK_FALSE(alone.least_memory.plan.valid);
      CHECK(alone.evaluated <= full.evaluated);
      CHECK(alone.evaluated + alone.bounded <= alone.enumerated);
    }
  }
}

TEST_CASE("each variant's fastest layout, found beside the table, is the fastest of that variant alone", "[search]") {
  // SearchOptions::fastest_each: the search view's point per GPU type, in the same search as its table
  // (their bounds shared), against an exhaustive top-1 search of each variant on its own.
  for (const Case& c : Cases()) {
    INFO(c.link);
    const Config cfg = FromLink(c.link);
    SearchOptions options = OptionsOf(c);
    options.fastest_each = true;
    const SearchResult r = SearchLayouts(cfg, options);
    SearchOptions table = OptionsOf(c);
    CheckSameAnswer(r, SearchLayouts(cfg, table));  // the table is the same with or without the points
    REQUIRE(r.fastest.size() == r.jobs.size());
    bool some = false;
    for (int v = 0; v < int(r.jobs.size()); ++v) {
      INFO("variant " << v);
      SearchOptions alone;
      alone.gpu_types = c.gpu_types;
      alone.gpu_counts = c.gpu_counts;
      alone.rl_pools = c.rl_pools;
      alone.top = 1;
      alone.variants = {v};
      const SearchResult every = Exhaustive(cfg, alone);
      CHECK(r.fastest[v].variant == v);
      CHECK(r.fastest[v].plan.valid == !every.top.empty());
      if (r.fastest[v].plan.valid) CheckSameHits({r.fastest[v]}, every.top, "fastest");
      some |= r.fastest[v].plan.valid;
    }
    CHECK(some == r.any_fits);
  }
}

TEST_CASE("the search's lower bounds hold on every layout", "[search]") {
  // The bounds read the estimators at relaxed layouts (see core/search/search.cpp): a change of the step or
  // memory model that breaks one of their premises shows here, naming the layout.
  for (const Case& c : Cases()) {
    INFO(c.link);
    CHECK(CheckSearchBounds(FromLink(c.link), OptionsOf(c)) == "");
  }
}

TEST_CASE("searches split across GPU types merge into the whole search's answer", "[search]") {
  const Config cfg = FromLink("#v=1&model=mixtral-8x7b&gpus=64&seq=4096");
  SearchOptions options;
  options.gpu_types = {"h100", "a100-80g", "mi300x", "rtx4090", "l40s"};
  options.gpu_counts = {32, 64};
  options.top = 12;
  options.both_objectives = true;
  options.fastest_each = true;
  const SearchResult whole = SearchLayouts(cfg, options);
  REQUIRE(whole.jobs.size() == 10);
  for (int workers : {2, 3, 4}) {
    INFO(workers << " parts");
    std::vector<SearchResult> parts;
    for (int w = 0; w < workers; ++w) {
      SearchOptions part = options;
      for (int v = w; v < int(whole.jobs.size()); v += workers) part.variants.push_back(v);
      parts.push_back(SearchLayouts(cfg, part));
      CHECK(parts.back().jobs.size() == whole.jobs.size());  // variant indices stay the whole search's
    }
    const SearchResult merged = MergeSearchResults(parts, options);
    CheckSameAnswer(merged, whole);
    REQUIRE(merged.fastest.size() == whole.fastest.size());
    for (size_t v = 0; v < whole.fastest.size(); ++v) {
      INFO("fastest of variant " << v);
      REQUIRE(merged.fastest[v].plan.valid == whole.fastest[v].plan.valid);
      if (whole.fastest[v].plan.valid) CheckSameHits({merged.fastest[v]}, {whole.fastest[v]}, "fastest");
    }
    CHECK(merged.done);
  }
  // By the other objective too: the merged lists are the ones a search by cost gives.
  SearchOptions by_cost = options;
  by_cost.objective = Objective::Cost;
  by_cost.both_objectives = false;
  CheckSameHits(RankedBy(whole, options, Objective::Cost), SearchLayouts(cfg, by_cost).top, "by cost");
}

TEST_CASE("a configuration's search resolves each job variant once and reuses the plan's own job", "[search]") {
  // The search sees resolved jobs only (SearchSpace): the planner's search is handed the job it resolved, and
  // a search across GPU types resolves each other variant once, as the configuration on that GPU and count.
  const Config cfg = FromLink("#v=1&model=llama3-8b&gpu=a100-80g&gpus=16&tp=2");
  std::vector<ConfigIssue> issues;
  Job job = ResolveJob(cfg, issues);
  job.rel.restart_s = 1234;  // a mark no resolve makes: where the given job was used
  SearchOptions options;
  options.gpu_types = {"h100", "a100-80g", "h100"};
  options.gpu_counts = {16, 32};
  const SearchSpace space = SearchSpaceOf(cfg, options, &job);
  REQUIRE(space.jobs.size() == 4);
  CHECK(space.gpu_ids == std::vector<std::string>{"h100", "h100", "a100-80g", "a100-80g"});
  for (size_t v = 0; v < space.jobs.size(); ++v) {
    INFO(space.gpu_ids[v] << " x " << space.jobs[v].hw.gpus);
    const bool own = space.gpu_ids[v] == "a100-80g" && space.jobs[v].hw.gpus == 16;
    CHECK((space.jobs[v].rel.restart_s == 1234) == own);
    CHECK(space.jobs[v].hw.gpu->id == space.gpu_ids[v]);
  }
  CHECK(space.fixed.tp == 2);
  CHECK(space.fixed.pp == kAuto);
  // Reusing the resolved job is the same as resolving it again.
  const Job plain = ResolveJob(cfg, issues);
  SearchOptions one;
  one.top = 3;
  CheckSameHits(SearchLayouts(cfg, one, &plain).top, SearchLayouts(cfg, one).top, "reused job");
}

}  // namespace search_test
