// i18n.h — the interface's language (English / 简体中文) and its lookup. Tr("Memory per GPU") returns the
// Chinese while Chinese is on, else the English it was given; strings with no translation stay English
// (visible, and listed by the tests). The page's own words are in web/strings_zh.inc; the engine's
// sentences, report labels and key help come from core/i18n_core. The language itself lives in one place,
// the configuration (AppState::cfg.lang, the share link's `lang=zh`); the current language here is derived
// from it: set at the start of every frame and wherever the key changes (a loaded link, the switch).
#pragma once
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "i18n_core.h"

namespace tp::ui {

void SetLanguage(Lang lang);
Lang CurrentLanguage();

// The translation of `english` in the current language (the page's table first, then the engine's).
// The pointer stays valid (a literal or a static table entry): safe to pass to ImGui as a format.
const char* Tr(const char* english);
const char* Tr(Lang lang, const char* english);
// Translate, then fill {0}, {1} ... (core's Fill).
std::string TrFill(const char* english, std::initializer_list<std::string_view> args);
// A unit word after a number ("days" -> "天"); SI units stay as they are.
const char* TrUnit(const char* unit);
// "显存###Memory": the label in the current language with an ImGui ID that does not change with it, so a
// collapsed header stays collapsed and keyboard focus stays put when the language switches.
std::string TrId(const char* english);

// The page's table (tests; scripts/cjk_chars.py reads web/strings_zh.inc for the font subset).
const std::vector<Phrase>& UiPhrases();
bool UiHasTranslation(std::string_view english);

}  // namespace tp::ui
