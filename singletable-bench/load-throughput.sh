#!/usr/bin/env bash
# Issue 13's load figure: 'singletable load' (the command in this JVM: schema, checks, checkpoint) against a hand-written
# parallel BatchWriteItem loop, 20,000 items of the blog design's User into a fresh table per load, on DynamoDB Local
# over loopback HTTP, the same parallelism for both. JMH single-shot: seconds per load (items/s = 20000 / score).
#   ./load-throughput.sh                         builds (package of singletable-bench and what it needs), then runs
#   SKIP_BUILD=1 ./load-throughput.sh            runs what is built
#   MAVEN_REPO=/work/m2/lead ./load-throughput.sh   builds into that local repository
#   PARALLELISM=1,4,8 ./load-throughput.sh       other thread counts (default 4)
set -euo pipefail
cd "$(dirname "$0")"
export DDB_LOCAL_TELEMETRY=0
if [ -z "${SKIP_BUILD:-}" ]; then
  mvn -B -q ${MAVEN_REPO:+-Dmaven.repo.local=$MAVEN_REPO} -f ../pom.xml -pl singletable-bench -am package -DskipTests
fi
CP="target/classes:$(cat target/classpath.txt)"
java -cp "$CP" org.openjdk.jmh.Main 'LoadBenchmark' -p parallelism="${PARALLELISM:-4}" \
     -jvmArgsAppend "-Dbench.design=$(cd .. && pwd)/designs/blog.singletable.yaml -Daws.java.v1.disableDeprecationAnnouncement=true" \
     -rf json -rff target/load-throughput.json | tee target/load-throughput.log
