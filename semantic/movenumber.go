package semantic

import (
	"strconv"
	"strings"

	"github.com/pgnlint/pgnlint/ast"
)

// moveNumbers checks every move number indication against the ply of the
// move it precedes, in the main line and in every variation (a variation
// replaces the move before it, so it starts at that move's ply).
func (c *syntaxChecker) moveNumbers(g *ast.Game) {
	ply, ok := startPly(g)
	if !ok {
		return // the FEN's count is unreadable: its own diagnostic says so
	}
	c.xiangqi = kindOf(g) == kindXiangqi
	c.numberSequence(g.Elements, ply)
}

// StartPly is the ply of the game's first move: 0 when White (or Red) moves
// first in move 1, else counted from the FEN tag.
func StartPly(g *ast.Game) int {
	ply, _ := startPly(g)
	return ply
}

// startPly is the ply of the first move: 0 for White (or Red) to move in
// move 1, counted from the FEN's side to move and fullmove number.
// startPly reads the ply of the first move; ok is false when a FEN tag is
// there but its side to move or fullmove number cannot be read.
func startPly(g *ast.Game) (ply int, ok bool) {
	if findTag(g, "FEN") == nil {
		return 0, true
	}
	f := strings.Fields(tagValue(g, "FEN"))
	if len(f) < 6 {
		return 0, false
	}
	n, err := strconv.Atoi(f[5])
	if err != nil || n < 1 || n >= 1<<20 || f[1] != "w" && f[1] != "b" && f[1] != "r" {
		return 0, false
	}
	ply = 2 * (n - 1)
	if f[1] == "b" {
		ply++
	}
	return ply, true
}

// plies is how many moves a move symbol holds: xiangqi moves may be glued
// together without a space (炮二平五马８进７).
func (c *syntaxChecker) plies(m *ast.Move) int {
	if c.xiangqi {
		if parts := gluedMoves(m.Text.Text); len(parts) > 1 {
			return len(parts)
		}
	}
	return 1
}

// numbered is a move number indication with the ply of the move after it.
type numbered struct {
	mn  *ast.MoveNumber
	ply int
}

func (c *syntaxChecker) numberSequence(elems []ast.Node, ply int) {
	var pending *ast.MoveNumber
	seq := make([]numbered, 0, len(elems)/3+1) // a number, a move, a move
	lastMovePly := ply
	for _, n := range elems {
		switch n := n.(type) {
		case *ast.MoveNumber:
			pending = n
		case *ast.Move:
			if isEnPassantMark(n) {
				continue // `exd6 e.p.`: a mark on the move before, no move
			}
			if pending != nil {
				seq = append(seq, numbered{pending, ply})
				pending = nil
			}
			lastMovePly = ply
			ply += c.plies(n)
		case *ast.Variation:
			c.numberSequence(n.Elements, lastMovePly)
		}
	}
	c.checkNumbers(seq)
}

// checkNumbers compares each move number with the ply of its move. A wrong
// number whose successor is right is a slip of the pen: reported with a fix.
// One whose successor is wrong the same way means a move is missing or extra:
// reported once, with no fix, and the count goes on from the numbers written.
func (c *syntaxChecker) checkNumbers(seq []numbered) {
	shift := 0
	for i, nb := range seq {
		ply := nb.ply + shift
		num, ok := writtenNumber(nb.mn)
		want := ply/2 + 1
		if !ok || num == want {
			if ok && ply%2 == 0 && len(nb.mn.Dots) >= 3 {
				c.add(RuleMoveNumber.At(nb.mn.Span, "%q marks a Black move, but White is to move", mnText(nb.mn)).
					WithFix("use White's move number", nb.mn.Span, strconv.Itoa(want)+"."))
			}
			continue
		}
		if i+1 < len(seq) {
			next := seq[i+1]
			if n2, ok2 := writtenNumber(next.mn); ok2 && n2 != (next.ply+shift)/2+1 && n2-((next.ply+shift)/2+1) == num-want {
				c.add(RuleMoveNumber.At(nb.mn.Span, "move number %s, but this is move %d; the numbers that follow agree with %s, so a move may be missing or extra", nb.mn.Number.Text, want, nb.mn.Number.Text))
				shift += 2 * (num - want)
				continue
			}
		}
		c.add(RuleMoveNumber.At(nb.mn.Span, "move number %s, but this is move %d", nb.mn.Number.Text, want).
			WithFix("renumber", nb.mn.Number.Span, strconv.Itoa(want)))
	}
}

// writtenNumber reads a move number indication's digits.
func writtenNumber(mn *ast.MoveNumber) (int, bool) {
	n, err := strconv.Atoi(asciiDigits(mn.Number.Text))
	return n, err == nil && n >= 1
}

func mnText(mn *ast.MoveNumber) string {
	return mn.Number.Text + strings.Repeat(".", len(mn.Dots))
}
