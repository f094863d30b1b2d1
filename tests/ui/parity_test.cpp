// parity_test.cpp — the page plans exactly what the command line plans (issue 17): for GPU counts that are
// not powers of two and in every view, the page's plan (window.trainplan.plan()) is `trainplan plan --link
// <the page's own link> --format json` to the character, its compare columns (window.trainplan.compare())
// are `trainplan compare --link <the page's link> --format json`, its search table is `trainplan search`'s,
// every point of the scaling chart is the plan of that point's own link, and every GPU type's point of
// the search view is `trainplan search --top 1` of that type alone. The page gets there the way a user does: links
// opened as navigation, plans sliced over frames, a field edited, the view switched. Also the pieces that make it so:
// the scenario grammar's editing helpers and the view keys that never change a plan.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "catalog.h"
#include "cli.h"
#include "harness.h"
#include "scenario.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace parity_test {

using namespace tp;
using namespace tp::ui;
using testing::Cli;
using testing::Frame;
using testing::RunUntilIdle;

namespace {

std::string CliPlan(const std::string& link) { return Cli({"plan", "--link", link, "--format", "json"}); }

// A search's JSON without its timing (the one field two runs of the same search do not share).
// The search's time, and how many layouts it evaluated in full: the page's search is split across GPU
// types (web/search_split.h), each share pruned against its own answer so far, so it evaluates more
// layouts than one search does; the layouts considered and the answer are the same.
std::string WithoutElapsed(std::string json) {
  for (const char* key : {"\"elapsed_s\":", "\"evaluated\":"}) {
    const size_t at = json.find(key);
    if (at != std::string::npos) json.erase(at, json.find('\n', at) - at);
  }
  return json;
}

// A search's JSON results (its best layouts, without the counts, the Pareto front and the least-memory
// layout): what a GPU type's point in the search view holds (its fastest layout alone: search_split.h).
std::string ResultsOf(const std::string& json) {
  const size_t from = json.find("\"results\":"), to = json.find(",\n  \"pareto\":");
  return from == std::string::npos || to == std::string::npos || to < from ? "(no results in " + json + ")"
                                                                           : json.substr(from, to - from);
}

std::string AllGpuIds() {
  std::string ids;
  for (const GpuSpec& g : Gpus()) ids += (ids.empty() ? "" : ",") + g.id;
  return ids;
}

// The user's way to a link: an address typed (navigation), planned in slices over the frames.
void Navigate(AppState& app, const std::string& link) {
  platform::Null().navigation.push_back(link);
  RunUntilIdle(app);
}

// The page's plans in the current view, each against the command line given the page's own links.
void CheckView(AppState& app) {
  const auto& hooks = platform::Null().hooks;
  const std::string link = CurrentLink(app);
  INFO("page link " << link);
  CHECK(hooks.plan_json(hooks.user) == CliPlan(link));
  switch (ViewOf(app)) {
    case View::Plan:
      REQUIRE(app.bg.scaling.size() == ScaleCounts(app.cfg.gpus).size());
      for (const PlanTask& point : app.bg.scaling) {
        INFO("scaling point at " << point.cfg.gpus << " GPUs");
        REQUIRE(point.Done());
        if (point.out.ok) CHECK(PlanToJson(point.out) == CliPlan(FormatLink(point.cfg)));
      }
      break;
    case View::Compare:
      CHECK(hooks.compare_json(hooks.user) == Cli({"compare", "--link", link, "--format", "json"}));
      break;
    case View::Search:
      REQUIRE(app.bg.search.Result().done);
      // Each GPU type's point is that type's fastest layout: the results of `trainplan search --top 1` of
      // that type alone.
      for (int v = 0; v < int(app.bg.search.Result().gpu_ids.size()); ++v) {
        const std::string& gpu = app.bg.search.Result().gpu_ids[v];
        INFO("the point of " << gpu);
        const SearchResult* point = app.bg.search.Point(v);
        REQUIRE(point);
        CHECK(ResultsOf(FormatSearch(app.main.out, *point, Format::Json)) ==
              ResultsOf(Cli({"search", "--link", link, "--top", "1", "--gpu-types", gpu, "--format", "json"})));
      }
      CHECK(WithoutElapsed(FormatSearch(app.main.out, app.bg.search.Result(), Format::Json)) ==
            WithoutElapsed(
                Cli({"search", "--link", link, "--top", "20", "--gpu-types", AllGpuIds(), "--format", "json"})));
      break;
  }
}

}  // namespace

TEST_CASE("every view plans what the command line plans, at GPU counts that are not powers of two", "[web][parity]") {
  static AppState app;
  testing::Start(app, "#v=1&model=llama2-7b&gpu=h100&gpus=8");
  RunUntilIdle(app);
  for (const char* link : {"#v=1&model=llama2-7b&gpu=h100&gpus=96", "#v=1&model=llama2-7b&gpu=h100&gpus=440",
                           "#v=1&model=llama2-7b&gpu=h100&gpus=3", "#v=1&model=llama2-7b&gpu=h100&gpus=100",
                           "#v=1&model=mixtral-8x7b&gpus=24"}) {
    // The same configuration in each view: switching views changes no plan (the view keys ride along).
    for (const char* view : {"plan", "compare", "search"}) {
      INFO(link << " in the " << view << " view");
      Navigate(app, std::string(link) + "&view=" + view);
      CheckView(app);
    }
  }
}

TEST_CASE("an edited GPU count plans what the command line plans for the new link", "[web][parity]") {
  static AppState app;
  testing::Start(app, "#v=1&model=llama2-7b&gpu=h100&gpus=8&view=plan");
  RunUntilIdle(app);
  for (int gpus : {96, 440, 3, 100}) {
    INFO(gpus << " GPUs");
    app.cfg.gpus = gpus;  // what typing into the GPUs field does (DrawInputs), then the frames that follow
    PlanAfterEdit(app);
    RunUntilIdle(app);
    CheckView(app);
  }
  // The global batch of an auto gbs follows the layout's data parallelism (1,008 at 96 GPUs, not 1,024).
  Navigate(app, "#v=1&model=llama2-7b&gpu=h100&gpus=96");
  CHECK(app.main.out.plan.global_batch % app.main.out.plan.layout.dp == 0);
}

TEST_CASE("the compare columns are the page link's, in the page and on the command line", "[web][parity]") {
  static AppState app;
  testing::Start(app, "#v=1&model=llama2-7b&view=compare&cmp=gpu:h100,gpus:96;gpu:a100-80g,gpus:440,prec:fp16");
  RunUntilIdle(app);
  REQUIRE(app.bg.columns.size() == 2);
  CHECK(app.bg.columns[0].cfg.gpus == 96);
  CHECK(app.bg.columns[1].cfg.prec == Precision::Fp16);
  CheckView(app);
  // A page link without cmp shows the default columns, and so does `compare --link` of it.
  Navigate(app, "#v=1&model=llama2-7b&view=compare");
  REQUIRE(app.bg.columns.size() == SplitScenarios(kDefaultCompare).size());
  CheckView(app);
}

TEST_CASE("a column is edited in the scenario grammar, keeping its other keys", "[web][parity]") {
  CHECK(SetScenarioValue("gpu:h100,gpus:128", "gpus", "96") == "gpu:h100,gpus:96");
  CHECK(SetScenarioValue("gpu:h100,prec:fp16", "gpus", "96") == "gpu:h100,prec:fp16,gpus:96");
  CHECK(SetScenarioValue("gpus:8,gpu:h100,gpus:16", "gpus", "3") == "gpus:3,gpu:h100");
  CHECK(SetScenarioValue("", "gpu", "h100") == "gpu:h100");
  const std::vector<std::string> columns = SplitScenarios(kDefaultCompare);
  CHECK(JoinScenarios(columns) == kDefaultCompare);
  CHECK(SplitScenarios(JoinScenarios({"gpu:h100", "gpu:b200,gpus:8"})) ==
        std::vector<std::string>{"gpu:h100", "gpu:b200,gpus:8"});
}

TEST_CASE("the view keys never change a plan: switching view or language carries it over", "[web][parity]") {
  // The page does not plan again when only view, cmp or lang change (background.h); this holds because
  // the planner reads none of them. Were that ever to change, this test says so.
  for (const char* link : {"#v=1&model=llama2-7b&gpu=h100&gpus=96", "#v=1&model=llama2-70b&gpu=rtx4090&gpus=8",
                           "#v=1&model=mixtral-8x7b&gpus=24&tp=3"}) {
    INFO(link);
    Config plain;
    std::vector<ConfigIssue> issues;
    ApplyLink(plain, link, issues);
    Config viewed = plain;
    ApplyLink(viewed, "lang=zh&view=search&cmp=gpu:h100;gpu:b200", issues);
    REQUIRE(PlanInputs(viewed) == PlanInputs(plain));
    PlanOutput carried = MakePlanWithFallback(plain);
    carried.config.lang = viewed.lang, carried.config.view = viewed.view, carried.config.cmp = viewed.cmp;
    CHECK(PlanToJson(carried) == PlanToJson(MakePlanWithFallback(viewed)));
  }
}

}  // namespace parity_test
