package ast

import "unicode/utf8"

// Encoding is how the bytes of an input are to be read as text. Offsets
// always refer to the original bytes; the encoding only decides how many
// characters a run of bytes is.
type Encoding uint8

// The encodings the line table understands.
const (
	UTF8   Encoding = iota // UTF-8, the default
	Latin1                 // ISO 8859-1, the standard's character set (§4.1)
)

func (e Encoding) String() string {
	if e == Latin1 {
		return "latin1"
	}
	return "utf-8"
}

// Position is a place in the input, all counts 1-based except Offset.
type Position struct {
	Offset int64 // byte offset, 0-based
	Line   int64 // line number
	Col    int   // column in bytes
	Rune   int   // column in characters
	UTF16  int   // column in UTF-16 code units (what LSP clients count)
}

// Lines is a line table over a window of the input: the bytes of Src begin at
// file offset Base, which is the start of line FirstLine. A whole file is a
// window with Base 0 and FirstLine 1; the game splitter hands out one window
// per game so that memory does not grow with the file.
type Lines struct {
	Src       []byte
	Base      int64
	FirstLine int64
	Encoding  Encoding
	starts    []int32 // offsets in Src where lines begin; starts[0] == 0
}

// NewLines builds the line table of src. Line breaks are LF, CRLF and a lone
// CR, as the lexer reads them.
func NewLines(src []byte, base, firstLine int64, enc Encoding) *Lines {
	starts := make([]int32, 1, 1+len(src)/40)
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
	return &Lines{Src: src, Base: base, FirstLine: firstLine, Encoding: enc, starts: starts}
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
	seg := l.Src[start:rel]
	if l.Encoding == Latin1 {
		p.Rune += len(seg)
		p.UTF16 += len(seg)
		return p
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
