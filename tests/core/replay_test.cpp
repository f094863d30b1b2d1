// replay_test.cpp — every plan's link replays to the same plan: the layout the planner chose (searched or
// given), written into the share link, planned again, gives the same memory, step time and batch. Odd GPU
// counts (3, 96, 100, 440), MoE, fine-tuning, a 72-GPU node.
#include <catch2/catch.hpp>

#include "planner.h"
#include "test_links.h"

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
