// config.cpp — the key table (one row per key: type, range, unit, help) and everything driven by it:
// parsing key=value pairs from argv, share links, JSON files and Hugging Face config.json, and printing
// the share link. Parsing never throws and never trusts its input: every value is range-checked, NaN,
// infinity and absurd sizes are rejected with a message naming the key, and link parsing does bounded
// work however long the input is.
#include "config.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "json.h"
#include "scenario.h"
#include "text.h"

namespace tp {
namespace {

// ---- limits ---------------------------------------------------------------------------------------
// A real share link is well under 2 KB; these bounds keep hostile input (megabytes of '&', a pasted
// binary) from costing more than a few microseconds, and the issue list from flooding the page.
constexpr size_t kMaxLinkBytes = 64 * 1024;
constexpr int kMaxPairs = 512;
constexpr size_t kMaxIssues = 32;
constexpr size_t kMaxValueBytes = 256;
constexpr size_t kMaxIdBytes = 64;

// ---- field descriptors ----------------------------------------------------------------------------
enum class Kind : uint8_t {
  Int,     // whole number in [lo, hi]; optional sentinel printed "auto"
  Real,    // finite number in [lo, hi]; optional sentinel printed "auto"
  Choice,  // one of names[]; stored as an int index; optional sentinel (-1) printed "auto"
  Id,      // lowercase identifier [a-z0-9._-]; optional empty = "auto"
  Text,    // free text checked by the field's own `check` (the compare columns); empty = its default
};

struct Field {
  const char* name;
  KeyGroup group;
  Kind kind;
  const char* unit;
  const char* help;
  double lo = 0, hi = 0;          // Int / Real range
  bool has_auto = false;          // accepts "auto"
  double auto_value = 0;          // Int / Real / Choice sentinel stored for "auto"
  const char* const* names = nullptr;  // Choice spellings
  int n_names = 0;
  // Accessors: exactly one pair is set, matching kind.
  int (*get_int)(const Config&) = nullptr;
  void (*set_int)(Config&, int) = nullptr;
  double (*get_real)(const Config&) = nullptr;
  void (*set_real)(Config&, double) = nullptr;
  const std::string& (*get_id)(const Config&) = nullptr;
  void (*set_id)(Config&, std::string) = nullptr;
  bool (*check)(std::string_view) = nullptr;  // Text: true when the value is acceptable
  const char* accepts = nullptr;              // Text: what it accepts, for the message
};

#define TP_INT(member) \
  [](const Config& c) { return int(c.member); }, [](Config& c, int v) { c.member = decltype(c.member)(v); }
#define TP_REAL(member) [](const Config& c) { return c.member; }, [](Config& c, double v) { c.member = v; }
#define TP_ID(member) \
  [](const Config& c) -> const std::string& { return c.member; }, [](Config& c, std::string v) { c.member = std::move(v); }

Field IntField(const char* name, KeyGroup g, const char* unit, double lo, double hi, bool has_auto, int auto_value,
               int (*get)(const Config&), void (*set)(Config&, int), const char* help) {
  Field f{name, g, Kind::Int, unit, help};
  f.lo = lo, f.hi = hi, f.has_auto = has_auto, f.auto_value = auto_value, f.get_int = get, f.set_int = set;
  return f;
}
Field RealField(const char* name, KeyGroup g, const char* unit, double lo, double hi, bool has_auto,
                double (*get)(const Config&), void (*set)(Config&, double), const char* help) {
  Field f{name, g, Kind::Real, unit, help};
  f.lo = lo, f.hi = hi, f.has_auto = has_auto, f.auto_value = 0, f.get_real = get, f.set_real = set;
  return f;
}
template <size_t N>
Field ChoiceField(const char* name, KeyGroup g, const char* const (&names)[N], bool has_auto,
                  int (*get)(const Config&), void (*set)(Config&, int), const char* help) {
  Field f{name, g, Kind::Choice, "", help};
  f.names = names, f.n_names = int(N), f.has_auto = has_auto, f.auto_value = -1, f.get_int = get, f.set_int = set;
  return f;
}
Field IdField(const char* name, KeyGroup g, bool has_auto, const std::string& (*get)(const Config&),
              void (*set)(Config&, std::string), const char* help) {
  Field f{name, g, Kind::Id, "", help};
  f.has_auto = has_auto, f.get_id = get, f.set_id = set;
  return f;
}

Field TextField(const char* name, KeyGroup g, const std::string& (*get)(const Config&), void (*set)(Config&, std::string),
                bool (*check)(std::string_view), const char* accepts, const char* help) {
  Field f{name, g, Kind::Text, "", help};
  f.get_id = get, f.set_id = set, f.check = check, f.accepts = accepts;
  return f;
}

inline constexpr const char* kZeroOne[] = {"0", "1"};
inline constexpr const char* kZeroStages[] = {"0", "1", "2", "3"};
inline constexpr const char* kLoraTargets[] = {"qv", "attn", "all"};
inline constexpr const char* kLangs[] = {"en", "zh"};

// The table. Order = link order = --help order = the page's order. Ranges are what a planner can
// honestly compute (a quadrillion parameters, ten million GPUs, hundred-million-token sequences), not
// what is sensible; the engine warns about the merely unwise.
const std::vector<Field>& Fields() {
  using G = KeyGroup;
  static const std::vector<Field> fields = {
      IntField("v", G::Link, "", 1, 1, false, 0, TP_INT(v),
               "Share-link format version; this planner writes and reads version 1."),
      // model
      IdField("model", G::Model, false, TP_ID(model),
              "Model preset id (see `trainplan catalog models`), or custom for dimensions only; explicit "
              "dimensions override the preset field by field."),
      RealField("params", G::Model, "parameters", 1e3, 1e16, true, TP_REAL(params),
                "Total parameters of a size-only model (no architecture: model-state memory only)."),
      IntField("layers", G::Model, "", 1, 100000, true, kUnset, TP_INT(layers), "Transformer layers."),
      IntField("hidden", G::Model, "", 1, 10000000, true, kUnset, TP_INT(hidden), "Hidden size (model width)."),
      IntField("heads", G::Model, "", 1, 100000, true, kUnset, TP_INT(heads), "Attention (query) heads."),
      IntField("kv_heads", G::Model, "", 1, 100000, true, kUnset, TP_INT(kv_heads),
               "Key/value heads (grouped-query attention; equal to heads for multi-head attention)."),
      IntField("ffn", G::Model, "", 1, 100000000, true, kUnset, TP_INT(ffn), "MLP intermediate size."),
      IntField("vocab", G::Model, "tokens", 1, 100000000, true, kUnset, TP_INT(vocab), "Vocabulary size."),
      ChoiceField("act", G::Model, kMlpNames, true, TP_INT(act),
                  "MLP kind: gelu (two matrices) or swiglu (gated, three matrices)."),
      ChoiceField("tied", G::Model, kZeroOne, true, TP_INT(tied),
                  "1 when the output head shares the input embedding matrix."),
      IntField("experts", G::Model, "", 1, 1000000, true, kUnset, TP_INT(experts),
               "Routed experts per MoE layer (1 = dense model)."),
      IntField("topk", G::Model, "", 1, 1024, true, kUnset, TP_INT(topk), "Experts each token is routed to (MoE)."),
      IntField("moe_ffn", G::Model, "", 1, 100000000, true, kUnset, TP_INT(moe_ffn),
               "Intermediate size of one expert's MLP (MoE)."),
      IntField("shared_experts", G::Model, "", 0, 1024, true, kAuto, TP_INT(shared_experts),
               "Shared experts every token passes through, besides the routed ones (DeepSeek, Qwen MoE)."),
      IntField("dense_layers", G::Model, "", 0, 100000, true, kAuto, TP_INT(dense_layers),
               "Leading layers with a dense MLP instead of experts (DeepSeek-V3: 3)."),
      IntField("kv_lora_rank", G::Model, "", 0, 1000000, true, kAuto, TP_INT(kv_lora_rank),
               "Multi-head latent attention (DeepSeek-V2/V3): rank of the shared key/value compression; 0 = "
               "ordinary attention."),
      IntField("q_lora_rank", G::Model, "", 0, 1000000, true, kAuto, TP_INT(q_lora_rank),
               "Latent attention: rank of the query compression; 0 = queries projected directly."),
      IntField("qk_rope_dim", G::Model, "", 1, 100000, true, kUnset, TP_INT(qk_rope_dim),
               "Latent attention: rotary part of each query/key head (DeepSeek-V3: 64)."),
      IntField("qk_nope_dim", G::Model, "", 1, 100000, true, kUnset, TP_INT(qk_nope_dim),
               "Latent attention: non-rotary part of each query/key head (DeepSeek-V3: 128)."),
      IntField("v_head_dim", G::Model, "", 1, 100000, true, kUnset, TP_INT(v_head_dim),
               "Latent attention: size of each value head (DeepSeek-V3: 128)."),
      IntField("head_dim", G::Model, "", 1, 100000, true, kUnset, TP_INT(head_dim),
               "Attention head size when it is not hidden / heads (Gemma, Mistral-Nemo, Qwen3)."),
      // workload
      IntField("seq", G::Workload, "tokens", 1, 100000000, false, 0, TP_INT(seq), "Sequence length in tokens."),
      IntField("mbs", G::Workload, "sequences", 1, 1000000, true, kAuto, TP_INT(mbs),
               "Micro-batch per GPU: sequences in one forward/backward pass."),
      IntField("gbs", G::Workload, "sequences", 1, 1000000000, true, kAuto, TP_INT(gbs),
               "Global batch: sequences per optimizer step across all data-parallel replicas; auto = the "
               "multiple of micro-batch x data-parallel degree nearest to 1,024."),
      RealField("tokens", G::Workload, "tokens", 1, 1e18, true, TP_REAL(tokens),
                "Training budget in tokens (e.g. 2e12); auto = 20 per parameter (Chinchilla)."),
      ChoiceField("method", G::Workload, kMethodNames, false, TP_INT(method),
                  "full fine-tuning/pre-training, LoRA adapters, or QLoRA (4-bit frozen base)."),
      IntField("lora_r", G::Workload, "", 1, 65536, false, 0, TP_INT(lora_r), "Rank r of the LoRA adapter matrices (r x (d_in + d_out) parameters each)."),
      ChoiceField("lora_targets", G::Workload, kLoraTargets, false,
                  [](const Config& c) {
                    for (int i = 0; i < 3; ++i)
                      if (c.lora_targets == kLoraTargets[i]) return i;
                    return 2;
                  },
                  [](Config& c, int v) { c.lora_targets = kLoraTargets[v]; },
                  "Layers that get LoRA adapters: qv (query and value), attn (all attention), all (attention + MLP)."),
      // numerics
      ChoiceField("prec", G::Numerics, kPrecisionNames, false, TP_INT(prec),
                  "Compute precision of matmuls (mixed precision keeps fp32 master weights)."),
      ChoiceField("opt", G::Numerics, kOptimizerNames, false, TP_INT(opt),
                  "Optimizer: AdamW (two fp32 moments), 8-bit AdamW, or SGD with momentum."),
      // memory techniques
      ChoiceField("zero", G::Memory, kZeroStages, true, TP_INT(zero),
                  "ZeRO stage over the data-parallel group: 1 optimizer, 2 + gradients, 3 + weights (FSDP full shard)."),
      ChoiceField("offload", G::Memory, kOffloadNames, true, TP_INT(offload),
                  "Move optimizer states (and with ZeRO-3 weights) to CPU memory or NVMe."),
      ChoiceField("recompute", G::Memory, kRecomputeNames, false, TP_INT(recompute),
                  "Activation recomputation: none, selective (attention only), full (every layer), auto."),
      ChoiceField("sp", G::Memory, kZeroOne, true, TP_INT(sp),
                  "Sequence parallelism: shard norms and dropout activations across the tensor-parallel group."),
      ChoiceField("flash", G::Memory, kZeroOne, false, TP_INT(flash),
                  "FlashAttention: attention without materializing the seq x seq scores."),
      RealField("headroom", G::Memory, "fraction", 0, 0.9, false, TP_REAL(headroom),
                "Fraction of GPU memory kept free before a plan counts as fitting."),
      // layout
      IntField("gpus", G::Layout, "GPUs", 1, 10000000, false, 0, TP_INT(gpus), "Total GPUs."),
      IntField("tp", G::Layout, "", 1, 1024, true, kAuto, TP_INT(tp), "Tensor-parallel degree."),
      IntField("pp", G::Layout, "", 1, 1024, true, kAuto, TP_INT(pp), "Pipeline-parallel stages."),
      IntField("vp", G::Layout, "", 1, 1024, true, kAuto, TP_INT(vp),
               "Virtual pipeline stages per pipeline rank (interleaved schedule)."),
      IntField("cp", G::Layout, "", 1, 1000000, true, kAuto, TP_INT(cp),
               "Context-parallel degree: the sequence split across GPUs."),
      IntField("ep", G::Layout, "", 1, 1000000, true, kAuto, TP_INT(ep), "Expert-parallel degree (MoE)."),
      IntField("dp", G::Layout, "", 1, 10000000, true, kAuto, TP_INT(dp),
               "Data-parallel degree; derived as gpus / (tp x pp x cp), and if given it must agree."),
      // hardware
      IdField("gpu", G::Hardware, false, TP_ID(gpu), "GPU id (see `trainplan catalog gpus`)."),
      IntField("gpus_per_node", G::Hardware, "GPUs", 1, 1024, true, kUnset, TP_INT(gpus_per_node),
               "GPUs per server; auto = the GPU's usual server."),
      IdField("intra", G::Hardware, true, TP_ID(intra),
              "Link between GPUs inside a node (see `trainplan catalog links`); auto = the GPU's usual one."),
      IdField("inter", G::Hardware, true, TP_ID(inter),
              "Network between nodes (see `trainplan catalog links`); auto = the GPU's usual one."),
      // economics
      RealField("usd_per_gpu_hour", G::Economics, "USD/GPU-hour", 0.001, 10000, true, TP_REAL(usd_per_gpu_hour),
                "Rental price per GPU-hour; auto = the catalog's price for the GPU."),
      RealField("usd_per_gpu", G::Economics, "USD", 1, 1e8, true, TP_REAL(usd_per_gpu),
                "Purchase price per GPU, for the owning view; auto = the catalog's price."),
      RealField("usd_per_kwh", G::Economics, "USD/kWh", 0, 100, false, TP_REAL(usd_per_kwh), "Electricity price."),
      RealField("pue", G::Economics, "", 1, 10, false, TP_REAL(pue),
                "Power usage effectiveness: facility power over IT power."),
      RealField("years", G::Economics, "years", 0.01, 100, false, TP_REAL(years),
                "Amortization period of purchased hardware."),
      // reliability
      RealField("mtbf_gpu_h", G::Reliability, "hours", 1, 1e12, false, TP_REAL(mtbf_gpu_h),
                "Mean time between failures of one GPU (with its share of the server), hours."),
      RealField("ckpt_s", G::Reliability, "s", 0.001, 1e7, true, TP_REAL(ckpt_s),
                "Time to write one checkpoint; auto = checkpoint size over storage bandwidth."),
      RealField("restart_s", G::Reliability, "s", 0, 1e7, false, TP_REAL(restart_s),
                "Time to restart the job after a failure (reschedule, reload)."),
      RealField("storage_gbps", G::Reliability, "GB/s", 0.001, 1e7, true, TP_REAL(storage_gbps),
                "Aggregate checkpoint write bandwidth; auto = 1 GB/s per GPU up to 2 TB/s."),
      // interface
      ChoiceField("lang", G::Interface, kLangs, false,
                  [](const Config& c) { return c.lang == "zh" ? 1 : 0; },
                  [](Config& c, int v) { c.lang = kLangs[v]; }, "Interface language: en or zh."),
      // the page's view
      ChoiceField("view", G::View, kViewNames, false, TP_INT(view),
                  "The page's view: plan, compare (columns side by side) or search (layouts and GPU types)."),
      TextField("cmp", G::View, TP_ID(cmp), ValidScenarioList,
                "2-4 scenarios separated by ; each key:value pairs separated by , (gpu:h100,gpus:128;gpu:a100-80g,gpus:256)",
                "Compare columns: each scenario's keys over the plan's own (the layout is searched per column); "
                "`trainplan compare --link` reads them."),
      // assumptions (auto = the fitted or published default; docs/step-model.md, docs/memory.md, run.cpp)
      RealField("eff_matmul", G::Assumptions, "fraction", 0.05, 1.5, true, TP_REAL(eff_matmul),
                "Share of the GPU's measured best matmul rate that a training run's large GEMMs keep (fitted)."),
      RealField("matmul_half_ridge", G::Assumptions, "", 0.01, 10, true, TP_REAL(matmul_half_ridge),
                "GEMM arithmetic intensity, in units of the GPU's ridge point, at which a GEMM runs at half speed (fitted)."),
      RealField("eff_attention", G::Assumptions, "fraction", 0.05, 1, true, TP_REAL(eff_attention),
                "FlashAttention's share of the dense 16-bit peak, causal half counted (fitted)."),
      RealField("eff_memory", G::Assumptions, "fraction", 0.05, 1, true, TP_REAL(eff_memory),
                "Share of peak memory bandwidth that element-wise kernels reach (fitted)."),
      RealField("eff_network", G::Assumptions, "fraction", 0.05, 1, true, TP_REAL(eff_network),
                "NCCL bus bandwidth as a share of the nominal link bandwidth (fitted)."),
      RealField("overlap_dp", G::Assumptions, "fraction", 0.001, 1, true, TP_REAL(overlap_dp),
                "Share of the backward pass (ZeRO-3: forward and backward) that can hide data-parallel traffic (fitted)."),
      RealField("overlap_contention", G::Assumptions, "fraction", 0.0001, 1, true, TP_REAL(overlap_contention),
                "Seconds of compute lost per second of communication hidden behind it (fitted)."),
      RealField("eff_run", G::Assumptions, "fraction", 0.05, 1, true, TP_REAL(eff_run),
                "Share of the step model's steady-state speed (a tuned stack) that a production run keeps over "
                "its whole length: software, stragglers, evaluation, data stalls (fitted to published whole runs)."),
      RealField("cuda_context_gb", G::Assumptions, "GB", 0.001, 100, true, TP_REAL(cuda_context_gb),
                "GPU memory taken by the CUDA context and library workspaces outside the allocator."),
      RealField("host_gb_per_gpu", G::Assumptions, "GB", 1, 1e6, true, TP_REAL(host_gb_per_gpu),
                "Host (CPU) memory per GPU that offloaded states may fill (DGX A100: 1 TB for 8 GPUs)."),
      RealField("gpu_power", G::Assumptions, "fraction of TDP", 0.01, 1.5, true, TP_REAL(gpu_power),
                "Average GPU power draw while training, as a share of its TDP."),
      RealField("server_power", G::Assumptions, "fraction of GPU TDP", 0.0001, 5, true, TP_REAL(server_power),
                "Power of the rest of the server (CPUs, memory, NICs, fans) per GPU, as a share of the GPU's TDP."),
      RealField("capex_overhead", G::Assumptions, "fraction of GPU price", 0.0001, 10, true, TP_REAL(capex_overhead),
                "Server, network and facility cost on top of the GPU purchase price, as a share of it."),
      RealField("staff_usd_per_year", G::Assumptions, "USD/year", 0, 1e10, false, TP_REAL(staff_usd_per_year),
                "Operations staff cost per year, counted in the total cost of ownership (0 = left out)."),
  };
  return fields;
}

#undef TP_INT
#undef TP_REAL
#undef TP_ID

// Compact text for a range bound: 1e16 rather than 10000000000000000.
std::string RangeNumber(double v) {
  if (v >= 1e6) {
    int e = int(std::floor(std::log10(v)));
    double mantissa = v / std::pow(10.0, e);
    if (std::fabs(mantissa - std::round(mantissa)) < 1e-9) {
      long m = std::lround(mantissa);
      return (m == 1 ? std::string("1") : std::to_string(m)) + "e" + std::to_string(e);
    }
  }
  return FormatNumber(v);
}

std::string AcceptsText(const Field& f) {
  std::string s;
  switch (f.kind) {
    case Kind::Int: s = "a whole number " + RangeNumber(f.lo) + "-" + RangeNumber(f.hi); break;
    case Kind::Real: s = "a number " + RangeNumber(f.lo) + "-" + RangeNumber(f.hi); break;
    case Kind::Choice:
      for (int i = 0; i < f.n_names; ++i) {
        if (i) s += (i + 1 == f.n_names && !f.has_auto) ? " or " : ", ";
        s += f.names[i];
      }
      break;
    case Kind::Text: s = f.accepts; break;
    case Kind::Id: {
      // Which catalog the id comes from; the ids themselves are checked when the job is resolved.
      const std::string name = f.name;
      s = name == "model"   ? "a preset id (trainplan catalog models) or custom"
          : name == "gpu"   ? "a GPU id (trainplan catalog gpus)"
                            : "a link id (trainplan catalog links)";
      break;
    }
  }
  if (f.has_auto) s += " or auto";
  return s;
}

const Field* FindField(std::string_view name) {
  for (const Field& f : Fields())
    if (name == f.name) return &f;
  return nullptr;
}

bool ValidId(std::string_view s) {
  if (s.empty() || s.size() > kMaxIdBytes) return false;
  for (unsigned char c : s)
    if (!(std::islower(c) || std::isdigit(c) || c == '.' || c == '-' || c == '_')) return false;
  return true;
}

void AddIssue(std::vector<ConfigIssue>& issues, std::string key, IssueWords words, std::vector<IssueArg> args = {},
              bool notice = false) {
  if (issues.size() > kMaxIssues) return;
  if (issues.size() == kMaxIssues) {
    issues.push_back(MakeIssue("", "more problems not shown"_issue, {}, true));
    return;
  }
  issues.push_back(MakeIssue(std::move(key), words, std::move(args), notice));
}

bool Reject(const Field& f, std::string_view value, std::vector<ConfigIssue>& issues) {
  AddIssue(issues, f.name, "expected {0}, got {1}"_issue, {Words(AcceptsText(f)), Quote(value)});
  return false;
}

}  // namespace

// ---- public: issues -------------------------------------------------------------------------------
IssueArg Words(std::string english) {
  IssueArg arg(std::move(english));
  arg.words = true;
  return arg;
}

ConfigIssue MakeIssue(std::string key, IssueWords words, std::vector<IssueArg> args, bool notice) {
  ConfigIssue issue;
  issue.key = std::move(key);
  issue.words = words.text();
  issue.args = std::move(args);
  issue.notice = notice;
  issue.message = IssueMessage(issue, Lang::En);
  return issue;
}

std::string IssueMessage(const ConfigIssue& issue, Lang lang) {
  if (!issue.words) return issue.message;
  // Words args in the language of the template; values (numbers, ids, keys, what was typed) as they are.
  std::vector<std::string> translated(issue.args.size());
  std::vector<std::string_view> filled(issue.args.size());
  for (size_t i = 0; i < issue.args.size(); ++i) {
    const IssueArg& a = issue.args[i];
    filled[i] = a.words && lang != Lang::En ? std::string_view(translated[i] = TranslateWords(lang, a.text))
                                            : std::string_view(a.text);
  }
  return Fill(Translate(lang, issue.words), filled);
}

std::string FormatIssue(const ConfigIssue& issue) {
  return issue.key.empty() ? issue.message : issue.key + ": " + issue.message;
}

std::string FormatIssue(const ConfigIssue& issue, Lang lang) {
  if (lang == Lang::En) return FormatIssue(issue);
  const std::string message = IssueMessage(issue, lang);
  return issue.key.empty() ? message : TrFill(lang, "{0}: {1}", {issue.key, message});
}

bool HasErrors(const std::vector<ConfigIssue>& issues) {
  for (const auto& i : issues)
    if (!i.notice) return true;
  return false;
}

// ---- public: key table ----------------------------------------------------------------------------
const std::vector<KeyInfo>& Keys() {
  // Built once from the field table; accepts-texts are generated from the ranges so they can never
  // disagree with what the parser does.
  struct Table {
    std::vector<std::string> accepts;
    std::vector<KeyInfo> keys;
    Table() {
      const auto& fields = Fields();
      accepts.reserve(fields.size());
      for (const Field& f : fields) accepts.push_back(AcceptsText(f));
      for (size_t i = 0; i < fields.size(); ++i)
        keys.push_back({fields[i].name, fields[i].group, fields[i].unit, accepts[i].c_str(), fields[i].help,
                        fields[i].lo, fields[i].hi});
    }
  };
  static const Table table;
  return table.keys;
}

const KeyInfo* FindKey(std::string_view name) {
  for (const KeyInfo& k : Keys())
    if (name == k.name) return &k;
  return nullptr;
}

// ---- public: parsing ------------------------------------------------------------------------------
bool ApplyPair(Config& cfg, std::string_view key_in, std::string_view value_in, std::vector<ConfigIssue>& issues) {
  std::string key = Lower(Trim(key_in));
  for (char& c : key) c = c == '-' ? '_' : c;  // gpus-per-node reads as gpus_per_node
  const Field* f = FindField(key);
  if (!f) {
    std::string shown = Quote(Trim(key_in));  // as typed
    AddIssue(issues, shown.substr(1, shown.size() - 2), "unknown key (see `trainplan plan --help` for the keys)"_issue);
    return false;
  }
  std::string_view value = Trim(value_in);
  if (value.size() > kMaxValueBytes) return Reject(*f, value, issues);
  std::string lower = Lower(value);

  if (f->has_auto && (lower == "auto" || (f->kind == Kind::Id && lower.empty()))) {
    switch (f->kind) {
      case Kind::Int: case Kind::Choice: f->set_int(cfg, int(f->auto_value)); break;
      case Kind::Real: f->set_real(cfg, f->auto_value); break;
      case Kind::Id: case Kind::Text: f->set_id(cfg, std::string()); break;
    }
    return true;
  }

  switch (f->kind) {
    case Kind::Int: {
      double x = 0;
      if (!ParseNumber(lower, x) || x != std::floor(x)) return Reject(*f, value, issues);
      // The sentinel's number is accepted only where it is itself a valid value (zero=0 is "no ZeRO";
      // layers=0 or gpus_per_node=0 would be "auto" in disguise: refused, naming the range and auto).
      if (key == "v") {
        // This reader speaks version 1 only: a link of another version is refused, not half-read.
        if (x != 1) {
          AddIssue(issues, "v", "link format {0} is not one this planner reads; accepted: 1"_issue, {Quote(value)});
          return false;
        }
        return true;
      }
      if (x < f->lo || x > f->hi) return Reject(*f, value, issues);
      f->set_int(cfg, int(x));
      return true;
    }
    case Kind::Real: {
      double x = 0;
      if (!ParseNumber(lower, x)) return Reject(*f, value, issues);
      // 0 is "auto" in disguise where the range starts above it: refused like any out-of-range value.
      if (x < f->lo || x > f->hi) return Reject(*f, value, issues);
      f->set_real(cfg, x);
      return true;
    }
    case Kind::Choice: {
      std::string word = lower;
      // Booleans from JSON and people: true/false, yes/no, on/off for the 0/1 switches.
      if (f->names == kZeroOne) {
        if (word == "true" || word == "yes" || word == "on") word = "1";
        if (word == "false" || word == "no" || word == "off") word = "0";
      }
      if (f->names == kMlpNames && (word == "silu" || word == "swish")) word = "swiglu";
      for (int i = 0; i < f->n_names; ++i) {
        if (word == f->names[i]) {
          f->set_int(cfg, i);
          return true;
        }
      }
      return Reject(*f, value, issues);
    }
    case Kind::Id: {
      if (!ValidId(lower)) return Reject(*f, value, issues);
      f->set_id(cfg, lower);
      return true;
    }
    case Kind::Text: {
      // Empty is the key's default (what FormatValue prints for it, so the JSON of every key reads back).
      if (!value.empty() && !f->check(value)) return Reject(*f, value, issues);
      f->set_id(cfg, std::string(value));
      return true;
    }
  }
  return false;
}

void ApplyLink(Config& cfg, std::string_view link, std::vector<ConfigIssue>& issues) {
  const Config before = cfg;  // a link of another format version is refused whole
  // Whole URL -> its fragment (or, without one, its query string); "#..." -> after '#'.
  if (size_t hash = link.find('#'); hash != std::string_view::npos) {
    link.remove_prefix(hash + 1);
  } else if (size_t scheme = link.find("://"); scheme != std::string_view::npos) {
    size_t q = link.find('?');
    link = q == std::string_view::npos ? std::string_view() : link.substr(q + 1);
  } else if (!link.empty() && link.front() == '?') {
    link.remove_prefix(1);
  }
  if (link.size() > kMaxLinkBytes) {
    AddIssue(issues, "", "link longer than {0} KiB; the rest is ignored"_issue, {std::to_string(kMaxLinkBytes / 1024)},
             true);
    link = link.substr(0, kMaxLinkBytes);
  }
  int pairs = 0;
  while (!link.empty()) {
    size_t amp = link.find('&');  // only '&': ';' separates the compare key's scenarios
    std::string_view pair = link.substr(0, amp);
    link = amp == std::string_view::npos ? std::string_view() : link.substr(amp + 1);
    if (Trim(pair).empty()) continue;
    if (++pairs > kMaxPairs) {
      AddIssue(issues, "", "more than {0} keys in the link; the rest is ignored"_issue, {std::to_string(kMaxPairs)}, true);
      break;
    }
    size_t eq = pair.find('=');
    std::string key = PercentDecode(pair.substr(0, eq));
    if (eq == std::string_view::npos) {
      AddIssue(issues, FindField(Lower(Trim(key))) ? Lower(Trim(key)) : "", "no value after {0} (ignored)"_issue,
               {Quote(key)}, true);
      continue;
    }
    std::string value = PercentDecode(pair.substr(eq + 1));
    std::string normal = Lower(Trim(key));
    for (char& c : normal) c = c == '-' ? '_' : c;
    if (!FindField(normal)) {
      // Keys from a newer planner or a typo: say so, keep going.
      AddIssue(issues, "", "unknown key {0} in the link (ignored)"_issue, {Quote(key)}, true);
      continue;
    }
    if (!ApplyPair(cfg, key, value, issues) && normal == "v") {
      cfg = before;
      return;
    }
  }
}

namespace {
// One JSON member as a key=value pair: numbers via FormatNumber (exact), booleans as 0/1, null = auto.
void ApplyJsonMember(Config& cfg, const std::string& key, const JsonValue& v, std::vector<ConfigIssue>& issues) {
  switch (v.type) {
    case JsonValue::Type::Number: ApplyPair(cfg, key, FormatNumber(v.number), issues); break;
    case JsonValue::Type::String: ApplyPair(cfg, key, v.string, issues); break;
    case JsonValue::Type::Bool: ApplyPair(cfg, key, v.boolean ? "1" : "0", issues); break;
    case JsonValue::Type::Null: ApplyPair(cfg, key, "auto", issues); break;
    default: {
      std::string shown = Quote(key);  // a JSON key can hold anything: bounded, no control bytes
      AddIssue(issues, shown.substr(1, shown.size() - 2),
               "expected a number or a string, got a JSON array or object"_issue);
      break;
    }
  }
}
}  // namespace

void ApplyJson(Config& cfg, std::string_view json_text, std::vector<ConfigIssue>& issues) {
  JsonParseResult parsed = ParseJson(json_text);
  if (!parsed.ok) {
    AddIssue(issues, "", "not valid JSON: {0} at byte {1}"_issue, {Words(parsed.reason), std::to_string(parsed.at)});
    return;
  }
  const JsonValue* root = &parsed.value;
  // A whole `plan --format json` output: take its "config".
  if (const JsonValue* inner = root->Find("config"); inner && inner->IsObject()) root = inner;
  if (!root->IsObject()) {
    AddIssue(issues, "", "expected a JSON object of configuration keys"_issue);
    return;
  }
  for (const auto& [key, value] : root->object) ApplyJsonMember(cfg, key, value, issues);
}

void ApplyHfConfig(Config& cfg, std::string_view json_text, std::vector<ConfigIssue>& issues) {
  JsonParseResult parsed = ParseJson(json_text);
  if (!parsed.ok) {
    AddIssue(issues, "", "not valid JSON: {0} at byte {1}"_issue, {Words(parsed.reason), std::to_string(parsed.at)});
    return;
  }
  const JsonValue* root = &parsed.value;
  if (!root->IsObject()) {
    AddIssue(issues, "", "expected a Hugging Face config.json object"_issue);
    return;
  }
  // Multimodal checkpoints (Llava, Qwen-VL, Gemma 3) keep the language model under text_config.
  if (!root->Find("num_hidden_layers") && !root->Find("n_layer"))
    if (const JsonValue* text = root->Find("text_config"); text && text->IsObject()) root = text;

  // First present name wins: Llama/Mistral/Qwen names, then GPT-2 / GPT-NeoX / MPT spellings.
  auto pick = [&](std::initializer_list<const char*> names) -> const JsonValue* {
    for (const char* n : names)
      if (const JsonValue* v = root->Find(n); v && v->IsNumber()) return v;
    return nullptr;
  };
  auto set = [&](const char* key, const JsonValue* v) {
    if (v) ApplyPair(cfg, key, FormatNumber(v->number), issues);
  };
  const JsonValue* layers = pick({"num_hidden_layers", "n_layer", "n_layers", "num_layers"});
  const JsonValue* hidden = pick({"hidden_size", "n_embd", "d_model"});
  const JsonValue* heads = pick({"num_attention_heads", "n_head", "n_heads"});
  if (!layers || !hidden || !heads) {
    AddIssue(issues, "", "config.json lacks num_hidden_layers, hidden_size or num_attention_heads"_issue);
    return;
  }
  // The imported dimensions describe the whole model: start from a clean custom model.
  Config fresh;
  cfg.model = "custom";
  cfg.params = 0;
  cfg.layers = fresh.layers, cfg.hidden = fresh.hidden, cfg.heads = fresh.heads, cfg.kv_heads = fresh.kv_heads;
  cfg.ffn = fresh.ffn, cfg.vocab = fresh.vocab, cfg.act = fresh.act, cfg.tied = fresh.tied;
  cfg.experts = fresh.experts, cfg.topk = fresh.topk, cfg.moe_ffn = fresh.moe_ffn;
  cfg.head_dim = fresh.head_dim, cfg.shared_experts = fresh.shared_experts, cfg.dense_layers = fresh.dense_layers;
  cfg.q_lora_rank = fresh.q_lora_rank, cfg.kv_lora_rank = fresh.kv_lora_rank, cfg.qk_rope_dim = fresh.qk_rope_dim;
  cfg.qk_nope_dim = fresh.qk_nope_dim, cfg.v_head_dim = fresh.v_head_dim;
  set("layers", layers);
  set("hidden", hidden);
  set("heads", heads);
  const JsonValue* kv = pick({"num_key_value_heads", "num_kv_heads", "multi_query_group_num"});
  if (const JsonValue* mq = root->Find("multi_query"); !kv && mq && mq->type == JsonValue::Type::Bool && mq->boolean)
    ApplyPair(cfg, "kv_heads", "1", issues);
  else
    set("kv_heads", kv ? kv : heads);
  set("vocab", pick({"vocab_size", "padded_vocab_size"}));
  if (const JsonValue* hd = pick({"head_dim"}); hd && cfg.heads > 0 && hd->number * cfg.heads != cfg.hidden)
    set("head_dim", hd);  // only when it differs from hidden / heads
  const JsonValue* ffn = pick({"intermediate_size", "n_inner", "ffn_hidden_size", "ffn_dim"});

  // MLP kind: SiLU in these families is the gated SwiGLU; Gemma gates a GELU (GeGLU, also 3 matrices).
  std::string act = Lower(root->StringOr("hidden_act", root->StringOr("activation_function",
                                                                       root->StringOr("hidden_activation", ""))));
  std::string type = Lower(root->StringOr("model_type", ""));
  bool gated = act == "silu" || act == "swish" || act == "swiglu" || type.rfind("gemma", 0) == 0 ||
               type.rfind("llama", 0) == 0 || type.rfind("mistral", 0) == 0 || type.rfind("mixtral", 0) == 0 ||
               type.rfind("qwen", 0) == 0 || type.rfind("deepseek", 0) == 0;
  if (!act.empty() || !type.empty()) ApplyPair(cfg, "act", gated ? "swiglu" : "gelu", issues);
  if (ffn) {
    set("ffn", ffn);
  } else if (!gated && cfg.hidden > 0) {
    // GPT-2 writes n_inner: null, meaning 4 x hidden.
    ApplyPair(cfg, "ffn", std::to_string(4LL * cfg.hidden), issues);
  }

  // When the file leaves tie_word_embeddings out, transformers uses the model class's default: false for
  // LlamaConfig, MistralConfig, MixtralConfig, Qwen2Config, DeepseekV3Config, Phi3Config; true in
  // PretrainedConfig itself (GPT-2, Gemma, ...).
  const JsonValue* tied = root->Find("tie_word_embeddings");
  bool untied_family = false;
  for (const char* family : {"llama", "mistral", "mixtral", "qwen", "deepseek", "phi3"})
    untied_family |= type.rfind(family, 0) == 0;
  const bool tied_value = (tied && tied->type == JsonValue::Type::Bool) ? tied->boolean : !untied_family;
  ApplyPair(cfg, "tied", tied_value ? "1" : "0", issues);

  const JsonValue* experts = pick({"num_local_experts", "n_routed_experts", "num_experts", "moe_num_experts"});
  if (experts && experts->number > 1) {
    set("experts", experts);
    set("topk", pick({"num_experts_per_tok", "moe_top_k", "top_k"}));
    const JsonValue* moe_ffn = pick({"moe_intermediate_size", "expert_intermediate_size"});
    set("moe_ffn", moe_ffn ? moe_ffn : ffn);
    set("shared_experts", pick({"n_shared_experts", "num_shared_experts"}));
    set("dense_layers", pick({"first_k_dense_replace"}));
    // Qwen-MoE has one shared expert of its own width (shared_expert_intermediate_size, 4 x moe_ffn in
    // Qwen1.5/Qwen2-MoE): as k experts of moe_ffn it has the same parameters and FLOPs (the per-layer
    // sigmoid gate of hidden weights aside).
    const JsonValue* shared_ffn = pick({"shared_expert_intermediate_size"});
    if (shared_ffn && shared_ffn->number > 0 && cfg.moe_ffn > 0) {
      const double k = shared_ffn->number / cfg.moe_ffn;
      const int whole = std::max(1, int(std::lround(k)));
      ApplyPair(cfg, "shared_experts", std::to_string(whole), issues);
      if (std::fabs(k - whole) > 1e-9)
        AddIssue(issues, "shared_experts",
                 "the shared expert's width {0} is not a multiple of moe_ffn {1}; counted as {2} experts of moe_ffn"_issue,
                 {FormatNumber(shared_ffn->number), std::to_string(cfg.moe_ffn), std::to_string(whole)}, true);
    }
  }
  // Multi-head latent attention (DeepSeek-V2/V3): low-rank key/value (and query) projections.
  if (const JsonValue* kv_rank = pick({"kv_lora_rank"}); kv_rank && kv_rank->number > 0) {
    set("kv_lora_rank", kv_rank);
    const JsonValue* q_rank = pick({"q_lora_rank"});  // null in DeepSeek-V2-Lite: no query compression
    ApplyPair(cfg, "q_lora_rank", q_rank ? FormatNumber(q_rank->number) : "0", issues);
    set("qk_rope_dim", pick({"qk_rope_head_dim"}));
    set("qk_nope_dim", pick({"qk_nope_head_dim"}));
    set("v_head_dim", pick({"v_head_dim"}));
  }
}

void SelectGpu(Config& cfg, const std::string& gpu_id) {
  if (cfg.gpu == gpu_id) return;
  cfg.gpu = gpu_id;
  cfg.intra.clear(), cfg.inter.clear();
  cfg.gpus_per_node = kUnset;
  cfg.usd_per_gpu_hour = 0, cfg.usd_per_gpu = 0;
}

// ---- public: printing -----------------------------------------------------------------------------
std::string FormatValue(const Config& cfg, std::string_view key) {
  const Field* f = FindField(key);
  if (!f) return {};
  switch (f->kind) {
    case Kind::Int: {
      int v = f->get_int(cfg);
      if (f->has_auto && v == int(f->auto_value)) return "auto";
      return std::to_string(v);
    }
    case Kind::Real: {
      double v = f->get_real(cfg);
      if (f->has_auto && v == 0) return "auto";
      return CompactNumber(v);
    }
    case Kind::Choice: {
      int v = f->get_int(cfg);
      if (f->has_auto && v < 0) return "auto";
      if (v < 0 || v >= f->n_names) return "auto";
      return f->names[v];
    }
    case Kind::Id: case Kind::Text: {
      const std::string& v = f->get_id(cfg);
      return v.empty() && f->has_auto ? "auto" : v;
    }
  }
  return {};
}

std::string FormatLink(const Config& cfg) {
  static const Config defaults;
  std::string out = "#v=1";
  for (const Field& f : Fields()) {
    if (f.group == KeyGroup::Link) continue;
    std::string value = FormatValue(cfg, f.name);
    if (value == FormatValue(defaults, f.name)) continue;
    out += '&';
    out += f.name;
    out += '=';
    out += PercentEncode(value);
  }
  return out;
}

}  // namespace tp
