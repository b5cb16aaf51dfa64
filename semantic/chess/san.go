package chess

// sanParts is the content of a move's canonical SAN, kept apart so the
// resolver can compare what was written with what is due, piece by piece.
type sanParts struct {
	castle           int // 0, or 1+CastleSide
	piece            PieceType
	from, to         Square
	disFile, disRank bool // disambiguation the move needs (PGN §8.2.3.4)
	capture          bool
	promo            PieceType
	check            int // checkNone, checkCheck or checkMate
}

const (
	checkNone = iota
	checkCheck
	checkMate
	checkOther // a written mark other than + and # (such as "++")
)

// sanPartsOf works out the canonical SAN of the legal move m.
func (p *Position) sanPartsOf(m Move) sanParts {
	var rivals []Move
	if !m.IsCastle() {
		if pt := p.board[m.From()].Type(); pt != Pawn {
			var buf [16]Move
			rivals = p.movesTo(m.To(), pt, buf[:0])
		}
	}
	return p.sanPartsWith(m, rivals)
}

// sanPartsWith is sanPartsOf given the legal moves of m's kind of piece to
// its square (m among them), which decide the disambiguation; a caller
// that has them at hand saves asking again.
func (p *Position) sanPartsWith(m Move, rivals []Move) sanParts {
	from, to := m.From(), m.To()
	sp := sanParts{from: from, to: to}
	if m.IsCastle() {
		sp.castle = 1 + int(castleSideOf(m))
	} else {
		sp.piece = p.board[from].Type()
		sp.capture = p.board[to] != NoPiece || m.IsEnPassant()
		sp.promo = m.Promotion()
		if sp.piece == Pawn {
			sp.disFile = sp.capture // pawn captures always name the file
		} else {
			// Only other legal moves of the same kind of piece to the same
			// square count: a pinned piece that cannot go there does not.
			sameFile, sameRank, others := false, false, false
			for _, o := range rivals {
				if o.From() == from {
					continue
				}
				others = true
				sameFile = sameFile || o.From().File() == from.File()
				sameRank = sameRank || o.From().Rank() == from.Rank()
			}
			if others {
				switch {
				case !sameFile:
					sp.disFile = true
				case !sameRank:
					sp.disRank = true
				default:
					sp.disFile, sp.disRank = true, true
				}
			}
		}
	}
	child := *p
	child.Play(m)
	if child.IsCheck() {
		sp.check = checkCheck
		if !child.hasLegalMove() {
			sp.check = checkMate
		}
	}
	return sp
}

func (sp *sanParts) appendTo(b []byte) []byte {
	switch sp.castle {
	case 1 + int(KingSide):
		b = append(b, "O-O"...)
	case 1 + int(QueenSide):
		b = append(b, "O-O-O"...)
	default:
		if sp.piece != Pawn {
			b = append(b, sp.piece.Letter())
		}
		if sp.disFile {
			b = append(b, 'a'+byte(sp.from.File()))
		}
		if sp.disRank {
			b = append(b, '1'+byte(sp.from.Rank()))
		}
		if sp.capture {
			b = append(b, 'x')
		}
		b = append(b, 'a'+byte(sp.to.File()), '1'+byte(sp.to.Rank()))
		if sp.promo != NoPieceType {
			b = append(b, '=', sp.promo.Letter())
		}
	}
	switch sp.check {
	case checkCheck:
		b = append(b, '+')
	case checkMate:
		b = append(b, '#')
	}
	return b
}

// SAN returns the canonical SAN of the legal move m (PGN §8.2.3): minimal
// disambiguation (file, else rank, else square), x for captures, =Q for
// promotions, O-O/O-O-O for castling (Chess960 too), + or # when due.
// The null move is written "--".
func (p *Position) SAN(m Move) string {
	var buf [16]byte
	return string(p.AppendSAN(buf[:0], m))
}

// AppendSAN appends the canonical SAN of the legal move m to dst.
func (p *Position) AppendSAN(dst []byte, m Move) []byte {
	if m == NullMove {
		return append(dst, "--"...)
	}
	sp := p.sanPartsOf(m)
	return sp.appendTo(dst)
}
