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
  parts_.clear();
  part_of_.assign(variants_.jobs.size(), -1);
  answers_ = 0;
  merged_ = variants_;
  merged_.done = false;
  began_ = Now();
  ended_ = 0;
  done_ = false;
  platform::DropQueuedWork();
  first_id_ = g_next_id;
  g_next_id += int(variants_.jobs.size()) + 1;
  if (variants_.jobs.empty() || variants_.too_large) {
    merged_.done = done_ = true;  // nothing to search (the planner's own message says why)
    ended_ = began_;
    return;
  }
  // One share per variant: the variants of a whole-fleet search are the GPU types, and whichever worker
  // is free takes the next, so a slow type does not hold the others back.
  for (int v = 0; v < int(variants_.jobs.size()); ++v) {
    SearchOptions share = options;
    share.variants = {v};
    platform::PostWork(first_id_ + v, FormatSearchRequest(cfg, share));
  }
}

bool SplitSearch::Pump() {
  if (done_) return true;
  int id;
  std::string answer;
  bool landed = false;
  while (platform::TakeWorkAnswer(id, answer)) {
    const int v = id - first_id_;
    if (v < 0 || v >= int(part_of_.size()) || part_of_[v] >= 0) continue;  // an earlier search's
    SearchResult share;
    // A worker that could not answer (it never should) leaves its variant out rather than the search
    // hanging: the answer is then that of the other GPU types.
    if (!ParseSearchShare(answer, variants_, share)) share = variants_;
    share.done = true;
    part_of_[v] = int(parts_.size());
    parts_.push_back(std::move(share));
    ++answers_;
    landed = true;
  }
  if (landed) {
    merged_ = MergeSearchResults(parts_, options_);
    done_ = answers_ == int(part_of_.size());
    merged_.done = done_;
    if (done_) ended_ = Now();
    merged_.elapsed_s = ElapsedMs() / 1e3;
  }
  return done_;
}

double SplitSearch::Progress() const {
  return part_of_.empty() ? (done_ ? 1.0 : 0.0) : double(answers_) / double(part_of_.size());
}

const SearchResult* SplitSearch::Share(int variant) const {
  if (variant < 0 || variant >= int(part_of_.size()) || part_of_[variant] < 0) return nullptr;
  return &parts_[part_of_[variant]];
}

double SplitSearch::ElapsedMs() const { return ((done_ ? ended_ : Now()) - began_) * 1e3; }

SearchResult SplitSearch::RankedBy(Objective objective) const {
  SearchResult r = merged_;
  r.top = tp::RankedBy(merged_, options_, objective);
  return r;
}

}  // namespace ui
}  // namespace tp
