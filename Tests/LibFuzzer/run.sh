#!/usr/bin/env bash
# Builds the libFuzzer harness (Tests/LibFuzzer/TraceFuzzer.swift) over every file of Sources/StateMachine
# and runs it for a given time. Not part of `swift build` or `swift test`.
#
#   Tests/LibFuzzer/run.sh SECONDS [CORPUS_DIR] [OUTPUT_DIR]
#
# CORPUS_DIR (default .build/trace-fuzzer/corpus in the repository) keeps what libFuzzer finds between runs; every trace under
# traces/ seeds it. Crashes, timeouts and out-of-memory inputs go to OUTPUT_DIR (default
# .build/trace-fuzzer/crashes). Prints executions per second and total executions (-print_final_stats=1).
# Exit status: libFuzzer's (0 nothing found, non-zero a crash was written to OUTPUT_DIR).
#
# Environment: SWIFTC (default swiftc), FUZZER_BUILD (where the binary goes, default .build/trace-fuzzer, which git ignores),
# FUZZER_FLAGS (extra libFuzzer flags, e.g. "-jobs=2 -workers=2").
set -euo pipefail

if [[ $# -lt 1 || ! "$1" =~ ^[0-9]+$ ]]; then
  echo "usage: $0 SECONDS [CORPUS_DIR] [OUTPUT_DIR]" >&2
  exit 64
fi
seconds=$1
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
build=${FUZZER_BUILD:-$repo/.build/trace-fuzzer}
corpus=${2:-$build/corpus}
output=${3:-$build/crashes}
swiftc=${SWIFTC:-swiftc}
mkdir -p "$build" "$corpus" "$output"

sources=()
while IFS= read -r -d '' file; do sources+=("$file"); done \
  < <(find "$repo/Sources/StateMachine" -name '*.swift' -print0 | sort -z)

echo "building $build/trace-fuzzer from ${#sources[@]} files of Sources/StateMachine and the harness"
start=$(date +%s)
"$swiftc" -sanitize=fuzzer -parse-as-library -O -module-name StateMachine -swift-version 6 \
  -enable-upcoming-feature ExistentialAny \
  "${sources[@]}" "$here/TraceFuzzer.swift" -o "$build/trace-fuzzer"
echo "built in $(( $(date +%s) - start )) s"

# The sample traces seed the corpus; libFuzzer reads the second directory and writes only to the first.
# The Swift runtime's own backtracer would catch the trap first and exit before libFuzzer writes the
# crashing input, so it is turned off.
export SWIFT_BACKTRACE=enable=no
# shellcheck disable=SC2086
"$build/trace-fuzzer" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
  -max_len=16384 -dict="$here/trace.dict" -artifact_prefix="$output/" ${FUZZER_FLAGS:-} \
  "$corpus" "$repo/traces" 2>&1 | tee "$build/last-run.log"
status=${PIPESTATUS[0]}

executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$build/last-run.log" | grep -o '[0-9]*$' || true)
rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$build/last-run.log" | grep -o '[0-9]*$' || true)
crashes=$(find "$output" -type f | wc -l)
echo "trace-fuzzer: ${seconds} s, ${executions:-?} executions, ${rate:-?} exec/s, corpus $(ls "$corpus" | wc -l) inputs, ${crashes} files in $output (status $status)"
exit "$status"
