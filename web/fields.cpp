// fields.cpp — the key table's fields (fields.h): a label column that wraps, text fields whose typed
// values go through core's ApplyPair, auto/default checkboxes greyed to the value in use, choice combos,
// the issues under each field and the tooltips (help, catalog, source, unit, accepted values).
#include "fields.h"

#include <algorithm>
#include <cstring>
#include <optional>

#include "app.h"
#include "catalog.h"
#include "i18n.h"
#include "imgui.h"
#include "json.h"
#include "plan.h"
#include "presets.h"
#include "resolve.h"
#include "resolved.h"
#include "stack.h"
#include "text.h"
#include "text_layout.h"
#include "views.h"
#include "widgets.h"

namespace tp::ui {
namespace {

// The key's unit after its field ("tokens", "GB/s"), in the interface's language; none when the label
// already says it.
std::string ShownUnit(const KeyInfo& k) {
  if (!k.unit || !*k.unit) return {};
  if (Lower(k.label.en).find(Lower(k.unit)) != std::string::npos) return {};
  return TrUnit(k.unit);
}
float UnitWidth(const std::string& unit) {
  return unit.empty() ? 0.0f : ImGui::CalcTextSize(unit.c_str()).x + ImGui::GetStyle().ItemSpacing.x;
}

// What the catalog says about a key whose help sends command-line users to `trainplan catalog ...`.
std::string CatalogNote(const AppState& app, const char* key) {
  const std::string k = key;
  const Job& job = app.main.out.job;
  if (k == "gpu" || k == "usd_per_gpu_hour" || k == "usd_per_gpu") {
    const GpuSpec* g = job.hw.gpu ? job.hw.gpu : FindGpu(app.cfg.gpu);
    if (!g) return {};
    const bool zh = LangOf(app) == Lang::Zh && !g->price_source_zh.empty();
    if (k != "gpu") return Sprintf(Tr("price source: %s"), (zh ? g->price_source_zh : g->price_source).c_str());
    return Sprintf(Tr("%s: %s as the driver exposes it (%s marketed), %s/s, %s %s, %.0f W"), g->name.c_str(),
                   FmtMem(g->mem_bytes).c_str(), FmtMem(g->marketed_bytes).c_str(), FmtBytes(g->mem_bw).c_str(),
                   FmtFlops(Peak16(*g)).c_str(), Peak16Name(*g), g->tdp_w) +
           "\n" + Sprintf(Tr("source: %s"), g->source.c_str());
  }
  if (k == "intra" || k == "inter") {
    const LinkSpec* l = k == "intra" ? job.hw.intra : job.hw.inter;
    if (!l) return {};
    return Sprintf(Tr("in use: %s, %s/s per GPU"), Tr(l->name.c_str()), FmtBytes(l->bw).c_str()) + "\n" +
           Sprintf(Tr("source: %s"), l->source.c_str());
  }
  if (k == "stack") {
    std::string s;
    for (const StackProfile& p : Stacks()) s += std::string(s.empty() ? "" : "\n") + p.name + ": " + p.covers;
    return s;
  }
  if (k == "model") {
    const ModelPreset* m = FindModel(app.cfg.model);
    return m ? Sprintf(Tr("source: %s"), m->source.c_str()) : std::string();
  }
  return {};
}

// A text field of the key; true when its text was edited this frame (the text is in `text`).
bool TextBox(AppState& app, const KeyInfo& k, const std::string& shown, bool disabled, std::string& text) {
  char buf[272];
  std::snprintf(buf, sizeof buf, "%s", shown.c_str());
  if (disabled) ImGui::BeginDisabled();
  const bool edited = ImGui::InputText("##v", buf, sizeof buf,
                                       disabled ? ImGuiInputTextFlags_ReadOnly : ImGuiInputTextFlags_AutoSelectAll);
  if (disabled) ImGui::EndDisabled();
  if (ImGui::IsItemActivated())
    app.inputs.editing_key = k.name, app.inputs.editing_start = FormatValue(app.cfg, k.name);
  RecordTextField(app);
  if (!disabled && ImGui::IsItemDeactivated()) {
    // Left empty: nothing was typed after all, the field shows the value again.
    auto it = app.inputs.typed.find(k.name);
    if (it != app.inputs.typed.end() && Trim(it->second).empty()) app.inputs.typed.erase(it);
  }
  text = buf;
  return edited && !disabled;
}

// The refusal setting `key` to `value` would add to the configuration's own (core/resolve RlOfferIssues, the
// resolver's own check); empty when it adds none. Only the post-training choices have such a rule.
std::optional<ConfigIssue> AddedRefusal(const AppState& app, const char* key, const char* value);

// Why giving a value to a key on auto would be refused whatever the value (a post-training token budget under a
// framework that counts micro-batches in sequences), in the page's language, naming the key rather than the value
// tried (the step's longest sequence, a budget every framework with budgets accepts); "" when it would run.
std::string RuledOutAnyValue(const AppState& app, const KeyInfo& k) {
  if (std::strcmp(k.name, "rl_mb_tokens") != 0 && std::strcmp(k.name, "rl_logprob_mb_tokens") != 0) return {};
  const int longest = std::max(1, app.main.out.job.rl.LongestTokens());
  std::optional<ConfigIssue> is = AddedRefusal(app, k.name, std::to_string(longest).c_str());
  if (!is) return {};
  if (!is->args.empty()) is->args[0] = IssueArg(std::string(k.name));  // "{0} is not in ...": the key, not a value
  return PageText(IssueMessage(*is, LangOf(app)));
}

bool TextKindField(AppState& app, const KeyInfo& k) {
  const char* key = k.name;
  Config& c = app.cfg;
  const bool is_auto = IsAuto(c, k) && !app.inputs.typed.count(key) && k.kind != KeyKind::Text;
  const bool assumption = k.assume != nullptr;
  const char* auto_word = assumption ? "default" : "auto";
  const std::string unit = ShownUnit(k);
  const float auto_w =
      k.has_auto && k.kind != KeyKind::Text ? ImGui::CalcTextSize(Tr(auto_word)).x + ImGui::GetFrameHeight() + 8 : 0;
  // A long unit ("fraction of GPU TDP") on a narrow screen goes under the field rather than off the edge.
  const bool unit_below =
      !unit.empty() && ImGui::GetContentRegionAvail().x - auto_w - UnitWidth(unit) < ImGui::GetFontSize() * 5;
  ImGui::SetNextItemWidth(std::max(ImGui::GetFontSize() * 3,
                                   ImGui::GetContentRegionAvail().x - auto_w - (unit_below ? 0 : UnitWidth(unit))));
  bool changed = false;
  std::string text;
  // On auto, a key the rest of the configuration rules out for any value (core's rule, the refusal the plan would
  // show) is greyed out and read-only, its reason on hover, as a ruled-out choice of a box is.
  const std::string ruled_out = is_auto ? RuledOutAnyValue(app, k) : std::string();
  if (!ruled_out.empty()) {
    TextBox(app, k, ResolvedText(app, k), true, text);
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) Tooltip(ruled_out);
  } else if (is_auto) {
    // Greyed to what the plan uses, yet typable: a value typed over it turns auto off (issue #20: people
    // type into the field they see, not first into its checkbox).
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    const bool edited = TextBox(app, k, ResolvedText(app, k), false, text);
    ImGui::PopStyleColor();
    if (edited) {
      ApplyTyped(app, key, text);
      changed = true;
    }
  } else {
    auto typed = app.inputs.typed.find(key);
    // Exact, as the link spells it (1.5e13, 0.12), so a field clicked and left changes nothing.
    const std::string shown = typed != app.inputs.typed.end() ? typed->second : FormatValue(c, key);
    if (TextBox(app, k, shown, false, text)) {
      ApplyTyped(app, key, text);
      changed = true;
    }
  }
  if (ruled_out.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip)) KeyTooltip(app, key);
  Record(app, key);
  if (!unit.empty() && !unit_below) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", unit.c_str());
  }
  if (auto_w > 0) {
    ImGui::SameLine();
    bool a = is_auto;
    ImGui::BeginDisabled(!ruled_out.empty());
    const bool toggled = ImGui::Checkbox(TrId(auto_word).c_str(), &a);
    ImGui::EndDisabled();
    if (toggled) {
      app.inputs.typed.erase(key);
      std::erase_if(app.inputs.typed_issues, [&](const ConfigIssue& is) { return is.key == key; });
      std::vector<ConfigIssue> ignored;
      // Off auto: the field starts from the value in use (or the range's low end).
      if (a || !ApplyPair(c, key, ResolvedText(app, k), ignored))
        ApplyPair(c, key, a ? "auto" : FormatNumber(k.lo), ignored);
      changed = true;
    }
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip)) {
      if (assumption)
        KeyTooltip(app, key);
      else if (IsModelGroup(k.group))
        Tooltip(Sprintf(Tr("Use the preset's value of %s."), key));
      else if (k.group == KeyGroup::Layout)
        Tooltip(Sprintf(Tr("Let the planner choose %s (it searches every valid layout)."), key));
      else
        Tooltip(Sprintf(Tr("auto: the planner's default for %s (hover the field for where it comes from)."), key));
    }
    Record(app, (std::string("auto_") + key).c_str());
  }
  if (unit_below) {
    ImGui::SetCursorPosX(app.inputs.label_width);
    MutedParagraph(unit);
  }
  return changed;
}

// The refusal setting `key` to `value` would meet from what each RL framework trains and generates with
// (core/resolve RlOfferIssues, the resolver's own check); none when it would run or adds no refusal of its own. Only
// the post-training keys have such a rule; asked while a combo is open, a few times a frame.
std::optional<ConfigIssue> AddedRefusal(const AppState& app, const char* key, const char* value) {
  static const char* const kRlChoices[] = {"goal",         "rl_framework",         "rl_engine",
                                           "rl_mb_tokens", "rl_logprob_mb_tokens", "rl_park"};
  if (std::none_of(std::begin(kRlChoices), std::end(kRlChoices), [&](const char* k) { return !std::strcmp(k, key); }))
    return std::nullopt;
  Config c = app.cfg;
  std::vector<ConfigIssue> ignored;
  if (!ApplyPair(c, key, value, ignored) || !app.main.out.job.stack) return std::nullopt;
  // Only a refusal the choice would add: one the configuration already meets (another box's) greys out nothing here.
  const std::vector<ConfigIssue> now = RlOfferIssues(app.cfg, app.main.out.job);
  for (const ConfigIssue& is : RlOfferIssues(c, app.main.out.job))
    if (std::none_of(now.begin(), now.end(), [&](const ConfigIssue& n) { return n.message == is.message; })) return is;
  return std::nullopt;
}

// Why setting `key` to `value` would be refused (AddedRefusal), in the page's language; "" when it would not.
std::string RuledOut(const AppState& app, const char* key, const char* value) {
  const std::optional<ConfigIssue> is = AddedRefusal(app, key, value);
  return is ? PageText(FormatIssue(*is, LangOf(app))) : std::string();
}

bool ChoiceField(AppState& app, const KeyInfo& k) {
  const char* key = k.name;
  Config& c = app.cfg;
  ImGui::SetNextItemWidth(-1);
  const int v = k.get_int(c);
  const bool is_auto = (k.has_auto && v < 0) || (v >= 0 && v < k.n_names && std::strcmp(k.names[v], "auto") == 0);
  auto auto_label = [&] {
    const std::string r = ResolvedText(app, k);
    for (int i = 0; i < k.n_names; ++i)
      if (r == k.names[i] && std::strcmp(k.names[i], "auto") != 0)
        return Sprintf(Tr("auto (%s)"), Tr(ChoiceLabel(k, i)));
    return std::string(Tr("auto"));
  };
  const std::string preview = is_auto ? auto_label() : Tr(ChoiceLabel(k, v));
  bool changed = false;
  std::vector<ConfigIssue> ignored;
  if (BeginComboFitted("##v", preview)) {
    if (k.has_auto && ImGui::Selectable(auto_label().c_str(), is_auto) && !is_auto)
      changed = ApplyPair(c, key, "auto", ignored);
    if (k.has_auto && is_auto) ImGui::SetItemDefaultFocus();
    for (int i = 0; i < k.n_names; ++i) {
      const bool auto_name = std::strcmp(k.names[i], "auto") == 0;
      // A choice the rest of the configuration rules out (core's rule, the refusal the plan would show): greyed out,
      // its reason on hover. The current value stays choosable so it can be left.
      const std::string ruled_out = v == i || auto_name ? std::string() : RuledOut(app, key, k.names[i]);
      ImGui::BeginDisabled(!ruled_out.empty());
      if (ImGui::Selectable(auto_name ? auto_label().c_str() : Tr(ChoiceLabel(k, i)), v == i) && v != i)
        changed = ApplyPair(c, key, k.names[i], ignored);
      ImGui::EndDisabled();
      if (!ruled_out.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) Tooltip(ruled_out);
      if (v == i) ImGui::SetItemDefaultFocus();  // opened from the keyboard, the arrows start at the value
      Record(app, (std::string("choice_") + key + "_" + k.names[i]).c_str());
    }
    ImGui::EndCombo();
  }
  return EndComboField(app, key, changed);
}

}  // namespace

std::string ResolvedText(const AppState& app, const KeyInfo& k) {
  // What the plan uses, as the JSON's config says it (core/report/resolved.h); a Real key with a printf of its
  // own (dropout "%.2f") shows at that precision.
  const std::string v = ResolvedValue(app.main.out, k);
  double x = 0;
  if (k.kind == KeyKind::Real && k.format && ParseNumber(v, x)) return Fmt(k.format, x);
  return v;
}

void InputsBegin(AppState& app, float label_width) { app.inputs.label_width = label_width; }

void LabelCell(AppState& app, const char* key, const char* label) {
  const float width = app.inputs.label_width - ImGui::GetStyle().ItemSpacing.x;
  const std::string_view text = Tr(label);
  ImGui::BeginGroup();
  const std::vector<std::string_view> lines = WrapLines(text, width);
  if (lines.size() == 1) ImGui::AlignTextToFramePadding();
  for (std::string_view line : lines) ImGui::TextUnformatted(line.data(), line.data() + line.size());
  ImGui::EndGroup();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip)) KeyTooltip(app, key);
  Record(app, (std::string("label_") + key).c_str());
  ImGui::SameLine(app.inputs.label_width);
}

bool KeyField(AppState& app, const KeyInfo& k) {
  ImGui::PushID(k.name);
  LabelCell(app, k.name, k.label.en);
  if (k.kind == KeyKind::Choice) return ChoiceField(app, k);  // pops the ID (EndComboField)
  const bool changed = TextKindField(app, k);
  FieldIssues(app, k.name, changed);
  ImGui::PopID();
  return changed;
}

bool KeyField(AppState& app, const char* key) {
  const KeyInfo* k = FindKey(key);
  return k ? KeyField(app, *k) : false;
}

void ApplyTyped(AppState& app, const char* key, const std::string& text) {
  InputsState& in = app.inputs;
  auto same_key = [&](const ConfigIssue& is) { return is.key == key; };
  std::erase_if(in.typed_issues, same_key);
  std::erase_if(app.link_issues, same_key);
  if (Trim(text).empty()) {  // being retyped: no value yet, no complaint yet
    in.typed[key] = text;
    return;
  }
  Config trial = app.cfg;
  std::vector<ConfigIssue> issues;
  if (ApplyPair(trial, key, text, issues) && !HasErrors(issues)) {
    app.cfg = std::move(trial);
    in.typed.erase(key);
    return;
  }
  in.typed[key] = text;  // refused: kept as typed, the plan keeps the value from before the typing
  if (in.editing_key == key) {
    std::vector<ConfigIssue> ignored;
    ApplyPair(app.cfg, key, in.editing_start, ignored);
  }
  for (ConfigIssue& is : issues)
    if (!is.notice) {
      if (is.key.empty()) is.key = key;
      in.typed_issues.push_back(std::move(is));
    }
}

std::vector<ConfigIssue> InputIssues(const AppState& app) {
  std::vector<ConfigIssue> all = app.link_issues;
  all.insert(all.end(), app.inputs.typed_issues.begin(), app.inputs.typed_issues.end());
  return all;
}

bool EndComboField(AppState& app, const char* key, bool changed) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip)) KeyTooltip(app, key);
  Record(app, key);
  FieldIssues(app, key, changed);
  ImGui::PopID();
  return changed;
}

bool KeyHasIssue(const AppState& app, const char* key, bool errors_only) {
  auto named = [&](const ConfigIssue& is) { return is.key == key && !(errors_only && is.notice); };
  return std::any_of(app.main.out.issues.begin(), app.main.out.issues.end(), named) ||
         std::any_of(app.inputs.typed_issues.begin(), app.inputs.typed_issues.end(), named);
}

void FieldIssues(AppState& app, const char* key, bool edited) {
  auto same = [](const ConfigIssue& a, const ConfigIssue& b) { return a.key == b.key && a.message == b.message; };
  if (edited) std::erase_if(app.link_issues, [&](const ConfigIssue& is) { return is.key == key; });
  // The plan's issues naming the key, and a typed value's that the plan has not taken in yet.
  std::vector<const ConfigIssue*> mine;
  for (const ConfigIssue& is : app.main.out.issues)
    if (is.key == key) mine.push_back(&is);
  for (const ConfigIssue& is : app.inputs.typed_issues)
    if (is.key == key && std::none_of(mine.begin(), mine.end(), [&](const ConfigIssue* m) { return same(*m, is); }))
      mine.insert(mine.begin(), &is);
  if (mine.empty()) return;
  // The first error, else the first notice; the others are counted.
  const ConfigIssue* shown = mine[0];
  for (const ConfigIssue* is : mine)
    if (shown->notice && !is->notice) shown = is;
  const int count = (int)mine.size();
  ImGui::SetCursorPosX(app.inputs.label_width);  // under the field, not under its label
  ImGui::BeginGroup();
  std::string text = shown->notice ? "· " : "✘ ";
  text += PageText(IssueMessage(*shown, LangOf(app)));
  if (count > 1) text.append(" ").append(TrFill("(and {0} more)", {std::to_string(count - 1)}));
  Paragraph(text, ColV(app, shown->notice ? Hue::Muted : Hue::Bad));
  if (!shown->notice) {
    // What the plan on the right used instead, so its numbers are not taken for this value's.
    static const Config defaults;
    auto value = [](const Config& c, const char* k) {
      std::string v = FormatValue(c, k);
      return v == "auto" ? std::string(Tr("auto")) : v;
    };
    const auto& fb = app.main.out.fallback_keys;
    auto listed = [&](const std::vector<ConfigIssue>& list) {
      return std::any_of(list.begin(), list.end(), [&](const ConfigIssue& is) { return same(is, *shown); });
    };
    if (std::find(fb.begin(), fb.end(), key) != fb.end())
      MutedParagraph(TrFill("the plan uses {0} until this is fixed", {value(defaults, key)}));
    else if (listed(app.inputs.typed_issues))
      MutedParagraph(TrFill("not applied: the plan uses {0}", {value(app.cfg, key)}));
    else if (listed(app.link_issues))
      MutedParagraph(TrFill("the link's value was ignored: the plan uses {0}", {value(app.cfg, key)}));
  }
  ImGui::EndGroup();
  // A link just opened with an error below the fold: bring the first one into view, once.
  if (app.reveal_error && !shown->notice) {
    const float bottom = ImGui::GetWindowPos().y + ImGui::GetWindowHeight() - ImGui::GetStyle().WindowPadding.y;
    if (!ImGui::IsItemVisible() || ImGui::GetItemRectMax().y > bottom) ImGui::SetScrollHereY(0.5f);
    app.reveal_error = false;
  }
  if (count > 1 && ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip)) {
    std::string all;
    for (const ConfigIssue* is : mine) all += (all.empty() ? "" : "\n") + PageText(FormatIssue(*is, LangOf(app)));
    Tooltip(all);
  }
  Record(app, (std::string("issue_") + key).c_str());
}

std::string AcceptsText(const char* accepts) {
  // core writes "a whole number 1-1024 or auto", "bf16, fp16 or fp8": the fixed words are translated, the
  // values (link spellings) stay as they are typed (core's TranslateWords, as the issue messages do).
  return PageText(TranslateWords(CurrentLanguage(), accepts));
}

void KeyTooltip(const AppState& app, const char* key, const std::string& extra) {
  const KeyInfo* info = FindKey(key);
  const float width = TooltipWidth();
  ImGui::BeginTooltip();
  if (info && info->help && *info->help) Paragraph(PageText(info->Help(LangOf(app))), ImVec4(0, 0, 0, 0), width);
  if (!extra.empty()) Paragraph(extra, ImVec4(0, 0, 0, 0), width);
  const std::string note = CatalogNote(app, key);
  if (!note.empty()) Paragraph(note, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), width);
  const ImVec4 muted = ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
  if (info && info->source.en && *info->source.en)
    Paragraph(Sprintf(Tr("the default's source: %s"), PageText(info->source.In(LangOf(app))).c_str()), muted, width);
  if (info && info->unit && *info->unit) Paragraph(Sprintf(Tr("unit: %s"), TrUnit(info->unit)), muted, width);
  if (info && info->accepts && *info->accepts)
    Paragraph(Sprintf(Tr("accepts: %s"), AcceptsText(info->accepts).c_str()), muted, width);
  Paragraph(Sprintf(Tr("link key: %s"), key), muted, width);
  ImGui::EndTooltip();
}

void RecordTextField(AppState& app) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  app.text_fields_building.push_back({a.x, a.y, b.x, b.y});
}

}  // namespace tp::ui
