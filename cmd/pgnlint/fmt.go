package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pgnlint/pgnlint/formatter"
	"github.com/pgnlint/pgnlint/lint"
)

type fmtCmd struct {
	Paths         []string `arg:"" optional:"" help:"Files, or - for standard input; none means standard input."`
	Reduced       bool     `help:"Write reduced export format: the Seven Tag Roster only, no comments, NAGs or variations."`
	Encoding      string   `enum:"utf-8,latin1" default:"utf-8" help:"The output's encoding: utf-8 (the default: every name and comment fits), or latin1 (the standard's ISO 8859-1; a character it lacks is an error)."`
	InputEncoding string   `default:"auto" help:"The input's encoding: auto, utf-8, latin1, gb18030 or big5 (see lint --encoding)."`
	Notation      string   `enum:",chinese,wxf,iccs" default:"" help:"Convert every move of xiangqi games, variations included, to this notation (chinese, wxf or iccs) and set the Format tag (see docs/xiangqi.md)."`
	Characters    string   `enum:",simplified,traditional" default:"" help:"With --notation chinese: write simplified or traditional characters (default: the game's own)."`
	To            string   `enum:"pgn,xml" default:"pgn" help:"The output form: pgn (export format) or xml (one <pgn> document holding every game; see docs/xml.md)."`
}

// Run writes each input in export format to standard output. Games that
// cannot be repaired are written as they were and their diagnostics go to
// standard error; the exit code is then 1.
func (c *fmtCmd) Run(e env) error {
	buffered := bufio.NewWriterSize(e.stdout, 1<<20)
	var out io.Writer = buffered
	if c.Encoding == "latin1" {
		out = &latin1Writer{w: buffered}
	}
	withEncoding, err := inputEncoding(c.InputEncoding)
	if err != nil {
		return err
	}
	if c.To == formatter.ToXML {
		header := formatter.XMLHeader
		if c.Encoding == "latin1" {
			header = strings.Replace(header, `encoding="UTF-8"`, `encoding="ISO-8859-1"`, 1)
		}
		if _, err := io.WriteString(out, header); err != nil {
			return err
		}
	}
	code := exitClean
	report := &lint.TextWriter{W: e.stderr}
	one := func(name string, r io.Reader) {
		res, err := lint.Format(name, withEncoding(r), out, formatter.Options{Reduced: c.Reduced, To: c.To, Notation: c.Notation, Characters: c.Characters}, func(f lint.Finding) {
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
	if c.To == formatter.ToXML {
		if _, err := io.WriteString(out, formatter.XMLFooter); err != nil {
			return err
		}
	}
	if err := buffered.Flush(); err != nil {
		return err
	}
	return exitError(code)
}

// latin1Writer writes UTF-8 text as ISO 8859-1. Each Write holds whole
// characters (a game at a time); a character Latin-1 lacks is an error, as
// writing '?' for it would lose it.
type latin1Writer struct {
	w   io.Writer
	buf []byte
}

func (l *latin1Writer) Write(p []byte) (int, error) {
	l.buf = l.buf[:0]
	for i, r := range string(p) {
		if r > 0xff {
			return 0, fmt.Errorf("%q (byte %d of a game) has no Latin-1 form; write UTF-8 instead", r, i)
		}
		l.buf = append(l.buf, byte(r))
	}
	if _, err := l.w.Write(l.buf); err != nil {
		return 0, err
	}
	return len(p), nil
}
