// cli_catalog.cpp — `trainplan catalog gpus|models|links|stacks`: the catalogs as aligned text, JSON, CSV or
// Markdown tables; the machine formats carry every field, sources included.
#include "cli_parts.h"

#include <cmath>
#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

#include "capabilities.h"
#include "catalog.h"
#include "config.h"
#include "default_sources.h"
#include "json.h"
#include "kernels.h"
#include "presets.h"
#include "report.h"
#include "saves.h"
#include "stack.h"

// GCC 12 reports -Wrestrict falsely for `"literal" + std::string&&` once inlined (GCC bug 105329).
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace tp::cli {
namespace {

struct Table {
  std::vector<std::string> columns;
  std::vector<bool> numeric;
  std::vector<std::vector<std::string>> rows;
};

std::string Fixed(double v, int digits) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string RenderTable(const Table& t, Format format) {
  std::string s;
  if (format == Format::Json) {
    s = "[\n";
    for (size_t r = 0; r < t.rows.size(); ++r) {
      s += "  {";
      for (size_t c = 0; c < t.columns.size(); ++c) {
        const std::string& v = t.rows[r][c];
        s += (c ? ", " : "") + JsonEscape(t.columns[c]) + ": " + (t.numeric[c] && !v.empty() ? v : JsonEscape(v));
      }
      s += r + 1 < t.rows.size() ? "},\n" : "}\n";
    }
    return s + "]\n";
  }
  if (format == Format::Csv) {
    auto field = [](const std::string& v) {
      if (v.find_first_of(",\"\n") == std::string::npos) return v;
      std::string q = "\"";
      for (char c : v) q += c == '"' ? std::string("\"\"") : std::string(1, c);
      return q + "\"";
    };
    for (size_t c = 0; c < t.columns.size(); ++c) s += (c ? "," : "") + field(t.columns[c]);
    s += "\n";
    for (const auto& row : t.rows) {
      for (size_t c = 0; c < row.size(); ++c) s += (c ? "," : "") + field(row[c]);
      s += "\n";
    }
    return s;
  }
  if (format == Format::Markdown) {
    s = "|";
    for (const auto& c : t.columns) s += " " + c + " |";
    s += "\n|";
    for (size_t c = 0; c < t.columns.size(); ++c) s += t.numeric[c] ? "---:|" : "---|";
    s += "\n";
    for (const auto& row : t.rows) {
      s += "|";
      for (const auto& v : row) {
        std::string cell;
        for (char ch : v) cell += ch == '|' ? std::string("\\|") : std::string(1, ch);
        s += " " + cell + " |";
      }
      s += "\n";
    }
    return s;
  }
  // Text: aligned columns, numbers right-aligned.
  std::vector<size_t> width(t.columns.size());
  auto cols = [](const std::string& v) {
    size_t n = 0;
    for (unsigned char ch : v) n += (ch & 0xC0) != 0x80;
    return n;
  };
  for (size_t c = 0; c < t.columns.size(); ++c) {
    width[c] = cols(t.columns[c]);
    for (const auto& row : t.rows) width[c] = std::max(width[c], cols(row[c]));
  }
  auto line = [&](const std::vector<std::string>& cells) {
    std::string l;
    for (size_t c = 0; c < cells.size(); ++c) {
      std::string pad(width[c] - cols(cells[c]), ' ');
      l += t.numeric[c] ? pad + cells[c] : cells[c] + (c + 1 < cells.size() ? pad : "");
      if (c + 1 < cells.size()) l += "  ";
    }
    while (!l.empty() && l.back() == ' ') l.pop_back();
    return l + "\n";
  };
  s = line(t.columns);
  for (const auto& row : t.rows) s += line(row);
  return s;
}

Table GpuTable(bool full) {
  Table t;
  // host_gb_per_gpu: the host memory of the GPU's usual server, the host_gb_per_gpu key's auto (its source in the
  // full table; a GPU without one takes the key's own default).
  // fp16_tflops beside bf16_tflops: a GPU without BF16 (T4, V100, RTX 2080 Ti: 0 there) trains at its FP16 peak.
  t.columns = {
      "id",         "name",  "memory_gb", "bandwidth_gbs", "fp32_tflops",   "fp16_tflops",     "bf16_tflops",
      "fp8_tflops", "tdp_w", "intra",     "inter",         "gpus_per_node", "host_gb_per_gpu", "usd_per_gpu_hour",
      "usd_per_gpu"};
  if (full) t.columns.insert(t.columns.end(), {"source", "host_gb_source", "price_source"});
  t.numeric = {false, false, true, true, true, true, true,  true,  true,
               false, false, true, true, true, true, false, false, false};
  const double default_host_gb = Assumptions{}.host_gb_per_gpu;
  for (const GpuSpec& g : Gpus()) {
    std::vector<std::string> row = {g.id,
                                    g.name,
                                    Fixed(g.mem_bytes / 1e9, 1),
                                    Fixed(g.mem_bw / 1e9, 0),
                                    Fixed(g.peak_flops[int(Precision::Fp32)] / 1e12, 1),
                                    Fixed(g.peak_flops[int(Precision::Fp16)] / 1e12, 1),
                                    Fixed(g.peak_flops[int(Precision::Bf16)] / 1e12, 1),
                                    Fixed(g.peak_flops[int(Precision::Fp8)] / 1e12, 1),
                                    Fixed(g.tdp_w, 0),
                                    g.intra_default,
                                    g.inter_default,
                                    std::to_string(g.gpus_per_node_default),
                                    Fixed(g.host_gb_per_gpu > 0 ? g.host_gb_per_gpu : default_host_gb, 0),
                                    Fixed(g.usd_per_gpu_hour, 2),
                                    Fixed(g.usd_per_gpu, 0)};
    if (full)
      row.insert(row.end(), {g.source,
                             g.host_gb_source.empty() ? "the host_gb_per_gpu key's default (a DGX A100's 1 TB for 8)"
                                                      : g.host_gb_source,
                             g.price_source});
    t.rows.push_back(row);
  }
  return t;
}

Table ModelTable(bool full) {
  Table t;
  t.columns = {"id",  "name",  "params", "layers",  "hidden", "heads",      "kv_heads",
               "ffn", "vocab", "act",    "experts", "topk",   "default_seq"};
  if (full) t.columns.push_back("source");
  t.numeric = {false, false, true, true, true, true, true, true, true, false, true, true, true, false};
  for (const ModelPreset& m : Models()) {
    const ModelArch& a = m.arch;
    std::vector<std::string> row = {m.id,
                                    m.name,
                                    FormatNumber(m.published_params),
                                    std::to_string(a.layers),
                                    std::to_string(a.hidden),
                                    std::to_string(a.heads),
                                    std::to_string(a.kv_heads),
                                    std::to_string(a.ffn),
                                    std::to_string(a.vocab),
                                    Name(a.mlp),
                                    std::to_string(std::max(1, a.experts)),
                                    std::to_string(std::max(1, a.topk)),
                                    std::to_string(m.arch.trained_seq)};
    if (full) row.push_back(m.source);
    t.rows.push_back(row);
  }
  return t;
}

Table LinkTable(bool full) {
  Table t;
  // bandwidth_gbs is per direction, for the scope the row names (what ring collectives approach);
  // total_gbs the vendor's bidirectional figure (0 = none published as such).
  t.columns = {"id", "name", "kind", "scope", "bandwidth_gbs", "total_gbs", "latency_us", "network"};
  if (full) t.columns.push_back("source");
  t.numeric = {false, false, false, false, true, true, true, false, false};
  for (const LinkSpec& l : Links()) {
    const char* scope = l.per_node                   ? "per node"
                        : l.kind == LinkKind::Mesh   ? "per GPU, to all peers"
                        : l.kind == LinkKind::Bridge ? "per GPU, within its pair"
                                                     : "per GPU";
    std::vector<std::string> row = {l.id,
                                    l.name,
                                    LinkKindId(l.kind),
                                    scope,
                                    FormatNumber(l.bw / 1e9),
                                    FormatNumber(l.total_bw / 1e9),
                                    FormatNumber(std::round(l.latency_s * 1e9) / 1e3),
                                    l.network ? "yes" : "no"};
    if (full) row.push_back(l.source);
    t.rows.push_back(row);
  }
  return t;
}

// A feature's rows for one stack, oldest first: "native since 2022", "2021: extension (Megatron-DeepSpeed); 2025:
// native". Short: "yes 2022", "ext 2021, yes 2025", "no", "?" (the text table).
// A feature of the stacks' table; an RL framework's own (rl_mb_tokens) is in the RL frameworks' table only.
bool StackFeature(Feature f) { return !RlFrameworkFeature(f); }

std::string CapabilityHistory(const StackProfile& s, Feature f, bool brief) {
  std::string out;
  int rows = 0;
  for (const CapabilityRow& r : CapabilityTable())
    if (r.stack == s.kind && r.feature == f) ++rows;
  for (const CapabilityRow& r : CapabilityTable()) {
    if (r.stack != s.kind || r.feature != f) continue;
    std::string one;
    if (brief) {
      one = r.support == Support::Native      ? "yes"
            : r.support == Support::Extension ? "ext"
            : r.support == Support::Absent    ? "no"
                                              : "?";
      // A row that ends a feature (torchtitan's tensorwise FP8, 2026) says from when.
      if (r.since > 0 && (r.support != Support::Absent || rows > 1)) one += " " + std::to_string(r.since);
      out += (out.empty() ? "" : ", ") + one;
      continue;
    }
    one = SupportName(r.support);
    if (r.support == Support::Extension) one += " (" + std::string(r.via) + ")";
    if (r.since > 0 && (r.support != Support::Absent || rows > 1))
      one = rows > 1 ? std::to_string(r.since) + ": " + one : one + " since " + std::to_string(r.since);
    out += (out.empty() ? "" : "; ") + one;
  }
  return out;
}

std::string CapabilitySources(const StackProfile& s, Feature f) {
  std::string out;
  for (const CapabilityRow& r : CapabilityTable())
    if (r.stack == s.kind && r.feature == f) out += (out.empty() ? "" : " | ") + std::string(r.source);
  return out;
}

// Bytes per logit at the loss's peak as the planner counts them (saves.cpp LossOf, one place): with the stack's
// model code for full training and for LoRA / QLoRA (whose loop may keep the output's logits too), "full X,
// adapters Y" where they differ.
std::string LossBytesText(const StackProfile& s) {
  LayerRun full;
  LayerRun adapters;
  adapters.trains_base = false;
  adapters.kept_logits = s.adapter_loop_kept_logit_bytes;
  const double f = LossOf(s.modeling_full, full).logit_peak, a = LossOf(s.modeling_adapters, adapters).logit_peak;
  return f == a ? FormatNumber(f) : "full " + FormatNumber(f) + ", adapters " + FormatNumber(a);
}

// The frameworks: what each keeps and does, and its fitted efficiency per release; the machine formats
// carry every convention's source.
Table StackTable(bool full) {
  Table t;
  t.columns = {"id",           "name",         "covers",    "aliases", "selective", "logit_bytes", "alloc_reserve",
               "zero_with_pp", "pp_schedules", "schedules", "releases"};
  if (full)
    for (const char* c :
         {"states_source", "adapter_source", "gather_source", "logits_source", "recompute_source", "allocator_source",
          "nccl_source", "kernels_source", "pipeline_source", "schedules_source", "finetune_kernels_source"})
      t.columns.push_back(c);
  t.numeric.assign(t.columns.size(), false);
  t.numeric[6] = t.numeric[7] = true;  // logit_bytes may read "full 12, adapters 16"
  for (const StackProfile& s : Stacks()) {
    std::string schedules;  // the named pipeline schedules the search offers, each from its release
    for (const StackProfile::ScheduleSince& k : s.pp_schedules)
      schedules += (schedules.empty() ? "" : ", ") + std::string(Name(k.schedule)) +
                   (k.year > 0 ? " (" + std::to_string(k.year) + ")" : "");
    std::string releases;
    for (const StackRelease& r : s.releases)
      releases += (releases.empty() ? "" : ", ") + std::to_string(r.year) + ": " + Fixed(r.eff, 3);
    const char* selective = s.selective == SelectiveKind::AttentionCore ? "attention core"
                            : s.selective == SelectiveKind::HalfMatmuls ? "every second matmul"
                                                                        : "none";
    std::vector<std::string> row = {s.id,
                                    s.name,
                                    s.covers,
                                    s.aliases,
                                    selective,
                                    LossBytesText(s),
                                    FormatNumber(AllocatorReserve(ExpandableSegments(s.kind, Method::Full, s.year),
                                                                  DefaultPadding(s.modeling_full))),
                                    std::to_string(s.pp_zero_max),
                                    s.pp_schedule_per_local_batch ? "per local batch" : "one per step",
                                    schedules,
                                    releases};
    if (full)
      for (const char* src :
           {s.states_source, s.adapter_source, s.gather_source, s.logits_source, s.recompute_source, s.allocator_source,
            s.nccl_source, s.kernels_source, s.pipeline_source, s.schedules_source, KernelsOf(s.kind).source})
        row.push_back(src);
    if (full)
      for (int f = 0; f < int(Feature::kCount); ++f) {
        if (!StackFeature(Feature(f))) continue;
        row.push_back(CapabilityHistory(s, Feature(f), false));
        row.push_back(CapabilitySources(s, Feature(f)));
      }
    t.rows.push_back(row);
  }
  if (full)
    for (int f = 0; f < int(Feature::kCount); ++f) {
      if (!StackFeature(Feature(f))) continue;
      t.columns.push_back(FeatureId(Feature(f)));
      t.columns.push_back(std::string(FeatureId(Feature(f))) + " source");
      t.numeric.push_back(false);
      t.numeric.push_back(false);
    }
  return t;
}

// The text view of the capability table: a row per feature, a column per stack.
Table CapabilityTableOf() {
  Table t;
  t.columns = {"feature"};
  for (const StackProfile& s : Stacks()) t.columns.push_back(s.id);
  t.numeric.assign(t.columns.size(), false);
  for (int f = 0; f < int(Feature::kCount); ++f) {
    if (!StackFeature(Feature(f))) continue;
    std::vector<std::string> row = {FeatureId(Feature(f))};
    for (const StackProfile& s : Stacks()) row.push_back(CapabilityHistory(s, Feature(f), true));
    t.rows.push_back(row);
  }
  return t;
}

// The text view of the RL frameworks' rows (RlCapabilityTable): a row per feature some framework removes or brings
// late, a column per framework, in the stack table's words; "-" where the stack answers.
Table RlCapabilityTableOf() {
  const std::vector<RlCapabilityRow>& table = RlCapabilityTable();
  Table t;
  t.columns = {"feature"};
  for (const char* name : kRlFrameworkNames) t.columns.push_back(name);
  t.numeric.assign(t.columns.size(), false);
  for (int f = 0; f < int(Feature::kCount); ++f) {
    std::vector<std::string> row = {FeatureId(Feature(f))};
    bool any = false;
    for (int fw = 0; fw < int(std::size(kRlFrameworkNames)); ++fw) {
      std::string cell;
      for (const RlCapabilityRow& r : table) {  // oldest first, as RlCapability reads them
        if (int(r.framework) != fw || r.feature != Feature(f)) continue;
        std::string one = r.support == Support::Native ? "yes" : r.support == Support::Absent ? "no" : "?";
        if (r.since > 0) one += " " + std::to_string(r.since);
        if (!r.on_megatron) one += " (not megatron)";
        if (r.only_megatron) one += " (megatron)";
        if (!r.on_dpo) one += " (grpo/ppo)";
        cell += (cell.empty() ? "" : ", ") + one;
      }
      any = any || !cell.empty();
      row.push_back(cell.empty() ? "-" : cell);
    }
    if (any) t.rows.push_back(row);
  }
  return t;
}

// The text view of what each RL framework trains and generates with (RlOfferTable): a row per goal ("yes"/"no") and per
// engine (the goals it generates for), a column per framework.
Table RlOfferTableOf() {
  Table t;
  t.columns = {"offers"};
  for (const char* name : kRlFrameworkNames) t.columns.push_back(name);
  t.numeric.assign(t.columns.size(), false);
  const RlAlgo goals[] = {RlAlgo::Grpo, RlAlgo::Ppo, RlAlgo::Dpo};
  for (RlAlgo g : goals) {
    std::vector<std::string> row = {std::string("goal=") + kGoalNames[int(g) + 1]};
    for (int fw = 0; fw < int(std::size(kRlFrameworkNames)); ++fw)
      row.push_back(RlOffer(RlFramework(fw), g) ? "yes" : "no");
    t.rows.push_back(row);
  }
  for (int e = 0; e < int(std::size(kRlEngineNames)); ++e) {
    std::vector<std::string> row = {std::string("rl_engine=") + kRlEngineNames[e]};
    for (int fw = 0; fw < int(std::size(kRlFrameworkNames)); ++fw) {
      std::string cell;
      for (RlAlgo g : goals)
        if (RlOffer(RlFramework(fw), g, RlEngine(e)))
          cell += (cell.empty() ? "" : ", ") + std::string(kGoalNames[int(g) + 1]);
      row.push_back(cell.empty() ? "no" : cell);
    }
    t.rows.push_back(row);
  }
  return t;
}

// What the planner does with the rows it does not model as such (capabilities.h FeaturePlanned).
std::string PlannedNotes() {
  std::string out;
  for (int f = 0; f < int(Feature::kCount); ++f)
    if (const char* planned = FeaturePlanned(Feature(f)); planned[0])
      out += std::string("  ") + FeatureId(Feature(f)) + ": " + planned + "\n";
  return out.empty() ? out : "How the planner plans what it does not model as such:\n" + out;
}

}  // namespace

bool CatalogTable(const std::string& kind, Format format, std::string& out) {
  const bool full = format != Format::Text;
  Table t;
  if (kind == "gpus")
    t = GpuTable(full);
  else if (kind == "models")
    t = ModelTable(full);
  else if (kind == "links")
    t = LinkTable(full);
  else if (kind == "stacks")
    t = StackTable(full);
  else
    return false;
  out += RenderTable(t, format);
  if (kind == "stacks" && !full)
    out += "\nWhat each framework runs (core/stack/capabilities.cpp; the sources: --format json):\n" +
           RenderTable(CapabilityTableOf(), format) +
           "yes = native, ext = through another library the framework launches (named in --format json), "
           "? = not found in its code, no = absent; the year is the release it arrived in.\n" +
           PlannedNotes() +
           "\nWhat each RL framework's policy training leaves out of its stack's rows (rl_framework; "
           "RlCapabilityTable in core/stack/capabilities.cpp, each row with the framework's file and commit):\n" +
           RenderTable(RlCapabilityTableOf(), format) +
           "- = the stack's answer; no = the framework does not run it; yes YEAR = from that release on; "
           "(not megatron) = on every stack but megatron, where the framework's Megatron backend is the stack; "
           "(megatron) = on its Megatron backend only; "
           "(grpo/ppo) = for the generating goals only, not DPO.\n"
           "\nWhat each RL framework trains and generates with (RlOfferTable in core/stack/capabilities.cpp, each row "
           "with the framework's files and commit; a combination outside it is refused):\n" +
           RenderTable(RlOfferTableOf(), format) +
           "goal rows: the framework trains that goal; engine rows: the goals it generates for with that engine.\n";
  return true;
}

}  // namespace tp::cli
