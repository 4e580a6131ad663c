#!/usr/bin/env bash
# Lighthouse mobile performance of the home page (a score, so a bench, not a test).
#   make run PORT=3013 &
#   bench/lighthouse_home.sh http://127.0.0.1:3013/
# Uses the virtualenv's node/npx (Lighthouse from npm) and Debian's Chromium; writes
# bench/reports/lighthouse-home-<es|en>.json and prints the performance score.
# Third-party hosts are not blocked here; on a machine without internet they fail fast.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
URL="${1:-http://127.0.0.1:3000/}"
NAME="${2:-es}"
export PATH="$ROOT/.venv/bin:$PATH"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
mkdir -p "$ROOT/bench/reports"
OUT="$ROOT/bench/reports/lighthouse-home-$NAME.json"
npx --yes lighthouse@12 "$URL" \
  --only-categories=performance \
  --form-factor=mobile \
  --output=json --output-path="$OUT" --quiet \
  --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run"
node -e '
const r = require(process.argv[1]);
const a = r.audits;
const ms = (id) => a[id] ? a[id].displayValue : "n/a";
console.log(`performance ${Math.round(r.categories.performance.score * 100)} | FCP ${ms("first-contentful-paint")} | LCP ${ms("largest-contentful-paint")} | TBT ${ms("total-blocking-time")} | CLS ${ms("cumulative-layout-shift")} | SI ${ms("speed-index")}`);
' "$OUT"
