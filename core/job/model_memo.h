// model_memo.h — what every evaluation of a job needs and only its model decides: parameter counts
// (CountParams), each layer kind's operations (DescribeModel), the LoRA-adapted widths (LoraWidthsOf) and
// the activation widths per token of one layer (memory.cpp's LayerActivations), computed once per model
// and remembered per thread. Search evaluates thousands of layouts of one model in a row, and counting
// was a quarter of a memory evaluation and a tenth of a full plan.
#pragma once

#include "job.h"
#include "model.h"
#include "ops.h"

namespace tp {

struct ModelMemo {
  ParamCounts pc;
  ModelOps ops;
  LoraWidths lora_widths;  // the adapted matrices of one block (job.work.lora_targets)
  // Activation widths per token of one layer, in elements (see LayerActivations in memory.cpp).
  double h = 0, heads = 0;
  double qkvo = 0;    // q + k + v + attention output
  double latent = 0;  // MLA's compressed q and kv (+ rope key) feeding the up projections
  double mlp = 0;     // dense MLP intermediates: GELU 2f, SwiGLU 3f
  double moe = 0;     // topk x (expert input + output + intermediates) + shared experts
};

// The memo of job.model (and job.work.lora_targets) on this thread: keyed on their raw bytes, so a stale
// hit is impossible and a miss only recounts. Valid until the next call with another model on the thread.
const ModelMemo& MemoOf(const Job& job);

}  // namespace tp
