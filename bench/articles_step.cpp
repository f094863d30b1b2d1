// articles_step.cpp — the comparison the Chinese articles make by guesswork (articles/000: "4x RTX 4090
// over PCIe 30-40%, 4x A100 over NVLink 80-90%, 8x H100 over NVLink >90% training efficiency"), computed
// with the planner instead: for each model, the best layout the search finds on each machine, its step
// breakdown, MFU, and the parallel efficiency (the share of the step spent computing rather than
// communicating, waiting in the pipeline bubble or offloading). Output is the Markdown table of
// docs/step-model.md:  build/step/trainplan-articles_step > /tmp/articles.md
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "config.h"
#include "planner.h"
#include "presets.h"
#include "sentences.h"

using namespace tp;

namespace {

struct Machine {
  const char* label;
  const char* gpu;
  int gpus;
};

void Row(const char* model, const Machine& m, int seq, int gbs, int tp) {
  Config cfg;
  std::vector<ConfigIssue> issues;
  if (tp > 0) ApplyPair(cfg, "tp", std::to_string(tp), issues);
  ApplyPair(cfg, "model", model, issues);
  ApplyPair(cfg, "gpu", m.gpu, issues);
  ApplyPair(cfg, "gpus", std::to_string(m.gpus), issues);
  ApplyPair(cfg, "gpus_per_node", std::to_string(m.gpus), issues);
  // A model with learned positions runs at most at its context (GPT-2: 1,024), which the planner refuses to pass.
  if (const ModelPreset* preset = FindModel(model); preset && preset->arch.pos_embeddings > 0)
    seq = std::min(seq, preset->arch.pos_embeddings);
  ApplyPair(cfg, "seq", std::to_string(seq), issues);
  ApplyPair(cfg, "gbs", std::to_string(gbs), issues);
  const PlanOutput out = MakePlan(cfg);
  if (!out.ok) {
    // The planner's own issues name the key (a tp that does not divide the heads, say).
    const std::vector<ConfigIssue>& why = out.issues.empty() ? issues : out.issues;
    std::printf("| %s | %s | %s | | | | | | |\n", model, m.label,
                why.empty() ? "no plan" : FormatIssue(why[0]).c_str());
    return;
  }
  const Plan& p = out.plan;
  const Layout& l = p.layout;
  const StepBreakdown& s = p.step;
  const double busy = s.compute_s + s.memory_s;
  char layout[160];
  std::snprintf(layout, sizeof layout, "tp%d pp%d dp%d zero%d mbs%d rc=%s%s", l.tp, l.pp, l.dp, l.zero, l.mbs,
                Name(l.recompute),
                l.offload != Offload::None ? (std::string(" offload=") + Name(l.offload)).c_str() : "");
  if (!p.memory.fits) {
    std::printf("| %s | %s | does not fit (best: %s, %.0f GB of %.0f) | | | | | | |\n", model, m.label, layout,
                p.memory.total / 1e9, p.memory.capacity / 1e9);
    return;
  }
  std::printf("| %s | %s | %s | %.2f | %.0f | %.1f%% | %.0f%% | %.0f%% / %.0f%% / %.0f%% / %.0f%% | %s |\n", model,
              m.label, layout, s.seconds, p.throughput.tokens_per_s_per_gpu, 100 * p.throughput.mfu,
              100 * busy / s.seconds, 100 * s.comm_tp_s / s.seconds,
              100 * std::max(0.0, s.comm_exposed_s - s.comm_tp_s) / s.seconds, 100 * s.bubble_s / s.seconds,
              100 * s.offload_s / s.seconds, BottleneckSentence(p, out.job).c_str());
}

}  // namespace

int main() {
  const Machine machines[] = {{"4x RTX 4090, PCIe 4.0, no P2P", "rtx4090", 4},
                              {"4x A100 80GB SXM, NVLink 3", "a100-80g", 4},
                              {"8x H100 SXM, NVLink 4", "h100", 8}};
  std::printf(
      "| model | machine | best layout found | step s | tokens/s/GPU | MFU | parallel efficiency | "
      "TP comm / other exposed comm / bubble / offload (share of step) | bottleneck |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|\n");
  // The planner's choice: every layout key on auto.
  for (const char* model : {"gpt2-1.5b", "llama2-7b", "llama2-13b"})
    for (const Machine& m : machines) Row(model, m, 2048, 64, 0);
  // The articles' scenario: the model split by tensor parallelism over every GPU of the machine.
  std::printf("| **tensor parallel over all GPUs** | | | | | | | | |\n");
  for (const char* model : {"gpt2-1.5b", "llama2-7b", "llama2-13b"})
    for (const Machine& m : machines) Row(model, m, 2048, 64, m.gpus);
  return 0;
}
