// redraw.h — whether a frame needs drawing at all: the page's canvas keeps showing the last frame drawn
// until something is drawn again, so a frame whose draw data (vertices, indices, commands, clip
// rectangles, textures, display size, clear colour) equals the last one drawn can skip every GL call,
// and the browser then has nothing to composite. An idle page, or one waiting on its search workers,
// then costs the browser (and software WebGL) almost nothing per frame.
#pragma once
#include <cstdint>

struct ImDrawData;

namespace tp::ui {

// A fingerprint of what the frame would draw (64-bit; equal fingerprints are taken as equal frames).
uint64_t DrawFingerprint(const ImDrawData& data, const float clear_rgba[4]);

// True when this frame draws what the last frame drawn did; otherwise remembers it as drawn.
bool SameAsLastDrawn(const ImDrawData& data, const float clear_rgba[4]);

}  // namespace tp::ui
