// launch_test.cpp — launch configs (core/launch, issue #31): every emitted key is one the framework accepts at the
// pinned release (tests/data/launch_keys/<format>.json, read from its repository), every file parses with a
// parser that is not ours (JSON: the project's reader; YAML: yaml-cpp; TOML: toml++; Python: python3's ast;
// Megatron's arguments: python3's shlex), export then import gives the same plan for every format, the rule
// table's refusals and notes, and bad files give an error with the line and the key, never a crash.
#include <algorithm>
#include <catch2/catch.hpp>

#include <unistd.h>
#include <yaml-cpp/yaml.h>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

// toml++ configured as core/launch/parse_toml.cpp configures it (core/launch/toml_config.h: one set of its inline
// definitions in the binary).
#include "toml_config.h"

#include "capabilities.h"
#include "json.h"
#include "launch.h"
#include "pipeline.h"
#include "planner.h"
#include "stack.h"
#include "test_data.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace launch_test {

using namespace tp;

namespace {

// Chinese in the text (a CJK ideograph's UTF-8 lead byte).
bool HasCjk(const std::string& s) {
  for (unsigned char c : s)
    if (c >= 0xE4 && c <= 0xE9) return true;
  return false;
}

std::set<std::string> Keys(const std::string& format) {
  const JsonParseResult r = ParseJson(testing::ReadTestData("launch_keys/" + format + ".json"));
  REQUIRE(r.ok);
  std::set<std::string> keys;
  for (const JsonValue& k : r.value.Find("keys")->array) keys.insert(k.string);
  REQUIRE(keys.size() > 50);
  return keys;
}

std::string TempFile(const std::string& text, const char* ext) {
  static int n = 0;
  const auto path = std::filesystem::temp_directory_path() /
                    ("trainplan_launch_" + std::to_string(getpid()) + "_" + std::to_string(n++) + ext);
  std::ofstream(path) << text;
  return path.string();
}

// Runs Python (the build's interpreter, TRAINPLAN_PYTHON3: CMakeLists.txt) on a script and the file; its stdout
// lines, or a failed check.
std::vector<std::string> Python(const std::string& script, const std::string& text, const char* ext) {
  const std::string py = TempFile(script, ".py"), file = TempFile(text, ext), out = file + ".out";
  const int rc = std::system((std::string(TRAINPLAN_PYTHON3) + " " + py + " " + file + " > " + out + " 2>&1").c_str());
  std::ifstream in(out);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  INFO(text);
  for (const std::string& l : lines) INFO(l);
  CHECK(rc == 0);
  std::filesystem::remove(py), std::filesystem::remove(file), std::filesystem::remove(out);
  return lines;
}

// Every call's keyword arguments as "Callee.keyword" (Callee: the whole dotted name), read by Python's own parser.
const char* kPyKeywords = R"(import ast, sys
tree = ast.parse(open(sys.argv[1]).read())
def name(f):
    if isinstance(f, ast.Name): return f.id
    if isinstance(f, ast.Attribute): return name(f.value) + "." + f.attr
    return "?"
for node in ast.walk(tree):
    if isinstance(node, ast.Call):
        for kw in node.keywords:
            if kw.arg: print(name(node.func) + "." + kw.arg)
)";
// The shell's words: a backslash-newline is removed first, as sh does (shlex would keep the newline as a word).
const char* kShellWords = R"(import shlex, sys
for word in shlex.split(open(sys.argv[1]).read().replace("\\\n", ""), comments=True): print(word)
)";

void JsonPaths(const JsonValue& v, const std::string& prefix, std::vector<std::string>& out) {
  for (const JsonMember& m : v.object) {
    const std::string key = prefix.empty() ? m.key : prefix + "." + m.key;
    out.push_back(key);
    if (m.value.IsObject()) JsonPaths(m.value, key, out);
  }
}
void YamlPaths(const YAML::Node& n, const std::string& prefix, std::vector<std::string>& out) {
  for (const auto& kv : n) {
    const std::string key = prefix.empty() ? kv.first.Scalar() : prefix + "." + kv.first.Scalar();
    out.push_back(key);
    if (kv.second.IsMap()) YamlPaths(kv.second, key, out);
    if (kv.second.IsSequence())
      for (const YAML::Node& item : kv.second)
        if (item.IsMap()) YamlPaths(item, key + "[]", out);
  }
}
void TomlPaths(const toml::table& t, const std::string& prefix, std::vector<std::string>& out) {
  for (const auto& [k, v] : t) {
    const std::string key = prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
    out.push_back(key);
    if (const toml::table* sub = v.as_table()) TomlPaths(*sub, key, out);
  }
}

// The header's comment lines, without the mark.
std::vector<std::string> HeaderLines(const std::string& text, LaunchFormat f) {
  std::vector<std::string> lines;
  if (f == LaunchFormat::DeepSpeed) {
    const JsonParseResult r = ParseJson(text);
    if (const JsonValue* c = r.value.Find("_comment"))
      for (const JsonValue& l : c->array) lines.push_back(l.string);
    return lines;
  }
  std::istringstream in(text);
  for (std::string line; std::getline(in, line) && line.rfind("#", 0) == 0;)
    lines.push_back(line.substr(line.size() > 1 ? 2 : 1));
  return lines;
}

// Checks that `text` parses as its format's syntax and that every key it sets is in that framework's list;
// returns the keys.
std::vector<std::string> CheckEmittedKeys(LaunchFormat f, const std::string& text) {
  INFO(InfoOf(f).id << "\n" << text);
  std::vector<std::string> keys;
  std::set<std::string> allowed;
  switch (InfoOf(f).syntax) {
    case LaunchSyntax::Json: {
      const JsonParseResult r = ParseJson(text);
      REQUIRE(r.ok);
      JsonPaths(r.value, "", keys);
      allowed = Keys(InfoOf(f).id);
      allowed.insert({"_comment"});  // JSON has no comments: the header is this one key, ignored by DeepSpeed
      break;
    }
    case LaunchSyntax::Yaml: {
      YAML::Node root;
      REQUIRE_NOTHROW(root = YAML::Load(text));
      REQUIRE(root.IsMap());
      YamlPaths(root, "", keys);
      allowed = Keys(InfoOf(f).id);
      break;
    }
    case LaunchSyntax::Toml: {
      toml::parse_result t = toml::parse(text);
      REQUIRE(t);
      TomlPaths(t.table(), "", keys);
      allowed = Keys(InfoOf(f).id);
      break;
    }
    case LaunchSyntax::Args: {
      allowed = Keys(InfoOf(f).id);
      const std::vector<std::string> words = Python(kShellWords, text, ".txt");
      if (f == LaunchFormat::Openrlhf) {
        // One command: the launcher (ray job submit's own flags up to "--", or deepspeed --module), the entry
        // point, then its flags, each checked as "<entry point>:<flag>" (openrlhf.json).
        size_t at = 0;
        while (at < words.size() && words[at].rfind("openrlhf.cli.", 0) != 0) ++at;
        REQUIRE(at < words.size());
        const std::string cli = words[at].substr(std::string("openrlhf.cli.").size());
        const bool ray = cli == "train_ppo_ray";
        CHECK((ray || cli == "train_dpo" || cli == "train_sft"));
        CHECK(words[0] == (ray ? "ray" : "deepspeed"));
        if (ray) CHECK(words[at - 3] == "--");  // "-- python3 -m openrlhf.cli.train_ppo_ray"
        for (size_t i = at + 1; i < words.size(); ++i)
          if (words[i].rfind("--", 0) == 0) keys.push_back(cli + ":" + words[i]);
        break;
      }
      for (const std::string& w : words)
        if (w.rfind("--", 0) == 0) keys.push_back(w);
      break;
    }
    case LaunchSyntax::Python: {
      // The configs each script builds are checked against their framework's list; the calls that use
      // them (Trainer, SFTTrainer, peft's get_peft_model(model, config)) are code, not configuration.
      const std::set<std::string> hf = Keys("hf"), trl = Keys("trl"), unsloth = Keys("unsloth");
      // from_pretrained's keywords: the ones TRL v1.9.0 passes through SFTConfig.model_init_kwargs to it
      // (trl.json emit_notes: "where attn_implementation (flash attention), dtype and quantization_config go").
      const JsonParseResult trl_json = ParseJson(testing::ReadTestData("launch_keys/trl.json"));
      const std::string note =
          trl_json.value.Find("emit_notes")->Find("SFTConfig.model_init_kwargs")->StringOr("note", "");
      for (const std::string& k : Python(kPyKeywords, text, ".py")) {
        keys.push_back(k);
        const std::string callee = k.substr(0, k.find_last_of('.')), kw = k.substr(k.find_last_of('.') + 1);
        if (callee == "TrainingArguments" || callee == "LoraConfig" || callee == "BitsAndBytesConfig")
          allowed.insert(hf.count(k) ? k : "");
        if (callee == "SFTConfig" || callee == "GRPOConfig" || callee == "DPOConfig")
          allowed.insert(trl.count(k) ? k : "");
        if (callee.rfind("FastLanguageModel.", 0) == 0) allowed.insert(unsloth.count(k) ? k : "");
        if (callee == "AutoModelForCausalLM.from_pretrained" && note.find(kw) != std::string::npos) allowed.insert(k);
        if (callee == "Trainer" || callee == "SFTTrainer" || callee == "GRPOTrainer" || callee == "DPOTrainer")
          allowed.insert(k);  // the trainer's own constructor
      }
      break;
    }
  }
  REQUIRE(!keys.empty());
  for (const std::string& k : keys) {
    INFO("key " << k);
    CHECK(allowed.count(k) == 1);
  }
  // The header: the plan's link, its memory and speed, the release it targets.
  const std::vector<std::string> header = HeaderLines(text, f);
  REQUIRE(header.size() >= 8);
  std::string all;
  for (const std::string& l : header) all += l + "\n";
  CHECK(all.find("Plan: ") != std::string::npos);
  CHECK(all.find("#v=1") != std::string::npos);
  CHECK(all.find("Predicted memory per GPU") != std::string::npos);
  CHECK(all.find("tokens/s per GPU") != std::string::npos);
  CHECK(all.find(InfoOf(f).release) != std::string::npos);
  CHECK(all.find(std::string(InfoOf(f).commit).substr(0, 12)) != std::string::npos);
  return keys;
}

Config Cfg(std::initializer_list<std::pair<const char*, const char*>> pairs) {
  Config c;
  std::vector<ConfigIssue> issues;
  for (const auto& [k, v] : pairs) ApplyPair(c, k, v, issues);
  INFO((issues.empty() ? std::string() : FormatIssue(issues[0])));
  REQUIRE(issues.empty());
  return c;
}

// The plan of an import applied over `cfg` (the keys a user gives beside the file), which must plan.
PlanOutput PlanImported(Config cfg, const LaunchImport& imp) {
  std::vector<ConfigIssue> issues;
  ApplyLaunchImport(cfg, imp, issues);
  INFO((issues.empty() ? std::string() : FormatIssue(issues[0])));
  REQUIRE_FALSE(HasErrors(issues));
  PlanOutput o = MakePlan(cfg);
  REQUIRE(o.ok);
  return o;
}

// The import of `text`, which must read, as `format`.
LaunchImport ImportAs(const std::string& text, LaunchFormat format) {
  LaunchImport imp = ImportLaunch(text);
  INFO(testing::IssuesText(imp.issues));
  REQUIRE(imp.ok);
  CHECK(imp.format == format);
  return imp;
}

// An exported file without its header's comment lines (whose Plan link repeats every key of the plan).
std::string FileBody(const std::string& text) {
  std::string body;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("#", 0) != 0) body += line + "\n";
  return body;
}

// An issue of its kind (a notice, or an error) on `key` ("": any key) whose message holds `text`.
bool HasIssue(const std::vector<ConfigIssue>& issues, bool notice, const std::string& key, const std::string& text) {
  for (const ConfigIssue& i : issues)
    if (i.notice == notice && (key.empty() || i.key == key) && i.message.find(text) != std::string::npos) return true;
  return false;
}
bool ErrorNames(const std::vector<ConfigIssue>& issues, const std::string& key, const std::string& text) {
  return HasIssue(issues, false, key, text);
}

// Each of `wanted` ("model=qwen2.5-7b", ...) among the pairs an import took, as a whole word.
void CheckTook(const LaunchImport& imp, const std::vector<std::string>& wanted) {
  const std::string pairs = " " + LaunchPairsText(imp) + " ";
  INFO(pairs);
  for (const std::string& want : wanted) {
    INFO(want);
    CHECK(pairs.find(" " + want + " ") != std::string::npos);
  }
}
void CheckTook(const LaunchImport& imp, std::initializer_list<const char*> wanted) {
  CheckTook(imp, std::vector<std::string>(wanted.begin(), wanted.end()));
}

PlanOutput PlanFor(const Config& cfg, LaunchFormat f) {
  PlanOutput p = LaunchPlan(cfg, f);
  INFO(FormatLink(cfg) << (p.issues.empty() ? "" : "\n" + FormatIssue(p.issues[0])));
  REQUIRE(p.ok);
  return p;
}

const std::vector<Config>& Variety() {
  static const std::vector<Config> v = {
      Cfg({{"model", "llama3.1-8b"}, {"method", "lora"}, {"gpu", "a100-80g"}, {"gpus", "1"}, {"lora_targets", "attn"}}),
      Cfg({{"model", "llama3.1-8b"}, {"method", "qlora"}, {"gpu", "rtx4090"}, {"gpus", "1"}, {"seq", "2048"}}),
      Cfg({{"model", "llama3.1-8b"},
           {"gpu", "h100"},
           {"gpus", "8"},
           {"zero", "3"},
           {"offload", "cpu"},
           {"recompute", "full"}}),
      Cfg({{"model", "llama3.1-8b"}, {"gpu", "h100"}, {"gpus", "8"}, {"zero", "2"}, {"opt", "adamw8bit"}}),
      Cfg({{"model", "llama3-70b"}, {"gpu", "h100"}, {"gpus", "64"}, {"tokens", "1e11"}}),
      Cfg({{"model", "llama3-70b"},
           {"gpu", "h100"},
           {"gpus", "64"},
           {"tp", "8"},
           {"pp", "2"},
           {"vp", "2"},
           {"prec", "fp8"},
           {"recompute", "selective"}}),
      Cfg({{"model", "mixtral-8x7b"}, {"gpu", "h100"}, {"gpus", "64"}, {"ep", "8"}, {"tp", "1"}}),
      Cfg({{"model", "deepseek-v3"}, {"gpu", "h100"}, {"gpus", "1024"}, {"tokens", "1e12"}}),
      Cfg({{"model", "qwen2.5-7b"}, {"method", "lora"}, {"lora_targets", "qv"}, {"gpus", "2"}, {"prec", "fp16"}}),
      Cfg({{"model", "phi3-mini"}, {"method", "lora"}, {"lora_targets", "qv"}, {"gpus", "1"}, {"flash", "0"}}),
      Cfg({{"model", "llama2-7b"}, {"gpus", "8"}, {"zero", "3"}, {"offload", "nvme"}, {"opt", "sgd"}}),
      Cfg({{"model", "qwen3-8b"}, {"gpu", "h100"}, {"gpus", "16"}, {"cp", "2"}, {"tp", "2"}}),
      // RL goals (issue #32): TRL and verl write them, the other formats refuse the goal.
      Cfg({{"model", "qwen2.5-7b"}, {"gpu", "h100"}, {"gpus", "8"}, {"goal", "grpo"}}),
      Cfg({{"model", "qwen2.5-7b"}, {"gpu", "h100"}, {"gpus", "8"}, {"goal", "grpo"}, {"method", "lora"}}),
      Cfg({{"model", "llama3.1-8b"}, {"gpu", "h100"}, {"gpus", "16"}, {"goal", "ppo"}, {"offload", "cpu"}}),
      Cfg({{"model", "qwen3-30b-a3b"},
           {"gpu", "h100"},
           {"gpus", "32"},
           {"goal", "grpo"},
           {"stack", "megatron"},
           {"ep", "8"},
           {"rl_reward", "qwen2.5-7b"}}),
      // Split pools, one step off, a reward model; DPO with QLoRA (OpenRLHF's train_ppo_ray and train_dpo).
      Cfg({{"model", "llama3.1-8b"},
           {"gpu", "h100"},
           {"gpus", "16"},
           {"goal", "ppo"},
           {"rl_colocate", "0"},
           {"rl_async", "1"},
           {"rl_reward", "llama3.1-8b"}}),
      Cfg({{"model", "qwen2.5-7b"}, {"gpu", "h100"}, {"gpus", "4"}, {"goal", "dpo"}, {"method", "qlora"}}),
  };
  return v;
}

}  // namespace

TEST_CASE("launch formats: the table's releases and commits are those the key lists were read at", "[launch]") {
  REQUIRE(LaunchFormats().size() == 11);
  for (const LaunchFormatInfo& f : LaunchFormats()) {
    INFO(f.id);
    const JsonParseResult r = ParseJson(testing::ReadTestData(std::string("launch_keys/") + f.id + ".json"));
    REQUIRE(r.ok);
    CHECK(r.value.StringOr("format", "") == f.id);
    CHECK(r.value.StringOr("commit", "") == f.commit);
    CHECK(FindLaunchFormat(f.id) == &f);
    CHECK(FindStack(f.stack) != nullptr);
  }
  CHECK(FindLaunchFormat("nonsense") == nullptr);
}

TEST_CASE("launch export: every emitted key is one the framework accepts, and every file parses", "[launch]") {
  for (const LaunchFormatInfo& f : LaunchFormats()) {
    int exported = 0;
    for (const Config& cfg : Variety()) {
      const PlanOutput plan = LaunchPlan(cfg, f.format);
      if (!plan.ok) continue;  // a key the format's stack refuses (selective recomputation for the Trainer)
      const LaunchExport ex = ExportLaunch(plan, f.format, "https://example.org/trainplan/" + FormatLink(plan.config));
      if (!ex.ok) continue;  // refused: the rule-table cases below
      ++exported;
      const std::vector<std::string> keys = CheckEmittedKeys(f.format, ex.text);
      if (f.format == LaunchFormat::DeepSpeed) {
        // The Trainer arguments that go with ds_config.json (the header's launch line) are TrainingArguments.
        const std::set<std::string> hf = Keys("hf");
        for (const std::string& line : HeaderLines(ex.text, f.format))
          if (line.rfind("Launch: ", 0) == 0) {
            std::istringstream words(line.substr(line.find("train.py")));
            int flags = 0;
            for (std::string w; words >> w;)
              if (w.rfind("--", 0) == 0) {
                INFO(w);
                CHECK(hf.count("TrainingArguments." + w.substr(2)) == 1);
                ++flags;
              }
            CHECK(flags >= 4);
          }
      }
    }
    INFO(f.id);
    CHECK(exported >= 3);
  }
}

namespace {

// What a plan decided, field by field: two plans with the same signature and the same numbers are the same plan.
std::string Signature(const PlanOutput& p) {
  const Workload& w = p.job.work;
  const Layout& l = p.plan.layout;
  std::ostringstream s;
  s << "stack=" << StackOf(p.job).id << " gpus=" << p.job.hw.gpus << " layers=" << p.job.model.layers
    << " hidden=" << p.job.model.hidden << " seq=" << w.seq << " gbs=" << p.plan.global_batch
    << " method=" << Name(w.method) << " r=" << w.lora_r << " targets=" << int(w.lora_targets)
    << " lora_dropout=" << w.lora_dropout << " prec=" << Name(w.prec) << " opt=" << Name(w.opt) << " flash=" << w.flash
    << " offload_act=" << w.offload_checkpoints << " in_bwd=" << w.optimizer_in_backward
    << " pp_mb=" << w.pp_microbatches << " dropout=" << w.dropout << " tp=" << l.tp << " pp=" << l.pp << " vp=" << l.vp
    << " cp=" << l.cp << " ep=" << l.ep << " dp=" << l.dp << " mbs=" << l.mbs << " zero=" << l.zero
    << " dp_shard=" << w.dp_shard << " recompute=" << Name(l.recompute) << " offload=" << Name(l.offload)
    << " sp=" << l.sp << " schedule=" << (l.pp > 1 ? Name(ScheduleOf(l)) : "none")
    << " cp_comm=" << (l.cp > 1 ? Name(w.cp_comm) : "-")
    << " fp8=" << (w.prec == Precision::Fp8 ? Name(w.fp8_recipe) : "-") << " fp8_params=" << w.fp8_params
    << " tp_overlap=" << w.tp_overlap << " compiled=" << w.compiled << " ep_dedup=" << p.job.assume.ep_dedup
    << " moe_a2a_overlap=" << p.job.assume.moe_a2a_overlap << " capacity=" << p.job.assume.moe_capacity
    << " pad=" << p.job.assume.moe_pad << " full_graphs=" << p.job.assume.full_graphs;
  return s.str();
}

struct RoundTrip {
  LaunchFormat format;
  std::vector<std::pair<const char*, const char*>> plan;   // the configuration exported
  std::vector<std::pair<const char*, const char*>> given;  // what the file does not carry, given again on import
};

}  // namespace

TEST_CASE("launch round trip: export then import gives the same plan, for every format", "[launch]") {
  using F = LaunchFormat;
  const std::vector<RoundTrip> cases = {
      {F::DeepSpeed,
       {{"model", "llama3.1-8b"},
        {"gpu", "h100"},
        {"gpus", "8"},
        {"mbs", "2"},
        {"gbs", "64"},
        {"zero", "3"},
        {"offload", "cpu"},
        {"recompute", "full"},
        {"opt", "adamw"},
        {"goal", "finetune"}},
       {{"model", "llama3.1-8b"}, {"gpu", "h100"}, {"recompute", "full"}, {"goal", "finetune"}}},
      {F::DeepSpeed,
       {{"model", "llama2-7b"}, {"gpus", "16"}, {"mbs", "1"}, {"gbs", "128"}, {"zero", "1"}, {"prec", "fp16"}},
       {{"model", "llama2-7b"}, {"recompute", "auto"}}},
      {F::Hf,
       {{"model", "llama3.1-8b"},
        {"method", "qlora"},
        {"lora_r", "32"},
        {"lora_dropout", "0.05"},
        {"lora_targets", "attn"},
        {"seq", "4096"},
        {"gpu", "a100-80g"},
        {"gpus", "1"},
        {"mbs", "4"},
        {"gbs", "32"},
        {"opt", "paged_adamw8bit"},
        {"recompute", "full"},
        {"tokens", "1.31072e8"}},
       {{"gpu", "a100-80g"}, {"gpus", "1"}}},
      {F::Hf,
       {{"model", "qwen2.5-7b"},
        {"gpus", "8"},
        {"mbs", "2"},
        {"gbs", "64"},
        {"zero", "3"},
        {"offload", "cpu"},
        {"recompute", "none"},
        {"flash", "0"},
        {"seq", "2048"},
        {"goal", "finetune"},
        {"tokens", "1.31072e9"}},
       {{"gpus", "8"}, {"goal", "finetune"}}},
      // torch.compile, which the plan's saved tensors and speed follow, in each format that has the switch.
      {F::Torchtune,
       {{"model", "llama3.1-8b"},
        {"method", "lora"},
        {"gpu", "rtx4090"},
        {"gpus", "1"},
        {"mbs", "2"},
        {"gbs", "16"},
        {"recompute", "full"},
        {"compile", "1"}},
       {{"gpu", "rtx4090"}, {"gpus", "1"}}},
      {F::Axolotl,
       {{"model", "llama3.1-8b"},
        {"method", "lora"},
        {"gpu", "a100-80g"},
        {"gpus", "1"},
        {"mbs", "2"},
        {"gbs", "16"},
        {"recompute", "full"},
        {"compile", "1"},
        {"tokens", "6.5536e7"}},
       {{"gpu", "a100-80g"}, {"gpus", "1"}}},
      // LoRA on a mixture of experts' attention and shared expert only (lora_targets=dense), by module path.
      {F::Axolotl,
       {{"model", "qwen1.5-moe-a2.7b"},
        {"method", "lora"},
        {"lora_targets", "dense"},
        {"gpu", "h100"},
        {"gpus", "8"},
        {"mbs", "2"},
        {"gbs", "32"}},
       {{"gpu", "h100"}, {"gpus", "8"}}},
      {F::Trl,
       {{"model", "llama4-scout"},
        {"method", "qlora"},
        {"lora_targets", "dense"},
        {"gpu", "h100"},
        {"gpus", "8"},
        {"mbs", "1"},
        {"gbs", "16"}},
       {{"gpu", "h100"}, {"gpus", "8"}}},
      // The fused loss the best settings write (logit_bytes): use_liger_kernel / enable_liger_kernel and back.
      {F::Hf,
       {{"model", "llama3.1-8b"},
        {"method", "qlora"},
        {"gpu", "rtx4090"},
        {"gpus", "1"},
        {"mbs", "1"},
        {"gbs", "8"},
        {"seq", "8192"},
        {"recompute", "full"},
        {"logit_bytes", "0.192"},
        {"compile", "1"},
        {"tokens", "6.5536e7"}},
       {{"gpu", "rtx4090"}, {"gpus", "1"}}},
      {F::LlamaFactory,
       {{"model", "llama3.1-8b"},
        {"method", "qlora"},
        {"gpu", "rtx4090"},
        {"gpus", "1"},
        {"mbs", "1"},
        {"gbs", "8"},
        {"seq", "8192"},
        {"recompute", "full"},
        {"logit_bytes", "0.192"},
        {"tokens", "6.5536e7"}},
       {{"gpu", "rtx4090"}, {"gpus", "1"}}},
      {F::Trl,
       {{"model", "mistral-7b"},
        {"method", "lora"},
        {"lora_r", "8"},
        {"gpus", "4"},
        {"mbs", "2"},
        {"gbs", "32"},
        {"zero", "2"},
        {"seq", "1024"},
        {"lora_targets", "all"},
        {"recompute", "full"},
        {"tokens", "3.2768e8"}},
       {{"gpus", "4"}}},
      // TRL's GRPOTrainer and DPOTrainer scripts read back: GRPOConfig's generations, completion cap, vLLM colocated
      // or a server, its memory fraction, the reference (beta), steps_per_generation as the RL step's optimizer
      // steps and prompts; DPOConfig's batch in pairs. The GPUs given again, as for a user's own script.
      {F::Trl,
       {{"model", "qwen2.5-7b"},
        {"gpu", "h100"},
        {"gpus", "8"},
        {"goal", "grpo"},
        {"method", "lora"},
        {"rl_samples", "4"},
        {"rl_ref", "0"},
        {"rl_kv_frac", "0.6"},
        {"zero", "2"}},
       {{"gpu", "h100"}, {"gpus", "8"}}},
      {F::Trl,
       {{"model", "qwen2.5-7b"},
        {"gpu", "h100"},
        {"gpus", "16"},
        {"goal", "grpo"},
        {"rl_colocate", "0"},
        {"rl_max_response_len", "1024"},
        {"zero", "2"}},
       {{"gpu", "h100"}, {"gpus", "16"}}},
      {F::Trl,
       {{"model", "llama3.1-8b"}, {"gpu", "h100"}, {"gpus", "8"}, {"goal", "dpo"}, {"mbs", "4"}},
       {{"gpu", "h100"}, {"gpus", "8"}}},
      {F::LlamaFactory,
       {{"model", "llama3.1-8b"}, {"gpu", "h100"}, {"gpus", "8"}, {"goal", "dpo"}, {"mbs", "4"}, {"rl_prompts", "32"}},
       {{"gpu", "h100"}, {"gpus", "8"}}},
      {F::Torchtune,
       {{"model", "llama3.1-8b"},
        {"method", "lora"},
        {"lora_r", "16"},
        {"lora_targets", "all"},
        {"gpus", "2"},
        {"mbs", "2"},
        {"gbs", "32"},
        {"seq", "2048"},
        {"recompute", "full"},
        {"zero", "3"}},
       {{"gpus", "2"}}},
      {F::Torchtune,
       {{"model", "llama3.2-3b"},
        {"method", "qlora"},
        {"gpus", "1"},
        {"mbs", "4"},
        {"gbs", "16"},
        {"seq", "4096"},
        {"recompute", "none"},
        {"lora_targets", "qv"}},
       {{"gpus", "1"}}},
      {F::Axolotl,
       {{"model", "qwen2.5-7b"},
        {"method", "lora"},
        {"lora_r", "64"},
        {"gpus", "8"},
        {"tp", "2"},
        {"cp", "2"},
        {"mbs", "1"},
        {"gbs", "16"},
        {"zero", "3"},
        {"seq", "8192"},
        {"recompute", "full"},
        {"lora_targets", "all"},
        {"tokens", "1.31072e8"}},
       {{"gpus", "8"}}},
      {F::LlamaFactory,
       {{"model", "mistral-7b"},
        {"method", "qlora"},
        {"gpus", "1"},
        {"mbs", "2"},
        {"gbs", "16"},
        {"recompute", "none"},
        {"flash", "0"},
        {"seq", "1024"},
        {"lora_targets", "qv"},
        {"tokens", "1.6384e7"}},
       {{"gpus", "1"}}},
      {F::LlamaFactory,
       {{"model", "llama3.1-8b"},
        {"gpus", "8"},
        {"mbs", "1"},
        {"gbs", "64"},
        {"zero", "3"},
        {"offload", "cpu"},
        {"recompute", "full"},
        {"goal", "finetune"},
        {"prec", "bf16"}},
       {{"gpus", "8"}}},
      {F::Unsloth,
       {{"model", "llama3.1-8b"},
        {"method", "qlora"},
        {"gpus", "1"},
        {"gpu", "rtx4090"},
        {"mbs", "2"},
        {"gbs", "8"},
        {"seq", "2048"},
        {"recompute", "full"},
        {"opt", "adamw8bit"},
        {"tokens", "1.6384e6"}},
       {{"gpus", "1"}, {"gpu", "rtx4090"}}},
      {F::Torchtitan,
       {{"model", "llama3-70b"},
        {"gpu", "h100"},
        {"gpus", "64"},
        {"tp", "8"},
        {"pp", "2"},
        {"vp", "4"},
        {"cp", "1"},
        {"ep", "1"},
        {"mbs", "1"},
        {"gbs", "256"},
        {"zero", "3"},
        {"recompute", "selective"},
        {"tokens", "1.048576e11"}},
       {{"gpu", "h100"}}},
      // Sharded over the context-parallel ranks alone: data_parallel_shard_degree 1, which torchtitan still shards
      // with FSDP (parallel_dims.py fsdp_enabled: dp_shard or cp); read back as ZeRO-3, its CPU offload accepted.
      {F::Torchtitan,
       {{"model", "llama3-8b"},
        {"gpu", "a100-40g"},
        {"gpus", "2"},
        {"tp", "1"},
        {"pp", "1"},
        {"cp", "2"},
        {"ep", "1"},
        {"mbs", "4"},
        {"gbs", "512"},
        {"zero", "3"},
        {"offload", "cpu"},
        {"recompute", "selective"},
        {"tokens", "1.048576e10"}},
       {{"gpu", "a100-40g"}}},
      // torchtitan's V schedules (two stages per rank) by their torch.distributed.pipelining names; DualPipeV's
      // expert-parallel overlap written off with recomputation, as planned.
      {F::Torchtitan,
       {{"model", "llama3-70b"},
        {"gpu", "h100"},
        {"gpus", "64"},
        {"tp", "8"},
        {"pp", "4"},
        {"pp_schedule", "zbv"},
        {"cp", "1"},
        {"ep", "1"},
        {"mbs", "1"},
        {"gbs", "256"},
        {"zero", "3"},
        {"recompute", "full"},
        {"stack_year", "2025"},
        {"tokens", "1.048576e11"}},
       {{"gpu", "h100"}, {"stack_year", "2025"}}},
      {F::Torchtitan,
       {{"model", "qwen3-30b-a3b"},
        {"gpu", "h100"},
        {"gpus", "32"},
        {"tp", "1"},
        {"pp", "4"},
        {"pp_schedule", "dualpipev"},
        {"cp", "1"},
        {"ep", "8"},
        {"mbs", "1"},
        {"gbs", "256"},
        {"zero", "3"},
        {"recompute", "full"},
        {"stack_year", "2026"},
        {"seq", "4096"}},
       {{"gpu", "h100"}, {"stack_year", "2026"}}},
      // Async tensor parallelism (tp_overlap), which torchtitan runs under torch.compile.
      {F::Torchtitan,
       {{"model", "llama3-70b"},
        {"gpu", "h100"},
        {"gpus", "64"},
        {"tp", "8"},
        {"sp", "1"},
        {"tp_overlap", "1"},
        {"compile", "1"},
        {"pp", "1"},
        {"cp", "1"},
        {"mbs", "1"},
        {"gbs", "64"},
        {"zero", "3"},
        {"recompute", "full"},
        {"stack_year", "2025"},
        {"tokens", "1e10"}},
       {{"gpu", "h100"}, {"stack_year", "2025"}}},
      {F::Torchtitan,
       {{"model", "qwen3-8b"},
        {"gpu", "h100"},
        {"gpus", "16"},
        {"tp", "2"},
        {"cp", "2"},
        {"pp", "1"},
        {"mbs", "2"},
        {"gbs", "64"},
        {"zero", "2"},
        {"recompute", "full"},
        {"prec", "fp8"},
        {"seq", "8192"}},
       {{"gpu", "h100"}}},
      // The settings Megatron-LM's arguments carry besides the layout: MXFP8 with FP8 weights, tensor-parallel overlap,
      // Ulysses context parallelism, the flex (DeepEP) dispatcher.
      {F::Megatron,
       {{"model", "mixtral-8x7b"},
        {"gpu", "b200"},
        {"gpus", "64"},
        {"prec", "fp8"},
        {"fp8_recipe", "mxfp8"},
        {"fp8_params", "1"},
        {"tp", "2"},
        {"sp", "1"},
        {"tp_overlap", "1"},
        {"cp", "2"},
        {"cp_comm", "a2a"},
        {"ep", "4"},
        {"ep_dedup", "1"},
        {"pp", "1"},
        {"mbs", "1"},
        {"gbs", "128"},
        {"zero", "1"},
        {"recompute", "selective"},
        {"seq", "8192"},
        {"tokens", "1e10"}},
       {{"gpu", "b200"}, {"gpus", "64"}, {"model", "mixtral-8x7b"}, {"tokens", "1e10"}}},
      // Token dropping at a capacity with padding (static shapes: full-iteration CUDA graphs on auto).
      {F::Megatron,
       {{"model", "qwen3-30b-a3b"},
        {"gpu", "b200"},
        {"gpus", "8"},
        {"tp", "1"},
        {"pp", "1"},
        {"cp", "1"},
        {"ep", "8"},
        {"mbs", "1"},
        {"gbs", "256"},
        {"zero", "1"},
        {"recompute", "none"},
        {"moe_capacity", "1"},
        {"moe_pad", "1"},
        {"seq", "4096"},
        {"tokens", "1e10"}},
       {{"gpu", "b200"}, {"gpus", "8"}, {"model", "qwen3-30b-a3b"}, {"tokens", "1e10"}}},
      // A split no even rule gives (80 layers over PP 6 x VP 2): the plan's own, as --pipeline-model-parallel-layout.
      {F::Megatron,
       {{"model", "llama3-70b"},
        {"gpu", "h100"},
        {"gpus", "96"},
        {"tp", "8"},
        {"pp", "6"},
        {"vp", "2"},
        {"cp", "1"},
        {"ep", "1"},
        {"mbs", "1"},
        {"gbs", "48"},
        {"zero", "1"},
        {"recompute", "selective"},
        {"tokens", "1e10"}},
       {{"gpu", "h100"}, {"gpus", "96"}, {"model", "llama3-70b"}, {"tokens", "1e10"}}},
      // Dropless with full-iteration CUDA graphs (Megatron-Bridge's 26.06 GB200 recipes).
      {F::Megatron,
       {{"model", "qwen3-30b-a3b"},
        {"gpu", "b200"},
        {"gpus", "8"},
        {"tp", "1"},
        {"pp", "1"},
        {"cp", "1"},
        {"ep", "8"},
        {"mbs", "2"},
        {"gbs", "256"},
        {"zero", "1"},
        {"recompute", "none"},
        {"full_graphs", "1"},
        {"seq", "4096"},
        {"tokens", "1e10"}},
       {{"gpu", "b200"}, {"gpus", "8"}, {"model", "qwen3-30b-a3b"}, {"tokens", "1e10"}}},
      // Megatron-Core's expert all-to-all overlap, and 94 layers over PP 8 x VP 4 with the embedding and the loss
      // counted as layers (Megatron-Bridge's Qwen3-235B-A22B recipe).
      {F::Megatron,
       {{"model", "qwen3-235b-a22b"},
        {"gpu", "h100"},
        {"gpus", "256"},
        {"tp", "2"},
        {"pp", "8"},
        {"vp", "4"},
        {"cp", "1"},
        {"ep", "16"},
        {"mbs", "1"},
        {"gbs", "512"},
        {"zero", "1"},
        {"recompute", "none"},
        {"moe_a2a_overlap", "1"},
        {"seq", "4096"},
        {"tokens", "1e10"}},
       {{"gpu", "h100"}, {"gpus", "256"}, {"model", "qwen3-235b-a22b"}, {"tokens", "1e10"}}},
      {F::Megatron,
       {{"model", "llama3-70b"},
        {"gpu", "h100"},
        {"gpus", "64"},
        {"tp", "8"},
        {"pp", "4"},
        {"vp", "5"},
        {"cp", "1"},
        {"ep", "1"},
        {"sp", "1"},
        {"zero", "1"},
        {"mbs", "1"},
        {"gbs", "512"},
        {"recompute", "selective"},
        {"tokens", "1.073741824e11"}},
       {{"gpu", "h100"}, {"gpus", "64"}}},
      {F::Megatron,
       {{"model", "mixtral-8x7b"},
        {"gpu", "h100"},
        {"gpus", "64"},
        {"tp", "2"},
        {"pp", "1"},
        {"cp", "1"},
        {"ep", "8"},
        {"zero", "3"},
        {"mbs", "1"},
        {"gbs", "256"},
        {"recompute", "full"},
        {"prec", "fp8"},
        {"seq", "4096"}},
       {{"gpu", "h100"}, {"gpus", "64"}}},
      // Megatron's recompute_modules: the experts' activation beside core_attn, and MLA's up-projections alone
      // (selective granularity without core_attn, which the plan reads back as its selective).
      {F::Megatron,
       {{"model", "qwen3-30b-a3b"},
        {"gpu", "h100"},
        {"gpus", "16"},
        {"tp", "1"},
        {"pp", "2"},
        {"cp", "1"},
        {"ep", "8"},
        {"zero", "1"},
        {"mbs", "2"},
        {"gbs", "512"},
        {"recompute", "selective"},
        {"recompute_moe_act", "1"},
        {"seq", "4096"},
        {"tokens", "1e10"}},
       {{"gpu", "h100"}, {"gpus", "16"}, {"model", "qwen3-30b-a3b"}, {"tokens", "1e10"}}},
      {F::Megatron,
       {{"model", "deepseek-v3"},
        {"gpu", "h100"},
        {"gpus", "1024"},
        {"tp", "2"},
        {"pp", "8"},
        {"cp", "1"},
        {"ep", "64"},
        {"zero", "1"},
        {"mbs", "1"},
        {"gbs", "8192"},
        {"recompute", "selective"},
        {"recompute_mla_up", "1"},
        {"recompute_moe_act", "1"},
        {"seq", "4096"},
        {"tokens", "1e10"}},
       {{"gpu", "h100"}, {"gpus", "1024"}, {"model", "deepseek-v3"}, {"tokens", "1e10"}}},
      {F::Megatron,  // a model from its dimensions alone: Megatron's arguments carry them
       {{"model", "custom"},
        {"layers", "24"},
        {"hidden", "2048"},
        {"heads", "16"},
        {"kv_heads", "4"},
        {"ffn", "5632"},
        {"vocab", "32000"},
        {"act", "swiglu"},
        {"tied", "0"},
        {"gpus", "8"},
        {"tp", "2"},
        {"pp", "1"},
        {"cp", "1"},
        {"ep", "1"},
        {"mbs", "4"},
        {"gbs", "128"},
        {"zero", "0"},
        {"recompute", "none"},
        {"flash", "0"}},
       {{"gpus", "8"}}},
      {F::Verl,
       {{"model", "qwen2.5-7b"},
        {"gpu", "h100"},
        {"gpus", "16"},
        {"goal", "grpo"},
        {"rl_prompts", "512"},
        {"rl_samples", "8"},
        {"rl_prompt_len", "256"},
        {"rl_max_response_len", "4096"},
        {"rl_response_len", "1500"},
        {"rl_updates", "4"},
        {"rl_kv_frac", "0.6"},
        {"rl_rollout_tp", "2"},
        {"rl_max_seqs", "256"},
        {"rl_gen_prec", "fp8"},  // rollout.quantization: fp8
        {"mbs", "2"},
        {"rl_logprob_mbs", "8"},  // the log-probability passes' own (rollout and ref log_prob_micro_batch_size_per_gpu)
        {"zero", "3"},
        {"recompute", "full"}},
       {{"gpu", "h100"}, {"rl_response_len", "1500"}}},
      // ZeRO-2 on verl's FSDP actor: fsdp_config.reshard_after_forward false (SHARD_GRAD_OP), written and read back.
      {F::Verl,
       {{"model", "qwen2.5-7b"},
        {"gpu", "h100"},
        {"gpus", "16"},
        {"goal", "grpo"},
        {"rl_prompts", "256"},
        {"rl_samples", "8"},
        {"rl_prompt_len", "256"},
        {"rl_max_response_len", "2048"},
        {"rl_response_len", "800"},
        {"rl_updates", "4"},
        {"rl_rollout_tp", "1"},
        {"mbs", "2"},
        {"zero", "2"},
        {"recompute", "full"}},
       {{"gpu", "h100"}, {"rl_response_len", "800"}}},
      // Token budgets (rl_mb_tokens): verl's dynamic batches, per GPU of the Ulysses group of 2, written and read back.
      {F::Verl,
       {{"model", "qwen2.5-7b"},
        {"gpu", "h100"},
        {"gpus", "16"},
        {"goal", "grpo"},
        {"rl_prompts", "512"},
        {"rl_samples", "8"},
        {"rl_prompt_len", "256"},
        {"rl_max_response_len", "4096"},
        {"rl_response_len", "1500"},
        {"rl_updates", "4"},
        {"rl_rollout_tp", "2"},
        {"rl_mb_tokens", "24576"},
        {"rl_logprob_mb_tokens", "32768"},
        {"cp", "2"},
        {"zero", "3"},
        {"recompute", "full"}},
       {{"gpu", "h100"}, {"rl_response_len", "1500"}}},
      {F::Verl,
       {{"model", "llama3.1-8b"},
        {"gpu", "h100"},
        {"gpus", "32"},
        {"goal", "ppo"},
        {"stack", "megatron"},
        {"tp", "2"},
        {"pp", "2"},
        {"cp", "1"},
        {"ep", "1"},
        {"zero", "1"},
        {"mbs", "1"},
        {"rl_prompts", "256"},
        {"rl_max_response_len", "2048"},
        {"rl_updates", "2"},
        {"rl_ref", "1"},
        {"rl_engine", "sglang"},
        {"rl_kv_frac", "0.5"},
        {"recompute", "none"},
        {"rl_reward", "llama3.1-8b"},
        {"rl_steps", "300"}},
       {{"gpu", "h100"}, {"zero", "1"}, {"rl_prompt_len", "512"}}},
      // OpenRLHF: GRPO colocated with LoRA; PPO on split pools, one step off, a reward model, offload; DPO.
      {F::Openrlhf,
       {{"model", "qwen2.5-7b"},
        {"gpu", "h100"},
        {"gpus", "8"},
        {"goal", "grpo"},
        {"method", "lora"},
        {"lora_r", "32"},
        {"lora_targets", "attn"},
        {"rl_prompts", "256"},
        {"rl_samples", "8"},
        {"rl_prompt_len", "256"},
        {"rl_max_response_len", "2048"},
        {"rl_response_len", "700"},
        {"rl_updates", "2"},
        {"rl_kv_frac", "0.6"},
        {"rl_rollout_tp", "2"},
        {"rl_ref", "0"},
        {"rl_steps", "200"},
        {"mbs", "4"},
        {"zero", "2"},
        {"recompute", "full"}},
       {{"gpu", "h100"}, {"rl_response_len", "700"}}},
      // OpenRLHF's dynamic batches, per GPU of the tensor-parallel group of 2.
      {F::Openrlhf,
       {{"model", "qwen2.5-7b"},
        {"gpu", "h100"},
        {"gpus", "8"},
        {"goal", "grpo"},
        {"rl_prompts", "128"},
        {"rl_samples", "8"},
        {"rl_prompt_len", "256"},
        {"rl_max_response_len", "2048"},
        {"rl_response_len", "700"},
        {"rl_updates", "2"},
        {"rl_mb_tokens", "16384"},
        {"tp", "2"},
        {"cp", "1"},
        {"zero", "3"},
        {"recompute", "full"}},
       {{"gpu", "h100"}, {"rl_response_len", "700"}}},
      {F::Openrlhf,
       {{"model", "llama3.1-8b"},
        {"gpu", "h100"},
        {"gpus", "32"},
        {"goal", "ppo"},
        {"rl_colocate", "0"},
        {"rl_rollout_gpus", "8"},
        {"rl_async", "1"},
        {"rl_prompts", "512"},
        {"rl_max_response_len", "1024"},
        {"rl_updates", "4"},
        {"rl_reward", "llama3.1-8b"},
        {"mbs", "2"},
        {"zero", "3"},
        {"offload", "cpu"},
        {"recompute", "full"},
        {"tp", "1"},
        {"cp", "1"}},
       {{"gpu", "h100"}, {"rl_prompt_len", "512"}}},
      {F::Openrlhf,
       {{"model", "qwen2.5-7b"},
        {"gpu", "h100"},
        {"gpus", "8"},
        {"goal", "dpo"},
        {"rl_prompts", "64"},
        {"rl_prompt_len", "400"},
        {"rl_response_len", "300"},
        {"rl_max_response_len", "600"},
        {"mbs", "4"},
        {"zero", "3"},
        {"recompute", "full"},
        {"tp", "1"},
        {"cp", "1"}},
       {{"gpu", "h100"},
        {"gpus", "8"},
        {"rl_prompt_len", "400"},
        {"rl_response_len", "300"},
        {"rl_max_response_len", "600"}}},
  };
  std::set<LaunchFormat> covered;
  for (const RoundTrip& rt : cases) {
    Config cfg;
    std::vector<ConfigIssue> issues;
    for (const auto& [k, v] : rt.plan) ApplyPair(cfg, k, v, issues);
    REQUIRE(issues.empty());
    const PlanOutput before = PlanFor(cfg, rt.format);
    const LaunchExport ex = ExportLaunch(before, rt.format);
    INFO(InfoOf(rt.format).id << " " << FormatLink(before.config) << "\n" << ex.text);
    INFO(testing::IssuesText(ex.issues));
    REQUIRE(ex.ok);
    LaunchFormat detected;
    REQUIRE(DetectLaunchFormat(ex.text, detected));
    CHECK(detected == rt.format);
    const LaunchImport imp = ImportLaunch(ex.text);
    INFO(testing::IssuesText(imp.issues));
    REQUIRE(imp.ok);
    CHECK(imp.format == rt.format);
    Config back;
    for (const auto& [k, v] : rt.given) ApplyPair(back, k, v, issues);
    ApplyLaunchImport(back, imp, issues);
    INFO(testing::IssuesText(issues));
    REQUIRE(!HasErrors(issues));
    const PlanOutput after = MakePlan(back);
    INFO(LaunchPairsText(imp) << "\n" << FormatLink(back));
    REQUIRE(after.ok);
    CHECK(Signature(after) == Signature(before));
    CHECK(after.plan.memory.total == before.plan.memory.total);
    CHECK(after.plan.step.seconds == before.plan.step.seconds);
    CHECK(after.plan.rl.step_seconds == before.plan.rl.step_seconds);  // an RL plan's whole step (verl)
    covered.insert(rt.format);
  }
  CHECK(covered.size() == LaunchFormats().size());
}

TEST_CASE("launch rules: refusals name the key and the reason, notes say what a file drops", "[launch]") {
  using F = LaunchFormat;
  auto refusal = [](F f, Config cfg, const char* key) {
    const PlanOutput plan = LaunchPlan(cfg, f);
    REQUIRE(plan.ok);
    const LaunchExport ex = ExportLaunch(plan, f);
    INFO(InfoOf(f).id << " " << key);
    CHECK_FALSE(ex.ok);
    CHECK(ex.text.empty());
    REQUIRE(HasErrors(ex.issues));
    bool named = false;
    for (const ConfigIssue& i : ex.issues) named |= !i.notice && i.key == key;
    CHECK(named);
    return FormatIssue(ex.issues[0]);
  };
  // Tensor parallelism: DeepSpeed alone, the Trainer.
  const std::string ds = refusal(F::DeepSpeed, Cfg({{"model", "llama3-70b"}, {"gpus", "64"}, {"tp", "8"}}), "tp");
  CHECK(ds.find("DeepSpeed cannot express tp > 1") != std::string::npos);
  CHECK(
      refusal(F::Hf, Cfg({{"model", "llama3-70b"}, {"gpus", "64"}, {"tp", "8"}}), "tp").find("data parallelism only") !=
      std::string::npos);
  // QLoRA for Megatron, LoRA for torchtitan, sharding for Unsloth, FP8 for the Trainer, a builder torchtune lacks.
  {  // QLoRA for Megatron: the plan itself refuses it (the stack's capability table), naming the key
    const PlanOutput plan =
        LaunchPlan(Cfg({{"model", "llama3.1-8b"}, {"method", "qlora"}, {"gpus", "1"}}), F::Megatron);
    CHECK_FALSE(plan.ok);
    bool named = false;
    for (const ConfigIssue& i : plan.issues) named |= i.key == "method" && i.message.find("QLoRA") != std::string::npos;
    CHECK(named);
  }
  refusal(F::Torchtitan, Cfg({{"model", "llama3.1-8b"}, {"method", "lora"}, {"gpus", "8"}}), "method");
  refusal(F::Unsloth, Cfg({{"model", "llama3.1-8b"}, {"method", "lora"}, {"gpus", "8"}, {"zero", "3"}}), "zero");
  refusal(F::Hf, Cfg({{"model", "llama3.1-8b"}, {"gpus", "8"}, {"prec", "fp8"}, {"gpu", "h100"}}), "prec");
  refusal(F::Torchtune, Cfg({{"model", "qwen2.5-7b"}, {"method", "qlora"}, {"gpus", "1"}}), "model");
  refusal(F::Torchtune, Cfg({{"model", "mixtral-8x7b"}, {"method", "lora"}, {"gpus", "8"}}), "model");
  refusal(F::Torchtitan, Cfg({{"model", "mistral-7b"}, {"gpus", "8"}}), "model");
  // FP8 rollout weights: verl writes rollout.quantization; OpenRLHF's and TRL's engines load 16-bit weights.
  for (F f : {F::Openrlhf, F::Trl})
    refusal(f,
            Cfg({{"model", "qwen2.5-7b"},
                 {"gpus", "8"},
                 {"gpu", "h100"},
                 {"goal", "grpo"},
                 {"rl_framework", "verl"},
                 {"rl_gen_prec", "fp8"}}),
            "rl_gen_prec");
  // A schedule torch.distributed.pipelining does not have (ZB-H1 on one chunk per GPU).
  refusal(F::Torchtitan, Cfg({{"model", "llama3.1-8b"}, {"gpus", "8"}, {"pp", "2"}, {"pp_schedule", "zb-h1"}}),
          "pp_schedule");
  // Left on auto, the layout keys a format cannot vary are planned at what it runs.
  const PlanOutput hf = LaunchPlan(Cfg({{"model", "llama3-70b"}, {"gpus", "64"}, {"gpu", "h100"}}), F::Hf);
  REQUIRE(hf.ok);
  CHECK(hf.plan.layout.tp == 1);
  CHECK(hf.plan.layout.pp == 1);
  CHECK(StackOf(hf.job).id == std::string("hf"));
  CHECK(ExportLaunch(hf, F::Hf).ok);
  // Left on auto, the memory keys too: the plain search offloads a 70B's optimizer to NVMe on 6 A100s (the hf stack
  // reaches NVMe through DeepSpeed), which the Trainer's file cannot say; and with zero=1 given, Axolotl's FSDP
  // cannot offload at all. Each export plans the best the file can say; a key the user gave is still refused.
  {
    const Config big = Cfg({{"model", "llama3.1-70b"}, {"gpus", "6"}, {"gpu", "a100-80g"}});
    const PlanOutput plain = MakePlan(LaunchConfig(big, F::Hf));
    REQUIRE(plain.ok);
    CHECK(plain.plan.layout.offload == Offload::Nvme);  // what made this export fail before
    const PlanOutput exported = LaunchPlan(big, F::Hf);
    REQUIRE(exported.ok);
    CHECK(exported.plan.layout.offload != Offload::Nvme);
    CHECK(ExportLaunch(exported, F::Hf).ok);
    const Config zero1 = Cfg({{"model", "llama3.1-70b"}, {"gpus", "8"}, {"gpu", "h100"}, {"zero", "1"}});
    const PlanOutput axolotl = LaunchPlan(zero1, F::Axolotl);
    REQUIRE(axolotl.ok);
    CHECK(axolotl.plan.layout.zero == 1);
    CHECK(axolotl.plan.layout.offload == Offload::None);
    CHECK(ExportLaunch(axolotl, F::Axolotl).ok);
    refusal(F::Axolotl, Cfg({{"model", "llama3.1-70b"}, {"gpus", "8"}, {"zero", "1"}, {"offload", "cpu"}}), "offload");
  }
  // Drops are notes, and the header says them too.
  const LaunchExport lora = ExportLaunch(
      PlanFor(Cfg({{"model", "llama3.1-8b"}, {"method", "lora"}, {"gpus", "8"}}), F::DeepSpeed), F::DeepSpeed);
  REQUIRE(lora.ok);
  bool dropped = false;
  for (const ConfigIssue& i : lora.issues) dropped |= i.notice && i.key == "method";
  CHECK(dropped);
  CHECK(lora.text.find("LoRA and 4-bit loading are PEFT's") != std::string::npos);
  // The fused loss the best settings write as logit_bytes (max_seq_best.h): switched on where the file can say it
  // (the Trainer's use_liger_kernel, LLaMA-Factory's enable_liger_kernel), a note where it cannot; never without it.
  {
    const auto qlora = [](const char* logit_bytes) {
      return Cfg({{"model", "llama3.1-8b"},
                  {"method", "qlora"},
                  {"gpu", "rtx4090"},
                  {"gpus", "1"},
                  {"mbs", "1"},
                  {"logit_bytes", logit_bytes}});
    };
    const LaunchExport fused = ExportLaunch(PlanFor(qlora("0.192"), F::Hf), F::Hf);
    REQUIRE(fused.ok);
    CHECK(fused.text.find("use_liger_kernel=True") != std::string::npos);
    const LaunchExport factory = ExportLaunch(PlanFor(qlora("0.192"), F::LlamaFactory), F::LlamaFactory);
    REQUIRE(factory.ok);
    CHECK(factory.text.find("enable_liger_kernel: true") != std::string::npos);
    const LaunchExport own = ExportLaunch(PlanFor(qlora("10"), F::Hf), F::Hf);
    REQUIRE(own.ok);
    CHECK(own.text.find("liger") == std::string::npos);
    for (F f : {F::Torchtune, F::Axolotl}) {
      const LaunchExport ex = ExportLaunch(PlanFor(qlora("0.192"), f), f);
      INFO(InfoOf(f).id);
      bool noted = false;
      for (const ConfigIssue& i : ex.issues) noted |= i.notice && i.key == "logit_bytes";
      CHECK(noted);
    }
  }
  // Every rule has both languages and a reason; each format has some.
  std::set<LaunchFormat> with_rules;
  for (const LaunchRule& r : LaunchRules()) {
    INFO(r.key << " " << r.when);
    CHECK(*r.reason);
    CHECK(std::string(Translate(Lang::Zh, r.reason)) == r.reason_zh);
    with_rules.insert(r.format);
  }
  CHECK(with_rules.size() == LaunchFormats().size());
}

TEST_CASE("launch import: an Unsloth GRPO notebook, its instruct model planned as the base preset", "[launch][rl]") {
  // Unsloth's GRPO notebooks: FastLanguageModel with fast_inference (vLLM in the process at gpu_memory_utilization),
  // LoRA on a 4-bit base, then TRL's GRPOConfig. It had been read as a supervised fine-tune, its model unknown.
  const std::string script =
      "from unsloth import FastLanguageModel\n"
      "model, tokenizer = FastLanguageModel.from_pretrained(\n"
      "    model_name = \"unsloth/Qwen2.5-3B-Instruct-bnb-4bit\",\n"
      "    max_seq_length = 1024, load_in_4bit = True, fast_inference = True, max_lora_rank = 64,\n"
      "    gpu_memory_utilization = 0.6,\n"
      ")\n"
      "model = FastLanguageModel.get_peft_model(model, r = 64, lora_alpha = 64,\n"
      "    target_modules = [\"q_proj\", \"k_proj\", \"v_proj\", \"o_proj\", \"gate_proj\", \"up_proj\", "
      "\"down_proj\"],\n"
      "    use_gradient_checkpointing = \"unsloth\")\n"
      "from trl import GRPOConfig, GRPOTrainer\n"
      "training_args = GRPOConfig(use_vllm = True, per_device_train_batch_size = 6, gradient_accumulation_steps = 1,\n"
      "    num_generations = 6, max_prompt_length = 256, max_completion_length = 200, max_steps = 250,\n"
      "    output_dir = \"outputs\")\n"
      "trainer = GRPOTrainer(model = model, processing_class = tokenizer, reward_funcs = [f], args = training_args)\n";
  LaunchFormat f;
  REQUIRE(DetectLaunchFormat(script, f));
  CHECK(f == LaunchFormat::Unsloth);
  const LaunchImport imp = ImportLaunch(script);
  REQUIRE(imp.ok);
  const PlanOutput o = PlanImported(Cfg({{"gpu", "rtx4090"}, {"gpus", "1"}}), imp);
  CHECK(o.config.model == "qwen2.5-3b");
  CHECK(o.job.rl.algo == RlAlgo::Grpo);
  CHECK(o.job.work.method == Method::Qlora);
  CHECK(o.job.rl.samples == 6);
  CHECK(o.job.rl.max_response_len == 200);
  CHECK(o.job.rl.engine == RlEngine::Vllm);
  CHECK(o.job.rl.colocate);
  CHECK(o.job.rl.kv_frac == Approx(0.6));
  CHECK(o.job.rl.prompts == 1);  // 6 completions on one GPU, 6 per prompt
  bool said = false;
  for (const ConfigIssue& i : imp.issues) said |= i.notice && i.key == "model";
  CHECK(said);  // planned as the base preset, and said
  // Variants of one architecture map to its preset; a name no preset's variant has maps to nothing.
  auto preset_of = [](const std::string& id) {
    const LaunchImport li = ImportLaunch("model_name_or_path: " + id + "\nfinetuning_type: lora\n");
    for (const LaunchPair& p : li.pairs)
      if (p.key == "model") return p.value;
    return std::string();
  };
  CHECK(preset_of("meta-llama/Meta-Llama-3.1-8B-Instruct") == "llama3.1-8b");
  CHECK(preset_of("google/gemma-3-4b-pt") == "gemma3-4b");
  CHECK(preset_of("Qwen/Qwen2.5-7B-Instruct") == "qwen2.5-7b");
  CHECK(preset_of("Qwen/Qwen2.5-Math-7B").empty());
  CHECK(preset_of("acme/Llama-3.1-8B-Instruct-finetuned").empty());
}

TEST_CASE("launch import: a notebook's code cells, with the arithmetic and switches notebooks use", "[launch][rl]") {
  // Unsloth's Qwen3 (4B) GRPO notebook as saved (nbformat 4; trimmed): shell and magic lines, sizes computed from each
  // other, a parenthesised None, and a cell that loads the saved adapter for inference behind `if False:`.
  const std::vector<std::string> cells = {
      "%%capture\n!pip install unsloth vllm\n",
      "!curl http://localhost:11434/api/chat -d '{ \\\n    \"messages\": [ \\\n    ] \\\n    }'\n",  // a shell line
                                                                                                     // continued
      "%%bash\necho \"not (python\"\n",  // a cell of another language
      "import os\nos.environ[\"UNSLOTH_VLLM_STANDBY\"] = \"1\"\nfrom unsloth import FastLanguageModel\n"
      "max_seq_length = 2048\nlora_rank = 32\ndtype = (\n    None  # None for auto detection\n)\n"
      "model, tokenizer = FastLanguageModel.from_pretrained(\n    model_name = \"unsloth/Qwen3-4B-Base\",\n"
      "    max_seq_length = max_seq_length, dtype = dtype, load_in_4bit = False,\n    fast_inference = True,\n"
      "    max_lora_rank = lora_rank, gpu_memory_utilization = 0.9,\n)\n"
      "model = FastLanguageModel.get_peft_model(model, r = lora_rank, lora_alpha = lora_rank * 2,\n"
      "    target_modules = [\"q_proj\", \"k_proj\", \"v_proj\", \"o_proj\", \"gate_proj\", \"up_proj\", "
      "\"down_proj\"],\n"
      "    use_gradient_checkpointing = \"unsloth\")\n",
      "max_prompt_length = 201 + 1 # + 1 just in case!\nmax_completion_length = max_seq_length - max_prompt_length\n"
      "from trl import GRPOConfig, GRPOTrainer\ntraining_args = GRPOConfig(\n    per_device_train_batch_size = 1,\n"
      "    gradient_accumulation_steps = 1,\n    num_generations = 4,\n    max_prompt_length = max_prompt_length,\n"
      "    max_completion_length = max_completion_length,\n    max_steps = 100 // 2,\n    output_dir = "
      "\"outputs\",\n)\n",
      "if False:\n    from unsloth import FastLanguageModel\n"
      "    model, tokenizer = FastLanguageModel.from_pretrained(\n        model_name = \"grpo_saved_lora\",\n"
      "        max_seq_length = 4096,\n    )\nelse:\n    x = 1\n"};
  std::string notebook = "{\"cells\": [";
  for (size_t i = 0; i < cells.size(); ++i) {
    std::string lines = "[";
    for (size_t at = 0; at < cells[i].size();) {  // nbformat's list of lines, each with its newline
      const size_t end = std::min(cells[i].find('\n', at), cells[i].size() - 1) + 1;
      lines += (lines.size() > 1 ? ", " : "") + JsonEscape(cells[i].substr(at, end - at));
      at = end;
    }
    notebook += std::string(i ? ", " : "") +
                "{\"cell_type\": \"code\", \"metadata\": {}, \"outputs\": [], \"source\": " + lines +
                "]}, {\"cell_type\": \"markdown\", \"source\": [\"### Data\\n\"]}";
  }
  notebook += "], \"metadata\": {}, \"nbformat\": 4, \"nbformat_minor\": 0}";
  const LaunchImport imp = ImportAs(notebook, LaunchFormat::Unsloth);
  // The model the run trains, not the saved adapter behind `if False:`; 2048 - (201 + 1) completion tokens.
  CheckTook(imp, {"model=qwen3-4b", "goal=grpo", "method=lora", "lora_r=32", "rl_samples=4", "rl_max_response_len=1846",
                  "rl_kv_frac=0.9", "rl_sleep=1"});
  CHECK(imp.steps == 50);
  CHECK(HasIssue(imp.issues, true, "", "notebook"));
  // Planned on one H100: the trainer's weights are vLLM's (Unsloth's fast_inference shares them), counted once.
  const PlanOutput unsloth = PlanImported(Cfg({{"gpu", "h100"}, {"gpus", "1"}}), imp);
  REQUIRE(unsloth.ok);
  CHECK(unsloth.plan.memory.fits);
  // Its standby (UNSLOTH_VLLM_STANDBY=1: rl_sleep) sets vLLM's fraction itself on an 80 GB GPU: 0.925 x 0.95.
  CHECK(unsloth.job.rl.sleep);
  CHECK(unsloth.job.rl.kv_frac == Approx(0.925 * 0.95));
  CHECK(HasIssue(unsloth.issues, true, "rl_kv_frac", "UNSLOTH_VLLM_STANDBY"));
  Config trl = unsloth.config;
  trl.stack = "hf";
  trl.rl_kv_frac = unsloth.job.rl.kv_frac;
  const PlanOutput separate = MakePlan(trl);
  REQUIRE(separate.ok);
  CHECK(separate.plan.rl.gen_memory_bytes - unsloth.plan.rl.gen_memory_bytes ==
        Approx(unsloth.plan.memory.weights).epsilon(0.02));
  // A value computed from the data (maximum_length from the tokenized dataset) is said, not refused.
  const LaunchImport data = ImportAs(
      "from trl import GRPOConfig, GRPOTrainer\nmaximum_length = int(np.quantile(lengths, 0.9))\n"
      "args = GRPOConfig(output_dir='o', max_completion_length = 2048 - maximum_length)\n"
      "trainer = GRPOTrainer(model='Qwen/Qwen2.5-7B', args=args)\n",
      LaunchFormat::Trl);
  CHECK(HasIssue(data.issues, true, "GRPOConfig.max_completion_length", "maximum_length"));
}

TEST_CASE("launch import: an export's header gives what its file cannot say, the file's own keys first", "[launch]") {
  using F = LaunchFormat;
  // A DeepSpeed config has no model, recomputation or method: exported, then read back with nothing else given,
  // it plans what it was written from (before: Llama 2 70B, the default model, with a note).
  const Config cfg =
      Cfg({{"model", "qwen2.5-7b"}, {"gpu", "h100"}, {"gpus", "16"}, {"recompute", "full"}, {"zero", "2"}});
  const PlanOutput before = PlanFor(cfg, F::DeepSpeed);
  const LaunchExport ex = ExportLaunch(before, F::DeepSpeed);
  REQUIRE(ex.ok);
  const LaunchImport imp = ImportLaunch(ex.text);
  REQUIRE(imp.ok);
  bool said = false;
  for (const ConfigIssue& i : imp.issues)
    said |= i.notice && i.key == "import" && i.message.find("model=qwen2.5-7b") != std::string::npos &&
            i.message.find("recompute=full") != std::string::npos;
  CHECK(said);
  CHECK(LaunchPairsText(imp).find("model=") == std::string::npos);  // the file's own keys: the header's are apart
  const PlanOutput after = PlanImported(Config{}, imp);
  CHECK(after.config.model == "qwen2.5-7b");
  CHECK(Signature(after) == Signature(before));
  CHECK(after.plan.step.seconds == before.plan.step.seconds);
  // The user edits the file's ZeRO stage: the file wins over its header.
  std::string edited = ex.text;
  const size_t stage = edited.find("\"stage\": 2");
  REQUIRE(stage != std::string::npos);
  edited.replace(stage, 10, "\"stage\": 3");
  const LaunchImport changed = ImportLaunch(edited);
  REQUIRE(changed.ok);
  const PlanOutput mine = PlanImported(Config{}, changed);
  CHECK(mine.plan.layout.zero == 3);
  CHECK(mine.config.model == "qwen2.5-7b");
  // On other GPUs: the header's data-parallel degree is not taken, the plan follows the GPUs given after the file.
  Config eight;
  std::vector<ConfigIssue> issues;
  ApplyLaunchImport(eight, imp, issues);
  ApplyPair(eight, "gpus", "8", issues);
  REQUIRE_FALSE(HasErrors(issues));
  const PlanOutput on8 = MakePlan(eight);
  REQUIRE(on8.ok);
  CHECK(on8.plan.layout.dp == 8);
}

TEST_CASE("launch import: what a file leaves out takes the framework's default, other keys are named", "[launch]") {
  const std::string yaml =
      "model_name_or_path: meta-llama/Llama-3.1-8B\n"
      "stage: sft\n"
      "finetuning_type: lora\n"
      "lora_rank: 16\n"
      "learning_rate: 1.0e-4\n"
      "dataset: alpaca_en_demo\n"
      "per_device_train_batch_size: 2\n"
      "gradient_accumulation_steps: 8\n"
      "bf16: true\n";
  const LaunchImport imp = ImportLaunch(yaml);
  REQUIRE(imp.ok);
  CHECK(imp.format == LaunchFormat::LlamaFactory);
  const std::string pairs = LaunchPairsText(imp);
  CHECK(pairs.find("model=llama3.1-8b") != std::string::npos);
  CHECK(pairs.find("method=lora") != std::string::npos);
  CHECK(pairs.find("lora_r=16") != std::string::npos);
  CHECK(pairs.find("recompute=full") != std::string::npos);  // LLaMA-Factory checkpoints unless disabled
  CHECK(pairs.find("seq=2048") != std::string::npos);        // cutoff_len's default
  bool named = false;
  for (const ConfigIssue& i : imp.issues)
    named |= i.notice && i.message.find("learning_rate (line 5)") != std::string::npos &&
             i.message.find("dataset (line 6)") != std::string::npos;
  CHECK(named);
  Config cfg;
  std::vector<ConfigIssue> issues;
  ApplyPair(cfg, "gpus", "4", issues);
  ApplyLaunchImport(cfg, imp, issues);
  CHECK(cfg.gbs == 2 * 8 * 4);  // micro-batch x accumulation x the GPUs
  bool gpus_note = false;
  for (const ConfigIssue& i : issues) gpus_note |= i.notice && i.key == "gpus";
  CHECK(gpus_note);
  const PlanOutput plan = MakePlan(cfg);
  REQUIRE(plan.ok);
  CHECK(plan.job.work.method == Method::Lora);
  CHECK(plan.plan.layout.tp == 1);

  // A model TrainPlan does not know: a notice naming it; the plan's own model (another one) is not labelled with it.
  const LaunchImport other = ImportLaunch("base_model: acme/secret-13b\nadapter: lora\nlora_r: 8\n");
  REQUIRE(other.ok);
  CHECK(other.format == LaunchFormat::Axolotl);
  CHECK(LaunchPairsText(other).find("name=") == std::string::npos);
  bool unknown_named = false;
  for (const ConfigIssue& i : other.issues)
    unknown_named |= i.notice && i.key == "model" && i.message.find("acme/secret-13b") != std::string::npos;
  CHECK(unknown_named);
  // With no model from another source the plan would be another model's: refused, naming the file's; a model given
  // beside the file (model=, or the page's own) is planned.
  {
    Config alone;
    std::vector<ConfigIssue> refused;
    ApplyLaunchImport(alone, other, refused);
    const auto e = std::find_if(refused.begin(), refused.end(), [](const ConfigIssue& i) { return !i.notice; });
    REQUIRE(e != refused.end());
    CHECK(e->key == "model");
    CHECK(e->message.find("acme/secret-13b") != std::string::npos);
    CHECK(e->message.find("--hf-config") != std::string::npos);
    Config with_model;
    std::vector<ConfigIssue> fine;
    ApplyPair(with_model, "model", "llama2-13b", fine);
    ApplyLaunchImport(with_model, other, fine, kGivenModel);
    CHECK_FALSE(HasErrors(fine));
    CHECK(with_model.model == "llama2-13b");
  }
  // Qwen2's 7B and 72B are Qwen2.5's architecture (their config.json's dimensions): planned as those presets.
  const LaunchImport qwen2 = ImportLaunch("model_name_or_path: Qwen/Qwen2-7B-Instruct\nfinetuning_type: lora\n");
  REQUIRE(qwen2.ok);
  CHECK(LaunchPairsText(qwen2).find("model=qwen2.5-7b") != std::string::npos);
}

TEST_CASE("launch import: keys left empty are unset, grouped digits are numbers, as the frameworks load them",
          "[launch]") {
  // Axolotl's examples leave keys empty (`fp16:`, `adapter:`, `lora_r:`): None to pydantic, a full fine-tune in
  // bf16; PyYAML reads 500_000 as 500000 (examples/alst/llama3-8b-deepspeed-alst.yaml @067b021, trimmed).
  const std::string alst =
      "base_model: meta-llama/Llama-3.1-8B\n"
      "sequence_len: 500_000\n"
      "tiled_mlp: true\n"
      "context_parallel_size: 8\n"
      "plugins:\n  - axolotl.integrations.cut_cross_entropy.CutCrossEntropyPlugin\n"
      "adapter:\nlora_r:\n"
      "micro_batch_size: 1\n"
      "optimizer: adamw_torch_8bit\n"
      "bf16: auto\nfp16:\n"
      "gradient_checkpointing: true\n"
      "activation_offloading: legacy\n"
      "resume_from_checkpoint:\n"
      "deepspeed: deepspeed_configs/zero3_bf16_cpuoffload_all.json\n";
  const LaunchImport imp = ImportAs(alst, LaunchFormat::Axolotl);
  // The checkpoints on the host (activation_offloading beside checkpointing) and the loss without its logits (the
  // Cut Cross Entropy plugin): what lets 500K tokens fit on 8 H100, as the example's ALST runs.
  CheckTook(imp, {"method=full", "seq=500000", "cp=8", "prec=bf16", "recompute=full", "offload_act=1", "zero=3",
                  "offload=cpu"});
  CHECK(imp.fused_loss);
  Config cfg = Cfg({{"gpu", "h100"}, {"gpus", "8"}});
  std::vector<ConfigIssue> issues;
  ApplyLaunchImport(cfg, imp, issues);
  const PlanOutput plan = MakePlan(cfg);
  REQUIRE(plan.ok);
  CHECK(plan.plan.memory.fits);
  // Without the offload the checkpoints stay on the GPU (32 layers x 62,500 tokens x 4,096 x 2 B: 15 GiB at least),
  // and without the plugin the logits come back: the keys are what the plan reads.
  std::string resident = alst;
  resident.replace(resident.find("activation_offloading: legacy"), 29, "activation_offloading: false");
  Config without = Cfg({{"gpu", "h100"}, {"gpus", "8"}});
  ApplyLaunchImport(without, ImportLaunch(resident), issues);
  const double kept = MakePlan(without).plan.memory.total - plan.plan.memory.total;
  CHECK(kept > 14.0 * (1 << 30));
  std::string logits = alst;
  logits.replace(logits.find("plugins:"), 74, "");
  REQUIRE(logits.find("CutCross") == std::string::npos);
  Config unfused = Cfg({{"gpu", "h100"}, {"gpus", "8"}});
  ApplyLaunchImport(unfused, ImportLaunch(logits), issues);
  CHECK(MakePlan(unfused).plan.memory.total > plan.plan.memory.total + 10.0 * (1 << 30));
  // A number left empty where the framework gives None a meaning of its own (TRL's max_length=None: no
  // truncation) is said, and the plan keeps its sequence.
  const LaunchImport none = ImportLaunch(
      "from trl import SFTConfig, SFTTrainer\nargs = SFTConfig(output_dir='o', max_length=None)\n"
      "trainer = SFTTrainer(model='Qwen/Qwen2.5-7B', args=args)\n");
  REQUIRE(none.ok);
  CHECK(LaunchPairsText(none).find("seq=") == std::string::npos);
  CHECK(HasIssue(none.issues, true, "", "null"));
}

TEST_CASE("launch: LoRA on what every token runs (lora_targets=dense), read from module paths and written as them",
          "[launch]") {
  // Axolotl's Llama 4 Scout QLoRA example (examples/llama-4/scout-qlora-single-h100-flex.yaml @067b021, trimmed):
  // attention and the shared expert by path, the routed experts' lines commented out.
  const LaunchImport scout = ImportLaunch(
      "base_model: axolotl-quants/Llama-4-Scout-17B-16E-Linearized-bnb-nf4-bf16\nload_in_4bit: true\n"
      "adapter: qlora\nlora_r: 32\nlora_target_modules:\n  - self_attn.q_proj\n  - self_attn.k_proj\n"
      "  - self_attn.v_proj\n  - self_attn.o_proj\n  - shared_expert.gate_proj\n  - shared_expert.up_proj\n"
      "  - shared_expert.down_proj\n  # - experts.gate_projs.[0-9]+$\nsequence_len: 4096\nmicro_batch_size: 1\n");
  INFO(testing::IssuesText(scout.issues));
  REQUIRE(scout.ok);
  CheckTook(scout, {"model=llama4-scout", "method=qlora", "lora_r=32", "lora_targets=dense", "seq=4096"});
  // A bare name or an expert's path reaches every expert (PEFT matches a list's names as suffixes).
  for (const auto& [modules, targets] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"q_proj", "gate_proj"}, "all"},
           {{"self_attn.q_proj", "mlp.experts.0.gate_proj"}, "all"},
           {{"block_sparse_moe.experts.0.w1"}, "all"},
           {{"self_attn.q_proj", "mlp.gate_proj"}, "dense"},
           {{"mlp.shared_experts.down_proj"}, "dense"}}) {
    std::string list;
    for (const std::string& m : modules) list += (list.empty() ? "" : ", ") + m;
    const LaunchImport one =
        ImportLaunch("base_model: Qwen/Qwen3-30B-A3B\nadapter: lora\nlora_target_modules: [" + list + "]\n");
    INFO(LaunchPairsText(one));
    CHECK(LaunchPairsText(one).find("lora_targets=" + targets) != std::string::npos);
  }
  // Planned on one H100: adapters on 48 shared experts, not on 768 routed ones as well.
  Config c = Cfg({{"gpu", "h100"}, {"gpus", "1"}});
  std::vector<ConfigIssue> issues;
  ApplyLaunchImport(c, scout, issues);
  const PlanOutput dense = MakePlan(c);
  REQUIRE(dense.ok);
  c.lora_targets = "all";
  const PlanOutput all = MakePlan(c);
  REQUIRE(all.ok);
  CHECK(dense.plan.memory.gradients * 5 < all.plan.memory.gradients);
  // Written back by path for each model's names: DeepSeek-V3's dense layers and shared_experts, Llama 4's
  // shared_expert; never a bare gate_proj, which would reach the routed experts.
  for (const auto& [model, shared] : std::vector<std::pair<const char*, const char*>>{
           {"deepseek-v3", "shared_experts.gate_proj"}, {"llama4-scout", "shared_expert.gate_proj"}}) {
    INFO(model);
    const PlanOutput plan = MakePlan(Cfg({{"model", model},
                                          {"method", "lora"},
                                          {"lora_targets", "dense"},
                                          {"gpu", "h100"},
                                          {"gpus", "64"},
                                          {"tp", "1"},
                                          {"pp", "1"}}));
    REQUIRE(plan.ok);
    const LaunchExport ex = ExportLaunch(plan, LaunchFormat::Axolotl);
    REQUIRE(ex.ok);
    CHECK(ex.text.find(shared) != std::string::npos);
    CHECK(ex.text.find("\"gate_proj\"") == std::string::npos);
    CHECK(ex.text.find("lora_target_linear") == std::string::npos);
    CHECK((ex.text.find("\"mlp.gate_proj\"") != std::string::npos) == (std::string(model) == "deepseek-v3"));
  }
}

TEST_CASE("launch import: an Accelerate config gives the launcher's GPUs, precision and sharding", "[launch]") {
  // TRL's shipped configs (trl/accelerate_configs @f2cd577), trimmed to the keys that matter and a few that do not.
  const std::string zero3 =
      "compute_environment: LOCAL_MACHINE\ndebug: false\ndeepspeed_config:\n  deepspeed_multinode_launcher: standard\n"
      "  offload_optimizer_device: none\n  offload_param_device: none\n  zero3_init_flag: true\n  zero_stage: 3\n"
      "distributed_type: DEEPSPEED\nmixed_precision: bf16\nnum_machines: 1\nnum_processes: 8\n";
  const LaunchImport ds = ImportAs(zero3, LaunchFormat::Hf);
  CheckTook(ds, {"gpus=8", "prec=bf16", "zero=3", "offload=none"});
  // FSDP1 by the strategy TRL's fsdp1.yaml writes into fsdp_reshard_after_forward; FSDP2 by true / false; a strategy
  // by its number; the parameters offloaded; checkpointing.
  const std::string fsdp =
      "compute_environment: LOCAL_MACHINE\ndistributed_type: FSDP\nfsdp_config:\n  fsdp_activation_checkpointing: "
      "%CKPT%\n"
      "  fsdp_offload_params: %OFF%\n  fsdp_reshard_after_forward: %RESHARD%\n  fsdp_version: 1\n"
      "mixed_precision: %PREC%\nnum_machines: %MACHINES%\nnum_processes: 16\n";
  struct Case {
    const char* reshard;
    const char* off;
    const char* ckpt;
    const char* prec;
    const char* machines;
    std::vector<std::string> took;
  };
  for (const Case& k : std::vector<Case>{
           {"FULL_SHARD", "false", "false", "bf16", "1", {"gpus=16", "zero=3", "offload=none", "prec=bf16"}},
           {"false",
            "true",
            "true",
            "fp16",
            "2",
            {"gpus=16", "gpus_per_node=8", "zero=2", "offload=cpu", "recompute=full", "prec=fp16"}},
           {"2", "false", "false", "'no'", "1", {"zero=2", "prec=fp32"}},
           {"NO_SHARD", "false", "false", "bf16", "1", {"zero=0"}}}) {
    std::string text = fsdp;
    for (auto [from, to] : std::vector<std::pair<std::string, std::string>>{{"%RESHARD%", k.reshard},
                                                                            {"%OFF%", k.off},
                                                                            {"%CKPT%", k.ckpt},
                                                                            {"%PREC%", k.prec},
                                                                            {"%MACHINES%", k.machines}})
      text.replace(text.find(from), from.size(), to);
    INFO(text);
    const LaunchImport imp = ImportLaunch(text);
    INFO(testing::IssuesText(imp.issues));
    REQUIRE(imp.ok);
    CheckTook(imp, k.took);
  }
  // HYBRID_SHARD: one shard group a node, as the Trainer's fsdp string.
  const LaunchImport hybrid = ImportLaunch(
      "distributed_type: FSDP\nfsdp_config:\n  fsdp_sharding_strategy: HYBRID_SHARD\nnum_machines: 2\n"
      "num_processes: 16\ncompute_environment: LOCAL_MACHINE\n");
  REQUIRE(hybrid.ok);
  CHECK(hybrid.node_shard);
  // Over a plan that names the model: the launcher's settings change only what they say.
  Config page = Cfg({{"model", "qwen2.5-7b"}, {"method", "lora"}, {"gpu", "h100"}});
  std::vector<ConfigIssue> issues;
  ApplyLaunchImport(page, ds, issues, kGivenModel);
  CHECK(page.model == "qwen2.5-7b");
  CHECK(page.gpus == 8);
  CHECK(page.zero == 3);
  CHECK(MakePlan(page).ok);
  // A DeepSpeed config file it names is not read: said.
  const LaunchImport named = ImportLaunch(
      "distributed_type: DEEPSPEED\ndeepspeed_config:\n  deepspeed_config_file: ds_z3.json\nnum_processes: 4\n");
  CHECK(HasIssue(named.issues, true, "", "ds_z3.json"));
}

TEST_CASE("launch import: torchtune's builders name their preset, base or instruct, and another model is refused",
          "[launch]") {
  // torchtune's recipes at @bd2a0fc name Qwen's instruct builders and Qwen3's (after the v0.6.1 the export writes):
  // 83 of its 197 configs had been planned with the page's model, the builder only noted.
  for (const auto& [builder, preset] : std::vector<std::pair<const char*, const char*>>{
           {"torchtune.models.qwen2_5.qwen2_5_7b_instruct", "qwen2.5-7b"},
           {"torchtune.models.qwen2_5.lora_qwen2_5_1_5b_instruct", "qwen2.5-1.5b"},
           {"torchtune.models.qwen3.qwen3_8b_instruct", "qwen3-8b"},
           {"torchtune.models.qwen3.lora_qwen3_32b", "qwen3-32b"},
           {"torchtune.models.qwen2.lora_qwen2_7b", "qwen2.5-7b"},
           {"torchtune.models.llama3_1.qlora_llama3_1_8b", "llama3.1-8b"}}) {
    INFO(builder);
    const LaunchImport imp = ImportLaunch(std::string("model:\n  _component_: ") + builder + "\nbatch_size: 2\n");
    REQUIRE(imp.ok);
    CHECK(LaunchPairsText(imp).find(std::string("model=") + preset + " ") != std::string::npos);
  }
  // A builder of no preset's model (Gemma 1, the Llama 3.2 vision models), a torchtitan flavor alike: refused without
  // a model, naming it, planned with one.
  auto refused_without_model = [](const std::string& text, LaunchFormat format, const char* named) {
    INFO(named);
    const LaunchImport imp = ImportAs(text, format);
    Config page;
    std::vector<ConfigIssue> issues;
    ApplyLaunchImport(page, imp, issues);
    CHECK(ErrorNames(issues, "model", named));
    Config given = Cfg({{"model", "gemma2-2b"}});
    std::vector<ConfigIssue> fine;
    ApplyLaunchImport(given, imp, fine, kGivenModel);
    CHECK_FALSE(HasErrors(fine));
  };
  refused_without_model("model:\n  _component_: torchtune.models.gemma.lora_gemma_2b\nbatch_size: 2\n",
                        LaunchFormat::Torchtune, "gemma");
  refused_without_model("[model]\nname = \"llama4\"\nflavor = \"17bx16e\"\n[training]\nseq_len = 8192\n",
                        LaunchFormat::Torchtitan, "llama4 17bx16e");
}

// LoRA of every MLP on a mixture of experts, as the PEFT frameworks reach it: Transformers v5 keeps the routed
// experts as 3-D parameters, which PEFT's target_modules (all-linear, gate_proj, ...) never adapt and its
// target_parameters does (without dropout or DoRA). The exports that write PEFT write them there, the rest refuse;
// the imports plan module targets alone on such a model as lora_targets=dense, and target_parameters as all.
TEST_CASE("launch: LoRA of the routed experts through PEFT's target_parameters, written and read back", "[launch]") {
  using F = LaunchFormat;
  const Config moe = Cfg({{"model", "qwen3-30b-a3b"},
                          {"gpu", "h100"},
                          {"gpus", "8"},
                          {"goal", "finetune"},
                          {"method", "lora"},
                          {"lora_dropout", "0.05"}});
  for (F f : {F::Hf, F::Trl, F::Axolotl}) {
    INFO(int(f));
    const PlanOutput plan = PlanFor(moe, f);
    REQUIRE(plan.ok);
    const LaunchExport ex = ExportLaunch(plan, f);
    INFO(ex.text);
    REQUIRE(ex.ok);
    CheckEmittedKeys(f, ex.text);
    CHECK(ex.text.find("experts.gate_up_proj") != std::string::npos);
    CHECK(ex.text.find("experts.down_proj") != std::string::npos);
    CHECK(ex.text.find(f == F::Axolotl ? "lora_target_parameters" : "target_parameters") != std::string::npos);
    // The file's own lines (its header's Plan link keeps the plan's 0.05): ParamWrapper refuses dropout, written 0.
    CHECK(FileBody(ex.text).find("0.05") == std::string::npos);
    CHECK(HasIssue(ex.issues, true, "lora_dropout", "refuses dropout"));
    // Read back: every expert adapted, the same adapters.
    const LaunchImport imp = ImportLaunch(ex.text);
    REQUIRE(imp.ok);
    Config back = Cfg({{"gpu", "h100"}});
    std::vector<ConfigIssue> issues;
    ApplyLaunchImport(back, imp, issues);
    REQUIRE_FALSE(HasErrors(issues));
    CHECK(back.lora_targets == "all");
    const PlanOutput again = MakePlan(back);
    REQUIRE(again.ok);
    CHECK(again.plan.memory.optimizer == Approx(plan.plan.memory.optimizer));
    // DoRA cannot reach them: refused, naming the key.
    Config dora = moe;
    dora.method = Method::Dora;
    const LaunchExport refused = ExportLaunch(PlanFor(dora, f), f);
    CHECK_FALSE(refused.ok);
    CHECK(ErrorNames(refused.issues, "method", "target_parameters"));
  }
  // The formats with module targets only refuse it, and write the shared MLPs' LoRA (dense) as asked.
  for (F f : {F::LlamaFactory, F::Openrlhf, F::Verl}) {
    INFO(int(f));
    Config cfg = moe;
    if (f == F::Verl)
      cfg = Cfg({{"model", "qwen3-30b-a3b"},
                 {"gpu", "h100"},
                 {"gpus", "8"},
                 {"goal", "grpo"},
                 {"method", "lora"},
                 {"stack", "fsdp"}});
    const LaunchExport refused = ExportLaunch(PlanFor(cfg, f), f);
    CHECK_FALSE(refused.ok);
    CHECK(ErrorNames(refused.issues, "lora_targets", "lora_targets=dense"));
    if (f == F::Verl) continue;  // verl writes no target list: its default is all-linear
    cfg.lora_targets = "dense";
    CHECK(ExportLaunch(PlanFor(cfg, f), f).ok);
  }
  // Module targets alone (Axolotl's lora_target_linear, LLaMA-Factory's default all, a LoraConfig's all-linear) on a
  // mixture of experts: the routed experts stay frozen, planned as dense and said; on a dense model they are all.
  const std::vector<std::string> linear_files = {
      "base_model: %ID%\nadapter: lora\nlora_r: 16\nlora_target_linear: true\nsequence_len: 2048\n",
      "model_name_or_path: %ID%\nstage: sft\nfinetuning_type: lora\nlora_rank: 16\n",
      "from peft import LoraConfig\nfrom trl import SFTConfig, SFTTrainer\n"
      "peft_config = LoraConfig(r=16, target_modules=\"all-linear\")\n"
      "trainer = SFTTrainer(model=\"%ID%\", args=SFTConfig(), peft_config=peft_config)\n"};
  for (const std::string& file : linear_files) {
    for (const std::string id : {"Qwen/Qwen3-30B-A3B", "meta-llama/Meta-Llama-3-8B"}) {
      std::string text = file;
      text.replace(text.find("%ID%"), 4, id);
      INFO(text);
      const LaunchImport imp = ImportLaunch(text);
      REQUIRE(imp.ok);
      Config cfg = Cfg({{"gpu", "h100"}, {"gpus", "8"}});
      std::vector<ConfigIssue> issues;
      ApplyLaunchImport(cfg, imp, issues);
      REQUIRE_FALSE(HasErrors(issues));
      const bool moe_model = id.find("A3B") != std::string::npos;
      CHECK(cfg.lora_targets == (moe_model ? "dense" : "all"));
      CHECK(HasIssue(issues, true, "lora_targets", "reach no routed expert") == moe_model);
    }
  }
  // Planned on Transformers v4 (a 2025 Trainer), whose experts were nn.Linear modules: the same file reaches them.
  {
    const LaunchImport imp =
        ImportLaunch("model_name_or_path: Qwen/Qwen3-30B-A3B\nstage: sft\nfinetuning_type: lora\n");
    Config v4 = Cfg({{"gpu", "h100"}, {"gpus", "8"}, {"stack", "hf"}, {"stack_year", "2025"}});
    std::vector<ConfigIssue> issues;
    ApplyLaunchImport(v4, imp, issues);
    CHECK(v4.lora_targets == "all");
  }
  // Axolotl's own example (examples/expert_parallel/qwen3_30ba3b_ep_lora_4gpu.yaml): attention modules, the experts'
  // parameters commented out; with them uncommented, every expert.
  const std::string axolotl =
      "base_model: Qwen/Qwen3-30B-A3B-Instruct-2507\nsequence_len: 2048\nadapter: lora\nlora_r: 32\nlora_alpha: 16\n"
      "lora_dropout: 0\nlora_target_modules:\n  - q_proj\n  - k_proj\n  - v_proj\n  - o_proj\n"
      "%PARAMS%micro_batch_size: 1\n";
  for (const bool experts : {false, true}) {
    std::string text = axolotl;
    text.replace(text.find("%PARAMS%"), 8,
                 experts ? "lora_target_parameters:\n  - mlp.experts.gate_up_proj\n  - mlp.experts.down_proj\n"
                         : "# lora_target_parameters:\n#   - mlp.experts.gate_up_proj\n");
    const LaunchImport imp = ImportAs(text, F::Axolotl);
    Config cfg = Cfg({{"gpu", "h100"}, {"gpus", "4"}});
    std::vector<ConfigIssue> issues;
    ApplyLaunchImport(cfg, imp, issues);
    REQUIRE_FALSE(HasErrors(issues));
    CHECK(cfg.model == "qwen3-30b-a3b");
    CHECK(cfg.lora_targets == (experts ? "all" : "attn"));
  }
  // OpenAI's GPT-OSS recipe adapts the experts of three layers (target_parameters "7.mlp.experts.gate_up_proj", ...):
  // planned as every layer's, said.
  const LaunchImport some = ImportAs(
      "from peft import LoraConfig\nfrom trl import SFTConfig, SFTTrainer\n"
      "peft_config = LoraConfig(r=8, target_modules=\"all-linear\", target_parameters=[\"7.mlp.experts.gate_up_proj\", "
      "\"7.mlp.experts.down_proj\", \"15.mlp.experts.gate_up_proj\"])\n"
      "trainer = SFTTrainer(model=\"openai/gpt-oss-20b\", args=SFTConfig(), peft_config=peft_config)\n",
      F::Trl);
  CheckTook(some, {"lora_targets=all"});
  CHECK(HasIssue(some.issues, true, "", "layers 7, 15 only"));
}

// QLoRA's k-bit preparation (kbit_prep: PEFT's prepare_model_for_kbit_training, norms, embeddings and head in fp32) as
// each framework runs it: the Trainer's script where it calls it, Axolotl itself but not under FSDP or ZeRO-3, never
// TRL (v0.26.0 on) or LLaMA-Factory. The exports plan and write what the framework does, the imports read it so.
TEST_CASE("launch: no FlashAttention 2 before Ampere: SDPA on a T4 or V100, read back as the plan's fused attention",
          "[launch]") {
  using F = LaunchFormat;
  for (const char* gpu : {"t4", "v100", "a10"}) {
    const bool fa2 = std::string(gpu) == "a10";
    const Config cfg = Cfg({{"model", "llama3.2-1b"},
                            {"gpu", gpu},
                            {"gpus", "1"},
                            {"goal", "finetune"},
                            {"method", "qlora"},
                            {"stack", "hf"}});
    for (F format : {F::Hf, F::Trl, F::Axolotl, F::LlamaFactory}) {
      INFO(gpu << " " << int(format));
      const PlanOutput plan = PlanFor(cfg, format);
      REQUIRE(plan.ok);
      const LaunchExport ex = ExportLaunch(plan, format);
      REQUIRE(ex.ok);
      const std::string want =
          format == F::LlamaFactory ? (fa2 ? "fa2" : "sdpa") : (fa2 ? "flash_attention_2" : "sdpa");
      CHECK(ex.text.find("\"" + want + "\"") != std::string::npos);
      if (format != F::LlamaFactory) CHECK((ex.text.find("flash_attention_2") == std::string::npos) != fa2);
      // Fused attention either way (SDPA's memory-efficient kernel keeps O(s) memory): the file reads back as flash=1.
      const LaunchImport back = ImportLaunch(ex.text, &format);
      Config read;
      std::vector<ConfigIssue> issues;
      ApplyLaunchImport(read, back, issues);
      CHECK(read.flash == 1);
    }
  }
}

TEST_CASE("launch: QLoRA's k-bit preparation as each framework runs it, written and read back", "[launch]") {
  using F = LaunchFormat;
  const Config qlora =
      Cfg({{"model", "llama3.1-8b"}, {"gpu", "rtx4090"}, {"gpus", "1"}, {"goal", "finetune"}, {"method", "qlora"}});
  struct Case {
    F format;
    bool prep;  // what the exported run does, and what its plan counts
  };
  for (const Case& c : {Case{F::Hf, true}, Case{F::Trl, false}, Case{F::LlamaFactory, false}, Case{F::Axolotl, true}}) {
    INFO(int(c.format));
    const PlanOutput plan = PlanFor(qlora, c.format);
    REQUIRE(plan.ok);
    CHECK(plan.job.work.kbit_prep == c.prep);
    const LaunchExport ex = ExportLaunch(plan, c.format);
    REQUIRE(ex.ok);
    if (c.format == F::Hf) CHECK(ex.text.find("model = prepare_model_for_kbit_training(model)") != std::string::npos);
    const LaunchImport imp = ImportLaunch(ex.text);
    REQUIRE(imp.ok);
    Config back = Cfg({{"gpu", "rtx4090"}});
    std::vector<ConfigIssue> issues;
    ApplyLaunchImport(back, imp, issues);
    REQUIRE_FALSE(HasErrors(issues));
    const PlanOutput again = MakePlan(back);
    REQUIRE(again.ok);
    CHECK(again.job.work.kbit_prep == c.prep);
    CHECK(again.plan.memory.weights == Approx(plan.plan.memory.weights));
  }
  // The fp32 copies are the embeddings', head's and norms': 2 B more a parameter of them.
  const PlanOutput with = PlanFor(qlora, F::Hf), without = PlanFor(qlora, F::Trl);
  const double edge = 2.0 * 128256 * 4096 + 4096 * (2 * 32 + 1);  // untied embedding and head, the norms
  CHECK(with.plan.memory.weights - without.plan.memory.weights == Approx(2 * edge).epsilon(0.01));
  // An explicit kbit_prep=1 is refused by the frameworks that never run it, naming the key.
  Config prep = qlora;
  prep.kbit_prep = 1;
  for (F f : {F::Trl, F::LlamaFactory}) {
    const LaunchExport refused = ExportLaunch(PlanFor(prep, f), f);
    CHECK_FALSE(refused.ok);
    CHECK(ErrorNames(refused.issues, "kbit_prep", "kbit_prep=0"));
  }
  // A Trainer script reads as it calls (or not) prepare_model_for_kbit_training; Axolotl under FSDP skips it.
  const std::string script =
      "from peft import LoraConfig, get_peft_model, prepare_model_for_kbit_training\n"
      "from transformers import AutoModelForCausalLM, BitsAndBytesConfig, Trainer, TrainingArguments\n"
      "bnb = BitsAndBytesConfig(load_in_4bit=True)\n"
      "model = AutoModelForCausalLM.from_pretrained(\"meta-llama/Llama-3.1-8B\", quantization_config=bnb)\n"
      "%PREP%model = get_peft_model(model, LoraConfig(r=16))\n"
      "trainer = Trainer(model=model, args=TrainingArguments(per_device_train_batch_size=1))\n";
  for (const bool called : {false, true}) {
    std::string text = script;
    text.replace(text.find("%PREP%"), 6, called ? "model = prepare_model_for_kbit_training(model)\n" : "");
    const LaunchImport imp = ImportAs(text, F::Hf);
    CheckTook(imp, {"method=qlora", called ? "kbit_prep=1" : "kbit_prep=0"});
  }
  const std::string axolotl = "base_model: meta-llama/Llama-3.1-8B\nadapter: qlora\nload_in_4bit: true\nlora_r: 16\n";
  CheckTook(ImportAs(axolotl, F::Axolotl), {"kbit_prep=1"});
  CheckTook(ImportAs(axolotl + "fsdp_version: 2\nfsdp_config:\n  reshard_after_forward: true\n", F::Axolotl),
            {"kbit_prep=0"});
}

// QLoRA of a mixture of experts: Transformers v5's bitsandbytes integration leaves the routed experts (3-D parameters)
// in 16 bits; Axolotl's quantize_moe_experts puts them in 4 bits. The plan counts what the framework loads, the
// exports write it, the imports read it.
TEST_CASE("launch: QLoRA's routed experts in 16 bits unless the framework quantizes them", "[launch]") {
  using F = LaunchFormat;
  const Config qlora = Cfg({{"model", "qwen3-30b-a3b"},
                            {"gpu", "h100"},
                            {"gpus", "1"},
                            {"goal", "finetune"},
                            {"method", "qlora"},
                            {"seq", "2048"}});
  const PlanOutput v5 = MakePlan(qlora);
  Config four = qlora;
  four.qlora_experts = 1;
  const PlanOutput quantized = MakePlan(four);
  REQUIRE(v5.ok);
  REQUIRE(quantized.ok);
  CHECK_FALSE(v5.job.work.qlora_experts);  // Transformers' model code, 2026: 16-bit experts
  // The experts' weights: 2 B each instead of NF4's 0.5159.
  const double experts = double(v5.job.facts.pc.experts) * v5.job.facts.pc.expert * v5.job.facts.pc.moe_layers;
  CHECK(v5.plan.memory.weights - quantized.plan.memory.weights ==
        Approx((2.0 - v5.job.assume.nf4_bytes_per_param) * experts).epsilon(1e-6));
  // Unsloth quantizes them (its own patches): auto 1 there.
  Config unsloth = qlora;
  unsloth.stack = "unsloth";
  CHECK(MakePlan(unsloth).job.work.qlora_experts);
  // Axolotl writes quantize_moe_experts where the plan has them in 4 bits (its modules named: it refuses
  // lora_target_linear then), and reads it back.
  const LaunchExport ax = ExportLaunch(PlanFor(four, F::Axolotl), F::Axolotl);
  INFO(ax.text);
  REQUIRE(ax.ok);
  CheckEmittedKeys(F::Axolotl, ax.text);
  CHECK(ax.text.find("quantize_moe_experts: true") != std::string::npos);
  CHECK(FileBody(ax.text).find("lora_target_linear") == std::string::npos);
  CHECK(ax.text.find("lora_target_parameters") != std::string::npos);
  CheckTook(ImportLaunch(ax.text), {"qlora_experts=1", "lora_targets=all"});
  // Where the 16-bit experts leave no room, the advice is them in 4 bits (a 40 GB A100).
  Config small = qlora;
  small.gpu = "a100-40g";
  const PlanOutput tight = MakePlan(small);
  REQUIRE_FALSE(tight.plan.memory.fits);
  bool advised = false;
  for (const FitRemedy& r : tight.fit_remedies)
    advised = advised || std::string(r.words).find("qlora_experts=1") != std::string::npos;
  CHECK(advised);
  // The Trainer's and TRL's files plan them 16-bit; an explicit 1 is refused, naming the key.
  for (F f : {F::Hf, F::Trl}) {
    CHECK_FALSE(PlanFor(qlora, f).job.work.qlora_experts);
    const LaunchExport refused = ExportLaunch(PlanFor(four, f), f);
    CHECK_FALSE(refused.ok);
    CHECK(ErrorNames(refused.issues, "qlora_experts", "qlora_experts=0"));
  }
}

// A colocated engine's sleep while the trainer runs (rl_sleep): TRL's vllm_enable_sleep_mode, OpenRLHF's
// --vllm.enable_sleep, written where the plan has it and read back; a file without them keeps the engine awake.
TEST_CASE("launch: the colocated engine's sleep, written and read back", "[launch][rl]") {
  using F = LaunchFormat;
  struct Case {
    F format;
    const char* written;
  };
  for (const Case& c : {Case{F::Trl, "vllm_enable_sleep_mode=True"}, Case{F::Openrlhf, "--vllm.enable_sleep"}}) {
    for (const char* sleep : {"0", "1"}) {
      INFO(int(c.format) << " rl_sleep=" << sleep);
      const Config cfg = Cfg({{"model", "qwen2.5-7b"},
                              {"gpu", "h100"},
                              {"gpus", "8"},
                              {"goal", "grpo"},
                              {"rl_colocate", "1"},
                              {"rl_kv_frac", "0.4"},
                              {"rl_sleep", sleep}});
      const PlanOutput plan = PlanFor(cfg, c.format);
      REQUIRE(plan.ok);
      const LaunchExport ex = ExportLaunch(plan, c.format);
      INFO(ex.text);
      REQUIRE(ex.ok);
      const bool asleep = std::string(sleep) == "1";
      // The file's own lines (its header's Plan link says rl_sleep either way).
      CHECK((FileBody(ex.text).find(c.written) != std::string::npos) == asleep);
      const LaunchImport imp = ImportLaunch(ex.text);
      REQUIRE(imp.ok);
      CheckTook(imp, {asleep ? "rl_sleep=1" : "rl_sleep=0"});
    }
  }
}

TEST_CASE("launch: DoRA and QDoRA are written and read back as themselves by every format that writes them",
          "[launch]") {
  // The exports wrote use_dora (PEFT's LoraConfig, LLaMA-Factory), peft_use_dora (Axolotl), model.use_dora
  // (torchtune), and the imports read those files back as LoRA: a round trip lost DoRA's cost.
  int checked = 0;
  for (LaunchFormat f : {LaunchFormat::Hf, LaunchFormat::Trl, LaunchFormat::Axolotl, LaunchFormat::LlamaFactory,
                         LaunchFormat::Torchtune, LaunchFormat::Unsloth}) {
    for (const char* method : {"dora", "qdora"}) {
      INFO(InfoOf(f).id << " " << method);
      const PlanOutput plan =
          LaunchPlan(Cfg({{"model", "llama3.1-8b"}, {"method", method}, {"gpu", "h100"}, {"gpus", "1"}}), f);
      if (!plan.ok) continue;  // a format that refuses the method says so (its rules' test)
      const LaunchExport ex = ExportLaunch(plan, f);
      if (!ex.ok) continue;
      const LaunchImport back = ImportAs(ex.text, f);
      CheckTook(back, {std::string("method=") + method});
      ++checked;
    }
  }
  CHECK(checked == 12);  // every one of these formats writes both
}

TEST_CASE("launch import: TRL's notebooks name their model by tuple or by the model they load", "[launch]") {
  // examples/notebooks/sft_trl_lora_qlora.ipynb @f2cd577 (trimmed): `model_id, output_dir = ...` then model=model_id.
  const LaunchImport tuple = ImportAs(
      "model_id, output_dir = \"unsloth/qwen3-14b-unsloth-bnb-4bit\", \"qwen3-14b-SFT\"  # ~14.1 GB VRAM\n"
      "# model_id, output_dir = \"Qwen/Qwen3-8B\", \"Qwen3-8B-SFT\"\n"
      "from trl import SFTConfig, SFTTrainer\ntraining_args = SFTConfig(per_device_train_batch_size = 1, "
      "max_length = 1024, output_dir = output_dir)\ntrainer = SFTTrainer(model=model_id, args=training_args)\n",
      LaunchFormat::Trl);
  CheckTook(tuple, {"model=qwen3-14b", "seq=1024"});
  // examples/notebooks/sft_qwen_vl.ipynb: the model loaded by the script and handed over (model=model): the first
  // from_pretrained's repository, here one no preset has, refused naming it rather than planned as another model.
  const LaunchImport loaded = ImportAs(
      "model_name = \"Qwen/Qwen3-VL-4B-Instruct\"\nmodel = Qwen3VLForConditionalGeneration.from_pretrained(\n"
      "    model_name, dtype=\"float32\")\nfrom trl import SFTConfig, SFTTrainer\n"
      "trainer = SFTTrainer(model=model, args=SFTConfig(output_dir=\"o\"))\n",
      LaunchFormat::Trl);
  CHECK(loaded.unknown_model == "Qwen/Qwen3-VL-4B-Instruct");
  // A tuple whose values do not match its names (a call's result) sets nothing.
  const LaunchImport call = ImportAs(
      "model_id, tokenizer = load(\"Qwen/Qwen2.5-7B\")\nfrom trl import SFTConfig, SFTTrainer\n"
      "trainer = SFTTrainer(model=model_id, args=SFTConfig(output_dir=\"o\"))\n",
      LaunchFormat::Trl);
  CHECK(LaunchPairsText(call).find("model=") == std::string::npos);
}

TEST_CASE("launch import: a bad file gets an error with its line and key", "[launch]") {
  struct Bad {
    const char* text;
    LaunchFormat format;
    const char* key;  // the issue's key
    const char* line;
  };
  const Bad cases[] = {
      {"model_name_or_path: x\nfinetuning_type: lora\nper_device_train_batch_size: many\n", LaunchFormat::LlamaFactory,
       "per_device_train_batch_size", "line 3"},
      {"model_name_or_path: x\n  cutoff_len: [1, 2\n", LaunchFormat::LlamaFactory, "import", "line 2"},
      {"{\n  \"train_micro_batch_size_per_gpu\": 2,\n  \"zero_optimization\": {\"stage\": \"three\"}\n}\n",
       LaunchFormat::DeepSpeed, "zero_optimization.stage", "line 3"},
      {"{\n  \"train_batch_size\": 8,\n  oops\n}", LaunchFormat::DeepSpeed, "import", "line 3"},
      {"[training]\nlocal_batch_size = 2\nseq_len = = 3\n", LaunchFormat::Torchtitan, "import", "line 3"},
      {"N=2\npython3 -m verl.trainer.main_ppo \\\n    actor_rollout_ref.rollout.n=$N \\\n    data.train_files=\"x\n",
       LaunchFormat::Verl, "import", "line 4"},
      {"python3 -m verl.trainer.main_ppo actor_rollout_ref.rollout.n=$((2 * 3)) trainer.nnodes=two\n",
       LaunchFormat::Verl, "trainer.nnodes", "line 1"},
      {"[training]\nlocal_batch_size = \"two\"\n", LaunchFormat::Torchtitan, "training.local_batch_size", "line 2"},
      {"from transformers import TrainingArguments\nargs = TrainingArguments(\n    "
       "per_device_train_batch_size=\"x\",\n)\n",
       LaunchFormat::Hf, "TrainingArguments.per_device_train_batch_size", "line 3"},
      {"args = TrainingArguments(\n    bf16=True,\n", LaunchFormat::Hf, "import", "line 1"},
      {"args = SFTConfig(max_length='unterminated)\n", LaunchFormat::Trl, "import", "line 1"},
      {"--num-layers 32\n--micro-batch-size 'x\n", LaunchFormat::Megatron, "import", "line 2"},
      {"--num-layers 32\n--micro-batch-size x\n", LaunchFormat::Megatron, "--micro-batch-size", "line 2"},
      {"--num-layers 32\n--pipeline-model-parallel-size 2\n--pipeline-model-parallel-layout 'Et*16|t*8|(t*8L'\n",
       LaunchFormat::Megatron, "--pipeline-model-parallel-layout", "line 3"},
      {"--num-layers 32\n--pipeline-model-parallel-size 2\n--pipeline-model-parallel-layout 'Et*16|t*8|t*8L'\n",
       LaunchFormat::Megatron, "--pipeline-model-parallel-layout", "line 3"},
      {"batch_size: 2\nmodel:\n  _component_: torchtune.models.llama3_1.lora_llama3_1_8b\n  lora_rank: -4\n",
       LaunchFormat::Torchtune, "model.lora_rank", "line 4"},
      {"ray job submit -- python3 -m openrlhf.cli.train_ppo_ray \\\n   --actor.num_nodes 1 \\\n"
       "   --train.micro_batch_size many\n",
       LaunchFormat::Openrlhf, "--train.micro_batch_size", "line 3"},
      {"ray job submit -- python3 -m openrlhf.cli.train_ppo_ray \\\n   --ds.param_dtype fp8\n", LaunchFormat::Openrlhf,
       "--ds.param_dtype", "line 2"},
      {"deepspeed --module openrlhf.cli.train_dpo \\\n   --model.model_name_or_path 'x\n", LaunchFormat::Openrlhf,
       "import", "line 2"},
  };
  for (const Bad& b : cases) {
    INFO(b.text);
    LaunchFormat detected;
    if (DetectLaunchFormat(b.text, detected)) CHECK(detected == b.format);
    const LaunchImport imp = ImportLaunch(b.text, &b.format);
    CHECK_FALSE(imp.ok);
    bool found = false;
    for (const ConfigIssue& i : imp.issues) {
      INFO(FormatIssue(i));
      found |= !i.notice && i.key == b.key && i.message.find(b.line) != std::string::npos;
      CHECK(HasCjk(FormatIssue(i, Lang::Zh)));
    }
    CHECK(found);
  }
  // A value the planner refuses names the file's key and line too.
  const LaunchImport imp = ImportLaunch("model_name_or_path: x\nfinetuning_type: lora\nlora_rank: 99999\n");
  REQUIRE(imp.ok);
  Config cfg;
  std::vector<ConfigIssue> issues;
  ApplyLaunchImport(cfg, imp, issues);
  CHECK(ErrorNames(issues, "lora_rank", "line 3, read as lora_r=99999"));
  // Not a launch config at all.
  LaunchFormat f;
  CHECK_FALSE(DetectLaunchFormat("{\"num_hidden_layers\": 32, \"hidden_size\": 4096}", f));
  CHECK_FALSE(DetectLaunchFormat("hello, this is not a config", f));
  CHECK_FALSE(ImportLaunch("hello").ok);
}

TEST_CASE("launch import: hostile text never crashes and stays bounded", "[launch]") {
  std::mt19937 rng(31);
  const std::string alphabet = "{}[]()\"':=,#\\\n -_.abc019*&!|>";
  std::vector<std::string> texts = {
      std::string(100000, '['), std::string(100000, '{'), std::string(50000, '('),
      "a: &a [*a, *a]\nb: &b [*a, *a, *a, *a]\nc: &c [*b, *b, *b, *b]\nd: [*c, *c, *c, *c]\n",
      "x = f(" + std::string(10000, '[') + "\n", std::string(20000, '"'), "--a '" + std::string(1000, 'x'),
      // Non-ASCII code points toml++ 3.3 once sent to __builtin_unreachable (core/launch/toml_config.h): the
      // fuzzer's four bytes, upstream issue #190's multi-line string and #295's two bytes.
      "\xcb\x89+J", "s = \"\"\"\\\n\xc2\xa7\"\"\"\n", "\xcc\xaa", "[training]\nlocal_batch_size = 2\xcb\x89\n",
      // Numbers no integer holds, in every reader (once cast to long long: undefined behaviour, found by the fuzzer).
      "args = TrainingArguments(\n    max_steps=3E057,\n    seed=1" + std::string(40, '0') + ",\n)\n",
      "{\"train_micro_batch_size_per_gpu\": 1e300, \"gradient_accumulation_steps\": -1e300}",
      "per_device_train_batch_size: 1" + std::string(60, '0') + "\ncutoff_len: -9" + std::string(30, '9') + "\n",
      "--micro-batch-size 1" + std::string(40, '0') + "\n--seq-length 4096\n"};
  for (int n = 0; n < 300; ++n) {
    std::string t;
    const size_t len = rng() % 300;
    for (size_t i = 0; i < len; ++i) t += alphabet[rng() % alphabet.size()];
    texts.push_back(t);
  }
  for (const std::string& t : texts)
    for (const LaunchFormatInfo& f : LaunchFormats()) {
      const LaunchImport imp = ImportLaunch(t, &f.format);
      if (!imp.ok) CHECK(HasErrors(imp.issues));
      Config cfg;
      std::vector<ConfigIssue> issues;
      ApplyLaunchImport(cfg, imp, issues);
    }
  CHECK_FALSE(ImportLaunch(std::string(2 << 20, ' ')).ok);
  // Such a character where TOML allows only spaces is an error on its line, as any other stray byte.
  const LaunchFormat titan = LaunchFormat::Torchtitan;
  const LaunchImport stray = ImportLaunch("[training]\nlocal_batch_size = 2\xcb\x89\n", &titan);
  CHECK_FALSE(stray.ok);
  bool on_line = false;
  for (const ConfigIssue& i : stray.issues) on_line |= i.message.find("line 2") != std::string::npos;
  CHECK(on_line);
}

// Issue #32: an RL goal exports as TRL's GRPOTrainer or DPOTrainer, or verl's main_ppo, with what the plan decided,
// every key in the framework's list; TRL refuses PPO, verl DPO and split pools, every other format the goal.
TEST_CASE("launch export: GRPO and DPO as TRL scripts, other formats refuse the goal", "[launch][rl]") {
  const Config grpo = Cfg({{"model", "qwen2.5-7b"},
                           {"gpu", "h100"},
                           {"gpus", "8"},
                           {"goal", "grpo"},
                           {"rl_samples", "16"},
                           {"rl_prompts", "256"},
                           {"rl_max_response_len", "1024"},
                           {"rl_updates", "2"}});
  const PlanOutput plan = PlanFor(grpo, LaunchFormat::Trl);
  const LaunchExport e = ExportLaunch(plan, LaunchFormat::Trl, "");
  REQUIRE(e.ok);
  CheckEmittedKeys(LaunchFormat::Trl, e.text);
  CHECK(e.text.find("GRPOConfig(") != std::string::npos);
  CHECK(e.text.find("GRPOTrainer(") != std::string::npos);
  CHECK(e.text.find("num_generations=16") != std::string::npos);
  CHECK(e.text.find("max_completion_length=1024") != std::string::npos);
  CHECK(e.text.find("TrainPlan launch config: TRL GRPOTrainer") != std::string::npos);
  CHECK(e.text.find("Predicted RL step: ") != std::string::npos);
  // The header's predictions carry their bands (issue #31), in the units the figures use.
  CHECK(e.text.find("GiB (band ") != std::string::npos);
  CHECK(e.text.find(" GiB) of ") != std::string::npos);
  // One generation batch is the RL step's responses: micro-batch x data parallel x steps_per_generation.
  const Layout& l = plan.plan.layout;
  const int ga = plan.plan.global_batch / (l.mbs * l.dp);
  CHECK(e.text.find("steps_per_generation=" + std::to_string(2 * ga)) != std::string::npos);
  CHECK(l.mbs * l.dp * 2 * ga == 256 * 16);

  const Config dpo =
      Cfg({{"model", "qwen2.5-7b"}, {"gpu", "h100"}, {"gpus", "8"}, {"goal", "dpo"}, {"method", "lora"}});
  const LaunchExport d = ExportLaunch(PlanFor(dpo, LaunchFormat::Trl), LaunchFormat::Trl, "");
  REQUIRE(d.ok);
  CheckEmittedKeys(LaunchFormat::Trl, d.text);
  CHECK(d.text.find("DPOTrainer(") != std::string::npos);
  CHECK(d.text.find("GRPO") == std::string::npos);
  // DPOTrainer's batch counts pairs (its collator stacks the chosen then the rejected sequences): the plan's
  // micro-batch of sequences is half as many pairs. It had been written as pairs, twice the batch planned.
  {
    const PlanOutput planned = PlanFor(dpo, LaunchFormat::Trl);
    REQUIRE(planned.plan.layout.mbs % 2 == 0);
    CHECK(d.text.find("per_device_train_batch_size=" + std::to_string(planned.plan.layout.mbs / 2) + ",") !=
          std::string::npos);
    Config odd = dpo;
    std::vector<ConfigIssue> ignored;
    ApplyPair(odd, "mbs", "3", ignored);
    const LaunchExport o3 = ExportLaunch(PlanFor(odd, LaunchFormat::Trl), LaunchFormat::Trl, "");
    REQUIRE(o3.ok);
    CHECK(o3.text.find("per_device_train_batch_size=2,") != std::string::npos);
    bool said = false;
    for (const ConfigIssue& i : o3.issues) said |= i.notice && i.key == "mbs";
    CHECK(said);
  }

  const Config ppo = Cfg({{"model", "qwen2.5-7b"}, {"gpu", "h100"}, {"gpus", "8"}, {"goal", "ppo"}});
  const LaunchExport p = ExportLaunch(PlanFor(ppo, LaunchFormat::Trl), LaunchFormat::Trl, "");
  CHECK_FALSE(p.ok);
  REQUIRE_FALSE(p.issues.empty());
  CHECK(p.issues.front().key == "goal");
  // verl writes main_ppo's GRPO with the plan's rollout, and refuses DPO and split pools by their keys.
  const LaunchExport v = ExportLaunch(PlanFor(grpo, LaunchFormat::Verl), LaunchFormat::Verl, "");
  REQUIRE(v.ok);
  CheckEmittedKeys(LaunchFormat::Verl, v.text);
  CHECK(v.text.find("adv_estimator: \"grpo\"") != std::string::npos);
  CHECK(v.text.find("    n: 16") != std::string::npos);
  CHECK(v.text.find("max_response_length: 1024") != std::string::npos);
  CHECK(v.text.find("ppo_mini_batch_size: 128") != std::string::npos);  // 256 prompts over 2 updates
  const LaunchExport vd = ExportLaunch(PlanFor(dpo, LaunchFormat::Verl), LaunchFormat::Verl, "");
  CHECK_FALSE(vd.ok);
  REQUIRE_FALSE(vd.issues.empty());
  CHECK(vd.issues.front().key == "goal");
  Config split = grpo;
  std::vector<ConfigIssue> ignored;
  ApplyPair(split, "rl_colocate", "0", ignored);
  const LaunchExport vs = ExportLaunch(PlanFor(split, LaunchFormat::Verl), LaunchFormat::Verl, "");
  CHECK_FALSE(vs.ok);
  REQUIRE_FALSE(vs.issues.empty());
  CHECK(vs.issues.front().key == "rl_colocate");
  for (const LaunchFormatInfo& info : LaunchFormats()) {
    if (info.format == LaunchFormat::Trl || info.format == LaunchFormat::Verl || info.format == LaunchFormat::Openrlhf)
      continue;
    INFO(info.id);
    const PlanOutput o = LaunchPlan(grpo, info.format);
    if (!o.ok) continue;  // a stack that cannot plan the goal at all already said so
    const LaunchExport r = ExportLaunch(o, info.format, "");
    CHECK_FALSE(r.ok);
    REQUIRE_FALSE(r.issues.empty());
    CHECK(r.issues.front().key == "goal");
  }
}

namespace {
// The value words after a flag of an OpenRLHF command (Python's shlex), "" when the flag is absent, "true" for a bare
// one.
std::string FlagValue(const std::vector<std::string>& words, const std::string& flag) {
  for (size_t i = 0; i < words.size(); ++i)
    if (words[i] == flag) {
      std::string v;
      for (size_t j = i + 1; j < words.size() && words[j].rfind("--", 0) != 0; ++j)
        v += (v.empty() ? "" : " ") + words[j];
      return v.empty() ? "true" : v;
    }
  return "";
}
}  // namespace

// Issue #32: OpenRLHF v0.11.0's launch command. GRPO and PPO as train_ppo_ray under `ray job submit`, with the plan's
// GPUs, rollout engines and batches; DPO as train_dpo under deepspeed; what it cannot run is refused by its key.
TEST_CASE("launch export: OpenRLHF's train_ppo_ray and train_dpo commands", "[launch][rl]") {
  using F = LaunchFormat;
  const Config grpo = Cfg({{"model", "qwen2.5-7b"},
                           {"gpu", "h100"},
                           {"gpus", "16"},
                           {"goal", "grpo"},
                           {"rl_samples", "16"},
                           {"rl_prompts", "256"},
                           {"rl_max_response_len", "1024"},
                           {"rl_prompt_len", "300"},
                           {"rl_updates", "2"},
                           {"rl_rollout_tp", "2"},
                           {"rl_steps", "50"}});
  const PlanOutput plan = PlanFor(grpo, F::Openrlhf);
  const LaunchExport e = ExportLaunch(plan, F::Openrlhf, "");
  REQUIRE(e.ok);
  CheckEmittedKeys(F::Openrlhf, e.text);
  CHECK(e.text.find("TrainPlan launch config: OpenRLHF GRPO (train_ppo_ray)") != std::string::npos);
  const std::vector<std::string> w = Python(kShellWords, e.text, ".sh");
  CHECK(FlagValue(w, "--actor.num_nodes") == "2");  // 16 GPUs, 8 a node
  CHECK(FlagValue(w, "--actor.num_gpus_per_node") == "8");
  CHECK(FlagValue(w, "--train.colocate_all") == "true");
  CHECK(FlagValue(w, "--vllm.enable_sleep") == "true");
  CHECK(FlagValue(w, "--vllm.num_engines") == "8");  // 16 GPUs / rollout tp 2 (colocate_all's assertion)
  CHECK(FlagValue(w, "--vllm.tensor_parallel_size") == "2");
  CHECK(FlagValue(w, "--algo.advantage.estimator") == "group_norm");
  CHECK(FlagValue(w, "--rollout.batch_size") == "256");
  CHECK(FlagValue(w, "--rollout.n_samples_per_prompt") == "16");
  CHECK(FlagValue(w, "--train.batch_size") == "2048");  // 256 x 16 over 2 updates
  CHECK(FlagValue(w, "--train.micro_batch_size") == std::to_string(plan.plan.layout.mbs));
  CHECK(FlagValue(w, "--rollout.max_new_tokens") == "1024");
  CHECK(FlagValue(w, "--data.max_len") == "1324");
  CHECK(FlagValue(w, "--data.max_samples") == "12800");  // 50 steps x 256 prompts
  CHECK(FlagValue(w, "--ds.zero_stage") == std::to_string(plan.plan.layout.zero));
  CHECK(FlagValue(w, "--critic.num_nodes").empty());  // GRPO has no critic
  CHECK(FlagValue(w, "--algo.kl.use_loss") == "true");

  // PPO: the critic on the actor's GPUs, a reward model, gae.
  Config ppo = grpo;
  std::vector<ConfigIssue> ignored;
  ApplyPair(ppo, "goal", "ppo", ignored);
  ApplyPair(ppo, "rl_reward", "llama3.1-8b", ignored);
  const LaunchExport p = ExportLaunch(PlanFor(ppo, F::Openrlhf), F::Openrlhf, "");
  REQUIRE(p.ok);
  CheckEmittedKeys(F::Openrlhf, p.text);
  const std::vector<std::string> pw = Python(kShellWords, p.text, ".sh");
  CHECK(FlagValue(pw, "--algo.advantage.estimator") == "gae");
  CHECK(FlagValue(pw, "--critic.num_gpus_per_node") == "8");
  CHECK(FlagValue(pw, "--reward.model_name_or_path") == "meta-llama/Llama-3.1-8B");
  CHECK(FlagValue(pw, "--reward.remote_url").empty());

  // Split pools: vLLM on the rollout GPUs; in sync mode a critic would need GPUs of its own (refused, naming
  // rl_colocate), one step off colocates the DeepSpeed models apart from vLLM.
  Config split = ppo;
  ApplyPair(split, "rl_colocate", "0", ignored);
  ApplyPair(split, "rl_rollout_gpus", "4", ignored);
  const LaunchExport ss = ExportLaunch(PlanFor(split, F::Openrlhf), F::Openrlhf, "");
  CHECK_FALSE(ss.ok);
  REQUIRE_FALSE(ss.issues.empty());
  CHECK(ss.issues.front().key == "rl_colocate");
  ApplyPair(split, "rl_async", "1", ignored);
  const LaunchExport sa = ExportLaunch(PlanFor(split, F::Openrlhf), F::Openrlhf, "");
  REQUIRE(sa.ok);
  const std::vector<std::string> sw = Python(kShellWords, sa.text, ".sh");
  CHECK(FlagValue(sw, "--train.async_enable") == "true");
  CHECK(FlagValue(sw, "--train.colocate_all") == "true");
  CHECK(FlagValue(sw, "--vllm.enable_sleep").empty());
  CHECK(FlagValue(sw, "--actor.num_nodes") == "2");  // 12 trainer GPUs as Ray places them exactly: 2 x 6
  CHECK(FlagValue(sw, "--actor.num_gpus_per_node") == "6");
  CHECK(FlagValue(sw, "--vllm.num_engines") == "2");  // 4 rollout GPUs at tp 2

  // DPO: train_dpo under deepspeed, batches of pairs; QLoRA as 4-bit loading with a LoRA rank.
  const Config dpo = Cfg({{"model", "qwen2.5-7b"},
                          {"gpu", "h100"},
                          {"gpus", "8"},
                          {"goal", "dpo"},
                          {"method", "qlora"},
                          {"rl_prompts", "64"}});
  const PlanOutput dp = PlanFor(dpo, F::Openrlhf);
  CHECK(dp.plan.layout.mbs % 2 == 0);  // auto: whole pairs
  const LaunchExport d = ExportLaunch(dp, F::Openrlhf, "");
  REQUIRE(d.ok);
  CheckEmittedKeys(F::Openrlhf, d.text);
  const std::vector<std::string> dw = Python(kShellWords, d.text, ".sh");
  CHECK(dw.at(0) == "deepspeed");
  CHECK(FlagValue(dw, "--train.batch_size") == "64");
  CHECK(FlagValue(dw, "--train.micro_batch_size") == std::to_string(dp.plan.layout.mbs / 2));
  CHECK(FlagValue(dw, "--ds.load_in_4bit") == "true");
  CHECK(FlagValue(dw, "--ds.lora.rank") == std::to_string(dp.job.work.lora_r));

  // A script as OpenRLHF's examples write it (examples/scripts/train_dpo_llama.sh@3c3be62): the flags in a heredoc,
  // the next commands after them; a bare flag at the end of the command takes none of the next command's words.
  const LaunchImport script = ImportLaunch(
      "read -r -d '' training_commands <<EOF\nopenrlhf.cli.train_dpo \\\n   --train.batch_size 256 \\\n"
      "   --train.micro_batch_size 1 \\\n   --ds.zero_stage 3 \\\n   --model.gradient_checkpointing_enable\nEOF\n"
      "if [[ ${1} != \"slurm\" ]]; then\n    deepspeed --module $training_commands\nfi\n");
  INFO(testing::IssuesText(script.issues));
  REQUIRE(script.ok);
  CHECK(script.format == F::Openrlhf);
  const std::string pairs = LaunchPairsText(script);
  CHECK(pairs.find("goal=dpo") != std::string::npos);
  CHECK(pairs.find("recompute=full") != std::string::npos);
  CHECK(pairs.find("rl_prompts=256") != std::string::npos);
  CHECK(pairs.find("mbs=2") != std::string::npos);  // one pair: two sequences
  CHECK(pairs.find("zero=3") != std::string::npos);

  // Refusals name the key: pre-training, pipeline parallelism, Transformers' generate, an 8-bit optimizer.
  auto refused = [&](std::initializer_list<std::pair<const char*, const char*>> pairs, const char* key) {
    const PlanOutput o = LaunchPlan(Cfg(pairs), F::Openrlhf);
    REQUIRE(o.ok);
    const LaunchExport r = ExportLaunch(o, F::Openrlhf, "");
    INFO(key);
    CHECK_FALSE(r.ok);
    REQUIRE_FALSE(r.issues.empty());
    CHECK(r.issues.front().key == key);
  };
  refused({{"model", "qwen2.5-7b"}, {"gpu", "h100"}, {"gpus", "8"}, {"goal", "pretrain"}}, "goal");
  {  // pipeline parallelism: the plan itself refuses it under OpenRLHF (core/stack/capabilities.cpp
     // RlCapabilityTable), before any export
    const PlanOutput o = LaunchPlan(
        Cfg({{"model", "llama3-70b"}, {"gpu", "h100"}, {"gpus", "32"}, {"goal", "grpo"}, {"pp", "2"}}), F::Openrlhf);
    CHECK_FALSE(o.ok);
    bool named = false;
    for (const ConfigIssue& i : o.issues)
      named = named || (!i.notice && i.key == "pp" && i.message.find("OpenRLHF") != std::string::npos);
    CHECK(named);
  }
  {  // a plan made for verl's Megatron backend (pp=2) exported to OpenRLHF: the export refuses it by the same table
     // (formats.cpp OpenrlhfLacks reads RlCapabilityTable), naming the key
    const PlanOutput o = MakePlan(Cfg({{"model", "llama3-70b"},
                                       {"gpu", "h100"},
                                       {"gpus", "32"},
                                       {"goal", "grpo"},
                                       {"stack", "megatron"},
                                       {"rl_framework", "verl"},
                                       {"pp", "2"}}));
    REQUIRE(o.ok);
    REQUIRE(o.plan.layout.pp == 2);
    CHECK(RlCapability(RlFramework::Openrlhf, StackOf(o.job).kind, o.job.stack_year, Feature::Pp).support ==
          Support::Absent);
    const LaunchExport r = ExportLaunch(o, F::Openrlhf, "");
    CHECK_FALSE(r.ok);
    bool named = false;
    for (const ConfigIssue& i : r.issues) named = named || (!i.notice && i.key == "pp");
    CHECK(named);
  }
  refused({{"model", "qwen2.5-7b"}, {"gpu", "h100"}, {"gpus", "8"}, {"goal", "grpo"}, {"rl_engine", "hf"}},
          "rl_engine");
  refused({{"model", "qwen2.5-7b"}, {"gpu", "h100"}, {"gpus", "8"}, {"goal", "grpo"}, {"opt", "adamw8bit"}}, "opt");
}

// verl's two offloads (rl.cpp TrainerExtras, export.cpp): rl_park is the actor's param, grad and optimizer offload
// between phases; offload=cpu the optimizer on the CPU itself, FSDP2's offload_policy on the FSDP actor and Megatron's
// optimizer_cpu_offload on the Megatron one. Each is written in verl's words and read back apart.
TEST_CASE("launch import: verl's launch scripts, variables and Hydra overrides as the shell expands them",
          "[launch][rl]") {
  // As verl's examples/grpo_trainer/run_deepseek671b_math_megatron_96gb.sh (@b178a3c) writes one: variables with
  // defaults and arithmetic, a megatron config name, '+' overrides, quoted values, continuation lines, "$@".
  const char* script = R"(#!/usr/bin/env bash
set -xeuo pipefail
max_prompt_length=$((1024 * 2))
max_response_length=$((1204 * 8))
train_prompt_bsz=96
n_resp_per_prompt=8
train_prompt_mini_bsz=32
NNODES=${NNODES:-12}
RAY_DATA_HOME=${RAY_DATA_HOME:-"${HOME}/verl"}
MODEL_PATH=$RAY_DATA_HOME/models/DeepSeek-V3
offload=True
gen_tp=32
train_tp=${TP:-8}
train_pp=${PP:-12}
EP=${EP:-8}
python3 -m verl.trainer.main_ppo \
    --config-path=config \
    --config-name='ppo_megatron_trainer.yaml' \
    data.max_prompt_length=${max_prompt_length} \
    data.max_response_length=${max_response_length} \
    data.train_batch_size=${train_prompt_bsz} \
    actor_rollout_ref.rollout.n=${n_resp_per_prompt} \
    algorithm.adv_estimator=grpo \
    actor_rollout_ref.actor.use_kl_loss=True \
    actor_rollout_ref.model.path="${MODEL_PATH}" \
    actor_rollout_ref.actor.ppo_mini_batch_size=${train_prompt_mini_bsz} \
    +actor_rollout_ref.actor.optim.override_optimizer_config.optimizer_cpu_offload=True \
    actor_rollout_ref.actor.megatron.param_offload=${offload} \
    actor_rollout_ref.actor.megatron.pipeline_model_parallel_size=${train_pp} \
    actor_rollout_ref.actor.megatron.tensor_model_parallel_size=${train_tp} \
    actor_rollout_ref.actor.megatron.expert_model_parallel_size=$EP \
    +actor_rollout_ref.actor.megatron.override_transformer_config.recompute_granularity=full \
    actor_rollout_ref.rollout.gpu_memory_utilization=0.6 \
    actor_rollout_ref.rollout.tensor_model_parallel_size=${gen_tp} \
    trainer.logger=['console','wandb'] \
    trainer.n_gpus_per_node=8 \
    trainer.nnodes="${NNODES}" $@
)";
  LaunchFormat detected;
  REQUIRE(DetectLaunchFormat(script, detected));
  CHECK(detected == LaunchFormat::Verl);
  const LaunchImport imp = ImportLaunch(script);
  INFO(LaunchPairsText(imp));
  INFO(testing::IssuesText(imp.issues));
  REQUIRE(imp.ok);
  CheckTook(
      imp, {"model=deepseek-v3", "goal=grpo", "stack=megatron", "rl_prompts=96", "rl_prompt_len=2048",
            "rl_max_response_len=9632", "rl_samples=8", "rl_updates=3", "tp=8", "pp=12", "ep=8", "zero=1",
            "offload=cpu", "recompute=full", "rl_park=1", "rl_kv_frac=0.6", "rl_rollout_tp=32", "gpus=96", "rl_ref=1"});
  // The plan it reads: DeepSeek-V3's GRPO on 96 H20, as verl's minimum-resource statement runs it.
  Config cfg;
  std::vector<ConfigIssue> issues;
  ApplyPair(cfg, "gpu", "h20", issues);
  ApplyLaunchImport(cfg, imp, issues);
  REQUIRE_FALSE(HasErrors(issues));
  const PlanOutput plan = MakePlan(cfg);
  REQUIRE(plan.ok);
  CHECK(plan.plan.layout.ep == 8);
  CHECK(plan.job.rl.rollout_tp == 32);
  // Overrides grouped in arrays (NAME=( ... ) over several lines, "${NAME[@]}" in the command), as verl's LoRA and
  // NPU scripts write them; a Megatron-Bridge LoRA rank (model.lora.rank) and a Qwen3 "-Instruct-2507" release.
  const LaunchImport grouped = ImportLaunch(R"(TP=${TP:-2}
EP=${EP:-4}
MODEL=(
    actor_rollout_ref.model.path=Qwen/Qwen3-30B-A3B-Instruct-2507
    actor_rollout_ref.model.lora.rank=32
    # a comment inside the array
)
ACTOR=(
    actor_rollout_ref.actor.megatron.tensor_model_parallel_size=${TP}
    actor_rollout_ref.actor.megatron.expert_model_parallel_size=${EP}
)
python3 -m verl.trainer.main_ppo --config-name='ppo_megatron_trainer.yaml'     algorithm.adv_estimator=grpo     "${MODEL[@]}"     "${ACTOR[@]}"     trainer.n_gpus_per_node=8 trainer.nnodes=1
)");
  INFO(LaunchPairsText(grouped));
  REQUIRE(grouped.ok);
  CheckTook(grouped, {"model=qwen3-30b-a3b", "method=lora", "lora_r=32", "lora_targets=all", "tp=2", "ep=4",
                      "stack=megatron", "gpus=8"});
  // A variable the script leaves to the environment without a default stays as written: the key that reads it is
  // named, not a silent number.
  const LaunchImport unset = ImportLaunch(
      "python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo actor_rollout_ref.rollout.n=5 "
      "trainer.n_gpus_per_node=8 trainer.nnodes=$NNODES\n");
  bool named = false;
  for (const ConfigIssue& i : unset.issues)
    named |= !i.notice && i.key == "trainer.nnodes" && i.message.find("$NNODES") != std::string::npos;
  CHECK(named);
  CHECK_FALSE(unset.ok);
  // The models of the frameworks' examples by their ids and paths: DeepSeek LLM 7B (its chat release), GPT-OSS-20B
  // converted to bf16 (the same architecture in another precision), OpenRLHF's own fine-tune of Llama 3 8B, ProRL v2's
  // DeepSeek-R1-Distill-Qwen-1.5B (untied, unlike its base), Moonlight's and Qwen1.5-MoE's releases under verl's
  // Megatron actor (mixtures of experts).
  const std::string verl = "python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo trainer.n_gpus_per_node=8 ";
  const std::string megatron = verl + "--config-name=ppo_megatron_trainer ";
  const std::string dpo = "deepspeed --module openrlhf.cli.train_dpo --model.model_name_or_path ";
  const struct {
    std::string command;
    std::vector<std::string> took;
  } named_models[] = {
      {verl + "actor_rollout_ref.model.path=deepseek-ai/deepseek-llm-7b-chat\n", {"model=deepseek-llm-7b"}},
      {verl + "actor_rollout_ref.model.path=/data/models/gpt-oss-20b-bf16\n", {"model=gpt-oss-20b"}},
      {dpo + "OpenRLHF/Llama-3-8b-sft-mixture --ds.zero_stage 3\n", {"model=llama3-8b", "goal=dpo"}},
      {dpo + "deepseek-ai/DeepSeek-R1-Distill-Qwen-1.5B\n", {"model=deepseek-r1-distill-qwen-1.5b"}},
      {megatron + "actor_rollout_ref.model.path=moonshotai/Moonlight-16B-A3B-Instruct\n",
       {"model=moonlight-16b-a3b", "stack=megatron"}},
      {megatron + "actor_rollout_ref.model.path=/data/models/Qwen/Qwen1.5-MoE-A2.7B-Chat\n",
       {"model=qwen1.5-moe-a2.7b"}},
  };
  for (const auto& m : named_models) {
    INFO(m.command);
    const LaunchImport imp = ImportLaunch(m.command);
    REQUIRE(imp.ok);
    CheckTook(imp, m.took);
  }
  // An exported verl YAML, whose header names the same entry point, is still read as YAML.
  Config grpo;
  ApplyLink(grpo, "model=qwen2.5-7b&goal=grpo&gpu=h100&gpus=8", issues);
  const LaunchExport ex = ExportLaunch(LaunchPlan(grpo, LaunchFormat::Verl), LaunchFormat::Verl);
  REQUIRE(ex.ok);
  REQUIRE(ex.text.find("verl.trainer.main_ppo") != std::string::npos);
  CHECK(ImportLaunch(ex.text).ok);
}

TEST_CASE("launch import: Megatron-LM's example scripts, their arrays and torchrun's GPUs", "[launch]") {
  // As Megatron-LM's examples/llama/train_llama3_8b_h100_fp8.sh writes one: variables, arrays appended to (+=) and
  // spliced into others, quoted items holding a flag and its value, torchrun's --nproc_per_node x --nnodes.
  const LaunchImport imp = ImportAs(R"(#!/bin/bash
GPUS_PER_NODE=8
NUM_NODES=2
TP_SIZE=2
SEQ_LENGTH=8192
TOKENIZER_ARG=${3:-"MOCK"}
DISTRIBUTED_ARGS=(
    --nproc_per_node $GPUS_PER_NODE
    --nnodes $NUM_NODES
)
MODEL_ARGS=(
    --num-layers 32 --hidden-size 4096 --ffn-hidden-size 14336 --num-attention-heads 32
    --group-query-attention --num-query-groups 8 --seq-length $SEQ_LENGTH --max-position-embeddings $SEQ_LENGTH
    --tokenizer-model ${TOKENIZER_ARG}
)
TRAINING_ARGS=(
    --micro-batch-size 1
    --global-batch-size 128
    --bf16
)
DDP_ARGS=(
    --use-distributed-optimizer
)
TRAINING_ARGS+=("${DDP_ARGS[@]}")
DTYPE_ARGS=()
DTYPE_ARGS+=(
    "--fp8-format hybrid"
)
torchrun ${DISTRIBUTED_ARGS[@]} pretrain_gpt.py \
    ${MODEL_ARGS[@]} ${TRAINING_ARGS[@]} ${DTYPE_ARGS[@]} \
    --tensor-model-parallel-size $TP_SIZE --sequence-parallel
)",
                                    LaunchFormat::Megatron);
  CheckTook(imp, {"layers=32", "hidden=4096", "seq=8192", "gbs=128", "zero=1", "prec=fp8", "tp=2", "gpus=16",
                  "gpus_per_node=8"});
  const std::string pairs = " " + LaunchPairsText(imp) + " ";
  CHECK(pairs.find(" name=") == std::string::npos);  // "MOCK" names no model
}

TEST_CASE("launch: Megatron-LM's 16-bit gradient buffer and --train-samples, read and written", "[launch]") {
  // Megatron-LM's examples/llama/train_llama3_8b_h100_fp8.sh: --grad-reduce-in-bf16 keeps the gradient buffer in bf16
  // (arguments.py: fp32 under --bf16 otherwise), --train-samples counts the run in sequences.
  const LaunchImport imp = ImportLaunch(
      "torchrun --nproc_per_node 8 pretrain_gpt.py --num-layers 32 --hidden-size 4096 --ffn-hidden-size 14336 "
      "--num-attention-heads 32 --group-query-attention --num-query-groups 8 --seq-length 8192 --micro-batch-size 1 "
      "--global-batch-size 128 --train-samples 1280000 --bf16 --grad-reduce-in-bf16 --use-distributed-optimizer\n");
  INFO(testing::IssuesText(imp.issues));
  REQUIRE(imp.ok);
  CheckTook(imp, {"grad_fp32=0", "gbs=128", "seq=8192"});
  Config cfg = Cfg({{"gpu", "h100"}});
  std::vector<ConfigIssue> issues;
  ApplyLaunchImport(cfg, imp, issues);
  REQUIRE_FALSE(HasErrors(issues));
  CHECK(cfg.tokens == Approx(1280000.0 * 8192));  // 10,000 steps of 128 sequences
  const PlanOutput plan = MakePlan(cfg);
  REQUIRE(plan.ok);
  CHECK_FALSE(plan.job.work.grad_fp32);
  // Without the flag the buffer is fp32: 2 bytes more per parameter.
  const LaunchImport fp32 = ImportLaunch(
      "torchrun --nproc_per_node 8 pretrain_gpt.py --num-layers 32 --hidden-size 4096 --ffn-hidden-size 14336 "
      "--num-attention-heads 32 --group-query-attention --num-query-groups 8 --seq-length 8192 --micro-batch-size 1 "
      "--global-batch-size 128 --bf16 --use-distributed-optimizer\n");
  Config wide = Cfg({{"gpu", "h100"}});
  ApplyLaunchImport(wide, fp32, issues);
  const PlanOutput wide_plan = MakePlan(wide);
  REQUIRE(wide_plan.ok);
  CHECK(wide_plan.plan.memory.gradients == Approx(2 * plan.plan.memory.gradients));
  // Written back: a plan with grad_fp32=0 exports the flag, and reads back to it.
  const LaunchExport ex = ExportLaunch(PlanFor(cfg, LaunchFormat::Megatron), LaunchFormat::Megatron, "");
  REQUIRE(ex.ok);
  CheckEmittedKeys(LaunchFormat::Megatron, ex.text);
  CHECK(ex.text.find("--grad-reduce-in-bf16") != std::string::npos);
  CheckTook(ImportLaunch(ex.text), {"grad_fp32=0"});
}

// TRL's command line, as its documentation runs it: trl sft | dpo | grpo with TrlParser's flags (ModelConfig's LoRA
// and quantization among them), accelerate's processes and TRL's shipped accelerate configs.
TEST_CASE("launch import: TRL's command line (trl sft, dpo, grpo, accelerate launch) and Transformers' examples'",
          "[launch]") {
  const LaunchImport sft = ImportAs(
      "trl sft --model_name_or_path Qwen/Qwen2.5-7B --dataset_name trl-lib/Capybara --max_length 4096 \\\n"
      "    --per_device_train_batch_size 2 --gradient_accumulation_steps 8 --use_peft --lora_r 32 \\\n"
      "    --load_in_4bit --attn_implementation eager --accelerate_config zero3 --num_processes 4\n",
      LaunchFormat::Trl);
  CheckTook(sft, {"model=qwen2.5-7b", "seq=4096", "mbs=2", "method=qlora", "lora_r=32", "lora_dropout=0.05", "flash=0",
                  "zero=3", "gpus=4"});
  CHECK(sft.grad_accum == 8);
  // LoRA flags without --use_peft train no adapters (ModelConfig.use_peft defaults to False); a shipped config gives
  // its 8 processes.
  const LaunchImport full = ImportLaunch(
      "accelerate launch --config_file zero2 trl/scripts/sft.py --model_name_or_path Qwen/Qwen2.5-7B --lora_r 64\n");
  REQUIRE(full.ok);
  CheckTook(full, {"method=full", "zero=2", "gpus=8"});
  CHECK(LaunchPairsText(full).find("lora_r") == std::string::npos);
  const LaunchImport dpo =
      ImportLaunch("trl dpo --model_name_or_path Qwen/Qwen2.5-7B --per_device_train_batch_size 4 --use_peft\n");
  REQUIRE(dpo.ok);
  CheckTook(dpo, {"goal=dpo", "method=lora", "lora_r=16", "mbs=8"});  // pairs of two sequences
  const LaunchImport grpo =
      ImportLaunch("trl grpo --model_name_or_path Qwen/Qwen2.5-7B --num_generations 8 --max_completion_length 1024\n");
  REQUIRE(grpo.ok);
  CheckTook(grpo, {"goal=grpo", "rl_samples=8"});
  // An SFT file states its goal: imported over a GRPO plan (the page's, a link's) it plans fine-tuning, as do
  // Unsloth's SFT notebooks, torchtune's recipes and Axolotl's configs.
  for (const char* file : {"trl sft --model_name_or_path Qwen/Qwen2.5-7B --max_length 2048\n",
                           "model:\n  _component_: torchtune.models.qwen2_5.qwen2_5_7b_base\nbatch_size: 2\n",
                           "base_model: Qwen/Qwen2.5-7B\nadapter: lora\nsequence_len: 2048\nmicro_batch_size: 2\n"}) {
    INFO(file);
    Config over = Cfg({{"model", "qwen2.5-7b"}, {"gpu", "h100"}, {"gpus", "8"}, {"goal", "grpo"}});
    std::vector<ConfigIssue> issues;
    ApplyLaunchImport(over, ImportLaunch(file), issues);
    REQUIRE_FALSE(HasErrors(issues));
    const PlanOutput plan = MakePlan(over);
    REQUIRE(plan.ok);
    CHECK(plan.job.work.finetune);
    CHECK_FALSE(plan.job.rl.Active());
  }
  // The file's accumulation sizes the batch over the one the configuration had (a page's last plan's); a gbs given
  // beside the import (the command line's gbs=) stands.
  {
    const LaunchImport accumulated = ImportLaunch(
        "trl sft --model_name_or_path Qwen/Qwen2.5-7B --per_device_train_batch_size 2 --gradient_accumulation_steps 4 "
        "--num_processes 4\n");
    Config page = Cfg({{"gbs", "512"}});
    std::vector<ConfigIssue> issues;
    ApplyLaunchImport(page, accumulated, issues);
    CHECK(page.gbs == 2 * 4 * 4);
    Config command_line = Cfg({{"gbs", "64"}});
    ApplyLaunchPairs(command_line, accumulated, issues);
    FinishLaunchImport(command_line, accumulated, issues, kGivenGbs);
    CHECK(command_line.gbs == 64);
  }
  // Two files read together (the command line's two --import, the page's files dropped one after another): the
  // script's accumulation over the launcher's GPUs, and neither file's note asks for what the other gives.
  {
    const std::vector<LaunchImport> both = {
        ImportLaunch("trl sft --model_name_or_path Qwen/Qwen2.5-7B --per_device_train_batch_size 2 "
                     "--gradient_accumulation_steps 4\n"),
        ImportAs("distributed_type: DEEPSPEED\ndeepspeed_config:\n  zero_stage: 3\nnum_processes: 6\n",
                 LaunchFormat::Hf)};
    Config page = Cfg({{"gpus", "16"}, {"gbs", "512"}});
    std::vector<ConfigIssue> issues;
    for (const LaunchImport& imp : both) ApplyLaunchPairs(page, imp, issues);
    FinishLaunchImports(page, both, issues);
    CHECK(page.gpus == 6);
    CHECK(page.gbs == 2 * 4 * 6);
    CHECK(page.model == "qwen2.5-7b");
    CHECK_FALSE(HasIssue(issues, true, "model", "does not name the model"));
    CHECK_FALSE(HasIssue(issues, true, "gpus", "does not say how many GPUs"));
    // Each alone asks for what it lacks.
    std::vector<ConfigIssue> alone;
    Config launcher_only = Cfg({});
    ApplyLaunchImport(launcher_only, both[1], alone);
    CHECK(HasIssue(alone, true, "model", "does not name the model"));
  }
  // LLaMA-Factory's reward, PPO and KTO stages are its own trainers: named in a notice, not planned silently.
  for (const char* stage : {"rm", "ppo", "kto"}) {
    INFO(stage);
    const LaunchImport rm =
        ImportLaunch(std::string("model_name_or_path: Qwen/Qwen2.5-7B\nstage: ") + stage + "\nfinetuning_type: lora\n");
    CHECK(HasIssue(rm.issues, true, "stage", stage));
  }
  // Its DPO stage (CustomDPOTrainer, a TRL DPOTrainer) is planned as DPO: the example file
  // (examples/train_lora/llama3_lora_dpo.yaml @01fa59b) on one GPU: 1 pair x 8 accumulation a step, 1,000 pairs
  // (max_samples) over 3 epochs = 375 steps; a reference-free loss (simpo, orpo) keeps no reference.
  {
    const std::string example =
        "model_name_or_path: meta-llama/Meta-Llama-3-8B-Instruct\nstage: dpo\ndo_train: true\nfinetuning_type: lora\n"
        "lora_rank: 8\nlora_target: all\npref_beta: 0.1\npref_loss: sigmoid  # choices: [sigmoid (dpo), orpo, simpo]\n"
        "dataset: dpo_en_demo\ncutoff_len: 2048\nmax_samples: 1000\nper_device_train_batch_size: 1\n"
        "gradient_accumulation_steps: 8\nnum_train_epochs: 3.0\nbf16: true\n";
    const LaunchImport dpo = ImportAs(example, LaunchFormat::LlamaFactory);
    CheckTook(dpo, {"goal=dpo", "rl_framework=trl", "rl_ref=1", "method=lora", "seq=2048", "mbs=2"});
    Config page = Cfg({{"gpus", "1"}});
    std::vector<ConfigIssue> issues;
    ApplyLaunchImport(page, dpo, issues);
    CHECK(page.rl_prompts == 8);
    CHECK(page.rl_steps == 375);
    const PlanOutput plan = MakePlan(page);
    REQUIRE(plan.ok);
    CHECK(plan.job.rl.algo == RlAlgo::Dpo);
    CHECK(plan.job.rl.ref);
    const LaunchImport simpo = ImportLaunch(example.substr(0, example.find("pref_loss")) + "pref_loss: simpo\n");
    CheckTook(simpo, {"goal=dpo", "rl_ref=0"});
  }
  // An accelerate config file TRL does not ship is named, not guessed.
  const LaunchImport own = ImportLaunch("trl sft --model_name_or_path Qwen/Qwen2.5-7B --accelerate_config my.yaml\n");
  CHECK(HasIssue(own.issues, true, "accelerate.config", ""));
  // Transformers' example scripts (examples/pytorch/language-modeling/run_clm.py): TrainingArguments' flags, the
  // model and run_clm's --block_size, torchrun's processes a node times nodes.
  const LaunchImport clm = ImportAs(
      "torchrun --nproc_per_node 4 --nnodes 2 run_clm.py --model_name_or_path meta-llama/Llama-3.1-8B "
      "--dataset_name wikitext --block_size 4096 --per_device_train_batch_size 2 --gradient_accumulation_steps 4 "
      "--bf16 --gradient_checkpointing --do_train --output_dir out\n",
      LaunchFormat::Hf);
  CheckTook(clm, {"model=llama3.1-8b", "goal=finetune", "seq=4096", "mbs=2", "prec=bf16", "recompute=full", "gpus=8",
                  "gpus_per_node=4"});
  CHECK(clm.grad_accum == 4);
}

TEST_CASE("launch import: a script's if blocks, the branch its variables choose", "[launch]") {
  // Megatron-LM's examples/llama/train_llama3_8b_h100_fp8.sh adds its FP8 flags under if [[ "$DTYPE" == "fp8" ]]:
  // the precision follows the script's DTYPE, and a branch not taken adds nothing.
  const auto megatron = [](const std::string& dtype) {
    return ImportLaunch("DTYPE=${DTYPE:-\"" + dtype + R"("}
DTYPE_ARGS=()
if [[ "$DTYPE" == "fp8" ]]; then
    DTYPE_ARGS+=(
        "--fp8-format hybrid"
    )
elif [ "$DTYPE" = "bf16" ] && [ -z "" ]; then
    DTYPE_ARGS+=("--bf16")
else
    DTYPE_ARGS+=("--fp16")
fi
torchrun --nproc_per_node 8 pretrain_gpt.py --num-layers 32 --hidden-size 4096 --num-attention-heads 32 \
    --seq-length 4096 --micro-batch-size 1 --global-batch-size 128 ${DTYPE_ARGS[@]}
)");
  };
  const LaunchImport fp8 = megatron("fp8"), bf16 = megatron("bf16"), fp16 = megatron("fp16");
  REQUIRE(fp8.ok);
  REQUIRE(bf16.ok);
  REQUIRE(fp16.ok);
  CheckTook(fp8, {"prec=fp8"});
  CheckTook(bf16, {"prec=bf16"});
  CheckTook(fp16, {"prec=fp16"});
  // verl's TensorRT-LLM scripts: if [ $TP -eq 4 ]; then ... else ... fi, on one line here, and nested.
  const auto verl = [](int tp) {
    return ImportLaunch("TP=" + std::to_string(tp) + R"(
if [ $TP -eq 4 ]; then MBS=16; else MBS=8; fi
if [ $TP -ne 4 ]; then
  if [ ! "$TP" -lt 2 ]; then MBS=$((MBS / 2)); fi
fi
python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=$MBS \
    actor_rollout_ref.model.path=Qwen/Qwen2.5-7B-Instruct trainer.n_gpus_per_node=8 trainer.nnodes=1
)");
  };
  CheckTook(verl(4), {"mbs=16"});
  // An unquoted variable holding several words is several words (Megatron-LM's older examples:
  // DISTRIBUTED_ARGS="--nproc_per_node 8 --nnodes 2 ..." then torchrun $DISTRIBUTED_ARGS); a quoted one is one.
  const LaunchImport split = ImportLaunch(R"(DISTRIBUTED_ARGS="--nproc_per_node 4 --nnodes 2 --node_rank 0"
MODEL="--num-layers 32 --hidden-size 4096 --num-attention-heads 32"
torchrun $DISTRIBUTED_ARGS pretrain_gpt.py $MODEL --seq-length 4096 --micro-batch-size 1 --global-batch-size 64
)");
  REQUIRE(split.ok);
  CheckTook(split, {"gpus=8", "layers=32", "hidden=4096", "heads=32"});
  // A quoted value over several lines (backslash-newline inside double quotes is removed, as the shell removes it),
  // and a launcher's short option (-m module) that ends its last flag's value.
  const LaunchImport quoted = ImportLaunch(R"(WORLD_SIZE=4
DISTRIBUTED_ARGS="--nproc_per_node $WORLD_SIZE                   --nnodes 1"
python -m torch.distributed.run $DISTRIBUTED_ARGS --max_restarts 0 -m megatron.training.pretrain_gpt     --num-layers 24 --hidden-size 1024 --num-attention-heads 16 --seq-length 2048 --micro-batch-size 4     --global-batch-size 16
)");
  INFO(testing::IssuesText(quoted.issues));
  REQUIRE(quoted.ok);
  CheckTook(quoted, {"gpus=4", "layers=24"});
  // torchrun's own words: an elastic --nnodes MIN:MAX is planned at its largest; --nproc_per_node auto (every GPU of
  // the machine) states no count, so the plan's own stands.
  const std::string model_flags =
      " pretrain_gpt.py --num-layers 4 --hidden-size 256 --num-attention-heads 4 --seq-length 512 "
      "--micro-batch-size 1 --global-batch-size 8\n";
  CheckTook(ImportLaunch("torchrun --nproc_per_node=4 --nnodes=1:2" + model_flags), {"gpus=8", "gpus_per_node=4"});
  const LaunchImport every = ImportLaunch("torchrun --standalone --nproc_per_node=auto" + model_flags);
  REQUIRE(every.ok);
  CHECK(LaunchPairsText(every).find("gpus=") == std::string::npos);
  CheckTook(verl(2), {"mbs=4"});
  CheckTook(verl(1), {"mbs=8"});
  // A condition the script leaves to the environment (a file, an unset variable) is not decided: its branch is read,
  // as the shell may run it.
  const LaunchImport open = ImportLaunch(R"(MBS=2
if [ -n "$SLURM_JOB_ID" ] || [ -f /etc/cluster ]; then MBS=4; fi
python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=$MBS \
    actor_rollout_ref.model.path=Qwen/Qwen2.5-7B-Instruct trainer.n_gpus_per_node=8 trainer.nnodes=1
)");
  CheckTook(open, {"mbs=4"});
  // A script's argument loop (while [[ $# -gt 0 ]]; do case $1 in ...) does not run when the script is read without
  // arguments: its defaults stand. An until loop runs while its condition is false; a for loop's body is read once.
  const LaunchImport args = ImportLaunch(R"(NPROC=8
MBS=2
while [[ $# -gt 0 ]]; do
    case $1 in
        --nproc) NPROC="$2"; shift 2 ;;
    esac
done
until [ "$MBS" -eq 2 ]; do MBS=64; done
for n in 1 2; do
    MBS=$((MBS * 2))
done
python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=$MBS \
    actor_rollout_ref.model.path=Qwen/Qwen2.5-7B-Instruct trainer.n_gpus_per_node=$NPROC trainer.nnodes=1
)");
  INFO(testing::IssuesText(args.issues));
  REQUIRE(args.ok);
  CheckTook(args, {"mbs=4", "gpus=8"});
  // case WORD in ... esac: the arm the script's word matches (Megatron-LM's examples/mamba/train.sh picks its model's
  // dimensions by "${MODEL_SCALE}"), alternatives and the default arm.
  const auto scaled = [](const std::string& scale) {
    return ImportLaunch("MODEL_SCALE=${MODEL_SCALE:-\"" + scale + R"("}
case "${MODEL_SCALE}" in
    "800M")
        HIDDEN=1024
        ;;
    "8B"|"8b") HIDDEN=4096 ;;
    *)
        HIDDEN=2048
        ;;
esac
torchrun --nproc_per_node 8 pretrain_gpt.py --num-layers 24 --hidden-size $HIDDEN --num-attention-heads 16 \
    --seq-length 2048 --micro-batch-size 1 --global-batch-size 64
)");
  };
  CheckTook(scaled("800M"), {"hidden=1024"});
  CheckTook(scaled("8b"), {"hidden=4096"});
  CheckTook(scaled("2B"), {"hidden=2048"});
  // A test's && or || before a command: the command runs where the test lets it ([ -z "$X" ] && X=default keeps a
  // value the script set; a chain of && tests; || runs the command where the test fails).
  const LaunchImport guarded = ImportLaunch(R"(MBS=2
TP=2
[ -z "$MBS" ] && MBS=64
[ "$TP" -eq 2 ] && [ -n "$MBS" ] && MBS=$((MBS * 2))
[ "$TP" -eq 2 ] || MBS=128
[ -z "$TP" ] && { MBS=256; TP=8; }
{ NODES=1
}
python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=$MBS \
    actor_rollout_ref.model.path=Qwen/Qwen2.5-7B-Instruct trainer.n_gpus_per_node=8 trainer.nnodes=$NODES
)");
  CheckTook(guarded, {"mbs=4", "gpus=8"});
  // Here-documents: a body is the command's data, never commands. read NAME <<EOF puts it in NAME, whose words keep
  // their own lines (a bad value is named where it is written); a body cat writes to a file is not read at all.
  const LaunchImport heredoc = ImportLaunch(R"(cat > notes.txt <<'END'
--train.batch_size 7
END
read -r -d '' training_commands <<EOF
openrlhf.cli.train_dpo \
   --train.batch_size 64 \
   --ds.zero_stage three
EOF
deepspeed --module $training_commands
)");
  CHECK_FALSE(heredoc.ok);
  bool named = false;
  for (const ConfigIssue& i : heredoc.issues) named |= i.key == "--ds.zero_stage" && i.message.find("line 7") == 0;
  CHECK(named);
  const LaunchImport body = ImportLaunch(R"(cat > notes.txt <<'END'
--train.batch_size 7
END
read -r -d '' training_commands <<EOF
openrlhf.cli.train_dpo \
   --train.batch_size 64
EOF
deepspeed --module $training_commands
)");
  REQUIRE(body.ok);
  CheckTook(body, {"rl_prompts=64"});
}

TEST_CASE("launch import: a launch command inside a quoted script (srun bash -c \"...\") is read", "[launch][rl]") {
  // As OpenRLHF's examples/scripts/train_ppo_ray_slurm.sh: the whole command one double-quoted word for the inner
  // shell, its variables expanded by the outer one.
  const LaunchImport imp = ImportAs(R"(#!/bin/bash
RAY_VERSION=2.12.0
NODES=2
srun --nodes=1 --ntasks=1 bash -c \
"pip install ray[default]==$RAY_VERSION \
&& ray job submit --address=http://localhost:8265 \
    -- python3 -m openrlhf.cli.train_ppo_ray \
    --actor.num_nodes $NODES \
    --actor.num_gpus_per_node 8 \
    --actor.model_name_or_path meta-llama/Llama-3.1-8B \
    --train.micro_batch_size 4 \
    --data.max_len 2048"
)",
                                    LaunchFormat::Openrlhf);
  CheckTook(imp, {"model=llama3.1-8b", "mbs=4", "gpus=16"});
}

TEST_CASE("launch: a mixture of experts exported to verl runs on its Megatron workers, as its plan on auto does",
          "[launch][rl]") {
  // DeepSeek-V3's GRPO on 256 H100, every layout key on auto: the plan is Megatron-Core's with expert parallelism
  // (resolve.cpp), and the export plans the same, not the FSDP workers' tp = pp = ep = 1.
  Config cfg;
  std::vector<ConfigIssue> issues;
  ApplyLink(cfg, "model=deepseek-v3&goal=grpo&gpu=h100&gpus=256", issues);
  REQUIRE_FALSE(HasErrors(issues));
  const PlanOutput shown = MakePlan(cfg);
  REQUIRE(shown.ok);
  REQUIRE(std::string(shown.job.stack->id) == "megatron");
  const PlanOutput exported = LaunchPlan(cfg, LaunchFormat::Verl);
  REQUIRE(exported.ok);
  CHECK(std::string(exported.job.stack->id) == "megatron");
  CHECK(exported.plan.layout.ep == shown.plan.layout.ep);
  CHECK(exported.plan.layout.pp == shown.plan.layout.pp);
  CHECK(PlanFits(exported));
  const LaunchExport ex = ExportLaunch(exported, LaunchFormat::Verl);
  INFO(ex.text);
  REQUIRE(ex.ok);
  CHECK(ex.text.find("strategy: \"megatron\"") != std::string::npos);
  CHECK(ex.text.find("expert_model_parallel_size: " + std::to_string(shown.plan.layout.ep)) != std::string::npos);
  // Megatron's selective recomputation and its modules, which verl's Megatron workers take in
  // override_transformer_config (its FSDP workers have no selective mode), written and read back.
  Config selective = cfg;
  ApplyPair(selective, "recompute", "selective", issues);
  ApplyPair(selective, "recompute_mla_up", "1", issues);
  REQUIRE_FALSE(HasErrors(issues));
  const LaunchExport sel = ExportLaunch(LaunchPlan(selective, LaunchFormat::Verl), LaunchFormat::Verl);
  INFO(sel.text);
  REQUIRE(sel.ok);
  CHECK(sel.text.find("recompute_granularity: \"selective\"") != std::string::npos);
  CHECK(sel.text.find("\"mla_up_proj\"") != std::string::npos);
  CheckTook(ImportLaunch(sel.text), {"recompute=selective", "recompute_mla_up=1"});
}

TEST_CASE("launch: verl's actor offload between phases and its optimizer on the CPU, written and read apart",
          "[launch][rl]") {
  struct Case {
    const char* tail;
    std::vector<const char*> written, absent;
  };
  const std::string base = "model=qwen2.5-7b&goal=grpo&gpu=h100&gpus=16&rl_framework=verl&zero=3&tp=1&pp=1&cp=1";
  const Case cases[] = {
      {"&stack=fsdp&rl_park=1&offload=none",
       {"param_offload: true", "optimizer_offload: true", "strategy: \"fsdp\""},
       {"offload_policy"}},
      {"&stack=fsdp&rl_park=0&offload=cpu",
       {"offload_policy: true", "strategy: \"fsdp2\"", "param_offload: false"},
       {"optimizer_cpu_offload"}},
      {"&stack=megatron&zero=1&rl_park=1&offload=cpu",
       {"optimizer_cpu_offload: true", "grad_offload: true"},
       {"offload_policy"}},
  };
  for (const Case& c : cases) {
    Config cfg;
    std::vector<ConfigIssue> issues;
    ApplyLink(cfg, base + c.tail, issues);
    REQUIRE_FALSE(HasErrors(issues));
    const PlanOutput before = PlanFor(cfg, LaunchFormat::Verl);
    const LaunchExport ex = ExportLaunch(before, LaunchFormat::Verl);
    INFO(c.tail << "\n" << ex.text);
    REQUIRE(ex.ok);
    for (const char* w : c.written) CHECK(ex.text.find(w) != std::string::npos);
    for (const char* a : c.absent) CHECK(ex.text.find(a) == std::string::npos);
    const LaunchImport imp = ImportLaunch(ex.text);
    REQUIRE(imp.ok);
    Config back;
    ApplyLaunchImport(back, imp, issues);
    CHECK(back.rl_park == cfg.rl_park);
    CHECK(back.offload == cfg.offload);
  }
}

// OpenRLHF's DeepSpeed sleep (rl.cpp OpenrlhfSleepBytes): --ds.enable_sleep is written where the plan parks the
// states (rl_park=1), not merely because the engine is colocated (--vllm.enable_sleep), and read back as rl_park.
// OpenRLHF's supervised fine-tuning (openrlhf.cli.train_sft under the deepspeed launcher): written with the plan's
// GPUs, batches, dataset and DeepSpeed settings, and read back to the same plan; its README's command read as written.
TEST_CASE("launch: OpenRLHF's train_sft, written and read back", "[launch]") {
  using F = LaunchFormat;
  const Config sft = Cfg({{"model", "llama3.1-8b"},
                          {"gpu", "a100-80g"},
                          {"gpus", "12"},
                          {"goal", "finetune"},
                          {"method", "lora"},
                          {"lora_r", "32"},
                          {"examples", "50000"},
                          {"epochs", "2"}});
  const PlanOutput plan = PlanFor(sft, F::Openrlhf);
  REQUIRE(plan.ok);
  const LaunchExport e = ExportLaunch(plan, F::Openrlhf, "");
  REQUIRE(e.ok);
  CheckEmittedKeys(F::Openrlhf, e.text);
  CHECK(e.text.find("TrainPlan launch config: OpenRLHF SFT (train_sft)") != std::string::npos);
  const std::vector<std::string> w = Python(kShellWords, e.text, ".sh");
  CHECK(w.at(0) == "deepspeed");
  CHECK(FlagValue(w, "--num_nodes") == "2");  // 12 GPUs as 2 nodes of 6
  CHECK(FlagValue(w, "--num_gpus") == "6");
  CHECK(FlagValue(w, "--train.batch_size") == std::to_string(plan.plan.global_batch));
  CHECK(FlagValue(w, "--train.micro_batch_size") == std::to_string(plan.plan.layout.mbs));
  CHECK(FlagValue(w, "--train.max_epochs") == "2");
  CHECK(FlagValue(w, "--ds.lora.rank") == "32");
  const LaunchImport back = ImportLaunch(e.text);
  INFO(testing::IssuesText(back.issues));
  REQUIRE(back.ok);
  CheckTook(back, {"goal=finetune", "gpus=12", "method=lora", "lora_r=32", "epochs=2"});
  Config again = Cfg({{"gpu", "a100-80g"}});
  std::vector<ConfigIssue> issues;
  ApplyLaunchImport(again, back, issues);
  REQUIRE_FALSE(HasErrors(issues));
  const PlanOutput replanned = MakePlan(again);
  REQUIRE(replanned.ok);
  CHECK(replanned.plan.layout.mbs == plan.plan.layout.mbs);
  CHECK(replanned.plan.global_batch == plan.plan.global_batch);
  CHECK(replanned.plan.memory.total == Approx(plan.plan.memory.total).epsilon(1e-9));
  CHECK(replanned.plan.run.steps == Approx(plan.plan.run.steps).epsilon(0.01));
  CHECK(replanned.plan.step.seconds == Approx(plan.plan.step.seconds).epsilon(1e-9));

  // OpenRLHF's README SFT command (@3c3be62), its flags in a heredoc as examples/scripts/train_sft.sh writes them.
  const LaunchImport readme = ImportLaunch(R"(read -r -d '' training_commands <<EOF
openrlhf.cli.train_sft \
   --data.max_len 4096 \
   --train.batch_size 256 \
   --train.micro_batch_size 2 \
   --data.max_samples 500000 \
   --model.model_name_or_path meta-llama/Meta-Llama-3-8B \
   --ds.zero_stage 2 \
   --train.max_epochs 1 \
   --ds.param_dtype bf16 \
   --ds.packing_samples \
   --model.gradient_checkpointing_enable
EOF
if [[ ${1} != "slurm" ]]; then
    deepspeed --module $training_commands
fi
)");
  REQUIRE(readme.ok);
  CHECK(readme.format == F::Openrlhf);
  CheckTook(readme, {"goal=finetune", "model=llama3-8b", "seq=4096", "gbs=256", "mbs=2", "zero=2", "prec=bf16",
                     "recompute=full", "epochs=1", "examples=500000", "method=full"});
  // Absent flags take train_sft's argparse defaults: two epochs, micro-batches of 8.
  const LaunchImport bare =
      ImportLaunch("deepspeed --module openrlhf.cli.train_sft --model.model_name_or_path Qwen/Qwen2.5-7B\n");
  REQUIRE(bare.ok);
  CheckTook(bare, {"goal=finetune", "model=qwen2.5-7b", "epochs=2", "mbs=8", "gbs=128", "seq=2048"});
}

TEST_CASE("launch: OpenRLHF's --ds.enable_sleep is the plan's rl_park, written and read back", "[launch][rl]") {
  const std::string base =
      "model=qwen2.5-7b&goal=grpo&gpu=h100&gpus=8&rl_framework=openrlhf&stack=deepspeed&zero=3&tp=1&pp=1&cp=1&"
      "rl_colocate=1&offload=none&rl_park=";
  for (const char* park : {"1", "0"}) {
    Config cfg;
    std::vector<ConfigIssue> issues;
    ApplyLink(cfg, base + park, issues);
    REQUIRE_FALSE(HasErrors(issues));
    const LaunchExport ex = ExportLaunch(PlanFor(cfg, LaunchFormat::Openrlhf), LaunchFormat::Openrlhf);
    INFO(park << "\n" << ex.text);
    REQUIRE(ex.ok);
    CheckEmittedKeys(LaunchFormat::Openrlhf, ex.text);
    const std::vector<std::string> w = Python(kShellWords, ex.text, ".sh");
    CHECK(FlagValue(w, "--vllm.enable_sleep") == "true");  // colocated either way
    CHECK(FlagValue(w, "--ds.enable_sleep") == (park == std::string("1") ? "true" : ""));
    const LaunchImport imp = ImportLaunch(ex.text);
    REQUIRE(imp.ok);
    Config back;
    ApplyLaunchImport(back, imp, issues);
    CHECK(back.rl_park == cfg.rl_park);
  }
}

}  // namespace launch_test
