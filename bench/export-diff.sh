#!/usr/bin/env bash
# Compares `pgnlint fmt` with `pgn-extract -s --linelength 79` on every file
# of ../shared/corpus/realworld: lines that differ in the tag sections and in
# the movetext (docs/export-format.md explains each class of difference).
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${SHARED:-../shared}
peer=${PGN_EXTRACT:-/usr/games/pgn-extract}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/pgnlint" ./cmd/pgnlint
printf '%-48s %8s %14s %16s\n' file lines "tag lines ≠" "movetext lines ≠"
for f in "$shared"/corpus/realworld/*.pgn; do
  "$peer" -s --linelength 79 -o "$work/pe.pgn" "$f" 2>/dev/null || true
  "$work/pgnlint" fmt "$f" > "$work/pl.pgn" 2>/dev/null || true
  tags=$(diff <(grep '^\[' "$work/pe.pgn" | sort) <(grep '^\[' "$work/pl.pgn" | sort) | grep -c '^[<>]' || true)
  moves=$(diff <(grep -v '^\[' "$work/pe.pgn") <(grep -v '^\[' "$work/pl.pgn") | grep -c '^[<>]' || true)
  printf '%-48s %8d %14d %16d\n' "$(basename "$f")" "$(wc -l < "$work/pl.pgn")" "$tags" "$moves"
done
echo "tag lines compared as sets (the order differs by design: ASCII order after the roster)"
