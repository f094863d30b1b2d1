// config_test.cpp — the configuration contract: every interface.md key exists with help, values parse
// and print exactly (random configurations survive link and JSON round trips), errors name the key and
// what is accepted, hostile links never crash or hang, Hugging Face config.json import, ResolveJob and
// CheckLayout validation.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>

#include "catalog.h"
#include "config.h"
#include "hf_ids.h"
#include "json.h"
#include "plan.h"
#include "planner.h"
#include "presets.h"
#include "resolve.h"
#include "test_clock.h"
#include "test_links.h"
#include "text.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace config_test {

using namespace tp;

namespace {

// Accepted words of a choice key, read back from its accepts-text ("a, b, c or auto").
std::vector<std::string> Words(const KeyInfo& k) {
  std::vector<std::string> out;
  std::string s = k.accepts, cur;
  if (s.rfind("a whole number", 0) == 0 || s.rfind("a number", 0) == 0 || s.rfind("an id", 0) == 0) return out;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == ',' || s[i] == ' ') {
      if (!cur.empty() && cur != "or") out.push_back(cur);
      cur.clear();
    } else {
      cur += s[i];
    }
  }
  return out;
}

// A random value for key k: mostly valid, sometimes out of range (then rejected and the field kept).
std::string RandomValue(const KeyInfo& k, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0, 1);
  std::string accepts = k.accepts;
  if (u(rng) < 0.1 && accepts.find("auto") != std::string::npos) return "auto";
  if (auto words = Words(k); !words.empty()) return words[rng() % words.size()];
  if (accepts.rfind("an id", 0) == 0) {
    static const char* ids[] = {"llama3-8b", "h100", "custom", "a100-80g", "nvlink4", "ib-ndr", "x.y_z-9"};
    return ids[rng() % 7];
  }
  char buf[64];
  if (accepts.rfind("a whole number", 0) == 0) {
    std::snprintf(buf, sizeof buf, "%llu", (unsigned long long)(1 + rng() % (u(rng) < 0.5 ? 64 : 100000)));
  } else {
    // Full 17-digit doubles across many decades: the link must reproduce every bit.
    std::snprintf(buf, sizeof buf, "%.17g", std::exp(u(rng) * std::log(1e16)) * 1e-3);
  }
  return buf;
}

Config RandomConfig(std::mt19937_64& rng) {
  Config c;
  std::vector<ConfigIssue> ignored;
  for (const KeyInfo& k : Keys())
    if (rng() % 3 != 0) ApplyPair(c, k.name, RandomValue(k, rng), ignored);
  return c;
}

const ConfigIssue* IssueFor(const std::vector<ConfigIssue>& issues, const std::string& key) {
  for (const auto& i : issues)
    if (i.key == key && !i.notice) return &i;
  return nullptr;
}

// A config.json imported into a fresh Config and resolved, with what each step reported.
struct Imported {
  Config cfg;
  std::vector<ConfigIssue> import_issues, resolve_issues;
  Job job;
};
Imported ImportAndResolve(const char* config_json) {
  Imported r;
  ApplyHfConfig(r.cfg, config_json, r.import_issues);
  r.job = ResolveJob(r.cfg, r.resolve_issues);
  return r;
}

}  // namespace

TEST_CASE("every interface.md key is in the table with a unit, accepted values and help", "[config]") {
  const char* contract[] = {"v",           "model",       "params",
                            "layers",      "hidden",      "heads",
                            "kv_heads",    "ffn",         "vocab",
                            "act",         "tied",        "experts",
                            "topk",        "moe_ffn",     "seq",
                            "mbs",         "gbs",         "tokens",
                            "method",      "lora_r",      "prec",
                            "opt",         "zero",        "offload",
                            "recompute",   "sp",          "flash",
                            "gpus",        "tp",          "pp",
                            "vp",          "cp",          "ep",
                            "dp",          "gpu",         "gpus_per_node",
                            "intra",       "inter",       "usd_per_gpu_hour",
                            "usd_per_gpu", "usd_per_kwh", "pue",
                            "years",       "mtbf_gpu_h",  "ckpt_s",
                            "restart_s"};
  for (const char* name : contract) {
    INFO(name);
    const KeyInfo* k = FindKey(name);
    REQUIRE(k);
    CHECK(std::string(k->help).size() > 10);
    CHECK(std::string(k->accepts).size() > 2);
  }
  CHECK(FindKey("nonsense") == nullptr);
  // The extra keys of config.h are settable too.
  for (const char* name : {"lora_targets", "storage_gbps", "headroom", "lang"}) CHECK(FindKey(name));
}

TEST_CASE("default config links to the bare version and reads back", "[config]") {
  Config c;
  CHECK(FormatLink(c) == "#v=1");
  Config d;
  std::vector<ConfigIssue> issues;
  ApplyLink(d, FormatLink(c), issues);
  CHECK(issues.empty());
  CHECK(d == c);
}

TEST_CASE("random configurations survive link -> config exactly", "[config]") {
  std::mt19937_64 rng(12345);
  int changed_fields = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    Config c = RandomConfig(rng);
    std::string link = FormatLink(c);
    Config back;
    std::vector<ConfigIssue> issues;
    ApplyLink(back, link, issues);
    INFO(link);
    CHECK(issues.empty());
    REQUIRE(back == c);
    CHECK(FormatLink(back) == link);
    // The same through a whole URL and a bare pair string.
    Config via_url;
    ApplyLink(via_url, "https://example.org/trainplan/index.html" + link, issues);
    CHECK(via_url == c);
    Config via_pairs;
    ApplyLink(via_pairs, link.substr(1), issues);
    CHECK(via_pairs == c);
    for (const KeyInfo& k : Keys()) changed_fields += FormatValue(c, k.name) != FormatValue(Config{}, k.name);
  }
  CHECK(changed_fields > 2000 * 10);  // the generator really exercises the keys
}

TEST_CASE("random configurations survive the JSON object of every key", "[config]") {
  std::mt19937_64 rng(777);
  for (int trial = 0; trial < 300; ++trial) {
    Config c = RandomConfig(rng);
    std::string json = "{";
    for (const KeyInfo& k : Keys()) {
      if (json.size() > 1) json += ",";
      std::string v = FormatValue(c, k.name);
      double x = 0;
      bool number = !v.empty() && (std::isdigit((unsigned char)v[0]) != 0) &&
                    v.find_first_of("abcdfghijklmnopqrstuvwxyz-") == std::string::npos;
      if (number) x = std::strtod(v.c_str(), nullptr);
      json += JsonEscape(k.name) + ":" + (number ? FormatNumber(x) : JsonEscape(v));
    }
    json += "}";
    Config back;
    std::vector<ConfigIssue> issues;
    ApplyJson(back, json, issues);
    INFO(json);
    CHECK(issues.empty());
    REQUIRE(back == c);
    // A whole plan output is accepted: its "config" object is used.
    Config nested;
    ApplyJson(nested, "{\"link\": \"#v=1\", \"config\": " + json + "}", issues);
    CHECK(nested == c);
  }
}

// `value` for `key` refused with one error on the key, the configuration left as it was: that error.
static ConfigIssue RefusedOnce(const char* key, const char* value) {
  INFO(key << "=" << value);
  Config c;
  std::vector<ConfigIssue> issues;
  CHECK_FALSE(ApplyPair(c, key, value, issues));
  REQUIRE(issues.size() == 1);
  CHECK_FALSE(issues[0].notice);
  CHECK(issues[0].key == key);
  CHECK(c == Config{});
  return issues[0];
}

TEST_CASE("a Hugging Face id for the model is its preset, a variant's said, an unknown one refused", "[config]") {
  // As users paste them from the Hub or a notebook: the id of a preset, of an instruct or 4-bit variant of one.
  Config exact;
  std::vector<ConfigIssue> issues;
  CHECK(ApplyPair(exact, "model", "meta-llama/Llama-3.1-8B", issues));
  CHECK(exact.model == "llama3.1-8b");
  CHECK(issues.empty());
  Config variant;
  CHECK(ApplyPair(variant, "model", "unsloth/Qwen2.5-7B-Instruct-bnb-4bit", issues));
  CHECK(variant.model == "qwen2.5-7b");
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].notice);
  CHECK(issues[0].key == "model");
  CHECK(issues[0].message.find("qwen2.5-7b") != std::string::npos);
  // Mistral names its tunings' release after the tuning: v0.3's vocabulary is its own preset, v0.2 keeps v0.1's shape.
  for (const auto& [id, preset] :
       std::vector<std::pair<const char*, const char*>>{{"mistralai/Mistral-7B-Instruct-v0.3", "mistral-7b-v0.3"},
                                                        {"mistralai/Mistral-7B-Instruct-v0.2", "mistral-7b"},
                                                        {"mistralai/Mistral-7B-Instruct-v0.1", "mistral-7b"}}) {
    INFO(id);
    Config m;
    std::vector<ConfigIssue> said;
    CHECK(ApplyPair(m, "model", id, said));
    CHECK(m.model == preset);
  }
  // In a link too, which then prints the preset.
  Config linked;
  std::vector<ConfigIssue> more;
  ApplyLink(linked, "#v=1&model=google/gemma-2-9b-it&gpus=8", more);
  CHECK(linked.model == "gemma2-9b");
  CHECK(FormatLink(linked).find("model=gemma2-9b") != std::string::npos);
  // An id of no preset's architecture is refused, naming the key, and says what does plan it: the model's
  // config.json, or its dimensions.
  const ConfigIssue refused = RefusedOnce("model", "acme/Secret-13B-Instruct");
  CHECK(refused.message.find("--hf-config") != std::string::npos);
  CHECK(refused.message.find("model=custom") != std::string::npos);
  // Text that is no repository id (a path) is an unknown id like any other.
  CHECK(RefusedOnce("model", "../models/secret").message.find("expected ") == 0);
}

// A value written as people write it (`written`) is read as `id`, with one notice, on the key, naming it.
static void CheckReadAs(const char* key, const char* written, const std::string& id, std::string Config::*field) {
  INFO(written);
  Config c;
  std::vector<ConfigIssue> issues;
  CHECK(ApplyPair(c, key, written, issues));
  CHECK(c.*field == id);
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].notice);
  CHECK(issues[0].key == key);
  CHECK(issues[0].message.find(id) != std::string::npos);
}

TEST_CASE("a model written by its name is its preset, said", "[config]") {
  // As people write them in a message: words and spaces, a repository's name without its organisation.
  const std::vector<std::pair<const char*, const char*>> written = {
      {"Llama 3 8B", "llama3-8b"},        {"llama-3-8b", "llama3-8b"},           {"Llama-3.1-8B", "llama3.1-8b"},
      {"Mistral 7B", "mistral-7b"},       {"Qwen2.5-7B-Instruct", "qwen2.5-7b"}, {"DeepSeek V3", "deepseek-v3"},
      {"Qwen3 30B-A3B", "qwen3-30b-a3b"}, {"GPT-OSS 120B", "gpt-oss-120b"},      {"phi 3 mini", "phi3-mini"}};
  for (const auto& [name, id] : written) CheckReadAs("model", name, id, &Config::model);
  // Every preset's catalog name reads back as that preset: no two presets share a name's letters and digits.
  for (const ModelPreset& m : Models()) {
    INFO(m.name);
    const char* preset = PresetOfModelName(m.name);
    REQUIRE(preset != nullptr);
    CHECK(preset == m.id);
  }
  // A name of no preset (another Mistral release, another Llama) is refused as before, naming the key.
  for (const char* other : {"Falcon 7B", "Llama 4 Maverick", "Llama 3"}) {
    INFO(other);
    Config c;
    std::vector<ConfigIssue> issues;
    ApplyPair(c, "model", other, issues);
    if (c.model != Config{}.model) CHECK(c.model == Lower(other));  // an id of no preset: resolving refuses it
    CHECK(PresetOfModelName(other) == nullptr);
  }
  // The start of several presets' names is refused naming them, the field unchanged.
  const ConfigIssue family = RefusedOnce("model", "Llama 3");
  for (const char* id : {"llama3-8b", "llama3-70b", "llama3.1-8b"}) CHECK(family.message.find(id) != std::string::npos);
  CHECK(PresetsNamedLike("ll").empty());  // too short to name a family
}

TEST_CASE("a GPU typed by its name is the catalog's GPU, said, and a name of several is refused naming them",
          "[config]") {
  // As people write them in a ticket or a spreadsheet: vendor words, spaces, the memory and the board's form.
  const std::vector<std::pair<const char*, const char*>> typed = {
      {"A100 80GB", "a100-80g"},
      {"a100-80gb", "a100-80g"},
      {"A100 40 GB", "a100-40g"},
      {"NVIDIA H100 SXM5", "h100"},
      {"h100-sxm", "h100"},
      {"H100 PCIe", "h100-pcie"},
      {"RTX 4090", "rtx4090"},
      {"4090", "rtx4090"},
      {"GeForce RTX 3090 24GB", "rtx3090"},
      {"AMD Instinct MI300X", "mi300x"},
      {"h200 141gb", "h200"},
      // nvidia-smi's GH200 names: the 96 GB part after its Grace's memory, the HBM3e part with its memory's kind.
      {"NVIDIA GH200 480GB", "gh200"},
      {"NVIDIA GH200 120GB", "gh200"},
      {"NVIDIA GH200 144G HBM3e", "gh200-144g"},
      // Cloud and workstation cards as nvidia-smi and people name them: "Tesla" is the T4's brand, "Generation" the
      // RTX 6000 Ada's; "A6000" and "6000 Ada" drop their "RTX" as "4090" does; the A10 is not the A10G.
      {"Tesla T4", "t4"},
      {"NVIDIA L4", "l4"},
      {"NVIDIA A10", "a10"},
      {"NVIDIA A10G", "a10g"},
      {"RTX A6000", "rtx-a6000"},
      {"A6000", "rtx-a6000"},
      {"NVIDIA RTX 6000 Ada Generation", "rtx6000-ada"},
      {"RTX 6000 Ada", "rtx6000-ada"},
      {"Tesla V100-SXM2-16GB", "v100-16g"},
      {"V100 32GB", "v100"},
      {"NVIDIA GeForce RTX 2080 Ti", "rtx2080ti"},
      {"RTX 4060 Ti 16GB", "rtx4060ti-16g"}};
  for (const auto& [name, id] : typed) CheckReadAs("gpu", name, id, &Config::gpu);
  // Every catalog GPU's own name reads back as that GPU, and its id without a notice.
  for (const GpuSpec& g : Gpus()) {
    INFO(g.name);
    CHECK(MatchGpuName(g.name).gpu == &g);
    Config c;
    std::vector<ConfigIssue> issues;
    CHECK(ApplyPair(c, "gpu", g.id, issues));
    CHECK(issues.empty());
  }
  // "A100" is two GPUs here: refused, naming both; the field keeps what it had.
  CHECK(RefusedOnce("gpu", "A100").message.find("a100-40g, a100-80g") != std::string::npos);
  // A word that is another product ("NVL": the H100 NVL, 94 GB) matches nothing rather than the nearest.
  CHECK(MatchGpuName("H100 NVL").gpu == nullptr);
  CHECK(MatchGpuName("A100 40GB PCIe").gpu == nullptr);
  CHECK(MatchGpuName("mi300").gpu == nullptr);
  // A size no GPU of the product has stays refused where the GPU is not a superchip (its CPU's memory in the name).
  CHECK(MatchGpuName("H100 120GB").gpu == nullptr);
  // In a link the id is what the link then keeps.
  Config linked;
  std::vector<ConfigIssue> more;
  ApplyLink(linked, "#v=1&gpu=RTX%204090&gpus=3", more);
  CHECK(linked.gpu == "rtx4090");
  CHECK(FormatLink(linked).find("gpu=rtx4090") != std::string::npos);
}

TEST_CASE("bad values name the key and what is accepted, and leave the field", "[config]") {
  Config c;
  std::vector<ConfigIssue> issues;
  CHECK_FALSE(ApplyPair(c, "tp", "x", issues));
  REQUIRE(issues.size() == 1);
  CHECK(FormatIssue(issues[0]) == "tp: expected a whole number 1-1024 or auto, got \"x\"");
  CHECK(c.tp == kAuto);

  struct Bad {
    const char* key;
    const char* value;
  };
  const Bad bad[] = {{"gpus", "nan"},
                     {"gpus", "inf"},
                     {"gpus", "-8"},
                     {"gpus", "0"},
                     {"gpus", "1e400"},
                     {"gpus", "0x10"},
                     {"gpus", "2.5"},
                     {"gpus", ""},
                     {"gpus", "8 GPUs"},
                     {"tokens", "-1e12"},
                     {"tokens", "NaN"},
                     {"params", "1e30"},
                     {"seq", "1e9"},
                     {"hidden", "-4096"},
                     {"prec", "bf17"},
                     {"method", "lora2"},
                     {"zero", "4"},
                     {"sp", "2"},
                     {"pue", "0.5"},
                     {"headroom", "1"},
                     {"gpu", "H100 NVL"},
                     {"model", "../../etc/passwd"},
                     {"tp", "auto1"},
                     {"recompute", "some"},
                     {"usd_per_gpu_hour", "-2"},
                     {"mtbf_gpu_h", "0"}};
  for (const Bad& b : bad) {
    Config d;
    std::vector<ConfigIssue> is;
    INFO(b.key << "=" << b.value);
    CHECK_FALSE(ApplyPair(d, b.key, b.value, is));
    REQUIRE(is.size() == 1);
    CHECK(is[0].key == b.key);
    CHECK_FALSE(is[0].notice);
    CHECK(is[0].message.find("expected ") == 0);
    CHECK(is[0].message.find(FindKey(b.key)->accepts) != std::string::npos);
    CHECK(d == Config{});
  }
  // Unknown keys are errors on the command line, named as typed.
  std::vector<ConfigIssue> is;
  CHECK_FALSE(ApplyPair(c, "tensor_parallel", "8", is));
  CHECK(is.at(0).key == "tensor_parallel");
}

TEST_CASE("values accept the usual spellings", "[config]") {
  Config c;
  std::vector<ConfigIssue> issues;
  CHECK(ApplyPair(c, "tokens", "2T", issues));
  CHECK(c.tokens == 2e12);
  CHECK(ApplyPair(c, "params", "70b", issues));
  CHECK(c.params == 70e9);
  CHECK(ApplyPair(c, "prec", "BF16", issues));
  CHECK(c.prec == Precision::Bf16);
  CHECK(ApplyPair(c, "GPU", "H100", issues));
  CHECK(c.gpu == "h100");
  CHECK(ApplyPair(c, "flash", "false", issues));
  CHECK(c.flash == 0);
  CHECK(ApplyPair(c, "act", "silu", issues));
  CHECK(c.act == int(MlpKind::Swiglu));
  CHECK(ApplyPair(c, "tp", "AUTO", issues));
  CHECK(c.tp == kAuto);
  CHECK(ApplyPair(c, "gpus-per-node", "4", issues));
  CHECK(c.gpus_per_node == 4);
  // The field's own words for a choice: DeepSpeed's "ZeRO-3", "SFT", hyphenated words.
  CHECK(ApplyPair(c, "zero", "ZeRO-3", issues));
  CHECK(c.zero == 3);
  CHECK(ApplyPair(c, "zero", "zero_1", issues));
  CHECK(c.zero == 1);
  for (const char* sft : {"SFT", "fine-tune", "fine-tuning", "Supervised fine-tuning"}) {
    c.goal = kAuto;
    CHECK(ApplyPair(c, "goal", sft, issues));
    CHECK(c.goal == 1);
  }
  CHECK(ApplyPair(c, "goal", "Pre-Training", issues));
  CHECK(c.goal == 0);
  CHECK(ApplyPair(c, "method", "Q-LoRA", issues));
  CHECK(c.method == Method::Qlora);
  CHECK(ApplyPair(c, "usd_per_gpu_hour", "$2.50", issues));  // a price as written
  CHECK(c.usd_per_gpu_hour == 2.5);
  CHECK(issues.empty());
  // A separator only joins two words: a leading minus is a negative number, refused as before.
  for (const char* bad : {"-3", "3-", "zero12", "z-3"}) {
    INFO(bad);
    Config z;
    std::vector<ConfigIssue> refused;
    CHECK_FALSE(ApplyPair(z, "zero", bad, refused));
    CHECK(z.zero == Config{}.zero);
  }
  // Zero is refused where it is not a value of the key (it used to mean "auto" in disguise), naming the key.
  for (const char* key : {"layers", "hidden", "heads", "gpus", "gpus_per_node", "seq", "mbs", "tp", "years"}) {
    INFO(key);
    std::vector<ConfigIssue> zero;
    Config z;
    CHECK_FALSE(ApplyPair(z, key, "0", zero));
    REQUIRE(zero.size() == 1);
    CHECK(zero[0].key == key);
    CHECK(z == Config{});
  }
}

TEST_CASE("links: fragments, percent-encoding, newer versions and unknown keys", "[config]") {
  Config c;
  std::vector<ConfigIssue> issues;
  ApplyLink(c, "https://host/trainplan/?x=1#v=1&model=llama3%2D70b&seq=32768&tp=%38", issues);
  CHECK(issues.empty());
  CHECK(c.model == "llama3-70b");
  CHECK(c.seq == 32768);
  CHECK(c.tp == 8);

  Config d;
  issues.clear();
  ApplyLink(d, "#v=1&gpus=128&future_key=42&tp=x", issues);
  CHECK(d.gpus == 128);  // best effort per field
  REQUIRE(issues.size() == 2);
  CHECK(issues[0].notice);
  CHECK(issues[0].message.find("future_key") != std::string::npos);
  CHECK(issues[1].key == "tp");
  CHECK_FALSE(issues[1].notice);
  CHECK(d.v == 1);
  // A link of another format version is refused whole, naming v: its keys may mean something else.
  for (const char* link : {"#v=7&gpus=128", "#gpus=128&v=99", "#v=0&gpus=128", "#v=1.5&gpus=128"}) {
    INFO(link);
    Config e;
    std::vector<ConfigIssue> refused;
    ApplyLink(e, link, refused);
    CHECK(e == Config{});
    REQUIRE_FALSE(refused.empty());
    CHECK(refused.back().key == "v");
    CHECK_FALSE(refused.back().notice);
  }
}

TEST_CASE("hostile links never crash, hang or leave garbage", "[config]") {
  std::vector<std::string> hostile = {
      std::string(1 << 20, '&'),
      std::string(1 << 20, '%'),
      "#" + std::string(200000, '='),
      "#gpus=" + std::string(100000, '9'),
      "%%%%%zz%0%%G1&&==&=&model=%",
      "#tp=1e400&pp=NaN&cp=-inf&gbs=-0&seq=%00%01&gpu=%E2%80%AE%3Cscript%3E",
      "#model=\xE6\xA8\xA1\xE5\x9E\x8B&gpu=\xF0\x9F\x98\x80&\xFF\xFE=1",
      "#v=999999999999999999999&v=-1&v=",
      "\0\0#\0=\0",
      "#&&&;;;===",
  };
  std::mt19937_64 rng(99);
  for (int i = 0; i < 200; ++i) {
    std::string s = "#";
    int n = int(rng() % 300);
    for (int j = 0; j < n; ++j) s += char(rng() % 256);
    hostile.push_back(s);
  }
  for (const auto& link : hostile) {
    Config c;
    std::vector<ConfigIssue> issues;
    const double t0 = testing::ThreadCpuSeconds();
    ApplyLink(c, link, issues);
    const double ms = 1e3 * (testing::ThreadCpuSeconds() - t0);
    CHECK(ms < 200);             // the work, not the wall clock (test_clock.h)
    CHECK(issues.size() <= 34);  // bounded: the page does not drown in messages
    for (const auto& i : issues) CHECK(i.message.size() < 300);
    // Whatever got through is still a valid config that links and reads back identically.
    Config back;
    std::vector<ConfigIssue> again;
    ApplyLink(back, FormatLink(c), again);
    CHECK(back == c);
    CHECK(again.empty());
  }
}

TEST_CASE("Hugging Face config.json imports as custom dimensions", "[config]") {
  // meta-llama/Llama-2-7b-hf config.json (published on the Hugging Face hub), abridged.
  const char* llama2_7b = R"({"architectures": ["LlamaForCausalLM"], "hidden_act": "silu", "hidden_size": 4096,
    "intermediate_size": 11008, "max_position_embeddings": 4096, "model_type": "llama",
    "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 32, "rms_norm_eps": 1e-05,
    "tie_word_embeddings": false, "torch_dtype": "float16", "vocab_size": 32000})";
  Config c;
  std::vector<ConfigIssue> issues;
  ApplyHfConfig(c, llama2_7b, issues);
  CHECK(issues.empty());
  CHECK(c.model == "custom");
  CHECK(c.layers == 32);
  CHECK(c.hidden == 4096);
  CHECK(c.heads == 32);
  CHECK(c.kv_heads == 32);
  CHECK(c.ffn == 11008);
  CHECK(c.vocab == 32000);
  CHECK(c.act == int(MlpKind::Swiglu));
  CHECK(c.tied == 0);

  // mistralai/Mixtral-8x7B-v0.1: MoE keys.
  const char* mixtral = R"({"hidden_act": "silu", "hidden_size": 4096, "intermediate_size": 14336,
    "model_type": "mixtral", "num_attention_heads": 32, "num_experts_per_tok": 2, "num_hidden_layers": 32,
    "num_key_value_heads": 8, "num_local_experts": 8, "tie_word_embeddings": false, "vocab_size": 32000})";
  Config m;
  ApplyHfConfig(m, mixtral, issues);
  CHECK(m.experts == 8);
  CHECK(m.topk == 2);
  CHECK(m.moe_ffn == 14336);
  CHECK(m.kv_heads == 8);

  // openai-community/gpt2-xl: GPT-2 names, n_inner null = 4 x hidden, tied by default.
  const char* gpt2 = R"({"activation_function": "gelu_new", "model_type": "gpt2", "n_embd": 1600, "n_head": 25,
    "n_inner": null, "n_layer": 48, "n_positions": 1024, "vocab_size": 50257})";
  Config g;
  ApplyHfConfig(g, gpt2, issues);
  CHECK(issues.empty());
  CHECK(g.layers == 48);
  CHECK(g.hidden == 1600);
  CHECK(g.ffn == 6400);
  CHECK(g.act == int(MlpKind::Gelu));
  CHECK(g.tied == 1);
  CHECK(g.kv_heads == 25);

  // deepseek-ai/DeepSeek-V2-Lite: MoE keys, and latent attention without query compression (q_lora_rank
  // null). The model card says 15.7B parameters.
  const Imported ds = ImportAndResolve(R"({"model_type": "deepseek_v2", "hidden_act": "silu", "hidden_size": 2048,
    "intermediate_size": 10944, "moe_intermediate_size": 1408, "n_routed_experts": 64, "n_shared_experts": 2,
    "num_experts_per_tok": 6, "first_k_dense_replace": 1, "num_attention_heads": 16, "num_hidden_layers": 27,
    "num_key_value_heads": 16, "kv_lora_rank": 512, "q_lora_rank": null, "qk_rope_head_dim": 64,
    "qk_nope_head_dim": 128, "v_head_dim": 128, "tie_word_embeddings": false, "vocab_size": 102400})");
  CHECK(ds.cfg.experts == 64);
  CHECK(ds.cfg.shared_experts == 2);
  CHECK(ds.cfg.dense_layers == 1);
  CHECK(ds.cfg.moe_ffn == 1408);
  CHECK(ds.cfg.kv_lora_rank == 512);
  CHECK(ds.cfg.q_lora_rank == 0);
  CHECK(ds.cfg.qk_rope_dim == 64);
  CHECK(ds.cfg.qk_nope_dim == 128);
  CHECK(ds.cfg.v_head_dim == 128);
  CHECK(ds.import_issues.empty());
  CHECK_FALSE(HasErrors(ds.resolve_issues));
  CHECK(ds.job.model.params_total == Approx(15.7e9).epsilon(0.01));

  // deepseek-ai/DeepSeek-V3's config.json gives exactly the preset's parameter count (671B without the
  // multi-token-prediction module).
  const Imported v3 = ImportAndResolve(R"({"model_type": "deepseek_v3", "hidden_act": "silu", "hidden_size": 7168,
    "intermediate_size": 18432, "moe_intermediate_size": 2048, "n_routed_experts": 256, "n_shared_experts": 1,
    "num_experts_per_tok": 8, "first_k_dense_replace": 3, "num_attention_heads": 128, "num_hidden_layers": 61,
    "num_key_value_heads": 128, "kv_lora_rank": 512, "q_lora_rank": 1536, "qk_rope_head_dim": 64,
    "qk_nope_head_dim": 128, "v_head_dim": 128, "tie_word_embeddings": false, "vocab_size": 129280})");
  CHECK_FALSE(HasErrors(v3.import_issues));
  CHECK_FALSE(HasErrors(v3.resolve_issues));
  Config preset;
  preset.model = "deepseek-v3";
  std::vector<ConfigIssue> preset_issues;
  Job preset_job = ResolveJob(preset, preset_issues);
  CHECK(v3.job.model.params_total == preset_job.model.params_total);
  CHECK(v3.job.model.kv_lora_rank == 512);

  // Latent attention turned on without its head sizes: the error names kv_lora_rank and the missing key.
  Config half;
  std::vector<ConfigIssue> half_issues;
  ApplyLink(half, "v=1&model=llama2-7b&kv_lora_rank=512", half_issues);
  ResolveJob(half, half_issues);
  REQUIRE(HasErrors(half_issues));
  bool names_key = false;
  for (const auto& is : half_issues)
    names_key |= !is.notice && is.key == "kv_lora_rank" && is.message.find("missing: qk_rope_dim") != std::string::npos;
  CHECK(names_key);

  // Qwen/Qwen1.5-MoE-A2.7B: one shared expert 4 x as wide as a routed one counts as 4 routed-size experts;
  // the model card says 14.3B parameters in total.
  const Imported qm = ImportAndResolve(R"({"model_type": "qwen2_moe", "hidden_act": "silu", "hidden_size": 2048,
    "intermediate_size": 5632, "moe_intermediate_size": 1408, "shared_expert_intermediate_size": 5632,
    "num_experts": 60, "num_experts_per_tok": 4, "num_attention_heads": 16, "num_hidden_layers": 24,
    "num_key_value_heads": 16, "tie_word_embeddings": false, "vocab_size": 151936})");
  CHECK(qm.cfg.shared_experts == 4);
  CHECK(qm.import_issues.empty());
  CHECK_FALSE(HasErrors(qm.resolve_issues));
  CHECK(qm.job.model.params_total == Approx(14.3e9).epsilon(0.01));

  // Qwen/Qwen3-32B: head_dim 128 with hidden 5120 and 64 heads (not hidden / heads = 80).
  Config q3;
  ApplyHfConfig(q3, R"({"model_type": "qwen3", "hidden_act": "silu", "hidden_size": 5120, "head_dim": 128,
    "intermediate_size": 25600, "num_attention_heads": 64, "num_hidden_layers": 64, "num_key_value_heads": 8,
    "tie_word_embeddings": false, "vocab_size": 151936})",
                issues);
  CHECK(q3.head_dim == 128);
  std::vector<ConfigIssue> q3_issues;
  Job q3_job = ResolveJob(q3, q3_issues);
  CHECK_FALSE(HasErrors(q3_issues));
  CHECK(q3_job.model.head_dim == 128);
  CHECK(q3_job.model.params_total == Approx(32.8e9).epsilon(0.01));  // Qwen3-32B model card: 32.8B

  // Without tie_word_embeddings the model class's default applies: LlamaConfig's is false.
  Config untied;
  ApplyHfConfig(untied, R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
    "num_hidden_layers": 32, "vocab_size": 32000})",
                issues);
  CHECK(untied.tied == 0);

  // Not a model config: one error, nothing changed.
  Config bad;
  std::vector<ConfigIssue> is;
  ApplyHfConfig(bad, R"({"foo": 1})", is);
  CHECK(HasErrors(is));
  CHECK(bad == Config{});
  ApplyHfConfig(bad, "{not json", is);
  CHECK(bad == Config{});
}

TEST_CASE("ResolveJob: presets, overrides, custom models, catalog defaults", "[config]") {
  REQUIRE_FALSE(Models().empty());
  REQUIRE_FALSE(Gpus().empty());
  std::vector<ConfigIssue> issues;
  Job job = ResolveJob(Config{}, issues);
  CHECK_FALSE(HasErrors(issues));
  const ModelPreset* preset = FindModel("llama2-70b");
  REQUIRE(preset);
  CHECK(job.model.layers == preset->arch.layers);
  CHECK(job.model.kv_heads == preset->arch.kv_heads);
  REQUIRE(job.hw.gpu);
  CHECK(job.hw.gpu->id == "a100-80g");
  CHECK(job.hw.intra == FindLink(job.hw.gpu->intra_default));
  CHECK(job.hw.inter == FindLink(job.hw.gpu->inter_default));
  CHECK(job.econ.usd_per_gpu_hour == job.hw.gpu->usd_per_gpu_hour);
  // Chinchilla default budget: 20 tokens per parameter.
  CHECK(job.work.tokens_defaulted);
  CHECK(job.work.tokens == Approx(20 * job.model.params_total));
  CHECK(job.model.params_total == Approx(preset->published_params).epsilon(0.01));

  // Explicit keys override the preset field by field.
  Config longer;
  longer.seq = 32768;
  longer.layers = 40;
  longer.tokens = 1e12;
  Job j2 = ResolveJob(longer, issues);
  CHECK(j2.model.layers == 40);
  CHECK(j2.model.hidden == preset->arch.hidden);
  CHECK(j2.model.kv_heads == preset->arch.kv_heads);
  CHECK(j2.work.seq == 32768);
  CHECK(j2.work.tokens == 1e12);
  CHECK_FALSE(j2.work.tokens_defaulted);

  // Dimensions without a model id are a custom model: GPT-3 style, multi-head, 4h GELU MLP.
  Config gpt;
  std::vector<ConfigIssue> is;
  for (auto [k, v] :
       {std::pair{"layers", "96"}, {"hidden", "12288"}, {"heads", "96"}, {"vocab", "50257"}, {"act", "gelu"}})
    ApplyPair(gpt, k, v, is);
  Job j3 = ResolveJob(gpt, is);
  CHECK_FALSE(HasErrors(is));
  CHECK(j3.model.kv_heads == 96);
  CHECK(j3.model.ffn == 4 * 12288);
  CHECK(j3.model.params_total == Approx(175e9).epsilon(0.02));  // GPT-3 175B (Brown et al. 2020)

  // params= alone: a size-only model.
  Config size_only;
  size_only.params = 7.5e9;
  Job j4 = ResolveJob(size_only, is);
  CHECK(j4.model.layers == 0);
  CHECK(j4.model.params_total == 7.5e9);

  // Custom-key overrides of the economics and links.
  Config priced;
  priced.gpu = "h100";
  priced.usd_per_gpu_hour = 3.5;
  priced.inter = "roce-400";
  priced.gpus_per_node = 4;
  Job j5 = ResolveJob(priced, is);
  CHECK(j5.econ.usd_per_gpu_hour == 3.5);
  CHECK(j5.hw.inter == FindLink("roce-400"));
  CHECK(j5.hw.gpus_per_node == 4);
}

TEST_CASE("ResolveJob errors name the key and list what is accepted", "[config]") {
  auto errors_for = [](std::initializer_list<std::pair<const char*, const char*>> pairs) {
    Config c;
    std::vector<ConfigIssue> issues;
    for (auto [k, v] : pairs) REQUIRE(ApplyPair(c, k, v, issues));
    ResolveJob(c, issues);
    return issues;
  };
  auto unknown_model = errors_for({{"model", "llama9-1t"}});
  REQUIRE(IssueFor(unknown_model, "model"));
  CHECK(IssueFor(unknown_model, "model")->message.find("llama3-70b") != std::string::npos);
  auto unknown_gpu = errors_for({{"gpu", "tpu-v5"}});
  REQUIRE(IssueFor(unknown_gpu, "gpu"));
  CHECK(IssueFor(unknown_gpu, "gpu")->message.find("h100") != std::string::npos);
  auto unknown_link = errors_for({{"inter", "carrier-pigeon"}});
  REQUIRE(IssueFor(unknown_link, "inter"));
  CHECK(IssueFor(unknown_link, "inter")->message.find("ib-ndr") != std::string::npos);
  CHECK(IssueFor(errors_for({{"layers", "4"}, {"hidden", "1000"}, {"heads", "3"}}), "heads"));
  CHECK(IssueFor(errors_for({{"model", "llama2-7b"}, {"kv_heads", "5"}}), "kv_heads"));
  CHECK(IssueFor(errors_for({{"method", "qlora"}, {"prec", "fp32"}}), "prec"));
  CHECK(IssueFor(errors_for({{"model", "custom"}, {"hidden", "4096"}}), "layers"));
  CHECK(IssueFor(errors_for({{"model", "mixtral-8x7b"}, {"topk", "9"}}), "topk"));
  CHECK(IssueFor(errors_for({{"method", "lora"}, {"lora_r", "65536"}}), "lora_r"));
  // A clean config has no errors.
  CHECK_FALSE(HasErrors(errors_for({{"model", "llama3-8b"}, {"gpu", "h100"}})));
}

TEST_CASE("CheckLayout: divisibility and combinations, each naming its key", "[config]") {
  std::vector<ConfigIssue> is;
  Config c;
  c.gpus = 64;
  Job job = ResolveJob(c, is);  // llama2-70b: 80 layers, 64 heads, 8 kv heads
  REQUIRE_FALSE(HasErrors(is));
  Layout ok;
  ok.tp = 8, ok.pp = 4, ok.dp = 2, ok.mbs = 1, ok.zero = 1;
  std::vector<ConfigIssue> none;
  CHECK(CheckLayout(job, ok, &none));
  CHECK(none.empty());
  CHECK(CheckLayout(job, ok, nullptr));

  auto key_of = [&](Layout l) -> std::string {
    std::vector<ConfigIssue> issues;
    bool good = CheckLayout(job, l, &issues);
    CHECK(good == !HasErrors(issues));
    CHECK(CheckLayout(job, l, nullptr) == good);  // the cheap path agrees
    for (const auto& i : issues)
      if (!i.notice) return i.key;
    return "";
  };
  Layout l = ok;
  l.tp = 3, l.dp = 64 / 12;
  CHECK(key_of(l) == "tp");
  l = ok, l.pp = 128, l.tp = 1, l.dp = 1;
  CHECK(key_of(l) == "pp");
  l = ok, l.dp = 4;
  CHECK(key_of(l) == "dp");
  l = ok, l.tp = 1, l.pp = 5, l.dp = 12;  // 5 pipeline stages cannot split 64 GPUs
  CHECK(key_of(l) == "pp");
  l = ok, l.zero = 3;
  CHECK(key_of(l) == "zero");
  l = ok, l.mbs = 3;
  CHECK(key_of(l) == "gbs");
  l = ok, l.ep = 2;
  CHECK(key_of(l) == "ep");
  l = ok, l.cp = 2, l.dp = 1;
  job.work.seq = 4095;
  CHECK(key_of(l) == "cp");
  job.work.seq = 4096;
  l = ok, l.vp = 3;
  CHECK(key_of(l) == "");  // 80 layers on 4 x 3 virtual stages: uneven, allowed (the largest sets the pace)
  l = ok, l.vp = 21;
  CHECK(key_of(l) == "vp");  // 84 virtual stages for 80 layers: one would be empty
  l = ok, l.vp = 5;
  CHECK(key_of(l) == "");
  l = ok, l.offload = Offload::Nvme;
  CHECK(key_of(l) == "offload");
  l = ok, l.pp = 3, l.tp = 8, l.dp = 1;
  job.hw.gpus = 24;
  std::vector<ConfigIssue> notes;
  CHECK(CheckLayout(job, l, &notes));  // 80 layers over 3 stages: uneven, a notice only
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].key == "pp");
  CHECK(notes[0].notice);
}

TEST_CASE("ExplicitLayout fills auto keys with simple defaults", "[config]") {
  Config c;
  c.gpus = 64;
  c.tp = 8;
  std::vector<ConfigIssue> is;
  Job job = ResolveJob(c, is);
  Layout l = ExplicitLayout(c, job);
  CHECK(l.tp == 8);
  CHECK(l.pp == 1);
  CHECK(l.dp == 8);
  CHECK(l.mbs == 1);
  CHECK(l.zero == 1);
  CHECK(l.sp);
  CHECK(l.recompute == Recompute::Selective);
  CHECK(l.offload == Offload::None);
  CHECK(CheckLayout(job, l, nullptr));
}

TEST_CASE("mutated JSON and config.json never crash and leave a config that links exactly", "[config]") {
  // Seeds: a Hugging Face config and a --config object; each trial mutates one (delete, insert, flip,
  // duplicate bytes) and feeds it to every parser. Crashes would show under the asan preset.
  const std::string seeds[] = {
      R"({"hidden_act":"silu","hidden_size":4096,"intermediate_size":14336,"model_type":"mixtral","num_attention_heads":32,"num_experts_per_tok":2,"num_hidden_layers":32,"num_key_value_heads":8,"num_local_experts":8,"vocab_size":32000})",
      R"({"config":{"tp":8,"model":"llama3-8b","gpus":16,"prec":"fp8","tied":true,"act":null,"tokens":2e12}})"};
  const char alphabet[] = "{}[]\":,=&#%0123456789e.-+abcxyzAUTOtpauto\\u00\xff\xe6 ";
  std::mt19937_64 rng(31337);
  for (int trial = 0; trial < 3000; ++trial) {
    std::string s = seeds[trial % 2];
    for (int m = 0, n = 1 + int(rng() % 8); m < n; ++m) {
      size_t pos = s.empty() ? 0 : rng() % s.size();
      switch (rng() % 4) {
        case 0:
          if (!s.empty()) s.erase(pos, 1 + rng() % 4);
          break;
        case 1: s.insert(pos, 1, alphabet[rng() % (sizeof alphabet - 1)]); break;
        case 2:
          if (!s.empty()) s[pos] = char(rng() % 256);
          break;
        default: s.insert(pos, s.substr(rng() % (s.size() + 1), rng() % 20)); break;
      }
    }
    Config c;
    std::vector<ConfigIssue> issues;
    ApplyHfConfig(c, s, issues);
    ApplyJson(c, s, issues);
    ApplyLink(c, s, issues);
    Config back;
    std::vector<ConfigIssue> again;
    ApplyLink(back, FormatLink(c), again);
    INFO(s);
    REQUIRE(back == c);
    CHECK(again.empty());
  }
}

TEST_CASE("config.json of Qwen3, Gemma 2 and OLMo 2 count their extra norms like the presets", "[config]") {
  // The families' modeling_*.py add norms the config does not list: Qwen3's per-head q/k norms, Gemma 2's
  // four norms per block, OLMo 2's norms over the whole q and k projections. Imported, each counts exactly
  // its preset's published parameters.
  struct Case {
    const char* json;
    const char* preset;
  };
  const Case cases[] = {
      {R"({"model_type": "qwen3", "num_hidden_layers": 36, "hidden_size": 4096, "num_attention_heads": 32,
           "num_key_value_heads": 8, "head_dim": 128, "intermediate_size": 12288, "vocab_size": 151936,
           "hidden_act": "silu", "tie_word_embeddings": false})",
       "qwen3-8b"},
      {R"({"model_type": "gemma2", "num_hidden_layers": 42, "hidden_size": 3584, "num_attention_heads": 16,
           "num_key_value_heads": 8, "head_dim": 256, "intermediate_size": 14336, "vocab_size": 256000,
           "hidden_activation": "gelu_pytorch_tanh"})",
       "gemma2-9b"},
      {R"({"model_type": "olmo2", "num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32,
           "num_key_value_heads": 32, "intermediate_size": 11008, "vocab_size": 100352, "hidden_act": "silu",
           "tie_word_embeddings": false})",
       "olmo2-7b"},
  };
  for (const Case& c : cases) {
    INFO(c.preset);
    const Imported r = ImportAndResolve(c.json);
    CHECK_FALSE(HasErrors(r.import_issues));
    CHECK_FALSE(HasErrors(r.resolve_issues));
    const ModelPreset* p = FindModel(c.preset);
    REQUIRE(p);
    CHECK(r.job.model.params_total == p->published_params);
  }
}

TEST_CASE("a model preset replaces the whole model, an import keeps the checkpoint's name", "[config]") {
  Config c;
  std::vector<ConfigIssue> issues;
  ApplyHfConfig(c, R"({"_name_or_path": "Qwen/Qwen2.5-7B-Instruct", "hidden_size": 3584, "num_hidden_layers": 28,
                       "num_attention_heads": 28, "num_key_value_heads": 4, "intermediate_size": 18944,
                       "vocab_size": 152064})",
                issues);
  REQUIRE_FALSE(HasErrors(issues));
  CHECK(c.model == "custom");
  CHECK(c.name == "Qwen/Qwen2.5-7B-Instruct");
  // A local path keeps only its last part.
  Config local;
  ApplyHfConfig(local, R"({"_name_or_path": "/data/ckpt/my-model/", "hidden_size": 512, "num_hidden_layers": 2,
                           "num_attention_heads": 8})",
                issues);
  CHECK(local.name == "my-model");
  // The name round-trips through the link.
  Config back;
  ApplyLink(back, FormatLink(c), issues);
  CHECK(back.name == c.name);
  // A preset chosen afterwards: nothing of the import is kept.
  SelectModel(c, "mixtral-8x7b");
  CHECK(c.model == "mixtral-8x7b");
  CHECK(c.name.empty());
  CHECK(c.layers == kUnset);
  CHECK(c.kv_heads == kUnset);
  CHECK_FALSE(ModelEdited(c));
  c.layers = 40;
  CHECK(ModelEdited(c));
  SelectModel(c, c.model);  // Reset: the argument aliases the field it resets
  CHECK(c.model == "mixtral-8x7b");
  CHECK(c.layers == kUnset);
  // The name key refuses control characters and overlong text, as links would send them.
  CHECK(ValidModelName("Qwen/Qwen2.5-7B"));
  CHECK_FALSE(ValidModelName(std::string(101, 'a')));
  CHECK_FALSE(ValidModelName("a\nb"));
}

TEST_CASE("token counts read as ML engineers write them: 8k = 8,192, 128K = 131,072, 8000 stays 8,000", "[config]") {
  auto seq_of = [](const char* text) {
    Config c;
    std::vector<ConfigIssue> issues;
    const bool ok = ApplyPair(c, "seq", text, issues);
    return ok && issues.empty() ? c.seq : -2;
  };
  CHECK(seq_of("8k") == 8192);
  CHECK(seq_of("32K") == 32768);
  CHECK(seq_of("128k") == 131072);
  CHECK(seq_of("1M") == 1048576);
  CHECK(seq_of("8000") == 8000);
  CHECK(seq_of("8,192") == 8192);
  CHECK(seq_of("1.5k") == 1536);
  CHECK(seq_of("1b") == -2);    // no sequence is counted in billions: refused, not 1e9
  CHECK(seq_of("0.3k") == -2);  // 307.2 tokens is not a whole number
  Config c;
  std::vector<ConfigIssue> issues;
  REQUIRE(ApplyPair(c, "example_tokens", "2k", issues));
  CHECK(c.example_tokens == 2048);
  // Token budgets keep decimal suffixes: 1B is 10^9 tokens, 2k steps of a budget are not 2,048.
  REQUIRE(ApplyPair(c, "tokens", "1B", issues));
  CHECK(c.tokens == 1e9);
  REQUIRE(ApplyPair(c, "tokens", "2k", issues));
  CHECK(c.tokens == 2000);
  // The link shows the number taken.
  Config d;
  REQUIRE(ApplyPair(d, "seq", "8k", issues));
  CHECK(FormatLink(d).find("seq=8192") != std::string::npos);
  // Every token-count field of the key table reads the same way (seq, example_tokens, the RL lengths), and
  // every other count keeps decimal suffixes (eval_tokens and tokens are budgets: 1k = 1,000).
  int token_fields = 0;
  for (const KeyInfo& k : Keys()) {
    if (!k.token_count) continue;
    ++token_fields;
    INFO(k.name);
    Config e;
    std::vector<ConfigIssue> found;
    REQUIRE(ApplyPair(e, k.name, "8k", found));
    CHECK(found.empty());
    CHECK(std::stod(FormatValue(e, k.name)) == 8192);
    REQUIRE(ApplyPair(e, k.name, "8000", found));
    CHECK(std::stod(FormatValue(e, k.name)) == 8000);
  }
  CHECK(token_fields >= 5);  // seq, example_tokens, rl_prompt_len, rl_response_len, rl_max_response_len
  Config budget;
  REQUIRE(ApplyPair(budget, "eval_tokens", "1k", issues));
  CHECK(budget.eval_tokens == 1000);
}

TEST_CASE("the key table answers for every key: its default, a copy, its name as typed, its value labels", "[config]") {
  // IsDefault and CopyKey go through each key's row (no text round trip): every surface that asks "is this key
  // on its default" or copies a key (the planner's fallback, the page's view keys, a model switch) asks here.
  const Config defaults;
  Config edited = testing::FromLink("#v=1&model=llama3-8b&gpus=16&pue=1.45&stack=fsdp&recompute=full&eff_matmul=0.7");
  for (const KeyInfo& k : Keys()) {
    INFO(k.name);
    CHECK(IsDefault(defaults, k.name));
    Config copy = defaults;
    REQUIRE(CopyKey(copy, edited, k.name));
    CHECK(FormatValue(copy, k.name) == FormatValue(edited, k.name));
  }
  for (const char* key : {"model", "gpus", "pue", "stack", "recompute", "eff_matmul"})
    CHECK_FALSE(IsDefault(edited, key));
  CHECK(IsDefault(edited, "tp"));
  CHECK_FALSE(IsDefault(edited, "no_such_key"));
  CHECK_FALSE(CopyKey(edited, defaults, "no_such_key"));
  // The defaults of the economics and reliability keys are the Job's (one set of defaults).
  std::vector<ConfigIssue> issues;
  const Job job = ResolveJob(defaults, issues);
  CHECK(job.econ.usd_per_kwh == Economics{}.usd_per_kwh);
  CHECK(job.econ.pue == Economics{}.pue);
  CHECK(job.rel.mtbf_gpu_h == Reliability{}.mtbf_gpu_h);
  CHECK(job.rel.restart_s == Reliability{}.restart_s);
  // Keys as typed: the parser and the link reader read the same name.
  CHECK(NormalKey(" GPUs-Per-Node ") == "gpus_per_node");
  Config typed;
  CHECK(ApplyPair(typed, "GPUs-Per-Node", "4", issues));
  CHECK(typed.gpus_per_node == 4);
  // Choice keys carry their values' labels on their row; a key without them shows its spellings.
  CHECK(std::string(ChoiceLabel(*FindKey("prec"), int(Precision::Fp32))) == "FP32 (TF32)");
  CHECK(std::string(ChoiceLabel(*FindKey("zero"), 3)) == "3 (+ weights, FSDP)");
  CHECK(std::string(ChoiceLabel(*FindKey("sp"), 1)) == "on");
  CHECK(std::string(ChoiceLabel(*FindKey("prec"), 9)) == "-");
  for (const KeyInfo& k : Keys())
    if (k.kind == KeyKind::Choice)
      for (int i = 0; i < k.n_names; ++i) CHECK(*ChoiceLabel(k, i));
  // Relevance: the adapter keys only with LoRA / QLoRA, the dataset keys only when fine-tuning.
  Config lora = testing::FromLink("#v=1&method=lora");
  const Job lora_job = ResolveJob(lora, issues);
  CHECK(KeyRelevant(lora, lora_job, "lora_r"));
  CHECK(KeyRelevant(lora, lora_job, "examples"));
  CHECK_FALSE(KeyRelevant(defaults, job, "lora_r"));
  CHECK_FALSE(KeyRelevant(defaults, job, "examples"));
  CHECK_FALSE(KeyRelevant(defaults, job, "params"));
  CHECK(KeyRelevant(defaults, job, "gpus"));
  // Issues are equal when key, message and kind are.
  const ConfigIssue a = MakeIssue("tp", "must be at least 1"_issue);
  CHECK(a == MakeIssue("tp", "must be at least 1"_issue));
  CHECK_FALSE(a == MakeIssue("pp", "must be at least 1"_issue));
  CHECK_FALSE(a == MakeIssue("tp", "must be at least 1"_issue, {}, true));
}

TEST_CASE("a model's learned positions fix its context: auto stays within it, a longer sequence is refused by name",
          "[config]") {
  // default_seq (assets/models.json) is the context a preset was trained at. A learned-position model (GPT-2,
  // BERT, GPT-3) has no embedding beyond its positions: auto plans at most that long, and a longer seq is an
  // error on `seq` naming the limit. A rotary model plans at the goal's default, and a sequence beyond its
  // trained context is only a notice.
  struct Expect {
    const char* link;
    int seq;
  };
  for (const Expect& e :
       {Expect{"#v=1&model=gpt2-1.5b", 1024}, Expect{"#v=1&model=bert-base", 512}, Expect{"#v=1&model=gpt3-175b", 2048},
        Expect{"#v=1&model=bert-base&goal=finetune", 512}, Expect{"#v=1&model=gpt2-1.5b&method=lora", 1024},
        Expect{"#v=1&model=llama2-70b", 4096}, Expect{"#v=1&model=llama3-8b&method=lora", 2048},
        Expect{"#v=1&model=gpt2-1.5b&seq=512", 512}}) {
    INFO(e.link);
    std::vector<ConfigIssue> issues;
    const Job job = ResolveJob(testing::FromLink(e.link), issues);
    CHECK_FALSE(HasErrors(issues));
    CHECK(job.work.seq == e.seq);
  }
  std::vector<ConfigIssue> issues;
  const Job too_long = ResolveJob(testing::FromLink("#v=1&model=gpt2-1.5b&seq=2048"), issues);
  REQUIRE(HasErrors(issues));
  const ConfigIssue* seq = nullptr;
  for (const ConfigIssue& i : issues)
    if (!i.notice && i.key == "seq") seq = &i;
  REQUIRE(seq);
  CHECK(seq->message.find("1024") != std::string::npos);
  CHECK(seq->message.find("gpt2-1.5b") != std::string::npos);
  CHECK(too_long.work.seq == 1024);
  CHECK_FALSE(MakePlan(testing::FromLink("#v=1&model=bert-base&seq=1024")).ok);
  // The page plans the rest at the model's context, naming seq as the key it replaced.
  const PlanOutput page = MakePlanWithFallback(testing::FromLink("#v=1&model=gpt2-1.5b&gpus=8&seq=4096"));
  REQUIRE(page.ok);
  CHECK(page.job.work.seq == 1024);
  CHECK(std::find(page.fallback_keys.begin(), page.fallback_keys.end(), "seq") != page.fallback_keys.end());
  // A rotary model beyond its trained context: planned as asked, with a notice on seq.
  issues.clear();
  const Job rotary = ResolveJob(testing::FromLink("#v=1&model=llama2-7b&seq=16384"), issues);
  CHECK_FALSE(HasErrors(issues));
  CHECK(rotary.work.seq == 16384);
  bool noticed = false;
  for (const ConfigIssue& i : issues)
    noticed |= i.notice && i.key == "seq" && i.message.find("4096") != std::string::npos;
  CHECK(noticed);
  issues.clear();
  ResolveJob(testing::FromLink("#v=1&model=llama2-7b&seq=4096"), issues);
  CHECK(std::none_of(issues.begin(), issues.end(), [](const ConfigIssue& i) { return i.key == "seq"; }));
}

}  // namespace config_test
