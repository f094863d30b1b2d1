#!/usr/bin/env bash
# update-validation-doc.sh — regenerates the tables of docs/validation.md from the current engine: the
# case file's predicted vs published (between BEGIN/END TABLE), the held-out whole runs (BEGIN/END
# HELDOUT), the held-out throughput rows (BEGIN/END HELDOUT_TP), the run-efficiency fit (BEGIN/END FIT) and the
# per-framework efficiency fits (BEGIN/END STACKS). Run after any model change; the test suite checks
# the same cases.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="${1:-$ROOT/build/native/trainplan-validate}"
DATA="$ROOT/tests/data"
table="$("$BIN" "$DATA/cases.json" "$DATA/published_setups.json")"
heldout="$("$BIN" "$DATA/heldout_runs.json" "$DATA/published_setups.json")"
heldout_tp="$("$BIN" "$DATA/heldout_throughput.json" "$DATA/published_setups.json")"
fit="$("$BIN" --fit-run "$DATA/cases.json" "$DATA/published_setups.json")"
stacks="$("$(dirname "$BIN")/trainplan-fit_stacks")"
python3 - "$ROOT/docs/validation.md" "$table" "$heldout" "$fit" "$heldout_tp" "$stacks" <<'PY'
import sys, re
path, table, heldout, fit, heldout_tp, stacks = sys.argv[1:7]
text = open(path).read()
def put(text, tag, body):
    pattern = r"(<!-- BEGIN %s -->\n).*?(<!-- END %s -->)" % (tag, tag)
    if not re.search(pattern, text, flags=re.S):
        sys.exit("docs/validation.md: markers for %s missing" % tag)
    return re.sub(pattern, lambda m: m.group(1) + body + "\n" + m.group(2), text, flags=re.S)
text = put(text, "TABLE", table)
text = put(text, "HELDOUT", heldout)
text = put(text, "FIT", fit.strip())
text = put(text, "HELDOUT_TP", heldout_tp)
text = put(text, "STACKS", stacks.strip())
open(path, "w").write(text)
PY
echo "docs/validation.md updated"
