// step_comm.cpp — collectives on the topology they cross (docs/step-model.md section 4): the node's
// fabric from the catalog links, where each parallel group sits, and the alpha-beta time of NCCL's ring,
// tree, all-to-all and point-to-point algorithms on it.
#include <algorithm>
#include <cmath>

#include "catalog.h"
#include "rules.h"
#include "step_internal.h"

namespace tp::step_detail {

namespace {

// Extra latency of a collective hop staged through host memory (no peer-to-peer, e.g. RTX 4090): measured
// 0.36-0.45 us peer-to-peer against about 14 us with peer-to-peer disabled (RTX PRO 6000 / 5090,
// voipmonitor/rtx6kpro hardware/pcie-bandwidth.md).
constexpr double kHostStagingLatency = 13.5e-6;
// NCCL's tree all-reduce bus bandwidth as a share of the ring's on the same nodes: 150 against 190 GB/s on
// 5 x 8 H100 with 4 x 400G RoCE per node (NVIDIA/nccl issue 1368).
constexpr double kTreeBandwidth = 150.0 / 190.0;

// PCIe among k GPUs of a node: peer-to-peer through the switches, else staged through host memory.
double PcieRing(const Fabric& f) { return f.p2p ? f.pcie : f.staged; }
// All-to-all over PCIe: with peer-to-peer, the share of each GPU's bytes that leaves its switch (k - g of k
// peers) crosses the switch's one uplink together with its g - 1 neighbours' (g (k - g) / (k - 1) times a
// GPU's own link traffic); staged, everything already goes through host memory (f.staged).
double PcieAllToAll(const Fabric& f, int k) {
  if (!f.p2p) return f.staged;
  const int g = std::min(f.switch_gpus, k);
  const double uplink = k > g ? double(g) * (k - g) / (k - 1) : 1.0;
  return f.pcie / std::max(1.0, uplink);
}

// k members of one group inside a node, `stride` apart: a bridge carries a pair of neighbours (ranks 2i,
// 2i+1), a mesh gives each peer pair one link, a switch gives every GPU its whole bandwidth.
double IntraRing(const Fabric& f, int k, int stride) {
  switch (f.kind) {
    case LinkKind::Switch: return f.bw;
    case LinkKind::Mesh: return std::min(f.bw, (k - 1) * f.peer);
    case LinkKind::Bridge: return k <= f.pair && stride == 1 ? f.peer : PcieRing(f);
    default: return PcieRing(f);
  }
}
double IntraAllToAll(const Fabric& f, int k, int stride) {
  switch (f.kind) {
    case LinkKind::Switch: return f.bw;
    case LinkKind::Mesh: return std::min(f.bw, (k - 1) * f.peer);  // one link to each of the k - 1 peers
    case LinkKind::Bridge: return k <= f.pair && stride == 1 ? f.peer : PcieAllToAll(f, k);
    default: return PcieAllToAll(f, k);
  }
}
double IntraPair(const Fabric& f, int stride) {
  switch (f.kind) {
    case LinkKind::Switch: return f.bw;
    case LinkKind::Mesh: return f.peer;  // one link between the two
    case LinkKind::Bridge: return stride == 1 ? f.peer : PcieRing(f);
    default: return PcieRing(f);
  }
}
double IntraAlpha(const Fabric& f, int k, int stride) {
  const bool pcie = f.kind == LinkKind::Pcie || (f.kind == LinkKind::Bridge && !(k <= f.pair && stride == 1));
  if (!pcie) return f.alpha;
  return f.pcie_alpha + (f.p2p ? 0.0 : kHostStagingLatency);
}

}  // namespace

Place Locate(const Fabric& f, int n, int stride) {
  Place p;
  p.n = std::max(1, n);
  if (p.n == 1) {  // not split: nothing to send (every collective returns 0 for n = 1)
    p.ring = p.intra_a2a = p.p2p = 1e30;
    return p;
  }
  stride = std::max(1, stride);
  if (double(stride) * p.n <= f.node) {
    p.k = p.n;  // the whole group inside one node
  } else {
    p.k = std::max(1, std::min(p.n, f.node / stride));
    p.nodes = (p.n + p.k - 1) / p.k;
  }
  p.nic = f.nic;
  p.nic_alpha = f.nic_alpha;
  p.intra_alpha = IntraAlpha(f, p.k, stride);
  const double intra = p.k > 1 ? IntraRing(f, p.k, stride) : 1e30;
  p.intra_a2a = p.k > 1 ? IntraAllToAll(f, p.k, stride) : 1e30;
  if (p.nodes == 1) {
    p.ring = intra;
    p.alpha = p.intra_alpha;
    const int per_tray = std::max(1, f.tray / stride);
    p.trays = (p.k + per_tray - 1) / per_tray;
  } else {
    // A hierarchical ring: its node crossings spread over the k members' own network shares (NCCL runs one
    // ring per adapter), so min(inside the node, k x one share).
    p.ring = std::min(intra, p.k * f.nic);
    // Per hop, averaged over the ring's n - 1: a chunk crosses the network once per node and the node's fabric
    // otherwise, and NCCL's tuning model charges the two kinds of hop apart (its ring latency: the intra-node steps
    // at the intra-node latency, the inter-node ones at the network's); the larger of the two for every hop
    // overstated a ring over many nodes.
    const double net_hops = std::min(double(p.nodes), double(p.n - 1));
    p.alpha = (net_hops * f.nic_alpha + (p.n - 1 - net_hops) * p.intra_alpha) / double(p.n - 1);
  }
  p.p2p = stride >= f.node ? f.nic : IntraPair(f, stride);
  return p;
}

// NCCL's double binary tree over `groups` groups of the collective (nodes, or trays inside one NVLink domain): the
// ring's bytes at a lower bus bandwidth (kTreeBandwidth of the ring's), 2 log2(groups) hops of `hop_alpha` and the
// chain of `chain` members inside each group at the node's own latency.
namespace {
double TreeAllReduce(double bytes, const Place& p, int groups, double hop_alpha, double chain) {
  const double hops = std::ceil(std::log2(double(groups)));
  return 2.0 * (p.n - 1) / p.n * bytes / (kTreeBandwidth * p.ring) + 2.0 * (hops * hop_alpha + chain * p.intra_alpha);
}
}  // namespace

// Ring all-reduce 2(n-1)/n S/B + 2(n-1) alpha. Across nodes NCCL may pick its double binary tree instead
// (TreeAllReduce over the nodes, network hops): it wins for small messages on many nodes.
// Inside one NVLink domain of several host systems (GB200 NVL72's trays of four: Fabric::tray) NCCL sees each tray as
// a node of its own, joined by NVLink (its multi-node NVLink, MNNVL), and may pick the same trees across trays, at
// NVLink's latency. (Its NVLink SHARP all-reduce in the switches, lower still, is not modelled.) A 32-GPU vLLM
// engine's decode all-reduces are then 12 latencies, not a ring's 62.
double AllReduce(double bytes, const Place& p) {
  if (p.n <= 1 || bytes <= 0) return 0;
  const double ring = 2.0 * (p.n - 1) / p.n * bytes / p.ring + 2.0 * (p.n - 1) * p.alpha;
  if (p.nodes > 1) return std::min(ring, TreeAllReduce(bytes, p, p.nodes, p.nic_alpha, p.k - 1));
  if (p.trays > 1)
    return std::min(ring, TreeAllReduce(bytes, p, p.trays, p.intra_alpha, std::ceil(double(p.n) / p.trays) - 1));
  return ring;
}
// Reduce-scatter or all-gather of a `bytes` array: (n-1)/n S/B + (n-1) alpha (ring).
double AllGather(double bytes, const Place& p) {
  if (p.n <= 1 || bytes <= 0) return 0;
  return double(p.n - 1) / p.n * bytes / p.ring + (p.n - 1) * p.alpha;
}
// All-to-all: each GPU sends `remote` bytes to members in other nodes, through its own network share, and
// `local` bytes to members of its node, over the node's fabric, both at once; the slower sets the time.
// Not min(intra, k x inter): a ring's trick of spreading node crossings over the node's adapters does not
// apply when every byte has its own destination.
double AllToAllVolumes(double remote, double local, const Place& p) {
  if (p.n <= 1 || remote + local <= 0) return 0;
  const double inter = remote > 0 ? remote / p.nic : 0.0;
  const double intra = p.k > 1 ? local / p.intra_a2a : 0.0;
  const double alpha = p.nodes > 1 ? std::max(p.intra_alpha, p.nic_alpha) : p.intra_alpha;
  return std::max(inter, intra) + (p.n - 1) * alpha;
}
// One message to the next member of the group (pipeline stages), each GPU its own slice at once.
double SendRecv(double bytes, const Place& p) {
  if (p.n <= 1 || bytes <= 0) return 0;
  const bool crosses = p.nodes > 1 && p.k <= 1;
  return bytes / p.p2p + (crosses ? p.nic_alpha : p.intra_alpha);
}

// The fabric of a job's node from its links and GPU (catalog: assets/links.json, assets/gpus.json).
Fabric MakeFabric(const Job& job, int gpus, double net) {
  Fabric f;
  const GpuSpec& g = *job.hw.gpu;
  const LinkSpec* intra = job.hw.intra;
  const LinkSpec* inter = job.hw.inter;
  const LinkSpec* host = g.host;
  f.node = NodeGpus(job.hw.gpus_per_node, gpus);
  f.tray = g.tray_gpus > 0 ? std::min(g.tray_gpus, f.node) : f.node;
  f.switch_gpus = std::max(1, std::min(g.pcie_switch_gpus, f.node));
  f.p2p = g.p2p;
  // PCIe runs at the slower of the link and the GPU's own PCIe host interface (a Gen4 GPU in a Gen5 switch
  // trains at Gen4). A GPU whose host link is not PCIe (NVLink-C2C) runs PCIe at the link's own rate.
  const bool pcie_host = host && host->kind == LinkKind::Pcie && host->bw > 0;
  const bool pcie_intra = intra && intra->kind == LinkKind::Pcie && intra->bw > 0;
  double pcie = pcie_host ? host->bw : pcie_intra ? intra->bw : 31.5e9;
  if (pcie_intra) pcie = std::min(pcie, intra->bw);
  f.pcie = pcie * net;
  f.pcie_alpha = pcie_intra ? intra->latency_s : pcie_host ? host->latency_s : 5e-6;
  // The host link: a PCIe x16 whose switch uplink the GPUs behind it share, or the GPU's own chip-to-chip link.
  const bool c2c = host && host->kind == LinkKind::C2c && host->bw > 0;
  f.host = c2c ? host->bw * net : f.pcie / f.switch_gpus;
  f.host_gpus = g.host_gpus > 0 ? std::min(g.host_gpus, f.node) : f.node;
  // Staged through host memory (no peer-to-peer): the sender's copy to host memory and the receiver's copy
  // from it use opposite directions of different host links, so the link is not halved (full duplex); but
  // every byte is written to and read from host memory, which the host's GPUs share, and goes up and down the
  // host link. Per GPU: min(host link share, host memory / (2 x GPUs per host)).
  f.host_mem = HostMemoryBw(g);
  f.staged = std::min(f.host, f.host_mem * net / (2.0 * f.host_gpus));
  if (intra && intra->bw > 0 && !intra->network) {
    f.kind = intra->kind;
    f.bw = intra->kind == LinkKind::Pcie ? f.pcie : intra->bw * net;
    f.peer = (intra->peer_bw > 0 ? intra->peer_bw : intra->bw) * net;
    f.pair = intra->max_gpus > 0 ? intra->max_gpus : 2;
    f.alpha = intra->latency_s;
  } else {
    f.kind = LinkKind::Pcie;
    f.bw = f.peer = f.pcie;
    f.alpha = f.pcie_alpha;
  }
  // Each GPU's share of the network: its own adapter, or its part of the node's one NIC.
  const double nic = inter && inter->bw > 0 ? inter->bw : 12.5e9;
  f.nic = (inter && inter->per_node ? nic / f.node : nic) * net;
  f.nic_alpha = inter ? inter->latency_s : 5e-6;
  return f;
}

}  // namespace tp::step_detail
