# Sourced by the server scripts here: starts a server in the background detached from its caller, so that
# a caller that captures our output (a pipe on stdout or stderr) is never held open by the server.
#
#   start_detached <log> <command> [args…]   $! is then the server's own pid
#
# Redirecting stdin, stdout and stderr is not enough: bash keeps pipes of its own open on other fds
# (a process substitution's, a saved stderr), and a child inherits every open fd. So every fd above 2 is
# closed first, then the command is exec'd (same pid) in a session of its own, away from the caller's
# terminal signals.
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
