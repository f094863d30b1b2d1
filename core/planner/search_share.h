// search_share.h — a layout search split into shares that run apart (the page's Web Workers, each its
// own WebAssembly instance with no memory in common, or threads natively) and travel as text: a request
// (the configuration as a link, the search options, the share's job variants) and its answer (the
// counts and the layouts of the share's top, Pareto front, least-memory and per-variant fastest hits,
// not their plans). The reader evaluates those few layouts again with the same engine, so a share read
// back is the share searched, and MergeSearchResults joins the shares into the answer of the whole search.
#pragma once
#include <string>
#include <vector>

#include "config.h"
#include "search.h"
#include "search_config.h"

namespace tp {

// The whole search's job variants (GPU type x count) and GPU ids, with nothing searched: what a split
// search divides (one share per variant or group of variants) and what its answers are read against.
SearchResult SearchVariants(const Config& cfg, const SearchOptions& options);

// One share's request: `options.variants` says which variants it searches.
std::string FormatSearchRequest(const Config& cfg, const SearchOptions& options);
bool ParseSearchRequest(const std::string& text, Config& cfg, SearchOptions& options);

// A worker's whole job: read the request, search the share, write its answer ("" for a bad request).
std::string RunSearchRequest(const std::string& request);

std::string FormatSearchShare(const SearchResult& share);
// Reads an answer against the whole search's variants (SearchVariants of the same request); false when
// the text is not an answer to that search.
bool ParseSearchShare(const std::string& text, const SearchResult& variants, SearchResult& share);

}  // namespace tp
