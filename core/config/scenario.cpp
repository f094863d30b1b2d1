// scenario.cpp — see scenario.h: the compare columns of the `cmp` key.
#include "scenario.h"

#include "text.h"

namespace tp {
namespace {

std::vector<std::string_view> Split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  while (!s.empty()) {
    const size_t at = s.find(sep);
    std::string_view part = s.substr(0, at);
    if (!part.empty()) parts.push_back(part);
    if (at == std::string_view::npos) break;
    s.remove_prefix(at + 1);
  }
  return parts;
}

// Applies one scenario's pairs; false when a pair is not key:value or its key/value is refused.
bool ApplyScenario(Config& c, std::string_view scenario, std::vector<ConfigIssue>& issues) {
  bool ok = true;
  for (std::string_view kv : Split(scenario, ',')) {
    const size_t colon = kv.find(':');
    const std::string_view key = colon == std::string_view::npos ? kv : kv.substr(0, colon);
    // A scenario cannot nest views or other scenarios.
    if (colon == std::string_view::npos || key == "cmp" || key == "view" || key == "v") {
      issues.push_back(
          MakeIssue("cmp", "scenario part {0} is not key:value of a configuration key"_issue, {Quote(kv)}));
      ok = false;
      continue;
    }
    ok &= ApplyPair(c, key, kv.substr(colon + 1), issues);
  }
  return ok;
}

}  // namespace

std::vector<std::string> SplitScenarios(std::string_view spec) {
  std::vector<std::string> out;
  for (std::string_view s : Split(spec, ';')) {
    if (out.size() >= kMaxScenarios) break;
    out.emplace_back(s);
  }
  return out;
}

std::string JoinScenarios(const std::vector<std::string>& scenarios) {
  std::string spec;
  for (const std::string& s : scenarios) spec += (spec.empty() ? "" : ";") + s;
  return spec;
}

std::string SetScenarioValue(std::string_view scenario, std::string_view key, std::string_view value) {
  std::string out;
  bool set = false;
  auto add = [&](std::string_view part) { out.append(out.empty() ? "" : ",").append(part); };
  const std::string pair = std::string(key) + ":" + std::string(value);
  for (std::string_view kv : Split(scenario, ',')) {
    if (kv.substr(0, kv.find(':')) != key)
      add(kv);
    else if (!set)
      add(pair), set = true;
  }
  if (!set) add(pair);
  return out;
}

bool ValidScenarioList(std::string_view spec) {
  if (spec.size() > 1024) return false;
  const std::vector<std::string_view> parts = Split(spec, ';');
  if (parts.size() < kMinScenarios || parts.size() > kMaxScenarios) return false;
  for (std::string_view s : parts) {
    Config c;
    std::vector<ConfigIssue> issues;
    if (!ApplyScenario(c, s, issues)) return false;
  }
  return true;
}

Config ScenarioConfig(const Config& base, std::string_view scenario, std::vector<ConfigIssue>* issues) {
  Config c = base;
  c.tp = c.pp = c.vp = c.cp = c.ep = c.dp = c.mbs = kAuto;
  c.gpus_per_node = kUnset;
  c.intra.clear(), c.inter.clear();
  c.usd_per_gpu_hour = 0, c.usd_per_gpu = 0;
  c.view = 0, c.cmp.clear();
  std::vector<ConfigIssue> local;
  ApplyScenario(c, scenario, local);
  if (issues) issues->insert(issues->end(), local.begin(), local.end());
  return c;
}

std::vector<std::string> CompareScenarios(const Config& cfg) {
  return SplitScenarios(cfg.cmp.empty() ? kDefaultCompare : cfg.cmp);
}

std::vector<Config> CompareColumns(const Config& cfg, std::vector<ConfigIssue>* issues) {
  std::vector<Config> columns;
  for (const std::string& s : CompareScenarios(cfg)) columns.push_back(ScenarioConfig(cfg, s, issues));
  return columns;
}

}  // namespace tp
