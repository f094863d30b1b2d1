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
  // The table: one share prunes best (one answer so far to beat across every GPU type; split per type,
  // each share would have to find its own top N and evaluate several times more layouts). Many cores
  // take it in two halves of interleaved types.
  const int table_shares = std::min(n, platform::Workers() >= 4 ? 2 : 1);
  for (int t = 0; t < table_shares; ++t) {
    Share s;
    s.options = options;
    for (int v = t; v < n; v += table_shares) s.options.variants.push_back(v);
    shares_.push_back(std::move(s));
  }
  // A point per GPU type: its fastest layout alone (top 1 by time, no front, no least-memory layout),
  // which prunes hard.
  for (int v = 0; v < n; ++v) {
    Share s;
    s.options = options;
    s.options.objective = Objective::Time;
    s.options.top = 1;
    s.options.both_objectives = false;
    s.options.top_only = true;
    s.options.variants = {v};
    s.variant = v;
    shares_.push_back(std::move(s));
  }
  first_id_ = g_next_id;
  g_next_id += int(shares_.size()) + 1;
  // Whichever worker is free takes the next share, the table's first.
  for (size_t k = 0; k < shares_.size(); ++k)
    platform::PostWork(first_id_ + int(k), FormatSearchRequest(cfg, shares_[k].options));
}

bool SplitSearch::Pump() {
  if (done_) return true;
  int id;
  std::string answer;
  bool table_landed = false;
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
    table_landed |= s.variant < 0;
  }
  if (table_landed) {
    std::vector<SearchResult> table;
    for (const Share& s : shares_)
      if (s.variant < 0 && s.answered) table.push_back(s.result);
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
  for (const Share& s : shares_)
    if (s.variant == variant) return s.answered ? &s.result : nullptr;
  return nullptr;
}

}  // namespace ui
}  // namespace tp
