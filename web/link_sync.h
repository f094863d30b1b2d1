// link_sync.h — the share link and the saved state. Loading a link is core's ApplyLink (the one parser:
// view, cmp and lang are keys like the rest) into a fresh configuration; the link written is core's
// FormatLink(cfg), the text `trainplan link` prints. Edits push a history entry, later edits of the same
// input replace it (written once typing pauses), navigation (Back, a typed address, setLink) loads.
#pragma once
#include <string>

namespace tp::ui {

struct AppState;

// Loads `fragment` (a whole URL, "#v=1&..." or "a=1&b=2") as the new state: fields the link does not
// name take their defaults; its bad values go next to their fields or into the notice bar. `lang`
// absent means English (as links are written), except with keep_language (the app opening on a link:
// the viewer's language, already in app.cfg.lang, stays). plan_now: the main plan is finished before
// returning (setLink, tests); else it is planned in slices over the next frames.
void LoadLinkInto(AppState& app, const std::string& fragment, bool plan_now, bool keep_language);

// Writes app.cfg's link into the address (a new history entry, or replacing the current one) and saves
// it as the state to restore next time; a pending replacement is thereby done.
void WriteLink(AppState& app, bool push);
// Writes a pending replacement once the input is left or typing pauses (called every frame).
void FlushLinkWhenDue(AppState& app);
// After a change of state: push for a new edit (or a discrete one: force_push), replace while the same
// input is still being edited (delayed: typing 8192 is one history write, not four).
void Commit(AppState& app, bool force_push);

// The saved state is the link and the theme: "#v=1&...|dark".
std::string SavedState(const AppState& app);
void SplitSavedState(const std::string& saved, std::string* link, std::string* theme);
// The viewer's language before any link is read: `option` (--lang), else the saved state's, else the
// browser's (navigator.language; natively the locale).
std::string ViewerLanguage(const std::string& option, const std::string& saved_link, const std::string& preferred);

}  // namespace tp::ui
