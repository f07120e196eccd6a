#!/usr/bin/env bash
# The fleet on an existing engine, run for real: the Export tables article's Spark example (PySpark from
# PyPI, a headless JRE, master local[2]) over generated traces, then the article's DuckDB query ("which
# styles hang most") over the part files Spark writes, beside `replay export --table transitions --jobs 2`
# and the article's two-shard export (`--shard 0/2` and `1/2`, here at once) over the same traces. Prints each
# query's table and each run's wall time, and fails unless the three give the same table and the same
# rows, byte for byte. Not part of CI, `swift build` or `swift test`: it installs PySpark and DuckDB and
# takes a few minutes.
#
#   Tests/Fleet/spark-fleet.sh
#
# Steps: builds `replay` in release (SwiftPM rebuilds only what changed) and puts its folder first on PATH,
# so the article's commands run as written; needs `java` 17 or later (run as root without one, it installs
# Debian's openjdk-17-jre-headless; otherwise it prints the command); makes a virtualenv outside the
# repository and installs the pinned PySpark and DuckDB; `replay fuzz --seed S --count N --out traces`;
# Tests/Fleet/spark-fleet.py, the article's PySpark lines, writing spark/out/part-*; the two exports into
# export/out and shards/out; the article's query, read from the article itself, in each of the three
# folders. Every line of the article's python block is checked to be a line of the driver, in order, so
# the two cannot drift apart.
#
# Environment: FLEET_SEED (default 25), FLEET_COUNT (default 2000), FLEET_VENV (the virtualenv, default
# .build/fleet/venv in the repository, which git ignores), FLEET_WORK (where traces/, spark/, export/ and
# shards/ are made anew, default .build/fleet/work).
# Exit status: 0 the three agree, 1 they differ, 2 a step failed.
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
seed="${FLEET_SEED:-25}"
count="${FLEET_COUNT:-2000}"
venv="${FLEET_VENV:-$repo/.build/fleet/venv}"
work="${FLEET_WORK:-$repo/.build/fleet/work}"
pyspark_version="4.3.0"
duckdb_version="2.0.1"
article="$repo/Sources/StateMachine/PresentationStateMachine.docc/ExportTables.md"
driver="$repo/Tests/Fleet/spark-fleet.py"

fail() {
  echo "spark-fleet: $*" >&2
  exit 2
}

# Wall time of a command, in seconds with two decimals, into the variable named first.
timed() {
  local name="$1" start end status=0
  shift
  start="$(date +%s.%N)"
  "$@" || status=$?
  end="$(date +%s.%N)"
  printf -v "$name" '%s' "$(awk -v start="$start" -v end="$end" 'BEGIN { printf "%.2f", end - start }')"
  return "$status"
}

# The article's pieces: the PySpark line that pipes, and the SQL block after it (the query as documented).
pipe_line='paths.pipe("replay export --table transitions -", env=env).saveAsTextFile("out")'
grep -qF "$pipe_line" "$article" || fail "the article no longer has the line: $pipe_line"
# Every line of the article's python block is a line of the driver, in the same order (the driver adds
# its timing between them).
missing="$(awk 'FNR == 1 { file++ }
  file == 1 && /^```python$/ { inside = 1; next }
  file == 1 && inside && /^```$/ { inside = 0; next }
  file == 1 && inside && NF { block[++lines] = $0; next }
  file == 2 && found < lines && $0 == block[found + 1] { found++ }
  END { if (lines == 0) print "(no python block)"; else if (found < lines) print block[found + 1] }' \
  "$article" "$driver")"
[[ -z "$missing" ]] || fail "$driver does not run the article's PySpark lines as written: $missing"
sql="$(awk -v line="$pipe_line" 'index($0, line) { found = 1 } found && /^```sql$/ { inside = 1; next }
  inside && /^```$/ { exit } inside { print }' "$article")"
[[ -n "$sql" ]] || fail "no SQL block after the PySpark example in $article"
[[ "$sql" == *"read_json_auto('out/part-*')"* ]] || fail "the article's query does not read out/part-*"

echo "== replay (release)"
build_log="$(swift build -c release --product replay --package-path "$repo" 2>&1)" || {
  echo "$build_log" >&2
  fail "swift build -c release --product replay failed"
}
bin="$(swift build -c release --show-bin-path --package-path "$repo")"
export PATH="$bin:$PATH"
command -v replay

echo "== JRE"
if ! command -v java >/dev/null; then
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
    apt-get update -qq && apt-get install -y -qq openjdk-17-jre-headless >/dev/null
  else
    fail "no java: install a JRE 17 or later, e.g. sudo apt-get install -y openjdk-17-jre-headless"
  fi
fi
java_version="$(java -version 2>&1 | head -1)"
echo "$java_version"
java_major="$(sed -E 's/.*version "([0-9]+).*/\1/' <<<"$java_version")"
((java_major >= 17)) || fail "PySpark $pyspark_version needs Java 17 or later, not $java_major"

echo "== virtualenv $venv"
[[ -x "$venv/bin/python" ]] || python3 -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check "pyspark==$pyspark_version" "duckdb==$duckdb_version"
"$venv/bin/python" -c 'import pyspark, duckdb; print("pyspark", pyspark.__version__)
print("duckdb", duckdb.__version__)'

echo "== $count traces, seed $seed, in $work"
rm -rf "$work/traces" "$work/spark" "$work/export" "$work/shards"
mkdir -p "$work/spark" "$work/export" "$work/shards"
cd "$work"
timed fuzz_time replay fuzz --seed "$seed" --count "$count" --out traces
echo "$(find traces -name '*.jsonl' | wc -l) files, $(du -sh traces | cut -f1) (fuzz: ${fuzz_time} s)"

echo "== Spark: local[2], replay export --table transitions - in each partition"
cd "$work/spark"
find ../traces -name '*.jsonl' | LC_ALL=C sort >paths.txt
# Spark's own log (and the exports' standard error) go to spark.log, shown if the driver fails.
spark_run() { "$venv/bin/python" "$driver" "$count" 2>spark.log | tee driver.out; }
timed spark_time spark_run || {
  tail -40 spark.log >&2
  fail "the Spark driver failed (all of it in $work/spark/spark.log)"
}
ls -A out | tr '\n' ' '
echo

echo "== replay export --table transitions --jobs 2"
cd "$work/export"
timed export_time replay export --table transitions --jobs 2 --out out/ ../traces
ls -A out

echo "== replay export --table transitions --shard 0/2 and 1/2 at once, --jobs 1 each"
cd "$work/shards"
both_shards() {
  replay export --table transitions --jobs 1 --shard 0/2 --out out/ ../traces &
  local first=$!
  replay export --table transitions --jobs 1 --shard 1/2 --out out/ ../traces
  wait "$first"
}
timed shards_time both_shards
ls -A out | tr '\n' ' '
echo

echo "== the article's DuckDB query, in each folder"
echo "$sql"
cd "$work"
status=0
"$venv/bin/python" - "$sql" spark export shards <<'EOF' || status=1
import os
import sys

import duckdb

sql, folders = sys.argv[1], sys.argv[2:]
work = os.getcwd()
results = {}
for folder in folders:
    os.chdir(os.path.join(work, folder))
    connection = duckdb.connect()
    relation = connection.sql(sql)
    print(f"-- {folder}/out/part-*")
    relation.show(max_rows=1000, max_width=200)
    results[folder] = relation.fetchall()
    connection.close()
first = folders[0]
for folder in folders[1:]:
    verdict = "the same" if results[folder] == results[first] else "DIFFERENT"
    print(f"{folder} and {first}: {verdict} result ({len(results[folder])} rows)")
sys.exit(0 if all(results[folder] == results[first] for folder in folders) else 1)
EOF

echo "== the rows themselves, sorted"
for folder in spark export shards; do
  # Spark's parts (part-00000, …) and the exports' (part-I-of-N.jsonl), as the query's glob reads them.
  digest="$(cat "$folder"/out/part-* | LC_ALL=C sort | sha256sum | cut -c1-16)"
  rows="$(cat "$folder"/out/part-* | wc -l)"
  echo "$folder: $rows rows, sorted sha256 $digest"
  digests+=("$digest")
done
[[ "${digests[0]}" == "${digests[1]}" && "${digests[0]}" == "${digests[2]}" ]] || status=1

echo "== wall times over the same $count traces (2 cores)"
printf '%-66s %8s s\n' \
  "Spark local[2]: the driver's process (JVM, export pipe, audit check)" "$spark_time" \
  "replay export --table transitions --jobs 2" "$export_time" \
  "replay export --shard 0/2 and 1/2 at once (--jobs 1 each)" "$shards_time"
grep -E '^spark: .* in [0-9.]+ s' "$work/spark/driver.out" || true
exit "$status"
