package chess

import (
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestReplayRealWorld replays the main line of every game of the real-world
// corpus. The moves there were written by programs, so each must resolve;
// the only deviations found in these files are check marks (TCEC omits +,
// some Carlsen games have + for #), which must be reported, and SAN(move)
// must give back every canonical token.
func TestReplayRealWorld(t *testing.T) {
	dir := corpusDir(t, "realworld")
	files, _ := filepath.Glob(filepath.Join(dir, "*.pgn"))
	total := 0
	kinds := map[IssueKind]int{}
	for _, file := range files {
		games := readPGNFile(t, file)
		for gi := range games {
			g := &games[gi]
			pos, err := startOf(g)
			if err != nil {
				t.Errorf("%s game %d: FEN: %v", filepath.Base(file), gi+1, err)
				continue
			}
			for mi, tok := range g.moves {
				res := pos.ParseSAN(tok)
				if !res.OK() {
					t.Errorf("%s game %d move %d %q: %s", filepath.Base(file), gi+1, mi+1, tok, describe(pos, res))
					break
				}
				for _, is := range res.Issues {
					kinds[is.Kind]++
					switch is.Kind {
					case IssueCheckMissing, IssueMateMissing, IssueCheckInsteadOfMate:
					default:
						t.Errorf("%s game %d move %d %q: %s", filepath.Base(file), gi+1, mi+1, tok, describe(pos, res))
					}
				}
				if san := pos.SAN(res.Move); san != res.SAN || len(res.Issues) == 0 && san != tok {
					t.Errorf("%s game %d: SAN(%q) = %q", filepath.Base(file), gi+1, tok, san)
				}
				pos.Play(res.Move)
				total++
			}
		}
	}
	t.Logf("%d moves replayed; issues %v", total, kinds)
}

// mustResolve lists edge-case files whose every move has one reading.
var mustResolve = map[string]bool{
	"pgn-extract__test-Wdeutsch-out.pgn":        true,
	"pgn-extract__test-Wlalg-out.pgn":           true,
	"pgn-extract__test-WWuci-out.pgn":           true,
	"pgn-extract__test-allownullmoves.pgn":      true,
	"pgn-extract__test-promotion-in.pgn":        true,
	"python-chess__uci-moves.pgn":               true,
	"python-chess__cutechess-fischerrandom.pgn": true,
	"scalachess__FWWRC.pgn":                     true,
}

// TestReplayEdgeCases replays the edge-case corpus (localized letters, long
// algebraic, UCI, null moves, Chess960) and checks that every move resolves,
// counting the issue kinds found.
func TestReplayEdgeCases(t *testing.T) {
	dir := corpusDir(t, "edge-cases")
	files, _ := filepath.Glob(filepath.Join(dir, "*.pgn"))
	kinds := map[string]int{}
	for _, file := range files {
		base := filepath.Base(file)
		games := readPGNFile(t, file)
		for gi := range games {
			g := &games[gi]
			pos, err := startOf(g)
			if err != nil {
				t.Logf("%s game %d: FEN: %v", base, gi+1, err)
				continue
			}
			// Once a game shows its language, later letters are read in it
			// (the way a linter is expected to use ParseSANLanguages).
			langs := AllLanguages
			for mi, tok := range g.moves {
				res := pos.ParseSANLanguages(tok, langs)
				for _, is := range res.Issues {
					kinds[is.Kind.String()]++
					if is.Kind == IssueLocalizedPiece && res.OK() {
						langs &= is.Languages
					}
				}
				if !res.OK() {
					t.Logf("%s game %d move %d %q unresolved: %v", base, gi+1, mi+1, tok, describe(pos, res))
					if mustResolve[base] {
						t.Errorf("%s: every move must resolve", base)
					}
					break
				}
				pos.Play(res.Move)
			}
		}
	}
	var names []string
	for k, n := range kinds {
		names = append(names, k+"="+strconv.Itoa(n))
	}
	sort.Strings(names)
	t.Logf("issues: %s", strings.Join(names, " "))
}

func describe(pos *Position, res Resolution) string {
	var b strings.Builder
	for _, is := range res.Issues {
		b.WriteString(is.Kind.String())
		if is.Reason != 0 {
			b.WriteString("(" + is.Reason.String() + ")")
		}
		if len(is.Candidates) > 0 {
			b.WriteString("[")
			for i, m := range is.Candidates {
				if i > 0 {
					b.WriteString(" ")
				}
				b.WriteString(pos.UCI(m))
			}
			b.WriteString("]")
		}
		b.WriteString(" ")
	}
	return b.String() + " in " + pos.FEN()
}
