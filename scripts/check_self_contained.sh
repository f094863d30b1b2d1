#!/usr/bin/env bash
# check_self_contained.sh — every source file of core/ compiles on its own (-fsyntax-only), with only the include
# paths of the layers: the presets build each layer as one unity source, where a file that forgets an #include
# borrows it from the file before it and a build without unity (a packager's, an IDE's) fails.
#
#   scripts/check_self_contained.sh [CXX]    exit 1 naming each file that does not compile alone
set -u
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cxx="${1:-c++}"
includes=()
while IFS= read -r d; do includes+=(-I"$d"); done < <(find "$root/core" -type d)
jobs="$(nproc 2>/dev/null || echo 2)"
failed="$(mktemp)"
trap 'rm -f "$failed"' EXIT
export cxx failed
export includes_line="${includes[*]}"
find "$root/core" -name '*.cpp' -print0 | sort -z |
  xargs -0 -P "$jobs" -I{} bash -c '
    # shellcheck disable=SC2086
    if ! out="$("$cxx" -std=c++20 -fsyntax-only $includes_line "$1" 2>&1)"; then
      printf "%s does not compile on its own:\n%s\n" "${1#'"$root"'/}" "$(printf "%s\n" "$out" | grep -m3 error)" >>"$failed"
    fi' _ {}
if [ -s "$failed" ]; then
  cat "$failed"
  exit 1
fi
echo "every core/ source compiles on its own ($(find "$root/core" -name '*.cpp' | wc -l) files)"
