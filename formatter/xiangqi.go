package formatter

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/semantic"
	"github.com/pgnlint/pgnlint/semantic/xiangqi"
)

// xiangqiTags is the order of a xiangqi game's tags (docs/xiangqi.md): the
// Chinese Chess convention's basic tags in its order, with RedTeam and
// BlackTeam before Red and Black as the convention writes them, then its
// opening tags, the start position and the notation. A tag with an unknown
// value is written when the game lacks it, with that value: the Game tag and
// the roster tags the missing-roster-tag fix inserts in a xiangqi game.
// Reduced export format keeps the tags marked reduced: the roster, and the
// two tags without which the moves cannot be read.
var xiangqiTags = []struct {
	name, unknown string
	reduced       bool
}{
	{"Game", "Chinese Chess", true},
	{"Event", "?", true},
	{"Site", "?", true},
	{"Date", "????.??.??", true},
	{"Round", "?", true},
	{"RedTeam", "", false},
	{"Red", "", true},
	{"BlackTeam", "", false},
	{"Black", "", true},
	{"Result", "*", true},
	{"Opening", "", false},
	{"Variation", "", false},
	{"ECCO", "", false},
	{"FEN", "", true},
	{"Format", "", true},
}

func isXiangqiTag(name string) bool {
	for _, t := range xiangqiTags {
		if t.name == name {
			return true
		}
	}
	return false
}

// Xiangqi appends a xiangqi game to out in the layout docs/xiangqi.md gives,
// the Chinese Chess convention's (中国象棋电脑应用规范 (三) PGN文件格式):
// its tags in the convention's order, one per line; a blank line; the
// movetext, each round written `N. red black` and a Black move that does not
// follow its Red move `N. ... black`, wrapped at MaxLine columns (a wide
// character counts two) with a round kept on one line when it fits; the
// termination marker and a blank line. Comments keep their text and their
// line breaks. Like Game, it prints layout only: the caller hands it a
// repaired game.
func Xiangqi(out []byte, g *ast.Game, opt Options) []byte {
	values, others := tagValues(g, isXiangqiTag)
	for _, t := range xiangqiTags {
		if opt.Reduced && !t.reduced {
			continue
		}
		v, ok := values[t.name]
		if !ok && t.unknown == "" {
			continue
		}
		if !ok {
			v = t.unknown
		}
		out = tag(out, t.name, v)
	}
	if !opt.Reduced {
		out = otherTags(out, others)
	}
	out = append(out, '\n')
	x := xqPrinter{p: printer{out: out, opt: opt, width: columns}}
	walkGame(&x, g, xiangqiStartPly(g, values), opt.Reduced)
	x.flushGroup()
	x.p.flush()
	return append(x.p.out, '\n')
}

// xiangqiStartPly is the ply of the first move, read from the FEN tag as the
// xiangqi pass reads it: the side to move may be w, r or b, and a fullmove
// number 0 counts as 1. A FEN that leaves out its move counters (real files
// write only the board, or the board and the side) does not know the move
// number: the number the game writes before its first move is kept.
func xiangqiStartPly(g *ast.Game, tags map[string]string) int {
	fen, ok := tags["FEN"]
	if !ok {
		return 0
	}
	p, err := xiangqi.ParseFEN(fen)
	if err != nil {
		return semantic.StartPly(g) // not printed: an invalid FEN is an error
	}
	full := p.FullmoveNumber()
	if len(strings.Fields(fen)) < 6 {
		full = firstMoveNumber(g.Elements)
	}
	ply := 2 * (max(full, 1) - 1)
	if p.SideToMove() == xiangqi.Black {
		ply++
	}
	return ply
}

// firstMoveNumber is the number written before the first move of a line, or
// 1 when there is none.
func firstMoveNumber(elems []ast.Node) int {
	var number *ast.MoveNumber
	for _, n := range elems {
		switch n := n.(type) {
		case *ast.MoveNumber:
			number = n
		case *ast.Move:
			if number != nil {
				if v, err := strconv.Atoi(number.Number.Text); err == nil && v >= 1 && v < 1<<20 {
					return v
				}
			}
			return 1
		}
	}
	return 1
}

// columns is the width of s on a terminal: East Asian wide and full-width
// characters (炮, ８, the ideographic comma) take two columns, every other
// character one (ambiguous ones such as “ included, as on a terminal that
// is not set to East Asian width).
func columns(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			n++
			i++
			continue
		}
		p, size := width.LookupString(s[i:])
		switch p.Kind() {
		case width.EastAsianWide, width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
		i += size
	}
	return n
}

// xqPrinter lays out xiangqi movetext. Words come in groups: a group starts
// at a move number (`N. move`, the number and its move one unit that is
// never broken), a variation's `(` or the termination marker, and holds
// what follows up to the next group: the rest of the round, NAGs, comments,
// a `)`. A group that does not fit on the current line but fits on a line
// starts the next one; a longer group is filled word by word. A comment
// that starts a line (it does not fit after what stands there, or nothing
// stands before it) has the line to itself. `(` is joined to the unit after
// it and `)` to the unit before it.
type xqPrinter struct {
	p     printer
	group []xqUnit // the units of the group being gathered
	num   string   // the move number waiting for its move: `7.` or `7. ...`
	join  bool     // the next unit is joined to the last: after `(`
}

// xqUnit is a unit of a group: words that are never broken apart.
type xqUnit struct {
	text    string
	comment bool
}

// unit adds a unit; start says it starts a group.
func (x *xqPrinter) unit(s string, start, comment bool) {
	if x.join && len(x.group) > 0 {
		u := &x.group[len(x.group)-1]
		u.text += s
		u.comment = u.comment || comment
		x.join = false
		return
	}
	x.join = false
	if start {
		x.flushGroup()
	}
	x.group = append(x.group, xqUnit{s, comment})
}

// flushGroup writes the gathered group.
func (x *xqPrinter) flushGroup() {
	if len(x.group) == 0 {
		return
	}
	n := len(x.group) - 1
	for _, u := range x.group {
		n += x.p.width(u.text)
	}
	if n <= MaxLine {
		x.p.breakFor(n)
	}
	for _, u := range x.group {
		if !u.comment {
			x.p.put(u.text, true)
			continue
		}
		x.p.breakFor(x.p.width(u.text))
		alone := len(x.p.line) == 0
		x.p.put(u.text, true)
		if alone {
			x.p.flush()
		}
	}
	x.group = x.group[:0]
}

// ownLine writes s from the start of a line, and the movetext goes on on
// the next line.
func (x *xqPrinter) ownLine(s string) {
	x.flushGroup()
	x.join = false
	x.p.ownLine(s)
}

// The movetextWriter of xiangqi.

// number writes `N.` before a Red move and `N. ...` before a Black move, as
// the convention writes them (`7. ... 炮2平3`).
func (x *xqPrinter) number(ply int) {
	x.num = strconv.Itoa(ply/2+1) + "."
	if ply%2 == 1 {
		x.num += " ..."
	}
}

func (x *xqPrinter) element(n ast.Node) {
	switch n := n.(type) {
	case *ast.Move:
		text := n.Text.Text
		if n.Suffix != nil {
			text += n.Suffix.Text
		}
		if x.num != "" {
			x.unit(x.num+" "+text, true, false)
			x.num = ""
			return
		}
		x.unit(text, false, false)
	case *ast.NAG:
		x.unit(n.Text, false, false)
	case *ast.Suffix:
		x.unit(n.Text, false, false)
	case *ast.Bad:
		x.unit(n.Text, false, false)
	case *ast.Comment:
		x.comment(commentText(n))
	case *ast.LineComment:
		text := strings.TrimPrefix(n.Text, ";")
		if strings.Contains(text, "}") {
			x.ownLine(n.Text)
			return
		}
		x.comment(strings.TrimSpace(text))
	case *ast.Escape:
		x.ownLine(n.Text)
	}
}

// comment writes a brace comment with its text as written: Chinese text has
// no spaces to re-wrap it at, and its line breaks are paragraphs. Line
// breaks become LF and the blanks before them are dropped (no line ends in
// a space). A comment that holds a line break is written from the start of
// a line and the movetext goes on on the next line; any other comment stays
// in the group of the move it follows.
func (x *xqPrinter) comment(text string) {
	text = commentLines(text)
	if strings.Contains(text, "\n") {
		x.ownLine("{" + text + "}")
		return
	}
	x.unit("{"+text+"}", false, true)
}

// commentLines writes the line breaks of a comment's text as LF (a CR alone
// is a line break too, as the line table counts it) without the blanks
// before them.
func commentLines(text string) string {
	if !strings.ContainsAny(text, "\r\n") {
		return text
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines)-1; i++ {
		lines[i] = strings.TrimRight(lines[i], " \t")
	}
	return strings.Join(lines, "\n")
}

func (x *xqPrinter) open() {
	x.unit("(", true, false)
	x.join = true
}

func (x *xqPrinter) close() {
	x.join = false
	if len(x.group) > 0 {
		x.group[len(x.group)-1].text += ")"
		return
	}
	x.p.put(")", false) // after a comment on lines of its own
}

func (x *xqPrinter) termination(result string) { x.unit(result, true, false) }
