package chess

import "strings"

// This file is the lenient SAN resolver. The token is first cut into its
// parts (piece letter, origin file/rank, capture mark, square, promotion,
// suffixes) without deciding what they mean; "readings" then map the
// letters to pieces (English first, then lower case, then the §17
// languages) and are matched against the legal moves generated once. The
// winning move's canonical SAN is compared with the token part by part, so
// that every difference becomes an Issue and nothing is reinterpreted
// silently. For canonical SAN, the common case, nothing is allocated.

type tokenKind uint8

const (
	tokMove tokenKind = iota
	tokCastle
	tokNull
	tokSyntax
)

// sanToken is a token cut into parts; offsets index sanToken.text.
type sanToken struct {
	text    string
	kind    tokenKind
	bodyEnd int // text[:bodyEnd] is the token without check and e.p. suffixes

	check                int // checkNone … checkOther, as written
	checkStart, checkEnd int
	epStart, epEnd       int // an "e.p."/"ep" suffix when epEnd > epStart

	castleSide                             CastleSide
	castleZeros, castleLower, castleDashes bool // castleDashes: dashes as in O-O

	pieceByte          byte      // the ASCII piece letter, 0 if none
	figurine           PieceType // a figurine instead of a letter
	fromFile, fromRank int       // -1 when not written
	disStart, disEnd   int       // span of the written origin file/rank
	sep                byte      // 'x', ':', '-' or 0
	sepPos             int
	to                 Square
	toStart            int
	promoByte          byte
	promoFigurine      PieceType
	promoEq            bool
	promoStart         int // where '=' or the promotion letter starts
	promoEnd           int
}

func isFileByte(c byte) bool    { return c >= 'a' && c <= 'h' }
func isRankByte(c byte) bool    { return c >= '1' && c <= '8' }
func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// figurineAt decodes a chess figurine (U+2654 … U+265F, 3 bytes in UTF-8)
// starting at s[i]; colour is ignored, as writers mix them freely.
func figurineAt(s string, i int) PieceType {
	if i >= 0 && i+3 <= len(s) && s[i] == 0xE2 && s[i+1] == 0x99 && s[i+2] >= 0x94 && s[i+2] <= 0x9F {
		return [6]PieceType{King, Queen, Rook, Bishop, Knight, Pawn}[(s[i+2]-0x94)%6]
	}
	return NoPieceType
}

func parseSANToken(text string) sanToken {
	t := sanToken{text: text, fromFile: -1, fromRank: -1}
	end := len(text)
	for end > 0 {
		if c := text[end-1]; c == '+' || c == '#' {
			start := end - 1
			for start > 0 && (text[start-1] == '+' || text[start-1] == '#') {
				start--
			}
			mark := checkOther
			if t.checkEnd == 0 {
				switch text[start:end] {
				case "+":
					mark = checkCheck
				case "#":
					mark = checkMate
				}
				t.checkEnd = end
			}
			t.check, t.checkStart = mark, start
			end = start
			continue
		}
		if n := epSuffixLen(text[:end]); n > 0 && t.epEnd == 0 {
			t.epStart, t.epEnd = end-n, end
			end -= n
			continue
		}
		break
	}
	t.bodyEnd = end
	body := text[:end]
	switch body {
	case "--", "Z0", "0000", "@@@@":
		t.kind = tokNull
		return t
	}
	if parseCastling(body, &t) {
		t.kind = tokCastle
		return t
	}
	t.kind = tokSyntax
	i := len(body)
	t.promoEnd = i
	if pt := figurineAt(body, i-3); pt != NoPieceType {
		t.promoFigurine = pt
		i -= 3
	} else if i > 0 && isASCIILetter(body[i-1]) {
		t.promoByte = body[i-1]
		i--
	}
	if t.promoByte != 0 || t.promoFigurine != 0 {
		if i > 0 && body[i-1] == '=' {
			t.promoEq = true
			i--
		}
	}
	t.promoStart = i
	if i < 2 || !isFileByte(body[i-2]) || !isRankByte(body[i-1]) {
		return t
	}
	t.to = SquareAt(int(body[i-2]-'a'), int(body[i-1]-'1'))
	t.toStart = i - 2
	i -= 2
	t.sepPos = i
	if i > 0 && (body[i-1] == 'x' || body[i-1] == ':' || body[i-1] == '-') {
		t.sep = body[i-1]
		i--
		t.sepPos = i
	}
	t.disEnd = i
	if i > 0 && isRankByte(body[i-1]) {
		t.fromRank = int(body[i-1] - '1')
		i--
	}
	if i > 0 && isFileByte(body[i-1]) {
		t.fromFile = int(body[i-1] - 'a')
		i--
	}
	t.disStart = i
	switch {
	case i == 0:
	case i == 1 && isASCIILetter(body[0]):
		t.pieceByte = body[0]
	case i == 3 && figurineAt(body, 0) != NoPieceType:
		t.figurine = figurineAt(body, 0)
	default:
		return t
	}
	t.kind = tokMove
	return t
}

// epSuffixLen returns the length of an "e.p."-style suffix at the end of s
// (only after a rank digit, so that it cannot eat part of a move).
func epSuffixLen(s string) int {
	for _, suf := range [...]string{"e.p.", "e.p", "ep"} {
		if n := len(s) - len(suf); n > 0 && s[n:] == suf && isRankByte(s[n-1]) {
			return len(suf)
		}
	}
	return 0
}

// parseCastling accepts O-O and O-O-O spelled with O, 0 or o, with or without dashes.
func parseCastling(body string, t *sanToken) bool {
	letters, dashes := 0, 0
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case 'O':
		case '0':
			t.castleZeros = true
		case 'o':
			t.castleLower = true
		case '-':
			if i == 0 || i == len(body)-1 || body[i-1] == '-' {
				return false
			}
			dashes++
			continue
		default:
			return false
		}
		letters++
	}
	if letters != 2 && letters != 3 {
		return false
	}
	t.castleSide = KingSide
	if letters == 3 {
		t.castleSide = QueenSide
	}
	t.castleDashes = dashes == letters-1
	return true
}

// reading is one interpretation of a token's letters.
type reading struct {
	piece              PieceType // NoPieceType: any piece (coordinate notation)
	fromFile, fromRank int
	promo              PieceType // NoPieceType when none is written
	badPromo           bool      // the promotion letter names a king or a pawn
	lowercase          bool      // n, r, q, k (or p) used as a piece letter
	bishopOrPawn       bool      // the b-file pawn reading's bishop twin
	langs              Languages // letters of these §17 languages
	pawnLetter         bool      // the pawn was written with a letter
}

// matchResult is what a reading matched among some moves.
type matchResult struct {
	moves         []Move
	promoMissing  bool // the moves are promotions; none was written
	promoSpurious bool // a promotion was written; the moves do not promote
	badPromo      bool // only promotions match, to a piece one cannot promote to
	castleAsKing  bool // castling written as a king move
}

// match selects the moves of list that r describes; buf provides storage.
func (p *Position) match(t *sanToken, r *reading, list []Move, buf []Move) matchResult {
	moves := buf[:0]
	captureWritten := t.sep == 'x' || t.sep == ':'
	for _, m := range list {
		if m.To() != t.to || m.IsCastle() {
			continue
		}
		from := m.From()
		pt := p.board[from].Type()
		if r.piece != NoPieceType && pt != r.piece ||
			r.fromFile >= 0 && from.File() != r.fromFile ||
			r.fromRank >= 0 && from.Rank() != r.fromRank {
			continue
		}
		// A pawn written without its file moves straight ahead, unless a
		// capture mark says it captures (then any file: "xd5").
		if pt == Pawn && r.piece == Pawn && r.fromFile < 0 && captureWritten == (from.File() == m.To().File()) {
			continue
		}
		moves = append(moves, m)
	}
	res := matchResult{moves: moves}
	if len(moves) > 0 {
		if r.badPromo {
			return matchResult{moves: moves, badPromo: true}
		}
		n := 0
		for _, m := range moves {
			if m.Promotion() == r.promo {
				moves[n] = m
				n++
			}
		}
		switch {
		case n > 0:
			res.moves = moves[:n]
		case r.promo == NoPieceType:
			res.promoMissing = true
		default:
			res.promoSpurious = true
		}
		return res
	}
	// Castling written as the king's move: to its target square, or onto
	// the rook (the Chess960 convention), when no ordinary king move fits.
	if r.piece != King && r.piece != NoPieceType || r.promo != NoPieceType {
		return res
	}
	for _, m := range list {
		if !m.IsCastle() {
			continue
		}
		from := m.From()
		kingTo, _ := castleTargets(p.side, castleSideOf(m))
		if (t.to == kingTo || t.to == m.To()) &&
			(r.fromFile < 0 || from.File() == r.fromFile) && (r.fromRank < 0 || from.Rank() == r.fromRank) {
			res.moves = append(res.moves, m)
			res.castleAsKing = true
		}
	}
	return res
}

// englishReading reads the token with English letters (upper or lower
// case); ok is false when its letters are not English.
func englishReading(t *sanToken) (r reading, ok bool) {
	r = reading{fromFile: t.fromFile, fromRank: t.fromRank}
	switch {
	case t.figurine != NoPieceType:
		r.piece = t.figurine
	case t.pieceByte == 0:
		r.piece = Pawn
		if t.fromFile >= 0 && t.fromRank >= 0 {
			r.piece = NoPieceType // coordinate notation names squares only
		}
	default:
		pt := English.pieceIn(upper(t.pieceByte))
		if pt == NoPieceType {
			return r, false
		}
		r.piece = pt
		r.lowercase = t.pieceByte >= 'a'
		r.pawnLetter = pt == Pawn
	}
	switch {
	case t.promoFigurine != NoPieceType:
		r.promo = t.promoFigurine
	case t.promoByte != 0:
		r.promo = English.pieceIn(upper(t.promoByte))
		if r.promo == NoPieceType {
			return r, false
		}
	}
	r.badPromo = r.promo == King || r.promo == Pawn
	return r, true
}

// localizedReading reads the token's upper-case letters in language l.
func localizedReading(t *sanToken, l Language) (r reading, ok bool) {
	r = reading{fromFile: t.fromFile, fromRank: t.fromRank, langs: 1 << l}
	switch {
	case t.figurine != NoPieceType:
		return r, false
	case t.pieceByte == 0:
		r.piece = Pawn
		if t.fromFile >= 0 && t.fromRank >= 0 {
			r.piece = NoPieceType
		}
	default:
		if r.piece = l.pieceIn(t.pieceByte); r.piece == NoPieceType {
			return r, false
		}
		r.pawnLetter = r.piece == Pawn
	}
	switch {
	case t.promoFigurine != NoPieceType:
		r.promo = t.promoFigurine
	case t.promoByte != 0:
		if r.promo = l.pieceIn(t.promoByte); r.promo == NoPieceType {
			return r, false
		}
	}
	r.badPromo = r.promo == King || r.promo == Pawn
	return r, true
}

// ParseSAN resolves a SAN token (annotation glyphs such as ! and ? already
// removed) against the legal moves of p. It accepts canonical SAN and the
// usual deviations, and reports each deviation as an Issue; Move is set
// only when exactly one legal move fits. For canonical SAN it does not
// allocate and Resolution.SAN is text itself.
func (p *Position) ParseSAN(text string) Resolution {
	return p.ParseSANLanguages(text, AllLanguages)
}

// AllLanguages is the set of every §17 language.
const AllLanguages Languages = 1<<numLanguages - 1

// ParseSANLanguages is ParseSAN trying only the given §17 languages for
// foreign piece letters. A caller that has seen a game use one language
// (the Languages of an earlier IssueLocalizedPiece) can pass it to settle
// letters that mean different pieces in different languages (S is a knight
// in German, a bishop in Czech).
func (p *Position) ParseSANLanguages(text string, langs Languages) Resolution {
	t := parseSANToken(text)
	switch t.kind {
	case tokNull:
		return Resolution{Move: NullMove, SAN: "--", Issues: []Issue{{Kind: IssueNullMove, End: t.bodyEnd}}}
	case tokSyntax:
		return Resolution{Issues: []Issue{{Kind: IssueSyntax, End: len(text)}}}
	}
	if m, ok := p.canonicalFast(&t); ok {
		return Resolution{Move: m, SAN: text}
	}
	// The long way: every legal move, generated once for all readings.
	var buf [MaxMoves]Move
	legal := p.genLegal(buf[:0])
	if t.kind == tokCastle {
		return p.resolveCastling(&t, legal)
	}
	return p.resolveMove(&t, legal, langs)
}

// canonicalFast resolves a token that is canonical SAN for a piece or pawn
// move, asking only for the legal moves of that piece kind to that square.
// Anything else (including the b-pawn/bishop question) goes the long way.
func (p *Position) canonicalFast(t *sanToken) (Move, bool) {
	if t.kind != tokMove || t.pieceByte == 0 && t.fromFile == 1 {
		return NoMove, false
	}
	r, ok := englishReading(t)
	if !ok || r.piece == NoPieceType || r.lowercase || r.pawnLetter {
		return NoMove, false
	}
	var moves, matched [32]Move
	rivals := p.movesTo(t.to, r.piece, moves[:0])
	res := p.match(t, &r, rivals, matched[:0])
	if len(res.moves) != 1 || res.promoMissing || res.promoSpurious || res.badPromo || res.castleAsKing {
		return NoMove, false
	}
	if r.piece == Pawn {
		rivals = nil // a pawn's disambiguation is its capture
	}
	sp := p.sanPartsWith(res.moves[0], rivals)
	var sb [16]byte
	if string(sp.appendTo(sb[:0])) != t.text {
		return NoMove, false
	}
	return res.moves[0], true
}

func (p *Position) resolveCastling(t *sanToken, legal []Move) Resolution {
	for _, m := range legal {
		if m.IsCastle() && castleSideOf(m) == t.castleSide {
			var issues []Issue
			whole := func(k IssueKind) { issues = append(issues, Issue{Kind: k, End: t.bodyEnd}) }
			if t.castleZeros {
				whole(IssueCastlingZeros)
			}
			if t.castleLower {
				whole(IssueCastlingLowercase)
			}
			if !t.castleDashes {
				whole(IssueCastlingStyle)
			}
			return p.finish(t, m, issues, nil, matchResult{})
		}
	}
	iss := Issue{Kind: IssueIllegal, End: t.bodyEnd}
	iss.Reason, iss.Candidates = p.whyNoCastling(t.castleSide)
	return Resolution{Issues: []Issue{iss}}
}

// whyNoCastling explains why the side to move cannot castle on side.
func (p *Position) whyNoCastling(side CastleSide) (IllegalReason, []Move) {
	us := p.side
	rook := p.castleRook[us][side]
	switch {
	case rook == NoSquare:
		q := *p
		q.side, q.ep = us.Other(), NoSquare
		var buf [MaxMoves]Move
		for _, m := range q.genLegal(buf[:0]) {
			if m.IsCastle() && castleSideOf(m) == side {
				return ReasonWrongSide, []Move{m}
			}
		}
		return ReasonNoCastlingRight, nil
	case p.IsCheck():
		return ReasonInCheck, nil
	case p.castlePathBlocked(us, side, rook):
		return ReasonCastlingBlocked, nil
	}
	return ReasonCastlingThroughCheck, nil
}

func (p *Position) resolveMove(t *sanToken, legal []Move, langs Languages) Resolution {
	var buf1, buf2 [32]Move
	r, ok := englishReading(t)
	var res matchResult
	if ok {
		res = p.match(t, &r, legal, buf1[:0])
		switch {
		case t.pieceByte == 0 && t.fromFile == 1 && t.fromRank < 0 && t.figurine == 0:
			return p.bishopOrPawn(t, legal, r, res, buf2[:0])
		case len(res.moves) == 1 && !res.promoMissing && !res.badPromo:
			return p.finish(t, res.moves[0], nil, &r, res)
		case len(res.moves) > 0:
			return p.unresolved(t, &r, res)
		}
	}
	// Other languages' letters: always for letters English does not have;
	// for English letters (B is a pawn in German, R a king in French) only
	// when the caller knows the game's language, since otherwise a
	// mistyped English move would be silently read as another move.
	upperLetters := (t.pieceByte == 0 || t.pieceByte >= 'A' && t.pieceByte <= 'Z') &&
		(t.promoByte == 0 || t.promoByte >= 'A' && t.promoByte <= 'Z')
	if upperLetters && (!ok || langs != AllLanguages) {
		if out, found := p.resolveLocalized(t, legal, langs, ok, r); found {
			return out
		}
	}
	if ok {
		return Resolution{Issues: []Issue{p.explainIllegal(t, &r)}}
	}
	// A letter English does not know: try to explain with the languages
	// that do know it.
	var knowing Languages
	var first reading
	for l := Language(0); l < numLanguages; l++ {
		if lr, ok := localizedReading(t, l); ok && langs.Has(l) {
			if knowing == 0 {
				first = lr
			}
			knowing |= 1 << l
		}
	}
	if knowing == 0 {
		return Resolution{Issues: []Issue{{Kind: IssueUnknownPiece, Start: 0, End: t.bodyEnd}}}
	}
	pieceStart, pieceEnd := t.letterSpan()
	return Resolution{Issues: []Issue{
		{Kind: IssueLocalizedPiece, Start: pieceStart, End: pieceEnd, Languages: knowing},
		p.explainIllegal(t, &first),
	}}
}

// letterSpan returns the span of the letter that named a piece in another
// language: the piece letter, or else the promotion letter.
func (t *sanToken) letterSpan() (int, int) {
	if t.pieceByte != 0 {
		return 0, 1
	}
	return t.promoEnd - 1, t.promoEnd
}

// bishopOrPawn settles a token starting with a lower-case b and no origin
// rank ("bc4", "bxc4"): a b-pawn capture, or a bishop move in lower case.
// The question is reported only when the bishop reading gives a legal move.
func (p *Position) bishopOrPawn(t *sanToken, legal []Move, pawn reading, pawnRes matchResult, buf []Move) Resolution {
	bishop := reading{piece: Bishop, fromFile: -1, fromRank: -1, bishopOrPawn: true}
	var bishopRes matchResult
	if t.promoByte == 0 && t.promoFigurine == 0 { // bishops do not promote
		bishopRes = p.match(t, &bishop, legal, buf)
	}
	pawnOK := len(pawnRes.moves) == 1 && !pawnRes.promoMissing && !pawnRes.badPromo
	switch {
	case len(bishopRes.moves) == 0 && pawnOK:
		return p.finish(t, pawnRes.moves[0], nil, &pawn, pawnRes)
	case len(bishopRes.moves) == 0 && len(pawnRes.moves) > 0:
		return p.unresolved(t, &pawn, pawnRes)
	case len(bishopRes.moves) == 0:
		return Resolution{Issues: []Issue{p.explainIllegal(t, &pawn)}}
	case pawnOK:
		var sb [16]byte
		sp := p.sanPartsOf(pawnRes.moves[0])
		if strings.TrimRight(string(sp.appendTo(sb[:0])), "+#") == t.text[:t.bodyEnd] {
			// bxc4 written as SAN writes the pawn capture, check mark aside:
			// the pawn move, with any check-mark issue.
			return p.finish(t, pawnRes.moves[0], nil, &pawn, pawnRes)
		}
	case len(pawnRes.moves) == 0 && len(bishopRes.moves) == 1:
		issues := []Issue{{Kind: IssueBishopOrPawn, End: 1}}
		return p.finish(t, bishopRes.moves[0], issues, &bishop, bishopRes)
	}
	all := append(append([]Move(nil), pawnRes.moves...), bishopRes.moves...)
	return Resolution{Issues: []Issue{
		{Kind: IssueBishopOrPawn, End: 1, Candidates: all},
		{Kind: IssueAmbiguous, End: t.bodyEnd, Candidates: all},
	}}
}

// unresolved reports a reading that matched several moves (or the four
// promotions of a pawn move written without a piece).
func (p *Position) unresolved(t *sanToken, r *reading, res matchResult) Resolution {
	cands := append([]Move(nil), res.moves...)
	var issues []Issue
	switch {
	case r.langs != 0:
		s, e := t.letterSpan()
		issues = append(issues, Issue{Kind: IssueLocalizedPiece, Start: s, End: e, Languages: r.langs})
	case r.lowercase:
		issues = append(issues, Issue{Kind: IssueLowercasePiece, End: 1})
	}
	switch {
	case res.badPromo:
		issues = append(issues, Issue{Kind: IssueIllegal, Reason: ReasonBadPromotion, Start: t.promoStart, End: t.promoEnd, Candidates: cands})
	case res.promoMissing:
		issues = append(issues, Issue{Kind: IssuePromotionMissing, Start: t.toStart + 2, End: t.toStart + 2, Candidates: cands})
	default:
		issues = append(issues, Issue{Kind: IssueAmbiguous, End: t.bodyEnd, Candidates: cands})
	}
	return Resolution{Issues: issues}
}

// resolveLocalized tries the letters of the §17 languages. It resolves only
// when all languages that give any legal move agree on exactly one; found
// is false when none gives a move.
func (p *Position) resolveLocalized(t *sanToken, legal []Move, allowed Languages, englishOK bool, english reading) (Resolution, bool) {
	type group struct {
		r   reading
		res matchResult
	}
	var groups []group
	for l := Language(0); l < numLanguages; l++ {
		if l == English || !allowed.Has(l) {
			continue
		}
		r, ok := localizedReading(t, l)
		if !ok || englishOK && r.piece == english.piece && r.promo == english.promo {
			continue
		}
		merged := false
		for i := range groups {
			if groups[i].r.piece == r.piece && groups[i].r.promo == r.promo {
				groups[i].r.langs |= r.langs
				merged = true
			}
		}
		if merged {
			continue
		}
		res := p.match(t, &r, legal, nil)
		if len(res.moves) > 0 {
			groups = append(groups, group{r, res})
		} else {
			// Remember the mapping so other languages sharing it are skipped.
			groups = append(groups, group{r: r})
		}
	}
	var live []group
	for _, g := range groups {
		if len(g.res.moves) > 0 {
			live = append(live, g)
		}
	}
	switch {
	case len(live) == 0:
		return Resolution{}, false
	case len(live) == 1 && len(live[0].res.moves) == 1 && !live[0].res.promoMissing && !live[0].res.badPromo:
		g := live[0]
		return p.finish(t, g.res.moves[0], nil, &g.r, g.res), true
	case len(live) == 1:
		return p.unresolved(t, &live[0].r, live[0].res), true
	}
	var langs Languages
	var cands []Move
	for _, g := range live {
		langs |= g.r.langs
		cands = append(cands, g.res.moves...)
	}
	s, e := t.letterSpan()
	return Resolution{Issues: []Issue{
		{Kind: IssueLocalizedPiece, Start: s, End: e, Languages: langs},
		{Kind: IssueAmbiguous, End: t.bodyEnd, Candidates: cands},
	}}, true
}

// explainIllegal says why no legal move fits reading r.
func (p *Position) explainIllegal(t *sanToken, r *reading) Issue {
	iss := Issue{Kind: IssueIllegal, End: t.bodyEnd}
	if r.badPromo {
		iss.Reason = ReasonBadPromotion
		iss.Start, iss.End = t.promoStart, t.promoEnd
		return iss
	}
	var buf [MaxMoves]Move
	var mbuf [32]Move
	pseudo := p.pseudoLegalMoves(buf[:0])
	if res := p.match(t, r, pseudo, mbuf[:0]); len(res.moves) > 0 && !res.castleAsKing {
		m := res.moves[0]
		switch {
		case p.board[m.From()].Type() == King:
			iss.Reason = ReasonKingIntoCheck
		case p.IsCheck():
			iss.Reason = ReasonInCheck
		default:
			iss.Reason = ReasonPinned
		}
		iss.Candidates = append([]Move(nil), res.moves...)
		return iss
	}
	// A king move two files along its first rank (Kg1, e1g1) meant castling.
	ksq := p.king[p.side]
	if (r.piece == King || r.piece == NoPieceType && r.fromFile == ksq.File() && r.fromRank == ksq.Rank()) &&
		ksq.Rank() == backRank(p.side) && t.to.Rank() == ksq.Rank() {
		for side := KingSide; side <= QueenSide; side++ {
			if kingTo, _ := castleTargets(p.side, side); kingTo == t.to && kingTo != ksq {
				iss.Reason, iss.Candidates = p.whyNoCastling(side)
				return iss
			}
		}
	}
	q := *p
	q.side, q.ep = p.side.Other(), NoSquare
	other := q.genLegal(buf[:0])
	if res := q.match(t, r, other, mbuf[:0]); len(res.moves) > 0 {
		iss.Reason = ReasonWrongSide
		iss.Candidates = append([]Move(nil), res.moves...)
		return iss
	}
	pieces := p.byCol[p.side]
	if r.piece != NoPieceType {
		pieces &= p.byType[r.piece]
	}
	for b := pieces; b != 0; {
		s := b.pop()
		if r.fromFile >= 0 && s.File() != r.fromFile || r.fromRank >= 0 && s.Rank() != r.fromRank {
			pieces &^= squareBB(s)
		}
	}
	iss.Reason = ReasonUnreachable
	if pieces == 0 {
		iss.Reason = ReasonNoPiece
	}
	return iss
}

// finish builds the resolution of the move m: the canonical SAN and, when
// the token differs from it, the issues. r is nil for castling tokens.
func (p *Position) finish(t *sanToken, m Move, issues []Issue, r *reading, res matchResult) Resolution {
	sp := p.sanPartsOf(m)
	var sb [16]byte
	canon := sp.appendTo(sb[:0])
	if len(issues) == 0 && string(canon) == t.text {
		return Resolution{Move: m, SAN: t.text}
	}
	if r != nil {
		issues = p.moveIssues(t, r, &sp, res, issues)
	}
	if t.epEnd > t.epStart {
		issues = append(issues, Issue{Kind: IssueEnPassantSuffix, Start: t.epStart, End: t.epEnd})
	}
	if !(t.check == checkNone && hasKind(issues, IssueUCI)) {
		// Coordinate notation has no check marks: none missing is reported.
		issues = checkIssues(t, sp.check, issues)
	}
	if len(issues) == 0 {
		issues = append(issues, Issue{Kind: IssueNonCanonical, End: len(t.text)})
	}
	return Resolution{Move: m, SAN: string(canon), Issues: issues}
}

// moveIssues compares the written parts of a (non-castling) token with the
// canonical SAN parts of the move it was resolved to.
func (p *Position) moveIssues(t *sanToken, r *reading, sp *sanParts, res matchResult, issues []Issue) []Issue {
	add := func(k IssueKind, start, end int) {
		issues = append(issues, Issue{Kind: k, Start: start, End: end})
	}
	fullFrom := t.fromFile >= 0 && t.fromRank >= 0
	letter := t.pieceByte != 0 || t.figurine != NoPieceType
	uci := fullFrom && !letter && t.sep == 0
	long := t.sep == '-' || fullFrom && t.sep != 0 && !(sp.disFile && sp.disRank)
	pieceEnd := t.disStart

	switch {
	case r.langs != 0:
		s, e := t.letterSpan()
		issues = append(issues, Issue{Kind: IssueLocalizedPiece, Start: s, End: e, Languages: r.langs})
		if r.pawnLetter {
			add(IssuePawnLetter, 0, pieceEnd)
		}
	case r.bishopOrPawn:
		// already reported by the caller
	case t.figurine != NoPieceType:
		add(IssueFigurine, 0, pieceEnd)
	case r.lowercase:
		add(IssueLowercasePiece, 0, pieceEnd)
	case r.pawnLetter:
		add(IssuePawnLetter, 0, pieceEnd)
	}
	if t.promoFigurine != NoPieceType {
		add(IssueFigurine, t.promoStart, t.promoEnd)
	}
	if res.castleAsKing {
		if !uci {
			add(IssueCastlingAsKingMove, 0, t.bodyEnd)
		}
	} else if !uci && !(long && fullFrom) {
		wf, wr := r.fromFile >= 0, r.fromRank >= 0
		switch {
		case sp.piece == Pawn:
			if sp.capture && !wf {
				add(IssuePawnCaptureWithoutFile, t.disStart, t.disStart)
			} else if wr || wf && !sp.capture {
				add(IssueOverDisambiguated, t.disStart, t.disEnd)
			}
		case wf == sp.disFile && wr == sp.disRank:
		case (wf || !sp.disFile) && (wr || !sp.disRank):
			add(IssueOverDisambiguated, t.disStart, t.disEnd)
		default:
			add(IssueDisambiguationStyle, t.disStart, t.disEnd)
		}
	}
	if !res.castleAsKing && !uci {
		written := t.sep == 'x' || t.sep == ':'
		switch {
		case sp.capture && !written && t.sep == '-':
			add(IssueCaptureMissing, t.sepPos, t.sepPos+1)
		case sp.capture && !written:
			add(IssueCaptureMissing, t.toStart, t.toStart)
		case !sp.capture && written:
			add(IssueCaptureSpurious, t.sepPos, t.sepPos+1)
		case t.sep == ':':
			add(IssueCaptureColon, t.sepPos, t.sepPos+1)
		}
	}
	switch {
	case uci:
		add(IssueUCI, 0, t.promoEnd)
	case long:
		add(IssueLongAlgebraic, t.disStart, t.toStart+2)
	}
	if res.promoSpurious {
		add(IssuePromotionSpurious, t.promoStart, t.promoEnd)
	} else if sp.promo != NoPieceType && !uci {
		if !t.promoEq {
			add(IssuePromotionNoEquals, t.promoStart, t.promoStart)
		}
		if t.promoByte >= 'a' && r.langs == 0 {
			add(IssuePromotionLowercase, t.promoEnd-1, t.promoEnd)
		}
	}
	return issues
}

// checkIssues compares the written check mark with the one due.
func hasKind(issues []Issue, k IssueKind) bool {
	for _, iss := range issues {
		if iss.Kind == k {
			return true
		}
	}
	return false
}

func checkIssues(t *sanToken, due int, issues []Issue) []Issue {
	written := t.check
	if written == due {
		return issues
	}
	k := IssueCheckStyle
	switch {
	case due == checkNone:
		k = IssueCheckSpurious
	case written == checkNone && due == checkCheck:
		k = IssueCheckMissing
	case written == checkNone:
		k = IssueMateMissing
	case written == checkCheck:
		k = IssueCheckInsteadOfMate
	case written == checkMate:
		k = IssueMateInsteadOfCheck
	}
	start, end := t.checkStart, t.checkEnd
	if written == checkNone {
		start, end = t.bodyEnd, t.bodyEnd
	}
	return append(issues, Issue{Kind: k, Start: start, End: end})
}
