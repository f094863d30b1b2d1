// resolved.h — what every "auto" of a plan's configuration became, from one function: the JSON's "config"
// (numbers and ids, with "auto_keys" naming the keys auto chose), the text report, the page's greyed fields
// and the explanation's leaves all read it, so the page's 4,096 is the JSON's 4096.
#pragma once
#include <string>
#include <vector>

#include "config.h"
#include "planner.h"

namespace tp {

struct ResolvedConfig {
  Config config;                       // the plan's configuration with each auto key's value in use
  std::vector<std::string> auto_keys;  // the keys left on auto whose value the plan chose, in key-table order
};

// The configuration as planned: model dimensions from the preset, the workload, framework and budget from
// the rules, the GPU's links, node size and prices from the catalog, the layout the search chose, every
// assumption's value. Keys that do not apply to the plan stay "auto" (a dense model's moe_ffn, a catalog
// GPU's gpu_mem_gib, pp_microbatches); keys the page planned on their default after an error keep the value
// given (PlanOutput::fallback_keys). A plan with errors is its configuration as given.
ResolvedConfig ResolveAutoKeys(const PlanOutput& out);
// One key's value in use, as the link spells it ("4096", "megatron", "auto" where the plan chose none): the
// page's greyed field. The same as FormatValue(ResolveAutoKeys(out).config, key.name).
std::string ResolvedValue(const PlanOutput& out, const KeyInfo& key);

}  // namespace tp
