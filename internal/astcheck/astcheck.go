// Package astcheck verifies the invariants every syntax tree keeps, for the
// fuzz and corpus tests: spans lie inside the game, siblings are in order and
// do not overlap, and every byte that is not layout is covered by a node.
package astcheck

import (
	"fmt"
	"unicode/utf8"

	"github.com/pgnlint/pgnlint/ast"
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
			leaves = append(leaves, n.Open)
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
				leaves = append(leaves, *n.Close)
			}
			return false
		case *ast.MoveNumber:
			leaves = append(leaves, n.Number.Span)
			leaves = append(leaves, n.Dots...)
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
