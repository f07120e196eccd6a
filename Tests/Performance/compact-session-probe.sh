#!/usr/bin/env bash
# Counts, with callgrind, what the machine's steps cost in the probe of the compact session
# (CompactSessionProbe/main.swift: the session's facts in parallel buffers indexed by an interned integer
# id, guards as bit tests, a compact event), on the two paths whose cost through today's machine
# `callgrind.sh` prints last, so the two can be set side by side:
#
#   Tests/Performance/compact-session-probe.sh
#
# - stay:   `updateInteractiveTransition` of an interactive transition, a plain stay of the table;
# - cycles: a card presented and dismissed with an animator, twelve lines a cycle, each the general step;
# each as the library steps events (one call and one uniqueness check an event) and batched (one a batch).
# EVENTS (default 300000, rounded down to whole cycles of 12) events a path, counting only inside the
# probe's loop, minus the same with 12. The probe writes its paths as `callgrind.sh` writes its traces.
# The probe is not part of the package: it is compiled here with `swiftc -O` into a temporary directory.
set -euo pipefail
# The cycles path steps whole cycles of 12 lines.
events=$(( ${EVENTS:-300000} / 12 * 12 ))
if [ "$events" -lt 24 ]; then echo "EVENTS must be at least 24" >&2; exit 2; fi
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d -t compact-session-probe.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

swiftc -O -module-name CompactSessionProbe "$here/CompactSessionProbe/main.swift" -o "$scratch/probe"

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
