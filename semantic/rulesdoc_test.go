package semantic_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	_ "github.com/pgnlint/pgnlint/lint" // registers not-pgn, the one rule outside this package
	"github.com/pgnlint/pgnlint/semantic"
)

var update = flag.Bool("update", false, "rewrite docs/rules.md")

const rulesDoc = "../docs/rules.md"

// TestRulesDoc checks that docs/rules.md is what the rule registry says;
// `go test ./semantic -run RulesDoc -update` rewrites it. The test package
// imports lint so that the rules registered there are listed too.
func TestRulesDoc(t *testing.T) {
	got := rulesMarkdown(semantic.Rules())
	if *update {
		if err := os.WriteFile(rulesDoc, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(rulesDoc)
	if err != nil {
		t.Fatalf("%v (run `go test ./semantic -run RulesDoc -update` to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is out of date with the rule registry: run `go test ./semantic -run RulesDoc -update`", rulesDoc)
	}
}

func TestRulesDocListsNotPGN(t *testing.T) {
	if !bytes.Contains(rulesMarkdown(semantic.Rules()), []byte("\n## not-pgn\n")) {
		t.Error("the rules registered by package lint are missing")
	}
}

func rulesMarkdown(rules []*semantic.Rule) []byte {
	var b bytes.Buffer
	b.WriteString("# Rules\n\n")
	b.WriteString("<!-- Generated from the rule registry by `go test ./semantic -run RulesDoc -update`; do not edit. -->\n\n")
	b.WriteString("Every diagnostic pgnlint reports carries one of these rule ids. `pgnlint explain RULE` prints the same text. ")
	b.WriteString("Section numbers (§) refer to the PGN standard.\n\n")
	count := map[semantic.Severity]int{}
	for _, r := range rules {
		count[r.Severity]++
	}
	fmt.Fprintf(&b, "%d rules: %d errors, %d warnings, %d informational.\n\n", len(rules),
		count[semantic.Error], count[semantic.Warning], count[semantic.Info])
	b.WriteString("| Rule | Severity | Summary |\n|---|---|---|\n")
	for _, r := range rules {
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s |\n", r.ID, r.ID, r.Severity, cell(r.Summary))
	}
	for _, r := range rules {
		fmt.Fprintf(&b, "\n## %s\n\n", r.ID)
		fmt.Fprintf(&b, "**%s**: %s\n\n", r.Severity, r.Summary)
		fmt.Fprintf(&b, "%s\n\n", r.Detail)
		fmt.Fprintf(&b, "Reported:\n\n%s\n\nRepaired:\n\n%s\n", block(r.Bad), block(r.Good))
	}
	return b.Bytes()
}

// cell makes text safe inside a table cell.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// block writes an example as a fenced code block, with control characters
// other than tab and line feed spelled out.
func block(s string) string {
	var sb strings.Builder
	for _, r := range s {
		if r < ' ' && r != '\t' && r != '\n' || r == 0x7f {
			fmt.Fprintf(&sb, `\x%02x`, r)
			continue
		}
		sb.WriteRune(r)
	}
	return "```\n" + sb.String() + "\n```"
}
