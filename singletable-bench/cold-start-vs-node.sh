#!/usr/bin/env bash
# Cold start side by side with Node.js: each contender in a fresh process doing what a Lambda function's first
# invocation does (client built, one PutItem, one GetItem of the same order, the result checked), N times, the
# contenders taking turns (A B C ... A B C ...), against one engine (Dynoxide, the binary singletable-local runs) in a
# process of its own, started once beforehand with the Bench table (cold-start-table.json). Prints the medians of
# each contender's process wall time, fork to exit, and their ratios to the fastest Node client of the run.
# Build first, from the repository's root:
#   mvn -B -o -q -pl singletable-bench,singletable-lambda-example -am package -DskipTests
# then, from anywhere:
#   singletable-bench/cold-start-vs-node.sh 15
# The Node clients are installed by `npm ci` into singletable-bench/node (node/package.json and node/package-lock.json
# pin them) on the first run, or when node/package-lock.json changed.
#
# Contenders (CONTENDERS, space-separated; the default: the three Node clients, wire+recipe, sdk+recipe, lambda+recipe):
#   onetable, document-client, electrodb   node/<name>.cjs: dynamodb-onetable, the SDK v3 DocumentClient, ElectroDB
#   wire+recipe    singletable on its wire client (ColdStartPutGetWire) with the shipped recipe
#                  (singletable-lambda-example's README): JDK 25, an AOT cache made by a training run of the same
#                  main and class path, and JAVA_TOOL_OPTIONS="$RECIPE_OPTS -XX:AOTCache=<cache>"
#   sdk+recipe     singletable on the SDK's client (ColdStartPutGetSingleTable), the same recipe
#   raw+recipe     the raw SDK (ColdStartPutGetRaw), the same recipe
#   given+recipe   the wire client with its HTTP client built by main and given ready (ColdStartPutGetWireGiven)
#   lambda+recipe  singletable-lambda-example's function itself, as the recipe ships it: its jar alone, the AOT cache
#                  of the recipe's training (AotTraining ENDPOINT 20, as aot-cache.sh runs it), then FirstInvocation
#                  (the handler made from the environment, one put + get of a Customer: not the order of the others)
#   lambda_before+recipe   the same with another build's function jar, BEFORE_LAMBDA_JAR: a change's effect in one run
#   wire_before+recipe, sdk_before+recipe, raw_before+recipe, given_before+recipe   the same mains on another build's
#                  class path, BEFORE_CP (cold-start-before.sh COMMIT builds one and prints it): before and after a
#                  change in one rotation, each with an AOT cache trained on its own class path
#   wire+alt, sdk+alt, raw+alt   the same with ALT_OPTS instead of RECIPE_OPTS (a cache of their own): to try other
#                  flags in the same rotation
#   wire-plain, sdk-plain   the two singletable mains on JDK 25 without cache or flags (what the recipe saves)
# Variables: JAVA (a JDK 24+ java; default /usr/lib/jvm/temurin-25-jdk-amd64/bin/java), NODE (default node),
#   RECIPE_OPTS (default the recipe's, ../singletable-lambda-example/java-tool-options.txt), ENGINE (the Dynoxide
#   binary), BENCH_CP (the Java mains' class path; default the bench's jar and target/cold-start-classpath.txt).
set -euo pipefail
cd "$(dirname "$0")"
{ # the whole script read before it runs: editing it during a run does not change that run
. ../singletable-engine-linux-x64/serve.sh
. ./cold-start-timing.sh
N=${1:-15}
JAVA=${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}
NODE=${NODE:-node}
# the recipe's flags, as singletable-lambda-example ships them (its java-tool-options.txt: what aot-cache.sh trains with)
RECIPE_OPTS=${RECIPE_OPTS:-$(grep -v '^#' ../singletable-lambda-example/java-tool-options.txt | tr -s '\n' ' ' | sed 's/ *$//')}
ALT_OPTS=${ALT_OPTS:-$RECIPE_OPTS}
ENGINE=${ENGINE:-../singletable-engine-linux-x64/target/classes/dynoxide/linux-x64/dynoxide}
read -r -a contenders <<< "${CONTENDERS:-onetable document-client electrodb wire+recipe sdk+recipe lambda+recipe}"

LAMBDA_JAR=${LAMBDA_JAR:-../singletable-lambda-example/target/singletable-lambda-example-function.jar}
BENCH_JAR=$(ls target/singletable-bench-*.jar 2>/dev/null | grep -v -e -sources -e -javadoc | head -1 || true)
[ -n "$BENCH_JAR" ] || { echo "no bench jar: build first with mvn -B -o -q -pl singletable-bench -am package -DskipTests" >&2; exit 2; }
CP=${BENCH_CP:-"$BENCH_JAR:$(cat target/cold-start-classpath.txt)"}
if [[ " ${contenders[*]} " == *" lambda+recipe "* && ! -f "$LAMBDA_JAR" ]]; then
  echo "no $LAMBDA_JAR: build it with mvn -B -o -q -pl singletable-bench,singletable-lambda-example -am package -DskipTests" >&2
  exit 2
fi
[ -f "$ENGINE" ] || { echo "no engine at $ENGINE: build singletable-engine-linux-x64 (the build above does), or set ENGINE" >&2; exit 2; }
version=$("$JAVA" -XshowSettings:properties -version 2>&1 | awk '/java.specification.version/ {print $3}')
[ "${version%%.*}" -ge 24 ] || { echo "$JAVA is Java $version: the recipe's AOT cache needs JDK 24+ (set JAVA)" >&2; exit 2; }

# the Node clients, at the versions node/package-lock.json pins (npm ci: exactly the lock file, nothing resolved anew)
if ! cmp -s node/package-lock.json node/node_modules/.singletable-installed-lock 2>/dev/null; then
  (cd node && npm ci --no-audit --no-fund --loglevel=error > /dev/null && cp package-lock.json node_modules/.singletable-installed-lock)
fi

work=target/cold-start-vs-node
rm -rf "$work"
mkdir -p "$work"
start_dynoxide "$ENGINE" "$work" --schema cold-start-table.json

main_of() {
  local c=${1%%[+-]*}
  case "${c%_before}" in
    wire) echo ColdStartPutGetWire ;;
    given) echo ColdStartPutGetWireGiven ;;
    sdk) echo ColdStartPutGetSingleTable ;;
    raw) echo ColdStartPutGetRaw ;;
    *) echo "unknown contender '$1'" >&2; return 2 ;;
  esac
}

lambda_jar() {
  if [ "$1" = lambda_before+recipe ]; then echo "${BEFORE_LAMBDA_JAR:?lambda_before+recipe needs BEFORE_LAMBDA_JAR}"; else echo "$LAMBDA_JAR"; fi
}

cp_of() {
  case "$1" in
    *_before+*) echo "${BEFORE_CP:?$1 needs BEFORE_CP, the class path of the build to compare with (cold-start-before.sh prints it)}" ;;
    *) echo "$CP" ;;
  esac
}

opts_of() {
  case "$1" in
    *+alt) echo "$ALT_OPTS" ;;
    *) echo "$RECIPE_OPTS" ;;
  esac
}

# one process of one contender; $2 = "train" for the AOT training run. Prints its line
# ("<ns to the result> <cpu ns> <ms from the fork to its first line>") and its wall ns, fork to exit
run() {
  local line cmd=() tool_options=""
  case "$1" in
    onetable|document-client|electrodb) cmd=("$NODE" "node/$1.cjs" "$endpoint") ;;
    lambda+recipe|lambda_before+recipe)
      if [ "${2:-}" = train ]; then
        tool_options="$RECIPE_OPTS -XX:AOTCacheOutput=$work/$1.aot"
        cmd=("$JAVA" -cp "$(lambda_jar "$1")" dev.singletable.examples.lambda.AotTraining "$endpoint" 20 Customers)
      else
        tool_options="$RECIPE_OPTS -XX:AOTMode=on -XX:AOTCache=$work/$1.aot"
        cmd=(env TABLE_NAME=Customers AWS_REGION=us-east-1 AWS_ACCESS_KEY_ID=local AWS_SECRET_ACCESS_KEY=local
             DYNAMODB_ENDPOINT="$endpoint" "$JAVA" -cp "$(lambda_jar "$1")" dev.singletable.examples.lambda.FirstInvocation COLD "Cold Start")
      fi ;;
    *+recipe|*+alt)
      cmd=("$JAVA" -cp "$(cp_of "$1")" "dev.singletable.bench.operations.$(main_of "$1")" "$endpoint")
      if [ "${2:-}" = train ]; then
        tool_options="$(opts_of "$1") -XX:AOTCacheOutput=$work/$1.aot"
      else
        # -XX:AOTMode=on: a JVM that cannot map the cache fails the run instead of measuring a start without it
        tool_options="$(opts_of "$1") -XX:AOTMode=on -XX:AOTCache=$work/$1.aot"
      fi ;;
    *-plain) cmd=("$JAVA" -cp "$CP" "dev.singletable.bench.operations.$(main_of "$1")" "$endpoint") ;;
    *) echo "unknown contender '$1'" >&2; return 2 ;;
  esac
  line=$(timed_line "$1" env JAVA_TOOL_OPTIONS="$tool_options" "${cmd[@]}") || return 1
  case "$line" in
    "{table=Customers, found=true"*) line="nan nan nan ${line##* }" ;; # FirstInvocation's answer: only the process is timed
    "{"*) echo "$1 answered $line" >&2; return 1 ;;
  esac
  echo "$line"
}

echo "# $(date -u +%FT%TZ) load average $(uptime | sed 's/.*load average: //') | $("$JAVA" -version 2>&1 | head -1) | node $("$NODE" --version) | $(nproc) cores"
echo "# recipe: JAVA_TOOL_OPTIONS=\"$RECIPE_OPTS -XX:AOTCache=...\"; alt: \"$ALT_OPTS\"; Node clients: $(cd node && node -e '
  const l = require("./package-lock.json").packages;
  console.log(["dynamodb-onetable", "@aws-sdk/client-dynamodb", "@aws-sdk/lib-dynamodb", "electrodb"].map(p => p + " " + l["node_modules/" + p].version).join(", "))')"
for c in "${contenders[@]}"; do
  case "$c" in
    *+recipe|*+alt)
      run "$c" train > /dev/null
      [ -f "$work/$c.aot" ] || { echo "the training run of $c wrote no AOT cache" >&2; exit 1; }
      log="$work/$c.classes.txt"
      if [ "${c#lambda}" != "$c" ]; then
        JAVA_TOOL_OPTIONS="$RECIPE_OPTS -XX:AOTMode=on -XX:AOTCache=$work/$c.aot -Xlog:class+load:file=$log" TABLE_NAME=Customers \
          AWS_REGION=us-east-1 AWS_ACCESS_KEY_ID=local AWS_SECRET_ACCESS_KEY=local DYNAMODB_ENDPOINT="$endpoint" \
          "$JAVA" -cp "$(lambda_jar "$c")" dev.singletable.examples.lambda.FirstInvocation COLD "Cold Start" > /dev/null 2>&1
      else
        JAVA_TOOL_OPTIONS="$(opts_of "$c") -XX:AOTMode=on -XX:AOTCache=$work/$c.aot -Xlog:class+load:file=$log" \
          "$JAVA" -cp "$(cp_of "$c")" "dev.singletable.bench.operations.$(main_of "$c")" "$endpoint" > /dev/null 2>&1
      fi
      echo "# $c: AOT cache $(du -m "$work/$c.aot" | cut -f1) MB; $(grep -c 'source:' "$log") classes loaded, $(grep -c 'source: shared objects file\|source: AOT' "$log") from the cache" ;;
    *) run "$c" > /dev/null ;; # one unmeasured run each: files in the page cache alike
  esac
done

declare -A results=()
for _ in $(seq "$N"); do
  for c in "${contenders[@]}"; do
    results[$c]+="$(run "$c");"
  done
done
echo "# load average after: $(uptime | sed 's/.*load average: //')"

median() { # column, divisor
  awk -v c="$1" -v d="$2" '{print $c / d}' | sort -g | awk '{a[NR]=$1} END {print NR % 2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'
}
declare -A wall=()
fastest=""
printf "%-16s %10s %10s %10s %14s %4s\n" contender "process ms" "to result" "cpu ms" "fork→1st line" n
for c in "${contenders[@]}"; do
  rows=$(tr ';' '\n' <<< "${results[$c]}" | grep .)
  wall[$c]=$(median 4 1e6 <<< "$rows")
  printf "%-16s %10.1f %10.1f %10.1f %14.0f %4d\n" "$c" "${wall[$c]}" "$(median 1 1e6 <<< "$rows")" \
    "$(median 2 1e6 <<< "$rows")" "$(median 3 1 <<< "$rows")" "$(wc -l <<< "$rows")"
  case "$c" in
    onetable|document-client|electrodb)
      if [ -z "$fastest" ] || awk -v a="${wall[$c]}" -v b="${wall[$fastest]}" 'BEGIN {exit !(a < b)}'; then fastest=$c; fi ;;
  esac
done
if [ -n "$fastest" ]; then
  echo "# process wall / the fastest Node client's ($fastest, ${wall[$fastest]} ms):"
  for c in "${contenders[@]}"; do
    printf "ratio %-16s %.2fx\n" "$c" "$(awk -v a="${wall[$c]}" -v b="${wall[$fastest]}" 'BEGIN {print a / b}')"
  done
fi
exit
}
