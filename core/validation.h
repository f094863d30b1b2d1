// validation.h — runs published measurements (tests/data/cases.json: a configuration and what was
// measured, with its source) through the planner and reports predicted vs published with the error.
// Pure: takes the JSON text; the test suite and bench/validate.cpp (which writes docs/validation.md) use it.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace tp {

struct CaseResult {
  std::string id, source, metric, notes;
  double measured = 0, predicted = 0;
  double error = 0;      // relative: predicted / measured - 1 (for booleans: 0 if equal, 1 if not)
  double tolerance = 0;
  bool within = false;
  bool ok = false;       // the configuration was accepted and planned
  std::string problem;   // why it could not be planned, if !ok
  std::string layout;    // what the planner chose: "tp=8 pp=2 ..."
  std::string given;     // keys added from the source's own description of the run (published_setups.json)
};

struct JsonValue;
struct ConfigIssue;
struct Config;
// A case's "config" object (the planner's own keys, numbers or strings) as a Config, exactly as a link
// with the same pairs would give.
Config CaseConfig(const JsonValue& config, std::vector<ConfigIssue>& issues);

// published_setups_json (optional): {"cases": {"<id>": {"config": {...}, "source": "..."}}}, settings a
// source states in its text (OPT-175B: "FSDP with Megatron-LM tensor parallelism", 8-way) that the shared
// case file leaves out. They are applied over the case's config; the planner still chooses every key
// neither names.
// overrides: link pairs ("eff_run=1&...") applied over every case last, by the link parser (the fit
// below plans with eff_run=1).
std::vector<CaseResult> RunValidationCases(std::string_view cases_json, std::string_view published_setups_json,
                                           std::string* parse_error = nullptr, std::string_view overrides = {});

// True for the metrics of a whole run (gpu_hours, days), which the run efficiency scales.
bool IsWholeRunMetric(const std::string& metric);

// The run efficiency (eff_run) that fits the whole-run cases: the geometric mean of predicted / published
// with eff_run = 1 (days and GPU-hours are proportional to 1/eff_run, so this minimises the squared log
// error). 0 when the cases hold no whole run.
double FitRunEfficiency(std::string_view cases_json, std::string_view published_setups_json,
                        std::string* parse_error = nullptr);
// The table of predicted vs published as Markdown, with summary statistics.
std::string ValidationMarkdown(const std::vector<CaseResult>& results);

}  // namespace tp
