// i18n_ui_test.cpp — the interface in English and Chinese, headless (platform_null.cpp, real ImGui frames):
// a `lang=zh` link switches the language and stays in the link and the saved state, the browser's language
// picks the default on a first visit, switching changes window.trainplan.plan() in its lang only, the
// pickers' rows follow the switch, every view drawn in Chinese finds a translation for every string it
// looks up, an error under its field is drawn in Chinese, and the sources pass every drawn string through
// Tr() with a translation in web/strings_zh.inc or core/base/i18n_core.cpp.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "app.h"
#include "config.h"
#include "fields.h"
#include "harness.h"
#include "i18n.h"
#include "imgui.h"
#include "widgets.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace i18n_ui_test {

using namespace tp;
using namespace tp::ui;
using testing::ClickWidget;
using testing::DrawnText;
using testing::Frame;
using testing::RunUntilIdle;
using testing::Start;

namespace {

std::string Source(const char* name) {
  std::ifstream in(std::string(TRAINPLAN_WEB_DIR) + "/" + name);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The text of adjacent C++ string literals ("a" "b" -> ab), escapes \n and \" resolved.
std::string Literals(const std::string& code) {
  std::string out;
  static const std::regex lit(R"re("((?:[^"\\]|\\.)*)")re");
  for (auto it = std::sregex_iterator(code.begin(), code.end(), lit); it != std::sregex_iterator(); ++it) {
    const std::string raw = (*it)[1];
    for (size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] == '\\' && i + 1 < raw.size()) {
        ++i;
        out += raw[i] == 'n' ? '\n' : raw[i];
      } else {
        out += raw[i];
      }
    }
  }
  return out;
}

bool Translated(const std::string& english) { return UiHasTranslation(english) || HasTranslation(english); }

// A literal a person reads: a word of two letters or more once printf conversions and ##ids are gone.
bool HasWords(std::string s) {
  if (size_t id = s.find("##"); id != std::string::npos) s.resize(id);
  s = std::regex_replace(s, std::regex(R"(%[-+ #0-9.]*[a-zA-Z])"), "");
  return std::regex_search(s, std::regex("[A-Za-z]{2,}"));
}

}  // namespace

TEST_CASE("a lang=zh link switches to Chinese, keeps it in the link and the saved state", "[web][i18n]") {
  static AppState app;
  Start(app, "#v=1&model=llama2-7b&gpus=8&lang=zh");
  CHECK(LangOf(app) == Lang::Zh);
  CHECK(CurrentLanguage() == Lang::Zh);
  CHECK(std::string(Tr("Memory per GPU")) == "每张 GPU 的显存");
  CHECK(CurrentLink(app).find("&lang=zh") != std::string::npos);
  CHECK(app.cfg.lang == "zh");  // one place: the configuration's key (web/i18n's language is set from it)
  Frame(app);
  CHECK(platform::Null().state.find("lang=zh") != std::string::npos);  // remembered
  CHECK(FmtDays(38.4) == "38 天");
  CHECK(FmtDuration(0.12) == "120 毫秒");
  // Navigating to a link without `lang` (Back to before the switch) is English; opening the app on one
  // keeps the viewer's language (the next test).
  LoadLink(app, "#v=1&model=llama2-13b", /*keep_language=*/true);
  CHECK(LangOf(app) == Lang::Zh);
  LoadLink(app, "#v=1&model=llama2-13b");
  CHECK(LangOf(app) == Lang::En);
  LoadLink(app, "#v=1&model=llama2-13b&lang=zh");
  CHECK(LangOf(app) == Lang::Zh);
  LoadLink(app, "#v=1&model=llama2-13b&lang=en");
  CHECK(LangOf(app) == Lang::En);
  CHECK(CurrentLink(app).find("lang=") == std::string::npos);
  CHECK(FmtDays(38.4) == "38 days");
  LoadLink(app, "#v=1&lang=fr");
  CHECK(LangOf(app) == Lang::En);
  REQUIRE(app.notices.size() == 1);
  CHECK(app.notices[0].key == "lang");
}

TEST_CASE("the browser's language picks the default on a first visit only", "[web][i18n]") {
  static AppState first, remembered, english;
  Start(first, "", "", "zh-CN");
  CHECK(LangOf(first) == Lang::Zh);
  Start(remembered, "", "#v=1&model=llama2-7b|light", "zh-CN");  // a returning English user
  CHECK(LangOf(remembered) == Lang::En);
  Start(english, "#v=1&model=llama2-7b", "", "en-GB");
  CHECK(LangOf(english) == Lang::En);
  static AppState back;
  Start(back, "#v=1&model=llama2-7b", "#v=1&gpus=8&lang=zh|dark", "en-US");  // remembered Chinese, link without lang
  CHECK(LangOf(back) == Lang::Zh);
}

TEST_CASE("switching language keeps window.trainplan.plan()'s numbers and pushes one history entry", "[web][i18n]") {
  static AppState app;
  Start(app, "#v=1&model=llama2-70b&gpu=rtx4090&gpus=16&view=compare");
  RunUntilIdle(app);
  const auto& hooks = platform::Null().hooks;
  const std::string en_plan = hooks.plan_json(hooks.user);
  const std::string en_compare = hooks.compare_json(hooks.user);
  const std::string en_link = CurrentLink(app);
  const size_t entries = platform::Null().history.size();
  // What the switch does (the button in the top bar): the language, one history entry, the saved state.
  hooks.set_link(hooks.user, en_link + "&lang=zh");
  RunUntilIdle(app);
  CHECK(LangOf(app) == Lang::Zh);
  // `lang` is a key of the configuration: the JSON says it (as `trainplan plan --link ...&lang=zh` does),
  // and nothing else changes.
  auto english = [](std::string json) {
    for (const std::string& from : {std::string("\"lang\": \"zh\""), std::string("&lang=zh")}) {
      const std::string to = from[0] == '&' ? "" : "\"lang\": \"en\"";
      for (size_t at; (at = json.find(from)) != std::string::npos;) json.replace(at, from.size(), to);
    }
    return json;
  };
  const std::string zh_plan = hooks.plan_json(hooks.user);
  CHECK(zh_plan.find("\"lang\": \"zh\"") != std::string::npos);
  CHECK(english(zh_plan) == en_plan);
  CHECK(english(hooks.compare_json(hooks.user)) == en_compare);  // every column the same plan in either language
  CHECK(platform::Null().history.size() == entries + 1);
  CHECK(platform::Null().history.back() == CurrentLink(app));
  CHECK(platform::Null().history.back().find("&lang=zh") != std::string::npos);
}

TEST_CASE("every view drawn in Chinese finds a translation for everything it looks up", "[web][i18n]") {
  std::vector<std::string> missing;
  SetMissingTranslationSink(&missing);
  static AppState app;
  Start(app, "#v=1&lang=zh");
  for (const char* link :
       {"#v=1&model=llama2-70b&gpu=rtx4090&gpus=2048&view=compare&lang=zh", "#v=1&model=llama2-70b&gpus=256&lang=zh",
        "#v=1&model=llama2-70b&gpu=rtx4090&gpus=1&lang=zh",  // does not fit: advice
        "#v=1&model=mixtral-8x7b&gpus=64&recompute=selective&offload=cpu&zero=3&lang=zh",
        "#v=1&model=llama2-7b&gpus=8&tokens=1e10&view=search&lang=zh",
        "#v=1&model=llama3-8b&method=qlora&gpu=rtx4090&gpus=1&prec=fp8&lang=zh"}) {
    LoadLink(app, link);
    RunUntilIdle(app);
    for (int i = 0; i < 3; ++i) Export(app, i == 0 ? Format::Markdown : i == 1 ? Format::Csv : Format::Json);
  }
  SetMissingTranslationSink(nullptr);
  std::set<std::string> unique(missing.begin(), missing.end());
  for (const std::string& m : unique) UNSCOPED_INFO("no Chinese for: " << m);
  CHECK(unique.empty());
  // The Markdown export is in Chinese too; JSON and CSV stay English (an API).
  const auto& downloads = platform::Null().downloads;
  REQUIRE(downloads.size() >= 3);
  CHECK(downloads[downloads.size() - 3].second.find("训练方案") != std::string::npos);
  CHECK(downloads[downloads.size() - 2].second.find("训练方案") == std::string::npos);
  CHECK(downloads[downloads.size() - 1].second.find("训练方案") == std::string::npos);
}

TEST_CASE("lang=zh: an error under its field is in Chinese, with its values, the JSON stays English", "[web][i18n]") {
  std::vector<std::string> missing;
  SetMissingTranslationSink(&missing);
  static AppState app;
  Start(app, "#v=1&model=llama2-7b&gpus=8&tp=3&view=plan&lang=zh");
  for (int n = 0; app.main.Planning() && n < 100000; ++n) Frame(app);  // the first plan, sliced
  Frame(app);
  const std::string drawn = DrawnText(app);
  SetMissingTranslationSink(nullptr);
  for (const std::string& m : missing) UNSCOPED_INFO("no Chinese for: " << m);
  CHECK(missing.empty());
  // Under the tp field, as in English (ui_test.cpp), and in Chinese: "3 不能整除 32 个注意力头".
  const AppState::WidgetRect *field = nullptr, *issue = nullptr;
  for (const auto& w : app.widgets) {
    if (w.name == "tp") field = &w;
    if (w.name == "issue_tp") issue = &w;
  }
  REQUIRE(field);
  REQUIRE(issue);
  CHECK(issue->y0 >= field->y1 - 1);
  CHECK(issue->y0 - field->y1 < ImGui::GetFontSize());
  INFO(drawn);
  CHECK(drawn.find("✘ 3 不能整除 32 个注意力头；可选值：注意力头数的约数") != std::string::npos);
  CHECK(drawn.find("✘ 3 does not divide") == std::string::npos);
  // The page's interface (window.trainplan.plan(), the JSON export) keeps the English.
  CHECK(PlanToJson(app.main.out).find("tp: 3 does not divide the 32 attention heads") != std::string::npos);
  // A link's garbage value: the accepted values in Chinese, the value as typed.
  LoadLink(app, "#v=1&model=llama2-7b&gpus=8&tp=abc&view=plan&lang=zh");
  Frame(app);
  CHECK(DrawnText(app).find("✘ 应为：整数 1-1024 或 auto；实际是 \"abc\"") != std::string::npos);
}

TEST_CASE("the pickers' rows follow the language switch, to Chinese and back", "[web][i18n]") {
  static AppState app;
  Start(app, "#v=1&model=llama2-7b&gpus=8&view=plan");
  RunUntilIdle(app);
  // The rows' details in a language: "6.74 B params" / "6.74 B 参数", "source: ..." / "来源：...".
  auto in_language = [&](Lang lang) {
    const PickerRows& rows = CurrentPickerRows(app);
    const std::string source = Fill(Tr(lang, "source: %s"), {}).substr(0, 6);
    bool all =
        rows.lang == lang && !rows.models.empty() && !rows.gpus.empty() && !rows.intra.empty() && !rows.inter.empty();
    for (const auto* list : {&rows.models, &rows.gpus, &rows.intra, &rows.inter})
      for (const PickRow& r : *list) all &= r.detail.find(source) != std::string::npos;
    return all && (rows.models[0].detail.find(" 参数") != std::string::npos) == (lang == Lang::Zh);
  };
  CHECK(in_language(Lang::En));
  // The top bar's buttons, clicked as a user does; the model picker opened in each language draws its rows.
  REQUIRE(ClickWidget(app, "lang_zh"));
  CHECK(LangOf(app) == Lang::Zh);
  CHECK(in_language(Lang::Zh));
  REQUIRE(ClickWidget(app, "model"));
  CHECK(DrawnText(app).find(" 参数") != std::string::npos);
  REQUIRE(ClickWidget(app, "lang_en"));  // a click outside the open picker closes it first
  if (LangOf(app) != Lang::En) REQUIRE(ClickWidget(app, "lang_en"));
  CHECK(LangOf(app) == Lang::En);
  CHECK(in_language(Lang::En));
  REQUIRE(ClickWidget(app, "model"));
  const std::string drawn = DrawnText(app);
  CHECK(drawn.find(" params") != std::string::npos);
  CHECK(drawn.find(" 参数") == std::string::npos);
}

TEST_CASE("tooltips give each key's accepted values in Chinese, the values as they are typed", "[web][i18n]") {
  SetLanguage(Lang::Zh);
  for (const KeyInfo& k : Keys()) {
    const std::string zh = AcceptsText(k.accepts);
    INFO(k.name << ": " << k.accepts << " -> " << zh);
    for (const char* english : {" or ", "a whole number", "a number", " id (", "catalog gpus)"})
      CHECK(zh.find(english) == std::string::npos);
  }
  CHECK(AcceptsText(FindKey("prec")->accepts).find("bf16") != std::string::npos);
  SetLanguage(Lang::En);
  CHECK(AcceptsText(FindKey("tp")->accepts) == FindKey("tp")->accepts);
}

TEST_CASE("the sources draw every word through Tr(), and every Tr() key has its Chinese", "[web][i18n]") {
  int keys = 0;
  for (const char* file : {"app.cpp", "background.cpp", "inputs.cpp", "link_sync.cpp", "panels.cpp", "topbar.cpp",
                           "view_compare.cpp", "view_plan.cpp", "view_search.cpp", "charts.cpp", "widgets.cpp",
                           "explain_panel.cpp", "calibrate_panel.cpp", "phone.cpp", "launch_menu.cpp"}) {
    const std::string code = Source(file);
    REQUIRE(code.size() > 500);
    // Keys looked up: Tr("..."), TrId("..."), Seg("label", ..., "detail"), label arrays, column lists.
    static const std::regex tr(R"re(\b(Tr|TrId|TrFill)\(\s*((?:"(?:[^"\\]|\\.)*"\s*)+)[,)])re");
    for (auto it = std::sregex_iterator(code.begin(), code.end(), tr); it != std::sregex_iterator(); ++it) {
      const std::string key = Literals((*it)[2]);
      INFO(file << ": " << (*it)[1] << "(\"" << key << "\")");
      CHECK(Translated(key));
      ++keys;
    }
    static const std::regex seg(R"re(Seg\(\s*("[^"]*"),[^;]*?,\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\))re");
    for (auto it = std::sregex_iterator(code.begin(), code.end(), seg); it != std::sregex_iterator(); ++it) {
      for (int g : {1, 2}) {
        INFO(file << ": segment " << Literals((*it)[g]));
        CHECK(Translated(Literals((*it)[g])));
      }
    }
    static const std::regex labels(R"re(const char\* const (k\w*Labels|names|onoff)\[\] = \{([^}]*)\})re");
    static const std::regex columns(R"re(for \(const char\* c : \{([^}]*)\}\))re");
    for (const std::regex* re : {&labels, &columns}) {
      for (auto it = std::sregex_iterator(code.begin(), code.end(), *re); it != std::sregex_iterator(); ++it) {
        const std::string list = (*it)[it->size() - 1];
        static const std::regex one(R"re("((?:[^"\\]|\\.)*)")re");
        for (auto l = std::sregex_iterator(list.begin(), list.end(), one); l != std::sregex_iterator(); ++l) {
          const std::string word = (*l)[1];
          INFO(file << ": label " << word);
          if (!word.empty()) CHECK(Translated(word));
        }
      }
    }
    // Labels the widgets translate themselves (LabelCell, InputInt, ..., SectionHeader, Picker's "none"
    // entry, InputDouble's "0 = ..." note): their English must be a key of the tables.
    static const std::regex widget_label(
        R"re(\b(?:InputInt|InputDouble|InputChoice|Picker|LabelCell)\(app, "\w+", ("(?:[^"\\]|\\.)*"))re");
    static const std::regex section(R"re(SectionHeader\(app, ("(?:[^"\\]|\\.)*"))re");
    static const std::regex note(R"re([,(]\s*("(?:0 = |GPU's default|custom \()(?:[^"\\]|\\.)*"))re");
    for (const std::regex* re : {&widget_label, &section, &note}) {
      for (auto it = std::sregex_iterator(code.begin(), code.end(), *re); it != std::sregex_iterator(); ++it) {
        const std::string text = Literals((*it)[1]);
        INFO(file << ": widget label \"" << text << "\"");
        if (HasWords(text)) CHECK(Translated(text));
      }
    }
    // Drawn directly: a literal with words handed straight to ImGui would stay English in Chinese.
    static const std::regex direct(
        R"re(ImGui::(Text|TextDisabled|TextUnformatted|TextWrapped|BulletText|Button|SmallButton|Selectable|RadioButton|Checkbox|TreeNode|CollapsingHeader|SetTooltip|InputTextWithHint|MenuItem)\(\s*("(?:[^"\\]|\\.)*"))re");
    static const std::regex colored(R"re(ImGui::TextColored\([^;]*?,\s*("(?:[^"\\]|\\.)*"))re");
    static const std::regex helper(R"re(\b(HelpMarker\(|SetStatus\(app,|AddText\([^;]*?,)\s*("(?:[^"\\]|\\.)*"))re");
    for (const std::regex* re : {&direct, &colored, &helper}) {
      for (auto it = std::sregex_iterator(code.begin(), code.end(), *re); it != std::sregex_iterator(); ++it) {
        const std::string text = Literals((*it)[it->size() - 1]);
        INFO(file << ": drawn without Tr(): \"" << text << "\"");
        CHECK((!HasWords(text) || UiHasTranslation(text)));  // or one of the words kept in English
      }
    }
  }
  CHECK(keys > 80);
}

}  // namespace i18n_ui_test
