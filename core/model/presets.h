// presets.h — the model presets (assets/models.json, embedded at build time and parsed once): each a
// named architecture with the context it was trained at and its source.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "arch.h"

namespace tp {

struct ModelPreset {
  std::string id, name;
  ModelArch arch;               // with the context it was trained at (arch.trained_seq, the catalog's default_seq)
  double published_params = 0;  // what the source says, for tests and display
  std::string source;
};

const std::vector<ModelPreset>& Models();
const ModelPreset* FindModel(std::string_view id);

}  // namespace tp
