// validate.cpp — prints the predicted-vs-published table (Markdown) for a cases file; used to write
// docs/validation.md:  build/native/trainplan-validate tests/data/cases.json > docs/validation-table.md
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "validation.h"

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : std::string(TRAINPLAN_SOURCE_DIR) + "/tests/data/cases.json";
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "validate: cannot read %s\n", path.c_str());
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  std::string error;
  auto results = tp::RunValidationCases(text.str(), &error);
  if (!error.empty()) {
    std::fprintf(stderr, "validate: %s: %s\n", path.c_str(), error.c_str());
    return 2;
  }
  std::fputs(tp::ValidationMarkdown(results).c_str(), stdout);
  return 0;
}
