package semantic_test

import (
	"bytes"
	"testing"

	"github.com/pgnlint/pgnlint/lint"
	"github.com/pgnlint/pgnlint/semantic"
	"github.com/pgnlint/pgnlint/semantic/xiangqi"
)

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
