// search.mjs — the search view's whole-fleet search in headless Chromium (issue #19): Mixtral 8x7B on 256
// GPUs of every type, searched by the page's Web Workers. Times it through window.trainplan.searchStatus()
// (from the search's start until its whole answer and every GPU type's point are drawn), records the frame
// intervals and the UI's CPU time per frame meanwhile, and checks the answer is the command line's
// (`trainplan search --link L --top 20 --gpu-types <all> --format json`: the same best layouts, in the
// same order, with the same numbers); then clicks "by cost" and checks the table re-ranks to the command
// line's --objective cost answer without a new search. Also prints where the page's first frame went (the
// shell's marks on the performance timeline) and the frame intervals of the idle page, for comparison.
// Timings are printed with the machine's load average, not asserted (a shared machine is not a benchmark).
// Usage: node tests/browser/search.mjs [--web build/web] [--cli build/native/trainplan]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { serve, launch, checker, partialVersusWhole } from "./harness.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? path.resolve(args[i + 1]) : def;
};
const webDir = opt("--web", path.join(root, "build", "web"));
const cliPath = opt("--cli", path.join(root, "build", "native", "trainplan"));
const { check, summary } = checker();

const link = "#v=1&model=mixtral-8x7b&gpu=h100&gpus=256";

// The parts of a search answer that must match: every result's configuration (GPU and layout chosen) and
// numbers. The search's own time and its count of full evaluations differ by design (the page's search
// is split across GPU types, each share pruned against its own answer so far).
function strip(json) {
  const copy = JSON.parse(JSON.stringify(json));
  delete copy.elapsed_s;
  delete copy.evaluated;
  return copy;
}
function diff(a, b, where, out) {
  if (typeof a === "number" && typeof b === "number") {
    if (!(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)))) out.push(`${where}: page ${a} vs cli ${b}`);
  } else if (a && b && typeof a === "object" && typeof b === "object") {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) diff(a[k], b[k], `${where}.${k}`, out);
  } else if (a !== b) out.push(`${where}: page ${JSON.stringify(a)} vs cli ${JSON.stringify(b)}`);
}
const layoutOf = (r) => r && r.config ? `${r.config.gpu} tp${r.config.tp} pp${r.config.pp} ep${r.config.ep} mbs${r.config.mbs}` : "?";

const gpuIds = JSON.parse(execFileSync(cliPath, ["catalog", "gpus", "--format", "json"], { encoding: "utf8" }));
const allTypes = (Array.isArray(gpuIds) ? gpuIds : gpuIds.rows || gpuIds.gpus || []).map((g) => g.id).filter(Boolean);
function cliSearch(objective) {
  return JSON.parse(execFileSync(cliPath, ["search", "--link", link + "&view=search", "--top", "20", "--gpu-types", allTypes.join(","),
                                           "--objective", objective, "--format", "json"], { encoding: "utf8", maxBuffer: 256 << 20 }));
}

// "load 1.23 on 2 cores": how busy the machine was while a figure was taken.
const load = () => `load ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores`;

// Frame intervals over `ms` of the page as it is (requestAnimationFrame), sorted.
async function idleFrames(page, ms) {
  return page.evaluate((ms) => new Promise((resolve) => {
    const intervals = [];
    let last = performance.now();
    const t0 = last;
    const tick = (now) => {
      intervals.push(now - last);
      last = now;
      if (now - t0 > ms) resolve(intervals.sort((a, b) => a - b));
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }), ms);
}

const server = await serve(webDir);
const base = `http://127.0.0.1:${server.address().port}/index.html`;
const browser = await launch();
let failed = 0;
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console error: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  // Open on the plan view of the same link, and search at once, before the workers have started (they
  // start a second after the first frames): the first search starts them.
  const t0 = Date.now();
  await page.goto(base + link + "&view=plan");
  await page.waitForFunction(() => window.trainplan && window.trainplanReady, null, { timeout: 30000 });
  await page.evaluate(() => window.trainplanReady);
  const readyMs = Date.now() - t0;
  const marks = await page.evaluate(() => performance.getEntriesByType("mark").filter((m) => m.name.startsWith("trainplan:"))
    .map((m) => `${m.name.slice(10)} ${m.startTime.toFixed(0)}`).join(", "));
  console.log(`       first frames drawn ${readyMs} ms after navigation (${load()}); timeline ms: ${marks}, ready ` +
              `${(await page.evaluate(() => performance.now())).toFixed(0)}`);
  check(allTypes.length >= 10, `the catalog lists every GPU type (${allTypes.length})`);
  for (const run of ["first search (workers start)", "again (workers warm)"]) {
    // Another GPU count in between, so that the second run searches again.
    if (run.startsWith("again")) {
      await page.evaluate((l) => window.trainplan.setLink(l + "&gpus=128&view=plan"), link);
      await page.evaluate(() => window.trainplan.plan());  // lands the new plan: the search follows it
    }
    await page.evaluate(() => window.trainplan.stats());  // resets the per-frame maxima
    const measured = await page.evaluate((l) => new Promise((resolve) => {
      const intervals = [];
      let last = performance.now();
      const t0 = last;
      window.trainplan.setLink(l + "&view=search");
      const tick = (now) => {
        intervals.push(now - last);
        last = now;
        const st = window.trainplan.searchStatus();
        if (st.done || now - t0 > 60000) resolve({ status: st, intervals, stats: window.trainplan.stats() });
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    }), link);
    const st = measured.status;
    const iv = measured.intervals.slice().sort((a, b) => a - b);
    const idle = await idleFrames(page, 1000);  // the same page after the search, for comparison
    check(st.done, `${run}: the search view's search completes`, JSON.stringify(st));
    console.log(`       ${run}: Mixtral 8x7B, 256 x every GPU type (${allTypes.length}): done in ${st.elapsed_ms.toFixed(0)} ms ` +
                `(searchStatus), ${st.evaluated} layouts evaluated in full, ${st.workers} workers; ` +
                `${measured.intervals.length} frames, interval median ${iv[iv.length >> 1].toFixed(1)} ms, ` +
                `max ${iv[iv.length - 1].toFixed(1)} ms; UI CPU per frame max ${measured.stats.frame_ms_max.toFixed(1)} ms; ` +
                `drawn in full ${measured.stats.drawn_full}, in part ${measured.stats.drawn_partial} ` +
                `(${(100 * measured.stats.partial_share_mean).toFixed(1)} % of the canvas on average), not at all ${measured.stats.drawn_skipped}; ` +
                `idle page after it: interval median ${idle[idle.length >> 1].toFixed(1)} ms (${load()})`);
  }
  const byTime = await page.evaluate(() => window.trainplan.search());
  const cliTime = cliSearch("time");
  check(byTime && Array.isArray(byTime.results) && byTime.results.length > 0, "window.trainplan.search() answers",
        JSON.stringify(byTime).slice(0, 200));
  const d1 = [];
  diff(strip(byTime), strip(cliTime), "search", d1);
  check(d1.length === 0, `the page's best layouts are the command line's (by time; first ${layoutOf(byTime?.results?.[0])})`,
        d1.slice(0, 8).join("\n       "));

  // "by cost": the same search re-ranked.
  const before = await page.evaluate(() => window.trainplan.searchStatus());
  const r = (await page.evaluate(() => window.trainplan.widgets())).search_by_cost;
  check(!!r, "the by-cost switch is on screen");
  if (r) {
    await page.mouse.click((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
    await page.waitForFunction(() => { const s = window.trainplan.search(); return s && s.objective === "cost"; }, null,
                               { timeout: 10000 }).catch(() => {});
    const after = await page.evaluate(() => window.trainplan.searchStatus());
    const byCost = await page.evaluate(() => window.trainplan.search());
    check(after.done && after.elapsed_ms === before.elapsed_ms && after.evaluated === before.evaluated,
          "switching to by cost re-ranks without searching again", JSON.stringify({ before, after }));
    // The order is now in the page's link (search_by=cost): `trainplan search --link <that link>` alone gives the
    // page's answer, every type, 20 rows, by cost (issue #34).
    const pageLink = await page.evaluate(() => location.href);
    const cliByLink = JSON.parse(execFileSync(cliPath, ["search", "--link", pageLink, "--format", "json"],
                                              { encoding: "utf8", maxBuffer: 256 << 20 }));
    const d2 = [];
    diff(strip(byCost), strip(cliByLink), "search", d2);
    check(d2.length === 0, `by cost: \`trainplan search --link <the page's link>\` answers the same (first ${layoutOf(byCost?.results?.[0])})`,
          d2.slice(0, 8).join("\n       "));
  }
  // The canvas after frames drawn in part (web/redraw.h: the search filling in, the switch re-ranking) is
  // the canvas drawn whole.
  const drawn = await page.evaluate(() => window.trainplan.stats());
  const pw = await partialVersusWhole(page);
  check(pw.differ === 0, "the page drawn in parts is pixel for pixel the page drawn whole (after a resize and back)",
        `${pw.differ} of ${pw.bytes} bytes differ (frames since the search: ${JSON.stringify(drawn)})`);
  check(problems.length === 0, "no console errors or page errors", problems.join("\n       "));
  if (!fs.existsSync(path.join(root, "build", "screenshots"))) fs.mkdirSync(path.join(root, "build", "screenshots"), { recursive: true });
  await page.screenshot({ path: path.join(root, "build", "screenshots", "web-search-fleet.png") });
} finally {
  await browser.close();
  server.close();
  failed = summary();
}
process.exit(failed ? 1 : 0);
