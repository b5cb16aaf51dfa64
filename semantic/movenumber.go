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
	c.numberSequence(g.Elements, startPly(tagValue(g, "FEN")))
}

// startPly is the ply of the first move: 0 for White (or Red) to move in
// move 1, counted from the FEN's side to move and fullmove number.
func startPly(fen string) int {
	f := strings.Fields(fen)
	if len(f) < 2 {
		return 0
	}
	ply := 0
	if f[1] == "b" {
		ply = 1
	}
	if len(f) >= 6 {
		if n, err := strconv.Atoi(f[5]); err == nil && n >= 1 && n < 1<<20 {
			ply += 2 * (n - 1)
		}
	}
	return ply
}

func (c *syntaxChecker) numberSequence(elems []ast.Node, ply int) {
	var pending *ast.MoveNumber
	lastMovePly := ply
	for _, n := range elems {
		switch n := n.(type) {
		case *ast.MoveNumber:
			pending = n
		case *ast.Move:
			if pending != nil {
				ply = c.checkNumber(pending, ply)
				pending = nil
			}
			lastMovePly = ply
			ply++
		case *ast.Variation:
			c.numberSequence(n.Elements, lastMovePly)
		}
	}
}

// checkNumber compares a move number with the ply of the move after it. On a
// mismatch it reports once and returns the ply the written number implies,
// so that the count goes on from what the writer meant.
func (c *syntaxChecker) checkNumber(mn *ast.MoveNumber, ply int) int {
	num, err := strconv.Atoi(asciiDigits(mn.Number.Text))
	want := ply/2 + 1
	black := ply%2 == 1
	if err != nil || num != want {
		d := RuleMoveNumber.At(mn.Span, "move number %s, but this is move %d", mn.Number.Text, want)
		c.add(d.WithFix("renumber", mn.Number.Span, strconv.Itoa(want)))
		if err != nil || num < 1 {
			return ply
		}
		return 2*(num-1) + ply%2
	}
	if !black && len(mn.Dots) >= 3 {
		c.add(RuleMoveNumber.At(mn.Span, "%q marks a Black move, but White is to move", mnText(mn)).
			WithFix("use White's move number", mn.Span, strconv.Itoa(want)+"."))
	}
	return ply
}

func mnText(mn *ast.MoveNumber) string {
	return mn.Number.Text + strings.Repeat(".", len(mn.Dots))
}
