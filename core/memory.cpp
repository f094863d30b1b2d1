// memory.cpp — memory per GPU (see memory.h). PLACEHOLDER until the memory model lands.
#include "memory.h"

namespace tp {

MemoryBreakdown EstimateMemory(const Job&, const Layout&) { return {}; }

}  // namespace tp
