// articles_guide.cpp — the selection guide of articles/002 ("7-13B: RTX 4090 with LoRA/QLoRA; 7-70B full
// training: A100/H100 80 GB with ZeRO-3 offload; beyond: H100 clusters") computed instead of asserted:
// for each model, method and GPU, the fewest GPUs on which the planner finds a layout that fits (no
// offload, then with offload allowed), and the days and rental cost of a 1-billion-token fine-tune on
// them. Output is the Markdown table of docs/articles.md:  build/native/trainplan-articles_guide
// With --tco, the table of articles/001's comparison (a 70B model on 256 A100s or 2,048 RTX 4090s: days,
// failures, power and five-year cost). scripts/update-validation-doc.sh writes both into docs/articles.md.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "config.h"
#include "planner.h"
#include "run.h"

using namespace tp;

namespace {

// The fewest GPUs (powers of two up to 1024) on which some layout fits; 0 when none does.
PlanOutput FewestGpus(const char* model, const char* method, const char* gpu, const char* offload, int& gpus) {
  for (gpus = 1; gpus <= 1024; gpus *= 2) {
    Config cfg;
    std::vector<ConfigIssue> issues;
    const std::string pairs[][2] = {
        {"model", model}, {"method", method}, {"gpu", gpu},      {"gpus", std::to_string(gpus)},
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
                l.zero, l.offload != Offload::None ? ", offload" : "",
                l.tp > 1 ? (", TP " + std::to_string(l.tp)).c_str() : "");
  return buf;
}

std::string Millions(double usd) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "$%.2fM", usd / 1e6);
  return buf;
}

const char* RecomputeWords(Recompute r) {
  return r == Recompute::Full ? "full" : r == Recompute::Selective ? "selective" : "none";
}

// articles/001: Llama-2-70B on 2T tokens, the article's layouts given explicitly, the rest searched.
int PrintTco() {
  const char* rows[] = {"gpu=a100-80g gpus=256 tp=8 pp=4 cp=1", "gpu=rtx4090 gpus=2048 tp=2 pp=16 cp=1",
                        "gpu=rtx4090 gpus=2048 tp=2 pp=16 cp=1 mtbf_gpu_h=720"};
  std::printf(
      "| configuration | layout used | MFU | days | failures / hour | goodput | power kW | rent | 5-yr hardware "
      "| 5-yr energy | 5-yr total |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (const char* row : rows) {
    Config cfg;
    std::vector<ConfigIssue> issues;
    ApplyPair(cfg, "model", "llama2-70b", issues);
    ApplyPair(cfg, "tokens", "2e12", issues);
    std::string pairs = row;
    for (size_t at = 0; at < pairs.size();) {
      size_t end = pairs.find(' ', at);
      if (end == std::string::npos) end = pairs.size();
      const std::string kv = pairs.substr(at, end - at);
      const size_t eq = kv.find('=');
      ApplyPair(cfg, kv.substr(0, eq), kv.substr(eq + 1), issues);
      at = end + 1;
    }
    const PlanOutput out = MakePlan(cfg);
    if (!out.ok) {
      std::printf("| `%s` | no plan | | | | | | | | | |\n", row);
      continue;
    }
    const Plan& p = out.plan;
    const Layout& l = p.layout;
    const TcoView tco = EstimateTco(out.job, p.run);
    std::printf(
        "| `%s` | TP %d PP %d (×%d virtual) DP %d, ZeRO-%d, recompute %s | %.0f%% | %.1f | %.2f | %.1f%% | %.0f | %s "
        "| %s | %s | %s |\n",
        row, l.tp, l.pp, l.vp, l.dp, l.zero, RecomputeWords(l.recompute), 100 * p.throughput.mfu, p.run.days,
        p.run.failures_per_hour, 100 * p.run.goodput, p.run.power_kw, Millions(p.run.cost_rent_usd).c_str(),
        Millions(tco.hardware_usd).c_str(), Millions(tco.energy_usd).c_str(), Millions(tco.total_usd).c_str());
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--tco") == 0) return PrintTco();
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
