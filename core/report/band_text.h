// band_text.h — where a figure's band (core/estimate/bands.h) comes from, in words: the text report, the Markdown
// export, `trainplan explain` and the page's "why?" panel say it.
#pragma once
#include <string>

#include "bands.h"
#include "figures.h"
#include "i18n_core.h"

namespace tp {

// A value with its band, each end written by the value's own formatter: BandText("15.5 GiB", "14.1 GiB", "17.2 GiB")
// is "15.5 GiB (14.1–17.2)". A unit all three share ("GiB", "ms", "days", "M") is written once, after the value; ends
// in other units keep theirs ("46 min (40 min–1.1 h)"). The page, the text report and the Markdown export call it.
std::string BandText(const std::string& value, const std::string& lo, const std::string& hi);

// "memory: 28 published runs of method=full; its own regime (stack=megatron ...) has 2, fewer than 9: widened to
// cover them".
std::string BandBasisSentence(const BandFactor& f, BandKind kind, const BandRegime& own, Lang lang);
// A figure's basis sentence (its row's band_kind) for the plan's bands.
std::string FigureBandBasis(const FigureInfo& f, const PlanBands& b, Lang lang);
// The memory verdict: "fits", "tight" (the band's upper end passes the usable memory) or "does_not_fit".
const char* MemoryVerdict(const MemoryBreakdown& m);
// The same verdict in words, as the text report and the launch files' header say it (English; Translate for Chinese):
// Where the GPU's memory holds a plan that does not fit: what does not, with its figures ("host 1.52 TiB of 1.00 TiB
// per node", "the KV cache (7.54 GiB per GPU) holds 98,782 tokens of a sequence, 1,000,512 needed"); "" otherwise.
std::string ShortOfDetail(const Plan& plan, const Job& job, Lang lang);
// What a plan that does not fit is short of, for JSON and CSV (memory.short_of): "gpu_memory", "host_memory",
// "kv_cache", several joined by "+"; "" when it fits.
std::string ShortOfIds(const MemoryBreakdown& m);
// "fits", "tight: may run out of memory", "does not fit (it may: the band's lower end fits)", "does not fit" (the GPU's
// memory), or where the GPU holds it, "does not fit: host memory" or "does not fit: one sequence outgrows the KV
// cache".
const char* MemoryVerdictWords(const MemoryBreakdown& m);
// The JSON of the plan's bands, one per figure row with a band ("memory_total_bytes": [lo, hi], ...), and of their
// basis.
std::string BandsJson(const FigureSource& src, const std::string& pad);
std::string BandBasisJson(const PlanBands& b, const std::string& pad);

}  // namespace tp
