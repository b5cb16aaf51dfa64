package lint

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/pgnlint/pgnlint/formatter"
)

// manyGames is n games, each with one finding of its own (a PlyCount that
// is wrong by i), enough for many batches of the pipeline.
func manyGames(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[Event \"g%d\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[PlyCount \"%d\"]\n\n1. e4 e5 *\n\n", i, i+3)
	}
	return b.String()
}

// TestPipelineOrder checks that findings and formatted games come out in
// input order across the batches the workers take.
func TestPipelineOrder(t *testing.T) {
	const n = 3 * batchGames
	src := manyGames(n)
	var lines []int64
	if err := File("many.pgn", strings.NewReader(src), func(f Finding) {
		if f.Rule == "plycount" {
			lines = append(lines, f.Start.Line)
		}
	}); err != nil {
		t.Fatal(err)
	}
	if len(lines) != n {
		t.Fatalf("%d plycount findings, want %d", len(lines), n)
	}
	for i, l := range lines {
		if want := int64(8 + 11*i); l != want {
			t.Fatalf("finding %d on line %d, want %d", i, l, want)
		}
	}
	var out bytes.Buffer
	res, err := Format("many.pgn", strings.NewReader(src), &out, formatter.Options{}, func(Finding) {}, nil)
	if err != nil || res.Formatted != n {
		t.Fatalf("formatted %d of %d games (%v)", res.Formatted, n, err)
	}
	for i, rest := 0, out.String(); i < n; i++ {
		k := strings.Index(rest, fmt.Sprintf("[Event \"g%d\"]", i))
		if k < 0 {
			t.Fatalf("game %d is missing or out of order", i)
		}
		rest = rest[k:]
	}
}
