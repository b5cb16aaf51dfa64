// Command pgnlint checks and formats PGN, the notation of chess (and xiangqi)
// games: `pgnlint lint` reports positioned diagnostics, `pgnlint dump` shows
// the syntax tree, `pgnlint explain` documents the rules, `pgnlint perft`
// counts move-generator nodes.
package main

import (
	"errors"
	"fmt"
	"golang.org/x/term"
	"io"
	"os"
	"runtime/debug"

	"github.com/alecthomas/kong"
)

// Exit codes: 0 nothing at or above --fail-on, 1 something was, 2 usage or
// I/O error.
const (
	exitClean    = 0
	exitFindings = 1
	exitTrouble  = 2
)

type cli struct {
	Lint    lintCmd    `cmd:"" help:"Report diagnostics for PGN files."`
	Fmt     fmtCmd     `cmd:"" help:"Write PGN files in the standard's export format."`
	Dump    dumpCmd    `cmd:"" help:"Print the syntax tree of a PGN file."`
	Explain explainCmd `cmd:"" help:"Explain a rule, or list all rules."`
	Perft   perftCmd   `cmd:"" help:"Count the positions DEPTH plies from a FEN (chess or xiangqi), for checking move generators."`
}

// env is what a command needs from the process, so that tests can run
// commands in-process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	stdoutIsTTY    bool
	stderrIsTTY    bool
}

// exitError carries an exit code out of a command.
type exitError int

func (e exitError) Error() string { return fmt.Sprintf("exit %d", int(e)) }

func main() {
	if os.Getenv("GOGC") == "" {
		// The pipeline's live heap is small and bounded (a few batches of
		// games) while it allocates fast: collecting half as often saves
		// some of the time for some 20 MB more memory.
		debug.SetGCPercent(200)
	}
	os.Exit(run(os.Args[1:], env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, stdoutIsTTY: isTerminal(os.Stdout), stderrIsTTY: isTerminal(os.Stderr)}))
}

// run parses args and runs the command, returning the exit code.
func run(args []string, e env) (code int) {
	var c cli
	exited := false
	parser, err := kong.New(&c, kong.Name("pgnlint"),
		kong.Description("A linter and formatter for PGN chess and xiangqi game files."),
		kong.Writers(e.stdout, e.stderr),
		kong.Exit(func(c int) { exited, code = true, c; panic(exitError(c)) }),
		kong.BindTo(e, (*env)(nil)))
	if err != nil {
		fmt.Fprintln(e.stderr, "pgnlint:", err)
		return exitTrouble
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(exitError); !ok || !exited {
				panic(r)
			}
		}
	}()
	ctx, err := parser.Parse(args)
	if err != nil {
		fmt.Fprintln(e.stderr, "pgnlint:", err)
		return exitTrouble
	}
	if err := ctx.Run(e); err != nil {
		var ee exitError
		if errors.As(err, &ee) {
			return int(ee)
		}
		fmt.Fprintln(e.stderr, "pgnlint:", err)
		return exitTrouble
	}
	return exitClean
}

func isTerminal(f *os.File) bool {
	// Asked of the terminal driver: /dev/null is a character device too,
	// and output sent there must not pay for snippets or a progress bar.
	return term.IsTerminal(int(f.Fd()))
}
