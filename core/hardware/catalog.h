// catalog.h — GPUs and interconnects (links inside a node, networks across nodes), each entry with its
// source. The data lives in assets/gpus.json and links.json, embedded at build time and parsed once on first use.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "enums.h"

namespace tp {

struct LinkSpec;

struct GpuSpec {
  std::string id, name;
  double mem_bytes = 0;       // capacity the driver exposes (nvidia-smi / rocm-smi total), bytes
  double marketed_bytes = 0;  // the marketed size ("80 GB" = 80 GiB of HBM), bytes
  std::string driver_source;  // where mem_bytes comes from
  double mem_bw = 0;          // bytes/s
  double peak_flops[4] = {};  // dense tensor FLOP/s indexed by Precision (fp32 = TF32 tensor or FP32)
  double mamf_flops = 0;      // measured maximum achievable matmul FLOP/s at BF16 (0 = not measured)
  std::string mamf_source;    // where mamf_flops comes from
  double tdp_w = 0;
  std::string host_link;           // link id of the host interface: the fastest PCIe it runs ("pcie4"), or its
                                   // chip-to-chip link to the CPU (GB200's NVLink-C2C)
  const LinkSpec* host = nullptr;  // host_link resolved (Gpus() and the custom-GPU resolver fill it)
  std::string intra_default;       // link id used between GPUs in a node by default
  std::string inter_default;       // network id used across nodes by default
  std::vector<std::string> links;  // GPU-to-GPU links it can have besides PCIe (NVLink, a bridge, xGMI)
  int gpus_per_node_default = 8;
  bool p2p = true;           // PCIe peer-to-peer (GeForce: no; NVLink/bridges provide their own)
  double host_mem_bw = 0;    // bytes/s of host memory on its usual host (staging without p2p); 0 = unknown
  int pcie_switch_gpus = 1;  // GPUs sharing one PCIe switch uplink in its usual server
  int host_gpus = 0;         // GPUs sharing one host CPU, its cores and memory (GB200: 2 per Grace); 0 = the node's
  int tray_gpus = 0;  // GPUs of one host system inside a larger NVLink domain (GB200 NVL72: 4 a tray); 0 = the node's
  // Host memory per GPU of its usual server, GB (the host_gb_per_gpu key's auto); 0 = unknown.
  double host_gb_per_gpu = 0;
  std::string host_gb_source;  // where host_gb_per_gpu comes from
  bool mxfp8 = false;          // block-scaled MXFP8 in the tensor cores (Blackwell): FP8 training's default recipe
  // The host CPU's time to launch work relative to the x86 servers the planner's host times were measured on (the
  // host_dispatch key's auto): 1 unless the catalog says otherwise (GB200's Grace).
  double host_dispatch = 1;
  std::string host_dispatch_source;
  std::string arch;             // sm_XY (NVIDIA compute capability X.Y) or AMD's gfx target; "" = not known (custom)
  bool custom = false;          // described by the gpu_* keys (gpu=custom), not the catalog
  double usd_per_gpu_hour = 0;  // rental default
  double usd_per_gpu = 0;       // purchase default
  std::string price_source;
  std::string price_source_zh;  // the same, in Chinese (the page shows it when Chinese is on)
  std::string source;
};

// A GPU's name without its maker's brand ("A100 80GB SXM4", "RTX 4090"), for narrow columns and charts; the id
// of a GPU the catalog does not know.
std::string ShortGpuName(const std::string& id);

// Host memory bandwidth assumed when a GPU's entry gives none (host_mem_gbs absent, or a custom GPU): an
// 8-channel DDR4-3200 workstation/server host, 8 x 25.6 GB/s (3200 MT/s x 8 B per channel; R).
inline constexpr double kDefaultHostMemoryBw = 204.8e9;
// Bytes/s of the host memory on a GPU's usual host: the catalog's host_mem_gbs where given, else
// kDefaultHostMemoryBw. Staging without peer-to-peer and the CPU's optimizer update under offload both read
// this one figure (MakeFabric).
inline double HostMemoryBw(const GpuSpec& g) { return g.host_mem_bw > 0 ? g.host_mem_bw : kDefaultHostMemoryBw; }

// BF16 tensor cores (Ampere and later, CDNA2 and later). Turing and Volta (T4, V100) have FP16 tensor cores only:
// frameworks train there in fp16 with loss scaling (Transformers refuses bf16=True on them; Unsloth picks fp16 by
// is_bfloat16_supported()), and the resolver plans prec=bf16 as fp16 there, with a notice.
inline bool HasBf16(const GpuSpec& g) { return g.peak_flops[int(Precision::Bf16)] > 0; }
// The GPU's dense 16-bit tensor peak: BF16's, or FP16's where it has no BF16. What "16-bit" means wherever the
// planner reads one figure for the GPU (the measured matmul share, attention, the rollout engine, the pickers).
inline double Peak16(const GpuSpec& g) {
  return HasBf16(g) ? g.peak_flops[int(Precision::Bf16)] : g.peak_flops[int(Precision::Fp16)];
}
// The name of that peak's precision, as the pickers and tooltips print it beside the figure.
inline const char* Peak16Name(const GpuSpec& g) { return HasBf16(g) ? "BF16" : "FP16"; }

// FP8 tensor cores (H100 and later, MI300X): an fp8 run uses them; elsewhere it runs in BF16 and the plan
// says so. The step model and the plan's warning read this one test.
inline bool HasFp8(const GpuSpec& g) { return g.peak_flops[int(Precision::Fp8)] > 0; }

// FlashAttention 2's CUDA kernels: Ampere and later ("Ampere, Ada, or Hopper GPUs ... Support for Turing GPUs (T4,
// RTX 2080) is coming soon, please use FlashAttention 1.x for Turing GPUs for now": Dao-AILab/flash-attention README;
// no Volta either). A launch config on a T4 or V100 asks for PyTorch's SDPA instead, whose memory-efficient kernel
// keeps the same O(s) memory the plan's flash=1 means. AMD (its ROCm build) and a GPU without an arch (custom): true.
bool RunsFlashAttention2(const GpuSpec& g);

// FP8 GEMMs that take only the TN layout, so that Transformer Engine keeps a transposed FP8 copy of each GEMM input
// for the backward (its per-tensor cast writes both: fp8_cast_transpose_fused in TE 1.x module/linear.py, the
// quantizer's columnwise "transpose" in 2.x): every NVIDIA GPU but Blackwell's data-center parts, which run FP8 GEMMs
// in any layout (transformer_engine/common/transformer_engine.cpp nvte_is_non_tn_fp8_gemm_supported: compute
// capability 10.x-11.x and 13.x and later). Ada, Hopper and consumer Blackwell (12.x) are TN-only. A GPU without an
// NVIDIA arch (AMD, a custom GPU) has no such rule here: false.
bool Fp8GemmTnOnly(const GpuSpec& g);

// What a link's bandwidth means and how a group of GPUs shares it (assets/links.json "kind").
enum class LinkKind : uint8_t {
  Pcie,     // PCIe x16 through switches and the root complex: peer-to-peer if the GPU allows it, else staged
  Switch,   // NVSwitch: every GPU reaches every peer of its node at bw
  Mesh,     // fully connected point-to-point links (Infinity Fabric): peer_bw per peer pair, bw all together
  Bridge,   // NVLink bridge joining max_gpus GPUs (a pair); the rest over PCIe
  Network,  // between nodes: per GPU adapter, or one NIC per node (per_node)
  C2c,      // a GPU's own chip-to-chip link to its CPU (NVLink-C2C): a host link only, never between GPUs
};
// The catalog's word for a kind (assets/links.json "kind"): pcie, switch, mesh, bridge, network, c2c.
const char* LinkKindId(LinkKind kind);

struct LinkSpec {
  std::string id, name;
  LinkKind kind = LinkKind::Pcie;
  double bw = 0;          // bytes/s in one direction: per GPU (per node for a per_node network; a mesh: to all
                          // peers together) -- the figure ring collectives approach
  double total_bw = 0;    // the vendor's bidirectional figure, for display (0 = not printed)
  double peer_bw = 0;     // mesh: bytes/s per direction to one peer (one link)
  int max_gpus = 0;       // bridge: GPUs it joins (2)
  bool per_node = false;  // network: one NIC shared by the node's GPUs
  double latency_s = 0;   // per-message latency (alpha)
  bool network = false;   // true for inter-node networks (kind == Network)
  std::string source;
};

const std::vector<GpuSpec>& Gpus();
const std::vector<LinkSpec>& Links();
const GpuSpec* FindGpu(std::string_view id);
const LinkSpec* FindLink(std::string_view id);

// The catalog GPU a typed name stands for: an id, or a name as people write it ("A100 80GB", "NVIDIA H100 SXM5",
// "RTX 4090", "4090"). `gpu` is null when no GPU or more than one matches; `candidates` then holds the ids of
// the several it could be ("a100": a100-40g, a100-80g), empty when none (gpu_names.cpp).
struct GpuNameMatch {
  const GpuSpec* gpu = nullptr;
  std::vector<std::string> candidates;
};
GpuNameMatch MatchGpuName(std::string_view typed);

}  // namespace tp
