// keys_training.cpp — the key table's training and hardware rows: goal, framework, method, precision,
// optimizer, sequence and batch, the budget or dataset; the GPU, its count, links, and a GPU not in the catalog.
// Rows are in link order (= --help order = the page's order); builders in key_rows.h.
#include "key_rows.h"

namespace tp::key_rows {

void AddTrainingKeys(std::vector<KeyInfo>& table) {
  using G = KeyGroup;
  table.insert(
      table.end(),
      {// ---- Training
       ChoiceField("goal", G::Training, kGoalNames, true, TP_INT(goal),
                   "What the run is for: pretrain (a token budget, large batches), finetune (a dataset of "
                   "examples, small batches, shorter sequences), or post-training: grpo (dapo, rloo: its variants), "
                   "ppo (with a critic) or dpo (preference pairs, no generation), planned by the rl_ keys; auto = "
                   "finetune with LoRA or QLoRA.")
           .Values(kGoalLabels)
           .Label("Goal", "目标")
           .Zh("训练目的：pretrain 预训练（按 token 预算，大批次），finetune 微调（按样本数据集，小批次、较短序列），"
               "或后训练：grpo（dapo、rloo 为其变体）、ppo（带价值模型）或 dpo（偏好对，无需生成），由 rl_ 系列参数"
               "规划；auto = LoRA 或 QLoRA 时为 finetune。"),
       IdField("stack", G::Training, true, TP_ID(stack),
               "Training framework whose conventions the plan follows: megatron, deepspeed, fsdp (FSDP2, torchtitan, "
               "llm-foundry), hf (Transformers Trainer + PEFT), torchtune or unsloth; auto = megatron to pre-train, hf "
               "for a fine-tune (full, LoRA or QLoRA), fsdp for post-training (grpo, ppo, dpo), megatron for a "
               "mixture of experts' under verl or NeMo RL.")
           .Label("Framework", "训练框架")
           .Zh("方案所遵循的训练框架约定：megatron、deepspeed、fsdp（FSDP2、torchtitan、llm-"
               "foundry）、hf（Transformers "
               "Trainer + PEFT）、torchtune 或 unsloth；auto = 预训练为 megatron，微调（全参数、LoRA 或 QLoRA）为 hf，"
               "后训练（grpo、ppo、dpo）为 fsdp，混合专家模型在 verl 或 NeMo RL 下后训练为 megatron。")
           .Source(
               "Megatron-Core: the stack of most published large runs (NVIDIA's performance tables, Llama-scale "
               "pre-training); for fine-tuning, the Transformers Trainer, what Axolotl, LLaMA-Factory and TRL run on: "
               "with PEFT and bitsandbytes for LoRA / QLoRA, where QLoRA's 4-bit base lives (Dettmers et al. 2023), "
               "and with DeepSpeed ZeRO-3 for a full fine-tune (hiyouga/LLaMA-Factory "
               "examples/train_full/llama3_full_sft.yaml@e5584dc: deepspeed: examples/deepspeed/ds_z3_config.json); "
               "for post-training, FSDP (verl's actor strategy default), a mixture of experts on Megatron-Core (verl "
               "docs/perf/dpsk.md@b178a3c: 'verl integrates Megatron to support large MoE models such as "
               "Qwen3-235B-A22B and DeepSeek-V3'); each stack's conventions and sources: "
               "`trainplan catalog stacks`.",
               "Megatron-Core：大多数已发表的大规模训练所用的框架（NVIDIA 性能表、Llama 规模的预训练）；微调时为 "
               "Transformers Trainer（Axolotl、LLaMA-Factory 和 TRL 都基于它）：LoRA / QLoRA 配 PEFT + bitsandbytes，"
               "QLoRA 的 4 位基座即出自这里（Dettmers 等 2023），全参数微调配 DeepSpeed ZeRO-3（hiyouga/LLaMA-Factory "
               "examples/train_full/llama3_full_sft.yaml@e5584dc）；后训练为 FSDP（verl 的 actor "
               "默认策略），混合专家模型为 Megatron-Core（verl "
               "docs/perf/dpsk.md@b178a3c）；"
               "各框架的约定及来源见 `trainplan catalog stacks`。"),
       IntField("stack_year", G::Training, "", 2020, 2030, true, kAuto, TP_INT(stack_year),
                "Release year of the framework: its software efficiency then (kernels, overlap); auto = the profile's "
                "current release.")
           .Label("Framework year", "框架年份")
           .Zh("训练框架的发布年份：决定当时的软件效率（算子、通信重叠）；auto = 该框架档案的当前版本。"),
       ChoiceField("method", G::Training, kMethodNames, false, TP_INT(method),
                   "full fine-tuning/pre-training, LoRA adapters, QLoRA (4-bit frozen base), DoRA (LoRA with a "
                   "trained magnitude per output row: PEFT's use_dora) or QDoRA (DoRA on a 4-bit base).")
           .Values(kMethodLabels)
           .Label("Method", "训练方式")
           .Zh("full 全参数微调/预训练，LoRA 适配器，QLoRA（冻结的 4 位量化基座），DoRA（每个输出行再训练一个幅值的 "
               "LoRA：PEFT 的 use_dora），或 QDoRA（4 位基座上的 DoRA）。"),
       RealField("dropout", G::Training, "fraction", 0, 0.9, true, TP_REAL(dropout),
                 "Dropout probability; its masks are kept for the backward. auto = 0.1 for GELU models (the GPT/BERT "
                 "recipes), 0 for the Llama family.",
                 -1)
           .Label("Dropout", "Dropout")
           .Zh("Dropout 概率；反向传播需保留其掩码。auto = GELU 模型（GPT/BERT 的配方）取 0.1，Llama 系列取 0。")
           .Source("GPT-2/3 and BERT train with dropout 0.1 (Radford et al. 2019, Brown et al. 2020, Devlin et al. "
                   "2019; Megatron's --hidden-dropout 0.1); Llama-family recipes with none (Touvron et al. 2023).",
                   "GPT-2/3 与 BERT 训练时 dropout 为 0.1（Radford 等 2019、Brown 等 2020、Devlin 等 2019；Megatron 的 "
                   "--hidden-dropout 0.1）；Llama 系列的配方不用 dropout（Touvron 等 2023）。")
           .Format("%.2f"),
       IntField("lora_r", G::Training, "", 1, 65536, false, 0, TP_INT(lora_r),
                "Rank r of the LoRA adapter matrices (r x (d_in + d_out) parameters each).")
           .Label("LoRA rank", "LoRA 秩")
           .Zh("LoRA 适配器矩阵的秩 r（每个适配器 r × (d_in + d_out) 个参数）。"),
       ChoiceField(
           "lora_targets", G::Training, kLoraTargets, false,
           [](const Config& c) {
             for (int i = 0; i < int(std::size(kLoraTargets)); ++i)
               if (c.lora_targets == kLoraTargets[i]) return i;
             return 2;
           },
           [](Config& c, int v) { c.lora_targets = kLoraTargets[v]; },
           "Layers that get LoRA adapters: qv (query and value), attn (all attention), all (attention + MLP, every "
           "expert's in a mixture of experts), dense (attention + the MLPs every token runs: a dense layer's and the "
           "shared experts', not the routed experts; the same as all for a dense model).")
           .Values(kLoraTargetLabels)
           .Label("LoRA targets", "LoRA 目标层")
           .Zh("加 LoRA 适配器的层：qv（query 和 value），attn（全部注意力），all（注意力 + MLP，混合专家模型中含每个"
               "专家），dense（注意力 + 每个 token 都经过的 MLP：稠密层与共享专家的，不含路由专家；稠密模型同 all）。"),
       RealField("lora_dropout", G::Training, "fraction", 0, 0.9, false, TP_REAL(lora_dropout),
                 "Dropout on each LoRA adapter's input (PEFT's lora_dropout): one more kernel and a saved copy of the "
                 "input per adapted matrix; Unsloth runs its LoRA layers through PEFT when it is not 0.")
           .Label("LoRA dropout", "LoRA dropout")
           .Zh("每个 LoRA 适配器输入上的 dropout（PEFT 的 lora_dropout）：每个被适配的矩阵多一个算子并多保存一份输入；"
               "不为 0 时 Unsloth 的 LoRA 层改走 PEFT。")
           .Source(
               "0: PEFT's LoraConfig default (nn.Identity, no kernel), torchtune's recipes and Unsloth's fast path; "
               "Qwen's and Axolotl's example configs use 0.05.",
               "0：PEFT 的 LoraConfig 默认值（nn.Identity，无算子），torchtune 的配方与 Unsloth 的快速路径亦然；"
               "Qwen 与 Axolotl 的示例配置用 0.05。")
           .Format("%.2f"),
       ChoiceField("prec", G::Training, kPrecisionNames, false, TP_INT(prec),
                   "Compute precision of matmuls (mixed precision keeps fp32 master weights).")
           .Values(kPrecisionLabels)
           .Label("Precision", "精度")
           .Zh("矩阵乘的计算精度（混合精度训练另存 fp32 主权重）。"),
       ChoiceField("fp8_recipe", G::Training, kFp8RecipeNames, true, TP_INT(fp8_recipe),
                   "How FP8 training scales its tensors: tensor (one scale per tensor), block (DeepSeek-V3's 1x128 "
                   "activation tiles and 128x128 weight blocks) or mxfp8 (Blackwell's 32-element blocks); auto = "
                   "mxfp8 on Blackwell, tensor elsewhere.")
           .Values(kFp8RecipeLabels)
           .Label("FP8 recipe", "FP8 缩放方式")
           .Zh("FP8 训练如何缩放张量：tensor（每个张量一个缩放因子）、block（DeepSeek-V3 的 1×128 激活块与 128×128 "
               "权重块）或 mxfp8（Blackwell 的 32 元素块）；auto = Blackwell 上用 mxfp8，其他 GPU 用 tensor。")
           .Source("mxfp8 on Blackwell ('MXFP8 ... Native hardware support on GB200'), per-tensor elsewhere "
                   "(Transformer Engine's default recipe): Megatron-Core's FP8 recipe table "
                   "(megatron/core/transformer/moe/README.md).",
                   "Blackwell 上用 mxfp8（“MXFP8……GB200 原生硬件支持”），其他 GPU 按张量缩放（Transformer Engine "
                   "的默认方式）：Megatron-Core 的 FP8 方案表（megatron/core/transformer/moe/README.md）。"),
       ChoiceField("moe_a2a_overlap", G::Training, kZeroOne, true, TP_INT(moe_a2a_overlap),
                   "Megatron-Core's batch-level expert all-to-all overlap (--overlap-moe-expert-parallel-comm: the "
                   "forward of one micro-batch beside the backward of the next); auto = off.")
           .Values(kOnOffLabels)
           .Label("EP all-to-all overlap", "EP all-to-all 重叠")
           .Zh("Megatron-Core 的批次级专家 all-to-all 重叠（--overlap-moe-expert-parallel-comm：一个微批次的前向与"
               "下一个的反向并行）；auto = 关闭。")
           .Source("Off: Megatron-Core's default (overlap_moe_expert_parallel_comm = False); NVIDIA's recipes "
                   "turn it on per model (moe_a2a_overlap in Megatron-Bridge's performance configs).",
                   "关闭：Megatron-Core 的默认（overlap_moe_expert_parallel_comm = False）；NVIDIA 的配方按模型开启"
                   "（Megatron-Bridge 性能配置中的 moe_a2a_overlap）。"),
       ChoiceField("moe_pad", G::Training, kZeroOne, true, TP_INT(moe_pad),
                   "With a capacity factor, pad every expert's input to its capacity "
                   "(--moe-pad-expert-input-to-capacity): each expert then computes exactly capacity x its mean "
                   "share, whatever the routing, and the shapes are static; auto = off.")
           .Values(kOnOffLabels)
           .Label("Pad experts to capacity", "专家输入补齐到容量")
           .Zh("设置容量因子时，把每个专家的输入补齐到其容量（--moe-pad-expert-input-to-capacity）：无论路由如何，"
               "每个专家都恰好计算 容量 × 平均份额 个 token，张量形状固定；auto = 关闭。")
           .Source("Off: Megatron-Core's default; Megatron-Bridge's token-drop recipes set capacity 1.0 with "
                   "padding (src/megatron/bridge/training/utils/moe_token_drop.py).",
                   "关闭：Megatron-Core 的默认；Megatron-Bridge 的丢 token 配方设容量 1.0 并补齐"
                   "（src/megatron/bridge/training/utils/moe_token_drop.py）。"),
       ChoiceField("full_graphs", G::Training, kZeroOne, true, TP_INT(full_graphs),
                   "Replay the whole training iteration from CUDA graphs, MoE layers included (Megatron-Core's "
                   "--cuda-graph-impl full_iteration: expert shapes read on the device, paged stashing): the host "
                   "launches nothing per layer and the GPU never waits for it; auto = on with capacity padding "
                   "(static shapes), else off.")
           .Values(kOnOffLabels)
           .Label("Full-iteration CUDA graphs", "整轮 CUDA Graph")
           .Zh("整轮训练迭代（含 MoE 层）从 CUDA Graph 重放（Megatron-Core 的 --cuda-graph-impl full_iteration："
               "专家形状在设备端读取，分页暂存）：主机无需逐层发射内核，GPU 不再等待主机；auto = 设容量补齐"
               "（形状固定）时开启，否则关闭。")
           .Source(
               "Off: Megatron-Core's default ('--cuda-graph-impl=full_iteration: Captures the whole "
               "training/evaluation forward-backward iteration as a single cuda graph', "
               "megatron/core/transformer/moe/README.md, 'CUDA Graph'); dropless MoE needs device-initiated "
               "grouped GEMMs and paged stashing for it (Megatron-Bridge docs/training/moe-optimization.md, "
               "'CUDA Graphs for MoE'), which NVIDIA's 26.06 GB200 recipes turn on (Megatron-Bridge v0.5.0 "
               "scripts/performance/configs: cuda_graph_impl='full_iteration'); capacity padding makes the "
               "shapes static and capturable.",
               "关闭：Megatron-Core 的默认（“--cuda-graph-impl=full_iteration：把整轮训练/评估的前向-反向迭代捕获为"
               "一个 CUDA Graph”，megatron/core/transformer/moe/README.md 的“CUDA Graph”一节）；无丢弃 MoE 需设备端"
               "发起的分组 GEMM 与分页暂存才能如此（Megatron-Bridge docs/training/moe-optimization.md，“CUDA Graphs "
               "for MoE”），NVIDIA 26.06 的 GB200 配方开启了它（Megatron-Bridge v0.5.0 scripts/performance/configs："
               "cuda_graph_impl='full_iteration'）；容量补齐使形状固定，可被捕获。"),
       ChoiceField("fp8_head", G::Training, kZeroOne, true, TP_INT(fp8_head),
                   "In FP8 training, run the output layer (the vocabulary projection) in FP8 too; auto = off: it "
                   "runs in 16-bit.")
           .Values(kOnOffLabels)
           .Label("FP8 output layer", "FP8 输出层")
           .Zh("FP8 训练时输出层（词表投影）也用 FP8；auto = 关闭：输出层以 16 位运行。")
           .Source(
               "Off: Megatron-Core builds the output layer as a plain ColumnParallelLinear outside Transformer "
               "Engine, so FP8 autocast leaves it in 16-bit (megatron/core/models/gpt/gpt_model.py; "
               "TELMHeadColumnParallelLinear only with fp8_output_proj under MXFP8, "
               "megatron/core/fp8_utils.py is_mxfp8_output_proj_active, 2026); torchtitan's MXFP8 recipe "
               "converts 'all linear layers except: output, router.gate, attention.wk, attention.wv' "
               "(torchtitan/components/quantization/mxfp8.md).",
               "关闭：Megatron-Core 把输出层建成 Transformer Engine 之外的普通 ColumnParallelLinear，FP8 autocast "
               "不作用于它，仍为 16 位（megatron/core/models/gpt/gpt_model.py；只有在 MXFP8 下设 fp8_output_proj "
               "时才用 TELMHeadColumnParallelLinear，megatron/core/fp8_utils.py is_mxfp8_output_proj_active，2026）；"
               "torchtitan 的 MXFP8 配方转换“除 output、router.gate、attention.wk、attention.wv 外的所有线性层”"
               "（torchtitan/components/quantization/mxfp8.md）。"),
       ChoiceField("opt", G::Training, kOptimizerNames, false, TP_INT(opt),
                   "Optimizer: AdamW (two moments), 8-bit AdamW, SGD with momentum, or bitsandbytes' paged AdamW / "
                   "8-bit AdamW (states in managed memory the driver pages to the host).")
           .Values(kOptimizerLabels)
           .Label("Optimizer", "优化器")
           .Zh("优化器：AdamW（两个动量），8 位 AdamW，带动量的 SGD，或 bitsandbytes 的分页 AdamW / 8 位 "
               "AdamW（状态放在驱动可换页到"
               "主机的托管内存中）。"),
       IntField("seq", G::Training, "tokens", 1, 100000000, true, kUnset, TP_INT(seq),
                "Sequence length in tokens; auto = 4096 to pre-train, 2048 to fine-tune, at most the context of a "
                "model with learned positions (GPT-2 1024, BERT 512, GPT-3 2048), which refuses a longer one.")
           .Label("Sequence length", "序列长度")
           .Zh("序列长度（token 数）；auto = 预训练 4096，微调 2048，但不超过使用可学习位置编码的模型的上下文（GPT-2 "
               "1024、BERT 512、GPT-3 2048），这类模型不接受更长的序列。")
           .Source("4,096: Llama 2's pre-training context (Touvron et al. 2023); 2,048: torchtune's published "
                   "fine-tuning runs, packed to 2,048 tokens (its README's memory and speed table).",
                   "4,096：Llama 2 预训练的上下文长度（Touvron 等 2023）；2,048：torchtune 已发表的微调测量，打包到 "
                   "2,048 个 "
                   "token（其 README 的显存与速度表）。")
           .TokenCount(),
       IntField("gbs", G::Training, "sequences", 1, 1000000000, true, kAuto, TP_INT(gbs),
                "Global batch: sequences per optimizer step across all data-parallel replicas; auto = the stack's "
                "published recipe batch in tokens for the goal and model size, in sequences of the plan's length "
                "(the largest multiple of micro-batch x data-parallel degree within it; a note names the recipe).")
           .Label("Global batch", "全局批次")
           .Zh("全局批次：所有数据并行副本合计、每次优化器更新的序列数；auto = 该框架已发布配方按目标和模型规模给出的"
               "每步 token 数，按方案的序列长度换算成序列（不超过它的、微批次 × "
               "数据并行度的最大倍数；提示中注明配方）。")
           .Source(
               "core/stack/batches.cpp: pre-training 1M tokens under 2B parameters (llm-foundry MPT-1B), 2M to 20B "
               "(NeMo Llama 2 7B, MPT-7B, torchtitan 8B), 4M to 300B (Llama 2, NeMo Llama 3 70B), 16M beyond (Llama 3 "
               "405B, Dubey et al. 2024); fine-tuning 32,768 tokens (Megatron-Bridge, torchtune), 16,384 per GPU "
               "(LLaMA-Factory, Unsloth), 131,072 (llm-foundry).",
               "core/stack/batches.cpp：预训练在 2B 参数以下为 1M token（llm-foundry MPT-1B），20B 以下 2M（NeMo Llama "
               "2 "
               "7B、MPT-7B、torchtitan 8B），300B 以下 4M（Llama 2、NeMo Llama 3 70B），更大为 16M（Llama 3 "
               "405B，Dubey "
               "等 2024）；微调 32,768 token（Megatron-Bridge、torchtune）、每张 GPU 16,384（LLaMA-Factory、Unsloth）、"
               "131,072（llm-foundry）。"),
       IntField("mbs", G::Training, "sequences", 1, 1000000, true, kAuto, TP_INT(mbs),
                "Micro-batch per GPU: sequences in one forward/backward pass.")
           .Label("Micro-batch", "微批次")
           .Zh("每张 GPU 的微批次：一次前向/反向计算的序列数。"),
       RealField("tokens", G::Training, "tokens", 1, 1e18, true, TP_REAL(tokens),
                 "Training budget in tokens (e.g. 2e12); auto = 20 per parameter (Chinchilla) to pre-train, the "
                 "dataset (examples x example_tokens x epochs) to fine-tune.")
           .Label("Token budget", "训练 token 数")
           .Zh("训练 token 总数（例如 2e12）；auto = 预训练每个参数 20 个（Chinchilla），微调为数据集（examples × "
               "example_tokens × epochs）。")
           .Source("20 tokens per parameter: the compute-optimal ratio of Hoffmann et al. 2022 (Chinchilla).",
                   "每个参数 20 个 token：Hoffmann 等 2022（Chinchilla）的计算最优比例。")
           .Format("%.3g"),
       RealField("examples", G::Training, "examples", 1, 1e12, true, TP_REAL(examples),
                 "Fine-tuning dataset: number of examples.")
           .Label("Examples", "样本数")
           .Zh("微调数据集：样本条数。")
           .Source("20,000: the PEFT method comparison's training set (huggingface/peft method_comparison/MetaMathQA).",
                   "20,000：PEFT 方法对比实验的训练集（huggingface/peft method_comparison/MetaMathQA）。")
           .Format("%.0f"),
       RealField("example_tokens", G::Training, "tokens", 1, 1e8, true, TP_REAL(example_tokens),
                 "Fine-tuning dataset: mean tokens per example (prompt and answer).")
           .Label("Tokens per example", "每条样本 token 数")
           .Zh("微调数据集：每条样本的平均 token 数（提示与回答）。")
           .Source("210: the PEFT MetaMathQA run's 4,198,051 training tokens over its 20,000 samples (results/"
                   "lora--llama-3.2-3B-rank32.json).",
                   "210：PEFT MetaMathQA 实验的 4,198,051 个训练 token 除以其 20,000 条样本（results/"
                   "lora--llama-3.2-3B-rank32.json）。")
           .Format("%.0f")
           .TokenCount(),
       RealField("epochs", G::Training, "", 0.01, 1e4, true, TP_REAL(epochs), "Fine-tuning: passes over the dataset.")
           .Label("Epochs", "轮数")
           .Zh("微调：遍历数据集的次数。")
           .Source("1 pass, as the PEFT comparison and torchtune's LoRA recipes run.",
                   "1 轮，与 PEFT 对比实验和 torchtune 的 LoRA 配方一致。")
           .Format("%.2f")});
  AddRlKeys(table);  // post-training's rows (keys_rl.cpp) close the training section
  table.insert(
      table.end(),
      {// ---- Hardware
       IdField("gpu", G::Hardware, false, TP_ID(gpu),
               "GPU id (see `trainplan catalog gpus`), or its name as written: \"A100 80GB\", \"RTX 4090\" (said in a "
               "notice).")
           .Label("GPU", "GPU")
           .Zh("GPU id（见 `trainplan catalog gpus`），或其常见写法：\"A100 80GB\"、\"RTX 4090\"（以提示说明）。"),
       IntField("gpus", G::Hardware, "GPUs", 1, 10000000, false, 0, TP_INT(gpus), "Total GPUs.")
           .Label("GPUs", "张 GPU")
           .Zh("GPU 总数。"),
       IntField("gpus_per_node", G::Hardware, "GPUs", 1, 1024, true, kUnset, TP_INT(gpus_per_node),
                "GPUs per server; auto = the GPU's usual server.")
           .Label("GPUs per node", "每节点 GPU 数")
           .Zh("每台服务器的 GPU 数；auto = 该 GPU 常见的服务器配置。"),
       IdField("intra", G::Hardware, true, TP_ID(intra),
               "Link between GPUs inside a node (see `trainplan catalog links`); auto = the GPU's usual one.")
           .Label("Link in a node", "节点内互连")
           .Zh("节点内 GPU 之间的互连（见 `trainplan catalog links`）；auto = 该 GPU 常用的互连。"),
       IdField("inter", G::Hardware, true, TP_ID(inter),
               "Network between nodes (see `trainplan catalog links`); auto = the GPU's usual one.")
           .Label("Network", "节点间网络")
           .Zh("节点间网络（见 `trainplan catalog links`）；auto = 该 GPU 常用的网络。"),
       // A GPU that is not in the catalog (gpu=custom): its numbers; ResolveHardware says which are missing.
       RealField("gpu_mem_gib", G::Hardware, "GiB", 0.01, 1e6, true, TP_REAL(gpu_mem_gib),
                 "gpu=custom: memory per GPU that the driver exposes, GiB (nvidia-smi's MiB / 1024); required.")
           .Label("Custom GPU memory", "自定义 GPU 显存")
           .Zh("gpu=custom：驱动可见的每张 GPU 显存，单位 GiB（nvidia-smi 显示的 MiB / 1024）；必填。")
           .Format("%.1f"),
       RealField("gpu_bw_gbs", G::Hardware, "GB/s", 1, 1e6, true, TP_REAL(gpu_bw_gbs),
                 "gpu=custom: memory bandwidth, GB/s; required.")
           .Label("Custom GPU bandwidth", "自定义 GPU 显存带宽")
           .Zh("gpu=custom：显存带宽，单位 GB/s；必填。")
           .Format("%.0f"),
       RealField("gpu_tflops", G::Hardware, "TFLOP/s", 0.01, 1e6, true, TP_REAL(gpu_tflops),
                 "gpu=custom: dense BF16/FP16 tensor peak, TFLOP/s (not the 2:4-sparse figure); required.")
           .Label("Custom GPU BF16 peak", "自定义 GPU BF16 峰值")
           .Zh("gpu=custom：稠密 BF16/FP16 Tensor Core 峰值算力，单位 TFLOP/s（不是 2:4 稀疏的数字）；必填。")
           .Format("%.1f"),
       RealField("gpu_tdp_w", G::Hardware, "W", 1, 1e5, true, TP_REAL(gpu_tdp_w),
                 "gpu=custom: board power (TDP), watts; required.")
           .Label("Custom GPU power", "自定义 GPU 功耗")
           .Zh("gpu=custom：板卡功耗（TDP），单位瓦；必填。")
           .Format("%.0f"),
       RealField("gpu_fp8_tflops", G::Hardware, "TFLOP/s", 0.01, 1e6, true, TP_REAL(gpu_fp8_tflops),
                 "gpu=custom: dense FP8 tensor peak, TFLOP/s; auto = no FP8 (fp8 runs at BF16).")
           .Label("Custom GPU FP8 peak", "自定义 GPU FP8 峰值")
           .Zh("gpu=custom：稠密 FP8 Tensor Core 峰值，单位 TFLOP/s；auto = 不支持 FP8（fp8 按 BF16 运行）。")
           .Format("%.1f"),
       RealField("gpu_fp32_tflops", G::Hardware, "TFLOP/s", 0.01, 1e6, true, TP_REAL(gpu_fp32_tflops),
                 "gpu=custom: FP32 matmul peak (TF32 tensor cores where the GPU has them), TFLOP/s; auto = half "
                 "the BF16 peak.")
           .Label("Custom GPU FP32 peak", "自定义 GPU FP32 峰值")
           .Zh("gpu=custom：FP32 矩阵乘峰值（有 TF32 Tensor Core 时为 TF32），单位 TFLOP/s；auto = BF16 峰值的一半。")
           .Format("%.1f"),
       RealField("gpu_mamf_tflops", G::Hardware, "TFLOP/s", 0.01, 1e6, true, TP_REAL(gpu_mamf_tflops),
                 "gpu=custom: measured maximum achievable BF16 matmul rate (mamf-finder), TFLOP/s; auto = the "
                 "catalog's median share of the peak.")
           .Label("Custom GPU measured matmul", "自定义 GPU 实测矩阵乘")
           .Zh("gpu=custom：实测的最大可达 BF16 矩阵乘速度（mamf-finder），单位 TFLOP/s；auto = 目录中各 GPU "
               "实测值占峰值比例的中位数。")
           .Format("%.1f"),
       ChoiceField("gpu_p2p", G::Hardware, kZeroOne, true, TP_INT(gpu_p2p),
                   "gpu=custom: 1 when GPUs reach each other peer-to-peer over PCIe (0 for GeForce cards: "
                   "collectives are staged through host memory); auto = 1.")
           .Values(kOnOffLabels)
           .Label("Custom GPU peer-to-peer", "自定义 GPU P2P")
           .Zh("gpu=custom：GPU 之间能经 PCIe 点对点（P2P）通信时为 1（GeForce 卡为 "
               "0：集合通信要经主机内存中转）；auto = 1。")});
}

}  // namespace tp::key_rows
