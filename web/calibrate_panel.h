// calibrate_panel.h — "Calibrate from my run": a box where a pasted training-log line fills the measurement
// keys in (core's ReadRunLog and ApplyRunLog, what `trainplan plan --log` reads), the calibration the plan
// then made (core's CalibrationRows: the command line's Calibration section), and the rule that keeps a
// measurement with the configuration it was measured on: once the user changes that configuration, the
// fitted factors are carried to the new one and the measurement is left behind (core's CarryCalibration).
// The measurement fields themselves are drawn from core's key table with the other fields (inputs.cpp).
#pragma once
#include <string>
#include <vector>

#include "config.h"
#include "planner.h"

namespace tp::ui {

struct AppState;

struct CalibrateState {
  std::vector<char> log = std::vector<char>(16384, '\0');  // the paste box
  std::string message;                                     // what was read from it, or why nothing was
  bool message_bad = false;
};

// The paste box (inside the inputs panel's "Calibrate from my run" section); true when it changed app.cfg.
bool RunLogBox(AppState& app);
// Under the plan's numbers: what the calibration gave, and its notices (another GPU, an unreachable figure).
void CalibrationResult(AppState& app, const PlanOutput& o);
// After an edit of app.cfg (from `before`): a new measurement is fitted afresh (its factor back to auto);
// a change of anything else the plan depends on carries the main plan's fitted factors into app.cfg and
// drops the measurement, which belonged to the configuration before the edit.
void FollowCalibration(AppState& app, const Config& before);
// The paste box's text and its reading belong to the run measured: once the configuration moves to
// another run (an edit of anything but the calibration and the view, a link loaded; core's SameMeasuredRun),
// they are cleared, so no reading of an old log stands beside another plan (issue #34).
void ForgetReadingIfMoved(AppState& app, const Config& before);

}  // namespace tp::ui
