package semantic_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/pgnlint/pgnlint/lint"
	"github.com/pgnlint/pgnlint/semantic"
	"github.com/pgnlint/pgnlint/semantic/xiangqi"
)

// convert applies ConvertXiangqi to a game and parses, checks and repairs
// the result, which must then check clean.
func convert(t *testing.T, pg *lint.ParsedGame, opt semantic.ConvertOptions) *lint.ParsedGame {
	t.Helper()
	edits, ok := semantic.ConvertXiangqi(pg.Game, opt)
	if !ok {
		t.Fatalf("cannot convert to %s:\n%s", opt.Notation, lint.GameText(pg))
	}
	text, err := semantic.ApplyEdits(lint.GameText(pg), pg.Game.Start, edits)
	if err != nil {
		t.Fatal(err)
	}
	out, err := lint.NewReader(bytes.NewReader(text)).Next()
	if err != nil {
		t.Fatal(err)
	}
	ds := lint.Check(out)
	for _, d := range ds {
		if len(d.Fixes) > 0 {
			t.Errorf("converted to %s, a fix remains: %s\n%s", opt.Notation, d.Message, text)
		}
	}
	return out
}

// roundTrip converts each repaired xiangqi game of src chinese → wxf → iccs
// → chinese and checks the text is the canonical one it started from (with
// its Format tag written: the first conversion, to Chinese, sets it).
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
			continue // not repairable: fmt keeps it as it is
		}
		if _, ok := semantic.ConvertXiangqi(fixed.Game, semantic.ConvertOptions{Notation: xiangqi.Chinese}); !ok {
			continue // a FEN or move that does not resolve
		}
		trad, ascii := semantic.XiangqiStyle(fixed.Game)
		chars := "simplified"
		if trad {
			chars = "traditional"
		}
		cn := semantic.ConvertOptions{Notation: xiangqi.Chinese, Characters: chars, ASCIIDigits: ascii}
		canon := convert(t, fixed, cn)
		g := convert(t, canon, semantic.ConvertOptions{Notation: xiangqi.WXF})
		g = convert(t, g, semantic.ConvertOptions{Notation: xiangqi.ICCS})
		g = convert(t, g, cn)
		if got, want := lint.GameText(g), lint.GameText(canon); !bytes.Equal(got, want) {
			t.Errorf("round trip:\n%s\nwant\n%s", got, want)
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

// TestConvertRoundTripWukong runs the round trip on a large traditional
// collection when it is present.
func TestConvertRoundTripWukong(t *testing.T) {
	const path = "/work/shared/corpus/xiangqi/wukong__xqdb_traditional.pgn"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("%s: %v", path, err)
	}
	if n := roundTrip(t, src); n == 0 {
		t.Error("no game converted")
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
