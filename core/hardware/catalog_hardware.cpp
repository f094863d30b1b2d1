// catalog_hardware.cpp — GPUs and interconnects, parsed once from the embedded assets/gpus.json and
// assets/links.json (human units there: GiB, GB/s, TFLOP/s, microseconds; SI here: bytes, bytes/s,
// FLOP/s, seconds).
#include <algorithm>
#include <cstdlib>
#include <string_view>

#include "catalog.h"
#include "json.h"
#include "text.h"
#include "units.h"

namespace tp {

const char* LinkKindId(LinkKind kind) {
  switch (kind) {
    case LinkKind::Pcie: return "pcie";
    case LinkKind::Switch: return "switch";
    case LinkKind::Mesh: return "mesh";
    case LinkKind::Bridge: return "bridge";
    case LinkKind::Network: return "network";
    case LinkKind::C2c: return "c2c";
  }
  return "pcie";
}

extern const std::string_view kAsset_gpus;
extern const std::string_view kAsset_links;

namespace {

bool BoolOr(const JsonValue& v, std::string_view key, bool fallback) {
  const JsonValue* f = v.Find(key);
  return (f && f->type == JsonValue::Type::Bool) ? f->boolean : fallback;
}

std::vector<GpuSpec> ParseGpus() {
  std::vector<GpuSpec> out;
  JsonParseResult r = ParseJson(kAsset_gpus);
  const JsonValue* list = r.ok ? r.value.Find("gpus") : nullptr;
  if (!list || !list->IsArray()) return out;  // the catalog test catches a broken asset
  for (const JsonValue& e : list->array) {
    GpuSpec g;
    g.id = e.StringOr("id", "");
    g.name = e.StringOr("name", g.id);
    // The capacity the driver exposes (what nvidia-smi and PyTorch's OOM message count from), else the
    // marketed size.
    g.marketed_bytes = e.NumberOr("mem_gib", 0) * kGiB;
    const double driver_mib = e.NumberOr("driver_mib", 0);
    g.mem_bytes = driver_mib > 0 ? driver_mib * 1048576.0 : g.marketed_bytes;
    g.driver_source = e.StringOr("driver_source", "");
    g.mem_bw = e.NumberOr("mem_bw_gbs", 0) * kGB;
    if (const JsonValue* t = e.Find("tflops")) {
      for (int p = 0; p < 4; ++p) g.peak_flops[p] = t->NumberOr(kPrecisionNames[p], 0) * kTera;
    }
    g.mamf_flops = e.NumberOr("mamf_tflops", 0) * kTera;
    g.mamf_source = e.StringOr("mamf_source", "");
    g.tdp_w = e.NumberOr("tdp_w", 0);
    g.host_link = e.StringOr("host_link", "pcie4");
    g.intra_default = e.StringOr("intra", "pcie4");
    g.inter_default = e.StringOr("inter", "ib-hdr");
    if (const JsonValue* ls = e.Find("links"); ls && ls->IsArray())
      for (const JsonValue& l : ls->array)
        if (l.IsString()) g.links.push_back(l.string);
    g.gpus_per_node_default = int(e.NumberOr("gpus_per_node", 8));
    g.p2p = BoolOr(e, "p2p", true);
    g.host_mem_bw = e.NumberOr("host_mem_gbs", 0) * kGB;
    g.pcie_switch_gpus = std::max(1, int(e.NumberOr("pcie_switch_gpus", 1)));
    g.host_gpus = std::max(0, int(e.NumberOr("host_gpus", 0)));
    g.tray_gpus = std::max(0, int(e.NumberOr("tray_gpus", 0)));
    g.host_gb_per_gpu = std::max(0.0, e.NumberOr("host_gb_per_gpu", 0));
    g.host_gb_source = e.StringOr("host_gb_source", "");
    g.mxfp8 = BoolOr(e, "mxfp8", false);
    g.host_dispatch = std::max(0.1, e.NumberOr("host_dispatch", 1));
    g.host_dispatch_source = e.StringOr("host_dispatch_source", "");
    g.arch = e.StringOr("arch", "");
    g.usd_per_gpu_hour = e.NumberOr("usd_per_gpu_hour", 0);
    g.usd_per_gpu = e.NumberOr("usd_per_gpu", 0);
    g.price_source = e.StringOr("price_source", "");
    g.price_source_zh = e.StringOr("price_source_zh", "");
    g.source = e.StringOr("source", "");
    out.push_back(std::move(g));
  }
  return out;
}

std::vector<LinkSpec> ParseLinks() {
  std::vector<LinkSpec> out;
  JsonParseResult r = ParseJson(kAsset_links);
  const JsonValue* list = r.ok ? r.value.Find("links") : nullptr;
  if (!list || !list->IsArray()) return out;
  for (const JsonValue& e : list->array) {
    LinkSpec l;
    l.id = e.StringOr("id", "");
    l.name = e.StringOr("name", l.id);
    const std::string kind = e.StringOr("kind", "pcie");
    l.kind = LinkKind::Pcie;
    for (LinkKind k : {LinkKind::Switch, LinkKind::Mesh, LinkKind::Bridge, LinkKind::Network, LinkKind::C2c})
      if (kind == LinkKindId(k)) l.kind = k;
    l.bw = e.NumberOr("bw_gbs", 0) * kGB;
    l.total_bw = e.NumberOr("total_gbs", 0) * kGB;
    l.peer_bw = e.NumberOr("peer_gbs", 0) * kGB;
    l.max_gpus = int(e.NumberOr("max_gpus", 0));
    l.per_node = e.StringOr("per", "gpu") == "node";
    l.latency_s = e.NumberOr("latency_us", 0) * 1e-6;
    l.network = l.kind == LinkKind::Network;
    l.source = e.StringOr("source", "");
    out.push_back(std::move(l));
  }
  return out;
}

}  // namespace

const std::vector<GpuSpec>& Gpus() {
  static const std::vector<GpuSpec> v = [] {
    std::vector<GpuSpec> gpus = ParseGpus();
    for (GpuSpec& g : gpus) g.host = FindLink(g.host_link);  // resolved once: the step model reads it
    return gpus;
  }();
  return v;
}
const std::vector<LinkSpec>& Links() {
  static const std::vector<LinkSpec> v = ParseLinks();
  return v;
}
const GpuSpec* FindGpu(std::string_view id) {
  for (const auto& g : Gpus())
    if (g.id == id) return &g;
  return nullptr;
}
std::string ShortGpuName(const std::string& id) {
  const GpuSpec* g = FindGpu(id);
  std::string name = g ? g->name : id;
  for (const char* prefix : {"NVIDIA GeForce ", "NVIDIA ", "AMD Instinct ", "AMD ", "Tesla "})
    if (name.rfind(prefix, 0) == 0) return name.substr(std::string(prefix).size());
  return name;
}

const LinkSpec* FindLink(std::string_view id) {
  for (const auto& l : Links())
    if (l.id == id) return &l;
  return nullptr;
}

bool RunsFlashAttention2(const GpuSpec& g) {
  const int cc = NvidiaSmVersion(g.arch);  // 75: Turing; 70: Volta; 0: AMD or not known
  return cc <= 0 || cc >= 80;
}

bool Fp8GemmTnOnly(const GpuSpec& g) {
  const int cc = NvidiaSmVersion(g.arch);  // 90, 100, ...
  if (cc <= 0) return false;
  return !((cc >= 100 && cc < 120) || cc >= 130);
}

}  // namespace tp
