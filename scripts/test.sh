#!/usr/bin/env bash
# test.sh — the whole test command: install what is missing (scripts/setup.sh), build both presets, run the
# Catch2 suites (ctest), the browser tests in headless Chromium (behaviour, the "why?" panel and calibration,
# the search view's whole-fleet
# search in Web Workers, a phone, the keyboard alone, then hostile links and the Content-Security-Policy, then the page against the
# command line), the desktop window's screenshot test
# under Xvfb, native against WebAssembly, the sanitizers, fuzzing and the printed benchmarks; each stage
# once. Exit status is non-zero if anything fails. About 10-15 minutes from scratch on 2 cores.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export NODE_PATH=/usr/share/nodejs   # emcc's JS optimizer needs Debian's acorn

step() { printf '\n==== %s\n' "$*"; }
# Test stages all run even when one fails, so one run shows every problem; the builds must succeed.
failed=()
total_stages=0
stage() {
  local name="$1"; shift
  total_stages=$((total_stages + 1))
  step "$name"
  if "$@"; then :; else failed+=("$name"); printf '==== FAILED: %s\n' "$name"; fi
}

step "setup"
"$ROOT/scripts/setup.sh"

step "native build (command line, desktop window, tests)"
cmake --preset native
cmake --build --preset native

step "web build (static page)"
cmake --preset web
cmake --build --preset web

stage "unit tests (ctest)" ctest --preset native --output-on-failure

stage "browser tests (headless Chromium)" \
  node tests/browser/run.mjs --web build/web --cli build/native/trainplan --out build/screenshots
stage "browser: why? panels and calibrating from a pasted log (mouse, Ctrl+V, English and Chinese, a phone)" \
  node tests/browser/explain.mjs --web build/web --cli build/native/trainplan --out build/screenshots
stage "browser: the whole-fleet search in Web Workers (timed, printed; the command line's answer)" \
  node tests/browser/search.mjs --web build/web --cli build/native/trainplan
stage "browser: a phone (touch, drag to scroll, the on-screen keyboard; copy refused)" \
  node tests/browser/phone.mjs --web build/web --out build/screenshots
stage "browser: the keyboard alone (Tab through every widget, a visible focus ring, Space/Enter, English and Chinese)" \
  node tests/browser/keyboard.mjs --web build/web --out build/screenshots
stage "browser security (hostile links, Content-Security-Policy)" node tests/browser/security.mjs --web build/web
stage "the page vs the command line: identical plans in every view (keystrokes and clicks in Chromium)" \
  node tests/parity/page.mjs --web build/web --cli build/native/trainplan

# (set -e does not apply inside a function called as a condition: each step checks its own status.)
window_tests() {
  mkdir -p build/screenshots
  local state
  state="$(mktemp)"
  rm -f build/screenshots/window-*.png
  for view in plan compare search; do
    TRAINPLAN_STATE="$state" xvfb-run -a -s "-screen 0 1600x1000x24" \
      build/native/trainplan-gui --view "$view" --size 1366x768 --screenshot "build/screenshots/window-$view.png" || return 1
  done
  # The same views in Chinese (the CJK font compiled into the window).
  for view in plan compare; do
    TRAINPLAN_STATE="$state" xvfb-run -a -s "-screen 0 1600x1000x24" \
      build/native/trainplan-gui --view "$view" --lang zh --size 1366x768 --screenshot "build/screenshots/window-zh-$view.png" || return 1
  done
  # A link given on the command line opens that plan.
  TRAINPLAN_STATE="$state" xvfb-run -a -s "-screen 0 1600x1000x24" \
    build/native/trainplan-gui '#v=1&model=llama2-7b&gpu=rtx4090&gpus=8&method=qlora' --theme dark \
    --screenshot build/screenshots/window-link-dark.png || return 1
  node tests/browser/check-png.mjs build/screenshots/window-*.png || return 1
  # State is saved between runs: a run opened on a link leaves it as the state the next run restores.
  rm -f "$state"
  TRAINPLAN_STATE="$state" xvfb-run -a build/native/trainplan-gui '#v=1&model=llama2-13b&gpus=16' --frames 3 || return 1
  if ! grep -q 'model=llama2-13b' "$state"; then
    echo "FAIL: trainplan-gui did not save its state in $state"
    return 1
  fi
  echo "ok   trainplan-gui saved its state: $(cat "$state")"
  rm -f "$state"
}
stage "desktop window under Xvfb" window_tests

stage "native vs WebAssembly: identical plans" node tests/parity/parity.mjs 24

sanitized_tests() {
  cmake --preset asan >/dev/null && cmake --build --preset asan && ctest --preset asan -j2
}
stage "unit tests under AddressSanitizer + UndefinedBehaviorSanitizer" sanitized_tests

stage "fuzzing (libFuzzer, 45 s per target)" scripts/fuzz.sh 45

# Performance goals are printed figures, not pass/fail timings (a loaded CI machine is not a benchmark).
benchmarks() {
  build/native/trainplan-speed && node build/web/trainplan-speed.js
}
stage "benchmarks (printed: ns per evaluation, layouts per second natively and in WebAssembly)" benchmarks

if [ ${#failed[@]} -gt 0 ]; then
  printf '\n==== %d stage(s) failed: %s\n' "${#failed[@]}" "${failed[*]}"
  echo "stages: $((total_stages - ${#failed[@]})) passed, ${#failed[@]} failed"
  exit 1
fi
echo "stages: ${total_stages} passed, 0 failed"
step "all tests passed"
