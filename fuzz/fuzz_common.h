// fuzz_common.h — what the libFuzzer targets share: the abort that turns a non-finite figure into a finding, and
// any bytes read as a link into a configuration that stays cheap to plan.
#pragma once
#include <cmath>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "config.h"
#include "resolve.h"

namespace tp::fuzz {

inline void RequireFinite(double v) {
  if (!std::isfinite(v)) std::abort();
}

// The link's configuration, kept cheap: a search over a million GPUs' layouts is a benchmark, not a fuzz case,
// so the GPU count is capped and tp and pp on auto become 1 (the rest of the layout is still searched).
inline Config CheapLink(std::string_view text, std::vector<ConfigIssue>& issues) {
  Config cfg;
  ApplyLink(cfg, text, issues);
  if (cfg.gpus > 4096) cfg.gpus = 4096;
  if (HasAutoLayout(cfg)) cfg.tp = cfg.tp == kAuto ? 1 : cfg.tp, cfg.pp = cfg.pp == kAuto ? 1 : cfg.pp;
  return cfg;
}

}  // namespace tp::fuzz
