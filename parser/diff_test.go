package parser_test

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/alecthomas/repr"

	"github.com/pgnlint/pgnlint/grammar"
	"github.com/pgnlint/pgnlint/parser"
	"github.com/pgnlint/pgnlint/source"
)

// full lifts the per-file sampling of the shared corpus.
var full = flag.Bool("full", false, "compare whole shared-corpus files, not their first games")

// sampleBytes bounds how much of one shared-corpus file the differential
// tests compare unless -full is given: participle parses about 0.5 MB/s of
// dense movetext, and the whole shared corpus is some 80 MB (-full takes
// about 75 s on two cores; the sample about 20 s).
const sampleBytes = 2 << 20

// sample returns sampleBytes, or a tenth of it with -short.
func sample() int {
	if testing.Short() {
		return sampleBytes / 10
	}
	return sampleBytes
}

// corpusFiles returns the project's corpus cases and the shared corpus.
func corpusFiles(t testing.TB) (local, shared []string) {
	local, err := filepath.Glob("../corpus/testdata/*.pgn")
	if err != nil {
		t.Fatal(err)
	}
	_ = filepath.WalkDir("../../shared/corpus", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".pgn") {
			shared = append(shared, path)
		}
		return nil
	})
	return local, shared
}

// chunks cuts data into games with the splitter, up to about limit bytes
// of games (all of them for limit < 0).
func chunks(t testing.TB, data []byte, limit int) []*source.Chunk {
	t.Helper()
	sp := source.NewSplitter(bytes.NewReader(data))
	var out []*source.Chunk
	n := 0
	for limit < 0 || n < limit {
		c, err := sp.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		var ce *source.CompressedError
		if errors.As(err, &ce) {
			break // input that only looks compressed: the decoder's business, not the parsers'
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
		n += len(c.Src)
	}
	return out
}

// sameGame parses c with both parsers and reports any difference.
func sameGame(t testing.TB, c *source.Chunk) bool {
	t.Helper()
	want, werr := grammar.ParseGame(c)
	got, gerr := parser.ParseGame(c)
	if werr != nil || gerr != nil {
		if (werr == nil) != (gerr == nil) {
			t.Errorf("game at offset %d: participle error %v, generated parser error %v\n%q", c.Offset(c.Start), werr, gerr, c.Src)
			return false
		}
		return true
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("game at offset %d (%q) differs:\n%s", c.Offset(c.Start), clip(string(c.Src), c.Start),
			firstDifference(repr.String(got, repr.Indent("  ")), repr.String(want, repr.Indent("  "))))
		return false
	}
	return true
}

// firstDifference shows where two dumps first differ, with some context.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	i := 0
	for i < len(g) && i < len(w) && g[i] == w[i] {
		i++
	}
	from := max(0, i-12)
	return "--- generated\n" + strings.Join(g[from:min(len(g), i+8)], "\n") +
		"\n--- participle\n" + strings.Join(w[from:min(len(w), i+8)], "\n")
}

// token is one token with its kind name and offsets.
type token struct {
	Kind       string
	Start, End int
}

// participleTokens lexes s with grammar.Lexer, layout included.
func participleTokens(t testing.TB, s string) []token {
	t.Helper()
	l, err := grammar.Lexer.LexString("", s)
	if err != nil {
		t.Fatal(err)
	}
	names := map[lexer.TokenType]string{}
	for name, typ := range grammar.Lexer.Symbols() {
		names[typ] = name
	}
	var out []token
	for {
		tok, err := l.Next()
		if err != nil {
			t.Fatalf("participle lexer: %v", err)
		}
		if tok.EOF() {
			return append(out, token{"EOF", tok.Pos.Offset, tok.Pos.Offset})
		}
		out = append(out, token{names[tok.Type], tok.Pos.Offset, tok.Pos.Offset + len(tok.Value)})
	}
}

// scannerTokens lexes s with the generated scanner, layout included.
func scannerTokens(s string) []token {
	var sc parser.Scanner
	sc.Reset(s)
	var out []token
	for {
		k, start, end := sc.Next()
		out = append(out, token{k.String(), start, end})
		if k == parser.KindEOF {
			return out
		}
	}
}

// sameTokens compares the two lexers on s.
func sameTokens(t testing.TB, s string) bool {
	t.Helper()
	want := participleTokens(t, s)
	got := scannerTokens(s)
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			from := max(0, i-3)
			t.Errorf("token %d differs in %q:\n generated %v\nparticiple %v\n(context: generated %v, participle %v)",
				i, clip(s, want[i].Start), got[i], want[i], got[from:i+1], want[from:i+1])
			return false
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d tokens from the generated scanner, %d from participle", len(got), len(want))
		return false
	}
	return true
}

// clip returns up to 60 bytes of s around offset i.
func clip(s string, i int) string {
	return s[max(0, i-20):min(len(s), i+40)]
}

// TestCorpusAST compares the two parsers on every game of the corpus cases
// and on the shared corpus (each file's first sampleBytes of games unless
// -full).
func TestCorpusAST(t *testing.T) {
	local, shared := corpusFiles(t)
	if len(local) == 0 {
		t.Fatal("no corpus cases in ../corpus/testdata")
	}
	if len(shared) == 0 {
		t.Log("no shared corpus at ../../shared/corpus; comparing the corpus cases only")
	}
	for _, name := range append(local, shared...) {
		t.Run(strings.TrimPrefix(name, "../"), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			limit := sample()
			if *full || !strings.Contains(name, "shared") {
				limit = -1
			}
			games := chunks(t, data, limit)
			bad := 0
			for _, c := range games {
				if !sameGame(t, c) {
					if bad++; bad == 3 {
						t.Fatal("giving up on this file")
					}
				}
			}
			if limit >= 0 && len(data) > limit {
				t.Logf("compared the first %d games", len(games))
			}
		})
	}
}

// TestCorpusTokens compares the scanner with participle's lexer, token by
// token, on the raw bytes of the same files (invalid UTF-8 included).
func TestCorpusTokens(t *testing.T) {
	local, shared := corpusFiles(t)
	for _, name := range append(local, shared...) {
		t.Run(strings.TrimPrefix(name, "../"), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			if !*full && strings.Contains(name, "shared") && len(data) > sample() {
				data = data[:sample()]
			}
			sameTokens(t, string(data))
		})
	}
}

// cases are hand-written inputs for the corners of the lexer and grammar.
var cases = []string{
	"",
	"\n",
	"1.e4", "1...e5", "12...Qxd1+", "0-0-0 O-O", "e8=Q# exd6e.p.", "Qxa8?! e4!!",
	"$12 $300", "1-0 0-1 1/2-1/2 *", "-- Z0", "e2e4 e2-e4 Ng1xf3",
	"C2.5 H8+7 R+.3 +C-2 -P+1 17=8", "h2e2 H2-E2",
	"1. 炮二平五 马８进７", "51.兵五平六", "１．ｅ４　ｅ５", "Ｃ２＝５", "１－０ ０－１ １／２－１／２ ＊",
	"[Event \"a \\\"b\\\" c\"]", "［Ｅｖｅｎｔ　“x”］", "[Event \"open", "[Event \"open\nnext\"]",
	"{a\nb} {open", "e4 ; rest {x}\nd4",
	"%escape\n  %not\ne4 %neither", "e4\r%escape\r\n%escape", "{x}\n%escape", "\r\r\n\n%a\r%b",
	"\uFEFF[A \"b\"]", "\uFEFF\uFEFF%x", " \uFEFF%x", "\n\uFEFF%x\n",
	"<br /> > <", "<a\nb>", "<{>", "＜＞<<>>",
	"(e4) ]", "((e4 (d4)) e5", ") ) 1-0 ) (",
	"e4\te5\x00\x1a", "§ / \xff", "\xff\xfe\xfd", "e4\xffe5", "{\xff}", "\"\xff\"", "%\xff",
	"a.", "a..b", "a.b.c", "a.．b", "+", "-", "--", "---", "+-a", "-+a", "+a+", "a\u0301b",
	"1a", "1_", "11..", "1.2", "1-", "1-0-0", "1/2", "1/2-", "1/2-1/", "0-10", "1-00",
	"\"\\", "\"\\\n", "\"a\\\"", "“a”", "”a“", "\"abc", "{}", "{", "｛x}", "{x｝",
	"?!!?", "！？", "$", "$x", "＄１", ";", ";\r\nx", "\u3000x", "\u2654xd4 ♞f3",
	"[A \"b\"] [C \"d\" e f 1 $2] ] x \"s\" {c} ; l\n%e\n%f (g) ) 1-0 * <r>",
	"[A\n[B \"c\" (] 1. e4 [Tag \"x\"] e5 1-0 e4 ( ) 1-0",
	"1. e4 (1. d4 d5 (1... c5) 2. c4 1-0 ) e5 *",
}

// TestCases compares both lexers and both parsers on the hand-written
// cases, each also as a game not starting its line.
func TestCases(t *testing.T) {
	for _, s := range cases {
		sameTokens(t, s)
		sameTokens(t, " "+s)
		for _, in := range []string{s, "[A \"b\"]\n" + s, "[A \"b\"] " + s + " *\n[C \"d\"] x " + s} {
			for _, c := range chunks(t, []byte(in), -1) {
				sameGame(t, c)
			}
		}
	}
}

// FuzzGeneratedVsParticiple holds the generated scanner and parser to
// participle's lexer and parser on arbitrary bytes.
func FuzzGeneratedVsParticiple(f *testing.F) {
	local, shared := corpusFiles(f)
	for _, name := range local {
		if b, err := os.ReadFile(name); err == nil && len(b) < 8<<10 {
			f.Add(b)
		}
	}
	for _, name := range shared {
		if strings.Contains(name, "edge-cases") {
			if b, err := os.ReadFile(name); err == nil && len(b) < 8<<10 {
				f.Add(b)
			}
		}
	}
	for _, s := range cases {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !sameTokens(t, string(data)) {
			return
		}
		for _, c := range chunks(t, data, -1) {
			if !sameGame(t, c) {
				return
			}
		}
	})
}
