#!/usr/bin/env bash
# Stripe's own API stand-in, stripe-mock (MIT, the Go module github.com/stripe/stripe-mock), built with Go
# from the module proxy and started on loopback for tests and development: it answers every Stripe API
# call with the shape Stripe's OpenAPI description gives, and refuses requests that do not fit it.
#
#   stripe-mock.sh build                    build on first use; prints the binary's path on stdout
#   stripe-mock.sh start <state-dir> [port] start in the background (port 0 or absent: a free port) and
#                                           print one line PASSES_STRIPE_API_URL=http://127.0.0.1:<port>
#   stripe-mock.sh stop <state-dir>         SIGTERM, then SIGKILL after a bound; fine if not running
#
# Only the URL line goes to stdout; progress and errors go to stderr. Exit code 3 means Go is missing
# (and no binary was built before). The state dir gets stripe-mock.log and stripe-mock.pid.
# Environment: XDG_CACHE_HOME (the binary cache root).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../process.sh
. "$here/../process.sh"

# The module version we build: the one the Go module proxy serves that knows the API the `stripe`
# package of services/api pins (a newer description answers the older package's calls as well).
version=v0.203.0
start_timeout_s=30
term_timeout_s=10

die() {
  echo "stripe-mock.sh: $*" >&2
  exit 1
}

binary_path() {
  echo "${XDG_CACHE_HOME:-$HOME/.cache}/wallet-passes/stripe-mock-$version/stripe-mock"
}

cmd_build() {
  local bin
  bin="$(binary_path)"
  if [ ! -x "$bin" ]; then
    if ! command -v go >/dev/null; then
      echo "stripe-mock.sh: Go is missing: install Go >= 1.22 (the 'go' command) to build stripe-mock" >&2
      exit 3
    fi
    build_once "$bin" "stripe-mock.sh: building stripe-mock $version into $(dirname "$bin") (first use)" go_install
  fi
  echo "$bin"
}

# build_once's command: go install writes into a directory, so the binary is moved to build_once's $tmp.
go_install() {
  local gobin="$tmp.gobin"
  rm -rf "$gobin"
  GOBIN="$gobin" GOFLAGS=-mod=mod go install "github.com/stripe/stripe-mock@$version"
  mv -f "$gobin/stripe-mock" "$tmp"
  rm -rf "$gobin"
}

running_pid() {
  recorded_pid "$1/stripe-mock.pid" "$(binary_path)"
}

cmd_stop() {
  local state_dir
  [ -d "$1" ] || return 0
  state_dir="$(cd "$1" && pwd)"
  stop_recorded "$state_dir/stripe-mock.pid" "$(binary_path)" TERM "$term_timeout_s" stripe-mock.sh || exit 1
}

cmd_start() {
  local state_dir="$1" port="${2:-0}" bin pid log deadline address
  valid_port "$port" || die "port must be a number in 0..65535, not '$port'"
  port=$((10#$port))
  mkdir -p "$state_dir"
  state_dir="$(cd "$state_dir" && pwd)"
  if pid="$(running_pid "$state_dir")"; then
    die "already running in $state_dir (pid $pid); stop it first"
  fi
  bin="$(cmd_build)"
  [ "$port" = 0 ] && port=
  log="$state_dir/stripe-mock.log"
  : >"$log"
  # Both listeners on loopback: given only -http-addr, stripe-mock also opens HTTPS on every address.
  start_detached "$log" "$bin" -http-addr "127.0.0.1:$port" -https-addr "127.0.0.1:"
  pid=$!
  echo "$pid" >"$state_dir/stripe-mock.pid"
  deadline=$((SECONDS + start_timeout_s))
  while :; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "stripe-mock.sh: the server exited during start; end of $log:" >&2
      tail -n 30 "$log" >&2
      cmd_stop "$state_dir"
      exit 1
    fi
    address="$(sed -nE 's/^Listening for HTTP at address: (127\.0\.0\.1:[0-9]+)$/\1/p' "$log")"
    if [ -n "$address" ] && (exec 3<>"/dev/tcp/127.0.0.1/${address##*:}") 2>/dev/null; then
      break
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "stripe-mock.sh: not listening within ${start_timeout_s}s; end of $log:" >&2
      tail -n 30 "$log" >&2
      cmd_stop "$state_dir"
      exit 1
    fi
    sleep 0.1
  done
  echo "PASSES_STRIPE_API_URL=http://$address"
}

usage() {
  echo "usage: stripe-mock.sh build | start <state-dir> [port] | stop <state-dir>" >&2
  exit 2
}

case "${1:-}" in
  build) [ $# -eq 1 ] || usage; cmd_build ;;
  start) [ $# -eq 2 ] || [ $# -eq 3 ] || usage; cmd_start "$2" "${3:-0}" ;;
  stop) [ $# -eq 2 ] || usage; cmd_stop "$2" ;;
  *) usage ;;
esac
