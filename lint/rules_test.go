package lint_test

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/pgnlint/pgnlint/lint"
	"github.com/pgnlint/pgnlint/semantic"
)

// described are the rules whose examples describe input rather than show
// it (a 300-character line, a byte that is not UTF-8, the SAN safety net).
var described = map[string]bool{"line-too-long": true, "not-utf8": true, "non-canonical-san": true, "internal-error": true}

func findings(t *testing.T, src string) []lint.Finding {
	t.Helper()
	var fs []lint.Finding
	if err := lint.File("example.pgn", strings.NewReader(src), func(f lint.Finding) { fs = append(fs, f) }); err != nil {
		t.Fatal(err)
	}
	return fs
}

func has(fs []lint.Finding, rule string) bool {
	for _, f := range fs {
		if f.Rule == rule {
			return true
		}
	}
	return false
}

// TestRuleExamples checks every rule against its own documentation: the bad
// example is reported, the good one is not, and applying the fixes to the
// bad example repairs it.
func TestRuleExamples(t *testing.T) {
	for _, r := range semantic.Rules() {
		if described[r.ID] {
			continue
		}
		t.Run(r.ID, func(t *testing.T) {
			bad := findings(t, r.Bad)
			if !has(bad, r.ID) {
				t.Fatalf("bad example %q is not reported; got %v", r.Bad, rules(bad))
			}
			if good := findings(t, r.Good); has(good, r.ID) {
				t.Errorf("good example %q is reported", r.Good)
			}
			var edits []semantic.Edit
			for _, f := range bad {
				if f.Rule == r.ID && len(f.Fixes) > 0 {
					edits = append(edits, f.Fixes[0].Edits...)
				}
			}
			if len(edits) == 0 {
				return
			}
			text, err := io.ReadAll(strings.NewReader(r.Bad))
			if err != nil {
				t.Fatal(err)
			}
			fixed, err := semantic.ApplyEdits(text, 0, edits)
			if err != nil {
				t.Fatal(err)
			}
			if after := findings(t, string(fixed)); has(after, r.ID) {
				t.Errorf("after the fix %q the rule still fires", fixed)
			}
		})
	}
}

func rules(fs []lint.Finding) string {
	var b bytes.Buffer
	for _, f := range fs {
		b.WriteString(f.Rule + " ")
	}
	return b.String()
}
