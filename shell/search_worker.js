// search_worker.js — one Web Worker of the search view: its own instance of the planner's WebAssembly
// (index.js + index.wasm; main() is not run, so no canvas and no frames), answering one search share per
// message with trainplan_worker_run (web/search_split.cpp: the share searched, written as text). The
// page (shell/trainplan.js) hands over the module it already compiled, so a worker neither downloads nor
// compiles index.wasm again; without it (an older browser) index.js fetches the file itself.
// Messages in: {module} once, then {id, request}; out: {ready} once, then {id, answer, ms}.
"use strict";
var queue = [];
var ready = false;
var started = false;

function flush() {
  while (ready && queue.length) {
    var job = queue.shift();
    var t0 = performance.now();
    var answer = self.Module.ccall("trainplan_worker_run", "string", ["string"], [job.request]);
    self.postMessage({ id: job.id, answer: answer, ms: performance.now() - t0 });
  }
}

function start(module) {
  started = true;
  self.Module = {
    noInitialRun: true,
    print: function (t) { console.log("search worker: " + t); },
    printErr: function (t) { console.warn("search worker: " + t); },
    onRuntimeInitialized: function () {
      ready = true;
      self.postMessage({ ready: true });
      flush();
    },
    onAbort: function (what) { console.error("search worker stopped: " + what); },
  };
  if (module)
    self.Module.instantiateWasm = function (imports, receive) {
      WebAssembly.instantiate(module, imports).then(function (instance) { receive(instance, module); },
        function (e) { console.error("search worker: cannot instantiate the planner: " + e); });
      return {};
    };
  importScripts("index.js");
}

self.onmessage = function (e) {
  var m = e.data || {};
  if (!started && "module" in m) { start(m.module); return; }
  if (!started) start(null);
  queue.push(m);
  flush();
};
