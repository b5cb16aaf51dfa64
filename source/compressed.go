package source

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"io"

	"github.com/klauspost/compress/zstd"
)

// Decompress returns a reader of r's contents, decompressed when they begin
// with the magic bytes of zstd, gzip or bzip2 (the names of files are not
// trusted: a dump piped from a download has none).
func Decompress(r io.Reader) (io.Reader, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	magic, _ := br.Peek(4)
	switch {
	case len(magic) < 4:
	case bytes.HasPrefix(magic, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		d, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1))
		if err != nil {
			return nil, err
		}
		return d.IOReadCloser(), nil
	case bytes.HasPrefix(magic, []byte{0x1f, 0x8b, 0x08}) && magic[3]&0xe0 == 0:
		// gzip: magic, deflate, no reserved flag bits.
		return gzip.NewReader(br)
	case bytes.HasPrefix(magic, []byte("BZh")) && magic[3] >= '1' && magic[3] <= '9':
		return bzip2.NewReader(br), nil
	}
	return br, nil
}

// CompressedError is a failure to decompress an input that begins like a
// compressed stream: an I/O error of the input, not a PGN problem.
type CompressedError struct{ Err error }

func (e *CompressedError) Error() string { return "decompressing: " + e.Err.Error() }

func (e *CompressedError) Unwrap() error { return e.Err }

// decompressing decompresses on first read, so that opening an input never
// blocks on it.
type decompressing struct {
	r   io.Reader
	d   io.Reader
	err error
}

func (z *decompressing) Read(p []byte) (int, error) {
	if z.d == nil && z.err == nil {
		if z.d, z.err = Decompress(z.r); z.err != nil {
			z.err = &CompressedError{z.err}
		}
	}
	if z.err != nil {
		return 0, z.err
	}
	n, err := z.d.Read(p)
	if err != nil && !errors.Is(err, io.EOF) {
		err = &CompressedError{err}
	}
	return n, err
}
