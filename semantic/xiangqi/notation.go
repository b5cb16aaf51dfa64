package xiangqi

import (
	"strings"
	"unicode/utf8"
)

// Notation is one of the three move notations a PGN Format tag can name.
type Notation uint8

const (
	AnyNotation Notation = iota // no requirement / not detected
	Chinese                     // vertical-line notation: 炮二平五
	WXF                         // C2.5
	ICCS                        // H2-E2 or h2e2
)

func (n Notation) String() string {
	return [...]string{"any", "Chinese", "WXF", "ICCS"}[n]
}

// NotationForFormatTag maps a PGN Format tag value to a notation. An empty
// value means the xqbase default, Chinese. ok is false for unknown values.
// "zh" is accepted because real files use it.
func NotationForFormatTag(value string) (n Notation, ok bool) {
	switch strings.ToLower(strings.TrimSpace(value)) {
	case "", "chinese", "zh":
		return Chinese, true
	case "wxf":
		return WXF, true
	case "iccs":
		return ICCS, true
	}
	return AnyNotation, false
}

// Style selects the exact spelling FormatMove produces.
type Style uint8

const (
	StyleChinese            Style = iota // xqbase: 炮二平五, 马８进７ (simplified, full-width Black digits)
	StyleChineseTraditional              // 炮二平五, 馬８進７ (same layout, traditional characters)
	StyleWXF                             // official WXF: C2.5, R+.3, 3++1
	StyleICCS                            // spec form for PGN: H2-E2
	StyleUCCI                            // engine form: h2e2
)

// Notation returns the notation family of a style.
func (s Style) Notation() Notation {
	switch s {
	case StyleChinese, StyleChineseTraditional:
		return Chinese
	case StyleWXF:
		return WXF
	}
	return ICCS
}

type action uint8

const (
	actForward action = iota + 1
	actBackward
	actSideways
)

// fileNumber converts a board file (0..8 = a..i) to the mover's file number:
// each side counts from its own right hand.
func fileNumber(c Color, x int) int {
	if c == Red {
		return 9 - x
	}
	return x + 1
}

// moveFacts is what every notation needs to know about a move, measured
// before it is played.
type moveFacts struct {
	move   Move
	color  Color
	kind   Kind
	file   int // from-file in the mover's numbering
	act    action
	target int // destination file or number of ranks, as the notation uses it
	n      int // own pieces of this kind on the from-file
	idx    int // this piece's position among them, 0 = front
	// Pawns only: how many files hold 2+ own pawns, and the index in the
	// xqbase ordinal list (all pawns on such files, files in mover-number
	// order, front to back), or -1.
	multiFiles int
	ord        int
}

func isDiagonalMover(k Kind) bool { return k == Advisor || k == Elephant || k == Horse }

func canTandem(k Kind) bool { return k == Horse || k == Chariot || k == Cannon || k == Pawn }

// filePieces returns the squares on board file x holding pc, front first
// from pc's owner's point of view.
func (p *Position) filePieces(pc Piece, x int, buf []Square) []Square {
	if pc.Color() == Red {
		for r := 9; r >= 0; r-- {
			if s := SquareAt(x, r); p.board[s] == pc {
				buf = append(buf, s)
			}
		}
	} else {
		for r := 0; r <= 9; r++ {
			if s := SquareAt(x, r); p.board[s] == pc {
				buf = append(buf, s)
			}
		}
	}
	return buf
}

func (p *Position) facts(m Move) moveFacts {
	from := m.From()
	pc := p.board[from]
	f := p.locate(from, pc)
	f.move = m
	f.act, f.target = shape(from, m.To(), pc.Color(), pc.Kind())
	return f
}

// shape returns how a move of a piece of colour c and kind k from one
// square to another is written: its action and its target (a file number,
// or a number of ranks).
func shape(from, to Square, c Color, k Kind) (action, int) {
	dy := int(rankOf[to]) - int(rankOf[from])
	if c == Black {
		dy = -dy
	}
	var act action
	switch {
	case dy == 0:
		act = actSideways
	case dy > 0:
		act = actForward
	default:
		act = actBackward
	}
	if act == actSideways || isDiagonalMover(k) {
		return act, fileNumber(c, int(fileOf[to]))
	}
	return act, abs(dy)
}

// locate fills in the facts that depend only on the piece pc on from: its
// file and where it stands among its like (the move, action and target are
// left to the caller).
func (p *Position) locate(from Square, pc Piece) moveFacts {
	c, k := pc.Color(), pc.Kind()
	f := moveFacts{color: c, kind: k, file: fileNumber(c, int(fileOf[from])), ord: -1}
	if !canTandem(k) {
		f.n = 1
		return f
	}
	var buf [10]Square
	same := p.filePieces(pc, int(fileOf[from]), buf[:0])
	f.n = len(same)
	for i, s := range same {
		if s == from {
			f.idx = i
		}
	}
	if k == Pawn {
		// The xqbase ordinal counts the pawns of the files that hold two or
		// more, files in the mover's numbering, front to back within one.
		var count [9]int
		for s := Square(0); s < NumSquares; s++ {
			if p.board[s] == pc {
				count[fileOf[s]]++
			}
		}
		ord := 0
		for num := 1; num <= 9; num++ {
			x := boardFile(c, num)
			if count[x] < 2 {
				continue
			}
			f.multiFiles++
			if x == int(fileOf[from]) {
				f.ord = ord + f.idx
			}
			ord += count[x]
		}
		if f.multiFiles == 0 {
			f.ord = -1
		}
	}
	return f
}

// Character tables for rendering.
var (
	cnPieceSimplified  = [2][8]string{{"", "帅", "仕", "相", "马", "车", "炮", "兵"}, {"", "将", "士", "象", "马", "车", "炮", "卒"}}
	cnPieceTraditional = [2][8]string{{"", "帥", "仕", "相", "馬", "車", "炮", "兵"}, {"", "將", "士", "象", "馬", "車", "炮", "卒"}}
	cnNumerals         = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	wxfLetters         = [8]byte{0, 'K', 'A', 'E', 'H', 'R', 'C', 'P'}
)

// appendNumber appends a file or target number as side c writes it.
func appendNumber(dst []byte, c Color, n int) []byte {
	if c == Red {
		return append(dst, cnNumerals[n]...)
	}
	return utf8.AppendRune(dst, rune('０'+n)) // full-width digit, as xqbase writes Black
}

// FormatMove spells a legal move of p in the given style. For Chinese and
// WXF the spelling depends on the position (tandem pieces), so m must be a
// move of the side to move in p; an empty from-square yields "".
func (p *Position) FormatMove(m Move, s Style) string {
	var buf [24]byte
	return string(p.AppendMove(buf[:0], m, s))
}

// AppendMove appends FormatMove's spelling of m to dst.
func (p *Position) AppendMove(dst []byte, m Move, s Style) []byte {
	from, to := m.From(), m.To()
	if from < 0 || from >= NumSquares || to < 0 || to >= NumSquares || p.board[from] == NoPiece {
		return dst
	}
	switch s {
	case StyleUCCI, StyleICCS:
		return appendCoordinates(dst, m, s)
	}
	f := p.facts(m)
	return f.appendTo(dst, s)
}

// appendCoordinates appends m in ICCS (H2-E2) or UCCI (h2e2) form.
func appendCoordinates(dst []byte, m Move, s Style) []byte {
	if s == StyleUCCI {
		return append(dst, m.String()...)
	}
	from, to := m.From(), m.To()
	return append(dst, byte('A'+from.File()), byte('0'+from.Rank()), '-', byte('A'+to.File()), byte('0'+to.Rank()))
}

// appendTo appends the move described by f in style s.
func (f *moveFacts) appendTo(dst []byte, s Style) []byte {
	switch s {
	case StyleUCCI, StyleICCS:
		return appendCoordinates(dst, f.move, s)
	case StyleWXF:
		return appendWXF(dst, f)
	}
	return appendChinese(dst, f, s == StyleChineseTraditional)
}

var (
	cnActions   = [2][4]string{{"", "进", "退", "平"}, {"", "進", "退", "平"}}
	cnQualifier = [2][3]string{{"前", "中", "后"}, {"前", "中", "後"}}
)

func appendChinese(dst []byte, f *moveFacts, traditional bool) []byte {
	script := 0
	pieces := &cnPieceSimplified
	if traditional {
		script = 1
		pieces = &cnPieceTraditional
	}
	piece := pieces[f.color][f.kind]
	switch {
	case f.n < 2:
		dst = appendNumber(append(dst, piece...), f.color, f.file)
	case f.kind == Pawn && (f.multiFiles >= 2 || f.n >= 4):
		// xqbase/ElephantEye: ordinals over the pawn list.
		dst = append(append(dst, cnNumerals[f.ord+1]...), piece...)
	case f.n == 2:
		dst = append(append(dst, cnQualifier[script][f.idx*2]...), piece...)
	default: // three pawns on one file
		dst = append(append(dst, cnQualifier[script][f.idx]...), piece...)
	}
	return appendNumber(append(dst, cnActions[script][f.act]...), f.color, f.target)
}

// chineseLocator is the locator of the canonical Chinese text of the move
// f describes, as parseChinese reads it back from appendChinese's text.
func (f *moveFacts) chineseLocator() locKind {
	switch {
	case f.n < 2:
		return locFile
	case f.kind == Pawn && (f.multiFiles >= 2 || f.n >= 4):
		return locOrdinal
	}
	return locQual
}

func appendWXF(dst []byte, f *moveFacts) []byte {
	letter := wxfLetters[f.kind]
	digit := byte('0' + f.file)
	var head [2]byte
	switch {
	case f.n < 2:
		head = [2]byte{letter, digit}
	case f.kind == Pawn && f.multiFiles >= 2:
		// Official two-file rule: file digit, then + / - (middle: the digit again).
		switch f.idx {
		case 0:
			head = [2]byte{digit, '+'}
		case f.n - 1:
			head = [2]byte{digit, '-'}
		default:
			head = [2]byte{digit, digit}
		}
	case f.n == 2:
		head = [2]byte{letter, "+-"[f.idx]}
	case f.n == 3:
		head = [3][2]byte{{letter, '+'}, {letter, digit}, {letter, '-'}}[f.idx]
	case f.n == 4:
		head = [4][2]byte{{'+', '+'}, {letter, '+'}, {letter, '-'}, {'-', '-'}}[f.idx]
	default:
		head = [5][2]byte{{'+', '+'}, {letter, '+'}, {letter, digit}, {letter, '-'}, {'-', '-'}}[f.idx]
	}
	return append(dst, head[0], head[1], " +-."[f.act], byte('0'+f.target))
}

// wxfLocator is the locator of the canonical WXF text of the move f
// describes, as parseWXF reads it back (its first reading) from appendWXF's
// text.
func (f *moveFacts) wxfLocator() locKind {
	switch {
	case f.n < 2:
		return locFile
	case f.kind == Pawn && f.multiFiles >= 2:
		if f.idx == 0 || f.idx == f.n-1 {
			return locFileQual
		}
		return locFileMiddle
	case f.n == 2:
		return locQual
	case f.n == 3:
		return [3]locKind{locQual, locFile, locQual}[f.idx]
	case f.n == 4:
		return [4]locKind{locQual2, locQual, locQual, locQual2}[f.idx]
	}
	return [5]locKind{locQual2, locQual, locFile, locQual, locQual2}[f.idx]
}
