package chess

import (
	"path/filepath"
	"testing"
)

// BenchmarkPerft measures the move generator on the classic positions, with
// bulk counting at the leaves.
func BenchmarkPerft(b *testing.B) {
	for _, c := range []struct {
		name, fen string
		depth     int
	}{
		{"start", StartFEN, 5},
		{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4},
		{"endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5},
		{"chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9", 4},
	} {
		b.Run(c.name, func(b *testing.B) {
			p, err := ParseFEN(c.fen)
			if err != nil {
				b.Fatal(err)
			}
			var nodes uint64
			for b.Loop() {
				nodes += Perft(p, c.depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkSANResolve replays the main lines of pgn-extract's fischer.pgn
// with ParseSAN and Play, as a linter does; reported per move.
func BenchmarkSANResolve(b *testing.B) {
	path := filepath.Join(corpusDir(b, "realworld"), "pgn-extract__fischer.pgn")
	games := readPGNFile(b, path)
	type game struct {
		start *Position
		moves []string
	}
	var gs []game
	moves := 0
	for i := range games {
		p, err := startOf(&games[i])
		if err != nil {
			b.Fatal(err)
		}
		gs = append(gs, game{p, games[i].moves})
		moves += len(games[i].moves)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, g := range gs {
			pos := *g.start
			for _, tok := range g.moves {
				res := pos.ParseSAN(tok)
				if !res.OK() {
					b.Fatalf("%q: %s", tok, describe(&pos, res))
				}
				pos.Play(res.Move)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*moves), "ns/move")
}

// BenchmarkLegalMoves measures one move generation in the middlegame.
func BenchmarkLegalMoves(b *testing.B) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var buf [MaxMoves]Move
	for b.Loop() {
		p.LegalMoves(buf[:0])
	}
}
