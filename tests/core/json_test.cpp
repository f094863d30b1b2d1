// json_test.cpp — the small JSON reader: values, errors with offsets, hostile nesting, number printing.
#include <catch2/catch.hpp>

#include <string>

#include "json.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace json_test {

using namespace tp;

TEST_CASE("json parses objects, arrays and escapes", "[json]") {
  auto r = ParseJson(R"({"a": 1.5, "b": [true, null, "x\u00e9\n"], "c": {"d": -2e3}})");
  REQUIRE(r.ok);
  CHECK(r.value.NumberOr("a", 0) == 1.5);
  const JsonValue* b = r.value.Find("b");
  REQUIRE(b);
  REQUIRE(b->array.size() == 3);
  CHECK(b->array[0].boolean);
  CHECK(b->array[1].IsNull());
  CHECK(b->array[2].string == "x\xc3\xa9\n");
  CHECK(r.value.Find("c")->NumberOr("d", 0) == -2000);
}

TEST_CASE("json reports errors with their offset and survives deep nesting", "[json]") {
  auto r = ParseJson(R"({"a": 1,})");
  CHECK_FALSE(r.ok);
  CHECK(r.error.find("byte") != std::string::npos);
  CHECK_FALSE(ParseJson(std::string(100000, '[')).ok);
  CHECK_FALSE(ParseJson("{\"a\": 1e999}").ok);
  CHECK_FALSE(ParseJson("").ok);
  CHECK_FALSE(ParseJson("[1] x").ok);
}

TEST_CASE("numbers print shortest and read back exactly", "[json]") {
  CHECK(FormatNumber(0) == "0");
  CHECK(FormatNumber(2e12) == "2000000000000");
  CHECK(FormatNumber(0.1) == "0.1");
  CHECK(FormatNumber(-1.25) == "-1.25");
  for (double v : {1.0 / 3.0, 6.02214076e23, 1e-300, 123456.789}) {
    CHECK(std::stod(FormatNumber(v)) == v);
  }
}

}  // namespace json_test
