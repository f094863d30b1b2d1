// fit_stacks.cpp — fits each framework release's efficiency (eff_stack, core/stacks.cpp) on that
// framework's own published throughput and prints the per-framework tables of docs/validation.md:
//   build/native/trainplan-fit_stacks            the Markdown tables (fit, leave-one-out)
//   build/native/trainplan-fit_stacks --values   the fitted values, one "stack year eff" line each
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "validation.h"

namespace {
std::string Read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

int main(int argc, char** argv) {
  const std::string data = std::string(TRAINPLAN_SOURCE_DIR) + "/tests/data/";
  std::string error;
  const auto fits = tp::FitStackEfficiencies(Read(data + "cases.json"), Read(data + "published_setups.json"),
                                             Read(data + "stack_runs.json"), &error);
  if (!error.empty()) {
    std::fprintf(stderr, "fit_stacks: %s\n", error.c_str());
    return 2;
  }
  if (argc > 1 && std::string(argv[1]) == "--values") {
    for (const auto& f : fits) std::printf("%s %d %.3f\n", f.stack.c_str(), f.year, f.eff);
    return 0;
  }
  std::fputs(tp::StackFitMarkdown(fits).c_str(), stdout);
  return 0;
}
