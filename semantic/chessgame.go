package semantic

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/text/width"

	"github.com/pgnlint/pgnlint/ast"
	"github.com/pgnlint/pgnlint/semantic/chess"
)

// Rules of the chess pass.
var (
	RuleIllegalMove = RegisterRule(Rule{ID: "illegal-move", Severity: Error,
		Summary: "a move that cannot be played in the position",
		Detail:  "Every move of the movetext, in the main line and in every variation (which replays from the position before the move it replaces), must be legal (§8.2). The message says why not: no such piece reaches the square, the piece is pinned, the king is or would be in check, it is the other side's move, castling rights or path. The rest of that line is not checked.",
		Bad:     "1. e4 e5 2. Ke3 *", Good: "1. e4 e5 2. Ke2 *"})
	RuleAmbiguousMove = RegisterRule(Rule{ID: "ambiguous-move", Severity: Error,
		Summary: "a move that more than one piece could make",
		Detail:  "SAN adds the origin file, rank or square when two pieces of a kind can reach the square (§8.2.3); a pawn reaching the last rank names its promotion piece. The message lists the candidates.",
		Bad:     "1. e4 e5 2. Nc3 Nc6 3. Ne2 *", Good: "1. e4 e5 2. Nc3 Nc6 3. Nge2 *"})
	RuleNotAMove = RegisterRule(Rule{ID: "not-a-move", Severity: Error,
		Summary: "a movetext symbol that is no move in any notation pgnlint reads",
		Detail:  "Movetext symbols are moves in SAN (§8.2.3). pgnlint also reads long algebraic, coordinate, localized and figurine moves and reports them; a symbol that is none of these is reported here.",
		Bad:     "1. e4 e5 2. Kf9 *", Good: "1. e4 e5 2. Nf3 *"})
	RuleDisambiguation = RegisterRule(Rule{ID: "disambiguation", Severity: Warning,
		Summary: "a move with more or other origin information than SAN gives",
		Detail:  "SAN names the origin file, else the rank, else the square, and only when two pieces of the kind can legally reach the square; a pinned piece does not count (§8.2.3). A pawn capture always names its file.",
		Bad:     "1. Ngf3 *", Good: "1. Nf3 *"})
	RuleCaptureMark = RegisterRule(Rule{ID: "capture-mark", Severity: Warning,
		Summary: "a capture written without `x`, or `x` on a move that captures nothing",
		Detail:  "A capture is marked with a lower-case `x` before the target square (§8.2.3); `:` is not SAN.",
		Bad:     "1. e4 d5 2. exd5 Qd5 *", Good: "1. e4 d5 2. exd5 Qxd5 *"})
	RuleCheckMark = RegisterRule(Rule{ID: "check-mark", Severity: Warning,
		Summary: "a missing, wrong or spurious `+` or `#`",
		Detail:  "A checking move ends with `+` and a mating move with `#` (§8.2.3); a move that gives no check has neither. Hand-typed scores often write `+` where `#` is due.",
		Bad:     "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ 1-0", Good: "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"})
	RuleCastlingNotation = RegisterRule(Rule{ID: "castling-notation", Severity: Warning,
		Summary: "castling not written `O-O` or `O-O-O`",
		Detail:  "Castling is written with the capital letter O (§8.2.3), not the digit 0, and not as a king move.",
		Bad:     "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *", Good: "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *"})
	RulePromotionNotation = RegisterRule(Rule{ID: "promotion-notation", Severity: Warning,
		Summary: "a promotion not written `=Q` (or `=R`, `=B`, `=N`)",
		Detail:  "A promotion is written with `=` and the upper-case piece letter after the target square (§8.2.3).",
		Bad:     "[SetUp \"1\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1. e8Q *", Good: "[SetUp \"1\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1. e8=Q *"})
	RuleEnPassantSuffix = RegisterRule(Rule{ID: "en-passant-suffix", Severity: Warning,
		Summary: "an `e.p.` mark on an en passant capture",
		Detail:  "SAN has no mark for en passant (§8.2.3): the capture is written as if the captured pawn stood on the target square.",
		Bad:     "1. e4 a6 2. e5 d5 3. exd6e.p. *", Good: "1. e4 a6 2. e5 d5 3. exd6 *"})
	RulePawnLetter = RegisterRule(Rule{ID: "pawn-letter", Severity: Warning,
		Summary: "a pawn move written with `P`",
		Detail:  "Pawn moves have no piece letter in SAN (§8.2.3).",
		Bad:     "1. Pe4 *", Good: "1. e4 *"})
	RuleLongAlgebraic = RegisterRule(Rule{ID: "long-algebraic", Severity: Warning,
		Summary: "a move in long algebraic or coordinate notation",
		Detail:  "PGN movetext is SAN (§8.2.3); `e2-e4`, `Ng1-f3`, `Ng1xf3` (long algebraic) and `e2e4`, `e7e8q` (coordinate notation, as engines write it) are read and rewritten to SAN.",
		Bad:     "1. e2-e4 e7-e5 2. Ng1-f3 *", Good: "1. e4 e5 2. Nf3 *"})
	RuleNullMove = RegisterRule(Rule{ID: "null-move", Severity: Warning,
		Summary: "a null move",
		Detail:  "The standard has no null move; `--` (and `Z0`, `0000`) are common extensions for analysis. pgnlint accepts them, passing the move to the other side, and reports them.",
		Bad:     "1. e4 -- 2. d4 *", Good: "1. e4 e5 2. d4 *"})
	RuleLowercasePiece = RegisterRule(Rule{ID: "lowercase-piece", Severity: Warning,
		Summary: "a piece letter written in lower case",
		Detail:  "Piece letters are upper case (§8.2.3); `nf3` is not read as a pawn move. When exactly one legal move matches the upper-case reading the fix writes it; `bc4`, which could also be a b-pawn capture, is reported with both readings.",
		Bad:     "1. e4 e5 2. nf3 *", Good: "1. e4 e5 2. Nf3 *"})
	RuleLocalizedPiece = RegisterRule(Rule{ID: "localized-piece", Severity: Warning,
		Summary: "piece letters of another language",
		Detail:  "Archival PGN uses the English letters PNBRQK; §17 lists the letters of other languages for local display only. pgnlint reads them when exactly one language gives exactly one legal move, and rewrites them to English.",
		Bad:     "1. e4 e5 2. Sf3 Sc6 *", Good: "1. e4 e5 2. Nf3 Nc6 *"})
	RuleFigurine = RegisterRule(Rule{ID: "figurine", Severity: Warning,
		Summary: "a figurine instead of a piece letter",
		Detail:  "Figurine algebraic notation (♘f3) is for display (§8.2.3); PGN data uses letters.",
		Bad:     "1. e4 e5 2. ♘f3 *", Good: "1. e4 e5 2. Nf3 *"})
	RuleNonCanonicalSAN = RegisterRule(Rule{ID: "non-canonical-san", Severity: Warning,
		Summary: "a move that resolves, written otherwise than SAN",
		Detail:  "Whatever other difference from the canonical SAN of the move (§8.2.3) the other rules do not name: a safety net that no known input reaches.",
		Bad:     "(a move token that differs from its SAN in a way no other rule names)", Good: "the canonical SAN"})
	RuleResultVsBoard = RegisterRule(Rule{ID: "result-vs-board", Severity: Warning,
		Summary: "a result that contradicts the final position",
		Detail:  "When the main line ends in checkmate the mated side lost; when it ends in stalemate the game is drawn. The fix writes that result in the termination marker and the Result tag.",
		Bad:     "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0", Good: "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1"})
	RuleOddResult = RegisterRule(Rule{ID: "odd-result", Severity: Info,
		Summary: "a win for a side that has no mating material",
		Detail:  "A side with a lone king, or a king and one minor piece, cannot force mate; a win for it (on time, by resignation of the other side) is possible but worth a second look.",
		Bad:     "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/k7/4K2N w - - 0 1\"]\n\n1. Ng3 1-0", Good: "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/k7/4K2N w - - 0 1\"]\n\n1. Ng3 1/2-1/2"})
	RulePlyCount = RegisterRule(Rule{ID: "plycount", Severity: Warning,
		Summary: "a PlyCount tag that differs from the number of plies played",
		Detail:  "PlyCount is the number of half-moves of the main line (§9.9.3).",
		Bad:     "[PlyCount \"3\"]\n\n1. e4 e5 *", Good: "[PlyCount \"2\"]\n\n1. e4 e5 *"})
	RuleFENInvalid = RegisterRule(Rule{ID: "fen-invalid", Severity: Error,
		Summary: "a FEN tag that is no legal position",
		Detail:  "The FEN tag (§9.7.2, §16.1) gives the starting position: eight ranks of eight squares, one king each, no pawn on the first or last rank, a side to move, castling rights that fit the kings and rooks, an en passant square behind a pawn that just advanced two squares, and the two counters. Each problem is reported at its place in the value; the moves are not checked.",
		Bad:     "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4 *", Good: "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4 *"})
	RuleSetUpWithoutFEN = RegisterRule(Rule{ID: "setup-without-fen", Severity: Error,
		Summary: "SetUp \"1\" without a FEN tag",
		Detail:  "SetUp \"1\" says the game starts from the position of the FEN tag (§9.7.1); without one the moves are checked from the standard position.",
		Bad:     "[SetUp \"1\"]\n\n1. e4 *", Good: "[SetUp \"0\"]\n\n1. e4 *"})
	RuleFENWithoutSetUp = RegisterRule(Rule{ID: "fen-without-setup", Severity: Warning,
		Summary: "a FEN tag without SetUp \"1\"",
		Detail:  "A FEN tag goes with SetUp \"1\" (§9.7.1). The fix adds or corrects the SetUp tag.",
		Bad:     "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]\n\n1... e5 *", Good: "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]\n\n1... e5 *"})
	RuleUnsupportedVariant = RegisterRule(Rule{ID: "unsupported-variant", Severity: Info,
		Summary: "a chess variant whose rules pgnlint does not know",
		Detail:  "pgnlint checks standard chess, Chess960 and xiangqi. For another Variant (crazyhouse, antichess, …) it says so once and does not check the moves, rather than report every move as illegal.",
		Bad:     "[Variant \"Antichess\"]\n\n1. e3 e6 2. b4 Bxb4 *", Good: "[Variant \"Standard\"]\n\n1. e3 e6 2. b4 Bxb4 *"})
	RuleThreefoldRepetition = RegisterRule(Rule{ID: "threefold-repetition", Severity: Info,
		Summary: "the same position a third time",
		Detail:  "A position occurring for the third time with the same side to move, castling rights and en passant possibilities lets the player to move claim a draw (FIDE Laws 9.2). Reported once per game, at the move that repeats.",
		Bad:     "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2", Good: "1. Nf3 Nf6 2. Ng1 Ng8 1/2-1/2"})
	RuleFiftyMoves = RegisterRule(Rule{ID: "fifty-moves", Severity: Info,
		Summary: "fifty moves by each side without a capture or a pawn move",
		Detail:  "After fifty moves by each side with no capture and no pawn move a draw may be claimed (FIDE Laws 9.3). Reported once per game, at the move that completes them; the count starts from the FEN's halfmove clock.",
		Bad:     "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/k7/4K2R w - - 99 80\"]\n\n80. Rh3 *", Good: "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/k7/4K2R w - - 10 80\"]\n\n80. Rh3 *"})
)

// issueRule maps each kind of SAN issue to the rule that reports it.
var issueRule = map[chess.IssueKind]*Rule{
	chess.IssueSyntax: RuleNotAMove, chess.IssueUnknownPiece: RuleNotAMove,
	chess.IssueIllegal: RuleIllegalMove, chess.IssueAmbiguous: RuleAmbiguousMove, chess.IssuePromotionMissing: RuleAmbiguousMove,
	chess.IssueOverDisambiguated: RuleDisambiguation, chess.IssueDisambiguationStyle: RuleDisambiguation,
	chess.IssuePawnCaptureWithoutFile: RuleDisambiguation,
	chess.IssueCaptureMissing:         RuleCaptureMark, chess.IssueCaptureSpurious: RuleCaptureMark, chess.IssueCaptureColon: RuleCaptureMark,
	chess.IssueCheckMissing: RuleCheckMark, chess.IssueMateMissing: RuleCheckMark, chess.IssueCheckInsteadOfMate: RuleCheckMark,
	chess.IssueMateInsteadOfCheck: RuleCheckMark, chess.IssueCheckSpurious: RuleCheckMark, chess.IssueCheckStyle: RuleCheckMark,
	chess.IssueCastlingZeros: RuleCastlingNotation, chess.IssueCastlingLowercase: RuleCastlingNotation,
	chess.IssueCastlingStyle: RuleCastlingNotation, chess.IssueCastlingAsKingMove: RuleCastlingNotation,
	chess.IssuePromotionNoEquals: RulePromotionNotation, chess.IssuePromotionLowercase: RulePromotionNotation,
	chess.IssuePromotionSpurious: RulePromotionNotation,
	chess.IssueEnPassantSuffix:   RuleEnPassantSuffix, chess.IssuePawnLetter: RulePawnLetter,
	chess.IssueLongAlgebraic: RuleLongAlgebraic, chess.IssueUCI: RuleLongAlgebraic,
	chess.IssueNullMove: RuleNullMove, chess.IssueLowercasePiece: RuleLowercasePiece, chess.IssueBishopOrPawn: RuleLowercasePiece,
	chess.IssueLocalizedPiece: RuleLocalizedPiece, chess.IssueFigurine: RuleFigurine, chess.IssueNonCanonical: RuleNonCanonicalSAN,
}

// issueText says in words what an issue kind means.
var issueText = map[chess.IssueKind]string{
	chess.IssueSyntax: "not a move", chess.IssueUnknownPiece: "unknown piece letter",
	chess.IssueOverDisambiguated: "more origin information than needed", chess.IssueDisambiguationStyle: "origin given otherwise than SAN's file, rank, square order",
	chess.IssuePawnCaptureWithoutFile: "pawn capture without its file",
	chess.IssueCaptureMissing:         "capture without `x`", chess.IssueCaptureSpurious: "`x` on a move that captures nothing", chess.IssueCaptureColon: "`:` as the capture mark",
	chess.IssueCheckMissing: "check not marked with `+`", chess.IssueMateMissing: "mate not marked with `#`", chess.IssueCheckInsteadOfMate: "`+` where the move mates: `#`",
	chess.IssueMateInsteadOfCheck: "`#` on a move that only checks", chess.IssueCheckSpurious: "check mark on a move that gives no check", chess.IssueCheckStyle: "check written otherwise than `+`",
	chess.IssueCastlingZeros: "castling written with zeros", chess.IssueCastlingLowercase: "castling written with lower-case o",
	chess.IssueCastlingStyle: "castling spelled otherwise than O-O / O-O-O", chess.IssueCastlingAsKingMove: "castling written as a king move",
	chess.IssuePromotionNoEquals: "promotion without `=`", chess.IssuePromotionLowercase: "promotion piece in lower case",
	chess.IssuePromotionSpurious: "promotion piece on a move that does not promote",
	chess.IssueEnPassantSuffix:   "`e.p.` mark", chess.IssuePawnLetter: "pawn move with `P`",
	chess.IssueLongAlgebraic: "long algebraic notation", chess.IssueUCI: "coordinate (UCI) notation",
	chess.IssueNullMove: "null move", chess.IssueLowercasePiece: "piece letter in lower case", chess.IssueBishopOrPawn: "lower-case `b`: a bishop or a b-pawn?",
	chess.IssueFigurine: "figurine instead of a letter", chess.IssueNonCanonical: "not canonical SAN",
}

var reasonText = map[chess.IllegalReason]string{
	chess.ReasonNoPiece: "there is no such piece", chess.ReasonUnreachable: "no such piece can reach that square",
	chess.ReasonPinned: "the piece is pinned", chess.ReasonInCheck: "the king is in check and this does not answer it",
	chess.ReasonKingIntoCheck: "the king would move into check", chess.ReasonWrongSide: "it is the other side's move",
	chess.ReasonNoCastlingRight: "castling is no longer allowed", chess.ReasonCastlingBlocked: "pieces stand in the way of castling",
	chess.ReasonCastlingThroughCheck: "the king would castle out of, through or into check", chess.ReasonBadPromotion: "a pawn cannot promote to that piece",
}

// chessPass replays one chess game.
type chessPass struct {
	out   []Diagnostic
	pos   *chess.Position // the position of the move being reported
	langs chess.Languages
	// Main-line state for the game-end checks: the keys of the positions
	// of the main line, in order (a repetition can only reach back to the
	// last capture or pawn move, which the halfmove clock counts).
	history   []uint64
	repeated  bool
	fiftyDone bool
}

// checkChess replays the game's moves from its starting position: every move
// of the main line and of every variation is resolved against the legal
// moves, and the game's end is compared with its result.
func checkChess(g *ast.Game, chess960 bool) []Diagnostic {
	cp := &chessPass{langs: chess.AllLanguages}
	start, startPly, ok := cp.startPosition(g, chess960)
	if !ok {
		return cp.out
	}
	cp.history = append(make([]uint64, 0, 128), start.Key())
	final, plies, complete := cp.line(g.Elements, *start, startPly, true)
	if complete {
		cp.gameEnd(g, &final, plies-startPly)
	}
	return cp.out
}

// startPosition reads SetUp and FEN; ok is false when the FEN is invalid
// and the moves cannot be checked.
func (cp *chessPass) startPosition(g *ast.Game, chess960 bool) (*chess.Position, int, bool) {
	// SetUp in any case: `[Setup "1"]` is common, and tag-name-case fixes it.
	setup, fen := findTagFold(g, "SetUp"), findTag(g, "FEN")
	if fen != nil && fen.Value == nil {
		fen = nil // [FEN] without a value: missing-tag-value says so
	}
	if fen == nil {
		if setup != nil && setup.Value != nil && Unquote(setup.Value.Text, setup.ValueOpen) == "1" {
			cp.out = append(cp.out, RuleSetUpWithoutFEN.At(setup.Span, "SetUp \"1\" but there is no FEN tag; checking from the standard position"))
		}
		p := chess.StartPosition()
		p.SetChess960(chess960)
		return p, 0, true
	}
	if setup == nil || setup.Value == nil || Unquote(setup.Value.Text, setup.ValueOpen) != "1" {
		d := RuleFENWithoutSetUp.At(fen.Span, "FEN tag without SetUp \"1\"")
		if setup == nil {
			d = d.WithFix("add SetUp \"1\"", ast.Span{Start: fen.Start, End: fen.Start}, "[SetUp \"1\"]\n")
		} else if setup.Value != nil {
			d = d.WithFix("set SetUp to \"1\"", setup.Value.Span, `"1"`)
		}
		cp.out = append(cp.out, d)
	}
	value := tagValue(g, "FEN")
	p, err := chess.ParseFEN(value)
	if err != nil {
		cp.fenErrors(fen, value, err)
		return nil, 0, false
	}
	if p.Chess960() && !chess960 {
		cp.out = append(cp.out, RuleFENInvalid.At(fen.Value.Span, "the castling rights fit only a Chess960 position; add [Variant \"Chess960\"] if that is what it is"))
	}
	if chess960 {
		p.SetChess960(true)
	}
	ply := 2 * (p.FullmoveNumber() - 1)
	if p.SideToMove() == chess.Black {
		ply++
	}
	return p, ply, true
}

// fenErrors reports each problem of a FEN at its place in the tag value.
func (cp *chessPass) fenErrors(tag *ast.TagPair, value string, err error) {
	es, _ := err.(chess.FENErrors)
	if es == nil {
		cp.out = append(cp.out, RuleFENInvalid.At(tag.Value.Span, "FEN: %v", err))
		return
	}
	for _, e := range es {
		cp.out = append(cp.out, RuleFENInvalid.At(valueSpan(tag, value, e.Offset, e.End), "FEN %s", e.Msg))
	}
}

// valueSpan maps a byte range of a tag's unquoted value to the input. FEN
// values hold no escapes, so the range only shifts by the opening quote;
// when escapes make that untrue the whole value is the span.
func valueSpan(tag *ast.TagPair, value string, start, end int) ast.Span {
	v := tag.Value
	_, q := firstRuneLen(v.Text)
	if strings.Contains(v.Text, `\`) || start < 0 || end > len(value) {
		return v.Span
	}
	s := ast.Span{Start: v.Start + int64(q+start), End: v.Start + int64(q+end)}
	if s.End == s.Start {
		s.End++
	}
	return s
}

func firstRuneLen(s string) (rune, int) {
	for i, r := range s {
		if i == 0 {
			return r, len(string(r))
		}
	}
	return 0, 0
}

// line replays a sequence of elements from pos, whose first move is ply
// number ply. It returns the position and ply after the last move, and
// whether every move resolved.
func (cp *chessPass) line(elems []ast.Node, pos chess.Position, ply int, main bool) (chess.Position, int, bool) {
	before, beforePly, played := pos, ply, false
	for i, n := range elems {
		switch n := n.(type) {
		case *ast.Move:
			if isEnPassantMark(n) {
				cp.separateEnPassant(n, elems[i+1:], played)
				continue
			}
			written, span := moveToken(n, elems[i+1:])
			// Full-width forms are reported by the character pass; read
			// them as ASCII here.
			text := narrow(written)
			res := pos.ParseSANLanguages(text, cp.langs)
			if len(res.Issues) > 0 {
				cp.pos = &pos
				cp.report(res, written, text == written, span, moveName(ply, text))
			}
			if !res.OK() {
				return pos, ply, false
			}
			before, beforePly, played = pos, ply, true
			pos.Play(res.Move)
			ply++
			if main {
				cp.mainLineMove(&pos, span, ply-1, text)
			}
		case *ast.Variation:
			if played {
				cp.line(n.Elements, before, beforePly, false)
			}
		}
	}
	return pos, ply, true
}

// isEnPassantMark reports a move symbol that is an `e.p.` (or `ep`) mark
// standing apart from the capture it belongs to.
func isEnPassantMark(m *ast.Move) bool {
	t := m.Text.Text
	return t == "e.p" || t == "ep"
}

// separateEnPassant reports an `e.p.` written as a token of its own; the fix
// removes it with its period and the space before it.
func (cp *chessPass) separateEnPassant(m *ast.Move, rest []ast.Node, afterMove bool) {
	span := m.Text.Span
	if len(rest) > 0 {
		if b, ok := rest[0].(*ast.Bad); ok && b.Kind == ast.BadPeriod && b.Start == span.End {
			span.End = b.End
		}
	}
	if !afterMove {
		cp.out = append(cp.out, RuleNotAMove.At(span, "an `e.p.` mark that follows no move"))
		return
	}
	cp.out = append(cp.out, RuleEnPassantSuffix.At(span, "`e.p.` mark: SAN writes an en passant capture without one").
		WithFix("remove the mark", span, ""))
}

// moveToken returns the text of a move and its span, taking in a period
// that the lexer left after a glued `e.p` mark (`exd6e.p.`).
func moveToken(m *ast.Move, rest []ast.Node) (string, ast.Span) {
	text, span := m.Text.Text, m.Text.Span
	if strings.HasSuffix(text, "e.p") && len(rest) > 0 {
		if b, ok := rest[0].(*ast.Bad); ok && b.Kind == ast.BadPeriod && b.Start == span.End {
			return text + ".", ast.Span{Start: span.Start, End: b.End}
		}
	}
	return text, span
}

// moveName names a move as players cite it: 12.Nf3 or 12...Nf6.
func moveName(ply int, text string) string {
	if ply%2 == 0 {
		return fmt.Sprintf("%d.%s", ply/2+1, text)
	}
	return fmt.Sprintf("%d...%s", ply/2+1, text)
}

// report turns a resolution's issues into diagnostics. The first carries
// the fix that rewrites the token to canonical SAN, which repairs them all.
func (cp *chessPass) report(res chess.Resolution, text string, exact bool, span ast.Span, name string) {
	fixed := false
	for _, iss := range res.Issues {
		rule := issueRule[iss.Kind]
		if rule == nil {
			rule = RuleNonCanonicalSAN
		}
		at := ast.Span{Start: span.Start + int64(iss.Start), End: span.Start + int64(iss.End)}
		if !exact || at.End <= at.Start || at.End > span.End {
			at = span
		}
		d := rule.At(at, "%s: %s", name, cp.describe(iss, res))
		if res.OK() && !fixed && res.SAN != "" && res.SAN != text {
			d = d.WithFix("write "+res.SAN, span, res.SAN)
			fixed = true
		}
		if iss.Kind == chess.IssueLocalizedPiece && iss.Languages != 0 {
			cp.langs = iss.Languages
		}
		cp.out = append(cp.out, d)
	}
}

// describe says what is wrong with a move, with the candidates or the
// canonical form where there are any.
func (cp *chessPass) describe(iss chess.Issue, res chess.Resolution) string {
	switch iss.Kind {
	case chess.IssueIllegal:
		return "illegal: " + reasonText[iss.Reason]
	case chess.IssueAmbiguous, chess.IssuePromotionMissing:
		return "ambiguous: could be " + cp.sanList(iss.Candidates)
	case chess.IssueBishopOrPawn:
		if len(iss.Candidates) > 1 {
			return issueText[iss.Kind] + " Both are legal: " + cp.sanList(iss.Candidates)
		}
	case chess.IssueLocalizedPiece:
		return fmt.Sprintf("%s piece letters; SAN is %s", iss.Languages, res.SAN)
	}
	text := issueText[iss.Kind]
	if res.OK() && res.SAN != "" {
		text += "; SAN is " + res.SAN
	}
	return text
}

// sanList names candidate moves in SAN, as the position writes them.
func (cp *chessPass) sanList(ms []chess.Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = cp.pos.SAN(m)
	}
	return strings.Join(parts, " or ")
}

// mainLineMove tracks repetitions and the fifty-move count on the main line.
func (cp *chessPass) mainLineMove(pos *chess.Position, span ast.Span, ply int, text string) {
	k := pos.Key()
	cp.history = append(cp.history, k)
	if !cp.repeated && cp.occurrences(k, pos.HalfmoveClock()) == 3 {
		cp.repeated = true
		cp.out = append(cp.out, RuleThreefoldRepetition.At(span, "%s: the position occurs for the third time; a draw may be claimed", moveName(ply, text)))
	}
	if pos.HalfmoveClock() >= 100 && !cp.fiftyDone {
		cp.fiftyDone = true
		cp.out = append(cp.out, RuleFiftyMoves.At(span, "%s: fifty moves by each side without a capture or a pawn move; a draw may be claimed", moveName(ply, text)))
	}
}

// occurrences counts the main-line positions with key k among the last
// clock+1, the current one included: the same side to move, so every second
// one.
func (cp *chessPass) occurrences(k uint64, clock int) int {
	n, last := 0, len(cp.history)-1
	for i := last; i >= 0 && i >= last-clock; i -= 2 {
		if cp.history[i] == k {
			n++
		}
	}
	return n
}

// narrow maps full-width forms to ASCII; text without any (all ASCII, or
// names such as Müller) is returned as it is, without a copy.
func narrow(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			if hasWide(s[i:]) {
				return width.Narrow.String(s)
			}
			return s
		}
	}
	return s
}

// hasWide reports whether s may hold a character width.Narrow changes:
// those lie in the blocks of arrows to geometric shapes, CJK symbols to
// Hangul compatibility jamo, and full-width and half-width forms.
func hasWide(s string) bool {
	for _, r := range s {
		if r >= 0x2190 && r <= 0x25FF || r >= 0x3000 && r <= 0x318F || r >= 0xFF00 && r <= 0xFFEF {
			return true
		}
	}
	return false
}

// gameEnd compares the final position with the result and the PlyCount tag.
func (cp *chessPass) gameEnd(g *ast.Game, final *chess.Position, plies int) {
	if pc := findTag(g, "PlyCount"); pc != nil && pc.Value != nil {
		if n, err := strconv.Atoi(tagValue(g, "PlyCount")); err == nil && n != plies {
			want := strconv.Itoa(plies)
			cp.out = append(cp.out, RulePlyCount.At(pc.Value.Span, "PlyCount is %d but the main line has %d plies", n, plies).
				WithFix("set PlyCount to "+want, pc.Value.Span, `"`+want+`"`))
		}
	}
	result := terminationText(g)
	if result == "" {
		result = tagValue(g, "Result")
	}
	want, why := "", ""
	switch {
	case final.IsCheckmate():
		want, why = "1-0", "Black is checkmated"
		if final.SideToMove() == chess.White {
			want, why = "0-1", "White is checkmated"
		}
	case final.IsStalemate():
		want, why = "1/2-1/2", "the game ends in stalemate"
	}
	if want != "" && result != "" && result != want {
		at := ast.Span{Start: g.Movetext.End, End: g.Movetext.End}
		if g.Termination != nil {
			at = g.Termination.Span
		}
		d := cp.resultFix(g, RuleResultVsBoard.At(at, "the result is %s but %s: %s", result, why, want), want)
		cp.out = append(cp.out, d)
		return
	}
	for _, side := range []chess.Color{chess.White, chess.Black} {
		win := map[chess.Color]string{chess.White: "1-0", chess.Black: "0-1"}[side]
		if result == win && final.LacksMatingMaterial(side) && want == "" {
			at := g.Movetext
			if g.Termination != nil {
				at = g.Termination.Span
			}
			cp.out = append(cp.out, RuleOddResult.At(at, "%s wins with no mating material left", colorName[side]))
		}
	}
}

var colorName = map[chess.Color]string{chess.White: "White", chess.Black: "Black"}

// resultFix adds the fix that writes result into the termination marker and
// the Result tag together.
func (cp *chessPass) resultFix(g *ast.Game, d Diagnostic, result string) Diagnostic {
	var edits []Edit
	if g.Termination != nil {
		edits = append(edits, Edit{Span: g.Termination.Span, NewText: result})
	}
	if tp := findTag(g, "Result"); tp != nil && tp.Value != nil && !tp.ValueOpen {
		edits = append(edits, Edit{Span: tp.Value.Span, NewText: `"` + result + `"`})
	}
	if len(edits) > 0 {
		d.Fixes = append(d.Fixes, Fix{Title: "set the result to " + result, Edits: edits})
	}
	return d
}
