package semantic

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/semantic/xiangqi"
)

// Rules of the xiangqi pass. Where a concept is the same as in chess the
// chess rule is reused: fen-invalid, illegal-move, ambiguous-move,
// not-a-move, result-vs-board, plycount.
var (
	RuleXiangqiGameTag = RegisterRule(Rule{ID: "xiangqi-game-tag", Severity: Warning,
		Summary: "a xiangqi game whose first tag is not `[Game \"Chinese Chess\"]`",
		Detail: "The Chinese chess PGN dialect (xqbase, 中国象棋电脑应用规范 (三) PGN文件格式) marks a game with the Game tag: " +
			"it must be the first tag and its value must be `Chinese Chess`, so that a program that reads chess PGN can tell the games apart. " +
			"The fix inserts the tag, moves it to the front or writes its value.",
		Bad:  "[Red \"ZHAO GuoRong\"]\n[Black \"KE YongQing\"]\n\n1. 炮二平五 马８进７ *",
		Good: "[Game \"Chinese Chess\"]\n[Red \"ZHAO GuoRong\"]\n[Black \"KE YongQing\"]\n\n1. 炮二平五 马８进７ *"})
	RuleXiangqiWhiteTag = RegisterRule(Rule{ID: "xiangqi-white-tag", Severity: Warning,
		Summary: "a White tag in a xiangqi game",
		Detail:  "Xiangqi PGN names the players Red (who moves first) and Black; there is no White. The fix renames the tag to Red.",
		Bad:     "[Game \"Chinese Chess\"]\n[White \"ZHAO GuoRong\"]\n[Black \"KE YongQing\"]\n\n1. 炮二平五 马８进７ *",
		Good:    "[Game \"Chinese Chess\"]\n[Red \"ZHAO GuoRong\"]\n[Black \"KE YongQing\"]\n\n1. 炮二平五 马８进７ *"})
	RuleXiangqiFormatTag = RegisterRule(Rule{ID: "xiangqi-format-tag", Severity: Warning,
		Summary: "a Format tag that is not Chinese, WXF or ICCS, or none where the moves need one",
		Detail: "The Format tag names the notation of all moves: `Chinese` (vertical-line notation 炮二平五, the default when the tag is absent), " +
			"`WXF` (C2.5) or `ICCS` (H2-E2). Real files write `zh` and the like: the fix writes the value the spec knows. " +
			"A game whose moves are WXF or ICCS needs the tag; the fix inserts it.",
		Bad:  "[Game \"Chinese Chess\"]\n[Format \"zh\"]\n\n1. 炮二平五 马８进７ *",
		Good: "[Game \"Chinese Chess\"]\n[Format \"Chinese\"]\n\n1. 炮二平五 马８进７ *"})
	RuleXiangqiNotationMismatch = RegisterRule(Rule{ID: "xiangqi-notation-mismatch", Severity: Warning,
		Summary: "a xiangqi move in another notation than the Format tag names",
		Detail:  "All moves of a game use the notation of its Format tag (Chinese when there is none). A move in another notation is read and the fix writes it in the game's notation.",
		Bad:     "[Game \"Chinese Chess\"]\n[Format \"WXF\"]\n\n1. C2.5 马８进７ *",
		Good:    "[Game \"Chinese Chess\"]\n[Format \"WXF\"]\n\n1. C2.5 H8+7 *"})
	RuleXiangqiNonCanonical = RegisterRule(Rule{ID: "xiangqi-non-canonical", Severity: Warning,
		Summary: "a xiangqi move that resolves, written otherwise than its notation's standard form",
		Detail: "The moves are read leniently and rewritten by the fix in the form the xqbase notation spec and the WXF give: " +
			"前/后 (WXF +/-) where two pieces of a kind share a file, xqbase ordinals for pawns on several files, one script per game " +
			"(simplified or traditional, as the game's first moves), 车 马 炮 rather than 俥 傌 砲 包, numerals for Red and digits for Black, " +
			"`.` for a sideways WXF move and upper-case letters K A E H R C P, ICCS written H2-E2.",
		Bad:  "[Game \"Chinese Chess\"]\n[Format \"WXF\"]\n\n1. C2=5 H8+7 *",
		Good: "[Game \"Chinese Chess\"]\n[Format \"WXF\"]\n\n1. C2.5 H8+7 *"})
	RuleXiangqiGluedMoves = RegisterRule(Rule{ID: "xiangqi-glued-moves", Severity: Warning,
		Summary: "two xiangqi moves written without a space between them",
		Detail: "Moves are separated by a space, tab or line break; a move may hold none. Chinese and WXF moves have a fixed width, " +
			"so a run such as 炮二平五马８进７ is read as its moves; the fix inserts the space.",
		Bad:  "[Game \"Chinese Chess\"]\n\n1. 炮二平五马８进７ 2. 马二进三 车９平８ *",
		Good: "[Game \"Chinese Chess\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *"})
	RuleXiangqiBlackMoveNumber = RegisterRule(Rule{ID: "xiangqi-black-move-number", Severity: Info,
		Summary: "a line that starts with Black's move numbered `N.` instead of `N. ...`",
		Detail: "When Black moves first (a FEN with Black to move, or a variation on a Black move) the spec writes `1. ... 车５平８`; " +
			"files often leave out the `...`. The fix inserts it.",
		Bad:  "[Game \"Chinese Chess\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\"]\n\n1. 马８进７ 2. 马二进三 *",
		Good: "[Game \"Chinese Chess\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\"]\n\n1. ... 马８进７ 2. 马二进三 *"})
	RulePerpetualCheck = RegisterRule(Rule{ID: "perpetual-check", Severity: Info,
		Summary: "a position repeated three times while one side gives check with every move",
		Detail: "In xiangqi a repetition is not simply a draw: the side that checks perpetually (长将) must deviate or loses, under the Chinese, " +
			"Asian and WXF rules alike. Reported once per game, at the move that brings the position for the third time, when every move " +
			"of one side since its first occurrence gave check.",
		Bad: "[Game \"Chinese Chess\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1\"]\n\n" +
			"1. 车一进九 将５进１ 2. 车一退一 将５退１ 3. 车一进一 将５进１ 4. 车一退一 将５退１ 5. 车一进一 *",
		Good: "[Game \"Chinese Chess\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1\"]\n\n" +
			"1. 车一进九 将５进１ 2. 车一退一 将５退１ *"})
)

// xqPass checks one xiangqi game.
type xqPass struct {
	g   *ast.Game
	out []Diagnostic
	eol string
	// want is the notation the moves must be in: the Format tag's, else the
	// notation of the first move when there is no usable Format tag.
	want xiangqi.Notation
	// Style of the game's Chinese moves, taken from its first moves.
	trad, asciiDigits bool
	pos               *xiangqi.Position // the position of the move being reported
	// Main-line history for perpetual check: the hash after each ply (index
	// 0 is the start) and what takes the move to it back (index 0 unused).
	hashes    []uint64
	undos     []xiangqi.Undo
	perpetual bool
	toks      []xqToken // tokens' result, reused from move to move
	buf       []byte    // a move's canonical text, reused from move to move
}

// checkXiangqi checks a xiangqi game: the dialect's tags, the FEN, every
// move of the main line and of the variations against the legal moves, and
// the game's end against its result.
func checkXiangqi(g *ast.Game) []Diagnostic {
	xp := &xqPass{g: g, eol: tagLineBreak(g)}
	xp.gameTag()
	xp.whiteTag()
	start, ply, ok := xp.startPosition()
	if !ok {
		xp.formatTag(nil)
		return xp.out
	}
	xp.formatTag(start)
	xp.style()
	sc := xqScratchPool.Get().(*xqScratch)
	xp.hashes, xp.undos, xp.buf = append(sc.hashes[:0], start.Hash()), append(sc.undos[:0], xiangqi.Undo{}), sc.buf[:0]
	final, plies, complete := xp.line(g.Elements, *start, ply, true)
	if complete {
		xp.gameEnd(&final, plies-ply)
	}
	sc.hashes, sc.undos, sc.buf = xp.hashes, xp.undos, xp.buf
	xqScratchPool.Put(sc)
	return xp.out
}

// xqScratch is the pass's working memory that grows with a game, kept from
// game to game (it holds no pointers, so it keeps no game alive).
type xqScratch struct {
	hashes []uint64
	undos  []xiangqi.Undo
	buf    []byte
}

var xqScratchPool = sync.Pool{New: func() any { return new(xqScratch) }}

// ---- tags ------------------------------------------------------------------

// tagPairs returns the game's tag pairs that have a name.
func tagPairs(g *ast.Game) []*ast.TagPair {
	var out []*ast.TagPair
	for _, n := range g.Tags {
		if tp, ok := n.(*ast.TagPair); ok && tp.Name != nil {
			out = append(out, tp)
		}
	}
	return out
}

// tagLineBreak guesses the game's line break from the gaps between its tag
// pairs (the pass sees no source text): two bytes mean CRLF.
func tagLineBreak(g *ast.Game) string {
	var prev *ast.TagPair
	for _, n := range g.Tags {
		tp, ok := n.(*ast.TagPair)
		if !ok || tp.Name == nil {
			continue
		}
		if prev != nil && tp.Start-prev.End == 2 {
			return "\r\n"
		}
		prev = tp
	}
	return "\n"
}

// insertTag returns the edit that inserts a tag pair as the first tag, or
// before the movetext when there is no tag.
func (xp *xqPass) insertFirst(tag string) Edit {
	if tps := tagPairs(xp.g); len(tps) > 0 {
		return Edit{Span: ast.Span{Start: tps[0].Start, End: tps[0].Start}, NewText: tag + xp.eol}
	}
	at := xp.movetextStart()
	return Edit{Span: ast.Span{Start: at, End: at}, NewText: tag + xp.eol + xp.eol}
}

// insertLast returns the edit that inserts a tag pair after the last tag.
func (xp *xqPass) insertLast(tag string) Edit {
	tps := tagPairs(xp.g)
	if len(tps) == 0 {
		return xp.insertFirst(tag)
	}
	at := tps[len(tps)-1].End
	return Edit{Span: ast.Span{Start: at, End: at}, NewText: xp.eol + tag}
}

func (xp *xqPass) movetextStart() int64 {
	if len(xp.g.Elements) > 0 {
		return xp.g.Elements[0].Bounds().Start
	}
	if xp.g.Termination != nil {
		return xp.g.Termination.Start
	}
	return xp.g.Movetext.Start
}

// removeTag returns the span that removes a tag pair with the blanks that
// separate it from its neighbour.
func removeTag(tps []*ast.TagPair, i int) ast.Span {
	switch {
	case i+1 < len(tps):
		return ast.Span{Start: tps[i].Start, End: tps[i+1].Start}
	case i > 0:
		return ast.Span{Start: tps[i-1].End, End: tps[i].End}
	}
	return tps[i].Span
}

const gameTagValue = "Chinese Chess"

// gameTag checks that the Game tag is there, first, and says Chinese Chess.
func (xp *xqPass) gameTag() {
	tps := tagPairs(xp.g)
	idx := -1
	for i, tp := range tps {
		if strings.EqualFold(narrow(tp.Name.Text), "Game") {
			idx = i
			break
		}
	}
	canonical := `[Game "` + gameTagValue + `"]`
	if idx < 0 {
		at := ast.Span{Start: xp.movetextStart(), End: xp.movetextStart()}
		if len(tps) > 0 {
			at = tps[0].Span
		}
		d := RuleXiangqiGameTag.At(at, "xiangqi game without a Game tag; the dialect's first tag is %s", canonical)
		d.Fixes = append(d.Fixes, Fix{Title: "insert " + canonical, Edits: []Edit{xp.insertFirst(canonical)}})
		xp.out = append(xp.out, d)
		return
	}
	tp := tps[idx]
	value := ""
	if tp.Value != nil {
		value = Unquote(tp.Value.Text, tp.ValueOpen)
	}
	rightValue := tp.Value != nil && !tp.ValueOpen && value == gameTagValue
	rightName := tp.Name.Text == "Game"
	switch {
	case idx > 0:
		d := RuleXiangqiGameTag.At(tp.Span, "the Game tag must be the first tag")
		if !rightValue {
			d.Message += fmt.Sprintf(", with the value %q", gameTagValue)
		}
		d.Fixes = append(d.Fixes, Fix{Title: "move " + canonical + " to the front",
			Edits: []Edit{xp.insertFirst(canonical), {Span: removeTag(tps, idx)}}})
		xp.out = append(xp.out, d)
	case !rightValue && tp.Value != nil && !tp.ValueOpen:
		d := RuleXiangqiGameTag.At(tp.Value.Span, "Game is %q; a xiangqi game says %q", value, gameTagValue)
		edits := []Edit{{Span: tp.Value.Span, NewText: `"` + gameTagValue + `"`}}
		if !rightName {
			edits = append([]Edit{{Span: tp.Name.Span, NewText: "Game"}}, edits...)
		}
		d.Fixes = append(d.Fixes, Fix{Title: "write " + canonical, Edits: edits})
		xp.out = append(xp.out, d)
	case !rightValue:
		xp.out = append(xp.out, RuleXiangqiGameTag.At(tp.Span, "the Game tag's value must be %q", gameTagValue))
	case !rightName:
		xp.out = append(xp.out, RuleXiangqiGameTag.At(tp.Name.Span, "tag name %q is written Game", tp.Name.Text).
			WithFix("write Game", tp.Name.Span, "Game"))
	}
}

// whiteTag reports White used for Red.
func (xp *xqPass) whiteTag() {
	tp := findTag(xp.g, "White")
	if tp == nil {
		return
	}
	d := RuleXiangqiWhiteTag.At(tp.Name.Span, "xiangqi names the first player Red, not White")
	red := findTagFold(xp.g, "Red")
	switch {
	case red == nil:
		d = d.WithFix("rename White to Red", tp.Name.Span, "Red")
	case red.Value != nil && tp.Value != nil && red.Value.Text == tp.Value.Text:
		d.Message += "; the Red tag says the same"
		tps := tagPairs(xp.g)
		for i, p := range tps {
			if p == tp {
				d = d.WithFix("remove the White tag", removeTag(tps, i), "")
			}
		}
	default:
		d.Message += "; this game has a Red tag too"
	}
	xp.out = append(xp.out, d)
}

// formatNames are the Format values the spec knows, and the spellings real
// files use for them.
var formatNames = map[string]xiangqi.Notation{
	"chinese": xiangqi.Chinese, "zh": xiangqi.Chinese, "cn": xiangqi.Chinese, "chn": xiangqi.Chinese,
	"chs": xiangqi.Chinese, "cht": xiangqi.Chinese, "zh-cn": xiangqi.Chinese, "zh_cn": xiangqi.Chinese,
	"zh-tw": xiangqi.Chinese, "zh_tw": xiangqi.Chinese, "zh-hans": xiangqi.Chinese, "zh-hant": xiangqi.Chinese,
	"中文": xiangqi.Chinese, "中文纵线": xiangqi.Chinese, "中文縱線": xiangqi.Chinese, "纵线": xiangqi.Chinese, "縱線": xiangqi.Chinese,
	"wxf": xiangqi.WXF, "axf": xiangqi.WXF,
	"iccs": xiangqi.ICCS, "ucci": xiangqi.ICCS, "uci": xiangqi.ICCS,
}

// formatTag reads the Format tag into want. Without a usable one the first
// move decides; a game whose first move is WXF or ICCS needs the tag.
func (xp *xqPass) formatTag(start *xiangqi.Position) {
	tp := findTagFold(xp.g, "Format")
	detected := xp.firstNotation(start)
	if tp != nil && tp.Value != nil && !tp.ValueOpen {
		value := Unquote(tp.Value.Text, false)
		key := strings.ToLower(strings.TrimSpace(narrow(value)))
		if n, ok := formatNames[key]; ok {
			xp.want = n
			if canon := n.String(); value != canon && !strings.EqualFold(value, canon) {
				xp.out = append(xp.out, RuleXiangqiFormatTag.At(tp.Value.Span, "Format %q is written %q", value, canon).
					WithFix("write "+canon, tp.Value.Span, `"`+canon+`"`))
			}
			return
		}
		xp.want = detected
		if key == "" && (detected == xiangqi.AnyNotation || detected == xiangqi.Chinese) {
			return // empty: the default, Chinese
		}
		d := RuleXiangqiFormatTag.At(tp.Value.Span, "Format %q is not Chinese, WXF or ICCS", value)
		if detected != xiangqi.AnyNotation {
			d.Message += "; the moves are " + detected.String()
			d = d.WithFix("write "+detected.String(), tp.Value.Span, `"`+detected.String()+`"`)
		}
		xp.out = append(xp.out, d)
		return
	}
	xp.want = detected
	if tp != nil {
		return // a broken Format tag: the syntax pass reports it
	}
	if detected == xiangqi.WXF || detected == xiangqi.ICCS {
		m := xp.firstMove()
		tag := `[Format "` + detected.String() + `"]`
		d := RuleXiangqiFormatTag.At(m.Text.Span, "the moves are %s but there is no Format tag, which means Chinese", detected)
		d.Fixes = append(d.Fixes, Fix{Title: "insert " + tag, Edits: []Edit{xp.insertLast(tag)}})
		xp.out = append(xp.out, d)
	}
}

// firstMove returns the main line's first move, or nil.
func (xp *xqPass) firstMove() *ast.Move {
	for _, n := range xp.g.Elements {
		if m, ok := n.(*ast.Move); ok {
			return m
		}
	}
	return nil
}

// firstNotation is the notation of the main line's first move, or
// AnyNotation when it is none of the three.
func (xp *xqPass) firstNotation(start *xiangqi.Position) xiangqi.Notation {
	m := xp.firstMove()
	if m == nil || start == nil {
		return xiangqi.AnyNotation
	}
	text := m.Text.Text
	if parts := xiangqi.SplitMoves(text); len(parts) > 1 {
		text = parts[0].Text
	}
	res := start.ParseMove(text, xiangqi.AnyNotation)
	if res.Has(xiangqi.IssueUnparseable) {
		return xiangqi.AnyNotation
	}
	return res.Notation
}

// Characters that show a Chinese move's script; the variant glyphs (傌 俥
// 硨 砲 伡) count for the game's script but are reported as variants.
const (
	traditionalOnly     = "帥將馬車進後"
	traditionalVariants = "傌俥硨砲"
	simplifiedOnly      = "帅将马车进后"
	simplifiedVariants  = "伡"
)

// style takes the script and the width of Black's digits from the first
// Chinese moves of the main line that show them.
func (xp *xqPass) style() {
	script, digits := false, false
	for _, n := range xp.g.Elements {
		m, ok := n.(*ast.Move)
		if !ok || !hasHan(m.Text.Text) {
			continue
		}
		t := m.Text.Text
		if !script {
			switch {
			case strings.ContainsAny(t, traditionalOnly+traditionalVariants):
				xp.trad, script = true, true
			case strings.ContainsAny(t, simplifiedOnly+simplifiedVariants):
				script = true
			}
		}
		if !digits {
			switch {
			case strings.ContainsAny(t, "123456789"):
				xp.asciiDigits, digits = true, true
			case strings.ContainsAny(t, "１２３４５６７８９"):
				digits = true
			}
		}
		if script && digits {
			return
		}
	}
}

// ---- FEN and moves ---------------------------------------------------------

// startPosition reads the FEN tag; ok is false when it is invalid and the
// moves cannot be checked.
func (xp *xqPass) startPosition() (*xiangqi.Position, int, bool) {
	fen := findTag(xp.g, "FEN")
	var p *xiangqi.Position
	if fen == nil {
		p = xiangqi.NewPosition()
	} else {
		if fen.Value == nil || fen.ValueOpen {
			return nil, 0, false
		}
		value := tagValue(xp.g, "FEN")
		var err error
		if p, err = xiangqi.ParseFEN(value); err != nil {
			var fe *xiangqi.FENError
			if errors.As(err, &fe) {
				xp.out = append(xp.out, RuleFENInvalid.At(valueSpan(fen, value, fe.Offset, fe.End), "xiangqi FEN: %s", fe.Msg))
			} else {
				xp.out = append(xp.out, RuleFENInvalid.At(fen.Value.Span, "xiangqi FEN: %v", err))
			}
			return nil, 0, false
		}
	}
	full := max(p.FullmoveNumber(), 1)
	ply := 2 * (full - 1)
	if p.SideToMove() == xiangqi.Black {
		ply++
	}
	return p, ply, true
}

// xqToken is a move as written: a whole move symbol, or one of the moves of
// a glued run.
type xqToken struct {
	text string
	span ast.Span
}

// line replays a sequence of elements from pos, whose first move is ply
// number ply. It returns the position and ply after the last move, and
// whether every move resolved.
func (xp *xqPass) line(elems []ast.Node, pos xiangqi.Position, ply int, main bool) (xiangqi.Position, int, bool) {
	before, beforePly, played := pos, ply, false
	var number *ast.MoveNumber
	var signs []*ast.Bad // WXF tandem signs the lexer left before a move: +C-2
	for _, n := range elems {
		if b, ok := n.(*ast.Bad); ok && isTandemSign(b) {
			if len(signs) > 0 && signs[len(signs)-1].End != b.Start {
				signs = signs[:0]
			}
			signs = append(signs, b)
			continue
		}
		switch n := n.(type) {
		case *ast.Move:
			toks := xp.tokens(n, signs)
			if !played {
				xp.blackFirst(number, toks[0], ply)
			}
			for _, tok := range toks {
				m, ok := xp.move(&pos, tok, ply)
				if !ok {
					return pos, ply, false
				}
				before, beforePly, played = pos, ply, true
				u := pos.MakeMove(m)
				if main {
					xp.mainLineMove(&pos, u, tok, ply)
				}
				ply++
			}
		case *ast.Variation:
			if played {
				xp.line(n.Elements, before, beforePly, false)
			}
		}
		// A move number applies to the move right after it.
		number, _ = n.(*ast.MoveNumber)
		signs = signs[:0]
	}
	return pos, ply, true
}

// isTandemSign reports a `+` or `-` (or their full-width forms) that the
// lexer could not place: a symbol does not start with them, but WXF writes
// tandem pieces as +C-2 and -P+1.
func isTandemSign(b *ast.Bad) bool {
	return b.Kind == ast.BadJunk && b.Text != "" && strings.Trim(b.Text, "+-＋－") == ""
}

// blackFirst reports a line that starts with Black's move numbered `N.`.
func (xp *xqPass) blackFirst(number *ast.MoveNumber, first xqToken, ply int) {
	if number == nil || ply%2 == 0 || len(number.Dots) >= 3 {
		return
	}
	at := ast.Span{Start: first.span.Start, End: first.span.Start}
	insert := "... "
	if number.End == first.span.Start {
		insert = " ... "
	}
	xp.out = append(xp.out, RuleXiangqiBlackMoveNumber.At(number.Span, "Black moves first here: the spec writes %s ... %s",
		number.Number.Text+".", first.text).WithFix("insert ...", at, insert))
}

// gluedMoves cuts a xiangqi move symbol that holds several moves written
// without spaces (炮二平五马８进７, Ｃ２＝５Ｈ８＋７) into them; it returns nil
// for a symbol that is one move, or that does not split into moves. The
// move-number count can use it to count such a symbol as its plies.
func gluedMoves(text string) []xiangqi.MoveSpan {
	if !xiangqi.Glued(text) {
		return nil
	}
	parts := xiangqi.SplitMoves(text)
	if len(parts) < 2 {
		return nil
	}
	// Whether a text is a move at all does not depend on the position. The
	// copy is the caller's own: parsing a move touches the board.
	start := *xqInitial
	for _, p := range parts {
		if start.ParseMove(p.Text, xiangqi.AnyNotation).Has(xiangqi.IssueUnparseable) {
			return nil
		}
	}
	return parts
}

// xqInitial is the initial position; it is only ever copied.
var xqInitial = xiangqi.NewPosition()

// tokens cuts a move symbol into its moves: one, or several written
// without spaces (炮二平五马８进７), which are reported. Tandem signs right
// before the symbol belong to its first move. The result is valid until the
// next call.
func (xp *xqPass) tokens(m *ast.Move, signs []*ast.Bad) []xqToken {
	t := m.Text
	if len(signs) > 0 && signs[len(signs)-1].End == t.Start {
		var sb strings.Builder
		for _, b := range signs {
			sb.WriteString(b.Text)
		}
		t = ast.Token{Span: ast.Span{Start: signs[0].Start, End: t.End}, Text: sb.String() + t.Text}
	}
	parts := gluedMoves(t.Text)
	if parts == nil {
		xp.toks = append(xp.toks[:0], xqToken{t.Text, t.Span})
		return xp.toks
	}
	var toks []xqToken
	var edits []Edit
	for i, p := range parts {
		toks = append(toks, xqToken{p.Text, ast.Span{Start: t.Start + int64(p.Start), End: t.Start + int64(p.End)}})
		if i > 0 {
			at := t.Start + int64(p.Start)
			edits = append(edits, Edit{Span: ast.Span{Start: at, End: at}, NewText: " "})
		}
	}
	texts := make([]string, len(toks))
	for i, tk := range toks {
		texts[i] = tk.text
	}
	d := RuleXiangqiGluedMoves.At(t.Span, "%d moves written without a space: %s", len(toks), strings.Join(texts, " "))
	d.Fixes = append(d.Fixes, Fix{Title: "separate the moves", Edits: edits})
	xp.out = append(xp.out, d)
	return toks
}

// move resolves one move, ply number ply, and reports what is wrong with
// it: an error when it does not resolve, else at most one warning, whose fix
// writes the move in the game's notation and style.
func (xp *xqPass) move(pos *xiangqi.Position, tok xqToken, ply int) (xiangqi.Move, bool) {
	res := pos.ParseMoveWith(tok.text, xiangqi.ParseOptions{Want: xp.want, Traditional: xp.trad})
	xp.pos = pos
	n := xp.want
	if n == xiangqi.AnyNotation {
		n = res.Notation
	}
	if res.Has(xiangqi.IssueUnparseable) {
		if ms, ok := winboardMove(pos, tok.text); ok {
			return xp.winboard(pos, ms, tok, moveName(ply, tok.text))
		}
	}
	if !res.OK() {
		xp.out = append(xp.out, xp.moveError(res, tok, moveName(ply, tok.text)))
		return xiangqi.NoMove, false
	}
	// Most moves are written canonically: compare without building strings.
	xp.buf = xp.appendFormat(xp.buf[:0], &res, n)
	mismatch := res.Has(xiangqi.IssueNotationMismatch)
	if !mismatch && string(xp.buf) == tok.text {
		return res.Move, true
	}
	canon, name := string(xp.buf), moveName(ply, tok.text)
	switch {
	case mismatch:
		xp.out = append(xp.out, RuleXiangqiNotationMismatch.At(tok.span, "%s: a move in %s notation in a game whose moves are %s; there it is %s",
			name, res.Notation, n, canon).WithFix("write "+canon, tok.span, canon))
	case tok.text != canon:
		xp.out = append(xp.out, RuleXiangqiNonCanonical.At(tok.span, "%s: %s; write %s",
			name, xp.reasons(res, tok.text, canon, n), canon).WithFix("write "+canon, tok.span, canon))
	}
	return res.Move, true
}

// winboard reports a move in WinBoard's notation, ms being the legal moves
// it fits.
func (xp *xqPass) winboard(pos *xiangqi.Position, ms []xiangqi.Move, tok xqToken, name string) (xiangqi.Move, bool) {
	n := xp.want
	if n == xiangqi.AnyNotation {
		n = xiangqi.Chinese
	}
	switch len(ms) {
	case 0:
		xp.out = append(xp.out, RuleIllegalMove.At(tok.span, "%s: illegal: read as WinBoard notation, no %s move fits it", name, pos.SideToMove()))
		return xiangqi.NoMove, false
	case 1:
	default:
		xp.out = append(xp.out, RuleAmbiguousMove.At(tok.span, "%s: ambiguous: read as WinBoard notation, it could be %s", name, xp.moveList(ms, n)))
		return xiangqi.NoMove, false
	}
	canon := xp.format(pos, ms[0], n)
	xp.out = append(xp.out, RuleXiangqiNotationMismatch.At(tok.span, "%s: a move in WinBoard's notation, which is no Format value; in %s it is %s",
		name, n, canon).WithFix("write "+canon, tok.span, canon))
	return ms[0], true
}

// winboardKinds are the piece letters of WinBoard's xiangqi notation.
var winboardKinds = map[byte]xiangqi.Kind{
	'K': xiangqi.King, 'A': xiangqi.Advisor, 'E': xiangqi.Elephant, 'B': xiangqi.Elephant,
	'H': xiangqi.Horse, 'N': xiangqi.Horse, 'R': xiangqi.Chariot, 'C': xiangqi.Cannon, 'P': xiangqi.Pawn,
}

// winboardMove reads a move in the SAN-like notation of XBoard/WinBoard
// xiangqi PGN (Che2, Cxe6, Hf7#, Rdd3, axa3, g5): a piece letter (none for
// a pawn), the origin's file and/or rank when needed, `x` for a capture and
// the target square with ranks 0-9. It returns the legal moves that fit;
// ok is false when the text does not have that shape.
func winboardMove(pos *xiangqi.Position, text string) (ms []xiangqi.Move, ok bool) {
	t := strings.TrimRight(text, "+#")
	if len(t) < 2 {
		return nil, false
	}
	kind, letter := winboardKinds[t[0]]
	if letter {
		t = t[1:]
	} else {
		kind = xiangqi.Pawn
	}
	isFile := func(b byte) bool { return b >= 'a' && b <= 'i' }
	isRank := func(b byte) bool { return b >= '0' && b <= '9' }
	if len(t) < 2 || !isFile(t[len(t)-2]) || !isRank(t[len(t)-1]) {
		return nil, false
	}
	to := xiangqi.SquareAt(int(t[len(t)-2]-'a'), int(t[len(t)-1]-'0'))
	t = strings.TrimSuffix(t[:len(t)-2], "x")
	file, rank := -1, -1
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case isFile(c) && file < 0 && rank < 0:
			file = int(c - 'a')
		case isRank(c) && rank < 0:
			rank = int(c - '0')
		default:
			return nil, false
		}
	}
	for _, m := range pos.LegalMoves(nil) {
		from := m.From()
		if m.To() == to && pos.At(from).Kind() == kind && (file < 0 || from.File() == file) && (rank < 0 || from.Rank() == rank) {
			ms = append(ms, m)
		}
	}
	return ms, true
}

// format writes a move of pos in notation n, in the game's style.
func (xp *xqPass) format(pos *xiangqi.Position, m xiangqi.Move, n xiangqi.Notation) string {
	var buf [24]byte
	return string(xp.digits(pos.AppendMove(buf[:0], m, xp.styleOf(n)), n))
}

// appendFormat appends a resolved move in notation n, in the game's style:
// what format writes, without the position.
func (xp *xqPass) appendFormat(dst []byte, res *xiangqi.Resolution, n xiangqi.Notation) []byte {
	start := len(dst)
	dst = res.AppendMove(dst, xp.styleOf(n))
	return append(dst[:start], xp.digits(dst[start:], n)...)
}

// styleOf is the style the game's moves are written in, in notation n.
func (xp *xqPass) styleOf(n xiangqi.Notation) xiangqi.Style {
	switch {
	case n == xiangqi.WXF:
		return xiangqi.StyleWXF
	case n == xiangqi.ICCS:
		return xiangqi.StyleICCS
	case xp.trad:
		return xiangqi.StyleChineseTraditional
	}
	return xiangqi.StyleChinese
}

// digits rewrites, in place, Black's full-width digits (１-９) of a Chinese
// move as ASCII when the game writes them so.
func (xp *xqPass) digits(b []byte, n xiangqi.Notation) []byte {
	if !xp.asciiDigits || n == xiangqi.WXF || n == xiangqi.ICCS {
		return b
	}
	// '１'-'９' are EF BC 91-99 in UTF-8.
	out := b[:0]
	for i := 0; i < len(b); i++ {
		if i+2 < len(b) && b[i] == 0xEF && b[i+1] == 0xBC && b[i+2] >= 0x91 && b[i+2] <= 0x99 {
			out = append(out, '1'+b[i+2]-0x91)
			i += 2
			continue
		}
		out = append(out, b[i])
	}
	return out
}

// reasons says why a resolved move differs from its canonical text.
func (xp *xqPass) reasons(res xiangqi.Resolution, text, canon string, n xiangqi.Notation) string {
	var rs []string
	for _, iss := range res.Issues {
		switch {
		case iss.Kind == xiangqi.IssueNotationMismatch, iss.Kind == xiangqi.IssueNonCanonical:
			continue
		case iss.Kind == xiangqi.IssueCharWidth && n == xiangqi.Chinese:
			if !xp.asciiDigits {
				rs = append(rs, "ASCII digits where the game writes Black's digits full-width")
			}
			continue
		case iss.Kind == xiangqi.IssueMixedScript && n == xiangqi.Chinese:
			continue // said below, with the game's script
		}
		rs = append(rs, iss.Kind.Description())
	}
	if n == xiangqi.Chinese {
		if tr, si := strings.ContainsAny(text, traditionalOnly), strings.ContainsAny(text, simplifiedOnly); xp.trad && si {
			rs = append(rs, "simplified characters in a game written in traditional ones")
		} else if !xp.trad && tr {
			rs = append(rs, "traditional characters in a game written in simplified ones")
		}
		if xp.asciiDigits && strings.ContainsAny(text, "１２３４５６７８９") {
			rs = append(rs, "full-width digits in a game that writes Black's digits in ASCII")
		}
	}
	if len(rs) == 0 {
		rs = append(rs, xiangqi.IssueNonCanonical.Description())
	}
	return strings.Join(rs, "; ")
}

// moveError is the diagnostic of a move that does not resolve.
func (xp *xqPass) moveError(res xiangqi.Resolution, tok xqToken, name string) Diagnostic {
	var iss xiangqi.Issue
	for _, i := range res.Issues {
		if i.Kind.IsError() {
			iss = i
			break
		}
	}
	side := xp.pos.SideToMove()
	switch iss.Kind {
	case xiangqi.IssueIllegal:
		msg := fmt.Sprintf("%s: illegal: no %s move fits it", name, side)
		if len(iss.Candidates) > 0 {
			msg += fmt.Sprintf("; %s would leave %s's king attacked", xp.moveList(iss.Candidates, res.Notation), side)
		}
		return RuleIllegalMove.At(tok.span, "%s", msg)
	case xiangqi.IssueAmbiguous:
		return RuleAmbiguousMove.At(tok.span, "%s: ambiguous: could be %s", name, xp.moveList(iss.Candidates, res.Notation))
	}
	what := "not a move in Chinese, WXF or ICCS notation"
	if iss.Detail != "" {
		what = iss.Detail
	}
	return RuleNotAMove.At(tok.span, "%s: %s", name, what)
}

// moveList names moves of the current position in notation n, with their
// coordinates.
func (xp *xqPass) moveList(ms []xiangqi.Move, n xiangqi.Notation) string {
	if n == xiangqi.AnyNotation {
		n = xp.want
	}
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = xp.format(xp.pos, m, n)
		if n != xiangqi.ICCS {
			parts[i] += " (" + m.String() + ")"
		}
	}
	return strings.Join(parts, " or ")
}

// ---- game end ----------------------------------------------------------------

// mainLineMove records the main line's positions after the move tok, ply
// number ply, which u takes back, and reports perpetual check once.
func (xp *xqPass) mainLineMove(pos *xiangqi.Position, u xiangqi.Undo, tok xqToken, ply int) {
	h := pos.Hash()
	xp.hashes = append(xp.hashes, h)
	xp.undos = append(xp.undos, u)
	if xp.perpetual {
		return
	}
	// A position can only repeat one since the last capture, with the same
	// side to move: the halfmove clock bounds how far back to look for its
	// earlier occurrences, every other ply.
	k := len(xp.hashes) - 1
	first, seen := k, 1
	for i := k - 2; i >= max(0, k-pos.HalfmoveClock()); i -= 2 {
		if xp.hashes[i] == h {
			first, seen = i, seen+1
		}
	}
	if seen != 3 {
		return
	}
	// Which side gave check with every move since the first occurrence:
	// the moves are taken back one by one from here to see (this is rare,
	// so no move pays for a check test it does not need).
	every, some := [2]bool{true, true}, [2]bool{}
	q := *pos
	for i := k; i > first; i-- {
		mover := q.SideToMove().Other()
		some[mover] = true
		every[mover] = every[mover] && q.InCheck()
		q.UnmakeMove(xp.undos[i])
	}
	var checkers []string
	for _, c := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
		if every[c] && some[c] {
			checkers = append(checkers, c.String())
		}
	}
	span, name := tok.span, moveName(ply, tok.text)
	switch len(checkers) {
	case 1:
		xp.perpetual = true
		xp.out = append(xp.out, RulePerpetualCheck.At(span, "%s: the position occurs for the third time and every %s move since it first occurred gave check: "+
			"perpetual check, which %s must not keep up (the side that does loses)", name, checkers[0], checkers[0]))
	case 2:
		xp.perpetual = true
		xp.out = append(xp.out, RulePerpetualCheck.At(span, "%s: the position occurs for the third time and both sides gave check with every move since it first occurred: "+
			"mutual perpetual check, a draw", name))
	}
}

// xiangqiResult reads the Chinese words for a result that xiangqi files
// write in the Result tag, or returns "".
func xiangqiResult(s string) string {
	switch strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, narrow(s)) {
	case "红胜", "紅勝", "红先胜", "紅先勝", "红方胜", "紅方勝", "黑负", "黑負", "黑先负", "黑先負":
		return "1-0"
	case "黑胜", "黑勝", "黑先胜", "黑先勝", "黑方胜", "黑方勝", "红负", "紅負", "红先负", "紅先負":
		return "0-1"
	case "和棋", "和", "和局", "红先和", "紅先和", "黑先和", "红和", "紅和", "黑和":
		return "1/2-1/2"
	case "未知", "0-0":
		return "*"
	}
	return ""
}

// gameEnd compares the final position with the result and PlyCount.
func (xp *xqPass) gameEnd(final *xiangqi.Position, plies int) {
	g := xp.g
	if pc := findTag(g, "PlyCount"); pc != nil && pc.Value != nil {
		if n, err := strconv.Atoi(tagValue(g, "PlyCount")); err == nil && n != plies {
			want := strconv.Itoa(plies)
			xp.out = append(xp.out, RulePlyCount.At(pc.Value.Span, "PlyCount is %d but the main line has %d plies", n, plies).
				WithFix("set PlyCount to "+want, pc.Value.Span, `"`+want+`"`))
		}
	}
	status := final.Status()
	if status == xiangqi.Ongoing {
		return
	}
	result := terminationText(g)
	if result == "" {
		result = tagValue(g, "Result")
		if !isTerminationText(result) {
			result = xiangqiResult(result)
		}
	}
	loser := final.SideToMove()
	want := "1-0"
	if loser == xiangqi.Red {
		want = "0-1"
	}
	why := fmt.Sprintf("%s is checkmated", loser)
	if status == xiangqi.Stalemate {
		why = fmt.Sprintf("%s cannot move, and in xiangqi the side that cannot move loses", loser)
	}
	if result == "" || result == want {
		return
	}
	at := ast.Span{Start: g.Movetext.End, End: g.Movetext.End}
	if g.Termination != nil {
		at = g.Termination.Span
	}
	d := RuleResultVsBoard.At(at, "the result is %s but %s: %s", result, why, want)
	var edits []Edit
	if g.Termination != nil {
		edits = append(edits, Edit{Span: g.Termination.Span, NewText: want})
	}
	if tp := findTag(g, "Result"); tp != nil && tp.Value != nil && !tp.ValueOpen {
		edits = append(edits, Edit{Span: tp.Value.Span, NewText: `"` + want + `"`})
	}
	if len(edits) > 0 {
		sortEdits(edits)
		d.Fixes = append(d.Fixes, Fix{Title: "set the result to " + want, Edits: edits})
	}
	xp.out = append(xp.out, d)
}
