package semantic_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"testing"

	"github.com/pgnlint/pgnlint/lint"
	"github.com/pgnlint/pgnlint/semantic"
)

// xqBenchFile is the real GBK xiangqi file of the shared corpus (2,600
// online games, 360,000 moves). The other stages of a lint run over it are
// measured by the lint package's benchmarks with PGNLINT_BENCH_FILE.
const xqBenchFile = "../../shared/corpus/xiangqi/walker8088-cchess__online_games_part1_gbk.pgn"

// BenchmarkXiangqiRules runs the rules pass, the xiangqi pass for these
// games (every move resolved against the legal moves, written canonically
// and compared with the text), over games parsed beforehand.
func BenchmarkXiangqiRules(b *testing.B) {
	data, err := os.ReadFile(xqBenchFile)
	if err != nil {
		b.Skip("no benchmark file:", err)
	}
	rd := lint.NewReader(bytes.NewReader(data))
	var pgs []*lint.ParsedGame
	for {
		pg, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		pgs = append(pgs, pg)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		for _, pg := range pgs {
			semantic.CheckRules(pg.Game)
		}
	}
}
