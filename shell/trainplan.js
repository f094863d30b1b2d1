// trainplan.js — the page's JS glue: checks for WebGL2, loads index.js/index.wasm with a progress message,
// handles WebGL context loss (the URL fragment holds the whole state, so a reload restores it), keeps
// keyboard focus on the canvas, and exposes window.trainplan for scripts and tests:
//   trainplan.plan()          -> the current plan (the JSON of `trainplan plan --format json`, parsed)
//   trainplan.setLink(frag)   -> load a share link fragment ("#v=1&model=..."), a new history entry
//   trainplan.widgets()       -> screen rectangles of named inputs, in CSS pixels (for tests)
//   trainplan.stats()         -> CPU time of the UI's frames and re-plans, in ms (for tests)
//   trainplan.ready           -> a Promise resolved after the first frames are drawn
"use strict";
(function () {
  var canvas = document.getElementById("canvas");
  var overlay = document.getElementById("overlay");
  var message = document.getElementById("message");
  var spinner = document.getElementById("spinner");

  function fail(text) {
    message.textContent = text;
    spinner.hidden = true;
    overlay.hidden = false;
  }

  // WebGL2 first: without it the planner cannot draw; say so instead of showing a blank page.
  var probe = document.createElement("canvas");
  var gl2 = null;
  try { gl2 = probe.getContext("webgl2"); } catch (e) { gl2 = null; }
  if (!gl2) {
    fail("TrainPlan needs WebGL2, which this browser has turned off or does not support. " +
         "Try a current Firefox, Chrome, Edge or Safari, or enable hardware acceleration. " +
         "The command line (trainplan) gives the same numbers offline.");
    return;
  }
  if (typeof WebAssembly !== "object") {
    fail("TrainPlan needs WebAssembly, which this browser does not support.");
    return;
  }

  // The graphics context can be lost (GPU reset, driver update, too many tabs). The state is in the URL,
  // so reloading restores exactly the same plan.
  canvas.addEventListener("webglcontextlost", function (e) {
    e.preventDefault();
    fail("The graphics context was lost (GPU reset). Restoring…");
  }, false);
  canvas.addEventListener("webglcontextrestored", function () { window.location.reload(); }, false);

  // Keyboard input goes to the canvas (SDL listens there), so keep it focused.
  canvas.addEventListener("mousedown", function () { canvas.focus(); });
  canvas.addEventListener("contextmenu", function (e) { e.preventDefault(); });

  var readyResolve;
  var ready = new Promise(function (r) { readyResolve = r; });

  window.Module = {
    canvas: canvas,
    print: function (t) { console.log(t); },
    printErr: function (t) { console.warn(t); },
    setStatus: function (t) {
      // "Downloading data... (x/y)" while the wasm streams in.
      var m = /\((\d+(\.\d+)?)\/(\d+)\)/.exec(t || "");
      if (m) message.textContent = "Loading TrainPlan… " + Math.round(100 * m[1] / m[3]) + "%";
    },
    onAbort: function (what) {
      console.error("TrainPlan stopped: " + what);
      fail("TrainPlan stopped with an internal error. Reloading the page restores your plan from the link.");
    },
    onRuntimeInitialized: function () {
      var M = window.Module;
      window.trainplan = {
        plan: function () { return JSON.parse(M.UTF8ToString(M._trainplan_plan_json())); },
        planText: function () { return M.UTF8ToString(M._trainplan_plan_json()); },
        setLink: function (fragment) { M.ccall("trainplan_set_link", null, ["string"], [String(fragment)]); },
        widgets: function () { return JSON.parse(M.UTF8ToString(M._trainplan_widgets_json())); },
        stats: function () { return JSON.parse(M.UTF8ToString(M._trainplan_stats_json())); },
        ready: ready
      };
      // Hide the overlay once the first frames are on screen.
      var frames = 0;
      (function tick() {
        if (++frames < 3) { requestAnimationFrame(tick); return; }
        overlay.hidden = true;
        canvas.focus();
        readyResolve(true);
      })();
    }
  };
  window.trainplanReady = ready;

  var s = document.createElement("script");
  s.src = "index.js";
  s.async = true;
  s.onerror = function () { fail("Could not load index.js: the page must be served over http(s), not opened as a file."); };
  document.body.appendChild(s);
})();
