#!/usr/bin/env bash
# fuzz.sh — builds the libFuzzer targets (preset "fuzz": clang + ASan + UBSan) and runs each for a bounded
# time over the seed corpus in tests/fuzz-corpus (copied, so the corpus in git is not rewritten). A crash,
# sanitizer report, leak or hang fails the run and leaves the input in build/fuzz/artifacts/: turn it
# into a regression test (and add it to tests/fuzz-corpus). Usage: scripts/fuzz.sh [seconds per target]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SECONDS_PER_TARGET="${1:-60}"
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target trainplan-fuzz-plan trainplan-fuzz-parsers trainplan-fuzz-launch
mkdir -p build/fuzz/artifacts
for target in plan parsers launch; do
  corpus="$(mktemp -d)"
  cp tests/fuzz-corpus/* "$corpus/"
  echo "fuzz: trainplan-fuzz-$target for ${SECONDS_PER_TARGET}s"
  if ! build/fuzz/trainplan-fuzz-$target -max_total_time="$SECONDS_PER_TARGET" -timeout=20 -rss_limit_mb=4096 \
        -max_len=1024 -print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/ "$corpus" \
        > "build/fuzz/$target.log" 2>&1; then
    tail -40 "build/fuzz/$target.log"
    echo "fuzz: trainplan-fuzz-$target FAILED (input saved in build/fuzz/artifacts/)"
    exit 1
  fi
  grep -E "stat::number_of_executed_units|Done" "build/fuzz/$target.log" | tail -2
  rm -rf "$corpus"
done
echo "fuzz: no crash"
