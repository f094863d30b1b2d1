// presets.cpp — model presets parsed once from assets/models.json (embedded as kAsset_models).
// Each preset's params_total is computed from its dimensions by CountParams, never copied from the
// file: published_params stays beside it so tests can check the architecture reproduces the source.
#include <string>
#include <string_view>

#include "presets.h"

#include "json.h"
#include "model.h"

namespace tp {

extern const std::string_view kAsset_models;

namespace {

int Int(const JsonValue& v, std::string_view key, int fallback = 0) {
  const double x = v.NumberOr(key, fallback);
  return (x >= 0 && x < 1e9) ? int(x) : fallback;
}

bool Bool(const JsonValue& v, std::string_view key) {
  const JsonValue* b = v.Find(key);
  return b && b->type == JsonValue::Type::Bool && b->boolean;
}

// "qk_norm": "per_head" (Qwen3, Gemma 3) or "all_heads" (OLMo 2); absent means none. Any other word also
// means none, which the published-count test then catches.
QkNorm QkNormOf(const JsonValue& v) {
  const std::string s = v.StringOr("qk_norm", "");
  return s == "per_head" ? QkNorm::PerHead : s == "all_heads" ? QkNorm::AllHeads : QkNorm::None;
}

ModelPreset ParsePreset(const JsonValue& v) {
  ModelPreset p;
  p.id = v.StringOr("id", "");
  p.name = v.StringOr("name", p.id);
  ModelArch& a = p.arch;
  a.layers = Int(v, "layers");
  a.hidden = Int(v, "hidden");
  a.heads = Int(v, "heads");
  a.kv_heads = Int(v, "kv_heads", a.heads);
  a.ffn = Int(v, "ffn");
  a.vocab = Int(v, "vocab");
  a.mlp = v.StringOr("mlp", "swiglu") == "gelu" ? MlpKind::Gelu : MlpKind::Swiglu;
  a.tied = Bool(v, "tied");
  a.bias = Bool(v, "bias");
  a.qkv_bias = Bool(v, "qkv_bias");
  a.pos_embeddings = Int(v, "pos_embeddings");
  a.type_vocab = Int(v, "type_vocab");
  a.head_dim = Int(v, "head_dim");
  a.norms_per_block = Int(v, "norms_per_block");
  a.qk_norm = QkNormOf(v);
  a.experts = Int(v, "experts");
  a.topk = Int(v, "topk");
  a.moe_ffn = Int(v, "moe_ffn");
  a.shared_experts = Int(v, "shared_experts");
  a.dense_layers = Int(v, "dense_layers");
  a.expert_groups = Int(v, "expert_groups");
  a.group_topk = Int(v, "group_topk");
  a.attn_window = Int(v, "attn_window");
  a.attn_window_skip = Int(v, "attn_window_skip");
  a.glu_limit = Int(v, "glu_limit");
  a.q_lora_rank = Int(v, "q_lora_rank");
  a.kv_lora_rank = Int(v, "kv_lora_rank");
  a.qk_rope_dim = Int(v, "qk_rope_dim");
  a.qk_nope_dim = Int(v, "qk_nope_dim");
  a.v_head_dim = Int(v, "v_head_dim");
  a.params_total = CountParams(a).total;
  a.trained_seq = Int(v, "default_seq", 4096);
  p.published_params = v.NumberOr("published_params", 0);
  p.source = v.StringOr("source", "");
  return p;
}

std::vector<ModelPreset> LoadModels() {
  std::vector<ModelPreset> out;
  JsonParseResult r = ParseJson(kAsset_models);
  if (!r.ok) return out;  // a broken embedded catalog shows up as "no presets" in tests
  const JsonValue* list = r.value.Find("models");
  if (!list || !list->IsArray()) return out;
  out.reserve(list->array.size());
  for (const JsonValue& v : list->array)
    if (v.IsObject() && !v.StringOr("id", "").empty()) out.push_back(ParsePreset(v));
  return out;
}

}  // namespace

const std::vector<ModelPreset>& Models() {
  static const std::vector<ModelPreset> models = LoadModels();
  return models;
}

const ModelPreset* FindModel(std::string_view id) {
  for (const auto& m : Models())
    if (m.id == id) return &m;
  return nullptr;
}

}  // namespace tp
