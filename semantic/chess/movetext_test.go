package chess

import (
	"os"
	"strings"
	"testing"
)

// testGame is a game read by the ad-hoc reader below: its tags and the
// SAN tokens of its main line.
type testGame struct {
	tags  map[string]string
	moves []string
}

// readPGN is a deliberately small PGN reader for tests and benchmarks: tag
// pairs, and main-line move tokens with move numbers, comments ({} and ;),
// escape lines (%), variations (), NAGs, suffix annotations and results
// removed. It is not the project's parser.
func readPGN(data string) []testGame {
	data = strings.TrimPrefix(data, "\ufeff")
	var games []testGame
	var g *testGame
	newGame := func() {
		games = append(games, testGame{tags: map[string]string{}})
		g = &games[len(games)-1]
	}
	depth := 0
	inMoves := false
	lineStart := true
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c == '\n' || c == '\r':
			lineStart = true
			i++
			continue
		case lineStart && c == '%':
			for i < len(data) && data[i] != '\n' {
				i++
			}
			continue
		case c == '[' && depth == 0 && (lineStart || !inMoves):
			if g == nil || inMoves {
				newGame()
				inMoves = false
			}
			// [Name "value"], the value possibly holding ']' or \".
			j := i + 1
			for j < len(data) && data[j] != ' ' && data[j] != ']' {
				j++
			}
			name := data[i+1 : j]
			var value strings.Builder
			for j < len(data) && data[j] != '"' && data[j] != ']' {
				j++
			}
			if j < len(data) && data[j] == '"' {
				for j++; j < len(data) && data[j] != '"' && data[j] != '\n'; j++ {
					if data[j] == '\\' && j+1 < len(data) {
						j++
					}
					value.WriteByte(data[j])
				}
			}
			for j < len(data) && data[j] != ']' && data[j] != '\n' {
				j++
			}
			g.tags[name] = value.String()
			i = j + 1
		case c == '{':
			end := strings.IndexByte(data[i:], '}')
			if end < 0 {
				end = len(data) - i - 1
			}
			i += end + 1
		case c == ';':
			for i < len(data) && data[i] != '\n' {
				i++
			}
		case c == '(':
			depth++
			i++
		case c == ')':
			depth--
			i++
		case c == ' ' || c == '\t':
			i++
		default:
			j := i
			for j < len(data) && !strings.ContainsRune(" \t\r\n{}();[", rune(data[j])) {
				j++
			}
			if j == i {
				j++
			}
			tok := data[i:j]
			i = j
			if g == nil {
				if len(games) > 0 {
					break // junk between games (mail headers and the like)
				}
				newGame()
			}
			inMoves = true
			if depth > 0 {
				break
			}
			switch tok {
			case "1-0", "0-1", "1/2-1/2", "*":
				g = nil // the game is over; text up to the next tags is not movetext
				continue
			}
			if k := strings.TrimLeft(tok, "0123456789"); k != tok && strings.HasPrefix(k, ".") {
				tok = strings.TrimLeft(k, ".") // a move number, maybe glued: 1.e4
			}
			if tok = strings.TrimRight(tok, "!?"); strings.Trim(tok, ".") == "" {
				continue
			}
			if tok[0] == '$' {
				continue
			}
			g.moves = append(g.moves, tok)
		}
		lineStart = false
	}
	return games
}

// startOf returns the game's initial position from its FEN and Variant tags.
func startOf(g *testGame) (*Position, error) {
	pos := StartPosition()
	if fen, ok := g.tags["FEN"]; ok {
		var err error
		if pos, err = ParseFEN(fen); err != nil {
			return nil, err
		}
	}
	v := strings.ToLower(g.tags["Variant"])
	if strings.Contains(v, "960") || strings.Contains(v, "fischer") {
		pos.SetChess960(true)
	}
	return pos, nil
}

func readPGNFile(t testing.TB, path string) []testGame {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("%s: %v", path, err)
	}
	return readPGN(string(data))
}
