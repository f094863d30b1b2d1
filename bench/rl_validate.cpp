// rl_validate.cpp — the RL / preference post-training rows (tests/data/rl_steps.json) planned and printed as
// predicted vs published, held-out rows first (Markdown; docs/rl.md's table):
//   build/native/trainplan-rl_validate [tests/data/rl_steps.json] [--phases]
// --phases also prints each row's predicted phases (seconds), for fitting the constants of core/estimate/rl.cpp
// on the fit rows.
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "config.h"
#include "json.h"
#include "planner.h"
#include "rl_validation.h"

int main(int argc, char** argv) {
  std::string path = std::string(TRAINPLAN_SOURCE_DIR) + "/tests/data/rl_steps.json";
  bool phases = false;
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--phases")
      phases = true;
    else
      path = argv[i];
  }
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "rl_validate: cannot read %s\n", path.c_str());
    return 2;
  }
  std::stringstream s;
  s << in.rdbuf();
  std::string error;
  const auto results = tp::RunRlCases(s.str(), &error);
  if (!error.empty()) {
    std::fprintf(stderr, "rl_validate: %s: %s\n", path.c_str(), error.c_str());
    return 2;
  }
  std::printf("%s", tp::RlValidationMarkdown(results).c_str());
  if (!phases) return 0;
  const tp::JsonParseResult doc = tp::ParseJson(s.str());
  for (const tp::JsonValue& row : doc.value.Find("rows")->array) {
    tp::Config cfg;
    std::vector<tp::ConfigIssue> issues;
    tp::ApplyLink(cfg, row.StringOr("link", ""), issues);
    const tp::PlanOutput out = tp::MakePlan(cfg);
    const tp::RlStep& r = out.plan.rl;
    std::printf(
        "%-48s step %7.1f gen %7.1f (pre %5.1f dec %6.1f tail %6.1f c %4.0f) lp %6.1f tr %6.1f sync %5.2f "
        "trans %4.1f kv %5.1f GB mem %5.1f/%5.1f GB fits %d %s\n",
        row.StringOr("id", "").c_str(), r.step_seconds, r.generation_s, r.prefill_s, r.decode_s, r.tail_s,
        r.concurrency, r.logprob_s, r.training_s, r.Phase(tp::RlPhaseKind::Sync).seconds,
        r.Phase(tp::RlPhaseKind::Transition).seconds, r.kv_cache_bytes / 1e9, r.gen_memory_bytes / 1e9,
        r.train_memory_bytes / 1e9, out.plan.memory.fits ? 1 : 0, out.ok ? "" : "(not ok)");
  }
  return 0;
}
