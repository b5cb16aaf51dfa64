package chess

import "sort"

// Perft counts the leaf nodes of the legal move tree of the given depth,
// the standard test of a move generator. Depth 0 counts 1.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	// One position per ply, allocated once: a child taken by address in a
	// recursive function would otherwise escape to the heap at every node.
	stack := make([]Position, depth)
	stack[0] = *p
	return perft(stack, depth)
}

func perft(stack []Position, depth int) uint64 {
	p := &stack[0]
	var buf [MaxMoves]Move
	moves := p.genLegal(buf[:0])
	if depth == 1 {
		return uint64(len(moves)) // bulk counting: leaves need not be played
	}
	child := &stack[1]
	var n uint64
	for _, m := range moves {
		*child = *p
		child.Play(m)
		n += perft(stack[1:], depth-1)
	}
	return n
}

// DivideEntry is one root move of Divide with the size of its subtree.
type DivideEntry struct {
	UCI   string
	Move  Move
	Nodes uint64
}

// Divide returns, for every legal move, the perft count of depth-1 below
// it, sorted by UCI text (castling in the position's UCI form).
func Divide(p *Position, depth int) []DivideEntry {
	var buf [MaxMoves]Move
	moves := p.genLegal(buf[:0])
	out := make([]DivideEntry, 0, len(moves))
	for _, m := range moves {
		child := *p
		child.Play(m)
		out = append(out, DivideEntry{UCI: p.UCI(m), Move: m, Nodes: Perft(&child, depth-1)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].UCI < out[j].UCI })
	return out
}
