// resolved_test.cpp — what auto became (core/report/resolved.h) is one answer: the JSON's config shows numbers
// and ids with the keys auto chose in "auto_keys", the page's greyed fields (ResolvedValue) and the
// explanation's leaves say the same, and every key left on auto either resolves or does not apply.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>

#include "explain.h"
#include "json.h"
#include "planner.h"
#include "report.h"
#include "resolved.h"
#include "test_links.h"
#include "text.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace resolved_test {

using namespace tp;
using tp::testing::FromLink;

namespace {

const char* const kLinks[] = {
    "#v=1&model=llama2-70b&gpu=h100&gpus=64",
    "#v=1&model=llama3-8b&method=qlora&gpu=rtx4090&gpus=1",
    "#v=1&model=mixtral-8x7b&gpus=16&gpu=h100",
    "#v=1&model=gpt2-1.5b&gpus=4&gpu=a100-40g&offload=cpu&zero=3",
    "#v=1&model=llama2-70b&gpu=h100&gpus=256&ckpt_s=30",
    "#v=1&params=7.5e9&gpus=64&zero=3&prec=fp16",
    "#v=1&model=qwen2.5-7b&gpu=h100&gpus=16&goal=grpo",
};

}  // namespace

TEST_CASE("what auto became: numbers and ids in the JSON's config, the keys auto chose listed beside it",
          "[resolved][report]") {
  const PlanOutput out = MakePlan(FromLink("#v=1&model=llama2-70b&gpu=h100&gpus=64"));
  REQUIRE(out.ok);
  const JsonParseResult json = ParseJson(PlanToJson(out));
  REQUIRE(json.ok);
  const JsonValue& config = *json.value.Find("config");
  // The workload's, the framework's and the layout's auto keys as planned, not "auto" (issue #27).
  CHECK(config.Find("seq")->number == out.job.work.seq);
  CHECK(config.Find("seq")->number == 4096);
  CHECK(config.Find("gbs")->number == out.plan.global_batch);
  CHECK(config.Find("stack")->string == "megatron");
  CHECK(config.Find("goal")->string == "pretrain");
  CHECK(config.Find("dropout")->number == out.job.work.dropout);
  CHECK(config.Find("tp")->number == out.plan.layout.tp);
  CHECK(config.Find("head_dim")->number == 128);  // 8,192 / 64 heads
  CHECK(config.Find("norms_per_block")->number == 2);
  // Keys that do not apply stay auto: a dense model's MoE width, a catalog GPU's custom figures.
  CHECK(config.Find("moe_ffn")->string == "auto");
  CHECK(config.Find("gpu_mem_gib")->string == "auto");
  const JsonValue* auto_keys = json.value.Find("auto_keys");
  REQUIRE(auto_keys);
  REQUIRE(auto_keys->IsArray());
  std::set<std::string> chosen;
  for (const JsonValue& k : auto_keys->array) chosen.insert(k.string);
  for (const char* k :
       {"seq", "gbs", "stack", "goal", "dropout", "tp", "pp", "dp", "mbs", "zero", "recompute", "layers", "params"})
    CHECK(chosen.count(k) == 1);
  // Given keys, keys that stay auto and assumptions on their default are not choices.
  for (const char* k : {"gpu", "gpus", "model", "moe_ffn", "gpu_mem_gib", "eff_matmul", "prec"})
    CHECK(chosen.count(k) == 0);
  // A key given explicitly is not listed, and shows as given.
  const PlanOutput given = MakePlan(FromLink("#v=1&model=llama2-70b&gpu=h100&gpus=64&seq=2048&tp=8"));
  const ResolvedConfig r = ResolveAutoKeys(given);
  CHECK(r.config.seq == 2048);
  CHECK(std::count(r.auto_keys.begin(), r.auto_keys.end(), "seq") == 0);
  CHECK(std::count(r.auto_keys.begin(), r.auto_keys.end(), "tp") == 0);
  CHECK(std::count(r.auto_keys.begin(), r.auto_keys.end(), "pp") == 1);
  // A post-training goal is the goal planned, not the fine-tune its policy trains; its framework and engine on auto
  // are ones that run it (TRL's PPO generates with the policy's generate, capabilities.h RlOfferTable).
  const PlanOutput ppo = MakePlan(FromLink("#v=1&model=qwen2.5-7b&gpu=h100&gpus=8&goal=ppo&rl_framework=trl"));
  REQUIRE(ppo.ok);
  const JsonParseResult ppo_json = ParseJson(PlanToJson(ppo));
  REQUIRE(ppo_json.ok);
  CHECK(ppo_json.value.Find("config")->Find("goal")->string == "ppo");
  CHECK(ppo_json.value.Find("config")->Find("rl_engine")->string == "hf");
  const PlanOutput dpo = MakePlan(FromLink("#v=1&model=qwen2.5-7b&gpu=h100&gpus=8&goal=dpo"));
  REQUIRE(dpo.ok);
  CHECK(ResolveAutoKeys(dpo).config.goal == 4);
  CHECK(dpo.job.rl.framework != RlFramework::Verl);  // verl has no DPO trainer
}

TEST_CASE("one answer for what auto became: the key rows' value, the JSON's config and the explanation's leaves",
          "[resolved][report]") {
  for (const char* link : kLinks) {
    INFO(link);
    const PlanOutput out = MakePlan(FromLink(link));
    REQUIRE(out.ok);
    const ResolvedConfig r = ResolveAutoKeys(out);
    const JsonParseResult json = ParseJson(PlanToJson(out));
    REQUIRE(json.ok);
    const Explanation ex = ExplainPlan(out);
    for (const KeyInfo& k : Keys()) {
      if (k.group == KeyGroup::View) continue;
      INFO(k.name);
      const std::string v = FormatValue(r.config, k.name);
      CHECK(ResolvedValue(out, k) == v);  // the page's greyed field
      const JsonValue* j = json.value.Find("config")->Find(k.name);
      REQUIRE(j);
      double x = 0;
      if (j->type == JsonValue::Type::String)
        CHECK(j->string == v);
      else
        CHECK((ParseNumber(v, x) && x == j->number));
      if (const ExplainNode* n = ex.Find(k.name); n && !n->text.empty()) CHECK(n->text == v);
    }
    // Every key the plan left on auto either says what it became or is one that does not apply here.
    for (const std::string& key : out.auto_keys) {
      INFO(key);
      const KeyInfo* k = FindKey(key);
      REQUIRE(k);
      if (k->group == KeyGroup::View || k->assume) continue;
      if (IsModelGroup(k->group) && out.job.model.layers == 0 && key != "params") continue;  // a size-only model
      const bool chosen = std::count(r.auto_keys.begin(), r.auto_keys.end(), key) == 1;
      // (a dense model's MoE width, ordinary attention's latent sizes, a pre-training run's dataset, a catalog
      // GPU's custom figures, one pipeline schedule per step, no calibration, routing without expert groups, no
      // pipeline to schedule, no evaluation to place)
      static const std::set<std::string> kMayNotApply = {
          "moe_ffn", "qk_rope_dim", "qk_nope_dim", "v_head_dim", "examples", "example_tokens", "epochs", "gpu_mem_gib",
          "gpu_bw_gbs", "gpu_tflops", "gpu_tdp_w", "gpu_fp8_tflops", "gpu_fp32_tflops", "gpu_mamf_tflops", "gpu_p2p",
          "pp_microbatches", "calib_gpu", "name", "expert_groups", "group_topk", "pp_schedule", "eval_first",
          "eval_tokens",
          // post-training's keys outside a grpo, ppo or dpo goal
          "rl_prompts", "rl_samples", "rl_prompt_len", "rl_response_len", "rl_max_response_len", "rl_updates",
          "rl_steps", "rl_framework", "rl_engine", "rl_kv_frac", "rl_max_seqs", "rl_colocate", "rl_rollout_gpus",
          "rl_rollout_tp", "rl_ref", "rl_park", "rl_sleep",
          // QLoRA's routed experts: a QLoRA plan of a mixture of experts only
          "qlora_experts",
          // auto: a step's sequences handed to the engines at once, no call size to resolve to
          "rl_gen_batch",
          // auto: the training's micro-batch, already resolved as mbs
          "rl_logprob_mbs",
          // only a streaming rollout on split pools runs steps ahead; DPO generates nothing
          "rl_max_age", "rl_gen_prec",
          // auto: micro-batches counted in sequences (mbs, rl_logprob_mbs), no budget to resolve to
          "rl_mb_tokens", "rl_logprob_mb_tokens",
          // a stack's own settings (capabilities.h): not on a stack or release without them; FP8 weights only in
          // FP8 training, the MLA up-projections' recomputation only with latent attention, the experts' activation's
          // only with experts
          "grad_fp32", "optim_bf16", "fp8_params", "recompute_mla_up", "recompute_moe_act", "tp_overlap",
          "moe_a2a_overlap",
          // no ZeRO stage: nothing sharded, so no shard group
          "dp_shard"};
      CHECK((chosen || kMayNotApply.count(key) == 1));
    }
  }
}

}  // namespace resolved_test
