// phone.mjs — the page on a phone, in real headless Chromium with a touch screen (Playwright's hasTouch /
// isMobile context at 390x844, taps through page.touchscreen, drags as CDP touch events), issue #20:
//   1. the Results | Inputs switch; a finger's drag on the inputs scrolls them;
//   2. tapping the GPUs field focuses a real DOM text input (what makes a phone show its keyboard), and
//      the pointer leaves (no tooltip left over the field); keys typed into it reach the field and change
//      the plan (digits, Backspace, Ctrl+A, text composed by an input method); the keyboard's Done leaves
//      the field and a second tap brings the keyboard back; a tap elsewhere blurs it;
//   3. a picker's filter box, focused when the picker opens, takes typed text the same way (Enter picks);
//   4. copying with the clipboard-write permission denied: Chromium's older execCommand("copy") still
//      copies (checked on the system clipboard), and where that fails too the page says so in red;
// and saves screenshots of each view on the phone in English and Chinese (build/screenshots/phone-*.png).
// A page load costs seconds of CPU, so the views of a language share one phone page, moved from view to view as
// the page follows a link (window.trainplan.setLink); the keyboard's case and the copy's (a context whose
// permissions are set apart) have pages of their own.
// Usage: node tests/browser/phone.mjs [--web build/web] [--out build/screenshots]
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checker, pathOption, runBrowserTest, openPage, tapWidget, fingerDrag, frames, until } from "./harness.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const webDir = pathOption("--web", path.join(root, "build", "web"));
const outDir = pathOption("--out", path.join(root, "build", "screenshots"));
fs.mkdirSync(outDir, { recursive: true });
const { check, summary } = checker();

const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };

const open = (browser, base, fragment, options = phone) => openPage(browser, base, fragment, options);

const widgets = (page) => page.evaluate(() => window.trainplan.widgets());
const stats = (page) => page.evaluate(() => window.trainplan.stats());
const centre = (r) => [(r[0] + r[2]) / 2, (r[1] + r[3]) / 2];

const focused = (page) => page.evaluate(() => {
  const a = document.activeElement;
  return { id: a && a.id, tag: a && a.tagName, type: a && a.type };
});

async function main() {
  for (const f of ["index.html", "index.js", "index.wasm", "trainplan.js"])
    if (!fs.existsSync(path.join(webDir, f))) {
      console.log(`FAIL: ${path.join(webDir, f)} is missing: build the page first (cmake --preset web && cmake --build --preset web)`);
      process.exit(1);
    }
  return runBrowserTest(webDir, summary, async ({ browser, base }) => {
    console.log("a phone: the switch, a finger's drag, the on-screen keyboard");
    {
      const { context, page, problems } = await open(browser, base, "#v=1&model=llama2-7b&gpus=8&view=plan");
      const cdp = await context.newCDPSession(page);
      await frames(page, 6);
      let w = await widgets(page);
      check(!!w.narrow_inputs && !!w.narrow_results && !!w.verdict && w.verdict[0] < 40,
            "390x844: the results first, with a Results | Inputs switch", JSON.stringify({ verdict: w.verdict, inputs: w.narrow_inputs }));
      await page.screenshot({ path: path.join(outDir, "phone-plan.png") });
      check(await tapWidget(page, "narrow_inputs"), "tapping Inputs shows the inputs");
      await until(page, () => !!window.trainplan.widgets().model);
      w = await widgets(page);
      check(!!w.model && !!w.narrow_summary, "the inputs, with the plan's figures pinned above them",
            JSON.stringify({ model: w.model, summary: w.narrow_summary }));
      await page.screenshot({ path: path.join(outDir, "phone-inputs.png") });

      // A finger dragged up on the label column (no widget there) scrolls the inputs, until GPUs shows.
      // x 14: the column's own padding, on no widget (section headers span the rest of the width).
      const y0 = w.model[1];
      await fingerDrag(page, cdp, 14, 600, 300);
      w = await widgets(page);
      check(w.model ? w.model[1] < y0 - 150 : true, "a finger's drag scrolls the inputs (touch events, not a mouse)",
            `model field from y ${y0} to ${w.model && w.model[1]}`);
      for (let i = 0; i < 12 && !(w.gpus && w.gpus[1] > 120 && w.gpus[3] < 700); i++) {
        if (w.gpus && w.gpus[1] <= 120) await fingerDrag(page, cdp, 14, 300, 500);
        else await fingerDrag(page, cdp, 14, 600, 300);
        w = await widgets(page);
      }
      check(!!w.gpus && w.gpus[1] > 120 && w.gpus[3] < 700, "the GPUs field is dragged into view", JSON.stringify(w.gpus));

      // Tap the GPUs field: a real DOM text input takes the focus (a phone shows its keyboard for it).
      const before = await stats(page);
      await tapWidget(page, "gpus");
      await until(page, () => document.activeElement && document.activeElement.id === "keyboard" && window.trainplan.stats().active_id !== 0);
      const f = await focused(page);
      const active = (await stats(page)).active_id;
      check(f.tag === "INPUT" && f.type === "text" && active !== 0 && active !== before.active_id,
            "tapping the GPUs field focuses a DOM text input (the on-screen keyboard) and makes the field active",
            JSON.stringify({ focused: f, active }));
      await frames(page, 4);
      const mouse = (await stats(page)).mouse;
      check(mouse[0] < -1e30, "after the tap the pointer leaves: no tooltip over the field being typed in", JSON.stringify(mouse));

      // What is typed into it reaches the ImGui field: digits replace the value (selected on the tap).
      await page.keyboard.type("16");
      await until(page, () => window.trainplan.plan().config.gpus === 16 && location.hash.includes("gpus=16"));
      let plan = await page.evaluate(() => ({ gpus: window.trainplan.plan().config.gpus, hash: location.hash }));
      check(plan.gpus === 16 && plan.hash.includes("gpus=16"), "typing 16 on the keyboard plans 16 GPUs", JSON.stringify(plan));
      // Backspace: "160" then one Backspace is 16 again (one key, one character).
      await page.keyboard.type("0");
      await until(page, () => window.trainplan.plan().config.gpus === 160);
      const typed160 = await page.evaluate(() => window.trainplan.plan().config.gpus);
      await page.keyboard.press("Backspace");
      await until(page, () => window.trainplan.plan().config.gpus === 16);
      plan = await page.evaluate(() => ({ gpus: window.trainplan.plan().config.gpus }));
      check(typed160 === 160 && plan.gpus === 16, "Backspace on the keyboard deletes one character (160 -> 16)",
            JSON.stringify({ typed160, after: plan.gpus }));
      // Ctrl+A, then text composed by an input method (what a phone's keyboard sends: composition events,
      // no key events), committed as 24.
      await page.keyboard.press("Control+A");
      await frames(page, 3);
      await cdp.send("Input.imeSetComposition", { text: "2", selectionStart: 1, selectionEnd: 1 });
      await frames(page, 3);
      await cdp.send("Input.imeSetComposition", { text: "24", selectionStart: 2, selectionEnd: 2 });
      await frames(page, 3);
      await cdp.send("Input.insertText", { text: "24" });
      await until(page, () => window.trainplan.plan().config.gpus === 24);
      plan = await page.evaluate(() => ({ gpus: window.trainplan.plan().config.gpus }));
      check(plan.gpus === 24, "Ctrl+A, then 24 composed by an input method, plans 24 GPUs", JSON.stringify(plan));
      await page.screenshot({ path: path.join(outDir, "phone-typing.png") });

      // The keyboard put away by the user (iOS's Done blurs the input): the field is left, its value kept;
      // a second tap on it brings the keyboard back.
      await page.evaluate(() => document.getElementById("keyboard").blur());
      await until(page, () => window.trainplan.stats().active_id === 0);
      const done = await page.evaluate(() => ({ active: window.trainplan.stats().active_id, gpus: window.trainplan.plan().config.gpus }));
      check(done.active === 0 && done.gpus === 24, "the keyboard's Done (the input blurred) leaves the field with its value",
            JSON.stringify(done));
      await tapWidget(page, "gpus");
      await until(page, () => document.activeElement && document.activeElement.id === "keyboard" && window.trainplan.stats().active_id !== 0);
      check((await focused(page)).id === "keyboard" && (await stats(page)).active_id !== 0,
            "tapping the field again brings the keyboard back", JSON.stringify(await focused(page)));

      // A tap on no field leaves the field: the DOM input is blurred (the keyboard closes).
      w = await widgets(page);
      const label = w.label_gpus || w.label_gpu;
      await page.touchscreen.tap(label ? label[0] + 4 : 20, label ? centre(label)[1] : 400);
      await until(page, () => document.activeElement && document.activeElement.id !== "keyboard" && window.trainplan.stats().active_id === 0);
      const after = await focused(page);
      check(after.id !== "keyboard" && (await stats(page)).active_id === 0,
            "a tap elsewhere leaves the field and blurs the DOM input (the keyboard closes)", JSON.stringify(after));
      check((await page.evaluate(() => window.trainplan.plan().config.gpus)) === 24, "the plan keeps the value typed");

      // A picker: its filter box is focused when it opens; what is typed filters, Enter picks the one left.
      for (let i = 0; i < 8; i++) {
        const m = (await widgets(page)).model;
        if (m && m[1] > 100) break;
        await fingerDrag(page, cdp, 14, 250, 750);
      }
      await tapWidget(page, "model");
      await until(page, () => document.activeElement && document.activeElement.id === "keyboard");
      const pf = await focused(page);
      check(pf.id === "keyboard", "tapping the model picker focuses the DOM input for its filter box", JSON.stringify(pf));
      await page.keyboard.type("mixtral-8x7");
      await frames(page, 3);
      await page.keyboard.press("Enter");
      await until(page, () => window.trainplan.plan().config.model === "mixtral-8x7b");
      const model = await page.evaluate(() => window.trainplan.plan().config.model);
      check(model === "mixtral-8x7b", "typing mixtral-8x7 into the picker's filter and Enter picks Mixtral 8x7B", model);
      check(problems.length === 0, "no console errors on the phone", problems.join("\n       "));
      await context.close();
    }

    console.log("each view on the phone, English and Chinese (screenshots)");
    for (const lang of ["en", "zh"]) {
      let opened = null;
      for (const view of ["plan", "compare", "search"]) {
        const link = `#v=1&model=llama2-70b&gpu=a100-80g&gpus=64&view=${view}&lang=${lang}`;
        if (!opened) opened = await open(browser, base, link);
        else {
          await opened.page.evaluate((f) => window.trainplan.setLink(f), link);
          await frames(opened.page, 3);
        }
        const { page, problems } = opened;
        if (lang === "zh") await until(page, () => window.trainplan.stats().cjk_font === true);
        await until(page, (view) => location.hash.includes(`view=${view}`) && !window.trainplan.stats().busy, view);
        await frames(page, 6);
        const w = await widgets(page);
        const figure = view === "plan" ? w.verdict : view === "compare" ? w.cmp_verdict_0 : w.front_chart;
        check(!!figure && figure[0] >= 0 && figure[2] <= 390, `${lang} ${view}: its first figure is on the phone's screen`, JSON.stringify(figure));
        await page.screenshot({ path: path.join(outDir, `phone-${lang}-${view}.png`) });
        check(problems.length === 0, `${lang} ${view}: no console errors`, problems.join("\n       "));
      }
      await opened.context.close();
    }

    console.log("copy with the clipboard-write permission denied");
    {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      await page.goto(base + "/index.html#v=1&model=llama2-7b&gpus=8&view=plan");
      await page.waitForFunction(() => window.trainplan && window.trainplanReady, null, { timeout: 30000 });
      await page.evaluate(() => window.trainplanReady);
      // Writing denied for this page's browser context (as "Block" in the site's settings), reading
      // allowed so that the test can see what reached the system clipboard.
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send("Target.getTargets");
      const target = targetInfos.find((t) => t.type === "page" && t.url.startsWith(base));
      for (const [name, setting] of [["clipboard-write", "denied"], ["clipboard-read", "granted"]])
        await cdp.send("Browser.setPermission", { permission: { name }, setting, origin: base, browserContextId: target.browserContextId });
      const denied = await page.evaluate(() => navigator.clipboard.writeText("x").then(() => "allowed", (e) => "refused: " + e.name));
      check(denied.startsWith("refused"), "the browser refuses navigator.clipboard.writeText in this context", denied);
      const copyLink = async () => {
        const r = (await widgets(page)).copy_link;
        await page.mouse.click(...centre(r));
        await until(page, () => window.trainplan.stats().status !== "");
        await frames(page, 6);  // the refusal, if any, arrives a few frames after the click
        return stats(page);
      };
      // Chromium still copies through the older execCommand("copy") inside the click's activation: the
      // link reaches the clipboard and the page says so.
      let st = await copyLink();
      const href = await page.evaluate(() => location.href);
      const clip = await page.evaluate(() => navigator.clipboard.readText());
      check(clip === href && /Link copied/.test(st.status) && !st.status_bad,
            "permission denied: the link still reaches the clipboard (execCommand) and the page says 'Link copied'",
            JSON.stringify({ clip, status: st.status }));
      // Where that fallback does not exist or is refused too (removed here, as browsers are phasing it
      // out), nothing is copied and the page says so in red instead of claiming a copy.
      await page.evaluate(() => { document.execCommand = undefined; });
      await page.mouse.move(5, 5);
      await frames(page, 4);
      st = await copyLink();
      await until(page, () => window.trainplan.stats().status_bad === true);
      st = await stats(page);
      check(st.status_bad === true && /nothing was copied/.test(st.status),
            "permission denied and no fallback: the status line says in red that nothing was copied",
            JSON.stringify({ status: st.status, bad: st.status_bad }));
      await page.screenshot({ path: path.join(outDir, "copy-refused.png") });
      await context.close();
    }
  });
}

main();
