#!/usr/bin/env bash
# Counts, with callgrind, what a plain stay (`updateInteractiveTransition` of an interactive transition)
# costs in the probe of the compact session (PlainStayProbe/main.swift: the session's facts in parallel
# buffers indexed by an interned integer id, a compact event), the same way `callgrind.sh` counts that
# path through today's machine (its last line):
#
#   Tests/Performance/plain-stay-probe.sh
#
# EVENTS (default 300000) updates, counting only inside the probe's loop, minus the same with one update.
# The probe is not part of the package: it is compiled here with `swiftc -O` into a temporary directory.
set -euo pipefail
events=${EVENTS:-300000}
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d -t plain-stay-probe.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

swiftc -O -module-name PlainStayProbe "$here/PlainStayProbe/main.swift" -o "$scratch/probe"
"$scratch/probe" "$events"

count() { # EVENTS: the instructions callgrind counts inside the probe's loop
  valgrind --tool=callgrind --callgrind-out-file="$scratch/out" --toggle-collect='*probePass*' \
    "$scratch/probe" "$1" > /dev/null 2>&1
  awk '/^(summary|totals):/ { print $2; exit }' "$scratch/out"
}

total=$(( $(count "$events") - $(count 1) ))
steps=$(( events - 1 ))
printf 'probe      plain stay (updateInteractiveTransition)  %6d.%d per event\n' \
  $(( total / steps )) $(( total * 10 / steps % 10 ))
