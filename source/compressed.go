package source

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
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
	case bytes.HasPrefix(magic, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		d, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1))
		if err != nil {
			return nil, err
		}
		return d.IOReadCloser(), nil
	case bytes.HasPrefix(magic, []byte{0x1f, 0x8b}):
		return gzip.NewReader(br)
	case bytes.HasPrefix(magic, []byte("BZh")):
		return bzip2.NewReader(br), nil
	}
	return br, nil
}

// decompressing decompresses on first read, so that opening an input never
// blocks on it.
type decompressing struct {
	r   io.Reader
	d   io.Reader
	err error
}

func (z *decompressing) Read(p []byte) (int, error) {
	if z.d == nil && z.err == nil {
		z.d, z.err = Decompress(z.r)
	}
	if z.err != nil {
		return 0, z.err
	}
	return z.d.Read(p)
}
