package semantic_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/pgnlint/pgnlint/lint"
	"github.com/pgnlint/pgnlint/semantic"
	"github.com/pgnlint/pgnlint/semantic/xiangqi"
)

// convert applies ConvertXiangqi to a game and parses and checks the
// result, which must check clean: no error, no fix. It returns why not.
func convert(pg *lint.ParsedGame, opt semantic.ConvertOptions) (*lint.ParsedGame, string) {
	edits, ok := semantic.ConvertXiangqi(pg.Game, opt)
	if !ok {
		return nil, "cannot convert to " + opt.Notation.String()
	}
	// GameText may begin before the game, with the blanks that indent it.
	src := lint.GameText(pg)
	text, err := semantic.ApplyEdits(src, pg.Game.End-int64(len(src)), edits)
	if err != nil {
		return nil, "converting to " + opt.Notation.String() + ": " + err.Error()
	}
	out, err := lint.NewReader(bytes.NewReader(text)).Next()
	if err != nil {
		return nil, "converting to " + opt.Notation.String() + ": " + err.Error()
	}
	for _, d := range lint.Check(out) {
		if d.Severity == semantic.Error || len(d.Fixes) > 0 {
			return nil, "converted to " + opt.Notation.String() + ", " + d.Rule
		}
	}
	return out, ""
}

// tripGame converts a repaired xiangqi game chinese → wxf → iccs → chinese
// and checks the text is the canonical one it started from (with its Format
// tag written: the first conversion, to Chinese, sets it). It returns why
// the round trip failed, and the text that shows it, or "".
func tripGame(fixed *lint.ParsedGame) (why string, text []byte) {
	trad, ascii := semantic.XiangqiStyle(fixed.Game)
	chars := "simplified"
	if trad {
		chars = "traditional"
	}
	cn := semantic.ConvertOptions{Notation: xiangqi.Chinese, Characters: chars, ASCIIDigits: ascii}
	canon, why := convert(fixed, cn)
	if why != "" {
		return why, lint.GameText(fixed)
	}
	g := canon
	for _, opt := range []semantic.ConvertOptions{{Notation: xiangqi.WXF}, {Notation: xiangqi.ICCS}, cn} {
		before := g
		if g, why = convert(g, opt); why != "" {
			return why, lint.GameText(before)
		}
	}
	if got, want := lint.GameText(g), lint.GameText(canon); !bytes.Equal(got, want) {
		return "the round trip changes the text", fmt.Appendf(nil, "%s\nwant\n%s", got, want)
	}
	return "", nil
}

// roundTrip runs tripGame on each xiangqi game of src that lint can repair
// (fmt writes the others back as they were); every one must come back.
func roundTrip(t *testing.T, src []byte) (games int) {
	rd := lint.NewReader(bytes.NewReader(src))
	for {
		pg, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return games
		}
		if err != nil {
			t.Fatal(err)
		}
		if !semantic.IsXiangqi(pg.Game) {
			continue
		}
		fixed, ok := lint.Repair(pg, lint.Check(pg))
		if !ok {
			continue
		}
		if why, text := tripGame(fixed); why != "" {
			t.Errorf("%s:\n%s", why, text)
			continue
		}
		games++
	}
}

// TestConvertRoundTrip converts the xiangqi corpus cases around the three
// notations.
func TestConvertRoundTrip(t *testing.T) {
	var files []string
	for _, glob := range []string{"../corpus/testdata/xq-*.pgn", "../corpus/testdata/xiangqi-*.pgn"} {
		m, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	total := 0
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			total += roundTrip(t, src)
		})
	}
	if total < 10 {
		t.Errorf("only %d games converted", total)
	}
}

// TestConvertCounts checks every move token is converted, variations
// included: the WXF form of a Chinese game holds no Chinese move.
func TestConvertCounts(t *testing.T) {
	src := "[Game \"Chinese Chess\"]\n\n1. 炮二平五 马８进７ (1... 炮８平５ 2. 马二进三) 2. 马二进三 *\n"
	pg, err := lint.NewReader(bytes.NewReader([]byte(src))).Next()
	if err != nil {
		t.Fatal(err)
	}
	edits, ok := semantic.ConvertXiangqi(pg.Game, semantic.ConvertOptions{Notation: xiangqi.WXF})
	if !ok {
		t.Fatal("not converted")
	}
	if len(edits) != 6 {
		t.Errorf("%d edits, want 5 moves and the Format tag", len(edits))
	}
	text, err := semantic.ApplyEdits(lint.GameText(pg), pg.Game.Start, edits)
	if err != nil {
		t.Fatal(err)
	}
	want := "[Game \"Chinese Chess\"]\n[Format \"WXF\"]\n\n1. C2.5 H8+7 (1... C8.5 2. H2+3) 2. H2+3 *\n"
	if got := string(text); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
