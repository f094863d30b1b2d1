// background.h — the page's planning work, a slice per frame so that no frame waits for a whole layout
// search: the main plan, the compare columns and the scaling chart's GPU counts are each a core Planner
// (core/planner/planner.h) run on its own configuration, and the search view (its table and its point per GPU
// type) is a layout search split across GPU types off the main thread (search_split.h). Nothing here
// builds a plan itself: a plan depends only on its configuration, whichever front end asked and in
// however many slices. A task plans again only when
// its configuration changes; a change of the view keys alone (view, cmp, lang: nothing a plan reads)
// carries the answer over with those keys rewritten, as the planner would have written them.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "planner.h"
#include "search.h"
#include "search_split.h"

namespace tp::ui {

struct AppState;

// One configuration being planned, or planned. Its planner begins at the first step, so pointing many
// tasks at new configurations (an edit that moves every chart point) costs no planning in that frame.
struct PlanTask {
  Config cfg;                             // what is (being) planned
  Config inputs;                          // PlanInputs(cfg): what the answer depends on
  std::vector<ConfigIssue> parse_issues;  // the main plan's: the link's bad values (Planner::Begin)
  PlanMode mode = PlanMode::Strict;
  bool planning = false;             // an answer for cfg is due
  std::unique_ptr<Planner> planner;  // begun on cfg once planning has had its first step
  bool begun = false;
  PlanOutput out;           // the last answer: of cfg once done, of an earlier cfg while planning
  bool has_result = false;  // out holds an answer
  double started = 0;       // Now() when the plan of cfg began (the re-plan time in stats())

  bool Planning() const { return planning; }
  bool Done() const { return has_result && !planning; }
  double Progress() const { return begun ? planner->Progress() : 0.0; }
};

// The keys that never change a plan (the page's view and the interface language: KeyGroup::View and
// KeyGroup::Interface of core's key table).
const std::vector<std::string>& ViewKeys();
// `cfg` with the view keys on their defaults: what a plan actually depends on.
Config PlanInputs(const Config& cfg);

// Point `task` at `cfg`: a new plan is due when the plan inputs (or the parse issues) differ from the
// task's; otherwise only the view keys of its answer follow. True when a new plan is due.
bool Retarget(PlanTask& task, const Config& cfg, PlanMode mode, std::vector<ConfigIssue> parse_issues = {});
// Plans about `budget` layouts of the task; true once it is done.
bool StepTask(PlanTask& task, uint64_t budget);
void FinishTask(PlanTask& task);  // to the end at once (scripts, export)

// Everything planned besides the main plan (AppState::main), and the search view's table.
struct Background {
  std::vector<PlanTask> columns;  // compare view: CompareColumns(cfg), core/config/scenario.h
  std::vector<PlanTask> scaling;  // plan view's scaling chart: one per ScaleCounts(cfg.gpus)
  SplitSearch search;             // search view: every layout on every GPU type, the top ones kept
  SearchOptions search_options;   // objective chosen in the view (a change re-ranks, no new search); top
                                  // and GPU types set when it starts
  Config search_cfg;              // what `search` searches (PlanInputs of it)
  bool search_started = false, search_running = false;
  // The view's whole answer (the search and every GPU type's point) has been drawn: searchStatus()'s
  // done, and search_ms its time from the search's start.
  bool search_complete = false;
  double search_began = 0, search_ms = 0;
  uint64_t budget = 256;  // layouts per Step of a plan, adapted to about 1-2 ms (AdaptBudget)
};

// The GPU counts of the scaling chart around a plan on `gpus` GPUs: powers of two from 8 to 4,096 or to four
// times the plan's count, whichever is more, and the plan's own count (issue #34: a 16,384-GPU plan had no
// point, the chart stopped at 4,096).
std::vector<int> ScaleCounts(int gpus);

// The configuration changed (an edit, a loaded link): every task follows it. Tasks that depend on what
// the main plan planned (the charts, the search) follow once it has landed.
void SyncTasks(AppState& app);
// The main plan to the end, now: window.trainplan.plan() right after setLink(), and the export.
void FinishMainPlan(AppState& app);
// Every compare column to the end, now (window.trainplan.compare(), the export).
void FinishColumns(AppState& app);
// A slice of the work per frame, the main plan first, then what the current view shows; `frame_start`
// is when the frame began (the slice takes what the frame's UI left of its budget).
void BackgroundWork(AppState& app, double frame_start);
// Work the current view still waits for.
bool BackgroundBusy(const AppState& app);

// The search view's progress (its search's shares answered): 1 only once the view has drawn all of them.
double SearchViewProgress(const Background& bg);
// Reads the search's answers that came back. The search view calls it before it draws, so the frame that
// draws the last answer is the frame that completes the search (BackgroundWork, after the view).
void PumpSearch(Background& bg);
// The search view still waits for answers (its bar and "…" show): started and not all answered, or the
// answers in but not drawn yet.
bool SearchShowsProgress(const Background& bg);
// window.trainplan.searchStatus(): {"done":..,"evaluated":..,"elapsed_ms":..} of the view's current search.
std::string SearchStatusJson(const Background& bg);

}  // namespace tp::ui
