// pipeline.h — the named pipeline schedules (the `pp_schedule` key; docs/step-model.md section 5): how long
// each leaves a device idle per schedule, how many micro-batches' activations it keeps in flight, how many model
// chunks (and copies of the weights) a device holds, whether it hides the expert and pipeline communication, and
// what it requires of the layout. Step time, memory and the layout checks read these one functions.
#pragma once
#include <cstdint>
#include <optional>

#include "enums.h"
#include "issue.h"
#include "job.h"

namespace tp {

// The schedule a layout runs: its own, with 1F1B and interleaved 1F1B told apart by vp (a layout built with
// vp > 1 and no schedule is Megatron's interleaved one). pp = 1: no pipeline, 1F1B.
PipeSchedule ScheduleOf(const Layout& l);

// One micro-batch's work on one device (its stage, or its chunks), seconds: forward, backward for the inputs
// (activation gradients, and the recomputation), backward for the weights (weight gradients), the part the
// zero-bubble schedules defer into the bubble.
struct PipeWork {
  double f = 0, b = 0, w = 0;
};
// Idle time of one device per pipeline schedule (fill and drain), seconds, for p devices and v chunks per device.
// 1F1B: (p-1)(F+B+W); interleaved: (p-1)(F+B+W)/v (Narayanan et al. 2021); ZB-H1: (p-1)(F+B-W) (Qi et al. 2024,
// "ZB1P (PP-1)(F+B-2W)" with B the whole backward); ZB-H2 and ZBV: what W cannot fill, max(0, (p-1)(F+B-2W)),
// halved for ZBV's two chunks (zero when F = B = W, as the paper's table); DualPipe: (p/2-1)(F&B+B-3W) per stage,
// DualPipeV: the same over 2p half-device stages (deepseek-ai/DualPipe README), F&B = F + B + W (the overlapped
// pair of chunks computes both).
double PipelineBubble(PipeSchedule s, int p, int v, const PipeWork& t);
// Micro-batches whose activations device `stage` (0 = first) holds at its peak, in units of one micro-batch's
// activations on that device, for m micro-batches per schedule: 1F1B and ZB-H1 p - stage; interleaved
// (p - stage)(1 + (p-1)/(p v)) (Narayanan et al. 2021, Megatron's theoretical_memory_usage.py), like every
// schedule at most m (Megatron-Core's warm-up never runs more forwards than the step has); ZB-H2 2(p - stage) - 1
// (twice 1F1B's, Qi et al. 2024); ZBV p on every device (the V shape balances them, "1x"); DualPipe p + 1 stages;
// DualPipeV (2p + 1) half-device stages (deepseek-ai/DualPipe README). Never more than m, never less than 1.
double PipelineInflight(PipeSchedule s, int p, int v, int stage, double m);
// Copies of its stage's weights (and their gradients and optimizer states) a device holds: DualPipe 2 (each
// device carries stage i and stage p-1-i, for the two directions), every other schedule 1.
double PipelineWeightCopies(PipeSchedule s);
// Model chunks per device, each sending its activations forward and its gradients back once per micro-batch:
// 1F1B and ZB-H1/H2 1, interleaved v, ZBV, DualPipe and DualPipeV 2 (the zero-bubble paper's "2x" communication
// for V schedules; DualPipe sends for both directions).
int PipelineChunks(PipeSchedule s, int v);
// DualPipe and DualPipeV overlap a forward chunk with a backward chunk of another micro-batch, so that "both
// all-to-all and PP communication can be fully hidden" (DeepSeek-V3 report, section 3.2.1).
bool PipelineHidesComm(PipeSchedule s);
// Whether the layout's schedule hides the expert all-to-all in the job's stack: DualPipe and DualPipeV as DeepSeek
// runs them, except under torch.distributed.pipelining (the fsdp stack: torchtitan), whose OVERLAP_F_B action ran
// the paired forward and backward one after the other until torchtitan's overlap_callback (#1721, first released
// in v0.2.1 on 2025-12-26: from stack_year 2026) ran them side by side, and only without activation checkpointing
// ("Expert Parallel with DualPipeV and Activation Checkpointing cannot be used together", get_dual_pipe_v_flag in
// torchtitan/distributed/dual_pipe_v.py @v0.2.1).
bool ScheduleHidesExpertComm(const Job& job, const Layout& l);

// What a schedule requires of the layout, for m micro-batches per schedule: nothing (nullopt), or the issue's
// words, {0} the schedule, {1} pp, {2} vp, {3} m, each saying what is accepted; CheckLayout (core/resolve) puts
// them on pp_schedule.
std::optional<IssueWords> CheckSchedule(PipeSchedule s, int p, int v, int64_t m);
// The chunks per device a schedule fixes (ZBV and DualPipeV 2, 1F1B, ZB-H1/H2 and DualPipe 1), 0 when the
// schedule leaves vp free (interleaved: any vp > 1).
int ScheduleFixedVp(PipeSchedule s);

}  // namespace tp
