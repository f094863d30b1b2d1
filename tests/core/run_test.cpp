// run_test.cpp — the whole-run model from its parts: steps, stragglers and stalls, evaluation, start-up, failure
// rate, Young/Daly interval, goodput, a benchmark's clock, energy and cost.
#include <catch2/catch.hpp>

#include <cmath>

#include "catalog.h"
#include "config.h"
#include "planner.h"
#include "run.h"
#include "units.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace run_test {

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
  // Failures interrupt the work after the start-up: checkpoint writes take their share of that time.
  CHECK(run.ckpt_days == Approx((run.days - run.startup_days) * 60 / run.ckpt_interval_s));
  CHECK(run.failure_days > 0);
  CHECK(run.compute_days + run.ckpt_days + run.failure_days == Approx(run.days));
  // A given interval is used as given.
  job.rel.ckpt_interval_s = 3 * 3600;  // BLOOM's
  CHECK(EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{}).ckpt_interval_s == Approx(3 * 3600));

  Job big = TestJob(gpu, 65536, 50000);
  big.rel.ckpt_s = 60;
  RunSummary big_run = EstimateRun(big, Layout{}, MemoryBreakdown{}, step, Throughput{});
  CHECK(big_run.goodput < run.goodput);
}

TEST_CASE("steps, GPU-hours, energy and cost follow from the step time and the run's parts", "[run]") {
  GpuSpec gpu = TestGpu();
  Job job = TestJob(gpu, 256, 1e12);  // effectively no failures
  job.rel.ckpt_s = 1e-6;
  StepBreakdown step;
  step.seconds = 8;
  RunSummary run = EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{});
  const double steps = std::ceil(2e12 / (1024.0 * 4096));
  CHECK(run.steps == steps);
  CHECK(run.steady_days == Approx(steps * 8 / 86400));
  // Stragglers: Llama 3's 1-2 % throughput swing, 1.5 % of the steady time; no data-loader stalls.
  CHECK(job.assume.straggler == Approx(0.015));
  CHECK(run.straggler_days == Approx(0.015 * run.steady_days));
  CHECK(run.stall_days == 0);
  // Evaluation at Megatron-LM's defaults: every 1,000 steps, 100 batches forward (a third of a training step's
  // time per token for full training).
  CHECK(run.evals == std::floor((steps - 1000) / 1000) + 1);
  CHECK(run.eval_s == Approx(100 * 8.0 / 3));
  CHECK(run.eval_days == Approx(run.evals * run.eval_s / 86400));
  // Start-up: the fitted launch, initialisation per node (32 nodes of 8) and warm-up, nothing loaded for a
  // pre-training run from scratch.
  CHECK(run.startup_s == Approx(DefaultLaunchS() + 32 * DefaultInitPerNodeS() + DefaultWarmupSteps() * 8));
  CHECK(run.compute_days ==
        Approx(run.startup_days + run.steady_days + run.straggler_days + run.stall_days + run.eval_days));
  CHECK(run.days == Approx(run.compute_days + run.ckpt_days + run.failure_days));
  CHECK(run.gpu_hours == Approx(256 * run.days * 24));
  CHECK(run.cost_rent_usd == Approx(run.gpu_hours * 2.0));
  CHECK(run.power_kw == Approx(256 * 700 * (0.8 + 0.8) * 1.3 / 1000));
  CHECK(run.energy_kwh == Approx(run.power_kw * run.days * 24).epsilon(1e-6));
  CHECK(run.cost_own_usd > run.energy_kwh * 0.12);
  TcoView tco = EstimateTco(job, run);
  CHECK(tco.hardware_usd == Approx(256 * 30000 * 1.6));
  CHECK(tco.total_usd > tco.hardware_usd);
  CHECK(tco.runs_in_period == Approx(5 * 365.25 / run.days));
}

TEST_CASE("evaluation follows its interval, first step and size", "[run]") {
  GpuSpec gpu = TestGpu();
  Job job = TestJob(gpu, 8, 1e12);
  job.work.gbs = 8, job.work.seq = 8192;
  job.work.tokens = 384.0 * 8 * 8192;  // 384 steps
  StepBreakdown step;
  step.seconds = 4;
  // MLPerf's Llama 2 70B LoRA: every 48 steps from step 192, 173 sequences of 8,192 tokens each time.
  job.work.eval_interval = 48, job.work.eval_first = 192, job.work.eval_tokens = 173 * 8192;
  RunSummary run = EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{});
  CHECK(run.evals == 5);  // steps 192, 240, 288, 336, 384
  CHECK(run.eval_s == Approx(173.0 / 8 * 4 / 3));
  // None.
  job.work.eval_interval = 0;
  CHECK(EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{}).evals == 0);
  // Before the first evaluation: none.
  job.work.eval_interval = 48, job.work.eval_first = 500;
  CHECK(EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{}).evals == 0);
}

TEST_CASE("a benchmark's clock leaves out the start-up and failures, and checkpoints can be off", "[run]") {
  GpuSpec gpu = TestGpu();
  Job job = TestJob(gpu, 2048, 50000);
  job.work.tokens = 300.0 * 1024 * 4096;  // a 300-step timed run
  job.rel.checkpoints = false;
  job.work.eval_interval = 0;
  job.rel.startup_s = 500;
  StepBreakdown step;
  step.seconds = 4;
  RunSummary run = EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{});
  CHECK(run.startup_s == 500);
  CHECK(run.ckpt_days == 0);
  // The clock: steps plus stragglers, nothing else.
  CHECK(run.timed_days == Approx(300 * 4 * 1.015 / 86400));
  // The wall clock adds the start-up and the expected failures, each losing half the work done (no checkpoint).
  CHECK(run.days > run.timed_days + 500 / 86400.0);
  const double rate = 2048 / (50000.0 * 3600);
  const double work = 300 * 4 * 1.015;
  CHECK(run.goodput == Approx(1 - rate * (600 + work / 2)));
  // Loading: a fine-tune reads its 16-bit weights at the storage bandwidth.
  job.rel.startup_s = 0;
  job.work.startup_load = Workload::Load::Weights;
  job.rel.storage_bytes_per_s = 1e9;
  const RunSummary loaded = EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{});
  CHECK(loaded.startup_s ==
        Approx(DefaultLaunchS() + 256 * DefaultInitPerNodeS() + 70e9 * 2 / 1e9 + DefaultWarmupSteps() * 4));
}

TEST_CASE("stragglers and data-loader stalls scale the steady time, not the step", "[run]") {
  GpuSpec gpu = TestGpu();
  Job job = TestJob(gpu, 512, 1e12);
  StepBreakdown step;
  step.seconds = 5;
  job.assume.straggler = 0, job.assume.data_stall = 0;
  const RunSummary ideal = EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{});
  job.assume.straggler = 0.1, job.assume.data_stall = 0.05;
  const RunSummary slow = EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{});
  CHECK(slow.steady_days == Approx(ideal.steady_days));
  CHECK(slow.straggler_days == Approx(0.1 * ideal.steady_days));
  CHECK(slow.stall_days == Approx(0.05 * ideal.steady_days));
  CHECK(slow.compute_days - ideal.compute_days == Approx(0.15 * ideal.steady_days));
  // Out-of-range values are clamped rather than running away.
  job.assume.straggler = 100;
  CHECK(std::isfinite(EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{}).days));
}

TEST_CASE("one GPU waits for no straggler and two or three GPUs do", "[run]") {
  GpuSpec gpu = TestGpu();
  StepBreakdown step;
  step.seconds = 5;
  for (int gpus : {1, 2, 3}) {
    Job job = TestJob(gpu, gpus, 1e12);
    job.assume.straggler = 0.1, job.assume.data_stall = 0.05;
    const RunSummary run = EstimateRun(job, Layout{}, MemoryBreakdown{}, step, Throughput{});
    INFO(gpus << " GPUs");
    CHECK(run.straggler_days == Approx(gpus == 1 ? 0.0 : 0.1 * run.steady_days));
    CHECK(run.stall_days == Approx(0.05 * run.steady_days));  // a data loader can starve one GPU too
  }
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

// Issue #34: with goodput held at its floor (mtbf_gpu_h=1 on 16,384 GPUs) the days still equal their parts,
// the failures are the rate times the wall clock, and the plan warns that the wall clock is a lower bound.
TEST_CASE("at the goodput floor the run's parts still add up and the plan says so", "[run]") {
  const PlanOutput out = tp::MakePlan([] {
    Config c;
    c.model = "llama3-70b", c.gpu = "h100", c.gpus = 16384, c.tokens = 1e13, c.mtbf_gpu_h = 1;
    return c;
  }());
  REQUIRE(out.ok);
  const RunSummary& r = out.plan.run;
  CHECK(r.goodput == kGoodputFloor);
  CHECK(r.days == Approx(r.compute_days + r.ckpt_days + r.failure_days).epsilon(1e-9));
  CHECK(r.failure_days > r.compute_days);  // restarts and lost work dominate: never "0.0 h restarting"
  CHECK(r.failures == Approx(r.failures_per_hour * r.days * 24).epsilon(1e-9));
  CHECK((out.plan.warnings & kWarnGoodputFloor) != 0);
  // A healthy run of the same model does not carry the warning.
  const PlanOutput healthy = tp::MakePlan([] {
    Config c;
    c.model = "llama3-70b", c.gpu = "h100", c.gpus = 1024;
    return c;
  }());
  CHECK((healthy.plan.warnings & kWarnGoodputFloor) == 0);
}

}  // namespace run_test
