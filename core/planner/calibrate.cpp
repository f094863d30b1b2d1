// calibrate.cpp — fitting calib_speed and calib_memory to the user's measurement (bisection over the
// key's range, each trial a real Evaluate of the measured layout), and reading training logs' figures.
#include "calibrate.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "catalog.h"
#include "text.h"
#include "units.h"

namespace tp {
namespace {

// The factor keys' range (core/config/keys.cpp): a factor outside it means the configuration is not the run.
constexpr double kFactorLo = 0.05, kFactorHi = 20.0;

// Four significant digits: the link stays readable, and the plan still reproduces the measurement to
// 0.05 %, far inside any measurement's noise.
double Round4(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", x);
  return std::strtod(buf, nullptr);
}

// The factor in [kFactorLo, kFactorHi] at which `measure` (increasing in the factor) equals `target`:
// bisection in log space, 60 halvings of a 400x range. Outside the range, the nearer bound with
// reached = false; the measure at both bounds is kept for the notice that says so.
struct FactorFit {
  double factor = 1, at_lo = 0, at_hi = 0;
  bool reached = true;
};
template <typename Measure>
FactorFit SolveFactor(Measure measure, double target) {
  FactorFit fit;
  fit.at_lo = measure(kFactorLo), fit.at_hi = measure(kFactorHi);
  if (target <= fit.at_lo || target >= fit.at_hi) {
    fit.reached = false;
    fit.factor = target <= fit.at_lo ? kFactorLo : kFactorHi;
    return fit;
  }
  double lo = std::log(kFactorLo), hi = std::log(kFactorHi);
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    (measure(std::exp(mid)) < target ? lo : hi) = mid;
  }
  fit.factor = Round4(std::exp(0.5 * (lo + hi)));
  return fit;
}

}  // namespace

bool HasMeasurement(const Config& cfg) { return cfg.measured_tokens_per_s_per_gpu > 0 || cfg.measured_peak_gib > 0; }

Calibration Calibrate(Config& cfg, const Job& job, const Layout& layout, std::vector<ConfigIssue>& issues) {
  Calibration cal;
  // Each trial is the job with one factor tried and the other at 1 (none), as the plan would be resolved
  // with those keys: one copy, its factors set per trial.
  Job trial = job;
  auto plan_with = [&](double speed, double memory) {
    SetCalibration(trial.assume, speed, memory);
    return Evaluate(trial, layout);
  };
  const Plan uncalibrated = plan_with(1, 1);
  cal.uncalibrated_tokens_per_s_per_gpu = uncalibrated.throughput.tokens_per_s_per_gpu;
  cal.uncalibrated_peak_bytes = uncalibrated.memory.reserved;

  cal.speed_measured = cfg.measured_tokens_per_s_per_gpu > 0;
  cal.measured_tokens_per_s_per_gpu = cfg.measured_tokens_per_s_per_gpu;
  // Physics first: a speed whose model FLOPs (or, with recompute, hardware FLOPs) pass the GPU's dense peak
  // is not this run on this GPU, whatever factor would "reproduce" it. Refused by name.
  if (cal.speed_measured && uncalibrated.throughput.tokens_per_s_per_gpu > 0) {
    const double scale = cal.measured_tokens_per_s_per_gpu / uncalibrated.throughput.tokens_per_s_per_gpu;
    const double mfu = uncalibrated.throughput.mfu * scale, hfu = uncalibrated.throughput.hfu * scale;
    if (mfu > 1.0 || hfu > 1.0)
      issues.push_back(MakeIssue(
          "measured_tokens_per_s_per_gpu",
          "{0} tokens/s per GPU would be {1} % {2} on this layout, more than the GPU's peak: check the GPU, the GPU "
          "count and the sequence length (a Trainer's train_tokens_per_second is per GPU, its samples per second "
          "of all GPUs)"_issue,
          {Fmt("%.0f", cal.measured_tokens_per_s_per_gpu), Fmt("%.0f", 100 * std::max(mfu, hfu)),
           mfu > 1.0 ? "MFU" : "HFU"}));
  }
  // A peak below the weights one GPU holds cannot be a measurement of this run.
  if (cfg.measured_peak_gib > 0 && cfg.measured_peak_gib * kGiB < uncalibrated.memory.weights)
    issues.push_back(MakeIssue("measured_peak_gib",
                               "{0} GiB is less than the weights alone on one GPU of this layout ({1} GiB): it "
                               "cannot be this run's peak"_issue,
                               {Fmt("%.3g", cfg.measured_peak_gib), Fmt("%.2f", uncalibrated.memory.weights / kGiB)}));
  if (HasErrors(issues)) return cal;
  if (cal.speed_measured && cfg.calib_speed <= 0) {
    auto speed = [&](double f) { return plan_with(f, 1).throughput.tokens_per_s_per_gpu; };
    const FactorFit fit = SolveFactor(speed, cal.measured_tokens_per_s_per_gpu);
    cfg.calib_speed = fit.factor;
    cal.speed_fitted = true, cal.speed_reached = fit.reached;
    // No factor in the key's range reproduces it: refused by name (issue #34), not planned with the bound's
    // factor beside a "calibrated" speed that is not the one measured.
    if (!cal.speed_reached && cal.measured_tokens_per_s_per_gpu >= fit.at_hi)
      issues.push_back(
          MakeIssue("measured_tokens_per_s_per_gpu",
                    "{0} tokens/s per GPU is more than kernel speed can explain for this layout (it "
                    "gives {1} to {2}); check that the configuration is the run you measured"_issue,
                    {Fmt("%.0f", cal.measured_tokens_per_s_per_gpu), Fmt("%.0f", fit.at_lo), Fmt("%.0f", fit.at_hi)}));
    else if (!cal.speed_reached)
      issues.push_back(
          MakeIssue("measured_tokens_per_s_per_gpu",
                    "{0} tokens/s per GPU is less than even a twentieth of kernel speed explains for this layout (it "
                    "gives {1} to {2}); check that the configuration is the run you measured"_issue,
                    {Fmt("%.0f", cal.measured_tokens_per_s_per_gpu), Fmt("%.0f", fit.at_lo), Fmt("%.0f", fit.at_hi)}));
  }
  cal.speed_factor = cfg.calib_speed > 0 ? cfg.calib_speed : 1.0;

  cal.memory_measured = cfg.measured_peak_gib > 0;
  cal.measured_peak_bytes = cfg.measured_peak_gib * kGiB;
  if (cal.memory_measured && cfg.calib_memory <= 0) {
    auto peak = [&](double f) { return plan_with(1, f).memory.reserved; };
    const FactorFit fit = SolveFactor(peak, cal.measured_peak_bytes);
    cfg.calib_memory = fit.factor;
    cal.memory_fitted = true, cal.memory_reached = fit.reached;
    if (!cal.memory_reached)
      issues.push_back(MakeIssue(
          "measured_peak_gib",
          "{0} GiB is outside what activations and temporaries can explain for this layout "
          "(it gives {1} to {2} GiB, model states included); check that the configuration "
          "is the run you measured"_issue,
          {Fmt("%.2f", cfg.measured_peak_gib), Fmt("%.2f", fit.at_lo / kGiB), Fmt("%.2f", fit.at_hi / kGiB)}));
  }
  cal.memory_factor = cfg.calib_memory > 0 ? cfg.calib_memory : 1.0;

  if ((cal.speed_fitted || cal.memory_fitted) && cfg.calib_gpu.empty()) {
    const GpuSpec* gpu = FindGpu(cfg.gpu);  // the catalog's id, not an alias the user typed
    cfg.calib_gpu = gpu ? gpu->id : cfg.gpu;
  }
  if (cal.speed_factor != 1.0 || cal.memory_factor != 1.0) cal.gpu = cfg.calib_gpu;
  return cal;
}

void CarryCalibration(const Config& calibrated, Config& other) {
  if (!HasMeasurement(other)) return;
  other.calib_speed = calibrated.calib_speed, other.calib_memory = calibrated.calib_memory;
  other.calib_gpu = calibrated.calib_gpu;
  other.measured_tokens_per_s_per_gpu = other.measured_peak_gib = 0;
}

bool IsCalibrationKey(std::string_view key) {
  for (const char* k :
       {"measured_tokens_per_s_per_gpu", "measured_peak_gib", "calib_speed", "calib_memory", "calib_gpu"})
    if (key == k) return true;
  return false;
}

bool RefitEditedMeasurement(const Config& before, Config& cfg) {
  const bool new_speed = cfg.measured_tokens_per_s_per_gpu > 0 &&
                         cfg.measured_tokens_per_s_per_gpu != before.measured_tokens_per_s_per_gpu;
  const bool new_peak = cfg.measured_peak_gib > 0 && cfg.measured_peak_gib != before.measured_peak_gib;
  if (!new_speed && !new_peak) return false;
  if (new_speed && cfg.calib_speed == before.calib_speed) cfg.calib_speed = 0;
  if (new_peak && cfg.calib_memory == before.calib_memory) cfg.calib_memory = 0;
  if (cfg.calib_gpu == before.calib_gpu) cfg.calib_gpu.clear();
  return true;
}

bool SameMeasuredRun(const Config& before, const Config& cfg) {
  Config same = cfg;
  for (const KeyInfo& k : Keys())
    if (IsCalibrationKey(k.name) || k.group == KeyGroup::View || k.group == KeyGroup::Interface)
      CopyKey(same, before, k.name);
  return same == before;
}

// ---- reading a training log ----------------------------------------------------------------------
namespace {

// ANSI colour sequences (torchtitan colours its metrics line) removed. A colour code whose ESC byte was
// lost on the way ("[34mtps: 5,123": a text field drops control characters from what is pasted into it)
// is removed too: '[', digits and ';', then 'm'.
std::string StripAnsi(std::string_view line) {
  std::string out;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\x1b' && i + 1 < line.size() && line[i + 1] == '[') {
      i += 2;
      while (i < line.size() && !(line[i] >= '@' && line[i] <= '~')) ++i;
      continue;
    }
    if (line[i] == '[') {
      size_t j = i + 1;
      while (j < line.size() && (std::isdigit((unsigned char)line[j]) || line[j] == ';')) ++j;
      if (j > i + 1 && j < line.size() && line[j] == 'm') {
        i = j;
        continue;
      }
    }
    out += line[i];
  }
  return out;
}

// The number right after `label` (past spaces, ':', '=', quotes), thousands commas accepted ("5,123").
// `rest` is what follows the number. False when the label is absent or no number follows.
bool NumberAfter(const std::string& line, std::string_view label, double& value, std::string* rest = nullptr) {
  // The last occurrence that starts a word ("tps", not the end of "outputs" or "https").
  size_t at = line.rfind(label);
  while (at != std::string::npos && at > 0 && (std::isalnum((unsigned char)line[at - 1]) || line[at - 1] == '_'))
    at = at == 0 ? std::string::npos : line.rfind(label, at - 1);
  if (at == std::string::npos) return false;
  size_t i = at + label.size();
  while (i < line.size() && (line[i] == ' ' || line[i] == ':' || line[i] == '=' || line[i] == '\'' || line[i] == '"'))
    ++i;
  std::string digits;
  while (i < line.size() && (std::isdigit((unsigned char)line[i]) || line[i] == '.' || line[i] == ',' ||
                             line[i] == 'e' || line[i] == 'E' || line[i] == '+' || line[i] == '-')) {
    if (line[i] != ',') digits += line[i];
    ++i;
  }
  if (digits.empty() || !std::isdigit((unsigned char)digits[0])) return false;
  char* end = nullptr;
  const double v = std::strtod(digits.c_str(), &end);
  if (!std::isfinite(v) || v < 0) return false;
  value = v;
  if (rest) *rest = line.substr(i);
  return true;
}

}  // namespace

RunLogReading ReadRunLog(std::string_view text) {
  RunLogReading r;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string line = StripAnsi(text.substr(start, end - start));
    start = end + 1;
    double v = 0;
    std::string rest;
    bool used = false;
    // torchtitan (train.py's metrics line): "step: 10  loss: 7.1  memory: 45.30GiB(57.23%)  tps: 5,123  ..."
    // tps there is tokens per second per GPU.
    if (line.find("tps") != std::string::npos && NumberAfter(line, "tps", v)) {
      r.tokens_per_s_per_gpu = v, r.framework = "torchtitan", used = true;
      if (NumberAfter(line, "memory", v, &rest) && rest.rfind("GiB", 0) == 0) r.peak_gib = v;
      // Its own tflops and mfu (%) imply the peak of the GPU it ran on.
      double tflops = 0, mfu = 0;
      if (NumberAfter(line, "tflops", tflops) && NumberAfter(line, "mfu", mfu) && mfu > 0)
        r.tflops = tflops, r.mfu = mfu / 100;
    }
    // torchtune's metric logger: "tokens_per_second_per_gpu: 1234.5 ... peak_memory_reserved: 20.1" (GiB).
    if (NumberAfter(line, "tokens_per_second_per_gpu", v))
      r.tokens_per_s_per_gpu = v, r.framework = "torchtune", used = true;
    if (NumberAfter(line, "peak_memory_reserved", v)) r.peak_gib = v, r.framework = "torchtune", used = true;
    // Megatron-LM / NeMo: "elapsed time per iteration (ms): 1234.5 | ..." and the memory report
    // "[Rank 0] (after 10 iterations) memory (MB) | allocated: ... | max reserved: 30000.0" (MB = 2^20 bytes).
    if (NumberAfter(line, "elapsed time per iteration (ms)", v))
      r.iteration_s = v / 1000, r.framework = "megatron", used = true;
    if (line.find("memory (MB)") != std::string::npos && NumberAfter(line, "max reserved", v))
      r.peak_gib = v / 1024, r.framework = "megatron", used = true;
    // Hugging Face Trainer (and TRL, Axolotl, LLaMA-Factory, Unsloth): the metrics dict. Its
    // train_tokens_per_second is per device (include_tokens_per_second); samples per second are of all GPUs.
    if (NumberAfter(line, "train_tokens_per_second", v))
      r.tokens_per_s_per_gpu = v, r.framework = "hf", used = true;
    else if (NumberAfter(line, "train_samples_per_second", v))
      r.samples_per_s = v, r.framework = "hf", used = true;
    if (used) r.line = line;
    if (end == text.size()) break;
  }
  return r;
}

double LogTokensPerGpu(const RunLogReading& r, double gbs, double seq, double gpus) {
  if (r.tokens_per_s_per_gpu > 0) return r.tokens_per_s_per_gpu;
  if (!(gpus > 0) || !(seq > 0)) return 0;
  if (r.iteration_s > 0 && gbs > 0) return gbs * seq / r.iteration_s / gpus;
  if (r.samples_per_s > 0) return r.samples_per_s * seq / gpus;
  return 0;
}

bool LogNeedsPlanShape(const RunLogReading& r) {
  return r.tokens_per_s_per_gpu <= 0 && (r.iteration_s > 0 || r.samples_per_s > 0);
}

int ApplyRunLog(const RunLogReading& r, double gbs, double seq, double gpus, bool keep_given, Config& cfg,
                std::vector<ConfigIssue>* issues) {
  // Through the key table, as if typed: a log's 1e308 tokens/s is refused by the key's range, naming it.
  std::vector<ConfigIssue> local;
  std::vector<ConfigIssue>& out = issues ? *issues : local;
  int set = 0;
  if (!(keep_given && cfg.measured_tokens_per_s_per_gpu > 0)) {
    const double tps = LogTokensPerGpu(r, gbs, seq, gpus);
    if (tps > 0 && ApplyPair(cfg, "measured_tokens_per_s_per_gpu", CompactNumber(tps), out)) ++set;
  }
  if (!(keep_given && cfg.measured_peak_gib > 0) && r.peak_gib > 0 &&
      ApplyPair(cfg, "measured_peak_gib", CompactNumber(r.peak_gib), out))
    ++set;
  return set;
}

double LogImpliedPeakTflops(const RunLogReading& r) { return r.tflops > 0 && r.mfu > 0 ? r.tflops / r.mfu : 0; }

}  // namespace tp
