// Package source reads PGN input and cuts it into games: a cheap byte scanner
// that knows just enough of the syntax (tags, strings, comments, escape
// lines, termination markers) to find where one game ends and the next
// begins, so that each game is lexed and parsed on its own and one broken
// game cannot swallow the next.
package source

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"slices"
)

// Chunk is one game's bytes. Src begins at the start of the line on which
// the game begins, so that columns can be counted; the game itself begins at
// Src[Start], its movetext at Src[Movetext]. Src is never written to once
// the chunk is made: it shares the splitter's buffer, and the parsed game's
// token texts share it in turn.
type Chunk struct {
	Src      []byte
	Base     int64 // decoded offset of Src[0]
	Line     int64 // line number of Src[0], 1-based
	Start    int
	Movetext int
	// Map takes decoded offsets back to offsets in the original bytes.
	Map OffsetMap
}

// Offset converts an index into Src to a decoded offset.
func (c *Chunk) Offset(i int) int64 { return c.Base + int64(i) }

// Splitter cuts a stream into games. It reads in large blocks and keeps only
// the game being cut, so memory does not grow with the input. Offsets are
// those of the decoded (UTF-8) text; each chunk carries the map back to the
// original bytes.
type Splitter struct {
	dec   *Decoder
	r     io.Reader
	buf   []byte
	pos   int   // where the next game begins in buf
	base  int64 // file offset of buf[0]
	line  int64 // line number of buf[lineAt]
	eof   bool
	err   error
	block int
}

// Blocks start small for short inputs and double up to maxBlock.
const (
	firstBlock = 4 << 10
	maxBlock   = 1 << 20
)

// NewSplitter returns a splitter reading r through a Decoder.
func NewSplitter(r io.Reader) *Splitter {
	d := NewDecoder(r)
	return &Splitter{dec: d, r: d, line: 1, block: firstBlock}
}

// NewSplitterUTF8 returns a splitter over text that is UTF-8 already (a
// game read again after its fixes): no decoding, no copy; text is never
// written to.
func NewSplitterUTF8(text []byte) *Splitter {
	return &Splitter{dec: &Decoder{fellBack: -1, eof: true}, buf: text, eof: true, line: 1, block: firstBlock}
}

// Decoder returns the decoder the splitter reads through.
func (s *Splitter) Decoder() *Decoder { return s.dec }

// Next returns the next game, or io.EOF after the last one.
func (s *Splitter) Next() (*Chunk, error) {
	for {
		start := skipBlank(s.buf, s.pos)
		if start == len(s.buf) && s.eof {
			if s.err != nil {
				return nil, s.err
			}
			return nil, io.EOF
		}
		if start < len(s.buf) {
			if end, mt, ok := scanGame(s.buf, start, s.eof); ok {
				return s.emit(start, mt, end), nil
			}
		}
		s.fill()
	}
}

// emit copies out the game buf[start:end] with its line's prefix and moves on.
func (s *Splitter) emit(start, movetext, end int) *Chunk {
	ls := lineStart(s.buf, start)
	s.line += countLines(s.buf[:ls])
	// The chunk shares the buffer: fill only ever writes past its end, or
	// into a new buffer.
	c := &Chunk{Src: s.buf[ls:end:end], Base: s.base + int64(ls), Line: s.line,
		Start: start - ls, Movetext: movetext - ls}
	c.Map = s.dec.m.window(c.Base)
	// Drop what precedes the line the next game starts on.
	next := lineStart(s.buf, end)
	s.line += countLines(s.buf[ls:next])
	s.buf = s.buf[next:]
	s.base += int64(next)
	s.pos = end - next
	s.dec.m.forget(s.base)
	return c
}

// fill reads another block, growing the buffer when one game outgrows it.
func (s *Splitter) fill() {
	if s.eof {
		return
	}
	// A new buffer only when little room is left: games cut from the old
	// one keep sharing it, so it is never written over, only dropped.
	if free := cap(s.buf) - len(s.buf); free == 0 || free < s.block/4 {
		if s.buf != nil && s.block < maxBlock {
			s.block *= 2
		}
		nb := make([]byte, len(s.buf), 2*len(s.buf)+s.block)
		copy(nb, s.buf)
		s.buf = nb
	}
	n, err := io.ReadAtLeast(s.r, s.buf[len(s.buf):cap(s.buf)], 1)
	s.buf = s.buf[:len(s.buf)+n]
	if err != nil {
		s.eof = true
		if !errors.Is(err, io.EOF) {
			s.err = err
		}
	}
}

// lineStart returns the index where the line containing i begins.
func lineStart(b []byte, i int) int {
	j := bytes.LastIndexAny(b[:i], "\r\n")
	return j + 1
}

// countLines counts the line breaks in b (LF, CRLF, lone CR).
func countLines(b []byte) int64 {
	n := int64(bytes.Count(b, []byte{'\n'}))
	for i := bytes.IndexByte(b, '\r'); i >= 0; {
		if i+1 >= len(b) || b[i+1] != '\n' {
			n++
		}
		j := bytes.IndexByte(b[i+1:], '\r')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return n
}

// isSpace reports the bytes the splitter treats as layout: white space and
// control characters (the lexer elides them too).
func isSpace(c byte) bool { return c <= ' ' || c == 0x7f }

// skipBlank skips layout, byte order marks included, from i.
func skipBlank(b []byte, i int) int {
	for i < len(b) {
		switch {
		case isSpace(b[i]):
			i++
		case bytes.HasPrefix(b[i:], bom):
			i += len(bom)
		default:
			return i
		}
	}
	return i
}

var (
	bom            = []byte("\uFEFF")
	fullwidthOpen  = []byte("［")
	fullwidthClose = []byte("］")
)

// openBracket returns the length of the `[` (or full-width `［`) at b[i], or 0.
func openBracket(b []byte, i int) int {
	switch {
	case b[i] == '[':
		return 1
	case b[i] == fullwidthOpen[0] && bytes.HasPrefix(b[i:], fullwidthOpen):
		return len(fullwidthOpen)
	}
	return 0
}

// scanGame finds the end of the game that begins at b[start] and where its
// movetext begins. ok is false when the game may continue past the end of b
// and more input is needed (atEOF false).
func scanGame(b []byte, start int, atEOF bool) (end, movetext int, ok bool) {
	i, mt, ok, tagsOnly := scanTags(b, start, atEOF)
	if !ok {
		return 0, 0, false
	}
	if tagsOnly {
		return i, i, true
	}
	end, ok = scanMovetext(b, i, atEOF)
	return end, mt, ok
}

// scanTags skips the tag section: tag pairs, `;` comments and escape lines.
// It returns where the movetext begins. After a blank line, a tag pair
// first on its line begins the next game when the section already holds its
// name, or when it is an Event tag (the tag export format writes first) and
// a tag pair of the section is broken, without its closing bracket:
// tagsOnly is then true and next is that line's start (files of tag
// sections without movetext, as broadcast exports write them, or a broken
// game pgnlint wrote back as it was before a game it formatted). A Game tag
// there does not decide when the section has none: xiangqi games begin with
// one, and the tag after it decides. A repeated tag without the blank line
// stays in its section, a duplicate to report, and so does any other tag
// after a blank line (files with blank lines between their tags).
func scanTags(b []byte, i int, atEOF bool) (next, movetext int, ok, tagsOnly bool) {
	var names [][]byte // they share b, which is never written to
	broken := false
	for {
		i = skipBlank(b, i)
		if i == len(b) {
			return i, i, atEOF, false
		}
		switch n := openBracket(b, i); {
		case n > 0:
			if len(names) > 0 && firstOnLine(b, i) && afterBlankLine(b, i) {
				next, more := startsNextGame(b, i, names, broken, atEOF)
				if more {
					return 0, 0, false, false
				}
				if next {
					ls := lineStart(b, i)
					return ls, ls, true, true
				}
			}
			names = append(names, tagName(b[i+n:]))
			j, done := scanTag(b, i+n)
			if !done && !atEOF {
				return 0, 0, false, false
			}
			broken = broken || !(bytes.HasSuffix(b[:j], []byte("]")) || bytes.HasSuffix(b[:j], fullwidthClose))
			i = j
		case b[i] == '<' && bytes.IndexByte(b[i:restOfLine(b, i)], '>') > 0:
			// An HTML tag such as <br /> between tag pairs: junk the
			// parser reports, not the start of the movetext.
			i += bytes.IndexByte(b[i:], '>') + 1
		case b[i] == ';' || (b[i] == '%' && atLineStart(b, i)):
			j := restOfLine(b, i)
			if j == len(b) && !atEOF {
				return 0, 0, false, false
			}
			i = j
		default:
			return i, i, true, false
		}
	}
}

// startsNextGame reports whether the tag pair at b[i], or the one after it
// when that is a Game tag the section lacks, has a name of names (without
// regard to case: a fix may change a name's case) or, in a broken section,
// is an Event tag. more is true when that needs input past the end of b.
func startsNextGame(b []byte, i int, names [][]byte, broken, atEOF bool) (next, more bool) {
	decides := func(name []byte) bool {
		return broken && bytes.EqualFold(name, []byte("Event")) ||
			slices.ContainsFunc(names, func(n []byte) bool { return bytes.EqualFold(n, name) })
	}
	n := openBracket(b, i)
	name := tagName(b[i+n:])
	if !bytes.EqualFold(name, []byte("Game")) || decides(name) {
		return len(name) > 0 && decides(name), false
	}
	j, done := scanTag(b, i+n)
	if !done && !atEOF {
		return false, true
	}
	j = skipSpaces(b, j)
	if j < len(b) && (b[j] == '\n' || b[j] == '\r') {
		j = skipSpaces(b, lineEnd(b, j))
	}
	if j == len(b) {
		return false, !atEOF
	}
	n = openBracket(b, j)
	if n == 0 {
		return false, false
	}
	name = tagName(b[j+n:])
	return len(name) > 0 && decides(name), false
}

// lineEnd returns the index after the line break at b[i].
func lineEnd(b []byte, i int) int {
	if b[i] == '\r' && i+1 < len(b) && b[i+1] == '\n' {
		return i + 2
	}
	return i + 1
}

// afterBlankLine reports whether the line holding b[i] follows a blank line.
func afterBlankLine(b []byte, i int) bool {
	ls := lineStart(b, i)
	if ls == 0 {
		return false
	}
	prev := lineStart(b, ls-1)
	if ls >= 2 && b[ls-1] == '\n' && b[ls-2] == '\r' {
		prev = lineStart(b, ls-2)
	}
	return len(bytes.TrimSpace(b[prev:ls])) == 0
}

// tagName reads the name at the start of a tag pair's body.
func tagName(b []byte) []byte {
	i := 0
	for i < len(b) && (isAlnum(b[i]) || b[i] == '_') {
		i++
	}
	return b[:i]
}

// scanTag skips a tag pair's body after `[`. A tag ends at `]`; a line break
// ends it too once the value has been read, unless the next line goes on
// with `]` (a tag split over lines is import format; a missing `]` is not
// allowed to swallow the movetext).
func scanTag(b []byte, i int) (next int, done bool) {
	sawValue := false
	for i < len(b) {
		if b[i] == fullwidthClose[0] && bytes.HasPrefix(b[i:], fullwidthClose) {
			return i + len(fullwidthClose), true
		}
		if openBracket(b, i) > 0 {
			return i, true
		}
		switch b[i] {
		case ']':
			return i + 1, true
		case '"':
			i = scanString(b, i)
			sawValue = true
			continue
		case '\n', '\r':
			if sawValue {
				j := skipBlank(b, i)
				if j == len(b) {
					return i, false
				}
				if b[j] != ']' {
					return i, true
				}
			}
		}
		i++
	}
	return i, false
}

// scanString skips a string from its opening quote to after its closing
// quote, or to the end of its line when it has none.
func scanString(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			if i+1 < len(b) && b[i+1] != '\n' && b[i+1] != '\r' {
				i++
			}
		case '"':
			return i + 1
		case '\n', '\r':
			return i
		}
	}
	return i
}

// restOfLine returns the index of the line break ending the line at i.
func restOfLine(b []byte, i int) int {
	j := bytes.IndexAny(b[i:], "\r\n")
	if j < 0 {
		return len(b)
	}
	return i + j
}

func atLineStart(b []byte, i int) bool { return i == 0 || b[i-1] == '\n' || b[i-1] == '\r' }

// firstOnLine reports whether only layout precedes b[i] on its line.
func firstOnLine(b []byte, i int) bool { return atLineStart(b, IndentStart(b, i)) }

// IndentStart returns where the layout (blanks, control characters) before
// b[i] begins when it is all that precedes b[i] on its line, and i when
// anything else does: a game that starts at b[i] takes its indent along,
// in the splitter's cut and in the text fmt writes back.
func IndentStart(b []byte, i int) int {
	j := i
	for j > 0 && isSpace(b[j-1]) && b[j-1] != '\n' && b[j-1] != '\r' {
		j--
	}
	if !atLineStart(b, j) {
		return i
	}
	return j
}

// scanMovetext finds the end of the movetext that begins at b[i]: before a
// `[` that is first on its line, or before a token that looks like
// movetext after the termination marker (a new game without tags).
func scanMovetext(b []byte, i int, atEOF bool) (end int, ok bool) {
	depth := 0
	terminated := false
	for i < len(b) {
		c := b[i]
		switch {
		case isSpace(c):
			i++
		case openBracket(b, i) > 0 && firstOnLine(b, i):
			return lineStart(b, i), true
		case c == '%' && atLineStart(b, i), c == ';':
			i = restOfLine(b, i)
		case c == '{':
			j, resync := scanComment(b, i)
			if resync {
				return j, true
			}
			i = j
		case c == '"':
			i = scanString(b, i)
		case c == '(':
			depth++
			i++
		case c == ')':
			if depth > 0 {
				depth--
			}
			i++
		default:
			j := tokenEnd(b, i)
			if j == len(b) && !atEOF {
				return 0, false
			}
			tok := b[i:j]
			if terminated && startsGame.Match(tok) {
				if firstOnLine(b, i) {
					return lineStart(b, i), true // the line's indent is the next game's
				}
				return i, true
			}
			if depth == 0 && isTermination(tok) {
				terminated = true
			}
			i = j
		}
	}
	return i, atEOF
}

// scanComment skips a brace comment. A comment left open runs to the next
// line that is a complete tag pair on its own: there the next game begins.
func scanComment(b []byte, i int) (next int, resync bool) {
	// The closing brace first, then the line breaks before it: comments
	// are mostly one line, and IndexByte is much faster than a search for
	// three bytes at once. Each search goes over the comment once.
	end := len(b)
	if k := bytes.IndexByte(b[i+1:], '}'); k >= 0 {
		end = i + 1 + k
	}
	lf, cr := -1, -1 // the next LF and CR at or after i+1, end for none
	for i++; i < end; i++ {
		if lf < i {
			lf = indexIn(b[:end], i, '\n')
		}
		if cr < i {
			cr = indexIn(b[:end], i, '\r')
		}
		if i = min(lf, cr); i == end {
			break
		}
		if j := i + 1; j < len(b) && looksLikeTagLine(b[j:]) {
			return j, true
		}
	}
	if end == len(b) {
		return end, false
	}
	return end + 1, false
}

// indexIn returns the index of the first c in b at or after i, len(b) when
// there is none.
func indexIn(b []byte, i int, c byte) int {
	if k := bytes.IndexByte(b[i:], c); k >= 0 {
		return i + k
	}
	return len(b)
}

// looksLikeTagLine reports whether b starts with a line that is exactly one
// tag pair: `[Name "value"]`, blanks allowed around it.
func looksLikeTagLine(b []byte) bool {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	if i == len(b) || openBracket(b, i) == 0 {
		return false
	}
	i += openBracket(b, i)
	n := i
	for i < len(b) && (isAlnum(b[i]) || b[i] == '_') {
		i++
	}
	if i == n || i == len(b) || b[i] != ' ' {
		return false
	}
	for i < len(b) && b[i] == ' ' {
		i++
	}
	if i == len(b) || b[i] != '"' {
		return false
	}
	j := scanString(b, i)
	if j == len(b) || b[j-1] != '"' || j == i+1 {
		return false
	}
	for j < len(b) && b[j] == ' ' {
		j++
	}
	if j == len(b) || b[j] != ']' {
		return false
	}
	j = skipSpaces(b, j+1)
	return j == len(b) || b[j] == '\n' || b[j] == '\r'
}

func skipSpaces(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// startsGame matches a token that begins a new game without tags when it
// follows a termination marker: a move number or a chess move. Anything
// else there (a footer line, a URL) stays with the game before.
var startsGame = regexp.MustCompile(`^(?:[0-9]+(?:\.\S*)?|[NBRQK]?[a-h]?[1-8]?x?[a-h][1-8]\S*|O-O\S*)$`)

// tokenEnd returns the end of the run of token bytes at i; it always
// consumes at least one byte.
func tokenEnd(b []byte, i int) int {
	if b[i] == '*' || b[i] == '}' || b[i] == ']' {
		return i + 1
	}
	for i++; i < len(b); {
		switch c := b[i]; {
		case isSpace(c), c == '{', c == '}', c == '(', c == ')', c == '[', c == ']', c == ';', c == '"', c == '*':
			return i
		}
		i++
	}
	return i
}

func isTermination(tok []byte) bool {
	switch string(tok) {
	case "1-0", "0-1", "1/2-1/2", "*":
		return true
	}
	return false
}
