// redraw.h — which part of the page's canvas a frame needs to draw. The page's canvas keeps the last frame
// drawn (its WebGL context preserves the drawing buffer), so a frame only redraws the rectangles whose
// pixels would change: the frame is cut into tiles of 32 by 32 pixels, each tile keeps a hash of the
// triangles that touch it (in drawing order, with their clip rectangle and texture), and the tiles whose
// hash differs from the last frame drawn are redrawn, merged into a few rectangles. A search's progress
// bar, a hovered button or a chart point filling in then costs the browser (and software WebGL, where
// every triangle drawn is CPU time: 33-100 ms for a whole 1366x768 frame of 6,500-8,000 triangles here,
// while triangles outside the scissor cost almost nothing) only its own tiles. A frame
// that draws what the last one did draws nothing, and the browser has nothing to composite. (This also
// holds while someone interacts: an earlier rule drew every frame then, for three seconds after any input,
// because the browser tests once depended on that pace; they pass without it, and a pointer moving over
// the page no longer costs a whole frame per movement.)
#pragma once
#include <cstdint>
#include <vector>

#include "imgui.h"

namespace tp::ui {

// A rectangle of framebuffer pixels, top-down: columns [x0, x1), rows [y0, y1).
struct PixelRect {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool Empty() const { return x1 <= x0 || y1 <= y0; }
  bool operator==(const PixelRect&) const = default;
};

// What RedrawOf remembers from frame to frame; the platform layer that draws holds it.
struct RedrawMemo {
  std::vector<uint64_t> tiles;  // per tile (row-major), the hash of what the last frame drawn drew there
  int cols = 0;                 // tiles per row
  uint64_t frame = 0;           // hash of the clear colour, display size and pixel ratio of that frame
};

// What to draw this frame.
struct Redraw {
  bool full = false;             // the whole canvas
  std::vector<PixelRect> rects;  // otherwise only these (none: nothing at all)
  bool Nothing() const { return !full && rects.empty(); }
};

constexpr int kRedrawTile = 32;           // framebuffer pixels per tile side
constexpr int kRedrawMaxRects = 8;        // more damaged areas than this: their bounding box
constexpr double kRedrawFullShare = 0.6;  // a damaged share of tiles above this: the whole canvas (one pass)

// Compares the frame's draw data with the last frame drawn and remembers it as drawn (unless Nothing()).
Redraw RedrawOf(RedrawMemo& memo, const ImDrawData& data, const float clear_rgba[4]);

// The scissor rectangle Dear ImGui's OpenGL backend sets for a draw command's clip rectangle (the same
// arithmetic, truncations included), top-down.
PixelRect ScissorOf(const ImVec4& clip, const ImDrawData& data);
// A clip rectangle the backend turns into exactly `pixels` (ScissorOf(ClipRectOf(r)) == r).
ImVec4 ClipRectOf(const PixelRect& pixels, const ImDrawData& data);

// For the lifetime of this object, every draw command of `data` is replaced by one copy per rectangle,
// clipped to it (commands outside every rectangle dropped), so that one pass of the backend draws the
// rectangles' pixels exactly as a full pass would and nothing else. Restores the commands when destroyed.
class ClipDrawDataTo {
 public:
  ClipDrawDataTo(ImDrawData& data, const std::vector<PixelRect>& rects);
  ~ClipDrawDataTo();
  ClipDrawDataTo(const ClipDrawDataTo&) = delete;
  ClipDrawDataTo& operator=(const ClipDrawDataTo&) = delete;

 private:
  ImDrawData& data_;
  std::vector<ImVector<ImDrawCmd>> kept_;
};

}  // namespace tp::ui
