// scenario.h — compare columns: the `cmp` key's scenarios ("gpu:h100,gpus:128;gpu:a100-80g,gpus:256"),
// each a few keys over the main configuration. One reading for the page's Compare view and
// `trainplan compare --link`, so a compare link gives the same columns everywhere.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "config.h"

namespace tp {

// The columns a compare link without `cmp` shows: the question many users arrive with.
inline constexpr const char* kDefaultCompare = "gpu:rtx4090,gpus:2048;gpu:a100-80g,gpus:256;gpu:h100,gpus:256";
inline constexpr size_t kMinScenarios = 2, kMaxScenarios = 4;

// The scenarios of a `cmp` value (empty parts skipped); at most kMaxScenarios are kept.
std::vector<std::string> SplitScenarios(std::string_view spec);
// The `cmp` value of scenarios: SplitScenarios' inverse.
std::string JoinScenarios(const std::vector<std::string>& scenarios);
// `scenario` with `key` set to `value`: the pair replaced where it stands (the first one; later pairs of
// the same key dropped), else appended. How the page edits one column without losing its other keys.
std::string SetScenarioValue(std::string_view scenario, std::string_view key, std::string_view value);
// The `cmp` key's check: 2-4 scenarios, each key:value pairs of known keys with acceptable values.
bool ValidScenarioList(std::string_view spec);
// One column: `base` with the scenario's keys applied. Scenarios vary the hardware, so the layout keys
// go back to auto (a fixed TP/PP rarely suits every GPU) and the links and prices to the GPU's own.
// Bad pairs are reported in `issues` (key "cmp") and skipped.
Config ScenarioConfig(const Config& base, std::string_view scenario, std::vector<ConfigIssue>* issues);
// The scenarios of a configuration's compare columns: its `cmp`, or kDefaultCompare when it has none.
std::vector<std::string> CompareScenarios(const Config& cfg);
// The compare columns of a configuration: each of its CompareScenarios applied to it.
std::vector<Config> CompareColumns(const Config& cfg, std::vector<ConfigIssue>* issues);

}  // namespace tp
