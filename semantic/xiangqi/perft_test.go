package xiangqi

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// sharedDir is the project's shared data, reached relative to this package.
const sharedDir = "../../../shared"

func sharedPath(t testing.TB, rel string) string {
	t.Helper()
	p := filepath.Join(sharedDir, rel)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("shared data not available: %v", err)
	}
	return p
}

type perftCase struct {
	fen   string
	depth int
	nodes uint64
}

func readPerftCases(t testing.TB) []perftCase {
	f, err := os.Open(sharedPath(t, "xiangqi/perft.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		parts := strings.Split(line, ";")
		if len(parts) != 3 {
			t.Fatalf("bad perft line %q", line)
		}
		d, err1 := strconv.Atoi(parts[1])
		n, err2 := strconv.ParseUint(parts[2], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad perft line %q", line)
		}
		cases = append(cases, perftCase{parts[0], d, n})
	}
	return cases
}

func TestPerftFile(t *testing.T) {
	deep := os.Getenv("PGNLINT_PERFT_DEEP") == "1"
	cases := readPerftCases(t)
	if len(cases) == 0 {
		t.Fatal("no perft cases")
	}
	var nodes uint64
	start := time.Now()
	for _, c := range cases {
		if c.depth > 4 && !deep {
			continue
		}
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Errorf("%s: %v", c.fen, err)
			continue
		}
		before := p.FEN()
		got := Perft(p, c.depth)
		nodes += got
		if got != c.nodes {
			t.Errorf("perft(%s, %d) = %d, want %d", c.fen, c.depth, got, c.nodes)
			if c.depth > 1 {
				for _, e := range Divide(p, c.depth) {
					t.Logf("  %s %d", e.Move, e.Nodes)
				}
			}
		}
		if p.FEN() != before {
			t.Errorf("perft did not restore the position: %s -> %s", before, p.FEN())
		}
	}
	el := time.Since(start)
	t.Logf("%d leaves in %v (%.1f M leaves/s)", nodes, el, float64(nodes)/el.Seconds()/1e6)
}

func TestTerminalStatus(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want Status
	}{
		{"2baka3/9/4bC3/p1p1p4/9/9/4P3P/2nRN1N2/2r1K4/c2A1AB2 w - - 9 26", Checkmate},
		{"3aca3/1Cnrk4/b3r4/2p1n4/2b6/9/9/9/4C4/ppppcK3 b - - 0 1", Stalemate},
		{"3k5/8R/9/9/9/9/9/9/4R4/5K3 b - - 0 1", Stalemate},
		{StartFEN, Ongoing},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Status(); got != c.want {
			t.Errorf("%s: status %v, want %v", c.fen, got, c.want)
		}
	}
}

func TestMakeUnmakeHash(t *testing.T) {
	p := NewPosition()
	seen := map[uint64]string{}
	var walk func(d int)
	walk = func(d int) {
		if p.Hash() != p.computeHash() {
			t.Fatalf("incremental hash differs at %s", p.FEN())
		}
		fen := p.FEN()
		key := fen[:strings.Index(fen, " - ")]
		if old, ok := seen[p.Hash()]; ok && old != key {
			t.Fatalf("hash collision: %s vs %s", old, key)
		}
		seen[p.Hash()] = key
		if d == 0 {
			return
		}
		for _, m := range p.LegalMoves(nil) {
			u := p.MakeMove(m)
			walk(d - 1)
			p.UnmakeMove(u)
			if p.FEN() != fen {
				t.Fatalf("unmake %s: %s != %s", m, p.FEN(), fen)
			}
		}
	}
	walk(3)
}
