package parser_test

import (
	"testing"

	"github.com/pgnlint/pgnlint/grammar"
	"github.com/pgnlint/pgnlint/internal/benchdata"
	"github.com/pgnlint/pgnlint/parser"
	"github.com/pgnlint/pgnlint/source"
)

// BenchmarkScanner scans the whole file, layout included.
func BenchmarkScanner(b *testing.B) {
	src := string(benchdata.Load(b))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var sc parser.Scanner
	for b.Loop() {
		sc.Reset(src)
		for {
			if k, _, _ := sc.Next(); k == parser.KindEOF {
				break
			}
		}
	}
}

func benchParse(b *testing.B, parse func(*source.Chunk) (any, error)) {
	data := benchdata.Load(b)
	games := chunks(b, data, -1)
	n := 0
	for _, c := range games {
		n += len(c.Src) - c.Start
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range games {
			if _, err := parse(c); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkParser parses every game of the file with the generated parser,
// the splitter's work excluded.
func BenchmarkParser(b *testing.B) {
	benchParse(b, func(c *source.Chunk) (any, error) { return parser.ParseGame(c) })
}

// BenchmarkParticiple does the same with participle's runtime parser.
func BenchmarkParticiple(b *testing.B) {
	benchParse(b, func(c *source.Chunk) (any, error) { return grammar.ParseGame(c) })
}
