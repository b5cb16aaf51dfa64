package xiangqi

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// The resolver finds a token's move without listing or rendering moves
// (destination, pseudoLegal, the locators). These tests hold each shortcut
// to the plain computation it replaces, over random positions crowded with
// tandem pieces.

// TestDestinationAndPseudoLegal checks that pseudoLegal agrees with
// pseudoMovesFrom on every pair of squares, and that destination finds
// every pseudo-legal move from its action and target and is the inverse
// of shape.
func TestDestinationAndPseudoLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 500 {
		p := randomPosition(rng)
		for from := Square(0); from < NumSquares; from++ {
			pc := p.board[from]
			if pc == NoPiece || pc.Color() != p.side {
				continue
			}
			c, k := pc.Color(), pc.Kind()
			pseudo := p.pseudoMovesFrom(from, nil)
			for to := Square(0); to < NumSquares; to++ {
				if got, want := p.pseudoLegal(from, to), slices.Contains(pseudo, NewMove(from, to)); got != want {
					t.Fatalf("%s: pseudoLegal(%s, %s) = %v, the move list says %v", p.FEN(), from, to, got, want)
				}
			}
			for _, m := range pseudo {
				act, target := shape(from, m.To(), c, k)
				if to := destination(from, c, k, act, target); to != m.To() {
					t.Fatalf("%s: %s %s: destination(%d, %d) = %s", p.FEN(), k, m, act, target, to)
				}
			}
			for act := actForward; act <= actSideways; act++ {
				for target := 1; target <= 9; target++ {
					to := destination(from, c, k, act, target)
					if to == NoSquare {
						continue
					}
					if a, tg := shape(from, to, c, k); a != act || tg != target {
						t.Fatalf("%s: %s on %s: destination(%d, %d) = %s, whose shape is (%d, %d)", p.FEN(), k, from, act, target, to, a, tg)
					}
				}
			}
		}
	}
}

// pseudoMovesOfKind is pseudoMoves restricted to one piece type.
func (p *Position) pseudoMovesOfKind(k Kind, dst []Move) []Move {
	want := NewPiece(p.side, k)
	for s := Square(0); s < NumSquares; s++ {
		if p.board[s] == want {
			dst = p.pseudoMovesFrom(s, dst)
		}
	}
	return dst
}

// matchByListing is the resolution by listing: every pseudo-legal move of
// the spec's kind, its facts worked out and matched. matchSpecs must find
// the same moves.
func (p *Position) matchByListing(specs []moveSpec) (legal, exposing []Move, which int) {
	for i := range specs {
		for _, m := range p.pseudoMovesOfKind(specs[i].kind, nil) {
			f := p.facts(m)
			if !specs[i].matches(&f) {
				continue
			}
			if p.leavesKingSafe(m) {
				legal = append(legal, m)
			} else if !slices.Contains(exposing, m) {
				exposing = append(exposing, m)
			}
		}
		if len(legal) > 0 {
			return legal, nil, i
		}
	}
	return nil, exposing, -1
}

// specsFor lists the specs worth trying in p: every way of locating a
// piece, for the kind, action and target of each pseudo-legal move and a
// few that no move has.
func specsFor(p *Position, rng *rand.Rand) []moveSpec {
	type shapeOf struct {
		kind   Kind
		act    action
		target int
	}
	var shapes []shapeOf
	for _, m := range p.pseudoMoves(nil) {
		pc := p.board[m.From()]
		act, target := shape(m.From(), m.To(), pc.Color(), pc.Kind())
		shapes = append(shapes, shapeOf{pc.Kind(), act, target})
	}
	for range 5 {
		shapes = append(shapes, shapeOf{Kind(1 + rng.IntN(7)), action(1 + rng.IntN(3)), 1 + rng.IntN(9)})
	}
	var specs []moveSpec
	for _, sh := range shapes {
		for _, n := range []Notation{Chinese, WXF} {
			base := moveSpec{notation: n, kind: sh.kind, act: sh.act, target: sh.target}
			add := func(loc locKind, file, qual, ord int) {
				sp := base
				sp.loc, sp.file, sp.qual, sp.ord = loc, file, qual, ord
				specs = append(specs, sp)
			}
			for file := 1; file <= 9; file++ {
				add(locFile, file, 0, 0)
				add(locFileMiddle, file, 0, 0)
				for q := qualFront; q <= qualRear; q++ {
					add(locFileQual, file, q, 0)
				}
				for ord := 1; ord <= 5; ord++ {
					add(locFileOrdinal, file, 0, ord)
				}
			}
			for q := qualFront; q <= qualRear; q++ {
				add(locQual, 0, q, 0)
				add(locQual2, 0, q, 0)
			}
			for ord := 1; ord <= 5; ord++ {
				add(locOrdinal, 0, 0, ord)
			}
		}
	}
	return specs
}

func TestMatchSpecsAgainstListing(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	tried, found := 0, 0
	for range 60 {
		p := randomPosition(rng)
		specs := specsFor(p, rng)
		// One spec at a time, and in pairs as parseWXF gives them.
		for i := range specs {
			group := specs[i : i+1]
			if i+1 < len(specs) && rng.IntN(8) == 0 {
				group = specs[i : i+2]
			}
			legal, exposing, which, f := p.matchSpecs(group, nil)
			wantLegal, wantExposing, wantWhich := p.matchByListing(group)
			tried++
			if !slices.Equal(legal, wantLegal) || !slices.Equal(exposing, wantExposing) || which != wantWhich {
				t.Fatalf("%s: %+v: matchSpecs %v %v %d, listing %v %v %d", p.FEN(), group, legal, exposing, which, wantLegal, wantExposing, wantWhich)
			}
			if len(legal) > 0 {
				found++
				if want := p.facts(legal[0]); f != want {
					t.Fatalf("%s: %+v: facts %+v, want %+v", p.FEN(), group, f, want)
				}
			}
		}
	}
	if found == 0 || found == tried {
		t.Errorf("%d of %d specs found a move: the comparison proves nothing", found, tried)
	}
}

// TestCanonicalLocators checks that chineseLocator and wxfLocator say how
// the canonical text of a move locates its piece, as the parsers read it.
func TestCanonicalLocators(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	seen := map[locKind]int{}
	// Five, four, and three plus two pawns on files, which random positions
	// seldom hold.
	var positions []*Position
	for _, fen := range []string{
		"P2k5/P8/P8/P8/P8/9/9/9/9/4K4 w - - 0 1",
		"P2k5/P8/P8/P8/9/9/9/9/9/4K4 w - - 0 1",
		"P2k5/P8/P8/1P7/1P7/9/9/9/9/4K4 w - - 0 1",
		"4k4/9/9/9/9/p8/p8/p8/p8/p2K5 b - - 0 1",
		"4k4/9/9/9/9/p8/p8/1p7/1p7/p2K5 b - - 0 1",
	} {
		positions = append(positions, mustFEN(t, fen))
	}
	for range 2000 {
		positions = append(positions, randomPosition(rng))
	}
	for _, p := range positions {
		for _, m := range p.LegalMoves(nil) {
			f := p.facts(m)
			for _, trad := range []bool{false, true} {
				text := string(appendChinese(nil, &f, trad))
				sp, _, ok := parseChinese(text, p.side)
				if !ok || sp.loc != f.chineseLocator() {
					t.Fatalf("%s: %q reads as locator %d, chineseLocator says %d", p.FEN(), text, sp.loc, f.chineseLocator())
				}
			}
			text := string(appendWXF(nil, &f))
			specs, _, ok := parseWXF(text, nil)
			if !ok || specs[0].loc != f.wxfLocator() {
				t.Fatalf("%s: %q reads as %+v, wxfLocator says %d", p.FEN(), text, specs, f.wxfLocator())
			}
			seen[f.wxfLocator()]++
		}
	}
	for loc := locFile; loc <= locFileMiddle; loc++ {
		if loc != locOrdinal && seen[loc] == 0 {
			t.Errorf("no canonical WXF move with locator %d", loc)
		}
	}
}

// TestGlued checks Glued against SplitMoves on runs made of move pieces.
func TestGlued(t *testing.T) {
	parts := []string{"炮二平五", "马８进７", "前兵七平八", "C2.5", "Ｃ２＝５", "H2-E2", "h2e2", "C25", "33.4", "51.", "1.",
		"炮", "二", "平", "８", "进", "前", "一", "兵", " ", "+", "-", ".", "C", "2", "5", "e", "x"}
	rng := rand.New(rand.NewPCG(11, 12))
	glued := 0
	for range 20000 {
		var sb strings.Builder
		for range 1 + rng.IntN(3) {
			sb.WriteString(parts[rng.IntN(len(parts))])
		}
		run := sb.String()
		want := len(SplitMoves(run)) > 1
		if got := Glued(run); got != want {
			t.Fatalf("Glued(%q) = %v; SplitMoves gives %+v", run, got, SplitMoves(run))
		}
		if want {
			glued++
		}
	}
	if glued == 0 {
		t.Error("no glued run generated")
	}
}

// TestMayHaveSpace checks the byte test that lets stripSpaces skip decoding
// against unicode.IsSpace, over every code point.
func TestMayHaveSpace(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if unicode.IsSpace(r) && !mayHaveSpace(string(r)) {
			t.Errorf("mayHaveSpace misses %U", r)
		}
	}
	if mayHaveSpace("炮二平五") || mayHaveSpace("马８进７") || mayHaveSpace("H2-E2") {
		t.Error("mayHaveSpace sees a space in a move without one")
	}
}
