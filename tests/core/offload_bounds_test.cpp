// offload_bounds_test.cpp — offload bounds the step (issue #29): the CPU's Adam over the node's shards at the
// measured CPU-Adam rate (DeepSpeed PR #735: 1.41e9 parameters per second per host) or the host memory's, and
// ZeRO-3's offloaded parameters brought up over the host link in every pass of every micro-batch.
#include <catch2/catch.hpp>

#include <string>

#include "planner.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace offload_bounds_test {

using namespace tp;

namespace {
PlanOutput PlanAt(const std::string& link) {
  PlanOutput o = MakePlan(testing::FromLink(link));
  REQUIRE(o.ok);
  return o;
}
}  // namespace

TEST_CASE("CPU optimizer offload waits for the host's Adam over every shard of the node", "[offload]") {
  // 13B on 8 RTX 4090 (4 per node), pp 4 x cp 2, ZeRO-1 over dp x cp: each GPU updates 13B / 8 parameters on the
  // CPU, the node's four GPUs together 6.5B: at least 6.5e9 / 1.41e9 = 4.6 s a step (the old model charged each
  // GPU's share at 1e9/s as if it had the host to itself, 1.6 s, and read 39 % MFU at gbs=8).
  const std::string base = "#v=1&model=llama2-13b&gpu=rtx4090&gpus=8&tp=1&pp=4&cp=2&vp=1&mbs=1&zero=1&recompute=none";
  const PlanOutput off = PlanAt(base + "&offload=cpu&gbs=8");
  const double params = off.job.model.params_total;
  CHECK(off.plan.step.offload_s >= 0.95 * params / 8 * 4 / 1.41e9);
  CHECK(off.plan.throughput.mfu < 0.35);
  // The bound is the step's: more micro-batches per step amortize it, and the same layout without offload is
  // faster at any batch.
  const PlanOutput none = PlanAt(base + "&offload=none&gbs=8");
  CHECK(none.plan.step.seconds < off.plan.step.seconds);
}

TEST_CASE("ZeRO-3 parameter offload moves the shard over the host link in every pass of every micro-batch",
          "[offload]") {
  // Twice the micro-batches, about twice the parameter traffic (the old model charged one optimizer step's).
  const std::string base =
      "#v=1&model=llama2-7b&gpu=a100-80g&gpus=8&tp=1&pp=1&cp=1&vp=1&mbs=1&zero=3&offload=cpu&recompute=full&stack="
      "deepspeed&seq=4096";
  const PlanOutput a = PlanAt(base + "&gbs=8"), b = PlanAt(base + "&gbs=16");
  const double per_mb = (b.plan.step.offload_s - a.plan.step.offload_s);  // 1 more micro-batch per GPU
  // 7B x 2 B / 8 ranks x 3 passes over PCIe 4.0 x16 (about 25 GB/s): about 0.2 s per micro-batch.
  CHECK(per_mb > 0.1);
}

TEST_CASE("GB200 offloads over its NVLink-C2C, and its Grace updates the shards of two GPUs", "[offload]") {
  // 70B on 8 GB200, ZeRO-3 with CPU offload: each added micro-batch brings each GPU's 16-bit shard up three
  // times (forward, backward, recomputed forward) over the host link. Its rate is NVLink-C2C's 450 GB/s each
  // way derated by eff_network, far above PCIe 5.0's 63 GB/s (the old catalog's entry for GB200).
  const std::string base =
      "#v=1&model=llama2-70b&gpu=gb200&gpus=8&tp=1&pp=1&cp=1&vp=1&mbs=1&zero=3&offload=cpu&recompute=full&stack="
      "deepspeed&seq=4096";
  const PlanOutput a = PlanAt(base + "&gbs=8"), b = PlanAt(base + "&gbs=16");
  const double shard = 2.0 * a.job.model.params_total / 8;
  const double link_bps = 3.0 * shard / (b.plan.step.offload_s - a.plan.step.offload_s);
  CHECK(link_bps > 0.5 * 450e9);
  CHECK(link_bps <= 450e9);
  // The optimizer's offload: gradients down and weights up at that rate, then the Grace's CPU Adam over the
  // two GPUs' shards it serves (not the node's eight): at least 2 x 70B / 8 / 1.41e9 = 12.4 s, and far below the
  // 8 shards' 49.6 s the node-wide host would take.
  const double opt_s = a.plan.step.offload_s - (b.plan.step.offload_s - a.plan.step.offload_s);
  const double params = a.job.model.params_total;
  CHECK(opt_s >= 0.95 * 2 * params / 8 / 1.41e9);
  CHECK(opt_s < 0.5 * 8 * params / 8 / 1.41e9);
}

TEST_CASE("GH200: each GPU's own Grace updates only its shard, over NVLink-C2C", "[offload]") {
  // The same 70B ZeRO-3 offload on four GH200 and on four H100 (a 4-GPU node of each): the GH200's Grace serves one
  // GPU, so the optimizer's CPU time is one shard's (2 x 70B / 4 / 1.41e9 = 24.8 s at least), and the shards come
  // up over NVLink-C2C rather than PCIe 5.0, so each added micro-batch costs a fraction of the H100's.
  const std::string base =
      "#v=1&model=llama2-70b&gpus=4&gpus_per_node=4&tp=1&pp=1&cp=1&vp=1&mbs=1&zero=3&offload=cpu"
      "&recompute=full&stack=deepspeed&seq=4096";
  const PlanOutput gh = PlanAt(base + "&gpu=gh200&gbs=4"), gh2 = PlanAt(base + "&gpu=gh200&gbs=8");
  const PlanOutput h = PlanAt(base + "&gpu=h100&gbs=4"), h2 = PlanAt(base + "&gpu=h100&gbs=8");
  const double per_mb_gh = gh2.plan.step.offload_s - gh.plan.step.offload_s;
  const double per_mb_h = h2.plan.step.offload_s - h.plan.step.offload_s;
  CHECK(per_mb_gh < 0.2 * per_mb_h);
  const double params = gh.job.model.params_total;
  const double opt_gh = gh.plan.step.offload_s - per_mb_gh, opt_h = h.plan.step.offload_s - per_mb_h;
  CHECK(opt_gh >= 0.95 * params / 4 / 1.41e9);
  CHECK(opt_gh < 0.5 * opt_h);  // the H100 node's one host updates all four shards
}

}  // namespace offload_bounds_test
