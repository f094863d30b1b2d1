// resolved.cpp — what each auto key became (resolved.h): one resolver per key the plan decides, reading the
// Job and the Plan the planner made (the layout keys are already in PlanOutput::config). A test checks that
// every key on auto in a plan either resolves here or is one that does not apply.
#include "resolved.h"

#include <algorithm>
#include <cstring>

#include "capabilities.h"
#include "catalog.h"
#include "resolve.h"
#include "rules.h"
#include "run.h"
#include "stack.h"

namespace tp {
namespace {

struct Resolver {
  const char* key;
  void (*apply)(const PlanOutput& out, Config& c);
};

const ModelArch& M(const PlanOutput& o) { return o.job.model; }
const RlSetup& R(const PlanOutput& o) { return o.job.rl; }
bool Moe(const PlanOutput& o) { return o.job.model.experts > 1; }
bool Grouped(const PlanOutput& o) { return Moe(o) && o.job.model.expert_groups > 1; }  // group-limited routing
bool Shaped(const PlanOutput& o) { return o.job.model.layers > 0; }                    // not a size-only model
// A stack's own settings (grad_fp32, optim_bf16, recompute_mla_up, fp8_params, tp_overlap) resolve where its release
// offers them (the capability table, which resolve refuses them by elsewhere).
bool Offers(const PlanOutput& o, Feature f) {
  if (!o.job.stack) return false;
  const Support s = Capability(*o.job.stack, o.job.stack_year, f).support;
  return s == Support::Native || s == Support::Extension;
}
// The dataset's figures apply when a fine-tune's budget came from them (no tokens given).
bool FromDataset(const PlanOutput& o) { return o.job.work.finetune && o.config.tokens <= 0; }

// In key-table order. The model's dimensions only for a model with an architecture (a size-only model has
// its parameter count alone).
const Resolver kResolvers[] = {
    {"params", [](const PlanOutput& o, Config& c) { c.params = M(o).params_total; }},
    {"layers", [](const PlanOutput& o, Config& c) { c.layers = Shaped(o) ? M(o).layers : c.layers; }},
    {"hidden", [](const PlanOutput& o, Config& c) { c.hidden = Shaped(o) ? M(o).hidden : c.hidden; }},
    {"heads", [](const PlanOutput& o, Config& c) { c.heads = Shaped(o) ? M(o).heads : c.heads; }},
    {"kv_heads", [](const PlanOutput& o, Config& c) { c.kv_heads = Shaped(o) ? M(o).kv_heads : c.kv_heads; }},
    {"ffn", [](const PlanOutput& o, Config& c) { c.ffn = Shaped(o) ? M(o).ffn : c.ffn; }},
    {"vocab", [](const PlanOutput& o, Config& c) { c.vocab = Shaped(o) ? M(o).vocab : c.vocab; }},
    {"experts", [](const PlanOutput& o, Config& c) { c.experts = Shaped(o) ? std::max(1, M(o).experts) : c.experts; }},
    {"topk", [](const PlanOutput& o, Config& c) { c.topk = Shaped(o) ? (Moe(o) ? M(o).topk : 1) : c.topk; }},
    {"act", [](const PlanOutput& o, Config& c) { c.act = Shaped(o) ? int(M(o).mlp) : c.act; }},
    {"tied", [](const PlanOutput& o, Config& c) { c.tied = Shaped(o) ? (M(o).tied ? 1 : 0) : c.tied; }},
    {"moe_ffn", [](const PlanOutput& o, Config& c) { c.moe_ffn = Shaped(o) && Moe(o) ? M(o).moe_ffn : kUnset; }},
    {"shared_experts",
     [](const PlanOutput& o, Config& c) {
       c.shared_experts = Shaped(o) ? (Moe(o) ? M(o).shared_experts : 0) : c.shared_experts;
     }},
    {"dense_layers", [](const PlanOutput& o,
                        Config& c) { c.dense_layers = Shaped(o) ? (Moe(o) ? M(o).dense_layers : 0) : c.dense_layers; }},
    {"expert_groups",
     [](const PlanOutput& o, Config& c) { c.expert_groups = Shaped(o) && Grouped(o) ? M(o).expert_groups : c.expert_groups; }},
    {"group_topk",
     [](const PlanOutput& o, Config& c) { c.group_topk = Shaped(o) && Grouped(o) ? M(o).group_topk : c.group_topk; }},
    {"head_dim",
     [](const PlanOutput& o, Config& c) {
       if (Shaped(o))
         c.head_dim = M(o).head_dim > 0 ? M(o).head_dim : M(o).heads > 0 ? M(o).hidden / M(o).heads : kUnset;
     }},
    {"kv_lora_rank",
     [](const PlanOutput& o, Config& c) { c.kv_lora_rank = Shaped(o) ? M(o).kv_lora_rank : c.kv_lora_rank; }},
    {"q_lora_rank",
     [](const PlanOutput& o, Config& c) { c.q_lora_rank = Shaped(o) ? M(o).q_lora_rank : c.q_lora_rank; }},
    {"qk_rope_dim",
     [](const PlanOutput& o, Config& c) { c.qk_rope_dim = Shaped(o) ? M(o).qk_rope_dim : c.qk_rope_dim; }},
    {"qk_nope_dim",
     [](const PlanOutput& o, Config& c) { c.qk_nope_dim = Shaped(o) ? M(o).qk_nope_dim : c.qk_nope_dim; }},
    {"v_head_dim", [](const PlanOutput& o, Config& c) { c.v_head_dim = Shaped(o) ? M(o).v_head_dim : c.v_head_dim; }},
    {"qk_norm", [](const PlanOutput& o, Config& c) { c.qk_norm = Shaped(o) ? int(M(o).qk_norm) : c.qk_norm; }},
    {"norms_per_block",
     [](const PlanOutput& o, Config& c) {
       if (Shaped(o)) c.norms_per_block = M(o).norms_per_block > 0 ? M(o).norms_per_block : 2;
     }},
    // auto: pre-training or fine-tuning, never RL; a post-training goal is the one asked (its policy's workload is a
    // fine-tune, which must not rename it)
    {"goal", [](const PlanOutput& o, Config& c) { if (!R(o).Active()) c.goal = o.job.work.finetune ? 1 : 0; }},
    {"stack", [](const PlanOutput& o, Config& c) { c.stack = o.job.stack ? o.job.stack->id : c.stack; }},
    // post-training (rl_setup.cpp): what each rl_ key's auto became; other goals keep auto
    {"rl_prompts", [](const PlanOutput& o, Config& c) { if (R(o).Active()) c.rl_prompts = R(o).prompts; }},
    {"rl_samples", [](const PlanOutput& o, Config& c) { if (R(o).Active()) c.rl_samples = R(o).samples; }},
    {"rl_prompt_len", [](const PlanOutput& o, Config& c) { if (R(o).Active()) c.rl_prompt_len = int(R(o).prompt_len); }},
    {"rl_response_len",
     [](const PlanOutput& o, Config& c) { if (R(o).Active()) c.rl_response_len = int(R(o).response_len); }},
    {"rl_max_response_len",
     [](const PlanOutput& o, Config& c) { if (R(o).Active()) c.rl_max_response_len = int(R(o).max_response_len); }},
    {"rl_updates", [](const PlanOutput& o, Config& c) { if (R(o).Active()) c.rl_updates = R(o).updates; }},
    {"rl_steps", [](const PlanOutput& o, Config& c) { if (R(o).Active()) c.rl_steps = R(o).steps; }},
    {"rl_framework",
     [](const PlanOutput& o, Config& c) { if (R(o).Active()) c.rl_framework = int(R(o).framework); }},
    {"rl_engine", [](const PlanOutput& o, Config& c) { if (R(o).Active()) c.rl_engine = int(R(o).engine); }},
    {"rl_kv_frac", [](const PlanOutput& o, Config& c) { if (R(o).Active()) c.rl_kv_frac = R(o).kv_frac; }},
    {"rl_max_seqs", [](const PlanOutput& o, Config& c) { if (R(o).Active()) c.rl_max_seqs = R(o).max_seqs; }},
    {"rl_gen_prec",
     [](const PlanOutput& o, Config& c) {
       if (R(o).Active() && R(o).algo != RlAlgo::Dpo) c.rl_gen_prec = R(o).gen_fp8 ? 1 : 0;
     }},
    {"rl_max_age",
     [](const PlanOutput& o, Config& c) {
       if (R(o).Active() && R(o).async == 2 && !R(o).colocate) c.rl_max_age = R(o).max_age;
     }},
    {"rl_logprob_mbs",
     [](const PlanOutput& o, Config& c) { if (R(o).Active()) c.rl_logprob_mbs = R(o).LogprobMbs(o.plan.layout.mbs); }},
    {"rl_logprob_mb_tokens",
     [](const PlanOutput& o, Config& c) {
       if (R(o).Active() && R(o).logprob_mb_tokens > 0) c.rl_logprob_mb_tokens = R(o).logprob_mb_tokens;
     }},
    {"rl_colocate", [](const PlanOutput& o, Config& c) { if (R(o).Active()) c.rl_colocate = R(o).colocate ? 1 : 0; }},
    {"rl_rollout_gpus",
     [](const PlanOutput& o, Config& c) { if (R(o).Active()) c.rl_rollout_gpus = R(o).rollout_gpus; }},
    {"rl_rollout_tp", [](const PlanOutput& o, Config& c) { if (R(o).Active()) c.rl_rollout_tp = R(o).rollout_tp; }},
    {"rl_ref", [](const PlanOutput& o, Config& c) { if (R(o).Active()) c.rl_ref = R(o).ref ? 1 : 0; }},
    {"rl_park", [](const PlanOutput& o, Config& c) { if (R(o).Active()) c.rl_park = R(o).park ? 1 : 0; }},
    {"rl_sleep", [](const PlanOutput& o, Config& c) { if (R(o).ColocatedEngine()) c.rl_sleep = R(o).sleep ? 1 : 0; }},
    {"stack_year",
     [](const PlanOutput& o, Config& c) { c.stack_year = o.job.stack ? o.job.stack_year : c.stack_year; }},
    {"dropout", [](const PlanOutput& o, Config& c) { c.dropout = o.job.work.dropout; }},
    {"fp8_recipe", [](const PlanOutput& o, Config& c) { c.fp8_recipe = int(o.job.work.fp8_recipe); }},
    // bf16 on a GPU without BF16 tensor cores is planned as fp16 (resolve.cpp ResolveWorkload): the value used.
    {"prec", [](const PlanOutput& o, Config& c) { c.prec = o.job.work.prec; }},
    {"cp_comm", [](const PlanOutput& o, Config& c) { c.cp_comm = int(o.job.work.cp_comm); }},
    {"moe_a2a_overlap",
     [](const PlanOutput& o, Config& c) {
       if (Offers(o, Feature::EpA2aOverlap)) c.moe_a2a_overlap = o.job.assume.moe_a2a_overlap > 0 ? 1 : 0;
     }},
    // The shard group: every data-parallel rank, or hybrid sharding's groups (rules.h); none without ZeRO.
    {"dp_shard",
     [](const PlanOutput& o, Config& c) {
       const Layout& l = o.plan.layout;
       if (l.zero >= 1) c.dp_shard = ShardGroupDp(l, o.job.work.dp_shard);
     }},
    {"moe_pad", [](const PlanOutput& o, Config& c) { c.moe_pad = o.job.assume.moe_pad > 0 ? 1 : 0; }},
    {"full_graphs", [](const PlanOutput& o, Config& c) { c.full_graphs = o.job.assume.full_graphs > 0 ? 1 : 0; }},
    {"fp8_head", [](const PlanOutput& o, Config& c) { c.fp8_head = o.job.assume.fp8_head > 0 ? 1 : 0; }},
    {"seq", [](const PlanOutput& o, Config& c) { c.seq = o.job.work.seq; }},
    {"gbs", [](const PlanOutput& o, Config& c) { c.gbs = o.plan.global_batch; }},  // this layout's batch
    {"tokens", [](const PlanOutput& o, Config& c) { c.tokens = o.job.work.tokens; }},
    {"examples",
     [](const PlanOutput& o, Config& c) { c.examples = FromDataset(o) ? DatasetOf(o.config).examples : c.examples; }},
    {"example_tokens",
     [](const PlanOutput& o, Config& c) {
       c.example_tokens = FromDataset(o) ? DatasetOf(o.config).example_tokens : c.example_tokens;
     }},
    {"epochs",
     [](const PlanOutput& o, Config& c) { c.epochs = FromDataset(o) ? DatasetOf(o.config).epochs : c.epochs; }},
    {"gpu", [](const PlanOutput& o, Config& c) { c.gpu = o.job.hw.gpu ? o.job.hw.gpu->id : c.gpu; }},
    {"gpus_per_node", [](const PlanOutput& o, Config& c) { c.gpus_per_node = o.job.hw.gpus_per_node; }},
    {"intra", [](const PlanOutput& o, Config& c) { c.intra = o.job.hw.intra ? o.job.hw.intra->id : c.intra; }},
    {"inter", [](const PlanOutput& o, Config& c) { c.inter = o.job.hw.inter ? o.job.hw.inter->id : c.inter; }},
    {"offload_act", [](const PlanOutput& o, Config& c) { c.offload_act = o.job.work.offload_checkpoints ? 1 : 0; }},
    {"grad_fp32",
     [](const PlanOutput& o, Config& c) {
       if (Offers(o, Feature::GradFp32)) c.grad_fp32 = o.job.work.grad_fp32 ? 1 : 0;
     }},
    {"recompute_mla_up",
     [](const PlanOutput& o, Config& c) {
       if (Offers(o, Feature::RecomputeMlaUp) && M(o).kv_lora_rank > 0) c.recompute_mla_up = o.job.work.mla_up_recompute ? 1 : 0;
     }},
    {"recompute_moe_act",
     [](const PlanOutput& o, Config& c) {
       if (Offers(o, Feature::RecomputeMoeAct) && M(o).experts > 1)
         c.recompute_moe_act = o.job.work.moe_act_recompute ? 1 : 0;
     }},
    {"fp8_params",
     [](const PlanOutput& o, Config& c) {
       if (Offers(o, Feature::Fp8Gather) && o.job.work.prec == Precision::Fp8) c.fp8_params = o.job.work.fp8_params ? 1 : 0;
     }},
    {"tp_overlap",
     [](const PlanOutput& o, Config& c) {
       if (Offers(o, Feature::TpOverlap)) c.tp_overlap = o.job.work.tp_overlap ? 1 : 0;
     }},
    {"optim_bf16",
     [](const PlanOutput& o, Config& c) {
       if (Offers(o, Feature::OptimBf16)) c.optim_bf16 = o.job.work.optim_bf16 ? 1 : 0;
     }},
    {"modeling", [](const PlanOutput& o, Config& c) { c.modeling = int(o.job.work.modeling); }},
    {"compile", [](const PlanOutput& o, Config& c) { c.compile = o.job.work.compiled ? 1 : 0; }},
    {"kbit_prep", [](const PlanOutput& o, Config& c) { c.kbit_prep = o.job.work.kbit_prep ? 1 : 0; }},
    {"qlora_experts",
     [](const PlanOutput& o, Config& c) {
       if (o.job.work.method == Method::Qlora && o.job.model.experts > 1) c.qlora_experts = o.job.work.qlora_experts;
     }},
    {"padding", [](const PlanOutput& o, Config& c) { c.padding = int(o.job.work.padding); }},
    {"usd_per_gpu_hour", [](const PlanOutput& o, Config& c) { c.usd_per_gpu_hour = o.job.econ.usd_per_gpu_hour; }},
    {"usd_per_gpu", [](const PlanOutput& o, Config& c) { c.usd_per_gpu = o.job.econ.usd_per_gpu; }},
    {"ckpt_s",
     [](const PlanOutput& o, Config& c) {
       if (c.ckpt_s <= 0 && o.plan.run.ckpt_write_s > 0) c.ckpt_s = o.plan.run.ckpt_write_s;
     }},
    {"checkpoints", [](const PlanOutput& o, Config& c) { c.checkpoints = o.job.rel.checkpoints ? 1 : 0; }},
    {"ckpt_interval_s",
     [](const PlanOutput& o, Config& c) {
       if (c.ckpt_interval_s <= 0 && o.plan.run.ckpt_interval_s > 0) c.ckpt_interval_s = o.plan.run.ckpt_interval_s;
     }},
    {"eval_interval", [](const PlanOutput& o, Config& c) { c.eval_interval = o.job.work.eval_interval; }},
    {"eval_first",
     [](const PlanOutput& o, Config& c) {
       const Workload& w = o.job.work;
       if (w.eval_interval > 0) c.eval_first = w.eval_first > 0 ? w.eval_first : w.eval_interval;
     }},
    {"eval_tokens",
     [](const PlanOutput& o, Config& c) {
       if (o.job.work.eval_interval > 0) c.eval_tokens = EvalTokens(o.job, o.plan.layout);
     }},
    {"startup_load", [](const PlanOutput& o, Config& c) { c.startup_load = int(o.job.work.startup_load); }},
    {"startup_s",
     [](const PlanOutput& o, Config& c) {
       if (c.startup_s <= 0 && o.plan.run.startup_s > 0) c.startup_s = o.plan.run.startup_s;
     }},
    {"storage_gbps",
     [](const PlanOutput& o, Config& c) {
       if (c.storage_gbps <= 0 && o.job.rel.storage_bytes_per_s > 0)
         c.storage_gbps = o.job.rel.storage_bytes_per_s / 1e9;
     }},
};

const Resolver* FindResolver(const char* key) {
  for (const Resolver& r : kResolvers)
    if (std::strcmp(r.key, key) == 0) return &r;
  return nullptr;
}

bool Kept(const PlanOutput& out, const char* key) {
  return std::find(out.fallback_keys.begin(), out.fallback_keys.end(), key) != out.fallback_keys.end();
}

// One key resolved into c (an assumption: its value in the Job; the layout is in out.config already).
void ResolveKey(const PlanOutput& out, const KeyInfo& k, Config& c) {
  if (Kept(out, k.name)) return;
  if (k.assume && k.set_real) return k.set_real(c, out.job.assume.*k.assume);
  if (const Resolver* r = FindResolver(k.name)) r->apply(out, c);
}

}  // namespace

ResolvedConfig ResolveAutoKeys(const PlanOutput& out) {
  ResolvedConfig r{out.config, {}};
  if (!out.ok) return r;  // with errors the job is partly defaults: show what was asked
  for (const KeyInfo& k : Keys()) ResolveKey(out, k, r.config);
  for (const std::string& key : out.auto_keys) {
    const KeyInfo* k = FindKey(key);
    // An assumption on its default is not a choice; a key that does not apply stays auto.
    if (!k || k->assume || k->group == KeyGroup::View || Kept(out, k->name)) continue;
    if (FormatValue(r.config, key) != "auto") r.auto_keys.push_back(key);
  }
  return r;
}

std::string ResolvedValue(const PlanOutput& out, const KeyInfo& key) {
  Config c = out.config;
  if (out.ok) ResolveKey(out, key, c);
  return FormatValue(c, key.name);
}

}  // namespace tp
