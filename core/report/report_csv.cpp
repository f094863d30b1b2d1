// report_csv.cpp — plans as CSV: a header of section.key names (the JSON's paths, figures.h) and one row
// per plan; strings unquoted unless they need it.
#include "report_parts.h"
#include "sentences.h"

namespace tp {
namespace report_detail {
namespace {

std::string CsvField(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::string Csv(const std::vector<PlanOutput>& outs) {
  std::string header, body;
  for (size_t n = 0; n < outs.size(); ++n) {
    std::string line;
    auto add = [&](const std::string& name, std::string value) {
      // Appends in steps: GCC 12 warns (falsely, -Wrestrict) on `"," + std::string` here.
      if (n == 0) {
        if (!header.empty()) header += ',';
        header += CsvField(name);
      }
      if (!line.empty()) line += ',';
      line += CsvField(value);
    };
    for (const Section& sec : Sections(outs[n]))
      for (const Entry& e : sec.entries) add(sec.name + "." + e.key, e.text);
    add("link", FormatLink(outs[n].config));
    add("bottleneck", outs[n].ok ? BottleneckSentence(outs[n].plan, outs[n].job) : "");
    std::string errors;
    for (const ConfigIssue& i : outs[n].issues)
      if (!i.notice) errors += (errors.empty() ? "" : "; ") + FormatIssue(i);
    add("errors", errors);
    body += line + "\n";
  }
  return header + "\n" + body;
}

}  // namespace report_detail

std::string PlanToCsv(const PlanOutput& out) { return report_detail::Csv({out}); }

}  // namespace tp
