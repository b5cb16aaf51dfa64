package lint_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pgnlint/pgnlint/internal/astcheck"
)

// FuzzFormat checks the export printer on arbitrary input: idempotent,
// meaning-preserving, and leaving no fixable diagnostic in a printed game.
func FuzzFormat(f *testing.F) {
	for _, dir := range []string{"../corpus/testdata", "../../shared/corpus/edge-cases"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.pgn"))
		for _, name := range files {
			if b, err := os.ReadFile(name); err == nil && len(b) < 8<<10 {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := astcheck.FormatProperties(data); err != nil {
			t.Fatal(err)
		}
	})
}
