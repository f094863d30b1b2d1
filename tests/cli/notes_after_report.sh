#!/bin/bash
# notes_after_report.sh — `trainplan plan` piped with its stderr, as a user pages it (`2>&1 | less`): the report
# comes whole, then the notes, none landing inside a line of the report (stdout is block-buffered in a pipe).
# Usage: notes_after_report.sh TRAINPLAN_BINARY
set -euo pipefail
bin=$1
args=(plan model=llama3.1-8b gpu=h100 gpus=8)  # a report of several KiB, with a note on the automatic batch
both=$("$bin" "${args[@]}" 2>&1 | cat)
out=$("$bin" "${args[@]}" 2>/dev/null | cat)
err=$("$bin" "${args[@]}" 2>&1 >/dev/null)
if [ -z "$err" ] || [ ${#out} -lt 4096 ]; then
  echo "the plan no longer has a note and a report longer than a pipe buffer: choose another" >&2
  exit 1
fi
if [ "$both" != "$out"$'\n'"$err" ]; then
  echo "piped, the output is not the report followed by its notes:" >&2
  diff <(printf '%s\n' "$both") <(printf '%s\n%s\n' "$out" "$err") | head -8 >&2
  exit 1
fi
