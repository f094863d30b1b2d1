// app.cpp — the planner's interface: inputs on the left (grouped: model, training, hardware, layout,
// cost & reliability), the answer on the right (verdict first, then memory and step-time bars, the
// scaling chart), a compare view (2-4 scenarios side by side) and a search view (layouts ranked, the
// time-vs-cost front across GPU types). The share link always holds the whole state.
//
// [SECTION] Link and state     — fragment <-> AppState, history push/replace, saved state
// [SECTION] Recompute          — MakePlan when an input changed; background work sliced per frame
// [SECTION] Inputs             — the left panel
// [SECTION] Plan view          — verdict, bars, scaling chart, warnings
// [SECTION] Compare view
// [SECTION] Search view
// [SECTION] Top bar and export
// [SECTION] Frame
#include "app.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>

#include "catalog.h"
#include "charts.h"
#include "i18n.h"
#include "imgui.h"
#include "imgui_internal.h"  // GetActiveID: which input an edit came from (history push vs replace)
#include "model.h"
#include "platform.h"
#include "report.h"
#include "widgets.h"

namespace tp::ui {
namespace {

double Now() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

// The question users arrive with (../shared/articles): can Llama-2-70B be trained on RTX 4090s, and how
// does that compare with A100 and H100 clusters of the sizes the articles quote.
const char* kDefaultCompare = "gpu:rtx4090,gpus:2048;gpu:a100-80g,gpus:256;gpu:h100,gpus:256";

// printf into a std::string: the formats are translated at run time (Tr), so they cannot be literals.
std::string Sprintf(const char* fmt, ...) {
  char buf[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  return buf;
}

void SetStatus(AppState& app, std::string text) {
  app.status = std::move(text);
  app.status_until = Now() + 4.0;
}

// A bullet whose text wraps at the window edge (BulletText does not wrap).
void WrappedBullet(const std::string& text) {
  ImGui::Bullet();
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
}

// SameLine when `text` (in the current font) still fits on this line, else stay on a new line; true if
// it stayed on the line.
bool SameLineIfFits(const char* text, float spacing) {
  float need = ImGui::CalcTextSize(text).x + spacing;
  float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + need > right) return false;
  ImGui::SameLine(0, spacing);
  return true;
}

// ============================================================================================
// [SECTION] Link and state
// ============================================================================================

std::string PercentDecode(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && std::isxdigit((unsigned char)s[i + 1]) && std::isxdigit((unsigned char)s[i + 2])) {
      out += (char)std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16);
      i += 2;
    } else if (s[i] == '+') {
      out += ' ';
    } else {
      out += s[i];
    }
  }
  return out;
}

std::vector<std::string> Split(std::string_view s, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= s.size()) {
    size_t end = s.find(sep, start);
    if (end == std::string_view::npos) end = s.size();
    if (end > start) parts.emplace_back(s.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

// Scenario `overrides` ("gpu:h100,gpus:128") applied on top of the main configuration.
Config ScenarioConfig(const Config& base, const std::string& overrides, std::vector<ConfigIssue>* issues) {
  Config c = base;
  // Scenarios vary the hardware; the layout is re-chosen for each (a fixed TP/PP rarely suits all GPUs).
  c.tp = c.pp = c.vp = c.cp = c.ep = c.dp = c.mbs = kAuto;
  c.gpus_per_node = kUnset;
  c.intra.clear();
  c.inter.clear();
  c.usd_per_gpu_hour = 0;
  c.usd_per_gpu = 0;
  std::vector<ConfigIssue> local;
  for (const auto& kv : Split(overrides, ',')) {
    size_t colon = kv.find(':');
    if (colon == std::string::npos) {
      local.push_back({"cmp", "scenario override '" + kv + "' is not key:value"});
      continue;
    }
    ApplyPair(c, kv.substr(0, colon), kv.substr(colon + 1), local);
  }
  if (issues) issues->insert(issues->end(), local.begin(), local.end());
  return c;
}

std::string OverrideValue(const std::string& overrides, const std::string& key) {
  for (const auto& kv : Split(overrides, ','))
    if (kv.size() > key.size() && kv.compare(0, key.size(), key) == 0 && kv[key.size()] == ':') return kv.substr(key.size() + 1);
  return {};
}

void SetScenarios(AppState& app, const std::string& spec) {
  app.scenarios.clear();
  for (const auto& s : Split(spec, ';')) {
    if (app.scenarios.size() >= 4) break;
    Scenario sc;
    sc.overrides = s;
    app.scenarios.push_back(std::move(sc));
  }
}

std::string ScenarioSpec(const AppState& app) {
  std::string s;
  for (const auto& sc : app.scenarios) s += (s.empty() ? "" : ";") + sc.overrides;
  return s;
}

}  // namespace

std::string CurrentLink(const AppState& app) {
  std::string link = FormatLink(app.cfg);
  if (link.empty() || link[0] != '#') link = "#" + link;
  if (app.view == View::Compare) link += "&view=compare&cmp=" + ScenarioSpec(app);
  if (app.view == View::Search) link += "&view=search";
  // The language is the viewer's: a UI key like view, so the plan (window.trainplan.plan()) is the same
  // JSON whichever language is on. `trainplan plan --link` reads it too (text output in Chinese).
  if (app.lang == Lang::Zh) link += "&lang=zh";
  return link;
}

namespace {
void Replan(AppState& app);
}

namespace {
void LoadLinkImpl(AppState& app, const std::string& fragment_in, bool plan_now, bool keep_language = false);
}

void LoadLink(AppState& app, const std::string& fragment, bool keep_language) {
  LoadLinkImpl(app, fragment, true, keep_language);
}

namespace {
void ReplanSoon(AppState& app);
bool HasField(const std::string& key);

// plan_now: compute the main plan before returning (setLink, start-up); else slice it over the next frames
// (Back/Forward inside a running page).
void LoadLinkImpl(AppState& app, const std::string& fragment_in, bool plan_now, bool keep_language) {
  app.link_pending = false;  // the browser moved to another entry: a pending replacement is of the old one
  std::string_view f = fragment_in;
  if (size_t hash = f.find('#'); hash != std::string_view::npos) f = f.substr(hash + 1);
  // The UI's own keys (view, cmp, lang) are taken out; everything else is core's configuration.
  std::string rest;
  std::string view, cmp, lang;
  bool has_lang = false;
  for (const auto& pair : Split(f, '&')) {
    size_t eq = pair.find('=');
    std::string key = PercentDecode(pair.substr(0, eq));
    std::string value = eq == std::string::npos ? "" : PercentDecode(pair.substr(eq + 1));
    if (key == "view") view = value;
    else if (key == "cmp") cmp = value;
    else if (key == "lang") lang = value, has_lang = true;
    else rest += (rest.empty() ? "" : "&") + pair;
  }
  Config cfg;  // fields the link does not name take their defaults
  std::vector<ConfigIssue> issues;
  ApplyLink(cfg, rest, issues);
  app.cfg = cfg;
  app.notices.clear();
  app.link_issues.clear();
  app.reveal_error = true;
  // A bad value of a key with a field shows next to that field (issue #9); the rest (unknown keys, a
  // newer link version, keys with no field) in the notice bar.
  for (const auto& is : issues) {
    if (HasField(is.key)) app.link_issues.push_back(is);
    else app.notices.push_back(FormatIssue(is, app.lang));
  }
  // Opening the app on a link without `lang` keeps the viewer's language (remembered, or the browser's);
  // navigating to one (Back, setLink) means English, as CurrentLink writes English links.
  if (has_lang) {
    if (lang == "zh" || lang == "en") app.lang = ParseLang(lang);
    else app.notices.push_back("lang: '" + lang + "' is not en or zh; keeping " + (app.lang == Lang::Zh ? "zh" : "en"));
  } else if (!keep_language) {
    app.lang = Lang::En;
  }
  SetLanguage(app.lang);
  if (view == "compare") app.view = View::Compare;
  else if (view == "search") app.view = View::Search;
  else if (view.empty() || view == "plan") app.view = View::Plan;
  else {
    app.view = View::Plan;
    app.notices.push_back(TrFill("view: '{0}' is not plan, compare or search; showing the plan", {view}));
  }
  SetScenarios(app, cmp.empty() ? kDefaultCompare : cmp);
  if (app.scenarios.size() < 2) {
    app.notices.push_back(Tr("cmp: a comparison needs 2 to 4 scenarios; using the default"));
    SetScenarios(app, kDefaultCompare);
  }
  if (plan_now) Replan(app);
  else ReplanSoon(app);
}
}  // namespace

namespace {

// Writes the state's link into the address (a new history entry, or replacing the current one) and saves
// it as the state to restore next time; a pending replacement is thereby done.
void WriteLink(AppState& app, bool push) {
  app.link = CurrentLink(app);
  app.link_pending = false;
  platform::SetLink(app.link, push);
  Save(app);
}

// Writes a pending replacement of the current history entry and the saved state (see Commit).
void FlushLink(AppState& app) {
  if (app.link_pending) WriteLink(app, /*push=*/false);
}

// Called after every change of state: write the fragment (push for a new edit, replace while the same
// input is still being edited) and save it as the state to restore next time. A replacement waits (up
// to kLinkDelay, or until the input is left): typing 8192 is one history write, not four.
void Commit(AppState& app, bool force_push = false) {
  constexpr double kLinkDelay = 0.3;  // seconds
  ImGuiID active = ImGui::GetCurrentContext() ? ImGui::GetActiveID() : 0;
  bool push = force_push || active == 0 || active != app.link_item;
  app.link_item = active;
  if (!push) {
    app.link = CurrentLink(app);
    app.link_pending = true;
    app.link_due = Now() + kLinkDelay;
    return;
  }
  if (app.link_pending) {  // the previous input's last state completes its own history entry first
    platform::SetLink(app.link, /*push=*/false);
  }
  WriteLink(app, /*push=*/true);
}

// ============================================================================================
// [SECTION] Recompute
// ============================================================================================

bool Fits(const PlanOutput& o) { return o.ok && o.plan.valid && o.plan.memory.fits; }

const int kScaleCounts[] = {8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096};

// The page plans with MakePlanWithFallback (issue #9): an error names its key next to the field, and the
// plan is still made, with that key on its default. The link's own complaints join the main plan's issues.
PlanOutput PagePlan(const AppState& app) { return MakePlanWithFallback(app.cfg, app.link_issues); }
// What the main plan planned: the inputs with the keys in error on their defaults. The scaling chart and
// the search plan around it, so an error at one field does not empty them (they start once the main plan
// has landed, so app.out is the plan of app.cfg).
Config PlannedConfig(const AppState& app) { return WithDefaults(app.cfg, app.out.fallback_keys); }

void ComputeScenario(AppState& app, Scenario& sc) {
  sc.cfg = ScenarioConfig(app.cfg, sc.overrides, nullptr);
  sc.out = MakePlanWithFallback(sc.cfg);
  sc.stale = false;
  sc.has_result = true;
}

void RestartBackground(AppState& app) {
  for (auto& sc : app.scenarios) sc.stale = true;
  // Background work restarts: the scaling chart and the search refill over the next frames.
  app.scaling.clear();
  app.scaling_next = 0;
  app.front.clear();
  app.front_next = 0;
  app.bg_active = false;
  app.search_started = false;
  app.search_running = false;
}

void SetPlan(AppState& app, PlanOutput out, double t0) {
  app.out = std::move(out);
  std::string keys;
  for (const ConfigIssue& is : app.out.issues)
    if (!is.notice) keys += is.key + ",";
  if (keys != app.issue_keys) app.issue_keys = keys, ++app.issue_serial;
  app.plan_json = PlanToJson(app.out);
  app.replan_ms_last = (Now() - t0) * 1e3;
  app.main_pending = false;
  app.has_plan = true;
}

// After a link is loaded the main plan is computed at once (window.trainplan.plan() must follow setLink()
// immediately); the compare columns, the scaling chart and the search follow over the next frames.
void Replan(AppState& app) {
  double t0 = Now();
  SetPlan(app, PagePlan(app), t0);
  app.link = CurrentLink(app);
  RestartBackground(app);
}

// After an edit, the layout search behind MakePlan runs in slices over the next frames (MakePlan at once
// takes 20-70 ms in the browser: every keystroke would drop frames). FinishMainPlan then builds exactly
// what MakePlan builds (core/planner.cpp PlanOnce; web/tests/ui_test.cpp checks they agree). Everything
// that is fast anyway (explicit layouts, errors) or rare (nothing fits: fit advice) uses MakePlan, through
// PagePlan (MakePlanWithFallback: with errors it plans again with the keys they name on their defaults).
void ReplanSoon(AppState& app) {
  app.link = CurrentLink(app);
  RestartBackground(app);
  app.main_t0 = Now();
  if (!HasAutoLayout(app.cfg)) {
    SetPlan(app, PagePlan(app), app.main_t0);
    return;
  }
  std::vector<ConfigIssue> issues;
  ResolveJob(app.cfg, issues);
  if (HasErrors(issues)) {
    SetPlan(app, PagePlan(app), app.main_t0);
    return;
  }
  SearchOptions options;
  options.top = 1;  // as MakePlan
  app.main_search.Begin(app.cfg, options);
  app.main_pending = true;
}

void FinishMainPlan(AppState& app) {
  const SearchResult& result = app.main_search.Result();
  if (result.jobs.empty() || result.evaluated == 0 || !result.any_fits) {
    SetPlan(app, PagePlan(app), app.main_t0);  // fallback layout, errors or fit advice: MakePlan's own paths
    return;
  }
  PlanOutput out;
  out.config = app.cfg;
  out.issues = app.link_issues;  // first, as MakePlanWithFallback puts them
  out.job = ResolveJob(app.cfg, out.issues);
  out.searched = true;
  out.evaluated = result.evaluated;
  out.plan = result.top.front().plan;
  ApplyLayout(out.config, out.plan.layout);
  out.ok = true;
  if (!out.plan.memory.fits) {  // cannot happen for a fitting top plan; keep MakePlan's behaviour if it did
    SetPlan(app, PagePlan(app), app.main_t0);
    return;
  }
  SetPlan(app, std::move(out), app.main_t0);
}

// window.trainplan.plan() right after setLink() (or at start-up) must return the new plan: finish the
// sliced search now. Only scripts wait for this; the page itself never does.
void FinishPendingPlan(AppState& app) {
  while (app.main_pending)
    if (app.main_search.Step(1u << 20)) FinishMainPlan(app);
}

// A slice of background work per frame, bounded in time so typing never stutters.
// Background tasks share one sliced LayoutSearch: each finds the best layout of one configuration (a
// scaling-chart GPU count, a GPU type of the search view's front, a compare column) a few hundred
// layouts at a time, so no frame waits for a whole search.
enum BgKind { kBgScale = 1, kBgFront = 2, kBgScenario = 3 };

Config FrontConfig(const Config& base, const std::string& gpu) {
  Config c = base;
  c.gpu = gpu;
  c.gpus_per_node = kUnset;
  c.intra.clear();
  c.inter.clear();
  c.usd_per_gpu_hour = c.usd_per_gpu = 0;
  c.tp = c.pp = c.vp = c.cp = c.ep = c.dp = c.mbs = kAuto;
  return c;
}

// Starts the next task this view needs; false when there is nothing left to do.
bool NextBgTask(AppState& app) {
  SearchOptions o;
  o.top = 1;
  if (app.view == View::Plan && app.scaling_next < std::size(kScaleCounts)) {
    app.bg_cfg = PlannedConfig(app);
    app.bg_cfg.gpus = kScaleCounts[app.scaling_next];
    app.bg_cfg.dp = kAuto;  // derived from the GPU count
    app.bg_kind = kBgScale;
  } else if (app.view == View::Search && app.front_next < Gpus().size()) {
    app.bg_cfg = FrontConfig(PlannedConfig(app), Gpus()[app.front_next].id);
    app.bg_kind = kBgFront;
  } else if (app.view == View::Compare) {
    app.bg_index = -1;
    for (size_t i = 0; i < app.scenarios.size(); ++i)
      if (app.scenarios[i].stale) {
        app.bg_index = (int)i;
        break;
      }
    if (app.bg_index < 0) return false;
    app.bg_cfg = ScenarioConfig(app.cfg, app.scenarios[app.bg_index].overrides, nullptr);
    app.bg_kind = kBgScenario;
  } else {
    return false;
  }
  app.bg_search.Begin(app.bg_cfg, o);
  app.bg_active = true;
  return true;
}

void FinishBgTask(AppState& app) {
  const SearchResult& r = app.bg_search.Result();
  const Plan* best = r.top.empty() ? nullptr : &r.top[0].plan;
  app.bg_active = false;
  if (app.bg_kind == kBgScale || app.bg_kind == kBgFront) {
    BestPoint p;
    p.gpu = app.bg_cfg.gpu;
    p.gpus = app.bg_cfg.gpus;
    p.fits = best != nullptr;
    if (best) {
      p.tokens_per_s = best->throughput.tokens_per_s;
      p.days = best->run.days;
      p.cost_usd = best->run.cost_usd;
      p.mfu = best->throughput.mfu;
    }
    if (app.bg_kind == kBgScale) app.scaling.push_back(p), ++app.scaling_next;
    else app.front.push_back(p), ++app.front_next;
  } else if (app.bg_kind == kBgScenario && app.bg_index >= 0 && app.bg_index < (int)app.scenarios.size()) {
    Scenario& sc = app.scenarios[app.bg_index];
    sc.cfg = app.bg_cfg;
    // With the layout the search found written in, MakePlan only evaluates it. When nothing fits, the
    // full MakePlan also works out what would make it fit.
    Config c = app.bg_cfg;
    if (best) ApplyLayout(c, best->layout);
    sc.out = MakePlanWithFallback(best ? c : app.bg_cfg);
    sc.stale = false;
    sc.has_result = true;
  }
}

// Layouts per Step, aiming at about 1 ms: grow slowly while steps are quick, shrink fast when one was
// slow, and never so large that one step of a costlier configuration could take a whole frame.
void AdaptBudget(uint64_t& budget, double step_s) {
  if (step_s < 0.0007 && budget < 2048) budget *= 2;
  else if (step_s > 0.0015 && budget > 16) budget = std::max<uint64_t>(16, budget / 4);
}

// A slice of background work per frame, bounded in time so typing never stutters: the frame's own UI
// work (since frame_start) and the slice together aim at 8 ms of the 16.7 ms a 60 Hz frame has (the rest
// is rendering, and margin for a busy machine); the slice gets what the UI left, at least 1 ms so the
// answer keeps coming. Idle frames take well under 1 ms of UI, so the slice is then its full 6 ms.
void BackgroundWork(AppState& app, double frame_start) {
  double start = Now();
  const double budget_s = std::clamp(0.008 - (start - frame_start), 0.001, 0.006);
  static uint64_t budget = 256;  // layouts per Step, adapted to about 1-2 ms
  // A task of another view (the user switched) is dropped; it restarts when its view comes back.
  if (app.bg_active && ((app.bg_kind == kBgScale) != (app.view == View::Plan) ||
                        (app.bg_kind == kBgFront) != (app.view == View::Search) ||
                        (app.bg_kind == kBgScenario) != (app.view == View::Compare)))
    app.bg_active = false;
  // One budget for all of it, in order of what the screen needs most: the main plan, then the search
  // view's own search, then the charts' and columns' tasks.
  auto left = [&] { return Now() - start < budget_s; };
  while (app.main_pending && left()) {
    double t0 = Now();
    bool done = app.main_search.Step(budget);
    AdaptBudget(budget, Now() - t0);
    if (done) FinishMainPlan(app);
    app.slice_step_ms_max = std::max(app.slice_step_ms_max, (Now() - t0) * 1e3);
  }
  if (app.view == View::Search && !app.main_pending) {
    if (!app.search_started) {
      app.search_options.top = 20;
      app.search_options.gpu_types.clear();
      for (const auto& g : Gpus()) app.search_options.gpu_types.push_back(g.id);
      app.search.Begin(PlannedConfig(app), app.search_options);
      app.search_started = true;
      app.search_running = true;
    }
    static uint64_t search_budget = 256;
    // Two thirds of the budget at most, so the per-GPU points keep coming in too.
    while (app.search_running && Now() - start < budget_s * 0.66) {
      double t0 = Now();
      if (app.search.Step(search_budget)) app.search_running = false;
      AdaptBudget(search_budget, Now() - t0);
      app.slice_step_ms_max = std::max(app.slice_step_ms_max, (Now() - t0) * 1e3);
    }
  }
  while (!app.main_pending && left()) {
    if (!app.bg_active && !NextBgTask(app)) break;
    double t0 = Now();
    bool done = app.bg_search.Step(budget);
    AdaptBudget(budget, Now() - t0);
    if (done) FinishBgTask(app);
    app.slice_step_ms_max = std::max(app.slice_step_ms_max, (Now() - t0) * 1e3);
  }
}

// ============================================================================================
// [SECTION] Inputs
// ============================================================================================

// Display labels: English keys of the translation tables (Tr at draw time).
const char* const kMethodLabels[] = {"Full", "LoRA", "QLoRA"};
const char* const kPrecLabels[] = {"FP32 (TF32)", "FP16", "BF16", "FP8"};
const char* const kOptLabels[] = {"AdamW", "AdamW 8-bit", "SGD (momentum)"};
const char* const kRecomputeLabels[] = {"none", "selective", "full", "auto"};
const char* const kOffloadLabels[] = {"none", "CPU", "NVMe"};
const char* const kZeroLabels[] = {"0 (none)", "1 (optimizer)", "2 (+ gradients)", "3 (+ weights, FSDP)"};

std::string Lower(std::string s) {
  for (auto& c : s) c = (char)std::tolower((unsigned char)c);
  return s;
}

// The keys each part of the inputs panel has a field for. A part whose keys have a new error opens
// (issue #9: the user must see the error next to its field); a link's bad value of any of these keys is
// shown at its field, of any other key in the notice bar.
using KeyList = std::initializer_list<const char*>;
using KeyLists = std::initializer_list<KeyList>;  // a part made of smaller parts: all their keys
const KeyList kPresetKeys = {"model"};
const KeyList kDimensionKeys = {"layers", "hidden", "heads", "kv_heads", "ffn", "vocab", "experts", "topk"};
const KeyList kDetailKeys = {"moe_ffn", "shared_experts", "dense_layers", "head_dim", "kv_lora_rank",
                             "q_lora_rank", "qk_rope_dim", "qk_nope_dim", "v_head_dim"};
// Custom dimensions holds the details tree, the Model section both: each opens for the errors inside.
const KeyLists kCustomKeys = {kDimensionKeys, kDetailKeys};
const KeyLists kModelKeys = {kPresetKeys, kDimensionKeys, kDetailKeys};
const KeyList kTrainingKeys = {"method", "lora_r", "prec", "opt", "seq", "gbs", "mbs", "tokens"};
const KeyList kHardwareKeys = {"gpu", "gpus", "gpus_per_node", "intra", "inter"};
const KeyList kLayoutKeys = {"tp", "pp", "cp", "ep", "vp", "zero", "recompute", "offload", "sp", "flash"};
const KeyList kCostKeys = {"usd_per_gpu_hour", "usd_per_gpu", "usd_per_kwh", "pue", "years"};
const KeyList kReliabilityKeys = {"mtbf_gpu_h", "ckpt_s", "restart_s", "storage_gbps"};
const KeyList kAssumptionKeys = {"headroom", "eff_matmul", "matmul_half_ridge", "eff_attention", "eff_memory",
                                 "eff_network", "overlap_dp", "overlap_contention", "cuda_context_gb",
                                 "host_gb_per_gpu", "gpu_power", "server_power", "capex_overhead",
                                 "eff_run", "staff_usd_per_year"};
const KeyLists kAllFieldKeys = {kPresetKeys, kDimensionKeys, kDetailKeys, kTrainingKeys, kHardwareKeys,
                                kLayoutKeys, kCostKeys, kReliabilityKeys, kAssumptionKeys};

bool HasField(const std::string& key) {
  for (const KeyList& list : kAllFieldKeys)
    for (const char* k : list)
      if (key == k) return true;
  return false;
}

// Open a collapsible part (header or tree node) once for each new set of errors among its keys; true
// when one of its keys has an error.
bool OpenForErrors(AppState& app, const char* id, KeyLists keys) {
  bool error = false;
  for (const KeyList& list : keys)
    for (const char* k : list) error |= KeyHasIssue(app, k, true);
  int& opened = app.section_opened[id];
  if (error && opened != app.issue_serial) ImGui::SetNextItemOpen(true);
  if (error) opened = app.issue_serial;
  return error;
}

// One issue as a wrapped line: "✘ key: message" in red for an error, "· ..." muted for a note.
void IssueLine(AppState& app, const ConfigIssue& is) {
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(ColV(app, is.notice ? Hue::Muted : Hue::Bad), "%s %s", is.notice ? "·" : "✘",
                     FormatIssue(is, app.lang).c_str());
  ImGui::PopTextWrapPos();
}

// On a collapsed part with an error (the user closed it again): a red mark at the header's right end.
void ErrorMark(AppState& app, bool error, bool open) {
  if (!error || open) return;
  const char* mark = "✘";
  ImVec2 max = ImGui::GetItemRectMax(), min = ImGui::GetItemRectMin();
  float w = ImGui::CalcTextSize(mark).x;
  ImGui::GetWindowDrawList()->AddText(ImVec2(max.x - w - ImGui::GetStyle().FramePadding.x,
                                             (min.y + max.y - ImGui::GetTextLineHeight()) * 0.5f),
                                      Col(app, Hue::Bad), mark);
}

// A combo with a type-to-filter box: `items` are (id, label, detail) rows.
struct PickRow {
  std::string id, label, detail;
};
bool Picker(AppState& app, const char* key, const char* label, std::string* value, const std::vector<PickRow>& rows,
            const char* empty_label = nullptr) {
  ImGui::PushID(key);
  LabelCell(app, key, label);
  ImGui::SetNextItemWidth(-1);
  std::string preview = empty_label && value->empty() ? Tr(empty_label) : *value;
  for (const auto& r : rows)
    if (r.id == *value) preview = r.label;
  bool changed = false;
  static char filter[64];
  if (ImGui::BeginCombo("##pick", preview.c_str(), ImGuiComboFlags_HeightLarge)) {
    if (ImGui::IsWindowAppearing()) {
      filter[0] = 0;
      ImGui::SetKeyboardFocusHere();
    }
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##filter", Tr("type to filter"), filter, sizeof filter);
    std::string f = Lower(filter);
    if (empty_label && ImGui::Selectable(Tr(empty_label), value->empty())) {
      value->clear();
      changed = true;
    }
    for (const auto& r : rows) {
      if (!f.empty() && Lower(r.label + " " + r.id).find(f) == std::string::npos) continue;
      bool selected = r.id == *value;
      if (ImGui::Selectable(r.label.c_str(), selected) && !selected) {
        *value = r.id;
        changed = true;
      }
      if (!r.detail.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.detail.c_str());
      if (!r.detail.empty()) {
        ImGui::SameLine(ImGui::GetContentRegionAvail().x * 0.45f + ImGui::GetCursorStartPos().x);
        ImGui::TextDisabled("%s", r.detail.substr(0, r.detail.find('\n')).c_str());
      }
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) KeyTooltip(key);
  Record(app, key);
  FieldIssues(app, key, changed);
  ImGui::PopID();
  return changed;
}

// The catalogs are fixed for the life of the program: rows are built once, not every frame.
const std::vector<PickRow>& ModelRows() {
  static std::vector<PickRow> rows;
  if (!rows.empty()) return rows;
  for (const auto& m : Models()) {
    ParamCounts pc = CountParams(m.arch);
    std::string d = m.arch.experts > 1
                        ? Sprintf(Tr("%s params, %s active"), FmtCount(pc.total).c_str(), FmtCount(pc.active).c_str())
                        : Sprintf(Tr("%s params"), FmtCount(pc.total).c_str());
    rows.push_back({m.id, m.name, d + "\n" + Sprintf(Tr("source: %s"), m.source.c_str())});
  }
  return rows;
}

const std::vector<PickRow>& GpuRows() {
  static std::vector<PickRow> rows;
  if (!rows.empty()) return rows;
  for (const auto& g : Gpus()) {
    std::string d = FmtBytes(g.mem_bytes) + " · " + FmtFlops(g.peak_flops[int(Precision::Bf16)]) + " BF16 · " +
                    FmtBytes(g.mem_bw) + "/s";
    rows.push_back({g.id, g.name, d + "\n" + Sprintf(Tr("source: %s"), g.source.c_str())});
  }
  return rows;
}

const std::vector<PickRow>& LinkRows(bool network) {
  static std::vector<PickRow> cache[2];
  std::vector<PickRow>& rows = cache[network ? 1 : 0];
  if (!rows.empty()) return rows;
  for (const auto& l : Links())
    if (l.network == network)
      rows.push_back({l.id, l.name, Sprintf(Tr("%s/s per GPU"), FmtBytes(l.bw).c_str()) + "\n" +
                                        Sprintf(Tr("source: %s"), l.source.c_str())});
  return rows;
}

bool SectionHeader(AppState& app, const char* title, bool open_by_default, KeyLists keys) {
  ImGui::Spacing();
  ImGui::PushFont(app.fonts.bold);
  bool error = OpenForErrors(app, title, keys);
  // "模型###Model": the ID stays the English title, so open/closed survives a language switch.
  bool open = ImGui::CollapsingHeader(TrId(title).c_str(), open_by_default ? ImGuiTreeNodeFlags_DefaultOpen : 0);
  ImGui::PopFont();
  ErrorMark(app, error, open);
  return open;
}

bool DrawInputs(AppState& app) {
  Config& c = app.cfg;
  const Config& r = app.out.config;  // resolved: what "auto" became
  bool changed = false;
  InputsBegin(app, ImGui::GetFontSize() * 8.6f);

  if (SectionHeader(app, "Model", true, kModelKeys)) {
    changed |= Picker(app, "model", "Preset", &c.model, ModelRows(), "custom (dimensions below)");
    ParamCounts pc = CountParams(app.out.job.model);
    // The precision the plan used (a precision in error is planned on its default).
    const Precision prec = app.has_plan ? app.out.job.work.prec : c.prec;
    double weights = pc.total * BytesPerElement(prec);
    ImGui::TextDisabled(Tr("%s parameters"), FmtCount(pc.total).c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip(Tr("%.4g parameters, counted from the architecture (core/model.cpp)"), pc.total);
    Record(app, "params_count");
    ImGui::SameLine();
    ImGui::TextDisabled(Tr("· weights %s in %s"), FmtBytes(weights).c_str(), kPrecisionNames[int(prec)]);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(Tr("parameters x %.0f bytes: the weights alone, before gradients, optimizer state and activations"),
                        BytesPerElement(prec));
    Record(app, "weights_total");
    if (app.out.job.model.kv_heads > 0 && app.out.job.model.kv_heads < app.out.job.model.heads) {
      ImGui::SameLine();
      ImGui::TextDisabled("· GQA %d", app.out.job.model.kv_heads);
    }
    bool dims_error = OpenForErrors(app, "Custom dimensions", kCustomKeys);
    bool dims_open = ImGui::TreeNode(TrId("Custom dimensions").c_str());
    ErrorMark(app, dims_error, dims_open);
    if (dims_open) {
      const ModelArch& m = app.out.job.model;
      changed |= InputInt(app, "layers", "Layers", &c.layers, 0, 1000, false);
      if (!KeyHasIssue(app, "layers")) ImGui::SameLine(), ImGui::TextDisabled("%d", m.layers);  // not after an issue line
      changed |= InputInt(app, "hidden", "Hidden size", &c.hidden, 0, 1 << 20, false);
      changed |= InputInt(app, "heads", "Attention heads", &c.heads, 0, 4096, false);
      changed |= InputInt(app, "kv_heads", "KV heads", &c.kv_heads, 0, 4096, false);
      changed |= InputInt(app, "ffn", "MLP size", &c.ffn, 0, 1 << 22, false);
      changed |= InputInt(app, "vocab", "Vocabulary", &c.vocab, 0, 1 << 24, false);
      changed |= InputInt(app, "experts", "Experts (MoE)", &c.experts, 0, 1024, false);
      changed |= InputInt(app, "topk", "Top-k experts", &c.topk, 0, 64, false);
      ImGui::TextDisabled(Tr("0 = the preset's value (now %d layers, hidden %d, %d heads)"), m.layers, m.hidden, m.heads);
      // Less common dimensions (MoE widths, head size, DeepSeek's latent attention), as config.json gives them.
      bool details_error = OpenForErrors(app, "MoE and attention details", {kDetailKeys});
      bool details_open = ImGui::TreeNode(TrId("MoE and attention details").c_str());
      ErrorMark(app, details_error, details_open);
      if (details_open) {
        ImGui::Unindent();  // the label column keeps its width: no second indent inside Custom dimensions
        changed |= InputInt(app, "moe_ffn", "Expert MLP size", &c.moe_ffn, 0, 1 << 22, false);
        changed |= InputInt(app, "shared_experts", "Shared experts", &c.shared_experts, 0, 1024, true, m.shared_experts);
        changed |= InputInt(app, "dense_layers", "Dense layers", &c.dense_layers, 0, 100000, true, m.dense_layers);
        changed |= InputInt(app, "head_dim", "Head size", &c.head_dim, 0, 100000, false);
        changed |= InputInt(app, "kv_lora_rank", "KV latent rank", &c.kv_lora_rank, 0, 1000000, true, m.kv_lora_rank);
        changed |= InputInt(app, "q_lora_rank", "Q latent rank", &c.q_lora_rank, 0, 1000000, true, m.q_lora_rank);
        changed |= InputInt(app, "qk_rope_dim", "RoPE head size", &c.qk_rope_dim, 0, 100000, false);
        changed |= InputInt(app, "qk_nope_dim", "NoPE head size", &c.qk_nope_dim, 0, 100000, false);
        changed |= InputInt(app, "v_head_dim", "V head size", &c.v_head_dim, 0, 100000, false);
        ImGui::TextDisabled("%s", Tr("Latent attention (DeepSeek) when the KV latent rank is above 0."));
        ImGui::Indent();
        ImGui::TreePop();
      }
      ImGui::TreePop();
    }
    bool hf_open = ImGui::TreeNode(TrId("Paste a Hugging Face config.json").c_str());
    Record(app, "hf_open");
    if (hf_open) {
      static char buf[16384];
      if (ImGui::InputTextMultiline("##hf", buf, sizeof buf, ImVec2(-1, ImGui::GetTextLineHeight() * 6)))
        app.hf_issues.clear();  // about the text that was there
      Record(app, "hf_config");
      bool import = ImGui::Button(TrId("Import dimensions").c_str());
      Record(app, "hf_import");
      if (import) {
        std::vector<ConfigIssue> issues;
        Config n = c;
        ApplyHfConfig(n, buf, issues);
        app.hf_issues = issues;  // shown under the box, where the text they are about is
        if (!HasErrors(issues)) {
          c = n;
          changed = true;
          SetStatus(app, Tr("Imported the model's dimensions"));
        }
      }
      ImGui::SameLine();
      HelpMarker(Tr("num_hidden_layers, hidden_size, num_attention_heads, num_key_value_heads, intermediate_size, "
                    "vocab_size, MoE fields: the model becomes 'custom' with these dimensions."));
      for (size_t i = 0; i < app.hf_issues.size(); ++i) {
        IssueLine(app, app.hf_issues[i]);
        if (i == 0) Record(app, "hf_issue");
      }
      ImGui::TreePop();
    }
  }

  if (SectionHeader(app, "Training", true, {kTrainingKeys})) {
    int method = int(c.method);
    LabelCell(app, "method", "Method");
    for (int i = 0; i < 3; ++i) {
      if (i) ImGui::SameLine();
      if (ImGui::RadioButton(Tr(kMethodLabels[i]), method == i) && method != i) {
        c.method = Method(i);
        changed = true;
      }
      if (ImGui::IsItemHovered()) KeyTooltip("method");
      Record(app, (std::string("method_") + kMethodNames[i]).c_str());
    }
    FieldIssues(app, "method", method != int(c.method));
    // The rank only matters for LoRA and QLoRA; a link's bad rank is still shown where it can be fixed.
    if (c.method != Method::Full || KeyHasIssue(app, "lora_r"))
      changed |= InputInt(app, "lora_r", "LoRA rank", &c.lora_r, 1, 4096, false);
    int prec = int(c.prec), opt = int(c.opt);
    if (InputChoice(app, "prec", "Precision", &prec, kPrecLabels, 4)) c.prec = Precision(prec), changed = true;
    if (InputChoice(app, "opt", "Optimizer", &opt, kOptLabels, 3)) c.opt = Optimizer(opt), changed = true;
    changed |= InputInt(app, "seq", "Sequence length", &c.seq, 1, 1 << 22, false);
    changed |= InputInt(app, "gbs", "Global batch", &c.gbs, 1, 1 << 24, true, app.out.job.work.gbs);
    changed |= InputInt(app, "mbs", "Micro-batch", &c.mbs, 1, 4096, true, r.mbs);
    changed |= InputDouble(app, "tokens", "Token budget", &c.tokens, 0, 1e16, "%.3g",
                           "0 = 20 tokens per parameter (Chinchilla-optimal)");
    if (c.tokens == 0) {
      ImGui::SameLine(0, 0);
      ImGui::Dummy(ImVec2(0, 0));
      ImGui::TextDisabled(Tr("0 = 20 per parameter: %s tokens"), FmtCount(app.out.plan.run.tokens).c_str());
    }
  }

  if (SectionHeader(app, "Hardware", true, {kHardwareKeys})) {
    // In the compare view each column sets its own GPU and count (and the links follow the GPU).
    bool per_column = app.view == View::Compare;
    if (per_column) {
      ImGui::TextDisabled("%s", Tr("set per column in the comparison"));
      ImGui::BeginDisabled();
    }
    changed |= Picker(app, "gpu", "GPU", &c.gpu, GpuRows());
    if (const GpuSpec* g = FindGpu(c.gpu)) {
      ImGui::TextDisabled("%s · %s BF16 · %s/s", FmtBytes(g->mem_bytes).c_str(),
                          FmtFlops(g->peak_flops[int(Precision::Bf16)]).c_str(), FmtBytes(g->mem_bw).c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip(Tr("dense tensor-core peak; source: %s"), g->source.c_str());
    }
    changed |= InputInt(app, "gpus", "GPUs", &c.gpus, 1, 1 << 20, false);
    int gpn = c.gpus_per_node == kUnset ? kAuto : c.gpus_per_node;
    if (InputInt(app, "gpus_per_node", "GPUs per node", &gpn, 1, 64, true, app.out.job.hw.gpus_per_node)) {
      c.gpus_per_node = gpn == kAuto ? kUnset : gpn;
      changed = true;
    }
    changed |= Picker(app, "intra", "Link in a node", &c.intra, LinkRows(false), "GPU's default");
    changed |= Picker(app, "inter", "Network", &c.inter, LinkRows(true), "GPU's default");
    if (per_column) ImGui::EndDisabled();
  }

  if (SectionHeader(app, "Layout and memory", true, {kLayoutKeys})) {
    ImGui::TextDisabled("%s", Tr("auto: the planner searches every valid layout"));
    changed |= InputInt(app, "tp", "Tensor parallel", &c.tp, 1, 1024, true, r.tp);
    changed |= InputInt(app, "pp", "Pipeline stages", &c.pp, 1, 1024, true, r.pp);
    changed |= InputInt(app, "cp", "Context parallel", &c.cp, 1, 1024, true, r.cp);
    changed |= InputInt(app, "ep", "Expert parallel", &c.ep, 1, 1024, true, r.ep);
    changed |= InputInt(app, "vp", "Virtual stages", &c.vp, 1, 64, true, r.vp);
    int zero = c.zero;
    auto auto_label = [](const char* chosen) { return Sprintf(Tr("auto (%s)"), Tr(chosen)); };
    std::string zl = auto_label(r.zero >= 0 && r.zero <= 3 ? kZeroLabels[r.zero] : "-");
    if (InputChoice(app, "zero", "ZeRO stage", &zero, kZeroLabels, 4, zl.c_str())) c.zero = zero, changed = true;
    int rc = c.recompute == Recompute::Auto ? -1 : int(c.recompute);
    std::string rl = auto_label(kRecomputeLabels[int(r.recompute)]);
    if (InputChoice(app, "recompute", "Recompute", &rc, kRecomputeLabels, 3, rl.c_str()))
      c.recompute = rc < 0 ? Recompute::Auto : Recompute(rc), changed = true;
    int off = c.offload;
    std::string ol = auto_label(r.offload >= 0 && r.offload <= 2 ? kOffloadLabels[r.offload] : "-");
    if (InputChoice(app, "offload", "Offload", &off, kOffloadLabels, 3, ol.c_str())) c.offload = off, changed = true;
    const char* const onoff[] = {"off", "on"};
    int sp = c.sp;
    std::string sl = auto_label(r.sp == 1 ? "on" : "off");
    if (InputChoice(app, "sp", "Sequence parallel", &sp, onoff, 2, sl.c_str())) c.sp = sp, changed = true;
    int flash = c.flash;
    if (InputChoice(app, "flash", "FlashAttention", &flash, onoff, 2)) c.flash = flash, changed = true;
  }

  if (SectionHeader(app, "Cost", false, {kCostKeys})) {
    const Economics& e = app.out.job.econ;
    changed |= InputDouble(app, "usd_per_gpu_hour", "Rent per GPU-hour", &c.usd_per_gpu_hour, 0, 1e4, "%.2f",
                           "0 = the GPU's catalog price");
    if (c.usd_per_gpu_hour == 0) ImGui::TextDisabled(Tr("catalog: $%.2f per GPU-hour"), e.usd_per_gpu_hour);
    if ((c.usd_per_gpu_hour == 0 || c.usd_per_gpu == 0) && app.out.job.hw.gpu) {
      // The catalog's prices are typical, dated figures, not quotes: say whose and when (catalog data, as
      // written in assets/gpus.json).
      ImGui::PushTextWrapPos(0);
      const GpuSpec& g = *app.out.job.hw.gpu;
      const bool zh = app.lang == Lang::Zh && !g.price_source_zh.empty();
      ImGui::TextDisabled(Tr("price source: %s"), (zh ? g.price_source_zh : g.price_source).c_str());
      ImGui::PopTextWrapPos();
      Record(app, "price_source");
    }
    changed |= InputDouble(app, "usd_per_gpu", "Purchase per GPU", &c.usd_per_gpu, 0, 1e7, "%.0f", "0 = catalog price");
    changed |= InputDouble(app, "usd_per_kwh", "Electricity", &c.usd_per_kwh, 0, 10, "%.3f");
    changed |= InputDouble(app, "pue", "PUE", &c.pue, 1, 5, "%.2f");
    changed |= InputDouble(app, "years", "Amortization", &c.years, 0.1, 30, "%.1f");
  }
  if (SectionHeader(app, "Reliability", false, {kReliabilityKeys})) {
    changed |= InputDouble(app, "mtbf_gpu_h", "MTBF per GPU", &c.mtbf_gpu_h, 1, 1e9, "%.0f");
    changed |= InputDouble(app, "ckpt_s", "Checkpoint write", &c.ckpt_s, 0, 1e6, "%.0f",
                           "0 = checkpoint size / storage bandwidth");
    changed |= InputDouble(app, "restart_s", "Restart time", &c.restart_s, 0, 1e6, "%.0f");
    const RunSummary& run = app.out.plan.run;
    const double storage_in_use = run.ckpt_write_s > 0 ? run.ckpt_bytes / run.ckpt_write_s / 1e9 : 0;
    changed |= InputAssumption(app, "storage_gbps", "Checkpoint storage", &c.storage_gbps, "%.0f",
                               storage_in_use);
  }
  // Every other number the engine assumes, with the source of its default in its tooltip.
  if (SectionHeader(app, "Assumptions", false, {kAssumptionKeys})) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", Tr("The engine's constants: fitted to published runs or taken from datasheets. "
                                 "Hover a field for its default's source."));
    ImGui::PopTextWrapPos();
    const Assumptions& a = app.out.job.assume;  // with the fitted defaults filled in (FillStepDefaults)
    changed |= InputDouble(app, "headroom", "Memory headroom", &c.headroom, 0, 0.9, "%.2f");
    struct Row {
      const char* key;
      const char* label;
      double* value;
      double in_use;
      const char* fmt;
    };
    const Row rows[] = {
        {"eff_matmul", "Matmul efficiency", &c.eff_matmul, a.eff_matmul, "%.3f"},
        {"matmul_half_ridge", "Matmul half-ridge", &c.matmul_half_ridge, a.matmul_half_ridge, "%.3f"},
        {"eff_attention", "Attention efficiency", &c.eff_attention, a.eff_attention, "%.3f"},
        {"eff_memory", "Memory efficiency", &c.eff_memory, a.eff_memory, "%.3f"},
        {"eff_network", "Network efficiency", &c.eff_network, a.eff_network, "%.3f"},
        {"overlap_dp", "DP overlap", &c.overlap_dp, a.overlap_dp, "%.3f"},
        {"overlap_contention", "Overlap contention", &c.overlap_contention, a.overlap_contention, "%.3f"},
        {"cuda_context_gb", "CUDA context", &c.cuda_context_gb, a.cuda_context_gb, "%.2f"},
        {"host_gb_per_gpu", "Host RAM per GPU", &c.host_gb_per_gpu, a.host_gb_per_gpu, "%.0f"},
        {"gpu_power", "GPU power draw", &c.gpu_power, a.gpu_power, "%.2f"},
        {"server_power", "Server power", &c.server_power, a.server_power, "%.2f"},
        {"capex_overhead", "Other capex", &c.capex_overhead, a.capex_overhead, "%.2f"},
        {"eff_run", "Run efficiency", &c.eff_run, a.eff_run, "%.3f"},
        {"eff_stack", "Framework efficiency", &c.eff_stack, a.eff_stack, "%.3f"},
        {"alloc_reserve", "Allocator reserve", &c.alloc_reserve, a.alloc_reserve, "%.2f"},
        {"nccl_gb", "NCCL buffers", &c.nccl_gb, a.nccl_gb, "%.2f"},
        {"logit_bytes", "Logit bytes", &c.logit_bytes, a.logit_bytes, "%.1f"},
    };
    for (const Row& row : rows) changed |= InputAssumption(app, row.key, row.label, row.value, row.fmt, row.in_use);
    changed |= InputDouble(app, "staff_usd_per_year", "Staff per year", &c.staff_usd_per_year, 0, 1e10, "%.0f");
  }
  return changed;
}

// ============================================================================================
// [SECTION] Plan view
// ============================================================================================

std::string LayoutWords(const Plan& p) {
  const Layout& l = p.layout;
  // TP/PP/CP/EP/DP/ZeRO/SP are written the same in Chinese; the words around them are translated.
  std::string s = "TP " + std::to_string(l.tp) + " · PP " + std::to_string(l.pp);
  if (l.vp > 1) s += " " + Sprintf(Tr("(x%d virtual)"), l.vp);
  if (l.cp > 1) s += " · CP " + std::to_string(l.cp);
  if (l.ep > 1) s += " · EP " + std::to_string(l.ep);
  s += " · DP " + std::to_string(l.dp) + " · " + Sprintf(Tr("micro-batch %d"), l.mbs);
  s += " · ZeRO-" + std::to_string(l.zero);
  if (l.recompute == Recompute::Selective) s += std::string(" · ") + Tr("recompute selective");
  if (l.recompute == Recompute::Full) s += std::string(" · ") + Tr("recompute full");
  if (l.offload == Offload::Cpu) s += std::string(" · ") + Tr("offload cpu");
  if (l.offload == Offload::Nvme) s += std::string(" · ") + Tr("offload nvme");
  if (l.sp) s += " · SP";
  return s;
}

std::string MemoryLine(const PlanOutput& o) {
  return Sprintf(Tr("%s / %s per GPU"), FmtBytes(o.plan.memory.total).c_str(), FmtBytes(o.plan.memory.capacity).c_str());
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
    items += (items.empty() ? "" : "; ") + TrFill("{0} = {1} instead of {2}", {key, def, given});
    for (const ConfigIssue& is : o.issues)
      if (!is.notice && is.key == key) {
        reasons += FormatIssue(is, app.lang) + "\n";
        if (!compact && o.fallback_keys.size() == 1) items += " (" + IssueMessage(is, app.lang) + ")";
        break;
      }
  }
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(ColV(app, Hue::Bad), "%s", Sprintf(Tr("Planned with defaults for: %s"), items.c_str()).c_str());
  ImGui::PopTextWrapPos();
  if (!reasons.empty() && ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
    ImGui::TextUnformatted(reasons.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  Record(app, compact ? "fallback_line_compact" : "fallback_line");
}

// The first thing on screen: does it fit, how long, how much, how efficient, what limits it.
void Verdict(AppState& app, const PlanOutput& o, bool compact) {
  bool fits = Fits(o);
  ImGui::PushFont(app.fonts.big);
  ImGui::PushStyleColor(ImGuiCol_Text, ColV(app, fits ? Hue::Good : Hue::Bad));
  ImGui::TextUnformatted(Tr(fits ? "✔ Fits" : (o.ok ? "✘ Does not fit" : "✘ Cannot plan")));
  ImGui::PopStyleColor();
  Record(app, compact ? "verdict_compact" : "verdict");
  if (o.ok && compact) {
    ImGui::PopFont();
    ImGui::PushFont(app.fonts.bold);
    ImGui::TextUnformatted(MemoryLine(o).c_str());
  } else if (o.ok) {
    SameLineIfFits(MemoryLine(o).c_str(), 14);
    ImGui::TextUnformatted(MemoryLine(o).c_str());
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(Tr("peak memory on the most loaded GPU / capacity (%s kept free as headroom)"),
                        FmtPct(app.cfg.headroom).c_str());
    if (fits && !compact) {
      std::string days = FmtDays(o.plan.run.days), cost = FmtUsd(o.plan.run.cost_usd);
      if (SameLineIfFits(("·  " + days + "  ·  " + cost).c_str(), 14)) {
        ImGui::TextDisabled("·");
        ImGui::SameLine(0, 14);
      }
      ImGui::Text("%s", days.c_str());
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip(Tr("wall clock for %s tokens: %s at the steady-state speed, then run efficiency %s and "
                             "goodput %s (failures, checkpoints, restarts)"),
                          FmtCount(o.plan.run.tokens).c_str(), FmtDays(o.plan.run.steady_days).c_str(),
                          FmtPct(o.plan.run.run_efficiency).c_str(), FmtPct(o.plan.run.goodput).c_str());
      ImGui::SameLine(0, 14);
      ImGui::TextDisabled("·");
      ImGui::SameLine(0, 14);
      ImGui::Text("%s", FmtUsd(o.plan.run.cost_usd).c_str());
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip(Tr("renting: %s GPU-hours x $%.2f; owning: %s (amortized purchase + energy)"),
                          FmtCount(o.plan.run.gpu_hours).c_str(), o.job.econ.usd_per_gpu_hour,
                          FmtUsd(o.plan.run.cost_own_usd).c_str());
    }
  }
  ImGui::PopFont();
  if (!o.ok) return;
  FallbackLine(app, o, compact);
  if (fits && !compact) {
    ImGui::Text(Tr("MFU %s  ·  %s tokens/s per GPU  ·  step %s"), FmtPct(o.plan.throughput.mfu).c_str(),
                FmtRate(o.plan.throughput.tokens_per_s_per_gpu).c_str(), FmtDuration(o.plan.step.seconds).c_str());
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(Tr("MFU: model FLOPs per second over the GPU's dense peak at %s (Megatron's convention: "
                           "attention and logits included, recomputation excluded). %s model TFLOP/s per GPU."),
                        kPrecisionNames[int(o.config.prec)], FmtRate(o.plan.throughput.model_tflops_per_gpu).c_str());
  }
  std::string why = BottleneckSentence(o.plan, o.job, app.lang);
  if (!why.empty() && !(compact && fits)) {
    ImGui::PushTextWrapPos(0);
    if (fits) why = Sprintf(Tr("Bottleneck: %s"), why.c_str());
    ImGui::TextColored(ColV(app, fits ? Hue::Muted : Hue::Bad), "%s", why.c_str());
    ImGui::PopTextWrapPos();
  }
}

// A chart segment with its label and hover text in the current language.
Segment Seg(const char* label, double value, ImU32 color, const char* detail) { return {Tr(label), value, color, Tr(detail)}; }

void MemoryBar(AppState& app, const PlanOutput& o, float height) {
  const MemoryBreakdown& m = o.plan.memory;
  std::vector<Segment> segs = {
      Seg("weights", m.weights, Col(app, Hue::Weights), "parameters held by this GPU (after TP/PP/EP split and ZeRO-3 sharding)"),
      Seg("gradients", m.gradients, Col(app, Hue::Gradients), "gradients (sharded by ZeRO-2/3)"),
      Seg("optimizer", m.optimizer, Col(app, Hue::Optimizer), "optimizer state and fp32 master weights (sharded by ZeRO-1+)"),
      Seg("activations", m.activations, Col(app, Hue::Activations), "activations kept for the backward pass (Korthikanti et al. 2022), after recomputation"),
      Seg("other", m.other, Col(app, Hue::Other), "CUDA context, communication buffers, allocator fragmentation"),
  };
  StackedBar(app, "memory", segs, m.capacity, m.usable, FmtBytes, Tr("capacity"), height);
}

void StepBar(AppState& app, const PlanOutput& o, float height) {
  const StepBreakdown& s = o.plan.step;
  // The exposed communication is split across groups in proportion to each group's total time, so the
  // bar adds up to the step time.
  double comm_total = s.comm_tp_s + s.comm_cp_s + s.comm_ep_s + s.comm_dp_s + s.comm_pp_s;
  double k = comm_total > 0 ? s.comm_exposed_s / comm_total : 0;
  std::vector<Segment> segs = {
      Seg("compute", s.compute_s, Col(app, Hue::Compute), "tensor-core time: matmuls and attention"),
      Seg("memory-bound", s.memory_s, Col(app, Hue::MemoryBound), "norms, elementwise kernels, optimizer step"),
      Seg("TP comm", s.comm_tp_s * k, Col(app, Hue::CommTp), "tensor-parallel all-reduce / reduce-scatter, exposed part"),
      Seg("CP comm", s.comm_cp_s * k, Col(app, Hue::CommCp), "context-parallel ring attention, exposed part"),
      Seg("EP comm", s.comm_ep_s * k, Col(app, Hue::CommEp), "expert-parallel all-to-all, exposed part"),
      Seg("DP comm", s.comm_dp_s * k, Col(app, Hue::CommDp), "data-parallel gradient all-reduce, exposed part"),
      Seg("PP comm", s.comm_pp_s * k, Col(app, Hue::CommPp), "pipeline send/receive, exposed part"),
      Seg("bubble", s.bubble_s, Col(app, Hue::Bubble), "pipeline bubble: (pp - 1) / (micro-batches x vp) of the step"),
      Seg("offload", s.offload_s, Col(app, Hue::Offload), "host/NVMe transfers not hidden"),
  };
  StackedBar(app, "step", segs, 0, 0, FmtDuration, "", height);
}

// Where the wall clock of the whole run goes: steps at the step model's speed, the share production runs
// lose beyond it (run efficiency), checkpoint writes, and restarts plus work lost to failures.
void RunBar(AppState& app, const PlanOutput& o, float height) {
  const RunSummary& r = o.plan.run;
  std::vector<Segment> segs = {
      Seg("training", r.steady_days, Col(app, Hue::Compute), "optimizer steps at the step model's steady-state speed"),
      Seg("production overhead", std::max(0.0, r.compute_days - r.steady_days), Col(app, Hue::MemoryBound),
          "what published production runs lose beyond the steady state: software, stragglers, evaluation, data "
          "stalls (Assumptions: eff_run)"),
      Seg("checkpoints", r.ckpt_days, Col(app, Hue::Optimizer), "writing checkpoints at the Young/Daly interval"),
      Seg("failures", r.failure_days, Col(app, Hue::Bubble), "restarts and the work lost since the last checkpoint"),
  };
  StackedBar(app, "run", segs, 0, 0, FmtDays, "", height);
}

std::string FmtGpus(double g) { return FmtInt((long long)g); }
std::string FmtTokS(double v) { return FmtCount(v); }

void ScalingChart(AppState& app, float height) {
  Series tok, cost;
  tok.name = Tr("tokens/s");
  tok.color = Col(app, Hue::Compute);
  cost.name = Tr("cost of the run");
  cost.color = Col(app, Hue::Gradients);
  cost.right_axis = true;
  for (const auto& p : app.scaling) {
    tok.x.push_back(p.gpus), tok.y.push_back(p.fits ? p.tokens_per_s : NAN), tok.ok.push_back(p.fits);
    cost.x.push_back(p.gpus), cost.y.push_back(p.fits ? p.cost_usd : NAN), cost.ok.push_back(p.fits);
  }
  LineChartSpec spec;
  spec.x_label = Tr("GPUs");
  spec.left_label = Tr("tokens/s");
  spec.right_label = TrUnit("USD");
  spec.fmt_x = FmtGpus;
  spec.fmt_left = FmtTokS;
  spec.fmt_right = FmtUsd;
  spec.marker_x = app.cfg.gpus;
  spec.y_log = true;  // log-log: perfect scaling is a straight line, the bend is the communication cost
  LineChart(app, "scaling", ImVec2(ImGui::GetContentRegionAvail().x, height), {tok, cost}, spec);
  Record(app, "scaling_chart");
}

// Fit advice in the current language (the structured remedies; advice without them stays as written).
std::vector<std::string> FitAdvice(const AppState& app, const PlanOutput& o) {
  if (o.fit_remedies.size() != o.fit_advice.size()) return o.fit_advice;
  std::vector<std::string> out;
  for (const FitRemedy& r : o.fit_remedies) out.push_back(FitAdviceSentence(r, app.lang));
  return out;
}

// Issues of keys that have no field (dp, a key the link named without a field): the others are next to
// their field (FieldIssues).
void IssuesBox(AppState& app, const PlanOutput& o) {
  for (const auto& is : o.issues)
    if (!HasField(is.key)) IssueLine(app, is);
}

// A run of months is rarely what anyone plans: the smallest GPU count of the scaling chart that would
// finish within a month (when the current count would not), so the page can offer it in one click.
const BestPoint* SoonerCount(const AppState& app, const PlanOutput& o) {
  const double kLongRunDays = 60, kTargetDays = 30;
  if (o.plan.run.days <= kLongRunDays) return nullptr;
  for (const BestPoint& p : app.scaling)
    if (p.fits && p.gpus > o.job.hw.gpus && p.days > 0 && p.days <= kTargetDays) return &p;
  return nullptr;
}

bool PlanView(AppState& app) {
  const PlanOutput& o = app.out;
  if (app.main_pending) {
    // An overlay in the corner, not a line: the layout must not jump with every keystroke.
    char buf[64];
    std::snprintf(buf, sizeof buf, "%s %.0f%%", Tr("updating…"), app.main_search.Progress() * 100);
    ImVec2 ts = ImGui::CalcTextSize(buf);
    ImVec2 pos(ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x - ts.x,
               ImGui::GetWindowPos().y + ImGui::GetStyle().WindowPadding.y);
    ImGui::GetWindowDrawList()->AddText(pos, Col(app, Hue::Muted), buf);
  }
  if (!app.has_plan) {  // start-up: the first plan is still being searched, a few frames
    ImGui::PushFont(app.fonts.big);
    ImGui::TextColored(ColV(app, Hue::Muted), "%s", Tr("Planning…"));
    ImGui::PopFont();
    return false;
  }
  Verdict(app, o, false);
  if (o.ok) {
    ImGui::TextDisabled("%s%s", LayoutWords(o.plan).c_str(), o.searched ? Tr("  (chosen by search)") : "");
    Record(app, "layout_words");
  }
  IssuesBox(app, o);
  ImGui::Separator();
  if (o.ok) {
    ImGui::PushFont(app.fonts.bold);
    ImGui::TextUnformatted(Tr("Memory per GPU"));
    ImGui::PopFont();
    MemoryBar(app, o, 26);
    Record(app, "memory_bar");
    ImGui::Spacing();
    ImGui::PushFont(app.fonts.bold);
    ImGui::Text(Tr("Step time %s"), FmtDuration(o.plan.step.seconds).c_str());
    ImGui::PopFont();
    ImGui::SameLine();
    ImGui::TextDisabled(Tr("(%d micro-batches per step)"), o.plan.step.micro_batches);
    StepBar(app, o, 26);
    ImGui::Spacing();
    const RunSummary& run = o.plan.run;
    ImGui::PushFont(app.fonts.bold);
    ImGui::Text(Tr("Whole run %s"), FmtDays(run.days).c_str());
    ImGui::PopFont();
    ImGui::SameLine();
    // Below 10, two significant digits: a short run expects 0.14 failures, not "0".
    auto amount = [](double v) { return v < 10 ? Sprintf("%.2g", v) : FmtCount(v); };
    ImGui::TextDisabled(Tr("(%s failures expected · checkpoint every %s · %s MWh)"), amount(run.failures).c_str(),
                        FmtDuration(run.ckpt_interval_s).c_str(), amount(run.energy_kwh / 1000).c_str());
    RunBar(app, o, 26);
    Record(app, "run_bar");
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::PushFont(app.fonts.bold);
    ImGui::TextUnformatted(Tr("Scaling: throughput and cost as the GPU count grows"));
    ImGui::PopFont();
    ImGui::SameLine();
    HelpMarker(Tr("Each point is a full plan at that GPU count with the layout re-chosen (log-log axes: perfect "
                  "scaling is a straight line). A red cross: does not fit at that count. The dashed line marks the "
                  "current count."));
    float h = std::max(180.0f, std::min(300.0f, ImGui::GetContentRegionAvail().y - 140));
    ScalingChart(app, h);
  }
  auto warnings = WarningSentences(o.plan, o.job, app.lang);
  const BestPoint* sooner = Fits(o) ? SoonerCount(app, o) : nullptr;
  bool changed = false;
  if (!o.fit_advice.empty() || !warnings.empty() || sooner) {
    ImGui::Separator();
    ImGui::PushFont(app.fonts.bold);
    ImGui::TextUnformatted(Tr(Fits(o) ? "Worth knowing" : "What would make it fit"));
    ImGui::PopFont();
    ImGui::PushTextWrapPos(0);
    if (sooner) {
      WrappedBullet(TrFill("{0} is a long run: {1} GPUs would take about {2} ({3} to rent).",
                           {FmtDays(o.plan.run.days), FmtInt(sooner->gpus), FmtDays(sooner->days), FmtUsd(sooner->cost_usd)}));
      ImGui::Indent();
      if (ImGui::SmallButton(TrFill("Use {0} GPUs", {FmtInt(sooner->gpus)}).c_str())) {
        app.cfg.gpus = sooner->gpus;
        app.cfg.dp = kAuto;  // derived from the new count
        changed = true;
      }
      Record(app, "use_sooner_count");
      ImGui::Unindent();
    }
    for (const auto& a : FitAdvice(app, o)) WrappedBullet(a);
    for (const auto& w : warnings) WrappedBullet(w);
    ImGui::PopTextWrapPos();
  }
  return changed;
}

// ============================================================================================
// [SECTION] Compare view
// ============================================================================================

bool CompareView(AppState& app) {
  bool changed = false;
  int n = (int)app.scenarios.size();
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%s", Tr("The model, training and cost inputs on the left apply to every column; each column picks its "
                               "GPU and count, and the layout is searched for each. Green: the best of the columns."));
  ImGui::PopTextWrapPos();
  // Best values across columns get highlighted (only among those that fit).
  double best_days = 1e300, best_cost = 1e300, best_mfu = 0;
  for (const auto& sc : app.scenarios)
    if (sc.has_result && Fits(sc.out)) {
      best_days = std::min(best_days, sc.out.plan.run.days);
      best_cost = std::min(best_cost, sc.out.plan.run.cost_usd);
      best_mfu = std::max(best_mfu, sc.out.plan.throughput.mfu);
    }
  int remove = -1;
  if (ImGui::BeginTable("compare", n, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame)) {
    for (int i = 0; i < n; ++i) {
      ImGui::TableNextColumn();
      Scenario& sc = app.scenarios[i];
      ImGui::PushID(i);
      std::string gpu = OverrideValue(sc.overrides, "gpu");
      std::string gpus_s = OverrideValue(sc.overrides, "gpus");
      int gpus = gpus_s.empty() ? app.cfg.gpus : std::atoi(gpus_s.c_str());
      if (gpu.empty()) gpu = app.cfg.gpu;
      bool edit = false;
      ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - ImGui::GetFrameHeight() - 8);
      const GpuSpec* g = FindGpu(gpu);
      if (ImGui::BeginCombo("##gpu", g ? g->name.c_str() : gpu.c_str())) {
        for (const auto& row : Gpus())
          if (ImGui::Selectable(row.name.c_str(), row.id == gpu)) gpu = row.id, edit = true;
        ImGui::EndCombo();
      }
      Record(app, ("cmp_gpu_" + std::to_string(i)).c_str());
      ImGui::SameLine();
      ImGui::BeginDisabled(n <= 2);
      if (ImGui::Button("×", ImVec2(ImGui::GetFrameHeight(), 0))) remove = i;
      if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", Tr("Remove this scenario"));
      ImGui::EndDisabled();
      ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
      if (ImGui::InputInt(TrId("GPUs").c_str(), &gpus, 0, 0) && gpus >= 1) edit = true;
      Record(app, ("cmp_gpus_" + std::to_string(i)).c_str());
      if (edit) {
        sc.overrides = "gpu:" + gpu + ",gpus:" + std::to_string(std::max(1, gpus));
        changed = true;
      }
      ImGui::Separator();
      const PlanOutput& o = sc.out;
      if (!sc.has_result) {
        ImGui::TextDisabled("%s", Tr("searching layouts…"));
        ImGui::PopID();
        continue;
      }
      if (sc.stale) ImGui::TextDisabled("%s", Tr("updating…"));
      Verdict(app, o, true);
      if (Fits(o)) {
        auto hl = [&](bool best, const char* fmt, const std::string& v) {
          if (best && n > 1) ImGui::TextColored(ColV(app, Hue::Good), fmt, v.c_str());
          else ImGui::Text(fmt, v.c_str());
        };
        ImGui::PushFont(app.fonts.big);
        hl(o.plan.run.days <= best_days * 1.0001, "%s", FmtDays(o.plan.run.days));
        ImGui::SameLine(0, 10);
        ImGui::TextDisabled("·");
        ImGui::SameLine(0, 10);
        hl(o.plan.run.cost_usd <= best_cost * 1.0001, "%s", FmtUsd(o.plan.run.cost_usd));
        ImGui::PopFont();
        hl(o.plan.throughput.mfu >= best_mfu * 0.9999, "MFU %s", FmtPct(o.plan.throughput.mfu));
        ImGui::SameLine();
        ImGui::Text(Tr("· %s tokens/s per GPU"), FmtRate(o.plan.throughput.tokens_per_s_per_gpu).c_str());
        ImGui::Text(Tr("%s GPU-hours · %.0f failures expected"), FmtCount(o.plan.run.gpu_hours).c_str(), o.plan.run.failures);
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip(Tr("failures over the run at %s h mean time between failures per GPU"), FmtInt((long long)o.job.rel.mtbf_gpu_h).c_str());
        std::string why = BottleneckSentence(o.plan, o.job, app.lang);
        if (!why.empty()) {
          ImGui::PushTextWrapPos(0);
          ImGui::TextDisabled(Tr("Bottleneck: %s"), why.c_str());
          ImGui::PopTextWrapPos();
        }
      }
      if (o.ok) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("%s", LayoutWords(o.plan).c_str());
        ImGui::PopTextWrapPos();
        ImGui::TextUnformatted(Tr("Memory per GPU"));
        MemoryBar(app, o, 20);
        ImGui::Text(Tr("Step %s"), FmtDuration(o.plan.step.seconds).c_str());
        StepBar(app, o, 20);
      }
      IssuesBox(app, o);
      if (!o.fit_advice.empty()) {
        ImGui::PushTextWrapPos(0);
        for (const auto& a : FitAdvice(app, o)) WrappedBullet(a);
        ImGui::PopTextWrapPos();
      }
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (remove >= 0) {
    app.scenarios.erase(app.scenarios.begin() + remove);
    changed = true;
  }
  if (n < 4) {
    if (ImGui::Button(TrId("+ Add scenario").c_str())) {
      Scenario sc;
      sc.overrides = app.scenarios.empty() ? "gpu:h100,gpus:" + std::to_string(app.cfg.gpus) : app.scenarios.back().overrides;
      app.scenarios.push_back(sc);
      changed = true;
    }
    Record(app, "cmp_add");
  }
  return changed;
}

// ============================================================================================
// [SECTION] Search view
// ============================================================================================

bool SearchView(AppState& app) {
  bool changed = false;
  const SearchResult& res = app.search.Result();
  if (app.search_running) {
    ImGui::ProgressBar((float)app.search.Progress(), ImVec2(ImGui::GetContentRegionAvail().x * 0.5f, 0));
    ImGui::SameLine();
  }
  ImGui::Text(Tr("%s layouts evaluated across %d GPU types at %s GPUs%s"), FmtInt((long long)res.evaluated).c_str(),
              (int)res.gpu_ids.size(), FmtInt(app.cfg.gpus).c_str(), app.search_running ? "…" : "");
  ImGui::PushFont(app.fonts.bold);
  ImGui::TextUnformatted(Tr("Time vs cost on each GPU type"));
  ImGui::PopFont();
  ImGui::SameLine();
  HelpMarker(Tr("One point per GPU type: its best layout at this GPU count. Larger points joined by the line are the "
                "search's Pareto front (nothing is both faster and cheaper). Click a point to open it in the plan view."));
  std::vector<ScatterPoint> pts;
  std::vector<const SearchHit*> hits;
  const Hue hues[] = {Hue::Weights, Hue::Gradients, Hue::Optimizer, Hue::Activations, Hue::CommPp, Hue::MemoryBound,
                      Hue::CommDp, Hue::CommEp, Hue::Other};
  auto add = [&](const SearchHit& h, bool front) {
    if (h.variant < 0 || h.variant >= (int)res.jobs.size()) return;
    ScatterPoint p;
    const std::string& gid = res.gpu_ids.size() > (size_t)h.variant ? res.gpu_ids[h.variant] : app.cfg.gpu;
    const GpuSpec* g = FindGpu(gid);
    p.label = (g ? g->name : gid);
    p.x = h.plan.run.days;
    p.y = h.plan.run.cost_usd;
    p.color = Col(app, hues[h.variant % 9]);
    p.highlight = front;
    p.show_label = true;
    p.detail = LayoutWords(h.plan) + "\nMFU " + FmtPct(h.plan.throughput.mfu);
    pts.push_back(p);
    hits.push_back(&h);
  };
  for (const auto& h : res.pareto) add(h, true);
  hits.resize(pts.size());
  std::string no_fit;
  for (size_t i = 0; i < app.front.size(); ++i) {
    const BestPoint& f = app.front[i];
    const GpuSpec* g = FindGpu(f.gpu);
    std::string name = g ? g->name : f.gpu;
    if (!f.fits) {
      no_fit += (no_fit.empty() ? "" : ", ") + name;
      continue;
    }
    ScatterPoint p;
    p.label = name;
    p.x = f.days;
    p.y = f.cost_usd;
    p.color = Col(app, hues[i % 9]);
    p.show_label = true;
    p.detail = Sprintf(Tr("best layout on %s GPUs · MFU %s"), FmtInt(f.gpus).c_str(), FmtPct(f.mfu).c_str());
    pts.push_back(p);
    hits.push_back(nullptr);
  }
  ScatterSpec spec;
  spec.x_label = Tr("days");
  spec.y_label = Tr("cost (USD)");
  spec.fmt_x = [](double d) { return d < 2 ? FmtDays(d) : FmtInt((long long)std::llround(d)) + " " + TrUnit("days"); };
  spec.fmt_y = FmtUsd;
  float h = std::max(200.0f, std::min(320.0f, ImGui::GetContentRegionAvail().y * 0.45f));
  int clicked = Scatter(app, "front", ImVec2(ImGui::GetContentRegionAvail().x, h), pts, spec);
  Record(app, "front_chart");
  auto apply = [&](const SearchHit& hit) {
    if (hit.variant < (int)res.gpu_ids.size()) app.cfg.gpu = res.gpu_ids[hit.variant];
    ApplyLayout(app.cfg, hit.plan.layout);
    app.cfg.dp = kAuto;
    app.view = View::Plan;
    changed = true;
  };
  if (clicked >= 0 && hits[clicked]) apply(*hits[clicked]);
  if (clicked >= 0 && !hits[clicked]) {
    app.cfg.gpu = app.front[0].gpu;  // replaced below by the clicked GPU
    for (const auto& f : app.front) {
      const GpuSpec* g = FindGpu(f.gpu);
      if ((g ? g->name : f.gpu) == pts[clicked].label) app.cfg.gpu = f.gpu;
    }
    app.view = View::Plan;
    changed = true;
  }
  if (!no_fit.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(ColV(app, Hue::Bad), Tr("Does not fit on %s GPUs: %s"), FmtInt(app.cfg.gpus).c_str(), no_fit.c_str());
    ImGui::PopTextWrapPos();
  }

  ImGui::PushFont(app.fonts.bold);
  ImGui::Text(Tr("Best layouts (%s first)"), Tr(app.search_options.objective == Objective::Time ? "fastest" : "cheapest"));
  ImGui::PopFont();
  ImGui::SameLine();
  int obj = int(app.search_options.objective);
  if (ImGui::RadioButton(Tr("by time"), obj == 0) && obj != 0) app.search_options.objective = Objective::Time, app.search_started = false;
  ImGui::SameLine();
  if (ImGui::RadioButton(Tr("by cost"), obj == 1) && obj != 1) app.search_options.objective = Objective::Cost, app.search_started = false;
  if (ImGui::BeginTable("top", 8, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY |
                                      ImGuiTableFlags_SizingFixedFit,
                        ImVec2(0, std::max(120.0f, ImGui::GetContentRegionAvail().y)))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* c : {"GPU", "layout", "memory", "step", "MFU", "days", "cost", ""})
      ImGui::TableSetupColumn(Tr(c), std::strcmp(c, "layout") == 0 ? ImGuiTableColumnFlags_WidthStretch : 0);
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < res.top.size(); ++i) {
      const SearchHit& hit = res.top[i];
      ImGui::TableNextRow();
      ImGui::PushID((int)i);
      ImGui::TableNextColumn();
      std::string gid = hit.variant < (int)res.gpu_ids.size() ? res.gpu_ids[hit.variant] : app.cfg.gpu;
      const GpuSpec* g = FindGpu(gid);
      ImGui::TextUnformatted(g ? g->name.c_str() : gid.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(LayoutWords(hit.plan).c_str());
      if (i > 0 && ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", WhyLoses(hit.plan, res.top[0].plan, app.search_options.objective, app.lang).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(FmtBytes(hit.plan.memory.total).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(FmtDuration(hit.plan.step.seconds).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(FmtPct(hit.plan.throughput.mfu).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(FmtDays(hit.plan.run.days).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(FmtUsd(hit.plan.run.cost_usd).c_str());
      ImGui::TableNextColumn();
      if (ImGui::SmallButton(TrId("Open").c_str())) apply(hit);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  return changed;
}

// ============================================================================================
// [SECTION] Top bar and export
// ============================================================================================

// Markdown (and text) exports speak the page's language; JSON and CSV stay English whatever it is.
PlanOutput InLanguage(PlanOutput o, Lang lang) {
  o.config.lang = LangCode(lang);
  return o;
}

void ExportImpl(AppState& app, Format f) {
  if (app.main_pending) Replan(app);  // export what is on the inputs, not the plan before the last edit
  const char* ext = f == Format::Markdown ? "md" : f == Format::Csv ? "csv" : "json";
  const char* mime = f == Format::Markdown ? "text/markdown" : f == Format::Csv ? "text/csv" : "application/json";
  std::string content, name;
  if (app.view == View::Compare) {
    std::vector<PlanOutput> outs;
    for (auto& sc : app.scenarios) {
      if (sc.stale) ComputeScenario(app, sc);
      outs.push_back(InLanguage(sc.out, app.lang));
    }
    content = FormatComparison(outs, f);
    name = "trainplan-compare.";
  } else if (app.view == View::Search && !app.search_running && app.search_started) {
    content = FormatSearch(InLanguage(app.out, app.lang), app.search.Result(), f, app.search_options.objective);
    name = "trainplan-search.";
  } else {
    content = FormatPlan(InLanguage(app.out, app.lang), f);
    name = "trainplan-plan.";
  }
  name += ext;
  std::string where = platform::Download(name, mime, content);
  SetStatus(app, where.empty() ? Sprintf(Tr("Could not save %s"), name.c_str()) : Sprintf(Tr("Saved %s"), where.c_str()));
}

bool TopBar(AppState& app) {
  bool changed = false;
  ImGui::PushFont(app.fonts.big);
  ImGui::TextUnformatted("TrainPlan");
  ImGui::PopFont();
  ImGui::SameLine(0, 24);
  const char* names[] = {"Plan", "Compare", "Search"};
  for (int i = 0; i < 3; ++i) {
    if (i) ImGui::SameLine(0, 2);
    bool sel = int(app.view) == i;
    if (sel) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(TrId(names[i]).c_str()) && !sel) {
      app.view = View(i);
      changed = true;
    }
    if (sel) ImGui::PopStyleColor();
    Record(app, (std::string("view_") + names[i]).c_str());
  }
  // Right-aligned actions
  // Actions on the right, or on their own line when the window is too narrow for both.
  const ImGuiStyle& style = ImGui::GetStyle();
  auto button_w = [&](const char* text) { return ImGui::CalcTextSize(text).x + style.FramePadding.x * 2; };
  float w = button_w(Tr("Copy link")) + button_w(Tr("Export ▾")) + button_w("English") + button_w("简体中文") +
            ImGui::GetFrameHeight() * 1.3f + style.ItemSpacing.x * 3 + 2 + 4;
  float used = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + 20;
  float target = ImGui::GetWindowContentRegionMax().x - w;
  if (target > used) ImGui::SameLine(target);
  if (ImGui::Button(TrId("Copy link").c_str())) {
    std::string url = platform::ShareUrl(app.link);
    platform::SetClipboard(url);
    SetStatus(app, Sprintf(Tr("Link copied: %s"), url.c_str()));
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", Tr("The link holds every input: send it and the other side sees this plan"));
  Record(app, "copy_link");
  ImGui::SameLine();
  if (ImGui::Button(TrId("Export ▾").c_str())) ImGui::OpenPopup("export");
  Record(app, "export");
  if (ImGui::BeginPopup("export")) {
    if (ImGui::Selectable(TrId("Markdown (.md)").c_str())) ExportImpl(app, Format::Markdown);
    Record(app, "export_md");
    if (ImGui::Selectable(TrId("CSV (.csv)").c_str())) ExportImpl(app, Format::Csv);
    Record(app, "export_csv");
    if (ImGui::Selectable(TrId("JSON (.json)").c_str())) ExportImpl(app, Format::Json);
    Record(app, "export_json");
    ImGui::EndPopup();
  }
  // The language switch: each name in its own language (the few glyphs of 简体中文 are always loaded).
  ImGui::SameLine();
  for (Lang l : {Lang::En, Lang::Zh}) {
    if (l == Lang::Zh) ImGui::SameLine(0, 2);
    const bool sel = app.lang == l;
    if (sel) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(l == Lang::Zh ? "简体中文###lang_zh" : "English###lang_en") && !sel) {
      app.lang = l;
      SetLanguage(l);
      Commit(app, true);  // a history entry and the saved state; the plan itself does not change
    }
    if (sel) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", Tr("Interface language (the choice is saved and put in the share link)"));
    Record(app, l == Lang::Zh ? "lang_zh" : "lang_en");
  }
  ImGui::SameLine();
  if (ImGui::Button(app.dark ? "☀" : "☾", ImVec2(ImGui::GetFrameHeight() * 1.3f, 0))) {
    app.dark = !app.dark;
    ApplyTheme(app.dark);
    Save(app);
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", Tr(app.dark ? "Light theme" : "Dark theme"));
  Record(app, "theme");
  return changed;
}

}  // namespace

// ============================================================================================
// [SECTION] Frame
// ============================================================================================

void Init(AppState& app, const InitOptions& options) {
  std::string link = platform::InitialLink();
  app.persist = options.save_state;
  std::string saved = options.use_saved_state ? platform::LoadState() : std::string();
  // The saved state holds the theme after the fragment ("#v=1&...|dark"); the link never does.
  std::string saved_theme;
  if (size_t bar = saved.find('|'); bar != std::string::npos) {
    saved_theme = saved.substr(bar + 1);
    saved.resize(bar);
  }
  app.dark = saved_theme == "dark";
  if (options.theme == "dark") app.dark = true;
  if (options.theme == "light") app.dark = false;
  ApplyTheme(app.dark);
  // Language: the one remembered with the last state; on a first visit the browser's (navigator.language,
  // natively the locale); a --lang option over both; and a link that names `lang` over everything.
  if (!saved.empty()) {
    std::string_view sv = saved;
    size_t at = sv.find("lang=zh");
    app.lang = at != std::string_view::npos && at > 0 && (sv[at - 1] == '&' || sv[at - 1] == '#') ? Lang::Zh : Lang::En;
  } else {
    app.lang = ParseLang(platform::PreferredLanguage());
  }
  if (options.lang == "zh" || options.lang == "en") app.lang = ParseLang(options.lang);
  SetLanguage(app.lang);
  // The first plan is searched in slices over the first frames (as after an edit), so the first frame is
  // drawn without waiting for it; window.trainplan.plan() finishes it at once if a script asks first.
  if (!link.empty() && link != "#") {
    LoadLinkImpl(app, link, /*plan_now=*/false, /*keep_language=*/true);
  } else if (!saved.empty()) {
    LoadLinkImpl(app, saved, /*plan_now=*/false);
  } else {
    // First visit: open on the articles' question, 70B on RTX 4090 vs A100 vs H100.
    LoadLinkImpl(app, "#view=compare", /*plan_now=*/false, /*keep_language=*/true);
  }
  if (options.view == "plan") app.view = View::Plan;
  if (options.view == "compare") app.view = View::Compare;
  if (options.view == "search") app.view = View::Search;
  WriteLink(app, /*push=*/false);  // an opened link becomes the state to restore next time

  platform::ScriptHooks hooks;
  hooks.user = &app;
  hooks.plan_json = [](void* u) {
    AppState& a = *static_cast<AppState*>(u);
    FinishPendingPlan(a);
    return a.plan_json;
  };
  hooks.set_link = [](void* u, const std::string& f) {
    AppState& a = *static_cast<AppState*>(u);
    LoadLinkImpl(a, f, /*plan_now=*/false);  // plan() finishes it if asked before the frames do
    a.link_item = 0;
    WriteLink(a, /*push=*/true);  // a loaded link is a discrete navigation: its own history entry
  };
  hooks.widgets_json = [](void* u) {
    const AppState& a = *static_cast<const AppState*>(u);
    std::string s = "{";
    for (const auto& w : a.widgets) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "%s\"%s\":[%.1f,%.1f,%.1f,%.1f]", s.size() > 1 ? "," : "", w.name.c_str(), w.x0, w.y0,
                    w.x1, w.y1);
      s += buf;
    }
    return s + "}";
  };
  hooks.stats_json = [](void* u) {
    AppState& a = *static_cast<AppState*>(u);
    char buf[480];
    std::snprintf(buf, sizeof buf,
                  "{\"frame_ms_last\":%.3f,\"frame_ms_max\":%.3f,\"ui_ms_max\":%.3f,\"edit_ms_max\":%.3f,"
                  "\"step_ms_max\":%.3f,"
                  "\"replan_ms_last\":%.3f,\"frames\":%d,"
                  "\"active_id\":%u,\"mouse\":[%.0f,%.0f],\"lang\":\"%s\",\"cjk_font\":%s}",
                  a.frame_ms_last, a.frame_ms_max, a.ui_ms_max, a.edit_ms_max, a.slice_step_ms_max, a.replan_ms_last,
                  a.frames, (unsigned)ImGui::GetActiveID(),
                  ImGui::GetIO().MousePos.x, ImGui::GetIO().MousePos.y, LangCode(a.lang),
                  a.cjk_font_ready ? "true" : "false");
    a.frame_ms_max = a.ui_ms_max = a.edit_ms_max = a.slice_step_ms_max = 0;  // maxima since the last call
    return std::string(buf);
  };
  platform::SetScriptHooks(hooks);
}

void Export(AppState& app, Format format) { ExportImpl(app, format); }

void PlanAfterEdit(AppState& app) { ReplanSoon(app); }

void Save(const AppState& app) {
  if (!app.persist) return;  // screenshots neither read nor overwrite the user's state
  platform::SaveState(CurrentLink(app) + (app.dark ? "|dark" : "|light"));
}

void ClearColor(const AppState& app, float rgba[4]) {
  ImVec4 c = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  (void)app;
  rgba[0] = c.x, rgba[1] = c.y, rgba[2] = c.z, rgba[3] = 1;
}

bool Busy(const AppState& app) {
  bool stale = false;
  for (const auto& sc : app.scenarios) stale |= sc.stale;
  return app.main_pending || app.link_pending || (app.view == View::Plan && app.scaling_next < std::size(kScaleCounts)) ||
         (app.view == View::Search && (app.search_running || !app.search_started || app.front_next < Gpus().size())) || (app.view == View::Compare && stale);
}

void DrawUi(AppState& app) {
  double frame_start = Now();
  // Navigation (back/forward, an edited address, window.trainplan.setLink) replaces the whole state.
  std::string nav;
  if (platform::TakeLinkChange(nav)) {
    LoadLinkImpl(app, nav, false);
    app.link_item = 0;
  }
  SetLanguage(app.lang);  // Tr() below speaks this app's language
  app.widgets_building.clear();

  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  // No background of its own: the frame is cleared to the same colour (ClearColor), and under software
  // WebGL every full-window quad costs milliseconds.
  ImGui::Begin("TrainPlan", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoBackground);
  View before = app.view;
  bool changed = TopBar(app);
  bool view_changed = app.view != before;

  // Notices from the last link (bad keys, newer version) and one-line status.
  double now = Now();
  // They stay until dismissed or the next edit: a box vanishing on a timer would move everything under
  // the pointer.
  if (!app.notices.empty()) {
    ImVec4 tint = ColV(app, Hue::Gradients);
    tint.w = 0.15f;
    ImGui::PushStyleColor(ImGuiCol_ChildBg, tint);
    float h = ImGui::GetTextLineHeightWithSpacing() * (float)std::min<size_t>(app.notices.size(), 4) + 12;
    ImGui::BeginChild("notices", ImVec2(0, h), true);
    float close_x = ImGui::GetContentRegionAvail().x - ImGui::GetFrameHeight();
    bool dismiss = false;
    for (size_t i = 0; i < app.notices.size(); ++i) {
      ImGui::TextUnformatted(app.notices[i].c_str());
      if (i == 0) {
        ImGui::SameLine(close_x);
        dismiss = ImGui::SmallButton("×");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", Tr("Dismiss"));
        Record(app, "notices_close");
      }
    }
    ImGui::EndChild();
    ImGui::PopStyleColor();
    if (dismiss) app.notices.clear();
  }

  float status_h = ImGui::GetTextLineHeightWithSpacing() + 4;
  bool input_changed = false;
  auto results = [&] {
    switch (app.view) {
      case View::Plan: changed |= PlanView(app); break;
      case View::Compare: changed |= CompareView(app); break;
      case View::Search: changed |= SearchView(app); break;
    }
  };
  if (ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 50) {
    // Narrow screens (phones, split windows): one scrolling column, the answer first, the inputs below.
    ImGui::BeginChild("all", ImVec2(0, -status_h), true);
    results();
    ImGui::Separator();
    app.reveal_error = false;  // the answer stays on screen: its verdict says which keys were replaced
    input_changed = DrawInputs(app);
    ImGui::EndChild();
  } else {
    float left_w = std::max(300.0f, std::min(420.0f, ImGui::GetContentRegionAvail().x * 0.32f));
    ImGui::BeginChild("inputs", ImVec2(left_w, -status_h), true);
    input_changed = DrawInputs(app);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("results", ImVec2(0, -status_h), true);
    results();
    ImGui::EndChild();
  }
  // Status line: the link (what Copy link copies) or the last action's feedback.
  if (now < app.status_until) ImGui::TextColored(ColV(app, Hue::Accent), "%s", app.status.c_str());
  else ImGui::TextDisabled("%s", app.link.c_str());
  Record(app, "status");
  ImGui::End();

  if (input_changed || changed) {
    if (input_changed) app.notices.clear();  // about the link; the inputs moved on
    if (input_changed) app.reveal_error = false;        // never scroll away from the field being edited
    double t_edit = Now();
    ReplanSoon(app);
    Commit(app, view_changed);
    app.edit_ms_max = std::max(app.edit_ms_max, (Now() - t_edit) * 1e3);
  }
  // A pending link write goes out once the input is left or typing pauses.
  if (app.link_pending && (ImGui::GetActiveID() != app.link_item || Now() >= app.link_due)) FlushLink(app);
  app.ui_ms_max = std::max(app.ui_ms_max, (Now() - frame_start) * 1e3);
  BackgroundWork(app, frame_start);
  app.widgets.swap(app.widgets_building);
  app.frame_ms_last = (Now() - frame_start) * 1e3;
  app.frame_ms_max = std::max(app.frame_ms_max, app.frame_ms_last);
  ++app.frames;
}

}  // namespace tp::ui
