#!/usr/bin/env bash
# Captures what a build of `replay` prints for every trace of a corpus, so that two builds can be compared
# byte for byte (a refactoring must change none of it):
#
#   Tests/Behaviour/capture.sh REPLAY_BINARY CORPUS_DIR OUT_DIR
#   diff -r OUT_BEFORE OUT_AFTER && echo identical
#
# For the corpus as a whole: `audit --format json` and `stats` (text and JSON). For every trace: `show`,
# `stats --format json`, and the findings of `audit --resume` after a snapshot taken at the trace's middle
# line (the snapshot itself may differ between builds: it carries the model's fingerprint).
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 REPLAY_BINARY CORPUS_DIR OUT_DIR" >&2
  exit 64
fi
replay=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
corpus=$(cd "$2" && pwd)
rm -rf "$3"
mkdir -p "$3"
out=$(cd "$3" && pwd)
jobs=${JOBS:-$(getconf _NPROCESSORS_ONLN)}

cd "$corpus"
set +e
"$replay" audit --format json --jobs "$jobs" . > "$out/audit.json"; echo "exit $?" >> "$out/audit.json"
"$replay" stats --jobs "$jobs" . > "$out/stats.txt"; echo "exit $?" >> "$out/stats.txt"
"$replay" stats --format json --jobs "$jobs" . > "$out/stats.json"; echo "exit $?" >> "$out/stats.json"
set -e

one() {
  local rel=$1 dir scratch lines half
  dir="$out/each/$(dirname "$rel")"
  mkdir -p "$dir"
  local base="$dir/$(basename "$rel" .jsonl)"
  { "$replay" show --width 100 "$rel"; echo "exit $?"; } > "$base.show.txt" 2>&1
  { "$replay" stats --format json "$rel"; echo "exit $?"; } > "$base.stats.json" 2>&1
  scratch=$(mktemp -d)
  lines=$(wc -l < "$rel")
  half=$(( (lines + 1) / 2 ))
  head -n "$half" "$rel" > "$scratch/trace.jsonl"
  ( cd "$scratch" && "$replay" audit --format json --snapshot-out snapshot.json trace.jsonl > first.json 2>&1 ) || true
  cp "$rel" "$scratch/trace.jsonl"
  { ( cd "$scratch" && "$replay" audit --format json --resume snapshot.json --snapshot-out next.json trace.jsonl ); echo "exit $?"; } > "$base.resume.json" 2>&1
  cat "$scratch/first.json" >> "$base.resume.json"
  rm -rf "$scratch"
}
export -f one
export replay out
find . -name '*.jsonl' | sed 's|^\./||' | sort | xargs -P "$jobs" -I{} bash -c 'one "$@"' _ {}
echo "captured $(find "$out/each" -name '*.show.txt' | wc -l) traces into $out"
