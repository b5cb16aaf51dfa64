package main

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/pgnlint/pgnlint/semantic/chess"
	"github.com/pgnlint/pgnlint/semantic/xiangqi"
)

type perftCmd struct {
	FEN    string `arg:"" help:"The position: a chess FEN (Chess960 castling as X-FEN or Shredder-FEN) or a xiangqi FEN (10 ranks)."`
	Depth  int    `arg:"" help:"Plies to count."`
	Divide bool   `help:"Count each legal move's subtree separately, as engines' perft divide does."`
}

// divideLine is one move's count, in the UCI (chess) or ICCS/UCCI (xiangqi) form.
type divideLine struct {
	move  string
	nodes uint64
}

func (c *perftCmd) Run(e env) error {
	if c.Depth < 0 {
		return fmt.Errorf("depth must not be negative")
	}
	var (
		total uint64
		lines []divideLine
	)
	if isXiangqiFEN(c.FEN) {
		p, err := xiangqi.ParseFEN(c.FEN)
		if err != nil {
			return fenError(e.stderr, c.FEN, err)
		}
		if !c.Divide || c.Depth == 0 {
			total = xiangqi.Perft(p, c.Depth)
		}
		for _, d := range dividedXiangqi(p, c) {
			lines = append(lines, d)
			total += d.nodes
		}
	} else {
		p, err := chess.ParseFEN(c.FEN)
		if err != nil {
			return fenError(e.stderr, c.FEN, err)
		}
		if !c.Divide || c.Depth == 0 {
			total = chess.Perft(p, c.Depth)
		} else {
			for _, d := range chess.Divide(p, c.Depth) {
				lines = append(lines, divideLine{d.UCI, d.Nodes})
				total += d.Nodes
			}
		}
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i].move < lines[j].move })
	for _, l := range lines {
		fmt.Fprintf(e.stdout, "%s: %d\n", l.move, l.nodes)
	}
	if len(lines) > 0 {
		fmt.Fprintln(e.stdout)
	}
	fmt.Fprintf(e.stdout, "Nodes searched: %d\n", total)
	return nil
}

func dividedXiangqi(p *xiangqi.Position, c *perftCmd) []divideLine {
	if !c.Divide || c.Depth == 0 {
		return nil
	}
	var out []divideLine
	for _, d := range xiangqi.Divide(p, c.Depth) {
		out = append(out, divideLine{d.Move.String(), d.Nodes})
	}
	return out
}

// isXiangqiFEN tells the two games' FENs apart by the number of ranks.
func isXiangqiFEN(fen string) bool {
	placement, _, _ := strings.Cut(strings.TrimSpace(fen), " ")
	return strings.Count(placement, "/") == 9
}

// fenError prints each problem of a FEN under the FEN with a caret, and
// returns the usage exit code.
func fenError(w io.Writer, fen string, err error) error {
	var spans [][2]int
	var msgs []string
	var ce *chess.FENError
	var xe *xiangqi.FENError
	for _, one := range unwrapAll(err) {
		switch {
		case errors.As(one, &ce):
			spans, msgs = append(spans, [2]int{ce.Offset, ce.End}), append(msgs, ce.Msg)
		case errors.As(one, &xe):
			spans, msgs = append(spans, [2]int{xe.Offset, xe.End}), append(msgs, xe.Msg)
		default:
			spans, msgs = append(spans, [2]int{0, 0}), append(msgs, one.Error())
		}
	}
	for i, s := range spans {
		fmt.Fprintf(w, "pgnlint: FEN: byte %d: %s\n    %s\n    %s^%s\n", s[0]+1, msgs[i], fen,
			strings.Repeat(" ", s[0]), strings.Repeat("~", max(s[1]-s[0]-1, 0)))
	}
	return exitError(exitTrouble)
}

func unwrapAll(err error) []error {
	if m, ok := err.(interface{ Unwrap() []error }); ok {
		return m.Unwrap()
	}
	return []error{err}
}
