// planner.h — the one entry point every surface uses: Config in, resolved config + plan out. Resolves
// presets and defaults, validates, searches the layout keys left on auto, evaluates the best layout,
// and when nothing fits, says what change would make it fit.
#pragma once
#include <string>
#include <vector>

#include "calibrate.h"
#include "config.h"
#include "job.h"
#include "max_seq_best.h"
#include "plan.h"

namespace tp {

// One change that would make a plan fit, with what it gives (the words are English keys of
// core/i18n_core: FitAdviceSentence writes them in either language).
struct FitRemedy {
  const char* words = "";  // "full activation recomputation", "{0}x the GPUs", "a bigger GPU ({0})", ...
  std::string arg;         // fills {0} in words
  double total_bytes = 0, usable_bytes = 0, days = 0;
};
std::string FitAdviceSentence(const FitRemedy& remedy, Lang lang);

struct PlanOutput {
  Config config;  // as given, with every "auto" replaced by what the planner chose
  Job job;
  Plan plan;
  std::vector<ConfigIssue> issues;      // errors and notices, each naming its key
  bool ok = false;                      // false when an error made the plan impossible
  bool searched = false;                // layout keys were left on auto and search chose them
  unsigned long long evaluated = 0;     // layouts evaluated to choose the auto keys
  std::vector<std::string> fit_advice;  // when it does not fit: changes that would make it fit, cheapest first
  std::vector<FitRemedy> fit_remedies;  // the same advice, structured (fit_advice is these in English)
  BestSeq best_seq;         // the longest sequence with the best memory settings the stack allows (max_seq_best.h)
  Calibration calibration;  // the user's measurement and the factors fitted to it (core/planner/calibrate.h)
  std::vector<std::string> fallback_keys;  // MakePlanWithFallback: keys planned with their default (layout
                                           // keys: auto) instead of the value given, in the order replaced
  std::vector<std::string> auto_keys;      // the keys the configuration left on auto (before the layout was
                                           // filled in); what each became: report/resolved.h
};

// Planned, and fits in memory: the verdict's "fits" wherever a plan is judged (the text report's verdict row, the
// compare verdict, the page's verdict and advice).
inline bool PlanFits(const PlanOutput& o) { return o.ok && o.plan.valid && o.plan.memory.fits; }

// The notice of a plan's auto batch, taken from the stacks' published recipes (core/stack/batches.h): its sequences
// and tokens per step, and why it is larger where the layout's one step holds more. Added to `issues` for `out`'s
// plan; a search hit on another GPU or count has its own (HitOutput), never the plan's (IsRecipeBatchNotice).
void RecipeBatchNotice(const PlanOutput& out, std::vector<ConfigIssue>& issues);
bool IsRecipeBatchNotice(const ConfigIssue& issue);

// How a plan treats an error in its configuration.
enum class PlanMode {
  Strict,    // the command line: an error stops the plan (ok = false; the CLI exits 2 naming the key)
  Fallback,  // the page and the window (issue #9): every key an error names is planned on its default
};

// The one planner every surface runs: the command line to the end at once (MakePlan), the page a slice
// per frame, so a keystroke never waits for a whole layout search. Resolve, validate, search the keys
// left on auto, evaluate; in Fallback mode re-plan with the keys in error on their defaults; when nothing
// fits, plan each remedy for real. The result depends only on (configuration, mode): which front end
// asked, and in how many slices, never changes it.
class Planner {
 public:
  Planner();
  ~Planner();
  Planner(const Planner&) = delete;
  Planner& operator=(const Planner&) = delete;
  // Start planning cfg. In Fallback mode `parse_issues` (the link's bad values, whose fields already hold
  // their defaults) come first in the result's issues, so they show next to their field too. `log`: a
  // training log's figures as the measurement (MakePlan's second form below).
  void Begin(const Config& cfg, PlanMode mode = PlanMode::Strict, std::vector<ConfigIssue> parse_issues = {},
             const RunLogReading* log = nullptr);
  // Evaluate about `budget` layouts; true once the plan is complete. Cheap paths (errors, an explicit
  // layout) finish in the first Step whatever the budget.
  bool Step(uint64_t budget);
  bool Done() const;
  double Progress() const;           // 0..1, of the current search
  const PlanOutput& Result() const;  // complete once Done()
  PlanOutput Take();                 // moves the result out (after Done())

 private:
  struct Impl;
  Impl* impl_;
};

// Planner run to the end. MakePlan = PlanMode::Strict.
PlanOutput MakePlan(const Config& cfg);
// MakePlan calibrated to a training log's figures (ReadRunLog, calibrate.h): the measurement keys cfg states
// win over the log's; an iteration time or samples per second become tokens/s per GPU with this plan's own
// global batch, sequence and GPU count (ApplyRunLog), so one plan both learns them and fits the factors.
PlanOutput MakePlan(const Config& cfg, const RunLogReading& log);
// The page's planner (issue #9: "the rest of the plan still computes"). Like MakePlan, but an error
// does not stop the plan: every key an error names is set back to its default (Config{}'s value; the
// layout keys to auto) and the plan is made again, a few rounds at most. The result is ok with ALL the
// original errors kept in `issues` (each naming its key and what it accepts) and the replaced keys in
// `fallback_keys`. When even the defaults cannot plan (a custom model without dimensions), the answer is
// MakePlan's: !ok. The command line keeps MakePlan (exit 2).
PlanOutput MakePlanWithFallback(const Config& cfg, const std::vector<ConfigIssue>& parse_issues = {});
// `cfg` with `keys` set back to their defaults: the configuration MakePlanWithFallback actually planned
// (WithDefaults(cfg, out.fallback_keys)), for the page's charts that plan around it.
Config WithDefaults(const Config& cfg, const std::vector<std::string>& keys);

}  // namespace tp
