package source

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding"

	"github.com/pgnlint/pgnlint/internal/bytescan"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// Encoding is the character encoding an input is read in.
type Encoding uint8

// The encodings the decoder reads.
const (
	UTF8    Encoding = iota // UTF-8, with or without a byte order mark: the default
	Latin1                  // ISO 8859-1, the standard's character set (§4.1)
	GB18030                 // GBK and its superset GB18030: mainland Chinese xiangqi files
	Big5                    // Big5: Taiwanese and Hong Kong xiangqi files
)

var encodingNames = [...]string{"UTF-8", "Latin-1", "GB18030", "Big5"}

func (e Encoding) String() string { return encodingNames[e] }

// ParseEncoding reads an encoding's name as the command line takes it:
// utf-8, latin1, gb18030 (or gbk), big5.
func ParseEncoding(s string) (Encoding, error) {
	switch strings.ToLower(strings.ReplaceAll(s, "_", "-")) {
	case "utf-8", "utf8":
		return UTF8, nil
	case "latin1", "latin-1", "iso-8859-1":
		return Latin1, nil
	case "gb18030", "gbk", "gb2312":
		return GB18030, nil
	case "big5":
		return Big5, nil
	}
	return 0, fmt.Errorf("unknown encoding %q (want utf-8, latin1, gb18030 or big5)", s)
}

// WithEncoding marks r as being in encoding e: the decoder reading it then
// reads e from the first byte and never guesses.
func WithEncoding(r io.Reader, e Encoding) io.Reader { return encoded{r, e} }

type encoded struct {
	io.Reader
	enc Encoding
}

// shift records that from decoded offset At on, original offsets are
// decoded offsets minus Delta.
type shift struct {
	At, Delta int64
}

// OffsetMap converts offsets in decoded (UTF-8) text back to offsets in the
// original bytes. For UTF-8 input it is empty and the conversion is the
// identity.
type OffsetMap struct {
	shifts []shift
	base   int64 // delta before the first shift
}

// Orig returns the original offset of a decoded offset.
func (m *OffsetMap) Orig(dec int64) int64 {
	lo, hi := 0, len(m.shifts)
	for lo < hi {
		mid := (lo + hi) / 2
		if m.shifts[mid].At <= dec {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == 0 {
		return dec - m.base
	}
	return dec - m.shifts[lo-1].Delta
}

// Shifts reports whether the map is not the identity.
func (m *OffsetMap) Shifts() bool { return m.base != 0 || len(m.shifts) > 0 }

// window returns the part of the map that covers decoded offsets from
// start on, as a map of its own.
func (m *OffsetMap) window(start int64) OffsetMap {
	i := 0
	for i < len(m.shifts) && m.shifts[i].At <= start {
		i++
	}
	w := OffsetMap{base: m.base, shifts: m.shifts[i:]}
	if i > 0 {
		w.base = m.shifts[i-1].Delta
	}
	return w
}

// forget drops the shifts before decoded offset start. It reslices rather
// than copies (a copy per game is quadratic in a GBK or Big5 file, a shift
// per character); append moves the rest to a new array when the old one is
// full, and the dropped part goes with it.
func (m *OffsetMap) forget(start int64) {
	w := m.window(start)
	m.base = w.base
	m.shifts = w.shifts
}

// Decoder reads an input and yields UTF-8. It reads UTF-8 until the first
// byte sequence that is not valid UTF-8; from there on it reads GB18030 or
// Big5 when the rest of its buffer decodes cleanly as one of them and reads
// like xiangqi, and Latin-1 otherwise. It keeps the offset map that takes
// positions back to the original bytes.
type Decoder struct {
	r        io.Reader
	enc      Encoding
	raw      []byte // undecoded input
	out      []byte // decoded, not yet read
	outBuf   []byte // the whole buffer out is the rest of, reused once out is read
	dec      int64  // decoded offset of the next byte written to out
	orig     int64  // original offset of raw[0]
	eof      bool
	fellBack int64 // decoded offset where Latin-1 began, -1 before
	forced   bool  // the encoding was given, not guessed
	readBuf  []byte
	m        OffsetMap
}

// NewDecoder returns a decoder reading r, decompressed first when it is
// zstd, gzip or bzip2 (see Decompress).
func NewDecoder(r io.Reader) *Decoder {
	d := &Decoder{fellBack: -1}
	if e, ok := r.(encoded); ok {
		d.enc, d.forced, r = e.enc, true, e.Reader
	}
	d.r = &decompressing{r: r}
	return d
}

// Encoding is the encoding the decoder reads now.
func (d *Decoder) Encoding() Encoding { return d.enc }

// FellBack returns the decoded offset of the first byte that was not valid
// UTF-8, where reading switched to Latin-1; ok is false while it has not.
func (d *Decoder) FellBack() (offset int64, ok bool) { return d.fellBack, d.fellBack >= 0 }

// Read implements io.Reader.
func (d *Decoder) Read(p []byte) (int, error) {
	if len(d.out) == 0 && d.enc == UTF8 && !d.eof && len(p) > len(d.raw)+utf8.UTFMax {
		if n, err := d.readUTF8(p); n > 0 || err != nil {
			return n, err
		}
	}
	for len(d.out) == 0 {
		if d.eof && len(d.raw) == 0 {
			return 0, io.EOF
		}
		if err := d.decodeMore(); err != nil {
			return 0, err
		}
	}
	n := copy(p, d.out)
	d.out = d.out[n:]
	return n, nil
}

// readAhead reads until raw holds n bytes or the input ends, so that the
// encoding is guessed from a full sample wherever the first bad byte falls.
func (d *Decoder) readAhead(n int) error {
	for len(d.raw) < n && !d.eof {
		d.raw = slices.Grow(d.raw, n-len(d.raw))
		m, err := d.r.Read(d.raw[len(d.raw):n])
		d.raw = d.raw[:len(d.raw)+m]
		if err != nil {
			if !errors.Is(err, io.EOF) {
				return err
			}
			d.eof = true
		}
	}
	return nil
}

// readUTF8 is Read while the input is UTF-8, as nearly every input is
// throughout: it reads straight into p and checks it there, with no copy.
// What is not valid UTF-8 at the end of p (a character the next read
// completes, or the first bad byte and what follows) is kept in raw for the
// next call; n is 0 when p holds no valid byte, and decodeMore takes over.
func (d *Decoder) readUTF8(p []byte) (int, error) {
	k := copy(p, d.raw)
	m, err := d.r.Read(p[k:])
	n := k + m
	if err != nil {
		if !errors.Is(err, io.EOF) {
			return 0, err
		}
		d.eof = true
	}
	v := validUTF8(p[:n])
	d.raw = append(d.raw[:0], p[v:n]...)
	d.dec += int64(v)
	d.orig += int64(v)
	return v, nil
}

// Reads start small, so that a short input (one game re-read after its
// fixes) costs little, and double up to decodeBlock.
const (
	firstDecodeBlock = 4 << 10
	decodeBlock      = 256 << 10
)

func (d *Decoder) decodeMore() error {
	if !d.eof {
		if d.readBuf == nil {
			d.readBuf = make([]byte, firstDecodeBlock)
		} else if len(d.readBuf) < decodeBlock {
			d.readBuf = make([]byte, 2*len(d.readBuf))
		}
		n, err := io.ReadAtLeast(d.r, d.readBuf, 1)
		d.raw = append(d.raw, d.readBuf[:n]...)
		if err != nil {
			if !errors.Is(err, io.EOF) {
				return err
			}
			d.eof = true
		}
	}
	// The block read before has been handed out whole: its buffer is free.
	out := d.outBuf[:0]
	if want := len(d.raw) + len(d.raw)/8; cap(out) < want {
		out = make([]byte, 0, want)
	}
	i := 0
	for i < len(d.raw) {
		if d.enc == UTF8 {
			// Valid UTF-8 is passed on as it is, a run at a time.
			j := i + validUTF8(d.raw[i:])
			out = append(out, d.raw[i:j]...)
			if i = j; i == len(d.raw) {
				break
			}
		}
		c := d.raw[i]
		if c < utf8.RuneSelf {
			out = append(out, c)
			i++
			continue
		}
		if d.enc == UTF8 {
			if !utf8.FullRune(d.raw[i:]) && !d.eof {
				break // the rest of the character is in the next block
			}
			r, n := utf8.DecodeRune(d.raw[i:])
			if r != utf8.RuneError || n > 1 {
				out = append(out, d.raw[i:i+n]...)
				i += n
				continue
			}
			if d.forced {
				// Given as UTF-8: a bad byte is read as the Latin-1
				// character of that value, so that no byte is lost.
				out = utf8.AppendRune(out, rune(c))
				i++
				d.m.shifts = append(d.m.shifts, shift{At: d.dec + int64(len(out)), Delta: d.dec + int64(len(out)) - (d.orig + int64(i))})
				continue
			}
			if err := d.readAhead(i + sniffSample); err != nil {
				return err
			}
			d.enc = sniffLegacy(d.raw[i:])
			d.fellBack = d.dec + int64(len(out))
		}
		var n int
		out, n = d.decodeLegacy(out, d.raw[i:])
		if n == 0 {
			break // the rest of the character is in the next block
		}
		i += n
		d.m.shifts = append(d.m.shifts, shift{At: d.dec + int64(len(out)), Delta: d.dec + int64(len(out)) - (d.orig + int64(i))})
	}
	d.dec += int64(len(out))
	d.orig += int64(i)
	d.raw = append(d.raw[:0], d.raw[i:]...)
	d.out, d.outBuf = out, out
	return nil
}

// validUTF8 returns the length of the longest prefix of b that is valid
// UTF-8 made of whole characters.
func validUTF8(b []byte) int {
	i := 0
	for i < len(b) {
		i = bytescan.IndexAny(b, i, "", true)
		if i == len(b) {
			break
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return i
}

// decodeLegacy decodes the character at the start of b in the decoder's
// non-UTF-8 encoding, appending it to out; n is the number of bytes read, 0
// when b ends inside the character and more input will come. A byte
// sequence the encoding does not define is read as one Latin-1 character, so
// that no byte is lost.
func (d *Decoder) decodeLegacy(out, b []byte) (_ []byte, n int) {
	if d.enc == Latin1 {
		return utf8.AppendRune(out, rune(b[0])), 1
	}
	n = legacyLen(d.enc, b)
	if n > len(b) {
		if !d.eof {
			return out, 0
		}
		n = 1
	}
	if n > 1 {
		if r, ok := decodeChar(d.enc, b[:n]); ok {
			return utf8.AppendRune(out, r), n
		}
	}
	return utf8.AppendRune(out, rune(b[0])), 1
}

// legacyLen is the length of the multi-byte character that starts with b[0],
// judged by its lead (and second) byte.
func legacyLen(e Encoding, b []byte) int {
	if b[0] < 0x81 || b[0] == 0xFF {
		return 1
	}
	if e == GB18030 && len(b) > 1 && b[1] >= 0x30 && b[1] <= 0x39 {
		return 4
	}
	return 2
}

var legacyDecoders = map[Encoding]encoding.Encoding{
	GB18030: simplifiedchinese.GB18030,
	Big5:    traditionalchinese.Big5,
}

// decodeChar decodes one multi-byte character strictly.
func decodeChar(e Encoding, b []byte) (rune, bool) {
	if len(b) == 2 {
		i := pairIndex(b[0], b[1])
		if i < 0 {
			return 0, false
		}
		r := pairTable(e)[i]
		return r, r != 0
	}
	return decodeSlow(e, b)
}

// Two-byte characters, nearly all of a GBK or Big5 file, are looked up in a
// table built on first use from the encoding's decoder: lead byte 0x81 to
// 0xFE, trail byte 0x40 to 0xFE; 0 marks a pair the encoding does not
// define.
const (
	pairLeads  = 0xFE - 0x81 + 1
	pairTrails = 0xFE - 0x40 + 1
)

var pairTables [len(encodingNames)]struct {
	once  sync.Once
	runes []rune
}

// pairIndex is the table index of a pair, -1 when it is out of range.
func pairIndex(lead, trail byte) int {
	if lead < 0x81 || lead > 0xFE || trail < 0x40 || trail > 0xFE {
		return -1
	}
	return int(lead-0x81)*pairTrails + int(trail-0x40)
}

func pairTable(e Encoding) []rune {
	t := &pairTables[e]
	t.once.Do(func() {
		t.runes = make([]rune, pairLeads*pairTrails)
		for lead := 0x81; lead <= 0xFE; lead++ {
			for trail := 0x40; trail <= 0xFE; trail++ {
				if r, ok := decodeSlow(e, []byte{byte(lead), byte(trail)}); ok {
					t.runes[pairIndex(byte(lead), byte(trail))] = r
				}
			}
		}
	})
	return t.runes
}

// decodeSlow decodes one multi-byte character with the encoding's decoder.
func decodeSlow(e Encoding, b []byte) (rune, bool) {
	s, err := legacyDecoders[e].NewDecoder().Bytes(b)
	if err != nil {
		return 0, false
	}
	r, size := utf8.DecodeRune(s)
	if r == utf8.RuneError || size != len(s) {
		return 0, false
	}
	return r, true
}

// sniffSample is how much input from the first bad byte on decides the
// encoding.
const sniffSample = 64 << 10

// xiangqiChars are characters of xiangqi movetext in both scripts; they
// decide between encodings that both decode a sample.
const xiangqiChars = "车馬马車炮砲包兵卒进進退平将將帅帥士仕相象红紅黑胜勝和"

// sniffLegacy decides how to read b, the input from its first byte that is
// not UTF-8: as GB18030 or Big5 when b decodes strictly in that encoding
// and holds xiangqi characters, else as Latin-1.
func sniffLegacy(b []byte) Encoding {
	if len(b) > sniffSample {
		b = b[:sniffSample]
	}
	best, bestScore := Latin1, 0
	for _, e := range []Encoding{GB18030, Big5} {
		s, err := legacyDecoders[e].NewDecoder().String(string(b))
		if err != nil || strings.ContainsRune(trimPartial(s), utf8.RuneError) {
			continue
		}
		score := 0
		for _, r := range s {
			if strings.ContainsRune(xiangqiChars, r) {
				score++
			}
		}
		if score > bestScore {
			best, bestScore = e, score
		}
	}
	return best
}

// trimPartial drops a replacement character at the very end, where the
// sample may have cut a character in two.
func trimPartial(s string) string {
	return strings.TrimSuffix(s, string(utf8.RuneError))
}
