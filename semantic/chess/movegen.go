package chess

// MaxMoves bounds the number of legal moves in any reachable position (218
// is the known maximum); a [MaxMoves]Move array never overflows.
const MaxMoves = 256

// attackersTo returns the pieces of both colours attacking s, sliders seen
// through the given occupancy.
func (p *Position) attackersTo(s Square, occupied bitboard) bitboard {
	return pawnAttacks[Black][s]&p.piecesOf(White, Pawn) |
		pawnAttacks[White][s]&p.piecesOf(Black, Pawn) |
		knightAttacks[s]&p.byType[Knight] |
		kingAttacks[s]&p.byType[King] |
		bishopAttacks(s, occupied)&(p.byType[Bishop]|p.byType[Queen]) |
		rookAttacks(s, occupied)&(p.byType[Rook]|p.byType[Queen])
}

// attackedBy reports whether colour c attacks s given the occupancy.
func (p *Position) attackedBy(c Color, s Square, occupied bitboard) bool {
	them := p.byCol[c]
	if pawnAttacks[c.Other()][s]&p.byType[Pawn]&them != 0 ||
		knightAttacks[s]&p.byType[Knight]&them != 0 ||
		kingAttacks[s]&p.byType[King]&them != 0 {
		return true
	}
	if bishopAttacks(s, occupied)&(p.byType[Bishop]|p.byType[Queen])&them != 0 {
		return true
	}
	return rookAttacks(s, occupied)&(p.byType[Rook]|p.byType[Queen])&them != 0
}

// checkers returns the enemy pieces giving check to the side to move.
func (p *Position) checkers() bitboard {
	return p.attackersTo(p.king[p.side], p.occupied()) & p.byCol[p.side.Other()]
}

// IsCheck reports whether the side to move is in check.
func (p *Position) IsCheck() bool {
	return p.attackedBy(p.side.Other(), p.king[p.side], p.occupied())
}

// pinnedPieces returns c's pieces that shield c's king from an enemy slider.
func (p *Position) pinnedPieces(c Color) bitboard {
	ksq := p.king[c]
	them := p.byCol[c.Other()]
	snipers := (rookAttacks(ksq, 0)&(p.byType[Rook]|p.byType[Queen]) |
		bishopAttacks(ksq, 0)&(p.byType[Bishop]|p.byType[Queen])) & them
	occ := p.occupied()
	var pinned bitboard
	for snipers != 0 {
		s := snipers.pop()
		b := between[ksq][s] & occ
		if b != 0 && !b.many() {
			pinned |= b
		}
	}
	return pinned & p.byCol[c]
}

// LegalMoves appends the legal moves of the side to move to dst.
// With a dst of capacity MaxMoves it does not allocate.
func (p *Position) LegalMoves(dst []Move) []Move {
	return p.genLegal(dst)
}

func appendTargets(dst []Move, from Square, targets bitboard) []Move {
	for targets != 0 {
		dst = append(dst, newMove(from, targets.pop(), moveNormal))
	}
	return dst
}

func appendPromotions(dst []Move, from, to Square) []Move {
	return append(dst,
		newPromotion(from, to, Queen), newPromotion(from, to, Rook),
		newPromotion(from, to, Bishop), newPromotion(from, to, Knight))
}

// appendPawnMoves adds moves to every square of targets from the square
// delta behind it, expanding promotions.
func appendPawnMoves(dst []Move, targets bitboard, delta int) []Move {
	promos := targets & (rank1 | rank8)
	targets &^= promos
	for targets != 0 {
		to := targets.pop()
		dst = append(dst, newMove(Square(int(to)-delta), to, moveNormal))
	}
	for promos != 0 {
		to := promos.pop()
		dst = appendPromotions(dst, Square(int(to)-delta), to)
	}
	return dst
}

func (p *Position) genLegal(dst []Move) []Move {
	us, them := p.side, p.side.Other()
	own, enemy := p.byCol[us], p.byCol[them]
	occ := p.occupied()
	ksq := p.king[us]
	checkers := p.attackersTo(ksq, occ) & enemy

	// King moves: the target must not be attacked once the king has left
	// its square (a slider checking along a line also covers the square behind).
	occNoKing := occ &^ squareBB(ksq)
	for t := kingAttacks[ksq] &^ own; t != 0; {
		to := t.pop()
		if !p.attackedBy(them, to, occNoKing) {
			dst = append(dst, newMove(ksq, to, moveNormal))
		}
	}
	if checkers.many() {
		return dst // double check: only the king may move
	}

	// mask: squares a non-king move may go to (capture the checker or block).
	mask := ^own
	if checkers != 0 {
		c := checkers.first()
		mask = between[ksq][c] | checkers
	}
	pinned := p.pinnedPieces(us)

	// Knights: a pinned knight can never move.
	for b := p.piecesOf(us, Knight) &^ pinned; b != 0; {
		from := b.pop()
		dst = appendTargets(dst, from, knightAttacks[from]&mask)
	}
	for b := (p.byType[Bishop] | p.byType[Queen]) & own; b != 0; {
		from := b.pop()
		t := bishopAttacks(from, occ) & mask
		if pinned.has(from) {
			t &= line[ksq][from]
		}
		dst = appendTargets(dst, from, t)
	}
	for b := (p.byType[Rook] | p.byType[Queen]) & own; b != 0; {
		from := b.pop()
		t := rookAttacks(from, occ) & mask
		if pinned.has(from) {
			t &= line[ksq][from]
		}
		dst = appendTargets(dst, from, t)
	}

	// Pawns: unpinned ones in bulk by shifting, pinned ones one by one.
	pawns := p.piecesOf(us, Pawn)
	free := pawns &^ pinned
	empty := ^occ
	if us == White {
		single := (free << 8) & empty
		double := ((single & rank3) << 8) & empty
		dst = appendPawnMoves(dst, single&mask, 8)
		dst = appendPawnMoves(dst, double&mask, 16)
		dst = appendPawnMoves(dst, ((free&^fileA)<<7)&enemy&mask, 7)
		dst = appendPawnMoves(dst, ((free&^fileH)<<9)&enemy&mask, 9)
	} else {
		single := (free >> 8) & empty
		double := ((single & rank6) >> 8) & empty
		dst = appendPawnMoves(dst, single&mask, -8)
		dst = appendPawnMoves(dst, double&mask, -16)
		dst = appendPawnMoves(dst, ((free&^fileH)>>7)&enemy&mask, -7)
		dst = appendPawnMoves(dst, ((free&^fileA)>>9)&enemy&mask, -9)
	}
	for b := pawns & pinned; b != 0; {
		from := b.pop()
		allowed := mask & line[ksq][from]
		t := pawnAttacks[us][from] & enemy & allowed
		push := pawnPush(us, from)
		if !occ.has(push) {
			if allowed.has(push) {
				t |= squareBB(push)
			}
			if pawnStartRank(us).has(from) {
				if push2 := pawnPush(us, push); !occ.has(push2) && allowed.has(push2) {
					t |= squareBB(push2)
				}
			}
		}
		for t != 0 {
			to := t.pop()
			if squareBB(to)&(rank1|rank8) != 0 {
				dst = appendPromotions(dst, from, to)
			} else {
				dst = append(dst, newMove(from, to, moveNormal))
			}
		}
	}

	if p.ep != NoSquare {
		for b := pawnAttacks[them][p.ep] & pawns; b != 0; {
			from := b.pop()
			if p.enPassantIsLegal(from) {
				dst = append(dst, newMove(from, p.ep, moveEnPassant))
			}
		}
	}

	if checkers == 0 {
		dst = p.appendCastling(dst, us)
	}
	return dst
}

func pawnPush(c Color, s Square) Square {
	if c == White {
		return s + 8
	}
	return s - 8
}

func pawnStartRank(c Color) bitboard {
	if c == White {
		return rank2
	}
	return rank7
}

// enPassantIsLegal tests the capture from "from" onto p.ep by removing both
// pawns and seeing whether the king is then attacked: this covers the
// horizontal pin along the fifth rank and captures that do not answer a check.
func (p *Position) enPassantIsLegal(from Square) bool {
	us := p.side
	captured := p.ep ^ 8
	if p.board[captured] != MakePiece(us.Other(), Pawn) {
		return false // an inconsistent e.p. square; ParseFEN rejects those
	}
	occ := p.occupied()&^squareBB(from)&^squareBB(captured) | squareBB(p.ep)
	ksq := p.king[us]
	them := p.byCol[us.Other()] &^ squareBB(captured)
	if bishopAttacks(ksq, occ)&(p.byType[Bishop]|p.byType[Queen])&them != 0 ||
		rookAttacks(ksq, occ)&(p.byType[Rook]|p.byType[Queen])&them != 0 {
		return false
	}
	return knightAttacks[ksq]&p.byType[Knight]&them == 0 &&
		pawnAttacks[us][ksq]&p.byType[Pawn]&them == 0
}

// hasLegalEnPassant reports whether the side to move can capture en passant.
func (p *Position) hasLegalEnPassant() bool {
	if p.ep == NoSquare {
		return false
	}
	for b := pawnAttacks[p.side.Other()][p.ep] & p.piecesOf(p.side, Pawn); b != 0; {
		if p.enPassantIsLegal(b.pop()) {
			return true
		}
	}
	return false
}

// castlePathBlocked reports whether castling with the rook on rookSq is
// obstructed: any piece other than king and rook on the squares the
// two pass over or land on.
func (p *Position) castlePathBlocked(c Color, side CastleSide, rookSq Square) bool {
	ksq := p.king[c]
	kingTo, rookTo := castleTargets(c, side)
	path := between[ksq][kingTo] | squareBB(kingTo) | between[rookSq][rookTo] | squareBB(rookTo)
	others := p.occupied() &^ squareBB(ksq) &^ squareBB(rookSq)
	return path&others != 0
}

// castleThroughCheck reports whether a square the king passes over or lands
// on is attacked. King and rook are lifted first, so a rook that shielded
// the king's target square (Chess960) does not count as shielding it.
func (p *Position) castleThroughCheck(c Color, side CastleSide, rookSq Square) bool {
	ksq := p.king[c]
	kingTo, _ := castleTargets(c, side)
	occ := p.occupied() &^ squareBB(ksq) &^ squareBB(rookSq)
	for t := between[ksq][kingTo] | squareBB(kingTo); t != 0; {
		if p.attackedBy(c.Other(), t.pop(), occ) {
			return true
		}
	}
	return false
}

// appendCastling adds castling moves; the caller has checked "not in check".
func (p *Position) appendCastling(dst []Move, us Color) []Move {
	for side := KingSide; side <= QueenSide; side++ {
		r := p.castleRook[us][side]
		if r == NoSquare || p.castlePathBlocked(us, side, r) || p.castleThroughCheck(us, side, r) {
			continue
		}
		dst = append(dst, newMove(p.king[us], r, moveCastle))
	}
	return dst
}

// pseudoLegalMoves appends the moves that obey how pieces move but may leave
// the king in check (castling excluded); used to explain illegal moves.
func (p *Position) pseudoLegalMoves(dst []Move) []Move {
	us, them := p.side, p.side.Other()
	own, enemy := p.byCol[us], p.byCol[them]
	occ := p.occupied()
	for b := own; b != 0; {
		from := b.pop()
		var t bitboard
		switch p.board[from].Type() {
		case Knight:
			t = knightAttacks[from]
		case Bishop:
			t = bishopAttacks(from, occ)
		case Rook:
			t = rookAttacks(from, occ)
		case Queen:
			t = bishopAttacks(from, occ) | rookAttacks(from, occ)
		case King:
			t = kingAttacks[from]
		case Pawn:
			t = pawnAttacks[us][from] & enemy
			if push := pawnPush(us, from); !occ.has(push) {
				t |= squareBB(push)
				if pawnStartRank(us).has(from) && !occ.has(pawnPush(us, push)) {
					t |= squareBB(pawnPush(us, push))
				}
			}
			if p.ep != NoSquare && pawnAttacks[us][from].has(p.ep) && p.board[p.ep^8] == MakePiece(them, Pawn) {
				dst = append(dst, newMove(from, p.ep, moveEnPassant))
			}
			t &^= own
			for t != 0 {
				to := t.pop()
				if squareBB(to)&(rank1|rank8) != 0 {
					dst = appendPromotions(dst, from, to)
				} else {
					dst = append(dst, newMove(from, to, moveNormal))
				}
			}
			continue
		}
		dst = appendTargets(dst, from, t&^own)
	}
	return dst
}

// leavesKingInCheck reports whether playing the pseudo-legal m exposes the mover's king.
func (p *Position) leavesKingInCheck(m Move) bool {
	q := *p
	q.Play(m)
	return q.attackedBy(q.side, q.king[p.side], q.occupied())
}

// IsLegal reports whether m is a legal move in p.
func (p *Position) IsLegal(m Move) bool {
	var buf [MaxMoves]Move
	for _, l := range p.genLegal(buf[:0]) {
		if l == m {
			return true
		}
	}
	return false
}

// hasLegalMove reports whether the side to move has any legal move.
func (p *Position) hasLegalMove() bool {
	if p.kingCanMove() {
		return true
	}
	var buf [MaxMoves]Move
	return len(p.genLegal(buf[:0])) > 0
}

// IsCheckmate reports whether the side to move is checkmated.
func (p *Position) IsCheckmate() bool { return p.IsCheck() && !p.hasLegalMove() }

// IsStalemate reports whether the side to move has no legal move and is not in check.
func (p *Position) IsStalemate() bool { return !p.IsCheck() && !p.hasLegalMove() }

// InsufficientMaterial reports whether neither side can ever checkmate by
// any sequence of legal moves judged by material alone: K v K, K+minor v K,
// and kings with bishops that all stand on squares of one colour.
func (p *Position) InsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if !minors.many() {
		return true
	}
	if p.byType[Knight] != 0 {
		return false
	}
	b := p.byType[Bishop]
	return b&lightSquares == 0 || b&^lightSquares == 0
}

// movesTo appends the legal moves of piece type pt of the side to
// move that land on to (castling excluded). It is the cheap question the
// SAN code asks: which knights can legally go to f3?
func (p *Position) movesTo(to Square, pt PieceType, dst []Move) []Move {
	us, them := p.side, p.side.Other()
	if p.byCol[us].has(to) {
		return dst
	}
	occ := p.occupied()
	ours := p.piecesOf(us, pt)
	var from bitboard
	switch pt {
	case Knight:
		from = knightAttacks[to] & ours
	case Bishop:
		from = bishopAttacks(to, occ) & ours
	case Rook:
		from = rookAttacks(to, occ) & ours
	case Queen:
		from = (bishopAttacks(to, occ) | rookAttacks(to, occ)) & ours
	case King:
		if kingAttacks[to].has(p.king[us]) && !p.attackedBy(them, to, occ&^squareBB(p.king[us])) {
			dst = append(dst, newMove(p.king[us], to, moveNormal))
		}
		return dst
	case Pawn:
		switch {
		case p.byCol[them].has(to):
			from = pawnAttacks[them][to] & ours
		case to == p.ep:
			for b := pawnAttacks[them][to] & ours; b != 0; {
				if f := b.pop(); p.enPassantIsLegal(f) {
					dst = append(dst, newMove(f, to, moveEnPassant))
				}
			}
			fallthrough
		default:
			back := pawnPush(them, to) // the square a pawn pushing to "to" comes from
			if back < 64 && ours.has(back) {
				from = squareBB(back)
			} else if back < 64 && !occ.has(back) {
				if back2 := pawnPush(them, back); back2 < 64 && pawnStartRank(us).has(back2) && ours.has(back2) {
					from = squareBB(back2)
				}
			}
		}
	}
	if from == 0 {
		return dst
	}
	ksq := p.king[us]
	checkers := p.attackersTo(ksq, occ) & p.byCol[them]
	if checkers.many() {
		return dst
	}
	mask := ^bitboard(0)
	if checkers != 0 {
		mask = between[ksq][checkers.first()] | checkers
	}
	if !mask.has(to) {
		return dst
	}
	pinned := p.pinnedPieces(us)
	for from != 0 {
		f := from.pop()
		if pinned.has(f) && !line[ksq][f].has(to) {
			continue
		}
		if pt == Pawn && squareBB(to)&(rank1|rank8) != 0 {
			dst = appendPromotions(dst, f, to)
		} else {
			dst = append(dst, newMove(f, to, moveNormal))
		}
	}
	return dst
}

// kingCanMove reports whether the king of the side to move has a legal move
// (castling aside); most checks are answered this way, so mate detection
// looks here before generating everything.
func (p *Position) kingCanMove() bool {
	us, them := p.side, p.side.Other()
	ksq := p.king[us]
	occ := p.occupied() &^ squareBB(ksq)
	for t := kingAttacks[ksq] &^ p.byCol[us]; t != 0; {
		if !p.attackedBy(them, t.pop(), occ) {
			return true
		}
	}
	return false
}

// LacksMatingMaterial reports whether side c has at most a king and one
// minor piece, with which it can force no mate; a win for such a side is
// worth a second look.
func (p *Position) LacksMatingMaterial(c Color) bool {
	us := p.byCol[c]
	if us&(p.byType[Pawn]|p.byType[Rook]|p.byType[Queen]) != 0 {
		return false
	}
	return !(us & (p.byType[Knight] | p.byType[Bishop])).many()
}
