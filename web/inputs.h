// inputs.h — the left panel: every key of the configuration as a field of its section, the sections and
// their keys read from core's key table (KeyInfo::group, in the table's order; fields.h draws each key
// from its row). A few keys have widgets of their own: the catalog pickers (model, GPU, links), the
// method and goal switches, the framework; and the model section imports a Hugging Face config.json
// (typed, pasted from the clipboard or dropped on the page as a file). Fields edit AppState::cfg in place.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "config.h"
#include "pickers.h"

namespace tp::ui {

struct AppState;

// The inputs panel's own state (no function-level statics: a second AppState is a second panel).
struct InputsState {
  PickerRows rows;
  char picker_filter[64] = {};  // the open picker's type-to-filter text (one popup open at a time)
  std::vector<char> hf_text = std::vector<char>(65536, '\0');  // the config.json box
  std::string hf_message;      // about the box: the clipboard refused, a dropped file too large
  bool hf_reveal = false;      // open the import box (a paste or a drop just filled it)
  bool paste_waiting = false;  // "Paste config.json" asked the clipboard; its answer is due
  float label_width = 150.0f;  // the label column of the fields (InputsBegin)
  // Values typed into fields that core's parser refused: shown as typed, with their issues, until edited
  // or a link is loaded. A refused value never reaches app.cfg (the plan keeps the value before it).
  std::map<std::string, std::string> typed;
  std::vector<ConfigIssue> typed_issues;
  // The field being typed into and its value when the typing began: keystrokes apply as they go (the plan
  // follows), so "1e30" passes through 1 and 1000; refused, the key goes back to this value, not to a prefix.
  std::string editing_key, editing_start;
};

// Draws the panel; true when an input changed app.cfg.
bool DrawInputs(AppState& app);

// The panel's width beside the results in a window `avail` wide (issue #34): at least what its widest rows
// need to show every choice whole (the method's radio buttons, the goal's buttons) in the interface's
// language, and at most half the window; rows that still do not fit wrap at the field column, and the
// framework's combo goes under its label where its default's name would be cut.
float InputsPanelWidth(float avail);

// A Hugging Face config.json's text as the model: core's ApplyHfConfig; the name from its _name_or_path,
// else from `file_name` ("Qwen2.5-7B.json" -> "Qwen2.5-7B"). True when it was imported (its issues go
// under the import box either way).
bool ImportConfigJson(AppState& app, const std::string& text, const std::string& file_name);
// A clipboard answer or a dropped file that arrived for the import box (platform.h): imported. True
// when app.cfg changed.
bool TakeImports(AppState& app);

// True when `key` has a field in the panel: its issues are drawn there (else in the notice bar / issues box).
bool HasField(const std::string& key);

}  // namespace tp::ui
