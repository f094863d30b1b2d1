#!/usr/bin/env bash
# update-validation-doc.sh — regenerates the generated blocks of docs/ from the current engine, then checks
# the prose around them (scripts/check_docs.py). docs/validation.md: the case file's predicted vs published
# (BEGIN/END TABLE), the held-out whole runs (HELDOUT), the held-out throughput rows (HELDOUT_TP; HELDOUT_TP_AUTOVP
# with their interleaving degree left to the search), the
# published fine-tuning runs (FINETUNE), issue #30's held-out and fitted MoE steps (MOE_HELDOUT, MOE_FIT) and whole
# runs (RUNS_HELDOUT, RUNS_FIT), the start-up fit and its held-out check (FIT, STARTUP_HELDOUT), the MoE host time
# (MOE_HOST), the per-framework efficiency fits (STACKS); docs/step-model.md: the step
# model's steady-state table and leave-one-out (STEPFIT) and the articles' machine comparison
# (ARTICLES_STEP); docs/articles.md: article 001's cluster and TCO table (TCO) and article 002's selection
# guide (GUIDE); docs/explain-and-calibrate.md: an explained step time (EXPLAIN) and a calibration (CALIBRATE);
# docs/rl.md: the RL / preference rows, predicted vs published (RL).
#   scripts/update-validation-doc.sh [--check] [build-dir]
# --check writes nothing and fails when a generated block is stale (the test suite runs it).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CHECK=0
if [[ "${1:-}" == "--check" ]]; then CHECK=1; shift; fi
BUILD="${1:-$ROOT/build/native}"
BIN="$BUILD/trainplan-validate"
DATA="$ROOT/tests/data"
PY=/usr/bin/python3  # Debian's interpreter, not a version manager's shim first on PATH (CMakeLists.txt)
[ -x "$PY" ] || PY=python3
GEN="$(mktemp -d)"
trap 'rm -rf "$GEN"' EXIT
"$BIN" "$DATA/cases.json" "$DATA/published_setups.json" >"$GEN/TABLE" || true
"$BIN" "$DATA/heldout_runs.json" "$DATA/published_setups.json" >"$GEN/HELDOUT" || true
"$BIN" "$DATA/heldout_throughput.json" "$DATA/published_setups.json" >"$GEN/HELDOUT_TP" || true
"$BIN" --set vp=auto "$DATA/heldout_throughput.json" "$DATA/published_setups.json" >"$GEN/HELDOUT_TP_AUTOVP" || true
"$BIN" "$DATA/finetune_runs.json" "$DATA/published_setups.json" >"$GEN/FINETUNE" || true
"$BIN" "$DATA/moe_heldout_steps.json" "$DATA/published_setups.json" >"$GEN/MOE_HELDOUT" || true
"$BIN" "$DATA/moe_fit_steps.json" "$DATA/published_setups.json" >"$GEN/MOE_FIT" || true
"$BIN" "$DATA/heldout_whole_runs.json" "$DATA/published_setups.json" >"$GEN/RUNS_HELDOUT" || true
"$BIN" "$DATA/run_parts_fit.json" "$DATA/published_setups.json" >"$GEN/RUNS_FIT" || true
"$BIN" --fit-startup "$DATA/run_parts_fit.json" "$DATA/published_setups.json" >"$GEN/FIT"
"$BIN" --startup "$DATA/heldout_whole_runs.json" "$DATA/published_setups.json" >"$GEN/STARTUP_HELDOUT"
"$BUILD/trainplan-fit_step" --moe-host >"$GEN/MOE_HOST"
"$BUILD/trainplan-fit_stacks" >"$GEN/STACKS"
"$BUILD/trainplan-memory_cases" --split heldout --markdown >"$GEN/MEMORY_HELDOUT"
"$BUILD/trainplan-memory_cases" --split fitted --markdown >"$GEN/MEMORY_FITTED"
"$BUILD/trainplan-fit_bands" --markdown >"$GEN/BANDS"
"$BUILD/trainplan-fit_step" --markdown >"$GEN/STEPFIT"
"$BUILD/trainplan-articles_step" >"$GEN/ARTICLES_STEP"
"$BUILD/trainplan-articles_guide" >"$GEN/GUIDE"
"$BUILD/trainplan-articles_guide" --tco >"$GEN/TCO"
"$BUILD/trainplan-rl_validate" >"$GEN/RL"
# docs/explain-and-calibrate.md: one explained number, and a calibration, as the command line prints them.
{ echo '```'; echo '$ trainplan explain model=llama2-70b gpu=rtx4090 gpus=8 method=qlora step_seconds'
  "$BUILD/trainplan" explain model=llama2-70b gpu=rtx4090 gpus=8 method=qlora step_seconds; echo '```'; } >"$GEN/EXPLAIN"
CAL_KEYS="model=llama3-8b gpu=a100-80g gpus=8 tp=1 pp=1 cp=1 zero=1 recompute=full mbs=2 offload=none tokens=1e10"
{ echo '```'; echo "\$ trainplan plan $CAL_KEYS measured_tokens_per_s_per_gpu=2400 measured_peak_gib=66"
  "$BUILD/trainplan" plan $CAL_KEYS measured_tokens_per_s_per_gpu=2400 measured_peak_gib=66 |
    sed -n '/^Calibration/,/carry to other plans/p'; echo '```'; } >"$GEN/CALIBRATE"
# README.md's accuracy: each validation set's summary line, the held-out sets first (they judge the model), the
# sets the constants were fitted on after, labelled as such.
acc() { printf -- '- %s: %s\n' "$1" "$(head -1 "$GEN/$2")"; }
# docs/rl.md's summaries: the held-out rows' first, the fit rows' second.
rl_acc() { printf -- '- %s: %s\n' "$1" "$(grep -m"$2" '^Steps within' "$GEN/RL" | tail -1)"; }
{
  echo "Held out (never fitted):"
  echo
  acc "Peak memory per GPU, published measurements" MEMORY_HELDOUT
  acc "Throughput, NVIDIA's H100 performance tables" HELDOUT_TP
  acc "The same rows, the interleaving degree (vp) left to the search" HELDOUT_TP_AUTOVP
  acc "Mixture-of-experts steps" MOE_HELDOUT
  acc "Whole runs, half a minute to four months" RUNS_HELDOUT
  acc "Older pre-training runs (LLaMA 1, BLOOM, MPT-7B, Llama 3.1)" HELDOUT
  acc "Fine-tuning runs" FINETUNE
  rl_acc "Post-training steps (GRPO, PPO, DPO: NeMo RL's, OpenRLHF's and DeepSpeed-Chat's tables, verl's does-it-fit statements)" 1
  echo
  echo "Fitted on (the constants were set on these: they show the fit, not the accuracy):"
  echo
  acc "Peak memory per GPU" MEMORY_FITTED
  acc "The case file (throughput, memory states, GPU-hours)" TABLE
  acc "Mixture-of-experts steps" MOE_FIT
  acc "Whole runs (start-up)" RUNS_FIT
  rl_acc "Post-training steps (verl's own step and sync tables)" 2
} >"$GEN/ACCURACY"
"$PY" - "$ROOT/docs" "$GEN" "$CHECK" <<'PY'
import os, re, sys
docs, gen, check = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
blocks = {"validation.md": ["MEMORY_HELDOUT", "MEMORY_FITTED", "BANDS", "MOE_HELDOUT", "RUNS_HELDOUT", "STARTUP_HELDOUT",
                            "TABLE", "HELDOUT", "HELDOUT_TP", "HELDOUT_TP_AUTOVP", "FINETUNE", "MOE_FIT", "RUNS_FIT", "FIT", "MOE_HOST", "STACKS"],
          "step-model.md": ["STEPFIT", "ARTICLES_STEP"],
          "articles.md": ["TCO", "GUIDE"], "explain-and-calibrate.md": ["EXPLAIN", "CALIBRATE"],
          "rl.md": ["RL"], "../README.md": ["ACCURACY"]}
stale = []
for name, tags in blocks.items():
    path = os.path.join(docs, name)
    text = old = open(path, encoding="utf-8").read()
    for tag in tags:
        body = open(os.path.join(gen, tag), encoding="utf-8").read().strip()
        pattern = r"(<!-- BEGIN %s -->\n).*?(<!-- END %s -->)" % (tag, tag)
        if not re.search(pattern, text, flags=re.S):
            sys.exit("docs/%s: markers for %s missing" % (name, tag))
        text = re.sub(pattern, lambda m: m.group(1) + body + "\n" + m.group(2), text, flags=re.S)
        if text != old and check:
            stale.append("docs/%s: block %s is stale" % (name, tag))
            old = text
    if not check and text != open(path, encoding="utf-8").read():
        open(path, "w", encoding="utf-8").write(text)
        print("docs/%s updated" % name)
for s in stale:
    print(s)
if stale:
    sys.exit("run scripts/update-validation-doc.sh and commit docs/")
PY
"$PY" "$ROOT/scripts/check_docs.py" "$ROOT/docs"
