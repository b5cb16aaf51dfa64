// Package grammar is the specification of PGN syntax: the lexer rules and the
// participle grammar for the standard's tokens (§7) and formal syntax (§18),
// widened to the import format's leniency (§3.1, §8.2.2) and to xiangqi
// movetext. It is total: every byte sequence lexes and parses, and what does
// not fit the standard becomes a Bad node that the semantic passes report.
//
// The grammar parses one section at a time: the game splitter (package ast)
// cuts a file into games and each game into its tag section and its
// movetext, so a broken game never swallows the next one.
//
// participle's reflective parser is slow (a few MB/s); it is the test oracle
// and the source the production parser is generated from, not the hot path.
package grammar

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Character classes shared by several rules. Full-width forms (U+FF01..U+FF5E
// and U+3000) are admitted where their ASCII twin is, because hand-typed PGN
// from CJK input methods uses them; the semantic layer reports every one.
const (
	symbolStart = `A-Za-z\p{L}\x{2654}-\x{265F}` // letters, and chess figurines
	symbolCont  = `\p{L}\p{N}_+#=:@\-＋－＝＃`       // @: crazyhouse drops, N@f3
	digits      = `0-9０-９`
)

// tokenRules are the rules for everything but line breaks and escape lines.
// The first rule that matches wins; rules whose first characters overlap
// (digits: Result, DigitSymbol, Integer) keep their priority order, and the
// rest are ordered by how often they occur, which the runtime lexer's speed
// depends on.
var tokenRules = []lexer.SimpleRule{
	// Other control characters are layout to the parser; a byte-level pass
	// reports them.
	{Name: "Space", Pattern: `[ \t\v\f\x00-\x08\x0e-\x1f\x7f\x{3000}\x{FEFF}]+`},
	{Name: "Symbol", Pattern: `(?:--|[+\-]?[` + symbolStart + `])[` + symbolCont + `]*(?:[.．][` + symbolCont + `]+)*`},
	{Name: "Comment", Pattern: `[{｛][^}｝]*[}｝]`},
	{Name: "OpenComment", Pattern: `[{｛][^}｝]*`},
	{Name: "Result", Pattern: `[1１][-－][0０]|[0０][-－][1１]|[1１][/／][2２][-－][1１][/／][2２]|[*＊]`},
	// A symbol led by digits: castling with zeros (0-0-0), a move glued to
	// its number without a period (1e4), and WXF's tandem pawn moves on two
	// files, 3+.4, 7-.6 and 33.4 (two digits, a period and one digit: no
	// move number followed by a move looks so).
	{Name: "DigitSymbol", Pattern: `[` + digits + `]+[A-Za-z_+#=:\-＋－＝＃][` + symbolCont + `]*(?:[.．][` + symbolCont + `]+)*|[1-9１-９]{2}[.．][1-9１-９]`},
	{Name: "Integer", Pattern: `[` + digits + `]+`},
	{Name: "Period", Pattern: `[.．]`},
	{Name: "NAG", Pattern: `[$＄][` + digits + `]+`},
	{Name: "Suffix", Pattern: `[!?！？]+`},
	{Name: "LineComment", Pattern: `;[^\r\n]*`},
	{Name: "BadEscape", Pattern: `%[^\r\n]*`},
	{Name: "String", Pattern: `["“”＂](?:\\.|[^"“”＂\\\r\n])*["“”＂]`},
	{Name: "OpenString", Pattern: `["“”＂](?:\\.|[^"“”＂\\\r\n])*`},
	{Name: "LBracket", Pattern: `[\[［]`},
	{Name: "RBracket", Pattern: `[\]］]`},
	{Name: "LParen", Pattern: `[(（]`},
	{Name: "RParen", Pattern: `[)）]`},
	// `<` and `>` are reserved (§7); an angle-bracketed run such as the
	// `<br />` of HTML-mangled PGN is read as one reserved token.
	{Name: "Reserved", Pattern: `<[^<>{}\r\n]*>|[<>＜＞]`},
	{Name: "Junk", Pattern: `(?s:.)`},
}

// Lexer is the PGN lexer. Two states: Root is "at the start of a line", the
// only place where a `%` escape line may begin (§6); Line is the rest of a
// line. Every token read in Root moves to Line and every line break moves
// back; a `%` in Line is a BadEscape.
var Lexer = lexer.MustStateful(lexerRules())

func lexerRules() lexer.Rules {
	root := []lexer.Rule{
		{Name: "BOM", Pattern: "\uFEFF"},
		{Name: "Escape", Pattern: `%[^\r\n]*`},
		{Name: "Newline", Pattern: `\r\n?|\n`},
	}
	line := []lexer.Rule{{Name: "Newline", Pattern: `\r\n?|\n`, Action: lexer.Pop()}}
	for _, r := range tokenRules {
		root = append(root, lexer.Rule{Name: r.Name, Pattern: r.Pattern, Action: lexer.Push("Line")})
		line = append(line, lexer.Rule{Name: r.Name, Pattern: r.Pattern})
	}
	return lexer.Rules{"Root": root, "Line": line}
}

// Elided names the token types that carry no meaning: layout.
var Elided = []string{"BOM", "Newline", "Space"}

// TagSection is the tag section of one game (§8.1): tag pairs, and the
// comments and escape lines that import format lets stand among them.
type TagSection struct {
	Items []*TagItem `parser:"@@*"`
}

// TagItem is one item of a tag section.
type TagItem struct {
	Tag         *TagPair     `parser:"  @@"`
	LineComment *LineComment `parser:"| @@"`
	Escape      *Escape      `parser:"| @@"`
	Reserved    *Reserved    `parser:"| @@"`
	Junk        *TagJunk     `parser:"| @@"`
}

// TagPair is `[Name "value"]`. Every part after the bracket is optional and
// stray tokens before the closing bracket are kept, so a malformed tag is
// still one node.
type TagPair struct {
	Pos, EndPos lexer.Position
	Open        string        `parser:"@LBracket"`
	Name        *TagName      `parser:"@@?"`
	Value       *TagValue     `parser:"@@?"`
	Extra       []*TagStray   `parser:"@@*"`
	Close       *CloseBracket `parser:"@@?"`
}

// Movetext is the movetext of one game (§8.2): elements, the termination
// marker, and whatever follows the marker before the next game.
type Movetext struct {
	Items       []*TopElement     `parser:"@@*"`
	Termination *Termination      `parser:"@@?"`
	Trailer     []*TrailerElement `parser:"@@*"`
}

// TopElement is an element of the main line, where a `)` is stray.
type TopElement struct {
	Element    *Element    `parser:"  @@"`
	StrayClose *CloseParen `parser:"| @@"`
}

// TrailerElement is anything after the termination marker.
type TrailerElement struct {
	Element     *Element     `parser:"  @@"`
	StrayClose  *CloseParen  `parser:"| @@"`
	Termination *Termination `parser:"| @@"`
}

// Element is one element of movetext, in the main line or a variation.
type Element struct {
	MoveNumber  *MoveNumber  `parser:"  @@"`
	Move        *Move        `parser:"| @@"`
	NAG         *NAG         `parser:"| @@"`
	Suffix      *Suffix      `parser:"| @@"`
	Comment     *Comment     `parser:"| @@"`
	LineComment *LineComment `parser:"| @@"`
	Escape      *Escape      `parser:"| @@"`
	Variation   *Variation   `parser:"| @@"`
	Tag         *TagPair     `parser:"| @@"`
	Bad         *BadToken    `parser:"| @@"`
}

// MoveNumber is a move number indication: an integer and any number of
// periods (§8.2.2).
type MoveNumber struct {
	Pos, EndPos lexer.Position
	Number      string `parser:"@Integer"`
	Dots        []*Dot `parser:"@@*"`
}

// Move is a move symbol with the suffix annotation glued to it or following it.
type Move struct {
	Pos, EndPos lexer.Position
	Text        *MoveText `parser:"@@"`
	Suffix      *Suffix   `parser:"@@?"`
}

// Variation is a recursive annotation variation (§8.2.5). Inside it a `)`
// closes it; a termination marker ends it unclosed.
type Variation struct {
	Pos, EndPos lexer.Position
	Open        string      `parser:"@LParen"`
	Items       []*Element  `parser:"@@*"`
	Close       *CloseParen `parser:"@@?"`
}

// The token nodes: one token each, with its span.
type (
	// TagName is the symbol naming a tag.
	TagName struct {
		Pos, EndPos lexer.Position
		Text        string `parser:"@Symbol"`
	}
	// TagValue is the string of a tag pair, possibly unterminated.
	TagValue struct {
		Pos, EndPos lexer.Position
		Text        string `parser:"  @String"`
		Open        string `parser:"| @OpenString"`
	}
	// TagStray is a token inside a tag pair that does not belong there.
	TagStray struct {
		Pos, EndPos lexer.Position
		Text        string `parser:"@(Symbol | DigitSymbol | Integer | String | OpenString | NAG | Result | Period | Suffix | LParen | RParen | Reserved | Junk | Comment | OpenComment | LineComment | BadEscape | Escape)"`
	}
	// TagJunk is a token in the tag section outside any tag pair.
	TagJunk struct {
		Pos, EndPos lexer.Position
		Text        string `parser:"@(RBracket | Comment | OpenComment | String | OpenString | NAG | Result | Symbol | DigitSymbol | Integer | Period | Suffix | LParen | RParen | Junk)"`
	}
	// Reserved is a reserved token (§7) between tag pairs.
	Reserved struct {
		Pos, EndPos lexer.Position
		Text        string `parser:"@Reserved"`
	}
	// CloseBracket ends a tag pair.
	CloseBracket struct {
		Pos, EndPos lexer.Position
		Text        string `parser:"@RBracket"`
	}
	// CloseParen ends a variation, or stands stray in the main line.
	CloseParen struct {
		Pos, EndPos lexer.Position
		Text        string `parser:"@RParen"`
	}
	// Termination is a game termination marker.
	Termination struct {
		Pos, EndPos lexer.Position
		Text        string `parser:"@Result"`
	}
	// Dot is one period of a move number indication.
	Dot struct {
		Pos, EndPos lexer.Position
		Text        string `parser:"@Period"`
	}
	// MoveText is the symbol of a move.
	MoveText struct {
		Pos, EndPos lexer.Position
		Text        string `parser:"@(Symbol | DigitSymbol)"`
	}
	// Suffix is a suffix annotation such as `!?`.
	Suffix struct {
		Pos, EndPos lexer.Position
		Text        string `parser:"@Suffix"`
	}
	// NAG is a numeric annotation glyph.
	NAG struct {
		Pos, EndPos lexer.Position
		Text        string `parser:"@NAG"`
	}
	// Comment is a brace comment, possibly unterminated.
	Comment struct {
		Pos, EndPos lexer.Position
		Text        string `parser:"  @Comment"`
		Open        string `parser:"| @OpenComment"`
	}
	// LineComment is a rest-of-line comment.
	LineComment struct {
		Pos, EndPos lexer.Position
		Text        string `parser:"@LineComment"`
	}
	// Escape is a `%` escape line, or a `%` that is not in column 1.
	Escape struct {
		Pos, EndPos lexer.Position
		Text        string `parser:"  @Escape"`
		NotColumn1  string `parser:"| @BadEscape"`
	}
	// BadToken is a token that cannot stand in movetext; the field it lands
	// in says which.
	BadToken struct {
		Pos, EndPos  lexer.Position
		StrayBracket string `parser:"  @RBracket"`
		String       string `parser:"| @String"`
		OpenString   string `parser:"| @OpenString"`
		Period       string `parser:"| @Period"`
		Reserved     string `parser:"| @Reserved"`
		Junk         string `parser:"| @Junk"`
	}
)

// Tag and movetext parsers, built once.
var (
	TagParser = participle.MustBuild[TagSection](
		participle.Lexer(Lexer), participle.Elide(Elided...), participle.UseLookahead(2))
	MovetextParser = participle.MustBuild[Movetext](
		participle.Lexer(Lexer), participle.Elide(Elided...), participle.UseLookahead(2))
)
