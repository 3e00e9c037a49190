#!/usr/bin/env bash
# The browser tests drive Debian's Chromium through playwright-core (TOOLCHAIN: Playwright's own browser
# downloads are not reachable here). `npm test` runs this first, so a fresh machine gets it by itself.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "Chromium is missing: install Debian's 'chromium' package (/usr/bin/chromium) to run the browser tests." >&2
  exit 1
fi
echo "Installing Chromium for the browser tests (apt-get install chromium)…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
