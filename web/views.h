// views.h — the right-hand side of the page: the plan, compare and search views (view_plan.cpp,
// view_compare.cpp, view_search.cpp), the top bar with the export (topbar.cpp), and the pieces more
// than one of them draws (panels.cpp: the verdict, the memory and step bars, layout words, issue lines).
// Each view returns true when it changed app.cfg (the frame then plans again and writes the link).
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "charts.h"
#include "figures.h"
#include "planner.h"
#include "report.h"
#include "widgets.h"

namespace tp::ui {

struct AppState;

bool PlanView(AppState& app);
bool CompareView(AppState& app);
// The compare view opens on the plan: its GPU and count become the first column (the alternatives picked
// before stay; without any, one is offered: H100, or A100 when the plan is on H100).
void EnterCompare(Config& cfg);
// The compare column that is your plan (the plan's GPU and count; the first such), -1 when none is (a first
// visit's question, RTX 4090 vs A100 vs H100, is asked of other counts than the plan's). The column titles, the
// question and the inputs' note all say it from here.
int YourPlanColumn(const AppState& app);
// The comparison's answer in one line: "H100 x 32: 27% faster and 44% cheaper than A100 x 64" (the best
// column against the first); "" while a column is still searching.
std::string CompareVerdict(const AppState& app);
bool SearchView(AppState& app);
bool TopBar(AppState& app);
// Narrow screens (phones): a switch between the results (drawn by `results`) and the inputs, one at a time
// in a scrolling column that ends `bottom` above the window's end, and while the inputs are shown, the
// plan's key figures pinned above them. True when an input changed the configuration (phone.cpp).
bool NarrowColumn(AppState& app, float bottom, const std::function<void()>& results);
// The screen is too narrow for the inputs beside the results (under 50 em: a phone, a split window).
bool NarrowScreen();
void ExportView(AppState& app, Format format);  // the current view as a file (the Export menu)

// ---- shared pieces (panels.cpp) ----
double Now();  // seconds, monotonic
// printf into a std::string: the formats are translated at run time (Tr), so they cannot be literals.
std::string Sprintf(const char* fmt, ...);
// The status line's feedback for a few seconds (`bad`: a failure, in red).
void SetStatus(AppState& app, std::string text, bool bad = false);
// A copy the browser refused (platform::TakeClipboardWriteRefused) says so on the status line.
void ClipboardFeedback(AppState& app);
void WrappedBullet(const std::string& text);           // a bullet whose text wraps (BulletText does not)
bool SameLineIfFits(const char* text, float spacing);  // SameLine when `text` still fits on this line
// "TP 2 · PP 4 · DP 8 · micro-batch 1 · ZeRO-1", and hybrid sharding's groups where dp_shard splits the DP ranks.
std::string LayoutWords(const Plan& p, int dp_shard);
std::string FailuresExpected(double failures);  // "0.14 failures expected", "1 failure expected", "7.4 ..."
// `figure`, or "…" while the first plan is still being searched (its figures are zeros until it lands: issue #34,
// the first frames showed "0 parameters · weights 0 B" and "0 tokens").
std::string PendingOr(const AppState& app, const std::string& figure);
// The first thing on screen: does it fit, how long, how much, how efficient, what limits it (compact: a
// compare column's).
// Its parts are registered for the tests as `name` (the fits word), name_memory, name_days, name_cost
// (default: "verdict").
void Verdict(AppState& app, const PlanOutput& o, bool compact, const std::string& name = "");
// The verdict's words as the page draws them (and its DOM text says them, page_text.h): "✔ Fits", or "Tight: may
// run out of memory" in amber when the memory band's upper end passes the usable memory; the memory per GPU, and
// when it fits the days, cost, MFU and tokens/s per GPU, each figure with its band.
struct VerdictWords {
  std::string word, memory, days, cost, mfu, tokens;
  std::string short_of;  // does not fit, the GPU's memory holding it: what does not (core's ShortOfDetail)
  Hue hue = Hue::Good;
};
VerdictWords VerdictText(const PlanOutput& o);
// A headline figure in the current language through `fmt`, with its band where core gives it one:
// Banded(o, Figure::MemoryTotal, FmtMem) is "15.5 GiB (14.1–17.2)" (figures.h's band of the figure row).
std::string Banded(const PlanOutput& o, Figure figure, std::string (*fmt)(double));
// The step-time heading with its banded figure, in the current language: "Step time 2.3 s (1.9–2.8)", or for a
// post-training goal, whose RL step is its own section, "Policy optimizer step 3.0 min (2.2–3.8)".
std::string StepHeading(const PlanOutput& o);
// A chart segment (charts.h) with its label and hover text in the current language.
Segment Seg(const char* label, double value, ImU32 color, const char* detail);
// A figure's part of a bar: its legend, hover text and "why?" from core's figure table.
Segment Seg(Figure figure, double value, ImU32 color);
void MemoryBar(AppState& app, const PlanOutput& o, float height);
// Under the memory bar: the largest micro-batch and sequence that fit for this layout, and the host RAM
// and NVMe per node that offload needs.
void MemoryLimits(AppState& app, const PlanOutput& o);
std::string MemoryFigures(const PlanOutput& o);  // allocated, reserved, nvidia-smi, the capacity, gathered
void StepBar(AppState& app, const PlanOutput& o, float height);
// An RL goal's step as its phases, and the rollout's figures (view_rl.cpp); nothing for other goals.
void RlStepSection(AppState& app, const PlanOutput& o, float height);
void IssueLine(AppState& app, const ConfigIssue& is);  // "✘ key: message" (an error) or "· ..." (a note)
void IssuesBox(AppState& app, const PlanOutput& o);    // the issues of keys without a field
std::vector<std::string> FitAdvice(const AppState& app, const PlanOutput& o);  // in the app's language

}  // namespace tp::ui
