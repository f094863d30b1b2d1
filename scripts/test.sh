#!/usr/bin/env bash
# test.sh — the test command, in stages. With no argument it runs every stage in order (what .ci/run does):
#   setup           install what is missing (scripts/setup.sh: Debian packages, Dear ImGui and SDL2 sources,
#                   SDL2 built for WebAssembly, playwright-core from npm)
#   native, web     build the two presets (command line, desktop window, unit and UI tests, benchmarks; the
#                   static page, the node command line, the WebAssembly benchmark)
#   unit            the Catch2 suites and the script checks (layers, format, docs) through ctest
#   browser-NAME    one per tests/browser/NAME.mjs: the page in headless Chromium (behaviour, the "why?" panel
#                   and calibration, a phone, the whole-fleet search in Web Workers, the keyboard alone,
#                   hostile links and the CSP, the plan as DOM text and printed)
#   parity-page     the page against the command line, driven by keystrokes and clicks
#   window          the desktop window under Xvfb (tests/window/run.sh)
#   parity-wasm     native against WebAssembly: identical plans
#   sanitize-build  one clang build with ASan + UBSan (+ libFuzzer's instrumentation), preset "sanitize": the
#                   engine, the command line's library, the fuzz targets and the test files of input handling
#   sanitize        those test files under AddressSanitizer + UndefinedBehaviorSanitizer: arguments, links,
#                   JSON, launch configs, catalogs, logs, UTF-8, formatting, hostile and random input (the list
#                   and why: TRAINPLAN_SANITIZED_TESTS in CMakeLists.txt; the unit stage runs every file)
#   fuzz            the libFuzzer targets over the seed corpus (scripts/fuzz.sh, TRAINPLAN_FUZZ_SECONDS each)
#   bench           printed figures: ns per evaluation, layouts per second natively and in WebAssembly
#
#   scripts/test.sh                  every stage
#   scripts/test.sh STAGE ...        the chosen stages, after the builds each needs (incremental); "browser"
#                                    stands for every browser-NAME stage
#   scripts/test.sh --list           the stages, one line each
#
# sanitize-build, then sanitize, start beside the first browser stage, at nice 19, and their output and CPU are
# reported at their own places in the order (TRAINPLAN_OVERLAP=0: run them there instead; "run" below says why).
# Every stage runs even when an earlier one failed, so one run shows every problem; a stage whose build
# failed is skipped. Each stage prints its wall time, its CPU time (on a shared machine the wall clock tells
# the load as much as the work) and the whole machine's busy CPU time (which counts Chromium's processes), and a
# table at the end lists every stage's result and times, with the load average. Exit status is non-zero if any
# stage failed or was skipped. README.md, "Testing", has the time a fresh clone takes on a 2-core machine, setup
# included, stage by stage.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export NODE_PATH=/usr/share/nodejs   # emcc's JS optimizer needs Debian's acorn
# 20 s per target: in the 45 s runs at 8882502, by 20/45 of its inputs each target had reached 97-99 % of the edges
# it covered in 45 s (libFuzzer's "cov": launch 4,095 of 4,219, page 4,274 of 4,309, parsers 1,378 of 1,406, plan
# 4,769 of 4,828; 83-94 % of what it found beyond the seeds), for 44 % of the CPU. The seed corpus is replayed in
# full first, whatever the time. Longer runs: TRAINPLAN_FUZZ_SECONDS=600 scripts/test.sh fuzz.
FUZZ_SECONDS="${TRAINPLAN_FUZZ_SECONDS:-20}"

# ---- the stages: name, the builds it needs, one line of description, the function that runs it ----------
names=()
declare -A needs desc run
add() { names+=("$1"); needs[$1]="$2"; desc[$1]="$3"; run[$1]="$4"; }

add setup "" "install what is missing: Debian packages, sources, SDL2 for wasm, playwright-core (scripts/setup.sh)" \
  "scripts/setup.sh"
add native "" "build preset native: command line, desktop window, unit and UI tests, benchmarks (build/native)" \
  "build_preset native"
add web "" "build preset web: the static page, the node command line, the wasm benchmark (build/web)" \
  "build_preset web"
add unit "native" "Catch2 suites and the layers, format and docs checks (ctest --preset native)" \
  "ctest --preset native -j2"
# One stage per browser test file (harness.mjs, png.mjs and check-png.mjs are its helpers); a new file is a
# new stage, described by its first comment line until it has a line here.
declare -A browser_desc=(
  [run]="the page in headless Chromium: loading, links, typing and Back, themes, Chinese, paste (screenshots)"
  [explain]="the \"why?\" panels and calibrating from a pasted log (mouse, Ctrl+V, English and Chinese, a phone)"
  [search]="the whole-fleet search in Web Workers (timed, printed) against the command line's answer"
  [phone]="a phone: touch, drag to scroll, the on-screen keyboard; a copy the browser refuses"
  [keyboard]="the keyboard alone: Tab through every widget, a visible focus ring, Space/Enter, English and Chinese"
  [security]="hostile links and the Content-Security-Policy (no inline script, no eval)"
  [text]="the plan as DOM text: its numbers = plan()'s, the live verdict after typed keys, Chinese, print, a phone"
  [edges]="issue #34's rough edges: inputs at 750-1,100 px and 125-150 % zoom, Compare, tooltips, Search, charts"
  [rl]="post-training: a GRPO plan's remedies in the DOM text, the Park box chosen with the mouse, English and Chinese")
browser_files=()
for n in run explain search phone keyboard security text edges rl; do [ -f "tests/browser/$n.mjs" ] && browser_files+=("tests/browser/$n.mjs"); done
for f in tests/browser/*.mjs; do [ -n "${browser_desc[$(basename "$f" .mjs)]+x}" ] || browser_files+=("$f"); done
for f in "${browser_files[@]}"; do
  n="$(basename "$f" .mjs)"
  case "$n" in harness | png | check-png | _*) continue ;; esac
  line="${browser_desc[$n]:-$(head -1 "$f" | sed -e 's|^// *||' -e "s|^$n\.mjs *— *||")}"
  add "browser-$n" "native web" "${line:0:110}" "browser_test $f"
done
add parity-page "native web" "the page against the command line: identical plans in every view (keystrokes, clicks)" \
  "node tests/parity/page.mjs --web build/web --cli build/native/trainplan"
add window "native" "the desktop window under Xvfb: every view, Chinese, a link, saved state (tests/window/run.sh)" \
  "tests/window/run.sh --gui build/native/trainplan-gui --out build/screenshots"
add parity-wasm "native web" "native against WebAssembly: identical plans for 24 configurations, and the JS module (tests/parity/)" \
  "node tests/parity/parity.mjs 24 && node tests/parity/core_module.mjs"
add sanitize-build "" "build preset sanitize: clang, ASan + UBSan + libFuzzer instrumentation (build/sanitize)" \
  "build_preset sanitize"
add sanitize "sanitize-build" "the input-handling tests under AddressSanitizer + UndefinedBehaviorSanitizer (ctest --preset sanitize)" \
  "ctest --preset sanitize -j2"
add fuzz "sanitize-build" "libFuzzer targets over tests/fuzz-corpus, ${FUZZ_SECONDS} s each, side by side (scripts/fuzz.sh)" \
  "scripts/fuzz.sh $FUZZ_SECONDS"
add bench "native web" "printed figures: ns per evaluation, layouts per second natively and in WebAssembly" \
  "benchmarks"

build_preset() { cmake --preset "$1" && cmake --build --preset "$1"; }
browser_test() { node "$1" --web build/web --cli build/native/trainplan --out build/screenshots; }
# Performance goals are printed figures, not pass/fail timings (a loaded machine is not a benchmark).
benchmarks() { build/native/trainplan-speed && node build/web/trainplan-speed.js; }

# ---- which stages --------------------------------------------------------------------------------------
if [ "${1:-}" = "--list" ] || [ "${1:-}" = "-l" ]; then
  for n in "${names[@]}"; do printf '%-17s %s\n' "$n" "${desc[$n]}"; done
  exit 0
fi
if [ "${1:-}" = "--help" ] || [ "${1:-}" = "-h" ]; then
  sed -n '2,/^set -uo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
  exit 0
fi
declare -A chosen
choose() {  # a stage and, first, the builds it needs
  local n="$1" d
  for d in ${needs[$n]}; do choose "$d"; done
  chosen[$n]=1
}
if [ $# -eq 0 ]; then
  for n in "${names[@]}"; do chosen[$n]=1; done
else
  for a in "$@"; do
    if [ -n "${desc[$a]+x}" ]; then
      choose "$a"
    elif [ "$a" = "browser" ]; then
      for n in "${names[@]}"; do [[ "$n" == browser-* ]] && choose "$n"; done
    else
      echo "test.sh: no stage '$a'; the stages are:" >&2
      for n in "${names[@]}"; do printf '  %-17s %s\n' "$n" "${desc[$n]}" >&2; done
      exit 2
    fi
  done
fi
order=()
for n in "${names[@]}"; do [ -n "${chosen[$n]+x}" ] && order+=("$n"); done

# ---- timing ----------------------------------------------------------------------------------------------
now_ms() { date +%s%3N; }
load1() { cut -d' ' -f1 /proc/loadavg; }
TIMES_FILE="$(mktemp)"
# On the way out, a build still running beside the stages (start_beside) is stopped with its session.
trap 'rm -f "$TIMES_FILE"; if [ -n "${bg_dir:-}" ]; then [ -f "$bg_dir/done" ] || kill -- -"$(cat "$bg_dir/pid" 2>/dev/null)" 2>/dev/null; rm -rf "$bg_dir"; fi' EXIT
# CPU_MS = user + system time of every finished child so far, in ms (bash's `times`, second line). `times` runs in
# this shell, not in a $(...) subshell, which would count only its own children (none: every stage read 0).
children_ms() {  # `times`' second line (children's user and system time) read from file $1, in ms
  sed -n 2p "$1" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]);
                          t += p[1] * 60000 + p[2] * 1000 } printf "%d\n", t }'
}
cpu_now() {
  times >"$TIMES_FILE"
  CPU_MS="$(children_ms "$TIMES_FILE")"
}
# MACHINE_MS = busy CPU time of the whole machine since boot, in ms (/proc/stat: user, nice, system, irq, softirq,
# steal). A stage's own count misses what its children do not wait for: Chromium's renderer and GPU processes (the
# browser-edges stage counted 44 s of its own against 185 s of Chromium's, sampled from /proc). On a machine that
# runs nothing else this column is the stage's whole cost.
TICK_MS=$((1000 / $(getconf CLK_TCK)))
machine_now() { MACHINE_MS=$(awk -v t="$TICK_MS" '/^cpu / { print ($2 + $3 + $4 + $7 + $8 + $9) * t; exit }' /proc/stat); }
fmt() { printf '%dm%04.1fs' $(($1 / 60000)) "$(awk -v ms="$1" 'BEGIN { printf "%.1f", (ms % 60000) / 1000 }')"; }

# ---- run -------------------------------------------------------------------------------------------------
# The sanitized build and then its suite run beside the browser stages, at the lowest priority (nice 19): a browser
# stage leaves part of the two cores idle while Chromium and the test wait on each other (browser-phone used 23 s of
# the machine's CPU in 30 s of wall time in a fresh clone of 5678b94, browser-run 51 in 40), and the sanitized build
# and suite, which need nothing the browser stages do, take that time instead. In a fresh clone of 61489d4 the build
# (2:27 of CPU) was done before the browser stages were, and they still left about a core-minute idle, which the
# suite (1:18 of CPU, then 40 s in its own place) now takes. Each one's output is printed, and its CPU counted, at
# its own place in the order, where the script waits for what is left of it; the browser stages' `machine` column
# includes what they took meanwhile. TRAINPLAN_OVERLAP=0 runs them in their places instead.
# They run in a session of their own (setsid --fork), not as this script's children: bash adds a finished child's
# CPU to `times` whenever it ends, which would put their CPU in the browser stage they ended in. Each stage writes
# its own, one after the other (the suite only after its build passed).
beside=(sanitize-build sanitize)
bg_dir="" bg_t0=0 bg_from="" bg_cpu=0
declare -A bg_on
start_beside() {
  bg_dir="$(mktemp -d)"; bg_t0="$(now_ms)"; bg_from="$n"
  local s jobs=()
  for s in "${beside[@]}"; do
    [ -n "${chosen[$s]+x}" ] || continue
    bg_on[$s]=1; mkdir "$bg_dir/$s"; jobs+=("$s" "${run[$s]}")
  done
  export -f build_preset
  # A new session is a scheduling group of its own where the kernel groups sessions (sched_autogroup_enabled, on
  # here): a nice value then ranks only within the group, and the groups share the cores evenly, so the group's own
  # nice (/proc/self/autogroup) is set to 19 as well. Before that, the browser stages ran about a third slower
  # beside the sanitized suite (browser-edges 42 -> 59 s, browser-text 6 -> 12 s in fresh clones of 61489d4 and
  # de8968b).
  setsid --fork bash -c 'dir=$1; shift; echo $$ >"$dir/pid"; echo 19 >/proc/self/autogroup 2>/dev/null
    renice -n 19 -p $$ >/dev/null 2>&1
    while [ $# -gt 0 ]; do
      s=$1; cmd=$2; shift 2
      date +%s%3N >"$dir/$s/t0"
      bash -c "(set -euo pipefail; $cmd); rc=\$?; times >\"$dir/$s/times\"; exit \$rc" >"$dir/$s/log" 2>&1
      rc=$?; echo $rc >"$dir/$s/rc.tmp"; mv "$dir/$s/rc.tmp" "$dir/$s/rc"
      [ $rc -eq 0 ] || break
    done; touch "$dir/done"' _ "$bg_dir" "${jobs[@]}" </dev/null >/dev/null 2>&1
}
declare -A result wall cpu mcpu load
failed=()
start_load="$(load1)"
start_wall="$(now_ms)"
cpu_now; start_cpu=$CPU_MS
machine_now; start_machine=$MACHINE_MS
i=0
for n in "${order[@]}"; do
  i=$((i + 1))
  load[$n]="$(load1)"
  printf '\n==== [%d/%d] %s: %s (load %s)\n' "$i" "${#order[@]}" "$n" "${desc[$n]}" "${load[$n]}"
  skip=""
  for d in ${needs[$n]}; do
    if [ "${result[$d]:-}" != "ok" ]; then skip="$d"; break; fi
  done
  if [ -n "$skip" ]; then
    result[$n]="skipped"; wall[$n]=0; cpu[$n]=0; mcpu[$n]=0
    failed+=("$n")
    printf '==== %s: SKIPPED (%s did not build)\n' "$n" "$skip"
    continue
  fi
  if [[ "$n" == browser-* ]] && [ -n "${chosen[sanitize-build]+x}" ] && [ -z "$bg_dir" ] &&
     [ "${TRAINPLAN_OVERLAP:-1}" = 1 ]; then
    start_beside
  fi
  t0="$(now_ms)"; cpu_now; c0=$CPU_MS; machine_now; m0=$MACHINE_MS
  if [ -n "${bg_on[$n]+x}" ]; then
    # Started beside the browser stages: wait for what is left of it, then show what it printed. While the job
    # lives: one that never started or was killed (no rc written) fails the stage instead of hanging the script.
    while [ ! -f "$bg_dir/$n/rc" ] && kill -0 "$(cat "$bg_dir/pid" 2>/dev/null)" 2>/dev/null; do sleep 0.5; done
    if [ -f "$bg_dir/$n/rc" ]; then
      rc="$(cat "$bg_dir/$n/rc")"
      cpu[$n]="$(children_ms "$bg_dir/$n/times" 2>/dev/null || echo 0)"
      bg_cpu=$((bg_cpu + ${cpu[$n]:-0}))
    else
      rc=1; cpu[$n]=0
      echo "test.sh: the $n run beside the browser stages ended without a result (setsid missing, or killed)"
    fi
    cat "$bg_dir/$n/log" 2>/dev/null
    started="$(cat "$bg_dir/$n/t0" 2>/dev/null || echo "$bg_t0")"
    printf '==== %s ran beside the browser stages (nice 19), from %s after %s began, %s before this stage began\n' \
      "$n" "$(fmt $((started - bg_t0)))" "$bg_from" "$(fmt $((t0 - started)))"
  else
    # A subshell with -e of its own: a stage stops at its first failing command, the script goes on.
    (set -euo pipefail; ${run[$n]})
    rc=$?
  fi
  keep="${cpu[$n]:-}"
  cpu_now; wall[$n]=$(($(now_ms) - t0)); cpu[$n]=$((CPU_MS - c0)); machine_now; mcpu[$n]=$((MACHINE_MS - m0))
  [ -n "${bg_on[$n]+x}" ] && cpu[$n]=$keep
  if [ $rc -eq 0 ]; then
    result[$n]="ok"
    printf '==== %s: ok in %s (CPU %s, machine %s)\n' "$n" "$(fmt "${wall[$n]}")" "$(fmt "${cpu[$n]}")" "$(fmt "${mcpu[$n]}")"
  else
    result[$n]="FAILED"
    failed+=("$n")
    printf '==== %s: FAILED (exit %d) after %s (CPU %s)\n' "$n" $rc "$(fmt "${wall[$n]}")" "$(fmt "${cpu[$n]}")"
  fi
done

# ---- summary ---------------------------------------------------------------------------------------------
cpu_now; total_wall=$(($(now_ms) - start_wall)); total_cpu=$((CPU_MS - start_cpu + bg_cpu))
machine_now; total_machine=$((MACHINE_MS - start_machine))
printf '\n==== summary (%s cores; load average %s at the start, %s at the end)\n' "$(nproc)" "$start_load" "$(load1)"
printf '%-17s %-8s %10s %10s %10s %6s\n' stage result wall CPU machine load
for n in "${order[@]}"; do
  printf '%-17s %-8s %10s %10s %10s %6s\n' "$n" "${result[$n]}" "$(fmt "${wall[$n]}")" "$(fmt "${cpu[$n]}")" \
    "$(fmt "${mcpu[$n]}")" "${load[$n]}"
done
printf '%-17s %-8s %10s %10s %10s\n' total "" "$(fmt "$total_wall")" "$(fmt "$total_cpu")" "$(fmt "$total_machine")"
passed=$((${#order[@]} - ${#failed[@]}))
if [ ${#failed[@]} -gt 0 ]; then
  printf 'stages: %d passed, %d failed or skipped: %s\n' "$passed" "${#failed[@]}" "${failed[*]}"
  exit 1
fi
printf 'stages: %d passed, 0 failed\n' "$passed"
echo "==== all tests passed"
