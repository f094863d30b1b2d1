// dora.h — what DoRA (Liu et al. 2024, arXiv 2402.09353; method=dora, qdora) adds to a LoRA / QLoRA step, as the
// frameworks' own DoRA layers compute it: every forward recomputes each adapted matrix's row norm ||W + s B A||
// (detached, as the paper's section 4.3 suggests), the output is rescaled by magnitude / norm, and the backward keeps
// the operands of that rescaling. Memory (memory.cpp) and step time (step_finetune.cpp) each call it once through a
// small hook; dora.cpp cites the code each term is read from. The magnitude vectors themselves (one value per output
// row of each adapted matrix, under 1/r of the adapters' parameters) are not counted in the model states.
#pragma once
#include "job.h"

namespace tp {

// DoRA's extra work and memory for one dense block, on one tensor-parallel rank (divided by tp), 16-bit training.
struct DoraBlock {
  double saved_per_token = 0;  // bytes per token the backward keeps beyond LoRA's (the rescaling's operands)
  double transient = 0;        // bytes: the largest adapted matrix's weight-norm temporaries (one matrix at a time)
  double norm_bytes = 0;       // bytes the weight norms move per forward pass (identity, B A, the sum, the norm)
  double token_bytes = 0;      // elementwise bytes per token, forward (the backward moves about as many)
  double base_kn = 0;          // sum of k x n over the adapted matrices whose base GEMM runs again (0: reused)
  double saved_weights = 0;    // bytes of dequantised 16-bit weights that GEMM keeps for its backward (QDoRA)
  // The adapted matrices' (k, n) pairs, for the re-run GEMMs (step_finetune.cpp times each).
  struct Matrix {
    double k = 0, n = 0;
  };
  Matrix matrices[8];
  int count = 0;
};

// Zero everywhere when the plan is not DoRA (Workload::dora) or the model has no layers.
DoraBlock DoraOf(const Job& job, int tp);

}  // namespace tp
