package astcheck

import (
	"sort"
	"strings"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/semantic"
)

// Meaning is what export format must keep of a game: its tags, and its
// movetext as a sequence of moves, NAGs, comments (white space folded),
// escape lines and variations, with the termination marker. Move numbers
// and layout are not part of it.
type Meaning struct {
	Tags     map[string]string
	Movetext string
}

// Summarize returns the meaning of a game.
func Summarize(g *ast.Game) Meaning {
	m := Meaning{Tags: map[string]string{}}
	var parts []string
	for _, n := range g.Tags {
		switch n := n.(type) {
		case *ast.TagPair:
			if n.Name != nil && n.Value != nil {
				if _, dup := m.Tags[n.Name.Text]; !dup {
					m.Tags[n.Name.Text] = semantic.Unquote(n.Value.Text, n.ValueOpen)
				}
			}
		default:
			parts = appendMeaning(parts, n)
		}
	}
	for _, n := range g.Elements {
		parts = appendMeaning(parts, n)
	}
	if g.Termination != nil {
		parts = append(parts, "result "+g.Termination.Text)
		m.Tags["Result"] = g.Termination.Text
	}
	for _, n := range g.Trailer {
		parts = appendMeaning(parts, n)
	}
	m.Movetext = strings.Join(parts, " | ")
	return m
}

func appendMeaning(parts []string, n ast.Node) []string {
	switch n := n.(type) {
	case *ast.Move:
		parts = append(parts, "move "+n.Text.Text)
		if n.Suffix != nil {
			parts = append(parts, "suffix "+n.Suffix.Text)
		}
	case *ast.NAG:
		parts = append(parts, "nag "+n.Text)
	case *ast.Suffix:
		parts = append(parts, "suffix "+n.Text)
	case *ast.Comment:
		parts = append(parts, "comment "+strings.Join(strings.Fields(strings.TrimSuffix(strings.TrimPrefix(n.Text, "{"), "}")), " "))
	case *ast.LineComment:
		parts = append(parts, "comment "+strings.Join(strings.Fields(strings.TrimPrefix(n.Text, ";")), " "))
	case *ast.Escape:
		parts = append(parts, "escape "+n.Text)
	case *ast.Variation:
		parts = append(parts, "(")
		for _, e := range n.Elements {
			parts = appendMeaning(parts, e)
		}
		parts = append(parts, ")")
	case *ast.Bad:
		parts = append(parts, "bad "+n.Text)
	case *ast.TagPair:
		parts = append(parts, "tag")
	}
	return parts
}

// Compare says how the meaning of a printed game differs from the game it
// was printed from: tags must keep their values (the printer may add Seven
// Tag Roster tags with their unknown values) and the movetext must be equal.
// It returns "" when nothing differs.
func Compare(from, printed Meaning) string {
	var diffs []string
	for name, v := range from.Tags {
		if pv, ok := printed.Tags[name]; !ok || pv != v {
			diffs = append(diffs, "tag "+name+": "+v+" became "+pv)
		}
	}
	unknown := map[string]string{"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?", "Black": "?", "Result": "*"}
	for name, v := range printed.Tags {
		if _, ok := from.Tags[name]; !ok && unknown[name] != v {
			diffs = append(diffs, "tag "+name+" added with "+v)
		}
	}
	if from.Movetext != printed.Movetext {
		diffs = append(diffs, "movetext:\n  "+from.Movetext+"\nbecame\n  "+printed.Movetext)
	}
	sort.Strings(diffs)
	return strings.Join(diffs, "\n")
}
