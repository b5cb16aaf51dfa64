package chess

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// corpusDir returns the shared corpus folder, reached from the package
// directory (the test's working directory), or skips the test.
func corpusDir(t testing.TB, sub string) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "corpus", sub)
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared corpus not found at %s", dir)
	}
	return dir
}

// PGNLINT_PERFT_DEEP (set by `make perft-deep`) selects deeper perft runs:
//
//	unset  depths ≤ 4 of every suite position (about 640 M nodes, seconds)
//	1      also depth 5 everywhere and every depth of the standard-chess
//	       suites (about 40 G nodes, minutes)
//	full   every depth listed, including Chess960 depth 6 (about 540 G
//	       nodes, about an hour on two cores)
var deepPerft = os.Getenv("PGNLINT_PERFT_DEEP")

func perftDepthWanted(source string, depth int) bool {
	switch {
	case depth <= 4:
		return true
	case deepPerft == "full":
		return true
	case deepPerft == "1":
		return depth <= 5 || !strings.Contains(source, "chess960")
	}
	return false
}

type perftCase struct {
	source string // file:line
	fen    string
	counts map[int]uint64
}

// readPerftSuites reads every perft suite of the corpus: EPD lines with
// "D<n> <count>" opcodes (any spacing around ';') and python-chess blocks.
func readPerftSuites(t testing.TB) []perftCase {
	dir := corpusDir(t, "epd")
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []perftCase
	for _, file := range files {
		if strings.HasSuffix(file, ".md") {
			continue
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(file)
		var cur *perftCase
		for i, line := range strings.Split(string(data), "\n") {
			line = strings.TrimRight(line, "\r\x00 \t")
			src := base + ":" + strconv.Itoa(i+1)
			if strings.HasSuffix(file, ".perft") {
				switch {
				case strings.HasPrefix(line, "epd "):
					cases = append(cases, perftCase{source: src, fen: strings.TrimSpace(line[4:]), counts: map[int]uint64{}})
					cur = &cases[len(cases)-1]
				case strings.HasPrefix(line, "perft ") && cur != nil:
					f := strings.Fields(line)
					d, _ := strconv.Atoi(f[1])
					n, _ := strconv.ParseUint(f[2], 10, 64)
					cur.counts[d] = n
				}
				continue
			}
			parts := strings.Split(line, ";")
			counts := map[int]uint64{}
			for _, op := range parts[1:] {
				f := strings.Fields(op)
				if len(f) == 2 && len(f[0]) >= 2 && f[0][0] == 'D' {
					d, err1 := strconv.Atoi(f[0][1:])
					n, err2 := strconv.ParseUint(f[1], 10, 64)
					if err1 == nil && err2 == nil {
						counts[d] = n
					}
				}
			}
			if len(counts) > 0 {
				cases = append(cases, perftCase{source: src, fen: strings.TrimSpace(parts[0]), counts: counts})
			}
		}
	}
	return cases
}

func TestPerftSuites(t *testing.T) {
	cases := readPerftSuites(t)
	if len(cases) < 1000 {
		t.Fatalf("found only %d perft positions in the corpus", len(cases))
	}
	type result struct {
		errs  []string
		nodes uint64
	}
	work := make(chan perftCase)
	results := make(chan result)
	workers := runtime.GOMAXPROCS(0)
	for w := 0; w < workers; w++ {
		go func() {
			var r result
			for c := range work {
				// Some suites put two spaces before the clocks; ParseFEN
				// rejects that (FEN separates fields by one space).
				p, err := ParseFEN(strings.Join(strings.Fields(c.fen), " "))
				if err != nil {
					r.errs = append(r.errs, fmt.Sprintf("%s: %v", c.source, err))
					continue
				}
				for d := 1; d <= 10; d++ {
					want, ok := c.counts[d]
					if !ok || !perftDepthWanted(c.source, d) {
						continue
					}
					got := Perft(p, d)
					r.nodes += got
					if got != want {
						r.errs = append(r.errs, fmt.Sprintf("%s: %s perft(%d) = %d, want %d", c.source, c.fen, d, got, want))
					}
				}
			}
			results <- r
		}()
	}
	for _, c := range cases {
		work <- c
	}
	close(work)
	var nodes uint64
	for w := 0; w < workers; w++ {
		r := <-results
		nodes += r.nodes
		for _, e := range r.errs {
			t.Error(e)
		}
	}
	t.Logf("%d positions, %d nodes (PGNLINT_PERFT_DEEP=%q)", len(cases), nodes, deepPerft)
}

// TestPerftKnown runs a few well-known counts; it needs no corpus.
func TestPerftKnown(t *testing.T) {
	for _, c := range []struct {
		fen   string
		depth int
		nodes uint64
	}{
		{StartFEN, 5, 4865609},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
		{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333},
		{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9", 4, 326672},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if n := Perft(p, c.depth); n != c.nodes {
			t.Errorf("%s: perft(%d) = %d, want %d", c.fen, c.depth, n, c.nodes)
		}
	}
}
