// launch.mjs — launch configs on the page (issue #31), in real headless Chromium, as a user does it:
//   1. Export ▸ Launch config ▸ LLaMA-Factory ▸ Copy, clicked with the mouse: the system clipboard holds the
//      file `trainplan export --to llama-factory --link <the page's address>` prints, byte for byte;
//   2. a LLaMA-Factory config put on the system clipboard and pasted into the import box with a real Ctrl+V,
//      then Import: window.trainplan.plan() is the plan for that config (its model, method, rank, sequence,
//      micro-batch, gradient accumulation x the page's GPUs), the address holds those keys, the keys it could
//      not map are named under the box, and the command line plans the page's address identically;
//   3. a DeepSpeed config dropped on the page: its ZeRO stage, offload and batch become the plan's; a verl launch
//      script (shell variables, arithmetic, Hydra overrides) dropped: its RL step, as the command line reads it; an
//      Unsloth notebook of 2 MB (its outputs) dropped: its GRPO run (a file past the heap's size once never arrived);
//   4. a broken file: the error with its line under the box, the plan unchanged.
// Usage: node tests/browser/launch.mjs [--web build/web] [--cli build/native/trainplan] [--out build/screenshots]
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { checker, testPaths, frames, until, clickWidget as clickAt, runBrowserTest } from "./harness.mjs";

// A file dropped on the page, as the browser hands it over: a DataTransfer with one File, in a drop event.
async function dropFile(page, name, type, text) {
  await page.evaluate(([name, type, text]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], name, { type }));
    document.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, [name, type, text]);
}

const { webDir, cliPath, outDir } = testPaths();
fs.mkdirSync(outDir, { recursive: true });
const { check, summary } = checker();
const cli = (...a) => execFileSync(cliPath, a, { encoding: "utf8" });

const exportLink = "#v=1&model=llama3.1-8b&method=qlora&gpu=rtx4090&gpus=1&seq=2048";
const yaml = [
  "### a user's LLaMA-Factory config",
  "model_name_or_path: mistralai/Mistral-7B-v0.1",
  "stage: sft",
  "do_train: true",
  "finetuning_type: lora",
  "lora_rank: 32",
  "lora_target: all",
  "dataset: alpaca_en_demo",
  "template: mistral",
  "cutoff_len: 4096",
  "learning_rate: 1.0e-4",
  "per_device_train_batch_size: 2",
  "gradient_accumulation_steps: 8",
  "bf16: true",
  "",
].join("\n");
const dsConfig = JSON.stringify({ train_batch_size: 64, train_micro_batch_size_per_gpu: 1, gradient_accumulation_steps: 8,
  bf16: { enabled: true }, zero_optimization: { stage: 3, offload_optimizer: { device: "cpu" } }, steps_per_print: 10 }, null, 2);

function sameNumbers(a, b, where, diffs) {
  if (typeof a === "number" && typeof b === "number") {
    if (!(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)))) diffs.push(`${where}: page ${a} vs cli ${b}`);
  } else if (a && b && typeof a === "object" && typeof b === "object") {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) sameNumbers(a[k], b[k], `${where}.${k}`, diffs);
  } else if (a !== b) diffs.push(`${where}: page ${JSON.stringify(a)} vs cli ${JSON.stringify(b)}`);
}

async function clickInput(page, name) {
  const before = await page.evaluate(() => window.trainplan.stats().active_id);
  if (!(await clickAt(page, name))) return 0;
  await until(page, (b) => { const a = window.trainplan.stats().active_id; return a !== 0 && a !== b; }, before);
  return page.evaluate(() => window.trainplan.stats().active_id);
}
// A registered widget's rectangle once it has stopped moving: a popup or submenu is placed anew in the frames
// after it first appears (Dear ImGui measures it hidden, then positions it), so the first rectangle may be stale.
async function settledRect(page, name, tries = 40) {
  let last = null;
  for (let i = 0; i < tries; i++) {
    const r = (await page.evaluate(() => window.trainplan.widgets()))[name];
    if (r && last && r.every((v, k) => v === last[k])) return r;
    last = r || null;
    await frames(page, 2);
  }
  return last;
}
// Opens the submenu `name` as a user does and waits for `next`, an item of it, to be drawn: the mouse moves onto
// the item and rests there; if the submenu has not opened, the user clicks the item. Dear ImGui 1.9x opens a
// submenu on hover at once unless the pointer seems headed for a sibling's open submenu (its triangle test: a
// pointer that came across a sibling keeps that one open), then only once the mouse has rested on the item for
// 0.3 s; a click always opens it. The waits are in frames, not milliseconds, so a slow machine waits as long.
async function hoverTo(page, name, next) {
  const seen = () => page.evaluate((n) => !!window.trainplan.widgets()[n], next);
  const waitSeen = async (n) => {
    for (let i = 0; i < n; i++) {
      if (await seen()) return true;
      await frames(page, 2);
    }
    return seen();
  };
  const r = await settledRect(page, name);
  if (!r) return false;
  const x = (r[0] + r[2]) / 2, y = (r[1] + r[3]) / 2;
  await page.mouse.move(x, y, { steps: 4 });
  if (await waitSeen(40)) return true;  // hover, or hover and rest
  for (let attempt = 0; attempt < 3; attempt++) {
    const at = (await settledRect(page, name)) || r;
    await page.mouse.click((at[0] + at[2]) / 2, (at[1] + at[3]) / 2);
    if (await waitSeen(30)) return true;
  }
  return false;
}

async function main() {
  for (const f of ["index.html", "index.js", "index.wasm", "trainplan.js", "launch.js", "launch.wasm"])
    if (!fs.existsSync(path.join(webDir, f))) {
      console.log(`FAIL: ${path.join(webDir, f)} is missing: build the page first`);
      process.exit(1);
    }
  return runBrowserTest(webDir, summary, async ({ browser, base }) => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: "en-US" });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    const page = await context.newPage();
    const problems = [];
    page.on("console", (m) => { if (m.type() === "error") problems.push(`console error: ${m.text()}`); });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    const requested = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(base + "/index.html" + exportLink);
    await page.waitForFunction(() => window.trainplan && window.trainplanReady, null, { timeout: 30000 });
    await page.evaluate(() => window.trainplanReady);
    await page.evaluate(() => window.trainplan.plan());
    await frames(page, 4);

    check(!requested.some((p) => p.endsWith("/launch.js") || p.endsWith("/launch.wasm")),
          "the page loads without the launch-config module (launch.js, launch.wasm: fetched on first use)",
          requested.filter((p) => p.includes("launch")).join(", "));
    console.log("export: Export ▸ Launch config ▸ LLaMA-Factory ▸ Copy");
    await page.evaluate(() => navigator.clipboard.writeText(""));
    const opened = await clickAt(page, "export");
    const menu = opened && (await hoverTo(page, "export_launch", "launch_llama-factory"));
    const sub = menu && (await hoverTo(page, "launch_llama-factory", "launch_llama-factory_copy"));
    const copied = sub && !!(await settledRect(page, "launch_llama-factory_copy")) && (await clickAt(page, "launch_llama-factory_copy"));
    let clip = "";
    for (let i = 0; i < 200 && !clip; i++) {  // launch.js on first use, then an asynchronous copy
      await frames(page, 2);
      clip = await page.evaluate(() => navigator.clipboard.readText());
    }
    const url = await page.evaluate(() => location.href);
    const expected = cli("export", "--to", "llama-factory", "--link", url);
    check(copied && clip === expected,
          "the menu's Copy puts on the system clipboard what `trainplan export --to llama-factory --link <page>` prints",
          JSON.stringify({ opened, menu, sub, copied, clip: clip.slice(0, 300), expected: expected.slice(0, 300) }));
    check(clip.includes("quantization_bit: 4") && clip.includes("\"meta-llama/Llama-3.1-8B\"") &&
          clip.includes("# Plan: " + base + "/index.html#v=1&") && clip.includes("# Targets LLaMA-Factory v0.9.5"),
          "the file carries the plan: 4-bit, the model's id, the page's link, the release it targets", clip.slice(0, 400));
    await page.screenshot({ path: path.join(outDir, "web-launch-export.png") });

    console.log("import: a LLaMA-Factory config pasted with a real Ctrl+V");
    await page.evaluate((l) => window.trainplan.setLink(l), "#v=1&model=llama2-70b&gpu=h100&gpus=16");
    await page.evaluate(() => window.trainplan.plan());
    await frames(page, 4);
    const box = await clickAt(page, "hf_open");
    await until(page, () => !!window.trainplan.widgets().hf_config);
    await page.evaluate((t) => navigator.clipboard.writeText(t), yaml);
    const focused = box && (await clickInput(page, "hf_config")) !== 0;
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Control+V");
    await frames(page, 3);
    const imported = focused && (await clickAt(page, "hf_import"));
    await until(page, () => window.trainplan.plan().config.model === "mistral-7b");
    const plan = await page.evaluate(() => window.trainplan.plan());
    const c = plan.config;
    check(imported && c.model === "mistral-7b" && c.method === "lora" && c.lora_r === 32 && c.lora_targets === "all" &&
          c.seq === 4096 && c.mbs === 2 && c.gbs === 2 * 8 * 16 && c.tp === 1 && c.stack === "hf" && c.prec === "bf16" &&
          c.recompute === "full",
          "Ctrl+V then Import: plan() is the plan for the config (model, LoRA rank, sequence, micro-batch, 8 x 16 GPUs accumulated)",
          JSON.stringify({ focused, imported, model: c.model, method: c.method, r: c.lora_r, seq: c.seq, mbs: c.mbs, gbs: c.gbs,
                           tp: c.tp, stack: c.stack, prec: c.prec, recompute: c.recompute }));
    const hash = await page.evaluate(() => location.hash);
    check(hash.includes("model=mistral-7b") && hash.includes("lora_r=32") && hash.includes("seq=4096") && hash.includes("mbs=2"),
          "the values it took are keys of the address", hash);
    const w = await page.evaluate(() => window.trainplan.widgets());
    const status = await page.evaluate(() => window.trainplan.stats().status || "");
    check(!!w.hf_issue, "the keys it could not map (learning_rate, dataset, template) are named under the box",
          JSON.stringify({ hf_issue: w.hf_issue, status }));
    const cliPlan = JSON.parse(cli("plan", "--link", hash, "--format", "json"));
    const diffs = [];
    sameNumbers(plan, cliPlan, "plan", diffs);
    check(diffs.length === 0, "the command line plans the page's address identically", diffs.slice(0, 6).join("\n       "));
    const yamlPath = path.join(outDir, "launch-import.yaml");
    fs.writeFileSync(yamlPath, yaml);
    const direct = JSON.parse(cli("plan", "--import", yamlPath, "gpu=h100", "gpus=16", "--format", "json"));
    check(direct.config.gbs === c.gbs && direct.memory.total_bytes === plan.memory.total_bytes,
          "`trainplan plan --import` of the same file with the page's GPUs gives the same plan",
          JSON.stringify({ cli: direct.memory.total_bytes, page: plan.memory.total_bytes }));
    await page.screenshot({ path: path.join(outDir, "web-launch-import.png") });

    console.log("import: a DeepSpeed config dropped on the page");
    await dropFile(page, "ds_config.json", "application/json", dsConfig);
    await until(page, () => window.trainplan.plan().config.zero === 3 && window.trainplan.plan().config.stack === "deepspeed");
    const ds = (await page.evaluate(() => window.trainplan.plan())).config;
    check(ds.zero === 3 && ds.offload === "cpu" && ds.mbs === 1 && ds.gbs === 64 && ds.gpus === 8 && ds.stack === "deepspeed",
          "the dropped ds_config.json: ZeRO-3, CPU offload, micro-batch 1, global batch 64 on 64 / (1 x 8) = 8 GPUs",
          JSON.stringify({ zero: ds.zero, offload: ds.offload, mbs: ds.mbs, gbs: ds.gbs, gpus: ds.gpus, stack: ds.stack }));

    console.log("import: a verl launch script dropped on the page (shell variables, arithmetic, Hydra overrides)");
    const verlScript = [
      "#!/usr/bin/env bash",
      "NNODES=${NNODES:-2}",
      "max_response_length=$((1024 * 3))",
      "python3 -m verl.trainer.main_ppo \\",
      "    algorithm.adv_estimator=grpo \\",
      "    data.train_batch_size=256 \\",
      "    data.max_prompt_length=1024 \\",
      "    data.max_response_length=${max_response_length} \\",
      "    actor_rollout_ref.model.path=Qwen/Qwen2.5-7B-Instruct \\",
      "    actor_rollout_ref.actor.ppo_mini_batch_size=64 \\",
      "    actor_rollout_ref.rollout.n=8 \\",
      "    actor_rollout_ref.rollout.tensor_model_parallel_size=2 \\",
      "    trainer.n_gpus_per_node=8 \\",
      "    trainer.nnodes=${NNODES} $@",
      ""].join("\n");
    await dropFile(page, "run_qwen2_5-7b_grpo.sh", "application/x-sh", verlScript);
    await until(page, () => window.trainplan.plan().config.goal === "grpo" &&
                            window.trainplan.plan().config.model === "qwen2.5-7b");
    const verlPlan = await page.evaluate(() => window.trainplan.plan());
    const vc = verlPlan.config;
    check(vc.model === "qwen2.5-7b" && vc.rl_samples === 8 && vc.rl_prompts === 256 && vc.rl_max_response_len === 3072 &&
          vc.rl_updates === 4 && vc.rl_rollout_tp === 2 && vc.gpus === 16 && vc.rl_framework === "verl",
          "the dropped verl script: Qwen2.5-7B, 256 prompts x 8, responses to 3 x 1024, 4 updates, rollout TP 2, 2 x 8 GPUs",
          JSON.stringify({ model: vc.model, n: vc.rl_samples, prompts: vc.rl_prompts, max: vc.rl_max_response_len,
                           updates: vc.rl_updates, rtp: vc.rl_rollout_tp, gpus: vc.gpus, fw: vc.rl_framework }));
    const shPath = path.join(outDir, "launch-import-verl.sh");
    fs.writeFileSync(shPath, verlScript);
    const shDirect = JSON.parse(cli("plan", "--import", shPath, "--format", "json")).config;
    const keys = ["model", "goal", "rl_samples", "rl_prompts", "rl_max_response_len", "rl_updates", "rl_rollout_tp",
                  "gpus", "rl_framework"];
    check(keys.every((k) => shDirect[k] === vc[k]),
          "`trainplan plan --import` of the same script reads it as the page does",
          JSON.stringify(keys.map((k) => [k, shDirect[k], vc[k]])));

    console.log("import: a large config dropped (600 KB: past the 64 KiB stack a string argument once was copied onto)");
    const bigDs = JSON.stringify({ train_micro_batch_size_per_gpu: 2, gradient_accumulation_steps: 4,
                                   zero_optimization: { stage: 2 }, bf16: { enabled: true },
                                   comment: "x".repeat(600 * 1024) });
    await dropFile(page, "big_ds_config.json", "application/json", bigDs);
    await until(page, () => window.trainplan.plan().config.zero === 2 && window.trainplan.plan().config.mbs === 2);
    const big = (await page.evaluate(() => window.trainplan.plan())).config;
    check(big.zero === 2 && big.mbs === 2 && problems.length === 0,
          "a 600 KB ds_config.json dropped on the page imports (ZeRO-2, micro-batch 2) without an error",
          JSON.stringify({ zero: big.zero, mbs: big.mbs, problems: problems.slice(0, 3) }));

    console.log("import: an Unsloth GRPO notebook (.ipynb, 2 MB with its outputs) dropped on the page");
    const nbCode = [
      "from unsloth import FastLanguageModel\n",
      "max_seq_length = 2048\n",
      "model, tokenizer = FastLanguageModel.from_pretrained(model_name = \"unsloth/Qwen3-4B-Base\",\n",
      "    max_seq_length = max_seq_length, load_in_4bit = False, fast_inference = True, gpu_memory_utilization = 0.9)\n",
      "model = FastLanguageModel.get_peft_model(model, r = 32, lora_alpha = 64)\n",
      "max_prompt_length = 202\n",
      "from trl import GRPOConfig, GRPOTrainer\n",
      "training_args = GRPOConfig(num_generations = 4, per_device_train_batch_size = 1, max_steps = 100,\n",
      "    max_prompt_length = max_prompt_length, max_completion_length = max_seq_length - max_prompt_length)\n"];
    const notebook = JSON.stringify({
      cells: [{ cell_type: "code", metadata: {}, source: ["%%capture\n", "!pip install unsloth vllm\n"],
                outputs: [{ output_type: "stream", name: "stdout", text: ["x".repeat(2 * 1024 * 1024)] }] },
              { cell_type: "markdown", metadata: {}, source: ["### Load the model\n"] },
              { cell_type: "code", metadata: {}, source: nbCode, outputs: [] }],
      metadata: {}, nbformat: 4, nbformat_minor: 0 });
    await dropFile(page, "Qwen3_(4B)-GRPO.ipynb", "application/x-ipynb+json", notebook);
    await until(page, () => window.trainplan.plan().config.model === "qwen3-4b" &&
                            window.trainplan.plan().config.goal === "grpo");
    const nb = (await page.evaluate(() => window.trainplan.plan())).config;
    const nbPath = path.join(outDir, "launch-import-unsloth.ipynb");
    fs.writeFileSync(nbPath, notebook);
    const nbDirect = JSON.parse(cli("plan", "--import", nbPath, "gpus=" + nb.gpus, "gpu=" + nb.gpu, "--format", "json")).config;
    check(nb.model === "qwen3-4b" && nb.goal === "grpo" && nb.rl_samples === 4 && nb.rl_max_response_len === 1846 &&
          nb.rl_max_response_len === nbDirect.rl_max_response_len && nb.model === nbDirect.model,
          "the dropped notebook: Qwen3-4B GRPO, 4 generations, 2048 - 202 completion tokens, as the command line reads it",
          JSON.stringify({ model: nb.model, goal: nb.goal, n: nb.rl_samples, max: nb.rl_max_response_len,
                           cli: nbDirect.rl_max_response_len }));

    console.log("import: TRL's command line pasted with a real Ctrl+V (trl sft --flags, as TRL's documentation runs it)");
    const trlCommand = "trl sft --model_name_or_path Qwen/Qwen2.5-7B --dataset_name trl-lib/Capybara \\\n" +
      "  --max_length 2048 --per_device_train_batch_size 2 --gradient_accumulation_steps 4 \\\n" +
      "  --use_peft --lora_r 16 --accelerate_config zero3 --num_processes 4\n";
    await page.evaluate((t) => navigator.clipboard.writeText(t), trlCommand);
    await clickInput(page, "hf_config");
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Control+V");
    await frames(page, 3);
    await clickAt(page, "hf_import");
    await until(page, () => window.trainplan.plan().config.model === "qwen2.5-7b");
    const trl = (await page.evaluate(() => window.trainplan.plan())).config;
    const trlPath = path.join(outDir, "launch-import-trl.sh");
    fs.writeFileSync(trlPath, trlCommand);
    const trlDirect = JSON.parse(cli("plan", "--import", trlPath, "--format", "json")).config;
    check(trl.model === "qwen2.5-7b" && trl.method === "lora" && trl.lora_r === 16 && trl.seq === 2048 && trl.mbs === 2 &&
          trl.zero === 3 && trl.gpus === 4 && trl.gbs === 2 * 4 * 4 && trl.gbs === trlDirect.gbs && trl.zero === trlDirect.zero,
          "the pasted trl sft command: Qwen2.5-7B, LoRA r 16, 2,048 tokens, micro-batch 2 x 4 accumulated on 4 GPUs, ZeRO-3; " +
          "`trainplan plan --import` reads it alike",
          JSON.stringify({ model: trl.model, method: trl.method, r: trl.lora_r, seq: trl.seq, mbs: trl.mbs, zero: trl.zero,
                           gpus: trl.gpus, gbs: trl.gbs, cli_gbs: trlDirect.gbs }));

    console.log("import: a TRL script dropped, then the Accelerate config that launches it on 6 GPUs");
    const sftScript = "from trl import SFTConfig, SFTTrainer\n" +
      "args = SFTConfig(per_device_train_batch_size=2, gradient_accumulation_steps=4, max_length=1024)\n" +
      "trainer = SFTTrainer(model=\"Qwen/Qwen2.5-7B\", args=args)\n";
    const accelerate = "compute_environment: LOCAL_MACHINE\ndistributed_type: DEEPSPEED\ndeepspeed_config:\n" +
      "  zero_stage: 3\nmixed_precision: bf16\nnum_machines: 1\nnum_processes: 6\n";
    await dropFile(page, "sft.py", "text/x-python", sftScript);
    await until(page, () => window.trainplan.plan().config.seq === 1024);
    await dropFile(page, "zero3.yaml", "application/x-yaml", accelerate);
    await until(page, () => window.trainplan.plan().config.gpus === 6);
    const chained = (await page.evaluate(() => window.trainplan.plan())).config;
    const sftPath = path.join(outDir, "launch-import-sft.py"), accPath = path.join(outDir, "launch-import-zero3.yaml");
    fs.writeFileSync(sftPath, sftScript);
    fs.writeFileSync(accPath, accelerate);
    const chainedDirect = JSON.parse(cli("plan", "--import", sftPath, "--import", accPath, "gpu=" + chained.gpu,
                                         "--format", "json")).config;
    check(chained.gpus === 6 && chained.zero === 3 && chained.gbs === 2 * 4 * 6 && chained.gbs === chainedDirect.gbs &&
          chained.model === chainedDirect.model,
          "the script's micro-batch 2 x 4 accumulated over the launcher's 6 GPUs (gbs 48), as " +
          "`trainplan plan --import sft.py --import zero3.yaml` reads them",
          JSON.stringify({ gpus: chained.gpus, zero: chained.zero, gbs: chained.gbs, cli_gbs: chainedDirect.gbs,
                           model: chained.model, cli_model: chainedDirect.model }));

    console.log("import: a broken file");
    const before = await page.evaluate(() => location.hash);
    await page.evaluate((t) => navigator.clipboard.writeText(t), "model_name_or_path: x\nfinetuning_type: lora\nlora_rank: lots\n");
    await clickInput(page, "hf_config");
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Control+V");
    await frames(page, 3);
    await clickAt(page, "hf_import");
    await frames(page, 30);  // the answer of launch.js, a few frames later
    const after = await page.evaluate(() => ({ hash: location.hash, issue: window.trainplan.widgets().hf_issue }));
    check(after.hash === before && !!after.issue, "a bad value: an error under the box, the plan unchanged", JSON.stringify(after));
    check(problems.length === 0, "no console errors", problems.join("\n       "));
    await context.close();
  });
}

main();
