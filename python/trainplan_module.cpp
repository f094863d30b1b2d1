// trainplan_module.cpp — the engine as a Python extension (_trainplan): one function that runs the command line
// in process, so Python sees exactly what `trainplan ... --format json` prints (one parser for keys, links and
// files: the CLI's). The package around it (python/trainplan/__init__.py) builds the arguments from keyword
// arguments and turns the JSON into dicts and a refusal into an exception naming the key.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <vector>

#include "cli.h"
#include "config.h"
#include "launch.h"

namespace py = pybind11;

namespace {

// (exit status, stdout, stderr) of `trainplan ARGS...`; the engine runs without the GIL (a whole-fleet search
// takes a tenth of a second, and other Python threads may run meanwhile).
std::tuple<int, std::string, std::string> Run(const std::vector<std::string>& args) {
  std::string out, err;
  int status = 0;
  {
    py::gil_scoped_release unlocked;
    status = tp::RunCli(args, out, err);
  }
  return {status, out, err};
}

// Every key of the key table, in its order: the names plan() and the others accept as keyword arguments.
std::vector<std::string> KeyNames() {
  std::vector<std::string> names;
  for (const tp::KeyInfo& k : tp::Keys()) names.push_back(k.name);
  return names;
}

// The launch-config formats export() writes (core/launch's table, in its order): the `--to` spellings.
std::vector<std::string> ExportFormats() {
  std::vector<std::string> ids;
  for (const tp::LaunchFormatInfo& f : tp::LaunchFormats()) ids.push_back(f.id);
  return ids;
}

}  // namespace

PYBIND11_MODULE(_trainplan, m) {
  m.doc() = "TrainPlan's engine, in process: run(args) is the `trainplan` command line without a process.";
  m.def("run", &Run, py::arg("args"),
        "Runs `trainplan ARGS...` in process; returns (exit status, stdout, stderr). 0: success, 2: bad input.");
  m.def("key_names", &KeyNames, "The configuration keys, in the key table's order.");
  m.def("export_formats", &ExportFormats, "The launch-config formats export() writes (`trainplan export --to`).");
}
