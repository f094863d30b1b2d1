// search.cpp — layout enumeration and ranking (see search.h). PLACEHOLDER.
#include "search.h"

namespace tp {

struct LayoutSearch::Impl {};
void LayoutSearch::Begin(const Config& cfg, const Job& job, const SearchOptions& options) {
  cfg_ = cfg; job_ = job; options_ = options; result_ = {}; next_ = 0;
}
bool LayoutSearch::Step(uint64_t) { result_.done = true; return true; }
double LayoutSearch::Progress() const { return 1.0; }
SearchResult SearchLayouts(const Config& cfg, const Job& job, const SearchOptions& options) {
  LayoutSearch s; s.Begin(cfg, job, options); while (!s.Step(1u << 20)) {} return s.Result();
}

}  // namespace tp
