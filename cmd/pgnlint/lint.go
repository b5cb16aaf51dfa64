package main

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pgnlint/pgnlint/lint"
	"github.com/pgnlint/pgnlint/semantic"
	"github.com/pgnlint/pgnlint/source"
)

//go:embed sample.pgn
var sample []byte

type lintCmd struct {
	Paths    []string `arg:"" optional:"" help:"Files, directories (searched for *.pgn) or - for standard input; none means standard input."`
	Format   string   `enum:"text,json" default:"text" help:"Output format: text or json."`
	Snippets bool     `help:"Show the source line and a caret under each diagnostic (the default when standard output is a terminal)."`
	FailOn   string   `enum:"error,warning,info" default:"error" help:"Exit 1 when a diagnostic of this severity or worse is found."`
	Sample   bool     `help:"Lint the sample built into pgnlint, which has deliberate mistakes."`
	Fix      bool     `help:"Rewrite each file in export format, repairing what the fixes can; games that cannot be repaired stay as they were. Standard input goes to standard output."`
	Diff     bool     `help:"Print what --fix would change as a unified diff, and change nothing."`
	Check    bool     `help:"List the files that are not in export format and exit 1 if there are any; change nothing."`
	Quiet    bool     `help:"No progress line on standard error (shown for inputs over 32 MB when standard error is a terminal)."`
	Encoding string   `default:"auto" help:"The input's encoding: auto (UTF-8, else GB18030, Big5 or Latin-1 from the first byte that is not UTF-8), utf-8, latin1, gb18030 or big5."`
}

// writer is an output format.
type writer interface {
	Write(lint.Finding) error
	Close() error
}

func (c *lintCmd) Run(e env) error {
	failOn, err := semantic.ParseSeverity(c.FailOn)
	if err != nil {
		return err
	}
	// One write per diagnostic to an unbuffered stdout would cost a system
	// call each; the buffer is flushed at the end (and --diff, --check and
	// stdin --fix write their output through it too).
	size := 64 << 10
	if e.stdoutIsTTY {
		size = 1 // a person watching sees each diagnostic as it comes
	}
	out := bufio.NewWriterSize(e.stdout, size)
	e.stdout = out
	var w writer = &lint.TextWriter{W: out, Snippets: c.Snippets || e.stdoutIsTTY}
	if c.Format == "json" {
		w = &lint.JSONWriter{W: out}
	}
	code := exitClean
	emit := func(f lint.Finding) {
		if f.Severity >= failOn {
			code = max(code, exitFindings)
		}
		if err := w.Write(f); err != nil {
			code = exitTrouble
		}
	}
	withEncoding, err := inputEncoding(c.Encoding)
	if err != nil {
		return err
	}
	lintOne := func(name string, r io.Reader) {
		r = withEncoding(r)
		var onGame func(*lint.ParsedGame) error
		if size := inputSize(r); !c.Quiet && e.stderrIsTTY && (size == 0 || size > progressThreshold) {
			p := startProgress(e.stderr, name, size)
			defer p.finish()
			r = counting{r: r, n: &p.bytes}
			onGame = func(*lint.ParsedGame) error { p.games.Add(1); return nil }
		}
		if err := lint.Run(name, r, onGame, emit); err != nil {
			fmt.Fprintf(e.stderr, "pgnlint: %s: %v\n", name, err)
			code = exitTrouble
		}
	}
	if c.Fix || c.Diff || c.Check {
		r := rewriter{cmd: c, e: e, emit: emit, withEncoding: withEncoding}
		lintOne = func(name string, in io.Reader) {
			switch changed, err := r.rewrite(name, in); {
			case err != nil:
				fmt.Fprintf(e.stderr, "pgnlint: %s: %v\n", name, err)
				code = exitTrouble
			case changed && c.Check:
				code = max(code, exitFindings)
			}
		}
	}
	switch {
	case c.Sample:
		lintOne("sample.pgn", bytes.NewReader(sample))
	case len(c.Paths) == 0:
		lintOne("<stdin>", e.stdin)
	}
	for _, p := range c.Paths {
		if p == "-" {
			lintOne("<stdin>", e.stdin)
			continue
		}
		files, err := expand(p)
		if err != nil {
			fmt.Fprintf(e.stderr, "pgnlint: %v\n", err)
			code = exitTrouble
		}
		for _, name := range files {
			f, err := os.Open(name)
			if err != nil {
				fmt.Fprintf(e.stderr, "pgnlint: %v\n", err)
				code = exitTrouble
				continue
			}
			lintOne(name, f)
			f.Close()
		}
	}
	if err := w.Close(); err != nil {
		return err
	}
	if err := out.Flush(); err != nil {
		return err
	}
	return exitError(code)
}

// inputEncoding returns what marks an input with the encoding given on the
// command line; "auto" leaves it to the decoder.
func inputEncoding(name string) (func(io.Reader) io.Reader, error) {
	if name == "auto" {
		return func(r io.Reader) io.Reader { return r }, nil
	}
	e, err := source.ParseEncoding(name)
	if err != nil {
		return nil, err
	}
	return func(r io.Reader) io.Reader { return source.WithEncoding(r, e) }, nil
}

// inputSize is the size of a regular file, 0 for a stream.
func inputSize(r io.Reader) int64 {
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return st.Size()
		}
	}
	return 0
}

// expand turns a path into the files to lint: a file is itself; a
// directory is every *.pgn file below it, in lexical order.
func expand(p string) ([]string, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return []string{p}, nil
	}
	var files []string
	err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".pgn") {
			files = append(files, path)
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}
