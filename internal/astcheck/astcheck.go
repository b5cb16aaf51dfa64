// Package astcheck verifies the invariants every syntax tree keeps, for the
// fuzz and corpus tests: spans lie inside the game, siblings are in order and
// do not overlap, and every byte that is not layout is covered by a node.
package astcheck

import (
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/lint"
	"github.com/pgnlint/pgnlint/source"
)

// Verify checks one game against the text its line table holds.
func Verify(g *ast.Game, lines *ast.Lines) error {
	src := lines.Src
	base := lines.Base
	if g.Start < base || g.End > base+int64(len(src)) || g.Start > g.End {
		return fmt.Errorf("game span %v outside its text [%d,%d)", g.Span, base, base+int64(len(src)))
	}
	covered := make([]bool, g.End-g.Start)
	var leaves []ast.Span
	collect := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TagPair:
			leaves = append(leaves, n.Open.Span)
			if n.Name != nil {
				leaves = append(leaves, n.Name.Span)
			}
			if n.Value != nil {
				leaves = append(leaves, n.Value.Span)
			}
			for _, b := range n.Stray {
				leaves = append(leaves, b.Span)
			}
			if n.Close != nil {
				leaves = append(leaves, n.Close.Span)
			}
			return false
		case *ast.MoveNumber:
			leaves = append(leaves, n.Number.Span)
			for _, d := range n.Dots {
				leaves = append(leaves, d.Span)
			}
			return false
		case *ast.Move:
			leaves = append(leaves, n.Text.Span)
			if n.Suffix != nil {
				leaves = append(leaves, n.Suffix.Span)
			}
			return false
		case *ast.Variation:
			leaves = append(leaves, ast.Span{Start: n.Start, End: n.Start + int64(utf8RuneLen(src, n.Start-base))})
			if !n.Unclosed {
				leaves = append(leaves, ast.Span{Start: n.End - int64(lastRuneLen(src, n.End-base)), End: n.End})
			}
			return true
		default:
			leaves = append(leaves, n.Bounds())
			return true
		}
	}
	if err := siblings(g.Tags, g); err != nil {
		return fmt.Errorf("tags: %w", err)
	}
	if err := siblings(g.Elements, g); err != nil {
		return fmt.Errorf("movetext: %w", err)
	}
	if err := siblings(g.Trailer, g); err != nil {
		return fmt.Errorf("trailer: %w", err)
	}
	ast.Inspect(g, collect)
	for _, s := range leaves {
		if s.Start < g.Start || s.End > g.End || s.Start > s.End {
			return fmt.Errorf("node span %v outside game %v", s, g.Span)
		}
		for i := s.Start; i < s.End; i++ {
			covered[i-g.Start] = true
		}
	}
	text := src[g.Start-base : g.End-base]
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRune(text[i:])
		if !covered[i] && !isLayout(r) {
			return fmt.Errorf("byte %d (%q) is covered by no node", g.Start+int64(i), r)
		}
		i += n
	}
	return nil
}

// siblings checks that nodes are inside the game, in order and disjoint.
func siblings(ns []ast.Node, g *ast.Game) error {
	prev := g.Start
	for _, n := range ns {
		s := n.Bounds()
		if s.Start < prev || s.End < s.Start || s.End > g.End {
			return fmt.Errorf("node %T %v overlaps its predecessor (ending %d) or leaves the game %v", n, s, prev, g.Span)
		}
		prev = s.End
		if v, ok := n.(*ast.Variation); ok {
			inner := *g
			inner.Span = v.Span
			if err := siblings(v.Elements, &inner); err != nil {
				return err
			}
		}
	}
	return nil
}

// isLayout reports the characters the lexer elides.
func isLayout(r rune) bool {
	return r <= ' ' || r == 0x7f || r == 0x3000 || r == 0xFEFF
}

func utf8RuneLen(src []byte, i int64) int {
	_, n := utf8.DecodeRune(src[i:])
	return n
}

func lastRuneLen(src []byte, end int64) int {
	_, n := utf8.DecodeLastRune(src[:end])
	return n
}

// Stream lints data as pgnlint does and checks it whole: every game keeps
// the tree invariants, games come in order, only layout lies between and
// around them, and every diagnostic lies inside its game. It returns the
// number of games and the findings.
func Stream(data []byte) (games int, findings []lint.Finding, err error) {
	text, err := io.ReadAll(source.NewDecoder(bytes.NewReader(data)))
	if err != nil {
		return 0, nil, err
	}
	var prev *ast.Game
	check := func(pg *lint.ParsedGame) error {
		games++
		g := pg.Game
		prevEnd := int64(0)
		if prev != nil {
			prevEnd = prev.End
		}
		if g.Start < prevEnd {
			return fmt.Errorf("game %d starts at %d, before the previous one ends at %d", games, g.Start, prevEnd)
		}
		if err := layoutOnly(text, prevEnd, g.Start); err != nil {
			return fmt.Errorf("before game %d: %w", games, err)
		}
		prev = g
		if err := Verify(g, pg.Lines); err != nil {
			return fmt.Errorf("game %d: %w", games, err)
		}
		for _, d := range lint.Check(pg) {
			if d.Span.Start < g.Start || d.Span.End > g.End+1 {
				return fmt.Errorf("game %d: diagnostic %s %v outside the game %v", games, d.Rule, d.Span, g.Span)
			}
		}
		return nil
	}
	err = lint.Run("", bytes.NewReader(data), check, func(f lint.Finding) { findings = append(findings, f) })
	if err != nil {
		return games, findings, err
	}
	for _, f := range findings {
		if f.Rule == lint.RuleInternalError.ID {
			return games, findings, fmt.Errorf("%d:%d: %s", f.Start.Line, f.Start.Col, f.Message)
		}
	}
	stoppedEarly := len(findings) == 1 && findings[0].Rule == lint.RuleNotPGN.ID
	if prev != nil && !stoppedEarly {
		if err := layoutOnly(text, prev.End, int64(len(text))); err != nil {
			return games, findings, fmt.Errorf("after the last game: %w", err)
		}
	}
	return games, findings, nil
}

// layoutOnly checks that text[from:to] is layout.
func layoutOnly(text []byte, from, to int64) error {
	if from > to || to > int64(len(text)) {
		return fmt.Errorf("gap [%d,%d) outside the text (%d bytes)", from, to, len(text))
	}
	for i := from; i < to; {
		r, n := utf8.DecodeRune(text[i:])
		if !isLayout(r) {
			return fmt.Errorf("byte %d (%q) belongs to no game", i, r)
		}
		i += int64(n)
	}
	return nil
}
