// memory.h — memory per GPU for a (Job, Layout): weights, gradients, optimizer states, activations and
// the rest, ZeRO/FSDP sharding, offload, LoRA/QLoRA; the largest micro-batch and sequence that fit.
#pragma once
#include "job.h"
#include "plan.h"

namespace tp {

MemoryBreakdown EstimateMemory(const Job& job, const Layout& layout);

}  // namespace tp
