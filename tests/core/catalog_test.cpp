// catalog_test.cpp — the hardware catalog (assets/gpus.json, assets/links.json): every GPU id of the
// interface is present with a source, dense (never sparse) tensor peaks, the links it names exist, and
// the interconnect figures that the brief's reference singles out as commonly wrong are right.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <vector>

#include "catalog.h"
#include "config.h"
#include "job.h"
#include "units.h"

// This file's names, apart from the other test files' (cmake/test_executable.cmake: a unity build).
namespace catalog_test {

using namespace tp;

namespace {
const char* kGpuIds[] = {"rtx2080ti", "rtx3060",       "rtx3080",   "rtx4060ti-16g", "rtx4080",   "rtx3090",
                         "rtx4090",   "rtx5090",       "rtx-a6000", "rtx6000-ada",   "t4",        "l4",
                         "a10",       "a10g",          "l40s",      "v100",          "v100-16g",  "a100-40g",
                         "a100-80g",  "a100-80g-pcie", "a800-80g",  "h100",          "h100-pcie", "h800",
                         "h20",       "h200",          "gh200",     "gh200-144g",    "b200",      "mi250x",
                         "mi300x",    "mi325x"};

double Tflops(const GpuSpec& g, Precision p) { return g.peak_flops[int(p)] / kTera; }
}  // namespace

TEST_CASE("every GPU id of the interface is in the catalog, complete and sourced", "[catalog]") {
  for (const char* id : kGpuIds) {
    INFO(id);
    const GpuSpec* g = FindGpu(id);
    REQUIRE(g != nullptr);
    CHECK(g->id == id);
    CHECK(!g->name.empty());
    CHECK(g->source.size() > 40);
    CHECK(g->price_source.size() > 20);
    CHECK(g->marketed_bytes >= 10 * kGiB);  // the RTX 3080's 10 GB is the smallest
    // The driver exposes a little less than the marketed size (ECC, reserved regions): never more, and
    // at most the L40S's 6 % ECC reserve less; where it comes from is said.
    CHECK(g->mem_bytes <= g->marketed_bytes);
    CHECK(g->mem_bytes >= 0.93 * g->marketed_bytes);
    CHECK(g->driver_source.size() > 20);
    CHECK(g->mem_bw >= 250 * kGB);  // the RTX 4060 Ti's 288 GB/s is the slowest
    CHECK(g->tdp_w >= 60);          // the T4 and L4 draw about 70 W
    CHECK(g->usd_per_gpu_hour > 0);
    CHECK(g->usd_per_gpu > 0);
    CHECK(g->gpus_per_node_default >= 1);
    // FP16 and BF16 run at one rate; a GPU without BF16 (Turing, Volta: compute capability 7.x) has FP16's alone.
    CHECK(Tflops(*g, Precision::Fp16) > 0);
    if (HasBf16(*g))
      CHECK(Tflops(*g, Precision::Fp16) == Tflops(*g, Precision::Bf16));
    else
      CHECK(g->arch.rfind("sm_7", 0) == 0);
    CHECK(Peak16(*g) == g->peak_flops[int(Precision::Fp16)]);
    // TF32/FP32 is slower than 16-bit; FP8, where the GPU has it, is twice the 16-bit rate (L40S's
    // datasheet prints 362.05 and 733, hence the 2% margin).
    CHECK(Tflops(*g, Precision::Fp32) < Peak16(*g) / kTera);
    if (Tflops(*g, Precision::Fp8) > 0)
      CHECK(Tflops(*g, Precision::Fp8) == Approx(2 * Peak16(*g) / kTera).epsilon(0.02));
    CHECK(FindLink(g->host_link) != nullptr);
    REQUIRE(FindLink(g->intra_default) != nullptr);
    REQUIRE(FindLink(g->inter_default) != nullptr);
    CHECK_FALSE(FindLink(g->intra_default)->network);
    CHECK(FindLink(g->inter_default)->network);
    // A measured achievable matmul rate, where present, is of the order of the peak: from the T4's 37 % (its 70 W
    // cap, as NVIDIA explains it) to the GeForce cards' 108-110 % (boost clocks above the rated one).
    if (g->mamf_flops > 0) {
      CHECK(g->mamf_flops / Peak16(*g) > 0.33);
      CHECK(g->mamf_flops / Peak16(*g) < 1.15);
    }
  }
  CHECK(Gpus().size() >= std::size(kGpuIds));
  CHECK(FindGpu("h100-sxm-typo") == nullptr);
}

TEST_CASE("every price source has its Chinese, with the same figures", "[catalog]") {
  for (const GpuSpec& g : Gpus()) {
    INFO(g.id << ": " << g.price_source << " / " << g.price_source_zh);
    REQUIRE(!g.price_source_zh.empty());
    bool cjk = false;
    for (unsigned char c : g.price_source_zh) cjk |= c >= 0xE3;  // UTF-8 lead byte of U+3000 and up
    CHECK(cjk);
    // Every dollar figure and year of the English is in the Chinese as written.
    const std::string& en = g.price_source;
    for (size_t i = 0; i < en.size(); ++i) {
      if (en[i] != '$' &&
          !(en.compare(i, 2, "20") == 0 && i + 4 <= en.size() && std::isdigit((unsigned char)en[i + 3])))
        continue;
      size_t j = i + 1;
      while (j < en.size() && (std::isdigit((unsigned char)en[j]) || en[j] == ',' || en[j] == 'k')) ++j;
      while (j > i + 1 && en[j - 1] == ',') --j;
      const std::string figure = en.substr(i, j - i);
      CHECK(g.price_source_zh.find(figure) != std::string::npos);
      i = j;
    }
  }
}

TEST_CASE("dense tensor peaks, not the sparse figures", "[catalog]") {
  // reference/gpus.md: H100 SXM 989.4 dense (1,979 is sparse); B200 2,250 dense; L40S 362.05 dense.
  CHECK(Tflops(*FindGpu("h100"), Precision::Bf16) == Approx(989.4));
  CHECK(Tflops(*FindGpu("h100"), Precision::Fp8) == Approx(1978.9));
  CHECK(Tflops(*FindGpu("a100-80g"), Precision::Bf16) == Approx(312));
  CHECK(Tflops(*FindGpu("b200"), Precision::Bf16) == Approx(2250));
  CHECK(Tflops(*FindGpu("l40s"), Precision::Bf16) == Approx(362.05));
  CHECK(Tflops(*FindGpu("rtx4090"), Precision::Bf16) == Approx(165.2));
  CHECK(Tflops(*FindGpu("mi300x"), Precision::Bf16) == Approx(1307.4));
  // A100 has no FP8 tensor cores.
  CHECK(Tflops(*FindGpu("a100-80g"), Precision::Fp8) == 0);
  // Capacities: B200 exposes 180 GB per GPU in HGX/DGX, not the chip's 192; the driver shows 183,359 MiB.
  CHECK(FindGpu("b200")->marketed_bytes == Approx(180 * kGiB));
  CHECK(FindGpu("b200")->mem_bytes == 183359.0 * 1048576);
  CHECK(FindGpu("mi300x")->marketed_bytes == Approx(192 * kGiB));
  // nvidia-smi's totals: 81,559 MiB on an H100 80GB, 81,920 on an A100 80GB, 46,068 on an L40S with ECC.
  CHECK(FindGpu("h100")->mem_bytes == 81559.0 * 1048576);
  CHECK(FindGpu("a100-80g")->mem_bytes == 81920.0 * 1048576);
  CHECK(FindGpu("l40s")->mem_bytes == 46068.0 * 1048576);
}

TEST_CASE("cloud and workstation cards: the T4's FP16 alone, the A10G's half-rate accumulate, the A6000's bridge",
          "[catalog]") {
  // Turing: FP16 tensor cores at 65 TFLOP/s, no BF16, no TF32, no FP8; PCIe 3.0; its 70 W cap holds a continuous
  // matmul near 24 TFLOP/s (NVIDIA's forum answer), which is its measured rate here.
  const GpuSpec* t4 = FindGpu("t4");
  REQUIRE(t4);
  CHECK_FALSE(HasBf16(*t4));
  CHECK(Peak16(*t4) == Approx(65 * kTera));
  CHECK(std::string(Peak16Name(*t4)) == "FP16");
  CHECK(Tflops(*t4, Precision::Fp8) == 0);
  CHECK(t4->host_link == "pcie3");
  CHECK(t4->mamf_flops / Peak16(*t4) < 0.4);
  CHECK(t4->mem_bytes == 15360.0 * 1048576);  // ECC on, as shipped
  // The same GA102 die and 600 GB/s: the A10 runs FP32-accumulate at full rate in 150 W, the A10G (AWS g5) at half
  // rate in 300 W, as its measured 69.7 TFLOP/s shows (its peak is derived, not published).
  const GpuSpec *a10 = FindGpu("a10"), *a10g = FindGpu("a10g");
  REQUIRE((a10 && a10g));
  CHECK(Tflops(*a10, Precision::Bf16) == Approx(125));
  CHECK(Tflops(*a10g, Precision::Bf16) == Approx(70));
  CHECK(a10->mem_bw == a10g->mem_bw);
  CHECK(a10g->mamf_flops / Peak16(*a10g) > 0.95);
  CHECK_FALSE(a10g->p2p);  // "peer access is not supported" on g5.48xlarge
  // Ada's L4 and RTX 6000 Ada have BF16 and FP8; the L4's 300 GB/s is the data-centre parts' least bandwidth.
  CHECK(Tflops(*FindGpu("l4"), Precision::Fp8) == Approx(2 * 121).epsilon(0.01));
  for (const GpuSpec& g : Gpus())
    if (g.name.find("GeForce") == std::string::npos) CHECK(g.mem_bw >= FindGpu("l4")->mem_bw);
  // The RTX A6000 pairs over the GA102 bridge the RTX 3090 has; the RTX 6000 Ada has no NVLink.
  CHECK(FindGpu("rtx-a6000")->links == std::vector<std::string>{"nvlink-bridge3"});
  CHECK(FindGpu("rtx6000-ada")->links.empty());
  CHECK(ShortGpuName("t4") == "T4");
  // The students' cards: Turing's RTX 2080 Ti has FP16 tensor cores alone (53.8 TFLOP/s with FP32 accumulate, the
  // GeForce half rate) and a TU102 bridge of 50 GB/s each way; the RTX 4060 Ti has eight PCIe 4.0 lanes.
  CHECK_FALSE(HasBf16(*FindGpu("rtx2080ti")));
  CHECK(FindGpu("rtx2080ti")->links == std::vector<std::string>{"nvlink-bridge-tu102"});
  CHECK(FindLink("nvlink-bridge-tu102")->bw == Approx(50 * kGB));
  CHECK(FindGpu("rtx4060ti-16g")->host_link == "pcie4-x8");
  CHECK(FindLink("pcie4-x8")->bw == Approx(FindLink("pcie4")->bw / 2));
  // Volta: FP16 tensor cores only, as the T4; eight SXM2 boards joined by a hybrid cube-mesh of NVLink 2 (six links
  // of 25 GB/s each way), which a pair sees as one link and all eight as 150 GB/s; measured all-reduces reach 86-90 %.
  for (const char* id : {"v100", "v100-16g"}) {
    const GpuSpec* v = FindGpu(id);
    REQUIRE(v);
    CHECK_FALSE(HasBf16(*v));
    CHECK(Peak16(*v) == Approx(125 * kTera));
    CHECK(v->intra_default == "nvlink2-cube");
  }
  const LinkSpec* cube = FindLink("nvlink2-cube");
  REQUIRE(cube);
  CHECK(cube->kind == LinkKind::Mesh);
  CHECK(cube->bw == Approx(6 * 25 * kGB));
  CHECK(cube->peer_bw == Approx(25 * kGB));
}

TEST_CASE("RTX 4090: PCIe 4.0 and no peer-to-peer, RTX 5090 is PCIe 5.0", "[catalog]") {
  const GpuSpec* g = FindGpu("rtx4090");
  CHECK(g->host_link == "pcie4");
  CHECK(g->intra_default == "pcie4");
  CHECK_FALSE(g->p2p);
  CHECK(FindGpu("rtx5090")->host_link == "pcie5");
  CHECK(FindGpu("h100")->p2p);
  // L40S is 350 W (300 W is the L40).
  CHECK(FindGpu("l40s")->tdp_w == 350);
}

TEST_CASE("export variants: the H800 and A800 keep their parent's compute with less NVLink, the H20 the reverse",
          "[catalog]") {
  const auto same_die = [](const char* variant, const char* parent, double nvlink_total_gbs) {
    INFO(variant);
    const GpuSpec* v = FindGpu(variant);
    const GpuSpec* p = FindGpu(parent);
    REQUIRE(v != nullptr);
    REQUIRE(p != nullptr);
    CHECK(Tflops(*v, Precision::Bf16) == Tflops(*p, Precision::Bf16));
    CHECK(v->mem_bytes == p->mem_bytes);
    CHECK(v->mamf_flops == p->mamf_flops);
    const LinkSpec* vl = FindLink(v->intra_default);
    const LinkSpec* pl = FindLink(p->intra_default);
    REQUIRE(vl != nullptr);
    REQUIRE(pl != nullptr);
    CHECK(vl->total_bw == Approx(nvlink_total_gbs * kGB));
    CHECK(vl->bw < pl->bw);
  };
  same_die("h800", "h100", 400);
  same_die("a800-80g", "a100-80g", 400);
  // The H20: Hopper's full NVLink 4 and more memory, a fraction of the H100's tensor throughput.
  const GpuSpec* h20 = FindGpu("h20");
  REQUIRE(h20 != nullptr);
  CHECK(h20->intra_default == "nvlink4");
  CHECK(Tflops(*h20, Precision::Bf16) == 148);
  CHECK(Tflops(*h20, Precision::Bf16) < 0.2 * Tflops(*FindGpu("h100"), Precision::Bf16));
  CHECK(h20->mem_bytes > FindGpu("h100")->mem_bytes);
  CHECK(h20->mem_bw > FindGpu("h100")->mem_bw);
}

TEST_CASE("GB200 reaches its Grace CPU over NVLink-C2C, two GPUs to a Grace and its LPDDR5X", "[catalog]") {
  // NVIDIA: 900 GB/s bidirectional, 450 each way; the old catalog entered PCIe Gen5 (63 GB/s).
  const GpuSpec* g = FindGpu("gb200");
  REQUIRE(g);
  REQUIRE(g->host);
  CHECK(g->host->kind == LinkKind::C2c);
  CHECK(g->host->bw == Approx(450 * kGB));
  CHECK(g->host->total_bw == Approx(900 * kGB));
  CHECK(g->host_gpus == 2);
  CHECK(g->host_mem_bw == Approx(512 * kGB));
  // The other GPUs keep a PCIe host link, whose uplink their switch's GPUs share.
  CHECK(FindGpu("b200")->host->kind == LinkKind::Pcie);
  CHECK(FindGpu("b200")->host_gpus == 0);
}

// GH200: the H100's die beside one Grace each, four to a node joined pairwise by NVLink 4 (JUPITER's page: 150 GB/s
// per direction between each pair, no NVSwitch), one 200 Gb/s adapter a GPU; the 96 GB part's driver total from
// public nvidia-smi logs, its Grace launching PyTorch ops at 2.46x an x86 host's CPU time (TransformerEngine#2053).
TEST_CASE("GH200: the H100's die on its own Grace, four a node joined pairwise by NVLink 4", "[catalog]") {
  const GpuSpec* g = FindGpu("gh200");
  const GpuSpec* hbm3e = FindGpu("gh200-144g");
  REQUIRE(g);
  REQUIRE(hbm3e);
  CHECK(g->peak_flops[int(Precision::Bf16)] == FindGpu("h100")->peak_flops[int(Precision::Bf16)]);
  CHECK(g->mem_bw == Approx(4000 * kGB));
  CHECK(hbm3e->mem_bw == Approx(4900 * kGB));
  CHECK(g->mem_bytes == Approx(97871.0 * 1048576));
  CHECK(hbm3e->mem_bytes > 1.4 * g->mem_bytes);
  REQUIRE(g->host);
  CHECK(g->host->kind == LinkKind::C2c);
  CHECK(g->host_gpus == 1);  // one Grace for each GPU (GB200: one for two)
  CHECK(g->host_dispatch == Approx(33.17 / 13.48).epsilon(0.002));
  CHECK(g->gpus_per_node_default == 4);
  const LinkSpec* quad = FindLink(g->intra_default);
  REQUIRE(quad);
  CHECK(quad->kind == LinkKind::Mesh);
  CHECK(quad->peer_bw == Approx(150 * kGB));
  CHECK(quad->bw == Approx(3 * quad->peer_bw));
  CHECK(FindLink(g->inter_default)->bw == Approx(25 * kGB));
  CHECK(FindLink("ib-ndr200")->bw == Approx(25 * kGB));
}

// The host CPU's launch time relative to the x86 servers the planner's host times were measured on, the
// host_dispatch key's auto: Grace's measured figure on GB200 (TransformerEngine#2053), 1 elsewhere; each one not 1
// with its source.
TEST_CASE("a GPU's host launch time: GB200's Grace as measured, x86 servers 1, each figure sourced", "[catalog]") {
  CHECK(FindGpu("gb200")->host_dispatch == Approx(37.08 / 13.48).epsilon(0.002));
  CHECK(FindGpu("b200")->host_dispatch == 1);
  CHECK(FindGpu("h100")->host_dispatch == 1);
  for (const GpuSpec& g : Gpus()) {
    INFO(g.id);
    CHECK(g.host_dispatch > 0);
    CHECK((g.host_dispatch != 1) == !g.host_dispatch_source.empty());
    if (!g.host_dispatch_source.empty()) CHECK(g.host_dispatch_source.find("TransformerEngine") != std::string::npos);
  }
}

// The host memory of each GPU's usual server, the host_gb_per_gpu key's auto: each figure with its source.
TEST_CASE("host memory per GPU of the usual server, each sourced", "[catalog]") {
  CHECK(FindGpu("h100")->host_gb_per_gpu == 256);   // DGX H100: 2 TB for 8
  CHECK(FindGpu("b200")->host_gb_per_gpu == 256);   // DGX B200: 2 TB for 8
  CHECK(FindGpu("gb200")->host_gb_per_gpu == 240);  // 480 GB per Grace, two GPUs to a Grace
  CHECK(FindGpu("rtx4090")->host_gb_per_gpu == 0);  // no usual server: the key's own default
  for (const GpuSpec& g : Gpus()) {
    INFO(g.id);
    CHECK((g.host_gb_per_gpu > 0) == !g.host_gb_source.empty());
  }
}

TEST_CASE("interconnects: per-direction bandwidth per GPU, latency and source", "[catalog]") {
  // NVLink totals are both directions: A100 600 GB/s = 300 each way; H100/H200 900; B200 1,800.
  CHECK(FindLink("nvlink3")->bw == Approx(300 * kGB));
  CHECK(FindLink("nvlink4")->bw == Approx(450 * kGB));
  CHECK(FindLink("nvlink5")->bw == Approx(900 * kGB));
  // PCIe x16 per direction: 4.0 about 32 GB/s, 5.0 about 64 GB/s.
  CHECK(FindLink("pcie4")->bw == Approx(31.5 * kGB));
  CHECK(FindLink("pcie5")->bw == Approx(63 * kGB));
  // Networks per GPU: HDR 200 Gb/s, NDR 400 Gb/s, XDR 800 Gb/s.
  CHECK(FindLink("ib-hdr")->bw == Approx(25 * kGB));
  CHECK(FindLink("ib-ndr")->bw == Approx(50 * kGB));
  CHECK(FindLink("ib-xdr")->bw == Approx(100 * kGB));
  CHECK(FindLink("roce-400")->bw == Approx(50 * kGB));
  for (const LinkSpec& l : Links()) {
    INFO(l.id);
    CHECK(!l.name.empty());
    CHECK(l.source.size() > 20);
    CHECK(l.bw > 0);
    CHECK(l.latency_s > 0);
    CHECK(l.latency_s < 1e-3);
  }
  // Inside a node is faster than across nodes for every GPU's defaults.
  for (const GpuSpec& g : Gpus()) {
    INFO(g.id);
    CHECK(FindLink(g.intra_default)->bw > FindLink(g.inter_default)->bw);
  }
  CHECK(FindLink("ethernet-typo") == nullptr);
}

TEST_CASE("links say what their figure is: kind, per direction and total, per GPU or per node", "[catalog]") {
  for (const LinkSpec& l : Links()) {
    INFO(l.id);
    CHECK(l.source.find("direction") != std::string::npos);  // every figure says per direction (or total)
    if (l.total_bw > 0) CHECK(l.total_bw == Approx(2 * l.bw));
    CHECK(l.network == (l.kind == LinkKind::Network));
    if (l.kind == LinkKind::Mesh) CHECK(l.peer_bw > 0);
    if (l.kind == LinkKind::Bridge) CHECK(l.max_gpus == 2);
    if (l.per_node) CHECK(l.network);
  }
  // NVLink bridges: the RTX 3090's GA102 bridge 56.25 per direction; A100 PCIe and H100 PCIe pairs 300.
  CHECK(FindLink("nvlink-bridge3")->bw == Approx(56.25 * kGB));
  CHECK(FindLink("nvlink-bridge-a100")->bw == Approx(300 * kGB));
  CHECK(FindLink("nvlink-bridge-h100")->bw == Approx(300 * kGB));
  // MI300X: 448 to all seven peers together, one 64 GB/s link to each.
  const LinkSpec* xgmi = FindLink("infinity-fabric-mi300x");
  CHECK(xgmi->kind == LinkKind::Mesh);
  CHECK(xgmi->bw == Approx(7 * xgmi->peer_bw));
  CHECK(xgmi->peer_bw == Approx(64 * kGB));
  // Ethernet is one NIC per node (12.5 GB/s for 100 GbE), InfiniBand one adapter per GPU.
  CHECK(FindLink("eth-100")->per_node);
  CHECK(FindLink("eth-100")->bw == Approx(12.5 * kGB));
  CHECK_FALSE(FindLink("ib-ndr")->per_node);
}

TEST_CASE("GPUs list the links they can have, and their measured matmul rates with the source", "[catalog]") {
  for (const GpuSpec& g : Gpus()) {
    INFO(g.id);
    REQUIRE(g.host);
    CHECK((g.host->kind == LinkKind::Pcie || g.host->kind == LinkKind::C2c));  // a host link, never between GPUs
    for (const std::string& id : g.links) {
      REQUIRE(FindLink(id));
      CHECK(FindLink(id)->kind != LinkKind::Pcie);
      CHECK(FindLink(id)->kind != LinkKind::C2c);
      CHECK_FALSE(FindLink(id)->network);
    }
    // The default link inside a node is one the GPU can have.
    const LinkSpec* intra = FindLink(g.intra_default);
    const bool own = std::find(g.links.begin(), g.links.end(), g.intra_default) != g.links.end();
    CHECK((own || (intra->kind == LinkKind::Pcie && intra->bw <= g.host->bw)));
    if (!g.p2p) CHECK(g.host_mem_bw > 0);  // staging needs the host's memory bandwidth
    CHECK(g.pcie_switch_gpus >= 1);
    if (g.mamf_flops > 0) CHECK(g.mamf_source.size() > 20);
  }
  const auto mamf = [](const char* id) { return FindGpu(id)->mamf_flops / kTera; };
  CHECK(mamf("b200") == Approx(1745.0));
  CHECK(mamf("mi325x") == Approx(784.9));
  CHECK(mamf("mi250x") == Approx(2 * 147.0));  // the catalog counts one package: two GCDs
  CHECK(mamf("l40s") == Approx(252.0));
  CHECK(mamf("mi300x") == Approx(668.4));  // Stas Bekman's v2; his v1's 758.3 is superseded
  CHECK(FindGpu("mi300x")->mamf_source.find("v2") != std::string::npos);
  for (const char* id : {"rtx4090", "h100-pcie", "l40s"})  // not Stas Bekman's table: mag-'s own
    CHECK(FindGpu(id)->mamf_source.find("mag-/gpu_benchmark") == 0);
  CHECK(FindGpu("rtx4090")->links.empty());
  CHECK(FindGpu("rtx3090")->links == std::vector<std::string>{"nvlink-bridge3"});
}

TEST_CASE("the default MTBF is Llama 3's: 54 days x 24 h x 16,384 GPUs / 419 interruptions", "[catalog]") {
  CHECK(Config{}.mtbf_gpu_h == std::round(54.0 * 24 * 16384 / 419));
  CHECK(Reliability{}.mtbf_gpu_h == Config{}.mtbf_gpu_h);
}

TEST_CASE("a GPU's short name drops its maker's brand, an unknown id stays as it is", "[catalog]") {
  CHECK(ShortGpuName("rtx4090") == "RTX 4090");
  CHECK(ShortGpuName("mi300x").rfind("MI300X", 0) == 0);
  CHECK(ShortGpuName("no-such-gpu") == "no-such-gpu");
  for (const GpuSpec& g : Gpus()) {
    INFO(g.id);
    CHECK(g.name.find(ShortGpuName(g.id)) != std::string::npos);
    CHECK(ShortGpuName(g.id).rfind("NVIDIA", 0) != 0);
  }
}

}  // namespace catalog_test
