// main.cpp — `trainplan` entry point: hands argv to RunCli (cli/cli.cpp) and prints what it returns.
#include <cstdio>
#include <string>
#include <vector>

#include "cli.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string out, err;
  int status = tp::RunCli(args, out, err);
  std::fwrite(out.data(), 1, out.size(), stdout);
  // The report whole before the notes: piped (`2>&1 | less`), stdout is block-buffered and unbuffered stderr would
  // otherwise land inside its last unflushed line.
  std::fflush(stdout);
  std::fwrite(err.data(), 1, err.size(), stderr);
  return status;
}
