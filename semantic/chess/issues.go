package chess

import "strings"

// IssueKind classifies what is wrong or non-canonical in a SAN token.
type IssueKind uint8

const (
	_ IssueKind = iota
	// IssueSyntax: the token cannot be read as a move in any notation.
	IssueSyntax
	// IssueIllegal: no legal move matches; Issue.Reason says why.
	IssueIllegal
	// IssueAmbiguous: several legal moves match; Issue.Candidates lists them.
	IssueAmbiguous
	// IssueUnknownPiece: the piece letter is in no known language.
	IssueUnknownPiece

	// IssueOverDisambiguated: more origin file/rank than needed (Ngf3 with one knight).
	IssueOverDisambiguated
	// IssueDisambiguationStyle: enough to identify the piece, but not the
	// rule's first choice (N1d2 where Nbd2 is due: file before rank).
	IssueDisambiguationStyle
	// IssuePawnCaptureWithoutFile: a pawn capture not naming its file (xd5).
	IssuePawnCaptureWithoutFile

	IssueCaptureMissing  // a capture written without x
	IssueCaptureSpurious // x on a move that captures nothing
	IssueCaptureColon    // ':' used as the capture mark

	IssueCheckMissing       // no + on a checking move
	IssueMateMissing        // no # on a mating move
	IssueCheckInsteadOfMate // + where # is due
	IssueMateInsteadOfCheck // # where + is due
	IssueCheckSpurious      // + or # on a move that gives no check
	IssueCheckStyle         // another check mark, such as ++

	IssueCastlingZeros      // 0-0 / 0-0-0 written with digits
	IssueCastlingLowercase  // o-o
	IssueCastlingStyle      // OO, O-OO and other spellings
	IssueCastlingAsKingMove // Kg1, Ke1g1 or Kxh1 for castling
	IssuePromotionNoEquals  // e8Q instead of e8=Q
	IssuePromotionLowercase // e8=q
	IssuePromotionMissing   // a pawn reaching the last rank without a piece: unresolved
	IssuePromotionSpurious  // a promotion piece on a move that does not promote
	IssueEnPassantSuffix    // exd6e.p. / exd6ep
	IssuePawnLetter         // Pe4
	IssueLongAlgebraic      // e2-e4, Ng1-f3, Ng1xf3
	IssueUCI                // e2e4, e7e8q, e1g1 (coordinate notation)
	IssueNullMove           // --, Z0, 0000, @@@@: not in the PGN standard
	IssueLowercasePiece     // nf3 read as Nf3
	IssueBishopOrPawn       // bc4 / bxc4: a b-pawn or a bishop written in lower case
	IssueLocalizedPiece     // piece letters of another language (PGN §17); see Issue.Languages
	IssueFigurine           // a figurine (♘f3) instead of a letter
	IssueNonCanonical       // differs from the canonical SAN in some other way
	numIssueKinds
)

var issueNames = [numIssueKinds]string{
	"", "syntax", "illegal", "ambiguous", "unknown-piece",
	"over-disambiguated", "disambiguation-style", "pawn-capture-without-file",
	"capture-missing", "capture-spurious", "capture-colon",
	"check-missing", "mate-missing", "check-instead-of-mate", "mate-instead-of-check", "check-spurious", "check-style",
	"castling-zeros", "castling-lowercase", "castling-style", "castling-as-king-move",
	"promotion-no-equals", "promotion-lowercase", "promotion-missing", "promotion-spurious",
	"en-passant-suffix", "pawn-letter", "long-algebraic", "uci", "null-move",
	"lowercase-piece", "bishop-or-pawn", "localized-piece", "figurine", "non-canonical",
}

// String returns a stable kebab-case name, fit for rule identifiers.
func (k IssueKind) String() string {
	if k < numIssueKinds {
		return issueNames[k]
	}
	return "unknown"
}

// Unresolving reports whether an issue of this kind leaves the token
// without a move (syntax, illegal, ambiguous, unknown piece, missing promotion).
func (k IssueKind) Unresolving() bool {
	switch k {
	case IssueSyntax, IssueIllegal, IssueAmbiguous, IssueUnknownPiece, IssuePromotionMissing:
		return true
	}
	return false
}

// IllegalReason says why an IssueIllegal move cannot be played.
type IllegalReason uint8

const (
	_ IllegalReason = iota
	// ReasonNoPiece: the side to move has no such piece (with that origin file/rank).
	ReasonNoPiece
	// ReasonUnreachable: such pieces exist, but none moves to that square.
	ReasonUnreachable
	// ReasonPinned: the piece could go there but is pinned to its king
	// (includes an en-passant capture that would uncover the king).
	ReasonPinned
	// ReasonInCheck: the king is in check and the move does not answer it.
	ReasonInCheck
	// ReasonKingIntoCheck: the king would move onto an attacked square.
	ReasonKingIntoCheck
	// ReasonWrongSide: the move would be legal for the side not to move.
	ReasonWrongSide
	// ReasonNoCastlingRight: the king or that rook has moved (or the FEN said so).
	ReasonNoCastlingRight
	// ReasonCastlingBlocked: pieces stand between king, rook and their targets.
	ReasonCastlingBlocked
	// ReasonCastlingThroughCheck: the king would cross or land on an attacked square.
	ReasonCastlingThroughCheck
	// ReasonBadPromotion: promotion to a king or a pawn.
	ReasonBadPromotion
	numReasons
)

var reasonNames = [numReasons]string{
	"", "no-piece", "unreachable", "pinned", "in-check", "king-into-check", "wrong-side",
	"no-castling-right", "castling-blocked", "castling-through-check", "bad-promotion",
}

func (r IllegalReason) String() string {
	if r < numReasons {
		return reasonNames[r]
	}
	return "unknown"
}

// Language is one of the piece-letter sets of PGN §17.
type Language uint8

const (
	Czech Language = iota
	Danish
	Dutch
	English
	Estonian
	Finnish
	French
	German
	Hungarian
	Icelandic
	Italian
	Norwegian
	Polish
	Portuguese
	Romanian
	Spanish
	Swedish
	numLanguages
)

// languageLetters are the letters of PGN §17 for pawn, knight, bishop,
// rook, queen, king, indexed by Language.
var languageLetters = [numLanguages]struct {
	name    string
	letters string
}{
	{"Czech", "PJSVDK"}, {"Danish", "BSLTDK"}, {"Dutch", "OPLTDK"}, {"English", "PNBRQK"},
	{"Estonian", "PROVLK"}, {"Finnish", "PRLTDK"}, {"French", "PCFTDR"}, {"German", "BSLTDK"},
	{"Hungarian", "GHFBVK"}, {"Icelandic", "PRBHDK"}, {"Italian", "PCATDR"}, {"Norwegian", "BSLTDK"},
	{"Polish", "PSGWHK"}, {"Portuguese", "PCBTDR"}, {"Romanian", "PCNTDR"}, {"Spanish", "PCATDR"},
	{"Swedish", "BSLTDK"},
}

func (l Language) String() string { return languageLetters[l].name }

// pieceIn returns the piece type the upper-case letter c names in l, or NoPieceType.
func (l Language) pieceIn(c byte) PieceType {
	return PieceType(strings.IndexByte(languageLetters[l].letters, c) + 1)
}

// Languages is a set of Language.
type Languages uint32

// Has reports whether l is in the set.
func (s Languages) Has(l Language) bool { return s>>l&1 != 0 }

// List returns the languages of the set in table order.
func (s Languages) List() []Language {
	var out []Language
	for l := Language(0); l < numLanguages; l++ {
		if s.Has(l) {
			out = append(out, l)
		}
	}
	return out
}

func (s Languages) String() string {
	var names []string
	for _, l := range s.List() {
		names = append(names, l.String())
	}
	return strings.Join(names, ",")
}

// Issue is one finding about a SAN token.
type Issue struct {
	Kind IssueKind
	// Start, End: the bytes of the token concerned; Start == End marks the
	// place where something is missing.
	Start, End int
	// Reason: why the move is illegal (IssueIllegal only).
	Reason IllegalReason
	// Candidates: the legal moves an ambiguous token could mean
	// (IssueAmbiguous, IssuePromotionMissing, IssueBishopOrPawn when both
	// readings are legal); for IssueIllegal the moves that would fail (the
	// pinned piece's move; with ReasonWrongSide, moves of the other side).
	Candidates []Move
	// Languages: for IssueLocalizedPiece, the languages whose letters give the move.
	Languages Languages
}

// Resolution is what ParseSAN found for a token.
type Resolution struct {
	// Move is the move the token stands for, or NoMove when it stands for
	// none or for several (see Issues). NullMove for null-move tokens.
	Move Move
	// SAN is the canonical SAN of Move ("" without a move); when the token
	// was already canonical it is the token itself.
	SAN string
	// Issues lists everything non-canonical, in token order where possible;
	// nil for canonical SAN.
	Issues []Issue
}

// OK reports whether the token was resolved to exactly one move.
func (r Resolution) OK() bool { return r.Move != NoMove }

// Has reports whether an issue of kind k was found.
func (r Resolution) Has(k IssueKind) bool {
	for i := range r.Issues {
		if r.Issues[i].Kind == k {
			return true
		}
	}
	return false
}
