// core_module.cpp — the engine as a WebAssembly module for Node and other pages (trainplan-core.mjs): one entry
// that runs the command line in process on a JSON array of arguments, so `plan(config)` returns exactly what
// `trainplan plan ... --format json` prints (one parser for keys and links: the CLI's). No files: --config and
// --log are the command line's, not the module's.
#include <emscripten/emscripten.h>

#include <string>
#include <vector>

#include "cli.h"
#include "json.h"

namespace {

std::string g_out, g_err;  // the last run's stdout and stderr, read by tp_out / tp_err

}  // namespace

extern "C" {

// Runs `trainplan ARGS...` where args_json is a JSON array of strings; returns the exit status (0, 2 bad input).
EMSCRIPTEN_KEEPALIVE int tp_run(const char* args_json) {
  g_out.clear(), g_err.clear();
  const tp::JsonParseResult parsed = tp::ParseJson(args_json ? args_json : "");
  std::vector<std::string> args;
  if (parsed.ok && parsed.value.IsArray())
    for (const tp::JsonValue& a : parsed.value.array)
      if (a.IsString()) args.push_back(a.string);
  if (!parsed.ok || !parsed.value.IsArray() || args.size() != parsed.value.array.size()) {
    g_err = "trainplan: the module's arguments must be a JSON array of strings\n";
    return 2;
  }
  return tp::RunCli(args, g_out, g_err);
}

EMSCRIPTEN_KEEPALIVE const char* tp_out() { return g_out.c_str(); }
EMSCRIPTEN_KEEPALIVE const char* tp_err() { return g_err.c_str(); }

}  // extern "C"
