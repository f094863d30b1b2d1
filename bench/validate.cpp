// validate.cpp — prints the predicted-vs-published table (Markdown) for a cases file; used to write
// docs/validation.md:  build/native/trainplan-validate tests/data/cases.json tests/data/published_setups.json
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "validation.h"

namespace {
bool ReadFile(const std::string& path, std::string& text) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "validate: cannot read %s\n", path.c_str());
    return false;
  }
  std::stringstream s;
  s << in.rdbuf();
  text = s.str();
  return true;
}
}  // namespace

int main(int argc, char** argv) {
  const std::string data = std::string(TRAINPLAN_SOURCE_DIR) + "/tests/data/";
  const std::string path = argc > 1 ? argv[1] : data + "cases.json";
  const std::string setups_path = argc > 2 ? argv[2] : data + "published_setups.json";
  std::string cases, setups;
  if (!ReadFile(path, cases) || !ReadFile(setups_path, setups)) return 2;
  std::string error;
  auto results = tp::RunValidationCases(cases, setups, &error);
  if (!error.empty()) {
    std::fprintf(stderr, "validate: %s: %s\n", path.c_str(), error.c_str());
    return 2;
  }
  std::fputs(tp::ValidationMarkdown(results).c_str(), stdout);
  return 0;
}
