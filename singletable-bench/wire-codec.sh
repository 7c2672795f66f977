#!/usr/bin/env bash
# Issue 16's wire-codec figures: the 100-item Query page decoded (query100 - query0) through the raw SDK with hand-written
# mapping and through singletable with the wire codec, on the canned-response client, in one JMH run. Reported per path:
# CPU ns/op of the benchmark thread (cpu.worker.norm), B/op (gc.alloc.rate.norm), and the JIT's time during the measured
# iterations (compiler.time.profiled): a figure taken while the JIT still compiles that path is not its steady state, and
# the table marks it. About 8 minutes on a quiet 2-core VM (4 benchmarks x 2 forks x 50 s, plus the build).
#   ./wire-codec.sh                         builds (clean package of singletable-bench and what it needs), then runs
#   SKIP_BUILD=1 ./wire-codec.sh            runs what is built
#   MAVEN_REPO=/work/m2/lead ./wire-codec.sh     builds into that local repository
#   BENCHMARKS='OperationBenchmark\.(getItem|query10|query100|query0|collection100|batchGet100)_(raw|singletable|wire)$' ./wire-codec.sh
#   WARMUP=30 ./wire-codec.sh               more warmup iterations of 2 s (a loaded machine compiles slower)
#   XBATCH= ./wire-codec.sh                 without -Xbatch (compilation in the background, as applications run)
#   CP_PREFIX=/tmp/before/singletable-core.jar SKIP_BUILD=1 ./wire-codec.sh   another build of the core first on the class path
set -euo pipefail
cd "$(dirname "$0")"
. ./bench-build.sh
build_bench clean
CP="${CP_PREFIX:+$CP_PREFIX:}$CP"
OUT=${OUT:-target/wire}
if [ ! -d target/recorded-responses ]; then
  java -cp "$CP" dev.singletable.bench.operations.RecordedResponses target/recorded-responses > target/recorded-requests.txt
fi
BENCHMARKS=${BENCHMARKS:-'OperationBenchmark\.(query100|query0)_(raw|wire)$'}
# -f 2: two JVMs per benchmark; 20 warmup iterations of 2 s: every path compiled by C2 before the first measured
# iteration (5 x 2 s was not: late compilations of the wire path fell into the measurement, the JIT's time shows them)
java -cp "$CP" org.openjdk.jmh.Main "$BENCHMARKS" -f 2 -wi "${WARMUP:-20}" -w 2s -i 5 -r 2s \
     -jvmArgsAppend "${XBATCH--Xbatch} -Dbench.recordings=target/recorded-responses" \
     -prof gc -prof dev.singletable.bench.CpuTimeProfiler -prof comp -rf json -rff "$OUT.json" | tee "$OUT.log"
echo
python3 operations-table.py "$OUT.json"
