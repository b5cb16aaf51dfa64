// Package lint is the lint engine: it reads one input as a stream of games,
// parses each, runs the semantic passes and hands out the diagnostics in
// input order with their line and column. The command line and any editor
// integration are thin adapters over it.
package lint

import (
	"bytes"
	"errors"
	"io"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/parser"
	"github.com/pgnlint/pgnlint/semantic"
	"github.com/pgnlint/pgnlint/source"
)

// Finding is a diagnostic placed in its file.
type Finding struct {
	Path string
	semantic.Diagnostic
	Start, End ast.Position
	// Line is the text (UTF-8) of the line where the diagnostic starts, for snippets.
	Line []byte
	// PlacedFixes are the diagnostic's fixes with their edits' positions.
	PlacedFixes []PlacedFix
}

// PlacedFix is a fix whose edits carry line and column.
type PlacedFix struct {
	Title string
	Edits []PlacedEdit
}

// PlacedEdit is an edit with its positions.
type PlacedEdit struct {
	Start, End ast.Position
	NewText    string
}

// ParsedGame is one game with what is needed to place and print its diagnostics.
type ParsedGame struct {
	Game  *ast.Game
	Lines *ast.Lines
	// Pending are diagnostics about the input found while reading this game.
	Pending []semantic.Diagnostic
}

// sniffWindow is how much of a file is looked at before deciding whether it
// is PGN at all; diagnostics are held back until then.
const sniffWindow = 64 << 10

// Reader reads one input as a stream of games.
type Reader struct {
	split    *source.Splitter
	reported bool // the switch away from UTF-8 has been reported
}

// NewReader starts reading r.
func NewReader(r io.Reader) *Reader {
	return &Reader{split: source.NewSplitter(r)}
}

// newReaderUTF8 reads text that is UTF-8 already, as NewReader would.
func newReaderUTF8(text []byte) *Reader {
	return &Reader{split: source.NewSplitterUTF8(text)}
}

// Next parses the next game, or returns io.EOF. Diagnostics about the
// stream rather than the game (the switch away from UTF-8) are Pending.
func (rd *Reader) Next() (*ParsedGame, error) {
	c, pending, err := rd.nextChunk()
	if err != nil {
		return nil, err
	}
	pg, err := parse(c)
	if pg != nil {
		pg.Pending = pending
	}
	return pg, err
}

// nextChunk cuts the next game and notes what the decoder found on the way.
func (rd *Reader) nextChunk() (*source.Chunk, []semantic.Diagnostic, error) {
	c, err := rd.split.Next()
	if err != nil {
		return nil, nil, err
	}
	var pending []semantic.Diagnostic
	if at, ok := rd.split.Decoder().FellBack(); ok && !rd.reported && at < c.Offset(len(c.Src)) {
		rd.reported = true
		pending = append(pending, semantic.RuleNotUTF8.At(ast.Span{Start: at, End: at + 1},
			"byte at offset %d is not valid UTF-8; reading the rest of the input as %s", c.Map.Orig(at), rd.split.Decoder().Encoding()))
	}
	return c, pending, nil
}

// maxNesting bounds how deep variations may nest: the parser and the
// passes recurse into variations, and a file of a million `(` must get a
// diagnostic, not exhaust the stack.
const maxNesting = 10000

// parse parses one game with the parser generated from the grammar; it is
// safe to call from several goroutines.
func parse(c *source.Chunk) (*ParsedGame, error) {
	var g *ast.Game
	if nestingDepth(c.Src[c.Movetext:]) > maxNesting {
		g = tooDeep(c)
	} else {
		var err error
		if g, err = parser.ParseGame(c); err != nil {
			return nil, err
		}
	}
	var orig func(int64) int64
	if c.Map.Shifts() {
		orig = c.Map.Orig
	}
	return &ParsedGame{Game: g, Lines: ast.NewLines(c.Src, c.Base, c.Line, orig)}, nil
}

// Check runs every pass over one game and returns its diagnostics in order.
func Check(pg *ParsedGame) []semantic.Diagnostic {
	ds := semantic.CheckSyntax(pg.Game, pg.Lines)
	ds = append(ds, semantic.CheckText(pg.Game, pg.Lines)...)
	ds = append(ds, semantic.CheckTags(pg.Game, pg.Lines)...)
	ds = append(ds, semantic.CheckRules(pg.Game)...)
	semantic.SortDiagnostics(ds)
	return ds
}

// Place resolves a diagnostic's positions within its game.
func Place(path string, pg *ParsedGame, d semantic.Diagnostic) Finding {
	f := Finding{Path: path, Diagnostic: d,
		Start: pg.Lines.Position(d.Span.Start), End: pg.Lines.Position(d.Span.End),
		Line: pg.Lines.Line(d.Span.Start)}
	for _, fx := range d.Fixes {
		pf := PlacedFix{Title: fx.Title}
		for _, e := range fx.Edits {
			pf.Edits = append(pf.Edits, PlacedEdit{Start: pg.Lines.Position(e.Span.Start), End: pg.Lines.Position(e.Span.End), NewText: e.NewText})
		}
		f.PlacedFixes = append(f.PlacedFixes, pf)
	}
	return f
}

// File lints one input and calls emit for each finding in input order. The
// first sniffWindow bytes are held back: when they are not PGN at all the
// only finding is a single not-pgn diagnostic.
func File(path string, r io.Reader, emit func(Finding)) error {
	return Run(path, r, nil, emit)
}

// Run is File with a hook that sees every game, in input order, as it is
// parsed; an error from the hook stops the run.
func Run(path string, r io.Reader, onGame func(*ParsedGame) error, emit func(Finding)) error {
	var (
		held    []Finding
		sniff   sniffer
		decided bool
		last    *ParsedGame
	)
	work := func(j *job) {
		for _, d := range j.pg.Pending {
			j.findings = append(j.findings, Place(path, j.pg, d))
		}
		for _, d := range Check(j.pg) {
			j.findings = append(j.findings, Place(path, j.pg, d))
		}
	}
	errNotPGN := errors.New("not PGN")
	err := pipeline(path, r, work, func(j *job) error {
		pg := j.pg
		last = pg
		if onGame != nil {
			if err := onGame(pg); err != nil {
				return err
			}
		}
		if decided {
			for _, f := range j.findings {
				emit(f)
			}
			return nil
		}
		sniff.add(pg)
		held = append(held, j.findings...)
		if pg.Game.End < sniffWindow {
			return nil
		}
		if sniff.notPGN() {
			emit(notPGN(path, sniff.first))
			return errNotPGN
		}
		decided = true
		for _, f := range held {
			emit(f)
		}
		held = nil
		return nil
	})
	switch {
	case errors.Is(err, errNotPGN):
		return nil
	case err != nil:
		return err
	case last != nil && !decided && sniff.notPGN():
		emit(notPGN(path, sniff.first))
		return nil
	}
	for _, f := range held {
		emit(f)
	}
	return nil
}

// nestingDepth is the deepest nesting of parentheses in movetext, comments,
// strings and escape lines left out.
func nestingDepth(b []byte) int {
	depth, deepest := 0, 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '{':
			if j := bytes.IndexByte(b[i:], '}'); j >= 0 {
				i += j
			} else {
				i = len(b)
			}
		case ';', '%':
			if j := bytes.IndexAny(b[i:], "\r\n"); j >= 0 {
				i += j
			} else {
				i = len(b)
			}
		case '(':
			depth++
			deepest = max(deepest, depth)
		case ')':
			depth = max(depth-1, 0)
		}
	}
	return deepest
}

// tooDeep is the tree of a game whose variations nest too deeply to parse:
// its tag section as usual, its movetext one Bad node that the syntax pass
// reports, so that the bytes are kept and the rest of the input goes on.
func tooDeep(c *source.Chunk) *ast.Game {
	tags := *c
	tags.Src = c.Src[:c.Movetext]
	g, err := parser.ParseGame(&tags)
	if err != nil {
		g = &ast.Game{Span: ast.Span{Start: c.Offset(c.Start), End: c.Offset(c.Movetext)}}
	}
	g.Span.End = c.Offset(len(c.Src))
	g.Movetext = ast.Span{Start: c.Offset(c.Movetext), End: c.Offset(len(c.Src))}
	text := string(c.Src[c.Movetext:])
	g.Elements = []ast.Node{&ast.Bad{Token: ast.Token{Span: g.Movetext, Text: text}, Kind: ast.BadTooDeep}}
	return g
}
