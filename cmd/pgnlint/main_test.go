package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"pgnlint": func() {
			os.Exit(run(os.Args[1:], env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}))
		},
	})
}

// TestScripts runs the command-line scenarios in testdata/script: what a
// user types, what pgnlint prints and its exit code.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script", Cmds: map[string]func(*testscript.TestScript, bool, []string){
		"latin1": latin1,
	}})
}

// latin1 rewrites a UTF-8 file in Latin-1, for scripts that need such input.
func latin1(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: latin1 FILE")
	}
	name := ts.MkAbs(args[0])
	text, err := os.ReadFile(name)
	ts.Check(err)
	out := make([]byte, 0, len(text))
	for _, r := range string(text) {
		if r > 0xff {
			ts.Fatalf("%q has no Latin-1 form", r)
		}
		out = append(out, byte(r))
	}
	ts.Check(os.WriteFile(name, out, 0o644))
}
