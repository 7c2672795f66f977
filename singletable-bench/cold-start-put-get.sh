#!/usr/bin/env bash
# Cold start of a first put + get: each main in a fresh JVM, N times, mains taking turns (A B C A B C ...), against
# DynamoDB Local over loopback HTTP started once beforehand in a process of its own (its start is not measured).
# Build first: mvn -B -q -pl singletable-bench -am clean package -DskipTests
#   ./cold-start-put-get.sh 21                                  # medians of 21 JVMs per main
#   MAINS="Raw Wire" HTTP=apache ./cold-start-put-get.sh 11     # some mains; the SDK's Apache client instead of UrlConnection
#   JAVA_OPTS="-XX:TieredStopAtLevel=1" ./cold-start-put-get.sh 11
#   JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java ./cold-start-put-get.sh 5
# JAVA_OPTS_<main> (JAVA_OPTS_Raw, JAVA_OPTS_Wire, ...) adds flags for one main only. Per main it prints the medians of:
# main = ns from main's first line to the get's result; cpu = the process's CPU time at that point (all threads:
# JIT, GC); process = the process's wall time as this script saw it (JVM start and exit included); jvm->main = ms
# from the JVM's start to main.
set -euo pipefail
cd "$(dirname "$0")"
N=${1:-11}
JAVA=${JAVA:-java}
HTTP=${HTTP:-urlconnection}
# the bench's jar, not target/classes (a class-data archive refuses directories on the class path);
# BENCH_CP replaces the whole class path (a copy of it, say, while a build rewrites the jars)
CP=${BENCH_CP:-"target/singletable-bench-0.1.0-SNAPSHOT.jar:$(cat target/classpath.txt)"}
read -r -a mains <<< "${MAINS:-Raw SingleTable Wire}"

fifo=$(mktemp -u)
mkfifo "$fifo"
endpoint_file=$(mktemp)
java -cp "$CP" dev.singletable.bench.operations.ColdStartServer < "$fifo" > "$endpoint_file" 2>/dev/null &
server=$!
exec 3> "$fifo"
trap 'exec 3>&-; wait "$server" || true; rm -f "$fifo" "$endpoint_file"' EXIT
for _ in $(seq 120); do
  [ -s "$endpoint_file" ] && break
  sleep 0.5
done
endpoint=$(head -1 "$endpoint_file")
[ -n "$endpoint" ] || { echo "DynamoDB Local did not start" >&2; exit 1; }

echo "# $(uptime | sed 's/.*load average/load average/') | $($JAVA -version 2>&1 | head -1) | http=$HTTP | JAVA_OPTS=${JAVA_OPTS:-}"
declare -A results=()
for _ in $(seq "$N"); do
  for main in "${mains[@]}"; do
    extra_var="JAVA_OPTS_$main"
    t0=$(date +%s%N)
    # shellcheck disable=SC2086
    line=$($JAVA -Xshare:auto ${JAVA_OPTS:-} ${!extra_var:-} -cp "$CP" "dev.singletable.bench.operations.ColdStartPutGet$main" \
           "$endpoint" "$HTTP" 2>/dev/null)
    t1=$(date +%s%N)
    results[$main]+="$line $((t1 - t0));"
  done
done
echo "# load average after: $(uptime | sed 's/.*load average: //')"
median() { # column, divisor
  awk -v c="$1" -v d="$2" '{print $c / d}' | sort -g | awk '{a[NR]=$1} END {print NR % 2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'
}
for main in "${mains[@]}"; do
  rows=$(tr ';' '\n' <<< "${results[$main]}" | grep .)
  printf "%-12s main %6.1f ms  cpu %6.1f ms  process %6.1f ms  jvm->main %4.0f ms  (n=%d)\n" "$main" \
    "$(median 1 1e6 <<< "$rows")" "$(median 2 1e6 <<< "$rows")" "$(median 4 1e6 <<< "$rows")" "$(median 3 1 <<< "$rows")" \
    "$(wc -l <<< "$rows")"
done
