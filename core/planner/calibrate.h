// calibrate.h — the plan fitted to the user's own run: calib_speed (a factor on the kernel rates) to
// reproduce a measured tokens/s per GPU, calib_memory (a factor on activations and temporaries) to reproduce
// a measured peak (torch.cuda.max_memory_reserved); and those two figures read from a training log's lines
// (torchtitan, torchtune, Megatron-LM / NeMo, the Hugging Face Trainer and tools built on it).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "config.h"
#include "plan.h"

namespace tp {

// What the plan knows about the user's measurement. The factors are what the plan used: fitted when the
// key was on auto and a measurement was given, else the key's value (1 = none).
struct Calibration {
  bool speed_measured = false, memory_measured = false;
  bool speed_fitted = false, memory_fitted = false;  // fitted by this plan (the key was on auto)
  bool speed_reached = true, memory_reached = true;  // false: the factor hit its bound (the range of the key)
  double measured_tokens_per_s_per_gpu = 0;
  double uncalibrated_tokens_per_s_per_gpu = 0;  // the plan with calib_speed = 1
  double speed_factor = 1;
  double measured_peak_bytes = 0;
  double uncalibrated_peak_bytes = 0;  // reserved (max_memory_reserved) with calib_memory = 1
  double memory_factor = 1;
  std::string gpu;  // measured on (calib_gpu), empty when not calibrated
};

// True when the configuration states a measurement (measured_tokens_per_s_per_gpu or measured_peak_gib).
bool HasMeasurement(const Config& cfg);

// Fits the factors left on auto to the measurements in `cfg`, for `layout` (the layout the plan chose:
// the run that was measured) of `job` (cfg resolved: ResolveJob), and writes them into `cfg` (calib_speed,
// calib_memory, calib_gpu), rounded to four significant digits so a link stays readable. Each trial sets the
// factors on a copy of `job` (SetCalibration, job.h); the planner then sets the fitted ones on its job. A
// measurement no factor in the key's range (0.05-20) can reproduce is an error naming its key, as is one that
// physics rules out (past the GPU's peak, below the weights).
Calibration Calibrate(Config& cfg, const Job& job, const Layout& layout, std::vector<ConfigIssue>& issues);

// The one policy for a plan derived from another (a compare column, a chart point, the search, a fit remedy):
// where the derived configuration states the base's measurement, it carries the factors and calib_gpu the base's
// plan fitted (`calibrated`: that plan's PlanOutput::config) and leaves the measurement behind. The measurement
// belongs to the run that was measured; fitting it again to another configuration would make that
// configuration reproduce it. A configuration without a measurement is left as it is.
void CarryCalibration(const Config& calibrated, Config& other);

// The keys that hold a calibration: the measurement and the factors fitted to it (and calib_gpu).
bool IsCalibrationKey(std::string_view key);
// An edit of a configuration from `before` to `cfg` (the page's fields, a script's link), as the calibration
// follows it: a new measurement is fitted afresh, its factor back on auto unless the same edit gave the factor
// too, calib_gpu with it. True when the edit brought a new measurement.
bool RefitEditedMeasurement(const Config& before, Config& cfg);
// True when `cfg` is still the run `before` measured: nothing but the calibration keys and the view keys
// (view, cmp, lang) differ.
bool SameMeasuredRun(const Config& before, const Config& cfg);

// ---- reading a training log ----------------------------------------------------------------------
struct RunLogReading {
  double tokens_per_s_per_gpu =
      0;                     // torchtitan "tps", torchtune "tokens_per_second_per_gpu", HF "train_tokens_per_second"
  double iteration_s = 0;    // Megatron "elapsed time per iteration (ms)" (needs gbs, seq, gpus)
  double samples_per_s = 0;  // HF Trainer "train_samples_per_second", all GPUs (needs seq, gpus)
  double peak_gib = 0;  // torchtitan "memory: X GiB", torchtune "peak_memory_reserved", Megatron "max reserved" (MB)
  double tflops = 0, mfu = 0;  // torchtitan's own "tflops" and "mfu" (a fraction): the GPU's peak they imply
  std::string framework;       // "torchtitan", "torchtune", "megatron", "hf" (the last line recognised)
  std::string line;            // that line, for the user to check
};
// Reads the last recognised figures of each kind from a pasted log (any number of lines; ANSI colours
// stripped). Unrecognised text is ignored; nothing found leaves the reading empty (framework "").
RunLogReading ReadRunLog(std::string_view text);
// The reading as tokens/s per GPU for a run of `gbs` sequences of `seq` tokens per step on `gpus` GPUs
// (0 when the log gave no speed). Samples per second assume full-length (packed) sequences.
double LogTokensPerGpu(const RunLogReading& reading, double gbs, double seq, double gpus);
// True when the reading's speed is an iteration time or samples per second: tokens/s per GPU then needs the
// planned run's global batch, sequence and GPU count (LogTokensPerGpu).
bool LogNeedsPlanShape(const RunLogReading& reading);
// The reading as the measurement keys of `cfg` (measured_tokens_per_s_per_gpu through LogTokensPerGpu with
// `gbs`, `seq`, `gpus`; measured_peak_gib). `keep_given`: a key `cfg` already states keeps its value (the
// command line, where the keys given win over --log); else the log's figures replace it (the page's paste
// box, where the pasted line is the newer word). Returns the number of keys set.
int ApplyRunLog(const RunLogReading& reading, double gbs, double seq, double gpus, bool keep_given, Config& cfg,
                std::vector<ConfigIssue>* issues = nullptr);
// The dense peak (TFLOPS) a log's own throughput and MFU imply (torchtitan prints both); 0 when it gives neither.
double LogImpliedPeakTflops(const RunLogReading& reading);

}  // namespace tp
