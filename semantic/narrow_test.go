package semantic

import (
	"testing"

	"golang.org/x/text/width"
)

// TestNarrowSkipsOnlyWhatWidthKeeps checks narrow's shortcut: every
// character width.Narrow changes lies in the blocks hasWide looks for.
func TestNarrowSkipsOnlyWhatWidthKeeps(t *testing.T) {
	for r := rune(0x80); r <= 0x10FFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		s := string(r)
		if want := width.Narrow.String(s); narrow(s) != want {
			t.Errorf("narrow(%q) = %q, want %q", s, narrow(s), want)
		}
	}
}
