package main

import (
	"fmt"
	"strings"

	"github.com/pgnlint/pgnlint/semantic"
)

type explainCmd struct {
	Rule string `arg:"" optional:"" help:"The rule id; none lists every rule."`
}

func (c *explainCmd) Run(e env) error {
	if c.Rule == "" {
		for _, r := range semantic.Rules() {
			fmt.Fprintf(e.stdout, "%-24s %-7s %s\n", r.ID, r.Severity, r.Summary)
		}
		return nil
	}
	r, ok := semantic.LookupRule(c.Rule)
	if !ok {
		fmt.Fprintf(e.stderr, "pgnlint: no rule %q; `pgnlint explain` lists them\n", c.Rule)
		return exitError(exitTrouble)
	}
	fmt.Fprintf(e.stdout, "%s (%s): %s\n\n%s\n\nReported:\n%s\n\nRepaired:\n%s\n",
		r.ID, r.Severity, r.Summary, r.Detail, indent(r.Bad), indent(r.Good))
	return nil
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(s, "\n", "\n    ")
}
