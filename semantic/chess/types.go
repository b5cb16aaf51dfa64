package chess

// Color is the colour of a side or a piece.
type Color uint8

const (
	White Color = iota
	Black
)

// Other returns the opposing colour.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece without colour.
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// pieceLetters holds the English SAN letters indexed by PieceType.
const pieceLetters = " PNBRQK"

// Letter returns the upper-case English SAN letter of t ('P' for pawns).
func (t PieceType) Letter() byte { return pieceLetters[t] }

func (t PieceType) String() string {
	return [...]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king"}[t]
}

// Piece is a coloured piece; the zero value means an empty square.
type Piece uint8

// NoPiece is the content of an empty square.
const NoPiece Piece = 0

// MakePiece combines a colour and a piece type.
func MakePiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Color returns the colour of a non-empty piece.
func (p Piece) Color() Color { return Color(p >> 3) }

// Type returns the kind of the piece (NoPieceType for NoPiece).
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// FENLetter returns the FEN letter: upper case for white, lower case for black.
func (p Piece) FENLetter() byte {
	if p.Color() == Black {
		return "?pnbrqk"[p.Type()]
	}
	return pieceLetters[p.Type()]
}

// Square is a board square numbered a1=0, b1=1, …, h8=63.
type Square uint8

// NoSquare marks the absence of a square (no en-passant target, no castling rook).
const NoSquare Square = 64

// SquareAt returns the square on file (0=a … 7=h) and rank (0=rank 1 … 7=rank 8).
func SquareAt(file, rank int) Square { return Square(rank*8 + file) }

// File returns 0 for the a-file … 7 for the h-file.
func (s Square) File() int { return int(s & 7) }

// Rank returns 0 for rank 1 … 7 for rank 8.
func (s Square) Rank() int { return int(s >> 3) }

func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{'a' + byte(s.File()), '1' + byte(s.Rank())})
}

// ParseSquare reads a square name such as "e4".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return SquareAt(int(s[0]-'a'), int(s[1]-'1')), true
}

// Move is a move packed in 16 bits: from (6 bits), to (6 bits), kind (4 bits).
// For castling, To is the square of the castling rook.
type Move uint16

const (
	moveNormal    = 0
	moveEnPassant = 1
	moveCastle    = 2
	moveNull      = 3
	movePromo     = 4 // 4..7: promotion to Knight, Bishop, Rook, Queen
)

const (
	// NoMove is the zero Move; no legal move has this value (a1 to a1).
	NoMove Move = 0
	// NullMove passes the turn (written "--" or "Z0" in some PGN files).
	NullMove Move = moveNull << 12
)

func newMove(from, to Square, kind int) Move {
	return Move(from) | Move(to)<<6 | Move(kind)<<12
}

func newPromotion(from, to Square, t PieceType) Move {
	return newMove(from, to, movePromo+int(t-Knight))
}

func (m Move) kind() int { return int(m >> 12) }

// From returns the origin square (the king's square for castling).
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square (the castling rook's square for castling).
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Promotion returns the piece a pawn promotes to, or NoPieceType.
func (m Move) Promotion() PieceType {
	if m.kind() < movePromo {
		return NoPieceType
	}
	return Knight + PieceType(m.kind()-movePromo)
}

// IsCastle reports whether m is a castling move.
func (m Move) IsCastle() bool { return m.kind() == moveCastle }

// IsEnPassant reports whether m is an en-passant capture.
func (m Move) IsEnPassant() bool { return m.kind() == moveEnPassant }

// IsNull reports whether m is the null move.
func (m Move) IsNull() bool { return m == NullMove }

// CastleSide tells the two castling directions apart.
type CastleSide uint8

const (
	KingSide  CastleSide = iota // towards the h-file: O-O
	QueenSide                   // towards the a-file: O-O-O
)

// String writes the move in coordinate form without a position: e2e4,
// e7e8q, castling as king takes rook (e1h1), "0000" for the null move and
// "-" for NoMove. Position.UCI gives the form engines expect.
func (m Move) String() string {
	switch m {
	case NoMove:
		return "-"
	case NullMove:
		return "0000"
	}
	s := m.From().String() + m.To().String()
	if pr := m.Promotion(); pr != NoPieceType {
		s += string("  nbrq"[pr])
	}
	return s
}
