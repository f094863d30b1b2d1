// launch_cli_test.cpp — `trainplan export --to FORMAT` and `trainplan plan --import FILE` through RunCli
// (issue #31): the file on stdout or -o, notes on stderr, refusals exiting 2 with the reason, the import's
// pairs and notes, later keys winning over the file's, and a bad file's one line naming its line and key.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli.h"
#include "cli_run.h"
#include "json.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace launch_cli_test {

using namespace tp;

namespace {

using Run = testing::CliRun;
using testing::Cli;

std::string Temp(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("trainplan_cli_" + std::to_string(getpid()) + "_" + name)).string();
}

std::string Read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("cli export: each format on stdout, the header carrying the plan's link", "[cli][launch]") {
  for (const char* format :
       {"deepspeed", "hf", "trl", "torchtune", "axolotl", "llama-factory", "unsloth", "torchtitan", "megatron"}) {
    const bool finetune = std::string(format) != "torchtitan" && std::string(format) != "megatron";
    const Run r =
        Cli({"export", "--to", format, "model=llama3.1-8b", "gpu=h100", "gpus=8",
             finetune ? "method=lora" : "method=full", "--link", "https://example.org/trainplan/#v=1&seq=2048"});
    INFO(format << "\n" << r.err);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("https://example.org/trainplan/#v=1&") != std::string::npos);
    CHECK(r.out.find("Predicted memory per GPU") != std::string::npos);
  }
}

TEST_CASE("cli export: -o writes the file, a refusal exits 2 with the reason, a bad --to lists the formats",
          "[cli][launch]") {
  const std::string path = Temp("train.yaml");
  Run r =
      Cli({"export", "--to", "llama-factory", "model=mistral-7b", "method=qlora", "gpus=1", "gpu=rtx4090", "-o", path});
  REQUIRE(r.status == 0);
  CHECK(r.out.empty());
  const std::string yaml = Read(path);
  CHECK(yaml.find("quantization_bit: 4") != std::string::npos);
  CHECK(yaml.find("model_name_or_path: \"mistralai/Mistral-7B-v0.1\"") != std::string::npos);

  // Round trip on the command line: the file back as the plan's keys, the GPU given after it.
  r = Cli({"plan", "--import", path, "gpu=rtx4090", "gpus=1", "--format", "json"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(r.err.find("read from " + path + " (LLaMA-Factory): stack=hf model=mistral-7b") != std::string::npos);
  const JsonParseResult plan = ParseJson(r.out);
  REQUIRE(plan.ok);
  const JsonValue& config = *plan.value.Find("config");
  CHECK(config.StringOr("method", "") == "qlora");
  CHECK(config.StringOr("model", "") == "mistral-7b");
  CHECK(config.StringOr("gpu", "") == "rtx4090");
  // gpus=2 after the file: the global batch follows (micro-batch x accumulation x 2).
  r = Cli({"plan", "--import", path, "gpus=2", "--import-format", "llama-factory", "--format", "json"});
  REQUIRE(r.status == 0);
  const JsonParseResult two = ParseJson(r.out);
  REQUIRE(two.ok);
  CHECK(two.value.Find("config")->NumberOr("gbs", 0) == 2 * config.NumberOr("gbs", 0));
  std::filesystem::remove(path);

  r = Cli({"export", "--to", "hf", "model=llama3-70b", "gpus=64", "tp=8"});
  CHECK(r.status == 2);
  CHECK(r.err.find("trainplan: tp: Transformers Trainer + PEFT + bitsandbytes cannot express tp > 1") == 0);
  r = Cli({"export", "--to", "megatron", "model=llama3.1-8b", "method=qlora", "gpus=1"});
  CHECK(r.status == 2);
  CHECK(r.err.find("QLoRA") != std::string::npos);
  r = Cli({"export", "--to", "nonsense"});
  CHECK(r.status == 2);
  CHECK(r.err.find("deepspeed, hf, trl, torchtune, axolotl, llama-factory, unsloth, torchtitan, megatron") !=
        std::string::npos);
  // A drop is a note, the file still written.
  r = Cli({"export", "--to", "deepspeed", "model=llama3.1-8b", "method=lora", "gpus=8"});
  CHECK(r.status == 0);
  CHECK(r.err.find("note: method: not in the DeepSpeed file") != std::string::npos);
}

// A DeepSpeed config names no model and no GPU count: the import says which it planned with, unless another source
// (a key on the command line) gives it, and says nothing of what was given.
TEST_CASE("cli import: what the file leaves out is said once, and not where the command line gives it",
          "[cli][launch]") {
  const std::string path = Temp("ds_config.json");
  testing::CliRun r = Cli({"export", "--to", "deepspeed", "model=llama3.1-8b", "gpu=h100", "gpus=8", "-o", path});
  REQUIRE(r.status == 0);
  // Exported by TrainPlan, the file's header names the plan: its model comes from there, said once.
  r = Cli({"plan", "--import", path, "gpu=h100", "--format", "json"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(r.err.find("does not name the model") == std::string::npos);
  CHECK(r.err.find("import: the file's TrainPlan header (line 5) gave what the DeepSpeed file does not say: "
                   "model=llama3.1-8b") != std::string::npos);
  CHECK(ParseJson(r.out).value.Find("config")->StringOr("model", "") == "llama3.1-8b");
  // A ds_config.json written by hand (no header): the model it was planned with is said.
  std::string text = Read(path);
  const size_t header_end = text.find("],");
  REQUIRE(text.find("\"_comment\"") != std::string::npos);
  text = "{" + text.substr(header_end + 2);
  { std::ofstream(path, std::ios::binary) << text; }
  r = Cli({"plan", "--import", path, "gpu=h100"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(r.err.find("model: the DeepSpeed file does not name the model: planned with model=llama2-70b (give model=)") !=
        std::string::npos);
  // The DeepSpeed config says the GPUs (its train_batch_size over the micro-batch and the accumulation).
  CHECK(r.err.find("does not say how many GPUs") == std::string::npos);
  r = Cli({"plan", "--import", path, "gpu=h100", "model=llama3.1-8b", "--format", "json"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(r.err.find("does not name the model") == std::string::npos);
  CHECK(ParseJson(r.out).value.Find("config")->StringOr("model", "") == "llama3.1-8b");
  std::filesystem::remove(path);
  // A torchtune file names the model, not the GPUs: said without gpus=, silent with it.
  const std::string tune = Temp("tune.yaml");
  r = Cli({"export", "--to", "torchtune", "model=llama3.1-8b", "method=lora", "gpu=rtx4090", "gpus=1", "-o", tune});
  REQUIRE(r.status == 0);
  r = Cli({"plan", "--import", tune, "gpu=rtx4090"});
  CHECK(r.err.find("does not say how many GPUs") == std::string::npos);  // the header's plan says: gpus=1
  CHECK(r.err.find("gave what the torchtune file does not say: gpu=rtx4090 gpus=1") != std::string::npos);
  // Without the header's comment lines, as a user's own file: the GPUs it leaves out are said.
  std::string yaml;
  {
    std::istringstream lines(Read(tune));
    for (std::string line; std::getline(lines, line);)
      if (line.rfind("#", 0) != 0) yaml += line + "\n";
  }
  std::ofstream(tune, std::ios::binary) << yaml;
  r = Cli({"plan", "--import", tune, "gpu=rtx4090"});
  CHECK(r.err.find("gpus: the torchtune file does not say how many GPUs") != std::string::npos);
  CHECK(r.err.find("does not name the model") == std::string::npos);
  r = Cli({"plan", "--import", tune, "gpu=rtx4090", "gpus=2"});
  CHECK(r.err.find("does not say how many GPUs") == std::string::npos);
  std::filesystem::remove(tune);
}

TEST_CASE("cli import: a bad file is one line naming the file, the key and the line", "[cli][launch]") {
  const std::string path = Temp("bad.yaml");
  std::ofstream(path) << "model_name_or_path: meta-llama/Llama-3.1-8B\nfinetuning_type: lora\nlora_rank: lots\n";
  Run r = Cli({"plan", "--import", path});
  CHECK(r.status == 2);
  CHECK(r.err == "trainplan: " + path + ": lora_rank: line 3: expected a whole number of at least 1, got \"lots\"\n");
  std::ofstream(path) << "this is: [not, closed\n";
  r = Cli({"plan", "--import", path, "--import-format", "axolotl"});
  CHECK(r.status == 2);
  CHECK(r.err.find(path + ": import: line ") != std::string::npos);
  CHECK(r.err.find("not valid YAML") != std::string::npos);
  r = Cli({"plan", "--import", path, "--import-format", "yaml"});
  CHECK(r.status == 2);
  CHECK(r.err.find("--import-format: expected one of deepspeed") != std::string::npos);
  std::ofstream(path) << "just some text\n";
  r = Cli({"plan", "--import", path});
  CHECK(r.status == 2);
  CHECK(r.err.find("not a launch config this planner reads") != std::string::npos);
  r = Cli({"plan", "--import", Temp("missing.yaml")});
  CHECK(r.status == 2);
  CHECK(r.err.find("--import: cannot read") != std::string::npos);
  std::filesystem::remove(path);
}

}  // namespace launch_cli_test
