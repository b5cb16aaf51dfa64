// Package benchdata gives the per-stage benchmarks their input: one real
// file of the shared corpus, the same for every stage so that their MB/s
// compare, or the file PGNLINT_BENCH_FILE names (the TCEC file, a
// movedense file from ../shared/bench/make-inputs).
package benchdata

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Default is the file read when PGNLINT_BENCH_FILE is not set, relative to
// the repository's parent directory.
const Default = "shared/corpus/realworld/notnil-chess__twic0920.pgn"

// Load reads the benchmark input, skipping the benchmark when it is absent.
func Load(b *testing.B) []byte {
	path := os.Getenv("PGNLINT_BENCH_FILE")
	if path == "" {
		_, here, _, _ := runtime.Caller(0)
		path = filepath.Join(filepath.Dir(here), "..", "..", "..", Default)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.Skip("no benchmark file:", err)
	}
	return data
}
