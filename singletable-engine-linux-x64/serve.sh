# Sourced by scripts that need the embedded engine in a process of their own (singletable-bench's cold-start-vs-node.sh,
# singletable-lambda-example's aot-cache.sh): start_dynoxide BINARY DIRECTORY [ARGUMENTS...] copies the Dynoxide binary
# the build unpacked (target/classes/dynoxide/linux-x64/dynoxide, a resource without its executable bit) into DIRECTORY,
# starts it on a free loopback port with ARGUMENTS (--schema FILE, say), logs to DIRECTORY/engine.log, stops it when the
# script exits, waits until it answers, and sets engine (its process id) and endpoint (http://127.0.0.1:PORT).
start_dynoxide() {
  local binary=$1 directory=$2 port
  shift 2
  install -m 755 "$binary" "$directory/dynoxide"
  port=$((20000 + RANDOM % 20000))
  "$directory/dynoxide" --port "$port" "$@" > "$directory/engine.log" 2>&1 &
  engine=$!
  trap 'kill "$engine" 2>/dev/null || true' EXIT
  endpoint="http://127.0.0.1:$port"
  for _ in $(seq 100); do
    (exec 3<> "/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
    sleep 0.1
  done
  echo "Dynoxide did not answer on $endpoint (its log: $directory/engine.log)" >&2
  return 1
}
