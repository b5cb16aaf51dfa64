// Package parser is the production PGN parser: it turns one game cut by the
// splitter into its syntax tree, the same tree grammar.ParseGame builds with
// participle, at a small fraction of the cost.
//
// The scanner (scanner_gen.go) and the recursive-descent parser
// (parser_gen.go) are generated from package grammar by grammar/internal/gen
// (`go generate ./grammar/...`); this file holds the parser's cursor and node
// arena, and convert.go turns the parse into ast nodes as grammar/parse.go
// does. Nothing here uses reflection or regexps.
package parser

import (
	"errors"
	"strconv"
	"sync"
	"unsafe"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/source"
)

// parser is the state of one parse: the scanner, the current token (the
// next one that is not layout) and the node arena. One is reused across
// games through a pool, so a parse allocates only what it returns.
type parser struct {
	sc         Scanner
	src        string
	kind       Kind // kind of the current token, KindEOF at the end
	start, end int  // its offsets
	lastEnd    int  // end of the last token consumed
	arena      arena
}

// reset starts parsing src; inLine says src does not begin a line.
func (p *parser) reset(src string, inLine bool) {
	p.src = src
	p.sc.Reset(src)
	if inLine {
		// participle's path prefixes the section with spaces, a Space
		// token in Root that pushes Line.
		p.sc.Push(StateLine)
	}
	p.end = 0
	p.advance()
	p.lastEnd = 0
}

// advance consumes the current token and moves to the next one that is not
// layout.
func (p *parser) advance() {
	p.lastEnd = p.end
	for {
		k, s, e := p.sc.Next()
		if !k.Elided() {
			p.kind, p.start, p.end = k, s, e
			return
		}
	}
}

// take consumes the current token and returns its span.
func (p *parser) take() span {
	t := span{p.start, p.end}
	p.advance()
	return t
}

// at reports whether the current token is in set.
func (p *parser) at(set kindSet) bool { return set&(1<<p.kind) != 0 }

// The generated nodes hold no pointers, so that building them costs no
// write barriers and the garbage collector need not scan the arena: a
// token's text is its span, a sub-node is a ref into its type's slab and a
// repeated sub-node is a list.
type (
	// span is a token's offsets in the section's text; the zero span
	// stands for a field that captured nothing (tokens are never empty).
	span struct{ start, end int }
	// ref is a node in the slab of its type, 0 for none.
	ref[T any] int32
	// list is a run of refs in the lists of a slab.
	list[T any] struct{ off, n int32 }
)

// slab hands out the nodes of one type from chunks kept across parses;
// nodes never move, so a parse function can hold a pointer to its node
// while it parses the node's children.
type slab[T any] struct {
	chunks  [][]T
	n       int32
	pending []ref[T] // the items of the lists being parsed, innermost last
	lists   []ref[T] // the items of the lists parsed, each list contiguous
}

const slabChunk = 256

// alloc returns a new zero node.
func (s *slab[T]) alloc() (ref[T], *T) {
	c, i := s.n/slabChunk, s.n%slabChunk
	if int(c) == len(s.chunks) {
		s.chunks = append(s.chunks, make([]T, slabChunk))
	}
	s.n++
	x := &s.chunks[c][i]
	var zero T
	*x = zero
	return ref[T](s.n), x
}

// at returns the node r refers to; r must not be 0.
func (s *slab[T]) at(r ref[T]) *T {
	i := int32(r) - 1
	return &s.chunks[i/slabChunk][i%slabChunk]
}

// mark starts a list: the items pushed from here on belong to it, the
// items of the lists nested in them being taken off before it ends.
func (s *slab[T]) mark() int { return len(s.pending) }

// push adds an item to the innermost list being parsed.
func (s *slab[T]) push(r ref[T]) { s.pending = append(s.pending, r) }

// list ends the list begun at mark.
func (s *slab[T]) list(mark int) list[T] {
	items := s.pending[mark:]
	l := list[T]{off: int32(len(s.lists)), n: int32(len(items))}
	s.lists = append(s.lists, items...)
	s.pending = s.pending[:mark]
	return l
}

// items returns the refs of a list.
func (s *slab[T]) items(l list[T]) []ref[T] { return s.lists[l.off : l.off+l.n] }

func (s *slab[T]) reset() {
	s.n = 0
	s.pending = s.pending[:0]
	s.lists = s.lists[:0]
}

var pool = sync.Pool{New: func() any { return new(parser) }}

// ParseGame parses one game cut by the splitter and returns its syntax tree,
// equal to grammar.ParseGame's. The grammar is total, so it returns an error
// only where participle would, which no input makes it do.
func ParseGame(c *source.Chunk) (*ast.Game, error) {
	g := &ast.Game{
		Span:     ast.Span{Start: c.Offset(c.Start), End: c.Offset(len(c.Src))},
		Movetext: ast.Span{Start: c.Offset(c.Movetext), End: c.Offset(len(c.Src))},
	}
	// One string for the whole game, every token's text a substring of it,
	// sharing the chunk's bytes: a chunk's Src is never written to.
	var text string
	if len(c.Src) > c.Start {
		text = unsafe.String(&c.Src[c.Start], len(c.Src)-c.Start)
	}
	p := pool.Get().(*parser)
	defer pool.Put(p)
	p.arena.reset()

	tagText, mtText := text[:c.Movetext-c.Start], text[c.Movetext-c.Start:]
	p.reset(tagText, !atLineStart(c.Src, c.Start))
	tags, ok := p.parseTagSectionSection()
	if !ok {
		return nil, p.leftOver("tag section", c.Offset(c.Start))
	}
	p.reset(mtText, !atLineStart(c.Src, c.Movetext))
	movetext, ok := p.parseMovetextSection()
	if !ok {
		return nil, p.leftOver("movetext", c.Offset(c.Movetext))
	}

	cv := converter{a: &p.arena, st: newStore(&p.arena), src: tagText, base: c.Offset(c.Start)}
	g.Tags = cv.tagSection(p.arena.TagSection.at(tags))
	cv.src, cv.base = mtText, c.Offset(c.Movetext)
	mt := p.arena.Movetext.at(movetext)
	g.Elements = cv.topElements(mt.Items)
	if mt.Termination != 0 {
		t := p.arena.Termination.at(mt.Termination)
		g.Termination = &ast.Termination{Token: cv.token(t.Pos, t.EndPos, t.Text)}
	}
	g.Trailer = cv.trailer(mt.Trailer)
	return g, nil
}

// leftOver is the error for a token the grammar left unparsed, which a total
// grammar never does.
func (p *parser) leftOver(section string, base int64) error {
	return errors.New(section + " at offset " + strconv.FormatInt(base+int64(p.start), 10) +
		": unexpected token " + strconv.Quote(p.src[p.start:p.end]))
}

// atLineStart reports whether src[i] begins a line.
func atLineStart(src []byte, i int) bool {
	return i == 0 || src[i-1] == '\n' || src[i-1] == '\r'
}
