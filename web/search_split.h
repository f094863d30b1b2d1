// search_split.h — the search view's layout search, split across GPU types and run off the main thread:
// one share per job variant (GPU type x count; core/search_share.h) posted to the platform's workers
// (platform.h: Web Workers on the page, threads natively), each answer read back and merged on the main
// thread as it arrives (core MergeSearchResults), so the table and the front fill in while frames go on.
// Both objectives are kept, so "by time" / "by cost" re-ranks the answer without searching again.
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
  double Progress() const;        // shares answered / shares
  double ElapsedMs() const;       // since Begin, until the last answer
  const SearchOptions& Options() const { return options_; }
  const SearchResult& Result() const { return merged_; }  // the shares answered so far, merged
  // The share of one job variant (one GPU type at one count) once it has answered, else null: that GPU
  // type's own best layouts (the search view's point for it).
  const SearchResult* Share(int variant) const;
  // The answer ranked by `objective` (top = that objective's top N): what the view shows and exports.
  SearchResult RankedBy(Objective objective) const;

 private:
  SearchOptions options_;
  SearchResult variants_, merged_;
  std::vector<SearchResult> parts_;
  std::vector<int> part_of_;  // per variant: its index in parts_, -1 until answered
  int first_id_ = 0, answers_ = 0;
  double began_ = 0, ended_ = 0;
  bool done_ = false;
};

}  // namespace tp::ui
