// platform_null.h — what the headless platform (platform_null.cpp) records, for the UI tests.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "platform.h"

namespace tp::platform {

struct NullPlatform {
  std::string initial_link, clipboard, state;
  int clipboard_requests = 0;                                // RequestClipboardText() calls
  bool clipboard_refused = false;                            // the next answer is a refusal
  std::vector<std::pair<std::string, std::string>> dropped;  // files to drop: (name, text)
  std::vector<std::string> history;                          // pushState/replaceState as a list
  std::vector<std::pair<std::string, bool>> set_link_calls;  // (fragment, push)
  std::vector<std::string> navigation;                       // injected Back/Forward/typed links
  std::vector<std::pair<std::string, std::string>> downloads;
  std::string preferred_language;        // what PreferredLanguage() reports (navigator.language)
  int cjk_font_requests = 0;             // CjkFont() calls: the English page must never ask
  bool clipboard_write_refused = false;  // the next copy does not reach the clipboard (permission denied)
  int clipboard_writes = 0;              // SetClipboard() calls
  // The last TextInput() call: is a text field taking typed text, where, and the text fields drawn.
  bool typing = false;
  Box typing_field{0, 0, 0, 0};
  std::vector<Box> text_fields;
  ScriptHooks hooks;
  // PublishPageText's calls: the last one's verdict, body and language, and how many there were.
  std::string page_verdict, page_body, page_lang;
  int page_texts = 0;
};
NullPlatform& Null();

}  // namespace tp::platform
