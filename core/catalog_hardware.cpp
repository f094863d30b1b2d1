// catalog_hardware.cpp — GPUs and links parsed from assets/gpus.json and assets/links.json. PLACEHOLDER.
#include "catalog.h"

namespace tp {

const std::vector<GpuSpec>& Gpus() { static std::vector<GpuSpec> v; return v; }
const std::vector<LinkSpec>& Links() { static std::vector<LinkSpec> v; return v; }
const GpuSpec* FindGpu(std::string_view id) {
  for (const auto& g : Gpus()) if (g.id == id) return &g;
  return nullptr;
}
const LinkSpec* FindLink(std::string_view id) {
  for (const auto& l : Links()) if (l.id == id) return &l;
  return nullptr;
}

}  // namespace tp
