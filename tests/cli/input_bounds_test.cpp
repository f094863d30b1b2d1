// input_bounds_test.cpp — every file the command line reads is bounded and typed (issue #34): a FIFO nobody
// writes to is refused at once instead of blocking, a log larger than the file limit is read from its tail (its
// latest figures), a layout `plan` refuses is refused by `search` too, with the same message and exit 2, and a
// refusal of invalid UTF-8 is itself valid UTF-8.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli.h"
#include "cli_run.h"
#include "text.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace input_bounds_test {

using namespace tp;

namespace {

using Run = testing::CliRun;
using testing::Cli;

std::string TempPath(const char* name) {
  return (std::filesystem::temp_directory_path() / (std::string("trainplan-") + std::to_string(getpid()) + name))
      .string();
}

}  // namespace

TEST_CASE("a FIFO as --config, --hf-config or --log is refused at once, naming the option", "[cli]") {
  const std::string fifo = TempPath("-fifo");
  std::filesystem::remove(fifo);
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  for (const char* option : {"--config", "--hf-config", "--log"}) {
    INFO(option);
    const Run r = Cli({"plan", option, fifo});  // would block forever if it opened the FIFO for reading
    CHECK(r.status == 2);
    CHECK(r.err == "trainplan: " + std::string(option) + ": \"" + fifo +
                       "\" is not a regular file (a pipe, device or socket); save it to a file first\n");
  }
  std::filesystem::remove(fifo);
}

TEST_CASE("a training log over 16 MB is read from its tail: the latest figures calibrate the plan", "[cli]") {
  const std::string log = TempPath("-big.log");
  {
    std::ofstream out(log, std::ios::binary);
    const std::string filler(1023, '#');
    for (int i = 0; i < 17 * 1024; ++i) out << filler << '\n';  // 17 MB of lines no reader knows
    out << "[rank0]: step: 20  loss:  6.9  memory: 46.10GiB(58.00%)  tps: 5,410  tflops: 260.0  mfu: 26.3%\n";
  }
  REQUIRE(std::filesystem::file_size(log) > 16u * 1024 * 1024);
  const Run r = Cli({"plan", "model=llama3-8b", "gpu=h100", "gpus=8", "--log", log, "--format", "json"});
  CHECK(r.status == 0);
  CHECK(r.err.find("torchtitan") != std::string::npos);  // the note names the line it read
  CHECK(r.out.find("\"measured_tokens_per_s_per_gpu\": 5410") != std::string::npos);
  std::filesystem::remove(log);
}

TEST_CASE("search refuses what plan refuses: exit 2 and plan's message naming the key", "[cli]") {
  for (const std::vector<std::string>& keys :
       std::vector<std::vector<std::string>>{{"model=llama3-8b", "gpus=8", "tp=3"},
                                             {"model=llama2-7b", "gpus=8", "pp=3", "tp=1", "cp=1"},
                                             {"model=mixtral-8x7b", "gpus=24", "ep=3"}}) {
    std::vector<std::string> plan_args = {"plan"}, search_args = {"search"};
    plan_args.insert(plan_args.end(), keys.begin(), keys.end());
    search_args.insert(search_args.end(), keys.begin(), keys.end());
    const Run p = Cli(plan_args), s = Cli(search_args);
    INFO(keys[2]);
    REQUIRE(p.status == 2);
    CHECK(s.status == 2);
    CHECK(s.out.empty());
    CHECK(s.err == p.err);
  }
}

// Invalid UTF-8 is refused by name, and the refusal itself is valid UTF-8 (issue #34): the message used to quote
// the raw bytes back ("got \"ab\xff\xfe\""), so a terminal showed garbage and the Python module, which decodes
// stderr, raised UnicodeDecodeError instead of InputError naming the key.
TEST_CASE("a refusal of invalid UTF-8 names the key and is itself valid UTF-8", "[cli]") {
  struct Case {
    std::vector<std::string> args;
    std::string names;
  };
  const std::vector<Case> cases = {
      {{"plan", "name=ab\xff\xfe", "--format", "json"}, "name: "},
      {{"plan", "--link", "#v=1&model=llama3-8b&name=a%FFb"}, "name: "},
      {{"plan",
        "gpu=h1\xc0\x80"
        "0"},
       "gpu: "},
      {{"plan", "\xff=1"}, "unknown key"},
      {{"plan", "--config", "no-such-file-\xff.json"}, "--config: "},
      {{"explain", "name=\xed\xa0\x80x"}, "name: "},  // a UTF-16 surrogate written as UTF-8 (CESU)
  };
  for (const Case& c : cases) {
    INFO(c.args[1]);
    const Run r = Cli(c.args);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(c.names) != std::string::npos);
    CHECK(ValidUtf8(r.err));
    CHECK(r.err.find("\xEF\xBF\xBD") != std::string::npos);  // each bad byte shown as U+FFFD
  }
  // Valid text is quoted as given: a Chinese name over the limit is shown in Chinese.
  std::string long_name;
  for (int i = 0; i < 101; ++i) long_name += "\xE8\xAE\xAD";  // 训
  const Run r = Cli({"plan", "name=" + long_name});
  CHECK(r.status == 2);
  CHECK(r.err.find("\xE8\xAE\xAD\xE8\xAE\xAD") != std::string::npos);
  CHECK(r.err.find("\xEF\xBF\xBD") == std::string::npos);
}

}  // namespace input_bounds_test
