// Package ast is the typed syntax tree of PGN: games, tag pairs and movetext
// elements, each with its byte span in the original input, and the line table
// that turns offsets into lines and columns. Nothing here knows chess.
package ast

// Span is a half-open range of byte offsets into the original input.
type Span struct {
	Start, End int64
}

// Bounds returns the span itself; every node embeds a Span and so is a Node.
func (s Span) Bounds() Span { return s }

// Len is the number of bytes in the span.
func (s Span) Len() int64 { return s.End - s.Start }

// Node is any syntax tree node.
type Node interface {
	Bounds() Span
}

// Token is a single token: its span and its text as written (raw bytes of
// the input, which may be Latin-1 rather than UTF-8; see File.Encoding).
type Token struct {
	Span
	Text string
}

// Game is one game: a tag section and movetext (§8).
type Game struct {
	Span
	// Tags holds *TagPair, *LineComment, *Escape and *Bad nodes in input order.
	Tags []Node
	// Movetext is where the movetext section begins and ends.
	Movetext Span
	// Elements is the main line: *MoveNumber, *Move, *NAG, *Suffix, *Comment,
	// *LineComment, *Escape, *Variation, *TagPair (misplaced) and *Bad nodes.
	Elements []Node
	// Termination is the game termination marker, nil when missing.
	Termination *Termination
	// Trailer holds what follows the termination marker within this game.
	Trailer []Node
}

// TagPair is `[Name "value"]` (§8.1). Name and Value are nil when missing.
type TagPair struct {
	Span
	Open  Token  // the `[`
	Name  *Token // the tag name symbol
	Value *Token // the string token, with its quotes
	// ValueOpen marks a value string without its closing quote.
	ValueOpen bool
	// Stray holds the tokens between the value and `]` that do not belong.
	Stray []*Bad
	Close *Token // the `]`, nil when missing
}

// MoveNumber is a move number indication: digits and periods (§8.2.2).
type MoveNumber struct {
	Span
	Number Token
	Dots   []Token
}

// Move is a move symbol (SAN, or a xiangqi move) and an optional suffix
// annotation, glued to it or separated by white space.
type Move struct {
	Span
	Text   Token
	Suffix *Suffix
}

// Suffix is a suffix annotation: `!`, `?`, `!!`, `??`, `!?`, `?!` (§8.2.3), or
// some other run of those characters.
type Suffix struct {
	Token
}

// NAG is a numeric annotation glyph `$n` (§8.2.4).
type NAG struct {
	Token
}

// Comment is a brace comment; Text includes the braces.
type Comment struct {
	Token
	Unterminated bool
}

// LineComment is a rest-of-line comment; Text includes the semicolon.
type LineComment struct {
	Token
}

// Escape is a `%` escape line (§6). NotColumn1 marks a `%` that does not
// start its line, which the standard does not treat as an escape.
type Escape struct {
	Token
	NotColumn1 bool
}

// Variation is a recursive annotation variation (§8.2.5).
type Variation struct {
	Span
	Elements []Node
	Unclosed bool
}

// Termination is a game termination marker (§8.2.6).
type Termination struct {
	Token
}

// BadKind says why a token could not be placed.
type BadKind uint8

// The kinds of Bad nodes.
const (
	BadJunk         BadKind = iota // a character that starts no token
	BadStrayClose                  // `)` with no open variation
	BadStrayBracket                // `]` outside a tag pair
	BadString                      // a string outside a tag pair
	BadOpenString                  // a string without its closing quote, outside a tag pair
	BadReserved                    // `<` or `>`, reserved by §7
	BadPeriod                      // a period not after a move number
	BadTagContent                  // a token inside a tag pair after its value
	BadTagSection                  // a token in the tag section outside any tag pair
	BadTermination                 // a second termination marker
	BadTooDeep                     // movetext whose variations nest too deeply to parse
)

var badKindNames = [...]string{"junk", "stray-close", "stray-bracket", "string", "open-string",
	"reserved", "period", "tag-content", "tag-section", "termination", "too-deep"}

func (k BadKind) String() string { return badKindNames[k] }

// Bad is a token that could not be placed in the syntax; it is kept with its
// span so that nothing the user wrote is lost.
type Bad struct {
	Token
	Kind BadKind
}
