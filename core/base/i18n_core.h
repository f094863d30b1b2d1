// i18n_core.h — the engine's own words in English and Chinese: the bottleneck and warning sentences, the
// fit advice, why a layout loses, the text report's headings, the unit words; the key table and the figure
// table add their own (AddTranslations); numbers are formatted by format.h. Lookup is keyed by the English
// text, so an untranslated string shows up as English (and a test can list it). Core knows nothing of the
// UI; web/i18n reuses this table and adds the page's own. JSON and CSV output stay English whatever the
// language: they are an API.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tp {

enum class Lang : uint8_t { En, Zh };

// "zh", "zh-CN", "zh_TW", "zh-Hans" ... -> Zh; anything else -> En (the browser's navigator.language too).
Lang ParseLang(std::string_view code);
const char* LangCode(Lang lang);  // "en" / "zh": the share link's spelling

// One hand-written translation. `en` is the key; `{0}`, `{1}` ... are placeholders filled by Fill (the
// Chinese may put them in another order), and printf conversions (%s, %d) are kept as they are.
struct Phrase {
  const char* en;
  const char* zh;
};

// The translation of `english` (exact match), or `english` itself when the language is English or no
// translation exists. The returned pointer is `english` or a static string: it stays valid.
const char* Translate(Lang lang, const char* english);
bool HasTranslation(std::string_view english);
// Adds another table's own translations to the lookup (the key table adds its labels, help and sources
// when it is built). The strings must outlive the program (string literals).
void AddTranslations(std::span<const Phrase> phrases);
// Unit words after numbers ("days" -> "天", "h" -> "小时", "USD" -> "美元"): a table of their own, because
// the same English word is also a label ("days" as a column heading is "天数").
const char* UnitWord(Lang lang, const char* unit);

// English words made at run time, translated: a sentence of the table as Translate does, else an
// accepted-values text ("a whole number 1-1024 or auto", "bf16, fp16 or fp8", "custom, llama2-7b or
// mixtral-8x7b") with its fixed words translated and its values (link spellings, ids) as they are typed.
// The page's key tooltips and the issue messages (config.h) share it.
std::string TranslateWords(Lang lang, std::string_view english);

// Replaces {0} .. {9} in `pattern` by args[i]. "{{" is a literal brace. Unknown indices stay as written.
std::string Fill(std::string_view pattern, std::span<const std::string_view> args);
std::string Fill(std::string_view pattern, std::initializer_list<std::string_view> args);
// Translate, then Fill.
std::string TrFill(Lang lang, const char* english, std::initializer_list<std::string_view> args);

// The engine's tables (tests; scripts/cjk_chars.py reads the source for the font subset).
const std::vector<Phrase>& CorePhrases();
const std::vector<Phrase>& CoreUnitWords();

// Tests: every English string looked up for Chinese without a translation is appended here while set.
void SetMissingTranslationSink(std::vector<std::string>* sink);

}  // namespace tp
