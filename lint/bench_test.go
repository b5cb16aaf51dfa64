package lint

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/pgnlint/pgnlint/formatter"
	"github.com/pgnlint/pgnlint/internal/benchdata"
	"github.com/pgnlint/pgnlint/semantic"
	"github.com/pgnlint/pgnlint/source"
)

// benchGames parses every game of data once, outside the timed loop.
func benchGames(b *testing.B, data []byte) []*ParsedGame {
	rd := NewReader(bytes.NewReader(data))
	var pgs []*ParsedGame
	for {
		pg, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return pgs
		}
		if err != nil {
			b.Fatal(err)
		}
		pgs = append(pgs, pg)
	}
}

// BenchmarkSplit decodes the input and cuts it into games.
func BenchmarkSplit(b *testing.B) {
	data := benchdata.Load(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		s := source.NewSplitter(bytes.NewReader(data))
		for {
			if _, err := s.Next(); err != nil {
				if !errors.Is(err, io.EOF) {
					b.Fatal(err)
				}
				break
			}
		}
	}
}

// BenchmarkSemantic runs every pass (syntax, text, tags, legality) over
// games parsed beforehand.
func BenchmarkSemantic(b *testing.B) {
	data := benchdata.Load(b)
	pgs := benchGames(b, data)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		for _, pg := range pgs {
			Check(pg)
		}
	}
}

// BenchmarkPrinter prints games parsed and repaired beforehand in export
// format.
func BenchmarkPrinter(b *testing.B) {
	data := benchdata.Load(b)
	var games []*ParsedGame
	for _, pg := range benchGames(b, data) {
		if g, ok := Repair(pg, Check(pg)); ok && semantic.Printable(g.Game) {
			games = append(games, g)
		}
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var out []byte
	for b.Loop() {
		for _, pg := range games {
			out = formatter.Game(out[:0], pg.Game, semantic.StartPly(pg.Game), formatter.Options{})
		}
	}
}

// BenchmarkLint is the whole lint run: read, split, parse, check, place,
// on GOMAXPROCS workers.
func BenchmarkLint(b *testing.B) {
	data := benchdata.Load(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if err := File("bench.pgn", bytes.NewReader(data), func(Finding) {}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFormat is the whole fmt run.
func BenchmarkFormat(b *testing.B) {
	data := benchdata.Load(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Format("bench.pgn", bytes.NewReader(data), io.Discard, formatter.Options{}, func(Finding) {}, nil); err != nil {
			b.Fatal(err)
		}
	}
}
