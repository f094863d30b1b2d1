// job.cpp — the Job's small functions that need more than its header: the model's facts (ModelFacts) and
// the stack it points at (core/job/job.h).
#include "job.h"

#include <cmath>

#include "stack.h"

namespace tp {
namespace {

double ClampPos(double x) { return std::isfinite(x) && x > 0 ? x : 0; }

// Activation widths per token of one layer (memory.cpp's LayerActivations multiplies them out).
void ActivationWidths(const ModelArch& m, ModelFacts& w) {
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

}  // namespace

void RefreshFacts(Job& job) {
  ModelFacts& f = job.facts;
  f = ModelFacts{};
  f.pc = CountParams(job.model);
  f.ops = DescribeModel(job.model);
  f.lora_widths = LoraWidthsOf(job.model, job.work.lora_targets);
  ActivationWidths(job.model, f);
}

void SetCalibration(Assumptions& a, double speed, double memory) {
  a.calib_speed = speed, a.calib_memory = memory;
  if (a.uncalibrated_matmul > 0) a.eff_matmul = a.uncalibrated_matmul * speed;
  if (a.uncalibrated_attention > 0) a.eff_attention = a.uncalibrated_attention * speed;
  if (a.uncalibrated_memory > 0) a.eff_memory = a.uncalibrated_memory * speed;
}

const StackProfile& StackOf(const Job& job) { return job.stack ? *job.stack : DefaultStack(); }

}  // namespace tp
