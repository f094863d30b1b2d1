// inputs.cpp — the left panel (inputs.h): sections of labelled fields over app.cfg, the catalog pickers
// (rows in the current language, a type-to-filter box), and the Hugging Face config.json import. A
// section holding a new error opens to show it next to its field (issue #9).
#include "inputs.h"

#include <cstring>

#include "app.h"
#include "catalog.h"
#include "i18n.h"
#include "imgui.h"
#include "model.h"
#include "text.h"
#include "views.h"
#include "widgets.h"

namespace tp::ui {
namespace {

// Display labels: English keys of the translation tables (Tr at draw time).
const char* const kMethodLabels[] = {"Full", "LoRA", "QLoRA"};
const char* const kPrecLabels[] = {"FP32 (TF32)", "FP16", "BF16", "FP8"};
const char* const kOptLabels[] = {"AdamW", "AdamW 8-bit", "SGD (momentum)"};
const char* const kRecomputeLabels[] = {"none", "selective", "full", "auto"};
const char* const kOffloadLabels[] = {"none", "CPU", "NVMe"};
const char* const kZeroLabels[] = {"0 (none)", "1 (optimizer)", "2 (+ gradients)", "3 (+ weights, FSDP)"};

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
                                 "eff_network", "overlap_dp", "overlap_contention", "eff_stack", "alloc_reserve",
                                 "nccl_gb", "logit_bytes", "cuda_context_gb", "host_gb_per_gpu", "gpu_power",
                                 "server_power", "capex_overhead", "eff_run", "staff_usd_per_year"};
const KeyLists kAllFieldKeys = {kPresetKeys, kDimensionKeys, kDetailKeys, kTrainingKeys, kHardwareKeys,
                                kLayoutKeys, kCostKeys, kReliabilityKeys, kAssumptionKeys};

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

// A combo with a type-to-filter box over catalog rows.
bool Picker(AppState& app, const char* key, const char* label, std::string* value, const std::vector<PickRow>& rows,
            const char* empty_label = nullptr) {
  ImGui::PushID(key);
  LabelCell(app, key, label);
  ImGui::SetNextItemWidth(-1);
  std::string preview = empty_label && value->empty() ? Tr(empty_label) : *value;
  for (const auto& r : rows)
    if (r.id == *value) preview = r.label;
  bool changed = false;
  char* filter = app.inputs.picker_filter;
  if (ImGui::BeginCombo("##pick", preview.c_str(), ImGuiComboFlags_HeightLarge)) {
    if (ImGui::IsWindowAppearing()) {
      filter[0] = 0;
      ImGui::SetKeyboardFocusHere();
    }
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##filter", Tr("type to filter"), filter, sizeof app.inputs.picker_filter);
    const std::string f = Lower(filter);
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
      Record(app, ("pick_" + std::string(key) + "_" + r.id).c_str());
      if (!r.detail.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.detail.c_str());
      if (!r.detail.empty()) {
        ImGui::SameLine(ImGui::GetContentRegionAvail().x * 0.45f + ImGui::GetCursorStartPos().x);
        ImGui::TextDisabled("%s", r.detail.substr(0, r.detail.find('\n')).c_str());
      }
    }
    ImGui::EndCombo();
  }
  return EndComboField(app, key, changed);
}

// The rows of every picker in `lang`: the catalogs never change, the words of their details do.
PickerRows BuildPickerRows(Lang lang) {
  PickerRows rows;
  rows.built = true;
  rows.lang = lang;
  for (const auto& m : Models()) {
    ParamCounts pc = CountParams(m.arch);
    std::string d = m.arch.experts > 1
                        ? Sprintf(Tr(lang, "%s params, %s active"), FmtCount(pc.total).c_str(), FmtCount(pc.active).c_str())
                        : Sprintf(Tr(lang, "%s params"), FmtCount(pc.total).c_str());
    rows.models.push_back({m.id, m.name, d + "\n" + Sprintf(Tr(lang, "source: %s"), m.source.c_str())});
  }
  for (const auto& g : Gpus()) {
    std::string d = FmtBytes(g.mem_bytes) + " · " + FmtFlops(g.peak_flops[int(Precision::Bf16)]) + " BF16 · " +
                    FmtBytes(g.mem_bw) + "/s";
    rows.gpus.push_back({g.id, g.name, d + "\n" + Sprintf(Tr(lang, "source: %s"), g.source.c_str())});
  }
  for (const auto& l : Links())
    (l.network ? rows.inter : rows.intra)
        .push_back({l.id, l.name, Sprintf(Tr(lang, "%s/s per GPU"), FmtBytes(l.bw).c_str()) + "\n" +
                                      Sprintf(Tr(lang, "source: %s"), l.source.c_str())});
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

}  // namespace

bool HasField(const std::string& key) {
  for (const KeyList& list : kAllFieldKeys)
    for (const char* k : list)
      if (key == k) return true;
  return false;
}

const PickerRows& CurrentPickerRows(AppState& app) {
  PickerRows& rows = app.inputs.rows;
  if (!rows.built || rows.lang != LangOf(app)) rows = BuildPickerRows(LangOf(app));
  return rows;
}

bool DrawInputs(AppState& app) {
  Config& c = app.cfg;
  const PlanOutput& out = app.main.out;
  const Config& r = out.config;  // resolved: what "auto" became
  const PickerRows& rows = CurrentPickerRows(app);
  bool changed = false;
  InputsBegin(app, ImGui::GetFontSize() * 8.6f);

  if (SectionHeader(app, "Model", true, kModelKeys)) {
    changed |= Picker(app, "model", "Preset", &c.model, rows.models, "custom (dimensions below)");
    ParamCounts pc = CountParams(out.job.model);
    // The precision the plan used (a precision in error is planned on its default).
    const Precision prec = app.main.has_result ? out.job.work.prec : c.prec;
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
    if (out.job.model.kv_heads > 0 && out.job.model.kv_heads < out.job.model.heads) {
      ImGui::SameLine();
      ImGui::TextDisabled("· GQA %d", out.job.model.kv_heads);
    }
    bool dims_error = OpenForErrors(app, "Custom dimensions", kCustomKeys);
    bool dims_open = ImGui::TreeNode(TrId("Custom dimensions").c_str());
    ErrorMark(app, dims_error, dims_open);
    if (dims_open) {
      const ModelArch& m = out.job.model;
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
      std::vector<char>& buf = app.inputs.hf_text;
      if (ImGui::InputTextMultiline("##hf", buf.data(), buf.size(), ImVec2(-1, ImGui::GetTextLineHeight() * 6)))
        app.hf_issues.clear();  // about the text that was there
      Record(app, "hf_config");
      bool import = ImGui::Button(TrId("Import dimensions").c_str());
      Record(app, "hf_import");
      if (import) {
        std::vector<ConfigIssue> issues;
        Config n = c;
        ApplyHfConfig(n, buf.data(), issues);
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
    changed |= InputInt(app, "gbs", "Global batch", &c.gbs, 1, 1 << 24, true, out.job.work.gbs);
    changed |= InputInt(app, "mbs", "Micro-batch", &c.mbs, 1, 4096, true, r.mbs);
    changed |= InputDouble(app, "tokens", "Token budget", &c.tokens, 0, 1e16, "%.3g",
                           "0 = 20 tokens per parameter (Chinchilla-optimal)");
    if (c.tokens == 0) {
      ImGui::SameLine(0, 0);
      ImGui::Dummy(ImVec2(0, 0));
      ImGui::TextDisabled(Tr("0 = 20 per parameter: %s tokens"), FmtCount(out.plan.run.tokens).c_str());
    }
  }

  if (SectionHeader(app, "Hardware", true, {kHardwareKeys})) {
    // In the compare view each column sets its own GPU and count (and the links follow the GPU).
    bool per_column = ViewOf(app) == View::Compare;
    if (per_column) {
      ImGui::TextDisabled("%s", Tr("set per column in the comparison"));
      ImGui::BeginDisabled();
    }
    // A new GPU brings its own links, server size and prices (core's SelectGpu, the rule every surface uses).
    std::string gpu = c.gpu;
    if (Picker(app, "gpu", "GPU", &gpu, rows.gpus)) SelectGpu(c, gpu), changed = true;
    if (const GpuSpec* g = FindGpu(c.gpu)) {
      ImGui::TextDisabled("%s · %s BF16 · %s/s", FmtBytes(g->mem_bytes).c_str(),
                          FmtFlops(g->peak_flops[int(Precision::Bf16)]).c_str(), FmtBytes(g->mem_bw).c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip(Tr("dense tensor-core peak; source: %s"), g->source.c_str());
    }
    changed |= InputInt(app, "gpus", "GPUs", &c.gpus, 1, 1 << 20, false);
    int gpn = c.gpus_per_node == kUnset ? kAuto : c.gpus_per_node;
    if (InputInt(app, "gpus_per_node", "GPUs per node", &gpn, 1, 64, true, out.job.hw.gpus_per_node)) {
      c.gpus_per_node = gpn == kAuto ? kUnset : gpn;
      changed = true;
    }
    changed |= Picker(app, "intra", "Link in a node", &c.intra, rows.intra, "GPU's default");
    changed |= Picker(app, "inter", "Network", &c.inter, rows.inter, "GPU's default");
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
    const Economics& e = out.job.econ;
    changed |= InputDouble(app, "usd_per_gpu_hour", "Rent per GPU-hour", &c.usd_per_gpu_hour, 0, 1e4, "%.2f",
                           "0 = the GPU's catalog price");
    if (c.usd_per_gpu_hour == 0) ImGui::TextDisabled(Tr("catalog: $%.2f per GPU-hour"), e.usd_per_gpu_hour);
    if ((c.usd_per_gpu_hour == 0 || c.usd_per_gpu == 0) && out.job.hw.gpu) {
      // The catalog's prices are typical, dated figures, not quotes: say whose and when (catalog data, as
      // written in assets/gpus.json).
      ImGui::PushTextWrapPos(0);
      const GpuSpec& g = *out.job.hw.gpu;
      const bool zh = LangOf(app) == Lang::Zh && !g.price_source_zh.empty();
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
    const RunSummary& run = out.plan.run;
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
    // One field per assumption key, from its row of the key table: label, range, format, and the value in
    // use greyed while on its default (the Job field of the same name, with the fitted defaults filled in).
    for (const KeyInfo& k : Keys()) {
      if (k.group != KeyGroup::Assumptions || !k.get_real) continue;
      double v = k.get_real(c);
      const bool edited = k.has_auto ? InputAssumption(app, k.name, k.label.en, &v, k.format ? k.format : "%.3f",
                                                       k.assume ? out.job.assume.*k.assume : v)
                                     : InputDouble(app, k.name, k.label.en, &v, k.lo, k.hi, k.format ? k.format : "%.3f");
      if (edited) k.set_real(c, v), changed = true;
    }
  }
  return changed;
}

}  // namespace tp::ui
