// max_seq_best.h — "the most this card can do" (issue #29): the longest sequence and the largest micro-batch that
// fit with the best settings the stack allows for memory (full recomputation, the optimizer's states offloaded to
// the CPU, the checkpointed layer inputs in host memory where the stack has it, micro-batch 1 for the sequence),
// on the plan's own parallel layout, beside memory.max_seq and memory.max_micro_batch at the current settings,
// with the settings that reach them. The loss is the stack's own (a chunked one where its code chunks it:
// core/stack/saves.h LossOf): no key chooses it.
#pragma once
#include <string>

#include "job.h"

namespace tp {

struct BestSeq {
  int max_seq = 0;  // tokens; 0 = nothing fits even at the shortest
  Layout layout;    // the plan's layout with the best settings
  bool offload_act = false;
  std::string settings;  // "recompute=full offload=cpu mbs=1": the keys that reach it, as the link writes them
  // The largest micro-batch at the plan's sequence with the same settings (but the micro-batch), and those
  // settings ("recompute=full offload=cpu"; empty: the current ones).
  int max_micro_batch = 0;
  std::string mbs_settings;
};

// Bounded: one memory estimate per step of a bisection over whole tokens (at most about 50), capped at the
// model's learned positions and at 2^24 tokens.
BestSeq MaxSeqBest(const Job& job, const Layout& layout);

}  // namespace tp
