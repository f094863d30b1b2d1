// redraw.h — whether a frame needs drawing at all: the page's canvas keeps showing the last frame drawn
// until something is drawn again, so a frame whose draw data (vertices, indices, commands, clip
// rectangles, textures, display size, clear colour) equals the last one drawn can skip every GL call,
// and the browser then has nothing to composite. An idle page, or one waiting on its search workers,
// then costs the browser (and software WebGL) almost nothing per frame. While the user interacts (a
// button or key held, the pointer or wheel moving, an item active, text typed) and for three seconds
// after, every frame is drawn as before: input is then handled at the pace it always was (the link
// history's push-or-replace and the paste path depend on that pace; see the report of issue #19).
#pragma once
#include <cstdint>

struct ImDrawData;

namespace tp::ui {

// A fingerprint of what the frame would draw (64-bit; equal fingerprints are taken as equal frames).
uint64_t DrawFingerprint(const ImDrawData& data, const float clear_rgba[4]);

// What SameAsLastDrawn remembers from frame to frame; the platform layer that draws holds it.
struct RedrawMemo {
  uint64_t last = 0;      // fingerprint of the last frame drawn
  bool any = false;       // `last` is set
  double input_at = -1e9; // ImGui time of the last interaction
};

// True when this frame may be skipped: it draws what the last frame drawn did, and nobody is interacting
// (nor was in the last three seconds). Otherwise the frame is remembered as drawn. Within those three
// seconds every frame is drawn, so no fingerprint is taken then (the first frame after them is drawn too).
bool SameAsLastDrawn(RedrawMemo& memo, const ImDrawData& data, const float clear_rgba[4]);

}  // namespace tp::ui
