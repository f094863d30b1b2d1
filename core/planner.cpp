// planner.cpp — MakePlan: resolve, validate, search the auto keys, evaluate; fit advice when nothing
// fits (each candidate change is planned for real, not guessed).
#include "planner.h"

#include <algorithm>
#include <cstdio>

#include "catalog.h"
#include "search.h"

namespace tp {
namespace {

// Plan with layout search if needed; returns false if the config has errors.
bool PlanOnce(const Config& cfg, PlanOutput& out) {
  out.config = cfg;
  out.job = ResolveJob(cfg, out.issues);
  if (HasErrors(out.issues)) return false;
  if (!HasAutoLayout(cfg)) {
    Layout layout = ExplicitLayout(cfg, out.job);
    FollowLayoutBatch(out.job, layout);
    if (!CheckLayout(out.job, layout, &out.issues)) return false;
    out.plan = Evaluate(out.job, layout);
    out.evaluated = 1;
  } else {
    SearchOptions options;
    options.top = 1;
    SearchResult result = SearchLayouts(cfg, options);
    out.searched = true;
    out.evaluated = result.evaluated;
    if (result.jobs.empty() || result.evaluated == 0) {
      // Nothing valid to enumerate (e.g. the GPU count cannot be split): fall back to the explicit layout.
      Layout layout = ExplicitLayout(cfg, out.job);
      FollowLayoutBatch(out.job, layout);
      if (!CheckLayout(out.job, layout, &out.issues)) return false;
      out.plan = Evaluate(out.job, layout);
    } else {
      out.plan = result.any_fits ? result.top.front().plan : result.least_memory.plan;
      FollowLayoutBatch(out.job, out.plan.layout);  // as the search did for this layout
    }
  }
  ApplyLayout(out.config, out.plan.layout);
  return true;
}

std::string Fixed1(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

// Try the usual remedies, each planned with the real model; report those that fit, in a fixed order
// from the cheapest (no new hardware, no change of method) to the most expensive.
void AddFitAdvice(const Config& cfg, PlanOutput& out) {
  struct Remedy { const char* words; std::string arg; Config cfg; };
  std::vector<Remedy> remedies;
  auto with = [&](const char* words, auto change, std::string arg = {}) {
    Config c = cfg;
    change(c);
    remedies.push_back({words, std::move(arg), c});
  };
  with("full activation recomputation", [](Config& c) { c.recompute = Recompute::Full; });
  with("ZeRO-3 (shard weights, gradients and optimizer states)", [](Config& c) { c.zero = 3; c.pp = 1; });
  with("ZeRO-3 with CPU offload of optimizer states", [](Config& c) { c.zero = 3; c.pp = 1; c.offload = int(Offload::Cpu); });
  with("ZeRO-3 with NVMe offload", [](Config& c) { c.zero = 3; c.pp = 1; c.offload = int(Offload::Nvme); });
  if (cfg.method == Method::Full) {
    with("LoRA instead of full training", [](Config& c) { c.method = Method::Lora; });
    with("QLoRA (4-bit base)", [](Config& c) { c.method = Method::Qlora; });
  }
  for (int factor : {2, 4, 8, 16})
    with("{0}x the GPUs", [factor](Config& c) { c.gpus *= factor; }, std::to_string(factor));
  const GpuSpec* current = FindGpu(cfg.gpu);
  const GpuSpec* bigger = nullptr;
  for (const GpuSpec& g : Gpus())
    if (current && g.mem_bytes > current->mem_bytes && (!bigger || g.mem_bytes < bigger->mem_bytes)) bigger = &g;
  if (bigger) {
    with("a bigger GPU ({0})", [bigger](Config& c) {
      c.gpu = bigger->id;
      c.intra.clear(), c.inter.clear(), c.gpus_per_node = kUnset, c.usd_per_gpu_hour = 0, c.usd_per_gpu = 0;
    }, bigger->name);
  }
  for (Remedy& r : remedies) {
    PlanOutput alt;
    if (!PlanOnce(r.cfg, alt) || !alt.plan.memory.fits) continue;
    FitRemedy fit{r.words, r.arg, alt.plan.memory.total, alt.plan.memory.usable, alt.plan.run.days};
    out.fit_advice.push_back(FitAdviceSentence(fit, Lang::En));
    out.fit_remedies.push_back(std::move(fit));
    if (out.fit_advice.size() >= 4) break;
  }
}

// Set `key` back to Config{}'s value through the key table (so every key, present or future, resets the
// same way the parser sets it). False when the key is not a config key or already holds its default.
bool ResetKey(Config& cfg, const std::string& key) {
  static const Config defaults;
  const std::string value = FormatValue(defaults, key);
  if (value.empty() || FormatValue(cfg, key) == value) return false;
  std::vector<ConfigIssue> ignored;
  return ApplyPair(cfg, key, value, ignored);
}

bool SameIssue(const ConfigIssue& a, const ConfigIssue& b) {
  return a.key == b.key && a.message == b.message && a.notice == b.notice;
}

}  // namespace

std::string FitAdviceSentence(const FitRemedy& r, Lang lang) {
  return TrFill(lang, "{0}: {1} GB of {2} GB usable per GPU, {3} days",
                {TrFill(lang, r.words, {r.arg}), Fixed1(r.total_bytes / 1e9), Fixed1(r.usable_bytes / 1e9), Fixed1(r.days)});
}

bool HasAutoLayout(const Config& c) {
  return c.tp == kAuto || c.pp == kAuto || c.vp == kAuto || c.cp == kAuto || c.ep == kAuto || c.mbs == kAuto ||
         c.zero == kAuto || c.recompute == Recompute::Auto || c.offload == kAuto || c.sp == kAuto;
}

void ApplyLayout(Config& cfg, const Layout& l) {
  cfg.tp = l.tp, cfg.pp = l.pp, cfg.vp = l.vp, cfg.cp = l.cp, cfg.ep = l.ep, cfg.dp = l.dp;
  cfg.mbs = l.mbs, cfg.zero = l.zero, cfg.recompute = l.recompute, cfg.offload = int(l.offload), cfg.sp = l.sp ? 1 : 0;
}

PlanOutput MakePlan(const Config& cfg) {
  PlanOutput out;
  out.ok = PlanOnce(cfg, out);
  if (out.ok && !out.plan.memory.fits && out.job.model.layers > 0) AddFitAdvice(cfg, out);
  return out;
}

Config WithDefaults(const Config& cfg, const std::vector<std::string>& keys) {
  Config out = cfg;
  for (const std::string& key : keys) ResetKey(out, key);
  return out;
}

PlanOutput MakePlanWithFallback(const Config& cfg, const std::vector<ConfigIssue>& parse_issues) {
  std::vector<ConfigIssue> issues = parse_issues;
  auto keep = [&issues](const std::vector<ConfigIssue>& more) {
    for (const ConfigIssue& is : more)
      if (std::none_of(issues.begin(), issues.end(), [&](const ConfigIssue& k) { return SameIssue(k, is); }))
        issues.push_back(is);
  };
  PlanOutput first = MakePlan(cfg);
  keep(first.issues);
  if (first.ok) {
    first.issues = std::move(issues);
    return first;
  }
  // Each round resets the keys the last round's errors name. Should an error name a key that already
  // holds its default, the next step of kWider goes to auto instead: the batch split first, then every
  // layout key. A round that changes nothing ends the
  // loop, and there are at most kRounds of them: never a hang.
  constexpr int kRounds = 5;
  static const std::vector<std::vector<const char*>> kWider = {
      {"mbs", "dp"}, {"tp", "pp", "vp", "cp", "ep", "dp", "mbs", "zero", "recompute", "offload", "sp"}};
  Config repaired = cfg;
  std::vector<std::string> replaced;
  std::vector<ConfigIssue> errors = first.issues;
  size_t wider = 0;
  for (int round = 0; round < kRounds; ++round) {
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
    if (!changed) break;
    PlanOutput out = MakePlan(repaired);
    keep(out.issues);
    if (!out.ok) {
      errors = std::move(out.issues);
      continue;
    }
    // out.config stays what the user asked for, not the repaired config: the page writes the share link
    // and the input fields from it, and the JSON's "config"/"link" come from it, so tp=3 must still read
    // tp=3 (next to its error) for the user to see and fix it, not be silently rewritten to the default.
    // Keys the user left on auto show what the planner chose, as in MakePlan. The plan, the job and the
    // layout describe the repaired configuration; fallback_keys says which keys differ between the two.
    for (const std::string& key : replaced) {
      std::vector<ConfigIssue> ignored;
      ApplyPair(out.config, key, FormatValue(cfg, key), ignored);
    }
    out.issues = std::move(issues);
    out.fallback_keys = std::move(replaced);
    return out;
  }
  first.issues = std::move(issues);
  return first;
}

}  // namespace tp
