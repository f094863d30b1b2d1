// max_seq_best.cpp — the longest sequence with the best memory settings the stack allows (max_seq_best.h).
#include "max_seq_best.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "capabilities.h"
#include "memory.h"
#include "plan.h"
#include "resolve.h"
#include "saves.h"
#include "stack.h"

namespace tp {

int LimitSequence(const Job& job) { return job.rl.Active() ? job.rl.LongestTokens() : job.work.seq; }

namespace {
// The logit_bytes key's least value (core/config/keys_assumptions.cpp): a fused loss's bytes per logit are held to it.
constexpr double kLeastLogitBytes = 0.01;
// A bytes-per-logit value at three significant digits, rounded up: the settings print it (LogitBytesText) and the
// answer is found with it, so the plan those settings make is the plan that was measured.
double ThreeDigitsUp(double bytes) {
  const double scale = std::pow(10.0, 2 - int(std::floor(std::log10(bytes))));
  return std::ceil(bytes * scale - 1e-9) / scale;
}
std::string LogitBytesText(double bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", bytes);
  return buf;
}

// A copy of the job whose longest sequence is `seq` tokens: under post-training the longest response (the mean
// response kept, at most the longest; the mean sequence follows, as rl_setup.cpp pads it), else the sequence.
void SetLongest(Job& j, const Job& job, int seq) {
  if (!job.rl.Active()) {
    j.work.seq = seq;
    return;
  }
  const RlSetup& r = job.rl;
  j.rl.max_response_len = std::max(1.0, seq - r.prompt_len);
  j.rl.response_len = std::min(r.response_len, j.rl.max_response_len);
  j.work.seq = RlPaddedTokens(int(r.prompt_len + j.rl.response_len));
}

// The longest sequence for which fits(seq) holds, fits being false beyond some length: doubling, then bisection
// between a fitting and a failing length. 0 when not even `shortest` fits.
template <class Fits>
int LongestThatFits(int shortest, int hi, Fits fits) {
  shortest = std::max(1, std::min(shortest, hi));
  if (fits(hi)) return hi;
  if (!fits(shortest)) return 0;
  int lo = shortest, top = hi;  // fits at lo, not at top
  for (long s = 2L * lo; s < top; s *= 2) {
    if (!fits(int(s))) {
      top = int(s);
      break;
    }
    lo = int(s);
  }
  while (top - lo > 1) {
    const int mid = lo + (top - lo) / 2;
    (fits(mid) ? lo : top) = mid;
  }
  return lo;
}

// The longest a sequence may be: the model's learned positions where known (the engines refuse a longer
// max_model_len), a post-training micro-batch's token budgets (every framework refuses a longer sequence:
// rl_setup.cpp), at most 2^24 tokens.
int SequenceCap(const Job& job) {
  int hi = 1 << 24;
  if (job.model.pos_embeddings > 0) hi = std::min(hi, job.model.pos_embeddings);
  for (const int budget : {job.rl.mb_tokens, job.rl.logprob_mb_tokens})
    if (job.rl.Active() && budget > 0) hi = std::min(hi, budget);
  return hi;
}

// The shortest sequence worth asking about: under post-training, the prompt and one response token.
int ShortestSequence(const Job& job) { return job.rl.Active() ? int(job.rl.prompt_len) + 1 : 1; }

// The largest micro-batch that fits, by bisection on the memory estimate's verdict (post-training, whose phases the
// closed form does not see). Under a token budget (rl_mb_tokens) the micro-batch is the budget's: the largest budget
// that fits, from the longest sequence up, in the mean sequences it holds (job.h RlSetup::BudgetMbs); a log-probability
// budget left to follow it (rl_setup.cpp ResolveTokenBudgets) follows it here too.
int LargestMicroBatch(const Job& job, Layout layout) {
  const RlSetup& r = job.rl;
  if (r.mb_tokens <= 0)
    return LongestThatFits(1, 1 << 16, [&](int mbs) {
      layout.mbs = mbs;
      return EstimateMemory(job, layout).fits;
    });
  Job j = job;
  const int most = std::max(1, job.work.gbs_target);
  const int budget = LongestThatFits(r.LongestTokens(), 1 << 24, [&](int tokens) {
    j.rl.mb_tokens = tokens;
    j.rl.budget_mbs = layout.mbs = RlSetup::BudgetMbs(tokens, job.work.seq, most);
    if (r.logprob_budget_follows)
      j.rl.logprob_mb_tokens = tokens, j.rl.logprob_mbs = r.LogprobBudgetMbs(tokens, job.work.seq);
    return EstimateMemory(j, layout).fits;
  });
  return budget > 0 ? RlSetup::BudgetMbs(budget, job.work.seq, most) : 0;
}
}  // namespace

FusedLoss OfferedFusedLoss(const Job& job) {
  if (job.rl.Active()) return {};
  const double act_bytes = job.work.prec == Precision::Fp32 ? 4.0 : 2.0;
  FusedLoss fused = FusedLossOf(job.work.modeling, job.model.hidden, job.model.vocab, act_bytes);
  if (!(fused.per_logit > 0) || !Capability(StackOf(job), job.stack_year, Feature::FusedLoss).auto_ok) return {};
  fused.per_logit = ThreeDigitsUp(std::max(kLeastLogitBytes, fused.per_logit));
  return fused;
}

bool PlansFusedLoss(const Job& job) {
  const FusedLoss fused = OfferedFusedLoss(job);
  return fused.per_logit > 0 && job.assume.logit_bytes <= fused.per_logit;
}

void RlMemoryLimits(const Job& job, Plan& plan) {
  if (!job.rl.Active() || job.model.layers <= 0 || !job.hw.gpu) return;
  Job j = job;
  MemoryBreakdown& memory = plan.memory;
  memory.max_seq_cap = SequenceCap(job);
  memory.max_seq = LongestThatFits(ShortestSequence(job), memory.max_seq_cap, [&](int seq) {
    SetLongest(j, job, seq);
    return EstimateMemory(j, plan.layout).fits;
  });
  memory.max_micro_batch = LargestMicroBatch(job, plan.layout);
  plan.rl.max_response_fit = memory.max_seq > 0 ? std::max(0.0, std::floor(memory.max_seq - job.rl.prompt_len)) : 0.0;
}

void PlanLimits(const Job& job, Plan& plan, BestSeq& best) {
  RlMemoryLimits(job, plan);
  best = MaxSeqBest(job, plan.layout);
}

BestSeq MaxSeqBest(const Job& job, const Layout& layout) {
  BestSeq best;
  if (job.model.layers <= 0 || !job.hw.gpu) return best;
  const StackProfile& stack = StackOf(job);
  CapabilityAsk ask;
  ask.method = PlannedMethod(job.work);
  ask.fp8 = job.work.prec == Precision::Fp8;
  ask.tp = layout.tp, ask.pp = layout.pp, ask.vp = layout.vp, ask.cp = layout.cp, ask.ep = layout.ep;
  ask.zero = layout.zero, ask.sp = layout.sp, ask.offload = layout.offload, ask.recompute = layout.recompute;
  ask.offload_act = job.work.offload_checkpoints;
  ask.rl_framework = job.rl.FrameworkAsked(), ask.rl_dpo = job.rl.Dpo();
  Job j = job;
  Layout l = layout;
  // Micro-batch 1, except under a token budget (rl_mb_tokens), which sets the micro-batch and already bounds the
  // sequence (SequenceCap).
  if (job.rl.mb_tokens <= 0) l.mbs = 1;
  // Each setting where the stack runs it (its capability table) and the layout rules accept it.
  auto allowed = [&](const CapabilityAsk& a, AskKeys bit) { return SearchMayChoose(stack, job.stack_year, a, bit); };
  CapabilityAsk a = ask;
  a.recompute = Recompute::Full;
  if (allowed(a, kAskRecompute)) l.recompute = Recompute::Full, ask = a;
  if (l.offload == Offload::None) {
    a = ask;
    a.offload = Offload::Cpu;
    Layout o = l;
    o.offload = Offload::Cpu;
    if (allowed(a, kAskOffload) && CheckLayout(j, o, nullptr)) l = o, ask = a;
  }
  if (!j.work.offload_checkpoints && l.recompute == Recompute::Full) {
    a = ask;
    a.offload_act = true;
    if (allowed(a, kAskOffloadAct)) j.work.offload_checkpoints = true, ask = a;
  }
  // A fused linear cross-entropy where the stack runs one the plan's loss is not (Liger Kernel through the
  // Transformers Trainer, torchtune's LinearCrossEntropyLoss): the logits chunk by chunk, never whole, as
  // logit_bytes. Post-training keeps its framework's own loss (rl_setup.cpp).
  const FusedLoss fused = OfferedFusedLoss(job);
  if (fused.per_logit > 0) j.assume.logit_bytes = std::min(j.assume.logit_bytes, fused.per_logit);
  // The largest micro-batch at the plan's own sequence, with these settings: the memory estimate's closed form, or
  // under post-training the bisection over every phase's fit.
  best.max_micro_batch = job.rl.Active() ? LargestMicroBatch(j, l) : EstimateMemory(j, l).max_micro_batch;
  best.max_seq = LongestThatFits(ShortestSequence(job), SequenceCap(job), [&](int seq) {
    SetLongest(j, job, seq);
    return EstimateMemory(j, l).fits;
  });
  best.layout = l;
  best.offload_act = j.work.offload_checkpoints;
  auto add = [&](const std::string& kv) { best.settings += (best.settings.empty() ? "" : " ") + kv; };
  if (l.recompute != layout.recompute) add("recompute=" + std::string(Name(l.recompute)));
  if (l.offload != layout.offload) add("offload=" + std::string(Name(l.offload)));
  if (best.offload_act != job.work.offload_checkpoints) add("offload_act=1");
  if (j.assume.logit_bytes != job.assume.logit_bytes) {
    add("logit_bytes=" + LogitBytesText(j.assume.logit_bytes));
    best.fused_loss = fused.name;
  }
  best.mbs_settings = best.settings;
  if (l.mbs != layout.mbs) add("mbs=1");
  return best;
}

}  // namespace tp
