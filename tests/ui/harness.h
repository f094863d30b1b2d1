// harness.h — what the headless UI tests share: a fresh Dear ImGui context per opened page with the
// default font or the page's own (no GL: glyphs are rasterized but never uploaded), a fresh headless
// platform (platform_null.h), real frames of DrawUi until the background work a view waits for is done,
// and clicks, keys and typing on named widgets.
#pragma once
#include <catch2/catch.hpp>

#include <cfloat>
#include <string>
#include <vector>

#include "app.h"
#include "cli.h"
#include "font_atlas.h"
#include "fonts.h"
#include "imgui.h"
#include "imgui_internal.h"  // ClearActiveID (TypeInto)
#include "platform_null.h"

namespace tp::ui::testing {

// A new Dear ImGui context: no window, tree-node or scroll state left by the test before (the same
// window ids come back in every test). With ImGui's default font, or the page's own (font_atlas.h:
// Roboto, DejaVu's symbols, the Chinese font merged in; `page_fonts` receives them), so text is measured as
// the page draws it. No GL: like Dear ImGui's example_null, the context is told its renderer takes texture
// updates, so glyphs are rasterized when first drawn and nobody uploads them.
inline void FreshImGuiContext(Fonts* page_fonts = nullptr) {
  if (ImGui::GetCurrentContext()) ImGui::DestroyContext();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(1366, 768);
  io.DeltaTime = 1.0f / 60;
  io.BackendFlags |= ImGuiBackendFlags_RendererHasTextures;
  if (page_fonts) {
    *page_fonts = AddPageFonts(io.Fonts, fonts::kCjkFull.data, fonts::kCjkFull.size);
    io.FontDefault = page_fonts->body.font;
    return;
  }
  io.Fonts->AddFontDefault();
}

// A headless platform as a first visit finds it: `link` in the address, `state` saved, the browser's
// language; and a fresh ImGui context (call UseDefaultFonts after it).
inline void FreshPlatform(const std::string& link = "", const std::string& state = "", const std::string& browser = "",
                          Fonts* page_fonts = nullptr) {
  FreshImGuiContext(page_fonts);
  platform::Null() = platform::NullPlatform{};
  platform::Null().initial_link = link;
  platform::Null().state = state;
  platform::Null().preferred_language = browser;
}

// ImGui's default font (ProggyClean) at its own size for every face.
inline void UseDefaultFonts(AppState& app) {
  ImFont* f = ImGui::GetIO().Fonts->Fonts[0];
  const Face face{f, f->LegacySize};
  app.fonts = {face, face, face};
}

// FreshPlatform, then the app opens on it.
inline void Start(AppState& app, const std::string& link, const std::string& state = "",
                  const std::string& browser = "") {
  FreshPlatform(link, state, browser);
  UseDefaultFonts(app);
  Init(app, {});
}

// The same with the page's fonts and the screen `size` (a phone: 390x844), as the page opens on it.
inline void StartWithPageFonts(AppState& app, const std::string& link, ImVec2 size) {
  Fonts fonts;
  FreshPlatform(link, "", "", &fonts);
  ImGui::GetIO().DisplaySize = size;
  app.fonts = fonts;
  Init(app, {});
}

// What a renderer does with the last frame's texture requests (the font atlas made, grown, updated or
// dropped), without GL: marks them done, each created texture with an id of its own, as the page's
// backend does between ImGui::Render and the next frame.
inline void NullRenderTextures() {
  static ImTextureID next_id = 1;
  for (ImTextureData* tex : ImGui::GetPlatformIO().Textures) {
    if (tex->Status == ImTextureStatus_WantCreate) tex->SetTexID(next_id++);
    if (tex->Status == ImTextureStatus_WantCreate || tex->Status == ImTextureStatus_WantUpdates)
      tex->SetStatus(ImTextureStatus_OK);
    if (tex->Status == ImTextureStatus_WantDestroy && tex->UnusedFrames > 0) {
      tex->SetTexID(ImTextureID_Invalid);
      tex->SetStatus(ImTextureStatus_Destroyed);
    }
  }
}

inline void Frame(AppState& app) {
  NullRenderTextures();
  ImGui::NewFrame();
  DrawUi(app);
  ImGui::Render();
}

// Frames until background work (compare columns, scaling chart, search) is done; returns frames used.
inline int RunUntilIdle(AppState& app, int limit = 20000) {
  int n = 0;
  do {
    Frame(app);
  } while (Busy(app) && ++n < limit);
  Frame(app);
  return n;
}

// Frames until the main plan has landed, then one more: the frame that draws it.
inline void Settle(AppState& app) {
  for (int n = 0; app.main.Planning() && n < 100000; ++n) Frame(app);
  Frame(app);
}

inline const AppState::WidgetRect* FindRect(const AppState& app, const std::string& name) {
  for (const auto& w : app.widgets)
    if (w.name == name) return &w;
  return nullptr;
}

// A left click at the centre of a registered widget, over two frames (press, release), as ImGui sees it;
// false when no widget of that name was drawn.
inline bool ClickWidget(AppState& app, const std::string& name) {
  const AppState::WidgetRect* w = FindRect(app, name);
  if (!w) return false;
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2((w->x0 + w->x1) / 2, (w->y0 + w->y1) / 2);
  io.MouseDown[0] = true;
  Frame(app);
  io.MouseDown[0] = false;
  Frame(app);
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  return true;
}

// The mouse wheel over a registered widget's panel until the widget is above the fold (the status line) and below
// the top bar, as a user scrolls down to a button below it or back up to a field scrolled past; false when it never
// gets there.
inline bool ScrollIntoView(AppState& app, const std::string& name, int limit = 40) {
  ImGuiIO& io = ImGui::GetIO();
  const float fold = io.DisplaySize.y - 2 * ImGui::GetFrameHeight();
  const float top = 2 * ImGui::GetFrameHeight();
  for (int i = 0; i < limit; ++i) {
    const AppState::WidgetRect* w = FindRect(app, name);
    if (!w) return false;
    const bool above = w->y0 < top;
    if (!above && w->y1 <= fold) break;
    io.MousePos = ImVec2((w->x0 + w->x1) / 2, io.DisplaySize.y / 2);
    io.AddMouseWheelEvent(0, above ? 1.0f : -1.0f);
    Frame(app);
    Frame(app);
  }
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  Frame(app);
  const AppState::WidgetRect* w = FindRect(app, name);
  return w && w->y1 <= fold && w->y0 >= 0;
}

// A value chosen in a choice box as a user does it: the box scrolled into view and opened (unless a greyed choice left
// it open), the choice clicked, the plan recomputed; false when the box or the choice is not drawn.
inline bool ChooseInBox(AppState& app, const std::string& box, const std::string& value) {
  const std::string choice = "choice_" + box + "_" + value;
  if (!FindRect(app, choice)) {
    if (!ScrollIntoView(app, box) || !ClickWidget(app, box)) return false;
    Frame(app);
  }
  if (!ClickWidget(app, choice)) return false;
  RunUntilIdle(app);
  return true;
}

// A key pressed and released, with modifiers (ImGuiMod_Ctrl, ...) held: the input queue gives the press
// and the release a frame each, as a quick keystroke arrives.
inline void PressKey(AppState& app, ImGuiKey key, ImGuiKeyChord mods = 0) {
  ImGuiIO& io = ImGui::GetIO();
  for (ImGuiKey mod : {ImGuiMod_Ctrl, ImGuiMod_Shift, ImGuiMod_Alt})
    if (mods & mod) io.AddKeyEvent(mod, true);
  io.AddKeyEvent(key, true);
  io.AddKeyEvent(key, false);
  for (ImGuiKey mod : {ImGuiMod_Ctrl, ImGuiMod_Shift, ImGuiMod_Alt})
    if (mods & mod) io.AddKeyEvent(mod, false);
  Frame(app);
  Frame(app);
}

// Clicks the field `name` and types `text` one character per frame, as a keyboard does: the click
// selects the whole value (AutoSelectAll), so the typed text replaces it.
inline void TypeInto(AppState& app, const std::string& name, const std::string& text) {
  ImGui::ClearActiveID();  // as when the user moved on: the next click starts a new edit
  Frame(app);
  ScrollIntoView(app, name);  // a field below the fold is scrolled to first, as a user does
  REQUIRE(ClickWidget(app, name));
  for (char c : text) {
    ImGui::GetIO().AddInputCharacter((unsigned)(unsigned char)c);
    Frame(app);
  }
  Frame(app);
}

// The text one frame draws, through Dear ImGui's own log: the log ends (LogFinish) with the page's one
// top-level window and hands its text to the clipboard callback, borrowed here.
inline std::string DrawnText(AppState& app) {
  static std::string captured;
  captured.clear();
  ImGuiPlatformIO& pio = ImGui::GetPlatformIO();
  const auto saved = pio.Platform_SetClipboardTextFn;
  pio.Platform_SetClipboardTextFn = [](ImGuiContext*, const char* text) { captured = text; };
  ImGui::NewFrame();
  ImGui::LogToClipboard(0);  // 0: no tree node opened for the log's sake
  DrawUi(app);
  ImGui::Render();
  pio.Platform_SetClipboardTextFn = saved;
  return captured;
}

// The command line's stdout for `args` (RunCli; it must succeed).
inline std::string Cli(const std::vector<std::string>& args) {
  std::string out, err;
  const int status = RunCli(args, out, err);
  INFO("trainplan " << (args.empty() ? std::string() : args[0]) << "\n" << err);
  REQUIRE(status == 0);
  return out;
}

}  // namespace tp::ui::testing
