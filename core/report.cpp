// report.cpp — plan formatting (see report.h). PLACEHOLDER.
#include "report.h"

namespace tp {

std::string PlanToJson(const PlanOutput&) { return "{}"; }
std::string PlanToText(const PlanOutput&) { return {}; }
std::string PlanToCsv(const PlanOutput&) { return {}; }
std::string PlanToMarkdown(const PlanOutput&) { return {}; }
std::string FormatPlan(const PlanOutput& out, Format) { return PlanToJson(out); }
std::string FormatComparison(const std::vector<PlanOutput>&, Format) { return {}; }
std::string FormatSearch(const PlanOutput&, const SearchResult&, Format) { return {}; }

}  // namespace tp
