// trainplan-core.mjs — TrainPlan's engine as a JavaScript module, for Node and for other pages: the same
// WebAssembly core as the page, without the interface.
//
//   import * as trainplan from "./trainplan-core.mjs";
//   const p = trainplan.plan({ model: "llama3-8b", gpu: "rtx4090", method: "qlora" });  // or a link "#v=1&..."
//   p.memory.fits, p.throughput.tokens_per_s_per_gpu
//
// Each function returns what `trainplan ... --format json` prints, parsed (exportConfig: the file's text); a key the
// planner refuses throws a TrainPlanInputError whose `key` names it. The wasm is inside the module (one file to
// copy).
import createTrainPlanCore from "./trainplan-core-wasm.mjs";

// Emscripten 3.1.6's ES module output still reaches for CommonJS's require and __dirname under Node (its node
// branch reads paths through them); an ES module has neither, so they are given here, in Node only. The wasm is
// inside the module (SINGLE_FILE), so nothing is read from disk.
if (typeof process === "object" && process.versions && process.versions.node && typeof globalThis.require !== "function") {
  const { createRequire } = await import("node:module");
  globalThis.require = createRequire(import.meta.url);
  globalThis.__dirname = new URL(".", import.meta.url).pathname;
}
const core = await createTrainPlanCore();
// The arguments on the module's heap, not through cwrap's copy onto its 5 MB stack: a link of any length (a
// pasted megabyte) must not overrun it ("memory access out of bounds", after which every call failed: issue #34).
function runCli(argsJson) {
  const n = core.lengthBytesUTF8(argsJson) + 1, p = core._malloc(n);
  if (!p) return -1;
  try {
    core.stringToUTF8(argsJson, p, n);
    return core._tp_run(p);
  } finally {
    core._free(p);
  }
}
const lastOut = () => core.UTF8ToString(core._tp_out());
const lastErr = () => core.UTF8ToString(core._tp_err());

export class TrainPlanInputError extends Error {
  constructor(message, key) {
    super(message);
    this.name = "TrainPlanInputError";
    this.key = key;
  }
}

// A lone UTF-16 surrogate: text a JavaScript string may hold but UTF-8 cannot carry.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// String(v), refused naming `name` when it holds a lone surrogate (the engine would see only "not a JSON array").
function text(name, v) {
  const s = String(v), bad = s.search(loneSurrogate);
  if (bad >= 0)
    throw new TrainPlanInputError(`${name}: not valid text (a lone UTF-16 surrogate at character ${bad + 1})`,
                                  /^[a-z][a-z0-9_]*$/.test(name) ? name : null);
  return s;
}
const value = (key, v) => (typeof v === "boolean" ? (v ? "1" : "0") : text(key, v));

// A configuration as arguments: a link (string) or an object of keys; link/lang inside an object too.
function sources(config) {
  if (config === undefined || config === null) return [];
  if (typeof config === "string") return ["--link", text("--link", config)];
  const args = [];
  for (const [key, v] of Object.entries(config)) {
    if (v === undefined || v === null) continue;
    if (key === "link") args.push("--link", text("--link", v));
    else if (key === "lang") args.push("--lang", text("lang", v));
    else args.push(`${text(key, key)}=${value(key, v)}`);
  }
  return args;
}

/** Runs `trainplan ...args` in the module: {status, stdout, stderr}. */
export function run(args) {
  const strings = args.map(String), bad = strings.findIndex((a) => loneSurrogate.test(a));
  if (bad >= 0) return { status: 2, stdout: "", stderr: `trainplan: argument ${bad + 1} is not valid text (a lone UTF-16 surrogate)\n` };
  const status = runCli(JSON.stringify(strings));
  if (status < 0) return { status: 2, stdout: "", stderr: "trainplan: the arguments do not fit in memory\n" };
  return { status, stdout: lastOut(), stderr: lastErr() };
}

function json(args) {
  const r = run(args);
  if (r.status !== 0) {
    const line = (r.stderr.split("\n").find((l) => l.startsWith("trainplan: ")) || r.stderr).replace(/^trainplan: /, "");
    const head = line.split(":")[0].trim();
    throw new TrainPlanInputError(line, /^[a-z][a-z0-9_]*$/.test(head) ? head : null);
  }
  return args.includes("--format") ? JSON.parse(r.stdout) : r.stdout;
}

/** The plan of one configuration (a link or an object of keys), as `trainplan plan ... --format json`. */
export const plan = (config) => json(["plan", ...sources(config), "--format", "json"]);
/** The formulas behind each headline number, or the one named ("days", "memory_total_bytes", ...). */
export const explain = (config, name) => json(["explain", ...sources(config), "--format", "json", ...(name ? [name] : [])]);
/** Scenarios side by side with the verdict: each a link or an object of keys; `common` applies to all. */
export function compare(scenarios, common) {
  const args = ["compare"];
  for (const s of scenarios)
    args.push("--link", typeof s === "string" ? text("--link", s) : Object.entries(s).map(([k, v]) => `${text(k, k)}=${value(k, v)}`).join("&"));
  return json([...args, ...sources(common), "--format", "json"]);
}
/** The best layouts: options {objective, top, gpuTypes, gpuCounts}; a page's Search link searches as the page did. */
export function search(config, options = {}) {
  const args = ["search", ...sources(config)];
  if (options.objective) args.push("--objective", options.objective);
  if (options.top) args.push("--top", String(options.top));
  if (options.gpuTypes) args.push("--gpu-types", [].concat(options.gpuTypes).join(","));
  if (options.gpuCounts) args.push("--gpu-counts", [].concat(options.gpuCounts).join(","));
  return json([...args, "--format", "json"]);
}
/** The share link (#v=1&...) of a configuration. */
export const link = (config) => json(["link", ...sources(config)]).trim();
/** A catalog: "gpus", "models", "links" or "stacks". */
export const catalog = (kind) => json(["catalog", kind, "--format", "json"]);
/** The plan as a training framework's own config file (text), as `trainplan export --to FORMAT ...` prints it
 *  (FORMAT: deepspeed, hf, trl, torchtune, axolotl, llama-factory, unsloth, torchtitan or megatron). */
export const exportConfig = (format, config) => json(["export", "--to", text("--to", format), ...sources(config)]);
