# Sourced by cold-start-put-get.sh and cold-start-vs-node.sh: timed_line WHAT COMMAND... runs COMMAND with the fork's
# time in COLD_START_FORK_NS (ns since the epoch, as date +%s%N gives it: the mains and the Node scripts report the
# time from it to their first line), and prints the command's output line and then its wall time in ns, fork to exit.
# When the command fails, it says which (WHAT), shows its standard error and fails.
timed_line() {
  local what=$1 err t0 t1 line
  shift
  err=$(mktemp)
  t0=$(date +%s%N)
  if ! line=$(COLD_START_FORK_NS=$t0 "$@" 2> "$err"); then
    echo "$what failed:" >&2
    cat "$err" >&2
    rm -f "$err"
    return 1
  fi
  t1=$(date +%s%N)
  rm -f "$err"
  echo "$line $((t1 - t0))"
}
