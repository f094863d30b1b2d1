// job.cpp — the Job's small functions that need the profiles it points at (core/job/job.h).
#include "job.h"

#include "stack.h"

namespace tp {

const StackProfile& StackOf(const Job& job) { return job.stack ? *job.stack : DefaultStack(); }

}  // namespace tp
