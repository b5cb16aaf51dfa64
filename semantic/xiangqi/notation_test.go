package xiangqi

import (
	"slices"
	"strings"
	"testing"
)

const afterCentralCannon = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"

// notationVectors is the table of NOTATION.md §4.4, verbatim; extra holds the
// alternative spellings given in its cells.
var notationVectors = []struct {
	fen, iccs, chinese, wxf, fairy string
	extra                          []string
}{
	{StartFEN, "h2e2", "炮二平五", "C2.5", "C2=5", nil},
	{StartFEN, "b0c2", "马八进七", "H8+7", "H8+7", nil},
	{StartFEN, "d0e1", "仕六进五", "A6+5", "A6+5", nil},
	{StartFEN, "g0e2", "相三进五", "E3+5", "E3+5", nil},
	{StartFEN, "h2h9", "炮二进七", "C2+7", "C2+7", nil},
	{afterCentralCannon, "h9g7", "马８进７", "H8+7", "H8+7", nil},
	{afterCentralCannon, "f9e8", "士６进５", "A6+5", "A6+5", nil},
	{afterCentralCannon, "c6c5", "卒３进１", "P3+1", "P3+1", nil},
	{afterCentralCannon, "b7b0", "炮２进７", "C2+7", "C2+7", nil},
	{"3k5/9/9/9/9/4R4/9/4R4/9/4K4 w - - 0 1", "e4e8", "前车进四", "R++4", "R++4", nil},
	{"3k5/9/9/9/9/4R4/9/4R4/9/4K4 w - - 0 1", "e2d2", "后车平六", "R-.6", "R-=6", nil},
	{"3k5/9/9/9/9/4R4/9/4R4/9/4K4 w - - 0 1", "e4e3", "前车退一", "R+-1", "R+-1", nil},
	{"4k4/9/2n6/9/2n6/9/9/9/9/3K5 b - - 0 1", "c5d3", "前马进４", "H++4", "H++4", nil},
	{"4k4/9/2n6/9/2n6/9/9/9/9/3K5 b - - 0 1", "c7b9", "后马退２", "H--2", "H--2", nil},
	{"3k5/9/9/9/9/9/9/4BA3/4K4/5AB2 w - - 0 1", "e2c0", "相五退七", "E5-7", "E5-7", nil},
	{"3k5/9/9/2P6/2P6/2P6/9/9/9/4K4 w - - 0 1", "c6c7", "前兵进一", "P++1", "17+1", nil},
	{"3k5/9/9/2P6/2P6/2P6/9/9/9/4K4 w - - 0 1", "c5d5", "中兵平六", "P7.6", "27=6", nil},
	{"3k5/9/9/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1", "g6g7", "一兵进一", "3++1", "13+1", []string{"前兵三进一", "Pa+1"}},
	{"3k5/9/9/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1", "c5d5", "四兵平六", "7-.6", "27=6", []string{"后兵七平六", "Pd.6"}},
	{"4k4/9/9/9/9/4p4/4p4/9/9/3K5 b - - 0 1", "e4d4", "后卒平４", "P-.4", "P-=4", nil},
}

func mustFEN(t testing.TB, fen string) *Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

func mustMove(t testing.TB, p *Position, iccs string) Move {
	t.Helper()
	r := p.ParseMove(iccs, ICCS)
	if !r.OK() {
		t.Fatalf("%s: %s does not resolve: %v", p.FEN(), iccs, r.Issues)
	}
	return r.Move
}

func TestNotationVectors(t *testing.T) {
	for _, v := range notationVectors {
		p := mustFEN(t, v.fen)
		m := mustMove(t, p, v.iccs)
		if got := p.FormatMove(m, StyleChinese); got != v.chinese {
			t.Errorf("%s %s: Chinese %q, want %q", v.fen, v.iccs, got, v.chinese)
		}
		if got := p.FormatMove(m, StyleWXF); got != v.wxf {
			t.Errorf("%s %s: WXF %q, want %q", v.fen, v.iccs, got, v.wxf)
		}
		for _, tok := range append([]string{v.chinese, v.wxf, v.fairy, v.iccs}, v.extra...) {
			r := p.ParseMove(tok, AnyNotation)
			if r.Move != m {
				t.Errorf("%s: %q resolved to %v (%v), want %s", v.fen, tok, r.Move, r.Issues, m)
			}
		}
		for _, tok := range []string{v.chinese, v.wxf} {
			if r := p.ParseMove(tok, AnyNotation); len(r.Issues) != 0 || r.Canonical != tok {
				t.Errorf("%q: canonical %q, issues %v", tok, r.Canonical, r.Issues)
			}
		}
	}
	// The illegal row: kings would face each other on file d.
	p := mustFEN(t, "3k5/9/9/9/9/9/9/4BA3/4K4/5AB2 w - - 0 1")
	r := p.ParseMove("e1d1", ICCS)
	if r.OK() || len(r.Issues) == 0 || r.Issues[0].Kind != IssueIllegal || !slices.Equal(r.Issues[0].Candidates, []Move{mustSquareMove("e1d1")}) {
		t.Errorf("e1d1: %+v", r)
	}
	for _, tok := range []string{"帅五平六", "K5.6", "E1-D1"} {
		if r := p.ParseMove(tok, AnyNotation); r.OK() || !r.Has(IssueIllegal) {
			t.Errorf("%s: %+v", tok, r)
		}
	}
}

func mustSquareMove(s string) Move {
	sq := func(f, r byte) Square { return SquareAt(int(f-'a'), int(r-'0')) }
	return NewMove(sq(s[0], s[1]), sq(s[2], s[3]))
}

func TestParseIssues(t *testing.T) {
	const twoRooks = "3k5/9/9/9/9/4R4/9/4R4/9/4K4 w - - 0 1"
	const twoPawnFiles = "3k5/9/9/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1"
	for _, c := range []struct {
		fen, token string
		want       Notation
		move       string // "" when unresolved
		canonical  string
		kinds      []IssueKind
	}{
		{StartFEN, "炮二平五", Chinese, "h2e2", "炮二平五", nil},
		{StartFEN, "炮2平5", Chinese, "h2e2", "炮二平五", []IssueKind{IssueWrongSideNumber}},
		{StartFEN, "士六进五", Chinese, "d0e1", "仕六进五", []IssueKind{IssueWrongSidePiece}},
		{StartFEN, "马八上七", Chinese, "b0c2", "马八进七", []IssueKind{IssueLenientAction}},
		{StartFEN, "炮二平五 ", Chinese, "h2e2", "炮二平五", []IssueKind{IssueNonCanonical}},
		{StartFEN, "C2.5", Chinese, "h2e2", "C2.5", []IssueKind{IssueNotationMismatch}},
		{StartFEN, "C2=5", WXF, "h2e2", "C2.5", []IssueKind{IssueWXFEquals}},
		{StartFEN, "c2.5", WXF, "h2e2", "C2.5", []IssueKind{IssueWXFLetter}},
		{StartFEN, "C25", WXF, "h2e2", "C2.5", []IssueKind{IssueWXFNoOperator}},
		{StartFEN, "Ｃ２＝５", WXF, "h2e2", "C2.5", []IssueKind{IssueCharWidth, IssueWXFEquals}},
		{StartFEN, "B3+5", WXF, "g0e2", "E3+5", []IssueKind{IssueWXFLetter}},
		{StartFEN, "N8+7", WXF, "b0c2", "H8+7", []IssueKind{IssueWXFLetter}},
		{StartFEN, "h2e2", ICCS, "h2e2", "H2-E2", []IssueKind{IssueICCSForm}},
		{StartFEN, "H2E2", ICCS, "h2e2", "H2-E2", []IssueKind{IssueICCSForm}},
		{StartFEN, "H2-E2", ICCS, "h2e2", "H2-E2", nil},
		{StartFEN, "ｈ２ｅ２", ICCS, "h2e2", "H2-E2", []IssueKind{IssueCharWidth, IssueICCSForm}},
		{StartFEN, "车一进三", Chinese, "", "", []IssueKind{IssueIllegal}},
		{StartFEN, "i0i3", ICCS, "", "", []IssueKind{IssueIllegal}},
		{StartFEN, "炮二平", Chinese, "", "", []IssueKind{IssueUnparseable}},
		{StartFEN, "Che2", AnyNotation, "", "", []IssueKind{IssueUnparseable}},
		{StartFEN, "1-0", AnyNotation, "", "", []IssueKind{IssueUnparseable}},
		{afterCentralCannon, "马８进７", Chinese, "h9g7", "马８进７", nil},
		{afterCentralCannon, "马8进7", Chinese, "h9g7", "马８进７", []IssueKind{IssueCharWidth}},
		{afterCentralCannon, "马八进七", Chinese, "h9g7", "马８进７", []IssueKind{IssueWrongSideNumber}},
		{afterCentralCannon, "馬８進７", Chinese, "h9g7", "馬８進７", nil},
		{afterCentralCannon, "马８進７", Chinese, "h9g7", "马８进７", []IssueKind{IssueMixedScript}},
		{afterCentralCannon, "砲２進７", Chinese, "b7b0", "炮２進７", []IssueKind{IssueVariantChar}},
		{afterCentralCannon, "h8+7", WXF, "h9g7", "H8+7", []IssueKind{IssueWXFLetter}},
		{twoRooks, "车五进四", Chinese, "e4e8", "前车进四", []IssueKind{IssueMissingQualifier}},
		{twoRooks, "俥五進四", Chinese, "e4e8", "前車進四", []IssueKind{IssueMissingQualifier, IssueVariantChar}},
		{twoRooks, "车前进四", Chinese, "e4e8", "前车进四", []IssueKind{IssueQualifierAfterPiece}},
		{twoRooks, "後車平六", Chinese, "e2d2", "後車平六", nil},
		{twoRooks, "R5+4", WXF, "e4e8", "R++4", []IssueKind{IssueMissingQualifier}},
		{twoRooks, "+R+4", WXF, "e4e8", "R++4", []IssueKind{IssueWXFPrefixTandem}},
		{twoRooks, "-R=6", WXF, "e2d2", "R-.6", []IssueKind{IssueWXFPrefixTandem, IssueWXFEquals}},
		{twoRooks, "车五平六", Chinese, "", "", []IssueKind{IssueAmbiguous}},
		{twoRooks, "前车进六", Chinese, "", "", []IssueKind{IssueIllegal}},
		{twoPawnFiles, "前兵三进一", Chinese, "g6g7", "一兵进一", []IssueKind{IssueTandemStyle}},
		{twoPawnFiles, "前三进一", Chinese, "g6g7", "一兵进一", []IssueKind{IssueTandemStyle}},
		{twoPawnFiles, "前兵进一", Chinese, "", "", []IssueKind{IssueAmbiguous}},
		{twoPawnFiles, "13+1", WXF, "g6g7", "3++1", []IssueKind{IssueTandemStyle}},
		{twoPawnFiles, "Pa+1", WXF, "g6g7", "3++1", []IssueKind{IssueTandemStyle}},
		{twoPawnFiles, "兵七平六", Chinese, "", "", []IssueKind{IssueAmbiguous}},
		{twoPawnFiles, "兵七进一", Chinese, "c6c7", "三兵进一", []IssueKind{IssueMissingQualifier}},
	} {
		p := mustFEN(t, c.fen)
		r := p.ParseMove(c.token, c.want)
		var kinds []IssueKind
		for _, i := range r.Issues {
			kinds = append(kinds, i.Kind)
		}
		wantMove := NoMove
		if c.move != "" {
			wantMove = mustSquareMove(c.move)
		}
		if r.Move != wantMove || r.Canonical != c.canonical || !slices.Equal(kinds, c.kinds) {
			t.Errorf("%s %q: got move %v canonical %q issues %v; want %v %q %v", c.fen, c.token, r.Move, r.Canonical, r.Issues, wantMove, c.canonical, c.kinds)
		}
	}
}

func TestParseTraditionalOption(t *testing.T) {
	p := mustFEN(t, "3k5/9/9/9/9/4R4/9/4R4/9/4K4 w - - 0 1")
	for _, c := range []struct {
		token       string
		traditional bool
		canonical   string
	}{
		{"车五进四", true, "前车进四"}, // the token shows its script
		{"車五進四", false, "前車進四"},
	} {
		r := p.ParseMoveWith(c.token, ParseOptions{Traditional: c.traditional})
		if r.Canonical != c.canonical {
			t.Errorf("%q: canonical %q, want %q", c.token, r.Canonical, c.canonical)
		}
	}
	q := mustFEN(t, "5k3/9/9/9/9/4C4/4P4/9/4C4/3K5 w - - 0 1")
	for trad, want := range map[bool]string{true: "後炮退一", false: "后炮退一"} {
		if r := q.ParseMoveWith("炮五退一", ParseOptions{Traditional: trad}); r.Canonical != want {
			t.Errorf("neutral token: canonical %q, want %s (%v)", r.Canonical, want, r.Issues)
		}
	}
	if r := q.ParseMoveWith("炮五平四", ParseOptions{Traditional: true}); !r.Has(IssueAmbiguous) || len(r.Issues[0].Candidates) != 2 {
		t.Errorf("炮五平四: %v", r.Issues)
	}
}

func TestIssueKindNames(t *testing.T) {
	for k := IssueUnparseable; k <= IssueNotationMismatch; k++ {
		if k.Description() == "" || strings.HasPrefix(k.String(), "issue(") {
			t.Errorf("issue kind %d lacks a name or description", k)
		}
	}
}
