// articles_guide.cpp — the selection guide of articles/002 ("7-13B: RTX 4090 with LoRA/QLoRA; 7-70B full
// training: A100/H100 80 GB with ZeRO-3 offload; beyond: H100 clusters") computed instead of asserted:
// for each model, method and GPU, the fewest GPUs on which the planner finds a layout that fits (no
// offload, then with offload allowed), and the days and rental cost of a 1-billion-token fine-tune on
// them. Output is the Markdown table of docs/articles.md:  build/native/trainplan-articles_guide
#include <cstdio>
#include <string>
#include <vector>

#include "config.h"
#include "planner.h"

using namespace tp;

namespace {

// The fewest GPUs (powers of two up to 1024) on which some layout fits; 0 when none does.
PlanOutput FewestGpus(const char* model, const char* method, const char* gpu, const char* offload, int& gpus) {
  for (gpus = 1; gpus <= 1024; gpus *= 2) {
    Config cfg;
    std::vector<ConfigIssue> issues;
    const std::string pairs[][2] = {{"model", model}, {"method", method}, {"gpu", gpu}, {"gpus", std::to_string(gpus)},
                                    {"seq", "4096"},  {"gbs", "64"},      {"tokens", "1e9"}, {"offload", offload}};
    for (const auto& kv : pairs) ApplyPair(cfg, kv[0], kv[1], issues);
    PlanOutput out = MakePlan(cfg);
    if (out.ok && out.plan.memory.fits) return out;
  }
  gpus = 0;
  return {};
}

std::string Cell(const PlanOutput& out, int gpus) {
  if (gpus == 0) return "does not fit on 1,024";
  char buf[160];
  const Layout& l = out.plan.layout;
  std::snprintf(buf, sizeof buf, "%d (%.1f days, $%.0f; ZeRO-%d%s%s)", gpus, out.plan.run.days, out.plan.run.cost_usd,
                l.zero, l.offload != Offload::None ? ", offload" : "", l.tp > 1 ? (", TP " + std::to_string(l.tp)).c_str() : "");
  return buf;
}

}  // namespace

int main() {
  const char* models[] = {"llama2-7b", "llama2-13b", "llama2-70b"};
  const char* methods[] = {"qlora", "lora", "full"};
  const char* gpus[][2] = {{"rtx4090", "RTX 4090 24 GB"}, {"a100-80g", "A100 80 GB"}, {"h100", "H100 80 GB"}};
  std::printf("| model | method |");
  for (const auto& g : gpus) std::printf(" %s |", g[1]);
  std::printf("\n|---|---|---|---|---|\n");
  for (const char* model : models) {
    for (const char* method : methods) {
      std::printf("| %s | %s |", model, method);
      for (const auto& g : gpus) {
        int n = 0;
        PlanOutput out = FewestGpus(model, method, g[0], "none", n);
        std::string cell = Cell(out, n);
        int n_off = 0;
        PlanOutput with_offload = FewestGpus(model, method, g[0], "auto", n_off);
        if (n_off > 0 && (n == 0 || n_off < n)) cell += "; with offload: " + Cell(with_offload, n_off);
        std::printf(" %s |", cell.c_str());
      }
      std::printf("\n");
    }
  }
  return 0;
}
