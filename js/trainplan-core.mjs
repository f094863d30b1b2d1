// trainplan-core.mjs — TrainPlan's engine as a JavaScript module, for Node and for other pages: the same
// WebAssembly core as the page, without the interface.
//
//   import * as trainplan from "./trainplan-core.mjs";
//   const p = trainplan.plan({ model: "llama3-8b", gpu: "rtx4090", method: "qlora" });  // or a link "#v=1&..."
//   p.memory.fits, p.throughput.tokens_per_s_per_gpu
//
// Each function returns what `trainplan ... --format json` prints, parsed; a key the planner refuses throws a
// TrainPlanInputError whose `key` names it. The wasm is inside the module (one file to copy).
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
const runCli = core.cwrap("tp_run", "number", ["string"]);
const lastOut = core.cwrap("tp_out", "string", []);
const lastErr = core.cwrap("tp_err", "string", []);

export class TrainPlanInputError extends Error {
  constructor(message, key) {
    super(message);
    this.name = "TrainPlanInputError";
    this.key = key;
  }
}

const value = (v) => (typeof v === "boolean" ? (v ? "1" : "0") : String(v));

// A configuration as arguments: a link (string) or an object of keys; link/lang inside an object too.
function sources(config) {
  if (config === undefined || config === null) return [];
  if (typeof config === "string") return ["--link", config];
  const args = [];
  for (const [key, v] of Object.entries(config)) {
    if (v === undefined || v === null) continue;
    if (key === "link") args.push("--link", String(v));
    else if (key === "lang") args.push("--lang", String(v));
    else args.push(`${key}=${value(v)}`);
  }
  return args;
}

/** Runs `trainplan ...args` in the module: {status, stdout, stderr}. */
export function run(args) {
  const status = runCli(JSON.stringify(args.map(String)));
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
  for (const s of scenarios) args.push("--link", typeof s === "string" ? s : Object.entries(s).map(([k, v]) => `${k}=${value(v)}`).join("&"));
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
