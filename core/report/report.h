// report.h — a plan (or several) as JSON (the interface.md contract), an aligned text table with units,
// CSV and Markdown. Used by the command line, the page's export and window.trainplan.plan().
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "planner.h"
#include "search.h"

namespace tp {

enum class Format { Text, Json, Csv, Markdown };

std::string PlanToJson(const PlanOutput& out);
std::string PlanToText(const PlanOutput& out);
std::string PlanToCsv(const PlanOutput& out);
std::string PlanToMarkdown(const PlanOutput& out);
std::string FormatPlan(const PlanOutput& out, Format format);
std::string FormatComparison(const std::vector<PlanOutput>& outs, Format format);
// Search results best first; `objective` words why each layout loses to the first.
std::string FormatSearch(const PlanOutput& base, const SearchResult& result, Format format,
                         Objective objective = Objective::Time);
// The text output's "Calibration (from your run)" section as (label, value) lines in `lang`, empty when the
// plan has no calibration: the measurement against the plan without and with the factors, each factor with
// what it scales, the GPU measured on, and the keys that carry it to other plans. The page draws the same.
std::vector<std::pair<std::string, std::string>> CalibrationRows(const PlanOutput& out, Lang lang);

}  // namespace tp
