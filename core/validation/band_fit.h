// band_fit.h — the band table (core/estimate/bands.h) fitted from the validation runs' residuals: the fitted memory
// cases of tests/data/memory_runs.json (peak figures and longest sequences), the throughput cases' leave-one-out
// errors of their framework's efficiency (FitStackEfficiencies), the fitted MoE steps' errors of the shipped step
// model (moe_fit_steps.json: no efficiency is fitted on them), the whole runs' (cases.json) and MLPerf runs' timed
// clocks (run_parts_fit.json) measured over planned. Held-out cases never enter. bench/fit_bands.cpp prints the table;
// tests/core/bands_test.cpp checks the shipped one against it.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "bands.h"

namespace tp {

struct BandSample {
  BandKind kind;
  BandRegime regime;
  double ratio = 1;  // measured / predicted (speed: measured speed / predicted speed)
  std::string id, metric;
};
struct BandFitInputs {
  std::string_view memory_runs, cases, published_setups, stack_runs, finetune_fit_runs;
  std::string_view moe_fit_steps, run_parts_fit;  // the step model's own errors on MoE steps, whole MLPerf runs
};
std::vector<BandSample> BandSamples(const BandFitInputs& in);
std::vector<BandRow> FitBandRows(const std::vector<BandSample>& samples);
// The 80 % prediction interval of a new case's ratio from a regime's ratios (FitBandRows' rule, band_fit.cpp).
struct BandInterval {
  double lo = 1, hi = 1;
};
BandInterval PredictionInterval(const std::vector<double>& ratios);
// The rows as band_table.cpp's data, and as a Markdown table for docs/validation.md.
std::string BandTableCpp(const std::vector<BandRow>& rows);
std::string BandTableMarkdown(const std::vector<BandRow>& rows);

// Each sample of a kind left out in turn, the rows refitted without it: is its ratio inside its band, and how wide
// is the band (hi - lo, a share of the predicted value; the median of the samples)?
struct BandCoverage {
  int n = 0, inside = 0;
  double median_width = 0;
};
BandCoverage LeaveOneOutCoverage(const std::vector<BandSample>& samples, BandKind kind);
// The printed band on each figure of a case file the table never read (held-out throughput, MoE steps, fine-tuning
// runs, whole runs): Speed counts the throughput figures (tokens/s, step time, MFU), Run the whole runs' days and
// GPU-hours (their band is the whole-run band, bands.cpp BandsOf).
BandCoverage PrintedBandCoverage(std::string_view cases_json, std::string_view published_setups, BandKind kind);

}  // namespace tp
