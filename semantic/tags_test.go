package semantic_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pgnlint/pgnlint/lint"
	"github.com/pgnlint/pgnlint/semantic"
	"github.com/pgnlint/pgnlint/source"
)

// tagRules are the rules of the tag pass.
var tagRules = []*semantic.Rule{
	semantic.RuleMissingRosterTag, semantic.RuleEmptyTagValue, semantic.RuleDateFormat, semantic.RuleImpossibleDate,
	semantic.RuleRoundFormat, semantic.RulePlayerNameComma, semantic.RuleResultValue, semantic.RuleTitleValue,
	semantic.RuleIntegerValue, semantic.RulePlayerType, semantic.RuleECOCode, semantic.RuleTimeFormat,
	semantic.RuleTimeControl, semantic.RuleSetUpValue, semantic.RuleTerminationValue, semantic.RuleModeValue,
	semantic.RuleTagNameCase, semantic.RuleTagNameLowercase, semantic.RuleTagPairSpacing,
	semantic.RuleBlankLineInTags, semantic.RuleBlankLineInMovetext, semantic.RuleNoBlankLineAfterTags,
}

func isTagRule(id string) bool {
	return slices.ContainsFunc(tagRules, func(r *semantic.Rule) bool { return r.ID == id })
}

func lintPGN(t *testing.T, src string) []lint.Finding {
	t.Helper()
	var fs []lint.Finding
	if err := lint.File("test.pgn", strings.NewReader(src), func(f lint.Finding) { fs = append(fs, f) }); err != nil {
		t.Fatal(err)
	}
	return fs
}

// game builds a game whose tag section is the Seven Tag Roster with known
// values, with the given tags (`Date "2008.9.1"`) replacing roster tags of
// the same name or following them.
func game(tags ...string) string {
	values := map[string]string{"Event": `"Club championship"`, "Site": `"Tokyo JPN"`, "Date": `"2024.05.01"`,
		"Round": `"1"`, "White": `"Yamada, Taro"`, "Black": `"Suzuki, Hanako"`, "Result": `"*"`}
	var extra []string
	for _, tg := range tags {
		name, value, _ := strings.Cut(tg, " ")
		if _, ok := values[name]; ok {
			values[name] = value
		} else {
			extra = append(extra, "["+tg+"]\n")
		}
	}
	var b strings.Builder
	for _, name := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"} {
		fmt.Fprintf(&b, "[%s %s]\n", name, values[name])
	}
	b.WriteString(strings.Join(extra, ""))
	b.WriteString("\n1. e4 e5 *\n")
	return b.String()
}

// firstFixes applies the first fix of each finding of the given rules (all
// when rules is nil) to src, as corpus_test's fixed does: a fix that starts
// where one taken before ends, or before, is left out.
func firstFixes(t *testing.T, src []byte, fs []lint.Finding, keep func(string) bool) []byte {
	t.Helper()
	text, err := io.ReadAll(source.NewDecoder(bytes.NewReader(src)))
	if err != nil {
		t.Fatal(err)
	}
	var edits []semantic.Edit
	end := int64(-1)
	for _, f := range fs {
		if len(f.Fixes) == 0 || keep != nil && !keep(f.Rule) {
			continue
		}
		fx := f.Fixes[0]
		if fx.Edits[0].Span.Start <= end || !sorted(fx.Edits) {
			continue
		}
		edits = append(edits, fx.Edits...)
		end = fx.Edits[len(fx.Edits)-1].Span.End
	}
	out, err := semantic.ApplyEdits(text, 0, edits)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sorted(es []semantic.Edit) bool {
	for i := 1; i < len(es); i++ {
		if es[i].Span.Start < es[i-1].Span.End {
			return false
		}
	}
	return true
}

func TestTagRules(t *testing.T) {
	cases := []struct {
		name string
		src  string
		want []string // rule:severity of the tag pass, in order
		// fixed, when set, must appear in the text once the first fixes
		// of the tag pass are applied.
		fixed string
	}{
		{"clean", game(), nil, ""},
		{"no tags", "1. e4 e5 *\n", []string{"missing-roster-tag:warning"},
			"[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"},
		{"missing in the middle", "[Event \"x\"]\n[Date \"2024.05.01\"]\n[White \"a\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n",
			[]string{"missing-roster-tag:warning"},
			"[Event \"x\"]\n[Site \"?\"]\n[Date \"2024.05.01\"]\n[Round \"?\"]\n[White \"a\"]\n[Black \"?\"]\n[Result \"1-0\"]\n"},
		{"missing result takes the marker", "[Event \"x\"]\n[Site \"x\"]\n[Date \"2024.05.01\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n\n1. e4 0-1\n",
			[]string{"missing-roster-tag:warning"}, "[Black \"b\"]\n[Result \"0-1\"]\n\n1. e4 0-1"},
		{"missing, CRLF", "[Event \"x\"]\r\n[Result \"*\"]\r\n\r\n1. e4 *\r\n", []string{"missing-roster-tag:warning"},
			"[Event \"x\"]\r\n[Site \"?\"]\r\n[Date \"????.??.??\"]\r\n[Round \"?\"]\r\n[White \"?\"]\r\n[Black \"?\"]\r\n[Result \"*\"]\r\n"},
		{"missing, tags on one line", "[Event \"x\"] [Result \"*\"]\n\n1. e4 *\n", []string{"missing-roster-tag:warning"},
			"[Event \"x\"] [Site \"?\"] [Date \"????.??.??\"] [Round \"?\"] [White \"?\"] [Black \"?\"] [Result \"*\"]"},
		{"tagless games on one line", "1. e4 e5 1-0 1. d4 d5 0-1\n", []string{"missing-roster-tag:warning", "missing-roster-tag:warning"},
			"1. e4 e5 1-0 \n[Event \"?\"]"},
		{"xiangqi has no White", "[Game \"Chinese Chess\"]\n[Event \"x\"]\n[Red \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. 炮二平五 马８进７ *\n",
			[]string{"missing-roster-tag:warning"}, "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[Red \"a\"]"},
		{"xiangqi rounds in words", "[Game \"Chinese Chess\"]\n[Event \"x\"]\n[Site \"广州\"]\n[Date \"2004.01.05\"]\n[Round \"决赛\"]\n[Red \"a,b\"]\n[Black \"c\"]\n[Result \"*\"]\n\n1. 炮二平五 马８进７ *\n",
			nil, ""},
		{"xiangqi dates", "[Game \"Chinese Chess\"]\n[Event \"x\"]\n[Site \"x\"]\n[Date \"2009-08-01\"]\n[Round \"1\"]\n[Result \"*\"]\n\n1. 炮二平五 马８进７ *\n",
			[]string{"date-format:warning"}, `[Date "2009.08.01"]`},
		{"comments only", "; a file's preamble\n", nil, ""},

		{"empty event", game(`Event ""`), []string{"empty-tag-value:warning"}, `[Event "?"]`},
		{"empty date", game(`Date ""`), []string{"empty-tag-value:warning"}, `[Date "????.??.??"]`},
		{"blank result", "[Event \"x\"]\n[Site \"x\"]\n[Date \"2024.05.01\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \" \"]\n\n1. e4 1-0\n",
			[]string{"empty-tag-value:warning"}, `[Result "1-0"]`},
		{"empty elo", game(`WhiteElo ""`), []string{"empty-tag-value:info"}, "[Result \"*\"]\n\n1. e4"},
		{"empty elo mid-line", strings.Replace(game(), `[Result "*"]`, `[Result "*"] [BlackElo ""] [ECO "C42"]`, 1),
			[]string{"empty-tag-value:info"}, `[Result "*"] [ECO "C42"]`},
		{"empty opening", game(`Opening ""`), nil, ""},

		{"date unpadded", game(`Date "2008.9.1"`), []string{"date-format:warning"}, `[Date "2008.09.01"]`},
		{"date ISO", game(`Date "2008-09-01"`), []string{"date-format:warning"}, `[Date "2008.09.01"]`},
		{"date slashes", game(`Date "2008/09/01"`), []string{"date-format:warning"}, `[Date "2008.09.01"]`},
		{"date compact", game(`Date "20080901"`), []string{"date-format:warning"}, `[Date "2008.09.01"]`},
		{"date year", game(`Date "1957"`), []string{"date-format:warning"}, `[Date "1957.??.??"]`},
		{"date year month", game(`Date "1957.10"`), []string{"date-format:warning"}, `[Date "1957.10.??"]`},
		{"date kanji", game(`Date "2008年9月1日"`), []string{"date-format:warning"}, `[Date "2008.09.01"]`},
		{"date full-width", game(`Date "２００８．０９．０１"`), []string{"date-format:warning"}, `[Date "2008.09.01"]`},
		{"date zeros", game(`Date "2008.00.00"`), []string{"date-format:warning"}, `[Date "2008.??.??"]`},
		{"date unknown", game(`Date "?"`), []string{"date-format:warning"}, `[Date "????.??.??"]`},
		{"date day first", game(`Date "01.09.2008"`), []string{"date-format:warning"}, `[Date "01.09.2008"]`},
		{"date partly unknown", game(`Date "19??.??.??"`), nil, ""},
		{"date month 13", game(`Date "2008.13.01"`), []string{"impossible-date:error"}, ""},
		{"date february 30", game(`Date "2008.02.30"`), []string{"impossible-date:error"}, ""},
		{"date april 31", game(`Date "2008.4.31"`), []string{"impossible-date:error"}, ""},
		{"date not leap", game(`Date "2023.02.29"`), []string{"impossible-date:error"}, ""},
		{"date leap", game(`Date "2024.02.29"`), nil, ""},
		{"date 1900 not leap", game(`Date "1900.02.29"`), []string{"impossible-date:error"}, ""},
		{"date 2000 leap", game(`Date "2000.02.29"`), nil, ""},
		{"date leap unknown year", game(`Date "19??.02.29"`), nil, ""},
		{"event date", game(`EventDate "2008.9.1"`), []string{"date-format:warning"}, `[EventDate "2008.09.01"]`},
		{"end date", game(`EndDate "2009.7.14"`), []string{"date-format:warning"}, `[EndDate "2009.07.14"]`},
		{"utc date", game(`UTCDate "2009.02.31"`), []string{"impossible-date:error"}, ""},
		{"name with a space, date", strings.Replace(game(), "[Result \"*\"]\n", "[Result \"*\"]\n[Event Date \"2008.9.1\"]\n", 1),
			[]string{"date-format:warning"}, ""},

		{"round dotted", game(`Round "4.1.2"`), nil, ""},
		{"round dash", game(`Round "-"`), nil, ""},
		{"round unknown", game(`Round "?"`), nil, ""},
		{"round spaces", game(`Round " 3 "`), []string{"round-format:warning"}, `[Round "3"]`},
		{"round words", game(`Round "Final"`), []string{"round-format:warning"}, `[Round "Final"]`},

		{"result colon", strings.Replace(game(`Result "1:0"`), "e5 *", "e5", 1), []string{"result-value:error"}, `[Result "1-0"]`},
		{"result half", strings.Replace(game(`Result "½-½"`), "e5 *", "e5", 1), []string{"result-value:error"}, `[Result "1/2-1/2"]`},
		{"result letter O", strings.Replace(game(`Result "O-1"`), "e5 *", "e5", 1), []string{"result-value:error"}, `[Result "0-1"]`},
		{"result from marker", game(`Result "white wins"`), []string{"result-value:error"}, `[Result "*"]`},

		{"name comma", game(`White "Carlsen,Magnus"`), []string{"player-name-comma:info"}, `[White "Carlsen, Magnus"]`},
		{"name consultation", game(`Black "Smith, John Q.:Woodpusher 2000"`), nil, ""},
		{"names commas", game(`Black "Smith,J:Jones,K"`), []string{"player-name-comma:info"}, `[Black "Smith, J:Jones, K"]`},
		{"annotator comma", game(`Annotator "Fischer,R"`), []string{"player-name-comma:info"}, `[Annotator "Fischer, R"]`},
		{"name unknown", game(`White "?"`), nil, ""},

		{"titles", game(`WhiteTitle "IM:-:GM"`, `BlackTitle "WGM"`), nil, ""},
		{"lichess titles", game(`WhiteTitle "BOT"`, `BlackTitle "LM"`), nil, ""},
		{"title lower case", game(`WhiteTitle "gm"`), []string{"title-value:info"}, `[WhiteTitle "GM"]`},
		{"title unknown", game(`BlackTitle "Master"`), []string{"title-value:info"}, ""},
		{"title blank", game(`BlackTitle " "`), []string{"empty-tag-value:info"}, ""},

		{"elo", game(`WhiteElo "2700"`, `BlackElo "-"`, `WhiteUSCF "?"`, `BlackUSCF "2100:2200"`), nil, ""},
		{"elo question", game(`WhiteElo "2700?"`), []string{"integer-value:warning"}, ""},
		{"elo full-width", game(`WhiteElo "２７００"`), []string{"integer-value:warning"}, `[WhiteElo "2700"]`},
		{"board", game(`Board "x"`), []string{"integer-value:warning"}, ""},
		{"plycount spaces", game(`PlyCount " 2"`), []string{"integer-value:warning"}, `[PlyCount "2"]`},

		{"type", game(`WhiteType "human"`, `BlackType "program"`), nil, ""},
		{"type case", game(`WhiteType "Program"`), []string{"player-type:warning"}, `[WhiteType "program"]`},
		{"type engine", game(`BlackType "engine"`), []string{"player-type:warning"}, `[BlackType "program"]`},
		{"type other", game(`BlackType "cyborg"`), []string{"player-type:warning"}, ""},

		{"eco", game(`ECO "C42/03"`), nil, ""},
		{"eco scid", game(`ECO "E04b"`), nil, ""},
		{"eco lower case", game(`ECO "c42"`), []string{"eco-code:warning"}, `[ECO "C42"]`},
		{"eco letter", game(`ECO "F00"`), []string{"eco-code:warning"}, ""},

		{"time", game(`Time "11:02:59"`, `UTCTime "??:??:??"`), nil, ""},
		{"time unpadded", game(`Time "9:05:00"`), []string{"time-format:warning"}, `[Time "09:05:00"]`},
		{"time periods", game(`UTCTime "09.05.00"`), []string{"time-format:warning"}, `[UTCTime "09:05:00"]`},
		{"time short", game(`Time "09:05"`), []string{"time-format:warning"}, ""},
		{"time impossible", game(`Time "25:00:00"`), []string{"impossible-date:error"}, ""},

		{"time controls", game(`TimeControl "40/7200:20/3600:900+30"`), nil, ""},
		{"time control forms", game(`TimeControl "?"`, `TimeControl "-"`, `TimeControl "40/9000"`, `TimeControl "300"`,
			`TimeControl "4500+60"`, `TimeControl "*180"`, `TimeControl "300+0"`), nil, ""},
		{"time control order", game(`TimeControl "900+30:40/7200"`), []string{"time-control:warning"}, ""},
		{"time control hours", game(`TimeControl "40/2h"`), []string{"time-control:warning"}, ""},
		{"time control spaces", game(`TimeControl "300 + 3"`), []string{"time-control:warning"}, `[TimeControl "300+3"]`},

		{"setup", game(`SetUp "0"`), nil, ""},
		{"setup other", game(`SetUp "no"`), []string{"setup-value:warning"}, ""},
		{"setup with fen", game(`SetUp "yes"`, `FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"`), nil, ""},

		{"termination", game(`Termination "Time forfeit"`), nil, ""},
		{"termination other", game(`Termination "GUI adjudication"`), []string{"termination-value:info"}, ""},
		{"mode", game(`Mode "ICS"`), nil, ""},
		{"mode lower case", game(`Mode "otb"`), []string{"mode-value:info"}, `[Mode "OTB"]`},
		{"mode other", game(`Mode "blitz"`), []string{"mode-value:info"}, ""},

		{"federation tags", game(`WhiteJCCA "1462"`, `BlackJCCA "(1767)"`, `EndDate "2009.07.14"`), nil, ""},
		{"unknown tags", game(`MyTag "anything"`, `StudyName "x"`), nil, ""},
		{"tag name case", game(`Setup "0"`), []string{"tag-name-case:warning"}, `[SetUp "0"]`},
		{"tag name lower case", game(`myTag "x"`), []string{"tag-name-lowercase:info"}, `[MyTag "x"]`},
		{"tag name lower case, known", game(`whiteElo "2700"`), []string{"tag-name-case:warning"}, `[WhiteElo "2700"]`},

		{"spacing", strings.Replace(game(), `[Site "Tokyo JPN"]`, `[ Site  "Tokyo JPN" ]`, 1), []string{"tag-pair-spacing:info"}, `[Site "Tokyo JPN"]`},
		{"spacing across lines", strings.Replace(game(), `[Site "Tokyo JPN"]`, "[Site\n\"Tokyo JPN\"]", 1), []string{"tag-pair-spacing:info"}, `[Site "Tokyo JPN"]`},
		{"spacing, none", strings.Replace(game(), `[Site "Tokyo JPN"]`, `[Site"Tokyo JPN"]`, 1), []string{"tag-pair-spacing:info"}, `[Site "Tokyo JPN"]`},

		{"blank line in tags", strings.Replace(game(), "[Round", "\n[Round", 1), []string{"blank-line-in-tags:warning"}, "[Date \"2024.05.01\"]\n[Round"},
		{"blank lines in tags", strings.Replace(game(), "[Round", " \n\t\n[Round", 1), []string{"blank-line-in-tags:warning"}, "[Date \"2024.05.01\"]\n[Round"},
		{"blank line in tags CRLF", strings.ReplaceAll(strings.Replace(game(), "[Round", "\n[Round", 1), "\n", "\r\n"), []string{"blank-line-in-tags:warning"}, "[Date \"2024.05.01\"]\r\n[Round"},
		{"games without movetext", strings.ReplaceAll(game(), "\n1. e4 e5 *\n", "") + "\n" + game(), nil, ""},
		{"blank line in movetext", strings.Replace(game(), "e5 *", "e5\n\n2. Nf3 *", 1), []string{"blank-line-in-movetext:info"}, "1. e4 e5\n2. Nf3 *"},
		{"blank line in a comment", strings.Replace(game(), "e5 *", "e5 {one\n\ntwo} *", 1), nil, ""},
		{"no blank line after tags", strings.Replace(game(), "\n\n1.", "\n1.", 1), []string{"no-blank-line-after-tags:warning"}, "[Result \"*\"]\n\n1. e4"},
		{"no blank line, same line", strings.Replace(game(), "\n\n1.", " 1.", 1), []string{"no-blank-line-after-tags:warning"}, "[Result \"*\"]\n\n1. e4"},
		{"no blank line, CRLF", strings.ReplaceAll(strings.Replace(game(), "\n\n1.", "\n1.", 1), "\n", "\r\n"), []string{"no-blank-line-after-tags:warning"}, "[Result \"*\"]\r\n\r\n1. e4"},
		{"blank line before a comment line", strings.Replace(game(), "\n\n1.", "\n\n; note\n1.", 1), nil, ""},
		{"two blank lines between games", game() + "\n\n" + game(), nil, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fs := lintPGN(t, tc.src)
			var got []string
			for _, f := range fs {
				if isTagRule(f.Rule) {
					got = append(got, f.Rule+":"+f.Severity.String())
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v\n%s", got, tc.want, render(fs))
			}
			if tc.fixed == "" {
				return
			}
			fixed := firstFixes(t, []byte(tc.src), fs, isTagRule)
			if !strings.Contains(string(fixed), tc.fixed) {
				t.Errorf("fixed text lacks %q:\n%s", tc.fixed, fixed)
			}
			for _, f := range lintPGN(t, string(fixed)) {
				if isTagRule(f.Rule) && len(f.Fixes) > 0 && slices.Contains(tc.want, f.Rule+":"+f.Severity.String()) {
					t.Errorf("after the fixes: %s [%s]\n%s", f.Message, f.Rule, fixed)
				}
			}
		})
	}
}

func render(fs []lint.Finding) string {
	var b bytes.Buffer
	tw := &lint.TextWriter{W: &b}
	for _, f := range fs {
		tw.Write(f)
	}
	return b.String()
}

// handTyped is a result report typed by hand with every mistake the
// federation guide (seed 002) lists: full-width characters from a Japanese
// input method, curly quotes, a space in a tag name, unpadded dates, `0-0`
// for castling, `e8Q` without `=`, `+` where `#` is due, `1.e4` without a
// space, blank lines inside the tag section, and no termination marker.
const handTyped = `[Event “31st Postal Championship, Final”]
[Site "JCCA"]
[Date "2008.9.1"]

[Round "-"]
[White "Tamiya,Masaru"]
[Black "Ikegami, Osamu"]
[Result "1/2-1/2"]
[WhiteJCCA "1462"]
[BlackJCCA "1767"]
[End Date "2009.7.14"]
[ECO "E91"]

１．ｄ４　Ｎｆ６ 2.c4 g6 3.Nc3 d6 4.Nf3 Bg7 5.e4 0-0 6.Be2 c5 7.0-0 cxd4
8.Nxd4 Re8 9.Be3 Nc6 10.Qd2 Bd7 11.Rad1 Ng4 12.h3 Nxe3 13.fxe3 Bh6
14.Nxc6 Bxc6 15.Nd5 Bg5 16.Bf3 e6 17.Nf4 f6 18.Qxd6 e5 19.Qa3 Qb6
20.c5 Qa6 21.Qxa6 bxa6 22.Nd5 Bxd5 23.Rxd5 Rab8 24.b3 Bxe3+ 25.Kh2
Rec8 26.Be2 Rxc5 27.Rxc5 Bxc5 28.Rxf6 a5 29.Bc4+ Kg7 30.Rf7+ Kh6
31.Kg3 Rf8 32.Rxf8 Bxf8 33.Kf3 Kg5 34.g3 h6 35.h4+ Kf6 36.g4 Be7
37.Ke3 Kg7 38.h5 g5 39.a4
`

// handTypedPromotion ends with a promotion written without `=` that mates
// and is marked `+`, from a set-up position.
const handTypedPromotion = `[Event "31st Postal Championship, Final"]
[Site "JCCA"]
[Date "2008.09.01"]
[Round "-"]
[White "Tamiya, Masaru"]
[Black "Ikegami, Osamu"]
[Result "1-0"]
[SetUp "1"]
[FEN "6k1/4P3/6K1/8/8/8/8/8 w - - 0 60"]
[EventDate "2008.9.1"]

60.e8Q+ 1-0
`

// TestHandTypedReport lints reports typed by hand with each of the mistakes
// the federation guide lists, applies the first fix of every diagnostic,
// and checks that nothing with a fix is left: pgnlint corrects what the
// guide expects PGN software to correct on import.
func TestHandTypedReport(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // rules that must report the typed mistakes
	}{
		{"report", handTyped, []string{"quote-character", "date-format", "blank-line-in-tags", "player-name-comma",
			"tag-name-space", "fullwidth-character", "castling-notation", "missing-termination"}},
		{"promotion", handTypedPromotion, []string{"date-format", "promotion-notation", "check-mark"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := lintPGN(t, tc.src)
			for _, rule := range tc.want {
				if !slices.ContainsFunc(fs, func(f lint.Finding) bool { return f.Rule == rule }) {
					t.Errorf("the typed mistake of %s is not reported:\n%s", rule, render(fs))
				}
			}
			fixed := firstFixes(t, []byte(tc.src), fs, nil)
			after := lintPGN(t, string(fixed))
			for _, f := range after {
				if f.Severity >= semantic.Warning && len(f.Fixes) > 0 {
					t.Errorf("after the fixes, %d:%d: %s: %s [%s]", f.Start.Line, f.Start.Col, f.Severity, f.Message, f.Rule)
				}
			}
			if t.Failed() {
				t.Logf("fixed text:\n%s\nbefore:\n%s\nafter:\n%s", fixed, render(fs), render(after))
			}
		})
	}
}

// TestRealWorldTags lints the shared real-world corpus and checks that the
// tag pass raises no error there and warnings only where the data deviates
// from the standard: pgn-extract's ECO file has no roster tags at all, and
// its Fischer file writes dates as a year alone.
func TestRealWorldTags(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 6 MB of games")
	}
	files, _ := filepath.Glob("../../shared/corpus/realworld/*.pgn")
	if len(files) == 0 {
		t.Skip("shared corpus not found")
	}
	expected := map[string]string{"pgn-extract__eco.pgn": "missing-roster-tag", "pgn-extract__fischer.pgn": "date-format"}
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			counts := map[string]int{}
			err = lint.File(name, bytes.NewReader(data), func(f lint.Finding) {
				if !isTagRule(f.Rule) {
					return
				}
				counts[f.Severity.String()+" "+f.Rule]++
				switch {
				case f.Severity == semantic.Error:
					t.Errorf("%d:%d: %s [%s]", f.Start.Line, f.Start.Col, f.Message, f.Rule)
				case f.Severity == semantic.Warning && expected[filepath.Base(name)] != f.Rule:
					t.Errorf("%d:%d: %s [%s]", f.Start.Line, f.Start.Col, f.Message, f.Rule)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%v", counts)
		})
	}
}
