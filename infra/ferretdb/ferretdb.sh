#!/usr/bin/env bash
# A real MongoDB-wire server on loopback without Docker: FerretDB v1, embedded in main.go here and built
# with Go from the module proxy (no mongod is published on our registries), on a PostgreSQL server of its
# own (../postgresql) or on SQLite files.
#
#   ferretdb.sh build                    build on first use; prints the binary's path on stdout
#   ferretdb.sh start <state-dir> [port] start in the background (port 0 or absent: a free port) and
#                                        print one line PASSES_MONGODB_URL=mongodb://127.0.0.1:<port>
#   ferretdb.sh stop <state-dir>         SIGTERM, then SIGKILL after a bound, then its PostgreSQL;
#                                        fine if not running
#
# Only the URL line goes to stdout; progress and errors go to stderr. Exit code 3 means Go is missing
# (and no binary was built before), so callers can report "skipped: Go missing".
# The state dir gets postgresql/ (see ../postgresql/postgresql.sh) or db/ (the SQLite files),
# ferretdb.log, ferretdb.pid, ferretdb.port and ferretdb.backend (the backend it runs on).
# Environment: FERRETDB_BACKEND (default postgresql; sqlite, or where PostgreSQL cannot be had, SQLite
# with a note on stderr); FERRETDB_LOG_LEVEL (default warn); FERRETDB_SERIALIZE (default true: one
# request at a time, which makes single-document writes atomic as on MongoDB; see main.go);
# XDG_CACHE_HOME (the binary cache root).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../process.sh
. "$here/../process.sh"
postgresql="$here/../postgresql/postgresql.sh"

# How long start waits for a ping to succeed, and stop for the process to exit after each signal.
start_timeout_s=60
term_timeout_s=10

die() {
  echo "ferretdb.sh: $*" >&2
  exit 1
}

# The cache dir is named after the FerretDB version and a hash of our sources, so that an edit of
# main.go or go.mod gets a fresh build instead of a stale binary with other flags.
binary_path() {
  local version hash
  version="$(awk '$1 == "github.com/FerretDB/FerretDB" { print $2 }' "$here/go.mod")"
  [ -n "$version" ] || die "no github.com/FerretDB/FerretDB requirement in $here/go.mod"
  hash="$(cat "$here/go.mod" "$here/go.sum" "$here/main.go" | sha256sum | cut -c1-12)"
  echo "${XDG_CACHE_HOME:-$HOME/.cache}/wallet-passes/ferretdb-$version-$hash/ferretdb"
}

cmd_build() {
  local bin
  bin="$(binary_path)"
  if [ ! -x "$bin" ]; then
    if ! command -v go >/dev/null; then
      echo "ferretdb.sh: Go is missing: install Go >= 1.24 (the 'go' command) to build FerretDB" >&2
      exit 3
    fi
    build_once "$bin" "ferretdb.sh: building FerretDB into $(dirname "$bin") (first use; ~3 min on 2 cores)" go_build
  fi
  echo "$bin"
}

# build_once's command.
go_build() {
  (cd "$here" && go build -o "$tmp" .)
}

running_pid() {
  recorded_pid "$1/ferretdb.pid" "$1/ferretdb.port"
}

cmd_stop() {
  local state_dir
  [ -d "$1" ] || return 0
  state_dir="$(cd "$1" && pwd)"
  stop_recorded "$state_dir/ferretdb.pid" "$state_dir/ferretdb.port" TERM "$term_timeout_s" ferretdb.sh || exit 1
  rm -f "$state_dir/ferretdb.port"
  "$postgresql" stop "$state_dir/postgresql"
}

# Sets backend to FerretDB's backend flags: a PostgreSQL of its own (started here), or SQLite files
# where asked or where PostgreSQL cannot be had.
choose_backend() {
  local state_dir="$1" line status=0
  case "${FERRETDB_BACKEND:-postgresql}" in
    postgresql)
      line="$("$postgresql" start "$state_dir/postgresql")" || status=$?
      case $status in
        0)
          echo postgresql >"$state_dir/ferretdb.backend"
          backend=(--postgresql-url "${line#POSTGRESQL_URL=}")
          return
          ;;
        3) echo "ferretdb.sh: no PostgreSQL here (above); FerretDB runs on SQLite instead" >&2 ;;
        *) exit "$status" ;;
      esac
      ;;
    sqlite) ;;
    *) die "FERRETDB_BACKEND must be postgresql or sqlite, not '$FERRETDB_BACKEND'" ;;
  esac
  echo sqlite >"$state_dir/ferretdb.backend"
  backend=(--sqlite-dir "$state_dir/db")
}

cmd_start() {
  local state_dir="$1" port="${2:-0}" bin pid log deadline backend=()
  valid_port "$port" || die "port must be a number in 0..65535, not '$port'"
  port=$((10#$port))
  mkdir -p "$state_dir"
  state_dir="$(cd "$state_dir" && pwd)"
  if pid="$(running_pid "$state_dir")"; then
    die "already running in $state_dir (pid $pid); stop it first"
  fi
  bin="$(cmd_build)"
  choose_backend "$state_dir"

  log="$state_dir/ferretdb.log"
  rm -f "$state_dir/ferretdb.port"
  : >"$log"
  # Detached (../process.sh): its output goes to the log only, so that a caller reading our output to
  # its end is not held open by the server.
  start_detached "$log" "$bin" serve "${backend[@]}" --listen-addr "127.0.0.1:$port" \
    --port-file "$state_dir/ferretdb.port" --log-level "${FERRETDB_LOG_LEVEL:-warn}" \
    --serialize="${FERRETDB_SERIALIZE:-true}"
  pid=$!
  echo "$pid" >"$state_dir/ferretdb.pid"

  # Ready means a real ping over the wire succeeded, not only that the port is open.
  deadline=$((SECONDS + start_timeout_s))
  while :; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "ferretdb.sh: the server exited during start; end of $log:" >&2
      tail -n 30 "$log" >&2
      cmd_stop "$state_dir"
      exit 1
    fi
    if [ -s "$state_dir/ferretdb.port" ]; then
      port="$(cat "$state_dir/ferretdb.port")"
      if "$bin" ping --addr "127.0.0.1:$port" --timeout 1s 2>/dev/null; then
        break
      fi
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "ferretdb.sh: no answer to ping within ${start_timeout_s}s; end of $log:" >&2
      tail -n 30 "$log" >&2
      cmd_stop "$state_dir"
      exit 1
    fi
    sleep 0.2
  done
  echo "PASSES_MONGODB_URL=mongodb://127.0.0.1:$port"
}

usage() {
  echo "usage: ferretdb.sh build | start <state-dir> [port] | stop <state-dir>" >&2
  exit 2
}

case "${1:-}" in
  build) [ $# -eq 1 ] || usage; cmd_build ;;
  start) [ $# -eq 2 ] || [ $# -eq 3 ] || usage; cmd_start "$2" "${3:-0}" ;;
  stop) [ $# -eq 2 ] || usage; cmd_stop "$2" ;;
  *) usage ;;
esac
