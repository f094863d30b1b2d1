// search_config.cpp — a configuration's layout search (search_config.h).
#include "search_config.h"

namespace tp {

SearchSpace SearchSpaceOf(const Config& cfg, const SearchOptions& options, const Job* job) {
  SearchSpace space;
  space.jobs = ResolveVariants(cfg, options.gpu_types, options.gpu_counts, space.gpu_ids, job);
  space.fixed = FixedLayout(cfg);
  return space;
}

void BeginSearch(LayoutSearch& search, const Config& cfg, const SearchOptions& options, const Job* job) {
  search.Begin(SearchSpaceOf(cfg, options, job), options);
}

SearchResult SearchLayouts(const Config& cfg, const SearchOptions& options, const Job* job) {
  return SearchLayouts(SearchSpaceOf(cfg, options, job), options);
}

std::string CheckSearchBounds(const Config& cfg, const SearchOptions& options) {
  return CheckSearchBounds(SearchSpaceOf(cfg, options), options);
}

}  // namespace tp
