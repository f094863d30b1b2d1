// memory.h — memory per GPU for a (Job, Layout): weights, gradients, optimizer states, activations and
// the rest, ZeRO/FSDP sharding, offload, LoRA/QLoRA; the largest micro-batch and sequence that fit.
#pragma once
#include "job.h"
#include "plan.h"

namespace tp {

// What EstimateMemory computed for the most loaded GPU, for the explanation (core/report/explain.h): the same
// variables, copied out only when asked (the search passes no trace).
struct MemoryTrace {
  int stage = 0;              // the pipeline stage of the most loaded GPU
  double params = 0;          // parameters that GPU holds (before ZeRO sharding): dense + routed experts
  double trainable = 0;       // of which trained (all for full training; the adapters for LoRA/QLoRA)
  double outside = 0;         // outside the caching allocator: CUDA context + NCCL, bytes
  double reserve_factor = 1;  // alloc_reserve: reserved per allocated byte of activations and temporaries
  double temporaries = 0;     // allocator temporaries: gathered ZeRO-3 units, dequantization, MoE dispatch
  double workspace = 0;       // cuBLAS workspaces, in the allocator but allocated once
  double paged = 0;           // paged optimizer bytes evicted to the host
  double calib_memory = 1;    // the user's calibration factor applied to activations and temporaries
  double headroom = 0;
  // The activations' factors on that GPU: its stage's layers, the micro-batches in flight there, the tokens of one
  // micro-batch it holds (mbs x seq / cp) and what one layer keeps per token (x calib_memory).
  double layers = 0, inflight = 0, tokens_per_micro_batch = 0, saved_per_token_layer = 0;
};

MemoryBreakdown EstimateMemory(const Job& job, const Layout& layout, MemoryTrace* trace = nullptr);

// How one layer of the job runs, as the model code's saved tensors depend on it (core/stack/saves.h): the compute
// dtype, what trains, the attention kernels, dropout, FP8 inputs, the adapters, torch.compile and k-bit preparation.
LayerRun LayerRunOf(const Job& job);
// Bytes per logit alive at the loss's peak in the job's model code (saves.cpp LossOf): the logit_bytes default.
double LossPeakPerLogit(const Job& job);
// A forward pass without gradients (post-training's log-probability passes, rl.h: torch.no_grad, Megatron's
// forward_only) at `mbs` sequences of `seq` tokens per micro-batch (rl.h RlPeakSeq: the longest the framework runs):
// what it needs on the most loaded GPU beyond the model states
// resident there, bytes as nvidia-smi shows them: outside the allocator (CUDA context, NCCL), the cuBLAS workspaces,
// the gathered ZeRO-3 units, and through the allocator's reserve the larger of one layer's transient activations and,
// on the last pipeline stage, the head's input and the logits at `per_logit` bytes each (the vocabulary split over
// tensor-parallel ranks). Nothing is kept across layers, and no micro-batch in flight is kept for a backward.
double ForwardOnlyBytes(const Job& job, const Layout& layout, int mbs, int seq, double per_logit);
// cuBLAS workspaces in the caching allocator: two (handle, stream) pairs (the forward thread and the autograd
// engine's backward thread), 32 MiB each on sm90 (Hopper) and later, 8.125 MiB before (aten CublasHandlePool.cpp
// parseChosenWorkspaceSize, @26a39059: ":4096:2:16:8" by default, 32 MiB when major == 9 && minor == 0).
double CublasWorkspaces(const Job& job);

}  // namespace tp
