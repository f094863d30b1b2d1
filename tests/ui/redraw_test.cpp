// redraw_test.cpp — the page's partial redraw (redraw.h) on real Dear ImGui frames: which frames are
// drawn in full, which in part and which not at all; that the rectangles cover what changed and little
// else; that clipped commands draw exactly the pixels of a full pass inside the rectangles.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "harness.h"
#include "redraw.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace redraw_test {

namespace {

using tp::ui::ClipDrawDataTo;
using tp::ui::ClipRectOf;
using tp::ui::PixelRect;
using tp::ui::Redraw;
using tp::ui::RedrawMemo;
using tp::ui::RedrawOf;
using tp::ui::ScissorOf;

const float kClear[4] = {0.97f, 0.97f, 0.98f, 1.f};

// One frame: a window with a list of lines, one of which may read differently; the pointer away.
ImDrawData& FrameWith(const std::string& changing_line, ImVec2 size = ImVec2(1366, 768), float scale = 1.f,
                      ImVec2 odd_point = ImVec2(0, 0)) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = size;
  io.DisplayFramebufferScale = ImVec2(scale, scale);
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  tp::ui::testing::NullRenderTextures();  // the last frame's, as the page's backend handles them
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(size);
  ImGui::Begin("page", nullptr, ImGuiWindowFlags_NoDecoration);
  for (int i = 0; i < 30; ++i) {
    if (i == 20)
      ImGui::TextUnformatted(changing_line.c_str());
    else
      ImGui::Text("line %d of the page, which stays as it is", i);
  }
  ImGui::Button("a button");
  if (odd_point.x != 0 || odd_point.y != 0)  // a triangle with a corner given by the test (NaN, infinite, far away)
    ImGui::GetWindowDrawList()->AddTriangleFilled(ImVec2(100, 100), odd_point, ImVec2(140, 130),
                                                  IM_COL32(255, 0, 0, 255));
  ImGui::End();
  ImGui::Render();
  return *ImGui::GetDrawData();
}

double Share(const Redraw& r, ImVec2 size) {
  double a = 0;
  for (const PixelRect& p : r.rects) a += double(p.x1 - p.x0) * (p.y1 - p.y0);
  return a / (double(size.x) * size.y);
}

}  // namespace

TEST_CASE("a clip rectangle made from pixels gives the backend exactly those pixels, at any pixel ratio", "[redraw]") {
  tp::ui::testing::FreshImGuiContext();
  for (float scale : {1.f, 1.25f, 1.5f, 1.75f, 2.f, 2.625f, 3.f}) {
    ImDrawData& data = FrameWith("x", ImVec2(1366, 768), scale);
    const int w = (int)(1366 * scale), h = (int)(768 * scale);
    for (int x0 = 0; x0 < w; x0 += 97)
      for (int y0 = 0; y0 < h; y0 += 89) {
        const PixelRect r{x0, y0, std::min(w, x0 + 1 + (x0 * 7) % 301), std::min(h, y0 + 1 + (y0 * 5) % 233)};
        INFO("scale " << scale << " rect " << r.x0 << "," << r.y0 << "-" << r.x1 << "," << r.y1);
        REQUIRE(ScissorOf(ClipRectOf(r, data), data) == r);
      }
  }
}

TEST_CASE("a frame is drawn in full first, then only where it changed, and not at all when nothing did", "[redraw]") {
  tp::ui::testing::FreshImGuiContext();
  RedrawMemo memo;
  const ImVec2 size(1366, 768);
  CHECK(RedrawOf(memo, FrameWith("the line that changes: 1"), kClear).full);
  // The same frame again (after ImGui's first frames have settled the window's size).
  for (int i = 0; i < 3; ++i) RedrawOf(memo, FrameWith("the line that changes: 1"), kClear);
  const Redraw same = RedrawOf(memo, FrameWith("the line that changes: 1"), kClear);
  CHECK(same.Nothing());

  // One line reads differently (its last character): only the tiles of that character, a small share of
  // the canvas, in rectangles that cover it.
  const Redraw part = RedrawOf(memo, FrameWith("the line that changes: 2"), kClear);
  REQUIRE_FALSE(part.full);
  REQUIRE_FALSE(part.rects.empty());
  CHECK(Share(part, size) < 0.01);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float y = style.WindowPadding.y + 20 * ImGui::GetTextLineHeightWithSpacing();
  const float x = style.WindowPadding.x + ImGui::CalcTextSize("the line that changes: ").x;
  const float x_end = x + ImGui::CalcTextSize("2").x;
  bool covers = false;
  for (const PixelRect& r : part.rects) {
    UNSCOPED_INFO("rect " << r.x0 << "," << r.y0 << "-" << r.x1 << "," << r.y1 << "; the character at " << x << ","
                          << y);
    covers |= r.x0 <= x && x_end <= r.x1 && r.y0 <= y && y + ImGui::GetFontSize() <= r.y1;
  }
  CHECK(covers);
  // ... and back: the same tiles again.
  const Redraw back = RedrawOf(memo, FrameWith("the line that changes: 1"), kClear);
  CHECK(back.rects == part.rects);
  CHECK(RedrawOf(memo, FrameWith("the line that changes: 1"), kClear).Nothing());

  // Another clear colour, another size or pixel ratio: the whole canvas.
  const float dark[4] = {0.11f, 0.12f, 0.13f, 1.f};
  CHECK(RedrawOf(memo, FrameWith("the line that changes: 1"), dark).full);
  CHECK(RedrawOf(memo, FrameWith("the line that changes: 1", ImVec2(390, 844)), dark).full);
  CHECK(RedrawOf(memo, FrameWith("the line that changes: 1", ImVec2(390, 844), 2.f), dark).full);
}

TEST_CASE("a frame that changes most of the canvas is drawn in full, in one pass", "[redraw]") {
  tp::ui::testing::FreshImGuiContext();
  RedrawMemo memo;
  for (int i = 0; i < 4; ++i) RedrawOf(memo, FrameWith("x"), kClear);
  ImGui::GetStyle().Colors[ImGuiCol_WindowBg] = ImVec4(0.5f, 0, 0, 1);  // the page's background, everywhere
  CHECK(RedrawOf(memo, FrameWith("x"), kClear).full);
}

TEST_CASE("commands clipped to the rectangles draw a full pass's pixels inside them and none outside", "[redraw]") {
  tp::ui::testing::FreshImGuiContext();
  for (float scale : {1.f, 1.5f, 2.f}) {
    ImDrawData& data = FrameWith("clipped", ImVec2(1366, 768), scale);
    const std::vector<PixelRect> rects = {{0, 32, 640, 96}, {320, 512, 1024, 600}, {1000, 0, 1366, 40}};
    // What each command covers in a full pass, kept before clipping.
    std::vector<std::vector<PixelRect>> full(data.CmdListsCount);
    std::vector<int> count(data.CmdListsCount);
    for (int n = 0; n < data.CmdListsCount; ++n) {
      count[n] = data.CmdLists[n]->CmdBuffer.Size;
      for (const ImDrawCmd& c : data.CmdLists[n]->CmdBuffer) full[n].push_back(ScissorOf(c.ClipRect, data));
    }
    {
      ClipDrawDataTo clipped(data, rects);
      for (int n = 0; n < data.CmdListsCount; ++n) {
        int k = 0;
        for (const PixelRect& r : rects)
          for (size_t c = 0; c < full[n].size(); ++c) {
            const PixelRect want{std::max(full[n][c].x0, r.x0), std::max(full[n][c].y0, r.y0),
                                 std::min(full[n][c].x1, r.x1), std::min(full[n][c].y1, r.y1)};
            if (want.Empty()) continue;
            REQUIRE(k < data.CmdLists[n]->CmdBuffer.Size);
            INFO("scale " << scale << " list " << n << " command " << c);
            CHECK(ScissorOf(data.CmdLists[n]->CmdBuffer[k].ClipRect, data) == want);
            ++k;
          }
        CHECK(k == data.CmdLists[n]->CmdBuffer.Size);
      }
    }
    for (int n = 0; n < data.CmdListsCount; ++n) CHECK(data.CmdLists[n]->CmdBuffer.Size == count[n]);  // restored
  }
}

TEST_CASE("a triangle with a corner that is not a number, infinite or far away redraws its clip area, no crash",
          "[redraw]") {
  tp::ui::testing::FreshImGuiContext();
  RedrawMemo memo;
  for (int i = 0; i < 4; ++i) RedrawOf(memo, FrameWith("x"), kClear);
  for (ImVec2 odd : {ImVec2(NAN, 5), ImVec2(INFINITY, 5), ImVec2(5, -INFINITY), ImVec2(3e9f, -3e9f)}) {
    const Redraw r = RedrawOf(memo, FrameWith("x", ImVec2(1366, 768), 1.f, odd), kClear);
    CHECK_FALSE(r.Nothing());
    CHECK(RedrawOf(memo, FrameWith("x"), kClear).rects == r.rects);  // and back: the same area
  }
}

TEST_CASE("a frame that asks for a new texture (the font atlas grown) is drawn in full, and the next one too",
          "[redraw]") {
  tp::ui::testing::FreshImGuiContext();
  RedrawMemo memo;
  for (int i = 0; i < 4; ++i) RedrawOf(memo, FrameWith("x"), kClear);
  REQUIRE(RedrawOf(memo, FrameWith("x"), kClear).Nothing());
  // The same triangles, but the atlas's texture is to be created anew (as when glyphs outgrow it): its GL
  // name may be one just freed, so nothing drawn before can be trusted.
  ImDrawData& data = FrameWith("x");
  REQUIRE(data.Textures);
  REQUIRE_FALSE(data.Textures->empty());
  ImTextureData* tex = (*data.Textures)[0];
  const ImTextureStatus was = tex->Status;
  tex->SetStatus(ImTextureStatus_WantCreate);
  CHECK(RedrawOf(memo, data, kClear).full);
  tex->SetStatus(was);
  CHECK(RedrawOf(memo, FrameWith("x"), kClear).full);  // nothing remembered from the frame before
  CHECK(RedrawOf(memo, FrameWith("x"), kClear).Nothing());
}

}  // namespace redraw_test
