package lint

import (
	"bytes"
	"regexp"
	"strings"

	"golang.org/x/text/width"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/semantic"
)

// RuleNotPGN is reported once for an input that is not PGN at all, instead
// of a diagnostic for every token.
var RuleNotPGN = semantic.RegisterRule(semantic.Rule{ID: "not-pgn", Severity: semantic.Error,
	Summary: "the input is not PGN",
	Detail: "When the beginning of an input (64 KiB) has no well-formed tag pair and either holds NUL bytes, " +
		"is mostly (over a fifth of at least 200 printable bytes) characters that start no PGN token, or has at least 20 " +
		"movetext symbols of which fewer than half look like chess or xiangqi moves, pgnlint reports this one diagnostic " +
		"and nothing else for the file.",
	Bad: "Dear club members, please find attached the minutes of our last meeting. We discussed the summer " +
		"tournament, the new clock sets and the schedule for the junior training on Saturday mornings.",
	Good: "[Event \"Club championship\"]\n\n1. e4 e5 *"})

// sniffer gathers what decides whether an input is PGN.
type sniffer struct {
	first                    *ParsedGame
	tags, symbols, plausible int
	bytes, badBytes          int64
	nul                      bool
}

func (s *sniffer) add(pg *ParsedGame) {
	if s.first == nil {
		s.first = pg
	}
	g := pg.Game
	src := pg.Lines.Src[g.Start-pg.Lines.Base : g.End-pg.Lines.Base]
	s.nul = s.nul || bytes.IndexByte(src, 0) >= 0
	for _, c := range src {
		if c > ' ' {
			s.bytes++
		}
	}
	ast.Inspect(g, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TagPair:
			if n.Name != nil && n.Value != nil && !n.ValueOpen && n.Close != nil {
				s.tags++
			}
		case *ast.Move:
			s.symbols++
			if plausibleMove(n.Text.Text) {
				s.plausible++
			}
		case *ast.Bad:
			s.badBytes += n.Len()
		}
		return true
	})
}

func (s *sniffer) notPGN() bool {
	if s.first == nil || s.tags > 0 {
		return false
	}
	return s.nul || s.bytes >= minSniffBytes && s.badBytes*5 > s.bytes ||
		s.symbols >= minSniffSymbols && s.plausible*2 < s.symbols
}

// Below these amounts there is too little to judge by proportions.
const (
	minSniffBytes   = 200
	minSniffSymbols = 20
)

func notPGN(path string, pg *ParsedGame) Finding {
	start := pg.Game.Start
	d := RuleNotPGN.At(ast.Span{Start: start, End: start + 1}, "this does not look like PGN: no tag pairs and no moves")
	return Place(path, pg, d)
}

// movePattern matches what a chess move looks like in any of the forms
// pgnlint reads: SAN, long algebraic, localized piece letters, castling.
var movePattern = regexp.MustCompile(`^(?:[A-Za-z]?[a-h]?[1-8]?[x:-]?[a-h][1-8](?:=?[A-Za-z])?(?:e\.p\.?)?|[O0]-[O0](?:-[O0])?|--|Z0)[+#]*$`)

// wxfPattern matches a WXF or ICCS xiangqi move.
var wxfPattern = regexp.MustCompile(`^(?:[A-Za-z+\-][1-9+\-][.=+\-][1-9]|[a-iA-I][0-9]-?[a-iA-I][0-9])$`)

func plausibleMove(s string) bool {
	s = width.Narrow.String(s)
	return movePattern.MatchString(s) || wxfPattern.MatchString(s) || strings.ContainsAny(s, "进進退平")
}
