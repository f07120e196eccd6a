#!/usr/bin/env bash
# Builds the libFuzzer targets of Tests/LibFuzzer, one per stage of the way a trace goes, and runs them
# for a number of executions or for a given time. Not part of `swift build` or `swift test`.
#
#   Tests/LibFuzzer/run.sh [--target NAME] --runs COUNT [CORPUS_ROOT] [OUTPUT_ROOT]   # COUNT executions each
#   Tests/LibFuzzer/run.sh [--target NAME] SECONDS [CORPUS_ROOT] [OUTPUT_ROOT]        # SECONDS in all
#
# The targets (Targets/NAME, each with its seeds and Dictionaries/NAME.dict):
#   audit     bytes → reader → audit, with ReferenceTraceReader as a second decoder that must agree on
#             every line; seeds: every trace under traces/
#   render    bytes → replay → show, export tables, Chrome, SVG, stats and its --merge reader, the audit
#             report; seeds: every trace under traces/
#   resume    a snapshot, a NUL byte and a trace → the audit resumed; seeds: made at each run by
#             `replay audit --snapshot-out` on the first half of every trace of traces/valid and
#             traces/mixed, followed by the whole trace (the snapshot format carries the model's
#             fingerprint, so committed seeds would go stale)
#   settings  bytes → a .replay.json, and a trace header's "expect" and "ignore"; seeds: Seeds/settings
# Without --target every target runs: COUNT executions each, or SECONDS split evenly between them.
#
# CORPUS_ROOT (default .build/libfuzzer/corpus) keeps what each target finds between runs, in a folder
# per target; OUTPUT_ROOT (default .build/libfuzzer/crashes) gets crashes, timeouts and out-of-memory
# inputs the same way. The seeds' own executions count among the COUNT. For each target it prints
# executions, executions per second, the final coverage (cov: edges, ft: features) and the crash files,
# then a table of all of them; each target's libFuzzer log is .build/libfuzzer/NAME.log.
# Exit status: 0 when no target found anything, else the first non-zero status of libFuzzer.
#
# The library is compiled once (Sources/StateMachine as one module, about 150 s on 2 cores) and each
# target against it in seconds; only what a source file or this script is newer than is rebuilt. Edges
# and indirect calls are counted without tracing comparisons: the hooks on every integer comparison took
# a third of the time, and the dictionaries already name the format's words. FUZZER_TRACE_CMP=1 builds
# with them (libFuzzer's default), for a campaign that wants comparison-guided mutations.
# Environment: SWIFTC (default swiftc), FUZZER_BUILD (default .build/libfuzzer, which git ignores),
# FUZZER_FLAGS (extra libFuzzer flags for every target, e.g. "-seed=1"), FUZZER_REBUILD=1 (build even
# when the binaries look current), REPLAY (the replay binary the resume seeds are made with; default:
# `swift build --product replay`, then .build/debug/replay).
set -euo pipefail

targets=(audit render resume settings)

usage() {
  echo "usage: $0 [--target audit|render|resume|settings] --runs COUNT [CORPUS_ROOT] [OUTPUT_ROOT]" >&2
  echo "       $0 [--target audit|render|resume|settings] SECONDS [CORPUS_ROOT] [OUTPUT_ROOT]" >&2
  exit 64
}

chosen=()
if [[ $# -ge 2 && "$1" == "--target" ]]; then
  [[ " ${targets[*]} " == *" $2 "* ]] || usage
  chosen=("$2")
  shift 2
else
  chosen=("${targets[@]}")
fi
if [[ $# -ge 2 && "$1" == "--runs" && "$2" =~ ^[0-9]+$ ]]; then
  limit=(-runs="$2")
  what="$2 executions"
  shift 2
elif [[ $# -ge 1 && "$1" =~ ^[0-9]+$ ]]; then
  seconds=$(($1 / ${#chosen[@]}))
  [[ $seconds -ge 1 ]] || usage
  limit=(-max_total_time="$seconds")
  what="$seconds s"
  shift
else
  usage
fi

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
build=${FUZZER_BUILD:-$repo/.build/libfuzzer}
corpus_root=${1:-$build/corpus}
output_root=${2:-$build/crashes}
swiftc=${SWIFTC:-swiftc}
mkdir -p "$build/library"

sources=()
while IFS= read -r -d '' file; do sources+=("$file"); done \
  < <(find "$repo/Sources/StateMachine" -name '*.swift' -print0 | sort -z)

coverage=(-sanitize-coverage=edge,indirect-calls,inline-8bit-counters,pc-table)
flavour=edges
if [[ -n "${FUZZER_TRACE_CMP:-}" ]]; then
  coverage=()
  flavour=trace-cmp
fi
common=(-sanitize=fuzzer "${coverage[@]}" -parse-as-library -O -package-name PresentationReplay
  -swift-version 6 -enable-upcoming-feature ExistentialAny)

# True when $1 is missing, of another flavour, or older than any of the other files.
stale() {
  local binary=$1
  shift
  [[ -n "${FUZZER_REBUILD:-}" || ! -e "$binary" || "$(cat "$binary.flavour" 2>/dev/null)" != "$flavour" ]] \
    || [[ -n "$(find "$@" -newer "$binary" | head -1)" ]]
}

# The library, with -enable-testing so that the targets reach what the tests reach.
library=$build/library/PresentationStateMachine.o
if stale "$library" "${sources[@]}" "$0"; then
  echo "building the library ($flavour) from ${#sources[@]} files of Sources/StateMachine"
  start=$(date +%s)
  "$swiftc" "${common[@]}" -enable-testing -wmo -module-name PresentationStateMachine \
    -emit-module -emit-module-path "$build/library/PresentationStateMachine.swiftmodule" \
    -c "${sources[@]}" -o "$library"
  # The compiler leaves an object whose bytes did not change as it was (a comment edited), older than
  # the source: touched, it is not built again next time.
  touch "$library"
  echo "$flavour" >"$library.flavour"
  echo "built in $(($(date +%s) - start)) s"
fi

build_target() {
  local name=$1 binary=$build/$1-fuzzer
  local files=("$here"/Support/*.swift "$here/Targets/$(tr a-z A-Z <<<"${name:0:1}")${name:1}Target.swift")
  if stale "$binary" "${files[@]}" "$library" "$0"; then
    echo "building $binary"
    "$swiftc" "${common[@]}" -module-name "${name^}FuzzTarget" -I "$build/library" "${files[@]}" "$library" \
      -o "$binary"
    echo "$flavour" >"$binary.flavour"
  fi
}

# Seeds of the resume target: a snapshot of each sample trace's first half, a NUL, the whole trace.
resume_seeds() {
  local seeds=$build/seeds/resume replay=${REPLAY:-}
  if [[ -z "$replay" ]]; then
    (cd "$repo" && swift build --product replay >/dev/null)
    replay=$repo/.build/debug/replay
  fi
  rm -rf "$seeds"
  mkdir -p "$seeds" "$build/seeds/halves"
  local trace name lines
  for trace in "$repo"/traces/valid/*.jsonl "$repo"/traces/mixed/*.jsonl; do
    name=$(basename "$trace" .jsonl)
    lines=$(wc -l <"$trace")
    head -n $((lines / 2)) "$trace" >"$build/seeds/halves/$name.jsonl"
    "$replay" audit --snapshot-out "$build/seeds/halves/$name.snapshot" "$build/seeds/halves/$name.jsonl" \
      >/dev/null 2>&1 || true
    [[ -s "$build/seeds/halves/$name.snapshot" ]] || continue
    { cat "$build/seeds/halves/$name.snapshot"; printf '\0'; cat "$trace"; } >"$seeds/$name"
  done
  echo "$seeds"
}

# libFuzzer's maximum input length per target: what one execution costs grows with it, so each target
# keeps to what its stage needs. The audit reads line by line (a kilobyte is a dozen events); a drawing
# wants enough transitions to fill a timeline; a resume seed holds a snapshot and a whole trace (the
# largest made from traces/ is 14 KB).
max_len() {
  case $1 in
    audit) echo 1024 ;;
    settings) echo 4096 ;;
    render) echo 8192 ;;
    resume) echo 16384 ;;
  esac
}

for name in "${chosen[@]}"; do build_target "$name"; done

# The Swift runtime's own backtracer would catch a trap first and exit before libFuzzer writes the
# crashing input, so it is turned off.
export SWIFT_BACKTRACE=enable=no
summary=()
overall=0
for name in "${chosen[@]}"; do
  corpus=$corpus_root/$name
  output=$output_root/$name
  log=$build/$name.log
  mkdir -p "$corpus" "$output"
  case $name in
    audit | render) seeds=$repo/traces ;;
    resume) seeds=$(resume_seeds) ;;
    settings) seeds=$here/Seeds/settings ;;
  esac
  before=$(find "$output" -type f | wc -l)
  echo "== $name: $what, corpus $corpus, seeds $seeds"
  # The seed folder comes second: libFuzzer writes only to the first.
  set +e
  # shellcheck disable=SC2086
  "$build/$name-fuzzer" "${limit[@]}" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
    -max_len="$(max_len "$name")" -dict="$here/Dictionaries/$name.dict" -artifact_prefix="$output/" \
    ${FUZZER_FLAGS:-} "$corpus" "$seeds" >"$log" 2>&1
  status=$?
  set -e
  tail -n 12 "$log"
  executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
  edges=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)
  features=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)
  crashes=$(($(find "$output" -type f | wc -l) - before))
  summary+=("$(printf '%-9s %12s %9s %7s %7s %8s %8s %7s' "$name" "${executions:-?}" "${rate:-?}" \
    "${edges:-?}" "${features:-?}" "$(find "$corpus" -type f | wc -l)" "$crashes" "$status")")
  if [[ $status -ne 0 && $overall -eq 0 ]]; then overall=$status; fi
done

echo
echo "libFuzzer, $what per target (crash files in $output_root/NAME):"
printf '%-9s %12s %9s %7s %7s %8s %8s %7s\n' target executions exec/s cov ft corpus crashes status
printf '%s\n' "${summary[@]}"
exit "$overall"
