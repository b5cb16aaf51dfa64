package lint

import (
	"errors"
	"io"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/formatter"
	"github.com/pgnlint/pgnlint/semantic"
	"github.com/pgnlint/pgnlint/semantic/xiangqi"
	"github.com/pgnlint/pgnlint/source"
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
// printed by the formatter (a xiangqi game in the layout of docs/xiangqi.md,
// an unsupported variant repaired in its own layout), and any other game (an
// illegal move, junk that cannot be placed) is written back as it was, byte
// for byte when the input is UTF-8. emit receives every diagnostic that had
// no fix, placed in the original input; onGame, when not nil, receives each
// game's text as read, before its output is written.
// With opt.To set to formatter.ToXML each game is written as XML, the kept
// ones from their syntax tree as parsed; the caller writes
// formatter.XMLHeader before and formatter.XMLFooter after.
func Format(path string, r io.Reader, w io.Writer, opt formatter.Options, emit func(Finding), onGame func(text []byte)) (FormatResult, error) {
	var res FormatResult
	work := func(j *job) {
		pg := j.pg
		for _, d := range pg.Pending {
			j.findings = append(j.findings, Place(path, pg, d))
		}
		ds := Check(pg)
		for _, d := range ds {
			if len(d.Fixes) == 0 {
				j.findings = append(j.findings, Place(path, pg, d))
			}
		}
		if printed, ok := formatGame(pg, ds, opt); ok {
			j.out = printed
		} else if opt.To == formatter.ToXML {
			// Written from its syntax tree as parsed.
			j.out = formatter.XML(nil, pg.Game, semantic.StartPly(pg.Game), opt)
			j.kept = true
		} else {
			j.out, j.kept = GameText(pg), true
		}
	}
	midLine := false
	err := pipeline(path, r, work, func(j *job) error {
		res.Games++
		for _, f := range j.findings {
			emit(f)
		}
		if onGame != nil {
			onGame(GameText(j.pg))
		}
		// A game starts on a new line when the game before ended inside
		// one: a kept game whose line that was (tagless games on one
		// line), or a game repaired in its own layout that gained a
		// termination marker at its end. A kept game that did not begin a
		// line in the input goes on in that line, as it did there.
		newLine := !j.kept || gameStart(j.pg) == j.pg.Lines.Base
		if j.kept {
			res.Kept++
		} else {
			res.Formatted++
		}
		if midLine && newLine && opt.To != formatter.ToXML {
			if _, err := w.Write([]byte{'\n'}); err != nil {
				return err
			}
		}
		if _, err := w.Write(j.out); err != nil {
			return err
		}
		midLine = len(j.out) > 0 && j.out[len(j.out)-1] != '\n'
		return nil
	})
	return res, err
}

// GameText is a game's decoded text.
func GameText(pg *ParsedGame) []byte {
	return pg.Lines.Src[gameStart(pg)-pg.Lines.Base : pg.Game.End-pg.Lines.Base]
}

// gameStart is where a game's text begins: at the game, or before the
// layout that indents its first line (it is the game's, and a fix may
// remove it).
func gameStart(pg *ParsedGame) int64 {
	return pg.Lines.Base + int64(source.IndentStart(pg.Lines.Src, int(pg.Game.Start-pg.Lines.Base)))
}

// formatGame repairs one game with its fixes and prints it: in export
// format when its moves are chess, in the xiangqi layout (docs/xiangqi.md)
// when they are xiangqi, else in its own layout. ok is false when the game
// cannot be repaired.
func formatGame(pg *ParsedGame, ds []semantic.Diagnostic, opt formatter.Options) ([]byte, bool) {
	if !semantic.IsGame(pg.Game) {
		// A preamble of comments or escape lines stays as it is: repaired,
		// an escape line could join the next game's tag section.
		if opt.To == formatter.ToXML {
			return formatter.XML(nil, pg.Game, semantic.StartPly(pg.Game), opt), true
		}
		return append([]byte(nil), GameText(pg)...), true
	}
	g, ok := Repair(pg, ds)
	if !ok {
		return nil, false
	}
	if opt.Notation != "" {
		if g, ok = Convert(g, opt.Notation, opt.Characters); !ok {
			return nil, false
		}
	}
	if opt.To == formatter.ToXML {
		return formatter.XML(nil, g.Game, semantic.StartPly(g.Game), opt), true
	}
	if semantic.IsXiangqi(g.Game) {
		return formatter.Xiangqi(nil, g.Game, opt), true
	}
	if !semantic.Printable(g.Game) {
		// A variant pgnlint does not check: repaired, in its own layout.
		return append([]byte(nil), GameText(g)...), true
	}
	return formatter.Game(nil, g.Game, semantic.StartPly(g.Game), opt), true
}

// Convert writes every move of a repaired xiangqi game in notation
// ("chinese", "wxf" or "iccs"), Chinese moves in characters ("simplified",
// "traditional", or "" for the game's own), and sets its Format tag; the
// converted game is checked and repaired again. Other games are returned as
// they are. ok is false when the conversion fails.
func Convert(pg *ParsedGame, notation, characters string) (*ParsedGame, bool) {
	if !semantic.IsXiangqi(pg.Game) {
		return pg, true
	}
	n, ok := xiangqi.NotationForFormatTag(notation)
	if !ok {
		return nil, false
	}
	edits, ok := semantic.ConvertXiangqi(pg.Game, semantic.ConvertOptions{Notation: n, Characters: characters})
	if !ok {
		return nil, false
	}
	fixed, err := semantic.ApplyEdits(GameText(pg), gameStart(pg), edits)
	if err != nil {
		return nil, false
	}
	games, ds, err := parseAll(fixed)
	if err != nil || len(games) != 1 {
		return nil, false
	}
	return Repair(games[0], ds)
}

// Repair applies the fixes of ds, the diagnostics of pg, until none is
// left, checking the game again after each round, and returns the repaired
// game (pg itself when nothing needed a fix). ok is false when the game
// cannot be repaired: the fixes do not settle or an error remains.
func Repair(pg *ParsedGame, ds []semantic.Diagnostic) (*ParsedGame, bool) {
	text, base := GameText(pg), gameStart(pg)
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
		pg, text, base, ds = games[0], fixed, 0, diags
	}
	for _, d := range ds {
		if d.Severity == semantic.Error {
			return nil, false
		}
	}
	return pg, true
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

// parseAll parses text, UTF-8 made by applying fixes, as an input of its
// own and checks every game.
func parseAll(text []byte) ([]*ParsedGame, []semantic.Diagnostic, error) {
	rd := newReaderUTF8(text)
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
