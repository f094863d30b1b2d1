// step_test.cpp — FLOPs by operation against Megatron's closed forms, the step-time model's physical
// behaviour (bubble, interleaving, links, recompute, precision, ZeRO, offload, MoE), its speed, and every
// published throughput case of tests/data/cases.json against its measurement.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

#include "../../bench/step_cases.h"
#include "catalog.h"
#include "flops.h"
#include "planner.h"
#include "presets.h"
#include "resolve.h"
#include "rules.h"
#include "stack.h"
#include "step.h"
#include "test_data.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace step_test {

using namespace tp;

namespace {

ModelArch Gpt(int layers, int hidden, int heads, int vocab) {
  ModelArch m;
  m.layers = layers;
  m.hidden = hidden;
  m.heads = heads;
  m.kv_heads = heads;
  m.ffn = 4 * hidden;
  m.vocab = vocab;
  m.mlp = MlpKind::Gelu;
  return m;
}

ModelArch Llama8b() {
  ModelArch m;
  m.layers = 32;
  m.hidden = 4096;
  m.heads = 32;
  m.kv_heads = 8;
  m.ffn = 14336;
  m.vocab = 128256;
  m.mlp = MlpKind::Swiglu;
  return m;
}

Job MakeJob(const char* gpu_id, int gpus, const ModelArch& arch, int seq, int gbs) {
  Job j;
  j.model = arch;
  j.work.seq = seq;
  j.work.gbs = gbs;
  j.work.prec = Precision::Bf16;
  const GpuSpec* g = FindGpu(gpu_id);
  j.hw.gpu = g;
  j.hw.gpus = gpus;
  j.hw.gpus_per_node = g->gpus_per_node_default;
  j.hw.intra = FindLink(g->intra_default);
  j.hw.inter = FindLink(g->inter_default);
  RefreshFacts(j);
  return j;
}

// The step model's constants as EstimateStep uses them.
Assumptions FillDefaults() {
  Assumptions a;
  FillStepDefaults(a);
  return a;
}

Layout MakeLayout(int tp, int pp, int dp, int mbs) {
  Layout l;
  l.tp = tp;
  l.pp = pp;
  l.dp = dp;
  l.mbs = mbs;
  l.zero = 1;
  return l;
}

struct Result {
  StepBreakdown step;
  Throughput thr;
};
Result Run(const Job& j, const Layout& l) {
  Result r;
  EstimateStep(j, l, r.step, r.thr);
  return r;
}

}  // namespace

TEST_CASE("model FLOPs reproduce Megatron's closed forms", "[step]") {
  // GPT: 72 B s L h^2 (1 + s/(6h) + V/(12 L h)) (Narayanan et al. 2021, eq. 3).
  Job j = MakeJob("a100-80g", 8, Gpt(24, 2304, 24, 51200), 2048, 512);
  const double B = 512, s = 2048, L = 24, h = 2304, V = 51200;
  const double gpt = 72 * B * s * L * h * h * (1 + s / (6 * h) + V / (12 * L * h));
  Layout l = MakeLayout(1, 1, 8, 1);
  StepFlops f = FlopsPerStep(j, l);
  CHECK(f.model == Approx(gpt).epsilon(1e-12));
  CHECK(f.hardware == Approx(f.model));
  // Full recompute: 96 B s L h^2 (1 + s/(6h) + V/(16 L h)), the paper's hardware FLOPs.
  l.recompute = Recompute::Full;
  f = FlopsPerStep(j, l);
  CHECK(f.hardware == Approx(96 * B * s * L * h * h * (1 + s / (6 * h) + V / (16 * L * h))).epsilon(1e-12));
  CHECK(f.model == Approx(gpt).epsilon(1e-12));

  // GQA + SwiGLU: 12 B s L h^2 (1 + g/a + s/h + (f/h)(3/2) + V/(2 L h)) (formulas.md, Megatron).
  Job k = MakeJob("h100", 8, Llama8b(), 8192, 64);
  const double g = 8, a = 32, ff = 14336, h8 = 4096, s8 = 8192, L8 = 32, V8 = 128256, B8 = 64;
  const double llama = 12 * B8 * s8 * L8 * h8 * h8 * (1 + g / a + s8 / h8 + (ff / h8) * 1.5 + V8 / (2 * L8 * h8));
  CHECK(FlopsPerStep(k, MakeLayout(1, 1, 8, 1)).model == Approx(llama).epsilon(1e-12));
  // Selective recompute adds exactly the attention core's forward (the s^2 terms).
  Layout sel = MakeLayout(1, 1, 8, 1);
  sel.recompute = Recompute::Selective;
  const ForwardFlops fw = ForwardFlopsPerSequence(DescribeModel(k.model), 8192);
  CHECK(FlopsPerStep(k, sel).recompute == Approx(fw.attn_core * B8));
  CHECK(fw.attn_core == Approx(4 * s8 * s8 * h8 * L8));
}

TEST_CASE("MoE FLOPs count the top-k experts, not all of them", "[step]") {
  ModelArch m = Llama8b();
  ModelArch moe = m;
  moe.experts = 8;
  moe.topk = 2;
  moe.moe_ffn = m.ffn;
  const ForwardFlops dense = ForwardFlopsPerSequence(DescribeModel(m), 4096);
  const ForwardFlops sparse = ForwardFlopsPerSequence(DescribeModel(moe), 4096);
  // Two experts per token plus the router (hidden x experts).
  CHECK(sparse.mlp == Approx(2 * dense.mlp + 4096.0 * 32 * 2 * 4096 * 8));
  CHECK(sparse.attn_proj == Approx(dense.attn_proj));
}

TEST_CASE("the step's parts add up and throughput follows from them", "[step]") {
  Job j = MakeJob("h100", 64, Llama8b(), 8192, 256);
  Layout l = MakeLayout(2, 2, 16, 1);
  l.sp = true;
  Result r = Run(j, l);
  const StepBreakdown& s = r.step;
  CHECK(s.seconds == Approx(s.compute_s + s.memory_s + s.comm_exposed_s + s.bubble_s + s.offload_s));
  CHECK(s.micro_batches == 256 / 16);
  CHECK(s.comm_tp_s > 0);
  CHECK(s.comm_dp_s > 0);
  CHECK(s.comm_pp_s > 0);
  CHECK(s.comm_exposed_s <= s.comm_tp_s + s.comm_pp_s + s.comm_dp_s + s.comm_cp_s + s.comm_ep_s + 1e-12);
  CHECK(r.thr.tokens_per_s == Approx(256.0 * 8192 / s.seconds));
  CHECK(r.thr.tokens_per_s_per_gpu == Approx(r.thr.tokens_per_s / 64));
  CHECK(r.thr.mfu == Approx(r.thr.model_tflops_per_gpu * 1e12 / 989.4e12));
  CHECK(r.thr.mfu > 0.2);
  CHECK(r.thr.mfu < 0.8);
}

TEST_CASE("pipeline bubble is (p-1)/(v m) of the ideal time, interleaving shrinks it", "[step]") {
  Job j = MakeJob("a100-80g", 64, Gpt(48, 8192, 64, 51200), 2048, 128);
  Layout l = MakeLayout(8, 4, 2, 1);  // m = 128 / 2 = 64 micro-batches
  l.sp = true;
  Result r1 = Run(j, l);
  const double m = r1.step.micro_batches;
  CHECK(m == 64);
  // The ideal time is what remains without bubble and data-parallel traffic.
  const double per_mb = r1.step.bubble_s / 3.0;  // (p - 1) = 3 micro-batch times
  CHECK(r1.step.bubble_s / (m * per_mb) == Approx(3.0 / 64));
  l.vp = 2;
  Result r2 = Run(j, l);
  CHECK(r2.step.bubble_s < 0.6 * r1.step.bubble_s);
  CHECK(r2.step.seconds < r1.step.seconds);
  // Fewer micro-batches: a larger share of the step is bubble.
  Job few = j;
  few.work.gbs = 8;
  l.vp = 1;
  Result r3 = Run(few, l);
  CHECK(r3.step.bubble_s / r3.step.seconds > r1.step.bubble_s / r1.step.seconds);
}

TEST_CASE("tensor parallelism over PCIe without peer-to-peer costs far more than over NVLink", "[step]") {
  // The articles' setting: a 7B-class model, tensor parallel across 4 GPUs.
  ModelArch m = Gpt(32, 4096, 32, 50432);
  Job slow = MakeJob("rtx4090", 4, m, 2048, 16);
  Job fast = MakeJob("a100-80g", 4, m, 2048, 16);
  Layout l = MakeLayout(4, 1, 1, 1);
  l.recompute = Recompute::Full;
  Result a = Run(slow, l), b = Run(fast, l);
  CHECK(a.step.comm_tp_s / a.step.seconds > 0.4);
  CHECK(b.step.comm_tp_s / b.step.seconds < 0.15);
  // Without peer-to-peer every byte is staged through host memory: the link is not halved (the two copies
  // use opposite directions of different links), but the node's host memory carries each byte twice for
  // all its GPUs at once: 4 x 4090 on a 204.8 GB/s host get 204.8 x 0.81 / 8 = 20.8 GB/s each, against
  // 31.5 x 0.81 = 25.6 with peer-to-peer.
  GpuSpec p2p = *slow.hw.gpu;
  p2p.p2p = true;
  Job with_p2p = slow;
  with_p2p.hw.gpu = &p2p;
  const double eff = FillDefaults().eff_network;
  const double bytes_per_s_p2p = 31.5e9 * eff, bytes_per_s_staged = 204.8e9 * eff / (2 * 4);
  CHECK(Run(with_p2p, l).step.comm_tp_s < a.step.comm_tp_s);
  // (the staged hops' extra 13.5 us latency makes it a little more than the bandwidth ratio).
  const double ratio = Run(with_p2p, l).step.comm_tp_s / a.step.comm_tp_s;
  CHECK(ratio < bytes_per_s_staged / bytes_per_s_p2p);
  CHECK(ratio > 0.9 * bytes_per_s_staged / bytes_per_s_p2p);
  // Eight GPUs staging at once share the same host memory: each gets half of what four get.
  Job eight = MakeJob("rtx4090", 8, m, 2048, 16);
  eight.hw.gpus_per_node = 8;
  Layout l8 = MakeLayout(8, 1, 1, 1);
  l8.recompute = Recompute::Full;
  GpuSpec p2p8 = p2p;
  Job eight_p2p = eight;
  eight_p2p.hw.gpu = &p2p8;
  CHECK(Run(eight, l8).step.comm_tp_s > 1.5 * Run(eight_p2p, l8).step.comm_tp_s);
}

TEST_CASE("a tensor-parallel group that leaves the node runs over the network", "[step]") {
  Job j = MakeJob("h100", 16, Gpt(32, 8192, 64, 51200), 4096, 64);
  Layout l = MakeLayout(8, 1, 2, 1);
  l.sp = true;
  const double inside = Run(j, l).step.comm_tp_s;
  j.hw.gpus_per_node = 4;  // the 8-way group now spans two nodes
  const double across = Run(j, l).step.comm_tp_s;
  // A ring over two nodes spreads its node crossings over the 4 adapters per node: min(NVLink 450,
  // 4 x 50 GB/s) = 200 GB/s, against 450 inside one node.
  CHECK(across / inside == Approx(450.0 / 200).epsilon(0.05));
}

TEST_CASE("tensor-parallel overlap hides each collective up to the GEMM it feeds, and only with sp", "[step]") {
  // A 70B-class GPT on one H100 node, tp 4, one stage: every layer's GEMMs outlast their collectives, so tp_overlap
  // hides all of the layers' traffic at overlap_contention of it; the output layer's all-reduce (half a layer's
  // traffic per pass) stays exposed. Per micro-batch and pass: 2 L all-reduces in the layers, 1 at the head.
  const int layers = 8;
  Job j = MakeJob("h100", 4, Gpt(layers, 8192, 64, 51200), 4096, 8);
  Layout l = MakeLayout(4, 1, 1, 1);
  l.sp = true;
  const Result off = Run(j, l);
  j.work.tp_overlap = true;
  const Result on = Run(j, l);
  const double c = FillDefaults().overlap_contention;
  CHECK(on.step.comm_tp_s == Approx(off.step.comm_tp_s));  // the traffic is the same
  CHECK(off.step.exposed_tp_s == Approx(off.step.comm_tp_s));
  CHECK(on.step.exposed_tp_s == Approx(off.step.comm_tp_s * (2.0 * layers * c + 1) / (2.0 * layers + 1)).epsilon(1e-3));
  CHECK(on.step.seconds < off.step.seconds);
  CHECK(on.step.compute_s == Approx(off.step.compute_s));
  // Without sequence parallelism there are no all-gathers and reduce-scatters to pipeline: nothing changes.
  l.sp = false;
  CHECK(Run(j, l).step.exposed_tp_s == Approx(Run(j, l).step.comm_tp_s));
  j.work.tp_overlap = false;
  const double no_sp = Run(j, l).step.seconds;
  j.work.tp_overlap = true;
  CHECK(Run(j, l).step.seconds == Approx(no_sp));
  // Over PCIe the collectives outlast their GEMMs: what is hidden is bounded by the GEMMs (each pass hides at most
  // the forward's linear GEMMs, less than a third of the compute), the rest stays on the step.
  Job slow = MakeJob("rtx4090", 4, Gpt(32, 4096, 32, 50432), 2048, 16);
  Layout ls = MakeLayout(4, 1, 1, 1);
  ls.sp = true;
  const Result slow_off = Run(slow, ls);
  slow.work.tp_overlap = true;
  const Result slow_on = Run(slow, ls);
  const double saved = slow_off.step.seconds - slow_on.step.seconds;
  CHECK(saved > 0);
  CHECK(saved <= (1 - c) * 2.0 / 3.0 * slow_off.step.compute_s);
  CHECK(slow_on.step.exposed_tp_s > 0.5 * slow_off.step.exposed_tp_s);
}

TEST_CASE("a forward-only pass hides one pass's tensor-parallel traffic under tp_overlap", "[step]") {
  // ForwardPassSeconds (RL log-probabilities) runs each collective once and takes its exposed part (TpExposed,
  // bounded by the forward's GEMMs): over the step's own micro-batches it saves what one of the training step's
  // CollectivePasses saves (2 without recompute), whether the GEMMs hide all of a layer's traffic (NVLink) or only
  // part of it (PCIe).
  struct Case {
    Job j;
    Layout l;
  };
  Case cases[] = {{MakeJob("h100", 4, Gpt(8, 8192, 64, 51200), 4096, 8), MakeLayout(4, 1, 1, 1)},
                  {MakeJob("rtx4090", 4, Gpt(32, 4096, 32, 50432), 2048, 16), MakeLayout(4, 1, 1, 1)}};
  for (Case& k : cases) {
    k.l.sp = true;
    REQUIRE(k.l.recompute == Recompute::None);
    const double sequences = k.j.work.gbs;
    k.j.work.tp_overlap = false;
    const Result off = Run(k.j, k.l);
    const double fwd_off = ForwardPassSeconds(k.j, k.l, sequences);
    k.j.work.tp_overlap = true;
    const Result on = Run(k.j, k.l);
    const double fwd_on = ForwardPassSeconds(k.j, k.l, sequences);
    const double step_saved = off.step.exposed_tp_s - on.step.exposed_tp_s;
    REQUIRE(step_saved > 0);
    CHECK(fwd_on < fwd_off);
    CHECK(fwd_off - fwd_on == Approx(step_saved / 2.0).epsilon(1e-3));
  }
}

TEST_CASE("tensor-parallel overlap hides a MoE layer's attention collectives, not its experts'", "[step]") {
  // Transformer Engine's GroupedLinear takes no userbuffers: of a MoE layer's four collectives only the attention
  // block's two can hide; a dense layer of the same width hides all four.
  ModelArch dense = Gpt(8, 4096, 32, 32000);
  ModelArch moe = dense;
  moe.experts = 8, moe.topk = 2, moe.moe_ffn = 4 * 4096;
  Job jd = MakeJob("h100", 4, dense, 4096, 8), jm = MakeJob("h100", 4, moe, 4096, 8);
  Layout l = MakeLayout(4, 1, 1, 1);
  l.sp = true;
  auto hidden_share = [&](Job j) {
    const double off = Run(j, l).step.exposed_tp_s;
    j.work.tp_overlap = true;
    return 1 - Run(j, l).step.exposed_tp_s / off;
  };
  const double d = hidden_share(jd), m = hidden_share(jm);
  CHECK(m > 0);
  CHECK(m < 0.6 * d);
}

TEST_CASE("recompute costs time, hardware FLOPs count it, model FLOPs do not", "[step]") {
  Job j = MakeJob("a100-80g", 8, Gpt(48, 6144, 64, 51200), 2048, 8);
  j.work.flash = false;
  Layout l = MakeLayout(8, 1, 1, 1);
  l.sp = true;
  l.recompute = Recompute::None;
  Result none = Run(j, l);
  l.recompute = Recompute::Selective;
  Result sel = Run(j, l);
  l.recompute = Recompute::Full;
  Result full = Run(j, l);
  CHECK(none.step.seconds < sel.step.seconds);
  CHECK(sel.step.seconds < full.step.seconds);
  // Korthikanti et al. 2022: full recompute costs about a third more, selective a few percent.
  CHECK(full.step.seconds / none.step.seconds == Approx(1.33).margin(0.1));
  CHECK(sel.step.seconds / none.step.seconds < 1.1);
  CHECK(full.thr.model_flops_per_step == Approx(none.thr.model_flops_per_step));
  CHECK(full.thr.hfu > full.thr.mfu);
  CHECK(none.thr.hfu == Approx(none.thr.mfu));
}

TEST_CASE("GEMM efficiency falls as tensor parallelism thins the matrices", "[step]") {
  Job j = MakeJob("h100", 8, Gpt(24, 2048, 16, 51200), 1024, 8);
  Layout one = MakeLayout(1, 1, 8, 1), eight = MakeLayout(8, 1, 1, 1);
  // Same FLOPs per GPU per step; tensor-core FLOP/s achieved on 2048 x 2048 weights versus 1/8 slices.
  Result a = Run(j, one), b = Run(j, eight);
  const double rate_a = a.thr.hardware_flops_per_step / 8 / a.step.compute_s;
  const double rate_b = b.thr.hardware_flops_per_step / 8 / b.step.compute_s;
  CHECK(rate_b < 0.95 * rate_a);  // (the smooth-maximum GEMM time: thin GEMMs lose less than the sum form said)
  CHECK(rate_a < 0.9 * 989.4e12);
}

TEST_CASE("precision: FP8 speeds GEMMs on H100, not on A100", "[step]") {
  Job h = MakeJob("h100", 8, Llama8b(), 4096, 64);
  Layout l = MakeLayout(1, 1, 8, 1);
  const double bf16 = Run(h, l).step.compute_s;
  h.work.prec = Precision::Fp8;
  Result fp8 = Run(h, l);
  CHECK(fp8.step.compute_s < 0.75 * bf16);
  CHECK(fp8.thr.mfu == Approx(fp8.thr.model_tflops_per_gpu * 1e12 / 1978.9e12));
  Job a = MakeJob("a100-80g", 8, Llama8b(), 4096, 64);
  const double a16 = Run(a, l).step.compute_s;
  a.work.prec = Precision::Fp8;
  CHECK(Run(a, l).step.compute_s == Approx(a16).epsilon(0.02));
}

// FP8 GEMMs that take only the TN layout make Transformer Engine write a transposed FP8 copy of each GEMM input beside
// it (Hopper, Ada, consumer Blackwell); B200 and GB200 run FP8 GEMMs in any layout (nvte_is_non_tn_fp8_gemm_supported).
TEST_CASE("per-tensor FP8 casts carry a transposed copy where FP8 GEMMs are TN-only", "[step]") {
  CHECK(Fp8GemmTnOnly(*FindGpu("h100")));
  CHECK(Fp8GemmTnOnly(*FindGpu("l40s")));
  CHECK(Fp8GemmTnOnly(*FindGpu("rtx5090")));
  CHECK_FALSE(Fp8GemmTnOnly(*FindGpu("b200")));
  CHECK_FALSE(Fp8GemmTnOnly(*FindGpu("gb200")));
  CHECK_FALSE(Fp8GemmTnOnly(*FindGpu("mi300x")));  // no NVIDIA arch: no such rule
  // The same H100 described as compute capability 10.0: one FP8 copy less per GEMM input, less memory-bound time.
  Job h = MakeJob("h100", 8, Llama8b(), 4096, 64);
  h.work.prec = Precision::Fp8;
  h.work.fp8_recipe = Fp8Recipe::Tensor;
  const Layout l = MakeLayout(1, 1, 8, 1);
  const double tn_only = Run(h, l).step.memory_s;
  GpuSpec any_layout = *FindGpu("h100");
  any_layout.arch = "sm_100";
  h.hw.gpu = &any_layout;
  RefreshFacts(h);
  const double one_copy = Run(h, l).step.memory_s;
  CHECK(one_copy < tn_only);
  CHECK(one_copy > 0.9 * tn_only);
}

// The weight-gradient GEMM reduces over the rows and writes the weight's whole shape, accumulated into Megatron's
// gradient buffer (8 B a weight element in fp32, 4 B with 16-bit gradients). At a dense layer's 4,096 rows that costs
// under one per cent of the compute; at a routed expert's 2,048 rows (128 experts, top 8, EP 8) several times that;
// frozen weights (LoRA) have none.
TEST_CASE("the weight-gradient GEMM pays for its accumulation into the gradient buffer at few rows", "[step]") {
  auto compute = [](Job j, const Layout& l, bool grad_fp32) {
    j.work.grad_fp32 = grad_fp32;
    return Run(j, l).step.compute_s;
  };
  Job dense = MakeJob("b200", 8, Llama8b(), 4096, 64);
  const Layout dl = MakeLayout(1, 1, 8, 1);
  const double dense_gap = compute(dense, dl, true) / compute(dense, dl, false);
  CHECK(dense_gap > 1.0);
  CHECK(dense_gap < 1.03);
  ModelArch m = Llama8b();
  m.experts = 128;
  m.topk = 8;
  m.moe_ffn = 1536;
  Job moe = MakeJob("b200", 8, m, 4096, 64);
  moe.work.prec = Precision::Fp8;
  RefreshFacts(moe);
  Layout ml = MakeLayout(1, 1, 8, 1);
  ml.ep = 8;
  const double moe_gap = compute(moe, ml, true) / compute(moe, ml, false);
  CHECK(moe_gap > dense_gap + 0.01);
  Job lora = dense;
  lora.work.method = Method::Lora;
  RefreshFacts(lora);
  CHECK(compute(lora, dl, true) == Approx(compute(lora, dl, false)));
}

TEST_CASE("ZeRO-3 moves 1.5x the data-parallel bytes of ZeRO-1, every micro-batch", "[step]") {
  Job j = MakeJob("a100-80g", 64, Llama8b(), 4096, 64);
  Layout l = MakeLayout(1, 1, 64, 1);
  l.zero = 1;
  const double z1 = Run(j, l).step.comm_dp_s;
  l.zero = 3;
  const double z3 = Run(j, l).step.comm_dp_s;
  CHECK(z3 / z1 == Approx(1.5).epsilon(0.02));
  // Two micro-batches per step: ZeRO-3 gathers the weights again for each, ZeRO-1 reduces once.
  j.work.gbs = 128;
  CHECK(Run(j, l).step.comm_dp_s == Approx(2 * z3).epsilon(1e-9));
  l.zero = 1;
  CHECK(Run(j, l).step.comm_dp_s == Approx(z1).epsilon(1e-9));
}

TEST_CASE("CPU offload moves the optimizer step to the host over PCIe", "[step]") {
  Job j = MakeJob("rtx4090", 1, Llama8b(), 2048, 8);
  Layout l = MakeLayout(1, 1, 1, 1);
  l.zero = 1;
  Result gpu = Run(j, l);
  l.offload = Offload::Cpu;
  Result cpu = Run(j, l);
  CHECK(gpu.step.offload_s == 0);
  CHECK(cpu.step.offload_s > 1.0);  // 8 B of parameters: 32 GB over a 31.5 GB/s link and CPU Adam
  CHECK(cpu.step.memory_s < gpu.step.memory_s);
}

TEST_CASE("staging and the offloaded CPU Adam read one host-memory bandwidth (HostMemoryBw)", "[step][offload]") {
  // The figure: the catalog's host_mem_gbs where given (GB200's Grace LPDDR5X, 512 GB/s), else the one default.
  const GpuSpec* h100 = FindGpu("h100");
  REQUIRE(h100->host_mem_bw == 0);
  CHECK(HostMemoryBw(*h100) == kDefaultHostMemoryBw);
  CHECK(kDefaultHostMemoryBw == Approx(204.8e9));
  CHECK(HostMemoryBw(*FindGpu("gb200")) == Approx(512e9));
  // An RTX 4090 whose entry gives no host memory (as a custom GPU's does not) against one given the default
  // explicitly, and against slow hosts: both paths must read the same figure.
  const GpuSpec* rtx = FindGpu("rtx4090");
  auto with_host = [&](double bw) {
    GpuSpec g = *rtx;
    g.host_mem_bw = bw;
    return g;
  };
  const GpuSpec unknown = with_host(0), given = with_host(kDefaultHostMemoryBw), slow8 = with_host(8e9),
                slow4 = with_host(4e9), slow2 = with_host(2e9);
  // Staging without peer-to-peer (tensor parallel over 4 GPUs, every byte through host memory).
  Job tp = MakeJob("rtx4090", 4, Gpt(32, 4096, 32, 50432), 2048, 16);
  const Layout l_tp = MakeLayout(4, 1, 1, 1);
  auto staged = [&](const GpuSpec& g) {
    Job j = tp;
    j.hw.gpu = &g;
    return Run(j, l_tp).step.comm_tp_s;
  };
  CHECK(staged(unknown) == Approx(staged(given)).epsilon(1e-12));
  CHECK(staged(slow8) > 10 * staged(given));  // 204.8 / 8 = 25.6 x less bandwidth (plus the fixed latency)
  // The CPU's Adam under optimizer offload: the host-memory bound (30 B per parameter) binds below 42.3 GB/s
  // (30 x 1.41e9 parameters/s), so there the step's offload grows as 1 / bandwidth.
  Job one = MakeJob("rtx4090", 1, Llama8b(), 2048, 8);
  Layout l_off = MakeLayout(1, 1, 1, 1);
  l_off.offload = Offload::Cpu;
  auto offload = [&](const GpuSpec& g) {
    Job j = one;
    j.hw.gpu = &g;
    return Run(j, l_off).step.offload_s;
  };
  CHECK(offload(unknown) == Approx(offload(given)).epsilon(1e-12));
  CHECK(offload(slow8) > offload(given));
  CHECK(offload(slow2) - offload(slow4) == Approx(2 * (offload(slow4) - offload(slow8))).epsilon(1e-9));
}

TEST_CASE("expert parallelism adds all-to-all traffic", "[step]") {
  ModelArch m = Llama8b();
  m.experts = 8;
  m.topk = 2;
  m.moe_ffn = 14336;
  Job j = MakeJob("h100", 64, m, 4096, 256);
  Layout l = MakeLayout(1, 1, 64, 1);
  l.ep = 8;
  Result r = Run(j, l);
  CHECK(r.step.comm_ep_s > 0);
  l.ep = 1;
  CHECK(Run(j, l).step.comm_ep_s == 0);
}

TEST_CASE("bad input gives zeros, never a crash", "[step]") {
  Job j = MakeJob("h100", 8, Llama8b(), 4096, 64);
  Layout l = MakeLayout(1, 1, 8, 0);  // mbs 0
  Result r = Run(j, l);
  CHECK(r.step.seconds == 0);
  j.hw.gpu = nullptr;
  r = Run(j, MakeLayout(1, 1, 8, 1));
  CHECK(r.thr.mfu == 0);
  Job size_only;
  size_only.model.params_total = 7e9;
  RefreshFacts(size_only);
  size_only.hw = MakeJob("h100", 8, Llama8b(), 4096, 64).hw;
  r = Run(size_only, MakeLayout(1, 1, 8, 1));
  CHECK(r.step.seconds > 0);
  CHECK(std::isfinite(r.thr.mfu));
}

TEST_CASE("published throughput cases: median error <= 10%, most within 15%", "[step][validation]") {
  std::string error;
  const auto cases =
      stepfit::LoadCases(testing::ReadTestData("cases.json"), &error, testing::ReadTestData("published_setups.json"));
  CHECK(error.empty());
  REQUIRE(cases.size() >= 15);
  std::vector<double> errs;
  int within = 0;
  for (const auto& k : cases) {
    const auto p = stepfit::Predict(k, Assumptions{});
    REQUIRE(p.ok);
    const double e = std::fabs(p.value / k.measured - 1);
    INFO(k.id << ": predicted " << p.value << " measured " << k.measured);
    CHECK(e < 0.35);  // no case is wildly off
    errs.push_back(e);
    within += e <= 0.15;
  }
  CHECK(stepfit::Median(errs) <= 0.10);
  // The project's target; the known misses are explained in docs/step-model.md.
  CHECK(double(within) / cases.size() >= 0.80);
}

TEST_CASE("the fitted defaults can be made explicit and give the same step", "[step]") {
  Assumptions a;
  FillStepDefaults(a);
  CHECK(a.eff_matmul > 0.5);
  CHECK(a.eff_matmul <= 1.0);
  CHECK(a.eff_network > 0.5);
  CHECK(a.eff_network <= 1.0);
  CHECK(a.overlap_dp <= 1.0);
  Job j = MakeJob("h100", 64, Llama8b(), 8192, 256);
  Layout l = MakeLayout(2, 2, 16, 1);
  const double implicit = Run(j, l).step.seconds;
  j.assume = a;
  CHECK(Run(j, l).step.seconds == Approx(implicit).epsilon(1e-12));
  // A slower software stack: lower the GEMM efficiency and the step grows.
  j.assume.eff_matmul *= 0.8;
  CHECK(Run(j, l).step.seconds > 1.1 * implicit);
}

TEST_CASE("context parallelism exchanges K/V and reduces gradients over dp x cp", "[step]") {
  Job j = MakeJob("h100", 16, Llama8b(), 65536, 16);
  Layout l = MakeLayout(1, 1, 1, 1);
  l.cp = 16;
  l.zero = 1;
  Result r = Run(j, l);
  CHECK(r.step.comm_cp_s > 0);
  CHECK(r.step.comm_dp_s > 0);  // dp = 1, but 16 context-parallel ranks hold different gradients
  // At 64K tokens attention dominates: the ring exchange hides behind it.
  CHECK(r.step.comm_exposed_s < 0.5 * r.step.comm_cp_s + r.step.comm_dp_s);
  // Same tokens per GPU as one GPU running one 64K sequence alone: context parallelism costs little.
  Job one = MakeJob("h100", 1, Llama8b(), 65536, 1);
  Result single = Run(one, MakeLayout(1, 1, 1, 1));
  CHECK(r.step.seconds > single.step.seconds);
  CHECK(r.step.seconds < single.step.seconds * 1.15);
}

TEST_CASE("odd jobs and layouts give finite, non-negative times", "[step]") {
  // Deterministic pseudo-random sweep over shapes the search or a hostile link could produce.
  uint64_t state = 0x9E3779B97F4A7C15ull;
  auto next = [&](int lo, int hi) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return lo + int(state % uint64_t(hi - lo + 1));
  };
  GpuSpec empty;  // no peaks, no bandwidth
  for (int i = 0; i < 3000; ++i) {
    ModelArch m;
    m.layers = next(-1, 130);
    m.hidden = next(0, 3) * 1024 + next(0, 64);
    m.heads = next(0, 64);
    m.kv_heads = next(0, 8);
    m.ffn = next(0, 30000);
    m.vocab = next(0, 200000);
    m.experts = next(0, 3) == 0 ? next(2, 64) : 0;
    m.topk = next(0, 8);
    if (m.experts > 1) {
      m.moe_ffn = next(0, 3) == 0 ? next(1, 1 << 20) : 0;
      m.dense_layers = next(0, 2) == 0 ? next(0, std::max(0, m.layers)) : 0;
      m.shared_experts = next(0, 2);
    }
    if (next(0, 8) == 0) m.ffn = next(1, 1 << 20);  // huge MLPs: a stage of them must set the pace
    m.mlp = next(0, 1) ? MlpKind::Gelu : MlpKind::Swiglu;
    if (next(0, 5) == 0) m.params_total = 1e9 * next(0, 100);
    const char* ids[] = {"rtx4090", "a100-80g", "h100", "mi300x", "b200"};
    Job j = MakeJob(ids[next(0, 4)], next(1, 4096), m, next(0, 131072), next(-2, 4096));
    if (next(0, 20) == 0) j.hw.gpu = &empty;
    if (next(0, 10) == 0) j.hw.inter = nullptr;
    j.hw.gpus_per_node = next(0, 16);
    j.work.prec = Precision(next(0, 3));
    j.work.method = Method(next(0, 2));
    j.work.flash = next(0, 1);
    j.work.lora_r = next(0, 64);
    Layout l;
    l.tp = next(0, 16);
    l.pp = next(0, 16);
    l.vp = next(0, 4);
    l.cp = next(0, 8);
    l.ep = next(0, 16);
    l.dp = next(0, 64);
    l.mbs = next(0, 16);
    l.zero = next(0, 3);
    l.recompute = Recompute(next(0, 2));
    l.offload = Offload(next(0, 2));
    l.sp = next(0, 1);
    Result r = Run(j, l);
    const double fields[] = {r.step.seconds,   r.step.compute_s, r.step.memory_s,
                             r.step.comm_tp_s, r.step.comm_cp_s, r.step.comm_ep_s,
                             r.step.comm_dp_s, r.step.comm_pp_s, r.step.comm_exposed_s,
                             r.step.bubble_s,  r.step.offload_s, r.thr.tokens_per_s,
                             r.thr.mfu,        r.thr.hfu};
    for (double f : fields) {
      INFO("case " << i);
      REQUIRE(std::isfinite(f));
      REQUIRE(f >= 0);
    }
    // A layout the rules accept never computes faster than the GPU: the hardware FLOPs (recompute included)
    // per second stay under the best measured matmul rate (above the spec peak only where the GPU's
    // measured boost beats it, the RTX 4090).
    if (j.hw.gpu != &empty && j.model.layers > 0 && CheckLayout(j, l, nullptr) && r.step.seconds > 0) {
      INFO("case " << i << ": mfu " << r.thr.mfu << " hfu " << r.thr.hfu);
      const double best = std::max(1.0, j.hw.gpu->mamf_flops / j.hw.gpu->peak_flops[int(Precision::Bf16)]);
      CHECK(r.thr.hfu <= best);
      CHECK(r.thr.mfu <= r.thr.hfu * (1 + 1e-9));
    }
  }
}

TEST_CASE("ZeRO shards routed experts' optimizer states over dp x cp / ep only", "[step]") {
  // Mixtral on 8 GPUs, ZeRO-1 with CPU offload (whose time is proportional to the optimizer shard):
  // with ep = 1 every GPU holds all experts and ZeRO splits their states 8 ways; with ep = 8 each GPU
  // holds one expert and no other rank shares its states. The shard, and the time, are the same.
  const char* base = "#v=1&model=mixtral-8x7b&gpus=8&tp=1&pp=1&cp=1&vp=1&zero=1&offload=cpu&mbs=1&recompute=full&sp=0";
  PlanOutput ep1 = MakePlan(testing::FromLink(std::string(base) + "&ep=1"));
  PlanOutput ep8 = MakePlan(testing::FromLink(std::string(base) + "&ep=8"));
  REQUIRE(ep1.ok);
  REQUIRE(ep8.ok);
  CHECK(ep1.plan.step.offload_s > 0);
  CHECK(ep8.plan.step.offload_s == Approx(ep1.plan.step.offload_s).epsilon(0.02));
}

TEST_CASE("step time and memory count a stage's parameters by one rule, Megatron-Core's placement", "[step]") {
  // ParamsOnStage (core/job/rules.h): norms and learned positions whole on every tensor-parallel rank, the final
  // norm on the last stage, a tied head on the last of several stages a copy of the word embedding alone. Step
  // time's gradient traffic reads the same count memory holds.
  const Job job = MakeJob("h100", 8, FindModel("gpt2-1.5b")->arch, 1024, 64);
  const ParamCounts& pc = job.facts.pc;
  const double h = job.model.hidden, word = double(job.model.vocab) * h, positions = job.model.pos_embeddings * h;
  Layout l = MakeLayout(2, 2, 2, 1);
  const StageParams first = ParamsOnStage(job, l, 0), last = ParamsOnStage(job, l, 1);
  const double blocks = pc.dense_layers / 2.0;
  CHECK(first.norms == Approx(blocks * pc.norms));
  CHECK(first.emb == Approx(word / 2 + positions));
  CHECK(first.head == 0);
  CHECK(last.head == Approx(word / 2));  // the tied head's copy: no positions
  CHECK(last.edge == Approx(last.head + pc.final_norm));
  CHECK(first.dense == Approx(blocks * (pc.attn + pc.mlp_dense) / 2 + blocks * pc.norms + first.emb));
  // Both stages together hold every parameter once (the split ones as tensor-parallel halves), plus the tied
  // head's copy of the word embedding.
  const double whole = pc.dense_layers * pc.norms + positions + pc.final_norm;
  CHECK(first.dense + last.dense == Approx((pc.dense_layers * (pc.attn + pc.mlp_dense) + 2 * word) / 2 + whole));
  // One stage (pp = 1): the tied head is the embedding itself.
  const StageParams one = ParamsOnStage(job, MakeLayout(2, 1, 4, 1), 0);
  CHECK(one.head == 0);
  CHECK(one.dense == Approx((pc.total - whole) / 2 + whole));
  // Step time reads the same count: its trace's stage parameters are the slowest stage's ParamsOnStage.
  StepBreakdown s;
  Throughput thr;
  StepTrace tr;
  EstimateStep(job, MakeLayout(2, 1, 4, 1), s, thr, &tr);
  CHECK(tr.stage_params == Approx(one.dense + one.expert));
  EstimateStep(job, l, s, thr, &tr);
  CHECK((tr.stage_params == Approx(first.dense + first.expert) || tr.stage_params == Approx(last.dense + last.expert)));
}

TEST_CASE("each group's exposed communication is the step model's, and the bottleneck names the largest", "[step]") {
  for (const char* link :
       {"#v=1&model=llama2-70b&gpu=h100&gpus=64", "#v=1&model=mixtral-8x7b&gpu=h100&gpus=64&ep=8",
        "#v=1&model=llama3-8b&gpu=rtx4090&gpus=8", "#v=1&model=llama2-70b&gpu=a100-80g&gpus=256&zero=3&pp=1",
        "#v=1&model=llama3-8b&gpu=h100&gpus=16&cp=2&seq=32768"}) {
    INFO(link);
    const PlanOutput out = testing::PlanLink(link);
    REQUIRE(out.ok);
    const StepBreakdown& s = out.plan.step;
    const double groups[] = {s.exposed_tp_s, s.exposed_cp_s, s.exposed_ep_s, s.exposed_dp_s, s.exposed_pp_s};
    double sum = 0;
    for (double g : groups) {
      CHECK(g >= 0);
      sum += g;
    }
    CHECK(sum == Approx(s.comm_exposed_s).epsilon(1e-9));
    CHECK(s.exposed_tp_s <= s.comm_tp_s * (1 + 1e-12));
    CHECK(s.exposed_dp_s <= s.comm_dp_s * (1 + 1e-12));
    const Bottleneck comm[] = {Bottleneck::TensorComm, Bottleneck::ContextComm, Bottleneck::ExpertComm,
                               Bottleneck::DataComm, Bottleneck::PipelineComm};
    for (int i = 0; i < 5; ++i)
      if (out.plan.bottleneck == comm[i])
        for (double g : groups) CHECK(groups[i] >= g);
  }
}

// The gradient reduction's dtype is the stack's (GradReduceBytes): FSDP reduce-scatters in fp32 (torchtitan's
// mixed_precision_reduce, NeMo RL's DTensor reduce_dtype), Megatron and DeepSpeed in the 16-bit training type here.
// Under ZeRO-1 the step's data-parallel traffic is one all-reduce of the gradients: twice the bytes under FSDP.
TEST_CASE("gradients are reduced in the stack's dtype: fp32 under FSDP, 16-bit elsewhere", "[step]") {
  Job j = MakeJob("h100", 64, Llama8b(), 4096, 256);
  const Layout l = MakeLayout(1, 1, 64, 1);
  j.stack = FindStack("megatron");
  REQUIRE(j.stack);
  const double megatron = Run(j, l).step.comm_dp_s;
  j.stack = FindStack("fsdp");
  REQUIRE(j.stack);
  const double fsdp = Run(j, l).step.comm_dp_s;
  CHECK(GradReduceBytes(*FindStack("fsdp"), Precision::Bf16) == 4);
  CHECK(GradReduceBytes(*FindStack("megatron"), Precision::Bf16) == 2);
  CHECK(GradReduceBytes(*FindStack("megatron"), Precision::Fp32) == 4);
  CHECK(fsdp == Approx(2 * megatron).epsilon(0.02));
  // The log-probability pass has no gradient reduction: the same forward under either stack's reduce dtype.
  j.stack = FindStack("megatron");
  const double fwd_megatron = ForwardPassSeconds(j, l, 256);
  j.stack = FindStack("fsdp");
  CHECK(ForwardPassSeconds(j, l, 256) == Approx(fwd_megatron));
}

}  // namespace step_test
