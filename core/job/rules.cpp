// rules.cpp — the layout rules of rules.h that need more than a line.
#include "rules.h"

#include <cmath>

namespace tp {
namespace {
double Pos(double x) { return std::isfinite(x) && x > 0 ? x : 0; }
}  // namespace

double HostBytesPerNode(const Job& job) { return 1e9 * Pos(job.assume.host_gb_per_gpu) * NodeGpus(job.hw); }

}  // namespace tp
