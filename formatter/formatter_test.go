package formatter

import (
	"strings"
	"testing"

	"github.com/pgnlint/pgnlint/ast"
)

// tok makes a token node; spans do not matter to the printer.
func tok(s string) ast.Token { return ast.Token{Text: s} }

func move(s string) *ast.Move { return &ast.Move{Text: tok(s)} }

func game(tags []ast.Node, elems ...ast.Node) *ast.Game {
	return &ast.Game{Tags: tags, Elements: elems, Termination: &ast.Termination{Token: tok("*")}}
}

func tagPair(name, value string) *ast.TagPair {
	n, v := tok(name), tok(`"`+value+`"`)
	return &ast.TagPair{Name: &n, Value: &v}
}

func movetext(t *testing.T, g *ast.Game, startPly int) string {
	t.Helper()
	out := string(Game(nil, g, startPly, Options{}))
	_, mt, ok := strings.Cut(out, "\n\n")
	if !ok {
		t.Fatalf("no blank line after the tags in %q", out)
	}
	return mt
}

func TestTagOrder(t *testing.T) {
	g := game([]ast.Node{tagPair("ECO", "C20"), tagPair("White", `Tal, "M"`), tagPair("Annotator", `a\b`)})
	got := string(Game(nil, g, 0, Options{}))
	want := "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Tal, \\\"M\\\"\"]\n" +
		"[Black \"?\"]\n[Result \"*\"]\n[Annotator \"a\\\\b\"]\n[ECO \"C20\"]\n\n*\n\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestBlackMoveNumbers(t *testing.T) {
	g := game(nil, move("e4"), &ast.NAG{Token: tok("$1")}, move("e5"),
		&ast.Comment{Token: tok("{ok}")}, move("Nf3"),
		&ast.Variation{Elements: []ast.Node{move("Nc3")}}, move("Nc6"))
	if got, want := movetext(t, g, 0), "1. e4 $1 e5 { ok } 2. Nf3 (2. Nc3) 2... Nc6 *\n\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	// A game that starts with Black to move, from a FEN at move 12.
	if got, want := movetext(t, game(nil, move("Nf6"), move("Nc3")), 23), "12... Nf6 13. Nc3 *\n\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestWrap checks the 79-column limit, a break between a move number and
// its move, and parentheses that may end or start a line.
func TestWrap(t *testing.T) {
	var elems []ast.Node
	for i := 0; i < 40; i++ {
		elems = append(elems, move("Nf3"), move("Nf6"), move("Ng1"), move("Ng8"))
	}
	elems = append(elems, &ast.Variation{Elements: []ast.Node{move("e4"), &ast.Comment{Token: tok("{" + strings.Repeat("word ", 30) + "}")}}})
	mt := movetext(t, game(nil, elems...), 0)
	for _, line := range strings.Split(strings.TrimSpace(mt), "\n") {
		if len(line) > MaxLine || strings.HasPrefix(line, " ") || strings.HasSuffix(line, " ") {
			t.Errorf("bad line (%d): %q", len(line), line)
		}
	}
	if !strings.Contains(mt, "\nNg8") && !strings.Contains(mt, "\nNf3") && !strings.Contains(mt, "\nNf6") {
		t.Errorf("no line starts with a move after a move number ended the line above:\n%s", mt)
	}
	if !strings.Contains(mt, "(80...\ne4 {") || !strings.Contains(mt, "word })") {
		t.Errorf("the variation replacing 80...Ng8 is not written (80... e4 { ... }) with a break after (80...:\n%s", mt)
	}
}

func TestReduced(t *testing.T) {
	g := game([]ast.Node{tagPair("ECO", "C20")}, move("e4"), &ast.NAG{Token: tok("$1")},
		&ast.Comment{Token: tok("{c}")}, &ast.Variation{Elements: []ast.Node{move("d4")}}, move("e5"))
	got := string(Game(nil, g, 0, Options{Reduced: true}))
	want := "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestLineCommentAndEscape(t *testing.T) {
	g := game(nil, move("e4"), &ast.LineComment{Token: tok("; best by test")}, move("e5"),
		&ast.LineComment{Token: tok("; a } brace")}, &ast.Escape{Token: tok("%private")}, move("Nf3"))
	want := "1. e4 { best by test } 1... e5\n; a } brace\n%private\n2. Nf3 *\n\n"
	if got := movetext(t, g, 0); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
