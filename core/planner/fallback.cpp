// fallback.cpp — the page's planner rounds after an error (PlanMode::Fallback, issue #9): every key an error
// names goes back to its default, then wider sets of layout keys, and the configuration is planned again, a few
// rounds at most, keeping every issue met; when no repair plans, the first round's answer stands.
#include <algorithm>

#include "planner_impl.h"

namespace tp {

// Set `key` back to Config{}'s value through the key table (so every key, present or future, resets the
// same way). False when the key is not a config key or already holds its default.
bool ResetKey(Config& cfg, const std::string& key) {
  static const Config defaults;
  return FindKey(key) && !IsDefault(cfg, key) && CopyKey(cfg, defaults, key);
}

void Planner::Impl::Keep(const std::vector<ConfigIssue>& more) {
  for (const ConfigIssue& is : more)
    if (std::find(issues.begin(), issues.end(), is) == issues.end()) issues.push_back(is);
}

// Fallback: the next configuration to try, or the first answer when no repair is left.
void Planner::Impl::Repair() {
  static const std::vector<std::vector<const char*>> kWider = {
      {"mbs", "dp"}, {"tp", "pp", "vp", "cp", "ep", "dp", "mbs", "zero", "recompute", "offload", "sp"}};
  if (round >= kRounds) return GiveUp();
  Config repaired = round_cfg;
  bool changed = false;
  auto reset = [&](const std::string& key) {
    if (!ResetKey(repaired, key)) return;
    if (std::find(replaced.begin(), replaced.end(), key) == replaced.end()) replaced.push_back(key);
    changed = true;
  };
  for (const ConfigIssue& is : errors)
    if (!is.notice) reset(is.key);
  while (!changed && wider < kWider.size())
    for (const char* key : kWider[wider++]) reset(key);
  if (!changed) return GiveUp();
  ++round;
  StartRound(repaired);
}

void Planner::Impl::GiveUp() {
  first.issues = std::move(issues);
  Finish(std::move(first));
}

Config WithDefaults(const Config& cfg, const std::vector<std::string>& keys) {
  Config out = cfg;
  for (const std::string& key : keys) ResetKey(out, key);
  return out;
}

}  // namespace tp
