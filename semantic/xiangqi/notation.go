package xiangqi

import "strings"

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
	from, to := m.From(), m.To()
	pc := p.board[from]
	c, k := pc.Color(), pc.Kind()
	f := moveFacts{move: m, color: c, kind: k, file: fileNumber(c, from.File()), ord: -1}
	dy := to.Rank() - from.Rank()
	if c == Black {
		dy = -dy
	}
	switch {
	case dy == 0:
		f.act = actSideways
	case dy > 0:
		f.act = actForward
	default:
		f.act = actBackward
	}
	if f.act == actSideways || isDiagonalMover(k) {
		f.target = fileNumber(c, to.File())
	} else {
		f.target = abs(dy)
	}
	if !canTandem(k) {
		f.n = 1
		return f
	}
	var buf [10]Square
	same := p.filePieces(pc, from.File(), buf[:0])
	f.n = len(same)
	for i, s := range same {
		if s == from {
			f.idx = i
		}
	}
	if k == Pawn {
		ord := 0
		for num := 1; num <= 9; num++ {
			x := num - 1
			if c == Red {
				x = 9 - num
			}
			onFile := p.filePieces(pc, x, buf[:0])
			if len(onFile) < 2 {
				continue
			}
			f.multiFiles++
			for _, s := range onFile {
				if s == from {
					f.ord = ord
				}
				ord++
			}
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

func cnNumber(c Color, n int) string {
	if c == Red {
		return cnNumerals[n]
	}
	return string(rune('０' + n)) // full-width digit, as xqbase writes Black
}

// FormatMove spells a legal move of p in the given style. For Chinese and
// WXF the spelling depends on the position (tandem pieces), so m must be a
// move of the side to move in p; an empty from-square yields "".
func (p *Position) FormatMove(m Move, s Style) string {
	from, to := m.From(), m.To()
	if from < 0 || from >= NumSquares || to < 0 || to >= NumSquares || p.board[from] == NoPiece {
		return ""
	}
	switch s {
	case StyleUCCI:
		return m.String()
	case StyleICCS:
		return string([]byte{byte('A' + from.File()), byte('0' + from.Rank()), '-', byte('A' + to.File()), byte('0' + to.Rank())})
	case StyleWXF:
		return formatWXF(p.facts(m))
	}
	return formatChinese(p.facts(m), s == StyleChineseTraditional)
}

func formatChinese(f moveFacts, traditional bool) string {
	pieces, acts, quals := &cnPieceSimplified, [4]string{"", "进", "退", "平"}, [3]string{"前", "中", "后"}
	if traditional {
		pieces, acts, quals = &cnPieceTraditional, [4]string{"", "進", "退", "平"}, [3]string{"前", "中", "後"}
	}
	piece := pieces[f.color][f.kind]
	var head string
	switch {
	case f.n < 2:
		head = piece + cnNumber(f.color, f.file)
	case f.kind == Pawn && (f.multiFiles >= 2 || f.n >= 4):
		// xqbase/ElephantEye: ordinals over the pawn list.
		head = cnNumerals[f.ord+1] + piece
	case f.n == 2:
		head = quals[f.idx*2] + piece
	default: // three pawns on one file
		head = quals[f.idx] + piece
	}
	return head + acts[f.act] + cnNumber(f.color, f.target)
}

func formatWXF(f moveFacts) string {
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
	return string([]byte{head[0], head[1], " +-."[f.act], byte('0' + f.target)})
}
