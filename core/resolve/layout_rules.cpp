// layout_rules.cpp — the layout rules a configuration's explicit layout and every layout the search makes are
// held to (CheckLayout, in six parts: degrees, the model's shape, placement on the GPUs, sequence and batch,
// memory techniques, the expert all-to-all overlap's own), the simple layout of a configuration's explicit keys, and
// the mapping between a Layout and the configuration's layout keys. CheckLayout allocates nothing unless asked for
// messages: the search calls it on every candidate.
#include <algorithm>
#include <cstdint>
#include <string>

#include "model.h"
#include "pipeline.h"
#include "resolve.h"
#include "rules.h"
#include "stack.h"

namespace tp {
namespace {

using Args = std::vector<IssueArg>;
Args None() { return {}; }
std::string Str(int64_t v) { return std::to_string(v); }

// One CheckLayout. Messages are built only when the caller wants them: the search passes no issues and gets
// the first failure as a bare false, with no allocation (each message's args are a lambda, called only for a
// message). Each part returns false when the check stops there.
struct Check {
  const Job& job;
  const Layout& l;
  std::vector<ConfigIssue>* issues;
  bool ok = true;

  // A failure of `key`: recorded when messages are wanted; true when the check stops at it (no messages).
  template <typename MakeArgs>
  bool Fail(const char* key, IssueWords words, MakeArgs&& args) {
    ok = false;
    if (issues) issues->push_back(MakeIssue(key, words, args(), false));
    return issues == nullptr;
  }
};

// Every degree at least 1: nothing else can be checked otherwise.
bool Degrees(Check& k) {
  const Layout& l = k.l;
  const char* names[] = {"tp", "pp", "vp", "cp", "ep", "dp", "mbs"};
  const int values[] = {l.tp, l.pp, l.vp, l.cp, l.ep, l.dp, l.mbs};
  for (int i = 0; i < 7; ++i)
    if (values[i] < 1 && k.Fail(names[i], "must be at least 1"_issue, None)) return false;
  return k.ok;
}

}  // namespace

HeadSplitIssue TpHeadSplitIssue(const ModelArch& m, int tp, bool kv) {
  static constexpr IssueWords kHeads =
      "{0} does not divide the {1} attention heads; accepted: a divisor of heads"_issue;
  static constexpr IssueWords kKvHeads =
      "{0} neither divides the {1} key/value heads nor is a multiple of them (to replicate them)"_issue;
  if (!kv && !TpSplitsHeads(m, tp)) return {&kHeads, m.heads};
  if (kv && !TpSplitsKvHeads(m, tp)) return {&kKvHeads, m.kv_heads};
  return {};
}

namespace {
// What the model's shape allows: heads and key/value heads over tp, layers over pp x vp, experts over ep.
bool ModelShape(Check& k) {
  const Layout& l = k.l;
  const ModelArch& m = k.job.model;
  if (m.layers <= 0) return true;
  for (const bool kv : {false, true})
    if (const HeadSplitIssue h = TpHeadSplitIssue(m, l.tp, kv); h.words && k.Fail("tp", *h.words, [&] {
          return Args{Str(l.tp), Str(h.heads)};
        }))
      return false;
  // Ulysses scatters each tensor-parallel rank's heads over the context-parallel group (DeepSpeed's
  // DistributedAttention all-to-all, Megatron-Core's cp_comm_type a2a).
  if (l.cp > 1 && k.job.work.cp_comm == CpComm::A2a && (m.heads / l.tp) % l.cp != 0 &&
      k.Fail(
          "cp",
          "cp_comm=a2a splits the {0} attention heads of each tensor-parallel rank over cp={1}; accepted: a divisor of them"_issue,
          [&] {
            return Args{Str(m.heads / l.tp), Str(l.cp)};
          }))
    return false;
  if (l.pp > m.layers && k.Fail("pp", "{0} pipeline stages for {1} layers; accepted: 1-{1}"_issue, [&] {
        return Args{Str(l.pp), Str(m.layers)};
      }))
    return false;
  if (l.vp > 1 && l.pp == 1 && k.Fail("vp", "interleaved stages need pp > 1"_issue, None)) return false;
  // Each virtual stage needs a layer. Uneven splits are allowed (Megatron-Core's
  // pipeline_model_parallel_layout / decoder_first_pipeline_num_layers: Llama 3.1 405B runs 126 layers on
  // pp 8 x vp 8); the largest stage sets the pace.
  if (l.vp > 1 && int64_t(l.pp) * l.vp > m.layers &&
      k.Fail("vp",
             "pp x vp = {0} x {1} virtual stages for {2} layers; accepted: at most one virtual stage per layer"_issue,
             [&] {
               return Args{Str(l.pp), Str(l.vp), Str(m.layers)};
             }))
    return false;
  if (k.ok && k.issues && l.pp > 1 && m.layers % (int64_t(l.pp) * l.vp) != 0)
    k.issues->push_back(
        MakeIssue("pp", "{0} layers do not split evenly over {1} stages; the largest stage sets the pace"_issue,
                  {Str(m.layers), Str(int64_t(l.pp) * l.vp)}, true));
  if (l.ep > 1 && m.experts <= 1 && k.Fail("ep", "the model has no experts; accepted: 1"_issue, None)) return false;
  if (l.ep > 1 && m.experts > 1 && m.experts % l.ep != 0 &&
      k.Fail("ep", "{0} does not divide the {1} experts"_issue, [&] {
        return Args{Str(l.ep), Str(m.experts)};
      }))
    return false;
  return true;
}

// How the groups sit on the GPUs: tensor-parallel groups inside a node, the degrees' product the GPU count,
// expert parallelism inside dp x cp or folded over tp x dp x cp.
bool Placement(Check& k) {
  const Layout& l = k.l;
  const int64_t gpus = k.job.hw.gpus;
  // Tensor-parallel groups stay inside a node when they fit in one (they all-reduce every layer).
  const int64_t node = NodeGpus(k.job.hw);
  if ((l.tp <= node ? node % l.tp != 0 : l.tp % node != 0) &&
      k.Fail("tp", "{0} does not fit the {1} GPUs of a node evenly (groups would straddle nodes)"_issue, [&] {
        return Args{Str(l.tp), Str(node)};
      }))
    return false;
  const int64_t product = int64_t(l.tp) * l.pp * l.cp * l.dp;
  if (product != gpus) {
    // Name the first degree that cannot split the GPUs; when they all do, dp disagrees.
    const char* key = gpus % l.tp != 0                            ? "tp"
                      : gpus % (int64_t(l.tp) * l.pp) != 0        ? "pp"
                      : gpus % (int64_t(l.tp) * l.pp * l.cp) != 0 ? "cp"
                                                                  : "dp";
    if (k.Fail(
            key,
            "tp x pp x cp x dp = {0} x {1} x {2} x {3} = {4}, but gpus={5}; accepted: degrees whose product is gpus"_issue,
            [&] { return Args{Str(l.tp), Str(l.pp), Str(l.cp), Str(l.dp), Str(product), Str(gpus)}; }))
      return false;
  }
  // Expert parallelism inside dp x cp (each expert tensor-parallel), or folded over tp x dp x cp (each expert
  // whole on a GPU): ExpertTensorParallel in rules.h.
  if (l.ep > 1 && (int64_t(l.tp) * l.dp * l.cp) % l.ep != 0 &&
      k.Fail("ep", "{0} divides neither dp x cp = {1} nor tp x dp x cp = {2}"_issue, [&] {
        return Args{Str(l.ep), Str(int64_t(l.dp) * l.cp), Str(int64_t(l.tp) * l.dp * l.cp)};
      }))
    return false;
  return true;
}

// The sequence over context parallelism, the global batch over a step's sequences, and the pipeline
// schedules' micro-batches.
bool SequenceAndBatch(Check& k) {
  constexpr int64_t kMaxGlobalBatch = 1000000000;  // the gbs key's range
  const Layout& l = k.l;
  const Job& job = k.job;
  // Context parallelism splits each sequence into 2 x cp chunks, each rank taking one from each end so
  // causal attention work balances (Megatron-Core: "sequence length ... divisible by 2 x cp",
  // megatron/core/utils.py get_batch_on_this_cp_rank).
  if (l.cp > 1 && job.work.seq % (2 * int64_t(l.cp)) != 0 &&
      k.Fail(
          "cp",
          "seq={0} is not a multiple of 2 x cp = {1} (context parallelism cuts each sequence into 2 x cp chunks)"_issue,
          [&] {
            return Args{Str(job.work.seq), Str(2 * int64_t(l.cp))};
          }))
    return false;
  const int64_t per_step = int64_t(l.mbs) * l.dp;
  const int64_t gbs = GlobalBatch(job.work, l);
  if (gbs > kMaxGlobalBatch &&
      k.Fail(job.work.gbs_auto ? "gpus" : "gbs",
             "one step of mbs x dp = {0} x {1} sequences exceeds the largest global batch, {2}"_issue, [&] {
               return Args{Str(l.mbs), Str(l.dp), Str(kMaxGlobalBatch)};
             }))
    return false;
  if (gbs % per_step != 0 &&
      k.Fail("gbs", "{0} sequences is not a multiple of mbs x dp = {1} x {2} = {3}; accepted: a multiple of {3}"_issue,
             [&] {
               return Args{Str(gbs), Str(l.mbs), Str(l.dp), Str(per_step)};
             }))
    return false;
  // Megatron's interleaved schedule runs micro-batches in groups of microbatch_group_size_per_vp_stage, which
  // defaults to pp (ModelParallelConfig.__post_init__, "a depth-first schedule"), and requires the count M to
  // satisfy M mod group = 0 or M mod group >= pp (megatron/core/pipeline_parallel/schedules.py,
  // forward_backward_pipelining_with_interleaving; before Megatron-Core 0.10 it refused any M not divisible by
  // pp, "number of microbatches ... not divisible by pipeline-model-parallel-size when using interleaved
  // schedule"). With the default group, that is M a multiple of pp. The layout search (search.cpp) and the
  // step model's fit (bench/step_cases.h) only ever offer layouts that pass this check.
  // A stack that runs one schedule per local batch (torchtitan, NeMo AutoModel) splits the step's micro-batches
  // into schedules of pp_microbatches (PipelineSchedules): only such a stack accepts fewer than the step's, the
  // count must divide the step's, and the interleaving rule holds per schedule.
  const StackProfile& stack = StackOf(job);
  const int64_t micro = per_step > 0 ? gbs / per_step : 0;
  const int64_t given = job.work.pp_microbatches;
  if (l.pp > 1 && given > 0 && given != micro) {
    if (!stack.pp_schedule_per_local_batch) {
      if (k.Fail("pp_microbatches",
                 "{0} runs a step's {1} micro-batches as one pipeline schedule; accepted: auto or {1}"_issue, [&] {
                   return Args{stack.name, Str(micro)};
                 }))
        return false;
    } else if (
        (given > micro || micro % given != 0) &&
        k.Fail(
            "pp_microbatches",
            "the step's {0} micro-batches (gbs / (mbs x dp)) do not split into schedules of {1}; accepted: a divisor of {0}"_issue,
            [&] {
              return Args{Str(micro), Str(given)};
            })) {
      return false;
    }
  }
  const int64_t per_schedule = micro / std::max(1, PipelineSchedules(job.work, micro));
  const PipeSchedule schedule = ScheduleOf(l);
  if (schedule == PipeSchedule::Interleaved && per_step > 0 && per_schedule % l.pp != 0) {
    const bool split = per_schedule != micro;
    if (k.Fail(
            split ? "pp_microbatches" : "vp",
            split
                ? "the interleaved schedule needs micro-batches per schedule (pp_microbatches = {0}) that are a multiple of pp={1}"_issue
                : "the interleaved schedule needs a micro-batch count (gbs / (mbs x dp) = {0}) that is a multiple of pp={1}"_issue,
            [&] {
              return Args{Str(per_schedule), Str(l.pp)};
            }))
      return false;
  }
  // What the named schedule needs (core/job/pipeline.h): its chunks per GPU, DualPipe's even pp and 2 x pp
  // micro-batches. The schedule as asked (1F1B with vp > 1 is the interleaved one: a layout built without one).
  const PipeSchedule asked = l.schedule == PipeSchedule::OneF1B && l.vp > 1 ? PipeSchedule::Interleaved : l.schedule;
  if (l.pp > 1 && per_step > 0)
    if (const auto words = CheckSchedule(asked, l.pp, l.vp, per_schedule); words && k.Fail("pp_schedule", *words, [&] {
          return Args{Name(asked), Str(l.pp), Str(l.vp), Str(per_schedule)};
        }))
      return false;
  // Optimizer-in-backward steps every parameter in its backward: nothing accumulates across micro-batches.
  if (job.work.optimizer_in_backward && per_step > 0 && gbs / per_step > 1 &&
      k.Fail(
          "opt_in_bwd",
          "steps the optimizer in the backward, so one micro-batch per step: gbs / (mbs x dp) = {0}; accepted: gbs = mbs x dp"_issue,
          [&] { return Args{Str(gbs / per_step)}; }))
    return false;
  return true;
}

// ZeRO, its stage under a pipeline as the stack allows, and the offloads that build on it.
bool Techniques(Check& k) {
  const Layout& l = k.l;
  const Job& job = k.job;
  if (l.zero < 0 || l.zero > 3) {
    if (k.Fail("zero", "accepted: 0-3"_issue, None)) return false;
  } else if (
      l.pp > 1 && l.zero > MaxZeroWithPipeline(job) &&
      k.Fail(
          "zero",
          "ZeRO-{0} with pipeline parallelism (pp > 1): {1} runs at most ZeRO-{2} with a pipeline; accepted: zero 0-{2} or pp=1"_issue,
          [&] {
            return Args{Str(l.zero), StackOf(job).name, Str(MaxZeroWithPipeline(job))};
          })) {
    return false;
  }
  // Hybrid sharding shards ZeRO's states within groups of dp_shard data-parallel ranks: it needs states to shard, and
  // whole groups (torchtitan asserts dp_replicate x dp_shard x cp x tp x pp = world size, parallel_dims.py).
  if (const int shard = job.work.dp_shard; shard > 0) {
    // One group of every data-parallel rank (dp_shard = dp) is no hybrid sharding: what auto plans, at any stage.
    if (l.zero < 1 && shard != l.dp &&
        k.Fail(
            "dp_shard",
            "dp_shard={0} shards ZeRO's states within groups, and zero=0 shards none; accepted: zero 1-3 (or dp_shard auto)"_issue,
            [&] { return Args{Str(shard)}; }))
      return false;
    if (l.dp % shard != 0 &&
        k.Fail(
            "dp_shard",
            "dp_shard={0} does not divide the data-parallel degree dp={1} into whole groups; accepted: a divisor of {1} (or dp_shard auto)"_issue,
            [&] {
              return Args{Str(shard), Str(l.dp)};
            }))
      return false;
  }
  if (l.offload == Offload::Cpu && l.zero < 1 &&
      k.Fail("offload", "CPU offload of optimizer states needs ZeRO (zero 1-3), as in ZeRO-Offload"_issue, None))
    return false;
  if (l.offload == Offload::Nvme && l.zero < 3 &&
      k.Fail("offload", "NVMe offload needs zero=3 (ZeRO-Infinity)"_issue, None))
    return false;
  return true;
}

// Megatron-Core's expert all-to-all overlap (moe_a2a_overlap=1, which only Megatron-Core offers: the capability
// table) runs one micro-batch's all-to-all beside another's computation in its combined 1F1B schedules, for no
// pipeline or the interleaved one, and refuses full recomputation ('overlap_moe_expert_parallel_comm is only
// supported with expert model parallelism', 'virtual_pipeline_model_parallel_size must be specified when
// pipeline_model_parallel_size > 1', 'disable full recomputation when enabling overlap_moe_expert_parallel_comm':
// megatron/core/transformer/transformer_config.py@d98e8a64, mirrored by Megatron-Bridge's comm_overlap.py).
bool ExpertOverlap(Check& k) {
  const Layout& l = k.l;
  if (!(k.job.assume.moe_a2a_overlap > 0)) return true;
  if (l.ep <= 1 &&
      k.Fail(
          "ep",
          "moe_a2a_overlap=1 overlaps the expert all-to-all of expert parallelism; accepted: ep > 1 (or moe_a2a_overlap=0)"_issue,
          None))
    return false;
  if (l.pp > 1 && ScheduleOf(l) != PipeSchedule::Interleaved &&
      k.Fail(
          "vp",
          "moe_a2a_overlap=1 with pp={0} runs in Megatron-Core's interleaved schedule only; accepted: vp=2 or more (or pp=1, or moe_a2a_overlap=0)"_issue,
          [&] { return Args{Str(l.pp)}; }))
    return false;
  if (l.recompute == Recompute::Full &&
      k.Fail(
          "recompute",
          "moe_a2a_overlap=1 does not run with full recomputation; accepted: none or selective (or moe_a2a_overlap=0)"_issue,
          None))
    return false;
  return true;
}

}  // namespace

bool CheckLayout(const Job& job, const Layout& l, std::vector<ConfigIssue>* issues) {
  Check k{job, l, issues};
  if (!Degrees(k) || !ModelShape(k) || !Placement(k) || !SequenceAndBatch(k) || !Techniques(k) || !ExpertOverlap(k))
    return false;
  return k.ok;
}

int MaxZeroWithPipeline(const Job& job) { return StackOf(job).pp_zero_max; }

Layout ExplicitLayout(const Config& cfg, const Job& job) {
  Layout l;
  auto pick = [](int v, int fallback) { return v == kAuto ? fallback : v; };
  l.tp = pick(cfg.tp, 1);
  l.pp = pick(cfg.pp, 1);
  l.vp = pick(cfg.vp, 1);
  l.cp = pick(cfg.cp, 1);
  l.ep = pick(cfg.ep, 1);
  const int64_t model_parallel = int64_t(std::max(1, l.tp)) * std::max(1, l.pp) * std::max(1, l.cp);
  l.dp = pick(cfg.dp, int(std::max<int64_t>(1, job.hw.gpus / model_parallel)));
  l.mbs = pick(FixedLayout(cfg, job).mbs, 1);
  // Simple defaults; search does better. The distributed optimizer (ZeRO-1) is free when dp > 1.
  l.zero = pick(cfg.zero, l.dp > 1 ? 1 : 0);
  // auto: selective where the stack has it, else none (search does better).
  const bool has_selective = StackOf(job).selective != SelectiveKind::None;
  l.recompute = cfg.recompute != Recompute::Auto ? cfg.recompute
                : has_selective                  ? Recompute::Selective
                                                 : Recompute::None;
  l.offload = cfg.offload < 0 ? Offload::None : Offload(cfg.offload);
  l.sp = cfg.sp < 0 ? l.tp > 1 : cfg.sp == 1;
  // The schedule given, else 1F1B (interleaved when vp > 1: ScheduleOf); a schedule that fixes the chunks per
  // GPU (ZBV and DualPipeV two) sets vp when it is left on auto.
  l.schedule = cfg.pp_schedule >= 0 ? PipeSchedule(cfg.pp_schedule)
               : l.vp > 1           ? PipeSchedule::Interleaved
                                    : PipeSchedule::OneF1B;
  if (cfg.vp == kAuto && ScheduleFixedVp(l.schedule) > 0) l.vp = ScheduleFixedVp(l.schedule);
  if (cfg.vp == kAuto && l.schedule == PipeSchedule::Interleaved) l.vp = 2;
  return l;
}

bool HasAutoLayout(const Config& c) {
  return c.tp == kAuto || c.pp == kAuto || c.vp == kAuto || c.cp == kAuto || c.ep == kAuto || c.mbs == kAuto ||
         (c.pp_schedule == kAuto && c.pp != 1) || c.zero == kAuto || c.recompute == Recompute::Auto ||
         c.offload == kAuto || c.sp == kAuto;
}

void ApplyLayout(Config& cfg, const Layout& l) {
  cfg.tp = l.tp, cfg.pp = l.pp, cfg.vp = l.vp, cfg.cp = l.cp, cfg.ep = l.ep, cfg.dp = l.dp;
  cfg.pp_schedule = l.pp > 1 ? int(ScheduleOf(l)) : kAuto;
  cfg.mbs = l.mbs, cfg.zero = l.zero, cfg.recompute = l.recompute, cfg.offload = int(l.offload), cfg.sp = l.sp ? 1 : 0;
}

LayoutKeys FixedLayout(const Config& cfg) {
  LayoutKeys k;
  k.tp = cfg.tp, k.pp = cfg.pp, k.vp = cfg.vp, k.cp = cfg.cp, k.ep = cfg.ep, k.dp = cfg.dp;
  k.mbs = cfg.mbs, k.zero = cfg.zero, k.offload = cfg.offload, k.sp = cfg.sp;
  k.pp_schedule = cfg.pp_schedule;
  k.recompute = cfg.recompute;
  return k;
}

LayoutKeys FixedLayout(const Config& cfg, const Job& job) {
  LayoutKeys k = FixedLayout(cfg);
  if (k.mbs == kAuto && job.rl.Active() && job.rl.budget_mbs > 0) k.mbs = job.rl.budget_mbs;
  return k;
}

}  // namespace tp
