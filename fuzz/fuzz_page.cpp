// fuzz_page.cpp — libFuzzer target over what the page does with text a user pastes (issue #34): a share link of
// any bytes through trainplan.setLink's path (the link parser, then the page's fallback planner, which plans
// every key in error on its default) and a training log through the log reader and the calibrated plan.
// A crash, a sanitizer report, a hang, a non-finite figure or a fallback plan that does not plan is a bug.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "calibrate.h"
#include "config.h"
#include "fuzz_common.h"
#include "planner.h"

using namespace tp;
using tp::fuzz::RequireFinite;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  // setLink: the page's planner keeps planning whatever the link holds.
  std::vector<ConfigIssue> issues;
  const Config cfg = tp::fuzz::CheapLink(text, issues);
  const PlanOutput page = MakePlanWithFallback(cfg, issues);
  if (page.ok) RequireFinite(page.plan.memory.total), RequireFinite(page.plan.step.seconds);
  // The log reader: any text; what it reads goes through the keys' ranges (the plan refuses, never misreads).
  const RunLogReading log = ReadRunLog(text);
  RequireFinite(log.tokens_per_s_per_gpu), RequireFinite(log.iteration_s), RequireFinite(log.samples_per_s);
  RequireFinite(log.peak_gib), RequireFinite(log.tflops), RequireFinite(log.mfu);
  if (!log.framework.empty()) {
    Config small;
    small.model = "llama3-8b", small.gpu = "h100", small.gpus = 8, small.tp = 1, small.pp = 1;
    const PlanOutput measured = MakePlan(small, log);
    if (measured.ok) RequireFinite(measured.plan.throughput.mfu), RequireFinite(measured.plan.memory.total);
  }
  return 0;
}
