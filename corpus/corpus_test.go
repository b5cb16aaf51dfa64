package corpus

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/pgnlint/pgnlint/internal/astcheck"
	"github.com/pgnlint/pgnlint/lint"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// lintText lints data and returns the text output pgnlint prints for it.
func lintText(t *testing.T, name string, data []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	tw := &lint.TextWriter{W: &out}
	if err := lint.File(name, bytes.NewReader(data), func(f lint.Finding) {
		if err := tw.Write(f); err != nil {
			t.Fatal(err)
		}
	}); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestGolden compares the diagnostics of every case with its .diag file.
func TestGolden(t *testing.T) {
	cases, err := filepath.Glob("testdata/*.pgn")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 40 {
		t.Errorf("only %d corpus cases; the corpus keeps at least 40", len(cases))
	}
	for _, pgn := range cases {
		t.Run(filepath.Base(pgn), func(t *testing.T) {
			data, err := os.ReadFile(pgn)
			if err != nil {
				t.Fatal(err)
			}
			got := lintText(t, filepath.Base(pgn), data)
			golden := strings.TrimSuffix(pgn, ".pgn") + ".diag"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run `go test ./corpus/ -update` to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("diagnostics differ from %s:\n--- got\n%s--- want\n%s", golden, got, want)
			}
			if _, _, err := astcheck.Stream(data); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestEveryRuleHasACase checks that each rule's id appears in some golden.
func TestEveryRuleHasACase(t *testing.T) {
	goldens, _ := filepath.Glob("testdata/*.diag")
	var all []byte
	for _, g := range goldens {
		b, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	for _, r := range allRules() {
		if !bytes.Contains(all, []byte("["+r+"]")) {
			t.Errorf("no corpus case shows rule %s", r)
		}
	}
}

const shared = "../../shared/corpus"

// TestSharedCorpus reads every PGN file of the shared corpus: no panic,
// every byte consumed by some game or layout, tree invariants kept, and the
// same diagnostics from two runs (the stream check and the lint engine).
func TestSharedCorpus(t *testing.T) {
	if _, err := os.Stat(shared); err != nil {
		t.Skipf("shared corpus not found at %s", shared)
	}
	var files []string
	err := filepath.WalkDir(shared, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".pgn") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	for _, name := range files {
		t.Run(strings.TrimPrefix(name, shared+"/"), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			games, first, err := astcheck.Stream(data)
			if err != nil {
				t.Fatal(err)
			}
			var second []lint.Finding
			if err := lint.File("", bytes.NewReader(data), func(f lint.Finding) { second = append(second, f) }); err != nil {
				t.Fatal(err)
			}
			if a, b := render(t, first), render(t, second); !bytes.Equal(a, b) {
				t.Errorf("two runs gave different diagnostics:\n%s\n---\n%s", head(a), head(b))
			}
			counts := map[string]int{}
			for _, f := range first {
				counts[f.Severity.String()]++
			}
			n := len(first)
			t.Logf("%d bytes, %d games, %d diagnostics %v", len(data), games, n, fmt.Sprint(counts))
		})
	}
}

func render(t *testing.T, fs []lint.Finding) []byte {
	var out bytes.Buffer
	tw := &lint.TextWriter{W: &out}
	for _, f := range fs {
		if err := tw.Write(f); err != nil {
			t.Fatal(err)
		}
	}
	return out.Bytes()
}

func head(b []byte) []byte {
	if len(b) > 2000 {
		return b[:2000]
	}
	return b
}
