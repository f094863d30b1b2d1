// validation.h — runs published measurements (tests/data/cases.json: a configuration and what was
// measured, with its source) through the planner and reports predicted vs published with the error.
// Pure: takes the JSON text; the test suite and bench/validate.cpp (which writes docs/validation.md) use it.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "bands.h"
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
  BandRegime regime;                // the planned layout's regime (core/estimate/bands.h)
  double band_lo = 0, band_hi = 0;  // the printed band on the predicted figure (0: the figure has none)
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
// overrides: link pairs ("eff_run=1&...") applied over every case last, by the link parser (the fit
// below plans with eff_run=1).
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

// The fits as Markdown: one table per framework, the release efficiency and the leave-one-out errors.
std::string StackFitMarkdown(const std::vector<StackReleaseFit>& fits);

// True for the metrics of a whole run (gpu_hours, days), which the run efficiency scales.
bool IsWholeRunMetric(const std::string& metric);

// The run efficiency (eff_run) that fits the whole-run cases: the geometric mean of predicted / published
// with eff_run = 1 (days and GPU-hours are proportional to 1/eff_run, so this minimises the squared log
// error). 0 when the cases hold no whole run.
double FitRunEfficiency(std::string_view cases_json, std::string_view published_setups_json,
                        std::string* parse_error = nullptr);
// The same fit, each whole-run case left out in turn: its error when the other cases fit eff_run.
struct LeaveOneOut {
  std::string id, metric;
  double error = 0;
};
std::vector<LeaveOneOut> RunEfficiencyLeaveOneOut(std::string_view cases_json, std::string_view published_setups_json);
// The table of predicted vs published as Markdown, with summary statistics.
std::string ValidationMarkdown(const std::vector<CaseResult>& results);

}  // namespace tp
