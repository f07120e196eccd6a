# The PySpark driver of Tests/Fleet/spark-fleet.sh (run it through that script, not by hand): the Export
# tables article's Spark example as it stands there, in local[2], from the working directory that holds
# paths.txt (the argument: how many paths it lists). It writes out/part-00000, out/part-00001, ... and
# prints how long the pipe took, then checks the article's other Spark line,
# rdd.pipe("replay audit --format json -"), on the same paths.
import json
import os
import sys
import time

from pyspark import SparkContext

started = time.monotonic()

# The article's lines (and its imports above), unchanged: the script checks that every line of the
# article's python block is here, in order (PresentationStateMachine.docc/ExportTables.md).
sc = SparkContext("local[2]", "presentation-tables")  # or the cluster's master URL
paths = sc.textFile("paths.txt")
env = {"PATH": os.environ["PATH"]}  # PySpark's pipe gives the command this environment alone
piping = time.monotonic()
paths.pipe("replay export --table transitions -", env=env).saveAsTextFile("out")
piped = time.monotonic()

print(f"spark: {paths.getNumPartitions()} partitions of {paths.count()} paths")
print(f"spark: SparkContext up in {piping - started:.2f} s (the JVM's start)")
print(f"spark: pipe + saveAsTextFile in {piped - piping:.2f} s")

# rdd.pipe("replay audit --format json -"): one JSON report (one line) per partition; PySpark passes
# over the exit status (1 for an error finding) unless checkCode=True.
auditing = time.monotonic()
reports = [json.loads(line) for line in paths.pipe("replay audit --format json -", env=env).collect()]
audited = sum(len(report["files"]) for report in reports)
print(f"spark: replay audit --format json -: {len(reports)} reports, {audited} files audited")
print(f"spark: the audit's pipe + collect in {time.monotonic() - auditing:.2f} s")
sc.stop()
print(f"spark: driver done in {time.monotonic() - started:.2f} s")
if audited != int(sys.argv[1]):
    sys.exit(f"spark: the audit pipe read {audited} files, not {sys.argv[1]}")
