import { serve, launch, openPage, frames } from "./harness.mjs";
const server = await serve(process.argv[2]);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launch();
const shots = [
  ["#v=1&model=qwen2.5-7b&gpu=h20&gpus=16&goal=grpo&rl_response_len=2048", 1366, 900, "/tmp/s57/shot_grpo_h20.png"],
  ["#v=1&model=qwen2.5-7b&gpu=h20&gpus=16&goal=grpo&rl_response_len=2048&lang=zh", 390, 844, "/tmp/s57/shot_grpo_h20_zh_phone.png"],
  ["#v=1&model=llama3.1-8b&gpu=rtx3090&gpus=8&method=lora&goal=finetune&stack=torchtune", 1366, 900, "/tmp/s57/shot_lora3090.png"],
];
for (const [hash, w, h, out] of shots) {
  const { page, problems } = await openPage(browser, base, hash, { viewport: { width: w, height: h } });
  await frames(page, 12);
  await page.waitForTimeout(4000);
  await page.screenshot({ path: out });
  console.log(out, problems.join("\n") || "no problems");
  await page.close();
}
await browser.close(); server.close();
