package main

import (
	"errors"
	"io"
	"os"

	"github.com/alecthomas/repr"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/lint"
)

type dumpCmd struct {
	Path        string `arg:"" help:"The PGN file, or - for standard input."`
	NoPositions bool   `help:"Leave out byte spans."`
}

func (c *dumpCmd) Run(e env) error {
	in := e.stdin
	if c.Path != "-" {
		f, err := os.Open(c.Path)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	opts := []repr.Option{repr.Indent("  "), repr.OmitEmpty(true)}
	if c.NoPositions {
		opts = append(opts, repr.Hide[ast.Span]())
	}
	p := repr.New(e.stdout, opts...)
	rd := lint.NewReader(in)
	for {
		pg, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		p.Println(pg.Game)
	}
}
