// edges_ui_test.cpp — issue #34's page rough edges that browser-edges does not reach (it reads widget rectangles,
// not drawn words), headless with real frames, in English and Chinese: the first frames, before the first plan
// lands, show "…" where the plan's figures go, never "0 parameters · weights 0 B" or "0 tokens"; the Compare view
// names your plan's column the same way in its titles, its question and the inputs' note, whichever column it is
// (a first visit's question has none); a run that expects one failure says "1 failure", not "1 failures".
#include <catch2/catch.hpp>

#include <string>

#include "app.h"
#include "harness.h"
#include "views.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace edges_ui_test {

using namespace tp;
using namespace tp::ui;

using testing::DrawnText;
using testing::RunUntilIdle;
using testing::Settle;

namespace {

// Whether the drawn text holds `part`, both without white space: the page breaks its paragraphs into lines itself
// (text_layout.h), between English words or between Chinese characters, and the log has a line per line drawn.
std::string Squeezed(const std::string& s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\n') out += c;
  return out;
}
bool Has(const std::string& text, const std::string& part) {
  return Squeezed(text).find(Squeezed(part)) != std::string::npos;
}

}  // namespace

TEST_CASE("before the first plan lands, the page shows its figures as pending, not as zeros", "[web][edges]") {
  static AppState apps[2];  // one page per language (an AppState is not reset: each test opens its own)
  int n = 0;
  for (const char* lang : {"en", "zh"}) {
    INFO(lang);
    AppState& app = apps[n++];
    // The first frame is drawn before its slice of the first plan's search runs (DrawUi: draw, then
    // BackgroundWork), as the page's first frame is.
    testing::Start(app, std::string("#v=1&model=llama3-70b&gpu=h100&gpus=64&view=plan&lang=") + lang);
    REQUIRE_FALSE(app.main.has_result);
    const std::string first = DrawnText(app);
    const bool en = std::string(lang) == "en";
    INFO(first);
    CHECK(Has(first, en ? "… parameters" : "… 参数"));
    CHECK(Has(first, en ? "· weights … in bf16" : "· 权重 …（bf16）"));
    CHECK(Has(first, en ? "auto = 20 per parameter: … tokens" : "每个参数 20 个 token：… 个 token"));
    CHECK_FALSE(Has(first, en ? "0 parameters" : "0 参数"));
    CHECK_FALSE(Has(first, en ? "weights 0 B" : "权重 0 B"));
    CHECK_FALSE(Has(first, en ? ": 0 tokens" : "：0 个 token"));
    // Once it lands, the figures are the plan's.
    Settle(app);
    const std::string landed = DrawnText(app);
    INFO(landed);
    CHECK(Has(landed, en ? " B parameters" : " B 参数"));
    CHECK_FALSE(Has(landed, en ? "… parameters" : "… 参数"));
  }
  // The Compare view's question on a first visit: the token budget pending too, then the plan's.
  static AppState app;
  testing::Start(app, "#v=1&view=compare");
  REQUIRE_FALSE(app.main.has_result);
  const std::string first = DrawnText(app);
  CHECK(Has(first, "Llama 2 70B, … tokens: which finishes sooner"));
  CHECK_FALSE(Has(first, ", 0 tokens:"));
}

TEST_CASE("Compare names your plan's column alike in its titles, its question and the inputs' note", "[web][edges]") {
  struct Case {
    const char* link;
    int mine;  // your plan's column (0-based), -1: none
  };
  // The default columns: RTX 4090 x 2,048, A100 80GB x 256, H100 x 256.
  const Case cases[] = {{"#v=1&model=llama2-70b&gpu=a100-80g&gpus=256&view=compare", 1},
                        {"#v=1&model=llama2-70b&gpu=rtx4090&gpus=2048&view=compare", 0},
                        {"#v=1&view=compare", -1}};  // a first visit: the plan is A100 80GB x 64, in no column
  static AppState apps[6];
  int n = 0;
  for (const char* lang : {"en", "zh"}) {
    for (const Case& c : cases) {
      const bool en = std::string(lang) == "en";
      INFO(lang << " " << c.link);
      AppState& app = apps[n++];
      testing::Start(app, std::string(c.link) + "&lang=" + lang);
      RunUntilIdle(app);
      REQUIRE(app.bg.columns.size() == 3);
      CHECK(YourPlanColumn(app) == c.mine);
      const std::string text = DrawnText(app);
      INFO(text);
      const std::string alternative = en ? "Alternative " : "备选 ";
      // Each column is titled once: your plan's as such, the others numbered 1, 2 (3 when none is yours).
      if (en) CHECK(Has(text, "Your plan") == (c.mine >= 0));
      CHECK(Has(text, alternative + "1"));
      CHECK(Has(text, alternative + "2"));
      CHECK(Has(text, alternative + "3") == (c.mine < 0));
      // The inputs' note says the same column.
      if (c.mine == 0)
        CHECK(Has(text, en ? "the first column is your plan" : "第一列是您的方案"));
      else if (c.mine > 0)
        CHECK(Has(text, en ? "is column " + std::to_string(c.mine + 1) : "是第 " + std::to_string(c.mine + 1) + " 列"));
      else
        CHECK(Has(text, en ? "none of them is your plan" : "其中没有您的方案"));
      // The question marks the same column, and only it.
      const std::string mark = en ? "(your plan)" : "（您的方案）";
      CHECK(Has(text, mark) == (c.mine >= 0));
    }
  }
}

TEST_CASE("a run that expects one failure says so in the singular", "[web][edges]") {
  // On the page: 8B on 8 H100s for its Chinchilla budget is about 4,336 GPU-hours; at an MTBF of 4,330 hours per
  // GPU that is 1.0 failure.
  static AppState app;
  testing::Start(app, "#v=1&model=llama3-8b&gpu=h100&gpus=8&mtbf_gpu_h=4330&view=plan&lang=en");
  Settle(app);
  REQUIRE(app.main.out.plan.run.failures == Approx(1.0).epsilon(0.01));
  const std::string text = DrawnText(app);
  INFO(text);
  CHECK(Has(text, "1 failure expected"));
  CHECK_FALSE(Has(text, "1 failures expected"));
  // The words, around one (two significant digits below ten).
  CHECK(FailuresExpected(1.0015) == "1 failure expected");
  CHECK(FailuresExpected(0.9986) == "1 failure expected");
  CHECK(FailuresExpected(0.985) == "0.98 failures expected");
  CHECK(FailuresExpected(2.0) == "2 failures expected");
}

}  // namespace edges_ui_test
