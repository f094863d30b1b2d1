#!/usr/bin/env bash
# fuzz.sh — builds the libFuzzer targets (preset "sanitize": clang + ASan + UBSan, the same build the sanitized
# unit suite runs from) and runs every target for a bounded time over the seed corpus in tests/fuzz-corpus
# (copied, so the corpus in git is not rewritten). The targets run side by side, one process each (libFuzzer
# is single-threaded: on 2 cores two targets take the wall time of one), and each prints how many inputs it
# executed. A crash, sanitizer report, leak or hang fails the run and leaves the input in
# build/sanitize/fuzz-artifacts/: turn it into a regression test (and add it to tests/fuzz-corpus).
# Usage: scripts/fuzz.sh [seconds per target]   (scripts/test.sh's "fuzz" stage: 20)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SECONDS_PER_TARGET="${1:-60}"
BUILD=build/sanitize
targets=()
for src in fuzz/fuzz_*.cpp; do n="$(basename "$src" .cpp)"; targets+=("${n#fuzz_}"); done
cmake --preset sanitize >/dev/null
cmake --build --preset sanitize --target "${targets[@]/#/trainplan-fuzz-}"
mkdir -p "$BUILD/fuzz-artifacts"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
pids=()
for target in "${targets[@]}"; do
  mkdir -p "$work/$target"
  cp tests/fuzz-corpus/* "$work/$target/"
  echo "fuzz: trainplan-fuzz-$target for ${SECONDS_PER_TARGET}s over $(ls tests/fuzz-corpus | wc -l) seed inputs"
  "$BUILD/trainplan-fuzz-$target" -max_total_time="$SECONDS_PER_TARGET" -timeout=20 -rss_limit_mb=4096 \
    -max_len=1024 -print_final_stats=1 -artifact_prefix="$BUILD/fuzz-artifacts/" "$work/$target" \
    >"$BUILD/fuzz-$target.log" 2>&1 &
  pids+=($!)
done
bad=0
for k in "${!targets[@]}"; do
  target="${targets[$k]}"
  if wait "${pids[$k]}"; then
    execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$BUILD/fuzz-$target.log" | tail -1)"
    rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$BUILD/fuzz-$target.log" | tail -1)"
    cov="$(grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' "$BUILD/fuzz-$target.log" | tail -1)"
    echo "fuzz: trainplan-fuzz-$target ok: ${execs:-?} inputs executed (${rate:-?}/s), $cov"
  else
    tail -40 "$BUILD/fuzz-$target.log"
    echo "fuzz: trainplan-fuzz-$target FAILED (input saved in $BUILD/fuzz-artifacts/)"
    bad=1
  fi
done
[ $bad -eq 0 ] && echo "fuzz: no crash"
exit $bad
