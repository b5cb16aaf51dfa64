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
	class     cnClass
	val       int  // numeral/digit value, action, or qualifier
	kind      Kind // pieces
	side      int8 // pieces: 0 Red only, 1 Black only, -1 either
	script    uint8
	variant   bool // uncommon piece glyph
	lenient   bool // 上/下
	fullWidth bool // digits
}

var cnSymbols = map[rune]cnSym{}

func init() {
	piece := func(r rune, k Kind, side int8, script uint8, variant bool) {
		cnSymbols[r] = cnSym{class: cnPiece, kind: k, side: side, script: script, variant: variant}
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
		cnSymbols[r] = cnSym{class: cnNumeral, val: i + 1}
	}
	for i := 1; i <= 9; i++ {
		cnSymbols[rune('0'+i)] = cnSym{class: cnDigit, val: i}
		cnSymbols[rune('０'+i)] = cnSym{class: cnDigit, val: i, fullWidth: true}
	}
	cnSymbols['进'] = cnSym{class: cnAction, val: int(actForward), script: scriptSimplified}
	cnSymbols['進'] = cnSym{class: cnAction, val: int(actForward), script: scriptTraditional}
	cnSymbols['上'] = cnSym{class: cnAction, val: int(actForward), lenient: true}
	cnSymbols['退'] = cnSym{class: cnAction, val: int(actBackward)}
	cnSymbols['下'] = cnSym{class: cnAction, val: int(actBackward), lenient: true}
	cnSymbols['平'] = cnSym{class: cnAction, val: int(actSideways)}
	cnSymbols['前'] = cnSym{class: cnQual, val: qualFront}
	cnSymbols['中'] = cnSym{class: cnQual, val: qualMiddle}
	cnSymbols['后'] = cnSym{class: cnQual, val: qualRear, script: scriptSimplified}
	cnSymbols['後'] = cnSym{class: cnQual, val: qualRear, script: scriptTraditional}
}

// isChineseMoveRune reports whether r is a character specific to Chinese
// notation (digits excluded: they are shared with WXF and ICCS).
func isChineseMoveRune(r rune) bool {
	s, ok := cnSymbols[r]
	return ok && s.class != cnDigit
}

// parseChinese decodes a Chinese token (spaces removed) for side c.
func parseChinese(text string, c Color) (moveSpec, issueSet, bool) {
	var syms [6]cnSym
	n := 0
	for _, r := range text {
		s, ok := cnSymbols[r]
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
func parseWXF(t string) ([]moveSpec, issueSet, bool) {
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
			return []moveSpec{sp}, flags, true
		}
		if letter(b) { // +C-2: qualifier before the letter
			sp.loc, sp.qual = locQual, q
			flags.add(IssueWXFPrefixTandem)
			return []moveSpec{sp}, flags, true
		}
		return nil, 0, false
	}
	if isDigit19(a) {
		sp.kind, sp.file = Pawn, int(a-'0')
		if q, ok := qual(b); ok { // 3+.4
			sp.loc, sp.qual = locFileQual, q
			return []moveSpec{sp}, flags, true
		}
		if !isDigit19(b) {
			return nil, 0, false
		}
		var specs []moveSpec
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
	return []moveSpec{sp}, flags, true
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
	if !strings.ContainsFunc(s, unicode.IsSpace) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
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
	var specs []moveSpec
	var flags issueSet
	var iccsMove Move
	ok := false
	switch res.Notation {
	case Chinese:
		var sp moveSpec
		sp, flags, ok = parseChinese(text, p.side)
		specs = []moveSpec{sp}
	case WXF:
		folded, wide, _ := asciiFold(text)
		specs, flags, ok = parseWXF(folded)
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

	var matched, exposing []Move
	matchedSpec := -1
	if res.Notation == ICCS {
		if p.IsLegal(iccsMove) {
			matched = []Move{iccsMove}
		} else if p.isPseudoLegal(iccsMove) {
			exposing = []Move{iccsMove}
		}
	} else {
		matched, exposing, matchedSpec = p.matchSpecs(specs)
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
		res.Issues = []Issue{{Kind: IssueAmbiguous, Candidates: matched}}
		return res
	}
	m := matched[0]
	res.Move = m
	f := p.facts(m)
	switch res.Notation {
	case ICCS:
		res.Canonical = p.FormatMove(m, StyleICCS)
	case WXF:
		res.Canonical = formatWXF(f)
		canon, _, _ := parseWXF(res.Canonical)
		flags = locatorIssues(flags, specs[matchedSpec], canon[0])
	case Chinese:
		trad := flags.traditionalOnly() || traditional && !flags.has(issueSimpSeen)
		res.Canonical = formatChinese(f, trad)
		canon, _, _ := parseChinese(res.Canonical, p.side)
		flags = locatorIssues(flags, specs[matchedSpec], canon)
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

// locatorIssues compares how the token and the canonical text pick the piece.
func locatorIssues(flags issueSet, got, canon moveSpec) issueSet {
	if got.loc == canon.loc {
		return flags
	}
	if got.loc == locFile {
		flags.add(IssueMissingQualifier)
	} else {
		flags.add(IssueTandemStyle)
	}
	return flags
}

// matchSpecs finds the legal moves fitting the interpretations, trying them
// in priority order: the first interpretation that fits any legal move
// decides. When none fits, exposing lists the pseudo-legal moves that fit
// (they break only the king-safety rule), to explain the illegality.
func (p *Position) matchSpecs(specs []moveSpec) (legal, exposing []Move, which int) {
	var buf [64]Move
	guard := p.newSafetyGuard()
	for i := range specs {
		pseudo := p.pseudoMovesOfKind(specs[i].kind, buf[:0])
		for _, m := range pseudo {
			f := p.facts(m)
			if !specs[i].matches(&f) {
				continue
			}
			if guard.safe(p, m) {
				legal = append(legal, m)
			} else if !slices.Contains(exposing, m) {
				exposing = append(exposing, m)
			}
		}
		if len(legal) > 0 {
			return legal, nil, i
		}
	}
	return nil, exposing, -1
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
