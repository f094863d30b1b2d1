// max_seq_best.cpp — the longest sequence with the best memory settings the stack allows (max_seq_best.h).
#include "max_seq_best.h"

#include <algorithm>

#include "capabilities.h"
#include "memory.h"
#include "plan.h"
#include "resolve.h"
#include "stack.h"

namespace tp {

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
  l.mbs = 1;
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
  // The largest micro-batch at the plan's own sequence: the memory estimate's, with these settings.
  j.work.seq = job.work.seq;
  best.max_micro_batch = EstimateMemory(j, l).max_micro_batch;
  auto fits = [&](int seq) {
    j.work.seq = seq;
    return EstimateMemory(j, l).fits;
  };
  int hi = 1 << 24;
  if (job.model.pos_embeddings > 0) hi = std::min(hi, job.model.pos_embeddings);
  int lo = 0;  // fits at lo (0: not known to fit anywhere); the answer is in [lo, hi]
  if (fits(hi)) {
    lo = hi;
  } else {
    int top = hi;  // does not fit at top
    for (int s = 1; s < top; s *= 2) {
      if (!fits(s)) {
        top = s;
        break;
      }
      lo = s;
    }
    while (lo > 0 && top - lo > 1) {  // bisection between a fitting lo and a failing top
      const int mid = lo + (top - lo) / 2;
      (fits(mid) ? lo : top) = mid;
    }
  }
  best.max_seq = lo;
  best.layout = l;
  best.offload_act = j.work.offload_checkpoints;
  auto add = [&](const std::string& kv) { best.settings += (best.settings.empty() ? "" : " ") + kv; };
  if (l.recompute != layout.recompute) add("recompute=" + std::string(Name(l.recompute)));
  if (l.offload != layout.offload) add("offload=" + std::string(Name(l.offload)));
  if (best.offload_act != job.work.offload_checkpoints) add("offload_act=1");
  best.mbs_settings = best.settings;
  if (l.mbs != layout.mbs) add("mbs=1");
  return best;
}

}  // namespace tp
