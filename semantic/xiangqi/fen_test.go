package xiangqi

import (
	"errors"
	"testing"
)

func TestFENCanonical(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{StartFEN, StartFEN},
		{"rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1", StartFEN},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", StartFEN},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", StartFEN},
		{"  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR   w - -  0 1 ", StartFEN},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/54/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 0", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 0"},
	} {
		p, err := ParseFEN(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got := p.FEN(); got != c.out {
			t.Errorf("%q: FEN() = %q, want %q", c.in, got, c.out)
		}
	}
}

func TestFENErrors(t *testing.T) {
	const start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
	for _, c := range []struct {
		fen         string
		field       int
		offset, end int
	}{
		{"", FENPlacement, 0, 0},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9", FENPlacement, 0, 49},              // 9 ranks
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9", FENPlacement, 59, 61}, // 11 ranks
		{"rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", FENPlacement, 10, 11},   // short rank
		{"rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", FENPlacement, 9, 10},   // long rank
		{"rnbakabnx/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", FENPlacement, 8, 9},     // bad letter
		{start + " x", FENSide, 60, 61},
		{start + " w K", FENCastling, 62, 63},
		{start + " w - e3", FENEnPassant, 64, 66},
		{start + " w - - -1 1", FENHalfmove, 66, 68},
		{start + " w - - 0 x", FENFullmove, 68, 69},
		{start + " w - - 0 1 extra", FENFullmove, 70, 75},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR", FENPlacement, 0, 59},   // no Red king
		{"rnbkkabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", FENPlacement, 4, 5},    // two kings
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAANR", FENPlacement, 56, 57},  // advisor off its points
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1CB4C1/9/RN1AKABNR", FENPlacement, 44, 45}, // elephant on c2
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/PPP1P1P1P/1C5C1/9/RNBAKABNR", FENPlacement, 33, 34},  // pawn on b3
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/P8/RNBAKABNR", FENPlacement, 48, 49}, // pawn behind its start
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RRBAKABNR", FENPlacement, 58, 59},  // three chariots
		{"3k5/9/9/9/9/9/4K4/9/9/9", FENPlacement, 15, 16},                                      // king outside palace
		{"3k5/9/9/9/9/9/9/9/9/3K5 w", FENPlacement, 21, 22},                                    // kings facing
		{"3k5/3R5/9/9/9/9/9/9/9/4K4 w", FENSide, 26, 27},                                       // Black in check, Red to move
	} {
		_, err := ParseFEN(c.fen)
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("%q: error %v, want *FENError", c.fen, err)
			continue
		}
		if fe.Field != c.field || fe.Offset != c.offset || fe.End != c.end {
			t.Errorf("%q: got field %d [%d,%d) %q; want field %d [%d,%d)", c.fen, fe.Field, fe.Offset, fe.End, fe.Msg, c.field, c.offset, c.end)
		}
	}
}
