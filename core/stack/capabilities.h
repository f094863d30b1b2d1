// capabilities.h — what each stack can run, by release: methods, parallelisms, ZeRO/FSDP stages, offloads,
// recomputation, FP8 and its recipes, context-parallel variants and the GPUs it runs on, each entry native (the stack's
// own code), an extension (another library the stack launches, named), not verified in code, or absent, with the source
// it was read from (repository path@commit and a quote: the research of issue #29, core/stack/capabilities.cpp).
// Resolve refuses an explicit combination outside the table and warns of one an extension provides; the search chooses
// only what the table lets it (CapabilityAnswer::auto_ok); `trainplan catalog stacks` prints it.
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
  MethodDora,           // DoRA (weight-decomposed LoRA, Liu et al. 2024) on a 16-bit base
  MethodQdora,          // DoRA on a 4-bit (NF4) base
  Tp,                   // tensor parallelism, tp > 1
  Sp,                   // Megatron-style sequence parallelism (sp=1)
  Pp,                   // pipeline parallelism, pp > 1 (1F1B)
  Interleaved,          // interleaved / virtual pipeline stages, vp > 1
  Cp,                   // context parallelism, cp > 1 (any variant)
  CpP2p,                // cp_comm=p2p: K/V chunks passed around a ring, each exchange hidden behind attention
  CpAllGather,          // cp_comm=all_gather: the whole K/V gathered before attention
  CpA2a,                // cp_comm=a2a: DeepSpeed-Ulysses, heads scattered and the sequence gathered by all-to-all
  CpA2aP2p,             // a2a inside low-level groups, p2p between them (Megatron's hierarchical CP): not planned
  Ep,                   // expert parallelism, ep > 1
  Dp,                   // data parallelism, dp > 1: replicas on several GPUs (the step's batch split over them)
  Zero1,                // optimizer states sharded over dp (distributed optimizer)
  Zero2,                // + gradients
  Zero3,                // + weights (FSDP full shard)
  Hsdp,                 // dp_shard: ZeRO's states sharded within groups of data-parallel ranks, replicated across them
  GradFp32,             // grad_fp32: the gradient buffer's dtype chosen, fp32 or the weights' 16 bits (Megatron-Core)
  OptimBf16,            // optim_bf16=1: AdamW's moments in bf16 and no fp32 master copy of the weights
  OffloadOptimizerCpu,  // offload=cpu: optimizer states (and fp32 gradients) in host memory, step on the CPU
  OffloadParamsCpu,     // offload=cpu with zero=3: the parameter shards too
  OffloadNvme,          // offload=nvme: optimizer states and parameters on NVMe (ZeRO-Infinity)
  OffloadActivations,   // offload_act=1: checkpointed layer inputs in host memory
  FusedLoss,            // a fused linear cross-entropy: the logits chunk by chunk beside the head, never whole
  RecomputeSelective,   // recompute=selective (part of each layer)
  RecomputeFull,        // recompute=full (every layer)
  RecomputeMlaUp,       // recompute_mla_up: MLA's q, k, v up-projections recomputed in the backward (DeepSeek-V3)
  RecomputeMoeAct,      // recompute_moe_act: the experts' activation function recomputed in the backward
  Fp16,                 // prec=fp16: 16-bit floats with loss scaling (what runs on GPUs without BF16: T4, V100)
  Fp8,                  // prec=fp8: FP8 matmuls (any scaling recipe)
  Fp8Tensor,            // fp8_recipe=tensor: one scale per tensor (delayed or current scaling)
  Fp8Rowwise,           // torchao's row-wise scales: not a planner recipe (planned per tensor, with a notice)
  Fp8Block,             // fp8_recipe=block: DeepSeek-V3's 1x128 activation tiles and 128x128 weight blocks
  Fp8Mx,                // fp8_recipe=mxfp8: MXFP8, a scale per 32 elements in the tensor cores (Blackwell)
  Fp8Gather,            // fp8_params: FP8 weights, all-gathered in FP8 (Megatron's fp8_param_gather, torchao's FSDP)
  TpOverlap,            // tp_overlap: tensor-parallel all-gathers / reduce-scatters pipelined with the GEMMs they feed
  EpA2aOverlap,         // moe_a2a_overlap=1: Megatron-Core's expert all-to-all overlapped with another micro-batch
  GpuAmd,               // runs on AMD GPUs (ROCm)
  RlTokenBudget,        // rl_mb_tokens / rl_logprob_mb_tokens: an RL framework's micro-batches as token budgets
  RlFp8Rollout,         // rl_gen_prec=fp8: the RL framework's rollout engine on FP8 weights, quantized at each refit
  kCount
};

// A feature of the RL frameworks alone (RlCapabilityTable), which no training stack has rows of: the stacks' table
// leaves it out, and resolve asks the framework's rows only.
constexpr bool RlFrameworkFeature(Feature f) { return f == Feature::RlTokenBudget || f == Feature::RlFp8Rollout; }

enum class Support : uint8_t {
  Native,      // in the stack's own code
  Extension,   // through another library the stack integrates (CapabilityAnswer::via)
  Unverified,  // said in documents or plausible, not found in the code read
  Absent,      // looked for and not found, or not yet in the release (since > year)
};

struct CapabilityAnswer {
  Support support = Support::Absent;
  const char* via = "";        // the extension that provides it (Support::Extension)
  const char* source = "";     // repository path@commit: quote (or what was searched)
  int since = 0;               // the release year it arrived (0: never)
  bool not_yet = false;        // absent only because the release asked for predates `since`
  bool auto_ok = false;        // the search may choose it: native, or an extension the stack's own launcher configures
  const char* framework = "";  // the RL framework (its label) whose policy training lacks it, "" for the stack's own
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

// What an RL framework's policy training does NOT run of its stack's layouts (issue #32): one row per framework and
// feature it removes (Absent) or brings only from release year `since` on (Native from `since`: absent before). A
// feature without a row is the stack's to answer. Rows with on_megatron false hold on every stack but Megatron, where
// the framework's Megatron backend (verl's actor.strategy=megatron, NeMo RL's megatron_cfg) is the stack itself;
// rows with on_dpo false hold for the generating goals only (DPO runs the framework's preference trainer).
struct RlCapabilityRow {
  RlFramework framework;
  Feature feature;
  int since;
  Support support;
  bool on_megatron;
  const char* source;
  bool on_dpo = true;
  bool only_megatron = false;  // the framework's Megatron backend alone (the row says nothing of its other trainers)
};
const std::vector<RlCapabilityRow>& RlCapabilityTable();
// Does RL framework `fw`'s policy training on stack `stack` in release `year` run `f` (for DPO when `dpo`)? Native
// when it has no row.
CapabilityAnswer RlCapability(RlFramework fw, StackKind stack, int year, Feature f, bool dpo = false);
// What each RL framework generates with and which post-training goals it trains (issue #32), as read at the commit
// its source names: one row per framework and goal it runs, and per framework, engine and the goals that engine
// generates for. What has no row the framework does not offer. Resolve (rl_setup.cpp) refuses an explicit
// combination outside the table, naming the key and the framework, and auto chooses within it; `trainplan catalog
// stacks` prints it.
struct RlOfferRow {
  RlFramework framework;
  RlAlgo goal;      // the goal this row offers (an engine row: the goals it generates for, one row each)
  bool has_engine;  // false: the goal's own row (the framework trains it); true: `engine` generates for it
  RlEngine engine;
  const char* source;
};
const std::vector<RlOfferRow>& RlOfferTable();
// The row that offers goal `goal` in framework `fw` (has_engine false), or with `engine` generating for it; null when
// the framework does not.
const RlOfferRow* RlOffer(RlFramework fw, RlAlgo goal);
const RlOfferRow* RlOffer(RlFramework fw, RlAlgo goal, RlEngine engine);
// The feature's name in words ("tensor parallelism (tp > 1)") and its id ("tp") for the catalog.
const char* FeatureName(Feature f);
const char* FeatureId(Feature f);
const char* SupportName(Support s);  // "native", "extension", "unverified", "absent"
// How the planner plans a feature it does not model as such ("" when it models it): the catalog prints it.
const char* FeaturePlanned(Feature f);

// The keys a plan's choice is made of, as bits (CapabilityFinding::keys, the search's auto keys).
using AskKeys = uint32_t;
enum AskKey : AskKeys {
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
  kAskFp8Recipe = 8192,
  kAskCpComm = 16384,
  kAskGpu = 32768,
  kAskGradFp32 = 1 << 16,
  kAskOptimBf16 = 1 << 17,
  kAskRecomputeMlaUp = 1 << 18,
  kAskFp8Params = 1 << 19,
  kAskTpOverlap = 1 << 20,
  kAskRlMbTokens = 1 << 21,
  kAskRlLogprobMbTokens = 1 << 22,
  kAskMoeA2aOverlap = 1 << 23,
  kAskRlGenPrec = 1 << 24,
  kAskDpShard = 1 << 25,
  kAskRecomputeMoeAct = 1 << 26,
};
const char* AskKeyName(AskKeys bit);  // the configuration key of one bit ("tp")

// The plan's GPU as the frameworks test it (resolve fills it from the catalog's arch): the FP8 recipes and
// the AMD rows are checked only when it is known.
struct GpuTraits {
  bool known = false;  // a catalog GPU (a custom GPU's architecture is not known)
  bool amd = false;    // ROCm (gfx targets), else CUDA
  double cc = 0;       // NVIDIA compute capability (8.9 for sm_89); 0 on AMD
  bool fp8 = false;    // FP8 tensor cores
  bool mxfp8 = false;  // MXFP8 in the tensor cores
  const char* name = "";
};
// The context-parallel variant a stack's release runs when none is named: its own default where the table lets the
// search choose it (Megatron-Core p2p, DeepSpeed-Ulysses' a2a, PyTorch's allgather rotation for torchtitan, Accelerate
// and torchtune), else the first variant it does.
CpComm StackCpComm(const StackProfile& s, int year);
// An architecture string of the GPU catalog ("sm_89", "gfx942") read into GpuTraits' known, amd and cc.
void ReadArch(const char* arch, GpuTraits& g);

// What a plan uses: its method, precision and layout.
struct CapabilityAsk {
  Method method = Method::Full;
  bool fp8 = false;
  bool fp16 = false;  // the precision planned is fp16 (asked, or bf16 on a GPU without BF16: PlannedPrecision)
  Fp8Recipe fp8_recipe = Fp8Recipe::Tensor;
  bool recipe_asked = false;  // fp8_recipe was given: its row (and the GPU it needs) is checked
  CpComm cp_comm = CpComm::P2p;
  bool cp_comm_asked = false;  // cp_comm was given: its row is checked
  GpuTraits gpu;               // checked when known (resolve; the search never changes the GPU)
  int tp = 1, pp = 1, vp = 1, cp = 1, ep = 1, zero = 0;
  int dp = 0;        // the data-parallel degree, 0 = not known yet (left to the search)
  int dp_shard = 0;  // hybrid sharding's group (Workload::dp_shard), 0 = none
  bool sp = false;
  Offload offload = Offload::None;
  Recompute recompute = Recompute::None;
  bool offload_act = false;
  // Settings a stack offers of its own (the search never sets them), -1 when left on auto. optim_bf16=1,
  // recompute_mla_up=1, fp8_params=1, tp_overlap=1 and moe_a2a_overlap=1 ask for their feature (0 is every stack's own
  // way, as sp=0); grad_fp32 asks for it either way (1 and 0 both choose a gradient buffer dtype, which only Megatron
  // lets the user set).
  int grad_fp32 = -1, optim_bf16 = -1, recompute_mla_up = -1, fp8_params = -1, tp_overlap = -1, moe_a2a_overlap = -1;
  int recompute_moe_act = -1;
  int rl_framework = -1;  // RlFramework training an RL goal's policy (its rows are checked too); -1 no RL goal
  int rl_mb_tokens = 0, rl_logprob_mb_tokens = 0;  // micro-batch token budgets given: the RL frameworks' rows'
  bool rl_gen_fp8 = false;                         // rl_gen_prec=fp8 given: the RL frameworks' rows'
  bool rl_dpo = false;                             // the RL goal is DPO (RlCapabilityRow::on_dpo)
};

// One feature a plan uses and what the table says of it for the stack, with the combination rules applied
// (DeepSpeed's AutoTP runs ZeRO 0-2 without its pipeline engine; torchtune's tensor parallelism is in the
// full fine-tuning recipe only; FSDP offloads parameters, gradients and optimizer states together).
struct CapabilityFinding {
  Feature feature;
  CapabilityAnswer answer;
  AskKeys keys;  // the keys that make it (AskKey bits)
};
inline constexpr int kMaxFindings = 16;
// The features `ask` uses that are not plainly native, with their answers; returns how many (at most
// kMaxFindings, written to out).
int CapabilityFindings(const StackProfile& s, int year, const CapabilityAsk& ask, CapabilityFinding* out);
// True when the search may offer `ask`: every finding made by one of the `auto_keys` (AskKey bits) is one the
// search may choose (auto_ok). Findings made only by keys the user fixed are resolve's to report.
bool SearchMayChoose(const StackProfile& s, int year, const CapabilityAsk& ask, AskKeys auto_keys);

}  // namespace tp
