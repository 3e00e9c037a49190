#!/usr/bin/env bash
# Validates the repository's docker-compose.yml without a Docker engine (none runs on our machines):
# builds main.go here on first use (compose-spec/compose-go, the loader docker compose uses, from the Go
# module proxy) and runs it. See main.go for what it checks.
#
#   check.sh [compose-check flags]   e.g. -file other-compose.yml (relative to the repository root)
#
# stdout: one summary line. stderr: build progress and each problem. Exit codes: 0 valid, 1 problems,
# 2 the checker could not run, 3 Go is missing (and no checker was built before), so that a caller can
# report "skipped: Go missing".
# When the docker client has the compose plugin, `docker compose config` (which needs no engine either)
# runs too. Environment: XDG_CACHE_HOME (the binary cache root).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"

die() {
  echo "check.sh: $*" >&2
  exit 2
}

# The cache dir is named after a hash of our sources, so an edit of main.go or go.mod gets a fresh build.
binary_path() {
  local hash
  hash="$(cat "$here/go.mod" "$here/go.sum" "$here"/*.go | sha256sum | cut -c1-12)"
  echo "${XDG_CACHE_HOME:-$HOME/.cache}/wallet-passes/compose-check-$hash/compose-check"
}

build() {
  local bin dir
  bin="$(binary_path)"
  if [ ! -x "$bin" ]; then
    if ! command -v go >/dev/null; then
      echo "check.sh: Go is missing: install Go >= 1.24 (the 'go' command) to build the compose checker" >&2
      exit 3
    fi
    dir="$(dirname "$bin")"
    mkdir -p "$dir"
    # The lock makes a racing second run wait for the first build instead of doing its own; the build
    # goes to a temporary name and is renamed into place, so nobody ever runs a partial file.
    (
      flock 9
      if [ ! -x "$bin" ]; then
        echo "check.sh: building the compose checker into $dir (first use; ~1 min)" >&2
        tmp="$bin.tmp.$$"
        trap 'rm -f "$tmp"' EXIT
        (cd "$here" && go build -o "$tmp" .) >&2 || die "go build failed"
        mv -f "$tmp" "$bin"
      fi
    ) 9>"$dir/build.lock"
  fi
  echo "$bin"
}

bin="$(build)"
status=0
summary="$("$bin" -root "$repo" "$@")" || status=$?
[ -n "$summary" ] || die "the checker printed no summary (exit $status)"

# The docker client's own check, where it can run without an engine: `compose config` parses, validates
# and interpolates like the loader above. Our machines lack the plugin; say so rather than stay silent.
if [ $# -gt 0 ]; then
  summary="$summary; docker compose config: not run (checker flags given)"
elif docker compose version >/dev/null 2>&1; then
  if (cd "$repo" && PASSES_SECRET_KEY=compose-check-dummy-secret-key-of-40-chars docker compose config --quiet) >&2; then
    summary="$summary; docker compose config: OK"
  else
    summary="$summary; docker compose config: FAILED"
    status=1
  fi
else
  summary="$summary; docker compose config: not run (no docker compose plugin here)"
fi

echo "$summary"
exit "$status"
