#!/usr/bin/env bash
# Times pgnlint against pgn-extract on the shared benchmark inputs, in one
# run, alternating the two programs, and prints MB/s and ratios.
#
#   bench/compare.sh [SIZE_MB] [ROUNDS]
#
# Inputs come from ../shared/bench/make-inputs (movedense-SIZE.pgn, the TCEC
# file, the GBK xiangqi file). Each (program, input) pair is run ROUNDS times
# (default 3) and the best wall time is kept; the machines are noisy.
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-20}
rounds=${2:-3}
shared=${SHARED:-../shared}
peer=${PGN_EXTRACT:-/usr/games/pgn-extract}
[ -x "$peer" ] || { echo "pgn-extract not found at $peer (apt-get install pgn-extract)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mapfile -t inputs < <("$shared/bench/make-inputs" "$work/in" "$size")
go build -o "$work/pgnlint" ./cmd/pgnlint

# best_time CMD...: the best wall-clock seconds of $rounds runs; output discarded.
best_time() {
  local best=""
  for _ in $(seq "$rounds"); do
    local s e t
    s=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc -l)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
  done
  echo "$best"
}

printf '%-22s %10s %12s %12s %12s %12s %8s\n' input MB "pgnlint s" "pgnlint MB/s" "peer s" "peer MB/s" ratio
for f in "${inputs[@]}"; do
  mb=$(echo "$(stat -c %s "$f") / 1000000" | bc -l)
  # Alternate: peer, pgnlint, peer, pgnlint ... by interleaving rounds.
  ours=""; theirs=""
  for _ in $(seq "$rounds"); do
    t=$(rounds=1 best_time "$peer" -s -r "$f"); if [ -z "$theirs" ] || [ "$(echo "$t < $theirs" | bc -l)" = 1 ]; then theirs=$t; fi
    t=$(rounds=1 best_time "$work/pgnlint" lint "$f"); if [ -z "$ours" ] || [ "$(echo "$t < $ours" | bc -l)" = 1 ]; then ours=$t; fi
  done
  printf '%-22s %10.1f %12.2f %12.2f %12.2f %12.2f %8.2f\n' "$(basename "$f")" "$mb" "$ours" \
    "$(echo "$mb / $ours" | bc -l)" "$theirs" "$(echo "$mb / $theirs" | bc -l)" "$(echo "$theirs / $ours" | bc -l)"
done
echo "ratio = pgn-extract time / pgnlint time (above 1: pgnlint is faster); pgnlint lint vs pgn-extract -s -r"
