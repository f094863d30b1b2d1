// cp_comm_test.cpp — how the context-parallel variants (the cp_comm key: Megatron-Core's p2p ring, all_gather, and
// DeepSpeed-Ulysses' a2a) time their exchanges, and the head split Ulysses needs.
#include <catch2/catch.hpp>
#include <string>

#include "planner.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace cp_comm_test {

using namespace tp;
using tp::testing::PlanLink;

TEST_CASE("context-parallel variants: a ring hides its exchanges, an all-gather less, Ulysses' all-to-alls none",
          "[step][cp]") {
  const std::string base =
      "#v=1&model=llama3.1-8b&gpu=h100&gpus=8&seq=65536&mbs=1&gbs=16&tp=1&pp=1&cp=8&zero=3"
      "&recompute=full&stack=megatron";
  const PlanOutput p2p = PlanLink(base + "&cp_comm=p2p");
  const PlanOutput ag = PlanLink(base + "&cp_comm=all_gather");
  const PlanOutput a2a = PlanLink(base + "&cp_comm=a2a");
  // The ring and the all-gather move the same K/V bytes; Megatron-Core's all-gather waits for all of them.
  CHECK(ag.plan.step.comm_cp_s == Approx(p2p.plan.step.comm_cp_s));
  CHECK(ag.plan.step.seconds > p2p.plan.step.seconds);
  // Ulysses sends q, k, v and the output, (cp - 1)/cp of each, twice a step: a different volume, all exposed.
  CHECK(a2a.plan.step.comm_cp_s != Approx(p2p.plan.step.comm_cp_s));
  // Its heads split over cp: 32 heads over tp 1 and cp 8 divide; over cp 8 with tp 8 they would not.
  std::vector<ConfigIssue> issues;
  Config c = tp::testing::FromLink("#v=1&model=llama3.1-8b&gpu=h100&gpus=64&tp=8&cp=8&pp=1&cp_comm=a2a&stack=megatron");
  CHECK_FALSE(MakePlan(c).ok);
}

}  // namespace cp_comm_test
