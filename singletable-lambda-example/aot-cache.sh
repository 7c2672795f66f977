#!/usr/bin/env bash
# The function's JDK 25 AOT cache (JEP 483/514/515), made and used locally:
#   1. starts the embedded engine (Dynoxide, the binary singletable-local runs) in a process of its own,
#   2. the training run: AotTraining (the handler's put + get, ITERATIONS times) with -XX:AOTCacheOutput,
#      on the function's jar alone, the class path the cache is then used with, and the recipe's JVM flags
#      (java-tool-options.txt, in JAVA_TOOL_OPTIONS as on Lambda),
#   3. runs AotTraining once more with -XX:AOTCache and -XX:AOTMode=on (the JVM stops if it cannot map the cache).
# Build first, from the repository's root:  mvn -B -o -pl singletable-lambda-example -am package -DskipTests
# Then:  JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java singletable-lambda-example/aot-cache.sh
# The cache is target/function.aot. It belongs to the JDK build and the class path that made it: make it with the
# JDK your functions run on (README.md of this directory: "An AOT cache for Lambda").
set -euo pipefail
cd "$(dirname "$0")"
. ../singletable-engine-linux-x64/serve.sh
JAVA=${JAVA:-java}
ITERATIONS=${ITERATIONS:-20}
JAR=target/singletable-lambda-example-function.jar
ENGINE=${ENGINE:-../singletable-engine-linux-x64/target/classes/dynoxide/linux-x64/dynoxide}
CACHE=target/function.aot
# the recipe's JVM flags (java-tool-options.txt): the cache is trained with the flags it is used with
RECIPE_OPTS=$(grep -v '^#' java-tool-options.txt | tr -s '\n' ' ' | sed 's/ *$//')

[ -f "$JAR" ] || { echo "no $JAR: build it from the repository's root with mvn -B -o -pl singletable-lambda-example -am package -DskipTests" >&2; exit 2; }
[ -f "$ENGINE" ] || { echo "no engine at $ENGINE: build singletable-engine-linux-x64 (the command above does), or set ENGINE" >&2; exit 2; }
version=$("$JAVA" -XshowSettings:properties -version 2>&1 | awk '/java.specification.version/ {print $3}')
if [ "${version%%.*}" -lt 25 ]; then
  echo "$JAVA is Java $version: the AOT cache needs JDK 25 (set JAVA=/path/to/jdk-25/bin/java)" >&2
  exit 2
fi

start_dynoxide "$ENGINE" target

rm -f "$CACHE"
echo "# training: $($JAVA -version 2>&1 | head -1), $ITERATIONS iterations against $endpoint"
echo "# JAVA_TOOL_OPTIONS=\"$RECIPE_OPTS -XX:AOTCache=...\""
JAVA_TOOL_OPTIONS="$RECIPE_OPTS -XX:AOTCacheOutput=$CACHE" \
  "$JAVA" -cp "$JAR" dev.singletable.examples.lambda.AotTraining "$endpoint" "$ITERATIONS" 2> >(grep -v '^Picked up' >&2)
[ -f "$CACHE" ] || { echo "the training run wrote no $CACHE" >&2; exit 1; }
echo "# $CACHE: $(du -m "$CACHE" | cut -f1) MB"
echo "# with the cache (-XX:AOTMode=on: the JVM stops if it cannot map it):"
JAVA_TOOL_OPTIONS="$RECIPE_OPTS -XX:AOTMode=on -XX:AOTCache=$CACHE" \
  "$JAVA" -cp "$JAR" dev.singletable.examples.lambda.AotTraining "$endpoint" 1 2> >(grep -v '^Picked up' >&2)
