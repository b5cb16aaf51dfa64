// Package formatter prints a game in the standard's export format (§3.2,
// §8): the Seven Tag Roster in order and the other tags in ASCII order, one
// blank line, movetext wrapped below 80 columns, the termination marker and
// a blank line. docs/export-format.md gives every rule and every decision
// where the standard is silent.
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
	p := printer{out: out, opt: opt}
	p.preamble(g)
	p.sequence(g.Elements, startPly)
	result := "*"
	if g.Termination != nil {
		result = g.Termination.Text
	}
	p.word(result)
	if !opt.Reduced {
		p.trailer(g.Trailer)
	}
	p.flush()
	return append(p.out, '\n')
}

// tags writes the tag section: the roster first, in order, missing ones with
// their unknown values; then every other tag in ASCII order of its name.
func tags(out []byte, g *ast.Game, opt Options) []byte {
	type pair struct{ name, value string }
	var others []pair
	values := map[string]string{}
	for _, n := range g.Tags {
		tp, ok := n.(*ast.TagPair)
		if !ok || tp.Name == nil || tp.Value == nil {
			continue
		}
		v := semantic.Unquote(tp.Value.Text, tp.ValueOpen)
		if _, dup := values[tp.Name.Text]; !dup {
			values[tp.Name.Text] = v
			if !isRoster(tp.Name.Text) {
				others = append(others, pair{tp.Name.Text, v})
			}
		}
	}
	if g.Termination != nil {
		values["Result"] = g.Termination.Text
	}
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
	sort.SliceStable(others, func(i, j int) bool { return others[i].name < others[j].name })
	for _, p := range others {
		out = tag(out, p.name, p.value)
	}
	return out
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
	opt  Options
	// tight drops the space before the next word: after `(`.
	tight bool
}

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
	if len(p.line) > 0 && len(p.line)+sep+len(w) > MaxLine {
		p.flush()
		sep = 0
	}
	if sep == 1 {
		p.line = append(p.line, ' ')
	}
	p.line = append(p.line, w...)
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

func (p *printer) flush() {
	if len(p.line) > 0 {
		p.out = append(p.out, p.line...)
		p.out = append(p.out, '\n')
		p.line = p.line[:0]
	}
}

// ownLine writes s on a line of its own: escape lines, and `;` comments
// whose text holds a `}`.
func (p *printer) ownLine(s string) {
	p.flush()
	p.out = append(p.out, s...)
	p.out = append(p.out, '\n')
}

// preamble writes the comments of the tag section as the movetext's first
// comments: import format allows `;` comments among the tags, export format
// has nothing but tags there.
func (p *printer) preamble(g *ast.Game) {
	if p.opt.Reduced {
		return
	}
	for _, n := range g.Tags {
		switch n := n.(type) {
		case *ast.LineComment:
			p.lineComment(n)
		case *ast.Escape:
			p.ownLine(n.Text)
		}
	}
}

// sequence prints a main line or a variation whose first move is ply.
func (p *printer) sequence(elems []ast.Node, ply int) {
	forceNumber := true
	lastPly := ply
	for _, n := range elems {
		switch n := n.(type) {
		case *ast.Move:
			if ply%2 == 0 {
				p.word(strconv.Itoa(ply/2+1) + ".")
			} else if forceNumber {
				p.word(strconv.Itoa(ply/2+1) + "...")
			}
			p.word(n.Text.Text)
			forceNumber = false
			lastPly = ply
			ply++
		case *ast.NAG:
			if !p.opt.Reduced {
				p.word(n.Text)
			}
		case *ast.Comment:
			if !p.opt.Reduced {
				p.comment(strings.TrimSuffix(strings.TrimPrefix(n.Text, "{"), "}"))
				forceNumber = true
			}
		case *ast.LineComment:
			if !p.opt.Reduced {
				p.lineComment(n)
				forceNumber = true
			}
		case *ast.Escape:
			if !p.opt.Reduced {
				p.ownLine(n.Text)
				forceNumber = true
			}
		case *ast.Variation:
			if !p.opt.Reduced {
				p.open()
				p.sequence(n.Elements, lastPly)
				p.close()
				forceNumber = true
			}
		}
	}
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

// trailer writes the comments that follow the termination marker.
func (p *printer) trailer(nodes []ast.Node) {
	for _, n := range nodes {
		switch n := n.(type) {
		case *ast.Comment:
			p.comment(strings.TrimSuffix(strings.TrimPrefix(n.Text, "{"), "}"))
		case *ast.LineComment:
			p.lineComment(n)
		case *ast.Escape:
			p.ownLine(n.Text)
		}
	}
}
