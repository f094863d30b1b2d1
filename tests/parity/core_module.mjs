// core_module.mjs — the engine as a JavaScript module (build/web/trainplan-core.mjs, issue #33) under Node:
// plan(config) equals the native command line's `trainplan plan ... --format json` for links and objects of keys,
// with GPU counts that are not powers of two, both languages; compare, search, explain, link and the catalogs
// too; a bad key throws naming it; a link of 5 M characters; exportConfig in every launch-config format; a lone
// surrogate refused by name.
// Usage: node tests/parity/core_module.mjs [--web build/web] [--cli build/native/trainplan]
import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import assert from "node:assert/strict";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const webDir = path.resolve(arg("--web", "build/web"));
const cliPath = path.resolve(arg("--cli", "build/native/trainplan"));
const tp = await import(pathToFileURL(path.join(webDir, "trainplan-core.mjs")).href);
const cli = (...args) => JSON.parse(execFileSync(cliPath, args, { encoding: "utf8" }));
let failed = 0;
const check = (what, fn) => {
  try {
    fn();
    console.log("ok   " + what);
  } catch (e) {
    failed++;
    console.log("FAIL " + what + "\n     " + String(e.message).split("\n").slice(0, 6).join("\n     "));
  }
};

const cases = [
  { model: "llama3-8b", gpu: "rtx4090", method: "qlora" },
  { model: "llama3-70b", gpu: "h100", gpus: 24, tokens: "1e11" },
  { model: "llama2-7b", gpu: "a100-80g", gpus: 6, zero: 3, seq: "8k" },
  { model: "mixtral-8x7b", gpu: "h100", gpus: 40, lang: "zh" },
];
for (const c of cases) {
  const args = Object.entries(c).flatMap(([k, v]) => (k === "lang" ? ["--lang", v] : [`${k}=${v}`]));
  check(`plan(${JSON.stringify(c)}) equals the native CLI`, () => assert.deepEqual(tp.plan(c), cli("plan", ...args, "--format", "json")));
}
const link = tp.link({ model: "llama3-70b", gpu: "h100", gpus: 96 });
check(`link() is the CLI's (${link})`, () =>
  assert.equal(link, execFileSync(cliPath, ["link", "model=llama3-70b", "gpu=h100", "gpus=96"], { encoding: "utf8" }).trim()));
check("plan(link) replays the link", () => assert.deepEqual(tp.plan(link), cli("plan", "--link", link, "--format", "json")));
check("compare() with the verdict", () =>
  assert.deepEqual(
    tp.compare([{ gpu: "a100-80g" }, "#v=1&gpu=h100"], { model: "llama3-8b", gpus: 12 }),
    cli("compare", "--link", "gpu=a100-80g", "--link", "#v=1&gpu=h100", "model=llama3-8b", "gpus=12", "--format", "json")));
const untimed = (r) => ({ ...r, elapsed_s: undefined });  // the search's own wall time differs run to run
check("search() across GPU types", () =>
  assert.deepEqual(
    untimed(tp.search({ model: "llama3-8b", gpus: 8 }, { objective: "cost", top: 3, gpuTypes: ["h100", "a100-80g"] })),
    untimed(cli("search", "model=llama3-8b", "gpus=8", "--objective", "cost", "--top", "3", "--gpu-types", "h100,a100-80g", "--format", "json"))));
check("explain('days')", () =>
  assert.deepEqual(tp.explain({ model: "llama3-8b", gpus: 8 }, "days"), cli("explain", "model=llama3-8b", "gpus=8", "--format", "json", "days")));
check("catalog('gpus')", () => assert.deepEqual(tp.catalog("gpus"), cli("catalog", "gpus", "--format", "json")));
for (const [bad, key] of [[{ tp: "x" }, "tp"], [{ nonsense: 1 }, "nonsense"], [{ gpus: 0 }, "gpus"], [{ model: "gpt2-1.5b", seq: 4096 }, "seq"]])
  check(`plan(${JSON.stringify(bad)}) throws naming ${key}`, () =>
    assert.throws(() => tp.plan(bad), (e) => e instanceof tp.TrainPlanInputError && e.key === key && e.message.includes(key)));
check("a plan after a refusal is still right (the module survives bad input)", () =>
  assert.deepEqual(tp.plan(cases[0]), cli("plan", "model=llama3-8b", "gpu=rtx4090", "method=qlora", "--format", "json")));
// A link of any length (issue #34): 5 M characters once overran the module's stack through cwrap ("memory access
// out of bounds"), and every later call failed the same way. Now: planned from its first 64 KiB, as the CLI does.
const huge = "#v=1&model=llama3-8b" + "&".repeat(5_000_000);
check("a link of 5 M characters plans from its first 64 KiB", () => {
  const p = tp.plan(huge);
  assert.equal(p.config.model, "llama3-8b");
  assert.ok(p.notices.some((n) => /64 KiB/.test(n.message || n)), JSON.stringify(p.notices).slice(0, 300));
});
check("... and the module still answers after it", () =>
  assert.deepEqual(tp.plan(cases[0]), cli("plan", "model=llama3-8b", "gpu=rtx4090", "method=qlora", "--format", "json")));
// exportConfig: each launch-config format as `trainplan export --to FORMAT` prints it; a format that cannot run the
// plan throws naming the key.
const exportFormats = execFileSync(cliPath, ["export", "--help"], { encoding: "utf8" }).match(/--to FORMAT +([a-z, -]+)\n/)[1].split(", ");
check(`exportConfig in each of the ${exportFormats.length} formats equals the native CLI`, () => {
  assert.equal(exportFormats.length, 9);
  for (const f of exportFormats)
    assert.equal(tp.exportConfig(f, { model: "llama3-8b", gpu: "h100", gpus: 16 }),
                 execFileSync(cliPath, ["export", "--to", f, "model=llama3-8b", "gpu=h100", "gpus=16"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }), f);
});
check("exportConfig('megatron', QLoRA) throws naming method", () =>
  assert.throws(() => tp.exportConfig("megatron", { model: "llama3-8b", method: "qlora" }),
                (e) => e instanceof tp.TrainPlanInputError && e.key === "method"));
// Text a JavaScript string holds but UTF-8 cannot (a lone surrogate): refused naming the key, not "the module's
// arguments must be a JSON array of strings".
check("a lone surrogate in a key's value throws naming the key", () =>
  assert.throws(() => tp.plan({ model: "llama3-8b", name: "ab\udcff" }), (e) => e instanceof tp.TrainPlanInputError && e.key === "name"));
console.log(failed ? `${failed} failed` : "all passed");
process.exit(failed ? 1 : 0);
