// memory_code_test.cpp — what the code that runs does to memory beyond its layers (issue #28): the caching
// allocator's reserve by the stack's launcher, method and release and by the batches' shapes (the padding key), the
// loss as each code computes it by release (torchtitan's compiled loss from 2025 and its loss_parallel with tensor
// parallelism, Unsloth's Cut Cross-Entropy before 2025, Qwen v1's remote code with and without autocast), the
// gathered 16-bit embedding and head of QLoRA under FSDP, FlashAttention-2's GQA backward buffers, and what a MoE
// layer keeps of each routed copy of a token, by code and release.
#include <catch2/catch.hpp>

#include <string>

#include "memory.h"
#include "model.h"
#include "planner.h"
#include "saves.h"
#include "stack.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace memory_code_test {

using namespace tp;
using tp::testing::PlanLink;

TEST_CASE("the allocator's reserve follows the launcher, the method, the release and the shapes", "[memory]") {
  // torchtitan's launch scripts set expandable segments for FSDP's full training; FSDP with PEFT (fsdp_qlora,
  // Accelerate) and the Trainer do not; released torchtune does not (only main since 2025-06-20); Unsloth does.
  CHECK(ExpandableSegments(StackKind::Fsdp, Method::Full, 2024));
  CHECK_FALSE(ExpandableSegments(StackKind::Fsdp, Method::Qlora, 2024));
  CHECK_FALSE(ExpandableSegments(StackKind::Hf, Method::Lora, 2026));
  CHECK_FALSE(ExpandableSegments(StackKind::Torchtune, Method::Lora, 2025));
  CHECK(ExpandableSegments(StackKind::Unsloth, Method::Qlora, 2024));
  CHECK(AllocatorReserve(true, Padding::Longest) == Approx(1.05));
  CHECK(AllocatorReserve(false, Padding::MaxLength) == Approx(1.10));
  CHECK(AllocatorReserve(false, Padding::Longest) == Approx(1.5));
  // The same LoRA plan padded to the longest sample reserves more than padded to seq, and the same tensors.
  const std::string link =
      "#v=1&model=llama3-8b&method=lora&stack=hf&gpu=a100-80g&gpus=1&mbs=2&seq=4096&recompute=full";
  const PlanOutput longest = PlanLink(link);
  const PlanOutput fixed = PlanLink(link + "&padding=max_length");
  CHECK(longest.job.work.padding == Padding::Longest);
  CHECK(longest.job.assume.alloc_reserve == Approx(1.5));
  CHECK(fixed.job.assume.alloc_reserve == Approx(1.10));
  CHECK(longest.plan.memory.allocated == Approx(fixed.plan.memory.allocated));
  CHECK(longest.plan.memory.reserved > fixed.plan.memory.reserved);
}

TEST_CASE("the loss as each code computes it, by release", "[memory]") {
  LayerRun run;
  // torchtitan: 12 B per logit; compiled from 2025 (build_cross_entropy_loss) 4 B; loss_parallel adds 4 B with TP.
  run.compiled = true, run.year = 2024;
  CHECK(LossOf(ModelCode::Torchtitan, run).logit_peak == 12);
  CHECK(LossOf(ModelCode::Torchtitan, run).tp_extra == 4);
  CHECK(LossOf(ModelCode::Torchtitan, run).head_input_gathered);
  run.year = 2025;
  CHECK(LossOf(ModelCode::Torchtitan, run).logit_peak == 4);
  // Unsloth: Cut Cross-Entropy before 2025 (no logits), its chunked fused loss since.
  run.compiled = false, run.year = 2024;
  CHECK(LossOf(ModelCode::Unsloth, run).logit_peak == 0);
  run.year = 2025;
  CHECK(LossOf(ModelCode::Unsloth, run).logit_peak == 10);
  CHECK(LossOf(ModelCode::Unsloth, run).logit_cap > 0);
  // Qwen v1's remote code: fp32 only through autocast (the Trainer's bf16=True), 16-bit under DeepSpeed.
  run.autocast = true;
  CHECK(LossOf(ModelCode::Qwen1, run).logit_peak == 12);
  run.autocast = false;
  CHECK(LossOf(ModelCode::Qwen1, run).logit_peak == 6);
  const PlanOutput ds =
      PlanLink("#v=1&model=llama3-8b&method=lora&stack=deepspeed&modeling=qwen1&gpu=a100-80g&gpus=1&seq=2048");
  const PlanOutput hf =
      PlanLink("#v=1&model=llama3-8b&method=lora&stack=hf&modeling=qwen1&gpu=a100-80g&gpus=1&seq=2048");
  CHECK(ds.job.assume.logit_bytes == 6);
  CHECK(hf.job.assume.logit_bytes == 12);
  // With tensor parallelism torchtitan's loss_parallel holds more per logit than the local loss would.
  const std::string tt =
      "#v=1&model=llama3-8b&stack=fsdp&gpu=h100&gpus=8&zero=3&pp=1&cp=1&mbs=1&seq=8192&recompute=full";
  const PlanOutput tp1 = PlanLink(tt + "&tp=1"), tp8 = PlanLink(tt + "&tp=8&sp=1");
  const double vocab = tp1.job.model.vocab, tokens = 8192;
  CHECK(tp8.plan.memory.activations > tp1.plan.memory.activations / 8 + 4 * tokens * vocab / 8 * 0.9);
}

TEST_CASE("Megatron-Core from 2025 gates the experts inside their activation and keeps no expert output", "[memory]") {
  // Per routed copy: the permuted input always; the expert's output only where the combine multiplies it by the gate
  // (Megatron-Core before core_v0.13.0, the other codes); Megatron-Core since then keeps the fp32 gate instead.
  const LayerShape expert{.h = 2048, .q = 2048, .k = 512, .v = 512, .o = 2048, .heads = 32, .f = 768, .swiglu = true};
  LayerRun run;
  run.year = 2024;
  CHECK(RoutedCopySaves(ModelCode::Megatron, expert, run) == 2 * 2 * 2048);
  run.year = 2025;
  CHECK(RoutedCopySaves(ModelCode::Megatron, expert, run) == 2 * 2048 + 4);
  CHECK(RoutedCopySaves(ModelCode::Transformers, expert, run) == 2 * 2 * 2048);
  // torchtitan weights an fp32 copy of the output: 4 B eager, the 16-bit output once compiled.
  CHECK(RoutedCopySaves(ModelCode::Torchtitan, expert, run) == (2 + 4) * 2048);
  run.compiled = true;
  CHECK(RoutedCopySaves(ModelCode::Torchtitan, expert, run) == 2 * 2 * 2048);
  run.compiled = false;
  run.fp8_inputs = true;  // FP8: the first expert GEMM keeps a 1-byte copy of its input
  CHECK(RoutedCopySaves(ModelCode::Megatron, expert, run) == 2048 + 4);
  // A frozen base (LoRA, QLoRA) trains no expert GEMM and no router: no permuted input, no output, the gate alone.
  run.fp8_inputs = false;
  run.trains_base = false;
  CHECK(RoutedCopySaves(ModelCode::Megatron, expert, run) == 4);
  CHECK(RoutedCopySaves(ModelCode::Transformers, expert, run) == 2);
  run.trains_base = true;
  // While the layer runs: Transformers' experts loop (one expert's share and the accumulator), Megatron's permute
  // every routed copy at once.
  const double routed = 8, experts = 128;
  CHECK(MoeDispatchBytes(ModelCode::Megatron, expert, run, routed, experts) == 2 * 2 * 8 * 2048);
  CHECK(MoeDispatchBytes(ModelCode::Transformers, expert, run, routed, experts) ==
        Approx(2 * 2048 + 8.0 / 128 * 2 * (2 * 2048 + 2 * 768)));
  // Through the planner: one GPU holding every expert (the mean routing), no pipeline, no recomputation; the two
  // releases differ by the expert outputs of every routed copy of every token in every MoE layer.
  const std::string link =
      "#v=1&model=qwen3-30b-a3b&stack=megatron&gpu=h100&gpus=1&tp=1&pp=1&ep=1&mbs=1&seq=4096&recompute=none";
  const PlanOutput old = PlanLink(link + "&stack_year=2024"), now = PlanLink(link + "&stack_year=2025");
  const ParamCounts pc = CountParams(now.job.model);
  REQUIRE(pc.moe_layers > 0);
  const double outputs = double(pc.moe_layers) * 4096 * pc.topk * (2.0 * now.job.model.hidden - 4);
  CHECK(old.plan.memory.activations - now.plan.memory.activations == Approx(outputs).epsilon(0.01));
}

TEST_CASE("Megatron's frozen GEMMs keep no inputs under LoRA, NeMo's adapters keep theirs", "[memory]") {
  // Transformer Engine saves a GEMM's input only for its weight's gradient (backward_needs_input = is_grad_enabled and
  // weight.requires_grad): a frozen base keeps the norms' inputs, attention's q, k, v and output and the SwiGLU input.
  const LayerShape s{.h = 1024, .q = 1024, .k = 256, .v = 256, .o = 1024, .heads = 8, .f = 4096, .swiglu = true};
  LayerRun full;
  const LayerSaves f = SavedPerLayer(ModelCode::Megatron, s, full);
  LayerRun lora = full;
  lora.trains_base = false;
  lora.lora_r = 16;
  lora.lora = kLoraQ | kLoraK | kLoraV | kLoraO;  // NeMo's linear_qkv and linear_proj, as MLPerf's LoRA targets
  const LayerSaves l = SavedPerLayer(ModelCode::Megatron, s, lora);
  CHECK(f.residual - l.residual == 2 * 2 * 1024);  // the two normed outputs, kept by the trained GEMMs only
  CHECK(f.mlp - l.mlp == 2 * 4096);                // fc2's input
  // One adapter for the fused qkv, fed the normed output (kept), one for proj, fed the attention output that core
  // attention keeps anyway; each keeps its rank-wide middle.
  CHECK(l.attn - f.attn == 2 * 1024 + 2 * 2 * 16);
  // Dropout before the adapters (MLPerf's 0.1): a mask and the dropped copy per adapter instead.
  lora.lora_dropout = true;
  CHECK(SavedPerLayer(ModelCode::Megatron, s, lora).attn - f.attn == 3 * (1024 + 1024) + 2 * 2 * 16);
  // The MLP's adapters: fc1's fed the normed output, fc2's the SwiGLU output the frozen fc2 does not keep.
  lora.lora_dropout = false;
  lora.lora = kLoraGate | kLoraUp | kLoraDown;
  CHECK(SavedPerLayer(ModelCode::Megatron, s, lora).mlp - l.mlp == 2 * 1024 + 2 * 4096 + 2 * 2 * 16);
}

// What offload leaves on the host, per node, by the code that offloads: DeepSpeed its fp32 gradients beside the
// optimizer states and parameters, with its estimator's buffer factor 1.5; FSDP2's CPUOffloadPolicy (torchtune) the
// shards themselves, its gradients in bf16 as it trains.
TEST_CASE("offload's host memory is what the framework keeps there", "[memory]") {
  const std::string link =
      "#v=1&model=llama3.1-70b&method=full&gpu=a100-80g&gpus=8&tp=1&pp=1&cp=1&zero=3&offload=cpu&recompute=full&"
      "seq=2048&mbs=2&gbs=16";
  const PlanOutput tune = PlanLink(link + "&stack=torchtune"), ds = PlanLink(link + "&stack=deepspeed");
  const double p = CountParams(tune.job.model).total;
  CHECK(tune.job.assume.offload_host_factor == 1.0);
  CHECK(ds.job.assume.offload_host_factor == 1.5);
  // torchtune: bf16 weights, bf16 gradients, bf16 AdamW moments (2 + 2 + 4 B); DeepSpeed: 16-bit weights, fp32
  // gradients, fp32 master and moments (2 + 4 + 12 B).
  CHECK(tune.plan.memory.host_bytes == Approx(8 * p).epsilon(0.01));
  CHECK(ds.plan.memory.host_bytes == Approx(1.5 * 18 * p).epsilon(0.01));
  // torchtune's 70B full fine-tune with CPU offload on 8 A100s (its README: 13.9 GiB a GPU) fits a DGX A100's 1 TB.
  CHECK(tune.plan.memory.fits);
}

TEST_CASE("QLoRA under FSDP gathers the embedding and head in 16 bits, together under FSDP1's root", "[memory]") {
  const std::string link =
      "#v=1&model=llama2-7b&method=qlora&stack=fsdp&gpu=rtx3090&gpus=2&tp=1&pp=1&zero=3&mbs=1&seq=512"
      "&recompute=full";
  const PlanOutput fsdp1 = PlanLink(link);  // Transformers + PEFT: the root holds embedding, norm and head
  const PlanOutput fsdp2 = PlanLink(link + "&modeling=torchtune");
  const double emb = fsdp1.job.model.vocab * fsdp1.job.model.hidden;
  // Llama 2 7B: the root unit is two 16-bit 131M matrices, 524 MB, more than an NF4 block (about 100 MB) and more
  // than the embedding unit alone that separate wrapping gathers.
  CHECK(fsdp1.plan.memory.gathered > 2 * 2 * emb);
  CHECK(fsdp2.plan.memory.gathered > 2 * emb);
  CHECK(fsdp2.plan.memory.gathered < fsdp1.plan.memory.gathered);
}

TEST_CASE("FlashAttention-2's backward writes GQA's dk and dv at the query heads' width", "[memory]") {
  LayerShape gqa, mha;
  gqa.h = mha.h = 4096, gqa.q = mha.q = gqa.o = mha.o = 4096, gqa.heads = mha.heads = 32;
  gqa.k = gqa.v = 1024, mha.k = mha.v = 4096;
  gqa.f = mha.f = 1000;  // a narrow MLP, so that attention's working set is the larger
  LayerRun run;
  // MHA: the incoming gradient, dO, dq, dk, dv in bf16 and dq_accum, softmax_d in fp32.
  CHECK(BackwardWorkingSet(mha, run) == Approx(2 * 4096 + 2 * (4096 + 3 * 4096) + 4 * 4096 + 4 * 32));
  // GQA: dk and dv at kv width and, first, at the query heads' width (dk_expanded, dv_expanded).
  CHECK(BackwardWorkingSet(gqa, run) == Approx(2 * 4096 + 2 * (4096 + 4096 + 2048) + 2 * 8192 + 4 * 4096 + 4 * 32));
}

TEST_CASE("Qwen (v1)'s QLoRA trains on AutoGPTQ's int4 base, which keeps a layer's dequantized weights", "[memory]") {
  // finetune.py loads the Int4 GPTQ checkpoint for q_lora; AutoGPTQ's QuantLinear (qlinear_cuda_old.py) multiplies
  // a micro-batch of 128 rows or more by the fp16 weight it has just dequantized, which autograd keeps for the input
  // gradient: under full recomputation one layer's worth, 2 B per weight, in the backward; fewer rows run its CUDA
  // kernel outside autograd.
  const std::string link =
      "#v=1&model=llama2-7b&method=qlora&stack=hf&gpu=a100-80g&gpus=1&mbs=1&recompute=full"
      "&padding=max_length&kbit_prep=0";
  const PlanOutput gptq = PlanLink(link + "&seq=256&modeling=qwen1");
  const PlanOutput nf4 = PlanLink(link + "&seq=256&modeling=transformers");
  CHECK(gptq.job.work.gptq_base);
  CHECK_FALSE(nf4.job.work.gptq_base);
  CHECK_FALSE(PlanLink("#v=1&model=llama2-7b&method=lora&stack=hf&modeling=qwen1").job.work.gptq_base);
  const double block = gptq.job.facts.pc.dense_block;
  // The same model code with and without the GPTQ base: the backward holds one layer's fp16 weights more.
  Job job = gptq.job;
  Layout lay = gptq.plan.layout;
  const MemoryBreakdown with = EstimateMemory(job, lay);
  job.work.gptq_base = false;
  const MemoryBreakdown without = EstimateMemory(job, lay);
  // (at most that: the loss's phase, which holds no such weights, may be the larger one without them)
  CHECK(with.activations - without.activations <= 2 * block * 1.0001);
  CHECK(with.activations - without.activations >= 0.85 * 2 * block);
  // 64 rows: the CUDA kernel, nothing kept.
  job.work.seq = 64;
  const double short_nf4 = EstimateMemory(job, lay).activations;
  job.work.gptq_base = true;
  CHECK(EstimateMemory(job, lay).activations == Approx(short_nf4));
}

}  // namespace memory_code_test
