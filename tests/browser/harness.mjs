// harness.mjs — what every browser test needs: a static server for build/web on 127.0.0.1 (file:// cannot
// load wasm) and Debian's Chromium launched headless with software WebGL (see shared toolchain.md).
import { chromium } from "playwright-core";
import http from "node:http";
import fs from "node:fs";
import path from "node:path";

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

export function launch() {
  return chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: chromiumArgs });
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
