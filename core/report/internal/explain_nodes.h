// explain_nodes.h — the explanation's nodes as data (explain_nodes.cpp), beside the figure table: each node
// names its value in the estimators' traces, its formula in its inputs' names, its inputs and its source.
// A node named after a figure takes the figure table's unit and words; a user's key, the key table's.
#pragma once
#include <string>

#include "config.h"
#include "planner.h"
#include "trace.h"

namespace tp::explain_detail {

// What a node's value and source are read from: the plan evaluated again with a trace.
struct NodeContext {
  const PlanOutput& out;
  const Plan& p;
  const PlanTrace& trace;
  const Job& job() const { return out.job; }
  const GpuSpec* gpu() const { return out.job.hw.gpu; }
  const MemoryBreakdown& m() const { return p.memory; }
  const StepBreakdown& s() const { return p.step; }
  const RunSummary& r() const { return p.run; }
  const Layout& lay() const { return p.layout; }
  const MemoryTrace& mt() const { return trace.memory; }
  const StepTrace& st() const { return trace.step; }
  const RunTrace& rt() const { return trace.run; }
};

enum class NodeKind : uint8_t {
  Formula,  // a number the estimators computed (a figure, or a step on the way to one)
  Key,      // a user's key with the number the plan used
  KeyText,  // a user's key that is a word ("bf16", "megatron"): its value as planned (report/resolved.h)
};

struct NodeSpec {
  NodeKind kind = NodeKind::Formula;
  const char* name = "";                          // a figure's id, a key, or the name of a step on the way
  double (*value)(const NodeContext&) = nullptr;  // none for KeyText
  const char* unit = "";                          // "" for a figure: the figure table's
  Bilingual label = {};                           // empty for a figure (the figure table's) or a key (the key table's)
  const char* formula = "";                       // in the inputs' names; empty for a catalog value or a key
  const char* inputs = "";                        // names separated by spaces; "a|b": a, else b (whichever exists)
  const char* source = "";
  std::string (*source_of)(const NodeContext&) = nullptr;  // a source that depends on the plan (the GPU's entry)
  bool (*when)(const NodeContext&) = nullptr;              // nullptr: always in the tree
};

// Every node in the order the tree is built: a node's inputs come before it.
const NodeSpec* NodeSpecs(size_t* count);
// The tree's roots (interface.md: `trainplan explain`'s top-level names); a root whose node is not in this plan's
// tree (rl_step_seconds outside the RL goals) is left out.
inline constexpr const char* kRoots[] = {"days",
                                         "cost_usd",
                                         "gpu_hours",
                                         "failures",
                                         "memory_total_bytes",
                                         "memory_usable_bytes",
                                         "step_seconds",
                                         "rl_step_seconds",  // the RL goals only
                                         "tokens_per_s_per_gpu",
                                         "mfu"};

}  // namespace tp::explain_detail
