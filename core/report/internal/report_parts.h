// report_parts.h — what the report's files share (report.h is their surface): the plan as JSON sections
// (report_json.cpp: JSON and CSV print them), as labelled text rows (report_text.cpp: text and Markdown print
// them), the text table and cell escapes, and a search hit as a plan of its own.
#pragma once
#include <string>
#include <vector>

#include "report.h"

namespace tp::report_detail {

// ---- structured entries: one list drives JSON and CSV (report_json.cpp) ----
struct Entry {
  std::string key;
  std::string json;  // the value as JSON text
  std::string text;  // the same value unquoted (CSV)
};
struct Section {
  std::string name;
  std::vector<Entry> entries;
};
// "config" (every key as planned, report/resolved.h), then the figure table's sections in its order.
std::vector<Section> Sections(const PlanOutput& out);
std::string PlanJson(const PlanOutput& out, const std::string& pad);  // the plan object at an indentation
std::string JsonStringArray(const std::vector<std::string>& items, const std::string& indent);
std::string Num(double v);                             // a JSON number (0 for one that is not finite)
std::string Csv(const std::vector<PlanOutput>& outs);  // report_csv.cpp

// ---- human rows: one list drives text and Markdown (report_text.cpp) ----
struct Row {
  std::string label;  // empty label = section heading in `value`
  std::string value;
};
std::vector<Row> Rows(const PlanOutput& out, Lang lang);
// Aligned columns in terminal widths; heading rows are printed whole and not measured. With `wrap` > 0 every column
// but the first (the labels) is wrapped at that many terminal columns (text.h WrapCell), a row taking as many lines as
// its tallest cell: plans side by side stay readable where one cell (the auto keys, a link) is hundreds of columns
// long.
std::string TextTable(const std::vector<std::vector<std::string>>& table, const std::vector<bool>& heading,
                      size_t wrap = 0);

std::string MdCell(const std::string& s);
std::string LayoutText(const Config& c);  // "tp=8 pp=1 ... offload=none"
// Post-training's RL step (report_rl.cpp): the JSON's "rl" object and the text's phase rows; nothing otherwise.
std::string RlJson(const RlStep& s, const std::string& pad);
void RlRows(const PlanOutput& out, Lang lang, std::vector<Row>& rows);

// The language of human-readable output (text, Markdown): the configuration's `lang` key. JSON and CSV
// stay English whatever it says.
inline Lang LangOf(const PlanOutput& out) { return ParseLang(out.config.lang); }

}  // namespace tp::report_detail

namespace tp {
// Several plans side by side, each format's file: the JSON with the compare verdict (report_json.cpp), text
// and Markdown with the verdict's line under the table (report_text.cpp).
std::string ComparisonToJson(const std::vector<PlanOutput>& outs);
std::string ComparisonToText(const std::vector<PlanOutput>& outs, Format format);
}  // namespace tp
