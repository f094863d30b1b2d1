// utf8_test.cpp — text is valid UTF-8 wherever it enters and leaves (issue #34): the `name` limit counts
// characters as the help says, invalid bytes and lone surrogates are refused naming the key, and the JSON writer
// never emits an invalid byte.
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
