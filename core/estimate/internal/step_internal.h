// step_internal.h — what the step model's files share (core/estimate/step.cpp: kernels, layers, the step; core/
// step_comm.cpp: each collective on the topology it crosses; core/estimate/step_moe.cpp: expert routing and its
// all-to-all; and core/estimate/rl_rollout.cpp, whose engines' tensor-parallel all-reduces are these collectives).
// Not part of the engine's interface.
#pragma once
#include "catalog.h"
#include "flops.h"
#include "job.h"

namespace tp::step_detail {

// The step model's constants for one job: the fitted defaults (step.cpp) or the user's Assumptions.
struct Constants {
  double e_max, half_ridge, attn, mem, net, overlap_dp, contention;
  double overlap_ep, moe_imbalance, moe_capacity, ep_dedup, moe_packed;  // the stack's: Assumptions as given
  double moe_a2a_overlap, moe_pad, moe_host, full_graphs, fp8_head;
};

// ---- Collectives on the topology they cross (docs/step-model.md section 4) ---------------------------
// Every bandwidth below is bytes/s per GPU in one direction, already derated by eff_network, and every
// time is the alpha-beta model of NCCL's algorithms (bus-bandwidth factors of nccl-tests PERFORMANCE.md).

// One node's fabric as the collectives see it, resolved once per EstimateStep from the catalog links.
struct Fabric {
  LinkKind kind = LinkKind::Pcie;  // the link inside a node
  double bw = 1;                   // switch: to any peer; mesh: to all peers together; bridge: the pair; pcie: the x16
  double peer = 1;                 // mesh: one peer link; bridge: the bridge
  int pair = 2;                    // bridge: GPUs it joins
  double alpha = 5e-6;             // latency of the link inside a node
  // PCIe: what a pcie fabric runs at and what a bridge's larger groups fall back to.
  double pcie = 1;           // peer-to-peer bandwidth of the GPU's x16 (the slower of the link and the host interface)
  double staged = 1;         // per GPU when every GPU of the node stages through host memory at once
  double pcie_alpha = 5e-6;  // peer-to-peer latency; staged hops add kHostStagingLatency
  bool p2p = true;           // PCIe peer-to-peer (GeForce: no)
  int switch_gpus = 1;       // GPUs behind one PCIe switch uplink
  double host = 1;           // each GPU's share of its host link when the node's GPUs all move at once (HostLinkBw)
  int host_gpus = 8;         // GPUs sharing one host CPU and its memory (at most the node's)
  double host_mem = 1;       // bytes/s of that host's memory (HostMemoryBw): staging and the CPU's optimizer update
  double nic = 1;            // each GPU's share of the network, per direction
  double nic_alpha = 5e-6;
  int node = 8;  // GPUs per node in this job (gpus_per_node, at most gpus)
  int tray = 8;  // GPUs of one host system inside the node's NVLink domain (GB200 NVL72: 4); else the node
};

// Each GPU's share of its host link when every GPU moves data to or from the host at once (offload,
// offloaded checkpoints, paged optimizer states, staging without peer-to-peer): over PCIe the GPUs behind one
// switch share its uplink; a chip-to-chip link (NVLink-C2C) is the GPU's own (MakeFabric).
inline double HostLinkBw(const Fabric& f) { return f.host; }

// Times a layer's forward tensor-parallel and expert collectives run in a step: forward and backward, and
// once more where full recomputation runs the forward again.
inline double CollectivePasses(const Layout& l) { return l.recompute == Recompute::Full ? 3.0 : 2.0; }
// Times a context-parallel K/V exchange runs in a step: forward, and twice in the backward (ring attention's
// backward passes the keys and values again and their gradients).
inline constexpr double kContextPasses = 3.0;

// Where a parallel group sits: n members, `stride` ranks apart (Megatron rank order: tp fastest, then cp,
// dp, pp), k of them in each node it touches. Bandwidths for each pattern, per GPU and direction.
struct Place {
  int n = 1, k = 1, nodes = 1;
  int trays = 1;         // inside one node: the host systems (trays) its k members span (Fabric::tray)
  double ring = 1;       // ring all-reduce / reduce-scatter / all-gather bus bandwidth
  double intra_a2a = 1;  // all-to-all among the k members of a node
  double nic = 1;        // each member's share of its node's network
  double p2p = 1;        // point-to-point to the next member (pipeline send)
  double alpha = 0, intra_alpha = 0, nic_alpha = 0;
};

// The network derate a job's collectives run at: eff_network, or the step model's fitted default (step.cpp).
double NetworkEfficiency(const Assumptions& a);
// The node's fabric from the job's links and GPU, every bandwidth derated by `net` (eff_network).
Fabric MakeFabric(const Job& job, int gpus, double net);
// Where a group of n members `stride` ranks apart sits, and the bandwidths it gets.
Place Locate(const Fabric& f, int n, int stride);
// Collective times (seconds) of a `bytes` message over a placed group (docs/step-model.md section 4).
double AllReduce(double bytes, const Place& p);
double AllGather(double bytes, const Place& p);  // also reduce-scatter: the same bytes on the wire
double AllToAllVolumes(double remote, double local, const Place& p);
double SendRecv(double bytes, const Place& p);

// Mixture of experts (step_moe.cpp): the busiest rank's routed load over the mean, and the time of one
// dispatch (or combine) all-to-all of `tokens` tokens of `copy` bytes per routed copy.
double ExpertLoad(const Constants& c);
double ExpertAllToAll(double tokens, double copy, const LayerOps& l, const ModelArch& m, const Place& ep,
                      const Constants& c);
// One MoE layer's dispatch + combine per pass of a micro-batch (forward with FP8 dispatch where the dispatcher
// quantizes, backward in 16-bit, the forward again with full recomputation), averaged over the passes.
double ExpertAllToAllPerPass(double tokens, double hidden, const LayerOps& l, const ModelArch& m, const Place& ep,
                             const Constants& c, bool fp8, Fp8Recipe recipe, bool full_recompute);
// The part of a micro-batch's expert all-to-all (`a2a` seconds) that computation (`compute` seconds) hides under
// the schedule: overlap_ep, else DualPipe(V)'s all, Megatron-Core's measured share, or none.
double ExpertOverlapShare(const Constants& c, bool schedule_hides);
double ExpertHidden(double a2a, double compute, const Constants& c, bool schedule_hides);
// Host time of a micro-batch's eager, dropless MoE layers (`layers` on the stage, `passes` each).
double MoeHostTime(double layers, double passes, const Constants& c);
// A micro-batch's time with its eager MoE layers' host time: each MoE layer's forward (and recomputed forward)
// waits for the host's token counts, so those passes take the longer of host and GPU layer by layer; the backward
// compares totals. `synced_share` is the forward (and recomputed forward)'s share of the `gpu` seconds;
// `forward_only`: a micro-batch without a backward, every one of its `passes` waits.
double MoeMicroBatchTime(double gpu, double synced_share, double layers, double passes, double other_host,
                         const Constants& c, bool forward_only = false);
double DefaultMoeHostPerLayerPass();
// Eager elementwise bytes (forward and backward together) of one routed copy in a layer's experts: the probability-
// scaled second bias (with fp32 probabilities for the DeepEP / HybridEP share `ep_dedup`), and outside Megatron-Core
// the first bias and GPT-OSS's clamped activation (step_moe.cpp).
double ExpertBiasBytesPerElement(double ep_dedup);
double EagerExpertBytesPerCopy(const LayerOps& l, double hidden, bool megatron, double ep_dedup);
// Bytes moved per element of a GEMM input to cast it to FP8 under the recipe, with its transposed copy where the GPU's
// FP8 GEMMs are TN-only (catalog.h Fp8GemmTnOnly; step_moe.cpp).
double Fp8CastBytesPerElement(Fp8Recipe recipe, bool tn_only);

// ---- Pipeline schedules (step_pipeline.cpp; the schedules' rules in core/job/pipeline.h) ------------------
// A micro-batch's point-to-point traffic on one stage: each of the schedule's chunks per GPU sends its
// activations forward and its gradients back (`bytes` each), exposed unless the schedule hides it (DualPipe), in
// which case it still costs `contention` of itself.
double PipelineSends(double bytes, const Place& pp, PipeSchedule s, int vp, double contention);
// The idle time of a schedule for one micro-batch of `mb_time` seconds whose forward is `fwd_share` of it and
// whose weight gradients `w_share` (the zero-bubble schedules defer those into the bubble).
double PipelineIdle(PipeSchedule s, int pp, int vp, double mb_time, double fwd_share, double w_share);

}  // namespace tp::step_detail
