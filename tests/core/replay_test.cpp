// replay_test.cpp — every plan's link replays to the same plan: the layout the planner chose (searched or
// given), written into the share link, planned again, gives the same memory, step time and batch. Odd GPU
// counts (3, 96, 100, 440), MoE, fine-tuning, a 72-GPU node; and over random configurations, the notices
// and the fit advice too (issue #34: about 1 in 10 random plans once replayed with other notices or advice).
#include <catch2/catch.hpp>

#include <random>

#include "catalog.h"
#include "planner.h"
#include "presets.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace replay_test {

using namespace tp;
using tp::testing::FromLink;

TEST_CASE("a plan's own link replays to the same plan", "[planner]") {
  const char* links[] = {
      "#v=1&model=llama2-7b&gpu=h100&gpus=96",
      "#v=1&model=llama2-7b&gpu=h100&gpus=440",
      "#v=1&model=llama2-7b&gpu=h100&gpus=3",
      "#v=1&model=llama2-13b&gpu=a100-80g&gpus=100",
      "#v=1&model=mixtral-8x7b&gpu=h100&gpus=24",
      "#v=1&model=llama3-8b&gpu=rtx4090&gpus=1&method=qlora",
      "#v=1&model=llama3-8b&gpu=rtx4090&gpus=6&method=lora",
      "#v=1&model=llama2-70b&gpu=b200&gpus=144&gpus_per_node=72",
      "#v=1&model=llama3-70b&gpu=h100&gpus=64&mbs=2",
      "#v=1&model=deepseek-v3&gpu=h100&gpus=512",
  };
  for (const char* link : links) {
    INFO(link);
    const PlanOutput first = MakePlan(FromLink(link));
    REQUIRE(first.ok);
    const std::string replay = FormatLink(first.config);
    INFO("replayed as " << replay);
    // The chosen layout is in the link: replaying it needs no search and hits no layout rule.
    const PlanOutput again = MakePlan(FromLink(replay));
    REQUIRE(again.ok);
    CHECK_FALSE(again.searched);
    CHECK(again.plan.global_batch == first.plan.global_batch);
    CHECK(again.plan.memory.total == first.plan.memory.total);
    CHECK(again.plan.step.seconds == first.plan.step.seconds);
    CHECK(again.plan.run.days == first.plan.run.days);
    CHECK(FormatLink(again.config) == replay);
  }
}

// A random configuration over the presets, the catalog's GPUs, GPU counts that are not powers of two, the
// methods, sequences, stacks and precisions; the layout left to the search.
static std::string RandomLink(std::mt19937& rng) {
  auto pick = [&](const auto& items) { return items[std::uniform_int_distribution<size_t>(0, items.size() - 1)(rng)]; };
  auto maybe = [&](double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; };
  const std::vector<int> counts = {1, 2, 3, 4, 6, 8, 12, 24, 64, 100, 256};
  const std::vector<const char*> methods = {"full", "lora", "qlora"}, seqs = {"512", "2048", "8192", "32768"},
                                 stacks = {"megatron", "deepspeed", "hf", "fsdp", "torchtitan", "unsloth"};
  std::string link =
      "#v=1&model=" + pick(Models()).id + "&gpu=" + pick(Gpus()).id + "&gpus=" + std::to_string(pick(counts));
  if (maybe(0.5)) link += std::string("&method=") + pick(methods);
  if (maybe(0.3)) link += std::string("&seq=") + pick(seqs);
  if (maybe(0.3)) link += std::string("&stack=") + pick(stacks);
  if (maybe(0.2)) link += "&prec=fp8";
  return link;
}

TEST_CASE("random plans replay from their own link with the same notices and fit advice", "[planner]") {
  std::mt19937 rng(34);
  int replayed = 0, advised = 0, noticed = 0;
  for (int i = 0; i < 60; ++i) {
    const std::string link = RandomLink(rng);
    Config c;
    std::vector<ConfigIssue> issues;
    ApplyLink(c, link, issues);
    if (HasErrors(issues)) continue;
    const PlanOutput first = MakePlan(c);
    if (!first.ok) continue;  // refused combinations (a stack without the method, say) have no link to replay
    INFO(link);
    const std::string replay = FormatLink(first.config);
    INFO("replayed as " << replay);
    const PlanOutput again = MakePlan(tp::testing::FromLink(replay));
    REQUIRE(again.ok);
    CHECK(again.issues == first.issues);
    CHECK(again.fit_advice == first.fit_advice);
    CHECK(again.plan.warnings == first.plan.warnings);
    CHECK(again.plan.memory.total == first.plan.memory.total);
    CHECK(again.plan.run.days == first.plan.run.days);
    ++replayed;
    advised += !first.fit_advice.empty();
    noticed += !first.issues.empty();
  }
  // The sample reaches the cases that once differed: plans that do not fit, and notices on searched layouts.
  CHECK(replayed >= 30);
  CHECK(advised >= 3);
  CHECK(noticed >= 3);
}

// A calibrated plan's link states the fitted factors next to the measurement; replayed, it is the same plan with
// the same notices (issue #34). A measurement no factor in the keys' range reproduces once gave a notice at the
// bound's factor that the replay, whose link states that factor, did not give again (13 of 114 random calibrated
// plans): it is refused instead, naming the key.
TEST_CASE("a calibrated plan's link replays to the same plan and notices, or the measurement is refused",
          "[planner][calibrate]") {
  const char* links[] = {
      "#v=1&model=llama3-8b&gpu=h100&gpus=8&measured_tokens_per_s_per_gpu=9000",
      "#v=1&model=gemma2-2b&gpu=l40s&gpus=1&method=full&measured_tokens_per_s_per_gpu=500",
      "#v=1&model=llama3-8b&gpu=h100&gpus=8&measured_tokens_per_s_per_gpu=5",
      "#v=1&model=llama3-8b&gpu=a100-80g&gpus=8&measured_peak_gib=70",
      "#v=1&model=qwen2.5-0.5b&gpu=h200&gpus=8&seq=512&mbs=1&measured_peak_gib=100",
  };
  int replayed = 0, refused = 0;
  for (const char* link : links) {
    INFO(link);
    const PlanOutput first = MakePlan(FromLink(link));
    if (!first.ok) {
      bool named = false;
      for (const ConfigIssue& i : first.issues)
        named |= !i.notice && (i.key == "measured_tokens_per_s_per_gpu" || i.key == "measured_peak_gib");
      CHECK(named);
      ++refused;
      continue;
    }
    const std::string replay = FormatLink(first.config);
    INFO("replayed as " << replay);
    const PlanOutput again = MakePlan(FromLink(replay));
    REQUIRE(again.ok);
    CHECK(again.issues == first.issues);
    CHECK(again.plan.memory.total == first.plan.memory.total);
    CHECK(again.plan.throughput.tokens_per_s_per_gpu == first.plan.throughput.tokens_per_s_per_gpu);
    ++replayed;
  }
  CHECK(replayed >= 2);
  CHECK(refused >= 2);
}

}  // namespace replay_test
