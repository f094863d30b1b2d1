// rl_validation.h — the published RL / preference post-training measurements (tests/data/rl_steps.json: a planner
// link per row, what was measured, its source, and the part it belongs to: "fit" rows set the RL step model's
// fitted constants, "heldout" rows never did) run through the planner: predicted vs published per metric (the RL
// step, each phase, the weight sync, "does it fit"), and each phase's share of the step. The test suite and
// bench/rl_validate.cpp (which writes docs/rl.md's table) use it.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace tp {

struct RlCaseResult {
  std::string id, part, metric, source, notes;
  double measured = 0, predicted = 0;
  double error = 0;                                  // predicted / measured - 1; for fits: 0 when equal, 1 when not
  double measured_share = -1, predicted_share = -1;  // a phase's share of the step, where the row has the step
  bool within = false;  // step and phase times within 25 %, sync within a factor of 2, fits equal
  bool ok = false;      // the link was accepted and planned
  std::string problem;  // why not, if !ok
  std::string layout;   // the policy's layout the planner chose
};

// Every metric of every row, in the file's order. parse_error: set when the file is not valid JSON.
std::vector<RlCaseResult> RunRlCases(std::string_view rl_steps_json, std::string* parse_error = nullptr);

// The table as Markdown: held-out rows first, then the fit rows, with the count within tolerance per part.
std::string RlValidationMarkdown(const std::vector<RlCaseResult>& results);

}  // namespace tp
