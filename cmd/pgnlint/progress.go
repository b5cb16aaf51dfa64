package main

import (
	"fmt"
	"io"
	"sync/atomic"
	"time"
)

// progressThreshold is the input size from which a progress line is shown.
const progressThreshold = 32 << 20

// progress shows, on a terminal's standard error, how far the reading of a
// large input has come: bytes, games per second and the time left.
type progress struct {
	w     io.Writer
	name  string
	size  int64 // 0 when unknown (standard input)
	bytes atomic.Int64
	games atomic.Int64
	start time.Time
	stop  chan struct{}
	done  chan struct{}
}

func startProgress(w io.Writer, name string, size int64) *progress {
	p := &progress{w: w, name: name, size: size, start: time.Now(), stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				fmt.Fprintf(p.w, "\r%s\x1b[K", p.line(time.Since(p.start)))
			case <-p.stop:
				fmt.Fprint(p.w, "\r\x1b[K")
				return
			}
		}
	}()
	return p
}

// line says where the reading is after elapsed time.
func (p *progress) line(elapsed time.Duration) string {
	b, g := p.bytes.Load(), p.games.Load()
	secs := max(elapsed.Seconds(), 1e-3)
	s := fmt.Sprintf("%s: %.1f MB", p.name, float64(b)/1e6)
	if p.size > 0 {
		s += fmt.Sprintf(" of %.1f MB", float64(p.size)/1e6)
	}
	s += fmt.Sprintf(", %.1f MB/s, %.0f games/s", float64(b)/1e6/secs, float64(g)/secs)
	if p.size > 0 && b > 0 && b < p.size {
		left := time.Duration(float64(p.size-b) / (float64(b) / secs) * float64(time.Second))
		s += ", " + left.Round(time.Second).String() + " left"
	}
	return s
}

func (p *progress) finish() {
	close(p.stop)
	<-p.done
}

// counting counts the bytes read through it.
type counting struct {
	r io.Reader
	n *atomic.Int64
}

func (c counting) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n.Add(int64(n))
	return n, err
}
