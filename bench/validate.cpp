// validate.cpp — prints the predicted-vs-published table (Markdown) for a cases file; used to write
// docs/validation.md:  build/native/trainplan-validate tests/data/cases.json tests/data/published_setups.json
// (--fit-run prints the run efficiency fitted to the file's whole-run cases instead).
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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
  // --fit-run: print the run efficiency (eff_run) fitted to the whole-run cases instead of the table.
  bool fit_run = false;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--fit-run")
      fit_run = true;
    else
      paths.push_back(argv[i]);
  }
  const std::string data = std::string(TRAINPLAN_SOURCE_DIR) + "/tests/data/";
  const std::string path = paths.size() > 0 ? paths[0] : data + "cases.json";
  const std::string setups_path = paths.size() > 1 ? paths[1] : data + "published_setups.json";
  std::string cases, setups;
  if (!ReadFile(path, cases) || !ReadFile(setups_path, setups)) return 2;
  std::string error;
  if (fit_run) {
    const double fit = tp::FitRunEfficiency(cases, setups, &error);
    if (!error.empty() || fit <= 0) {
      std::fprintf(stderr, "validate: %s: %s\n", path.c_str(), error.empty() ? "no whole-run cases" : error.c_str());
      return 2;
    }
    const std::string name = path.substr(path.find_last_of('/') + 1);
    std::printf("eff_run fitted to the whole-run cases of %s: %.4f\n\nLeft out in turn (the others fit eff_run):",
                name.c_str(), fit);
    for (const tp::LeaveOneOut& l : tp::RunEfficiencyLeaveOneOut(cases, setups))
      std::printf(" %s %+.0f %%;", l.id.c_str(), 100 * l.error);
    std::printf("\n");
    return 0;
  }
  auto results = tp::RunValidationCases(cases, setups, &error);
  if (!error.empty()) {
    std::fprintf(stderr, "validate: %s: %s\n", path.c_str(), error.c_str());
    return 2;
  }
  std::fputs(tp::ValidationMarkdown(results).c_str(), stdout);
  return 0;
}
