// formats.cpp — the eleven launch formats, the models' names in each framework, the one table of what each
// format refuses, drops or rewrites (LaunchRules), and a file's format told from its content
// (DetectLaunchFormat). The releases and commits are those the key lists in tests/data/launch_keys/ were read
// at (a test checks they agree). Nothing here parses a file: the page names the formats and tells a pasted
// file's format with this alone, without linking the parsers and yaml-cpp's exceptions (import.cpp, the launch
// module's), which would add to its download.
#include <algorithm>

#include "capabilities.h"
#include "launch.h"
#include "launch_doc.h"
#include "launch_models.h"
#include "max_seq_best.h"
#include "pipeline.h"
#include "presets.h"
#include "resolve.h"
#include "rules.h"
#include "search.h"
#include "stack.h"
#include "text.h"

// GCC 12 reports -Wrestrict falsely for `"literal" + std::string&&` once inlined (GCC bug 105329), as cli.cpp says.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace tp {
namespace {

bool Always(const PlanOutput&) { return true; }
bool Tp(const PlanOutput& o) { return o.plan.layout.tp > 1; }
bool Pp(const PlanOutput& o) { return o.plan.layout.pp > 1; }
bool Cp(const PlanOutput& o) { return o.plan.layout.cp > 1; }
bool Ep(const PlanOutput& o) { return o.plan.layout.ep > 1; }
bool Zero1(const PlanOutput& o) { return o.plan.layout.zero == 1; }
bool ZeroAny(const PlanOutput& o) { return o.plan.layout.zero > 0; }
bool ZeroBelow2WithGpus(const PlanOutput& o) { return o.plan.layout.zero < 2 && o.plan.layout.dp > 1; }
bool Nvme(const PlanOutput& o) { return o.plan.layout.offload == Offload::Nvme; }
bool AnyOffload(const PlanOutput& o) { return o.plan.layout.offload != Offload::None; }
bool OffloadBelow2(const PlanOutput& o) { return o.plan.layout.offload != Offload::None && o.plan.layout.zero < 2; }
bool OffloadBelow3(const PlanOutput& o) { return o.plan.layout.offload != Offload::None && o.plan.layout.zero < 3; }
bool Adapter(const PlanOutput& o) { return o.job.work.method != Method::Full; }
bool NotFull(const PlanOutput& o) { return o.job.work.method != Method::Full; }
bool Fp8(const PlanOutput& o) { return o.job.work.prec == Precision::Fp8; }
bool Fp16(const PlanOutput& o) { return o.job.work.prec == Precision::Fp16; }
bool Selective(const PlanOutput& o) { return o.plan.layout.recompute == Recompute::Selective; }
bool FullRecompute(const PlanOutput& o) { return o.plan.layout.recompute == Recompute::Full; }
bool NoFlash(const PlanOutput& o) { return !o.job.work.flash; }
bool NotAdamW(const PlanOutput& o) { return o.job.work.opt != Optimizer::AdamW; }
bool EightBitOrPaged(const PlanOutput& o) {
  return Unpaged(o.job.work.opt) == Optimizer::AdamW8bit || IsPaged(o.job.work.opt);
}
bool NoTorchtuneBuilder(const PlanOutput& o) { return launch::TorchtuneBuilder(o.config, o.job.work.method).empty(); }
bool NoTitanFlavor(const PlanOutput& o) { return launch::TorchtitanModel(o.config).name == nullptr; }
bool FusedLossPlanned(const PlanOutput& o) { return PlansFusedLoss(o.job); }
bool NoTitanSchedule(const PlanOutput& o) {
  return o.plan.layout.pp > 1 && launch::TorchtitanSchedule(int(ScheduleOf(o.plan.layout))) == nullptr;
}
bool NoModelId(const PlanOutput& o) { return launch::ModelId(o.config).empty(); }
bool DenseLayers(const PlanOutput& o) { return o.job.model.dense_layers > 0; }
// LoRA of every MLP (lora_targets=all) on a model with routed experts.
bool LoraOfRoutedExperts(const PlanOutput& o) {
  return Adapter(o) && o.config.lora_targets == "all" && !launch::HfExpertParameters(o.job.model).empty();
}
bool RlGoal(const PlanOutput& o) { return o.job.rl.Active(); }
bool Ppo(const PlanOutput& o) { return o.job.rl.algo == RlAlgo::Ppo; }
bool OneStepOff(const PlanOutput& o) { return o.job.rl.Active() && o.job.rl.async; }
bool SplitPools(const PlanOutput& o) { return o.job.rl.Active() && o.job.rl.algo != RlAlgo::Dpo && !o.job.rl.colocate; }
bool NotRl(const PlanOutput& o) { return !o.job.rl.Active(); }
bool Pretraining(const PlanOutput& o) { return !o.job.rl.Active() && !o.job.work.finetune; }
bool Dpo(const PlanOutput& o) { return o.job.rl.algo == RlAlgo::Dpo; }
bool FsdpStack(const PlanOutput& o) { return StackOf(o.job).id != std::string("megatron"); }
bool Qlora(const PlanOutput& o) { return o.job.work.method == Method::Qlora; }
bool NotVllm(const PlanOutput& o) {
  return o.job.rl.Active() && o.job.rl.algo != RlAlgo::Dpo && o.job.rl.engine == RlEngine::Sglang;
}

using F = LaunchFormat;
using A = LaunchAction;

// Hybrid sharding with more than one replica group (rules.h ShardReplicas).
bool Hsdp(const PlanOutput& o) { return ShardReplicas(o.plan.layout, o.job.work.dp_shard) > 1; }
// Accelerate's (FSDP1's) HYBRID_SHARD shards within one node and replicates across nodes: the Trainer's fsdp string
// "hybrid_shard" says that group and no other.
bool HsdpNotNode(const PlanOutput& o) {
  return Hsdp(o) && o.job.work.dp_shard * o.plan.layout.tp * o.plan.layout.cp != NodeGpus(o.job.hw);
}

bool Colocated(const PlanOutput& o) { return o.job.rl.Active() && o.job.rl.colocate; }
bool GenCalls(const PlanOutput& o) { return o.job.rl.Active() && o.job.rl.gen_batch > 0; }  // rl_gen_batch given
bool GenFp8(const PlanOutput& o) { return o.job.rl.Active() && o.job.rl.gen_fp8; }          // rl_gen_prec=fp8
bool OddDpoMicroBatch(const PlanOutput& o) { return Dpo(o) && o.plan.layout.mbs % 2 != 0; }

// Does RL framework `fw` lack feature `f` for this plan? The RL capability table answers (one place:
// core/stack/capabilities.cpp RlCapabilityTable, each row with the framework's file and commit), so an export
// refuses exactly what resolve refuses for that rl_framework.
bool RlFrameworkLacks(const PlanOutput& o, RlFramework fw, Feature f) {
  return RlCapability(fw, StackOf(o.job).kind, o.job.stack_year, f, Dpo(o)).support == Support::Absent;
}
bool OpenrlhfLacks(const PlanOutput& o, Feature f) { return RlFrameworkLacks(o, RlFramework::Openrlhf, f); }
bool OpenrlhfPp(const PlanOutput& o) { return Pp(o) && OpenrlhfLacks(o, Feature::Pp); }
bool OpenrlhfEp(const PlanOutput& o) { return Ep(o) && OpenrlhfLacks(o, Feature::Ep); }
bool OpenrlhfNvme(const PlanOutput& o) { return Nvme(o) && OpenrlhfLacks(o, Feature::OffloadNvme); }

// OpenRLHF v0.11.0 (issue #32): train_ppo_ray on Ray with vLLM engines for GRPO and PPO, train_dpo and train_sft
// under the deepspeed launcher; every model a DeepSpeed engine (openrlhf/cli/train_ppo_ray.py, train_dpo.py,
// train_sft.py@3c3be62).
std::vector<LaunchRule> OpenrlhfRules() {
  const char* tp_note =
      "written as --ds.tensor_parallel_size (DeepSpeed AutoTP over the Transformers model), the only model "
      "parallelism OpenRLHF's DeepSpeed engines have besides ring attention";
  const char* tp_note_zh =
      "写作 --ds.tensor_parallel_size（DeepSpeed 对 Transformers 模型的 AutoTP），这是 OpenRLHF 的 "
      "DeepSpeed 引擎除环形注意力外唯一的模型并行";
  const char* no_mp =
      "OpenRLHF's DeepSpeed engines have no pipeline or expert parallel degree (only "
      "--ds.tensor_parallel_size and --ds.ring_attn_size)";
  const char* no_mp_zh =
      "OpenRLHF 的 DeepSpeed 引擎没有流水线或专家并行度（只有 --ds.tensor_parallel_size 与 "
      "--ds.ring_attn_size）";
  return {
      {F::Openrlhf, "goal", "goal = pretrain", A::Refuse,
       "OpenRLHF trains a model it loads (train_sft, train_dpo, train_ppo_ray: --model.model_name_or_path), never one "
       "from scratch: export another format for pre-training",
       "OpenRLHF 只训练它加载的模型（train_sft、train_dpo、train_ppo_ray：--model.model_name_or_path），不从头训练："
       "预训练请导出其他格式",
       Pretraining, ""},
      {F::Openrlhf, "rl_engine", "rl_engine = hf", A::Refuse,
       "OpenRLHF v0.11.0 generates with vLLM engines only (--vllm.num_engines): give rl_engine=vllm",
       "OpenRLHF v0.11.0 只用 vLLM 引擎生成（--vllm.num_engines）：请设 rl_engine=vllm",
       [](const PlanOutput& o) { return o.job.rl.Active() && !Dpo(o) && o.job.rl.engine == RlEngine::Hf; }, ""},
      {F::Openrlhf, "rl_engine", "rl_engine = sglang", A::Rewrite,
       "OpenRLHF generates with vLLM only: written as vLLM engines", "OpenRLHF 只用 vLLM 生成：按 vLLM 引擎写出",
       NotVllm, ""},
      {F::Openrlhf, "rl_colocate", "rl_colocate = 0 and rl_async = 0 with a critic or a reward model", A::Refuse,
       "without --train.colocate_all, train_ppo_ray gives the critic and the reward model GPUs of their own (only "
       "actor and reference share, --train.colocate_actor_ref); the plan keeps them on the trainer's GPUs: give "
       "rl_colocate=1, or rl_async=1 (its async mode colocates every DeepSpeed model apart from vLLM)",
       "不设 --train.colocate_all 时，train_ppo_ray 给 critic 与奖励模型各自的 GPU（只有 actor 与参考模型可共用，"
       "--train.colocate_actor_ref）；而规划把它们放在训练 GPU 上：请设 rl_colocate=1，或 rl_async=1（其异步模式让所有 "
       "DeepSpeed 模型共用 GPU，vLLM 另用 GPU）",
       [](const PlanOutput& o) {
         return SplitPools(o) && o.job.rl.async == 0 && (Ppo(o) || o.job.rl.reward_params > 0);
       },
       ""},
      {F::Openrlhf, "rl_async", "rl_async = 1 or 2 with rl_colocate = 1", A::Drop,
       "colocated, OpenRLHF's --train.async_enable would move vLLM to GPUs of its own: the file is the synchronous "
       "colocated run the plan times (no overlap)",
       "共置时 OpenRLHF 的 --train.async_enable 会让 vLLM 另用 GPU：文件写的是规划所计时的同步共置运行（无重叠）",
       [](const PlanOutput& o) { return Colocated(o) && o.job.rl.async > 0; }, ""},
      {F::Openrlhf, "rl_async", "rl_async = 2", A::Rewrite,
       "written as --train.async_enable with --train.partial_rollout_enable (generation goes on across weight syncs)",
       "写作 --train.async_enable 加 --train.partial_rollout_enable（生成跨越权重同步继续进行）",
       [](const PlanOutput& o) { return SplitPools(o) && o.job.rl.async == 2; }, ""},
      {F::Openrlhf, "rl_max_seqs", "rl_max_seqs given", A::Drop,
       "train_ppo_ray does not pass max_num_seqs to vLLM: the engines run at vLLM's default",
       "train_ppo_ray 不向 vLLM 传递 max_num_seqs：引擎使用 vLLM 的默认值",
       [](const PlanOutput& o) { return o.job.rl.Active() && !Dpo(o) && o.config.rl_max_seqs > 0; }, ""},
      {F::Openrlhf, "rl_gen_prec", "rl_gen_prec = fp8", A::Refuse,
       "OpenRLHF's vLLM engines load 16-bit weights (create_vllm_engines: dtype bfloat16, no quantization): give "
       "rl_gen_prec=bf16",
       "OpenRLHF 的 vLLM 引擎加载 16 位权重（create_vllm_engines：dtype bfloat16，无量化）：请设 rl_gen_prec=bf16",
       [](const PlanOutput& o) { return GenFp8(o) && OpenrlhfLacks(o, Feature::RlFp8Rollout); }, ""},
      {F::Openrlhf, "rl_gen_batch", "rl_gen_batch given", A::Drop,
       "OpenRLHF generates a step's prompts at once (samples_generator.py generate_samples): the file's engines are "
       "not handed the plan's smaller calls",
       "OpenRLHF 一次生成一步的全部提示（samples_generator.py generate_samples）：文件中的引擎不会按规划的较小调用"
       "分批接收",
       GenCalls, ""},
      {F::Openrlhf, "rl_ref", "rl_ref = 1 with LoRA or QLoRA", A::Rewrite,
       "OpenRLHF loads the reference as a model of its own (a second copy of the base), where the plan counts the "
       "adapter-free base as the reference",
       "OpenRLHF 把参考模型作为独立模型加载（底座的第二份副本），而规划把不带适配器的底座算作参考模型",
       [](const PlanOutput& o) { return o.job.rl.Active() && o.job.rl.ref && NotFull(o); }, ""},
      {F::Openrlhf, "tp", "tp > 1", A::Rewrite, tp_note, tp_note_zh, Tp, "1"},
      {F::Openrlhf, "cp", "cp > 1", A::Rewrite, "written as --ds.ring_attn_size (ring attention over packed samples)",
       "写作 --ds.ring_attn_size（对打包样本的环形注意力）", Cp, "1"},
      {F::Openrlhf, "pp", "pp > 1", A::Refuse, no_mp, no_mp_zh, OpenrlhfPp, "1"},
      {F::Openrlhf, "ep", "ep > 1", A::Refuse, no_mp, no_mp_zh, OpenrlhfEp, "1"},
      {F::Openrlhf, "prec", "prec = fp32 or fp8", A::Refuse, "--ds.param_dtype is bf16 or fp16",
       "--ds.param_dtype 只能是 bf16 或 fp16",
       [](const PlanOutput& o) { return o.job.work.prec == Precision::Fp32 || Fp8(o); }, ""},
      {F::Openrlhf, "opt", "opt other than adamw", A::Refuse,
       "OpenRLHF builds DeepSpeed's Adam (CPU Adam when offloaded) or Muon: no 8-bit, paged or SGD optimizer",
       "OpenRLHF 使用 DeepSpeed 的 Adam（卸载时为 CPU Adam）或 Muon：没有 8 位、分页或 SGD 优化器", NotAdamW, ""},
      {F::Openrlhf, "method", "method = dora or qdora", A::Refuse, "OpenRLHF's LoRA flags (--ds.lora.*) have no DoRA",
       "OpenRLHF 的 LoRA 参数（--ds.lora.*）没有 DoRA", [](const PlanOutput& o) { return o.job.work.dora; }, ""},
      {F::Openrlhf, "offload", "offload = nvme", A::Refuse,
       "--ds.adam_offload offloads the optimizer to CPU memory only", "--ds.adam_offload 只能把优化器卸载到 CPU 内存",
       OpenrlhfNvme, ""},
      {F::Openrlhf, "offload", "offload with zero = 0", A::Refuse,
       "--ds.adam_offload is DeepSpeed's ZeRO-Offload, which needs ZeRO stage 1 or more: give zero=1, 2 or 3",
       "--ds.adam_offload 即 DeepSpeed 的 ZeRO-Offload，需要 ZeRO 1 级或以上：请设 zero=1、2 或 3",
       [](const PlanOutput& o) { return AnyOffload(o) && o.plan.layout.zero == 0; }, ""},
      {F::Openrlhf, "offload", "offload = cpu with zero = 3", A::Rewrite,
       "--ds.adam_offload offloads the optimizer states only: the parameter shards the plan offloads stay on the GPU",
       "--ds.adam_offload 只卸载优化器状态：规划中卸载的参数分片仍留在 GPU 上",
       [](const PlanOutput& o) { return o.plan.layout.offload == Offload::Cpu && o.plan.layout.zero >= 3; }, ""},
      {F::Openrlhf, "recompute", "recompute = selective", A::Refuse,
       "has per-layer checkpointing only, no selective "
       "recomputation",
       "只有逐层重计算（checkpointing），没有选择性重计算", Selective, "full"},
      {F::Openrlhf, "flash", "flash = 0", A::Rewrite,
       "--ds.packing_samples needs FlashAttention: the file runs eager attention on padded batches, which the plan "
       "does not count",
       "--ds.packing_samples 需要 FlashAttention：文件以 eager 注意力处理填充后的批次，规划未计入这部分开销", NoFlash,
       ""},
      {F::Openrlhf, "mbs", "odd mbs with goal = dpo", A::Rewrite,
       "train_dpo's micro-batch counts pairs (chosen and rejected in one forward): written as (mbs + 1) / 2 pairs",
       "train_dpo 的微批次以偏好对计（chosen 与 rejected 同一次前向）：写作 (mbs + 1) / 2 对", OddDpoMicroBatch, ""},
  };
}

// clang-format off (a data table: one rule per row)
std::vector<LaunchRule> Table() {
  const char* ddp_only =
      "runs data parallelism only (DDP, FSDP or DeepSpeed ZeRO): no tensor, pipeline, context or expert parallel "
      "degree";
  const char* ddp_only_zh = "只支持数据并行（DDP、FSDP 或 DeepSpeed ZeRO）：没有张量、流水线、上下文或专家并行的设置";
  const char* no_fp8 = "has no FP8 training switch: plan it in bf16, or export megatron or torchtitan";
  const char* no_fp8_zh = "没有 FP8 训练开关：请按 bf16 规划，或导出 megatron / torchtitan";
  const char* no_selective = "has per-layer checkpointing only, no selective recomputation";
  const char* no_selective_zh = "只有逐层重计算（checkpointing），没有选择性重计算";
  const char* fsdp_no_zero1 =
      "FSDP has no ZeRO-1 (optimizer states only): written as ZeRO-2 (gradients sharded too), which needs less memory "
      "and a little more traffic";
  const char* fsdp_no_zero1_zh =
      "FSDP 没有 ZeRO-1（只切分优化器状态）：按 ZeRO-2 写出（梯度也切分），显存更省、通信略多";
  const char* cpu_only = "offloads to CPU memory only, not NVMe";
  const char* cpu_only_zh = "只能卸载到 CPU 内存，不能卸载到 NVMe";
  const char* kernels_auto = "picks its attention kernels itself (SDPA or FlashAttention): flash=0 cannot be written";
  const char* kernels_auto_zh = "自行选择注意力算子（SDPA 或 FlashAttention）：无法写出 flash=0";
  std::vector<LaunchRule> t = {
      // DeepSpeed: ds_config.json with the Trainer arguments in the header's launch line.
      {F::DeepSpeed, "tp", "tp > 1", A::Refuse,
       "ds_config has no tensor-parallel degree for a training engine (AutoTP is model code): export megatron, "
       "torchtitan or axolotl",
       "ds_config 没有训练引擎的张量并行度（AutoTP 属于模型代码）：请导出 megatron、torchtitan 或 axolotl", Tp, "1"},
      {F::DeepSpeed, "pp", "pp > 1", A::Refuse,
       "the Trainer's DeepSpeed integration has no pipeline engine (it needs a PipelineModule model): export megatron "
       "or torchtitan",
       "Trainer 的 DeepSpeed 集成没有流水线引擎（需要 PipelineModule 模型）：请导出 megatron 或 torchtitan", Pp, "1"},
      {F::DeepSpeed, "cp", "cp > 1", A::Refuse,
       "ds_config v0.16.4 has no context-parallel degree (Ulysses is model code)",
       "ds_config v0.16.4 没有上下文并行度（Ulysses 属于模型代码）", Cp, "1"},
      {F::DeepSpeed, "ep", "ep > 1", A::Refuse, "expert parallelism is DeepSpeed-MoE model code, not a ds_config key",
       "专家并行属于 DeepSpeed-MoE 模型代码，不是 ds_config 的键", Ep, "1"},
      {F::DeepSpeed, "prec", "prec = fp8", A::Refuse, no_fp8, no_fp8_zh, Fp8, ""},
      {F::DeepSpeed, "recompute", "recompute = selective", A::Refuse, no_selective, no_selective_zh, Selective, ""},
      {F::DeepSpeed, "method", "method = lora or qlora", A::Drop,
       "LoRA and 4-bit loading are PEFT's and bitsandbytes' (the training script applies them): export hf for the "
       "whole script",
       "LoRA 与 4 位加载属于 PEFT 和 bitsandbytes（由训练脚本设置）：完整脚本请导出 hf", Adapter, ""},
      {F::DeepSpeed, "flash", "flash = 0 or 1", A::Drop,
       "FlashAttention is the model's attn_implementation, not a ds_config key",
       "FlashAttention 由模型的 attn_implementation 决定，不是 ds_config 的键", Always, ""},
      {F::DeepSpeed, "recompute", "recompute = full", A::Rewrite,
       "recomputation is the Trainer's --gradient_checkpointing in the launch line (ds_config's "
       "activation_checkpointing serves only models that call deepspeed.checkpointing)",
       "重计算写在启动命令的 Trainer 参数 --gradient_checkpointing 中（ds_config 的 activation_checkpointing "
       "只用于调用 deepspeed.checkpointing 的模型）",
       FullRecompute, ""},
      {F::DeepSpeed, "opt", "opt other than adamw", A::Rewrite,
       "only AdamW is written as DeepSpeed's optimizer; another is the Trainer's --optim in the launch line",
       "只有 AdamW 写成 DeepSpeed 的优化器；其他优化器写在启动命令的 Trainer 参数 --optim 中", NotAdamW, ""},
      // Transformers Trainer + PEFT + bitsandbytes.
      {F::Hf, "tp", "tp > 1", A::Refuse, ddp_only, ddp_only_zh, Tp, "1"},
      {F::Hf, "pp", "pp > 1", A::Refuse, ddp_only, ddp_only_zh, Pp, "1"},
      {F::Hf, "cp", "cp > 1", A::Refuse, ddp_only, ddp_only_zh, Cp, "1"},
      {F::Hf, "ep", "ep > 1", A::Refuse, ddp_only, ddp_only_zh, Ep, "1"},
      {F::Hf, "prec", "prec = fp8", A::Refuse, no_fp8, no_fp8_zh, Fp8, ""},
      {F::Hf, "recompute", "recompute = selective", A::Refuse, no_selective, no_selective_zh, Selective, ""},
      {F::Hf, "offload", "offload = nvme", A::Refuse, cpu_only, cpu_only_zh, Nvme, ""},
      {F::Hf, "offload", "offload with zero < 2", A::Refuse,
       "FSDP's CPU offload shards the model first: give zero=2 or 3",
       "FSDP 的 CPU 卸载需要先切分模型：请设 zero=2 或 3", OffloadBelow2, ""},
      {F::Hf, "zero", "zero = 1", A::Rewrite, fsdp_no_zero1, fsdp_no_zero1_zh, Zero1, ""},
      // TRL's SFTTrainer (TrainingArguments underneath).
      {F::Trl, "tp", "tp > 1", A::Refuse, ddp_only, ddp_only_zh, Tp, "1"},
      {F::Trl, "pp", "pp > 1", A::Refuse, ddp_only, ddp_only_zh, Pp, "1"},
      {F::Trl, "cp", "cp > 1", A::Refuse, ddp_only, ddp_only_zh, Cp, "1"},
      {F::Trl, "ep", "ep > 1", A::Refuse, ddp_only, ddp_only_zh, Ep, "1"},
      {F::Trl, "prec", "prec = fp8", A::Refuse, no_fp8, no_fp8_zh, Fp8, ""},
      {F::Trl, "recompute", "recompute = selective", A::Refuse, no_selective, no_selective_zh, Selective, ""},
      {F::Trl, "offload", "offload = nvme", A::Refuse, cpu_only, cpu_only_zh, Nvme, ""},
      {F::Trl, "offload", "offload with zero < 2", A::Refuse,
       "FSDP's CPU offload shards the model first: give zero=2 or 3",
       "FSDP 的 CPU 卸载需要先切分模型：请设 zero=2 或 3", OffloadBelow2, ""},
      {F::Trl, "zero", "zero = 1", A::Rewrite, fsdp_no_zero1, fsdp_no_zero1_zh, Zero1, ""},
      // torchtune recipes.
      {F::Torchtune, "model", "no torchtune builder", A::Refuse,
       "torchtune v0.6.1 has no model builder for this model (builders: Llama 2, Llama 3, 3.1, 3.2, 3.3, Qwen2.5, "
       "Mistral 7B, Gemma 2, Phi-3 mini, Phi-4; QLoRA not for Qwen2.5)",
       "torchtune v0.6.1 没有该模型的构建函数（有：Llama 2、Llama 3/3.1/3.2/3.3、Qwen2.5、Mistral 7B、Gemma 2、Phi-3 "
       "mini、Phi-4；Qwen2.5 无 QLoRA）",
       NoTorchtuneBuilder, ""},
      {F::Torchtune, "tp", "tp > 1", A::Refuse,
       "only the full fine-tuning distributed recipe has tensor_parallel_dim, and these configs do not set it: plan "
       "tp=1",
       "只有全参数分布式微调配方有 tensor_parallel_dim，这些配置未使用：请设 tp=1", Tp, "1"},
      {F::Torchtune, "pp", "pp > 1", A::Refuse, "the recipes have no pipeline parallelism", "这些配方没有流水线并行",
       Pp, "1"},
      {F::Torchtune, "cp", "cp > 1", A::Refuse, "the recipes have no context parallelism", "这些配方没有上下文并行", Cp,
       "1"},
      {F::Torchtune, "ep", "ep > 1", A::Refuse, "the recipes have no expert parallelism", "这些配方没有专家并行", Ep,
       "1"},
      {F::Torchtune, "prec", "prec = fp16 or fp8", A::Refuse, "the recipes train in bf16 or fp32 (they refuse fp16)",
       "这些配方只用 bf16 或 fp32 训练（拒绝 fp16）", [](const PlanOutput& o) { return Fp16(o) || Fp8(o); }, ""},
      {F::Torchtune, "zero", "zero < 2 on several GPUs", A::Refuse,
       "the distributed recipes always shard with FSDP2: give zero=2 or 3",
       "分布式配方总是用 FSDP2 切分：请设 zero=2 或 3", ZeroBelow2WithGpus, ""},
      {F::Torchtune, "offload", "offload = nvme", A::Refuse, cpu_only, cpu_only_zh, Nvme, ""},
      {F::Torchtune, "recompute", "recompute = selective", A::Refuse, no_selective, no_selective_zh, Selective, ""},
      {F::Torchtune, "flash", "flash = 0", A::Drop, kernels_auto, kernels_auto_zh, NoFlash, ""},
      // Axolotl.
      {F::Axolotl, "pp", "pp > 1", A::Refuse,
       "Axolotl has no pipeline parallelism (its N-D parallelism is data, tensor and context)",
       "Axolotl 没有流水线并行（其多维并行为数据、张量和上下文并行）", Pp, "1"},
      {F::Axolotl, "ep", "ep > 1", A::Refuse,
       "expert parallelism is a plugin at v0.18.0 (expert_parallel), not a core key",
       "专家并行在 v0.18.0 是插件（expert_parallel），不是核心配置键", Ep, "1"},
      {F::Axolotl, "prec", "prec = fp8", A::Refuse, no_fp8, no_fp8_zh, Fp8, ""},
      {F::Axolotl, "recompute", "recompute = selective", A::Refuse, no_selective, no_selective_zh, Selective, ""},
      {F::Axolotl, "offload", "offload with zero < 3, or nvme", A::Refuse,
       "offload is FSDP's offload_params here: give zero=3 and offload=cpu",
       "此处卸载即 FSDP 的 offload_params：请设 zero=3 且 offload=cpu",
       [](const PlanOutput& o) { return OffloadBelow3(o) || Nvme(o); }, ""},
      // LLaMA-Factory.
      {F::LlamaFactory, "tp", "tp > 1", A::Refuse, ddp_only, ddp_only_zh, Tp, "1"},
      {F::LlamaFactory, "pp", "pp > 1", A::Refuse, ddp_only, ddp_only_zh, Pp, "1"},
      {F::LlamaFactory, "cp", "cp > 1", A::Refuse, ddp_only, ddp_only_zh, Cp, "1"},
      {F::LlamaFactory, "ep", "ep > 1", A::Refuse, ddp_only, ddp_only_zh, Ep, "1"},
      {F::LlamaFactory, "prec", "prec = fp8", A::Refuse, no_fp8, no_fp8_zh, Fp8, ""},
      {F::LlamaFactory, "recompute", "recompute = selective", A::Refuse, no_selective, no_selective_zh, Selective, ""},
      {F::LlamaFactory, "offload", "offload with zero < 2, or nvme", A::Refuse,
       "the shipped offload configs are ZeRO-2 and ZeRO-3 to CPU", "自带的卸载配置只有 ZeRO-2 和 ZeRO-3 卸载到 CPU",
       [](const PlanOutput& o) { return OffloadBelow2(o) || Nvme(o); }, ""},
      {F::LlamaFactory, "zero", "zero = 1", A::Rewrite,
       "LLaMA-Factory ships no ZeRO-1 config: written as examples/deepspeed/ds_z2_config.json (ZeRO-2)",
       "LLaMA-Factory 没有自带 ZeRO-1 配置：按 examples/deepspeed/ds_z2_config.json（ZeRO-2）写出", Zero1, ""},
      // Unsloth.
      {F::Unsloth, "tp", "tp > 1", A::Refuse, "Unsloth runs one GPU per process (or DDP): no model parallelism",
       "Unsloth 每个进程一张 GPU（或 DDP）：没有模型并行", Tp, "1"},
      {F::Unsloth, "pp", "pp > 1", A::Refuse, "Unsloth runs one GPU per process (or DDP): no model parallelism",
       "Unsloth 每个进程一张 GPU（或 DDP）：没有模型并行", Pp, "1"},
      {F::Unsloth, "cp", "cp > 1", A::Refuse, "Unsloth runs one GPU per process (or DDP): no model parallelism",
       "Unsloth 每个进程一张 GPU（或 DDP）：没有模型并行", Cp, "1"},
      {F::Unsloth, "ep", "ep > 1", A::Refuse, "Unsloth runs one GPU per process (or DDP): no model parallelism",
       "Unsloth 每个进程一张 GPU（或 DDP）：没有模型并行", Ep, "1"},
      {F::Unsloth, "zero", "zero > 0", A::Refuse,
       "Unsloth has no ZeRO or FSDP sharding: every GPU holds the whole model",
       "Unsloth 没有 ZeRO 或 FSDP 切分：每张 GPU 持有完整模型", ZeroAny, "0"},
      {F::Unsloth, "offload", "offload = cpu or nvme", A::Refuse,
       "Unsloth has no optimizer-state offload (it offloads activations: recompute=full)",
       "Unsloth 没有优化器状态卸载（它卸载的是激活：recompute=full）", AnyOffload, "none"},
      {F::Unsloth, "prec", "prec = fp8", A::Refuse, no_fp8, no_fp8_zh, Fp8, ""},
      {F::Unsloth, "recompute", "recompute = selective", A::Refuse, no_selective, no_selective_zh, Selective, ""},
      {F::Unsloth, "flash", "flash = 0", A::Drop, kernels_auto, kernels_auto_zh, NoFlash, ""},
      // A fused linear cross-entropy the plan's logit_bytes stands for (the Trainer's use_liger_kernel, LLaMA-Factory's
      // enable_liger_kernel are written): where the file cannot switch it on, its memory is not the plan's.
      {F::Torchtune, "logit_bytes", "logit_bytes at a fused loss's", A::Drop,
       "torchtune v0.6.1 predates LinearCrossEntropyLoss (2025-04-30): the file keeps CEWithChunkedOutputLoss, whose "
       "logits need more memory than planned",
       "torchtune v0.6.1 早于 LinearCrossEntropyLoss（2025-04-30）：文件仍用 CEWithChunkedOutputLoss，其 logits "
       "所需显存多于规划",
       FusedLossPlanned, ""},
      {F::Axolotl, "logit_bytes", "logit_bytes at a fused loss's", A::Drop,
       "Liger's fused loss is Axolotl's LigerPlugin (plugins, liger_fused_linear_cross_entropy), outside the keys "
       "read here: add it by hand, or the logits need more memory than planned",
       "Liger 的融合损失属于 Axolotl 的 LigerPlugin（plugins、liger_fused_linear_cross_entropy），不在此处读取的键中："
       "请手动添加，否则 logits 所需显存多于规划",
       FusedLossPlanned, ""},
      {F::DeepSpeed, "logit_bytes", "logit_bytes at a fused loss's", A::Drop,
       "the fused loss is the Trainer's use_liger_kernel=True, not a DeepSpeed setting: pass it with the Trainer "
       "arguments in the header, or the logits need more memory than planned",
       "融合损失是 Trainer 的 use_liger_kernel=True，不是 DeepSpeed 设置：请与文件头中的 Trainer 参数一起传入，否则 "
       "logits 所需显存多于规划",
       FusedLossPlanned, ""},
      // torchtitan.
      {F::Torchtitan, "method", "method = lora or qlora", A::Refuse,
       "torchtitan trains every weight: no LoRA or 4-bit base (export hf, trl, axolotl, llama-factory, unsloth or "
       "torchtune)",
       "torchtitan 训练全部权重：没有 LoRA 或 4 位底座（请导出 hf、trl、axolotl、llama-factory、unsloth 或 torchtune）",
       NotFull, ""},
      {F::Torchtitan, "model", "no torchtitan flavor", A::Refuse,
       "torchtitan v0.2.2 has no flavor of this model (llama3 8B/70B/405B, qwen3 0.6B-32B, 30B-A3B, 235B-A22B, "
       "deepseek_v3 671B)",
       "torchtitan v0.2.2 没有该模型的 flavor（llama3 8B/70B/405B、qwen3 0.6B-32B、30B-A3B、235B-A22B、deepseek_v3 "
       "671B）",
       NoTitanFlavor, ""},
      {F::Torchtitan, "prec", "prec = fp16", A::Refuse, "mixed_precision_param is bfloat16 or float32",
       "mixed_precision_param 只能是 bfloat16 或 float32", Fp16, ""},
      {F::Torchtitan, "opt", "opt other than adamw", A::Refuse, "torchtitan v0.2.2 builds Adam and AdamW only",
       "torchtitan v0.2.2 只支持 Adam 和 AdamW", NotAdamW, ""},
      {F::Torchtitan, "offload", "offload = nvme", A::Refuse, cpu_only, cpu_only_zh, Nvme, ""},
      {F::Torchtitan, "pp_schedule", "pp_schedule = zb-h1, zb-h2 or dualpipe", A::Refuse,
       "torch.distributed.pipelining runs 1F1B, Interleaved1F1B, ZBVZeroBubble and DualPipeV of the planner's "
       "schedules: no zero-bubble schedule on one chunk per GPU and no DualPipe with two copies of the weights",
       "torch.distributed.pipelining 支持规划器调度中的 1F1B、Interleaved1F1B、ZBVZeroBubble 和 DualPipeV：没有每张 "
       "GPU 一个分块的零气泡调度，也没有权重两份的 DualPipe",
       NoTitanSchedule, ""},
      {F::Torchtitan, "zero", "zero = 1", A::Rewrite, fsdp_no_zero1, fsdp_no_zero1_zh, Zero1, ""},
      {F::Torchtitan, "zero", "zero = 0 with cp > 1", A::Rewrite,
       "torchtitan shards with FSDP over the context-parallel ranks whenever cp > 1 (parallel_dims.py fsdp_enabled: "
       "dp_shard or cp enabled): the file runs as ZeRO-3 over them, with less memory than planned",
       "只要 cp > 1，torchtitan 就在上下文并行的各卡间用 FSDP 切分（parallel_dims.py fsdp_enabled：dp_shard 或 cp "
       "启用）：该文件实际按 ZeRO-3 在这些卡间运行，显存少于规划",
       [](const PlanOutput& o) { return o.plan.layout.zero == 0 && o.plan.layout.cp > 1; }, ""},
      {F::Torchtitan, "flash", "flash = 0", A::Drop,
       "torchtitan's attention is SDPA (its flash kernels) or flex attention: flash=0 cannot be written",
       "torchtitan 的注意力是 SDPA（含 flash 算子）或 flex attention：无法写出 flash=0", NoFlash, ""},
      // Megatron-LM.
      {F::Megatron, "method", "method = lora or qlora", A::Refuse,
       "Megatron-LM's arguments have no LoRA and no 4-bit base model (QLoRA): export hf, trl, axolotl, llama-factory, "
       "unsloth or torchtune",
       "Megatron-LM 的参数没有 LoRA，也没有 4 位底座（QLoRA）：请导出 hf、trl、axolotl、llama-factory、unsloth 或 "
       "torchtune",
       NotFull, ""},
      {F::Megatron, "opt", "opt = 8-bit or paged AdamW", A::Refuse,
       "--optimizer offers adam and sgd here: no 8-bit or paged AdamW",
       "--optimizer 此处只有 adam 和 sgd：没有 8 位或分页 AdamW", EightBitOrPaged, ""},
      {F::Megatron, "offload", "offload = nvme", A::Refuse, "--optimizer-cpu-offload offloads to CPU memory only",
       "--optimizer-cpu-offload 只能卸载到 CPU 内存", Nvme, ""},
      {F::Megatron, "model", "a size-only model", A::Refuse,
       "Megatron-LM's arguments describe the model by its dimensions: a model given by its parameter count alone has "
       "none",
       "Megatron-LM 的参数用维度描述模型：只给出参数量的模型没有维度",
       [](const PlanOutput& o) { return o.job.model.layers == 0; }, ""},
      {F::Megatron, "dense_layers", "dense_layers > 0", A::Drop,
       "leading dense layers are --moe-layer-freq's pattern: not written, set it by hand",
       "前置稠密层由 --moe-layer-freq 的模式指定：未写出，请手动设置", DenseLayers, ""},
  };
  // RL and preference goals (issue #32): TRL writes GRPOTrainer and DPOTrainer, verl main_ppo's GRPO and PPO,
  // OpenRLHF train_ppo_ray's GRPO and PPO and train_dpo; the other formats configure supervised training only. First
  // in the table: the goal is what a refusal should name before any layout detail.
  std::vector<LaunchRule> rl;
  for (F f : {F::DeepSpeed, F::Hf, F::Torchtune, F::Axolotl, F::Unsloth, F::Torchtitan, F::Megatron})
    rl.push_back(
        {f, "goal", "goal = grpo, ppo or dpo", A::Refuse,
         "configures supervised training only: for GRPO or DPO export trl (GRPOTrainer, DPOTrainer), for "
         "GRPO or PPO verl, for GRPO, PPO or DPO openrlhf",
         "只配置监督训练：GRPO 或 DPO 请导出 trl（GRPOTrainer、DPOTrainer），GRPO 或 PPO 请导出 verl，GRPO、PPO 或 "
         "DPO 请导出 openrlhf",
         RlGoal, ""});
  // LLaMA-Factory's stage: dpo is its CustomDPOTrainer, a TRL DPOTrainer (src/llamafactory/train/dpo/trainer.py); its
  // ppo stage generates with the Transformers model inside TRL's old PPOTrainer, not what the plan's engine times.
  rl.push_back({F::LlamaFactory, "goal", "goal = grpo or ppo", A::Refuse,
                "LLaMA-Factory's stages written here are pt, sft and dpo: for GRPO export trl, verl or openrlhf, for "
                "PPO verl or openrlhf",
                "这里写出的 LLaMA-Factory 阶段为 pt、sft 与 dpo：GRPO 请导出 trl、verl 或 openrlhf，PPO 请导出 verl 或 "
                "openrlhf",
                [](const PlanOutput& o) { return RlGoal(o) && !Dpo(o); }, ""});
  rl.push_back({F::LlamaFactory, "mbs", "odd mbs with goal = dpo", A::Rewrite,
                "stage: dpo's per_device_train_batch_size counts pairs (PairwiseDataCollatorWithPadding puts the "
                "chosen and the rejected in one batch): written as (mbs + 1) / 2 pairs",
                "stage: dpo 的 per_device_train_batch_size 以偏好对计（PairwiseDataCollatorWithPadding 将 chosen 与 "
                "rejected 放在同一批）：写作 (mbs + 1) / 2 对",
                OddDpoMicroBatch, ""});
  rl.push_back(
      {F::Trl, "goal", "goal = ppo", A::Refuse,
       "TRL v1.9.0's checked API has GRPOConfig and DPOConfig but no PPOConfig: plan GRPO, or export PPO as verl "
       "or openrlhf",
       "TRL v1.9.0 经核对的接口有 GRPOConfig 和 DPOConfig，没有 PPOConfig：请规划 GRPO，或将 PPO 导出为 verl / "
       "openrlhf",
       Ppo, ""});
  rl.push_back({F::Trl, "rl_async", "rl_async = 1 or 2", A::Drop,
                "GRPOTrainer generates and trains in turn: no one-step-off or streaming overlap (the file's step is "
                "the on-policy one)",
                "GRPOTrainer 依次生成与训练：没有一步异步或流式重叠（文件中的步是同策略的）", OneStepOff, ""});
  rl.push_back({F::Trl, "rl_colocate", "rl_colocate = 0", A::Rewrite,
                "vllm_mode=\"server\": start the rollout pool's engine with `trl vllm-serve` on its own GPUs",
                "vllm_mode=\"server\"：在 rollout 的 GPU 上用 `trl vllm-serve` 启动引擎", SplitPools, ""});
  rl.push_back({F::Trl, "rl_gen_batch", "rl_gen_batch given", A::Drop,
                "GRPOConfig has no generate-call size the plan's rl_gen_batch maps to: the file keeps TRL's own "
                "generation batch",
                "GRPOConfig 没有与规划的 rl_gen_batch 对应的单次生成调用大小：文件保留 TRL 自己的生成批次", GenCalls,
                ""});
  rl.push_back(
      {F::Trl, "rl_gen_prec", "rl_gen_prec = fp8", A::Refuse,
       "GRPOTrainer hands vLLM 16-bit weights (quantization only bitsandbytes for a 4-bit policy): give "
       "rl_gen_prec=bf16",
       "GRPOTrainer 交给 vLLM 的是 16 位权重（只在 4 位策略时用 bitsandbytes 量化）：请设 rl_gen_prec=bf16",
       [](const PlanOutput& o) { return GenFp8(o) && RlFrameworkLacks(o, RlFramework::Trl, Feature::RlFp8Rollout); },
       ""});
  rl.push_back({F::Trl, "mbs", "odd mbs with goal = dpo", A::Rewrite,
                "DPOTrainer's per_device_train_batch_size counts pairs (chosen and rejected in one forward, "
                "concatenated_forward): written as (mbs + 1) / 2 pairs",
                "DPOTrainer 的 per_device_train_batch_size 以偏好对计（chosen 与 rejected 同一次前向，"
                "concatenated_forward）：写作 (mbs + 1) / 2 对",
                OddDpoMicroBatch, ""});
  rl.push_back({F::Trl, "rl_engine", "rl_engine = sglang", A::Rewrite,
                "GRPOTrainer generates with vLLM (use_vllm) or Transformers: written as vLLM",
                "GRPOTrainer 用 vLLM（use_vllm）或 Transformers 生成：按 vLLM 写出", NotVllm, ""});
  // verl (issue #32): main_ppo's Hydra config, for GRPO and PPO colocated (its hybrid engine).
  const char* verl_fsdp = "verl's FSDP actor has data and Ulysses sequence parallelism only: give stack=megatron";
  const char* verl_fsdp_zh = "verl 的 FSDP actor 只有数据并行和 Ulysses 序列并行：请设 stack=megatron";
  rl.push_back({F::Verl, "goal", "goal = pretrain or finetune", A::Refuse,
                "main_ppo configures RL only (GRPO, PPO): export another format for supervised training",
                "main_ppo 只配置强化学习（GRPO、PPO）：监督训练请导出其他格式", NotRl, ""});
  rl.push_back({F::Verl, "goal", "goal = dpo", A::Refuse,
                "main_ppo has no DPO trainer: export trl (DPOTrainer) or openrlhf (train_dpo)",
                "main_ppo 没有 DPO 训练器：请导出 trl（DPOTrainer）或 openrlhf（train_dpo）", Dpo, ""});
  rl.push_back({F::Verl, "rl_colocate", "rl_colocate = 0", A::Refuse,
                "main_ppo colocates the rollout with the trainer (hybrid engine); split pools are verl's "
                "one_step_off_policy and fully_async_policy recipes, entry points of their own",
                "main_ppo 让生成与训练共用 GPU（hybrid engine）；分池是 verl 的 one_step_off_policy 与 "
                "fully_async_policy 配方，有各自的入口",
                SplitPools, ""});
  rl.push_back({F::Verl, "method", "method = qlora", A::Refuse,
                "verl loads the base model in 16 bits: LoRA (lora_rank) but no 4-bit base",
                "verl 以 16 位加载底座模型：支持 LoRA（lora_rank），不支持 4 位底座", Qlora, ""});
  rl.push_back({F::Verl, "tp", "tp > 1 with stack fsdp", A::Refuse, verl_fsdp, verl_fsdp_zh,
                [](const PlanOutput& o) { return FsdpStack(o) && Tp(o); }, "1", "fsdp"});
  rl.push_back({F::Verl, "pp", "pp > 1 with stack fsdp", A::Refuse, verl_fsdp, verl_fsdp_zh,
                [](const PlanOutput& o) { return FsdpStack(o) && Pp(o); }, "1", "fsdp"});
  rl.push_back({F::Verl, "ep", "ep > 1 with stack fsdp", A::Refuse, verl_fsdp, verl_fsdp_zh,
                [](const PlanOutput& o) { return FsdpStack(o) && Ep(o); }, "1", "fsdp"});
  rl.push_back({F::Verl, "prec", "prec = fp16 or fp8", A::Refuse,
                "verl's actor trains in bf16 (FP8 is a rollout option)", "verl 的 actor 用 bf16 训练（FP8 只用于生成）",
                [](const PlanOutput& o) { return Fp16(o) || Fp8(o); }, ""});
  rl.push_back({F::Verl, "opt", "opt other than adamw", A::Refuse, "verl's actor builds AdamW (optim.optimizer)",
                "verl 的 actor 使用 AdamW（optim.optimizer）", NotAdamW, ""});
  rl.push_back({F::Verl, "offload", "offload = nvme", A::Refuse, cpu_only, cpu_only_zh, Nvme, ""});
  // verl's Megatron workers recompute as Megatron-Core does (override_transformer_config, selective included; the
  // RL capability table's row): the FSDP workers' per-layer checkpointing alone has no selective mode.
  rl.push_back({F::Verl, "recompute", "recompute = selective with stack fsdp", A::Refuse, no_selective, no_selective_zh,
                [](const PlanOutput& o) { return FsdpStack(o) && Selective(o); }, "full",
                "fsdp"});  // auto: verl's enable_gradient_checkpointing true (its Megatron workers': none)
  rl.push_back(
      {F::Verl, "zero", "zero < 2 with stack fsdp", A::Rewrite,
       "verl's FSDP actor shards fully (ZeRO-3) or, with reshard_after_forward false, ZeRO-2: written as "
       "FSDP full shard",
       "verl 的 FSDP actor 完全切分（ZeRO-3），或 reshard_after_forward 设为 false 时为 ZeRO-2：按 FSDP 全切分写出",
       [](const PlanOutput& o) { return FsdpStack(o) && o.plan.layout.zero < 2 && o.plan.layout.dp > 1; }, "3",
       "fsdp"});  // auto: what verl's FSDP workers run
  rl.push_back({F::Verl, "rl_async", "rl_async = 1 or 2", A::Drop,
                "main_ppo generates and trains in turn: no one-step-off or streaming overlap (the file's step is the "
                "on-policy one)",
                "main_ppo 依次生成与训练：没有一步异步或流式重叠（文件中的步是同策略的）", OneStepOff, ""});
  rl.push_back({F::Verl, "rl_gen_batch", "rl_gen_batch given", A::Drop,
                "main_ppo hands the rollout a step's prompts at once: the file's engines are not handed the plan's "
                "smaller calls",
                "main_ppo 一次把一步的全部提示交给生成：文件中的引擎不会按规划的较小调用分批接收", GenCalls, ""});
  const std::vector<LaunchRule> openrlhf = OpenrlhfRules();
  rl.insert(rl.end(), openrlhf.begin(), openrlhf.end());
  t.insert(t.begin(), rl.begin(), rl.end());
  // PEFT's prepare_model_for_kbit_training (kbit_prep: QLoRA's norms, embeddings and head cast to fp32): TRL's trainers
  // call get_peft_model alone since v0.26.0 (2025-12-09; trl/trainer/sft_trainer.py, grpo_trainer.py, dpo_trainer.py
  // @f2cd577: no k-bit preparation, #4704 moved it to trl.experimental), and LLaMA-Factory never calls it (its
  // upcast_layernorm casts the norms alone, model_utils/checkpointing.py @HEAD). The Trainer's script writes it where
  // the plan has it; Axolotl runs it itself but under FSDP or ZeRO-3 (loaders/model.py
  // _prepare_model_for_quantization).
  t.push_back({F::Trl, "kbit_prep", "kbit_prep = 1", A::Refuse,
               "TRL's trainers call get_peft_model alone (v0.26.0 on): no prepare_model_for_kbit_training, every "
               "weight not in 4 bits stays 16-bit: give kbit_prep=0",
               "TRL 的训练器（v0.26.0 起）只调用 get_peft_model，没有 prepare_model_for_kbit_training，非 4 位的权重"
               "保持 16 位：请设 kbit_prep=0",
               [](const PlanOutput& o) { return o.job.work.kbit_prep; }, "0"});
  t.push_back({F::LlamaFactory, "kbit_prep", "kbit_prep = 1", A::Refuse,
               "LLaMA-Factory never calls prepare_model_for_kbit_training (upcast_layernorm casts the norms alone): "
               "give kbit_prep=0",
               "LLaMA-Factory 不调用 prepare_model_for_kbit_training（upcast_layernorm 只把归一化层转为 fp32）：请设 "
               "kbit_prep=0",
               [](const PlanOutput& o) { return o.job.work.kbit_prep; }, "0"});
  t.push_back({F::Axolotl, "kbit_prep", "kbit_prep = 1 with zero >= 2 (written as FSDP)", A::Drop,
               "Axolotl skips prepare_model_for_kbit_training under FSDP and DeepSpeed ZeRO-3 (every weight in one "
               "dtype): the run keeps the embeddings, head and norms in 16 bits, less than the plan's fp32",
               "Axolotl 在 FSDP 与 DeepSpeed ZeRO-3 下跳过 prepare_model_for_kbit_training（所有权重同一精度）：运行时"
               "嵌入、输出头与归一化保持 16 位，少于规划中的 fp32",
               [](const PlanOutput& o) { return o.job.work.kbit_prep && o.plan.layout.zero >= 2; }, ""});
  // QLoRA's routed experts in 4 bits (qlora_experts): Transformers v5's bitsandbytes integration leaves them 16-bit;
  // only Axolotl (quantize_moe_experts) and Unsloth quantize them. The other formats plan them 16-bit (pinned).
  for (F f : {F::Hf, F::Trl, F::LlamaFactory, F::Openrlhf, F::Verl})
    t.push_back(
        {f, "qlora_experts", "qlora_experts = 1 on a mixture of experts", A::Refuse,
         "loads its QLoRA base through Transformers' bitsandbytes integration, which quantizes nn.Linear only: "
         "a mixture of experts' routed experts (3-D parameters in Transformers v5) stay 16-bit: give "
         "qlora_experts=0, or export axolotl (quantize_moe_experts) or unsloth",
         "通过 Transformers 的 bitsandbytes 集成加载 QLoRA 底座，它只量化 nn.Linear：混合专家模型的路由专家"
         "（Transformers v5 中的三维参数）保持 16 位：请设 qlora_experts=0，或导出 axolotl（quantize_moe_experts）"
         "或 unsloth",
         [](const PlanOutput& o) { return Qlora(o) && o.job.model.experts > 1 && o.job.work.qlora_experts; }, "0"});
  // LoRA of a mixture of experts' routed experts under Transformers v5, whose experts are 3-D parameters
  // (launch_models.h HfExpertParameters): PEFT reaches them through target_parameters alone, a LoRA of a parameter
  // (ParamWrapper) that refuses dropout and DoRA (peft src/peft/tuners/lora/layer.py ParamWrapper.__init__ @5d602fd:
  // "does not work with lora_dropout != 0", "does not work with use_dora=True"). The Trainer and TRL write it,
  // Axolotl as lora_target_parameters; LLaMA-Factory (lora_target), OpenRLHF (--ds.lora.target_modules) and verl's
  // FSDP actor (target_modules) have modules only, which leave every routed expert frozen.
  const char* expert_dora =
      "PEFT adapts Transformers' routed experts (3-D parameters) only through target_parameters, which refuses "
      "DoRA: give lora_targets=dense (attention and the shared MLPs), or method=lora";
  const char* expert_dora_zh =
      "PEFT 只能通过 target_parameters 适配 Transformers 的路由专家（三维参数），而它不支持 DoRA：请设 "
      "lora_targets=dense（注意力与共享 MLP），或 method=lora";
  const char* expert_dropout = "written as 0: PEFT's LoRA of the routed experts (target_parameters) refuses dropout";
  const char* expert_dropout_zh = "写作 0：PEFT 对路由专家的 LoRA（target_parameters）不支持 dropout";
  const char* expert_modules =
      "has LoRA target modules only, which reach no routed expert of a Transformers v5 mixture of experts (3-D "
      "parameters; PEFT's target_parameters adapts them): give lora_targets=dense (attention and the shared MLPs), "
      "or export hf, trl or axolotl";
  const char* expert_modules_zh =
      "只有 LoRA 目标模块，无法覆盖 Transformers v5 混合专家模型的路由专家（三维参数，需 PEFT 的 target_parameters）："
      "请设 lora_targets=dense（注意力与共享 MLP），或导出 hf、trl 或 axolotl";
  for (F f : {F::Hf, F::Trl, F::Axolotl}) {
    t.push_back({f, "method", "method = dora or qdora with lora_targets = all on a mixture of experts", A::Refuse,
                 expert_dora, expert_dora_zh,
                 [](const PlanOutput& o) { return o.job.work.dora && LoraOfRoutedExperts(o); }, ""});
    t.push_back({f, "lora_dropout", "lora_dropout > 0 with lora_targets = all on a mixture of experts", A::Rewrite,
                 expert_dropout, expert_dropout_zh,
                 [](const PlanOutput& o) { return o.job.work.lora_dropout > 0 && LoraOfRoutedExperts(o); }, ""});
  }
  for (F f : {F::LlamaFactory, F::Openrlhf})
    t.push_back({f, "lora_targets", "lora_targets = all on a mixture of experts", A::Refuse, expert_modules,
                 expert_modules_zh, LoraOfRoutedExperts, ""});
  t.push_back({F::Verl, "lora_targets", "lora_targets = all on a mixture of experts with stack fsdp", A::Refuse,
               expert_modules, expert_modules_zh,
               [](const PlanOutput& o) { return FsdpStack(o) && LoraOfRoutedExperts(o); }, ""});
  // Hybrid sharding (dp_shard): torchtitan, Megatron-LM, DeepSpeed (MiCS, ZeRO-3) and verl's FSDP actor write it
  // (export.cpp), the Trainer's fsdp string only as a node-wide group; the other formats have no key for it.
  const char* no_hsdp =
      "has no hybrid-sharding key (shard groups replicated across the data-parallel ranks): "
      "export torchtitan, megatron, deepspeed or verl, or leave dp_shard on auto";
  const char* no_hsdp_zh =
      "没有混合分片（分片组在数据并行 rank 间复制）的配置项：请导出 torchtitan、megatron、deepspeed "
      "或 verl，或把 dp_shard 设为 auto";
  for (F f : {F::Torchtune, F::Axolotl, F::LlamaFactory, F::Unsloth, F::Openrlhf})
    t.push_back({f, "dp_shard", "dp_shard < dp", A::Refuse, no_hsdp, no_hsdp_zh, Hsdp, ""});
  t.push_back({F::DeepSpeed, "dp_shard", "dp_shard < dp with zero < 3", A::Refuse,
               "DeepSpeed's hierarchical sharding is MiCS (mics_shard_size), a ZeRO-3 partitioning: give zero=3",
               "DeepSpeed 的分层切分是 MiCS（mics_shard_size），属于 ZeRO-3 的切分：请设 zero=3",
               [](const PlanOutput& o) { return Hsdp(o) && o.plan.layout.zero < 3; }, ""});
  for (F f : {F::Hf, F::Trl})
    t.push_back({f, "dp_shard", "dp_shard x tp x cp other than a node's GPUs", A::Refuse,
                 "the Trainer's fsdp \"hybrid_shard\" (FSDP's HYBRID_SHARD) shards within one node: give dp_shard = "
                 "the GPUs of a node, or export torchtitan",
                 "Trainer 的 fsdp \"hybrid_shard\"（FSDP 的 HYBRID_SHARD）只在一个节点内切分：请设 dp_shard = "
                 "每节点 GPU 数，或导出 torchtitan",
                 HsdpNotNode, ""});
  t.push_back({F::Verl, "dp_shard", "dp_shard < dp with stack megatron", A::Refuse,
               "verl's Megatron actor has no hybrid-sharding key (fsdp_size is its FSDP actor's): use stack fsdp",
               "verl 的 Megatron actor 没有混合分片配置项（fsdp_size 属于它的 FSDP actor）：请用 stack fsdp",
               [](const PlanOutput& o) { return Hsdp(o) && !FsdpStack(o); }, ""});
  // Every format names the model by its Hugging Face id (Megatron: the tokenizer's), except from dimensions.
  for (F f : {F::Hf, F::Trl, F::Torchtune, F::Axolotl, F::LlamaFactory, F::Unsloth, F::Verl, F::Openrlhf})
    t.push_back({f, "model", "no Hugging Face id", A::Drop,
                 "the model has no Hugging Face id here (give name=org/model): the file names a placeholder",
                 "此模型在这里没有 Hugging Face 名称（请给出 name=org/model）：文件中写的是占位名", NoModelId, ""});
  return t;
}
// clang-format on

}  // namespace

const std::vector<LaunchFormatInfo>& LaunchFormats() {
  static const std::vector<LaunchFormatInfo> formats = {
      {F::DeepSpeed, "deepspeed", "DeepSpeed", "ds_config.json", LaunchSyntax::Json, "deepspeed", "DeepSpeed v0.16.4",
       "https://github.com/microsoft/DeepSpeed", "e2dc3eeb1923073e32739596a4fd051417d4ff92", "application/json"},
      {F::Hf, "hf", "Transformers Trainer + PEFT + bitsandbytes", "train.py", LaunchSyntax::Python, "hf",
       "Transformers v5 (main at 00349ae87edd) + PEFT v0.20.0", "https://github.com/huggingface/transformers",
       "00349ae87eddc872ffa21a8a54f264375a0056a8", "text/x-python"},
      {F::Trl, "trl", "TRL SFTTrainer", "train.py", LaunchSyntax::Python, "hf", "TRL v1.9.0",
       "https://github.com/huggingface/trl", "35def3ee000a87f6839e66f4b7749b06274ed1b3", "text/x-python"},
      {F::Torchtune, "torchtune", "torchtune", "config.yaml", LaunchSyntax::Yaml, "torchtune", "torchtune v0.6.1",
       "https://github.com/pytorch/torchtune", "a6290a5b40758f13bca61c386bc8756a49ef417e", "application/yaml"},
      {F::Axolotl, "axolotl", "Axolotl", "config.yaml", LaunchSyntax::Yaml, "hf", "Axolotl v0.18.0",
       "https://github.com/axolotl-ai-cloud/axolotl", "2f5cb9da62a0fe763a1ddeb7798fc9acb2f4a417", "application/yaml"},
      {F::LlamaFactory, "llama-factory", "LLaMA-Factory", "train.yaml", LaunchSyntax::Yaml, "hf",
       "LLaMA-Factory v0.9.5", "https://github.com/hiyouga/LLaMA-Factory", "7af909522a951e3ad9f022ea6f88b6755257eaa5",
       "application/yaml"},
      {F::Unsloth, "unsloth", "Unsloth", "train.py", LaunchSyntax::Python, "unsloth",
       "Unsloth 2026.8.19 (tag v0.1.801-beta)", "https://github.com/unslothai/unsloth",
       "f3a66cd1844f82feea21bd1b8454a1ff60719c9f", "text/x-python"},
      {F::Torchtitan, "torchtitan", "torchtitan", "train.toml", LaunchSyntax::Toml, "fsdp", "torchtitan v0.2.2",
       "https://github.com/pytorch/torchtitan", "73a0e6979dd10b6b1904098eb3c8f62c18ab87ce", "application/toml"},
      {F::Megatron, "megatron", "Megatron-LM", "megatron_args.txt", LaunchSyntax::Args, "megatron",
       "Megatron-LM core_v0.19.0", "https://github.com/NVIDIA/Megatron-LM", "5be9626709af2722333bf54797c954c09edeada3",
       "text/plain"},
      {F::Verl, "verl", "verl", "verl_rl.yaml", LaunchSyntax::Yaml, "fsdp", "verl v0.7.0+125 (0.8.0.dev)",
       "https://github.com/volcengine/verl", "b178a3cd56f58b2d502255daba591e92833930a7", "application/yaml"},
      {F::Openrlhf, "openrlhf", "OpenRLHF", "train_openrlhf.sh", LaunchSyntax::Args, "deepspeed", "OpenRLHF v0.11.0",
       "https://github.com/OpenRLHF/OpenRLHF", "3c3be6234e0cb353e76bb8019947db9dfe99fca7", "application/x-sh"},
  };
  return formats;
}

const LaunchFormatInfo* FindLaunchFormat(std::string_view id) {
  for (const LaunchFormatInfo& f : LaunchFormats())
    if (id == f.id) return &f;
  if (id == "llamafactory" || id == "llama_factory") return &InfoOf(F::LlamaFactory);
  if (id == "transformers" || id == "trainer") return &InfoOf(F::Hf);
  if (id == "megatron-lm" || id == "nemo") return &InfoOf(F::Megatron);
  return nullptr;
}

const LaunchFormatInfo& InfoOf(LaunchFormat format) { return LaunchFormats()[size_t(format)]; }

std::string LaunchFormatList() {
  std::string s;
  for (const LaunchFormatInfo& f : LaunchFormats()) s += (s.empty() ? "" : ", ") + std::string(f.id);
  return s;
}

const std::vector<LaunchRule>& LaunchRules() {
  struct Built {
    std::vector<LaunchRule> rules = Table();
    Built() {
      std::vector<Phrase> zh;
      for (const LaunchRule& r : rules) zh.push_back({r.reason, r.reason_zh});
      AddTranslations(zh);  // the reasons are Words() of the issues: their Chinese comes from these rows
    }
  };
  static const Built built;
  return built.rules;
}

Config LaunchConfig(const Config& cfg, LaunchFormat format) {
  Config c = cfg;
  // verl trains with its FSDP or its Megatron workers: a mixture of experts on Megatron's, as a plan on auto has it
  // (ResolveStack); other formats launch their one stack.
  if (c.stack.empty() && format == F::Verl && RlAlgoOf(c) != RlAlgo::None) {
    Config as_verl = c;
    as_verl.rl_framework = int(RlFramework::Verl);
    if (ResolvedStackId(as_verl) == "megatron") c.stack = "megatron";
  }
  if (c.stack.empty()) c.stack = InfoOf(format).stack;
  for (const LaunchRule& r : LaunchRules()) {
    if (r.format != format || !*r.pin || (*r.pin_stack && c.stack != r.pin_stack)) continue;
    const std::string key = r.key;
    if (FormatValue(c, key) != "auto") continue;
    std::vector<ConfigIssue> ignored;
    ApplyPair(c, key, r.pin, ignored);
  }
  // An RL plan exported to verl, OpenRLHF or TRL runs under that framework (keys_rl.cpp rl_framework): auto is the
  // format's, so the plan carries that framework's fixed time between phases (rl.cpp FixedTransition).
  // A goal the framework does not train (capabilities.h RlOfferTable: verl's DPO) keeps auto; the export refuses it.
  if (c.goal >= 2 && c.rl_framework == kAuto) {
    const RlFramework fw = format == F::Verl       ? RlFramework::Verl
                           : format == F::Openrlhf ? RlFramework::Openrlhf
                                                   : RlFramework::Trl;
    if ((format == F::Verl || format == F::Openrlhf || format == F::Trl) && RlOffer(fw, RlAlgoOf(c)))
      c.rl_framework = int(fw);
  }
  // torchtune: one GPU runs the single-device recipe (nothing to shard), several the FSDP2 recipe (full shard).
  if (format == F::Torchtune && c.zero == kAuto && c.gpus > 1) c.zero = 3;
  if (format == F::Torchtune && c.zero == kAuto && c.gpus == 1) c.zero = 0;
  // OpenRLHF's train_dpo: a micro-batch of whole pairs (chosen and rejected in one forward), one pair = 2 sequences.
  if (format == F::Openrlhf && c.goal >= 0 && kGoalNames[c.goal] == std::string_view("dpo") && c.mbs == kAuto)
    c.mbs = 2;
  return c;
}

namespace {
// Does the format refuse this plan? With `on_auto`, only on a key that configuration left on auto (what the search
// chose, not what the user gave).
bool FormatRefuses(const PlanOutput& plan, LaunchFormat format, const Config* on_auto = nullptr) {
  for (const LaunchRule& r : LaunchRules())
    if (r.format == format && r.action == LaunchAction::Refuse && r.applies(plan) &&
        (!on_auto || FormatValue(*on_auto, r.key) == "auto"))
      return true;
  return false;
}
}  // namespace

PlanOutput LaunchPlan(const Config& cfg, LaunchFormat format) {
  const Config c = LaunchConfig(cfg, format);
  PlanOutput first = MakePlan(c);
  if (!first.ok || !FormatRefuses(first, format, &c)) return first;
  // The memory keys whose combinations the format's rules refuse (offload with a ZeRO stage, NVMe, selective
  // recomputation): each of them left on auto is tried at each of its values, the rest searched as before.
  struct Choice {
    const char* key;
    std::vector<const char*> values;
  };
  std::vector<Choice> free;
  for (const Choice& k : {Choice{"offload", {"none", "cpu", "nvme"}}, Choice{"zero", {"0", "1", "2", "3"}},
                          Choice{"recompute", {"none", "selective", "full"}}})
    if (FormatValue(c, k.key) == "auto") free.push_back(k);
  size_t combos = 1;
  for (const Choice& k : free) combos *= k.values.size();
  PlanOutput best;
  bool have = false;
  for (size_t i = 0; i < combos; ++i) {
    Config v = c;
    std::vector<ConfigIssue> ignored;
    for (size_t n = i, k = 0; k < free.size(); n /= free[k].values.size(), ++k)
      ApplyPair(v, free[k].key, free[k].values[n % free[k].values.size()], ignored);
    if (HasErrors(ignored)) continue;
    PlanOutput p = MakePlan(v);
    if (!p.ok || FormatRefuses(p, format)) continue;
    // Fitting plans by the search's ranking; while none fits, the one nearest to fitting (as the search answers
    // with its least-memory layout).
    const bool fits = PlanFits(p), best_fits = have && PlanFits(best);
    const auto ratio = [](const PlanOutput& o) { return o.plan.memory.total / std::max(o.plan.memory.usable, 1.0); };
    if (!have || (fits && !best_fits) || (fits && best_fits && RanksBefore(p.plan, best.plan, Objective::Time)) ||
        (!fits && !best_fits && ratio(p) < ratio(best))) {
      best = std::move(p);
      have = true;
    }
  }
  return have ? best : first;  // nothing the format can say: the first plan, which the export refuses with the reason
}

namespace {
bool Contains(std::string_view text, std::string_view what) { return text.find(what) != std::string_view::npos; }

}  // namespace

namespace launch {
bool IsAccelerateConfig(std::string_view text) {
  auto key = [&](const char* k) {  // a YAML key at the start of a line
    const std::string at = std::string(k) + ":";
    return text.rfind(at, 0) == 0 || Contains(text, "\n" + at);
  };
  return key("distributed_type") && (key("compute_environment") || key("num_processes"));
}
}  // namespace launch

bool DetectLaunchFormat(std::string_view text, LaunchFormat& format) {
  // A notebook is the script its code cells make (parse_notebook.cpp): its format is that script's.
  if (std::string code; launch::NotebookCode(text, code)) return DetectLaunchFormat(code, format);
  if (text.size() > launch::kMaxImportBytes) return false;
  const std::string_view t = Trim(text);
  if (t.empty()) return false;
  // JSON: a DeepSpeed config (a Hugging Face config.json is not a launch config).
  if (t.front() == '{') {
    for (const char* k : {"\"train_micro_batch_size_per_gpu\"", "\"zero_optimization\"", "\"train_batch_size\""})
      if (Contains(t, k)) return format = LaunchFormat::DeepSpeed, true;
    return false;
  }
  // Python scripts, by the configs they build.
  if (Contains(t, "FastLanguageModel") || Contains(t, "from unsloth")) return format = LaunchFormat::Unsloth, true;
  for (const char* k : {"SFTConfig(", "SFTTrainer(", "GRPOConfig(", "GRPOTrainer(", "DPOConfig(", "DPOTrainer("})
    if (Contains(t, k)) return format = LaunchFormat::Trl, true;
  if (Contains(t, "TrainingArguments(")) return format = LaunchFormat::Hf, true;
  // TRL's command line (trl sft ..., accelerate launch trl/scripts/sft.py ...).
  if (launch::IsTrlCommand(t)) return format = LaunchFormat::Trl, true;
  // Accelerate's config file: the launcher the Trainer and TRL run under (its processes, FSDP or DeepSpeed).
  if (launch::IsAccelerateConfig(t)) return format = LaunchFormat::Hf, true;
  // Transformers' example scripts' command line (run_clm.py --per_device_train_batch_size ...).
  if (launch::IsHfExampleCommand(t)) return format = LaunchFormat::Hf, true;
  // OpenRLHF's launch command, by its entry points (its dotted flags are no other format's).
  if (Contains(t, "openrlhf.cli.train_ppo_ray") || Contains(t, "openrlhf.cli.train_dpo") ||
      Contains(t, "openrlhf.cli.train_sft"))
    return format = LaunchFormat::Openrlhf, true;
  // verl's launch scripts: main_ppo with Hydra overrides (its YAML config is read below, by its keys).
  if (Contains(t, "verl.trainer.main_ppo") && Contains(t, "actor_rollout_ref.") && !Contains(t, "actor_rollout_ref:"))
    return format = LaunchFormat::Verl, true;
  // Megatron-LM arguments.
  for (const char* k : {"--tensor-model-parallel-size", "--num-layers", "--micro-batch-size", "--global-batch-size"})
    if (Contains(t, k)) return format = LaunchFormat::Megatron, true;
  // TOML tables (torchtitan's job config), then YAML keys.
  if (Contains(t, "[parallelism]") || Contains(t, "[training]") || Contains(t, "[activation_checkpoint]"))
    return format = LaunchFormat::Torchtitan, true;
  auto key = [&](const char* k) {  // a YAML key at the start of a line
    const std::string at = std::string(k) + ":";
    return t.rfind(at, 0) == 0 || Contains(t, "\n" + at);
  };
  if (Contains(t, "actor_rollout_ref:")) return format = LaunchFormat::Verl, true;
  if (Contains(t, "_component_:")) return format = LaunchFormat::Torchtune, true;
  if (key("base_model") || key("micro_batch_size") || key("sequence_len") || key("adapter"))
    return format = LaunchFormat::Axolotl, true;
  if (key("model_name_or_path") || key("finetuning_type") || key("cutoff_len"))
    return format = LaunchFormat::LlamaFactory, true;
  return false;
}

}  // namespace tp
