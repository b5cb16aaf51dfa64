#!/usr/bin/env bash
# Checks that pgnlint lint runs in time linear in its input and in flat
# memory: it lints movedense files of the given sizes (MB) and prints, for
# each, the MB/s and the peak resident set size (GNU time's %M).
#
#   bench/scale.sh [SIZE_MB...]      (default: 20 200 1000)
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${SHARED:-../shared}
[ -x /usr/bin/time ] || { echo "GNU time not found at /usr/bin/time (apt-get install time)" >&2; exit 2; }
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(20 200 1000)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/pgnlint" ./cmd/pgnlint
printf '%-22s %10s %10s %10s %12s\n' input MB seconds "MB/s" "peak RSS MB"
for size in "${sizes[@]}"; do
  f=$("$shared/bench/make-inputs" "$work/in-$size" "$size" | head -1)
  mb=$(echo "$(stat -c %s "$f") / 1000000" | bc -l)
  /usr/bin/time -o "$work/time" -f '%e %M' "$work/pgnlint" lint --quiet "$f" >/dev/null 2>&1 || true
  read -r secs kb < "$work/time"
  printf '%-22s %10.1f %10.2f %10.1f %12.1f\n' "$(basename "$f")" "$mb" "$secs" "$(echo "$mb / $secs" | bc -l)" "$(echo "$kb / 1024" | bc -l)"
  rm -rf "$work/in-$size"
done
