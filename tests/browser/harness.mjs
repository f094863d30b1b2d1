// harness.mjs — what every browser test needs: a static server for build/web on 127.0.0.1 (file:// cannot
// load wasm) and Debian's Chromium launched headless with software WebGL (see shared toolchain.md).
import { chromium } from "playwright-core";
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { decodePng } from "./png.mjs";

const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".wasm": "application/wasm",
                ".json": "application/json", ".png": "image/png", ".css": "text/css", ".ttf": "font/ttf" };

export function serve(dir) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    let p = path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, "");
    if (p.endsWith("/")) p += "index.html";
    const file = path.join(dir, p);
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404);
      res.end("not found");
      return;
    }
    res.writeHead(200, { "Content-Type": types[path.extname(file)] || "application/octet-stream", "Cache-Control": "no-store" });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

// The value of a command-line option `--name PATH` as an absolute path, or `def`.
export function pathOption(name, def) {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? path.resolve(args[i + 1]) : def;
}

export const chromiumArgs = ["--no-sandbox", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
  "--ignore-gpu-blocklist"];

// Which Chromium runs the tests: $CHROMIUM if set, else Debian's chromium-headless-shell (scripts/setup.sh installs
// it), else Debian's chromium. The headless shell is the same Chromium (Blink, V8, ANGLE on SwiftShader) without
// the desktop browser's display pipeline: the one Playwright itself runs for headless tests. Measured here
// (2026-12-06, sampled from /proc, all of Chromium's processes): six page loads took 25.5-28.2 s of CPU in
// chromium and 11.9-12.0 s in the shell; 150 Tab presses at 2x 20.6-22.0 s and 14.2-15.6 s.
export const chromiumPath = process.env.CHROMIUM ||
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => fs.existsSync(p)) || "/usr/bin/chromium";

export function launch(extraArgs = []) {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: [...chromiumArgs, ...extraArgs] });
}

// A browser test's frame: the page in webDir served, Chromium started, body({ browser, base }) run (base: the
// server's http://127.0.0.1:port), both closed whatever happens; the process exits 1 on a failed check (summary,
// from checker()) or an exception, which is printed as a failure.
export async function runBrowserTest(webDir, summary, body) {
  let server = null, browser = null, code = 1;
  try {
    server = await serve(webDir);
    browser = await launch();
    await body({ browser, base: `http://127.0.0.1:${server.address().port}` });
    code = summary() ? 1 : 0;
  } catch (e) {
    summary();
    console.log("FAIL: " + (e && e.stack ? e.stack : e));
  } finally {
    if (browser) await browser.close();
    if (server) server.close();
  }
  process.exit(code);
}

// check(ok, what) prints a line per check and counts failures; summary() prints the closing line.
export function checker() {
  let failures = 0, checks = 0;
  return {
    check(ok, what, detail = "") {
      checks++;
      if (ok) console.log(`  ok   ${what}`);
      else { failures++; console.log(`  FAIL ${what}${detail ? "\n       " + detail : ""}`); }
    },
    summary() {
      console.log(`${checks - failures} passed, ${failures} failed`);
      return failures;
    },
  };
}

// The command line's options every test takes: --web (the built page), --cli (the native trainplan) and
// --out (screenshots), each with its default under build/.
export function testPaths(argv = process.argv.slice(2)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
  const opt = (name, def) => {
    const i = argv.indexOf(name);
    return i >= 0 && i + 1 < argv.length ? path.resolve(argv[i + 1]) : def;
  };
  return { root, webDir: opt("--web", path.join(root, "build", "web")), cliPath: opt("--cli", path.join(root, "build", "native", "trainplan")),
           outDir: opt("--out", path.join(root, "build", "screenshots")) };
}

// `n` animation frames of the page.
export async function frames(page, n = 3) {
  await page.evaluate((n) => new Promise((r) => { let k = 0; const f = () => (++k >= n ? r() : requestAnimationFrame(f)); requestAnimationFrame(f); }), n);
}

// The page's canvas as frames drawn in part left it (web/redraw.h: only the tiles that changed are
// redrawn) against the same page drawn whole: a screenshot, then the window resized and back (every tile
// then redrawn), then another. Returns the count of differing bytes (0: pixel for pixel the same).
export async function partialVersusWhole(page) {
  await frames(page, 5);
  const partial = decodePng(await page.screenshot());
  const size = page.viewportSize();
  await page.setViewportSize({ width: size.width, height: size.height - 68 });
  await frames(page, 5);
  await page.setViewportSize(size);
  await frames(page, 10);
  const whole = decodePng(await page.screenshot());
  if (partial.w !== whole.w || partial.h !== whole.h || partial.px.length !== whole.px.length) return { differ: -1, bytes: 0 };
  let differ = 0;
  for (let i = 0; i < partial.px.length; ++i) differ += partial.px[i] !== whole.px[i];
  return { differ, bytes: partial.px.length };
}

// Waits (up to `timeout` ms) until fn(arg) is true in the page; the check that follows reports what was seen.
export async function until(page, fn, arg, timeout = 8000) {
  try { await page.waitForFunction(fn, arg, { timeout, polling: 50 }); } catch (e) { /* reported by the caller's check */ }
}

// A page of its own in a new browser context (Playwright's context options: viewport, scale, touch, locale),
// `permissions` granted for base, at base + "/index.html" + fragment once the engine is ready; `problems`
// collects the console's errors and uncaught page errors, for a test's "no console errors" check.
export async function openPage(browser, base, fragment, contextOptions = {}, permissions = []) {
  const context = await browser.newContext(contextOptions);
  if (permissions.length) await context.grantPermissions(permissions, { origin: base });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console error: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await page.goto(base + "/index.html" + fragment);
  await page.waitForFunction(() => window.trainplan && window.trainplanReady, null, { timeout: 30000 });
  await page.evaluate(() => window.trainplanReady);
  return { context, page, problems };
}

// A finger's tap at the centre of a registered widget (a touch screen: the context has hasTouch).
export async function tapWidget(page, name) {
  const r = (await page.evaluate(() => window.trainplan.widgets()))[name];
  if (!r) return false;
  await page.touchscreen.tap((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
  await frames(page, 4);
  return true;
}

// A finger dragged from (x, y0) to (x, y1) in steps, as the browser's touch events (CDP session `cdp`), not a
// mouse.
export async function fingerDrag(page, cdp, x, y0, y1, steps = 8) {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: y0 }] });
  await frames(page, 2);
  for (let i = 1; i <= steps; i++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y0 + ((y1 - y0) * i) / steps }] });
    await frames(page, 1);
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await frames(page, 3);
}

// The widgets the page registered: name -> [x0, y0, x1, y1] (window.trainplan.widgets()).
export const widgets = (page) => page.evaluate(() => window.trainplan.widgets());

// Wheel-scrolls the panel under x (the mouse at mid-height of a window `height` tall) until widget `name` is on
// screen, as a person scrolls to it: its rectangle, or null when 40 turns did not bring it there.
export async function scrollTo(page, name, x, height) {
  for (let i = 0; i < 40; i++) {
    const r = (await widgets(page))[name];
    if (r && r[1] > 40 && r[3] < height - 60) return r;
    await page.mouse.move(x, height / 2);
    await page.mouse.wheel(0, !r || r[3] >= height - 60 ? 240 : -240);
    await frames(page, 3);
  }
  return null;
}

// A real mouse click at the centre of a widget the page registered (window.trainplan.widgets()).
export async function clickWidget(page, name) {
  const r = (await page.evaluate(() => window.trainplan.widgets()))[name];
  if (!r) return false;
  await page.mouse.click((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
  await frames(page, 3);
  return true;
}
