#!/usr/bin/env bash
# test.sh — the whole test command: install what is missing (scripts/setup.sh), build both presets, run the
# Catch2 suites (ctest), the browser tests in headless Chromium, and the desktop window's screenshot test
# under Xvfb. Exit status is non-zero if anything fails. About 10-15 minutes from scratch on 2 cores.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export NODE_PATH=/usr/share/nodejs   # emcc's JS optimizer needs Debian's acorn

step() { printf '\n==== %s\n' "$*"; }

step "setup"
"$ROOT/scripts/setup.sh"

step "native build (command line, desktop window, tests)"
cmake --preset native
cmake --build --preset native

step "web build (static page)"
cmake --preset web
cmake --build --preset web

step "unit tests (ctest)"
ctest --preset native --output-on-failure

step "browser tests (headless Chromium)"
node tests/browser/run.mjs --web build/web --cli build/native/trainplan --out build/screenshots

step "desktop window under Xvfb"
mkdir -p build/screenshots
state="$(mktemp)"
for view in plan compare search; do
  TRAINPLAN_STATE="$state" xvfb-run -a -s "-screen 0 1600x1000x24" \
    build/native/trainplan-gui --view "$view" --size 1366x768 --screenshot "build/screenshots/window-$view.png"
done
# A link given on the command line opens that plan.
TRAINPLAN_STATE="$state" xvfb-run -a -s "-screen 0 1600x1000x24" \
  build/native/trainplan-gui '#v=1&model=llama2-7b&gpu=rtx4090&gpus=8&method=qlora' --theme dark \
  --screenshot build/screenshots/window-link-dark.png
node tests/browser/check-png.mjs build/screenshots/window-*.png
# State is saved between runs: a run opened on a link leaves it as the state the next run restores.
rm -f "$state"
TRAINPLAN_STATE="$state" xvfb-run -a build/native/trainplan-gui '#v=1&model=llama2-13b&gpus=16' --frames 3
grep -q 'model=llama2-13b' "$state" || { echo "FAIL: trainplan-gui did not save its state in $state"; exit 1; }
echo "ok   trainplan-gui saved its state: $(cat "$state")"
rm -f "$state"

step "all tests passed"
