// explain.mjs — issue #21 on the page, in real headless Chromium (Debian's chromium-headless-shell driven by
// playwright-core), as a user does it: real mouse clicks, real keystrokes, the system clipboard.
//   1. window.trainplan.explain() is `trainplan explain --link <the page's link> --format json`;
//   2. a "why?" clicked with the mouse opens the panel on that number: the lines it drew (read back through
//      window.trainplan.explainPanel()) have the command line's values, formulas with values substituted and
//      labels; a line clicked open shows its inputs; a part of the memory bar has its own "why?";
//   3. "Calibrate from my run": a torchtitan log line put on the system clipboard and pasted into the box
//      with a real Ctrl+V fills the measurement in; the plan's tokens/s per GPU then equals the measurement,
//      the plan's link carries calib_speed, the command line plans the page's link identically, and an edit
//      of the GPU count afterwards carries calib_speed in the address and leaves the measurement behind;
//      text that is no log line gets a message and changes nothing;
//   4. the same in Chinese (the panel's labels are the explanation's Chinese ones, as `--lang zh` prints);
//   5. on a phone-sized screen (390x844) the panel opens inside the screen.
// A page load costs seconds of CPU, so the English cases share one page (the next case's link loaded as the page
// follows a link, window.trainplan.setLink; the phone-sized screen is that window resized) and the Chinese ones
// another.
// Usage: node tests/browser/explain.mjs [--web build/web] [--cli build/native/trainplan] [--out build/screenshots]
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { checker, testPaths, frames, until, clickWidget as clickAt, runBrowserTest, openPage, scrollTo, widgets } from "./harness.mjs";

const { webDir, cliPath, outDir } = testPaths();
fs.mkdirSync(outDir, { recursive: true });
const { check, summary } = checker();

const cli = (...a) => execFileSync(cliPath, a, { encoding: "utf8", maxBuffer: 256 << 20 });  // explain's JSON is large
// 24 H100s (not a power of two) with three pipeline stages: the step has a bubble and communication.
const planLink = "#v=1&model=llama2-13b&gpu=h100&gpus=24&pp=3&seq=4096&gbs=480&tokens=2e11";
// The run that was measured: Llama 3 8B on 8 A100s with its layout given.
const runLink = "#v=1&model=llama3-8b&gpu=a100-80g&gpus=8&tp=1&pp=1&cp=1&zero=1&recompute=none&mbs=2&tokens=1e10";
// torchtitan's metrics line as a terminal copy gives it: 2,900 tokens/s per GPU, 60 GiB reserved.
const titanLine = "[rank0]:[titan] 2025-03-02 11:42:07,311 - root - INFO - step: 200  loss:  3.1416  " +
                  "memory: 60.00GiB(75.53%)  tps: 2,900  tflops: 139.20  mfu: 44.62%";

function sameNumbers(a, b, where, diffs) {
  if (typeof a === "number" && typeof b === "number") {
    if (!(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)))) diffs.push(`${where}: page ${a} vs cli ${b}`);
  } else if (a && b && typeof a === "object" && typeof b === "object") {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) sameNumbers(a[k], b[k], `${where}.${k}`, diffs);
  } else if (a !== b) diffs.push(`${where}: page ${JSON.stringify(a)} vs cli ${JSON.stringify(b)}`);
}

// A click into a text field; the id of the field taking text after it (0: none). The field may already have been
// the active one (a second click into it keeps it so): any active field ends the wait.
async function clickInput(page, name) {
  if (!(await clickAt(page, name))) return 0;
  await until(page, () => window.trainplan.stats().active_id !== 0);
  return page.evaluate(() => window.trainplan.stats().active_id);
}

async function open(browser, base, fragment, { width = 1366, height = 768 } = {}) {
  const { context, page, problems } = await openPage(browser, base, fragment,
    { viewport: { width, height }, locale: "en-US" }, ["clipboard-read", "clipboard-write"]);
  await page.evaluate(() => window.trainplan.plan());  // the first plan, finished
  await frames(page, 4);
  return { context, page, problems };
}

// An open page moved on to `fragment` as it follows a link, waited for as open() waits.
async function goTo(page, fragment) {
  await page.evaluate((l) => window.trainplan.setLink(l), fragment);
  await page.evaluate(() => window.trainplan.plan());
  await frames(page, 4);
}

// 1-2 (and 4 with lang "zh"): the explanation and the "why?" panel against the command line.
async function whyChecks(page, lang) {
  const tag = lang === "zh" ? " (Chinese)" : "";
  const hash = await page.evaluate(() => location.hash);
  const cliJson = JSON.parse(cli("explain", "--link", hash, "--format", "json"));
  const pageJson = await page.evaluate(() => window.trainplan.explain());
  const diffs = [];
  sameNumbers(pageJson, cliJson, "explain", diffs);
  check(diffs.length === 0, `explain() equals \`trainplan explain --link <page link> --format json\`${tag}`, diffs.slice(0, 6).join("\n       "));

  await until(page, () => !!window.trainplan.widgets().why_days);
  const clicked = await clickAt(page, "why_days");
  await until(page, () => window.trainplan.explainPanel().open === "days" && window.trainplan.explainPanel().rows.length > 0);
  const panel = await page.evaluate(() => window.trainplan.explainPanel());
  const rows = panel.rows || [];
  const rootRow = rows[0] || {};
  const days = cliJson.days;
  const kids = rows.filter((r) => r.depth === 1);
  check(clicked && panel.open === "days" && rootRow.name === "days" && rootRow.value === days.value &&
        kids.length === days.inputs.length && kids.every((r, i) => r.name === days.inputs[i].name && r.value === days.inputs[i].value),
        `a mouse click on "why?" beside the days opens the panel: its lines have \`trainplan explain\`'s values${tag}`,
        JSON.stringify({ clicked, open: panel.open, root: rootRow.value, cli: days.value, kids: kids.map((r) => [r.name, r.value]) }));
  const label = lang === "zh" ? days.label_zh : days.label;
  const cliLine = cli("explain", "--link", hash, "days", "--lang", lang).split("\n")[0];
  check(rootRow.label === label && cliLine.includes(`= ${rootRow.substituted} = ${rootRow.text}`) && cliLine.includes(`(${label})`),
        `the panel's root line is the command line's: label, values substituted, value${tag}`,
        JSON.stringify({ label: rootRow.label, substituted: rootRow.substituted, text: rootRow.text, cliLine }));
  // A line clicked open shows its formula and its inputs, one level down.
  await clickAt(page, "explain_compute_days");
  await until(page, () => window.trainplan.explainPanel().rows.some((r) => r.name === "steady_days" && r.depth === 2));
  const opened = (await page.evaluate(() => window.trainplan.explainPanel())).rows;
  const cd = opened.find((r) => r.name === "compute_days") || {};
  const steady = opened.find((r) => r.name === "steady_days") || {};
  // compute_days' inputs since the whole run is built from its parts: startup_s, steady_days, ... (by name)
  const steadyCli = (days.inputs[0].inputs || []).find((n) => n.name === "steady_days") || {};
  check(cd.expanded && steady.value === steadyCli.value &&
        cli("explain", "--link", hash, "compute_days", "--lang", lang).split("\n")[0].includes(`= ${cd.substituted} = ${cd.text}`),
        `clicking a line opens its formula with values and its inputs${tag}`, JSON.stringify({ cd, steady }));
  await page.screenshot({ path: path.join(outDir, `web-why-days${lang === "zh" ? "-zh" : ""}.png`) });
  await clickAt(page, "explain_close");
  await until(page, () => window.trainplan.explainPanel().open === null);
  const closed = await page.evaluate(() => window.trainplan.explainPanel());
  check(closed.open === null && closed.rows.length === 0, `Close closes the panel${tag}`, JSON.stringify(closed).slice(0, 200));
  // A part of the memory bar.
  await clickAt(page, "why_weights_bytes");
  await until(page, () => window.trainplan.explainPanel().open === "weights_bytes");
  const part = await page.evaluate(() => window.trainplan.explainPanel());
  const weights = cliJson.memory_total_bytes.inputs.find((n) => n.name === "weights_bytes");
  check(part.open === "weights_bytes" && part.rows[0] && weights && part.rows[0].value === weights.value,
        `"why?" beside the weights in the memory bar's legend explains the weights${tag}`,
        JSON.stringify({ open: part.open, row: part.rows[0] && part.rows[0].value, cli: weights && weights.value }));
  await clickAt(page, "explain_close");
}

// 3 (and 4): the paste box.
async function calibrateChecks(page, lang, height) {
  const tag = lang === "zh" ? " (Chinese)" : "";
  const section = "section_Calibration (from your run)";
  const shown = !!(await scrollTo(page, section, 150, height));
  await clickAt(page, section);
  await until(page, () => !!window.trainplan.widgets().calibrate_log);
  await scrollTo(page, "calibrate_log", 150, height);
  await page.evaluate((t) => navigator.clipboard.writeText(t), titanLine);
  const focused = (await clickInput(page, "calibrate_log")) !== 0;
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Control+V");
  await until(page, () => window.trainplan.plan().calibration.measured_tokens_per_s_per_gpu === 2900);
  const plan = await page.evaluate(() => window.trainplan.plan());
  const hash = await page.evaluate(() => location.hash);
  const tps = plan.throughput.tokens_per_s_per_gpu;
  check(shown && focused && plan.calibration.measured_tokens_per_s_per_gpu === 2900 && Math.abs(tps / 2900 - 1) < 5e-4 &&
        plan.calibration.speed_fitted && /calib_speed=/.test(plan.link) && hash.includes("measured_tokens_per_s_per_gpu=2900"),
        `a torchtitan line pasted with a real Ctrl+V: the plan reproduces 2,900 tokens/s per GPU, its link carries calib_speed${tag}`,
        JSON.stringify({ shown, focused, measured: plan.calibration.measured_tokens_per_s_per_gpu, tps, link: plan.link, hash }));
  const cliPlan = JSON.parse(cli("plan", "--link", hash, "--format", "json"));
  const diffs = [];
  sameNumbers(plan, cliPlan, "plan", diffs);
  check(diffs.length === 0, `the command line plans the page's calibrated link identically${tag}`, diffs.slice(0, 6).join("\n       "));
  await page.screenshot({ path: path.join(outDir, `web-calibrated${lang === "zh" ? "-zh" : ""}.png`) });
  // Not a log line: a message under the box, nothing changed.
  await page.evaluate(() => navigator.clipboard.writeText("hello, this is not a training log"));
  await clickInput(page, "calibrate_log");
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Control+V");
  await until(page, () => !!window.trainplan.widgets().calibrate_message);
  await frames(page, 3);
  const still = await page.evaluate(() => ({ hash: location.hash, message: !!window.trainplan.widgets().calibrate_message }));
  check(still.message && still.hash === hash, `text that is no log line: a message, the plan unchanged${tag}`, JSON.stringify(still));
  return plan;
}

async function main() {
  for (const f of ["index.html", "index.js", "index.wasm", "trainplan.js"])
    if (!fs.existsSync(path.join(webDir, f))) {
      console.log(`FAIL: ${path.join(webDir, f)} is missing: build the page first`);
      process.exit(1);
    }
  if (!fs.existsSync(cliPath)) {
    console.log(`FAIL: ${cliPath} not found: build the native preset`);
    process.exit(1);
  }
  return runBrowserTest(webDir, summary, async ({ browser, base }) => {
    console.log("why? (English)");
    const english = await open(browser, base, planLink);
    {
      const { page, problems } = english;
      await whyChecks(page, "en");
      check(problems.length === 0, "no console errors", problems.join("\n       "));
    }
    console.log("calibrate from my run (English)");
    {
      const { page, problems } = english;
      await goTo(page, runLink);
      const calibrated = await calibrateChecks(page, "en", 768);
      // An edit of the configuration afterwards: the factors carry, the measurement stays with the run.
      await scrollTo(page, "gpus", 150, 768);
      await clickInput(page, "gpus");
      await page.keyboard.press("Control+A");
      await page.keyboard.type("16");
      await page.keyboard.press("Enter");
      await until(page, () => window.trainplan.plan().config.gpus === 16 && location.hash.includes("calib_speed="));
      const after = await page.evaluate(() => ({ hash: location.hash, plan: window.trainplan.plan() }));
      check(after.plan.config.gpus === 16 && after.hash.includes(`calib_speed=${calibrated.config.calib_speed}`) &&
            !after.hash.includes("measured_") && after.plan.calibration.speed_fitted === false,
            "then 16 GPUs typed: the address carries calib_speed, the measurement is left with the 8-GPU run",
            JSON.stringify({ hash: after.hash, fitted: after.plan.calibration.speed_fitted, factor: calibrated.config.calib_speed }));
      check(problems.length === 0, "no console errors", problems.join("\n       "));
    }
    console.log("Chinese");
    {
      const { context, page, problems } = await open(browser, base, planLink + "&lang=zh");
      await until(page, () => window.trainplan.stats().cjk_font === true);
      await frames(page, 3);
      await whyChecks(page, "zh");
      await goTo(page, runLink + "&lang=zh");
      await calibrateChecks(page, "zh", 768);
      check(problems.length === 0, "no console errors in Chinese", problems.join("\n       "));
      await context.close();
    }
    console.log("phone (390x844)");
    {
      // The English page's window made phone-sized (its inputs' edits left behind: the plan's link loaded again).
      const { context, page, problems } = english;
      await page.setViewportSize({ width: 390, height: 844 });
      await until(page, () => window.innerWidth === 390 && window.innerHeight === 844);
      await goTo(page, planLink);
      await until(page, () => !!window.trainplan.widgets().why_days);
      await clickAt(page, "why_days");
      await until(page, () => !!window.trainplan.widgets().explain_panel);
      const w = await widgets(page);
      const p = w.explain_panel;
      check(p && p[0] >= 0 && p[1] >= 0 && p[2] <= 390 && p[3] <= 844 && p[2] - p[0] > 300,
            "on a 390x844 screen the panel opens inside the screen, its full width", JSON.stringify(p));
      await page.screenshot({ path: path.join(outDir, "web-why-phone.png") });
      check(problems.length === 0, "no console errors", problems.join("\n       "));
      await context.close();
    }
  });
}

main();
