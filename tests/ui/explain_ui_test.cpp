// explain_ui_test.cpp — issue #21 on the page, headless (platform_null.cpp, real ImGui frames, real clicks
// and keystrokes): a "why?" beside each headline number opens the panel on that number's tree, its lines
// the command line's (`trainplan explain`), its root the plan's own value, in English and in Chinese; the
// tree is built again only when the plan changes, and never while the panel is closed; on a phone the panel
// fits the screen and cuts no text. "Calibrate from my run": a training-log line pasted with Ctrl+V fills
// the measurement in and the plan reproduces it; plans derived from the page's (compare columns, the
// scaling chart, the search, an edit of the configuration) carry the fitted factors instead of fitting them
// again to a configuration that was never measured.
#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "app.h"
#include "calibrate.h"
#include "cli.h"
#include "explain.h"
#include "fields.h"
#include "harness.h"
#include "imgui.h"
#include "scenario.h"
#include "text_layout.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace explain_ui_test {

using namespace tp;
using namespace tp::ui;
using testing::Cli;
using testing::ClickWidget;
using testing::FindRect;
using testing::Frame;
using testing::RunUntilIdle;
using testing::Settle;
using testing::TypeInto;

namespace {

// The line of `trainplan explain --link L NAME` that explains NAME itself (its first line).
std::string CliLine(const AppState& app, const std::string& name, const char* lang = "en") {
  const std::string text = Cli({"explain", "--link", app.link, name, "--lang", lang});
  return text.substr(0, text.find('\n'));
}

// Each headline number and part with a "why?", and the plan's own value of it.
struct Headline {
  const char* name;
  double (*value)(const Plan&);
};
const Headline kHeadlines[] = {
    {"days", [](const Plan& p) { return p.run.days; }},
    {"cost_usd", [](const Plan& p) { return p.run.cost_usd; }},
    {"gpu_hours", [](const Plan& p) { return p.run.gpu_hours; }},
    {"failures", [](const Plan& p) { return p.run.failures; }},
    {"memory_total_bytes", [](const Plan& p) { return p.memory.total; }},
    {"memory_usable_bytes", [](const Plan& p) { return p.memory.usable; }},
    {"weights_bytes", [](const Plan& p) { return p.memory.weights; }},
    {"gradients_bytes", [](const Plan& p) { return p.memory.gradients; }},
    {"optimizer_bytes", [](const Plan& p) { return p.memory.optimizer; }},
    {"activations_bytes", [](const Plan& p) { return p.memory.activations; }},
    {"other_bytes", [](const Plan& p) { return p.memory.other; }},
    {"step_seconds", [](const Plan& p) { return p.step.seconds; }},
    {"compute_s", [](const Plan& p) { return p.step.compute_s; }},
    {"memory_s", [](const Plan& p) { return p.step.memory_s; }},
    {"comm_exposed_s", [](const Plan& p) { return p.step.comm_exposed_s; }},
    {"bubble_s", [](const Plan& p) { return p.step.bubble_s; }},
    {"tokens_per_s_per_gpu", [](const Plan& p) { return p.throughput.tokens_per_s_per_gpu; }},
    {"mfu", [](const Plan& p) { return p.throughput.mfu; }},
};

void OpenWhy(AppState& app, const std::string& name) {
  INFO("why_" << name);
  REQUIRE(ClickWidget(app, "why_" + name));
  Frame(app);
  REQUIRE(app.explain.open == name);
  REQUIRE(!app.explain.rows.empty());
}

void ClosePanel(AppState& app) {
  REQUIRE(ClickWidget(app, "explain_close"));
  Frame(app);
  REQUIRE(app.explain.open.empty());
  REQUIRE(app.explain.rows.empty());
}

// 24 H100 (not a power of two) with pipeline stages given, so the step has a bubble and communication.
const char* const kLink = "#v=1&model=llama2-13b&gpu=h100&gpus=24&pp=3&seq=4096&gbs=480&tokens=2e11";

// A torchtitan metrics line as train.py logs it (ANSI colours included), for Llama 3 8B on 8 A100s:
// 2,900 tokens/s per GPU, 60 GiB reserved at the peak.
const char* const kTorchtitanLine =
    "\x1b[31m[rank0]:[titan] 2025-03-02 11:42:07,311 - root - INFO - \x1b[36mstep: 200  \x1b[32mloss:  3.1416  "
    "\x1b[33mmemory: 60.00GiB(75.53%)  \x1b[34mtps: 2,900  \x1b[36mtflops: 139.20  \x1b[35mmfu: 44.62%\x1b[39m";
// The configuration that run had (its layout given, as the section asks).
const char* const kRunLink =
    "#v=1&model=llama3-8b&gpu=a100-80g&gpus=8&tp=1&pp=1&cp=1&zero=1&recompute=none&mbs=2&tokens=1e10";

// Click into the text field, Ctrl+A, Ctrl+V with `text` on the clipboard (ImGui's own, headless): the
// pasted text replaces the field's.
void PasteInto(AppState& app, const std::string& field, const std::string& text) {
  ImGui::SetClipboardText(text.c_str());
  ImGui::ClearActiveID();
  Frame(app);
  REQUIRE(ClickWidget(app, field));
  testing::PressKey(app, ImGuiKey_A, ImGuiMod_Ctrl);
  testing::PressKey(app, ImGuiKey_V, ImGuiMod_Ctrl);
  ImGui::ClearActiveID();
  Frame(app);
}

// Scrolls the panel under the inputs with the mouse wheel until widget `name` is on screen.
void ScrollIntoView(AppState& app, const std::string& name) {
  ImGuiIO& io = ImGui::GetIO();
  for (int i = 0; i < 200; ++i) {
    const AppState::WidgetRect* r = FindRect(app, name);
    REQUIRE(r);
    if (r->y0 > 40 && r->y1 < io.DisplaySize.y - 60) break;
    io.MousePos = ImVec2((r->x0 + r->x1) / 2, io.DisplaySize.y / 2);
    io.MouseWheel = r->y1 >= io.DisplaySize.y - 60 ? -1.0f : 1.0f;
    Frame(app);
    io.MouseWheel = 0;
  }
  Frame(app);
}

void OpenCalibration(AppState& app) {
  if (!FindRect(app, "calibrate_log")) {
    ScrollIntoView(app, "section_Calibration (from your run)");
    REQUIRE(ClickWidget(app, "section_Calibration (from your run)"));
  }
  Frame(app);
  ScrollIntoView(app, "calibrate_log");
}

}  // namespace

TEST_CASE("a why? beside each number opens its tree: the plan's own value, the command line's lines",
          "[web][explain]") {
  auto owned = std::make_unique<AppState>();
  AppState& app = *owned;
  testing::Start(app, kLink);
  RunUntilIdle(app);
  const Plan& plan = app.main.out.plan;
  REQUIRE(plan.step.bubble_s > 0);
  REQUIRE(plan.step.comm_exposed_s > 0);
  for (const Headline& h : kHeadlines) {
    OpenWhy(app, h.name);
    const ExplainState::Row& root = app.explain.rows.front();
    INFO(h.name);
    CHECK(root.name == h.name);
    CHECK(root.depth == 0);
    CHECK(root.value == h.value(app.main.out.plan));  // bit for bit: the tree holds the plan's own variables
    // The panel's line says what the command line's does: the value, and the formula with the values in it.
    const std::string line = CliLine(app, h.name);
    CHECK(line.find(root.text) != std::string::npos);
    if (!root.substituted.empty()) CHECK(line.find("= " + root.substituted + " = " + root.text) != std::string::npos);
    // The root is open: its inputs are the next lines, one level down, in the tree's order.
    const Explanation ex = ExplainPlan(app.main.out);
    const ExplainNode* node = ex.Find(h.name);
    REQUIRE(node);
    std::vector<std::string> children;
    for (const ExplainState::Row& r : app.explain.rows)
      if (r.depth == 1) children.push_back(r.name);
    REQUIRE(children.size() == node->inputs.size());
    for (size_t i = 0; i < children.size(); ++i) CHECK(children[i] == ex.nodes[node->inputs[i]].name);
    ClosePanel(app);
  }

  // A line opens into its own formula and inputs; a user's key is marked as theirs.
  OpenWhy(app, "days");
  REQUIRE(ClickWidget(app, "explain_compute_days"));
  Frame(app);
  bool steady = false;
  for (const ExplainState::Row& r : app.explain.rows) {
    if (r.name == "compute_days") {
      CHECK(r.expanded);
      CHECK(CliLine(app, "compute_days").find("= " + r.substituted + " = " + r.text) != std::string::npos);
    }
    steady |= r.name == "steady_days" && r.depth == 2;
  }
  CHECK(steady);
  REQUIRE(ClickWidget(app, "explain_steady_days"));
  REQUIRE(ClickWidget(app, "explain_steps"));
  bool key_marked = false;
  for (const ExplainState::Row& r : app.explain.rows)
    if (r.name == "tokens")
      key_marked = r.key == "tokens" && r.value == 2e11 && r.line.find("[your key tokens]") != std::string::npos;
  CHECK(key_marked);

  // window.trainplan.explain() is `trainplan explain --link <the page's link> --format json`.
  const platform::ScriptHooks& hooks = platform::Null().hooks;
  REQUIRE(hooks.explain_json);
  CHECK(hooks.explain_json(hooks.user) == Cli({"explain", "--link", app.link, "--format", "json"}));
  CHECK(hooks.explain_panel_json(hooks.user).find("\"open\":\"days\"") != std::string::npos);
}

TEST_CASE("a plan that does not fit still explains its memory and its days", "[web][explain]") {
  auto owned = std::make_unique<AppState>();
  AppState& app = *owned;
  testing::Start(app, "#v=1&model=llama2-70b&gpu=rtx4090&gpus=2&tp=1&pp=1&zero=0");
  RunUntilIdle(app);
  REQUIRE(app.main.out.ok);
  REQUIRE(!app.main.out.plan.memory.fits);
  OpenWhy(app, "memory_total_bytes");
  CHECK(app.explain.rows.front().value == app.main.out.plan.memory.total);
  ClosePanel(app);
  OpenWhy(app, "days");
  CHECK(app.explain.rows.front().value == app.main.out.plan.run.days);
}

TEST_CASE("the why? panel in Chinese: the explanation's Chinese labels, as the command line's --lang zh",
          "[web][explain]") {
  auto owned = std::make_unique<AppState>();
  AppState& app = *owned;
  testing::Start(app, std::string(kLink) + "&lang=zh");
  RunUntilIdle(app);
  OpenWhy(app, "days");
  const ExplainState::Row& root = app.explain.rows.front();
  CHECK(root.label == "实际天数");
  CHECK(root.text.find("天") != std::string::npos);
  const std::string line = CliLine(app, "days", "zh");
  CHECK(line.find("(" + root.label + ")") != std::string::npos);
  CHECK(line.find("= " + root.substituted + " = " + root.text) != std::string::npos);
  // A user's key carries the command line's Chinese mark.
  REQUIRE(ClickWidget(app, "explain_compute_days"));
  REQUIRE(ClickWidget(app, "explain_steady_days"));
  REQUIRE(ClickWidget(app, "explain_steps"));
  bool marked = false;
  for (const ExplainState::Row& r : app.explain.rows)
    if (r.name == "tokens")
      marked = r.line.find("[你的输入 tokens]") != std::string::npos && r.label == "训练 token 数";
  CHECK(marked);
  CHECK(app.explain.rows.front().label == "实际天数");
}

TEST_CASE("the panel's tree is built when it opens and when the plan changes, not every frame", "[web][explain]") {
  auto owned = std::make_unique<AppState>();
  AppState& app = *owned;
  testing::Start(app, kLink);
  RunUntilIdle(app);
  CHECK(app.explain.builds == 0);  // closed: nothing built
  OpenWhy(app, "step_seconds");
  for (int i = 0; i < 30; ++i) Frame(app);
  CHECK(app.explain.builds == 1);
  // An edit with the panel open: one new tree, whose root is the new plan's step time.
  TypeInto(app, "gbs", "960");
  Settle(app);
  for (int i = 0; i < 10; ++i) Frame(app);
  REQUIRE(app.main.out.config.gbs == 960);
  const int after_edit = app.explain.builds;
  CHECK(after_edit >= 2);
  CHECK(after_edit <= 4);  // keystrokes 9, 96, 960 may each have landed a plan; frames built none
  CHECK(app.explain.rows.front().value == app.main.out.plan.step.seconds);
  for (int i = 0; i < 30; ++i) Frame(app);
  CHECK(app.explain.builds == after_edit);
  // Closed, an edit builds nothing.
  ClosePanel(app);
  TypeInto(app, "gbs", "480");
  Settle(app);
  CHECK(app.explain.builds == after_edit);
  // Another view closes it (its "why?" buttons are the plan view's).
  OpenWhy(app, "days");
  REQUIRE(ClickWidget(app, "view_Compare"));
  Frame(app);
  CHECK(app.explain.open.empty());
  CHECK(app.explain.rows.empty());
}

TEST_CASE("on a phone (390x844) the why? panel fits the screen and cuts no text", "[web][explain]") {
  auto owned = std::make_unique<AppState>();
  AppState& app = *owned;
  testing::Start(app, kLink);
  ImGui::GetIO().DisplaySize = ImVec2(390, 844);
  RunUntilIdle(app);
  OpenWhy(app, "memory_total_bytes");
  for (const char* child : {"explain_activations_bytes", "explain_other_bytes", "explain_temporaries_bytes"})
    if (FindRect(app, child)) ClickWidget(app, child);
  Frame(app);
  const AppState::WidgetRect* panel = FindRect(app, "explain_panel");
  REQUIRE(panel);
  CHECK(panel->x0 >= 0);
  CHECK(panel->y0 >= 0);
  CHECK(panel->x1 <= 390);
  CHECK(panel->y1 <= 844);
  CHECK(panel->x1 - panel->x0 > 300);  // the screen's width, not a sliver
  // No line of text inside the panel is cut by its edge (the page behind has its own audit).
  const std::string clipped = ClippedTextJson(app.text_fields);
  // Each entry's clip rectangle says whose text it is: the panel's lies within the panel.
  static const std::regex entry(R"re("clip":\[([-0-9.]+),([-0-9.]+),([-0-9.]+),([-0-9.]+)\])re");
  int inside = 0;
  for (auto it = std::sregex_iterator(clipped.begin(), clipped.end(), entry); it != std::sregex_iterator(); ++it) {
    const float x0 = std::stof((*it)[1]), y0 = std::stof((*it)[2]), x1 = std::stof((*it)[3]), y1 = std::stof((*it)[4]);
    inside += x0 >= panel->x0 && x1 <= panel->x1 && y0 >= panel->y0 && y1 <= panel->y1;
  }
  INFO(clipped);
  CHECK(inside == 0);
  CHECK(app.explain.rows.size() > 8);
}

TEST_CASE("a torchtitan line pasted with Ctrl+V fills the measurement in and the plan reproduces it",
          "[web][calibrate]") {
  auto owned = std::make_unique<AppState>();
  AppState& app = *owned;
  testing::Start(app, kRunLink);
  RunUntilIdle(app);
  const double uncalibrated = app.main.out.plan.throughput.tokens_per_s_per_gpu;
  REQUIRE(std::fabs(uncalibrated - 2900) > 100);  // the plan did not already say 2,900
  OpenCalibration(app);
  PasteInto(app, "calibrate_log", kTorchtitanLine);
  CHECK(app.cfg.measured_tokens_per_s_per_gpu == 2900);
  CHECK(app.cfg.measured_peak_gib == 60);
  CHECK(app.calibrate.message.find("torchtitan") != std::string::npos);
  CHECK(!app.calibrate.message_bad);
  Settle(app);
  const PlanOutput& o = app.main.out;
  CHECK(o.calibration.speed_fitted);
  CHECK(o.calibration.memory_fitted);
  CHECK(std::fabs(o.plan.throughput.tokens_per_s_per_gpu / 2900 - 1) < 5e-4);
  CHECK(std::fabs(o.plan.memory.reserved / (60.0 * (1 << 30)) - 1) < 5e-4);
  CHECK(FormatLink(o.config).find("calib_speed=") != std::string::npos);
  // The plan view shows the command line's Calibration section.
  RunUntilIdle(app);
  CHECK(FindRect(app, "calibration_result"));
  // The same link on the command line plans the same calibration.
  CHECK(Cli({"plan", "--link", app.link, "--format", "json"}) == PlanToJson(o));

  // Text that is no log line: a message, nothing changed.
  const Config before = app.cfg;
  PasteInto(app, "calibrate_log", "hello, this is not a log");
  CHECK(app.calibrate.message_bad);
  CHECK(FindRect(app, "calibrate_message"));
  CHECK(app.cfg == before);
  // A figure the key refuses (1e20 tokens/s per GPU): the key's message under its field, the plan unchanged.
  PasteInto(app, "calibrate_log", "step: 300  loss: 3.0  tps: 100000000000000000000  mfu: 44%");
  Settle(app);
  CHECK(app.cfg == before);
  CHECK(KeyHasIssue(app, "measured_tokens_per_s_per_gpu", true));
  CHECK(app.calibrate.message_bad);
  CHECK(FindRect(app, "issue_measured_tokens_per_s_per_gpu"));
}

TEST_CASE("a Megatron iteration time becomes tokens/s per GPU with the plan's batch, sequence and GPUs",
          "[web][calibrate]") {
  auto owned = std::make_unique<AppState>();
  AppState& app = *owned;
  testing::Start(app, std::string(kRunLink) + "&gbs=256&seq=4096");
  RunUntilIdle(app);
  OpenCalibration(app);
  const std::string line =
      " iteration      100/    1000 | consumed samples:        25600 | elapsed time per iteration (ms): "
      "52345.6 | learning rate: 3.000E-04 | global batch size:   256 | lm loss: 2.345678E+00 |";
  PasteInto(app, "calibrate_log", line);
  const double expected = 256.0 * 4096 / 52.3456 / 8;
  CHECK(app.cfg.measured_tokens_per_s_per_gpu == Approx(expected).epsilon(1e-12));
  CHECK(app.calibrate.message.find("megatron") != std::string::npos);
}

TEST_CASE("compare columns, the scaling chart and the search carry the calibration, never fitting it again",
          "[web][calibrate]") {
  auto owned = std::make_unique<AppState>();
  AppState& app = *owned;
  // The measured run (8 A100s), compared with 24 A100s and 8 H100s.
  const std::string link = std::string(kRunLink) +
                           "&measured_tokens_per_s_per_gpu=2900&measured_peak_gib=60&view=compare"
                           "&cmp=gpu:a100-80g,gpus:8;gpu:a100-80g,gpus:24;gpu:h100,gpus:8";
  testing::Start(app, link);
  RunUntilIdle(app);
  const Config& fitted = app.main.out.config;
  REQUIRE(app.main.out.calibration.speed_fitted);
  REQUIRE(fitted.calib_speed > 0);
  REQUIRE(fitted.calib_speed != 1);
  REQUIRE(app.bg.columns.size() == 3);
  for (const PlanTask& column : app.bg.columns) {
    INFO(FormatLink(column.cfg));
    CHECK(column.out.config.calib_speed == fitted.calib_speed);
    CHECK(column.out.config.calib_memory == fitted.calib_memory);
    CHECK(column.out.config.calib_gpu == "a100-80g");
    CHECK(!column.out.calibration.speed_fitted);
    CHECK(column.out.config.measured_tokens_per_s_per_gpu == 0);
  }
  // The H100 column projects the A100's factor (and says so); fitted again, it would claim 2,900 tokens/s.
  const PlanOutput& h100 = app.bg.columns[2].out;
  CHECK(h100.plan.throughput.tokens_per_s_per_gpu > 1.3 * 2900);
  bool noticed = false;
  for (const ConfigIssue& is : h100.issues) noticed |= is.key == "calib_gpu" && is.notice;
  CHECK(noticed);
  // A column is the plan of its own configuration with the factors carried, as the command line plans it.
  Config direct = ScenarioConfig(app.cfg, SplitScenarios(app.cfg.cmp)[2], nullptr);
  CarryCalibration(fitted, direct);
  CHECK(MakePlan(direct).plan.run.days == h100.plan.run.days);
  const platform::ScriptHooks& hooks = platform::Null().hooks;
  CHECK(hooks.compare_json(hooks.user) == Cli({"compare", "--link", app.link, "--format", "json"}));

  // The scaling chart's points and the search: the same factors, no measurement.
  platform::Null().navigation.push_back(std::string(kRunLink) + "&measured_tokens_per_s_per_gpu=2900&view=plan");
  RunUntilIdle(app);
  REQUIRE(!app.bg.scaling.empty());
  for (const PlanTask& point : app.bg.scaling) {
    INFO(point.cfg.gpus);
    CHECK(point.cfg.calib_speed == app.main.out.config.calib_speed);
    CHECK(point.cfg.measured_tokens_per_s_per_gpu == 0);
    CHECK(!point.out.calibration.speed_fitted);
  }
  platform::Null().navigation.push_back(std::string(kRunLink) + "&measured_tokens_per_s_per_gpu=2900&view=search");
  RunUntilIdle(app);
  CHECK(app.bg.search_cfg.calib_speed == app.main.out.config.calib_speed);
  CHECK(app.bg.search_cfg.measured_tokens_per_s_per_gpu == 0);
}

TEST_CASE("after calibrating, an edit of the configuration carries the factors and leaves the measurement",
          "[web][calibrate]") {
  auto owned = std::make_unique<AppState>();
  AppState& app = *owned;
  testing::Start(app, std::string(kRunLink) + "&measured_tokens_per_s_per_gpu=2900");
  RunUntilIdle(app);
  const double factor = app.main.out.config.calib_speed;
  REQUIRE(app.main.out.calibration.speed_fitted);
  TypeInto(app, "gpus", "24");
  Settle(app);
  CHECK(app.cfg.gpus == 24);
  CHECK(app.cfg.measured_tokens_per_s_per_gpu == 0);
  CHECK(app.cfg.calib_speed == factor);
  CHECK(app.cfg.calib_gpu == "a100-80g");
  CHECK(app.link.find("calib_speed=") != std::string::npos);
  CHECK(app.link.find("measured_tokens_per_s_per_gpu") == std::string::npos);
  CHECK(!app.main.out.calibration.speed_fitted);
  // Typing a new measurement fits the factor afresh for the configuration now on screen.
  OpenCalibration(app);
  TypeInto(app, "measured_tokens_per_s_per_gpu", "2500");
  Settle(app);
  CHECK(app.cfg.calib_speed == 0);
  CHECK(app.main.out.calibration.speed_fitted);
  CHECK(std::fabs(app.main.out.plan.throughput.tokens_per_s_per_gpu / 2500 - 1) < 5e-4);
}

}  // namespace explain_ui_test
