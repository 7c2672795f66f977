#!/usr/bin/env bash
# Issue 13's load figure: 'singletable load' (the command in this JVM: schema, checks, checkpoint) against a hand-written
# parallel BatchWriteItem loop, 20,000 items of the blog design's User into a fresh table per load, on the embedded engine
# (Dynoxide, a process of its own) over loopback HTTP, the same parallelism for both; the loop twice: plain, and asking for the consumed capacity as the
# command does. JMH single-shot: seconds per load (items/s = 20000 / score), and CPU per load split into the client's
# threads, the engine's process and the whole JVM (ThreadGroupCpuProfiler).
#   ./load-throughput.sh                         builds (package of singletable-bench and what it needs), then runs
#   SKIP_BUILD=1 ./load-throughput.sh            runs what is built
#   MAVEN_REPO=/work/m2/lead ./load-throughput.sh   builds into that local repository
#   PARALLELISM=1,4,8 ./load-throughput.sh       other thread counts (default 4)
#   JMH_IGNORE_LOCK=1 ./load-throughput.sh       runs beside another JMH run (its /tmp/jmh.lock) on a shared machine
#   PROFILE=1 ./load-throughput.sh               also async-profiler's CPU samples per thread into target/load-async
#                                                (needs target/ap/linux-x64/libasyncProfiler.so, see the README), then
#                                                ./load-profile.py target/load-async/*load_singletable*/collapsed-ctimer.csv 20000 5
set -euo pipefail
cd "$(dirname "$0")"
. ./bench-build.sh
build_bench
PROFILERS=(-prof dev.singletable.bench.load.ThreadGroupCpuProfiler)
if [ -n "${PROFILE:-}" ]; then
  PROFILERS+=(-prof "async:libPath=$PWD/target/ap/linux-x64/libasyncProfiler.so;event=ctimer;interval=1000000;output=collapsed;threads=true;jstackdepth=1024;dir=target/load-async")
fi
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
java ${JMH_IGNORE_LOCK:+-Djmh.ignoreLock=true} -cp "$CP" org.openjdk.jmh.Main 'LoadBenchmark' -p parallelism="${PARALLELISM:-4}" "${PROFILERS[@]}" \
     -jvmArgsAppend "-Dbench.design=$(cd .. && pwd)/designs/blog.singletable.yaml -Daws.java.v1.disableDeprecationAnnouncement=true" \
     -rf json -rff target/load-throughput.json | tee target/load-throughput.log
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 load-ratios.py target/load-throughput.json
