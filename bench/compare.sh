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

# row TASK INPUT PEER-ARGS...: times `pgnlint TASK INPUT` against the peer,
# alternating the two, keeping each one's best time.
row() {
  local task=$1 f=$2; shift 2
  local mb ours="" theirs="" t
  mb=$(echo "$(stat -c %s "$f") / 1000000" | bc -l)
  for _ in $(seq "$rounds"); do
    t=$(rounds=1 best_time "$peer" "$@" "$f"); if [ -z "$theirs" ] || [ "$(echo "$t < $theirs" | bc -l)" = 1 ]; then theirs=$t; fi
    t=$(rounds=1 best_time "$work/pgnlint" "$task" "$f"); if [ -z "$ours" ] || [ "$(echo "$t < $ours" | bc -l)" = 1 ]; then ours=$t; fi
  done
  printf '%-6s %-20s %8.1f %10.2f %10.2f %10.2f %10.2f %7.2f\n' "$task" "$(basename "$f")" "$mb" "$ours" \
    "$(echo "$mb / $ours" | bc -l)" "$theirs" "$(echo "$mb / $theirs" | bc -l)" "$(echo "$theirs / $ours" | bc -l)"
}

printf '%-6s %-20s %8s %10s %10s %10s %10s %7s\n' task input MB "ours s" "ours MB/s" "peer s" "peer MB/s" ratio
for f in "${inputs[@]}"; do
  row lint "$f" -s -r
done
for f in "${inputs[@]:0:2}"; do
  row fmt "$f" -s -o /dev/null
done
echo "ratio = pgn-extract time / pgnlint time (above 1: pgnlint is faster)."
echo "lint is timed against pgn-extract -s -r, fmt against pgn-extract -s -o (writing to /dev/null)."
echo "pgn-extract reads no xiangqi: its xiangqi-gbk figure is the time it takes to reject the file."
