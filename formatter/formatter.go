// Package formatter prints a game in the standard's export format (§3.2,
// §8): the Seven Tag Roster in order and the other tags in ASCII order, one
// blank line, movetext wrapped below 80 columns, the termination marker and
// a blank line. docs/export-format.md gives every rule and every decision
// where the standard is silent. Xiangqi prints xiangqi games by the Chinese
// Chess convention's rules, in the layout docs/xiangqi.md gives.
//
// It prints layout only: the caller hands it a game whose moves are already
// canonical SAN and whose suffix annotations are already NAGs (the lint
// engine applies the fixes first and prints only games that then check
// clean).
package formatter

import (
	"sort"
	"strconv"
	"strings"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/semantic"
)

// MaxLine is the longest line the printer writes: the standard asks for
// lines shorter than 80 characters (§8.2.1).
const MaxLine = 79

// Options select the export variant.
type Options struct {
	// Reduced writes reduced export format (§3.2.4): the Seven Tag Roster
	// only, and no comments, NAGs or variations.
	Reduced bool
	// To is the output form: ToPGN (or "") for export format, ToXML for
	// the XML form XML writes (docs/xml.md).
	To string
	// Notation, when not empty, is the notation ("chinese", "wxf" or
	// "iccs") every move of a xiangqi game is converted to, and Characters
	// ("simplified" or "traditional", or "" to keep the game's) the script
	// of Chinese moves (docs/xiangqi.md). lint.Format converts.
	Notation, Characters string
}

// roster is the Seven Tag Roster in export order, with the value written
// when the tag is missing (§8.1.1).
var roster = []struct{ name, unknown string }{
	{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "*"},
}

// Game appends the export format of g to out. startPly is the ply of the
// first move (from the FEN tag: 0 when White moves first in move 1).
func Game(out []byte, g *ast.Game, startPly int, opt Options) []byte {
	out = tags(out, g, opt)
	out = append(out, '\n')
	p := printer{out: out, opt: opt, width: byteWidth}
	walkGame(&p, g, startPly, opt.Reduced)
	p.flush()
	return append(p.out, '\n')
}

// walkGame walks the movetext of g for w: the comments and escape lines of
// the tag section first (import format allows them there, export format has
// nothing but tags there), then the main line, the termination marker (`*`
// when there is none) and the comments after it. Reduced export format has
// moves and the marker only.
func walkGame(w movetextWriter, g *ast.Game, startPly int, reduced bool) {
	if !reduced {
		for _, n := range g.Tags {
			switch n.(type) {
			case *ast.LineComment, *ast.Escape:
				w.element(n)
			}
		}
	}
	walk(w, g.Elements, startPly, reduced)
	result := "*"
	if g.Termination != nil {
		result = g.Termination.Text
	}
	w.termination(result)
	if !reduced {
		for _, n := range g.Trailer {
			switch n.(type) {
			case *ast.Comment, *ast.LineComment, *ast.Escape:
				w.element(n)
			}
		}
	}
}

// movetextWriter is a printer of movetext, fed by walk.
type movetextWriter interface {
	// number writes the move number of the move at ply, which follows.
	number(ply int)
	// element writes a move or any other element of the movetext but a
	// move number or a variation.
	element(n ast.Node)
	open()
	close()
	termination(result string)
}

// walk feeds w a main line or a variation whose first move is ply: a move
// number before every White (Red) move and before a Black move at the start
// of the line or after a comment, an escape line or a variation (§8.2.2;
// a NAG does not call for one: it annotates the move before), the moves and
// the other elements, and each variation between open and close, numbered
// from the move it replaces. The move numbers written in the game are not
// used. Reduced export format keeps the moves only.
func walk(w movetextWriter, elems []ast.Node, ply int, reduced bool) {
	forceNumber := true
	lastPly := ply
	for _, n := range elems {
		switch n := n.(type) {
		case *ast.MoveNumber:
		case *ast.Move:
			if ply%2 == 0 || forceNumber {
				w.number(ply)
			}
			w.element(n)
			forceNumber = false
			lastPly = ply
			ply++
		case *ast.Variation:
			if !reduced {
				w.open()
				walk(w, n.Elements, lastPly, reduced)
				w.close()
				forceNumber = true
			}
		case *ast.Comment, *ast.LineComment, *ast.Escape:
			if !reduced {
				w.element(n)
				forceNumber = true
			}
		default:
			if !reduced {
				w.element(n)
			}
		}
	}
}

// tags writes the tag section: the roster first, in order, missing ones with
// their unknown values; then every other tag in ASCII order of its name.
func tags(out []byte, g *ast.Game, opt Options) []byte {
	values, others := tagValues(g, isRoster)
	for _, r := range roster {
		v, ok := values[r.name]
		if !ok {
			v = r.unknown
		}
		out = tag(out, r.name, v)
	}
	if opt.Reduced {
		return out
	}
	return otherTags(out, others)
}

// otherTags writes the tags that follow the roster, in ASCII order of their
// names (§8.1.1).
func otherTags(out []byte, others []namedValue) []byte {
	sort.SliceStable(others, func(i, j int) bool { return others[i].name < others[j].name })
	for _, p := range others {
		out = tag(out, p.name, p.value)
	}
	return out
}

// namedValue is a tag's name and its value, unescaped.
type namedValue struct{ name, value string }

// tagValues reads the tag section: the value of every tag name (the first,
// when a name is repeated; for Result the termination marker, which the
// fixes have made equal to it), and the tags that are not in the roster, in
// input order.
func tagValues(g *ast.Game, inRoster func(string) bool) (map[string]string, []namedValue) {
	var others []namedValue
	values := map[string]string{}
	for _, n := range g.Tags {
		tp, ok := n.(*ast.TagPair)
		if !ok || tp.Name == nil || tp.Value == nil {
			continue
		}
		v := semantic.Unquote(tp.Value.Text, tp.ValueOpen)
		if _, dup := values[tp.Name.Text]; !dup {
			values[tp.Name.Text] = v
			if !inRoster(tp.Name.Text) {
				others = append(others, namedValue{tp.Name.Text, v})
			}
		}
	}
	if g.Termination != nil {
		values["Result"] = g.Termination.Text
	}
	return values, others
}

func isRoster(name string) bool {
	for _, r := range roster {
		if r.name == name {
			return true
		}
	}
	return false
}

// tag writes `[Name "value"]` with `\` and `"` escaped (§7).
func tag(out []byte, name, value string) []byte {
	out = append(out, '[')
	out = append(out, name...)
	out = append(out, ' ', '"')
	for i := 0; i < len(value); i++ {
		if value[i] == '\\' || value[i] == '"' {
			out = append(out, '\\')
		}
		out = append(out, value[i])
	}
	return append(out, '"', ']', '\n')
}

// printer wraps movetext: words are joined by one space and a line is
// broken before the word that would make it longer than MaxLine. A variation's
// `(` takes no space after it and its `)` none before it, but a line may
// still break next to them, as pgn-extract breaks it.
type printer struct {
	out  []byte
	line []byte
	// cols is the width of line, as width measures it.
	cols int
	// width measures a word: in bytes for export format (byteWidth), in
	// terminal columns for xiangqi (columns).
	width func(string) int
	opt   Options
	// tight drops the space before the next word: after `(`.
	tight bool
}

func byteWidth(s string) int { return len(s) }

func (p *printer) word(w string) {
	p.put(w, !p.tight)
	p.tight = false
}

// put writes w, after a space when spaced, on a new line when it does not fit.
func (p *printer) put(w string, spaced bool) {
	sep := 0
	if spaced && len(p.line) > 0 {
		sep = 1
	}
	n := p.width(w)
	if len(p.line) > 0 && p.cols+sep+n > MaxLine {
		p.flush()
		sep = 0
	}
	if sep == 1 {
		p.line = append(p.line, ' ')
	}
	p.line = append(p.line, w...)
	p.cols += sep + n
}

// breakFor starts a new line unless n more columns, after a space, fit on
// the current one.
func (p *printer) breakFor(n int) {
	if len(p.line) > 0 && p.cols+1+n > MaxLine {
		p.flush()
	}
}

func (p *printer) flush() {
	if len(p.line) > 0 {
		p.out = append(p.out, p.line...)
		p.out = append(p.out, '\n')
		p.line = p.line[:0]
		p.cols = 0
	}
}

// ownLine writes s on a line of its own: escape lines, and `;` comments
// whose text holds a `}`.
func (p *printer) ownLine(s string) {
	p.flush()
	p.out = append(p.out, s...)
	p.out = append(p.out, '\n')
}

// The movetextWriter of export format.

func (p *printer) number(ply int) {
	if ply%2 == 0 {
		p.word(strconv.Itoa(ply/2+1) + ".")
	} else {
		p.word(strconv.Itoa(ply/2+1) + "...")
	}
}

// element writes a move as its SAN (the fixes have made every suffix
// annotation a NAG), a NAG, a comment or an escape line.
func (p *printer) element(n ast.Node) {
	switch n := n.(type) {
	case *ast.Move:
		p.word(n.Text.Text)
	case *ast.NAG:
		p.word(n.Text)
	case *ast.Comment:
		p.comment(commentText(n))
	case *ast.LineComment:
		p.lineComment(n)
	case *ast.Escape:
		p.ownLine(n.Text)
	}
}

// open starts a variation.
func (p *printer) open() {
	p.word("(")
	p.tight = true
}

// close ends a variation: `)` joined to the word before it.
func (p *printer) close() {
	p.tight = false
	p.put(")", false)
}

func (p *printer) termination(result string) { p.word(result) }

// commentText is a brace comment's text, without its braces.
func commentText(c *ast.Comment) string {
	return strings.TrimSuffix(strings.TrimPrefix(c.Text, "{"), "}")
}

// comment writes a brace comment with its words re-wrapped: runs of white
// space, line breaks included, become one space (docs/export-format.md).
func (p *printer) comment(text string) {
	p.word("{")
	for _, w := range strings.Fields(text) {
		p.word(w)
	}
	p.word("}")
}

// lineComment writes a `;` comment as a brace comment, or on a line of its
// own when its text holds a `}`.
func (p *printer) lineComment(c *ast.LineComment) {
	text := strings.TrimPrefix(c.Text, ";")
	if strings.Contains(text, "}") {
		p.ownLine(c.Text)
		return
	}
	p.comment(text)
}
