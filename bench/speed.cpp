// speed.cpp — performance figures of the engine, printed (not asserted): one memory evaluation, one full
// plan (memory + time + run), and layout search throughput in configurations per second. Built natively
// as build/native/trainplan-speed and with Emscripten as build/web/trainplan-speed.js (run under node).
#include <chrono>
#include <cstdio>
#include <cstring>

#include "memory.h"
#include "planner.h"
#include "search.h"

using namespace tp;
using Clock = std::chrono::steady_clock;

namespace {

volatile double g_sink;  // keeps the optimizer from removing the measured work

template <class F>
double NanosecondsPerCall(F&& f, int iterations) {
  auto start = Clock::now();
  for (int i = 0; i < iterations; ++i) f(i);
  return std::chrono::duration<double, std::nano>(Clock::now() - start).count() / iterations;
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  Config cfg;  // Llama-2-70B on 64 A100s, the page's default
  std::vector<ConfigIssue> issues;
  Job job = ResolveJob(cfg, issues);
  PlanOutput base = MakePlan(cfg);
  Layout layout = base.plan.layout;
  const int n = quick ? 200000 : 2000000;

  const double mem_ns = NanosecondsPerCall([&](int i) {
    Layout l = layout;
    l.mbs = 1 + (i & 3);
    g_sink = g_sink + EstimateMemory(job, l).total;
  }, n);
  const double plan_ns = NanosecondsPerCall([&](int i) {
    Layout l = layout;
    l.mbs = 1 + (i & 3);
    g_sink = g_sink + Evaluate(job, l).step.seconds;
  }, n);
  std::printf("memory evaluation:          %8.1f ns\n", mem_ns);
  std::printf("full plan (memory+time+run): %7.1f ns\n", plan_ns);

  struct Scenario { const char* name; const char* link; };
  const Scenario scenarios[] = {
      {"llama2-70b, 64 x a100-80g", "#v=1"},
      {"llama3.1-405b, 16384 x h100", "#v=1&model=llama3.1-405b&gpu=h100&gpus=16384&seq=8192&gbs=2048"},
      {"mixtral-8x7b, 256 x h100", "#v=1&model=mixtral-8x7b&gpu=h100&gpus=256"},
  };
  for (const Scenario& s : scenarios) {
    Config c;
    std::vector<ConfigIssue> link_issues;
    ApplyLink(c, s.link, link_issues);
    auto start = Clock::now();
    SearchResult r = SearchLayouts(c, SearchOptions{});
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    std::printf("search %-30s %9llu layouts in %6.3f s = %6.2f million/s (%s)\n", s.name,
                (unsigned long long)r.evaluated, seconds, r.evaluated / seconds / 1e6,
                r.any_fits ? "best found" : "nothing fits");
  }
  return 0;
}
