// run_test.cpp — the whole-run model: failure rate, Young/Daly interval, goodput, energy and cost.
#include <catch2/catch.hpp>

#include <cmath>

#include "catalog.h"
#include "config.h"
#include "run.h"
#include "units.h"

using namespace tp;

namespace {

GpuSpec TestGpu() {
  GpuSpec g;
  g.id = "test";
  g.tdp_w = 700;
  return g;
}

Job TestJob(const GpuSpec& gpu, int gpus, double mtbf_h) {
  Job job;
  job.model.params_total = 70e9;
  job.work.gbs = 1024;
  job.work.seq = 4096;
  job.work.tokens = 2e12;
  job.hw.gpu = &gpu;
  job.hw.gpus = gpus;
  job.rel.mtbf_gpu_h = mtbf_h;
  job.econ.usd_per_gpu_hour = 2.0;
  job.econ.usd_per_gpu = 30000;
  RefreshFacts(job);
  return job;
}

}  // namespace

TEST_CASE("2,048 GPUs with a 720 h MTBF each fail 2.84 times an hour", "[run]") {
  GpuSpec gpu = TestGpu();
  Job job = TestJob(gpu, 2048, 720);
  StepBreakdown step;
  step.seconds = 10;
  RunSummary run = EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{});
  CHECK(run.failures_per_hour == Approx(2.844).epsilon(0.001));
  // expected failures over the run = rate x wall clock
  CHECK(run.failures == Approx(run.failures_per_hour * run.days * 24).epsilon(1e-9));
}

TEST_CASE("Llama 3 calibration: 419 interruptions in 54 days on 16,384 GPUs", "[run]") {
  GpuSpec gpu = TestGpu();
  Job job = TestJob(gpu, 16384, Config{}.mtbf_gpu_h);
  StepBreakdown step;
  step.seconds = 10;
  RunSummary run = EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{});
  CHECK(run.failures_per_hour * 54 * 24 == Approx(419).epsilon(0.01));
}

TEST_CASE("checkpoint interval follows Young/Daly and goodput falls with scale", "[run]") {
  GpuSpec gpu = TestGpu();
  StepBreakdown step;
  step.seconds = 10;
  Job job = TestJob(gpu, 1024, 50000);
  job.rel.ckpt_s = 60;
  RunSummary run = EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{});
  const double mtbf_cluster_s = 50000.0 * 3600 / 1024;
  CHECK(run.ckpt_interval_s == Approx(std::sqrt(2 * 60 * mtbf_cluster_s) + 60));
  CHECK(run.goodput < 1.0);
  CHECK(run.goodput > 0.9);
  CHECK(run.days > run.compute_days);
  // The wall clock is the failure-free time plus checkpoint writes plus restarts and lost work.
  CHECK(run.ckpt_days == Approx(run.days * 60 / run.ckpt_interval_s));
  CHECK(run.failure_days > 0);
  CHECK(run.compute_days + run.ckpt_days + run.failure_days == Approx(run.days));

  Job big = TestJob(gpu, 65536, 50000);
  big.rel.ckpt_s = 60;
  RunSummary big_run = EstimateRun(big, Layout{}, MemoryBreakdown{}, step, Throughput{});
  CHECK(big_run.goodput < run.goodput);
}

TEST_CASE("steps, GPU-hours, energy and cost follow from the step time", "[run]") {
  GpuSpec gpu = TestGpu();
  Job job = TestJob(gpu, 256, 1e12);  // effectively no failures
  job.rel.ckpt_s = 1e-6;
  StepBreakdown step;
  step.seconds = 8;
  RunSummary run = EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{});
  const double steps = std::ceil(2e12 / (1024.0 * 4096));
  CHECK(run.steps == steps);
  // The step model's steady-state time, then the run efficiency a production run keeps (the fitted default).
  const double eff = job.assume.eff_run;
  REQUIRE(eff > 0.5);
  REQUIRE(eff < 1.0);
  CHECK(run.steady_days == Approx(steps * 8 / 86400));
  CHECK(run.run_efficiency == Approx(eff));
  CHECK(run.compute_days == Approx(steps * 8 / 86400 / eff));
  CHECK(run.gpu_hours == Approx(256 * steps * 8 / 3600 / eff).epsilon(1e-4));
  CHECK(run.cost_rent_usd == Approx(run.gpu_hours * 2.0));
  CHECK(run.power_kw == Approx(256 * 700 * (0.8 + 0.8) * 1.3 / 1000));
  CHECK(run.energy_kwh == Approx(run.power_kw * run.days * 24).epsilon(1e-6));
  CHECK(run.cost_own_usd > run.energy_kwh * 0.12);
  TcoView tco = EstimateTco(job, run);
  CHECK(tco.hardware_usd == Approx(256 * 30000 * 1.6));
  CHECK(tco.total_usd > tco.hardware_usd);
  CHECK(tco.runs_in_period == Approx(5 * 365.25 / run.days));
}

TEST_CASE("the run efficiency scales days, GPU-hours, energy and cost, not the step", "[run]") {
  GpuSpec gpu = TestGpu();
  Job job = TestJob(gpu, 512, 50000);
  StepBreakdown step;
  step.seconds = 5;
  job.assume.eff_run = 1.0;
  const RunSummary ideal = EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{});
  job.assume.eff_run = 0.5;
  const RunSummary half = EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{});
  CHECK(half.steady_days == Approx(ideal.steady_days));
  CHECK(ideal.compute_days == Approx(ideal.steady_days));
  CHECK(half.compute_days == Approx(2 * ideal.compute_days));
  // Failures strike per hour of wall clock, so the share of time they take (goodput) does not change.
  CHECK(half.goodput == Approx(ideal.goodput));
  CHECK(half.days == Approx(2 * ideal.days));
  CHECK(half.gpu_hours == Approx(2 * ideal.gpu_hours));
  CHECK(half.failures == Approx(2 * ideal.failures));
  CHECK(half.energy_kwh == Approx(2 * ideal.energy_kwh));
  CHECK(half.cost_rent_usd == Approx(2 * ideal.cost_rent_usd));
  // Out-of-range values are clamped rather than dividing by zero.
  job.assume.eff_run = 0;
  const RunSummary zero = EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{});
  CHECK(std::isfinite(zero.days));
  CHECK(zero.days > half.days);
}

TEST_CASE("absurd reliability inputs stay finite", "[run]") {
  GpuSpec gpu = TestGpu();
  Job job = TestJob(gpu, 1000000, 1);  // a million GPUs failing every hour each
  StepBreakdown step;
  step.seconds = 1;
  RunSummary run = EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{});
  CHECK(std::isfinite(run.days));
  CHECK(std::isfinite(run.failures));
  CHECK(run.goodput >= 0.01);
}
