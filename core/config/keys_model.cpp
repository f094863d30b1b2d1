// keys_model.cpp — the key table's first rows: the link version, the model preset or name, its
// dimensions (custom or over a preset) and the MoE and attention details.
// Rows are in link order (= --help order = the page's order); builders in key_rows.h.
#include "key_rows.h"

namespace tp::key_rows {

void AddModelKeys(std::vector<KeyInfo>& table) {
  using G = KeyGroup;
  table.insert(
      table.end(),
      {// ---- Link
       IntField("v", G::Link, "", 1, 1, false, 0, TP_INT(v),
                "Share-link format version; this planner writes and reads version 1.")
           .Label("Link version", "链接版本")
           .Zh("分享链接的格式版本；本工具读写版本 1。"),
       // ---- Model
       IdField("model", G::Model, false, TP_ID(model),
               "Model preset id (see `trainplan catalog models`), or custom for dimensions only; explicit "
               "dimensions override the preset field by field. A Hugging Face id (Qwen/Qwen2.5-7B-Instruct) is "
               "read as its preset, or its architecture's; so is a name as written (\"Llama 3 8B\", Llama-3.1-8B).")
           .Label("Preset", "预设")
           .Zh("模型预设 id（见 `trainplan catalog models`），或 custom "
               "表示只用自定义维度；显式给出的维度逐项覆盖预设。Hugging Face id（如 Qwen/Qwen2.5-7B-Instruct）"
               "按其预设或同一架构的预设读取；常见写法（\"Llama 3 8B\"、Llama-3.1-8B）亦然。"),
       TextField("name", G::Model, TP_ID(name), ValidModelName, "a model name: printable text of up to 100 characters",
                 "The model's own name, shown in the plan and its reports (an imported config.json's _name_or_path, or "
                 "its file name).")
           .Label("Model name", "模型名称")
           .Zh("模型自己的名称，显示在方案和报告中（导入的 config.json 中的 _name_or_path，或其文件名）。"),
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
       IntField("topk", G::ModelShape, "", 1, 1024, true, kUnset, TP_INT(topk),
                "Experts each token is routed to (MoE).")
           .Label("Top-k experts", "Top-k 专家数")
           .Zh("每个 token 路由到的专家数（MoE）。"),
       ChoiceField("act", G::ModelShape, kMlpNames, true, TP_INT(act),
                   "MLP kind: gelu (two matrices) or swiglu (gated, three matrices).")
           .Values(kMlpLabels)
           .Label("MLP kind", "MLP 类型")
           .Zh("MLP 类型：gelu（两个矩阵）或 swiglu（门控，三个矩阵）。"),
       ChoiceField("tied", G::ModelShape, kZeroOne, true, TP_INT(tied),
                   "1 when the output head shares the input embedding matrix.")
           .Values(kOnOffLabels)
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
       IntField("expert_groups", G::ModelDetails, "", 1, 1000000, true, kUnset, TP_INT(expert_groups),
                "Node-limited routing: the routed experts form this many equal groups, and each token is routed "
                "within its best group_topk groups (DeepSeek-V3's n_group: 8); auto = the preset's, none for a "
                "custom model.")
           .Label("Expert groups", "专家分组数")
           .Zh("节点受限路由：路由专家分成这么多个相等的组，每个 token 只在它得分最高的 group_topk "
               "个组内选专家（DeepSeek-V3 的 n_group：8）；auto = 预设的值，自定义模型为不分组。"),
       IntField("group_topk", G::ModelDetails, "", 1, 1000000, true, kUnset, TP_INT(group_topk),
                "Node-limited routing: the expert groups each token may use (DeepSeek-V3's topk_group: 4, 'at most "
                "4 nodes'); auto = the preset's.")
           .Label("Groups per token", "每个 token 的专家组数")
           .Zh("节点受限路由：每个 token 可用的专家组数（DeepSeek-V3 的 topk_group：4，“最多 4 个节点”）；auto = "
               "预设的值。"),
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
           .Values(kQkNormLabels)
           .Label("Q/K norm", "Q/K 归一化")
           .Zh("对 query 和 key 做归一化：per_head（Qwen3、Gemma 3：各一个头维度的权重），all_heads（OLMo "
               "2：对整个投影），或 none。"),
       IntField("norms_per_block", G::ModelDetails, "", 1, 8, true, kUnset, TP_INT(norms_per_block),
                "Norms per transformer block: 2 (before attention and the MLP) or 4 (Gemma 2/3: also after each).")
           .Label("Norms per block", "每块归一化层数")
           .Zh("每个 Transformer 块的归一化层数：2（注意力和 MLP 之前）或 4（Gemma 2/3：之后也各有一个）。")});
}

}  // namespace tp::key_rows
