package xiangqi

// Position is a board with side to move and move counters. It is a plain
// value: copying it (q := *p) yields an independent position. The zero
// value has no kings and is not usable; start from NewPosition or ParseFEN.
type Position struct {
	board    [NumSquares]Piece
	kings    [2]Square
	side     Color
	hash     uint64
	halfmove int // plies since the last capture
	fullmove int
}

// StartFEN is the initial position.
const StartFEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

// NewPosition returns the initial position.
func NewPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err)
	}
	return p
}

// At returns the piece on s.
func (p *Position) At(s Square) Piece { return p.board[s] }

// SideToMove returns the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return p.kings[c] }

// Hash identifies board and side to move (not the counters), for repetition
// detection.
func (p *Position) Hash() uint64 { return p.hash }

// HalfmoveClock is the number of plies since the last capture.
func (p *Position) HalfmoveClock() int { return p.halfmove }

// FullmoveNumber is the FEN move number; it increases after Black moves.
func (p *Position) FullmoveNumber() int { return p.fullmove }

func (p *Position) put(s Square, pc Piece) {
	p.board[s] = pc
	p.hash ^= zobristPiece[pc][s]
	if pc.Kind() == King {
		p.kings[pc.Color()] = s
	}
}

func (p *Position) computeHash() uint64 {
	var h uint64
	for s, pc := range p.board {
		if pc != NoPiece {
			h ^= zobristPiece[pc][s]
		}
	}
	if p.side == Black {
		h ^= zobristBlack
	}
	return h
}

// Undo holds what UnmakeMove needs to take a move back.
type Undo struct {
	move     Move
	captured Piece
	halfmove int32
	hash     uint64
}

// Captured returns the piece taken by the move, or NoPiece.
func (u Undo) Captured() Piece { return u.captured }

// MakeMove plays m, which must be legal (or at least pseudo-legal) in p.
func (p *Position) MakeMove(m Move) Undo {
	from, to := m.From(), m.To()
	pc := p.board[from]
	cap := p.board[to]
	u := Undo{move: m, captured: cap, halfmove: int32(p.halfmove), hash: p.hash}
	h := p.hash ^ zobristPiece[pc][from] ^ zobristPiece[pc][to] ^ zobristBlack
	if cap != NoPiece {
		h ^= zobristPiece[cap][to]
		p.halfmove = 0
	} else {
		p.halfmove++
	}
	p.board[from] = NoPiece
	p.board[to] = pc
	if pc.Kind() == King {
		p.kings[p.side] = to
	}
	if p.side == Black {
		p.fullmove++
	}
	p.side ^= 1
	p.hash = h
	return u
}

// UnmakeMove takes back the move that produced u; moves must be taken back
// in reverse order.
func (p *Position) UnmakeMove(u Undo) {
	from, to := u.move.From(), u.move.To()
	pc := p.board[to]
	p.board[from] = pc
	p.board[to] = u.captured
	p.side ^= 1
	if pc.Kind() == King {
		p.kings[p.side] = from
	}
	if p.side == Black {
		p.fullmove--
	}
	p.halfmove = int(u.halfmove)
	p.hash = u.hash
}

// Attacked reports whether a piece of colour by could move to s (ignoring
// whether that move would expose by's own king). A king counts as attacking
// along its open file: that is the flying-general rule.
func (p *Position) Attacked(s Square, by Color) bool {
	b := &p.board
	for d := 0; d < 4; d++ {
		if p.rayAttack(s, d, by) {
			return true
		}
	}
	horse := NewPiece(by, Horse)
	for _, h := range horseSources[s] {
		if b[h.to] == horse && b[h.leg] == NoPiece {
			return true
		}
	}
	pawn := NewPiece(by, Pawn)
	r := s.Rank()
	if by == Red {
		if r > 0 && b[s-9] == pawn {
			return true
		}
		if r >= 5 {
			if f := s.File(); (f > 0 && b[s-1] == pawn) || (f < 8 && b[s+1] == pawn) {
				return true
			}
		}
	} else {
		if r < 9 && b[s+9] == pawn {
			return true
		}
		if r <= 4 {
			if f := s.File(); (f > 0 && b[s-1] == pawn) || (f < 8 && b[s+1] == pawn) {
				return true
			}
		}
	}
	// Pieces confined to their own half or palace cannot reach a king's
	// square; test them only where they can be.
	if onOwnHalf(s, by) {
		elephant := NewPiece(by, Elephant)
		for _, e := range elephantSteps[s] {
			if b[e.to] == elephant && b[e.leg] == NoPiece {
				return true
			}
		}
		if inPalace(s, by) {
			advisor := NewPiece(by, Advisor)
			for _, t := range advisorSteps[s] {
				if b[t] == advisor {
					return true
				}
			}
			king := NewPiece(by, King)
			for _, t := range kingSteps[s] {
				if b[t] == king {
					return true
				}
			}
		}
	}
	return false
}

// InCheck reports whether the side to move is in check (including a facing
// enemy king).
func (p *Position) InCheck() bool { return p.Attacked(p.kings[p.side], p.side^1) }

// kingsFacing reports whether the two kings share a file with nothing between.
func (p *Position) kingsFacing() bool {
	r, b := p.kings[Red], p.kings[Black]
	if r.File() != b.File() {
		return false
	}
	for s := r + 9; s < b; s += 9 {
		if p.board[s] != NoPiece {
			return false
		}
	}
	return true
}

// pseudoMoves appends the moves of the side to move that obey piece movement
// rules, without testing whether they leave the own king attacked.
func (p *Position) pseudoMoves(dst []Move) []Move {
	us := p.side
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != NoPiece && pc.Color() == us {
			dst = p.pseudoMovesFrom(s, dst)
		}
	}
	return dst
}

// pseudoMovesFrom appends the pseudo-legal moves of the piece on s.
func (p *Position) pseudoMovesFrom(s Square, dst []Move) []Move {
	b := &p.board
	pc := b[s]
	us := pc.Color()
	switch pc.Kind() {
	case King:
		for _, t := range kingSteps[s] {
			if q := b[t]; q == NoPiece || q.Color() != us {
				dst = append(dst, NewMove(s, t))
			}
		}
	case Advisor:
		for _, t := range advisorSteps[s] {
			if q := b[t]; q == NoPiece || q.Color() != us {
				dst = append(dst, NewMove(s, t))
			}
		}
	case Elephant:
		for _, e := range elephantSteps[s] {
			if q := b[e.to]; b[e.leg] == NoPiece && (q == NoPiece || q.Color() != us) {
				dst = append(dst, NewMove(s, e.to))
			}
		}
	case Horse:
		for _, h := range horseSteps[s] {
			if q := b[h.to]; b[h.leg] == NoPiece && (q == NoPiece || q.Color() != us) {
				dst = append(dst, NewMove(s, h.to))
			}
		}
	case Chariot:
		for d := 0; d < 4; d++ {
			for _, t := range rays[s][d] {
				q := b[t]
				if q == NoPiece {
					dst = append(dst, NewMove(s, t))
					continue
				}
				if q.Color() != us {
					dst = append(dst, NewMove(s, t))
				}
				break
			}
		}
	case Cannon:
		for d := 0; d < 4; d++ {
			ray := rays[s][d]
			i := 0
			for ; i < len(ray); i++ {
				if b[ray[i]] != NoPiece {
					break
				}
				dst = append(dst, NewMove(s, ray[i]))
			}
			for i++; i < len(ray); i++ {
				if q := b[ray[i]]; q != NoPiece {
					if q.Color() != us {
						dst = append(dst, NewMove(s, ray[i]))
					}
					break
				}
			}
		}
	case Pawn:
		for _, t := range pawnSteps[us][s] {
			if q := b[t]; q == NoPiece || q.Color() != us {
				dst = append(dst, NewMove(s, t))
			}
		}
	}
	return dst
}

// leavesKingSafe plays a pseudo-legal move on the board only (no hash or
// counters), tests the mover's king and restores the board.
func (p *Position) leavesKingSafe(m Move) bool {
	from, to := m.From(), m.To()
	pc, cap := p.board[from], p.board[to]
	p.board[to], p.board[from] = pc, NoPiece
	k := p.kings[p.side]
	if pc.Kind() == King {
		k = to
	}
	safe := !p.Attacked(k, p.side^1)
	p.board[from], p.board[to] = pc, cap
	return safe
}

// LegalMoves appends the legal moves of the side to move to dst.
func (p *Position) LegalMoves(dst []Move) []Move {
	start := len(dst)
	dst = p.pseudoMoves(dst)
	n := start
	g := p.newSafetyGuard()
	for _, m := range dst[start:] {
		if g.safe(p, m) {
			dst[n] = m
			n++
		}
	}
	return dst[:n]
}

// safetyGuard skips the full king-safety test for moves that cannot
// change any attack on the king: when not in check, only a king move, a
// piece leaving or entering the king's rank or file (chariot lines, cannon
// screens, the facing general) or leaving a square diagonally next to the
// king (a horse's leg) can expose it.
type safetyGuard struct {
	king    Square
	inCheck bool
}

func (p *Position) newSafetyGuard() safetyGuard {
	k := p.kings[p.side]
	return safetyGuard{k, p.Attacked(k, p.side^1)}
}

func (g safetyGuard) safe(p *Position, m Move) bool {
	from, to := m.From(), m.To()
	if g.inCheck || p.board[from].Kind() == King {
		return p.leavesKingSafe(m)
	}
	k := g.king
	dFrom, dTo := lineDir(k, from), lineDir(k, to)
	legFrom := isDiagNeighbour(k, from)
	if dFrom < 0 && dTo < 0 && !legFrom {
		return true
	}
	// Only the lines through from and to, and a freed horse leg, can
	// change: test just those after playing the move on the board.
	b := &p.board
	pc, cap := b[from], b[to]
	b[to], b[from] = pc, NoPiece
	them := p.side ^ 1
	safe := (dFrom < 0 || !p.rayAttack(k, dFrom, them)) &&
		(dTo < 0 || dTo == dFrom || !p.rayAttack(k, dTo, them))
	if safe && legFrom {
		horse := NewPiece(them, Horse)
		for _, h := range horseSources[k] {
			if h.leg == from && b[h.to] == horse {
				safe = false
			}
		}
	}
	b[from], b[to] = pc, cap
	return safe
}

// lineDir returns the ray direction from k to s when they share a rank or
// file, else -1.
func lineDir(k, s Square) int {
	switch {
	case s == k:
		return -1
	case fileOf[s] == fileOf[k]:
		if s > k {
			return north
		}
		return south
	case rankOf[s] == rankOf[k]:
		if s > k {
			return east
		}
		return west
	}
	return -1
}

func isDiagNeighbour(a, b Square) bool {
	df, dr := fileOf[a]-fileOf[b], rankOf[a]-rankOf[b]
	return df*df == 1 && dr*dr == 1
}

// rayAttack reports whether a piece of colour by attacks s along direction
// d: a chariot (or, on a file, the king) as the first piece met, or a
// cannon as the second.
func (p *Position) rayAttack(s Square, d int, by Color) bool {
	ray := rays[s][d]
	i := 0
	for ; i < len(ray); i++ {
		if pc := p.board[ray[i]]; pc != NoPiece {
			if pc == NewPiece(by, Chariot) || (d <= south && pc == NewPiece(by, King)) {
				return true
			}
			break
		}
	}
	for i++; i < len(ray); i++ {
		if pc := p.board[ray[i]]; pc != NoPiece {
			return pc == NewPiece(by, Cannon)
		}
	}
	return false
}

// IsLegal reports whether m is a legal move in p.
func (p *Position) IsLegal(m Move) bool {
	from, to := m.From(), m.To()
	if from < 0 || from >= NumSquares || to < 0 || to >= NumSquares || from == to {
		return false
	}
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != p.side {
		return false
	}
	return p.pseudoLegal(from, to) && p.leavesKingSafe(m)
}

// HasLegalMove reports whether the side to move can move at all.
func (p *Position) HasLegalMove() bool {
	var buf [128]Move
	for _, m := range p.pseudoMoves(buf[:0]) {
		if p.leavesKingSafe(m) {
			return true
		}
	}
	return false
}

// Status classifies a position for game-end checks.
type Status uint8

const (
	Ongoing   Status = iota
	Checkmate        // side to move is in check with no legal move: it loses
	Stalemate        // side to move has no legal move but is not in check: it also loses
)

func (s Status) String() string {
	return [...]string{"ongoing", "checkmate", "stalemate"}[s]
}

// Status reports whether the game is over. In xiangqi both checkmate and
// stalemate lose for the side to move.
func (p *Position) Status() Status {
	if p.HasLegalMove() {
		return Ongoing
	}
	if p.InCheck() {
		return Checkmate
	}
	return Stalemate
}

// Loser returns the side that has lost if the game is over.
func (p *Position) Loser() (Color, bool) {
	if p.Status() == Ongoing {
		return 0, false
	}
	return p.side, true
}
