#!/usr/bin/env bash
# A PostgreSQL server of its own on loopback, the storage of FerretDB's postgresql backend
# (infra/ferretdb): Debian's `postgresql` package, installed with apt-get where it is missing and we are
# root (CI's fresh machines), its cluster in the state dir.
#
#   postgresql.sh start <state-dir> [port]   initdb on first use, start, and print one line
#                                            POSTGRESQL_URL=postgres://postgres@127.0.0.1:<port>/postgres
#   postgresql.sh stop <state-dir>           fast shutdown (SIGINT), SIGKILL after a bound; fine if not running
#
# Only the URL line goes to stdout; progress and errors go to stderr. Exit code 3: PostgreSQL is missing
# and cannot be installed here (not root, or no apt-get, or apt-get failed), so that a caller can fall
# back to another backend.
# The state dir gets data/ (the cluster), the server's socket, postgresql.log and postgresql.pid.
# It listens on 127.0.0.1 only and trusts every connection there (a test server, as FerretDB has no
# authentication either). As root the server runs as the `postgres` user, which PostgreSQL requires: the
# state dir is handed to it, and any of its parents it cannot enter gets o+x (enter, not list).
# Commits are acknowledged before the WAL reaches the disk (synchronous_commit=off), like a MongoDB
# standalone that journals every 100 ms: a stop or a killed client never loses a write, a machine crash
# may lose the last fraction of a second.
# Environment: POSTGRESQL_BIN_DIR (default: the newest /usr/lib/postgresql/<version>/bin).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../process.sh
. "$here/../process.sh"

start_timeout_s=60
stop_timeout_s=20

die() {
  echo "postgresql.sh: $1" >&2
  exit "${2:-1}"
}

newest_bin_dir() {
  find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1
}

# Prints the directory of initdb, postgres and pg_isready; installs Debian's package first if it must.
bin_dir() {
  local dir="${POSTGRESQL_BIN_DIR:-$(newest_bin_dir)}" lock
  if [ -z "$dir" ] || [ ! -x "$dir/postgres" ]; then
    [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null \
      || die "PostgreSQL missing, and installing it needs root and apt-get: install Debian's postgresql package" 3
    lock="${XDG_CACHE_HOME:-$HOME/.cache}/wallet-passes/postgresql-install"
    mkdir -p "$(dirname "$lock")"
    # The lock makes concurrent first starts share one install.
    (
      flock 9
      [ -n "$(newest_bin_dir)" ] && exit 0
      echo "postgresql.sh: installing Debian's postgresql package (once; its log: $lock.log)" >&2
      # No cluster of Debian's own (it would listen on 5432): only ours, in state dirs. The file is kept
      # over the package's own (confold, for dpkg and ucf alike).
      if [ ! -e /etc/postgresql-common/createcluster.conf ]; then
        mkdir -p /etc/postgresql-common
        echo "create_main_cluster = false" >/etc/postgresql-common/createcluster.conf
      fi
      # Another install on the machine (Chromium's, say) holds dpkg's lock for a while: wait for it.
      { apt-get -o DPkg::Lock::Timeout=300 update \
        && DEBIAN_FRONTEND=noninteractive UCF_FORCE_CONFFOLD=1 apt-get -o DPkg::Lock::Timeout=300 install -y \
          --no-install-recommends -o Dpkg::Options::=--force-confold postgresql; } >"$lock.log" 2>&1
    ) 9>"$lock.lock" || die "PostgreSQL missing: apt-get could not install it; its log: $lock.log" 3
    dir="$(newest_bin_dir)"
    [ -n "$dir" ] || die "PostgreSQL missing: the postgresql package has no /usr/lib/postgresql/*/bin" 3
  fi
  echo "$dir"
}

# PostgreSQL refuses to run as root: as root, its programs run as the postgres user (setpriv execs,
# so that a server's pid stays its own).
as_owner=()
if [ "$(id -u)" = 0 ]; then as_owner=(setpriv --reuid=postgres --regid=postgres --init-groups); fi

# As root, gives the state dir to the postgres user, and lets it enter every parent it could not.
hand_over() {
  local dir
  [ "$(id -u)" = 0 ] || return 0
  chown postgres: "$state_dir"
  dir="$(dirname "$state_dir")"
  while [ "$dir" != / ]; do
    "${as_owner[@]}" test -x "$dir" || chmod o+x "$dir"
    dir="$(dirname "$dir")"
  done
}

free_port() {
  node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"
}

# The pid of the server running on this state dir.
running_pid() {
  recorded_pid "$state_dir/postgresql.pid" "$state_dir/data"
}

# SIGINT is PostgreSQL's fast shutdown: it ends sessions and stops cleanly.
cmd_stop() {
  stop_recorded "$state_dir/postgresql.pid" "$state_dir/data" INT "$stop_timeout_s" postgresql.sh || exit 1
}

cmd_start() {
  local port="$1" bin pid deadline
  valid_port "$port" || die "port must be a number in 0..65535, not '$port'" 2
  port=$((10#$port))
  if pid="$(running_pid)"; then
    die "already running in $state_dir (pid $pid); stop it first"
  fi
  bin="$(bin_dir)"
  hand_over
  if [ ! -f "$state_dir/data/PG_VERSION" ]; then
    (cd "$state_dir" && "${as_owner[@]}" "$bin/initdb" -D "$state_dir/data" -U postgres --auth=trust \
      --encoding=UTF8 --locale=C.UTF-8 >"$state_dir/initdb.log" 2>&1) \
      || { tail -n 20 "$state_dir/initdb.log" >&2; die "initdb failed; its log: $state_dir/initdb.log"; }
  fi
  [ "$port" != 0 ] || port="$(free_port)"

  : >"$state_dir/postgresql.log"
  start_detached "$state_dir/postgresql.log" "${as_owner[@]}" "$bin/postgres" -D "$state_dir/data" -p "$port" \
    -c listen_addresses=127.0.0.1 -c unix_socket_directories="$state_dir" -c synchronous_commit=off
  pid=$!
  echo "$pid" >"$state_dir/postgresql.pid"

  deadline=$((SECONDS + start_timeout_s))
  until "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres -t 1; do
    if ! kill -0 "$pid" 2>/dev/null || [ "$SECONDS" -ge "$deadline" ]; then
      echo "postgresql.sh: the server did not start; end of $state_dir/postgresql.log:" >&2
      tail -n 20 "$state_dir/postgresql.log" >&2
      cmd_stop
      exit 1
    fi
    sleep 0.2
  done
  echo "POSTGRESQL_URL=postgres://postgres@127.0.0.1:$port/postgres"
}

usage() {
  die "usage: postgresql.sh start <state-dir> [port] | stop <state-dir>" 2
}

case "${1:-}" in
  start)
    { [ $# -eq 2 ] || [ $# -eq 3 ]; } || usage
    mkdir -p "$2"
    state_dir="$(cd "$2" && pwd)"
    cmd_start "${3:-0}"
    ;;
  stop)
    [ $# -eq 2 ] || usage
    [ -d "$2" ] || exit 0
    state_dir="$(cd "$2" && pwd)"
    cmd_stop
    ;;
  *) usage ;;
esac
