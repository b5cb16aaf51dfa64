package formatter_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/width"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/formatter"
	"github.com/pgnlint/pgnlint/internal/astcheck"
	"github.com/pgnlint/pgnlint/lint"
	"github.com/pgnlint/pgnlint/semantic"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata")

// xqGames parses text (in any encoding lint reads) into its games.
func xqGames(t *testing.T, text []byte) []*lint.ParsedGame {
	t.Helper()
	rd := lint.NewReader(bytes.NewReader(text))
	var out []*lint.ParsedGame
	for {
		pg, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, pg)
	}
}

// xqFormat is what `pgnlint fmt` writes for text.
func xqFormat(t *testing.T, text []byte, opt formatter.Options) []byte {
	t.Helper()
	out, _, err := astcheck.FormatOnce(text, opt)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// xqTokens lists what a game holds besides its layout and move numbers, in
// order: tags, moves with their suffixes, NAGs, comments, escape lines,
// variations, the termination marker. A comment is compared with its line
// breaks written LF and no blanks before them (docs/xiangqi.md); a `;`
// comment reads as the brace comment the printer writes for it, without the
// blanks around its text.
func xqTokens(g *ast.Game) []string {
	var out []string
	comment := func(text string) {
		text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
		lines := strings.Split(text, "\n")
		for i := 0; i < len(lines)-1; i++ {
			lines[i] = strings.TrimRight(lines[i], " \t")
		}
		out = append(out, "comment "+strings.Join(lines, "\n"))
	}
	var seq func([]ast.Node)
	seq = func(nodes []ast.Node) {
		for _, n := range nodes {
			switch n := n.(type) {
			case *ast.TagPair:
				if n.Name != nil && n.Value != nil {
					out = append(out, "tag "+n.Name.Text+" "+semantic.Unquote(n.Value.Text, n.ValueOpen))
				}
			case *ast.Move:
				out = append(out, "move "+n.Text.Text)
				if n.Suffix != nil {
					out = append(out, "suffix "+n.Suffix.Text)
				}
			case *ast.Suffix:
				out = append(out, "suffix "+n.Text)
			case *ast.NAG:
				out = append(out, "nag "+n.Text)
			case *ast.Comment:
				comment(strings.TrimSuffix(strings.TrimPrefix(n.Text, "{"), "}"))
			case *ast.LineComment:
				if text := strings.TrimPrefix(n.Text, ";"); !strings.Contains(text, "}") {
					comment(strings.TrimSpace(text))
				} else {
					out = append(out, "line "+n.Text)
				}
			case *ast.Escape:
				out = append(out, "escape "+n.Text)
			case *ast.Variation:
				out = append(out, "(")
				seq(n.Elements)
				out = append(out, ")")
			case *ast.Bad:
				out = append(out, "bad "+n.Text)
			}
		}
	}
	var tags, other []ast.Node
	for _, n := range g.Tags {
		if _, ok := n.(*ast.TagPair); ok {
			tags = append(tags, n)
		} else {
			other = append(other, n)
		}
	}
	seq(tags)
	tagEnd := len(out)
	seq(other)
	seq(g.Elements)
	if g.Termination != nil {
		out = append(out, "result "+g.Termination.Text)
	}
	seq(g.Trailer)
	// Tags are compared as a set: the printer orders them.
	head := append([]string(nil), out[:tagEnd]...)
	return append(sortedSet(head), out[tagEnd:]...)
}

func sortedSet(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// missing returns the first token of want that does not appear, in order,
// in got, or "".
func missing(want, got []string) string {
	j := 0
	for _, w := range want {
		for j < len(got) && got[j] != w {
			j++
		}
		if j == len(got) {
			return w
		}
		j++
	}
	return ""
}

// serious counts a game's errors and warnings by rule.
func serious(pg *lint.ParsedGame) map[string]int {
	m := map[string]int{}
	for _, d := range lint.Check(pg) {
		if d.Severity >= semantic.Warning {
			m[d.Rule]++
		}
	}
	return m
}

// columns measures a line as the printer does: wide characters count two.
func columns(s string) int {
	n := 0
	for _, r := range s {
		switch width.LookupRune(r).Kind() {
		case width.EastAsianWide, width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}

// xqProperties checks the xiangqi printer on one game as read: fmt writes
// it again unchanged; the printed game holds every tag, move, NAG, comment
// and variation of the game repaired by its fixes, in order; re-linting it
// finds no error or warning the game did not have; and no movetext line is
// wider than formatter.MaxLine columns unless a comment alone makes it so.
// It returns the printed text, or nil when the game is not printed (not
// xiangqi, or not repairable).
func xqProperties(t *testing.T, pg *lint.ParsedGame, opt formatter.Options) []byte {
	t.Helper()
	if !semantic.IsXiangqi(pg.Game) {
		return nil
	}
	repaired, ok := lint.Repair(pg, lint.Check(pg))
	if !ok {
		return nil
	}
	once := xqFormat(t, lint.GameText(pg), opt)
	where := func() string {
		return fmt.Sprintf("game at line %d:\n%s\n--- printed\n%s", pg.Lines.Position(pg.Game.Start).Line, lint.GameText(pg), once)
	}
	if twice := xqFormat(t, once, opt); !bytes.Equal(once, twice) {
		t.Fatalf("not idempotent: %s\n--- printed again\n%s", where(), twice)
	}
	out := xqGames(t, once)
	if len(out) != 1 {
		t.Fatalf("printed as %d games: %s", len(out), where())
	}
	if !opt.Reduced {
		if m := missing(xqTokens(repaired.Game), xqTokens(out[0].Game)); m != "" {
			t.Fatalf("%q is lost: %s", m, where())
		}
	}
	before, after := serious(pg), serious(out[0])
	for rule, n := range after {
		if n > before[rule] {
			t.Errorf("re-linting finds %d %s, the game had %d: %s", n, rule, before[rule], where())
		}
	}
	_, movetext, _ := strings.Cut(string(once), "\n\n")
	inComment := false
	for _, line := range strings.Split(strings.TrimSuffix(movetext, "\n\n"), "\n") {
		opens, closes := strings.Count(line, "{"), strings.Count(line, "}")
		wide := columns(line) > formatter.MaxLine
		if line != strings.TrimRight(line, " \t") {
			t.Errorf("line ends in a blank: %q", line)
		}
		commentOnly := inComment || strings.HasPrefix(line, "{") || strings.HasPrefix(line, "({")
		if wide && !commentOnly {
			t.Errorf("line of %d columns that is not a comment's: %q\n%s", columns(line), line, where())
		}
		if opens > closes {
			inComment = true
		} else if closes > opens {
			inComment = false
		}
	}
	return once
}

// TestXiangqiSeedExample prints the example game of the Chinese Chess PGN
// convention (中国象棋电脑应用规范 (三) PGN文件格式, section 四) and compares
// it with its golden file; `go test ./formatter -update` rewrites it.
func TestXiangqiSeedExample(t *testing.T) {
	in, err := os.ReadFile("testdata/xiangqi-seed.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games := xqGames(t, in)
	if len(games) != 1 {
		t.Fatalf("%d games", len(games))
	}
	got := xqProperties(t, games[0], formatter.Options{})
	if got == nil {
		t.Fatal("the example is not printed by the xiangqi printer")
	}
	const golden = "testdata/xiangqi-seed.export"
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run `go test ./formatter -update` to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("differs from %s:\n--- got\n%s--- want\n%s", golden, got, want)
	}
}

// xqMovetext formats a xiangqi game and returns its movetext.
func xqMovetext(t *testing.T, pgn string, opt formatter.Options) string {
	t.Helper()
	games := xqGames(t, []byte(pgn))
	if len(games) != 1 {
		t.Fatalf("%d games in %q", len(games), pgn)
	}
	out := xqProperties(t, games[0], opt)
	if out == nil {
		t.Fatalf("not printed as xiangqi:\n%s", pgn)
	}
	_, mt, ok := strings.Cut(string(out), "\n\n")
	if !ok {
		t.Fatalf("no blank line after the tags:\n%s", out)
	}
	return mt
}

const xqHead = "[Game \"Chinese Chess\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[Result \"*\"]\n"

// TestXiangqiLayout checks the movetext rules of docs/xiangqi.md one by one.
func TestXiangqiLayout(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"rounds are written N. red black",
			"1.炮二平五 马８进７ 2.马二进三 车９平８ *",
			"1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n\n"},
		{"a game from a position with Black to move starts N. ...",
			"[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\"]\n\n1. 马８进７ 2. 马二进三 *",
			"1. ... 马８进７ 2. 马二进三 *\n\n"},
		{"the move count of the FEN numbers the moves, side letter b with no counters",
			"[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b\"]\n\n1... 马８进７ 2. 马二进三 *",
			"1. ... 马８进７ 2. 马二进三 *\n\n"},
		{"after a comment or a variation Black's move takes its number; after a NAG it does not",
			"1. 炮二平五 {中炮} 马８进７ 2. 马二进三 (2. 马八进七) 车９平８ 3. 车一平二 $1 卒７进１ *",
			"1. 炮二平五 {中炮} 1. ... 马８进７ 2. 马二进三 (2. 马八进七) 2. ... 车９平８\n3. 车一平二 $1 卒７进１ *\n\n"},
		{"the convention's variation example (section 五)",
			"1. 炮二平五 炮８平５ (1. ... 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ 4. 兵七进一 {黑方不易驾驭局面}) 2. 马二进三 *",
			"1. 炮二平五 炮８平５ (1. ... 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３\n4. 兵七进一 {黑方不易驾驭局面}) 2. 马二进三 *\n\n"},
		{"a round stays on one line: lines break before a move number",
			"1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ 4. 兵七进一 卒７进１ 5. 马八进七 象３进５ *",
			"1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３\n4. 兵七进一 卒７进１ 5. 马八进七 象３进５ *\n\n"},
		{"a comment that does not fit after the moves has a line to itself",
			"1. 炮二平五 马８进７ 2. 马二进三 车９平８ {红方出动右翼子力，黑方出车保持均势，双方都按常规布局进行。} 3. 车一平二 *",
			"1. 炮二平五 马８进７ 2. 马二进三 车９平８\n{红方出动右翼子力，黑方出车保持均势，双方都按常规布局进行。}\n3. 车一平二 *\n\n"},
		{"a comment with line breaks keeps them, LF, without blanks before them",
			"1. 炮二平五 {第一段  \r\n\r\n  第二段} 马８进７ *",
			"1. 炮二平五\n{第一段\n\n  第二段}\n1. ... 马８进７ *\n\n"},
		{"a game comment before the first move stays before the movetext",
			"{评注：许银川} 1. 炮二平五 马８进７ *",
			"{评注：许银川}\n1. 炮二平五 马８进７ *\n\n"},
		{"a ; comment is written as a brace comment",
			"1. 炮二平五 ; 中炮\n马８进７ *",
			"1. 炮二平五 {中炮} 1. ... 马８进７ *\n\n"},
		{"a FEN without move counters takes the number the game writes",
			"[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b\"]\n\n13. 马８进７ 14. 马二进三 *",
			"13. ... 马８进７ 14. 马二进三 *\n\n"},
		{"comments after the termination marker stay after it",
			"1. 炮二平五 马８进７ * {完}",
			"1. 炮二平五 马８进７ * {完}\n\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := xqMovetext(t, xqHead+"\n"+tc.in, formatter.Options{}); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestXiangqiTags checks the tag order: the convention's tags in its order,
// RedTeam and BlackTeam before Red and Black, the missing roster tags with
// unknown values, the others after Format in ASCII order, escaped.
func TestXiangqiTags(t *testing.T) {
	in := "[Format \"WXF\"]\n[Zeta \"z\"]\n[Black \"聂卫平\"]\n[ECCO \"B24\"]\n[Red \"许银川\"]\n[Author \"a \\\"b\\\" \\\\ c\"]\n" +
		"[BlackTeam \"广州\"]\n[RedTeam \"广东\"]\n[Opening \"中炮\"]\n[Event \"五羊杯\"]\n[Game \"Chinese Chess\"]\n\n1. C2.5 H8+7 *\n"
	out := xqFormat(t, []byte(in), formatter.Options{})
	want := "[Game \"Chinese Chess\"]\n[Event \"五羊杯\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n" +
		"[RedTeam \"广东\"]\n[Red \"许银川\"]\n[BlackTeam \"广州\"]\n[Black \"聂卫平\"]\n[Result \"*\"]\n[Opening \"中炮\"]\n[ECCO \"B24\"]\n" +
		"[Format \"WXF\"]\n[Author \"a \\\"b\\\" \\\\ c\"]\n[Zeta \"z\"]\n\n1. C2.5 H8+7 *\n\n"
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	xqProperties(t, xqGames(t, []byte(in))[0], formatter.Options{})

	// Reduced export format: the roster, FEN and Format; moves only.
	in = xqHead + "[Red \"A\"]\n[ECCO \"B24\"]\n[Format \"WXF\"]\n\n1. C2.5 {c} H8+7 $1 (1. ... C8.5) 2. H2+3 *\n"
	out = xqFormat(t, []byte(in), formatter.Options{Reduced: true})
	want = xqHead[:len(xqHead)-len("[Result \"*\"]\n")] + "[Red \"A\"]\n[Result \"*\"]\n[Format \"WXF\"]\n\n1. C2.5 H8+7 2. H2+3 *\n\n"
	if string(out) != want {
		t.Errorf("reduced: got\n%s\nwant\n%s", out, want)
	}
	xqProperties(t, xqGames(t, []byte(in))[0], formatter.Options{Reduced: true})
}

// TestXiangqiNotation checks that fmt --notation converts before printing:
// the converted game is laid out by the same rules, idempotently.
func TestXiangqiNotation(t *testing.T) {
	in, err := os.ReadFile("testdata/xiangqi-seed.pgn")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"wxf", "iccs", "chinese"} {
		opt := formatter.Options{Notation: n}
		out := xqFormat(t, in, opt)
		if twice := xqFormat(t, out, opt); !bytes.Equal(out, twice) {
			t.Errorf("%s: not idempotent:\n%s\n---\n%s", n, out, twice)
		}
		if !bytes.Contains(out, []byte("[Format \"")) || !bytes.Contains(out, []byte("\n1. ")) {
			t.Errorf("%s: unexpected output:\n%s", n, out)
		}
		for _, g := range xqGames(t, out) {
			xqProperties(t, g, formatter.Options{})
		}
	}
}

// TestXiangqiCorners prints a game made of the odd corners: comments and
// escape lines among the tags, comments in a row, comments and variations
// opening variations, NAGs, empty-looking variations, `;` comments with and
// without a `}`, blanks before line breaks, a CR alone, a tab, comments
// after the termination marker.
func TestXiangqiCorners(t *testing.T) {
	in := "[Game \"Chinese Chess\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[Result \"*\"]\n" +
		"; a line comment {with a brace}\n%escape among tags\n\n{first} {second}\n" +
		"1. 炮二平五 ({at the start} 1. 马二进三 ({nested} 1. 兵七进一 $1) " +
		"{long comment about this variation that goes on and on and on and on and on and on}) 马８进７ $2 $14\n" +
		"%escape in movetext\n2. 马二进三 {a}{b}{c} ( 2. 马八进七 ) ( 2. 兵三进一\n) 车９平８ ; line comment with } brace\n" +
		"3. 车一平二 {text with trailing blanks   \n   and a second line   } 马２进３ {only CR:\rsecond line \r\r\nthird}\t" +
		"4. 车二进六 {tab\there} * {after} ; trailing line comment\n"
	want := "; a line comment {with a brace}\n%escape among tags\n{first}\n{second}\n" +
		"1. 炮二平五 ({at the start} 1. 马二进三 ({nested} 1. 兵七进一 $1)\n" +
		"{long comment about this variation that goes on and on and on and on and on and on})\n" +
		"1. ... 马８进７ $2 $14\n%escape in movetext\n" +
		"2. 马二进三 {a} {b} {c} (2. 马八进七) (2. 兵三进一) 2. ... 车９平８\n; line comment with } brace\n" +
		"3. 车一平二\n{text with trailing blanks\n   and a second line   }\n3. ... 马２进３\n{only CR:\nsecond line\n\nthird}\n" +
		"4. 车二进六 {tab here} * {after} {trailing line comment}\n\n"
	if got := xqMovetext(t, in, formatter.Options{}); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

const sharedXiangqi = "../../shared/corpus/xiangqi"

// TestXiangqiCorpus checks every xiangqi game of the shared corpus that fmt
// prints (xqProperties). Games that cannot be repaired are written as they
// were and are not the printer's.
func TestXiangqiCorpus(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(sharedXiangqi, "*.pgn"))
	if len(files) == 0 {
		t.Skipf("no shared xiangqi corpus at %s", sharedXiangqi)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			printed, games := 0, xqGames(t, data)
			step := 1
			if testing.Short() && len(games) > 200 {
				step = len(games) / 200
			}
			for i := 0; i < len(games); i += step {
				if xqProperties(t, games[i], formatter.Options{}) != nil {
					printed++
				}
			}
			t.Logf("%d games, %d printed by the xiangqi printer", len(games), printed)
		})
	}
}
