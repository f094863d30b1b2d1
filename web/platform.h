// platform.h — the narrow interface between the planner's UI and where it runs. Two implementations:
// platform_native.cpp (SDL2 + OpenGL 3 window, state file, argv link) and platform_web.cpp (SDL2 +
// WebGL2 canvas, URL fragment and history, localStorage, navigator.clipboard, downloads). CMake picks
// one; nothing else in web/ knows which (the only __EMSCRIPTEN__ code is platform_web.cpp).
#pragma once
#include <string>
#include <vector>

namespace tp::platform {

struct InitOptions {
  const char* title = "TrainPlan";
  int width = 1366, height = 768;  // native window size in screen coordinates (ignored on the web)
  bool hidden_window = false;
};

// Creates the window/canvas and GL context and initializes ImGui's SDL and OpenGL backends.
// The ImGui context must exist. Prints the reason and returns false on failure.
bool Init(const InitOptions& options);
void Shutdown();

// Runs frame(user) until it returns false (natively); on the web it never returns (the browser drives it).
void RunLoop(bool (*frame)(void* user), void* user);

// Per frame: pump events into ImGui and start the backends' frame; returns false when the user closed
// the window. EndFrame renders ImGui's draw data over `clear_rgba` and presents; with `png_path` it first
// reads the frame back into a PNG file (natively; false on the web or on failure).
bool BeginFrame();
bool EndFrame(const float clear_rgba[4], const char* png_path = nullptr);
// After each frame: whether the app needs the next one even when no input comes (background work filling in,
// a message on a timer). The page runs no frame while idle otherwise (platform_web.cpp, Tramp: no input, no
// answer arriving, no text field being typed in, nothing drawn lately); the window draws every frame regardless.
void KeepFrames(bool wanted);

void SetClipboard(const std::string& text);
// A copy that did not reach the system clipboard (SetClipboard or a text field's Ctrl+C): true once per
// refusal. The page copies asynchronously (navigator.clipboard.writeText, which the browser may refuse
// without the clipboard-write permission, then the older execCommand("copy")), so the answer comes later.
bool TakeClipboardWriteRefused();
// The system clipboard's text, asked for by a button ("Paste config.json"): the browser answers later
// (navigator.clipboard.readText, which may ask the user), so the request and the answer are two calls.
// TakeClipboardText returns true once the answer is in: the text, or *refused when the browser said no.
void RequestClipboardText();
bool TakeClipboardText(std::string& text, bool* refused);
// A file dropped on the window or the page: true once per file, with its name and its text ("" when it
// could not be read or is over 1 MB; a config.json is a few kB).
bool TakeDroppedFile(std::string& name, std::string& text);
// A launch-config request (web/launch_service.h): the page answers it in launch.js, a module fetched on the
// first request, so the answer comes later (TakeLaunchAnswer: true once, with it); the window and the tests
// answer at once.
void RequestLaunch(const std::string& request);
bool TakeLaunchAnswer(std::string& answer);

// A rectangle on the screen in ImGui units (CSS pixels on the page): top left, bottom right.
struct Box {
  float x0, y0, x1, y1;
};

// The on-screen keyboard of phones and tablets. The UI calls this once per frame: `typing` while an
// editable text field is active (at `field`), and `fields`, every text field drawn this frame. A browser
// opens its keyboard only for a focused DOM text element, and only when focused from inside the tap's own
// event handler: the page keeps a hidden <input>, focuses it when a tap lands on one of `fields`, hands
// what is typed or composed into it (keys, IME text) to the ImGui field, and blurs it (the keyboard
// closes) once `typing` ends. Natively: the IME's candidate window is put at the field.
void TextInput(bool typing, const Box& field, const std::vector<Box>& fields);

// The page as text (web/page_text.h, issue #33): the verdict and the current view's figures and table, which
// the page mirrors into DOM text (visually hidden yet selectable, found by Ctrl+F, the verdict in an ARIA live
// region, printed by the print style sheet); `lang` is "en" or "zh". Called only when the text changes.
// Natively nothing shows it (the headless platform records it for the tests).
void PublishPageText(const std::string& verdict, const std::string& body, const std::string& lang);

// Share link state. Link() is the fragment the app started with ("#v=1&..." or "" when none).
// SetLink writes the current fragment: push=true adds a history entry (a discrete edit), false replaces it
// (still typing/dragging). TakeLinkChange returns true once when the user navigated (back/forward, edited
// the address) or a script called window.trainplan.setLink, with the new fragment.
std::string InitialLink();
// The link to share for `fragment`: the page's address + fragment on the web, the fragment natively.
std::string ShareUrl(const std::string& fragment);
void SetInitialLink(const std::string& link);  // natively, the argument of trainplan-gui
void SetLink(const std::string& fragment, bool push);
bool TakeLinkChange(std::string& fragment);

// Last state between runs (a share-link fragment): localStorage on the web, a file natively.
std::string LoadState();
void SaveState(const std::string& fragment);

// Offer `content` as a file: a browser download, or natively a file written next to the working directory
// (returns the path written, or "" on failure).
std::string Download(const std::string& filename, const std::string& mime, const std::string& content);

// Scripting hooks (window.trainplan.plan() / compare() / setLink() / widgets() / searchStatus() / search() on the
// web; unused natively).
struct ScriptHooks {
  std::string (*plan_json)(void* user) = nullptr;
  std::string (*compare_json)(void* user) = nullptr;  // the compare columns, as `trainplan compare --format json`
  void (*set_link)(void* user, const std::string& fragment) = nullptr;
  std::string (*widgets_json)(void* user) = nullptr;
  std::string (*stats_json)(void* user) = nullptr;          // frame and re-plan times (window.trainplan.stats())
  std::string (*search_status_json)(void* user) = nullptr;  // window.trainplan.searchStatus()
  std::string (*search_json)(void* user) = nullptr;         // window.trainplan.search(): `trainplan search` JSON
  std::string (*explain_json)(void* user) = nullptr;        // window.trainplan.explain(): `trainplan explain` JSON
  std::string (*explain_panel_json)(void* user) = nullptr;  // window.trainplan.explainPanel(): the open "why?" panel
  // window.trainplan.drawnText(): {"first": the words the first frame drew, "last": those of the last frame
  // captured}; each call asks for the next frame's words (the page's words on its canvas, for the browser tests).
  std::string (*drawn_text_json)(void* user) = nullptr;
  void* user = nullptr;
};
void SetScriptHooks(const ScriptHooks& hooks);

// Work off the main thread, for the search view's layout search (web/search_split.h). A request goes to
// the app's WorkerMain on a worker: on the page a Web Worker running its own instance of the page's
// WebAssembly (shell/search_worker.js; requests and answers are copied as text, no SharedArrayBuffer, so
// static hosting still works), natively a thread. PostWork queues it for the next free worker; answers
// come back from TakeWorkAnswer, one per call, in the order they finish. DropQueuedWork forgets the
// requests no worker has started (a newer search replaces them); started ones still answer.
int Workers();
void PostWork(int id, const std::string& request);
void DropQueuedWork();
bool TakeWorkAnswer(int& id, std::string& answer);
// Defined by the app (web/search_split.cpp), run on a worker: the answer to `request`.
std::string WorkerMain(const std::string& request);

// Where the state lives, for messages ("saved to ~/.config/trainplan/state").
std::string StateLocation();

// The user's language for a first visit: navigator.language on the web ("zh-CN"), the locale natively
// ($LC_ALL, $LC_MESSAGES or $LANG: "zh_CN.UTF-8"); "" when unknown. core/i18n_core's ParseLang reads it.
std::string PreferredLanguage();

// The Chinese font (all the interface's CJK glyphs), asked for only while Chinese is on. Natively it is
// compiled in and returned at once; the page starts fetching cjk.ttf on the first call and returns false
// until it has arrived (then true on every call). The bytes stay valid for the program's life.
bool CjkFont(const unsigned char** data, int* size);

}  // namespace tp::platform
