// calibrate_panel.cpp — the log paste box, the calibration's result under the plan, and keeping a
// measurement with the configuration it was measured on (calibrate_panel.h). The reading, the fit and the
// carrying are core's (core/planner/calibrate.h); this file only decides when the page asks for them.
#include "calibrate_panel.h"

#include "app.h"
#include "calibrate.h"
#include "fields.h"
#include "i18n.h"
#include "imgui.h"
#include "json.h"
#include "report.h"
#include "text.h"
#include "text_layout.h"
#include "views.h"
#include "widgets.h"

namespace tp::ui {
namespace {

// The box's text read as a log: the measurement keys of app.cfg filled in (a pasted line is the newer
// word, so it replaces what the fields held), with a line saying what was read, or why nothing was.
bool ReadBox(AppState& app) {
  CalibrateState& st = app.calibrate;
  st.message.clear();
  st.message_bad = false;
  const std::string text = st.log.data();
  if (Trim(text).empty()) return false;
  const RunLogReading reading = ReadRunLog(text);
  if (reading.framework.empty()) {
    st.message =
        Tr("No throughput or memory figure recognised. Read: torchtitan's metrics line (tps, memory), "
           "torchtune's (tokens_per_second_per_gpu, peak_memory_reserved), Megatron-LM / NeMo's (elapsed "
           "time per iteration (ms), max reserved) and the Hugging Face Trainer's (train_tokens_per_second, "
           "train_samples_per_second).");
    st.message_bad = true;
    return false;
  }
  // An iteration time or samples per second become tokens/s per GPU with the plan's own batch, sequence and
  // GPU count, as on the command line.
  const PlanOutput& o = app.main.out;
  const bool shaped = app.main.has_result && o.ok;
  double gbs = 0, seq = 0, gpus = 0;
  if (LogNeedsPlanShape(reading) && shaped) gbs = o.plan.global_batch, seq = o.job.work.seq, gpus = o.job.hw.gpus;
  const Config before = app.cfg;
  // Each figure through core's parser as if typed into its field: a value the key refuses (1e20 tokens/s)
  // stays out of the plan, with the key's message in red under its field.
  // (The log's figures as read, not ApplyRunLog's result: the page shows a refused one under its field.)
  const double log_tps = LogTokensPerGpu(reading, gbs, seq, gpus);
  struct Figure {
    const char* key;
    double read, was;
  };
  const Figure figures[] = {
      {"measured_tokens_per_s_per_gpu", log_tps > 0 ? log_tps : before.measured_tokens_per_s_per_gpu,
       before.measured_tokens_per_s_per_gpu},
      {"measured_peak_gib", reading.peak_gib > 0 ? reading.peak_gib : before.measured_peak_gib,
       before.measured_peak_gib}};
  bool applied = false, refused = false;
  for (const Figure& f : figures)
    if (f.read != f.was) {
      ApplyTyped(app, f.key, FormatNumber(f.read));
      applied = true;
      refused |= app.inputs.typed.count(f.key) > 0;
    }
  const double tps = log_tps;
  std::string read;
  if (tps > 0) read = Sprintf(Tr("%s tokens/s per GPU"), FmtRate(tps).c_str());
  if (reading.peak_gib > 0)
    read.append(read.empty() ? "" : ", ").append(Sprintf(Tr("peak %.2f GiB reserved"), reading.peak_gib));
  if (LogNeedsPlanShape(reading) && !shaped) {
    st.message =
        Tr("An iteration time or samples per second needs the plan's global batch, sequence and GPU count: "
           "mend the inputs marked in red first.");
    st.message_bad = true;
    return applied;
  }
  st.message = TrFill("Read from a {0} line: {1}", {reading.framework, read});
  if (LogNeedsPlanShape(reading))
    st.message.append(" ").append(
        TrFill("(from its iteration time or samples per second, with the plan's {0} sequences of {1} "
               "tokens per step on {2} GPUs)",
               {FmtInt((long long)gbs), FmtInt((long long)seq), FmtInt((long long)gpus)}));
  if (refused) {
    st.message.append(" ").append(Tr("(refused: see the message under the field)"));
    st.message_bad = true;
  }
  return applied;  // a value taken, or a refused one whose message the plan carries to its field
}

bool IsCalibrationIssue(const ConfigIssue& is) { return IsCalibrationKey(is.key); }

}  // namespace

bool RunLogBox(AppState& app) {
  CalibrateState& st = app.calibrate;
  Paragraph(Tr("Paste a line of your training log (torchtitan, torchtune, Megatron-LM / NeMo, Hugging Face Trainer):"));
  bool changed = false;
  if (ImGui::InputTextMultiline("##runlog", st.log.data(), st.log.size(),
                                ImVec2(-1, ImGui::GetTextLineHeight() * 3.6f)))
    changed = ReadBox(app);
  RecordTextField(app);
  Record(app, "calibrate_log");
  if (!st.message.empty()) {
    Paragraph(PageText(st.message), ColV(app, st.message_bad ? Hue::Bad : Hue::Muted));
    Record(app, "calibrate_message");
  }
  return changed;
}

void CalibrationResult(AppState& app, const PlanOutput& o) {
  const std::vector<std::pair<std::string, std::string>> rows = CalibrationRows(o, LangOf(app));
  if (rows.empty()) return;
  ImGui::Spacing();
  PushFace(app.fonts.bold);
  ImGui::TextUnformatted(Tr("Calibration (from your run)"));
  ImGui::PopFont();
  Record(app, "calibration_result");
  for (const auto& [label, value] : rows) {
    ImGui::Bullet();
    Paragraph(label + ": " + value);
  }
  MutedParagraph(
      Tr("The speed factor multiplies the kernel rates (eff_matmul, eff_attention, eff_memory); "
         "communication, the pipeline bubble and offload stay physics. The memory factor multiplies "
         "activations and the allocator's temporaries; weights, gradients and optimizer states are exact "
         "counts. Compare, Search and the scaling chart plan with these factors."));
  for (const ConfigIssue& is : o.issues)
    if (IsCalibrationIssue(is)) IssueLine(app, is);
}

void ForgetReadingIfMoved(AppState& app, const Config& before) {
  CalibrateState& st = app.calibrate;
  if (SameMeasuredRun(before, app.cfg) || (st.log[0] == '\0' && st.message.empty())) return;
  st.log.assign(st.log.size(), '\0');
  st.message.clear();
  st.message_bad = false;
}

void FollowCalibration(AppState& app, const Config& before) {
  ForgetReadingIfMoved(app, before);
  Config& cfg = app.cfg;
  if (RefitEditedMeasurement(before, cfg)) return;  // core's rule (calibrate.h): a new measurement is fitted afresh
  if (!HasMeasurement(before) || !HasMeasurement(cfg)) return;
  if (SameMeasuredRun(before, cfg)) return;  // only calibration or view keys changed: still the run measured
  const Config a = PlanInputs(before);
  // The plan of the measured configuration holds the factors fitted to it (finished now if it is still
  // being planned: an edit right after a paste).
  if (!(app.main.has_result || app.main.Planning()) || !(PlanInputs(app.main.cfg) == a)) return;
  FinishMainPlan(app);
  if (app.main.out.ok) CarryCalibration(app.main.out.config, cfg);
}

}  // namespace tp::ui
