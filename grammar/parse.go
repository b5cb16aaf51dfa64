package grammar

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/source"
)

// ParseGame parses one game cut by the splitter with participle's runtime
// parser and returns its syntax tree. The grammar is total, so an error is
// a bug in the grammar, never a property of the input.
func ParseGame(c *source.Chunk) (*ast.Game, error) {
	g := &ast.Game{
		Span:     ast.Span{Start: c.Offset(c.Start), End: c.Offset(len(c.Src))},
		Movetext: ast.Span{Start: c.Offset(c.Movetext), End: c.Offset(len(c.Src))},
	}
	text, base := section(c, c.Start, c.Movetext)
	tags, err := TagParser.ParseString("", text)
	if err != nil {
		return nil, fmt.Errorf("tag section at offset %d: %w", c.Offset(c.Start), err)
	}
	conv := converter{base: base}
	g.Tags = conv.tagSection(tags)

	text, base = section(c, c.Movetext, len(c.Src))
	mt, err := MovetextParser.ParseString("", text)
	if err != nil {
		return nil, fmt.Errorf("movetext at offset %d: %w", c.Offset(c.Movetext), err)
	}
	conv.base = base
	g.Elements = conv.topElements(mt.Items)
	if mt.Termination != nil {
		g.Termination = &ast.Termination{Token: conv.token(mt.Termination.Pos, mt.Termination.EndPos, mt.Termination.Text)}
	}
	g.Trailer = conv.trailer(mt.Trailer)
	return g, nil
}

// section returns the text of c.Src[from:to] for the lexer, preceded by as
// many spaces as there are bytes between the start of its line and from, so
// that the lexer knows whether a `%` stands in column 1 and offsets stay
// aligned; and the file offset of the text's first byte.
func section(c *source.Chunk, from, to int) (string, int64) {
	ls := bytes.LastIndexAny(c.Src[:from], "\r\n") + 1
	var sb strings.Builder
	sb.Grow(to - ls)
	for range from - ls {
		sb.WriteByte(' ')
	}
	sb.Write(c.Src[from:to])
	return sb.String(), c.Offset(ls)
}

type converter struct {
	base int64
}

func (cv converter) span(pos, end lexer.Position) ast.Span {
	return ast.Span{Start: cv.base + int64(pos.Offset), End: cv.base + int64(end.Offset)}
}

func (cv converter) token(pos, end lexer.Position, text string) ast.Token {
	return ast.Token{Span: cv.span(pos, end), Text: text}
}

func (cv converter) tagSection(ts *TagSection) []ast.Node {
	var out []ast.Node
	for _, it := range ts.Items {
		switch {
		case it.Tag != nil:
			out = append(out, cv.tagPair(it.Tag))
		case it.LineComment != nil:
			out = append(out, &ast.LineComment{Token: cv.token(it.LineComment.Pos, it.LineComment.EndPos, it.LineComment.Text)})
		case it.Escape != nil:
			out = append(out, cv.escape(it.Escape))
		case it.Reserved != nil:
			out = append(out, &ast.Bad{Token: cv.token(it.Reserved.Pos, it.Reserved.EndPos, it.Reserved.Text), Kind: ast.BadReserved})
		case it.Junk != nil:
			out = append(out, &ast.Bad{Token: cv.token(it.Junk.Pos, it.Junk.EndPos, it.Junk.Text), Kind: ast.BadTagSection})
		}
	}
	return out
}

func (cv converter) tagPair(t *TagPair) *ast.TagPair {
	tp := &ast.TagPair{Span: cv.span(t.Pos, t.EndPos)}
	tp.Open = ast.Token{Span: ast.Span{Start: tp.Start, End: tp.Start + int64(len(t.Open))}, Text: t.Open}
	if t.Name != nil {
		tok := cv.token(t.Name.Pos, t.Name.EndPos, t.Name.Text)
		tp.Name = &tok
	}
	if t.Value != nil {
		tok := cv.token(t.Value.Pos, t.Value.EndPos, t.Value.Text+t.Value.Open)
		tp.Value = &tok
		tp.ValueOpen = t.Value.Open != ""
	}
	for _, x := range t.Extra {
		tp.Stray = append(tp.Stray, &ast.Bad{Token: cv.token(x.Pos, x.EndPos, x.Text), Kind: ast.BadTagContent})
	}
	if t.Close != nil {
		tok := cv.token(t.Close.Pos, t.Close.EndPos, t.Close.Text)
		tp.Close = &tok
	}
	return tp
}

func (cv converter) escape(e *Escape) *ast.Escape {
	tok := cv.token(e.Pos, e.EndPos, e.Text+e.NotColumn1)
	return &ast.Escape{Token: tok, NotColumn1: e.NotColumn1 != ""}
}

func (cv converter) topElements(items []*TopElement) []ast.Node {
	out := make([]ast.Node, 0, len(items))
	for _, it := range items {
		if it.StrayClose != nil {
			out = append(out, cv.strayClose(it.StrayClose))
			continue
		}
		out = append(out, cv.element(it.Element))
	}
	return out
}

func (cv converter) trailer(items []*TrailerElement) []ast.Node {
	var out []ast.Node
	for _, it := range items {
		switch {
		case it.StrayClose != nil:
			out = append(out, cv.strayClose(it.StrayClose))
		case it.Termination != nil:
			out = append(out, &ast.Bad{Token: cv.token(it.Termination.Pos, it.Termination.EndPos, it.Termination.Text), Kind: ast.BadTermination})
		default:
			out = append(out, cv.element(it.Element))
		}
	}
	return out
}

func (cv converter) strayClose(c *CloseParen) ast.Node {
	return &ast.Bad{Token: cv.token(c.Pos, c.EndPos, c.Text), Kind: ast.BadStrayClose}
}

func (cv converter) element(e *Element) ast.Node {
	switch {
	case e.MoveNumber != nil:
		m := e.MoveNumber
		mn := &ast.MoveNumber{Span: cv.span(m.Pos, m.EndPos)}
		mn.Number = ast.Token{Span: ast.Span{Start: mn.Start, End: mn.Start + int64(len(m.Number))}, Text: m.Number}
		for _, d := range m.Dots {
			mn.Dots = append(mn.Dots, cv.token(d.Pos, d.EndPos, d.Text))
		}
		return mn
	case e.Move != nil:
		m := e.Move
		mv := &ast.Move{Span: cv.span(m.Pos, m.EndPos), Text: cv.token(m.Text.Pos, m.Text.EndPos, m.Text.Text)}
		if m.Suffix != nil {
			mv.Suffix = &ast.Suffix{Token: cv.token(m.Suffix.Pos, m.Suffix.EndPos, m.Suffix.Text)}
		}
		return mv
	case e.NAG != nil:
		return &ast.NAG{Token: cv.token(e.NAG.Pos, e.NAG.EndPos, e.NAG.Text)}
	case e.Suffix != nil:
		return &ast.Suffix{Token: cv.token(e.Suffix.Pos, e.Suffix.EndPos, e.Suffix.Text)}
	case e.Comment != nil:
		c := e.Comment
		return &ast.Comment{Token: cv.token(c.Pos, c.EndPos, c.Text+c.Open), Unterminated: c.Open != ""}
	case e.LineComment != nil:
		return &ast.LineComment{Token: cv.token(e.LineComment.Pos, e.LineComment.EndPos, e.LineComment.Text)}
	case e.Escape != nil:
		return cv.escape(e.Escape)
	case e.Variation != nil:
		v := e.Variation
		out := &ast.Variation{Span: cv.span(v.Pos, v.EndPos), Unclosed: v.Close == nil}
		for _, it := range v.Items {
			out.Elements = append(out.Elements, cv.element(it))
		}
		return out
	case e.Tag != nil:
		return cv.tagPair(e.Tag)
	default:
		return cv.bad(e.Bad)
	}
}

func (cv converter) bad(b *BadToken) *ast.Bad {
	kind, text := ast.BadJunk, b.Junk
	switch {
	case b.StrayBracket != "":
		kind, text = ast.BadStrayBracket, b.StrayBracket
	case b.String != "":
		kind, text = ast.BadString, b.String
	case b.OpenString != "":
		kind, text = ast.BadOpenString, b.OpenString
	case b.Period != "":
		kind, text = ast.BadPeriod, b.Period
	case b.Reserved != "":
		kind, text = ast.BadReserved, b.Reserved
	}
	return &ast.Bad{Token: cv.token(b.Pos, b.EndPos, text), Kind: kind}
}
