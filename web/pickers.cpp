// pickers.cpp — catalog pickers (pickers.h): rows built from core's catalogs in the interface's language,
// model presets grouped by family, a filter box whose Enter picks the highlighted (first matching) row.
#include "pickers.h"

#include <algorithm>
#include <cstring>

#include "app.h"
#include "catalog.h"
#include "fields.h"
#include "i18n.h"
#include "imgui.h"
#include "model.h"
#include "presets.h"
#include "text.h"
#include "text_layout.h"
#include "views.h"
#include "widgets.h"

namespace tp::ui {
namespace {

// The family a preset is listed under, from its id (the catalog orders presets by when they were added).
const char* Family(const std::string& id) {
  static const std::pair<const char*, const char*> kFamilies[] = {
      {"deepseek", "DeepSeek"}, {"llama", "Llama"},     {"qwen", "Qwen"},     {"gemma", "Gemma"},
      {"mistral", "Mistral"},   {"mixtral", "Mistral"}, {"phi", "Phi"},       {"gpt", "GPT"},
      {"bert", "BERT"},         {"olmo", "OLMo"},       {"smollm", "SmolLM"},
  };
  for (const auto& [prefix, family] : kFamilies)
    if (id.rfind(prefix, 0) == 0) return family;
  return "Other";
}

// The lines GPUs are listed under, in a fixed order, catalog order within each: consumer and workstation cards, then
// the NVLink parts before the PCIe ones, so that a filter of "h100" or "a100" picks the SXM board with Enter, as the
// ids do; AMD last.
const char* const kGpuLines[] = {"GeForce", "RTX workstation", "NVLink data centre", "PCIe data centre",
                                 "AMD Instinct"};

// A GPU's line (an index of kGpuLines), from its catalog entry: AMD's Instinct parts (an AMD arch), GeForce cards, the
// RTX workstation cards, the NVLink data-centre parts, and the data-centre cards that sit in PCIe slots (T4, L4, A10,
// L40S, the PCIe A100 and H100: their usual link inside a node is PCIe).
int GpuLine(const GpuSpec& g) {
  if (g.arch.rfind("gfx", 0) == 0) return 4;
  if (g.name.find("GeForce") != std::string::npos) return 0;
  if (g.name.find("RTX") != std::string::npos) return 1;
  const LinkSpec* intra = FindLink(g.intra_default);
  return intra && intra->kind == LinkKind::Pcie ? 3 : 2;
}

// The rows of every picker in `lang`: the catalogs never change, the words of their details do.
PickerRows BuildPickerRows(Lang lang) {
  PickerRows rows;
  rows.built = true;
  rows.lang = lang;
  for (const auto& m : Models()) {
    ParamCounts pc = CountParams(m.arch);
    std::string d = m.arch.experts > 1 ? Sprintf(Tr(lang, "%s params, %s active"), FmtCount(pc.total).c_str(),
                                                 FmtCount(pc.active).c_str())
                                       : Sprintf(Tr(lang, "%s params"), FmtCount(pc.total).c_str());
    rows.models.push_back({m.id, m.name, d + "\n" + Sprintf(Tr(lang, "source: %s"), m.source.c_str()), Family(m.id)});
  }
  // Families together, in the order each first appears in the catalog; presets in catalog order within.
  std::vector<std::string> order;
  for (const PickRow& r : rows.models)
    if (std::find(order.begin(), order.end(), r.group) == order.end()) order.push_back(r.group);
  std::stable_sort(rows.models.begin(), rows.models.end(), [&](const PickRow& a, const PickRow& b) {
    return std::find(order.begin(), order.end(), a.group) < std::find(order.begin(), order.end(), b.group);
  });
  std::vector<const GpuSpec*> gpus;
  for (const GpuSpec& g : Gpus()) gpus.push_back(&g);
  std::stable_sort(gpus.begin(), gpus.end(),
                   [](const GpuSpec* a, const GpuSpec* b) { return GpuLine(*a) < GpuLine(*b); });
  for (const GpuSpec* g : gpus) {
    std::string d =
        FmtMem(g->mem_bytes) + " · " + FmtFlops(Peak16(*g)) + " " + Peak16Name(*g) + " · " + FmtBytes(g->mem_bw) + "/s";
    rows.gpus.push_back({g->id, g->name, d + "\n" + Sprintf(Tr(lang, "source: %s"), g->source.c_str()),
                         Tr(lang, kGpuLines[GpuLine(*g)])});
  }
  for (const auto& l : Links()) {
    if (l.kind == LinkKind::C2c) continue;  // a GPU's link to its CPU, not a choice between GPUs (resolve.cpp)
    (l.network ? rows.inter : rows.intra)
        .push_back({l.id, Tr(lang, l.name.c_str()),
                    Sprintf(Tr(lang, "%s/s per GPU"), FmtBytes(l.bw).c_str()) + "\n" +
                        Sprintf(Tr(lang, "source: %s"), l.source.c_str()),
                    ""});
  }
  return rows;
}

}  // namespace

const PickerRows& CurrentPickerRows(AppState& app) {
  PickerRows& rows = app.inputs.rows;
  if (!rows.built || rows.lang != LangOf(app)) rows = BuildPickerRows(LangOf(app));
  return rows;
}

std::string RowLabel(const std::vector<PickRow>& rows, const std::string& id) {
  for (const PickRow& r : rows)
    if (r.id == id) return r.label;
  return id;
}

bool PickerCombo(AppState& app, const char* id, const std::string& preview, std::string* value,
                 const std::vector<PickRow>& rows, const char* empty_label, float width) {
  ImGui::SetNextItemWidth(width);
  bool changed = false;
  char* filter = app.inputs.picker_filter;
  if (!BeginComboFitted((std::string("##pick_") + id).c_str(), preview, ImGuiComboFlags_HeightLarge)) return false;
  if (ImGui::IsWindowAppearing()) {
    filter[0] = 0;
    ImGui::SetKeyboardFocusHere();
  }
  ImGui::SetNextItemWidth(-1);
  const bool enter = ImGui::InputTextWithHint("##filter", Tr("type to filter"), filter, sizeof app.inputs.picker_filter,
                                              ImGuiInputTextFlags_EnterReturnsTrue);
  const bool typed = ImGui::IsItemEdited(), typing = ImGui::IsItemActive();
  RecordTextField(app);
  Record(app, (std::string("filter_") + id).c_str());
  const std::string f = Lower(filter);
  auto matches = [&](const PickRow& r) {
    return f.empty() || Lower(r.label + " " + r.id + " " + r.group).find(f) != std::string::npos;
  };
  // The highlighted row, which Enter in the filter picks (the filter is how people find a preset among
  // fifty, from the keyboard too): the first row that matches what was typed; with nothing typed, the
  // value itself (Enter then closes the list unchanged). Down moves the keyboard's focus into the rows.
  const PickRow* first_match = nullptr;
  int shown = 0;
  for (const PickRow& r : rows)
    if (matches(r)) first_match = first_match ? first_match : &r, ++shown;
  const std::string* highlighted = f.empty() ? value : first_match ? &first_match->id : nullptr;
  if (enter && highlighted) {
    changed = *highlighted != *value;
    *value = *highlighted;
    ImGui::CloseCurrentPopup();
  }
  if (empty_label && f.empty()) {
    if (ImGui::Selectable(Tr(empty_label), value->empty()) && !value->empty()) {
      value->clear();
      changed = true;
    }
  }
  const std::string* group = nullptr;
  for (const PickRow& r : rows) {
    if (!matches(r)) continue;
    if (!r.group.empty() && (!group || *group != r.group)) {
      group = &r.group;
      ImGui::TextDisabled("%s", Tr(r.group.c_str()));
    }
    const bool selected = r.id == *value;
    // Drawn as if hovered while typing: what Enter would pick (the value itself is drawn selected).
    const bool lit = typing && !f.empty() && &r == first_match;
    if (ImGui::Selectable(r.label.c_str(), selected, lit ? ImGuiSelectableFlags_Highlight : 0) && !selected) {
      *value = r.id;
      changed = true;
    }
    if (selected && ImGui::IsWindowAppearing()) ImGui::SetScrollHereY();
    if (lit && typed) ImGui::SetScrollHereY(0.0f);  // the list may have been scrolled to the value
    Record(app, ("pick_" + std::string(id) + "_" + r.id).c_str());
    if (!r.detail.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_ForTooltip)) Tooltip(r.detail);
    if (!r.detail.empty()) {
      const std::string first = r.detail.substr(0, r.detail.find('\n'));
      const float x = ImGui::GetContentRegionAvail().x * 0.5f + ImGui::GetCursorStartPos().x;
      // The detail next to the name when there is room, else nothing (its tooltip has it).
      if (ImGui::GetItemRectMin().x + ImGui::CalcTextSize(r.label.c_str()).x + 16 < ImGui::GetWindowPos().x + x &&
          ImGui::CalcTextSize(first.c_str()).x < ImGui::GetContentRegionAvail().x * 0.5f) {
        ImGui::SameLine(x);
        ImGui::TextDisabled("%s", first.c_str());
      }
    }
  }
  if (shown == 0) ImGui::TextDisabled("%s", Tr("no match"));
  ImGui::EndCombo();
  return changed;
}

bool Picker(AppState& app, const char* key, const char* label, std::string* value, const std::vector<PickRow>& rows,
            const char* empty_label) {
  ImGui::PushID(key);
  LabelCell(app, key, label);
  std::string preview = empty_label && value->empty() ? std::string(Tr(empty_label)) : RowLabel(rows, *value);
  const bool changed = PickerCombo(app, key, preview, value, rows, empty_label);
  return EndComboField(app, key, changed);
}

}  // namespace tp::ui
