// run.cpp — whole-run model (see run.h). PLACEHOLDER until the run model lands.
#include "run.h"

namespace tp {

RunSummary EstimateRun(const Job&, const Layout&, const MemoryBreakdown&, const StepBreakdown&, const Throughput&) {
  return {};
}

}  // namespace tp
