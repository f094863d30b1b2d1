// main.cpp — entry point of the planner's window and page: parses the command line (native), creates the
// ImGui context and the platform (platform.h), adds the embedded fonts to the atlas (Dear ImGui 1.92
// rasterizes them at the device pixel ratio by itself: text stays sharp at any zoom), merges the Chinese
// font once Chinese is on, and runs one frame function that both drivers call (a loop natively, the
// browser's requestAnimationFrame on the web). `--screenshot PATH` renders a few frames, writes a PNG and exits.
#include <cfloat>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "app.h"
#include "font_atlas.h"
#include "i18n.h"
#include "imgui.h"
#include "platform.h"

namespace {

struct Runner {
  tp::ui::AppState app;
  std::string screenshot_path;  // --screenshot
  int frames_left = -1;         // frames to render before the screenshot (-1: run until closed)
  int exit_code = 0;
  int waited = 0;  // frames spent waiting for background work before the last one
};

// Chinese text is drawn from the Chinese font once Chinese has been switched on and the font is there
// (natively at once; on the page once cjk.ttf has arrived: until then Chinese text shows the fallback glyph
// for a moment). It stays merged after a switch back to English: nothing is rebuilt.
void MergeCjkWhenWanted(Runner& r) {
  const unsigned char* data = nullptr;
  int size = 0;
  if (r.app.cjk_font_ready || tp::ui::LangOf(r.app) != tp::Lang::Zh || !tp::platform::CjkFont(&data, &size)) return;
  tp::ui::MergeCjk(ImGui::GetIO().Fonts, r.app.fonts, data, size);
  r.app.cjk_font_ready = true;
}

bool Frame(void* user) {
  Runner& r = *static_cast<Runner*>(user);
  bool keep = tp::platform::BeginFrame();
  MergeCjkWhenWanted(r);
  // Screenshots show the page as it opens, with no hover tooltip wherever the X pointer happens to be.
  if (!r.screenshot_path.empty()) ImGui::GetIO().AddMousePosEvent(-FLT_MAX, -FLT_MAX);
  ImGui::NewFrame();
  tp::ui::DrawUi(r.app);
  ImGui::Render();
  float clear[4];
  tp::ui::ClearColor(r.app, clear);
  bool last = r.frames_left == 0;
  bool shoot = last && !r.screenshot_path.empty();
  bool written = tp::platform::EndFrame(clear, shoot ? r.screenshot_path.c_str() : nullptr);
  tp::platform::KeepFrames(tp::ui::WantsFrames(r.app));
  if (last && !shoot) return false;  // --frames N without a screenshot: run N frames, save, exit
  if (shoot) {
    if (written) {
      std::printf("trainplan-gui: wrote %s\n", r.screenshot_path.c_str());
    } else {
      std::fprintf(stderr, "trainplan-gui: could not write %s\n", r.screenshot_path.c_str());
      r.exit_code = 1;
    }
    return false;
  }
  if (r.frames_left > 0) {
    // Keep rendering while background work (search, scaling chart) is still filling in, up to a limit.
    if (!tp::ui::Busy(r.app) || r.frames_left > 1 || ++r.waited > 3000) --r.frames_left;
  }
  return keep;
}

void PrintUsage() {
  std::printf(
      "usage: trainplan-gui [LINK] [--screenshot PATH] [--view plan|compare|search] [--theme light|dark]\n"
      "                     [--lang en|zh] [--size WxH] [--frames N]\n"
      "  LINK               a share link (https://host/#v=1&model=...) or its fragment (#v=1&...) or\n"
      "                     key=value pairs joined by '&'; without it the last session is restored\n"
      "  --screenshot PATH  render, write a PNG to PATH and exit (for tests and the README)\n"
      "  --frames N         render N frames (then the screenshot, or exit); background work gets them\n"
      "  --size WxH         window size, default 1366x768\n"
      "  --lang en|zh       interface language (default: the link's, the last session's or the locale's)\n"
      "the last state is saved in $TRAINPLAN_STATE or ~/.config/trainplan/state\n"
      "examples:\n"
      "  trainplan-gui '#v=1&model=llama2-70b&gpu=h100&gpus=128'\n"
      "  xvfb-run -a trainplan-gui --view compare --screenshot compare.png\n");
}

}  // namespace

int main(int argc, char** argv) {
  static Runner r;  // static: on the web main() unwinds into the browser's loop and must not free it
  tp::platform::InitOptions options;
  std::string link, view, theme, lang;
  int frames = -1;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&](const char* what) -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "trainplan-gui: %s needs a value\n", what);
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--help" || a == "-h") {
      PrintUsage();
      return 0;
    } else if (a == "--screenshot") {
      r.screenshot_path = next("--screenshot");
    } else if (a == "--view") {
      view = next("--view");
    } else if (a == "--theme") {
      theme = next("--theme");
    } else if (a == "--lang") {
      lang = next("--lang");
      if (lang != "en" && lang != "zh") {
        std::fprintf(stderr, "trainplan-gui: --lang takes en or zh\n");
        return 2;
      }
    } else if (a == "--frames") {
      frames = std::atoi(next("--frames").c_str());
    } else if (a == "--size") {
      std::string s = next("--size");
      if (std::sscanf(s.c_str(), "%dx%d", &options.width, &options.height) != 2 || options.width < 200 ||
          options.height < 200) {
        std::fprintf(stderr, "trainplan-gui: --size takes WxH, e.g. 1366x768\n");
        return 2;
      }
    } else if (!a.empty() && a[0] == '-' && a.find('=') == std::string::npos) {
      std::fprintf(stderr, "trainplan-gui: unknown option %s (see --help)\n", a.c_str());
      return 2;
    } else {
      link = link.empty() ? a : link + "&" + a;  // a link or key=value pairs
    }
  }
  if (!r.screenshot_path.empty())
    r.frames_left = frames > 1 ? frames : 8;
  else if (frames > 0)
    r.frames_left = frames;

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // layout is fixed; state lives in the share link (platform::SaveState)
  if (!tp::platform::Init(options)) return 1;
  if (!link.empty()) tp::platform::SetInitialLink(link);

  tp::ui::InitOptions app_options;
  app_options.view = view;
  app_options.theme = theme;
  app_options.lang = lang;
  app_options.save_state = r.screenshot_path.empty();  // a screenshot run never overwrites the user's state
  r.app.fonts = tp::ui::AddPageFonts(io.Fonts);
  io.FontDefault = r.app.fonts.body.font;
  tp::ui::Init(r.app, app_options);

  tp::platform::RunLoop(Frame, &r);
  // Natively only: on the web RunLoop never returns.
  tp::ui::Save(r.app);
  tp::platform::Shutdown();
  ImGui::DestroyContext();
  return r.exit_code;
}
