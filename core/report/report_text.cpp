// report_text.cpp — a plan as labelled rows in English or Chinese (the text report and Markdown), several
// plans side by side with the compare verdict under them, and the Calibration section's lines. The rows'
// figures, labels and Chinese come from the figure table (figures.h); this file says which figures each
// section shows, in which order, and how a row reads its numbers (format.h).
#include <algorithm>
#include <cmath>
#include <iterator>

#include "band_text.h"
#include "catalog.h"
#include "compare.h"
#include "figures.h"
#include "format.h"
#include "report_parts.h"
#include "resolved.h"
#include "sentences.h"
#include "text.h"

// GCC 12 reports -Wrestrict falsely for `"literal" + std::string&&` once inlined (GCC bug 105329);
// it is not a real overlap, and -Werror would turn the noise into a broken build.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace tp {
namespace report_detail {
namespace {

// ---- the sections of figures ----------------------------------------------------------------------
enum class Shown : uint8_t { Always, Nonzero, WithArchitecture };
struct TextRow {
  Figure figure;
  Shown shown = Shown::Always;
};
struct TextSection {
  const char* heading;      // an English key of the phrase table ("{0}" = the ownership years)
  bool needs_architecture;  // step, throughput, run: not for a size-only model
  std::vector<TextRow> rows;
};

const std::vector<TextSection>& TextSections() {
  using F = Figure;
  static const std::vector<TextSection> sections = {
      {"Memory per GPU (most loaded; GiB = 2^30 bytes, as nvidia-smi and PyTorch count; GB = 1e9)",
       false,
       {{F::Weights},
        {F::Gradients},
        {F::Optimizer},
        {F::Activations},
        {F::Other},
        {F::RlPhase, Shown::Nonzero},
        {F::MemoryTotal},
        {F::MemoryUsable},
        {F::Fits},
        {F::MaxMicroBatch},
        {F::MaxSeq, Shown::WithArchitecture},
        {F::MaxSeqBest, Shown::WithArchitecture},
        {F::MaxMicroBatchBest, Shown::WithArchitecture},
        {F::HostMemory, Shown::Nonzero},
        {F::NvmeMemory, Shown::Nonzero}}},
      {"Step (one optimizer step)",
       true,
       {{F::StepSeconds},
        {F::Compute},
        {F::MemoryBound},
        {F::CommTp},
        {F::CommCp, Shown::Nonzero},
        {F::CommEp, Shown::Nonzero},
        {F::CommDp},
        {F::CommPp},
        {F::CommExposed},
        {F::Bubble},
        {F::Offload, Shown::Nonzero},
        {F::Host, Shown::Nonzero},
        {F::MicroBatches}}},
      {"Throughput",
       true,
       {{F::TokensPerS}, {F::TokensPerSPerGpu}, {F::ModelTflops}, {F::HardwareTflops}, {F::Mfu}, {F::Hfu}}},
      {"Run",
       true,
       {{F::Tokens},
        {F::Steps},
        {F::Days},
        {F::SteadyDays},
        {F::StragglerDays, Shown::Nonzero},
        {F::StallDays, Shown::Nonzero},
        {F::EvalDays, Shown::Nonzero},
        {F::Startup, Shown::Nonzero},
        {F::GpuHours},
        {F::Goodput},
        {F::Failures},
        {F::CkptInterval},
        {F::CkptDays},
        {F::EnergyKwh},
        {F::CostUsd},
        {F::CostOwn}}},
      {"Owning the cluster for {0} years (total cost of ownership)",
       true,
       {{F::TcoHardware}, {F::TcoEnergy}, {F::TcoStaff, Shown::Nonzero}, {F::TcoTotal}, {F::TcoRuns}, {F::TcoRent}}},
  };
  return sections;
}

// Large counts with a word: 1.23 trillion, 70.6 billion (Chinese keeps the SI letters: 70.6 B).
std::string Count(double v, Lang lang) {
  if (v >= 1e12) return Fmt("%.3g ", v / 1e12) + UnitWord(lang, "trillion");
  if (v >= 1e9) return Fmt("%.3g ", v / 1e9) + UnitWord(lang, "billion");
  if (v >= 1e6) return Fmt("%.3g ", v / 1e6) + UnitWord(lang, "million");
  return Fmt("%.0f", v);
}

// Memory in GiB as nvidia-smi and PyTorch show it, with the SI figure beside it.
std::string Bytes(double b) { return MemoryText(b) + " (" + BytesText(b) + ")"; }
std::string Days(double d, Lang lang) { return DurationText(lang, d * 86400); }
std::string Pct(double fraction) { return Fmt("%.1f %%", 100 * fraction); }

// A figure's row as it reads: by its unit, or by its own words where the row says more than one number.
std::string RowValue(const FigureInfo& f, const FigureSource& src, Lang lang) {
  const RunSummary& r = src.out.plan.run;
  const Job& j = src.out.job;
  const double v = f.value(src);
  switch (f.figure) {
    case Figure::Fits:
      if (v != 0 && src.out.plan.memory.tight) return Translate(lang, "yes (tight: may run out of memory)");
      if (v == 0 && src.out.plan.memory.may_fit) return Translate(lang, "no (the band's lower end fits: it may run)");
      if (v == 0 && ShortBesideGpu(src.out.plan.memory) == kShortHost) return Translate(lang, "no (the host's memory)");
      if (v == 0 && ShortBesideGpu(src.out.plan.memory) == kShortKv)
        return Translate(lang, "no (one sequence outgrows the KV cache)");
      break;
    case Figure::MaxSeqBest:
    case Figure::MaxMicroBatchBest: {
      const BestSeq& b = src.out.best_seq;
      const std::string& settings = f.figure == Figure::MaxSeqBest ? b.settings : b.mbs_settings;
      // Nothing fits even so: the settings were tried, they reach nothing (not "0 with them").
      if (!(v > 0)) return settings.empty() ? Translate(lang, "none") : TrFill(lang, "none, even with {0}", {settings});
      if (settings.empty()) return Fmt("%.0f", v) + Translate(lang, " (the current settings)");
      if (b.fused_loss.empty()) return Fmt("%.0f", v) + TrFill(lang, " (with {0})", {settings});
      return Fmt("%.0f", v) +
             TrFill(lang, " (with {0}; logit_bytes: {1})", {settings, Translate(lang, b.fused_loss.c_str())});
    }
    case Figure::MemoryUsable: return TrFill(lang, "{0} of {1}", {Bytes(v), MemoryText(src.out.plan.memory.capacity)});
    case Figure::Tokens:
      return Count(v, lang) + (!r.tokens_defaulted ? std::string()
                               : j.work.finetune   ? Translate(lang, " (the default fine-tuning dataset)")
                                                   : Translate(lang, " (20 per parameter, Chinchilla default)"));
    case Figure::Days: return TrFill(lang, "{0} ({1} failure-free)", {Days(v, lang), Days(r.compute_days, lang)});
    case Figure::EvalDays:
      return TrFill(lang, "{0} ({1} evaluations of {2})",
                    {Days(v, lang), Fmt("%.0f", r.evals), DurationText(lang, r.eval_s)});
    case Figure::GpuHours: return Fmt(v < 100 ? "%.3g" : "%.0f", v);
    case Figure::Failures:
    case Figure::TcoRuns: return Fmt("%.1f", v);
    case Figure::CkptInterval:
      return TrFill(lang, "{0} ({1} to write)", {DurationText(lang, v), DurationText(lang, r.ckpt_write_s)});
    case Figure::CkptDays:
      return TrFill(lang, "{0} h writing checkpoints, {1} h restarting and redoing lost work",
                    {Fmt("%.1f", 24 * v), Fmt("%.1f", 24 * r.failure_days)});
    case Figure::EnergyKwh: return v < 100 ? Fmt("%.3g kWh", v) : Fmt("%.1f MWh", v / 1000);
    case Figure::ModelTflops:
    case Figure::HardwareTflops: return Fmt("%.1f", v);
    default: break;
  }
  const std::string_view unit = f.unit;
  if (unit == "B") return Bytes(v);
  if (unit == "s") return DurationText(lang, v);
  if (unit == "day") return Days(v, lang);
  if (unit == "USD") return UsdText(lang, v);
  if (unit == "1") return Pct(v);
  if (unit == "bool") return Translate(lang, v != 0 ? "yes" : "no");
  return Fmt("%.0f", v);
}

// A figure with a band (figures.h): "15.5 GiB (14.1–17.2)", each end written as the value is (BandText).
std::string BandedValue(const FigureInfo& f, const FigureSource& src, Lang lang) {
  const double v = f.value(src);
  const Band b = f.band(src.bands);
  if (!(b.hi > 0) || !src.out.plan.valid) return RowValue(f, src, lang);
  const std::string_view unit = f.unit;
  if (unit == "B") return BandText(MemoryText(v), MemoryText(b.lo), MemoryText(b.hi)) + ", " + BytesText(v);
  std::string lo, hi;
  if (unit == "s")
    lo = DurationText(lang, b.lo), hi = DurationText(lang, b.hi);
  else if (unit == "day")
    lo = Days(b.lo, lang), hi = Days(b.hi, lang);
  else if (unit == "USD")
    lo = UsdText(lang, b.lo), hi = UsdText(lang, b.hi);
  else
    lo = Fmt(b.hi < 100 ? "%.3g" : "%.0f", b.lo), hi = Fmt(b.hi < 100 ? "%.3g" : "%.0f", b.hi);
  return BandText(RowValue(f, src, lang), lo, hi);
}

const char* const kBandsHeading = "Bands (where about 80 % of comparable published runs fell)";

// A sentence per kind of band: how many published runs of which regime set it.
std::vector<std::string> BandBasisLines(const FigureSource& src, Lang lang) {
  const PlanBands& b = src.bands;
  const std::pair<BandKind, const BandFactor*> kinds[] = {
      {BandKind::Memory, &b.memory}, {BandKind::MaxSeq, &b.seq}, {BandKind::Speed, &b.speed}, {BandKind::Run, &b.run}};
  std::vector<std::string> lines;
  for (const auto& [kind, factor] : kinds) lines.push_back(BandBasisSentence(*factor, kind, b.regime, lang));
  return lines;
}

void FigureRows(const PlanOutput& out, Lang lang, std::vector<Row>& rows) {
  const FigureSource src(out);
  const bool architecture = out.job.model.layers > 0;
  for (const TextSection& sec : TextSections()) {
    if (sec.needs_architecture && !architecture) continue;
    if (std::string_view(sec.heading) == "Run") {  // the calibration's lines come before the run's
      const std::vector<std::pair<std::string, std::string>> calibration = CalibrationRows(out, lang);
      if (!calibration.empty()) rows.push_back({"", Translate(lang, "Calibration (from your run)")});
      for (const auto& [label, value] : calibration) rows.push_back({label, value});
    }
    rows.push_back({"", TrFill(lang, sec.heading, {Fmt("%.0f", src.tco.years)})});
    for (const TextRow& r : sec.rows) {
      const FigureInfo& f = FigureOf(r.figure);
      if (r.shown == Shown::Nonzero && !(f.value(src) > 0)) continue;
      if (r.shown == Shown::WithArchitecture && !architecture) continue;
      rows.push_back({f.RowLabel(lang), f.band ? BandedValue(f, src, lang) : RowValue(f, src, lang)});
    }
  }
  if (!out.plan.valid) return;
  // Where each band comes from: the residuals of comparable published runs (core/estimate/bands.h).
  rows.push_back({"", Translate(lang, kBandsHeading)});
  for (const std::string& line : BandBasisLines(src, lang)) rows.push_back({"", line});
}

// ---- the plan's own lines -------------------------------------------------------------------------
std::string Title(const PlanOutput& out, Lang lang) {
  const Job& j = out.job;
  static const Config defaults;
  // Dimensions without a model id make a custom model (see resolve.cpp); say so rather than the default id.
  const bool custom = out.config.model == "custom" ||
                      (out.config.model == defaults.model && out.config.layers > 0 && out.config.hidden > 0);
  std::string model;
  if (j.model.layers == 0) {
    model = TrFill(lang, "{0}-parameter model (size only)", {Count(j.model.params_total, lang)});
  } else {
    model = TrFill(lang, "{0} ({1} parameters)",
                   {!out.config.name.empty() ? out.config.name
                    : custom                 ? std::string(Translate(lang, "custom model"))
                                             : out.config.model,
                    Count(j.model.params_total, lang)});
  }
  std::string gpu = j.hw.gpu ? j.hw.gpu->name : out.config.gpu;
  // English prints the link's spelling of the method (full, lora, qlora); Chinese says what it is.
  static const char* const kMethodWords[] = {"method full", "method lora", "method qlora", "method dora",
                                             "method qdora"};
  const Method planned = PlannedMethod(j.work);
  const std::string method =
      lang == Lang::En ? std::string(Name(planned)) : std::string(Translate(lang, kMethodWords[int(planned)]));
  return TrFill(lang, "{0} on {1} x {2}, {3}, {4}", {model, std::to_string(j.hw.gpus), gpu, Name(j.work.prec), method});
}

// The keys of the "layout" row.
const char* const kLayoutKeys[] = {"tp",  "pp",   "vp",       "pp_schedule", "cp", "ep",     "dp",
                                   "mbs", "zero", "dp_shard", "recompute",   "sp", "offload"};

// What auto chose beyond the model's dimensions (the title names the model) and the layout (its own row):
// "seq=4096 gbs=1024 goal=pretrain stack=megatron ...".
std::string AutoChosen(const PlanOutput& out) {
  const ResolvedConfig r = ResolveAutoKeys(out);
  std::string s;
  for (const std::string& key : r.auto_keys) {
    const KeyInfo* k = FindKey(key);
    const bool on_layout_row = std::find(std::begin(kLayoutKeys), std::end(kLayoutKeys), key) != std::end(kLayoutKeys);
    if (!k || IsModelGroup(k->group) || k->group == KeyGroup::Layout || on_layout_row) continue;
    s += (s.empty() ? "" : " ") + key + "=" + FormatValue(r.config, key);
  }
  return s;
}

void VerdictRows(const PlanOutput& out, Lang lang, std::vector<Row>& rows) {
  auto row = [&](const char* label, const std::string& value) { rows.push_back({Translate(lang, label), value}); };
  rows.push_back({"", Translate(lang, "Verdict")});
  row("bottleneck", BottleneckSentence(out.plan, out.job, lang));
  if (out.ok)
    for (const std::string& w : WarningSentences(out.plan, out.job, lang)) row("warning", w);
  if (out.fit_remedies.size() == out.fit_advice.size()) {
    for (const FitRemedy& a : out.fit_remedies) row("would fit with", FitAdviceSentence(a, lang));
  } else {
    for (const std::string& a : out.fit_advice) row("would fit with", a);  // advice made outside MakePlan
  }
  for (const ConfigIssue& i : out.issues)
    if (i.notice) row("note", FormatIssue(i, lang));
}

std::string Pad(const std::string& s, size_t width) {
  // Width in terminal columns, not bytes: CJK characters take two, continuation bytes none.
  const size_t cols = DisplayWidth(s);
  return s + std::string(width > cols ? width - cols : 0, ' ');
}

// ---- several plans side by side -------------------------------------------------------------------
// Rows of several plans aligned by (section, label); repeated labels (warnings) are joined.
struct Grid {
  std::vector<std::string> sections, labels;    // per key, first appearance order
  std::vector<std::vector<std::string>> cells;  // [plan][key]
};

Grid MakeGrid(const std::vector<PlanOutput>& outs, Lang lang) {
  Grid g;
  g.cells.resize(outs.size());
  for (size_t n = 0; n < outs.size(); ++n) {
    std::string section;
    for (const Row& r : Rows(outs[n], lang)) {
      if (r.label.empty()) {
        section = r.value;
        continue;
      }
      size_t idx = 0;
      while (idx < g.labels.size() && !(g.sections[idx] == section && g.labels[idx] == r.label)) ++idx;
      if (idx == g.labels.size()) {
        g.sections.push_back(section), g.labels.push_back(r.label);
        for (auto& c : g.cells) c.resize(g.labels.size());
      }
      std::string& cell = g.cells[n][idx];
      cell += (cell.empty() ? "" : "; ") + r.value;
    }
  }
  for (auto& c : g.cells) c.resize(g.labels.size());
  return g;
}

std::string ComparisonMarkdown(const std::vector<PlanOutput>& outs, const Grid& g, Lang lang) {
  auto scenario = [&](size_t n) { return TrFill(lang, "scenario {0}", {std::to_string(n + 1)}); };
  std::string s, section;
  for (size_t k = 0; k < g.labels.size(); ++k) {
    if (g.sections[k] != section) {
      section = g.sections[k];
      s += (s.empty() ? "" : "\n") + std::string("### ") + section + "\n\n| " + Translate(lang, "quantity") + " |";
      for (size_t n = 0; n < outs.size(); ++n)
        s += " " + (outs.size() == 1 ? std::string(Translate(lang, "value")) : scenario(n)) + " |";
      s += "\n|---|";
      for (size_t n = 0; n < outs.size(); ++n) s += "---|";
      s += "\n";
    }
    s += "| " + MdCell(g.labels[k]) + " |";
    for (size_t n = 0; n < outs.size(); ++n) s += " " + MdCell(g.cells[n][k]) + " |";
    s += "\n";
  }
  return s;
}

}  // namespace

std::string LayoutText(const Config& c) {
  std::string s;
  for (const char* k : kLayoutKeys)
    // The schedule of a pipeline only; the shard group where hybrid sharding splits the data-parallel ranks.
    if ((std::string_view(k) != "pp_schedule" || c.pp > 1) && (std::string_view(k) != "dp_shard" || c.dp_shard > 0))
      s += std::string(s.empty() ? "" : " ") + k + "=" + FormatValue(c, k);
  return s;
}

std::string MdCell(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

// The verdict before the figures behind it, as the page's verdict line says it: whether it fits (MemoryVerdict, the
// JSON's memory.verdict), the memory per GPU against what is usable, and where it fits the whole run's days and
// rented cost with their bands: "fits · 71.2 GiB of 79.6 GiB per GPU · 23 days (14 days–29 days) · 10,821 USD
// (6,938–14,070)".
std::string VerdictLine(const PlanOutput& out, Lang lang) {
  const MemoryBreakdown& m = out.plan.memory;
  std::string s = Translate(lang, MemoryVerdictWords(m));
  s += " · " + TrFill(lang, "{0} of {1} per GPU", {MemoryText(m.total), MemoryText(m.usable)});
  if (!PlanFits(out)) {
    const std::string detail = ShortOfDetail(out.plan, out.job, lang);
    return detail.empty() ? s : s + " · " + detail;
  }
  const FigureSource src(out);
  auto banded = [&](Figure figure, std::string (*text)(double, Lang)) {
    const FigureInfo& f = FigureOf(figure);
    const double v = f.value(src);
    const Band b = f.band(src.bands);
    return b.hi > 0 ? BandText(text(v, lang), text(b.lo, lang), text(b.hi, lang)) : text(v, lang);
  };
  s += " · " + banded(Figure::Days, Days);
  s += " · " + banded(Figure::CostUsd, [](double usd, Lang l) { return UsdText(l, usd); });
  return s;
}

std::vector<Row> Rows(const PlanOutput& out, Lang lang) {
  std::vector<Row> rows;
  auto row = [&](const char* label, const std::string& value) { rows.push_back({Translate(lang, label), value}); };
  rows.push_back({"", Translate(lang, "Plan")});
  if (out.ok && out.plan.valid) row("verdict", VerdictLine(out, lang));
  row("model", Title(out, lang));
  row("layout", LayoutText(out.config));
  row("link", FormatLink(out.config));
  if (!out.ok) {
    for (const ConfigIssue& i : out.issues)
      if (!i.notice) row("error", FormatIssue(i, lang));
    return rows;
  }
  if (const std::string chosen = AutoChosen(out); !chosen.empty()) row("chosen for auto", chosen);
  FigureRows(out, lang, rows);
  RlRows(out, lang, rows);
  VerdictRows(out, lang, rows);
  return rows;
}

std::string TextTable(const std::vector<std::vector<std::string>>& table, const std::vector<bool>& heading,
                      size_t wrap) {
  // Each cell as its lines (one, unless wrapped); column widths from the widest line; section headings span the row
  // and are not measured.
  std::vector<std::vector<std::vector<std::string>>> cells(table.size());
  std::vector<size_t> width;
  for (size_t r = 0; r < table.size(); ++r) {
    if (heading[r]) continue;
    for (size_t c = 0; c < table[r].size(); ++c) {
      cells[r].push_back(wrap > 0 && c > 0 ? WrapCell(table[r][c], wrap) : std::vector<std::string>{table[r][c]});
      if (width.size() <= c) width.resize(c + 1, 0);
      for (const std::string& l : cells[r][c]) width[c] = std::max(width[c], DisplayWidth(l));
    }
  }
  std::string out;
  for (size_t r = 0; r < table.size(); ++r) {
    if (heading[r]) {
      out += table[r][0] + "\n";
      continue;
    }
    size_t height = 1;
    for (const auto& cell : cells[r]) height = std::max(height, cell.size());
    for (size_t h = 0; h < height; ++h) {
      std::string line = "  ";
      for (size_t c = 0; c < cells[r].size(); ++c) {
        const std::string& text = h < cells[r][c].size() ? cells[r][c][h] : std::string();
        line += c + 1 < cells[r].size() ? Pad(text, width[c] + 2) : text;
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
  }
  return out;
}

}  // namespace report_detail

std::string PlanToText(const PlanOutput& out) {
  using namespace report_detail;
  std::vector<std::vector<std::string>> table;
  std::vector<bool> heading;
  for (const Row& r : Rows(out, LangOf(out))) {
    table.push_back(r.label.empty() ? std::vector<std::string>{r.value} : std::vector<std::string>{r.label, r.value});
    heading.push_back(r.label.empty());
  }
  return TextTable(table, heading);
}

std::string PlanToMarkdown(const PlanOutput& out) { return ComparisonToText({out}, Format::Markdown); }

std::string ComparisonToText(const std::vector<PlanOutput>& outs, Format format) {
  using namespace report_detail;
  // One language for the whole table: the first scenario's (the command line's --lang sets them all).
  const Lang lang = outs.empty() ? Lang::En : LangOf(outs[0]);
  const Grid g = MakeGrid(outs, lang);
  // Several scenarios end with the verdict that compares them (compare.h), as the page's Compare view says it.
  const std::string verdict =
      outs.size() > 1 ? TrFill(lang, "Verdict: {0}", {CompareVerdictText(JudgeComparison(outs), outs, lang)}) : "";
  if (format == Format::Markdown) {
    // The bands' basis: sentences, not rows of the table (the text report's labelless rows).
    std::string bands;
    for (size_t n = 0; n < outs.size(); ++n) {
      if (!outs[n].ok || !outs[n].plan.valid) continue;
      const std::string who = outs.size() > 1 ? TrFill(lang, "scenario {0}", {std::to_string(n + 1)}) + ": " : "";
      for (const std::string& line : BandBasisLines(FigureSource(outs[n]), lang)) bands += "- " + who + line + "\n";
    }
    if (!bands.empty()) bands = "\n### " + std::string(Translate(lang, kBandsHeading)) + "\n\n" + bands;
    return ComparisonMarkdown(outs, g, lang) + bands + (verdict.empty() ? "" : "\n" + verdict + "\n");
  }
  // Text: scenarios side by side, one column each.
  std::vector<std::vector<std::string>> table;
  std::vector<bool> heading;
  std::vector<std::string> top = {""};
  for (size_t n = 0; n < outs.size(); ++n) top.push_back(TrFill(lang, "scenario {0}", {std::to_string(n + 1)}));
  table.push_back(top);
  heading.push_back(false);
  std::string section;
  for (size_t k = 0; k < g.labels.size(); ++k) {
    if (g.sections[k] != section) {
      section = g.sections[k];
      table.push_back({section});
      heading.push_back(true);
    }
    std::vector<std::string> line = {g.labels[k]};
    for (size_t n = 0; n < outs.size(); ++n) line.push_back(g.cells[n][k].empty() ? "-" : g.cells[n][k]);
    table.push_back(line);
    heading.push_back(false);
  }
  // Side by side, each scenario's column is wrapped at kCompareColumn terminal columns.
  constexpr size_t kCompareColumn = 56;
  return TextTable(table, heading, outs.size() > 1 ? kCompareColumn : 0) + (verdict.empty() ? "" : verdict + "\n");
}

// The Calibration section's lines (report.h): the measurement against the plan without and with the
// factors, each factor with what it scales, the GPU measured on and the keys that carry the calibration.
std::vector<std::pair<std::string, std::string>> CalibrationRows(const PlanOutput& out, Lang lang) {
  std::vector<std::pair<std::string, std::string>> rows;
  const Calibration& cal = out.calibration;
  if (!out.ok || !(cal.speed_measured || cal.memory_measured || cal.speed_factor != 1.0 || cal.memory_factor != 1.0))
    return rows;
  auto row = [&](const char* label, const std::string& value) { rows.push_back({Translate(lang, label), value}); };
  if (cal.speed_measured) {
    row("tokens/s per GPU: measured, planned without calibration",
        TrFill(lang, "{0} measured, {1} planned without calibration",
               {Fmt("%.0f", cal.measured_tokens_per_s_per_gpu), Fmt("%.0f", cal.uncalibrated_tokens_per_s_per_gpu)}));
    row("tokens/s per GPU, calibrated plan", Fmt("%.0f", out.plan.throughput.tokens_per_s_per_gpu));
  }
  row("speed factor (kernel rates)", Fmt("%.4g", cal.speed_factor));
  if (cal.memory_measured) {
    row("peak reserved: measured, planned without calibration",
        TrFill(lang, "{0} measured, {1} planned without calibration",
               {MemoryText(cal.measured_peak_bytes), MemoryText(cal.uncalibrated_peak_bytes)}));
    row("peak reserved, calibrated plan", MemoryText(out.plan.memory.reserved));
  }
  row("memory factor (activations, temporaries)", Fmt("%.4g", cal.memory_factor));
  if (!cal.gpu.empty()) row("calibrated on", cal.gpu);
  row("carry to other plans", Fmt("calib_speed=%.4g", cal.speed_factor) + Fmt(" calib_memory=%.4g", cal.memory_factor) +
                                  (cal.gpu.empty() ? std::string() : " calib_gpu=" + cal.gpu));
  return rows;
}

}  // namespace tp
