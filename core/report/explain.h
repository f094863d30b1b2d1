// explain.h — every headline number of a plan as the tree of formulas that produced it, down to the user's
// keys and the catalog's and defaults' constants, each with its value, unit and source. The tree is built
// from what the estimators computed (Evaluate with a PlanTrace), so its root values are the plan's own.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "i18n_core.h"
#include "planner.h"
#include "trace.h"

namespace tp {

struct ExplainNode {
  std::string name;             // an identifier: "days", "memory_total_bytes", "compute_s"
  std::string label, label_zh;  // words for people
  double value = 0;
  std::string unit;     // "day", "B", "s", "USD", "tokens/s", "FLOP", "FLOP/s", "B/s", "1"
  std::string formula;  // in the inputs' names ("compute_days / goodput"); empty for a leaf
  std::string key;      // a user's key (a leaf the user can edit): its name
  // Where a key's value came from: the user gave it, the planner chose it for auto, or it is the default.
  enum class Origin : uint8_t { User, Auto, Default } origin = Origin::Default;
  std::string text;         // a key's value when it is not a number ("bf16", "megatron")
  std::string source;       // where a constant or a rule comes from
  std::string source_zh;    // the same in Chinese, where the key table has it
  std::vector<int> inputs;  // indices into Explanation::nodes
  // A headline figure's band (core/estimate/bands.h) and where it comes from; band_hi 0 = none.
  double band_lo = 0, band_hi = 0;
  std::string band, band_zh;
};

struct Explanation {
  std::vector<ExplainNode> nodes;
  std::vector<int> roots;  // days, cost_usd, gpu_hours, failures, memory_total_bytes, step_seconds,
                           // tokens_per_s_per_gpu, mfu (interface.md)
  const ExplainNode* Find(const std::string& name) const;
};

// The explanation of a plan made by the planner (out.ok). Empty when the plan has no numbers.
Explanation ExplainPlan(const PlanOutput& out);

// JSON: {"days": {name, value, unit, formula, source, inputs: [...]}, ...}; a user's input is
// {name, key, value, unit} (and "text" for a word). English (the JSON is an API), labels in both languages.
// `only`: that number's tree alone ({"days": {...}}), as ExplanationToText shows it.
std::string ExplanationToJson(const Explanation& ex, const std::string& only = {});
// Text: each root as an indented tree, every formula with the values substituted ("= 12.1 days / 0.99").
// `only`: one node's subtree (empty = all roots).
std::string ExplanationToText(const Explanation& ex, Lang lang, const std::string& only = {});
// One node's formula with its inputs' values in place of their names ("12.1 days / 0.99"), for the page.
std::string SubstitutedFormula(const Explanation& ex, const ExplainNode& node, Lang lang);
std::string ExplainValueText(const ExplainNode& node, Lang lang);
// A headline figure's band and where it comes from: "band: 14.1 GiB – 17.2 GiB; memory: 28 published runs of ..."
// ("" for a node without a band); `trainplan explain` and the page's "why?" panel print it.
std::string ExplainBandText(const ExplainNode& node, Lang lang);
// A node's words in `lang` (the English where the Chinese is missing): its label, its source, and for a
// key the mark of where its value came from: "[your key tp]" for a value the user gave, "[auto: tp]" for
// what the planner chose, "[default: tp]" for the default ("" for any other node; issue #34: every key was
// marked as the user's). The text output and the page's panel use them; the JSON says it as "origin".
const std::string& ExplainLabel(const ExplainNode& node, Lang lang);
const std::string& ExplainSource(const ExplainNode& node, Lang lang);
std::string ExplainKeyMark(const ExplainNode& node, Lang lang);
const char* ExplainOriginName(const ExplainNode& node);  // "user", "auto", "default"

}  // namespace tp
