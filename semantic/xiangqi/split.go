package xiangqi

import (
	"unicode"
	"unicode/utf8"
)

// MoveSpan is one token cut from a run of glued moves. Start and End are
// byte offsets within the run (End exclusive); Text is run[Start:End].
type MoveSpan struct {
	Text       string
	Start, End int
}

// Glued reports whether SplitMoves cuts run into more than one token. It
// answers the usual case, a run that is one Chinese, WXF or ICCS move,
// without cutting (nor allocating).
func Glued(run string) bool {
	if single(run) {
		return false
	}
	return len(SplitMoves(run)) > 1
}

// single reports the runs that SplitMoves certainly leaves whole: four
// characters of Chinese notation starting with one that is no digit (the
// width of a Chinese move), or printable ASCII that asciiMoveLen takes
// as one token.
func single(run string) bool {
	if run == "" {
		return true
	}
	if run[0] >= utf8.RuneSelf {
		n := 0
		for i, r := range run {
			if _, ok := cnLookup(r); !ok || n == 4 || i == 0 && !isChineseMoveRune(r) {
				return false
			}
			n++
		}
		return n == 4
	}
	for i := 0; i < len(run); i++ {
		if run[i] <= ' ' || run[i] >= utf8.RuneSelf {
			return false
		}
	}
	return asciiMoveLen([]byte(run[:min(len(run), 6)])) == len(run)
}

type runeAt struct {
	r   rune
	off int
}

// SplitMoves cuts a run of moves written without separators, such as
// "炮二平五马８进７", "Ｃ２＝５Ｈ８＋７" or "h2e2h9g7", into single move
// tokens. Chinese and WXF moves have fixed widths (4 characters; 5 for the
// old pawn form 前兵七平八; 3 for WXF without operator, C25), ICCS moves
// 4 or 5 (with hyphen). A glued move number ("51.") becomes its own span.
// Spaces separate tokens and are skipped. The spans are not validated:
// pass each to ParseMove.
func SplitMoves(run string) []MoveSpan {
	rs := make([]runeAt, 0, utf8.RuneCountInString(run))
	for off, r := range run {
		rs = append(rs, runeAt{r, off})
	}
	end := func(i int) int {
		if i < len(rs) {
			return rs[i].off
		}
		return len(run)
	}
	var out []MoveSpan
	emit := func(i, j int) {
		a, b := end(i), end(j)
		out = append(out, MoveSpan{run[a:b], a, b})
	}
	for i := 0; i < len(rs); {
		r := rs[i].r
		switch {
		case unicode.IsSpace(r):
			i++
			continue
		case isChineseMoveRune(r):
			n := chineseMoveLen(rs[i:])
			emit(i, i+n)
			i += n
			continue
		}
		folded := foldPrefix(rs[i:], 6)
		if len(folded) == 0 {
			// Unknown text: keep it together up to the next plausible start.
			j := i + 1
			for j < len(rs) && !unicode.IsSpace(rs[j].r) && !isChineseMoveRune(rs[j].r) && len(foldPrefix(rs[j:], 1)) == 0 {
				j++
			}
			emit(i, j)
			i = j
			continue
		}
		n := asciiMoveLen(folded)
		emit(i, i+n)
		i += n
	}
	return out
}

func isCnClass(r runeAt, classes ...cnClass) bool {
	s, ok := cnLookup(r.r)
	if !ok {
		return false
	}
	for _, c := range classes {
		if s.class == c {
			return true
		}
	}
	return false
}

// chineseMoveLen returns 5 for the old pawn form (qualifier, piece, file,
// action, target), else 4, cut short at the first character that cannot
// belong to a Chinese move.
func chineseMoveLen(rs []runeAt) int {
	if len(rs) >= 5 && isCnClass(rs[0], cnQual) && isCnClass(rs[1], cnPiece) &&
		isCnClass(rs[2], cnNumeral, cnDigit) && isCnClass(rs[3], cnAction) && isCnClass(rs[4], cnNumeral, cnDigit) {
		return 5
	}
	n := 1
	for n < 4 && n < len(rs) && isCnClass(rs[n], cnPiece, cnNumeral, cnDigit, cnAction, cnQual) {
		n++
	}
	return n
}

// foldPrefix folds up to max leading runes to ASCII (full-width forms
// included), stopping at the first rune that has no ASCII form or is a space.
func foldPrefix(rs []runeAt, max int) []byte {
	var out []byte
	for _, ra := range rs {
		if len(out) == max {
			break
		}
		r := ra.r
		if r >= 0xFF01 && r <= 0xFF5E {
			r -= 0xFEE0
		}
		if r <= ' ' || r >= utf8.RuneSelf {
			break
		}
		out = append(out, byte(r))
	}
	return out
}

func isICCSSquare(f, r byte) bool {
	f |= 0x20
	return f >= 'a' && f <= 'i' && r >= '0' && r <= '9'
}

// asciiMoveLen decides the width of the ASCII (or full-width) token at the
// start of b.
func asciiMoveLen(b []byte) int {
	digits := 0
	for digits < len(b) && b[digits] >= '0' && b[digits] <= '9' {
		digits++
	}
	if digits > 0 && digits < len(b) && b[digits] == '.' {
		// "51." is a move number unless a digit follows the dot (33.4 is WXF).
		j := digits
		for j < len(b) && b[j] == '.' {
			j++
		}
		if j == len(b) || b[j] < '0' || b[j] > '9' {
			return j
		}
	}
	switch {
	case len(b) >= 5 && isICCSSquare(b[0], b[1]) && b[2] == '-' && isICCSSquare(b[3], b[4]):
		return 5
	case len(b) >= 4 && isICCSSquare(b[0], b[1]) && isICCSSquare(b[2], b[3]):
		return 4
	case len(b) >= 3 && b[2] != '+' && b[2] != '-' && b[2] != '.' && b[2] != '=' && isDigit19(b[1]) && isDigit19(b[2]):
		return 3 // WXF without operator: C25
	}
	return min(4, len(b))
}
