// run.mjs — browser tests of the TrainPlan page in real headless Chromium (Debian's chromium-headless-shell,
// harness.mjs, driven by playwright-core; no browser download). Serves build/web on 127.0.0.1 itself, then checks:
//   1. the page loads with no console error, page error or failed request, and the canvas shows content;
//   2. a share link opens the same numbers as the command line (`trainplan plan --link L --format json`);
//   3. typing into a real input (clicked at its on-screen rectangle) changes location.hash, and Back
//      restores the previous plan; setLink() loads a link; a bad link shows a notice, not a crash;
//   4. the same at device pixel ratio 2 (crisp text) and in the dark theme;
//   6. Chinese: a `lang=zh` link shows Chinese (the CJK font is fetched, only then), the English/简体中文
//      switch keeps window.trainplan.plan() identical but for its `lang`, a zh-CN browser opens in Chinese
//      on a first visit;
// and saves a screenshot of each view in build/screenshots/. Reports first-frame time and frame times
// while the search runs, and the gzip size of index.wasm + index.js.
//   7. a link with a combination error (tp=3 on 32 heads): the plan still computes (tp on auto), the error
//      is in plan() and drawn right under the tp field (issue #9); left alone, the page runs almost no frames,
//      and wakes for setLink() and for keystrokes (issue #27);
//   8. issue #20 with real keystrokes and the system clipboard (no injected events): Ctrl+V of a config.json
//      fires the browser's own paste event and imports it with its name, the Paste config.json button reads
//      the clipboard, Ctrl+C writes it; "1B" typed is a billion tokens, GPUs "1e30" is refused in red;
// Usage: node tests/browser/run.mjs [--web build/web] [--cli build/native/trainplan] [--out build/screenshots]
// (the page's directory also from TRAINPLAN_WEB_DIR, for a build directory of one's own)
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { execFileSync } from "node:child_process";
import { contentStats } from "./png.mjs";
import { serve, launch, partialVersusWhole } from "./harness.mjs";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? path.resolve(args[i + 1]) : def;
};
const webDir = opt("--web", path.resolve(process.env.TRAINPLAN_WEB_DIR || path.join(root, "build", "web")));
const cliPath = opt("--cli", path.join(root, "build", "native", "trainplan"));
const outDir = opt("--out", path.join(root, "build", "screenshots"));
fs.mkdirSync(outDir, { recursive: true });

let failures = 0;
let checks = 0;
function check(ok, what, detail = "") {
  checks++;
  if (ok) console.log(`  ok   ${what}`);
  else {
    failures++;
    console.log(`  FAIL ${what}${detail ? "\n       " + detail : ""}`);
  }
}

// Every number in `a` must equal the one in `b` (same key path); strings equal too.
function compareJson(a, b, where, diffs) {
  if (typeof a === "number" && typeof b === "number") {
    const tol = 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
    if (!(Math.abs(a - b) <= tol)) diffs.push(`${where}: page ${a} vs cli ${b}`);
  } else if (a && b && typeof a === "object" && typeof b === "object") {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) compareJson(a[k], b[k], `${where}.${k}`, diffs);
  } else if (a !== b) diffs.push(`${where}: page ${JSON.stringify(a)} vs cli ${JSON.stringify(b)}`);
}


async function openPage(browser, base, fragment, { scale = 1, width = 1366, height = 768, storage = null, locale = "en-US" } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: scale, locale });
  if (storage !== null)
    await context.addInitScript((s) => { try { localStorage.setItem("trainplan.state", s); } catch (e) {} }, storage);
  // Record history calls, to explain a failed Back/Forward check.
  await context.addInitScript(() => {
    window.__history = [];
    const push = history.pushState.bind(history), replace = history.replaceState.bind(history);
    history.pushState = (s, t, u) => { window.__history.push("push " + u); push(s, t, u); };
    history.replaceState = (s, t, u) => { window.__history.push("replace " + u); replace(s, t, u); };
  });
  const page = await context.newPage();
  const problems = [];
  const requests = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()}`);
    else if (m.type() === "warning") console.log(`       (console warning: ${m.text()})`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on("response", (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()} for ${r.url()}`); });
  const t0 = Date.now();
  await page.goto(base + "/index.html" + fragment);
  await page.waitForFunction(() => window.trainplan && window.trainplanReady, null, { timeout: 30000 });
  await page.evaluate(() => window.trainplanReady);
  const firstFrameMs = Date.now() - t0;
  return { context, page, problems, firstFrameMs, requests };
}

async function clickWidget(page, name) {
  const r = (await page.evaluate(() => window.trainplan.widgets()))[name];
  if (!r) return false;
  await page.mouse.click((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
  await frames(page, 3);
  return true;
}

async function frames(page, n = 3) {
  await page.evaluate((n) => new Promise((r) => { let k = 0; const f = () => (++k >= n ? r() : requestAnimationFrame(f)); requestAnimationFrame(f); }), n);
}

// Waits (up to 5 s) until fn() is true in the page: frames are slow under software WebGL on a loaded
// machine, so a fixed number of frames is not enough to see an edit land.
async function until(page, fn, arg) {
  try {
    await page.waitForFunction(fn, arg, { timeout: 5000, polling: 50 });
  } catch (e) {
    /* the check that follows reports what was seen */
  }
}

// Clicks the centre of a named input and waits until ImGui has made it the active item (typing before
// that frame would be lost). Returns the active item's id (0 if it never became active).
async function clickInput(page, name) {
  const r = (await page.evaluate(() => window.trainplan.widgets()))[name];
  if (!r) return 0;
  const before = await page.evaluate(() => window.trainplan.stats().active_id);
  await page.mouse.click((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
  await until(page, (b) => { const a = window.trainplan.stats().active_id; return a !== 0 && a !== b; }, before);
  return page.evaluate(() => window.trainplan.stats().active_id);
}

// Scroll the inputs panel with the wheel until widget `name` is inside it, above the fold (the panel ends
// above the status line, near y 730 in a 768-pixel window).
async function scrollIntoInputs(page, name) {
  for (let i = 0; i < 12; i++) {
    const r = (await page.evaluate(() => window.trainplan.widgets()))[name];
    if (r && r[1] > 40 && r[3] < 700) return;
    await page.mouse.move(150, 400);
    await page.mouse.wheel(0, !r || r[3] >= 700 ? 120 : -120);
    await frames(page, 3);
  }
}

// What the page's input state was, for failure messages of interaction checks.
async function inputState(page) {
  return page.evaluate(() => {
    const st = window.trainplan.stats();
    return `focus=${document.activeElement && document.activeElement.id} hasFocus=${document.hasFocus()} ` +
           `imgui active=${st.active_id} mouse=${st.mouse}`;
  });
}

async function main() {
  for (const f of ["index.html", "index.js", "index.wasm", "trainplan.js", "cjk.ttf"])
    if (!fs.existsSync(path.join(webDir, f))) {
      console.log(`FAIL: ${path.join(webDir, f)} is missing: build the page first (cmake --preset web && cmake --build --preset web)`);
      process.exit(1);
    }
  const server = await serve(webDir);
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await launch();
  try {
    // 1. First visit: no link, no saved state -> the compare view of the articles' question.
    console.log("first visit");
    {
      const { context, page, problems, firstFrameMs, requests } = await openPage(browser, base, "");
      await frames(page, 10);
      check(!requests.some((u) => u.endsWith("/cjk.ttf")), "the English page does not download the Chinese font",
            requests.filter((u) => u.endsWith(".ttf")).join(", "));
      const shot = await page.screenshot({ path: path.join(outDir, "web-first-visit.png") });
      const st = contentStats(shot);
      check(st.colours > 20 && st.inked > 0.03, "canvas shows content", JSON.stringify(st));
      // The default columns are the compare view's without a cmp key (core's kDefaultCompare): the link
      // says view=compare, the columns are the articles' question.
      const first = await page.evaluate(() => ({ hash: location.hash, gpus: window.trainplan.compare().plans.map((p) => p.config.gpu) }));
      check(first.hash.includes("view=compare") && JSON.stringify(first.gpus) === '["rtx4090","a100-80g","h100"]',
            "opens on RTX 4090 vs A100 vs H100", JSON.stringify(first));
      console.log(`       first frame ${firstFrameMs} ms after navigation (local server, software WebGL)`);
      check(problems.length === 0, "no console errors, page errors or failed requests", problems.join("\n       "));
      await context.close();
    }

    // 2. A link opens the same numbers as the command line for the same link.
    console.log("link -> same plan as the command line");
    const link = "#v=1&model=llama2-13b&gpu=h100&gpus=32&seq=4096&gbs=512&tokens=2e11";
    {
      const { context, page, problems } = await openPage(browser, base, link);
      await frames(page, 3);
      const pagePlan = await page.evaluate(() => window.trainplan.plan());
      check(pagePlan && pagePlan.memory && pagePlan.memory.total_bytes > 0, "window.trainplan.plan() returns a plan",
            JSON.stringify(pagePlan).slice(0, 200));
      if (!fs.existsSync(cliPath)) {
        check(false, "command line available for the comparison", `${cliPath} not found: build the native preset`);
      } else {
        const cliJson = JSON.parse(execFileSync(cliPath, ["plan", "--link", link, "--format", "json"], { encoding: "utf8" }));
        const diffs = [];
        compareJson(pagePlan, cliJson, "plan", diffs);
        check(diffs.length === 0, "page plan equals `trainplan plan --link ... --format json`", diffs.slice(0, 8).join("\n       "));
      }
      await page.screenshot({ path: path.join(outDir, "web-plan.png") });
      check(problems.length === 0, "no console errors", problems.join("\n       "));

      // 3. Edit a real input: click the sequence-length field, type, Enter.
      console.log("editing, history, setLink");
      const before = await page.evaluate(() => location.hash);
      const w = await page.evaluate(() => window.trainplan.widgets());
      check(!!w.seq, "sequence-length input is on screen", Object.keys(w).join(","));
      if (w.seq) {
        await page.evaluate(() => window.trainplan.stats());  // resets the maximum
        await clickInput(page, "seq");
        const writesBefore = await page.evaluate(() => window.__history.length);
        await page.keyboard.press("Control+A");
        await page.keyboard.type("8192");
        await page.keyboard.press("Enter");
        await until(page, () => window.trainplan.plan().config.seq === 8192 && location.hash.includes("seq=8192"));
        await frames(page, 2);
        const writes = await page.evaluate((n) => window.__history.slice(n), writesBefore);
        check(writes.length >= 1 && writes.length <= 2 && writes[0].startsWith("push"),
              "typing 8192 is one history entry (a push, then at most one replace), not one write per keystroke",
              JSON.stringify(writes));
        const typing = await page.evaluate(() => window.trainplan.stats());
        console.log(`       UI CPU time per frame while typing: max ${typing.frame_ms_max.toFixed(1)} ms (the re-plan's search runs in slices; ` +
                    `UI before the slice max ${typing.ui_ms_max.toFixed(1)} ms, of which starting the re-plan and writing the link max ${typing.edit_ms_max.toFixed(1)} ms; ` +
                    `longest background step ${typing.step_ms_max.toFixed(1)} ms)`);
        const after = await page.evaluate(() => location.hash);
        const seq = await page.evaluate(() => window.trainplan.plan().config.seq);
        check(after !== before && after.includes("seq=8192"), "typing into an input changes location.hash", `${before} -> ${after}`);
        check(seq === 8192, "the plan follows the edit", `config.seq = ${seq}`);
        await page.goBack();
        await until(page, () => window.trainplan.plan().config.seq === 4096);
        await frames(page, 2);
        const back = await page.evaluate(() => location.hash);
        const seqBack = await page.evaluate(() => window.trainplan.plan().config.seq);
        const calls = await page.evaluate(() => window.__history.join("\n         "));
        check(back === before && seqBack === 4096, "Back restores the previous state",
              `${back}, seq ${seqBack}; history calls:\n         ${calls}`);
        await page.goForward();
        await until(page, () => window.trainplan.plan().config.seq === 8192);
        const fwd = await page.evaluate(() => window.trainplan.plan().config.seq);
        check(fwd === 8192, "Forward restores the edit", `seq ${fwd}`);
      }
      // Paste a Hugging Face config.json copied elsewhere (issue #20): the text is put on the system
      // clipboard, then a real Ctrl+V keystroke in the import box must make the browser fire its own paste
      // event (the page no longer cancels that keydown); no event is injected. Then Import.
      {
        await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
        const toClipboard = (text) => page.evaluate((t) => navigator.clipboard.writeText(t), text);
        const hf = JSON.stringify({ _name_or_path: "mistralai/Mistral-7B-v0.1", architectures: ["MistralForCausalLM"],
          hidden_size: 4096, intermediate_size: 14336, num_attention_heads: 32, num_hidden_layers: 32,
          num_key_value_heads: 8, vocab_size: 32000, tie_word_embeddings: false, hidden_act: "silu" }, null, 2);
        const clickAt = async (name) => {
          const r = (await page.evaluate(() => window.trainplan.widgets()))[name];
          if (!r) return false;
          await page.mouse.click((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
          await frames(page, 3);
          return true;
        };
        const opened = await clickAt("hf_open");
        await until(page, () => !!window.trainplan.widgets().hf_config);
        await toClipboard(hf);
        const pastes = await page.evaluate(() => {
          window.__pastes = 0;
          document.addEventListener("paste", () => window.__pastes++, true);
          return 0;
        });
        const focused = opened && (await clickInput(page, "hf_config")) !== 0;
        await page.keyboard.press("Control+V");
        await frames(page, 3);
        const fired = await page.evaluate(() => window.__pastes);
        check(fired === 1 + pastes, "a real Ctrl+V makes the browser fire its paste event (the keydown is not cancelled)",
              `paste events: ${fired}; ${await inputState(page)}`);
        const imported = focused && (await clickAt("hf_import"));
        await until(page, () => window.trainplan.plan().config.model === "custom");
        const cfg = await page.evaluate(() => window.trainplan.plan().config);
        check(imported && cfg.model === "custom" && cfg.layers === 32 && cfg.kv_heads === 8 && cfg.ffn === 14336 &&
              cfg.name === "mistralai/Mistral-7B-v0.1",
              "Ctrl+V of a config.json from the system clipboard, then Import, sets the model's dimensions and its name",
              JSON.stringify({ opened, focused, imported, model: cfg.model, name: cfg.name, layers: cfg.layers, kv_heads: cfg.kv_heads, ffn: cfg.ffn }) +
              "; " + (await inputState(page)));
        const hash = await page.evaluate(() => location.hash);
        check(hash.includes("name=mistralai%2FMistral-7B-v0.1"), "the imported model's name is in the link", hash);
        await page.screenshot({ path: path.join(outDir, "web-hf-import.png") });
        // A broken paste: the error is drawn right under the Import button, not in the notice bar, and the
        // imported model stays.
        await toClipboard("{ \"hidden_size\": 4096,");
        await clickInput(page, "hf_config");
        await page.keyboard.press("Control+A");
        await page.keyboard.press("Control+V");
        await frames(page, 3);
        await clickAt("hf_import");
        await frames(page, 3);
        const w = await page.evaluate(() => window.trainplan.widgets());
        const still = await page.evaluate(() => window.trainplan.plan().config);
        const below = !!w.hf_issue && !!w.hf_import && w.hf_issue[1] >= w.hf_import[3] - 1 && w.hf_issue[1] - w.hf_import[3] < 40;
        check(below && !w.notices_close && still.model === "custom" && still.layers === 32,
              "a broken config.json: the error is under the Import button, the model stays",
              JSON.stringify({ hf_issue: w.hf_issue, hf_import: w.hf_import, notice_bar: !!w.notices_close, model: still.model }));
        // The "Paste config.json" button reads the system clipboard itself (navigator.clipboard.readText).
        await toClipboard(JSON.stringify({ _name_or_path: "Qwen/Qwen2.5-7B-Instruct", hidden_size: 3584,
          intermediate_size: 18944, num_attention_heads: 28, num_hidden_layers: 28, num_key_value_heads: 4,
          vocab_size: 152064 }));
        await clickAt("hf_paste");
        await until(page, () => window.trainplan.plan().config.name === "Qwen/Qwen2.5-7B-Instruct");
        const qwen = await page.evaluate(() => window.trainplan.plan().config);
        check(qwen.name === "Qwen/Qwen2.5-7B-Instruct" && qwen.layers === 28 && qwen.kv_heads === 4,
              "the Paste config.json button imports what is on the system clipboard",
              JSON.stringify({ name: qwen.name, layers: qwen.layers, kv_heads: qwen.kv_heads }));
        // Copy from a field (Ctrl+A, Ctrl+C) reaches the system clipboard.
        await clickInput(page, "hf_config");
        await page.keyboard.press("Control+A");
        await page.keyboard.press("Control+C");
        await frames(page, 3);
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        check(copied.includes("Qwen/Qwen2.5-7B-Instruct"), "Ctrl+C in a text field writes the system clipboard", copied.slice(0, 80));
      }
      // Keyboard: Tab from the sequence length goes to its auto check box (every widget is a stop, in the
      // order drawn), then to the global batch, which takes typed input (given explicitly first: on auto
      // the field shows the planner's batch, greyed).
      {
        await page.evaluate(() => window.trainplan.setLink(location.hash + "&gbs=512"));
        await until(page, () => window.trainplan.plan().config.gbs === 512);
        await frames(page, 3);
        const seqBefore = await page.evaluate(() => window.trainplan.plan().config.seq);
        await scrollIntoInputs(page, "seq");  // the goal's second row of buttons puts it below the fold
        const seqId = await clickInput(page, "seq");
        const stops = [];
        for (const _ of [1, 2]) {
          const before = await page.evaluate(() => window.trainplan.stats().focus_rect.join());
          await page.keyboard.press("Tab");
          await until(page, (b) => window.trainplan.stats().focus_rect.join() !== b, before);
          stops.push(await page.evaluate(() => window.trainplan.stats().focus));
        }
        await until(page, (id) => { const a = window.trainplan.stats().active_id; return a !== 0 && a !== id; }, seqId);
        await page.keyboard.press("Control+A");
        await page.keyboard.type("256");
        await page.keyboard.press("Enter");
        await until(page, () => window.trainplan.plan().config.gbs === 256);
        const gbs = await page.evaluate(() => window.trainplan.plan().config.gbs);
        const seqNow = await page.evaluate(() => window.trainplan.plan().config.seq);
        check(stops.join() === "auto_seq,gbs" && gbs === 256 && seqNow === seqBefore,
              "keyboard: Tab goes from a field to its auto check box, then to the next field, and typing edits it",
              `stops ${stops.join(" > ")}; gbs ${gbs}, seq ${seqNow}; ${await inputState(page)}`);
      }
      // Typed numbers (issue #20), real keystrokes: "1B" tokens is a billion; GPUs "1e30" is refused with
      // the link's message in red under the field, and the plan keeps the count from before the typing.
      {
        await scrollIntoInputs(page, "tokens");
        await clickInput(page, "tokens");
        await page.keyboard.press("Control+A");
        await page.keyboard.type("1B");
        await until(page, () => window.trainplan.plan().config.tokens === 1e9);
        const tokens = await page.evaluate(() => window.trainplan.plan().config.tokens);
        check(tokens === 1e9, "typing 1B into the token budget plans a billion tokens", `tokens ${tokens}`);
        const gpusBefore = await page.evaluate(() => window.trainplan.plan().config.gpus);
        // The GPUs field sits below the fold of the inputs panel: scroll it into view with the wheel.
        for (let i = 0; i < 10; i++) {
          const g = (await page.evaluate(() => window.trainplan.widgets())).gpus;
          if (g && g[3] < 700) break;
          await page.mouse.move(150, 400);
          await page.mouse.wheel(0, 120);
          await frames(page, 3);
        }
        await clickInput(page, "gpus");
        await page.keyboard.press("Control+A");
        await page.keyboard.type("1e30");
        await until(page, () => !!window.trainplan.widgets().issue_gpus);
        await frames(page, 3);
        const w = await page.evaluate(() => window.trainplan.widgets());
        const gpusNow = await page.evaluate(() => window.trainplan.plan().config.gpus);
        check(!!w.issue_gpus && !!w.gpus && w.issue_gpus[1] >= w.gpus[3] - 1 && gpusNow === gpusBefore,
              "GPUs 1e30 typed: refused in red under the field, the plan keeps its count",
              JSON.stringify({ issue: w.issue_gpus, field: w.gpus, before: gpusBefore, now: gpusNow }));
        await page.keyboard.press("Control+A");
        await page.keyboard.type(String(gpusBefore));
        await until(page, () => !window.trainplan.widgets().issue_gpus);
        await page.mouse.click(5, 5);
        await frames(page, 3);
      }
      // Copy link puts the page address + fragment on the real clipboard.
      {
        const r = (await page.evaluate(() => window.trainplan.widgets())).copy_link;
        await page.mouse.click((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
        await frames(page, 4);
        const clip = await page.evaluate(() => navigator.clipboard.readText());
        const href = await page.evaluate(() => location.href);
        check(clip === href, "Copy link writes the whole link to the system clipboard", `${clip} vs ${href}`);
      }
      // Export: Markdown, CSV and JSON downloads of the plan.
      for (const [label, check_text] of [["md", "|"], ["csv", ","], ["json", "{"]]) {
        const r = (await page.evaluate(() => window.trainplan.widgets())).export;
        await page.mouse.click((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
        await frames(page, 3);
        const item = (await page.evaluate(() => window.trainplan.widgets()))["export_" + label];
        if (!item) {
          check(false, `Export menu offers ${label}`);
          continue;
        }
        const [download] = await Promise.all([
          page.waitForEvent("download", { timeout: 10000 }),
          page.mouse.click((item[0] + item[2]) / 2, (item[1] + item[3]) / 2),
        ]);
        const file = path.join(outDir, download.suggestedFilename());
        await download.saveAs(file);
        const text = fs.readFileSync(file, "utf8");
        let ok = text.length > 100 && text.includes(check_text);
        if (label === "json") {
          try { ok = ok && JSON.parse(text).memory.total_bytes > 0; } catch (e) { ok = false; }
        }
        check(ok, `Export ${label} downloads ${download.suggestedFilename()} (${text.length} bytes)`, text.slice(0, 120));
      }
      // Theme toggle: dark is drawn and remembered.
      {
        const r = (await page.evaluate(() => window.trainplan.widgets())).theme;
        await page.mouse.click((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
        await until(page, () => (localStorage.getItem("trainplan.state") || "").endsWith("|dark"));
        const saved = await page.evaluate(() => localStorage.getItem("trainplan.state"));
        check(saved && saved.endsWith("|dark"), "the theme button switches to dark and remembers it", saved);
        await page.mouse.click((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
        await frames(page, 2);
      }
      // setLink loads a link (a new history entry) and plan() follows at once.
      await page.evaluate(() => window.trainplan.setLink("#v=1&model=llama2-70b&gpu=a100-80g&gpus=256&view=compare"));
      await frames(page, 3);
      const p2 = await page.evaluate(() => ({ h: location.hash, gpus: window.trainplan.plan().config.gpus }));
      check(p2.gpus === 256 && p2.h.includes("gpus=256"), "setLink() loads a fragment", JSON.stringify(p2));
      // Editing a compare column's GPU count changes the link's scenarios.
      {
        await page.evaluate(() => window.trainplan.setLink("#v=1&model=llama2-70b&view=compare"));
        await frames(page, 3);
        await clickInput(page, "cmp_gpus_1");
        await page.keyboard.press("Control+A");
        await page.keyboard.type("512");
        await page.keyboard.press("Enter");
        await until(page, () => decodeURIComponent(location.hash).includes("gpus:512"));
        const h = await page.evaluate(() => location.hash);
        check(/cmp=[^&]*gpus:512/.test(decodeURIComponent(h)), "editing a compare column updates the link", h);
      }
      // Screenshots of each view.
      for (const view of ["plan", "compare", "search"]) {
        await page.evaluate((v) => window.trainplan.setLink(`#v=1&model=llama2-70b&gpu=a100-80g&gpus=256&view=${v}`), view);
        await frames(page, view === "search" ? 60 : 8);
        await page.screenshot({ path: path.join(outDir, `web-${view}.png`) });
      }
      // Frame times while the search runs (software WebGL here: reported, not asserted).
      await page.evaluate(() => window.trainplan.setLink("#v=1&model=llama2-70b&gpus=512&view=search"));
      await page.evaluate(() => window.trainplan.stats());  // resets the maximum
      const ft = await page.evaluate(() => new Promise((r) => {
        const t = []; let last = performance.now();
        const f = (now) => { t.push(now - last); last = now; if (t.length < 90) requestAnimationFrame(f); else r(t); };
        requestAnimationFrame(f);
      }));
      ft.sort((a, b) => a - b);
      const stats = await page.evaluate(() => window.trainplan.stats());
      console.log(`       UI CPU time per frame while searching: max ${stats.frame_ms_max.toFixed(1)} ms over 90 frames (UI before the ` +
                  `search's slice max ${stats.ui_ms_max.toFixed(1)} ms, longest background step ${stats.step_ms_max.toFixed(1)} ms); ` +
                  `last re-plan ${stats.replan_ms_last.toFixed(1)} ms`);
      console.log(`       frame interval while searching: median ${ft[ft.length >> 1].toFixed(1)} ms, p95 ${ft[Math.floor(ft.length * 0.95)].toFixed(1)} ms`);
      // A bad link shows a notice and falls back per field; the page keeps running.
      await page.evaluate(() => window.trainplan.setLink("#v=1&gpus=banana&model=llama2-7b&frobnicate=1"));
      await frames(page, 3);
      const bad = await page.evaluate(() => window.trainplan.plan());
      check(bad && bad.config && bad.config.model === "llama2-7b", "a bad link falls back per field", JSON.stringify(bad?.config ?? null).slice(0, 120));
      await page.screenshot({ path: path.join(outDir, "web-bad-link.png") });
      check(problems.length === 0, "no console errors after editing and navigating", problems.join("\n       "));
      await context.close();
    }

    // 4. High-DPI and the dark theme (theme restored from the saved state).
    console.log("device pixel ratio 2, dark theme, saved state");
    {
      const { context, page, problems } = await openPage(browser, base, "", { scale: 2, storage: "#v=1&model=llama2-7b&gpus=8|dark" });
      await frames(page, 8);
      const dpr = await page.evaluate(() => ({ dpr: devicePixelRatio, w: document.getElementById("canvas").width, css: innerWidth }));
      check(dpr.w === dpr.css * 2, "canvas backed at 2x pixels", JSON.stringify(dpr));
      const restored = await page.evaluate(() => window.trainplan.plan().config.model);
      check(restored === "llama2-7b", "without a link the last state is restored from localStorage", restored);
      const shot = await page.screenshot({ path: path.join(outDir, "web-dark-hidpi.png") });
      const st = contentStats(shot);
      check(st.colours > 20, "dark theme at 2x shows content", JSON.stringify(st));
      // The pointer over a few widgets (hover drawn in part, web/redraw.h), then the canvas against the
      // page drawn whole, at 2x pixels and in the dark theme.
      for (const [x, y] of [[120, 200], [300, 260], [700, 400], [1000, 150], [5, 760]]) {
        await page.mouse.move(x, y);
        await frames(page, 3);
      }
      const pw = await partialVersusWhole(page);
      check(pw.differ === 0, "at 2x, dark: the canvas drawn in parts is the canvas drawn whole", `${pw.differ} of ${pw.bytes} bytes differ`);
      check(problems.length === 0, "no console errors", problems.join("\n       "));
      await context.close();
    }

    // 6. Chinese. A lang=zh link: the page fetches cjk.ttf and draws in Chinese; the language switch keeps
    // the plan identical and is in the link; screenshots of each view in Chinese.
    console.log("Chinese (lang=zh)");
    {
      const zlink = "#v=1&model=llama2-70b&gpu=a100-80g&gpus=256&lang=zh";
      const { context, page, problems, requests } = await openPage(browser, base, zlink, { scale: 2 });
      await until(page, () => window.trainplan.stats().cjk_font === true);
      await frames(page, 6);
      const st = await page.evaluate(() => window.trainplan.stats());
      check(st.lang === "zh" && st.cjk_font === true, "a lang=zh link shows Chinese: the CJK font is loaded into the atlas",
            JSON.stringify(st));
      check(requests.some((u) => u.endsWith("/cjk.ttf")), "the Chinese font is fetched when Chinese is on");
      await page.screenshot({ path: path.join(outDir, "web-zh-plan.png") });
      // `lang` is a key of the configuration (the command line's JSON says it too); nothing else differs.
      const english = (json) => json.replaceAll('"lang": "zh"', '"lang": "en"').replaceAll("&lang=zh", "");
      const zhPlan = english(await page.evaluate(() => window.trainplan.planText()));
      // The switch in the top bar: English, then 简体中文 again. The plan stays byte-identical.
      const toEn = await clickWidget(page, "lang_en");
      await until(page, () => !location.hash.includes("lang=zh"));
      const en = await page.evaluate(() => ({ plan: window.trainplan.planText(), hash: location.hash, lang: window.trainplan.stats().lang }));
      check(toEn && en.lang === "en" && !en.hash.includes("lang=zh"), "the English button switches the language and the link",
            JSON.stringify({ toEn, lang: en.lang, hash: en.hash }));
      check(en.plan === zhPlan, "switching language keeps window.trainplan.plan() identical but for its lang");
      await page.screenshot({ path: path.join(outDir, "web-en-plan-hidpi.png") });
      const toZh = await clickWidget(page, "lang_zh");
      await until(page, () => location.hash.includes("lang=zh"));
      const zh = await page.evaluate(() => ({ plan: window.trainplan.planText(), hash: location.hash, saved: localStorage.getItem("trainplan.state") }));
      check(toZh && zh.hash.includes("lang=zh") && english(zh.plan) === zhPlan && zh.plan.includes('"lang": "zh"'),
            "简体中文 switches back; the plan is still identical but for its lang", zh.hash);
      check((zh.saved || "").includes("lang=zh"), "the language is remembered with the saved state", zh.saved);
      await page.goBack();
      await until(page, () => !location.hash.includes("lang=zh"));
      await frames(page, 2);  // the address changes at once; the planner reads it in its next frame
      const backLang = await page.evaluate(() => window.trainplan.stats().lang);
      check(backLang === "en", "Back returns to the language before the switch", backLang);
      await page.mouse.move(1, 1);  // no tooltip left over from the switch in the screenshots
      for (const view of ["plan", "compare", "search"]) {
        await page.evaluate((v) => window.trainplan.setLink(`#v=1&model=llama2-70b&gpu=a100-80g&gpus=256&view=${v}&lang=zh`), view);
        await frames(page, view === "search" ? 60 : 12);
        await page.screenshot({ path: path.join(outDir, `web-zh-${view}.png`) });
      }
      check(problems.length === 0, "no console errors in Chinese", problems.join("\n       "));
      await context.close();
    }
    {
      // A first visit from a Chinese browser opens in Chinese.
      const { context, page, problems } = await openPage(browser, base, "", { locale: "zh-CN" });
      await until(page, () => window.trainplan.stats().cjk_font === true);
      await frames(page, 10);
      const v = await page.evaluate(() => ({ lang: window.trainplan.stats().lang, hash: location.hash, nav: navigator.language }));
      check(v.lang === "zh" && v.hash.includes("lang=zh"), "a zh-CN browser opens in Chinese on a first visit", JSON.stringify(v));
      await page.screenshot({ path: path.join(outDir, "web-zh-first-visit.png") });
      check(problems.length === 0, "no console errors", problems.join("\n       "));
      await context.close();
    }

    // 5. A phone-sized window: one column, the answer first.
    console.log("narrow window");
    {
      const { context, page, problems } = await openPage(browser, base, "#v=1&model=llama2-7b&gpu=rtx4090&gpus=8&method=qlora",
                                                         { scale: 2, width: 414, height: 860 });
      await frames(page, 10);
      const w = await page.evaluate(() => window.trainplan.widgets());
      check(w.verdict && w.verdict[0] < 60, "on a narrow screen the verdict comes first, full width", JSON.stringify(w.verdict));
      await page.screenshot({ path: path.join(outDir, "web-narrow.png") });
      check(problems.length === 0, "no console errors", problems.join("\n       "));
      await context.close();
    }

    // 7. An error next to its field (issue #9): tp=3 does not divide Llama-2-7B's 32 heads. The plan is
    // made with tp on auto, the error names tp and what it accepts, and it is drawn under the tp input.
    console.log("an error next to its field");
    {
      const { context, page, problems } = await openPage(browser, base, "#v=1&model=llama2-7b&gpus=8&tp=3");
      await until(page, () => !!window.trainplan.widgets().issue_tp);  // the first plan is sliced over frames
      await frames(page, 2);
      const p = await page.evaluate(() => window.trainplan.plan());
      check(p && p.ok === true && p.memory && p.memory.total_bytes > 0 && p.run && p.run.days > 0,
            "tp=3: the plan still computes (numbers, not 'Cannot plan')", JSON.stringify(p && { ok: p.ok, memory: p.memory?.total_bytes, days: p.run?.days }));
      const tpError = (p?.errors ?? []).find((e) => e.startsWith("tp: ") && e.includes("accepted"));
      check(!!tpError, "tp=3: plan() has the error naming tp and what it accepts", JSON.stringify(p?.errors));
      check(JSON.stringify(p?.fallback_keys) === '["tp"]' && p?.config?.tp === 3,
            "tp=3: planned with tp on auto, the link keeps tp=3", JSON.stringify({ fallback: p?.fallback_keys, tp: p?.config?.tp }));
      check((await page.evaluate(() => location.hash)).includes("tp=3"), "tp=3: the address still says tp=3");
      const w = await page.evaluate(() => window.trainplan.widgets());
      const f = w.tp, e = w.issue_tp;
      check(f && e && e[1] >= f[3] - 1 && e[1] - f[3] < 20 && Math.abs(e[0] - f[0]) < 2,
            "tp=3: the error is drawn right under the tp field", JSON.stringify({ tp: f, issue_tp: e }));
      check(w.fallback_line && w.verdict && w.fallback_line[1] > w.verdict[1], "tp=3: the verdict says what was planned instead",
            JSON.stringify({ verdict: w.verdict, fallback_line: w.fallback_line }));
      await page.screenshot({ path: path.join(outDir, "field-error.png") });

      // An idle page runs (almost) no frames and asks the browser for (almost) none (issue #27): with nothing to
      // do it used to run a whole Dear ImGui frame at every animation frame (a quarter of a core), then to skip
      // them while still asking for every one (180 in 3 s). Past the second of frames after the last input, a
      // frame with nothing to run pauses the main loop, and only a heartbeat frame every half second runs (6 in
      // 3 s; up to 12 allowed), each asking for two animation frames (its own and the one that finds nothing to
      // do). The page's requests are counted here, at the browser's requestAnimationFrame.
      await until(page, () => !window.trainplan.stats().busy);
      await page.waitForTimeout(1500);
      await page.evaluate(() => {
        window.trainplan.stats();  // the counts start now
        window.__raf = 0;
        const raf = window.requestAnimationFrame.bind(window);
        window.requestAnimationFrame = (f) => { window.__raf++; return raf(f); };
      });
      await page.waitForTimeout(3000);
      const idle = await page.evaluate(() => ({ ...window.trainplan.stats(), raf: window.__raf }));
      const ran = idle.drawn_full + idle.drawn_partial + idle.drawn_skipped;
      console.log(`       idle for 3 s: ${ran} frames run, ${idle.raf} animation frames asked for, ${idle.frames_idle} times asleep`);
      check(ran <= 12 && idle.raf <= 30 && idle.frames_idle >= 1,
            "an idle page sleeps: at most a heartbeat frame every 0.5 s, and no animation frames asked for between them",
            JSON.stringify({ ran, raf: idle.raf, frames_idle: idle.frames_idle }));
      // ... and wakes for what changes the page: a script's setLink, then a real keystroke into a field.
      // (stats() restarts its counts at every call: the frames drawn are summed in the page while waiting.)
      await page.evaluate(() => { window.__drawn = 0; window.trainplan.setLink("#v=1&model=llama2-7b&gpus=16&tp=3&seq=4096"); });
      await until(page, () => {
        const s = window.trainplan.stats();
        window.__drawn += s.drawn_full + s.drawn_partial;
        return window.trainplan.plan().config.gpus === 16 && !s.busy;
      });
      const woke = await page.evaluate(() => ({ drawn: window.__drawn, gpus: window.trainplan.plan().config.gpus }));
      check(woke.drawn > 0 && woke.gpus === 16, "an idle page wakes for setLink() and draws the new plan", JSON.stringify(woke));
      await page.waitForTimeout(1500);
      const tpIdle = await page.evaluate(() => window.trainplan.plan().config.tp);
      const clicked = await clickInput(page, "tp");
      await page.keyboard.press("Control+A");
      await page.keyboard.type("1");
      await page.keyboard.press("Enter");
      await until(page, () => window.trainplan.plan().config.tp === 1);
      const tpTyped = await page.evaluate(() => window.trainplan.plan().config.tp);
      check(clicked !== 0 && tpTyped === 1, "an idle page wakes for a click and keystrokes (tp 3 -> 1 typed)",
            JSON.stringify({ clicked, tpIdle, tpTyped }));
      // A text field left with the caret in it: the caret still blinks (frames keep coming and some draw it), at a
      // frame every 0.1 s, not at every animation frame (180 frames in 3 s before: platform_web.cpp, Tramp).
      const caretClicked = await clickInput(page, "tp");
      await page.waitForTimeout(1500);
      await page.evaluate(() => { window.trainplan.stats(); window.__raf = 0; });
      await page.waitForTimeout(3000);
      const caret = await page.evaluate(() => ({ ...window.trainplan.stats(), raf: window.__raf }));
      const caretRan = caret.drawn_full + caret.drawn_partial + caret.drawn_skipped;
      console.log(`       a caret left for 3 s: ${caretRan} frames run (${caret.drawn_full + caret.drawn_partial} drawing), ${caret.raf} animation frames asked for`);
      check(caretClicked !== 0 && caret.active_id !== 0 && caret.drawn_full + caret.drawn_partial >= 2 && caretRan <= 90,
            "a text field left with its caret: the caret blinks, at a frame every 0.1 s rather than every animation frame",
            JSON.stringify({ caretRan, drawn: caret.drawn_full + caret.drawn_partial, raf: caret.raf, active: caret.active_id }));
      check(problems.length === 0, "no console errors", problems.join("\n       "));
      await context.close();
    }

    // 8. A browser without WebGL2: the page says so in words (in place of a blank canvas or an "internal
    // error"), and the runtime, already downloaded, does not start.
    console.log("no WebGL2");
    {
      const noGl = await launch(["--disable-webgl2"]);
      try {
        const page = await noGl.newPage();
        const errors = [];
        page.on("pageerror", (e) => errors.push(e.message));
        page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
        await page.goto(base + "/index.html#v=1&model=llama2-7b");
        await page.waitForTimeout(1500);
        const shown = await page.evaluate(() => ({
          text: document.getElementById("message").textContent,
          overlay: !document.getElementById("overlay").hidden,
          started: !!(window.trainplan && window.trainplan.plan),
        }));
        check(shown.overlay && /WebGL2/.test(shown.text), "without WebGL2 the page says it needs WebGL2", JSON.stringify(shown));
        check(!shown.started, "without WebGL2 the planner does not start (no half-drawn page)", JSON.stringify(shown));
        check(errors.length === 0, "without WebGL2: no page errors", errors.join("\n       "));
        await page.screenshot({ path: path.join(outDir, "web-no-webgl2.png") });
      } finally {
        await noGl.close();
      }
    }
  } finally {
    await browser.close();
    server.close();
  }

  const gz = (f) => zlib.gzipSync(fs.readFileSync(path.join(webDir, f)), { level: 9 }).length;
  const total = gz("index.wasm") + gz("index.js");
  console.log(`page size: index.wasm + index.js = ${(total / 1024).toFixed(0)} KiB gzip (aim: at most 700 KB, issue #19)`);
  if (fs.existsSync(path.join(webDir, "cjk.ttf")))
    console.log(`Chinese font: cjk.ttf = ${(fs.statSync(path.join(webDir, "cjk.ttf")).size / 1024).toFixed(0)} KiB, ` +
                `${(gz("cjk.ttf") / 1024).toFixed(0)} KiB gzip, downloaded only when Chinese is on`);
  console.log(`${checks - failures}/${checks} browser checks passed; screenshots in ${outDir}`);
  process.exit(failures ? 1 : 0);
}

main().catch((e) => {
  console.log("FAIL: " + (e && e.stack ? e.stack : e));
  process.exit(1);
});
