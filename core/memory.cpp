// memory.cpp — memory per GPU for a (Job, Layout) (see memory.h): model states (weights, gradients,
// optimizer) after tensor/pipeline/expert sharding and ZeRO over the data-parallel group, activations
// (Korthikanti et al. 2022 generalised to GQA/MLA, SwiGLU and MoE), logits, and the rest (CUDA context,
// NCCL buffers, fragmentation, temporaries). The most loaded GPU is the largest of the first pipeline
// stage (embedding, p micro-batches in flight), the last (head, logits) and, for uneven splits, the
// second. No allocation: search calls this millions of times. The formulas and their sources are
// written out in docs/memory.md.
#include "memory.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "catalog.h"
#include "model.h"

namespace tp {
namespace {

// ---- bytes per parameter ---------------------------------------------------------------------------
// Mixed precision (fp16/bf16): 16-bit weights and gradients, fp32 master copy + optimizer states:
// 2 + 2 + (4 + 8) = 16 B with AdamW, the ZeRO paper's K = 12 (Rajbhandari et al. 2020, sec. 3.1).
// fp8: we assume Transformer Engine's default recipe — weights, gradients and master copy as in bf16,
// fp8 only for the GEMM inputs, cast on the fly — so fp8 saves time, not model-state memory.
// Pure fp32: 4 + 4 + 8 (no master copy). AdamW 8-bit (Dettmers et al. 2022): 2 B of states;
// SGD with momentum: 4 B of momentum.
double StateBytes(Optimizer opt) {
  switch (opt) {
    case Optimizer::AdamW: return 8;
    case Optimizer::AdamW8bit: return 2;
    case Optimizer::Sgd: return 4;
  }
  return 8;
}

// Parameters one GPU of a pipeline stage holds, split by how ZeRO shards them.
struct StageParams {
  double dense = 0;   // sharded by tp, replicated over dp*cp
  double expert = 0;  // routed experts: sharded by ep*tp, replicated over dp*cp/ep
  double edge = 0;    // embedding / head share of `dense` (kept 16-bit under QLoRA)
  double norms = 0;   // share of `dense` that stays 16-bit under QLoRA
  double lora = 0;    // adapter parameters
  double block = 0;   // largest block's params on this GPU (ZeRO-3 gathers one at a time)
  int dense_layers = 0, moe_layers = 0;
};

// What one pipeline stage needs: fixed bytes, and activation coefficients in the sequence length s at
// the current micro-batch (activations = lin*s + quad*s^2; both are proportional to the micro-batch).
struct StageNeed {
  double weights = 0, gradients = 0, optimizer = 0;
  double temp_fixed = 0;       // allocator temporaries independent of tokens
  double act_lin = 0, act_quad = 0;
  // Two phases that do not coexist (full recomputation): the loss (peak_a*s) and the recomputed
  // layer in the backward (peak_b*s + peak_bq*s^2); the larger one adds to the activations.
  double peak_a = 0, peak_b = 0, peak_bq = 0;
  double temp_lin = 0;         // allocator temporaries proportional to tokens (MoE dispatch)
  double pageable = 0;         // optimizer bytes a paged optimizer may move to the host
  double host = 0, nvme = 0;   // per GPU, before the host buffer factor
};

// Negative, NaN or infinite sizes count as 0: bad input gives finite numbers, never a crash.
double ClampPos(double x) { return std::isfinite(x) && x > 0 ? x : 0; }

// Parameter counts and activation widths of the last model seen on this thread. Search evaluates
// thousands of layouts of one model in a row, and counting is a quarter of an evaluation; the memo is
// keyed on the raw bytes of the architecture and LoRA settings (a stale hit is impossible; a miss only
// recounts).
struct CountMemo {
  static constexpr size_t kKeySize = sizeof(ModelArch) + sizeof(int) + 1;
  unsigned char key[kKeySize] = {};
  ParamCounts pc;
  LoraWidths lora_widths;  // the adapted matrices of one block (model.h)
  // Activation widths per token of one layer, in elements (see LayerActivations).
  double h = 0, heads = 0;
  double qkvo = 0;     // q + k + v + attention output
  double latent = 0;   // MLA's compressed q and kv (+ rope key) feeding the up projections
  double mlp = 0;      // dense MLP intermediates: GELU 2f, SwiGLU 3f
  double moe = 0;      // topk x (expert input + output + intermediates) + shared experts
  bool valid = false;
};

void ActivationWidths(const ModelArch& m, CountMemo& w) {
  const double h = ClampPos(m.hidden), a = ClampPos(m.heads);
  w.h = h;
  w.heads = a;
  if (m.kv_lora_rank > 0) {
    const double qk = ClampPos(m.qk_nope_dim) + ClampPos(m.qk_rope_dim), vd = ClampPos(m.v_head_dim);
    w.qkvo = 2 * a * qk + 2 * a * vd;
    w.latent = ClampPos(m.q_lora_rank) + ClampPos(m.kv_lora_rank) + ClampPos(m.qk_rope_dim);
  } else {
    const double d = m.head_dim > 0 ? m.head_dim : (a > 0 ? h / a : 0);
    w.qkvo = 2 * a * d + 2 * (m.kv_heads > 0 ? m.kv_heads : a) * d;
    w.latent = 0;
  }
  const double mats = m.mlp == MlpKind::Swiglu ? 3 : 2;
  w.mlp = mats * ClampPos(m.ffn);
  const double fe = ClampPos(m.moe_ffn > 0 ? m.moe_ffn : m.ffn);
  w.moe = w.pc.moe_layers > 0 ? w.pc.topk * (2 * h + mats * fe) + ClampPos(m.shared_experts) * mats * fe : 0;
}

const CountMemo& Counts(const Job& job) {
  thread_local CountMemo memo;
  unsigned char key[CountMemo::kKeySize];
  std::memcpy(key, &job.model, sizeof(ModelArch));
  std::memcpy(key + sizeof(ModelArch), &job.work.lora_r, sizeof(int));
  key[CountMemo::kKeySize - 1] = job.work.lora_targets;
  if (!memo.valid || std::memcmp(key, memo.key, sizeof key) != 0) {
    std::memcpy(memo.key, key, sizeof key);
    memo.pc = CountParams(job.model);
    memo.lora_widths = LoraWidthsOf(job.model, job.work.lora_targets);
    ActivationWidths(job.model, memo);
    memo.valid = true;
  }
  return memo;
}

struct Ctx {
  const Job& job;
  const Layout& lay;
  const ParamCounts& pc;
  const CountMemo& w;
  int t, p, v, cp, ep, dp, mbs;
  int etp;         // expert tensor-parallel degree (ExpertTensorParallel, job.h)
  bool sp, flash, dropout;
  double e;        // bytes per activation element
};

// ---- activations per layer, per token --------------------------------------------------------------
// Korthikanti et al. 2022 (arXiv 2205.05198) Table 2, per layer, 16-bit: sbh(34 + 5as/h) with no
// parallelism, splitting into terms that tensor parallelism divides (24sbh + 5as^2b) and terms it
// replicates unless sequence parallelism also splits them (10sbh: two norm inputs, the two GEMM inputs
// after the norms, two dropout masks). Generalised term by term:
//   replicated  e*4h (+ 2h mask bytes with dropout)
//   attention   e*(q + k + v + attention output), with GQA k = v = kv_heads*head_dim; MLA adds the
//               compressed latents that feed its up projections
//   MLP         GELU e*2f (GELU input and output), SwiGLU e*3f (gate, up, their product);
//               MoE: topk x (expert input, output and intermediates) + shared experts + fp32 router
//   scores      per key: e*a (softmax output) + dropout mask a + dropout output e*a = 5as per token;
//               FlashAttention keeps none, only the fp32 log-sum-exp per head (Dao et al. 2022).
// Dropout: GELU models (GPT, BERT, Megatron's GPT runs) train with dropout 0.1; SwiGLU (Llama-family)
// models without, so no masks.
struct LayerAct {
  double lin_dense = 0, lin_moe = 0;  // bytes per token
  double quad = 0;                    // bytes per token per key (materialized scores)
  double input = 0;                   // layer input per token (what full recomputation keeps)
  double dispatch = 0;                // MoE all-to-all send + receive buffers per token
};

LayerAct LayerActivations(const Ctx& c) {
  const CountMemo& w = c.w;
  const double e = c.e, it = 1.0 / c.t, ir = c.sp ? it : 1;
  LayerAct la;
  const double replicated = e * 4 * w.h + (c.dropout ? 2 * w.h : 0);
  const double attn = e * w.qkvo * it + e * w.latent * ir + (c.flash ? 4 * w.heads * it : 0);
  la.lin_dense = replicated * ir + attn + e * w.mlp * it;
  if (c.pc.moe_layers > 0) {
    la.lin_moe = replicated * ir + attn + e * w.moe * it + 4.0 * c.pc.experts;
    la.dispatch = 2 * e * c.pc.topk * w.h * it;
  }
  if (!c.flash) la.quad = (e + (c.dropout ? 1 + e : 0)) * w.heads * it;
  la.input = e * w.h * ir;
  return la;
}

// ---- parameters on one GPU of pipeline stage k -------------------------------------------------------
StageParams ParamsOnStage(const Ctx& c, int k) {
  StageParams s;
  const bool first = k == 0, last = k == c.p - 1;
  const ParamCounts& pc = c.pc;
  const double t = c.t, it = 1 / t;
  if (c.job.model.layers <= 0) {  // size-only: no breakdown, spread evenly
    s.dense = pc.total / (t * c.p);
    return s;
  }
  const StageBlocks blocks = BlocksOnStage(pc, c.p, k);  // the stage model step time uses too
  s.dense_layers = blocks.dense;
  s.moe_layers = blocks.moe;
  const double layers = s.dense_layers + s.moe_layers;
  const double moe_nonexpert = pc.attn + pc.moe_shared + pc.router;
  s.norms = layers * pc.norms;  // norms are replicated across tensor-parallel ranks
  s.dense = (s.dense_layers * (pc.attn + pc.mlp_dense) + s.moe_layers * moe_nonexpert) * it + s.norms;
  // Routed experts: experts / ep on each GPU, each split over the expert tensor-parallel group (job.h).
  const double expert_shards = double(c.ep) * c.etp;
  s.expert = s.moe_layers * pc.experts * pc.expert / expert_shards;
  // Vocabulary-parallel embedding and head (Megatron): split by tp. With pp > 1 the last stage keeps
  // its own copy of a tied embedding as the head.
  const double emb = pc.embedding, head = pc.head > 0 ? pc.head : (c.p > 1 ? c.job.model.vocab * double(c.job.model.hidden) : 0);
  if (first) s.edge += emb * it;
  if (last) s.edge += head * it + pc.final_norm;
  s.dense += s.edge;
  s.block = std::max(s.dense_layers ? pc.dense_block * it : 0.0,
                     s.moe_layers ? (moe_nonexpert + pc.norms) * it + pc.experts * pc.expert / expert_shards : 0.0);
  if (c.job.work.method != Method::Full)
    s.lora = LoraParamsOfBlocks(c.job.model, c.w.lora_widths, c.job.work.lora_r, s.dense_layers, s.moe_layers) * it;
  return s;
}

// ---- model states, offload and temporaries of one stage --------------------------------------------
StageNeed StageStates(const Ctx& c, const StageParams& s) {
  const Workload& w = c.job.work;
  const Assumptions& as = c.job.assume;
  StageNeed need;
  const bool fp32 = w.prec == Precision::Fp32;
  const double wb = fp32 ? 4 : 2, gb = fp32 ? 4 : 2;
  const double master = fp32 ? 0 : 4, states = StateBytes(w.opt);
  const int zero = std::clamp(c.lay.zero, 0, 3);
  // ZeRO shards over the data-parallel group; Megatron's distributed optimizer over dp x cp. Experts
  // are replicated only over the expert-data-parallel ranks that hold the same expert shard:
  // tp x dp x cp / (ep x etp).
  const double nd = double(c.dp) * c.cp, ne = std::max(1.0, nd * c.t / (double(c.ep) * c.etp));
  const double ind = 1 / nd, ine = 1 / ne;  // shares of a sharded state
  const double z1d = zero >= 1 ? ind : 1, z1e = zero >= 1 ? ine : 1;
  const double z2d = zero >= 2 ? ind : 1, z2e = zero >= 2 ? ine : 1;
  const double z3d = zero >= 3 ? ind : 1, z3e = zero >= 3 ? ine : 1;

  double trainable_shard = 0;  // trainable parameters whose gradients/optimizer this GPU owns (after ZeRO-1)
  if (w.method == Method::Full) {
    need.weights = wb * (s.dense * z3d + s.expert * z3e);
    need.gradients = gb * (s.dense * z2d + s.expert * z2e);
    need.optimizer = (master + states) * (s.dense * z1d + s.expert * z1e);
    trainable_shard = s.dense * z1d + s.expert * z1e;
  } else {
    // Frozen base: no gradients or optimizer states. LoRA keeps it in the training precision; QLoRA in
    // 4-bit NF4 with double-quantized constants (Dettmers et al. 2023), except embeddings, head and
    // norms, which stay 16-bit as in bitsandbytes/PEFT and torchtune.
    double base;
    if (w.method == Method::Qlora) {
      const double quantized = (s.dense - s.edge - s.norms) + s.expert;
      base = as.nf4_bytes_per_param * quantized + 2 * (s.edge + s.norms);
      // Dequantizing a 4-bit matrix for its matmul materializes it in bf16 for a moment.
      need.temp_fixed += 2 * c.pc.largest_matrix / c.t;
    } else {
      base = wb * (s.dense + s.expert);
    }
    // Adapters: trained in bf16 (fp32 if asked) with fp32 optimizer states and no master copy (PEFT,
    // torchtune, the QLoRA paper's paged AdamW).
    const double ab = fp32 ? 4 : 2;
    need.weights = base * z3d + ab * s.lora * z3d;
    need.gradients = ab * s.lora * z2d;
    need.optimizer = states * s.lora * z1d;
    trainable_shard = s.lora * z1d;
    if (w.method == Method::Qlora) need.pageable = need.optimizer;  // paged optimizer
  }
  // ZeRO-3 gathers each block's 16-bit weights before use and prefetches the next: two blocks live
  // (DeepSpeed's estimate: 4 x largest layer parameters, in bytes).
  // QLoRA all-gathers the 4-bit blocks as stored (FSDP2 over NF4 tensors in torchtune).
  if (zero >= 3) need.temp_fixed += 2 * (w.method == Method::Qlora ? as.nf4_bytes_per_param : wb) * s.block;

  // Offload (ZeRO-Offload / ZeRO-Infinity): optimizer states and fp32 gradients leave the GPU; with
  // ZeRO-3 the 16-bit parameter shards go too (offload_param), only the gathered blocks stay.
  if (c.lay.offload != Offload::None) {
    const double grads32 = 4 * trainable_shard;
    const double params = zero >= 3 ? need.weights : 0;
    if (c.lay.offload == Offload::Cpu) {
      need.host = need.optimizer + grads32 + params;
    } else {
      need.nvme = need.optimizer + params;
      need.host = grads32;
    }
    need.optimizer = 0;
    need.pageable = 0;
    need.gradients = 0;
    need.weights -= params;
  }
  return need;
}

// Activation coefficients of one stage (bytes = lin*s + quad*s^2 at the current micro-batch).
void StageActivations(const Ctx& c, const StageParams& s, const LayerAct& la, int k, StageNeed& need) {
  const bool last = k == c.p - 1;
  const Workload& w = c.job.work;
  const double tok = double(c.mbs) / c.cp;  // tokens per sequence position on this GPU
  const double layers = s.dense_layers + s.moe_layers;
  // Micro-batches in flight: 1F1B makes stage k hold p - k of them (fewer if the step has fewer);
  // interleaving adds 1 + (p-1)/(p v) (Narayanan et al. 2021, Megatron theoretical_memory_usage.py).
  double inflight = 1;
  if (c.p > 1) {
    const double m = w.gbs > 0 ? std::max(1.0, double(w.gbs) / (double(c.dp) * c.mbs)) : c.p;
    inflight = std::min<double>(c.p - k, m);
    if (c.v > 1) inflight = (c.p - k) * (1 + (c.p - 1.0) / (c.p * c.v));
  }
  Recompute rc = c.lay.recompute == Recompute::Auto ? Recompute::Selective : c.lay.recompute;
  const double lin_layers = s.dense_layers * la.lin_dense + s.moe_layers * la.lin_moe;
  // Final norm input and head input (16-bit), and the logits held for the backward: Megatron's
  // 4sbh(1 + V/h) term with logit_bytes per logit; split across tensor-parallel ranks (vocab-parallel
  // loss). Only the last stage computes them.
  const double rdiv = c.sp ? c.t : 1;
  const double logits = last ? tok * (2 * c.e * ClampPos(c.job.model.hidden) / rdiv +
                                      c.job.assume.logit_bytes * ClampPos(c.job.model.vocab) / c.t)
                             : 0;
  if (rc == Recompute::Full) {
    // Only each layer's input is kept. The peak is then either at the loss (inputs + logits) or in
    // the backward, where one layer at a time is recomputed in full (once, not per micro-batch in
    // flight) after the logits are gone.
    const double one_layer = tok * std::max(s.moe_layers ? la.lin_moe : 0.0, s.dense_layers ? la.lin_dense : 0.0);
    const double one_quad = layers > 0 ? tok * la.quad : 0;
    need.act_lin = tok * inflight * layers * la.input;
    need.peak_a = logits;
    need.peak_b = one_layer;
    need.peak_bq = one_quad;
  } else {
    need.act_lin = tok * inflight * lin_layers + logits;
    // Selective recomputation drops the attention scores and recomputes them (Korthikanti sec. 5).
    need.act_quad = rc == Recompute::None ? tok * inflight * layers * la.quad : 0;
  }
  if (s.moe_layers > 0) need.temp_lin = tok * la.dispatch;
}

// Largest x >= 0 with a*x^2 + b*x <= room (a, b >= 0); +inf when nothing grows.
double SolveQuadratic(double a, double b, double room) {
  if (room < 0) return 0;
  if (a <= 0) return b > 0 ? room / b : INFINITY;
  return (-b + std::sqrt(b * b + 4 * a * room)) / (2 * a);
}

}  // namespace

MemoryBreakdown EstimateMemory(const Job& job, const Layout& layout) {
  MemoryBreakdown out;
  const CountMemo& memo = Counts(job);
  Ctx c{job, layout, memo.pc, memo,
        std::max(1, layout.tp), std::max(1, layout.pp), std::max(1, layout.vp), std::max(1, layout.cp),
        std::max(1, layout.ep), std::max(1, layout.dp), std::max(1, layout.mbs), ExpertTensorParallel(layout),
        layout.sp && layout.tp > 1, job.work.flash, job.model.mlp == MlpKind::Gelu,
        job.work.prec == Precision::Fp32 ? 4.0 : 2.0};
  const Assumptions& as = job.assume;
  const bool size_only = job.model.layers <= 0;
  const double s = std::max(1, job.work.seq);
  const LayerAct la = size_only ? LayerAct{} : LayerActivations(c);

  // Outside the caching allocator: CUDA context and one set of NCCL buffers per parallel group in use.
  const int groups = (c.t > 1) + (c.p > 1) + (c.cp > 1) + (c.ep > 1) + (c.dp > 1);
  const double outside = 1e9 * ClampPos(as.cuda_context_gb) + groups * ClampPos(as.nccl_bytes_per_group);
  const double frag = 1 + ClampPos(as.fragmentation);

  out.capacity = job.hw.gpu ? ClampPos(job.hw.gpu->mem_bytes) : 0;
  out.usable = out.capacity * (1 - std::clamp(as.headroom, 0.0, 1.0));

  const int gpn = std::max(1, std::min(job.hw.gpus_per_node, std::max(1, job.hw.gpus)));  // GPUs per node
  double best_total = -1, min_mbs = INFINITY, min_seq = INFINITY;
  // Candidates for the most loaded GPU: the first stage (embedding, most micro-batches in flight), the
  // last (head, logits), the second (an uneven split moves blocks off the first), and the first stage of
  // each block kind (a MoE model's leading dense blocks can fill stages of their own).
  int stages[5] = {0, c.p - 1, 1, 0, 0}, nstages = c.p > 1 ? 3 : 1;
  if (c.p > 2 && !size_only && memo.pc.moe_layers > 0 && memo.pc.dense_layers > 0) {
    const int boundary = std::clamp(memo.pc.dense_layers / std::max(1, BlocksOnStage(memo.pc, c.p, 0).Count()), 0, c.p - 1);
    stages[nstages++] = boundary;
    stages[nstages++] = std::min(boundary + 1, c.p - 1);
  }
  for (int i = 0; i < nstages; ++i) {
    const int k = stages[i];
    if (i > 0 && (k == stages[0] || (i > 1 && k == stages[1]))) continue;  // the same stage twice
    const StageParams sp = ParamsOnStage(c, k);
    StageNeed need = StageStates(c, sp);
    if (!size_only) StageActivations(c, sp, la, k, need);
    const double states = need.weights + need.gradients + need.optimizer;
    const double act = need.act_lin * s + need.act_quad * s * s +
                       std::max(need.peak_a * s, (need.peak_b + need.peak_bq * s) * s);
    const double temps = need.temp_fixed + need.temp_lin * s;
    double total = outside + frag * (states + act + temps);
    // A paged optimizer (QLoRA) lets the driver evict its states to host memory under pressure.
    double paged = 0;
    if (need.pageable > 0 && out.usable > 0 && total > out.usable)
      paged = std::min(need.pageable, (total - out.usable) / frag);
    total -= frag * paged;

    // Largest micro-batch: everything token-proportional scales with it.
    const double fixed = outside + frag * (states - need.pageable + need.temp_fixed);
    const double per_mbs = frag * (act + need.temp_lin * s) / c.mbs;
    const double mbs_fit = per_mbs > 0 ? (out.usable - fixed) / per_mbs : (fixed <= out.usable ? c.mbs : 0);
    min_mbs = std::min(min_mbs, mbs_fit);
    // Longest sequence at this micro-batch: solve frag*(quad s^2 + lin s) <= usable - fixed.
    const double lin = frag * (need.act_lin + need.temp_lin), quad = frag * need.act_quad;
    const double seq_fit = size_only ? (fixed <= out.usable ? s : 0)
                                     : std::min(SolveQuadratic(quad, lin + frag * need.peak_a, out.usable - fixed),
                                                SolveQuadratic(quad + frag * need.peak_bq, lin + frag * need.peak_b,
                                                               out.usable - fixed));
    min_seq = std::min(min_seq, seq_fit);

    if (total > best_total) {
      best_total = total;
      out.weights = need.weights;
      out.gradients = need.gradients;
      out.optimizer = need.optimizer - paged;
      out.activations = act;
      out.other = total - states + paged - act;
      out.total = total;
      out.host_bytes = gpn * (as.offload_host_factor * need.host + paged +
                              (layout.offload == Offload::Nvme ? as.nvme_host_buffer_bytes : 0));
      out.nvme_bytes = gpn * need.nvme;
    }
  }
  out.model_states = out.weights + out.gradients + out.optimizer;
  // Offloaded states must also fit in the node's host memory (ZeRO-Infinity's premise: it is there).
  const bool host_ok = out.host_bytes <= 1e9 * ClampPos(as.host_gb_per_gpu) * gpn;
  out.fits = out.capacity > 0 && out.total <= out.usable && host_ok;
  constexpr double kCap = 1 << 20;
  out.max_micro_batch = out.capacity > 0 ? int(std::clamp(std::floor(min_mbs), 0.0, kCap)) : 0;
  out.max_seq = out.capacity > 0 ? int(std::clamp(std::floor(min_seq), 0.0, kCap * 16)) : 0;
  return out;
}

}  // namespace tp
