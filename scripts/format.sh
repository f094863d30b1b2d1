#!/usr/bin/env bash
# format.sh — the project's own C++ in the form .clang-format gives it (Debian's clang-format 14).
#   scripts/format.sh           rewrite every file that differs
#   scripts/format.sh --check   list the files that differ and exit 1 (a ctest, and so CI)
# Third-party code is never here (it stays in .cache/); generated tables in build/ are not ours to format.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
command -v clang-format >/dev/null || { echo "format.sh: clang-format is missing (scripts/setup.sh installs it)"; exit 1; }
mapfile -t files < <(git ls-files -- 'core/*.cpp' 'core/*.h' 'cli/*.cpp' 'cli/*.h' 'tests/*.cpp' 'tests/*.h' \
                                      'bench/*.cpp' 'bench/*.h' 'fuzz/*.cpp' 'python/*.cpp' 'web/*.cpp' 'web/*.h')
if [ "${1:-}" = "--check" ]; then
  bad=0
  for f in "${files[@]}"; do
    [ -f "$f" ] || continue
    if ! clang-format --style=file "$f" | cmp -s - "$f"; then echo "not formatted: $f (scripts/format.sh)"; bad=1; fi
  done
  exit $bad
fi
for f in "${files[@]}"; do [ -f "$f" ] && clang-format --style=file -i "$f"; done
