// validation.h — runs published measurements (tests/data/cases.json: a configuration and what was
// measured, with its source) through the planner and reports predicted vs published with the error.
// Pure: takes the JSON text; the test suite and bench/validate.cpp (which writes docs/validation.md) use it.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "json.h"

namespace tp {

struct CaseResult {
  std::string id, source, metric, notes;
  double measured = 0, predicted = 0;
  double error = 0;  // relative: predicted / measured - 1 (for booleans: 0 if equal, 1 if not)
  double tolerance = 0;
  bool within = false;
  bool ok = false;               // the configuration was accepted and planned
  std::string problem;           // why it could not be planned, if !ok
  std::string layout;            // what the planner chose: "tp=8 pp=2 ..."
  std::string given;             // keys added from the source's own description of the run (published_setups.json)
  std::string known_difference;  // where the planner deliberately differs from the published figure, and why
  std::string stack;             // the framework the case planned with, and its release (stack.h ReleaseFor)
  int stack_year = 0;
};

struct ConfigIssue;
struct Config;
// A case's "config" pairs followed by those its source states (the "cases" object of published_setups.json,
// may be null): later pairs win, as in a link. `given` lists the added keys.
JsonValue CasePairs(const JsonValue& c, const JsonValue* setup_cases, std::string* given = nullptr);
// A case's "config" object (the planner's own keys, numbers or strings) as a Config, exactly as a link
// with the same pairs would give.
Config CaseConfig(const JsonValue& config, std::vector<ConfigIssue>& issues);

// published_setups_json (optional): {"cases": {"<id>": {"config": {...}, "source": "..."}}}, settings a
// source states in its text (OPT-175B: "FSDP with Megatron-LM tensor parallelism", 8-way) that the shared
// case file leaves out. They are applied over the case's config; the planner still chooses every key
// neither names.
// overrides: link pairs ("eff_stack=1&...") applied over every case last, by the link parser.
// keep (optional): only the cases whose id it accepts are planned.
std::vector<CaseResult> RunValidationCases(std::string_view cases_json, std::string_view published_setups_json,
                                           std::string* parse_error = nullptr, std::string_view overrides = {},
                                           bool (*keep)(const std::string& id, const void* ctx) = nullptr,
                                           const void* keep_ctx = nullptr);

// True for the steady-state speed metrics (TFLOP/s, MFU, tokens/s, step time), which a framework's
// efficiency scales.
bool IsThroughputMetric(const std::string& metric);

// The efficiency of each framework release (stack.h StackRelease), fitted on that framework's own
// published throughput only: the case file's throughput cases (their framework from published_setups) and
// tests/data/stack_runs.json. For each (stack, release) with measurements: the eff_stack that minimises the
// squared log error, the cases' errors at it, and each case's error when the release is refitted without
// it (leave-one-out; none for a release with one measurement).
struct StackReleaseFit {
  std::string stack;
  int year = 0;
  double eff = 1;
  std::vector<CaseResult> cases;   // at the fitted efficiency
  std::vector<double> loo_errors;  // relative, one per case (empty with a single case)
};
// run_files: tests/data/stack_runs.json (pre-training frameworks) and tests/data/finetune_fit_runs.json (the
// fine-tuning stacks' fit set; tests/data/finetune_runs.json stays held out).
std::vector<StackReleaseFit> FitStackEfficiencies(std::string_view cases_json, std::string_view published_setups_json,
                                                  const std::vector<std::string_view>& run_files,
                                                  std::string* parse_error = nullptr);
// The host time per layer pass a stack's eager code costs (step_finetune.h StackKernels::host_s), read off the
// rows of `runs_json` marked "host_bound" (small micro-batches, where the iteration time is the host's):
// micro-batch seconds (mbs x seq / tokens/s) / (layers x passes: 3 with full recomputation, else 2), the
// median over the rows of `stack`. 0 when it has none. A measurement, not a fit: no model constant enters.
struct HostProbe {
  std::string id;
  double per_layer_pass_s = 0;
};
double HostPerLayerPass(std::string_view runs_json, std::string_view stack, std::vector<HostProbe>* probes = nullptr);

// The host time of one pass of an eager, dropless MoE layer (step_moe.cpp kMoeHostPerLayerPass), read off the
// rows of `runs_json` marked "host_bound" (tests/data/moe_fit_steps.json): micro-batch seconds (mbs x seq /
// tokens/s per GPU) / (MoE layers x passes), the median. A measurement: no model constant enters.
double MoeHostPerLayerPass(std::string_view runs_json, std::vector<HostProbe>* probes = nullptr);

// The fits as Markdown: one table per framework, the release efficiency and the leave-one-out errors.
std::string StackFitMarkdown(const std::vector<StackReleaseFit>& fits);

// True for the metrics of a whole run (gpu_hours, days, timed_minutes: a benchmark's clock).
bool IsWholeRunMetric(const std::string& metric);

// The start-up of a whole run (run.cpp: launch_s + loading + warmup_steps x the step) against the start-up a run
// logged (a case's "startup_s": MLPerf's untimed init_start to init_stop), planned with `overrides`.
struct StartupProbe {
  std::string id;
  double logged_s = 0, predicted_s = 0, step_s = 0, load_s = 0, nodes = 0;
};
std::vector<StartupProbe> StartupProbes(std::string_view runs_json, std::string_view published_setups_json,
                                        std::string_view overrides = {});
// launch_s, init_per_node_s and warmup_steps fitted to the logged start-ups (least squares of the relative error,
// none below zero), and each run at the fit (tests/data/run_parts_fit.json: `trainplan-validate --fit-startup`).
struct StartupFit {
  double launch_s = 0, init_per_node_s = 0, warmup_steps = 0;
  std::vector<StartupProbe> probes;
};
StartupFit FitStartup(std::string_view runs_json, std::string_view published_setups_json);
// The table of predicted vs published as Markdown, with summary statistics.
std::string ValidationMarkdown(const std::vector<CaseResult>& results);

}  // namespace tp
