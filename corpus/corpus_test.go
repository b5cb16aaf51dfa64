package corpus

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/pgnlint/pgnlint/formatter"
	"github.com/pgnlint/pgnlint/internal/astcheck"
	"github.com/pgnlint/pgnlint/lint"
	"github.com/pgnlint/pgnlint/semantic"
	"github.com/pgnlint/pgnlint/source"
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
			} else if want, err := os.ReadFile(golden); err != nil {
				t.Fatalf("%v (run `go test ./corpus/ -update` to create it)", err)
			} else if !bytes.Equal(got, want) {
				t.Errorf("diagnostics differ from %s:\n--- got\n%s--- want\n%s", golden, got, want)
			}
			if _, _, err := astcheck.Stream(data); err != nil {
				t.Error(err)
			}
			checkGolden(t, strings.TrimSuffix(pgn, ".pgn")+".fixed", fixed(t, data))
			export, _, err := astcheck.FormatOnce(data, formatter.Options{})
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, strings.TrimSuffix(pgn, ".pgn")+".export", append([]byte{}, export...))
			if err := astcheck.FormatProperties(data); err != nil {
				t.Error(err)
			}
		})
	}
}

// fixed returns the case's text with the first fix of every diagnostic
// applied, leaving out fixes that overlap one applied before; nil when no
// diagnostic has a fix.
func fixed(t *testing.T, data []byte) []byte {
	t.Helper()
	text, err := io.ReadAll(source.NewDecoder(bytes.NewReader(data)))
	if err != nil {
		t.Fatal(err)
	}
	var edits []semantic.Edit
	end := int64(-1)
	_, findings, err := astcheck.Stream(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range findings {
		if len(f.Fixes) == 0 {
			continue
		}
		fx := f.Fixes[0]
		first, last := fx.Edits[0].Span, fx.Edits[len(fx.Edits)-1].Span
		if first.Start <= end || !sortedEdits(fx.Edits) {
			continue
		}
		edits = append(edits, fx.Edits...)
		end = last.End
		if last.End == last.Start {
			end = last.End // an insertion blocks only edits that start before it
		}
	}
	if len(edits) == 0 {
		return nil
	}
	out, err := semantic.ApplyEdits(text, 0, edits)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sortedEdits(es []semantic.Edit) bool {
	for i := 1; i < len(es); i++ {
		if es[i].Span.Start < es[i-1].Span.End {
			return false
		}
	}
	return true
}

// checkGolden compares got with the golden file, or writes it with -update;
// a nil got means there must be no golden file. An empty export is kept as
// an empty file.
func checkGolden(t *testing.T, golden string, got []byte) {
	t.Helper()
	if *update {
		if got == nil {
			os.Remove(golden)
			return
		}
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	switch {
	case got == nil && err == nil:
		t.Errorf("%s exists but no diagnostic has a fix", golden)
	case got == nil:
	case err != nil:
		t.Errorf("%v (run `go test ./corpus/ -update` to create it)", err)
	case !bytes.Equal(got, want):
		t.Errorf("fixed text differs from %s:\n--- got\n%s--- want\n%s", golden, got, want)
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
	// Safety nets that no known input reaches.
	unreachable := map[string]bool{"non-canonical-san": true, "internal-error": true}
	for _, r := range allRules() {
		if !unreachable[r] && !bytes.Contains(all, []byte("["+r+"]")) {
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
			if err := astcheck.FormatProperties(data); err != nil {
				t.Errorf("export format: %v", err)
			}
			if a, b := render(t, first), render(t, second); !bytes.Equal(a, b) {
				t.Errorf("two runs gave different diagnostics:\n%s\n---\n%s", head(a), head(b))
			}
			counts := map[string]int{}
			realGames := strings.Contains(name, "/realworld/") || strings.Contains(name, "/benchmark/")
			for _, f := range first {
				counts[f.Severity.String()]++
				// pgn-extract -s -r replays every game of these files
				// without a complaint about a move: so must pgnlint.
				if realGames && (f.Rule == "illegal-move" || f.Rule == "ambiguous-move" || f.Rule == "not-a-move") {
					t.Errorf("%d:%d: %s [%s] on a game pgn-extract accepts", f.Start.Line, f.Start.Col, f.Message, f.Rule)
				}
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
