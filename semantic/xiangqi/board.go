package xiangqi

// Color is the side a piece belongs to or the side to move.
type Color uint8

const (
	Red Color = iota
	Black
)

// Other returns the opponent.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == Red {
		return "Red"
	}
	return "Black"
}

// Kind is a piece type without colour.
type Kind uint8

const (
	NoKind Kind = iota
	King
	Advisor
	Elephant
	Horse
	Chariot
	Cannon
	Pawn
)

var kindNames = [...]string{"none", "king", "advisor", "elephant", "horse", "chariot", "cannon", "pawn"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid"
}

// Piece is a coloured piece; the zero value is an empty square.
// Encoding: kind in the low 3 bits, bit 3 set for Black.
type Piece uint8

const NoPiece Piece = 0

// NewPiece combines a colour and a kind.
func NewPiece(c Color, k Kind) Piece { return Piece(k) | Piece(c)<<3 }

// Kind returns the piece type (NoKind for an empty square).
func (p Piece) Kind() Kind { return Kind(p & 7) }

// Color returns the owner; meaningless for NoPiece.
func (p Piece) Color() Color { return Color(p >> 3) }

// FENLetter returns the canonical FEN letter (upper case for Red), or '.'.
func (p Piece) FENLetter() byte {
	const letters = ".KABNRCP"
	if p == NoPiece {
		return '.'
	}
	l := letters[p.Kind()]
	if p.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}

// Square is a board point: rank*9 + file, 0..89. a0 = 0, i9 = 89.
type Square int8

const (
	NumSquares        = 90
	NoSquare   Square = -1
)

// SquareAt builds a square from file 0..8 (a..i) and rank 0..9.
func SquareAt(file, rank int) Square { return Square(rank*9 + file) }

// File returns 0..8 (a..i).
func (s Square) File() int { return int(s) % 9 }

// Rank returns 0..9 (Red's back rank is 0).
func (s Square) Rank() int { return int(s) / 9 }

// String returns the ICCS name, e.g. "h2".
func (s Square) String() string {
	if s < 0 || s >= NumSquares {
		return "--"
	}
	return string([]byte{byte('a' + s.File()), byte('0' + s.Rank())})
}

// Move packs from and to squares. The zero Move (a0a0) is never legal and
// serves as "no move".
type Move uint16

const NoMove Move = 0

// NewMove builds a move from two squares.
func NewMove(from, to Square) Move { return Move(uint16(from) | uint16(to)<<7) }

func (m Move) From() Square { return Square(m & 0x7f) }
func (m Move) To() Square   { return Square(m >> 7 & 0x7f) }

// String returns the UCCI/engine form, e.g. "h2e2".
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	return m.From().String() + m.To().String()
}

// Region tests used by move generation and FEN validation.

func inPalace(s Square, c Color) bool {
	f, r := s.File(), s.Rank()
	if f < 3 || f > 5 {
		return false
	}
	if c == Red {
		return r <= 2
	}
	return r >= 7
}

// onOwnHalf reports whether s lies on c's side of the river.
func onOwnHalf(s Square, c Color) bool {
	if c == Red {
		return s.Rank() <= 4
	}
	return s.Rank() >= 5
}

func isAdvisorSquare(s Square, c Color) bool {
	// The five advisor points (corners and centre) have odd file+rank for
	// Red and even for Black.
	return inPalace(s, c) && (s.File()+s.Rank())%2 == 1-int(c)
}

func isElephantSquare(s Square, c Color) bool {
	if !onOwnHalf(s, c) {
		return false
	}
	f, r := s.File(), s.Rank()
	if c == Black {
		r = 9 - r
	}
	switch r {
	case 0, 4:
		return f == 2 || f == 6
	case 2:
		return f == 0 || f == 4 || f == 8
	}
	return false
}

// isPawnSquare reports whether a pawn of colour c can ever stand on s.
func isPawnSquare(s Square, c Color) bool {
	f, r := s.File(), s.Rank()
	if c == Black {
		r = 9 - r
	}
	if r >= 5 {
		return true
	}
	return (r == 3 || r == 4) && f%2 == 0
}

type stepLeg struct{ to, leg Square }

// Precomputed geometry. Tables are indexed by square; ray directions are
// north (rank+1), south, east (file+1), west.
var (
	kingSteps     [NumSquares][]Square
	advisorSteps  [NumSquares][]Square
	elephantSteps [NumSquares][]stepLeg
	horseSteps    [NumSquares][]stepLeg // horse on s moves to .to unless .leg occupied
	horseSources  [NumSquares][]stepLeg // a horse on .to attacks s unless .leg occupied
	pawnSteps     [2][NumSquares][]Square
	rays          [NumSquares][4][]Square
	fileOf        [NumSquares]int8
	rankOf        [NumSquares]int8
)

const (
	north = iota
	south
	east
	west
)

func onBoard(f, r int) bool { return f >= 0 && f < 9 && r >= 0 && r < 10 }

func init() {
	for s := Square(0); s < NumSquares; s++ {
		f, r := s.File(), s.Rank()
		fileOf[s], rankOf[s] = int8(f), int8(r)
		for d, v := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			for ff, rr := f+v[0], r+v[1]; onBoard(ff, rr); ff, rr = ff+v[0], rr+v[1] {
				rays[s][d] = append(rays[s][d], SquareAt(ff, rr))
			}
		}
		for _, c := range []Color{Red, Black} {
			if inPalace(s, c) {
				for _, v := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
					if t := SquareAt(f+v[0], r+v[1]); onBoard(f+v[0], r+v[1]) && inPalace(t, c) {
						kingSteps[s] = append(kingSteps[s], t)
					}
				}
				for _, v := range [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
					if t := SquareAt(f+v[0], r+v[1]); onBoard(f+v[0], r+v[1]) && inPalace(t, c) {
						advisorSteps[s] = append(advisorSteps[s], t)
					}
				}
			}
			if onOwnHalf(s, c) {
				for _, v := range [4][2]int{{2, 2}, {2, -2}, {-2, 2}, {-2, -2}} {
					ff, rr := f+v[0], r+v[1]
					if onBoard(ff, rr) && onOwnHalf(SquareAt(ff, rr), c) {
						elephantSteps[s] = append(elephantSteps[s], stepLeg{SquareAt(ff, rr), SquareAt(f+v[0]/2, r+v[1]/2)})
					}
				}
			}
			fwd := 1
			if c == Black {
				fwd = -1
			}
			if onBoard(f, r+fwd) {
				pawnSteps[c][s] = append(pawnSteps[c][s], SquareAt(f, r+fwd))
			}
			if !onOwnHalf(s, c) {
				for _, df := range []int{-1, 1} {
					if onBoard(f+df, r) {
						pawnSteps[c][s] = append(pawnSteps[c][s], SquareAt(f+df, r))
					}
				}
			}
		}
		for _, v := range [8][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}} {
			ff, rr := f+v[0], r+v[1]
			if !onBoard(ff, rr) {
				continue
			}
			// The leg is the orthogonal neighbour in the direction of the long step.
			lf, lr := f, r
			if abs(v[0]) == 2 {
				lf += v[0] / 2
			} else {
				lr += v[1] / 2
			}
			horseSteps[s] = append(horseSteps[s], stepLeg{SquareAt(ff, rr), SquareAt(lf, lr)})
			// Seen from the target: a horse at s+v attacks s, its leg is the
			// diagonal neighbour of s toward it.
			sf, sr := f+sign(v[0]), r+sign(v[1])
			horseSources[s] = append(horseSources[s], stepLeg{SquareAt(ff, rr), SquareAt(sf, sr)})
		}
	}
	initZobrist()
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// Zobrist keys, generated by a fixed splitmix64 sequence so hashes are stable
// across runs (they may be stored or compared between processes).
var (
	zobristPiece [16][NumSquares]uint64
	zobristBlack uint64
)

func initZobrist() {
	state := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 {
		state += 0x9E3779B97F4A7C15
		z := state
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for p := range zobristPiece {
		for s := range zobristPiece[p] {
			zobristPiece[p][s] = next()
		}
	}
	zobristBlack = next()
}
