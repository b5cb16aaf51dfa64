package formatter_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/formatter"
	"github.com/pgnlint/pgnlint/lint"
	"github.com/pgnlint/pgnlint/semantic"
)

// item is a move or a comment, as the AST holds it and as the XML holds it.
type item struct{ kind, text string }

// xmlText is what a parser reads back from text written by the XML writer:
// characters XML 1.0 does not allow become U+FFFD.
func xmlText(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
			b.WriteRune(0xFFFD)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// walk lists the moves and comments of g in input order, variations
// included.
func walk(g *ast.Game) []item {
	var out []item
	var seq func(nodes []ast.Node)
	seq = func(nodes []ast.Node) {
		for _, n := range nodes {
			switch n := n.(type) {
			case *ast.Move:
				out = append(out, item{"move", xmlText(n.Text.Text)})
			case *ast.Comment:
				t := strings.TrimPrefix(n.Text, "{")
				if !n.Unterminated {
					t = strings.TrimSuffix(t, "}")
				}
				out = append(out, item{"comment", xmlText(t)})
			case *ast.LineComment:
				out = append(out, item{"comment", xmlText(strings.TrimPrefix(n.Text, ";"))})
			case *ast.Variation:
				seq(n.Elements)
			}
		}
	}
	seq(g.Tags)
	seq(g.Elements)
	seq(g.Trailer)
	return out
}

// parseXML checks that doc is well-formed and lists the moves and comments
// of each <record>.
func parseXML(t *testing.T, doc []byte) [][]item {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	var games [][]item
	var cur *item
	depth := 0
	for {
		tk, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, doc)
		}
		switch tk := tk.(type) {
		case xml.StartElement:
			depth++
			if depth == 1 && tk.Name.Local != "pgn" {
				t.Fatalf("root element %q, want pgn", tk.Name.Local)
			}
			switch tk.Name.Local {
			case "record":
				games = append(games, nil)
			case "move", "comment":
				cur = &item{kind: tk.Name.Local}
			}
		case xml.CharData:
			if cur != nil {
				cur.text += string(tk)
			}
		case xml.EndElement:
			depth--
			if cur != nil && tk.Name.Local == cur.kind {
				games[len(games)-1] = append(games[len(games)-1], *cur)
				cur = nil
			}
		}
	}
	return games
}

func corpusInputs(t *testing.T) []string {
	files, err := filepath.Glob("../corpus/testdata/*.pgn")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus cases: %v", err)
	}
	return files
}

// TestXMLCorpus writes every corpus case as XML, each game as lint.Format
// writes it (repaired, or as parsed when it cannot be repaired), checks the
// document is well-formed and that its moves and comments are those of the
// game, in order.
func TestXMLCorpus(t *testing.T) {
	for _, file := range corpusInputs(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			doc := []byte(formatter.XMLHeader)
			var want [][]item
			rd := lint.NewReader(bytes.NewReader(src))
			for {
				pg, err := rd.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				g := pg.Game
				if fixed, ok := lint.Repair(pg, lint.Check(pg)); ok {
					g = fixed.Game
				}
				want = append(want, walk(g))
				doc = formatter.XML(doc, g, semantic.StartPly(g), formatter.Options{To: formatter.ToXML})
			}
			doc = append(doc, formatter.XMLFooter...)
			got := parseXML(t, doc)
			if len(got) != len(want) {
				t.Fatalf("%d records, want %d", len(got), len(want))
			}
			for i := range want {
				if len(got[i]) != len(want[i]) {
					t.Fatalf("game %d: %d moves and comments, want %d\ngot  %q\nwant %q", i+1, len(got[i]), len(want[i]), got[i], want[i])
				}
				for j := range want[i] {
					if got[i][j] != want[i][j] {
						t.Errorf("game %d item %d: %q, want %q", i+1, j+1, got[i][j], want[i][j])
					}
				}
			}

			// lint.Format writes the same games, well-formed.
			var out bytes.Buffer
			out.WriteString(formatter.XMLHeader)
			if _, err := lint.Format(file, bytes.NewReader(src), &out, formatter.Options{To: formatter.ToXML}, func(lint.Finding) {}, nil); err != nil {
				t.Fatal(err)
			}
			out.WriteString(formatter.XMLFooter)
			if n := len(parseXML(t, out.Bytes())); n != len(want) {
				t.Fatalf("Format wrote %d records, want %d", n, len(want))
			}
		})
	}
}

// TestXMLEscape checks markup characters, quotes, control characters and
// invalid UTF-8 in tag values and comments.
func TestXMLEscape(t *testing.T) {
	name, value := ast.Token{Text: "Annotator"}, ast.Token{Text: `"a & b <c> \"d\" 'e'"`}
	bad, vname := ast.Token{Text: "1Weird"}, ast.Token{Text: `"x"`}
	g := &ast.Game{
		Tags: []ast.Node{&ast.TagPair{Name: &name, Value: &value}, &ast.TagPair{Name: &bad, Value: &vname}},
		Elements: []ast.Node{
			&ast.Move{Text: ast.Token{Text: "e4"}},
			&ast.Comment{Token: ast.Token{Text: "{ctl\x01 bel\x07 cr\r\nlf \xff ]]> end}"}},
			&ast.Variation{Elements: []ast.Node{&ast.Move{Text: ast.Token{Text: "d4"}}, &ast.NAG{Token: ast.Token{Text: "$1"}}}},
			&ast.Move{Text: ast.Token{Text: "e5"}},
		},
		Termination: &ast.Termination{Token: ast.Token{Text: "*"}},
	}
	doc := formatter.XMLHeader + string(formatter.XML(nil, g, 0, formatter.Options{To: formatter.ToXML})) + formatter.XMLFooter
	want := formatter.XMLHeader + ` <record>
  <annotator name="Annotator">a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;</annotator>
  <tag name="1Weird">x</tag>
  <moves>
   <move ply="1" number="1" side="white">e4</move>
   <comment>ctl` + "\uFFFD bel\uFFFD cr&#xD;\nlf \uFFFD" + ` ]]&gt; end</comment>
   <variation>
    <move ply="1" number="1" side="white">d4</move>
    <nag>$1</nag>
   </variation>
   <move ply="2" number="1" side="black">e5</move>
   <end>*</end>
  </moves>
 </record>
` + formatter.XMLFooter
	if doc != want {
		t.Errorf("got\n%s\nwant\n%s", doc, want)
	}
	items := parseXML(t, []byte(doc))
	if c := items[0][1].text; c != "ctl\uFFFD bel\uFFFD cr\r\nlf \uFFFD ]]> end" {
		t.Errorf("comment read back as %q", c)
	}
}
