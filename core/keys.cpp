// keys.cpp — the key table (config.h): one row per key with everything about it — kind, range and auto
// for the parser and printer (config.cpp), unit, the page's label, help, the source of its default, each in
// English and Chinese, and for an assumption the Job field it sets. Order = link order = --help order = the
// page's order. Ranges are what a planner can honestly compute (a quadrillion parameters, ten million
// GPUs, hundred-million-token sequences), not what is sensible; the engine warns about the merely unwise.
#include <cmath>
#include <string>

#include "config.h"
#include "default_sources.h"
#include "job.h"
#include "json.h"
#include "scenario.h"

namespace tp {
namespace {

#define TP_INT(member) \
  [](const Config& c) { return int(c.member); }, [](Config& c, int v) { c.member = decltype(c.member)(v); }
#define TP_REAL(member) [](const Config& c) { return c.member; }, [](Config& c, double v) { c.member = v; }
#define TP_ID(member) \
  [](const Config& c) -> const std::string& { return c.member; }, [](Config& c, std::string v) { c.member = std::move(v); }

KeyInfo Row(const char* name, KeyGroup g, KeyKind kind, const char* unit, const char* help) {
  KeyInfo k;
  k.name = name, k.group = g, k.kind = kind, k.unit = unit, k.help = help;
  return k;
}
KeyInfo IntField(const char* name, KeyGroup g, const char* unit, double lo, double hi, bool has_auto, int auto_value,
                 int (*get)(const Config&), void (*set)(Config&, int), const char* help) {
  KeyInfo f = Row(name, g, KeyKind::Int, unit, help);
  f.lo = lo, f.hi = hi, f.has_auto = has_auto, f.auto_value = auto_value, f.get_int = get, f.set_int = set;
  return f;
}
// Real keys store 0 for auto unless 0 is a value of theirs (dropout: -1).
KeyInfo RealField(const char* name, KeyGroup g, const char* unit, double lo, double hi, bool has_auto,
                  double (*get)(const Config&), void (*set)(Config&, double), const char* help, double auto_value = 0) {
  KeyInfo f = Row(name, g, KeyKind::Real, unit, help);
  f.lo = lo, f.hi = hi, f.has_auto = has_auto, f.auto_value = auto_value, f.get_real = get, f.set_real = set;
  return f;
}
template <size_t N>
KeyInfo ChoiceField(const char* name, KeyGroup g, const char* const (&names)[N], bool has_auto,
                    int (*get)(const Config&), void (*set)(Config&, int), const char* help) {
  KeyInfo f = Row(name, g, KeyKind::Choice, "", help);
  f.names = names, f.n_names = int(N), f.has_auto = has_auto, f.auto_value = -1, f.get_int = get, f.set_int = set;
  return f;
}
KeyInfo IdField(const char* name, KeyGroup g, bool has_auto, const std::string& (*get)(const Config&),
                void (*set)(Config&, std::string), const char* help) {
  KeyInfo f = Row(name, g, KeyKind::Id, "", help);
  f.has_auto = has_auto, f.get_id = get, f.set_id = set;
  return f;
}
KeyInfo TextField(const char* name, KeyGroup g, const std::string& (*get)(const Config&),
                  void (*set)(Config&, std::string), bool (*check)(std::string_view), const char* accepts,
                  const char* help) {
  KeyInfo f = Row(name, g, KeyKind::Text, "", help);
  f.get_id = get, f.set_id = set, f.check = check, f.accepts = accepts;
  return f;
}

inline constexpr const char* kZeroOne[] = {"0", "1"};
inline constexpr const char* kZeroStages[] = {"0", "1", "2", "3"};
inline constexpr const char* kLoraTargets[] = {"qv", "attn", "all"};
inline constexpr const char* kLangs[] = {"en", "zh"};

std::vector<KeyInfo> Table() {
  using G = KeyGroup;
  return {
      // ---- Link
      IntField("v", G::Link, "", 1, 1, false, 0, TP_INT(v),
               "Share-link format version; this planner writes and reads version 1.")
          .Label("Link version", "链接版本")
          .Zh("分享链接的格式版本；本工具读写版本 1。"),
      // ---- Model
      IdField("model", G::Model, false, TP_ID(model),
              "Model preset id (see `trainplan catalog models`), or custom for dimensions only; explicit "
              "dimensions override the preset field by field.")
          .Label("Preset", "预设")
          .Zh("模型预设 id（见 `trainplan catalog models`），或 custom 表示只用自定义维度；显式给出的维度逐项覆盖预设。"),
      RealField("params", G::Model, "parameters", 1e3, 1e16, true, TP_REAL(params),
                "Total parameters of a size-only model (no architecture: model-state memory only).")
          .Label("Parameters (size only)", "参数量（仅规模）")
          .Zh("只给参数量的模型的总参数数（没有模型结构：只能估算模型状态的显存）。"),
      // ---- ModelShape
      IntField("layers", G::ModelShape, "", 1, 100000, true, kUnset, TP_INT(layers), "Transformer layers.")
          .Label("Layers", "层数")
          .Zh("Transformer 层数。"),
      IntField("hidden", G::ModelShape, "", 1, 10000000, true, kUnset, TP_INT(hidden), "Hidden size (model width).")
          .Label("Hidden size", "隐藏维度")
          .Zh("隐藏维度（模型宽度）。"),
      IntField("heads", G::ModelShape, "", 1, 100000, true, kUnset, TP_INT(heads), "Attention (query) heads.")
          .Label("Attention heads", "注意力头数")
          .Zh("注意力（query）头数。"),
      IntField("kv_heads", G::ModelShape, "", 1, 100000, true, kUnset, TP_INT(kv_heads),
               "Key/value heads (grouped-query attention; equal to heads for multi-head attention).")
          .Label("KV heads", "KV 头数")
          .Zh("Key/Value 头数（分组查询注意力 GQA；多头注意力时等于注意力头数）。"),
      IntField("ffn", G::ModelShape, "", 1, 100000000, true, kUnset, TP_INT(ffn), "MLP intermediate size.")
          .Label("MLP size", "MLP 维度")
          .Zh("MLP 中间层维度。"),
      IntField("vocab", G::ModelShape, "tokens", 1, 100000000, true, kUnset, TP_INT(vocab), "Vocabulary size.")
          .Label("Vocabulary", "词表大小")
          .Zh("词表大小。"),
      IntField("experts", G::ModelShape, "", 1, 1000000, true, kUnset, TP_INT(experts),
               "Routed experts per MoE layer (1 = dense model).")
          .Label("Experts (MoE)", "专家数（MoE）")
          .Zh("每个 MoE 层的路由专家数（1 = 稠密模型）。"),
      IntField("topk", G::ModelShape, "", 1, 1024, true, kUnset, TP_INT(topk), "Experts each token is routed to (MoE).")
          .Label("Top-k experts", "Top-k 专家数")
          .Zh("每个 token 路由到的专家数（MoE）。"),
      ChoiceField("act", G::ModelShape, kMlpNames, true, TP_INT(act),
                  "MLP kind: gelu (two matrices) or swiglu (gated, three matrices).")
          .Label("MLP kind", "MLP 类型")
          .Zh("MLP 类型：gelu（两个矩阵）或 swiglu（门控，三个矩阵）。"),
      ChoiceField("tied", G::ModelShape, kZeroOne, true, TP_INT(tied),
                  "1 when the output head shares the input embedding matrix.")
          .Label("Tied embedding", "共享词嵌入")
          .Zh("输出层与输入词嵌入共享矩阵时为 1。"),
      // ---- ModelDetails
      IntField("moe_ffn", G::ModelDetails, "", 1, 100000000, true, kUnset, TP_INT(moe_ffn),
               "Intermediate size of one expert's MLP (MoE).")
          .Label("Expert MLP size", "专家 MLP 维度")
          .Zh("单个专家 MLP 的中间层维度（MoE）。"),
      IntField("shared_experts", G::ModelDetails, "", 0, 1024, true, kAuto, TP_INT(shared_experts),
               "Shared experts every token passes through, besides the routed ones (DeepSeek, Qwen MoE).")
          .Label("Shared experts", "共享专家数")
          .Zh("除路由专家外，每个 token 都要经过的共享专家数（DeepSeek、Qwen MoE）。"),
      IntField("dense_layers", G::ModelDetails, "", 0, 100000, true, kAuto, TP_INT(dense_layers),
               "Leading layers with a dense MLP instead of experts (DeepSeek-V3: 3).")
          .Label("Dense layers", "稠密层数")
          .Zh("开头几层使用稠密 MLP 而非专家的层数（DeepSeek-V3：3）。"),
      IntField("head_dim", G::ModelDetails, "", 1, 100000, true, kUnset, TP_INT(head_dim),
               "Attention head size when it is not hidden / heads (Gemma, Mistral-Nemo, Qwen3).")
          .Label("Head size", "注意力头维度")
          .Zh("注意力头维度，当它不等于 隐藏维度 / 头数 时给出（Gemma、Mistral-Nemo、Qwen3）。"),
      IntField("kv_lora_rank", G::ModelDetails, "", 0, 1000000, true, kAuto, TP_INT(kv_lora_rank),
               "Multi-head latent attention (DeepSeek-V2/V3): rank of the shared key/value compression; 0 = "
               "ordinary attention.")
          .Label("KV latent rank", "KV 潜在压缩秩")
          .Zh("多头潜在注意力（DeepSeek-V2/V3）：键/值共享压缩的秩；0 = 普通注意力。"),
      IntField("q_lora_rank", G::ModelDetails, "", 0, 1000000, true, kAuto, TP_INT(q_lora_rank),
               "Latent attention: rank of the query compression; 0 = queries projected directly.")
          .Label("Q latent rank", "Q 潜在压缩秩")
          .Zh("潜在注意力：查询压缩的秩；0 = 查询直接投影。"),
      IntField("qk_rope_dim", G::ModelDetails, "", 1, 100000, true, kUnset, TP_INT(qk_rope_dim),
               "Latent attention: rotary part of each query/key head (DeepSeek-V3: 64).")
          .Label("RoPE head size", "RoPE 头维度")
          .Zh("潜在注意力：每个查询/键头中旋转位置编码部分的维度（DeepSeek-V3：64）。"),
      IntField("qk_nope_dim", G::ModelDetails, "", 1, 100000, true, kUnset, TP_INT(qk_nope_dim),
               "Latent attention: non-rotary part of each query/key head (DeepSeek-V3: 128).")
          .Label("NoPE head size", "NoPE 头维度")
          .Zh("潜在注意力：每个查询/键头中不带旋转位置编码部分的维度（DeepSeek-V3：128）。"),
      IntField("v_head_dim", G::ModelDetails, "", 1, 100000, true, kUnset, TP_INT(v_head_dim),
               "Latent attention: size of each value head (DeepSeek-V3: 128).")
          .Label("V head size", "V 头维度")
          .Zh("潜在注意力：每个值头的维度（DeepSeek-V3：128）。"),
      ChoiceField("qk_norm", G::ModelDetails, kQkNormNames, true, TP_INT(qk_norm),
                  "Norms on queries and keys: per_head (Qwen3, Gemma 3: one head-size weight each), all_heads "
                  "(OLMo 2: over the whole projection) or none.")
          .Label("Q/K norm", "Q/K 归一化")
          .Zh("对 query 和 key 做归一化：per_head（Qwen3、Gemma 3：各一个头维度的权重），all_heads（OLMo 2：对整个投影），或 none。"),
      IntField("norms_per_block", G::ModelDetails, "", 1, 8, true, kUnset, TP_INT(norms_per_block),
               "Norms per transformer block: 2 (before attention and the MLP) or 4 (Gemma 2/3: also after each).")
          .Label("Norms per block", "每块归一化层数")
          .Zh("每个 Transformer 块的归一化层数：2（注意力和 MLP 之前）或 4（Gemma 2/3：之后也各有一个）。"),
      // ---- Training
      ChoiceField("goal", G::Training, kGoalNames, true, TP_INT(goal),
                  "What the run is for: pretrain (a token budget, large batches) or finetune (a dataset of "
                  "examples, small batches, shorter sequences); auto = finetune with LoRA or QLoRA.")
          .Label("Goal", "目标")
          .Zh("训练目的：pretrain 预训练（按 token 预算，大批次）或 finetune 微调（按样本数据集，小批次、较短序列）；"
              "auto = LoRA 或 QLoRA 时为 finetune。"),
      IdField("stack", G::Training, true, TP_ID(stack),
              "Training framework whose conventions the plan follows: megatron, deepspeed, fsdp (FSDP2, torchtitan, "
              "llm-foundry), hf (Transformers Trainer + PEFT), torchtune or unsloth; auto = megatron.")
          .Label("Framework", "训练框架")
          .Zh("方案所遵循的训练框架约定：megatron、deepspeed、fsdp（FSDP2、torchtitan、llm-foundry）、hf（Transformers "
              "Trainer + PEFT）、torchtune 或 unsloth；auto = megatron。")
          .Source("Megatron-Core: the stack of most published large runs (NVIDIA's performance tables, Llama-scale "
                  "pre-training); each stack's conventions and sources: `trainplan catalog stacks`.",
                  "Megatron-Core：大多数已发表的大规模训练所用的框架（NVIDIA 性能表、Llama 规模的预训练）；各框架的约定及来源见 "
                  "`trainplan catalog stacks`。"),
      IntField("stack_year", G::Training, "", 2020, 2030, true, kAuto, TP_INT(stack_year),
               "Release year of the framework: its software efficiency then (kernels, overlap); auto = the profile's "
               "current release.")
          .Label("Framework year", "框架年份")
          .Zh("训练框架的发布年份：决定当时的软件效率（算子、通信重叠）；auto = 该框架档案的当前版本。"),
      ChoiceField("method", G::Training, kMethodNames, false, TP_INT(method),
                  "full fine-tuning/pre-training, LoRA adapters, or QLoRA (4-bit frozen base).")
          .Label("Method", "训练方式")
          .Zh("full 全参数微调/预训练，LoRA 适配器，或 QLoRA（冻结的 4 位量化基座）。"),
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
      IntField("lora_r", G::Training, "", 1, 65536, false, 0, TP_INT(lora_r), "Rank r of the LoRA adapter matrices (r x (d_in + d_out) parameters each).")
          .Label("LoRA rank", "LoRA 秩")
          .Zh("LoRA 适配器矩阵的秩 r（每个适配器 r × (d_in + d_out) 个参数）。"),
      ChoiceField("lora_targets", G::Training, kLoraTargets, false,
                  [](const Config& c) {
                    for (int i = 0; i < 3; ++i)
                      if (c.lora_targets == kLoraTargets[i]) return i;
                    return 2;
                  },
                  [](Config& c, int v) { c.lora_targets = kLoraTargets[v]; },
                  "Layers that get LoRA adapters: qv (query and value), attn (all attention), all (attention + MLP).")
          .Label("LoRA targets", "LoRA 目标层")
          .Zh("加 LoRA 适配器的层：qv（query 和 value），attn（全部注意力），all（注意力 + MLP）。"),
      ChoiceField("prec", G::Training, kPrecisionNames, false, TP_INT(prec),
                  "Compute precision of matmuls (mixed precision keeps fp32 master weights).")
          .Label("Precision", "精度")
          .Zh("矩阵乘的计算精度（混合精度训练另存 fp32 主权重）。"),
      ChoiceField("opt", G::Training, kOptimizerNames, false, TP_INT(opt),
                  "Optimizer: AdamW (two moments), 8-bit AdamW, SGD with momentum, or bitsandbytes' paged AdamW / "
                  "8-bit AdamW (states in managed memory the driver pages to the host).")
          .Label("Optimizer", "优化器")
          .Zh("优化器：AdamW（两个动量），8 位 AdamW，带动量的 SGD，或 bitsandbytes 的分页 AdamW / 8 位 AdamW（状态放在驱动可换页到"
              "主机的托管内存中）。"),
      IntField("seq", G::Training, "tokens", 1, 100000000, true, kUnset, TP_INT(seq),
               "Sequence length in tokens; auto = 4096 to pre-train, 2048 to fine-tune.")
          .Label("Sequence length", "序列长度")
          .Zh("序列长度（token 数）；auto = 预训练 4096，微调 2048。")
          .Source("4,096: Llama 2's pre-training context (Touvron et al. 2023); 2,048: torchtune's published "
                  "fine-tuning runs, packed to 2,048 tokens (its README's memory and speed table).",
                  "4,096：Llama 2 预训练的上下文长度（Touvron 等 2023）；2,048：torchtune 已发表的微调测量，打包到 2,048 个 "
                  "token（其 README 的显存与速度表）。"),
      IntField("gbs", G::Training, "sequences", 1, 1000000000, true, kAuto, TP_INT(gbs),
               "Global batch: sequences per optimizer step across all data-parallel replicas; auto = the "
               "multiple of micro-batch x data-parallel degree nearest to 1,024 (pre-training) or 16 (fine-tuning).")
          .Label("Global batch", "全局批次")
          .Zh("全局批次：所有数据并行副本合计、每次优化器更新的序列数；auto = 微批次 × 数据并行度的倍数中最接近 1,024"
              "（预训练）或 16（微调）的那个。")
          .Source("1,024 sequences: Llama 2's 4M-token batches at 4K (Touvron et al. 2023); 16 to fine-tune: torchtune's "
                  "Llama 3.1 8B LoRA recipe (micro-batch 2 x gradient accumulation 8).",
                  "1,024 条序列：Llama 2 在 4K 长度下的 4M token 批次（Touvron 等 2023）；微调为 16：torchtune 的 Llama 3.1 8B "
                  "LoRA 配方（微批次 2 × 梯度累积 8）。"),
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
          .Format("%.0f"),
      RealField("epochs", G::Training, "", 0.01, 1e4, true, TP_REAL(epochs), "Fine-tuning: passes over the dataset.")
          .Label("Epochs", "轮数")
          .Zh("微调：遍历数据集的次数。")
          .Source("1 pass, as the PEFT comparison and torchtune's LoRA recipes run.",
                  "1 轮，与 PEFT 对比实验和 torchtune 的 LoRA 配方一致。")
          .Format("%.2f"),
      // ---- Hardware
      IdField("gpu", G::Hardware, false, TP_ID(gpu), "GPU id (see `trainplan catalog gpus`).")
          .Label("GPU", "GPU")
          .Zh("GPU id（见 `trainplan catalog gpus`）。"),
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
          .Zh("gpu=custom：实测的最大可达 BF16 矩阵乘速度（mamf-finder），单位 TFLOP/s；auto = 目录中各 GPU 实测值占峰值比例的中位数。")
          .Format("%.1f"),
      ChoiceField("gpu_p2p", G::Hardware, kZeroOne, true, TP_INT(gpu_p2p),
                  "gpu=custom: 1 when GPUs reach each other peer-to-peer over PCIe (0 for GeForce cards: "
                  "collectives are staged through host memory); auto = 1.")
          .Label("Custom GPU peer-to-peer", "自定义 GPU P2P")
          .Zh("gpu=custom：GPU 之间能经 PCIe 点对点（P2P）通信时为 1（GeForce 卡为 0：集合通信要经主机内存中转）；auto = 1。"),
      // ---- Layout
      IntField("tp", G::Layout, "", 1, 1024, true, kAuto, TP_INT(tp), "Tensor-parallel degree.")
          .Label("Tensor parallel", "张量并行")
          .Zh("张量并行度。"),
      IntField("pp", G::Layout, "", 1, 1024, true, kAuto, TP_INT(pp), "Pipeline-parallel stages.")
          .Label("Pipeline stages", "流水线并行级数")
          .Zh("流水线并行的级数。"),
      IntField("cp", G::Layout, "", 1, 1000000, true, kAuto, TP_INT(cp),
               "Context-parallel degree: the sequence split across GPUs.")
          .Label("Context parallel", "上下文并行")
          .Zh("上下文并行度：把序列切分到多张 GPU 上。"),
      IntField("ep", G::Layout, "", 1, 1000000, true, kAuto, TP_INT(ep), "Expert-parallel degree (MoE).")
          .Label("Expert parallel", "专家并行")
          .Zh("专家并行度（MoE）。"),
      IntField("vp", G::Layout, "", 1, 1024, true, kAuto, TP_INT(vp),
               "Virtual pipeline stages per pipeline rank (interleaved schedule).")
          .Label("Virtual stages", "虚拟流水线级数")
          .Zh("每个流水线 rank 的虚拟流水线级数（交错调度）。"),
      IntField("dp", G::Layout, "", 1, 10000000, true, kAuto, TP_INT(dp),
               "Data-parallel degree; derived as gpus / (tp x pp x cp), and if given it must agree.")
          .Label("Data parallel", "数据并行")
          .Zh("数据并行度；由 gpus / (tp × pp × cp) 推出，如果给出则必须一致。"),
      ChoiceField("zero", G::Layout, kZeroStages, true, TP_INT(zero),
                  "ZeRO stage over the data-parallel group: 1 optimizer, 2 + gradients, 3 + weights (FSDP full shard).")
          .Label("ZeRO stage", "ZeRO 阶段")
          .Zh("在数据并行组内的 ZeRO 阶段：1 切分优化器状态，2 再加梯度，3 再加权重（FSDP full shard）。"),
      ChoiceField("recompute", G::Layout, kRecomputeNames, false, TP_INT(recompute),
                  "Activation recomputation: none, selective (attention only), full (every layer), auto.")
          .Label("Recompute", "激活重计算")
          .Zh("激活重计算（梯度检查点）：none 不用，selective 只重算注意力，full 每层都重算，auto 自动。"),
      ChoiceField("offload", G::Layout, kOffloadNames, true, TP_INT(offload),
                  "Move optimizer states (and with ZeRO-3 weights) to CPU memory or NVMe.")
          .Label("Offload", "卸载（offload）")
          .Zh("把优化器状态（ZeRO-3 时还有权重）卸载到 CPU 内存或 NVMe。"),
      ChoiceField("sp", G::Layout, kZeroOne, true, TP_INT(sp),
                  "Sequence parallelism: shard norms and dropout activations across the tensor-parallel group.")
          .Label("Sequence parallel", "序列并行")
          .Zh("序列并行：把归一化和 dropout 的激活值切分到张量并行组内。"),
      ChoiceField("flash", G::Layout, kZeroOne, false, TP_INT(flash),
                  "FlashAttention: attention without materializing the seq x seq scores.")
          .Label("FlashAttention", "FlashAttention")
          .Zh("FlashAttention：计算注意力时不生成 seq × seq 的分数矩阵。"),
      ChoiceField("opt_in_bwd", G::Layout, kZeroOne, false, TP_INT(opt_in_bwd),
                  "Step the optimizer inside the backward, one parameter at a time, and free its gradient at once "
                  "(torchtune's optimizer_in_bwd): no gradient buffer, but no gradient accumulation either.")
          .Label("Optimizer in backward", "反向中更新参数")
          .Zh("在反向传播中逐个参数执行优化器更新并立即释放其梯度（torchtune 的 optimizer_in_bwd）：不需要梯度缓冲区，但也"
              "不能做梯度累积。"),
      ChoiceField("offload_act", G::Layout, kZeroOne, true, TP_INT(offload_act),
                  "With full recomputation, keep each layer's input in host memory instead of on the GPU (Unsloth's "
                  "gradient checkpointing); auto = the framework's default.")
          .Label("Offload checkpoints", "检查点卸载")
          .Zh("全量重计算时，把每层的输入放在主机内存而非 GPU 上（Unsloth 的梯度检查点）；auto = 框架的默认。"),
      // ---- Cost
      RealField("usd_per_gpu_hour", G::Cost, "USD/GPU-hour", 0.001, 10000, true, TP_REAL(usd_per_gpu_hour),
                "Rental price per GPU-hour; auto = the catalog's price for the GPU.")
          .Label("Rent per GPU-hour", "每 GPU 时租金")
          .Zh("每 GPU 时的租用价格；auto = 目录中该 GPU 的价格。")
          .Source("The GPU's catalog price: a typical on-demand rental price of 2025 (see price_source in "
          "`trainplan catalog gpus --format md`); not a quote.",
                  "该 GPU 的目录价格：2025 年典型的按需租用价（见 `trainplan catalog gpus --format md` 中的 price_source）；不是报价。")
          .Format("%.2f"),
      RealField("usd_per_gpu", G::Cost, "USD", 1, 1e8, true, TP_REAL(usd_per_gpu),
                "Purchase price per GPU, for the owning view; auto = the catalog's price.")
          .Label("Purchase per GPU", "每张 GPU 购买价")
          .Zh("每张 GPU 的购买价格，用于自购成本；auto = 目录价格。")
          .Source("The GPU's catalog purchase price, 2025 street or list price (see price_source in "
          "`trainplan catalog gpus --format md`); not a quote.",
                  "该 GPU 的目录购买价，2025 年的市场价或标价（见 `trainplan catalog gpus --format md` 中的 price_source）；不是报价。")
          .Format("%.0f"),
      RealField("usd_per_kwh", G::Cost, "USD/kWh", 0, 100, false, TP_REAL(usd_per_kwh), "Electricity price.")
          .Label("Electricity", "电价")
          .Zh("电价。")
          .Source("0.12 USD/kWh: about the US commercial average (EIA, 2024: 12-13 cents; industrial about "
          "8).",
                  "0.12 美元/kWh：约为美国商业用电平均价（EIA，2024：12-13 美分；工业用电约 8 美分）。")
          .Format("%.3f"),
      RealField("pue", G::Cost, "", 1, 10, false, TP_REAL(pue),
                "Power usage effectiveness: facility power over IT power.")
          .Label("PUE", "PUE")
          .Zh("电能使用效率 PUE：机房总功耗 / IT 设备功耗。")
          .Source("1.3: a modern colocation data hall. Industry average 1.58 (Uptime Institute survey "
          "2023); hyperscale fleets about 1.1 (Google 2023: 1.10).",
                  "1.3：现代托管机房的水平。行业平均 1.58（Uptime Institute 2023 年调查）；超大规模数据中心约 1.1（Google 2023：1.10）。")
          .Format("%.2f"),
      RealField("years", G::Cost, "years", 0.01, 100, false, TP_REAL(years),
                "Amortization period of purchased hardware.")
          .Label("Amortization", "折旧年限")
          .Zh("所购硬件的折旧年限。")
          .Source("5 years: a common server depreciation period, and the horizon of the five-year cost "
          "tables users compare with.",
                  "5 年：常见的服务器折旧期，也是用户对照的五年成本表的时间跨度。")
          .Format("%.1f"),
      // ---- Reliability
      RealField("mtbf_gpu_h", G::Reliability, "hours", 1, 1e12, false, TP_REAL(mtbf_gpu_h),
                "Mean time between failures of one GPU (with its share of the server), hours.")
          .Label("MTBF per GPU", "单卡平均故障间隔 MTBF")
          .Zh("单张 GPU（连同它分摊的服务器部件）的平均故障间隔时间，单位小时。")
          .Source("50,677 hours per GPU = 54 days x 24 h x 16,384 GPUs / 419: Llama 3 405B saw 419 unexpected "
          "interruptions in 54 days on 16,384 H100 GPUs (Dubey et al. 2024, section 3.3.4).",
                  "每块 GPU 50,677 小时 = 54 天 × 24 小时 × 16,384 块 GPU / 419：Llama 3 405B 在 16,384 块 H100 上 54 天内发生 "
          "419 次意外中断（Dubey 等 2024，第 3.3.4 节）。")
          .Format("%.0f"),
      RealField("ckpt_s", G::Reliability, "s", 0.001, 1e7, true, TP_REAL(ckpt_s),
                "Time to write one checkpoint; auto = checkpoint size over storage bandwidth.")
          .Label("Checkpoint write", "检查点写入时间")
          .Zh("写一次检查点的时间；auto = 检查点大小 / 存储带宽。")
          .Source("Checkpoint size over the storage bandwidth; AdamW keeps 14 bytes per trained parameter "
          "(16-bit weights, fp32 master weights and two moments).",
                  "检查点大小除以存储带宽；AdamW 每个训练参数保存 14 字节（16 位权重、fp32 主权重和两个动量）。")
          .Format("%.0f"),
      RealField("restart_s", G::Reliability, "s", 0, 1e7, false, TP_REAL(restart_s),
                "Time to restart the job after a failure (reschedule, reload).")
          .Label("Restart time", "重启时间")
          .Zh("故障后重启任务的时间（重新调度、重新加载）。")
          .Source("10 minutes to detect, reschedule and reload (our estimate). Consistent with Llama 3: "
          "above 90 % effective training time with 466 interruptions in 54 days.",
                  "10 分钟用于发现故障、重新调度和重新加载（我们的估计）。与 Llama 3 一致：54 天内 466 次中断，有效训练时间仍超过 90%。")
          .Format("%.0f"),
      RealField("storage_gbps", G::Reliability, "GB/s", 0.001, 1e7, true, TP_REAL(storage_gbps),
                "Aggregate checkpoint write bandwidth; auto = 1 GB/s per GPU up to 2 TB/s.")
          .Label("Checkpoint storage", "检查点存储带宽")
          .Zh("检查点写入的总带宽；auto = 每张 GPU 1 GB/s，最多 2 TB/s。")
          .Source("1 GB/s per GPU up to 2 TB/s: Llama 3's storage sustained 2 TB/s (Dubey et al. 2024).",
                  "每块 GPU 1 GB/s，上限 2 TB/s：Llama 3 的存储持续写入 2 TB/s（Dubey 等 2024）。")
          .Format("%.0f"),
      // ---- Assumptions
      RealField("headroom", G::Assumptions, "fraction", 0, 0.9, false, TP_REAL(headroom),
                "Fraction of GPU memory kept free before a plan counts as fitting (a safety margin of your own).")
          .Label("Memory headroom", "显存余量")
          .Zh("判断放得下时预留不用的显存比例（您自己的安全余量）。")
          .Source("0: the caching allocator's reserve (alloc_reserve), the CUDA context and NCCL's buffers are "
                  "counted in the nvidia-smi figure that is checked against the capacity the driver exposes.",
                  "0：缓存分配器的预留（alloc_reserve）、CUDA 上下文和 NCCL 缓冲区都已计入与驱动报告的显存容量比较的 "
                  "nvidia-smi 数字。")
          .Assume(&Assumptions::headroom)
          .Format("%.2f"),
      RealField("eff_matmul", G::Assumptions, "fraction", 0.05, 1, true, TP_REAL(eff_matmul),
                "Share of the GPU's measured best matmul rate that a training run's large GEMMs keep (fitted).")
          .Label("Matmul efficiency", "矩阵乘效率")
          .Zh("训练中大矩阵乘（GEMM）能达到该 GPU 实测最佳矩阵乘速度的比例（拟合值）。")
          .Source("Fitted with the other step-model constants to 19 published throughput measurements "
          "(docs/step-model.md).",
                  "与步长模型的其他常数一起，拟合 19 个公开的吞吐量测量（docs/step-model.md）。")
          .Assume(&Assumptions::eff_matmul)
          .Format("%.3f"),
      RealField("matmul_half_ridge", G::Assumptions, "", 0.01, 10, true, TP_REAL(matmul_half_ridge),
                "GEMM arithmetic intensity, in units of the GPU's ridge point, at which a GEMM runs at half speed (fitted).")
          .Label("Matmul half-ridge", "矩阵乘半脊点")
          .Zh("GEMM 速度降到一半时的算术强度，以该 GPU 的屋脊点为单位（拟合值）。")
          .Source("Fitted with the other step-model constants to 19 published throughput measurements "
          "(docs/step-model.md).",
                  "与步长模型的其他常数一起，拟合 19 个公开的吞吐量测量（docs/step-model.md）。")
          .Assume(&Assumptions::matmul_half_ridge)
          .Format("%.3f"),
      RealField("eff_attention", G::Assumptions, "fraction", 0.05, 1, true, TP_REAL(eff_attention),
                "FlashAttention's share of the dense 16-bit peak, causal half counted (fitted).")
          .Label("Attention efficiency", "注意力效率")
          .Zh("FlashAttention 达到的稠密 16 位峰值算力比例，因果掩码只计一半（拟合值）。")
          .Source("Fitted (docs/step-model.md); FlashAttention-2 publishes 50-70 % of peak on A100 and "
          "about 35 % on H100 (Dao 2023).",
                  "拟合所得（docs/step-model.md）；FlashAttention-2 公布的效率为 A100 峰值的 50-70%、H100 的约 35%（Dao 2023）。")
          .Assume(&Assumptions::eff_attention)
          .Format("%.3f"),
      RealField("eff_memory", G::Assumptions, "fraction", 0.05, 1, true, TP_REAL(eff_memory),
                "Share of peak memory bandwidth that element-wise kernels reach (fitted).")
          .Label("Memory efficiency", "显存带宽效率")
          .Zh("逐元素算子达到的峰值显存带宽比例（拟合值）。")
          .Source("Fitted (docs/step-model.md); STREAM-like copies reach 80-90 % of peak memory bandwidth.",
                  "拟合所得（docs/step-model.md）；STREAM 类拷贝可达峰值显存带宽的 80-90%。")
          .Assume(&Assumptions::eff_memory)
          .Format("%.3f"),
      RealField("eff_network", G::Assumptions, "fraction", 0.05, 1, true, TP_REAL(eff_network),
                "NCCL bus bandwidth as a share of the nominal link bandwidth (fitted).")
          .Label("Network efficiency", "网络效率")
          .Zh("NCCL 总线带宽占标称链路带宽的比例（拟合值）。")
          .Source("Fitted (docs/step-model.md); nccl-tests bus bandwidth is 75-90 % of the nominal link "
          "bandwidth.",
                  "拟合所得（docs/step-model.md）；nccl-tests 的总线带宽为标称链路带宽的 75-90%。")
          .Assume(&Assumptions::eff_network)
          .Format("%.3f"),
      RealField("overlap_dp", G::Assumptions, "fraction", 0.001, 1, true, TP_REAL(overlap_dp),
                "Share of the backward pass (ZeRO-3: forward and backward) that can hide data-parallel traffic (fitted).")
          .Label("DP overlap", "DP 通信重叠")
          .Zh("反向计算（ZeRO-3 时为前向和反向）中能掩盖数据并行通信的比例（拟合值）。")
          .Source("Fitted to the published throughput measurements (docs/step-model.md).",
                  "拟合公开的吞吐量测量所得（docs/step-model.md）。")
          .Assume(&Assumptions::overlap_dp)
          .Format("%.3f"),
      RealField("overlap_contention", G::Assumptions, "fraction", 0.0001, 1, true, TP_REAL(overlap_contention),
                "Seconds of compute lost per second of communication hidden behind it (fitted).")
          .Label("Overlap contention", "重叠争用")
          .Zh("每掩盖 1 秒通信所损失的计算秒数（拟合值）。")
          .Source("Fitted (docs/step-model.md); published slowdowns of compute overlapped with collectives "
          "are 10-40 %.",
                  "拟合所得（docs/step-model.md）；公开测量中，与集合通信重叠的计算会慢 10-40%。")
          .Assume(&Assumptions::overlap_contention)
          .Format("%.3f"),
      RealField("eff_stack", G::Assumptions, "fraction", 0.05, 1.5, true, TP_REAL(eff_stack),
                "The framework's kernel speed as a share of the step model's (matmul, attention and memory-bound "
                "kernels): fitted per framework and release on its own published runs.")
          .Label("Framework efficiency", "框架效率")
          .Zh("训练框架的算子速度占步长模型的比例（矩阵乘、注意力和访存密集算子）：按各框架及版本，只用该框架已发表的测量拟合。")
          .Source("Fitted per framework and release on that framework's published throughput only "
                  "(bench/fit_stacks.cpp on tests/data/stack_runs.json; docs/validation.md, per framework, with "
                  "leave-one-out).",
                  "按框架及版本，只用该框架已发表的吞吐量测量拟合（bench/fit_stacks.cpp 作用于 tests/data/stack_runs.json；"
                  "见 docs/validation.md 各框架一节，含留一法检验）。")
          .Assume(&Assumptions::eff_stack)
          .Format("%.3f"),
      RealField("alloc_reserve", G::Assumptions, "x allocated", 1, 4, true, TP_REAL(alloc_reserve),
                "Memory PyTorch's caching allocator reserves per byte of activations and temporaries at the peak "
                "(model states are allocated once and stay): max_memory_reserved over max_memory_allocated of that "
                "part.")
          .Label("Allocator reserve", "分配器预留")
          .Zh("PyTorch 缓存分配器在峰值时为每字节激活值和临时张量所预留的显存（模型状态一次分配、常驻）：这部分的 "
              "max_memory_reserved / max_memory_allocated。")
          .Source("The framework's: 1.05 where it sets expandable_segments (torchtune, torchtitan, Unsloth), 1.10 "
                  "for fixed shapes without it (Megatron, DeepSpeed: blocks reused every micro-batch), 1.5 for batches padded to their own length "
                  "(Transformers): our estimates between the published pairs (torchtune#1185: 16.39 GiB reserved "
                  "without expandable_segments, 10.83 with; cosmos-rl#388: 127 vs 97 GB for 61 GB allocated).",
                  "取训练框架的值：设置了 expandable_segments 的（torchtune、torchtitan、Unsloth）为 1.05，未设置但张量形状"
                  "固定的（Megatron、DeepSpeed：每个微批次复用同样的块）为 1.10，批次按各自长度补齐的（Transformers）为 1.5：这是我们在已发表的成对数据"
                  "之间的估计（torchtune#1185：未开启 expandable_segments 时预留 16.39 GiB，开启后 10.83；cosmos-rl#388："
                  "已分配 61 GB 时预留 127 对 97 GB）。")
          .Assume(&Assumptions::alloc_reserve)
          .Format("%.2f"),
      RealField("nccl_gb", G::Assumptions, "GB", 0.001, 100, true, TP_REAL(nccl_gb),
                "GPU memory NCCL's communicators and buffers take when more than one GPU trains (outside the "
                "allocator).")
          .Label("NCCL buffers", "NCCL 缓冲区")
          .Zh("多卡训练时 NCCL 通信器及其缓冲区占用的显存（在分配器之外）。")
          .Source("1 GB: stas00/ml-engineering measured 0.55 -> 2.00 GiB around the first dist.barrier on A100 "
                  "(CUDA context included), 'expect ~1-2GiB'; NCCL_BUFFSIZE 4 MiB per channel and peer.",
                  "1 GB：stas00/ml-engineering 在 A100 上测得第一次 dist.barrier 前后从 0.55 GiB 增至 2.00 GiB（含 CUDA "
                  "上下文），“预计约 1-2 GiB”；NCCL_BUFFSIZE 为每通道每个对端 4 MiB。")
          .Assume(&Assumptions::nccl_gb)
          .Format("%.2f"),
      RealField("logit_bytes", G::Assumptions, "B per logit", 0.01, 32, true, TP_REAL(logit_bytes),
                "Bytes per logit (token x vocabulary entry) held at the loss: fp32 copies and saved softmax, or "
                "little with a chunked or fused loss.")
          .Label("Logit bytes", "每个 logit 字节数")
          .Zh("计算损失时每个 logit（token × 词表项）所占的字节数：fp32 副本与保存的 softmax，分块或融合的损失则很少。")
          .Source("The framework's loss: Megatron's vocab-parallel fp32 softmax 4, Transformers' and torchtitan's "
                  "logits.float() 10, torchtune's 8-chunk loss 2.5, Unsloth's fused loss 0.5 (`trainplan catalog "
                  "stacks`).",
                  "取训练框架的损失实现：Megatron 词表并行的 fp32 softmax 为 4，Transformers 与 torchtitan 的 logits.float() "
                  "为 10，torchtune 的 8 块分块损失为 2.5，Unsloth 的融合损失为 0.5（`trainplan catalog stacks`）。")
          .Assume(&Assumptions::logit_bytes)
          .Format("%.1f"),
      // The MoE choices of a framework (step.cpp): how it dispatches, balances and overlaps the experts.
      RealField("moe_capacity", G::Assumptions, "", 0.01, 1000, true, TP_REAL(moe_capacity),
                "Expert capacity factor: no expert takes more than this times its mean share of the routed "
                "tokens, the rest are dropped; auto = dropless.")
          .Label("Expert capacity factor", "专家容量因子")
          .Zh("专家容量因子：每个专家最多处理其平均份额的这么多倍路由 token，多出的丢弃；auto = 不丢弃 token。")
          .Source("Dropless: Megatron-Core's default moe_expert_capacity_factor = None ('None means no token will "
                  "be dropped', transformer_config.py); DeepSeek-V3 drops no tokens either (report, section 2.1.2).",
                  "不丢弃：Megatron-Core 默认 moe_expert_capacity_factor = None（“None 表示不丢弃任何 token”，"
                  "transformer_config.py）；DeepSeek-V3 训练中同样不丢弃 token（技术报告第 2.1.2 节）。")
          .Assume(&Assumptions::moe_capacity)
          .Format("%.2f"),
      RealField("moe_imbalance", G::Assumptions, "", 1, 100, true, TP_REAL(moe_imbalance),
                "Expert load imbalance: routed tokens on the busiest expert-parallel rank over the mean; the "
                "experts' GEMMs and the all-to-all wait for that rank.")
          .Label("Expert load imbalance", "专家负载不均衡")
          .Zh("专家负载不均衡：最忙的专家并行 rank 收到的路由 token 与平均值之比；专家 GEMM 和 all-to-all 都要等这个 rank。")
          .Source("1.1: a run with load balancing (auxiliary loss or DeepSeek's loss-free bias), whose busiest "
                  "expert carries a few to tens of percent above the mean per batch (Wang et al. 2024, "
                  "arXiv 2408.15664, MaxVio; R), less per rank of several experts (our estimate). NVIDIA's MoE "
                  "benchmark tables are force-balanced (1.0): 'we force-balance the token distribution among "
                  "experts' (Megatron-Bridge performance summary).",
                  "1.1：带负载均衡（辅助损失或 DeepSeek 的无辅助损失偏置）的训练，每批最忙专家比平均多几个到几十个百分点"
                  "（Wang 等 2024，arXiv 2408.15664，MaxVio；凭记忆），多个专家合在一个 rank 上时更少（我们的估计）。"
                  "NVIDIA 的 MoE 基准表强制均衡（1.0）：“we force-balance the token distribution among experts”"
                  "（Megatron-Bridge 性能汇总）。")
          .Assume(&Assumptions::moe_imbalance)
          .Format("%.2f"),
      RealField("overlap_ep", G::Assumptions, "fraction", 0.001, 1, true, TP_REAL(overlap_ep),
                "Share of a micro-batch's compute that hides its expert all-to-all (DualPipe-style overlap of one "
                "micro-batch's dispatch with another's compute); auto = not overlapped.")
          .Label("EP overlap", "EP 通信重叠")
          .Zh("一个微批次的计算中能掩盖其专家 all-to-all 的比例（DualPipe 式：一个微批次的分发与另一个微批次的计算重叠）；auto = 不重叠。")
          .Source("Not overlapped: Megatron-Core's default (overlap_moe_expert_parallel_comm off). Stacks that "
                  "overlap it hide up to all of it: DeepSeek-V3's DualPipe ('both all-to-all and PP "
                  "communication can be fully hidden', report section 3.2.1); NVIDIA's Qwen3 MoE recipes turn "
                  "the overlap on.",
                  "不重叠：Megatron-Core 的默认（overlap_moe_expert_parallel_comm 关闭）。做重叠的软件栈最多可全部掩盖："
                  "DeepSeek-V3 的 DualPipe（“all-to-all 和 PP 通信都可以被完全掩盖”，技术报告第 3.2.1 节）；"
                  "NVIDIA 的 Qwen3 MoE 配方开启了这种重叠。")
          .Assume(&Assumptions::overlap_ep)
          .Format("%.3f"),
      RealField("ep_dedup", G::Assumptions, "fraction", 0.001, 1, true, TP_REAL(ep_dedup),
                "Share of duplicate cross-node token copies the expert dispatcher saves by sending a token once "
                "to each node and forwarding it there (1: DeepEP); auto = one copy per expert.")
          .Label("EP dispatch dedup", "EP 分发去重")
          .Zh("专家分发器把 token 只发给每个节点一次、再在节点内转发所省下的跨节点重复副本比例（1：DeepEP）；auto = 每个专家一份副本。")
          .Source("One copy per expert: Megatron-Core's alltoall dispatcher. DeepEP and Megatron-Core's flex "
                  "dispatcher remove the duplicates ('Removes redundant tokens during cross-node communication', "
                  "megatron/core/transformer/moe/README.md).",
                  "每个专家一份副本：Megatron-Core 的 alltoall 分发器。DeepEP 和 Megatron-Core 的 flex 分发器会去掉重复副本"
                  "（“Removes redundant tokens during cross-node communication”，megatron/core/transformer/moe/README.md）。")
          .Assume(&Assumptions::ep_dedup)
          .Format("%.2f"),
      RealField("moe_packed", G::Assumptions, "fraction", 0.001, 1, true, TP_REAL(moe_packed),
                "Share of tokens whose routed experts are consecutive experts, as benchmark gates that deal "
                "experts out round-robin route them (fewer ranks and nodes to send to); auto = chosen at random.")
          .Label("Packed routing", "连续专家路由")
          .Zh("路由到连续编号专家的 token 比例（按轮转方式分配专家的基准测试门控会这样路由：要发往的 rank 和节点更少）；auto = 随机选择。")
          .Source("Chosen at random: a trained router's choices, and Megatron-Core's force-balanced benchmarks, "
                  "which draw random router logits (router.py apply_random_logits). NeMo AutoModel's "
                  "FakeBalancedGate gives token t the experts t x topk ... t x topk + topk - 1 (1: packed).",
                  "随机选择：训练后路由器的选择，以及 Megatron-Core 强制均衡的基准测试（router.py 的 apply_random_logits "
                  "使用随机的路由 logits）。NeMo AutoModel 的 FakeBalancedGate 给第 t 个 token 分配专家 t × topk … "
                  "t × topk + topk - 1（1：连续）。")
          .Assume(&Assumptions::moe_packed)
          .Format("%.2f"),
      RealField("cuda_context_gb", G::Assumptions, "GB", 0.001, 100, true, TP_REAL(cuda_context_gb),
                "GPU memory taken by the CUDA context and library workspaces outside the allocator.")
          .Label("CUDA context", "CUDA 上下文")
          .Zh("CUDA 上下文和各种库的工作区在分配器之外占用的显存。")
          .Source("0.5 GB: CUDA context and cuBLAS/cuDNN workspaces as PyTorch reports them on A100 and "
          "H100 (about 0.3-0.6 GB).",
                  "0.5 GB：PyTorch 在 A100 和 H100 上报告的 CUDA 上下文及 cuBLAS/cuDNN 工作区（约 0.3-0.6 GB）。")
          .Assume(&Assumptions::cuda_context_gb)
          .Format("%.2f"),
      RealField("host_gb_per_gpu", G::Assumptions, "GB", 1, 1e6, true, TP_REAL(host_gb_per_gpu),
                "Host (CPU) memory per GPU that offloaded states may fill (DGX A100: 1 TB for 8 GPUs).")
          .Label("Host RAM per GPU", "每 GPU 主机内存")
          .Zh("每张 GPU 可供卸载状态使用的主机（CPU）内存（DGX A100：8 张 GPU 共 1 TB）。")
          .Source("128 GB: a DGX A100 has 1 TB of host memory for 8 GPUs (NVIDIA datasheet).",
                  "128 GB：DGX A100 为 8 块 GPU 配 1 TB 主机内存（NVIDIA 数据手册）。")
          .Assume(&Assumptions::host_gb_per_gpu)
          .Format("%.0f"),
      RealField("gpu_power", G::Assumptions, "fraction of TDP", 0.01, 1.5, true, TP_REAL(gpu_power),
                "Average GPU power draw while training, as a share of its TDP.")
          .Label("GPU power draw", "GPU 功耗")
          .Zh("训练时 GPU 的平均功耗，占其 TDP 的比例。")
          .Source("80 % of TDP on average while training (our estimate; training runs draw about 70-90 %).",
                  "训练时平均功耗为 TDP 的 80%（我们的估计；训练任务通常在 70-90%）。")
          .Assume(&Assumptions::gpu_power)
          .Format("%.2f"),
      RealField("server_power", G::Assumptions, "fraction of GPU TDP", 0.0001, 5, true, TP_REAL(server_power),
                "Power of the rest of the server (CPUs, memory, NICs, fans) per GPU, as a share of the GPU's TDP.")
          .Label("Server power", "服务器功耗")
          .Zh("服务器其余部件（CPU、内存、网卡、风扇）分摊到每张 GPU 的功耗，占 GPU TDP 的比例。")
          .Source("0.8 x the GPU's TDP per GPU for CPUs, memory, NICs and fans: a DGX H100 draws 10.2 kW "
          "at most with 8 x 700 W GPUs (NVIDIA datasheet).",
                  "每块 GPU 另计其 TDP 的 0.8 倍，用于 CPU、内存、网卡和风扇：DGX H100 配 8 块 700 W GPU，最大功耗 10.2 kW（NVIDIA "
          "数据手册）。")
          .Assume(&Assumptions::server_power)
          .Format("%.2f"),
      RealField("capex_overhead", G::Assumptions, "fraction of GPU price", 0.0001, 10, true, TP_REAL(capex_overhead),
                "Server, network and facility cost on top of the GPU purchase price, as a share of it.")
          .Label("Other capex", "其他资本开支")
          .Zh("GPU 购买价之外的服务器、网络和机房费用，占 GPU 价格的比例。")
          .Source("60 % on top of the GPUs for servers, network and facility share (our estimate from DGX "
          "system prices against their GPUs' prices, plus an InfiniBand fabric).",
                  "在 GPU 价格之上另加 60%，用于服务器、网络和机房分摊（我们根据 DGX 整机价格与其 GPU 价格之比估计，并计入 InfiniBand 网络）。")
          .Assume(&Assumptions::capex_overhead)
          .Format("%.2f"),
      RealField("eff_run", G::Assumptions, "fraction", 0.05, 1, true, TP_REAL(eff_run),
                "Share of the step model's steady-state speed (a tuned stack) that a production run keeps over "
                "its whole length: software, stragglers, evaluation, data stalls (fitted to published whole runs).")
          .Label("Run efficiency", "运行效率")
          .Zh("生产训练在全程中能保持的步长模型稳态速度（调优后的软件栈）的比例：软件、慢节点、评估、数据停顿等（按已发表的完整训练拟合）。")
          .Source("Fitted to the published whole runs of the case file (Llama 2 7B and 70B GPU-hours, "
          "OPT-175B days): the geometric mean of the step model's steady-state prediction over the "
          "published figure (docs/validation.md; checked on held-out runs: LLaMA 1, BLOOM, Llama "
          "3.1).",
                  "按案例文件中已发表的完整训练拟合（Llama 2 7B 与 70B 的 GPU 小时、OPT-175B 的天数）：取步长模型稳态预测与发表数字之比的几何平均（见 "
          "docs/validation.md；并用未参与拟合的训练检验：LLaMA 1、BLOOM、Llama 3.1）。")
          .Assume(&Assumptions::eff_run)
          .Format("%.3f"),
      RealField("staff_usd_per_year", G::Assumptions, "USD/year", 0, 1e10, false, TP_REAL(staff_usd_per_year),
                "Operations staff cost per year, counted in the total cost of ownership (0 = left out).")
          .Label("Staff per year", "每年人员成本")
          .Zh("每年的运维人员成本，计入总拥有成本（0 = 不计）。")
          .Source("0: operations staff left out unless given.",
                  "0：除非给出，不计运维人员成本。")
          .Assume(&Assumptions::staff_usd_per_year)
          .Format("%.0f"),
      // ---- Interface
      ChoiceField("lang", G::Interface, kLangs, false,
                  [](const Config& c) { return c.lang == "zh" ? 1 : 0; },
                  [](Config& c, int v) { c.lang = kLangs[v]; }, "Interface language: en or zh.")
          .Label("Language", "语言")
          .Zh("界面语言：en（英文）或 zh（中文）。"),
      // ---- View
      ChoiceField("view", G::View, kViewNames, false, TP_INT(view),
                  "The page's view: plan, compare (columns side by side) or search (layouts and GPU types).")
          .Label("View", "视图")
          .Zh("页面的视图：plan（方案）、compare（并排对比）或 search（并行布局与 GPU 类型搜索）。"),
      TextField("cmp", G::View, TP_ID(cmp), ValidScenarioList,
                "2-4 scenarios separated by ; each key:value pairs separated by , (gpu:h100,gpus:128;gpu:a100-80g,gpus:256)",
                "Compare columns: each scenario's keys over the plan's own (the layout is searched per column); "
                "`trainplan compare --link` reads them.")
          .Label("Compare columns", "对比列")
          .Zh("对比列：每个方案的参数覆盖在当前方案之上（每列各自搜索并行布局）；`trainplan compare --link` 可读取。"),
  };
}

#undef TP_INT
#undef TP_REAL
#undef TP_ID

// Compact text for a range bound: 1e16 rather than 10000000000000000.
std::string RangeNumber(double v) {
  if (v >= 1e6) {
    int e = int(std::floor(std::log10(v)));
    double mantissa = v / std::pow(10.0, e);
    if (std::fabs(mantissa - std::round(mantissa)) < 1e-9) {
      long m = std::lround(mantissa);
      return (m == 1 ? std::string("1") : std::to_string(m)) + "e" + std::to_string(e);
    }
  }
  return FormatNumber(v);
}

std::string AcceptsText(const KeyInfo& f) {
  std::string s;
  switch (f.kind) {
    case KeyKind::Int: s = "a whole number " + RangeNumber(f.lo) + "-" + RangeNumber(f.hi); break;
    case KeyKind::Real: s = "a number " + RangeNumber(f.lo) + "-" + RangeNumber(f.hi); break;
    case KeyKind::Choice:
      for (int i = 0; i < f.n_names; ++i) {
        if (i) s += (i + 1 == f.n_names && !f.has_auto) ? " or " : ", ";
        s += f.names[i];
      }
      break;
    case KeyKind::Text: s = f.accepts; break;
    case KeyKind::Id: {
      // Which catalog the id comes from; the ids themselves are checked when the job is resolved.
      const std::string name = f.name;
      s = name == "model"   ? "a preset id (trainplan catalog models) or custom"
          : name == "gpu"   ? "a GPU id (trainplan catalog gpus)"
                            : "a link id (trainplan catalog links)";
      break;
    }
  }
  if (f.has_auto) s += " or auto";
  return s;
}


}  // namespace

const std::vector<KeyInfo>& Keys() {
  // Built once; the accepted-values texts are generated from the ranges so they can never disagree with
  // what the parser does.
  struct Built {
    std::vector<KeyInfo> keys = Table();
    std::vector<std::string> accepts;
    Built() {
      accepts.reserve(keys.size());
      for (const KeyInfo& k : keys) accepts.push_back(AcceptsText(k));
      for (size_t i = 0; i < keys.size(); ++i) keys[i].accepts = accepts[i].c_str();
    }
  };
  static const Built built;
  return built.keys;
}

const KeyInfo* FindKey(std::string_view name) {
  for (const KeyInfo& k : Keys())
    if (name == k.name) return &k;
  return nullptr;
}

const char* GroupTitle(KeyGroup g, Lang lang) {
  struct Title {
    KeyGroup group;
    Bilingual text;
  };
  static constexpr Title kTitles[] = {
      {KeyGroup::Link, {"Link", "链接"}},
      {KeyGroup::Model, {"Model", "模型"}},
      {KeyGroup::ModelShape, {"Custom dimensions", "自定义维度"}},
      {KeyGroup::ModelDetails, {"MoE and attention details", "MoE 与注意力细节"}},
      {KeyGroup::Training, {"Training", "训练"}},
      {KeyGroup::Hardware, {"Hardware", "硬件"}},
      {KeyGroup::Layout, {"Layout and memory", "并行布局与显存"}},
      {KeyGroup::Cost, {"Cost", "成本"}},
      {KeyGroup::Reliability, {"Reliability", "可靠性"}},
      {KeyGroup::Assumptions, {"Assumptions", "假设"}},
      {KeyGroup::Interface, {"Interface", "界面"}},
      {KeyGroup::View, {"View", "视图"}},
  };
  for (const Title& t : kTitles)
    if (t.group == g) return t.text.In(lang);
  return "";
}

const char* DefaultSource(std::string_view key) {
  const KeyInfo* k = FindKey(key);
  return k ? k->source.en : "";
}

void ApplyAssumptions(const Config& cfg, Assumptions& assume) {
  for (const KeyInfo& k : Keys()) {
    if (!k.assume || !k.get_real) continue;
    // A key with an auto spelling keeps the documented default while on auto (0); the others are values.
    const double v = k.get_real(cfg);
    if (!k.has_auto || v > 0) assume.*k.assume = v;
  }
}

void AssumptionsToConfig(const Assumptions& assume, Config& cfg) {
  for (const KeyInfo& k : Keys())
    if (k.assume && k.set_real) k.set_real(cfg, assume.*k.assume);
}

}  // namespace tp
