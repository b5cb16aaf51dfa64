package source

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/encoding/simplifiedchinese"
)

// chunks returns every game the splitter cuts from r, reading blocks that
// start at block bytes.
func chunks(t *testing.T, r io.Reader, block int) []Chunk {
	t.Helper()
	s := NewSplitter(r)
	s.block = block
	var out []Chunk
	for {
		c, err := s.Next()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, *c)
	}
}

// games returns the text of each game the splitter cuts from r.
func games(t *testing.T, r io.Reader, block int) []string {
	t.Helper()
	var out []string
	for _, c := range chunks(t, r, block) {
		out = append(out, string(c.Src[c.Start:]))
	}
	return out
}

func TestSplit(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []string
	}{
		{"two games", "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n1. d4 *\n",
			[]string{"[Event \"a\"]\n\n1. e4 *\n\n", "[Event \"b\"]\n1. d4 *\n"}},
		{"tagless games, one per line", "e4 e5 1-0\nd4 d5 0-1\n",
			[]string{"e4 e5 1-0\n", "d4 d5 0-1\n"}},
		{"tagless games on one line", "1. e4 e5 1-0 1. d4 d5 0-1",
			[]string{"1. e4 e5 1-0 ", "1. d4 d5 0-1"}},
		{"footer stays with its game", "1. e4 *\n======\nhttp://example.net/\n[Event \"b\"]\n*",
			[]string{"1. e4 *\n======\nhttp://example.net/\n", "[Event \"b\"]\n*"}},
		{"comment after the result stays", "1. e4 1-0 {done}\n[Event \"b\"]\n*",
			[]string{"1. e4 1-0 {done}\n", "[Event \"b\"]\n*"}},
		{"missing ] does not swallow movetext", "[Event \"a\"\n1. e4 *\n[Event \"b\"]\n*",
			[]string{"[Event \"a\"\n1. e4 *\n", "[Event \"b\"]\n*"}},
		{"tag split over lines", "[Event\n\"a\"]\n1. e4 *", []string{"[Event\n\"a\"]\n1. e4 *"}},
		{"] on the next line continues the tag", "[Event \"a\"\n]\n1. e4 *", []string{"[Event \"a\"\n]\n1. e4 *"}},
		{"open comment resyncs at a tag line", "1. e4 { oops\n[Event \"b\"]\n*",
			[]string{"1. e4 { oops\n", "[Event \"b\"]\n*"}},
		{"a clock in a comment is no tag line", "1. e4 { a\n[%clk 0:01:00] } *\n[Event \"b\"]\n*",
			[]string{"1. e4 { a\n[%clk 0:01:00] } *\n", "[Event \"b\"]\n*"}},
		{"result inside a variation does not end the game", "1. e4 (1. d4 1-0) e5 *", []string{"1. e4 (1. d4 1-0) e5 *"}},
		{"bracket in a string", "[Event \"a]\\\"[\"]\n1. e4 *", []string{"[Event \"a]\\\"[\"]\n1. e4 *"}},
		{"headers and moves on one line", "[Event \"a\"] 1. e4 *\n\n[Event \"b\"]\n1. d4 *",
			[]string{"[Event \"a\"] 1. e4 *\n\n", "[Event \"b\"]\n1. d4 *"}},
		{"escape line in the tag section", "%x\n[Event \"a\"]\n*", []string{"%x\n[Event \"a\"]\n*"}},
		{"BOM", "\uFEFF[Event \"a\"]\n*", []string{"[Event \"a\"]\n*"}},
		{"full-width tags", "［Ｅｖｅｎｔ \"a\"］\n１．ｅ４ ＊\n［Ｅｖｅｎｔ \"b\"］\n＊",
			[]string{"［Ｅｖｅｎｔ \"a\"］\n１．ｅ４ ＊\n", "［Ｅｖｅｎｔ \"b\"］\n＊"}},
		{"tag sections without movetext", "[Event \"a\"]\n[Site \"x\"]\n\n[Event \"b\"]\n[Site \"y\"]\n",
			[]string{"[Event \"a\"]\n[Site \"x\"]\n\n", "[Event \"b\"]\n[Site \"y\"]\n"}},
		{"a Game tag before the repeated tag", "[Event \"a\"]\n[Site \"x\"]\n\n[Game \"Chinese Chess\"]\n[Event \"b\"]\n",
			[]string{"[Event \"a\"]\n[Site \"x\"]\n\n", "[Game \"Chinese Chess\"]\n[Event \"b\"]\n"}},
		{"a repeated Game tag", "[Game \"Chinese Chess\"]\n\n[Game \"Chinese Chess\"]\n[Event \"b\"]\n",
			[]string{"[Game \"Chinese Chess\"]\n\n", "[Game \"Chinese Chess\"]\n[Event \"b\"]\n"}},
		{"a new tag after a blank line stays in its section", "[Event \"a\"]\n\n[Site \"x\"]\n[Event \"b\"]\n*",
			[]string{"[Event \"a\"]\n\n[Site \"x\"]\n[Event \"b\"]\n*"}},
		{"an Event tag after a blank line and a broken tag begins a game", "[t\n\n[Event \"b\"]\n[t \"\"]\n*",
			[]string{"[t\n\n", "[Event \"b\"]\n[t \"\"]\n*"}},
		{"a Game and an Event tag after a blank line and a broken tag begin a game", "[t\n\n[Game \"Chinese Chess\"]\n[Event \"b\"]\n*",
			[]string{"[t\n\n", "[Game \"Chinese Chess\"]\n[Event \"b\"]\n*"}},
		{"blank lines between well-formed tags", "[Game \"Chinese Chess\"]\r\r\n[Event \"b\"]\r\r\n[Red \"x\"]\r\r\n*",
			[]string{"[Game \"Chinese Chess\"]\r\r\n[Event \"b\"]\r\r\n[Red \"x\"]\r\r\n*"}},
		{"only layout", " \n\t\r\n", nil},
		{"empty", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, block := range []int{1, 7, maxBlock} {
				got := games(t, strings.NewReader(tt.input), block)
				if strings.Join(got, "|") != strings.Join(tt.want, "|") || len(got) != len(tt.want) {
					t.Errorf("block %d:\n got %q\nwant %q", block, got, tt.want)
				}
			}
		})
	}
}

// TestSplitStreaming checks that reading one byte at a time cuts the same
// games, with the same offsets and line numbers, as reading all at once.
func TestSplitStreaming(t *testing.T) {
	input := "[Event \"a\"]\r\n\r\n1. e4 {x\ny} *\r\r\n[Event \"b\"]\n1. d4 d5 1-0 1. c4 *\n"
	all := chunks(t, strings.NewReader(input), maxBlock)
	one := chunks(t, iotest.OneByteReader(strings.NewReader(input)), 1)
	if len(all) != 3 || len(one) != len(all) {
		t.Fatalf("got %d and %d games, want 3", len(all), len(one))
	}
	wantLines := []int64{1, 6, 7}
	for i := range all {
		a, b := all[i], one[i]
		if !bytes.Equal(a.Src, b.Src) || a.Base != b.Base || a.Line != b.Line || a.Start != b.Start || a.Movetext != b.Movetext {
			t.Errorf("game %d differs: %+v vs %+v", i, a, b)
		}
		if a.Line != wantLines[i] {
			t.Errorf("game %d: line %d, want %d", i, a.Line, wantLines[i])
		}
		if got := input[a.Base : a.Base+int64(len(a.Src))]; got != string(a.Src) {
			t.Errorf("game %d: Base %d does not point at its text", i, a.Base)
		}
	}
}

func TestCountLines(t *testing.T) {
	for in, want := range map[string]int64{"": 0, "a\nb": 1, "a\r\nb\r\n": 2, "a\rb\r": 2, "\r\r\n": 2, "\n\r": 2} {
		if got := countLines([]byte(in)); got != want {
			t.Errorf("countLines(%q) = %d, want %d", in, got, want)
		}
	}
}

// TestSplitLegacyOffsets cuts many GBK games read in small blocks and
// checks that each game's offset map still takes a character late in the
// stream back to its original bytes, after the map has forgotten the games
// before it.
func TestSplitLegacyOffsets(t *testing.T) {
	var text strings.Builder
	for i := range 200 {
		fmt.Fprintf(&text, "[Game \"Chinese Chess\"]\n[Round \"%d\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n\n", i)
	}
	raw, err := simplifiedchinese.GB18030.NewEncoder().String(text.String())
	if err != nil {
		t.Fatal(err)
	}
	s := NewSplitter(strings.NewReader(raw))
	s.block = 512
	games := 0
	for {
		c, err := s.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		games++
		// The last character of the game's moves, 8, is full-width: its
		// original bytes are its GB18030 encoding.
		i := bytes.LastIndex(c.Src, []byte("８"))
		o := c.Map.Orig(c.Offset(i))
		if got := raw[o : o+2]; got != "\xa3\xb8" {
			t.Fatalf("game %d: the last ８ maps to offset %d, which holds %q", games, o, got)
		}
	}
	if games != 200 {
		t.Errorf("%d games, want 200", games)
	}
}
