package xiangqi

import (
	"fmt"
	"strconv"
	"strings"
)

// FEN field indexes, as used in FENError.Field.
const (
	FENPlacement = iota
	FENSide
	FENCastling
	FENEnPassant
	FENHalfmove
	FENFullmove
)

// FENError locates a problem in a FEN string. Offset and End are byte
// offsets into the string given to ParseFEN (End exclusive).
type FENError struct {
	Field       int // FENPlacement..FENFullmove
	Offset, End int
	Msg         string
}

func (e *FENError) Error() string {
	return fmt.Sprintf("FEN byte %d: %s", e.Offset, e.Msg)
}

type fenField struct {
	text       string
	start, end int
}

func splitFENFields(s string) []fenField {
	var out []fenField
	i := 0
	for i < len(s) {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i == len(s) {
			break
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		out = append(out, fenField{s[i:j], i, j})
		i = j
	}
	return out
}

// pieceFromLetter maps FEN letters, including the E/H synonyms for
// elephant and horse, to pieces.
func pieceFromLetter(c byte) Piece {
	color := Red
	if c >= 'a' && c <= 'z' {
		color = Black
		c -= 'a' - 'A'
	}
	var k Kind
	switch c {
	case 'K':
		k = King
	case 'A':
		k = Advisor
	case 'B', 'E':
		k = Elephant
	case 'N', 'H':
		k = Horse
	case 'R':
		k = Chariot
	case 'C':
		k = Cannon
	case 'P':
		k = Pawn
	default:
		return NoPiece
	}
	return NewPiece(color, k)
}

var maxPieces = [8]int{King: 1, Advisor: 2, Elephant: 2, Horse: 2, Chariot: 2, Cannon: 2, Pawn: 5}

// ParseFEN reads a xiangqi FEN. Fields 3-6 may be missing (they default to
// "- - 0 1"); the side letter may be w, r (Red) or b. The position must be
// reachable in principle: piece counts, palace/elephant/pawn squares, no
// facing kings, and the side not to move not in check.
func ParseFEN(s string) (*Position, error) {
	fields := splitFENFields(s)
	if len(fields) == 0 {
		return nil, &FENError{FENPlacement, 0, len(s), "empty FEN"}
	}
	if len(fields) > 6 {
		f := fields[6]
		return nil, &FENError{FENFullmove, f.start, fields[len(fields)-1].end, "more than six fields"}
	}
	p := &Position{fullmove: 1}
	var letterAt [NumSquares]int // byte offset of each piece letter, for errors
	if err := p.parsePlacement(fields[0], &letterAt); err != nil {
		return nil, err
	}
	if len(fields) > 1 {
		f := fields[1]
		switch f.text {
		case "w", "r":
			p.side = Red
		case "b":
			p.side = Black
		default:
			return nil, &FENError{FENSide, f.start, f.end, fmt.Sprintf("side to move %q: want w, r or b", f.text)}
		}
	}
	for i := FENCastling; i <= FENEnPassant && i < len(fields); i++ {
		if f := fields[i]; f.text != "-" {
			return nil, &FENError{i, f.start, f.end, fmt.Sprintf("field %q: xiangqi has no castling or en passant, want -", f.text)}
		}
	}
	for i := FENHalfmove; i <= FENFullmove && i < len(fields); i++ {
		f := fields[i]
		n, err := strconv.Atoi(f.text)
		if err != nil || n < 0 || f.text[0] == '+' {
			return nil, &FENError{i, f.start, f.end, fmt.Sprintf("move counter %q is not a non-negative integer", f.text)}
		}
		if i == FENHalfmove {
			p.halfmove = n
		} else {
			p.fullmove = n
		}
	}
	p.hash = p.computeHash()
	if err := p.validate(fields, &letterAt); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *Position) parsePlacement(f fenField, letterAt *[NumSquares]int) error {
	rank, file := 9, 0
	rankStart := f.start
	endRank := func(at int) error {
		if file != 9 {
			return &FENError{FENPlacement, rankStart, at, fmt.Sprintf("rank %d has %d files, want 9", rank, file)}
		}
		return nil
	}
	for i := 0; i < len(f.text); i++ {
		c := f.text[i]
		at := f.start + i
		switch {
		case c == '/':
			if err := endRank(at); err != nil {
				return err
			}
			if rank == 0 {
				return &FENError{FENPlacement, at, f.end, "more than 10 ranks"}
			}
			rank--
			file = 0
			rankStart = at + 1
		case c >= '1' && c <= '9':
			file += int(c - '0')
			if file > 9 {
				return &FENError{FENPlacement, at, at + 1, fmt.Sprintf("rank %d is longer than 9 files", rank)}
			}
		default:
			pc := pieceFromLetter(c)
			if pc == NoPiece {
				return &FENError{FENPlacement, at, at + 1, fmt.Sprintf("unknown piece letter %q", c)}
			}
			if file >= 9 {
				return &FENError{FENPlacement, at, at + 1, fmt.Sprintf("rank %d is longer than 9 files", rank)}
			}
			s := SquareAt(file, rank)
			p.board[s] = pc
			letterAt[s] = at
			file++
		}
	}
	if err := endRank(f.end); err != nil {
		return err
	}
	if rank != 0 {
		return &FENError{FENPlacement, f.start, f.end, fmt.Sprintf("%d ranks, want 10", 10-rank)}
	}
	return nil
}

func (p *Position) validate(fields []fenField, letterAt *[NumSquares]int) error {
	pl := fields[0]
	var count [16]int
	pieceErr := func(s Square, msg string) error {
		at := letterAt[s]
		return &FENError{FENPlacement, at, at + 1, msg}
	}
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		if pc == NoPiece {
			continue
		}
		c, k := pc.Color(), pc.Kind()
		count[pc]++
		if count[pc] > maxPieces[k] {
			return pieceErr(s, fmt.Sprintf("%s has more than %d %s(s)", c, maxPieces[k], k))
		}
		switch k {
		case King:
			if !inPalace(s, c) {
				return pieceErr(s, fmt.Sprintf("%s king on %s is outside its palace", c, s))
			}
			p.kings[c] = s
		case Advisor:
			if !isAdvisorSquare(s, c) {
				return pieceErr(s, fmt.Sprintf("%s advisor on %s: advisors stand only on the palace corners and centre", c, s))
			}
		case Elephant:
			if !isElephantSquare(s, c) {
				return pieceErr(s, fmt.Sprintf("%s elephant on %s: not one of its seven points", c, s))
			}
		case Pawn:
			if !isPawnSquare(s, c) {
				return pieceErr(s, fmt.Sprintf("%s pawn on %s: a pawn cannot reach this point", c, s))
			}
		}
	}
	for _, c := range []Color{Red, Black} {
		if count[NewPiece(c, King)] == 0 {
			return &FENError{FENPlacement, pl.start, pl.end, fmt.Sprintf("no %s king", c)}
		}
	}
	if p.kingsFacing() {
		at := letterAt[p.kings[Red]]
		return &FENError{FENPlacement, at, at + 1, "the kings face each other on an open file"}
	}
	if p.Attacked(p.kings[p.side^1], p.side) {
		at, end := pl.end, pl.end
		if len(fields) > 1 {
			at, end = fields[1].start, fields[1].end
		}
		return &FENError{FENSide, at, end, fmt.Sprintf("%s is in check but it is %s's turn", p.side^1, p.side)}
	}
	return nil
}

// FEN returns the canonical FEN: letters K A B N R C P, side w or b, all
// six fields.
func (p *Position) FEN() string {
	var sb strings.Builder
	for r := 9; r >= 0; r-- {
		empty := 0
		for f := 0; f < 9; f++ {
			pc := p.board[SquareAt(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(pc.FENLetter())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	if p.side == Red {
		sb.WriteString(" w - - ")
	} else {
		sb.WriteString(" b - - ")
	}
	sb.WriteString(strconv.Itoa(p.halfmove))
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(p.fullmove))
	return sb.String()
}
