// Package diff writes unified diffs of two texts, line by line, with the
// shortest edit script (Myers' O(ND) algorithm).
package diff

import (
	"bytes"
	"fmt"
	"io"
)

// Unified writes the unified diff turning a into b, with three lines of
// context, under the given file names. It writes nothing when a equals b.
func Unified(w io.Writer, nameA, nameB string, a, b []byte) error {
	return Pieces(w, nameA, nameB, [][2][]byte{{a, b}})
}

// Pieces is Unified for texts cut into corresponding pieces (a file's
// games before and after formatting): each piece is compared with its
// counterpart only, which keeps the work proportional to the pieces' size,
// and the hunks count lines over the whole texts.
func Pieces(w io.Writer, nameA, nameB string, pieces [][2][]byte) error {
	var ops []op
	la, lb := 1, 1
	for _, p := range pieces {
		for _, o := range script(splitLines(p[0]), splitLines(p[1])) {
			o.aLine += la - 1
			o.bLine += lb - 1
			ops = append(ops, o)
		}
		la += bytes.Count(p[0], []byte{'\n'})
		lb += bytes.Count(p[1], []byte{'\n'})
	}
	changed := false
	for _, o := range ops {
		changed = changed || o.kind != keep
	}
	if !changed {
		return nil
	}
	if _, err := fmt.Fprintf(w, "--- %s\n+++ %s\n", nameA, nameB); err != nil {
		return err
	}
	const context = 3
	for i := 0; i < len(ops); {
		if ops[i].kind == keep {
			i++
			continue
		}
		// A hunk: from context lines before this change to context lines
		// after the last change that is at most 2*context lines away.
		start := max(i-context, 0)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != keep {
				end = j + 1
			} else if j-end >= 2*context {
				break
			}
		}
		end = min(end+context, len(ops))
		if err := hunk(w, ops[start:end]); err != nil {
			return err
		}
		i = end
	}
	return nil
}

type opKind uint8

const (
	keep opKind = iota
	del
	ins
)

type op struct {
	kind         opKind
	line         []byte
	aLine, bLine int // 1-based line numbers in a and b before this op
}

func hunk(w io.Writer, ops []op) error {
	na, nb := 0, 0
	for _, o := range ops {
		if o.kind != ins {
			na++
		}
		if o.kind != del {
			nb++
		}
	}
	startA, startB := ops[0].aLine, ops[0].bLine
	if na == 0 {
		startA--
	}
	if nb == 0 {
		startB--
	}
	if _, err := fmt.Fprintf(w, "@@ -%d,%d +%d,%d @@\n", startA, na, startB, nb); err != nil {
		return err
	}
	for _, o := range ops {
		prefix := " "
		switch o.kind {
		case del:
			prefix = "-"
		case ins:
			prefix = "+"
		}
		line := o.line
		noEOL := len(line) == 0 || line[len(line)-1] != '\n'
		if _, err := fmt.Fprintf(w, "%s%s", prefix, line); err != nil {
			return err
		}
		if noEOL {
			if _, err := io.WriteString(w, "\n\\ No newline at end of file\n"); err != nil {
				return err
			}
		}
	}
	return nil
}

func splitLines(b []byte) [][]byte {
	var out [][]byte
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			out = append(out, b)
			break
		}
		out = append(out, b[:i+1])
		b = b[i+1:]
	}
	return out
}

// script returns the edit script from a to b (Myers 1986, with the
// V arrays of every step kept for the backtrack).
func script(a, b [][]byte) []op {
	n, m := len(a), len(b)
	maxD := n + m
	offset := maxD + 1
	v := make([]int, 2*maxD+3)
	var trace [][]int
	for d := 0; d <= maxD; d++ {
		trace = append(trace, append([]int(nil), v...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[offset+k-1] < v[offset+k+1] {
				x = v[offset+k+1]
			} else {
				x = v[offset+k-1] + 1
			}
			y := x - k
			for x < n && y < m && bytes.Equal(a[x], b[y]) {
				x++
				y++
			}
			v[offset+k] = x
			if x >= n && y >= m {
				return backtrack(a, b, trace, d, offset)
			}
		}
	}
	return nil
}

func backtrack(a, b [][]byte, trace [][]int, d, offset int) []op {
	var rev []op
	x, y := len(a), len(b)
	for ; d > 0; d-- {
		v := trace[d]
		k := x - y
		var prevK int
		if k == -d || k != d && v[offset+k-1] < v[offset+k+1] {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := v[offset+prevK]
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x--
			y--
			rev = append(rev, op{kind: keep, line: a[x]})
		}
		if x == prevX {
			y--
			rev = append(rev, op{kind: ins, line: b[y]})
		} else {
			x--
			rev = append(rev, op{kind: del, line: a[x]})
		}
	}
	for x > 0 && y > 0 {
		x--
		y--
		rev = append(rev, op{kind: keep, line: a[x]})
	}
	ops := make([]op, len(rev))
	la, lb := 1, 1
	for i := range rev {
		o := rev[len(rev)-1-i]
		o.aLine, o.bLine = la, lb
		if o.kind != ins {
			la++
		}
		if o.kind != del {
			lb++
		}
		ops[i] = o
	}
	return ops
}
