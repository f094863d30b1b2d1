// search_config.cpp — a configuration's layout search (search_config.h).
#include "search_config.h"

#include "catalog.h"

namespace tp {

SearchSpace SearchSpaceOf(const Config& cfg, const SearchOptions& options, const Job* job) {
  SearchSpace space;
  space.jobs = ResolveVariants(cfg, options.gpu_types, options.gpu_counts, space.gpu_ids, job, options.rl_pools);
  // A token budget fixes the micro-batch (rl_mb_tokens); every variant shares the sequence it divides.
  space.fixed = space.jobs.empty() ? FixedLayout(cfg) : FixedLayout(cfg, space.jobs.front());
  return space;
}

void BeginSearch(LayoutSearch& search, const Config& cfg, const SearchOptions& options, const Job* job) {
  search.Begin(SearchSpaceOf(cfg, options, job), options);
}

SearchResult SearchLayouts(const Config& cfg, const SearchOptions& options, const Job* job) {
  return SearchLayouts(SearchSpaceOf(cfg, options, job), options);
}

SearchOptions PageSearchOptions(const Config& cfg) {
  SearchOptions options;
  options.top = kPageSearchRows;
  options.both_objectives = true;  // "by time" / "by cost" re-rank without searching again
  options.objective = cfg.search_by == 1 ? Objective::Cost : Objective::Time;
  for (const GpuSpec& g : Gpus())
    if (cfg.search_gpus == 0 || g.id == cfg.gpu) options.gpu_types.push_back(g.id);
  if (options.gpu_types.empty()) options.gpu_types.push_back(cfg.gpu);  // a custom GPU: the plan's own
  return options;
}

std::string CheckSearchBounds(const Config& cfg, const SearchOptions& options) {
  return CheckSearchBounds(SearchSpaceOf(cfg, options), options);
}

}  // namespace tp
