#!/usr/bin/env bash
# update-validation-doc.sh — regenerates the predicted-vs-published table in docs/validation.md from the
# current engine (between the BEGIN/END markers). Run after any model change; the test suite checks the
# same cases.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="${1:-$ROOT/build/native/trainplan-validate}"
table="$("$BIN" "$ROOT/tests/data/cases.json" "$ROOT/tests/data/published_setups.json")"
python3 - "$ROOT/docs/validation.md" "$table" <<'PY'
import sys, re
path, table = sys.argv[1], sys.argv[2]
text = open(path).read()
new = re.sub(r"(<!-- BEGIN TABLE -->\n).*?(<!-- END TABLE -->)", lambda m: m.group(1) + table + "\n" + m.group(2), text, flags=re.S)
open(path, "w").write(new)
PY
echo "docs/validation.md updated"
