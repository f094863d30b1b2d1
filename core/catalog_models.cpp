// catalog_models.cpp — model presets parsed from assets/models.json. PLACEHOLDER.
#include "catalog.h"

namespace tp {

const std::vector<ModelPreset>& Models() { static std::vector<ModelPreset> v; return v; }
const ModelPreset* FindModel(std::string_view id) {
  for (const auto& m : Models()) if (m.id == id) return &m;
  return nullptr;
}

}  // namespace tp
