package xiangqi

import (
	"path/filepath"
	"testing"
)

func benchPerft(b *testing.B, fen string, depth int) {
	p, err := ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	for b.Loop() {
		nodes += Perft(p, depth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkPerftStart4(b *testing.B) { benchPerft(b, StartFEN, 4) }

func BenchmarkPerftMiddlegame4(b *testing.B) {
	benchPerft(b, "r1bakabr1/9/c1n6/p3p3p/2C2n3/1N2c4/P5P1P/1C2B1N2/4A4/3RKAB1R b - - 0 11", 4)
}

func BenchmarkLegalMoves(b *testing.B) {
	p := mustFEN(b, "r1bakabr1/9/c1n6/p3p3p/2C2n3/1N2c4/P5P1P/1C2B1N2/4A4/3RKAB1R b - - 0 11")
	buf := make([]Move, 0, 128)
	for b.Loop() {
		buf = p.LegalMoves(buf[:0])
	}
}

type benchPly struct {
	pos   Position
	token string
	move  Move
}

// realPlies replays a corpus file and keeps every position with its token.
func realPlies(b *testing.B, name string) []benchPly {
	games := readCorpusGames(b, filepath.Join(sharedPath(b, "corpus/xiangqi"), name))
	var plies []benchPly
	for _, g := range games {
		p := NewPosition()
		for _, tok := range g.moves {
			r := p.ParseMove(tok, AnyNotation)
			if !r.OK() {
				break
			}
			plies = append(plies, benchPly{*p, tok, r.Move})
			p.MakeMove(r.Move)
		}
	}
	return plies
}

// benchParse reports the cost of resolving one real move token
// (ns/op = ns per move).
func benchParse(b *testing.B, name string) {
	plies := realPlies(b, name)
	i := 0
	for b.Loop() {
		pl := &plies[i%len(plies)]
		if r := pl.pos.ParseMove(pl.token, AnyNotation); r.Move != pl.move {
			b.Fatal("mismatch")
		}
		i++
	}
}

func BenchmarkParseChinese(b *testing.B) { benchParse(b, "wukong__xqdb_traditional.pgn") }
func BenchmarkParseWXF(b *testing.B)     { benchParse(b, "wukong__xqdb_international.pgn") }
func BenchmarkParseICCS(b *testing.B)    { benchParse(b, "wukong__bulk_games_uci.pgn") }

func BenchmarkFormatChinese(b *testing.B) {
	plies := realPlies(b, "wukong__xqdb_traditional.pgn")
	i := 0
	for b.Loop() {
		pl := &plies[i%len(plies)]
		_ = pl.pos.FormatMove(pl.move, StyleChinese)
		i++
	}
}
