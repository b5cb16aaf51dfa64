package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/pgnlint/pgnlint/formatter"
	"github.com/pgnlint/pgnlint/internal/diff"
	"github.com/pgnlint/pgnlint/lint"
)

// rewriter carries out lint --fix, --diff and --check on one input.
type rewriter struct {
	cmd          *lintCmd
	e            env
	emit         func(lint.Finding)
	withEncoding func(io.Reader) io.Reader
}

// rewrite formats one input and, by the flags, writes it back, prints a
// diff, or lists it; changed reports whether the export format differs from
// the input.
func (r *rewriter) rewrite(name string, in io.Reader) (changed bool, err error) {
	stdin := name == "<stdin>"
	original, err := io.ReadAll(in)
	if err != nil {
		return false, err
	}
	var out bytes.Buffer
	var pieces [][2][]byte
	onGame := func(text []byte) { pieces = append(pieces, [2][]byte{text, nil}) }
	games := &pieceWriter{buf: &out, pieces: &pieces}
	if _, err := lint.Format(name, r.withEncoding(bytes.NewReader(original)), games, formatter.Options{}, r.emit, onGame); err != nil {
		return false, err
	}
	changed = !bytes.Equal(out.Bytes(), original)
	switch {
	case r.cmd.Check:
		if changed {
			fmt.Fprintln(r.e.stdout, name)
		}
	case r.cmd.Diff:
		err = diff.Pieces(r.e.stdout, name, name+" (export format)", pieces)
	case stdin:
		_, err = r.e.stdout.Write(out.Bytes())
	case changed:
		err = writeAtomically(name, out.Bytes())
	}
	return changed, err
}

// pieceWriter records each game's output next to its text as read.
type pieceWriter struct {
	buf    *bytes.Buffer
	pieces *[][2][]byte
}

func (w *pieceWriter) Write(p []byte) (int, error) {
	ps := *w.pieces
	ps[len(ps)-1][1] = append([]byte(nil), p...)
	return w.buf.Write(p)
}

// writeAtomically replaces the file with data: a temporary file in the same
// directory, written, synced, given the original's mode and renamed over it,
// so that a crash leaves either the old file or the new one. A file its
// owner cannot write is refused.
func writeAtomically(name string, data []byte) error {
	st, err := os.Stat(name)
	if err != nil {
		return err
	}
	if st.Mode().Perm()&0o200 == 0 {
		return fmt.Errorf("the file is read-only; not rewritten")
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".pgnlint-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing to remove
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(st.Mode().Perm()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}
