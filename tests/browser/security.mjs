// security.mjs — the page never interprets link content as HTML or script. Opens hostile fragments (script
// tags, javascript: URLs, event handlers, quotes that would break out of a JS string, a megabyte of junk)
// and checks that nothing ran (no dialog, no global set by the payload, no new element), that the page
// still plans (window.trainplan.plan() answers), and that the shell's Content-Security-Policy forbids
// inline script and eval. Usage: node tests/browser/security.mjs [--web build/web]
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve, launch, checker } from "./harness.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const i = args.indexOf("--web");
const webDir = path.resolve(i >= 0 ? args[i + 1] : path.join(here, "..", "..", "build", "web"));
const { check, summary } = checker();

const payloads = [
  `#v=1&model=<script>window.__pwned=1</script>`,
  `#v=1&model=%3Cimg%20src%3Dx%20onerror%3D%22window.__pwned%3D1%22%3E`,
  `#v=1&gpu=javascript:window.__pwned=1`,
  `#v=1&model=llama2-7b&lang=');window.__pwned=1;//`,
  `#v=1&model=%22%7D%3Bwindow.__pwned%3D1%3B%2F%2F`,
  `#v=1&cmp=gpu:<svg/onload=window.__pwned=1>,gpus:8`,
  `#v=1&` + "a=%00%ff&".repeat(20000),
];

const server = await serve(webDir);
const base = `http://127.0.0.1:${server.address().port}/index.html`;
const browser = await launch();
try {
  for (const fragment of payloads) {
    const page = await browser.newPage();
    let dialog = false, pageError = "";
    page.on("dialog", async (d) => { dialog = true; await d.dismiss(); });
    page.on("pageerror", (e) => { pageError = String(e); });
    await page.goto(base + fragment);
    await page.waitForFunction(() => window.trainplan && window.trainplan.ready, null, { timeout: 30000 });
    await page.evaluate(() => window.trainplan.ready);
    await page.waitForTimeout(300);
    const state = await page.evaluate(() => ({
      pwned: window.__pwned === 1,
      elements: document.querySelectorAll("img, svg, iframe, object, embed").length,
      scripts: [...document.scripts].map((s) => s.src || "inline"),
      planned: (() => { try { const p = window.trainplan.plan(); return !!p && typeof p === "object" && "config" in p; } catch (e) { return false; } })(),
    }));
    const label = fragment.length > 60 ? fragment.slice(0, 60) + "..." : fragment;
    check(!state.pwned && !dialog, `payload did not run: ${label}`);
    check(state.elements === 0 && state.scripts.every((s) => s !== "inline"), `no element or inline script injected: ${label}`);
    check(state.planned, `page still answers window.trainplan.plan(): ${label}`);
    check(pageError === "", `no page error: ${label}`, pageError);
    await page.close();
  }
  // trainplan.setLink with a fragment of 1.3 M characters (issue #34: it once overran the stack, "memory access
  // out of bounds", and every later call failed): the page says it ignored the rest and keeps answering.
  {
    const page = await browser.newPage();
    let pageError = "";
    page.on("pageerror", (e) => { pageError = String(e); });
    await page.goto(base + "#v=1&model=llama2-7b");
    await page.waitForFunction(() => window.trainplan && window.trainplan.ready, null, { timeout: 30000 });
    await page.evaluate(() => window.trainplan.ready);
    const thrown = await page.evaluate(() => {
      try { window.trainplan.setLink("#v=1&model=llama3-8b" + "&".repeat(1300000)); return ""; } catch (e) { return String(e); }
    });
    await page.waitForTimeout(300);
    const huge = await page.evaluate(() => window.trainplan.plan());
    // The link's own notices ("link longer than 64 KiB; the rest is ignored") are the page's notice bar, drawn with
    // its dismiss button.
    const bar = await page.evaluate(() => !!window.trainplan.widgets().notices_close);
    check(thrown === "" && huge.config.model === "llama3-8b" && bar,
          "setLink of 1.3 M characters: planned from its first 64 KiB, the notice bar says the rest was ignored",
          JSON.stringify({ thrown, model: huge.config.model, bar }));
    const after = await page.evaluate(() => {
      try { window.trainplan.setLink("#v=1&model=mistral-7b&gpus=6"); return window.trainplan.plan().config; } catch (e) { return String(e); }
    });
    check(after && after.model === "mistral-7b" && after.gpus === 6 && pageError === "",
          "a later setLink still works", JSON.stringify({ after, pageError }));
    await page.close();
  }
  // The policy itself: inline script and eval are refused by the browser, not only by our care.
  const page = await browser.newPage();
  await page.goto(base);
  const csp = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content || "");
  check(/script-src[^;]*'self'/.test(csp) && !/script-src[^;]*'unsafe-inline'/.test(csp), "CSP allows only the page's own scripts", csp);
  check(/default-src[^;]*'none'|default-src[^;]*'self'/.test(csp), "CSP has a restrictive default-src", csp);
  const inlineRan = await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "window.__inline = 1";
    document.head.appendChild(s);
    return window.__inline === 1;
  });
  check(!inlineRan, "an injected inline script is blocked by the CSP");
  await page.close();
} finally {
  await browser.close();
  server.close();
}
process.exit(summary() ? 1 : 0);
