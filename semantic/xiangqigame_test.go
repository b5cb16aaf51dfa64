package semantic_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/lint"
	"github.com/pgnlint/pgnlint/semantic"
	"github.com/pgnlint/pgnlint/semantic/xiangqi"
)

// moveCount is the number of moves a move symbol holds: several when
// moves are glued together (炮二平五马８进７).
func moveCount(m *ast.Move) int {
	parts := xiangqi.SplitMoves(m.Text.Text)
	if len(parts) < 2 {
		return 1
	}
	p := xiangqi.NewPosition()
	for _, part := range parts {
		if p.ParseMove(part.Text, xiangqi.AnyNotation).Has(xiangqi.IssueUnparseable) {
			return 1
		}
	}
	return len(parts)
}

// countMoves counts the moves of elems and of their variations.
func countMoves(elems []ast.Node) int {
	n := 0
	for _, e := range elems {
		switch e := e.(type) {
		case *ast.Move:
			n += moveCount(e)
		case *ast.Variation:
			n += countMoves(e.Elements)
		}
	}
	return n
}

// unchecked counts the moves of the line holding the move at off from that
// move on: the pass stops a line at its first move that does not resolve.
func unchecked(elems []ast.Node, off int64) (int, bool) {
	for i, e := range elems {
		switch e := e.(type) {
		case *ast.Move:
			if off >= e.Start && off < e.End {
				n := countMoves(elems[i:])
				// Moves of a glued run before the failing one did resolve.
				for _, p := range xiangqi.SplitMoves(e.Text.Text) {
					if e.Text.Start+int64(p.End) <= off && moveCount(e) > 1 {
						n--
					}
				}
				return n, true
			}
		case *ast.Variation:
			if off >= e.Start && off < e.End {
				return unchecked(e.Elements, off)
			}
		}
	}
	return 0, false
}

// resolution lints a file and counts its moves and those that did not
// resolve, by rule and message.
func resolution(t *testing.T, path string) (total, failed int, why map[string]int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	why = map[string]int{}
	err = lint.Run(path, f, func(pg *lint.ParsedGame) error {
		g := pg.Game
		moves := countMoves(g.Elements)
		total += moves
		for _, d := range semantic.CheckRules(g) {
			switch d.Rule {
			case "fen-invalid":
				failed += moves
				why[d.Rule+": "+d.Message] += moves
				return nil
			case "illegal-move", "ambiguous-move", "not-a-move":
				n, _ := unchecked(g.Elements, d.Span.Start)
				failed += n
				line := pg.Lines.Position(d.Span.Start).Line
				why[fmt.Sprintf("%s at line %d: %s (%d moves unchecked)", d.Rule, line, d.Message, n)] += n
			}
		}
		return nil
	}, func(lint.Finding) {})
	if err != nil {
		t.Fatal(err)
	}
	return total, failed, why
}

// TestXiangqiCorpusResolution measures, on the xiangqi files of the shared
// corpus, the share of moves that resolve; it runs when
// PGNLINT_XIANGQI_CORPUS names the directory.
func TestXiangqiCorpusResolution(t *testing.T) {
	dir := os.Getenv("PGNLINT_XIANGQI_CORPUS")
	if dir == "" {
		t.Skip("set PGNLINT_XIANGQI_CORPUS to the shared xiangqi corpus directory")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.pgn"))
	sort.Strings(files)
	all, bad := 0, 0
	for _, path := range files {
		total, failed, why := resolution(t, path)
		all += total
		bad += failed
		t.Logf("%s: %d moves, %d unresolved", filepath.Base(path), total, failed)
		var keys []string
		for k := range why {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			t.Logf("    %s", k)
		}
	}
	share := 100 * float64(all-bad) / float64(all)
	t.Logf("all files: %d moves, %d unresolved, %.3f%% resolve", all, bad, share)
	if share < 99.9 {
		t.Errorf("only %.3f%% of the moves resolve", share)
	}
}

// xqRules are the rules the xiangqi pass reports.
var xqRules = map[string]bool{
	"xiangqi-game-tag": true, "xiangqi-white-tag": true, "xiangqi-format-tag": true, "xiangqi-notation-mismatch": true,
	"xiangqi-non-canonical": true, "xiangqi-glued-moves": true, "xiangqi-black-move-number": true, "perpetual-check": true,
	"fen-invalid": true, "illegal-move": true, "ambiguous-move": true, "not-a-move": true, "result-vs-board": true, "plycount": true,
}

// xqFindings lints src and returns the findings of the xiangqi pass.
func xqFindings(t *testing.T, src string) []lint.Finding {
	t.Helper()
	var out []lint.Finding
	for _, f := range lintPGN(t, src) {
		if xqRules[f.Rule] {
			out = append(out, f)
		}
	}
	return out
}

// fixOnce applies the first fix of every finding that has one, skipping
// fixes that overlap one taken before.
func fixOnce(t *testing.T, src string, fs []lint.Finding) string {
	t.Helper()
	var edits []semantic.Edit
	end := int64(-1)
	for _, f := range fs {
		if len(f.Fixes) == 0 {
			continue
		}
		es := f.Fixes[0].Edits
		if es[0].Span.Start <= end {
			continue
		}
		edits = append(edits, es...)
		end = es[len(es)-1].Span.End
	}
	out, err := semantic.ApplyEdits([]byte(src), 0, edits)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

const xqTags = "[Game \"Chinese Chess\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[Red \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n"

func TestXiangqiPass(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // "rule: message fragment", in order
		fixed     string   // the text after one round of first fixes, when not ""
	}{
		{name: "clean Chinese game",
			src: xqTags + "\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n"},
		{name: "clean traditional game with 後",
			src: xqTags + "[FEN \"3k5/9/9/9/9/4R4/9/4R4/9/4K4 w - - 0 1\"]\n\n1. 後車平七 將４進１ *\n"},
		{name: "traditional game: a shared-character move is written in it",
			src:   xqTags + "[FEN \"3k5/9/9/9/9/4R4/9/4R4/9/4K4 w - - 0 1\"]\n\n1. 後車平七 將４進１ 2. 車七平八 將４退１ 3. 车五进一 *\n",
			want:  []string{"xiangqi-non-canonical: 3.车五进一: simplified characters in a game written in traditional ones; write 車五進一"},
			fixed: xqTags + "[FEN \"3k5/9/9/9/9/4R4/9/4R4/9/4K4 w - - 0 1\"]\n\n1. 後車平七 將４進１ 2. 車七平八 將４退１ 3. 車五進一 *\n"},
		{name: "ASCII digits for Black are the game's style",
			src:  xqTags + "\n1. 炮二平五 马8进7 2. 马二进三 车9平8 3. 车一平二 马２进３ *\n",
			want: []string{"xiangqi-non-canonical: 3...马２进３: full-width digits in a game that writes Black's digits in ASCII; write 马2进3"}},
		{name: "missing Game tag, White for Red",
			src:   "[White \"A\"]\n[Black \"B\"]\n\n1. 炮二平五 *\n",
			want:  []string{"xiangqi-game-tag: without a Game tag", "xiangqi-white-tag: Red, not White"},
			fixed: "[Game \"Chinese Chess\"]\n[Red \"A\"]\n[Black \"B\"]\n\n1. 炮二平五 *\n"},
		{name: "White and Red alike",
			src:   "[Game \"Chinese Chess\"]\n[Red \"A\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. 炮二平五 *\n",
			want:  []string{"xiangqi-white-tag: the Red tag says the same"},
			fixed: "[Game \"Chinese Chess\"]\n[Red \"A\"]\n[Black \"B\"]\n\n1. 炮二平五 *\n"},
		{name: "Game tag with another value",
			src:   "[Game \"象棋\"]\n[Red \"A\"]\n\n1. 炮二平五 *\n",
			want:  []string{"xiangqi-game-tag: Game is \"象棋\""},
			fixed: "[Game \"Chinese Chess\"]\n[Red \"A\"]\n\n1. 炮二平五 *\n"},
		{name: "Game tag last, CRLF",
			src:   "[Red \"A\"]\r\n[Game \"Chinese Chess\"]\r\n\r\n1. 炮二平五 *\r\n",
			want:  []string{"xiangqi-game-tag: must be the first tag"},
			fixed: "[Game \"Chinese Chess\"]\r\n[Red \"A\"]\r\n\r\n1. 炮二平五 *\r\n"},
		{name: "game tag in lower case",
			src:   "[game \"Chinese Chess\"]\n[Red \"A\"]\n\n1. 炮二平五 *\n",
			want:  []string{"xiangqi-game-tag: tag name \"game\" is written Game"},
			fixed: "[Game \"Chinese Chess\"]\n[Red \"A\"]\n\n1. 炮二平五 *\n"},
		{name: "no tags at all, ICCS moves",
			src:   "1. h2e2 h9g7 *\n",
			want:  []string{"xiangqi-game-tag: without a Game tag", "xiangqi-format-tag: the moves are ICCS", "xiangqi-non-canonical: 1.h2e2: ICCS moves", "xiangqi-non-canonical: 1...h9g7"},
			fixed: "[Game \"Chinese Chess\"]\n\n1. H2-E2 H9-G7 *\n"},
		{name: "Format zh, case variants accepted",
			src:   xqTags + "[Format \"zh\"]\n\n1. 炮二平五 *\n\n" + xqTags + "[Format \"wxf\"]\n\n1. C2.5 *\n",
			want:  []string{"xiangqi-format-tag: Format \"zh\" is written \"Chinese\""},
			fixed: xqTags + "[Format \"Chinese\"]\n\n1. 炮二平五 *\n\n" + xqTags + "[Format \"wxf\"]\n\n1. C2.5 *\n"},
		{name: "WXF without a Format tag",
			src:   xqTags + "\n1. C2.5 H8+7 *\n",
			want:  []string{"xiangqi-format-tag: the moves are WXF"},
			fixed: xqTags + "[Format \"WXF\"]\n\n1. C2.5 H8+7 *\n"},
		{name: "notation mismatch",
			src:   xqTags + "[Format \"WXF\"]\n\n1. C2.5 马８进７ 2. h0g2 *\n",
			want:  []string{"xiangqi-notation-mismatch: 1...马８进７: a move in Chinese notation in a game whose moves are WXF; there it is H8+7", "xiangqi-notation-mismatch: 2.h0g2: a move in ICCS notation"},
			fixed: xqTags + "[Format \"WXF\"]\n\n1. C2.5 H8+7 2. H2+3 *\n"},
		{name: "WinBoard notation",
			src:   xqTags + "[Variant \"xiangqi\"]\n\n1. Che2 Cbg7 2. Cxe6 Cxg3 3. Ce2 Chh3 4. Ce4 *\n",
			want:  []string{"xiangqi-notation-mismatch: 1.Che2: a move in WinBoard's notation", "1...Cbg7", "2.Cxe6", "2...Cxg3", "3.Ce2", "3...Chh3", "xiangqi-notation-mismatch: 4.Ce4: a move in WinBoard's notation, which is no Format value; in Chinese it is 前炮退二"},
			fixed: xqTags + "[Variant \"xiangqi\"]\n\n1. 炮二平五 炮２平７ 2. 炮五进四 炮７进４ 3. 炮八平五 炮８进４ 4. 前炮退二 *\n"},
		{name: "full-width WXF with a tandem sign the lexer leaves apart",
			src:  xqTags + "[Format \"WXF\"]\n[FEN \"4k4/9/9/9/9/4p4/4p4/9/9/3K5 b - - 0 1\"]\n\n1. ... ＋Ｐ＝４ *\n",
			want: []string{"xiangqi-non-canonical: 1...＋Ｐ＝４: digit or letter width differs from the canonical form; WXF tandem sign belongs after the piece letter; WXF sideways moves use '.', not '='; write P+.4"}},
		{name: "glued moves",
			src:   xqTags + "\n1. 炮二平五马８进７ 2. 马二进三 *\n",
			want:  []string{"xiangqi-glued-moves: 2 moves written without a space: 炮二平五 马８进７"},
			fixed: xqTags + "\n1. 炮二平五 马８进７ 2. 马二进三 *\n"},
		{name: "glued moves, the second illegal",
			src:  xqTags + "\n1. 炮二平五马８进６ *\n",
			want: []string{"xiangqi-glued-moves", "illegal-move: 1...马８进６"}},
		{name: "Black first",
			src:   xqTags + "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\"]\n\n1.马８进７ 2. 马二进三 *\n",
			want:  []string{"xiangqi-black-move-number: the spec writes 1. ... 马８进７"},
			fixed: xqTags + "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\"]\n\n1. ... 马８进７ 2. 马二进三 *\n"},
		{name: "variations replay from the position before the move they replace",
			src: xqTags + "\n1. 炮二平五 (1. 马二进三 马８进７ (1... 炮８平５)) 1... 马８进７ (1... 炮８平５ 2. 马二进三) 2. 马二进三 *\n"},
		{name: "illegal move in a variation, main line goes on",
			src:  xqTags + "\n1. 炮二平五 马８进７ (1... 炮８进８) 2. 马二进三 将５进２ *\n",
			want: []string{"illegal-move: 1...炮８进８: illegal: no Black move fits it", "illegal-move: 2...将５进２: illegal: no Black move fits it"}},
		{name: "flying general",
			src:  xqTags + "[FEN \"4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1\"]\n\n1. 仕五进六 *\n",
			want: []string{"illegal-move: 1.仕五进六: illegal: no Red move fits it; 仕五进六 (e1d2) would leave Red's king attacked"}},
		{name: "ambiguous tandem pawns",
			src:  xqTags + "[FEN \"3k5/9/9/4P4/9/4P4/9/9/9/4K4 w - - 0 1\"]\n\n1. 兵五进一 *\n",
			want: []string{"ambiguous-move: 1.兵五进一: ambiguous: could be 后兵进一 (e4e5) or 前兵进一 (e6e7)"}},
		{name: "unqualified tandem resolved by legality",
			src:   xqTags + "[FEN \"3k5/9/9/9/9/4R4/9/4R4/9/4K4 w - - 0 1\"]\n\n1. 车五进二 *\n",
			want:  []string{"xiangqi-non-canonical: 1.车五进二: two pieces of this kind share the file"},
			fixed: xqTags + "[FEN \"3k5/9/9/9/9/4R4/9/4R4/9/4K4 w - - 0 1\"]\n\n1. 前车进二 *\n"},
		{name: "not a move",
			src:  xqTags + "\n1. 炮二平 马８进７ *\n",
			want: []string{"not-a-move: 1.炮二平: not a valid Chinese move"}},
		{name: "invalid FEN, positioned",
			src:  xqTags + "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w\"]\n\n1. 炮二平五 *\n",
			want: []string{"fen-invalid: xiangqi FEN: unknown piece letter 'X'"}},
		{name: "checkmate against the result",
			src:   xqTags + "[FEN \"3k5/9/9/9/9/9/9/9/R8/5K2R w - - 0 1\"]\n\n1. 车九进七 将４平５ 2. 车一进九 0-1\n",
			want:  []string{"result-vs-board: the result is 0-1 but Black is checkmated: 1-0"},
			fixed: strings.Replace(xqTags, "\"*\"", "\"1-0\"", 1) + "[FEN \"3k5/9/9/9/9/9/9/9/R8/5K2R w - - 0 1\"]\n\n1. 车九进七 将４平５ 2. 车一进九 1-0\n"},
		{name: "Chinese result word against the board",
			src:  strings.Replace(xqTags, "\"*\"", "\"黑胜\"", 1) + "[FEN \"3k5/9/9/9/9/9/9/9/8R/4K4 w - - 0 1\"]\n\n1. 车一进七\n",
			want: []string{"result-vs-board: the result is 0-1 but Black cannot move, and in xiangqi the side that cannot move loses: 1-0"}},
		{name: "perpetual check",
			src:  xqTags + "[FEN \"4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1\"]\n\n1. 车一进九 将５进１ 2. 车一退一 将５退１ 3. 车一进一 将５进１ 4. 车一退一 将５退１ 5. 车一进一 *\n",
			want: []string{"perpetual-check: 5.车一进一: the position occurs for the third time and every Red move since it first occurred gave check"}},
		{name: "repetition without check is no perpetual check",
			src: xqTags + "\n1. 马二进三 马８进７ 2. 马三退二 马７退８ 3. 马二进三 马８进７ 4. 马三退二 马７退８ *\n"},
		{name: "PlyCount",
			src:   xqTags + "[PlyCount \"3\"]\n\n1. 炮二平五 马８进７ *\n",
			want:  []string{"plycount: PlyCount is 3 but the main line has 2 plies"},
			fixed: xqTags + "[PlyCount \"2\"]\n\n1. 炮二平五 马８进７ *\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fs := xqFindings(t, tc.src)
			var got []string
			for _, f := range fs {
				got = append(got, f.Rule+": "+f.Message)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %d findings, want %d:\n%s", len(got), len(tc.want), strings.Join(got, "\n"))
			}
			for i, w := range tc.want {
				rule, frag, ok := strings.Cut(w, ": ")
				if !ok {
					frag = w
					rule = ""
				}
				if !strings.Contains(got[i], frag) || rule != "" && !strings.HasPrefix(got[i], rule+": ") {
					t.Errorf("finding %d is %q, want %q", i, got[i], w)
				}
			}
			if tc.fixed != "" {
				if out := fixOnce(t, tc.src, fs); out != tc.fixed {
					t.Errorf("after the fixes:\n%s\nwant\n%s", out, tc.fixed)
				}
			}
		})
	}
}
