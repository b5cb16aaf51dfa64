package semantic

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/internal/bytescan"
)

// Rules of the tag pass.
var (
	RuleMissingRosterTag = RegisterRule(Rule{ID: "missing-roster-tag", Severity: Warning,
		Summary: "a game without some of the Seven Tag Roster",
		Detail: "Event, Site, Date, Round, White, Black and Result are the Seven Tag Roster, required for archival storage (§8.1.1). " +
			"One diagnostic per game names every missing tag; the fix inserts each in roster order with the standard's unknown value: " +
			"`?`, `????.??.??` for Date, and for Result the game's termination marker or `*`. " +
			"Xiangqi games, whose players are Red and Black, are checked for Event, Site, Date, Round and Result only.",
		Bad:  "[Event \"Casual game\"]\n[Result \"*\"]\n\n1. e4 e5 *",
		Good: "[Event \"Casual game\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *"})
	RuleEmptyTagValue = RegisterRule(Rule{ID: "empty-tag-value", Severity: Warning,
		Summary: "an empty or blank tag value where the tag needs one",
		Detail: "A Seven Tag Roster tag always has a value; an unknown one is written `?` (`????.??.??` for Date, `*` for Result) (§8.1.1). " +
			"The fix writes that value; this is a warning. A supplemental tag whose value has a form (§9: WhiteElo, WhiteTitle, ECO, TimeControl, …) " +
			"left empty, as some databases export `[BlackElo \"\"]`, says nothing: that is information, and the fix removes the tag, " +
			"which loses nothing (writing `-` would claim the player is unrated). Free-text tags (Opening, Annotator, unknown tags) may be empty.",
		Bad: "[Event \"\"]", Good: "[Event \"?\"]"})
	RuleDateFormat = RegisterRule(Rule{ID: "date-format", Severity: Warning,
		Summary: "a date not written `YYYY.MM.DD`",
		Detail: "Date, EventDate, UTCDate and the federation tag EndDate are written `YYYY.MM.DD`, with `?` for each unknown digit (§8.1.1, §9.2.1, §9.5.3). " +
			"Hand-typed dates often lack the padding zero or use another separator; the fix rewrites `2008.9.1`, `2008-09-01`, `2008/09/01`, " +
			"`20080901` and `2008年9月1日` as `2008.09.01`, a year alone `1957` as `1957.??.??`, a month or day `00` as `??`, and full-width digits as ASCII. " +
			"A date whose order is not certain (`01.09.2008`) is reported without a fix.",
		Bad: "[Date \"2008.9.1\"]", Good: "[Date \"2008.09.01\"]"})
	RuleImpossibleDate = RegisterRule(Rule{ID: "impossible-date", Severity: Error,
		Summary: "a date or time that cannot exist",
		Detail: "A month 13, the 30th of February, the 29th of February of a year that is not a leap year, or a time `25:10:00` in a date or time tag " +
			"is wrong data, not a matter of form; only the person who has the score sheet can repair it. Digits written `?` are not checked.",
		Bad: "[Date \"2023.02.29\"]", Good: "[Date \"2024.02.29\"]"})
	RuleRoundFormat = RegisterRule(Rule{ID: "round-format", Severity: Warning,
		Summary: "a Round that is not a number, a dotted number, `-` or `?`",
		Detail: "The Round tag is the round number (`1`), or several numbers separated by periods for multi-part rounds, most significant first " +
			"(`3.1`, `4.1.2`); `-` when rounds do not apply and `?` when unknown (§8.1.1). The fix removes surrounding spaces and writes full-width digits in ASCII. " +
			"Xiangqi files name rounds in words (`第5轮`, as the Chinese convention's own example does) and are not checked.",
		Bad: "[Round \"Round 3\"]", Good: "[Round \"3\"]"})
	RulePlayerNameComma = RegisterRule(Rule{ID: "player-name-comma", Severity: Info,
		Summary: "a comma in a player's name not followed by a space",
		Detail: "Player names are written family name first, then a comma and a space, then the given names (`Tal, Mikhail N.`); wherever a comma appears " +
			"the next character should be a space (§8.1.1). Many files write `Carlsen,Magnus`: any program reads it, so this is information. " +
			"Several players of one side are separated by `:`. The rule applies to White, Black and Annotator; the fix inserts the spaces.",
		Bad: "[White \"Carlsen,Magnus\"]", Good: "[White \"Carlsen, Magnus\"]"})
	RuleResultValue = RegisterRule(Rule{ID: "result-value", Severity: Error,
		Summary: "a Result tag that is not `1-0`, `0-1`, `1/2-1/2` or `*`",
		Detail: "The Result tag has exactly one of four values, written with the digit zero (§8.1.1). The fix writes the game's termination marker when " +
			"there is one, and otherwise reads the common variants: `1:0`, `1-O`, `½-½`, `0.5-0.5`, full-width `１－０`.",
		Bad: "[Result \"1:0\"]\n\n1. e4 e5 *", Good: "[Result \"*\"]\n\n1. e4 e5 *"})
	RuleTitleValue = RegisterRule(Rule{ID: "title-value", Severity: Info,
		Summary: "a WhiteTitle or BlackTitle that is not a FIDE title",
		Detail: "WhiteTitle and BlackTitle hold the standard abbreviations of FIDE titles, `-` for an untitled player (§9.1.1), one per player " +
			"separated by `:`. pgnlint accepts GM, IM, FM, CM, WGM, WIM, WFM, WCM and `-`, and also the titles lichess exports (NM, WNM, LM, BOT), " +
			"which are common in real files. Anything else is information, never an error; a known title in lower case is fixed.",
		Bad: "[WhiteTitle \"gm\"]", Good: "[WhiteTitle \"GM\"]"})
	RuleIntegerValue = RegisterRule(Rule{ID: "integer-value", Severity: Warning,
		Summary: "a rating, Board or PlyCount tag that is not an integer",
		Detail: "WhiteElo, BlackElo, WhiteUSCF and BlackUSCF are integers, `-` for an unrated player (§9.1.2, §9.1.3), one per player separated by `:`; " +
			"Board and PlyCount are integers (§9.2.5, §9.9.3). `?` is accepted as unknown, as lichess writes it. The fix removes spaces and writes " +
			"full-width digits in ASCII; whether PlyCount matches the moves is the `plycount` rule.",
		Bad: "[WhiteElo \"2700?\"]", Good: "[WhiteElo \"2700\"]"})
	RulePlayerType = RegisterRule(Rule{ID: "player-type", Severity: Warning,
		Summary: "a WhiteType or BlackType other than `human` or `program`",
		Detail:  "WhiteType and BlackType are `human` or `program` (§9.1.5). The fix writes the value in lower case, and `program` for `computer` or `engine`.",
		Bad:     "[WhiteType \"Computer\"]", Good: "[WhiteType \"program\"]"})
	RuleECOCode = RegisterRule(Rule{ID: "eco-code", Severity: Warning,
		Summary: "an ECO code not of the form `A00` to `E99`, optionally `/DD`",
		Detail: "The ECO tag is a letter A to E and two digits, optionally followed by a slash and two more digits (`B90`, `C42/03`) (§9.4.1); " +
			"`?` is accepted as unknown, and so are Scid's refined codes (`E04b`, `B90a1`). The fix writes the letter in upper case.",
		Bad: "[ECO \"c42\"]", Good: "[ECO \"C42\"]"})
	RuleTimeFormat = RegisterRule(Rule{ID: "time-format", Severity: Warning,
		Summary: "a Time or UTCTime not written `HH:MM:SS`",
		Detail: "Time and UTCTime are written `HH:MM:SS` with colons (§9.5.1, §9.5.2); like dates, an unknown digit may be `?`. " +
			"The fix pads single digits and writes `.` separators as colons.",
		Bad: "[Time \"9.05.00\"]", Good: "[Time \"09:05:00\"]"})
	RuleTimeControl = RegisterRule(Rule{ID: "time-control", Severity: Warning,
		Summary: "a TimeControl that is not a list of the six field forms",
		Detail: "TimeControl is one or more fields separated by `:` (§9.6.1): `?` (unknown), `-` (no time control), `40/9000` (moves in seconds), " +
			"`300` (sudden death), `4500+60` (seconds plus an increment per move) and `*180` (sandglass). Sudden death, increment and sandglass " +
			"can only be the last field: `40/7200:20/3600:900+30` is right, `900+30:40/7200` is not. Minutes (`90+30` meaning ninety minutes) cannot be told " +
			"from seconds and are not reported. The fix removes spaces.",
		Bad: "[TimeControl \"40/2h\"]", Good: "[TimeControl \"40/7200\"]"})
	RuleSetUpValue = RegisterRule(Rule{ID: "setup-value", Severity: Warning,
		Summary: "a SetUp tag other than `0` or `1`",
		Detail:  "SetUp is `0` for a game from the standard position and `1` for one from the FEN tag's position (§9.7.1). With a FEN tag, a SetUp other than `1` is the `fen-without-setup` rule.",
		Bad:     "[SetUp \"yes\"]\n\n1. e4 *", Good: "[SetUp \"0\"]\n\n1. e4 *"})
	RuleTerminationValue = RegisterRule(Rule{ID: "termination-value", Severity: Info,
		Summary: "a Termination tag with a value the standard does not list",
		Detail: "The standard's Termination values are abandoned, adjudication, death, emergency, normal, rules infraction, time forfeit and unterminated (§9.8.1); " +
			"case does not matter (lichess writes `Time forfeit`). Engine matches write others (`GUI adjudication`, `3-fold repetition`): information only.",
		Bad: "[Termination \"resigned\"]", Good: "[Termination \"normal\"]"})
	RuleModeValue = RegisterRule(Rule{ID: "mode-value", Severity: Info,
		Summary: "a Mode tag other than OTB, PM, EM, ICS or TC",
		Detail: "The standard's examples of Mode are OTB (over the board), PM (paper mail), EM (electronic mail), ICS (Internet Chess Server) and TC " +
			"(general telecommunication) (§9.9.2). Another value is information; one of these in lower case is fixed.",
		Bad: "[Mode \"otb\"]", Good: "[Mode \"OTB\"]"})
	RuleTagNameCase = RegisterRule(Rule{ID: "tag-name-case", Severity: Warning,
		Summary: "a standard tag name written with other capitals",
		Detail: "Tag names are case sensitive (§8.1): a program looking for `SetUp` does not see `Setup`, nor `WhiteElo` in `Whiteelo`. " +
			"The fix writes the standard spelling.",
		Bad: "[Whiteelo \"2700\"]", Good: "[WhiteElo \"2700\"]"})
	RuleTagNameLowercase = RegisterRule(Rule{ID: "tag-name-lowercase", Severity: Info,
		Summary: "a tag name that starts with a lower-case letter",
		Detail: "All tag names used for archival storage begin with an upper-case letter (§8.1). Tags pgnlint does not know are kept and never errors; " +
			"the fix capitalises the first letter.",
		Bad: "[myRating \"1500\"]", Good: "[MyRating \"1500\"]"})
	RuleTagPairSpacing = RegisterRule(Rule{ID: "tag-pair-spacing", Severity: Info,
		Summary: "a tag pair not written `[Name \"value\"]`",
		Detail: "In export format there is no white space between `[` and the tag name, exactly one space between the name and the value, and none " +
			"between the value and `]` (§8.1); import format allows any. The fix writes that spacing.",
		Bad: "[ Event  \"Casual game\" ]", Good: "[Event \"Casual game\"]"})
	RuleBlankLineInTags = RegisterRule(Rule{ID: "blank-line-in-tags", Severity: Warning,
		Summary: "a blank line inside the tag section",
		Detail: "A blank line ends the tag section (§8.1 export format; the federation guide: no blank line inside the tag section). " +
			"Programs that scan for the blank line take the tags after it for movetext or a new game. The fix removes the blank lines.",
		Bad: "[Event \"?\"]\n\n[Site \"?\"]\n\n1. e4 *", Good: "[Event \"?\"]\n[Site \"?\"]\n\n1. e4 *"})
	RuleBlankLineInMovetext = RegisterRule(Rule{ID: "blank-line-in-movetext", Severity: Info,
		Summary: "a blank line inside the movetext",
		Detail: "A blank line ends the movetext in export format (§8.2.1), and the federation guide asks for none inside it. pgnlint reads the game " +
			"on to its termination marker, so this is information; the fix removes the blank lines. Blank lines inside comments are the comment's own.",
		Bad: "[Event \"?\"]\n\n1. e4 e5\n\n2. Nf3 *", Good: "[Event \"?\"]\n\n1. e4 e5\n2. Nf3 *"})
	RuleNoBlankLineAfterTags = RegisterRule(Rule{ID: "no-blank-line-after-tags", Severity: Warning,
		Summary: "the movetext starts without a blank line after the tag section",
		Detail: "One blank line separates the tag section from the movetext (§8.1.1, and the federation guide); simple scanners rely on it. " +
			"The fix inserts it. Two or more blank lines between games are fine.",
		Bad: "[Event \"?\"]\n1. e4 *", Good: "[Event \"?\"]\n\n1. e4 *"})
)

// roster is the Seven Tag Roster in its order (§8.1.1).
var roster = [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// rosterUnknown is the value the standard writes for an unknown roster tag.
func rosterUnknown(name string, g *ast.Game) string {
	switch name {
	case "Date":
		return "????.??.??"
	case "Result":
		if m := terminationText(g); isTerminationText(m) {
			return m
		}
		return "*"
	}
	return "?"
}

// knownTags are the tag names of the standard (§8.1.1, §9), of the
// federation guide and the ones common in real files, by their spelling
// and by their lower-case form.
var knownTags = func() map[string]string {
	names := []string{
		"Event", "Site", "Date", "Round", "White", "Black", "Result",
		"WhiteTitle", "BlackTitle", "WhiteElo", "BlackElo", "WhiteUSCF", "BlackUSCF", "WhiteNA", "BlackNA",
		"WhiteType", "BlackType", "EventDate", "EventSponsor", "Section", "Stage", "Board",
		"Opening", "Variation", "SubVariation", "ECO", "NIC", "Time", "UTCTime", "UTCDate", "TimeControl",
		"SetUp", "FEN", "Termination", "Annotator", "Mode", "PlyCount",
		"WhiteJCCA", "BlackJCCA", "EndDate",
		"Variant", "WhiteFideId", "BlackFideId", "WhiteTeam", "BlackTeam", "WhiteRatingDiff", "BlackRatingDiff",
		"EventType", "EventRounds", "EventCountry", "EventCategory", "Source", "SourceDate", "SourceTitle",
		"SourceVersion", "SourceVersionDate", "SourceQuality", "WhiteClock", "BlackClock",
	}
	m := make(map[string]string, 2*len(names))
	for _, n := range names {
		m[strings.ToLower(n)] = n
		m[n] = n // the standard spelling itself, looked up first
	}
	return m
}()

// CheckTags checks what the tag section says and how it is laid out: the
// Seven Tag Roster and its values (§8.1.1), the supplemental tags of §9, the
// spelling of tag names, and the blank lines around the tag section that the
// federation guide asks for. Xiangqi games get the checks that are the same
// for them: the Event, Site, Date, Round and Result tags and the layout.
func CheckTags(g *ast.Game, lines *ast.Lines) []Diagnostic {
	c := tagChecker{g: g, lines: lines, xiangqi: kindOf(g) == kindXiangqi}
	for _, n := range g.Tags {
		if tp, ok := n.(*ast.TagPair); ok && tp.Name != nil {
			c.pairs = append(c.pairs, tp)
		}
	}
	c.eol = c.lineBreak()
	c.roster()
	for _, tp := range c.pairs {
		c.tag(tp)
	}
	c.blankLinesInTags()
	c.afterTags()
	c.blankLinesInMovetext()
	return c.out
}

type tagChecker struct {
	g       *ast.Game
	lines   *ast.Lines
	xiangqi bool
	pairs   []*ast.TagPair // the tag pairs of the tag section that have a name
	eol     string         // the line break the game uses
	out     []Diagnostic
}

func (c *tagChecker) add(d Diagnostic) { c.out = append(c.out, d) }

// src returns the decoded text of a span.
func (c *tagChecker) src(s ast.Span) string {
	return string(c.lines.Src[s.Start-c.lines.Base : s.End-c.lines.Base])
}

// lineBreak returns the first line break of the game, or LF.
func (c *tagChecker) lineBreak() string {
	src := c.lines.Src[c.g.Start-c.lines.Base : c.g.End-c.lines.Base]
	for i, b := range src {
		switch b {
		case '\n':
			return "\n"
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				return "\r\n"
			}
			return "\r"
		}
	}
	return "\n"
}

// lineStart returns the offset where the line holding off begins.
func (c *tagChecker) lineStart(off int64) int64 {
	i := off - c.lines.Base
	for i > 0 && c.lines.Src[i-1] != '\n' && c.lines.Src[i-1] != '\r' {
		i--
	}
	return c.lines.Base + i
}

// startsLine reports whether only blanks stand before off on its line.
func (c *tagChecker) startsLine(off int64) bool {
	return strings.Trim(c.src(ast.Span{Start: c.lineStart(off), End: off}), " \t") == ""
}

// quoteValue writes s as a PGN string.
func quoteValue(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}

// tagParts reads a tag pair as the syntax pass does: a name
// cut in two by a space (`[Event Date "x"]`) is read as the joined name and
// its value is the string after it. ok is false when there is no complete
// value to check.
func tagParts(tp *ast.TagPair) (name string, value *ast.Token, ok bool) {
	name = narrow(tp.Name.Text)
	if tp.Value != nil {
		return name, tp.Value, !tp.ValueOpen && len(tp.Stray) == 0
	}
	i := firstString(tp.Stray)
	if i <= 0 || i != len(tp.Stray)-1 || !endsWithQuote(tp.Stray[i].Text) {
		return name, nil, false
	}
	for _, b := range tp.Stray[:i] {
		r, _ := utf8.DecodeRuneInString(b.Text)
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return name, nil, false
		}
		name += narrow(b.Text)
	}
	return name, &tp.Stray[i].Token, true
}

// roster reports the roster tags a game lacks, once per game.
func (c *tagChecker) roster() {
	if len(c.pairs) == 0 && !hasMove(c.g.Elements) {
		return // comments alone, such as a file's preamble, are no game
	}
	var present [len(roster)]*ast.TagPair
	for _, tp := range c.pairs {
		name, _, _ := tagParts(tp)
		if c.xiangqi && name == "Red" {
			name = "White" // Red stands where White does, for placing the others
		}
		for i, r := range roster {
			if name == r && present[i] == nil {
				present[i] = tp
			}
		}
	}
	var ins []insertion
	var missing []string
	for i, name := range roster {
		if present[i] != nil || c.xiangqi && (name == "White" || name == "Black") {
			continue
		}
		missing = append(missing, name)
		tag := "[" + name + " " + quoteValue(rosterUnknown(name, c.g)) + "]"
		next, prev := -1, -1
		for j := i + 1; j < len(roster) && next < 0; j++ {
			if present[j] != nil {
				next = j
			}
		}
		for j := i - 1; j >= 0 && prev < 0; j-- {
			if present[j] != nil {
				prev = j
			}
		}
		switch {
		case next >= 0:
			ins = append(ins, c.before(present[next], i, tag))
		case prev >= 0:
			ins = append(ins, insertion{at: present[prev].End, order: i, text: c.eol + tag})
		case len(c.pairs) > 0:
			ins = append(ins, c.before(c.pairs[0], i, tag))
		default:
			at, text := c.movetextStart(), tag+c.eol
			if i == 0 && !c.startsLine(at) {
				text = c.eol + text // a game that begins mid-line, after another's marker
			}
			ins = append(ins, insertion{at: at, order: i, text: text})
		}
	}
	if len(missing) == 0 {
		return
	}
	if len(c.pairs) == 0 {
		ins[len(ins)-1].text += c.eol // a blank line before the movetext
	}
	// Insertions are made in roster order, so those at one place are joined in it.
	var edits []Edit
	for _, in := range ins {
		if n := len(edits); n > 0 && edits[n-1].Span.Start == in.at {
			edits[n-1].NewText += in.text
			continue
		}
		edits = append(edits, Edit{Span: ast.Span{Start: in.at, End: in.at}, NewText: in.text})
	}
	sortEdits(edits)
	at := ast.Span{Start: c.movetextStart(), End: c.movetextStart()}
	if len(c.pairs) > 0 {
		at = c.pairs[0].Span
	}
	d := RuleMissingRosterTag.At(at, "the Seven Tag Roster %s %s %s missing", plural(len(missing), "tag", "tags"),
		strings.Join(missing, ", "), plural(len(missing), "is", "are"))
	d.Fixes = append(d.Fixes, Fix{Title: "insert " + strings.Join(missing, ", ") + " with unknown values", Edits: edits})
	c.add(d)
}

// insertion is text to insert at an offset; order is the roster index.
type insertion struct {
	at    int64
	order int
	text  string
}

// before is the insertion of a tag before the tag pair tp: on a line of its
// own when tp starts its line, else on tp's line.
func (c *tagChecker) before(tp *ast.TagPair, order int, tag string) (in insertion) {
	if c.startsLine(tp.Start) {
		in.at, in.text = c.lineStart(tp.Start), tag+c.eol
	} else {
		in.at, in.text = tp.Start, tag+" "
	}
	in.order = order
	return in
}

func sortEdits(es []Edit) {
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && es[j].Span.Start < es[j-1].Span.Start; j-- {
			es[j], es[j-1] = es[j-1], es[j]
		}
	}
}

// movetextStart is where the first movetext node begins, or the movetext's start.
func (c *tagChecker) movetextStart() int64 {
	if n := c.firstMovetext(); n != nil {
		return n.Bounds().Start
	}
	return c.g.Movetext.Start
}

func (c *tagChecker) firstMovetext() ast.Node {
	if len(c.g.Elements) > 0 {
		return c.g.Elements[0]
	}
	if c.g.Termination != nil {
		return c.g.Termination
	}
	return nil
}

// tagChecks are the value checks by tag name; xiangqi games get only those
// marked shared.
var tagChecks = map[string]struct {
	check  func(c *tagChecker, v valueAt)
	shared bool
}{
	"Event":       {check: nil, shared: true},
	"Site":        {check: nil, shared: true},
	"Date":        {check: (*tagChecker).date, shared: true},
	"Round":       {check: (*tagChecker).round, shared: true},
	"White":       {check: (*tagChecker).playerName},
	"Black":       {check: (*tagChecker).playerName},
	"Result":      {check: (*tagChecker).result, shared: true},
	"Annotator":   {check: (*tagChecker).playerName},
	"WhiteTitle":  {check: (*tagChecker).title},
	"BlackTitle":  {check: (*tagChecker).title},
	"WhiteElo":    {check: (*tagChecker).rating},
	"BlackElo":    {check: (*tagChecker).rating},
	"WhiteUSCF":   {check: (*tagChecker).rating},
	"BlackUSCF":   {check: (*tagChecker).rating},
	"WhiteNA":     {},
	"BlackNA":     {},
	"WhiteType":   {check: (*tagChecker).playerType},
	"BlackType":   {check: (*tagChecker).playerType},
	"EventDate":   {check: (*tagChecker).date},
	"EndDate":     {check: (*tagChecker).date},
	"UTCDate":     {check: (*tagChecker).date},
	"Board":       {check: (*tagChecker).integer},
	"PlyCount":    {check: (*tagChecker).integer},
	"ECO":         {check: (*tagChecker).eco},
	"NIC":         {},
	"Time":        {check: (*tagChecker).time},
	"UTCTime":     {check: (*tagChecker).time},
	"TimeControl": {check: (*tagChecker).timeControl},
	"SetUp":       {check: (*tagChecker).setUp},
	"Termination": {check: (*tagChecker).termination},
	"Mode":        {check: (*tagChecker).mode},
}

// freeText are the tags of tagChecks whose value is free text: an empty one
// is reported only for a roster tag.
var freeText = map[string]bool{"Event": true, "Site": true, "White": true, "Black": true, "Annotator": true}

// valueAt is a tag value to check: the tag's name, the value's token and its
// unescaped text.
type valueAt struct {
	tp   *ast.TagPair
	name string
	tok  *ast.Token
	text string
}

// fixed returns d with a fix that writes value, with ASCII quotes, in place
// of the tag's value.
func (v valueAt) fixed(d Diagnostic, value string) Diagnostic {
	return d.WithFix("write "+quoteValue(value), v.tok.Span, quoteValue(value))
}

// norm is a value with full-width forms narrowed and surrounding blanks removed.
func norm(s string) string { return strings.TrimSpace(narrow(s)) }

func (c *tagChecker) tag(tp *ast.TagPair) {
	name, tok, ok := tagParts(tp)
	if tp.Value != nil {
		if !c.xiangqi {
			c.tagName(tp, name)
		}
		c.spacing(tp)
	}
	if !ok {
		return
	}
	tc, known := tagChecks[name]
	if !known || c.xiangqi && !tc.shared {
		return
	}
	v := valueAt{tp: tp, name: name, tok: tok, text: Unquote(tok.Text, false)}
	if strings.TrimSpace(v.text) == "" {
		c.empty(v)
		return
	}
	if tc.check != nil {
		tc.check(c, v)
	}
}

// empty reports an empty value: a roster tag gets its unknown value, a
// supplemental tag with a form is information and is removed.
func (c *tagChecker) empty(v valueAt) {
	rosterTag := false
	for _, r := range roster {
		rosterTag = rosterTag || r == v.name
	}
	if rosterTag {
		unknown := rosterUnknown(v.name, c.g)
		msg := fmt.Sprintf("%s is empty; an unknown %s is written %q", v.name, v.name, unknown)
		if v.name == "Result" && unknown != "*" {
			msg = fmt.Sprintf("Result is empty; it is the termination marker, %q", unknown)
		}
		c.add(v.fixed(RuleEmptyTagValue.At(v.tok.Span, "%s", msg), unknown))
		return
	}
	if freeText[v.name] {
		return
	}
	d := RuleEmptyTagValue.At(v.tok.Span, "%s is empty: it says nothing; leave the tag out", v.name)
	d.Severity = Info
	c.add(d.WithFix("remove the empty "+v.name+" tag", c.removal(v.tp), ""))
}

// removal is the span that removes a tag pair: its whole line when it stands
// alone on it, else the pair and the blanks on one side of it.
func (c *tagChecker) removal(tp *ast.TagPair) ast.Span {
	src, base := c.lines.Src, c.lines.Base
	blank := func(b byte) bool { return b == ' ' || b == '\t' }
	end := tp.End - base
	for end < int64(len(src)) && blank(src[end]) {
		end++
	}
	atEOL := end == int64(len(src)) || src[end] == '\n' || src[end] == '\r'
	switch {
	case c.startsLine(tp.Start) && atEOL:
		if end < int64(len(src)) && src[end] == '\r' {
			end++
		}
		if end < int64(len(src)) && src[end] == '\n' && src[end-1] != '\n' {
			end++
		}
		return ast.Span{Start: c.lineStart(tp.Start), End: base + end}
	case !atEOL:
		return ast.Span{Start: tp.Start, End: base + end}
	}
	start := tp.Start - base
	for start > 0 && blank(src[start-1]) {
		start--
	}
	return ast.Span{Start: base + start, End: tp.End}
}

// Dates.

var (
	dateExact    = regexp.MustCompile(`^([0-9?]{4})\.([0-9?]{2})\.([0-9?]{2})$`)
	dateSeps     = regexp.MustCompile(`^([0-9]{4}|\?{4})[./-]([0-9]{1,2}|\?{1,2})(?:[./-]([0-9]{1,2}|\?{1,2}))?$`)
	dateCompact  = regexp.MustCompile(`^([0-9]{4})([0-9]{2})([0-9]{2})$`)
	dateCJK      = regexp.MustCompile(`^([0-9]{4})\s*年\s*([0-9]{1,2})\s*月(?:\s*([0-9]{1,2})\s*日)?$`)
	dateYearOnly = regexp.MustCompile(`^[0-9]{4}$`)
	unknownOnly  = regexp.MustCompile(`^\?+$`)
)

// normalDate rewrites a date in a form whose reading is certain as
// YYYY.MM.DD; ok is false when there is none.
func normalDate(s string) (string, bool) {
	s = norm(s)
	pad := func(p string) string {
		switch {
		case p == "" || strings.Trim(p, "?") == "":
			return "??"
		case len(p) == 1:
			p = "0" + p
		}
		if p == "00" {
			return "??"
		}
		return p
	}
	var y, m, d string
	if isExactDate(s) {
		// The common case, without a regular expression.
		y, m, d = s[:4], s[5:7], s[8:]
	} else if g := dateExact.FindStringSubmatch(s); g != nil {
		y, m, d = g[1], g[2], g[3]
	} else if g := dateSeps.FindStringSubmatch(s); g != nil {
		y, m, d = g[1], g[2], g[3]
	} else if g := dateCompact.FindStringSubmatch(s); g != nil {
		y, m, d = g[1], g[2], g[3]
	} else if g := dateCJK.FindStringSubmatch(s); g != nil {
		y, m, d = g[1], g[2], g[3]
	} else if dateYearOnly.MatchString(s) {
		y = s
	} else if unknownOnly.MatchString(s) {
		y = "????"
	} else {
		return "", false
	}
	return y + "." + pad(m) + "." + pad(d), true
}

// impossibleDate says why a YYYY.MM.DD date cannot exist, or "".
func impossibleDate(s string) string {
	y, errY := strconv.Atoi(s[0:4])
	m, errM := strconv.Atoi(s[5:7])
	d, errD := strconv.Atoi(s[8:10])
	switch {
	case errM == nil && (m < 1 || m > 12):
		return fmt.Sprintf("there is no month %02d", m)
	case errD == nil && (d < 1 || d > 31):
		return fmt.Sprintf("there is no day %02d", d)
	case errM == nil && errD == nil:
		days := [...]int{31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
		if m == 2 && errY == nil && !(y%4 == 0 && (y%100 != 0 || y%400 == 0)) {
			days = 28
		}
		if d > days {
			if m == 2 && d == 29 {
				return fmt.Sprintf("%d is not a leap year", y)
			}
			return fmt.Sprintf("month %02d has %d days", m, days)
		}
	}
	return ""
}

func (c *tagChecker) date(v valueAt) {
	fixed, ok := normalDate(v.text)
	if ok {
		if why := impossibleDate(fixed); why != "" {
			c.add(RuleImpossibleDate.At(v.tok.Span, "%s %q cannot be: %s", v.name, v.text, why))
			return
		}
	}
	if ok && fixed == v.text {
		return
	}
	if ok {
		c.add(v.fixed(RuleDateFormat.At(v.tok.Span, "%s %q is written %q (YYYY.MM.DD, ? for unknown digits)", v.name, v.text, fixed), fixed))
		return
	}
	c.add(RuleDateFormat.At(v.tok.Span, "%s %q is not a date YYYY.MM.DD (? for unknown digits)", v.name, v.text))
}

// Times.

var (
	timeExact = regexp.MustCompile(`^([0-9?]{2}):([0-9?]{2}):([0-9?]{2})$`)
	timeLoose = regexp.MustCompile(`^([0-9]{1,2})[:.]([0-9]{1,2})[:.]([0-9]{1,2})$`)
)

func (c *tagChecker) time(v valueAt) {
	s := norm(v.text)
	fixed := ""
	if g := timeExact.FindStringSubmatch(s); g != nil {
		fixed = s
	} else if g := timeLoose.FindStringSubmatch(s); g != nil {
		for i, p := range g[1:] {
			if len(p) == 1 {
				p = "0" + p
			}
			if i > 0 {
				fixed += ":"
			}
			fixed += p
		}
	}
	if fixed != "" {
		h, errH := strconv.Atoi(fixed[0:2])
		m, errM := strconv.Atoi(fixed[3:5])
		sec, errS := strconv.Atoi(fixed[6:8])
		if errH == nil && h > 23 || errM == nil && m > 59 || errS == nil && sec > 60 {
			c.add(RuleImpossibleDate.At(v.tok.Span, "%s %q is no time of day", v.name, v.text))
			return
		}
		if fixed == v.text {
			return
		}
	}
	d := RuleTimeFormat.At(v.tok.Span, "%s %q is not written HH:MM:SS", v.name, v.text)
	if fixed != "" {
		d = v.fixed(d, fixed)
	}
	c.add(d)
}

// Round, Result and player names.

var roundShape = regexp.MustCompile(`^(?:[0-9]+(?:\.[0-9]+)*|-|\?)$`)

func (c *tagChecker) round(v valueAt) {
	if c.xiangqi || roundShape.MatchString(v.text) {
		return
	}
	d := RuleRoundFormat.At(v.tok.Span, "Round %q is not a round number such as 3 or 3.1, - or ?", v.text)
	if s := norm(v.text); roundShape.MatchString(s) {
		d = v.fixed(d, s)
	}
	c.add(d)
}

func (c *tagChecker) result(v valueAt) {
	if isTerminationText(v.text) {
		return
	}
	d := RuleResultValue.At(v.tok.Span, "Result %q is not 1-0, 0-1, 1/2-1/2 or *", v.text)
	if m := terminationText(c.g); isTerminationText(m) {
		d = v.fixed(d, m)
	} else if r := c.readResult(v.text); r != "" && c.g.Termination == nil {
		d = v.fixed(d, r)
		// The movetext lacks its marker too: end it with the result, at
		// the place missing-termination inserts one (whose "*" would then
		// contradict the tag).
		last := lastNode(c.g.Elements)
		if cm, ok := last.(*ast.Comment); last != nil && !(ok && cm.Unterminated) {
			at := last.Bounds().End
			fx := &d.Fixes[0]
			fx.Title = "write " + r + " in the Result tag and as the termination marker"
			fx.Edits = append(fx.Edits, Edit{Span: ast.Span{Start: at, End: at}, NewText: " " + r})
		}
	} else if r := c.readResult(v.text); r != "" {
		d = v.fixed(d, r)
	}
	c.add(d)
}

// readResult reads a result written another way: for xiangqi games also
// the Chinese words (红胜, 和棋, 未知).
func (c *tagChecker) readResult(s string) string {
	if c.xiangqi {
		if r := xiangqiResult(s); r != "" {
			return r
		}
	}
	return readResult(s)
}

// readResult reads the common ways of writing a result, or returns "".
func readResult(s string) string {
	s = strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t':
			return -1
		case 'O', 'o':
			return '0'
		case ':', '–', '—', '−':
			return '-'
		}
		return r
	}, narrow(s))
	s = strings.NewReplacer("½", "1/2", "0.5", "1/2", "0,5", "1/2").Replace(s)
	switch s {
	case "1-0", "0-1", "1/2-1/2", "*":
		return s
	case "1/2", "=", "1/2-1/2-", "=-=":
		return "1/2-1/2"
	}
	return ""
}

func (c *tagChecker) playerName(v valueAt) {
	raw := v.tok.Text
	var edits []Edit
	for i := 1; i < len(raw)-2; i++ {
		if next, _ := utf8.DecodeRuneInString(raw[i+1:]); raw[i] == ',' && (unicode.IsLetter(next) || unicode.IsDigit(next)) {
			at := v.tok.Start + int64(i) + 1
			edits = append(edits, Edit{Span: ast.Span{Start: at, End: at}, NewText: " "})
		}
	}
	if len(edits) == 0 {
		return
	}
	fixed, _ := ApplyEdits([]byte(raw), v.tok.Start, edits)
	d := RulePlayerNameComma.At(v.tok.Span, "%s %s: a comma in a name is followed by a space, %s", v.name, raw, fixed)
	d.Fixes = append(d.Fixes, Fix{Title: "put a space after the comma", Edits: edits})
	c.add(d)
}

// Supplemental tags.

// titles are the titles WhiteTitle and BlackTitle may hold: FIDE's, and
// those lichess exports.
var titles = map[string]bool{"GM": true, "IM": true, "FM": true, "CM": true, "WGM": true, "WIM": true, "WFM": true, "WCM": true,
	"-": true, "?": true, "NM": true, "WNM": true, "LM": true, "BOT": true}

func (c *tagChecker) title(v valueAt) {
	parts := strings.Split(norm(v.text), ":")
	fixable := true
	var bad []string
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if titles[p] {
			parts[i] = p
			continue
		}
		bad = append(bad, p)
		if up := strings.ToUpper(p); titles[up] {
			parts[i] = up
		} else {
			fixable = false
		}
	}
	fixed := strings.Join(parts, ":")
	if len(bad) == 0 {
		if fixed == v.text {
			return
		}
		c.add(v.fixed(RuleTitleValue.At(v.tok.Span, "%s %q is written %q", v.name, v.text, fixed), fixed))
		return
	}
	d := RuleTitleValue.At(v.tok.Span, "%s %q: %q is not a FIDE title (GM, IM, FM, CM, WGM, WIM, WFM, WCM) or -", v.name, v.text, bad[0])
	if fixable {
		d = v.fixed(d, fixed)
	}
	c.add(d)
}

var digits = regexp.MustCompile(`^[0-9]+$`)

// isExactDate reports the shape YYYY.MM.DD with digits or `?`: what
// dateExact matches, checked by hand because nearly every date has it.
func isExactDate(s string) bool {
	if len(s) != 10 || s[4] != '.' || s[7] != '.' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if i != 4 && i != 7 && !(s[i] >= '0' && s[i] <= '9' || s[i] == '?') {
			return false
		}
	}
	return true
}

// rating checks WhiteElo and the like: integers or -, one per player.
func (c *tagChecker) rating(v valueAt) {
	c.integers(v, strings.Split(v.text, ":"), true)
}

// integer checks Board and PlyCount.
func (c *tagChecker) integer(v valueAt) {
	c.integers(v, []string{v.text}, false)
}

func (c *tagChecker) integers(v valueAt, parts []string, dash bool) {
	ok, fixable := true, true
	good := func(s string) bool { return digits.MatchString(s) || s == "?" || dash && s == "-" }
	for i, p := range parts {
		if good(p) {
			continue
		}
		ok = false
		if n := strings.ReplaceAll(norm(p), " ", ""); good(n) {
			parts[i] = n
		} else {
			fixable = false
		}
	}
	if ok {
		return
	}
	what := "an integer"
	if dash {
		what = "an integer or -"
	}
	d := RuleIntegerValue.At(v.tok.Span, "%s %q is not %s", v.name, v.text, what)
	if fixable {
		d = v.fixed(d, strings.Join(parts, ":"))
	}
	c.add(d)
}

func (c *tagChecker) playerType(v valueAt) {
	if v.text == "human" || v.text == "program" {
		return
	}
	d := RulePlayerType.At(v.tok.Span, "%s %q is not human or program", v.name, v.text)
	switch s := strings.ToLower(norm(v.text)); s {
	case "human", "program":
		d = v.fixed(d, s)
	case "computer", "engine":
		d = v.fixed(d, "program")
	}
	c.add(d)
}

// ecoShape is an ECO code, also with Scid's refinement (`E04b`, `B90a1`).
var ecoShape = regexp.MustCompile(`^(?:[A-E][0-9]{2}(?:/[0-9]{2}|[a-z][0-9]?)?|\?)$`)

func (c *tagChecker) eco(v valueAt) {
	if ecoShape.MatchString(v.text) {
		return
	}
	d := RuleECOCode.At(v.tok.Span, "ECO %q is not a code A00 to E99 (optionally /DD)", v.text)
	if s := strings.ToUpper(norm(v.text)); ecoShape.MatchString(s) {
		d = v.fixed(d, s)
	}
	c.add(d)
}

var tcField = regexp.MustCompile(`^(?:\?|-|[0-9]+/[0-9]+|[0-9]+|[0-9]+\+[0-9]+|\*[0-9]+)$`)

// timeControlProblem checks the fields of §9.6.1. It returns a message saying what
// is wrong, or "".
func timeControlProblem(s string) string {
	fields := strings.Split(s, ":")
	for i, f := range fields {
		if !tcField.MatchString(f) {
			return fmt.Sprintf("%q is none of ?, -, moves/seconds, seconds, seconds+increment, *seconds", f)
		}
		last := i == len(fields)-1
		if !last && !strings.Contains(f, "/") {
			return fmt.Sprintf("%q can only be the last field", f)
		}
		if strings.Contains(f, "/") {
			if n, d, _ := strings.Cut(f, "/"); strings.Trim(n, "0") == "" || strings.Trim(d, "0") == "" {
				return fmt.Sprintf("%q: moves and seconds are positive", f)
			}
		}
	}
	return ""
}

func (c *tagChecker) timeControl(v valueAt) {
	why := timeControlProblem(v.text)
	if why == "" {
		return
	}
	d := RuleTimeControl.At(v.tok.Span, "TimeControl %q: %s", v.text, why)
	if s := strings.ReplaceAll(norm(v.text), " ", ""); timeControlProblem(s) == "" {
		d = v.fixed(d, s)
	}
	c.add(d)
}

func (c *tagChecker) setUp(v valueAt) {
	if v.text == "0" || v.text == "1" || findTag(c.g, "FEN") != nil {
		return // with a FEN tag, fen-without-setup reports a SetUp that is not 1
	}
	d := RuleSetUpValue.At(v.tok.Span, "SetUp %q is neither 0 nor 1", v.text)
	if s := norm(v.text); s == "0" || s == "1" {
		d = v.fixed(d, s)
	}
	c.add(d)
}

var terminations = map[string]bool{"abandoned": true, "adjudication": true, "death": true, "emergency": true,
	"normal": true, "rules infraction": true, "time forfeit": true, "unterminated": true}

func (c *tagChecker) termination(v valueAt) {
	if terminations[strings.ToLower(strings.TrimSpace(v.text))] {
		return
	}
	c.add(RuleTerminationValue.At(v.tok.Span, "Termination %q is none of the standard's values (normal, time forfeit, adjudication, abandoned, …)", v.text))
}

var modes = map[string]bool{"OTB": true, "PM": true, "EM": true, "ICS": true, "TC": true}

func (c *tagChecker) mode(v valueAt) {
	if modes[v.text] {
		return
	}
	d := RuleModeValue.At(v.tok.Span, "Mode %q is not one of OTB, PM, EM, ICS, TC", v.text)
	if s := strings.ToUpper(norm(v.text)); modes[s] {
		d = v.fixed(d, s)
	}
	c.add(d)
}

// Tag names and spacing.

func (c *tagChecker) tagName(tp *ast.TagPair, name string) {
	if !isTagName(name) || name != tp.Name.Text {
		return // tag-name-chars and fullwidth-character report those
	}
	if knownTags[name] == name {
		return // spelled as the standard spells it, as nearly every tag is
	}
	if std, ok := knownTags[strings.ToLower(name)]; ok {
		if std != name {
			c.add(RuleTagNameCase.At(tp.Name.Span, "tag name %s is spelled %s", name, std).
				WithFix("write "+std, tp.Name.Span, std))
		}
		return
	}
	r, n := utf8.DecodeRuneInString(name)
	if !unicode.IsLower(r) {
		return
	}
	up := string(unicode.ToUpper(r)) + name[n:]
	d := RuleTagNameLowercase.At(tp.Name.Span, "tag name %s starts with a lower-case letter", name)
	if findTag(c.g, up) == nil {
		d = d.WithFix("write "+up, tp.Name.Span, up)
	}
	c.add(d)
}

// spacing checks the white space inside a well-formed tag pair.
func (c *tagChecker) spacing(tp *ast.TagPair) {
	if tp.Value == nil || tp.ValueOpen || tp.Close == nil || len(tp.Stray) > 0 {
		return
	}
	gaps := []struct {
		span ast.Span
		want string
	}{
		{ast.Span{Start: tp.Open.End, End: tp.Name.Start}, ""},
		{ast.Span{Start: tp.Name.End, End: tp.Value.Start}, " "},
		{ast.Span{Start: tp.Value.End, End: tp.Close.Start}, ""},
	}
	var edits []Edit
	for _, g := range gaps {
		if got := c.src(g.span); got != g.want {
			if strings.TrimSpace(got) != "" {
				return // not white space: another rule's business
			}
			edits = append(edits, Edit{Span: g.span, NewText: g.want})
		}
	}
	if len(edits) == 0 {
		return
	}
	d := RuleTagPairSpacing.At(tp.Span, "tag pair %s is written [%s \"…\"] in export format", tp.Name.Text, tp.Name.Text)
	d.Fixes = append(d.Fixes, Fix{Title: "write the standard spacing", Edits: edits})
	c.add(d)
}

// Blank lines.

// blankRuns finds the runs of blank lines (only spaces and tabs) that begin
// inside span, skipping those inside the quiet spans. Each run is returned
// from the start of its first blank line to the start of the line after it.
func (c *tagChecker) blankRuns(span ast.Span, quiet []ast.Span) []ast.Span {
	src := c.lines.Src
	var runs []ast.Span
	i := span.Start - c.lines.Base
	end := span.End - c.lines.Base
	n := int64(len(src))
	// next moves to the start of the next line.
	next := func(i int64) int64 {
		i = int64(bytescan.IndexAny(src, int(i), "\n\r", false))
		if i < n && src[i] == '\r' {
			i++
			if i < n && src[i] == '\n' {
				i++
			}
			return i
		}
		if i < n {
			i++
		}
		return i
	}
	for i = next(i); i < end; {
		j := i
		for j < n && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		blank := j < end && (src[j] == '\n' || src[j] == '\r') && !within(quiet, c.lines.Base+i)
		if !blank {
			i = next(i)
			continue
		}
		k := next(i)
		if n := len(runs); n > 0 && runs[n-1].End == c.lines.Base+i {
			runs[n-1].End = c.lines.Base + k
		} else {
			runs = append(runs, ast.Span{Start: c.lines.Base + i, End: c.lines.Base + k})
		}
		i = k
	}
	return runs
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// blankLinesInTags reports blank lines between the first and the last tag pair.
func (c *tagChecker) blankLinesInTags() {
	if len(c.pairs) < 2 {
		return
	}
	span := ast.Span{Start: c.pairs[0].Start, End: c.pairs[len(c.pairs)-1].Start}
	for _, run := range c.blankRuns(span, nil) {
		if c.repeatsAfter(run.End) {
			continue // a new tag section: games without movetext, which duplicate-tag reports
		}
		n := c.countLines(run)
		c.add(RuleBlankLineInTags.At(run, "%s inside the tag section", plural(n, "blank line", fmt.Sprintf("%d blank lines", n))).
			WithFix(plural(n, "remove the blank line", "remove the blank lines"), run, ""))
	}
}

// repeatsAfter reports whether the first tag pair at or after off has a
// name that a tag pair before off already has.
func (c *tagChecker) repeatsAfter(off int64) bool {
	seen := map[string]bool{}
	for _, tp := range c.pairs {
		name := narrow(tp.Name.Text)
		if tp.Start >= off {
			return seen[name]
		}
		seen[name] = true
	}
	return false
}

// countLines counts the line breaks in a span.
func (c *tagChecker) countLines(s ast.Span) int {
	t := c.src(s)
	return strings.Count(t, "\n") + strings.Count(t, "\r") - strings.Count(t, "\r\n")
}

// blankLinesInMovetext reports blank lines between the first and the last
// movetext node, outside comments.
func (c *tagChecker) blankLinesInMovetext() {
	first := c.firstMovetext()
	if first == nil {
		return
	}
	last := first.Bounds().End
	if c.g.Termination != nil {
		last = c.g.Termination.End
	} else if n := lastNode(c.g.Elements); n != nil {
		last = n.Bounds().End
	}
	var quiet []ast.Span
	ast.Inspect(c.g, func(n ast.Node) bool {
		if cm, ok := n.(*ast.Comment); ok {
			quiet = append(quiet, cm.Span)
		}
		return true
	})
	for _, run := range c.blankRuns(ast.Span{Start: first.Bounds().Start, End: last}, quiet) {
		n := c.countLines(run)
		c.add(RuleBlankLineInMovetext.At(run, "%s inside the movetext", plural(n, "blank line", fmt.Sprintf("%d blank lines", n))).
			WithFix(plural(n, "remove the blank line", "remove the blank lines"), run, ""))
	}
}

// afterTags reports movetext that follows the tag section without a blank
// line. Comment lines between the last tag pair and the movetext belong to
// neither; a blank line anywhere among them is enough.
func (c *tagChecker) afterTags() {
	first := c.firstMovetext()
	if len(c.pairs) == 0 || first == nil {
		return
	}
	lastPair := c.pairs[len(c.pairs)-1].End
	start := first.Bounds().Start
	if start < lastPair || len(c.blankRuns(ast.Span{Start: lastPair, End: start}, nil)) > 0 {
		return
	}
	gap := ast.Span{Start: lastPair, End: start}
	at := ast.Span{Start: start, End: start}
	if c.countLines(gap) == 0 {
		if strings.Trim(c.src(gap), " \t") == "" {
			c.add(RuleNoBlankLineAfterTags.At(at, "the movetext begins on the line of the last tag pair; a blank line separates them").
				WithFix("start the movetext after a blank line", gap, c.eol+c.eol))
		}
		return
	}
	ls := c.lineStart(start)
	c.add(RuleNoBlankLineAfterTags.At(at, "no blank line between the tag section and the movetext").
		WithFix("insert a blank line", ast.Span{Start: ls, End: ls}, c.eol))
}
