package lint

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/pgnlint/pgnlint/internal/astcheck"
)

// FuzzParse feeds arbitrary bytes through the whole front end: no panic, no
// error, games in order, every tree keeping its invariants, and the checks
// running clean of panics too.
func FuzzParse(f *testing.F) {
	for _, dir := range []string{"../corpus/testdata", "../../shared/corpus/edge-cases"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.pgn"))
		for _, name := range files {
			if b, err := os.ReadFile(name); err == nil && len(b) < 8<<10 {
				f.Add(b)
			}
		}
	}
	f.Add([]byte("[Event \"x\"]\n1. e4 {open (1. d4 ] \"str\n%esc\n  %no\n$999 <br /> ) 1-0 1. d4 *"))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkStream(t, data)
	})
}

// checkStream parses data and checks every game.
func checkStream(t *testing.T, data []byte) int {
	t.Helper()
	rd := NewReader(bytes.NewReader(data))
	var prevEnd int64
	games := 0
	for {
		pg, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return games
		}
		if err != nil {
			t.Fatalf("game %d: %v", games+1, err)
		}
		games++
		if pg.Game.Start < prevEnd {
			t.Fatalf("game %d starts at %d, before the previous one ends at %d", games, pg.Game.Start, prevEnd)
		}
		prevEnd = pg.Game.End
		if err := astcheck.Verify(pg.Game, pg.Lines); err != nil {
			t.Fatalf("game %d: %v", games, err)
		}
		for _, d := range Check(pg) {
			if d.Span.Start < pg.Game.Start || d.Span.End > pg.Game.End+1 {
				t.Fatalf("game %d: diagnostic %s %v outside the game %v", games, d.Rule, d.Span, pg.Game.Span)
			}
		}
	}
}
