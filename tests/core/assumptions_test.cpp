// assumptions_test.cpp — every engine assumption is a key: setting it changes the plan in the direction
// physics says, leaving it on auto gives the documented default, and the resolved JSON shows the value used.
#include <catch2/catch.hpp>

#include "config.h"
#include "default_sources.h"
#include "json.h"
#include "planner.h"
#include "report.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace assumptions_test {

using namespace tp;
using tp::testing::PlanLink;

namespace {

const char* kBase =
    "#v=1&model=llama2-13b&gpu=a100-80g&gpus=16&tp=2&pp=1&cp=1&vp=1&ep=1&mbs=1&zero=1&recompute=selective&offload=none&"
    "sp=1";

}  // namespace

TEST_CASE("efficiency assumptions move the step time the physical way", "[assumptions]") {
  const PlanOutput base = PlanLink(kBase);
  CHECK(PlanLink(std::string(kBase) + "&eff_matmul=0.5").plan.step.compute_s > base.plan.step.compute_s);
  CHECK(PlanLink(std::string(kBase) + "&eff_memory=0.3").plan.step.memory_s > base.plan.step.memory_s);
  CHECK(PlanLink(std::string(kBase) + "&eff_network=0.2").plan.step.comm_tp_s > base.plan.step.comm_tp_s);
  CHECK(PlanLink(std::string(kBase) + "&eff_attention=0.1").plan.step.seconds > base.plan.step.seconds);
  // Setting a constant to its documented default changes nothing.
  const double matmul = base.job.assume.eff_matmul;
  CHECK(PlanLink(std::string(kBase) + "&eff_matmul=" + FormatNumber(matmul)).plan.step.seconds ==
        base.plan.step.seconds);
}

TEST_CASE("power, capital and staff assumptions move energy and cost", "[assumptions]") {
  const PlanOutput base = PlanLink(kBase);
  const PlanOutput hot = PlanLink(std::string(kBase) + "&gpu_power=1.0&server_power=1.0");
  CHECK(hot.plan.run.energy_kwh > base.plan.run.energy_kwh);
  CHECK(hot.plan.run.power_kw == Approx(base.plan.run.power_kw * 2.0 / 1.6));
  const PlanOutput capex = PlanLink(std::string(kBase) + "&capex_overhead=2");
  CHECK(capex.plan.run.cost_own_usd > base.plan.run.cost_own_usd);
  CHECK(PlanLink(std::string(kBase) + "&cuda_context_gb=5").plan.memory.other > base.plan.memory.other);
}

TEST_CASE("the JSON config shows the value each assumption took", "[assumptions]") {
  const PlanOutput base = PlanLink(kBase);
  const std::string json = PlanToJson(base);
  CHECK(json.find("\"eff_matmul\": " + FormatNumber(base.job.assume.eff_matmul)) != std::string::npos);
  CHECK(json.find("\"gpu_power\": 0.8") != std::string::npos);
  // The share link keeps only what the user set: the defaults are not written into it.
  CHECK(FormatLink(base.config).find("eff_matmul") == std::string::npos);
}

TEST_CASE("every assumption's default says where it comes from", "[assumptions]") {
  // Prices, power, failures, storage, efficiencies, memory rules: each key of these groups (and the
  // Chinchilla token budget) names the source of its default; model dimensions and layout degrees do not.
  int with_source = 0;
  for (const KeyInfo& k : Keys()) {
    const bool assumption = k.group == KeyGroup::Cost || k.group == KeyGroup::Reliability ||
                            k.group == KeyGroup::Assumptions || std::string_view(k.name) == "headroom" ||
                            std::string_view(k.name) == "tokens";
    INFO(k.name);
    if (assumption) {
      CHECK(std::string_view(DefaultSource(k.name)).size() > 20);
      ++with_source;
    } else if (IsModelGroup(k.group) || k.group == KeyGroup::Layout) {
      CHECK(std::string_view(DefaultSource(k.name)).empty());
    }
  }
  CHECK(with_source >= 20);
  // Each assumption's source has its Chinese in the same row, and each assumption key sets the Job field
  // of its own name (the row's `assume`), so the page, the JSON and the engine read one value.
  for (const KeyInfo& k : Keys()) {
    INFO(k.name);
    if (*k.source.en) CHECK(std::string_view(k.source.zh).size() > 5);
    if (k.group == KeyGroup::Assumptions) CHECK(k.assume != nullptr);
  }
  // The calibration the issue names, with its source.
  CHECK(std::string_view(DefaultSource("mtbf_gpu_h")).find("419 unexpected interruptions in 54 days") !=
        std::string_view::npos);
}

}  // namespace assumptions_test
