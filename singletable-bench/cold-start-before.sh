#!/usr/bin/env bash
# Builds another commit's cold-start mains and Lambda function (its tree from git archive, in target/before-COMMIT,
# packaged offline as the README's build does) for the *_before contenders of cold-start-vs-node.sh, and prints the
# two variables that name them. Before and after a change in one rotation, from the repository's root:
#   eval "$(singletable-bench/cold-start-before.sh 6da3d2d)"
#   CONTENDERS="document-client wire_before+recipe wire+recipe sdk_before+recipe sdk+recipe lambda_before+recipe lambda+recipe" \
#     singletable-bench/cold-start-vs-node.sh 15
# A second call with the same commit reuses its build.
set -euo pipefail
commit=${1:?usage: cold-start-before.sh COMMIT}
root=$(cd "$(dirname "$0")/.." && pwd -P)
dir=$root/singletable-bench/target/before-$(git -C "$root" rev-parse --short "$commit")
if [ ! -f "$dir/singletable-bench/target/cold-start-classpath.txt" ] || [ ! -f "$dir/singletable-lambda-example/target/singletable-lambda-example-function.jar" ]; then
  rm -rf "$dir"
  mkdir -p "$dir"
  git -C "$root" archive "$commit" | tar -x -C "$dir"
  (cd "$dir" && mvn -B -o -q -pl singletable-bench,singletable-lambda-example -am package -DskipTests) >&2
fi
bench_jar=$(ls "$dir"/singletable-bench/target/singletable-bench-*.jar | grep -v -e -sources -e -javadoc | head -1)
echo "export BEFORE_CP='$bench_jar:$(cat "$dir/singletable-bench/target/cold-start-classpath.txt")'"
echo "export BEFORE_LAMBDA_JAR='$dir/singletable-lambda-example/target/singletable-lambda-example-function.jar'"
