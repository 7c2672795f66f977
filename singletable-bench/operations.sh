#!/usr/bin/env bash
# The before/after figures of issue 9: get, put and a 100-item query through the raw SDK and through singletable, on the
# canned-response client (no engine, no socket), in one JMH run: wall ns/op, CPU ns/op of the benchmark thread and B/op,
# with the ratios singletable / raw. About 5 minutes (6 benchmarks of ~45 s, plus the build) on a quiet 2-core VM; the
# 8-benchmark run in the README (with update) took 14 minutes at load average 17.
#   ./operations.sh                      builds (clean package of singletable-bench and what it needs), then runs
#   SKIP_BUILD=1 ./operations.sh         runs what is built
#   MAVEN_REPO=/work/m2/lead ./operations.sh   builds into that local repository
#   BENCHMARKS='OperationBenchmark' ./operations.sh   every operation and the Enhanced Client too (25 minutes at load 8-15)
# The responses are recorded once, before JMH starts (the embedded engine, Dynoxide, over loopback HTTP; singletable's own requests),
# into target/recorded-responses, and every fork answers from there. Compare ratios within one run, not absolute
# figures across runs: other work on the machine moves those.
set -euo pipefail
cd "$(dirname "$0")"
. ./bench-build.sh
build_bench clean
rm -rf target/recorded-responses
java -cp "$CP" dev.singletable.bench.operations.RecordedResponses target/recorded-responses > target/recorded-requests.txt
BENCHMARKS=${BENCHMARKS:-'OperationBenchmark\.(getItem|putItem|query100)_(raw|singletable)$'}
java -cp "$CP" org.openjdk.jmh.Main "$BENCHMARKS" -f 1 -wi 10 -w 3s -i 5 -r 2s \
     -jvmArgsAppend "-Xbatch -Dbench.recordings=target/recorded-responses" \
     -prof gc -prof dev.singletable.bench.CpuTimeProfiler -rf json -rff target/operations.json | tee target/operations.log
echo
python3 operations-table.py target/operations.json
