package grammar

//go:generate go run ./internal/gen -o ../parser

// Roots returns the grammar's start symbols, one per section the splitter
// cuts a game into (TagParser's and MovetextParser's), for the parser
// generator in internal/gen. It reads the lexer from Lexer.Rules() and the
// layout tokens from Elided, as the two parsers are built.
func Roots() []any { return []any{TagSection{}, Movetext{}} }
