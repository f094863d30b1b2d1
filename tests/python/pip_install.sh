#!/usr/bin/env bash
# pip_install.sh — `pip install --no-build-isolation ./python` works offline (issue #33): the package builds
# with the repository's CMake (reusing the native build named), installs into a scratch directory, imports, and
# plans as the command line does.
#   tests/python/pip_install.sh BUILD_DIR
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="$(cd "$1" && pwd)"
TARGET="$(mktemp -d)"
trap 'rm -rf "$TARGET" "$ROOT/python/build" "$ROOT"/python/*.egg-info' EXIT
TRAINPLAN_BUILD_DIR="$BUILD" /usr/bin/python3 -m pip install --quiet --no-build-isolation --no-deps --no-index \
  --target "$TARGET" "$ROOT/python" 2>&1 | grep -v "Running pip as the 'root' user" || true
cd "$TARGET"
/usr/bin/python3 - "$TARGET" "$BUILD/trainplan" <<'PY'
import json, subprocess, sys
sys.path.insert(0, sys.argv[1])
import trainplan
assert trainplan.__file__.startswith(sys.argv[1]), trainplan.__file__
got = trainplan.plan(model="llama3-8b", gpu="rtx4090", method="qlora")
want = json.loads(subprocess.run([sys.argv[2], "plan", "model=llama3-8b", "gpu=rtx4090", "method=qlora",
                                  "--format", "json"], check=True, capture_output=True, text=True).stdout)
assert got == want, "the installed module's plan differs from the command line's"
print("ok: pip-installed trainplan", trainplan.__version__, "plans as the command line")
PY
