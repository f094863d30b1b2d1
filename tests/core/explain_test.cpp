// explain_test.cpp — the explanation tree (core/report/explain.h): its roots are the plan's own numbers, every
// arithmetic formula holds with its inputs' values (evaluated here by a small expression reader, not by
// the engine), the leaves are the user's keys with the values the plan used, and `trainplan explain`
// prints the same tree as text (both languages) and JSON.
#include <catch2/catch.hpp>

#include <cctype>
#include <cmath>
#include <map>
#include <string>

#include "cli.h"
#include "config.h"
#include "explain.h"
#include "json.h"
#include "planner.h"
#include "test_links.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace explain_test {

using namespace tp;

namespace {

// A recursive-descent reader of the formulas' arithmetic: + - x / ( ) ceil sqrt min max (any number of arguments),
// numbers and the node's inputs by name. Independent of the engine, so a formula that does not describe its value
// fails.
struct Expr {
  const std::string& s;
  const std::map<std::string, double>& vars;
  size_t i = 0;
  bool bad = false;

  void Space() {
    while (i < s.size() && s[i] == ' ') ++i;
  }
  double Primary() {
    Space();
    if (i < s.size() && s[i] == '(') {
      ++i;
      const double v = Sum();
      Space();
      if (i < s.size() && s[i] == ')')
        ++i;
      else
        bad = true;
      return v;
    }
    if (i < s.size() && (std::isdigit((unsigned char)s[i]) || s[i] == '.')) {
      size_t used = 0;
      const double v = std::stod(s.substr(i), &used);
      i += used;
      return v;
    }
    size_t j = i;
    while (j < s.size() && (std::isalnum((unsigned char)s[j]) || s[j] == '_')) ++j;
    const std::string word = s.substr(i, j - i);
    i = j;
    if (word == "ceil" || word == "sqrt") {
      const double v = Primary();
      return word == "ceil" ? std::ceil(v - 1e-9) : std::sqrt(v);
    }
    if (word == "min" || word == "max") {  // any number of arguments
      Space();
      if (i < s.size() && s[i] == '(')
        ++i;
      else
        bad = true;
      double v = Sum();
      for (Space(); i < s.size() && s[i] == ','; Space()) {
        ++i;
        const double next = Sum();
        v = word == "min" ? std::min(v, next) : std::max(v, next);
      }
      if (i < s.size() && s[i] == ')')
        ++i;
      else
        bad = true;
      return v;
    }
    auto it = vars.find(word);
    if (it == vars.end()) {
      bad = true;
      return 0;
    }
    return it->second;
  }
  double Product() {
    double v = Primary();
    for (;;) {
      Space();
      if (i + 1 < s.size() && s[i] == 'x' && s[i + 1] == ' ') {
        ++i;
        v *= Primary();
      } else if (i < s.size() && s[i] == '/') {
        ++i;
        v /= Primary();
      } else
        return v;
    }
  }
  double Sum() {
    double v = Product();
    for (;;) {
      Space();
      if (i < s.size() && s[i] == '+') {
        ++i;
        v += Product();
      } else if (i < s.size() && s[i] == '-') {
        ++i;
        v -= Product();
      } else
        return v;
    }
  }
};

// Every node whose formula is arithmetic (SubstitutedFormula gives text) must equal its formula.
int CheckFormulas(const Explanation& ex) {
  int checked = 0;
  for (const ExplainNode& n : ex.nodes) {
    if (n.formula.empty() || SubstitutedFormula(ex, n, Lang::En).empty()) continue;
    std::map<std::string, double> vars;
    for (int in : n.inputs) vars[ex.nodes[in].name] = ex.nodes[in].value;
    Expr e{n.formula, vars};
    const double v = e.Sum();
    INFO(n.name << " = " << n.formula << " = " << v << ", node says " << n.value);
    CHECK_FALSE(e.bad);
    CHECK(v == Approx(n.value).epsilon(1e-9).margin(1e-12));
    ++checked;
  }
  return checked;
}

const char* const kCases[] = {
    "model=llama3-8b&gpu=h100&gpus=64&tokens=1e12",
    "model=llama2-70b&gpu=rtx4090&gpus=8&method=qlora",
    "model=llama2-70b&gpu=a100-80g&gpus=24&tp=4&pp=3&tokens=2e11",            // 24 GPUs, a pipeline
    "model=mixtral-8x7b&gpu=h100&gpus=96&tokens=1e11",                        // MoE, not a power of two
    "model=llama2-13b&gpu=rtx4090&gpus=4&zero=3&offload=cpu&tokens=1e9",      // offload
    "model=llama3-8b&gpu=h100&gpus=16&ckpt_s=30&mtbf_gpu_h=720&tokens=1e11",  // a given checkpoint time
    // Post-training: the total is the largest phase (its own nodes), generating or training or log-probabilities.
    "model=qwen2.5-7b&gpu=h100&gpus=8&goal=grpo&rl_framework=verl",
    "model=qwen2.5-7b&gpu=h100&gpus=16&goal=grpo&rl_framework=nemo-rl&stack=megatron",
    "model=llama3.1-8b&gpu=h100&gpus=8&goal=dpo",
};

}  // namespace

TEST_CASE("the explanation's roots are the plan's own numbers, exactly", "[explain]") {
  for (const char* link : kCases) {
    INFO(link);
    const PlanOutput out = testing::PlanLink(link);
    const Explanation ex = ExplainPlan(out);
    REQUIRE(ex.roots.size() >= 8);
    const Plan& p = out.plan;
    CHECK(ex.Find("days")->value == p.run.days);
    CHECK(ex.Find("cost_usd")->value == p.run.cost_usd);
    CHECK(ex.Find("gpu_hours")->value == p.run.gpu_hours);
    CHECK(ex.Find("failures")->value == p.run.failures);
    CHECK(ex.Find("memory_total_bytes")->value == p.memory.total);
    CHECK(ex.Find("weights_bytes")->value == p.memory.weights);
    CHECK(ex.Find("activations_bytes")->value == p.memory.activations);
    CHECK(ex.Find("step_seconds")->value == p.step.seconds);
    CHECK(ex.Find("compute_s")->value == p.step.compute_s);
    CHECK(ex.Find("bubble_s")->value == p.step.bubble_s);
    CHECK(ex.Find("tokens_per_s_per_gpu")->value == p.throughput.tokens_per_s_per_gpu);
    CHECK(ex.Find("mfu")->value == p.throughput.mfu);
  }
}

// The activations open into their factors: a micro-batch's tokens, the micro-batches in flight, the stage's layers and
// what one layer keeps per token; their product is the activations less the loss's or the backward's peak.
TEST_CASE("the activations open into tokens, micro-batches in flight, layers and bytes per token", "[explain]") {
  // Llama 3 8B on one GPU (one stage, one micro-batch in flight) and on a 4-stage 1F1B pipeline (the first stage
  // holds 4), without recomputation and with full recomputation (only the layers' inputs).
  const char* links[] = {
      "#v=1&model=llama3-8b&gpu=h100&gpus=1&tp=1&pp=1&cp=1&mbs=1&seq=4096&recompute=none&stack=megatron",
      "#v=1&model=llama3-8b&gpu=h100&gpus=4&tp=1&pp=4&vp=1&cp=1&mbs=2&seq=4096&gbs=64&recompute=none&stack=megatron",
      "#v=1&model=llama3-8b&gpu=h100&gpus=4&tp=1&pp=4&vp=1&cp=1&mbs=2&seq=4096&gbs=64&recompute=full&stack=megatron"};
  double inflight[3] = {}, per_token[3] = {};
  for (int i = 0; i < 3; ++i) {
    INFO(links[i]);
    const PlanOutput out = testing::PlanLink(links[i]);
    const Explanation ex = ExplainPlan(out);
    const double tokens = ex.Find("tokens_per_micro_batch")->value;
    inflight[i] = ex.Find("micro_batches_in_flight")->value;
    const double layers = ex.Find("stage_layers")->value;
    per_token[i] = ex.Find("saved_bytes_per_token_layer")->value;
    CHECK(tokens == out.job.work.seq * out.plan.layout.mbs);
    CHECK(layers * out.plan.layout.pp == out.job.model.layers);
    const double product = tokens * inflight[i] * layers * per_token[i];
    CHECK(product <= out.plan.memory.activations);
    // Without recomputation the saves are most of it; with full recomputation the recomputed layer's peak is.
    if (i < 2) CHECK(product >= 0.5 * out.plan.memory.activations);
  }
  CHECK(inflight[0] == 1);
  CHECK(inflight[1] == 4);
  CHECK(per_token[2] < per_token[1] / 5);  // the layer's input against everything it saves
}

TEST_CASE("every arithmetic formula in the explanation holds with its inputs' values", "[explain]") {
  for (const char* link : kCases) {
    INFO(link);
    const Explanation ex = ExplainPlan(testing::PlanLink(link));
    // days, compute_days, steady_days, steps, goodput, interval, failures, gpu-hours, cost, the memory
    // total and its "other", micro-batches, the step and its sums, tokens/s, MFU...
    CHECK(CheckFormulas(ex) >= 20);
  }
}

TEST_CASE("every number of the explanation that is not a key has a formula, catalog look-ups included", "[explain]") {
  // Issue #34: the context-, expert- and pipeline-parallel times per micro-batch and the catalog's figures
  // (peak, bandwidth, capacity) had none. A mixture of experts on every kind of parallelism opens them all.
  for (const char* link : {"model=mixtral-8x7b&gpu=h100&gpus=64&tp=2&pp=2&cp=2&ep=4",
                           "model=llama2-70b&gpu=rtx4090&gpus=8&method=qlora"}) {
    INFO(link);
    const Explanation ex = ExplainPlan(testing::PlanLink(link));
    REQUIRE_FALSE(ex.nodes.empty());
    for (const ExplainNode& n : ex.nodes) {
      INFO(n.name);
      if (n.key.empty()) CHECK_FALSE(n.formula.empty());
    }
  }
}

TEST_CASE("the explanation's leaves are the user's keys with the values the plan used", "[explain]") {
  const PlanOutput out =
      testing::PlanLink("model=llama2-70b&gpu=a100-80g&gpus=24&tp=4&pp=3&tokens=2e11&mtbf_gpu_h=5000");
  const Explanation ex = ExplainPlan(out);
  for (const char* key : {"gpus", "tp", "pp", "tokens", "mtbf_gpu_h", "seq", "gbs", "straggler", "prec", "stack"}) {
    INFO(key);
    const ExplainNode* n = ex.Find(key);
    REQUIRE(n);
    CHECK(n->key == key);
    CHECK(n->inputs.empty());
  }
  CHECK(ex.Find("gpus")->value == 24);
  CHECK(ex.Find("pp")->value == 3);
  CHECK(ex.Find("mtbf_gpu_h")->value == 5000);
  CHECK(ex.Find("tokens")->value == 2e11);
  CHECK(ex.Find("prec")->text == "bf16");
  // A key the user gave is its own source; one left on its default cites where the default comes from.
  CHECK(ex.Find("mtbf_gpu_h")->source.empty());
  CHECK_FALSE(ex.Find("straggler")->source.empty());
  // Only the keys given are the user's (issue #34: every key was marked "[your key ...]").
  CHECK(ex.Find("gpus")->origin == ExplainNode::Origin::User);
  CHECK(ex.Find("tokens")->origin == ExplainNode::Origin::User);
  CHECK(ex.Find("seq")->origin == ExplainNode::Origin::Auto);
  CHECK(ex.Find("straggler")->origin == ExplainNode::Origin::Default);
  CHECK(ExplainKeyMark(*ex.Find("gpus"), Lang::En) == "[your key gpus]");
  CHECK(ExplainKeyMark(*ex.Find("seq"), Lang::En) == "[auto: seq]");
  CHECK(ExplainKeyMark(*ex.Find("straggler"), Lang::Zh) == "[默认：straggler]");
  // Every node is reachable from a root and every input index is valid.
  std::vector<bool> seen(ex.nodes.size(), false);
  std::vector<int> stack(ex.roots.begin(), ex.roots.end());
  while (!stack.empty()) {
    const int id = stack.back();
    stack.pop_back();
    REQUIRE(id >= 0);
    REQUIRE(size_t(id) < ex.nodes.size());
    if (seen[id]) continue;
    seen[id] = true;
    for (int in : ex.nodes[id].inputs) stack.push_back(in);
  }
  for (size_t i = 0; i < ex.nodes.size(); ++i) {
    INFO(ex.nodes[i].name);
    CHECK(seen[i]);
  }
}

TEST_CASE("trainplan explain: text with values substituted, one number by name, JSON, Chinese", "[explain][cli]") {
  std::string out, err;
  REQUIRE(RunCli({"explain", "model=llama2-70b", "gpu=rtx4090", "gpus=8", "method=qlora", "days"}, out, err) == 0);
  CHECK(out.rfind("days = startup_s / 86400 + (compute_days - startup_s / 86400) / goodput = ", 0) == 0);
  CHECK(out.find("gpus = 8 GPUs   (GPUs)   [your key gpus]") != std::string::npos);  // through the failure rate
  CHECK(out.find("[auto: tokens]") != std::string::npos);  // not given: the fine-tuning dataset's default
  CHECK(out.find("source: ") != std::string::npos);

  out.clear(), err.clear();
  REQUIRE(RunCli({"explain", "model=llama3-8b", "gpu=h100", "gpus=24", "--format", "json"}, out, err) == 0);
  const JsonParseResult parsed = ParseJson(out);
  REQUIRE(parsed.ok);
  std::string plan_out, plan_err;
  REQUIRE(RunCli({"plan", "model=llama3-8b", "gpu=h100", "gpus=24", "--format", "json"}, plan_out, plan_err) == 0);
  const JsonParseResult plan = ParseJson(plan_out);
  REQUIRE(plan.ok);
  for (const char* root : {"days", "cost_usd", "memory_total_bytes", "step_seconds", "tokens_per_s_per_gpu", "mfu"}) {
    INFO(root);
    const JsonValue* node = parsed.value.Find(root);
    REQUIRE(node);
    CHECK(node->Find("formula"));
    CHECK(node->Find("inputs")->IsArray());
    CHECK(node->Find("unit")->IsString());
  }
  CHECK(parsed.value.Find("days")->NumberOr("value", -1) == plan.value.Find("run")->NumberOr("days", -2));
  CHECK(parsed.value.Find("memory_total_bytes")->NumberOr("value", -1) ==
        plan.value.Find("memory")->NumberOr("total_bytes", -2));
  CHECK(parsed.value.Find("step_seconds")->NumberOr("value", -1) == plan.value.Find("step")->NumberOr("seconds", -2));

  out.clear(), err.clear();
  REQUIRE(RunCli({"explain", "model=llama3-8b", "gpu=h100", "gpus=24", "--lang", "zh", "memory_total_bytes"}, out,
                 err) == 0);
  CHECK(out.find("每张 GPU 的显存") != std::string::npos);
  CHECK(out.find("[你的输入 ") != std::string::npos);

  out.clear(), err.clear();
  CHECK(RunCli({"explain", "model=llama3-8b", "bogus_number"}, out, err) == 2);
  CHECK(err.find("bogus_number") != std::string::npos);
  CHECK(err.find("days") != std::string::npos);
  out.clear(), err.clear();
  CHECK(RunCli({"explain", "model=llama3-8b", "--format", "csv"}, out, err) == 2);
  out.clear(), err.clear();
  CHECK(RunCli({"explain", "model=llama3-8b", "gpus=0"}, out, err) == 2);
  CHECK(err.find("gpus") != std::string::npos);
}

// "Every assumption visible and editable": a key the explanation shows, typed back with the value shown, plans the
// same (the matmul efficiency had been shown with the GPU's measured share folded in, which typed back gave another
// plan).
TEST_CASE("every key the explanation shows, typed back with its value, gives the same plan", "[explain]") {
  for (const char* link :
       {"model=llama3-70b&gpu=h100&gpus=64", "model=llama3.1-8b&gpu=rtx4090&gpus=1&method=qlora&seq=4096",
        "model=qwen3-30b-a3b&gpu=h100&gpus=16&goal=grpo", "model=mixtral-8x7b&gpu=b200&gpus=64&prec=fp8",
        "model=llama3.1-70b&gpu=a100-80g&gpus=8&zero=3&offload=cpu",
        "model=qwen2.5-7b&gpu=h100&gpus=8&goal=grpo&rl_framework=nemo-rl", "model=llama3.1-8b&gpu=h100&gpus=8&goal=dpo",
        "model=llama3-70b&gpu=h100&gpus=64&stack=fsdp&zero=3&dp_shard=8&tp=1&pp=1&cp=1"}) {
    const PlanOutput out = testing::PlanLink(link);
    REQUIRE(out.ok);
    const Explanation ex = ExplainPlan(out);
    for (const ExplainNode& n : ex.nodes) {
      if (n.key.empty() || !n.text.empty() || n.origin == ExplainNode::Origin::User) continue;
      char value[64];
      std::snprintf(value, sizeof value, "%.17g", n.value);
      const std::string again_link = FormatLink(out.config) + "&" + n.key + "=" + value;
      Config c;
      std::vector<ConfigIssue> issues;
      ApplyLink(c, again_link, issues);
      if (HasErrors(issues)) continue;  // a value shown that the key does not take (a count the link writes otherwise)
      const PlanOutput again = MakePlan(c);
      INFO(link << "  " << n.key << "=" << value);
      REQUIRE(again.ok);
      CHECK(again.plan.step.seconds == Approx(out.plan.step.seconds).epsilon(1e-6));
      CHECK(again.plan.memory.total == Approx(out.plan.memory.total).epsilon(1e-6));
    }
  }
}

}  // namespace explain_test
