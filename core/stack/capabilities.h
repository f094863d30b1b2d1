// capabilities.h — what each stack can run, by release: methods, parallelisms, ZeRO/FSDP stages, offloads,
// recomputation and FP8, each entry native (the stack's own code), an extension (another library the stack
// launches, named), not verified in code, or absent, with the source it was read from (repository
// path@commit and a quote: the research of issue #29, core/stack/capabilities.cpp). Resolve refuses an
// explicit combination outside the table and warns of one an extension provides; the search chooses only
// what the table lets it (CapabilityAnswer::auto_ok); `trainplan catalog stacks` prints it.
#pragma once
#include <cstdint>
#include <vector>

#include "enums.h"
#include "stack.h"

namespace tp {

enum class Feature : uint8_t {
  MethodFull,
  MethodLora,
  MethodQlora,
  Tp,                   // tensor parallelism, tp > 1
  Sp,                   // Megatron-style sequence parallelism (sp=1)
  Pp,                   // pipeline parallelism, pp > 1 (1F1B)
  Interleaved,          // interleaved / virtual pipeline stages, vp > 1
  Cp,                   // context parallelism, cp > 1 (ring, all-gather or Ulysses)
  Ep,                   // expert parallelism, ep > 1
  Dp,                   // data parallelism, dp > 1: replicas on several GPUs (the step's batch split over them)
  Zero1,                // optimizer states sharded over dp (distributed optimizer)
  Zero2,                // + gradients
  Zero3,                // + weights (FSDP full shard)
  OffloadOptimizerCpu,  // offload=cpu: optimizer states (and fp32 gradients) in host memory, step on the CPU
  OffloadParamsCpu,     // offload=cpu with zero=3: the parameter shards too
  OffloadNvme,          // offload=nvme: optimizer states and parameters on NVMe (ZeRO-Infinity)
  OffloadActivations,   // offload_act=1: checkpointed layer inputs in host memory
  RecomputeSelective,   // recompute=selective (part of each layer)
  RecomputeFull,        // recompute=full (every layer)
  Fp8,                  // prec=fp8: FP8 matmuls (any scaling recipe)
  kCount
};

enum class Support : uint8_t {
  Native,      // in the stack's own code
  Extension,   // through another library the stack integrates (CapabilityAnswer::via)
  Unverified,  // said in documents or plausible, not found in the code read
  Absent,      // looked for and not found, or not yet in the release (since > year)
};

struct CapabilityAnswer {
  Support support = Support::Absent;
  const char* via = "";     // the extension that provides it (Support::Extension)
  const char* source = "";  // repository path@commit: quote (or what was searched)
  int since = 0;            // the release year it arrived (0: never)
  bool not_yet = false;     // absent only because the release asked for predates `since`
  bool auto_ok = false;     // the search may choose it: native, or an extension the stack's own launcher configures
};

// One row of the table: the feature's state from release year `since` on (a later row of the same stack and
// feature supersedes it from its year).
struct CapabilityRow {
  StackKind stack;
  Feature feature;
  int since;
  Support support;
  const char* via;
  bool auto_ok;
  const char* source;
};

const std::vector<CapabilityRow>& CapabilityTable();
// Can stack `s` in release `year` run `f`?
CapabilityAnswer Capability(const StackProfile& s, int year, Feature f);
// The feature's name in words ("tensor parallelism (tp > 1)") and its id ("tp") for the catalog.
const char* FeatureName(Feature f);
const char* FeatureId(Feature f);
const char* SupportName(Support s);  // "native", "extension", "unverified", "absent"

// The keys a plan's choice is made of, as bits (CapabilityFinding::keys, the search's auto keys).
enum AskKey : uint16_t {
  kAskMethod = 1,
  kAskPrec = 2,
  kAskTp = 4,
  kAskPp = 8,
  kAskVp = 16,
  kAskCp = 32,
  kAskEp = 64,
  kAskZero = 128,
  kAskSp = 256,
  kAskOffload = 512,
  kAskRecompute = 1024,
  kAskOffloadAct = 2048,
  kAskDp = 4096,
};
const char* AskKeyName(uint16_t bit);  // the configuration key of one bit ("tp")

// What a plan uses: its method, precision and layout.
struct CapabilityAsk {
  Method method = Method::Full;
  bool fp8 = false;
  int tp = 1, pp = 1, vp = 1, cp = 1, ep = 1, dp = 1, zero = 0;
  bool sp = false;
  Offload offload = Offload::None;
  Recompute recompute = Recompute::None;
  bool offload_act = false;
};

// One feature a plan uses and what the table says of it for the stack, with the combination rules applied
// (DeepSpeed's AutoTP runs ZeRO 0-2 without its pipeline engine; torchtune's tensor parallelism is in the
// full fine-tuning recipe only; FSDP offloads parameters, gradients and optimizer states together).
struct CapabilityFinding {
  Feature feature;
  CapabilityAnswer answer;
  uint16_t keys;  // the keys that make it (AskKey bits)
};
inline constexpr int kMaxFindings = 16;
// The features `ask` uses that are not plainly native, with their answers; returns how many (at most
// kMaxFindings, written to out).
int CapabilityFindings(const StackProfile& s, int year, const CapabilityAsk& ask, CapabilityFinding* out);
// True when the search may offer `ask`: every finding made by one of the `auto_keys` (AskKey bits) is one the
// search may choose (auto_ok). Findings made only by keys the user fixed are resolve's to report.
bool SearchMayChoose(const StackProfile& s, int year, const CapabilityAsk& ask, uint16_t auto_keys);

}  // namespace tp
