package semantic

import (
	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/semantic/xiangqi"
)

// IsXiangqi reports whether g is a xiangqi game, as the checker decides it
// (a Game "Chinese Chess" or Red tag, a xiangqi FEN, a xiangqi Variant, or
// xiangqi moves without telling tags).
func IsXiangqi(g *ast.Game) bool { return kindOf(g) == kindXiangqi }

// ConvertOptions say how ConvertXiangqi writes the moves.
type ConvertOptions struct {
	// Notation is the notation to write: xiangqi.Chinese, WXF or ICCS.
	Notation xiangqi.Notation
	// Characters is "simplified" or "traditional" for Chinese moves; ""
	// keeps the game's own script (simplified when its moves are not
	// Chinese).
	Characters string
	// ASCIIDigits writes Black's digits in Chinese moves as 1-9 rather than
	// the full-width １-９; the game's own choice is kept when its moves are
	// Chinese.
	ASCIIDigits bool
}

// XiangqiStyle reports the script and Black's digits of a xiangqi game's
// Chinese moves, taken from its first moves that show them.
func XiangqiStyle(g *ast.Game) (traditional, asciiDigits bool) {
	xp := &xqPass{g: g}
	xp.style()
	return xp.trad, xp.asciiDigits
}

// ConvertXiangqi returns the edits that write every move of the xiangqi
// game g, variations included, in another notation, one edit per move token
// that changes, and the edit that sets the Format tag (or inserts it after
// the last tag). ok is false when g is not a xiangqi game or a move does not
// resolve: the game is then left as it is. Convert a repaired game: a run of
// glued moves becomes one token holding the converted moves without spaces.
func ConvertXiangqi(g *ast.Game, opt ConvertOptions) (edits []Edit, ok bool) {
	if !IsXiangqi(g) {
		return nil, false
	}
	xp := &xqPass{g: g, eol: tagLineBreak(g)}
	start, ply, ok := xp.startPosition()
	if !ok {
		return nil, false
	}
	xp.formatTag(start)
	xp.style()
	to := &xqPass{trad: xp.trad, asciiDigits: xp.asciiDigits}
	if !hasChineseMove(g.Elements) {
		to.trad, to.asciiDigits = false, opt.ASCIIDigits
	}
	switch opt.Characters {
	case "simplified":
		to.trad = false
	case "traditional":
		to.trad = true
	}
	c := converter{from: xp, to: to, n: opt.Notation}
	if !c.line(g.Elements, *start, ply) {
		return nil, false
	}
	edits = c.edits
	canon := opt.Notation.String()
	tag := `"` + canon + `"`
	if tp := findTagFold(g, "Format"); tp != nil && tp.Value != nil {
		if tp.Value.Text != tag {
			edits = append(edits, Edit{Span: tp.Value.Span, NewText: tag})
		}
	} else if tp == nil {
		edits = append(edits, xp.insertLast(`[Format `+tag+`]`))
	} else {
		return nil, false // a Format tag without its value
	}
	return edits, true
}

func hasChineseMove(elems []ast.Node) bool {
	for _, n := range elems {
		if m, ok := n.(*ast.Move); ok {
			return hasHan(m.Text.Text)
		}
	}
	return false
}

type converter struct {
	from, to *xqPass
	n        xiangqi.Notation
	edits    []Edit
	buf      []byte // a move symbol's converted text, reused
}

// line replays a sequence from pos, as xqPass.line does, and converts its
// moves; false when a move does not resolve.
func (c *converter) line(elems []ast.Node, pos xiangqi.Position, ply int) bool {
	before, played := pos, false
	var signs []*ast.Bad
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
			toks := c.from.tokens(n, signs)
			text := c.buf[:0]
			for _, tok := range toks {
				res := pos.ParseMoveWith(tok.text, xiangqi.ParseOptions{Want: c.from.want, Traditional: c.from.trad})
				if !res.OK() {
					return false
				}
				text = c.to.appendFormat(text, &res, c.n)
				before, played = pos, true
				pos.MakeMove(res.Move)
				ply++
			}
			c.buf = text
			span := ast.Span{Start: toks[0].span.Start, End: toks[len(toks)-1].span.End}
			old := toks[0].text
			if len(toks) > 1 {
				old = n.Text.Text
			}
			if string(text) != old {
				c.edits = append(c.edits, Edit{Span: span, NewText: string(text)})
			}
		case *ast.Variation:
			if played && !c.line(n.Elements, before, ply-1) {
				return false
			}
		}
		signs = signs[:0]
	}
	return true
}
