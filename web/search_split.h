// search_split.h — the search view's layout search, split across GPU types and run off the main thread:
// shares (core/planner/search_share.h) posted to the platform's workers (platform.h: Web Workers on the page,
// threads natively) and read back on the main thread as they arrive, so the table and the front fill in
// while frames go on. Each share searches a set of interleaved GPU types for the table (the best layouts
// by both objectives, the Pareto front) and, in the same search with the same bounds, each of its types'
// fastest layout (the type's point); the shares merge with core MergeSearchResults. Both objectives are
// kept, so "by time" / "by cost" re-ranks without searching again.
#pragma once
#include <string>
#include <vector>

#include "search.h"

namespace tp::ui {

class SplitSearch {
 public:
  // Starts searching `cfg` (what was posted for an earlier search and not yet started is dropped; its
  // answers, should they come, are ignored).
  void Begin(const Config& cfg, const SearchOptions& options);
  // Reads the answers that came back; true once every share has.
  bool Pump();
  bool Done() const { return done_; }
  double Progress() const;     // shares answered / shares
  double ElapsedMs() const;    // since Begin, until the last answer
  uint64_t Evaluated() const;  // layouts evaluated in full by every share answered so far
  const SearchOptions& Options() const { return options_; }
  const SearchResult& Result() const { return merged_; }  // the table's shares answered so far, merged
  // The answer ranked by `objective` (top = that objective's top N): what the view shows and exports.
  SearchResult RankedBy(Objective objective) const;
  // One job variant's (one GPU type at one count) fastest layout once its share has answered, else null:
  // top[0] (top is empty when nothing of that type fits). The search view's point for that type.
  const SearchResult* Point(int variant) const;

 private:
  struct Share {
    SearchOptions options;
    bool answered = false;
    SearchResult result;
  };
  SearchOptions options_;
  SearchResult variants_, merged_;
  std::vector<Share> shares_;
  std::vector<SearchResult> points_;  // per variant; done once its share answered
  int first_id_ = 0, answers_ = 0;
  double began_ = 0, ended_ = 0;
  bool done_ = false;
};

}  // namespace tp::ui
