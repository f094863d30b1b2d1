// hf_import.cpp — a Hugging Face config.json as custom dimensions (config.h ApplyHfConfig): the field
// names of the Llama/Mistral/Qwen/Gemma/DeepSeek families and the GPT-2/NeoX/MPT spellings, the class
// defaults transformers applies when a file leaves a field out, MoE and latent-attention fields. Every
// value goes through ApplyPair, so it is range-checked like a typed key.
#include <algorithm>
#include <cmath>

#include "config.h"
#include "json.h"
#include "text.h"

namespace tp {
namespace {

void Issue(std::vector<ConfigIssue>& issues, std::string key, IssueWords words, std::vector<IssueArg> args = {},
           bool notice = false) {
  issues.push_back(MakeIssue(std::move(key), words, std::move(args), notice));
}

// What ApplyHfConfig reads from: the language model's fields, the first present of a few spellings, each
// value through ApplyPair into the configuration.
struct HfReader {
  const JsonValue* root;
  Config& cfg;
  std::vector<ConfigIssue>& issues;
  // First present name wins: Llama/Mistral/Qwen names, then GPT-2 / GPT-NeoX / MPT spellings.
  const JsonValue* Pick(std::initializer_list<const char*> names) const {
    for (const char* n : names)
      if (const JsonValue* v = root->Find(n); v && v->IsNumber()) return v;
    return nullptr;
  }
  void Set(const char* key, const JsonValue* v) {
    if (v) ApplyPair(cfg, key, FormatNumber(v->number), issues);
  }
};

// The imported dimensions describe the whole model: a clean custom model.
void StartCustomModel(Config& cfg) {
  const Config fresh;
  cfg.model = "custom";
  cfg.name.clear();
  cfg.params = 0;
  cfg.layers = fresh.layers, cfg.hidden = fresh.hidden, cfg.heads = fresh.heads, cfg.kv_heads = fresh.kv_heads;
  cfg.ffn = fresh.ffn, cfg.vocab = fresh.vocab, cfg.act = fresh.act, cfg.tied = fresh.tied;
  cfg.experts = fresh.experts, cfg.topk = fresh.topk, cfg.moe_ffn = fresh.moe_ffn;
  cfg.head_dim = fresh.head_dim, cfg.shared_experts = fresh.shared_experts, cfg.dense_layers = fresh.dense_layers;
  cfg.q_lora_rank = fresh.q_lora_rank, cfg.kv_lora_rank = fresh.kv_lora_rank, cfg.qk_rope_dim = fresh.qk_rope_dim;
  cfg.qk_nope_dim = fresh.qk_nope_dim, cfg.v_head_dim = fresh.v_head_dim;
  cfg.qk_norm = fresh.qk_norm, cfg.norms_per_block = fresh.norms_per_block;
  cfg.expert_groups = fresh.expert_groups, cfg.group_topk = fresh.group_topk;
}

// The checkpoint's own name (transformers writes _name_or_path when it saves a config): "Qwen/Qwen2.5-7B".
// A local path keeps only its last part; a name the key refuses (too long) is left out.
void ImportName(Config& cfg, const JsonValue& file) {
  const JsonValue* n = file.Find("_name_or_path");
  if (!n || n->type != JsonValue::Type::String) return;
  std::string_view name = Trim(n->string);
  if (!name.empty() && (name.front() == '/' || name.front() == '.' || name.find('\\') != std::string_view::npos)) {
    while (!name.empty() && (name.back() == '/' || name.back() == '\\')) name.remove_suffix(1);
    const size_t cut = name.find_last_of("/\\");
    if (cut != std::string_view::npos) name.remove_prefix(cut + 1);
  }
  if (!name.empty() && ValidModelName(name)) cfg.name = std::string(name);
}

// MLP kind and width, and the norms the family adds. SiLU in these families is the gated SwiGLU; Gemma gates a
// GELU (GeGLU, also 3 matrices).
void ImportMlp(HfReader& r, const std::string& type, const JsonValue* ffn) {
  Config& cfg = r.cfg;
  const JsonValue* root = r.root;
  std::string act = Lower(
      root->StringOr("hidden_act", root->StringOr("activation_function", root->StringOr("hidden_activation", ""))));
  bool gated = act == "silu" || act == "swish" || act == "swiglu" || type.rfind("gemma", 0) == 0 ||
               type.rfind("llama", 0) == 0 || type.rfind("mistral", 0) == 0 || type.rfind("mixtral", 0) == 0 ||
               type.rfind("qwen", 0) == 0 || type.rfind("deepseek", 0) == 0;
  if (!act.empty() || !type.empty()) ApplyPair(cfg, "act", gated ? "swiglu" : "gelu", r.issues);
  // Norms the family's modeling_*.py adds: Gemma 2/3 norm after attention and after the MLP too
  // (Gemma2DecoderLayer: 4 per block); Qwen3 and Gemma 3 norm each query and key head (Qwen3Attention
  // q_norm/k_norm over head_dim); OLMo 2 norms the whole q and k projections (Olmo2Attention).
  if (type.rfind("gemma2", 0) == 0 || type.rfind("gemma3", 0) == 0) ApplyPair(cfg, "norms_per_block", "4", r.issues);
  if (type.rfind("qwen3", 0) == 0 || type.rfind("gemma3", 0) == 0) ApplyPair(cfg, "qk_norm", "per_head", r.issues);
  if (type.rfind("olmo2", 0) == 0) ApplyPair(cfg, "qk_norm", "all_heads", r.issues);
  if (ffn) {
    r.Set("ffn", ffn);
  } else if (!gated && cfg.hidden > 0) {
    // GPT-2 writes n_inner: null, meaning 4 x hidden.
    ApplyPair(cfg, "ffn", std::to_string(4LL * cfg.hidden), r.issues);
  }
}

// When the file leaves tie_word_embeddings out, transformers uses the model class's default: false for
// LlamaConfig, MistralConfig, MixtralConfig, Qwen2Config, DeepseekV3Config, Phi3Config; true in
// PretrainedConfig itself (GPT-2, Gemma, ...).
void ImportTied(HfReader& r, const std::string& type) {
  const JsonValue* tied = r.root->Find("tie_word_embeddings");
  bool untied_family = false;
  for (const char* family : {"llama", "mistral", "mixtral", "qwen", "deepseek", "phi3"})
    untied_family |= type.rfind(family, 0) == 0;
  const bool tied_value = (tied && tied->type == JsonValue::Type::Bool) ? tied->boolean : !untied_family;
  ApplyPair(r.cfg, "tied", tied_value ? "1" : "0", r.issues);
}

// A mixture of experts: routed experts, top-k, their width, shared experts, leading dense layers.
void ImportExperts(HfReader& r, const JsonValue* ffn) {
  Config& cfg = r.cfg;
  const JsonValue* experts = r.Pick({"num_local_experts", "n_routed_experts", "num_experts", "moe_num_experts"});
  if (!experts || experts->number <= 1) return;
  r.Set("experts", experts);
  r.Set("topk", r.Pick({"num_experts_per_tok", "moe_top_k", "top_k"}));
  const JsonValue* moe_ffn = r.Pick({"moe_intermediate_size", "expert_intermediate_size"});
  r.Set("moe_ffn", moe_ffn ? moe_ffn : ffn);
  r.Set("shared_experts", r.Pick({"n_shared_experts", "num_shared_experts"}));
  r.Set("dense_layers", r.Pick({"first_k_dense_replace"}));
  // DeepSeek-V3's group-limited routing: n_group groups of experts, each token within its topk_group best.
  const JsonValue* groups = r.Pick({"n_group"});
  if (groups && groups->number > 1) {
    r.Set("expert_groups", groups);
    r.Set("group_topk", r.Pick({"topk_group"}));
  }
  // Qwen-MoE has one shared expert of its own width (shared_expert_intermediate_size, 4 x moe_ffn in
  // Qwen1.5/Qwen2-MoE): as k experts of moe_ffn it has the same parameters and FLOPs (the per-layer
  // sigmoid gate of hidden weights aside).
  const JsonValue* shared_ffn = r.Pick({"shared_expert_intermediate_size"});
  if (shared_ffn && shared_ffn->number > 0 && cfg.moe_ffn > 0) {
    const double k = shared_ffn->number / cfg.moe_ffn;
    const int whole = std::max(1, int(std::lround(k)));
    ApplyPair(cfg, "shared_experts", std::to_string(whole), r.issues);
    if (std::fabs(k - whole) > 1e-9)
      Issue(r.issues, "shared_experts",
            "the shared expert's width {0} is not a multiple of moe_ffn {1}; counted as {2} experts of moe_ffn"_issue,
            {FormatNumber(shared_ffn->number), std::to_string(cfg.moe_ffn), std::to_string(whole)}, true);
  }
}

// Multi-head latent attention (DeepSeek-V2/V3): low-rank key/value (and query) projections.
void ImportLatentAttention(HfReader& r) {
  const JsonValue* kv_rank = r.Pick({"kv_lora_rank"});
  if (!kv_rank || kv_rank->number <= 0) return;
  r.Set("kv_lora_rank", kv_rank);
  const JsonValue* q_rank = r.Pick({"q_lora_rank"});  // null in DeepSeek-V2-Lite: no query compression
  ApplyPair(r.cfg, "q_lora_rank", q_rank ? FormatNumber(q_rank->number) : "0", r.issues);
  r.Set("qk_rope_dim", r.Pick({"qk_rope_head_dim"}));
  r.Set("qk_nope_dim", r.Pick({"qk_nope_head_dim"}));
  r.Set("v_head_dim", r.Pick({"v_head_dim"}));
}

}  // namespace

void ApplyHfConfig(Config& cfg, std::string_view json_text, std::vector<ConfigIssue>& issues) {
  JsonParseResult parsed = ParseJson(json_text);
  if (!parsed.ok) {
    Issue(issues, "", "not valid JSON: {0} at byte {1}"_issue, {Words(parsed.reason), std::to_string(parsed.at)});
    return;
  }
  const JsonValue* root = &parsed.value;
  if (!root->IsObject()) {
    Issue(issues, "", "expected a Hugging Face config.json object"_issue);
    return;
  }
  // Multimodal checkpoints (Llava, Qwen-VL, Gemma 3) keep the language model under text_config.
  if (!root->Find("num_hidden_layers") && !root->Find("n_layer"))
    if (const JsonValue* text = root->Find("text_config"); text && text->IsObject()) root = text;
  HfReader r{root, cfg, issues};
  const JsonValue* layers = r.Pick({"num_hidden_layers", "n_layer", "n_layers", "num_layers"});
  const JsonValue* hidden = r.Pick({"hidden_size", "n_embd", "d_model"});
  const JsonValue* heads = r.Pick({"num_attention_heads", "n_head", "n_heads"});
  if (!layers || !hidden || !heads) {
    Issue(issues, "", "config.json lacks num_hidden_layers, hidden_size or num_attention_heads"_issue);
    return;
  }
  StartCustomModel(cfg);
  ImportName(cfg, parsed.value);
  r.Set("layers", layers);
  r.Set("hidden", hidden);
  r.Set("heads", heads);
  const JsonValue* kv = r.Pick({"num_key_value_heads", "num_kv_heads", "multi_query_group_num"});
  if (const JsonValue* mq = root->Find("multi_query"); !kv && mq && mq->type == JsonValue::Type::Bool && mq->boolean)
    ApplyPair(cfg, "kv_heads", "1", issues);
  else
    r.Set("kv_heads", kv ? kv : heads);
  r.Set("vocab", r.Pick({"vocab_size", "padded_vocab_size"}));
  if (const JsonValue* hd = r.Pick({"head_dim"}); hd && cfg.heads > 0 && hd->number * cfg.heads != cfg.hidden)
    r.Set("head_dim", hd);  // only when it differs from hidden / heads
  const JsonValue* ffn = r.Pick({"intermediate_size", "n_inner", "ffn_hidden_size", "ffn_dim"});
  const std::string type = Lower(root->StringOr("model_type", ""));
  ImportMlp(r, type, ffn);
  ImportTied(r, type);
  ImportExperts(r, ffn);
  ImportLatentAttention(r);
}

}  // namespace tp
