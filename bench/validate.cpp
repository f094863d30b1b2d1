// validate.cpp — prints the predicted-vs-published table (Markdown) for a cases file; used to write
// docs/validation.md:  build/native/trainplan-validate tests/data/cases.json tests/data/published_setups.json
// (--fit-startup prints the whole run's start-up constants fitted to tests/data/run_parts_fit.json instead;
// --startup FILE the logged start-ups of a file against the shipped constants; --set PAIRS applies link pairs over
// every case last, e.g. --set vp=auto: the rows planned without the interleaving degree they state).
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "read_file.h"
#include "validation.h"

namespace {
bool ReadFile(const std::string& path, std::string& text) { return tp::bench::ReadFile("validate", path, text); }
}  // namespace

int main(int argc, char** argv) {
  // --fit-startup: print the start-up constants (launch_s, warmup_steps) fitted to the file's logged start-ups
  // instead of the table; --startup: the logged start-ups against the shipped constants.
  bool fit_startup = false, startup = false;
  std::string overrides;  // --set: link pairs over every case (validation.h RunValidationCases)
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--fit-startup")
      fit_startup = true;
    else if (a == "--startup")
      startup = true;
    else if (a == "--set") {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "validate: --set needs link pairs, e.g. --set vp=auto\n");
        return 2;
      }
      overrides = argv[++i];
    } else
      paths.push_back(a);
  }
  const std::string data = std::string(TRAINPLAN_SOURCE_DIR) + "/tests/data/";
  const std::string path = paths.size() > 0 ? paths[0] : data + (fit_startup ? "run_parts_fit.json" : "cases.json");
  const std::string setups_path = paths.size() > 1 ? paths[1] : data + "published_setups.json";
  std::string cases, setups;
  if (!ReadFile(path, cases) || !ReadFile(setups_path, setups)) return 2;
  std::string error;
  if (fit_startup || startup) {
    const std::string name = path.substr(path.find_last_of('/') + 1);
    std::vector<tp::StartupProbe> probes;
    if (fit_startup) {
      const tp::StartupFit fit = tp::FitStartup(cases, setups);
      if (fit.probes.size() < 2) {
        std::fprintf(stderr, "validate: %s: fewer than two logged start-ups\n", path.c_str());
        return 2;
      }
      std::printf(
          "Start-up fitted to the logged start-ups of %s: launch_s %.2f, init_per_node_s %.3f, warmup_steps %.2f\n\n",
          name.c_str(), fit.launch_s, fit.init_per_node_s, fit.warmup_steps);
      probes = fit.probes;
    } else {
      probes = tp::StartupProbes(cases, setups);
      std::printf("Start-up of %s at the shipped constants:\n\n", name.c_str());
    }
    std::printf(
        "| run | logged | predicted | error | nodes | step s | loading s |\n|---|---:|---:|---:|---:|---:|---:|\n");
    for (const tp::StartupProbe& p : probes)
      std::printf("| %s | %.0f s | %.0f s | %+.0f%% | %.0f | %.2f | %.1f |\n", p.id.c_str(), p.logged_s, p.predicted_s,
                  100 * (p.predicted_s / p.logged_s - 1), p.nodes, p.step_s, p.load_s);
    return 0;
  }
  auto results = tp::RunValidationCases(cases, setups, &error, overrides);
  if (!error.empty()) {
    std::fprintf(stderr, "validate: %s: %s\n", path.c_str(), error.c_str());
    return 2;
  }
  std::fputs(tp::ValidationMarkdown(results).c_str(), stdout);
  return 0;
}
