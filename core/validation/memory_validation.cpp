// memory_validation.cpp — the memory cases through the planner, by split (memory_validation.h).
#include "memory_validation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "json.h"

namespace tp {
namespace {

struct SplitOf {
  std::map<std::string, std::pair<std::string, std::string>> cases;  // id -> (split, weak)
  std::string want;
};
bool InSplit(const std::string& id, const void* ctx) {
  const SplitOf& s = *static_cast<const SplitOf*>(ctx);
  const auto it = s.cases.find(id);
  return it != s.cases.end() && (s.want == "all" || it->second.first == s.want);
}

double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

}  // namespace

bool IsPeakMemoryMetric(const std::string& metric) { return metric.rfind("peak_", 0) == 0; }

std::vector<MemoryCaseResult> RunMemoryCases(std::string_view json, std::string_view split, std::string* parse_error) {
  std::vector<MemoryCaseResult> out;
  const JsonParseResult parsed = ParseJson(json);
  if (!parsed.ok) {
    if (parse_error) *parse_error = parsed.error;
    return out;
  }
  SplitOf s;
  s.want = std::string(split);
  std::map<std::string, std::string> metric_of;
  if (const JsonValue* cases = parsed.value.Find("cases"); cases && cases->IsArray())
    for (const JsonValue& c : cases->array) {
      const std::string id = c.StringOr("id", "");
      s.cases[id] = {c.StringOr("split", ""), c.StringOr("weak", "")};
      metric_of[id] = c.StringOr("memory_metric", "smi");
    }
  for (CaseResult& r : RunValidationCases(json, "", parse_error, {}, InSplit, &s)) {
    MemoryCaseResult m;
    m.split = s.cases[r.id].first;
    m.weak = s.cases[r.id].second;
    m.memory_metric = metric_of[r.id];
    m.r = std::move(r);
    out.push_back(std::move(m));
  }
  return out;
}

MemoryStats SummarizeMemoryCases(const std::vector<MemoryCaseResult>& results) {
  MemoryStats st;
  std::vector<double> errors, widths;
  for (const MemoryCaseResult& m : results) {
    const CaseResult& r = m.r;
    if (!r.ok) continue;
    if (r.band_hi > 0 && r.predicted > 0 && r.metric != "fits") {
      ++st.banded;
      st.band_inside += r.measured >= r.band_lo * (1 - 1e-9) && r.measured <= r.band_hi * (1 + 1e-9);
      widths.push_back((r.band_hi - r.band_lo) / r.predicted);
    }
    if (IsPeakMemoryMetric(r.metric)) {
      ++st.peaks;
      st.peaks_within += std::fabs(r.error) <= 0.15 + 1e-12;
      errors.push_back(std::fabs(r.error));
    } else if (r.metric == "max_seq") {
      ++st.seqs;
      st.seqs_within += std::fabs(r.error) <= 0.25 + 1e-12;
    } else if (r.metric == "fits") {
      ++st.verdicts;
      st.verdicts_right += r.error == 0;
    }
  }
  st.median_abs = Median(errors);
  st.median_band_width = Median(widths);
  return st;
}

std::string MemoryCasesText(const std::vector<MemoryCaseResult>& results) {
  std::string t;
  char buf[512];
  for (const MemoryCaseResult& m : results) {
    const CaseResult& r = m.r;
    std::snprintf(buf, sizeof buf, "%-58s %-18s %-9s %10.4g %10.4g %+7.1f%%  %s\n", r.id.c_str(), r.metric.c_str(),
                  m.memory_metric.c_str(), r.measured, r.ok ? r.predicted : 0.0, r.ok ? 100 * r.error : 0.0,
                  r.ok ? r.layout.c_str() : r.problem.c_str());
    t += buf;
  }
  const MemoryStats st = SummarizeMemoryCases(results);
  std::snprintf(buf, sizeof buf,
                "peak figures within 15 %%: %d of %d; median |error| %.1f %%; longest sequence within 25 %%: %d of %d; "
                "verdicts right: %d of %d\n",
                st.peaks_within, st.peaks, 100 * st.median_abs, st.seqs_within, st.seqs, st.verdicts_right,
                st.verdicts);
  t += buf;
  return t;
}

std::string MemoryCasesMarkdown(const std::vector<MemoryCaseResult>& results, const std::string& split) {
  const MemoryStats st = SummarizeMemoryCases(results);
  char buf[1024];
  std::string md;
  std::snprintf(buf, sizeof buf,
                "%s: %d of %d peak-memory figures within 15 %%, median absolute error %.1f %%; the longest sequence "
                "within 25 %% in %d of %d cases; %d of %d fit verdicts right; the measurement inside the printed band "
                "for %d of %d figures (%.0f %%), median band width %.0f %% of the predicted value.\n\n",
                split.c_str(), st.peaks_within, st.peaks, 100 * st.median_abs, st.seqs_within, st.seqs,
                st.verdicts_right, st.verdicts, st.band_inside, st.banded,
                st.banded ? 100.0 * st.band_inside / st.banded : 0.0, 100 * st.median_band_width);
  md += buf;
  md += "| case | figure | measured as | published | predicted | band | error | layout / problem |\n";
  md += "|---|---|---|---:|---:|---|---:|---|\n";
  for (const MemoryCaseResult& m : results) {
    const CaseResult& r = m.r;
    char band[64] = "";
    if (r.band_hi > 0) std::snprintf(band, sizeof band, "%.4g-%.4g", r.band_lo, r.band_hi);
    std::snprintf(buf, sizeof buf, "| %s | %s | %s | %.4g | %.4g | %s | %+.1f%% | %s |\n", r.id.c_str(),
                  r.metric.c_str(), m.memory_metric.c_str(), r.measured, r.ok ? r.predicted : 0.0, band,
                  r.ok ? 100 * r.error : 0.0, r.ok ? r.layout.c_str() : r.problem.c_str());
    md += buf;
  }
  return md;
}

}  // namespace tp
