// rl_validation.cpp — RunRlCases: each row of tests/data/rl_steps.json planned from its link, its measurements
// compared with the plan's RL step (core/estimate/rl.h), and the Markdown table of docs/rl.md.
#include "rl_validation.h"

#include <cmath>
#include <cstdio>

#include "config.h"
#include "json.h"
#include "planner.h"
#include "report.h"
#include "resolve.h"

namespace tp {
namespace {

constexpr double kTimeTolerance = 0.25;  // the issue's target for steps and phases
constexpr double kSyncFactor = 2.0;      // a sync of a few seconds: within a factor of two

// The plan's figure a row's metric names. verl's "gen" times the rollout worker group's generate_sequences call:
// the engine's wake-up, the weight sync, generation, sleep and the batch's return (ray_trainer.py, one_step_off.md:
// gen 321 s around generate_sequences 247 s), so generation is compared with generation + transition + sync.
bool Predicted(const PlanOutput& out, const std::string& metric, double& value) {
  const RlStep& s = out.plan.rl;
  if (metric == "step_seconds")
    value = s.step_seconds;
  else if (metric == "generation_s")
    value = s.generation_s + s.Phase(RlPhaseKind::Transition).seconds + s.Phase(RlPhaseKind::Sync).seconds;
  else if (metric == "engine_s")  // verl's generate_sequences: the engine alone
    value = s.generation_s;
  else if (metric == "logprob_s")
    value = s.Phase(RlPhaseKind::Logprob).seconds;
  else if (metric == "ref_logprob_s")
    value = s.Phase(RlPhaseKind::Reference).seconds;
  else if (metric == "policy_ref_logprob_s")  // NeMo RL's policy_and_reference_logprobs: both passes in one timer
    value = s.Phase(RlPhaseKind::Logprob).seconds + s.Phase(RlPhaseKind::Reference).seconds;
  else if (metric == "refit_s")  // NeMo RL's prepare_for_generation: trainer offload, engine wake-up, weights (the
    // moves back after generation are its logprob_inference_prep and training_prep timers, in the step alone)
    value = s.Phase(RlPhaseKind::Transition).seconds - s.back_s + s.Phase(RlPhaseKind::Sync).seconds;
  else if (metric == "training_s")
    value = s.Phase(RlPhaseKind::Training).seconds + s.Phase(RlPhaseKind::Critic).seconds;
  else if (metric == "sync_s")
    value = s.Phase(RlPhaseKind::Sync).seconds;
  else if (metric == "fits")
    value = out.plan.memory.fits ? 1 : 0;
  else
    return false;
  return true;
}

std::string LayoutOf(const Config& c) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "tp=%s pp=%s dp=%s mbs=%s zero=%s recompute=%s offload=%s",
                FormatValue(c, "tp").c_str(), FormatValue(c, "pp").c_str(), FormatValue(c, "dp").c_str(),
                FormatValue(c, "mbs").c_str(), FormatValue(c, "zero").c_str(), FormatValue(c, "recompute").c_str(),
                FormatValue(c, "offload").c_str());
  return buf;
}

void CompareRow(const JsonValue& row, std::vector<RlCaseResult>& results) {
  RlCaseResult base;
  base.id = row.StringOr("id", "");
  base.part = row.StringOr("part", "");
  base.source = row.StringOr("source", "");
  base.notes = row.StringOr("notes", "");
  Config cfg;
  std::vector<ConfigIssue> issues;
  ApplyLink(cfg, row.StringOr("link", ""), issues);
  PlanOutput out;
  bool planned = false;
  for (const ConfigIssue& i : issues)
    if (!i.notice) base.problem = i.key + ": " + i.message;
  if (base.problem.empty()) {
    out = MakePlan(cfg);
    planned = out.ok;
    if (!out.ok)
      for (const ConfigIssue& i : out.issues)
        if (!i.notice) base.problem = i.key + ": " + i.message;
  }
  base.ok = planned;
  if (planned) base.layout = LayoutOf(out.config);
  const JsonValue* measured = row.Find("measured");
  if (!measured) return;
  const double step_measured = measured->NumberOr("step_seconds", 0);
  for (const JsonMember& m : measured->object) {
    RlCaseResult r = base;
    r.metric = m.key;
    r.measured = m.value.type == JsonValue::Type::Bool ? (m.value.boolean ? 1 : 0) : m.value.number;
    if (planned && Predicted(out, m.key, r.predicted)) {
      if (m.key == "fits") {
        r.error = r.predicted == r.measured ? 0 : 1;
        r.within = r.error == 0;
      } else if (r.measured > 0) {
        r.error = r.predicted / r.measured - 1;
        const double ratio = r.predicted / r.measured;
        r.within =
            m.key == "sync_s" ? ratio <= kSyncFactor && ratio >= 1 / kSyncFactor : std::abs(r.error) <= kTimeTolerance;
      }
      if (m.key != "step_seconds" && m.key != "fits" && m.key != "sync_s" && step_measured > 0 &&
          out.plan.rl.step_seconds > 0) {
        r.measured_share = r.measured / step_measured;
        r.predicted_share = r.predicted / out.plan.rl.step_seconds;
      }
    }
    results.push_back(std::move(r));
  }
}

std::string Cell(double v) {
  char buf[32];
  if (v >= 100)
    std::snprintf(buf, sizeof buf, "%.0f", v);
  else if (v >= 1)
    std::snprintf(buf, sizeof buf, "%.1f", v);
  else
    std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

}  // namespace

std::vector<RlCaseResult> RunRlCases(std::string_view json, std::string* parse_error) {
  std::vector<RlCaseResult> results;
  const JsonParseResult doc = ParseJson(json);
  if (!doc.ok) {
    if (parse_error) *parse_error = doc.error;
    return results;
  }
  const JsonValue* rows = doc.value.Find("rows");
  if (!rows) return results;
  for (const JsonValue& row : rows->array) CompareRow(row, results);
  return results;
}

std::string RlValidationMarkdown(const std::vector<RlCaseResult>& results) {
  std::string md;
  for (const char* part : {"heldout", "fit"}) {
    int steps = 0, steps_within = 0, phases = 0, phases_within = 0, share = 0, share_within = 0, fits = 0,
        fits_right = 0;
    std::string table =
        "| row | metric | published | predicted | error | share published / predicted |\n|---|---|---|---|---|---|\n";
    for (const RlCaseResult& r : results) {
      if (r.part != part) continue;
      const bool is_fit = r.metric == "fits";
      std::string predicted = !r.ok    ? "not planned: " + r.problem
                              : is_fit ? (r.predicted > 0 ? "fits" : "does not fit")
                                       : Cell(r.predicted) + " s";
      std::string published = is_fit ? (r.measured > 0 ? "fits" : "does not fit") : Cell(r.measured) + " s";
      char err[32] = "";
      if (r.ok && !is_fit) std::snprintf(err, sizeof err, "%+.0f %%%s", 100 * r.error, r.within ? "" : " ✗");
      if (r.ok && is_fit) std::snprintf(err, sizeof err, "%s", r.within ? "right" : "wrong ✗");
      char sh[48] = "";
      if (r.measured_share >= 0)
        std::snprintf(sh, sizeof sh, "%.0f %% / %.0f %%", 100 * r.measured_share, 100 * r.predicted_share);
      table +=
          "| " + r.id + " | " + r.metric + " | " + published + " | " + predicted + " | " + err + " | " + sh + " |\n";
      if (r.metric == "step_seconds")
        ++steps, steps_within += r.within;
      else if (is_fit)
        ++fits, fits_right += r.within;
      else
        ++phases, phases_within += r.within;
      if (r.measured_share >= 0) ++share, share_within += std::abs(r.measured_share - r.predicted_share) <= 0.10;
    }
    char head[400];
    std::snprintf(head, sizeof head,
                  "\n### %s rows\n\nSteps within 25 %%: %d of %d. Phases within 25 %%: %d of %d (syncs: within 2x). "
                  "Phase shares within 10 points: %d of %d. Does it fit right: %d of %d.\n\n",
                  std::string(part) == "heldout" ? "Held-out" : "Fit", steps_within, steps, phases_within, phases,
                  share_within, share, fits_right, fits);
    md += head + table;
  }
  return md;
}

}  // namespace tp
