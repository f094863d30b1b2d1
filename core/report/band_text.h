// band_text.h — where a figure's band (core/estimate/bands.h) comes from, in words: the text report, the Markdown
// export, `trainplan explain` and the page's "why?" panel say it.
#pragma once
#include <string>

#include "bands.h"
#include "figures.h"
#include "i18n_core.h"

namespace tp {

// "memory: 28 published runs of method=full; its own regime (stack=megatron ...) has 2, fewer than 9: widened to
// cover them".
std::string BandBasisSentence(const BandFactor& f, BandKind kind, const BandRegime& own, Lang lang);
// A figure's basis sentence (its row's band_kind) for the plan's bands.
std::string FigureBandBasis(const FigureInfo& f, const PlanBands& b, Lang lang);
// The memory verdict: "fits", "tight" (the band's upper end passes the usable memory) or "does_not_fit".
const char* MemoryVerdict(const MemoryBreakdown& m);
// The JSON of the plan's bands, one per figure row with a band ("memory_total_bytes": [lo, hi], ...), and of their
// basis.
std::string BandsJson(const FigureSource& src, const std::string& pad);
std::string BandBasisJson(const PlanBands& b, const std::string& pad);

}  // namespace tp
