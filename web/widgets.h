// widgets.h — the UI's small vocabulary: numbers with units at sensible precision (71.2 GB, 38 days,
// $4.1 M), labelled inputs that take their unit and tooltip from core's key table (Keys()), colours that
// mean the same thing in both themes, and a registry of input rectangles for the browser tests.
#pragma once
#include <string>

#include "imgui.h"

namespace tp::ui {

struct AppState;

// ---- numbers with units ----
std::string FmtBytes(double bytes);          // "71.2 GB" (SI, like the spec sheets)
std::string FmtCount(double n);              // "69.0 B", "7.24 M", "512"
std::string FmtUsd(double usd);              // "$4.1 M", "$870 k", "$12.40"
std::string FmtDuration(double seconds);     // "38 days", "5.2 h", "2.31 s", "120 ms"
std::string FmtDays(double days);            // "38 days", "1.5 days", "4.0 h"
std::string FmtPct(double fraction);         // "47%" / "4.7%"
std::string FmtFlops(double flops_per_s);    // "312 TFLOP/s"
std::string FmtRate(double per_s);           // "1,930" with thousands separators
std::string FmtInt(long long v);             // "2,048"

// ---- colours (theme-aware, same meaning everywhere) ----
enum class Hue { Weights, Gradients, Optimizer, Activations, Other, Compute, MemoryBound, CommTp, CommDp, CommPp,
                 CommCp, CommEp, Bubble, Offload, Good, Bad, Accent, Muted, Grid, Capacity };
ImU32 Col(const AppState& app, Hue hue, float alpha = 1.0f);
ImVec4 ColV(const AppState& app, Hue hue);
void ApplyTheme(bool dark);

// ---- labelled inputs; each returns true when edited (ImGui's convention) ----
// The label sits in a fixed-width column on the left; hovering either shows the key's meaning, unit and
// accepted values from Keys(). `key` is the share-link key, also the name in the test registry.
void InputsBegin(AppState& app, float label_width);
// allow_auto: a checkbox "auto" next to the field; while on, *v == kAuto and the field shows `resolved`
// (what the planner chose) greyed out.
bool InputInt(AppState& app, const char* key, const char* label, int* v, int lo, int hi, bool allow_auto = false,
              int resolved = 0);
// An engine assumption whose 0 means "the documented default": a "default" checkbox next to the field;
// while on, the field shows `in_use` (the default the plan used) greyed out. Typed values are kept in the
// key's accepted range (Keys()), as the link parser would.
bool InputAssumption(AppState& app, const char* key, const char* label, double* v, const char* fmt, double in_use);
bool InputDouble(AppState& app, const char* key, const char* label, double* v, double lo, double hi,
                 const char* fmt, const char* zero_means = nullptr);
// *v in [0, n) picks names[*v]; with auto_label, *v == -1 is offered first as "auto (-> resolved)".
bool InputChoice(AppState& app, const char* key, const char* label, int* v, const char* const* names, int n,
                 const char* auto_label = nullptr);
void LabelCell(AppState& app, const char* key, const char* label);
// The end of a combo field opened with PushID(key) + LabelCell (InputChoice, the inputs' catalog pickers):
// its tooltip, test rectangle and issues; returns `changed`.
bool EndComboField(AppState& app, const char* key, bool changed);
// Issue #9: errors show next to their field. Called right after a keyed field (the input functions above
// call it themselves): draws, under the field, the current plan's first issue naming `key` (errors in red,
// notices muted; "(and N more)" with all of them on hover) and what the plan used instead, and registers
// the lines as "issue_<key>". `edited`: the user just changed the field, so the link's complaint about
// its old value (AppState::link_issues) is forgotten.
void FieldIssues(AppState& app, const char* key, bool edited);
// True when the current plan has an issue naming `key` (only errors with errors_only).
bool KeyHasIssue(const AppState& app, const char* key, bool errors_only = false);
void KeyTooltip(const char* key, const char* extra = nullptr);
std::string AcceptsText(const char* accepts);  // a key's accepted values in the interface's language
void Record(AppState& app, const char* name);  // remember the last item's rectangle under `name`
void HelpMarker(const char* text);

}  // namespace tp::ui
