// read_file.h — the benchmark tools' one way to read a data file whole, naming the tool and the path when it
// cannot (validate, memory_cases).
#pragma once
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace tp::bench {

inline bool ReadFile(const char* tool, const std::string& path, std::string& text) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "%s: cannot read %s\n", tool, path.c_str());
    return false;
  }
  std::stringstream s;
  s << in.rdbuf();
  text = s.str();
  return true;
}

}  // namespace tp::bench
