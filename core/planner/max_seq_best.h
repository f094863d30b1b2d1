// max_seq_best.h — "the most this card can do" (issue #29): the longest sequence and the largest micro-batch that
// fit with the best settings the stack allows for memory (full recomputation, the optimizer's states offloaded to
// the CPU, the checkpointed layer inputs in host memory where the stack has it, micro-batch 1 for the sequence),
// on the plan's own parallel layout, beside memory.max_seq and memory.max_micro_batch at the current settings,
// with the settings that reach them. The loss is the stack's own (a chunked one where its code chunks it:
// core/stack/saves.h LossOf): no key chooses it.
#pragma once
#include <string>

#include "job.h"
#include "saves.h"

namespace tp {

struct Plan;

struct BestSeq {
  int max_seq = 0;  // tokens; 0 = nothing fits even at the shortest
  Layout layout;    // the plan's layout with the best settings
  bool offload_act = false;
  std::string settings;  // "recompute=full offload=cpu mbs=1": the keys that reach it, as the link writes them
  // The largest micro-batch at the plan's sequence with the same settings (but the micro-batch), and those
  // settings ("recompute=full offload=cpu"; empty: the current ones).
  int max_micro_batch = 0;
  std::string mbs_settings;
  std::string fused_loss;  // the loss behind a logit_bytes setting (saves.h FusedLossOf); "" without one
};

// The fused linear cross-entropy the job's stack offers instead of its own loss (the capability table's FusedLoss,
// saves.h FusedLossOf), with the bytes per logit MaxSeqBest writes for it (logit_bytes, three digits rounded up);
// none (0, "") where the stack has none, and under post-training (its framework's own loss).
FusedLoss OfferedFusedLoss(const Job& job);
// Whether the plan's bytes per logit are that fused loss's (a logit_bytes at or below it): the loss a launch config
// has to switch on for the plan's memory to hold.
bool PlansFusedLoss(const Job& job);

// Bounded: one memory estimate per step of a bisection over whole tokens (at most about 50), capped at the
// model's learned positions and at 2^24 tokens.
BestSeq MaxSeqBest(const Job& job, const Layout& layout);

// The sequence the limits speak of: a post-training step's longest (its prompt and longest response, as the
// frameworks size it: verl's max_prompt_length + max_response_length, NeMo RL's max_total_sequence_length), else
// the workload's sequence.
int LimitSequence(const Job& job);

// Post-training's limits at the plan's own settings, which memory.h's closed form cannot give: a step fits when
// every phase does (the training at its longest micro-batch, the log-probability passes, the engine's KV cache for
// one longest sequence; rl.h AddRlMemory), and those grow with the longest response, not with the mean sequence the
// closed form solves for. Sets memory.max_seq (the longest prompt + response, the mean response kept where it is
// shorter) and memory.max_micro_batch (the training's, with the log-probability passes' where they follow it) by
// bisection over EstimateMemory's verdict; nothing for other goals. About 40 memory estimates.
// Also sets rl.max_response_fit, the rl_max_response_len that answer allows.
void RlMemoryLimits(const Job& job, Plan& plan);

// A plan's limits beyond its estimate, as every answer reports them (the planner's plan and each search hit's):
// post-training's (RlMemoryLimits) and the most the card can do with the best settings (MaxSeqBest).
void PlanLimits(const Job& job, Plan& plan, BestSeq& best);

}  // namespace tp
