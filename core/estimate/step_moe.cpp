// step_moe.cpp — mixture of experts in the step model (docs/step-model.md section 4a): the busiest
// expert-parallel rank's routed load (imbalance, capacity factor and padding), where a token's routed copies go
// (random or packed routing, limited to a few nodes by group-limited routing, deduplicated per rank and node by
// DeepEP-style dispatchers), the time of the dispatch / combine all-to-all on the topology the expert group
// crosses (FP8 dispatch, DeepEP's measured link use), how much of it each schedule hides, and the host time of
// eager, dropless MoE layers.
#include <algorithm>
#include <cmath>

#include "pipeline.h"
#include "step_internal.h"

namespace tp::step_detail {

namespace {

// DeepEP's normal kernels reach about 96 % of NVLink: 153 GB/s dispatch and 158 GB/s combine over the H800's
// 160 GB/s (deepseek-ai/DeepEP README, "Intranode, 8: 153 / 158 GB/s (NVLink)"). Its figures across nodes (43-58
// GB/s over a 50 GB/s adapter) are logical traffic, before the node-level deduplication counted here, so the
// network keeps eff_network. NCCL's all-to-all gets eff_network of the line rate on both.
constexpr double kDeepEpLinkEfficiency = 153.0 / 160.0;
// Megatron-Core's batch-level EP overlap (--overlap-moe-expert-parallel-comm, one micro-batch's forward beside
// another's backward) hid 36.55 % of the communication time in NVIDIA's controlled A/B: 16 H100, Qwen3-30B-A3B,
// EP 16, HybridEP, 'Communication time hidden by compute 0.11% -> 36.55%' (NVIDIA-NeMo/Megatron-Bridge
// skills/nemo-mbridge-perf-expert-parallel-overlap/SKILL.md). Measured, not fitted.
constexpr double kMegatronA2aHidden = 0.3655;
// Host time to launch one pass (forward or backward) of one eager, dropless MoE layer: Megatron-Core's router,
// permutation, dispatcher and grouped GEMMs are dynamic shapes that CUDA graphs cannot capture ('the resulting
// dynamic shapes make MoE layers uncapturable', megatron/core/transformer/moe/README.md), so the GPU waits for the
// Python side when a micro-batch's experts have little work. Measured, not fitted: the median over the host-bound
// rows of tests/data/moe_fit_steps.json (micro-batch seconds / (MoE layers x passes); `trainplan-fit_step
// --moe-host` prints it and a test checks the shipped value).
constexpr double kMoeHostPerLayerPass = 4.496e-3;

// Distinct holders (EP ranks, or nodes) of a token's `r` routed experts when `e` experts are spread evenly
// over `holders`: chosen at random, a given holder is missed with probability C(e - e/holders, r) / C(e, r)
// (a trained router; Megatron-Core's force-balanced benchmarks draw random logits); packed, the r experts are
// consecutive (benchmark gates that deal experts out round-robin, NeMo AutoModel's FakeBalancedGate) and
// span about r / (e / holders) holders, at least one.
double DistinctHolders(double r, double e, double holders, double packed) {
  if (holders <= 1) return 1;
  const double per = e / holders;
  double miss = 1;
  for (int i = 0; i < int(std::min(r, e - per)); ++i) miss *= std::max(0.0, (e - per - i) / (e - i));
  if (r > e - per) miss = 0;
  const double random = holders * (1 - miss);
  const double aligned = std::fmod(per, r) == 0 || std::fmod(r, per) == 0;
  const double consecutive = std::min(holders, std::max(1.0, r / per + (aligned ? 0.0 : 1.0)));
  return packed * consecutive + (1 - packed) * random;
}

// Nodes a token's routed experts reach. Group-limited routing (DeepSeek-V3's n_group 8 / topk_group 4: 'each
// token will be sent to at most M nodes', report section 2.1.2) first picks `group_topk` of the `groups` expert
// groups, then the experts inside them: with the groups spread over the nodes (whole groups per node when there
// are fewer nodes than groups), the chosen groups reach DistinctHolders(group_topk, groups, nodes) nodes at most,
// or group_topk x the nodes each group spans.
double NodesReached(double r, const LayerOps& l, const ModelArch& m, double nodes, double packed) {
  const double plain = DistinctHolders(r, l.experts, nodes, packed);
  if (m.expert_groups <= 1 || m.group_topk <= 0 || m.group_topk >= m.expert_groups) return plain;
  const double g = m.expert_groups, tg = m.group_topk;
  const double limit = nodes <= g ? DistinctHolders(tg, g, nodes, 0) : std::min(nodes, tg * nodes / g);
  return std::min(plain, limit);
}

// Bytes on the wire per routed copy of a token (`hidden` elements): 16-bit, or FP8 with its scales where the
// dispatcher quantizes before sending (DeepEP's 'FP8 dispatching and BF16 combining'; DeepSeek-V3 report section
// 3.3.3): one byte per element plus an fp32 scale per 128 (block, tensor) or an 8-bit exponent per 32 (MXFP8).
double DispatchBytesPerElement(bool fp8, Fp8Recipe recipe) {
  if (!fp8) return 2.0;
  return recipe == Fp8Recipe::Mx ? 1.0 + 1.0 / 32 : 1.0 + 4.0 / 128;
}

}  // namespace

// Routed tokens on the busiest expert-parallel rank over the mean: every rank waits for it at the combine
// all-to-all. Dropless (Megatron-Core's default, moe_capacity 0) it carries the whole imbalance; with a
// capacity factor no expert takes more than capacity x its mean share, the rest are dropped; padded to its
// capacity (moe_pad) every expert computes exactly capacity x its share, whatever the routing.
double ExpertLoad(const Constants& c) {
  if (c.moe_capacity > 0 && c.moe_pad > 0) return c.moe_capacity;
  return c.moe_capacity > 0 ? std::min(c.moe_imbalance, c.moe_capacity) : c.moe_imbalance;
}

// The expert all-to-all (dispatch, or combine: the same copies back) of one MoE layer: `copy` bytes per routed
// copy of each token, `tokens` tokens per GPU. Megatron's alltoall dispatcher sends one copy per routed expert:
// (n-k)/n of the `routed` copies leave the node, (k-1)/n stay in it. A dispatcher that sends a token once to
// each rank, and once to each other node where it is forwarded over the fabric (DeepEP, Megatron-Core's
// flex dispatcher: "removes redundant tokens during cross-node communication"), sends only the distinct
// holders: `dedup` is the share of that saving the stack makes, at DeepEP's measured share of the link.
double ExpertAllToAll(double tokens, double copy, const LayerOps& l, const ModelArch& m, const Place& ep,
                      const Constants& c) {
  const double n = ep.n, k = ep.k, r = l.routed;
  const double plain_remote = r * (n - k) / n, plain_local = r * (k - 1) / n;
  double remote = plain_remote, local = plain_local;
  if (c.ep_dedup > 0 && r > 1) {
    const double ranks = std::min(r, DistinctHolders(r, l.experts, n, c.moe_packed));
    const double nodes = std::min(ranks, NodesReached(r, l, m, ep.nodes, c.moe_packed));
    const double node_msgs = ep.nodes > 1 ? nodes * (ep.nodes - 1) / ep.nodes : 0.0;
    // Sent to its own node's holders, and forwarded inside the receiving nodes to the holders there.
    const double dedup_local = ranks * (k - 1) / n + ranks * (n - k) / n * (k - 1) / k;
    remote = plain_remote - c.ep_dedup * (plain_remote - std::min(plain_remote, node_msgs));
    local = plain_local + c.ep_dedup * (dedup_local - plain_local);
  }
  // DeepEP-class kernels use NVLink better than NCCL's all-to-all (the Place bandwidths carry eff_network).
  const double link = c.ep_dedup > 0 ? c.net / (c.net + c.ep_dedup * (kDeepEpLinkEfficiency - c.net)) : 1.0;
  return AllToAllVolumes(tokens * copy * remote, tokens * copy * local * link, ep);
}

// One MoE layer's all-to-all time per pass (forward, backward, recomputed forward) of one micro-batch: the
// forward dispatches (FP8 where the dispatcher quantizes) and combines in 16-bit; the backward sends both
// gradients back in 16-bit; full recomputation repeats the forward. Averaged over the passes, so that passes x
// the result is the micro-batch's total.
double ExpertAllToAllPerPass(double tokens, double hidden, const LayerOps& l, const ModelArch& m, const Place& ep,
                             const Constants& c, bool fp8, Fp8Recipe recipe, bool full_recompute) {
  const double bf16 = ExpertAllToAll(tokens, hidden * 2.0, l, m, ep, c);
  const double dispatch =
      c.ep_dedup > 0 ? ExpertAllToAll(tokens, hidden * DispatchBytesPerElement(fp8, recipe), l, m, ep, c) : bf16;
  const double forward = dispatch + bf16, backward = 2 * bf16;
  return full_recompute ? (2 * forward + backward) / 3 : (forward + backward) / 2;
}

// The share of a micro-batch's expert all-to-all hidden behind computation: the user's overlap_ep, else the
// schedule's. DualPipe and DualPipeV overlap one micro-batch's forward with another's backward and hide it all
// (DeepSeek-V3 report section 3.2.1) where the stack runs the pair side by side (`schedule_hides`: pipeline.h
// ScheduleHidesExpertComm); Megatron-Core's batch-level overlap hides what NVIDIA measured; plain 1F1B,
// interleaved and the zero-bubble schedules run it on the critical path.
double ExpertOverlapShare(const Constants& c, bool schedule_hides) {
  if (c.overlap_ep > 0) return c.overlap_ep;
  if (schedule_hides) return 1.0;
  return c.moe_a2a_overlap > 0 ? kMegatronA2aHidden : 0.0;
}
double ExpertHidden(double a2a, double compute, const Constants& c, bool schedule_hides) {
  return std::min({a2a, ExpertOverlapShare(c, schedule_hides) * a2a, std::max(0.0, compute)});
}

// Host time of a micro-batch's eager, dropless MoE layers: `layers` MoE layers on the stage, `passes` passes each
// (forward and backward, and the forward again with full recomputation). Full-iteration CUDA graphs (`full_graphs`:
// Megatron-Core's --cuda-graph-impl full_iteration, or the static shapes of a capacity with padding, which the
// resolver turns it on for) replay every kernel without the host: none.
// The value is the resolved one (resolve.cpp): measured on x86 B200 hosts, scaled by the host's launch time
// (host_dispatch) for the stacks that launch the layer eagerly, not for Megatron-Core (docs/step-model.md §5b).
double MoeHostTime(double layers, double passes, const Constants& c) {
  if (layers <= 0 || c.full_graphs > 0) return 0;
  return layers * passes * (c.moe_host > 0 ? c.moe_host : kMoeHostPerLayerPass);
}

// A micro-batch's time on the stage when the host launches its kernels: `gpu` seconds of GPU work, of which
// `synced_share` in the passes that run the MoE layers' forward (the forward, and the recomputed forward with full
// recomputation), `other_host` seconds of host time besides the MoE layers' (fine-tuning's stacks). A dropless
// dispatcher needs each MoE layer's token counts on the host before it can size its all-to-all: Megatron-Core's
// alltoall dispatcher copies them device-to-host and synchronizes 'before_ep_alltoall' (token_dispatcher.py,
// MoEAlltoAllTokenDispatcher: cuda_sync_point, _maybe_dtoh_and_synchronize), DeepEP's normal dispatch has the
// CPU wait for the receive counts (deep_ep Buffer.dispatch, num_recv_tokens_per_expert_list). At that point the
// GPU has drained what the host queued: in these passes the host runs at most one MoE layer ahead, and each layer
// pass takes the longer of its host time and its GPU work. The backward needs no count (the splits are saved), so
// there the host runs ahead over the whole pass and only the totals compare. Without a host term (static shapes,
// no MoE layer on the stage) the micro-batch takes the longer of its GPU work and `other_host`; with full-iteration
// graphs, its GPU work.
double MoeMicroBatchTime(double gpu, double synced_share, double layers, double passes, double other_host,
                         const Constants& c, bool forward_only) {
  if (c.full_graphs > 0) return gpu;  // the whole iteration replays from graphs: nothing waits for the host
  const double host = MoeHostTime(layers, passes, c);
  // Every pass but the backward waits for the counts; a forward-only micro-batch has no backward.
  const double synced_passes = layers * (forward_only ? passes : passes - 1);
  if (host <= 0 || synced_passes <= 0) return std::max(gpu, other_host + host);
  const double per_pass = host / (layers * passes);
  const double synced_gpu = std::clamp(synced_share, 0.0, 1.0) * gpu;
  const double synced = synced_passes * std::max(per_pass, synced_gpu / synced_passes);
  const double free = std::max(other_host + (layers * passes - synced_passes) * per_pass, gpu - synced_gpu);
  return synced + free;
}
double DefaultMoeHostPerLayerPass() { return kMoeHostPerLayerPass; }

// Eager elementwise work of a routed copy in the experts, beyond the fused SwiGLU the layer already charges (bytes
// forward and backward together, derived from each stack's code).
//
// The second projection's bias, scaled by the copy's probability, outside the grouped GEMM, one local expert at a
// time: Megatron-Core's TEGroupedMLP._apply_bias (megatron/core/transformer/moe/experts.py, the same from the
// Megatron-Bridge v0.2.0 pin 0d8e0714 (25.11 container) to v0.5.0's d0b3b775 (26.06), whose fused TE path is opt-in,
// use_transformer_engine_op_fuser False) and NeMo AutoModel's GroupedExpertsDeepEP._apply_bias
// (nemo_automodel/components/moe/layers.py @01926a5) both build torch.cat([t + b * p ...]).to(dtype). Its results
// take the probabilities' dtype: fp32 under DeepEP / HybridEP ('HybridEP only supports float32 probs', 'DeepEP only
// supports float32 probs': Megatron-Core token_dispatcher.py), else the router's (GPT-OSS's Megatron-Bridge provider
// sets no moe_router_dtype: 16-bit). With e = 2 or 4 bytes, per element of the hidden-wide output: forward b * p
// written (e), t and b * p read (2 + e), the sum written (e), torch.cat reading and writing it (2e), with fp32 the
// cast back (e + 2); backward the bias and probability gradients, each a product read and written then summed (3e
// each), with fp32 the incoming gradient cast up and the input's cast back (2 (e + 2)): 24 B at 16 bits, 64 B at 32.
double ExpertBiasBytesPerElement(double ep_dedup) {
  const double e = 2.0 + 2.0 * std::clamp(ep_dedup, 0.0, 1.0);  // the DeepEP / HybridEP share: fp32 probabilities
  const double upcast = (e - 2.0) / 2.0;                        // 0 with 16-bit probabilities, 1 with fp32
  const double forward = e + (2.0 + e) + e + 2.0 * e + upcast * (e + 2.0);
  const double backward = 6.0 * e + upcast * 2.0 * (e + 2.0);
  return forward + backward;
}

namespace {
// The first projection's bias outside the grouped GEMM (AutoModel's _apply_bias without probabilities: t + b
// written, torch.cat reading and writing it; backward the bias gradient's sum): 10 B per element of its output.
// Megatron-Core adds it in Transformer Engine's GroupedLinear (skip_bias_add=False): nothing extra.
constexpr double kEagerBiasBytes = 10.0;
// GPT-OSS's clamped activation in eager PyTorch (AutoModel quick_geglu_deepep: two clamps, alpha x gate, sigmoid,
// their product, up + 1, the product, x probabilities in fp32 and the cast back; nine kernels of 4-6 B per element
// forward, 44 B; autograd's backward through the same chain with the strided halves' gradient rebuilt, about 98 B):
// 142 B per element of the intermediate, less the 18 B (3 x 2 B forward, twice that backward) the fused SwiGLU is
// already charged in step.cpp. Megatron-Core runs it fused (weighted_bias_quick_geglu_impl in TEGroupedMLP's
// bias_act_func with bias_activation_fusion, which the Bridge provider sets): nothing extra.
constexpr double kEagerClampedGluBytes = 142.0 - 18.0;
}  // namespace

double EagerExpertBytesPerCopy(const LayerOps& l, double hidden, bool megatron, double ep_dedup) {
  double bytes = l.expert_bias ? ExpertBiasBytesPerElement(ep_dedup) * hidden : 0.0;
  if (megatron) return bytes;
  if (l.expert_bias) bytes += kEagerBiasBytes * (l.swiglu ? 2.0 : 1.0) * l.ffn;
  if (l.clamped_glu) bytes += kEagerClampedGluBytes * l.ffn;
  return bytes;
}

// FP8 casts, bytes per element of a GEMM input: read 16-bit, write FP8 (3 B) with one scale per tensor, and a
// transposed FP8 copy for the backward's GEMMs where the GPU's FP8 GEMMs take only the TN layout (Hopper, Ada:
// Transformer Engine's per-tensor cast writes both, fp8_cast_transpose_fused; `tn_only`): 4 B. The block-scaled
// recipes (DeepSeek's 1x128 / 128x128, MXFP8's 32-element blocks) quantize each tensor twice, along rows for the
// forward and along columns for the backward's transposed use, each copy with its scales: 2 + 2 x (1 + scales) B
// (Megatron-Core's FP8 recipe table, megatron/core/transformer/moe/README.md; Transformer Engine's MXFP8 quantizer
// keeps rowwise and columnwise data).
double Fp8CastBytesPerElement(Fp8Recipe recipe, bool tn_only) {
  switch (recipe) {
    case Fp8Recipe::Tensor: return tn_only ? 4.0 : 3.0;
    case Fp8Recipe::Block: return 2.0 + 2.0 * (1.0 + 4.0 / 128);
    case Fp8Recipe::Mx: return 2.0 + 2.0 * (1.0 + 1.0 / 32);
  }
  return 3.0;
}

}  // namespace tp::step_detail
