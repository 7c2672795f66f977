#!/usr/bin/env bash
# Cold start: runs each main class N times in a fresh JVM and prints the median milliseconds from main
# to the first encoded and decoded item. Build first: mvn -B -q -pl singletable-bench -am clean package -DskipTests
# Two modes, both printed: "end-to-end" times everything after main starts; "--sdk-loaded" first builds one
# SDK item of every shape (before the clock), so that only the mapper's own start-up is timed.
# The mains take turns (A B C A B C ...), so a machine that slows down or speeds up affects them alike.
# MAINS="ColdStartGenerated ColdStartBean" ./cold-start.sh 11 runs only those; ColdStartHandWritten is the floor
# (the same item with hand-written SDK code). MODES="--sdk-loaded" runs one mode.
set -euo pipefail
cd "$(dirname "$0")"
N=${1:-10}
CP="target/classes:$(cat target/classpath.txt)"
read -r -a mains <<< "${MAINS:-ColdStartHandWritten ColdStartGenerated ColdStartBean}"
for mode in ${MODES:-end-to-end --sdk-loaded}; do
  echo "# $mode"
  declare -A times=()
  for _ in $(seq "$N"); do
    for main in "${mains[@]}"; do
      times[$main]+="$(java -Xshare:auto -cp "$CP" "dev.singletable.bench.$main" "$mode" 2>/dev/null | cut -d' ' -f1) "
    done
  done
  for main in "${mains[@]}"; do
    tr ' ' '\n' <<< "${times[$main]}" | grep . | sort -n | awk -v m="$main" '{a[NR]=$1} END {printf "%-20s median %.1f ms  (min %.1f, max %.1f, n=%d)\n", m, a[int((NR+1)/2)]/1e6, a[1]/1e6, a[NR]/1e6, NR}'
  done
  unset times
done
