// fields.h — one field per key of the configuration, drawn from the key's row of core's key table
// (Keys()): its label, unit, range, auto, choices, help and the source of its default. Numbers are typed
// as people write them (1B, 2.5T, 1e9, 1,024: core's ApplyPair, the parser links and the command line use),
// and a value it refuses stays in the field with its message in red underneath, exactly as for a link.
#pragma once
#include <string>
#include <vector>

#include "config.h"

namespace tp::ui {

struct AppState;

void InputsBegin(AppState& app, float label_width);
// The label column: the translated label, wrapped to the column (never drawn under the field), with the
// key's tooltip; registered as "label_<key>".
void LabelCell(AppState& app, const char* key, const char* label);

// The key's field as its row describes it: Int, Real, Id and Text a text field, with an "auto" checkbox
// (for an assumption "default") when the key has auto, greyed to what the plan used while on; Choice a
// combo of its values. True when app.cfg (or a value typed into it) changed.
bool KeyField(AppState& app, const KeyInfo& k);
bool KeyField(AppState& app, const char* key);

// What the plan used for a key left on auto: "4096", "swiglu", "0.852" ("auto" when it cannot say).
std::string ResolvedText(const AppState& app, const KeyInfo& k);

// A value typed for `key`, through core's ApplyPair into app.cfg; refused, it is kept (shown in the field)
// with its issue, which the plan is given like a link's bad value (InputIssues).
void ApplyTyped(AppState& app, const char* key, const std::string& text);
// The issues the plan is given besides its configuration's own: the link's bad values and the typed ones.
std::vector<ConfigIssue> InputIssues(const AppState& app);

// The end of a combo field opened with PushID(key) + LabelCell (choices, catalog pickers): its tooltip,
// test rectangle and issues; returns `changed`.
bool EndComboField(AppState& app, const char* key, bool changed);
// Issue #9: under the field just drawn, the first issue naming `key` (errors in red, notices muted;
// "(and N more)" with all of them on hover) and what the plan used instead; registered as "issue_<key>".
// `edited`: the user just changed the field, so the link's complaint about its old value is forgotten.
void FieldIssues(AppState& app, const char* key, bool edited);
// True when the current plan (or a typed value) has an issue naming `key` (only errors with errors_only).
bool KeyHasIssue(const AppState& app, const char* key, bool errors_only = false);
// The key's tooltip: its meaning, what the catalog says about it, the default's source, unit, accepted
// values and link key, in the interface's language and without references to the command line.
void KeyTooltip(const AppState& app, const char* key, const std::string& extra = {});
std::string AcceptsText(const char* accepts);  // a key's accepted values in the interface's language
// The last item is a text field: its rectangle for the phone keyboard and the clipped-text audit.
void RecordTextField(AppState& app);

}  // namespace tp::ui
