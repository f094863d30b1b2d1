// hsdp_test.cpp — hybrid sharding (the dp_shard key: ZeRO's states sharded within groups of data-parallel ranks, the
// groups replicas of each other): what it shards, what it costs, which stacks run it, and the launch files that say it.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "capabilities.h"
#include "json.h"
#include "launch.h"
#include "planner.h"
#include "report.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace hsdp_test {

using namespace tp;
using tp::testing::FromLink;
using tp::testing::PlanLink;

// 32 H100 in four nodes, FSDP full shard, the layout fixed so that only dp_shard changes.
const std::string kBase =
    "#v=1&model=llama3.1-8b&gpu=h100&gpus=32&stack=fsdp&tp=1&pp=1&cp=1&mbs=1&gbs=256&zero=3&recompute=full&offload="
    "none";

// The first error's key of a configuration that does not plan, "" when it plans.
std::string RefusedKey(const std::string& link) {
  const PlanOutput out = MakePlan(FromLink(link));
  for (const ConfigIssue& i : out.issues)
    if (!i.notice) return i.key;
  return "";
}

TEST_CASE("hybrid sharding shards the states within each group: dp / dp_shard times the flat plan's", "[hsdp]") {
  const PlanOutput flat = PlanLink(kBase);
  const PlanOutput hsdp = PlanLink(kBase + "&dp_shard=8");
  // FSDP shards weights, gradients and optimizer states alike: over 8 ranks instead of 32, four times as many bytes.
  CHECK(hsdp.plan.memory.optimizer == Approx(4.0 * flat.plan.memory.optimizer));
  CHECK(hsdp.plan.memory.gradients == Approx(4.0 * flat.plan.memory.gradients));
  CHECK(hsdp.plan.memory.weights == Approx(4.0 * flat.plan.memory.weights));
  // Activations do not depend on how the states are sharded.
  CHECK(hsdp.plan.memory.activations == Approx(flat.plan.memory.activations));
  // The groups all-reduce their shards' gradients across the replicas: traffic the flat plan does not have, over the
  // network between nodes, beside the gathers inside each group (NVLink).
  CHECK(hsdp.plan.step.comm_dp_s != Approx(flat.plan.step.comm_dp_s));
  // A group of every data-parallel rank is no hybrid: the same plan as auto.
  const PlanOutput whole = PlanLink(kBase + "&dp_shard=32");
  CHECK(whole.plan.memory.total == flat.plan.memory.total);
  CHECK(whole.plan.step.seconds == flat.plan.step.seconds);
  // Megatron-Core's partial distributed optimizer: ZeRO-1's optimizer states over dp_shard ranks.
  const std::string megatron =
      "#v=1&model=llama3.1-8b&gpu=h100&gpus=32&stack=megatron&tp=1&pp=1&cp=1&mbs=1&gbs=256&zero=1&recompute=full";
  const PlanOutput m_flat = PlanLink(megatron);
  const PlanOutput m_hsdp = PlanLink(megatron + "&dp_shard=16");
  CHECK(m_hsdp.plan.memory.optimizer == Approx(2.0 * m_flat.plan.memory.optimizer));
  CHECK(m_hsdp.plan.memory.weights == Approx(m_flat.plan.memory.weights));  // ZeRO-1 keeps every weight
}

TEST_CASE("hybrid sharding's groups: states to shard, whole groups, stacks that run it", "[hsdp]") {
  CHECK(RefusedKey(kBase + "&zero=0&dp_shard=8") == "dp_shard");  // nothing sharded
  CHECK(RefusedKey(kBase + "&zero=0&dp_shard=32").empty());       // one group of every rank: no hybrid sharding
  CHECK(RefusedKey(kBase + "&dp_shard=6") == "dp_shard");         // 32 ranks are not groups of 6
  CHECK(RefusedKey(kBase + "&dp_shard=8").empty());
  // DeepSpeed's hierarchical sharding is MiCS, ZeRO-3 only; Unsloth's multi-GPU is DDP.
  CHECK(RefusedKey(kBase + "&stack=deepspeed&zero=2&dp_shard=8") == "dp_shard");
  CHECK(RefusedKey(kBase + "&stack=deepspeed&zero=3&dp_shard=8").empty());
  // One data-parallel rank (context parallelism takes the GPUs) in one group of one: no hybrid sharding either, as a
  // plan's JSON configuration replays it (its dp_shard = dp). Before, dp=1 counted as hybrid: DeepSpeed's ZeRO-2
  // plan refused its own JSON.
  CHECK(RefusedKey("#v=1&model=llama3.1-8b&gpu=h100&gpus=2&stack=deepspeed&tp=1&pp=1&cp=2&dp=1&zero=2&dp_shard=1")
            .empty());
  {
    const PlanOutput cp2 = PlanLink("#v=1&model=llama3.1-8b&gpu=h100&gpus=2&stack=deepspeed&seq=32768&method=qlora");
    REQUIRE(cp2.plan.layout.dp == 1);
    REQUIRE(cp2.plan.layout.zero < 3);
    Config again;
    std::vector<ConfigIssue> issues;
    ApplyJson(again, PlanToJson(cp2), issues);
    REQUIRE_FALSE(HasErrors(issues));
    const PlanOutput replay = MakePlan(again);
    REQUIRE(replay.ok);
    CHECK(replay.plan.step.seconds == Approx(cp2.plan.step.seconds));
  }
  CHECK(Capability(*FindStack("unsloth"), 2026, Feature::Hsdp).support == Support::Absent);
  // With the data-parallel degree on auto, the search keeps to degrees the groups divide (gpus 48 = 6 nodes).
  const PlanOutput searched = PlanLink(
      "#v=1&model=llama3.1-8b&gpu=h100&gpus=48&stack=fsdp&zero=3&dp_shard=16&gbs=384&recompute=full&offload=none");
  CHECK(searched.plan.layout.dp % 16 == 0);
  // The layout line, the link and the JSON say the group.
  const PlanOutput hsdp = PlanLink(kBase + "&dp_shard=8");
  CHECK(PlanToText(hsdp).find("zero=3 dp_shard=8") != std::string::npos);
  CHECK(FormatLink(hsdp.config).find("dp_shard=8") != std::string::npos);
  const JsonParseResult json = ParseJson(PlanToJson(hsdp));
  REQUIRE(json.ok);
  CHECK(json.value.Find("config")->Find("dp_shard")->number == 8);
  // Without hybrid sharding the layout line is as before.
  CHECK(PlanToText(PlanLink(kBase)).find("dp_shard") == std::string::npos);
}

// The plan's file for a format, and the configuration that file imports back to.
struct RoundTrip {
  LaunchExport ex;
  Config back;
};
RoundTrip ExportImport(const std::string& link, LaunchFormat f) {
  RoundTrip rt;
  const PlanOutput plan = LaunchPlan(FromLink(link), f);
  REQUIRE(plan.ok);
  rt.ex = ExportLaunch(plan, f);
  INFO(rt.ex.text);
  if (!rt.ex.ok) return rt;
  const LaunchImport imp = ImportLaunch(rt.ex.text);
  REQUIRE(imp.ok);
  std::vector<ConfigIssue> issues;
  // The GPU count as the user gives it beside a file that does not say it (Megatron's arguments).
  ApplyPair(rt.back, "gpus", std::to_string(plan.job.hw.gpus), issues);
  ApplyLaunchImport(rt.back, imp, issues);
  return rt;
}

TEST_CASE("launch files say hybrid sharding in each framework's words, and read it back", "[hsdp][launch]") {
  using F = LaunchFormat;
  const std::string link = kBase + "&dp_shard=8";
  // torchtitan: four replicas of eight-rank shard groups.
  const RoundTrip titan = ExportImport(link, F::Torchtitan);
  REQUIRE(titan.ex.ok);
  CHECK(titan.ex.text.find("data_parallel_replicate_degree = 4") != std::string::npos);
  CHECK(titan.ex.text.find("data_parallel_shard_degree = 8") != std::string::npos);
  CHECK(titan.back.dp_shard == 8);
  // DeepSpeed: MiCS's shard size.
  const RoundTrip ds = ExportImport(link + "&stack=deepspeed", F::DeepSpeed);
  REQUIRE(ds.ex.ok);
  CHECK(ds.ex.text.find("\"mics_shard_size\": 8") != std::string::npos);
  CHECK(ds.back.dp_shard == 8);
  // Megatron-LM: the distributed optimizer in dp / dp_shard instances.
  const RoundTrip mg = ExportImport(
      "#v=1&model=llama3.1-8b&gpu=h100&gpus=32&stack=megatron&tp=1&pp=1&cp=1&mbs=1&gbs=256&zero=1&dp_shard=8",
      F::Megatron);
  REQUIRE(mg.ex.ok);
  CHECK(mg.ex.text.find("--num-distributed-optimizer-instances 4") != std::string::npos);
  CHECK(mg.back.dp_shard == 8);  // 32 GPUs, dp 32, four instances
  // verl's FSDP actor: fsdp_size counts the Ulysses ranks inside each group.
  const RoundTrip verl = ExportImport(
      "#v=1&model=qwen2.5-7b&goal=grpo&gpu=h100&gpus=16&stack=fsdp&rl_framework=verl&zero=3&cp=2&dp_shard=4", F::Verl);
  REQUIRE(verl.ex.ok);
  CHECK(verl.ex.text.find("fsdp_size: 8") != std::string::npos);
  CHECK(verl.back.dp_shard == 4);
  // The Trainer's fsdp "hybrid_shard" is FSDP's HYBRID_SHARD, one node per group: a node of 8 is, 16 is refused.
  const RoundTrip hf = ExportImport(link + "&stack=hf", F::Hf);
  REQUIRE(hf.ex.ok);
  CHECK(hf.ex.text.find("hybrid_shard auto_wrap") != std::string::npos);
  CHECK(hf.back.dp_shard == 8);  // read back as a node's GPUs (8 H100 a node)
  const RoundTrip hf16 = ExportImport(kBase + "&stack=hf&dp_shard=16", F::Hf);
  REQUIRE_FALSE(hf16.ex.ok);
  REQUIRE_FALSE(hf16.ex.issues.empty());
  CHECK(hf16.ex.issues[0].key == "dp_shard");
  // A format without hybrid sharding refuses it, naming the key.
  const RoundTrip axolotl = ExportImport(link + "&stack=hf&recompute=full", F::Axolotl);
  REQUIRE_FALSE(axolotl.ex.ok);
  bool named = false;
  for (const ConfigIssue& i : axolotl.ex.issues) named = named || i.key == "dp_shard";
  CHECK(named);
}

}  // namespace hsdp_test
