// planner.cpp — the Planner (planner.h): resolve, validate, search the auto keys, evaluate, in slices;
// the page's fallback rounds; fit advice when nothing fits (each candidate change planned for real).
#include "planner.h"

#include <algorithm>
#include <cstdio>
#include <memory>

#include "catalog.h"
#include "resolve.h"
#include "search.h"
#include "search_config.h"
#include "text.h"

namespace tp {
namespace {

// The usual remedies when nothing fits, from the cheapest (no new hardware, no change of method) to the
// most expensive; each is planned with the real model, and those that fit become the advice.
struct Remedy {
  const char* words;
  std::string arg;
  Config cfg;
};
std::vector<Remedy> FitRemedies(const Config& cfg) {
  std::vector<Remedy> remedies;
  auto with = [&](const char* words, auto change, std::string arg = {}) {
    Config c = cfg;
    change(c);
    remedies.push_back({words, std::move(arg), c});
  };
  with("full activation recomputation", [](Config& c) { c.recompute = Recompute::Full; });
  with("ZeRO-3 (shard weights, gradients and optimizer states)", [](Config& c) {
    c.zero = 3;
    c.pp = 1;
  });
  with("ZeRO-3 with CPU offload of optimizer states", [](Config& c) {
    c.zero = 3;
    c.pp = 1;
    c.offload = int(Offload::Cpu);
  });
  with("ZeRO-3 with NVMe offload", [](Config& c) {
    c.zero = 3;
    c.pp = 1;
    c.offload = int(Offload::Nvme);
  });
  if (cfg.method == Method::Full) {
    with("LoRA instead of full training", [](Config& c) { c.method = Method::Lora; });
    with("QLoRA (4-bit base)", [](Config& c) { c.method = Method::Qlora; });
  }
  for (int factor : {2, 4, 8, 16})
    if (int64_t(cfg.gpus) * factor <= 10000000)  // the gpus key's range
      with(
          "{0}x the GPUs", [factor](Config& c) { c.gpus *= factor; }, std::to_string(factor));
  const GpuSpec* current = FindGpu(cfg.gpu);
  const GpuSpec* bigger = nullptr;
  for (const GpuSpec& g : Gpus())
    if (current && g.mem_bytes > current->mem_bytes && (!bigger || g.mem_bytes < bigger->mem_bytes)) bigger = &g;
  if (bigger)
    with(
        "a bigger GPU ({0})", [bigger](Config& c) { SelectGpu(c, bigger->id); }, bigger->name);
  return remedies;
}
constexpr size_t kMaxAdvice = 4;

// Set `key` back to Config{}'s value through the key table (so every key, present or future, resets the
// same way the parser sets it). False when the key is not a config key or already holds its default.
bool ResetKey(Config& cfg, const std::string& key) {
  static const Config defaults;
  const std::string value = FormatValue(defaults, key);
  if (value.empty() || FormatValue(cfg, key) == value) return false;
  std::vector<ConfigIssue> ignored;
  return ApplyPair(cfg, key, value, ignored);
}

bool SameIssue(const ConfigIssue& a, const ConfigIssue& b) {
  return a.key == b.key && a.message == b.message && a.notice == b.notice;
}

}  // namespace

std::string FitAdviceSentence(const FitRemedy& r, Lang lang) {
  return TrFill(lang, "{0}: {1} GB of {2} GB usable per GPU, {3} days",
                {TrFill(lang, r.words, {r.arg}), Fmt("%.1f", r.total_bytes / 1e9), Fmt("%.1f", r.usable_bytes / 1e9),
                 Fmt("%.1f", r.days)});
}

Config WithDefaults(const Config& cfg, const std::vector<std::string>& keys) {
  Config out = cfg;
  for (const std::string& key : keys) ResetKey(out, key);
  return out;
}

// ---- Planner: a state machine of rounds -----------------------------------------------------------
// A round plans one configuration: resolve; errors end it at once; an explicit layout is checked and
// evaluated; keys on auto start a sliced layout search. Strict mode ends with the first round. Fallback
// mode, after a failed round, resets the keys its errors name (then wider sets of layout keys) and plans
// again, at most kRounds times, keeping every issue. A round that plans but does not fit then plans the
// remedies, each by a nested strict Planner without advice, also in slices.
struct Planner::Impl {
  enum class Phase { Search, Advice, Done };
  static constexpr int kRounds = 5;

  PlanMode mode = PlanMode::Strict;
  bool advice = true;  // false for the nested remedy planners
  Config asked;        // the configuration as given
  bool has_log = false;
  RunLogReading log;  // a training log's figures, applied once the plan's shape is known (CalibrateRound)
  Phase phase = Phase::Done;
  uint64_t work = 0;  // layouts considered so far (the budget's unit), plus one per synchronous step

  // the current round
  Config round_cfg;
  PlanOutput out;
  LayoutSearch search;
  uint64_t search_seen = 0;

  // fallback bookkeeping
  std::vector<ConfigIssue> issues;  // every issue met, parse issues first, without repeats
  PlanOutput first;                 // the first round's answer (returned when no repair plans)
  int round = 0;
  std::vector<std::string> replaced;
  std::vector<ConfigIssue> errors;  // the last failed round's issues
  size_t wider = 0;

  // fit advice
  std::vector<Remedy> remedies;
  size_t remedy_next = 0;
  std::unique_ptr<Planner> remedy_planner;
  uint64_t remedy_seen = 0;

  PlanOutput result;

  void Keep(const std::vector<ConfigIssue>& more) {
    for (const ConfigIssue& is : more)
      if (std::none_of(issues.begin(), issues.end(), [&](const ConfigIssue& k) { return SameIssue(k, is); }))
        issues.push_back(is);
  }

  void StartRound(const Config& c) {
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

  void PlanExplicit() {
    const Layout layout = ExplicitLayout(round_cfg, out.job);
    if (!CheckLayout(out.job, layout, &out.issues)) return EndRound(false);
    out.plan = Evaluate(out.job, layout);
    if (!out.searched) out.evaluated = 1;
    EndRound(true);
  }

  void StepSearch(uint64_t budget) {
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

  void EndRound(bool ok) {
    out.ok = ok;
    if (ok) ApplyLayout(out.config, out.plan.layout);
    if (ok) CalibrateRound();
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

  // The user's measurement of this configuration (core/planner/calibrate.h): fit the factors left on auto for the
  // chosen layout (the run that was measured) and plan again with them. Without a measurement the factors
  // are the keys' values, carried from an earlier calibration.
  void CalibrateRound() {
    if (has_log) {
      // The log's figures in tokens/s per GPU need the plan's global batch, sequence and GPU count; the
      // round's configuration gets them too, so the fit remedies carry what they calibrate.
      const double gbs = out.plan.global_batch, seq = out.job.work.seq, gpus = out.job.hw.gpus;
      ApplyRunLog(log, gbs, seq, gpus, /*keep_given=*/true, out.config);
      ApplyRunLog(log, gbs, seq, gpus, /*keep_given=*/true, round_cfg);
    }
    if (!HasMeasurement(out.config)) {
      Calibration& cal = out.calibration;
      cal.speed_factor = out.job.assume.calib_speed, cal.memory_factor = out.job.assume.calib_memory;
      if (cal.speed_factor != 1.0 || cal.memory_factor != 1.0) cal.gpu = out.config.calib_gpu;
      return;
    }
    out.calibration = Calibrate(out.config, out.job, out.plan.layout, out.issues);
    SetCalibration(out.job.assume, out.calibration.speed_factor, out.calibration.memory_factor);
    out.plan = Evaluate(out.job, out.plan.layout);
  }

  // Fallback: the next configuration to try, or the first answer when no repair is left.
  void Repair() {
    static const std::vector<std::vector<const char*>> kWider = {
        {"mbs", "dp"}, {"tp", "pp", "vp", "cp", "ep", "dp", "mbs", "zero", "recompute", "offload", "sp"}};
    if (round >= kRounds) return GiveUp();
    Config repaired = round_cfg;
    bool changed = false;
    auto reset = [&](const std::string& key) {
      if (!ResetKey(repaired, key)) return;
      if (std::find(replaced.begin(), replaced.end(), key) == replaced.end()) replaced.push_back(key);
      changed = true;
    };
    for (const ConfigIssue& is : errors)
      if (!is.notice) reset(is.key);
    while (!changed && wider < kWider.size())
      for (const char* key : kWider[wider++]) reset(key);
    if (!changed) return GiveUp();
    ++round;
    StartRound(repaired);
  }

  void GiveUp() {
    first.issues = std::move(issues);
    Finish(std::move(first));
  }

  void StartAdvice() {
    remedies = FitRemedies(round_cfg);
    for (Remedy& r : remedies) CarryCalibration(out.config, r.cfg);  // the factors this round fitted or was given
    remedy_next = 0;
    phase = Phase::Advice;
    NextRemedy();
  }

  void NextRemedy() {
    if (remedy_next >= remedies.size() || out.fit_advice.size() >= kMaxAdvice) {
      remedy_planner.reset();
      return Finalize();
    }
    if (!remedy_planner) remedy_planner = std::make_unique<Planner>();
    remedy_planner->impl_->advice = false;
    remedy_planner->Begin(remedies[remedy_next].cfg, PlanMode::Strict);
    remedy_planner->impl_->advice = false;
    remedy_seen = 0;
  }

  void StepAdvice(uint64_t budget) {
    const bool done = remedy_planner->Step(budget);
    work += remedy_planner->impl_->work - remedy_seen;
    remedy_seen = remedy_planner->impl_->work;
    if (!done) return;
    const PlanOutput& alt = remedy_planner->Result();
    if (alt.ok && alt.plan.memory.fits) {
      const Remedy& r = remedies[remedy_next];
      FitRemedy fit{r.words, r.arg, alt.plan.memory.total, alt.plan.memory.usable, alt.plan.run.days};
      out.fit_advice.push_back(FitAdviceSentence(fit, Lang::En));
      out.fit_remedies.push_back(std::move(fit));
    }
    ++remedy_next;
    NextRemedy();
  }

  void Finalize() {
    if (mode == PlanMode::Fallback) {
      // out.config stays what the user asked for, not the repaired config: the page writes the share link
      // and the input fields from it, and the JSON's "config"/"link" come from it, so tp=3 must still read
      // tp=3 (next to its error) for the user to see and fix it. Keys the user left on auto show what the
      // planner chose. The plan, the job and the layout describe the repaired configuration;
      // fallback_keys says which keys differ between the two.
      for (const std::string& key : replaced) {
        std::vector<ConfigIssue> ignored;
        ApplyPair(out.config, key, FormatValue(asked, key), ignored);
      }
      out.issues = std::move(issues);
      out.fallback_keys = std::move(replaced);
    }
    Finish(std::move(out));
  }

  void Finish(PlanOutput answer) {
    result = std::move(answer);
    phase = Phase::Done;
  }
};

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
