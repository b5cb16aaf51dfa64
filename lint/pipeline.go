package lint

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/semantic"
	"github.com/pgnlint/pgnlint/source"
)

// job is one game on its way through the pipeline.
type job struct {
	chunk    *source.Chunk
	pending  []semantic.Diagnostic
	pg       *ParsedGame
	err      error
	findings []Finding
	out      []byte // what a formatting run writes for the game
	kept     bool   // the game is written back as it was
}

// batch is the games a worker takes at once: handing games over one by one
// costs goroutine wake-ups that rival the work on short games.
type batch struct {
	jobs []*job
	done chan struct{}
}

// A batch closes at batchBytes of input or batchGames games, whichever
// comes first: big enough to make the hand-over cheap, small enough to keep
// the workers even and memory low (a parsed game holds some twenty times
// its size; four times larger batches doubled the peak RSS for no speed).
const (
	batchBytes = 64 << 10
	batchGames = 64
)

// pipeline reads the games of r, parses each and runs work on it on as many
// workers as GOMAXPROCS, and hands the jobs to yield one by one in input
// order. The queues are bounded, so memory stays flat however long the
// input is. An error from yield stops the reading; the games already read
// are still drained.
func pipeline(path string, r io.Reader, work func(*job), yield func(*job) error) error {
	rd := NewReader(r)
	workers := runtime.GOMAXPROCS(0)
	order := make(chan *batch, 2*workers)
	todo := make(chan *batch, 2*workers)
	stop := make(chan struct{})
	var readErr error
	go func() {
		defer close(order)
		defer close(todo)
		b, size := &batch{done: make(chan struct{})}, 0
		send := func() bool {
			select {
			case order <- b:
			case <-stop:
				return false
			}
			todo <- b
			b, size = &batch{done: make(chan struct{})}, 0
			return true
		}
		for {
			c, pending, err := rd.nextChunk()
			if err != nil {
				if !errors.Is(err, io.EOF) {
					readErr = err
				}
				if len(b.jobs) > 0 {
					send()
				}
				return
			}
			b.jobs = append(b.jobs, &job{chunk: c, pending: pending})
			if size += len(c.Src); (size >= batchBytes || len(b.jobs) >= batchGames) && !send() {
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range todo {
				for _, j := range b.jobs {
					process(path, j, work)
				}
				close(b.done)
			}
		}()
	}
	var err error
	stopped := false
	for b := range order {
		<-b.done
		for _, j := range b.jobs {
			if stopped {
				break
			}
			if err = j.err; err == nil {
				err = yield(j)
			}
			if err != nil {
				stopped = true
				close(stop)
			}
		}
	}
	wg.Wait()
	if err == nil {
		err = readErr
	}
	return err
}

// process parses one game and runs work on it. A panic there is a bug in
// pgnlint; it becomes an internal-error diagnostic on that game, so that
// one game cannot stop a long run.
func process(path string, j *job, work func(*job)) {
	defer func() {
		if r := recover(); r != nil {
			if j.pg == nil {
				j.err = fmt.Errorf("internal error reading the game at offset %d: %v", j.chunk.Base, r)
				return
			}
			g := j.pg.Game
			j.findings = []Finding{Place(path, j.pg, RuleInternalError.At(ast.Span{Start: g.Start, End: g.Start + 1},
				"pgnlint failed on this game (%v); it is left as it is: please report it", r))}
			j.out, j.kept = GameText(j.pg), true
		}
	}()
	j.pg, j.err = parse(j.chunk)
	if j.err == nil {
		j.pg.Pending = j.pending
		work(j)
	}
}

// RuleInternalError marks a game on which pgnlint itself failed.
var RuleInternalError = semantic.RegisterRule(semantic.Rule{ID: "internal-error", Severity: semantic.Error,
	Summary: "pgnlint failed on this game",
	Detail:  "A bug in pgnlint stopped the checks of one game. The game is reported with this diagnostic, left as it is by fmt and --fix, and the rest of the input is processed. Please report the game.",
	Bad:     "(no known input)", Good: "(any game)"})
