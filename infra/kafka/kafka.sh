#!/usr/bin/env bash
# Starts and stops a real single-node Apache Kafka broker (KRaft: broker and controller in one JVM) on
# loopback, from Maven Central's jars: our machines have no Docker engine, cannot reach Apache's
# download mirrors, and Debian packages no Kafka server.
#
#   kafka.sh start <state-dir> [port]   prints PASSES_KAFKA_BROKERS=127.0.0.1:<port> on stdout once the
#                                       broker answers Kafka requests; port 0 or none: a free one
#   kafka.sh stop <state-dir>           stops the broker started on <state-dir>; none running is fine
#
# Everything but that one line goes to stderr. Exit codes: 0 done, 1 failed, 2 wrong usage, 3 a
# prerequisite is missing (a Java 17+ JDK; Maven too while the jars are not cached), so that a caller
# can report the tests as skipped rather than failed.
# <state-dir> holds the broker's config, data, pid and logs (broker.log: Kafka's WARN and above;
# broker.out: the JVM's own output). Another start on the same directory keeps topics and offsets.
# Topics are not created on first use (auto.create.topics.enable=false): clients create theirs, with
# the partition count they mean, as they must on a production cluster.
#
# Beside this script: pom.xml (the broker's jars, fetched once with Maven), log4j2.xml (its logging),
# KafkaProbe.java (free ports, cluster id, readiness check).
#
# Environment: KAFKA_CACHE_DIR (the jars; default below), KAFKA_HEAP_OPTS (default "-Xms128m -Xmx512m"),
# KAFKA_START_TIMEOUT (seconds to wait for the broker to answer; default 90).
set -euo pipefail
shopt -s inherit_errexit

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../process.sh
. "$here/../process.sh"
# pom.xml is the one place the version is set.
version=$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$here/pom.xml")
cache_dir=${KAFKA_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/wallet-passes/kafka-$version}
heap_opts=${KAFKA_HEAP_OPTS:--Xms128m -Xmx512m}
start_timeout=${KAFKA_START_TIMEOUT:-90}
stop_timeout=30

# stdout is kept (as fd 3) for the one result line; everything else, ours and the tools', goes to stderr.
exec 3>&1 1>&2

# To stderr explicitly, since die may run inside a command substitution.
die() {
  echo "kafka: $1" >&2
  exit "${2:-1}"
}

usage() {
  die "usage: kafka.sh start <state-dir> [port] | kafka.sh stop <state-dir>" 2
}

require_jdk() {
  { command -v java && command -v javac; } >/dev/null \
    || die "Java missing: a Java 17+ JDK (java and javac on PATH) is needed to run Kafka" 3
  local spec
  spec=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  # "1.8" and older give 1 here.
  [ "${spec%%.*}" -ge 17 ] 2>/dev/null || die "Java missing: Kafka $version needs Java 17+, java on PATH is ${spec:-unknown}" 3
}

# Fetches the jars once per Kafka version. The lock serialises concurrent first starts; the jars land in
# a temporary sibling that is renamed into place, so an interrupted fetch never looks complete.
fetch_jars() {
  [ -d "$cache_dir" ] && return
  command -v mvn >/dev/null || die "Maven missing: mvn is needed once to fetch the Kafka $version jars into $cache_dir" 3
  mkdir -p "$(dirname "$cache_dir")"
  (
    flock 9
    [ -d "$cache_dir" ] && exit 0
    echo "kafka: fetching the Kafka $version jars into $cache_dir (once)"
    tmp=$(mktemp -d "$cache_dir.tmp.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
    # Maven's output goes to a log, shown only on failure (its -q still prints stray colour codes).
    if ! mvn -B --no-transfer-progress -f "$here/pom.xml" dependency:copy-dependencies \
      -DincludeScope=runtime -DoutputDirectory="$tmp" >"$cache_dir.fetch.log" 2>&1; then
      grep -E '^\[(ERROR|WARNING)\]' "$cache_dir.fetch.log" | head -n 20 || true
      echo "kafka: Maven could not fetch the Kafka $version jars; its log: $cache_dir.fetch.log"
      exit 1
    fi
    mv -T "$tmp" "$cache_dir"
  ) 9>"$cache_dir.lock"
}

# Compiled once per version of its source (a directory named by its hash, so it never goes stale),
# into a temporary sibling renamed into place: a concurrent start that loses the race drops its copy.
probe() {
  local classes tmp
  classes=$cache_dir/probe-$(sha256sum "$here/KafkaProbe.java" | cut -c1-12)
  if [ ! -d "$classes" ]; then
    tmp=$(mktemp -d "$classes.tmp.XXXXXX")
    javac -nowarn -d "$tmp" -cp "$cache_dir/*" "$here/KafkaProbe.java" \
      || { rm -rf "$tmp"; die "could not compile $here/KafkaProbe.java (javac's errors are above)"; }
    mv -T "$tmp" "$classes" 2>/dev/null || rm -rf "$tmp"
  fi
  java -Xmx64m -XX:TieredStopAtLevel=1 -cp "$classes:$cache_dir/*" KafkaProbe "$@"
}

# The pid of the broker started on this state dir while it runs.
running_pid() {
  recorded_pid "$state_dir/kafka.pid" "$state_dir/server.properties"
}

# Kafka shuts down cleanly on SIGTERM, in a few seconds; SIGKILL only if it hangs.
stop_broker() {
  stop_recorded "$state_dir/kafka.pid" "$state_dir/server.properties" TERM "$stop_timeout" kafka || exit 1
}

show_tail() {
  [ -s "$1" ] || return 0
  echo "kafka: the last lines of $1:"
  tail -n "$2" "$1"
}

start_broker() {
  local port=$1 pid prepared controller_port
  valid_port "$port" || die "the port must be a number from 0 to 65535, not '$port'" 2
  port=$((10#$port))
  require_jdk

  if pid=$(running_pid); then
    local running_port
    running_port=$(sed -n 's|^advertised.listeners=PLAINTEXT://127.0.0.1:||p' "$state_dir/server.properties")
    [ "$port" = 0 ] || [ "$port" = "$running_port" ] \
      || die "a broker (pid $pid) already runs on $state_dir with port $running_port, not $port"
    echo "kafka: already running (pid $pid)"
    echo "PASSES_KAFKA_BROKERS=127.0.0.1:$running_port" >&3
    return
  fi

  fetch_jars
  # Ports are chosen again at each start (only node.id and the cluster id are in the formatted data),
  # and the controller's with a static voter list, which, unlike a dynamic quorum, may change port.
  prepared=$(probe prepare)
  [ "$port" != 0 ] || port=$(sed -n 1p <<<"$prepared")
  controller_port=$(sed -n 2p <<<"$prepared")
  [ "$controller_port" != "$port" ] || controller_port=$(sed -n 1p <<<"$prepared")

  mkdir -p "$state_dir/data"
  cat >"$state_dir/server.properties" <<EOF
# Written by infra/kafka/kafka.sh at each start; edits are lost.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$port
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
controller.listener.names=CONTROLLER
log.dirs=$state_dir/data
auto.create.topics.enable=false
num.partitions=1
# One node: every internal topic has one replica. One partition each, since creating the default 50 of
# __consumer_offsets would slow the first consumer group of a fresh state dir by seconds.
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
# Tests start consumers and expect their partitions at once, not after the default 3 s wait for more,
# and may give their consumers a session timeout under the default floor of 6 s, so that a crashed
# member's partitions move in a few seconds (clients that keep kafkajs' 30 s are unaffected).
group.initial.rebalance.delay.ms=0
group.min.session.timeout.ms=1000
# Sized for a 2-core machine shared with the tests: fewer threads, and a 8 MiB compaction buffer
# instead of 128 MiB of the heap.
num.network.threads=2
num.io.threads=2
num.recovery.threads.per.data.dir=1
log.cleaner.dedupe.buffer.size=8388608
EOF

  # A JVM on the broker's jars that logs like the broker (WARN and above, to broker.log). Log4j's own
  # shutdown hook is off because Kafka logs while it shuts down: with it, Log4j stops first and says so.
  local kafka_java=(java -Dkafka.logs.dir="$state_dir" -Dlog4j2.configurationFile="$here/log4j2.xml"
    -Dlog4j2.shutdownHookEnabled=false -cp "$cache_dir/*")
  if [ ! -f "$state_dir/data/meta.properties" ]; then
    local formatted
    formatted=$("${kafka_java[@]}" -XX:TieredStopAtLevel=1 kafka.tools.StorageTool format \
      --cluster-id "$(sed -n 3p <<<"$prepared")" --config "$state_dir/server.properties" 2>&1) \
      || die "formatting $state_dir/data failed: $formatted"
    echo "kafka: formatted $state_dir/data"
  fi
  # The broker must answer with this id, not just any Kafka on the port.
  local cluster_id
  cluster_id=$(sed -n 's/^cluster\.id=//p' "$state_dir/data/meta.properties")

  # Detached (../process.sh), so that $! is the JVM itself and a caller that reads our output to its end
  # does not wait for the broker to exit. The JIT stops at C1: that saves about 40% of the CPU a start
  # costs on our 2 cores, and a test broker never needs C2's peak speed.
  : >"$state_dir/broker.out"
  # shellcheck disable=SC2086 # heap_opts holds several options
  start_detached "$state_dir/broker.out" "${kafka_java[@]}" $heap_opts -XX:TieredStopAtLevel=1 \
    -XX:+ExitOnOutOfMemoryError kafka.Kafka "$state_dir/server.properties"
  pid=$!
  echo "$pid" >"$state_dir/kafka.pid"

  if ! probe await "127.0.0.1:$port" "$cluster_id" "$pid" "$start_timeout"; then
    stop_broker
    show_tail "$state_dir/broker.log" 30
    show_tail "$state_dir/broker.out" 10
    exit 1
  fi
  echo "PASSES_KAFKA_BROKERS=127.0.0.1:$port" >&3
}

case "${1:-}" in
  start)
    { [ $# -ge 2 ] && [ $# -le 3 ]; } || usage
    mkdir -p "$2"
    state_dir=$(cd "$2" && pwd)
    start_broker "${3:-0}"
    ;;
  stop)
    [ $# -eq 2 ] || usage
    [ -d "$2" ] || exit 0
    state_dir=$(cd "$2" && pwd)
    stop_broker
    ;;
  *)
    usage
    ;;
esac
