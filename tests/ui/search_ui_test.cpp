// search_ui_test.cpp — the search view's split search (issue #19) in real headless frames: the search is
// posted as one share per GPU type to the platform's workers and merged as they answer; searchStatus()
// reports it done only after the whole answer and every GPU type's point (its own search) have been drawn, with the
// progress bar at 100 % only then; "by cost" re-ranks the same search (no new one) into the command
// line's --objective cost answer.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "catalog.h"
#include "cli.h"
#include "harness.h"
#include "widgets.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace search_ui_test {

using namespace tp;
using namespace tp::ui;
using testing::Frame;
using testing::RunUntilIdle;

namespace {

std::string Cli(const std::vector<std::string>& args) {
  std::string out, err;
  REQUIRE(RunCli(args, out, err) == 0);
  return out;
}

std::string AllGpuIds() {
  std::string ids;
  for (const GpuSpec& g : Gpus()) ids += (ids.empty() ? "" : ",") + g.id;
  return ids;
}

std::string WithoutCounts(std::string json) {
  for (const char* key : {"\"elapsed_s\":", "\"evaluated\":"}) {
    const size_t at = json.find(key);
    if (at != std::string::npos) json.erase(at, json.find('\n', at) - at);
  }
  return json;
}

}  // namespace

TEST_CASE("the search view's split search: done once drawn, and by cost without searching again", "[web][search]") {
  static AppState app;
  const std::string link = "#v=1&model=mixtral-8x7b&gpu=h100&gpus=64";
  testing::Start(app, link + "&view=search");
  const platform::ScriptHooks& hooks = platform::Null().hooks;
  REQUIRE(hooks.search_status_json);
  REQUIRE(hooks.search_json);
  CHECK(hooks.search_json(hooks.user) == "null");  // nothing searched yet
  // Until the view has drawn everything, the status says not done and the bar is short of 100 %.
  int frames = 0;
  while (!app.bg.search_complete && frames < 20000) {
    Frame(app);
    ++frames;
    if (!app.bg.search_complete) {
      CHECK(SearchViewProgress(app.bg) < 1.0);
      CHECK(hooks.search_status_json(hooks.user).find("\"done\":false") != std::string::npos);
    }
  }
  REQUIRE(app.bg.search_complete);
  CHECK(app.bg.search.Done());
  for (int v = 0; v < int(app.bg.search.Result().gpu_ids.size()); ++v) CHECK(app.bg.search.Point(v));  // every point
  CHECK(SearchViewProgress(app.bg) == 1.0);
  const std::string status = hooks.search_status_json(hooks.user);
  CHECK(status.find("\"done\":true") != std::string::npos);
  CHECK(status.find("\"elapsed_ms\":") != std::string::npos);
  CHECK(status.find("\"evaluated\":" + std::to_string(app.bg.search.Evaluated())) != std::string::npos);
  CHECK(WithoutCounts(hooks.search_json(hooks.user)) ==
        WithoutCounts(Cli({"search", "--link", link + "&view=search", "--top", "20", "--gpu-types", AllGpuIds(),
                           "--format", "json"})));
  // The page's search link alone gives the page's answer: every type, 20 rows, the view's order (issue #34).
  CHECK(WithoutCounts(hooks.search_json(hooks.user)) ==
        WithoutCounts(Cli({"search", "--link", app.link, "--format", "json"})));

  // By cost (the radio clicked): the same search, re-ranked, and the order in the link.
  const double elapsed = app.bg.search.ElapsedMs();
  REQUIRE(testing::ClickWidget(app, "search_by_cost"));
  RunUntilIdle(app);
  CHECK(app.link.find("search_by=cost") != std::string::npos);
  CHECK(WithoutCounts(hooks.search_json(hooks.user)) ==
        WithoutCounts(Cli({"search", "--link", app.link, "--format", "json"})));
  CHECK(app.bg.search_complete);
  CHECK(app.bg.search.ElapsedMs() == elapsed);  // no new search began
}

}  // namespace search_ui_test

namespace search_ui_rl {
using namespace tp;
using namespace tp::ui;
// An RL goal's search table shows the RL step (generation to the synced weights) in its step column, as the command
// line's "RL step" column does, not the policy's optimizer step (seconds where the RL step is minutes).
TEST_CASE("the search view of an RL goal shows the RL step in its step column", "[web][search][rl]") {
  static AppState app;
  testing::Start(app, "#v=1&model=llama3.1-8b&goal=grpo&gpu=h100&gpus=32&view=search");
  int frames = 0;
  while (!app.bg.search_complete && frames < 20000) {
    testing::Frame(app);
    ++frames;
  }
  REQUIRE(app.bg.search_complete);
  testing::Frame(app);
  const std::string drawn = testing::DrawnText(app);
  INFO(drawn);
  CHECK(drawn.find("RL step") != std::string::npos);
  const auto& top = app.bg.search.Result().top;
  REQUIRE_FALSE(top.empty());
  REQUIRE(top[0].plan.rl.active);
  CHECK(drawn.find(FmtDuration(top[0].plan.rl.step_seconds)) != std::string::npos);
  CHECK(top[0].plan.rl.step_seconds > 10 * top[0].plan.step.seconds);  // the two differ: the check tells them apart
}
}  // namespace search_ui_rl

namespace compare_ui_rl {
using namespace tp;
using namespace tp::ui;
// A GRPO plan's columns in Compare lead with the RL step, which the optimizer step ("Step ...") below would not say.
TEST_CASE("the Compare view's columns of an RL goal show each column's RL step", "[web][compare][rl]") {
  static AppState app;
  testing::Start(app, "#v=1&model=qwen2.5-7b&goal=grpo&gpu=h100&gpus=16&view=compare");
  testing::RunUntilIdle(app);
  testing::Settle(app);
  const std::string drawn = testing::DrawnText(app);
  INFO(drawn);
  int shown = 0;
  for (const PlanTask& column : app.bg.columns) {
    if (!column.out.ok || !column.out.plan.rl.active) continue;
    CHECK(drawn.find("RL step " + FmtDuration(column.out.plan.rl.step_seconds)) != std::string::npos);
    ++shown;
  }
  CHECK(shown > 0);
}
}  // namespace compare_ui_rl
