// step.h — time of one optimizer step for a (Job, Layout): compute roofline, memory-bound kernels,
// collectives per parallel group on the right link, pipeline bubble; throughput, MFU and HFU.
#pragma once
#include "job.h"
#include "plan.h"

namespace tp {

// What EstimateStep computed on the way to the step's parts, for the explanation (core/report/explain.h): the
// same variables, copied out only when asked (the search passes no trace).
struct StepTrace {
  int gpus = 0, micro_batches = 0, schedules = 1;         // schedules: pipeline fills and drains per step
  double compute_mb = 0, memory_mb = 0, optimizer_s = 0;  // per micro-batch on the slowest stage; optimizer per step
  double tp_mb = 0, cp_mb = 0, ep_mb = 0, pp_mb = 0;      // exposed communication per micro-batch, by group
  double mb_time = 0;                                     // one micro-batch through the slowest stage
  double fill_share = 1;  // the other stages' work over (pp - 1) x the slowest's: the share of the bubble filled
  double dp_total = 0, dp_hidden = 0, dp_exposed = 0;  // data-parallel traffic, hidden behind the backward
  double peak_flops = 0, mem_bw = 0;                   // the GPU's dense peak at the training precision, B/s
  double eff_matmul = 0, eff_memory = 0, overlap_dp = 0, contention = 0;
  double matmul_share =
      1;  // the GPU's measured matmul rate (MAMF) over its dense peak: the GEMMs run at it x eff_matmul
  double stage_params = 0, trainable = 0;  // one GPU of the slowest stage
  double tokens_per_step = 0;
  // Fine-tuning's terms per micro-batch (step_finetune.h), already inside compute_mb / memory_mb / mb_time.
  double finetune_compute_mb = 0, finetune_memory_mb = 0, offload_act_mb = 0;
  double host_mb = 0, gpu_mb = 0, host_gap_mb = 0;  // host launch time, GPU time, the GPU's wait
};

// paged_bytes: optimizer states a paged optimizer has evicted to the host (MemoryBreakdown::paged_bytes),
// which each step brings back for its update and evicts again.
void EstimateStep(const Job& job, const Layout& layout, StepBreakdown& step, Throughput& throughput,
                  StepTrace* trace = nullptr, double paged_bytes = 0);

// Seconds of forward passes without gradients (RL's log-probabilities of the policy, its reference, a critic's
// values) over `sequences` sequences in the layout's parallel groups, `mbs` sequences per micro-batch (0: the
// layout's): the step model's forward parts alone (EstimateStep's rules): the forward's compute and memory-bound
// kernels, its tensor-, context- and expert-parallel collectives once, the pipeline's activation sends and fill,
// ZeRO-3's weight gathers for the forward, the host's launches of one pass per layer. No backward, recomputation,
// gradient reduction or optimizer step.
double ForwardPassSeconds(const Job& job, const Layout& layout, double sequences, int mbs = 0);

// Replace the step model's zero ("use the fitted default") Assumptions with the values EstimateStep
// actually uses, so a surface can print every constant explicitly. Other sections are left alone.
void FillStepDefaults(Assumptions& assume);

}  // namespace tp
