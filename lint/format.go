package lint

import (
	"bytes"
	"errors"
	"io"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/formatter"
	"github.com/pgnlint/pgnlint/semantic"
)

// fixRounds bounds how often fixes are applied and the game checked again:
// a fix can uncover another (a move read once its token is repaired).
const fixRounds = 4

// FormatResult tells what Format did with one input.
type FormatResult struct {
	Games     int // games read
	Formatted int // games written in export format
	Kept      int // games written back as they were: they could not be repaired
}

// Format writes r in export format to w, game by game. Each game's fixes are
// applied and the game checked again; a game that then has no error is
// printed by the formatter, and any other game (an illegal move, junk that
// cannot be placed, a xiangqi game or an unsupported variant) is written back
// as it was, byte for byte when the input is UTF-8. emit receives every
// diagnostic that had no fix, placed in the original input; onGame, when not
// nil, receives each game's text as read, before its output is written.
func Format(path string, r io.Reader, w io.Writer, opt formatter.Options, emit func(Finding), onGame func(text []byte)) (FormatResult, error) {
	var res FormatResult
	rd := NewReader(r)
	var out []byte
	midLine := false
	for {
		pg, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return res, nil
		}
		if err != nil {
			return res, err
		}
		res.Games++
		for _, d := range rd.pending {
			emit(Place(path, pg, d))
		}
		rd.pending = nil
		ds := Check(pg)
		for _, d := range ds {
			if len(d.Fixes) == 0 {
				emit(Place(path, pg, d))
			}
		}
		text := pg.Lines.Src[pg.Game.Start-pg.Lines.Base : pg.Game.End-pg.Lines.Base]
		if onGame != nil {
			onGame(text)
		}
		out = out[:0]
		if midLine {
			// The game before was kept as it was and ended inside a line
			// (tagless games on one line): start this one on a line of its own.
			out = append(out, '\n')
		}
		if printed, ok := formatGame(out, text, pg.Game.Start, ds, opt); ok {
			out = printed
			res.Formatted++
		} else {
			out = append(out, text...)
			res.Kept++
		}
		if _, err := w.Write(out); err != nil {
			return res, err
		}
		midLine = len(out) > 0 && out[len(out)-1] != '\n'

	}
}

// formatGame applies the fixes of ds to text (the game's decoded text, which
// begins at offset base) until none is left, and prints the result. ok is
// false when the game cannot be printed: it still has an error, or its
// moves are not chess.
func formatGame(out, text []byte, base int64, ds []semantic.Diagnostic, opt formatter.Options) ([]byte, bool) {
	g, ok := Repair(text, base, ds)
	if !ok {
		return nil, false
	}
	return formatter.Game(out, g.Game, semantic.StartPly(g.Game), opt), true
}

// Repair applies the fixes of ds to text (one game's decoded text, which
// begins at offset base) until none is left, and returns the repaired game.
// ok is false when the game cannot be repaired for printing: the fixes do
// not settle, an error remains, or its moves are not chess.
func Repair(text []byte, base int64, ds []semantic.Diagnostic) (g *ParsedGame, ok bool) {
	for round := 0; ; round++ {
		edits := firstFixes(ds)
		if len(edits) == 0 {
			break
		}
		if round == fixRounds {
			return nil, false
		}
		fixed, err := semantic.ApplyEdits(text, base, edits)
		if err != nil {
			return nil, false
		}
		games, diags, err := parseAll(fixed)
		if err != nil || len(games) != 1 {
			return nil, false
		}
		text, base, ds = fixed, 0, diags
	}
	for _, d := range ds {
		if d.Severity == semantic.Error {
			return nil, false
		}
	}
	games, _, err := parseAll(text)
	if err != nil || len(games) != 1 || !semantic.Printable(games[0].Game) {
		return nil, false
	}
	return games[0], true
}

// firstFixes gathers the first fix of every diagnostic that has one, leaving
// out those that overlap a fix taken before.
func firstFixes(ds []semantic.Diagnostic) []semantic.Edit {
	var edits []semantic.Edit
	var taken []ast.Span
	for _, d := range ds {
		if len(d.Fixes) == 0 {
			continue
		}
		fx := d.Fixes[0]
		if overlapsAny(fx.Edits, taken) {
			continue
		}
		for _, e := range fx.Edits {
			taken = append(taken, e.Span)
		}
		edits = append(edits, fx.Edits...)
	}
	return edits
}

// overlapsAny reports whether an edit touches a span already taken; two
// insertions at one place overlap too, as their order would be undefined.
func overlapsAny(es []semantic.Edit, taken []ast.Span) bool {
	for _, e := range es {
		for _, t := range taken {
			if e.Span.Start < t.End && t.Start < e.Span.End || e.Span.Start == t.Start || e.Span.End == t.End {
				return true
			}
		}
	}
	return false
}

// parseAll parses text as an input of its own and checks every game.
func parseAll(text []byte) ([]*ParsedGame, []semantic.Diagnostic, error) {
	rd := NewReader(bytes.NewReader(text))
	var games []*ParsedGame
	var ds []semantic.Diagnostic
	for {
		pg, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return games, ds, nil
		}
		if err != nil {
			return nil, nil, err
		}
		games = append(games, pg)
		ds = append(ds, Check(pg)...)
	}
}
