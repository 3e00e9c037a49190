#!/usr/bin/env bash
# The servers of the distributed profile that can be had on our machines, started on loopback for tests
# and development: a Kafka broker (infra/kafka) and a MongoDB-wire server (infra/ferretdb, FerretDB on a
# PostgreSQL of its own). EventStoreDB cannot be had from any registry: give PASSES_EVENTSTORE_URL
# yourself to use one.
#
#   servers.sh start <state-dir> [kafka|mongodb]   starts both, or the one named (fetching or building
#                        them on first use), and prints one NAME=value line each on stdout; a server whose
#                        prerequisite is missing (Java, Go) prints `# <name> skipped: <why>` instead
#   servers.sh stop <state-dir> [kafka|mongodb]    stops both, or the one named; fine if not running
#   servers.sh restart <state-dir> kafka|mongodb   stops the one named and starts it again on the port it
#                        had, with its data; the other one is not touched
#
# A state dir keeps each server's port: a server started again on it gets the port it had if that port
# is free (restart insists on it), so that the addresses printed once stay valid. The servers run
# detached from the caller (their output goes to logs in the state dir), so a caller that captures our
# stdout and stderr gets them back as soon as we exit.
#
# Exit codes: 0 started (possibly with skips), 1 a server failed to start, 2 wrong usage.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
names=(kafka mongodb)

usage() {
  echo "usage: servers.sh start|stop <state-dir> [kafka|mongodb] | servers.sh restart <state-dir> kafka|mongodb" >&2
  exit 2
}

# A server's script and its own state dir (named as before the servers could be named one by one).
script_of() {
  case $1 in
    kafka) echo "$here/kafka/kafka.sh" ;;
    mongodb) echo "$here/ferretdb/ferretdb.sh" ;;
  esac
}
state_of() {
  case $1 in
    kafka) echo "$state_dir/kafka" ;;
    mongodb) echo "$state_dir/ferretdb" ;;
  esac
}

# The port a server last started on in this state dir, or nothing.
recorded_port() {
  cat "$state_dir/$1.port" 2>/dev/null || true
}

# Whether something accepts connections on a loopback port.
port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# Runs one server's script with the given port (0: any free one); its result line goes to <name>.line
# and its port to <name>.port, or a skip line to <name>.line when its prerequisite is missing (exit 3).
# Its progress goes to our stderr as it comes, and to <name>.err.
start_one() {
  local name=$1 port=$2 status=0 script tail line
  rm -f "$state_dir/$name.line"
  : >"$state_dir/$name.err"
  "$(script_of "$name")" start "$(state_of "$name")" "$port" >"$state_dir/$name.out" 2>"$state_dir/$name.err" &
  script=$!
  # A child of ours, unlike a process substitution's tee: it ends once it has shown the script's last line.
  tail -n +1 -s 0.2 -f --pid="$script" "$state_dir/$name.err" >&2 &
  tail=$!
  wait "$script" || status=$?
  wait "$tail" || true
  case $status in
    0)
      line=$(cat "$state_dir/$name.out")
      echo "$line" >"$state_dir/$name.line"
      echo "${line##*:}" >"$state_dir/$name.port"
      ;;
    3) echo "# $name skipped: $(tail -n 1 "$state_dir/$name.err" 2>/dev/null || echo 'a prerequisite is missing')" >"$state_dir/$name.line" ;;
    *) return "$status" ;;
  esac
}

cmd_start() {
  local name port pids=() failed=0
  for name in "$@"; do
    port=$(recorded_port "$name")
    if [ -n "$port" ] && port_in_use "$port"; then
      echo "servers.sh: $name's port $port answers already (its server still runs, or another program took it); asking for any free port" >&2
      port=
    fi
    # Side by side: the broker's JVM and the Go build or start overlap.
    start_one "$name" "${port:-0}" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do
    wait "$pid" || failed=1
  done
  for name in "$@"; do
    cat "$state_dir/$name.line" 2>/dev/null || true
  done
  return "$failed"
}

cmd_stop() {
  local name
  for name in "$@"; do
    "$(script_of "$name")" stop "$(state_of "$name")" || true
  done
}

cmd_restart() {
  local name=$1 port
  port=$(recorded_port "$name")
  [ -n "$port" ] || { echo "servers.sh: $name was never started on $state_dir" >&2; exit 1; }
  cmd_stop "$name"
  if port_in_use "$port"; then
    echo "servers.sh: $name's port $port is still taken after its stop; not restarted" >&2
    exit 1
  fi
  start_one "$name" "$port"
  cat "$state_dir/$name.line"
}

[ $# -eq 2 ] || [ $# -eq 3 ] || usage
command=$1
mkdir -p "$2"
state_dir=$(cd "$2" && pwd)
if [ $# -eq 3 ]; then
  [[ " ${names[*]} " == *" $3 "* ]] || usage
  names=("$3")
fi

case $command in
  start) cmd_start "${names[@]}" ;;
  stop) cmd_stop "${names[@]}" ;;
  restart) [ $# -eq 3 ] || usage; cmd_restart "$3" ;;
  *) usage ;;
esac
