// model_memo.cpp — the per-model counts every evaluation reads (model_memo.h), remembered per thread.
#include "model_memo.h"

#include <cmath>
#include <cstring>

namespace tp {
namespace {

double ClampPos(double x) { return std::isfinite(x) && x > 0 ? x : 0; }

// Activation widths per token of one layer (memory.cpp's LayerActivations multiplies them out).
void ActivationWidths(const ModelArch& m, ModelMemo& w) {
  const double h = ClampPos(m.hidden), a = ClampPos(m.heads);
  w.h = h;
  w.heads = a;
  if (m.kv_lora_rank > 0) {
    const double qk = ClampPos(m.qk_nope_dim) + ClampPos(m.qk_rope_dim), vd = ClampPos(m.v_head_dim);
    w.qkvo = 2 * a * qk + 2 * a * vd;
    w.latent = ClampPos(m.q_lora_rank) + ClampPos(m.kv_lora_rank) + ClampPos(m.qk_rope_dim);
  } else {
    const double d = m.head_dim > 0 ? m.head_dim : (a > 0 ? h / a : 0);
    w.qkvo = 2 * a * d + 2 * (m.kv_heads > 0 ? m.kv_heads : a) * d;
    w.latent = 0;
  }
  const double mats = m.mlp == MlpKind::Swiglu ? 3 : 2;
  w.mlp = mats * ClampPos(m.ffn);
  const double fe = ClampPos(m.moe_ffn > 0 ? m.moe_ffn : m.ffn);
  w.moe = w.pc.moe_layers > 0 ? w.pc.topk * (2 * h + mats * fe) + ClampPos(m.shared_experts) * mats * fe : 0;
}

struct Remembered {
  static constexpr size_t kKeySize = sizeof(ModelArch) + 1;
  unsigned char key[kKeySize] = {};
  bool valid = false;
  ModelMemo memo;
};

}  // namespace

const ModelMemo& MemoOf(const Job& job) {
  thread_local Remembered r;
  unsigned char key[Remembered::kKeySize];
  std::memcpy(key, &job.model, sizeof(ModelArch));
  key[Remembered::kKeySize - 1] = job.work.lora_targets;
  if (!r.valid || std::memcmp(key, r.key, sizeof key) != 0) {
    std::memcpy(r.key, key, sizeof key);
    r.memo.pc = CountParams(job.model);
    r.memo.ops = DescribeModel(job.model);
    r.memo.lora_widths = LoraWidthsOf(job.model, job.work.lora_targets);
    ActivationWidths(job.model, r.memo);
    r.valid = true;
  }
  return r.memo;
}

}  // namespace tp
