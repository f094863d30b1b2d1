// report.cpp — report.h's formats, each in its file: JSON (report_json.cpp), text and Markdown
// (report_text.cpp), CSV (report_csv.cpp), search results (report_search.cpp); this file picks among them.
// Memory is shown in GiB (2^30 bytes, what nvidia-smi and PyTorch show) with GB (1e9) beside it, always
// labelled; the same plan prints the same bytes natively and in WebAssembly.
#include "report.h"

#include "report_parts.h"

namespace tp {

std::string FormatPlan(const PlanOutput& out, Format format) {
  switch (format) {
    case Format::Text: return PlanToText(out);
    case Format::Json: return PlanToJson(out);
    case Format::Csv: return PlanToCsv(out);
    case Format::Markdown: return PlanToMarkdown(out);
  }
  return PlanToJson(out);
}

std::string FormatComparison(const std::vector<PlanOutput>& outs, Format format) {
  if (format == Format::Json) return ComparisonToJson(outs);
  if (format == Format::Csv) return report_detail::Csv(outs);
  return ComparisonToText(outs, format);
}

}  // namespace tp
