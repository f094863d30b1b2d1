// ui_test.cpp — headless tests of the planner's interface (web/) with no window: Dear ImGui runs
// real frames against platform_null.cpp, which records the link history, state and downloads. Checks the
// share link round trip with the UI's own keys, first-visit and saved-state behaviour, navigation,
// bad-link notices, background work finishing in every view, exports, and number formatting.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include "app.h"
#include "catalog.h"
#include "harness.h"
#include "imgui.h"
#include "widgets.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace ui_test {

using namespace tp;
using namespace tp::ui;

using testing::ClickWidget;
using testing::FindRect;
using testing::Frame;
using testing::RunUntilIdle;
using testing::Settle;
using testing::UseDefaultFonts;

namespace {
void Fresh(const std::string& link = "", const std::string& state = "") { testing::FreshPlatform(link, state); }
}  // namespace

TEST_CASE("numbers are shown with units at three significant digits", "[web]") {
  CHECK(FmtBytes(71.2e9) == "71.2 GB");
  CHECK(FmtBytes(138e9) == "138 GB");
  CHECK(FmtBytes(512e6) == "512 MB");
  CHECK(FmtMem(80.0 * (1ull << 30)) == "80.0 GiB");  // memory in binary units, as nvidia-smi and PyTorch
  CHECK(FmtCount(69.0e9) == "69.0 B");
  CHECK(FmtCount(7.24e6) == "7.24 M");
  CHECK(FmtCount(512) == "512");
  CHECK(FmtUsd(4.1e6) == "$4.10 M");
  CHECK(FmtUsd(870e3) == "$870 k");
  CHECK(FmtUsd(12.4) == "$12.40");
  CHECK(FmtDays(38.4) == "38 days");
  // Under two days in hours, under an hour in minutes: core's DurationText, as the verdict and the CLI say it.
  CHECK(FmtDays(1.5) == "36 h");
  CHECK(FmtDays(0.5) == "12 h");
  CHECK(FmtDuration(28 * 60) == "28 min");
  CHECK(FmtDays(1000) == "2.74 years");
  CHECK(FmtDuration(2.31) == "2.31 s");
  CHECK(FmtDuration(0.12) == "120 ms");
  CHECK(FmtPct(0.471) == "47%");
  CHECK(FmtPct(0.047) == "4.7%");
  CHECK(FmtInt(2048) == "2,048");
  CHECK(FmtInt(-1234567) == "-1,234,567");
}

TEST_CASE("the first visit opens on RTX 4090 vs A100 vs H100 and fills every column", "[web]") {
  Fresh();
  static AppState app;
  UseDefaultFonts(app);
  Init(app, {});
  REQUIRE(ViewOf(app) == View::Compare);
  const auto& columns = app.bg.columns;
  REQUIRE(columns.size() == 3);
  CHECK(columns[0].cfg.gpu == "rtx4090");
  CHECK(columns[1].cfg.gpu == "a100-80g");
  CHECK(columns[2].cfg.gpu == "h100");
  RunUntilIdle(app);
  for (const auto& column : columns) {
    CHECK(column.Done());
    CHECK(column.out.ok);
    CHECK(column.out.config.gpu == column.cfg.gpu);
  }
  // The columns differ in what they were asked to differ in.
  CHECK(columns[0].out.job.hw.gpus == 2048);
  CHECK(columns[1].out.job.hw.gpus == 256);
}

TEST_CASE("the link holds the whole state and round-trips, UI keys included", "[web]") {
  Fresh();
  static AppState app;
  UseDefaultFonts(app);
  Init(app, {});
  for (const char* link : {"#v=1&model=llama2-7b&gpu=h100&gpus=8&seq=8192",
                           "#v=1&model=llama2-70b&method=qlora&view=compare&cmp=gpu:rtx4090,gpus:8;gpu:h100,gpus:8",
                           "#v=1&model=llama2-13b&tp=2&pp=2&zero=1&view=search"}) {
    LoadLink(app, link);
    INFO(link);
    CHECK(app.notices.empty());
    Config cfg = app.cfg;
    std::vector<Config> columns;
    for (const auto& column : app.bg.columns) columns.push_back(column.cfg);
    std::string again = CurrentLink(app);
    LoadLink(app, again);
    CHECK(app.cfg == cfg);  // the view and the compare columns included: they are keys of the configuration
    REQUIRE(app.bg.columns.size() == columns.size());
    for (size_t i = 0; i < columns.size(); ++i) CHECK(app.bg.columns[i].cfg == columns[i]);
    CHECK(CurrentLink(app) == again);
  }
  // The page and `trainplan link` write the same link for the same state (plan view: no UI keys).
  for (const char* link : {"#v=1&model=llama3-70b&gpu=h100&gpus=64",
                           "#v=1&model=custom&layers=40&hidden=5120&heads=40&seq=2048&tokens=1.5e11"}) {
    LoadLink(app, link);
    INFO(link);
    CHECK(CurrentLink(app) == FormatLink(app.cfg));
    Config from_cli;
    std::vector<ConfigIssue> issues;
    ApplyLink(from_cli, CurrentLink(app), issues);
    CHECK(from_cli == app.cfg);
  }
  // A whole URL works as well as a fragment.
  LoadLink(app, "https://example.org/trainplan/#v=1&model=llama2-7b&gpus=16");
  CHECK(app.cfg.model == "llama2-7b");
  CHECK(app.cfg.gpus == 16);
}

TEST_CASE("a bad link shows notices naming the keys and falls back per field", "[web]") {
  Fresh();
  static AppState app;
  UseDefaultFonts(app);
  Init(app, {});
  LoadLink(app, "#v=1&gpus=banana&model=llama2-7b&view=sideways&cmp=gpu:h100");
  CHECK(app.cfg.model == "llama2-7b");
  CHECK(app.cfg.gpus == Config{}.gpus);
  CHECK(ViewOf(app) == View::Plan);
  CHECK(app.bg.columns.size() >= 2);  // a one-scenario comparison falls back to the default
  std::string all;
  for (const auto& n : app.notices) all += FormatIssue(n) + "\n";
  CHECK(all.find("view") != std::string::npos);
  CHECK(all.find("cmp") != std::string::npos);
  // gpus has a field: its complaint is shown there (issue #9), not in the notice bar.
  CHECK(std::none_of(app.notices.begin(), app.notices.end(), [](const ConfigIssue& n) { return n.key == "gpus"; }));
  REQUIRE(app.link_issues.size() == 1);
  CHECK(app.link_issues[0].key == "gpus");
  Frame(app);  // and it still draws
  Frame(app);
  bool at_field = false;
  for (const auto& w : app.widgets) at_field |= w.name == "issue_gpus";
  CHECK(at_field);
}

TEST_CASE("navigation (Back/Forward, a typed address, setLink) replaces the state", "[web]") {
  Fresh("#v=1&model=llama2-13b&gpus=32");
  static AppState app;
  UseDefaultFonts(app);
  Init(app, {});
  CHECK(app.cfg.model == "llama2-13b");
  Frame(app);
  platform::Null().navigation.push_back("#v=1&model=llama2-7b&gpus=8&view=plan");
  Settle(app);
  CHECK(app.cfg.model == "llama2-7b");
  CHECK(app.cfg.gpus == 8);
  CHECK(app.main.out.config.model == "llama2-7b");
  CHECK(PlanToJson(app.main.out).find("llama2-7b") != std::string::npos);
  // Navigation does not add history entries of its own.
  size_t entries = platform::Null().history.size();
  Frame(app);
  CHECK(platform::Null().history.size() == entries);
  // window.trainplan.setLink(): loads, then pushes one entry; plan() follows at once.
  const auto& hooks = platform::Null().hooks;
  REQUIRE(hooks.set_link);
  hooks.set_link(hooks.user, "#v=1&model=llama2-70b&gpu=h100&gpus=64");
  CHECK(platform::Null().history.size() == entries + 1);
  CHECK(app.cfg.gpu == "h100");
  std::string json = hooks.plan_json(hooks.user);
  CHECK(json.find("\"h100\"") != std::string::npos);  // the plan of the link just loaded
}

TEST_CASE("without a link the saved state is restored, theme included", "[web]") {
  Fresh("", "#v=1&model=llama2-7b&gpus=8|dark");
  static AppState app;
  UseDefaultFonts(app);
  Init(app, {});
  CHECK(app.cfg.model == "llama2-7b");
  CHECK(app.dark);
  CHECK(ViewOf(app) == View::Plan);
  // A link wins over the saved state, and becomes the saved state.
  Fresh("#v=1&model=llama2-13b", "#v=1&model=llama2-7b|dark");
  static AppState app2;
  UseDefaultFonts(app2);
  Init(app2, {});
  CHECK(app2.cfg.model == "llama2-13b");
  CHECK(platform::Null().state.find("model=llama2-13b") != std::string::npos);
  // A screenshot run restores but never overwrites.
  Fresh("#v=1&model=llama2-13b", "#v=1&model=llama2-7b|dark");
  static AppState app3;
  UseDefaultFonts(app3);
  InitOptions o;
  o.save_state = false;
  Init(app3, o);
  CHECK(platform::Null().state == "#v=1&model=llama2-7b|dark");
}

TEST_CASE("each view finishes its background work in bounded slices", "[web]") {
  Fresh("#v=1&model=mixtral-8x7b&gpus=64&view=plan");  // a mixture of experts: more layouts to search
  static AppState app;
  UseDefaultFonts(app);
  Init(app, {});
  int frames = RunUntilIdle(app);
  CHECK(frames > 1);  // the scaling chart is filled over several frames, not in one
  CHECK(app.bg.scaling.size() == ScaleCounts(app.cfg.gpus).size());
  bool any_fits = false;
  for (const auto& p : app.bg.scaling)
    any_fits |= p.Done() && p.out.plan.memory.fits && p.out.plan.throughput.tokens_per_s > 0;
  CHECK(any_fits);
  CHECK(app.widgets.size() > 20);  // the inputs were drawn and registered

  platform::Null().navigation.push_back("#v=1&model=llama2-7b&gpus=64&view=search");
  RunUntilIdle(app);
  CHECK(ViewOf(app) == View::Search);
  CHECK(app.bg.search.Result().gpu_ids.size() == Gpus().size());
  CHECK(app.bg.search.Result().done);
  CHECK_FALSE(app.bg.search.Result().top.empty());
}

TEST_CASE("exports download the plan and the comparison in three formats", "[web]") {
  Fresh("#v=1&model=llama2-7b&gpus=8&view=compare&cmp=gpu:a100-80g,gpus:8;gpu:h100,gpus:8");
  static AppState app;
  UseDefaultFonts(app);
  Init(app, {});
  RunUntilIdle(app);
  // Export through the same path as the menu: the platform receives named files with content.
  const auto before = platform::Null().downloads.size();
  for (Format f : {Format::Markdown, Format::Csv, Format::Json}) Export(app, f);
  const auto& d = platform::Null().downloads;
  REQUIRE(d.size() == before + 3);
  CHECK(d[before].second.find("RTX") == std::string::npos);  // the columns asked for, not the default ones
  CHECK(d[before + 2].second.find("h100") != std::string::npos);
  for (size_t i = before; i < d.size(); ++i) {
    INFO(d[i].first);
    CHECK(d[i].first.rfind("trainplan-compare.", 0) == 0);
    CHECK(d[i].second.size() > 100);
  }
}

TEST_CASE("an edit's sliced re-plan gives exactly the page planner's plan", "[web]") {
  Fresh("#v=1&view=plan");
  static AppState app;
  UseDefaultFonts(app);
  Init(app, {});
  // Searched layouts that fit, an explicit layout, a configuration error, and one that does not fit.
  for (const char* link :
       {"#v=1&model=llama2-70b&gpu=h100&gpus=256", "#v=1&model=llama2-13b&gpu=a100-80g&gpus=32&seq=8192",
        "#v=1&model=llama2-7b&gpu=rtx4090&gpus=8&method=qlora",
        "#v=1&model=llama2-7b&gpus=8&tp=2&pp=1&cp=1&ep=1&vp=1&mbs=1&zero=1&recompute=none&offload=none&sp=0",
        "#v=1&model=llama2-70b&gpu=rtx4090&gpus=8&offload=none", "#v=1&model=llama2-7b&gpus=8&tp=3"}) {
    INFO(link);
    Config c;
    std::vector<ConfigIssue> issues;
    ApplyLink(c, link, issues);
    app.cfg = c;
    PlanAfterEdit(app);
    int frames = 0;
    while (app.main.Planning() && frames < 100000) {
      Frame(app);
      ++frames;
    }
    REQUIRE_FALSE(app.main.Planning());
    // MakePlan's plan when the link has no error; with one (tp=3), the plan with tp on auto.
    CHECK(PlanToJson(app.main.out) == PlanToJson(MakePlanWithFallback(c, app.link_issues)));
    if (!HasErrors(issues) && MakePlan(c).ok) CHECK(PlanToJson(app.main.out) == PlanToJson(MakePlan(c)));
  }
}

TEST_CASE("an error shows next to its field and the rest of the plan still computes", "[web]") {
  Fresh("#v=1&model=llama2-7b&gpus=8&tp=3&view=plan");
  static AppState app;
  UseDefaultFonts(app);
  Init(app, {});
  Settle(app);  // the first plan is sliced over the first frames; then the frame that draws it
  // The verdict is a plan (not "Cannot plan"), made with tp on auto, and says so.
  REQUIRE(app.main.out.ok);
  CHECK(app.main.out.plan.layout.tp != 3);
  CHECK(app.main.out.fallback_keys == std::vector<std::string>{"tp"});
  CHECK(app.cfg.tp == 3);  // what the user typed stays, in the field and the link
  CHECK(app.link.find("tp=3") != std::string::npos);
  CHECK(FindRect(app, "fallback_line"));
  CHECK(PlanToJson(app.main.out).find("\"ok\": true") != std::string::npos);
  CHECK(PlanToJson(app.main.out).find("tp: 3 does not divide") != std::string::npos);
  // The error is drawn right under the tp input, in the field's column, not in the notice bar.
  CHECK(app.notices.empty());
  const auto* field = FindRect(app, "tp");
  const auto* issue = FindRect(app, "issue_tp");
  REQUIRE(field);
  REQUIRE(issue);
  float line = ImGui::GetFontSize();
  const auto* label = FindRect(app, "label_tp");
  REQUIRE(label);
  CHECK(issue->y0 >= field->y1 - 1);
  // Directly below, nothing in between (the row ends under the label when it wraps to a second line).
  CHECK(issue->y0 - std::max(field->y1, label->y1) < line);
  CHECK(std::abs(issue->x0 - field->x0) < 2);  // aligned with the field
  const auto* pp = FindRect(app, "pp");
  REQUIRE(pp);
  CHECK(pp->y0 >= issue->y1 - 1);  // the next field moves down to make room
  CHECK_FALSE(FindRect(app, "issue_pp"));

  // A link's garbage value: the field keeps its default and the complaint shows at the field.
  LoadLink(app, "#v=1&model=llama2-7b&gpus=8&tp=abc&view=plan");
  Frame(app);
  CHECK(app.cfg.tp == kAuto);
  CHECK(app.notices.empty());
  CHECK(FindRect(app, "issue_tp"));
  CHECK(PlanToJson(app.main.out).find("tp: expected") != std::string::npos);

  // QLoRA with fp32: planned in bf16, the error under Precision.
  LoadLink(app, "#v=1&model=llama2-7b&gpu=rtx4090&gpus=8&method=qlora&prec=fp32&view=plan");
  Frame(app);
  CHECK(app.main.out.ok);
  CHECK(FindRect(app, "issue_prec"));
  CHECK_FALSE(FindRect(app, "issue_tp"));

  // A field in a section that starts collapsed (Cost): the section opens to show it.
  LoadLink(app, "#v=1&model=llama2-7b&gpus=8&pue=0.2&view=plan");
  Frame(app);
  Frame(app);
  CHECK(FindRect(app, "pue"));
  CHECK(FindRect(app, "issue_pue"));
  CHECK(FindRect(app, "price_source"));  // the catalog price in use says whose figure it is, and when

  // A field two trees deep (Custom dimensions > MoE and attention details): both open to show it, and a
  // DeepSeek-style latent attention without its head sizes names the missing key there.
  LoadLink(app, "#v=1&model=llama2-7b&gpus=8&kv_lora_rank=512&view=plan");
  Frame(app);
  Frame(app);
  CHECK(app.main.out.ok);
  CHECK(FindRect(app, "kv_lora_rank"));
  CHECK(FindRect(app, "issue_kv_lora_rank"));
  CHECK(app.main.out.fallback_keys == std::vector<std::string>{"kv_lora_rank"});
  CHECK(app.notices.empty());
}

TEST_CASE("a run of months offers the GPU count that finishes within a month, in one click", "[web]") {
  Fresh("#v=1&model=llama2-70b&gpu=a100-80g&gpus=64&view=plan");
  // The offer is under the scaling chart: a window tall enough to show it without scrolling the results.
  ImGui::GetIO().DisplaySize = ImVec2(1366, 1000);
  static AppState app;
  UseDefaultFonts(app);
  Init(app, {});
  RunUntilIdle(app);
  REQUIRE(app.main.out.plan.run.days > 60);
  bool offered = false;
  for (const auto& w : app.widgets) offered |= w.name == "use_sooner_count";
  REQUIRE(offered);
  // Below the scaling chart: scrolled to, as a user would (the bands make the figures above it longer).
  REQUIRE(testing::ScrollIntoView(app, "use_sooner_count"));
  REQUIRE(ClickWidget(app, "use_sooner_count"));
  RunUntilIdle(app);
  CHECK(app.cfg.gpus > 64);
  CHECK(app.main.out.plan.run.days <= 30);
  REQUIRE_FALSE(platform::Null().history.empty());
  CHECK(platform::Null().history.back().find("gpus=" + std::to_string(app.cfg.gpus)) != std::string::npos);
  // Within a month already: nothing offered.
  bool still = false;
  for (const auto& w : app.widgets) still |= w.name == "use_sooner_count";
  CHECK_FALSE(still);
}

TEST_CASE("the first plan is searched over the first frames, a script asking for it gets it at once", "[web]") {
  const std::string link = "#v=1&model=llama2-70b&gpu=h100&gpus=256";
  Fresh(link + "&view=plan");
  static AppState app;
  UseDefaultFonts(app);
  Init(app, {});
  CHECK(app.main.Planning());  // Init did not run the whole search
  CHECK_FALSE(app.main.has_result);
  Frame(app);  // the first frame is drawn without waiting ("Planning…")
  const auto& hooks = platform::Null().hooks;
  REQUIRE(hooks.plan_json);
  const std::string json = hooks.plan_json(hooks.user);  // window.trainplan.plan()
  CHECK_FALSE(app.main.Planning());
  CHECK(app.main.has_result);
  Config c;
  std::vector<ConfigIssue> issues;
  ApplyLink(c, link, issues);
  CHECK(json == PlanToJson(MakePlanWithFallback(c, issues)));
}

TEST_CASE("every assumption has a field in the Assumptions section, 0 meaning its default", "[web]") {
  // An out-of-range value opens the (collapsed) section at its field; every other assumption key is there.
  Fresh("#v=1&model=llama2-7b&gpus=8&eff_matmul=7&view=plan");
  static AppState app;
  UseDefaultFonts(app);
  Init(app, {});
  RunUntilIdle(app);
  CHECK(FindRect(app, "issue_eff_matmul"));
  for (const KeyInfo& k : Keys()) {
    if (k.group != KeyGroup::Assumptions) continue;
    INFO(k.name);
    CHECK(FindRect(app, k.name));
  }
  CHECK(FindRect(app, "headroom"));
  // The link's bad value was refused: the field holds 0 (the default) and the plan used the fitted value.
  CHECK(app.cfg.eff_matmul == 0);
  CHECK(app.main.out.job.assume.eff_matmul > 0.5);
  CHECK(app.main.out.job.assume.eff_matmul < 1.0);
}

TEST_CASE("a GPU picked in the inputs brings its own links, server size and prices", "[web]") {
  Fresh(
      "#v=1&model=llama2-7b&gpu=a100-80g&gpus=16&intra=pcie4&inter=eth-100&gpus_per_node=4&usd_per_gpu_hour=9&view="
      "plan");
  static AppState app;
  UseDefaultFonts(app);
  Init(app, {});
  Settle(app);
  REQUIRE(app.cfg.intra == "pcie4");
  // The user scrolls to the GPU picker, opens it and clicks H100 (core's SelectGpu: the rule every surface uses).
  REQUIRE(testing::ScrollIntoView(app, "gpu"));
  REQUIRE(ClickWidget(app, "gpu"));
  Frame(app);  // the popup's rows where it is drawn (its first frame only measures them)
  REQUIRE(ClickWidget(app, "pick_gpu_h100"));
  Settle(app);
  CHECK(app.cfg.gpu == "h100");
  CHECK(app.cfg.intra.empty());
  CHECK(app.cfg.inter.empty());
  CHECK(app.cfg.gpus_per_node == kUnset);
  CHECK(app.cfg.usd_per_gpu_hour == 0);
  CHECK(app.cfg.gpus == 16);  // what is not the GPU's stays
  CHECK(app.main.out.job.hw.gpu->id == "h100");
}

// Issue #18: a GPU that is not in the catalog, described on the page as on the command line.
TEST_CASE("gpu=custom from a link: the page plans the described GPU and shows its fields", "[web]") {
  const std::string keys =
      "model=llama2-13b&gpu=custom&gpus=24&gpu_mem_gib=96&gpu_bw_gbs=4000&gpu_tflops=1200&gpu_tdp_w=800";
  Fresh("#v=1&" + keys);
  static AppState app;
  UseDefaultFonts(app);
  Init(app, {});
  RunUntilIdle(app);
  REQUIRE(app.main.out.ok);
  REQUIRE(app.main.out.job.hw.gpu);
  CHECK(app.main.out.job.hw.gpu->mem_bytes == 96.0 * (1ull << 30));
  CHECK(app.main.out.job.hw.gpu->peak_flops[int(Precision::Bf16)] == Approx(1200e12));
  // The same plan as `trainplan plan` with these keys.
  Config cli;
  std::vector<ConfigIssue> issues;
  ApplyLink(cli, "#v=1&" + keys, issues);
  const PlanOutput direct = MakePlan(cli);
  REQUIRE(direct.ok);
  CHECK(app.main.out.plan.step.seconds == direct.plan.step.seconds);
  Frame(app);
  for (const char* field : {"gpu_mem_gib", "gpu_bw_gbs", "gpu_tflops", "gpu_tdp_w"}) {
    bool drawn = false;
    for (const auto& w : app.widgets) drawn |= w.name == field;
    INFO(field);
    CHECK(drawn);
  }
  CHECK(CurrentLink(app).find("gpu_mem_gib=96") != std::string::npos);
}

}  // namespace ui_test
