// text.mjs — the plan as text a browser can read (issue #33), in real headless Chromium: the verdict, the headline
// figures with their bands (issue #28) and the view's table mirrored into DOM text; its numbers equal plan()'s JSON,
// the verdict is an ARIA live region that follows an edit typed with real key presses, the text is selectable and
// found by the browser's find, in English and Chinese, on a desktop and a phone-sized window, and printing (print
// media) hides the canvas and shows the text.
// Usage: node tests/browser/text.mjs [--web build/web] [--out build/screenshots]
import fs from "node:fs";
import path from "node:path";
import { checker, testPaths, frames, until, clickWidget, runBrowserTest } from "./harness.mjs";

const { webDir, outDir } = testPaths();
fs.mkdirSync(outDir, { recursive: true });
const { check, summary } = checker();

const GiB = 2 ** 30;
const memUnits = { B: 1, KiB: 2 ** 10, MiB: 2 ** 20, GiB, TiB: 2 ** 40 };
const timeUnits = { ms: 1e-3, s: 1, min: 60, h: 3600, days: 86400, day: 86400, "毫秒": 1e-3, "秒": 1, "分钟": 60, "小时": 3600, "天": 86400 };
const num = (s) => Number(String(s).replace(/,/g, ""));

// Half a unit of a printed number's last digit ("1.0" -> 0.05, "1,802" -> 0.5): how far the figure it prints may be.
const halfDigit = (s) => { const d = String(s).split(".")[1]; return 0.5 * 10 ** -(d ? d.length : 0); };
// "18.5 GiB (10.4–36.0)" or "900 MiB (800 MiB–1.20 GiB)": [value, lo, hi] in the units' base (bytes, seconds), each
// with the rounding its printed digits allow ([x, ±x]).
function banded(text, units, after = "") {
  const u = Object.keys(units).map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  const re = new RegExp(`([\\d.,]+) ?(${u}) \\(([\\d.,]+) ?(${u})?–([\\d.,]+) ?(${u})?\\)${after}`);
  const m = re.exec(text);
  if (!m) return null;
  const unit = (x) => units[x || m[2]];
  const at = (i, j) => [num(m[i]) * unit(m[j]), halfDigit(m[i]) * unit(m[j])];
  return [at(1, 2), at(3, 4), at(5, 6)];
}
// Each printed figure within its rounding of the JSON's number (and a hair more for the float's own error).
const within = ([x, r], v) => Math.abs(x - v) <= r * 1.001 + 1e-9 * Math.abs(v);
const bandedOk = (got, value, band) => !!got && within(got[0], value) && within(got[1], band[0]) && within(got[2], band[1]);

async function pageText(page) {
  return page.evaluate(() => ({
    verdict: document.getElementById("text-verdict").textContent,
    body: document.getElementById("text-body").textContent,
    lang: document.getElementById("text").lang,
    live: document.getElementById("text-verdict").getAttribute("aria-live"),
    role: document.getElementById("text-verdict").getAttribute("role"),
  }));
}

// Waits until the DOM's text follows the plan on screen (the page publishes it once the plan has landed).
async function settled(page) {
  await until(page, () => {
    const v = document.getElementById("text-verdict").textContent;
    const p = window.trainplan.plan();
    return v.length > 0 && document.getElementById("text-body").textContent.includes(p.link);
  }, null, 15000);
  await frames(page, 3);
}

// The plan view's figures in the DOM against the plan's JSON.
function checkFigures(t, p, where) {
  const b = p.bands;
  const mem = banded(t.verdict, memUnits);
  check(bandedOk(mem, p.memory.total_bytes, b.memory_total_bytes),
        `${where}: the verdict's memory per GPU and its band equal plan()'s memory.total_bytes and bands`,
        JSON.stringify({ dom: mem, json: [p.memory.total_bytes, b.memory_total_bytes], verdict: t.verdict }));
  const tps = banded(t.body, { "": 1 }, p.config.lang === "zh" ? "" : " tokens/s per GPU");
  check(bandedOk(tps, p.throughput.tokens_per_s_per_gpu, b.tokens_per_s_per_gpu),
        `${where}: tokens/s per GPU and its band equal the JSON's`,
        JSON.stringify({ dom: tps, json: [p.throughput.tokens_per_s_per_gpu, b.tokens_per_s_per_gpu] }));
  const stepLine = t.body.split("\n").find((l) => /^(Step time|每步时间|Policy optimizer step|策略每个优化器步)/.test(l)) || t.body.split("\n")[2] || "";
  const step = banded(stepLine, timeUnits);
  check(bandedOk(step, p.step.seconds, b.step_seconds), `${where}: the step time and its band equal the JSON's`,
        JSON.stringify({ line: stepLine, dom: step, json: [p.step.seconds, b.step_seconds] }));
  // The table under the figures is the text report (`trainplan plan --link ...`): its link row is the plan's.
  check(t.body.includes(p.link), `${where}: the view's table names the plan's link`, p.link);
  const rowTps = /^\s*tokens\/s per GPU\s+(\d+) \((\d+)–(\d+)\)/m.exec(t.body);
  const whole = (x) => [num(x), 0.5];  // the text report prints tokens/s as whole numbers
  check(!!rowTps && within(whole(rowTps[1]), p.throughput.tokens_per_s_per_gpu) &&
        within(whole(rowTps[2]), b.tokens_per_s_per_gpu[0]) && within(whole(rowTps[3]), b.tokens_per_s_per_gpu[1]),
        `${where}: the table's tokens/s per GPU row and its band equal the JSON's`, rowTps && rowTps[0]);
}

async function main() {
  return runBrowserTest(webDir, summary, async ({ browser, base }) => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: "en-US" });
    const page = await context.newPage();
    const problems = [];
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("console", (m) => { if (m.type() === "error") problems.push(`console error: ${m.text()}`); });
    // A QLoRA fine-tune on one RTX 4090: tight (the memory band's upper end passes the card's 24 GiB).
    const link = "#v=1&model=llama3-8b&gpu=rtx4090&gpus=1&method=qlora";
    await page.goto(base + "/index.html" + link);
    await page.waitForFunction(() => window.trainplan && window.trainplanReady, null, { timeout: 30000 });
    await page.evaluate(() => window.trainplanReady);
    await settled(page);

    let p = await page.evaluate(() => window.trainplan.plan());
    let t = await pageText(page);
    check(t.role === "status" && t.live === "polite", "the verdict is an ARIA live region (role=status, aria-live=polite)",
          JSON.stringify({ role: t.role, live: t.live }));
    check(p.memory.verdict === "tight" && t.verdict.startsWith("Tight: may run out of memory"),
          "a tight plan's verdict reads 'Tight: may run out of memory'", `${p.memory.verdict}: ${t.verdict}`);
    check(p.config.stack === "hf" && t.body.includes("stack=hf"), "the text says the stack auto chose (hf)", p.config.stack);
    checkFigures(t, p, "en, plan view");
    const style = await page.evaluate(() => {
      const r = document.getElementById("text").getBoundingClientRect();
      return { w: r.width, h: r.height, canvas: getComputedStyle(document.getElementById("canvas")).display };
    });
    check(style.w <= 2 && style.h <= 2 && style.canvas !== "none", "on screen the text is hidden behind a clip (the canvas shows)",
          JSON.stringify(style));
    // Selectable and found: the browser's own find (what Ctrl+F uses) finds a figure, and Select All copies it.
    const gib = (p.memory.total_bytes / GiB).toPrecision(3);
    const found = await page.evaluate((s) => { window.getSelection().removeAllRanges(); return window.find(s); }, `${gib} GiB`);
    check(found, `the browser's find finds the memory figure '${gib} GiB' in the page`);
    const selected = await page.evaluate(() => {
      const r = document.createRange();
      r.selectNodeContents(document.getElementById("text"));
      const s = window.getSelection();
      s.removeAllRanges();
      s.addRange(r);
      const text = s.toString();
      s.removeAllRanges();
      return text;
    });
    check(selected.includes(p.link) && selected.includes(`${gib} GiB`), "the text can be selected (its selection holds the figures)");

    // The "why?" of the memory figure says where its band comes from (plan()'s band_basis), then closes.
    await clickWidget(page, "why_memory_total_bytes");
    await until(page, () => window.trainplan.explainPanel().open === "memory_total_bytes");
    const panel = await page.evaluate(() => window.trainplan.explainPanel());
    check(panel.band.startsWith("band: ") && panel.band.includes(p.band_basis.memory.how),
          "the memory figure's why? panel states its band's basis (band_basis.memory.how)",
          JSON.stringify({ panel: panel.band, json: p.band_basis.memory.how }));
    await clickWidget(page, "explain_close");
    await until(page, () => window.trainplan.explainPanel().open === null);

    // Published on change only: no DOM change while nothing changes.
    await page.evaluate(() => {
      window.__textMutations = 0;
      new MutationObserver((m) => { window.__textMutations += m.length; })
        .observe(document.getElementById("text"), { subtree: true, childList: true, characterData: true });
    });
    await frames(page, 30);
    check((await page.evaluate(() => window.__textMutations)) === 0, "30 frames without an edit leave the text alone");

    // An edit typed with real keys: the sequence length, 512. The live region follows with the new plan's figures.
    const before = t.verdict;
    for (let i = 0; i < 12; i++) {
      const r = (await page.evaluate(() => window.trainplan.widgets())).seq;
      if (r && r[1] > 40 && r[3] < 700) break;
      await page.mouse.move(150, 400);
      await page.mouse.wheel(0, !r || r[3] >= 700 ? 120 : -120);
      await frames(page, 3);
    }
    const seqBox = (await page.evaluate(() => window.trainplan.widgets())).seq;
    if (seqBox) await page.mouse.click((seqBox[0] + seqBox[2]) / 2, (seqBox[1] + seqBox[3]) / 2);
    await frames(page, 2);
    await page.keyboard.press("Control+A");
    await page.keyboard.type("512");
    await page.keyboard.press("Enter");
    await until(page, () => window.trainplan.plan().config.seq === 512, null, 8000);
    await settled(page);
    p = await page.evaluate(() => window.trainplan.plan());
    t = await pageText(page);
    const mutations = await page.evaluate(() => window.__textMutations);
    check(p.config.seq === 512 && t.verdict !== before, "typing seq 512 (real keys) changes the live region's verdict",
          JSON.stringify({ seq: p.config.seq, before, after: t.verdict }));
    check(mutations > 0 && mutations < 40, `the edit rewrote the text a few times, not every frame (${mutations} DOM changes)`);
    checkFigures(t, p, "en, after the edit");

    // Chinese: the button in the top bar.
    await clickWidget(page, "lang_zh");
    await until(page, () => document.getElementById("text").lang === "zh-CN", null, 8000);
    await settled(page);
    p = await page.evaluate(() => window.trainplan.plan());
    t = await pageText(page);
    check(t.lang === "zh-CN" && /偏紧|放得下/.test(t.verdict), "Chinese: the verdict in Chinese, the text marked lang=zh-CN",
          JSON.stringify({ lang: t.lang, verdict: t.verdict }));
    check(/每张 GPU/.test(t.verdict), "Chinese: the memory line in Chinese", t.verdict);
    const memZh = banded(t.verdict, memUnits);
    check(bandedOk(memZh, p.memory.total_bytes, p.bands.memory_total_bytes), "Chinese: the memory figure and band equal the JSON's",
          JSON.stringify(memZh));
    check(t.body.includes(p.link), "Chinese: the table names the plan's link");

    // Printing: the canvas goes, the text shows (print media).
    await page.emulateMedia({ media: "print" });
    const printed = await page.evaluate(() => {
      const r = document.getElementById("text").getBoundingClientRect();
      const body = document.getElementById("text-body").getBoundingClientRect();
      return { w: r.width, h: r.height, bodyH: body.height, canvas: getComputedStyle(document.getElementById("canvas")).display,
               clip: getComputedStyle(document.getElementById("text")).clipPath };
    });
    check(printed.canvas === "none" && printed.w > 300 && printed.bodyH > 200 && printed.clip === "none",
          "print media: the canvas is hidden and the text plan is laid out in full", JSON.stringify(printed));
    await page.pdf({ path: path.join(outDir, "web-print.pdf") }).catch(() => {});
    await page.emulateMedia({ media: "screen" });

    // The compare view: its verdict is the comparison's, as compare() says it.
    await page.evaluate(() => window.trainplan.setLink("#v=1&view=compare&lang=en"));
    await until(page, () => {
      const c = window.trainplan.compare();
      return c.verdict && document.getElementById("text-verdict").textContent === c.verdict.text;
    }, null, 30000);
    const cmp = await page.evaluate(() => window.trainplan.compare());
    t = await pageText(page);
    check(!!cmp.verdict && t.verdict === cmp.verdict.text && t.body.includes("scenario 1"),
          "the compare view: the live region says compare()'s verdict, the text holds the columns' table",
          JSON.stringify({ dom: t.verdict, json: cmp.verdict && cmp.verdict.text }));
    check(problems.length === 0, "no page errors", problems.join("\n       "));
    await context.close();

    // A phone-sized window: the same text for a plan that fits.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
    const pp = await phone.newPage();
    await pp.goto(base + "/index.html#v=1&model=llama3-8b&gpu=h100&gpus=8&view=plan");
    await pp.waitForFunction(() => window.trainplan && window.trainplanReady, null, { timeout: 30000 });
    await pp.evaluate(() => window.trainplanReady);
    await settled(pp);
    p = await pp.evaluate(() => window.trainplan.plan());
    t = await pageText(pp);
    const word = p.memory.verdict === "fits" ? "✔ Fits" : p.memory.verdict === "tight" ? "Tight" : "✘";
    check(t.verdict.startsWith(word), `phone: the verdict '${word}' as plan()'s memory.verdict (${p.memory.verdict})`, t.verdict);
    checkFigures(t, p, "phone");
    await pp.emulateMedia({ media: "print" });
    const phonePrint = await pp.evaluate(() => ({ canvas: getComputedStyle(document.getElementById("canvas")).display,
                                                  h: document.getElementById("text-body").getBoundingClientRect().height }));
    check(phonePrint.canvas === "none" && phonePrint.h > 200, "phone, print media: text instead of the canvas", JSON.stringify(phonePrint));
    await phone.close();
  });
}

main();
