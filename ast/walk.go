package ast

// Inspect calls f for every node of the game in input order, depth first:
// tags (with their stray tokens), movetext elements (entering variations),
// the termination marker and the trailer. When f returns false for a node
// its children are skipped.
func Inspect(g *Game, f func(Node) bool) {
	for _, n := range g.Tags {
		inspect(n, f)
	}
	for _, n := range g.Elements {
		inspect(n, f)
	}
	if g.Termination != nil {
		f(g.Termination)
	}
	for _, n := range g.Trailer {
		inspect(n, f)
	}
}

func inspect(n Node, f func(Node) bool) {
	if !f(n) {
		return
	}
	switch n := n.(type) {
	case *TagPair:
		for _, b := range n.Stray {
			f(b)
		}
	case *Move:
		if n.Suffix != nil {
			f(n.Suffix)
		}
	case *Variation:
		for _, e := range n.Elements {
			inspect(e, f)
		}
	}
}
