#!/usr/bin/env bash
# Lighthouse mobile performance of the home page (a score, so a bench, not a test).
#   make run PORT=3013 &
#   bench/lighthouse_home.sh http://127.0.0.1:3013/
# Uses the virtualenv's node/npx (Lighthouse from npm) and Debian's Chromium; prints the
# performance score and appends it to bench/reports/lighthouse-home.md (the full JSON
# report stays in a temporary file). Scores swing with CPU contention: run it on an idle
# machine and compare several runs.
# Third-party hosts are not blocked here; on a machine without internet they fail fast.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
URL="${1:-http://127.0.0.1:3000/}"
NAME="${2:-$URL}"
export PATH="$ROOT/.venv/bin:$PATH"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
mkdir -p "$ROOT/bench/reports"
OUT="$(mktemp --suffix=.json)"
npx --yes lighthouse@12 "$URL" \
  --only-categories=performance \
  --form-factor=mobile \
  --output=json --output-path="$OUT" --quiet \
  --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run"
LOAD="$(cut -d' ' -f1 /proc/loadavg)"
node -e '
const [file, name, load, log] = process.argv.slice(1);
const r = require(file);
const a = r.audits;
const ms = (id) => (a[id] ? a[id].displayValue : "n/a");
const line = `performance ${Math.round(r.categories.performance.score * 100)} | FCP ${ms("first-contentful-paint")} | LCP ${ms("largest-contentful-paint")} | TBT ${ms("total-blocking-time")} | CLS ${ms("cumulative-layout-shift")} | SI ${ms("speed-index")}`;
console.log(line);
const when = new Date().toISOString().slice(0, 16).replace("T", " ");
require("fs").appendFileSync(log, `| ${when} | ${name} | ${load} | ${line.replaceAll("|", "\\|")} |\n`);
' "$OUT" "$NAME" "$LOAD" "$ROOT/bench/reports/lighthouse-home.md"
rm -f "$OUT"
