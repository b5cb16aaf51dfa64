package chess

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

const stockfishPath = "/usr/games/stockfish"

// stockfish drives a stockfish process over UCI for "go perft".
type stockfish struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startStockfish(t *testing.T) *stockfish {
	if _, err := os.Stat(stockfishPath); err != nil {
		t.Skip("stockfish not installed (apt-get install stockfish)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, stockfishPath)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sf := &stockfish{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	t.Cleanup(func() {
		fmt.Fprintln(in, "quit")
		in.Close()
		cmd.Wait()
	})
	sf.send("uci")
	sf.readUntil(t, "uciok")
	return sf
}

func (sf *stockfish) send(format string, args ...any) {
	fmt.Fprintf(sf.in, format+"\n", args...)
}

func (sf *stockfish) readUntil(t *testing.T, prefix string) []string {
	var lines []string
	for sf.out.Scan() {
		line := sf.out.Text()
		lines = append(lines, line)
		if strings.HasPrefix(line, prefix) {
			return lines
		}
	}
	t.Fatalf("stockfish ended before %q: %v", prefix, sf.out.Err())
	return nil
}

// divide runs "go perft depth" and returns stockfish's per-move counts and total.
func (sf *stockfish) divide(t *testing.T, fen string, chess960 bool, depth int) (map[string]uint64, uint64) {
	sf.send("setoption name UCI_Chess960 value %v", chess960)
	sf.send("position fen %s", fen)
	sf.send("go perft %d", depth)
	moves := map[string]uint64{}
	var total uint64
	for _, line := range sf.readUntil(t, "Nodes searched:") {
		if rest, ok := strings.CutPrefix(line, "Nodes searched: "); ok {
			total, _ = strconv.ParseUint(strings.TrimSpace(rest), 10, 64)
		} else if mv, n, ok := strings.Cut(line, ": "); ok && len(mv) >= 4 && len(mv) <= 5 {
			moves[mv], _ = strconv.ParseUint(strings.TrimSpace(n), 10, 64)
		}
	}
	return moves, total
}

// randomWalk plays n pseudo-random legal moves from p (fixed seed), to reach
// positions no suite lists: promotions, odd castling states, e.p. chances.
func randomWalk(p *Position, rng *rand.Rand, n int) *Position {
	q := *p
	var buf [MaxMoves]Move
	for i := 0; i < n; i++ {
		moves := q.LegalMoves(buf[:0])
		if len(moves) == 0 {
			break
		}
		q.Play(moves[rng.IntN(len(moves))])
	}
	return &q
}

func TestStockfishDivide(t *testing.T) {
	sf := startStockfish(t)
	type pos struct {
		fen      string
		chess960 bool
		depth    int
	}
	cases := []pos{
		{StartFEN, false, 4},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false, 3},
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false, 4},
		{"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", false, 3},
		{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false, 3},
		{"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", false, 3},
		{"1b1k4/8/8/1rPpK3/8/8/8/8 w - d6 0 1", false, 4},
		{"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1", false, 4},
		// Not the python-chess "ep-unrelated-check" position: it cannot arise
		// in a game and stockfish (which assumes reachable positions) crashes.
		{"rnbqkb1r/pp3ppp/4pn2/2pP4/8/2N5/PPP1PPPP/R1BQKBNR w KQkq c6 0 4", false, 4},
		{"8/ppp3p1/8/8/3p4/5Q2/1ppp2K1/brk4n w - - 0 1", false, 3},
		{"8/6kR/8/8/8/bq6/1rqqqqqq/K1nqnbrq b - - 0 1", false, 3},
		// Chess960 (python-chess chess960.perft and X-FEN cases).
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1", true, 3},
		{"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 0 1", true, 3},
		{"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 0 1", true, 3},
		{"r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", true, 3},
		{"r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq - 0 1", true, 3},
		{"8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q - 0 1", true, 4},
		{"2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", true, 4},
		{"4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1", true, 4},
		{"1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9", true, 3},
	}
	// Random walks from the standard and from a few Chess960 starts.
	rng := rand.New(rand.NewPCG(1, 2))
	for i, start := range []struct {
		fen      string
		chess960 bool
	}{
		{StartFEN, false}, {StartFEN, false}, {StartFEN, false}, {StartFEN, false},
		{"bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w HFhf - 0 1", true},
		{"rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1", true},
		{"nrkbbrqn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBRQN w KQkq - 0 1", true},
		{"qrknbbrn/pppppppp/8/8/8/8/PPPPPPPP/QRKNBBRN w KQkq - 0 1", true},
	} {
		p, err := ParseFEN(start.fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, plies := range []int{8 + i, 12 + 3*i, 25 + 2*i, 40 + 5*i, 60 + 7*i, 90 + i} {
			q := randomWalk(p, rng, plies)
			if len(q.LegalMoves(nil)) > 0 {
				cases = append(cases, pos{q.FEN(), start.chess960, 3})
			}
		}
	}
	n960 := 0
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Errorf("%s: %v", c.fen, err)
			continue
		}
		if c.chess960 {
			n960++
		}
		p.SetChess960(c.chess960)
		want, wantTotal := sf.divide(t, c.fen, c.chess960, c.depth)
		got := Divide(p, c.depth)
		var total uint64
		for _, e := range got {
			total += e.Nodes
			if w, ok := want[e.UCI]; !ok || w != e.Nodes {
				t.Errorf("%s depth %d: %s: %d nodes, stockfish %d (listed %v)", c.fen, c.depth, e.UCI, e.Nodes, w, ok)
			}
			delete(want, e.UCI)
		}
		for mv, n := range want {
			t.Errorf("%s depth %d: stockfish has %s (%d nodes), we do not", c.fen, c.depth, mv, n)
		}
		if total != wantTotal {
			t.Errorf("%s depth %d: total %d, stockfish %d", c.fen, c.depth, total, wantTotal)
		}
	}
	if len(cases) < 20 || n960 < 5 {
		t.Fatalf("only %d positions, %d Chess960", len(cases), n960)
	}
	t.Logf("%d positions compared with stockfish, %d Chess960", len(cases), n960)
}
