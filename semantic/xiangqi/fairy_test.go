package xiangqi

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

const fairyStockfish = "/usr/games/fairy-stockfish"

// fairyPerft drives Fairy-Stockfish in UCCI mode, where xiangqi is the
// default variant and moves use ICCS ranks 0-9 (in plain UCI mode they
// would be 1-10).
type fairyPerft struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startFairy(t *testing.T) *fairyPerft {
	if _, err := os.Stat(fairyStockfish); err != nil {
		t.Skipf("fairy-stockfish not installed: %v", err)
	}
	cmd := exec.Command(fairyStockfish)
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
	f := &fairyPerft{cmd, in, bufio.NewScanner(out)}
	t.Cleanup(func() {
		fmt.Fprintln(f.in, "quit")
		f.in.Close()
		done := make(chan struct{})
		go func() { f.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			f.cmd.Process.Kill()
		}
	})
	fmt.Fprintln(in, "ucci")
	return f
}

// perft returns the total and the divide list for a canonical FEN.
func (f *fairyPerft) perft(fen string, depth int) (uint64, map[string]uint64, error) {
	// Our canonical FEN always says w/b; Fairy-Stockfish would read "r" as Black.
	fmt.Fprintf(f.in, "position fen %s\ngo perft %d\n", fen, depth)
	divide := map[string]uint64{}
	for f.out.Scan() {
		line := f.out.Text()
		if rest, ok := strings.CutPrefix(line, "Nodes searched: "); ok {
			n, err := strconv.ParseUint(strings.TrimSpace(rest), 10, 64)
			return n, divide, err
		}
		if mv, cnt, ok := strings.Cut(line, ": "); ok && len(mv) == 4 {
			if n, err := strconv.ParseUint(strings.TrimSpace(cnt), 10, 64); err == nil {
				divide[mv] = n
			}
		}
	}
	return 0, nil, fmt.Errorf("fairy-stockfish ended early: %v", f.out.Err())
}

// realGamePositions picks 10 positions from real games: FEN tags of the
// CCPD positions file (read as raw bytes: FEN values are ASCII even in the
// Big5 file) and positions reached by replaying ICCS games.
func realGamePositions(t *testing.T) []string {
	dir := sharedPath(t, "corpus/xiangqi")
	var fens []string
	raw, err := os.ReadFile(filepath.Join(dir, "ccpd__positions_openings_endgames_big5.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, m := range regexp.MustCompile(`\[FEN "([^"]+)"\]`).FindAllSubmatch(raw, -1) {
		p, err := ParseFEN(string(m[1]))
		if err != nil || seen[p.FEN()] || p.FEN() == StartFEN {
			continue
		}
		seen[p.FEN()] = true
		// Spread the picks over the file: every 400th distinct position.
		if len(seen)%400 == 1 {
			fens = append(fens, p.FEN())
		}
		if len(fens) == 4 {
			break
		}
	}
	games := readCorpusGames(t, filepath.Join(dir, "wukong__game_viewer_games.pgn"))
	for i := 0; len(fens) < 10 && i < len(games); i += 97 {
		p := NewPosition()
		stop := 16 + 9*len(fens) // plies: from early middlegame to late
		for ply, tok := range games[i].moves {
			if ply == stop {
				break
			}
			r := p.ParseMove(tok, ICCS)
			if !r.OK() {
				t.Fatalf("game %d ply %d %q: %v", i+1, ply+1, tok, r.Issues)
			}
			p.MakeMove(r.Move)
		}
		fens = append(fens, p.FEN())
	}
	return fens
}

func TestPerftAgainstFairyStockfish(t *testing.T) {
	const depth = 4
	fs := startFairy(t)
	fens := realGamePositions(t)
	if len(fens) != 10 {
		t.Fatalf("found %d positions, want 10", len(fens))
	}
	for _, fen := range fens {
		want, wantDivide, err := fs.perft(fen, depth)
		if err != nil {
			t.Fatal(err)
		}
		p := mustFEN(t, fen)
		got := Perft(p, depth)
		t.Logf("%s: %d", fen, got)
		if got != want {
			t.Errorf("perft(%s, %d) = %d, fairy-stockfish %d", fen, depth, got, want)
			for _, e := range Divide(p, depth) {
				if wantDivide[e.Move.String()] != e.Nodes {
					t.Logf("  %s: %d, fairy-stockfish %d", e.Move, e.Nodes, wantDivide[e.Move.String()])
				}
			}
		}
	}
}
