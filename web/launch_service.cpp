// launch_service.cpp — launch_service.h: the requests of the page's launch menu and import box answered with
// core/launch and the planner.
#include "launch_service.h"

#include <map>
#include <string_view>
#include <vector>

#include "config.h"
#include "issue.h"
#include "launch.h"
#include "planner.h"

namespace tp::ui {
namespace {

struct Message {
  std::map<std::string, std::string> fields;
  std::string body;
};

Message Parse(const std::string& text) {
  Message m;
  size_t at = 0;
  while (at < text.size()) {
    const size_t end = text.find('\n', at);
    const std::string line = text.substr(at, end == std::string::npos ? std::string::npos : end - at);
    at = end == std::string::npos ? text.size() : end + 1;
    if (line.empty()) break;
    const size_t eq = line.find('=');
    if (eq != std::string::npos) m.fields[line.substr(0, eq)] = line.substr(eq + 1);
  }
  m.body = text.substr(at);
  return m;
}

std::string OneLine(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return s;
}

std::string Issue(const ConfigIssue& i, Lang lang) {
  return std::string("issue=") + (i.notice ? "n" : "e") + "\t" + OneLine(i.key) + "\t" +
         OneLine(IssueMessage(i, lang)) + "\n";
}

std::string Export(const Message& m, const LaunchFormatInfo& f, Lang lang) {
  Config cfg;
  std::vector<ConfigIssue> link_issues;
  ApplyLink(cfg, m.fields.count("link") ? m.fields.at("link") : "", link_issues);
  const PlanOutput plan = LaunchPlan(cfg, f.format);
  for (const ConfigIssue& i : plan.issues)
    if (!i.notice) return "ok=0\nerror=" + OneLine(FormatIssue(i, lang)) + "\n\n";
  if (!plan.ok) return "ok=0\nerror=\n\n";
  const std::string base = m.fields.count("base") ? m.fields.at("base") : "";
  const LaunchExport ex = ExportLaunch(plan, f.format, base + FormatLink(plan.config));
  std::string notes;
  for (const ConfigIssue& i : ex.issues) {
    if (!i.notice) return "ok=0\nerror=" + OneLine(FormatIssue(i, lang)) + "\n\n";
    notes += "note=" + OneLine(FormatIssue(i, lang)) + "\n";
  }
  return "ok=1\n" + notes + "\n" + ex.text;
}

std::string Import(const Message& m, const LaunchFormatInfo& f, Lang lang) {
  Config cfg;
  std::vector<ConfigIssue> link_issues;
  ApplyLink(cfg, m.fields.count("link") ? m.fields.at("link") : "", link_issues);
  const LaunchImport imp = ImportLaunch(m.body, &f.format);
  std::vector<ConfigIssue> issues = imp.issues;
  // The page's own model (its link names one the user chose) stands where the file's is none TrainPlan knows.
  const Config fresh;
  const unsigned given = cfg.model != fresh.model ? kGivenModel : 0;
  if (imp.ok) ApplyLaunchImport(cfg, imp, issues, given);
  std::string out = std::string("ok=") + (imp.ok && !HasErrors(issues) ? "1" : "0") + "\n";
  out += "link=" + FormatLink(cfg) + "\npairs=" + OneLine(LaunchPairsText(imp)) + "\n";
  for (const ConfigIssue& i : issues) out += Issue(i, lang);
  return out + "\n";
}

}  // namespace

std::string LaunchServiceAnswer(const std::string& request) {
  const Message m = Parse(request);
  const auto field = [&](const char* k) { return m.fields.count(k) ? m.fields.at(k) : std::string(); };
  const LaunchFormatInfo* f = FindLaunchFormat(field("format"));
  const Lang lang = ParseLang(field("lang"));
  if (!f) return "ok=0\nerror=format: unknown launch format \"" + OneLine(field("format")) + "\"\n\n";
  if (field("op") == "export") return Export(m, *f, lang);
  if (field("op") == "import") return Import(m, *f, lang);
  return "ok=0\nerror=op: expected export or import\n\n";
}

}  // namespace tp::ui
