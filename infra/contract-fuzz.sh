#!/usr/bin/env bash
# Contract fuzzing (docs/operations.md): schemathesis generates requests from the service's own OpenAPI
# document and sends them to a real embedded service on loopback, started here on a temporary data
# directory; it fails on any server error and on any answer the document does not describe. Needs a build
# (`npm run build`), python3 with venv and pip, and PyPI for the first run (the venv is cached after).
set -euo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS_VERSION=4.32.5
CACHE_DIR=${PASSES_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/wallet-passes}
VENV="$CACHE_DIR/schemathesis-$SCHEMATHESIS_VERSION"
# Bounds that keep the run within a few minutes on two cores. One worker: CPython 3.11's ast.parse, which
# hypothesis calls to describe filters, is not thread-safe ("AST constructor recursion depth mismatch").
MAX_EXAMPLES=${PASSES_FUZZ_MAX_EXAMPLES:-25}
MAX_SECONDS=${PASSES_FUZZ_MAX_SECONDS:-120}

if [ ! -x "$VENV/bin/schemathesis" ]; then
  echo "Installing schemathesis $SCHEMATHESIS_VERSION into $VENV…"
  rm -rf "$VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

data_dir=$(mktemp -d)
server_log="$data_dir/server.log"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# Online payments against Stripe's stripe-mock on loopback, so that their operations answer as configured.
stripe_line=$(infra/stripe-mock/stripe-mock.sh start "$data_dir/stripe-mock")
# Limits out of the way: the run sends thousands of requests a minute from one address.
HOST=127.0.0.1 PORT=$port PASSES_DATA_DIR="$data_dir" PASSES_RATE_LIMIT_PER_MINUTE=1000000 PASSES_PUBLIC_RATE_LIMIT_PER_MINUTE=1000000 \
  PASSES_STRIPE_SECRET_KEY=sk_test_123 PASSES_STRIPE_WEBHOOK_SECRET=whsec_contract_fuzz PASSES_STRIPE_PRO_PRICE=price_pro_monthly \
  PASSES_STRIPE_API_URL="${stripe_line#PASSES_STRIPE_API_URL=}" \
  node services/api/dist/main.js >"$server_log" 2>&1 &
server_pid=$!
cleanup() {
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  infra/stripe-mock/stripe-mock.sh stop "$data_dir/stripe-mock" || true
  rm -rf "$data_dir"
}
trap cleanup EXIT

root="http://127.0.0.1:$port"
for _ in $(seq 1 100); do
  python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=1)' "$root/healthz" 2>/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$server_log"; echo "contract fuzzing: the service did not start" >&2; exit 1; }
  sleep 0.2
done

eval "$(PASSES_DATA_DIR="$data_dir" python3 infra/contract-fuzz/seed.py "$root/api/v1" node services/cli/dist/main.js)"

# Webhook registration is left out: a fuzzed https URL names a host on the internet, which the service
# would resolve and deliver to; tests and CI talk only to loopback. openapi-conformance.e2e.spec.ts covers it.
status=0
"$VENV/bin/schemathesis" --config-file infra/contract-fuzz/schemathesis.toml run "$root/api/v1/openapi.json" \
  --url "$root" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance \
  --exclude-operation-id registerWebhook \
  --phases examples,coverage,fuzzing \
  --max-examples "$MAX_EXAMPLES" \
  --max-time "$MAX_SECONDS" \
  --workers 1 \
  --seed "${PASSES_FUZZ_SEED:-1}" \
  --generation-database none \
  --no-color >"$data_dir/schemathesis.log" 2>&1 || status=$?
# schemathesis closes its report with a pytest-style rule ("=== 4 warnings in 120.01s ==="), which a reader of
# closing lines takes for a pytest run that executed no test: its report is printed only when it failed.
if [ "$status" -ne 0 ]; then cat "$data_dir/schemathesis.log"; fi

# Restate the totals in one plain line for CI: the cases tried, and how many failed a check.
# Errors the service logged count too: a request that failed after its answer went out shows only there.
# Levels as words or as pino's numbers (error 50, fatal 60).
ERROR_RECORD='"level":("error"|"fatal"|50|60)[,}]'
cases=$(grep -A1 -E '^Test cases:' "$data_dir/schemathesis.log" | tail -n 1 | sed -E 's/^ +//')
echo "contract fuzzing: ${cases:-no cases run}; $(grep -cE "$ERROR_RECORD" "$server_log" || true) errors in the service's log"

if grep -qE "$ERROR_RECORD" "$server_log"; then
  echo "contract fuzzing: the service logged errors:" >&2
  grep -E "$ERROR_RECORD" "$server_log" | head -n 20 >&2
  status=1
fi
exit "$status"
