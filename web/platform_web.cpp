// platform_web.cpp — the browser side of platform.h (the only file that knows about Emscripten):
// SDL2 on a WebGL2 canvas sized by CSS at the device pixel ratio, the URL fragment and history
// (replaceState while editing, pushState per edit, hashchange/popstate for back/forward), localStorage,
// the real clipboard (navigator.clipboard, with a fallback), downloads through a Blob, the search view's
// Web Workers (the pool is in shell/trainplan.js), the on-screen keyboard's hidden input (also there),
// and the functions behind window.trainplan (plan(),
// setLink(), widgets(), searchStatus(), ...) that shell/trainplan.js exposes, and the workers' entry.
#include <GLES3/gl3.h>
#include <SDL.h>
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>

#include <cfloat>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>

#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl2.h"
#include "platform.h"
#include "redraw.h"

// (JavaScript inside EM_JS below: not C++ to clang-format, which would turn `!==` into `!= =`.)
// clang-format off
// ---- JavaScript side. Strings cross as UTF-8 pointers (UTF8ToString), never spliced into code. ----
// The page says it needs WebGL2 (shell/trainplan.js): the canvas's context could not be created.
EM_JS(void, tp_js_no_webgl2, (), {
  if (Module.tpNoWebGL2) Module.tpNoWebGL2();
});

EM_JS(char*, tp_js_location_hash, (), {
  var s = window.location.hash || "";
  var n = lengthBytesUTF8(s) + 1;
  var p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

EM_JS(char*, tp_js_page_address, (), {
  var s = window.location.origin + window.location.pathname;
  var n = lengthBytesUTF8(s) + 1;
  var p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

EM_JS(void, tp_js_set_link, (const char* fragment, int push), {
  var f = UTF8ToString(fragment);
  Module.tpLastHash = f;  // our own change: not a navigation
  try {
    if (push) history.pushState(null, "", f);
    else history.replaceState(null, "", f);
  } catch (e) {
    // Some embedders (sandboxed iframes) forbid history access; the page still works without it.
  }
});

// Returns the new fragment when the user navigated since the last call (back/forward, typed address), or 0.
EM_JS(char*, tp_js_take_navigation, (), {
  if (!Module.tpNavPending) return 0;
  Module.tpNavPending = false;
  var s = window.location.hash || "";
  var n = lengthBytesUTF8(s) + 1;
  var p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

EM_JS(void, tp_js_listen_navigation, (), {
  var onNav = function() {
    if ((window.location.hash || "") !== Module.tpLastHash) {
      Module.tpLastHash = window.location.hash || "";
      Module.tpNavPending = true;
      Module.tpWake = true;
    }
  };
  window.addEventListener("hashchange", onNav);
  window.addEventListener("popstate", onNav);
});

// The browser's preferred language ("zh-CN"): navigator.languages[0], else navigator.language.
EM_JS(char*, tp_js_preferred_language, (), {
  var s = (navigator.languages && navigator.languages[0]) || navigator.language || "";
  var n = lengthBytesUTF8(s) + 1;
  var p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

// The Chinese font is a separate file (cjk.ttf next to index.js) so the English page never downloads it.
// The first call starts the fetch; once it has arrived one call returns a malloc'd copy (length in *size),
// every other call returns 0. A failed fetch is reported once; the page stays usable (Latin glyphs).
EM_JS(unsigned char*, tp_js_take_cjk_font, (int* size), {
  if (!Module.tpCjk) {
    Module.tpCjk = { state: "loading" };
    fetch("cjk.ttf")
      .then(function(r) { if (!r.ok) throw new Error("HTTP " + r.status); return r.arrayBuffer(); })
      .then(function(b) { Module.tpCjk = { state: "ready", bytes: new Uint8Array(b) }; Module.tpWake = true; })
      .catch(function(e) {
        console.warn("TrainPlan: the Chinese font (cjk.ttf) could not be loaded: " + e);
        Module.tpCjk = { state: "failed" };
      });
    return 0;
  }
  if (Module.tpCjk.state !== "ready") return 0;
  var bytes = Module.tpCjk.bytes;
  Module.tpCjk = { state: "taken" };
  var p = _malloc(bytes.length);
  HEAPU8.set(bytes, p);
  HEAP32[size >> 2] = bytes.length;
  return p;
});

// Paste (issue #20): SDL's clipboard on Emscripten never sees the system clipboard, so the page listens
// for the browser's paste event and ImGui reads what was pasted. The browser fires that event only when
// the Ctrl+V (Cmd+V) keydown is not cancelled, and SDL cancels every keydown with Ctrl held; a listener
// that runs first (capture phase, on window) therefore makes this one event's preventDefault a no-op.
// SDL still sees the key, so ImGui pastes in its next frame; the paste event comes before that frame.
EM_JS(void, tp_js_listen_paste, (), {
  Module.tpClipboard = "";
  window.addEventListener("keydown", function(e) {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && (e.key === "v" || e.key === "V")) e.preventDefault = function() {};
  }, true);
  document.addEventListener("paste", function(e) {
    var t = (e.clipboardData || window.clipboardData).getData("text");
    if (typeof t === "string" && t.length) Module.tpClipboard = t;
    Module.tpWake = true;
  });
  // A file dropped anywhere on the page (a config.json): read as text, taken by TakeDroppedFile.
  Module.tpDropped = [];
  document.addEventListener("dragover", function(e) { e.preventDefault(); });
  document.addEventListener("drop", function(e) {
    e.preventDefault();
    var files = (e.dataTransfer && e.dataTransfer.files) || [];
    for (var i = 0; i < files.length; i++) {
      (function(f) {
        var arrive = function(text) { Module.tpDropped.push({ name: f.name, text: text }); Module.tpWake = true; };
        if (f.size > 16777216) { arrive(""); return; }  // 16 MiB: a notebook with its outputs (launch_doc.h)
        f.text().then(arrive, function() { arrive(""); });
      })(files[i]);
    }
  });
});

// The "Paste config.json" button: navigator.clipboard.readText (the browser may ask the user); the answer
// lands in Module.tpClipAnswer for tp_js_take_clipboard_answer.
EM_JS(void, tp_js_request_clipboard, (), {
  Module.tpClipAnswer = null;
  var answer = function(text, refused) { Module.tpClipAnswer = { text: text, refused: refused }; Module.tpWake = true; };
  if (!navigator.clipboard || !navigator.clipboard.readText) { answer("", true); return; }
  navigator.clipboard.readText().then(function(t) { answer(t || "", false); },
                                      function() { answer("", true); });
});

// 0 while no answer; else a malloc'd string and *refused.
EM_JS(char*, tp_js_take_clipboard_answer, (int* refused), {
  var a = Module.tpClipAnswer;
  if (!a) return 0;
  Module.tpClipAnswer = null;
  HEAP32[refused >> 2] = a.refused ? 1 : 0;
  var n = lengthBytesUTF8(a.text) + 1;
  var p = _malloc(n);
  stringToUTF8(a.text, p, n);
  return p;
});

// The launch configs' module (web/launch_service.h): launch.js (+ launch.wasm), added to the page as a script
// on the first request (the Content-Security-Policy's script-src 'self'), its answer left in
// Module.tpLaunchAnswer for tp_js_take_launch_answer. A module that cannot load answers with the reason.
EM_JS(void, tp_js_launch_request, (const char* request), {
  var req = UTF8ToString(request);
  Module.tpLaunchAnswer = null;
  if (!Module.tpLaunch) {
    Module.tpLaunch = new Promise(function(resolve, reject) {
      var s = document.createElement("script");
      s.src = "launch.js";
      s.onload = function() { TrainPlanLaunch().then(function(m) { resolve({ m: m }); }, reject); };
      s.onerror = function() { reject(new Error("launch.js could not be loaded")); };
      document.head.appendChild(s);
    });
  }
  Module.tpLaunch.then(function(box) {
    // The request (a pasted or dropped config, a notebook of up to 16 MiB) on the module's heap: ccall would copy it onto
    // the 64 KiB stack and overrun it.
    var m = box.m, n = m.lengthBytesUTF8(req) + 1, p = m._malloc(n);
    m.stringToUTF8(req, p, n);
    try { Module.tpLaunchAnswer = m.UTF8ToString(m._trainplan_launch(p)); } finally { m._free(p); }
    Module.tpWake = true;
  }, function(e) {
    console.warn("TrainPlan: the launch-config module (launch.js) could not be loaded: " + e);
    Module.tpLaunchAnswer = "ok=0\nerror=the launch-config module (launch.js) could not be loaded: " + e + "\n\n";
    Module.tpWake = true;
  });
});

// 0 while no answer; else a malloc'd string.
EM_JS(char*, tp_js_take_launch_answer, (), {
  var a = Module.tpLaunchAnswer;
  if (a === null || a === undefined) return 0;
  Module.tpLaunchAnswer = null;
  var n = lengthBytesUTF8(a) + 1;
  var p = _malloc(n);
  stringToUTF8(a, p, n);
  return p;
});

// The next dropped file: its name (returned) and text (*text), both malloc'd; 0 when none.
EM_JS(char*, tp_js_take_dropped, (char** text), {
  if (!Module.tpDropped || !Module.tpDropped.length) return 0;
  var d = Module.tpDropped.shift();
  var put = function(s) { var n = lengthBytesUTF8(s) + 1; var p = _malloc(n); stringToUTF8(s, p, n); return p; };
  // _malloc may grow the heap, which replaces HEAP32: `HEAP32[...] = put(...)` would read the old view first and
  // write the pointer into a detached buffer (a dropped notebook of a few MB never arrived). Allocate, then store.
  var body = put(d.text);
  HEAP32[text >> 2] = body;
  return put(d.name);
});

EM_JS(char*, tp_js_clipboard_get, (), {
  var s = Module.tpClipboard || "";
  var n = lengthBytesUTF8(s) + 1;
  var p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

// Copy: navigator.clipboard.writeText, which the browser may refuse (no clipboard-write permission, the
// page not focused), then the older execCommand("copy") on a selected textarea; when both fail the page
// says so (TakeClipboardWriteRefused) instead of claiming a copy that did not happen.
EM_JS(void, tp_js_clipboard, (const char* text), {
  var t = UTF8ToString(text);
  Module.tpClipboard = t;
  var fallback = function() {
    var ta = document.createElement("textarea");
    ta.value = t;
    ta.setAttribute("readonly", "");
    ta.style.position = "fixed";
    ta.style.opacity = "0";
    var had = document.activeElement;
    Module.tpCopying = true;  // the keyboard's input losing focus for a moment is not the user leaving it
    document.body.appendChild(ta);
    ta.select();
    var copied = false;
    try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
    document.body.removeChild(ta);
    if (had && had.focus) had.focus({ preventScroll: true });
    Module.tpCopying = false;
    if (!copied) Module.tpCopyRefused = true;
    Module.tpWake = true;
  };
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(t).catch(fallback);
  } else {
    fallback();
  }
});

EM_JS(int, tp_js_take_copy_refused, (), {
  var refused = Module.tpCopyRefused ? 1 : 0;
  Module.tpCopyRefused = false;
  return refused;
});

// The on-screen keyboard's input (shell/trainplan.js, Module.tpKeyboard): told each frame whether a text
// field is being typed in, where, and where every text field is (x0, y0, x1, y1 per field).
EM_JS(void, tp_js_text_input, (int typing, float x0, float y0, float x1, float y1, const float* boxes, int count), {
  if (!Module.tpKeyboard) return;
  var at = boxes >> 2;
  Module.tpKeyboard.frame(typing !== 0, [x0, y0, x1, y1], Array.from(HEAPF32.subarray(at, at + count * 4)));
});

// The next thing typed into it, malloc'd: "t" + text, or "k" + ctrl (0/1) + shift (0/1) + key name; 0 if none.
EM_JS(char*, tp_js_take_typed, (), {
  var t = Module.tpKeyboard ? Module.tpKeyboard.take() : null;
  if (!t) return 0;
  var s = t.text !== undefined ? "t" + t.text : "k" + (t.ctrl ? "1" : "0") + (t.shift ? "1" : "0") + t.key;
  var n = lengthBytesUTF8(s) + 1;
  var p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

// The search view's workers: shell/trainplan.js keeps the pool (Module.tpWork: Web Workers each running
// its own instance of this WebAssembly, shell/search_worker.js) and its queues; requests and answers are
// copied as strings.
EM_JS(int, tp_js_work_count, (), { return Module.tpWork ? Module.tpWork.count() : 0; });
EM_JS(void, tp_js_work_post, (int id, const char* request), { Module.tpWork.post(id, UTF8ToString(request)); });
EM_JS(void, tp_js_work_drop, (), { if (Module.tpWork) Module.tpWork.drop(); });
// The next answer that came back (a malloc'd string, its id in *id), or 0.
EM_JS(char*, tp_js_work_take, (int* id), {
  var a = Module.tpWork ? Module.tpWork.take() : null;
  if (!a) return 0;
  HEAP32[id >> 2] = a.id;
  var n = lengthBytesUTF8(a.answer) + 1;
  var p = _malloc(n);
  stringToUTF8(a.answer, p, n);
  return p;
});

EM_JS(char*, tp_js_storage_get, (), {
  var s = "";
  try { s = window.localStorage.getItem("trainplan.state") || ""; } catch (e) {}
  var n = lengthBytesUTF8(s) + 1;
  var p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

EM_JS(void, tp_js_storage_set, (const char* value), {
  try { window.localStorage.setItem("trainplan.state", UTF8ToString(value)); } catch (e) {}
});

// The page's text (platform.h's PublishPageText): shell/trainplan.js writes it into the DOM (Module.tpPageText).
EM_JS(void, tp_js_page_text, (const char* verdict, const char* body, const char* lang), {
  if (Module.tpPageText) Module.tpPageText(UTF8ToString(verdict), UTF8ToString(body), UTF8ToString(lang));
});

EM_JS(void, tp_js_download, (const char* name, const char* mime, const char* data, int size), {
  var bytes = HEAPU8.slice(data, data + size);
  var blob = new Blob([bytes], {type: UTF8ToString(mime)});
  var a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = UTF8ToString(name);
  document.body.appendChild(a);
  a.click();
  document.body.removeChild(a);
  setTimeout(function() { URL.revokeObjectURL(a.href); }, 1000);
});

// The main loop was paused (Tramp): shell/trainplan.js resumes it on the next wake, input event or, after
// `heartbeat_ms`, for the heartbeat frame.
// 1 when it will (the shell's tpSleep took the call), 0 when nothing would resume it.
EM_JS(int, tp_js_sleep, (double heartbeat_ms), {
  if (!Module.tpSleep) return 0;
  Module.tpSleep(heartbeat_ms);
  return 1;
});

// Whether something arrived outside SDL since the last call (shell/trainplan.js, wake): clears the flag.
EM_JS(int, tp_js_take_wake, (), {
  var w = Module.tpWake ? 1 : 0;
  Module.tpWake = false;
  return w;
});

// clang-format on

namespace tp::platform {
namespace {

SDL_Window* g_window = nullptr;
SDL_GLContext g_gl = nullptr;
tp::ui::RedrawMemo g_redraw;  // the last frame drawn (redraw.h)
// Frames since the page's stats were last read (window.trainplan.stats()): drawn in full, in part (and
// the share of the canvas those parts covered, summed), run but drawing nothing (skipped), or not run at all
// because the page was idle (idle: Tramp).
struct DrawCounts {
  int full = 0, partial = 0, skipped = 0, idle = 0;
  double partial_share = 0;
} g_draws;
std::string g_initial_link;
ScriptHooks g_hooks;
bool (*g_frame)(void*) = nullptr;
void* g_frame_user = nullptr;

std::string TakeJsString(char* p) {
  std::string s = p ? p : "";
  std::free(p);
  return s;
}

// Idle frames (issue #27). Every animation frame used to run a whole Dear ImGui frame (input, UI, render and
// redraw.h's hashing) even when it drew nothing: an open idle tab took about a quarter of a core (2.7 s of
// CPU in 10 s in headless Chromium, 619 of 634 frames drawing nothing). A frame now runs only when something
// could change what is drawn: an SDL event waiting (input, resize, focus), anything that arrived outside SDL
// (shell/trainplan.js's wake flag: an answer from the clipboard, the launch module, a search worker or the
// font fetch, a dropped file, typed text from the on-screen keyboard, back/forward, a script's setLink), the
// app asking for it (KeepFrames: background work, a message on a timer), a text field being typed in (its
// caret blinks), the second after the last input (Dear ImGui's hover delays: tooltips come 0.65 s after the
// pointer rests, widgets.cpp), or a frame among the last few that drew something (Dear ImGui settles a
// window's size and a popup over a frame or two). A heartbeat frame runs at least every half second anyway,
// so that a wake missed by this list shows late, never for good.
// A frame with nothing to run also puts the page to sleep: the main loop is paused, so the browser is no
// longer asked for animation frames at all (while it was, an idle tab's Chromium still took about 1 s of CPU
// in 10 s running frames that did nothing). shell/trainplan.js wakes it (trainplan_wake) when the wake flag
// is set, on any input event the page receives (before SDL's own handlers queue it), and when the next
// frame is due.
// What only the clock changes (the caret's blink, a hover delay running out) needs a frame now and then, not
// 60 a second: a text field being typed in, and the rest of the second after the last input, run a frame every
// 0.1 s (the caret blinks at 0.8 s on, 0.4 s off; a tooltip comes at most 0.1 s after its 0.65 s delay), where
// they ran every animation frame. The first quarter second after input still runs every frame: Dear ImGui
// finishes some of what a key or click starts over frames that draw nothing new (a popup measured while hidden,
// keyboard navigation moving into it), and a frame every 0.1 s made a combo opened with Space show its choice
// late (browser-keyboard, browser-edges at load 10). A widget held with the mouse (a drag) runs every frame.
constexpr double kEveryFrameAfterInputS = 0.25;
constexpr double kAwakeAfterInputS = 1.0;
constexpr double kAwakeFrameS = 0.1;
constexpr double kHeartbeatS = 0.5;
constexpr int kSettleFrames = 3;
bool g_keep_frames = true;  // the app's last KeepFrames
int g_quiet_frames = 0;     // frames in a row that drew nothing (EndFrame)
double g_last_input_s = -1e9, g_last_frame_s = -1e9;

void Tramp(void*) {
  const double now = emscripten_get_now() / 1000.0;
  // Both flags are read every time: the JS one is cleared by the reading.
  const bool sdl_event = SDL_PeepEvents(nullptr, 0, SDL_PEEKEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT) > 0;
  const bool woken = tp_js_take_wake() != 0;
  if (sdl_event || woken) g_last_input_s = now;
  const ImGuiIO& io = ImGui::GetIO();
  const bool held = ImGui::IsAnyItemActive() && !io.WantTextInput;
  const bool run_now = sdl_event || woken || g_keep_frames || held || g_quiet_frames < kSettleFrames ||
                       now - g_last_input_s < kEveryFrameAfterInputS;
  const bool awake = io.WantTextInput || now - g_last_input_s < kAwakeAfterInputS;
  const double due = g_last_frame_s + (awake ? kAwakeFrameS : kHeartbeatS);
  if (!run_now && now < due) {
    ++g_draws.idle;
    // Paused only where the shell will resume it (an older or missing trainplan.js would leave it asleep).
    if (tp_js_sleep(1000.0 * (due - now))) emscripten_pause_main_loop();
    return;
  }
  g_last_frame_s = now;
  if (!g_frame(g_frame_user)) emscripten_cancel_main_loop();
}

// The ImGui key of a key name the keyboard input sends (shell/trainplan.js), or ImGuiKey_None.
ImGuiKey KeyOf(const std::string& name) {
  static const std::pair<const char*, ImGuiKey> kKeys[] = {{"Backspace", ImGuiKey_Backspace},
                                                           {"Delete", ImGuiKey_Delete},
                                                           {"Enter", ImGuiKey_Enter},
                                                           {"Tab", ImGuiKey_Tab},
                                                           {"Escape", ImGuiKey_Escape},
                                                           {"Left", ImGuiKey_LeftArrow},
                                                           {"Right", ImGuiKey_RightArrow},
                                                           {"Up", ImGuiKey_UpArrow},
                                                           {"Down", ImGuiKey_DownArrow},
                                                           {"Home", ImGuiKey_Home},
                                                           {"End", ImGuiKey_End},
                                                           {"A", ImGuiKey_A},
                                                           {"C", ImGuiKey_C},
                                                           {"X", ImGuiKey_X},
                                                           {"Y", ImGuiKey_Y},
                                                           {"Z", ImGuiKey_Z}};
  for (const auto& [key, code] : kKeys)
    if (name == key) return code;
  return ImGuiKey_None;
}

// What was typed into the keyboard input, to ImGui's input queue in order: a key is pressed and released
// with its modifiers around it, and the queue gives the release (and text typed after the key) to later
// frames, so a field sees each key down for a frame.
void FeedTyped() {
  ImGuiIO& io = ImGui::GetIO();
  while (char* p = tp_js_take_typed()) {
    const std::string item = TakeJsString(p);
    if (item.size() > 1 && item[0] == 't') {
      io.AddInputCharactersUTF8(item.c_str() + 1);
      continue;
    }
    const ImGuiKey key = item.size() > 3 ? KeyOf(item.substr(3)) : ImGuiKey_None;
    if (key == ImGuiKey_None) continue;
    const bool ctrl = item[1] == '1', shift = item[2] == '1';
    if (ctrl) io.AddKeyEvent(ImGuiMod_Ctrl, true);
    if (shift) io.AddKeyEvent(ImGuiMod_Shift, true);
    io.AddKeyEvent(key, true);
    io.AddKeyEvent(key, false);
    if (ctrl) io.AddKeyEvent(ImGuiMod_Ctrl, false);
    if (shift) io.AddKeyEvent(ImGuiMod_Shift, false);
  }
}

}  // namespace

bool Init(const InitOptions& options) {
  // Keyboard events only while the canvas has focus, so browser shortcuts and other page elements work.
  SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::printf("trainplan: cannot initialize SDL: %s\n", SDL_GetError());
    return false;
  }
  // WebGL2 = OpenGL ES 3.0 (shader "#version 300 es").
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
  // The canvas is sized by CSS (100% of the page); RESIZABLE + ALLOW_HIGHDPI makes SDL follow it and
  // back it with CSS size x devicePixelRatio pixels, so text is crisp on high-DPI screens.
  g_window = SDL_CreateWindow(options.title, SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, options.width,
                              options.height, SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (!g_window) {
    std::printf("trainplan: cannot create the canvas window: %s\n", SDL_GetError());
    tp_js_no_webgl2();
    return false;
  }
  g_gl = SDL_GL_CreateContext(g_window);
  if (!g_gl) {
    std::printf("trainplan: cannot create a WebGL2 context: %s\n", SDL_GetError());
    tp_js_no_webgl2();
    return false;
  }
  SDL_GL_MakeCurrent(g_window, g_gl);
  ImGui_ImplSDL2_InitForOpenGL(g_window, g_gl);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  g_initial_link = TakeJsString(tp_js_location_hash());
  tp_js_listen_navigation();
  tp_js_listen_paste();
  // ImGui's copy and paste (Ctrl+C / Ctrl+V in text fields) go through the real clipboard.
  ImGuiPlatformIO& pio = ImGui::GetPlatformIO();  // after the SDL backend, which sets its own
  pio.Platform_SetClipboardTextFn = [](ImGuiContext*, const char* text) { tp_js_clipboard(text); };
  pio.Platform_GetClipboardTextFn = [](ImGuiContext*) -> const char* {
    static std::string pasted;
    pasted = TakeJsString(tp_js_clipboard_get());
    return pasted.c_str();
  };
  return true;
}

void Shutdown() {}

void RunLoop(bool (*frame)(void*), void* user) {
  g_frame = frame;
  g_frame_user = user;
  // 0 fps = requestAnimationFrame; simulate_infinite_loop: main() unwinds here and never returns.
  emscripten_set_main_loop_arg(Tramp, nullptr, 0, true);
}

bool BeginFrame() {
  // A finger has no hover: after a tap the pointer would stay where the finger was and keep that spot's
  // tooltip over the page (a text field's, while typing into it). Once ImGui has seen the release (a press
  // and release in one batch of events take two frames: the backend holds the press for one), the pointer
  // leaves, wherever the finger was: a tooltip shows while a finger rests on an item (past the tooltips'
  // delay, widgets.cpp) and goes when it lifts (issue #34).
  static int touch_ended = 0;  // 1 in the frame whose events lifted a finger, then counts its frames
  static bool pointer_away = false;
  // Dear ImGui's input queue (1.87+) keeps a key pressed and released within one frame as two events and
  // hands them to two frames, each with the modifiers of its moment (a quick Ctrl+V still pastes); its SDL
  // backend takes the pointer from SDL's mouse events whether or not the canvas has keyboard focus.
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    if (event.type == SDL_MOUSEBUTTONDOWN) {
      // A press where the pointer last moved to (a second tap on the same spot) comes without a motion
      // event, and the pointer may have been sent away since (below): the press puts it back where it is.
      ImGuiIO& io = ImGui::GetIO();
      io.AddMouseSourceEvent(event.button.which == SDL_TOUCH_MOUSEID ? ImGuiMouseSource_TouchScreen
                                                                     : ImGuiMouseSource_Mouse);
      io.AddMousePosEvent((float)event.button.x, (float)event.button.y);
    }
    ImGui_ImplSDL2_ProcessEvent(&event);
    if (event.type == SDL_MOUSEBUTTONUP && event.button.which == SDL_TOUCH_MOUSEID) touch_ended = 1;
    if (event.type == SDL_MOUSEBUTTONDOWN || event.type == SDL_MOUSEMOTION) pointer_away = false, touch_ended = 0;
  }
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  FeedTyped();
  if (touch_ended > 0 && ++touch_ended > 3) {
    pointer_away = true;
    touch_ended = 0;
  }
  if (pointer_away) ImGui::GetIO().AddMousePosEvent(-FLT_MAX, -FLT_MAX);
  return true;
}

bool EndFrame(const float c[4], const char*) {
  // Only what changed since the last frame drawn (redraw.h): the canvas keeps the rest.
  ImDrawData& data = *ImGui::GetDrawData();
  const tp::ui::Redraw redraw = tp::ui::RedrawOf(g_redraw, data, c);
  if (redraw.Nothing()) {  // nothing new: the browser has nothing to composite
    // Glyphs rasterized for text that was only measured still go to the GL texture now (the backend
    // otherwise uploads them in RenderDrawData), so the atlas's CPU and GL copies never drift apart.
    if (data.Textures)
      for (ImTextureData* tex : *data.Textures)
        if (tex->Status != ImTextureStatus_OK) ImGui_ImplOpenGL3_UpdateTexture(tex);
    ++g_draws.skipped;
    ++g_quiet_frames;
    return false;
  }
  g_quiet_frames = 0;
  ImGuiIO& io = ImGui::GetIO();
  int w = (int)(io.DisplaySize.x * io.DisplayFramebufferScale.x);
  int h = (int)(io.DisplaySize.y * io.DisplayFramebufferScale.y);
  glViewport(0, 0, w, h);
  glClearColor(c[0], c[1], c[2], c[3]);
  if (redraw.full) {
    ++g_draws.full;
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(&data);
    return false;  // no screenshots from inside the page: the browser test takes them
  }
  glEnable(GL_SCISSOR_TEST);
  for (const tp::ui::PixelRect& r : redraw.rects) {  // GL counts rows from the bottom
    glScissor(r.x0, h - r.y1, r.x1 - r.x0, r.y1 - r.y0);
    glClear(GL_COLOR_BUFFER_BIT);
    g_draws.partial_share += double(r.x1 - r.x0) * (r.y1 - r.y0) / (double(w) * h);
  }
  {
    tp::ui::ClipDrawDataTo clipped(data, redraw.rects);
    ImGui_ImplOpenGL3_RenderDrawData(&data);
  }
  glDisable(GL_SCISSOR_TEST);
  ++g_draws.partial;
  return false;
}

void KeepFrames(bool wanted) { g_keep_frames = wanted; }
void SetClipboard(const std::string& text) { tp_js_clipboard(text.c_str()); }
bool TakeClipboardWriteRefused() { return tp_js_take_copy_refused() != 0; }
void TextInput(bool typing, const Box& f, const std::vector<Box>& fields) {
  static_assert(sizeof(Box) == 4 * sizeof(float), "Box is passed to JavaScript as 4 floats");
  tp_js_text_input(typing ? 1 : 0, f.x0, f.y0, f.x1, f.y1, fields.empty() ? nullptr : &fields[0].x0,
                   (int)fields.size());
}
void RequestClipboardText() { tp_js_request_clipboard(); }
bool TakeClipboardText(std::string& text, bool* refused) {
  int r = 0;
  char* p = tp_js_take_clipboard_answer(&r);
  if (!p) return false;
  text = TakeJsString(p);
  *refused = r != 0;
  return true;
}
void RequestLaunch(const std::string& request) { tp_js_launch_request(request.c_str()); }
bool TakeLaunchAnswer(std::string& answer) {
  char* p = tp_js_take_launch_answer();
  if (!p) return false;
  answer = TakeJsString(p);
  return true;
}
bool TakeDroppedFile(std::string& name, std::string& text) {
  char* t = nullptr;
  char* n = tp_js_take_dropped(&t);
  if (!n) return false;
  name = TakeJsString(n);
  text = TakeJsString(t);
  return true;
}

std::string InitialLink() { return g_initial_link; }
std::string ShareUrl(const std::string& fragment) { return TakeJsString(tp_js_page_address()) + fragment; }
void SetInitialLink(const std::string& link) { g_initial_link = link; }
void SetLink(const std::string& fragment, bool push) { tp_js_set_link(fragment.c_str(), push ? 1 : 0); }
bool TakeLinkChange(std::string& fragment) {
  char* p = tp_js_take_navigation();
  if (!p) return false;
  fragment = TakeJsString(p);
  return true;
}

std::string LoadState() { return TakeJsString(tp_js_storage_get()); }
void SaveState(const std::string& fragment) { tp_js_storage_set(fragment.c_str()); }
std::string StateLocation() { return "localStorage[\"trainplan.state\"]"; }

std::string Download(const std::string& filename, const std::string& mime, const std::string& content) {
  tp_js_download(filename.c_str(), mime.c_str(), content.data(), (int)content.size());
  return filename;
}

void SetScriptHooks(const ScriptHooks& hooks) { g_hooks = hooks; }

void PublishPageText(const std::string& verdict, const std::string& body, const std::string& lang) {
  tp_js_page_text(verdict.c_str(), body.c_str(), lang.c_str());
}

std::string PreferredLanguage() { return TakeJsString(tp_js_preferred_language()); }

int Workers() { return tp_js_work_count(); }
void PostWork(int id, const std::string& request) { tp_js_work_post(id, request.c_str()); }
void DropQueuedWork() { tp_js_work_drop(); }
bool TakeWorkAnswer(int& id, std::string& answer) {
  int got = 0;
  char* p = tp_js_work_take(&got);
  if (!p) return false;
  id = got;
  answer = TakeJsString(p);
  return true;
}

bool CjkFont(const unsigned char** data, int* size) {
  static unsigned char* bytes = nullptr;  // kept for the program's life (the font atlas reads it on rebuilds)
  static int length = 0;
  if (!bytes) bytes = tp_js_take_cjk_font(&length);
  if (!bytes) return false;
  *data = bytes;
  *size = length;
  return true;
}

}  // namespace tp::platform

// ---- exported to JavaScript (shell/trainplan.js wraps them as window.trainplan) ----
namespace {
// A hook's answer, kept in `kept` so that JavaScript can read it (UTF8ToString) until the same export is
// called again; `none` when the app has not installed the hook.
const char* Answer(std::string& kept, std::string (*hook)(void*), const char* none) {
  kept = hook ? hook(tp::platform::g_hooks.user) : none;
  return kept.c_str();
}
}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* trainplan_plan_json() {
  static std::string s;
  return Answer(s, tp::platform::g_hooks.plan_json, "null");
}

EMSCRIPTEN_KEEPALIVE const char* trainplan_compare_json() {
  static std::string s;
  return Answer(s, tp::platform::g_hooks.compare_json, "null");
}

EMSCRIPTEN_KEEPALIVE void trainplan_set_link(const char* fragment) {
  using tp::platform::g_hooks;
  std::string f = fragment ? fragment : "";
  if (g_hooks.set_link) g_hooks.set_link(g_hooks.user, f);  // loads it and pushes a history entry
}

// Resumes the main loop that Tramp paused (shell/trainplan.js calls it while the page sleeps).
EMSCRIPTEN_KEEPALIVE void trainplan_wake() { emscripten_resume_main_loop(); }

EMSCRIPTEN_KEEPALIVE const char* trainplan_stats_json() {
  static std::string s;
  Answer(s, tp::platform::g_hooks.stats_json, "{}");
  // The frames since the last call: drawn in full or in part (redraw.h), run to draw nothing, or not run
  // (the page idle: each such frame puts it to sleep, Tramp), added to the app's figures.
  tp::platform::DrawCounts& d = tp::platform::g_draws;
  char drawn[200];
  std::snprintf(drawn, sizeof drawn,
                "\"drawn_full\":%d,\"drawn_partial\":%d,\"drawn_skipped\":%d,\"frames_idle\":%d,"
                "\"partial_share_mean\":%.3f}",
                d.full, d.partial, d.skipped, d.idle, d.partial ? d.partial_share / d.partial : 0.0);
  if (!s.empty() && s.back() == '}') s.pop_back();
  s += s.size() > 1 ? std::string(",") + drawn : drawn;
  d = {};
  return s.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* trainplan_search_status_json() {
  static std::string s;
  return Answer(s, tp::platform::g_hooks.search_status_json, "{}");
}

EMSCRIPTEN_KEEPALIVE const char* trainplan_search_json() {
  static std::string s;
  return Answer(s, tp::platform::g_hooks.search_json, "null");
}

EMSCRIPTEN_KEEPALIVE const char* trainplan_explain_json() {
  static std::string s;
  return Answer(s, tp::platform::g_hooks.explain_json, "null");
}

EMSCRIPTEN_KEEPALIVE const char* trainplan_drawn_text_json() {
  static std::string s;
  return Answer(s, tp::platform::g_hooks.drawn_text_json, "null");
}

EMSCRIPTEN_KEEPALIVE const char* trainplan_explain_panel_json() {
  static std::string s;
  return Answer(s, tp::platform::g_hooks.explain_panel_json, "null");
}

// A search view worker's entry (shell/search_worker.js calls it in its own instance, where main() never
// ran): the answer to one request (platform.h WorkerMain).
EMSCRIPTEN_KEEPALIVE const char* trainplan_worker_run(const char* request) {
  static std::string s;
  s = tp::platform::WorkerMain(request ? request : "");
  return s.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* trainplan_widgets_json() {
  static std::string s;
  return Answer(s, tp::platform::g_hooks.widgets_json, "{}");
}

}  // extern "C"
