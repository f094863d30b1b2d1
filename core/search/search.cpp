// search.cpp — layout search (search.h). For each job variant (GPU type x count) the outer layouts are
// enumerated up front (search_enumerate.cpp); inside each the inner choices are the layouts a full
// evaluation ranks. Nothing that does not fit is ranked. Groups of layouts that cannot win are skipped by
// lower bounds (search_bounds.cpp, which says why that is safe); the rest are evaluated here, best bound
// first, in phases: probe every outer layout's bound, rank (the time phase), then look for the
// least-memory layout among what the time phase left (the memory phase), then replay what was kept in
// enumeration order so that ties resolve exactly as in the exhaustive search.
#include "search.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "memory.h"
#include "search_engine.h"

namespace tp {
namespace search_detail {

// ---- evaluation ---------------------------------------------------------------------------------

void Engine::InitAnswers() {
  live = exact = Answer{};
  live.Init(options);
  exact.Init(options);
  live_fastest.clear();
  if (options.fastest_each) {
    SearchOptions fastest;  // top 1 by time, nothing else
    fastest.objective = Objective::Time;
    fastest.top = 1;
    fastest.top_only = true;
    Answer a;
    a.Init(fastest);
    live_fastest.assign(result.jobs.size(), a);
  }
  exact_fastest = live_fastest;
}

void Engine::Consider(Answer& answer, std::vector<Answer>& fastest, const SearchHit& hit) {
  answer.Consider(hit);
  if (options.fastest_each) fastest[hit.variant].Consider(hit);
}

void Engine::WriteAnswer() {
  exact.WriteTo(result);
  result.fastest.clear();
  for (int v = 0; v < int(exact_fastest.size()); ++v) {
    const std::vector<SearchHit>& top = exact_fastest[v].top;
    SearchHit none;
    none.variant = v;
    result.fastest.push_back(top.empty() ? none : top.front());
  }
}

void Engine::Keep(const Plan& plan, int variant, uint64_t order) {
  Consider(live, live_fastest, {plan, variant, order});
  if (MayMatter(plan, variant)) kept.push_back({order, variant, plan});
  if (kept.size() > std::max<size_t>(4096, 2 * kept_compacted)) {
    kept.erase(std::remove_if(kept.begin(), kept.end(), [&](const Kept& k) { return !MayMatter(k.plan, k.variant); }),
               kept.end());
    kept_compacted = kept.size();
  }
}

// The layouts of one micro-batch size (`cell`) of an outer layout. The exhaustive search evaluates each
// in full. The pruned one estimates memory first: a layout that cannot rank (it does not fit, or its
// class's time bound lost: `bounds` null in the memory phase, where the whole cell's had) is evaluated
// in full only if it might need the least memory.
void Engine::EvaluateCell(const Outer& o, const Group& g, int cell, const Bounds* bounds, double usable) {
  const Job& job = g.job;
  for (int i = 0; i < g.n_inner; ++i) {
    const Inner& inner = g.inners[i];
    const Layout l = InnerLayout(o, g.mbs[cell], inner);
    ++result.enumerated;
    // The one set of layout rules (CheckLayout) decides, for a layout the user wrote and for one the
    // search made alike: the search yields only layouts whose link replays.
    if (!CheckLayout(job, l, nullptr)) continue;
    ++work;
    const uint64_t order = Order(o.variant, o.index, g.index[cell] * kInnerPerMbs + inner.pos);
    if (options.exhaustive) {
      ++result.evaluated;
      Consider(exact, exact_fastest, {Evaluate(job, l), o.variant, order});
      continue;
    }
    const MemoryBreakdown m = EstimateMemory(job, l);
    const bool ranks = bounds && m.fits && !(inner.zero < 3 && TimeExcluded(bounds->low_zero, o.variant));
    if (!ranks && MemoryExcluded(m.total, usable)) {
      ++result.bounded;
      continue;
    }
    ++result.evaluated;
    Keep(EvaluateWithMemory(job, l, m), o.variant, order);
  }
}

void Engine::Skip(uint64_t layouts) {
  result.enumerated += layouts;
  result.bounded += layouts;
  work += layouts / 256;
}

// ---- phases -------------------------------------------------------------------------------------

void Engine::ProbeOuter(uint32_t k) {
  const Outer& o = outers[k];
  OuterInfo& in = info[k];
  const Job job = OuterJob(o);
  in.gbs = job.work.gbs;
  in.local = o.dp > 0 ? job.work.gbs / o.dp : 0;
  CellMasks(o, in);
  int mbs[kMaxMbs], index[kMaxMbs];
  const int cells = Cells(o, in, mbs, index);
  const InnerSet& inners = InnersOf(o, job);
  in.count = uint32_t(cells * int(inners.list.size()));
  in.zero3 = inners.zero3;
  total += in.count;
  if (options.exhaustive || in.count == 0) return;
  in.bounds = TimeBound(job, o, mbs[cells - 1], mbs[0]);
}

void Engine::TimeOuter(uint32_t k) {
  const Outer& o = outers[k];
  const OuterInfo& in = info[k];
  if (in.count == 0) return;
  const double usable = Usable(o);
  if (TimeExcluded(Lowest(in.bounds, in.zero3), o.variant) ||
      !(usable > 0)) {  // (nothing fits on a GPU without memory)
    deferred.push_back({k, -1, -1, in.count});
    return;
  }
  const Group g = MakeGroup(k);
  for (int c = 0; c < g.n_cells; ++c) {
    // Each micro-batch size has its own, tighter bound; one that cannot fit at all is not ranked.
    const Bounds b = g.n_cells == 1 ? in.bounds : TimeBound(g.job, o, g.mbs[c], g.mbs[c]);
    if (TimeExcluded(Lowest(b, g.zero3), o.variant)) {
      deferred.push_back({k, int16_t(c), -1, uint32_t(g.n_inner)});
      continue;
    }
    const double memory = MemoryBound(g.job, o, g.mbs[c], g.inners, g.n_inner);
    if (memory > usable) {
      deferred.push_back({k, int16_t(c), memory / usable, uint32_t(g.n_inner)});
      continue;
    }
    EvaluateCell(o, g, c, &b, usable);
  }
}

void Engine::ProbeMemory(Deferred& d) {
  if (d.memory_lb >= 0) return;  // known from the time phase
  const Outer& o = outers[d.outer];
  // A GPU without usable memory holds no least-memory layout (its ratio is never below another's).
  const double usable = Usable(o);
  if (!(usable > 0)) {
    d.memory_lb = INFINITY;
    return;
  }
  const Group g = MakeGroup(d.outer);
  d.memory_lb = MemoryBound(g.job, o, g.mbs[d.cell < 0 ? 0 : d.cell], g.inners, g.n_inner) / usable;
}

void Engine::MemoryItem(const Deferred& d) {
  const Outer& o = outers[d.outer];
  const double usable = Usable(o);
  if (MemoryExcluded(d.memory_lb * usable, usable)) return Skip(d.count);
  const Group g = MakeGroup(d.outer);
  const int first = d.cell < 0 ? 0 : d.cell, end = d.cell < 0 ? g.n_cells : d.cell + 1;
  for (int c = first; c < end; ++c) {
    if (c > first && MemoryExcluded(MemoryBound(g.job, o, g.mbs[c], g.inners, g.n_inner), usable)) {
      Skip(uint64_t(g.n_inner) * uint64_t(end - c));  // larger micro-batches need more still
      return;
    }
    EvaluateCell(o, g, c, nullptr, usable);
  }
}

void Engine::BuildTimeOrder() {
  const int primary = int(options.objective);
  auto by = [&](int key) {
    std::vector<uint32_t> v(active);
    std::stable_sort(v.begin(), v.end(), [&](uint32_t a, uint32_t b) {
      return Lowest(info[a].bounds, info[a].zero3).key[key] < Lowest(info[b].bounds, info[b].zero3).key[key];
    });
    return v;
  };
  if (!options.both_objectives) {
    time_order = by(primary);
  } else {
    // Alternately the best remaining by each objective, so both top lists tighten early.
    const std::vector<uint32_t> a = by(primary), b = by(1 - primary);
    std::vector<uint8_t> taken(outers.size(), 0);
    size_t i = 0, j = 0;
    time_order.clear();
    while (time_order.size() < active.size()) {
      while (i < a.size() && taken[a[i]]) ++i;
      if (i < a.size()) taken[a[i]] = 1, time_order.push_back(a[i]);
      while (j < b.size() && taken[b[j]]) ++j;
      if (j < b.size()) taken[b[j]] = 1, time_order.push_back(b[j]);
    }
  }
}

void Engine::Replay() {
  std::stable_sort(kept.begin(), kept.end(), [](const Kept& a, const Kept& b) { return a.order < b.order; });
  InitAnswers();  // (live is not needed any more)
  for (const Kept& k : kept) Consider(exact, exact_fastest, {k.plan, k.variant, k.order});
  kept.clear();
  kept.shrink_to_fit();
}

// One unit of the current phase; false when the phase is over.
bool Engine::Advance() {
  switch (phase) {
    case Phase::Probe:
      if (cursor >= active.size()) {
        if (!options.exhaustive) BuildTimeOrder();
        return Next(Phase::Time);
      }
      ProbeOuter(active[cursor++]);
      return true;
    case Phase::Time:
      if (options.exhaustive) {
        if (cursor >= active.size()) return Next(Phase::Replay);
        const uint32_t k = active[cursor++];
        const Group g = MakeGroup(k);
        for (int c = 0; c < g.n_cells; ++c) EvaluateCell(outers[k], g, c, nullptr, 0);
        return true;
      }
      // Without a least-memory layout to find (a layout fits, or top_only), what the time phase left is
      // skipped whole.
      if (cursor >= time_order.size())
        return Next(options.top_only || live.any_fits ? Phase::Memory : Phase::MemoryProbe);
      TimeOuter(time_order[cursor++]);
      return true;
    case Phase::MemoryProbe:
      if (cursor >= deferred.size()) {
        std::stable_sort(deferred.begin(), deferred.end(),
                         [](const Deferred& a, const Deferred& b) { return a.memory_lb < b.memory_lb; });
        return Next(Phase::Memory);
      }
      ProbeMemory(deferred[cursor++]);
      return true;
    case Phase::Memory:
      if (cursor >= deferred.size()) return Next(Phase::Replay);
      {
        const Deferred& d = deferred[cursor];
        // Sorted by bound: once one is out of reach, so is every later one.
        if (MemoryExcluded(d.memory_lb, 1.0)) {
          uint64_t rest = 0;
          for (size_t i = cursor; i < deferred.size(); ++i) rest += deferred[i].count;
          Skip(rest);
          cursor = deferred.size();
          return true;
        }
        MemoryItem(d);
        ++cursor;
      }
      return true;
    case Phase::Replay:
      if (!options.exhaustive) Replay();
      WriteAnswer();
      deferred.clear();
      deferred.shrink_to_fit();
      return Next(Phase::Done);
    case Phase::Done: return false;
  }
  return false;
}

}  // namespace search_detail

using search_detail::Engine;

struct LayoutSearch::Impl : Engine {};

LayoutSearch::LayoutSearch() : impl_(new Impl) {}
LayoutSearch::~LayoutSearch() { delete impl_; }

void LayoutSearch::Begin(SearchSpace space, const SearchOptions& options) {
  delete impl_;
  impl_ = new Impl;
  Impl& s = *impl_;
  s.fixed = space.fixed;
  s.options = options;
  s.start = std::chrono::steady_clock::now();
  s.result.jobs = std::move(space.jobs);
  s.result.gpu_ids = std::move(space.gpu_ids);
  s.InitAnswers();
  s.BuildOuters();
  s.info.resize(s.outers.size());
  const std::vector<int>& only = options.variants;
  for (uint32_t k = 0; k < s.outers.size(); ++k)
    if (only.empty() || std::find(only.begin(), only.end(), s.outers[k].variant) != only.end()) s.active.push_back(k);
  s.phase = Engine::Phase::Probe;
  s.cursor = 0;
  if (s.outers.empty()) s.phase = Engine::Phase::Replay;
}

bool LayoutSearch::Step(uint64_t budget) {
  Impl& s = *impl_;
  // The budget counts estimator calls (full evaluations and bounds), so a slice is bounded whatever
  // the bounds skip.
  const uint64_t stop_at = s.work + std::max<uint64_t>(1, budget);
  while (s.phase != Engine::Phase::Done && s.work < stop_at)
    if (!s.Advance()) break;
  s.result.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - s.start).count();
  s.result.done = s.phase == Engine::Phase::Done;
  return s.result.done;
}

double LayoutSearch::Progress() const {
  const Impl& s = *impl_;
  if (s.phase == Engine::Phase::Done) return 1.0;
  if (s.phase == Engine::Phase::Probe) return s.active.empty() ? 0.0 : 0.1 * double(s.cursor) / double(s.active.size());
  return s.total == 0 ? 0.99 : std::min(0.99, 0.1 + 0.9 * double(s.result.enumerated) / double(s.total));
}

const SearchResult& LayoutSearch::Result() const { return impl_->result; }

SearchResult SearchLayouts(SearchSpace space, const SearchOptions& options) {
  LayoutSearch search;
  search.Begin(std::move(space), options);
  while (!search.Step(1u << 16)) {
  }
  return search.Result();
}
}  // namespace tp
