// bands.h — how far off each headline figure may be: an interval inside which the published measurement fell for
// about 80 % of comparable validation runs. Residuals (measured / predicted) of the validation runs, grouped by
// regime (stack, method, precision, parallelism, scale; experts for speed), give each regime the 80 % prediction
// interval of a new case (the logarithms' median +- t(0.9, n - 1) x their interquartile range / 1.349 x sqrt(1 + 1/n),
// a spread the few large misses of heavy-tailed residuals barely move: core/validation/band_fit.cpp
// PredictionInterval); a regime with fewer than kBandMinCases cases takes the band of the most specific broader regime
// that has them (fewer keys: more kinds of runs, a wider spread) and says so. The memory model fits no constant to
// these cases, so each residual is already a case the model never saw. The table (band_table.cpp) is fitted by
// bench/fit_bands.cpp on the fitted cases only (tests/core/bands_test.cpp checks the shipped rows against a refit).
// Memory residuals are what each figure measured (allocated, reserved, nvidia-smi); speed residuals the throughput
// cases' leave-one-out errors of their framework's efficiency and the fitted MoE steps' errors of the shipped step
// model (no efficiency is fitted on them); whole-run residuals whole runs' (and MLPerf runs' timed clocks') measured
// over planned-from-parts length. The longest sequence, with too few cases of its own, takes the memory band solved for
// the sequence at its ends (BandsOf).
#pragma once
#include <cstdint>
#include <string>

#include "job.h"
#include "plan.h"

namespace tp {

inline constexpr int kBandMinCases = 7;  // the fewest for a spread worth a band (t(0.9, 6) = 1.44, not 1.28)

enum class BandKind : uint8_t { Memory, MaxSeq, Speed, Run };

// A plan's regime, as codes (-1 in a table row: any). Stack: StackKind; method: Method; precision class: 0 16-bit,
// 1 fp8, 2 fp32; parallelism: 0 one GPU, 1 data parallel only, 2 model parallel (tp, pp, cp or ep > 1); scale: 0
// under 20 B parameters, 1 from 20 B; experts: 0 dense, 1 mixture of experts. Experts key the speed band only: the
// step model errs on MoE steps (all-to-all, imbalance, grouped GEMMs) unlike on dense ones (fitted MoE steps' median
// 0.80 x the predicted speed, dense throughput cases' 1.01), while the memory residuals meet their target without it.
struct BandRegime {
  int8_t stack = -1, method = -1, prec = -1, parallel = -1, scale = -1, experts = -1;
};
BandRegime RegimeOf(const Job& job, const Layout& layout);
// "stack=hf method=qlora prec=16-bit parallel=single scale=small", keys left out where a code is -1; "all".
std::string RegimeText(const BandRegime& r);

// The keys a kind's band reads: experts for speed only (above).
BandRegime RegimeFor(BandKind kind, BandRegime regime);
// A regime and its parents, most specific first: without the scale, the parallelism, the precision, the experts, the
// stack (the method kept), and all cases (a level equal to the one before, a key already -1, is skipped). Returns how
// many, at most kBandLevels.
inline constexpr int kBandLevels = 7;
int BandLevels(const BandRegime& regime, BandRegime out[kBandLevels]);

// One row of the fitted table: a regime's residuals (measured / predicted).
struct BandRow {
  BandKind kind;
  BandRegime regime;
  int n;            // cases
  double lo, hi;    // the 80 % prediction interval (band_fit.cpp PredictionInterval); 0 if n < kBandMinCases
  double min, max;  // the smallest and largest residual
};
// The shipped rows (band_table.cpp, written by bench/fit_bands.cpp).
const BandRow* BandTable(int* count);

// The multiplier interval on a prediction for a regime, and what set it.
struct BandFactor {
  double lo = 1, hi = 1;
  int cases = 0;         // the cases of the row whose interval is used
  BandRegime basis;      // that row's regime
  int own_cases = 0;     // the plan's most specific regime's own cases (fewer than kBandMinCases: a broader band)
  bool derived = false;  // no regime of this kind has enough cases: derived from another figure's band
};
BandFactor BandFor(BandKind kind, const BandRegime& regime);
// The same against any rows (the fit's leave-one-out check passes its own).
BandFactor ResolveBand(const BandRow* rows, int count, BandKind kind, const BandRegime& regime);
// The upper multiplier on the memory a layout needs (search and the verdict call it: no allocation).
double MemoryBandHigh(const Job& job, const Layout& layout);
// Its lower end: a plan over the usable memory whose band starts under it may still run (MemoryBreakdown::may_fit).
double MemoryBandLow(const Job& job, const Layout& layout);

struct Band {
  double lo = 0, hi = 0;
};
struct PlanBands {
  Band memory_total, memory_allocated, memory_reserved, max_seq;
  Band step_seconds, tokens_per_s_per_gpu, days, gpu_hours, cost_usd;
  BandFactor memory, seq, speed, run;
  BandRegime regime;
};
// Every headline figure's band for a plan of the job (plan.valid; the figures a plan lacks stay 0).
PlanBands BandsOf(const Job& job, const Plan& plan);

}  // namespace tp
