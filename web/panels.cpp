// panels.cpp — the pieces more than one view draws (views.h): the verdict (fits? how long, how much, what
// limits it), the memory and step-time bars, a layout in words, issue lines, the fit advice, and the small
// helpers they share (time, printf into a string, wrapped bullets, the status line).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <iterator>

#include "app.h"
#include "band_text.h"
#include "catalog.h"
#include "charts.h"
#include "compare.h"
#include "explain_panel.h"
#include "figures.h"
#include "i18n.h"
#include "imgui.h"
#include "inputs.h"
#include "pipeline.h"
#include "platform.h"
#include "rules.h"
#include "sentences.h"
#include "text_layout.h"
#include "views.h"
#include "widgets.h"

namespace tp::ui {

double Now() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

std::string Sprintf(const char* fmt, ...) {
  char buf[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  return buf;
}

void SetStatus(AppState& app, std::string text, bool bad) {
  app.status = std::move(text);
  app.status_until = Now() + (bad ? 8.0 : 4.0);  // a failure stays long enough to be read
  app.status_bad = bad;
}

void ClipboardFeedback(AppState& app) {
  if (!platform::TakeClipboardWriteRefused()) return;
  SetStatus(app,
            Tr("The browser refused the clipboard (no permission): nothing was copied. The link is in the "
               "address bar."),
            /*bad=*/true);
}

void WrappedBullet(const std::string& text) {
  ImGui::Bullet();
  Paragraph(text);
}

// True if it stayed on the line (else the next item starts a new one).
bool SameLineIfFits(const char* text, float spacing) {
  float need = ImGui::CalcTextSize(text).x + spacing;
  float right = ContentRight();
  if (ImGui::GetItemRectMax().x + need > right) return false;
  ImGui::SameLine(0, spacing);
  return true;
}

std::string LayoutWords(const Plan& p, int dp_shard) {
  const Layout& l = p.layout;
  // TP/PP/CP/EP/DP/ZeRO/SP are written the same in Chinese; the words around them are translated.
  std::string s = "TP " + std::to_string(l.tp) + " · PP " + std::to_string(l.pp);
  if (l.vp > 1) s += " " + Sprintf(Tr("(x%d virtual)"), l.vp);
  if (l.pp > 1 && ScheduleOf(l) != PipeSchedule::OneF1B && ScheduleOf(l) != PipeSchedule::Interleaved)
    s += std::string(" ") + Name(ScheduleOf(l));
  if (l.cp > 1) s += " · CP " + std::to_string(l.cp);
  if (l.ep > 1) s += " · EP " + std::to_string(l.ep);
  s += " · DP " + std::to_string(l.dp) + " · " + Sprintf(Tr("micro-batch %d"), l.mbs);
  s += " · ZeRO-" + std::to_string(l.zero);
  // Hybrid sharding: the states sharded within groups of dp_shard data-parallel ranks (rules.h ShardReplicas).
  if (ShardReplicas(l, dp_shard) > 1) s += " " + Sprintf(Tr("shard groups of %d"), dp_shard);
  if (l.recompute == Recompute::Selective) s += std::string(" · ") + Tr("recompute selective");
  if (l.recompute == Recompute::Full) s += std::string(" · ") + Tr("recompute full");
  if (l.offload == Offload::Cpu) s += std::string(" · ") + Tr("offload cpu");
  if (l.offload == Offload::Nvme) s += std::string(" · ") + Tr("offload nvme");
  if (l.sp) s += " · SP";
  return s;
}

std::string Banded(const PlanOutput& o, Figure figure, std::string (*fmt)(double)) {
  const FigureInfo& f = FigureOf(figure);
  const FigureSource src(o);
  const double v = f.value(src);
  if (!f.band || !o.ok || !o.plan.valid) return fmt(v);
  const Band b = f.band(src.bands);
  return FmtBanded(fmt, v, b.lo, b.hi);
}

std::string StepHeading(const PlanOutput& o) {
  return Sprintf(Tr(o.plan.rl.active ? "Policy optimizer step %s" : "Step time %s"),
                 Banded(o, Figure::StepSeconds, FmtDuration).c_str());
}

std::string FailuresExpected(double failures) {
  // Below 10, two significant digits: a short run expects 0.14 failures, not "0"; exactly one is singular.
  const std::string n = failures < 10 ? Sprintf("%.2g", failures) : FmtCount(failures);
  return Sprintf(Tr(n == "1" ? "%s failure expected" : "%s failures expected"), n.c_str());
}

std::string PendingOr(const AppState& app, const std::string& figure) { return app.main.has_result ? figure : "…"; }

std::string MemoryLine(const PlanOutput& o) {
  return Sprintf(Tr("%s / %s per GPU"), Banded(o, Figure::MemoryTotal, FmtMem).c_str(),
                 FmtMem(o.plan.memory.capacity).c_str());
}

VerdictWords VerdictText(const PlanOutput& o) {
  VerdictWords w;
  const bool fits = PlanFits(o), tight = fits && o.plan.memory.tight;
  const bool may = !fits && o.ok && o.plan.memory.may_fit;
  // The GPU's memory holds it and something else does not: the host's memory, or the rollout engine's KV cache.
  const uint8_t limit = !fits && o.ok ? ShortBesideGpu(o.plan.memory) : 0;
  w.word = Tr(tight                 ? "Tight: may run out of memory"
              : fits                ? "✔ Fits"
              : may                 ? "✘ Does not fit (it may: see the band)"
              : limit == kShortHost ? "✘ Does not fit: host memory"
              : limit == kShortKv   ? "✘ Does not fit: one sequence outgrows the KV cache"
              : o.ok                ? "✘ Does not fit"
                                    : "✘ Cannot plan");
  w.hue = tight ? Hue::Warn : fits ? Hue::Good : Hue::Bad;
  if (!o.ok) return w;
  w.memory = MemoryLine(o);
  // The canvas draws it as the bottleneck sentence (red, below); the page's text puts it on the verdict's line.
  w.short_of = ShortOfDetail(o.plan, o.job, CurrentLanguage());
  if (fits) {
    w.days = Banded(o, Figure::Days, FmtDays);
    w.cost = Banded(o, Figure::CostUsd, FmtUsd);
    w.mfu = Sprintf(Tr("MFU %s"), FmtPct(o.plan.throughput.mfu).c_str());
    w.tokens = Sprintf(Tr("· %s tokens/s per GPU"), Banded(o, Figure::TokensPerSPerGpu, FmtRate).c_str());
  }
  return w;
}

// The three memory figures people compare with (torch's allocated and reserved peaks, nvidia-smi's total)
// and the capacity they are checked against, for the verdict's and the memory bar's hover.
std::string MemoryFigures(const PlanOutput& o) {
  const MemoryBreakdown& m = o.plan.memory;
  std::string s = Sprintf(Tr("allocated (torch.cuda.max_memory_allocated) %s\nreserved (the caching allocator) %s\n"
                             "nvidia-smi (reserved + CUDA context + NCCL) %s"),
                          FmtMem(m.allocated).c_str(), FmtMem(m.reserved).c_str(), FmtMem(m.total).c_str());
  if (const GpuSpec* g = o.job.hw.gpu)
    s.append("\n").append(Sprintf(Tr("checked against %s, what the driver exposes of the %s marketed"),
                                  FmtMem(m.usable).c_str(), FmtMem(g->marketed_bytes).c_str()));
  if (m.gathered > 0)
    s.append("\n").append(
        Sprintf(Tr("of it, %s of weights gathered at the peak (ZeRO-3 / FSDP units)"), FmtMem(m.gathered).c_str()));
  return s;
}

// A plan made with some keys on their defaults because their values were errors (MakePlanWithFallback):
// one line under the verdict, "Planned with defaults for: tp = auto instead of 3 (why)", so the numbers
// are never taken for those of the values typed. Each reason is also next to its field; with several
// keys the line only lists them (the reasons on hover), or it would push the plan off the screen.
void FallbackLine(AppState& app, const PlanOutput& o, bool compact) {
  if (o.fallback_keys.empty()) return;
  static const Config defaults;
  std::string items, reasons;
  for (const std::string& key : o.fallback_keys) {
    std::string def = FormatValue(defaults, key), given = FormatValue(o.config, key);
    if (def == "auto") def = Tr("auto");
    items.append(items.empty() ? "" : "; ").append(TrFill("{0} = {1} instead of {2}", {key, def, given}));
    for (const ConfigIssue& is : o.issues)
      if (!is.notice && is.key == key) {
        reasons.append(reasons.empty() ? "" : "\n").append(PageText(FormatIssue(is, LangOf(app))));
        if (!compact && o.fallback_keys.size() == 1) items += " (" + PageText(IssueMessage(is, LangOf(app))) + ")";
        break;
      }
  }
  Paragraph(Sprintf(Tr("Planned with defaults for: %s"), items.c_str()), ColV(app, Hue::Bad));
  if (!reasons.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip)) Tooltip(reasons);
  Record(app, compact ? "fallback_line_compact" : "fallback_line");
}

void Verdict(AppState& app, const PlanOutput& o, bool compact, const std::string& name_given) {
  const std::string name = !name_given.empty() ? name_given : "verdict";
  bool fits = PlanFits(o);
  const VerdictWords w = VerdictText(o);
  PushFace(app.fonts.big);
  // Wrapped: a compare column on a 1280 px laptop is narrower than "Tight: may run out of memory" in the big face.
  Paragraph(w.word, ColV(app, w.hue));
  if (o.ok && o.plan.memory.tight && ImGui::IsItemHovered())
    Tooltip(
        Tr("The total fits, but the upper end of its band (where about 80 % of comparable published runs "
           "fell) passes the usable memory: a run like this may run out of memory."));
  if (o.ok && o.plan.memory.may_fit && ImGui::IsItemHovered())
    Tooltip(
        Tr("The total passes the usable memory, but the lower end of its band (where about 80 % of comparable "
           "published runs fell) is within it: a run like this may still fit."));
  Record(app, name.c_str());
  if (o.ok && compact) {
    ImGui::PopFont();
    PushFace(app.fonts.bold);
    Paragraph(w.memory);
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip)) Tooltip(MemoryFigures(o));
    Record(app, (name + "_memory").c_str());
  } else if (o.ok) {
    SameLineIfFits(w.memory.c_str(), 14);
    Paragraph(w.memory);  // wraps on a phone: with its band the line is longer than the screen in Chinese
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip))
      Tooltip(
          Sprintf(Tr("peak memory on the most loaded GPU, as nvidia-smi shows it / what the driver exposes (%s kept "
                     "free as headroom)"),
                  FmtPct(o.job.assume.headroom).c_str()) +
          "\n" + MemoryFigures(o));
    Record(app, (name + "_memory").c_str());
    WhyButton(app, Figure::MemoryTotal);
    if (fits && !compact) {
      const std::string &days = w.days, &cost = w.cost;
      if (SameLineIfFits(("·  " + days + "  ·  " + cost).c_str(), 14)) {
        ImGui::TextDisabled("·");
        ImGui::SameLine(0, 14);
      }
      ImGui::Text("%s", days.c_str());
      if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip))
        Tooltip(Sprintf(Tr("wall clock for %s tokens: %s at the steady-state speed, %s more for stragglers, "
                           "evaluation and start-up, then goodput %s (failures, checkpoints, restarts)"),
                        FmtCount(o.plan.run.tokens).c_str(), FmtDays(o.plan.run.steady_days).c_str(),
                        FmtDays(o.plan.run.compute_days - o.plan.run.steady_days).c_str(),
                        FmtPct(o.plan.run.goodput).c_str()));
      Record(app, (name + "_days").c_str());
      WhyButton(app, Figure::Days);
      if (SameLineIfFits(("·  " + cost).c_str(), 14)) {
        ImGui::TextDisabled("·");
        ImGui::SameLine(0, 14);
      }
      ImGui::Text("%s", cost.c_str());
      if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip))
        Tooltip(Sprintf(Tr("renting: %s GPU-hours x $%.2f; owning: %s (amortized purchase + energy)"),
                        FmtCount(o.plan.run.gpu_hours).c_str(), o.job.econ.usd_per_gpu_hour,
                        FmtUsd(o.plan.run.cost_own_usd).c_str()));
      Record(app, (name + "_cost").c_str());
      WhyButton(app, Figure::CostUsd);
    }
  }
  ImGui::PopFont();
  if (!o.ok) return;
  FallbackLine(app, o, compact);
  if (fits && !compact) {
    // Three numbers, each with its "why?" (explain_panel.h), wrapping on a narrow screen.
    ImGui::TextUnformatted(w.mfu.c_str());
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip))
      Tooltip(Sprintf(Tr("MFU: model FLOPs per second over the GPU's dense peak at %s (Megatron's convention: "
                         "attention and logits included, recomputation excluded). %s model TFLOP/s per GPU."),
                      kPrecisionNames[int(o.config.prec)], FmtRate(o.plan.throughput.model_tflops_per_gpu).c_str()));
    WhyButton(app, Figure::Mfu);
    // On a line of its own (a phone), the figure does not start with the separator that joins it to MFU.
    const std::string_view sep = "· ";
    std::string_view tokens = w.tokens;
    if (!SameLineIfFits(w.tokens.c_str(), 10) && tokens.substr(0, sep.size()) == sep) tokens.remove_prefix(sep.size());
    ImGui::TextUnformatted(tokens.data(), tokens.data() + tokens.size());
    WhyButton(app, Figure::TokensPerSPerGpu);
  }
  std::string why = BottleneckSentence(o.plan, o.job, LangOf(app));
  if (!why.empty() && !(compact && fits)) {
    if (fits) why = Sprintf(Tr("Bottleneck: %s"), why.c_str());
    Paragraph(why, ColV(app, fits ? Hue::Muted : Hue::Bad));
  }
}

namespace {
// A sequence length in tokens, as the fields show it ("3,486").
std::string FmtSeq(double tokens) { return FmtInt((long long)std::llround(tokens)); }
}  // namespace

void MemoryLimits(AppState& app, const PlanOutput& o) {
  const MemoryBreakdown& m = o.plan.memory;
  const Layout& l = o.plan.layout;
  // "What is the most I can do on this card?": the largest micro-batch at this sequence, the longest
  // sequence at this micro-batch, for the layout on screen. Post-training's sequence is its longest, prompt and
  // longest response (core/planner/max_seq_best.h LimitSequence).
  const int seq = LimitSequence(o.job);
  // No sequence at all: what does not grow with the sequence already outgrows the card (m.seq_fixed), said so
  // rather than "the longest that would is 0".
  std::string most =
      m.max_micro_batch > 0
          ? TrFill("Most on this card: micro-batch {0} at sequence {1}; sequence {2} at micro-batch {3}",
                   {FmtInt(m.max_micro_batch), FmtInt(seq), Banded(o, Figure::MaxSeq, FmtSeq), FmtInt(l.mbs)})
      : m.max_seq > 0 ? TrFill("Not even micro-batch 1 fits at sequence {0}; the longest that would is {1}",
                               {FmtInt(seq), Banded(o, Figure::MaxSeq, FmtSeq)})
      : !(m.seq_fixed > m.usable)
          ? std::string(Tr("No sequence fits at micro-batch 1 with these settings"))
          : TrFill(
                "No sequence fits at micro-batch 1: what does not grow with the sequence (weights, states, "
                "buffers) takes {0} of the {1} usable",
                {FmtMem(m.seq_fixed), FmtMem(m.usable)});
  MutedParagraph(most);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip))
    Tooltip(
        Tr("For this layout (TP, PP, ZeRO, recomputation as shown): the limits of what "
           "fits in the memory the driver exposes, with the same allocator and buffers."));
  Record(app, "memory_limits");
  // "The most this card can do" with the best memory settings the stack runs (core/planner/max_seq_best.h), and
  // the keys that reach it; nothing when the plan already runs them.
  const BestSeq& best = o.best_seq;
  if (!best.settings.empty() && best.max_seq > 0) {
    MutedParagraph(
        TrFill("With the best settings the framework runs: sequence {0} with {1}; micro-batch {2} at "
               "sequence {3}",
               {FmtSeq(best.max_seq), best.settings, FmtInt(best.max_micro_batch), FmtInt(seq)}));
    Record(app, "memory_best");
    if (!best.fused_loss.empty()) {
      MutedParagraph(TrFill("logit_bytes: {0}, the logits computed chunk by chunk beside the output layer, never whole",
                            {Tr(best.fused_loss.c_str())}));
      Record(app, "memory_best_loss");
    }
  }
  if (m.host_bytes > 0 || m.nvme_bytes > 0) {
    const double host_limit = HostBytesPerNode(o.job);  // core's limit (rules.h): the GPUs of one node
    std::string need = Sprintf(Tr("Host RAM per node for what the plan keeps off the GPU: %s (of %s assumed)"),
                               FmtMem(m.host_bytes).c_str(), FmtMem(host_limit).c_str());
    if (m.nvme_bytes > 0) need += Sprintf(Tr(" and %s of NVMe per node"), FmtMem(m.nvme_bytes).c_str());
    Paragraph(need, ColV(app, m.host_bytes > host_limit ? Hue::Bad : Hue::Muted));
    Record(app, "offload_needs");
  }
}

// A chart segment with its label and hover text in the current language.
Segment Seg(const char* label, double value, ImU32 color, const char* detail) {
  return {Tr(label), value, color, Tr(detail), {}};
}

// A chart segment: a figure's part of a bar, with its legend, hover text and "why?" from the figure table
// (core/report/figures.h) in the current language.
Segment Seg(Figure f, double value, ImU32 color) {
  const FigureInfo& info = FigureOf(f);
  return {info.Legend(CurrentLanguage()), value, color, info.Hint(CurrentLanguage()),
          info.explained ? std::optional(f) : std::nullopt};
}

void MemoryBar(AppState& app, const PlanOutput& o, float height) {
  const MemoryBreakdown& m = o.plan.memory;
  std::vector<Segment> segs = {
      Seg(Figure::Weights, m.weights, Col(app, Hue::Weights)),
      Seg(Figure::Gradients, m.gradients, Col(app, Hue::Gradients)),
      Seg(Figure::Optimizer, m.optimizer, Col(app, Hue::Optimizer)),
      Seg(Figure::Activations, m.activations, Col(app, Hue::Activations)),
      Seg(Figure::Other, m.other, Col(app, Hue::Other)),
      Seg(Figure::RlPhase, m.rl_phase, Col(app, Hue::MemoryBound)),  // teal: apart from the five parts' hues
  };
  if (&o != &app.main.out)  // only the plan view's parts open their explanation (explain_panel.h)
    for (Segment& s : segs) s.why.reset();
  StackedBar(app, "memory", segs, m.capacity, m.usable, FmtMem, Tr("capacity"), height, MemoryFigures(o));
}

void StepBar(AppState& app, const PlanOutput& o, float height) {
  const StepBreakdown& s = o.plan.step;
  auto comm = [&](Figure f, double exposed_s, Hue hue) {
    // Each group's exposed part as the step model hid it (core's StepBreakdown::exposed_*): the bar adds up
    // to the step time.
    Segment seg = Seg(f, exposed_s, Col(app, hue));
    seg.why = Figure::CommExposed;
    return seg;
  };
  std::vector<Segment> segs = {
      Seg(Figure::Compute, s.compute_s, Col(app, Hue::Compute)),
      Seg(Figure::MemoryBound, s.memory_s, Col(app, Hue::MemoryBound)),
      comm(Figure::CommTp, s.exposed_tp_s, Hue::CommTp),
      comm(Figure::CommCp, s.exposed_cp_s, Hue::CommCp),
      comm(Figure::CommEp, s.exposed_ep_s, Hue::CommEp),
      comm(Figure::CommDp, s.exposed_dp_s, Hue::CommDp),
      comm(Figure::CommPp, s.exposed_pp_s, Hue::CommPp),
      Seg(Figure::Bubble, s.bubble_s, Col(app, Hue::Bubble)),
      Seg(Figure::Offload, s.offload_s, Col(app, Hue::Offload)),
      Seg(Figure::Host, s.host_s, Col(app, Hue::Muted)),
  };
  if (&o != &app.main.out)  // only the plan view's parts open their explanation
    for (Segment& seg : segs) seg.why.reset();
  StackedBar(app, "step", segs, 0, 0, FmtDuration, "", height);
}

void IssueLine(AppState& app, const ConfigIssue& is) {
  Paragraph(std::string(is.notice ? "· " : "✘ ") + PageText(FormatIssue(is, LangOf(app))),
            ColV(app, is.notice ? Hue::Muted : Hue::Bad));
}

// The structured remedies in the app's language; advice without them stays as written.
std::vector<std::string> FitAdvice(const AppState& app, const PlanOutput& o) {
  if (o.fit_remedies.size() != o.fit_advice.size()) return o.fit_advice;
  std::vector<std::string> out;
  for (const FitRemedy& r : o.fit_remedies) out.push_back(FitAdviceSentence(r, LangOf(app)));
  return out;
}

// Issues of keys that have no field (dp, a key the link named without a field): the others are next to
// their field (FieldIssues).
void IssuesBox(AppState& app, const PlanOutput& o) {
  for (const auto& is : o.issues)
    if (!HasField(is.key)) IssueLine(app, is);
}

}  // namespace tp::ui
