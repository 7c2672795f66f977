#!/usr/bin/env bash
# Cold start of a first put + get: each main in a fresh JVM, N times, the (main, mode) pairs taking turns
# (A B C A B C ...), against the embedded engine (Dynoxide) over loopback HTTP, started once beforehand in a process of its own (its
# start is not measured). Build first: mvn -B -q -pl singletable-bench -am clean package -DskipTests
#   ./cold-start-put-get.sh 21                                  # medians of 21 JVMs per main
#   MAINS="Raw Wire" HTTP=apache ./cold-start-put-get.sh 11     # some mains; the SDK's Apache client instead of UrlConnection
#   JAVA_OPTS="-XX:TieredStopAtLevel=1" ./cold-start-put-get.sh 11
#   CDS=1 ./cold-start-put-get.sh 7                             # modes "plain cds": without and with an application archive
#   JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java AOT=1 ./cold-start-put-get.sh 7
#   JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java MODES="plain plain+c1 cds autocds aot aot+c1" ./cold-start-put-get.sh 7
# Modes (MODES, space-separated; every main runs in every mode, all taking turns, so ratios within a run compare alike):
#   plain    the JDK's default class-data archive only
#   cds      an application class-data archive per main: one training run with -XX:ArchiveClassesAtExit (JDK 13+),
#            then -XX:SharedArchiveFile with -Xshare:on (a JVM that cannot map the archive fails instead of running without)
#   autocds  JDK 19+: -XX:+AutoCreateSharedArchive -XX:SharedArchiveFile (the first run writes it, not measured; the
#            script fails if a measured run rewrote it)
#   aot      JDK 24+ (JEP 483/514/515): one training run with -XX:AOTCacheOutput, then -XX:AOTCache with -XX:AOTMode=on
#   any of them with "+c1": adds -XX:TieredStopAtLevel=1 -XX:+UseSerialGC (training runs too)
# CDS=1, AUTO_CDS=1 and AOT=1 are short for MODES="plain cds", "plain autocds" and "plain aot". Archives are made
# afresh in target/cold-start-archives on each run (training runs are not measured); per (main, mode) one more
# unmeasured run with -Xlog:class+load counts the classes loaded and how many came from an archive.
# The mains run on a user's class path (target/cold-start-classpath.txt: core, the SDK, Jackson's core, the HTTP
# clients; no DynamoDB Local, no JMH), the server on the bench's whole class path (target/classpath.txt).
# JAVA_OPTS adds flags to every main; JAVA_OPTS_<main> (JAVA_OPTS_Raw, JAVA_OPTS_Wire, ...) to one main only.
# Another build side by side in the same run: MAINS="Raw Wire Wire_before" BEFORE_CP="<its bench jar>:<its
# target/cold-start-classpath.txt>": a main named X_before runs ColdStartPutGetX on BEFORE_CP.
# Per (main, mode) it prints the medians of: main = ms from main's first line to the get's result; cpu = the process's
# CPU time at that point (all threads: JIT, GC); process = the process's wall time as this script saw it (JVM start
# and exit included); start->main = ms from the script's fork to main; then the ratios within the run.
set -euo pipefail
cd "$(dirname "$0")"
. ./cold-start-timing.sh
N=${1:-11}
JAVA=${JAVA:-java}
HTTP=${HTTP:-urlconnection}
C1_OPTS="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
BENCH_JAR=$(ls target/singletable-bench-*.jar | grep -v -e -sources -e -javadoc | head -1)
# the bench's jar, not target/classes: a class-data archive refuses a non-empty directory on the class path.
# BENCH_CP / SERVER_CP replace the class paths (a copy of them, say, while a build rewrites the jars: an archive
# records each jar's size and modification time, and a JVM refuses the archive when one changed)
CP=${BENCH_CP:-"$BENCH_JAR:$(cat target/cold-start-classpath.txt)"}
SERVER_CP=${SERVER_CP:-"$BENCH_JAR:$(cat target/classpath.txt)"}
read -r -a mains <<< "${MAINS:-Raw SingleTable Wire}"
default_modes=plain
if [ "${CDS:-}" = 1 ]; then default_modes="plain cds"; fi
if [ "${AUTO_CDS:-}" = 1 ]; then default_modes="plain autocds"; fi
if [ "${AOT:-}" = 1 ]; then default_modes="plain aot"; fi
read -r -a modes <<< "${MODES:-$default_modes}"
for mode in "${modes[@]}"; do
  case "${mode%+c1}" in
    plain|cds|autocds|aot) ;;
    *) echo "unknown mode '$mode': plain, cds, autocds or aot, each optionally with +c1" >&2; exit 2 ;;
  esac
done
archives=target/cold-start-archives
rm -rf "$archives"
mkdir -p "$archives"

fifo=$(mktemp -u)
mkfifo "$fifo"
endpoint_file=$(mktemp)
java -cp "$SERVER_CP" dev.singletable.bench.operations.ColdStartServer < "$fifo" > "$endpoint_file" 2>/dev/null &
server=$!
exec 3> "$fifo"
trap 'exec 3>&-; wait "$server" || true; rm -f "$fifo" "$endpoint_file"' EXIT
for _ in $(seq 120); do
  [ -s "$endpoint_file" ] && break
  sleep 0.5
done
endpoint=$(head -1 "$endpoint_file")
[ -n "$endpoint" ] || { echo "the engine (ColdStartServer) did not start" >&2; exit 1; }

# flags of one mode: $1 = main, $2 = mode, $3 = "train" for the training run, "run" for the others
mode_flags() {
  local base=${2%+c1} file="$archives/$1-$2"
  local flags=""
  [ "$base" != "$2" ] && flags="$C1_OPTS"
  case "$base:$3" in
    plain:*) ;;
    cds:train) flags+=" -XX:ArchiveClassesAtExit=$file.jsa" ;;
    cds:run) flags+=" -Xshare:on -XX:SharedArchiveFile=$file.jsa" ;;
    autocds:*) flags+=" -XX:+AutoCreateSharedArchive -XX:SharedArchiveFile=$file.jsa" ;;
    aot:train) flags+=" -XX:AOTCacheOutput=$file.aot" ;;
    aot:run) flags+=" -XX:AOTMode=on -XX:AOTCache=$file.aot" ;;
  esac
  echo "$flags"
}

# one JVM of one main; prints its line ("main_ns cpu_ns start_to_main_ms") and the process's wall ns; fails loudly
run_main() { # main, flags
  local extra_var="JAVA_OPTS_$1" main_cp=$CP
  # a main named X_before runs ColdStartPutGetX on BEFORE_CP, another build's class path: both builds in one run
  if [ "${1%_before}" != "$1" ]; then
    main_cp=${BEFORE_CP:?"mains named X_before need BEFORE_CP, the other build's class path"}
  fi
  # shellcheck disable=SC2086
  timed_line "ColdStartPutGet$1 with flags [$2]" $JAVA ${JAVA_OPTS:-} ${!extra_var:-} $2 -cp "$main_cp" \
    "dev.singletable.bench.operations.ColdStartPutGet${1%_before}" "$endpoint" "$HTTP"
}

echo "# $(uptime | sed 's/.*load average/load average/') | $($JAVA -version 2>&1 | head -1) | http=$HTTP | JAVA_OPTS=${JAVA_OPTS:-}"
echo "# class path of the mains: $(tr ':' '\n' <<< "$CP" | grep -c .) entries; modes: ${modes[*]}"
for mode in "${modes[@]}"; do
  for main in "${mains[@]}"; do
    base=${mode%+c1}
    if [ "$base" != plain ]; then
      run_main "$main" "$(mode_flags "$main" "$mode" train)" > /dev/null
      compgen -G "$archives/$main-$mode.*" > /dev/null || { echo "the training run of $main ($mode) wrote no archive" >&2; exit 1; }
    fi
    log="$archives/$main-$mode.classes.txt"
    JAVA_OPTS="${JAVA_OPTS:-} -Xlog:class+load:file=$log" run_main "$main" "$(mode_flags "$main" "$mode" run)" > /dev/null
    total=$(grep -c 'source:' "$log" || true)
    shared=$(grep -c 'source: shared objects file\|source: AOT' "$log" || true)
    size=""
    [ "$base" != plain ] && size=", archive $(du -cm $(compgen -G "$archives/$main-$mode.*" | grep -v classes.txt) | tail -1 | cut -f1) MB"
    echo "# $main $mode: $total classes loaded, $shared from a class-data archive$size"
  done
done

declare -A results=()
declare -A stamps=()
for f in "$archives"/*-autocds*.jsa; do
  [ -e "$f" ] && stamps[$f]=$(stat -c %Y.%s "$f")
done
for _ in $(seq "$N"); do
  for mode in "${modes[@]}"; do
    for main in "${mains[@]}"; do
      results[$main/$mode]+="$(run_main "$main" "$(mode_flags "$main" "$mode" run)");"
    done
  done
done
for f in "${!stamps[@]}"; do
  [ "$(stat -c %Y.%s "$f")" = "${stamps[$f]}" ] || { echo "$f was rewritten by a measured run: the JVM did not use it" >&2; exit 1; }
done
echo "# load average after: $(uptime | sed 's/.*load average: //')"
median() { # column, divisor
  awk -v c="$1" -v d="$2" '{print $c / d}' | sort -g | awk '{a[NR]=$1} END {print NR % 2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'
}
declare -A med_main=() med_cpu=() med_process=()
for mode in "${modes[@]}"; do
  for main in "${mains[@]}"; do
    rows=$(tr ';' '\n' <<< "${results[$main/$mode]}" | grep .)
    med_main[$main/$mode]=$(median 1 1e6 <<< "$rows")
    med_cpu[$main/$mode]=$(median 2 1e6 <<< "$rows")
    med_process[$main/$mode]=$(median 4 1e6 <<< "$rows")
    printf "%-12s %-12s main %7.1f ms  cpu %7.1f ms  process %7.1f ms  start->main %4.0f ms  (n=%d)\n" "$main" "$mode" \
      "${med_main[$main/$mode]}" "${med_cpu[$main/$mode]}" "${med_process[$main/$mode]}" "$(median 3 1 <<< "$rows")" \
      "$(wc -l <<< "$rows")"
  done
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
first=${mains[0]}
for mode in "${modes[@]}"; do
  for main in "${mains[@]}"; do
    [ "$main" = "$first" ] && continue
    echo "ratio $main/$first ($mode): main $(ratio "${med_main[$main/$mode]}" "${med_main[$first/$mode]}")x" \
      "cpu $(ratio "${med_cpu[$main/$mode]}" "${med_cpu[$first/$mode]}")x" \
      "process $(ratio "${med_process[$main/$mode]}" "${med_process[$first/$mode]}")x"
  done
done
for mode in "${modes[@]:1}"; do
  for main in "${mains[@]}"; do
    echo "ratio $main $mode/${modes[0]}: main $(ratio "${med_main[$main/$mode]}" "${med_main[$main/${modes[0]}]}")x" \
      "cpu $(ratio "${med_cpu[$main/$mode]}" "${med_cpu[$main/${modes[0]}]}")x" \
      "process $(ratio "${med_process[$main/$mode]}" "${med_process[$main/${modes[0]}]}")x"
  done
done
