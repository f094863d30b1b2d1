// search_split.cpp — the search view's split search (search_split.h), and what a worker does with a
// share (platform.h's WorkerMain): search it with the same engine and answer in text.
#include "search_split.h"

#include <algorithm>

#include "platform.h"
#include "search_share.h"
#include "views.h"

namespace tp {
namespace platform {
std::string WorkerMain(const std::string& request) { return RunSearchRequest(request); }
}  // namespace platform

namespace ui {
namespace {
int g_next_id = 1;  // request ids of every split search, so a late answer of an earlier one is known
}

void SplitSearch::Begin(const Config& cfg, const SearchOptions& options) {
  options_ = options;
  variants_ = SearchVariants(cfg, options);
  shares_.clear();
  points_.clear();
  answers_ = 0;
  merged_ = variants_;
  merged_.done = false;
  began_ = Now();
  ended_ = 0;
  done_ = false;
  platform::DropQueuedWork();
  const int n = int(variants_.jobs.size());
  if (n == 0 || variants_.too_large) {
    merged_.done = done_ = true;  // nothing to search (the planner's own message says why)
    ended_ = began_;
    return;
  }
  points_.assign(n, SearchResult{});
  // One share of interleaved GPU types per worker: the bounds prune each share about as well as the whole
  // (bench/speed.cpp prints both), and each share that lands is one more frame to draw (under software
  // WebGL a drawn frame costs the machine 50-100 ms, some of it on the workers' core).
  const int count = std::min(n, std::max(1, platform::Workers()));
  for (int t = 0; t < count; ++t) {
    Share s;
    s.options = options;
    s.options.fastest_each = true;  // each type's point, in the same search
    for (int v = t; v < n; v += count) s.options.variants.push_back(v);
    shares_.push_back(std::move(s));
  }
  first_id_ = g_next_id;
  g_next_id += int(shares_.size()) + 1;
  // Whichever worker is free takes the next share.
  for (size_t k = 0; k < shares_.size(); ++k)
    platform::PostWork(first_id_ + int(k), FormatSearchRequest(cfg, shares_[k].options));
}

bool SplitSearch::Pump() {
  if (done_) return true;
  int id;
  std::string answer;
  bool landed = false;
  while (platform::TakeWorkAnswer(id, answer)) {
    const int k = id - first_id_;
    if (k < 0 || k >= int(shares_.size()) || shares_[k].answered) continue;  // an earlier search's
    Share& s = shares_[k];
    // A worker that could not answer (it never should) leaves its share out rather than the search
    // hanging.
    if (!ParseSearchShare(answer, variants_, s.result)) s.result = variants_;
    s.result.done = true;
    s.answered = true;
    ++answers_;
    landed = true;
    // Each of its GPU types' point: the type's fastest layout (none when nothing of that type fits).
    for (int v : s.options.variants) {
      if (v < 0 || v >= int(points_.size())) continue;
      SearchResult& p = points_[v];
      p.jobs = variants_.jobs;
      p.gpu_ids = variants_.gpu_ids;
      p.top.clear();
      if (v < int(s.result.fastest.size()) && s.result.fastest[v].plan.valid) p.top.push_back(s.result.fastest[v]);
      p.any_fits = !p.top.empty();
      p.done = true;  // (Point reads it: the point has come)
    }
  }
  if (landed) {
    std::vector<SearchResult> table;
    for (const Share& s : shares_)
      if (s.answered) table.push_back(s.result);
    merged_ = MergeSearchResults(table, options_);
  }
  done_ = answers_ == int(shares_.size());
  merged_.done = done_;
  if (done_) ended_ = Now();
  merged_.elapsed_s = ElapsedMs() / 1e3;
  return done_;
}

double SplitSearch::Progress() const {
  return shares_.empty() ? (done_ ? 1.0 : 0.0) : double(answers_) / double(shares_.size());
}

double SplitSearch::ElapsedMs() const { return ((done_ ? ended_ : Now()) - began_) * 1e3; }

uint64_t SplitSearch::Evaluated() const {
  uint64_t n = 0;
  for (const Share& s : shares_) n += s.answered ? s.result.evaluated : 0;
  return n;
}

SearchResult SplitSearch::RankedBy(Objective objective) const {
  SearchResult r = merged_;
  r.top = tp::RankedBy(merged_, options_, objective);
  return r;
}

const SearchResult* SplitSearch::Point(int variant) const {
  return variant >= 0 && variant < int(points_.size()) && points_[variant].done ? &points_[variant] : nullptr;
}

}  // namespace ui
}  // namespace tp
