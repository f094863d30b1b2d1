// report_csv.cpp — plans as CSV: a header of section.key names (the JSON's paths, figures.h) and one row
// per plan; strings unquoted unless they need it. A post-training plan's step is in the rl.* columns (empty
// for other goals).
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
    // Post-training's step, the JSON's "rl" object (report_rl.cpp RlJson): empty for other goals, so that plans of
    // both kinds share one header.
    const RlStep& r = outs[n].plan.rl;
    const struct {
      const char* key;
      double value;
    } rl[] = {{"rl.step_seconds", r.step_seconds}, {"rl.generation_s", r.generation_s},
              {"rl.logprob_s", r.logprob_s},       {"rl.reward_s", r.reward_s},
              {"rl.training_s", r.training_s},     {"rl.sync_s", r.sync_s},
              {"rl.hidden_s", r.hidden_s},         {"rl.kv_cache_bytes", r.kv_cache_bytes}};
    for (const auto& f : rl) add(f.key, outs[n].ok && r.active ? Num(f.value) : "");
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
