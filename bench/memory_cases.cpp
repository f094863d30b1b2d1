// memory_cases.cpp — the published peak-memory cases (tests/data/memory_runs.json) planned like a user's link and
// compared with what each source measured (allocated, reserved or nvidia-smi: the case's memory_metric), one split at
// a time, so that fitting never looks at the held-out part:
//   build/native/trainplan-memory_cases [--split fitted|heldout|weak] [--markdown] [tests/data/memory_runs.json]
// Without --split: fitted. --markdown prints the table docs/validation.md shows (scripts/update-validation-doc.sh).
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "memory_validation.h"
#include "read_file.h"

namespace {
bool ReadFile(const std::string& path, std::string& text) { return tp::bench::ReadFile("memory_cases", path, text); }
}  // namespace

int main(int argc, char** argv) {
  std::string split = "fitted", path = std::string(TRAINPLAN_SOURCE_DIR) + "/tests/data/memory_runs.json";
  bool markdown = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--split" && i + 1 < argc)
      split = argv[++i];
    else if (a == "--markdown")
      markdown = true;
    else
      path = a;
  }
  std::string text;
  if (!ReadFile(path, text)) return 2;
  std::string error;
  const std::vector<tp::MemoryCaseResult> results = tp::RunMemoryCases(text, split, &error);
  if (!error.empty()) {
    std::fprintf(stderr, "memory_cases: %s: %s\n", path.c_str(), error.c_str());
    return 2;
  }
  std::fputs(markdown ? tp::MemoryCasesMarkdown(results, split).c_str() : tp::MemoryCasesText(results).c_str(), stdout);
  return 0;
}
