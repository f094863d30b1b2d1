// report_json.cpp — a plan as the interface.md JSON: "config" (every key as planned, with the keys auto chose
// in "auto_keys"), then one section per group of the figure table (figures.h), the verdict's words, the
// calibration and the issues; several plans side by side with the compare verdict. Every number goes
// through FormatNumber (shortest round-trip text), so the same plan prints the same bytes natively and in
// WebAssembly.
#include <cctype>
#include <cmath>

#include "band_text.h"
#include "compare.h"
#include "figures.h"
#include "json.h"
#include "report_parts.h"
#include "resolved.h"
#include "sentences.h"

namespace tp {
namespace report_detail {
namespace {

std::string Bool(bool b) { return b ? "true" : "false"; }

// True when the key's printed value is a JSON number (rather than a word such as "bf16" or "auto").
bool LooksNumeric(const std::string& v) {
  if (v.empty()) return false;
  for (char ch : v)
    if (!(std::isdigit((unsigned char)ch) || ch == '.' || ch == 'e' || ch == '-' || ch == '+')) return false;
  return std::isdigit((unsigned char)v[0]) || v[0] == '-';
}

Section ConfigSection(const Config& resolved) {
  Section config{"config", {}};
  for (const KeyInfo& k : Keys()) {
    if (k.group == KeyGroup::View) continue;  // the page's view, not part of the plan
    std::string v = FormatValue(resolved, k.name);
    config.entries.push_back({k.name, LooksNumeric(v) ? v : JsonEscape(v), v});
  }
  return config;
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

std::string SectionJson(const Section& sec, const std::string& pad) {
  std::string body = "{\n";
  for (size_t i = 0; i < sec.entries.size(); ++i)
    body += pad + "    " + JsonEscape(sec.entries[i].key) + ": " + sec.entries[i].json +
            (i + 1 < sec.entries.size() ? ",\n" : "\n");
  return body + pad + "  }";
}

}  // namespace

std::string Num(double v) { return FormatNumber(std::isfinite(v) ? v : 0.0); }

std::string JsonStringArray(const std::vector<std::string>& items, const std::string& indent) {
  if (items.empty()) return "[]";
  std::string s = "[\n";
  for (size_t i = 0; i < items.size(); ++i)
    s += indent + "  " + JsonEscape(items[i]) + (i + 1 < items.size() ? ",\n" : "\n");
  return s + indent + "]";
}

std::vector<Section> Sections(const PlanOutput& out) {
  std::vector<Section> s = {ConfigSection(ResolveAutoKeys(out).config)};
  const FigureSource src(out);
  for (const FigureInfo& f : Figures()) {
    std::string section = f.Section();
    if (s.back().name != section) s.push_back({std::move(section), {}});
    const double v = f.value(src);
    const std::string json = f.Flag() ? Bool(v != 0) : Num(v);
    s.back().entries.push_back({f.Key(), json, json});
    // The verdict with the band's margin beside the plain yes / no (bands.h).
    // The settings that reach the longest sequence (max_seq_best.h), as keys of the link.
    if (f.figure == Figure::MaxSeqBest) {
      const std::string& settings = out.best_seq.settings;
      s.back().entries.push_back({"max_seq_best_settings", JsonEscape(settings), settings});
    }
    if (f.figure == Figure::MaxMicroBatchBest) {
      const std::string& settings = out.best_seq.mbs_settings;
      s.back().entries.push_back({"max_micro_batch_best_settings", JsonEscape(settings), settings});
    }
    if (f.figure == Figure::Fits) {
      const std::string verdict = MemoryVerdict(out.plan.memory);
      s.back().entries.push_back({"verdict", JsonEscape(verdict), verdict});
      const std::string may = out.plan.memory.may_fit ? "true" : "false";
      s.back().entries.push_back({"may_fit", may, may});
      const std::string short_of = ShortOfIds(out.plan.memory);
      s.back().entries.push_back({"short_of", JsonEscape(short_of), short_of});
    }
  }
  return s;
}

std::string PlanJson(const PlanOutput& out, const std::string& pad) {
  std::string s = "{\n";
  const std::string in = pad + "  ";
  auto line = [&](const std::string& key, const std::string& value, bool comma = true) {
    s += in + JsonEscape(key) + ": " + value + (comma ? ",\n" : "\n");
  };
  line("ok", Bool(out.ok));
  for (const Section& sec : Sections(out)) {
    line(sec.name, SectionJson(sec, pad));
    if (sec.name != "config") continue;
    line("auto_keys", JsonStringArray(ResolveAutoKeys(out).auto_keys, in));
    line("link", JsonEscape(FormatLink(out.config)));
  }
  if (out.ok && out.plan.rl.active) line("rl", RlJson(out.plan.rl, pad));  // post-training only
  {
    const FigureSource src(out);
    line("bands", BandsJson(src, pad));
    line("band_basis", BandBasisJson(src.bands, pad));
  }
  line("bottleneck", JsonEscape(out.ok ? BottleneckSentence(out.plan, out.job) : std::string()));
  line("bottleneck_kind", JsonEscape(out.ok ? BottleneckName(out.plan.bottleneck) : "none"));
  line("warnings", JsonStringArray(out.ok ? WarningSentences(out.plan, out.job) : std::vector<std::string>(), in));
  line("fit_advice", JsonStringArray(out.fit_advice, in));
  line("calibration", CalibrationJson(out.calibration, pad));
  std::vector<std::string> errors, notices;
  for (const ConfigIssue& i : out.issues) (i.notice ? notices : errors).push_back(FormatIssue(i));
  line("errors", JsonStringArray(errors, in));
  line("notices", JsonStringArray(notices, in));
  // Only the page's planner (MakePlanWithFallback) fills it; the command line's JSON stays as it was.
  if (!out.fallback_keys.empty()) line("fallback_keys", JsonStringArray(out.fallback_keys, in));
  line("evaluated", Num(double(out.evaluated)), false);
  return s + pad + "}";
}

}  // namespace report_detail

std::string PlanToJson(const PlanOutput& out) { return report_detail::PlanJson(out, "") + "\n"; }

std::string ComparisonToJson(const std::vector<PlanOutput>& outs) {
  using namespace report_detail;
  std::string s = "{\n  \"plans\": [\n";
  for (size_t i = 0; i < outs.size(); ++i)
    s += "    " + PlanJson(outs[i], "    ") + (i + 1 < outs.size() ? ",\n" : "\n");
  return s + "  ],\n  \"verdict\": " + CompareVerdictJson(JudgeComparison(outs), outs, "  ") + "\n}\n";
}

}  // namespace tp
