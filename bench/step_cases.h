// step_cases.h — the published throughput cases (tests/data/cases.json) run through the step model
// alone, for fitting its constants (bench/fit_step.cpp) and for the "[step]" tests. Header-only so
// both can include it. It enumerates micro-batch / recompute / vp / sp itself (with the constants under
// fit injected into the Job) and keeps the fastest layout that fits in memory.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "catalog.h"
#include "config.h"
#include "json.h"
#include "memory.h"
#include "model.h"
#include "plan.h"
#include "resolve.h"
#include "rules.h"
#include "step.h"
#include "validation.h"

namespace tp::stepfit {

struct Case {
  std::string id, metric;
  double measured = 0, tolerance = 0.15;
  Config cfg;
  Job job;
};

struct Prediction {
  double value = 0;
  Layout layout;
  StepBreakdown step;
  Throughput thr;
  bool ok = false;
  bool fits = true;  // false: no layout fits by the memory model; the fastest one is reported anyway
};

inline const char* kThroughputMetrics[] = {"hardware_tflops_per_gpu", "model_tflops_per_gpu", "mfu",
                                           "tokens_per_s_per_gpu", "step_seconds"};

// Throughput cases only (memory / run-length cases belong to other models), with what each source
// states of its run (published_setups.json: the framework among it) as the validation runner plans them.
inline std::vector<Case> LoadCases(const std::string& text, std::string* error, const std::string& setups_text = "{}") {
  std::vector<Case> out;
  JsonParseResult r = ParseJson(text);
  JsonParseResult setups = ParseJson(setups_text);
  if (!r.ok || !setups.ok) {
    if (error) *error = !r.ok ? r.error : setups.error;
    return out;
  }
  const JsonValue* setup_cases = setups.value.Find("cases");
  const JsonValue* cases = r.value.Find("cases");
  if (!cases || !cases->IsArray()) return out;
  for (const JsonValue& c : cases->array) {
    const JsonValue* measured = c.Find("measured");
    const JsonValue* config = c.Find("config");
    if (!measured || !config) continue;
    Case k;
    for (const char* m : kThroughputMetrics) {
      if (const JsonValue* v = measured->Find(m); v && v->IsNumber()) {
        k.metric = m;
        k.measured = v->number;
      }
    }
    if (k.metric.empty()) continue;
    k.id = c.StringOr("id", "");
    k.tolerance = c.NumberOr("tolerance", 0.15);
    std::vector<ConfigIssue> issues;
    k.cfg = CaseConfig(CasePairs(c, setup_cases), issues);
    k.job = ResolveJob(k.cfg, issues);
    if (HasErrors(issues)) {
      if (error) *error = k.id + ": " + FormatIssue(issues.front());
      continue;
    }
    out.push_back(std::move(k));
  }
  return out;
}

inline double Metric(const Case& k, const StepBreakdown& st, const Throughput& th) {
  if (k.metric == "hardware_tflops_per_gpu") return th.hardware_tflops_per_gpu;
  if (k.metric == "model_tflops_per_gpu") return th.model_tflops_per_gpu;
  if (k.metric == "mfu") return th.mfu;
  if (k.metric == "tokens_per_s_per_gpu") return th.tokens_per_s_per_gpu;
  return st.seconds;
}

// The fastest layout that fits among the values the case leaves open.
inline Prediction Predict(const Case& k, const Assumptions& assume, bool verbose = false) {
  Job job = k.job;
  job.assume.eff_matmul = assume.eff_matmul;
  job.assume.matmul_half_ridge = assume.matmul_half_ridge;
  job.assume.eff_attention = assume.eff_attention;
  job.assume.eff_memory = assume.eff_memory;
  job.assume.eff_network = assume.eff_network;
  job.assume.overlap_dp = assume.overlap_dp;
  job.assume.overlap_contention = assume.overlap_contention;
  const Config& c = k.cfg;
  const Layout base = ExplicitLayout(c, job);
  if (job.work.gbs_auto) job.work.gbs = GlobalBatch(job.work, base), job.work.gbs_auto = false;
  std::vector<int> mbs_list, vp_list, sp_list;
  std::vector<Recompute> rc_list;
  const int per_dp = std::max(1, job.work.gbs / std::max(1, base.dp));
  if (c.mbs == kAuto) {
    for (int b = 1; b <= std::min(per_dp, 16); b *= 2) mbs_list.push_back(b);
  } else {
    mbs_list.push_back(c.mbs);
  }
  if (c.recompute == Recompute::Auto)
    rc_list = {Recompute::None, Recompute::Selective, Recompute::Full};
  else
    rc_list = {c.recompute};
  if (c.vp == kAuto && base.pp > 1) {
    vp_list.push_back(1);
    for (int v = 2; v <= 8; ++v)
      if ((job.model.layers / base.pp) % v == 0) vp_list.push_back(v);
  } else {
    vp_list.push_back(base.vp);
  }
  if (c.sp == kAuto && base.tp > 1)
    sp_list = {0, 1};
  else
    sp_list = {base.sp ? 1 : 0};

  Prediction best, best_any;  // best_any ignores memory: the published run did fit, whatever we think
  for (int b : mbs_list)
    for (Recompute rc : rc_list)
      for (int v : vp_list)
        for (int sp : sp_list) {
          Layout l = base;
          l.mbs = b;
          l.recompute = rc;
          l.vp = v;
          l.sp = sp == 1;
          if (!CheckLayout(job, l, nullptr)) continue;  // incl. the interleaved schedule's m % pp == 0
          const MemoryBreakdown mem = EstimateMemory(job, l);
          const bool fits = mem.fits;
          StepBreakdown st;
          Throughput th;
          EstimateStep(job, l, st, th);
          if (verbose) {
            std::printf("  mbs%d rc=%s vp%d sp%d fits=%d mem=%.1f GB step=%.3f s\n", b, Name(rc), v, sp, fits ? 1 : 0,
                        mem.total / 1e9, st.seconds);
          }
          // Keep the layout in `into` if it is the fastest seen there.
          auto keep_if_faster = [&](Prediction& into) {
            if (into.ok && st.seconds >= into.step.seconds) return;
            into.ok = true;
            into.layout = l;
            into.step = st;
            into.thr = th;
            into.value = Metric(k, st, th);
          };
          keep_if_faster(best_any);
          if (fits) keep_if_faster(best);
        }
  if (!best.ok) {
    best = best_any;
    best.fits = false;
  }
  return best;
}

inline double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

}  // namespace tp::stepfit
