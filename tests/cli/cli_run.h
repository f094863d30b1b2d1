// cli_run.h — the one way the command-line tests run `trainplan`: in process through RunCli, with its exit status,
// stdout and stderr.
#pragma once
#include <string>
#include <vector>

#include "cli.h"

namespace tp::testing {

struct CliRun {
  int status = -1;
  std::string out, err;
};

inline CliRun Cli(std::vector<std::string> args) {
  CliRun r;
  r.status = RunCli(args, r.out, r.err);
  return r;
}

}  // namespace tp::testing
