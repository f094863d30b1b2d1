// dora.cpp — DoRA's extra memory and work per block (dora.h), read from the three DoRA layers the stacks run:
// PEFT's DoraLinearLayer (huggingface/peft src/peft/tuners/lora/dora.py@5d602fdbff04c33c1c4de55cda9d4ae1d7cb7e40,
// get_lora_weight / get_weight_norm / forward, and variants.py DoraLinearVariant.forward) under the Transformers
// Trainer, DeepSpeed, FSDP with PEFT and Unsloth (whose fused LoRA kernels skip DoRA layers); torchtune's DoRALinear
// (pytorch/torchtune torchtune/modules/peft/dora.py@bd2a0fc7c31430972728494fa01aaeeb0ebf1ba1, forward); and
// Megatron-Bridge's DoRALinear (NVIDIA-NeMo/Megatron-Bridge src/megatron/bridge/peft/dora_layers.py@067f987df03b8355b
// 03192d88d70f1709fedf51a, forward and _get_weight_norm; NeMo 2's llm/peft/dora.py is the same). Bytes are counted
// op by op in the comments; 16-bit weights and activations, PEFT's adapters and magnitudes in fp32 (its default
// autocast_adapter_dtype) under torch.autocast, torchtune's in bf16.
#include "dora.h"

#include <algorithm>
#include <iterator>

#include "kernels.h"
#include "stack.h"
#include "units.h"

namespace tp {

namespace {

enum class DoraCode : uint8_t { Peft, Torchtune, Megatron };

DoraCode CodeOf(StackKind k) {
  return k == StackKind::Megatron    ? DoraCode::Megatron
         : k == StackKind::Torchtune ? DoraCode::Torchtune
                                     : DoraCode::Peft;
}

// Bytes per element of each implementation's per-forward work, op by op.
struct DoraBytes {
  // Per element of the k x k identity PEFT and torchtune push through A and B to form B A as a module call (FSDP's
  // hooks): PEFT torch.eye in lora_A's fp32 (write 4), autocast's bf16 copy for the GEMM (read 4, write 2), the GEMM
  // reads it (2): 12; torchtune's is bf16 (write 2, read 2): 4; Megatron-Bridge multiplies the weights directly: 0.
  double eye;
  // Per element of each adapted weight: B A written (2), s x B A (read 2, write 2), W + s B A (read 4, write 2), the
  // row norm (read 2): 14 in all three (Megatron-Bridge: linear_out.weight @ linear_in.weight, then the same).
  double weight;
  // Live at once per weight element at the sum (B A, s B A, the sum), the identity's per k x k element (PEFT: the
  // fp32 eye and its bf16 copy; torchtune: bf16).
  double weight_live, eye_live;
  // Per output element per token, forward. PEFT: (m/n - 1) x base (read 2, write 4: fp32 magnitudes promote),
  // m/n x lora (read 2, write 4), x s (read 4, write 4), their sum (read 8, write 4), result + dora (read 6, write 4),
  // PEFT's cast back to the base dtype (read 4, write 2): 48. torchtune in bf16: the rescalings (read 2, write 2
  // each: 4 + 4 + 4), their sum and dora_out + base_out (read 4, write 2 each: 6 + 6): 24.
  // Megatron-Bridge: linear + adapter output (read 4, write 2), x m/n (read 2, write 2): 10.
  double token;
  // Kept for the backward per output element per token: the operands of the magnitude's gradient. PEFT and
  // torchtune keep the base output and the adapter output (2 + 2); Megatron-Bridge their sum (2).
  double saved;
};

constexpr DoraBytes kBytes[] = {
    {12, 14, 6, 6, 48, 4},  // PEFT
    {4, 14, 6, 2, 24, 4},   // torchtune
    {0, 14, 6, 0, 10, 2},   // Megatron-Bridge
};

// The adapted matrices of a dense block as (input width k, output width n), per Workload::lora_targets.
void AdaptedMatrices(const ModelArch& m, uint8_t targets, DoraBlock& d) {
  auto add = [&](double k, double n) {
    if (k > 0 && n > 0 && d.count < int(std::size(d.matrices))) d.matrices[d.count++] = {k, n};
  };
  const double h = Pos(m.hidden), a = Pos(m.heads);
  const bool qv = targets == 0b100, attn = qv || (targets & 0b01), mlp = (targets & 0b10) && !qv;
  if (attn && m.kv_lora_rank > 0) {  // multi-head latent attention: q (through its latent), kv up, and the rest
    const double qk = Pos(m.qk_nope_dim) + Pos(m.qk_rope_dim), vd = Pos(m.v_head_dim), ql = Pos(m.q_lora_rank);
    const double kvl = Pos(m.kv_lora_rank);
    if (ql > 0)
      add(h, ql), add(ql, a * qk);
    else
      add(h, a * qk);
    add(kvl, a * (Pos(m.qk_nope_dim) + vd));
    if (!qv) add(h, kvl + Pos(m.qk_rope_dim)), add(a * vd, h);
  } else if (attn) {
    const double d_head = m.head_dim > 0 ? m.head_dim : (a > 0 ? h / a : 0);
    const double kv = (m.kv_heads > 0 ? m.kv_heads : a) * d_head;
    add(h, a * d_head), add(h, kv);  // q, v
    if (!qv) add(h, kv), add(a * d_head, h);
  }
  if (mlp) {
    const double f = Pos(m.ffn);
    if (m.mlp == MlpKind::Swiglu) add(h, f);
    add(h, f), add(f, h);
  }
}

}  // namespace

DoraBlock DoraOf(const Job& job, int tp) {
  DoraBlock d;
  const Workload& w = job.work;
  if (!w.dora || w.method == Method::Full || w.lora_r <= 0 || job.model.layers <= 0) return d;
  const StackProfile& s = StackOf(job);
  const DoraCode code = CodeOf(s.kind);
  const DoraBytes& b = kBytes[int(code)];
  const bool qdora = w.method == Method::Qlora;
  const double t = std::max(1, tp);
  AdaptedMatrices(job.model, w.lora_targets, d);
  // The base GEMM runs again on the dropped input: PEFT when lora_dropout > 0, and before v0.14.0 (2024-12: 338aeff3
  // 'Faster DoRA in when no dropout/eval mode') always, F.linear(x, W); Megatron-Bridge's dropout correction (the
  // base GEMM of dropout(x) - x). torchtune drops out the adapter's input only: never.
  const bool peft_rerun = code == DoraCode::Peft && (w.lora_dropout > 0 || job.stack_year < 2025);
  const bool rerun = peft_rerun || (code == DoraCode::Megatron && w.lora_dropout > 0);
  // QDoRA dequantises the 4-bit weight for the norm (dequantize_module_weight; torchtune weight.to(x.dtype)).
  const double dequant = qdora ? KernelsOf(s.kind).dequant_bytes : 0.0;
  for (int i = 0; i < d.count; ++i) {
    const double k = d.matrices[i].k, n = d.matrices[i].n, kn = k * n / t;
    d.norm_bytes += (b.weight + dequant) * kn + b.eye * k * k;
    // QDoRA's dequantised copy beside them takes the slot memory_states.cpp keeps for QLoRA's dequantisation.
    d.transient = std::max(d.transient, std::max(b.weight_live * kn, b.eye_live * k * k));
    d.token_bytes += b.token * n / t;
    d.saved_per_token += b.saved * n / t;
    if (rerun) {
      d.base_kn += kn;
      // F.linear keeps its weight for the input gradient: the dequantised copy under QDoRA (a parameter otherwise).
      if (peft_rerun && qdora) d.saved_weights += 2.0 * kn;
    }
  }
  return d;
}

}  // namespace tp
