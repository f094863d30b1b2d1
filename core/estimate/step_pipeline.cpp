// step_pipeline.cpp — the named pipeline schedules in the step model (docs/step-model.md section 5): the
// point-to-point traffic of a micro-batch and the idle time per schedule, from the schedules' rules in
// core/job/pipeline.h.
#include <algorithm>

#include "pipeline.h"
#include "step_internal.h"

namespace tp::step_detail {

double PipelineSends(double bytes, const Place& pp, PipeSchedule s, int vp, double contention) {
  const double sends = 2.0 * PipelineChunks(s, vp) * SendRecv(bytes, pp);
  // DualPipe(V): "both all-to-all and PP communication can be fully hidden" (DeepSeek-V3 report, 3.2.1).
  return PipelineHidesComm(s) ? contention * sends : sends;
}

double PipelineIdle(PipeSchedule s, int pp, int vp, double mb_time, double fwd_share, double w_share) {
  const double f = std::clamp(fwd_share, 0.0, 1.0) * mb_time;
  const double w = std::clamp(w_share, 0.0, 1.0 - std::clamp(fwd_share, 0.0, 1.0)) * mb_time;
  return PipelineBubble(s, pp, vp, {f, std::max(0.0, mb_time - f - w), w});
}

}  // namespace tp::step_detail
