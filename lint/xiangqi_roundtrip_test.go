package lint

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/pgnlint/pgnlint/semantic"
	"github.com/pgnlint/pgnlint/semantic/xiangqi"
)

// The round trip chinese → wxf → iccs → chinese over the whole shared
// xiangqi corpus, done as `fmt --notation` does it (Repair, then
// semantic.ConvertXiangqi, ApplyEdits and parseAll, as Convert), with one
// difference: each converted text must check clean, not merely be
// repairable.

// convertClean converts a game to another notation and reads the result
// back; it returns why the converted text is not a clean game, or "".
func convertClean(pg *ParsedGame, opt semantic.ConvertOptions) (*ParsedGame, string) {
	to := opt.Notation.String()
	edits, ok := semantic.ConvertXiangqi(pg.Game, opt)
	if !ok {
		return nil, "cannot convert to " + to
	}
	text, err := semantic.ApplyEdits(GameText(pg), gameStart(pg), edits)
	if err != nil {
		return nil, "converting to " + to + ": " + err.Error()
	}
	games, ds, err := parseAll(text)
	if err != nil || len(games) != 1 {
		return nil, fmt.Sprintf("converted to %s, %d games, error %v", to, len(games), err)
	}
	for _, d := range ds {
		if d.Severity == semantic.Error || len(d.Fixes) > 0 {
			return nil, "converted to " + to + ", " + d.Rule
		}
	}
	return games[0], ""
}

// tripXiangqi converts a repaired game to canonical Chinese in its own
// style, then to WXF, ICCS and Chinese again, which must give the canonical
// text back. It returns why not, with the text that shows it, or "".
func tripXiangqi(fixed *ParsedGame) (why string, text []byte) {
	trad, ascii := semantic.XiangqiStyle(fixed.Game)
	chars := "simplified"
	if trad {
		chars = "traditional"
	}
	cn := semantic.ConvertOptions{Notation: xiangqi.Chinese, Characters: chars, ASCIIDigits: ascii}
	canon, why := convertClean(fixed, cn)
	if why != "" {
		return why, GameText(fixed)
	}
	g := canon
	for _, opt := range []semantic.ConvertOptions{{Notation: xiangqi.WXF}, {Notation: xiangqi.ICCS}, cn} {
		before := g
		if g, why = convertClean(g, opt); why != "" {
			return why, GameText(before)
		}
	}
	if got, want := GameText(g), GameText(canon); !bytes.Equal(got, want) {
		return "the round trip changes the text", fmt.Appendf(nil, "%s\nwant\n%s", got, want)
	}
	return "", nil
}

// tripStats counts what the round trip does with the games of a file.
type tripStats struct {
	Xiangqi int // xiangqi games read
	Tripped int // converted around the three notations and back exactly
	// Xiangqi games lint cannot repair (fmt writes them back as they were),
	// by the rule of their first error.
	Unrepaired map[string]int
	// Repaired games whose round trip fails, by why.
	Failed map[string]int
}

func (st tripStats) String() string {
	return fmt.Sprintf("%d xiangqi games, %d round-tripped, not repaired %v, failed %v", st.Xiangqi, st.Tripped, st.Unrepaired, st.Failed)
}

// tripFile runs the round trip over the xiangqi games of one file, read as
// lint reads it (decoded from GBK or Big5 when it is), and logs the text of
// the first failures of each kind.
func tripFile(t *testing.T, path string) tripStats {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st := tripStats{Unrepaired: map[string]int{}, Failed: map[string]int{}}
	rd := NewReader(f)
	for {
		pg, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return st
		}
		if err != nil {
			t.Fatal(err)
		}
		if !semantic.IsXiangqi(pg.Game) {
			continue
		}
		st.Xiangqi++
		ds := Check(pg)
		fixed, ok := Repair(pg, ds)
		if !ok {
			st.Unrepaired[firstError(ds)]++
			continue
		}
		// A repaired game has no error left, so every move resolves.
		why, text := tripXiangqi(fixed)
		if why == "" {
			st.Tripped++
			continue
		}
		if st.Failed[why]++; st.Failed[why] <= 2 {
			t.Logf("line %d: %s:\n%s", pg.Lines.Position(pg.Game.Start).Line, why, text)
		}
	}
}

// firstError is the rule of the first error among ds; "none" when Repair
// fails without one (its fixes do not settle, or the fixed text does not
// read back as one game).
func firstError(ds []semantic.Diagnostic) string {
	for _, d := range ds {
		if d.Severity == semantic.Error {
			return d.Rule
		}
	}
	return "none"
}

// corpusTrips is what the round trip does with the files of the shared
// xiangqi corpus. Every game lint repairs comes back (许银川's nine-pawn
// handicap game of the bing file too: its WXF pawn moves on two files, 3+.4
// and 33.4, are single tokens). The games lint does not repair are broken
// in the files:
//
//   - unescaped-quote: a tag value with quotes inside (the Event
//     "1999年"中視股份杯"象棋年度總決賽…" of the ccpd files), which lint
//     cannot tell from the value's end and so does not fix;
//   - missing-tag-bracket: a tag line that such a quote runs to its end;
//   - fen-invalid: a FEN without a Red or a Black king, or with an advisor
//     or an elephant off its points (ccpd endgame and opening positions);
//   - illegal-move: a move that would leave the mover's king attacked
//     (9...士４進５ and 10...馬６退７ in two ccpd positions).
//
// (The walker8088 file has games whose lines end in CR CR LF, a blank line
// after each; the Event tag the roster fix inserts lands after such a blank
// line and must not start a game there: the splitter only lets an Event tag
// start one after a broken tag section.)
var corpusTrips = map[string]tripStats{
	"ccpd__player_lv_qin_big5.pgn": {Xiangqi: 4234, Tripped: 3249,
		Unrepaired: map[string]int{"missing-tag-bracket": 4, "unescaped-quote": 981}},
	"ccpd__positions_openings_endgames_big5.pgn": {Xiangqi: 4575, Tripped: 4145,
		Unrepaired: map[string]int{"fen-invalid": 8, "illegal-move": 2, "unescaped-quote": 420}},
	"hbsxcjp-cchess__01.pgn":                        {Xiangqi: 1, Tripped: 1},
	"hbsxcjp-cchess__01.pgn_zh.pgn":                 {Xiangqi: 1, Tripped: 1},
	"hbsxcjp-cchess__bing.pgn":                      {Xiangqi: 1, Tripped: 1},
	"walker8088-cchess__endgame_test.pgn":           {Xiangqi: 1, Tripped: 1},
	"walker8088-cchess__online_games_part1_gbk.pgn": {Xiangqi: 2648, Tripped: 2648},
	"walker8088-cchess__test.pgn":                   {Xiangqi: 1, Tripped: 1},
	"walker8088-cchess__zhongpao-liepao.pgn":        {Xiangqi: 1, Tripped: 1},
	"wukong__bulk_games_uci.pgn":                    {Xiangqi: 15, Tripped: 15},
	"wukong__game_viewer_games.pgn": {Xiangqi: 1125, Tripped: 1124,
		Unrepaired: map[string]int{"unescaped-quote": 1}},
	"wukong__winboard_xiangqi_game.pgn": {Xiangqi: 1, Tripped: 1},
	"wukong__xqdb_international.pgn":    {Xiangqi: 15, Tripped: 15},
	"wukong__xqdb_traditional.pgn":      {Xiangqi: 15, Tripped: 15},
}

// TestXiangqiRoundTripCorpus runs the round trip over every xiangqi game of
// every file of the shared xiangqi corpus and checks the counts against
// corpusTrips, so that a game that stops resolving, repairing or coming
// back, or one that starts to, is noticed. A file not listed there must
// have every game it repairs come back.
func TestXiangqiRoundTripCorpus(t *testing.T) {
	const dir = "../../shared/corpus/xiangqi"
	files, err := filepath.Glob(filepath.Join(dir, "*.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skipf("no shared xiangqi corpus at %s", dir)
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := tripFile(t, path)
			want, known := corpusTrips[name]
			switch {
			case !known && len(got.Failed) > 0:
				t.Errorf("round trip failures: %v", got)
			case !known:
				t.Logf("not in corpusTrips: %v", got)
			case got.String() != want.String():
				t.Errorf("got  %v\nwant %v", got, want)
			}
		})
	}
}

// TestXiangqiRoundTripCases runs the round trip over the xiangqi cases of
// the regression corpus: every game lint repairs must come back.
func TestXiangqiRoundTripCases(t *testing.T) {
	var files []string
	for _, glob := range []string{"../corpus/testdata/xq-*.pgn", "../corpus/testdata/xiangqi-*.pgn"} {
		m, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	tripped := 0
	for _, path := range files {
		st := tripFile(t, path)
		if len(st.Failed) > 0 {
			t.Errorf("%s: round trip failures: %v", filepath.Base(path), st)
		}
		tripped += st.Tripped
	}
	if tripped < 10 {
		t.Errorf("only %d games of %d files came back", tripped, len(files))
	}
}
