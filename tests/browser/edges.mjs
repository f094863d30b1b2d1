// edges.mjs — the page's rough edges of issue #34, each done as the user met it, in real headless Chromium:
//   1. the inputs panel at 750, 900 and 1,100 CSS pixels and at 125 % and 150 % zoom (a 1,366-pixel window,
//      deviceScaleFactor 1.25 / 1.5), in English and Chinese: the QLoRA choice is inside the panel and a click
//      on it chooses QLoRA, the framework's name is whole and its list opens and picks;
//   2. the Compare columns stay where they were when the verdict lands and wraps: a click at the count field
//      seen before edits the count (not the GPU list);
//   3. tooltips wait for the pointer to rest, and on a touch screen go when the finger lifts;
//   4. the owned cost and the years of ownership are on the page, from the plan's own figures;
//   5. the Search view: its tick labels are durations and never repeat, one GPU type is labelled once, "only
//      this GPU" and the order are in the link and follow Back;
//   6. the scaling chart reaches a 16,384-GPU plan's count and explains its red crosses;
//   7. "why?" marks as the user's only the keys the user gave; communication and catalog nodes have formulas;
//   8. a phone's Inputs tab opens at its top; the calibration's reading goes when the plan moves on;
//   9. Compare titles your plan's column "Your plan" wherever it is (second, first), and none on a first visit,
//      whose question is asked of other GPU counts than the plan's;
//  10. the page's own words (window.trainplan.drawnText): the first frame shows "…", not "0 parameters" or "0 tokens";
//      a run expecting one failure says "1 failure expected"; the Compare note names your plan's column.
// A page load costs seconds of CPU (WebGL, the wasm's compile, the first frames), so the cases share an open
// page where a user would go on in the same tab: one per language on a desktop, one phone (touch and a phone's
// screen cannot change on an open page). The next case is loaded the way the page follows a link
// (window.trainplan.setLink, a new history entry), the window is resized, and zoom is the pixel ratio changed on
// the open page (CDP's Emulation.setDeviceMetricsOverride), as a user zooming does. A first visit (9, 10's
// first frame and first-visit note) is what its case tests, so those get a fresh page of their own.
// Usage: node tests/browser/edges.mjs [--web build/web] [--cli build/native/trainplan] [--out build/screenshots]
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { checker, testPaths, frames, until, openPage, tapWidget, fingerDrag, runBrowserTest } from "./harness.mjs";

const { webDir, cliPath, outDir } = testPaths();
fs.mkdirSync(outDir, { recursive: true });
const { check, summary } = checker();

const widgets = (page) => page.evaluate(() => window.trainplan.widgets());
const stats = (page) => page.evaluate(() => window.trainplan.stats());
const plan = (page) => page.evaluate(() => window.trainplan.plan());
const centre = (r) => [(r[0] + r[2]) / 2, (r[1] + r[3]) / 2];
const inside = (r, box) => r && box && r[0] >= box[0] - 0.5 && r[2] <= box[2] + 0.5 && r[1] >= box[1] - 0.5 && r[3] <= box[3] + 0.5;

async function open(browser, base, fragment, options = {}) {
  const { width = 1366, height = 768, scale = 1, touch = false, locale = "en-US" } = options;
  const { context, page, problems } = await openPage(browser, base, fragment,
    { viewport: { width, height }, deviceScaleFactor: scale, locale, hasTouch: touch, isMobile: touch });
  // The first frames drawn: the Plan view's verdict (or, in a narrow window, its Inputs switch); the Search
  // view's top bar (it has no verdict).
  await until(page, () => {
    const w = window.trainplan.widgets();
    return !!w.verdict || !!w.narrow_inputs || (location.hash.includes("view=search") && !!w.view_Plan);
  });
  // In Chinese, the font the text is measured in: it arrives after the first frames and the layout follows it
  // (what a user looks at is the page once it has).
  if (fragment.includes("lang=zh")) {
    await until(page, () => window.trainplan.stats().cjk_font === true, null, 15000);
    await frames(page, 3);
  }
  return { context, page, problems };
}

// The pages the cases share, one per kind (key: a language on a desktop, a phone): opened at the first case's
// link and size; a later case's window size (and zoom) set on it (resize), then its link loaded (goTo). The
// options that cannot change on an open page (touch, locale) are the key's. Closed at the end (closeShared).
const shared = new Map();
async function onPage(browser, base, key, fragment, options = {}) {
  const { width = 1366, height = 768, scale = 1 } = options;
  let s = shared.get(key);
  if (!s) {
    s = await open(browser, base, fragment, options);
    s.cdp = await s.context.newCDPSession(s.page);
    s.size = { width, height, scale };
    shared.set(key, s);
    return s;
  }
  if (s.size.width !== width || s.size.height !== height || s.size.scale !== scale) await resize(s, width, height, scale);
  await goTo(s.page, fragment);
  return s;
}
async function closeShared() {
  for (const s of shared.values()) await s.context.close();
  shared.clear();
}

// An open page moved on to `fragment` as it follows a link (a new history entry), waited for as open() waits.
async function goTo(page, fragment) {
  await page.evaluate((f) => window.trainplan.setLink(f), fragment);
  await frames(page, 3);
  await until(page, () => {
    const w = window.trainplan.widgets();
    return !!w.verdict || !!w.narrow_inputs || (location.hash.includes("view=search") && !!w.view_Plan) ||
           (location.hash.includes("view=compare") && !!w.cmp_gpu_0);
  });
  await frames(page, 3);
}

// The "why?" panel closed as a user closes it (its close button), when a case left it open.
async function closeExplain(page, touch = false) {
  if (!(await page.evaluate(() => window.trainplan.explainPanel().open))) return;
  if (touch) await tapWidget(page, "explain_close");
  else await click(page, "explain_close");
  await until(page, () => !window.trainplan.explainPanel().open);
}

// A first visit (no link, the browser's language), `lang` "en" or "zh", at 1366 x 768: a page of its own, kept
// as it opened for the first-visit cases that only look at it (9 and 10).
async function firstVisit(browser, base, lang) {
  const key = `first visit ${lang}`;
  if (!shared.has(key))
    shared.set(key, await openPage(browser, base, "", { viewport: { width: 1366, height: 768 }, locale: lang === "zh" ? "zh-CN" : "en-US" }));
  return shared.get(key);
}

// The open page's window resized to width x height CSS pixels at pixel ratio `scale` (browser zoom: 1.25 is
// 125 %), then waited for until the page has it and drew a few frames.
async function resize(s, width, height, scale = 1) {
  if (scale !== 1) await s.cdp.send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: scale, mobile: false });
  else await s.page.setViewportSize({ width, height });  // Playwright's own override, at the context's ratio (1)
  await until(s.page, (v) => window.innerWidth === v.width && window.innerHeight === v.height &&
                             Math.abs(window.devicePixelRatio - v.scale) < 1e-6, { width, height, scale });
  s.size = { width, height, scale };
  await frames(s.page, 6);
}

// A real click at the centre of a registered widget (scrolled into view first, as a user does, when it is in
// the inputs panel and below its edge).
async function click(page, name) {
  let r = (await widgets(page))[name];
  if (!r) return false;
  const [x, y] = centre(r);
  await page.mouse.click(x, y);
  await frames(page, 4);
  return true;
}

// Scrolls the panel under (x, y) with the wheel until widget `name` is on screen (at most `tries` turns).
async function scrollTo(page, name, x, y, height, tries = 12) {
  for (let i = 0; i < tries; i++) {
    const r = (await widgets(page))[name];
    if (r && r[1] > 60 && r[3] < height - 60) return r;
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, r && r[1] < 60 ? -200 : 200);
    await frames(page, 4);
  }
  return (await widgets(page))[name];
}

async function inputsPanel(browser, base) {
  console.log("1. the inputs panel at 750, 900, 1,100 px and at 125 % and 150 % zoom, English and Chinese");
  // One page per language, resized and zoomed from size to size; each size's case starts again from its link
  // (the method and the framework the last one chose are reset with it).
  const sizes = [{ width: 750 }, { width: 900 }, { width: 1100 }, { width: 1093, scale: 1.25 }, { width: 911, scale: 1.5 }];
  for (const lang of ["en", "zh"])
    for (const size of sizes) {
      const what = `${size.width} px${size.scale ? ` (1366 at ${size.scale * 100} %)` : ""}, ${lang}`;
      const fragment = `#v=1&model=llama3-8b&gpu=h100&gpus=8&view=plan${lang === "zh" ? "&lang=zh" : ""}`;
      const { page, problems } = await onPage(browser, base, lang, fragment, { ...size, height: 800, locale: lang === "zh" ? "zh-CN" : "en-US" });
      let w = await widgets(page);
      if (w.narrow_inputs) {  // a window this narrow shows the inputs behind the Inputs switch
        await click(page, "narrow_inputs");
        await until(page, () => !!window.trainplan.widgets().method_qlora);
        w = await widgets(page);
      }
      // The panel's content: as wide as a section's header (the Model section's, left of the scrollbar).
      const panel = w.section_Model ? [w.section_Model[0] - 6, 0, w.section_Model[2] + 1, 800] : [0, 0, size.width, 800];
      const box = panel;
      const qlora = await scrollTo(page, "method_qlora", (panel[0] + panel[2]) / 2, 400, 800);
      w = await widgets(page);
      // The panel as it is now (its scroll bar may have come or gone with the scrolling).
      if (w.section_Model) box[0] = w.section_Model[0] - 6, box[2] = w.section_Model[2] + 1;
      check(inside(qlora, box), `${what}: the QLoRA choice is inside the inputs panel`,
            JSON.stringify({ qlora, panel }));
      check(inside(w.goal, box), `${what}: the goal's auto check box is inside the panel`, JSON.stringify({ goal: w.goal, panel }));
      check(!!w.stack && inside(w.stack, box) && !!w.stack_name_whole,
            `${what}: the framework's combo is inside the panel with the default's name whole`, JSON.stringify({ stack: w.stack, whole: w.stack_name_whole }));
      await click(page, "method_qlora");
      await until(page, () => window.trainplan.plan().config.method === "qlora");
      check((await plan(page)).config.method === "qlora", `${what}: a click on QLoRA chooses QLoRA`);
      await click(page, "stack");
      // The list placed under its combo: a popup's first frame lays it out hidden, at the pointer, and the
      // names the page registers then are not where the list is drawn (a click there closes the list).
      await until(page, () => {
        const w = window.trainplan.widgets();
        return !!w.stack_deepspeed && !!w.stack && w.stack_deepspeed[0] >= w.stack[0] - 1 && w.stack_deepspeed[0] <= w.stack[0] + 24;
      });
      await frames(page, 2);
      const item = (await widgets(page)).stack_deepspeed;
      const clicked = await click(page, "stack_deepspeed");
      await until(page, () => window.trainplan.plan().config.stack === "deepspeed");
      const picked = (await plan(page)).config.stack;
      const after = await widgets(page);
      check(clicked && picked === "deepspeed", `${what}: the framework's list opens and DeepSpeed is picked`,
            JSON.stringify({ listed: clicked, picked, stack: after.stack, item, itemAfter: after.stack_deepspeed || null,
                             mouse: (await stats(page)).mouse }));
      if (picked !== "deepspeed") await page.screenshot({ path: path.join(outDir, `edges-stack-miss-${lang}-${size.width}.png`) });
      if (size.width === 900) await page.screenshot({ path: path.join(outDir, `edges-inputs-900-${lang}.png`) });
      check(problems.length === 0, `${what}: no console or page error`, problems.join("; "));
    }
}

async function compareColumns(browser, base) {
  console.log("2. the Compare columns do not move when the verdict lands and wraps");
  const link = "#v=1&model=llama2-70b&gpu=a100-80g&gpus=256&view=compare&cmp=gpu:rtx4090,gpus:2048;gpu:a100-80g,gpus:256;gpu:h100,gpus:256";
  let wrapped = 0;
  for (const width of [800, 900, 1100, 1366]) {
    // The page keeps the columns it computed: opened again, the same comparison would land at once, with no frame
    // of its columns searching. So the first width is the English page's (which has not compared yet), back on
    // the plan view the comparison is opened from, and each other width a page of its own.
    const fresh = width !== 800;
    const { context, page, problems } = fresh ? await open(browser, base, "#v=1&model=llama3-8b&view=plan", { width, height: 800 })
                                              : await onPage(browser, base, "en", "#v=1&model=llama3-8b&view=plan", { width, height: 800 });
    // The comparison opened as a link is: every frame from the load until its verdict has landed, where the
    // second column's count field is (frame by frame in the page, so no frame is missed).
    const seen = await page.evaluate((link) => new Promise((resolve) => {
      const out = [];
      window.trainplan.setLink(link);
      let after = 0;
      const t0 = performance.now();
      const frame = () => {
        const w = window.trainplan.widgets();
        if (w.cmp_gpus_1) out.push({ x: w.cmp_gpus_1[0], y: w.cmp_gpus_1[1], h: w.cmp_gpus_1[3] - w.cmp_gpus_1[1], verdict: w.compare_verdict || null });
        if (w.compare_verdict) after++;
        if (after > 5 || performance.now() - t0 > 30000) resolve(out);
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }), link);
    const ys = [...new Set(seen.map((s) => Math.round(s.y * 2) / 2))];
    const landed = seen.filter((s) => s.verdict), searching = seen.filter((s) => !s.verdict);
    const v = landed.length ? landed[landed.length - 1].verdict : null;
    const lines = v ? Math.round((v[3] - v[1]) / (landed[0].h - 2)) : 0;
    wrapped += lines > 1;
    check(searching.length > 0 && landed.length > 0 && ys.length === 1,
          `${width} px: the second column's count field stays put while the columns search and as the verdict (${lines} line(s)) lands`,
          JSON.stringify({ ys, searching: searching.length, landed: landed.length, verdict: v }));
    // The click meant for the count, where the user saw it while the columns searched: it edits the count.
    const before = searching.length ? searching[0] : seen[0];
    await page.mouse.click(before.x + 20, before.y + before.h / 2);
    await frames(page, 4);
    const listOpen = Object.keys(await widgets(page)).some((n) => n.startsWith("pick_cmp_gpu_1_"));
    await page.keyboard.press("Control+A");
    await page.keyboard.type("512");
    await page.keyboard.press("Enter");
    await until(page, () => decodeURIComponent(location.hash).includes("gpu:a100-80g,gpus:512"));
    check(!listOpen && (await page.evaluate(() => decodeURIComponent(location.hash))).includes("gpu:a100-80g,gpus:512"),
          `${width} px: a click where the count was seen types into the count, not the GPU list`,
          await page.evaluate(() => decodeURIComponent(location.hash)));
    check(problems.length === 0, `${width} px: no console or page error`, problems.join("; "));
    if (fresh) await context.close();
  }
  check(wrapped > 0, `the verdict wrapped at ${wrapped} of the widths (what moved the columns before)`);
}

async function tooltips(browser, base) {
  console.log("3. tooltips wait for the pointer to rest; a finger's goes when it lifts");
  {
    const { page } = await onPage(browser, base, "en", "#v=1&model=llama3-8b&gpu=h100&gpus=8&view=plan");
    const w = await widgets(page);
    const [x, y] = centre(w.model);
    // The pointer where the last case left it (resting on a field), first moved to the window's corner (where a
    // new page's pointer starts) and left there a second: Dear ImGui shares the hover delay between items the
    // pointer moves on between quickly, so without the pause the field's tooltip would come early (in ~300 ms,
    // not the 0.5 s delay) and this case would not be the one of a pointer arriving afresh.
    await page.mouse.move(0, 0, { steps: 3 });
    await until(page, () => window.trainplan.stats().tooltip === null);
    await page.waitForTimeout(1200);
    await frames(page, 3);
    // Across the page as a pointer crosses it: over the model's picker on its way to the results.
    // Timed from the pointer's arrival, not from after the two frames (on a loaded machine two frames can take a
    // few hundred milliseconds of the half second a tooltip waits).
    await page.mouse.move(x, y, { steps: 2 });
    const t0 = Date.now();
    await frames(page, 2);
    const passing = (await stats(page)).tooltip, passed = Date.now() - t0;
    await until(page, () => window.trainplan.stats().tooltip !== null, null, 5000);
    const rested = (await stats(page)).tooltip, waited = Date.now() - t0;
    check(passing === null || passed >= 300, `a pointer passing over a field shows no tooltip at once (${passed} ms later)`,
          JSON.stringify(passing));
    check(rested !== null && waited >= 300, `resting on it, its tooltip comes (after ${waited} ms)`, JSON.stringify(rested));
    await page.mouse.move(x + 400, 5, { steps: 3 });
    await until(page, () => window.trainplan.stats().tooltip === null);
    check((await stats(page)).tooltip === null, "moving away, the tooltip goes");
  }
  {
    const { page, cdp } = await onPage(browser, base, "phone", "#v=1&model=llama3-8b&gpu=h100&gpus=8&view=plan",
                                       { width: 390, height: 844, scale: 2, touch: true });
    await frames(page, 4);
    const w = await widgets(page);
    const [x, y] = centre(w.narrow_summary || w.verdict);
    const target = w.why_days ? centre(w.why_days) : [x, y];
    // A finger resting on a "why?" shows its tooltip, lifting it takes the tooltip away.
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: target[0], y: target[1] }] });
    await until(page, () => window.trainplan.stats().tooltip !== null, null, 5000);
    const held = (await stats(page)).tooltip;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await frames(page, 8);
    await until(page, () => window.trainplan.stats().tooltip === null);
    const lifted = (await stats(page)).tooltip;
    check(held !== null, "a phone: a finger resting on an item shows its tooltip", JSON.stringify({ held, target }));
    check(lifted === null, "a phone: the tooltip goes when the finger lifts", JSON.stringify(lifted));
    // A quick tap leaves no tooltip behind either.
    await page.touchscreen.tap(target[0], target[1]);
    await frames(page, 10);
    check((await stats(page)).tooltip === null, "a phone: a tap leaves no tooltip behind");
  }
}

async function ownership(browser, base) {
  console.log("4. the owned cost and the years of ownership are on the page");
  for (const lang of ["en", "zh"]) {
    const link = `#v=1&model=llama2-70b&gpu=h100&gpus=256${lang === "zh" ? "&lang=zh" : ""}&view=plan`;
    const { page } = await onPage(browser, base, lang, link, { locale: lang === "zh" ? "zh-CN" : "en-US" });
    await until(page, () => !!window.trainplan.widgets().ownership);
    const w = await widgets(page);
    const p = await plan(page);
    const cli = execFileSync(cliPath, ["plan", "--link", link.replace("&view=plan", "")]).toString();
    const own = Math.round(p.run.cost_own_usd).toLocaleString("en-US");
    check(!!w.ownership && w.ownership[1] > (w.run_bar ? w.run_bar[1] : 0),
          `${lang}: an ownership line under the run bar`, JSON.stringify({ ownership: w.ownership, run_bar: w.run_bar }));
    check(p.run.cost_own_usd > 0 && cli.includes(own), `${lang}: its figure is the plan's cost_own_usd, the one the CLI prints (${own} USD)`);
  }
}

async function searchView(browser, base) {
  console.log("5. the Search view: durations on its axis, one GPU type labelled once, its settings in the link");
  const { page, problems } = await onPage(browser, base, "en", "#v=1&model=llama3-8b&gpu=h100&gpus=8&tokens=2e9&view=search");
  await until(page, () => window.trainplan.searchStatus().done, null, 120000);
  let w = await widgets(page);
  const ticks = (w, axis) => Object.keys(w).filter((n) => n.startsWith(`front_${axis}tick_`)).map((n) => n.replace(/^\S+ /, ""));
  const xt = ticks(w, "x");
  check(xt.length > 0 && xt.every((t) => /^[\d.,]+ (min|h|days|s)$/.test(t)), "the time axis's ticks are durations", JSON.stringify(xt));
  // Only this GPU: a real click on the check box; the link says so and the search is of one type.
  await click(page, "search_selected_only");
  await until(page, () => location.hash.includes("search_gpus=this"));
  check((await page.evaluate(() => location.hash)).includes("search_gpus=this"), "\"H100 only\" is in the link (search_gpus=this)");
  await until(page, () => window.trainplan.searchStatus().done, null, 60000);
  w = await widgets(page);
  const one = { x: ticks(w, "x"), y: ticks(w, "y"), labels: Object.keys(w).filter((n) => n.startsWith("front_label_")) };
  check(one.x.length > 0 && new Set(one.x).size === one.x.length && new Set(one.y).size === one.y.length,
        "one GPU type: no tick label repeats", JSON.stringify(one));
  check(one.labels.length === 1, "one GPU type: its point is labelled once", JSON.stringify(one.labels));
  await click(page, "search_by_cost");
  await until(page, () => location.hash.includes("search_by=cost"));
  check((await page.evaluate(() => location.hash)).includes("search_by=cost"), "the order is in the link (search_by=cost)");
  await page.screenshot({ path: path.join(outDir, "edges-search-one-type.png") });
  // Leaving: the plan view, then Back and Back: the link before says all types, by time, and so does the view.
  await click(page, "view_plan");
  await page.goBack();
  await page.goBack();
  await until(page, () => !location.hash.includes("search_gpus=this"));
  await frames(page, 6);
  const hash = await page.evaluate(() => location.hash);
  check(!hash.includes("search_gpus=this") && !hash.includes("search_by=cost"), "Back: \"only this GPU\" and the order follow the link", hash);
  await until(page, () => window.trainplan.searchStatus().done, null, 120000);
  await frames(page, 4);
  const labels = Object.keys(await widgets(page)).filter((n) => n.startsWith("front_label_"));
  check(labels.length > 1, `... and the chart is again of every GPU type (${labels.length} labelled)`, JSON.stringify(labels));
  check(problems.length === 0, "no console or page error", problems.join("; "));
}

async function scalingChart(browser, base) {
  console.log("6. the scaling chart covers the plan's count and explains its red crosses");
  const { page } = await onPage(browser, base, "en", "#v=1&model=llama2-70b&gpu=h100&gpus=16384&view=plan");
  await until(page, () => !!window.trainplan.widgets().scaling_x_16384 && !!window.trainplan.widgets().scaling_x_65536, null, 90000);
  let w = await widgets(page);
  check(!!w.scaling_x_16384 && !!w.scaling_x_65536, "a 16,384-GPU plan has its point, and the chart goes on to 65,536",
        JSON.stringify(Object.keys(w).filter((n) => n.startsWith("scaling_x_"))));
  // (16,384 H100s does not fit at 8 either: the new plan's chart is waited for, not the last one's legend.)
  await page.evaluate(() => window.trainplan.setLink("#v=1&model=llama2-70b&gpu=rtx4090&gpus=64&view=plan"));
  await until(page, () => !window.trainplan.widgets().scaling_x_65536 && !!window.trainplan.widgets().scaling_x_4096 &&
                          !!window.trainplan.widgets().scaling_legend_no_fit, null, 150000);
  w = await widgets(page);
  check(!!w.scaling_legend_no_fit, "70B on RTX 4090: the red crosses of the counts where it does not fit are in the legend",
        JSON.stringify({ hash: await page.evaluate(() => location.hash), points: Object.keys(w).filter((n) => n.startsWith("scaling_")) }));
}

async function explainMarks(browser, base) {
  console.log("7. \"why?\": only the keys given are the user's; communication and catalog nodes have formulas");
  const { page } = await onPage(browser, base, "en", "#v=1&model=mixtral-8x7b&gpu=h100&gpus=32&tp=2&pp=2&cp=2&ep=4&view=plan");
  const ex = await page.evaluate(() => window.trainplan.explain());
  const nodes = new Map();
  const walk = (n) => { if (!n || nodes.has(n.name + (n.key || ""))) return; nodes.set(n.name, n); (n.inputs || []).forEach(walk); };
  Object.values(ex).forEach(walk);
  const origin = (k) => nodes.get(k) && nodes.get(k).origin;
  check(origin("gpus") === "user" && origin("tp") === "user", "gpus and tp, given in the link, are the user's", JSON.stringify([origin("gpus"), origin("tp")]));
  check(origin("seq") === "auto" && origin("straggler") === "default", "seq (auto) and straggler (default) are not",
        JSON.stringify([origin("seq"), origin("straggler")]));
  for (const name of ["cp_comm_per_micro_batch_s", "ep_comm_per_micro_batch_s", "pp_comm_per_micro_batch_s", "peak_flops", "memory_bandwidth", "capacity_bytes"])
    check(nodes.get(name) && nodes.get(name).formula, `${name} has a formula`, JSON.stringify(nodes.get(name) || null));
  // The panel as the user opens it: the days' tree, its rows marked in words.
  await click(page, "why_gpu_hours");
  await until(page, () => window.trainplan.explainPanel().rows.length > 0);
  const rows = (await page.evaluate(() => window.trainplan.explainPanel())).rows;
  const gpusRow = rows.find((r) => r.key === "gpus");
  check(!gpusRow || gpusRow.line.includes("[your key gpus]"), "the panel marks gpus as the user's", JSON.stringify(gpusRow || rows.slice(0, 3)));
  check(!rows.some((r) => r.key && r.key !== "gpus" && r.key !== "tp" && r.key !== "pp" && r.key !== "cp" && r.key !== "ep" &&
                      r.key !== "gpu" && r.key !== "model" && (r.line || "").includes("[your key")),
        "no key the link did not give is marked as the user's", JSON.stringify(rows.filter((r) => r.key).map((r) => r.line)));
  await closeExplain(page);
}

async function phoneAndCalibration(browser, base) {
  console.log("8. a phone's Inputs tab opens at its top; the calibration's reading goes when the plan moves on");
  {
    const { page, cdp } = await onPage(browser, base, "phone", "#v=1&model=llama3-8b&gpu=h100&gpus=8&view=plan",
                                       { width: 390, height: 844, scale: 2, touch: true });
    await closeExplain(page, true);  // what a tap on a "why?" (3.) opened
    await frames(page, 4);
    // Down the results with a finger, then the Inputs tab.
    for (let i = 0; i < 3; i++) await fingerDrag(page, cdp, 200, 700, 220);
    await tapWidget(page, "narrow_inputs");
    await until(page, () => !!window.trainplan.widgets().section_Model);
    const w = await widgets(page);
    check(w.section_Model && w.section_Model[1] < 200, "after scrolling the results, the Inputs tab opens at its top (the Model section)",
          JSON.stringify(w.section_Model));
  }
  {
    const { page } = await onPage(browser, base, "en", "#v=1&model=llama3-8b&gpu=h100&gpus=16&tokens=2.5e11&view=plan");
    const w0 = await widgets(page);
    const x = (w0.section_Model[0] + w0.section_Model[2]) / 2;
    let w = await widgets(page);
    if (!w.calibrate_log) {
      await scrollTo(page, "section_Calibration (from your run)", x, 400, 768);
      await click(page, "section_Calibration (from your run)");
    }
    const log = await scrollTo(page, "calibrate_log", x, 400, 768);
    await page.mouse.click(...centre(log));
    await frames(page, 3);
    await page.keyboard.type("{'train_runtime': 3600.5, 'train_tokens_per_second': 25188.2, 'epoch': 1.0}");
    await until(page, () => !!window.trainplan.widgets().calibrate_message);
    check(!!(await widgets(page)).calibrate_message, "a pasted Trainer line is read");
    // Another plan: 32 GPUs typed into the GPUs field.
    await scrollTo(page, "gpus", x, 400, 768);
    await click(page, "gpus");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("32");
    await page.keyboard.press("Enter");
    await until(page, () => window.trainplan.plan().config.gpus === 32);
    await scrollTo(page, "calibrate_log", x, 400, 768);
    await frames(page, 4);
    w = await widgets(page);
    check((await plan(page)).config.gpus === 32 && !w.calibrate_message, "on 32 GPUs the old line's reading is gone",
          JSON.stringify(w.calibrate_message || null));
  }
}

async function compareYourPlan(browser, base) {
  console.log("9. Compare titles your plan's column wherever it is, and none on a first visit (the inputs' note says the same)");
  // The default columns: RTX 4090 x 2,048, A100 80GB x 256, H100 x 256; a first visit plans A100 80GB x 64.
  for (const lang of ["en", "zh"]) {
    for (const [fragment, mine] of [["#v=1&model=llama2-70b&gpu=a100-80g&gpus=256&view=compare", 1],
                                    ["#v=1&model=llama2-70b&gpu=rtx4090&gpus=2048&view=compare", 0], ["", -1]]) {
      const { page, problems } = fragment ? await onPage(browser, base, lang, `${fragment}&lang=${lang}`, { locale: lang === "zh" ? "zh-CN" : "en-US" })
                                          : await firstVisit(browser, base, lang);
      await until(page, () => !!window.trainplan.widgets().cmp_gpu_2 && !!window.trainplan.widgets().hardware_compare_note);
      await frames(page, 3);
      const w = await widgets(page);
      const over = [0, 1, 2].filter((i) => w.cmp_your_plan && w[`cmp_gpu_${i}`] &&
        centre(w.cmp_your_plan)[0] >= w[`cmp_gpu_${i}`][0] && centre(w.cmp_your_plan)[0] <= w[`cmp_gpu_${i}`][2]);
      const what = `${lang} ${fragment || "first visit"}`;
      check(mine < 0 ? !w.cmp_your_plan : over.length === 1 && over[0] === mine,
            `${what}: "Your plan" titles ${mine < 0 ? "no column" : "column " + (mine + 1)}`,
            JSON.stringify({ title: w.cmp_your_plan || null, over }));
      check(problems.length === 0, `${what}: no console or page error`, problems.join("; "));
    }
  }
}

// The words the page drew on its canvas (window.trainplan.drawnText): the first frame's, or the next frame's.
async function drawnNow(page) {
  await page.evaluate(() => window.trainplan.drawnText());  // asks for the next frame's words
  await frames(page, 2);
  return (await page.evaluate(() => window.trainplan.drawnText())).last;
}
const squeezed = (t) => t.replace(/\s+/g, "");
const says = (text, words) => squeezed(text).includes(squeezed(words));

async function pageWords(browser, base) {
  console.log("10. the page's own words: no zeros in the first frame, '1 failure', the Compare note names your plan's column");
  for (const lang of ["en", "zh"]) {
    const en = lang === "en";
    // The first frame, drawn before the first plan (70B on 64 H100s) has landed.
    {
      const { context, page, problems } = await openPage(browser, base, `#v=1&model=llama3-70b&gpu=h100&gpus=64&view=plan&lang=${lang}`,
        { viewport: { width: 1366, height: 768 } });
      const first = (await page.evaluate(() => window.trainplan.drawnText())).first;
      check(says(first, en ? "… parameters" : "… 参数") && says(first, en ? "per parameter: … tokens" : "：… 个 token") &&
            !says(first, en ? "0 parameters" : "0 参数") && !says(first, en ? "weights 0 B" : "权重 0 B") &&
            !says(first, en ? ": 0 tokens" : "：0 个 token"),
            `${lang}: the first frame shows "…" where the plan's figures go, not zeros`, first.slice(0, 400));
      check(problems.length === 0, `${lang}: no console or page error`, problems.join("; "));
      await context.close();
    }
    // A run that expects one failure: 8B on 8 H100s for its Chinchilla budget, 4,330 h MTBF per GPU.
    {
      const { page } = await onPage(browser, base, lang, `#v=1&model=llama3-8b&gpu=h100&gpus=8&mtbf_gpu_h=4330&view=plan&lang=${lang}`,
                                    { locale: en ? "en-US" : "zh-CN" });
      await until(page, () => !!window.trainplan.widgets().run_bar);
      const failures = (await plan(page)).run.failures;
      const text = await drawnNow(page);
      check(Math.abs(failures - 1) < 0.01 && (en ? says(text, "1 failure expected") && !says(text, "1 failures expected") : says(text, "预计 1 次故障")),
            `${lang}: a run expecting ${failures.toFixed(3)} failures says "${en ? "1 failure expected" : "预计 1 次故障"}"`,
            text.split("\n").filter((l) => /failure|故障/.test(l)).join(" | "));
    }
    // The Compare note: your plan's column, or none on a first visit.
    for (const [fragment, words] of [["#v=1&model=llama2-70b&gpu=a100-80g&gpus=256&view=compare", en ? "is column 2" : "是第 2 列"],
                                     ["", en ? "none of them is your plan" : "其中没有您的方案"]]) {
      const { page } = fragment ? await onPage(browser, base, lang, `${fragment}&lang=${lang}`, { locale: en ? "en-US" : "zh-CN" })
                                : await firstVisit(browser, base, lang);
      await until(page, () => !!window.trainplan.widgets().hardware_compare_note);
      const text = await drawnNow(page);
      check(says(text, words), `${lang} ${fragment || "first visit"}: the inputs' note says "${words}"`,
            text.split("\n").filter((l) => /column|列/.test(l)).join(" | ").slice(0, 300));
    }
  }
}

async function main() {
  for (const f of ["index.html", "index.js", "index.wasm", "trainplan.js"])
    if (!fs.existsSync(path.join(webDir, f))) {
      console.log(`FAIL: ${path.join(webDir, f)} is missing: build the page first (cmake --preset web && cmake --build --preset web)`);
      process.exit(1);
    }
  const only = process.argv.slice(2).filter((a) => /^\d\d?$/.test(a)).map(Number);
  const parts = [inputsPanel, compareColumns, tooltips, ownership, searchView, scalingChart, explainMarks, phoneAndCalibration,
                 compareYourPlan, pageWords];
  return runBrowserTest(webDir, summary, async ({ browser, base }) => {
    for (let i = 0; i < parts.length; i++) if (!only.length || only.includes(i + 1)) await parts[i](browser, base);
    await closeShared();
  });
}

main();
