// utf8_test.cpp — text is valid UTF-8 wherever it enters and leaves (issue #34): the `name` limit counts
// characters as the help says, invalid bytes and lone surrogates are refused naming the key, and the JSON writer
// never emits an invalid byte; WrapCell breaks UTF-8 text by terminal columns (plans side by side).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "config.h"
#include "json.h"
#include "planner.h"
#include "report.h"
#include "text.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace utf8_test {

using namespace tp;

TEST_CASE("ValidUtf8 accepts well-formed text and refuses each malformed kind", "[utf8]") {
  CHECK(ValidUtf8(""));
  CHECK(ValidUtf8("Llama 3 微调 🚀"));
  CHECK_FALSE(ValidUtf8("\x80"));              // a continuation byte first
  CHECK_FALSE(ValidUtf8("\xC0\xAF"));          // overlong '/'
  CHECK_FALSE(ValidUtf8("\xE0\x80\xAF"));      // overlong, 3 bytes
  CHECK_FALSE(ValidUtf8("\xED\xA0\x80"));      // U+D800, a surrogate
  CHECK_FALSE(ValidUtf8("\xF4\x90\x80\x80"));  // past U+10FFFF
  CHECK_FALSE(ValidUtf8("\xE5\xBE"));          // cut short
  CHECK(Utf8Length("微调ab") == 4);
  CHECK(ValidUtf8Or("a\xFF"
                    "b") ==
        "a\xEF\xBF\xBD"
        "b");
  CHECK(ValidUtf8Or("微调") == "微调");
}

TEST_CASE("name: up to 100 characters of valid UTF-8, counted in characters", "[utf8]") {
  std::string zh34, zh100, zh101;
  for (int i = 0; i < 34; ++i) zh34 += "模";
  for (int i = 0; i < 100; ++i) zh100 += "模";
  zh101 = zh100 + "型";
  auto issues_for = [](const std::string& name) {
    Config c;
    std::vector<ConfigIssue> issues;
    ApplyPair(c, "model", "custom", issues);
    ApplyPair(c, "name", name, issues);
    return issues;
  };
  CHECK(issues_for(zh34).empty());  // 102 bytes, 34 characters: the help's limit is in characters
  CHECK(issues_for(zh100).empty());
  REQUIRE(issues_for(zh101).size() == 1);
  CHECK(issues_for(zh101)[0].key == "name");
  const std::vector<ConfigIssue> bad = issues_for("my\xFFmodel");
  REQUIRE(bad.size() == 1);
  CHECK(bad[0].key == "name");
  // Through a link, percent-encoded.
  Config c;
  std::vector<ConfigIssue> issues;
  ApplyLink(c, "#v=1&model=custom&name=a%ED%A0%80b", issues);
  REQUIRE_FALSE(issues.empty());
  CHECK(issues[0].key == "name");
}

TEST_CASE("a lone surrogate in a JSON config is refused, and the JSON writer emits valid UTF-8 only", "[utf8]") {
  Config c;
  std::vector<ConfigIssue> issues;
  ApplyJson(c, R"({"model": "custom", "name": "a\ud800b"})", issues);
  REQUIRE_FALSE(issues.empty());
  CHECK(FormatIssue(issues[0]).find("surrogate") != std::string::npos);
  issues.clear();
  ApplyJson(c, R"({"name": "a\ud83d\ude80b"})", issues);  // a pair is one character: accepted
  CHECK(issues.empty());
  CHECK(c.name ==
        "a\xF0\x9F\x9A\x80"
        "b");
  CHECK(ValidUtf8(JsonEscape("x\xFF\xFEy")));
  // A whole plan's JSON is valid UTF-8, in both languages.
  Config zh;
  ApplyPair(zh, "model", "custom", issues);
  ApplyPair(zh, "name", "我的模型", issues);
  ApplyPair(zh, "lang", "zh", issues);
  const PlanOutput out = MakePlan(zh);
  CHECK(ValidUtf8(PlanToJson(out)));
}

}  // namespace utf8_test

TEST_CASE("WrapCell: lines within the width, nothing but the break's spaces dropped, CJK and links broken too",
          "[text]") {
  using tp::DisplayWidth;
  using tp::WrapCell;
  auto joined = [](const std::vector<std::string>& lines, const char* sep) {
    std::string s;
    for (size_t i = 0; i < lines.size(); ++i) s += (i ? sep : "") + lines[i];
    return s;
  };
  // Short text: one line, itself.
  CHECK(WrapCell("fits · 67.1 GiB", 56) == std::vector<std::string>{"fits · 67.1 GiB"});
  // Words: broken at spaces, each line within the width, the words in order.
  const std::string words =
      "goal=pretrain stack=megatron stack_year=2025 dropout=0 fp8_recipe=tensor moe_pad=0 "
      "full_graphs=0 fp8_head=0 seq=4096 gbs=1024 tokens=1411074129920";
  const auto w = WrapCell(words, 40);
  CHECK(w.size() > 2);
  for (const std::string& l : w) {
    CHECK(DisplayWidth(l) <= 40);
    CHECK_FALSE(l.empty());
    CHECK(l.back() != ' ');
  }
  CHECK(joined(w, " ") == words);
  // A link has no spaces: broken after '&', nothing lost.
  const std::string link = "#v=1&model=llama3-70b&mbs=1&gpu=h100&tp=2&pp=4&cp=2&ep=1&vp=2&pp_schedule=interleaved&dp=4";
  const auto l = WrapCell(link, 30);
  CHECK(l.size() > 1);
  for (const std::string& x : l) CHECK(DisplayWidth(x) <= 30);
  CHECK(joined(l, "") == link);
  CHECK(l[0].back() == '&');
  // Chinese: between characters, two columns each.
  const std::string zh = "放不下：一条序列超出 KV 缓存，需要更多显存或更短的回复";
  const auto z = WrapCell(zh, 12);
  CHECK(z.size() > 2);
  for (const std::string& x : z) CHECK(DisplayWidth(x) <= 12);
  // A token longer than a line: cut at the width.
  const auto cut = WrapCell(std::string(25, 'x'), 10);
  CHECK(cut == std::vector<std::string>{std::string(10, 'x'), std::string(10, 'x'), std::string(5, 'x')});
}
