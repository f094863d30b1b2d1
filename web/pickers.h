// pickers.h — the catalog pickers: a combo over catalog rows (model presets grouped by family, GPUs,
// links) with a type-to-filter box at its top; Enter picks the highlighted row (the first that matches what
// was typed). The same picker serves the inputs panel and the compare columns.
#pragma once
#include <string>
#include <vector>

#include "i18n_core.h"

namespace tp::ui {

struct AppState;

// One row of a picker: the id written into the configuration, the name shown, a detail line (its first
// line is drawn next to the name, the rest in its tooltip) and the group it is listed under ("Llama").
struct PickRow {
  std::string id, label, detail, group;
};
// The pickers' rows in one language (their details are translated): rebuilt when the language changes.
struct PickerRows {
  bool built = false;
  Lang lang = Lang::En;
  std::vector<PickRow> models, gpus, intra, inter;
};

// The rows in the app's current language (built on first use and after a language switch).
const PickerRows& CurrentPickerRows(AppState& app);

// The combo alone, `width` wide (-1: to the right edge), `preview` shown closed; rows registered as
// "pick_<id>_<row id>". `empty_label`: a first row that clears the value. True when *value changed.
bool PickerCombo(AppState& app, const char* id, const std::string& preview, std::string* value,
                 const std::vector<PickRow>& rows, const char* empty_label = nullptr, float width = -1);
// A labelled picker of a key (LabelCell + PickerCombo + the key's tooltip and issues).
bool Picker(AppState& app, const char* key, const char* label, std::string* value, const std::vector<PickRow>& rows,
            const char* empty_label = nullptr);
// The row's name for `id` ("NVIDIA H100 80GB SXM5"), or the id itself.
std::string RowLabel(const std::vector<PickRow>& rows, const std::string& id);

}  // namespace tp::ui
