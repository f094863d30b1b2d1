#!/usr/bin/env bash
# run.sh — the desktop window's tests: build/native/trainplan-gui under Xvfb (Mesa's software GL), as a user
# would run it. Checks that
#   1. each view (plan, compare, search) draws real content at 1366x768 (--screenshot, then check-png.mjs:
#      many colours, a good share of pixels inked), in English and, for plan and compare, in Chinese (the CJK
#      font compiled into the window);
#   2. a link given on the command line opens that plan (dark theme, its screenshot checked the same way);
#   3. the state is saved between runs: a run opened on a link leaves it as the state the next run restores.
# Screenshots land in build/screenshots/window-*.png. Exit status non-zero on the first failure.
# Usage: tests/window/run.sh [--gui build/native/trainplan-gui] [--out build/screenshots]
# (scripts/test.sh runs it as its "window" stage; packages: xvfb xauth libgl1-mesa-dri, node for check-png.mjs)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
GUI="$ROOT/build/native/trainplan-gui"
OUT="$ROOT/build/screenshots"
while [ $# -gt 0 ]; do
  case "$1" in
    --gui) GUI="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    *) echo "usage: $0 [--gui PATH] [--out DIR]" >&2; exit 2 ;;
  esac
done
[ -x "$GUI" ] || { echo "FAIL: $GUI is not built (cmake --build --preset native)"; exit 1; }

mkdir -p "$OUT"
state="$(mktemp)"
trap 'rm -f "$state"' EXIT
rm -f "$OUT"/window-*.png
screen=(-s "-screen 0 1600x1000x24")

for view in plan compare search; do
  TRAINPLAN_STATE="$state" xvfb-run -a "${screen[@]}" \
    "$GUI" --view "$view" --size 1366x768 --screenshot "$OUT/window-$view.png"
done
# The same views in Chinese (the CJK font compiled into the window).
for view in plan compare; do
  TRAINPLAN_STATE="$state" xvfb-run -a "${screen[@]}" \
    "$GUI" --view "$view" --lang zh --size 1366x768 --screenshot "$OUT/window-zh-$view.png"
done
# A link given on the command line opens that plan.
TRAINPLAN_STATE="$state" xvfb-run -a "${screen[@]}" \
  "$GUI" '#v=1&model=llama2-7b&gpu=rtx4090&gpus=8&method=qlora' --theme dark --screenshot "$OUT/window-link-dark.png"
node "$ROOT/tests/browser/check-png.mjs" "$OUT"/window-*.png

# State is saved between runs: a run opened on a link leaves it as the state the next run restores.
rm -f "$state"
TRAINPLAN_STATE="$state" xvfb-run -a "$GUI" '#v=1&model=llama2-13b&gpus=16' --frames 3
if ! grep -q 'model=llama2-13b' "$state"; then
  echo "FAIL: trainplan-gui did not save its state in $state"
  exit 1
fi
echo "ok   trainplan-gui saved its state: $(cat "$state")"
