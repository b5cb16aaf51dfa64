package source

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"testing"

	"github.com/klauspost/compress/zstd"
)

func TestDecompress(t *testing.T) {
	text := []byte("[Event \"x\"]\n\n1. e4 e5 *\n")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(text)
	zw.Close()
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	zs := enc.EncodeAll(text, nil)
	// The same text compressed by the bzip2 program (Go has no bzip2 writer).
	bz := []byte{0x42, 0x5a, 0x68, 0x39, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59, 0x44, 0xf5, 0x0f, 0xbe, 0x00, 0x00, 0x07, 0xdf, 0x80, 0x00, 0x10, 0x50, 0x11, 0x26, 0x00, 0x02, 0x00, 0x00, 0x0a, 0x02, 0x01, 0x05, 0x40, 0x20, 0x00, 0x21, 0xa8, 0x1a, 0x31, 0x36, 0xa7, 0xa8, 0x53, 0x00, 0x04, 0xd2, 0x6f, 0xa3, 0x1c, 0x84, 0xe2, 0x5c, 0x83, 0x8a, 0x60, 0x99, 0x26, 0xf8, 0xbb, 0x92, 0x29, 0xc2, 0x84, 0x82, 0x27, 0xa8, 0x7d, 0xf0}
	for name, in := range map[string][]byte{"plain": text, "gzip": gz.Bytes(), "zstd": zs, "bzip2": bz} {
		r, err := Decompress(bytes.NewReader(in))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(got, text) {
			t.Errorf("%s: got %q, %v", name, got, err)
		}
	}
}

func TestDecompressBroken(t *testing.T) {
	// Text that starts like gzip but has a reserved flag set is read as text.
	in := []byte{0x1f, 0x8b, 0x08, 0xff, 'x'}
	r, err := Decompress(bytes.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(r); !bytes.Equal(got, in) {
		t.Errorf("got %q", got)
	}
	// A gzip header followed by garbage is a read error of its own type.
	d := NewDecoder(bytes.NewReader([]byte{0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff, 1, 2, 3}))
	_, err = io.ReadAll(d)
	var ce *CompressedError
	if !errors.As(err, &ce) {
		t.Errorf("got %v, want a CompressedError", err)
	}
}
