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

#include "bands.h"
#include "catalog.h"
#include "dora.h"
#include "memory_internal.h"
#include "peft_experts.h"
#include "rl.h"
#include "rules.h"

namespace tp {
namespace {

using namespace memory_detail;

// ---- activations per layer, per token --------------------------------------------------------------
// What each layer keeps for the backward is the model code's (core/stack/saves.cpp, tensor by tensor, each with the
// file and function it follows): Megatron-Core's Transformer Engine layers, Transformers' modeling code with PEFT and
// bitsandbytes, torchtitan's, torchtune's and Unsloth's. For Megatron this is Korthikanti et al. 2022 (arXiv
// 2205.05198) Table 2 generalised to GQA, SwiGLU and MoE: sbh(34 + 5as/h) for a GPT layer with dropout. Tensor
// parallelism splits attention and the MLP; what lives on the hidden-wide stream (norm inputs and outputs, dropout
// masks, MLA's latents) is split only with sequence parallelism.
struct LayerAct {
  double lin_dense = 0, lin_moe = 0;    // bytes per token
  double sel_dense = 0, sel_moe = 0;    // the same under op-level selective checkpointing (torchtitan)
  double quad = 0;                      // bytes per token per key (materialized scores)
  double input = 0;                     // layer input per token (what full recomputation keeps)
  double fixed = 0;                     // bytes per layer and micro-batch (autocast's copies of the adapters)
  double grad_dense = 0, grad_moe = 0;  // the gradients alive in one layer's backward, per token
  double dispatch = 0;                  // MoE all-to-all send + receive buffers per token
  double dora_transient = 0;            // DoRA's weight-norm temporaries, one matrix at a time (dora.h)
  double saved_weights = 0;             // dequantized 16-bit weights a layer's GEMMs keep for its backward
  double expert_saved = 0;      // a MoE layer's summed expert weights PEFT's experts' LoRA keeps (peft_experts.h)
  double expert_transient = 0;  // the update's fp32 copies beside them while one MoE layer builds or reduces it
};

// One layer's widths, whole: GQA's k and v at kv_heads x head_dim; multi-head latent attention's q and k per head
// nope + rope, v and the output v_head_dim, the latents beside them.
LayerShape ShapeOf(const ModelArch& m, double f) {
  LayerShape s;
  const double h = ClampPos(m.hidden), a = ClampPos(m.heads);
  s.h = h, s.heads = a, s.f = ClampPos(f), s.swiglu = m.mlp == MlpKind::Swiglu;
  if (m.kv_lora_rank > 0) {
    const double qk = ClampPos(m.qk_nope_dim) + ClampPos(m.qk_rope_dim), vd = ClampPos(m.v_head_dim);
    s.q = s.k = a * qk, s.v = s.o = a * vd;
    s.latent = ClampPos(m.q_lora_rank) + ClampPos(m.kv_lora_rank) + ClampPos(m.qk_rope_dim);
  } else {
    const double d = m.head_dim > 0 ? m.head_dim : (a > 0 ? h / a : 0);
    s.q = s.o = a * d;
    s.k = s.v = (m.kv_heads > 0 ? m.kv_heads : a) * d;
  }
  return s;
}

// The adapted matrices of a dense block (Workload::lora_targets: 0b100 q and v; 0b01 attention; 0b11 attention and
// MLP, 0b1011 with the MoE layers' routed experts left out: LayerActivations).
uint8_t LoraBits(const Workload& w) {
  if (w.method == Method::Full || w.lora_r <= 0) return 0;
  if (w.lora_targets == 0b100) return kLoraQ | kLoraV;
  const uint8_t attn = kLoraQ | kLoraK | kLoraV | kLoraO;
  return w.lora_targets & 0b10 ? uint8_t(attn | kLoraGate | kLoraUp | kLoraDown) : attn;
}

// Routed tokens on the busiest expert-parallel rank over the mean (the moe_imbalance key, at most the capacity
// factor when tokens above it are dropped): the memory of the GPU that runs out first. One rank holding every expert
// sees the mean.
double BusiestRank(const Ctx& c) {
  if (c.ep <= 1) return 1;
  double imb = std::max(1.0, std::isfinite(c.job.assume.moe_imbalance) ? c.job.assume.moe_imbalance : 1.0);
  if (c.job.assume.moe_capacity > 0) imb = std::min(imb, std::max(1.0, c.job.assume.moe_capacity));
  return imb;
}

LayerAct LayerActivations(const Ctx& c) {
  const ModelArch& m = c.job.model;
  const LayerRun run = LayerRunOf(c.job);
  const ModelCode code = c.job.work.modeling;
  const double it = 1.0 / c.t, ir = c.sp ? it : 1;
  LayerAct la;
  const LayerShape dense = ShapeOf(m, m.ffn);
  const LayerSaves d = SavedPerLayer(code, dense, run);
  la.lin_dense = d.residual * ir + (d.attn + d.mlp) * it;
  la.quad = d.per_key * it;
  la.fixed = d.fixed * it;
  la.input = CheckpointedInput(dense, run) * ir;
  const LayerSaves ds = SelectiveOpSaves(dense, run);
  la.sel_dense = ds.residual * ir + (ds.attn + ds.mlp) * it;
  la.grad_dense = BackwardWorkingSet(dense, run) * it;
  const DoraBlock dora = DoraOf(c.job, c.t);  // DoRA's rescaling operands and weight-norm temporaries (dora.h)
  la.lin_dense += dora.saved_per_token, la.saved_weights = dora.saved_weights, la.dora_transient = dora.transient;
  // AutoGPTQ's QuantLinear (qlinear_cuda_old.py forward, 3de7fbb) runs a micro-batch of at least
  // kernel_switch_threshold = 128 rows as torch.matmul(x.half(), weight) on the weight it has just dequantized, and
  // autograd keeps that fp16 weight for the input gradient: every quantized matrix of the layer, 2 B per weight.
  // Fewer rows run its CUDA kernel, outside autograd, which keeps nothing.
  const Workload& w = c.job.work;
  if (w.gptq_base && double(c.mbs) * std::max(1, w.seq) / c.cp >= 128) la.saved_weights += 2.0 * c.pc.dense_block * it;
  if (c.pc.moe_layers > 0) {
    // A MoE layer: attention as a dense layer's; each routed copy of a token keeps what the code keeps of it
    // (saves.cpp RoutedCopySaves: its permuted input, and the expert's output where the combine weights it) and the
    // expert MLP's own saves, topk copies per token on average and more on the busiest rank; the shared experts run
    // every token; the router keeps fp32 logits.
    const LayerShape expert = ShapeOf(m, m.moe_ffn > 0 ? m.moe_ffn : m.ffn);
    const LayerSaves x = SavedPerLayer(code, expert, run);
    // Adapters on the shared experts alone (kLoraDenseOnly): the routed copies run without their MLP adapters.
    LayerRun routed_run = run;
    if (c.job.work.lora_targets & kLoraDenseOnly) routed_run.lora &= uint8_t(~(kLoraGate | kLoraUp | kLoraDown));
    const double routed = c.pc.topk * BusiestRank(c), shared = ClampPos(m.shared_experts);
    const double moe_mlp =
        routed * (RoutedCopySaves(code, expert, routed_run) + RoutedExpertMlpSaves(code, expert, routed_run)) +
        shared * x.mlp;
    la.lin_moe = d.residual * ir + d.attn * it + moe_mlp * it + 4.0 * c.pc.experts;
    const double sel_mlp = (routed + shared) * run.e * expert.f;
    la.sel_moe = ds.residual * ir + ds.attn * it + sel_mlp * it + 4.0 * c.pc.experts;
    const double local_experts = std::max(1.0, double(c.pc.experts) / std::max(1, c.ep));
    la.dispatch = MoeDispatchBytes(code, expert, run, routed, local_experts) * it;
    // The expert MLPs' backward runs over every routed copy at once (grouped GEMMs): their gradients scale with them.
    LayerShape one = expert;
    one.f *= routed + shared;
    la.grad_moe = BackwardWorkingSet(one, run) * it;
    const ExpertDelta delta = PeftExpertDeltaOf(c.job, c.t, c.ep);
    la.expert_saved = delta.saved, la.expert_transient = delta.transient;
  }
  return la;
}

// Micro-batches one pipeline schedule runs: the step's, or pp_microbatches each where a step runs as several
// schedules, one per local batch (torchtitan, NeMo AutoModel).
double ScheduleMicroBatches(const Ctx& c) {
  const int gbs = GlobalBatch(c.job.work, c.lay);
  double m = gbs > 0 ? std::max(1.0, double(gbs) / (double(c.dp) * c.mbs)) : c.p;
  if (c.job.work.pp_microbatches > 0) m = std::min(m, double(c.job.work.pp_microbatches));
  return m;
}

// Micro-batches whose activations stage k holds at its peak: the pipeline schedule's (core/job/pipeline.h
// PipelineInflight: 1F1B p - k, interleaved, zero-bubble, DualPipe), never more than the step has.
double InFlightMicroBatches(const Ctx& c, int k) {
  if (c.p <= 1) return 1;
  return PipelineInflight(ScheduleOf(c.lay), c.p, c.v, k, ScheduleMicroBatches(c));
}

// What torch.distributed.pipelining's stage keeps beside the layers' saves (torch/distributed/pipelining/stage.py;
// the FSDP stacks pipeline with it, as torchtitan does): PipelineStage._prepare_forward_infra allocates one receive
// buffer per micro-batch of the schedule for the stage's input (not on the first stage) and _prepare_backward_infra
// one for the gradient of its output (not on the last), and they live as long as the stage; forward_one_chunk keeps
// each micro-batch's output in fwd_cache until its backward, and on the last stage appends it to output_chunks, kept
// until the schedule's step returns (merged for the caller): the logits of every micro-batch of the schedule, so the
// trainer's `del pred` frees nothing there (PyTorch #138504, 2024-10, detaches them but keeps their data; until
// #153383, 2025-05, every stage kept its outputs so, which at a 1F1B stage's peak, its first backward, are the
// in-flight ones). The in-flight receive buffers are the first block's saved inputs, already counted. Megatron's and
// DeepSpeed's pipelines allocate their p2p tensors per transfer and free the sent outputs' data (Megatron
// deallocate_output_tensor): nothing beyond the in-flight activations.
void PipelineStageBuffers(const Ctx& c, int k, double inflight, double tok, StageNeed& need) {
  // The FSDP stacks pipeline eager PyTorch model code (torchtitan's, Transformers') with it; Megatron-style layers on
  // an FSDP stack (Meta's 2024 production stack in the cases) come with their own pipeline.
  if (c.p <= 1 || c.stack.kind != StackKind::Fsdp || c.job.work.modeling == ModelCode::Megatron) return;
  const double m = std::max(ScheduleMicroBatches(c), inflight), e = LayerRunOf(c.job).e;
  const double boundary = tok * e * ClampPos(c.job.model.hidden) / (c.sp ? c.t : 1);  // bytes per position
  const bool first = k == 0, last = k == c.p - 1;
  double buffers = first ? 0 : m - inflight;  // input receive buffers beyond the in-flight ones
  if (!last) buffers += m + inflight;         // output-gradient receive buffers, outputs kept until backward
  need.act_lin += buffers * boundary;
  if (last) {
    // output_chunks: the earlier micro-batches' logits through the last one's loss, and the current one's logits
    // through its backward (16-bit, vocabulary-parallel across tensor-parallel ranks).
    const double logits = tok * e * ClampPos(c.job.model.vocab) / c.t;
    need.act_lin += (m - 1) * logits;
    need.peak_b += logits;
  }
}

// The activations one layer of the stage makes per token of a sequence position, its widest kind (dense or MoE):
// the one layer a full recomputation recomputes, and the one a forward without gradients holds (ForwardOnlyBytes).
double WidestLayerLin(const StageParams& s, const LayerAct& la) {
  return std::max(s.moe_layers ? la.lin_moe : 0.0, s.dense_layers ? la.lin_dense : 0.0);
}

// Activation coefficients of one stage (bytes = lin*s + quad*s^2 at the current micro-batch).
void StageActivations(const Ctx& c, const StageParams& s, const LayerAct& la, int k, StageNeed& need) {
  const bool last = k == c.p - 1;
  const Workload& w = c.job.work;
  const double tok = double(c.mbs) / c.cp;  // tokens per sequence position on this GPU
  const double layers = s.dense_layers + s.moe_layers;
  const double inflight = InFlightMicroBatches(c, k);
  Recompute rc = c.lay.recompute == Recompute::Auto ? Recompute::Selective : c.lay.recompute;
  if (rc == Recompute::Selective && c.stack.selective == SelectiveKind::None) rc = Recompute::Full;
  double lin_layers = s.dense_layers * la.lin_dense + s.moe_layers * la.lin_moe;
  // torchtitan's selective (op-level) checkpointing keeps the block input and the outputs of every other matmul and
  // of attention (SelectiveOpSaves); the attention scores are FlashAttention's, never stored.
  if (rc == Recompute::Selective && c.stack.selective == SelectiveKind::HalfMatmuls)
    lin_layers = s.dense_layers * la.sel_dense + s.moe_layers * la.sel_moe;
  // The last stage's final norm, head and loss as the model code computes them (saves.cpp LossOf): the inputs kept
  // and the logits alive at the loss's peak, logit_bytes per logit, split across tensor-parallel ranks; a chunked
  // loss (Unsloth's) never holds more than its chunk cap.
  const LossSaves loss = LossOf(w.modeling, LayerRunOf(c.job));
  const double rdiv = c.sp ? c.t : 1, h = ClampPos(c.job.model.hidden), vocab = ClampPos(c.job.model.vocab);
  // A head whose input is the all-gathered sequence keeps it whole on every tensor-parallel rank (torchtitan).
  const double head_in = loss.head_input_gathered && c.t > 1 ? LayerRunOf(c.job).e * h : 0;
  double logits = 0, kept = 0;  // kept: the loop's output logits, alive through the whole backward too
  // The backward's own working set: the gradients of one layer's widest tensors (BackwardWorkingSet), on top of
  // whatever is still saved when that layer runs its backward.
  const double grad =
      tok * std::max(s.moe_layers ? la.grad_moe : 0.0, s.dense_layers ? la.grad_dense : 0.0) * (layers > 0);
  if (last) {
    logits = tok * ((loss.norm_h * h - head_in + loss.per_token) / rdiv + head_in);
    const double share = LogitShare(w, w.seq);
    const double per_logit = share * tok * (c.job.assume.logit_bytes + (c.t > 1 ? loss.tp_extra : 0)) * vocab / c.t;
    kept = share * tok * loss.logit_kept * vocab / c.t;
    if (loss.logit_cap > 0)
      need.loss_capped = per_logit, need.loss_cap = loss.logit_cap;
    else
      logits += per_logit;
    // prepare_model_for_kbit_training's fp32 head: autocast keeps a bf16 copy for the backward.
    need.act_fixed += loss.head_weight * vocab * h / c.t;
  }
  if (rc == Recompute::Full) {
    // Only each layer's input is kept. The peak is then either at the loss (inputs + logits) or in
    // the backward, where one layer at a time is recomputed in full (once, not per micro-batch in
    // flight) after the logits are gone.
    const double one_layer = tok * WidestLayerLin(s, la);
    const double one_quad = layers > 0 ? tok * la.quad : 0;
    need.act_lin = tok * inflight * layers * la.input;
    if (w.offload_checkpoints) {
      // Unsloth's checkpointing: each layer's input goes to pinned host memory; the GPU keeps the last
      // layer's and the one being copied back (unsloth_zoo gradient_checkpointing.py).
      need.host_lin = need.act_lin;
      need.act_lin = tok * std::min(2.0, layers) * la.input;
    }
    need.peak_a = logits;
    need.peak_b = one_layer + grad + kept;
    need.peak_bq = one_quad;
    need.act_fixed += layers > 0 ? la.fixed : 0;
    // The layers ran their forward without grad: the weights their GEMMs keep live only in the recomputed layer.
    need.backward_fixed += layers > 0 ? la.saved_weights : 0;
    // PEFT's experts' LoRA: the recomputed layer's summed weight and its gradient (2 B each per element) are live
    // together, less than the update's two fp32 copies (temp_fixed) built before and reduced after them (INFERRED
    // from the order the code runs them in): nothing more here.
  } else {
    // Everything saved stays until its layer's backward; on top of it either the loss's peak (the last stage) or
    // the first backward layer's gradients, whichever is larger.
    need.act_lin = tok * inflight * lin_layers;
    need.peak_a = logits;
    need.peak_b = grad + kept;
    // Selective recomputation drops the attention scores and recomputes them (Korthikanti sec. 5; the
    // op-level kind never stores them either).
    need.act_quad = rc == Recompute::None ? tok * inflight * layers * la.quad : 0;
    need.act_fixed += inflight * layers * (la.fixed + la.saved_weights);
    need.act_fixed += inflight * s.moe_layers * la.expert_saved;  // each micro-batch's forward builds its own
  }
  if (s.moe_layers > 0) need.temp_lin = tok * la.dispatch;
  if (layers > 0) need.temp_fixed += la.dora_transient;
  if (s.moe_layers > 0) need.temp_fixed += la.expert_transient;
  need.layers = layers, need.inflight = inflight;
  need.saved_per_token_layer = layers <= 0 ? 0 : rc == Recompute::Full ? la.input : lin_layers / layers;
  PipelineStageBuffers(c, k, inflight, tok, need);
}

// Largest x >= 0 with a*x^2 + b*x <= room (a, b >= 0); +inf when nothing grows.
double SolveQuadratic(double a, double b, double room) {
  if (room < 0) return 0;
  if (a <= 0) return b > 0 ? room / b : INFINITY;
  return (-b + std::sqrt(b * b + 4 * a * room)) / (2 * a);
}

// calib_memory: activations and allocator temporaries (model states are exact counts) times the factor.
void ScaleTokenMemory(StageNeed& need, double factor) {
  need.act_lin *= factor, need.act_quad *= factor, need.act_fixed *= factor, need.loss_capped *= factor;
  need.peak_a *= factor, need.peak_b *= factor, need.peak_bq *= factor, need.backward_fixed *= factor;
  need.temp_fixed *= factor, need.temp_lin *= factor, need.gathered *= factor;
}

// Outside the caching allocator: the CUDA context, and NCCL's communicators and buffers when more than one GPU talks.
double OutsideAllocator(const Job& job) {
  const Assumptions& as = job.assume;
  return 1e9 * (ClampPos(as.cuda_context_gb) + (job.hw.gpus > 1 ? ClampPos(as.nccl_gb) : 0.0));
}
// Reserved per allocated byte of activations and temporaries (alloc_reserve, at least 1).
double ReserveFactor(const Assumptions& as) {
  return std::max(1.0, std::isfinite(as.alloc_reserve) ? as.alloc_reserve : 1.0);
}
// The user's memory calibration (calib_memory, core/planner/calibrate.h) scales what the estimate is least sure of.
double CalibFactor(const Assumptions& as) {
  return std::isfinite(as.calib_memory) && as.calib_memory > 0 ? as.calib_memory : 1.0;
}

}  // namespace

LayerRun LayerRunOf(const Job& job) {
  const Workload& w = job.work;
  LayerRun r;
  r.e = w.prec == Precision::Fp32 ? 4.0 : 2.0;
  r.trains_base = w.method == Method::Full;
  r.flash = w.flash;
  r.dropout = w.dropout > 0;
  r.fp8_inputs = w.prec == Precision::Fp8 && w.modeling == ModelCode::Megatron;
  r.mla_up_recompute = w.mla_up_recompute && w.modeling == ModelCode::Megatron;
  r.moe_act_recompute = w.moe_act_recompute && w.modeling == ModelCode::Megatron;
  r.lora = LoraBits(w);
  r.lora_r = w.lora_r;
  r.lora_dropout = w.method != Method::Full && w.lora_dropout > 0;
  r.qlora = w.method == Method::Qlora;
  r.kbit_prep = w.kbit_prep && w.method == Method::Qlora;
  // The Trainer trains 16-bit with torch.autocast (bf16=True / fp16=True); fp32 training runs without it, and so does
  // DeepSpeed, whose engine casts the model to 16 bits instead (Accelerate: native_amp off under DeepSpeed).
  r.autocast = w.prec != Precision::Fp32 && !(job.stack && job.stack->kind == StackKind::DeepSpeed);
  r.year = job.stack_year;
  r.compiled = w.compiled;
  r.kept_logits = w.method != Method::Full && job.stack ? job.stack->adapter_loop_kept_logit_bytes : 0;
  return r;
}

double LossPeakPerLogit(const Job& job) { return LossOf(job.work.modeling, LayerRunOf(job)).logit_peak; }

double CublasWorkspaces(const Job& job) {
  constexpr double kMiB = 1024.0 * 1024;
  // Told apart by the numbers (a custom GPU has no architecture): Hopper's dense BF16 peak is 756-989 TFLOP/s,
  // every earlier NVIDIA part's below 400; later parts take the larger workspace too (INFERRED).
  const GpuSpec* g = job.hw.gpu;
  const bool hopper = g && g->peak_flops[int(Precision::Bf16)] >= 700e12;
  return 2 * (hopper ? 32 * kMiB : 8.125 * kMiB);
}

// The estimate's context: the job, the layout's degrees (at least 1) and the precision's bytes per activation.
Ctx ContextOf(const Job& job, const Layout& layout) {
  const ModelFacts& facts = job.facts;
  return Ctx{job,
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
}

// Candidates for the most loaded GPU: the first stage (embedding, most micro-batches in flight), the last (head,
// logits), the second (an uneven split moves blocks off the first), and the first stage of each block kind (a MoE
// model's leading dense blocks can fill stages of their own); each stage once. Returns how many.
static int CandidateStages(const Ctx& c, bool size_only, int (&out)[5]) {
  int stages[5] = {0, c.p - 1, 1, 0, 0}, nstages = c.p > 1 ? 3 : 1;
  if (c.p > 2 && !size_only && c.pc.moe_layers > 0 && c.pc.dense_layers > 0) {
    const int boundary = std::clamp(c.pc.dense_layers / std::max(1, BlocksOnStage(c.pc, c.p, 0).Count()), 0, c.p - 1);
    stages[nstages++] = boundary;
    stages[nstages++] = std::min(boundary + 1, c.p - 1);
  }
  int n = 0;
  for (int i = 0; i < nstages; ++i) {
    const int k = stages[i];
    if (i > 0 && (k == stages[0] || (i > 1 && k == stages[1]))) continue;  // the same stage twice
    out[n++] = k;
  }
  return n;
}

// DualPipe keeps two stages' weights, and their gradients and states, on every GPU (pipeline.h).
static void HoldScheduleCopies(const Layout& layout, StageNeed& need) {
  if (const double copies = PipelineWeightCopies(ScheduleOf(layout)); copies != 1)
    need.weights *= copies, need.gradients *= copies, need.optimizer *= copies, need.pageable *= copies;
}

MemoryBreakdown EstimateMemory(const Job& job, const Layout& layout, MemoryTrace* trace) {
  MemoryBreakdown out;
  const Ctx c = ContextOf(job, layout);
  const Assumptions& as = job.assume;
  const bool size_only = job.model.layers <= 0;
  const double s = std::max(1, job.work.seq);
  const LayerAct la = size_only ? LayerAct{} : LayerActivations(c);

  // Outside the caching allocator: the CUDA context, and NCCL's communicators and buffers when more than
  // one GPU talks. Inside it, the allocator reserves more than the tensors it holds (rounding, blocks it
  // cannot reuse): reserved = allocated x alloc_reserve. nvidia-smi shows reserved + outside, and an OOM
  // comes when that reaches the capacity the driver exposes.
  const double outside = OutsideAllocator(job);
  const double frag = ReserveFactor(as);
  // cuBLAS workspaces, allocated through the caching allocator once (inside both PyTorch figures): one per (handle,
  // stream) pair, at least the forward's and the autograd engine's backward thread.
  const double workspace = CublasWorkspaces(job);
  const double calib = CalibFactor(as);

  out.capacity = job.hw.gpu ? ClampPos(job.hw.gpu->mem_bytes) : 0;
  out.usable = out.capacity * (1 - std::clamp(as.headroom, 0.0, 1.0));

  const int gpn = NodeGpus(job.hw);
  double best_total = -1, min_mbs = INFINITY, min_seq = INFINITY, seq_fixed = 0;
  // Candidates for the most loaded GPU (CandidateStages).
  int stages[5];
  const int nstages = CandidateStages(c, size_only, stages);
  for (int i = 0; i < nstages; ++i) {
    const int k = stages[i];
    const StageParams sp = ParamsOnStage(job, layout, k);  // the stage model step time uses too (rules.h)
    StageNeed need = StageStates(c, sp);
    HoldScheduleCopies(layout, need);
    if (!size_only) StageActivations(c, sp, la, k, need);
    if (calib != 1.0) ScaleTokenMemory(need, calib);
    const double states = need.weights + need.gradients + need.optimizer;
    const double loss_phase = need.peak_a * s, backward_phase = need.BackwardPhase(s);
    double act = need.act_lin * s + need.act_quad * s * s + need.act_fixed + std::max(loss_phase, backward_phase);
    const double temps = need.temp_fixed + need.temp_lin * s;
    double chunk_added = 0;  // not proportional to the micro-batch: the chunk adapts
    if (need.loss_capped > 0) {
      // A chunked loss sized to the memory that is free (Unsloth: at most half of it, and at most its cap): it adds
      // where the loss phase is the larger, and never runs the GPU out of memory by itself.
      const double before = outside + states - need.pageable + workspace + frag * (act + temps);
      const double room = out.usable > 0 ? std::max(0.0, 0.5 * (out.usable - before)) : INFINITY;
      const double chunk = std::min({need.loss_capped * s, need.loss_cap, room});
      chunk_added = std::max(0.0, loss_phase + chunk - std::max(loss_phase, backward_phase));
      act += chunk_added;
    }
    // Model states are allocated once and stay (contiguous buffers); activations and temporaries come and
    // go every micro-batch, and it is their blocks the caching allocator cannot always reuse: the reserve
    // applies to them. A paged optimizer (QLoRA, bitsandbytes) lives in CUDA managed memory outside the
    // allocator, and the driver evicts it to host memory under pressure.
    // Paged states are managed memory: in nvidia-smi's figure while resident, never in PyTorch's.
    const double allocated = states - need.pageable + workspace + act + temps;
    const double reserved = states - need.pageable + workspace + frag * (act + temps);
    double total = outside + reserved + need.pageable;
    double paged = 0;
    if (need.pageable > 0 && out.usable > 0 && total > out.usable) paged = std::min(need.pageable, total - out.usable);
    total -= paged;

    // Largest micro-batch: everything token-proportional scales with it (not the backward's fixed part, bfix).
    const double fixed = outside + states - need.pageable + workspace + frag * (need.temp_fixed + need.act_fixed);
    const double bfix = frag * (backward_phase >= loss_phase ? need.backward_fixed : 0), room = out.usable - bfix;
    const double per_mbs = (frag * (act - need.act_fixed - chunk_added + need.temp_lin * s) - bfix) / c.mbs;
    min_mbs = std::min(min_mbs, per_mbs > 0 ? (room - fixed) / per_mbs : (fixed <= room ? c.mbs : 0));
    // Longest sequence at this micro-batch: solve frag*(quad s^2 + lin s) <= usable - fixed.
    const double lin = frag * (need.act_lin + need.temp_lin), quad = frag * need.act_quad;
    const double seq_fit = size_only ? (fixed <= out.usable ? s : 0)
                                     : std::min(SolveQuadratic(quad, lin + frag * need.peak_a, out.usable - fixed),
                                                SolveQuadratic(quad + frag * need.peak_bq, lin + frag * need.peak_b,
                                                               out.usable - fixed - frag * need.backward_fixed));
    if (seq_fit < min_seq) min_seq = seq_fit, seq_fixed = fixed;

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
        trace->workspace = workspace;
        trace->paged = paged, trace->calib_memory = calib, trace->headroom = std::clamp(as.headroom, 0.0, 1.0);
        trace->layers = need.layers, trace->inflight = need.inflight;
        trace->saved_per_token_layer = need.saved_per_token_layer * calib;
        trace->tokens_per_micro_batch = double(c.mbs) * s / c.cp;
      }
    }
  }
  out.model_states = out.weights + out.gradients + out.optimizer;
  // Offloaded states must also fit in the node's host memory (ZeRO-Infinity's premise: it is there).
  const bool host_ok = out.host_bytes <= HostBytesPerNode(job);
  out.short_of = uint8_t((out.capacity > 0 && out.total <= out.usable ? 0 : kShortGpu) | (host_ok ? 0 : kShortHost));
  out.fits = out.short_of == 0;
  constexpr double kCap = 1 << 20;
  out.max_micro_batch = out.capacity > 0 ? int(std::clamp(std::floor(min_mbs), 0.0, kCap)) : 0;
  out.max_seq = out.capacity > 0 ? int(std::clamp(std::floor(min_seq), 0.0, kCap * 16)) : 0;
  out.seq_fixed = seq_fixed;
  AddRlMemory(job, layout, out);  // post-training's phases (rl.h); other goals: policy_total = total
  // Tight: fits, but not at the band's upper end (of the step's largest phase, for post-training).
  out.tight = out.fits && out.total * MemoryBandHigh(job, layout) > out.usable;
  // Short of GPU memory alone (the host and the KV cache hold what they must), by less than the band's lower end.
  out.may_fit = out.short_of == kShortGpu && out.capacity > 0 && out.total * MemoryBandLow(job, layout) <= out.usable;
  return out;
}

double ForwardOnlyBytes(const Job& job, const Layout& layout, int mbs, int seq, double per_logit) {
  const Assumptions& as = job.assume;
  const double outside = OutsideAllocator(job), workspace = CublasWorkspaces(job);
  if (job.model.layers <= 0) return outside + workspace;  // a size-only model has no activations to plan
  Layout at = layout;
  at.mbs = std::max(1, mbs);
  const Ctx c = ContextOf(job, at);
  const LayerAct la = LayerActivations(c);  // what one layer makes, as the training's (its saves, at this micro-batch)
  const LayerRun run = LayerRunOf(job);
  const double s = std::max(1, seq), tok = double(c.mbs) / c.cp;
  const double h = ClampPos(job.model.hidden), vocab = ClampPos(job.model.vocab), rdiv = c.sp ? c.t : 1;
  double worst = 0;
  int stages[5];
  const int nstages = CandidateStages(c, false, stages);
  for (int i = 0; i < nstages; ++i) {
    const int k = stages[i];
    const StageParams sp = ParamsOnStage(job, at, k);
    const double layers = sp.dense_layers + sp.moe_layers;
    // One layer at a time: the tensors its forward makes are those the training's layer keeps for its backward
    // (LayerActivations: the model code's saves, the busiest expert rank's routed copies, eager attention's scores),
    // freed as the next layer runs (INFERRED: their sum bounds the layer's own peak); the MoE dispatch buffers and
    // DoRA's weight-norm temporaries beside them. As the full recomputation's one recomputed layer (StageActivations).
    double one_layer = 0;
    if (layers > 0) one_layer = tok * s * WidestLayerLin(sp, la) + tok * s * s * la.quad;
    // The last stage: the head's 16-bit input and the logits with the log-probability's own copies, per_logit bytes
    // per logit, the vocabulary split over the tensor-parallel ranks; the layers' transients are gone by then.
    const double head =
        k == c.p - 1 ? tok * s * (LogitShare(job.work, s) * per_logit * vocab / c.t + run.e * h / rdiv) : 0.0;
    // ZeRO-3 / FSDP's gathered units and QLoRA's dequantization buffer (StageStates' temporaries), as in training.
    const StageNeed need = StageStates(c, sp);
    const double temps =
        need.temp_fixed + (sp.moe_layers > 0 ? tok * s * la.dispatch : 0.0) + (layers > 0 ? la.dora_transient : 0.0);
    // PEFT's experts' LoRA builds each MoE layer's update and summed weight in a forward without gradients too.
    const double expert_weights = sp.moe_layers > 0 ? la.expert_saved + la.expert_transient : 0.0;
    worst = std::max(worst, CalibFactor(as) * (std::max(one_layer, head) + temps + expert_weights));
  }
  return outside + workspace + ReserveFactor(as) * worst;
}

}  // namespace tp
