# Sourced by the server scripts here: how each of them starts, finds and stops its server, in one place.
#
#   start_detached <log> <command> [args…]        start in the background; $! is then the server's own pid
#   recorded_pid <pid-file> <argument>            print the recorded pid while that process runs with
#                                                 <argument> on its command line; fail otherwise
#   stop_recorded <pid-file> <argument> <signal> <grace-s> <name>
#                                                 send <signal>, wait <grace-s>, then SIGKILL; remove the file
#   valid_port <port>                             succeed for a number in 0..65535
#   build_once <binary> <note> <command> [args…]  run the build command (which writes "$tmp") once across
#                                                 racing callers, saying <note> on stderr; move "$tmp" to <binary>

# Redirecting stdin, stdout and stderr is not enough to detach: bash keeps pipes of its own open on other
# fds (a process substitution's, a saved stderr), and a child inherits every open fd. So every fd above 2
# is closed first, then the command is exec'd (same pid) in a session of its own, away from the caller's
# terminal signals: a caller that captures our output is never held open by the server.
start_detached() {
  local log=$1
  shift
  (
    for fd in /proc/$BASHPID/fd/*; do
      fd=${fd##*/}
      if [ "$fd" -gt 2 ]; then eval "exec $fd>&-"; fi
    done
    exec setsid "$@" </dev/null >>"$log" 2>&1
  ) &
}

# The command line is matched too, so that a pid reused by another process after a crash is never taken
# for the server (or killed), and a zombie, whose command line is empty, counts as stopped.
recorded_pid() {
  local pid
  pid="$(cat "$1" 2>/dev/null)" && [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  grep -qzxF -- "$2" "/proc/$pid/cmdline" 2>/dev/null || return 1
  echo "$pid"
}

_await_gone() {
  local deadline=$((SECONDS + $3))
  while recorded_pid "$1" "$2" >/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.1
  done
}

stop_recorded() {
  local pid_file=$1 argument=$2 signal=$3 grace_s=$4 name=$5 pid
  if pid="$(recorded_pid "$pid_file" "$argument")"; then
    kill "-$signal" "$pid" 2>/dev/null || true
    if ! _await_gone "$pid_file" "$argument" "$grace_s"; then
      echo "$name: pid $pid did not stop within ${grace_s}s after SIG$signal; killing it" >&2
      kill -KILL "$pid" 2>/dev/null || true
      _await_gone "$pid_file" "$argument" 10 || { echo "$name: pid $pid survived SIGKILL" >&2; return 1; }
    fi
  fi
  rm -f "$pid_file"
}

valid_port() {
  [[ "$1" =~ ^[0-9]{1,5}$ ]] && [ "$((10#$1))" -le 65535 ]
}

# The lock makes a racing second caller wait for the first build instead of doing its own; the build
# writes a temporary name that is renamed into place, so nobody ever runs a partial file.
build_once() {
  local bin=$1 note=$2
  shift 2
  [ -x "$bin" ] && return 0
  mkdir -p "$(dirname "$bin")"
  (
    flock 9
    [ -x "$bin" ] && exit 0
    echo "$note" >&2
    tmp="$bin.tmp.$$"
    trap 'rm -f "$tmp"' EXIT
    "$@" >&2
    mv -f "$tmp" "$bin"
  ) 9>"$(dirname "$bin")/build.lock"
}
