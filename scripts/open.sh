#!/usr/bin/env bash
# open.sh — install what is missing, build, and open the planner: serves build/web on 127.0.0.1 and prints
# the URL (Ctrl+C stops the server). `--desktop [LINK]` builds and opens the native window instead.
# Usage: scripts/open.sh [--port N] | scripts/open.sh --desktop ['#v=1&model=...']
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export NODE_PATH=/usr/share/nodejs
port=8080
desktop=0
rest=()
while [ $# -gt 0 ]; do
  case "$1" in
    --desktop) desktop=1 ;;
    --port) port="$2"; shift ;;
    *) rest+=("$1") ;;
  esac
  shift
done

"$ROOT/scripts/setup.sh"
if [ "$desktop" -eq 1 ]; then
  cmake --preset native >/dev/null
  cmake --build --preset native
  exec build/native/trainplan-gui "${rest[@]}"
fi
cmake --preset web >/dev/null
cmake --build --preset web
echo
echo "TrainPlan: http://127.0.0.1:${port}/   (Ctrl+C to stop)"
echo "command line, offline: build/native/trainplan plan model=llama2-70b gpu=h100 gpus=64"
# Python's server knows .wasm (application/wasm); bound to 127.0.0.1 only.
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory build/web
