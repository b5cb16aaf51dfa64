package main

import (
	"strings"
	"testing"
	"time"
)

func TestProgressLine(t *testing.T) {
	p := &progress{name: "dump.pgn", size: 300e6}
	p.bytes.Store(100e6)
	p.games.Store(50000)
	got := p.line(10 * time.Second)
	want := "dump.pgn: 100.0 MB of 300.0 MB, 10.0 MB/s, 5000 games/s, 20s left"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	p = &progress{name: "<stdin>"}
	p.bytes.Store(5e6)
	if got := p.line(time.Second); strings.Contains(got, "left") || strings.Contains(got, " of ") {
		t.Errorf("unknown size: %q", got)
	}
}
