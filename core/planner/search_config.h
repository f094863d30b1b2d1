// search_config.h — a configuration's layout search: its job variants (GPU type x count) resolved once, the
// configuration's own job reused when it is already resolved, and the layout keys it fixes, handed to the
// search (core/search/search.h), which sees jobs only.
#pragma once
#include <vector>

#include "config.h"
#include "search.h"

namespace tp {

// What a search of cfg covers (SearchOptions::gpu_types, gpu_counts); `job`, when given, is ResolveJob(cfg)
// and is reused for cfg's own variant (ResolveVariants).
SearchSpace SearchSpaceOf(const Config& cfg, const SearchOptions& options, const Job* job = nullptr);
// Begin, or run to the end, the search of cfg.
void BeginSearch(LayoutSearch& search, const Config& cfg, const SearchOptions& options, const Job* job = nullptr);
SearchResult SearchLayouts(const Config& cfg, const SearchOptions& options, const Job* job = nullptr);
// The search the page's Search view runs for cfg: every GPU type of the catalog (search_gpus=this: only cfg's),
// kPageSearchRows rows, both objectives ranked, search_by's first. `trainplan search --link` of a page search link
// runs the same, so the page's answer can be reproduced from the command line.
inline constexpr int kPageSearchRows = 20;
SearchOptions PageSearchOptions(const Config& cfg);
// CheckSearchBounds (search.h) over the search of cfg.
std::string CheckSearchBounds(const Config& cfg, const SearchOptions& options);

}  // namespace tp
