// platform_native.cpp — the desktop side of platform.h: an SDL2 window with an OpenGL 3 context, the
// share link from the command line, state in a file under ~/.config, downloads written to the working
// directory, and PNG screenshots (zlib) for tests and the README.
#include <SDL.h>
#include <SDL_opengl.h>
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "fonts.h"
#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_impl_sdl2.h"
#include "platform.h"

namespace tp::platform {
namespace {

SDL_Window* g_window = nullptr;
SDL_GLContext g_gl = nullptr;
std::string g_initial_link;
std::string g_pending_link;
bool g_has_pending_link = false;
bool g_clipboard_asked = false;
std::vector<std::string> g_dropped;  // paths dropped on the window (SDL_DROPFILE), not read yet

// PNG: signature, IHDR, one zlib-compressed IDAT (filter byte 0 per row), IEND.
void PutBe32(std::vector<unsigned char>& out, uint32_t v) {
  for (int s = 24; s >= 0; s -= 8) out.push_back((unsigned char)(v >> s));
}
void PutChunk(std::vector<unsigned char>& out, const char* type, const std::vector<unsigned char>& data) {
  PutBe32(out, (uint32_t)data.size());
  size_t start = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), data.begin(), data.end());
  uLong crc = crc32(0, out.data() + start, (uInt)(out.size() - start));
  PutBe32(out, (uint32_t)crc);
}
bool WritePng(const std::string& path, int w, int h, const std::vector<unsigned char>& rgba_bottom_up) {
  std::vector<unsigned char> raw;
  raw.reserve((size_t)(w * 3 + 1) * h);
  for (int y = h - 1; y >= 0; --y) {  // OpenGL rows start at the bottom
    raw.push_back(0);
    const unsigned char* row = &rgba_bottom_up[(size_t)y * w * 4];
    for (int x = 0; x < w; ++x) raw.insert(raw.end(), row + x * 4, row + x * 4 + 3);
  }
  uLongf zlen = compressBound((uLong)raw.size());
  std::vector<unsigned char> z(zlen);
  if (compress2(z.data(), &zlen, raw.data(), (uLong)raw.size(), 6) != Z_OK) return false;
  z.resize(zlen);
  std::vector<unsigned char> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  std::vector<unsigned char> ihdr;
  PutBe32(ihdr, (uint32_t)w);
  PutBe32(ihdr, (uint32_t)h);
  ihdr.insert(ihdr.end(), {8, 2, 0, 0, 0});  // 8-bit RGB
  PutChunk(png, "IHDR", ihdr);
  PutChunk(png, "IDAT", z);
  PutChunk(png, "IEND", {});
  std::ofstream f(path, std::ios::binary);
  f.write((const char*)png.data(), (std::streamsize)png.size());
  return (bool)f;
}

std::filesystem::path StatePath() {
  if (const char* p = std::getenv("TRAINPLAN_STATE")) return p;  // tests use a scratch file
  std::filesystem::path base;
  if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x)
    base = x;
  else if (const char* h = std::getenv("HOME"); h && *h)
    base = std::filesystem::path(h) / ".config";
  else
    base = ".";
  return base / "trainplan" / "state";
}

}  // namespace

bool Init(const InitOptions& options) {
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    std::fprintf(stderr, "trainplan-gui: cannot initialize SDL: %s\n", SDL_GetError());
    return false;
  }
  // OpenGL 3.0 + GLSL 130: what Mesa's software renderer (Xvfb in tests) and every desktop driver offer.
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8);
  Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
  if (options.hidden_window) flags |= SDL_WINDOW_HIDDEN;
  g_window = SDL_CreateWindow(options.title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, options.width,
                              options.height, flags);
  if (!g_window) {
    std::fprintf(stderr, "trainplan-gui: cannot open a window: %s\n", SDL_GetError());
    return false;
  }
  g_gl = SDL_GL_CreateContext(g_window);
  if (!g_gl) {
    std::fprintf(stderr, "trainplan-gui: cannot create an OpenGL 3 context: %s\n", SDL_GetError());
    return false;
  }
  SDL_GL_MakeCurrent(g_window, g_gl);
  SDL_GL_SetSwapInterval(1);
  ImGui_ImplSDL2_InitForOpenGL(g_window, g_gl);
  ImGui_ImplOpenGL3_Init("#version 130");
  return true;
}

void Shutdown() {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  if (g_gl) SDL_GL_DeleteContext(g_gl);
  if (g_window) SDL_DestroyWindow(g_window);
  SDL_Quit();
}

void RunLoop(bool (*frame)(void*), void* user) {
  while (frame(user)) {
  }
}

bool BeginFrame() {
  bool keep = true;
  // Dear ImGui's input queue (1.87+) keeps a key pressed and released within one frame as two events and
  // hands them to two frames, each key with the modifiers of its own moment: nothing to hold back here.
  SDL_Event event;
  while (SDL_PollEvent(&event)) {
    ImGui_ImplSDL2_ProcessEvent(&event);
    if (event.type == SDL_QUIT) keep = false;
    if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE &&
        event.window.windowID == SDL_GetWindowID(g_window))
      keep = false;
    if (event.type == SDL_DROPFILE && event.drop.file) {
      g_dropped.push_back(event.drop.file);
      SDL_free(event.drop.file);
    }
  }
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  return keep;
}

bool EndFrame(const float c[4], const char* png_path) {
  ImGuiIO& io = ImGui::GetIO();
  int w = (int)(io.DisplaySize.x * io.DisplayFramebufferScale.x);
  int h = (int)(io.DisplaySize.y * io.DisplayFramebufferScale.y);
  glViewport(0, 0, w, h);
  glClearColor(c[0], c[1], c[2], c[3]);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  bool ok = false;
  if (png_path) {
    std::vector<unsigned char> pixels((size_t)w * h * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    ok = WritePng(png_path, w, h, pixels);
  }
  SDL_GL_SwapWindow(g_window);
  return ok;
}

bool g_copy_failed = false;  // SDL could not set the clipboard (no clipboard owner on this display)
void KeepFrames(bool) {}     // the window draws every frame (a desktop has the power the page's laptop may not)
void SetClipboard(const std::string& text) { g_copy_failed = SDL_SetClipboardText(text.c_str()) != 0; }
bool TakeClipboardWriteRefused() {
  const bool failed = g_copy_failed;
  g_copy_failed = false;
  return failed;
}
// A desktop has its keyboard: only the input method's candidate window is placed, at the field.
void TextInput(bool typing, const Box& field, const std::vector<Box>&) {
  static SDL_Rect last{0, 0, 0, 0};
  const SDL_Rect r{(int)field.x0, (int)field.y0, (int)(field.x1 - field.x0), (int)(field.y1 - field.y0)};
  if (!typing || (r.x == last.x && r.y == last.y && r.w == last.w && r.h == last.h)) return;
  last = r;
  SDL_Rect place = r;  // SDL takes a non-const pointer
  SDL_SetTextInputRect(&place);
}
// The desktop's clipboard answers at once.
void RequestClipboardText() { g_clipboard_asked = true; }
bool TakeClipboardText(std::string& text, bool* refused) {
  if (!g_clipboard_asked) return false;
  g_clipboard_asked = false;
  char* t = SDL_GetClipboardText();
  text = t ? t : "";
  SDL_free(t);
  *refused = false;
  return true;
}
bool TakeDroppedFile(std::string& name, std::string& text) {
  if (g_dropped.empty()) return false;
  name = g_dropped.front();
  g_dropped.erase(g_dropped.begin());
  text.clear();
  std::error_code ec;
  const auto size = std::filesystem::file_size(name, ec);
  if (ec || size > (16u << 20)) return true;  // 16 MiB: a notebook with its outputs, as the page (platform_web.cpp)
  std::ifstream f(name, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  text = ss.str();
  return true;
}

std::string InitialLink() { return g_initial_link; }
std::string ShareUrl(const std::string& fragment) { return fragment; }
void SetInitialLink(const std::string& link) { g_initial_link = link; }
// The window has no address bar: the link is shown in the UI and saved as state; nothing to update here.
void SetLink(const std::string&, bool) {}
bool TakeLinkChange(std::string& fragment) {
  if (!g_has_pending_link) return false;
  fragment = g_pending_link;
  g_has_pending_link = false;
  return true;
}

std::string LoadState() {
  std::ifstream f(StatePath());
  if (!f) return {};
  std::stringstream ss;
  ss << f.rdbuf();
  std::string s = ss.str();
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

void SaveState(const std::string& fragment) {
  std::error_code ec;
  std::filesystem::path p = StatePath();
  if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path(), ec);
  std::ofstream f(p);
  f << fragment << "\n";
}

std::string StateLocation() { return StatePath().string(); }

std::string Download(const std::string& filename, const std::string&, const std::string& content) {
  std::ofstream f(filename, std::ios::binary);
  f.write(content.data(), (std::streamsize)content.size());
  if (!f) return {};
  std::error_code ec;
  auto abs = std::filesystem::absolute(filename, ec);
  return ec ? filename : abs.string();
}

void SetScriptHooks(const ScriptHooks&) {}
void PublishPageText(const std::string&, const std::string&, const std::string&) {}  // a window has no DOM

std::string PreferredLanguage() {
  // POSIX locale precedence: LC_ALL, then LC_MESSAGES, then LANG ("zh_CN.UTF-8").
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"})
    if (const char* v = std::getenv(name); v && *v) return v;
  return {};
}

bool CjkFont(const unsigned char** data, int* size) {
  *data = fonts::kCjkFull.data;  // compiled in, the whole font (cmake/fonts_cjk.cmake)
  *size = fonts::kCjkFull.size;
  return true;
}

}  // namespace tp::platform
