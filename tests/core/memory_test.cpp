// memory_test.cpp — the memory model: the published memory cases (ZeRO paper, torchtune on an RTX 4090,
// QLoRA 65B on 48 GB) built directly from each case's configuration and also planned through MakePlan;
// Korthikanti's per-layer activation formula; how each technique moves memory; the largest micro-batch
// and sequence; offload host memory; the articles' table; bad input; and the speed of one evaluation.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

#include "catalog.h"
#include "json.h"
#include "memory.h"
#include "model.h"
#include "planner.h"
#include "presets.h"
#include "rules.h"
#include "stack.h"
#include "test_data.h"
#include "validation.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace memory_test {

using namespace tp;
using tp::testing::ReadTestData;

namespace {

constexpr double kGiB = 1024.0 * 1024 * 1024;

bool IsMemoryCase(const std::string& id) {
  return id.rfind("zero-paper-", 0) == 0 || id.rfind("torchtune-4090-", 0) == 0 || id.rfind("qlora-65b", 0) == 0;
}

// torchtune's Llama 3 8B LoRA recipe (its README's RTX 4090 row).
Job Llama8bLora() {
  static GpuSpec gpu;
  gpu.mem_bytes = 24 * kGiB;
  Job job;
  job.stack = FindStack("torchtune");
  job.model = FindModel("llama3-8b")->arch;
  job.hw.gpu = &gpu;
  job.work.seq = 2048;
  job.work.method = Method::Lora;
  job.work.lora_r = 8;
  RefreshFacts(job);
  return job;
}

// One GPT layer's activations: the difference between two and one layer, vocabulary 0.
double OneLayer(Job job, Layout lay) {
  job.model.vocab = 0;
  job.model.layers = 2;
  RefreshFacts(job);
  const double two = EstimateMemory(job, lay).activations;
  job.model.layers = 1;
  RefreshFacts(job);
  return two - EstimateMemory(job, lay).activations;
}

}  // namespace

TEST_CASE("published memory cases, planned through MakePlan like a user's link", "[memory]") {
  // Each case's configuration plus what its source states (the framework among it): validation.cpp's
  // runner, which plans exactly as a link does. Every memory case within its tolerance but the ZeRO
  // paper's stage 3, whose accounting (16 B / N) leaves out the fp32 gradient partition DeepSpeed's own
  // estimator counts (18 B / N, stage3.py): published_setups.json says so.
  std::string error;
  const auto results = RunValidationCases(ReadTestData("cases.json"), ReadTestData("published_setups.json"), &error);
  REQUIRE(error.empty());
  int n = 0;
  for (const CaseResult& r : results) {
    if (!IsMemoryCase(r.id)) continue;
    ++n;
    INFO(r.id << " " << r.metric << ": predicted " << r.predicted << ", published " << r.measured);
    CHECK(r.ok);
    if (r.id == "zero-paper-7.5b-stage3")
      CHECK(r.predicted == Approx(18 * 7.5 / 64));
    else
      CHECK(r.within);
  }
  CHECK(n == 7);
}

TEST_CASE("ZeRO stages shard the model states as DeepSpeed and Megatron keep them", "[memory]") {
  // DeepSpeed in fp16 (the ZeRO paper's setting): the paper's (2 + 2 + K) psi with K = 12, plus the fp32
  // gradient partition DeepSpeed builds at the step from ZeRO-1 on (estimate_zero2_model_states_mem_needs:
  // "18 = 2 grads16 + 4 grads32 + 4 params32 + 8 states"; stage 3: 18 psi / N).
  Job job;
  job.stack = FindStack("deepspeed");
  job.model.params_total = 7.5e9;
  job.work.prec = Precision::Fp16;
  RefreshFacts(job);
  Layout lay;
  lay.dp = 64;
  const double psi = 7.5e9, n = 64;
  const double expect[4] = {16 * psi, 4 * psi + 16 * psi / n, 2 * psi + 18 * psi / n, 18 * psi / n};
  for (int z = 0; z < 4; ++z) {
    lay.zero = z;
    const MemoryBreakdown m = EstimateMemory(job, lay);
    INFO("zero " << z);
    CHECK(m.model_states == Approx(expect[z]));
    CHECK(m.activations == 0);  // size-only model: no architecture, no activations
  }
  // bf16 without ZeRO up to 2024: the BF16_Optimizer's bf16 gradients beside its full fp32 buffer and its dp-sharded
  // master: 8 + 12/N; from 2025 FP16_Optimizer in bf16, 16 (stacks.cpp DeepSpeedWithoutZero).
  job.work.prec = Precision::Bf16;
  job.stack_year = 2024;
  lay.zero = 0;
  CHECK(EstimateMemory(job, lay).model_states == Approx(8 * psi + 12 * psi / n));
  job.stack_year = 2025;
  CHECK(EstimateMemory(job, lay).model_states == Approx(16 * psi));
  // Megatron: 18 B, 6 + 12/d with the distributed optimizer (theoretical_memory_usage.py), fp32 main
  // gradients never sharded by it; context parallelism joins the group it shards over (dp x cp).
  job.stack = FindStack("megatron");
  CHECK(EstimateMemory(job, lay).model_states == Approx(18 * psi));
  lay.zero = 1;
  CHECK(EstimateMemory(job, lay).model_states == Approx(6 * psi + 12 * psi / n));
  lay.dp = 8;
  lay.cp = 8;
  CHECK(EstimateMemory(job, lay).optimizer == Approx(12 * psi / 64));
  // FSDP: fp32 sharded parameters, gradients and states, 16 / N; pure-bf16 stacks 8 / N.
  lay = Layout{};
  lay.dp = 64;
  lay.zero = 3;
  job.stack = FindStack("fsdp");
  CHECK(EstimateMemory(job, lay).model_states == Approx(16 * psi / n));
  job.stack = FindStack("torchtune");
  CHECK(EstimateMemory(job, lay).model_states == Approx(8 * psi / n));
  // Precision and optimizer (Megatron): pure fp32 AdamW 4+4+8, 8-bit AdamW 2+4+(4+2.03: bitsandbytes' uint8 states
  // and an fp32 absmax per 256 of each), SGD 2+4+(4+4).
  lay = Layout{};
  job.stack = FindStack("megatron");
  job.work.prec = Precision::Fp32;
  CHECK(EstimateMemory(job, lay).model_states == Approx(16 * psi));
  job.work.prec = Precision::Bf16;
  job.work.opt = Optimizer::AdamW8bit;
  CHECK(EstimateMemory(job, lay).model_states == Approx((12 + 8.0 / 256) * psi));
  job.work.opt = Optimizer::Sgd;
  CHECK(EstimateMemory(job, lay).model_states == Approx(14 * psi));
}

TEST_CASE("activations follow Korthikanti et al. per layer", "[memory]") {
  // GPT-3-like layer (GELU, dropout, ffn 4h), 16-bit: sbh(34 + 5as/h) without parallelism,
  // sbh(10 + 24/t + 5as/(ht)) with tensor parallelism, sbh/t (34 + 5as/h) with sequence parallelism,
  // 34sbh/t with selective recomputation.
  Job job;
  job.model = FindModel("gpt3-175b")->arch;
  job.work.flash = false;
  job.work.seq = 2048;
  job.work.dropout = 0.1;  // Korthikanti's counts include the dropout masks
  Layout lay;
  lay.mbs = 2;
  lay.recompute = Recompute::None;
  // Transformer Engine's fused norms also keep rsigma, fp32 per token, twice a layer: 8 B per token beside them.
  const double s = 2048, b = 2, h = 12288, a = 96, sbh = s * b * h, rsigma = 8 * s * b;
  CHECK(OneLayer(job, lay) == Approx(sbh * (34 + 5 * a * s / h) + rsigma));
  lay.tp = 8;
  CHECK(OneLayer(job, lay) == Approx(sbh * (10 + 24.0 / 8 + 5 * a * s / (h * 8)) + rsigma));
  lay.sp = true;
  CHECK(OneLayer(job, lay) == Approx(sbh / 8 * (34 + 5 * a * s / h) + rsigma / 8));
  lay.recompute = Recompute::Selective;
  CHECK(OneLayer(job, lay) == Approx(34 * sbh / 8 + rsigma / 8));
  // Full recomputation keeps each layer's input, 2sbh (/t with SP), once the model has many layers.
  lay.recompute = Recompute::Full;
  job.model.vocab = 0;
  job.model.layers = 10;
  RefreshFacts(job);
  const double ten = EstimateMemory(job, lay).activations;
  job.model.layers = 20;
  RefreshFacts(job);
  CHECK(EstimateMemory(job, lay).activations - ten == Approx(10 * 2 * sbh / 8));
  // FlashAttention removes the s^2 scores: the layer drops to 34 sbh + the fp32 log-sum-exp.
  job.work.flash = true;
  lay.recompute = Recompute::None;
  lay.tp = 1;
  lay.sp = false;
  CHECK(OneLayer(job, lay) == Approx(34 * sbh + 4 * a * s * b + rsigma));
}

TEST_CASE("each technique moves memory the way it should", "[memory]") {
  const Job base = [] {
    Job j;
    j.model = FindModel("llama2-70b")->arch;
    static GpuSpec gpu;
    gpu.mem_bytes = 80e9;
    j.hw.gpu = &gpu;
    j.hw.gpus = 64;
    j.work.seq = 4096;
    RefreshFacts(j);
    return j;
  }();
  Layout lay;
  lay.tp = 8;
  lay.pp = 2;
  lay.dp = 4;
  lay.sp = true;
  lay.zero = 1;
  lay.recompute = Recompute::Selective;
  const MemoryBreakdown ref = EstimateMemory(base, lay);
  CHECK(ref.fits);
  CHECK(ref.total == Approx(ref.weights + ref.gradients + ref.optimizer + ref.activations + ref.other));
  CHECK(ref.usable == Approx(80e9));  // headroom 0: the allocator's reserve is in the total
  // nvidia-smi's figure = the allocator's reserve + CUDA context + NCCL; reserved >= allocated.
  CHECK(ref.reserved > ref.allocated);
  CHECK(ref.total == Approx(ref.reserved + 1e9 * (base.assume.cuda_context_gb + base.assume.nccl_gb)));

  // Tensor parallelism halves weights per GPU when doubled (norms aside).
  Layout t4 = lay;
  t4.tp = 4;
  t4.dp = 8;
  CHECK(EstimateMemory(base, t4).weights / ref.weights == Approx(2).epsilon(0.01));
  // More pipeline stages, fewer layers per GPU; the first stage still holds p micro-batches, so its
  // activations stay about L layers' worth (Korthikanti sec. 4.2.3).
  Layout p4 = lay;
  p4.pp = 4;
  p4.dp = 2;
  const MemoryBreakdown m4 = EstimateMemory(base, p4);
  CHECK(m4.weights < 0.6 * ref.weights);
  CHECK(m4.activations == Approx(ref.activations).epsilon(0.15));
  // Interleaving adds 1 + (p-1)/(p v) on the first stage.
  Layout vi = p4;
  vi.vp = 2;
  CHECK(EstimateMemory(base, vi).activations > m4.activations * 1.3);
  // Recompute: none > selective > full.
  Layout none = lay, full = lay;
  none.recompute = Recompute::None;
  full.recompute = Recompute::Full;
  Job noflash = base;
  noflash.work.flash = false;
  CHECK(EstimateMemory(noflash, none).activations > EstimateMemory(noflash, lay).activations);
  CHECK(EstimateMemory(base, full).activations < 0.2 * ref.activations);
  // Micro-batch scales activations linearly.
  Layout mb2 = lay;
  mb2.mbs = 2;
  CHECK(EstimateMemory(base, mb2).activations == Approx(2 * ref.activations));
  // ZeRO-3 shards weights too and gathers two blocks at a time (that is in "other").
  Layout z3 = lay;
  z3.pp = 1;
  z3.dp = 8;
  z3.zero = 3;
  const MemoryBreakdown mz3 = EstimateMemory(base, z3);
  CHECK(mz3.weights < ref.weights / 3);  // 1/(2 x 8 / 2): pp 2 -> 1, ZeRO-3 over 8
  CHECK(mz3.other > ref.other);
  // LoRA: frozen base, tiny adapter states; QLoRA: 4-bit base.
  Job lora = base;
  lora.work.method = Method::Lora;
  const MemoryBreakdown ml = EstimateMemory(lora, lay);
  CHECK(ml.gradients + ml.optimizer < 0.02 * (ref.gradients + ref.optimizer));
  Job qlora = base;
  qlora.work.method = Method::Qlora;
  const MemoryBreakdown mq = EstimateMemory(qlora, lay);
  CHECK(mq.weights / ml.weights == Approx(0.27).epsilon(0.1));
  // Mixed precision vs pure fp32: fp32 doubles weights, gradients and activations.
  Job fp32 = base;
  fp32.work.prec = Precision::Fp32;
  const MemoryBreakdown mf = EstimateMemory(fp32, lay);
  CHECK(mf.weights == Approx(2 * ref.weights));
  CHECK(mf.activations > 1.9 * ref.activations);
}

// Llama 2 13B on one node of eight 80 GB GPUs: the offload tests' job.
Job Llama13bOnOneNode() {
  Job job;
  job.model = FindModel("llama2-13b")->arch;
  RefreshFacts(job);
  job.hw.gpus = 8;
  job.hw.gpus_per_node = 8;
  static GpuSpec gpu;
  gpu.mem_bytes = 80e9;
  job.hw.gpu = &gpu;
  return job;
}

TEST_CASE("offload moves optimizer states to the host and says how much host memory", "[memory]") {
  Job job = Llama13bOnOneNode();
  job.stack = FindStack("deepspeed");  // ZeRO-Offload's own rules
  Layout lay;
  lay.dp = 8;
  lay.zero = 2;
  const MemoryBreakdown on_gpu = EstimateMemory(job, lay);
  lay.offload = Offload::Cpu;
  const MemoryBreakdown cpu = EstimateMemory(job, lay);
  const double p = CountParams(job.model).total;
  CHECK(cpu.optimizer == 0);
  CHECK(cpu.gradients == 0);
  CHECK(cpu.weights == on_gpu.weights);
  // Per node: 8 GPUs x (12 B optimizer + 4 B fp32 gradient) x P/8, times DeepSpeed's 1.5.
  CHECK(cpu.host_bytes == Approx(1.5 * 16 * p));
  // ZeRO-3 offload (ZeRO-Infinity): parameters leave too, DeepSpeed's 18 B/param x 1.5 per node.
  lay.zero = 3;
  const MemoryBreakdown z3 = EstimateMemory(job, lay);
  CHECK(z3.weights == 0);
  CHECK(z3.host_bytes == Approx(1.5 * 18 * p));
  lay.offload = Offload::Nvme;
  const MemoryBreakdown nv = EstimateMemory(job, lay);
  CHECK(nv.nvme_bytes == Approx(14 * p));
  CHECK(nv.host_bytes < z3.host_bytes);
}

// Where the gradients are when the optimizer steps on the host (memory_states.cpp OffloadKeepsGradients): DeepSpeed's
// ZeRO-2 moves each reduced bucket's partition out during the backward, its ZeRO-1 reduces the whole 16-bit gradients
// after the backward (stage_1_and_2.py: no gradient hooks at stage 1 without overlap_comm), and Megatron-Core's CPU
// optimizer copies the shards out of a gradient buffer that stays on the GPU (HybridDeviceOptimizer).
TEST_CASE("offload: the gradients stay on the GPU where the framework reduces them there", "[memory]") {
  Job job = Llama13bOnOneNode();
  auto gradients = [&](const char* stack, int zero, Offload offload) {
    job.stack = FindStack(stack);
    Layout lay;
    lay.dp = 8;
    lay.zero = zero;
    lay.offload = offload;
    return EstimateMemory(job, lay).gradients;
  };
  const double p = CountParams(job.model).total;
  // DeepSpeed ZeRO-1: the whole 16-bit gradients, with or without the offload; ZeRO-2: none left under it.
  CHECK(gradients("deepspeed", 1, Offload::Cpu) == Approx(gradients("deepspeed", 1, Offload::None)));
  CHECK(gradients("deepspeed", 1, Offload::Cpu) >= 2 * p * 0.99);
  CHECK(gradients("deepspeed", 2, Offload::None) > 0);
  CHECK(gradients("deepspeed", 2, Offload::Cpu) == 0);
  CHECK(gradients("deepspeed", 3, Offload::Cpu) == 0);
  // Megatron-Core: its gradient buffer either way.
  CHECK(gradients("megatron", 1, Offload::Cpu) == Approx(gradients("megatron", 1, Offload::None)));
  CHECK(gradients("megatron", 1, Offload::Cpu) > 0);
}

TEST_CASE("largest micro-batch and longest sequence are where the memory runs out", "[memory]") {
  Job job = Llama8bLora();
  job.work.flash = false;  // quadratic in s: the sequence solve must handle it
  Layout lay;
  lay.mbs = 1;
  lay.recompute = Recompute::Full;
  const MemoryBreakdown m = EstimateMemory(job, lay);
  REQUIRE(m.max_micro_batch >= 1);
  Layout at = lay, over = lay;
  at.mbs = m.max_micro_batch;
  over.mbs = m.max_micro_batch + 1;
  CHECK(EstimateMemory(job, at).fits);
  CHECK_FALSE(EstimateMemory(job, over).fits);
  Job at_seq = job, over_seq = job;
  at_seq.work.seq = m.max_seq;
  over_seq.work.seq = int(m.max_seq * 1.01) + 1;
  CHECK(EstimateMemory(at_seq, lay).fits);
  CHECK_FALSE(EstimateMemory(over_seq, lay).fits);
  // A job that does not fit at all has no micro-batch that fits.
  Job full = job;
  full.work.method = Method::Full;
  const MemoryBreakdown mf = EstimateMemory(full, lay);
  CHECK_FALSE(mf.fits);
  CHECK(mf.max_micro_batch == 0);
}

TEST_CASE("QLoRA's paged optimizer spills to host memory instead of failing", "[memory]") {
  Job job = Llama8bLora();
  job.work.method = Method::Qlora;
  job.work.lora_r = 512;  // oversized adapters: their AdamW states crowd the GPU
  static GpuSpec small;
  small.mem_bytes = 16 * kGiB;
  job.hw.gpu = &small;
  Layout lay;
  lay.recompute = Recompute::Full;
  const MemoryBreakdown m = EstimateMemory(job, lay);
  CHECK(m.host_bytes > 0);
  CHECK(m.total <= m.usable + 1);
  CHECK(m.fits);
}

TEST_CASE("the articles' memory table, reproduced with the assumptions that give it", "[memory]") {
  // 000_*.txt: BERT-base about 4 GB, GPT-2 1.5B about 12 GB, GPT-3 175B about 560 GB "(FP16)".
  // BERT's 4 GB is full mixed-precision AdamW training at BERT's 128-token phase, micro-batch 32.
  // GPT-2's and GPT-3's are 16-bit weights plus the activations of one full-context sequence
  // (materialized attention, no recomputation) with no gradients or optimizer states at all: a
  // frozen model (LoRA with rank 0 in the engine). See docs/memory.md.
  static GpuSpec big;
  big.mem_bytes = 1e15;
  // The classic mixed-precision accounting they use is DeepSpeed's fp16 (2 + 2 + 12 B/param without ZeRO);
  // GPT and BERT train with dropout 0.1; the articles count no allocator reserve.
  auto run = [&](const char* id, Method method, int seq, int mbs, Recompute rc, bool flash) {
    Job j;
    j.stack = FindStack("deepspeed");
    j.work.dropout = 0.1;
    j.assume.alloc_reserve = 1;
    j.model = FindModel(id)->arch;
    j.hw.gpu = &big;
    j.work.method = method;
    j.work.lora_r = 0;
    j.work.prec = Precision::Fp16;
    j.work.seq = seq;
    j.work.flash = flash;
    Layout l;
    l.mbs = mbs;
    l.recompute = rc;
    RefreshFacts(j);
    return EstimateMemory(j, l);
  };
  CHECK(run("bert-base", Method::Full, 128, 32, Recompute::None, false).total / 4e9 == Approx(1).epsilon(0.10));
  CHECK(run("gpt2-1.5b", Method::Lora, 1024, 1, Recompute::None, false).total / 12e9 == Approx(1).epsilon(0.10));
  CHECK(run("gpt3-175b", Method::Lora, 2048, 1, Recompute::None, false).total / 560e9 == Approx(1).epsilon(0.15));
  // A realistic setup for training them (full mixed-precision AdamW, FlashAttention, selective
  // recomputation, micro-batch 1): GPT-2 1.5B no longer fits a 24 GB card, GPT-3 needs ~5x the table.
  const MemoryBreakdown gpt2 = run("gpt2-1.5b", Method::Full, 1024, 1, Recompute::Selective, true);
  CHECK(gpt2.total > 24e9);
  const MemoryBreakdown gpt3 = run("gpt3-175b", Method::Full, 2048, 1, Recompute::Selective, true);
  CHECK(gpt3.total > 4.5 * 560e9);
  CHECK(gpt3.model_states == Approx(16 * CountParams(FindModel("gpt3-175b")->arch).total));
}

TEST_CASE("MoE experts are sharded by expert parallelism, DeepSeek-V3 on its published layout", "[memory]") {
  Job job;
  job.model = FindModel("deepseek-v3")->arch;
  RefreshFacts(job);
  job.work.seq = 4096;
  job.hw.gpus = 2048;
  static GpuSpec h800;
  h800.mem_bytes = 80e9;
  job.hw.gpu = &h800;
  // DeepSeek-V3 tech report sec. 3.2: 16-way pipeline, 64-way expert parallelism over 8 nodes,
  // ZeRO-1 data parallelism, no tensor parallelism, on 2048 H800s.
  Layout lay;
  lay.pp = 16;
  lay.ep = 64;
  lay.dp = 128;
  lay.zero = 1;
  lay.recompute = Recompute::Selective;
  const MemoryBreakdown m = EstimateMemory(job, lay);
  Layout ep8 = lay;
  ep8.ep = 8;
  CHECK(EstimateMemory(job, ep8).total > m.total);
  // With bf16 activations and only selective recomputation the MoE activations of 15 micro-batches in
  // flight overflow 80 GB; DeepSeek recomputes norms and MLA up-projections (the latter recompute_mla_up) and
  // caches activations in FP8 (sec. 3.2.3, 3.3), which TrainPlan does not model. Full recomputation fits.
  CHECK_FALSE(m.fits);
  Layout full = lay;
  full.recompute = Recompute::Full;
  CHECK(EstimateMemory(job, full).fits);
  Layout no_ep = lay;
  no_ep.ep = 1;  // every GPU holding all 256 experts of its layers cannot fit
  CHECK_FALSE(EstimateMemory(job, no_ep).fits);
  CHECK(EstimateMemory(job, no_ep).weights > 8 * m.weights);
}

TEST_CASE("bad input gives finite numbers, never a crash", "[memory]") {
  Job job;
  Layout lay;
  MemoryBreakdown m = EstimateMemory(job, lay);  // no GPU, empty model
  CHECK(m.capacity == 0);
  CHECK_FALSE(m.fits);
  CHECK(m.max_micro_batch == 0);
  job.model.layers = 4;
  job.model.hidden = 1000;
  job.model.heads = 0;
  job.model.vocab = -3;
  RefreshFacts(job);
  job.work.seq = -5;
  lay.tp = 0;
  lay.pp = -2;
  lay.mbs = 0;
  lay.dp = 0;
  lay.zero = 9;
  static GpuSpec gpu;
  gpu.mem_bytes = 80e9;
  job.hw.gpu = &gpu;
  m = EstimateMemory(job, lay);
  for (double v : {m.weights, m.gradients, m.optimizer, m.activations, m.other, m.total, m.host_bytes})
    CHECK(std::isfinite(v));
  CHECK(m.total >= 0);
}

TEST_CASE("offload only fits if the node has the host memory for it", "[memory]") {
  Job job;
  job.model = FindModel("llama2-70b")->arch;
  RefreshFacts(job);
  job.hw.gpus = 4;
  job.hw.gpus_per_node = 4;
  static GpuSpec gpu;
  gpu.mem_bytes = 24 * kGiB;
  job.hw.gpu = &gpu;
  job.work.seq = 2048;
  Layout lay;
  lay.dp = 4;
  lay.zero = 3;
  lay.recompute = Recompute::Full;
  lay.offload = Offload::Cpu;
  // 18 B/param x 69B x 1.5 = 1.86 TB of host memory for four GPUs: more than a 4-GPU box has.
  MemoryBreakdown m = EstimateMemory(job, lay);
  CHECK(m.total <= m.usable);
  CHECK(m.host_bytes == Approx(1.5 * 18 * CountParams(job.model).total));
  CHECK_FALSE(m.fits);
  job.assume.host_gb_per_gpu = 500;  // 2 TB in the node
  CHECK(EstimateMemory(job, lay).fits);
}

TEST_CASE("more of torchtune's published peaks: 70B LoRA over 8 A100s, 8B LoRA without checkpointing", "[memory]") {
  // pytorch/torchtune README "Memory and training speed": batch 2, packed to 2048 tokens, compile on.
  // Llama 3.1 70B LoRA on 8x A100 (recipes/configs/llama3_1/70B_lora.yaml: FSDP full shard, rank 16,
  // activation checkpointing on): 27.6 GiB per GPU.
  Job job;
  job.stack = FindStack("torchtune");
  job.model = FindModel("llama3-70b")->arch;  // Llama 3.1 70B has the same shape
  RefreshFacts(job);
  static GpuSpec a100;
  a100.mem_bytes = 80 * kGiB;
  job.hw.gpu = &a100;
  job.hw.gpus = 8;
  job.work.seq = 2048;
  job.work.method = Method::Lora;
  job.work.lora_r = 16;
  Layout lay;
  lay.mbs = 2;
  lay.dp = 8;
  lay.zero = 3;
  lay.recompute = Recompute::Full;
  const MemoryBreakdown m70 = EstimateMemory(job, lay);
  // torchtune's peaks are the allocated (active) bytes, as in the case file (published_setups.json).
  CHECK(m70.allocated / kGiB / 27.6 == Approx(1).epsilon(0.15));
  // Llama 3.1 8B LoRA on one A6000 (48 GB): 30.3 GiB. The README does not say whether checkpointing was
  // on; with it the peak would be the 4090's ~17 GiB, so this run kept every activation: a check of the
  // no-recompute activation terms (18 GiB of the total).
  Job j8 = Llama8bLora();
  static GpuSpec a6000;
  a6000.mem_bytes = 48 * kGiB;
  j8.hw.gpu = &a6000;
  Layout none;
  none.mbs = 2;
  none.recompute = Recompute::None;
  const MemoryBreakdown m8 = EstimateMemory(j8, none);
  CHECK(m8.allocated / kGiB / 30.3 == Approx(1).epsilon(0.15));
  CHECK(m8.activations > 0.5 * m8.allocated);
}

TEST_CASE("QLoRA fits LLaMA-33B on a 24 GB card thanks to its paged optimizer", "[memory]") {
  // Dettmers et al. 2023: Guanaco 33B trains on a single 24 GB consumer GPU (r 64 on every linear
  // layer, paged AdamW). LLaMA-33B: 60 layers, d 6656, 52 heads, MLP 17920 (Touvron et al. 2023).
  static GpuSpec gpu;
  gpu.mem_bytes = 24 * kGiB;
  Job job;
  job.stack = FindStack("hf");  // Transformers + PEFT + bitsandbytes, as the paper released it
  job.model.layers = 60;
  job.model.hidden = 6656;
  job.model.heads = 52;
  job.model.ffn = 17920;
  job.model.vocab = 32000;
  RefreshFacts(job);
  job.hw.gpu = &gpu;
  job.work.method = Method::Qlora;
  job.work.lora_r = 64;
  job.work.seq = 512;
  Layout lay;
  lay.recompute = Recompute::Full;
  const MemoryBreakdown m = EstimateMemory(job, lay);
  CHECK(m.fits);
  // The 4-bit base alone is about 17 GB; adapters with fp32 AdamW moments add about 6 GB.
  CHECK(m.weights > 17e9);
  // It is at the edge: part of the optimizer states has been paged to host memory.
  CHECK(m.host_bytes > 0);
  CHECK(m.total <= m.usable);
}

TEST_CASE("the host memory offload may fill is the node's GPUs' share, as the page shows it", "[memory]") {
  // A 4-GPU job on 8-GPU servers is one node of 4 GPUs (NodeGpus): its offload needs and its limit count those
  // 4, and the page's "of N GB host RAM assumed" line reads the same limit (HostBytesPerNode).
  Job job;
  job.model = FindModel("llama2-70b")->arch;
  RefreshFacts(job);
  job.hw.gpus = 4;
  job.hw.gpus_per_node = 8;
  static GpuSpec gpu;
  gpu.mem_bytes = 24 * kGiB;
  job.hw.gpu = &gpu;
  job.work.seq = 2048;
  Layout lay;
  lay.dp = 4;
  lay.zero = 3;
  lay.recompute = Recompute::Full;
  lay.offload = Offload::Cpu;
  CHECK(NodeGpus(job.hw) == 4);
  const MemoryBreakdown m = EstimateMemory(job, lay);
  CHECK(m.host_bytes == Approx(1.5 * 18 * CountParams(job.model).total));  // the four GPUs' states
  // 300 GB per GPU: 1.2 TB for the node's four, less than the 1.86 TB the states need (2.4 TB would be
  // counting eight GPUs the job does not have).
  job.assume.host_gb_per_gpu = 300;
  CHECK(HostBytesPerNode(job) == Approx(4 * 300e9));
  CHECK(m.host_bytes > HostBytesPerNode(job));
  CHECK_FALSE(EstimateMemory(job, lay).fits);
  job.assume.host_gb_per_gpu = 500;
  CHECK(EstimateMemory(job, lay).fits);
  job.hw.gpus = 16;  // two full nodes
  CHECK(NodeGpus(job.hw) == 8);
  CHECK(NodeGpus(job.hw.gpus_per_node, 0) == 1);
}

TEST_CASE("torch.distributed.pipelining keeps a buffer per micro-batch and the last stage's logits", "[memory]") {
  // PipelineStage allocates a receive buffer per micro-batch of the schedule, and the last stage keeps every
  // micro-batch's output (the logits) in output_chunks until the step returns (torch/distributed/pipelining/
  // stage.py): with the in-flight micro-batches fixed (1F1B, p = 4, at least 4 per schedule), more micro-batches per
  // schedule cost more memory on an FSDP stack running torchtitan's model code, and nothing on Megatron's pipeline.
  static GpuSpec gpu;
  gpu.mem_bytes = 80 * kGiB;
  Job job;
  job.model = FindModel("llama3-8b")->arch;
  job.hw.gpu = &gpu;
  job.hw.gpus = 4;
  job.work.seq = 4096;
  Layout lay;
  lay.pp = 4, lay.dp = 1, lay.mbs = 1, lay.recompute = Recompute::Full;
  auto at = [&](const char* stack, ModelCode code, int m) {
    job.stack = FindStack(stack);
    job.work.modeling = code;
    job.work.gbs = m;
    RefreshFacts(job);
    return EstimateMemory(job, lay).activations;
  };
  const double logits = 4096.0 * 2 * job.model.vocab;  // one micro-batch's 16-bit logits
  const double titan = at("fsdp", ModelCode::Torchtitan, 8) - at("fsdp", ModelCode::Torchtitan, 4);
  CHECK(titan >= 4 * logits);  // four more micro-batches' logits held on the last stage, at least
  CHECK(at("megatron", ModelCode::Megatron, 8) == Approx(at("megatron", ModelCode::Megatron, 4)));
}

}  // namespace memory_test
