// report.cpp — a plan as the interface.md JSON, an aligned text table with units, CSV and Markdown;
// several plans side by side; search results. Every number goes through FormatNumber (JSON, CSV) or a
// fixed printf format (text, Markdown), so the same plan prints the same bytes natively and in
// WebAssembly. Memory is shown in GiB (2^30 bytes, what nvidia-smi and PyTorch show) with GB (1e9) beside it,
// always labelled.
#include "report.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "catalog.h"
#include "i18n_core.h"
#include "json.h"
#include "resolve.h"
#include "run.h"
#include "sentences.h"
#include "text.h"
#include "units.h"

// GCC 12 reports -Wrestrict falsely for `"literal" + std::string&&` once inlined (GCC bug 105329);
// it is not a real overlap, and -Werror would turn the noise into a broken build.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace tp {
namespace {

// ---- the resolved configuration -------------------------------------------------------------------
// The config with every "auto" replaced by what it became: layout keys by the planner (already in
// out.config), model dimensions by the preset, links, prices and budget by the catalog and the rules.
Config ResolvedConfig(const PlanOutput& out) {
  static const Config defaults;
  Config c = out.config;
  const ModelArch& m = out.job.model;
  if (!out.ok) return c;  // with errors the job is partly defaults: show what was asked
  // The model id stays as given: with the dimensions printed beside it, it resolves to the same model.
  c.params = m.params_total;
  if (m.layers > 0) {
    c.layers = m.layers, c.hidden = m.hidden, c.heads = m.heads, c.kv_heads = m.kv_heads;
    c.ffn = m.ffn, c.vocab = m.vocab, c.act = int(m.mlp), c.tied = m.tied ? 1 : 0;
    c.experts = std::max(1, m.experts);
    c.topk = m.experts > 1 ? m.topk : 1;
    c.moe_ffn = m.experts > 1 ? m.moe_ffn : kUnset;
    c.shared_experts = m.experts > 1 ? m.shared_experts : 0;
    c.dense_layers = m.experts > 1 ? m.dense_layers : 0;
    c.head_dim = m.head_dim > 0 ? m.head_dim : kUnset;
  }
  c.tokens = out.job.work.tokens;
  c.gbs = out.plan.global_batch;  // what an auto global batch became for the chosen layout
  if (const GpuSpec* g = out.job.hw.gpu) c.gpu = g->id;
  c.gpus_per_node = out.job.hw.gpus_per_node;
  if (out.job.hw.intra) c.intra = out.job.hw.intra->id;
  if (out.job.hw.inter) c.inter = out.job.hw.inter->id;
  c.usd_per_gpu_hour = out.job.econ.usd_per_gpu_hour;
  c.usd_per_gpu = out.job.econ.usd_per_gpu;
  if (c.ckpt_s <= 0 && out.plan.run.ckpt_write_s > 0) c.ckpt_s = out.plan.run.ckpt_write_s;
  if (c.storage_gbps <= 0 && out.job.rel.storage_bytes_per_s > 0)
    c.storage_gbps = out.job.rel.storage_bytes_per_s / 1e9;
  AssumptionsToConfig(out.job.assume, c);  // what every assumption resolved to (fitted defaults written out)
  return c;
}

// True when the key's printed value is a JSON number (rather than a word such as "bf16" or "auto").
bool LooksNumeric(const std::string& v) {
  if (v.empty()) return false;
  for (char ch : v)
    if (!(std::isdigit((unsigned char)ch) || ch == '.' || ch == 'e' || ch == '-' || ch == '+')) return false;
  return std::isdigit((unsigned char)v[0]) || v[0] == '-';
}

// ---- structured rows: one list drives JSON and CSV ------------------------------------------------
struct Entry {
  std::string key;
  std::string json;  // the value as JSON text
  std::string text;  // the same value unquoted (CSV)
};
Entry E(std::string key, std::string json) {
  std::string text = json;
  return {std::move(key), std::move(json), std::move(text)};
}
struct Section {
  std::string name;
  std::vector<Entry> entries;
};

std::string Num(double v) { return FormatNumber(std::isfinite(v) ? v : 0.0); }
std::string Bool(bool b) { return b ? "true" : "false"; }

std::vector<Section> Sections(const PlanOutput& out) {
  const Plan& p = out.plan;
  std::vector<Section> s;
  Config resolved = ResolvedConfig(out);
  Section config{"config", {}};
  for (const KeyInfo& k : Keys()) {
    if (k.group == KeyGroup::View) continue;  // the page's view, not part of the plan
    std::string v = FormatValue(resolved, k.name);
    config.entries.push_back({k.name, LooksNumeric(v) ? v : JsonEscape(v), v});
  }
  s.push_back(std::move(config));
  s.push_back(
      {"model", {E("params", Num(out.job.model.params_total)), E("size_only", Bool(out.job.model.layers == 0))}});
  const MemoryBreakdown& m = p.memory;
  s.push_back({"memory",
               {E("weights_bytes", Num(m.weights)), E("gradients_bytes", Num(m.gradients)),
                E("optimizer_bytes", Num(m.optimizer)), E("activations_bytes", Num(m.activations)),
                E("other_bytes", Num(m.other)), E("total_bytes", Num(m.total)), E("allocated_bytes", Num(m.allocated)),
                E("reserved_bytes", Num(m.reserved)), E("capacity_bytes", Num(m.capacity)),
                E("usable_bytes", Num(m.usable)), E("fits", Bool(m.fits)), E("max_micro_batch", Num(m.max_micro_batch)),
                E("max_seq", Num(m.max_seq)), E("model_states_bytes", Num(m.model_states)),
                E("host_bytes", Num(m.host_bytes)), E("nvme_bytes", Num(m.nvme_bytes))}});
  const StepBreakdown& st = p.step;
  s.push_back(
      {"step",
       {E("seconds", Num(st.seconds)), E("compute_s", Num(st.compute_s)), E("memory_s", Num(st.memory_s)),
        E("comm_tp_s", Num(st.comm_tp_s)), E("comm_cp_s", Num(st.comm_cp_s)), E("comm_ep_s", Num(st.comm_ep_s)),
        E("comm_dp_s", Num(st.comm_dp_s)), E("comm_pp_s", Num(st.comm_pp_s)),
        E("comm_exposed_s", Num(st.comm_exposed_s)), E("bubble_s", Num(st.bubble_s)), E("offload_s", Num(st.offload_s)),
        E("host_s", Num(st.host_s)), E("micro_batches", Num(st.micro_batches))}});
  const Throughput& t = p.throughput;
  s.push_back(
      {"throughput",
       {E("tokens_per_s", Num(t.tokens_per_s)), E("tokens_per_s_per_gpu", Num(t.tokens_per_s_per_gpu)),
        E("model_tflops_per_gpu", Num(t.model_tflops_per_gpu)),
        E("hardware_tflops_per_gpu", Num(t.hardware_tflops_per_gpu)), E("mfu", Num(t.mfu)), E("hfu", Num(t.hfu))}});
  const RunSummary& r = p.run;
  s.push_back({"run",
               {E("tokens", Num(r.tokens)),
                E("tokens_defaulted", Bool(r.tokens_defaulted)),
                E("steps", Num(r.steps)),
                E("steady_days", Num(r.steady_days)),
                E("straggler_days", Num(r.straggler_days)),
                E("stall_days", Num(r.stall_days)),
                E("eval_days", Num(r.eval_days)),
                E("evals", Num(r.evals)),
                E("startup_s", Num(r.startup_s)),
                E("compute_days", Num(r.compute_days)),
                E("days", Num(r.days)),
                E("ckpt_days", Num(r.ckpt_days)),
                E("failure_days", Num(r.failure_days)),
                E("timed_days", Num(r.timed_days)),
                E("gpu_hours", Num(r.gpu_hours)),
                E("goodput", Num(r.goodput)),
                E("failures", Num(r.failures)),
                E("ckpt_bytes", Num(r.ckpt_bytes)),
                E("ckpt_write_s", Num(r.ckpt_write_s)),
                E("ckpt_interval_s", Num(r.ckpt_interval_s)),
                E("energy_kwh", Num(r.energy_kwh)),
                E("power_kw", Num(r.power_kw)),
                E("cost_usd", Num(r.cost_usd)),
                E("cost_rent_usd", Num(r.cost_rent_usd)),
                E("cost_own_usd", Num(r.cost_own_usd))}});
  const TcoView tco = EstimateTco(out.job, r);
  s.push_back({"tco",
               {E("years", Num(tco.years)), E("hardware_usd", Num(tco.hardware_usd)),
                E("energy_usd", Num(tco.energy_usd)), E("staff_usd", Num(tco.staff_usd)),
                E("total_usd", Num(tco.total_usd)), E("runs_in_period", Num(tco.runs_in_period)),
                E("usd_per_run", Num(tco.usd_per_run)), E("rent_same_period_usd", Num(tco.rent_same_period_usd))}});
  return s;
}

std::vector<std::string> Warnings(const PlanOutput& out) {
  std::vector<std::string> w;
  if (out.ok) w = WarningSentences(out.plan, out.job);
  return w;
}

std::string JsonStringArray(const std::vector<std::string>& items, const char* indent) {
  if (items.empty()) return "[]";
  std::string s = "[\n";
  for (size_t i = 0; i < items.size(); ++i)
    s += std::string(indent) + "  " + JsonEscape(items[i]) + (i + 1 < items.size() ? ",\n" : "\n");
  return s + indent + "]";
}

// The calibration object: what was measured, what the plan gave without the factors, the factors and
// what each scales (interface.md). Empty measurements are 0.
std::string CalibrationJson(const Calibration& c, const std::string& pad) {
  const std::string in = pad + "    ";
  std::string s = "{\n";
  auto item = [&](const char* key, const std::string& value, bool comma = true) {
    s += in + JsonEscape(key) + ": " + value + (comma ? ",\n" : "\n");
  };
  item("measured_tokens_per_s_per_gpu", Num(c.measured_tokens_per_s_per_gpu));
  item("uncalibrated_tokens_per_s_per_gpu", Num(c.uncalibrated_tokens_per_s_per_gpu));
  item("speed_factor", Num(c.speed_factor));
  item("speed_fitted", Bool(c.speed_fitted));
  item("speed_scales", "[\"eff_matmul\", \"eff_attention\", \"eff_memory\"]");
  item("measured_peak_bytes", Num(c.measured_peak_bytes));
  item("uncalibrated_peak_bytes", Num(c.uncalibrated_peak_bytes));
  item("memory_factor", Num(c.memory_factor));
  item("memory_fitted", Bool(c.memory_fitted));
  item("memory_scales", "[\"activations\", \"temporaries\"]");
  item("gpu", JsonEscape(c.gpu), false);
  return s + pad + "  }";
}

// The plan object at a given indentation (search results nest it one level down).
std::string PlanJson(const PlanOutput& out, const std::string& pad) {
  std::string s = "{\n";
  auto line = [&](const std::string& key, const std::string& value, bool comma = true) {
    s += pad + "  " + JsonEscape(key) + ": " + value + (comma ? ",\n" : "\n");
  };
  line("ok", Bool(out.ok));
  for (const Section& sec : Sections(out)) {
    std::string body = "{\n";
    for (size_t i = 0; i < sec.entries.size(); ++i)
      body += pad + "    " + JsonEscape(sec.entries[i].key) + ": " + sec.entries[i].json +
              (i + 1 < sec.entries.size() ? ",\n" : "\n");
    line(sec.name, body + pad + "  }");
    if (sec.name == "config") line("link", JsonEscape(FormatLink(out.config)));
  }
  line("bottleneck", JsonEscape(out.ok ? BottleneckSentence(out.plan, out.job) : std::string()));
  line("bottleneck_kind", JsonEscape(out.ok ? BottleneckName(out.plan.bottleneck) : "none"));
  line("warnings", JsonStringArray(Warnings(out), (pad + "  ").c_str()));
  line("fit_advice", JsonStringArray(out.fit_advice, (pad + "  ").c_str()));
  line("calibration", CalibrationJson(out.calibration, pad));
  std::vector<std::string> errors, notices;
  for (const ConfigIssue& i : out.issues) (i.notice ? notices : errors).push_back(FormatIssue(i));
  line("errors", JsonStringArray(errors, (pad + "  ").c_str()));
  line("notices", JsonStringArray(notices, (pad + "  ").c_str()));
  // Only the page's planner (MakePlanWithFallback) fills it; the command line's JSON stays as it was.
  if (!out.fallback_keys.empty()) line("fallback_keys", JsonStringArray(out.fallback_keys, (pad + "  ").c_str()));
  line("evaluated", Num(double(out.evaluated)), false);
  return s + pad + "}";
}

// ---- human rows: one list drives text and Markdown ------------------------------------------------
struct Row {
  std::string label;  // empty label = section heading in `value`
  std::string value;
};

// Large counts with a word: 1.23 trillion, 70.6 billion (Chinese keeps the SI letters: 70.6 B).
std::string Count(double v, Lang lang) {
  if (v >= 1e12) return Fmt("%.3g ", v / 1e12) + UnitWord(lang, "trillion");
  if (v >= 1e9) return Fmt("%.3g ", v / 1e9) + UnitWord(lang, "billion");
  if (v >= 1e6) return Fmt("%.3g ", v / 1e6) + UnitWord(lang, "million");
  return Fmt("%.0f", v);
}

std::string Bytes(double b) { return Fmt("%.2f GiB", b / kGiB) + Fmt(" (%.2f GB)", b / 1e9); }

std::string Seconds(double s, Lang lang) {
  auto with = [&](const char* format, double v, const char* unit) {
    return Fmt(format, v) + " " + UnitWord(lang, unit);
  };
  if (s >= 2 * kDay) return with("%.1f", s / kDay, "days");
  if (s >= 2 * kHour) return with("%.1f", s / kHour, "h");
  if (s >= 120) return with("%.1f", s / 60, "min");
  if (s >= 1) return with("%.2f", s, "s");
  return with("%.1f", s * 1e3, "ms");
}

std::string Usd(double v, Lang lang) { return UsdText(lang, v); }

std::string LayoutText(const Config& c) {
  std::string s;
  for (const char* k : {"tp", "pp", "vp", "pp_schedule", "cp", "ep", "dp", "mbs", "zero", "recompute", "sp", "offload"})
    if (std::string_view(k) != "pp_schedule" || c.pp > 1)  // the schedule of a pipeline only
      s += std::string(s.empty() ? "" : " ") + k + "=" + FormatValue(c, k);
  return s;
}

std::string Title(const PlanOutput& out, Lang lang) {
  const Job& j = out.job;
  Config resolved = ResolvedConfig(out);
  static const Config defaults;
  // Dimensions without a model id make a custom model (see resolve.cpp); say so rather than the default id.
  const bool custom = out.config.model == "custom" ||
                      (out.config.model == defaults.model && out.config.layers > 0 && out.config.hidden > 0);
  std::string model;
  if (j.model.layers == 0) {
    model = TrFill(lang, "{0}-parameter model (size only)", {Count(j.model.params_total, lang)});
  } else {
    model = TrFill(lang, "{0} ({1} parameters)",
                   {!out.config.name.empty() ? out.config.name
                    : custom                 ? std::string(Translate(lang, "custom model"))
                                             : resolved.model,
                    Count(j.model.params_total, lang)});
  }
  std::string gpu = j.hw.gpu ? j.hw.gpu->name : out.config.gpu;
  // English prints the link's spelling of the method (full, lora, qlora); Chinese says what it is.
  static const char* const kMethodWords[] = {"method full", "method lora", "method qlora"};
  const std::string method = lang == Lang::En ? std::string(Name(j.work.method))
                                              : std::string(Translate(lang, kMethodWords[int(j.work.method)]));
  return TrFill(lang, "{0} on {1} x {2}, {3}, {4}", {model, std::to_string(j.hw.gpus), gpu, Name(j.work.prec), method});
}

// The labels are English keys of core/i18n_core; `lang` picks the words, the numbers are the same.
std::vector<Row> Rows(const PlanOutput& out, Lang lang) {
  std::vector<Row> rows;
  const Plan& p = out.plan;
  const Job& j = out.job;
  auto T = [&](const char* english) { return std::string(Translate(lang, english)); };
  auto head = [&](const std::string& text) { rows.push_back({"", text}); };
  auto row = [&](const char* label, const std::string& value) { rows.push_back({T(label), value}); };
  auto secs = [&](double s) { return Seconds(s, lang); };
  auto usd = [&](double v) { return Usd(v, lang); };
  auto days = [&](double d) { return DurationText(lang, d * 86400); };
  head(T("Plan"));
  row("model", Title(out, lang));
  row("layout", LayoutText(out.config));
  row("link", FormatLink(out.config));
  if (!out.ok) {
    for (const ConfigIssue& i : out.issues)
      if (!i.notice) row("error", FormatIssue(i, lang));
    return rows;
  }
  const MemoryBreakdown& m = p.memory;
  head(T("Memory per GPU (most loaded; GiB = 2^30 bytes, as nvidia-smi and PyTorch count; GB = 1e9)"));
  row("weights", Bytes(m.weights));
  row("gradients", Bytes(m.gradients));
  row("optimizer states", Bytes(m.optimizer));
  row("activations", Bytes(m.activations));
  row("other (context, buffers, fragmentation)", Bytes(m.other));
  row("total", Bytes(m.total));
  row("usable of capacity", TrFill(lang, "{0} of {1}", {Bytes(m.usable), Fmt("%.2f GiB", m.capacity / kGiB)}));
  row("fits", T(m.fits ? "yes" : "no"));
  row("largest micro-batch that fits", Fmt("%.0f", m.max_micro_batch));
  if (j.model.layers > 0) row("longest sequence that fits at this micro-batch", Fmt("%.0f", m.max_seq));
  if (m.host_bytes > 0) row("host memory per node (offload)", Bytes(m.host_bytes));
  if (m.nvme_bytes > 0) row("NVMe per node (offload)", Bytes(m.nvme_bytes));
  if (j.model.layers > 0) {
    const StepBreakdown& s = p.step;
    head(T("Step (one optimizer step)"));
    row("step time", secs(s.seconds));
    row("compute", secs(s.compute_s));
    row("memory-bound kernels", secs(s.memory_s));
    row("tensor-parallel communication", secs(s.comm_tp_s));
    if (s.comm_cp_s > 0) row("context-parallel communication", secs(s.comm_cp_s));
    if (s.comm_ep_s > 0) row("expert-parallel all-to-all", secs(s.comm_ep_s));
    row("data-parallel communication", secs(s.comm_dp_s));
    row("pipeline communication", secs(s.comm_pp_s));
    row("exposed communication", secs(s.comm_exposed_s));
    row("pipeline bubble", secs(s.bubble_s));
    if (s.offload_s > 0) row("offload (exposed)", secs(s.offload_s));
    if (s.host_s > 0) row("GPU waiting for the host (kernel launches)", secs(s.host_s));
    row("micro-batches per step", Fmt("%.0f", s.micro_batches));
    const Throughput& t = p.throughput;
    head(T("Throughput"));
    row("tokens/s", Fmt("%.0f", t.tokens_per_s));
    row("tokens/s per GPU", Fmt("%.0f", t.tokens_per_s_per_gpu));
    row("model TFLOP/s per GPU", Fmt("%.1f", t.model_tflops_per_gpu));
    row("hardware TFLOP/s per GPU", Fmt("%.1f", t.hardware_tflops_per_gpu));
    row("MFU", Fmt("%.1f %%", 100 * t.mfu));
    row("HFU", Fmt("%.1f %%", 100 * t.hfu));
    const std::vector<std::pair<std::string, std::string>> calibration = CalibrationRows(out, lang);
    if (!calibration.empty()) {
      head(T("Calibration (from your run)"));
      for (const auto& [label, value] : calibration) rows.push_back({label, value});
    }
    const RunSummary& r = p.run;
    head(T("Run"));
    row("tokens", Count(r.tokens, lang) + (!r.tokens_defaulted ? std::string()
                                           : j.work.finetune   ? T(" (the default fine-tuning dataset)")
                                                               : T(" (20 per parameter, Chinchilla default)")));
    row("steps", Fmt("%.0f", r.steps));
    row("wall clock", TrFill(lang, "{0} ({1} failure-free)", {days(r.days), days(r.compute_days)}));
    row("steady-state training", days(r.steady_days));
    row("stragglers and data stalls", days(r.straggler_days + r.stall_days));
    row("evaluation",
        TrFill(lang, "{0} ({1} evaluations of {2})", {days(r.eval_days), Fmt("%.0f", r.evals), secs(r.eval_s)}));
    row("start-up", secs(r.startup_s));
    row("GPU-hours", Fmt(r.gpu_hours < 100 ? "%.3g" : "%.0f", r.gpu_hours));
    row("goodput", Fmt("%.1f %%", 100 * r.goodput));
    row("expected failures", Fmt("%.1f", r.failures));
    row("checkpoint every", TrFill(lang, "{0} ({1} to write)", {secs(r.ckpt_interval_s), secs(r.ckpt_write_s)}));
    row("time lost", TrFill(lang, "{0} h writing checkpoints, {1} h restarting and redoing lost work",
                            {Fmt("%.1f", 24 * r.ckpt_days), Fmt("%.1f", 24 * r.failure_days)}));
    row("energy", r.energy_kwh < 100 ? Fmt("%.3g kWh", r.energy_kwh) : Fmt("%.1f MWh", r.energy_kwh / 1000));
    row("cost, renting", usd(r.cost_rent_usd));
    row("cost, owning (amortized + energy)", usd(r.cost_own_usd));
    const TcoView tco = EstimateTco(j, r);
    head(TrFill(lang, "Owning the cluster for {0} years (total cost of ownership)", {Fmt("%.0f", tco.years)}));
    row("hardware (GPUs + servers, network, facility)", usd(tco.hardware_usd));
    row("energy (training draw all year, PUE)", usd(tco.energy_usd));
    if (tco.staff_usd > 0) row("staff", usd(tco.staff_usd));
    row("all costs", usd(tco.total_usd));
    row("runs like this one in that time", Fmt("%.1f", tco.runs_in_period));
    row("renting the same GPUs as long", usd(tco.rent_same_period_usd));
  }
  head(T("Verdict"));
  row("bottleneck", BottleneckSentence(p, j, lang));
  if (out.ok)
    for (const std::string& w : WarningSentences(p, j, lang)) row("warning", w);
  if (out.fit_remedies.size() == out.fit_advice.size()) {
    for (const FitRemedy& a : out.fit_remedies) row("would fit with", FitAdviceSentence(a, lang));
  } else {
    for (const std::string& a : out.fit_advice) row("would fit with", a);  // advice made outside MakePlan
  }
  for (const ConfigIssue& i : out.issues)
    if (i.notice) row("note", FormatIssue(i, lang));
  return rows;
}

std::string Pad(const std::string& s, size_t width) {
  // Width in terminal columns, not bytes: CJK characters take two, continuation bytes none.
  const size_t cols = DisplayWidth(s);
  return s + std::string(width > cols ? width - cols : 0, ' ');
}

std::string CsvField(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string MdCell(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

// CSV: a header of section.key names and one row per plan; strings unquoted unless they need it.
std::string Csv(const std::vector<PlanOutput>& outs) {
  std::string header, body;
  for (size_t n = 0; n < outs.size(); ++n) {
    std::string line;
    auto add = [&](const std::string& name, std::string value) {
      // Appends in steps: GCC 12 warns (falsely, -Wrestrict) on `"," + std::string` here.
      if (n == 0) {
        if (!header.empty()) header += ',';
        header += CsvField(name);
      }
      if (!line.empty()) line += ',';
      line += CsvField(value);
    };
    for (const Section& sec : Sections(outs[n]))
      for (const Entry& e : sec.entries) add(sec.name + "." + e.key, e.text);
    add("link", FormatLink(outs[n].config));
    add("bottleneck", outs[n].ok ? BottleneckSentence(outs[n].plan, outs[n].job) : "");
    std::string errors;
    for (const ConfigIssue& i : outs[n].issues)
      if (!i.notice) errors += (errors.empty() ? "" : "; ") + FormatIssue(i);
    add("errors", errors);
    body += line + "\n";
  }
  return header + "\n" + body;
}

// Rows of several plans aligned by (section, label); repeated labels (warnings) are joined.
struct Grid {
  std::vector<std::string> keys;                // "section\x1flabel", first appearance order
  std::vector<std::vector<std::string>> cells;  // [plan][key]
};

Grid MakeGrid(const std::vector<PlanOutput>& outs, Lang lang) {
  Grid g;
  g.cells.resize(outs.size());
  for (size_t n = 0; n < outs.size(); ++n) {
    std::string section;
    for (const Row& r : Rows(outs[n], lang)) {
      if (r.label.empty()) {
        section = r.value;
        continue;
      }
      std::string key = section + '\x1f' + r.label;
      size_t idx = std::find(g.keys.begin(), g.keys.end(), key) - g.keys.begin();
      if (idx == g.keys.size()) {
        g.keys.push_back(key);
        for (auto& c : g.cells) c.resize(g.keys.size());
      }
      std::string& cell = g.cells[n][idx];
      cell += (cell.empty() ? "" : "; ") + r.value;
    }
  }
  for (auto& c : g.cells) c.resize(g.keys.size());
  return g;
}

std::string TextTable(const std::vector<std::vector<std::string>>& table, const std::vector<bool>& heading) {
  // Column widths from the widest cell; section headings span the row and are not measured.
  std::vector<size_t> width;
  for (size_t r = 0; r < table.size(); ++r) {
    if (heading[r]) continue;
    for (size_t c = 0; c < table[r].size(); ++c) {
      const size_t cols = DisplayWidth(table[r][c]);
      if (width.size() <= c) width.resize(c + 1, 0);
      width[c] = std::max(width[c], cols);
    }
  }
  std::string out;
  for (size_t r = 0; r < table.size(); ++r) {
    if (heading[r]) {
      out += table[r][0] + "\n";
      continue;
    }
    std::string line = "  ";
    for (size_t c = 0; c < table[r].size(); ++c)
      line += c + 1 < table[r].size() ? Pad(table[r][c], width[c] + 2) : table[r][c];
    out += line + "\n";
  }
  return out;
}

std::string MarkdownSplit(const std::string& key, std::string* label) {
  size_t sep = key.find('\x1f');
  *label = key.substr(sep + 1);
  return key.substr(0, sep);
}

PlanOutput HitOutput(const PlanOutput& base, const SearchResult& result, const SearchHit& hit) {
  PlanOutput o;
  o.config = base.config;
  o.job = hit.variant < int(result.jobs.size()) ? result.jobs[hit.variant] : base.job;
  if (hit.variant < int(result.gpu_ids.size())) SelectGpu(o.config, result.gpu_ids[hit.variant]);
  o.config.gpus = o.job.hw.gpus;
  o.plan = hit.plan;
  ApplyLayout(o.config, hit.plan.layout);
  o.ok = true;
  o.searched = true;
  for (const ConfigIssue& i : base.issues)
    if (i.notice) o.issues.push_back(i);
  return o;
}

// The language of human-readable output (text, Markdown): the configuration's `lang` key. JSON and CSV
// stay English whatever it says.
Lang LangOf(const PlanOutput& out) { return ParseLang(out.config.lang); }

}  // namespace

// ---- public ---------------------------------------------------------------------------------------
std::string PlanToJson(const PlanOutput& out) { return PlanJson(out, "") + "\n"; }

std::string PlanToText(const PlanOutput& out) {
  std::vector<std::vector<std::string>> table;
  std::vector<bool> heading;
  for (const Row& r : Rows(out, LangOf(out))) {
    table.push_back(r.label.empty() ? std::vector<std::string>{r.value} : std::vector<std::string>{r.label, r.value});
    heading.push_back(r.label.empty());
  }
  return TextTable(table, heading);
}

std::string PlanToCsv(const PlanOutput& out) { return Csv({out}); }

std::string PlanToMarkdown(const PlanOutput& out) { return FormatComparison({out}, Format::Markdown); }

std::string FormatPlan(const PlanOutput& out, Format format) {
  switch (format) {
    case Format::Text: return PlanToText(out);
    case Format::Json: return PlanToJson(out);
    case Format::Csv: return PlanToCsv(out);
    case Format::Markdown: return PlanToMarkdown(out);
  }
  return PlanToJson(out);
}

std::string FormatComparison(const std::vector<PlanOutput>& outs, Format format) {
  if (format == Format::Json) {
    std::string s = "{\n  \"plans\": [\n";
    for (size_t i = 0; i < outs.size(); ++i)
      s += "    " + PlanJson(outs[i], "    ") + (i + 1 < outs.size() ? ",\n" : "\n");
    return s + "  ]\n}\n";
  }
  if (format == Format::Csv) return Csv(outs);
  // One language for the whole table: the first scenario's (the command line's --lang sets them all).
  const Lang lang = outs.empty() ? Lang::En : LangOf(outs[0]);
  auto scenario = [&](size_t n) { return TrFill(lang, "scenario {0}", {std::to_string(n + 1)}); };
  Grid g = MakeGrid(outs, lang);
  if (format == Format::Markdown) {
    std::string s, section;
    for (size_t k = 0; k < g.keys.size(); ++k) {
      std::string label, sec = MarkdownSplit(g.keys[k], &label);
      if (sec != section) {
        section = sec;
        s += (s.empty() ? "" : "\n") + std::string("### ") + sec + "\n\n| " + Translate(lang, "quantity") + " |";
        for (size_t n = 0; n < outs.size(); ++n)
          s += " " + (outs.size() == 1 ? std::string(Translate(lang, "value")) : scenario(n)) + " |";
        s += "\n|---|";
        for (size_t n = 0; n < outs.size(); ++n) s += "---|";
        s += "\n";
      }
      s += "| " + MdCell(label) + " |";
      for (size_t n = 0; n < outs.size(); ++n) s += " " + MdCell(g.cells[n][k]) + " |";
      s += "\n";
    }
    return s;
  }
  // Text: scenarios side by side, one column each.
  std::vector<std::vector<std::string>> table;
  std::vector<bool> heading;
  std::vector<std::string> top = {""};
  for (size_t n = 0; n < outs.size(); ++n) top.push_back(scenario(n));
  table.push_back(top);
  heading.push_back(false);
  std::string section;
  for (size_t k = 0; k < g.keys.size(); ++k) {
    std::string label, sec = MarkdownSplit(g.keys[k], &label);
    if (sec != section) {
      section = sec;
      table.push_back({sec});
      heading.push_back(true);
    }
    std::vector<std::string> line = {label};
    for (size_t n = 0; n < outs.size(); ++n) line.push_back(g.cells[n][k].empty() ? "-" : g.cells[n][k]);
    table.push_back(line);
    heading.push_back(false);
  }
  return TextTable(table, heading);
}

std::string FormatSearch(const PlanOutput& base, const SearchResult& result, Format format, Objective objective) {
  std::vector<PlanOutput> hits;
  for (const SearchHit& h : result.top) hits.push_back(HitOutput(base, result, h));
  if (format == Format::Json) {
    std::string s = "{\n";
    s += "  \"objective\": " + JsonEscape(Name(objective)) + ",\n";
    s += "  \"evaluated\": " + Num(double(result.evaluated)) + ",\n";
    s += "  \"enumerated\": " + Num(double(result.enumerated)) + ",\n";
    s += "  \"elapsed_s\": " + Num(result.elapsed_s) + ",\n";
    s += "  \"any_fits\": " + Bool(result.any_fits) + ",\n";
    s += "  \"results\": [";
    for (size_t i = 0; i < hits.size(); ++i) s += std::string(i ? ",\n" : "\n") + "    " + PlanJson(hits[i], "    ");
    s += hits.empty() ? "],\n" : "\n  ],\n";
    s += "  \"pareto\": [";
    for (size_t i = 0; i < result.pareto.size(); ++i) {
      PlanOutput o = HitOutput(base, result, result.pareto[i]);
      s += std::string(i ? ",\n" : "\n") + "    {\"gpu\": " + JsonEscape(o.config.gpu) +
           ", \"gpus\": " + Num(o.config.gpus) + ", \"days\": " + Num(o.plan.run.days) +
           ", \"cost_usd\": " + Num(o.plan.run.cost_usd) + ", \"link\": " + JsonEscape(FormatLink(o.config)) + "}";
    }
    s += result.pareto.empty() ? "]" : "\n  ]";
    if (!result.any_fits && result.least_memory.plan.valid) {
      s += ",\n  \"least_memory\": " + PlanJson(HitOutput(base, result, result.least_memory), "  ");
    }
    return s + "\n}\n";
  }
  if (format == Format::Csv) {
    std::string csv = hits.empty() ? std::string("\n") : Csv(hits);
    return csv;
  }
  // Text and Markdown: one line per layout, best first, with why each loses to the first.
  const Lang lang = LangOf(base);
  auto T = [&](const char* english) { return std::string(Translate(lang, english)); };
  std::vector<std::vector<std::string>> table = {
      {"#", T("gpu"), T("gpus"), T("layout"), T("memory/GPU"), T("step"), T("days"), T("cost"), "MFU", T("vs #1")}};
  // Nothing fits: show the layout that comes closest, so the user sees by how much.
  if (hits.empty() && result.least_memory.plan.valid) {
    PlanOutput o = HitOutput(base, result, result.least_memory);
    const Plan& p = o.plan;
    table.push_back({"-", o.config.gpu, std::to_string(o.config.gpus), LayoutText(o.config),
                     Fmt("%.1f GiB", p.memory.total / kGiB), Seconds(p.step.seconds, lang), Fmt("%.1f", p.run.days),
                     Usd(p.run.cost_usd, lang), Fmt("%.1f %%", 100 * p.throughput.mfu),
                     T("least memory; does not fit")});
  }
  for (size_t i = 0; i < hits.size(); ++i) {
    const PlanOutput& o = hits[i];
    const Plan& p = o.plan;
    table.push_back({std::to_string(i + 1), o.config.gpu, std::to_string(o.config.gpus), LayoutText(o.config),
                     Fmt("%.1f GiB", p.memory.total / kGiB), Seconds(p.step.seconds, lang), Fmt("%.1f", p.run.days),
                     Usd(p.run.cost_usd, lang), Fmt("%.1f %%", 100 * p.throughput.mfu),
                     i == 0 ? T("best") : WhyLoses(p, hits[0].plan, objective, lang)});
  }
  std::string head = TrFill(lang, "Searched {0} layouts (objective: {1}); {2}.",
                            {std::to_string(result.evaluated), T(Name(objective)),
                             T(result.any_fits ? "best first" : "none fits in GPU memory")});
  if (format == Format::Markdown) {
    std::string s = head + "\n\n";
    for (size_t r = 0; r < table.size(); ++r) {
      s += "|";
      for (const std::string& cell : table[r]) s += " " + MdCell(cell) + " |";
      s += "\n";
      if (r == 0) {
        s += "|";
        for (size_t c = 0; c < table[0].size(); ++c) s += "---|";
        s += "\n";
      }
    }
    return s;
  }
  std::vector<bool> heading(table.size(), false);
  std::string s = head + "\n" + TextTable(table, heading);
  if (!hits.empty()) s += TrFill(lang, "best: {0}", {FormatLink(hits[0].config)}) + "\n";
  return s;
}

// The Calibration section's lines (report.h): the measurement against the plan without and with the
// factors, each factor with what it scales, the GPU measured on and the keys that carry the calibration.
std::vector<std::pair<std::string, std::string>> CalibrationRows(const PlanOutput& out, Lang lang) {
  std::vector<std::pair<std::string, std::string>> rows;
  const Calibration& cal = out.calibration;
  if (!out.ok || !(cal.speed_measured || cal.memory_measured || cal.speed_factor != 1.0 || cal.memory_factor != 1.0))
    return rows;
  auto row = [&](const char* label, const std::string& value) { rows.push_back({Translate(lang, label), value}); };
  if (cal.speed_measured) {
    row("tokens/s per GPU: measured, planned without calibration",
        TrFill(lang, "{0} measured, {1} planned without calibration",
               {Fmt("%.0f", cal.measured_tokens_per_s_per_gpu), Fmt("%.0f", cal.uncalibrated_tokens_per_s_per_gpu)}));
    row("tokens/s per GPU, calibrated plan", Fmt("%.0f", out.plan.throughput.tokens_per_s_per_gpu));
  }
  row("speed factor (kernel rates)", Fmt("%.4g", cal.speed_factor));
  if (cal.memory_measured) {
    row("peak reserved: measured, planned without calibration",
        TrFill(lang, "{0} measured, {1} planned without calibration",
               {Fmt("%.2f GiB", cal.measured_peak_bytes / kGiB), Fmt("%.2f GiB", cal.uncalibrated_peak_bytes / kGiB)}));
    row("peak reserved, calibrated plan", Fmt("%.2f GiB", out.plan.memory.reserved / kGiB));
  }
  row("memory factor (activations, temporaries)", Fmt("%.4g", cal.memory_factor));
  if (!cal.gpu.empty()) row("calibrated on", cal.gpu);
  row("carry to other plans", Fmt("calib_speed=%.4g", cal.speed_factor) + Fmt(" calib_memory=%.4g", cal.memory_factor) +
                                  (cal.gpu.empty() ? std::string() : " calib_gpu=" + cal.gpu));
  return rows;
}

}  // namespace tp
