// test_links.h — the one way tests turn a share link into a configuration or a plan, failing the test
// (with the link shown) if the link has an error; and the issues a test shows when it fails.
#pragma once
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "config.h"
#include "planner.h"

namespace tp::testing {

// Every issue, one a line, for an INFO before the assertion that needs them (an INFO in a loop's body ends with each
// turn, before any assertion after the loop).
inline std::string IssuesText(const std::vector<ConfigIssue>& issues) {
  std::string text;
  for (const ConfigIssue& i : issues) text += FormatIssue(i) + "\n";
  return text;
}

inline Config FromLink(const std::string& link) {
  Config c;
  std::vector<ConfigIssue> issues;
  ApplyLink(c, link, issues);
  INFO(link);
  REQUIRE_FALSE(HasErrors(issues));
  return c;
}

inline PlanOutput PlanLink(const std::string& link) {
  PlanOutput out = MakePlan(FromLink(link));
  INFO(link);
  REQUIRE(out.ok);
  return out;
}

}  // namespace tp::testing
