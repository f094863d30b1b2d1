// memory_validation.h — the published peak-memory cases (tests/data/memory_runs.json) through the planner: each
// case's figure against the one its source measured (allocated, reserved, nvidia-smi), one split at a time (held
// out, fitted, weak: the file's split_rule), with the statistics the targets name. bench/memory_cases.cpp
// prints them, tests/core/memory_cases_test.cpp holds them, docs/validation.md shows them.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "validation.h"

namespace tp {

struct MemoryCaseResult {
  CaseResult r;               // the figure planned and compared (validation.h)
  std::string split;          // heldout | fitted | weak
  std::string weak;           // why a weak case is not counted
  std::string memory_metric;  // allocated | reserved | smi | unknown
};
// split: "heldout", "fitted", "weak" or "all".
std::vector<MemoryCaseResult> RunMemoryCases(std::string_view json, std::string_view split,
                                             std::string* parse_error = nullptr);

struct MemoryStats {
  int peaks = 0, peaks_within = 0;  // peak-memory figures, and those within 15 %
  double median_abs = 0;            // of the peak figures' errors
  int seqs = 0, seqs_within = 0;    // longest-sequence figures, and those within 25 %
  int verdicts = 0, verdicts_right = 0;
  int banded = 0, band_inside = 0;  // figures with a printed band (bands.h), and those whose measurement is inside
  double median_band_width = 0;     // of (band_hi - band_lo) / predicted
};
MemoryStats SummarizeMemoryCases(const std::vector<MemoryCaseResult>& results);
bool IsPeakMemoryMetric(const std::string& metric);

std::string MemoryCasesText(const std::vector<MemoryCaseResult>& results);
std::string MemoryCasesMarkdown(const std::vector<MemoryCaseResult>& results, const std::string& split);

}  // namespace tp
