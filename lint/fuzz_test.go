package lint_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/pgnlint/pgnlint/internal/astcheck"
	"github.com/pgnlint/pgnlint/source"
)

// FuzzParse feeds arbitrary bytes through the whole front end: no panic, no
// error, games in order, every tree keeping its invariants, and the checks
// running without panic and placing diagnostics inside their games.
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Add([]byte("[Event \"x\"]\n1. e4 {open (1. d4 ] \"str\n%esc\n  %no\n$999 <br /> ) 1-0 1. d4 *"))
	f.Add([]byte("[White \"M\xfcller\"]\n1. e4 \xff\xfe *"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var ce *source.CompressedError
		if _, _, err := astcheck.Stream(data); errors.As(err, &ce) {
			t.Skip("input that only looks compressed: an I/O error, tested in source")
		} else if err != nil {
			t.Fatal(err)
		}
	})
}

// addSeeds seeds a fuzz target with the small PGN files of the corpus and
// of the shared edge cases.
func addSeeds(f *testing.F) {
	for _, dir := range []string{"../corpus/testdata", "../../shared/corpus/edge-cases"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.pgn"))
		for _, name := range files {
			if b, err := os.ReadFile(name); err == nil && len(b) < 8<<10 {
				f.Add(b)
			}
		}
	}
}
