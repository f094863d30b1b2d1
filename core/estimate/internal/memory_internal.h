// memory_internal.h — the pieces memory.cpp (activations, totals, what fits) and memory_states.cpp (model
// states by framework, offload, gathered units) share. Not part of core's interface.
#pragma once
#include <cmath>
#include <cstddef>

#include "job.h"
#include "model.h"
#include "rules.h"
#include "stack.h"

namespace tp::memory_detail {

// Negative, NaN or infinite sizes count as 0: bad input gives finite numbers, never a crash.
inline double ClampPos(double x) { return std::isfinite(x) && x > 0 ? x : 0; }

struct Ctx {
  const Job& job;
  const Layout& lay;
  const StackProfile& stack;
  const ParamCounts& pc;
  const ModelFacts& w;  // the model's counts and activation widths (job.h)
  int t, p, v, cp, ep, dp, mbs;
  int etp;  // expert tensor-parallel degree (ExpertTensorParallel, rules.h)
  bool sp, flash, dropout;
  double e;  // bytes per activation element
};

// What one pipeline stage needs: fixed bytes, and activation coefficients in the sequence length s at
// the current micro-batch (activations = lin*s + quad*s^2; both are proportional to the micro-batch).
struct StageNeed {
  double weights = 0, gradients = 0, optimizer = 0;
  double temp_fixed = 0;  // allocator temporaries independent of tokens (gathered units, dequantization)
  double gathered = 0;    // of temp_fixed: the ZeRO-3 / FSDP gathered weights (and their gradients)
  double act_lin = 0, act_quad = 0;
  // Two phases that do not coexist: the loss (peak_a*s) and the first layer's backward (peak_b*s + peak_bq*s^2: its
  // gradients, and with full recomputation the recomputed layer); the larger one adds to the activations.
  double peak_a = 0, peak_b = 0, peak_bq = 0;
  double act_fixed = 0;       // activations not proportional to tokens (autocast's adapter copies, kbit's bf16 head)
  double backward_fixed = 0;  // of the backward phase, not proportional to tokens (a recomputed layer's saved weights)
  double BackwardPhase(double s) const { return (peak_b + peak_bq * s) * s + backward_fixed; }
  double loss_capped = 0;  // a chunked loss's logits per unit of s, never above loss_cap bytes (Unsloth)
  double loss_cap = 0;
  double temp_lin = 0;        // allocator temporaries proportional to tokens (MoE dispatch)
  double pageable = 0;        // optimizer bytes a paged optimizer may move to the host
  double host = 0, nvme = 0;  // per GPU, before the host buffer factor
  double host_lin = 0;        // per GPU, proportional to s: checkpoints offloaded to host memory
  // For the explanation (MemoryTrace): the stage's layers, the micro-batches whose saves it holds, and what one
  // layer keeps per token of a micro-batch on this GPU (the checkpointed input under full recomputation).
  double layers = 0, inflight = 0, saved_per_token_layer = 0;
};

// Weights, gradients and optimizer states of one stage as the framework keeps them (StateBytesPerParam),
// the gathered ZeRO-3 / FSDP units, QLoRA's dequantization buffer, and what offload moves to the host.
StageNeed StageStates(const Ctx& c, const StageParams& s);

}  // namespace tp::memory_detail
