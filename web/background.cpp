// background.cpp — the page's planning work in slices (background.h): each task a core Planner of its own
// configuration, stepped a few hundred layouts at a time within a per-frame budget, the main plan first.
#include "background.h"

#include <algorithm>
#include <cstdio>

#include "app.h"
#include "calibrate.h"
#include "catalog.h"
#include "fields.h"
#include "platform.h"
#include "scenario.h"
#include "search_config.h"  // PageSearchOptions: the search `trainplan search --link` runs too
#include "views.h"

namespace tp::ui {
namespace {

// The planner writes the asked configuration's view keys into its answer's configuration, as it found
// them; these are the task's current ones (they may have changed while it planned).
void CopyViewKeys(Config& to, const Config& from) {
  for (const std::string& key : ViewKeys()) CopyKey(to, from, key);
}

void Land(PlanTask& t) {
  t.out = t.planner->Take();
  t.planning = t.begun = false;
  t.has_result = true;
  CopyViewKeys(t.out.config, t.cfg);
}

bool Known(const PlanTask& t) { return t.has_result || t.planning; }

// Retarget with the plan inputs of `cfg` already worked out.
bool RetargetTo(PlanTask& t, const Config& cfg, Config inputs, PlanMode mode, std::vector<ConfigIssue> parse_issues) {
  if (Known(t) && t.inputs == inputs && t.parse_issues == parse_issues) {
    t.cfg = cfg;
    if (t.has_result) CopyViewKeys(t.out.config, cfg);
    return false;
  }
  t.cfg = cfg;
  t.inputs = std::move(inputs);
  t.parse_issues = std::move(parse_issues);
  t.mode = mode;
  t.planning = true;
  t.begun = false;
  return true;
}

// Points `tasks` at `cfgs`, keeping each answer whose configuration is still asked for (a removed compare
// column does not re-plan the ones after it); the others reuse a task in the same place, so a column shows
// its previous answer ("updating…") until the new one lands.
void SyncList(std::vector<PlanTask>& tasks, const std::vector<Config>& cfgs, PlanMode mode) {
  std::vector<PlanTask> next(cfgs.size());
  std::vector<Config> inputs;
  for (const Config& c : cfgs) inputs.push_back(PlanInputs(c));
  std::vector<bool> taken(tasks.size(), false), placed(cfgs.size(), false);
  for (size_t i = 0; i < cfgs.size(); ++i)
    for (size_t j = 0; j < tasks.size() && !placed[i]; ++j)
      if (!taken[j] && Known(tasks[j]) && tasks[j].inputs == inputs[i]) {
        next[i] = std::move(tasks[j]);
        taken[j] = placed[i] = true;
      }
  for (size_t i = 0; i < cfgs.size(); ++i)
    if (!placed[i] && i < tasks.size() && !taken[i]) next[i] = std::move(tasks[i]), taken[i] = true;
  for (size_t i = 0; i < cfgs.size(); ++i) RetargetTo(next[i], cfgs[i], std::move(inputs[i]), mode, {});
  tasks = std::move(next);
}

// A plan derived from the main one (a compare column, a chart point, the search) with the calibration the
// main plan fitted to the user's measurement (core's one policy, CarryCalibration in core/planner/calibrate.h).
void CarryMainCalibration(const AppState& app, Config& derived) { CarryCalibration(app.main.out.config, derived); }

// The compare columns. With a measurement in the configuration they follow the main plan once it has
// landed (they carry what it fitted); without one they start at once.
void SyncColumns(AppState& app) {
  if (HasMeasurement(app.cfg) && !app.main.Done()) return;
  std::vector<Config> columns = CompareColumns(app.cfg, nullptr);
  for (Config& column : columns) CarryMainCalibration(app, column);
  SyncList(app.bg.columns, columns, PlanMode::Fallback);
}

// The charts and the search plan around what the main plan planned: the inputs with the keys in error on
// their defaults (so an error at one field does not empty them), and its calibration carried.
void SyncDerived(AppState& app) {
  Background& bg = app.bg;
  Config planned = WithDefaults(app.cfg, app.main.out.fallback_keys);
  CarryMainCalibration(app, planned);
  std::vector<Config> scaling;
  for (int gpus : ScaleCounts(planned.gpus)) {
    Config c = planned;
    c.gpus = gpus;
    c.dp = kAuto;  // derived from the count
    scaling.push_back(std::move(c));
  }
  // Strict: a point whose configuration the rules refuse (an explicit layout too big for 8 GPUs) does not
  // fit at that count, rather than being planned with other values.
  SyncList(bg.scaling, scaling, PlanMode::Strict);
  if (bg.search_started &&
      (PlanInputs(bg.search_cfg) != PlanInputs(planned) || bg.search_cfg.search_gpus != planned.search_gpus))
    bg.search_started = bg.search_running = bg.search_complete = false;
  bg.search_cfg = planned;
  bg.search_options.objective = planned.search_by == 1 ? Objective::Cost : Objective::Time;  // re-ranks only
}

// The main plan's answer changed (it landed, or only its view keys did): what is derived from it follows.
void Publish(AppState& app) {
  std::string keys;
  for (const ConfigIssue& is : app.main.out.issues)
    if (!is.notice) keys += is.key + ",";
  if (keys != app.issue_keys) app.issue_keys = keys, ++app.issue_serial;
  SyncDerived(app);
  SyncColumns(app);  // kept as they are unless the calibration they carry changed
}

// Layouts per Step, aiming at about 1 ms: grow slowly while steps are quick, shrink fast when one was
// slow, and never so large that one step of a costlier configuration could take a whole frame.
void AdaptBudget(uint64_t& budget, double step_s) {
  if (step_s < 0.0007 && budget < 2048)
    budget *= 2;
  else if (step_s > 0.0015 && budget > 16)
    budget = std::max<uint64_t>(16, budget / 4);
}

// The tasks the current view draws (the search view's are its search's shares, on the workers).
std::vector<PlanTask>& ViewTasks(AppState& app) {
  static std::vector<PlanTask> none;
  switch (ViewOf(app)) {
    case View::Plan: return app.bg.scaling;
    case View::Search: return none;
    case View::Compare: break;
  }
  return app.bg.columns;
}

}  // namespace

const std::vector<std::string>& ViewKeys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> k;
    for (const KeyInfo& info : Keys())
      if (info.group == KeyGroup::View || info.group == KeyGroup::Interface) k.push_back(info.name);
    return k;
  }();
  return keys;
}

// (Not core's WithDefaults: it leaves a key whose default prints empty, cmp, as it is.)
Config PlanInputs(const Config& cfg) {
  static const Config defaults;
  Config inputs = cfg;
  CopyViewKeys(inputs, defaults);
  return inputs;
}

bool Retarget(PlanTask& t, const Config& cfg, PlanMode mode, std::vector<ConfigIssue> parse_issues) {
  return RetargetTo(t, cfg, PlanInputs(cfg), mode, std::move(parse_issues));
}

bool StepTask(PlanTask& t, uint64_t budget) {
  if (!t.planning) return true;
  if (!t.begun) {
    if (!t.planner) t.planner = std::make_unique<Planner>();
    t.started = Now();
    t.planner->Begin(t.cfg, t.mode, t.parse_issues);
    t.begun = true;
    if (t.planner->Done()) Land(t);  // errors and explicit layouts need no search
    return !t.planning;
  }
  if (t.planner->Step(budget)) Land(t);
  return !t.planning;
}

void FinishTask(PlanTask& t) {
  while (!StepTask(t, 1u << 20)) {
  }
}

std::vector<int> ScaleCounts(int gpus) {
  const long long top = std::max(4096LL, 4LL * gpus);
  std::vector<int> counts;
  for (long long n = 8; n <= top && n <= (1LL << 30); n *= 2) counts.push_back((int)n);
  if (gpus > 8 && std::find(counts.begin(), counts.end(), gpus) == counts.end())
    counts.insert(std::upper_bound(counts.begin(), counts.end(), gpus), gpus);
  return counts;
}

void SyncTasks(AppState& app) {
  // The same plan with other view keys is published at once; a new one when it lands (BackgroundWork).
  // The link's bad values and the refused typed ones come with the plan, so they show at their fields.
  if (!Retarget(app.main, app.cfg, PlanMode::Fallback, InputIssues(app)) && app.main.Done())
    Publish(app);
  else
    SyncColumns(app);
}

void FinishMainPlan(AppState& app) {
  if (!app.main.Planning()) return;
  FinishTask(app.main);
  app.times.replan_ms_last = (Now() - app.main.started) * 1e3;
  Publish(app);
}

void FinishColumns(AppState& app) {
  FinishMainPlan(app);  // the columns carry its calibration, and wait for it when there is one to carry
  for (PlanTask& column : app.bg.columns) FinishTask(column);
}

// The frame's own UI work (since frame_start) and the slice together aim at 8 ms of the 16.7 ms a 60 Hz
// frame has (the rest is rendering, and margin for a busy machine); the slice gets what the UI left, at
// least 1 ms so the answer keeps coming. Idle frames take well under 1 ms of UI, so the slice is then 6 ms.
void BackgroundWork(AppState& app, double frame_start) {
  Background& bg = app.bg;
  const double start = Now();
  const double budget_s = std::clamp(0.008 - (start - frame_start), 0.001, 0.006);
  auto left = [&](double share = 1.0) { return Now() - start < budget_s * share; };
  auto timed = [&](uint64_t& budget, auto&& step) {
    const double t0 = Now();
    const bool done = step(budget);
    AdaptBudget(budget, Now() - t0);
    app.times.slice_step_ms_max = std::max(app.times.slice_step_ms_max, (Now() - t0) * 1e3);
    return done;
  };
  // In order of what the screen needs most: the main plan, the search view's table, the view's own plans.
  while (app.main.Planning() && left())
    if (timed(bg.budget, [&](uint64_t b) { return StepTask(app.main, b); })) {
      app.times.replan_ms_last = (Now() - app.main.started) * 1e3;
      Publish(app);
    }
  if (!app.main.Done()) return;
  if (ViewOf(app) == View::Search) {
    if (!bg.search_started) {
      bg.search_options = PageSearchOptions(bg.search_cfg);  // core's: what `trainplan search --link` runs
      bg.search.Begin(bg.search_cfg, bg.search_options);
      bg.search_began = Now();
      bg.search_started = bg.search_running = true;
      bg.search_complete = false;
    } else if (!bg.search_complete && !bg.search_running) {
      // This frame's view (drawn before this slice) showed the search's whole answer: the table and every
      // GPU type's point (found in the same shares).
      bg.search_complete = true;
      bg.search_ms = (Now() - app.bg.search_began) * 1e3;
    }
    // The search runs on the workers: the frame only reads their answers (the view read them before it
    // drew; these are the ones that came since).
    PumpSearch(bg);
  }
  for (PlanTask& t : ViewTasks(app)) {
    while (t.Planning() && left()) timed(bg.budget, [&](uint64_t b) { return StepTask(t, b); });
    if (!left()) break;
  }
}

bool BackgroundBusy(const AppState& app) {
  if (!app.main.Done()) return true;
  const Background& bg = app.bg;
  auto pending = [](const std::vector<PlanTask>& tasks) {
    return std::any_of(tasks.begin(), tasks.end(), [](const PlanTask& t) { return !t.Done(); });
  };
  switch (ViewOf(app)) {
    case View::Plan: return bg.scaling.empty() || pending(bg.scaling);
    case View::Search: return !bg.search_complete;
    case View::Compare: return pending(bg.columns);
  }
  return false;
}

void PumpSearch(Background& bg) {
  if (bg.search_running && bg.search.Pump()) bg.search_running = false;
}

bool SearchShowsProgress(const Background& bg) {
  return !bg.search_complete && !(bg.search_started && !bg.search_running);
}

double SearchViewProgress(const Background& bg) {
  if (!bg.search_started) return 0;
  // Complete once the frame has drawn the last share's answer: until then at most 99 %.
  return bg.search_complete ? 1.0 : std::min(0.99, bg.search.Progress());
}

std::string SearchStatusJson(const Background& bg) {
  const double ms = bg.search_complete ? bg.search_ms : bg.search_started ? (Now() - bg.search_began) * 1e3 : 0;
  char buf[160];
  std::snprintf(buf, sizeof buf, "{\"done\":%s,\"evaluated\":%llu,\"elapsed_ms\":%.1f,\"workers\":%d}",
                bg.search_complete ? "true" : "false", (unsigned long long)bg.search.Evaluated(), ms,
                platform::Workers());
  return buf;
}

}  // namespace tp::ui
