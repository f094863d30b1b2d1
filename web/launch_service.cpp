// launch_service.cpp — launch_service.h: the requests of the page's launch menu and import box answered with
// core/launch and the planner.
#include "launch_service.h"

#include <cstdlib>
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

// The files imported before this one since the page's inputs last changed otherwise ("earlier=" <format>:<bytes>,
// ... at the start of the body), read with it as the command line reads `--import a --import b`: each file's keys
// in turn, then each one's batch from its accumulation with the GPUs the last of them gives.
struct File {
  const LaunchFormatInfo* format;
  std::string_view text;
};
bool SplitFiles(const Message& m, const LaunchFormatInfo& f, std::vector<File>& files) {
  const std::string earlier = m.fields.count("earlier") ? m.fields.at("earlier") : "";
  std::string_view body = m.body;
  size_t at = 0;
  while (at < earlier.size()) {
    size_t end = earlier.find(',', at);
    if (end == std::string::npos) end = earlier.size();
    const std::string item = earlier.substr(at, end - at);
    at = end + 1;
    const size_t colon = item.rfind(':');
    const LaunchFormatInfo* format = colon == std::string::npos ? nullptr : FindLaunchFormat(item.substr(0, colon));
    char* stop = nullptr;
    const unsigned long long bytes =
        colon == std::string::npos ? 0 : std::strtoull(item.c_str() + colon + 1, &stop, 10);
    if (!format || !stop || *stop || bytes > body.size()) return false;
    files.push_back({format, body.substr(0, bytes)});
    body.remove_prefix(bytes);
  }
  files.push_back({&f, body});
  return true;
}

std::string Import(const Message& m, const LaunchFormatInfo& f, Lang lang) {
  Config cfg;
  std::vector<ConfigIssue> link_issues;
  ApplyLink(cfg, m.fields.count("link") ? m.fields.at("link") : "", link_issues);
  std::vector<File> files;
  if (!SplitFiles(m, f, files)) return "ok=0\nerror=earlier: not <format>:<bytes> within the body\n\n";
  // The page's own model (its link names one the user chose) stands where the file's is none TrainPlan knows.
  const Config fresh;
  const unsigned given = cfg.model != fresh.model ? kGivenModel : 0;
  std::vector<LaunchImport> imports;
  std::vector<ConfigIssue> issues;
  bool ok = true;
  for (const File& file : files) {
    imports.push_back(ImportLaunch(file.text, &file.format->format));
    const LaunchImport& imp = imports.back();
    // The earlier files' own notes were shown when they were imported: this file's, and what the batch of them all
    // says (FinishLaunchImport), are shown now.
    const bool last = &file == &files.back();
    std::vector<ConfigIssue> shown_before;
    std::vector<ConfigIssue>& mine = last ? issues : shown_before;
    mine.insert(mine.end(), imp.issues.begin(), imp.issues.end());
    if (imp.ok) ApplyLaunchPairs(cfg, imp, mine);
    ok &= imp.ok;
    if (HasErrors(shown_before)) issues.insert(issues.end(), shown_before.begin(), shown_before.end());
  }
  if (ok) FinishLaunchImports(cfg, imports, issues, given);
  std::string out = std::string("ok=") + (ok && !HasErrors(issues) ? "1" : "0") + "\n";
  out += "link=" + FormatLink(cfg) + "\npairs=" + OneLine(LaunchPairsText(imports.back())) + "\n";
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
