// validation.cpp — predicted vs published for every case (see validation.h). Case keys are the
// planner's own configuration keys, so a case is planned exactly as a user's link would be.
#include "validation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "json.h"
#include "planner.h"

namespace tp {
namespace {

// The output field a measured key names (shared/validation/README.md).
bool Predict(const PlanOutput& out, const std::string& metric, double& value) {
  const Plan& p = out.plan;
  if (metric == "hardware_tflops_per_gpu") value = p.throughput.hardware_tflops_per_gpu;
  else if (metric == "model_tflops_per_gpu") value = p.throughput.model_tflops_per_gpu;
  else if (metric == "mfu") value = p.throughput.mfu;
  else if (metric == "tokens_per_s_per_gpu") value = p.throughput.tokens_per_s_per_gpu;
  else if (metric == "step_seconds") value = p.step.seconds;
  else if (metric == "gpu_hours") value = p.run.gpu_hours;
  else if (metric == "days") value = p.run.days;
  else if (metric == "peak_memory_gib") value = p.memory.total / double(1ull << 30);
  else if (metric == "peak_memory_gb") value = p.memory.total / 1e9;
  else if (metric == "model_states_gb") value = p.memory.model_states / 1e9;
  else if (metric == "fits") value = p.memory.fits ? 1 : 0;
  else return false;
  return true;
}

std::string LayoutWords(const PlanOutput& out) {
  const Layout& l = out.plan.layout;
  char buf[160];
  std::snprintf(buf, sizeof buf, "tp=%d pp=%d vp=%d cp=%d dp=%d mbs=%d zero=%d %s%s", l.tp, l.pp, l.vp, l.cp, l.dp,
                l.mbs, l.zero, Name(l.recompute), l.sp ? " sp" : "");
  return buf;
}

}  // namespace

Config CaseConfig(const JsonValue& config, std::vector<ConfigIssue>& issues) {
  Config cfg;
  for (const auto& [key, value] : config.object) {
    std::string text = value.IsString() ? value.string
                       : value.type == JsonValue::Type::Bool ? (value.boolean ? "1" : "0")
                                                              : FormatNumber(value.number);
    ApplyPair(cfg, key, text, issues);
  }
  // A case without a model preset is described by its dimensions alone.
  if (!config.Find("model")) cfg.model = "custom";
  return cfg;
}

bool IsWholeRunMetric(const std::string& metric) { return metric == "gpu_hours" || metric == "days"; }

std::vector<CaseResult> RunValidationCases(std::string_view cases_json, std::string_view published_setups_json,
                                           std::string* parse_error, std::string_view overrides) {
  std::vector<CaseResult> results;
  JsonParseResult parsed = ParseJson(cases_json);
  JsonParseResult setups = ParseJson(published_setups_json.empty() ? "{}" : published_setups_json);
  if (!parsed.ok || !setups.ok) {
    if (parse_error) *parse_error = !parsed.ok ? parsed.error : "published setups: " + setups.error;
    return results;
  }
  const JsonValue* setup_cases = setups.value.Find("cases");
  const JsonValue* cases = parsed.value.Find("cases");
  if (!cases || !cases->IsArray()) return results;
  for (const JsonValue& c : cases->array) {
    const JsonValue* measured = c.Find("measured");
    const JsonValue* config = c.Find("config");
    if (!measured || !measured->IsObject() || !config || !config->IsObject()) continue;
    // The case's own pairs, then those its source states (published_setups.json): later pairs win, as in
    // a link.
    JsonValue pairs = *config;
    std::string given;
    const JsonValue* setup = setup_cases ? setup_cases->Find(c.StringOr("id", "")) : nullptr;
    if (const JsonValue* extra = setup ? setup->Find("config") : nullptr; extra && extra->IsObject())
      for (const auto& [key, value] : extra->object) {
        pairs.object.push_back(JsonMember{key, value});
        given += (given.empty() ? "" : " ") + key;
      }
    std::vector<ConfigIssue> issues;
    Config cfg = CaseConfig(pairs, issues);
    if (!overrides.empty()) ApplyLink(cfg, overrides, issues);
    PlanOutput out;
    if (!HasErrors(issues)) out = MakePlan(cfg);
    for (const auto& [metric, value] : measured->object) {
      CaseResult r;
      r.id = c.StringOr("id", "");
      r.source = c.StringOr("source", "");
      r.notes = c.StringOr("notes", "");
      r.metric = metric;
      r.given = given;
      r.tolerance = c.NumberOr("tolerance", 0.15);
      r.measured = value.type == JsonValue::Type::Bool ? (value.boolean ? 1 : 0) : value.number;
      std::vector<ConfigIssue> all = issues;
      all.insert(all.end(), out.issues.begin(), out.issues.end());
      r.ok = !HasErrors(issues) && out.ok && Predict(out, metric, r.predicted);
      if (!r.ok) {
        for (const ConfigIssue& i : all)
          if (!i.notice) r.problem += (r.problem.empty() ? "" : "; ") + FormatIssue(i);
        if (r.problem.empty()) r.problem = "unknown measured key " + metric;
      } else {
        r.layout = LayoutWords(out);
      }
      if (metric == "fits") r.error = r.predicted == r.measured ? 0 : 1;
      else r.error = r.measured != 0 ? r.predicted / r.measured - 1.0 : 0;
      r.within = r.ok && std::fabs(r.error) <= r.tolerance + 1e-12;
      results.push_back(std::move(r));
    }
  }
  return results;
}

double FitRunEfficiency(std::string_view cases_json, std::string_view published_setups_json,
                        std::string* parse_error) {
  double log_sum = 0;
  int n = 0;
  for (const CaseResult& r : RunValidationCases(cases_json, published_setups_json, parse_error, "eff_run=1"))
    if (r.ok && IsWholeRunMetric(r.metric) && r.measured > 0 && r.predicted > 0) {
      log_sum += std::log(r.predicted / r.measured);
      ++n;
    }
  return n > 0 ? std::exp(log_sum / n) : 0.0;
}

std::string ValidationMarkdown(const std::vector<CaseResult>& results) {
  std::string md;
  std::vector<double> errors;
  int within = 0;
  for (const CaseResult& r : results) {
    if (r.ok && r.metric != "fits") errors.push_back(std::fabs(r.error));
    within += r.within;
  }
  std::sort(errors.begin(), errors.end());
  char buf[512];
  const double median = errors.empty() ? 0 : errors.size() % 2 ? errors[errors.size() / 2]
                                                 : 0.5 * (errors[errors.size() / 2 - 1] + errors[errors.size() / 2]);
  std::snprintf(buf, sizeof buf, "%d of %zu cases within tolerance; median absolute error %.1f%% over %zu numeric cases.\n\n",
                within, results.size(), 100 * median, errors.size());
  md += buf;
  md += "| case | metric | published | predicted | error | tolerance | within | layout chosen / problem |\n";
  md += "|---|---|---:|---:|---:|---:|:---:|---|\n";
  for (const CaseResult& r : results) {
    std::snprintf(buf, sizeof buf, "| %s | %s | %.4g | %.4g | %+.1f%% | %.0f%% | %s | %s |\n", r.id.c_str(),
                  r.metric.c_str(), r.measured, r.ok ? r.predicted : 0.0, r.ok ? 100 * r.error : 0.0, 100 * r.tolerance,
                  r.within ? "yes" : "**no**",
                  !r.ok ? r.problem.c_str() : (r.layout + (r.given.empty() ? "" : " (source gives: " + r.given + ")")).c_str());
    md += buf;
  }
  return md;
}

}  // namespace tp
