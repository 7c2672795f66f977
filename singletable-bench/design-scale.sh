#!/usr/bin/env bash
# Wall time of the design commands on generated designs of N entities (design-scale.py: one GSI, two access patterns
# and two examples an entity), for each N in SIZES, in this checkout and optionally in an earlier commit's tree, the two
# interleaved run by run so that a busy machine disturbs both alike. patterns and view run with --no-cache: every
# pattern on the embedded engine. Each tree must be built first (its singletable-cli/target/singletable-cli.jar and
# target/lib, e.g. `mvn -B -o -q -DskipTests package -pl singletable-cli -am`); the JVM runs as ./singletable runs it,
# without the class-data-sharing archive (the same start-up cost on both sides). Reports the median wall time, each
# with the CPU time (user + sys, the engine's child process included) of that run, and the load average at the end.
#   singletable-bench/design-scale.sh
#   BEFORE=/tmp/before RUNS=3 SIZES='10 50 200 500 1000' singletable-bench/design-scale.sh
#   COMMANDS=$'lint\ncheck' TIMEOUT=120 singletable-bench/design-scale.sh
#   AFTER=/tmp/after BEFORE=/tmp/before singletable-bench/design-scale.sh   # two built trees (git archive of each commit)
# A run over TIMEOUT seconds (default 300) is stopped and reported as ">TIMEOUT s".
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
runs="${RUNS:-1}"
read -r -a sizes <<<"${SIZES:-10 50 200 500 1000}"
timeout_s="${TIMEOUT:-300}"
after="${AFTER:-$root}"   # the tree measured as "after": this checkout unless given
trees=("$after")
labels=(after)
if [[ -n "${BEFORE:-}" ]]; then
  trees=("$BEFORE" "$after")
  labels=(before after)
fi
commands=(check lint describe "patterns --no-cache" "view --no-cache -o /dev/null")
if [[ -n "${COMMANDS:-}" ]]; then
  mapfile -t commands <<<"$COMMANDS"
fi
work="$root/singletable-bench/target/design-scale"
mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
for n in "${sizes[@]}"; do
  python3 "$root/singletable-bench/design-scale.py" "$n" >"$work/scale-$n.singletable.yaml"
done

run() {   # tree command file: prints "wall/cpu" seconds (cpu: user + sys of the JVM and the engine it starts), or >TIMEOUT
  local tree="$1" command="$2" file="$3" times status=0
  times="$(mktemp)"
  # shellcheck disable=SC2086
  # time outside timeout: a run stopped at the timeout stops the JVM itself (time's exit status is timeout's), and the
  # CPU counted is that of every process waited for below it (timeout, the JVM, the engine)
  /usr/bin/time -f '%e %U %S' -o "$times" timeout "$timeout_s" java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC \
      -cp "$tree/singletable-cli/target/singletable-cli.jar" dev.singletable.cli.Main $command "$file" >/dev/null 2>&1 || status=$?
  if [[ $status -eq 124 ]]; then   # lint exits 1 on findings: still timed
    echo ">$timeout_s"
  else
    awk 'END { printf "%.2f/%.2f", $1, $2 + $3 }' "$times"
  fi
  rm -f "$times"
}
median() {   # of "wall/cpu" pairs: the median wall time with its run's CPU time
  printf '%s\n' "$@" | sort -t/ -k1,1n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

echo "$(date -u +%FT%TZ), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $runs run(s), median wall/CPU (user+sys) seconds"
printf '%-32s %6s' "command" "N"
for label in "${labels[@]}"; do printf ' %13s' "$label"; done
echo
for command in "${commands[@]}"; do
  for n in "${sizes[@]}"; do
    declare -A times=()
    for ((i = 0; i < runs; i++)); do
      for t in "${!trees[@]}"; do
        times[$t]+="$(run "${trees[$t]}" "$command" "$work/scale-$n.singletable.yaml") "
      done
    done
    printf '%-32s %6s' "${command%% -o /dev/null}" "$n"
    for t in "${!trees[@]}"; do
      # shellcheck disable=SC2086
      printf ' %13s' "$(median ${times[$t]})"
    done
    echo
    unset times
  done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
