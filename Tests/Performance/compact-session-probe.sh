#!/usr/bin/env bash
# Counts, with callgrind, what the machine's steps cost in the probe of the compact session
# (CompactSessionProbe/main.swift: the session's facts in parallel buffers indexed by an interned integer
# id, guards as bit tests, a compact event), on the paths whose cost through today's machine
# `callgrind.sh` prints last, so the two can be set side by side; then what reading the benchmark's trace
# into compact events costs (CompactReaderProbe/main.swift) beside `TraceReader` on the same file, after
# checking the probe's events against Python's json module (CompactReaderProbe/reference.py).
#
#   Tests/Performance/compact-session-probe.sh
#
# - stay:   `updateInteractiveTransition` of an interactive transition, a plain stay of the table;
# - cycles: a card presented and dismissed with an animator, twelve lines a cycle, each the general step;
# - many:   the same cycles by 1,000 cards at once, each on its own root (2,000 ids alive, as on the
#           benchmark's trace), a step of every card before the next step of any;
# - mixed:  the cycles of `many`, each card's shifted in time, the lines in time order: consecutive lines
#           come from cards at different steps;
# each as the library steps events (one call and one uniqueness check an event) and batched (one a batch).
# EVENTS (default 300000, rounded down to whole cycles: 12 lines, 12,000 for `many`) events a path,
# counting only inside the probe's loop, minus one cycle's count. The probe writes its paths as
# `path-traces.sh` writes the traces `callgrind.sh` measures. Then the wall clock of the same four paths,
# 3,000,000 steps each (STEPS, rounded down to 12,000s), in the probe (best of seven) and in today's
# machine (`ReplayBenchmark --file P --only auditor` on the trace `path-traces.sh` writes, best of five):
# the steps a second each reaches on this machine, in one run.
# The probes are not part of the package: they are compiled here with `swiftc -O` into a temporary
# directory. The reader's part builds the package's `ReplayBenchmark` in release to write the trace.
set -euo pipefail
events=${EVENTS:-300000}
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

for path in stay cycles many mixed; do
  # `many` and `mixed` step whole rounds of 1,000 cards' cycles: 12,000 lines each.
  case $path in many | mixed) unit=12000 ;; *) unit=12 ;; esac
  n=$(( events / unit * unit ))
  [ "$n" -gt "$unit" ] || { echo "EVENTS must be at least $(( 2 * unit )) for the $path path" >&2; exit 2; }
  "$scratch/probe" "$path" "$n"
  for mode in "" batched; do
    total=$(( $(count "$path" "$n" $mode) - $(count "$path" "$unit" $mode) ))
    steps=$(( n - unit ))
    printf 'probe      %-40s %6d.%d per event\n' "$path${mode:+, $mode}" $(( total / steps )) \
      $(( total * 10 / steps % 10 ))
  done
done

repo=$(git -C "$here" rev-parse --show-toplevel)
(cd "$repo" && swift build -c release --product ReplayBenchmark >&2)

# The wall clock: steps a second, the probe beside today's machine on the same path.
steps=$(( ${STEPS:-3000000} / 12000 * 12000 ))
. "$here/path-traces.sh"
for path in stay cycles many mixed; do
  case $path in
    stay)
      path_trace "$steps" updateInteractiveTransition ',"percent":0.5' > "$scratch/path.jsonl"
      lines=$(( steps + 3 ))
      ;;
    cycles)
      cycles_trace $(( steps / 12 )) > "$scratch/path.jsonl"
      lines=$steps
      ;;
    many)
      many_trace $(( steps / 12000 )) > "$scratch/path.jsonl"
      lines=$steps
      ;;
    mixed)
      mixed_trace $(( steps / 12000 )) > "$scratch/path.jsonl"
      lines=$steps
      ;;
  esac
  best=
  for _ in 1 2 3 4 5; do
    seconds=$("$repo/.build/release/ReplayBenchmark" --file "$scratch/path.jsonl" --events "$lines" --only auditor \
      | awk '/ s$/ { print $1 }')
    best=$(awk -v a="$seconds" -v b="${best:-$seconds}" 'BEGIN { print (a < b ? a : b) }')
  done
  awk -v n="$lines" -v s="$best" -v p="$path" \
    'BEGIN { printf "today      %-40s %6.1f M steps a second (best of 5)\n", p ", wall clock", n / s / 1e6 }'
  for mode in timed timed-batched; do
    "$scratch/probe" "$path" "$steps" "$mode" | awk -v p="$path" -v m="$mode" '{
      for (i = 1; i <= NF; i++) if ($i == "M") rate = $(i - 1)
      printf "probe      %-40s %6.1f M steps a second (best of 7)\n", p (m == "timed" ? "" : ", batched") ", wall clock", rate }'
  done
done

# The reader: the benchmark's trace of EVENTS events, each whole process minus the same on its header.
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
