// sdl_input.h — feeds SDL's events to Dear ImGui's SDL backend without losing short key presses.
// ImGui 1.86 (before 1.87's input queue) samples key state once per frame: a press and release that
// arrive within one frame (a quick tap at a low frame rate, software WebGL, scripted tests) leave the key
// "up" and the press is never seen: Tab, Enter, Backspace, Ctrl+A/C/V were dropped. A release whose
// press came in the same batch is therefore held back, with everything after it, to the next frame.
// Shared by platform_native.cpp and platform_web.cpp (header-only: each platform file includes it once).
#pragma once
#include <SDL.h>

#include <deque>

#include "imgui_impl_sdl.h"

namespace tp::platform {

// Calls on_event(event) for each event fed to ImGui this frame (for quit/resize handling).
template <typename OnEvent>
void PumpEventsIntoImGui(OnEvent on_event) {
  static std::deque<SDL_Event> held;
  SDL_Event e;
  while (SDL_PollEvent(&e)) held.push_back(e);
  SDL_Scancode pressed[32];
  int npressed = 0;
  while (!held.empty()) {
    const SDL_Event& ev = held.front();
    if (ev.type == SDL_KEYUP) {
      bool same_batch = false;
      for (int i = 0; i < npressed; ++i) same_batch |= pressed[i] == ev.key.keysym.scancode;
      if (same_batch) break;  // next frame: ImGui must see the key down for one frame first
    }
    if (ev.type == SDL_KEYDOWN && npressed < 32) pressed[npressed++] = ev.key.keysym.scancode;
    ImGui_ImplSDL2_ProcessEvent(&ev);
    if (ev.type == SDL_KEYDOWN || ev.type == SDL_KEYUP) {
      // The backend reads the modifiers from SDL's state now (SDL_GetModState), which already holds
      // every event received, also those held back to later frames; the event's own modifiers are the
      // ones of its moment (a Ctrl+V whose Ctrl is released before this frame is still Ctrl+V).
      ImGuiIO& io = ImGui::GetIO();
      const Uint16 mod = ev.key.keysym.mod;
      io.KeyShift = (mod & KMOD_SHIFT) != 0;
      io.KeyCtrl = (mod & KMOD_CTRL) != 0;
      io.KeyAlt = (mod & KMOD_ALT) != 0;
#ifndef _WIN32  // (as the backend: no Super key on Windows)
      io.KeySuper = (mod & KMOD_GUI) != 0;
#endif
    }
    on_event(ev);
    held.pop_front();
  }
}

}  // namespace tp::platform
