// redraw.cpp — the fingerprint of a frame's draw data (redraw.h): a 64-bit multiply-xor hash over its
// bytes, eight at a time (about 1 ms for a busy page's 2 MB of vertices and indices).
#include "redraw.h"

#include <cstring>

#include "imgui.h"

namespace tp::ui {
namespace {

struct Hash {
  uint64_t h = 0x9E3779B97F4A7C15ull;
  void Word(uint64_t w) {
    h ^= w;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 32;
  }
  void Bytes(const void* p, size_t n) {
    if (n == 0) return Word(0);
    const unsigned char* b = static_cast<const unsigned char*>(p);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      uint64_t w;
      std::memcpy(&w, b + i, 8);
      Word(w);
    }
    uint64_t tail = 0;
    std::memcpy(&tail, b + i, n - i);
    Word(tail ^ (uint64_t(n) << 56));
  }
};

// Someone is doing something with the page this frame.
bool Interacting() {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.MouseDelta.x != 0 || io.MouseDelta.y != 0 || io.MouseWheel != 0 || io.MouseWheelH != 0) return true;
  for (bool down : io.MouseDown)
    if (down) return true;
  for (bool down : io.KeysDown)
    if (down) return true;
  return ImGui::IsAnyItemActive() || io.InputQueueCharacters.Size > 0;
}

}  // namespace

uint64_t DrawFingerprint(const ImDrawData& d, const float clear_rgba[4]) {
  Hash hash;
  hash.Bytes(clear_rgba, 4 * sizeof(float));
  const float view[] = {d.DisplayPos.x, d.DisplayPos.y, d.DisplaySize.x, d.DisplaySize.y, d.FramebufferScale.x,
                        d.FramebufferScale.y};
  hash.Bytes(view, sizeof view);
  for (int n = 0; n < d.CmdListsCount; ++n) {
    const ImDrawList* list = d.CmdLists[n];
    hash.Bytes(list->VtxBuffer.Data, size_t(list->VtxBuffer.Size) * sizeof(ImDrawVert));
    hash.Bytes(list->IdxBuffer.Data, size_t(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      // The fields that decide what is drawn (a callback's address stands for itself).
      const float clip[] = {cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w};
      hash.Bytes(clip, sizeof clip);
      const uint64_t ids[] = {uint64_t(reinterpret_cast<uintptr_t>(cmd.TextureId)), cmd.VtxOffset, cmd.IdxOffset,
                              cmd.ElemCount, uint64_t(reinterpret_cast<uintptr_t>(cmd.UserCallback))};
      hash.Bytes(ids, sizeof ids);
    }
  }
  return hash.h;
}

bool SameAsLastDrawn(RedrawMemo& memo, const ImDrawData& data, const float clear_rgba[4]) {
  constexpr double kAfterInput = 3.0;  // seconds
  if (Interacting()) memo.input_at = ImGui::GetTime();
  if (ImGui::GetTime() - memo.input_at <= kAfterInput) {  // drawn whatever it shows: no need to hash it
    memo.any = false;
    return false;
  }
  const uint64_t now = DrawFingerprint(data, clear_rgba);
  if (memo.any && now == memo.last) return true;
  memo.last = now;
  memo.any = true;
  return false;
}

}  // namespace tp::ui
