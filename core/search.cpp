// search.cpp — layout search. For each job variant (GPU type x count) the outer layout (tp, pp, cp, ep,
// vp) is enumerated up front — a few hundred combinations at most, valid by construction — and each
// Step() walks whole outer combinations, evaluating every inner choice (micro-batch, ZeRO stage, offload,
// recompute, sequence parallel) with the full model. Nothing that does not fit is ranked.
#include "search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "catalog.h"
#include "stack.h"
#include "text.h"

namespace tp {
namespace {

struct Outer {
  int variant;
  int tp, pp, cp, ep, vp, dp;
};

std::vector<int> PowersOfTwoUpTo(int limit) {
  std::vector<int> v;
  for (int x = 1; x <= limit && x > 0; x *= 2) v.push_back(x);
  return v;
}

std::vector<int> DivisorsUpTo(int n, int limit) {
  std::vector<int> v;
  for (int d = 1; d <= n && d <= limit; ++d)
    if (n % d == 0) v.push_back(d);
  return v;
}

std::vector<int> Fixed(int value) { return {value}; }

double RankKey(const Plan& p, Objective objective) {
  const double time = p.run.days > 0 ? p.run.days : p.step.seconds;
  if (objective == Objective::Cost && p.run.cost_usd > 0) return p.run.cost_usd + 1e-9 * time;
  return time;
}

// Largest usable fraction first would favour near-OOM layouts; a fitting plan is ranked only by the
// objective, but ties (equal to 1e-9 relative) prefer the one with more memory to spare.
bool Better(const Plan& a, const Plan& b, Objective objective) {
  const double ka = RankKey(a, objective), kb = RankKey(b, objective);
  if (ka < kb * (1 - 1e-9)) return true;
  if (kb < ka * (1 - 1e-9)) return false;
  return a.memory.total < b.memory.total;
}

}  // namespace

struct LayoutSearch::Impl {
  Config cfg;
  SearchOptions options;
  SearchResult result;
  std::vector<Outer> outers;
  size_t next = 0;
  std::chrono::steady_clock::time_point start;
  double least_memory_ratio = 1e300;

  void BuildVariants() {
    // Repeats are searched once, and the lists are capped (kMaxGpuTypes x kMaxGpuCounts variants): a
    // thousand of each is a million searches, not a question anyone asks.
    std::vector<std::string> gpu_ids;
    for (const std::string& id : options.gpu_types)
      if (gpu_ids.size() < kMaxGpuTypes && std::find(gpu_ids.begin(), gpu_ids.end(), id) == gpu_ids.end())
        gpu_ids.push_back(id);
    if (gpu_ids.empty()) gpu_ids.push_back(cfg.gpu);
    std::vector<int> counts;
    for (int n : options.gpu_counts)
      if (counts.size() < kMaxGpuCounts && std::find(counts.begin(), counts.end(), n) == counts.end()) counts.push_back(n);
    if (counts.empty()) counts.push_back(cfg.gpus);
    for (const std::string& id : gpu_ids) {
      for (int count : counts) {
        Config c = cfg;
        SelectGpu(c, id);
        c.gpus = count;
        std::vector<ConfigIssue> issues;
        Job job = ResolveJob(c, issues);
        if (!job.hw.gpu) continue;
        result.jobs.push_back(job);
        result.gpu_ids.push_back(id);
      }
    }
  }

  void BuildOuters() {
    for (int v = 0; v < int(result.jobs.size()); ++v) {
      const Job& job = result.jobs[v];
      const ModelArch& m = job.model;
      const int gpus = std::max(1, job.hw.gpus);
      const int per_node = std::max(1, job.hw.gpus_per_node);
      const bool size_only = m.layers <= 0;
      std::vector<int> tps, pps, cps, eps;
      if (cfg.tp != kAuto) tps = Fixed(cfg.tp);
      else if (size_only) tps = Fixed(1);
      else
        for (int t : PowersOfTwoUpTo(std::min(per_node, gpus))) {
          const bool mla = m.kv_lora_rank > 0;
          const int kv = m.kv_heads > 0 ? m.kv_heads : m.heads;
          if (m.heads % t == 0 && (mla || kv % t == 0 || t % kv == 0)) tps.push_back(t);
        }
      if (cfg.pp != kAuto) pps = Fixed(cfg.pp);
      else if (size_only) pps = Fixed(1);
      else {
        // Divisors of the layer count split evenly; powers of two (the counts that divide a cluster) may
        // split unevenly, as Llama 3 405B's 126 layers on 16 stages did: the memory and step models
        // charge the most loaded stage, so an uneven split wins only when it really is faster.
        pps = DivisorsUpTo(m.layers, std::min(gpus, 128));
        for (int p : PowersOfTwoUpTo(std::min({gpus, 128, m.layers})))
          if (m.layers % p != 0) pps.push_back(p);
      }
      if (cfg.cp != kAuto) cps = Fixed(cfg.cp);
      else if (size_only) cps = Fixed(1);
      else
        for (int c : PowersOfTwoUpTo(32))
          if (c == 1 || job.work.seq % (2 * c) == 0) cps.push_back(c);
      for (int t : tps)
        for (int p : pps)
          for (int c : cps) {
            const long long group = (long long)t * p * c;
            if (group > gpus || gpus % group != 0) continue;
            const int dp = int(gpus / group);
            if (cfg.dp != kAuto && cfg.dp != dp) continue;
            if (!job.work.gbs_auto && job.work.gbs % dp != 0) continue;
            eps.clear();
            if (cfg.ep != kAuto) eps = Fixed(cfg.ep);
            else if (m.experts > 1)
              // Inside dp x cp, or folded over tp x dp x cp (ExpertTensorParallel in job.h).
              for (int e : DivisorsUpTo(m.experts, m.experts))
                if ((static_cast<long long>(dp) * c) % e == 0 || (static_cast<long long>(t) * dp * c) % e == 0)
                  eps.push_back(e);
            if (eps.empty()) eps = Fixed(1);
            std::vector<int> vps;
            if (cfg.vp != kAuto) vps = Fixed(cfg.vp);
            else {
              vps.push_back(1);
              if (p > 1 && !size_only)
                for (int x = 2; x <= 8; ++x)
                  if ((m.layers / p) % x == 0) vps.push_back(x);
            }
            for (int e : eps)
              for (int x : vps) {
                if (outers.size() >= kMaxOuters) {
                  // Bounded work: a search this large is refused with a message (the planner names the
                  // layout keys to fix) instead of running for minutes.
                  result.too_large = true;
                  outers.clear();
                  return;
                }
                outers.push_back({v, t, p, c, e, x, dp});
              }
          }
    }
  }

  void Consider(const Plan& plan, int variant) {
    ++result.evaluated;
    const double ratio = plan.memory.usable > 0 ? plan.memory.total / plan.memory.usable : 1e300;
    if (ratio < least_memory_ratio) {
      least_memory_ratio = ratio;
      result.least_memory = {plan, variant};
    }
    if (!plan.memory.fits) return;
    result.any_fits = true;
    const Objective objective = options.objective;
    // top N, kept sorted best first
    auto& top = result.top;
    const size_t limit = size_t(std::max(1, options.top));
    if (top.size() < limit || Better(plan, top.back().plan, objective)) {
      auto pos = std::find_if(top.begin(), top.end(), [&](const SearchHit& h) { return Better(plan, h.plan, objective); });
      top.insert(pos, {plan, variant});
      if (top.size() > limit) top.pop_back();
    }
    // Pareto front on (days, cost): keep plans no other plan beats on both.
    auto& front = result.pareto;
    const double t = plan.run.days, c = plan.run.cost_usd;
    for (const SearchHit& h : front)
      if (h.plan.run.days <= t && h.plan.run.cost_usd <= c) return;
    front.erase(std::remove_if(front.begin(), front.end(),
                               [&](const SearchHit& h) { return t <= h.plan.run.days && c <= h.plan.run.cost_usd; }),
                front.end());
    auto pos = std::find_if(front.begin(), front.end(), [&](const SearchHit& h) { return t < h.plan.run.days; });
    front.insert(pos, {plan, variant});
  }

  void EvaluateOuter(const Outer& o) {
    // A global batch left to the planner follows the data-parallel degree (and an explicit micro-batch).
    Job job = result.jobs[o.variant];
    Layout layout;
    layout.tp = o.tp, layout.pp = o.pp, layout.cp = o.cp, layout.ep = o.ep, layout.vp = o.vp, layout.dp = o.dp;
    // The outer layout fixes the global batch (GlobalBatch: an auto batch follows dp); written into this
    // outer's job once, so Evaluate does not copy the job per layout.
    job.work.gbs = GlobalBatch(job.work, layout);
    job.work.gbs_auto = false;
    const int local = job.work.gbs / o.dp;  // sequences per data-parallel rank per step
    std::vector<int> mbss;
    if (cfg.mbs != kAuto) mbss = Fixed(cfg.mbs);
    else mbss = DivisorsUpTo(local, 64);
    static constexpr int kAllZero[] = {0, 1, 2, 3};
    static constexpr Recompute kAllRecompute[] = {Recompute::None, Recompute::Selective, Recompute::Full};
    static constexpr Offload kAllOffload[] = {Offload::None, Offload::Cpu, Offload::Nvme};
    for (int mbs : mbss) {
      if (mbs <= 0 || local % mbs != 0) continue;
      const int micro_batches = local / mbs;
      if (o.vp > 1 && micro_batches % o.pp != 0) continue;  // Megatron's interleaved schedule needs m % pp == 0
      layout.mbs = mbs;
      for (int zero : kAllZero) {
        if (cfg.zero != kAuto && zero != cfg.zero) continue;
        if (zero == 3 && o.pp > 1) continue;  // ZeRO-3 with pipeline parallelism: not supported by the frameworks
        if (zero > 0 && o.dp * o.cp == 1 && cfg.zero == kAuto) continue;  // nothing to shard over
        layout.zero = zero;
        for (Offload off : kAllOffload) {
          if (cfg.offload != kAuto && int(off) != cfg.offload) continue;
          if (off != Offload::None && zero == 0) continue;         // ZeRO-Offload builds on ZeRO
          if (off == Offload::Nvme && zero != 3) continue;          // ZeRO-Infinity
          layout.offload = off;
          for (Recompute rc : kAllRecompute) {
            if (cfg.recompute != Recompute::Auto && rc != cfg.recompute) continue;
            // A stack without a selective mode (per-layer checkpointing only) never gets one. With
            // FlashAttention the scores are never stored, so Megatron's selective recompute (which drops
            // exactly them, Korthikanti et al.) is the same layout as none: do not list it twice.
            if (rc == Recompute::Selective && job.stack && job.stack->selective == SelectiveKind::None) continue;
            if (cfg.recompute == Recompute::Auto && rc == Recompute::Selective && job.work.flash &&
                (!job.stack || job.stack->selective == SelectiveKind::AttentionCore))
              continue;
            layout.recompute = rc;
            for (int sp = 0; sp <= 1; ++sp) {
              if (cfg.sp != kAuto ? sp != cfg.sp : (sp == 1 && o.tp == 1)) continue;
              layout.sp = sp == 1;
              ++result.enumerated;
              // The one set of layout rules (CheckLayout) decides, for a layout the user wrote and for
              // one the search made alike: the search yields only layouts whose link replays.
              if (!CheckLayout(job, layout, nullptr)) continue;
              Consider(Evaluate(job, layout), o.variant);
            }
          }
        }
      }
    }
  }
};

LayoutSearch::LayoutSearch() : impl_(new Impl) {}
LayoutSearch::~LayoutSearch() { delete impl_; }

void LayoutSearch::Begin(const Config& cfg, const SearchOptions& options) {
  delete impl_;
  impl_ = new Impl;
  impl_->cfg = cfg;
  impl_->options = options;
  impl_->start = std::chrono::steady_clock::now();
  impl_->BuildVariants();
  impl_->BuildOuters();
}

bool LayoutSearch::Step(uint64_t budget) {
  Impl& s = *impl_;
  // The budget counts layouts considered (evaluated or refused by the layout rules), so a slice of
  // mostly refused layouts is still a bounded slice.
  const uint64_t stop_at = s.result.enumerated + budget;
  while (s.next < s.outers.size() && s.result.enumerated < stop_at) s.EvaluateOuter(s.outers[s.next++]);
  s.result.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - s.start).count();
  s.result.done = s.next >= s.outers.size();
  return s.result.done;
}

double LayoutSearch::Progress() const {
  return impl_->outers.empty() ? 1.0 : double(impl_->next) / double(impl_->outers.size());
}

const SearchResult& LayoutSearch::Result() const { return impl_->result; }

SearchResult SearchLayouts(const Config& cfg, const SearchOptions& options) {
  LayoutSearch search;
  search.Begin(cfg, options);
  while (!search.Step(1u << 16)) {
  }
  return search.Result();
}

std::string WhyLoses(const Plan& plan, const Plan& best, Objective objective) {
  return WhyLoses(plan, best, objective, Lang::En);
}

std::string WhyLoses(const Plan& plan, const Plan& best, Objective objective, Lang lang) {
  const double kp = RankKey(plan, objective), kb = RankKey(best, objective);
  const double pct = kb > 0 ? 100.0 * (kp / kb - 1.0) : 0.0;
  if (pct < 0.5) return Translate(lang, "ties with the best (within 0.5%): an equivalent layout");
  const std::string head = TrFill(lang, objective == Objective::Cost ? "{0}% more expensive" : "{0}% slower", {Fmt("%.0f", pct)});
  const StepBreakdown& a = plan.step;
  const StepBreakdown& b = best.step;
  struct Reason { double delta; const char* words; };
  const Reason reasons[] = {
      {a.compute_s - b.compute_s, "more compute (recomputation or smaller, less efficient matrix multiplies)"},
      {a.memory_s - b.memory_s, "more memory-bound time"},
      {a.comm_exposed_s - b.comm_exposed_s, "more exposed communication"},
      {a.bubble_s - b.bubble_s, "larger pipeline bubble"},
      {a.offload_s - b.offload_s, "offload transfers"},
  };
  const Reason* worst = &reasons[0];
  for (const Reason& r : reasons)
    if (r.delta > worst->delta) worst = &r;
  const char* why = worst->delta <= 0 ? "same step, fewer GPUs busy or more failures" : worst->words;
  return TrFill(lang, "{0}: {1}", {head, Translate(lang, why)});
}

}  // namespace tp
