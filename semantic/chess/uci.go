package chess

import "fmt"

// UCI returns m in UCI long algebraic notation: e2e4, e7e8q, 0000 for the
// null move. Castling is e1g1 in standard positions and king-takes-rook
// (e1h1) when p.Chess960() is set, as engines expect.
func (p *Position) UCI(m Move) string {
	var buf [5]byte
	return string(p.appendUCI(buf[:0], m))
}

func (p *Position) appendUCI(b []byte, m Move) []byte {
	if m == NullMove {
		return append(b, "0000"...)
	}
	to := m.To()
	if m.IsCastle() && !p.chess960 {
		to, _ = castleTargets(p.side, castleSideOf(m))
	}
	b = append(b, m.From().String()...)
	b = append(b, to.String()...)
	if pr := m.Promotion(); pr != NoPieceType {
		b = append(b, "  nbrq"[pr])
	}
	return b
}

// ParseUCI finds the legal move written in UCI notation. Castling is
// accepted both as the king's two-square move (e1g1) and as king takes
// rook (e1h1), whatever the position's Chess960 flag.
func (p *Position) ParseUCI(s string) (Move, error) {
	if s == "0000" {
		return NullMove, nil
	}
	if len(s) != 4 && len(s) != 5 {
		return NoMove, fmt.Errorf("uci move %q: want 4 or 5 characters", s)
	}
	from, ok1 := ParseSquare(s[:2])
	to, ok2 := ParseSquare(s[2:4])
	promo := NoPieceType
	if len(s) == 5 {
		switch s[4] {
		case 'n':
			promo = Knight
		case 'b':
			promo = Bishop
		case 'r':
			promo = Rook
		case 'q':
			promo = Queen
		default:
			ok1 = false
		}
	}
	if !ok1 || !ok2 {
		return NoMove, fmt.Errorf("uci move %q: malformed", s)
	}
	var buf [MaxMoves]Move
	for _, m := range p.genLegal(buf[:0]) {
		if m.From() != from || m.Promotion() != promo {
			continue
		}
		if m.To() == to {
			return m, nil
		}
		if m.IsCastle() {
			if kingTo, _ := castleTargets(p.side, castleSideOf(m)); kingTo == to && p.board[to] != MakePiece(p.side, Rook) {
				return m, nil
			}
		}
	}
	return NoMove, fmt.Errorf("uci move %q is not legal in %s", s, p.FEN())
}
