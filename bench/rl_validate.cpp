// rl_validate.cpp — the RL / preference post-training rows (tests/data/rl_steps.json) planned and printed as
// predicted vs published, held-out rows first (Markdown; docs/rl.md's table):
//   build/native/trainplan-rl_validate [tests/data/rl_steps.json] [--phases] [--fit] [--infer-lengths]
// --phases         each row's predicted phases (seconds)
// --fit            the fitted constants of core/estimate/rl.cpp by a grid over the "fit" rows only (their step,
//                  generation and log-probability times; the syncs fit the MoE regather rate): prints the best
//                  grid point, which is what rl.cpp ships. transition_s and handoff_slots_s are verl's
//                  (rl.cpp FixedTransition), so only verl's fit rows move them; it prints the fit rows per framework
// --infer-lengths  for each fit row whose mean response is not published: the mean that makes the step model's
//                  policy training equal the row's published update_actor (the value its link carries, marked
//                  inferred)
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "config.h"
#include "json.h"
#include "planner.h"
#include "rl.h"
#include "rl_rollout.h"
#include "rl_validation.h"

namespace {

struct Row {
  std::string id, part, link;
  tp::PlanOutput out;
  std::vector<std::pair<std::string, double>> measured;
};

tp::PlanOutput Plan(const std::string& link) {
  tp::Config cfg;
  std::vector<tp::ConfigIssue> issues;
  tp::ApplyLink(cfg, link, issues);
  return tp::MakePlan(cfg);
}

std::vector<Row> LoadRows(const tp::JsonValue& doc, bool fit_only) {
  std::vector<Row> rows;
  for (const tp::JsonValue& j : doc.Find("rows")->array) {
    Row r;
    r.id = j.StringOr("id", ""), r.part = j.StringOr("part", ""), r.link = j.StringOr("link", "");
    if (fit_only && (r.part != "fit" || j.Find("not_fitted"))) continue;
    if (const tp::JsonValue* m = j.Find("measured"))
      for (const tp::JsonMember& x : m->object)
        if (x.value.type == tp::JsonValue::Type::Number) r.measured.push_back({x.key, x.value.number});
    r.out = Plan(r.link);
    rows.push_back(std::move(r));
  }
  return rows;
}

// A row's figure under trial constants (the layout and the policy's step as planned with the shipped ones).
double Figure(const Row& r, const tp::RlConstants& k, const std::string& metric) {
  tp::Job job = r.out.job;
  job.rl.constants = &k;
  tp::PrepareRollout(job);  // the engine's generation under the trial constants
  const tp::Plan& p = r.out.plan;
  const tp::RlStep s = tp::EstimateRl(job, p.layout, p.memory, p.step);
  using K = tp::RlPhaseKind;
  if (metric == "step_seconds") return s.step_seconds;
  if (metric == "generation_s") return s.generation_s + s.Phase(K::Transition).seconds + s.Phase(K::Sync).seconds;
  if (metric == "engine_s") return s.generation_s;
  if (metric == "logprob_s") return s.Phase(K::Logprob).seconds;
  if (metric == "ref_logprob_s") return s.Phase(K::Reference).seconds;
  if (metric == "training_s") return s.Phase(K::Training).seconds + s.Phase(K::Critic).seconds;
  if (metric == "sync_s") return s.Phase(K::Sync).seconds;
  return -1;
}

// Mean clipped |log error| over the fit rows' step, generation (with and without the engine's turn: verl's gen and
// generate_sequences) and log-probability times (training is what their inferred lengths were set from).
double Loss(const std::vector<Row>& rows, const tp::RlConstants& k) {
  double sum = 0;
  int n = 0;
  for (const Row& r : rows)
    for (const auto& [metric, value] : r.measured) {
      if (value <= 0 ||
          (metric != "step_seconds" && metric != "generation_s" && metric != "engine_s" && metric != "logprob_s"))
        continue;
      const double f = Figure(r, k, metric);
      // Robust: |log error| clipped at 0.4, so that a row the model cannot explain (verl's MoE rows on H20) does
      // not drag the others (fit_step.cpp's loss, its clip wider for the rows' unpublished lengths).
      if (f > 0) sum += std::min(0.4, std::fabs(std::log(f / value))), ++n;
    }
  return n ? sum / n : 0;
}

void Fit(const std::vector<Row>& rows) {
  // Each framework's fixed transition is fitted on its own rows only: the grid's transition_s and handoff_slots_s
  // reach verl's plans alone (FixedTransition), so the other frameworks' fit rows (none today) do not move them.
  int per_framework[std::size(tp::kRlFrameworkNames)] = {};
  for (const Row& r : rows) ++per_framework[int(r.out.job.rl.framework)];
  for (size_t f = 0; f < std::size(tp::kRlFrameworkNames); ++f)
    std::printf("fit rows, rl_framework=%s: %d%s\n", tp::kRlFrameworkNames[f], per_framework[f],
                f == size_t(tp::RlFramework::Verl) ? " (transition_s, handoff_slots_s)"
                : per_framework[f]                 ? ""
                                   : " (no fitted transition: the weight sync and the host-link moves its code names)");
  tp::RlConstants best = tp::RlDefaults();
  double best_loss = Loss(rows, best);
  std::printf("shipped constants: loss %.4f\n", best_loss);
  tp::RlConstants k = best;
  for (double ov = 1e-3; ov <= 10.01e-3; ov += 1e-3)
    for (double tr = 0; tr <= 120.1; tr += 10)
      for (double ho = 0; ho <= 0.601e-6; ho += 0.1e-6)
        for (double cs : {0.0, 0.001, 0.002, 0.005, 0.01, 0.02}) {
          k.decode_overhead_s = ov, k.transition_s = tr, k.handoff_slots_s = ho, k.cap_share = cs;
          const double l = Loss(rows, k);
          if (l < best_loss) best_loss = l, best = k;
        }
  std::printf("best: decode_overhead_s %.4g transition_s %.3g handoff_slots_s %.3g cap_share %.3g  loss %.4f\n",
              best.decode_overhead_s, best.transition_s, best.handoff_slots_s, best.cap_share, best_loss);
}

void InferLengths(const std::vector<Row>& rows) {
  for (const Row& r : rows) {
    double train = 0;
    for (const auto& [metric, value] : r.measured)
      if (metric == "training_s") train = value;
    if (train <= 0 || r.link.find("rl_response_len=") == std::string::npos) continue;
    // Bisect the mean response on the policy's training time (rises with it).
    double lo = 50, hi = r.out.job.rl.max_response_len;
    for (int it = 0; it < 30 && hi - lo > 1; ++it) {
      const double mid = 0.5 * (lo + hi);
      std::string link = r.link;
      const size_t at = link.find("rl_response_len=");
      const size_t end = link.find('&', at);
      link.replace(at, end - at, "rl_response_len=" + std::to_string(int(mid)));
      Row t = r;
      t.out = Plan(link);
      (Figure(t, tp::RlDefaults(), "training_s") < train ? lo : hi) = mid;
    }
    std::printf("%-48s rl_response_len=%d\n", r.id.c_str(), int(0.5 * (lo + hi)));
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::string path = std::string(TRAINPLAN_SOURCE_DIR) + "/tests/data/rl_steps.json";
  bool phases = false, fit = false, infer = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--phases")
      phases = true;
    else if (a == "--fit")
      fit = true;
    else if (a == "--infer-lengths")
      infer = true;
    else
      path = a;
  }
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "rl_validate: cannot read %s\n", path.c_str());
    return 2;
  }
  std::stringstream s;
  s << in.rdbuf();
  const tp::JsonParseResult doc = tp::ParseJson(s.str());
  if (!doc.ok || !doc.value.Find("rows")) {
    std::fprintf(stderr, "rl_validate: %s: %s\n", path.c_str(), doc.ok ? "no rows" : doc.error.c_str());
    return 2;
  }
  if (fit || infer) {
    const std::vector<Row> rows = LoadRows(doc.value, true);
    if (infer) InferLengths(rows);
    if (fit) Fit(rows);
    return 0;
  }
  std::string error;
  std::printf("%s", tp::RlValidationMarkdown(tp::RunRlCases(s.str(), &error)).c_str());
  if (!phases) return 0;
  for (const Row& row : LoadRows(doc.value, false)) {
    const tp::RlStep& r = row.out.plan.rl;
    std::printf(
        "%-48s step %7.1f gen %7.1f (pre %5.1f dec %6.1f tail %6.1f c %4.0f) lp %6.1f tr %6.1f sync %5.2f "
        "trans %4.1f kv %5.1f GB mem %5.1f/%5.1f GB fits %d %s\n",
        row.id.c_str(), r.step_seconds, r.generation_s, r.prefill_s, r.decode_s, r.tail_s, r.concurrency, r.logprob_s,
        r.training_s, r.Phase(tp::RlPhaseKind::Sync).seconds, r.Phase(tp::RlPhaseKind::Transition).seconds,
        r.kv_cache_bytes / 1e9, r.gen_memory_bytes / 1e9, r.train_memory_bytes / 1e9, row.out.plan.memory.fits ? 1 : 0,
        row.out.ok ? "" : "(not ok)");
  }
  return 0;
}
