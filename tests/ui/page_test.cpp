// page_test.cpp — issue #20 ("the page as people really use it"), headless: the config.json import
// through the Paste button and a dropped file keeps the model's name; a preset picked afterwards replaces
// the imported model; an edited preset says "(modified)" and Reset restores it; numbers typed into a field
// (real characters into the focused ImGui text field) are read as people write them, and a value that is
// refused says so under its field; Compare opens on the current plan; Search can keep to the selected GPU.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cfloat>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "app.h"
#include "catalog.h"
#include "compare.h"
#include "fields.h"
#include "harness.h"
#include "i18n_core.h"
#include "imgui.h"
#include "imgui_internal.h"  // ClearActiveID: the previous field is left before the next click
#include "saves.h"
#include "text_layout.h"
#include "views.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace page_test {

using namespace tp;
using namespace tp::ui;

using testing::ClickWidget;
using testing::FindRect;
using testing::Frame;
using testing::RunUntilIdle;
using testing::Settle;
using testing::TypeInto;

namespace {

// Qwen2.5-7B-Instruct's config.json, as transformers saves it (trimmed to the fields the import reads).
const char* const kQwenConfig = R"({
  "_name_or_path": "Qwen/Qwen2.5-7B-Instruct",
  "architectures": ["Qwen2ForCausalLM"],
  "hidden_size": 3584, "intermediate_size": 18944, "num_attention_heads": 28, "num_hidden_layers": 28,
  "num_key_value_heads": 4, "vocab_size": 152064, "hidden_act": "silu", "tie_word_embeddings": false
})";

// The change landed in the last frame (a clipboard answer, a click's release): plan it and draw the plan.
void Replan(AppState& app) {
  Frame(app);
  Settle(app);
}

// Opens the picker `key` and types `filter` into its filter box (focused when the popup opens).
void FilterPicker(AppState& app, const char* key, const std::string& filter) {
  REQUIRE(ClickWidget(app, key));
  Frame(app);
  for (char c : filter) {
    ImGui::GetIO().AddInputCharacter((unsigned)(unsigned char)c);
    Frame(app);
  }
  Frame(app);
}

void PressEnter(AppState& app) { testing::PressKey(app, ImGuiKey_Enter); }

void OpenImportBox(AppState& app) {
  if (!FindRect(app, "hf_paste")) REQUIRE(ClickWidget(app, "hf_open"));
  Frame(app);
  REQUIRE(FindRect(app, "hf_paste"));
}

}  // namespace

TEST_CASE("the Paste config.json button imports the clipboard and the model keeps its name", "[web][page]") {
  static AppState app;
  testing::Start(app, "#v=1&model=llama2-7b&gpus=8&view=plan");
  Settle(app);
  OpenImportBox(app);
  platform::Null().clipboard = kQwenConfig;  // copied in another program
  REQUIRE(ClickWidget(app, "hf_paste"));
  CHECK(platform::Null().clipboard_requests <= 1);
  Replan(app);
  CHECK(app.cfg.model == "custom");
  CHECK(app.cfg.name == "Qwen/Qwen2.5-7B-Instruct");
  CHECK(app.cfg.layers == 28);
  CHECK(app.cfg.kv_heads == 4);
  CHECK(app.hf_issues.empty());
  // The name is in the plan and in the link, so the other side of a shared link sees it too.
  CHECK(app.main.out.config.name == "Qwen/Qwen2.5-7B-Instruct");
  CHECK(app.link.find("name=Qwen%2FQwen2.5-7B-Instruct") != std::string::npos);
  Config back;
  std::vector<ConfigIssue> issues;
  ApplyLink(back, app.link.substr(app.link.find('#')), issues);
  CHECK(back.name == "Qwen/Qwen2.5-7B-Instruct");

  // The browser refuses the clipboard: the box says how to paste instead; nothing changes.
  platform::Null().clipboard_refused = true;
  REQUIRE(ClickWidget(app, "hf_paste"));
  Frame(app);
  CHECK(app.inputs.hf_message.find("Ctrl+V") != std::string::npos);
  CHECK(app.cfg.name == "Qwen/Qwen2.5-7B-Instruct");
}

TEST_CASE("a dropped config.json without _name_or_path is named after its file", "[web][page]") {
  static AppState app;
  testing::Start(app, "#v=1&model=llama2-7b&gpus=8&view=plan");
  Settle(app);
  std::string unnamed = kQwenConfig;
  unnamed.erase(unnamed.find("\"_name_or_path\""),
                std::string("\"_name_or_path\": \"Qwen/Qwen2.5-7B-Instruct\",").size());
  platform::Null().dropped.push_back({"my-qwen.json", unnamed});
  Replan(app);
  CHECK(app.cfg.model == "custom");
  CHECK(app.cfg.name == "my-qwen");
  CHECK(app.cfg.hidden == 3584);
  // "config.json" names nothing: the model stays unnamed ("custom model") rather than "config".
  platform::Null().dropped.push_back({"config.json", unnamed});
  Replan(app);
  CHECK(app.cfg.name.empty());
  // Too large (or unreadable) a file: a message in the import box, nothing imported.
  const int layers = app.cfg.layers;
  platform::Null().dropped.push_back({"huge.json", ""});
  Frame(app);
  CHECK(app.inputs.hf_message.find("huge.json") != std::string::npos);
  CHECK(app.cfg.layers == layers);
}

TEST_CASE("a preset picked after an import replaces the model, an edited preset shows (modified) and Reset",
          "[web][page]") {
  static AppState app;
  testing::Start(app, "#v=1&model=llama2-7b&gpus=64&view=plan");
  Settle(app);
  OpenImportBox(app);
  platform::Null().clipboard = kQwenConfig;
  REQUIRE(ClickWidget(app, "hf_paste"));
  Replan(app);
  REQUIRE(app.cfg.name == "Qwen/Qwen2.5-7B-Instruct");
  CHECK(app.main.out.job.model.kv_heads == 4);

  // The issue's case: Mixtral 8x7B after a Qwen import was a 36.4 B model with GQA 4. Found as people
  // find a preset among fifty: typed into the picker's filter.
  FilterPicker(app, "model", "mixtral");
  REQUIRE(ClickWidget(app, "pick_model_mixtral-8x7b"));
  Settle(app);
  CHECK(app.cfg.model == "mixtral-8x7b");
  CHECK(app.cfg.name.empty());
  CHECK(app.cfg.layers == kUnset);
  CHECK(app.cfg.kv_heads == kUnset);
  CHECK(app.main.out.job.model.kv_heads == 8);
  CHECK(app.main.out.job.model.params_total == Approx(46.70e9).epsilon(0.01));
  CHECK(app.link.find("layers=") == std::string::npos);
  CHECK(app.link.find("name=") == std::string::npos);
  CHECK_FALSE(FindRect(app, "model_reset"));  // the preset as it is: nothing to reset

  // One dimension edited: the preset is "(modified)" and offers Reset, which brings its own back.
  ApplyTyped(app, "layers", "40");
  PlanAfterEdit(app);
  Settle(app);
  CHECK(app.cfg.layers == 40);
  CHECK(ModelEdited(app.cfg));
  REQUIRE(FindRect(app, "model_reset"));
  REQUIRE(ClickWidget(app, "model_reset"));
  Settle(app);
  CHECK(app.cfg.model == "mixtral-8x7b");
  CHECK(app.cfg.layers == kUnset);
  CHECK_FALSE(ModelEdited(app.cfg));
  CHECK(app.main.out.job.model.layers == 32);

  // Enter in the filter picks the one row left.
  FilterPicker(app, "model", "qwen2.5-14");
  PressEnter(app);
  Settle(app);
  CHECK(app.cfg.model == "qwen2.5-14b");

  // ... and with several rows left, the highlighted one: the first that matches (issue #33: Enter picked
  // nothing then). Which rows match is the picker's own list, read from the registered rows.
  FilterPicker(app, "model", "llama");
  std::vector<std::string> rows;
  for (const auto& w : app.widgets)
    if (w.name.rfind("pick_model_", 0) == 0) rows.push_back(w.name.substr(11));
  REQUIRE(rows.size() > 3);
  PressEnter(app);
  Settle(app);
  CHECK(app.cfg.model == rows.front());
  CHECK_FALSE(FindRect(app, "filter_model"));  // the list closed
  // With nothing typed, Enter closes the list on the value, unchanged.
  FilterPicker(app, "model", "");
  REQUIRE(FindRect(app, "filter_model"));
  PressEnter(app);
  Settle(app);
  CHECK(app.cfg.model == rows.front());
  CHECK_FALSE(FindRect(app, "filter_model"));
}

TEST_CASE("typed numbers are read as people write them, a refused one says so in red at its field", "[web][page]") {
  static AppState app;
  testing::Start(app, "#v=1&model=llama2-7b&gpus=8&view=plan");
  Settle(app);
  // Suffixes, exponents and thousands separators: core's number parser, the one links and the CLI use.
  TypeInto(app, "tokens", "1B");
  CHECK(app.cfg.tokens == 1e9);
  TypeInto(app, "tokens", "2.5T");
  CHECK(app.cfg.tokens == 2.5e12);
  TypeInto(app, "gpus", "1,024");
  CHECK(app.cfg.gpus == 1024);
  TypeInto(app, "gpus", "64");
  CHECK(app.cfg.gpus == 64);
  TypeInto(app, "seq", "99,999,999");  // within the key's range: taken as typed, not clamped to 4,194,304
  CHECK(app.cfg.seq == 99999999);
  TypeInto(app, "seq", "4096");
  Settle(app);

  // The issue's refused values: each stays in the field as typed, the plan keeps the last good value,
  // and the message is under the field as it is for the same value in a link.
  struct Case {
    const char* key;
    const char* typed;
  };
  for (const Case& c : {Case{"gpus", "1e30"}, Case{"gpus", "0"}, Case{"seq", "200,000,000"}, Case{"tokens", "1e30"}}) {
    INFO(c.key << " = " << c.typed);
    const std::string before = FormatValue(app.cfg, c.key);
    TypeInto(app, c.key, c.typed);
    Settle(app);
    CHECK(FormatValue(app.cfg, c.key) == before);  // never silently clamped
    CHECK(app.inputs.typed[c.key] == c.typed);
    CHECK(KeyHasIssue(app, c.key, /*errors_only=*/true));
    CHECK(FindRect(app, std::string("issue_") + c.key));
    // The same message a link with this value gets.
    Config linked;
    std::vector<ConfigIssue> link_issues;
    ApplyPair(linked, c.key, c.typed, link_issues);
    REQUIRE_FALSE(link_issues.empty());
    bool same = false;
    for (const ConfigIssue& is : app.inputs.typed_issues)
      same |= is.key == c.key && is.message == link_issues[0].message;
    CHECK(same);
    // Fixing it clears the message.
    TypeInto(app, c.key, before == "auto" ? "4096" : before);
    Settle(app);
    CHECK_FALSE(KeyHasIssue(app, c.key, true));
    CHECK_FALSE(FindRect(app, std::string("issue_") + c.key));
  }
}

TEST_CASE("Compare opens on the current plan with the question and a one-line verdict", "[web][page]") {
  static AppState app;
  testing::Start(app, "#v=1&model=llama2-70b&gpu=a100-80g&gpus=64&view=plan");
  Settle(app);
  REQUIRE(ClickWidget(app, "view_Compare"));
  RunUntilIdle(app);
  REQUIRE(app.bg.columns.size() >= 2);
  CHECK(app.bg.columns[0].cfg.gpu == "a100-80g");  // the first column is the plan on the left
  CHECK(app.bg.columns[0].cfg.gpus == 64);
  CHECK(app.bg.columns[1].cfg.gpu == "h100");
  CHECK(FindRect(app, "compare_question"));
  CHECK(FindRect(app, "compare_verdict"));
  // One line naming the better column against the plan, in percent: "H100 x 64: 41% faster and 7.5% cheaper
  // than A100 80GB x 64" (or "... faster but ... more expensive", "... cheaper but ... slower").
  const std::string verdict = CompareVerdict(app);
  INFO(verdict);
  CHECK(std::regex_search(
      verdict,
      std::regex(
          R"(^\S.* x 64: [0-9.]+% (faster|cheaper) (and|but) [0-9.]+% (cheaper|more expensive|slower) than .* x 64$)")));
  // The words `trainplan compare` prints: core's verdict over the same columns (core/report/compare.h).
  std::vector<PlanOutput> plans;
  for (const PlanTask& t : app.bg.columns) plans.push_back(t.out);
  CHECK(verdict == CompareVerdictText(JudgeComparison(plans), plans, Lang::En));
  CHECK(FindRect(app, "hardware_compare_note"));  // the left's Hardware says the columns decide
  CHECK_FALSE(FindRect(app, "gpu"));              // and shows no GPU that does not apply
}

TEST_CASE("Search can keep to the selected GPU, whose point is always labelled", "[web][page]") {
  static AppState app;
  testing::Start(app, "#v=1&model=llama2-7b&gpu=h100&gpus=16&view=search");
  RunUntilIdle(app);
  CHECK(app.bg.search.Result().gpu_ids.size() > 1);
  REQUIRE(ClickWidget(app, "search_selected_only"));
  RunUntilIdle(app);
  CHECK(app.cfg.search_gpus == 1);
  CHECK(app.link.find("search_gpus=this") != std::string::npos);  // in the link, as the command line reads it
  CHECK(app.bg.search.Result().gpu_ids == std::vector<std::string>{"h100"});
  for (const SearchHit& h : app.bg.search.Result().top) CHECK(app.bg.search.Result().gpu_ids[h.variant] == "h100");
}

TEST_CASE("a return visit opens on the state after Back/Forward, not the last edited one", "[web][page]") {
  static AppState app;
  testing::Start(app, "#v=1&model=llama2-7b&gpus=8&view=plan");
  Settle(app);
  TypeInto(app, "gpus", "16");
  Settle(app);
  // Back with the field still active (its live text would otherwise be written over the state navigated to).
  platform::Null().navigation.push_back("#v=1&model=llama2-7b&gpus=8&view=plan");  // Back
  Frame(app);
  Settle(app);
  CHECK(app.cfg.gpus == 8);
  CHECK(platform::Null().state.find("gpus=16") == std::string::npos);
  CHECK(platform::Null().state.find("gpus=8") != std::string::npos);
  CHECK(app.link.find("gpus=8") != std::string::npos);
  for (int i = 0; i < 30; ++i) Frame(app);  // past the link's typing delay: nothing writes 16 back
  CHECK(app.cfg.gpus == 8);
  CHECK(platform::Null().state.find("gpus=8") != std::string::npos);
}

TEST_CASE("the page's help sends no one to the command line, in either language", "[web][page]") {
  for (Lang lang : {Lang::En, Lang::Zh})
    for (const KeyInfo& k : Keys()) {
      INFO(k.name);
      if (k.help && *k.help) CHECK(PageText(k.Help(lang)).find("trainplan ") == std::string::npos);
      if (k.accepts && *k.accepts)
        CHECK(PageText(TranslateWords(lang, k.accepts)).find("trainplan ") == std::string::npos);
    }
  CHECK(PageText("Model preset id (see `trainplan catalog models`), or custom.") == "Model preset id, or custom.");
}

TEST_CASE("paragraphs break where English and Chinese may break", "[web][page]") {
  testing::FreshImGuiContext();
  ImGui::NewFrame();
  const float em = ImGui::CalcTextSize("M").x;
  auto joined = [](const std::vector<std::string_view>& lines) {
    std::string s;
    for (std::string_view l : lines) s.append(s.empty() ? "" : "|").append(l);
    return s;
  };
  // Never inside a word or a number, nor between a number and its CJK unit, nor before closing punctuation.
  const std::string zh = "价格来源：HF 2025年的公开报价，按每小时计。";
  // From 6 em: narrower than "2025年" itself, a word is cut where it must (WrapLines' rule).
  for (float w = 6 * em; w < 30 * em; w += em * 0.5f) {
    const std::string s = joined(WrapLines(zh, w));
    INFO(w << ": " << s);
    CHECK(s.find("H|F") == std::string::npos);
    CHECK(s.find("2|0") == std::string::npos);
    CHECK(s.find("5|年") == std::string::npos);
    CHECK(s.find("|，") == std::string::npos);
    CHECK(s.find("|。") == std::string::npos);
  }
  CHECK(joined(WrapLines("tensor parallel size", ImGui::CalcTextSize("tensor parallel").x + 1)) ==
        "tensor parallel|size");
  ImGui::EndFrame();
}

TEST_CASE("on a phone a drag on no widget scrolls the page's column", "[web][page]") {
  static AppState app;
  testing::FreshPlatform("#v=1&model=llama2-7b&gpus=8&view=plan");
  ImGui::GetIO().DisplaySize = ImVec2(390, 844);
  testing::UseDefaultFonts(app);
  Init(app, {});
  Settle(app);
  REQUIRE(ClickWidget(app, "narrow_inputs"));  // the inputs: longer than a phone's screen
  Frame(app);
  ImGuiWindow* column = nullptr;  // the one scrolling column of a narrow screen
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
    if (w->Active && std::string(w->Name).find("/all_") != std::string::npos) column = w;
  REQUIRE(column);
  REQUIRE(column->ScrollMax.y > 0);
  REQUIRE(column->Scroll.y == 0);
  // A finger on the column's padding (no widget there), dragged up by 300 px over ten frames.
  ImGuiIO& io = ImGui::GetIO();
  const float x = column->Pos.x + 3, y0 = column->Pos.y + 500;
  io.MousePos = ImVec2(x, y0);
  Frame(app);
  io.MouseDown[0] = true;
  Frame(app);
  for (int i = 1; i <= 10; ++i) {
    io.MousePos = ImVec2(x, y0 - 30.0f * i);
    Frame(app);
  }
  io.MouseDown[0] = false;
  Frame(app);
  CHECK(column->Scroll.y > 200);
  CHECK(column->Scroll.y <= column->ScrollMax.y);
  // A tap (no movement) scrolls nothing.
  const float scrolled = column->Scroll.y;
  io.MouseDown[0] = true;
  Frame(app);
  io.MouseDown[0] = false;
  Frame(app);
  CHECK(column->Scroll.y == scrolled);
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
}

TEST_CASE("Tab goes from the top bar through the inputs to the results, every widget once, and around", "[web][page]") {
  static AppState app;
  testing::Start(app, "#v=1&model=llama2-7b&gpus=8&view=plan");
  Settle(app);
  RunUntilIdle(app);
  // The keyboard's focus as window.trainplan.stats() reports it (the registered widget it is on).
  auto focus = [&] {
    const std::string s = platform::Null().hooks.stats_json(platform::Null().hooks.user);
    const size_t at = s.find("\"focus\":\"");
    return at == std::string::npos ? std::string() : s.substr(at + 9, s.find('"', at + 9) - at - 9);
  };
  std::vector<std::string> stops;
  for (int i = 0; i < 300; ++i) {
    testing::PressKey(app, ImGuiKey_Tab);
    Frame(app);
    const std::string f = focus();
    if (!stops.empty() && f == stops.front()) break;
    stops.push_back(f);
  }
  std::string all;
  for (const std::string& s : stops) all += s + " > ";
  INFO(all);
  REQUIRE(stops.size() > 20);
  CHECK(stops.front() == "view_Plan");
  // Each stop once, in the order the widgets are drawn: the top bar, then the inputs, then the results.
  std::vector<std::string> order;
  for (const auto& w : app.widgets) order.push_back(w.name);
  auto index = [&](const std::string& n) { return std::find(order.begin(), order.end(), n) - order.begin(); };
  long last = -1;
  int named = 0;
  for (const std::string& s : stops) {
    if (index(s) == (long)order.size()) continue;  // a widget with no name of its own (a section header)
    CHECK(index(s) > last);
    last = index(s), ++named;
  }
  CHECK(named > (int)stops.size() * 8 / 10);
  for (const char* w :
       {"copy_link", "theme", "model", "goal_finetune", "method_lora", "prec", "seq", "auto_seq", "gpu", "gpus"})
    CHECK(std::find(stops.begin(), stops.end(), w) != stops.end());
  CHECK(index("gpus") < index(stops.back()));  // the results come after the inputs
}

namespace {

// Moves the mouse onto a registered widget and draws a few frames: a menu opens on hover.
bool HoverWidget(AppState& app, const std::string& name) {
  const AppState::WidgetRect* w = FindRect(app, name);
  if (!w) return false;
  ImGui::GetIO().MousePos = ImVec2((w->x0 + w->x1) / 2, (w->y0 + w->y1) / 2);
  for (int i = 0; i < 4; ++i) Frame(app);
  return true;
}

}  // namespace

TEST_CASE("Export ▸ Launch config copies and downloads each framework's file, and a pasted or dropped one imports",
          "[web][page][launch]") {
  static AppState app;
  testing::Start(app, "#v=1&model=llama3.1-8b&method=qlora&gpu=rtx4090&gpus=1&seq=2048&view=plan");
  Settle(app);
  // Export ▸ Launch config ▸ LLaMA-Factory ▸ Copy, then ▸ Download, through the menus as a mouse opens them.
  for (bool copy : {true, false}) {
    INFO(copy);
    platform::Null().clipboard.clear();
    const size_t downloads = platform::Null().downloads.size();
    REQUIRE(ClickWidget(app, "export"));
    Frame(app);
    REQUIRE(HoverWidget(app, "export_launch"));
    REQUIRE(HoverWidget(app, "launch_llama-factory"));
    REQUIRE(ClickWidget(app, copy ? "launch_llama-factory_copy" : "launch_llama-factory_download"));
    Frame(app);
    const std::string text =
        copy ? platform::Null().clipboard
             : (platform::Null().downloads.size() == downloads + 1 ? platform::Null().downloads.back().second
                                                                   : std::string());
    CHECK(text.find("# TrainPlan launch config: LLaMA-Factory") != std::string::npos);
    CHECK(text.find("quantization_bit: 4") != std::string::npos);
    CHECK(text.find("meta-llama/Llama-3.1-8B") != std::string::npos);
    if (!copy) CHECK(platform::Null().downloads.back().first.find(".yaml") != std::string::npos);
  }
  // A LLaMA-Factory config pasted into the import box: the plan for it, the keys it could not map named.
  OpenImportBox(app);
  platform::Null().clipboard =
      "model_name_or_path: mistralai/Mistral-7B-v0.1\nstage: sft\nfinetuning_type: lora\nlora_rank: 32\n"
      "dataset: alpaca_en_demo\ncutoff_len: 4096\nper_device_train_batch_size: 2\ngradient_accumulation_steps: 8\n"
      "bf16: true\n";
  REQUIRE(ClickWidget(app, "hf_paste"));
  Replan(app);
  CHECK(app.cfg.model == "mistral-7b");
  CHECK(app.cfg.method == Method::Lora);
  CHECK(app.cfg.lora_r == 32);
  CHECK(app.cfg.seq == 4096);
  CHECK(app.cfg.mbs == 2);
  CHECK(app.link.find("lora_r=32") != std::string::npos);
  CHECK_FALSE(app.hf_issues.empty());  // dataset: not a planner key, named in a notice
  CHECK_FALSE(HasErrors(app.hf_issues));
  // A DeepSpeed config dropped on the page.
  platform::Null().dropped.push_back(
      {"ds_config.json",
       R"({"train_batch_size": 64, "train_micro_batch_size_per_gpu": 1, "gradient_accumulation_steps": 8,
           "bf16": {"enabled": true}, "zero_optimization": {"stage": 3, "offload_optimizer": {"device": "cpu"}}})"});
  Replan(app);
  CHECK(app.cfg.zero == 3);
  CHECK(app.cfg.gpus == 8);
  CHECK(app.cfg.mbs == 1);
  // A broken file: an error with its line under the box, the configuration unchanged.
  const std::string link = app.link;
  platform::Null().dropped.push_back({"train.yaml", "model_name_or_path: x\nfinetuning_type: lora\nlora_rank: lots\n"});
  Replan(app);
  CHECK(app.link == link);
  REQUIRE(HasErrors(app.hf_issues));
  std::string error;
  for (const ConfigIssue& i : app.hf_issues)
    if (!i.notice) error += FormatIssue(i, Lang::En) + "\n";
  INFO(error);
  CHECK(error.find("lora_rank") != std::string::npos);
  CHECK(error.find("line 3") != std::string::npos);
  ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
}

// A TRL script dropped, then the Accelerate config that launches it: the page plans them as `trainplan plan --import
// sft.py --import zero3.yaml` does, the script's accumulation sizing the batch over the launcher's GPUs, not the
// page's GPU count before it. An input changed between two files keeps them apart.
TEST_CASE("a launcher file dropped after its script sizes the script's batch with the launcher's GPUs",
          "[web][page][launch]") {
  static AppState app;
  app = AppState{};
  testing::Start(app, "#v=1&model=llama3-8b&gpu=h100&gpus=16&gbs=512&view=plan");
  Settle(app);
  const std::string script =
      "from trl import SFTConfig, SFTTrainer\n"
      "args = SFTConfig(per_device_train_batch_size=2, gradient_accumulation_steps=4, max_length=2048)\n"
      "trainer = SFTTrainer(model=\"Qwen/Qwen2.5-7B\", args=args)\n";
  const std::string launcher =
      "compute_environment: LOCAL_MACHINE\ndistributed_type: DEEPSPEED\ndeepspeed_config:\n  zero_stage: 3\n"
      "mixed_precision: bf16\nnum_machines: 1\nnum_processes: 6\n";
  platform::Null().dropped.push_back({"sft.py", script});
  Replan(app);
  REQUIRE_FALSE(HasErrors(app.hf_issues));
  CHECK(app.cfg.model == "qwen2.5-7b");
  CHECK(app.cfg.gbs == 2 * 4 * 16);  // the page's 16 GPUs, as `plan --import sft.py gpus=16`
  platform::Null().dropped.push_back({"zero3.yaml", launcher});
  Replan(app);
  REQUIRE_FALSE(HasErrors(app.hf_issues));
  CHECK(app.cfg.gpus == 6);
  CHECK(app.cfg.zero == 3);
  CHECK(app.cfg.gbs == 2 * 4 * 6);
  CHECK(app.cfg.model == "qwen2.5-7b");
  CHECK(app.status.find("TRL") != std::string::npos);  // "... with the TRL SFTTrainer config before it"
  // The command line reads the two files alike (a gbs it is given would stand: the page's is its last plan's).
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "trainplan-page-chain-test";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "sft.py") << script;
  std::ofstream(dir / "zero3.yaml") << launcher;
  const std::string json =
      testing::Cli({"plan", "--link", "#v=1&model=llama3-8b&gpu=h100&gpus=16", "--import", (dir / "sft.py").string(),
                    "--import", (dir / "zero3.yaml").string(), "--format", "json"});
  CHECK(json.find("\"gbs\": " + std::to_string(app.cfg.gbs) + ",") != std::string::npos);
  CHECK(json.find("\"gpus\": 6,") != std::string::npos);
  // A number typed between two files ends the chain: the launcher alone keeps the batch the user gave.
  testing::TypeInto(app, "gbs", "96");
  Replan(app);
  REQUIRE(app.cfg.gbs == 96);
  platform::Null().dropped.push_back({"zero3.yaml", launcher});
  Replan(app);
  CHECK(app.cfg.gpus == 6);
  CHECK(app.cfg.gbs == 96);
}

// "The most this card can do" takes a fused linear cross-entropy where the framework runs one beyond its own loss
// (core/planner/max_seq_best.cpp): the page names it beside the settings, in the page's language; a framework whose
// own loss is already fused (Unsloth), picked in the Framework box, takes none.
TEST_CASE("the most this card can do names the fused loss it takes, in both languages", "[web][page]") {
  for (const char* lang : {"en", "zh"}) {
    INFO(lang);
    const Lang l = std::string(lang) == "zh" ? Lang::Zh : Lang::En;
    static AppState app;
    app = AppState{};
    testing::Start(app, std::string("#v=1&model=llama3-8b&gpu=rtx4090&gpus=1&method=qlora&view=plan&lang=") + lang);
    RunUntilIdle(app);
    Settle(app);
    REQUIRE(app.main.out.ok);
    REQUIRE(testing::ScrollIntoView(app, "memory_best"));
    CHECK(FindRect(app, "memory_best_loss"));
    std::string drawn = testing::DrawnText(app), joined = drawn;  // wrapped lines read as spaces, or as nothing
    for (char& c : drawn) c = c == '\n' ? ' ' : c;
    joined.erase(std::remove(joined.begin(), joined.end(), '\n'), joined.end());
    drawn += "\n" + joined;
    CHECK(drawn.find("logit_bytes=0.192") != std::string::npos);
    CHECK(drawn.find(Translate(l, FusedLossOf(ModelCode::Transformers, 4096, 128256, 2).name)) != std::string::npos);
    if (l == Lang::Zh) continue;
    // The user picks Unsloth in the Framework box: its own loss is fused already, and the line goes.
    REQUIRE(testing::ScrollIntoView(app, "stack"));
    REQUIRE(ClickWidget(app, "stack"));  // opens the combo
    Frame(app);
    REQUIRE(ClickWidget(app, "stack_unsloth"));
    RunUntilIdle(app);
    Settle(app);
    CHECK(app.cfg.stack == "unsloth");
    REQUIRE(app.main.out.ok);
    CHECK(app.main.out.best_seq.max_seq > 0);
    CHECK_FALSE(FindRect(app, "memory_best_loss"));
  }
}

}  // namespace page_test
