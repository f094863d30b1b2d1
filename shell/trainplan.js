// trainplan.js — the page's JS glue: checks for WebGL2, loads index.js/index.wasm with a progress message,
// handles WebGL context loss (the URL fragment holds the whole state, so a reload restores it), keeps
// keyboard focus on the canvas, writes the plan as text into the page (#text, pageText below), and exposes
// window.trainplan for scripts and tests:
//   trainplan.plan()          -> the current plan (the JSON of `trainplan plan --format json`, parsed)
//   trainplan.compare()       -> the compare columns (`trainplan compare --link <the page's link> --format json`)
//   trainplan.setLink(frag)   -> load a share link fragment ("#v=1&model=..."), a new history entry
//   trainplan.widgets()       -> screen rectangles of named inputs, in CSS pixels (for tests)
//   trainplan.stats()         -> CPU time of the UI's frames and re-plans, in ms, whether background
//                                work is still under way (busy), the status line's feedback, the tooltip
//                                shown (its rectangle, or null), the frames since the last call: drawn in full
//                                or in part, run to draw nothing, and the times the page went to sleep (frames_idle) (for tests)
//   trainplan.searchStatus()  -> the search view's current search: {done, evaluated, elapsed_ms} (done once its
//                                whole answer and every GPU type's point are drawn)
//   trainplan.search()        -> that search's answer (`trainplan search --format json`), null until done
//   trainplan.explain()       -> the plan's numbers as formula trees (`trainplan explain --format json`)
//   trainplan.explainPanel()  -> the open "why?" panel: {open, lang, rows: [{name, depth, label, value, text,
//                                formula, substituted, source, key, expanded}]}, the lines it drew (for tests)
//   trainplan.drawnText()     -> {first, last}: the words the first frame drew and those of the last frame asked
//                                for; each call asks for the next frame's (the canvas's words, for tests)
//   trainplan.ready           -> a Promise resolved after the first frames are drawn
// It also keeps the search view's Web Workers (Module.tpWork) and the on-screen keyboard's input
// (Module.tpKeyboard), below; the C++ side of both is web/platform_web.cpp.
"use strict";
(function () {
  // Marks on the page's performance timeline (performance.getEntriesByType("mark")), so that a test can
  // say where the time to the first frame goes: the shell ran, index.wasm compiled, the runtime started
  // (main() runs right after: SDL, the WebGL2 context, fonts), the first animation frames after it.
  function mark(name) { try { performance.mark("trainplan:" + name); } catch (e) { /* no timeline */ } }
  mark("shell");

  // The page runs no frame while nothing could change what it draws (web/platform_web.cpp, Tramp): SDL's
  // events wake it there, and everything that arrives here outside SDL (an answer, typed text, a resize, a
  // script's call that changes the state) sets this flag, which the next animation frame reads and clears; setting
  // it also resumes a page gone to sleep (the sleeper, below Module).
  function wake() { if (window.Module) window.Module.tpWake = true; }
  window.addEventListener("resize", wake);
  document.addEventListener("visibilitychange", wake);
  if (document.fonts && document.fonts.addEventListener) document.fonts.addEventListener("loadingdone", wake);

  // The planner's renderer (Dear ImGui's OpenGL backend) reads the scissor box and the blend state back
  // every frame to restore them afterwards. WebGL answers those reads synchronously: the page waits until
  // the GPU process has run everything sent before, a whole frame under software rendering (368 ms of the
  // first frames' 1 s, measured with a CPU profile). The page is the only user of its context, so the
  // answers are kept here, read once from WebGL and then updated by every call that sets them.
  (function shadowGlState() {
    var G = window.WebGL2RenderingContext;
    if (!G || !G.prototype.getParameter) return;
    var P = G.prototype, get = P.getParameter;
    var kept = [P.SCISSOR_BOX, P.BLEND_SRC_RGB, P.BLEND_DST_RGB, P.BLEND_SRC_ALPHA, P.BLEND_DST_ALPHA,
                P.BLEND_EQUATION_RGB, P.BLEND_EQUATION_ALPHA];
    function state(gl) {
      if (!gl.tpState) {
        gl.tpState = {};
        for (var i = 0; i < kept.length; ++i) {
          var v = get.call(gl, kept[i]);
          gl.tpState[kept[i]] = v && v.length !== undefined ? Array.prototype.slice.call(v) : v;
        }
      }
      return gl.tpState;
    }
    P.getParameter = function (name) {
      if (kept.indexOf(name) < 0) return get.call(this, name);
      var v = state(this)[name];
      return Array.isArray(v) ? new Int32Array(v) : v;
    };
    function after(method, update) {
      var f = P[method];
      P[method] = function () {
        var s = state(this);
        f.apply(this, arguments);
        update(s, arguments);
      };
    }
    after("scissor", function (s, a) { s[P.SCISSOR_BOX] = [a[0] | 0, a[1] | 0, a[2] | 0, a[3] | 0]; });
    after("blendFunc", function (s, a) {
      s[P.BLEND_SRC_RGB] = s[P.BLEND_SRC_ALPHA] = a[0];
      s[P.BLEND_DST_RGB] = s[P.BLEND_DST_ALPHA] = a[1];
    });
    after("blendFuncSeparate", function (s, a) {
      s[P.BLEND_SRC_RGB] = a[0], s[P.BLEND_DST_RGB] = a[1], s[P.BLEND_SRC_ALPHA] = a[2], s[P.BLEND_DST_ALPHA] = a[3];
    });
    after("blendEquation", function (s, a) { s[P.BLEND_EQUATION_RGB] = s[P.BLEND_EQUATION_ALPHA] = a[0]; });
    after("blendEquationSeparate", function (s, a) { s[P.BLEND_EQUATION_RGB] = a[0], s[P.BLEND_EQUATION_ALPHA] = a[1]; });
  })();

  var canvas = document.getElementById("canvas");
  var overlay = document.getElementById("overlay");
  var message = document.getElementById("message");
  var spinner = document.getElementById("spinner");

  // The value of `key` in a share link or saved state ("#v=1&...&lang=zh|dark"), or null. The one place the
  // shell reads a link: only for the few words shown before the planner (which parses links itself, with
  // core's ApplyLink) has loaded. Read as core reads it: pairs split at '&', values percent-decoded, the
  // last pair of a key winning.
  function linkValue(link, key) {
    var query = String(link || "").replace(/^[^#]*#/, "").split("|")[0];
    var values;
    try { values = new URLSearchParams(query.replace(/\+/g, "%2B")).getAll(key); } catch (e) { return null; }
    return values.length ? values[values.length - 1] : null;
  }
  // The language the planner will open in (web/app.cpp Init, web/link_sync.cpp ViewerLanguage): the link's lang, else the saved state's
  // (absent there: English), else the browser's.
  var zh = (function () {
    var lang = linkValue(window.location.hash, "lang");
    if (lang === "zh" || lang === "en") return lang === "zh";
    try {
      var saved = window.localStorage.getItem("trainplan.state");
      if (saved) return linkValue(saved, "lang") === "zh";
    } catch (e) { /* storage blocked: fall through */ }
    return /^zh\b/i.test(navigator.language || "");
  })();
  function t(en, zhText) { return zh ? zhText : en; }
  if (zh) {
    document.documentElement.lang = "zh-CN";
    message.textContent = "正在加载 TrainPlan…";
  }

  // A spinner only when loading is slow (index.html: an animation costs the first frame time).
  setTimeout(function () { overlay.classList.add("slow"); }, 1500);

  var unsupported = false;  // no WebGL2: the message says so and nothing else may replace it
  function fail(text) {
    message.textContent = text;
    spinner.hidden = true;
    overlay.hidden = false;
  }
  function noWebGL2() {
    unsupported = true;
    if (window.Module) window.Module.noInitialRun = true;  // index.js may be on its way: let it load, but not start
    delete window.trainplan;                                // nothing to script: the planner did not start
    fail(t("TrainPlan needs WebGL2, which this browser has turned off or does not support. " +
           "Try a current Firefox, Chrome, Edge or Safari, or enable hardware acceleration. " +
           "The command line (trainplan) gives the same numbers offline.",
           "TrainPlan 需要 WebGL2，但这个浏览器没有开启或不支持。请使用新版 Firefox、Chrome、Edge 或 Safari，" +
           "或打开硬件加速。命令行工具（trainplan）离线也能给出同样的结果。"));
  }

  // The planner redraws only the parts of a frame that changed (web/redraw.h), so its canvas must keep the
  // last frame drawn: its WebGL context preserves the drawing buffer. (Emscripten's EGL, which SDL uses,
  // has no attribute for it; this is the one context the page asks for.)
  var getContext = canvas.getContext;
  canvas.getContext = function (type, attributes) {
    if (type === "webgl2") attributes = Object.assign({}, attributes, { preserveDrawingBuffer: true });
    return getContext.call(this, type, attributes);
  };

  // The graphics context can be lost (GPU reset, driver update, too many tabs). The state is in the URL,
  // so reloading restores exactly the same plan.
  canvas.addEventListener("webglcontextlost", function (e) {
    e.preventDefault();
    fail(t("The graphics context was lost (GPU reset). Restoring…", "图形上下文丢失（GPU 重置），正在恢复…"));
  }, false);
  canvas.addEventListener("webglcontextrestored", function () { window.location.reload(); }, false);

  // Keyboard input goes to the canvas (SDL listens there), so keep it focused. (A mouse only: a finger's
  // touches never make mouse events here, SDL cancels them, and a tap on a text field gives the focus to
  // the on-screen keyboard's input below.)
  canvas.addEventListener("mousedown", function () { canvas.focus(); });
  canvas.addEventListener("contextmenu", function (e) { e.preventDefault(); });

  // The on-screen keyboard of phones and tablets (platform.h TextInput; web/platform_web.cpp). A browser
  // opens its keyboard only for a focused text element, and iOS only when it is focused from inside the
  // tap's own event handler: a tap that lands on a text field of the last frame focuses the hidden
  // #keyboard input at once. What is typed into it is handed to the ImGui field instead of being kept:
  // characters (also pasted, or from autocorrect), composed text as it is composed (an IME, a phone's
  // word suggestions: replaced with Backspaces as the composition changes), and the editing keys. Once
  // no text field is being typed in, it is blurred and the keyboard closes.
  function keyboardAgent() {
    var input = document.getElementById("keyboard");
    var fields = [];        // text fields of the last frame, in CSS pixels: [x0, y0, x1, y1, ...]
    var typing = false;     // an ImGui text field took typed text in the last frame
    var queue = [];         // for ImGui, in order: {text} or {key, ctrl, shift}
    function send(item) { queue.push(item); wake(); }
    var sent = [];          // the composition's characters already handed to ImGui
    var touch = null;       // the finger down: where it started, whether it moved (a drag, not a tap)
    var lastPointer = "mouse";
    var ours = false;       // the focus changes below are the page's own, not the user's
    // Frames a tap on a field has to make it active before the input counts as left: Dear ImGui (1.87+)
    // gives a touch a frame of hover before its press (#2702), so the field activates a frame or two
    // after the tap's handler focused the input.
    var tapGrace = 0;
    // Never empty: a phone's keyboard sends Backspace in an empty input to nothing (no event at all), so the
    // input holds one zero-width space, the caret after it, and gets it back after every edit.
    var SENTINEL = "\u200b";
    function reset() {
      input.value = SENTINEL;
      try { input.setSelectionRange(1, 1); } catch (e) { /* not focused yet */ }
    }
    var named = { Backspace: "Backspace", Delete: "Delete", Enter: "Enter", Tab: "Tab", Escape: "Escape",
                  ArrowLeft: "Left", ArrowRight: "Right", ArrowUp: "Up", ArrowDown: "Down", Home: "Home", End: "End" };
    function fieldAt(x, y) {
      for (var i = 0; i + 3 < fields.length; i += 4)
        if (x >= fields[i] && x <= fields[i + 2] && y >= fields[i + 1] && y <= fields[i + 3]) return fields.slice(i, i + 4);
      return null;
    }
    // Over the field: the browser keeps it in view above the keyboard and puts an IME's window there.
    var placed = "";
    function place(box) {
      var at = box.join(",");
      if (at === placed) return;  // called every frame while typing: no style change, no relayout
      placed = at;
      input.style.left = box[0] + "px";
      input.style.top = box[1] + "px";
      input.style.width = Math.max(1, box[2] - box[0]) + "px";
      input.style.height = Math.max(1, box[3] - box[1]) + "px";
    }
    // The composition now reads `text`: take back what differs from what was sent, send the rest.
    function follow(text) {
      var now = Array.from(text), k = 0;
      while (k < sent.length && k < now.length && sent[k] === now[k]) k++;
      for (var i = k; i < sent.length; i++) send({ key: "Backspace", ctrl: false, shift: false });
      if (now.length > k) send({ text: now.slice(k).join("") });
      sent = now;
    }
    canvas.addEventListener("touchstart", function (e) {
      lastPointer = "touch";
      var t = e.changedTouches[0];
      touch = e.touches.length === 1 ? { id: t.identifier, x: t.clientX, y: t.clientY, moved: false } : null;
    }, { passive: true });
    canvas.addEventListener("touchmove", function (e) {
      for (var i = 0; touch && i < e.changedTouches.length; i++) {
        var t = e.changedTouches[i];
        if (t.identifier === touch.id && Math.abs(t.clientX - touch.x) + Math.abs(t.clientY - touch.y) > 10) touch.moved = true;
      }
    }, { passive: true });
    canvas.addEventListener("touchend", function (e) {
      var t = e.changedTouches[0];
      var tap = touch && !touch.moved && t && t.identifier === touch.id;
      touch = null;
      var box = tap ? fieldAt(t.clientX, t.clientY) : null;
      if (!box) return;
      place(box);
      // Inside the tap's handler: the keyboard opens. Focused already (the keyboard hidden by the phone's
      // Back button), focus alone would not bring it back: blur first.
      ours = true;
      if (document.activeElement === input) input.blur();
      reset();
      input.focus();
      ours = false;
      tapGrace = 4;
    });
    // Hidden by the user (iOS's Done): the field is done too, as with Enter (its text is already applied).
    input.addEventListener("blur", function () {
      if (!ours && !window.Module.tpCopying && typing) send({ key: "Enter", ctrl: false, shift: false });
    });
    canvas.addEventListener("pointerdown", function (e) { if (e.pointerType === "mouse") lastPointer = "mouse"; });
    input.addEventListener("keydown", function (e) {
      if (e.isComposing || e.keyCode === 229) return;  // the IME's own keys: its text arrives as it composes
      var ctrl = e.ctrlKey || e.metaKey;
      if (named[e.key]) {
        send({ key: named[e.key], ctrl: ctrl, shift: e.shiftKey });
        e.preventDefault();
      } else if (ctrl && !e.altKey && /^[acxyz]$/i.test(e.key)) {
        send({ key: e.key.toUpperCase(), ctrl: true, shift: e.shiftKey });  // select all, copy, cut, undo, redo
        e.preventDefault();
      }
      // Ctrl+V goes on to the browser, whose paste arrives below as insertFromPaste.
    });
    input.addEventListener("beforeinput", function (e) {
      var type = e.inputType;
      if (type === "insertText" || type === "insertReplacementText" || type === "insertFromPaste" || type === "insertFromDrop") {
        var t = e.data != null ? e.data : e.dataTransfer ? e.dataTransfer.getData("text/plain") : "";
        if (t) send({ text: t });
      } else if (type === "deleteContentBackward" || type === "deleteWordBackward") {
        send({ key: "Backspace", ctrl: type === "deleteWordBackward", shift: false });
      } else if (type === "deleteContentForward" || type === "deleteWordForward") {
        send({ key: "Delete", ctrl: type === "deleteWordForward", shift: false });
      } else if (type === "insertLineBreak" || type === "insertParagraph") {
        send({ key: "Enter", ctrl: false, shift: false });
      } else {
        return;  // composition: left to the input, followed below
      }
      e.preventDefault();  // the input stays empty: the text lives in the ImGui field
    });
    input.addEventListener("compositionstart", function () { sent = []; });
    input.addEventListener("input", function (e) {
      if (e.isComposing) follow(input.value.replace(SENTINEL, ""));
      else if (input.value !== SENTINEL) reset();  // anything the handlers above let through
    });
    input.addEventListener("compositionend", function (e) {
      follow(e.data || "");
      sent = [];
      reset();
    });
    return {
      // Once per frame from the planner: is a text field typing, where, and every text field drawn.
      frame: function (nowTyping, box, boxes) {
        fields = boxes;
        if (nowTyping) place(box);
        tapGrace = nowTyping ? 0 : Math.max(0, tapGrace - 1);
        ours = true;
        if (!nowTyping && document.activeElement === input && tapGrace === 0) {
          input.blur();  // the field was left: the keyboard closes, keys go to the canvas again
          sent = [];
          canvas.focus({ preventScroll: true });
        } else if (nowTyping && !typing && lastPointer === "touch" && document.activeElement !== input) {
          reset();
          input.focus();  // a field that became active by itself (a picker's filter box after a tap)
        }
        ours = false;
        typing = nowTyping;
      },
      // The next thing typed, for ImGui, or null.
      take: function () { return queue.length ? queue.shift() : null; },
    };
  }

  // The compiled planner (WebAssembly.Module), kept so that the search workers instantiate it without
  // downloading or compiling it again (a Module is copied to a worker by postMessage; no shared memory).
  var wasmModule = null;
  // index.wasm is fetched and compiled from the start (compileWasm, called below), beside index.js,
  // rather than once index.js has arrived and run and asks for it.
  var compiled = null;
  function compileWasm() {
    var viaBytes = function () {
      return fetch("index.wasm").then(function (r) {
        if (!r.ok) throw new Error("HTTP " + r.status + " for index.wasm");
        return r.arrayBuffer();
      }).then(function (b) { return WebAssembly.compile(b); });
    };
    // Streaming compiles while downloading; it needs the application/wasm type, which not every static
    // host sends, hence the fallback.
    return WebAssembly.compileStreaming ? WebAssembly.compileStreaming(fetch("index.wasm")).catch(viaBytes) : viaBytes();
  }
  function instantiateWasm(imports, receive) {
    compiled.then(function (module) {
      mark("wasm");
      wasmModule = module;
      return WebAssembly.instantiate(module, imports).then(function (instance) { receive(instance, module); });
    }).catch(function (e) { window.Module.onAbort("cannot load index.wasm: " + e); });
    return {};
  }

  // The search view's workers (platform.h PostWork / TakeWorkAnswer): one Web Worker per core but one (at
  // least one, at most 8), so that a core is left to the page's own frames (drawn in software on some
  // machines); each with its own instance of the planner, started soon after the first frames (warm, in
  // onRuntimeInitialized) or on the first search; one request at a time each, the rest queued here so that a
  // newer search can drop what no worker has started. Where workers cannot start, the requests run in the
  // page's own instance, one per task (slower frames, same answer).
  function workPool() {
    var workers = [], queue = [], answers = [];
    var n = Math.max(1, Math.min(8, (navigator.hardwareConcurrency || 2) - 1));
    var broken = typeof Worker !== "function";
    function runHere() {
      var job = queue.shift();
      if (!job) return;
      answers.push({ id: job.id, answer: window.Module.ccall("trainplan_worker_run", "string", ["string"], [job.request]) });
      wake();
      if (queue.length) setTimeout(runHere, 0);
    }
    function dispatch() {
      if (broken) { if (queue.length) setTimeout(runHere, 0); return; }
      for (var i = 0; i < workers.length && queue.length; ++i) {
        var w = workers[i];
        if (w.busy) continue;
        var job = queue.shift();
        w.busy = job;
        w.worker.postMessage(job);
      }
    }
    function start() {
      if (workers.length || broken) return;
      for (var i = 0; i < n; ++i) {
        var w = { busy: null };
        try { w.worker = new Worker("search_worker.js"); } catch (e) { broken = true; return; }
        w.worker.onmessage = (function (w) {
          return function (e) {
            if (e.data.ready) return;
            answers.push({ id: e.data.id, answer: e.data.answer });
            wake();
            w.busy = null;
            dispatch();
          };
        })(w);
        w.worker.onerror = (function (w) {
          return function (e) {
            console.warn("TrainPlan: a search worker failed (" + (e.message || e) + "); searching in the page instead");
            e.preventDefault();
            broken = true;
            for (var j = 0; j < workers.length; ++j) {
              if (workers[j].busy) queue.unshift(workers[j].busy);
              workers[j].worker.terminate();
            }
            workers = [];
            dispatch();
          };
        })(w);
        w.worker.postMessage({ module: wasmModule });
        workers.push(w);
      }
    }
    return {
      count: function () { return broken ? 1 : n; },
      warm: start,
      post: function (id, request) { start(); queue.push({ id: id, request: request }); dispatch(); },
      drop: function () { queue.length = 0; },
      take: function () { return answers.length ? answers.shift() : null; },
    };
  }

  // The page as text (web/page_text.h, called only when it changes): the verdict into the live region (a screen
  // reader says a new one), the figures and the view's table under it, in the page's language (index.html hides
  // it on screen, keeps it selectable and findable, and prints it instead of the canvas).
  function pageText(verdict, body, lang) {
    var box = document.getElementById("text");
    if (!box) return;
    var code = lang === "zh" ? "zh-CN" : "en";
    box.lang = code;
    document.documentElement.lang = code;
    var v = document.getElementById("text-verdict");
    if (v.textContent !== verdict) v.textContent = verdict;  // an unchanged verdict is not announced again
    document.getElementById("text-body").textContent = body;
  }

  var readyResolve;
  var ready = new Promise(function (r) { readyResolve = r; });

  window.Module = {
    canvas: canvas,
    instantiateWasm: instantiateWasm,
    tpWork: workPool(),
    tpKeyboard: keyboardAgent(),
    tpNoWebGL2: noWebGL2,
    tpPageText: pageText,
    print: function (t) { console.log(t); },
    printErr: function (t) { console.warn(t); },
    setStatus: function (t) {
      // "Downloading data... (x/y)" while the wasm streams in.
      var m = /\((\d+(\.\d+)?)\/(\d+)\)/.exec(t || "");
      if (m) message.textContent = t("Loading TrainPlan… ", "正在加载 TrainPlan… ") + Math.round(100 * m[1] / m[3]) + "%";
    },
    onAbort: function (what) {
      if (unsupported) return;  // the WebGL2 message is already shown; the abort is its consequence
      console.error("TrainPlan stopped: " + what);
      fail(t("TrainPlan stopped with an internal error. Reloading the page restores your plan from the link.",
             "TrainPlan 因内部错误停止。重新加载页面即可从链接恢复你的方案。"));
    },
    onRuntimeInitialized: function () {
      mark("runtime");
      if (unsupported) return;  // loaded but not started: nothing to expose
      var M = window.Module;
      window.trainplan = {
        plan: function () { return JSON.parse(M.UTF8ToString(M._trainplan_plan_json())); },
        planText: function () { return M.UTF8ToString(M._trainplan_plan_json()); },
        compare: function () { return JSON.parse(M.UTF8ToString(M._trainplan_compare_json())); },
        // On the heap, not through ccall's stack copy: a fragment of any length (a megabyte pasted by hand)
        // must not overrun the 64 KiB stack. Past 256 Ki characters the rest cannot matter: the core reads
        // 64 KiB of a link and says that it ignored the rest.
        setLink: function (fragment) {
          var s = String(fragment);
          if (s.length > 262144) s = s.slice(0, 262144);
          var n = M.lengthBytesUTF8(s) + 1, p = M._malloc(n);
          M.stringToUTF8(s, p, n);
          try { M._trainplan_set_link(p); } finally { M._free(p); }
          wake();
        },
        widgets: function () { return JSON.parse(M.UTF8ToString(M._trainplan_widgets_json())); },
        stats: function () { return JSON.parse(M.UTF8ToString(M._trainplan_stats_json())); },
        searchStatus: function () { return JSON.parse(M.UTF8ToString(M._trainplan_search_status_json())); },
        search: function () { return JSON.parse(M.UTF8ToString(M._trainplan_search_json())); },
        explain: function () { return JSON.parse(M.UTF8ToString(M._trainplan_explain_json())); },
        explainPanel: function () { return JSON.parse(M.UTF8ToString(M._trainplan_explain_panel_json())); },
        // {first, last}: the words the first frame drew and those of the last frame asked for; each call asks for
        // the next frame's (the canvas's words, for tests).
        drawnText: function () { wake(); return JSON.parse(M.UTF8ToString(M._trainplan_drawn_text_json())); },
        ready: ready
      };
      // Hide the overlay once the first frames are on screen.
      var frames = 0;
      (function tick() {
        if (unsupported) return;  // the planner stopped at its start: the message stays
        if (frames) mark("frame" + frames);
        if (++frames < 3) { requestAnimationFrame(tick); return; }
        overlay.hidden = true;
        canvas.focus();
        readyResolve(true);
        // The search view's workers start a second after the first frames, in an idle moment, so that
        // they never compete with those frames and a first search finds them ready.
        setTimeout(function () {
          if (window.requestIdleCallback) window.requestIdleCallback(M.tpWork.warm, { timeout: 2000 });
          else M.tpWork.warm();
        }, 1000);
      })();
    }
  };
  window.trainplanReady = ready;

  // The page asleep: a frame with nothing to run pauses the main loop (web/platform_web.cpp, Tramp) and calls
  // tpSleep; setting the wake flag resumes it (trainplan_wake), and so does any input event, caught here
  // before SDL's handlers queue it (the frame it starts reads the event), and the timer of the next frame due
  // (a heartbeat, a caret's blink), which resumes it without setting the flag (a timer is not input).
  (function sleeper(M) {
    var flag = true, asleep = false, timer = 0;
    function resume() {
      if (!asleep) return;
      asleep = false;
      clearTimeout(timer);
      if (M._trainplan_wake) M._trainplan_wake();
    }
    Object.defineProperty(M, "tpWake", {
      get: function () { return flag; },
      set: function (v) { flag = !!v; if (flag) resume(); },
    });
    M.tpSleep = function (ms) {
      asleep = true;
      clearTimeout(timer);
      timer = setTimeout(resume, Math.max(10, ms));
    };
    ["keydown", "keyup", "mousedown", "mouseup", "mousemove", "wheel", "touchstart", "touchmove", "touchend",
     "touchcancel", "pointerdown", "pointerup", "pointermove", "focus", "blur", "contextmenu"].forEach(function (t) {
      window.addEventListener(t, resume, { capture: true, passive: true });
    });
  })(window.Module);

  // Start the download at once. Without WebAssembly there is nothing to load.
  if (typeof WebAssembly !== "object") {
    fail(t("TrainPlan needs WebAssembly, which this browser does not support.",
           "TrainPlan 需要 WebAssembly，这个浏览器不支持。"));
    return;
  }
  compiled = compileWasm();
  var s = document.createElement("script");
  s.src = "index.js";
  s.async = true;
  s.onerror = function () {
    if (unsupported) return;
    fail(t("Could not load index.js: the page must be served over http(s), not opened as a file.",
           "无法加载 index.js：页面必须通过 http(s) 访问，不能直接以文件打开。"));
  };
  document.body.appendChild(s);

  // WebGL2: without it the planner cannot draw; say so instead of showing a blank page. A browser without
  // the API is told at once; one that has it turned off (or blocklisted) is told by the planner when its
  // context cannot be created (noWebGL2, called from web/platform_web.cpp). No throwaway context is made
  // to probe: under software rendering that cost 450-700 ms of the first frame (measured), and creating the
  // planner's own context costs as much again.
  if (!window.WebGL2RenderingContext) noWebGL2();
})();
