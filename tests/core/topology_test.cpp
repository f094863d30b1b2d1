// topology_test.cpp — collectives on the links they cross (NVSwitch, xGMI mesh, NVLink bridges, PCIe with and
// without peer-to-peer, per-GPU and per-node networks), the expert all-to-all across nodes, the MoE stack's
// assumptions, links a GPU cannot have, and gpu=custom (a GPU described by its numbers, owned by the Job).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "catalog.h"
#include "config.h"
#include "planner.h"
#include "resolve.h"
#include "rules.h"
#include "sentences.h"
#include "step.h"
#include "test_links.h"
#include "units.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace topology_test {

using namespace tp;

namespace {

Assumptions Fitted() {
  Assumptions a;
  FillStepDefaults(a);
  return a;
}

ModelArch Dense(int layers, int hidden, int heads) {
  ModelArch m;
  m.layers = layers;
  m.hidden = hidden;
  m.heads = m.kv_heads = heads;
  m.ffn = 4 * hidden;
  m.vocab = 32000;
  m.mlp = MlpKind::Gelu;
  return m;
}

// A Mixtral-like MoE: 8 experts of 14336, top-2.
ModelArch Moe(int experts, int topk) {
  ModelArch m = Dense(32, 4096, 32);
  m.kv_heads = 8;
  m.mlp = MlpKind::Swiglu;
  m.ffn = m.moe_ffn = 14336;
  m.experts = experts;
  m.topk = topk;
  return m;
}

Job MakeJob(const char* gpu_id, int gpus, const ModelArch& arch, const char* intra = nullptr,
            const char* inter = nullptr) {
  Job j;
  j.model = arch;
  j.work.seq = 4096;
  j.work.gbs = 1024;
  const GpuSpec* g = FindGpu(gpu_id);
  REQUIRE(g);
  j.hw.gpu = g;
  j.hw.gpus = gpus;
  j.hw.gpus_per_node = g->gpus_per_node_default;
  j.hw.intra = FindLink(intra ? intra : g->intra_default.c_str());
  j.hw.inter = FindLink(inter ? inter : g->inter_default.c_str());
  REQUIRE(j.hw.intra);
  REQUIRE(j.hw.inter);
  RefreshFacts(j);
  return j;
}

Layout MakeLayout(int tp, int dp, int ep = 1) {
  Layout l;
  l.tp = tp;
  l.dp = dp;
  l.ep = ep;
  l.mbs = 1;
  l.zero = 1;
  l.sp = tp > 1;
  return l;
}

StepBreakdown Step(const Job& j, const Layout& l) {
  StepBreakdown s;
  Throughput t;
  EstimateStep(j, l, s, t);
  return s;
}

std::vector<ConfigIssue> Issues(const std::string& link) {
  Config c;
  std::vector<ConfigIssue> issues;
  ApplyLink(c, link, issues);
  ResolveJob(c, issues);
  return issues;
}
const ConfigIssue* Find(const std::vector<ConfigIssue>& issues, const std::string& key, bool notice) {
  for (const ConfigIssue& i : issues)
    if (i.key == key && i.notice == notice) return &i;
  return nullptr;
}

}  // namespace

TEST_CASE("ep=16 across 8-GPU H100 nodes costs the NIC-bound time, about 5x ep=8 per byte", "[topology]") {
  // One MoE layer's all-to-all per micro-batch: 4096 tokens x top-2 x 4096 x 2 bytes leave each GPU. Inside a
  // node (ep=8) 7/8 of them cross NVSwitch at 450 GB/s x eff; with ep=16 half of them leave through the GPU's
  // own 50 GB/s NDR adapter (the other node's eight experts), not min(450, 8 x 50).
  const double eff = Fitted().eff_network;
  Job j = MakeJob("h100", 64, Moe(16, 2));
  j.assume.moe_imbalance = 1.0;  // every rank its mean share
  const StepBreakdown ep8 = Step(j, MakeLayout(1, 64, 8));
  const StepBreakdown ep16 = Step(j, MakeLayout(1, 64, 16));
  const double bytes = 4096.0 * 2 * 4096 * 2;
  const int layers = 32, a2a_per_layer = 4;  // dispatch + combine, forward and backward
  const double nic_bound = 0.5 * bytes / (50e9 * eff) + 15 * 5e-6;
  const double per_mb = ep16.comm_ep_s / ep16.micro_batches;
  CHECK(per_mb == Approx(layers * a2a_per_layer * nic_bound).epsilon(0.01));
  const double in_node = 7.0 / 8 * bytes / (450e9 * eff) + 7 * 2e-6;
  CHECK(ep8.comm_ep_s / ep8.micro_batches == Approx(layers * a2a_per_layer * in_node).epsilon(0.01));
  CHECK(ep16.comm_ep_s / ep8.comm_ep_s > 4.5);
}

TEST_CASE("an NVLink bridge pair beats PCIe, a bridge joins a pair only", "[topology]") {
  // A100 PCIe: the bridge carries 300 GB/s per direction between the two GPUs of a pair, PCIe 4.0 31.5.
  ModelArch m = Dense(32, 4096, 32);
  Job pcie = MakeJob("a100-80g-pcie", 2, m, "pcie4");
  Job bridge = MakeJob("a100-80g-pcie", 2, m, "nvlink-bridge-a100");
  pcie.hw.gpus_per_node = bridge.hw.gpus_per_node = 2;
  const Layout tp2 = MakeLayout(2, 1);
  const double over_pcie = Step(pcie, tp2).comm_tp_s, over_bridge = Step(bridge, tp2).comm_tp_s;
  CHECK(over_bridge < over_pcie / 5);
  // A tp=4 group spans two pairs: its ring crosses PCIe between them, so it runs at PCIe speed.
  pcie.hw.gpus = bridge.hw.gpus = 4;
  pcie.hw.gpus_per_node = bridge.hw.gpus_per_node = 4;
  const Layout tp4 = MakeLayout(4, 1);
  CHECK(Step(bridge, tp4).comm_tp_s == Approx(Step(pcie, tp4).comm_tp_s).epsilon(0.05));
  // The RTX 3090's GA102 bridge (56.25 GB/s) gives the pair peer-to-peer although GeForce PCIe has none.
  Job g3090 = MakeJob("rtx3090", 2, m, "nvlink-bridge3");
  Job g3090_pcie = MakeJob("rtx3090", 2, m, "pcie4");
  g3090.hw.gpus_per_node = g3090_pcie.hw.gpus_per_node = 2;
  GpuSpec with_p2p = *g3090.hw.gpu;
  with_p2p.p2p = true;
  Job g3090_p2p = g3090;
  g3090_p2p.hw.gpu = &with_p2p;
  CHECK(Step(g3090, tp2).comm_tp_s == Approx(Step(g3090_p2p, tp2).comm_tp_s));
  CHECK(Step(g3090, tp2).comm_tp_s < Step(g3090_pcie, tp2).comm_tp_s / 1.5);
}

TEST_CASE("MI300X: tp=2 gets one Infinity Fabric link, tp=8 all seven", "[topology]") {
  // Per byte on the ring, 2(n-1)/n S / B: tp=2 runs at one 64 GB/s link, tp=8 at 7 x 64 = 448.
  ModelArch m = Dense(32, 8192, 64);
  Job j = MakeJob("mi300x", 8, m);
  const StepBreakdown s2 = Step(j, MakeLayout(2, 4)), s8 = Step(j, MakeLayout(8, 1));
  const double t2 = s2.comm_tp_s / s2.micro_batches, t8 = s8.comm_tp_s / s8.micro_batches;
  // Per micro-batch 4 all-reduces per layer (2 forward, 2 backward) and 2 for the output layer, each of the
  // micro-batch's 4096 x 8192 x 2-byte activations: ring factor 2(n-1)/n, 3 us per hop (links.json).
  const double eff = Fitted().eff_network, bytes = 4096.0 * 8192 * 2, count = 4 * 32 + 2;
  CHECK(t2 == Approx(count * (1.0 * bytes / (64e9 * eff) + 2 * 1 * 3e-6)).epsilon(0.01));
  CHECK(t8 == Approx(count * (1.75 * bytes / (448e9 * eff) + 2 * 7 * 3e-6)).epsilon(0.01));
}

TEST_CASE("a node's one Ethernet NIC is shared: more GPUs per node do not add network bandwidth", "[topology]") {
  // Nodes with one 100 GbE NIC: a data-parallel ring across nodes gets the NIC's 12.5 GB/s per node whether
  // 4 or 8 GPUs share it (it used to multiply a per-GPU quarter by the GPUs in the node).
  ModelArch m = Dense(24, 2048, 16);
  Job four = MakeJob("h100", 16, m, nullptr, "eth-100");
  four.hw.gpus_per_node = 4;
  Job eight = four;
  eight.hw.gpus_per_node = 8;
  Layout l = MakeLayout(1, 16);
  l.zero = 0;
  const double dp4 = Step(four, l).comm_dp_s, dp8 = Step(eight, l).comm_dp_s;
  CHECK(dp8 > 0.9 * dp4);  // fewer nodes, the same NIC per node: no faster
  // A per-GPU adapter (RoCE 200 per GPU) does add bandwidth with more GPUs per node.
  Job roce4 = MakeJob("h100", 16, m, nullptr, "roce-200");
  roce4.hw.gpus_per_node = 4;
  Job roce8 = roce4;
  roce8.hw.gpus_per_node = 8;
  CHECK(Step(roce8, l).comm_dp_s < 0.9 * Step(roce4, l).comm_dp_s);
}

TEST_CASE("offload over the host link is derated like every other link", "[topology]") {
  Job j = MakeJob("rtx4090", 1, Dense(32, 4096, 32));
  Layout l = MakeLayout(1, 1);
  l.offload = Offload::Cpu;
  j.assume.eff_network = 0.5;
  const double slow = Step(j, l).offload_s;
  j.assume.eff_network = 0.9;
  CHECK(Step(j, l).offload_s < slow);
}

TEST_CASE("the MoE stack's assumptions: imbalance, capacity, overlap, dedup", "[topology][moe]") {
  Job j = MakeJob("h100", 64, Moe(16, 2));
  const Layout l = MakeLayout(1, 64, 16);
  j.assume.moe_imbalance = 1.0;
  const StepBreakdown balanced = Step(j, l);
  // The busiest rank sets the pace of the experts' GEMMs and of the all-to-all.
  j.assume.moe_imbalance = 1.5;
  const StepBreakdown skewed = Step(j, l);
  CHECK(skewed.compute_s > balanced.compute_s);
  CHECK(skewed.comm_ep_s == Approx(1.5 * balanced.comm_ep_s).epsilon(0.05));  // (latency does not scale)
  // A capacity factor drops what exceeds it: the busiest rank carries at most capacity x its share.
  j.assume.moe_capacity = 1.2;
  CHECK(Step(j, l).comm_ep_s == Approx(1.2 * balanced.comm_ep_s).epsilon(0.05));
  j.assume.moe_capacity = 0;
  j.assume.moe_imbalance = 1.0;
  // Overlap hides the all-to-all behind compute (it still costs contention), the traffic itself is the same.
  j.assume.overlap_ep = 1.0;
  const StepBreakdown overlapped = Step(j, l);
  CHECK(overlapped.comm_ep_s == Approx(balanced.comm_ep_s));
  CHECK(overlapped.comm_exposed_s < balanced.comm_exposed_s - 0.5 * balanced.comm_ep_s);
  j.assume.overlap_ep = 0;
  // Sending a token once per node (DeepEP) moves fewer cross-node bytes when both its experts are there.
  j.assume.ep_dedup = 1.0;
  const double dedup = Step(j, l).comm_ep_s;
  CHECK(dedup < balanced.comm_ep_s);
  j.assume.moe_packed = 1.0;  // two consecutive experts: always on one rank
  CHECK(Step(j, l).comm_ep_s < dedup);
}

TEST_CASE("NCCL's tree wins for small all-reduces over many nodes", "[topology]") {
  // LoRA r=1 on 1024 GPUs: a ring would pay 2 x 1023 hops of latency; the tree 2 log2(128) network hops.
  Job j = MakeJob("h100", 1024, Dense(32, 4096, 32));
  j.work.method = Method::Lora;
  j.work.lora_r = 1;
  Layout l = MakeLayout(1, 1024);
  l.zero = 0;
  CHECK(Step(j, l).comm_dp_s < 2 * 1023 * 5e-6);
}

TEST_CASE("links a GPU cannot have are refused with the reason", "[topology][config]") {
  auto issues = Issues("#v=1&gpu=rtx4090&gpus=4&intra=nvlink4");
  const ConfigIssue* e = Find(issues, "intra", false);
  REQUIRE(e);
  CHECK(e->message.find("has no GPU-to-GPU link besides PCIe") != std::string::npos);
  CHECK(e->message.find("pcie4") != std::string::npos);
  CHECK(e->message.find("pcie5") == std::string::npos);  // PCIe only up to its own PCIe 4.0
  issues = Issues("#v=1&gpu=h100&gpus=8&intra=infinity-fabric-mi300x");
  REQUIRE(Find(issues, "intra", false));
  CHECK(Find(issues, "intra", false)->message.find("its GPU-to-GPU link is nvlink4") != std::string::npos);
  // A network is not a link inside a node, and the other way round.
  CHECK(Find(Issues("#v=1&gpu=h100&gpus=8&intra=ib-ndr"), "intra", false));
  CHECK(Find(Issues("#v=1&gpu=h100&gpus=16&inter=nvlink4"), "inter", false));
  // NVLink-C2C joins a GPU to its CPU: never a link between GPUs, nor offered as one.
  const ConfigIssue* c2c = Find(Issues("#v=1&gpu=gb200&gpus=8&intra=nvlink-c2c"), "intra", false);
  REQUIRE(c2c);
  CHECK(c2c->message.find("not GPUs to each other") != std::string::npos);
  CHECK(c2c->message.find("nvlink5") != std::string::npos);
  CHECK(c2c->message.find("nvlink-c2c;") == std::string::npos);
  CHECK(Find(Issues("#v=1&gpu=custom&gpus=8&intra=nvlink-c2c"), "intra", false));
  // What a GPU can have is accepted: its bridge, its PCIe generations.
  CHECK_FALSE(HasErrors(Issues("#v=1&gpu=a100-80g-pcie&gpus=2&gpus_per_node=2&intra=nvlink-bridge-a100")));
  CHECK_FALSE(HasErrors(Issues("#v=1&gpu=rtx4090&gpus=4&intra=pcie3")));
  // Notices: a bridge joining more than a pair; PCIe faster than the GPU's own interface.
  const auto bridged = Issues("#v=1&gpu=rtx3090&gpus=4&intra=nvlink-bridge3");
  const ConfigIssue* pairs = Find(bridged, "intra", true);
  REQUIRE(pairs);
  CHECK(pairs->message.find("each pair talks over it") != std::string::npos);
  const auto faster = Issues("#v=1&gpu=a100-80g&gpus=8&intra=pcie5");
  const ConfigIssue* gen = Find(faster, "intra", true);
  REQUIRE(gen);
  CHECK(gen->message.find("PCIe 4.0") != std::string::npos);
  // The plan still computes, on the GPU's usual link.
  Config c = testing::FromLink("#v=1&gpu=h100&gpus=8");
  std::vector<ConfigIssue> none;
  ApplyPair(c, "intra", "nvlink3", none);
  std::vector<ConfigIssue> resolved;
  const Job job = ResolveJob(c, resolved);
  CHECK(HasErrors(resolved));
  CHECK(job.hw.intra == FindLink("nvlink4"));
}

TEST_CASE("gpu=custom: a GPU described by its numbers plans like the catalog's", "[topology][custom]") {
  // The H100 SXM's own numbers as a custom GPU, with its links and measured matmul rate: the same plan.
  const std::string h100 = "#v=1&model=llama3-8b&gpus=16&tp=2&pp=1&cp=1&ep=1&vp=1&mbs=2&zero=1&recompute=none&sp=1";
  const std::string custom = h100 +
                             "&gpu=custom&gpu_mem_gib=79.6475&gpu_bw_gbs=3352&gpu_tflops=989.4&gpu_tdp_w=700"
                             "&gpu_fp8_tflops=1978.9&gpu_fp32_tflops=494.7&gpu_mamf_tflops=794.5"
                             "&intra=nvlink4&inter=ib-ndr&usd_per_gpu_hour=2.5&usd_per_gpu=30000";
  const PlanOutput a = testing::PlanLink(h100 + "&gpu=h100");
  const PlanOutput b = testing::PlanLink(custom);
  REQUIRE(b.job.hw.gpu);
  CHECK(b.job.hw.gpu->custom);
  CHECK(b.job.hw.gpu->mem_bytes == Approx(79.6475 * kGiB));
  CHECK(b.job.hw.gpu->peak_flops[int(Precision::Bf16)] == Approx(989.4e12));
  CHECK(b.plan.step.seconds == Approx(a.plan.step.seconds).epsilon(1e-3));
  CHECK(b.plan.memory.total == Approx(a.plan.memory.total).epsilon(1e-6));
  CHECK(b.plan.run.energy_kwh == Approx(a.plan.run.energy_kwh).epsilon(1e-3));
  // The link carries the numbers: the configuration round-trips through it.
  const std::string link = FormatLink(b.config);
  CHECK(link.find("gpu=custom") != std::string::npos);
  CHECK(link.find("gpu_tflops=989.4") != std::string::npos);
  CHECK(testing::FromLink(link) == b.config);
  // Optional peaks take their documented defaults: FP32 half the BF16 peak, no FP8.
  const PlanOutput lean = testing::PlanLink(
      "#v=1&model=llama3-8b&gpus=8&gpu=custom&gpu_mem_gib=48&gpu_bw_gbs=900&gpu_tflops=300&gpu_tdp_w=400");
  CHECK(lean.job.hw.gpu->peak_flops[int(Precision::Fp32)] == Approx(150e12));
  CHECK(lean.job.hw.gpu->peak_flops[int(Precision::Fp8)] == 0);
  CHECK(lean.job.hw.intra == FindLink("pcie5"));
  CHECK(lean.job.hw.inter == FindLink("ib-ndr"));
}

TEST_CASE("gpu=custom: each missing number is an error naming its key", "[topology][custom]") {
  const char* keys[] = {"gpu_mem_gib", "gpu_bw_gbs", "gpu_tflops", "gpu_tdp_w"};
  const std::string all = "#v=1&gpu=custom&gpus=8&gpu_mem_gib=80&gpu_bw_gbs=2000&gpu_tflops=400&gpu_tdp_w=500";
  CHECK_FALSE(HasErrors(Issues(all)));
  for (const char* key : keys) {
    std::string link = all;
    const size_t at = link.find(std::string("&") + key + "=");
    link.erase(at, link.find('&', at + 1) == std::string::npos ? std::string::npos : link.find('&', at + 1) - at);
    INFO(link);
    const auto issues = Issues(link);
    const ConfigIssue* e = Find(issues, key, false);
    REQUIRE(e);
    CHECK(e->message.find(std::string("gpu=custom needs ") + key) != std::string::npos);
  }
  // The numbers of a custom GPU given with a catalog GPU are ignored, and the plan says so.
  CHECK(Find(Issues("#v=1&gpu=h100&gpus=8&gpu_tflops=500"), "gpu_tflops", true));
  // The catalog's GPU list names custom among the accepted ids.
  const auto unknown_gpu = Issues("#v=1&gpu=h1000&gpus=8");
  const ConfigIssue* unknown = Find(unknown_gpu, "gpu", false);
  REQUIRE(unknown);
  CHECK(unknown->message.find("custom") != std::string::npos);
}

TEST_CASE("gpu=custom: every Job owns its GPU, so plans of different custom GPUs coexist", "[topology][custom]") {
  // The page holds many plans at once (compare columns, the search's variants): each Job's custom GPU stays
  // its own after other custom GPUs were resolved, and a copy of the Job outlives the original.
  std::vector<ConfigIssue> issues;
  Config a = testing::FromLink("#v=1&gpu=custom&gpus=8&gpu_mem_gib=80&gpu_bw_gbs=2000&gpu_tflops=400&gpu_tdp_w=500");
  Config b = testing::FromLink("#v=1&gpu=custom&gpus=8&gpu_mem_gib=40&gpu_bw_gbs=1000&gpu_tflops=100&gpu_tdp_w=300");
  Job copy;
  {
    Job ja = ResolveJob(a, issues);
    copy = ja;
  }
  const Job jb = ResolveJob(b, issues);
  CHECK(copy.hw.gpu->peak_flops[int(Precision::Bf16)] == Approx(400e12));
  CHECK(jb.hw.gpu->peak_flops[int(Precision::Bf16)] == Approx(100e12));
  CHECK(copy.hw.gpu != jb.hw.gpu);
  StepBreakdown s;
  Throughput t;
  Layout l = ExplicitLayout(a, copy);
  copy.work.gbs = GlobalBatch(copy.work, l);
  EstimateStep(copy, l, s, t);
  CHECK(s.seconds > 0);
}

TEST_CASE("no host-staging warning for a bridged pair, the reason beyond the pair", "[topology]") {
  // An RTX 3090 pair on its NVLink bridge talks peer-to-peer over the bridge: nothing passes through host
  // memory, so the plan does not say so. Four of them (two pairs) do stage between the pairs; without the
  // bridge every exchange stages.
  auto warnings = [](const std::string& link) {
    const PlanOutput out = testing::PlanLink(link);
    std::string all;
    for (const std::string& w : WarningSentences(out.plan, out.job)) all += w + "\n";
    return all;
  };
  const std::string pair = warnings("#v=1&model=llama2-7b&gpu=rtx3090&gpus=2&intra=nvlink-bridge3");
  INFO(pair);
  CHECK(pair.find("host memory") == std::string::npos);
  const std::string two_pairs = warnings("#v=1&model=llama2-7b&gpu=rtx3090&gpus=4&intra=nvlink-bridge3");
  CHECK(two_pairs.find("beyond each NVLink-bridged pair, collectives pass through host memory") != std::string::npos);
  const std::string pcie = warnings("#v=1&model=llama2-7b&gpu=rtx3090&gpus=4&intra=pcie4");
  CHECK(pcie.find("has no peer-to-peer: collectives pass through host memory over PCIe") != std::string::npos);
}

}  // namespace topology_test
