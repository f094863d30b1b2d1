// fuzz_launch.cpp — libFuzzer target over the launch-config import (core/launch): detection, and each format's
// reader (JSON, yaml-cpp, toml++, the Python and shell readers) on the same bytes, then the pairs applied to a
// configuration. Never a crash or a hang; an import that fails says why with an error; every pair it takes
// names a planner key; a file that reads is read the same way twice.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "config.h"
#include "launch.h"

using namespace tp;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  LaunchFormat detected;
  const bool is_launch = DetectLaunchFormat(text, detected);
  for (const LaunchFormatInfo& f : LaunchFormats()) {
    const LaunchImport imp = ImportLaunch(text, &f.format);
    if (!imp.ok && !HasErrors(imp.issues)) abort();
    for (const LaunchPair& p : imp.pairs)
      if (!FindKey(p.key)) abort();
    Config cfg;
    std::vector<ConfigIssue> issues;
    ApplyLaunchImport(cfg, imp, issues);
    if (is_launch && f.format == detected) {
      const LaunchImport again = ImportLaunch(text);
      if (again.ok != imp.ok || LaunchPairsText(again) != LaunchPairsText(imp)) abort();
    }
  }
  return 0;
}
