package formatter

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/semantic"
)

// The output forms Options.To selects.
const (
	ToPGN = "pgn" // export format (the default, also for "")
	ToXML = "xml" // the XML form of docs/xml.md
)

// XMLHeader opens an XML document of games: the declaration and the root
// element. The games follow, each written by XML, and XMLFooter ends it.
const XMLHeader = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<pgn>\n"

// XMLFooter closes the root element XMLHeader opens.
const XMLFooter = "</pgn>\n"

// xmlSkip are the tag names that are not written as elements of their own:
// they would read as the structure of a game.
var xmlSkip = map[string]bool{"move": true, "nag": true, "comment": true, "variation": true,
	"end": true, "tag": true, "escape": true, "bad": true, "suffix": true, "record": true, "tags": true, "moves": true}

// XML appends the XML form of g (docs/xml.md) to out: one <record> element
// holding its tags in input order, its movetext with moves numbered from
// startPly, and its result. It writes the game as it is given: the caller
// passes the repaired game when there is one, else the game as parsed.
// Nothing of the game is left out; Options.Reduced is ignored.
func XML(out []byte, g *ast.Game, startPly int, opt Options) []byte {
	x := xmlWriter{out: out, xiangqi: semantic.IsXiangqi(g)}
	x.out = append(x.out, " <record>\n"...)
	for _, n := range g.Tags {
		x.node(n, 2, nil)
	}
	ply := startPly
	x.out = append(x.out, "  <moves>\n"...)
	x.sequence(g.Elements, ply, 3)
	if g.Termination != nil {
		x.indent(3)
		x.element("end", nil, g.Termination.Text)
	}
	for _, n := range g.Trailer {
		x.node(n, 3, nil)
	}
	x.out = append(x.out, "  </moves>\n"...)
	x.out = append(x.out, " </record>\n"...)
	return x.out
}

type xmlWriter struct {
	out     []byte
	xiangqi bool
}

func (x *xmlWriter) indent(depth int) {
	for range depth {
		x.out = append(x.out, ' ')
	}
}

// element writes <name attrs...>text</name> and a line break.
func (x *xmlWriter) element(name string, attrs []string, text string) {
	x.out = append(x.out, '<')
	x.out = append(x.out, name...)
	for i := 0; i+1 < len(attrs); i += 2 {
		x.out = append(x.out, ' ')
		x.out = append(x.out, attrs[i]...)
		x.out = append(x.out, '=', '"')
		x.out = appendEscaped(x.out, attrs[i+1])
		x.out = append(x.out, '"')
	}
	x.out = append(x.out, '>')
	x.out = appendEscaped(x.out, text)
	x.out = append(x.out, "</"...)
	x.out = append(x.out, name...)
	x.out = append(x.out, ">\n"...)
}

func (x *xmlWriter) side(ply int) string {
	if ply%2 == 1 {
		return "black"
	}
	if x.xiangqi {
		return "red"
	}
	return "white"
}

// sequence writes a main line or variation whose first move is ply.
func (x *xmlWriter) sequence(elems []ast.Node, ply, depth int) {
	lastPly := ply
	for _, n := range elems {
		switch n := n.(type) {
		case *ast.Move:
			x.indent(depth)
			attrs := []string{"ply", strconv.Itoa(ply + 1), "number", strconv.Itoa(ply/2 + 1), "side", x.side(ply)}
			if n.Suffix != nil {
				attrs = append(attrs, "suffix", n.Suffix.Text)
			}
			x.element("move", attrs, n.Text.Text)
			lastPly = ply
			ply++
		case *ast.Variation:
			x.indent(depth)
			x.out = append(x.out, "<variation>\n"...)
			x.sequence(n.Elements, lastPly, depth+1)
			x.indent(depth)
			x.out = append(x.out, "</variation>\n"...)
		case *ast.MoveNumber:
			// The numbering is in each move's attributes.
		default:
			x.node(n, depth, nil)
		}
	}
}

// node writes a tag pair, comment, NAG, escape or bad token.
func (x *xmlWriter) node(n ast.Node, depth int, _ []string) {
	switch n := n.(type) {
	case *ast.TagPair:
		if n.Name == nil {
			x.indent(depth)
			x.element("bad", []string{"kind", "tag-pair"}, tagPairText(n))
			return
		}
		value := ""
		if n.Value != nil {
			value = semantic.Unquote(n.Value.Text, n.ValueOpen)
		}
		x.indent(depth)
		name := strings.ToLower(n.Name.Text)
		if !xmlName(name) || xmlSkip[name] {
			name = "tag"
		}
		x.element(name, []string{"name", n.Name.Text}, value)
	case *ast.NAG:
		x.indent(depth)
		x.element("nag", nil, n.Text)
	case *ast.Suffix:
		x.indent(depth)
		x.element("suffix", nil, n.Text)
	case *ast.Comment:
		text := strings.TrimPrefix(n.Text, "{")
		if !n.Unterminated {
			text = strings.TrimSuffix(text, "}")
		}
		x.indent(depth)
		x.element("comment", nil, text)
	case *ast.LineComment:
		x.indent(depth)
		x.element("comment", []string{"type", "line"}, strings.TrimPrefix(n.Text, ";"))
	case *ast.Escape:
		x.indent(depth)
		x.element("escape", nil, strings.TrimPrefix(n.Text, "%"))
	case *ast.Bad:
		x.indent(depth)
		x.element("bad", []string{"kind", n.Kind.String()}, n.Text)
	case *ast.Termination:
		x.indent(depth)
		x.element("bad", []string{"kind", "termination"}, n.Text)
	}
}

func tagPairText(n *ast.TagPair) string {
	s := n.Open.Text
	if n.Value != nil {
		s += n.Value.Text
	}
	if n.Close != nil {
		s += n.Close.Text
	}
	return s
}

// xmlName reports whether s is an XML name pgnlint writes as an element:
// ASCII letters, digits, `_`, `-` and `.`, starting with a letter or `_`,
// and not starting with "xml".
func xmlName(s string) bool {
	if s == "" || strings.HasPrefix(s, "xml") {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_':
		case i > 0 && (c >= '0' && c <= '9' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return true
}

// appendEscaped writes s as XML character data or attribute value: the five
// markup characters as entities, tab and line feed as they are, carriage
// return as &#xD; (a parser would turn it into a line feed), and every
// character XML 1.0 does not allow (other C0 controls, U+FFFE, U+FFFF,
// invalid UTF-8) as U+FFFD.
func appendEscaped(out []byte, s string) []byte {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '&':
			out = append(out, "&amp;"...)
		case r == '<':
			out = append(out, "&lt;"...)
		case r == '>':
			out = append(out, "&gt;"...)
		case r == '"':
			out = append(out, "&quot;"...)
		case r == '\'':
			out = append(out, "&apos;"...)
		case r == '\r':
			out = append(out, "&#xD;"...)
		case r == '\t' || r == '\n':
			out = append(out, byte(r))
		case r == utf8.RuneError && size == 1, r < 0x20, r == 0xFFFE, r == 0xFFFF:
			out = append(out, "\uFFFD"...)
		default:
			out = append(out, s[i:i+size]...)
		}
		i += size
	}
	return out
}
