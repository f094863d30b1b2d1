// imgui_context.h — one Dear ImGui context for a whole headless test run, with the default font (no GL:
// the atlas is built but never uploaded). Both UI test files draw real frames in it.
#pragma once
#include "imgui.h"

namespace tp::ui::testing {

inline void EnsureImGuiContext() {
  if (ImGui::GetCurrentContext()) return;
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(1366, 768);
  io.DeltaTime = 1.0f / 60;
  io.Fonts->AddFontDefault();
  unsigned char* pixels;
  int w, h;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
}

}  // namespace tp::ui::testing
