// planner.cpp — the Planner (planner.h): its rounds (resolve, validate, search the auto keys or evaluate the
// explicit layout, calibrate), in slices, and the entry points that run it to the end. The page's fallback
// rounds are in fallback.cpp, the fit advice in fit_advice.cpp (one Impl: internal/planner_impl.h).
#include "planner.h"

#include <algorithm>
#include <memory>

#include "catalog.h"  // GpuSpec: a log's implied peak against the plan's GPU
#include "format.h"
#include "planner_impl.h"
#include "resolve.h"
#include "rules.h"
#include "search_config.h"
#include "text.h"

namespace tp {

// ---- Planner: a state machine of rounds -----------------------------------------------------------
// A round plans one configuration: resolve; errors end it at once; an explicit layout is checked and
// evaluated; keys on auto start a sliced layout search. Strict mode ends with the first round. Fallback
// mode, after a failed round, resets the keys its errors name (then wider sets of layout keys) and plans
// again, at most kRounds times, keeping every issue (fallback.cpp). A round that plans but does not fit then
// plans the remedies, each by a nested strict Planner without advice, also in slices (fit_advice.cpp).

void Planner::Impl::StartRound(const Config& c) {
  round_cfg = c;
  out = PlanOutput{};
  out.config = c;
  out.job = ResolveJob(c, out.issues);
  ++work;
  if (HasErrors(out.issues)) return EndRound(false);
  if (!HasAutoLayout(c)) return PlanExplicit();
  SearchOptions options;
  options.top = 1;
  BeginSearch(search, c, options, &out.job);  // the job just resolved is the search's one variant
  search_seen = 0;
  phase = Phase::Search;
}

void Planner::Impl::PlanExplicit() {
  const Layout layout = ExplicitLayout(round_cfg, out.job);
  if (!CheckLayout(out.job, layout, &out.issues)) return EndRound(false);
  out.plan = Evaluate(out.job, layout);
  if (!out.searched) out.evaluated = 1;
  EndRound(true);
}

void Planner::Impl::StepSearch(uint64_t budget) {
  const bool done = search.Step(budget);
  const SearchResult& r = search.Result();
  work += r.enumerated - search_seen + 1;
  search_seen = r.enumerated;
  if (!done) return;
  out.searched = true;
  out.evaluated = r.evaluated;
  if (r.too_large) {
    out.issues.push_back(MakeIssue(
        "tp", "the layout search would try more than {0} parallel layouts; give some of tp, pp, cp, ep, vp"_issue,
        {std::to_string(kMaxOuters)}));
    return EndRound(false);
  }
  if (r.jobs.empty() || r.evaluated == 0) return PlanExplicit();  // nothing valid to enumerate: say why
  out.plan = r.any_fits ? r.top.front().plan : r.least_memory.plan;
  EndRound(true);
}

// The recipe batch's notices (RecipeBatchNotice), by their templates: IsRecipeBatchNotice tells them apart. Each in
// two forms: the recipe alone, or for a mixture of experts also the active parameters it was sized by.
constexpr IssueWords kBatchBeyondRecipe =
    "auto: {0} sequences of {1} tokens ({2} tokens per step), more than the {3} tokens of the published recipes "
    "({4}): {5} replicas x micro-batch {6} cannot run fewer"_issue;
constexpr IssueWords kBatchBeyondRecipeActive =
    "auto: {0} sequences of {1} tokens ({2} tokens per step), more than the {3} tokens of the published recipes "
    "({4}; by the model's {7} active parameters): {5} replicas x micro-batch {6} cannot run fewer"_issue;
constexpr IssueWords kBatchPerReplica =
    "auto: {0} sequences of {1} tokens ({2} tokens per step, {3} per data-parallel rank), the published recipes' "
    "batch ({4})"_issue;
constexpr IssueWords kBatchPerReplicaActive =
    "auto: {0} sequences of {1} tokens ({2} tokens per step, {3} per data-parallel rank), the published recipes' "
    "batch ({4}; by the model's {5} active parameters)"_issue;
constexpr IssueWords kBatchOfRecipe =
    "auto: {0} sequences of {1} tokens ({2} tokens per step), the published recipes' batch ({3})"_issue;
constexpr IssueWords kBatchOfRecipeActive =
    "auto: {0} sequences of {1} tokens ({2} tokens per step), the published recipes' batch ({3}; by the model's {4} "
    "active parameters)"_issue;

bool IsRecipeBatchNotice(const ConfigIssue& issue) {
  for (const IssueWords& w : {kBatchBeyondRecipe, kBatchPerReplica, kBatchOfRecipe, kBatchBeyondRecipeActive,
                              kBatchPerReplicaActive, kBatchOfRecipeActive})
    if (issue.words && std::string_view(issue.words) == w.text()) return true;
  return false;
}

// An auto batch, said with the recipe it follows (core/stack/batches.h): its sequences, its tokens per step, and
// when the layout's one step already holds more than the recipe's, why it is larger. The recipe's words are
// translated (the phrase table holds each of batches.cpp's).
void RecipeBatchNotice(const PlanOutput& out, std::vector<ConfigIssue>& issues) {
  const Workload& w = out.job.work;
  if (!w.recipe || out.plan.global_batch <= 0) return;
  const RecipeBatch& r = *w.recipe;
  const std::string gbs = Thousands(out.plan.global_batch), seq = Thousands(w.seq),
                    tokens = Thousands(double(out.plan.global_batch) * w.seq);
  // A mixture of experts is sized by its active parameters (ResolveBatch): said, or "2B-20B parameters" would read
  // against a 30B model.
  const bool active = out.job.facts.pc.total > w.recipe_params * 1.01;
  const std::string params = CountText(w.recipe_params);
  const IssueArg what = Words(r.what);
  const Layout& l = out.plan.layout;
  if (BatchBeyondTarget(w, l)) {
    const std::string dp = std::to_string(l.dp), mbs = std::to_string(w.auto_gbs_mbs);
    issues.push_back(
        active ? MakeIssue("gbs", kBatchBeyondRecipeActive,
                           {gbs, seq, tokens, Thousands(r.tokens), what, dp, mbs, params}, true)
               : MakeIssue("gbs", kBatchBeyondRecipe, {gbs, seq, tokens, Thousands(r.tokens), what, dp, mbs}, true));
  } else if (r.per_replica) {
    issues.push_back(
        active ? MakeIssue("gbs", kBatchPerReplicaActive, {gbs, seq, tokens, Thousands(r.tokens), what, params}, true)
               : MakeIssue("gbs", kBatchPerReplica, {gbs, seq, tokens, Thousands(r.tokens), what}, true));
  } else {
    issues.push_back(active ? MakeIssue("gbs", kBatchOfRecipeActive, {gbs, seq, tokens, what, params}, true)
                            : MakeIssue("gbs", kBatchOfRecipe, {gbs, seq, tokens, what}, true));
  }
}

void Planner::Impl::EndRound(bool ok) {
  out.ok = ok;
  out.auto_keys = AutoKeys(out.config);
  if (ok) ApplyLayout(out.config, out.plan.layout);
  if (ok && out.searched) ReplayIssues();
  if (ok) RecipeBatchNotice(out, out.issues);  // after the replay: a searched plan's batch is said as its link's
  if (ok && !CalibrateRound()) ok = out.ok = false;
  if (mode == PlanMode::Fallback) Keep(out.issues);
  if (!ok) {
    if (mode == PlanMode::Strict) return Finish(std::move(out));
    if (round == 0) first = out;
    errors = out.issues;
    return Repair();
  }
  if (advice && !out.plan.memory.fits && out.job.model.layers > 0) return StartAdvice();
  Finalize();
}

// A searched layout is written into the configuration (the share link's); the round's issues become those a
// replay of that link meets, in its order: a layout the search took from an extension of the stack, say, gets the
// notice a typed one gets (issue #34: a plan's own link replays to the identical plan, notices included).
void Planner::Impl::ReplayIssues() {
  std::vector<ConfigIssue> again;
  ResolveJob(out.config, again);
  CheckLayout(out.job, ExplicitLayout(out.config, out.job), &again);
  out.issues = std::move(again);
}

// The user's measurement of this configuration (core/planner/calibrate.h): fit the factors left on auto for the
// chosen layout (the run that was measured) and plan again with them. Without a measurement the factors
// are the keys' values, carried from an earlier calibration.
bool Planner::Impl::CalibrateRound() {
  if (has_log) {
    // The log's figures in tokens/s per GPU need the plan's global batch, sequence and GPU count; the
    // round's configuration gets them too, so the fit remedies carry what they calibrate. They go through the
    // keys' ranges (an issue names the key).
    const double gbs = out.plan.global_batch, seq = out.job.work.seq, gpus = out.job.hw.gpus;
    ApplyRunLog(log, gbs, seq, gpus, /*keep_given=*/true, out.config, &out.issues);
    ApplyRunLog(log, gbs, seq, gpus, /*keep_given=*/true, round_cfg);
    // A log whose own TFLOPS and MFU imply another GPU's peak: said, since its speed then is not this plan's.
    const double implied = LogImpliedPeakTflops(log) * 1e12;
    const double peak = out.job.hw.gpu ? out.job.hw.gpu->peak_flops[int(out.job.work.prec)] : 0;
    if (implied > 0 && peak > 0 && (implied > 1.25 * peak || implied < peak / 1.25))
      out.issues.push_back(
          MakeIssue("measured_tokens_per_s_per_gpu",
                    "the log's own figures ({0} TFLOPS at {1} % MFU) imply a GPU of {2} TFLOPS peak, but {3} has {4}: "
                    "was the log from another GPU?"_issue,
                    {Fmt("%.1f", log.tflops), Fmt("%.1f", 100 * log.mfu), Fmt("%.0f", implied / 1e12), out.config.gpu,
                     Fmt("%.0f", peak / 1e12)},
                    true));
  }
  if (HasErrors(out.issues)) return false;
  if (!HasMeasurement(out.config)) {
    Calibration& cal = out.calibration;
    cal.speed_factor = out.job.assume.calib_speed, cal.memory_factor = out.job.assume.calib_memory;
    if (cal.speed_factor != 1.0 || cal.memory_factor != 1.0) cal.gpu = out.config.calib_gpu;
  } else {
    out.calibration = Calibrate(out.config, out.job, out.plan.layout, out.issues);
    if (HasErrors(out.issues)) return false;
    SetCalibration(out.job.assume, out.calibration.speed_factor, out.calibration.memory_factor);
    out.plan = Evaluate(out.job, out.plan.layout);
  }
  // A speed factor the user gave that lifts the plan past the GPU's peak: refused by name.
  const Throughput& t = out.plan.throughput;
  if (out.calibration.speed_factor > 1.0 && (t.mfu > 1.0 || t.hfu > 1.0)) {
    out.issues.push_back(
        MakeIssue("calib_speed",
                  "{0}x gives {1} % {2} on this layout, more than the GPU's peak; accepted here: "
                  "up to {3}x"_issue,
                  {Fmt("%.3g", out.calibration.speed_factor), Fmt("%.0f", 100 * std::max(t.mfu, t.hfu)),
                   t.mfu > 1.0 ? "MFU" : "HFU", Fmt("%.3g", out.calibration.speed_factor / std::max(t.mfu, t.hfu))}));
    return false;
  }
  return true;
}

void Planner::Impl::Finalize() {
  if (out.ok) PlanLimits(out.job, out.plan, out.best_seq);
  if (mode == PlanMode::Fallback) {
    // out.config stays what the user asked for, not the repaired config: the page writes the share link
    // and the input fields from it, and the JSON's "config"/"link" come from it, so tp=3 must still read
    // tp=3 (next to its error) for the user to see and fix it. Keys the user left on auto show what the
    // planner chose. The plan, the job and the layout describe the repaired configuration;
    // fallback_keys says which keys differ between the two.
    for (const std::string& key : replaced) CopyKey(out.config, asked, key);
    out.issues = std::move(issues);
    out.fallback_keys = std::move(replaced);
  }
  Finish(std::move(out));
}

void Planner::Impl::Finish(PlanOutput answer) {
  result = std::move(answer);
  phase = Phase::Done;
}

Planner::Planner() : impl_(new Impl) {}
Planner::~Planner() { delete impl_; }

void Planner::Begin(const Config& cfg, PlanMode mode, std::vector<ConfigIssue> parse_issues, const RunLogReading* log) {
  const bool advice = impl_->advice;
  delete impl_;
  impl_ = new Impl;
  impl_->advice = advice;
  impl_->mode = mode;
  impl_->asked = cfg;
  if (log) impl_->has_log = true, impl_->log = *log;
  if (mode == PlanMode::Fallback) impl_->issues = std::move(parse_issues);
  impl_->StartRound(cfg);
}

bool Planner::Step(uint64_t budget) {
  Impl& s = *impl_;
  const uint64_t stop_at = s.work + std::max<uint64_t>(1, budget);
  while (s.phase != Impl::Phase::Done && s.work < stop_at) {
    if (s.phase == Impl::Phase::Search)
      s.StepSearch(stop_at - s.work);
    else
      s.StepAdvice(stop_at - s.work);
  }
  return s.phase == Impl::Phase::Done;
}

bool Planner::Done() const { return impl_->phase == Impl::Phase::Done; }

double Planner::Progress() const {
  const Impl& s = *impl_;
  switch (s.phase) {
    case Impl::Phase::Done: return 1.0;
    case Impl::Phase::Search: return s.advice ? 0.9 * s.search.Progress() : s.search.Progress();
    case Impl::Phase::Advice: return 0.9 + 0.1 * double(s.remedy_next) / double(std::max<size_t>(1, s.remedies.size()));
  }
  return 1.0;
}

const PlanOutput& Planner::Result() const { return impl_->result; }
PlanOutput Planner::Take() { return std::move(impl_->result); }

namespace {
PlanOutput RunToEnd(const Config& cfg, PlanMode mode, std::vector<ConfigIssue> parse_issues,
                    const RunLogReading* log = nullptr) {
  Planner planner;
  planner.Begin(cfg, mode, std::move(parse_issues), log);
  while (!planner.Step(1u << 16)) {
  }
  return planner.Take();
}
}  // namespace

PlanOutput MakePlan(const Config& cfg) { return RunToEnd(cfg, PlanMode::Strict, {}); }

PlanOutput MakePlan(const Config& cfg, const RunLogReading& log) { return RunToEnd(cfg, PlanMode::Strict, {}, &log); }

PlanOutput MakePlanWithFallback(const Config& cfg, const std::vector<ConfigIssue>& parse_issues) {
  return RunToEnd(cfg, PlanMode::Fallback, parse_issues);
}

}  // namespace tp
