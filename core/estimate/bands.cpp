// bands.cpp — each headline figure's band from the fitted table of residuals by regime (bands.h).
#include "bands.h"

#include <algorithm>
#include <cmath>

#include "stack.h"

namespace tp {
namespace {

constexpr const char* kStackIds[] = {"megatron", "deepspeed", "fsdp", "hf", "torchtune", "unsloth"};
constexpr const char* kPrecClasses[] = {"16-bit", "fp8", "fp32"};
constexpr const char* kParallel[] = {"single", "data", "model"};
constexpr const char* kScale[] = {"small", "large"};
constexpr const char* kExperts[] = {"dense", "moe"};
constexpr int kStacks = 6, kMethods = 3, kPrecs = 3, kPars = 3, kScales = 2, kExpertKinds = 2;

bool Same(const BandRegime& a, const BandRegime& b) {
  return a.stack == b.stack && a.method == b.method && a.prec == b.prec && a.parallel == b.parallel &&
         a.scale == b.scale && a.experts == b.experts;
}

}  // namespace

BandRegime RegimeFor(BandKind kind, BandRegime r) {
  if (kind != BandKind::Speed) r.experts = -1;
  return r;
}

int BandLevels(const BandRegime& r, BandRegime out[kBandLevels]) {
  int n = 0;
  auto add = [&](BandRegime level) {
    if (n == 0 || !Same(level, out[n - 1])) out[n++] = level;
  };
  BandRegime level = r;
  add(level);
  for (int8_t BandRegime::*key : {&BandRegime::scale, &BandRegime::parallel, &BandRegime::prec, &BandRegime::experts,
                                  &BandRegime::stack, &BandRegime::method}) {
    level.*key = -1;
    add(level);
  }
  return n;
}

namespace {

const BandRow* Find(const BandRow* rows, int count, BandKind kind, const BandRegime& r) {
  for (int i = 0; i < count; ++i)
    if (rows[i].kind == kind && Same(rows[i].regime, r)) return &rows[i];
  return nullptr;
}

}  // namespace

BandRegime RegimeOf(const Job& job, const Layout& l) {
  BandRegime r;
  r.stack = int8_t(StackOf(job).kind);
  r.method = int8_t(job.work.method);
  r.prec = job.work.prec == Precision::Fp8 ? 1 : job.work.prec == Precision::Fp32 ? 2 : 0;
  const bool model = l.tp > 1 || l.pp > 1 || l.cp > 1 || l.ep > 1;
  r.parallel = job.hw.gpus <= 1 ? 0 : model ? 2 : 1;
  r.scale = job.model.params_total >= 20e9 ? 1 : 0;
  r.experts = job.model.experts > 1 ? 1 : 0;
  return r;
}

std::string RegimeText(const BandRegime& r) {
  std::string s;
  auto add = [&](const char* key, int v, const char* const* names, int n) {
    if (v < 0 || v >= n) return;
    if (!s.empty()) s.push_back(' ');
    s.append(key).push_back('=');
    s.append(names[v]);
  };
  add("stack", r.stack, kStackIds, kStacks);
  add("method", r.method, kMethodNames, kMethods);
  add("prec", r.prec, kPrecClasses, kPrecs);
  add("parallel", r.parallel, kParallel, kPars);
  add("scale", r.scale, kScale, kScales);
  add("experts", r.experts, kExperts, kExpertKinds);
  return s.empty() ? "all" : s;
}

BandFactor ResolveBand(const BandRow* rows, int count, BandKind kind, const BandRegime& regime) {
  BandRegime levels[kBandLevels];
  const int n = BandLevels(RegimeFor(kind, regime), levels);
  BandFactor f;
  int chosen = -1;
  for (int i = 0; i < n && chosen < 0; ++i)
    if (const BandRow* row = Find(rows, count, kind, levels[i]); row && row->n >= kBandMinCases) chosen = i;
  if (const BandRow* own = Find(rows, count, kind, levels[0])) f.own_cases = own->n;
  if (chosen >= 0) {
    const BandRow* row = Find(rows, count, kind, levels[chosen]);
    f.lo = row->lo, f.hi = row->hi, f.cases = row->n, f.basis = levels[chosen];
  } else {
    // No regime of this kind has enough cases for an interval: the broadest row with cases is named, and its few
    // residuals' span (1 included: no error is as likely as theirs) is the band; the caller may derive a better one
    // from another figure's band (the longest sequence from the memory band).
    f.derived = true;
    for (int i = n - 1; i >= 0; --i)
      if (const BandRow* row = Find(rows, count, kind, levels[i]); row && row->n > 0) {
        f.cases = row->n, f.basis = levels[i];
        f.lo = std::min(1.0, row->min), f.hi = std::max(1.0, row->max);
        break;
      }
  }
  return f;
}

BandFactor BandFor(BandKind kind, const BandRegime& regime) {
  int count = 0;
  const BandRow* rows = BandTable(&count);
  return ResolveBand(rows, count, kind, regime);
}

namespace {
// Every regime's memory band resolved once (6 stacks x 3 methods x 3 precisions x 3 parallelisms x 2 scales).
const BandFactor& MemoryBand(const Job& job, const Layout& layout) {
  static const auto table = [] {
    struct Table {
      BandFactor f[kStacks][kMethods][kPrecs][kPars][kScales];
    } t{};
    for (int a = 0; a < kStacks; ++a)
      for (int b = 0; b < kMethods; ++b)
        for (int c = 0; c < kPrecs; ++c)
          for (int d = 0; d < kPars; ++d)
            for (int e = 0; e < kScales; ++e)
              t.f[a][b][c][d][e] =
                  BandFor(BandKind::Memory, BandRegime{int8_t(a), int8_t(b), int8_t(c), int8_t(d), int8_t(e)});
    return t;
  }();
  const BandRegime r = RegimeOf(job, layout);
  auto at = [](int v, int n) { return std::clamp(v, 0, n - 1); };
  return table
      .f[at(r.stack, kStacks)][at(r.method, kMethods)][at(r.prec, kPrecs)][at(r.parallel, kPars)][at(r.scale, kScales)];
}
}  // namespace

double MemoryBandHigh(const Job& job, const Layout& layout) { return MemoryBand(job, layout).hi; }
double MemoryBandLow(const Job& job, const Layout& layout) { return MemoryBand(job, layout).lo; }

PlanBands BandsOf(const Job& job, const Plan& plan) {
  PlanBands b;
  if (!plan.valid) return b;
  b.regime = RegimeOf(job, plan.layout);
  const MemoryBreakdown& m = plan.memory;
  b.memory = BandFor(BandKind::Memory, b.regime);
  auto scale = [](double v, double lo, double hi) { return Band{v * lo, v * hi}; };
  b.memory_total = scale(m.total, b.memory.lo, b.memory.hi);
  b.memory_allocated = scale(m.allocated, b.memory.lo, b.memory.hi);
  b.memory_reserved = scale(m.reserved, b.memory.lo, b.memory.hi);
  // The longest sequence: its own cases where there are enough; otherwise the memory band solved for the sequence at
  // its ends. The memory that limits it is fixed + growing(s); if comparable runs needed f x what is predicted, the
  // sequence that fits leaves usable / f - fixed to what grows: f = the band's upper end gives the lower one (0 when
  // the fixed part alone would not fit), f = its lower end the upper one (linear in s: FlashAttention's).
  b.seq = BandFor(BandKind::MaxSeq, b.regime);
  if (b.seq.derived && m.max_seq > 0 && m.usable > m.seq_fixed) {
    const double room = m.usable - m.seq_fixed;
    auto at = [&](double f) { return std::max(0.0, m.usable / f - m.seq_fixed) / room; };
    b.seq.lo = std::min(1.0, at(b.memory.hi)), b.seq.hi = std::max(1.0, at(b.memory.lo));
    b.seq.cases = b.memory.cases, b.seq.basis = b.memory.basis;
  }
  b.max_seq = scale(m.max_seq, b.seq.lo, b.seq.hi);
  if (m.max_seq_cap > 0) b.max_seq.hi = std::min(b.max_seq.hi, double(m.max_seq_cap));  // no band past what runs
  // Speed: tokens/s, and the step time as its inverse.
  b.speed = BandFor(BandKind::Speed, b.regime);
  b.tokens_per_s_per_gpu = scale(plan.throughput.tokens_per_s_per_gpu, b.speed.lo, b.speed.hi);
  b.step_seconds = scale(plan.step.seconds, 1 / b.speed.hi, 1 / b.speed.lo);
  // The whole run: whole runs planned from their parts (measured over planned), whose residuals already hold the
  // speed model's error, where enough of them give a band; otherwise their span and the speed band together (adding
  // the two is wider than either).
  b.run = BandFor(BandKind::Run, b.regime);
  const bool own = !b.run.derived;
  const double run_lo = own ? b.run.lo : b.run.lo / b.speed.hi, run_hi = own ? b.run.hi : b.run.hi / b.speed.lo;
  b.days = scale(plan.run.days, run_lo, run_hi);
  b.gpu_hours = scale(plan.run.gpu_hours, run_lo, run_hi);
  b.cost_usd = scale(plan.run.cost_usd, run_lo, run_hi);
  return b;
}

}  // namespace tp
