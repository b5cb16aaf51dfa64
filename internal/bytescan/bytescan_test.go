package bytescan

import (
	"strings"
	"testing"
)

func naiveIndexAny(s string, i int, set string, nonASCII bool) int {
	for ; i < len(s); i++ {
		if nonASCII && s[i] >= 0x80 || strings.IndexByte(set, s[i]) >= 0 {
			return i
		}
	}
	return len(s)
}

func naiveNotPrintable(s string, i int) int {
	for ; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return i
		}
	}
	return len(s)
}

// check compares the word-at-a-time answers with a byte loop, from every
// starting index, for strings and byte slices.
func check(t *testing.T, s string) {
	t.Helper()
	for _, set := range []string{"}", "}\n", "\"\\\r\n"} {
		for _, nonASCII := range []bool{false, true} {
			for i := 0; i <= len(s); i++ {
				want := naiveIndexAny(s, i, set, nonASCII)
				if got := IndexAny(s, i, set, nonASCII); got != want {
					t.Fatalf("IndexAny(%q, %d, %q, %v) = %d, want %d", s, i, set, nonASCII, got, want)
				}
				if got := IndexAny([]byte(s), i, set, nonASCII); got != want {
					t.Fatalf("IndexAny([]byte %q, %d, %q, %v) = %d, want %d", s, i, set, nonASCII, got, want)
				}
			}
		}
	}
	for i := 0; i <= len(s); i++ {
		want := naiveNotPrintable(s, i)
		if got := IndexNotPrintable(s, i); got != want {
			t.Fatalf("IndexNotPrintable(%q, %d) = %d, want %d", s, i, got, want)
		}
		if got := IndexNotPrintable([]byte(s), i); got != want {
			t.Fatalf("IndexNotPrintable([]byte %q, %d) = %d, want %d", s, i, got, want)
		}
	}
}

func TestAgainstByteLoop(t *testing.T) {
	for _, s := range []string{
		"", "}", "{ a comment } 12. Nf3",
		"{d=20, sd=31, mt=1234, tl=5678, s=999, n=123456, pv=Nf3 Nc6 Bb5, tb=0, R50=49, wv=0.31}",
		"all printable ASCII without any stop byte at all........",
		"\x7f\x80\xff\x00\x1f\x20\x7e\x7d\x01", "炮二平五 {红方先行} 马８进７", "\t\v\f\r\n\x1a",
		strings.Repeat("\xff", 17) + "}", strings.Repeat("~", 15) + "\x7f", strings.Repeat("\x20", 9) + "\x1f",
	} {
		check(t, s)
	}
}

func FuzzAgainstByteLoop(f *testing.F) {
	f.Add("{ a comment } 1. e4")
	f.Add("\x7f\xff\x00\x1f}")
	f.Fuzz(check)
}

func BenchmarkIndexAny(b *testing.B) {
	s := strings.Repeat("d=20, sd=31, mt=1234, tl=5678, pv=Nf3 Nc6 Bb5 ", 100) + "}"
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		if IndexAny(s, 0, "}", true) != len(s)-1 {
			b.Fatal("wrong index")
		}
	}
}
