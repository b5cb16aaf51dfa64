// Package semantic holds the checks that run over the syntax tree and the one
// Diagnostic type every check emits: a span, a severity, a stable rule id, a
// message and the fixes that would repair it. Each rule is registered with an
// explanation so that `pgnlint explain RULE` and docs/rules.md come from the
// same source.
package semantic

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pgnlint/pgnlint/ast"
)

// Severity orders diagnostics by how much they matter.
type Severity uint8

// The severities, least first.
const (
	Info Severity = iota
	Warning
	Error
)

var severityNames = [...]string{"info", "warning", "error"}

func (s Severity) String() string { return severityNames[s] }

// ParseSeverity reads "info", "warning" or "error".
func ParseSeverity(s string) (Severity, error) {
	for i, n := range severityNames {
		if n == s {
			return Severity(i), nil
		}
	}
	return 0, fmt.Errorf("unknown severity %q (want info, warning or error)", s)
}

// Edit replaces the bytes of Span with NewText.
type Edit struct {
	Span    ast.Span
	NewText string
}

// Fix is one way to repair a diagnostic: edits applied together.
type Fix struct {
	Title string
	Edits []Edit
}

// Diagnostic is one finding.
type Diagnostic struct {
	Span     ast.Span
	Severity Severity
	Rule     string
	Message  string
	Fixes    []Fix
}

// Rule describes one kind of diagnostic.
type Rule struct {
	ID       string
	Severity Severity
	Summary  string
	// Detail explains why the rule exists, citing the standard.
	Detail string
	// Bad and Good are a short example of PGN the rule reports and of its repair.
	Bad, Good string
}

var registry = map[string]*Rule{}

// RegisterRule adds a rule to the registry; ids are unique and kebab-case.
// Packages with passes of their own register their rules with it.
func RegisterRule(r Rule) *Rule {
	if _, dup := registry[r.ID]; dup {
		panic("semantic: rule registered twice: " + r.ID)
	}
	if r.ID != strings.ToLower(r.ID) || strings.ContainsAny(r.ID, " _") {
		panic("semantic: rule id is not kebab-case: " + r.ID)
	}
	p := &r
	registry[r.ID] = p
	return p
}

// LookupRule returns the rule with the given id.
func LookupRule(id string) (*Rule, bool) {
	r, ok := registry[id]
	return r, ok
}

// Rules returns every rule, sorted by id.
func Rules() []*Rule {
	out := make([]*Rule, 0, len(registry))
	for _, r := range registry {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// At makes a diagnostic of this rule at span, with its default severity.
func (r *Rule) At(span ast.Span, format string, args ...any) Diagnostic {
	return Diagnostic{Span: span, Severity: r.Severity, Rule: r.ID, Message: fmt.Sprintf(format, args...)}
}

// WithFix returns d with one more fix made of a single edit.
func (d Diagnostic) WithFix(title string, span ast.Span, newText string) Diagnostic {
	d.Fixes = append(d.Fixes, Fix{Title: title, Edits: []Edit{{Span: span, NewText: newText}}})
	return d
}

// SortDiagnostics orders diagnostics by position, then rule, for stable output.
func SortDiagnostics(ds []Diagnostic) {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i], ds[j]
		if a.Span.Start != b.Span.Start {
			return a.Span.Start < b.Span.Start
		}
		if a.Span.End != b.Span.End {
			return a.Span.End < b.Span.End
		}
		return a.Rule < b.Rule
	})
}

// ApplyEdits applies non-overlapping edits to text, whose first byte is at
// offset base, and returns the new text.
func ApplyEdits(text []byte, base int64, edits []Edit) ([]byte, error) {
	sorted := append([]Edit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Span.Start < sorted[j].Span.Start })
	var out []byte
	at := base
	for _, e := range sorted {
		if e.Span.Start < at || e.Span.End < e.Span.Start || e.Span.End > base+int64(len(text)) {
			return nil, fmt.Errorf("edit %v overlaps another or lies outside the text", e.Span)
		}
		out = append(out, text[at-base:e.Span.Start-base]...)
		out = append(out, e.NewText...)
		at = e.Span.End
	}
	return append(out, text[at-base:]...), nil
}
