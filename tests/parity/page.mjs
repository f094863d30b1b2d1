// page.mjs — the page plans what the command line plans, driven like a user in headless Chromium (real
// clicks at the inputs' on-screen rectangles, real keystrokes through Playwright's keyboard): for GPU
// counts that are not powers of two (96, 440, 3, 100 with Llama-2-7B on H100; 24 with Mixtral) and in
// every view, window.trainplan.plan() is `trainplan plan --link <the page's address> --format json` to the
// character, and window.trainplan.compare() is `trainplan compare --link <the page's address> --format
// json`. The page is left to finish its own sliced plans (stats().busy) before it is read, so the check
// covers the plans the page computes a slice per frame, not ones finished on request. Prints the frame
// times measured while it types. (parity.mjs checks the native command line against its WebAssembly build.)
// Usage: node tests/parity/page.mjs [--web build/web] [--cli build/native/trainplan]
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve, launch, checker } from "../browser/harness.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const arg = (name, fallback) => { const i = process.argv.indexOf(name); return i > 0 ? path.resolve(process.argv[i + 1]) : fallback; };
const webDir = arg("--web", path.join(root, "build/web"));
const cli = arg("--cli", path.join(root, "build/native/trainplan"));
for (const f of [path.join(webDir, "index.wasm"), cli])
  if (!fs.existsSync(f)) { console.error(`page parity: missing ${f} (build both presets first)`); process.exit(1); }
const { check, summary } = checker();

const cliJson = (...args) => execFileSync(cli, [...args, "--format", "json"], { encoding: "utf8" });
// Where two JSON texts first differ, for the failure message.
const firstDiff = (a, b) => {
  const at = [...a].findIndex((c, k) => c !== b[k]);
  return at < 0 ? `lengths ${a.length} vs ${b.length}` : `page ...${a.slice(Math.max(0, at - 80), at + 60)}\n       cli  ...${b.slice(Math.max(0, at - 80), at + 60)}`;
};

// Waits until the page's own frames have finished every plan the view shows (or 90 s pass). stats()
// reports maxima since its last call, so they are kept here across the polls: `timing` holds the
// largest frame and step times seen while waiting.
let timing = { frame_ms_max: 0, ui_ms_max: 0, step_ms_max: 0, replan_ms_last: 0 };
async function idle(page) {
  for (const t0 = Date.now(); Date.now() - t0 < 90000; await page.waitForTimeout(100)) {
    const st = await page.evaluate(() => window.trainplan.stats());
    for (const k of ["frame_ms_max", "ui_ms_max", "step_ms_max"]) timing[k] = Math.max(timing[k], st[k]);
    timing.replan_ms_last = st.replan_ms_last;
    if (!st.busy) return;
  }
}

// Waits until the address shows `view` (the page writes the link in the frame that switches views).
async function until(page, view) {
  await page.waitForFunction((v) => (v === "Plan" ? !location.hash.includes("view=") : location.hash.includes(`view=${v.toLowerCase()}`)),
                             view, { timeout: 10000 }).catch(() => {});
}

async function rect(page, name) { return (await page.evaluate(() => window.trainplan.widgets()))[name]; }

// A click at the centre of a named widget, then frames until ImGui has taken it.
async function click(page, name) {
  const r = await rect(page, name);
  if (!r) return false;
  await page.mouse.click((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return true;
}

// Types `text` into the named input as a user does: click it, select what is there, type, Enter.
// An input below the inputs panel's edge is scrolled to with the wheel first, as a user does (the goal's second
// row of buttons put the GPUs field below the fold of a laptop-sized window).
async function scrollIntoInputs(page, name) {
  for (let i = 0; i < 12; i++) {
    const [r, h] = await page.evaluate((n) => [window.trainplan.widgets()[n], window.innerHeight], name);
    if (r && r[1] > 40 && r[3] < h - 60) return;
    if (!r) return;
    await page.mouse.move(150, h / 2);
    await page.mouse.wheel(0, r[3] >= h - 60 ? 120 : -120);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  }
}

async function typeInto(page, name, text) {
  const before = await page.evaluate(() => window.trainplan.stats().active_id);
  if (!name.startsWith("cmp_")) await scrollIntoInputs(page, name);
  if (!(await click(page, name))) return false;
  await page.waitForFunction((b) => { const a = window.trainplan.stats().active_id; return a !== 0 && a !== b; }, before,
                             { timeout: 5000 }).catch(() => {});
  await page.keyboard.press("Control+A");
  await page.keyboard.type(text, { delay: 30 });
  await page.keyboard.press("Enter");
  return true;
}

// The page's plan (and, in the compare view, its columns) against the command line given its address.
async function checkAgainstCli(page, what) {
  await idle(page);
  const { hash, plan, view } = await page.evaluate(() => ({
    hash: location.hash, plan: window.trainplan.planText(), view: window.trainplan.plan().config,
  }));
  const expected = cliJson("plan", "--link", hash);
  check(plan === expected, `${what}: plan() is \`trainplan plan --link ${hash}\``, firstDiff(plan, expected));
  if (hash.includes("view=compare")) {
    const columns = JSON.stringify(await page.evaluate(() => window.trainplan.compare()));
    const cliColumns = JSON.stringify(JSON.parse(cliJson("compare", "--link", hash)));
    check(columns === cliColumns, `${what}: compare() is \`trainplan compare --link ${hash}\``, firstDiff(columns, cliColumns));
  }
  return { hash, config: view };
}

const server = await serve(webDir);
const base = `http://127.0.0.1:${server.address().port}/index.html`;
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console error: ${m.text()}`); });
  await page.goto(base + "#v=1&model=llama2-7b&gpu=h100&gpus=8");
  await page.waitForFunction(() => window.trainplan && window.trainplanReady, null, { timeout: 30000 });
  await page.evaluate(() => window.trainplanReady);
  await idle(page);

  console.log("Llama-2-7B on H100: the GPU count typed, every view");
  for (const gpus of [96, 440, 3, 100]) {
    await page.evaluate(() => window.trainplan.stats());  // resets the page's maxima
    timing = { frame_ms_max: 0, ui_ms_max: 0, step_ms_max: 0, replan_ms_last: 0 };
    check(await typeInto(page, "gpus", String(gpus)), `the GPUs field takes ${gpus}`);
    await page.waitForFunction((n) => location.hash.includes(`gpus=${n}`), gpus, { timeout: 10000 }).catch(() => {});
    const { config } = await checkAgainstCli(page, `${gpus} GPUs, plan view`);
    check(config.gpus === gpus, `${gpus} GPUs: the plan is of ${gpus} GPUs`, `config.gpus = ${config.gpus}`);
    const st = timing;
    console.log(`       typing ${gpus} and its re-plan: UI CPU time per frame max ${st.frame_ms_max.toFixed(1)} ms ` +
                `(UI before the slice max ${st.ui_ms_max.toFixed(1)} ms, longest background step ${st.step_ms_max.toFixed(1)} ms); ` +
                `re-plan ${st.replan_ms_last.toFixed(1)} ms over the frames`);
    for (const view of ["Compare", "Search", "Plan"]) {
      check(await click(page, `view_${view}`), `the ${view} button is on screen`);
      await until(page, view);
      await checkAgainstCli(page, `${gpus} GPUs, ${view.toLowerCase()} view`);
    }
  }

  console.log("a compare column's GPU count typed");
  check(await click(page, "view_Compare"), "the Compare button is on screen");
  await until(page, "Compare");
  await idle(page);
  check(await typeInto(page, "cmp_gpus_1", "440"), "the second column's GPUs field takes 440");
  await page.waitForFunction(() => decodeURIComponent(location.hash).includes("gpus:440"), null, { timeout: 10000 }).catch(() => {});
  const { hash } = await checkAgainstCli(page, "a column of 440 GPUs");
  check(/cmp=[^&]*gpus:440/.test(decodeURIComponent(hash)), "the column's count is in the page's link", hash);

  console.log("Mixtral 8x7B: a link typed into the address bar, then 24 GPUs typed");
  await page.goto(base + "#v=1&model=mixtral-8x7b&gpus=64");  // a hash change: the page loads it as navigation
  // The address changes at once; the planner reads it in its next frame (until then it is idle on the
  // previous link, and idle() would return at once).
  await page.waitForFunction(() => window.trainplan.plan().config.model === "mixtral-8x7b", null, { timeout: 10000 }).catch(() => {});
  await idle(page);
  check(await typeInto(page, "gpus", "24"), "the GPUs field takes 24");
  await page.waitForFunction(() => location.hash.includes("gpus=24"), null, { timeout: 10000 }).catch(() => {});
  await checkAgainstCli(page, "Mixtral on 24 GPUs, plan view");
  for (const view of ["Compare", "Search"]) {
    check(await click(page, `view_${view}`), `the ${view} button is on screen`);
    await until(page, view);
    await checkAgainstCli(page, `Mixtral on 24 GPUs, ${view.toLowerCase()} view`);
  }
  check(problems.length === 0, "no console errors or page errors", problems.join("\n       "));
  await context.close();
} finally {
  await browser.close();
  server.close();
}
process.exit(summary() ? 1 : 0);
