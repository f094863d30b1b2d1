// test_data.h — the one way tests read a file of tests/data (the case files), failing the test if it is
// missing.
#pragma once
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

namespace tp::testing {

inline std::string ReadTestData(const std::string& name) {
  std::ifstream in(std::string(TRAINPLAN_TEST_DATA) + "/" + name);
  INFO(name);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace tp::testing
