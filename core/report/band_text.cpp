// band_text.cpp — a band's basis in words and the bands as JSON (band_text.h).
#include "band_text.h"

#include <cmath>
#include <string_view>
#include <vector>

#include "format.h"
#include "json.h"
#include "rules.h"
#include "text.h"
#include "units.h"

// GCC 12 reports -Wrestrict falsely for `"literal" + std::string&&` once inlined (GCC bug 105329), as report.cpp says.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace tp {
namespace {

const char* KindWord(BandKind kind) {
  switch (kind) {
    case BandKind::Memory: return "memory";
    case BandKind::MaxSeq: return "longest sequence";
    case BandKind::Speed: return "speed";
    case BandKind::Run: return "whole run";
  }
  return "memory";
}

std::string Pair(const Band& b) { return "[" + FormatNumber(b.lo) + ", " + FormatNumber(b.hi) + "]"; }

// What follows a text's last digit: its unit (" GiB", " ms", " days", "%"); "" when it ends in a digit.
std::string_view UnitOf(std::string_view s) {
  size_t i = s.size();
  while (i > 0 && !(s[i - 1] >= '0' && s[i - 1] <= '9')) --i;
  return i == 0 ? std::string_view() : s.substr(i);
}

}  // namespace

std::string BandText(const std::string& value, const std::string& lo, const std::string& hi) {
  const std::string_view unit = UnitOf(value);
  const bool shared = !unit.empty() && UnitOf(lo) == unit && UnitOf(hi) == unit;
  const std::string l = shared ? lo.substr(0, lo.size() - unit.size()) : lo;
  const std::string h = shared ? hi.substr(0, hi.size() - unit.size()) : hi;
  return value + " (" + l + "\u2013" + h + ")";
}

std::string BandBasisSentence(const BandFactor& f, BandKind kind, const BandRegime& own, Lang lang) {
  const std::string word = Translate(lang, KindWord(kind));
  const std::string min_cases = std::to_string(kBandMinCases);
  if (kind == BandKind::Run && f.derived)
    return TrFill(lang,
                  "{0}: the speed band with the spread of {1} whole runs planned from their parts against their "
                  "published length (too few for a band of their own)",
                  {word, std::to_string(f.cases)});
  if (f.derived)
    return TrFill(lang,
                  "{0}: no regime has {1} cases of its own; the memory band ({2} published runs of {3}) solved for "
                  "the sequence at its ends",
                  {word, min_cases, std::to_string(f.cases), RegimeText(f.basis)});
  std::string s = TrFill(lang, "{0}: {1} published runs of {2}", {word, std::to_string(f.cases), RegimeText(f.basis)});
  if (f.own_cases < kBandMinCases)
    s = TrFill(lang, "{0}; its own regime ({1}) has {2}, fewer than {3}: the broader regime's band",
               {s, RegimeText(RegimeFor(kind, own)), std::to_string(f.own_cases), min_cases});
  return s;
}

std::string FigureBandBasis(const FigureInfo& f, const PlanBands& b, Lang lang) {
  const BandFactor& factor = f.band_kind == BandKind::Memory   ? b.memory
                             : f.band_kind == BandKind::MaxSeq ? b.seq
                             : f.band_kind == BandKind::Speed  ? b.speed
                                                               : b.run;
  return BandBasisSentence(factor, f.band_kind, b.regime, lang);
}

const char* MemoryVerdict(const MemoryBreakdown& m) { return !m.fits ? "does_not_fit" : m.tight ? "tight" : "fits"; }

std::string ShortOfIds(const MemoryBreakdown& m) {
  std::string s;
  const struct {
    uint8_t bit;
    const char* id;
  } limits[] = {{kShortGpu, "gpu_memory"}, {kShortHost, "host_memory"}, {kShortKv, "kv_cache"}};
  for (const auto& l : limits)
    if (m.short_of & l.bit) s += (s.empty() ? "" : "+") + std::string(l.id);
  return s;
}

// Where the GPU's memory holds the plan and something else does not: the figure that fails, "host 1.52 TiB of 1.00 TiB
// per node" or "the KV cache (7.54 GiB per GPU) holds 98,782 tokens of a sequence, 1,000,512 needed"; "" otherwise.
std::string ShortOfDetail(const Plan& plan, const Job& job, Lang lang) {
  const MemoryBreakdown& m = plan.memory;
  const uint8_t limit = ShortBesideGpu(m);
  if (limit == kShortHost)
    return TrFill(lang, "host {0} of {1} per node", {MemoryText(m.host_bytes), MemoryText(HostBytesPerNode(job))});
  const RlEngineShape& e = m.rl_engine;
  if (limit != kShortKv || !(e.kv_token > 0)) return "";
  const RlSetup& r = job.rl;
  // No KV cache at all: the engine's memory fraction is less than its weights (and, for vLLM, its activations) on
  // each GPU, which the engine refuses at start-up (vLLM: "No available memory for the cache blocks").
  if (!(e.kv_budget > 0)) {
    const double share = Pos(r.kv_frac) * Pos(plan.memory.capacity), held = share - e.kv_budget;
    return TrFill(lang,
                  "rl_kv_frac={0} gives the engine {1} per GPU, less than its weights and activations ({2}): no "
                  "room for a KV cache (raise rl_kv_frac or rl_rollout_tp)",
                  {FormatNumber(r.kv_frac), MemoryText(share), MemoryText(held)});
  }
  return TrFill(lang, "the KV cache ({0} per GPU) holds {1} tokens of a sequence, {2} needed",
                {MemoryText(e.kv_budget), Thousands(std::floor(e.kv_budget / e.kv_token)),
                 Thousands(double(r.prompt_len) + r.max_response_len)});
}

const char* MemoryVerdictWords(const MemoryBreakdown& m) {
  if (m.fits) return m.tight ? "tight: may run out of memory" : "fits";
  if (m.may_fit) return "does not fit (it may: the band's lower end fits)";
  // The GPU's memory holds it: say what does not (ShortBesideGpu).
  switch (ShortBesideGpu(m)) {
    case kShortHost: return "does not fit: host memory";
    case kShortKv: return "does not fit: one sequence outgrows the KV cache";
    default: return "does not fit";
  }
}

std::string BandsJson(const FigureSource& src, const std::string& pad) {
  const std::string in = pad + "    ";
  std::vector<std::string> items;
  for (const FigureInfo& f : Figures())
    if (f.band) items.push_back(in + JsonEscape(f.id) + ": " + Pair(f.band(src.bands)));
  std::string s = "{\n";
  for (size_t i = 0; i < items.size(); ++i) s += items[i] + (i + 1 < items.size() ? ",\n" : "\n");
  return s + pad + "  }";
}

std::string BandBasisJson(const PlanBands& b, const std::string& pad) {
  const std::string in = pad + "    ";
  const struct {
    const char* name;
    const BandFactor* f;
    BandKind kind;
  } items[] = {{"memory", &b.memory, BandKind::Memory},
               {"max_seq", &b.seq, BandKind::MaxSeq},
               {"speed", &b.speed, BandKind::Speed},
               {"run", &b.run, BandKind::Run}};
  std::string s = "{\n";
  for (size_t i = 0; i < std::size(items); ++i) {
    const BandFactor& f = *items[i].f;
    s += in + JsonEscape(items[i].name) + ": {\"regime\": " + JsonEscape(f.derived ? "derived" : RegimeText(f.basis)) +
         ", \"cases\": " + std::to_string(f.cases) +
         ", \"own_regime\": " + JsonEscape(RegimeText(RegimeFor(items[i].kind, b.regime))) +
         ", \"own_cases\": " + std::to_string(f.own_cases) + ", \"factor\": [" + FormatNumber(f.lo) + ", " +
         FormatNumber(f.hi) + "], \"how\": " + JsonEscape(BandBasisSentence(f, items[i].kind, b.regime, Lang::En)) +
         "}" + (i + 1 < std::size(items) ? ",\n" : "\n");
  }
  return s + pad + "  }";
}

}  // namespace tp
