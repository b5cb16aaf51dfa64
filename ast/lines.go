package ast

import (
	"bytes"
	"unicode/utf8"
)

// Position is a place in the input, all counts 1-based except Offset.
type Position struct {
	Offset int64 // byte offset in the original input, 0-based
	Line   int64 // line number
	Col    int   // column in bytes of the original input
	Rune   int   // column in characters
	UTF16  int   // column in UTF-16 code units (what LSP clients count)
}

// Lines is a line table over a window of the input's text (UTF-8): the
// bytes of Src begin at offset Base, which is the start of line FirstLine. A
// whole file is a window with Base 0 and FirstLine 1; the game splitter hands
// out one window per game so that memory does not grow with the file. Spans
// count bytes of the text; Orig takes them back to bytes of the original
// input when it was not UTF-8.
type Lines struct {
	Src       []byte
	Base      int64
	FirstLine int64
	Orig      func(int64) int64 // nil when the text is the original
	starts    []int32           // offsets in Src where lines begin; starts[0] == 0
}

// NewLines builds the line table of src. Line breaks are LF, CRLF and a lone
// CR, as the lexer reads them.
func NewLines(src []byte, base, firstLine int64, orig func(int64) int64) *Lines {
	starts := make([]int32, 1, 1+len(src)/40)
	if bytes.IndexByte(src, '\r') < 0 {
		// LF line breaks only, as nearly every file has them.
		for i := 0; ; {
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			starts = append(starts, int32(i))
		}
		return &Lines{Src: src, Base: base, FirstLine: firstLine, Orig: orig, starts: starts}
	}
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\n':
			starts = append(starts, int32(i+1))
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			starts = append(starts, int32(i+1))
		}
	}
	return &Lines{Src: src, Base: base, FirstLine: firstLine, Orig: orig, starts: starts}
}

// Count is the number of lines that begin in the window.
func (l *Lines) Count() int { return len(l.starts) }

// LineStart returns the file offset where the i-th line of the window (0-based) begins.
func (l *Lines) LineStart(i int) int64 { return l.Base + int64(l.starts[i]) }

// Line returns the bytes of the line containing off, without its line break.
func (l *Lines) Line(off int64) []byte {
	i := l.index(off)
	start := int(l.starts[i])
	end := len(l.Src)
	if i+1 < len(l.starts) {
		end = int(l.starts[i+1])
	}
	for end > start && (l.Src[end-1] == '\n' || l.Src[end-1] == '\r') {
		end--
	}
	return l.Src[start:end]
}

// index finds the line containing off (a file offset) by binary search.
func (l *Lines) index(off int64) int {
	rel := off - l.Base
	lo, hi := 0, len(l.starts)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if int64(l.starts[mid]) <= rel {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// Position converts a file offset inside the window to a Position.
func (l *Lines) Position(off int64) Position {
	i := l.index(off)
	start := int(l.starts[i])
	rel := int(off - l.Base)
	if rel > len(l.Src) {
		rel = len(l.Src)
	}
	p := Position{Offset: off, Line: l.FirstLine + int64(i), Col: rel - start + 1, Rune: 1, UTF16: 1}
	if l.Orig != nil {
		p.Offset = l.Orig(off)
		p.Col = int(p.Offset-l.Orig(l.Base+int64(start))) + 1
	}
	seg := l.Src[start:rel]
	if l.Base+int64(start) == 0 {
		// A byte order mark is no character an editor shows.
		seg = bytes.TrimPrefix(seg, []byte("\uFEFF"))
	}
	for len(seg) > 0 {
		r, n := utf8.DecodeRune(seg)
		seg = seg[n:]
		p.Rune++
		p.UTF16++
		if r >= 0x10000 {
			p.UTF16++
		}
	}
	return p
}
