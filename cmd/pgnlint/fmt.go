package main

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/pgnlint/pgnlint/formatter"
	"github.com/pgnlint/pgnlint/lint"
)

type fmtCmd struct {
	Paths   []string `arg:"" optional:"" help:"Files, or - for standard input; none means standard input."`
	Reduced bool     `help:"Write reduced export format: the Seven Tag Roster only, no comments, NAGs or variations."`
}

// Run writes each input in export format to standard output. Games that
// cannot be repaired are written as they were and their diagnostics go to
// standard error; the exit code is then 1.
func (c *fmtCmd) Run(e env) error {
	out := bufio.NewWriterSize(e.stdout, 1<<20)
	code := exitClean
	report := &lint.TextWriter{W: e.stderr}
	one := func(name string, r io.Reader) {
		res, err := lint.Format(name, r, out, formatter.Options{Reduced: c.Reduced}, func(f lint.Finding) {
			if err := report.Write(f); err != nil {
				code = exitTrouble
			}
		}, nil)
		if err != nil {
			fmt.Fprintf(e.stderr, "pgnlint: %s: %v\n", name, err)
			code = exitTrouble
			return
		}
		if res.Kept > 0 {
			fmt.Fprintf(e.stderr, "pgnlint: %s: %d of %d games could not be repaired and are written as they were\n", name, res.Kept, res.Games)
			code = max(code, exitFindings)
		}
	}
	if len(c.Paths) == 0 {
		c.Paths = []string{"-"}
	}
	for _, p := range c.Paths {
		if p == "-" {
			one("<stdin>", e.stdin)
			continue
		}
		f, err := os.Open(p)
		if err != nil {
			fmt.Fprintf(e.stderr, "pgnlint: %v\n", err)
			code = exitTrouble
			continue
		}
		one(p, f)
		f.Close()
	}
	if err := out.Flush(); err != nil {
		return err
	}
	return exitError(code)
}
