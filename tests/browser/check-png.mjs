// check-png.mjs — fails unless each PNG given shows real content (many colours, a good share of pixels
// different from the background). Used on trainplan-gui's --screenshot output under xvfb-run.
// Usage: node tests/browser/check-png.mjs FILE.png [...]
import fs from "node:fs";
import { contentStats } from "./png.mjs";

let bad = 0;
for (const f of process.argv.slice(2)) {
  let st;
  try {
    st = contentStats(fs.readFileSync(f));
  } catch (e) {
    console.log(`FAIL ${f}: ${e.message}`);
    bad++;
    continue;
  }
  const ok = st.colours > 20 && st.inked > 0.03;
  console.log(`${ok ? "ok  " : "FAIL"} ${f}: ${st.colours} colours, ${(st.inked * 100).toFixed(1)}% inked`);
  if (!ok) bad++;
}
process.exit(bad ? 1 : 0);
