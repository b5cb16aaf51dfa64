package lint

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pgnlint/pgnlint/ast"
)

// TextWriter prints findings as `file:line:col: severity: message [rule]`,
// with columns counted in bytes as compilers do; with Snippets it adds the
// source line and a caret under the span.
type TextWriter struct {
	W        io.Writer
	Snippets bool
}

// Write prints one finding.
func (tw *TextWriter) Write(f Finding) error {
	_, err := fmt.Fprintf(tw.W, "%s:%d:%d: %s: %s [%s]\n", f.Path, f.Start.Line, f.Start.Col, f.Severity, f.Message, f.Rule)
	if err != nil || !tw.Snippets {
		return err
	}
	line := strings.ToValidUTF8(string(f.Line), "\uFFFD")
	width := 1
	if f.End.Line == f.Start.Line && f.End.Rune > f.Start.Rune {
		width = displayWidth([]rune(line)[f.Start.Rune-1 : min(f.End.Rune-1, utf8.RuneCountInString(line))])
	}
	indent := displayWidth([]rune(line)[:min(f.Start.Rune-1, utf8.RuneCountInString(line))])
	_, err = fmt.Fprintf(tw.W, "    %s\n    %s^%s\n", strings.ReplaceAll(line, "\t", " "),
		strings.Repeat(" ", indent), strings.Repeat("~", max(width-1, 0)))
	return err
}

// Close finishes the output; text needs nothing.
func (tw *TextWriter) Close() error { return nil }

// displayWidth counts terminal columns: wide East Asian characters take two.
func displayWidth(rs []rune) int {
	n := 0
	for _, r := range rs {
		if isWide(r) {
			n += 2
		} else {
			n++
		}
	}
	return n
}

func isWide(r rune) bool {
	return unicode.Is(unicode.Han, r) || r >= 0xFF01 && r <= 0xFF60 || r == 0x3000 ||
		unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r)
}

// JSONWriter prints all findings as one JSON array, streamed.
type JSONWriter struct {
	W     io.Writer
	count int
}

type jsonPos struct {
	Offset int64 `json:"offset"`
	Line   int64 `json:"line"`
	Col    int   `json:"column"`
	Rune   int   `json:"rune_column"`
	UTF16  int   `json:"utf16_column"`
}

type jsonEdit struct {
	Start   jsonPos `json:"start"`
	End     jsonPos `json:"end"`
	NewText string  `json:"new_text"`
}

type jsonFix struct {
	Title string     `json:"title"`
	Edits []jsonEdit `json:"edits"`
}

type jsonFinding struct {
	Path     string    `json:"path"`
	Start    jsonPos   `json:"start"`
	End      jsonPos   `json:"end"`
	Severity string    `json:"severity"`
	Rule     string    `json:"rule"`
	Message  string    `json:"message"`
	Fixes    []jsonFix `json:"fixes"`
}

func toJSONPos(p ast.Position) jsonPos {
	return jsonPos{Offset: p.Offset, Line: p.Line, Col: p.Col, Rune: p.Rune, UTF16: p.UTF16}
}

// Write prints one finding.
func (jw *JSONWriter) Write(f Finding) error {
	jf := jsonFinding{Path: f.Path, Start: toJSONPos(f.Start), End: toJSONPos(f.End),
		Severity: f.Severity.String(), Rule: f.Rule, Message: strings.ToValidUTF8(f.Message, "\uFFFD"), Fixes: []jsonFix{}}
	for _, fx := range f.PlacedFixes {
		j := jsonFix{Title: fx.Title}
		for _, e := range fx.Edits {
			j.Edits = append(j.Edits, jsonEdit{Start: toJSONPos(e.Start), End: toJSONPos(e.End), NewText: e.NewText})
		}
		jf.Fixes = append(jf.Fixes, j)
	}
	b, err := json.Marshal(jf)
	if err != nil {
		return err
	}
	sep := ",\n"
	if jw.count == 0 {
		sep = "[\n"
	}
	jw.count++
	_, err = fmt.Fprintf(jw.W, "%s%s", sep, b)
	return err
}

// Close ends the array.
func (jw *JSONWriter) Close() error {
	end := "\n]\n"
	if jw.count == 0 {
		end = "[]\n"
	}
	_, err := io.WriteString(jw.W, end)
	return err
}
