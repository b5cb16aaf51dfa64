// Package xiangqi knows the rules of Chinese chess so that pgnlint can check
// xiangqi game records: it holds positions (FEN in and out), generates and
// plays legal moves, and reads and writes moves in the three PGN notations
// (Chinese vertical-line, WXF and ICCS).
//
// Coordinates follow ICCS: files a..i from Red's left, ranks 0..9 from Red's
// back rank. Square index = rank*9 + file.
//
// Moves given as text are never guessed: ParseMove resolves a token against
// the legal moves of the position and reports every deviation from the
// canonical spelling as a machine-readable Issue.
package xiangqi
