package xiangqi

import (
	"math/rand/v2"
	"testing"
)

// randomPosition places a random legal-looking army. Pawns are mostly put
// across the river so that files with 2-5 pawns (the hard notation cases)
// are common.
func randomPosition(rng *rand.Rand) *Position {
	for {
		p := &Position{fullmove: 1, side: Color(rng.IntN(2))}
		place := func(pc Piece, ok func(Square) bool) bool {
			for try := 0; try < 200; try++ {
				s := Square(rng.IntN(NumSquares))
				if p.board[s] == NoPiece && ok(s) {
					p.board[s] = pc
					if pc.Kind() == King {
						p.kings[pc.Color()] = s
					}
					return true
				}
			}
			return false
		}
		for _, c := range []Color{Red, Black} {
			// Crowding pawns onto one or two files produces the 4-5 pawn
			// and two-file cases.
			hot := [2]int{rng.IntN(9), rng.IntN(9)}
			place(NewPiece(c, King), func(s Square) bool { return inPalace(s, c) })
			for k, max := range maxPieces {
				kind := Kind(k)
				if kind == NoKind || kind == King {
					continue
				}
				n := rng.IntN(max + 1)
				for i := 0; i < n; i++ {
					place(NewPiece(c, kind), func(s Square) bool {
						switch kind {
						case Advisor:
							return isAdvisorSquare(s, c)
						case Elephant:
							return isElephantSquare(s, c)
						case Pawn:
							if rng.IntN(3) > 0 && s.File() != hot[0] && s.File() != hot[1] {
								return false
							}
							return isPawnSquare(s, c) && (!onOwnHalf(s, c) || rng.IntN(4) == 0)
						}
						return true
					})
				}
			}
		}
		p.hash = p.computeHash()
		if p.kingsFacing() || p.Attacked(p.kings[p.side^1], p.side) {
			continue
		}
		return p
	}
}

var allStyles = []Style{StyleChinese, StyleChineseTraditional, StyleWXF, StyleICCS, StyleUCCI}

// checkRoundTrip asserts, for every legal move of p, that each canonical
// spelling parses back to the move without issues, and that the chain
// Chinese -> WXF -> ICCS -> Chinese reproduces the Chinese text.
func checkRoundTrip(t *testing.T, p *Position, shapes map[string]int) int {
	t.Helper()
	moves := p.LegalMoves(nil)
	for _, m := range moves {
		if shapes != nil {
			shapes[tokenShape(p.FormatMove(m, StyleChinese))]++
			shapes[tokenShape(p.FormatMove(m, StyleWXF))]++
		}
		for _, s := range allStyles {
			text := p.FormatMove(m, s)
			r := p.ParseMove(text, s.Notation())
			want := 0
			if s == StyleUCCI {
				want = 1 // iccs-form: engine spelling is accepted but reported
			}
			if r.Move != m || len(r.Issues) != want {
				t.Fatalf("%s: %s style %d %q -> %v %v", p.FEN(), m, s, text, r.Move, r.Issues)
			}
		}
		cn := p.FormatMove(m, StyleChinese)
		m1 := p.ParseMove(cn, Chinese).Move
		wxf := p.FormatMove(m1, StyleWXF)
		m2 := p.ParseMove(wxf, WXF).Move
		iccs := p.FormatMove(m2, StyleICCS)
		m3 := p.ParseMove(iccs, ICCS).Move
		if back := p.FormatMove(m3, StyleChinese); back != cn {
			t.Fatalf("%s: %s -> %s -> %s -> %s", p.FEN(), cn, wxf, iccs, back)
		}
	}
	return len(moves)
}

func TestRoundTripRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	total := 0
	shapes := map[string]int{}
	for i := 0; i < 3000; i++ {
		total += checkRoundTrip(t, randomPosition(rng), shapes)
	}
	t.Logf("%d moves round-tripped; shapes %v", total, shapes)
	// Every tandem convention must have been exercised.
	for _, shape := range []string{"前车", "中兵", "一兵", "五兵", "P+", "P7", "++", "--", "3+", "33"} {
		if shapes[shape] == 0 {
			t.Errorf("no move rendered as %s...", shape)
		}
	}
}

func TestRoundTripGamePositions(t *testing.T) {
	// Random playouts from the perft positions cover ordinary game shapes.
	rng := rand.New(rand.NewPCG(3, 4))
	fens := []string{StartFEN}
	for _, c := range readPerftCases(t) {
		fens = append(fens, c.fen)
	}
	total := 0
	for _, fen := range fens {
		p := mustFEN(t, fen)
		for ply := 0; ply < 60; ply++ {
			total += checkRoundTrip(t, p, nil)
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			p.MakeMove(moves[rng.IntN(len(moves))])
		}
	}
	t.Logf("%d moves round-tripped", total)
}

// tokenShape abstracts a canonical token's head for coverage counting.
func tokenShape(tok string) string {
	r := []rune(tok)
	switch {
	case r[0] == '前' && r[1] == '车':
		return "前车"
	case r[0] == '中' || r[0] == '一' || r[0] == '五':
		return string(r[:2])
	case r[0] == 'P' && r[1] >= '1' && r[1] <= '9':
		return "P7"
	case r[0] == 'P' && r[1] == '+':
		return "P+"
	case r[0] == '+' || r[0] == '-':
		return string(r[:2])
	case r[0] >= '1' && r[0] <= '9' && r[1] == r[0]:
		return "33"
	case r[0] >= '1' && r[0] <= '9':
		return "3" + string(r[1])
	}
	return "plain"
}
