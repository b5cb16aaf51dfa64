package semantic

import (
	"cmp"
	"regexp"
	"strings"
	"unicode"

	"github.com/pgnlint/pgnlint/ast"
)

// gameKind is the game a PGN game records, as far as pgnlint checks moves.
type gameKind uint8

const (
	kindChess gameKind = iota
	kindChess960
	kindXiangqi
	kindUnsupported
)

// CheckRules runs the passes that know the game's rules: the chess replay
// for chess and Chess960, the xiangqi pass for xiangqi games; unsupported
// variants are told apart so that their moves are never judged by chess rules.
func CheckRules(g *ast.Game) []Diagnostic {
	switch kindOf(g) {
	case kindChess:
		return checkChess(g, false)
	case kindChess960:
		return checkChess(g, true)
	case kindXiangqi:
		return checkXiangqi(g)
	case kindUnsupported:
		tp := findTag(g, "Variant")
		return []Diagnostic{RuleUnsupportedVariant.At(tp.Span, "variant %q: moves are not checked", tagValue(g, "Variant"))}
	}
	return nil
}

// Printable reports whether the chess export printer may rewrite the game:
// its moves are chess (standard or Chess960), checked and made canonical by
// the fixes. Xiangqi games have their own printer; other variants keep
// their own layout.
func Printable(g *ast.Game) bool {
	if !IsGame(g) {
		return false
	}
	k := kindOf(g)
	return k == kindChess || k == kindChess960
}

// IsGame reports whether a chunk of input is a game: it has a tag pair or a
// move. Comments or escape lines alone (a file's preamble) are not.
func IsGame(g *ast.Game) bool {
	return findAnyTag(g) != nil || hasMove(g.Elements)
}

// kindOf decides the game from its tags and, without telling tags, from its
// first moves.
func kindOf(g *ast.Game) gameKind {
	// One walk over the tags: the first tag of each name counts, as
	// findTag finds it.
	var game, fen, variant *ast.TagPair
	red := false
	for _, n := range g.Tags {
		tp, ok := n.(*ast.TagPair)
		if !ok || tp.Name == nil {
			continue
		}
		switch narrow(tp.Name.Text) {
		case "Game":
			game = cmp.Or(game, tp)
		case "Red", "RedTeam":
			red = true
		case "FEN":
			fen = cmp.Or(fen, tp)
		case "Variant":
			variant = cmp.Or(variant, tp)
		}
	}
	if red || strings.EqualFold(strings.TrimSpace(valueOf(game)), "Chinese Chess") {
		return kindXiangqi
	}
	if placement, _, _ := strings.Cut(strings.TrimSpace(valueOf(fen)), " "); strings.Count(placement, "/") == 9 {
		return kindXiangqi
	}
	if variant != nil {
		switch normalizeVariant(valueOf(variant)) {
		case "", "standard", "chess", "normal", "fromposition", "classical":
		case "chess960", "960", "fischerandom", "fischerrandom", "frc":
			return kindChess960
		case "xiangqi", "chinesechess":
			return kindXiangqi
		default:
			return kindUnsupported
		}
	}
	if xiangqiMovetext(g.Elements) {
		return kindXiangqi
	}
	return kindChess
}

func normalizeVariant(v string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '_' {
			return -1
		}
		return unicode.ToLower(r)
	}, v)
}

// xiangqiMoveShape matches WXF moves (C2.5, H8+7) and ICCS moves that leave
// the chess board (a rank 0 or 9, or file i).
var xiangqiMoveShape = regexp.MustCompile(`^(?:[KAEBHNRCPkaebhnrcp][1-9+\-][.=+\-][1-9]|[a-i][0-9]-?[a-i][0-9])$`)

// xiangqiMovetext looks at the first moves of a game without telling tags.
func xiangqiMovetext(elems []ast.Node) bool {
	seen := 0
	for _, n := range elems {
		m, ok := n.(*ast.Move)
		if !ok {
			continue
		}
		t := narrow(m.Text.Text)
		if strings.ContainsFunc(t, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
			return true
		}
		if xiangqiMoveShape.MatchString(t) && (!isChessSquareMove(t) || strings.ContainsAny(t, ".=+")) {
			return true
		}
		if seen++; seen == 4 {
			return false
		}
	}
	return false
}

// isChessSquareMove reports whether a coordinate move stays on a chess board.
func isChessSquareMove(t string) bool {
	t = strings.ReplaceAll(t, "-", "")
	return len(t) == 4 && t[0] >= 'a' && t[0] <= 'h' && t[1] >= '1' && t[1] <= '8' && t[2] >= 'a' && t[2] <= 'h' && t[3] >= '1' && t[3] <= '8'
}
