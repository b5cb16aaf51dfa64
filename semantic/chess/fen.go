package chess

import (
	"fmt"
	"strconv"
	"strings"
)

// FEN field indexes, as used in FENError.Field.
const (
	FieldPlacement = iota
	FieldSideToMove
	FieldCastling
	FieldEnPassant
	FieldHalfmove
	FieldFullmove
)

var fenFieldNames = [6]string{"piece placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number"}

// FENError is one problem found in a FEN string.
type FENError struct {
	Field       int // FieldPlacement … FieldFullmove
	Offset, End int // byte range in the FEN string (End == Offset: at that point)
	Msg         string
}

func (e *FENError) Error() string {
	return fmt.Sprintf("FEN %s (bytes %d-%d): %s", fenFieldNames[e.Field], e.Offset, e.End, e.Msg)
}

// FENErrors is what ParseFEN returns on failure: every problem found, in
// byte order. errors.As(err, &fenErr) yields the first one.
type FENErrors []*FENError

func (es FENErrors) Error() string {
	msgs := make([]string, len(es))
	for i, e := range es {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "; ")
}

// Unwrap exposes the individual errors to errors.Is and errors.As.
func (es FENErrors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

type fenParser struct {
	errs FENErrors
}

func (fp *fenParser) fail(field, offset, end int, format string, args ...any) {
	fp.errs = append(fp.errs, &FENError{Field: field, Offset: offset, End: end, Msg: fmt.Sprintf(format, args...)})
}

// ParseFEN reads a FEN string (PGN standard §16.1). Four fields are also
// accepted (EPD style), with halfmove clock 0 and fullmove number 1.
//
// Castling may be written KQkq (for Chess960 meaning the outermost rook on
// that side, as X-FEN does), with rook file letters (Shredder-FEN "HAha"),
// or mixed. The position is marked Chess960 when a castling right needs the
// king off the e-file or a rook off the a/h files.
//
// On failure the error is a FENErrors listing every problem found.
func ParseFEN(s string) (*Position, error) {
	tablesOnce.Do(initTables)
	fp := &fenParser{}
	p := &Position{ep: NoSquare, fullmove: 1}
	for c := range p.castleRook {
		p.castleRook[c] = [2]Square{NoSquare, NoSquare}
	}

	type span struct{ start, end int }
	var fields []span
	for i := 0; i < len(s); {
		if s[i] == ' ' || s[i] == '\t' {
			j := i
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
			if i == 0 || j == len(s) || j-i > 1 || s[i] == '\t' {
				field := min(len(fields), FieldFullmove)
				if j == len(s) && len(fields) > 0 {
					field = min(len(fields)-1, FieldFullmove)
				}
				fp.fail(field, i, j, "fields must be separated by exactly one space, without leading or trailing blanks")
			}
			i = j
			continue
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		fields = append(fields, span{i, j})
		i = j
	}
	if len(fields) < 4 {
		fp.fail(len(fields), len(s), len(s), "missing %s field: a FEN has 6 fields (4 are accepted)", fenFieldNames[len(fields)])
	} else if len(fields) == 5 {
		fp.fail(FieldFullmove, len(s), len(s), "missing fullmove number after the halfmove clock")
	} else if len(fields) > 6 {
		fp.fail(FieldFullmove, fields[6].start, len(s), "unexpected text after the fullmove number")
	}
	text := func(i int) (string, int) {
		if i < len(fields) {
			return s[fields[i].start:fields[i].end], fields[i].start
		}
		return "", -1
	}

	placement, off := text(FieldPlacement)
	var squareOffset [64]int
	boardOK := fp.parsePlacement(p, placement, off, &squareOffset)

	side, sideOff := text(FieldSideToMove)
	if sideOff < 0 {
		boardOK = false // the checks below need to know who is to move
	} else {
		switch side {
		case "w":
			p.side = White
		case "b":
			p.side = Black
		default:
			fp.fail(FieldSideToMove, sideOff, sideOff+len(side), "side to move must be \"w\" or \"b\", not %q", side)
			boardOK = false
		}
	}
	if castling, off := text(FieldCastling); off >= 0 && boardOK {
		fp.parseCastling(p, castling, off)
	}
	if ep, off := text(FieldEnPassant); off >= 0 && boardOK {
		fp.parseEnPassant(p, ep, off)
	}
	if len(fields) >= 6 {
		n, off := text(FieldHalfmove)
		if v, ok := fp.parseCount(FieldHalfmove, n, off); ok {
			p.halfmove = v
		}
		n, off = text(FieldFullmove)
		if v, ok := fp.parseCount(FieldFullmove, n, off); ok {
			if v < 1 {
				fp.fail(FieldFullmove, off, off+len(n), "fullmove number must be at least 1")
			}
			p.fullmove = v
		}
	}
	if boardOK {
		them := p.side.Other()
		if p.attackedBy(p.side, p.king[them], p.occupied()) {
			fp.fail(FieldSideToMove, sideOff, sideOff+len(side), "the side not to move (%s) is in check", them)
		}
	}
	if len(fp.errs) > 0 {
		sortFENErrors(fp.errs)
		return nil, fp.errs
	}
	p.computeHash()
	p.epCapturable = p.hasLegalEnPassant()
	return p, nil
}

func sortFENErrors(es FENErrors) {
	for i := 1; i < len(es); i++ { // insertion sort: there are few
		for j := i; j > 0 && es[j].Offset < es[j-1].Offset; j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
}

// parsePlacement fills the board; it reports whether the board is usable
// for the later checks (8 ranks of 8 squares, one king each).
func (fp *fenParser) parsePlacement(p *Position, f string, off int, squareOffset *[64]int) bool {
	if f == "" {
		return false
	}
	ok := true
	rank, file := 7, 0
	prevDigit := false
	rankStart := off
	badChar := false // a rank with a bad character is not also counted
	endRank := func(i int) {
		if file < 8 && !badChar {
			fp.fail(FieldPlacement, rankStart, off+i, "rank %d has %d square%s, not 8", rank+1, file, plural(file))
			ok = false
		}
		badChar = false
	}
	for i := 0; i < len(f); i++ {
		c := f[i]
		switch {
		case c == '/':
			endRank(i)
			rank--
			file = 0
			prevDigit = false
			rankStart = off + i + 1
			if rank < 0 {
				fp.fail(FieldPlacement, off+i, off+len(f), "more than 8 ranks")
				return false
			}
		case c >= '1' && c <= '8':
			if prevDigit {
				fp.fail(FieldPlacement, off+i-1, off+i+1, "two digits in a row: write the number of empty squares as one digit")
				ok = false
			}
			prevDigit = true
			file += int(c - '0')
			if file > 8 {
				fp.fail(FieldPlacement, rankStart, off+i+1, "rank %d has more than 8 squares", rank+1)
				ok = false
				file = 9 // report once per rank
			}
		default:
			prevDigit = false
			k := strings.IndexByte("PNBRQK", upper(c))
			if k < 0 || !isLetter(c) {
				if c == '0' || c == '9' {
					fp.fail(FieldPlacement, off+i, off+i+1, "%q: runs of empty squares are counted with the digits 1 to 8", c)
				} else {
					fp.fail(FieldPlacement, off+i, off+i+1, "%q is not a piece letter (PNBRQK for white, pnbrqk for black) or a digit 1-8", c)
				}
				ok = false
				badChar = true
				file++
				continue
			}
			t := PieceType(k + 1)
			if file >= 8 {
				if file == 8 {
					fp.fail(FieldPlacement, rankStart, off+i+1, "rank %d has more than 8 squares", rank+1)
				}
				ok = false
				file = 9
				continue
			}
			color := White
			if c >= 'a' {
				color = Black
			}
			s := SquareAt(file, rank)
			squareOffset[s] = off + i
			if t == Pawn && (rank == 0 || rank == 7) {
				fp.fail(FieldPlacement, off+i, off+i+1, "pawn on rank %d", rank+1)
				ok = false
			}
			p.put(s, MakePiece(color, t))
			file++
		}
	}
	endRank(len(f))
	if rank > 0 {
		fp.fail(FieldPlacement, off, off+len(f), "%d ranks, not 8", 8-rank)
		return false
	}
	for c := White; c <= Black; c++ {
		kings := p.piecesOf(c, King)
		switch {
		case kings == 0:
			fp.fail(FieldPlacement, off, off+len(f), "no %s king", c)
			ok = false
		case kings.many():
			second := kings
			second.pop()
			s := second.first()
			fp.fail(FieldPlacement, squareOffset[s], squareOffset[s]+1, "more than one %s king", c)
			ok = false
		default:
			p.king[c] = kings.first()
		}
	}
	return ok
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 32
	}
	return c
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func backRank(c Color) int {
	if c == White {
		return 0
	}
	return 7
}

func (fp *fenParser) parseCastling(p *Position, f string, off int) {
	if f == "-" {
		return
	}
	for i := 0; i < len(f); i++ {
		c := f[i]
		color := White
		if c >= 'a' && c <= 'z' {
			color = Black
		}
		u := upper(c)
		ksq := p.king[color]
		if ksq.Rank() != backRank(color) && (u == 'K' || u == 'Q' || u >= 'A' && u <= 'H') {
			fp.fail(FieldCastling, off+i, off+i+1, "%q: the %s king is not on its first rank", c, color)
			continue
		}
		rook := MakePiece(color, Rook)
		var side CastleSide
		rookSq := NoSquare
		switch {
		case u == 'K' || u == 'Q':
			// X-FEN: the outermost rook on that side of the king.
			side = KingSide
			from, step := 7, -1
			if u == 'Q' {
				side, from, step = QueenSide, 0, 1
			}
			for f := from; f != ksq.File(); f += step {
				if s := SquareAt(f, backRank(color)); p.board[s] == rook {
					rookSq = s
					break
				}
			}
			if rookSq == NoSquare {
				fp.fail(FieldCastling, off+i, off+i+1, "%q: no %s rook on the %s side of the king", c, color, [2]string{"king", "queen"}[side])
				continue
			}
		case u >= 'A' && u <= 'H':
			// Shredder-FEN: the file of the castling rook.
			s := SquareAt(int(u-'A'), backRank(color))
			if p.board[s] != rook || s.File() == ksq.File() {
				fp.fail(FieldCastling, off+i, off+i+1, "%q: no %s rook on %s", c, color, s)
				continue
			}
			rookSq = s
			side = KingSide
			if s.File() < ksq.File() {
				side = QueenSide
			}
		default:
			fp.fail(FieldCastling, off+i, off+i+1, "%q is not a castling letter (KQkq, file letters A-H/a-h, or \"-\")", c)
			continue
		}
		if p.castleRook[color][side] != NoSquare {
			fp.fail(FieldCastling, off+i, off+i+1, "%q repeats the %s %s-side castling right", c, color, [2]string{"king", "queen"}[side])
			continue
		}
		p.castleRook[color][side] = rookSq
		standardRook := (side == KingSide && rookSq.File() == 7) || (side == QueenSide && rookSq.File() == 0)
		if ksq.File() != 4 || !standardRook {
			p.chess960 = true
		}
	}
}

func (fp *fenParser) parseEnPassant(p *Position, f string, off int) {
	if f == "-" {
		return
	}
	s, ok := ParseSquare(f)
	if !ok {
		fp.fail(FieldEnPassant, off, off+len(f), "%q is not \"-\" or a square", f)
		return
	}
	us, them := p.side, p.side.Other()
	wantRank := 5 // white to move: black has just pushed, target on rank 6
	if us == Black {
		wantRank = 2
	}
	if s.Rank() != wantRank {
		fp.fail(FieldEnPassant, off, off+len(f), "en-passant square %s is not on rank %d, where it must be with %s to move", s, wantRank+1, us)
		return
	}
	pawnSq := s ^ 8                                        // rank 5 (or 4): where the pawn stands after its double step
	origin := SquareAt(s.File(), 2*s.Rank()-pawnSq.Rank()) // where it came from
	if p.board[pawnSq] != MakePiece(them, Pawn) {
		fp.fail(FieldEnPassant, off, off+len(f), "en-passant square %s but no %s pawn on %s that could have just advanced two squares", s, them, pawnSq)
		return
	}
	if p.board[s] != NoPiece || p.board[origin] != NoPiece {
		fp.fail(FieldEnPassant, off, off+len(f), "en-passant square %s but %s or %s is occupied, so no pawn just passed over it", s, s, origin)
		return
	}
	p.ep = s
}

// parseCount reads a non-negative decimal integer field.
func (fp *fenParser) parseCount(field int, f string, off int) (int32, bool) {
	if f == "" {
		return 0, false
	}
	for i := 0; i < len(f); i++ {
		if f[i] < '0' || f[i] > '9' {
			fp.fail(field, off, off+len(f), "%s must be a non-negative integer, not %q", fenFieldNames[field], f)
			return 0, false
		}
	}
	v, err := strconv.ParseInt(f, 10, 32)
	if err != nil {
		fp.fail(field, off, off+len(f), "%s %s is too large", fenFieldNames[field], f)
		return 0, false
	}
	return int32(v), true
}

// EnPassantMode selects when FEN output names the en-passant square.
type EnPassantMode uint8

const (
	// EnPassantAfterDoublePush writes it after every double pawn push, as
	// PGN §16.1.3.4 specifies ("whether or not a capture is possible").
	EnPassantAfterDoublePush EnPassantMode = iota
	// EnPassantIfLegal writes it only when an en-passant capture is legal
	// (what many engines and lichess write).
	EnPassantIfLegal
)

// FENOptions tunes FENWith.
type FENOptions struct {
	EnPassant EnPassantMode
	// Shredder writes every castling right as a rook file letter (HAha).
	Shredder bool
}

// FEN returns the position in FEN as PGN §16.1 specifies; see FENWith.
func (p *Position) FEN() string { return p.FENWith(FENOptions{}) }

// FENWith returns the position in FEN.
//
// Castling rights are written KQkq whenever that letter is unambiguous, i.e.
// the castling rook is the outermost rook of its colour on that side of the
// king (always so in standard chess); only a right whose rook has another
// rook outside it (possible in Chess960) is written as the rook's file
// letter, as X-FEN does. Options.Shredder writes file letters throughout.
func (p *Position) FENWith(opt FENOptions) string {
	b := make([]byte, 0, 90)
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := p.board[SquareAt(file, rank)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b = append(b, byte('0'+empty))
				empty = 0
			}
			b = append(b, pc.FENLetter())
		}
		if empty > 0 {
			b = append(b, byte('0'+empty))
		}
		if rank > 0 {
			b = append(b, '/')
		}
	}
	b = append(b, ' ', "wb"[p.side], ' ')
	n := len(b)
	for c := White; c <= Black; c++ {
		for side := KingSide; side <= QueenSide; side++ {
			r := p.castleRook[c][side]
			if r == NoSquare {
				continue
			}
			letter := byte("KQ"[side])
			if opt.Shredder || !p.outermostRook(c, side, r) {
				letter = 'A' + byte(r.File())
			}
			if c == Black {
				letter += 'a' - 'A'
			}
			b = append(b, letter)
		}
	}
	if len(b) == n {
		b = append(b, '-')
	}
	b = append(b, ' ')
	if p.ep != NoSquare && (opt.EnPassant == EnPassantAfterDoublePush || p.epCapturable) {
		b = append(b, p.ep.String()...)
	} else {
		b = append(b, '-')
	}
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(p.halfmove), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(p.fullmove), 10)
	return string(b)
}

// outermostRook reports whether no other rook of colour c stands between r
// and the board edge on that side, so K/Q (X-FEN) identifies r.
func (p *Position) outermostRook(c Color, side CastleSide, r Square) bool {
	rooks := p.piecesOf(c, Rook) & (rank1 << (8 * backRank(c)))
	if side == KingSide {
		return rooks>>(r+1) == 0
	}
	return rooks&(squareBB(r)-1) == 0
}
