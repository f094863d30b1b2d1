// rl_ui_test.cpp — issue #32 on the page, headless: an RL goal's plan view draws its step as its phases (the
// stacked bar's segments are core's phases, in the page's language) with the rollout's figures under it; other
// goals draw no RL section.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "app.h"
#include "figures.h"
#include "format.h"
#include "harness.h"
#include "i18n_core.h"
#include "imgui.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace rl_ui_test {

using namespace tp;
using namespace tp::ui;

TEST_CASE("an RL goal's plan view draws the RL step as its phases, in both languages", "[web][rl]") {
  for (const char* lang : {"en", "zh"}) {
    INFO(lang);
    static AppState app;
    app = AppState{};
    testing::Start(app, std::string("#v=1&model=qwen2.5-7b&gpu=h100&gpus=8&goal=grpo&view=plan&lang=") + lang);
    testing::RunUntilIdle(app);
    testing::Settle(app);
    REQUIRE(app.main.out.ok);
    REQUIRE(app.main.out.plan.rl.active);
    const auto* bar = testing::FindRect(app, "rl_bar");
    REQUIRE(bar);
    CHECK(testing::FindRect(app, "rl_figures"));
    // The figures under the bar are the text report's (core/report/figures.h RlStepFigures), the log-probability
    // passes' memory among them, in the page's language.
    // (a wrapped paragraph's line breaks read as spaces, or as nothing between Chinese characters)
    std::string drawn = testing::DrawnText(app), joined = drawn;
    for (char& c : drawn) c = c == '\n' ? ' ' : c;
    joined.erase(std::remove(joined.begin(), joined.end(), '\n'), joined.end());
    drawn += "\n" + joined;
    const std::vector<RlStepFigure> figures = RlStepFigures(app.main.out.plan.rl);
    REQUIRE(figures.size() >= 3);
    for (const RlStepFigure& f : figures) {
      INFO(f.words);
      CHECK(drawn.find(Translate(std::string(lang) == "zh" ? Lang::Zh : Lang::En, f.words)) != std::string::npos);
    }
    CHECK(drawn.find(Translate(std::string(lang) == "zh" ? Lang::Zh : Lang::En,
                               "memory while computing log-probabilities")) != std::string::npos);
    // The memory bar's own part for what the step's largest phase adds (memory.rl_phase_bytes), with its value.
    const Lang l = std::string(lang) == "zh" ? Lang::Zh : Lang::En;
    REQUIRE(app.main.out.plan.memory.rl_phase > 0);
    CHECK(drawn.find(std::string(FigureOf(Figure::RlPhase).Legend(l)) + " " +
                     MemoryText(app.main.out.plan.memory.rl_phase)) != std::string::npos);
    // The memory limits speak of the step's longest sequence (prompt and longest response), not of the mean one.
    const auto* limits = testing::FindRect(app, "memory_limits");
    REQUIRE(limits);
    CHECK(LimitSequence(app.main.out.job) > app.main.out.job.work.seq);
    CHECK(drawn.find(Thousands(LimitSequence(app.main.out.job))) != std::string::npos);
    CHECK(drawn.find(Thousands(app.main.out.plan.memory.max_seq)) != std::string::npos);
    // The bar sits below the step's bar and above the whole run's, as the step sits in the run.
    const auto* run = testing::FindRect(app, "run_bar");
    REQUIRE(run);
    CHECK(bar->y0 < run->y0);
  }
  static AppState sft;
  sft = AppState{};
  testing::Start(sft, "#v=1&model=qwen2.5-7b&gpu=h100&gpus=8&view=plan");
  testing::RunUntilIdle(sft);
  testing::Settle(sft);
  CHECK_FALSE(testing::FindRect(sft, "rl_bar"));
  CHECK(sft.main.out.plan.memory.rl_phase == 0);
  CHECK(testing::DrawnText(sft).find(FigureOf(Figure::RlPhase).Legend(Lang::En)) == std::string::npos);
}

// The Framework box of an RL goal greys out what the goal cannot run (core's RlOfferTable, the refusal the plan would
// show): DeepSpeed-Chat has no GRPO trainer; choosing it does nothing, choosing TRL takes.
TEST_CASE("an RL goal's framework box greys out the frameworks that do not run the goal", "[web][rl]") {
  static AppState app;
  app = AppState{};
  testing::Start(app, "#v=1&model=qwen2.5-7b&gpu=h100&gpus=8&goal=grpo&view=plan");
  testing::RunUntilIdle(app);
  testing::Settle(app);
  REQUIRE(app.main.out.ok);
  REQUIRE(testing::ChooseInBox(app, "rl_framework", "deepspeed-chat"));
  CHECK(app.cfg.rl_framework < 0);                            // still auto: the greyed choice did nothing
  REQUIRE(testing::ChooseInBox(app, "rl_framework", "trl"));  // the combo may be open still: ChooseInBox sees it
  CHECK(app.cfg.rl_framework == int(RlFramework::Trl));
}

// A configuration already refused in one box greys out nothing in another for that refusal: with DeepSpeed-Chat
// asked for GRPO, the engine box still takes SGLang (the framework's refusal is the framework box's).
TEST_CASE("a refusal in the framework box greys out nothing in the engine box", "[web][rl]") {
  static AppState app;
  app = AppState{};
  testing::Start(app, "#v=1&model=qwen2.5-7b&gpu=h100&gpus=8&goal=grpo&rl_framework=deepspeed-chat&view=plan");
  testing::RunUntilIdle(app);
  testing::Settle(app);
  bool refused = false;  // the framework box's refusal, which the page shows under it
  for (const ConfigIssue& is : app.main.out.issues) refused = refused || (is.key == "rl_framework" && !is.notice);
  REQUIRE(refused);
  REQUIRE(testing::ChooseInBox(app, "rl_engine", "sglang"));
  CHECK(app.cfg.rl_engine == int(RlEngine::Sglang));
}

}  // namespace rl_ui_test

namespace rl_ui_test_budget {
using namespace tp;
using namespace tp::ui;
// A user types a token budget, the way NeMo RL and verl size micro-batches ("16k" = 16,384 tokens), into the
// Training section of an RL plan: the plan's micro-batch becomes as many mean sequences as it holds; a budget below
// the longest sequence is refused under its field, and the rest is planned without it.
TEST_CASE("an RL plan's token budget typed into its field sets the micro-batch", "[web][rl][budget]") {
  static AppState app;
  app = AppState{};
  testing::Start(app,
                 "#v=1&model=qwen2.5-7b&gpu=h100&gpus=8&goal=grpo&rl_prompt_len=512&rl_response_len=1500&"
                 "rl_max_response_len=4096&view=plan");
  testing::RunUntilIdle(app);
  testing::Settle(app);
  REQUIRE(app.main.out.ok);
  testing::TypeInto(app, "rl_mb_tokens", "16k");
  testing::PressKey(app, ImGuiKey_Enter);
  testing::RunUntilIdle(app);
  testing::Settle(app);
  CHECK(app.cfg.rl_mb_tokens == 16384);
  REQUIRE(app.main.out.ok);
  CHECK(app.main.out.job.rl.mb_tokens == 16384);
  CHECK(app.main.out.plan.layout.mbs == 16384 / app.main.out.job.work.seq);
  const int mbs = app.main.out.plan.layout.mbs;
  testing::TypeInto(app, "rl_mb_tokens", "2048");  // the longest sequence is 4,608 tokens
  testing::PressKey(app, ImGuiKey_Enter);
  testing::RunUntilIdle(app);
  testing::Settle(app);
  CHECK(testing::FindRect(app, "issue_rl_mb_tokens"));
  // The page plans the rest without the refused key (its fallback), and says so.
  CHECK(app.main.out.job.rl.mb_tokens == 0);
  CHECK(std::find(app.main.out.fallback_keys.begin(), app.main.out.fallback_keys.end(), "rl_mb_tokens") !=
        app.main.out.fallback_keys.end());
  CHECK(mbs > 0);
}
}  // namespace rl_ui_test_budget

namespace rl_ui_test_budget_box {
using namespace tp;
using namespace tp::ui;
// With a token budget in the link, the Framework box greys out TRL, which counts micro-batches in sequences (its
// RlCapabilityTable row: the refusal the plan would show); OpenRLHF, which has budgets, is taken.
TEST_CASE("the framework box greys out a framework without the token budget the plan asks", "[web][rl][budget]") {
  static AppState app;
  app = AppState{};
  testing::Start(app, "#v=1&model=qwen2.5-7b&gpu=h100&gpus=8&goal=grpo&rl_mb_tokens=16384&view=plan");
  testing::RunUntilIdle(app);
  testing::Settle(app);
  REQUIRE(app.main.out.ok);
  REQUIRE(testing::ChooseInBox(app, "rl_framework", "trl"));
  CHECK(app.cfg.rl_framework < 0);  // greyed: nothing happened
  REQUIRE(testing::ChooseInBox(app, "rl_framework", "openrlhf"));
  CHECK(app.cfg.rl_framework == int(RlFramework::Openrlhf));
}
}  // namespace rl_ui_test_budget_box

namespace rl_ui_test_budget_field {
using namespace tp;
using namespace tp::ui;
// Under TRL, which counts micro-batches in sequences, the token budget fields are greyed out and read-only (the
// refusal a budget would meet: its RlCapabilityTable row), their auto boxes too: keystrokes into them change nothing
// and raise no refusal. Under verl the same keystrokes set the budget.
TEST_CASE("the token budget fields are greyed out under a framework without budgets", "[web][rl][budget]") {
  for (const char* fw : {"trl", "verl"}) {
    INFO(fw);
    static AppState app;
    app = AppState{};
    testing::Start(app, std::string("#v=1&model=qwen2.5-7b&gpu=h100&gpus=8&goal=grpo&view=plan&rl_framework=") + fw);
    testing::RunUntilIdle(app);
    testing::Settle(app);
    REQUIRE(app.main.out.ok);
    const bool budgets = std::string(fw) == "verl";
    for (const char* key : {"rl_mb_tokens", "rl_logprob_mb_tokens"}) {
      INFO(key);
      testing::TypeInto(app, key, "16k");
      testing::PressKey(app, ImGuiKey_Enter);
      testing::RunUntilIdle(app);
      testing::Settle(app);
      const int set = std::string(key) == "rl_mb_tokens" ? app.cfg.rl_mb_tokens : app.cfg.rl_logprob_mb_tokens;
      CHECK((set == 16384) == budgets);
      CHECK_FALSE(testing::FindRect(app, std::string("issue_") + key));
      CHECK(app.main.out.ok);
    }
    if (!budgets) {  // the auto box cannot be cleared either
      REQUIRE(testing::ClickWidget(app, "auto_rl_mb_tokens"));
      testing::RunUntilIdle(app);
      CHECK(app.cfg.rl_mb_tokens <= 0);
    }
  }
}
}  // namespace rl_ui_test_budget_field

namespace rl_ui_test_park {
using namespace tp;
using namespace tp::ui;
// Parking the trainer between phases, as a user does it on the page: an OpenRLHF GRPO plan whose engine leaves its
// DeepSpeed states no room does not fit, and its advice names OpenRLHF's sleep; choosing "on" in the Park box (its
// --ds.enable_sleep) makes it fit, the memory while generating lower by the optimizer states. Under NeMo RL, whose
// refit offloads by its own code, the same choice is greyed out and does nothing.
TEST_CASE("the Park box puts OpenRLHF's DeepSpeed states to sleep, and is greyed out under NeMo RL", "[web][rl]") {
  static AppState app;
  app = AppState{};
  testing::Start(app,
                 "#v=1&model=qwen2.5-14b&gpu=h100&gpus=8&goal=grpo&rl_framework=openrlhf&stack=deepspeed&zero=3&tp=1&"
                 "pp=1&cp=1&offload=none&rl_kv_frac=0.7&view=plan");
  testing::RunUntilIdle(app);
  testing::Settle(app);
  REQUIRE(app.main.out.ok);
  REQUIRE_FALSE(app.main.out.plan.memory.fits);
  const double before = app.main.out.plan.rl.gen_memory_bytes;
  std::string drawn = testing::DrawnText(app);
  for (char& c : drawn) c = c == '\n' ? ' ' : c;
  CHECK(drawn.find("OpenRLHF's DeepSpeed states asleep") != std::string::npos);  // the advice, as the page words it
  REQUIRE(testing::ChooseInBox(app, "rl_park", "1"));
  testing::Settle(app);
  CHECK(app.cfg.rl_park == 1);
  REQUIRE(app.main.out.ok);
  CHECK(app.main.out.plan.memory.fits);
  CHECK(app.main.out.plan.rl.gen_memory_bytes < before - 1e9);

  static AppState nemo;
  nemo = AppState{};
  testing::Start(nemo, "#v=1&model=qwen2.5-7b&gpu=h100&gpus=8&goal=grpo&rl_framework=nemo-rl&view=plan");
  testing::RunUntilIdle(nemo);
  testing::Settle(nemo);
  REQUIRE(nemo.main.out.ok);
  REQUIRE(testing::ChooseInBox(nemo, "rl_park", "1"));
  CHECK(nemo.cfg.rl_park != 1);  // greyed: nothing happened
  CHECK(nemo.main.out.ok);
}
}  // namespace rl_ui_test_park
