// parity.mjs — the same plan natively and in WebAssembly: a fixed set of pseudo-random configurations
// run through build/native/trainplan and build/web/trainplan-cli.js (node); their JSON must be identical
// to the last character (the page against the command line: page.mjs).
// Usage: node tests/parity/parity.mjs [count] [--native PATH] [--wasm PATH]
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => { const i = process.argv.indexOf(name); return i > 0 ? path.resolve(process.argv[i + 1]) : fallback; };
const native = arg('--native', path.join(root, 'build/native/trainplan'));
const wasm = arg('--wasm', path.join(root, 'build/web/trainplan-cli.js'));
for (const f of [native, wasm]) {
  if (!existsSync(f)) { console.error(`parity: missing ${f} (build both presets first)`); process.exit(1); }
}

// Deterministic generator (mulberry32) so every run checks the same configurations.
let seed = 20261129;
const rand = () => { seed |= 0; seed = (seed + 0x6D2B79F5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const pick = (a) => a[Math.floor(rand() * a.length)];

const models = ['llama2-7b', 'llama2-13b', 'llama2-70b', 'llama3-8b', 'mistral-7b', 'gpt2-1.5b', 'bert-base', 'mixtral-8x7b'];
const gpus = ['rtx4090', 'a100-80g', 'h100', 'l40s', 'mi300x', 'b200'];
const count = Number(/^\d+$/.test(process.argv[2] || '') ? process.argv[2] : 24);
let failures = 0, planned = 0;
for (let i = 0; i < count; ++i) {
  // A model with learned positions plans only within them (GPT-2 1,024, BERT 512): the planner refuses longer.
  const model = pick(models), context = { 'gpt2-1.5b': 1024, 'bert-base': 512 }[model] || Infinity;
  const pairs = [`model=${model}`, `gpu=${pick(gpus)}`, `gpus=${pick([1, 2, 8, 16, 64])}`,
    `seq=${pick([512, 2048, 4096].map((s) => Math.min(s, context)))}`, `gbs=${pick([16, 64, 256])}`, `prec=${pick(['bf16', 'fp16', 'fp32'])}`,
    `method=${pick(['full', 'full', 'lora', 'qlora'])}`];
  if (rand() < 0.5) pairs.push(`tp=1`, `pp=1`, `mbs=1`, `zero=${pick([0, 1, 2, 3])}`, `recompute=${pick(['none', 'selective', 'full'])}`,
    'vp=1', 'cp=1', 'ep=1', 'offload=none', 'sp=0');
  if (pairs.some((p) => p.startsWith('method=qlora')) && pairs.includes('prec=fp32')) pairs[pairs.indexOf('prec=fp32')] = 'prec=bf16';
  const link = '#v=1&' + pairs.join('&');
  const run = (cmd, args) => {
    try { return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }); }
    catch (e) { return `exit ${e.status}: ${e.stdout}${e.stderr}`; }
  };
  const a = run(native, ['plan', '--link', link, '--format', 'json']);
  const b = run('node', [wasm, 'plan', '--link', link, '--format', 'json']);
  if (a.startsWith('{') && JSON.parse(a).ok === true) planned++;
  if (a !== b) {
    failures++;
    const at = [...a].findIndex((c, k) => c !== b[k]);
    console.log(`DIFF ${link}\n  native: ...${a.slice(Math.max(0, at - 60), at + 60)}\n  wasm:   ...${b.slice(Math.max(0, at - 60), at + 60)}`);
  }
}
// A comparison of two identical error messages proves little: most configurations must really plan.
if (planned < count * 0.75) { console.log(`parity: only ${planned} of ${count} configurations planned`); failures++; }
console.log(`parity: ${planned} of ${count} configurations planned; JSON identical natively and in WebAssembly`);
console.log(`${count - failures} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
