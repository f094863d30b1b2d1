// rl.mjs — post-training on the page (issue #32), in real headless Chromium, as a user does it: an OpenRLHF GRPO plan
// whose engine leaves the DeepSpeed states no room says it does not fit, in the DOM text, with OpenRLHF's sleep among
// its remedies; the "Park between phases" box, opened and chosen with the mouse, makes it fit and lowers the memory
// while generating, and the link says so; under NeMo RL the same choice is greyed out and changes nothing. English
// and Chinese.
// Usage: node tests/browser/rl.mjs [--web build/web] [--out build/screenshots]
import { checker, testPaths, frames, until, openPage, runBrowserTest, scrollTo, clickWidget as clickAt } from "./harness.mjs";

const { webDir } = testPaths();
const { check, summary } = checker();
const height = 900;

// The plan on screen has landed when the DOM text carries its link.
async function landed(page) {
  await until(page, () => {
    const p = window.trainplan.plan();
    return !!p && document.getElementById("text-body").textContent.includes(p.link);
  }, null, 30000);
  await frames(page, 3);
}
// Opens the Park box and chooses "on"; true when the choice was there to click.
async function choosePark(page) {
  const r = await scrollTo(page, "rl_park", 120, height);
  if (!r) return false;
  await page.mouse.move((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
  if (!(await clickAt(page, "rl_park"))) return false;
  return clickAt(page, "choice_rl_park_1");
}

const openrlhf = "#v=1&model=qwen2.5-14b&gpu=h100&gpus=8&goal=grpo&rl_framework=openrlhf&stack=deepspeed&zero=3&tp=1&pp=1" +
                 "&cp=1&offload=none&rl_kv_frac=0.7&view=plan";
const advice = { en: "OpenRLHF's DeepSpeed states asleep", zh: "OpenRLHF 的 DeepSpeed 状态在阶段之间休眠" };

await runBrowserTest(webDir, summary, async ({ browser, base }) => {
  for (const lang of ["en", "zh"]) {
    console.log(`OpenRLHF's sleep chosen in the Park box (${lang})`);
    const { context, page, problems } = await openPage(browser, base, `${openrlhf}&lang=${lang}`,
                                                       { viewport: { width: 1366, height }, locale: lang === "zh" ? "zh-CN" : "en-US" });
    await landed(page);
    const before = await page.evaluate(() => window.trainplan.plan());
    const body = await page.evaluate(() => document.getElementById("text-body").textContent);
    check(before.memory.fits === false, `${lang}: Qwen2.5-14B GRPO with the engine at 0.7 does not fit`,
          `${before.memory.total_bytes} B, fits=${before.memory.fits}`);
    check(body.includes(advice[lang]), `${lang}: the remedies in the page's text name OpenRLHF's sleep (rl_park=1)`,
          body.slice(0, 400));
    check(await choosePark(page), `${lang}: the Park box opens and offers "on"`);
    await until(page, () => window.trainplan.plan().config.rl_park === 1, null, 30000);
    await landed(page);
    const after = await page.evaluate(() => window.trainplan.plan());
    check(after.config.rl_park === 1 && after.link.includes("rl_park=1"), `${lang}: the choice is in the plan and its link`,
          after.link);
    check(after.memory.fits === true, `${lang}: parked between phases, it fits`, `${after.memory.total_bytes} B`);
    check(after.rl.generation_memory_bytes < before.rl.generation_memory_bytes - 1e9,
          `${lang}: the memory while generating drops by the optimizer states`,
          `${before.rl.generation_memory_bytes} -> ${after.rl.generation_memory_bytes}`);
    check(problems.length === 0, `${lang}: no console errors`, problems.join("; "));
    await context.close();
  }

  console.log("NeMo RL has no such switch: the choice is greyed out");
  const { context, page, problems } = await openPage(
      browser, base, "#v=1&model=qwen2.5-7b&gpu=h100&gpus=8&goal=grpo&rl_framework=nemo-rl&view=plan",
      { viewport: { width: 1366, height } });
  await landed(page);
  check(await choosePark(page), "the Park box opens under NeMo RL too");
  await frames(page, 6);
  const p = await page.evaluate(() => window.trainplan.plan());
  check(p.config.rl_park !== 1 && !p.link.includes("rl_park=1"), "clicking the greyed 'on' changes nothing", p.link);
  check(problems.length === 0, "no console errors", problems.join("; "));
  await context.close();
});
