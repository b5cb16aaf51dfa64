package xiangqi

// Perft counts the leaf nodes of the legal move tree of the given depth.
// It is the standard move-generator test: the totals must equal those of
// an independent generator. p is restored before returning.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]Move, depth)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 128)
	}
	return p.perft(depth, bufs)
}

func (p *Position) perft(depth int, bufs [][]Move) uint64 {
	moves := p.LegalMoves(bufs[depth-1][:0])
	if depth == 1 {
		return uint64(len(moves)) // bulk counting: no need to play the leaves
	}
	var n uint64
	for _, m := range moves {
		u := p.MakeMove(m)
		n += p.perft(depth-1, bufs)
		p.UnmakeMove(u)
	}
	return n
}

// DivideEntry is one root move with the size of its subtree.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count below each legal root move (depth
// >= 1), in move generation order, for diffing against another generator.
func Divide(p *Position, depth int) []DivideEntry {
	var out []DivideEntry
	for _, m := range p.LegalMoves(nil) {
		u := p.MakeMove(m)
		out = append(out, DivideEntry{m, Perft(p, depth-1)})
		p.UnmakeMove(u)
	}
	return out
}
