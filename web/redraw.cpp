// redraw.cpp — which part of a frame to draw (redraw.h): per-tile hashes of the draw data's triangles,
// the damaged tiles merged into rectangles, and the draw commands clipped to them.
#include "redraw.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace tp::ui {
namespace {

constexpr uint64_t kSeed = 0x9E3779B97F4A7C15ull;

// A 64-bit multiply-xor step.
void Mix(uint64_t& h, uint64_t w) {
  h ^= w;
  h *= 0xFF51AFD7ED558CCDull;
  h ^= h >> 32;
}

struct Hash {
  uint64_t h = kSeed;
  void Word(uint64_t w) { Mix(h, w); }
  void Bytes(const void* p, size_t n) {
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

int FramebufferWidth(const ImDrawData& d) { return (int)(d.DisplaySize.x * d.FramebufferScale.x); }
int FramebufferHeight(const ImDrawData& d) { return (int)(d.DisplaySize.y * d.FramebufferScale.y); }

PixelRect Intersect(const PixelRect& a, const PixelRect& b) {
  return {std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1), std::min(a.y1, b.y1)};
}

// The frame's tiles, each with the hash of the triangles touching it; false if the draw data holds a
// user callback (its drawing cannot be hashed: the whole frame is drawn).
bool HashTiles(const ImDrawData& d, int cols, int rows, std::vector<uint64_t>& tiles) {
  tiles.assign(size_t(cols) * rows, kSeed);
  const float sx = d.FramebufferScale.x, sy = d.FramebufferScale.y;
  const PixelRect canvas{0, 0, FramebufferWidth(d), FramebufferHeight(d)};
  for (int n = 0; n < d.CmdListsCount; ++n) {
    const ImDrawList* list = d.CmdLists[n];
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      if (cmd.UserCallback) return false;
      const PixelRect scissor = Intersect(ScissorOf(cmd.ClipRect, d), canvas);
      if (scissor.Empty()) continue;
      // The texture by its ImTextureData (the font atlas: stable from frame to frame, while its GL name is
      // still 0 in the frame that asks the backend to create it), else by the backend's id (an image).
      const uint64_t texture = cmd.TexRef._TexData ? uint64_t(reinterpret_cast<uintptr_t>(cmd.TexRef._TexData))
                                                   : uint64_t(cmd.TexRef._TexID);
      const ImDrawIdx* idx = list->IdxBuffer.Data + cmd.IdxOffset;
      const ImDrawVert* vtx = list->VtxBuffer.Data + cmd.VtxOffset;
      for (unsigned int i = 0; i + 2 < cmd.ElemCount; i += 3) {
        const ImDrawVert* v[3] = {&vtx[idx[i]], &vtx[idx[i + 1]], &vtx[idx[i + 2]]};
        float x0 = v[0]->pos.x, x1 = x0, y0 = v[0]->pos.y, y1 = y0;
        Hash h;
        h.Word(texture);
        h.Bytes(&scissor, sizeof scissor);
        for (const ImDrawVert* p : v) {
          x0 = std::min(x0, p->pos.x), x1 = std::max(x1, p->pos.x);
          y0 = std::min(y0, p->pos.y), y1 = std::max(y1, p->pos.y);
          h.Bytes(p, sizeof(ImDrawVert));
        }
        // The pixels the triangle may cover (one more around it, for rounding), within its scissor; all of
        // the scissor if a coordinate is not finite (no float-to-int conversion of it).
        PixelRect box = scissor;
        if (std::isfinite(x0) && std::isfinite(x1) && std::isfinite(y0) && std::isfinite(y1)) {
          const float bx0 = std::clamp((x0 - d.DisplayPos.x) * sx, -1.f, (float)canvas.x1);
          const float by0 = std::clamp((y0 - d.DisplayPos.y) * sy, -1.f, (float)canvas.y1);
          const float bx1 = std::clamp((x1 - d.DisplayPos.x) * sx, -1.f, (float)canvas.x1);
          const float by1 = std::clamp((y1 - d.DisplayPos.y) * sy, -1.f, (float)canvas.y1);
          box = Intersect(
              {(int)std::floor(bx0) - 1, (int)std::floor(by0) - 1, (int)std::ceil(bx1) + 1, (int)std::ceil(by1) + 1},
              scissor);
        }
        if (box.Empty()) continue;
        for (int ty = box.y0 / kRedrawTile; ty <= (box.y1 - 1) / kRedrawTile; ++ty)
          for (int tx = box.x0 / kRedrawTile; tx <= (box.x1 - 1) / kRedrawTile; ++tx)
            Mix(tiles[size_t(ty) * cols + tx], h.h);
      }
    }
  }
  return true;
}

// The damaged tiles as rectangles: runs of tiles along each row, merged with the run below when they
// span the same columns; beyond kRedrawMaxRects, their bounding box.
std::vector<PixelRect> MergeDamage(const std::vector<char>& damaged, int cols, int rows, int width, int height) {
  std::vector<PixelRect> rects;
  std::vector<size_t> open;  // rectangles that reach the row above, by index
  for (int ty = 0; ty < rows; ++ty) {
    std::vector<size_t> now;
    for (int tx = 0; tx < cols;) {
      if (!damaged[size_t(ty) * cols + tx]) {
        ++tx;
        continue;
      }
      int end = tx;
      while (end < cols && damaged[size_t(ty) * cols + end]) ++end;
      const PixelRect run{tx * kRedrawTile, ty * kRedrawTile, std::min(end * kRedrawTile, width),
                          std::min((ty + 1) * kRedrawTile, height)};
      auto above = std::find_if(open.begin(), open.end(),
                                [&](size_t r) { return rects[r].x0 == run.x0 && rects[r].x1 == run.x1; });
      if (above != open.end()) {
        rects[*above].y1 = run.y1;
        now.push_back(*above);
      } else {
        rects.push_back(run);
        now.push_back(rects.size() - 1);
      }
      tx = end;
    }
    open = now;
  }
  if ((int)rects.size() > kRedrawMaxRects) {
    PixelRect all = rects[0];
    for (const PixelRect& r : rects)
      all = {std::min(all.x0, r.x0), std::min(all.y0, r.y0), std::max(all.x1, r.x1), std::max(all.y1, r.y1)};
    rects.assign(1, all);
  }
  return rects;
}

}  // namespace

PixelRect ScissorOf(const ImVec4& clip, const ImDrawData& d) {
  // imgui_impl_opengl3.cpp (1.92.2b), ImGui_ImplOpenGL3_RenderDrawData: glScissor((int)clip_min.x,
  // (int)((float)fb_height - clip_max.y), (int)(clip_max.x - clip_min.x), (int)(clip_max.y - clip_min.y)),
  // bottom-up, with fb_height = (int)(DisplaySize.y * FramebufferScale.y).
  const ImVec2 off = d.DisplayPos, scale = d.FramebufferScale;
  const ImVec2 clip_min((clip.x - off.x) * scale.x, (clip.y - off.y) * scale.y);
  const ImVec2 clip_max((clip.z - off.x) * scale.x, (clip.w - off.y) * scale.y);
  if (clip_max.x <= clip_min.x || clip_max.y <= clip_min.y) return {};
  const int fb_height = FramebufferHeight(d);
  const int x = (int)clip_min.x, y = (int)((float)fb_height - clip_max.y);
  const int w = (int)(clip_max.x - clip_min.x), h = (int)(clip_max.y - clip_min.y);
  return {x, fb_height - y - h, x + w, fb_height - y};
}

ImVec4 ClipRectOf(const PixelRect& r, const ImDrawData& d) {
  // A quarter and a half pixel inside the truncations above, so that float rounding cannot tip them.
  const ImVec2 off = d.DisplayPos, scale = d.FramebufferScale;
  // x: min_x truncates to x0 and the width to x1 - x0; y: fb_height - max_y truncates to fb_height - y1 (the
  // bottom row, counted from below) and the height to y1 - y0.
  const float min_x = r.x0 + 0.25f, max_x = r.x1 + 0.5f;
  const float min_y = r.y0 - 0.5f, max_y = r.y1 - 0.25f;
  return ImVec4(min_x / scale.x + off.x, min_y / scale.y + off.y, max_x / scale.x + off.x, max_y / scale.y + off.y);
}

Redraw RedrawOf(RedrawMemo& memo, const ImDrawData& d, const float clear_rgba[4]) {
  const int width = FramebufferWidth(d), height = FramebufferHeight(d);
  const int cols = std::max(1, (width + kRedrawTile - 1) / kRedrawTile);
  const int rows = std::max(1, (height + kRedrawTile - 1) / kRedrawTile);
  Hash frame;
  frame.Bytes(clear_rgba, 4 * sizeof(float));
  const float view[] = {d.DisplayPos.x,  d.DisplayPos.y,       d.DisplaySize.x,
                        d.DisplaySize.y, d.FramebufferScale.x, d.FramebufferScale.y};
  frame.Bytes(view, sizeof view);
  std::vector<uint64_t> tiles;
  // A texture the backend is about to create (the font atlas grown or made anew) may get the GL name of
  // one just destroyed: the whole frame is drawn rather than trust triangles that look the same.
  bool new_texture = false;
  if (d.Textures)
    for (const ImTextureData* tex : *d.Textures) new_texture |= tex->Status == ImTextureStatus_WantCreate;
  const bool hashed = !new_texture && HashTiles(d, cols, rows, tiles);
  Redraw redraw;
  if (!hashed || memo.tiles.size() != tiles.size() || memo.cols != cols || memo.frame != frame.h) {
    redraw.full = true;
  } else {
    std::vector<char> damaged(tiles.size());
    size_t count = 0;
    for (size_t i = 0; i < tiles.size(); ++i) count += (damaged[i] = tiles[i] != memo.tiles[i]);
    if (count > kRedrawFullShare * tiles.size()) {
      redraw.full = true;
    } else if (count > 0) {
      redraw.rects = MergeDamage(damaged, cols, rows, width, height);
    }
  }
  if (redraw.Nothing()) return redraw;
  memo.tiles = hashed ? std::move(tiles) : std::vector<uint64_t>();
  memo.cols = cols;
  memo.frame = frame.h;
  return redraw;
}

ClipDrawDataTo::ClipDrawDataTo(ImDrawData& data, const std::vector<PixelRect>& rects) : data_(data) {
  kept_.resize(size_t(data.CmdListsCount));
  for (int n = 0; n < data.CmdListsCount; ++n) {
    ImDrawList* list = data.CmdLists[n];
    kept_[n].swap(list->CmdBuffer);
    for (const PixelRect& r : rects)
      for (const ImDrawCmd& cmd : kept_[n]) {
        const PixelRect part = Intersect(ScissorOf(cmd.ClipRect, data), r);
        if (part.Empty()) continue;
        ImDrawCmd copy = cmd;
        copy.ClipRect = ClipRectOf(part, data);
        list->CmdBuffer.push_back(copy);
      }
  }
}

ClipDrawDataTo::~ClipDrawDataTo() {
  for (int n = 0; n < data_.CmdListsCount; ++n) data_.CmdLists[n]->CmdBuffer.swap(kept_[n]);
}

}  // namespace tp::ui
