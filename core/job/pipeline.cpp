// pipeline.cpp — the named pipeline schedules (pipeline.h): bubble, activations in flight, chunks and weight
// copies per device, and what each requires of the layout. Sources: Narayanan et al. 2021 (1F1B, interleaved),
// Qi et al. 2024 "Zero Bubble Pipeline Parallelism" (ZB-H1, ZB-H2, ZBV; sail-sg/zero-bubble-pipeline-parallelism
// README), the DeepSeek-V3 report and deepseek-ai/DualPipe (DualPipe, DualPipeV: README table, dualpipe.py and
// dualpipev.py asserts).
#include "pipeline.h"

#include <algorithm>

#include "stack.h"

namespace tp {

PipeSchedule ScheduleOf(const Layout& l) {
  if (l.pp <= 1) return PipeSchedule::OneF1B;
  if (l.schedule == PipeSchedule::OneF1B && l.vp > 1) return PipeSchedule::Interleaved;
  if (l.schedule == PipeSchedule::Interleaved && l.vp <= 1) return PipeSchedule::OneF1B;
  return l.schedule;
}

double PipelineBubble(PipeSchedule s, int p, int v, const PipeWork& t) {
  if (p <= 1) return 0;
  const double f = std::max(0.0, t.f), b = std::max(0.0, t.b), w = std::max(0.0, t.w);
  const double stages = p - 1.0;
  switch (s) {
    case PipeSchedule::OneF1B: return stages * (f + b + w);
    case PipeSchedule::Interleaved: return stages * (f + b + w) / std::max(1, v);
    // ZB1P: (PP-1)(F + B - 2W) with B the whole backward (B + W here): the weight gradients fill part of it.
    case PipeSchedule::ZbH1: return stages * std::max(0.0, f + b - w);
    // ZB-H2 keeps twice the activations to fill the rest: zero when two weight-gradient passes cover F + B.
    case PipeSchedule::ZbH2: return stages * std::max(0.0, f + b - 2 * w);
    case PipeSchedule::Zbv: return stages * std::max(0.0, f + b - 2 * w) / 2;
    // (PP/2 - 1)(F&B + B - 3W) per stage with B the whole backward and F&B = F + B + W: (PP/2 - 1)(F + 2B - W).
    case PipeSchedule::DualPipe: return std::max(0.0, p / 2.0 - 1) * std::max(0.0, f + 2 * b - w);
    // 2p stages of half a device each: (2p/2 - 1) x half of (F + 2B - W).
    case PipeSchedule::DualPipeV: return stages * std::max(0.0, f + 2 * b - w) / 2;
  }
  return stages * (f + b + w);
}

double PipelineInflight(PipeSchedule s, int p, int v, int stage, double m) {
  if (p <= 1) return 1;
  const double k = std::clamp(stage, 0, p - 1);
  double n = p - k;
  switch (s) {
    case PipeSchedule::OneF1B:
    case PipeSchedule::ZbH1: break;
    case PipeSchedule::Interleaved:
      // Megatron's formula (theoretical_memory_usage.py), the first stage's warm-up in Megatron-Core's schedule
      // (pipeline_parallel/schedules.py get_pp_rank_microbatches: (p - k - 1) x 2 + (v - 1) x p chunk forwards, each
      // 1 / v of the rank's layers, and one more before the first backward), never more than the step's m micro-batches
      // of all its chunks (the schedule caps its warm-up at m x v chunk forwards; torch.distributed.pipelining's
      // ScheduleInterleaved1F1B likewise). Later stages keep the formula's (p - k) x (1 + (p - 1)/(p v)): the schedule
      // warms the last stage up with (v - 1) p + 1 chunks, which this undercounts (docs/memory.md, Pipeline).
      n = (p - k) * (1 + (p - 1.0) / (p * std::max(1, v)));
      break;
    case PipeSchedule::ZbH2: n = 2 * (p - k) - 1; break;
    case PipeSchedule::Zbv: n = p; break;
    case PipeSchedule::DualPipe: n = p + 1; break;
    case PipeSchedule::DualPipeV: n = (2.0 * p + 1) / 2; break;
  }
  return std::max(1.0, std::min(n, std::max(1.0, m)));
}

double PipelineWeightCopies(PipeSchedule s) { return s == PipeSchedule::DualPipe ? 2.0 : 1.0; }

int PipelineChunks(PipeSchedule s, int v) {
  switch (s) {
    case PipeSchedule::Interleaved: return std::max(1, v);
    case PipeSchedule::Zbv:
    case PipeSchedule::DualPipe:
    case PipeSchedule::DualPipeV: return 2;
    default: return 1;
  }
}

bool PipelineHidesComm(PipeSchedule s) { return s == PipeSchedule::DualPipe || s == PipeSchedule::DualPipeV; }

bool ScheduleHidesExpertComm(const Job& job, const Layout& l) {
  if (!PipelineHidesComm(ScheduleOf(l))) return false;
  if (StackOf(job).kind != StackKind::Fsdp) return true;
  // torchtitan v0.2.1 (2025-12-26) is the first release with the overlap callback (pytorch/torchtitan#1721, merged
  // 2025-12-12): a 2025 stack runs the pair serially.
  constexpr int kTorchtitanEpOverlapYear = 2026;
  return job.stack_year >= kTorchtitanEpOverlapYear && l.recompute == Recompute::None;
}

int ScheduleFixedVp(PipeSchedule s) {
  switch (s) {
    case PipeSchedule::Interleaved: return 0;
    case PipeSchedule::Zbv:
    case PipeSchedule::DualPipeV: return 2;
    default: return 1;
  }
}

std::optional<IssueWords> CheckSchedule(PipeSchedule s, int p, int v, int64_t m) {
  if (p <= 1) return std::nullopt;
  const int fixed = ScheduleFixedVp(s);
  if (fixed == 0 && v < 2)
    return "{0} runs several model chunks per GPU (pp={1}, vp={2}, {3} micro-batches per schedule); accepted: vp=2 or more"_issue;
  if (fixed == 1 && v != 1)
    return "{0} runs one model chunk per GPU (pp={1}, vp={2}, {3} micro-batches per schedule); accepted: vp=1 (or pp_schedule=interleaved)"_issue;
  if (fixed == 2 && v != 2)
    return "{0} runs two model chunks per GPU in a V (pp={1}, vp={2}, {3} micro-batches per schedule); accepted: vp=2"_issue;
  // deepseek-ai/DualPipe dualpipe.py: "assert num_ranks % 2 == 0", "num_chunks % 2 == 0 and num_chunks >=
  // num_ranks * 2"; dualpipev.py: "num_chunks >= num_ranks * 2".
  if (s == PipeSchedule::DualPipe && p % 2 != 0)
    return "{0} pairs the pipeline ranks from both ends (pp={1}, vp={2}, {3} micro-batches per schedule); accepted: an even pp"_issue;
  if ((s == PipeSchedule::DualPipe || s == PipeSchedule::DualPipeV) && m < 2 * int64_t(p))
    return "{0} needs at least 2 x pp micro-batches per schedule (pp={1}, vp={2}, {3} micro-batches); accepted: 2 x {1} or more"_issue;
  if (s == PipeSchedule::DualPipe && m % 2 != 0)
    return "{0} feeds micro-batches from both ends (pp={1}, vp={2}, {3} micro-batches per schedule); accepted: an even count"_issue;
  return std::nullopt;
}

}  // namespace tp
