// cli.h — the `trainplan` command line as a function, so tests can run it without a process:
// RunCli({"plan", "model=llama2-70b", "--format", "json"}, out, err) returns the exit status
// (0 success, 2 bad input) and fills stdout / stderr text.
#pragma once
#include <string>
#include <vector>

namespace tp {

// args: the arguments after the program name. Reads files named by --config / --hf-config.
int RunCli(const std::vector<std::string>& args, std::string& out, std::string& err);

}  // namespace tp
