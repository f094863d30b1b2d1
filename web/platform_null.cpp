// platform_null.cpp — platform.h with no window, for the UI's headless tests (tests/ui): no SDL and no GL;
// the link history, clipboard, state and downloads are kept in memory where a test can inspect them, and
// navigation can be injected as if the user pressed Back.
#include "platform_null.h"

#include <deque>
#include <utility>

#include "imgui.h"

namespace tp::platform {

NullPlatform& Null() {
  static NullPlatform p;
  return p;
}

bool Init(const InitOptions&) { return true; }
void Shutdown() {}
void RunLoop(bool (*frame)(void*), void* user) {
  while (frame(user)) {
  }
}
bool BeginFrame() { return true; }
bool EndFrame(const float*, const char*) { return false; }
void KeepFrames(bool) {}
void SetClipboard(const std::string& text) {
  NullPlatform& p = Null();
  ++p.clipboard_writes;
  if (!p.clipboard_write_refused) p.clipboard = text;
}
bool TakeClipboardWriteRefused() {
  NullPlatform& p = Null();
  const bool refused = p.clipboard_write_refused && p.clipboard_writes > 0;
  if (refused) p.clipboard_writes = 0;  // one answer per copy
  return refused;
}
void TextInput(bool typing, const Box& field, const std::vector<Box>& fields) {
  NullPlatform& p = Null();
  p.typing = typing;
  p.typing_field = field;
  p.text_fields = fields;
}
void RequestClipboardText() { ++Null().clipboard_requests; }
bool TakeClipboardText(std::string& text, bool* refused) {
  NullPlatform& p = Null();
  if (p.clipboard_requests == 0) return false;  // the answer to a request, as the browser's arrives
  --p.clipboard_requests;
  *refused = p.clipboard_refused;
  text = p.clipboard_refused ? std::string() : p.clipboard;
  return true;
}
bool TakeDroppedFile(std::string& name, std::string& text) {
  NullPlatform& p = Null();
  if (p.dropped.empty()) return false;
  name = p.dropped.front().first, text = p.dropped.front().second;
  p.dropped.erase(p.dropped.begin());
  return true;
}
std::string InitialLink() { return Null().initial_link; }
void SetInitialLink(const std::string& link) { Null().initial_link = link; }
std::string ShareUrl(const std::string& fragment) { return "https://example.org/trainplan/" + fragment; }
void SetLink(const std::string& fragment, bool push) {
  NullPlatform& p = Null();
  if (push || p.history.empty())
    p.history.push_back(fragment);
  else
    p.history.back() = fragment;
  p.set_link_calls.push_back({fragment, push});
}
bool TakeLinkChange(std::string& fragment) {
  NullPlatform& p = Null();
  if (p.navigation.empty()) return false;
  fragment = p.navigation.front();
  p.navigation.erase(p.navigation.begin());
  return true;
}
std::string LoadState() { return Null().state; }
void SaveState(const std::string& s) { Null().state = s; }
std::string StateLocation() { return "memory"; }
std::string Download(const std::string& filename, const std::string&, const std::string& content) {
  Null().downloads.push_back({filename, content});
  return filename;
}
void SetScriptHooks(const ScriptHooks& hooks) { Null().hooks = hooks; }
void PublishPageText(const std::string& verdict, const std::string& body, const std::string& lang) {
  NullPlatform& n = Null();
  n.page_verdict = verdict, n.page_body = body, n.page_lang = lang;
  ++n.page_texts;
}
std::string PreferredLanguage() { return Null().preferred_language; }
bool CjkFont(const unsigned char**, int*) {
  ++Null().cjk_font_requests;
  return false;  // headless: the default font, no glyphs needed
}

// Workers: the tests run each request in the frame that asks for its answer, one per call, so a test
// sees the same frames whatever the machine (the split and the merge are the page's).
namespace {
std::deque<std::pair<int, std::string>> g_work;
}
int Workers() { return 2; }
void PostWork(int id, const std::string& request) { g_work.push_back({id, request}); }
void DropQueuedWork() { g_work.clear(); }
bool TakeWorkAnswer(int& id, std::string& answer) {
  if (g_work.empty()) return false;
  id = g_work.front().first;
  answer = WorkerMain(g_work.front().second);
  g_work.pop_front();
  return true;
}

}  // namespace tp::platform
