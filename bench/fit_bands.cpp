// fit_bands.cpp — the band table (core/estimate/band_table.cpp) fitted from the validation runs' residuals by
// regime, the fitted cases only (core/validation/band_fit.h):
//   build/native/trainplan-fit_bands --cpp        the rows to paste into core/estimate/band_table.cpp
//   build/native/trainplan-fit_bands --markdown   the table and the leave-one-out coverage for docs/validation.md
//   build/native/trainplan-fit_bands --samples    the residuals the table is fitted on, one a line
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "band_fit.h"

namespace {
std::string Read(const std::string& name) {
  std::ifstream in(std::string(TRAINPLAN_SOURCE_DIR) + "/tests/data/" + name);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "--markdown";
  const std::string memory = Read("memory_runs.json"), cases = Read("cases.json"),
                    setups = Read("published_setups.json"), stack_runs = Read("stack_runs.json"),
                    finetune = Read("finetune_fit_runs.json"), moe = Read("moe_fit_steps.json"),
                    parts = Read("run_parts_fit.json");
  const std::vector<tp::BandSample> samples =
      tp::BandSamples({memory, cases, setups, stack_runs, finetune, moe, parts});
  const std::vector<tp::BandRow> rows = tp::FitBandRows(samples);
  if (mode == "--samples") {  // the residuals themselves: kind, regime, measured / predicted, case
    for (const tp::BandSample& b : samples)
      std::printf("%d\t%s\t%.6f\t%s\n", int(b.kind), tp::RegimeText(b.regime).c_str(), b.ratio, b.id.c_str());
    return 0;
  }
  if (mode == "--cpp") {
    std::fputs(tp::BandTableCpp(rows).c_str(), stdout);
    return 0;
  }
  std::fputs(tp::BandTableMarkdown(rows).c_str(), stdout);
  std::printf("\nLeft out in turn (each fitted case against the band refitted without it):");
  const struct {
    tp::BandKind kind;
    const char* name;
  } kinds[] = {{tp::BandKind::Memory, "peak memory"}, {tp::BandKind::Speed, "speed"}, {tp::BandKind::Run, "whole-run"}};
  for (const auto& k : kinds) {
    const tp::BandCoverage c = tp::LeaveOneOutCoverage(samples, k.kind);
    std::printf(" %s %d of %d inside (%.0f %%), median width %.0f %% of the value;", k.name, c.inside, c.n,
                c.n ? 100.0 * c.inside / c.n : 0.0, 100 * c.median_width);
  }
  // The judge: the printed speed and whole-run bands on the sets nothing was fitted to (the held-out memory figures'
  // bands are in the memory tables above).
  std::printf("\n\nHeld out (never fitted; the printed band on each published figure):");
  const struct {
    const char* file;
    tp::BandKind kind;
    const char* name;
  } judges[] = {{"heldout_throughput.json", tp::BandKind::Speed, "speed"},
                {"moe_heldout_steps.json", tp::BandKind::Speed, "speed"},
                {"finetune_runs.json", tp::BandKind::Speed, "speed"},
                {"heldout_runs.json", tp::BandKind::Run, "whole-run"},
                {"heldout_whole_runs.json", tp::BandKind::Run, "whole-run"}};
  for (const auto& j : judges) {
    const tp::BandCoverage c = tp::PrintedBandCoverage(Read(j.file), setups, j.kind);
    std::printf(" %s %s %d of %d inside (%.0f %%), median width %.0f %%;", j.file, j.name, c.inside, c.n,
                c.n ? 100.0 * c.inside / c.n : 0.0, 100 * c.median_width);
  }
  std::printf("\n");
  return 0;
}
