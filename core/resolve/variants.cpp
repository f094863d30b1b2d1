// variants.cpp — the jobs a layout search covers: one configuration on each GPU type and count asked for,
// each resolved once (the configuration's own job reused).
#include <algorithm>
#include <tuple>

#include "resolve.h"

namespace tp {

namespace {

// An RL goal's rollout pools as a search may vary them (SearchOptions::rl_pools): colocated, or split with half or
// a quarter of the GPUs generating; each with the rollout tensor parallelism on auto (verl's rule) and at 1, 2, 4
// and 8 within a node. Only where the configuration leaves them on auto, and only for a goal that generates with
// an engine that can stand apart (vLLM, SGLang); a combination the resolver refuses is left out, as are repeats.
void AddRlPools(const Config& c, const Job& own, const std::string& id, std::vector<Job>& jobs,
                std::vector<std::string>& gpu_ids) {
  const RlSetup& r = own.rl;
  if (!r.Active() || r.algo == RlAlgo::Dpo || r.engine == RlEngine::Hf || c.rl_colocate != kAuto || r.total_gpus < 2) {
    jobs.push_back(own);
    gpu_ids.push_back(id);
    return;
  }
  std::vector<std::pair<int, int>> pools = {{1, kUnset}, {0, r.total_gpus / 2}};
  if (r.total_gpus >= 4 && r.total_gpus / 4 != r.total_gpus / 2) pools.push_back({0, r.total_gpus / 4});
  std::vector<int> tps = {kUnset};
  if (c.rl_rollout_tp == kUnset)
    for (int tp : {1, 2, 4, 8})
      if (tp <= std::max(1, own.hw.gpus_per_node)) tps.push_back(tp);
  std::vector<std::tuple<bool, int, int>> seen;
  for (const auto& [colocate, rollout] : pools) {
    for (int tp : tps) {
      Config v = c;
      v.rl_colocate = colocate;
      if (!colocate && c.rl_rollout_gpus == kUnset) v.rl_rollout_gpus = rollout;
      if (tp != kUnset) v.rl_rollout_tp = tp;
      std::vector<ConfigIssue> issues;
      Job job = ResolveJob(v, issues);
      if (HasErrors(issues) || !job.hw.gpu) continue;
      const auto key = std::make_tuple(job.rl.colocate, job.rl.rollout_gpus, job.rl.rollout_tp);
      if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
      seen.push_back(key);
      jobs.push_back(std::move(job));
      gpu_ids.push_back(id);
    }
  }
}

}  // namespace

std::vector<Job> ResolveVariants(const Config& cfg, const std::vector<std::string>& gpu_types,
                                 const std::vector<int>& gpu_counts, std::vector<std::string>& gpu_ids, const Job* job,
                                 bool rl_pools) {
  std::vector<std::string> types;
  for (const std::string& id : gpu_types)
    if (types.size() < kMaxGpuTypes && std::find(types.begin(), types.end(), id) == types.end()) types.push_back(id);
  if (types.empty()) types.push_back(cfg.gpu);
  std::vector<int> counts;
  for (int n : gpu_counts)
    if (counts.size() < kMaxGpuCounts && std::find(counts.begin(), counts.end(), n) == counts.end())
      counts.push_back(n);
  if (counts.empty()) counts.push_back(cfg.gpus);
  std::vector<Job> jobs;
  gpu_ids.clear();
  for (const std::string& id : types) {
    for (int count : counts) {
      Config c = cfg;
      SelectGpu(c, id);
      c.gpus = count;
      std::vector<ConfigIssue> issues;  // the configuration's own are the plan's; a variant's are not shown
      Job variant = job && c == cfg ? *job : ResolveJob(c, issues);
      if (!variant.hw.gpu) continue;
      if (rl_pools) {
        AddRlPools(c, variant, id, jobs, gpu_ids);
        continue;
      }
      jobs.push_back(std::move(variant));
      gpu_ids.push_back(id);
    }
  }
  return jobs;
}

}  // namespace tp
