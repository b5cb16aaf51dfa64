package parser

import "github.com/pgnlint/pgnlint/ast"

// converter turns the generated parser's nodes into ast nodes. It follows
// grammar/parse.go's converter line by line (the differential tests hold
// the two to the same trees). The parse's nodes are in a; spans are offsets
// into src, the section's text, which begins at file offset base; and the
// ast nodes come from st.
type converter struct {
	a    *arena
	st   *store
	src  string
	base int64
}

// store hands out the ast nodes of one game from slices sized by the
// parse's node counts: a dozen allocations a game rather than one a node.
// Slices handed out have no spare capacity, so appending to one copies it.
type store struct {
	moves        []ast.Move
	numbers      []ast.MoveNumber
	suffixes     []ast.Suffix
	nags         []ast.NAG
	comments     []ast.Comment
	lineComments []ast.LineComment
	escapes      []ast.Escape
	variations   []ast.Variation
	tagPairs     []ast.TagPair
	bads         []ast.Bad
	tokens       []ast.Token
	nodes        []ast.Node
	badPtrs      []*ast.Bad
}

// newStore sizes a store for the nodes in the arena: for each kind of ast
// node, an upper bound on how many the conversion makes. (For the node
// lists: every Element stands in exactly one of the main line, the trailer
// and a variation, whose other items are a CloseParen or a Termination.)
func newStore(a *arena) *store {
	return &store{
		moves:        mk[ast.Move](a.Move.n),
		numbers:      mk[ast.MoveNumber](a.MoveNumber.n),
		suffixes:     mk[ast.Suffix](a.Suffix.n),
		nags:         mk[ast.NAG](a.NAG.n),
		comments:     mk[ast.Comment](a.Comment.n),
		lineComments: mk[ast.LineComment](a.LineComment.n),
		escapes:      mk[ast.Escape](a.Escape.n),
		variations:   mk[ast.Variation](a.Variation.n),
		tagPairs:     mk[ast.TagPair](a.TagPair.n),
		bads:         mk[ast.Bad](a.BadToken.n + a.TagStray.n + a.TagJunk.n + a.Reserved.n + a.CloseParen.n + a.Termination.n),
		tokens:       mk[ast.Token](a.TagName.n + a.TagValue.n + a.CloseBracket.n + a.Dot.n),
		nodes:        mk[ast.Node](a.TagItem.n + a.Element.n + a.CloseParen.n + a.Termination.n),
		badPtrs:      mk[*ast.Bad](a.TagStray.n),
	}
}

func mk[T any](n int32) []T {
	if n == 0 {
		return nil
	}
	return make([]T, n)
}

// alloc returns a node holding v from *s.
func alloc[T any](s *[]T, v T) *T {
	if len(*s) == 0 { // not sized for it: a bug in newStore, but harmless
		*s = make([]T, 16)
	}
	x := &(*s)[0]
	*x = v
	*s = (*s)[1:]
	return x
}

// carve returns an empty slice with room for n elements from *s, or nil for
// n == 0, as appending to a nil slice gives.
func carve[T any](s *[]T, n int) []T {
	if n == 0 {
		return nil
	}
	if len(*s) < n {
		*s = make([]T, max(n, 16))
	}
	x := (*s)[:0:n]
	*s = (*s)[n:]
	return x
}

func (cv *converter) span(pos, end int) ast.Span {
	return ast.Span{Start: cv.base + int64(pos), End: cv.base + int64(end)}
}

func (cv *converter) token(pos, end int, text span) ast.Token {
	return ast.Token{Span: cv.span(pos, end), Text: cv.text(text)}
}

// text returns a captured token's text, "" for a field that captured none.
func (cv *converter) text(s span) string { return cv.src[s.start:s.end] }

func (cv *converter) tagSection(ts *gTagSection) []ast.Node {
	items := cv.a.TagItem.items(ts.Items)
	out := carve(&cv.st.nodes, len(items))
	for _, r := range items {
		it := cv.a.TagItem.at(r)
		switch {
		case it.Tag != 0:
			out = append(out, cv.tagPair(cv.a.TagPair.at(it.Tag)))
		case it.LineComment != 0:
			lc := cv.a.LineComment.at(it.LineComment)
			out = append(out, alloc(&cv.st.lineComments, ast.LineComment{Token: cv.token(lc.Pos, lc.EndPos, lc.Text)}))
		case it.Escape != 0:
			out = append(out, cv.escape(cv.a.Escape.at(it.Escape)))
		case it.Reserved != 0:
			rs := cv.a.Reserved.at(it.Reserved)
			out = append(out, alloc(&cv.st.bads, ast.Bad{Token: cv.token(rs.Pos, rs.EndPos, rs.Text), Kind: ast.BadReserved}))
		case it.Junk != 0:
			j := cv.a.TagJunk.at(it.Junk)
			out = append(out, alloc(&cv.st.bads, ast.Bad{Token: cv.token(j.Pos, j.EndPos, j.Text), Kind: ast.BadTagSection}))
		}
	}
	return out
}

func (cv *converter) tagPair(t *gTagPair) *ast.TagPair {
	tp := alloc(&cv.st.tagPairs, ast.TagPair{Span: cv.span(t.Pos, t.EndPos)})
	open := cv.text(t.Open)
	tp.Open = ast.Token{Span: ast.Span{Start: tp.Start, End: tp.Start + int64(len(open))}, Text: open}
	if t.Name != 0 {
		n := cv.a.TagName.at(t.Name)
		tp.Name = alloc(&cv.st.tokens, cv.token(n.Pos, n.EndPos, n.Text))
	}
	if t.Value != 0 {
		v := cv.a.TagValue.at(t.Value)
		tp.Value = alloc(&cv.st.tokens, ast.Token{Span: cv.span(v.Pos, v.EndPos), Text: cv.text(v.Text) + cv.text(v.Open)})
		tp.ValueOpen = cv.text(v.Open) != ""
	}
	extra := cv.a.TagStray.items(t.Extra)
	tp.Stray = carve(&cv.st.badPtrs, len(extra))
	for _, r := range extra {
		x := cv.a.TagStray.at(r)
		tp.Stray = append(tp.Stray, alloc(&cv.st.bads, ast.Bad{Token: cv.token(x.Pos, x.EndPos, x.Text), Kind: ast.BadTagContent}))
	}
	if t.Close != 0 {
		c := cv.a.CloseBracket.at(t.Close)
		tp.Close = alloc(&cv.st.tokens, cv.token(c.Pos, c.EndPos, c.Text))
	}
	return tp
}

func (cv *converter) escape(e *gEscape) *ast.Escape {
	tok := ast.Token{Span: cv.span(e.Pos, e.EndPos), Text: cv.text(e.Text) + cv.text(e.NotColumn1)}
	return alloc(&cv.st.escapes, ast.Escape{Token: tok, NotColumn1: cv.text(e.NotColumn1) != ""})
}

func (cv *converter) topElements(l list[gTopElement]) []ast.Node {
	items := cv.a.TopElement.items(l)
	out := carve(&cv.st.nodes, len(items))
	if out == nil {
		out = make([]ast.Node, 0) // never nil, as grammar/parse.go makes it
	}
	for _, r := range items {
		it := cv.a.TopElement.at(r)
		if it.StrayClose != 0 {
			out = append(out, cv.strayClose(cv.a.CloseParen.at(it.StrayClose)))
			continue
		}
		out = append(out, cv.element(cv.a.Element.at(it.Element)))
	}
	return out
}

func (cv *converter) trailer(l list[gTrailerElement]) []ast.Node {
	items := cv.a.TrailerElement.items(l)
	out := carve(&cv.st.nodes, len(items))
	for _, r := range items {
		it := cv.a.TrailerElement.at(r)
		switch {
		case it.StrayClose != 0:
			out = append(out, cv.strayClose(cv.a.CloseParen.at(it.StrayClose)))
		case it.Termination != 0:
			t := cv.a.Termination.at(it.Termination)
			out = append(out, alloc(&cv.st.bads, ast.Bad{Token: cv.token(t.Pos, t.EndPos, t.Text), Kind: ast.BadTermination}))
		default:
			out = append(out, cv.element(cv.a.Element.at(it.Element)))
		}
	}
	return out
}

func (cv *converter) strayClose(c *gCloseParen) ast.Node {
	return alloc(&cv.st.bads, ast.Bad{Token: cv.token(c.Pos, c.EndPos, c.Text), Kind: ast.BadStrayClose})
}

func (cv *converter) element(e *gElement) ast.Node {
	switch {
	case e.MoveNumber != 0:
		m := cv.a.MoveNumber.at(e.MoveNumber)
		mn := alloc(&cv.st.numbers, ast.MoveNumber{Span: cv.span(m.Pos, m.EndPos)})
		number := cv.text(m.Number)
		mn.Number = ast.Token{Span: ast.Span{Start: mn.Start, End: mn.Start + int64(len(number))}, Text: number}
		dots := cv.a.Dot.items(m.Dots)
		mn.Dots = carve(&cv.st.tokens, len(dots))
		for _, r := range dots {
			d := cv.a.Dot.at(r)
			mn.Dots = append(mn.Dots, cv.token(d.Pos, d.EndPos, d.Text))
		}
		return mn
	case e.Move != 0:
		m := cv.a.Move.at(e.Move)
		t := cv.a.MoveText.at(m.Text)
		mv := alloc(&cv.st.moves, ast.Move{Span: cv.span(m.Pos, m.EndPos), Text: cv.token(t.Pos, t.EndPos, t.Text)})
		if m.Suffix != 0 {
			s := cv.a.Suffix.at(m.Suffix)
			mv.Suffix = alloc(&cv.st.suffixes, ast.Suffix{Token: cv.token(s.Pos, s.EndPos, s.Text)})
		}
		return mv
	case e.NAG != 0:
		n := cv.a.NAG.at(e.NAG)
		return alloc(&cv.st.nags, ast.NAG{Token: cv.token(n.Pos, n.EndPos, n.Text)})
	case e.Suffix != 0:
		s := cv.a.Suffix.at(e.Suffix)
		return alloc(&cv.st.suffixes, ast.Suffix{Token: cv.token(s.Pos, s.EndPos, s.Text)})
	case e.Comment != 0:
		c := cv.a.Comment.at(e.Comment)
		tok := ast.Token{Span: cv.span(c.Pos, c.EndPos), Text: cv.text(c.Text) + cv.text(c.Open)}
		return alloc(&cv.st.comments, ast.Comment{Token: tok, Unterminated: cv.text(c.Open) != ""})
	case e.LineComment != 0:
		lc := cv.a.LineComment.at(e.LineComment)
		return alloc(&cv.st.lineComments, ast.LineComment{Token: cv.token(lc.Pos, lc.EndPos, lc.Text)})
	case e.Escape != 0:
		return cv.escape(cv.a.Escape.at(e.Escape))
	case e.Variation != 0:
		v := cv.a.Variation.at(e.Variation)
		out := alloc(&cv.st.variations, ast.Variation{Span: cv.span(v.Pos, v.EndPos), Unclosed: v.Close == 0})
		items := cv.a.Element.items(v.Items)
		out.Elements = carve(&cv.st.nodes, len(items))
		for _, r := range items {
			out.Elements = append(out.Elements, cv.element(cv.a.Element.at(r)))
		}
		return out
	case e.Tag != 0:
		return cv.tagPair(cv.a.TagPair.at(e.Tag))
	default:
		return cv.bad(cv.a.BadToken.at(e.Bad))
	}
}

func (cv *converter) bad(b *gBadToken) *ast.Bad {
	kind, text := ast.BadJunk, b.Junk
	switch {
	case b.StrayBracket != span{}:
		kind, text = ast.BadStrayBracket, b.StrayBracket
	case b.String != span{}:
		kind, text = ast.BadString, b.String
	case b.OpenString != span{}:
		kind, text = ast.BadOpenString, b.OpenString
	case b.Period != span{}:
		kind, text = ast.BadPeriod, b.Period
	case b.Reserved != span{}:
		kind, text = ast.BadReserved, b.Reserved
	}
	return alloc(&cv.st.bads, ast.Bad{Token: cv.token(b.Pos, b.EndPos, text), Kind: kind})
}
