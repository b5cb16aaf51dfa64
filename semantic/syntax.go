package semantic

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pgnlint/pgnlint/ast"
)

// Rules of the syntax pass.
var (
	RuleUnexpectedToken = RegisterRule(Rule{ID: "unexpected-token", Severity: Error,
		Summary: "a token that has no place where it stands",
		Detail:  "PGN data is made of the tokens of §7 arranged by the syntax of §18. A character that starts no token, a string or a period in movetext, a `]` outside a tag pair, or anything stray inside a tag pair is kept as written and reported.",
		Bad:     "1. e4 e5 / 2. Nf3 *", Good: "1. e4 e5 2. Nf3 *"})
	RuleReservedToken = RegisterRule(Rule{ID: "reserved-token", Severity: Error,
		Summary: "`<` and `>` are reserved",
		Detail:  "§7 reserves the `<` and `>` tokens for future expansion; no PGN data may use them. An angle-bracketed run such as an HTML `<br />` is reported once.",
		Bad:     "[Event \"?\"]<br />[Site \"?\"]", Good: "[Event \"?\"]\n[Site \"?\"]"})
	RuleUnterminatedComment = RegisterRule(Rule{ID: "unterminated-comment", Severity: Error,
		Summary: "a brace comment without its closing `}`",
		Detail:  "A brace comment runs to the next `}` (§5). Without one it runs to the end of the game: the next line that is a complete tag pair starts the next game.",
		Bad:     "1. e4 { best by test 1-0", Good: "1. e4 { best by test } 1-0"})
	RuleUnterminatedString = RegisterRule(Rule{ID: "unterminated-string", Severity: Error,
		Summary: "a string without its closing quote",
		Detail:  "A string token ends with a quote on the same line (§7); a quote inside it is written `\\\"`.",
		Bad:     "[Event \"Casual Game]", Good: "[Event \"Casual Game\"]"})
	RuleMissingTagBracket = RegisterRule(Rule{ID: "missing-tag-bracket", Severity: Error,
		Summary: "a tag pair without its closing `]`",
		Detail:  "A tag pair is four tokens: `[`, a name, a string and `]` (§8.1).",
		Bad:     "[Event \"Casual Game\"", Good: "[Event \"Casual Game\"]"})
	RuleMissingTagName = RegisterRule(Rule{ID: "missing-tag-name", Severity: Error,
		Summary: "a tag pair without a name",
		Detail:  "A tag pair is four tokens: `[`, a name, a string and `]` (§8.1).",
		Bad:     "[\"Casual Game\"]", Good: "[Event \"Casual Game\"]"})
	RuleMissingTagValue = RegisterRule(Rule{ID: "missing-tag-value", Severity: Error,
		Summary: "a tag pair without a value string",
		Detail:  "A tag pair is four tokens: `[`, a name, a string and `]` (§8.1). An unknown value is written as the tag's unknown value, e.g. `\"?\"`.",
		Bad:     "[Event]", Good: "[Event \"?\"]"})
	RuleUnescapedQuote = RegisterRule(Rule{ID: "unescaped-quote", Severity: Error,
		Summary: "a quote inside a tag value that is not escaped",
		Detail:  "A quote inside a string is written `\\\"` (§7); a bare one ends the string early and leaves the rest of the value stray. The fix escapes the inner quotes.",
		Bad:     "[Event \"The \"Immortal\" Game\"]", Good: "[Event \"The \\\"Immortal\\\" Game\"]"})
	RuleTagNameSpace = RegisterRule(Rule{ID: "tag-name-space", Severity: Error,
		Summary: "a tag name with a space in it",
		Detail:  "A tag name is one symbol (§8.1); `[Event Date \"...\"]` reads as the name Event followed by stray text. The fix joins the words.",
		Bad:     "[Event Date \"2024.05.01\"]", Good: "[EventDate \"2024.05.01\"]"})
	RuleQuoteCharacter = RegisterRule(Rule{ID: "quote-character", Severity: Warning,
		Summary: "a tag value in curly or full-width quotes",
		Detail:  "A string is delimited by the ASCII quote `\"` (§7); word processors and CJK input methods type “ ” or ＂. pgnlint reads them as quotes and the fix writes ASCII ones.",
		Bad:     "[Event “Club championship”]", Good: "[Event \"Club championship\"]"})
	RuleTagNameChars = RegisterRule(Rule{ID: "tag-name-chars", Severity: Error,
		Summary: "a tag name with characters other than letters, digits and underscore",
		Detail:  "Tag names are made of letters, digits and underscores only (§8.1), so that they map onto database keys.",
		Bad:     "[Event-Date \"2024.01.01\"]", Good: "[EventDate \"2024.01.01\"]"})
	RuleDuplicateTag = RegisterRule(Rule{ID: "duplicate-tag", Severity: Warning,
		Summary: "the same tag name twice in one game",
		Detail:  "A tag name should appear at most once in a tag section (§8.1). A repeat with the same value is removed by the fix; one with a different value needs a person to choose.",
		Bad:     "[Event \"A\"]\n[Event \"A\"]", Good: "[Event \"A\"]"})
	RuleTagInMovetext = RegisterRule(Rule{ID: "tag-in-movetext", Severity: Error,
		Summary: "a tag pair inside the movetext",
		Detail:  "Tag pairs belong in the tag section before the movetext (§8). One that begins a line starts a new game; one in the middle of a line is reported here.",
		Bad:     "1. e4 e5 [Result \"*\"] *", Good: "[Result \"*\"]\n\n1. e4 e5 *"})
	RuleUnclosedVariation = RegisterRule(Rule{ID: "unclosed-variation", Severity: Error,
		Summary: "a `(` without its `)`",
		Detail:  "A recursive annotation variation is enclosed in parentheses (§8.2.5).",
		Bad:     "1. e4 (1. d4 d5 1... e5 2. Nf3 *", Good: "1. e4 (1. d4 d5) 1... e5 2. Nf3 *"})
	RuleStrayParen = RegisterRule(Rule{ID: "stray-paren", Severity: Error,
		Summary: "a `)` with no open variation",
		Detail:  "A `)` closes a recursive annotation variation (§8.2.5); there is none open here.",
		Bad:     "1. e4 e5) *", Good: "1. e4 e5 *"})
	RuleEmptyVariation = RegisterRule(Rule{ID: "empty-variation", Severity: Warning,
		Summary: "a variation with no move",
		Detail:  "A recursive annotation variation holds one or more moves (§8.2.5).",
		Bad:     "1. e4 () e5 *", Good: "1. e4 e5 *"})
	RuleMissingTermination = RegisterRule(Rule{ID: "missing-termination", Severity: Warning,
		Summary: "movetext without a game termination marker",
		Detail:  "Every movetext ends with exactly one of `1-0`, `0-1`, `1/2-1/2` or `*` (§8.2.6), the same as the Result tag.",
		Bad:     "[Result \"1-0\"]\n\n1. e4 e5", Good: "[Result \"1-0\"]\n\n1. e4 e5 1-0"})
	RuleResultMismatch = RegisterRule(Rule{ID: "result-mismatch", Severity: Warning,
		Summary: "the termination marker differs from the Result tag",
		Detail:  "The game termination marker must equal the value of the Result tag (§8.2.6). The fix sets the tag from the marker, as the marker ends the moves it belongs to.",
		Bad:     "[Result \"1-0\"]\n\n1. e4 e5 0-1", Good: "[Result \"0-1\"]\n\n1. e4 e5 0-1"})
	RuleTextAfterTermination = RegisterRule(Rule{ID: "text-after-termination", Severity: Error,
		Summary: "something other than a comment after the termination marker",
		Detail:  "The termination marker is the last element of the movetext (§8.2.6). Only comments may follow it before the next game.",
		Bad:     "1. e4 e5 1-0 ======", Good: "1. e4 e5 1-0"})
	RuleNAGRange = RegisterRule(Rule{ID: "nag-range", Severity: Error,
		Summary: "a NAG outside 0-255",
		Detail:  "A numeric annotation glyph is `$` and an integer from 0 to 255 (§8.2.4).",
		Bad:     "1. e4 $300 *", Good: "1. e4 $3 *"})
	RuleMisplacedSuffix = RegisterRule(Rule{ID: "misplaced-suffix", Severity: Warning,
		Summary: "a suffix annotation that follows no move",
		Detail:  "A suffix annotation such as `!?` is the last part of a move symbol (§8.2.3); standing elsewhere it annotates nothing. The fix writes its NAG where it stands, which keeps it and is valid PGN; move it by hand if it belongs to a move.",
		Bad:     "1. e4 {good} !? *", Good: "1. e4!? {good} *"})
	RuleSuffixAnnotation = RegisterRule(Rule{ID: "suffix-annotation", Severity: Info,
		Summary: "a suffix annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`)",
		Detail:  "Import format allows the six traditional suffix annotations; export format writes them as the NAGs $1 to $6 (§8.2.3). The fix does that.",
		Bad:     "1. e4! e5 *", Good: "1. e4 $1 e5 *"})
	RuleBadSuffix = RegisterRule(Rule{ID: "bad-suffix", Severity: Error,
		Summary: "a run of `!` and `?` that is not one of the six suffix annotations",
		Detail:  "A move has at most one suffix annotation, one of `!`, `?`, `!!`, `??`, `!?`, `?!` (§8.2.3). `!!!` or `?!?`, or a second suffix after the first, is two annotations on one move.",
		Bad:     "1. e4!!! e5 *", Good: "1. e4!! e5 *"})
	RuleMoveNumber = RegisterRule(Rule{ID: "move-number", Severity: Warning,
		Summary: "a move number that does not match the move it stands before",
		Detail:  "A move number indication gives the number of the move that follows (§8.2.2); `N.` stands before White's move and `N...` before Black's. Numbers are counted from the FEN tag's fullmove number when there is one. After a mismatch the count continues from the number written, so one missing move is reported once.",
		Bad:     "1. e4 e5 3. Nf3 *", Good: "1. e4 e5 2. Nf3 *"})
	RuleEscapeNotColumn1 = RegisterRule(Rule{ID: "escape-not-column-1", Severity: Warning,
		Summary: "a `%` escape that does not start its line",
		Detail:  "The escape mechanism (§6) is a `%` in the first column; elsewhere `%` is no token. The line is kept as an escape line; the fix moves it to column 1.",
		Bad:     "  %private data", Good: "%private data"})
)

// CheckSyntax reports what the parser had to keep as bad nodes and the
// structural rules of §7, §8 and §18 that need no chess knowledge.
func CheckSyntax(g *ast.Game, lines *ast.Lines) []Diagnostic {
	c := syntaxChecker{lines: lines}
	c.tags(g.Tags)
	c.sequence(g.Elements)
	c.termination(g)
	c.moveNumbers(g)
	return c.out
}

type syntaxChecker struct {
	lines   *ast.Lines
	xiangqi bool // the game is xiangqi: move symbols may hold glued moves
	out     []Diagnostic
}

func (c *syntaxChecker) add(d Diagnostic) { c.out = append(c.out, d) }

// tagIndex finds tag pairs by name: a short list, as nearly every tag
// section is, and a map once the list grows long.
type tagIndex struct {
	list []*ast.TagPair
	m    map[string]*ast.TagPair
}

const tagIndexList = 32

func (ti *tagIndex) find(name string) *ast.TagPair {
	if ti.m != nil {
		return ti.m[name]
	}
	for _, t := range ti.list {
		if narrow(t.Name.Text) == name {
			return t
		}
	}
	return nil
}

func (ti *tagIndex) add(name string, t *ast.TagPair) {
	if ti.m == nil && len(ti.list) < tagIndexList {
		if ti.list == nil {
			ti.list = make([]*ast.TagPair, 0, tagIndexList)
		}
		ti.list = append(ti.list, t)
		return
	}
	if ti.m == nil {
		ti.m = make(map[string]*ast.TagPair, 2*tagIndexList)
		for _, t := range ti.list {
			ti.m[narrow(t.Name.Text)] = t
		}
	}
	ti.m[name] = t
}

func (c *syntaxChecker) tags(items []ast.Node) {
	var seen tagIndex
	for _, n := range items {
		switch n := n.(type) {
		case *ast.TagPair:
			c.tagPair(n)
			if n.Name == nil {
				continue
			}
			name := narrow(n.Name.Text)
			if n.Value == nil {
				continue // a broken name ([Event Date "x"]) is reported as such
			}
			if first := seen.find(name); first != nil {
				c.duplicate(first, n)
				continue
			}
			seen.add(name, n)
		case *ast.Escape:
			c.escape(n)
		case *ast.Bad:
			c.bad(n)
		}
	}
}

func (c *syntaxChecker) duplicate(first, again *ast.TagPair) {
	pos := c.lines.Position(first.Start)
	d := RuleDuplicateTag.At(again.Span, "tag %s appears again (first at line %d)", again.Name.Text, pos.Line)
	if first.Value != nil && again.Value != nil && first.Value.Text == again.Value.Text {
		d = d.WithFix("remove the repeated tag", again.Span, "")
	}
	c.add(d)
}

func (c *syntaxChecker) tagPair(t *ast.TagPair) {
	value, valueOpen, strays := t.Value, t.ValueOpen, t.Stray
	nameDone := false
	if t.Name != nil && value == nil {
		// A name cut in two before its value: [Event Date "x"], [WhiteElo? "x"].
		if i := firstString(strays); i >= 0 {
			nameDone = c.brokenName(t, strays[:i])
			value, valueOpen, strays = &strays[i].Token, !endsWithQuote(strays[i].Text), strays[i+1:]
		}
	}
	switch {
	case t.Name == nil:
		c.add(RuleMissingTagName.At(t.Open.Span, "tag pair has no name"))
	case !nameDone && !isTagName(narrow(t.Name.Text)):
		c.add(RuleTagNameChars.At(t.Name.Span, "tag name %q may hold only letters, digits and underscores", t.Name.Text))
	}
	switch {
	case value == nil:
		at := t.Open.Span
		if t.Name != nil {
			at = t.Name.Span
		}
		c.add(RuleMissingTagValue.At(at, "tag pair has no value string"))
	case valueOpen:
		c.add(c.openString(value, t.Close == nil))
	default:
		c.quotes(value)
	}
	if value == t.Value && !c.unescapedQuotes(t) {
		for _, b := range strays {
			c.bad(b)
		}
	}
	if t.Close == nil && !(valueOpen && strings.HasSuffix(value.Text, "]")) {
		end := t.End
		d := RuleMissingTagBracket.At(ast.Span{Start: t.Start, End: end}, "tag pair has no closing `]`")
		c.add(d.WithFix("add the closing bracket", ast.Span{Start: end, End: end}, "]"))
	}
}

// brokenName reports the tokens between a tag's name and its value. Symbols
// are a name with a space in it (`tag-name-space`); other characters glued
// to the name make one bad name (`tag-name-chars`); anything else is
// unexpected. It reports whether the name has been dealt with.
func (c *syntaxChecker) brokenName(t *ast.TagPair, pre []*ast.Bad) bool {
	if len(pre) == 0 {
		return false
	}
	span := ast.Span{Start: t.Name.Start, End: pre[len(pre)-1].End}
	words := t.Name.Text
	allSymbols := true
	for _, b := range pre {
		r, _ := utf8.DecodeRuneInString(b.Text)
		allSymbols = allSymbols && (unicode.IsLetter(r) || unicode.IsDigit(r))
		words += b.Text
	}
	switch {
	case allSymbols:
		c.add(RuleTagNameSpace.At(span, "tag name %q has a space in it", c.text(span)).
			WithFix("write "+words, span, words))
	case pre[0].Start == t.Name.End:
		c.add(RuleTagNameChars.At(span, "tag name %q may hold only letters, digits and underscores", c.text(span)).
			WithFix("write "+t.Name.Text, span, t.Name.Text))
	default:
		for _, b := range pre {
			c.bad(b)
		}
		return false
	}
	return true
}

// text returns the decoded text of a span of the game.
func (c *syntaxChecker) text(s ast.Span) string {
	return string(c.lines.Src[s.Start-c.lines.Base : s.End-c.lines.Base])
}

func firstString(bs []*ast.Bad) int {
	for i, b := range bs {
		if r, _ := utf8.DecodeRuneInString(b.Text); isQuoteRune(r) {
			return i
		}
	}
	return -1
}

func isQuoteRune(r rune) bool { return r == '"' || r == '“' || r == '”' || r == '＂' }

func endsWithQuote(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return utf8.RuneCountInString(s) >= 2 && isQuoteRune(r) && !strings.HasSuffix(s, `\"`)
}

// quotes reports a tag value quoted with curly or full-width quotes.
func (c *syntaxChecker) quotes(v *ast.Token) {
	open, n := utf8.DecodeRuneInString(v.Text)
	closing, m := utf8.DecodeLastRuneInString(v.Text)
	if open == '"' && closing == '"' || n+m > len(v.Text) {
		return
	}
	inner := v.Text[n : len(v.Text)-m]
	fixed := `"` + strings.ReplaceAll(strings.ReplaceAll(inner, `\"`, `"`), `"`, `\"`) + `"`
	c.add(RuleQuoteCharacter.At(v.Span, "tag value is quoted with %q and %q; PGN strings use \"", open, closing).
		WithFix("write ASCII quotes", v.Span, fixed))
}

// unescapedQuotes reports a value whose inner quotes were not escaped, so
// that it was cut into a string and stray tokens: `"a "b" c"`. It reports
// nothing and returns false when the stray tokens are something else.
func (c *syntaxChecker) unescapedQuotes(t *ast.TagPair) bool {
	if len(t.Stray) == 0 || t.Value == nil || t.ValueOpen {
		return false
	}
	last := t.Stray[len(t.Stray)-1]
	if last.Kind != ast.BadTagContent || !strings.HasSuffix(last.Text, `"`) || strings.HasPrefix(last.Text, ";") {
		return false
	}
	span := ast.Span{Start: t.Value.Start, End: last.End}
	raw := string(c.lines.Src[span.Start-c.lines.Base : span.End-c.lines.Base])
	if strings.ContainsAny(raw, "\r\n") {
		return false
	}
	inner := raw[1 : len(raw)-1]
	fixed := `"` + strings.ReplaceAll(strings.ReplaceAll(inner, `\"`, `"`), `"`, `\"`) + `"`
	c.add(RuleUnescapedQuote.At(span, "tag value has quotes that are not escaped").
		WithFix("escape the inner quotes", span, fixed))
	return true
}

// openString reports a string without its closing quote. When it swallowed
// the tag's closing bracket the fix puts the quote before the bracket.
func (c *syntaxChecker) openString(v *ast.Token, inTag bool) Diagnostic {
	d := RuleUnterminatedString.At(v.Span, "string has no closing quote")
	if inTag && strings.HasSuffix(v.Text, "]") {
		at := v.End - 1
		return d.WithFix("close the string before the bracket", ast.Span{Start: at, End: at}, `"`)
	}
	return d.WithFix("close the string", ast.Span{Start: v.End, End: v.End}, `"`)
}

func isTagName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return s != ""
}

// sequence checks a main line or a variation's elements.
func (c *syntaxChecker) sequence(elems []ast.Node) {
	prevMove, prevSuffix := false, false
	var prevText string // the last move's symbol, and where it ends
	var prevEnd int64
	var junk []*ast.Bad
	for _, n := range elems {
		isMove := false
		switch n := n.(type) {
		case *ast.Move:
			isMove = true
			if n.Suffix != nil {
				c.suffix(n.Suffix, false, n.Suffix.Start == n.Text.End)
			}
		case *ast.Suffix:
			if !prevMove {
				d := RuleMisplacedSuffix.At(n.Span, "suffix annotation %q follows no move", n.Text)
				if nag, ok := nagOfSuffix[narrow(n.Text)]; ok {
					d = d.WithFix("write "+nag+" where it stands", n.Span, nag)
				}
				c.add(d)
				break
			}
			c.suffix(n, prevSuffix, false)
		case *ast.NAG:
			c.nag(n)
		case *ast.Comment:
			if n.Unterminated {
				c.add(RuleUnterminatedComment.At(ast.Span{Start: n.Start, End: n.Start + 1}, "comment is never closed with `}`; it runs to the end of the game"))
			}
		case *ast.Escape:
			c.escape(n)
		case *ast.Variation:
			c.variation(n)
		case *ast.TagPair:
			c.add(RuleTagInMovetext.At(n.Span, "tag pair inside the movetext"))
			c.tagPair(n)
		case *ast.Bad:
			if n.Kind == ast.BadPeriod && prevMove && strings.HasSuffix(prevText, "e.p") && n.Start == prevEnd {
				continue // the period of a glued `e.p.` mark, reported with the move
			}
			if n.Kind == ast.BadJunk {
				junk = append(junk, n)
				continue
			}
			c.bad(n)
		}
		c.junkRun(junk)
		junk = junk[:0]
		prevSuffix = isMove && n.(*ast.Move).Suffix != nil
		prevMove = isMove
		if isMove {
			m := n.(*ast.Move)
			prevText, prevEnd = m.Text.Text, m.Text.End
		}
	}
	c.junkRun(junk)
}

// nagOfSuffix maps the six suffix annotations to their NAGs (§8.2.3, §10).
var nagOfSuffix = map[string]string{"!": "$1", "?": "$2", "!!": "$3", "??": "$4", "!?": "$5", "?!": "$6"}

// suffix reports a suffix annotation: one of the six becomes its NAG; any
// other run, or a second suffix on a move, is an error.
func (c *syntaxChecker) suffix(s *ast.Suffix, second, glued bool) {
	text := narrow(s.Text)
	nag, ok := nagOfSuffix[text]
	switch {
	case second:
		c.add(RuleBadSuffix.At(s.Span, "a second suffix annotation %q on one move", s.Text))
	case !ok:
		c.add(RuleBadSuffix.At(s.Span, "%q is not a suffix annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`)", s.Text))
	default:
		replacement := " " + nag
		if !glued {
			replacement = nag
		}
		c.add(RuleSuffixAnnotation.At(s.Span, "suffix %s is written %s in export format", s.Text, nag).
			WithFix("write "+nag, s.Span, replacement))
	}
}

// junkRun reports adjacent junk characters (`=====`, a word in another
// script) as one diagnostic.
func (c *syntaxChecker) junkRun(run []*ast.Bad) {
	for i := 0; i < len(run); {
		j := i + 1
		for j < len(run) && run[j].Start == run[j-1].End {
			j++
		}
		span := ast.Span{Start: run[i].Start, End: run[j-1].End}
		text := string(c.lines.Src[span.Start-c.lines.Base : span.End-c.lines.Base])
		what := "character"
		if j-i > 1 {
			what = "characters"
		}
		c.add(RuleUnexpectedToken.At(span, "unexpected %s %q", what, text))
		i = j
	}
}

func (c *syntaxChecker) variation(v *ast.Variation) {
	if v.Unclosed {
		at := v.End
		if i := resumePoint(v.Elements); i > 0 {
			at = v.Elements[i-1].Bounds().End
		}
		d := RuleUnclosedVariation.At(ast.Span{Start: v.Start, End: v.Start + 1}, "variation is never closed with `)`")
		c.add(d.WithFix("close the variation", ast.Span{Start: at, End: at}, ")"))
	}
	if !hasMove(v.Elements) {
		c.add(RuleEmptyVariation.At(v.Span, "variation holds no move"))
	}
	c.sequence(v.Elements)
}

// resumePoint finds where the main line goes on inside a variation that was
// never closed: the first move number that goes back from the variation's
// own count (`(1. d4 d5 1... e5`). It returns the element's index, or -1.
func resumePoint(elems []ast.Node) int {
	ply := -1
	for i, n := range elems {
		switch n := n.(type) {
		case *ast.MoveNumber:
			num, err := strconv.Atoi(asciiDigits(n.Number.Text))
			if err != nil {
				continue
			}
			implied := 2 * (num - 1)
			if len(n.Dots) >= 3 {
				implied++
			}
			if ply >= 0 && implied < ply {
				return i
			}
			ply = implied
		case *ast.Move:
			if ply >= 0 {
				ply++
			}
		}
	}
	return -1
}

func hasMove(elems []ast.Node) bool {
	for _, n := range elems {
		if _, ok := n.(*ast.Move); ok {
			return true
		}
	}
	return false
}

func (c *syntaxChecker) nag(n *ast.NAG) {
	v, err := strconv.Atoi(asciiDigits(n.Text[len(n.Text)-len(digitsOf(n.Text)):]))
	if err != nil || v > 255 {
		c.add(RuleNAGRange.At(n.Span, "NAG %s is outside 0-255", n.Text))
	}
}

// digitsOf returns the digits after the `$` (ASCII or full-width).
func digitsOf(s string) string {
	if strings.HasPrefix(s, "$") {
		return s[1:]
	}
	return strings.TrimPrefix(s, "＄")
}

// asciiDigits maps full-width digits to ASCII; the full-width rule reports them.
func asciiDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '０' && r <= '９' {
			return r - '０' + '0'
		}
		return r
	}, s)
}

func (c *syntaxChecker) escape(e *ast.Escape) {
	if !e.NotColumn1 {
		return
	}
	line := c.lines.Line(e.Start)
	ls := e.Start - int64(c.lines.Position(e.Start).Col-1)
	d := RuleEscapeNotColumn1.At(e.Span, "`%%` starts an escape line only in column 1")
	if strings.TrimLeft(string(line[:e.Start-ls]), " \t") == "" {
		d = d.WithFix("move the escape line to column 1", ast.Span{Start: ls, End: e.Start}, "")
	}
	c.add(d)
}

func (c *syntaxChecker) bad(b *ast.Bad) {
	switch b.Kind {
	case ast.BadStrayClose:
		c.add(RuleStrayParen.At(b.Span, "`)` closes no variation").WithFix("remove the parenthesis", b.Span, ""))
	case ast.BadReserved:
		c.add(RuleReservedToken.At(b.Span, "%q: `<` and `>` are reserved tokens", b.Text))
	case ast.BadOpenString:
		c.add(c.openString(&b.Token, false))
	case ast.BadTermination:
		c.add(RuleTextAfterTermination.At(b.Span, "second termination marker %q", b.Text))
	case ast.BadTooDeep:
		c.add(RuleUnclosedVariation.At(ast.Span{Start: b.Start, End: b.Start + 1},
			"variations nest more than 10000 deep; the movetext is kept as it is and not checked"))
	default:
		c.add(RuleUnexpectedToken.At(b.Span, "unexpected %s %q", badWhat[b.Kind], b.Text))
	}
}

var badWhat = map[ast.BadKind]string{
	ast.BadJunk:         "character",
	ast.BadStrayBracket: "`]` outside a tag pair:",
	ast.BadString:       "string in movetext:",
	ast.BadPeriod:       "period not after a move number:",
	ast.BadTagContent:   "token in tag pair:",
	ast.BadTagSection:   "token in tag section:",
}

func (c *syntaxChecker) termination(g *ast.Game) {
	result := tagValue(g, "Result")
	if g.Termination == nil {
		if findAnyTag(g) == nil && !hasMove(g.Elements) {
			return // comments alone, such as a file's preamble, are no game
		}
		last := lastNode(g.Elements)
		if cm, ok := last.(*ast.Comment); ok && cm.Unterminated {
			return // the open comment swallowed the rest; it is reported
		}
		marker := "*"
		if isTerminationText(result) {
			marker = result
		} else if r := xiangqiResult(result); r != "" && kindOf(g) == kindXiangqi {
			marker = r
		}
		at := g.Movetext.End
		if last != nil {
			// After the last element's own text, not after the line breaks
			// an open token took in.
			at = last.Bounds().End
			for at > last.Bounds().Start && isLayoutByte(c.lines.Src[at-1-c.lines.Base]) {
				at--
			}
		}
		d := RuleMissingTermination.At(ast.Span{Start: at, End: at}, "movetext has no termination marker")
		c.add(d.WithFix("end the movetext with "+marker, ast.Span{Start: at, End: at}, " "+marker))
	} else if marker := terminationText(g); result != "" && isTerminationText(result) && result != marker {
		d := RuleResultMismatch.At(g.Termination.Span, "termination %s differs from the Result tag %q", marker, result)
		if tp := findTag(g, "Result"); tp != nil && tp.Value != nil && !tp.ValueOpen {
			d = d.WithFix("set the Result tag to "+marker, tp.Value.Span, `"`+marker+`"`)
		}
		c.add(d)
	}
	c.trailer(g.Trailer)
}

func isLayoutByte(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// terminationText is the game's termination marker in ASCII, or "".
func terminationText(g *ast.Game) string {
	if g.Termination == nil {
		return ""
	}
	return narrow(g.Termination.Text)
}

// trailer reports each run of what is not a comment after the termination
// marker once, with a fix that turns the run into a comment.
func (c *syntaxChecker) trailer(nodes []ast.Node) {
	var run []ast.Node
	flush := func() {
		if len(run) == 0 {
			return
		}
		span := ast.Span{Start: run[0].Bounds().Start, End: run[len(run)-1].Bounds().End}
		text := string(c.lines.Src[span.Start-c.lines.Base : span.End-c.lines.Base])
		d := RuleTextAfterTermination.At(span, "text after the termination marker: %q", text)
		if !strings.ContainsAny(text, "{}") {
			d = d.WithFix("turn it into a comment", span, "{"+text+"}")
		}
		c.add(d)
		run = run[:0]
	}
	for _, n := range nodes {
		switch n.(type) {
		case *ast.Comment, *ast.LineComment, *ast.Escape:
			flush()
			c.sequence([]ast.Node{n})
		default:
			run = append(run, n)
		}
	}
	flush()
}

func lastNode(ns []ast.Node) ast.Node {
	if len(ns) == 0 {
		return nil
	}
	return ns[len(ns)-1]
}

func isTerminationText(s string) bool {
	return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"
}

// findAnyTag returns the first tag pair of the tag section.
func findAnyTag(g *ast.Game) *ast.TagPair {
	for _, n := range g.Tags {
		if tp, ok := n.(*ast.TagPair); ok {
			return tp
		}
	}
	return nil
}

// findTagFold is findTag with the name's case ignored: the chess pass reads
// `[Setup "1"]` as SetUp, the xiangqi pass `[game ...]` as Game.
func findTagFold(g *ast.Game, name string) *ast.TagPair {
	for _, n := range g.Tags {
		if tp, ok := n.(*ast.TagPair); ok && tp.Name != nil && strings.EqualFold(narrow(tp.Name.Text), name) {
			return tp
		}
	}
	return nil
}

// findTag returns the first tag pair with the given name.
func findTag(g *ast.Game, name string) *ast.TagPair {
	for _, n := range g.Tags {
		if tp, ok := n.(*ast.TagPair); ok && tp.Name != nil && narrow(tp.Name.Text) == name {
			return tp
		}
	}
	return nil
}

// tagValue returns the unescaped value of the first tag with that name, or "".
func tagValue(g *ast.Game, name string) string {
	return valueOf(findTag(g, name))
}

// valueOf returns the unescaped value of a tag pair, "" for none.
func valueOf(tp *ast.TagPair) string {
	if tp == nil || tp.Value == nil {
		return ""
	}
	return Unquote(tp.Value.Text, tp.ValueOpen)
}

// Unquote returns the text of a string token without its quotes and with
// `\"` and `\\` unescaped (§7); an open string has no closing quote.
func Unquote(s string, open bool) string {
	_, n := utf8.DecodeRuneInString(s)
	s = s[n:]
	if !open {
		_, m := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-m]
	}
	if !strings.Contains(s, `\`) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
			i++
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}
