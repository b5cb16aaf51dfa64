package xiangqi

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// This file replays real game records with a deliberately tiny PGN reader:
// tags, {comments}, (variations) and ; comments are skipped, move numbers
// and results dropped, glued runs split with SplitMoves.

type corpusGame struct {
	file  string
	index int
	tags  map[string]string
	moves []string // move tokens of the main line
}

var (
	tagLine    = regexp.MustCompile(`^\s*\[(\w+)\s+"(.*)"\s*\]\s*$`)
	moveNumber = regexp.MustCompile(`^\d+\.+`)
	resultWord = map[string]bool{"1-0": true, "0-1": true, "1/2-1/2": true, "*": true, "0-0": true, "红胜": true, "黑胜": true, "和棋": true, "未知": true}
)

func readCorpusGames(t testing.TB, path string) []corpusGame {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(strings.ReplaceAll(string(data), "\r\n", "\n"), "\r", "\n")
	var games []corpusGame
	var cur *corpusGame
	var movetext strings.Builder
	flush := func() {
		if cur != nil {
			cur.moves = movetextTokens(movetext.String())
			games = append(games, *cur)
		}
		cur = nil
		movetext.Reset()
	}
	inMoves := false
	for _, line := range strings.Split(text, "\n") {
		if m := tagLine.FindStringSubmatch(line); m != nil {
			if cur == nil || inMoves {
				flush()
				cur = &corpusGame{file: filepath.Base(path), index: len(games) + 1, tags: map[string]string{}}
				inMoves = false
			}
			cur.tags[m[1]] = m[2]
			continue
		}
		if cur == nil {
			if strings.TrimSpace(line) == "" {
				continue
			}
			cur = &corpusGame{file: filepath.Base(path), index: len(games) + 1, tags: map[string]string{}}
		}
		if strings.TrimSpace(line) != "" {
			inMoves = true
		}
		movetext.WriteString(line)
		movetext.WriteByte('\n')
	}
	flush()
	return games
}

// movetextTokens returns the main-line move tokens up to the result.
func movetextTokens(s string) []string {
	var out []string
	depth := 0 // variation nesting
	var word strings.Builder
	endWord := func() bool {
		w := word.String()
		word.Reset()
		if w == "" || depth > 0 {
			return false
		}
		if resultWord[w] {
			return true
		}
		w = moveNumber.ReplaceAllString(w, "")
		if w == "" || strings.HasPrefix(w, "$") || strings.Trim(w, ".…") == "" {
			return false
		}
		for _, sp := range SplitMoves(w) {
			if moveNumber.MatchString(sp.Text) && strings.Trim(sp.Text, "0123456789.") == "" {
				continue
			}
			out = append(out, sp.Text)
		}
		return false
	}
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		switch r := rs[i]; {
		case r == '{':
			if endWord() {
				return out
			}
			for i < len(rs) && rs[i] != '}' {
				i++
			}
		case r == ';':
			if endWord() {
				return out
			}
			for i < len(rs) && rs[i] != '\n' {
				i++
			}
		case r == '(':
			if endWord() {
				return out
			}
			depth++
		case r == ')':
			endWord()
			if depth > 0 {
				depth--
			}
		case r == ' ' || r == '\t' || r == '\n' || r == '\v' || r == '\u3000':
			if endWord() {
				return out
			}
		default:
			word.WriteRune(r)
		}
	}
	endWord()
	return out
}

type replayStats struct {
	games, fullGames, moves, resolved int
	issues                            map[string]int
	failures                          []string
	sequences                         [][]Move // resolved moves per game
}

// replayGames resolves every main-line move of each game from its start
// position, stopping a game at its first failure.
func replayGames(t testing.TB, games []corpusGame) *replayStats {
	st := &replayStats{issues: map[string]int{}}
	for _, g := range games {
		if len(g.moves) == 0 {
			continue
		}
		st.games++
		want, ok := NotationForFormatTag(g.tags["Format"])
		if !ok || g.tags["Format"] == "" {
			want = AnyNotation // many files omit the tag whatever their notation
		}
		p := NewPosition()
		if fen, ok := g.tags["FEN"]; ok {
			var err error
			if p, err = ParseFEN(fen); err != nil {
				st.failures = append(st.failures, fmt.Sprintf("%s #%d (%s): FEN %q: %v", g.file, g.index, g.tags["Event"], fen, err))
				continue
			}
		}
		var seq []Move
		complete := true
		for ply, tok := range g.moves {
			st.moves++
			r := p.ParseMove(tok, want)
			for _, i := range r.Issues {
				st.issues[i.Kind.String()]++
			}
			if !r.OK() {
				st.failures = append(st.failures, fmt.Sprintf("%s #%d (%s) ply %d %q: %v (FEN %s)", g.file, g.index, g.tags["Event"], ply+1, tok, r.Issues, p.FEN()))
				complete = false
				break
			}
			st.resolved++
			seq = append(seq, r.Move)
			p.MakeMove(r.Move)
		}
		st.sequences = append(st.sequences, seq)
		if complete {
			st.fullGames++
		}
	}
	return st
}

func (st *replayStats) report(t testing.TB, name string) {
	keys := make([]string, 0, len(st.issues))
	for k := range st.issues {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s=%d", k, st.issues[k]))
	}
	t.Logf("%s: %d/%d games complete, %d/%d move tokens resolved (%.3f%%); issues: %s",
		name, st.fullGames, st.games, st.resolved, st.moves, 100*float64(st.resolved)/float64(max(st.moves, 1)), strings.Join(parts, " "))
	for i, f := range st.failures {
		if i == 20 {
			t.Logf("  ... %d more", len(st.failures)-20)
			break
		}
		t.Logf("  unresolved: %s", f)
	}
}

// utf8CorpusFiles are the corpus files the standard library can read: the
// others are GBK or Big5 (see the corpus MANIFEST.md). The WinBoard file
// uses XBoard SAN, which is not a PGN Format notation.
var utf8CorpusFiles = []string{
	"wukong__xqdb_traditional.pgn",
	"wukong__xqdb_international.pgn",
	"wukong__bulk_games_uci.pgn",
	"wukong__game_viewer_games.pgn",
}

func TestReplayRealGames(t *testing.T) {
	dir := sharedPath(t, "corpus/xiangqi")
	for _, name := range utf8CorpusFiles {
		st := replayGames(t, readCorpusGames(t, filepath.Join(dir, name)))
		st.report(t, name)
		if st.games == 0 || st.resolved*1000 < st.moves*999 {
			t.Errorf("%s: resolution rate too low", name)
		}
	}
	// Optional: a directory of other corpus files already converted to
	// UTF-8 (e.g. with iconv), to measure the GBK/Big5 data too.
	if extra := os.Getenv("PGNLINT_XQ_UTF8_CORPUS"); extra != "" {
		files, _ := filepath.Glob(filepath.Join(extra, "*.pgn"))
		for _, f := range files {
			replayGames(t, readCorpusGames(t, f)).report(t, filepath.Base(f))
		}
	}
}

// TestCrossNotationCorpus replays the same 15 games written in Chinese,
// WXF and ICCS and checks that all three resolve to the same moves and that
// rendering reproduces the Chinese file.
func TestCrossNotationCorpus(t *testing.T) {
	dir := sharedPath(t, "corpus/xiangqi")
	load := func(name string) ([]corpusGame, *replayStats) {
		g := readCorpusGames(t, filepath.Join(dir, name))
		return g, replayGames(t, g)
	}
	cnGames, cn := load("wukong__xqdb_traditional.pgn")
	_, wxf := load("wukong__xqdb_international.pgn")
	_, iccs := load("wukong__bulk_games_uci.pgn")
	if len(cn.sequences) != 15 || len(wxf.sequences) != 15 || len(iccs.sequences) != 15 {
		t.Fatalf("games: %d %d %d, want 15 each", len(cn.sequences), len(wxf.sequences), len(iccs.sequences))
	}
	var plies, sameWXF, sameICCS, textSame int
	for g := range cn.sequences {
		p := NewPosition()
		for i, m := range cn.sequences[g] {
			plies++
			if i < len(wxf.sequences[g]) && wxf.sequences[g][i] == m {
				sameWXF++
			}
			if i < len(iccs.sequences[g]) && iccs.sequences[g][i] == m {
				sameICCS++
			} else if i < len(iccs.sequences[g]) {
				t.Logf("game %d ply %d: Chinese %s = %s, ICCS file has %s", g+1, i+1, cnGames[g].moves[i], m, iccs.sequences[g][i])
			}
			if p.FormatMove(m, StyleChinese) == cnGames[g].moves[i] {
				textSame++
			}
			p.MakeMove(m)
		}
	}
	t.Logf("%d plies: WXF agrees on %d, ICCS on %d; canonical Chinese text equals the file on %d", plies, sameWXF, sameICCS, textSame)
	if plies-sameICCS > 1 || plies-sameWXF > 0 {
		t.Errorf("the three notations disagree on more than the one known move")
	}
}
