package xiangqi

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Resolution is the outcome of reading one move token.
type Resolution struct {
	Move      Move     // the move; NoMove unless exactly one legal move matches
	Notation  Notation // notation the token was read as; AnyNotation if unrecognisable
	Canonical string   // canonical spelling of Move in that notation; "" if unresolved
	Issues    []Issue
	// facts describe Move in the position it was read in, so that it can be
	// written in any notation without that position (AppendMove).
	facts moveFacts
}

// OK reports whether the token resolved to a move.
func (r Resolution) OK() bool { return r.Move != NoMove }

// Has reports whether an issue of kind k was found.
func (r Resolution) Has(k IssueKind) bool {
	for _, i := range r.Issues {
		if i.Kind == k {
			return true
		}
	}
	return false
}

// locator says how a token picks the moving piece.
type locKind uint8

const (
	locFile        locKind = iota + 1 // piece + file number: 炮二, C2
	locQual                           // 前/中/后 or WXF +/- without file: 前车, R+
	locQual2                          // WXF ++ / -- (outermost of 4-5 pawns)
	locOrdinal                        // xqbase ordinal over the pawn list: 一兵, Pa
	locFileQual                       // qualifier with file: 前兵七, 前七, WXF 3+
	locFileMiddle                     // WXF 33: middle pawn of file 3
	locFileOrdinal                    // Fairy-Stockfish 17=8: first pawn on file 7
)

const (
	qualFront = iota
	qualMiddle
	qualRear
)

// moveSpec is a token decoded into the facts it asserts about a move.
type moveSpec struct {
	notation Notation
	kind     Kind
	loc      locKind
	file     int
	qual     int
	ord      int // 1-based
	act      action
	target   int
}

func (sp *moveSpec) matches(f *moveFacts) bool {
	if sp.kind != f.kind || sp.act != f.act || sp.target != f.target {
		return false
	}
	switch sp.loc {
	case locFile:
		if f.file != sp.file {
			return false
		}
		// Official WXF: with 3 (or 5) pawns on a file the middle one keeps
		// the plain file digit (P7.6).
		if sp.notation == WXF && f.kind == Pawn && f.n >= 3 && f.n%2 == 1 {
			return f.idx == f.n/2
		}
		return true // with 2+ such pieces this is the lenient unqualified form
	case locQual:
		return sp.qualIndex(f.n) == f.idx
	case locQual2:
		if f.n < 4 {
			return false
		}
		if sp.qual == qualFront {
			return f.idx == 0
		}
		return f.idx == f.n-1
	case locOrdinal:
		return f.ord >= 0 && f.ord == sp.ord-1
	case locFileQual:
		return f.file == sp.file && sp.qualIndex(f.n) == f.idx
	case locFileMiddle:
		return f.file == sp.file && f.n >= 3 && f.n%2 == 1 && f.idx == f.n/2
	case locFileOrdinal:
		return f.file == sp.file && f.n >= 2 && f.idx == sp.ord-1
	}
	return false
}

// qualIndex maps a front/middle/rear qualifier to a position among n
// pieces on a file, or -1. In WXF, + and - name the second and
// second-to-last of 4-5 pawns (the outermost are ++ and --).
func (sp *moveSpec) qualIndex(n int) int {
	if n < 2 {
		return -1
	}
	switch sp.qual {
	case qualFront:
		if sp.notation == WXF && n >= 4 {
			return 1
		}
		return 0
	case qualRear:
		if sp.notation == WXF && n >= 4 {
			return n - 2
		}
		return n - 1
	case qualMiddle:
		if n%2 == 1 {
			return n / 2
		}
	}
	return -1
}

// issueSet collects non-canonical findings of the lexers as bits.
type issueSet uint32

func (s *issueSet) add(k IssueKind)      { *s |= 1 << k }
func (s issueSet) has(k IssueKind) bool  { return s&(1<<k) != 0 }
func (s issueSet) traditionalOnly() bool { return s.has(issueTradSeen) && !s.has(issueSimpSeen) }
func (s issueSet) mixed() bool           { return s.has(issueTradSeen) && s.has(issueSimpSeen) }

// Pseudo-kinds used only inside issueSet to track the script.
const (
	issueTradSeen IssueKind = 30
	issueSimpSeen IssueKind = 31
)

// ---- Chinese -------------------------------------------------------------

type cnClass uint8

const (
	cnPiece cnClass = iota + 1
	cnNumeral
	cnDigit
	cnAction
	cnQual
)

const (
	scriptNeutral = iota
	scriptSimplified
	scriptTraditional
)

type cnSym struct {
	val       int // numeral/digit value, action, or qualifier
	class     cnClass
	kind      Kind // pieces
	side      int8 // pieces: 0 Red only, 1 Black only, -1 either
	script    uint8
	variant   bool // uncommon piece glyph
	lenient   bool // 上/下
	fullWidth bool // digits
}

// The symbols are looked up for every character of every Chinese move, so
// they sit in a small perfect hash table rather than a map: the slot of a
// character is its code point times cnMul, top cnBits bits; init picks a
// multiplier that gives each symbol its own slot.
const cnBits = 7

var (
	cnMul   uint32
	cnRunes [1 << cnBits]rune // the symbol in each slot, 0 for none
	cnSyms  [1 << cnBits]cnSym
	// ASCII and full-width digits, by value.
	cnASCIIDigit, cnWideDigit [10]cnSym
)

func cnSlot(r rune, mul uint32) uint32 { return uint32(r) * mul >> (32 - cnBits) }

// cnLookup returns the symbol a character of a Chinese move stands for.
func cnLookup(r rune) (cnSym, bool) {
	switch {
	case r >= '1' && r <= '9':
		return cnASCIIDigit[r-'0'], true
	case r >= '１' && r <= '９':
		return cnWideDigit[r-'０'], true
	}
	if i := cnSlot(r, cnMul); cnRunes[i] == r && r != 0 {
		return cnSyms[i], true
	}
	return cnSym{}, false
}

// cnPerfectHash fills the table with the symbols, trying multipliers (a
// fixed sequence: the table is the same in every run) until no two share
// a slot.
func cnPerfectHash(symbols map[rune]cnSym) {
	mul := uint32(0x9E3779B1)
	for {
		var taken [1 << cnBits]bool
		ok := true
		for r := range symbols {
			i := cnSlot(r, mul)
			if taken[i] {
				ok = false
				break
			}
			taken[i] = true
		}
		if ok {
			break
		}
		mul = mul*0x2C1B3C6D + 0x297A2D39 | 1
	}
	cnMul = mul
	for r, sym := range symbols {
		cnRunes[cnSlot(r, mul)], cnSyms[cnSlot(r, mul)] = r, sym
	}
}

func init() {
	symbols := map[rune]cnSym{}
	piece := func(r rune, k Kind, side int8, script uint8, variant bool) {
		symbols[r] = cnSym{class: cnPiece, kind: k, side: side, script: script, variant: variant}
	}
	piece('帅', King, 0, scriptSimplified, false)
	piece('帥', King, 0, scriptTraditional, false)
	piece('将', King, 1, scriptSimplified, false)
	piece('將', King, 1, scriptTraditional, false)
	piece('仕', Advisor, 0, scriptNeutral, false)
	piece('士', Advisor, 1, scriptNeutral, false)
	piece('相', Elephant, 0, scriptNeutral, false)
	piece('象', Elephant, 1, scriptNeutral, false)
	piece('马', Horse, -1, scriptSimplified, false)
	piece('馬', Horse, -1, scriptTraditional, false)
	piece('傌', Horse, 0, scriptTraditional, true)
	piece('车', Chariot, -1, scriptSimplified, false)
	piece('車', Chariot, -1, scriptTraditional, false)
	piece('俥', Chariot, 0, scriptTraditional, true)
	piece('伡', Chariot, 0, scriptSimplified, true)
	piece('硨', Chariot, -1, scriptTraditional, true)
	piece('炮', Cannon, -1, scriptNeutral, false)
	piece('砲', Cannon, 1, scriptTraditional, true)
	piece('包', Cannon, 1, scriptNeutral, true)
	piece('兵', Pawn, 0, scriptNeutral, false)
	piece('卒', Pawn, 1, scriptNeutral, false)
	for i, r := range []rune("一二三四五六七八九") {
		symbols[r] = cnSym{class: cnNumeral, val: i + 1}
	}
	for i := 1; i <= 9; i++ {
		cnASCIIDigit[i] = cnSym{class: cnDigit, val: i}
		cnWideDigit[i] = cnSym{class: cnDigit, val: i, fullWidth: true}
	}
	symbols['进'] = cnSym{class: cnAction, val: int(actForward), script: scriptSimplified}
	symbols['進'] = cnSym{class: cnAction, val: int(actForward), script: scriptTraditional}
	symbols['上'] = cnSym{class: cnAction, val: int(actForward), lenient: true}
	symbols['退'] = cnSym{class: cnAction, val: int(actBackward)}
	symbols['下'] = cnSym{class: cnAction, val: int(actBackward), lenient: true}
	symbols['平'] = cnSym{class: cnAction, val: int(actSideways)}
	symbols['前'] = cnSym{class: cnQual, val: qualFront}
	symbols['中'] = cnSym{class: cnQual, val: qualMiddle}
	symbols['后'] = cnSym{class: cnQual, val: qualRear, script: scriptSimplified}
	symbols['後'] = cnSym{class: cnQual, val: qualRear, script: scriptTraditional}
	cnPerfectHash(symbols)
}

// isChineseMoveRune reports whether r is a character specific to Chinese
// notation (digits excluded: they are shared with WXF and ICCS).
func isChineseMoveRune(r rune) bool {
	s, ok := cnLookup(r)
	return ok && s.class != cnDigit
}

// parseChinese decodes a Chinese token (spaces removed) for side c.
func parseChinese(text string, c Color) (moveSpec, issueSet, bool) {
	var syms [6]cnSym
	n := 0
	for _, r := range text {
		s, ok := cnLookup(r)
		if !ok || n == len(syms) {
			return moveSpec{}, 0, false
		}
		syms[n] = s
		n++
	}
	var flags issueSet
	sp := moveSpec{notation: Chinese}
	// number reads a file or target and notes the side's numbering style.
	number := func(s cnSym) (int, bool) {
		switch s.class {
		case cnNumeral:
			if c == Black {
				flags.add(IssueWrongSideNumber)
			}
		case cnDigit:
			if c == Red {
				flags.add(IssueWrongSideNumber)
			} else if !s.fullWidth {
				flags.add(IssueCharWidth)
			}
		default:
			return 0, false
		}
		return s.val, true
	}
	pieceOK := func(s cnSym) bool {
		if s.class != cnPiece {
			return false
		}
		sp.kind = s.kind
		if s.side >= 0 && Color(s.side) != c {
			flags.add(IssueWrongSidePiece)
		}
		if s.variant {
			flags.add(IssueVariantChar)
		}
		return true
	}
	actionOK := func(s cnSym) bool {
		if s.class != cnAction {
			return false
		}
		sp.act = action(s.val)
		if s.lenient {
			flags.add(IssueLenientAction)
		}
		return true
	}
	ok := false
	var v int
	switch {
	case n == 4 && syms[0].class == cnPiece && syms[1].class == cnQual:
		// 车前平三: qualifier after the piece (HK/WXF order).
		ok = pieceOK(syms[0]) && actionOK(syms[2])
		sp.loc, sp.qual = locQual, syms[1].val
		flags.add(IssueQualifierAfterPiece)
		sp.target, ok = numberAnd(ok, number, syms[3])
	case n == 4 && syms[0].class == cnPiece:
		ok = pieceOK(syms[0]) && actionOK(syms[2])
		sp.loc = locFile
		v, ok = numberAnd(ok, number, syms[1])
		sp.file = v
		sp.target, ok = numberAnd(ok, number, syms[3])
	case n == 4 && syms[0].class == cnQual && syms[1].class == cnPiece:
		ok = pieceOK(syms[1]) && actionOK(syms[2])
		sp.loc, sp.qual = locQual, syms[0].val
		sp.target, ok = numberAnd(ok, number, syms[3])
	case n == 4 && syms[0].class == cnNumeral && syms[0].val <= 5 && syms[1].class == cnPiece:
		ok = pieceOK(syms[1]) && actionOK(syms[2])
		sp.loc, sp.ord = locOrdinal, syms[0].val
		sp.target, ok = numberAnd(ok, number, syms[3])
	case n == 4 && syms[0].class == cnQual:
		// 前七平八: old pawn form without the piece character.
		sp.kind = Pawn
		ok = actionOK(syms[2])
		sp.loc, sp.qual = locFileQual, syms[0].val
		v, ok = numberAnd(ok, number, syms[1])
		sp.file = v
		sp.target, ok = numberAnd(ok, number, syms[3])
	case n == 5 && syms[0].class == cnQual && syms[1].class == cnPiece:
		// 前兵七平八: old 5-character form.
		ok = pieceOK(syms[1]) && actionOK(syms[3])
		sp.loc, sp.qual = locFileQual, syms[0].val
		v, ok = numberAnd(ok, number, syms[2])
		sp.file = v
		sp.target, ok = numberAnd(ok, number, syms[4])
	}
	if !ok {
		return moveSpec{}, 0, false
	}
	for _, s := range syms[:n] {
		switch s.script {
		case scriptSimplified:
			flags.add(issueSimpSeen)
		case scriptTraditional:
			flags.add(issueTradSeen)
		}
	}
	if flags.mixed() {
		flags.add(IssueMixedScript)
	}
	return sp, flags, true
}

func numberAnd(ok bool, number func(cnSym) (int, bool), s cnSym) (int, bool) {
	v, vok := number(s)
	return v, ok && vok
}

// ---- WXF -----------------------------------------------------------------

func wxfKind(b byte) (Kind, bool, bool) { // kind, letter is canonical, ok
	upper := b &^ 0x20
	var k Kind
	switch upper {
	case 'K':
		k = King
	case 'A':
		k = Advisor
	case 'E':
		k = Elephant
	case 'B':
		return Elephant, false, true
	case 'H':
		k = Horse
	case 'N':
		return Horse, false, true
	case 'R':
		k = Chariot
	case 'C':
		k = Cannon
	case 'P':
		k = Pawn
	default:
		return 0, false, false
	}
	return k, b == upper, true
}

func isDigit19(b byte) bool { return b >= '1' && b <= '9' }

// asciiFold converts full-width ASCII forms (U+FF01..U+FF5E) to ASCII.
func asciiFold(text string) (string, bool, bool) { // folded, had full-width, ok
	i := 0
	for i < len(text) && text[i] < utf8.RuneSelf {
		i++
	}
	if i == len(text) {
		return text, false, true // nothing to fold: no copy
	}
	var buf [16]byte
	out := buf[:0]
	wide := false
	for _, r := range text {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			r -= 0xFEE0
			wide = true
		case r >= utf8.RuneSelf:
			return "", false, false
		}
		out = append(out, byte(r))
	}
	return string(out), wide, true
}

// parseWXF decodes a WXF token (ASCII-folded). It may yield several
// interpretations (e.g. "33.4": middle pawn of file 3, or third pawn of
// file 3 in Fairy-Stockfish style); resolution keeps those that match.
// The interpretations are appended to dst.
func parseWXF(t string, dst []moveSpec) ([]moveSpec, issueSet, bool) {
	var flags issueSet
	if len(t) == 3 && isDigit19(t[1]) && isDigit19(t[2]) {
		// C25: operator omitted, which books use for sideways moves.
		flags.add(IssueWXFNoOperator)
		t = t[:2] + "." + t[2:]
	}
	if len(t) != 4 || !isDigit19(t[3]) {
		return nil, 0, false
	}
	sp := moveSpec{notation: WXF, target: int(t[3] - '0')}
	switch t[2] {
	case '+':
		sp.act = actForward
	case '-':
		sp.act = actBackward
	case '.':
		sp.act = actSideways
	case '=':
		sp.act = actSideways
		flags.add(IssueWXFEquals)
	default:
		return nil, 0, false
	}
	letter := func(b byte) bool {
		k, canonical, ok := wxfKind(b)
		if ok {
			sp.kind = k
			if !canonical {
				flags.add(IssueWXFLetter)
			}
		}
		return ok
	}
	qual := func(b byte) (int, bool) {
		switch b {
		case '+':
			return qualFront, true
		case '-':
			return qualRear, true
		}
		return 0, false
	}
	a, b := t[0], t[1]
	if q, ok := qual(a); ok {
		if q2, ok2 := qual(b); ok2 && q2 == q { // ++ / --
			sp.kind, sp.loc, sp.qual = Pawn, locQual2, q
			return append(dst, sp), flags, true
		}
		if letter(b) { // +C-2: qualifier before the letter
			sp.loc, sp.qual = locQual, q
			flags.add(IssueWXFPrefixTandem)
			return append(dst, sp), flags, true
		}
		return nil, 0, false
	}
	if isDigit19(a) {
		sp.kind, sp.file = Pawn, int(a-'0')
		if q, ok := qual(b); ok { // 3+.4
			sp.loc, sp.qual = locFileQual, q
			return append(dst, sp), flags, true
		}
		if !isDigit19(b) {
			return nil, 0, false
		}
		specs := dst
		if a == b { // 33.4, official middle pawn
			sp.loc = locFileMiddle
			specs = append(specs, sp)
		}
		if a <= '5' { // 17=8, Fairy-Stockfish ordinal + file
			fs := sp
			fs.loc, fs.ord, fs.file = locFileOrdinal, int(a-'0'), int(b-'0')
			specs = append(specs, fs)
		}
		return specs, flags, len(specs) > 0
	}
	if !letter(a) {
		return nil, 0, false
	}
	switch {
	case isDigit19(b):
		sp.loc, sp.file = locFile, int(b-'0')
	case b == '+':
		sp.loc, sp.qual = locQual, qualFront
	case b == '-':
		sp.loc, sp.qual = locQual, qualRear
	case sp.kind == Pawn && b|0x20 >= 'a' && b|0x20 <= 'e': // xqbase Pa.5
		sp.loc, sp.ord = locOrdinal, int(b|0x20-'a'+1)
	default:
		return nil, 0, false
	}
	return append(dst, sp), flags, true
}

// ---- ICCS ----------------------------------------------------------------

func parseICCS(t string) (Move, bool, bool) { // move, spec form, ok
	sq := func(f, r byte) (Square, bool) {
		f |= 0x20
		if f < 'a' || f > 'i' || r < '0' || r > '9' {
			return 0, false
		}
		return SquareAt(int(f-'a'), int(r-'0')), true
	}
	var a, b string
	switch {
	case len(t) == 4:
		a, b = t[:2], t[2:]
	case len(t) == 5 && t[2] == '-':
		a, b = t[:2], t[3:]
	default:
		return 0, false, false
	}
	from, ok1 := sq(a[0], a[1])
	to, ok2 := sq(b[0], b[1])
	if !ok1 || !ok2 {
		return 0, false, false
	}
	spec := len(t) == 5 && a[0] <= 'Z' && b[0] <= 'Z'
	return NewMove(from, to), spec, true
}

// ---- resolution ----------------------------------------------------------

func stripSpaces(s string) string {
	if !mayHaveSpace(s) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// mayHaveSpace reports whether s may hold a character unicode.IsSpace
// accepts, looking only at bytes: an ASCII space or control character, or
// the first byte of the UTF-8 form of U+0085-U+00A0 (C2), U+1680 (E1),
// U+2000-U+205F (E2) or U+3000 (E3). Chinese moves have none of these.
func mayHaveSpace(s string) bool {
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case b <= ' ', b == 0xC2, b == 0xE1, b == 0xE2, b == 0xE3:
			return true
		}
	}
	return false
}

// detectNotation guesses the notation family of a token from its characters.
func detectNotation(t string) Notation {
	for _, r := range t {
		if isChineseMoveRune(r) {
			return Chinese
		}
	}
	folded, _, ok := asciiFold(t)
	if !ok || folded == "" {
		return AnyNotation
	}
	if _, _, ok := parseICCS(folded); ok {
		return ICCS
	}
	return WXF
}

// ParseMove resolves a move token in any of the three notations against
// the legal moves of p. want is the notation the record declares (PGN
// Format tag) or AnyNotation; a token in another notation is still read
// but reported. Nothing is guessed: the move is set only when exactly one
// legal move fits the token.
func (p *Position) ParseMove(token string, want Notation) Resolution {
	return p.ParseMoveWith(token, ParseOptions{Want: want})
}

// ParseOptions refine ParseMoveWith.
type ParseOptions struct {
	Want Notation // notation the record declares, or AnyNotation
	// Traditional selects traditional characters for the canonical text of
	// a Chinese token written only with characters both scripts share
	// (炮９平３ needs 後炮平３ in a traditional record). Tokens that show
	// their script keep it.
	Traditional bool
}

// ParseMoveWith is ParseMove with options.
func (p *Position) ParseMoveWith(token string, opt ParseOptions) Resolution {
	res := p.parseMove(token, opt.Traditional)
	if want := opt.Want; want != AnyNotation && res.Notation != AnyNotation && want != res.Notation && !res.Has(IssueUnparseable) {
		res.Issues = append(res.Issues, Issue{Kind: IssueNotationMismatch, Want: want, Got: res.Notation})
	}
	return res
}

func (p *Position) parseMove(token string, traditional bool) Resolution {
	text := stripSpaces(token)
	res := Resolution{Notation: detectNotation(text)}
	if res.Notation == AnyNotation {
		res.Issues = []Issue{{Kind: IssueUnparseable, Detail: "not a Chinese, WXF or ICCS move"}}
		return res
	}
	var specBuf [2]moveSpec
	var specs []moveSpec
	var flags issueSet
	var iccsMove Move
	ok := false
	switch res.Notation {
	case Chinese:
		var sp moveSpec
		sp, flags, ok = parseChinese(text, p.side)
		specBuf[0] = sp
		specs = specBuf[:1]
	case WXF:
		folded, wide, _ := asciiFold(text)
		specs, flags, ok = parseWXF(folded, specBuf[:0])
		if wide {
			flags.add(IssueCharWidth)
		}
	case ICCS:
		folded, wide, _ := asciiFold(text)
		var specForm bool
		iccsMove, specForm, ok = parseICCS(folded)
		if wide {
			flags.add(IssueCharWidth)
		}
		if !specForm {
			flags.add(IssueICCSForm)
		}
	}
	if !ok {
		res.Issues = []Issue{{Kind: IssueUnparseable, Detail: "not a valid " + res.Notation.String() + " move"}}
		return res
	}

	var matchBuf [8]Move
	var matched, exposing []Move
	matchedSpec := -1
	if res.Notation == ICCS {
		if p.IsLegal(iccsMove) {
			matched = append(matchBuf[:0], iccsMove)
			res.facts = p.facts(iccsMove)
		} else if p.isPseudoLegal(iccsMove) {
			exposing = []Move{iccsMove}
		}
	} else {
		matched, exposing, matchedSpec, res.facts = p.matchSpecs(specs, matchBuf[:0])
	}
	switch len(matched) {
	case 0:
		res.Issues = []Issue{{Kind: IssueIllegal, Candidates: exposing}}
		if len(exposing) > 0 {
			res.Issues[0].Detail = "would leave the own king attacked"
		}
		return res
	case 1:
	default:
		res.Issues = []Issue{{Kind: IssueAmbiguous, Candidates: slices.Clone(matched)}}
		return res
	}
	res.Move = matched[0]
	f := &res.facts
	var buf [24]byte
	var canon []byte
	switch res.Notation {
	case ICCS:
		canon = appendCoordinates(buf[:0], res.Move, StyleICCS)
	case WXF:
		canon = appendWXF(buf[:0], f)
		flags = locatorIssues(flags, specs[matchedSpec], f.wxfLocator())
	case Chinese:
		trad := flags.traditionalOnly() || traditional && !flags.has(issueSimpSeen)
		canon = appendChinese(buf[:0], f, trad)
		flags = locatorIssues(flags, specs[matchedSpec], f.chineseLocator())
	}
	// The token is usually canonical already: keep it rather than copy.
	if res.Canonical = token; string(canon) != token {
		res.Canonical = string(canon)
	}
	for k := IssueMissingQualifier; k < IssueNotationMismatch; k++ {
		if flags.has(k) {
			res.Issues = append(res.Issues, Issue{Kind: k})
		}
	}
	if len(res.Issues) == 0 && token != res.Canonical {
		res.Issues = append(res.Issues, Issue{Kind: IssueNonCanonical})
	}
	return res
}

// AppendMove appends the resolved move in style s, as Position.AppendMove
// writes it in the position the move was read in (which need not be kept);
// it appends nothing when the token did not resolve.
func (r *Resolution) AppendMove(dst []byte, s Style) []byte {
	if r.Move == NoMove {
		return dst
	}
	return r.facts.appendTo(dst, s)
}

// locatorIssues compares how the token and the canonical text pick the piece.
func locatorIssues(flags issueSet, got moveSpec, canon locKind) issueSet {
	if got.loc == canon {
		return flags
	}
	if got.loc == locFile {
		flags.add(IssueMissingQualifier)
	} else {
		flags.add(IssueTandemStyle)
	}
	return flags
}

// hasFile reports whether the spec names the piece's file.
func (sp *moveSpec) hasFile() bool {
	switch sp.loc {
	case locFile, locFileQual, locFileMiddle, locFileOrdinal:
		return true
	}
	return false
}

// matchSpecs finds the legal moves fitting the interpretations, trying them
// in priority order: the first interpretation that fits any legal move
// decides. When none fits, exposing lists the pseudo-legal moves that fit
// (they break only the king-safety rule), to explain the illegality. The
// legal moves are appended to dst; f describes the first of them.
//
// Nothing is rendered and no move list is generated: for each piece of the
// spec's kind (on its file, when it names one) the action and target give
// the one square it would move to; where the piece stands among its like is
// worked out only when that move obeys the movement rules.
func (p *Position) matchSpecs(specs []moveSpec, dst []Move) (legal, exposing []Move, which int, f moveFacts) {
	var guard safetyGuard
	guarded := false
	for i := range specs {
		sp := &specs[i]
		pc := NewPiece(p.side, sp.kind)
		first, step := Square(0), Square(1)
		if sp.hasFile() {
			if sp.file < 1 || sp.file > 9 {
				continue
			}
			first, step = Square(boardFile(p.side, sp.file)), 9
		}
		legal = dst
		for s := first; s < NumSquares; s += step {
			if p.board[s] != pc {
				continue
			}
			to := destination(s, p.side, sp.kind, sp.act, sp.target)
			if to == NoSquare || !p.pseudoLegal(s, to) {
				continue
			}
			m := NewMove(s, to)
			loc := p.locate(s, pc)
			loc.move, loc.act, loc.target = m, sp.act, sp.target
			if !sp.matches(&loc) {
				continue
			}
			if !guarded {
				guard, guarded = p.newSafetyGuard(), true
			}
			if guard.safe(p, m) {
				if len(legal) == len(dst) {
					f = loc
				}
				legal = append(legal, m)
			} else if !slices.Contains(exposing, m) {
				exposing = append(exposing, m)
			}
		}
		if len(legal) > len(dst) {
			return legal, nil, i, f
		}
	}
	return nil, exposing, -1, moveFacts{}
}

// boardFile converts colour c's file number (1-9, from its right hand) to
// a board file (0-8 = a-i): the inverse of fileNumber.
func boardFile(c Color, n int) int {
	if c == Red {
		return 9 - n
	}
	return n - 1
}

// destination is the one square to which a piece of colour c and kind k on
// s moves with action act and target t (a file number for a sideways move
// or a piece that moves diagonally, else a number of ranks), or NoSquare
// when no square fits. shape is its inverse.
func destination(s Square, c Color, k Kind, act action, t int) Square {
	if t < 1 || t > 9 {
		return NoSquare
	}
	x, y := int(fileOf[s]), int(rankOf[s])
	fwd := 1
	if c == Black {
		fwd = -1
	}
	if act == actBackward {
		fwd = -fwd
	}
	switch {
	case isDiagonalMover(k):
		if act == actSideways {
			return NoSquare
		}
		tx := boardFile(c, t)
		dx := abs(tx - x)
		var dy int
		switch {
		case k == Advisor && dx == 1:
			dy = 1
		case k == Elephant && dx == 2:
			dy = 2
		case k == Horse && (dx == 1 || dx == 2):
			dy = 3 - dx
		default:
			return NoSquare
		}
		x, y = tx, y+dy*fwd
	case act == actSideways:
		x = boardFile(c, t)
	case act == actForward, act == actBackward:
		y += t * fwd
	default:
		return NoSquare
	}
	if !onBoard(x, y) || SquareAt(x, y) == s {
		return NoSquare
	}
	return SquareAt(x, y)
}

// pseudoLegal reports whether the piece on from may move to to by the
// movement rules (the king's safety aside): whether pseudoMovesFrom lists
// the move, found without listing.
func (p *Position) pseudoLegal(from, to Square) bool {
	b := &p.board
	pc := b[from]
	us := pc.Color()
	if q := b[to]; q != NoPiece && q.Color() == us {
		return false
	}
	switch pc.Kind() {
	case King:
		return slices.Contains(kingSteps[from], to)
	case Advisor:
		return slices.Contains(advisorSteps[from], to)
	case Elephant:
		for _, e := range elephantSteps[from] {
			if e.to == to {
				return b[e.leg] == NoPiece
			}
		}
	case Horse:
		for _, h := range horseSteps[from] {
			if h.to == to {
				return b[h.leg] == NoPiece
			}
		}
	case Pawn:
		return slices.Contains(pawnSteps[us][from], to)
	case Chariot, Cannon:
		d := lineDir(from, to)
		if d < 0 {
			return false
		}
		between := 0
		for _, s := range rays[from][d] {
			if s == to {
				break
			}
			if b[s] != NoPiece {
				between++
			}
		}
		if pc.Kind() == Cannon && b[to] != NoPiece {
			return between == 1
		}
		return between == 0
	}
	return false
}

// isPseudoLegal reports whether m obeys the piece movement rules.
func (p *Position) isPseudoLegal(m Move) bool {
	from := m.From()
	if from < 0 || from >= NumSquares || p.board[from] == NoPiece || p.board[from].Color() != p.side {
		return false
	}
	var buf [32]Move
	return slices.Contains(p.pseudoMovesFrom(from, buf[:0]), m)
}
