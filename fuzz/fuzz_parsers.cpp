// fuzz_parsers.cpp — libFuzzer target over the configuration parsers (Hugging Face config.json, plan JSON,
// links, single pairs) and the command line's cheap subcommands: the printed link always parses back to
// the same configuration, and a failing command prints exactly one line on stderr with exit status 2.
#include <cstdint>
#include <cstdlib>
#include <string>
#include "cli.h"
#include "config.h"
using namespace tp;
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string s(reinterpret_cast<const char*>(data), size);
  Config c;
  std::vector<ConfigIssue> is;
  ApplyHfConfig(c, s, is);
  ApplyJson(c, s, is);
  ApplyLink(c, s, is);
  for (size_t i = 0; i + 1 < s.size() && i < 64; i += 7) ApplyPair(c, s.substr(0, i), s.substr(i), is);
  Config back;
  std::vector<ConfigIssue> again;
  ApplyLink(back, FormatLink(c), again);
  if (!(back == c) || HasErrors(again)) abort();
  // argv split on spaces, through the link and catalog commands (cheap: no planning)
  std::vector<std::string> args = {size % 2 ? "link" : "catalog"};
  std::string cur;
  for (char ch : s) {
    if (ch == ' ') {
      args.push_back(cur);
      cur.clear();
    } else
      cur += ch;
    if (args.size() > 16) break;
  }
  args.push_back(cur);
  std::string out, err;
  int rc = RunCli(args, out, err);
  if (rc != 0 && rc != 2) abort();
  if (rc == 2 && (err.empty() || err.back() != '\n' || err.find('\n') != err.size() - 1)) abort();
  return 0;
}
