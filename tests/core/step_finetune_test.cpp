// step_finetune_test.cpp — the fine-tuning terms of the step model (core/estimate/step_finetune.h), each checked
// against the work written out here from the architecture and the stack's code path (not read back from
// the engine): NF4 dequantization per use, LoRA adapter GEMMs and traffic per stack, offloaded checkpoints
// against Unsloth's published overhead, the host-bound floor of small micro-batches, the optimizer step's
// bytes per stack, and paged optimizer states that the memory model evicts.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "explain.h"
#include "flops.h"
#include "kernels.h"
#include "peft_experts.h"
#include "plan.h"
#include "planner.h"
#include "stack.h"
#include "step.h"
#include "step_finetune.h"
#include "test_links.h"
#include "trace.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace step_finetune_test {

using namespace tp;
using tp::testing::PlanLink;

namespace {

// Llama 3.1 8B, written out from its config.json: 32 layers, hidden 4096, 32 heads, 8 key/value heads of
// 128, MLP 14336.
constexpr double kH = 4096, kKv = 1024, kFfn = 14336, kLayers = 32;
// Frozen weights of one block: q, k, v, o and gate, up, down.
constexpr double kBlockWeights = kH * kH + 2 * kKv * kH + kH * kH + 3 * kH * kFfn;

const char* kLlama8b = "#v=1&model=llama3.1-8b&gpu=a100-80g&gpus=1&seq=2048&mbs=2&gbs=2&tp=1&pp=1&cp=1&zero=0";

struct Traced {
  PlanOutput out;
  PlanTrace trace;
};
Traced PlanTraced(const std::string& link) {
  Traced t{PlanLink(link), {}};
  Evaluate(t.out.job, t.out.plan.layout, &t.trace);
  return t;
}

// A GEMM callback that charges one second per PFLOP and records the shapes it was asked for.
struct GemmLog {
  std::vector<double> m, n, k;
};
double LogGemm(double m, double n, double k, const void* ctx) {
  GemmLog& g = *static_cast<GemmLog*>(const_cast<void*>(ctx));
  g.m.push_back(m), g.n.push_back(n), g.k.push_back(k);
  return 2 * m * n * k * 1e-15;
}

FinetuneInputs Inputs(double tokens, GemmLog* log) {
  FinetuneInputs in;
  in.tokens = tokens;
  in.dense_blocks = int(kLayers);
  in.mem_rate = 1e12;
  in.host_bw = 25e9;
  in.gemm = LogGemm;
  in.gemm_ctx = log;
  return in;
}

}  // namespace

TEST_CASE("QLoRA dequantizes every frozen weight once per GEMM that reads it, whatever the stack", "[step][finetune]") {
  // bitsandbytes (hf), torchao's NF4Tensor under compile (torchtune) and Unsloth's fast_dequantize all write a
  // bf16 copy in a kernel of their own: 0.5 B of NF4 + 1/64 B of 8-bit block constants + 4/(64 x 256) B of
  // fp32 ones read, 2 B written, for the forward, the input gradient and (full recomputation) the forward again.
  const double bytes_per_use = 0.5 + 1.0 / 64 + 4.0 / (64 * 256) + 2.0;
  for (const char* stack : {"hf", "torchtune", "unsloth"}) {
    for (const char* rc : {"full", "none"}) {
      INFO(stack << " recompute=" << rc);
      const std::string base =
          std::string(kLlama8b) + "&stack=" + stack + "&recompute=" + rc + "&lora_r=8&lora_targets=all";
      const Traced lora = PlanTraced(base + "&method=lora");
      const Traced qlora = PlanTraced(base + "&method=qlora");
      const double passes = std::string(rc) == "full" ? 3 : 2;
      const double rate = qlora.trace.step.mem_bw * qlora.trace.step.eff_memory;
      const double expected = passes * bytes_per_use * kBlockWeights * kLayers / rate;
      // The same step but for the dequantization: QLoRA's extra memory-bound time per micro-batch.
      const double extra = qlora.trace.step.memory_mb - lora.trace.step.memory_mb;
      CHECK(extra == Approx(expected).epsilon(0.01));
    }
  }
}

TEST_CASE("LoRA adapters: thin GEMMs forward, backward and recomputed, and each stack's elementwise traffic",
          "[step][finetune]") {
  PlanOutput out = PlanLink(std::string(kLlama8b) + "&method=lora&lora_r=16&lora_targets=all&recompute=full");
  const ModelOps ops = DescribeModel(out.job.model);
  // Adapted matrices of one block: inputs (k) and outputs (n) of q, k, v, o, gate, up, down.
  const double sum_k = 4 * kH + 2 * kH + kFfn, sum_n = kH + 2 * kKv + kH + 2 * kFfn + kH;
  const double width = sum_k + sum_n, r = 16, tokens = 4096;
  for (const char* id : {"hf", "torchtune", "unsloth"}) {
    INFO(id);
    out.job.stack = FindStack(id);
    GemmLog log;
    const FinetuneTime t = FinetuneStep(out.job, out.plan.layout, ops, Inputs(tokens, &log));
    // FLOPs: forward 2 r (k + n) per token per block, twice with the recomputation, the backward's input
    // gradient as much again and the two weight gradients as much again.
    CHECK(t.adapter_gemm == Approx(4 * 2 * r * width * tokens * kLayers * 1e-15).epsilon(1e-9));
    // Thin GEMMs: one side of each is the rank (x A is tokens x r, (x A) B has r as its inner size; the weight
    // gradients have the tokens as their inner size).
    for (size_t i = 0; i < log.m.size(); ++i) CHECK((log.n[i] == r || log.k[i] == r || log.m[i] == r));
    // Elementwise bytes per token, per element of width, forward (read from each stack's code): PEFT
    // 12 B per input element (cast to fp32 and back) + 10 B per output element (scale, add) = 22 on the
    // half-and-half split; torchtune's fused add 6 per output element; Unsloth's addmm epilogue 2.
    const double coeff = std::string(id) == "hf" ? 12 + 10 : std::string(id) == "torchtune" ? 6 : 2;
    CHECK(t.adapter_mem == Approx(kLayers * 3 * tokens * coeff * width / 2 / 1e12).epsilon(1e-9));
  }
}

TEST_CASE("offloaded checkpoints: Unsloth hides the copy out, waits for the copy back", "[step][finetune]") {
  PlanOutput out = PlanLink(std::string(kLlama8b) + "&method=qlora&recompute=full&offload_act=1");
  const ModelOps ops = DescribeModel(out.job.model);
  GemmLog log;
  FinetuneInputs in = Inputs(8192, &log);
  const double copy = 8192 * kH * 2 / in.host_bw;  // one block's input, bf16, over the host link
  in.forward_s = kLayers * 0.5 * copy;             // a forward too short to hide the copy
  in.backward_s = kLayers * 10 * copy;
  out.job.stack = FindStack("unsloth");
  CHECK(FinetuneStep(out.job, out.plan.layout, ops, in).offload == Approx(kLayers * (0.5 * copy + copy)));
  out.job.stack = FindStack("torchtune");  // side streams both ways: only the forward's excess shows
  CHECK(FinetuneStep(out.job, out.plan.layout, ops, in).offload == Approx(kLayers * 0.5 * copy));
  out.job.stack = FindStack("hf");  // torch's save_on_cpu copies on the compute stream
  CHECK(FinetuneStep(out.job, out.plan.layout, ops, in).offload == Approx(kLayers * 2 * copy));
  out.job.work.offload_checkpoints = false;
  CHECK(FinetuneStep(out.job, out.plan.layout, ops, in).offload == 0);
}

TEST_CASE("offloaded checkpoints cost what Unsloth measured: +1.9 % on Llama 3 70B at 5 x 8192 tokens",
          "[step][finetune]") {
  // unsloth.ai/blog/llama3: "On a A100 80GB SXM machine, Unsloth allows 6x longer context lengths with only
  // +1.9% overhead" (QLoRA, rank 32 on every linear layer, 8192 tokens x batch 5). Judged, never fitted.
  const std::string link =
      "#v=1&model=llama3-70b&stack=unsloth&method=qlora&lora_r=32&lora_targets=all&gpu=a100-80g"
      "&gpus=1&seq=8192&mbs=5&gbs=5&tp=1&pp=1&cp=1&zero=0&recompute=full";
  const double with = PlanLink(link + "&offload_act=1").plan.step.seconds;
  const double without = PlanLink(link + "&offload_act=0").plan.step.seconds;
  const double overhead = with / without - 1;
  INFO("planned overhead " << 100 * overhead << " %");
  CHECK(overhead > 0.005);
  CHECK(overhead < 0.04);
}

TEST_CASE("small micro-batches: the GEMMs keep their efficiency, the host sets the floor", "[step][finetune]") {
  // The step model's GEMMs at 256 tokens per micro-batch still run within 15 % of their rate at 4096 (a
  // 4096-wide projection is compute-bound from a few hundred rows on): compute time per token.
  const std::string qwen =
      "#v=1&model=custom&layers=32&hidden=4096&heads=32&kv_heads=32&ffn=11008&vocab=151936"
      "&act=swiglu&tied=0&method=lora&lora_r=64&lora_targets=all&gpu=a100-80g&gpus=1&mbs=1&gbs=8"
      "&tp=1&pp=1&cp=1&zero=0&recompute=full&flash=1";
  const PlanOutput small = PlanLink(qwen + "&stack=hf&seq=256"), large = PlanLink(qwen + "&stack=hf&seq=4096");
  const double per_token_small = small.plan.step.compute_s / (8 * 256),
               per_token_large = large.plan.step.compute_s / (8 * 4096);
  CHECK(per_token_small < 1.15 * per_token_large);
  // What Qwen's table shows at 256 tokens (1.2 s per 8 micro-batches on Qwen-7B) is the host: the hf stack's
  // eager code takes 1.67 ms per layer pass (3 passes with recomputation), longer than the GPU's work.
  CHECK(small.plan.step.host_s > 0);
  CHECK(small.plan.step.seconds == Approx(8 * 32 * 3 * KernelsOf(StackKind::Hf).host_s).epsilon(0.01));
  CHECK(large.plan.step.host_s == 0);
  // torchtune's compiled regions are not host-bound (no measurement says so: 0).
  CHECK(PlanLink(qwen + "&stack=torchtune&seq=256").plan.step.host_s == 0);
}

TEST_CASE("the optimizer step moves the bytes of the stack's states", "[step][finetune]") {
  auto bytes = [](const std::string& keys) {
    const PlanOutput out = PlanLink("#v=1&model=llama3.1-8b&gpu=a100-80g&gpus=8&tp=1&pp=1&cp=1&zero=0&" + keys);
    return OptimizerStepBytes(out.job, out.plan.layout.zero);
  };
  // Megatron's fused Adam with fp32 main gradients and weights: read 4 + 4 + 8, write 4 + 8, and the bf16 copy.
  CHECK(bytes("stack=megatron&method=full&opt=adamw") == Approx(30));
  CHECK(bytes("stack=megatron&method=full&opt=adamw8bit") == Approx(18 + 4 * 4.0 / 256));  // + absmax
  CHECK(bytes("stack=megatron&method=full&opt=sgd") == Approx(22));
  // torchtune's pure bf16, fused AdamW: read 2 + 2 + 4, write 2 + 4; bitsandbytes 8-bit: 2 + 2 + 2, 2 + 2.
  CHECK(bytes("stack=torchtune&method=full&opt=adamw") == Approx(14));
  CHECK(bytes("stack=torchtune&method=full&opt=adamw8bit") == Approx(10 + 4 * 4.0 / 256));
  // The Trainer's multi-tensor AdamW: eight passes, 40 B per bf16 parameter.
  CHECK(bytes("stack=hf&method=full&opt=adamw") == Approx(40));
  // fp32 LoRA adapters (PEFT): read 4 + 4 + 8, write 4 + 8; torchtune's bf16 adapters half that.
  CHECK(bytes("stack=unsloth&method=lora&opt=adamw") == Approx(28));
  CHECK(bytes("stack=torchtune&method=lora&opt=adamw") == Approx(14));
}

TEST_CASE("paged optimizer states the driver evicts cost their round trip every step", "[step][finetune]") {
  // torchtune's Llama 3.1 8B full fine-tune on one RTX 4090: 16 GB of bf16 weights and 16 GB of paged 8-bit
  // AdamW states do not fit 24 GB; the driver evicts states and each step brings them back and out again.
  const std::string link =
      "#v=1&model=llama3.1-8b&stack=torchtune&method=full&gpus=1&seq=2048&mbs=2&gbs=2&prec=bf16"
      "&opt=paged_adamw8bit&opt_in_bwd=1&recompute=full&offload_act=0&tp=1&pp=1&cp=1&zero=0";
  const PlanOutput on_4090 = PlanLink(link + "&gpu=rtx4090");
  CHECK(on_4090.plan.memory.paged_bytes > 4e9);
  // RTX 4090: PCIe 4.0 x16 at 31.5 GB/s x the collectives' 0.80 link efficiency, one GPU per switch uplink.
  const double host_link = 31.5e9 * 0.80;
  CHECK(on_4090.plan.step.offload_s == Approx(2 * on_4090.plan.memory.paged_bytes / host_link).epsilon(0.02));
  // With room for the states nothing is paged and nothing is moved.
  const PlanOutput roomy = PlanLink(link + "&gpu=a100-80g");
  CHECK(roomy.plan.memory.paged_bytes == 0);
  CHECK(roomy.plan.step.offload_s == 0);
}

TEST_CASE("LoRA dropout: a kernel on each adapter's input, and its mask kept, Unsloth leaves its fast path",
          "[step][finetune]") {
  PlanOutput out = PlanLink(std::string(kLlama8b) + "&method=lora&lora_r=16&lora_targets=all&recompute=full");
  const ModelOps ops = DescribeModel(out.job.model);
  const double sum_k = 4 * kH + 2 * kH + kFfn, sum_n = kH + 2 * kKv + kH + 2 * kFfn + kH;
  const double half = (sum_k + sum_n) / 2, tokens = 4096, passes = 3;
  auto adapter_mem = [&](const char* id, double p) {
    out.job.stack = FindStack(id);
    out.job.work.lora_dropout = p;
    GemmLog log;
    return FinetuneStep(out.job, out.plan.layout, ops, Inputs(tokens, &log)).adapter_mem;
  };
  const double unit = kLayers * passes * tokens * half / 1e12;
  // PEFT: nn.Dropout on the fp32 copy, read 4, write 4 and a mask byte per input element.
  CHECK(adapter_mem("hf", 0.05) - adapter_mem("hf", 0) == Approx(9 * unit));
  // torchtune: on the bf16 input, fused: read 2, write 2, a mask byte.
  CHECK(adapter_mem("torchtune", 0.05) - adapter_mem("torchtune", 0) == Approx(5 * unit));
  // Unsloth patches its LoRA layers only at dropout 0; otherwise they run PEFT's path.
  CHECK(adapter_mem("unsloth", 0) == Approx(2 * unit));
  CHECK(adapter_mem("unsloth", 0.05) == Approx(adapter_mem("hf", 0.05)));
  // The key: refused out of range, by name; 0 unless given.
  CHECK(PlanLink(std::string(kLlama8b) + "&method=lora").job.work.lora_dropout == 0);
}

TEST_CASE("LoRA adapters' saved inputs: PEFT's 16-bit copy per adapter, torchtune's shared input, dropout's mask",
          "[memory][finetune]") {
  // Without recomputation every layer keeps what its backward needs (core/stack/saves.cpp). PEFT casts each
  // adapter's input to fp32 and autocast casts it back to a new bf16 tensor that lora_A keeps: 2 B per input element
  // per adapted matrix, 2 r for lora_A's output, and autocast's bf16 copies of A and B (2 r (k + n) per layer).
  // torchtune's LoRALinear feeds x itself: 2 B per distinct input (q/k/v share one, gate/up another, down its own;
  // o's input is SDPA's saved output), and its attention keeps k and v at the query width (expanded before SDPA).
  // lora_dropout: PEFT adds a 1-byte mask per input element (the dropped copy replaces the cast copy); torchtune a
  // mask and the dropped bf16 copy per adapter. (The same logits for both: not the point here.)
  const std::string base =
      std::string(kLlama8b) + "&method=lora&lora_r=16&lora_targets=all&recompute=none&gpu=h200&logit_bytes=2";
  auto act = [&](const char* stack, double p) {
    return PlanLink(base + "&stack=" + stack + "&lora_dropout=" + std::to_string(p)).plan.memory.activations;
  };
  const double tokens = 2 * 2048, r = 16;
  const double sum_k = 4 * kH + 2 * kH + kFfn, sum_n = kH + 2 * kKv + kH + 2 * kFfn + kH;
  const double shared = 2 * kH + kFfn;
  const double attention = 2 * (2 * kKv - 2 * kH);  // Transformers' SDPA at kv width, less torchtune's full width
  CHECK(act("hf", 0) - act("torchtune", 0) ==
        Approx(kLayers * (tokens * (2 * sum_k - 2 * shared + attention) + 2 * r * (sum_k + sum_n))).epsilon(1e-3));
  CHECK(act("hf", 0.1) - act("hf", 0) == Approx(kLayers * tokens * sum_k).epsilon(1e-3));
  CHECK(act("torchtune", 0.1) - act("torchtune", 0) ==
        Approx(kLayers * tokens * (3 * sum_k - 2 * shared)).epsilon(1e-3));
}

// PEFT's LoRA of Transformers v5's 3-D expert parameters (peft_experts.h), with Qwen3-30B-A3B written out from its
// config.json: 48 layers, hidden 2048, 128 experts of MLP width 768, 8 routed per token, no shared expert. Each MoE
// layer rebuilds the update B·A of its 128 x 3 x 2048 x 768 expert weights in fp32, scales and casts it, and adds it to
// the weight (24 B an element) every forward and recomputation, and reduces the weight's gradient onto the adapters
// (24 B) in the backward; the experts' whole weight gradient is computed (2 x routed rows x 3 x 2048 x 768).
TEST_CASE("PEFT's LoRA of the routed experts rebuilds their whole update every forward", "[step][finetune]") {
  constexpr double kExpertWeights = 128.0 * 3 * 2048 * 768, kMoeLayers = 48;
  const std::string base =
      "#v=1&model=qwen3-30b-a3b&gpu=h100&gpus=1&goal=finetune&method=lora&lora_r=16&seq=2048&mbs=1&gbs=8&tp=1&pp=1"
      "&cp=1&zero=0&recompute=full&offload=none&stack=hf";
  const PlanOutput all = PlanLink(base);
  REQUIRE(all.ok);
  const ExpertDelta d = PeftExpertDeltaOf(all.job, 1, 1);
  CHECK(d.elements == Approx(kExpertWeights));
  CHECK(d.fwd_bytes == Approx(24 * kExpertWeights));
  CHECK(d.bwd_bytes == Approx(24 * kExpertWeights));
  CHECK(d.saved == Approx(2 * kExpertWeights));
  CHECK(d.transient == Approx(8 * kExpertWeights));
  // The step's share: two forwards (one recomputed) and one backward a layer, over the memory rate; the weight
  // gradient's GEMMs at each expert's share of the 8 x 2048 routed rows.
  GemmLog log;
  FinetuneInputs in = Inputs(2048, &log);
  in.dense_blocks = 0, in.moe_blocks = int(kMoeLayers);
  const FinetuneTime t = FinetuneStep(all.job, all.plan.layout, all.job.facts.ops, in);
  CHECK(t.expert_delta == Approx(kMoeLayers * (2 * 24 + 24) * kExpertWeights / 1e12));
  CHECK(t.expert_wgrad >= Approx(kMoeLayers * 2 * 2048 * 8 * 3 * 2048 * 768 * 1e-15));
  // Planned: the memory holds the update's two fp32 copies of one layer; every micro-batch pays the bytes.
  const PlanOutput dense = PlanLink(base + "&lora_targets=dense");
  const PlanOutput v4 = PlanLink(base + "&stack_year=2025");  // Transformers v4: the experts were nn.Linear modules
  REQUIRE(dense.ok);
  REQUIRE(v4.ok);
  CHECK(all.plan.memory.total - v4.plan.memory.total >= 8 * kExpertWeights);
  // The GPU's memory-bound time grows by at least the bytes at the full bandwidth, 8 micro-batches; the step by less
  // where the eager experts' host time had hidden part of the GPU's.
  CHECK(all.plan.step.memory_s - v4.plan.step.memory_s >=
        8 * kMoeLayers * 72 * kExpertWeights / all.job.hw.gpu->mem_bw);
  CHECK(all.plan.step.seconds > v4.plan.step.seconds);
  // FSDP's own release year says nothing of Transformers': on auto, the current one (v5) under it too.
  const PlanOutput fsdp = PlanLink(base + "&stack=fsdp");
  if (fsdp.job.work.modeling == ModelCode::Transformers) CHECK(PeftExpertDeltaOf(fsdp.job, 1, 1).elements > 0);
  // Nothing where PEFT does not build it: adapters on the shared MLPs alone, Unsloth's own experts' LoRA, Transformers
  // v4, full fine-tuning.
  for (const PlanOutput& p : {dense, v4, PlanLink(base + "&stack=unsloth"), PlanLink(base + "&method=full&gpus=8")}) {
    INFO(p.config.stack << " " << p.config.lora_targets << " " << p.job.stack_year);
    CHECK(PeftExpertDeltaOf(p.job, 1, 1).elements == 0);
  }
}

TEST_CASE("a T4 trains in fp16: bf16 is planned as fp16, said under prec, at its FP16 peak's measured share",
          "[finetune]") {
  // Turing has FP16 tensor cores only (catalog.h HasBf16): Unsloth's T4 notebooks print "bfloat16 = FALSE" and train
  // in fp16, Transformers refuses bf16=True there. The default bf16 becomes fp16 with a notice naming the key and the
  // GPU; asked as fp16 the plan is the same without it. A GPU with BF16 keeps bf16 and says nothing.
  const std::string base = "#v=1&model=llama3.2-1b&method=qlora&gpu=t4&gpus=1&seq=2048&mbs=2&recompute=full";
  const PlanOutput asked_bf16 = MakePlan(testing::FromLink(base));
  const PlanOutput asked_fp16 = MakePlan(testing::FromLink(base + "&prec=fp16"));
  REQUIRE((asked_bf16.ok && asked_fp16.ok));
  auto prec_notice = [](const PlanOutput& o) {
    for (const ConfigIssue& i : o.issues)
      if (i.key == "prec") return i;
    return ConfigIssue{};
  };
  CHECK(asked_bf16.job.work.prec == Precision::Fp16);
  const ConfigIssue said = prec_notice(asked_bf16);
  CHECK(said.notice);
  CHECK(said.message.find("Tesla T4") != std::string::npos);
  CHECK(said.message.find("fp16") != std::string::npos);
  CHECK(prec_notice(asked_fp16).key.empty());
  CHECK(asked_bf16.plan.step.seconds == asked_fp16.plan.step.seconds);
  // A finite step at no more than the 70 W card's measured matmul share of its 65 TFLOP/s.
  CHECK(std::isfinite(asked_bf16.plan.throughput.tokens_per_s_per_gpu));
  CHECK(asked_bf16.plan.throughput.tokens_per_s_per_gpu > 0);
  CHECK(asked_bf16.plan.throughput.mfu < 24.0 / 65);
  const PlanOutput a10 = MakePlan(testing::FromLink("#v=1&model=llama3.2-1b&method=qlora&gpu=a10&gpus=1&seq=2048"));
  REQUIRE(a10.ok);
  CHECK(a10.job.work.prec == Precision::Bf16);
  CHECK(prec_notice(a10).key.empty());
}

}  // namespace step_finetune_test
