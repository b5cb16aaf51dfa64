package xiangqi

import (
	"slices"
	"testing"
)

func TestSplitMoves(t *testing.T) {
	for _, c := range []struct {
		run  string
		want []string
	}{
		{"炮二平五马８进７", []string{"炮二平五", "马８进７"}},
		{"Ｃ２＝５Ｈ８＋７", []string{"Ｃ２＝５", "Ｈ８＋７"}},
		{"h2e2h9g7", []string{"h2e2", "h9g7"}},
		{"H2-E2H9-G7", []string{"H2-E2", "H9-G7"}},
		{"前兵七平八卒３进１", []string{"前兵七平八", "卒３进１"}},
		{"前七平八卒3进1", []string{"前七平八", "卒3进1"}},
		{"C25H8+7", []string{"C25", "H8+7"}},
		{"＋Ｐ＋１Ｐ７＝６", []string{"＋Ｐ＋１", "Ｐ７＝６"}},
		{"33.4P7.6", []string{"33.4", "P7.6"}},
		{"51.兵五平六", []string{"51.", "兵五平六"}},
		{"1.C2.5", []string{"1.", "C2.5"}},
		{"炮二平五 马8进7", []string{"炮二平五", "马8进7"}},
		{"炮二平", []string{"炮二平"}},
	} {
		spans := SplitMoves(c.run)
		var got []string
		for _, s := range spans {
			if c.run[s.Start:s.End] != s.Text {
				t.Errorf("%q: span %+v does not match its offsets", c.run, s)
			}
			got = append(got, s.Text)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("SplitMoves(%q) = %q, want %q", c.run, got, c.want)
		}
	}
	spans := SplitMoves("炮二平五马８进７")
	if spans[1].Start != 12 || spans[1].End != 24 {
		t.Errorf("byte offsets: %+v", spans)
	}
}
