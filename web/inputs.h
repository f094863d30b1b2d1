// inputs.h — the left panel: every key of the configuration as a labelled field, grouped in sections
// (model, training, hardware, layout and memory, cost, reliability, assumptions), catalog pickers with a
// filter, and the Hugging Face config.json import. Fields edit AppState::cfg in place.
#pragma once
#include <string>
#include <vector>

#include "i18n_core.h"

namespace tp::ui {

struct AppState;

// One row of a catalog picker: the id written into the configuration, the name shown, a detail line.
struct PickRow {
  std::string id, label, detail;
};
// The pickers' rows in one language (their details are translated): rebuilt when the language changes.
struct PickerRows {
  bool built = false;
  Lang lang = Lang::En;
  std::vector<PickRow> models, gpus, intra, inter;
};

// The inputs panel's own state (no function-level statics: a second AppState is a second panel).
struct InputsState {
  PickerRows rows;
  char picker_filter[64] = {};           // the open picker's type-to-filter text (one popup open at a time)
  std::vector<char> hf_text = std::vector<char>(16384, '\0');  // the config.json box
  float label_width = 150.0f;            // the label column of the fields (InputsBegin)
};

// The rows in the app's current language (built on first use and after a language switch).
const PickerRows& CurrentPickerRows(AppState& app);

// Draws the panel; true when an input changed app.cfg.
bool DrawInputs(AppState& app);

// True when `key` has a field in the panel: its issues are drawn there (else in the notice bar / issues box).
bool HasField(const std::string& key);

}  // namespace tp::ui
