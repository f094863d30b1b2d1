// validation.cpp — predicted vs published for every case (see validation.h). Case keys are the
// planner's own configuration keys, so a case is planned exactly as a user's link would be.
#include "validation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "json.h"
#include "pipeline.h"
#include "planner.h"
#include "resolve.h"
#include "run.h"
#include "stack.h"

namespace tp {
namespace {

// The output field a measured key names (shared/validation/README.md).
bool Predict(const PlanOutput& out, const std::string& metric, double& value) {
  const Plan& p = out.plan;
  if (metric == "hardware_tflops_per_gpu")
    value = p.throughput.hardware_tflops_per_gpu;
  else if (metric == "model_tflops_per_gpu")
    value = p.throughput.model_tflops_per_gpu;
  else if (metric == "mfu")
    value = p.throughput.mfu;
  else if (metric == "tokens_per_s_per_gpu")
    value = p.throughput.tokens_per_s_per_gpu;
  else if (metric == "step_seconds")
    value = p.step.seconds;
  else if (metric == "gpu_hours")
    value = p.run.gpu_hours;
  else if (metric == "days")
    value = p.run.days;
  else if (metric == "timed_minutes")
    value = p.run.timed_days * 1440;
  else if (metric == "peak_memory_gib")
    value = p.memory.total / double(1ull << 30);
  else if (metric == "peak_allocated_gib")
    value = p.memory.allocated / double(1ull << 30);
  else if (metric == "peak_reserved_gib")
    value = p.memory.reserved / double(1ull << 30);
  else if (metric == "peak_allocated_gb")
    value = p.memory.allocated / 1e9;
  else if (metric == "peak_reserved_gb")
    value = p.memory.reserved / 1e9;
  else if (metric == "peak_memory_gb")
    value = p.memory.total / 1e9;
  else if (metric == "model_states_gb")
    value = p.memory.model_states / 1e9;
  else if (metric == "fits")
    value = p.memory.fits ? 1 : 0;
  else
    return false;
  return true;
}

std::string LayoutWords(const PlanOutput& out) {
  const Layout& l = out.plan.layout;
  char buf[200];
  std::snprintf(buf, sizeof buf, "tp=%d pp=%d vp=%d cp=%d dp=%d mbs=%d zero=%d %s%s", l.tp, l.pp, l.vp, l.cp, l.dp,
                l.mbs, l.zero, Name(l.recompute), l.sp ? " sp" : "");
  std::string words = buf;
  // The pipeline schedule when it is not the one pp and vp imply (1F1B, interleaved when vp > 1).
  const PipeSchedule s = ScheduleOf(l);
  if (l.pp > 1 && s != PipeSchedule::OneF1B && s != PipeSchedule::Interleaved) words += std::string(" ") + Name(s);
  return words;
}

}  // namespace

JsonValue CasePairs(const JsonValue& c, const JsonValue* setup_cases, std::string* given) {
  JsonValue pairs = *c.Find("config");
  const JsonValue* setup = setup_cases ? setup_cases->Find(c.StringOr("id", "")) : nullptr;
  if (const JsonValue* extra = setup ? setup->Find("config") : nullptr; extra && extra->IsObject())
    for (const auto& [key, value] : extra->object) {
      pairs.object.push_back(JsonMember{key, value});
      if (given) *given += (given->empty() ? "" : " ") + key;
    }
  return pairs;
}

Config CaseConfig(const JsonValue& config, std::vector<ConfigIssue>& issues) {
  Config cfg;
  for (const auto& [key, value] : config.object) {
    std::string text = value.IsString()                      ? value.string
                       : value.type == JsonValue::Type::Bool ? (value.boolean ? "1" : "0")
                                                             : FormatNumber(value.number);
    ApplyPair(cfg, key, text, issues);
  }
  // A case without a model preset is described by its dimensions alone.
  if (!config.Find("model")) cfg.model = "custom";
  return cfg;
}

bool IsWholeRunMetric(const std::string& metric) {
  return metric == "gpu_hours" || metric == "days" || metric == "timed_minutes";
}

std::vector<CaseResult> RunValidationCases(std::string_view cases_json, std::string_view published_setups_json,
                                           std::string* parse_error, std::string_view overrides,
                                           bool (*keep)(const std::string& id, const void* ctx), const void* keep_ctx) {
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
    if (keep && !keep(c.StringOr("id", ""), keep_ctx)) continue;
    // The case's own pairs, then those its source states (published_setups.json).
    std::string given;
    const JsonValue* setup = setup_cases ? setup_cases->Find(c.StringOr("id", "")) : nullptr;
    const JsonValue pairs = CasePairs(c, setup_cases, &given);
    std::vector<ConfigIssue> issues;
    Config cfg = CaseConfig(pairs, issues);
    if (!overrides.empty()) ApplyLink(cfg, overrides, issues);
    PlanOutput out;
    if (!HasErrors(issues)) out = MakePlan(cfg);
    // What a memory figure measured (published_setups.json "memory_metric": allocated, reserved, or smi =
    // what nvidia-smi shows, the default): the prediction of the same quantity is compared.
    const std::string memory_metric = setup ? setup->StringOr("memory_metric", c.StringOr("memory_metric", "smi"))
                                            : c.StringOr("memory_metric", "smi");
    for (const auto& [measured_metric, value] : measured->object) {
      std::string metric = measured_metric;
      if (memory_metric != "smi" && (metric == "peak_memory_gib" || metric == "peak_memory_gb"))
        metric = "peak_" + memory_metric + metric.substr(std::string("peak_memory").size());
      CaseResult r;
      r.id = c.StringOr("id", "");
      r.source = c.StringOr("source", "");
      r.notes = c.StringOr("notes", "");
      r.metric = metric;
      r.given = given;
      r.tolerance = c.NumberOr("tolerance", 0.15);
      if (setup) r.known_difference = setup->StringOr("known_difference", "");
      if (out.job.stack) {
        r.stack = out.job.stack->id;
        r.stack_year = ReleaseFor(*out.job.stack, out.job.stack_year).year;
      }
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
      if (metric == "fits")
        r.error = r.predicted == r.measured ? 0 : 1;
      else
        r.error = r.measured != 0 ? r.predicted / r.measured - 1.0 : 0;
      r.within = r.ok && std::fabs(r.error) <= r.tolerance + 1e-12;
      results.push_back(std::move(r));
    }
  }
  return results;
}

std::vector<StartupProbe> StartupProbes(std::string_view runs_json, std::string_view published_setups_json,
                                        std::string_view overrides) {
  std::vector<StartupProbe> out;
  const JsonParseResult parsed = ParseJson(runs_json);
  const JsonParseResult setups = ParseJson(published_setups_json.empty() ? "{}" : published_setups_json);
  const JsonValue* cases = parsed.ok ? parsed.value.Find("cases") : nullptr;
  if (!cases || !cases->IsArray() || !setups.ok) return out;
  const JsonValue* setup_cases = setups.value.Find("cases");
  for (const JsonValue& c : cases->array) {
    const double logged = c.NumberOr("startup_s", 0);
    if (logged <= 0 || !c.Find("config")) continue;
    std::vector<ConfigIssue> issues;
    Config cfg = CaseConfig(CasePairs(c, setup_cases), issues);
    if (!overrides.empty()) ApplyLink(cfg, overrides, issues);
    if (HasErrors(issues)) continue;
    const PlanOutput plan = MakePlan(cfg);
    if (!plan.ok) continue;
    StartupProbe p;
    p.id = c.StringOr("id", "");
    p.logged_s = logged;
    p.predicted_s = plan.plan.run.startup_s;
    p.step_s = plan.plan.step.seconds;
    const Assumptions& a = plan.job.assume;
    const double launch = a.launch_s > 0 ? a.launch_s : DefaultLaunchS();
    const double per_node = a.init_per_node_s > 0 ? a.init_per_node_s : DefaultInitPerNodeS();
    const double warmup = a.warmup_steps > 0 ? a.warmup_steps : DefaultWarmupSteps();
    p.nodes = std::ceil(double(plan.job.hw.gpus) / std::max(1, plan.job.hw.gpus_per_node));
    p.load_s = plan.plan.run.startup_s - launch - per_node * p.nodes - warmup * p.step_s;
    out.push_back(p);
  }
  return out;
}

namespace {

// Solves the n x n system a x = b (n <= 3) by Gaussian elimination with partial pivoting; false if singular.
bool Solve(double a[3][3], double b[3], int n, double x[3]) {
  for (int c = 0; c < n; ++c) {
    int best = c;
    for (int r = c + 1; r < n; ++r)
      if (std::fabs(a[r][c]) > std::fabs(a[best][c])) best = r;
    if (!(std::fabs(a[best][c]) > 1e-300)) return false;
    std::swap(a[c], a[best]);
    std::swap(b[c], b[best]);
    for (int r = c + 1; r < n; ++r) {
      const double f = a[r][c] / a[c][c];
      for (int k = c; k < n; ++k) a[r][k] -= f * a[c][k];
      b[r] -= f * b[c];
    }
  }
  for (int r = n - 1; r >= 0; --r) {
    double v = b[r];
    for (int k = r + 1; k < n; ++k) v -= a[r][k] * x[k];
    x[r] = v / a[r][r];
  }
  return true;
}

}  // namespace

StartupFit FitStartup(std::string_view runs_json, std::string_view published_setups_json) {
  // Least squares of the relative error: minimise sum ((a + b n_i + c x_i + l_i) / y_i - 1)^2 over the launch time
  // a, the initialisation per node b and the warm-up steps c, with n_i the nodes, x_i the step time and l_i the
  // loading time of run i, y_i its logged start-up: linear in (a, b, c), solved from the normal equations. A
  // coefficient the data would make negative is held at zero and the others refitted (none is below zero).
  StartupFit fit;
  // The probes at launch_s, init_per_node_s and warmup_steps near 0 (auto would be the shipped fit): only the
  // load term is read off them.
  fit.probes =
      StartupProbes(runs_json, published_setups_json, "launch_s=0.001&init_per_node_s=0.0001&warmup_steps=0.001");
  if (fit.probes.size() < 3) return fit;
  bool use[3] = {true, true, true};
  double coef[3] = {0, 0, 0};
  for (int round = 0; round < 3; ++round) {
    int idx[3], n = 0;
    for (int k = 0; k < 3; ++k)
      if (use[k]) idx[n++] = k;
    double a[3][3] = {}, b[3] = {}, x[3] = {};
    for (const StartupProbe& p : fit.probes) {
      const double f[3] = {1 / p.logged_s, p.nodes / p.logged_s, p.step_s / p.logged_s};
      const double t = 1 - std::max(0.0, p.load_s) / p.logged_s;
      for (int r = 0; r < n; ++r) {
        b[r] += f[idx[r]] * t;
        for (int c = 0; c < n; ++c) a[r][c] += f[idx[r]] * f[idx[c]];
      }
    }
    if (!Solve(a, b, n, x)) return fit;
    bool negative = false;
    for (int k = 0; k < 3; ++k) coef[k] = 0;
    for (int r = 0; r < n; ++r) coef[idx[r]] = x[r];
    for (int k = 0; k < 3; ++k)
      if (use[k] && coef[k] < 0) use[k] = false, negative = true;
    if (!negative) break;
  }
  fit.launch_s = std::max(0.0, coef[0]);
  fit.init_per_node_s = std::max(0.0, coef[1]);
  fit.warmup_steps = std::max(0.0, coef[2]);
  for (StartupProbe& p : fit.probes)
    p.predicted_s =
        fit.launch_s + fit.init_per_node_s * p.nodes + fit.warmup_steps * p.step_s + std::max(0.0, p.load_s);
  return fit;
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
  const double median = errors.empty()      ? 0
                        : errors.size() % 2 ? errors[errors.size() / 2]
                                            : 0.5 * (errors[errors.size() / 2 - 1] + errors[errors.size() / 2]);
  std::snprintf(buf, sizeof buf,
                "%d of %zu cases within tolerance; median absolute error %.1f%% over %zu numeric cases.\n\n", within,
                results.size(), 100 * median, errors.size());
  md += buf;
  md += "| case | metric | published | predicted | error | tolerance | within | layout chosen / problem |\n";
  md += "|---|---|---:|---:|---:|---:|:---:|---|\n";
  for (const CaseResult& r : results) {
    std::snprintf(
        buf, sizeof buf, "| %s | %s | %.4g | %.4g | %+.1f%% | %.0f%% | %s | %s |\n", r.id.c_str(), r.metric.c_str(),
        r.measured, r.ok ? r.predicted : 0.0, r.ok ? 100 * r.error : 0.0, 100 * r.tolerance,
        r.within                     ? "yes"
        : r.known_difference.empty() ? "**no**"
                                     : "no, by design",
        !r.ok ? r.problem.c_str() : (r.layout + (r.given.empty() ? "" : " (source gives: " + r.given + ")")).c_str());
    md += buf;
  }
  return md;
}

bool IsThroughputMetric(const std::string& metric) {
  return metric == "hardware_tflops_per_gpu" || metric == "model_tflops_per_gpu" || metric == "mfu" ||
         metric == "tokens_per_s_per_gpu" || metric == "step_seconds";
}

namespace {

// One measurement of a framework release: which file and case, and the (stack, release year) it belongs to.
struct StackCase {
  int file;  // 0 the case file, then the run files in order (stack_runs.json, finetune_fit_runs.json)
  std::string id;
  std::string stack;
  int year;
};

// log(speed predicted / speed measured): step time is the inverse of a speed.
double LogSpeedError(const CaseResult& r) {
  const double ratio = r.predicted / r.measured;
  return r.metric == "step_seconds" ? -std::log(ratio) : std::log(ratio);
}

struct Subset {
  const std::vector<StackCase>* cases;
  int file;
  const std::string* skip;  // a case left out (leave-one-out), or null
  std::string stack;
  int year;
};
bool InSubset(const std::string& id, const void* ctx) {
  const Subset& s = *static_cast<const Subset*>(ctx);
  if (s.skip && id == *s.skip) return false;
  for (const StackCase& c : *s.cases)
    if (c.file == s.file && c.id == id && c.stack == s.stack && c.year == s.year) return true;
  return false;
}

}  // namespace

std::vector<StackReleaseFit> FitStackEfficiencies(std::string_view cases_json, std::string_view published_setups_json,
                                                  const std::vector<std::string_view>& run_files,
                                                  std::string* parse_error) {
  std::vector<StackReleaseFit> fits;
  // Which release each throughput case belongs to: its resolved stack and year.
  std::vector<StackCase> all;
  std::vector<std::string_view> files = {cases_json};
  files.insert(files.end(), run_files.begin(), run_files.end());
  const int nfiles = int(files.size());
  for (int f = 0; f < nfiles; ++f) {
    for (const CaseResult& r : RunValidationCases(files[f], f == 0 ? published_setups_json : "", parse_error)) {
      if (!r.ok || !IsThroughputMetric(r.metric) || r.measured <= 0) continue;
      all.push_back({f, r.id, r.stack, r.stack_year});
    }
  }
  std::vector<std::pair<std::string, int>> releases;
  for (const StackCase& c : all)
    if (std::find(releases.begin(), releases.end(), std::make_pair(c.stack, c.year)) == releases.end())
      releases.push_back({c.stack, c.year});
  // eff that zeroes the mean log speed error: speed grows a little slower than eff (communication does
  // not scale with it), so a few fixed-point steps.
  auto fit = [&](const std::string& stack, int year, const std::string* skip, std::vector<CaseResult>* out) {
    double eff = 1;
    for (int it = 0; it < 8; ++it) {
      double sum = 0;
      int n = 0;
      std::vector<CaseResult> got;
      for (int f = 0; f < nfiles; ++f) {
        Subset sub{&all, f, skip, stack, year};
        char overrides[64];
        std::snprintf(overrides, sizeof overrides, "eff_stack=%.6f", eff);
        for (CaseResult& r :
             RunValidationCases(files[f], f == 0 ? published_setups_json : "", nullptr, overrides, InSubset, &sub)) {
          if (!r.ok || !IsThroughputMetric(r.metric) || r.measured <= 0) continue;
          sum += LogSpeedError(r);
          ++n;
          got.push_back(std::move(r));
        }
      }
      if (n == 0) return eff;
      if (out) *out = std::move(got);
      const double step = std::exp(-sum / n);
      eff = std::clamp(eff * step, 0.05, 1.5);
      if (std::fabs(step - 1) < 1e-4) break;
    }
    return eff;
  };
  for (const auto& [stack, year] : releases) {
    StackReleaseFit rf;
    rf.stack = stack;
    rf.year = year;
    rf.eff = fit(stack, year, nullptr, &rf.cases);
    if (rf.cases.size() > 1) {
      for (const CaseResult& r : rf.cases) {
        const double eff = fit(stack, year, &r.id, nullptr);
        // The left-out case planned at the efficiency fitted without it.
        Subset one{&all, 0, nullptr, stack, year};
        double err = 0;
        for (int f = 0; f < nfiles; ++f) {
          one.file = f;
          char overrides[64];
          std::snprintf(overrides, sizeof overrides, "eff_stack=%.6f", eff);
          for (const CaseResult& c :
               RunValidationCases(files[f], f == 0 ? published_setups_json : "", nullptr, overrides, InSubset, &one))
            if (c.id == r.id && c.metric == r.metric) err = c.error;
        }
        rf.loo_errors.push_back(err);
      }
    }
    fits.push_back(std::move(rf));
  }
  std::sort(fits.begin(), fits.end(), [](const StackReleaseFit& a, const StackReleaseFit& b) {
    return a.stack != b.stack ? a.stack < b.stack : a.year < b.year;
  });
  return fits;
}

double HostPerLayerPass(std::string_view runs_json, std::string_view stack, std::vector<HostProbe>* probes) {
  const JsonParseResult parsed = ParseJson(runs_json);
  const JsonValue* cases = parsed.ok ? parsed.value.Find("cases") : nullptr;
  std::vector<double> values;
  if (!cases || !cases->IsArray()) return 0;
  for (const JsonValue& c : cases->array) {
    const JsonValue* flag = c.Find("host_bound");
    const JsonValue* config = c.Find("config");
    const JsonValue* measured = c.Find("measured");
    if (!flag || !flag->boolean || !config || !measured || config->StringOr("stack", "") != stack) continue;
    const double tps = measured->NumberOr("tokens_per_s_per_gpu", 0), layers = config->NumberOr("layers", 0);
    const double tokens = config->NumberOr("mbs", 1) * config->NumberOr("seq", 0);
    const double passes = config->StringOr("recompute", "") == "full" ? 3.0 : 2.0;
    if (tps <= 0 || layers <= 0 || tokens <= 0) continue;
    values.push_back(tokens / tps / (layers * passes));
    if (probes) probes->push_back({c.StringOr("id", ""), values.back()});
  }
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

double MoeHostPerLayerPass(std::string_view runs_json, std::vector<HostProbe>* probes) {
  const JsonParseResult parsed = ParseJson(runs_json);
  const JsonValue* cases = parsed.ok ? parsed.value.Find("cases") : nullptr;
  std::vector<double> values;
  if (!cases || !cases->IsArray()) return 0;
  for (const JsonValue& c : cases->array) {
    const JsonValue* flag = c.Find("host_bound");
    const JsonValue* config = c.Find("config");
    const JsonValue* measured = c.Find("measured");
    if (!flag || !flag->boolean || !config || !measured) continue;
    std::vector<ConfigIssue> issues;
    const Job job = ResolveJob(CaseConfig(*config, issues), issues);
    const double tps = measured->NumberOr("tokens_per_s_per_gpu", 0);
    const double tokens = config->NumberOr("mbs", 1) * config->NumberOr("seq", 0);
    const double moe_layers = job.model.experts > 1 ? job.model.layers - job.model.dense_layers : 0;
    const double passes = config->StringOr("recompute", "") == "full" ? 3.0 : 2.0;
    // A micro-batch per data-parallel rank of one pipeline stage: only single-stage rows measure it cleanly.
    if (HasErrors(issues) || tps <= 0 || moe_layers <= 0 || tokens <= 0 || config->NumberOr("pp", 1) != 1) continue;
    values.push_back(tokens / tps / (moe_layers * passes));
    if (probes) probes->push_back({c.StringOr("id", ""), values.back()});
  }
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

std::string StackFitMarkdown(const std::vector<StackReleaseFit>& fits) {
  std::string md;
  char buf[512];
  std::string stack;
  for (const StackReleaseFit& f : fits) {
    if (f.stack != stack) {
      stack = f.stack;
      md += "\n**" + stack +
            "**\n\n| release | eff_stack | case | metric | published | predicted | error | leave-one-out |\n"
            "|---|---:|---|---|---:|---:|---:|---:|\n";
    }
    for (size_t i = 0; i < f.cases.size(); ++i) {
      const CaseResult& r = f.cases[i];
      const std::string loo =
          i < f.loo_errors.size() ? std::to_string(int(std::lround(100 * f.loo_errors[i]))) + "%" : "(one case)";
      std::snprintf(buf, sizeof buf, "| %d | %.3f | %s | %s | %.4g | %.4g | %+.1f%% | %s |\n", f.year, f.eff,
                    r.id.c_str(), r.metric.c_str(), r.measured, r.predicted, 100 * r.error, loo.c_str());
      md += buf;
    }
  }
  return md;
}

}  // namespace tp
