// step.cpp — time of one optimizer step (see step.h). A roofline per operation (tensor-core GEMMs whose
// achievable efficiency falls with their arithmetic intensity, FlashAttention, memory-bound kernels at
// memory bandwidth), an alpha-beta model per collective placed on the link its group actually uses
// (core/estimate/step_comm.cpp; the expert all-to-all in core/estimate/step_moe.cpp), the pipeline bubble of 1F1B /
// interleaved schedules, and host transfers for offload. The physical derivation and the fit of the few
// constants are in docs/step-model.md.
#include "step.h"

#include <algorithm>
#include <cmath>

#include "catalog.h"
#include "flops.h"
#include "model.h"
#include "model_memo.h"
#include "pipeline.h"
#include "step_finetune.h"
#include "step_internal.h"

namespace tp {

namespace {

using namespace step_detail;

// ---- Fitted constants (one per physical effect). Fitted to every throughput case of
// tests/data/cases.json together by bench/fit_step.cpp (`trainplan-fit_step --fit` prints exactly these);
// see docs/step-model.md section 6 for the table.
// Fraction of the best measured GEMM throughput (the GPU's MAMF, assets/gpus.json) that a training
// run's large GEMMs sustain (other kernels interleaved, power and clocks under a full training load).
constexpr double kMatmulEfficiency = 0.791;
// Measured MAMF / dense peak where the catalog has no measurement (RTX 5090, a custom GPU without
// gpu_mamf_tflops): the median of the 11 measured GPUs of assets/gpus.json (MI300X 0.51, MI325X 0.60,
// H100 PCIe 0.66, L40S 0.70, MI250X 0.77, B200 0.78, H100 SXM 0.80, A100 PCIe 0.81, A100 SXM 0.87,
// RTX 4090 1.08, RTX 3090 1.10).
constexpr double kDefaultMamfFraction = 0.78;
// GEMM operand traffic, in units of the GPU's ridge point peak/bandwidth: t_m / t_c = c ridge / AI (GemmTime).
// A GEMM whose intensity is c x the ridge runs at 1/sqrt(2) of e_max.
constexpr double kMatmulHalfRidge = 0.585;
// FlashAttention's sustained fraction of the dense peak, forward and backward, counting the causal
// half only. Published: FA2 50-70% on A100 and about 35% on H100 (Dao 2023; Shah et al. 2024). The fit
// sits at the lower bound 0.35 (see docs/step-model.md: it also absorbs per-token overheads the model
// does not itemise).
constexpr double kAttentionEfficiency = 0.35;
// Fraction of peak memory bandwidth elementwise kernels reach. Fitted 0.753, below the 0.8-0.9 of
// STREAM-like copies: the norms, residuals and permutations are many short kernels, not one long stream.
constexpr double kMemoryEfficiency = 0.753;
// Fraction of the line rate NCCL collectives reach as bus bandwidth. Measured, not fitted (the cases do
// not determine it: left free, the fit runs to its bound): 0.77 on A100 NVLink (230 of 300 GB/s), 0.82 on
// H100 NVLink (370 of 450), 0.86-0.95 on InfiniBand / RoCE (nccl-tests issues 149, 175, 212, 283; nccl
// issue 1368); 0.80 for the NVLink traffic that dominates.
constexpr double kNetworkEfficiency = 0.80;
// Fraction of the backward (ZeRO 0-2) or forward+backward (ZeRO-3) time that data-parallel traffic
// can hide behind (bucketed gradient reduce-scatter, parameter prefetch): the first bucket / last
// prefetch stay exposed.
constexpr double kOverlapDp = 0.858;
// Hidden is not free: collectives overlapped with compute take SMs and HBM bandwidth from the GEMMs they
// run beside. Each second of communication hidden behind compute still costs this fraction of a second.
// Measured, not fitted: DeepSeek-V3 gives its overlapped all-to-all 20 of the H800's 132 SMs (report,
// section 3.5.1: 0.15); published interference of overlapped collectives is 10-40 % (Rashidi et al. 2022,
// Jangda et al. 2022 "CoCoNet", Wang et al. 2023).
constexpr double kOverlapContention = 0.15;

// ---- Published constants (not fitted).
// FlashAttention-2 backward does 2.5x the forward's matmul work (it recomputes the scores: 5 GEMMs vs 2).
constexpr double kFlashBackwardRatio = 2.5;
// Causal masking: FlashAttention skips the blocks above the diagonal, half the square.
constexpr double kCausalFraction = 0.5;
// Bytes per activation element moved by the memory-bound kernels (16-bit activations even in FP8
// training: Transformer Engine keeps activations in BF16 between GEMMs).
constexpr double kActBytes = 2.0;
// Per token and layer, forward: two fused LayerNorm/RMSNorm (read + write h: 4h bytes each) and two
// fused bias-dropout-add (read x and residual, write the sum and a 1-byte mask: 7h each) = 22h bytes.
constexpr double kNormResidualBytesPerH = 22.0;
// Unfused attention (no FlashAttention): scale-mask-softmax reads and writes the s x s scores and
// dropout reads them, writes them and a 1-byte mask: about 9 bytes per score element forward.
constexpr double kSoftmaxBytesPerScore = 9.0;
// Vocabulary-parallel cross-entropy: fp32 upcast, softmax, loss and gradient over the logits, about
// 20 bytes per logit element forward + backward.
constexpr double kCrossEntropyBytesPerLogit = 20.0;
// Backward of the memory-bound kernels moves about twice the forward bytes (gradient in, saved input
// in, gradient out).
constexpr double kMemoryBackwardRatio = 2.0;
// CPU Adam (DeepSpeed's vectorised CPU-Adam) updates about 1e9 parameters per second per GPU's share of
// a server's cores (order of magnitude, Ren et al. 2021 "ZeRO-Offload"; R).
constexpr double kCpuAdamParamsPerS = 1.0e9;
// NVMe read + write bandwidth per GPU for ZeRO-Infinity optimizer offload (a few GB/s per drive; R).
constexpr double kNvmeBytesPerS = 3.0e9;

Constants Resolve(const Assumptions& a) {
  return {a.eff_matmul > 0 ? a.eff_matmul : kMatmulEfficiency,
          a.matmul_half_ridge > 0 ? a.matmul_half_ridge : kMatmulHalfRidge,
          a.eff_attention > 0 ? a.eff_attention : kAttentionEfficiency,
          a.eff_memory > 0 ? a.eff_memory : kMemoryEfficiency,
          a.eff_network > 0 ? a.eff_network : kNetworkEfficiency,
          a.overlap_dp > 0 ? a.overlap_dp : kOverlapDp,
          a.overlap_contention > 0 ? a.overlap_contention : kOverlapContention,
          std::clamp(a.overlap_ep, 0.0, 1.0),
          std::max(1.0, a.moe_imbalance),
          std::max(0.0, a.moe_capacity),
          std::clamp(a.ep_dedup, 0.0, 1.0),
          std::clamp(a.moe_packed, 0.0, 1.0),
          a.moe_a2a_overlap > 0 ? 1.0 : 0.0,
          a.moe_pad > 0 ? 1.0 : 0.0,
          std::max(0.0, a.moe_host_s)};
}

struct Machine {
  double peak = 1, peak_attn = 1, mem_bw = 1, ridge = 1, elem_bytes = 2;
  Fabric fabric;
  bool fp8 = false;  // FP8 GEMMs (Transformer Engine) actually in use
};

// Achievable GEMM time: a big GEMM runs at e_max of the peak; one with low arithmetic intensity (thin after
// tensor-parallel splitting, few tokens per expert) is held back by its operand traffic. The kernel overlaps
// loading operands with the tensor-core work (software pipelining), so its time is a smooth maximum of the
// two, not their sum: t = (t_c^2 + t_m^2)^(1/2) with t_c = FLOPs / (peak e_max) and t_m = c ridge FLOPs / (AI
// peak e_max) = c x operand bytes / (bandwidth e_max); AI = 2MNK / (bytes (MK + KN + MN)). Efficiency is
// then e_max / sqrt(1 + (c ridge / AI)^2): within 1 % of e_max from AI = 7 c ridge, where the sum form
// e_max AI / (AI + c ridge) still loses 12 %.
double GemmTime(double m, double n, double k, const Machine& mc, const Constants& c) {
  if (m <= 0 || n <= 0 || k <= 0) return 0;
  const double flops = 2.0 * m * n * k;
  const double ai = flops / (mc.elem_bytes * (m * k + k * n + m * n));
  const double traffic = c.half_ridge * mc.ridge / ai;  // t_m / t_c
  return flops / (mc.peak * c.e_max) * std::sqrt(1.0 + traffic * traffic);
}

// GemmTime for the fine-tuning hook (step_finetune.h), which has no Machine of its own.
struct GemmCtx {
  const Machine* mc;
  const Constants* c;
};
double GemmAt(double m, double n, double k, const void* ctx) {
  const GemmCtx& g = *static_cast<const GemmCtx*>(ctx);
  return GemmTime(m, n, k, *g.mc, *g.c);
}

// Forward times of one layer for one micro-batch on one GPU, split by kind.
struct LayerTime {
  double gemm = 0;        // weight GEMMs (tensor cores)
  double attn = 0;        // attention core (tensor cores)
  double attn_mem = 0;    // unfused softmax traffic (memory-bound), recomputed by selective recompute
  double mem = 0;         // norms, residuals, activation functions (memory-bound)
  double tp_comm = 0;     // tensor-parallel collectives of the forward pass
  double cp_comm = 0;     // context-parallel K/V exchange of the forward pass
  double cp_exposed = 0;  // the part attention does not hide
  double ep_comm = 0;     // expert-parallel all-to-all (dispatch + combine) of the forward pass
};

// One micro-batch's forward, backward and recomputation on one pipeline stage, split by kind: a block's
// parts times its count, summed over the stage's blocks (and the output layer on the last stage).
struct MbParts {
  double comp_f = 0, comp_b = 0, comp_rc = 0, mem_f = 0, mem_b = 0, mem_rc = 0;
  double tp_f = 0, cp_f = 0, cp_x = 0, ep_f = 0;  // forward collectives (cp_x: the exposed part)
  MbParts operator*(double n) const {
    return {comp_f * n, comp_b * n, comp_rc * n, mem_f * n, mem_b * n,
            mem_rc * n, tp_f * n,   cp_f * n,    cp_x * n,  ep_f * n};
  }
  MbParts operator+(const MbParts& o) const {
    return {comp_f + o.comp_f, comp_b + o.comp_b, comp_rc + o.comp_rc, mem_f + o.mem_f, mem_b + o.mem_b,
            mem_rc + o.mem_rc, tp_f + o.tp_f,     cp_f + o.cp_f,       cp_x + o.cp_x,   ep_f + o.ep_f};
  }
  // Time of the micro-batch on the stage: tensor-parallel and expert collectives run forward, backward and
  // (full recomputation: `passes` = 3) once more; context-parallel exchanges forward and twice backward.
  double Time(double passes) const {
    return comp_f + comp_b + comp_rc + mem_f + mem_b + mem_rc + passes * (tp_f + ep_f) + 3.0 * cp_x;
  }
};

// Shares of a micro-batch's kernel time on its stage that are its forward (`forward`), or its weight gradients,
// the part the zero-bubble schedules defer into the bubble: half the backward's compute (the weight and input
// gradients of a GEMM cost the same; attention's backward, which has no weights, is counted in that half too, an
// approximation), none for frozen weights (LoRA).
double PassShare(const MbParts& p, bool forward, bool frozen) {
  const double total = p.comp_f + p.comp_b + p.comp_rc + p.mem_f + p.mem_b + p.mem_rc;
  if (total <= 0) return 1.0 / 3;
  return forward ? (p.comp_f + p.mem_f) / total : frozen ? 0.0 : 0.5 * p.comp_b / total;
}

LayerTime LayerForward(const LayerOps& l, const Job& job, const Layout& lay, int etp, const Machine& mc,
                       const Constants& c, const Place& tp_place, const Place& cp_place, const Place& ep_place) {
  LayerTime t;
  const double tpn = lay.tp, seq = job.work.seq;
  const double tokens = double(lay.mbs) * seq / lay.cp;  // rows of every GEMM on this GPU
  const double h = job.model.hidden;
  for (int i = 0; i < l.n_attn; ++i) {
    const Gemm& g = l.attn[i];
    t.gemm += GemmTime(tokens, g.col ? g.n / tpn : g.n, g.col ? g.k : g.k / tpn, mc, c);
  }
  // MLP: dense, or MoE with each local expert (experts / ep of them, each split over etp GPUs) seeing the
  // routed copies of the tokens of its expert-parallel group. With folding (etp < tp) the tensor-parallel
  // ranks' tokens are distinct rows for the experts (sequence-parallel split), hence x etp / tp.
  double mlp_rows = tokens;
  double mlp_count = 1;
  const double etpn = l.experts > 1 ? etp : tpn;
  if (l.experts > 1) {
    mlp_rows = tokens * etpn / tpn * l.routed * lay.ep / l.experts * ExpertLoad(c);
    mlp_count = l.experts / lay.ep;
  }
  for (int i = 0; i < l.n_mlp; ++i) {
    const Gemm& g = l.mlp[i];
    const double n = g.col ? g.n / etpn : g.n, k = g.col ? g.k : g.k / etpn;
    t.gemm += mlp_count * GemmTime(mlp_rows, n, k, mc, c);
    if (l.experts > 1 && l.mlp_mult > l.routed) {
      // Shared experts: every token, split like a dense MLP over the tensor-parallel group.
      const double sn = g.col ? g.n / tpn : g.n, sk = g.col ? g.k : g.k / tpn;
      t.gemm += (l.mlp_mult - l.routed) * GemmTime(tokens, sn, sk, mc, c);
    }
  }
  if (l.experts > 1) t.gemm += GemmTime(tokens, l.experts, h, mc, c);  // router

  // Attention core: heads split by tp; queries split by cp, keys span the whole sequence.
  const double heads = l.heads / tpn;
  const double b = lay.mbs;
  if (job.work.flash) {
    const double flops = 2.0 * b * (seq / lay.cp) * seq * heads * (l.qk_dim + l.v_dim) * kCausalFraction;
    t.attn = flops / (mc.peak_attn * c.attn);
  } else {
    // Batched GEMMs per head: scores (s x d) x (d x s), then (s x s) x (s x d); the whole square.
    const double sq = seq / lay.cp;
    t.attn = b * heads * (GemmTime(sq, seq, l.qk_dim, mc, c) + GemmTime(sq, l.v_dim, seq, mc, c));
    t.attn_mem = kSoftmaxBytesPerScore * b * heads * sq * seq / (mc.mem_bw * c.mem);
  }

  // Memory-bound kernels. Norms and residuals run on every tensor-parallel rank unless sequence
  // parallelism splits them; activation functions and rotary embeddings are split by tp.
  const double norm_rows = lay.sp ? tokens / tpn : tokens;
  double bytes = kNormResidualBytesPerH * h * norm_rows;
  const double act_per_ffn = l.swiglu ? 3.0 : 2.0;  // SwiGLU reads gate and up, writes one; GELU reads, writes
  bytes += l.mlp_mult * act_per_ffn * kActBytes * l.ffn / tpn * tokens;
  bytes += 2.0 * kActBytes * l.heads * (l.qk_dim + l.v_dim) / tpn * tokens;  // rotary / bias on q, k (read + write)
  if (l.experts > 1) bytes += 4.0 * kActBytes * l.routed * h * tokens;       // token permute / unpermute copies
  if (mc.fp8) {
    // FP8 casts of every GEMM input (read 2 bytes, write 1).
    double k_sum = 0;
    for (int i = 0; i < l.n_attn; ++i) k_sum += l.attn[i].col ? l.attn[i].k : l.attn[i].k / tpn;
    for (int i = 0; i < l.n_mlp; ++i) k_sum += l.mlp_mult * (l.mlp[i].col ? l.mlp[i].k : l.mlp[i].k / tpn);
    bytes += Fp8CastBytesPerElement(job.work.fp8_recipe) * k_sum * tokens;
  }
  t.mem = bytes / (mc.mem_bw * c.mem);

  // Tensor parallel: two all-reduces per layer forward (after attention and after the MLP), or with
  // sequence parallelism a reduce-scatter + all-gather pair each: the same bytes on the wire.
  const double act_bytes = b * (seq / lay.cp) * h * kActBytes;
  t.tp_comm = 2.0 * AllReduce(act_bytes, tp_place);
  // Context parallel (ring attention): each rank's K and V visit every other rank.
  // It overlaps the attention block it feeds: only the excess is exposed.
  if (lay.cp > 1) {
    const double kv_bytes = b * (seq / lay.cp) * l.kv_width / tpn * kActBytes;
    t.cp_comm = AllGather(kv_bytes * lay.cp, cp_place);
    // Ring attention hides the exchange behind the attention it feeds; what it hides still contends for
    // SMs and memory bandwidth (the same effect, and constant, as hidden data-parallel traffic).
    const double cp_hidden = std::min(t.cp_comm, t.attn);
    t.cp_exposed = t.cp_comm - cp_hidden + c.contention * cp_hidden;
  }
  // Expert parallel: dispatch and combine all-to-all of the routed token copies (the busiest rank receives
  // ExpertLoad times its mean share, and everyone waits for it), per pass (step_moe.cpp).
  if (l.experts > 1 && lay.ep > 1) {
    // Sequence parallelism (or folding, whose tensor-parallel ranks hold distinct tokens) sends 1/tp each.
    const double sent = tokens / (lay.sp || etp < tpn ? tpn : 1.0) * ExpertLoad(c);
    t.ep_comm = ExpertAllToAllPerPass(sent, h, l, job.model, ep_place, c, mc.fp8, job.work.fp8_recipe,
                                      lay.recompute == Recompute::Full);
  }
  return t;
}

}  // namespace

void FillStepDefaults(Assumptions& a) {
  const Constants c = Resolve(a);
  a.eff_matmul = c.e_max;
  a.matmul_half_ridge = c.half_ridge;
  a.eff_attention = c.attn;
  a.eff_memory = c.mem;
  a.eff_network = c.net;
  a.overlap_dp = c.overlap_dp;
  a.overlap_contention = c.contention;
  a.moe_host_s = c.moe_host > 0 ? c.moe_host : DefaultMoeHostPerLayerPass();
}

void EstimateStep(const Job& job, const Layout& layout, StepBreakdown& step, Throughput& thr, StepTrace* trace,
                  double paged_bytes) {
  step = StepBreakdown{};
  thr = Throughput{};
  const GpuSpec* gpu = job.hw.gpu;
  if (!gpu || job.work.seq <= 0 || job.work.gbs <= 0 || layout.mbs <= 0) return;
  // Group sizes below 1 mean "not split" (CheckLayout reports them); never divide by them.
  Layout lay = layout;
  lay.tp = std::max(1, lay.tp);
  lay.pp = std::max(1, lay.pp);
  lay.vp = std::max(1, lay.vp);
  lay.cp = std::max(1, lay.cp);
  lay.ep = std::max(1, lay.ep);
  lay.dp = std::max(1, lay.dp);
  const int tpn = lay.tp, ppn = lay.pp, vpn = lay.vp, cpn = lay.cp, dpn = lay.dp;
  const PipeSchedule schedule = ScheduleOf(lay);
  const int gpus = tpn * ppn * cpn * dpn;
  Constants c = Resolve(job.assume);

  // ---- The machine.
  Machine mc;
  const int pi = int(job.work.prec);
  const double bf16_peak = gpu->peak_flops[int(Precision::Bf16)];
  if (!(bf16_peak > 0) && !(gpu->peak_flops[pi] > 0)) return;           // a GPU without a peak: nothing to say
  mc.peak = gpu->peak_flops[pi] > 0 ? gpu->peak_flops[pi] : bf16_peak;  // no FP8 units: runs at BF16
  // Attention runs in 16-bit even in FP8 training (FlashAttention / cuDNN BF16 kernels).
  mc.peak_attn = job.work.prec == Precision::Fp32 ? mc.peak : (bf16_peak > 0 ? bf16_peak : mc.peak);
  // FP8 only where the GPU has FP8 tensor cores; elsewhere an fp8 request runs in BF16 (plan.cpp warns).
  mc.fp8 = job.work.prec == Precision::Fp8 && gpu->peak_flops[int(Precision::Fp8)] > 0;
  mc.elem_bytes = mc.fp8 ? 1.0 : job.work.prec == Precision::Fp8 ? 2.0 : BytesPerElement(job.work.prec);
  mc.mem_bw = gpu->mem_bw > 0 ? gpu->mem_bw : 1e12;
  mc.ridge = mc.peak / mc.mem_bw;
  // The largest GEMM efficiency: what the GPU was measured to reach on its best shape, times the fitted
  // fraction a training run keeps of it.
  const double mamf_fraction =
      gpu->mamf_flops > 0 && bf16_peak > 0 ? gpu->mamf_flops / bf16_peak : kDefaultMamfFraction;
  c.e_max *= mamf_fraction;
  mc.fabric = MakeFabric(job, gpus, c.net);

  // ---- Groups and where they sit (rank order tp, cp, dp, pp; expert parallelism inside dp).
  const Fabric& fab = mc.fabric;
  const Place tp_place = Locate(fab, tpn, 1);
  const Place cp_place = Locate(fab, cpn, tpn);
  // Gradients are reduced (and ZeRO shards spread) over dp x cp: context-parallel ranks see different
  // tokens of the same sequences, so they hold different gradients too (Megatron's dp-cp group).
  const int grad_n = dpn * cpn;
  const Place dp_place = Locate(fab, grad_n, tpn);
  // Expert-parallel ranks are tp x cp apart inside dp x cp, or consecutive when folded over the
  // tensor-parallel ranks (Megatron-Core's expert rank order tp-ep-dp-pp).
  const int ep_stride = ExpertTensorParallel(lay) == tpn ? tpn * cpn : 1;
  const Place ep_place = Locate(fab, lay.ep, ep_stride);
  const Place pp_place = Locate(fab, ppn, tpn * cpn * dpn);

  // ---- Micro-batches per pipeline per step, and the pipeline schedules they run as (one per step, or one per
  // local batch in torchtitan / NeMo AutoModel: PipelineSchedules, job.h).
  const double seqs_per_mb = double(lay.mbs) * dpn;
  const int m = std::max(1, int(std::ceil(job.work.gbs / seqs_per_mb - 1e-9)));
  const int schedules = ppn > 1 ? PipelineSchedules(job.work, m) : 1;
  step.micro_batches = m;

  const ModelMemo& memo = MemoOf(job);  // the model's counts, once per model (model_memo.h)
  const ModelOps& ops = memo.ops;
  const StepFlops flops = FlopsPerStep(job, lay, ops);
  const ParamCounts& pc = memo.pc;
  const bool lora = job.work.method != Method::Full;
  const LoraWidths lora_widths = lora ? memo.lora_widths : LoraWidths{};
  const double bwd_gemm = lora ? 1.0 : 2.0;  // frozen weights: activation gradients only

  // Per micro-batch on the slowest pipeline stage: every stage's blocks (BlocksOnStage, the stage model
  // memory uses too) at their kind's layer time, the last stage also the output layer and the loss.
  MbParts slowest;
  double stage_params = 0;         // weights held by one GPU of that stage (before ZeRO sharding)
  double stage_expert_params = 0;  // of which routed experts: ZeRO shards them over the expert-data-parallel group
  double stage_lora = 0;           // adapter parameters of that stage on one GPU
  StageBlocks slow_blocks;         // its blocks (fine-tuning terms)
  bool slow_last = true;
  const int etp = ExpertTensorParallel(lay);
  if (ops.valid) {
    const LayerOps* kinds[2] = {&ops.dense, &ops.moe};
    MbParts per_block[2];
    for (int i = 0; i < 2; ++i) {
      if ((i == 0 ? ops.dense_layers : ops.moe_layers) == 0) continue;
      const LayerTime t = LayerForward(*kinds[i], job, lay, etp, mc, c, tp_place, cp_place, ep_place);
      MbParts& b = per_block[i];
      b.comp_f = t.gemm + t.attn;
      const double attn_bwd = job.work.flash ? kFlashBackwardRatio : 2.0;
      b.comp_b = bwd_gemm * t.gemm + attn_bwd * t.attn;
      b.mem_f = t.mem + t.attn_mem;
      b.mem_b = kMemoryBackwardRatio * (t.mem + t.attn_mem);
      b.tp_f = t.tp_comm;
      b.cp_f = t.cp_comm;
      b.cp_x = t.cp_exposed;
      b.ep_f = t.ep_comm;
      if (lay.recompute == Recompute::Full) {
        b.comp_rc = t.gemm + t.attn;
        b.mem_rc = t.mem + t.attn_mem;
      } else if (lay.recompute == Recompute::Selective && !job.work.flash) {
        // FlashAttention already recomputes the scores inside its backward: selective recompute adds
        // nothing there. Without it, the attention core runs again.
        b.comp_rc = t.attn;
        b.mem_rc = t.attn_mem;
      }
    }
    // Output layer and cross-entropy on the last stage; the embedding's gradients are all-reduced across
    // tensor-parallel ranks once forward and backward.
    MbParts head;
    const double tokens = double(lay.mbs) * job.work.seq / cpn;
    const double logit_gemm = GemmTime(tokens, ops.vocab / tpn, ops.hidden, mc, c);
    head.comp_f = logit_gemm;
    head.comp_b = bwd_gemm * logit_gemm;
    head.mem_f = kCrossEntropyBytesPerLogit * tokens * ops.vocab / tpn / (mc.mem_bw * c.mem);
    head.tp_f = AllReduce(tokens * ops.hidden * kActBytes, tp_place);
    const double full = lay.recompute == Recompute::Full ? 3.0 : 2.0;
    double slowest_time = -1;
    for (int k = 0; k < ppn; ++k) {
      const StageBlocks blocks = BlocksOnStage(pc, ppn, k);
      MbParts stage = per_block[0] * blocks.dense + per_block[1] * blocks.moe;
      if (k == ppn - 1) stage = stage + head;
      const double time = stage.Time(full);
      if (time <= slowest_time) continue;
      slowest_time = time;
      slowest = stage;
      slow_blocks = blocks, slow_last = k == ppn - 1;
      // Expert parallelism keeps experts / ep routed experts on each GPU, each split over etp GPUs.
      const double experts_local = pc.experts * pc.expert / (double(lay.ep) * etp);
      stage_expert_params = blocks.moe * experts_local;
      stage_params = (blocks.dense * pc.dense_block + blocks.moe * (pc.moe_block - pc.experts * pc.expert)) / tpn +
                     stage_expert_params;
      // The last stage holds the head (a tied model's own copy when pp > 1), the first the embedding.
      if (k == ppn - 1) stage_params += (pc.head > 0 ? pc.head : pc.embedding) / tpn;
      if (k == 0 && (ppn > 1 || pc.head > 0)) stage_params += pc.embedding / tpn;
      if (lora)
        stage_lora = LoraParamsOfBlocks(job.model, lora_widths, job.work.lora_r, blocks.dense, blocks.moe) / tpn;
    }
  } else {
    // Size-only model: one big GEMM-like workload at the large-GEMM efficiency.
    const double per_mb = flops.forward / job.work.gbs * lay.mbs / (tpn * ppn * cpn);
    slowest.comp_f = per_mb / (mc.peak * c.e_max);
    slowest.comp_b = 2 * slowest.comp_f;
    if (lay.recompute == Recompute::Full) slowest.comp_rc = slowest.comp_f;
    stage_params = job.model.params_total / (tpn * ppn);
    if (lora) stage_lora = LoraParams(job.model, job.work.lora_r, job.work.lora_targets) / (tpn * ppn);
  }
  const double comp_f = slowest.comp_f, comp_b = slowest.comp_b, comp_rc = slowest.comp_rc;
  const double mem_f = slowest.mem_f, mem_b = slowest.mem_b, mem_rc = slowest.mem_rc;
  const double tp_f = slowest.tp_f, cp_f = slowest.cp_f, cp_x = slowest.cp_x, ep_f = slowest.ep_f;
  // Full recompute repeats the forward's tensor-parallel collectives too.
  const double tp_mb = (lay.recompute == Recompute::Full ? 3.0 : 2.0) * tp_f;
  // Context-parallel K/V exchange overlaps the attention it feeds (ring attention), backward twice.
  const double cp_mb = 3.0 * cp_x;
  // Pipeline: one activation forward and one gradient backward per virtual stage boundary; with
  // tensor parallelism each rank sends 1/tp of it (Narayanan et al. 2021 scatter/gather).
  double pp_mb = 0;
  if (ppn > 1) {
    const double bytes = double(lay.mbs) * job.work.seq / cpn * job.model.hidden * kActBytes / tpn;
    pp_mb = PipelineSends(bytes, pp_place, schedule, vpn, c.contention);
  }
  // Fine-tuning's own work (core/estimate/step_finetune.h): LoRA adapters, NF4 dequantization, a stack's unfused
  // kernels, offloaded checkpoints, the host time to launch it all.
  const GemmCtx gemm_ctx{&mc, &c};
  const FinetuneTime ft =
      FinetuneStep(job, lay, ops,
                   {double(lay.mbs) * job.work.seq / cpn, slow_blocks.dense, slow_blocks.moe, slow_last, comp_f,
                    comp_b + comp_rc, mc.mem_bw * c.mem, fab.pcie / fab.switch_gpus, GemmAt, &gemm_ctx});
  const double compute_mb = comp_f + comp_b + comp_rc + ft.Compute();
  const double memory_mb = mem_f + mem_b + mem_rc + ft.Memory();
  // Expert all-to-all, forward, backward (and again with full recomputation). Exposed unless the stack
  // overlaps it with compute -- DualPipe's paired forward/backward chunks (DeepSeek-V3 report, section
  // 3.2.1), Megatron-Core's --overlap-moe-expert-parallel-comm, the shared experts beside the dispatch:
  // overlap_ep of the micro-batch's compute can hide it, and what it hides still costs contention.
  const double ep_total_mb = (lay.recompute == Recompute::Full ? 3.0 : 2.0) * ep_f;
  const double ep_hidden = ExpertHidden(ep_total_mb, compute_mb, c, schedule);
  const double ep_mb = ep_total_mb - ep_hidden + c.contention * ep_hidden;
  // The GPU waits for the host when launching a micro-batch's kernels takes longer than running them.
  const double gpu_mb = compute_mb + memory_mb + tp_mb + cp_mb + ep_mb + pp_mb + ft.offload;
  // Eager, dropless MoE layers launch their kernels from the host too (step_moe.cpp).
  const double moe_host = MoeHostTime(slow_blocks.moe, lay.recompute == Recompute::Full ? 3.0 : 2.0, c);
  const double host_mb = std::max(0.0, ft.host + moe_host - gpu_mb);
  const double mb_time = gpu_mb + host_mb;

  // ---- Data parallel (and ZeRO). Gradients travel in the 16-bit training type (fp32 for fp32).
  const double grad_bytes = job.work.prec == Precision::Fp32 ? 4.0 : 2.0;
  double trainable = stage_params, trainable_experts = stage_expert_params;
  if (lora) trainable = stage_lora, trainable_experts = 0;
  // Routed experts are replicated only over the expert-data-parallel group (dp x cp / ep ranks hold the same
  // experts; Megatron, DeepSpeed-MoE): their gradients are reduced, and their ZeRO shards gathered, there.
  const double expert_dp = std::max(1.0, double(grad_n) * tpn / (double(lay.ep) * etp));
  const Place edp_place =
      stage_expert_params > 0 ? Locate(fab, std::max(1, int(std::lround(expert_dp))), ep_stride * lay.ep) : Place{};
  const double dense_params = stage_params - stage_expert_params, dense_trainable = trainable - trainable_experts;
  double dp_total = 0, dp_hideable = 0, dp_hide = 0;
  if (lay.zero >= 3 && ppn > 1) {
    // ZeRO-3 with a pipeline (FSDP2 under torch.distributed.pipelining, where the stack allows it: CheckLayout):
    // the weights are gathered once per schedule and kept through it (torchtitan: no reshard after forward with
    // PP), the gradients accumulate unsharded and are reduce-scattered at each stage's last backward of the
    // schedule, and the compute stream waits for that reduce-scatter (stage.py backward_maybe_with_nosync,
    // _root_post_backward_final_callback). The gathers hide behind the forwards (prefetch); the reduce-scatters
    // do not.
    const double gather =
        AllGather(dense_params * grad_bytes, dp_place) + AllGather(stage_expert_params * grad_bytes, edp_place);
    const double reduce =
        AllGather(dense_trainable * grad_bytes, dp_place) + AllGather(trainable_experts * grad_bytes, edp_place);
    dp_total = schedules * (gather + reduce);
    dp_hideable = schedules * gather;
    dp_hide = m * comp_f;
  } else if (lay.zero >= 3) {
    // ZeRO-3 / FSDP: parameters all-gathered for forward and again for backward, gradients
    // reduce-scattered, every micro-batch (3 x Psi per micro-batch; LoRA: only adapter gradients).
    dp_total =
        m * (2.0 * AllGather(dense_params * grad_bytes, dp_place) + AllGather(dense_trainable * grad_bytes, dp_place) +
             2.0 * AllGather(stage_expert_params * grad_bytes, edp_place) +
             AllGather(trainable_experts * grad_bytes, edp_place));
    dp_hideable = dp_total;
    dp_hide = m * (comp_f + comp_b + comp_rc);
  } else {
    // ZeRO 0-2 / DDP / distributed optimizer: one reduce-scatter + all-gather (= all-reduce) per step,
    // bucketed behind the last micro-batch's backward; per schedule where each schedule ends with its own
    // gradient sync (torch.distributed.pipelining syncs at a schedule's last backward).
    dp_total = schedules * (AllReduce(dense_trainable * grad_bytes, dp_place) +
                            AllReduce(trainable_experts * grad_bytes, edp_place));
    dp_hideable = dp_total;
    dp_hide = schedules * comp_b;
  }
  const double dp_hidden = std::min(dp_hideable, c.overlap_dp * dp_hide);
  const double dp_exposed = dp_total - dp_hidden + c.contention * dp_hidden;

  // ---- Optimizer step over the local shard (memory-bound), or on the CPU with offload.
  // ZeRO shards the optimizer over the data-parallel group, routed experts' states over the expert-data-
  // parallel group.
  const double opt_params =
      lay.zero >= 1 ? (trainable - trainable_experts) / grad_n + trainable_experts / expert_dp : trainable;
  const double opt_bytes_per_param = OptimizerStepBytes(job, lay.zero);
  double optimizer_s = 0, offload_s = 0;
  if (lay.offload == Offload::None) {
    optimizer_s = opt_params * opt_bytes_per_param / (mc.mem_bw * c.mem);
  } else {
    // ZeRO-Offload: gradients down (fp32-cast on the host) and 16-bit weights up over the host link,
    // Adam on the CPU; ZeRO-Infinity also streams the optimizer states from NVMe and back. The host link
    // is derated like every other link, and every GPU offloads at once: the GPUs behind one PCIe switch
    // share its uplink.
    const double host_bw = fab.pcie / fab.switch_gpus;
    offload_s = opt_params * (grad_bytes + 2.0) / host_bw + opt_params / kCpuAdamParamsPerS;
    if (lay.offload == Offload::Nvme) offload_s += opt_params * 2.0 * 12.0 / kNvmeBytesPerS;
  }

  // ---- Pipeline bubble: (p - 1) / v micro-batch times per schedule (Narayanan et al. 2021); a stack that runs
  // one schedule per local batch fills and drains the pipeline once for each.
  const double bubble = ppn > 1 ? schedules * PipelineIdle(schedule, ppn, vpn, mb_time, PassShare(slowest, true, lora),
                                                           PassShare(slowest, false, lora))
                                : 0.0;

  step.compute_s = m * compute_mb;
  step.memory_s = m * memory_mb + optimizer_s;
  step.comm_tp_s = m * tp_mb;
  step.comm_cp_s = m * 3.0 * cp_f;
  step.comm_ep_s = m * ep_total_mb;
  step.comm_pp_s = m * pp_mb;
  step.comm_dp_s = dp_total;
  // Tensor-parallel collectives sit on the critical path (each layer waits for them); the expert
  // all-to-all unless overlapped (above); context-parallel hides behind attention only partly; pipeline
  // sends are small and synchronous.
  step.comm_exposed_s = m * (tp_mb + cp_mb + ep_mb + pp_mb) + dp_exposed;
  step.bubble_s = bubble;
  // Paged optimizer states the driver evicted come back over the host link for the update and leave again
  // (bitsandbytes prefetches them: the link's rate); the step waits for them.
  const double paging_s = 2.0 * std::max(0.0, paged_bytes) / (fab.pcie / fab.switch_gpus);
  step.offload_s = offload_s + m * ft.offload + paging_s;
  step.host_s = m * host_mb;
  step.seconds = step.compute_s + step.memory_s + step.comm_exposed_s + step.bubble_s + step.offload_s + step.host_s;
  if (trace) {
    StepTrace& tr = *trace;
    tr.gpus = gpus, tr.micro_batches = m, tr.schedules = schedules;
    tr.compute_mb = compute_mb, tr.memory_mb = memory_mb, tr.optimizer_s = optimizer_s;
    tr.tp_mb = tp_mb, tr.cp_mb = cp_mb, tr.ep_mb = ep_mb, tr.pp_mb = pp_mb, tr.mb_time = mb_time;
    tr.dp_total = dp_total, tr.dp_hidden = dp_hidden, tr.dp_exposed = dp_exposed;
    tr.peak_flops = mc.peak, tr.mem_bw = mc.mem_bw;
    tr.eff_matmul = c.e_max, tr.eff_memory = c.mem, tr.overlap_dp = c.overlap_dp, tr.contention = c.contention;
    tr.stage_params = stage_params, tr.trainable = trainable;
    tr.tokens_per_step = double(job.work.gbs) * job.work.seq;
    tr.finetune_compute_mb = ft.Compute(), tr.finetune_memory_mb = ft.Memory();
    tr.offload_act_mb = ft.offload, tr.host_mb = ft.host, tr.gpu_mb = gpu_mb, tr.host_gap_mb = host_mb;
  }

  // ---- Throughput.
  const double tokens = double(job.work.gbs) * job.work.seq;
  if (step.seconds <= 0) return;
  thr.tokens_per_s = tokens / step.seconds;
  thr.tokens_per_s_per_gpu = thr.tokens_per_s / gpus;
  thr.model_flops_per_step = flops.model;
  thr.hardware_flops_per_step = flops.hardware;
  thr.model_tflops_per_gpu = flops.model / step.seconds / gpus / 1e12;
  thr.hardware_tflops_per_gpu = flops.hardware / step.seconds / gpus / 1e12;
  const double peak = gpu->peak_flops[pi] > 0 ? gpu->peak_flops[pi] : bf16_peak;
  if (peak > 0) {
    thr.mfu = thr.model_tflops_per_gpu * 1e12 / peak;
    thr.hfu = thr.hardware_tflops_per_gpu * 1e12 / peak;
  }
}

}  // namespace tp
