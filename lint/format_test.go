package lint_test

import (
	"testing"

	"github.com/pgnlint/pgnlint/internal/astcheck"
)

// FuzzFormat checks the export printer on arbitrary input: idempotent,
// meaning-preserving, and leaving no fixable diagnostic in a printed game.
func FuzzFormat(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := astcheck.FormatProperties(data); err != nil {
			t.Fatal(err)
		}
	})
}
