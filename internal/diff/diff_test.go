package diff

import (
	"bytes"
	"testing"
)

func TestUnified(t *testing.T) {
	a := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"
	b := "1\n2\nthree\n4\n5\n6\n7\n8\n9\n10\n11\n"
	var out bytes.Buffer
	if err := Unified(&out, "a", "b", []byte(a), []byte(b)); err != nil {
		t.Fatal(err)
	}
	want := "--- a\n+++ b\n@@ -1,6 +1,6 @@\n 1\n 2\n-3\n+three\n 4\n 5\n 6\n@@ -8,3 +8,4 @@\n 8\n 9\n 10\n+11\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

func TestUnifiedEqualAndEmpty(t *testing.T) {
	var out bytes.Buffer
	if err := Unified(&out, "a", "b", []byte("x\n"), []byte("x\n")); err != nil || out.Len() != 0 {
		t.Errorf("equal texts gave %q, %v", out.String(), err)
	}
	if err := Unified(&out, "a", "b", nil, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if want := "--- a\n+++ b\n@@ -0,0 +1,1 @@\n+x\n\\ No newline at end of file\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}
