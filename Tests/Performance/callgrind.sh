#!/usr/bin/env bash
# Counts, with callgrind, the instructions an event costs in the two measures Performance.md gives:
#
#   Tests/Performance/callgrind.sh [BASE_REV]
#
# - machine: `ReplayBenchmark --file F --events N --only auditor`, counting only inside `auditorPass` (the
#   auditor and its machine stepping F's events in memory; reading them is not counted), minus the same on
#   F's header line alone, divided by N (a build older than `--file` for this phase generates the same N
#   events from the seed instead, and one for the header);
# - audit:   `replay audit F` (reader, auditor and machine, the report) on the benchmark's trace of N
#   events, minus the same on F's header line alone (start-up and exit), divided by N. Instruction counts, unlike the wall clock, do not move with the machine's other work.
# It builds a release of HEAD's work tree and, given BASE_REV, of that revision in a temporary
# `git worktree` in a temporary directory, and measures both on the same F, so before and after come from one run.
# EVENTS (default 300000) is N; BASE_BUILD=DIR reuses a directory holding a base's `replay` and
# `ReplayBenchmark` instead of building BASE_REV.
set -euo pipefail
events=${EVENTS:-300000}
repo=$(git rev-parse --show-toplevel)
scratch=$(mktemp -d -t callgrind.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

build() { # DIR: a package; prints the directory holding its release products
  (cd "$1" && swift build -c release --product replay >&2 && swift build -c release --product ReplayBenchmark >&2)
  echo "$1/.build/release"
}

count() { # [callgrind options] command...: the instructions callgrind counts for it
  valgrind --tool=callgrind --callgrind-out-file="$scratch/out" "$@" > /dev/null 2>&1 || true
  awk '/^(summary|totals):/ { print $2; exit }' "$scratch/out"
}

measure() { # NAME BINDIR
  local machine audit
  machine=$(( $(count --toggle-collect='*auditorPass*' "$2/ReplayBenchmark" --file "$scratch/f.jsonl" \
    --events "$events" --only auditor) - $(count --toggle-collect='*auditorPass*' "$2/ReplayBenchmark" \
    --file "$scratch/header.jsonl" --events 1 --only auditor) ))
  audit=$(( $(count "$2/replay" audit "$scratch/f.jsonl") - $(count "$2/replay" audit "$scratch/header.jsonl") ))
  printf '%-10s machine alone %6d.%d per event    full audit %6d.%d per event\n' "$1" \
    $(( machine / events )) $(( machine * 10 / events % 10 )) $(( audit / events )) $(( audit * 10 / events % 10 ))
}

head_bin=$(build "$repo")
"$head_bin/ReplayBenchmark" --events "$events" --generate-only --output "$scratch/f.jsonl" > /dev/null
head -n 1 "$scratch/f.jsonl" > "$scratch/header.jsonl"

if [ $# -ge 1 ]; then
  if [ -n "${BASE_BUILD:-}" ]; then
    base_bin=$BASE_BUILD
    for product in replay ReplayBenchmark; do
      if [ ! -x "$base_bin/$product" ]; then
        echo "BASE_BUILD=$base_bin holds no $product: build the base's release products there first" >&2
        exit 2
      fi
    done
  else
    git -C "$repo" worktree add --detach "$scratch/base" "$1" > /dev/null 2>&1
    trap 'git -C "$repo" worktree remove --force "$scratch/base"; rm -rf "$scratch"' EXIT
    base_bin=$(build "$scratch/base")
  fi
  measure "base $1" "$base_bin"
fi
measure "HEAD" "$head_bin"
echo "($events events, seed 42; instructions counted by callgrind, each minus its fixed cost)"

# Four paths of the machine alone, for HEAD and for a base that can step a given file's events (`--file`
# for `--only auditor`, since fbe3df7; an older base's `--only auditor` steps generated events, so its
# paths are not counted). The first two: a presentation begun interactively, then N lines of one kind;
# the third takes the general step on every line, and the fourth too, by 1,000 cards at once
# (`path-traces.sh` writes them). `compact-session-probe.sh` counts the second and third in a probe of the
# session's rewrite.
. "$(dirname "$0")/path-traces.sh"
builds=("HEAD:$head_bin")
if [ $# -ge 1 ] && git -C "$repo" merge-base --is-ancestor fbe3df7 "$1" 2> /dev/null; then
  builds=("base $1:$base_bin" "${builds[@]}")
fi
path() { # NAME LINES: the machine alone on $scratch/path.jsonl's LINES events, less the header's run
  local build label bin total
  for build in "${builds[@]}"; do
    label=${build%%:*} bin=${build#*:}
    total=$(( $(count --toggle-collect='*auditorPass*' "$bin/ReplayBenchmark" --file "$scratch/path.jsonl" \
      --events "$2" --only auditor) - $(count --toggle-collect='*auditorPass*' "$bin/ReplayBenchmark" \
      --file "$scratch/header.jsonl" --events 1 --only auditor) ))
    printf '%-10s machine alone, %-32s %6d.%d per event\n' "$label" "$1" $(( total / $2 )) \
      $(( total * 10 / $2 % 10 ))
  done
}
for kind in panChanged updateInteractiveTransition; do
  case $kind in
    panChanged) path_trace "$events" "$kind" ',"translation":1,"velocity":2' > "$scratch/path.jsonl" ;;
    *) path_trace "$events" "$kind" ',"percent":0.5' > "$scratch/path.jsonl" ;;
  esac
  path "$kind only" $((events + 3))
done
cycles=$(( events / 12 ))
if [ "$cycles" -lt 1 ]; then echo "EVENTS must be at least 12 for the cycles path" >&2; exit 2; fi
cycles_trace "$cycles" > "$scratch/path.jsonl"
path "present/dismiss cycles" $(( cycles * 12 ))
# The same cycles by 1,000 cards at once, each on its own root: 2,000 ids alive, as on the benchmark's trace.
rounds=$(( events / 12000 ))
if [ "$rounds" -lt 1 ]; then echo "EVENTS must be at least 12000 for the path of 1,000 cards" >&2; exit 2; fi
many_trace "$rounds" > "$scratch/path.jsonl"
path "the cycles, 1,000 cards at once" $(( rounds * 12000 ))
