// variants.cpp — the jobs a layout search covers: one configuration on each GPU type and count asked for,
// each resolved once (the configuration's own job reused).
#include <algorithm>

#include "resolve.h"

namespace tp {

std::vector<Job> ResolveVariants(const Config& cfg, const std::vector<std::string>& gpu_types,
                                 const std::vector<int>& gpu_counts, std::vector<std::string>& gpu_ids,
                                 const Job* job) {
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
      jobs.push_back(std::move(variant));
      gpu_ids.push_back(id);
    }
  }
  return jobs;
}

}  // namespace tp
