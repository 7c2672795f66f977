#!/usr/bin/env bash
# Wall time of the design commands of ./singletable after the first build (patterns and view answering from their
# cache, and with --no-cache running the embedded engine), with and without the class-data-sharing archive the script
# makes: each command run N times (default 11) in each mode, the modes interleaved run by run so that a busy machine
# disturbs both alike. Reports the median and minimum wall time and the median CPU time (user + system) of the
# process, which load disturbs less. hyperfine is not needed: bash's time.
#   singletable-bench/cli-wall-time.sh              # 11 runs of each command in each mode
#   RUNS=21 MODES=archive singletable-bench/cli-wall-time.sh
#   BEFORE=/tmp/cli-before MODES='before archive' singletable-bench/cli-wall-time.sh   # an earlier build against this one
# Modes: archive (as ./singletable runs), no-archive (SINGLETABLE_NO_ARCHIVE=1: the same class path, no archive),
# before (an earlier commit's ./singletable in the directory $BEFORE: that commit's tree, from git archive, with its
# singletable-cli/target built and the jar touched after, so that its script finds it up to date), installed (the
# distribution archive unpacked in the directory $INSTALLED: its bin/singletable, as a user installs it: on Java 24+
# with the AOT cache it makes on its first run, which the script waits for), installed-no-aot (the same with
# SINGLETABLE_NO_AOT=1). The java is $JAVA_HOME's, else the PATH's.
#   INSTALLED=/tmp/inst/singletable-0.1.0-SNAPSHOT MODES='archive installed' singletable-bench/cli-wall-time.sh
#   JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 INSTALLED=... MODES='installed installed-no-aot' singletable-bench/cli-wall-time.sh
# Without INSTALLED, the installed modes unpack the distribution archive the build left
# (singletable-distribution/target/singletable-*.tar.gz: mvn -B -o -q -pl singletable-distribution -am package -DskipTests)
# into singletable-bench/target/installed. The first call builds the CLI when needed and makes the archive; it is not
# timed. With two modes or more, a last table puts each command's modes side by side, with the ratios of the first
# mode's median wall and cpu to each other mode's.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
runs="${RUNS:-11}"
read -r -a modes <<<"${MODES:-archive no-archive}"
cd "$root"

apptable="$(ls singletable-examples/target/singletable-examples-*.jar 2>/dev/null | head -1)"   # the processor's AppTable design
commands=(
  "check designs/blog.singletable.yaml"
  "describe designs/blog.singletable.yaml"
  "patterns designs/blog.singletable.yaml"
  "patterns --no-cache designs/blog.singletable.yaml"
  "view designs/blog.singletable.yaml -o /dev/null"
  "view --no-cache designs/blog.singletable.yaml -o /dev/null"
  "patterns designs/ecommerce.singletable.yaml"
  "view designs/shapes.singletable.yaml -o /dev/null"
  ${apptable:+"patterns $apptable"}
  ${apptable:+"view $apptable -o /dev/null"}
  "lint designs/blog.singletable.yaml"
  "export cloudformation designs/blog.singletable.yaml"
  "export terraform designs/shapes.singletable.yaml"
  "export nosql-workbench designs/blog.singletable.yaml -o /dev/null"
  "--help"
)
if [[ -n "${COMMANDS:-}" ]]; then   # a subset, one command a line: COMMANDS=$'check designs/blog.singletable.yaml\n--help'
  mapfile -t commands <<<"$COMMANDS"
fi

# patterns and view keep their results in a cache of the bench's own: the first call of each below fills it, so the
# timed runs without --no-cache answer from it, as every run after the first of an unchanged design does
export XDG_CACHE_HOME="$root/singletable-bench/target/cli-cache"
rm -rf "$XDG_CACHE_HOME"

# one command in one mode
cli() {
  local mode="$1"
  shift
  case "$mode" in
    archive) SINGLETABLE_NO_ARCHIVE= ./singletable "$@" ;;
    no-archive) SINGLETABLE_NO_ARCHIVE=1 ./singletable "$@" ;;
    before) SINGLETABLE_NO_ARCHIVE= "${BEFORE:?mode before needs BEFORE=<the tree of an earlier commit, built>}/singletable" "$@" ;;
    installed) "${INSTALLED:?mode installed needs INSTALLED=<the unpacked distribution archive>}/bin/singletable" "$@" ;;
    installed-no-aot) SINGLETABLE_NO_AOT=1 "${INSTALLED:?mode installed-no-aot needs INSTALLED=<the unpacked distribution archive>}/bin/singletable" "$@" ;;
    *) echo "unknown mode $mode (archive, no-archive, before, installed, installed-no-aot)" >&2; return 2 ;;
  esac
}

if [[ " ${modes[*]} " == *" archive "* || " ${modes[*]} " == *" no-archive "* ]]; then
  ./singletable --version >/dev/null   # builds on first use; makes the archive on its first run
fi
if [[ " ${modes[*]} " == *" installed"* && -z "${INSTALLED:-}" ]]; then
  archive="$(ls singletable-distribution/target/singletable-*.tar.gz 2>/dev/null | head -1)"
  [[ -n "$archive" ]] || { echo "no INSTALLED and no distribution archive: build it with mvn -B -o -q -pl singletable-distribution -am package -DskipTests" >&2; exit 2; }
  rm -rf singletable-bench/target/installed
  mkdir -p singletable-bench/target/installed
  tar -xzf "$archive" -C singletable-bench/target/installed
  INSTALLED="$(ls -d "$root"/singletable-bench/target/installed/singletable-*/ | head -1)"
  INSTALLED="${INSTALLED%/}"
  echo "# installed from $archive into $INSTALLED"
fi
if [[ " ${modes[*]} " == *" installed "* ]]; then
  # on Java 24+, the installed command's first run makes its AOT cache in the background: timed runs wait for it
  "$INSTALLED/bin/singletable" --version >/dev/null
  for _ in $(seq 600); do
    compgen -G "$XDG_CACHE_HOME/singletable/aot/*.making" >/dev/null || break
    sleep 1
  done
  echo "# the installed command's AOT cache: $(ls "$XDG_CACHE_HOME/singletable/aot/" 2>/dev/null | tr '\n' ' ')"
fi
for command in "${commands[@]}"; do
  for mode in "${modes[@]}"; do
    # shellcheck disable=SC2086
    cli "$mode" $command >/dev/null 2>&1 || true   # fills the cache of patterns and view; not timed
  done
done

median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
minimum() { printf '%s\n' "$@" | sort -n | head -1; }

TIMEFORMAT='%R %U %S'
echo "$(date -u +%FT%TZ), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $runs runs"
printf '%-68s %-16s %9s %9s %9s\n' "command" "mode" "median" "min" "cpu"
declare -A summary=()
for command in "${commands[@]}"; do
  declare -A walls=() cpus=()
  for ((i = 0; i < runs; i++)); do
    for mode in "${modes[@]}"; do
      # shellcheck disable=SC2086
      measured=$( { time cli "$mode" $command >/dev/null 2>&1; } 2>&1 ) || true   # lint exits 1 on findings
      read -r real user sys <<<"$measured"
      walls[$mode]+="$(awk -v r="$real" 'BEGIN { printf "%d", r * 1000 }') "
      cpus[$mode]+="$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%d", (u + s) * 1000 }') "
    done
  done
  for mode in "${modes[@]}"; do
    # shellcheck disable=SC2086
    printf '%-68s %-16s %6s ms %6s ms %6s ms\n' "./singletable $command" "$mode" "$(median ${walls[$mode]})" \
      "$(minimum ${walls[$mode]})" "$(median ${cpus[$mode]})"
    # shellcheck disable=SC2086
    summary[$command/$mode]="$(median ${walls[$mode]}) $(minimum ${walls[$mode]}) $(median ${cpus[$mode]})"
  done
  unset walls cpus
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

if ((${#modes[@]} > 1)); then
  # side by side: one row a command, median / min / cpu of each mode, then the first mode's wall and cpu over each other's
  header="| command |"
  rule="|---|"
  for mode in "${modes[@]}"; do header+=" $mode: median / min / cpu |"; rule+="---|"; done
  for mode in "${modes[@]:1}"; do header+=" ${modes[0]} / $mode: wall, cpu |"; rule+="---:|"; done
  echo
  echo "$header"
  echo "$rule"
  for command in "${commands[@]}"; do
    row="| \`$command\` |"
    for mode in "${modes[@]}"; do
      read -r w m c <<<"${summary[$command/$mode]}"
      row+=" $w / $m / $c ms |"
    done
    read -r w0 _ c0 <<<"${summary[$command/${modes[0]}]}"
    for mode in "${modes[@]:1}"; do
      read -r w _ c <<<"${summary[$command/$mode]}"
      row+=" $(awk -v a="$w0" -v b="$w" -v x="$c0" -v y="$c" 'BEGIN { printf "%.2f, %.2f", (b ? a / b : 0), (y ? x / y : 0) }') |"
    done
    echo "$row"
  done
fi
