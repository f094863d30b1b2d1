// catalog.h — GPUs, interconnects and model presets, each entry with its source. The data lives in
// assets/*.json, embedded into the binary at build time and parsed once on first use.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "enums.h"
#include "job.h"

namespace tp {

struct GpuSpec {
  std::string id, name;
  double mem_bytes = 0;          // capacity the driver exposes (nvidia-smi / rocm-smi total), bytes
  double marketed_bytes = 0;     // the marketed size ("80 GB" = 80 GiB of HBM), bytes
  std::string driver_source;     // where mem_bytes comes from
  double mem_bw = 0;             // bytes/s
  double peak_flops[4] = {};     // dense tensor FLOP/s indexed by Precision (fp32 = TF32 tensor or FP32)
  double mamf_flops = 0;          // measured maximum achievable matmul FLOP/s at BF16 (0 = not measured)
  double tdp_w = 0;
  std::string host_link;         // link id of the host interface, e.g. "pcie4"
  std::string intra_default;     // link id used between GPUs in a node by default
  std::string inter_default;     // network id used across nodes by default
  int gpus_per_node_default = 8;
  bool p2p = true;               // peer-to-peer over the intra link (RTX 4090: no)
  double usd_per_gpu_hour = 0;   // rental default
  double usd_per_gpu = 0;        // purchase default
  std::string price_source;
  std::string price_source_zh;  // the same, in Chinese (the page shows it when Chinese is on)
  std::string source;
};

struct LinkSpec {
  std::string id, name;
  double bw = 0;         // bytes/s per GPU, one direction (the figure collectives run at)
  double latency_s = 0;  // per-message latency (alpha)
  bool network = false;  // true for inter-node networks
  std::string source;
};

struct ModelPreset {
  std::string id, name;
  ModelArch arch;
  int default_seq = 4096;
  double published_params = 0;  // what the source says, for tests and display
  std::string source;
};

const std::vector<GpuSpec>& Gpus();
const std::vector<LinkSpec>& Links();
const std::vector<ModelPreset>& Models();
const GpuSpec* FindGpu(std::string_view id);
const LinkSpec* FindLink(std::string_view id);
const ModelPreset* FindModel(std::string_view id);

}  // namespace tp
