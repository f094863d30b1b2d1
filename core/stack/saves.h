// saves.h — what one decoder layer and the loss keep for the backward in each framework's model code, tensor by
// tensor, as bytes per token: one row per code path (saves.cpp cites the file and function of each tensor) and
// the functions that multiply a row out for a layer's shape. core/estimate/memory.cpp reads them;
// tests/core/memory_harness_test.cpp holds the Transformers rows to what autograd saves (scripts/memory_harness.py);
// docs/memory.md writes every formula out.
#pragma once
#include <cstdint>

namespace tp {

// The model code whose saved tensors a plan's activations follow (the `modeling` key; auto = the stack's).
enum class ModelCode : uint8_t {
  Megatron,      // Megatron-Core with Transformer Engine layers (fused norm + linear, fused attention, SwiGLU)
  Transformers,  // Hugging Face Transformers modeling code (+ PEFT, bitsandbytes): eager RMSNorm in fp32, SiLU apart
  Torchtitan,    // torchtitan's Llama (torch.nn.RMSNorm = fused rms_norm, SDPA with enable_gqa, eager SwiGLU)
  Torchtune,     // torchtune's modules (fp32 RMSNorm, k and v expanded to full width before SDPA, LoRALinear)
  Unsloth,       // Unsloth's Triton kernels (fast_lora, fused RMSNorm; the SwiGLU product recomputed)
  Qwen1,         // Qwen (v1)'s remote modeling_qwen.py (2023): flash-attn's fused RMSNorm, its loss on 16-bit logits
};
inline constexpr const char* kModelCodeNames[] = {"megatron",  "transformers", "torchtitan",
                                                  "torchtune", "unsloth",      "qwen1"};
inline const char* Name(ModelCode c) { return kModelCodeNames[int(c)]; }

// One decoder layer's widths in elements per token, whole (before tensor parallelism).
struct LayerShape {
  double h = 0;         // the residual stream
  double q = 0;         // query width (heads x head_dim; MLA: heads x (nope + rope))
  double k = 0, v = 0;  // key and value widths (kv_heads x head_dim with GQA; MLA: per head as q, and v_head_dim)
  double o = 0;         // attention output width (heads x head_dim; MLA: heads x v_head_dim)
  double heads = 0;     // query heads
  double f = 0;         // MLP intermediate width of one matrix
  bool swiglu = true;   // gate, up, down (SwiGLU) or fc1, fc2 (GELU)
  double latent = 0;    // multi-head latent attention's compressed q and kv (+ rope key), saved for the up projections
};

// How the layer runs: what its backward needs depends on what trains and on the kernels.
struct LayerRun {
  double e = 2;                    // bytes per activation element of the compute dtype (2; 4 in fp32 training)
  bool trains_base = true;         // full training: every weight's gradient needs its GEMM's input
  bool flash = true;               // FlashAttention-class kernels (no scores kept) or materialised attention
  bool dropout = false;            // hidden and attention dropout (masks kept)
  bool fp8_inputs = false;         // Transformer Engine FP8: GEMM inputs kept in FP8 (1 B)
  bool mla_up_recompute = false;   // Megatron's recompute_modules mla_up_proj: MLA's q, k, v freed after attention
  bool moe_act_recompute = false;  // Megatron's recompute_modules moe_act: the experts' activation output freed
  uint8_t lora = 0;                // adapted matrices, kLora* bits (0 = none)
  double lora_r = 0;               // adapter rank
  bool lora_dropout = false;       // dropout on each adapter's input
  bool qlora = false;              // the frozen base is 4-bit (bitsandbytes Linear4bit / torchao NF4)
  bool kbit_prep = false;          // PEFT's prepare_model_for_kbit_training: norms, embeddings and head in fp32
  bool autocast = true;            // mixed precision through torch.autocast (Trainer bf16=True); false in fp32 training
  bool compiled = false;   // torch.compile: Inductor's partitioner saves the GEMM outputs and recomputes pointwise ops
  double kept_logits = 0;  // bytes per logit of the output the training loop keeps through the backward
  int year = 0;            // the stack's release (the loss each code computes changed by release)
};
inline constexpr uint8_t kLoraQ = 1, kLoraK = 2, kLoraV = 4, kLoraO = 8, kLoraGate = 16, kLoraUp = 32, kLoraDown = 64;

// Bytes one layer keeps for the backward, per token (and per layer).
struct LayerSaves {
  double residual = 0;  // on the hidden-wide stream: replicated over tensor-parallel ranks unless sequence parallel
  double attn = 0;      // attention's q, k, v, output, statistics and adapters: split by tensor parallelism
  double mlp = 0;       // the MLP's intermediates and adapters (one MLP of width f): split by tensor parallelism
  double per_key = 0;   // materialised scores, bytes per token per key: split by tensor parallelism
  double fixed = 0;     // bytes per layer, not per token (autocast's bf16 copies of the fp32 adapters)
};
// The gradients alive while one layer runs its backward, beyond what it saved, bytes per token (split by tensor
// parallelism): the larger of the MLP's and the attention's (BackwardWorkingSet in saves.cpp).
double BackwardWorkingSet(const LayerShape& shape, const LayerRun& run);
// Without recomputation: everything the layer's backward reads.
LayerSaves SavedPerLayer(ModelCode code, const LayerShape& shape, const LayerRun& run);
// With whole-layer checkpointing: the layer's input (fp32 under prepare_model_for_kbit_training).
double CheckpointedInput(const LayerShape& shape, const LayerRun& run);
// torchtitan's selective (op-level) checkpointing: the block input and the outputs of the matmuls and the attention
// it saves (every second mm recomputed), per token; what a code without that mode keeps is SavedPerLayer.
LayerSaves SelectiveOpSaves(const LayerShape& shape, const LayerRun& run);
// A mixture-of-experts layer: bytes one routed copy of a token keeps beside its expert MLP's own saves (SavedPerLayer's
// mlp at the expert's width): the permuted input the first expert GEMM reads, and where the code weights the
// expert's output by its gate in the combine, that output too.
double RoutedCopySaves(ModelCode code, const LayerShape& expert, const LayerRun& run);
// A routed copy's expert MLP saves (SavedPerLayer's mlp at the expert's width), less what Megatron's moe_act
// recomputation frees.
double RoutedExpertMlpSaves(ModelCode code, const LayerShape& expert, const LayerRun& run);
// A mixture-of-experts layer's transient buffers per token while it runs (beside what it saves): the routed copies'
// permuted inputs and outputs at once where the code permutes and runs grouped GEMMs (Megatron, torchtitan,
// torchtune), one expert's share and the output accumulator where it loops over the experts (Transformers, Unsloth).
// routed: copies per token on this GPU; experts: the experts it holds.
double MoeDispatchBytes(ModelCode code, const LayerShape& expert, const LayerRun& run, double routed, double experts);

// The final norm, head and loss as each code computes them, per token on the last pipeline stage.
struct LossSaves {
  double norm_h = 0;       // bytes per token per hidden element: the final norm's and the head's inputs kept
  double per_token = 0;    // bytes per token: norm statistics, labels
  double logit_peak = 0;   // bytes per logit (per token and vocabulary entry) alive at the loss's peak
  double logit_cap = 0;    // a chunked loss's logits never take more than this many bytes at once (0 = no cap)
  double logit_kept = 0;   // of logit_peak, bytes per logit alive through the whole backward (the loop's output)
  double head_weight = 0;  // bytes per head parameter kept (kbit prep: autocast's bf16 copy of the fp32 head)
  // With the logits sharded over the vocabulary across tensor-parallel ranks: bytes per logit the sharded loss adds
  // at its peak, and whether the head's input is the all-gathered sequence (full, not split by sequence parallelism).
  double tp_extra = 0;
  bool head_input_gathered = false;
};
LossSaves LossOf(ModelCode code, const LayerRun& run);
// The fused linear cross-entropy a code's stack can run instead of its own loss (the capability table's
// Feature::FusedLoss): its bytes per logit at the peak, for `hidden` and `vocab` at `act_bytes` per activation
// element, and its name as its users switch it on; none (0, "") where the code has none beyond its own (Unsloth's
// own loss is already fused).
struct FusedLoss {
  double per_logit = 0;
  const char* name = "";
};
FusedLoss FusedLossOf(ModelCode code, double hidden, double vocab, double act_bytes);

}  // namespace tp
