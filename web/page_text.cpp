// page_text.cpp — the page as text for the DOM (page_text.h): the verdict and headline figures in the words the
// canvas draws them (views.h's VerdictText, Banded), then the current view's table as core's text report writes it
// (the same text as the Export menu's and `trainplan plan|compare|search`), published when any of it changes.
#include "page_text.h"

#include <initializer_list>
#include <utility>
#include <vector>

#include "app.h"
#include "i18n.h"
#include "platform.h"
#include "sentences.h"
#include "views.h"
#include "widgets.h"

namespace tp::ui {
namespace {

// The verdict's parts on one line, " · " between them (the canvas lays them out with dots as well).
std::string VerdictLine(const VerdictWords& w) {
  std::string s = w.word;
  for (const std::string* part : {&w.memory, &w.short_of, &w.days, &w.cost})
    if (!part->empty()) s += " · " + *part;
  return s;
}

// The plan view's headline figures, a line each, as the canvas shows them.
std::string Headline(const PlanOutput& o, const VerdictWords& w, Lang lang) {
  std::string s = VerdictLine(w) + "\n";
  if (!o.ok) return s;
  if (!w.mfu.empty()) s += w.mfu + " " + w.tokens + "\n";
  s += StepHeading(o) + "\n";
  s += Sprintf(Tr("Whole run %s"), Banded(o, Figure::Days, FmtDays).c_str()) + " · " +
       Sprintf(Tr("%s GPU-hours"), Banded(o, Figure::GpuHours, FmtCount).c_str()) + "\n";
  s += LayoutWords(o.plan, o.job.work.dp_shard) + "\n";
  const std::string why = BottleneckSentence(o.plan, o.job, lang);
  // Where the verdict's line already says what does not fit (w.short_of), the sentence would say it again.
  if (!why.empty() && w.short_of.empty()) s += (PlanFits(o) ? Sprintf(Tr("Bottleneck: %s"), why.c_str()) : why) + "\n";
  return s;
}

// What the text says depends on besides the configuration (every key, the view and the language among them):
// which answers are in. A few characters, compared each frame without building anything.
std::string Answers(const AppState& app) {
  std::string key = app.main.Done() ? "p" : "-";
  if (ViewOf(app) == View::Compare)
    for (const PlanTask& c : app.bg.columns) key += c.Done() ? "+" : "-";
  if (ViewOf(app) == View::Search) key += app.bg.search_complete ? "s" : "-";
  return key;
}

// The text is ready: the plan landed, and the view's own answers too (the text of a half-searched comparison
// would be replaced within moments; the last text stays until then).
bool Ready(const AppState& app) {
  if (!app.main.Done()) return false;
  if (ViewOf(app) == View::Compare)
    for (const PlanTask& c : app.bg.columns)
      if (!c.Done()) return false;
  if (ViewOf(app) == View::Search) return app.bg.search_complete;
  return true;
}

}  // namespace

PageTextContent MakePageText(AppState& app) {
  PageTextContent t;
  const Lang lang = LangOf(app);
  t.lang = LangCode(lang);
  const PlanOutput& o = app.main.out;
  const VerdictWords w = VerdictText(o);
  switch (ViewOf(app)) {
    case View::Plan:
      t.verdict = VerdictLine(w);
      t.body = Headline(o, w, lang) + "\n" + FormatPlan(o, Format::Text);
      break;
    case View::Compare: {
      t.verdict = CompareVerdict(app);
      std::vector<PlanOutput> outs;
      for (const PlanTask& column : app.bg.columns) outs.push_back(column.out);
      t.body = t.verdict + "\n\n" + FormatComparison(outs, Format::Text);
      break;
    }
    case View::Search: {
      const Background& bg = app.bg;
      t.verdict = VerdictLine(w);
      t.body =
          Headline(o, w, lang) + "\n" +
          FormatSearch(o, bg.search.RankedBy(bg.search_options.objective), Format::Text, bg.search_options.objective);
      break;
    }
  }
  return t;
}

void PublishPageTextWhenChanged(AppState& app) {
  if (!Ready(app)) return;
  std::string answers = Answers(app);
  if (app.page_text.published > 0 && app.page_text.cfg == app.cfg && app.page_text.answers == answers) return;
  const PageTextContent t = MakePageText(app);
  platform::PublishPageText(t.verdict, t.body, t.lang);
  app.page_text.cfg = app.cfg;
  app.page_text.answers = std::move(answers);
  ++app.page_text.published;
}

}  // namespace tp::ui
