// fit_stacks.cpp — fits each framework release's efficiency (eff_stack, core/stack/stacks.cpp) on that
// framework's own published throughput and prints the per-framework tables of docs/validation.md:
//   build/native/trainplan-fit_stacks            the Markdown tables (fit, leave-one-out) and the host probes
//   build/native/trainplan-fit_stacks --values   the fitted values, one "stack year eff" line each, then
//                                                "host hf <seconds per layer pass>" (core/estimate/step_finetune.cpp)
// Pre-training frameworks: tests/data/cases.json and stack_runs.json; fine-tuning stacks (hf, torchtune,
// unsloth): tests/data/finetune_fit_runs.json. tests/data/finetune_runs.json is held out and never read here.
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
  const std::string runs = Read(data + "stack_runs.json"), finetune = Read(data + "finetune_fit_runs.json");
  std::string error;
  const auto fits = tp::FitStackEfficiencies(Read(data + "cases.json"), Read(data + "published_setups.json"),
                                             {runs, finetune}, &error);
  if (!error.empty()) {
    std::fprintf(stderr, "fit_stacks: %s\n", error.c_str());
    return 2;
  }
  std::vector<tp::HostProbe> probes;
  const double host = tp::HostPerLayerPass(finetune, "hf", &probes);
  if (argc > 1 && std::string(argv[1]) == "--values") {
    for (const auto& f : fits) std::printf("%s %d %.3f\n", f.stack.c_str(), f.year, f.eff);
    std::printf("host hf %.4g\n", host);
    return 0;
  }
  std::fputs(tp::StackFitMarkdown(fits).c_str(), stdout);
  std::printf(
      "\n**hf host time per layer pass** (measured on the rows marked host_bound; the median ships as "
      "core/estimate/step_finetune.cpp kHfHostPerLayerPass)\n\n| case | ms per layer pass |\n|---|---:|\n");
  for (const auto& p : probes) std::printf("| %s | %.3f |\n", p.id.c_str(), 1e3 * p.per_layer_pass_s);
  std::printf("| median | %.3f |\n", 1e3 * host);
  return 0;
}
