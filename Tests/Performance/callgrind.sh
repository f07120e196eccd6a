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
  else
    git -C "$repo" worktree add --detach "$scratch/base" "$1" > /dev/null 2>&1
    trap 'git -C "$repo" worktree remove --force "$scratch/base"; rm -rf "$scratch"' EXIT
    base_bin=$(build "$scratch/base")
  fi
  measure "base $1" "$base_bin"
fi
measure "HEAD" "$head_bin"
echo "($events events, seed 42; instructions counted by callgrind, each minus its fixed cost)"

# Three paths of the machine alone (HEAD only: a build older than `--file` for `--only auditor` cannot). The
# first two: a presentation begun interactively, then N lines of one kind, 0.1 ms apart. `panChanged` only
# notes the finger, so it is close to what any event costs; `updateInteractiveTransition` is a plain stay of
# the table. The third takes the general step on every line: a card presented and dismissed N/12 times with
# an animator (the request, `*WillBegin`, `animateTransition`, `completeTransition`, `*DidEnd` and the
# completion block, each way). `compact-session-probe.sh` counts the second and third in a probe of the
# session's rewrite.
path_trace() { # KIND EXTRA_KEYS
  awk -v n="$events" -v kind="$1" -v extra="$2" 'BEGIN {
    print "{\"format\":\"presentation-trace\",\"version\":1}"
    print "{\"t\":1,\"id\":\"p\",\"event\":\"present\",\"presenter\":\"root\",\"animated\":true,\"style\":\"custom\"}"
    print "{\"t\":1.001,\"id\":\"p\",\"event\":\"presentationTransitionWillBegin\"}"
    print "{\"t\":1.002,\"id\":\"p\",\"event\":\"startInteractiveTransition\"}"
    for (i = 1; i <= n; i++) printf "{\"t\":%.6f,\"id\":\"p\",\"event\":\"%s\"%s}\n", 1.002 + i * 0.0001, kind, extra
  }'
}
for kind in panChanged updateInteractiveTransition; do
  case $kind in
    panChanged) path_trace "$kind" ',"translation":1,"velocity":2' > "$scratch/path.jsonl" ;;
    *) path_trace "$kind" ',"percent":0.5' > "$scratch/path.jsonl" ;;
  esac
  lines=$((events + 3))
  path=$(( $(count --toggle-collect='*auditorPass*' "$head_bin/ReplayBenchmark" --file "$scratch/path.jsonl" \
    --events "$lines" --only auditor) - $(count --toggle-collect='*auditorPass*' "$head_bin/ReplayBenchmark" \
    --file "$scratch/header.jsonl" --events 1 --only auditor) ))
  printf 'HEAD       machine alone, %-32s %6d.%d per event\n' "$kind only" $(( path / lines )) $(( path * 10 / lines % 10 ))
done
# The probe's `path(_:count:)` writes the same cycles: keep the two alike.
cycles=$(( events / 12 ))
if [ "$cycles" -lt 1 ]; then echo "EVENTS must be at least 12 for the cycles path" >&2; exit 2; fi
awk -v n="$cycles" 'BEGIN {
  print "{\"format\":\"presentation-trace\",\"version\":1}"
  for (i = 0; i < n; i++) {
    for (way = 0; way < 2; way++) {
      t = 1 + (2 * i + way)
      if (way == 0) {
        printf "{\"t\":%.4f,\"id\":\"card\",\"event\":\"present\",\"presenter\":\"root\",\"animated\":true,\"style\":\"custom\"}\n", t
        begin = "presentationTransitionWillBegin"; end = "presentationTransitionDidEnd"
      } else {
        printf "{\"t\":%.4f,\"id\":\"card\",\"event\":\"dismiss\",\"animated\":true}\n", t
        begin = "dismissalTransitionWillBegin"; end = "dismissalTransitionDidEnd"
      }
      printf "{\"t\":%.4f,\"id\":\"card\",\"event\":\"%s\"}\n", t + 0.0003, begin
      printf "{\"t\":%.4f,\"id\":\"card\",\"event\":\"animateTransition\",\"duration\":0.3}\n", t + 0.001
      printf "{\"t\":%.4f,\"id\":\"card\",\"event\":\"completeTransition\",\"didComplete\":true}\n", t + 0.301
      printf "{\"t\":%.4f,\"id\":\"card\",\"event\":\"%s\",\"completed\":true}\n", t + 0.3013, end
      printf "{\"t\":%.4f,\"id\":\"card\",\"event\":\"completion\"}\n", t + 0.3016
    }
  }
}' > "$scratch/path.jsonl"
lines=$(( cycles * 12 ))
path=$(( $(count --toggle-collect='*auditorPass*' "$head_bin/ReplayBenchmark" --file "$scratch/path.jsonl" \
  --events "$lines" --only auditor) - $(count --toggle-collect='*auditorPass*' "$head_bin/ReplayBenchmark" \
  --file "$scratch/header.jsonl" --events 1 --only auditor) ))
printf 'HEAD       machine alone, %-32s %6d.%d per event\n' "present/dismiss cycles" $(( path / lines )) \
  $(( path * 10 / lines % 10 ))
