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
#include "pipeline.h"
#include "rules.h"
#include "stack.h"
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
constexpr double kMatmulEfficiency = 0.787;
// Measured MAMF / dense peak where the catalog has no measurement (RTX 5090, a custom GPU without
// gpu_mamf_tflops): the median of the 11 measured GPUs of assets/gpus.json (MI300X 0.51, MI325X 0.60,
// H100 PCIe 0.66, L40S 0.70, MI250X 0.77, B200 0.78, H100 SXM 0.80, A100 PCIe 0.81, A100 SXM 0.87,
// RTX 4090 1.08, RTX 3090 1.10).
constexpr double kDefaultMamfFraction = 0.78;
// GEMM operand traffic, in units of the GPU's ridge point peak/bandwidth: t_m / t_c = c ridge / AI (GemmTime).
// A GEMM whose intensity is c x the ridge runs at 1/sqrt(2) of e_max.
constexpr double kMatmulHalfRidge = 0.514;
// FlashAttention's sustained fraction of the dense peak, forward and backward, counting the causal
// half only. Published: FA2 50-70% on A100 and about 35% on H100 (Dao 2023; Shah et al. 2024). The fit
// sits at the lower bound 0.35 (see docs/step-model.md: it also absorbs per-token overheads the model
// does not itemise).
constexpr double kAttentionEfficiency = 0.35;
// Fraction of peak memory bandwidth elementwise kernels reach. Fitted 0.746, below the 0.8-0.9 of
// STREAM-like copies: the norms, residuals and permutations are many short kernels, not one long stream.
constexpr double kMemoryEfficiency = 0.746;
// Fraction of the line rate NCCL collectives reach as bus bandwidth. Measured, not fitted (the cases do
// not determine it: left free, the fit runs to its bound): 0.77 on A100 NVLink (230 of 300 GB/s), 0.82 on
// H100 NVLink (370 of 450), 0.86-0.95 on InfiniBand / RoCE (nccl-tests issues 149, 175, 212, 283; nccl
// issue 1368); 0.80 for the NVLink traffic that dominates.
constexpr double kNetworkEfficiency = 0.80;
// Fraction of the backward (ZeRO 0-2) or forward+backward (ZeRO-3) time that data-parallel traffic
// can hide behind (bucketed gradient reduce-scatter, parameter prefetch): the first bucket / last
// prefetch stay exposed. Fitted (bench/fit_step.cpp --fit; docs/step-model.md: the loss is nearly flat in it, the
// cases do not measure the exposed part well). Fitted with megatron-core-h100-16b/-70b/-314b's tensor-parallel
// traffic exposed although their source states --tp-comm-overlap: with it set the fit sends this to 0.262, which the
// same source's data-parallel overlap contradicts; not shipped (docs/step-model.md section 6).
constexpr double kOverlapDp = 0.854;
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
// Sliding-window attention: fused kernels (FlashAttention-2's causal loop, cuDNN's SWA (left, 0) in Transformer
// Engine's FusedAttention, FlexAttention's block mask) visit only the key tiles a query tile can see, and compute
// each visited tile whole. Tiles of 128 x 128 (FlashAttention-2's block sizes are 64-128 per side, Dao 2023
// section 3.3; 128 for cuDNN and FlexAttention's default BLOCK_SIZE, inferred for cuDNN).
constexpr double kAttentionTile = 128;
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
// CPU Adam (DeepSpeed's vectorised CPU-Adam) on one host: 11.6B parameters in 8.2 s, 1.41e9 parameters per
// second (microsoft/DeepSpeed PR #735, 2021: "it reduces the optimizer time from 56 seconds to 8.2 seconds to an
// 11.6B parameter GPT2 model"; the 5x-7x over torch's CPU Adam of deepspeed/ops/adam/cpu_adam.py@38327e0). The
// node's GPUs share the host's cores: each GPU's shard waits for all of the node's (OptimizerTime).
constexpr double kCpuAdamParamsPerS = 1.41e9;
// Host memory the CPU's Adam step moves per parameter: the fp32 weight, gradient and both moments read (16 B),
// the weight and moments written back (12 B) and the 16-bit copy for the GPU written (2 B). With the node's
// host memory bandwidth (HostMemoryBw, the fabric's host_mem) this bounds the update from below (derived from the
// update rule).
constexpr double kCpuAdamHostBytesPerParam = 30.0;
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
          std::max(0.0, a.moe_host_s),
          a.full_graphs > 0 ? 1.0 : 0.0,
          a.fp8_head > 0 ? 1.0 : 0.0};
}

struct Machine {
  double peak = 1, peak_attn = 1, mem_bw = 1, ridge = 1, elem_bytes = 2;
  double matmul_share = 1;  // the GPU's measured matmul rate over its dense BF16 peak (MAMF), which scales e_max
  Fabric fabric;
  bool fp8 = false;             // FP8 GEMMs (Transformer Engine) actually in use
  bool fp8_transposes = false;  // ... on a GPU whose FP8 GEMMs are TN-only: each cast writes a transpose too
};

// Achievable GEMM time: a big GEMM runs at e_max of the peak; one with low arithmetic intensity (thin after
// tensor-parallel splitting, few tokens per expert) is held back by its operand traffic. The kernel overlaps
// loading operands with the tensor-core work (software pipelining), so its time is a smooth maximum of the
// two, not their sum: t = (t_c^2 + t_m^2)^(1/2) with t_c = FLOPs / (peak e_max) and t_m = c ridge FLOPs / (AI
// peak e_max) = c x operand bytes / (bandwidth e_max); AI = 2MNK / (bytes (MK + KN + MN)). Efficiency is
// then e_max / sqrt(1 + (c ridge / AI)^2): within 1 % of e_max from AI = 7 c ridge, where the sum form
// e_max AI / (AI + c ridge) still loses 12 %.
double GemmTimeOfTraffic(double flops, double bytes, const Machine& mc, const Constants& c) {
  const double traffic = c.half_ridge * mc.ridge * bytes / flops;  // t_m / t_c = c ridge / AI
  return flops / (mc.peak * c.e_max) * std::sqrt(1.0 + traffic * traffic);
}
double GemmTime(double m, double n, double k, const Machine& mc, const Constants& c) {
  if (m <= 0 || n <= 0 || k <= 0) return 0;
  return GemmTimeOfTraffic(2.0 * m * n * k, mc.elem_bytes * (m * k + k * n + m * n), mc, c);
}

// The weight-gradient GEMM of a forward GEMM (m x k) . (k x n): dW (k x n) = X^T (k x m) . dY (m x n), its reduction
// over the m rows. It reads the forward's operands; its output is the weight's whole shape, `grad_bytes` per weight
// element (WgradOutputBytes). At few rows (a routed expert's share of a micro-batch: 1,024-2,048 rows at EP 8) that
// output traffic rivals its FLOPs, which the forward's shape never shows; at a dense layer's 4,096 rows and more it
// costs a few per cent. Same smooth maximum as GemmTime, no constant of its own.
double WgradTime(double m, double n, double k, double grad_bytes, const Machine& mc, const Constants& c) {
  if (m <= 0 || n <= 0 || k <= 0) return 0;
  return GemmTimeOfTraffic(2.0 * m * n * k, mc.elem_bytes * (m * k + m * n) + grad_bytes * k * n, mc, c);
}

// Bytes per weight element the weight-gradient GEMM moves for its output. Megatron-Core accumulates it in the GEMM
// into the gradient buffer (gradient_accumulation_fusion, on by default: Transformer Engine's
// fuse_wgrad_accumulation adds into param.main_grad), reading and writing that buffer, fp32 unless the stack keeps
// 16-bit gradients (grad_reduce_in_fp32 false, the grad_fp32 key: megatron/core/distributed/param_and_grad_buffer.py
// sizes the buffer in param dtype then): 8 or 4 B. PyTorch autograd elsewhere writes a fresh 16-bit gradient: 2 B
// (its accumulation into .grad is an elementwise kernel apart).
double WgradOutputBytes(const Job& job) {
  if (job.work.modeling != ModelCode::Megatron) return 2.0;
  return job.work.grad_fp32 ? 8.0 : 4.0;
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
  double wgrad = 0;       // their weight-gradient GEMMs in the backward (WgradTime)
  double attn = 0;        // attention core (tensor cores)
  double attn_mem = 0;    // unfused softmax traffic (memory-bound), recomputed by selective recompute
  double mem = 0;         // norms, residuals, activation functions (memory-bound)
  double tp_comm = 0;     // tensor-parallel collectives of the forward pass
  double tp_exposed = 0;  // the part its GEMMs do not hide (tp_overlap), with the hidden part's contention
  double cp_comm = 0;     // context-parallel K/V exchange of the forward pass
  double cp_exposed = 0;  // the part attention does not hide
  double ep_comm = 0;     // expert-parallel all-to-all (dispatch + combine) of the forward pass
  double up_gemm = 0;     // of gemm: MLA's up-projections (Megatron's recompute_modules mla_up_proj runs them again)
  double expert_act = 0;  // of mem: the routed experts' activation function (recompute_modules moe_act)
};

// One micro-batch's forward, backward and recomputation on one pipeline stage, split by kind: a block's
// parts times its count, summed over the stage's blocks (and the output layer on the last stage).
struct MbParts {
  double comp_f = 0, comp_b = 0, comp_rc = 0, mem_f = 0, mem_b = 0, mem_rc = 0;
  double tp_f = 0, cp_f = 0, cp_x = 0, ep_f = 0;  // forward collectives (cp_x: the exposed part)
  double tp_x = 0;                                // the exposed part of tp_f (tp_overlap)
  MbParts operator*(double n) const {
    return {comp_f * n, comp_b * n, comp_rc * n, mem_f * n, mem_b * n, mem_rc * n,
            tp_f * n,   cp_f * n,   cp_x * n,    ep_f * n,  tp_x * n};
  }
  MbParts operator+(const MbParts& o) const {
    return {comp_f + o.comp_f, comp_b + o.comp_b, comp_rc + o.comp_rc, mem_f + o.mem_f,
            mem_b + o.mem_b,   mem_rc + o.mem_rc, tp_f + o.tp_f,       cp_f + o.cp_f,
            cp_x + o.cp_x,     ep_f + o.ep_f,     tp_x + o.tp_x};
  }
  // Time of the micro-batch on the stage: tensor-parallel and expert collectives `passes` times
  // (CollectivePasses), context-parallel exchanges kContextPasses times.
  double Time(double passes) const {
    return comp_f + comp_b + comp_rc + mem_f + mem_b + mem_rc + passes * (tp_x + ep_f) + kContextPasses * cp_x;
  }
  // Time of the micro-batch's forward alone (no gradients): each collective once, tensor-parallel's exposed part
  // (tp_overlap hides up to the forward GEMMs it feeds: TpExposed).
  double ForwardTime() const { return comp_f + mem_f + tp_x + ep_f + cp_x; }
};

// Shares of a micro-batch's kernel time on its stage that are its forward (`forward`), or its weight gradients,
// the part the zero-bubble schedules defer into the bubble: half the backward's compute (a GEMM's weight and input
// gradients do the same FLOPs; the weight gradient's accumulation traffic, WgradTime, makes it somewhat more at few
// rows, and attention's backward, which has no weights, is counted in that half too: an approximation), none for
// frozen weights (LoRA).
double PassShare(const MbParts& p, bool forward, bool frozen) {
  const double total = p.comp_f + p.comp_b + p.comp_rc + p.mem_f + p.mem_b + p.mem_rc;
  if (total <= 0) return 1.0 / 3;
  return forward ? (p.comp_f + p.mem_f) / total : frozen ? 0.0 : 0.5 * p.comp_b / total;
}

// Share of full causal attention's work that a layer kind does: its windowed layers visit, per 128-query tile,
// the key tiles from (first query - window + 1) to the diagonal, where causal attention visits every tile up to it.
// Of n query tiles, tile i (from 0) visits i + 1 tiles while its first query's window reaches back to key 0 (i up to
// floor((window - 1) / 128)), and ceil((window - 1) / 128) + 1 after: closed sums, no loop over the sequence on the
// search's hot path.
double AttentionWorkShare(const LayerOps& l, double seq) {
  if (l.window <= 0 || l.window_share <= 0 || seq <= 0) return 1;
  const double n = std::ceil(seq / kAttentionTile);
  const double reach = std::ceil((l.window - 1) / kAttentionTile);  // tiles behind the diagonal, once full
  const double growing = std::min(n, std::floor((l.window - 1) / kAttentionTile) + 1);  // tiles still growing
  const double windowed = growing * (growing + 1) / 2 + (n - growing) * (reach + 1);
  const double causal = n * (n + 1) / 2;
  return 1 - l.window_share + l.window_share * windowed / causal;
}

// Time of the GEMMs each tensor-parallel collective of a layer feeds or drains: the attention block's and the dense
// MLP's column-parallel GEMMs (after the all-gather), their row-parallel ones (before the reduce-scatter).
struct TpGemms {
  double col_attn = 0, row_attn = 0, col_mlp = 0, row_mlp = 0;
};

// tp_overlap (Megatron-Core's tp_comm_overlap through Transformer Engine's userbuffers; torchtitan's async TP): each
// of a layer's four collectives, a quarter of its traffic `tp_comm`, is split into chunks pipelined with the GEMM it
// feeds or drains ("Controls All-Gather overlap with GEMM by pipelining the GEMM and All-Gather", "... Reduce-Scatter
// overlap with GEMM ...", NVIDIA/Megatron-LM megatron/core/model_parallel_config.py@02aa3ee4): the all-gathers before
// the column-parallel GEMMs (QKV, FC1), the reduce-scatters after the row-parallel ones (proj, FC2). It hides up to
// that GEMM's time. The backward's collectives pair with GEMMs of the same work (the grad-output all-gather with the
// row-parallel dgrad, the dgrad reduce-scatter with the column-parallel wgrad: tp_comm_bulk_dgrad / _wgrad), so one
// pass's hidden share holds for every pass. The MoE experts' grouped GEMMs take no userbuffers (Transformer Engine's
// GroupedLinear has no ub_* options): a MoE layer hides only its attention block's collectives. What is hidden still
// costs `overlap_contention` of itself, the one rule for hidden traffic (the userbuffers configurations give the
// overlapped kernels 1 to 24 of the H100's 132 SMs: NVIDIA-NeMo/Megatron-Bridge
// src/megatron/bridge/training/comm_overlap.py@97ad8cc6f userbuffers_fp8_h100_h8192_tp4_mbs1_seqlen8192).
double TpExposed(double tp_comm, const TpGemms& g, bool moe, const Constants& c) {
  const double quarter = tp_comm / 4.0;
  const double hidden = std::min(quarter, g.col_attn) + std::min(quarter, g.row_attn) +
                        (moe ? 0.0 : std::min(quarter, g.col_mlp) + std::min(quarter, g.row_mlp));
  return tp_comm - hidden + c.contention * hidden;
}

// Adds `count` weight GEMMs of m rows to a layer's forward GEMM time and to its weight-gradient time (WgradTime);
// returns the forward's.
double AddWeightGemms(LayerTime& t, double count, double m, double n, double k, double grad_bytes, const Machine& mc,
                      const Constants& c) {
  const double forward = count * GemmTime(m, n, k, mc, c);
  t.gemm += forward;
  t.wgrad += count * WgradTime(m, n, k, grad_bytes, mc, c);
  return forward;
}

LayerTime LayerForward(const LayerOps& l, const Job& job, const Layout& lay, int etp, const Machine& mc,
                       const Constants& c, const Place& tp_place, const Place& cp_place, const Place& ep_place) {
  LayerTime t;
  const double tpn = lay.tp, seq = job.work.seq;
  const double tokens = double(lay.mbs) * seq / lay.cp;  // rows of every GEMM on this GPU
  const double h = job.model.hidden;
  TpGemms tp_gemms;  // what each tensor-parallel collective can hide behind (tp_overlap: TpExposed)
  const double acc = WgradOutputBytes(job);  // the weight-gradient GEMMs' output traffic (WgradTime)
  for (int i = 0; i < l.n_attn; ++i) {
    const Gemm& g = l.attn[i];
    const double gt = AddWeightGemms(t, 1, tokens, g.col ? g.n / tpn : g.n, g.col ? g.k : g.k / tpn, acc, mc, c);
    (g.col ? tp_gemms.col_attn : tp_gemms.row_attn) += gt;
    if (g.up) t.up_gemm += gt;
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
    const double gt = AddWeightGemms(t, mlp_count, mlp_rows, n, k, acc, mc, c);
    if (l.experts <= 1) (g.col ? tp_gemms.col_mlp : tp_gemms.row_mlp) += gt;
    if (l.experts > 1 && l.mlp_mult > l.routed) {
      // Shared experts: every token, split like a dense MLP over the tensor-parallel group.
      const double sn = g.col ? g.n / tpn : g.n, sk = g.col ? g.k : g.k / tpn;
      AddWeightGemms(t, l.mlp_mult - l.routed, tokens, sn, sk, acc, mc, c);
    }
  }
  if (l.experts > 1) AddWeightGemms(t, 1, tokens, l.experts, h, acc, mc, c);  // router

  // Attention core: heads split by tp; queries split by cp, keys span the whole sequence.
  const double heads = l.heads / tpn;
  const double b = lay.mbs;
  if (job.work.flash) {
    const double flops = 2.0 * b * (seq / lay.cp) * seq * heads * (l.qk_dim + l.v_dim) * kCausalFraction;
    t.attn = flops * AttentionWorkShare(l, seq) / (mc.peak_attn * c.attn);
  } else {
    // Unfused attention (Transformer Engine's UnfusedDotProductAttention) turns a window into a mask over the
    // whole square: no work saved.
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
  t.expert_act = l.routed * act_per_ffn * kActBytes * l.ffn / tpn * tokens / (mc.mem_bw * c.mem);
  bytes += 2.0 * kActBytes * l.heads * (l.qk_dim + l.v_dim) / tpn * tokens;  // rotary / bias on q, k (read + write)
  if (l.experts > 1) bytes += 4.0 * kActBytes * l.routed * h * tokens;       // token permute / unpermute copies
  // Eager expert biases and activation (step_moe.cpp), on the busiest rank's routed rows; charged here as the
  // forward share of their forward + backward bytes (the backward is kMemoryBackwardRatio x the forward below).
  if (l.experts > 1)
    bytes += EagerExpertBytesPerCopy(l, h, job.work.modeling == ModelCode::Megatron, c.ep_dedup) /
             (1.0 + kMemoryBackwardRatio) * mlp_count * mlp_rows;
  if (mc.fp8) {
    // FP8 casts of every GEMM input (read 2 bytes, write 1; and the transpose where FP8 GEMMs are TN-only).
    double k_sum = 0;
    for (int i = 0; i < l.n_attn; ++i) k_sum += l.attn[i].col ? l.attn[i].k : l.attn[i].k / tpn;
    for (int i = 0; i < l.n_mlp; ++i) k_sum += l.mlp_mult * (l.mlp[i].col ? l.mlp[i].k : l.mlp[i].k / tpn);
    bytes += Fp8CastBytesPerElement(job.work.fp8_recipe, mc.fp8_transposes) * k_sum * tokens;
  }
  t.mem = bytes / (mc.mem_bw * c.mem);

  // Tensor parallel: two all-reduces per layer forward (after attention and after the MLP), or with
  // sequence parallelism a reduce-scatter + all-gather pair each: the same bytes on the wire.
  const double act_bytes = b * (seq / lay.cp) * h * kActBytes;
  t.tp_comm = 2.0 * AllReduce(act_bytes, tp_place);
  t.tp_exposed =
      job.work.tp_overlap && lay.sp && tpn > 1 ? TpExposed(t.tp_comm, tp_gemms, l.experts > 1, c) : t.tp_comm;
  // Context parallel, by its variant (Workload::cp_comm; capabilities.cpp cites each): a ring or an all-gather brings
  // each rank every other rank's K and V; Ulysses' all-to-alls trade the sequence split for a head split instead.
  if (lay.cp > 1) {
    const double kv_bytes = b * (seq / lay.cp) * l.kv_width / tpn * kActBytes;
    double hideable = t.attn;  // p2p: each exchange hides behind the attention it feeds
    if (job.work.cp_comm == CpComm::A2a) {
      // q, k and v before attention and its output after, (cp - 1)/cp of each local tensor to the other members,
      // each to its own: nothing to hide behind, attention waits for them (DeepSpeed's DistributedAttention).
      const double qo = b * (seq / lay.cp) * l.heads * (l.qk_dim + l.v_dim) / tpn * kActBytes;
      const double n = lay.cp, k = std::min(double(cp_place.k), n);
      t.cp_comm = AllToAllVolumes((qo + kv_bytes) * (n - k) / n, (qo + kv_bytes) * (k - 1) / n, cp_place);
      // Its backward sends the gradients of the same four tensors once: two passes in all, where a ring's three
      // (kContextPasses) pass K and V again with their gradients.
      t.cp_comm *= 2.0 / kContextPasses;
      hideable = 0;
    } else {
      t.cp_comm = AllGather(kv_bytes * lay.cp, cp_place);
      // all_gather: Megatron-Core's arrives before attention ('not async, and cannot be overlapped'); PyTorch's
      // allgather rotation starts after the first, local chunk's attention, which hides it that long.
      if (job.work.cp_comm == CpComm::AllGather)
        hideable = job.work.modeling == ModelCode::Megatron ? 0.0 : t.attn / lay.cp;
    }
    // What is hidden still contends for SMs and memory bandwidth (the same effect, and constant, as hidden
    // data-parallel traffic).
    const double cp_hidden = std::min(t.cp_comm, hideable);
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

// ---- The step's parts, in the order EstimateStep puts them together ---------------------------------

// The GPU as the step model sees it at the job's precision, and the fitted GEMM efficiency scaled to what
// this GPU was measured to reach. False for a GPU without a peak (nothing to say).
bool MakeMachine(const Job& job, const GpuSpec& gpu, int gpus, Constants& c, Machine& mc) {
  const int pi = int(job.work.prec);
  const double bf16_peak = Peak16(gpu);  // FP16's on a GPU without BF16 (T4, V100)
  if (!(bf16_peak > 0) && !(gpu.peak_flops[pi] > 0)) return false;
  mc.peak = gpu.peak_flops[pi] > 0 ? gpu.peak_flops[pi] : bf16_peak;  // no FP8 units: runs at BF16
  // Attention runs in 16-bit even in FP8 training (FlashAttention / cuDNN BF16 kernels).
  mc.peak_attn = job.work.prec == Precision::Fp32 ? mc.peak : (bf16_peak > 0 ? bf16_peak : mc.peak);
  // FP8 only where the GPU has FP8 tensor cores; elsewhere an fp8 request runs in BF16 (evaluate.cpp warns).
  mc.fp8 = job.work.prec == Precision::Fp8 && HasFp8(gpu);
  mc.fp8_transposes = mc.fp8 && Fp8GemmTnOnly(gpu);
  mc.elem_bytes = mc.fp8 ? 1.0 : job.work.prec == Precision::Fp8 ? 2.0 : BytesPerElement(job.work.prec);
  mc.mem_bw = gpu.mem_bw > 0 ? gpu.mem_bw : 1e12;
  mc.ridge = mc.peak / mc.mem_bw;
  // The largest GEMM efficiency: what the GPU was measured to reach on its best shape, times the fitted
  // fraction a training run keeps of it.
  const double mamf_fraction = gpu.mamf_flops > 0 && bf16_peak > 0 ? gpu.mamf_flops / bf16_peak : kDefaultMamfFraction;
  c.e_max *= mamf_fraction;
  mc.matmul_share = mamf_fraction;
  mc.fabric = MakeFabric(job, gpus, c.net);
  return true;
}

// Where each parallel group sits (rank order tp, cp, dp, pp; expert parallelism inside dp).
struct Groups {
  Place tp, cp, dp, ep, pp;
  int grad_n = 1;     // ranks that reduce a dense gradient together: dp x cp
  int ep_stride = 1;  // ranks between two members of an expert-parallel group
  // Hybrid sharding (Workload::dp_shard, rules.h): the ranks one dense ZeRO shard spreads over (grad_n where there is
  // one group), and where a shard group and the replicas of one shard sit (torchtitan's rank order pp, dp_replicate,
  // dp_shard, cp, tp: a shard group is consecutive, its replicas far apart).
  int shard_n = 1;
  Place shard, replica;
};
Groups PlaceGroups(const Fabric& fab, const Layout& lay, int dp_shard) {
  Groups g;
  g.tp = Locate(fab, lay.tp, 1);
  g.cp = Locate(fab, lay.cp, lay.tp);
  // Gradients are reduced (and ZeRO shards spread) over dp x cp: context-parallel ranks see different
  // tokens of the same sequences, so they hold different gradients too (Megatron's dp-cp group).
  g.grad_n = lay.dp * lay.cp;
  g.dp = Locate(fab, g.grad_n, lay.tp);
  const int replicas = ShardReplicas(lay, dp_shard);
  g.shard_n = g.grad_n / replicas;
  g.shard = replicas > 1 ? Locate(fab, g.shard_n, lay.tp) : g.dp;
  g.replica = Locate(fab, replicas, lay.tp * g.shard_n);
  // Expert-parallel ranks are tp x cp apart inside dp x cp, or consecutive when folded over the
  // tensor-parallel ranks (Megatron-Core's expert rank order tp-ep-dp-pp).
  g.ep_stride = ExpertTensorParallel(lay) == lay.tp ? lay.tp * lay.cp : 1;
  g.ep = Locate(fab, lay.ep, g.ep_stride);
  g.pp = Locate(fab, lay.pp, lay.tp * lay.cp * lay.dp);
  return g;
}

// The slowest pipeline stage: one micro-batch's parts there, and what one of its GPUs holds.
struct SlowStage {
  MbParts parts;
  double params = 0;         // weights held by one GPU of that stage (before ZeRO sharding): ParamsOnStage
  double expert_params = 0;  // of which routed experts: ZeRO shards them over the expert-data-parallel group
  double lora = 0;           // adapter parameters of that stage on one GPU
  StageBlocks blocks;        // its blocks (fine-tuning terms)
  bool last = true;
  // The other stages' work per micro-batch over (pp - 1) times the slowest's: the pipeline fills and drains through
  // them (the bubble in EstimateStep and ForwardPassSeconds scales by it), 1 when every stage carries the same work.
  double fill_share = 1.0;
  void Hold(const StageParams& p) { params = p.dense + p.expert, expert_params = p.expert, lora = p.lora; }
};

// Per micro-batch on the slowest pipeline stage: every stage's blocks (BlocksOnStage, the stage model
// memory uses too) at their kind's layer time, the last stage also the output layer and the loss.
SlowStage SlowestStage(const Job& job, const Layout& lay, const Machine& mc, const Constants& c, const Groups& g,
                       const StepFlops& flops, int gbs, bool forward_only = false) {
  SlowStage slow;
  const ModelOps& ops = job.facts.ops;
  const ParamCounts& pc = job.facts.pc;
  const bool lora = job.work.method != Method::Full;  // frozen weights: activation gradients only, no WgradTime
  const int tpn = lay.tp, ppn = lay.pp, cpn = lay.cp;
  const int etp = ExpertTensorParallel(lay);
  if (!ops.valid) {
    // Size-only model: one big GEMM-like workload at the large-GEMM efficiency.
    const double per_mb = flops.forward / gbs * lay.mbs / (tpn * ppn * cpn);
    slow.parts.comp_f = per_mb / (mc.peak * c.e_max);
    slow.parts.comp_b = 2 * slow.parts.comp_f;
    if (lay.recompute == Recompute::Full) slow.parts.comp_rc = slow.parts.comp_f;
    slow.Hold(ParamsOnStage(job, lay, 0));
    return slow;
  }
  const LayerOps* kinds[2] = {&ops.dense, &ops.moe};
  MbParts per_block[2];
  for (int i = 0; i < 2; ++i) {
    if ((i == 0 ? ops.dense_layers : ops.moe_layers) == 0) continue;
    const LayerTime t = LayerForward(*kinds[i], job, lay, etp, mc, c, g.tp, g.cp, g.ep);
    MbParts& b = per_block[i];
    b.comp_f = t.gemm + t.attn;
    const double attn_bwd = job.work.flash ? kFlashBackwardRatio : 2.0;
    b.comp_b = (lora ? t.gemm : t.gemm + t.wgrad) + attn_bwd * t.attn;
    b.mem_f = t.mem + t.attn_mem;
    b.mem_b = kMemoryBackwardRatio * (t.mem + t.attn_mem);
    b.tp_f = t.tp_comm;
    b.tp_x = t.tp_exposed;
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
    // Megatron's recompute_modules beyond core_attn run their forward again before their backward: MLA's
    // up-projections (mla_up_proj: their GEMMs) and the routed experts' activation (moe_act: its traffic).
    if (lay.recompute != Recompute::Full && job.work.modeling == ModelCode::Megatron) {
      if (job.work.mla_up_recompute) b.comp_rc += t.up_gemm;
      if (job.work.moe_act_recompute) b.mem_rc += t.expert_act;
    }
  }
  // Output layer and cross-entropy on the last stage; the embedding's gradients are all-reduced across
  // tensor-parallel ranks once forward and backward.
  // The output layer runs in 16-bit even in FP8 training: Megatron-Core builds it as a plain ColumnParallelLinear
  // outside Transformer Engine (megatron/core/models/gpt/gpt_model.py: TELMHeadColumnParallelLinear only with
  // fp8_output_proj under MXFP8), torchtitan's MXFP8 converter leaves `output` out. fp8_head=1 runs it in FP8.
  MbParts head;
  Machine head_mc = mc;
  if (mc.fp8 && c.fp8_head <= 0) {
    head_mc.peak = mc.peak_attn, head_mc.elem_bytes = 2.0;
    head_mc.ridge = head_mc.peak / head_mc.mem_bw;
  }
  const double tokens = double(lay.mbs) * job.work.seq / cpn;
  // The positions with logits (TRL's GRPO: the completion's, rules.h LogitShare): the head's GEMM and the loss.
  const double logit_tokens = tokens * LogitShare(job.work, job.work.seq);
  const double logit_gemm = GemmTime(logit_tokens, ops.vocab / tpn, ops.hidden, head_mc, c);
  head.comp_f = logit_gemm;
  // Its weight gradient as every layer's (WgradTime): Megatron's output layer accumulates into main_grad too.
  head.comp_b = logit_gemm +
                (lora ? 0.0 : WgradTime(logit_tokens, ops.vocab / tpn, ops.hidden, WgradOutputBytes(job), head_mc, c));
  head.mem_f = kCrossEntropyBytesPerLogit * logit_tokens * ops.vocab / tpn / (mc.mem_bw * c.mem);
  head.tp_f = AllReduce(tokens * ops.hidden * kActBytes, g.tp);
  head.tp_x = head.tp_f;  // the output layer's all-reduce: no userbuffers outside the transformer layers
  const double passes = CollectivePasses(lay);
  double slowest_time = -1, all_time = 0;
  for (int k = 0; k < ppn; ++k) {
    const StageBlocks blocks = BlocksOnStage(pc, ppn, k);
    MbParts stage = per_block[0] * blocks.dense + per_block[1] * blocks.moe;
    if (k == ppn - 1) stage = stage + head;
    const double time = forward_only ? stage.ForwardTime() : stage.Time(passes);
    all_time += time;
    if (time <= slowest_time) continue;
    slowest_time = time;
    slow.parts = stage;
    slow.blocks = blocks, slow.last = k == ppn - 1;
    slow.Hold(ParamsOnStage(job, lay, k));  // the parameters memory counts on this stage (rules.h)
  }
  if (ppn > 1 && slowest_time > 0)
    slow.fill_share = std::clamp((all_time - slowest_time) / ((ppn - 1) * slowest_time), 0.0, 1.0);
  return slow;
}

// One micro-batch through the slowest stage: its compute and memory-bound time (fine-tuning's own work
// included), each group's exposed communication, and the host's launch time it may wait for.
struct MicroBatch {
  double compute = 0, memory = 0;
  double tp = 0, cp = 0, ep = 0, pp = 0;  // exposed communication, by group
  double tp_total = 0;                    // the tensor-parallel collectives before overlap (tp_overlap)
  double ep_total = 0;                    // the expert all-to-all before overlap
  FinetuneTime ft;
  double gpu = 0, host_gap = 0, time = 0;  // GPU time, the GPU's wait for the host, the two together
};
// forward_only: the micro-batch's forward alone, without gradients (ForwardPassSeconds): its forward kernels and each
// collective once, the pipeline's activation sends, one host pass per layer.
MicroBatch MicroBatchTime(const Job& job, const Layout& lay, const Machine& mc, const Constants& c, const Groups& g,
                          const SlowStage& slow, bool forward_only = false) {
  MicroBatch mb;
  const MbParts& s = slow.parts;
  const Fabric& fab = mc.fabric;
  const double passes = forward_only ? 1.0 : CollectivePasses(lay);
  // Full recompute repeats the forward's tensor-parallel collectives too.
  // tp_overlap: every pass hides the same share behind its GEMMs (TpExposed), a forward-only pass included.
  mb.tp_total = passes * s.tp_f;
  mb.tp = passes * s.tp_x;
  // Context-parallel K/V exchange overlaps the attention it feeds (ring attention), backward twice.
  mb.cp = (forward_only ? 1.0 : kContextPasses) * s.cp_x;
  // Pipeline: one activation forward and one gradient backward per virtual stage boundary; with
  // tensor parallelism each rank sends 1/tp of it (Narayanan et al. 2021 scatter/gather).
  if (lay.pp > 1) {
    const double bytes = double(lay.mbs) * job.work.seq / lay.cp * job.model.hidden * kActBytes / lay.tp;
    // Forward-only: the activations' half, no gradients back.
    mb.pp = (forward_only ? 0.5 : 1.0) * PipelineSends(bytes, g.pp, ScheduleOf(lay), lay.vp, c.contention);
  }
  // Fine-tuning's own work (core/estimate/step_finetune.h): LoRA adapters, NF4 dequantization, a stack's unfused
  // kernels, offloaded checkpoints, the host time to launch it all.
  const GemmCtx gemm_ctx{&mc, &c};
  FinetuneInputs ft_in{double(lay.mbs) * job.work.seq / lay.cp,
                       slow.blocks.dense,
                       slow.blocks.moe,
                       slow.last,
                       s.comp_f,
                       forward_only ? 0.0 : s.comp_b + s.comp_rc,
                       mc.mem_bw * c.mem,
                       HostLinkBw(fab),
                       forward_only,
                       GemmAt,
                       &gemm_ctx};
  mb.ft = FinetuneStep(job, lay, job.facts.ops, ft_in);
  mb.compute = (forward_only ? s.comp_f : s.comp_f + s.comp_b + s.comp_rc) + mb.ft.Compute();
  mb.memory = (forward_only ? s.mem_f : s.mem_f + s.mem_b + s.mem_rc) + mb.ft.Memory();
  // Expert all-to-all, forward, backward (and again with full recomputation). Exposed unless the stack
  // overlaps it with compute -- DualPipe's paired forward/backward chunks (DeepSeek-V3 report, section
  // 3.2.1), Megatron-Core's --overlap-moe-expert-parallel-comm, the shared experts beside the dispatch:
  // overlap_ep of the micro-batch's compute can hide it, and what it hides still costs contention.
  mb.ep_total = passes * s.ep_f;
  const double ep_hidden = ExpertHidden(mb.ep_total, mb.compute, c, ScheduleHidesExpertComm(job, lay));
  mb.ep = mb.ep_total - ep_hidden + c.contention * ep_hidden;
  // The GPU waits for the host when launching a micro-batch's kernels takes longer than running them.
  mb.gpu = mb.compute + mb.memory + mb.tp + mb.cp + mb.ep + mb.pp + mb.ft.offload;
  // Eager, dropless MoE layers launch their kernels from the host too, and their forward waits for the host layer
  // by layer (step_moe.cpp MoeMicroBatchTime).
  // Forward-only, every pass waits for the host's token counts.
  const double kernels = s.comp_f + s.comp_b + s.comp_rc + s.mem_f + s.mem_b + s.mem_rc;
  const double synced_share = forward_only  ? 1.0
                              : kernels > 0 ? (s.comp_f + s.mem_f + s.comp_rc + s.mem_rc) / kernels
                                            : 0.0;
  mb.time = MoeMicroBatchTime(mb.gpu, synced_share, slow.blocks.moe, passes, mb.ft.host, c, forward_only);
  mb.host_gap = std::max(0.0, mb.time - mb.gpu);
  mb.time = mb.gpu + mb.host_gap;
  return mb;
}

// Data-parallel traffic of one step (and ZeRO's) and how much of it hides behind compute. Gradients travel in
// the stack's reduce dtype (GradReduceBytes: fp32 under FSDP, else the 16-bit training type; fp32 for fp32).
struct DataParallel {
  double total = 0, hidden = 0, exposed = 0;
  double trainable = 0, trainable_experts = 0;  // parameters whose gradients one GPU of the stage reduces
  double expert_dp = 1;                         // the expert-data-parallel degree (rules.h)
  double expert_shard = 1;  // the ranks a routed expert's ZeRO shards spread over (rules.h ExpertZeroShardRanks)
};
double GradBytes(const Job& job) { return GradReduceBytes(StackOf(job), job.work.prec); }
// The 16-bit (fp32 for fp32) weights ZeRO-3 / FSDP gathers.
double ParamBytes(const Job& job) { return job.work.prec == Precision::Fp32 ? 4.0 : 2.0; }
// forward_only: a pass without gradients (ForwardPassSeconds): ZeRO-3's gathers for the forward, no reduction.
// Hybrid sharding (dp_shard): the gathers and reduce-scatters run inside a shard group, and the groups then all-reduce
// each shard's gradients across the replicas (replica_reduce below).
DataParallel DataParallelTime(const Job& job, const Layout& lay, const Machine& mc, const Constants& c, const Groups& g,
                              const SlowStage& slow, int m, int schedules, bool forward_only = false) {
  DataParallel dp;
  const MbParts& s = slow.parts;
  const double grad_bytes = GradBytes(job), param_bytes = ParamBytes(job);
  dp.trainable = slow.params, dp.trainable_experts = slow.expert_params;
  if (job.work.method != Method::Full) dp.trainable = slow.lora, dp.trainable_experts = 0;
  // Routed experts are replicated only over the expert-data-parallel group (dp x cp / ep ranks hold the same
  // experts; Megatron, DeepSpeed-MoE): their gradients are reduced, and their ZeRO shards gathered, there.
  dp.expert_dp = ExpertDataParallel(lay);
  dp.expert_shard = ExpertZeroShardRanks(lay, job.work.dp_shard);
  const int expert_shard = std::max(1, int(std::lround(dp.expert_shard)));
  const int expert_replicas = std::max(1, int(std::lround(dp.expert_dp / dp.expert_shard)));
  const bool experts = slow.expert_params > 0;
  const Place edp = experts ? Locate(mc.fabric, expert_shard, g.ep_stride * lay.ep) : Place{};
  const Place erep = experts ? Locate(mc.fabric, expert_replicas, g.ep_stride * lay.ep * expert_shard) : Place{};
  const double dense_params = slow.params - slow.expert_params;
  const double dense_trainable = dp.trainable - dp.trainable_experts, trainable_experts = dp.trainable_experts;
  // Hybrid sharding: each shard's reduced gradients all-reduced across the replicas (0 with one group).
  const double replica_reduce = AllReduce(dense_trainable * grad_bytes / g.shard_n, g.replica) +
                                AllReduce(trainable_experts * grad_bytes / expert_shard, erep);
  double hideable = 0, hide = 0;
  if (lay.zero >= 3 && lay.pp > 1) {
    // ZeRO-3 with a pipeline (FSDP2 under torch.distributed.pipelining, where the stack allows it: CheckLayout):
    // the weights are gathered once per schedule and kept through it (torchtitan: no reshard after forward with
    // PP), the gradients accumulate unsharded and are reduce-scattered at each stage's last backward of the
    // schedule, and the compute stream waits for that reduce-scatter (stage.py backward_maybe_with_nosync,
    // _root_post_backward_final_callback). The gathers hide behind the forwards (prefetch); the reduce-scatters
    // do not.
    const double gather =
        AllGather(dense_params * param_bytes, g.shard) + AllGather(slow.expert_params * param_bytes, edp);
    const double reduce = forward_only ? 0.0
                                       : AllGather(dense_trainable * grad_bytes, g.shard) +
                                             AllGather(trainable_experts * grad_bytes, edp) + replica_reduce;
    dp.total = schedules * (gather + reduce);
    hideable = schedules * gather;
    hide = m * s.comp_f;
  } else if (lay.zero >= 3 && forward_only) {
    // ZeRO-3 / FSDP, forward only: the parameters all-gathered once per micro-batch, behind its forward.
    dp.total = m * (AllGather(dense_params * param_bytes, g.shard) + AllGather(slow.expert_params * param_bytes, edp));
    hideable = dp.total;
    hide = m * s.comp_f;
  } else if (lay.zero >= 3) {
    // ZeRO-3 / FSDP: parameters all-gathered for forward and again for backward, gradients
    // reduce-scattered, every micro-batch (3 x Psi per micro-batch; LoRA: only adapter gradients). Under hybrid
    // sharding each backward also all-reduces across the replicas (FSDP2 does unless the trainer turns gradient
    // sync off between micro-batches, which torchtitan's training loop does not: train.py).
    dp.total =
        m * (2.0 * AllGather(dense_params * param_bytes, g.shard) + AllGather(dense_trainable * grad_bytes, g.shard) +
             2.0 * AllGather(slow.expert_params * param_bytes, edp) + AllGather(trainable_experts * grad_bytes, edp) +
             replica_reduce);
    hideable = dp.total;
    hide = m * (s.comp_f + s.comp_b + s.comp_rc);
  } else if (forward_only) {
    // ZeRO 0-2 / DDP, forward only: every rank holds the weights, nothing to reduce.
  } else {
    // ZeRO 0-2 / DDP / distributed optimizer: one reduce-scatter + all-gather (= all-reduce) per step,
    // bucketed behind the last micro-batch's backward; per schedule where each schedule ends with its own
    // gradient sync (torch.distributed.pipelining syncs at a schedule's last backward). Hybrid sharding
    // (Megatron-Core's partial distributed optimizer): reduce-scatter and all-gather inside the shard group, the
    // shards all-reduced across the replicas between them.
    dp.total = schedules * (AllReduce(dense_trainable * grad_bytes, g.shard) +
                            AllReduce(trainable_experts * grad_bytes, edp) + replica_reduce);
    hideable = dp.total;
    hide = schedules * s.comp_b;
  }
  dp.hidden = std::min(hideable, c.overlap_dp * hide);
  dp.exposed = dp.total - dp.hidden + c.contention * dp.hidden;
  return dp;
}

// The optimizer step over the local shard (memory-bound), or on the CPU with offload. ZeRO shards the
// optimizer over the data-parallel group, routed experts' states over the expert-data-parallel group.
struct OptimizerStep {
  double gpu_s = 0;      // on the GPU, memory-bound
  double offload_s = 0;  // offloaded: host transfers and the CPU's update
};
OptimizerStep OptimizerTime(const Job& job, const Layout& lay, const Machine& mc, const Constants& c, const Groups& g,
                            const DataParallel& dp) {
  OptimizerStep o;
  const double opt_params =
      lay.zero >= 1 ? (dp.trainable - dp.trainable_experts) / g.shard_n + dp.trainable_experts / dp.expert_shard
                    : dp.trainable;
  if (lay.offload == Offload::None) {
    o.gpu_s = opt_params * OptimizerStepBytes(job, lay.zero) / (mc.mem_bw * c.mem);
    return o;
  }
  // ZeRO-Offload: gradients down (fp32-cast on the host) and 16-bit weights up over the host link, Adam on the
  // CPU; ZeRO-Infinity also streams the optimizer states from NVMe and back. The host link is derated like
  // every other link, and every GPU offloads at once (HostLinkBw).
  // The CPU's update: the shards of the GPUs its host serves (the node's; GB200's Grace serves two), at
  // CPU-Adam's rate or the host memory's, the slower.
  const double node_params = opt_params * std::max(1, mc.fabric.host_gpus);
  const double cpu_s =
      std::max(node_params / kCpuAdamParamsPerS, node_params * kCpuAdamHostBytesPerParam / mc.fabric.host_mem);
  o.offload_s = opt_params * (GradBytes(job) + 2.0) / HostLinkBw(mc.fabric) + cpu_s;
  if (lay.offload == Offload::Nvme) o.offload_s += opt_params * 2.0 * 12.0 / kNvmeBytesPerS;
  return o;
}

// ZeRO-3 with offloaded parameters (offload=cpu or nvme with zero=3): each micro-batch brings the GPU's 16-bit
// shard up from the host before it is all-gathered, in the forward, again in the backward and again when a
// recomputed forward needs it (`passes` of them; ZeRO-Infinity; /work/research/stacks/offload.json
// param_offload_traffic_per_step, DeepSpeed issue #3901: Falcon-7B on 8 A100 runs 2.1x slower with parameters
// offloaded); NVMe at its own rate.
double ParamOffloadTime(const Job& job, const Layout& lay, const Machine& mc, const Groups& g, const SlowStage& slow,
                        int m, double passes) {
  if (lay.zero < 3 || lay.offload == Offload::None) return 0;
  const double bytes = job.work.method == Method::Qlora ? 0.5 : ParamBytes(job);  // NF4
  const double shard = bytes * slow.params / std::max(1, g.shard_n);
  double s = m * passes * shard / HostLinkBw(mc.fabric);
  if (lay.offload == Offload::Nvme) s += m * passes * shard / kNvmeBytesPerS;
  return s;
}

// Group sizes below 1 mean "not split" (CheckLayout reports them); the step model never divides by them.
Layout AtLeastOne(Layout lay) {
  lay.tp = std::max(1, lay.tp);
  lay.pp = std::max(1, lay.pp);
  lay.vp = std::max(1, lay.vp);
  lay.cp = std::max(1, lay.cp);
  lay.ep = std::max(1, lay.ep);
  lay.dp = std::max(1, lay.dp);
  return lay;
}

// Micro-batches per pipeline for `sequences` sequences at the layout's micro-batch and data-parallel degree.
int MicroBatchesPerPipeline(double sequences, const Layout& lay) {
  return std::max(1, int(std::ceil(sequences / (double(lay.mbs) * lay.dp) - 1e-9)));
}

// What a step's and a forward pass's estimates start from: the layout's groups at least 1, its GPUs, the constants,
// the machine those GPUs make and the groups placed on it. False where the machine cannot be made.
struct StepSetup {
  Layout lay;
  int gpus = 1;
  Constants c;
  Machine mc;
  Groups g;
};
bool SetUpStep(const Job& job, const Layout& layout, StepSetup& s) {
  s.lay = AtLeastOne(layout);
  s.gpus = s.lay.tp * s.lay.pp * s.lay.cp * s.lay.dp;
  s.c = Resolve(job.assume);
  if (!MakeMachine(job, *job.hw.gpu, s.gpus, s.c, s.mc)) return false;
  s.g = PlaceGroups(s.mc.fabric, s.lay, job.work.dp_shard);
  return true;
}

// What EstimateStep computed on the way, for the explanation (the search passes no trace).
void FillTrace(const Job& job, const Machine& mc, const Constants& c, const SlowStage& slow, const MicroBatch& mb,
               const DataParallel& dp, const OptimizerStep& opt, int gpus, int m, int schedules, int gbs,
               StepTrace& tr) {
  tr.gpus = gpus, tr.micro_batches = m, tr.schedules = schedules;
  tr.compute_mb = mb.compute, tr.memory_mb = mb.memory, tr.optimizer_s = opt.gpu_s;
  tr.tp_mb = mb.tp, tr.cp_mb = mb.cp, tr.ep_mb = mb.ep, tr.pp_mb = mb.pp, tr.mb_time = mb.time;
  tr.fill_share = slow.fill_share;
  tr.dp_total = dp.total, tr.dp_hidden = dp.hidden, tr.dp_exposed = dp.exposed;
  tr.peak_flops = mc.peak, tr.mem_bw = mc.mem_bw;
  // The key's own value (eff_matmul, as resolved: the stack's efficiency folded in on auto), and the GPU's share apart.
  tr.eff_matmul = c.e_max / mc.matmul_share, tr.matmul_share = mc.matmul_share;
  tr.eff_memory = c.mem, tr.overlap_dp = c.overlap_dp, tr.contention = c.contention;
  tr.stage_params = slow.params, tr.trainable = dp.trainable;
  tr.tokens_per_step = double(gbs) * job.work.seq;
  tr.finetune_compute_mb = mb.ft.Compute(), tr.finetune_memory_mb = mb.ft.Memory();
  tr.offload_act_mb = mb.ft.offload, tr.host_mb = mb.ft.host, tr.gpu_mb = mb.gpu, tr.host_gap_mb = mb.host_gap;
}

// Tokens per second, model and hardware TFLOP/s per GPU, MFU and HFU of a step.
void FillThroughput(const Job& job, const Machine& mc, const StepFlops& flops, const StepBreakdown& step, int gpus,
                    int gbs, Throughput& thr) {
  const double tokens = double(gbs) * job.work.seq;
  if (step.seconds <= 0) return;
  thr.tokens_per_s = tokens / step.seconds;
  thr.tokens_per_s_per_gpu = thr.tokens_per_s / gpus;
  thr.model_flops_per_step = flops.model;
  thr.hardware_flops_per_step = flops.hardware;
  thr.model_tflops_per_gpu = flops.model / step.seconds / gpus / 1e12;
  thr.hardware_tflops_per_gpu = flops.hardware / step.seconds / gpus / 1e12;
  if (mc.peak > 0) {
    thr.mfu = thr.model_tflops_per_gpu * 1e12 / mc.peak;
    thr.hfu = thr.hardware_tflops_per_gpu * 1e12 / mc.peak;
  }
}

}  // namespace

double step_detail::NetworkEfficiency(const Assumptions& a) { return Resolve(a).net; }

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
  const int gbs = GlobalBatch(job.work, layout);  // sequences per step (an auto batch follows dp)
  if (!gpu || job.work.seq <= 0 || gbs <= 0 || layout.mbs <= 0) return;
  StepSetup setup;
  if (!SetUpStep(job, layout, setup)) return;
  const Layout& lay = setup.lay;
  const int gpus = setup.gpus;
  const Constants& c = setup.c;
  const Machine& mc = setup.mc;
  const Groups& g = setup.g;

  // Micro-batches per pipeline per step, and the pipeline schedules they run as (one per step, or one per
  // local batch in torchtitan / NeMo AutoModel: PipelineSchedules, rules.h).
  const int m = MicroBatchesPerPipeline(gbs, lay);
  const int schedules = lay.pp > 1 ? PipelineSchedules(job.work, m) : 1;
  step.micro_batches = m;

  const StepFlops flops = FlopsPerStep(job, lay, job.facts.ops);
  const SlowStage slow = SlowestStage(job, lay, mc, c, g, flops, gbs);
  const MicroBatch mb = MicroBatchTime(job, lay, mc, c, g, slow);
  const DataParallel dp = DataParallelTime(job, lay, mc, c, g, slow, m, schedules);
  const OptimizerStep opt = OptimizerTime(job, lay, mc, c, g, dp);

  // Pipeline bubble: the schedule's idle time per schedule (core/job/pipeline.h: (p - 1) / v micro-batch times for
  // 1F1B and interleaved, Narayanan et al. 2021; less for the zero-bubble and DualPipe schedules); a stack that runs
  // one schedule per local batch fills and drains the pipeline once for each.
  const bool frozen = job.work.method != Method::Full;
  const double bubble =
      lay.pp > 1 ? schedules * slow.fill_share *
                       PipelineIdle(ScheduleOf(lay), lay.pp, lay.vp, mb.time, PassShare(slow.parts, true, frozen),
                                    PassShare(slow.parts, false, frozen))
                 : 0.0;

  step.compute_s = m * mb.compute;
  step.memory_s = m * mb.memory + opt.gpu_s;
  step.comm_tp_s = m * mb.tp_total;
  step.comm_cp_s = m * kContextPasses * slow.parts.cp_f;
  step.comm_ep_s = m * mb.ep_total;
  step.comm_pp_s = m * mb.pp;
  step.comm_dp_s = dp.total;
  // Tensor-parallel collectives sit on the critical path (each layer waits for them) unless pipelined with their
  // GEMMs (tp_overlap, LayerForward); the expert
  // all-to-all unless overlapped (above); context-parallel hides behind attention only partly; pipeline
  // sends are small and synchronous.
  step.comm_exposed_s = m * (mb.tp + mb.cp + mb.ep + mb.pp) + dp.exposed;
  step.exposed_tp_s = m * mb.tp, step.exposed_cp_s = m * mb.cp, step.exposed_ep_s = m * mb.ep;
  step.exposed_pp_s = m * mb.pp, step.exposed_dp_s = dp.exposed;
  step.bubble_s = bubble;
  // Paged optimizer states the driver evicted come back over the host link for the update and leave again
  // (bitsandbytes prefetches them: the link's rate); the step waits for them.
  const double paging_s = 2.0 * std::max(0.0, paged_bytes) / HostLinkBw(mc.fabric);
  const double param_offload_s =
      ParamOffloadTime(job, lay, mc, g, slow, m, lay.recompute == Recompute::Full ? 3.0 : 2.0);
  step.offload_s = opt.offload_s + m * mb.ft.offload + paging_s + param_offload_s;
  step.host_s = m * mb.host_gap;
  step.seconds = step.compute_s + step.memory_s + step.comm_exposed_s + step.bubble_s + step.offload_s + step.host_s;
  if (trace) FillTrace(job, mc, c, slow, mb, dp, opt, gpus, m, schedules, gbs, *trace);
  FillThroughput(job, mc, flops, step, gpus, gbs, thr);
}

double ForwardPassSeconds(const Job& job, const Layout& layout, double sequences, int mbs) {
  const GpuSpec* gpu = job.hw.gpu;
  const int gbs = GlobalBatch(job.work, layout);
  if (!gpu || job.work.seq <= 0 || gbs <= 0 || !(sequences > 0)) return 0;
  StepSetup setup;
  if (!SetUpStep(job, layout, setup)) return 0;
  Layout& lay = setup.lay;
  if (mbs > 0) lay.mbs = mbs;
  if (lay.mbs <= 0) return 0;
  lay.recompute = Recompute::None;  // nothing is kept for a backward, so nothing is recomputed
  const Constants& c = setup.c;
  const Machine& mc = setup.mc;
  const Groups& g = setup.g;
  // The step's rules (EstimateStep) for its forward parts alone: micro-batches per pipeline, each one's forward on
  // the slowest stage, ZeRO-3's gathers for it, the pipeline's fill and drain at the forward's time, parameters
  // offloaded brought up once. No backward, gradient reduction or optimizer step.
  const int m = MicroBatchesPerPipeline(sequences, lay);
  const int schedules = lay.pp > 1 ? PipelineSchedules(job.work, m) : 1;
  const StepFlops flops = FlopsPerStep(job, lay, job.facts.ops);
  const SlowStage slow = SlowestStage(job, lay, mc, c, g, flops, gbs, true);
  const MicroBatch mb = MicroBatchTime(job, lay, mc, c, g, slow, true);
  const DataParallel dp = DataParallelTime(job, lay, mc, c, g, slow, m, schedules, true);
  const double bubble =
      lay.pp > 1 ? schedules * slow.fill_share * PipelineIdle(ScheduleOf(lay), lay.pp, lay.vp, mb.time, 1.0, 0.0) : 0.0;
  return m * mb.time + dp.exposed + bubble + ParamOffloadTime(job, lay, mc, g, slow, m, 1.0);
}

}  // namespace tp
