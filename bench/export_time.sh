#!/usr/bin/env bash
# Clean export time: remove the generated frontend (.web), then `make export`.
# Appends the result to bench/reports/export-time.md.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf .web
start=$(date +%s.%N)
make --no-print-directory export >/dev/null
end=$(date +%s.%N)
seconds=$(python3 -c "print(f'{$end - $start:.1f}')")
mkdir -p bench/reports
[ -f bench/reports/export-time.md ] || printf '# Clean export time\n\n| date (UTC) | cores | seconds |\n| --- | ---: | ---: |\n' > bench/reports/export-time.md
printf '| %s | %s | %s |\n' "$(date -u +%Y-%m-%dT%H:%M)" "$(nproc)" "$seconds" >> bench/reports/export-time.md
echo "clean export: ${seconds} s"
