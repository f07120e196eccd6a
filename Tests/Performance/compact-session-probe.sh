#!/usr/bin/env bash
# Counts, with callgrind, what the machine's steps cost in the probe of the compact session
# (CompactSessionProbe/main.swift: the session's facts in parallel buffers indexed by an interned integer
# id, guards as bit tests, a compact event), on the two paths whose cost through today's machine
# `callgrind.sh` prints last, so the two can be set side by side; then what reading the benchmark's trace
# into compact events costs (CompactReaderProbe/main.swift) beside `TraceReader` on the same file, after
# checking the probe's events against Python's json module (CompactReaderProbe/reference.py).
#
#   Tests/Performance/compact-session-probe.sh
#
# - stay:   `updateInteractiveTransition` of an interactive transition, a plain stay of the table;
# - cycles: a card presented and dismissed with an animator, twelve lines a cycle, each the general step;
# each as the library steps events (one call and one uniqueness check an event) and batched (one a batch).
# EVENTS (default 300000, rounded down to whole cycles of 12) events a path, counting only inside the
# probe's loop, minus the same with 12. The probe writes its paths as `callgrind.sh` writes its traces.
# The probes are not part of the package: they are compiled here with `swiftc -O` into a temporary
# directory. The reader's part builds the package's `ReplayBenchmark` in release to write the trace.
set -euo pipefail
# The cycles path steps whole cycles of 12 lines.
events=$(( ${EVENTS:-300000} / 12 * 12 ))
if [ "$events" -lt 24 ]; then echo "EVENTS must be at least 24" >&2; exit 2; fi
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d -t compact-session-probe.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

swiftc -O -module-name CompactSessionProbe "$here/CompactSessionProbe/main.swift" -o "$scratch/probe"
swiftc -O -module-name CompactReaderProbe "$here/CompactReaderProbe/main.swift" -o "$scratch/reader"

count() { # PATH EVENTS [batched]: the instructions callgrind counts inside the probe's loop
  rm -f "$scratch/out"
  valgrind --tool=callgrind --callgrind-out-file="$scratch/out" --toggle-collect='*probePass*' \
    "$scratch/probe" "$@" > /dev/null 2>&1
  [ -s "$scratch/out" ] || { echo "callgrind wrote nothing for $*" >&2; exit 1; }
  awk '/^(summary|totals):/ { print $2; exit }' "$scratch/out"
}

for path in stay cycles; do
  "$scratch/probe" "$path" "$events"
  for mode in "" batched; do
    total=$(( $(count "$path" "$events" $mode) - $(count "$path" 12 $mode) ))
    steps=$(( events - 12 ))
    printf 'probe      %-40s %6d.%d per event\n' "$path${mode:+, $mode}" $(( total / steps )) \
      $(( total * 10 / steps % 10 ))
  done
done

# The reader: the benchmark's trace of EVENTS events, each whole process minus the same on its header.
repo=$(git -C "$here" rev-parse --show-toplevel)
(cd "$repo" && swift build -c release --product ReplayBenchmark >&2)
"$repo/.build/release/ReplayBenchmark" --events "$events" --generate-only --output "$scratch/f.jsonl" > /dev/null
head -n 1 "$scratch/f.jsonl" > "$scratch/header.jsonl"
"$scratch/reader" dump "$scratch/f.jsonl" > "$scratch/probe.txt"
python3 "$here/CompactReaderProbe/reference.py" "$scratch/f.jsonl" > "$scratch/expected.txt"
cmp -s "$scratch/probe.txt" "$scratch/expected.txt" || { echo "the reader probe's events differ from json's" >&2; exit 1; }
echo "the reader probe's events match Python's json on $(wc -l < "$scratch/expected.txt") lines"
whole() { # COMMAND...: every instruction callgrind counts in the process
  rm -f "$scratch/out"
  valgrind --tool=callgrind --callgrind-out-file="$scratch/out" "$@" > /dev/null 2>&1
  [ -s "$scratch/out" ] || { echo "callgrind wrote nothing for $*" >&2; exit 1; }
  awk '/^(summary|totals):/ { print $2; exit }' "$scratch/out"
}
for reader in probe today; do
  if [ "$reader" = probe ]; then
    set -- "$scratch/reader" count
  else
    set -- "$repo/.build/release/ReplayBenchmark" --only reader --file
  fi
  total=$(( $(whole "$@" "$scratch/f.jsonl") - $(whole "$@" "$scratch/header.jsonl") ))
  printf '%-10s %-40s %6d.%d per line\n' "$reader" "reading the benchmark's trace" $(( total / events )) \
    $(( total * 10 / events % 10 ))
done
