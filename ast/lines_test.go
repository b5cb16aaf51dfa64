package ast

import "testing"

func TestPosition(t *testing.T) {
	src := []byte("ab\r\ncd\reé\U0001F600x\nlast")
	l := NewLines(src, 100, 7, nil)
	tests := []struct {
		off  int64
		want Position
	}{
		{100, Position{Offset: 100, Line: 7, Col: 1, Rune: 1, UTF16: 1}},
		{101, Position{Offset: 101, Line: 7, Col: 2, Rune: 2, UTF16: 2}},
		{104, Position{Offset: 104, Line: 8, Col: 1, Rune: 1, UTF16: 1}},
		{107, Position{Offset: 107, Line: 9, Col: 1, Rune: 1, UTF16: 1}},
		{108, Position{Offset: 108, Line: 9, Col: 2, Rune: 2, UTF16: 2}},
		{110, Position{Offset: 110, Line: 9, Col: 4, Rune: 3, UTF16: 3}},
		{114, Position{Offset: 114, Line: 9, Col: 8, Rune: 4, UTF16: 5}},
		{116, Position{Offset: 116, Line: 10, Col: 1, Rune: 1, UTF16: 1}},
	}
	for _, tt := range tests {
		if got := l.Position(tt.off); got != tt.want {
			t.Errorf("Position(%d) = %+v, want %+v", tt.off, got, tt.want)
		}
	}
	if got := string(l.Line(109)); got != "eé\U0001F600x" {
		t.Errorf("Line = %q", got)
	}
	if l.Count() != 4 {
		t.Errorf("Count = %d, want 4", l.Count())
	}
}

// TestPositionOrig checks that byte offsets and columns are those of the
// original input when the text was decoded from another encoding.
func TestPositionOrig(t *testing.T) {
	// "é" was one Latin-1 byte: decoded offsets after it are one larger.
	src := []byte("[x \"é\"]\nab")
	orig := func(off int64) int64 {
		if off > 5 {
			return off - 1
		}
		return off
	}
	l := NewLines(src, 0, 1, orig)
	if got := l.Position(6); got.Offset != 5 || got.Col != 6 || got.Rune != 6 {
		t.Errorf("Position(6) = %+v, want offset 5, col 6, rune 6", got)
	}
	if got := l.Position(10); got.Offset != 9 || got.Line != 2 || got.Col != 2 {
		t.Errorf("Position(10) = %+v, want offset 9, line 2, col 2", got)
	}
}
