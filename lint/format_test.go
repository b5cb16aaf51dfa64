package lint_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/pgnlint/pgnlint/formatter"
	"github.com/pgnlint/pgnlint/semantic"
	"github.com/pgnlint/pgnlint/source"

	"github.com/pgnlint/pgnlint/internal/astcheck"
)

// FuzzFormat checks the export printer on arbitrary input: idempotent,
// meaning-preserving, and leaving no fixable diagnostic in a printed game.
func FuzzFormat(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		var ce *source.CompressedError
		if err := astcheck.FormatProperties(data); errors.As(err, &ce) {
			t.Skip("input that only looks compressed: an I/O error, tested in source")
		} else if err != nil {
			t.Fatal(err)
		}
	})
}

// handTyped is a report as a federation receives it (seed 002's list of
// mistakes): full-width characters and spaces, curly quotes, a space inside
// a tag name, a date without its zeros, blank lines inside the tag section,
// no blank line before the movetext, `1.e4` without a space, castling with
// zeros, a promotion without `=`, `+` where `#` is due, and no termination.
// The moves are the Opera game (Paris 1858) and a short promotion line.
const handTyped = "［Ｅｖｅｎｔ　”Paris”］\n" +
	"[Site “Paris FRA”]\n" +
	"[Event Date \"1858.11.2\"]\n" +
	"[Date \"1858.11.2\"]\n\n" +
	"[Round \"?\"]\n" +
	"[White \"Morphy,Paul\"]\n" +
	"[Black \"Duke Karl / Count Isouard\"]\n" +
	"[Result \"1-0\"]\n" +
	"１．ｅ４　ｅ５ 2.Nf3 d6 3.d4 Bg4 4.dxe5 Bxf3 5.Qxf3 dxe5 6.Bc4 Nf6 7.Qb3 Qe7\n" +
	"8.Nc3 c6 9.Bg5 b5 10.Nxb5 cxb5 11.Bxb5+ Nbd7 12.0-0-0 Rd8 13.Rxd7 Rxd7\n" +
	"14.Rd1 Qe6 15.Bxd7+ Nxd7 16.Qb8+ Nxb8 17.Rd8+\n\n" +
	"[Event \"Promotion\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n" +
	"[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1.e8Q *\n"

// TestHandTypedReportFormats checks that fmt (and so lint --fix) turns the
// hand-typed report into export format on which lint finds no warning.
func TestHandTypedReportFormats(t *testing.T) {
	before := findings(t, handTyped)
	for _, rule := range []string{"fullwidth-character", "quote-character", "tag-name-space", "date-format",
		"blank-line-in-tags", "no-blank-line-after-tags", "castling-notation", "promotion-notation", "check-mark", "missing-termination"} {
		if !has(before, rule) {
			t.Errorf("the report does not show %s", rule)
		}
	}
	out, res, err := astcheck.FormatOnce([]byte(handTyped), formatter.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Kept != 0 {
		t.Fatalf("%d games kept as they were:\n%s", res.Kept, out)
	}
	for _, f := range findings(t, string(out)) {
		if f.Severity >= semantic.Warning {
			t.Errorf("after fmt, %d:%d: %s [%s]", f.Start.Line, f.Start.Col, f.Message, f.Rule)
		}
	}
	if !strings.Contains(string(out), "[EventDate \"1858.11.02\"]") || !strings.Contains(string(out), "12. O-O-O") ||
		!strings.Contains(string(out), "17. Rd8# 1-0") || !strings.Contains(string(out), "1. e8=Q *") {
		t.Errorf("unexpected export:\n%s", out)
	}
}
