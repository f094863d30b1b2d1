// run.cpp — the whole run from its parts (docs/whole-run.md): the steps the token budget needs at the step
// model's speed, stragglers and data-loader stalls, periodic evaluation, the start-up (launch, loading, warm-up),
// then failures (cluster rate = GPUs / per-GPU MTBF), checkpoints at the Young/Daly interval, restarts and
// lost work folded into wall-clock days and goodput; energy and cost, renting and owning.
#include "run.h"

#include <algorithm>
#include <cmath>

#include "catalog.h"
#include "flops.h"
#include "model.h"
#include "rules.h"
#include "units.h"

namespace tp {
namespace {

// Evaluation when eval_tokens is not given: 100 global batches, Megatron-LM's --eval-iters default
// (megatron/training/arguments.py; every eval_interval = 1000 steps, its --eval-interval default).
constexpr double kEvalBatches = 100;
// Bytes per parameter of the weights start-up reads to fine-tune or continue from released weights (16-bit).
constexpr double kWeightBytes = 2.0;
// Start-up before the first step: launch and initialisation (job start, model build, data), the part that grows
// with the nodes (communicators, rendezvous), then compilation, CUDA-graph capture and warm-up in steps. Fitted by
// least squares of the relative error on the untimed start-up of the MLPerf v4.1 runs of
// tests/data/run_parts_fit.json (`trainplan-validate --fit-startup` prints these).
constexpr double kLaunchS = 44.62;
constexpr double kInitPerNodeS = 0.671;
constexpr double kWarmupSteps = 5.57;

// Bytes a checkpoint holds per trained parameter: 16-bit weights + fp32 master weights + two fp32 Adam
// moments = 14 B (Megatron/DeepSpeed checkpoints); 8-bit Adam keeps 2 B of states; SGD keeps momentum.
double CheckpointBytesPerParam(Optimizer opt) {
  switch (Unpaged(opt)) {
    case Optimizer::AdamW: return 14.0;
    case Optimizer::AdamW8bit: return 8.0;
    case Optimizer::Sgd: return 10.0;
    default: break;
  }
  return 14.0;
}

// What a checkpoint must hold: every parameter for full training; LoRA/QLoRA checkpoints hold only the
// adapters (the frozen base is read back from the original weights).
double TrainedParams(const Job& job) {
  if (job.work.method == Method::Full) return job.facts.pc.total;
  return LoraParams(job.model, job.work.lora_r, job.work.lora_targets);
}

}  // namespace

double EvalTokens(const Job& job, const Layout& layout) {
  const double tokens_per_step = double(std::max(1, GlobalBatch(job.work, layout))) * double(std::max(1, job.work.seq));
  return job.work.eval_tokens > 0 ? job.work.eval_tokens : kEvalBatches * tokens_per_step;
}

RunSummary EstimateRun(const Job& job, const Layout& layout, const MemoryBreakdown&, const StepBreakdown& step,
                       const Throughput&, RunTrace* trace) {
  RunSummary run;
  const double gpus = std::max(1, job.hw.gpus);
  const Workload& w = job.work;
  const Assumptions& a = job.assume;
  run.tokens = std::max(0.0, w.tokens);
  run.tokens_defaulted = w.tokens_defaulted;
  const double tokens_per_step = double(std::max(1, GlobalBatch(w, layout))) * double(std::max(1, w.seq));
  run.steps = std::ceil(run.tokens / tokens_per_step);
  const double step_s = std::max(0.0, step.seconds);
  const double steady_s = run.steps * step_s;

  // Slow ranks and throughput swings, and the data loader, as shares of the steady time (keys straggler and
  // data_stall, each with its source in core/config/keys_assumptions.cpp). One GPU waits for no other rank, and its
  // own speed swings are in the step it is measured or planned at: no straggler loss.
  const double straggler = job.hw.gpus > 1 ? std::clamp(a.straggler, 0.0, 0.9) : 0.0;
  const double straggler_s = steady_s * straggler;
  const double stall_s = steady_s * std::clamp(a.data_stall, 0.0, 0.9);

  // Periodic evaluation: a forward pass over eval_tokens every eval_interval steps from step eval_first (Megatron-LM
  // evaluates at iteration % eval_interval == 0). A token costs the forward share of a training token: model
  // forward FLOPs over model FLOPs (a third for full training, half for LoRA's frozen weights) of the step's
  // time per token, the layout's communication and bubble included.
  const StepFlops flops = FlopsPerStep(job, layout, job.facts.ops);
  const double fwd_share = flops.model > 0 ? flops.forward / flops.model : 1.0 / 3;
  run.eval_s =
      (w.eval_tokens > 0 ? w.eval_tokens : kEvalBatches * tokens_per_step) / tokens_per_step * step_s * fwd_share;
  if (w.eval_interval > 0) {
    const double first = w.eval_first > 0 ? w.eval_first : w.eval_interval;
    run.evals = run.steps >= first ? std::floor((run.steps - first) / w.eval_interval) + 1 : 0;
  }
  const double eval_s = run.evals * run.eval_s;
  const double work_s = steady_s + straggler_s + stall_s + eval_s;  // what failures interrupt

  // Failures. Per-GPU MTBF calibrated on Llama 3 405B (419 unexpected interruptions in 54 days on
  // 16,384 H100: about 50,700 GPU-hours between failures; Dubey et al. 2024, section 3.3.4).
  const double mtbf_gpu_s = std::max(1.0, job.rel.mtbf_gpu_h) * kHour;
  const double cluster_rate = gpus / mtbf_gpu_s;  // failures per second
  run.failures_per_hour = cluster_rate * kHour;

  run.ckpt_bytes = TrainedParams(job) * CheckpointBytesPerParam(w.opt);
  double storage = job.rel.storage_bytes_per_s;
  if (storage <= 0) storage = std::min(a.storage_bytes_max, gpus * a.storage_bytes_per_gpu);
  run.ckpt_write_s = job.rel.ckpt_s > 0 ? job.rel.ckpt_s : run.ckpt_bytes / std::max(1.0, storage);

  // Start-up, once: launch and initialisation, the part of it that grows with the nodes (communicators,
  // rendezvous), what is read before the first step at the storage bandwidth, then compilation, CUDA-graph capture
  // and warm-up in steps (launch_s, init_per_node_s and warmup_steps fitted on the MLPerf v4.1 logs' untimed
  // start-up, tests/data/run_parts_fit.json). A restart after a failure is restart_s.
  double load_bytes = 0;
  if (w.startup_load == Workload::Load::Weights) load_bytes = job.facts.pc.total * kWeightBytes;
  if (w.startup_load == Workload::Load::Checkpoint)
    load_bytes = run.ckpt_bytes + (w.method == Method::Full ? 0.0 : job.facts.pc.total * kWeightBytes);
  const double launch = a.launch_s > 0 ? a.launch_s : kLaunchS;
  const double per_node = a.init_per_node_s > 0 ? a.init_per_node_s : kInitPerNodeS;
  const double warmup = a.warmup_steps > 0 ? a.warmup_steps : kWarmupSteps;
  const double nodes = std::ceil(gpus / std::max(1, job.hw.gpus_per_node));
  run.startup_s = job.rel.startup_s > 0
                      ? job.rel.startup_s
                      : launch + per_node * nodes + load_bytes / std::max(1.0, storage) + warmup * step_s;

  // Checkpoints every tau seconds, delta each: Young (1974) / Daly (2006), tau = sqrt(2 delta M) + delta with M the
  // cluster's mean time between failures, unless the interval is given. Each failure costs a restart plus, on
  // average, half an interval of lost work (first-order Daly); without checkpoints, half the work done so far.
  const double cluster_mtbf_s = 1.0 / cluster_rate;
  const double delta = job.rel.checkpoints ? run.ckpt_write_s : 0.0;
  double write_share = 0, lost = 0.5 * work_s;
  if (job.rel.checkpoints) {
    run.ckpt_interval_s = job.rel.ckpt_interval_s > 0 ? std::max(job.rel.ckpt_interval_s, delta)
                                                      : std::sqrt(2.0 * delta * cluster_mtbf_s) + delta;
    write_share = run.ckpt_interval_s > 0 ? delta / run.ckpt_interval_s : 0.0;
    lost = 0.5 * run.ckpt_interval_s;
  }
  const double overhead = write_share + cluster_rate * (std::max(0.0, job.rel.restart_s) + lost);
  run.goodput = std::clamp(1.0 - overhead, kGoodputFloor, 1.0);  // below it the run never finishes in practice
  const double interrupted_s = work_s / run.goodput;
  const double wall_s = run.startup_s + interrupted_s;
  run.steady_days = steady_s / kDay;
  run.straggler_days = straggler_s / kDay;
  run.stall_days = stall_s / kDay;
  run.eval_days = eval_s / kDay;
  run.startup_days = run.startup_s / kDay;
  run.compute_days = (run.startup_s + work_s) / kDay;
  run.days = wall_s / kDay;
  run.ckpt_days = interrupted_s * write_share / kDay;
  run.failure_days = std::max(0.0, run.days - run.compute_days - run.ckpt_days);
  // A benchmark's clock (MLPerf: run_start to run_stop) starts after the start-up and counts only runs that did
  // not fail: the work and the checkpoints written during it.
  run.timed_days = work_s / std::max(0.01, 1.0 - write_share) / kDay;
  run.failures = cluster_rate * wall_s;
  run.gpu_hours = gpus * wall_s / kHour;

  // Power and energy: GPUs at their average training draw plus the server around them, times PUE.
  const double tdp = job.hw.gpu ? job.hw.gpu->tdp_w : 0.0;
  const double it_watts = gpus * tdp * (a.gpu_power + a.server_power);
  run.power_kw = it_watts * std::max(1.0, job.econ.pue) / 1000.0;
  run.energy_kwh = run.power_kw * wall_s / kHour;

  // Renting: every GPU-hour of the wall clock is billed. Owning: the run's share of the capital cost
  // amortized over the years of service, plus the energy bill.
  run.cost_rent_usd = run.gpu_hours * std::max(0.0, job.econ.usd_per_gpu_hour);
  const double capex = CapexUsd(job);
  const double years_s = std::max(0.1, job.econ.years) * kYear;
  run.cost_own_usd = capex * (wall_s / years_s) + run.energy_kwh * std::max(0.0, job.econ.usd_per_kwh);
  run.cost_usd = run.cost_rent_usd;
  if (trace) {
    RunTrace& tr = *trace;
    tr.gpus = gpus, tr.tokens_per_step = tokens_per_step;
    tr.mtbf_gpu_h = mtbf_gpu_s / kHour, tr.restart_s = std::max(0.0, job.rel.restart_s),
    tr.storage_bytes_per_s = storage;
    tr.trained_params = TrainedParams(job), tr.ckpt_bytes_per_param = CheckpointBytesPerParam(w.opt);
    tr.tdp_w = tdp, tr.power_factor = a.gpu_power + a.server_power, tr.pue = std::max(1.0, job.econ.pue);
    tr.usd_per_gpu_hour = std::max(0.0, job.econ.usd_per_gpu_hour);
    tr.straggler = straggler, tr.data_stall = std::clamp(a.data_stall, 0.0, 0.9);
    tr.eval_fwd_share = fwd_share, tr.launch_s = launch, tr.warmup_steps = warmup, tr.load_bytes = load_bytes;
    tr.init_per_node_s = per_node, tr.nodes = nodes;
  }
  return run;
}

double DefaultLaunchS() { return kLaunchS; }
double DefaultInitPerNodeS() { return kInitPerNodeS; }
double DefaultWarmupSteps() { return kWarmupSteps; }

double CapexUsd(const Job& job) {
  return std::max(1, job.hw.gpus) * std::max(0.0, job.econ.usd_per_gpu) * (1.0 + job.assume.capex_overhead);
}

TcoView EstimateTco(const Job& job, const RunSummary& run) {
  TcoView t;
  const double gpus = std::max(1, job.hw.gpus);
  const double years = std::max(0.1, job.econ.years);
  t.years = years;
  t.hardware_usd = CapexUsd(job);
  // The cluster runs all year at the training draw (a cluster bought for training is kept busy).
  t.energy_usd = run.power_kw * years * kYear / kHour * std::max(0.0, job.econ.usd_per_kwh);
  t.staff_usd = job.assume.staff_usd_per_year * years;
  t.total_usd = t.hardware_usd + t.energy_usd + t.staff_usd;
  t.runs_in_period = run.days > 0 ? years * 365.25 / run.days : 0;
  t.usd_per_run = t.runs_in_period > 0 ? t.total_usd / t.runs_in_period : 0;
  t.rent_same_period_usd = gpus * years * kYear / kHour * std::max(0.0, job.econ.usd_per_gpu_hour);
  return t;
}

}  // namespace tp
