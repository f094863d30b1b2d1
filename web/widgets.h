// widgets.h — the UI's small vocabulary: numbers with units at sensible precision (80.0 GiB, 38 days,
// $4.1 M), colours that mean the same thing in both themes, and a registry of widget rectangles for the
// browser tests. The labelled inputs of the configuration's keys are fields.h.
#pragma once
#include <string>

#include "imgui.h"

namespace tp::ui {

struct AppState;

// ---- numbers with units ----
std::string FmtBytes(double bytes);        // "71.2 GB" (SI: bandwidths, checkpoint sizes)
std::string FmtMem(double bytes);          // "80.0 GiB" (binary: memory, as nvidia-smi and PyTorch show it)
std::string FmtCount(double n);            // "69.0 B", "7.24 M", "512"
std::string FmtUsd(double usd);            // "$4.1 M", "$870 k", "$12.40"
std::string FmtDuration(double seconds);   // "38 days", "5.2 h", "28 min", "2.31 s", "120 ms"
std::string FmtDays(double days);          // "38 days", "36 h", "28 min" (core's DurationText), "2.74 years"
std::string FmtPct(double fraction);       // "47%" / "4.7%"
std::string FmtFlops(double flops_per_s);  // "312 TFLOP/s"
std::string FmtRate(double per_s);         // "1,930" with thousands separators
std::string FmtInt(long long v);           // "2,048"
// A value with its band (issue #28), both ends through the value's own formatter and joined by core's BandText:
// FmtBanded(FmtMem, v, lo, hi) is "15.5 GiB (14.1–17.2)"; without a band (hi not above 0) fmt(v) alone.
std::string FmtBanded(std::string (*fmt)(double), double value, double lo, double hi);

// ---- colours (theme-aware, same meaning everywhere) ----
enum class Hue {
  Weights,
  Gradients,
  Optimizer,
  Activations,
  Other,
  Compute,
  MemoryBound,
  CommTp,
  CommDp,
  CommPp,
  CommCp,
  CommEp,
  Bubble,
  Offload,
  Good,
  Warn,  // amber: fits, but the band's upper end passes the memory (a tight verdict)
  Bad,
  Accent,
  Muted,
  Grid,
  Capacity
};
ImU32 Col(const AppState& app, Hue hue, float alpha = 1.0f);
ImVec4 ColV(const AppState& app, Hue hue);
void ApplyTheme(bool dark);

// ImGui::BeginCombo with `preview` cut with "…" to the combo's width (ImGui would cut it mid-letter; a
// phone's combos are narrow): the same arguments otherwise.
bool BeginComboFitted(const char* id, const std::string& preview, int flags = 0);
bool ComboPreviewFits(const std::string& preview);  // the next combo shows `preview` whole (no "…")

// ImGui::PushFont with the face's font at its size (ImGui::PopFont ends it).
struct Face;
void PushFace(const Face& face);

// The right edge of the current window's content, on the screen (what GetWindowPos() +
// GetWindowContentRegionMax() gave before ImGui 1.90 made that obsolete).
float ContentRight();

void Record(AppState& app, const char* name);  // remember the last item's rectangle under `name`
// After the frame's widgets: tells the platform whether an editable text field is being typed in (and
// where), with every text field drawn, for the phone's on-screen keyboard (platform::TextInput).
void ReportTextInput(const AppState& app);
void HelpMarker(const char* text);

}  // namespace tp::ui
