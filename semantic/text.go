package semantic

import (
	"unicode"
	"unicode/utf8"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/internal/bytescan"
)

// Rules of the character-level pass.
var (
	RuleTabCharacter = RegisterRule(Rule{ID: "tab-character", Severity: Info,
		Summary: "a tab character",
		Detail:  "Tabs are allowed in import format but not in export format, and never inside a string (§4.2). A tab inside a tag value is a warning; elsewhere it is information. The fix writes a space.",
		Bad:     "1.\te4 e5 *", Good: "1. e4 e5 *"})
	RuleControlCharacter = RegisterRule(Rule{ID: "control-character", Severity: Error,
		Summary: "a control character other than line feed, carriage return and tabs",
		Detail:  "Only four ASCII control characters may appear in PGN import format: line feed, carriage return, horizontal tab and vertical tab (§4.1). Others (a NUL, a DOS end-of-file ^Z, a form feed) are removed by the fix.",
		Bad:     "1. e4 e5 *\x1a", Good: "1. e4 e5 *"})
	RuleLineTooLong = RegisterRule(Rule{ID: "line-too-long", Severity: Warning,
		Summary: "a line longer than 255 characters",
		Detail:  "Import format limits a line to 255 characters including the line break (§4.3). Export format wraps movetext below 80 columns; `pgnlint fmt` rewraps.",
		Bad:     "1. e4 e5 2. Nf3 ... (300 characters on one line)", Good: "the same moves wrapped below 80 columns"})
	RuleFullwidthCharacter = RegisterRule(Rule{ID: "fullwidth-character", Severity: Warning,
		Summary: "a full-width form of an ASCII character outside strings and comments",
		Detail:  "PGN tokens are ASCII (§4.1). Japanese and Chinese input methods type full-width forms (`１．ｅ４`, `［`, the ideographic space); pgnlint reads them as their ASCII twins and the fix writes the ASCII character. Full-width digits inside Chinese xiangqi moves are the convention there and are not reported.",
		Bad:     "１．ｅ４　ｅ５ ＊", Good: "1.e4 e5 *"})
	RuleNotUTF8 = RegisterRule(Rule{ID: "not-utf8", Severity: Info,
		Summary: "the input is not UTF-8; it is read as Latin-1, GB18030 or Big5",
		Detail: "The standard's character set is ISO 8859-1 (§4.1); most files today are UTF-8, and xiangqi files are often GBK/GB18030 or Big5. " +
			"pgnlint reads UTF-8 (with or without a byte order mark) until the first byte sequence that is not valid UTF-8. From there it reads GB18030 or Big5 " +
			"when the following 64 KiB decode strictly in that encoding and hold xiangqi characters, and Latin-1 otherwise. Positions always count the original bytes; " +
			"`pgnlint fmt` writes UTF-8.",
		Bad: "[White \"M\\xfcller\"] (the Latin-1 byte 0xFC)", Good: "[White \"Müller\"] (UTF-8)"})
)

// maxLine is the import format's line limit, line break included (§4.3).
const maxLine = 255

// CheckText runs the character-level rules over the game's bytes.
func CheckText(g *ast.Game, lines *ast.Lines) []Diagnostic {
	t := textChecker{lines: lines, g: g}
	src := lines.Src[g.Start-lines.Base : g.End-lines.Base]
	t.scan(src, g.Start)
	return t.out
}

// spans gathers the tag values and the free text of the game, the first
// time a tab or a full-width character needs to know where it stands.
func (t *textChecker) spans() {
	if t.spansDone {
		return
	}
	t.spansDone = true
	xq := kindOf(t.g) == kindXiangqi
	ast.Inspect(t.g, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TagPair:
			if n.Value != nil {
				t.strs = append(t.strs, n.Value.Span)
			}
		case *ast.Comment, *ast.LineComment, *ast.Escape:
			t.quiet = append(t.quiet, n.Bounds())
		case *ast.Move:
			// Xiangqi moves are checked by their own pass, which rewrites
			// full-width forms as the notation wants them.
			if xq || hasHan(n.Text.Text) {
				t.quiet = append(t.quiet, n.Text.Span)
			}
		}
		return true
	})
}

type textChecker struct {
	lines     *ast.Lines
	g         *ast.Game
	spansDone bool
	strs      []ast.Span // tag values, in order
	quiet     []ast.Span // comments, escapes and Chinese moves: free text, in order
	out       []Diagnostic
}

func within(spans []ast.Span, off int64) bool {
	lo, hi := 0, len(spans)
	for lo < hi {
		mid := (lo + hi) / 2
		switch {
		case spans[mid].End <= off:
			lo = mid + 1
		case spans[mid].Start > off:
			hi = mid
		default:
			return true
		}
	}
	return false
}

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

func (t *textChecker) scan(src []byte, base int64) {
	lineStart, lineChars := 0, 0
	for i := 0; i < len(src); {
		c := src[i]
		off := base + int64(i)
		switch {
		case c == '\n' || c == '\r':
			if lineChars >= maxLine {
				t.longLine(base+int64(lineStart), lineChars)
			}
			i++
			if c == '\r' && i < len(src) && src[i] == '\n' {
				i++
			}
			lineStart, lineChars = i, 0
			continue
		case c == '\t':
			j := run(src, i, func(b byte) bool { return b == '\t' })
			t.tab(off, base+int64(j))
			lineChars += j - i
			i = j
			continue
		case c < ' ' && c != '\v' || c == 0x7f:
			j := run(src, i, isControl)
			span := ast.Span{Start: off, End: base + int64(j)}
			t.out = append(t.out, RuleControlCharacter.At(span, "control character %q", src[i:j]).
				WithFix("remove the control character", span, ""))
			lineChars += j - i
			i = j
			continue
		}
		if c < utf8.RuneSelf {
			// Printable ASCII, nearly all of the text, a run at a time.
			j := bytescan.IndexNotPrintable(src, i+1)
			lineChars += j - i
			i = j
			continue
		}
		r, n := utf8.DecodeRune(src[i:])
		if isFullwidth(r) && t.free(off) {
			j := i
			var ascii []byte
			for j < len(src) {
				r2, n2 := utf8.DecodeRune(src[j:])
				if !isFullwidth(r2) {
					break
				}
				ascii = append(ascii, halfwidth(r2))
				lineChars++
				j += n2
			}
			span := ast.Span{Start: off, End: base + int64(j)}
			t.out = append(t.out, RuleFullwidthCharacter.At(span, "full-width %q is read as %q", src[i:j], ascii).
				WithFix("write ASCII", span, string(ascii)))
			i = j
			continue
		}
		lineChars++
		i += n
	}
	if lineChars >= maxLine {
		t.longLine(base+int64(lineStart), lineChars)
	}
}

func isControl(b byte) bool {
	return b < ' ' && b != '\t' && b != '\n' && b != '\r' && b != '\v' || b == 0x7f
}

func run(src []byte, i int, in func(byte) bool) int {
	for i < len(src) && in(src[i]) {
		i++
	}
	return i
}

// free reports whether a full-width character at off is outside tag
// values, comments, escape lines and Chinese moves.
func (t *textChecker) free(off int64) bool {
	t.spans()
	return !within(t.strs, off) && !within(t.quiet, off)
}

func (t *textChecker) tab(start, end int64) {
	span := ast.Span{Start: start, End: end}
	var d Diagnostic
	t.spans()
	if within(t.strs, start) {
		d = RuleTabCharacter.At(span, "tab inside a tag value")
		d.Severity = Warning
	} else {
		d = RuleTabCharacter.At(span, "tab character (export format uses spaces)")
	}
	t.out = append(t.out, d.WithFix("write a space", span, " "))
}

func (t *textChecker) longLine(start int64, chars int) {
	// Point at the character that crosses the limit.
	i, n := start, 0
	for src := t.lines.Src[start-t.lines.Base:]; n < maxLine-1 && int(i-start) < len(src); n++ {
		_, w := utf8.DecodeRune(src[i-start:])
		i += int64(w)
	}
	t.out = append(t.out, RuleLineTooLong.At(ast.Span{Start: i, End: i + 1},
		"line is %d characters long; import format allows %d including the line break", chars+1, maxLine))
}

func isFullwidth(r rune) bool { return r >= 0xFF01 && r <= 0xFF5E || r == 0x3000 }

func halfwidth(r rune) byte {
	if r == 0x3000 {
		return ' '
	}
	return byte(r - 0xFEE0)
}
