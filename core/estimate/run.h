// run.h — the whole run: steps for the token budget, days, GPU-hours, failures and checkpoints
// (Young/Daly), goodput, energy, renting and owning cost; a five-year total-cost-of-ownership view.
#pragma once
#include "job.h"
#include "plan.h"

namespace tp {

// What EstimateRun computed on the way, for the explanation (core/report/explain.h); copied out only when asked.
struct RunTrace {
  double gpus = 0, tokens_per_step = 0;
  double mtbf_gpu_h = 0, restart_s = 0, storage_bytes_per_s = 0;
  double trained_params = 0, ckpt_bytes_per_param = 0;
  double tdp_w = 0, power_factor = 0, pue = 0, usd_per_gpu_hour = 0;
  double straggler = 0, data_stall = 0, eval_fwd_share = 0, launch_s = 0, warmup_steps = 0, load_bytes = 0;
  double init_per_node_s = 0, nodes = 0;
};

RunSummary EstimateRun(const Job& job, const Layout& layout, const MemoryBreakdown& memory, const StepBreakdown& step,
                       const Throughput& throughput, RunTrace* trace = nullptr);

// Tokens one evaluation reads: eval_tokens, else 100 global batches (Megatron-LM's --eval-iters default).
double EvalTokens(const Job& job, const Layout& layout);

// The start-up constants run.cpp uses when launch_s / warmup_steps are on auto (fitted: docs/whole-run.md).
double DefaultLaunchS();
double DefaultInitPerNodeS();
double DefaultWarmupSteps();

// Owning the cluster for `years`: hardware, energy, staff; how many such runs fit and the cost of each,
// next to renting the same GPUs for the same period.
struct TcoView {
  double years = 0;
  double hardware_usd = 0, energy_usd = 0, staff_usd = 0, total_usd = 0;
  double runs_in_period = 0, usd_per_run = 0;
  double rent_same_period_usd = 0;
};
// Buying the cluster: the GPUs at their purchase price plus servers, network and facility (capex_overhead).
double CapexUsd(const Job& job);
TcoView EstimateTco(const Job& job, const RunSummary& run);

}  // namespace tp
