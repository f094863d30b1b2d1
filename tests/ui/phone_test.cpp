// phone_test.cpp — issue #20's phone checks, headless with the page's own fonts (Roboto, the Chinese
// subset): no text is cut off at 1366x768 or at 390x844 in any view, in either language, with every
// section open and every scrolling panel scrolled through; on a phone the Compare columns stack with each
// column's verdict figures whole on screen; the selected GPU's point in the Search view is labelled
// whether or not it is on the front; a text field being typed in is reported to the platform (the page's
// on-screen keyboard), and leaving it says so; a copy the browser refuses is said in red.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cfloat>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "app.h"
#include "catalog.h"
#include "harness.h"
#include "i18n.h"
#include "imgui.h"
#include "imgui_internal.h"
#include "text_layout.h"
#include "views.h"

// Dear ImGui's test-engine hooks (IMGUI_ENABLE_TEST_ENGINE, this test program only), in the global namespace where
// Dear ImGui declares them. Every tree node and collapsing header reports itself with its open state; while
// g_open_everything is on, a closed one is opened for the next frame, as a tap on its header would (its window's
// storage holds the open state).
namespace {
bool g_open_everything = false;
}
void ImGuiTestEngineHook_ItemAdd(ImGuiContext*, ImGuiID, const ImRect&, const ImGuiLastItemData*) {}
void ImGuiTestEngineHook_ItemInfo(ImGuiContext* ctx, ImGuiID id, const char*, ImGuiItemStatusFlags flags) {
  if (!g_open_everything || !(flags & ImGuiItemStatusFlags_Openable) || (flags & ImGuiItemStatusFlags_Opened)) return;
  ctx->CurrentWindow->DC.StateStorage->SetInt(id, 1);
}
void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}
const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace phone_test {

using namespace tp;
using namespace tp::ui;
using testing::ClickWidget;
using testing::FindRect;
using testing::Frame;
using testing::RunUntilIdle;

namespace {

const ImVec2 kPhone(390, 844), kLaptop(1366, 768);

// Every section, tree and nested tree of the page open (a few frames: a tree's children appear once it is).
void OpenEverything(AppState& app) {
  ImGui::GetCurrentContext()->TestEngineHookItems = true;
  g_open_everything = true;
  for (int i = 0; i < 6; ++i) Frame(app);
  g_open_everything = false;
  Frame(app);
}

// A panel or an open picker's list that scrolls (not a tooltip, which the pointer places).
bool Scrollable(const ImGuiWindow* w) {
  return w->Active && (w->Flags & (ImGuiWindowFlags_ChildWindow | ImGuiWindowFlags_Popup)) &&
         !(w->Flags & ImGuiWindowFlags_Tooltip) && w->ScrollMax.y > 0;
}

// The page's text cut off by its panel or the screen (ClippedTextJson), looked for at every scroll
// position of every scrolling panel: text below the fold is not drawn until scrolled to. One entry per
// position where something was cut: "<panel> at <scroll>: [...]".
std::vector<std::string> ClippedEverywhere(AppState& app) {
  std::vector<std::string> found;
  auto look = [&](const std::string& where) {
    Frame(app);
    const std::string cut = ClippedTextJson(app.text_fields);
    if (cut == "[]") return;
    // Named widgets on the lines cut, to say where it is ("near label_mtbf_gpu_h").
    std::string near;
    for (size_t at = cut.find("\"y\":"); at != std::string::npos; at = cut.find("\"y\":", at + 1)) {
      const float y = std::stof(cut.substr(at + 4));
      for (const AppState::WidgetRect& w : app.widgets)
        if (y >= w.y0 - 2 && y <= w.y1 + 2 && near.find(w.name) == std::string::npos) near += " " + w.name;
    }
    found.push_back(where + ": " + cut + " near" + near);
  };
  look("top");
  std::vector<ImGuiWindow*> panels;
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
    if (Scrollable(w)) panels.push_back(w);
  for (ImGuiWindow* w : panels) {
    const float step = std::max(60.0f, w->InnerRect.GetHeight() * 0.6f);
    for (float y = step;; y += step) {
      ImGui::SetScrollY(w, std::min(y, w->ScrollMax.y));
      look(std::string(w->Name) + " at " + std::to_string((int)std::min(y, w->ScrollMax.y)));
      if (y >= w->ScrollMax.y) break;
    }
    ImGui::SetScrollY(w, 0);
    Frame(app);
  }
  return found;
}

// The page opened on `link` at `size` with the page's fonts, its background work done.
std::unique_ptr<AppState> Open(const std::string& link, ImVec2 size) {
  auto app = std::make_unique<AppState>();
  testing::StartWithPageFonts(*app, link, size);
  RunUntilIdle(*app);
  return app;
}

bool Narrow(const AppState& app) { return FindRect(app, "narrow_inputs") != nullptr; }

// On a phone: the inputs side (true) or the results side of the switch.
void ShowSide(AppState& app, bool inputs) {
  REQUIRE(ClickWidget(app, inputs ? "narrow_inputs" : "narrow_results"));
  Frame(app);
}

ImGuiWindow* WindowNamed(const char* part) {
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
    if (w->Active && std::string(w->Name).find(part) != std::string::npos) return w;
  return nullptr;
}

}  // namespace

TEST_CASE("no text is cut off on a laptop or a phone, in any view or language, every section open and scrolled through",
          "[web][page][phone]") {
  struct Page {
    std::string link;
    ImVec2 size;
  };
  std::vector<Page> pages;
  for (ImVec2 size : {kLaptop, kPhone})
    for (const char* lang : {"en", "zh"}) {
      for (const char* view : {"plan", "compare", "search"})
        pages.push_back({std::string("#v=1&model=llama2-7b&gpus=8&lang=") + lang + "&view=" + view, size});
      // A plan that does not fit, with an error under a field, its fallback line and the fit advice.
      pages.push_back(
          {std::string("#v=1&model=llama2-70b&gpu=rtx4090&gpus=24&tp=3&lang=") + lang + "&view=plan", size});
      // Three compare columns, fine-tuning keys, a link long enough to be cut on a phone's status line.
      pages.push_back({std::string("#v=1&model=mixtral-8x7b&method=qlora&gpus=12&lang=") + lang +
                           "&view=compare&cmp=gpu:h100,gpus:12;gpu:a100-80g,gpus:24;gpu:rtx4090,gpus:48",
                       size});
    }
  // A smaller laptop (1280 px), three compare columns, one of them tight (its verdict's longest words).
  for (const char* lang : {"en", "zh"})
    pages.push_back({std::string("#v=1&model=llama3.1-8b&method=qlora&gpus=8&lang=") + lang +
                         "&view=compare&cmp=gpu:rtx4090,gpus:8;gpu:h20,gpus:8;gpu:a800-80g,gpus:3",
                     ImVec2(1280, 800)});
  for (const Page& page : pages) {
    auto app = Open(page.link, page.size);
    const bool narrow = Narrow(*app);
    CHECK(narrow == (page.size.x == kPhone.x));  // the phone gets the one-column switch
    for (int side = 0; side < (narrow ? 2 : 1); ++side) {
      if (narrow) ShowSide(*app, side == 1);
      OpenEverything(*app);
      const std::vector<std::string> cut = ClippedEverywhere(*app);
      INFO(page.size.x << "x" << page.size.y << " " << page.link << (narrow ? side ? " (inputs)" : " (results)" : ""));
      std::string all;
      for (const std::string& c : cut) all += "\n  " + c;
      INFO("cut off:" << all);
      CHECK(cut.empty());
    }
  }
}

TEST_CASE("the catalog pickers' lists are not cut off on a phone, in either language", "[web][page][phone]") {
  for (const char* lang : {"en", "zh"})
    for (const char* picker : {"model", "gpu", "intra", "inter"}) {
      auto owned = Open(std::string("#v=1&model=llama2-7b&gpus=8&view=plan&lang=") + lang, kPhone);
      AppState& app = *owned;
      ShowSide(app, true);
      ImGuiWindow* column = WindowNamed("/all_");
      REQUIRE(column);
      // Scrolled so the picker is on screen, then opened with a tap, as a finger would.
      for (int i = 0; i < 40 && !(FindRect(app, picker) && FindRect(app, picker)->y1 < kPhone.y - 60); ++i) {
        ImGui::SetScrollY(column, column->Scroll.y + 200);
        Frame(app);
        Frame(app);
      }
      INFO(lang << " " << picker);
      REQUIRE(ClickWidget(app, picker));
      Frame(app);
      REQUIRE(FindRect(app, std::string("filter_") + picker));  // the list is open
      const std::vector<std::string> cut = ClippedEverywhere(app);
      std::string all;
      for (const std::string& c : cut) all += "\n  " + c;
      INFO("cut off:" << all);
      CHECK(cut.empty());
    }
}

TEST_CASE("on a phone the tokens/s figure under MFU does not start its line with the separator", "[web][page][phone]") {
  for (const char* lang : {"en", "zh"}) {
    auto owned = Open(std::string("#v=1&model=qwen2.5-7b&gpu=h20&gpus=16&goal=grpo&lang=") + lang, kPhone);
    AppState& app = *owned;
    REQUIRE(PlanFits(app.main.out));
    const std::string drawn = testing::DrawnText(app);
    INFO(lang << "\n" << drawn);
    std::istringstream lines(drawn);
    bool seen = false;
    for (std::string line; std::getline(lines, line);) {
      if (line.find("tokens/s per GPU") == std::string::npos && line.find(" token/s") == std::string::npos) continue;
      if (line.find("MFU") != std::string::npos) continue;  // on MFU's line, the separator belongs
      seen = true;
      const size_t first = line.find_first_not_of(' ');
      CHECK(line.compare(first, 2, "·") != 0);
    }
    if (std::string(lang) == "zh") CHECK(seen);  // the Chinese words are wider: a line of its own on a phone
  }
}

TEST_CASE("on a phone the Compare columns stack, each column's verdict figures whole on screen", "[web][page][phone]") {
  for (const char* lang : {"en", "zh"}) {
    auto owned = Open(std::string("#v=1&model=llama2-70b&gpus=64&lang=") + lang +
                          "&view=compare&cmp=gpu:a100-80g,gpus:64;gpu:h100,gpus:64;gpu:rtx4090,gpus:256",
                      kPhone);
    AppState& app = *owned;
    REQUIRE(app.bg.columns.size() == 3);
    ImGuiWindow* column = WindowNamed("/all_");
    REQUIRE(column);
    const ImRect view = column->InnerClipRect;
    float last_bottom = -FLT_MAX;
    for (int i = 0; i < 3; ++i) {
      const std::string n = std::to_string(i);
      INFO(lang << " column " << i);
      REQUIRE(PlanFits(app.bg.columns[i].out));  // the figures compared are drawn for a plan that fits
      // Scroll the column's verdict to the top of the panel, then every figure must be inside it, whole.
      const AppState::WidgetRect* fits = FindRect(app, "cmp_verdict_" + n);
      REQUIRE(fits);
      ImGui::SetScrollY(column, std::clamp(column->Scroll.y + fits->y0 - view.Min.y - 4, 0.0f, column->ScrollMax.y));
      Frame(app);
      Frame(app);
      for (const std::string& part :
           {"cmp_verdict_" + n, "cmp_verdict_" + n + "_memory", "cmp_days_" + n, "cmp_cost_" + n}) {
        const AppState::WidgetRect* r = FindRect(app, part);
        INFO(part);
        REQUIRE(r);
        CHECK(r->x0 >= view.Min.x - 0.5f);
        CHECK(r->x1 <= view.Max.x + 0.5f);
        CHECK(r->y0 >= view.Min.y - 0.5f);
        CHECK(r->y1 <= view.Max.y + 0.5f);
      }
      CHECK(ClippedTextJson(app.text_fields) == "[]");
      // Stacked: each column starts below the one before (and so has the whole width).
      const AppState::WidgetRect* top = FindRect(app, "cmp_verdict_" + n);
      const float page_y = top->y0 + column->Scroll.y;
      CHECK(page_y > last_bottom);
      last_bottom = FindRect(app, "cmp_cost_" + n)->y1 + column->Scroll.y;
    }
  }
}

TEST_CASE("the selected GPU's point in the Search view is labelled, on the front or off it, on a laptop and a phone",
          "[web][page][phone]") {
  // Every GPU type the search plans, selected in turn: its point always carries "(selected)".
  auto first = Open("#v=1&model=llama2-7b&gpus=16&view=search", kLaptop);
  const SearchResult& all = first->bg.search.Result();
  REQUIRE(all.gpu_ids.size() > 5);
  std::vector<std::string> off_front, on_front;
  for (int v = 0; v < (int)all.gpu_ids.size(); ++v) {
    const SearchResult* point = first->bg.search.Point(v);
    if (!point || point->top.empty()) continue;  // does not fit: listed in words, no point
    const bool front =
        std::any_of(all.pareto.begin(), all.pareto.end(), [&](const SearchHit& h) { return h.variant == v; });
    (front ? on_front : off_front).push_back(all.gpu_ids[v]);
  }
  REQUIRE(!off_front.empty());
  REQUIRE(!on_front.empty());
  first.reset();
  std::vector<std::string> selected = off_front;
  selected.insert(selected.end(), on_front.begin(), on_front.end());
  for (ImVec2 size : {kLaptop, kPhone})
    for (const std::string& gpu : selected) {
      const bool zh = gpu == selected.front();  // one of them in Chinese too
      auto app = Open("#v=1&model=llama2-7b&gpus=16&view=search&gpu=" + gpu + (zh ? "&lang=zh" : ""), size);
      INFO(gpu << " at " << size.x << "x" << size.y);
      const AppState::WidgetRect* label = FindRect(*app, "front_selected_label");
      const AppState::WidgetRect* chart = FindRect(*app, "front_chart");
      REQUIRE(chart);
      REQUIRE(label);
      CHECK(label->x0 >= chart->x0);
      CHECK(label->x1 <= chart->x1);
      CHECK(label->y0 >= chart->y0);
      CHECK(label->y1 <= chart->y1);
      CHECK(ClippedTextJson(app->text_fields) == "[]");
    }
}

TEST_CASE("a text field being typed in is reported to the platform, for the phone's keyboard", "[web][page][phone]") {
  auto owned = Open("#v=1&model=llama2-7b&gpus=8&view=plan", kPhone);
  AppState& app = *owned;
  ShowSide(app, true);
  Frame(app);
  CHECK_FALSE(platform::Null().typing);
  // Every text field drawn is offered for a tap, the GPUs field among them.
  const AppState::WidgetRect* gpus = FindRect(app, "gpus");
  if (!gpus || gpus->y1 > kPhone.y - 40) {  // below the fold: drag the column up as a finger would
    ImGuiWindow* column = WindowNamed("/all_");
    REQUIRE(column);
    ImGui::SetScrollY(column, column->Scroll.y + (gpus ? gpus->y0 - kPhone.y / 2 : 400));
    Frame(app);
    Frame(app);
    gpus = FindRect(app, "gpus");
  }
  REQUIRE(gpus);
  const auto& fields = platform::Null().text_fields;
  CHECK(std::any_of(fields.begin(), fields.end(), [&](const platform::Box& b) {
    return b.x0 <= gpus->x0 + 1 && b.x1 >= gpus->x1 - 1 && b.y0 <= gpus->y0 + 1 && b.y1 >= gpus->y1 - 1;
  }));
  REQUIRE(ClickWidget(app, "gpus"));
  CHECK(platform::Null().typing);
  const platform::Box at = platform::Null().typing_field;
  CHECK(at.x0 == Approx(gpus->x0).margin(1));
  CHECK(at.y0 == Approx(gpus->y0).margin(1));
  // Typed characters reach the field, as the page's keyboard input hands them over.
  for (const char* c = "16"; *c; ++c) {
    ImGui::GetIO().AddInputCharacter((unsigned)*c);
    Frame(app);
  }
  Frame(app);
  CHECK(app.cfg.gpus == 16);
  // A tap on no field leaves it: the keyboard is put away.
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(5, kPhone.y - 5);
  io.MouseDown[0] = true;
  Frame(app);
  io.MouseDown[0] = false;
  Frame(app);
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  Frame(app);
  CHECK_FALSE(platform::Null().typing);
  // A picker's filter box, focused when the picker opens, is a text field too (the column back at the top,
  // where the model picker is, when the GPUs field was below the fold).
  if (ImGuiWindow* column = WindowNamed("/all_")) {
    ImGui::SetScrollY(column, 0);
    Frame(app);
    Frame(app);
  }
  REQUIRE(ClickWidget(app, "model"));
  Frame(app);
  CHECK(platform::Null().typing);
}

TEST_CASE("a copy the browser refuses says so in red, in both languages", "[web][page][phone]") {
  for (const char* lang : {"en", "zh"}) {
    auto owned = Open(std::string("#v=1&model=llama2-7b&gpus=8&view=plan&lang=") + lang, kPhone);
    AppState& app = *owned;
    platform::Null().clipboard_write_refused = true;
    REQUIRE(ClickWidget(app, "copy_link"));
    Frame(app);
    INFO(app.status);
    CHECK(app.status_bad);
    CHECK(app.status == Tr("The browser refused the clipboard (no permission): nothing was copied. The link is in the "
                           "address bar."));
    const bool english = std::string(lang) == "en";
    CHECK(app.status.find(english ? "nothing was copied" : "没有复制") != std::string::npos);
    // Wrapped on the phone's status line, not cut.
    CHECK(ClippedTextJson(app.text_fields) == "[]");
    // Allowed again: "Link copied", not the refusal.
    platform::Null().clipboard_write_refused = false;
    REQUIRE(ClickWidget(app, "copy_link"));
    Frame(app);
    CHECK_FALSE(app.status_bad);
    CHECK(platform::Null().clipboard.find("#v=1") != std::string::npos);
  }
}

TEST_CASE("the scaling chart's legend does not run into its axis' title, in either language, on a laptop or a phone",
          "[web][page][phone]") {
  for (ImVec2 size : {kLaptop, kPhone})
    for (const char* lang : {"en", "zh"}) {
      auto owned = Open(std::string("#v=1&model=llama2-7b&gpus=8&view=plan&lang=") + lang, size);
      AppState& app = *owned;
      if (Narrow(app)) ShowSide(app, false);
      REQUIRE(testing::ScrollIntoView(app, "scaling_legend"));
      const AppState::WidgetRect* title = FindRect(app, "scaling_title_left");
      const AppState::WidgetRect* legend = FindRect(app, "scaling_legend");
      REQUIRE(title);
      REQUIRE(legend);
      INFO(lang << " " << size.x << ": title " << title->x0 << "-" << title->x1 << " at " << title->y0 << ", legend "
                << legend->x0 << "-" << legend->x1 << " at " << legend->y0);
      // On one line the legend starts right of the title; otherwise it has a line of its own below.
      const bool same_line = legend->y0 < title->y1 && title->y0 < legend->y1;
      CHECK((same_line ? legend->x0 >= title->x1 + 4 : legend->y0 >= title->y1));
    }
}

}  // namespace phone_test
