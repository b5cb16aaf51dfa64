// Package bytescan skips runs of ordinary bytes eight at a time: the
// generated scanner inside comments and strings, the splitter and the
// character pass spend most of their time on such runs.
package bytescan

import "math/bits"

// Text is what the functions read: the scanner holds strings, the other
// stages byte slices.
type Text interface{ ~string | ~[]byte }

const (
	ones = 0x0101010101010101
	high = 0x8080808080808080
)

// load reads s[i:i+8] as a little-endian word (the first byte lowest).
func load[T Text](s T, i int) uint64 {
	_ = s[i+7]
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}

// The word tests below mark a byte with its high bit. A borrow or carry
// can mark bytes above the first true one, never below it, so the lowest
// mark is exact, which is all the callers use.

// equal marks the bytes of x equal to c.
func equal(x uint64, c byte) uint64 {
	y := x ^ (ones * uint64(c))
	return (y - ones) &^ y & high
}

// IndexAny returns the index of the first byte of s at or after i that is
// one of the ASCII bytes in set or, when nonASCII is true, any byte of
// 0x80 or above; len(s) when there is none.
func IndexAny[T Text](s T, i int, set string, nonASCII bool) int {
	for ; i+8 <= len(s); i += 8 {
		x := load(s, i)
		var m uint64
		if nonASCII {
			m = x & high
		}
		for k := 0; k < len(set); k++ {
			m |= equal(x, set[k])
		}
		if m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s); i++ {
		c := s[i]
		if nonASCII && c >= 0x80 {
			return i
		}
		for k := 0; k < len(set); k++ {
			if c == set[k] {
				return i
			}
		}
	}
	return len(s)
}

// IndexNotPrintable returns the index of the first byte of s at or after i
// that is not printable ASCII (0x20 to 0x7e); len(s) when there is none.
func IndexNotPrintable[T Text](s T, i int) int {
	for ; i+8 <= len(s); i += 8 {
		x := load(s, i)
		below := (x - ones*0x20) &^ x & high // bytes under 0x20
		above := ((x + ones) | x) & high     // bytes over 0x7e
		if m := below | above; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e {
			return i
		}
	}
	return len(s)
}
