#!/usr/bin/env bash
# The servers of the distributed profile that can be had on our machines, started together on loopback
# for tests and development: a Kafka broker (infra/kafka) and a MongoDB-wire server (infra/ferretdb).
# EventStoreDB cannot be had from any registry: give PASSES_EVENTSTORE_URL yourself to use one.
#
#   servers.sh start <state-dir>   starts both (fetching or building them on first use) and prints one
#                                  NAME=value line each on stdout; a server whose prerequisite is
#                                  missing (Java, Go) prints `# <name> skipped: <why>` instead
#   servers.sh stop <state-dir>    stops both; fine if not running
#
# Exit codes: 0 started (possibly with skips), 1 a server failed to start.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

usage() {
  echo "usage: servers.sh start <state-dir> | servers.sh stop <state-dir>" >&2
  exit 2
}

# Runs one server's script; its one result line, or a skip line when its prerequisite is missing (exit 3).
start_one() {
  local name=$1 script=$2 state=$3 line status=0
  line=$("$script" start "$state") || status=$?
  case $status in
    0) echo "$line" ;;
    3) echo "# $name skipped: $(tail -n 1 "$state.err" 2>/dev/null || echo 'a prerequisite is missing')" ;;
    *) return "$status" ;;
  esac
}

[ $# -eq 2 ] || usage
mkdir -p "$2"
state_dir=$(cd "$2" && pwd)

case $1 in
  start)
    # Side by side: the broker's JVM and the Go build or start overlap.
    start_one kafka "$here/kafka/kafka.sh" "$state_dir/kafka" >"$state_dir/kafka.line" 2> >(tee "$state_dir/kafka.err" >&2) &
    kafka=$!
    start_one mongodb "$here/ferretdb/ferretdb.sh" "$state_dir/ferretdb" >"$state_dir/ferretdb.line" 2> >(tee "$state_dir/ferretdb.err" >&2) &
    ferretdb=$!
    failed=0
    wait "$kafka" || failed=1
    wait "$ferretdb" || failed=1
    cat "$state_dir/kafka.line" "$state_dir/ferretdb.line"
    exit "$failed"
    ;;
  stop)
    "$here/kafka/kafka.sh" stop "$state_dir/kafka" || true
    "$here/ferretdb/ferretdb.sh" stop "$state_dir/ferretdb" || true
    ;;
  *)
    usage
    ;;
esac
