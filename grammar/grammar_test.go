package grammar

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

var update = flag.Bool("update", false, "rewrite docs/grammar.ebnf")

// lex returns "Type:text" for each token the lexer produces, layout elided.
func lex(t *testing.T, s string) []string {
	t.Helper()
	l, err := Lexer.LexString("", s)
	if err != nil {
		t.Fatal(err)
	}
	names := map[lexer.TokenType]string{}
	for name, typ := range Lexer.Symbols() {
		names[typ] = name
	}
	elided := map[string]bool{}
	for _, e := range Elided {
		elided[e] = true
	}
	var out []string
	for {
		tok, err := l.Next()
		if err != nil {
			t.Fatal(err)
		}
		if tok.EOF() {
			return out
		}
		if !elided[names[tok.Type]] {
			out = append(out, names[tok.Type]+":"+tok.Value)
		}
	}
}

func TestLexer(t *testing.T) {
	tests := []struct{ in, want string }{
		{"1.e4", "Integer:1 Period:. Symbol:e4"},
		{"1...e5", "Integer:1 Period:. Period:. Period:. Symbol:e5"},
		{"12...Qxd1+", "Integer:12 Period:. Period:. Period:. Symbol:Qxd1+"},
		{"0-0-0 O-O", "DigitSymbol:0-0-0 Symbol:O-O"},
		{"e8=Q# exd6e.p.", "Symbol:e8=Q# Symbol:exd6e.p Period:."},
		{"Qxa8?! e4!!", "Symbol:Qxa8 Suffix:?! Symbol:e4 Suffix:!!"},
		{"$12 $300", "NAG:$12 NAG:$300"},
		{"1-0 0-1 1/2-1/2 *", "Result:1-0 Result:0-1 Result:1/2-1/2 Result:*"},
		{"-- Z0", "Symbol:-- Symbol:Z0"},
		{"e2e4 e2-e4 Ng1xf3", "Symbol:e2e4 Symbol:e2-e4 Symbol:Ng1xf3"},
		{"C2.5 H8+7 R+.3 +C-2 -P+1 17=8", "Symbol:C2.5 Symbol:H8+7 Symbol:R+.3 Symbol:+C-2 Symbol:-P+1 DigitSymbol:17=8"},
		{"3+.4 33.4 7-.6 33. 4", "DigitSymbol:3+.4 DigitSymbol:33.4 DigitSymbol:7-.6 Integer:33 Period:. Integer:4"},
		{"h2e2 H2-E2", "Symbol:h2e2 Symbol:H2-E2"},
		{"1. 炮二平五 马８进７", "Integer:1 Period:. Symbol:炮二平五 Symbol:马８进７"},
		{"51.兵五平六", "Integer:51 Period:. Symbol:兵五平六"},
		{"１．ｅ４　ｅ５", "Integer:１ Period:． Symbol:ｅ４ Symbol:ｅ５"},
		{"Ｃ２＝５", "Symbol:Ｃ２＝５"},
		{"[Event \"a \\\"b\\\" c\"]", "LBracket:[ Symbol:Event String:\"a \\\"b\\\" c\" RBracket:]"},
		{"［Ｅｖｅｎｔ　“x”］", "LBracket:［ Symbol:Ｅｖｅｎｔ String:“x” RBracket:］"},
		{"[Event \"open", "LBracket:[ Symbol:Event OpenString:\"open"},
		{"{a\nb} {open", "Comment:{a\nb} OpenComment:{open"},
		{"e4 ; rest {x}\nd4", "Symbol:e4 LineComment:; rest {x} Symbol:d4"},
		{"%escape\n  %not\ne4 %neither", "Escape:%escape BadEscape:%not Symbol:e4 BadEscape:%neither"},
		{"e4\r%escape\r\n%escape", "Symbol:e4 Escape:%escape Escape:%escape"},
		{"{x}\n%escape", "Comment:{x} Escape:%escape"},
		{"\uFEFF[A \"b\"]", "LBracket:[ Symbol:A String:\"b\" RBracket:]"},
		{"<br /> > <", "Reserved:<br /> Reserved:> Reserved:<"},
		{"(e4) ]", "LParen:( Symbol:e4 RParen:) RBracket:]"},
		{"e4\te5\x00\x1a", "Symbol:e4 Symbol:e5"},
		{"§ / \xff", "Junk:§ Junk:/ Junk:\xff"},
	}
	for _, tt := range tests {
		if got := strings.Join(lex(t, tt.in), " "); got != tt.want {
			t.Errorf("lex(%q)\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

// TestGrammarEBNF keeps docs/grammar.ebnf equal to the grammar participle
// builds, so the documented syntax is the one the parser uses.
func TestGrammarEBNF(t *testing.T) {
	got := "TagSection:\n" + TagParser.String() + "\n\nMovetext:\n" + MovetextParser.String() + "\n"
	const path = "../docs/grammar.ebnf"
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s is out of date; run go test ./grammar -run EBNF -update", path)
	}
}
