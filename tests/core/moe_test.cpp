// moe_test.cpp — expert parallelism as production stacks run it (core/estimate/step_moe.cpp; issue #30): FP8
// dispatch, node-limited routing, DeepEP's link use, how much each overlap hides, capacity with padding, and the
// host time of eager dropless MoE layers. Planned from links, as a user gives them.
#include <catch2/catch.hpp>

#include <string>

#include "catalog.h"
#include "planner.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace moe_test {

using namespace tp;
using tp::testing::PlanLink;

namespace {

// DeepSeek-V3 on 512 H800 (64 nodes), EP 64 over 8 nodes, no pipeline bubble to speak of.
const std::string kDeepSeek =
    "model=deepseek-v3&gpu=h800&gpus=512&tp=1&pp=8&vp=1&cp=1&ep=64&mbs=1&gbs=1024&zero=1&recompute=selective&"
    "offload=none&sp=0&stack=megatron&moe_imbalance=1&tokens=1e10";
// GPT-OSS-120B on 64 H100, EP 8 inside each node, one micro-batch of 2 x 4,096 tokens per GPU; the same dimensions
// as a custom model (no sliding windows, no biases, a plain SwiGLU) for comparison.
const std::string kGptOssLayout =
    "&gpu=h100&gpus=64&tp=1&pp=1&cp=1&ep=8&mbs=2&gbs=128&seq=4096&recompute=none&offload=none&sp=0&moe_imbalance=1&"
    "eff_memory=0.75&tokens=1e10";
const std::string kGptOssDims =
    "layers=36&hidden=2880&heads=64&kv_heads=8&head_dim=64&ffn=2880&vocab=201088&experts=128&topk=4&moe_ffn=2880&"
    "shared_experts=0&dense_layers=0&act=swiglu&tied=0";
// Qwen3-30B-A3B on one 8 x B200 node, EP 8 (NVIDIA's recipe).
const std::string kQwen =
    "model=qwen3-30b-a3b&gpu=b200&gpus=8&tp=1&pp=1&cp=1&ep=8&gbs=512&zero=1&recompute=none&offload=none&sp=0&"
    "stack=megatron&moe_imbalance=1&prec=fp8&tokens=1e10";

}  // namespace

TEST_CASE("an FP8 dispatch halves the dispatch's bytes, the combine and the backward stay 16-bit", "[moe]") {
  const PlanOutput bf16 = PlanLink(kDeepSeek + "&prec=bf16&ep_dedup=1");
  const PlanOutput fp8 = PlanLink(kDeepSeek + "&prec=fp8&fp8_recipe=block&ep_dedup=1");
  REQUIRE(bf16.plan.step.comm_ep_s > 0);
  // Forward dispatch (1 + 4/128 B) + combine (2 B), backward 2 + 2 B, against 8 B in 16-bit (latency aside).
  const double ratio = fp8.plan.step.comm_ep_s / bf16.plan.step.comm_ep_s;
  CHECK(ratio == Approx((1 + 4.0 / 128 + 2 + 4) / 8).epsilon(0.02));
  // NCCL's alltoall dispatcher (ep_dedup=0) sends 16-bit.
  CHECK(PlanLink(kDeepSeek + "&prec=fp8").plan.step.comm_ep_s ==
        Approx(PlanLink(kDeepSeek + "&prec=bf16").plan.step.comm_ep_s).epsilon(1e-9));
}

TEST_CASE("node-limited routing sends each token to at most group_topk nodes", "[moe]") {
  // DeepSeek-V3's 8 groups of 32 experts, 4 per token: with EP 64 over 8 nodes each node holds one group.
  const PlanOutput limited = PlanLink(kDeepSeek + "&ep_dedup=1");
  const PlanOutput free = PlanLink(kDeepSeek + "&ep_dedup=1&group_topk=8");
  CHECK(limited.job.model.expert_groups == 8);
  CHECK(limited.job.model.group_topk == 4);
  CHECK(limited.plan.step.comm_ep_s < free.plan.step.comm_ep_s);
  // Without deduplication every routed copy travels anyway: the limit changes nothing.
  CHECK(PlanLink(kDeepSeek).plan.step.comm_ep_s ==
        Approx(PlanLink(kDeepSeek + "&group_topk=8").plan.step.comm_ep_s).epsilon(1e-12));
}

TEST_CASE("each overlap hides its share of the all-to-all: none, Megatron-Core's measured, DualPipe's all", "[moe]") {
  const PlanOutput plain = PlanLink(kDeepSeek + "&ep_dedup=1");
  // Megatron-Core overlaps with a pipeline in its interleaved schedule only: both at two chunks per GPU.
  const PlanOutput interleaved = PlanLink(kDeepSeek + "&ep_dedup=1&vp=2");
  const PlanOutput megatron = PlanLink(kDeepSeek + "&ep_dedup=1&vp=2&moe_a2a_overlap=1");
  const PlanOutput dual = PlanLink(kDeepSeek + "&ep_dedup=1&pp_schedule=dualpipe");
  const double a2a = plain.plan.step.comm_ep_s, c = plain.job.assume.overlap_contention;
  REQUIRE(a2a > 0);
  // The all-to-all itself does not change; what is exposed does, and the hidden part still costs contention.
  CHECK(interleaved.plan.step.comm_ep_s == Approx(a2a));
  CHECK(megatron.plan.step.comm_ep_s == Approx(a2a));
  CHECK(interleaved.plan.step.comm_exposed_s - megatron.plan.step.comm_exposed_s ==
        Approx((1 - c) * 0.3655 * a2a).epsilon(1e-6));
  CHECK(dual.plan.step.comm_exposed_s < megatron.plan.step.comm_exposed_s);
  // A share given is used as given.
  const PlanOutput half = PlanLink(kDeepSeek + "&ep_dedup=1&overlap_ep=0.5");
  CHECK(plain.plan.step.comm_exposed_s - half.plan.step.comm_exposed_s == Approx((1 - c) * 0.5 * a2a).epsilon(1e-6));
}

TEST_CASE("a capacity factor with padding computes exactly capacity x the share, whatever the routing", "[moe]") {
  const PlanOutput balanced = PlanLink(kQwen + "&mbs=4");
  const PlanOutput skewed = PlanLink(kQwen + "&mbs=4&moe_imbalance=1.4");
  const PlanOutput padded = PlanLink(kQwen + "&mbs=4&moe_imbalance=1.4&moe_capacity=1&moe_pad=1");
  const PlanOutput dropped = PlanLink(kQwen + "&mbs=4&moe_imbalance=1.4&moe_capacity=1.2");
  CHECK(skewed.plan.step.compute_s > balanced.plan.step.compute_s);
  CHECK(padded.plan.step.compute_s == Approx(balanced.plan.step.compute_s).epsilon(1e-9));
  CHECK(dropped.plan.step.compute_s < skewed.plan.step.compute_s);
  CHECK(dropped.plan.step.compute_s > padded.plan.step.compute_s);
}

TEST_CASE("eager dropless MoE layers wait for the host at small micro-batches", "[moe]") {
  // Micro-batch 1: each layer pass's experts take about a millisecond, the host several (NVIDIA's Qwen3-30B-A3B
  // rows on B200, tests/data/moe_fit_steps.json): every pass waits for the host.
  const PlanOutput one = PlanLink(kQwen + "&mbs=1");
  const PlanOutput four = PlanLink(kQwen + "&mbs=4");
  CHECK(one.plan.step.host_s > 0.3 * one.plan.step.seconds);
  // Micro-batch 4: the backward's GPU work covers its host time, but each MoE layer's forward still waits for the
  // host's token counts (the dispatcher's device-to-host sync): the forward passes wait, by less than their host
  // time, and by less than at micro-batch 1.
  const int m = four.plan.step.micro_batches;
  const double layers = 48, per_pass = four.job.assume.moe_host_s;
  CHECK(four.plan.step.host_s > 0);
  CHECK(four.plan.step.host_s < m * layers * per_pass);
  CHECK(four.plan.step.host_s / four.plan.step.seconds < 0.5 * one.plan.step.host_s / one.plan.step.seconds);
  // Static shapes (capacity with padding) are captured by CUDA graphs: no host time.
  CHECK(PlanLink(kQwen + "&mbs=1&moe_capacity=1&moe_pad=1").plan.step.host_s == 0);
  // The host time given is used: twice as much per pass, more of the micro-batch waiting.
  REQUIRE(per_pass > 0);
  CHECK(PlanLink(kQwen + "&mbs=1&moe_host_s=" + std::to_string(2 * per_pass)).plan.step.host_s > one.plan.step.host_s);
}

// The MoE host time per layer pass was measured on x86 B200 hosts. On GB200's Grace (host_dispatch 2.75) a stack that
// launches its MoE layers eagerly (torchtitan) takes 2.75 x as long; Megatron-Core keeps the measured value (its
// recipes capture parts of each layer in CUDA graphs: resolve.cpp, docs/step-model.md §5b); a value given is the
// user's.
TEST_CASE("the MoE host time scales with Grace's launch time for eager stacks, not Megatron-Core's", "[moe]") {
  const std::string scout = "model=llama4-scout&gpu=gb200&gpus=64&seq=8192&mbs=1&prec=bf16";
  const PlanOutput x86 = PlanLink("model=llama4-scout&gpu=b200&gpus=64&seq=8192&mbs=1&prec=bf16&stack=fsdp");
  const double measured = x86.job.assume.moe_host_s;
  REQUIRE(measured > 0);
  CHECK(PlanLink(scout + "&stack=fsdp").job.assume.moe_host_s == Approx(2.75 * measured));
  CHECK(PlanLink(scout + "&stack=fsdp&host_dispatch=1").job.assume.moe_host_s == Approx(measured));
  CHECK(PlanLink(scout + "&stack=megatron").job.assume.moe_host_s == Approx(measured));
  CHECK(PlanLink(scout + "&stack=fsdp&moe_host_s=0.003").job.assume.moe_host_s == Approx(0.003));
  // Where the host paces the step, the slower host makes it longer.
  const PlanOutput grace = PlanLink(scout + "&stack=fsdp");
  const PlanOutput as_x86 = PlanLink(scout + "&stack=fsdp&host_dispatch=1");
  CHECK(grace.plan.step.seconds >= as_x86.plan.step.seconds);
}

TEST_CASE("a dropless MoE layer's forward waits for the host layer by layer, the backward only in total", "[moe]") {
  // The old rule (the micro-batch takes the longer of its GPU work and its host time) hid a host-bound forward
  // behind a GPU-bound backward. With a host time per pass between a layer's forward and its backward GPU work,
  // the forward waits for every layer and the backward for none: the micro-batch is longer than both totals.
  const PlanOutput fast = PlanLink(kQwen + "&mbs=4&moe_host_s=0.000001");
  REQUIRE(fast.plan.step.host_s == 0);
  const int m = fast.plan.step.micro_batches;
  const double gpu = fast.plan.step.seconds;  // host-free: every micro-batch is its GPU work
  const double per_pass = 0.004;
  const PlanOutput mid = PlanLink(kQwen + "&mbs=4&moe_host_s=" + std::to_string(per_pass));
  const double host_total = m * 48 * 2 * per_pass;
  CHECK(host_total < gpu);             // the totals alone: the GPU's work covers the host's
  CHECK(mid.plan.step.host_s > 0);     // yet the forward waits
  CHECK(mid.plan.step.seconds > gpu);  // longer than the GPU work
  CHECK(mid.plan.step.seconds > host_total);
  // Static shapes (capacity with padding) need no count on the host: nothing waits.
  CHECK(PlanLink(kQwen + "&mbs=4&moe_host_s=0.004&moe_capacity=1&moe_pad=1").plan.step.host_s == 0);
}

TEST_CASE("full-iteration CUDA graphs launch nothing from the host", "[moe]") {
  // Megatron-Core's --cuda-graph-impl full_iteration (NVIDIA's 26.06 GB200 recipes): the micro-batch is its GPU
  // work, at micro-batch 1 too, where eager layers wait for the host in every pass.
  const PlanOutput eager = PlanLink(kQwen + "&mbs=1");
  const PlanOutput graphed = PlanLink(kQwen + "&mbs=1&full_graphs=1");
  REQUIRE(eager.plan.step.host_s > 0);
  CHECK(graphed.plan.step.host_s == 0);
  CHECK(graphed.plan.step.seconds == Approx(eager.plan.step.seconds - eager.plan.step.host_s).epsilon(1e-9));
  CHECK(graphed.job.assume.full_graphs == 1);
  CHECK(eager.job.assume.full_graphs == 0);
  // Auto: on where the shapes are static (a capacity with padding).
  const PlanOutput padded = PlanLink(kQwen + "&mbs=1&moe_capacity=1&moe_pad=1");
  CHECK(padded.job.assume.full_graphs == 1);
  // Given off, padding no longer hides the host.
  CHECK(PlanLink(kQwen + "&mbs=1&moe_capacity=1&moe_pad=1&full_graphs=0").plan.step.host_s > 0);
}

TEST_CASE("FP8 training keeps the output layer in 16-bit unless fp8_head says otherwise", "[moe]") {
  // Qwen3-30B-A3B's 151,936-entry head is a tenth of its model FLOPs: Megatron-Core's output layer is a plain
  // ColumnParallelLinear outside Transformer Engine, so the FP8 run computes it at the 16-bit rate.
  const PlanOutput bf16_head = PlanLink(kQwen + "&mbs=4&full_graphs=1");
  const PlanOutput fp8_head = PlanLink(kQwen + "&mbs=4&full_graphs=1&fp8_head=1");
  const PlanOutput bf16_run = PlanLink(kQwen + "&mbs=4&full_graphs=1&prec=bf16");
  CHECK(bf16_head.job.assume.fp8_head == 0);
  CHECK(fp8_head.plan.step.compute_s < bf16_head.plan.step.compute_s);
  CHECK(bf16_head.plan.step.compute_s < bf16_run.plan.step.compute_s);
  // In a 16-bit run the key changes nothing.
  CHECK(PlanLink(kQwen + "&mbs=4&full_graphs=1&prec=bf16&fp8_head=1").plan.step.compute_s ==
        Approx(bf16_run.plan.step.compute_s).epsilon(1e-12));
}

TEST_CASE("DeepEP-class dispatchers use the link better than NCCL's all-to-all", "[moe]") {
  // Inside one node (EP 8 on 8 GPUs) deduplication saves only the copies to ranks holding two of a token's
  // experts; the rest of the gain is DeepEP's 153 of 160 GB/s against NCCL's eff_network share.
  const PlanOutput nccl = PlanLink(kQwen + "&mbs=4");
  const PlanOutput deepep = PlanLink(kQwen + "&mbs=4&ep_dedup=1");
  CHECK(deepep.plan.step.comm_ep_s < nccl.plan.step.comm_ep_s);
}

TEST_CASE("GPT-OSS's sliding windows: a windowed layer computes only the 128-token tiles its queries see", "[moe]") {
  // The attention core's time is 1 / eff_attention: twice the efficiency halves it, so each plan's attention time is
  // twice the difference. Half the layers windowed (128 tokens, every second layer full): at 4,096 tokens a
  // windowed layer visits 2 x 32 - 1 = 63 of the 528 tiles of causal attention.
  auto attention = [](const std::string& link) {
    return 2 * (PlanLink(link + "&eff_attention=0.35").plan.step.compute_s -
                PlanLink(link + "&eff_attention=0.7").plan.step.compute_s);
  };
  const std::string stack = "&stack=megatron&zero=1";
  const PlanOutput preset = PlanLink("model=gpt-oss-120b" + kGptOssLayout + stack);
  CHECK(preset.job.model.attn_window == 128);
  CHECK(preset.job.model.attn_window_skip == 2);
  const double windowed = attention("model=gpt-oss-120b" + kGptOssLayout + stack);
  const double full = attention(kGptOssDims + kGptOssLayout + stack);
  REQUIRE(full > 0);
  CHECK(windowed / full == Approx((1 + 63.0 / 528) / 2).epsilon(1e-6));
}

TEST_CASE("GPT-OSS's biased experts: Megatron-Core adds the second bias eagerly, other stacks the activation too",
          "[moe]") {
  // Memory-bound time the preset adds over the same dimensions without biases: 36 MoE layers, 2 x 4,096 x 4 routed
  // copies on each GPU, at eff_memory of the H100's bandwidth (the optimizer's few extra bias parameters aside).
  const GpuSpec* h100 = FindGpu("h100");
  REQUIRE(h100 != nullptr);
  const double copies = 2 * 4096 * 4, per_byte = 36 * copies / (h100->mem_bw * 0.75);
  auto extra = [](const std::string& stack) {
    return PlanLink("model=gpt-oss-120b" + kGptOssLayout + stack).plan.step.memory_s -
           PlanLink(kGptOssDims + kGptOssLayout + stack).plan.step.memory_s;
  };
  // Megatron-Core: the probability-scaled second bias only, 24 B per hidden element with the alltoall dispatcher's
  // 16-bit probabilities, 64 B with HybridEP / DeepEP's fp32 ones (the activation and the first bias are fused).
  CHECK(extra("&stack=megatron&zero=1") == Approx(24.0 * 2880 * per_byte).epsilon(0.02));
  CHECK(extra("&stack=megatron&zero=1&ep_dedup=1") == Approx(64.0 * 2880 * per_byte).epsilon(0.02));
  // NeMo AutoModel's DeepEP experts (stack fsdp): both biases (10 B per element of the first projection's 2 x 2,880
  // outputs) and the clamped activation in eager PyTorch (124 B per intermediate element beyond the fused SwiGLU).
  CHECK(extra("&stack=fsdp&stack_year=2025&zero=3&ep_dedup=1") ==
        Approx((64.0 * 2880 + 10.0 * 2 * 2880 + 124.0 * 2880) * per_byte).epsilon(0.02));
}

}  // namespace moe_test
