// site_test.cpp — the published site has every file the page loads (issue #20: the Pages workflow left
// out cjk.ttf, so the published page could not show Chinese). The files are read from where the page
// asks for them: shell/index.html's scripts, trainplan.js's index.js/index.wasm, platform_web.cpp's fetch.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace site_test {

namespace {

std::string Read(const std::string& relative) {
  std::ifstream f(std::string(TRAINPLAN_TEST_DATA) + "/../../" + relative, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("the Pages workflow publishes every file the page loads", "[site]") {
  std::set<std::string> loaded = {"index.html"};
  const std::string html = Read("shell/index.html"), glue = Read("shell/trainplan.js"),
                    web = Read("web/platform_web.cpp");
  REQUIRE_FALSE(html.empty());
  REQUIRE_FALSE(glue.empty());
  REQUIRE_FALSE(web.empty());
  const std::regex script(R"re(<script src="([A-Za-z0-9_.\-]+)")re"), fetched(R"re(fetch\("([A-Za-z0-9_.\-]+)"\))re");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), script); it != std::sregex_iterator(); ++it)
    loaded.insert((*it)[1]);
  for (auto it = std::sregex_iterator(web.begin(), web.end(), fetched); it != std::sregex_iterator(); ++it)
    loaded.insert((*it)[1]);
  for (const char* f : {"index.js", "index.wasm"})
    if (glue.find(f) != std::string::npos) loaded.insert(f);
  // A module the page adds as a script when first needed (launch.js, issue #31), and the .wasm it loads.
  const std::regex added(R"re(\.src = "([A-Za-z0-9_\-]+)\.js")re");
  for (auto it = std::sregex_iterator(web.begin(), web.end(), added); it != std::sregex_iterator(); ++it) {
    loaded.insert((*it)[1].str() + ".js");
    loaded.insert((*it)[1].str() + ".wasm");
  }
  CHECK(loaded.count("launch.wasm"));
  CHECK(loaded.count("trainplan.js"));
  CHECK(loaded.count("cjk.ttf"));
  CHECK(loaded.count("index.wasm"));

  const std::string yml = Read(".github/workflows/pages.yml");
  REQUIRE_FALSE(yml.empty());
  // The line that fills the site directory copies each of them from the build.
  const size_t cp = yml.find("cp build/web/");
  REQUIRE(cp != std::string::npos);
  const std::string line = yml.substr(cp, yml.find('\n', cp) - cp);
  for (const std::string& f : loaded) {
    INFO(f << " is loaded by the page; the workflow copies: " << line);
    CHECK(line.find("build/web/" + f) != std::string::npos);
  }
  // cjk.ttf is built from Debian's WenQuanYi font (cmake/fonts_cjk.cmake): the runner must install it.
  CHECK(yml.find("fonts-wqy-microhei") != std::string::npos);
  CHECK(yml.find("page-cjk-font") != std::string::npos);
}

}  // namespace site_test
