// keys_rl.cpp — the key table's post-training rows (goal grpo, ppo, dpo; core/estimate/rl.h): the step's shape
// (prompts, samples, lengths, optimizer steps), the rollout engine and its memory fraction, placement (colocated or
// split pools), the reference and reward models, one-step-off overlap. Each default is the one the frameworks use,
// with the file it was read from (research: /work/research/rl/rl_defaults.md, verl b178a3c, OpenRLHF 3c3be62, TRL
// f2cd577, NeMo RL 9dbd9ad, vLLM cache.py c1d8642). Rows are in link order; builders in key_rows.h.
#include "key_rows.h"

namespace tp::key_rows {

namespace {

// The step's shape: prompts, samples, lengths, optimizer steps, RL steps.
void AddRlShapeKeys(std::vector<KeyInfo>& table) {
  using G = KeyGroup;
  table.insert(
      table.end(),
      {
          IntField("rl_prompts", G::Training, "prompts", 1, 10000000, true, kUnset, TP_INT(rl_prompts),
                   "Post-training: prompts per RL step (DPO: preference pairs per optimizer step); auto = 1,024 "
                   "(RL), 64 (DPO).")
              .Label("Prompts per step", "每步提示数")
              .Zh("后训练：每个强化学习步的提示数（DPO：每次优化器更新的偏好对数）；auto = "
                  "1,024（强化学习），64（DPO）。")
              .Source(
                  "1,024: verl's data.train_batch_size and OpenRLHF's --rollout.batch_size (verl "
                  "_generated_ppo_trainer.yaml@b178a3c, OpenRLHF train_ppo_ray.py@3c3be62); 64 pairs for DPO: the "
                  "Zephyr / TRL DPO recipes' global batch (TRL dpo_config, alignment-handbook).",
                  "1,024：verl 的 data.train_batch_size 与 OpenRLHF 的 --rollout.batch_size（verl "
                  "_generated_ppo_trainer.yaml@b178a3c，OpenRLHF train_ppo_ray.py@3c3be62）；DPO 为 64 对：Zephyr / "
                  "TRL DPO 配方的全局批次（TRL dpo_config，alignment-handbook）。"),
          IntField("rl_samples", G::Training, "responses", 1, 4096, true, kUnset, TP_INT(rl_samples),
                   "Post-training: responses generated per prompt (GRPO's group size); auto = 8 for GRPO, 1 for PPO; "
                   "DPO scores 2 (chosen and rejected).")
              .Label("Responses per prompt", "每个提示的回答数")
              .Zh("后训练：每个提示生成的回答数（GRPO 的组大小）；auto = GRPO 为 8，PPO 为 1；DPO 固定为 "
                  "2（选中与拒绝）。")
              .Source(
                  "8: TRL GRPOConfig num_generations (grpo_config.py@f2cd577); 1: verl rollout.n and OpenRLHF "
                  "--rollout.n_samples_per_prompt, PPO's one response per prompt (rollout.yaml@b178a3c).",
                  "8：TRL GRPOConfig 的 num_generations（grpo_config.py@f2cd577）；1：verl 的 rollout.n 与 OpenRLHF 的 "
                  "--rollout.n_samples_per_prompt，PPO 每个提示一个回答（rollout.yaml@b178a3c）。"),
          IntField("rl_prompt_len", G::Training, "tokens", 1, 10000000, true, kUnset, TP_INT(rl_prompt_len),
                   "Post-training: mean prompt length in tokens; auto = 512.")
              .Label("Prompt length", "提示长度")
              .Zh("后训练：提示的平均长度（token 数）；auto = 512。")
              .Source("512: verl's data.max_prompt_length (_generated_ppo_trainer.yaml@b178a3c), to which its data "
                      "loader pads prompts.",
                      "512：verl 的 data.max_prompt_length（_generated_ppo_trainer.yaml@b178a3c），其数据加载器把提示"
                      "填充到该长度。")
              .TokenCount(),
          IntField("rl_response_len", G::Training, "tokens", 1, 10000000, true, kUnset, TP_INT(rl_response_len),
                   "Post-training: mean response length in tokens (what the policy writes on average); auto = half of "
                   "rl_max_response_len.")
              .Label("Mean response length", "平均回答长度")
              .Zh("后训练：回答的平均长度（token 数，策略平均写出的长度）；auto = rl_max_response_len 的一半。")
              .Source("Half the cap: no framework states a mean, it is the run's; NeMo RL's published means run from "
                      "25 % to 80 % of the cap (docs/about/performance-summary.md@9dbd9ad).",
                      "上限的一半：没有框架规定平均值，它取决于训练本身；NeMo RL 公布的平均值在上限的 25 % 到 80 % 之间"
                      "（docs/about/performance-summary.md@9dbd9ad）。")
              .TokenCount(),
          IntField("rl_max_response_len", G::Training, "tokens", 1, 10000000, true, kUnset, TP_INT(rl_max_response_len),
                   "Post-training: the longest response allowed; the rollout is paced by its longest response, so "
                   "more GPUs do not shorten it; auto = 512, or twice rl_response_len where that is longer.")
              .Label("Max response length", "最长回答")
              .Zh("后训练：允许的最长回答；生成阶段由最长的回答决定节奏，更多 GPU 也不能让它变短；auto = 512，若 "
                  "rl_response_len 的两倍更长则取其两倍。")
              .Source("512: verl's data.max_response_length and TRL's max_completion_length "
                      "(_generated_ppo_trainer.yaml@b178a3c, grpo_config.py@f2cd577).",
                      "512：verl 的 data.max_response_length 与 TRL 的 max_completion_length"
                      "（_generated_ppo_trainer.yaml@b178a3c，grpo_config.py@f2cd577）。")
              .TokenCount(),
          IntField("rl_updates", G::Training, "steps", 1, 100000, true, kUnset, TP_INT(rl_updates),
                   "Post-training: optimizer steps of the policy per RL step (epochs x mini-batches); auto = 4.")
              .Label("Optimizer steps per RL step", "每步优化器更新次数")
              .Zh("后训练：每个强化学习步中策略的优化器更新次数（轮数 × 小批次数）；auto = 4。")
              .Source("4: verl's train_batch_size 1,024 / ppo_mini_batch_size 256 with ppo_epochs 1 "
                      "(_generated_ppo_trainer.yaml@b178a3c).",
                      "4：verl 的 train_batch_size 1,024 / ppo_mini_batch_size 256，ppo_epochs 为 1"
                      "（_generated_ppo_trainer.yaml@b178a3c）。"),
          IntField("rl_steps", G::Training, "steps", 1, 100000000, true, kUnset, TP_INT(rl_steps),
                   "Post-training: RL steps in the run (the run's days are these times the step); auto = 100.")
              .Label("RL steps", "强化学习步数")
              .Zh("后训练：整个训练的强化学习步数（训练天数 = 步数 × 每步时间）；auto = 100。")
              .Source(
                  "100: SimpleRL-Zoo's runs (\"~100 steps\", its README) and the first column of verl's fully-async "
                  "table (docs/advance/fully_async.md@b178a3c).",
                  "100：SimpleRL-Zoo 的训练（README 中的“约 100 步”）与 verl fully-async 表的第一列"
                  "（docs/advance/fully_async.md@b178a3c）。"),
      });
}

// The engine, its memory fraction, its batch and the trainer's generate calls.
void AddRlEngineKeys(std::vector<KeyInfo>& table) {
  using G = KeyGroup;
  table.insert(
      table.end(),
      {ChoiceField("rl_framework", G::Training, kRlFrameworkNames, true, TP_INT(rl_framework),
                   "Post-training: the RL framework running the step, whose own time between the phases is "
                   "planned: verl (its single controller gathers and dispatches the batch between phases), openrlhf, "
                   "nemo-rl, trl, deepspeed-chat (none beyond the weight sync); auto = verl, or with rl_engine=hf "
                   "deepspeed-chat on the deepspeed stack, else trl.")
           .Values(kRlFrameworkLabels)
           .Label("RL framework", "强化学习框架")
           .Zh("后训练：运行这一步的强化学习框架，按其在各阶段之间的固定耗时规划：verl（单控制器在阶段之间汇集并分发"
               "批次）、openrlhf、nemo-rl、trl、deepspeed-chat（除权重同步外没有）；auto = verl，rl_engine=hf 时在 "
               "deepspeed 栈上为 deepspeed-chat，否则为 trl。")
           .Source("verl: the framework of the RL model's fit rows and of the other keys' defaults "
                   "(tests/data/rl_steps.json, _generated_ppo_trainer.yaml@b178a3c); generating with Transformers' "
                   "generate in the trainer is DeepSpeed-Chat's hybrid engine on DeepSpeed and TRL's GRPOTrainer "
                   "without use_vllm (grpo_config.py@f2cd577); verl, OpenRLHF and NeMo RL generate with an engine.",
                   "verl：RL 模型拟合行与其他键默认值所用的框架（tests/data/rl_steps.json，"
                   "_generated_ppo_trainer.yaml@b178a3c）；在训练进程内用 Transformers generate 生成的是 DeepSpeed 上"
                   "的 DeepSpeed-Chat 混合引擎，以及不设 use_vllm 的 TRL GRPOTrainer（grpo_config.py@f2cd577）；verl、"
                   "OpenRLHF 与 NeMo RL 都用推理引擎生成。"),
       ChoiceField("rl_engine", G::Training, kRlEngineNames, true, TP_INT(rl_engine),
                   "Post-training: the rollout's inference engine: vllm, sglang, or hf (Transformers generate, "
                   "inside the trainer); auto = vllm.")
           .Values(kRlEngineLabels)
           .Label("Rollout engine", "生成引擎")
           .Zh("后训练：生成回答的推理引擎：vllm、sglang，或 hf（训练进程内的 Transformers generate）；auto = vllm。")
           .Source("vLLM: the engine of verl's examples, OpenRLHF's only one and NeMo RL's backend default "
                   "(rollout.yaml@b178a3c, train_ppo_ray.py@3c3be62, grpo_math_1B.yaml@9dbd9ad).",
                   "vLLM：verl 示例所用的引擎，OpenRLHF 唯一支持的引擎，NeMo RL 的默认后端"
                   "（rollout.yaml@b178a3c，train_ppo_ray.py@3c3be62，grpo_math_1B.yaml@9dbd9ad）。"),
       RealField("rl_kv_frac", G::Training, "fraction", 0.01, 1, true, TP_REAL(rl_kv_frac),
                 "Post-training: the engine's memory fraction in that engine's meaning: vLLM's "
                 "gpu_memory_utilization (weights + activations + KV cache, of the whole GPU), SGLang's "
                 "mem_fraction_static (weights + KV cache); auto = 0.5 colocated, the engine's own default on a "
                 "rollout pool of its own.")
           .Label("Engine memory fraction", "引擎显存比例")
           .Zh("后训练：推理引擎的显存比例，按该引擎的定义：vLLM 的 gpu_memory_utilization（权重 + 激活 + KV "
               "缓存，占整张 GPU），SGLang 的 mem_fraction_static（权重 + KV 缓存）；auto = 共置时 0.5，独占 GPU "
               "时为引擎自己的默认值。")
           .Source(
               "0.5: verl's rollout.gpu_memory_utilization (rollout.yaml@b178a3c), handed as-is to vLLM and to "
               "SGLang; alone on its GPUs: vLLM's 0.9 (vllm/config/cache.py@c1d8642), SGLang's (capacity - "
               "reserve) / capacity, about 0.84 on an 80 GB GPU (server_args.py).",
               "0.5：verl 的 rollout.gpu_memory_utilization（rollout.yaml@b178a3c），原样交给 vLLM 和 SGLang；"
               "独占 GPU 时：vLLM 为 0.9（vllm/config/cache.py@c1d8642），SGLang 为（容量 - 预留）/ 容量，80 GB GPU "
               "上约 0.84（server_args.py）。")
           .Format("%.2f"),
       IntField("rl_max_seqs", G::Training, "sequences", 1, 65536, true, kUnset, TP_INT(rl_max_seqs),
                "Post-training: the most sequences one rollout engine decodes at once (vLLM's max_num_seqs, "
                "SGLang's max_running_requests; hf: the generate batch, run to its longest response); the KV cache "
                "may hold fewer; auto = the engine's own default.")
           .Label("Sequences in flight", "同时生成的序列")
           .Zh("后训练：一个生成引擎同时解码的最多序列数（vLLM 的 max_num_seqs，SGLang 的 max_running_requests；hf："
               "generate 的批大小，整批等最长的回答写完）；KV 缓存可能只放得下更少；auto = 引擎自己的默认值。")
           .Source("vLLM: 1,024 on a GPU of 70 GiB or more other than the A100, else 256 (vllm/engine/arg_utils.py "
                   "get_batch_defaults, V1); SGLang: its request pool, 4,096 (scheduler.py "
                   "max_running_requests: half the KV pool's tokens, at most the pool); hf: every sequence of the "
                   "engine in one batch. verl sets "
                   "256 for both engines (_generated_ppo_trainer.yaml@b178a3c max_num_seqs).",
                   "vLLM：显存 70 GiB 及以上且不是 A100 的 GPU 为 1,024，否则为 256（vllm/engine/arg_utils.py "
                   "get_batch_defaults，V1）；SGLang：其请求池，4,096（scheduler.py "
                   "max_running_requests：KV 池 token 数的一半，不超过请求池）；hf：引擎的全部序列作为一批。verl "
                   "对两种引擎都设为 256"
                   "（_generated_ppo_trainer.yaml@b178a3c 的 max_num_seqs）。"),
       IntField("rl_gen_batch", G::Training, "sequences", 1, 65536, true, kUnset, TP_INT(rl_gen_batch),
                "Post-training: the sequences the trainer hands one rollout engine per generate call, waiting for "
                "the call's longest response before the next (each call paced by its longest response, not "
                "batched with the next); auto = the step's sequences at once.")
           .Label("Sequences per generate call", "每次生成调用的序列数")
           .Zh("后训练：训练端每次调用交给一个生成引擎的序列数，等这次调用中最长的回答写完才发下一次（每次调用"
               "由其最长的回答决定节奏，不与下一次合批）；auto = 一步的全部序列一次交出。")
           .Source("Auto: verl, NeMo RL and OpenRLHF 3c3be62 generate a step's prompts at once (OpenRLHF "
                   "samples_generator.py generate_samples). OpenRLHF 0.2 (391e1de) sent each actor rank's "
                   "--micro_rollout_batch_size prompts per call and waited on it (experience_maker.py "
                   "RemoteExperienceMaker._generate_vllm: ray.get(llm.generate.remote(...)) per micro-batch), and "
                   "the engine, one Ray actor, runs one call at a time.",
                   "Auto：verl、NeMo RL 与 OpenRLHF 3c3be62 一次生成一步的全部提示（OpenRLHF samples_generator.py "
                   "generate_samples）。OpenRLHF 0.2（391e1de）每次调用只交出每个 actor rank 的 "
                   "--micro_rollout_batch_size 个提示并等待其完成（experience_maker.py "
                   "RemoteExperienceMaker._generate_vllm：每个微批次 ray.get(llm.generate.remote(...))），而引擎是一个 "
                   "Ray actor，一次只执行一个调用。"),
       IntField("rl_logprob_mbs", G::Training, "sequences", 1, 65536, true, kUnset, TP_INT(rl_logprob_mbs),
                "Post-training: the sequences per micro-batch of the log-probability passes (the old policy's, the "
                "reference's, PPO's values), forwards without gradients; auto = the training's mbs.")
           .Label("Log-prob micro-batch", "对数概率微批次")
           .Zh("后训练：对数概率前向（旧策略、参考模型、PPO 的价值）每个微批次的序列数，这些前向不求梯度；"
               "auto = 训练的 mbs。")
           .Source(
               "NeMo RL's policy.logprob_batch_size (logprob_mb_tokens with sequence packing), set apart from "
               "train_micro_batch_size: equal in examples/configs/grpo_math_1B.yaml, 2 against 1 in "
               "grpo_math_8B.yaml, 4 against 1 in grpo_math_70B_megatron.yaml (NVIDIA-NeMo/RL "
               "v0.3.0 b1c86a816c5e2b4ca41ece193624a38dc62e6fdf); verl's log_prob_micro_batch_size_per_gpu. "
               "Auto: the training's micro-batch, the 1B recipe's choice.",
               "NeMo RL 的 policy.logprob_batch_size（序列打包时为 logprob_mb_tokens），与 "
               "train_micro_batch_size 分开设置：examples/configs/grpo_math_1B.yaml 中相等，grpo_math_8B.yaml 中为 2 "
               "对 1，grpo_math_70B_megatron.yaml 中为 4 对 1（NVIDIA-NeMo/RL v0.3.0 "
               "b1c86a816c5e2b4ca41ece193624a38dc62e6fdf）；verl 的 log_prob_micro_batch_size_per_gpu。Auto：训练的"
               "微批次，即 1B 配方的选择。")});
}

// The engine's weights: 16-bit or FP8.
void AddRlEnginePrecisionKey(std::vector<KeyInfo>& table) {
  using G = KeyGroup;
  table.push_back(
      ChoiceField("rl_gen_prec", G::Training, kRlGenPrecNames, true, TP_INT(rl_gen_prec),
                  "Post-training: the rollout engine's weights: bf16, or fp8 (quantized from the policy's 16-bit "
                  "weights at each refit, 128x128 blocks with an fp32 scale each; the KV cache stays 16-bit): half "
                  "the bytes each decode iteration reads and the engine holds, prefill on the FP8 tensor cores where "
                  "the GPU has them; auto = bf16.")
          .Values(kRlGenPrecLabels)
          .Label("Rollout weights", "生成权重精度")
          .Zh("后训练：生成引擎的权重：bf16，或 fp8（每次权重同步时由策略的 16 位权重量化，128×128 分块、每块一个 "
              "fp32 "
              "缩放因子；KV 缓存仍为 16 位）：每次解码迭代读取、引擎占用的字节减半，GPU 有 FP8 张量核时预填充也用 "
              "FP8；auto = bf16。")
          .Source("bf16: every framework's default (verl rollout.dtype bfloat16, NeMo RL vllm_cfg.precision "
                  "bfloat16). fp8: NeMo RL's vllm_cfg.precision fp8 (nemo_rl/models/generation/fp8.py@5fb5889: "
                  "weight_block_size [128, 128], kv_cache_dtype auto, cast_tensor_to_fp8_blockwise at each refit; "
                  "its FP8 performance recipes), verl's rollout.quantization fp8 (vLLM and SGLang, "
                  "verl/workers/rollout/*@b178a3c); OpenRLHF, TRL and DeepSpeed-Chat have none (trainplan catalog "
                  "stacks).",
                  "bf16：各框架的默认值（verl rollout.dtype bfloat16，NeMo RL vllm_cfg.precision bfloat16）。fp8："
                  "NeMo RL 的 vllm_cfg.precision fp8（nemo_rl/models/generation/fp8.py@5fb5889：weight_block_size "
                  "[128, 128]，kv_cache_dtype auto，每次同步时 cast_tensor_to_fp8_blockwise；其 FP8 性能配方），"
                  "verl 的 rollout.quantization fp8（vLLM 与 SGLang，verl/workers/rollout/*@b178a3c）；OpenRLHF、TRL "
                  "与 DeepSpeed-Chat 没有（trainplan catalog stacks）。"));
}

// Micro-batches as token budgets: the training's and the log-probability passes'.
void AddRlBudgetKeys(std::vector<KeyInfo>& table) {
  using G = KeyGroup;
  table.insert(
      table.end(),
      {IntField("rl_mb_tokens", G::Training, "tokens", 16, 1 << 24, true, kUnset, TP_INT(rl_mb_tokens),
                "Post-training: a training micro-batch as a token budget, the whole sequences of one data-parallel "
                "replica (before tensor or context parallelism splits them); the micro-batch is as many mean "
                "sequences as it holds, the memory planned at the full budget; at least the longest sequence. "
                "auto = micro-batches of mbs sequences.")
           .Label("Tokens per micro-batch", "每个微批次的 token 数")
           .Zh("后训练：以 token 预算给出训练微批次，即一个数据并行副本的完整序列（张量或上下文并行切分之前）；"
               "微批次为它能容纳的平均长度序列数，显存按整个预算计算；不少于最长序列。auto = 每个微批次 mbs 条序列。")
           .Source(
               "NeMo RL's policy.sequence_packing / dynamic_batching train_mb_tokens (max_total_sequence_length x "
               "train_micro_batch_size, examples/configs/grpo_math_1B.yaml @b1c86a8); verl's "
               "actor.use_dynamic_bsz with ppo_max_token_len_per_gpu x the Ulysses size (dp_actor.py "
               "update_policy; default 16384 with use_dynamic_bsz false, _generated_ppo_trainer.yaml @b178a3c); "
               "OpenRLHF's --train.dynamic_batch_enable with --train.max_tokens_per_gpu x ring_attn_size x "
               "tensor_parallel_size (utils/seqlen_balancing.py @3c3be62). Each refuses a sequence longer than "
               "the budget (verl's rearrange_micro_batches asserts it).",
               "NeMo RL 的 policy.sequence_packing / dynamic_batching train_mb_tokens（max_total_sequence_length x "
               "train_micro_batch_size，examples/configs/grpo_math_1B.yaml @b1c86a8）；verl 的 actor.use_dynamic_bsz "
               "与 ppo_max_token_len_per_gpu x Ulysses 并行度（dp_actor.py update_policy；默认 16384，"
               "use_dynamic_bsz 为 false，_generated_ppo_trainer.yaml @b178a3c）；OpenRLHF 的 "
               "--train.dynamic_batch_enable 与 --train.max_tokens_per_gpu x ring_attn_size x tensor_parallel_size"
               "（utils/seqlen_balancing.py @3c3be62）。它们都拒绝比预算更长的序列（verl 的 rearrange_micro_batches "
               "断言此条件）。")
           .TokenCount(),
       IntField("rl_logprob_mb_tokens", G::Training, "tokens", 16, 1 << 24, true, kUnset, TP_INT(rl_logprob_mb_tokens),
                "Post-training: the log-probability passes' micro-batch as a token budget, as rl_mb_tokens; auto = "
                "rl_mb_tokens where it is set, else micro-batches of rl_logprob_mbs sequences.")
           .Label("Log-prob tokens per micro-batch", "对数概率每个微批次的 token 数")
           .Zh("后训练：以 token 预算给出对数概率前向的微批次，含义同 rl_mb_tokens；auto = 已设置时取 rl_mb_tokens，"
               "否则每个微批次 rl_logprob_mbs 条序列。")
           .Source("NeMo RL's logprob_mb_tokens (max_total_sequence_length x logprob_batch_size, grpo_math_1B.yaml "
                   "@b1c86a8); verl's log_prob_max_token_len_per_gpu, by default the actor's ppo_max_token_len_per_gpu "
                   "(_generated_ppo_trainer.yaml @b178a3c); OpenRLHF's --rollout.max_tokens_per_gpu, by default "
                   "--train.max_tokens_per_gpu (cli/train_ppo_ray.py @3c3be62).",
                   "NeMo RL 的 logprob_mb_tokens（max_total_sequence_length x logprob_batch_size，grpo_math_1B.yaml "
                   "@b1c86a8）；verl 的 log_prob_max_token_len_per_gpu，默认取 actor 的 ppo_max_token_len_per_gpu"
                   "（_generated_ppo_trainer.yaml @b178a3c）；OpenRLHF 的 --rollout.max_tokens_per_gpu，默认取 "
                   "--train.max_tokens_per_gpu（cli/train_ppo_ray.py @3c3be62）。")
           .TokenCount()});
}

// Placement: colocated or split pools, and what the trainer and the engine release between phases.
void AddRlPlacementKeys(std::vector<KeyInfo>& table) {
  using G = KeyGroup;
  table.insert(
      table.end(),
      {
          ChoiceField("rl_colocate", G::Training, kZeroOne, true, TP_INT(rl_colocate),
                      "Post-training: 1 = generation, log-probabilities and training take turns on the same GPUs (the "
                      "engine sleeps while the trainer runs); 0 = split pools (rl_rollout_gpus generate, the rest "
                      "train); auto = 1.")
              .Values(kOnOffLabels)
              .Label("Colocated", "共置")
              .Zh("后训练：1 = 生成、对数概率与训练轮流使用同一批 GPU（训练时引擎休眠）；0 = 分池（rl_rollout_gpus "
                  "张负责生成，其余训练）；auto = 1。")
              .Source(
                  "1: verl's hybrid_engine: true, NeMo RL's colocated.enabled: true and TRL's vllm_mode "
                  "\"colocate\" (_generated_ppo_trainer.yaml@b178a3c, grpo_math_1B.yaml@9dbd9ad, "
                  "grpo_config.py@f2cd577).",
                  "1：verl 的 hybrid_engine: true，NeMo RL 的 colocated.enabled: true，TRL 的 vllm_mode \"colocate\""
                  "（_generated_ppo_trainer.yaml@b178a3c，grpo_math_1B.yaml@9dbd9ad，grpo_config.py@f2cd577）。"),
          ChoiceField(
              "rl_park", G::Training, kZeroOne, true, TP_INT(rl_park),
              "Post-training with verl or OpenRLHF: 1 = the trainer parks its states in host memory between "
              "phases and loads them back for its own update, where the optimizer steps on the GPU. verl: the "
              "actor's weights, gradients and optimizer states (param_offload, grad_offload, "
              "optimizer_offload); OpenRLHF (GRPO, PPO): DeepSpeed's optimizer states, fp32 master weights and "
              "gradients, the 16-bit weights stay (--ds.enable_sleep; nothing with offload=cpu). 0 = they stay; "
              "auto = 0. offload=cpu is the optimizer on the CPU itself (FSDP2's offload_policy, Megatron's "
              "optimizer_cpu_offload, DeepSpeed's --ds.adam_offload).")
              .Values(kOnOffLabels)
              .Label("Park between phases", "阶段间驻留主机")
              .Zh("用 verl 或 OpenRLHF 做后训练时：1 = 训练侧在各阶段之间把状态放到主机内存，更新前再装回 "
                  "GPU，优化器在 "
                  "GPU 上执行。verl：actor 的权重、梯度和优化器状态（param_offload、grad_offload 与 "
                  "optimizer_offload）；OpenRLHF（GRPO、PPO）：DeepSpeed 的优化器状态、fp32 主权重和梯度，16 "
                  "位权重留在 "
                  "GPU 上（--ds.enable_sleep；offload=cpu 时不做任何事）。0 = 一直留在 GPU 上；auto = 0。offload=cpu "
                  "才是把优化器本身放到 CPU 上（FSDP2 的 offload_policy，Megatron 的 optimizer_cpu_offload，DeepSpeed "
                  "的 "
                  "--ds.adam_offload）。")
              .Source(
                  "0: verl's actor param_offload, grad_offload, optimizer_offload default false; update_actor loads "
                  "the model and the optimizer back to the GPU and offloads them after (fsdp_workers.py, "
                  "megatron_workers.py @b178a3c). OpenRLHF's --ds.enable_sleep defaults to false "
                  "(train_ppo_ray.py@3c3be62); offload_deepspeed_states (utils/deepspeed/deepspeed_utils.py) "
                  "moves optim_states, contiguous_grad_buffer, hp_params and lp_grads, not lp_params.",
                  "0：verl 的 actor param_offload、grad_offload、optimizer_offload 默认为 false；update_actor 先把模型"
                  "与优化器装回 GPU，更新后再卸载（fsdp_workers.py、megatron_workers.py @b178a3c）。OpenRLHF 的 "
                  "--ds.enable_sleep 默认为 false（train_ppo_ray.py@3c3be62）；offload_deepspeed_states"
                  "（utils/deepspeed/deepspeed_utils.py）移动 optim_states、contiguous_grad_buffer、hp_params 与 "
                  "lp_grads，不移动 lp_params。"),
          ChoiceField(
              "rl_sleep", G::Training, kZeroOne, true, TP_INT(rl_sleep),
              "Post-training with a colocated engine: 1 = it sleeps while the trainer runs (its KV cache and "
              "weights released, its CUDA graphs stay); 0 = it stays awake, its whole memory fraction (rl_kv_frac) "
              "beside the training and the log-probability passes. auto = 0 with TRL (vllm_enable_sleep_mode) and "
              "Unsloth's fast_inference (UNSLOTH_VLLM_STANDBY), 1 with verl, NeMo RL and OpenRLHF "
              "(--vllm.enable_sleep).")
              .Values(kOnOffLabels)
              .Label("Engine sleeps while training", "训练时引擎休眠")
              .Zh("共置引擎的后训练：1 = 训练时引擎休眠（释放 KV 缓存与权重，CUDA 图保留）；0 = "
                  "引擎保持唤醒，其整个显存"
                  "比例（rl_kv_frac）与训练及对数概率计算同时占用。auto：TRL（vllm_enable_sleep_mode）与 Unsloth 的 "
                  "fast_inference（UNSLOTH_VLLM_STANDBY）为 0，verl、NeMo RL 与 OpenRLHF（--vllm.enable_sleep）为 1。")
              .Source(
                  "TRL GRPOConfig.vllm_enable_sleep_mode defaults to False (grpo_config.py@f2cd577); Unsloth "
                  "passes enable_sleep_mode = unsloth_vllm_standby, UNSLOTH_VLLM_STANDBY defaulting to \"0\" "
                  "(unsloth_zoo vllm_utils.py@ce232d6); verl's hybrid engine sleeps its replicas "
                  "(vllm_async_server.py@b178a3c), NeMo RL sleeps vLLM at level 1 (vllm.py), OpenRLHF's colocated "
                  "recipes pass --vllm.enable_sleep (default false, train_ppo_ray.py@3c3be62).",
                  "TRL 的 GRPOConfig.vllm_enable_sleep_mode 默认为 False（grpo_config.py@f2cd577）；Unsloth 传入 "
                  "enable_sleep_mode = unsloth_vllm_standby，UNSLOTH_VLLM_STANDBY 默认为 \"0\"（unsloth_zoo "
                  "vllm_utils.py@ce232d6）；verl 的 hybrid engine 让副本休眠（vllm_async_server.py@b178a3c），NeMo RL "
                  "让 vLLM 在 level 1 休眠（vllm.py），OpenRLHF 的共置配方传入 --vllm.enable_sleep（默认 false，"
                  "train_ppo_ray.py@3c3be62）。"),
      });
}

// Split pools and the models beside the policy: the rollout pool, the reference and reward models, one-step-off.
void AddRlPoolKeys(std::vector<KeyInfo>& table) {
  using G = KeyGroup;
  table.insert(
      table.end(),
      {IntField("rl_rollout_gpus", G::Training, "GPUs", 1, 10000000, true, kUnset, TP_INT(rl_rollout_gpus),
                "Post-training with split pools: GPUs of the rollout pool (the rest train); auto = half the GPUs; "
                "colocated, every GPU generates.")
           .Label("Rollout GPUs", "生成用 GPU")
           .Zh("后训练分池时：生成池的 GPU 数（其余用于训练）；auto = 一半的 GPU；共置时所有 GPU 都参与生成。")
           .Source(
               "Half: verl's fully-async runs, 64 + 64 and 16 + 16 GPUs (docs/advance/fully_async.md@b178a3c).",
               "一半：verl 的 fully-async 实验，64 + 64 与 16 + 16 张 GPU（docs/advance/fully_async.md@b178a3c）。"),
       IntField("rl_rollout_tp", G::Training, "GPUs", 1, 1024, true, kUnset, TP_INT(rl_rollout_tp),
                "Post-training: tensor-parallel degree of each rollout engine; auto = the smallest power of two "
                "with memory x fraction x TP above twice the 16-bit weights (across nodes only where a node's share "
                "does not hold them).")
           .Label("Rollout tensor parallel", "生成张量并行")
           .Zh("后训练：每个生成引擎的张量并行度；auto = 满足 显存 × 比例 × TP 大于 16 位权重两倍 的最小 2 的幂"
               "（仅当一个节点的份额放不下时才跨节点）。")
           .Source("verl's rule (docs/perf/best_practices.rst@b178a3c): \"(memory_per_gpu * gpu_memory_utilization "
                   "* TP) > 2 * model_parameters\"; its default is 2 (tensor_model_parallel_size).",
                   "verl 的规则（docs/perf/best_practices.rst@b178a3c）：\"(memory_per_gpu * gpu_memory_utilization "
                   "* TP) > 2 * model_parameters\"；其默认值为 2（tensor_model_parallel_size）。"),
       ChoiceField("rl_ref", G::Training, kZeroOne, true, TP_INT(rl_ref),
                   "Post-training: 1 = a KL reference model (its log-probabilities every step; under LoRA the "
                   "adapter-free base, no second copy); auto = 1 (DPO always has one).")
           .Values(kOnOffLabels)
           .Label("Reference model", "参考模型")
           .Zh("后训练：1 = 有 KL 参考模型（每步计算其对数概率；LoRA 时即不带适配器的基座，不另存一份）；auto = 1"
               "（DPO 总有参考模型）。")
           .Source("1: OpenRLHF's --algo.kl.init_coef 0.01, NeMo RL's reference_policy_kl_penalty 0.01 and verl's "
                   "GRPO examples (use_kl_loss=True) (train_ppo_ray.py@3c3be62, grpo.py@7ea279a); TRL's beta 0.0 "
                   "has none.",
                   "1：OpenRLHF 的 --algo.kl.init_coef 0.01，NeMo RL 的 reference_policy_kl_penalty 0.01，verl 的 "
                   "GRPO 示例（use_kl_loss=True）（train_ppo_ray.py@3c3be62，grpo.py@7ea279a）；TRL 的 beta 0.0 "
                   "则没有参考模型。"),
       IdField("rl_reward", G::Training, false, TP_ID(rl_reward),
               "Post-training: how responses are scored: rule (a function, no GPU time) or a model preset id "
               "whose forward pass scores every response.")
           .Label("Reward", "奖励")
           .Zh("后训练：回答的打分方式：rule（规则函数，不占 GPU 时间）或一个模型预设 id，用其前向计算给每个回答打分。")
           .Source("rule: the verifiable rewards of GRPO's math and code recipes (verl's gsm8k/DAPO examples, TRL's "
                   "accuracy_reward).",
                   "rule：GRPO 数学与代码配方中的可验证奖励（verl 的 gsm8k/DAPO 示例，TRL 的 accuracy_reward）。"),
       ChoiceField("rl_async", G::Training, kRlAsyncModes, false, TP_INT(rl_async),
                   "Post-training: 0 = on-policy (each step generates, then trains); 1 = one-step-off (the next "
                   "step's generation, a whole batch to its longest response, overlaps this step's training); 2 = "
                   "streaming (the rollout pool generates continuously, the long tail running into the next step: "
                   "a step's generation is its throughput time). 1 and 2 need split pools to overlap.")
           .Values(kRlAsyncLabels)
           .Label("Asynchronous rollout", "异步生成")
           .Zh("后训练：0 = 同策略（每步先生成再训练）；1 = 异步一步（下一步的生成——整批直到最长的回答——与本步的训练"
               "重叠）；2 = 流式（生成池连续生成，长尾延续到下一步：每步的生成时间是其吞吐时间）。1 和 2 需要分池才能"
               "重叠。")
           .Source("0: verl's and NeMo RL's synchronous trainers; 1: verl's one_step_off_policy (waits for the "
                   "previous batch, docs/advance/one_step_off.md@b178a3c); 2: NeMo RL's async GRPO (its "
                   "AsyncTrajectoryCollector collects continuously, at most a step's prompts in flight, "
                   "nemo_rl/algorithms/async_utils.py@9dbd9ad) and verl's fully_async_policy.",
                   "0：verl 与 NeMo RL 的同步训练器；1：verl 的 one_step_off_policy（等待上一批，"
                   "docs/advance/one_step_off.md@b178a3c）；2：NeMo RL 的异步 GRPO（其 AsyncTrajectoryCollector "
                   "连续收集，最多一步的提示在途，nemo_rl/algorithms/async_utils.py@9dbd9ad）与 verl 的 "
                   "fully_async_policy。"),
       IntField("rl_max_age", G::Training, "steps", 1, 64, true, kUnset, TP_INT(rl_max_age),
                "Post-training, streaming (rl_async=2 on split pools): how many steps' prompts the rollout pool keeps "
                "in flight at most, so how many sequences each engine may decode at once (up to rl_max_seqs and its KV "
                "cache; under NeMo RL a prompt's samples hold their place until the longest ends); a trajectory may "
                "then be that many weight versions old when it trains. Auto = 1.")
           .Label("Steps in flight", "在途步数")
           .Zh("后训练，流式（分池且 rl_async=2）：生成池最多同时保留几步的提示在途，从而决定每个引擎同时解码的序列数"
               "（不超过 rl_max_seqs 和其 KV 缓存；NeMo RL "
               "下一个提示的各样本要等最长者结束才让出位置）；训练用到的轨迹可能因此"
               "落后同样多个权重版本。Auto = 1。")
           .Source(
               "NeMo RL's grpo.async_grpo.max_trajectory_age_steps: its AsyncTrajectoryCollector limits in-flight "
               "generation to num_prompts_per_step x max_trajectory_age_steps prompts (a semaphore acquired per prompt "
               "and "
               "released once its whole group is rolled out, nemo_rl/algorithms/async_utils.py@5fb5889, v0.6.0, the "
               "same at v0.4.0 and v0.5.0); its one-step-off recipes set 1, "
               "grpo-qwen3-30ba3b-24n8g-async-8off.yaml 8. verl's fully_async_policy bounds its rollouter "
               "otherwise (16 prompts per server, fully_async_rollouter.py@b178a3c), which auto keeps.",
               "NeMo RL 的 grpo.async_grpo.max_trajectory_age_steps：其 AsyncTrajectoryCollector 把在途生成限制为 "
               "num_prompts_per_step x max_trajectory_age_steps 个提示（按提示获取、整组生成完才释放的信号量，"
               "nemo_rl/algorithms/async_utils.py@5fb5889，v0.6.0，v0.4.0 与 v0.5.0 相同）；其一步异步配方设 1，"
               "grpo-qwen3-30ba3b-24n8g-async-8off.yaml 设 8。verl 的 fully_async_policy 另有其限制（每个服务 16 个"
               "提示，fully_async_rollouter.py@b178a3c），auto 沿用之。")});
}

}  // namespace

void AddRlKeys(std::vector<KeyInfo>& table) {
  AddRlShapeKeys(table);
  AddRlEngineKeys(table);
  AddRlEnginePrecisionKey(table);
  AddRlBudgetKeys(table);
  AddRlPlacementKeys(table);
  AddRlPoolKeys(table);
}

}  // namespace tp::key_rows
