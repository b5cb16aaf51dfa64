package main

import (
	"os"
	"testing"
)

// TestDevNullIsNoTerminal: /dev/null is a character device, and output
// sent there must not get snippets or a progress bar.
func TestDevNullIsNoTerminal(t *testing.T) {
	f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Error("/dev/null is taken for a terminal")
	}
}
