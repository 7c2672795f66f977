# Sourced by the JMH scripts (operations.sh, wire-codec.sh, load-throughput.sh) from singletable-bench. build_bench
# builds singletable-bench and what it needs unless SKIP_BUILD is set (its arguments: goals before package, such as
# clean; MAVEN_REPO: a local repository to build into), then sets CP to the bench's classes and whole class path.
build_bench() {
  if [ -z "${SKIP_BUILD:-}" ]; then
    mvn -B -q ${MAVEN_REPO:+-Dmaven.repo.local=$MAVEN_REPO} -f ../pom.xml -pl singletable-bench -am "$@" package -DskipTests
  fi
  CP="target/classes:$(cat target/classpath.txt)"
}
