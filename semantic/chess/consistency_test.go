package chess

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// samplePositions returns varied positions: the perft suites (which are
// full of pins, checks, promotions and odd castling rights) and random
// walks from the standard and Chess960 starts.
func samplePositions(t *testing.T) []*Position {
	var out []*Position
	var suites []perftCase
	if _, err := os.Stat(filepath.Join("..", "..", "..", "shared", "corpus", "epd")); err == nil {
		suites = readPerftSuites(t)
	}
	for _, c := range suites {
		if p, err := ParseFEN(strings.Join(strings.Fields(c.fen), " ")); err == nil {
			out = append(out, p)
		}
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for _, fen := range []string{StartFEN, "bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w HFhf - 0 1"} {
		p, _ := ParseFEN(fen)
		for i := 0; i < 300; i++ {
			out = append(out, randomWalk(p, rng, 1+rng.IntN(120)))
		}
	}
	return out
}

// TestMovesToMatchesLegalMoves: the targeted generator used by the SAN
// fast path agrees with the full one on every square and piece kind.
func TestMovesToMatchesLegalMoves(t *testing.T) {
	for _, p := range samplePositions(t) {
		all := p.LegalMoves(nil)
		for pt := Pawn; pt <= King; pt++ {
			for to := Square(0); to < 64; to++ {
				var want []Move
				for _, m := range all {
					if m.To() == to && !m.IsCastle() && p.board[m.From()].Type() == pt {
						want = append(want, m)
					}
				}
				got := p.movesTo(to, pt, nil)
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("%s: %v to %v: movesTo %v, LegalMoves %v", p.FEN(), pt, to, got, want)
				}
			}
		}
	}
}

// TestSANRoundTrip: for every legal move of many positions, SAN then
// ParseSAN gives the move back with no issue, and UCI round-trips too.
func TestSANRoundTrip(t *testing.T) {
	n := 0
	for _, p := range samplePositions(t) {
		seen := map[string]bool{}
		for _, m := range p.LegalMoves(nil) {
			san := p.SAN(m)
			if seen[san] {
				t.Errorf("%s: two moves written %q", p.FEN(), san)
			}
			seen[san] = true
			res := p.ParseSAN(san)
			if res.Move != m || len(res.Issues) > 0 || res.SAN != san {
				t.Errorf("%s: %q resolves to %s", p.FEN(), san, describe(p, res))
			}
			if back, err := p.ParseUCI(p.UCI(m)); err != nil || back != m {
				t.Errorf("%s: UCI %s round trip: %v %v", p.FEN(), p.UCI(m), back, err)
			}
			n++
		}
	}
	t.Logf("%d moves", n)
}

// TestKeyIncremental: the Zobrist key kept by Play equals the key of the
// same position parsed from its FEN.
func TestKeyIncremental(t *testing.T) {
	for _, p := range samplePositions(t) {
		q, err := ParseFEN(p.FEN())
		if err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		if q.Key() != p.Key() {
			t.Errorf("%s: key %x after play, %x from FEN", p.FEN(), p.Key(), q.Key())
		}
		if p2, _ := ParseFEN(q.FEN()); p2.FEN() != q.FEN() {
			t.Errorf("FEN round trip: %s -> %s", q.FEN(), p2.FEN())
		}
	}
}
