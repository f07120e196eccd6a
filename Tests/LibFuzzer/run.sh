#!/usr/bin/env bash
# Builds the libFuzzer harness (Tests/LibFuzzer/TraceFuzzer.swift) over every file of Sources/StateMachine
# and runs it for a number of executions or for a given time. Not part of `swift build` or `swift test`.
#
#   Tests/LibFuzzer/run.sh --runs COUNT [CORPUS_DIR] [OUTPUT_DIR]   # COUNT executions (libFuzzer -runs)
#   Tests/LibFuzzer/run.sh SECONDS [CORPUS_DIR] [OUTPUT_DIR]        # for SECONDS (-max_total_time)
#
# The committed seed corpus is every trace under traces/ (valid, near-miss, rules, mixed and regression
# traces) and the committed dictionary is Tests/LibFuzzer/trace.dict. CORPUS_DIR (default
# .build/trace-fuzzer/corpus in the repository) keeps what libFuzzer finds between runs; pass a new empty
# folder to start from the seeds alone. Crashes, timeouts and out-of-memory inputs go to OUTPUT_DIR
# (default .build/trace-fuzzer/crashes). Prints executions per second, total executions and the final
# coverage (-print_final_stats=1); the seeds' own executions count among the COUNT.
# Exit status: libFuzzer's (0 nothing found, non-zero a crash was written to OUTPUT_DIR).
#
# The binary is rebuilt (about 140 s on 2 cores) only when a source file or this script is newer than it.
# It counts edges and indirect calls but does not trace comparisons (-sanitize-coverage without
# trace-cmp): the hooks on every integer comparison took a third of the time, and the dictionary already
# names the format's words. FUZZER_TRACE_CMP=1 builds with them (libFuzzer's default), for a campaign that
# wants comparison-guided mutations and -use_value_profile=1.
# Environment: SWIFTC (default swiftc), FUZZER_BUILD (where the binary goes, default .build/trace-fuzzer,
# which git ignores), FUZZER_FLAGS (extra libFuzzer flags, e.g. "-seed=1" or "-jobs=2 -workers=2"),
# FUZZER_REBUILD=1 (build even when the binary looks current).
set -euo pipefail

usage() {
  echo "usage: $0 --runs COUNT [CORPUS_DIR] [OUTPUT_DIR]" >&2
  echo "       $0 SECONDS [CORPUS_DIR] [OUTPUT_DIR]" >&2
  exit 64
}

if [[ $# -ge 2 && "$1" == "--runs" && "$2" =~ ^[0-9]+$ ]]; then
  limit=(-runs="$2")
  what="$2 executions"
  shift 2
elif [[ $# -ge 1 && "$1" =~ ^[0-9]+$ ]]; then
  limit=(-max_total_time="$1")
  what="$1 s"
  shift
else
  usage
fi
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
build=${FUZZER_BUILD:-$repo/.build/trace-fuzzer}
corpus=${1:-$build/corpus}
output=${2:-$build/crashes}
swiftc=${SWIFTC:-swiftc}
binary=$build/trace-fuzzer
mkdir -p "$build" "$corpus" "$output"

sources=()
while IFS= read -r -d '' file; do sources+=("$file"); done \
  < <(find "$repo/Sources/StateMachine" -name '*.swift' -print0 | sort -z)

coverage=(-sanitize-coverage=edge,indirect-calls,inline-8bit-counters,pc-table)
flavour=edges
if [[ -n "${FUZZER_TRACE_CMP:-}" ]]; then
  coverage=()
  flavour=trace-cmp
fi
stale=${FUZZER_REBUILD:-}
if [[ ! -x "$binary" || "$(cat "$binary.flavour" 2>/dev/null)" != "$flavour" ]] \
  || [[ -n "$(find "${sources[@]}" "$here/TraceFuzzer.swift" "$0" -newer "$binary" | head -1)" ]]; then
  stale=1
fi
if [[ -n "$stale" ]]; then
  echo "building $binary ($flavour) from ${#sources[@]} files of Sources/StateMachine and the harness"
  start=$(date +%s)
  "$swiftc" -sanitize=fuzzer "${coverage[@]}" -parse-as-library -O -module-name PresentationStateMachine \
    -package-name PresentationReplay -swift-version 6 -enable-upcoming-feature ExistentialAny \
    "${sources[@]}" "$here/TraceFuzzer.swift" -o "$binary"
  echo "$flavour" >"$binary.flavour"
  echo "built in $(($(date +%s) - start)) s"
else
  echo "$binary is newer than every source: not rebuilt (FUZZER_REBUILD=1 rebuilds)"
fi

# The seed corpus is read from the second folder; libFuzzer writes only to the first.
# The Swift runtime's own backtracer would catch the trap first and exit before libFuzzer writes the
# crashing input, so it is turned off.
export SWIFT_BACKTRACE=enable=no
# shellcheck disable=SC2086
"$binary" "${limit[@]}" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
  -max_len=16384 -dict="$here/trace.dict" -artifact_prefix="$output/" ${FUZZER_FLAGS:-} \
  "$corpus" "$repo/traces" 2>&1 | tee "$build/last-run.log"
status=${PIPESTATUS[0]}

executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$build/last-run.log" | grep -o '[0-9]*$' || true)
rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$build/last-run.log" | grep -o '[0-9]*$' || true)
edges=$(grep -o 'cov: [0-9]*' "$build/last-run.log" | tail -1 | grep -o '[0-9]*$' || true)
crashes=$(find "$output" -type f | wc -l)
echo "trace-fuzzer: $what asked, ${executions:-?} executions, ${rate:-?} exec/s, cov ${edges:-?}," \
  "corpus $(find "$corpus" -type f | wc -l) inputs, ${crashes} files in $output (status $status)"
exit "$status"
