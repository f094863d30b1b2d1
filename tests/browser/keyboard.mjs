// keyboard.mjs — the page used with the keyboard alone (issue #33), in real headless Chromium with real
// key presses (Playwright's keyboard: Tab, Shift+Tab, Space, Enter, arrows, typing; no injected events, no
// mouse), in English and in Chinese:
//   1. Tab from a fresh page goes through every widget of the plan view once around, in the order they are
//      drawn (the top bar, then the inputs from top to bottom, then the results): text fields, combos,
//      radio buttons, check boxes and buttons are all among the stops, and Shift+Tab goes back one;
//   2. the focused widget wears a visible ring (Dear ImGui's nav cursor), seen in the screenshot's pixels;
//   3. Enter on a button, Space on a check box, Space on a radio button, Space + arrow + Enter in a combo,
//      Enter + typing + Enter in the GPU picker (Enter picks the highlighted match among several), and
//      typing into a text field each change the plan (and the link), read back through window.trainplan.plan();
//   4. the Compare and Search views too: Tab reaches each column's GPU and count and the Add button in the order
//      drawn, Enter adds a column, typing sets a count; Space on "only this GPU" and on "by cost".
// Usage: node tests/browser/keyboard.mjs [--web build/web] [--out build/screenshots]
import fs from "node:fs";
import path from "node:path";
import { serve, launch, checker, testPaths, frames, until } from "./harness.mjs";
import { decodePng } from "./png.mjs";

const { webDir, outDir } = testPaths();
fs.mkdirSync(outDir, { recursive: true });
const { check, summary } = checker();

const stats = (page) => page.evaluate(() => window.trainplan.stats());
const config = (page) => page.evaluate(() => window.trainplan.plan().config);

// Where the keyboard's focus is: its widget, whether its ring shows (the first Tab only shows it), its rectangle.
const focusKey = (s) => [s.focus, s.focus_ring, ...s.focus_rect].join();

// A key press, then the frames until the keyboard's focus has moved (checked every frame); with `settle`, the
// frames after it too, until the focus ring is where the press put it (a move is applied in the next frame, the
// panel may scroll to it in the one after). Walking the focus needs only its name; a screenshot of the ring
// needs it settled. Returns the focus's widget and where it is (`key`), which a walk hands to its next press
// (`before`) instead of asking the page again.
async function step(page, key, settle = 0, before = null) {
  if (before === null) before = focusKey(await stats(page));
  await page.keyboard.press(key);
  let now = before;
  try {
    const moved = await page.waitForFunction((b) => {
      const s = window.trainplan.stats();
      const k = [s.focus, s.focus_ring, ...s.focus_rect].join();
      return k !== b && [s.focus, k];
    }, before, { timeout: 3000, polling: "raf" });
    [, now] = await moved.jsonValue();
  } catch (e) { /* the caller checks where the focus is */ }
  if (settle) {
    await frames(page, settle);
    now = focusKey(await stats(page));
  }
  return { focus: now.split(",")[0], key: now };
}
async function press(page, key, settle = 0) {
  return (await step(page, key, settle)).focus;
}

// Tab until the focus is on widget `name` (at most `limit` presses); true when it got there. As a keyboard user
// does, the shorter way round: Shift+Tab when the widget comes a shorter way back than forward in the order the
// widgets are drawn (part 1 checks that Tab follows that order and wraps from the last to the first), counting
// the wrap. Before, the way was chosen without the wrap: 74 Shift+Tabs back from the last widget to the GPU
// picker, 46 forward.
async function tabTo(page, name, limit = 250) {
  const order = Object.keys(await page.evaluate(() => window.trainplan.widgets()));
  const s = await stats(page);
  let at = { focus: s.focus, key: focusKey(s) };
  const [i, j, n] = [order.indexOf(at.focus), order.indexOf(name), order.length];
  const key = i >= 0 && j >= 0 && (i - j + n) % n < (j - i + n) % n ? "Shift+Tab" : "Tab";
  for (let k = 0; k < limit && at.focus !== name; k++) at = await step(page, key, 0, at.key);
  return at.focus === name;
}

// The share of the ring's line around `r` (CSS pixels; the ring is drawn 3-5 px outside the widget's
// rectangle) in the nav cursor's colour (ImGuiCol_NavCursor, a strong blue in both themes), along the edge
// where most of it shows (a tooltip may cover the others).
function ringShare(png, r, scale) {
  const blue = (x, y) => {
    const i = (Math.round(y * scale) * png.w + Math.round(x * scale)) * png.channels;
    const [R, G, B] = [png.px[i], png.px[i + 1], png.px[i + 2]];
    return B > 170 && B - R > 110 && B - G > 30;
  };
  const edge = (x0, y0, x1, y1) => {
    let ring = 0, all = 0;
    for (let t = 0; t <= 1; t += 0.02, all++) ring += blue(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
    return ring / all;
  };
  const [x0, y0, x1, y1] = [r[0] - 4, r[1] - 4, r[2] + 4, r[3] + 4];
  return Math.max(edge(x0 + 6, y0, x1 - 6, y0), edge(x0 + 6, y1, x1 - 6, y1), edge(x0, y0 + 6, x0, y1 - 6), edge(x1, y0 + 6, x1, y1 - 6));
}

const kinds = {
  text: ["seq", "gbs", "mbs", "tokens", "gpus", "lora_r"],
  combo: ["model", "gpu", "prec", "opt", "intra", "inter", "stack"],
  radio: ["method_full", "method_lora", "method_qlora"],
  check: ["goal", "auto_seq", "auto_mbs"],
  button: ["view_Plan", "view_Compare", "copy_link", "export", "goal_pretrain", "goal_finetune"],
};

const server = await serve(webDir);
const base = `http://127.0.0.1:${server.address().port}/index.html`;
const browser = await launch();
try {
  // `ringScale`: the pixel ratio of the ring's check (part 2). The Chinese pass walks and operates the page at 1x
  // and sets 2x (a high-density screen, or a 200 % zoom) for the ring alone: every press is a frame Chromium
  // composites in software, and a walk at 2x drew four times the pixels (about 22 s more CPU for the same checks).
  // Chinese at 2x is drawn and screenshotted in run.mjs too.
  for (const [lang, ringScale, theme] of [["en", 1, "light"], ["zh", 2, "dark"]]) {
    console.log(`keyboard only, ${lang === "zh" ? "Chinese" : "English"}, the ring at ${ringScale}x, ${theme}`);
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 });
    if (theme === "dark")
      await context.addInitScript(() => { try { localStorage.setItem("trainplan.state", "#v=1|dark"); } catch (e) {} });
    const page = await context.newPage();
    const problems = [];
    page.on("console", (m) => { if (m.type() === "error") problems.push(m.text()); });
    page.on("pageerror", (e) => problems.push(String(e)));
    await page.goto(`${base}#v=1&model=llama2-7b&gpu=a100-80g&gpus=8&gbs=512&view=plan&lang=${lang}`);
    await page.waitForFunction(() => window.trainplan && window.trainplanReady, null, { timeout: 30000 });
    await page.evaluate(() => window.trainplanReady);
    if (lang === "zh") await until(page, () => window.trainplan.stats().cjk_font === true, null, 15000);
    await frames(page, 5);

    // 1. Once around with Tab: every stop, in the order the widgets are drawn.
    const stops = [];
    for (let i = 0, at = { key: null }; i < 400; i++) {
      at = await step(page, "Tab", 0, at.key);
      if (stops.length && at.focus === stops[0]) break;
      stops.push(at.focus);
    }
    const order = Object.keys(await page.evaluate(() => window.trainplan.widgets()));
    const named = stops.filter((s) => s && order.includes(s));
    let ordered = true, at = -1, wrong = "";
    for (const s of named) {
      const i = order.indexOf(s);
      if (i <= at) { ordered = false; wrong = `${s} after ${order[at]}`; break; }
      at = i;
    }
    check(stops.length > 20 && stops.length < 400 && stops[0] === "view_Plan",
          `Tab goes once around the page and back to its first widget (${stops.length} stops)`, stops.join(" > "));
    check(ordered && named.length > 0.8 * stops.length, "the stops come in the order the widgets are drawn: top bar, inputs, results",
          `${wrong}; unnamed ${stops.length - named.length} of ${stops.length}: ${stops.join(" > ")}`);
    const topBar = ["view_Plan", "view_Compare", "view_Search", "copy_link", "export", "lang_en", "lang_zh", "theme"];
    check(stops.slice(0, topBar.length).join() === topBar.join(), "the top bar first, left to right", stops.slice(0, 10).join(" > "));
    for (const [kind, names] of Object.entries(kinds)) {
      const reached = names.filter((n) => stops.includes(n));
      check(reached.length > 0, `Tab reaches the ${kind === "check" ? "check boxe" : kind}s (${reached.join(", ")})`, names.join(", "));
    }
    const last = stops[stops.length - 1];
    const back = await press(page, "Shift+Tab");
    check(back === last, "Shift+Tab goes back one, from the first widget to the last", `${back} vs ${last}`);

    // 2. The ring: on the GPU picker while it has the focus, gone once the focus moves on; at `ringScale`.
    const cdp = ringScale !== 1 ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send("Emulation.setDeviceMetricsOverride", { width: 1366, height: 768, deviceScaleFactor: ringScale, mobile: false });
      await until(page, (v) => Math.abs(window.devicePixelRatio - v) < 1e-6, ringScale);
      await frames(page, 6);
    }
    const scale = ringScale;
    // Playwright's screenshot is at the context's ratio (1); Chromium's own capture is at the device's pixels.
    const shoot = async (file) => {
      const png = cdp ? Buffer.from((await cdp.send("Page.captureScreenshot", { format: "png" })).data, "base64")
                      : await page.screenshot();
      if (file) fs.writeFileSync(file, png);
      return decodePng(png);
    };
    const onGpu = await tabTo(page, "gpu");
    await frames(page, 2);
    const st = await stats(page);
    const shotOn = await shoot(path.join(outDir, `web-keyboard-${lang}.png`));
    const ringOn = ringShare(shotOn, st.focus_rect, scale);
    await press(page, "Tab", 2);
    // Where the GPU picker is now: the panel may have scrolled to bring the next stop into view.
    const gpuNow = (await page.evaluate(() => window.trainplan.widgets())).gpu || st.focus_rect;
    const ringOff = ringShare(await shoot(), gpuNow, scale);
    check(onGpu && st.focus_ring && ringOn > 0.8 && ringOff < 0.1 && shotOn.w === 1366 * scale,
          `the focused widget has a visible ring at ${scale}x (and loses it when the focus moves on)`,
          JSON.stringify({ onGpu, ring: st.focus_ring, ringOn, ringOff, rect: st.focus_rect, after: gpuNow, shot: shotOn.w }));
    if (cdp) {
      await cdp.send("Emulation.clearDeviceMetricsOverride");
      await until(page, () => window.devicePixelRatio === 1);
      await frames(page, 6);
    }

    // 3. Operating each kind of widget from the keyboard; the plan follows.
    let cfg = await config(page);
    // A button: Enter.
    const goalButton = await tabTo(page, "goal_finetune");
    await page.keyboard.press("Enter");
    await until(page, () => window.trainplan.plan().config.goal === "finetune");
    cfg = await config(page);
    check(goalButton && cfg.goal === "finetune", "Enter on the Fine-tune button sets the goal", `goal ${cfg.goal}`);
    // A check box: Space (the goal's auto). The plan's config shows what auto chose; auto_keys names the
    // keys left on auto (core/report/report_json.cpp).
    const goalAuto = await tabTo(page, "goal");
    await page.keyboard.press("Space");
    await until(page, () => window.trainplan.plan().auto_keys.includes("goal"));
    const autoKeys = await page.evaluate(() => window.trainplan.plan().auto_keys);
    cfg = await config(page);
    check(goalAuto && autoKeys.includes("goal"), "Space on the goal's auto check box puts it back on auto",
          `goal ${cfg.goal}, auto_keys ${autoKeys.join(",")}`);
    // A radio button: Space.
    const lora = await tabTo(page, "method_lora");
    await page.keyboard.press("Space");
    await until(page, () => window.trainplan.plan().config.method === "lora");
    cfg = await config(page);
    check(lora && cfg.method === "lora", "Space on the LoRA radio button sets the method", `method ${cfg.method}`);
    // A combo: Space opens it at the current value, Down moves one row, Enter picks it.
    const precBefore = cfg.prec;
    const prec = await tabTo(page, "prec");
    await page.keyboard.press("Space");
    await frames(page, 3);
    const opened = (await stats(page)).focus;
    await press(page, "ArrowDown", 2);
    await page.keyboard.press("Enter");
    await until(page, (p) => window.trainplan.plan().config.prec !== p, precBefore);
    cfg = await config(page);
    const afterCombo = (await stats(page)).focus;
    check(prec && opened === `choice_prec_${precBefore}` && cfg.prec !== precBefore && afterCombo === "prec",
          "Space opens the precision combo at its value, Down and Enter pick the next one, the focus returns to it",
          JSON.stringify({ prec, opened, before: precBefore, now: cfg.prec, focus: afterCombo }));
    // The GPU picker: Enter opens it with the filter taking typed text; "h100" leaves several rows and Enter
    // picks the highlighted one, the first.
    const gpu = await tabTo(page, "gpu");
    await page.keyboard.press("Enter");
    await until(page, () => !!window.trainplan.widgets().filter_gpu);
    await frames(page, 2);
    await page.keyboard.type("h100");
    await frames(page, 3);
    const rows = Object.keys(await page.evaluate(() => window.trainplan.widgets())).filter((n) => n.startsWith("pick_gpu_"));
    await page.keyboard.press("Enter");
    await until(page, () => window.trainplan.plan().config.gpu !== "a100-80g");
    cfg = await config(page);
    await frames(page, 3);
    const w = await page.evaluate(() => window.trainplan.widgets());
    check(gpu && rows.length > 1 && cfg.gpu === rows[0].slice("pick_gpu_".length) && !w.filter_gpu,
          "Enter in the GPU picker's filter picks the highlighted (first) of several matches and closes the list",
          JSON.stringify({ gpu, rows, now: cfg.gpu, open: !!w.filter_gpu }));
    // A text field: Tab makes it take typed text.
    const gpus = await tabTo(page, "gpus");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("32");
    await page.keyboard.press("Enter");
    await until(page, () => window.trainplan.plan().config.gpus === 32);
    cfg = await config(page);
    check(gpus && cfg.gpus === 32, "Tab to the GPU count and typing 32 plans 32 GPUs", `gpus ${cfg.gpus}`);
    await until(page, () => location.hash.includes("gpus=32"));
    const hash = await page.evaluate(() => location.hash);
    check(hash.includes("method=lora") && hash.includes("gpus=32") && hash.includes(`gpu=${cfg.gpu}`),
          "the link holds the keyboard's edits", hash);

    // 4. The Compare and Search views from the keyboard too: Enter on their buttons, Tab through each column's GPU
    //    and count and the Add button, Enter adds a column, typing sets a count; Space on "only this GPU" and on
    //    the order's radio button.
    await tabTo(page, "view_Compare");
    await page.keyboard.press("Enter");
    await until(page, () => !!window.trainplan.widgets().cmp_gpus_1);
    await frames(page, 3);
    const cmpStops = [];
    for (let i = 0, at = { key: null }; i < 400; i++) {
      at = await step(page, "Tab", 0, at.key);
      if (at.focus === "view_Compare" || (cmpStops.length && at.focus === cmpStops[0])) break;
      cmpStops.push(at.focus);
    }
    const cmpOrder = Object.keys(await page.evaluate(() => window.trainplan.widgets()));
    const cmpWanted = ["cmp_gpu_0", "cmp_gpus_0", "cmp_gpu_1", "cmp_gpus_1", "cmp_add"];
    const cmpAt = cmpWanted.map((n) => cmpStops.indexOf(n));
    check(cmpAt.every((i) => i >= 0) && cmpAt.every((i, k) => k === 0 || i > cmpAt[k - 1]) &&
          cmpWanted.every((n, k) => k === 0 || cmpOrder.indexOf(n) > cmpOrder.indexOf(cmpWanted[k - 1])),
          "Compare: Tab reaches each column's GPU and count and the Add button, in the order drawn",
          cmpStops.join(" > "));
    const columnsBefore = (await page.evaluate(() => decodeURIComponent(location.hash))).match(/cmp=([^&]*)/)?.[1].split(";").length || 0;
    const add = await tabTo(page, "cmp_add");
    await page.keyboard.press("Enter");
    await until(page, (n) => (decodeURIComponent(location.hash).match(/cmp=([^&]*)/)?.[1].split(";").length || 0) > n, columnsBefore);
    const columnsAfter = (await page.evaluate(() => decodeURIComponent(location.hash))).match(/cmp=([^&]*)/)?.[1].split(";").length || 0;
    check(add && columnsAfter === columnsBefore + 1, `Compare: Enter on "+ Add scenario" adds a column (${columnsBefore} -> ${columnsAfter})`);
    const count = await tabTo(page, "cmp_gpus_1");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("12");
    await page.keyboard.press("Enter");
    await until(page, () => /gpus:12(,|;|$)/.test(decodeURIComponent(location.hash).split("cmp=")[1] || ""));
    const cmpHash = await page.evaluate(() => decodeURIComponent(location.hash));
    check(count && /gpus:12(,|;|&|$)/.test(cmpHash.split("cmp=")[1] || ""), "Compare: Tab to the second column's count and typing 12 sets it", cmpHash);
    // The Compare view searches its columns in workers meanwhile: on a loaded machine a frame can take longer than a
    // step's wait, a Tab lands late and the walk passes the button. A user then tabs back and presses Enter again.
    let inSearch = false;
    for (let attempt = 0; attempt < 3 && !inSearch; ++attempt) {
      if (!(await tabTo(page, "view_Search"))) continue;
      await page.keyboard.press("Enter");
      await until(page, () => !!window.trainplan.widgets().search_selected_only && !!window.trainplan.widgets().search_by_cost, null, 30000);
      inSearch = await page.evaluate(() => !!window.trainplan.widgets().search_selected_only);
    }
    // The same on a loaded machine: the view's first search runs in workers, and a Space that lands while the focus
    // is still arriving is pressed again, as a user whose box did not tick would (the link says whether it did).
    let only = false;
    for (let attempt = 0; attempt < 3; ++attempt) {
      only = await tabTo(page, "search_selected_only");
      await page.keyboard.press("Space");
      await until(page, () => location.hash.includes("search_gpus=this"), null, 15000);
      if (await page.evaluate(() => location.hash.includes("search_gpus=this"))) break;
    }
    await until(page, () => !!window.trainplan.widgets().search_by_cost, null, 60000);
    const byCost = await tabTo(page, "search_by_cost");
    await page.keyboard.press("Space");
    await until(page, () => location.hash.includes("search_by=cost"));
    const searchHash = await page.evaluate(() => location.hash);
    check(only && byCost && searchHash.includes("search_gpus=this") && searchHash.includes("search_by=cost"),
          "Search: Space on \"only this GPU\" and on \"by cost\", reached by Tab, set both (in the link)",
          JSON.stringify({ inSearch, only, byCost, searchHash }));
    check(problems.length === 0, "no console errors", problems.join("\n       "));
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
process.exit(summary() ? 1 : 0);
