// memory.cpp — memory per GPU for a (Job, Layout) (see memory.h): model states as the framework keeps
// them (memory_states.cpp), activations (Korthikanti et al. 2022 generalised to GQA/MLA, SwiGLU and MoE,
// and to each framework's recomputation), logits, temporaries; then what PyTorch's caching allocator
// reserves and what nvidia-smi shows (CUDA context, NCCL), which decides whether it fits. The most loaded GPU is the
// largest of the first pipeline stage (embedding, p micro-batches in flight), the last (head, logits) and, for uneven
// splits, the second. No allocation: search calls this millions of times. The formulas and their sources are written
// out in docs/memory.md.
#include "memory.h"
#include "pipeline.h"

#include <algorithm>
#include <cmath>

#include "catalog.h"
#include "memory_internal.h"
#include "rules.h"
#include "step_finetune.h"

namespace tp {
namespace {

using namespace memory_detail;

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
  const ModelFacts& w = c.w;
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
  // LoRA adapters whose input is a new tensor keep it for A's weight gradient: PEFT casts each adapter's
  // input to the fp32 adapter dtype and autocast casts it back to bf16 for the GEMM, which saves that copy
  // (step_finetune.cpp: the stacks with adapter_in > 0), dropout or not; a stack that feeds x itself (torchtune,
  // Unsloth's fast path) keeps a copy only when lora_dropout makes one. Dropout adds its 1-byte mask. About
  // half of an adapted matrix's k + n is its input width (LoraWidths).
  if (c.job.work.method != Method::Full && c.job.work.lora_r > 0) {
    const bool dropout = c.job.work.lora_dropout > 0;
    const StackKernels& k = AdapterKernelsOf(c.stack.kind, dropout);
    const double per_input = (k.adapter_in > 0 || dropout ? e : 0.0) + (dropout ? 1.0 : 0.0);
    const double visited = std::max(1, c.pc.topk) + std::max(0, c.job.model.shared_experts);  // experts a token visits
    la.lin_dense += per_input * (w.lora_widths.attn + w.lora_widths.dense_mlp) / 2 * it;
    if (c.pc.moe_layers > 0)
      la.lin_moe += per_input * (w.lora_widths.attn + visited * w.lora_widths.expert_mlp) / 2 * it;
  }
  return la;
}

// Activation coefficients of one stage (bytes = lin*s + quad*s^2 at the current micro-batch).
void StageActivations(const Ctx& c, const StageParams& s, const LayerAct& la, int k, StageNeed& need) {
  const bool last = k == c.p - 1;
  const Workload& w = c.job.work;
  const double tok = double(c.mbs) / c.cp;  // tokens per sequence position on this GPU
  const double layers = s.dense_layers + s.moe_layers;
  // Micro-batches in flight on stage k: the schedule's (core/job/pipeline.h PipelineInflight).
  double inflight = 1;
  if (c.p > 1) {
    const int gbs = GlobalBatch(w, c.lay);
    const double m = gbs > 0 ? std::max(1.0, double(gbs) / (double(c.dp) * c.mbs)) : c.p;
    inflight = PipelineInflight(ScheduleOf(c.lay), c.p, c.v, k, m);
  }
  Recompute rc = c.lay.recompute == Recompute::Auto ? Recompute::Selective : c.lay.recompute;
  if (rc == Recompute::Selective && c.stack.selective == SelectiveKind::None) rc = Recompute::Full;
  double lin_layers = s.dense_layers * la.lin_dense + s.moe_layers * la.lin_moe;
  // torchtitan's selective (op-level) checkpointing keeps the outputs of half the matmuls and of
  // attention, and recomputes the rest: about half a layer's stored activations (INFERRED from its
  // _save_list; the attention scores are FlashAttention's, never stored).
  if (rc == Recompute::Selective && c.stack.selective == SelectiveKind::HalfMatmuls) lin_layers *= 0.5;
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
    if (w.offload_checkpoints) {
      // Unsloth's checkpointing: each layer's input goes to pinned host memory; the GPU keeps the last
      // layer's and the one being copied back (unsloth_zoo gradient_checkpointing.py).
      need.host_lin = need.act_lin;
      need.act_lin = tok * std::min(2.0, layers) * la.input;
    }
    need.peak_a = logits;
    need.peak_b = one_layer;
    need.peak_bq = one_quad;
  } else {
    need.act_lin = tok * inflight * lin_layers + logits;
    // Selective recomputation drops the attention scores and recomputes them (Korthikanti sec. 5; the
    // op-level kind never stores them either).
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

// calib_memory: activations and allocator temporaries (model states are exact counts) times the factor.
void ScaleTokenMemory(StageNeed& need, double factor) {
  need.act_lin *= factor, need.act_quad *= factor;
  need.peak_a *= factor, need.peak_b *= factor, need.peak_bq *= factor;
  need.temp_fixed *= factor, need.temp_lin *= factor, need.gathered *= factor;
}

}  // namespace

// DualPipe keeps two stages' weights, and their gradients and states, on every GPU (pipeline.h).
static void HoldScheduleCopies(const Layout& layout, StageNeed& need) {
  if (const double copies = PipelineWeightCopies(ScheduleOf(layout)); copies != 1)
    need.weights *= copies, need.gradients *= copies, need.optimizer *= copies, need.pageable *= copies;
}

MemoryBreakdown EstimateMemory(const Job& job, const Layout& layout, MemoryTrace* trace) {
  MemoryBreakdown out;
  const ModelFacts& facts = job.facts;
  Ctx c{job,
        layout,
        StackOf(job),
        facts.pc,
        facts,
        std::max(1, layout.tp),
        std::max(1, layout.pp),
        std::max(1, layout.vp),
        std::max(1, layout.cp),
        std::max(1, layout.ep),
        std::max(1, layout.dp),
        std::max(1, layout.mbs),
        ExpertTensorParallel(layout),
        layout.sp && layout.tp > 1,
        job.work.flash,
        job.work.dropout > 0,
        job.work.prec == Precision::Fp32 ? 4.0 : 2.0};
  const Assumptions& as = job.assume;
  const bool size_only = job.model.layers <= 0;
  const double s = std::max(1, job.work.seq);
  const LayerAct la = size_only ? LayerAct{} : LayerActivations(c);

  // Outside the caching allocator: the CUDA context, and NCCL's communicators and buffers when more than
  // one GPU talks. Inside it, the allocator reserves more than the tensors it holds (rounding, blocks it
  // cannot reuse): reserved = allocated x alloc_reserve. nvidia-smi shows reserved + outside, and an OOM
  // comes when that reaches the capacity the driver exposes.
  const double outside = 1e9 * (ClampPos(as.cuda_context_gb) + (job.hw.gpus > 1 ? ClampPos(as.nccl_gb) : 0.0));
  const double frag = std::max(1.0, std::isfinite(as.alloc_reserve) ? as.alloc_reserve : 1.0);
  // The user's memory calibration (calib_memory, core/planner/calibrate.h) scales what the estimate is least sure of.
  const double calib = std::isfinite(as.calib_memory) && as.calib_memory > 0 ? as.calib_memory : 1.0;

  out.capacity = job.hw.gpu ? ClampPos(job.hw.gpu->mem_bytes) : 0;
  out.usable = out.capacity * (1 - std::clamp(as.headroom, 0.0, 1.0));

  const int gpn = NodeGpus(job.hw);
  double best_total = -1, min_mbs = INFINITY, min_seq = INFINITY;
  // Candidates for the most loaded GPU: the first stage (embedding, most micro-batches in flight), the
  // last (head, logits), the second (an uneven split moves blocks off the first), and the first stage of
  // each block kind (a MoE model's leading dense blocks can fill stages of their own).
  int stages[5] = {0, c.p - 1, 1, 0, 0}, nstages = c.p > 1 ? 3 : 1;
  if (c.p > 2 && !size_only && facts.pc.moe_layers > 0 && facts.pc.dense_layers > 0) {
    const int boundary =
        std::clamp(facts.pc.dense_layers / std::max(1, BlocksOnStage(facts.pc, c.p, 0).Count()), 0, c.p - 1);
    stages[nstages++] = boundary;
    stages[nstages++] = std::min(boundary + 1, c.p - 1);
  }
  for (int i = 0; i < nstages; ++i) {
    const int k = stages[i];
    if (i > 0 && (k == stages[0] || (i > 1 && k == stages[1]))) continue;  // the same stage twice
    const StageParams sp = ParamsOnStage(job, layout, k);  // the stage model step time uses too (rules.h)
    StageNeed need = StageStates(c, sp);
    HoldScheduleCopies(layout, need);
    if (!size_only) StageActivations(c, sp, la, k, need);
    if (calib != 1.0) ScaleTokenMemory(need, calib);
    const double states = need.weights + need.gradients + need.optimizer;
    const double act =
        need.act_lin * s + need.act_quad * s * s + std::max(need.peak_a * s, (need.peak_b + need.peak_bq * s) * s);
    const double temps = need.temp_fixed + need.temp_lin * s;
    // Model states are allocated once and stay (contiguous buffers); activations and temporaries come and
    // go every micro-batch, and it is their blocks the caching allocator cannot always reuse: the reserve
    // applies to them. A paged optimizer (QLoRA, bitsandbytes) lives in CUDA managed memory outside the
    // allocator, and the driver evicts it to host memory under pressure.
    // Paged states are managed memory: in nvidia-smi's figure while resident, never in PyTorch's.
    const double allocated = states - need.pageable + act + temps;
    const double reserved = states - need.pageable + frag * (act + temps);
    double total = outside + reserved + need.pageable;
    double paged = 0;
    if (need.pageable > 0 && out.usable > 0 && total > out.usable) paged = std::min(need.pageable, total - out.usable);
    total -= paged;

    // Largest micro-batch: everything token-proportional scales with it.
    const double fixed = outside + states - need.pageable + frag * need.temp_fixed;
    const double per_mbs = frag * (act + need.temp_lin * s) / c.mbs;
    const double mbs_fit = per_mbs > 0 ? (out.usable - fixed) / per_mbs : (fixed <= out.usable ? c.mbs : 0);
    min_mbs = std::min(min_mbs, mbs_fit);
    // Longest sequence at this micro-batch: solve frag*(quad s^2 + lin s) <= usable - fixed.
    const double lin = frag * (need.act_lin + need.temp_lin), quad = frag * need.act_quad;
    const double seq_fit =
        size_only ? (fixed <= out.usable ? s : 0)
                  : std::min(SolveQuadratic(quad, lin + frag * need.peak_a, out.usable - fixed),
                             SolveQuadratic(quad + frag * need.peak_bq, lin + frag * need.peak_b, out.usable - fixed));
    min_seq = std::min(min_seq, seq_fit);

    if (total > best_total) {
      best_total = total;
      out.weights = need.weights;
      out.gradients = need.gradients;
      out.optimizer = need.optimizer - paged;
      out.paged_bytes = paged;
      out.activations = act;
      out.other = total - states + paged - act;
      out.total = total;
      out.allocated = allocated;
      out.gathered = need.gathered;
      out.reserved = reserved;
      out.host_bytes = gpn * (as.offload_host_factor * need.host + paged + need.host_lin * s +
                              (layout.offload == Offload::Nvme ? as.nvme_host_buffer_bytes : 0));
      out.nvme_bytes = gpn * need.nvme;
      if (trace) {
        trace->stage = k;
        trace->params = sp.dense + sp.expert;
        trace->trainable = job.work.method == Method::Full ? sp.dense + sp.expert : sp.lora;
        trace->outside = outside, trace->reserve_factor = frag, trace->temporaries = temps;
        trace->paged = paged, trace->calib_memory = calib, trace->headroom = std::clamp(as.headroom, 0.0, 1.0);
      }
    }
  }
  out.model_states = out.weights + out.gradients + out.optimizer;
  // Offloaded states must also fit in the node's host memory (ZeRO-Infinity's premise: it is there).
  const bool host_ok = out.host_bytes <= HostBytesPerNode(job);
  out.fits = out.capacity > 0 && out.total <= out.usable && host_ok;
  constexpr double kCap = 1 << 20;
  out.max_micro_batch = out.capacity > 0 ? int(std::clamp(std::floor(min_mbs), 0.0, kCap)) : 0;
  out.max_seq = out.capacity > 0 ? int(std::clamp(std::floor(min_seq), 0.0, kCap * 16)) : 0;
  return out;
}

}  // namespace tp
