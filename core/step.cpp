// step.cpp — step time (see step.h). PLACEHOLDER until the step model lands.
#include "step.h"

namespace tp {

void EstimateStep(const Job&, const Layout&, StepBreakdown&, Throughput&) {}

}  // namespace tp
