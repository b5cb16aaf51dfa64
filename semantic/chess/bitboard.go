package chess

import (
	"math/bits"
	"sync"
)

// bitboard is a set of squares, bit i standing for Square(i).
type bitboard uint64

const (
	fileA bitboard = 0x0101010101010101
	fileH bitboard = fileA << 7
	rank1 bitboard = 0xff
	rank2 bitboard = rank1 << 8
	rank3 bitboard = rank1 << 16
	rank6 bitboard = rank1 << 40
	rank7 bitboard = rank1 << 48
	rank8 bitboard = rank1 << 56

	lightSquares bitboard = 0x55aa55aa55aa55aa
)

func squareBB(s Square) bitboard { return 1 << s }

func (b bitboard) has(s Square) bool { return b>>s&1 != 0 }
func (b bitboard) count() int        { return bits.OnesCount64(uint64(b)) }
func (b bitboard) first() Square     { return Square(bits.TrailingZeros64(uint64(b))) }
func (b bitboard) last() Square      { return Square(63 - bits.LeadingZeros64(uint64(b))) }
func (b bitboard) many() bool        { return b&(b-1) != 0 }

// pop removes and returns the lowest square of a non-empty set.
func (b *bitboard) pop() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

var (
	knightAttacks [64]bitboard
	kingAttacks   [64]bitboard
	pawnAttacks   [2][64]bitboard
	// between[a][b]: squares strictly between a and b when they share a
	// line, else empty. line[a][b]: the whole line through a and b, else empty.
	between [64][64]bitboard
	line    [64][64]bitboard
)

// magicEntry locates the attack sets of one square in sliderTable:
// index = offset + ((occupied & mask) * multiplier) >> shift.
type magicEntry struct {
	mask       bitboard
	multiplier uint64
	offset     uint32
	shift      uint8
}

var (
	rookMagic   [64]magicEntry
	bishopMagic [64]magicEntry
	sliderTable []bitboard
)

var (
	rookDirections   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirections = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

func onBoard(file, rank int) bool { return file >= 0 && file < 8 && rank >= 0 && rank < 8 }

// slowSliderAttacks walks the rays; used only to build the tables.
func slowSliderAttacks(s Square, occupied bitboard, dirs *[4][2]int) bitboard {
	var attacks bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for onBoard(f, r) {
			t := SquareAt(f, r)
			attacks |= squareBB(t)
			if occupied.has(t) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return attacks
}

// relevantMask is the set of squares whose occupancy changes the attacks of
// a slider on s: the rays without their last square.
func relevantMask(s Square, dirs *[4][2]int) bitboard {
	var mask bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for onBoard(f+d[0], r+d[1]) {
			mask |= squareBB(SquareAt(f, r))
			f, r = f+d[0], r+d[1]
		}
	}
	return mask
}

// tablesOnce builds the attack tables and Zobrist keys on first use
// (ParseFEN, the only way to get a Position), so that importing the package
// costs nothing; building them takes a few milliseconds.
var tablesOnce sync.Once

func initTables() {
	initZobrist()
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if onBoard(f+d[0], r+d[1]) {
				knightAttacks[s] |= squareBB(SquareAt(f+d[0], r+d[1]))
			}
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if (df != 0 || dr != 0) && onBoard(f+df, r+dr) {
					kingAttacks[s] |= squareBB(SquareAt(f+df, r+dr))
				}
			}
		}
		for _, df := range [2]int{-1, 1} {
			if onBoard(f+df, r+1) {
				pawnAttacks[White][s] |= squareBB(SquareAt(f+df, r+1))
			}
			if onBoard(f+df, r-1) {
				pawnAttacks[Black][s] |= squareBB(SquareAt(f+df, r-1))
			}
		}
	}
	initMagics()
	for a := Square(0); a < 64; a++ {
		for _, dirs := range [2]*[4][2]int{&rookDirections, &bishopDirections} {
			full := slowSliderAttacks(a, 0, dirs)
			for b := Square(0); b < 64; b++ {
				if a == b || !full.has(b) {
					continue
				}
				between[a][b] = slowSliderAttacks(a, squareBB(b), dirs) & slowSliderAttacks(b, squareBB(a), dirs)
				line[a][b] = (full & slowSliderAttacks(b, 0, dirs)) | squareBB(a) | squareBB(b)
			}
		}
	}
}

func initMagics() {
	size := 0
	for s := 0; s < 64; s++ {
		size += 1<<bits.OnesCount64(uint64(relevantMask(Square(s), &rookDirections))) +
			1<<bits.OnesCount64(uint64(relevantMask(Square(s), &bishopDirections)))
	}
	sliderTable = make([]bitboard, size)
	offset := 0
	fill := func(entries *[64]magicEntry, multipliers *[64]uint64, dirs *[4][2]int) {
		for s := Square(0); s < 64; s++ {
			mask := relevantMask(s, dirs)
			n := mask.count()
			e := &entries[s]
			*e = magicEntry{mask: mask, multiplier: multipliers[s], offset: uint32(offset), shift: uint8(64 - n)}
			// Enumerate every subset of mask (carry-rippler) and store its attacks.
			var sub bitboard
			for {
				i := offset + int((uint64(sub)*e.multiplier)>>e.shift)
				a := slowSliderAttacks(s, sub, dirs)
				if sliderTable[i] != 0 && sliderTable[i] != a {
					panic("chess: bad magic multiplier")
				}
				sliderTable[i] = a
				sub = (sub - mask) & mask
				if sub == 0 {
					break
				}
			}
			offset += 1 << n
		}
	}
	fill(&rookMagic, &rookMultipliers, &rookDirections)
	fill(&bishopMagic, &bishopMultipliers, &bishopDirections)
}

func rookAttacks(s Square, occupied bitboard) bitboard {
	e := &rookMagic[s]
	return sliderTable[e.offset+uint32((uint64(occupied&e.mask)*e.multiplier)>>e.shift)]
}

func bishopAttacks(s Square, occupied bitboard) bitboard {
	e := &bishopMagic[s]
	return sliderTable[e.offset+uint32((uint64(occupied&e.mask)*e.multiplier)>>e.shift)]
}
