#!/usr/bin/env bash
# Where the instructions go: a callgrind profile of the machine alone and of the full audit, each
# instruction counted where its source line is (inlined code under the file it comes from), so that the
# profile Performance.md gives ("Where the instructions go") can be taken again on any commit.
#
#   Tests/Performance/profile.sh [TOP]
#
# It builds a release of the work tree, writes the benchmark's trace (`ReplayBenchmark --events N
# --generate-only`, seed 42) and the four paths `callgrind.sh` measures (`path-traces.sh`), then prints for
# each measure its instructions an event (less the same run on the header line alone, as `callgrind.sh`
# counts them) and, divided by the same N, the TOP (default 15) source files and the TOP functions by the
# instructions that are their own (self cost; a function's inlined callees count under their own files in
# the first table and under it in the second). The measures:
# - machine alone:  `ReplayBenchmark --file F --events N --only auditor`, counting inside `auditorPass`;
# - full audit:     `replay audit F` (reader, auditor and machine, the report), counted whole;
# - each path:      the machine alone on `path-traces.sh`'s update, cycles and 1,000 cards' cycles.
# EVENTS (default 300000) is N. Instruction counts, unlike the wall clock, do not move with the machine's
# other work, so the figures of two runs on one commit agree to the instruction.
set -euo pipefail
events=${EVENTS:-300000}
top=${1:-15}
repo=$(git rev-parse --show-toplevel)
scratch=$(mktemp -d -t profile.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
for tool in valgrind callgrind_annotate; do
  command -v "$tool" > /dev/null || { echo "profile.sh needs $tool (apt-get install valgrind)" >&2; exit 2; }
done

(cd "$repo" && swift build -c release --product replay >&2 && swift build -c release --product ReplayBenchmark >&2)
bin="$repo/.build/release"
"$bin/ReplayBenchmark" --events "$events" --generate-only --output "$scratch/f.jsonl" > /dev/null
head -n 1 "$scratch/f.jsonl" > "$scratch/header.jsonl"

total() { # OUT: the instructions callgrind counted in OUT
  awk '/^(summary|totals):/ { print $2; exit }' "$1"
}

# The self cost of each (file, function) pair, one line each: COUNT<TAB>FILE<TAB>FUNCTION<TAB>FOLDER. An
# instruction with no source line is filed under its library (the Swift runtime, libc, the loader).
pairs() { # OUT
  callgrind_annotate --inclusive=no --auto=no --threshold=100 "$1" 2> /dev/null \
    | awk '/^ *[0-9,]+ +\( *[0-9.]+%\)  / && !/PROGRAM TOTALS/ {
        count = $1; gsub(",", "", count)
        rest = $0; sub(/^ *[0-9,]+ +\( *[0-9.]+%\)  /, "", rest)
        object = ""
        if (match(rest, / \[[^]]*\]$/)) { object = substr(rest, RSTART + 2, RLENGTH - 3); rest = substr(rest, 1, RSTART - 1) }
        sub(/.*\//, "", object)
        colon = index(rest, ":"); file = substr(rest, 1, colon - 1); fn = substr(rest, colon + 1)
        if (file == "???") file = "(no source line: " object ")"
        else if (file == "//<compiler-generated>") file = "(compiler-generated: no source line)"
        else if (file ~ /^\.\//) { sub(/.*\//, "", file); file = "(libc: " file ")" }
        sub("^" root "/", "", file); sub("^Sources/StateMachine/", "", file)
        folder = file
        if (folder ~ /^Sources\//) { sub(/^Sources\//, "", folder); sub(/\/.*/, "", folder) }
        else if (folder ~ /\//) sub(/\/.*/, "", folder)
        printf "%s\t%s\t%s\t%s\n", count, file, fn, folder
      }' root="$repo"
}

table() { # OUT HEADER_OUT EVENTS FIELD(2 file, 3 function, 4 folder) TITLE: the run less the header's run
  echo "  $5"
  { pairs "$1"; pairs "$2" | awk -F'\t' 'BEGIN { OFS = "\t" } { $1 = -$1; print }'; } > "$scratch/pairs"
  # Rows under 0.05 an event (start-up work that the header's run subtracts, a page grown once) are left out.
  awk -F'\t' -v n="$3" -v f="$4" '{ sum[$f] += $1 }
    END { for (k in sum) if (sum[k] / n >= 0.05) printf "%10.1f\t%s\n", sum[k] / n, k }' \
    "$scratch/pairs" | sort -rn > "$scratch/sorted"
  head -n "$top" "$scratch/sorted" > "$scratch/table"
  if [ "$4" = 3 ] && command -v swift > /dev/null; then
    # Swift's mangled names, made readable (generic context and argument labels dropped).
    cut -f2 "$scratch/table" | swift demangle --simplified --compact 2> /dev/null \
      | sed -E 's/^(specialized |closure #[0-9]+ in |merged )+//; s/\(.*$//; s/^PresentationStateMachine\.//' \
      > "$scratch/names" || cut -f2 "$scratch/table" > "$scratch/names"
    paste <(cut -f1 "$scratch/table") "$scratch/names" | awk -F'\t' '{ printf "%s  %s\n", $1, substr($2, 1, 100) }'
  else
    awk -F'\t' '{ printf "%s  %s\n", $1, substr($2, 1, 100) }' "$scratch/table"
  fi
}

profile() { # NAME EVENTS OUT HEADER_OUT
  local whole fixed
  whole=$(total "$3") fixed=$(total "$4")
  echo "$1: $(awk -v a="$whole" -v h="$fixed" -v n="$2" 'BEGIN { printf "%.1f", (a - h) / n }') instructions an event"
  table "$3" "$4" "$2" 4 "by folder (the stage), instructions an event:"
  table "$3" "$4" "$2" 2 "by source file, instructions an event (inlined code under its own file):"
  table "$3" "$4" "$2" 3 "by function, instructions an event (its own, less what it calls):"
  echo
}

machine() { # NAME FILE EVENTS
  valgrind --tool=callgrind --callgrind-out-file="$scratch/m.out" --toggle-collect='*auditorPass*' \
    "$bin/ReplayBenchmark" --file "$2" --events "$3" --only auditor > /dev/null 2>&1 || true
  valgrind --tool=callgrind --callgrind-out-file="$scratch/h.out" --toggle-collect='*auditorPass*' \
    "$bin/ReplayBenchmark" --file "$scratch/header.jsonl" --events 1 --only auditor > /dev/null 2>&1 || true
  profile "$1" "$3" "$scratch/m.out" "$scratch/h.out"
}

machine "machine alone, the benchmark's trace" "$scratch/f.jsonl" "$events"
valgrind --tool=callgrind --callgrind-out-file="$scratch/a.out" "$bin/replay" audit "$scratch/f.jsonl" \
  > /dev/null 2>&1 || true
valgrind --tool=callgrind --callgrind-out-file="$scratch/ah.out" "$bin/replay" audit "$scratch/header.jsonl" \
  > /dev/null 2>&1 || true
profile "full audit (replay audit), the benchmark's trace" "$events" "$scratch/a.out" "$scratch/ah.out"

. "$(dirname "$0")/path-traces.sh"
path_trace "$events" updateInteractiveTransition ',"percent":0.5' > "$scratch/path.jsonl"
machine "machine alone, updateInteractiveTransition only" "$scratch/path.jsonl" $((events + 3))
cycles=$((events / 12))
cycles_trace "$cycles" > "$scratch/path.jsonl"
machine "machine alone, present/dismiss cycles" "$scratch/path.jsonl" $((cycles * 12))
rounds=$((events / 12000))
if [ "$rounds" -ge 1 ]; then
  many_trace "$rounds" > "$scratch/path.jsonl"
  machine "machine alone, the cycles of 1,000 cards at once" "$scratch/path.jsonl" $((rounds * 12000))
fi
echo "($events events, seed 42; counted by callgrind on $(git -C "$repo" rev-parse --short HEAD)$(git -C "$repo" diff --quiet || echo ' with local changes'))"
