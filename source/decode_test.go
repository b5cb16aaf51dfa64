package source

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

func decodeAll(t *testing.T, r io.Reader) (string, *Decoder) {
	t.Helper()
	d := NewDecoder(r)
	out, err := io.ReadAll(d)
	if err != nil {
		t.Fatal(err)
	}
	return string(out), d
}

func TestDecodeUTF8(t *testing.T) {
	in := "[White \"Müller\"] 炮二平五 \U0001F600"
	for _, r := range []io.Reader{strings.NewReader(in), iotest.OneByteReader(strings.NewReader(in))} {
		got, d := decodeAll(t, r)
		if got != in || d.Encoding() != UTF8 || d.m.Shifts() {
			t.Errorf("got %q (%v), want the input unchanged", got, d.Encoding())
		}
		if _, ok := d.FellBack(); ok {
			t.Error("UTF-8 input fell back")
		}
	}
}

func TestDecodeLatin1(t *testing.T) {
	in := "[White \"M\xfcller\"]\n[Black \"Andr\xe9\"]"
	got, d := decodeAll(t, iotest.OneByteReader(strings.NewReader(in)))
	if got != "[White \"Müller\"]\n[Black \"André\"]" || d.Encoding() != Latin1 {
		t.Fatalf("got %q (%v)", got, d.Encoding())
	}
	at, ok := d.FellBack()
	if !ok || at != 9 {
		t.Errorf("fell back at %d %v, want decoded offset 9", at, ok)
	}
	// Every decoded offset maps back to the original byte it came from.
	for _, c := range []struct{ dec, orig int64 }{{0, 0}, {9, 9}, {11, 10}, {19, 18}, {int64(len(got)), int64(len(in))}} {
		if o := d.m.Orig(c.dec); o != c.orig {
			t.Errorf("Orig(%d) = %d, want %d", c.dec, o, c.orig)
		}
	}
}

func TestDecodeChinese(t *testing.T) {
	// The first characters are no xiangqi characters: the guess needs
	// the moves further on.
	text := "[Game \"Chinese Chess\"]\n[Event \"第一届\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n"
	for _, tc := range []struct {
		name string
		enc  Encoding
		raw  func(string) (string, error)
	}{
		{"GB18030", GB18030, simplifiedchinese.GB18030.NewEncoder().String},
		{"Big5", Big5, func(s string) (string, error) {
			// Big5 lacks the simplified forms; use the traditional ones CCPD files have.
			return traditionalchinese.Big5.NewEncoder().String(strings.NewReplacer("马", "馬", "进", "進", "车", "車").Replace(s))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := tc.raw(text)
			if err != nil {
				t.Fatal(err)
			}
			// Read one byte at a time too: the encoding is still guessed
			// from a full sample, not from the byte that broke UTF-8.
			slow, d1 := decodeAll(t, iotest.OneByteReader(strings.NewReader(raw)))
			got, d := decodeAll(t, strings.NewReader(raw))
			if d.Encoding() != tc.enc || d1.Encoding() != tc.enc || slow != got {
				t.Fatalf("read as %v (and %v a byte at a time), want %v", d.Encoding(), d1.Encoding(), tc.enc)
			}
			if !strings.Contains(got, "炮二平五") {
				t.Errorf("decoded %q", got)
			}
			if o := d.m.Orig(int64(len(got))); o != int64(len(raw)) {
				t.Errorf("end maps to %d, want %d", o, len(raw))
			}
			first := strings.Index(got, "炮")
			if o := d.m.Orig(int64(first)); raw[o:o+2] != raw[strings.Index(raw, "1. ")+3:][:2] {
				t.Errorf("the first Chinese character maps to offset %d", o)
			}
		})
	}
}

func TestDecodeForced(t *testing.T) {
	// The same bytes read as GB18030 (given) and as Latin-1 (guessed: too few
	// xiangqi characters to tell).
	raw := "[Event \"\xc6\xe5\"]"
	got, d := decodeAll(t, WithEncoding(strings.NewReader(raw), GB18030))
	if got != "[Event \"棋\"]" || d.Encoding() != GB18030 {
		t.Errorf("forced GB18030: %q, %v", got, d.Encoding())
	}
	if _, ok := d.FellBack(); ok {
		t.Error("a given encoding is not a fallback")
	}
	got, d = decodeAll(t, strings.NewReader(raw))
	if d.Encoding() != Latin1 || got != "[Event \"Æå\"]" {
		t.Errorf("guessed: %q, %v", got, d.Encoding())
	}
	// Given as UTF-8, a bad byte stays one Latin-1 character.
	got, d = decodeAll(t, WithEncoding(strings.NewReader("a\xffb"), UTF8))
	if got != "aÿb" || d.Encoding() != UTF8 || d.m.Orig(4) != 3 {
		t.Errorf("forced UTF-8: %q, %v, Orig(4)=%d", got, d.Encoding(), d.m.Orig(4))
	}
	if _, err := ParseEncoding("GBK"); err != nil {
		t.Error(err)
	}
	if _, err := ParseEncoding("ebcdic"); err == nil {
		t.Error("ebcdic accepted")
	}
}
