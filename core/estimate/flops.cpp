// flops.cpp — FLOPs of a training step from the model's operations (core/estimate/flops.h).
#include "flops.h"

#include "model.h"
#include "rules.h"

namespace tp {

StepFlops FlopsPerStep(const Job& job, const Layout& layout) { return FlopsPerStep(job, layout, job.facts.ops); }

StepFlops FlopsPerStep(const Job& job, const Layout& layout, const ModelOps& ops) {
  StepFlops out;
  const double seqs = GlobalBatch(job.work, layout);
  if (!ops.valid) {
    // Size-only model: 2 FLOPs per parameter per token forward (Kaplan et al. 2020, "6PD").
    out.forward = 2.0 * job.model.params_total * seqs * job.work.seq;
    out.backward = 2 * out.forward;
    if (layout.recompute == Recompute::Full) out.recompute = out.forward;
  } else {
    const ForwardFlops f = ForwardFlopsPerSequence(ops, job.work.seq);
    out.forward = f.Total() * seqs;
    if (job.work.method == Method::Full) {
      out.backward = 2 * out.forward;
    } else {
      // LoRA/QLoRA: frozen weights need only the activation gradient (1x forward); the adapters'
      // weight gradients are tiny (2 x 2 r (n + k) per token and matrix).
      const double tokens = seqs * job.work.seq;
      const double lora = 2.0 * 3.0 * tokens * LoraParamsPerToken(job.model, job.work.lora_r, job.work.lora_targets);
      out.backward = out.forward + lora;
    }
    if (layout.recompute == Recompute::Full) {
      out.recompute = out.forward - f.logits * seqs;  // every layer again, the output layer is not checkpointed
    } else if (layout.recompute == Recompute::Selective) {
      out.recompute = f.attn_core * seqs;  // Korthikanti et al. 2022: only the attention core
    }
  }
  out.model = out.forward + out.backward;
  out.hardware = out.model + out.recompute;
  return out;
}

}  // namespace tp
