// inputs.cpp — the left panel (inputs.h): one section per group of core's key table, each key drawn from
// its row (fields.h) in the table's order, the few keys with widgets of their own, and the Hugging Face
// config.json import. A section holding a new error opens to show it next to its field (issue #9).
#include "inputs.h"

#include <algorithm>
#include <cstring>
#include <iterator>

#include "app.h"
#include "calibrate.h"
#include "calibrate_panel.h"
#include "catalog.h"
#include "fields.h"
#include "i18n.h"
#include "imgui.h"
#include "launch_menu.h"
#include "model.h"
#include "plan.h"
#include "platform.h"
#include "resolve.h"
#include "stack.h"
#include "text.h"
#include "text_layout.h"
#include "views.h"
#include "widgets.h"

namespace tp::ui {
namespace {

using Groups = std::initializer_list<KeyGroup>;

float LabelColumnWidth() { return ImGui::GetFontSize() * 8.6f; }
float ButtonWidth(const char* text) { return ImGui::CalcTextSize(text).x + ImGui::GetStyle().FramePadding.x * 2; }
float RadioWidth(const char* text) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(text).x;
}
float CheckboxWidth(const char* text) { return RadioWidth(text); }

// The next widget of a row of choices (`w` wide) on the same line when it fits there, else at the start of
// the field column on the next line: a narrow panel wraps the row instead of cutting its last choice off.
void NextInRow(const AppState& app, float w, float spacing = -1.0f) {
  const float gap = spacing < 0 ? ImGui::GetStyle().ItemSpacing.x : spacing;
  if (ImGui::GetItemRectMax().x + gap + w <= ContentRight()) {
    ImGui::SameLine(0, gap);
    return;
  }
  ImGui::SetCursorPosX(app.inputs.label_width);
}
constexpr KeyGroup kFieldGroups[] = {
    KeyGroup::Model,  KeyGroup::ModelShape, KeyGroup::ModelDetails, KeyGroup::Training,    KeyGroup::Hardware,
    KeyGroup::Layout, KeyGroup::Cost,       KeyGroup::Reliability,  KeyGroup::Assumptions, KeyGroup::Calibration};

// Open a collapsible part (header or tree node) once for each new set of errors among its groups' keys;
// true when one of them has an error.
bool OpenForErrors(AppState& app, const char* id, const std::vector<KeyGroup>& groups) {
  bool error = false;
  for (const KeyInfo& k : Keys())
    if (std::find(groups.begin(), groups.end(), k.group) != groups.end()) error |= KeyHasIssue(app, k.name, true);
  int& opened = app.section_opened[id];
  if (error && opened != app.issue_serial) ImGui::SetNextItemOpen(true);
  if (error) opened = app.issue_serial;
  return error;
}

// On a collapsed part with an error (the user closed it again): a red mark at the header's right end.
void ErrorMark(AppState& app, bool error, bool open) {
  if (!error || open) return;
  const char* mark = "✘";
  ImVec2 max = ImGui::GetItemRectMax(), min = ImGui::GetItemRectMin();
  float w = ImGui::CalcTextSize(mark).x;
  ImGui::GetWindowDrawList()->AddText(
      ImVec2(max.x - w - ImGui::GetStyle().FramePadding.x, (min.y + max.y - ImGui::GetTextLineHeight()) * 0.5f),
      Col(app, Hue::Bad), mark);
}

// A section's header, titled by core's GroupTitle ("模型###Model": the ID stays English, so open/closed
// survives a language switch), or by `words` (an English key of the page's table) where the page asks.
bool SectionHeader(AppState& app, KeyGroup group, bool open_by_default, Groups groups, const char* words = nullptr) {
  const char* title = GroupTitle(group, Lang::En);
  ImGui::Spacing();
  PushFace(app.fonts.bold);
  bool error = OpenForErrors(app, title, groups);
  const std::string id = std::string(words ? Tr(words) : GroupTitle(group, LangOf(app))) + "###" + title;
  bool open = ImGui::CollapsingHeader(id.c_str(), open_by_default ? ImGuiTreeNodeFlags_DefaultOpen : 0);
  ImGui::PopFont();
  Record(app, (std::string("section_") + title).c_str());
  ErrorMark(app, error, open);
  return open;
}

// `also`: groups drawn inside this tree, whose errors open it too.
bool TreeSection(AppState& app, KeyGroup group, Groups also = {}) {
  const char* title = GroupTitle(group, Lang::En);
  std::vector<KeyGroup> groups(also);
  groups.push_back(group);
  bool error = OpenForErrors(app, title, groups);
  const std::string id = std::string(GroupTitle(group, LangOf(app))) + "###" + title;
  bool open = ImGui::TreeNode(id.c_str());
  ErrorMark(app, error, open);
  return open;
}

// Keys that only mean something in some plans (core's KeyRelevant) are drawn there, and wherever they are set
// or in error.
bool Shown(const AppState& app, const KeyInfo& k) {
  return KeyRelevant(app.cfg, app.main.out.job, k.name) || !IsDefault(app.cfg, k.name) || KeyHasIssue(app, k.name);
}

// The preset picker: a choice replaces the whole model (core's SelectModel); an edited preset says
// "(modified)" and offers Reset; an imported model shows its name.
bool ModelPicker(AppState& app) {
  Config& c = app.cfg;
  const PickerRows& rows = CurrentPickerRows(app);
  const bool modified = c.model != "custom" && ModelEdited(c);
  ImGui::PushID("model");
  LabelCell(app, "model", FindKey("model")->label.en);
  std::string preview = c.model == "custom" ? (c.name.empty() ? std::string(Tr("custom (dimensions below)"))
                                                              : Sprintf(Tr("%s (imported)"), c.name.c_str()))
                                            : RowLabel(rows.models, c.model);
  if (modified) preview = Sprintf(Tr("%s (modified)"), preview.c_str());
  const char* reset = Tr("Reset");
  const float reset_w = modified ? ImGui::CalcTextSize(reset).x + ImGui::GetStyle().FramePadding.x * 2 + 6 : 0;
  std::string id = c.model == "custom" ? std::string() : c.model;
  bool changed = false;
  if (PickerCombo(app, "model", preview, &id, rows.models, "custom (dimensions below)",
                  ImGui::GetContentRegionAvail().x - reset_w)) {
    if (id.empty()) {
      // Custom: the dimensions in use become the user's, to edit from there.
      const Config resolved = app.main.out.config;
      std::vector<ConfigIssue> ignored;
      for (const KeyInfo& k : Keys())
        if ((k.group == KeyGroup::ModelShape || k.group == KeyGroup::ModelDetails) &&
            FormatValue(resolved, k.name) != "auto")
          ApplyPair(c, k.name, FormatValue(resolved, k.name), ignored);
      c.model = "custom";
    } else {
      SelectModel(c, id);
    }
    changed = true;
  }
  const bool combo_hovered = ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip);
  Record(app, "model");
  if (modified) {
    ImGui::SameLine(0, 6);
    if (ImGui::Button(TrId("Reset").c_str())) SelectModel(c, c.model), changed = true;
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip)) Tooltip(Tr("Back to the preset's own dimensions"));
    Record(app, "model_reset");
  }
  if (combo_hovered) KeyTooltip(app, "model");
  FieldIssues(app, "model", changed);
  ImGui::PopID();
  return changed;
}

// The model's size in one line: parameters, weights at the precision in use, grouped-query attention.
void ModelSummary(AppState& app) {
  const PlanOutput& out = app.main.out;
  ParamCounts pc = CountParams(out.job.model);
  const Precision prec =
      app.main.has_result ? out.job.work.prec : app.cfg.prec;  // a precision in error plans on its default
  double weights = pc.total * BytesPerElement(prec);
  ImGui::TextDisabled(Tr("%s parameters"), PendingOr(app, FmtCount(pc.total)).c_str());
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip))
    Tooltip(Sprintf(Tr("%.4g parameters, counted from the architecture"), pc.total));
  Record(app, "params_count");
  const std::string w =
      Sprintf(Tr("· weights %s in %s"), PendingOr(app, FmtMem(weights)).c_str(), kPrecisionNames[int(prec)]);
  SameLineIfFits(w.c_str(), 4);
  ImGui::TextDisabled("%s", w.c_str());
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip))
    Tooltip(Sprintf(Tr("parameters x %.0f bytes: the weights alone, before gradients, optimizer state and activations"),
                    BytesPerElement(prec)));
  Record(app, "weights_total");
  if (out.job.model.kv_heads > 0 && out.job.model.kv_heads < out.job.model.heads) {
    const std::string gqa = Sprintf("· GQA %d", out.job.model.kv_heads);
    SameLineIfFits(gqa.c_str(), 4);
    ImGui::TextDisabled("%s", gqa.c_str());
  }
}

// The keys of `group` in the key table's order, each through its row, skipping `except` (drawn by the
// caller) and keys that do not apply here (Shown); after[key] runs right after that key's field.
template <typename After>
bool GroupFields(AppState& app, KeyGroup group, std::initializer_list<const char*> except, After after) {
  bool changed = false;
  for (const KeyInfo& k : Keys()) {
    if (k.group != group || !Shown(app, k)) continue;
    if (std::any_of(except.begin(), except.end(), [&](const char* e) { return std::strcmp(e, k.name) == 0; })) {
      changed |= after(k);
      continue;
    }
    changed |= KeyField(app, k);
    changed |= after(k);
  }
  return changed;
}
constexpr auto kNothing = [](const KeyInfo&) { return false; };

std::string FileStem(const std::string& file_name) {
  std::string s =
      file_name.substr(file_name.find_last_of("/\\") == std::string::npos ? 0 : file_name.find_last_of("/\\") + 1);
  if (s.size() > 5 && Lower(s.substr(s.size() - 5)) == ".json") s.resize(s.size() - 5);
  return s == "config" ? std::string() : s;  // "config.json" names nothing
}

bool ImportBox(AppState& app) {
  InputsState& in = app.inputs;
  if (in.hf_reveal) ImGui::SetNextItemOpen(true), in.hf_reveal = false;
  bool open = ImGui::TreeNode(TrId("Import a Hugging Face config.json").c_str());
  Record(app, "hf_open");
  if (!open) return false;
  bool changed = false;
  std::vector<char>& buf = in.hf_text;
  if (ImGui::InputTextMultiline("##hf", buf.data(), buf.size(), ImVec2(-1, ImGui::GetTextLineHeight() * 6)))
    app.hf_issues.clear(), in.hf_message.clear();  // about the text that was there
  RecordTextField(app);
  Record(app, "hf_config");
  if (ImGui::Button(TrId("Import dimensions").c_str())) changed |= ImportConfigJson(app, buf.data(), "");
  Record(app, "hf_import");
  ImGui::SameLine();
  if (ImGui::Button(TrId("Paste config.json").c_str())) {
    platform::RequestClipboardText();  // the answer comes back through TakeImports
    in.paste_waiting = true;
    in.hf_message.clear();
  }
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip))
    Tooltip(Tr("Reads the clipboard (the browser may ask you to allow it) and imports it"));
  Record(app, "hf_paste");
  ImGui::SameLine();
  HelpMarker(
      Tr("num_hidden_layers, hidden_size, num_attention_heads, num_key_value_heads, intermediate_size, "
         "vocab_size, MoE fields: the model becomes 'custom' with these dimensions and keeps its name "
         "(_name_or_path). You can also drop the file anywhere on the page."));
  ImGui::SameLine();  // on the buttons' line: the inputs below keep their place
  HelpMarker(
      Tr("A training config works too (DeepSpeed, Trainer, TRL, torchtune, Axolotl, LLaMA-Factory, Unsloth, "
         "torchtitan, Megatron-LM, verl, OpenRLHF), or its launch script: the plan for it."));
  if (in.paste_waiting) MutedParagraph(Tr("waiting for the clipboard…"));
  if (!in.hf_message.empty()) Paragraph(in.hf_message, ColV(app, Hue::Bad));
  for (size_t i = 0; i < app.hf_issues.size(); ++i) {
    IssueLine(app, app.hf_issues[i]);
    if (i == 0) Record(app, "hf_issue");
  }
  ImGui::TreePop();
  return changed;
}

bool ModelSection(AppState& app) {
  if (!SectionHeader(app, KeyGroup::Model, true, {KeyGroup::Model, KeyGroup::ModelShape, KeyGroup::ModelDetails}))
    return false;
  bool changed = ModelPicker(app);
  ModelSummary(app);
  changed |= GroupFields(app, KeyGroup::Model, {"model"}, kNothing);
  if (TreeSection(app, KeyGroup::ModelShape, {KeyGroup::ModelDetails})) {
    const ModelArch& m = app.main.out.job.model;
    changed |= GroupFields(app, KeyGroup::ModelShape, {}, kNothing);
    if (app.main.has_result)  // the dimensions are the plan's: zeros before the first one lands
      MutedParagraph(
          Sprintf(Tr("auto = the preset's value (now %d layers, hidden %d, %d heads)"), m.layers, m.hidden, m.heads));
    // Less common dimensions (MoE widths, head size, DeepSeek's latent attention), as config.json gives them.
    if (TreeSection(app, KeyGroup::ModelDetails)) {
      ImGui::Unindent();  // the label column keeps its width: no second indent inside Custom dimensions
      changed |= GroupFields(app, KeyGroup::ModelDetails, {}, kNothing);
      MutedParagraph(Tr("Latent attention (DeepSeek) when the KV latent rank is above 0."));
      ImGui::Indent();
      ImGui::TreePop();
    }
    ImGui::TreePop();
  }
  changed |= ImportBox(app);
  return changed;
}

// Pre-train | Fine-tune | GRPO | PPO | DPO: one button per goal, the one in use lit; "auto" follows the method
// (LoRA/QLoRA fine-tune).
bool GoalSwitch(AppState& app, const KeyInfo& k) {
  Config& c = app.cfg;
  ImGui::PushID(k.name);
  LabelCell(app, k.name, k.label.en);
  const RlAlgo algo = app.main.out.job.rl.algo;
  const int in_use = algo != RlAlgo::None ? int(algo) + 1 : app.main.out.job.work.finetune ? 1 : 0;
  bool changed = false;
  auto goal_button = [&](int i) {
    const bool lit = (c.goal < 0 ? in_use : c.goal) == i;
    if (lit) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(TrId(ChoiceLabel(k, i)).c_str()) && c.goal != i) c.goal = i, changed = true;
    if (lit) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip)) KeyTooltip(app, k.name);
    Record(app, (std::string("goal_") + kGoalNames[i]).c_str());
  };
  goal_button(0);
  NextInRow(app, ButtonWidth(Tr(ChoiceLabel(k, 1))), 2);
  goal_button(1);
  NextInRow(app, CheckboxWidth(Tr("auto")));
  bool a = c.goal < 0;
  if (ImGui::Checkbox(TrId("auto").c_str(), &a)) c.goal = a ? kAuto : in_use, changed = true;
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip))
    Tooltip(Tr("auto: fine-tune with LoRA or QLoRA, pre-train with full training"));
  Record(app, k.name);  // "goal" names the auto check box, as for every key's auto
  // Post-training (grpo, ppo, dpo) on a row of its own, under the first.
  ImGui::Dummy(ImVec2(1, 1));
  for (int i = 2; i < k.n_names; ++i) {
    if (i == 2)
      ImGui::SameLine(app.inputs.label_width);
    else
      NextInRow(app, ButtonWidth(Tr(ChoiceLabel(k, i))), 2);
    goal_button(i);
  }
  FieldIssues(app, k.name, changed);
  ImGui::PopID();
  return changed;
}

// The training framework: auto states the stack the plan uses, as the JSON's config resolves it (issue #29: a
// QLoRA plan on auto is "auto (Hugging Face Transformers ...)", not the default stack's name).
bool StackChoice(AppState& app, const KeyInfo& k) {
  Config& c = app.cfg;
  ImGui::PushID(k.name);
  LabelCell(app, k.name, k.label.en);
  ImGui::SetNextItemWidth(-1);
  const StackProfile* chosen = c.stack.empty() ? nullptr : FindStack(c.stack);
  const StackProfile* resolved = app.main.has_result ? FindStack(ResolvedText(app, k)) : nullptr;
  const std::string auto_label = Sprintf(Tr("auto (%s)"), (resolved ? *resolved : DefaultStack()).name);
  const std::string preview = c.stack.empty() ? auto_label : chosen ? std::string(chosen->name) : c.stack;
  bool changed = false;
  // A narrow panel: the combo takes a line of its own under its label rather than cut the name with "…".
  if (!ComboPreviewFits(preview)) {
    ImGui::NewLine();
    ImGui::SetNextItemWidth(-1);
  }
  const bool whole = ComboPreviewFits(preview);
  if (BeginComboFitted("##v", preview)) {
    if (ImGui::Selectable(auto_label.c_str(), c.stack.empty()) && !c.stack.empty()) c.stack.clear(), changed = true;
    if (c.stack.empty()) ImGui::SetItemDefaultFocus();
    for (const StackProfile& s : Stacks()) {
      const bool selected = chosen == &s;
      if (ImGui::Selectable(s.name, selected) && !selected) c.stack = s.id, changed = true;
      if (selected) ImGui::SetItemDefaultFocus();
      if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip)) Tooltip(s.covers);
      Record(app, (std::string("stack_") + s.id).c_str());
    }
    ImGui::EndCombo();
  }
  changed = EndComboField(app, k.name, changed);
  if (whole) Record(app, "stack_name_whole");  // for the tests: the framework's name is not cut with "…"
  return changed;
}

bool MethodRadio(AppState& app, const KeyInfo& k) {
  Config& c = app.cfg;
  const int method = int(c.method);
  ImGui::PushID(k.name);
  LabelCell(app, k.name, k.label.en);
  bool changed = false;
  for (int i = 0; i < int(std::size(kMethodNames)); ++i) {
    if (i) NextInRow(app, RadioWidth(Tr(ChoiceLabel(k, i))));
    if (ImGui::RadioButton(Tr(ChoiceLabel(k, i)), method == i) && method != i) c.method = Method(i), changed = true;
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip)) KeyTooltip(app, k.name);
    Record(app, (std::string("method_") + kMethodNames[i]).c_str());
  }
  FieldIssues(app, k.name, changed);
  ImGui::PopID();
  return changed;
}

bool TrainingSection(AppState& app) {
  if (!SectionHeader(app, KeyGroup::Training, true, {KeyGroup::Training})) return false;
  const RunSummary& run = app.main.out.plan.run;
  const bool finetune = app.main.out.job.work.finetune;
  return GroupFields(app, KeyGroup::Training, {"goal", "stack", "method"}, [&](const KeyInfo& k) {
    const std::string key = k.name;
    if (key == "goal") return GoalSwitch(app, k);
    if (key == "stack") return StackChoice(app, k);
    if (key == "method") return MethodRadio(app, k);
    if (key == "tokens" && app.cfg.tokens == 0)
      MutedParagraph(
          finetune ? Sprintf(Tr("auto = the fine-tuning dataset below: %s tokens"),
                             PendingOr(app, FmtCount(run.tokens)).c_str())
                   : Sprintf(Tr("auto = 20 per parameter: %s tokens"), PendingOr(app, FmtCount(run.tokens)).c_str()));
    if (key == "epochs" && finetune) {
      // The dataset in one line: what the budget of a fine-tune is made of.
      const FinetuneDataset d = DatasetOf(app.main.out.config);
      MutedParagraph(TrFill("{0} examples x {1} tokens x {2} epochs = {3} tokens",
                            {FmtCount(d.examples), FmtCount(d.example_tokens), CompactNumber(d.epochs),
                             FmtCount(d.examples * d.example_tokens * d.epochs)}));
      Record(app, "dataset_line");
    }
    return false;
  });
}

bool HardwareSection(AppState& app) {
  if (!SectionHeader(app, KeyGroup::Hardware, true, {KeyGroup::Hardware})) return false;
  Config& c = app.cfg;
  const PickerRows& rows = CurrentPickerRows(app);
  if (ViewOf(app) == View::Compare) {
    // The columns on the right each have their GPU and count. A key in error still shows its field, where it
    // can be fixed. Which column is the plan, by the rule the columns' titles use (YourPlanColumn): a first
    // visit's question (RTX 4090 vs A100 vs H100) may not start with it, or hold it at all (issue #34).
    const int mine = YourPlanColumn(app);
    const std::string plan = RowLabel(rows.gpus, c.gpu), count = FmtInt(c.gpus);
    MutedParagraph(
        mine == 0 ? TrFill("In the comparison each column has its own GPU type and count, set at its top; the first "
                           "column is your plan ({0} x {1}). Links, server size and prices follow each column's GPU.",
                           {plan, count})
        : mine > 0
            ? TrFill("In the comparison each column has its own GPU type and count, set at its top; your plan "
                     "({0} x {1}) is column {2}. Links, server size and prices follow each column's GPU.",
                     {plan, count, std::to_string(mine + 1)})
            : TrFill("In the comparison each column has its own GPU type and count, set at its top; none of them "
                     "is your plan ({0} x {1}). Links, server size and prices follow each column's GPU.",
                     {plan, count}));
    Record(app, "hardware_compare_note");
    bool changed = false;
    for (const KeyInfo& k : Keys())
      if (k.group == KeyGroup::Hardware && KeyHasIssue(app, k.name)) changed |= KeyField(app, k);
    return changed;
  }
  return GroupFields(app, KeyGroup::Hardware, {"gpu", "intra", "inter"}, [&](const KeyInfo& k) {
    const std::string key = k.name;
    if (key == "gpu") {
      // A new GPU brings its own links, server size and prices (core's SelectGpu, the rule every surface uses).
      std::string gpu = c.gpu;
      const bool picked = Picker(app, "gpu", k.label.en, &gpu, rows.gpus);
      if (picked) SelectGpu(c, gpu);
      if (const GpuSpec* g = FindGpu(c.gpu)) {
        MutedParagraph(Sprintf("%s · %s %s · %s/s", FmtMem(g->mem_bytes).c_str(), FmtFlops(Peak16(*g)).c_str(),
                               Peak16Name(*g), FmtBytes(g->mem_bw).c_str()));
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip))
          Tooltip(Sprintf(Tr("dense tensor-core peak; source: %s"), g->source.c_str()));
      }
      return picked;
    }
    if (key == "intra") return Picker(app, "intra", k.label.en, &c.intra, rows.intra, "GPU's default");
    if (key == "inter") return Picker(app, "inter", k.label.en, &c.inter, rows.inter, "GPU's default");
    return false;
  });
}

bool CostSection(AppState& app) {
  if (!SectionHeader(app, KeyGroup::Cost, false, {KeyGroup::Cost})) return false;
  const Config& c = app.cfg;
  const PlanOutput& out = app.main.out;
  return GroupFields(app, KeyGroup::Cost, {}, [&](const KeyInfo& k) {
    if (std::strcmp(k.name, "usd_per_gpu") != 0 || !out.job.hw.gpu || (c.usd_per_gpu_hour != 0 && c.usd_per_gpu != 0))
      return false;
    // The catalog's prices are typical, dated figures, not quotes: say whose and when (assets/gpus.json).
    const GpuSpec& g = *out.job.hw.gpu;
    const bool zh = LangOf(app) == Lang::Zh && !g.price_source_zh.empty();
    MutedParagraph(Sprintf(Tr("price source: %s"), (zh ? g.price_source_zh : g.price_source).c_str()));
    Record(app, "price_source");
    return false;
  });
}

// "Calibrate from my run": a pasted log line or the measured figures (core's Calibration keys); the plan
// view shows what the calibration gave (calibrate_panel.h). Open from the start when the link measures.
bool CalibrationSection(AppState& app) {
  if (!SectionHeader(app, KeyGroup::Calibration, HasMeasurement(app.cfg), {KeyGroup::Calibration},
                     "Calibrate from my run"))
    return false;
  MutedParagraph(
      Tr("What you measured on a run of this configuration (give the layout you ran: TP, PP, micro-batch). "
         "The plan fits a speed and a memory factor to reproduce it, and carries them to other plans: "
         "more GPUs, another GPU, Compare and Search."));
  bool changed = RunLogBox(app);
  changed |= GroupFields(app, KeyGroup::Calibration, {}, kNothing);
  return changed;
}

bool PlainSection(AppState& app, KeyGroup group, bool open_by_default, const char* note) {
  if (!SectionHeader(app, group, open_by_default, {group})) return false;
  if (note) MutedParagraph(Tr(note));
  return GroupFields(app, group, {}, kNothing);
}

}  // namespace

bool HasField(const std::string& key) {
  const KeyInfo* k = FindKey(key);
  return k && std::find(std::begin(kFieldGroups), std::end(kFieldGroups), k->group) != std::end(kFieldGroups);
}

bool ImportConfigJson(AppState& app, const std::string& text, const std::string& file_name) {
  if (bool changed = false; ImportLaunchText(app, text, &changed)) return changed;  // a framework's config
  std::vector<ConfigIssue> issues;
  Config n = app.cfg;
  ApplyHfConfig(n, text, issues);
  app.hf_issues = issues;  // shown under the box, where the text they are about is
  app.inputs.hf_message.clear();
  if (HasErrors(issues)) return false;
  if (n.name.empty()) {
    const std::string stem = FileStem(file_name);
    if (!stem.empty() && ValidModelName(stem)) n.name = stem;
  }
  app.cfg = std::move(n);
  SetStatus(app, Tr("Imported the model's dimensions"));
  return true;
}

bool TakeImports(AppState& app) {
  if (PollLaunch(app)) return true;  // a framework's config imported (its answer from launch.js in the page)
  InputsState& in = app.inputs;
  std::string text, name;
  bool refused = false;
  auto fill_box = [&](const std::string& t) {
    const size_t n = std::min(t.size(), in.hf_text.size() - 1);
    std::memcpy(in.hf_text.data(), t.data(), n);
    in.hf_text[n] = '\0';
    in.hf_reveal = true;
  };
  if (in.paste_waiting && platform::TakeClipboardText(text, &refused)) {
    in.paste_waiting = false;
    if (refused || text.empty()) {
      in.hf_message =
          Tr("The browser did not let the page read the clipboard: click in the box and press Ctrl+V "
             "(⌘V on a Mac), then Import.");
      in.hf_reveal = true;
      return false;
    }
    fill_box(text);
    return ImportConfigJson(app, text, "");
  }
  if (platform::TakeDroppedFile(name, text)) {
    if (text.empty()) {
      in.hf_message = Sprintf(Tr("%s could not be read as text (a config.json is a few kB, a notebook with its outputs "
                                 "a few MB; the limit is 16 MB)."),
                              name.c_str());
      in.hf_reveal = true;
      return false;
    }
    fill_box(text);
    return ImportConfigJson(app, text, name);
  }
  return false;
}

float InputsPanelWidth(float avail) {
  const ImGuiStyle& st = ImGui::GetStyle();
  float row = 0;  // the widest row of choices, in the interface's language
  if (const KeyInfo* k = FindKey("method")) {
    float w = 0;
    for (int i = 0; i < k->n_names; ++i) w += RadioWidth(Tr(ChoiceLabel(*k, i))) + (i ? st.ItemSpacing.x : 0);
    row = std::max(row, w);
  }
  if (const KeyInfo* k = FindKey("goal"); k && k->n_names >= 2)
    row = std::max(row, ButtonWidth(Tr(ChoiceLabel(*k, 0))) + 2 + ButtonWidth(Tr(ChoiceLabel(*k, 1))) +
                            st.ItemSpacing.x + CheckboxWidth(Tr("auto")));
  // (The framework's combo, "auto (Megatron-LM / Megatron-Core)", takes a line of its own where it does not fit.)
  const float need = LabelColumnWidth() + row + st.WindowPadding.x * 2 + st.ScrollbarSize + st.ChildBorderSize * 2 + 4;
  return std::min(std::max({300.0f, need, std::min(420.0f, avail * 0.32f)}), std::max(300.0f, avail * 0.5f));
}

bool DrawInputs(AppState& app) {
  InputsBegin(app, LabelColumnWidth());
  bool changed = ModelSection(app);
  changed |= TrainingSection(app);
  changed |= HardwareSection(app);
  changed |= PlainSection(app, KeyGroup::Layout, true, "auto: the planner searches every valid layout");
  changed |= CalibrationSection(app);
  changed |= CostSection(app);
  changed |= PlainSection(app, KeyGroup::Reliability, false, nullptr);
  // Every other number the engine assumes, with the source of its default in its tooltip.
  changed |= PlainSection(app, KeyGroup::Assumptions, false,
                          "The engine's constants: fitted to published runs or taken from datasheets. "
                          "Hover a field for its default's source.");
  return changed;
}

}  // namespace tp::ui
