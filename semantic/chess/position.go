package chess

// Position is a chess position with everything FEN records. The zero value
// is not a valid position; use StartPosition or ParseFEN.
//
// A Position is a plain value of about 170 bytes; copy it to keep a state
// before Play (copy-make is how Perft and the SAN checker work).
type Position struct {
	board  [64]Piece
	byType [7]bitboard // index 0: all occupied squares
	byCol  [2]bitboard
	king   [2]Square
	// castleRook[c][side] is the square of the rook c may still castle with
	// on that side, or NoSquare. Storing the rook square (not a flag) is what
	// makes Chess960 and "impossible" X-FEN rights work.
	castleRook [2][2]Square
	side       Color
	// ep is the square behind a pawn that has just advanced two squares,
	// whether or not a capture there is possible (PGN §16.1.3.4).
	ep Square
	// epCapturable: a legal en-passant capture exists; only then does the
	// en-passant file count in Key (positions repeat when the legal moves do).
	epCapturable bool
	chess960     bool
	halfmove     int32
	fullmove     int32
	hash         uint64 // Zobrist key without the en-passant part
}

// Zobrist keys from a fixed-seed generator, so keys are stable across runs.
var (
	zobristPiece  [16][64]uint64
	zobristCastle [2][8]uint64 // by colour and file of the castling rook
	zobristEP     [8]uint64
	zobristSide   uint64
)

func initZobrist() {
	seed := uint64(0x2545f4914f6cdd1d)
	next := func() uint64 { // splitmix64
		seed += 0x9e3779b97f4a7c15
		z := seed
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for p := range zobristPiece {
		for s := range zobristPiece[p] {
			zobristPiece[p][s] = next()
		}
	}
	for c := range zobristCastle {
		for f := range zobristCastle[c] {
			zobristCastle[c][f] = next()
		}
	}
	for f := range zobristEP {
		zobristEP[f] = next()
	}
	zobristSide = next()
}

// StartFEN is the standard initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// startPosition is StartFEN parsed once: nearly every game starts there.
var startPosition = func() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err)
	}
	return *p
}()

// StartPosition returns the standard initial position.
func StartPosition() *Position {
	p := startPosition
	return &p
}

// SideToMove returns the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// PieceAt returns the piece on s, or NoPiece.
func (p *Position) PieceAt(s Square) Piece { return p.board[s] }

// KingSquare returns the square of c's king.
func (p *Position) KingSquare(c Color) Square { return p.king[c] }

// EnPassant returns the en-passant target square as FEN records it (set
// after every double pawn push), or NoSquare.
func (p *Position) EnPassant() Square { return p.ep }

// HalfmoveClock returns the number of half-moves since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber returns the number of the current full move, starting at 1.
func (p *Position) FullmoveNumber() int { return int(p.fullmove) }

// CastlingRook returns the square of the rook c may castle with on side, or NoSquare.
func (p *Position) CastlingRook(c Color, side CastleSide) Square { return p.castleRook[c][side] }

// Chess960 reports whether castling is written the Chess960 way for this
// position (UCI king-takes-rook, X-FEN/Shredder letters). ParseFEN sets it
// when a castling right needs a king or rook off the standard squares.
func (p *Position) Chess960() bool { return p.chess960 }

// SetChess960 sets the notation mode, e.g. from a PGN Variant tag.
func (p *Position) SetChess960(on bool) { p.chess960 = on }

// Key returns a 64-bit Zobrist key for repetition detection: equal for
// positions with the same pieces, side to move, castling rights and
// en-passant possibility (only a legal en-passant capture counts).
func (p *Position) Key() uint64 {
	if p.epCapturable {
		return p.hash ^ zobristEP[p.ep.File()]
	}
	return p.hash
}

func (p *Position) occupied() bitboard { return p.byType[0] }

func (p *Position) piecesOf(c Color, t PieceType) bitboard { return p.byCol[c] & p.byType[t] }

func (p *Position) put(s Square, pc Piece) {
	b := squareBB(s)
	p.board[s] = pc
	p.byType[0] |= b
	p.byType[pc.Type()] |= b
	p.byCol[pc.Color()] |= b
	p.hash ^= zobristPiece[pc][s]
}

func (p *Position) remove(s Square) {
	pc := p.board[s]
	b := squareBB(s)
	p.board[s] = NoPiece
	p.byType[0] &^= b
	p.byType[pc.Type()] &^= b
	p.byCol[pc.Color()] &^= b
	p.hash ^= zobristPiece[pc][s]
}

func (p *Position) dropCastleRight(c Color, side CastleSide) {
	if r := p.castleRook[c][side]; r != NoSquare {
		p.hash ^= zobristCastle[c][r.File()]
		p.castleRook[c][side] = NoSquare
	}
}

// castleTargets returns where king and rook of colour c end up when castling on side.
func castleTargets(c Color, side CastleSide) (kingTo, rookTo Square) {
	base := Square(0)
	if c == Black {
		base = 56
	}
	if side == KingSide {
		return base + 6, base + 5
	}
	return base + 2, base + 3
}

// castleSideOf tells which side a castling move (king takes rook) goes to.
func castleSideOf(m Move) CastleSide {
	if m.To() > m.From() {
		return KingSide
	}
	return QueenSide
}

// Play plays m, which must be legal in p (from LegalMoves or ParseSAN).
func (p *Position) Play(m Move) {
	us, them := p.side, p.side.Other()
	if p.ep != NoSquare {
		p.ep = NoSquare
		p.epCapturable = false
	}
	p.halfmove++
	if us == Black {
		p.fullmove++
	}
	p.side = them
	p.hash ^= zobristSide
	if m == NullMove {
		return
	}
	from, to := m.From(), m.To()
	moving := p.board[from]

	switch m.kind() {
	case moveCastle:
		side := castleSideOf(m)
		kingTo, rookTo := castleTargets(us, side)
		rook := p.board[to]
		p.remove(from)
		p.remove(to)
		p.put(kingTo, moving)
		p.put(rookTo, rook)
		p.king[us] = kingTo
		p.dropCastleRight(us, KingSide)
		p.dropCastleRight(us, QueenSide)
		return
	case moveEnPassant:
		p.remove(to ^ 8) // the captured pawn stands beside the capturer
		p.halfmove = 0
	}

	if captured := p.board[to]; captured != NoPiece {
		p.remove(to)
		p.halfmove = 0
		if to == p.castleRook[them][KingSide] {
			p.dropCastleRight(them, KingSide)
		} else if to == p.castleRook[them][QueenSide] {
			p.dropCastleRight(them, QueenSide)
		}
	}
	p.remove(from)
	if promo := m.Promotion(); promo != NoPieceType {
		p.put(to, MakePiece(us, promo))
	} else {
		p.put(to, moving)
	}

	switch moving.Type() {
	case Pawn:
		p.halfmove = 0
		if from^to == 16 {
			p.ep = (from + to) / 2
			// Only a capture that could really be played makes the
			// en-passant square part of the repetition key.
			if pawnAttacks[us][p.ep]&p.piecesOf(them, Pawn) != 0 {
				p.epCapturable = p.hasLegalEnPassant()
			}
		}
	case King:
		p.king[us] = to
		p.dropCastleRight(us, KingSide)
		p.dropCastleRight(us, QueenSide)
	case Rook:
		if from == p.castleRook[us][KingSide] {
			p.dropCastleRight(us, KingSide)
		} else if from == p.castleRook[us][QueenSide] {
			p.dropCastleRight(us, QueenSide)
		}
	}
}

// computeHash builds the Zobrist key from scratch (after FEN parsing).
func (p *Position) computeHash() {
	p.hash = 0
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			p.hash ^= zobristPiece[pc][s]
		}
	}
	for c := White; c <= Black; c++ {
		for side := KingSide; side <= QueenSide; side++ {
			if r := p.castleRook[c][side]; r != NoSquare {
				p.hash ^= zobristCastle[c][r.File()]
			}
		}
	}
	if p.side == Black {
		p.hash ^= zobristSide
	}
}
