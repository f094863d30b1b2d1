// search_share_test.cpp — a search split into shares that travel as text (the page's Web Workers): a
// request reads back as the configuration and options written, an answer read back is the share
// searched (plans evaluated again, bit for bit), and the shares merged are the whole search's answer.
#include <catch2/catch.hpp>

#include <algorithm>

#include "search_share.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace search_share_test {

using namespace tp;
using tp::testing::FromLink;

namespace {

void SameHits(const std::vector<SearchHit>& got, const std::vector<SearchHit>& want, const char* what) {
  INFO(what);
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    INFO("#" << i);
    CHECK(got[i].order == want[i].order);
    CHECK(got[i].variant == want[i].variant);
    CHECK(got[i].plan.step.seconds == want[i].plan.step.seconds);
    CHECK(got[i].plan.memory.total == want[i].plan.memory.total);
    CHECK(got[i].plan.run.cost_usd == want[i].plan.run.cost_usd);
    CHECK(got[i].plan.run.days == want[i].plan.run.days);
  }
}

// Each variant's fastest layout (SearchOptions::fastest_each): the same, or none in both (a variant
// missing from the list has none).
void SameFastest(const SearchResult& got, const SearchResult& want) {
  const size_t n = std::max(got.fastest.size(), want.fastest.size());
  for (size_t v = 0; v < n; ++v) {
    INFO("fastest of variant " << v);
    const SearchHit none;
    const SearchHit& g = v < got.fastest.size() ? got.fastest[v] : none;
    const SearchHit& w = v < want.fastest.size() ? want.fastest[v] : none;
    REQUIRE(g.plan.valid == w.plan.valid);
    if (w.plan.valid) SameHits({g}, {w}, "fastest");
  }
}

void SameAnswer(const SearchResult& got, const SearchResult& want) {
  SameFastest(got, want);
  CHECK(got.any_fits == want.any_fits);
  CHECK(got.enumerated == want.enumerated);
  SameHits(got.top, want.top, "top");
  SameHits(got.top_other, want.top_other, "top by the other objective");
  SameHits(got.pareto, want.pareto, "Pareto front");
  SameHits({got.least_memory}, {want.least_memory}, "least memory");
}

}  // namespace

TEST_CASE("a search request reads back as written", "[search][share]") {
  const Config cfg = FromLink("#v=1&model=mixtral-8x7b&gpu=h100&gpus=256&zero=1");
  SearchOptions o;
  o.objective = Objective::Cost;
  o.top = 7;
  o.both_objectives = true;
  o.gpu_types = {"h100", "a100-80g"};
  o.gpu_counts = {64, 128};
  o.variants = {1, 3};
  Config back;
  SearchOptions ob;
  REQUIRE(ParseSearchRequest(FormatSearchRequest(cfg, o), back, ob));
  CHECK(back == cfg);
  CHECK(ob.objective == o.objective);
  CHECK(ob.top == o.top);
  CHECK(ob.both_objectives);
  CHECK_FALSE(ob.exhaustive);
  CHECK_FALSE(ob.top_only);
  SearchOptions point = o;
  point.top_only = true;  // a GPU type's point in the search view: its top alone
  REQUIRE(ParseSearchRequest(FormatSearchRequest(cfg, point), back, ob));
  CHECK(ob.top_only);
  CHECK(ob.gpu_types == o.gpu_types);
  CHECK(ob.gpu_counts == o.gpu_counts);
  CHECK(ob.variants == o.variants);
  CHECK_FALSE(ParseSearchRequest("not a request", back, ob));
  CHECK(RunSearchRequest("garbage") == "");
}

TEST_CASE("search shares through text merge into the whole search's answer", "[search][share]") {
  for (const char* link : {"#v=1&model=mixtral-8x7b&gpu=h100&gpus=64&seq=4096", "#v=1&model=llama2-13b&gpus=32",
                           "#v=1&model=llama2-70b&gpu=rtx4090&gpus=8&offload=none"}) {
    INFO(link);
    const Config cfg = FromLink(link);
    SearchOptions options;
    options.gpu_types = {"h100", "a100-80g", "mi300x", "rtx4090", "l40s"};
    options.top = 20;
    options.both_objectives = true;
    options.fastest_each = true;  // each GPU type's point, as the search view asks
    const SearchResult whole = SearchLayouts(cfg, options);
    CHECK(whole.fastest.size() == whole.jobs.size());
    const SearchResult variants = SearchVariants(cfg, options);
    REQUIRE(variants.jobs.size() == whole.jobs.size());
    CHECK(variants.gpu_ids == whole.gpu_ids);
    CHECK(variants.evaluated == 0);
    // One share per GPU type, as the page's workers take them.
    std::vector<SearchResult> parts;
    for (int v = 0; v < int(variants.jobs.size()); ++v) {
      SearchOptions part = options;
      part.variants = {v};
      const std::string answer = RunSearchRequest(FormatSearchRequest(cfg, part));
      SearchResult share;
      REQUIRE(ParseSearchShare(answer, variants, share));
      SameAnswer(share, SearchLayouts(cfg, part));
      parts.push_back(std::move(share));
    }
    const SearchResult merged = MergeSearchResults(parts, options);
    SameAnswer(merged, whole);
    CHECK(merged.done);
    SearchResult wrong;
    CHECK_FALSE(ParseSearchShare("trainplan-search-share 1\nhit t 99 0 1 1 1 1 1 1 1 0 0 0 0\n", variants, wrong));
  }
}

}  // namespace search_share_test
