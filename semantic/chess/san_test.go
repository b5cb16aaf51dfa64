package chess

import (
	"reflect"
	"testing"
)

// Positions for the SAN tests, most from real games or the corpus.
const (
	fenStart = StartFEN
	// 1.e4 e5
	fenOpenGame = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
	// 1.e4 d5: exd5 or e:d5.
	fenScandinavian = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
	// 1.Nf3 e5: Nxe5 in long algebraic.
	fenNf3e5 = "rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq e6 0 2"
	// The example of PGN §8.2.3.4: knights c3 and g1 both see e2, but c3 is
	// pinned by the bishop on b4, so the move is "Ne2".
	fenPinnedKnight = "rnbqk1nr/pppp1ppp/8/4p3/1b2P3/2N5/PPP2PPP/R1BQKBNR w KQkq - 0 4"
	// 1.Nf3 d5 2.d4 Nf6: knights b1 and f3 both reach d2.
	fenTwoKnights = "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3"
	// 1.f3 e5 2.g4: Qh4 mates (fool's mate).
	fenFoolsMate = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2"
	// 1.e4 e5 2.Nf3 d6: Bb5 is check (d7 is empty).
	fenBb5Check = "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3"
	// ... 3.Bb5+: black is in check.
	fenInCheck = "rnbqkbnr/ppp2ppp/3p4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 3"
	// Italian game: white can castle king side.
	fenItalian = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
	// pgn-extract test-promotion-in.pgn: d8=Q mates.
	fenPromotion = "7k/3P4/7K/8/8/8/8/8 w - - 6 55"
	// 1.e4 d5 2.e5 f5: exf6 en passant.
	fenEnPassant = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
	// e5xd6 e.p. would open the fifth rank to the rook on h5.
	fenEnPassantPinned = "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1"
	// Morphy (aichess one-game-per-line): bc6 can be b5xc6 or Be4-c6.
	fenBishopOrPawn = "2kr4/1pb3r1/1np2q1p/1P2p3/4B3/1QPPBP2/6PP/R4RK1 w - - 1 24"
	// 1.b4 c5: bxc5.
	fenBxc5 = "rnbqkbnr/pp1ppppp/8/2p5/1P6/8/P1PPPPPP/RNBQKBNR w KQkq c6 0 2"
	// pgn-extract test-Wdeutsch-out.pgn after 5...Sf6: Sc3 is Nc3 in German
	// but Bc3 in Czech (S = střelec).
	fenGermanS = "r1bqkb1r/ppp2ppp/2np1n2/8/8/1P6/PBPQPPPP/RN2KBNR w KQkq - 3 6"
	// Castling cases.
	fenCastleThroughCheck = "4kr2/8/8/8/8/8/8/4K2R w K - 0 1"
	fenCastleInCheck      = "4k3/8/8/8/8/8/8/r3K2R w K - 0 1"
	fenCastleNoRight      = "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
	fenCastleWrongSide    = "r3k3/8/8/8/8/8/8/4K3 w q - 0 1"
	// Chess960: king e1, rooks b1 and g1.
	fen960 = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1"
)

type issueWant struct {
	kind   IssueKind
	reason IllegalReason
}

func TestParseSAN(t *testing.T) {
	I := func(k IssueKind) issueWant { return issueWant{kind: k} }
	Illegal := func(r IllegalReason) issueWant { return issueWant{IssueIllegal, r} }
	cases := []struct {
		fen, token, san string // san "": unresolved
		issues          []issueWant
	}{
		// Canonical.
		{fenStart, "e4", "e4", nil},
		{fenStart, "Nf3", "Nf3", nil},
		{fenTwoKnights, "Nbd2", "Nbd2", nil},
		{fenPinnedKnight, "Ne2", "Ne2", nil},
		{fenFoolsMate, "Qh4#", "Qh4#", nil},
		{fenItalian, "O-O", "O-O", nil},
		{fenPromotion, "d8=Q#", "d8=Q#", nil},
		{fenPromotion, "d8=N", "d8=N", nil},
		{fenEnPassant, "exf6", "exf6", nil},
		{fenBishopOrPawn, "bxc6", "bxc6", nil},
		{fen960, "O-O", "O-O", nil},

		// Illegal, with the reason.
		{fenStart, "Qh5", "", []issueWant{Illegal(ReasonUnreachable)}},
		{fenStart, "Nd4", "", []issueWant{Illegal(ReasonUnreachable)}},
		{fenStart, "e5", "", []issueWant{Illegal(ReasonWrongSide)}},
		{fenStart, "Nf6", "", []issueWant{Illegal(ReasonWrongSide)}},
		{fenPinnedKnight, "Nce2", "", []issueWant{Illegal(ReasonPinned)}},
		{fenPinnedKnight, "Nd5", "", []issueWant{Illegal(ReasonPinned)}},
		{fenEnPassantPinned, "exd6", "", []issueWant{Illegal(ReasonPinned)}},
		{fenInCheck, "Nf6", "", []issueWant{Illegal(ReasonInCheck)}},
		{fenInCheck, "Ke7", "Ke7", nil},
		{fenInCheck, "Kd7", "", []issueWant{Illegal(ReasonKingIntoCheck)}},
		// English letters are not re-read in other languages (B would be a
		// German pawn, R an Estonian knight) unless the caller asks.
		{fenOpenGame, "Bb4", "", []issueWant{Illegal(ReasonWrongSide)}},
		{fenOpenGame, "Rh3", "", []issueWant{Illegal(ReasonUnreachable)}},
		{fenPromotion, "Qd8", "", []issueWant{Illegal(ReasonNoPiece)}},
		{fenPromotion, "d8=K", "", []issueWant{Illegal(ReasonBadPromotion)}},
		{fenItalian, "O-O-O", "", []issueWant{Illegal(ReasonCastlingBlocked)}},
		{fenCastleThroughCheck, "O-O", "", []issueWant{Illegal(ReasonCastlingThroughCheck)}},
		{fenCastleInCheck, "O-O", "", []issueWant{Illegal(ReasonInCheck)}},
		{fenCastleNoRight, "O-O", "", []issueWant{Illegal(ReasonNoCastlingRight)}},
		{fenCastleNoRight, "Kg1", "", []issueWant{Illegal(ReasonNoCastlingRight)}},
		{fenCastleWrongSide, "O-O-O", "", []issueWant{Illegal(ReasonWrongSide)}},

		// Ambiguity.
		{fenTwoKnights, "Nd2", "", []issueWant{I(IssueAmbiguous)}},
		{fenTwoKnights, "nd2", "", []issueWant{I(IssueLowercasePiece), I(IssueAmbiguous)}},
		{fenBishopOrPawn, "bc6", "", []issueWant{I(IssueBishopOrPawn), I(IssueAmbiguous)}},
		{fenPromotion, "d8", "", []issueWant{I(IssuePromotionMissing)}},
		{fenGermanS, "Sc3", "", []issueWant{I(IssueLocalizedPiece), I(IssueAmbiguous)}},

		// Disambiguation.
		{fenStart, "Ngf3", "Nf3", []issueWant{I(IssueOverDisambiguated)}},
		{fenStart, "Ng1f3", "Nf3", []issueWant{I(IssueOverDisambiguated)}},
		{fenPinnedKnight, "Nge2", "Ne2", []issueWant{I(IssueOverDisambiguated)}},
		{fenTwoKnights, "Nb1d2", "Nbd2", []issueWant{I(IssueOverDisambiguated)}},
		{fenTwoKnights, "N1d2", "Nbd2", []issueWant{I(IssueDisambiguationStyle)}},
		{fenEnPassant, "xf6", "exf6", []issueWant{I(IssuePawnCaptureWithoutFile)}},

		// Capture marks.
		{fenEnPassant, "ef6", "exf6", []issueWant{I(IssueCaptureMissing)}},
		{fenNf3e5, "Ne5", "Nxe5", []issueWant{I(IssueCaptureMissing)}},
		{fenStart, "Nxf3", "Nf3", []issueWant{I(IssueCaptureSpurious)}},
		{fenScandinavian, "e:d5", "exd5", []issueWant{I(IssueCaptureColon)}},

		// Check marks.
		{fenBb5Check, "Bb5", "Bb5+", []issueWant{I(IssueCheckMissing)}},
		{fenBb5Check, "Bb5#", "Bb5+", []issueWant{I(IssueMateInsteadOfCheck)}},
		{fenBb5Check, "Bb5++", "Bb5+", []issueWant{I(IssueCheckStyle)}},
		{fenFoolsMate, "Qh4", "Qh4#", []issueWant{I(IssueMateMissing)}},
		{fenFoolsMate, "Qh4+", "Qh4#", []issueWant{I(IssueCheckInsteadOfMate)}},
		{fenStart, "Nf3+", "Nf3", []issueWant{I(IssueCheckSpurious)}},

		// Castling spellings.
		{fenItalian, "0-0", "O-O", []issueWant{I(IssueCastlingZeros)}},
		{fenItalian, "o-o", "O-O", []issueWant{I(IssueCastlingLowercase)}},
		{fenItalian, "OO", "O-O", []issueWant{I(IssueCastlingStyle)}},
		{fenItalian, "Kg1", "O-O", []issueWant{I(IssueCastlingAsKingMove)}},
		{fenItalian, "e1g1", "O-O", []issueWant{I(IssueUCI)}},
		{fen960, "e1g1", "O-O", []issueWant{I(IssueUCI)}},
		{fen960, "Kxb1", "O-O-O", []issueWant{I(IssueCastlingAsKingMove)}},

		// Promotion spellings.
		{fenPromotion, "d8Q", "d8=Q#", []issueWant{I(IssuePromotionNoEquals), I(IssueMateMissing)}},
		{fenPromotion, "d8=q#", "d8=Q#", []issueWant{I(IssuePromotionLowercase)}},
		{fenPromotion, "d7d8q", "d8=Q#", []issueWant{I(IssueUCI)}},
		{fenPromotion, "Kg6=Q", "Kg6", []issueWant{I(IssuePromotionSpurious)}},
		{fenPromotion, "d8=D#", "d8=Q#", []issueWant{I(IssueLocalizedPiece)}},

		// En passant suffix.
		{fenEnPassant, "exf6e.p.", "exf6", []issueWant{I(IssueEnPassantSuffix)}},
		{fenEnPassant, "exf6ep", "exf6", []issueWant{I(IssueEnPassantSuffix)}},

		// Pawn letters, long algebraic, UCI.
		{fenStart, "Pe4", "e4", []issueWant{I(IssuePawnLetter)}},
		{fenStart, "e2e4", "e4", []issueWant{I(IssueUCI)}},
		{fenStart, "g1f3", "Nf3", []issueWant{I(IssueUCI)}},
		{fenStart, "e2-e4", "e4", []issueWant{I(IssueLongAlgebraic)}},
		{fenStart, "Ng1-f3", "Nf3", []issueWant{I(IssueLongAlgebraic)}},
		{fenNf3e5, "Nf3xe5", "Nxe5", []issueWant{I(IssueLongAlgebraic)}},
		{fenNf3e5, "Nf3-e5", "Nxe5", []issueWant{I(IssueCaptureMissing), I(IssueLongAlgebraic)}},
		{fenEnPassant, "e5xf6", "exf6", []issueWant{I(IssueLongAlgebraic)}},

		// Null moves.
		{fenStart, "--", "--", []issueWant{I(IssueNullMove)}},
		{fenStart, "Z0", "--", []issueWant{I(IssueNullMove)}},
		{fenStart, "0000", "--", []issueWant{I(IssueNullMove)}},

		// Letters: lower case, b-pawn or bishop, other languages, figurines.
		{fenStart, "nf3", "Nf3", []issueWant{I(IssueLowercasePiece)}},
		{fenOpenGame, "ke2", "Ke2", []issueWant{I(IssueLowercasePiece)}},
		{fenOpenGame, "bc4", "Bc4", []issueWant{I(IssueBishopOrPawn)}},
		{fenBxc5, "bc5", "bxc5", []issueWant{I(IssueCaptureMissing)}}, // no bishop reaches c5: no question
		{fenStart, "Sf3", "Nf3", []issueWant{I(IssueLocalizedPiece)}},
		{fenStart, "Cf3", "Nf3", []issueWant{I(IssueLocalizedPiece)}},
		{fenOpenGame, "Lc4", "Bc4", []issueWant{I(IssueLocalizedPiece)}},
		{fenStart, "\u2658f3", "Nf3", []issueWant{I(IssueFigurine)}},

		// Not moves.
		{fenStart, "Xf3", "", []issueWant{I(IssueUnknownPiece)}},
		{fenStart, "e9", "", []issueWant{I(IssueSyntax)}},
		{fenStart, "Nf", "", []issueWant{I(IssueSyntax)}},
		{fenStart, "", "", []issueWant{I(IssueSyntax)}},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		res := p.ParseSAN(c.token)
		var got []issueWant
		for _, is := range res.Issues {
			got = append(got, issueWant{is.Kind, is.Reason})
			if is.Start < 0 || is.End < is.Start || is.End > len(c.token) {
				t.Errorf("%q: issue %v has span %d-%d", c.token, is.Kind, is.Start, is.End)
			}
		}
		if res.SAN != c.san || !reflect.DeepEqual(got, c.issues) {
			t.Errorf("%s %q: got SAN %q issues %v, want %q %v (%s)", c.fen, c.token, res.SAN, got, c.san, c.issues, describe(p, res))
		}
		if res.OK() != (c.san != "") {
			t.Errorf("%q: OK() = %v with SAN %q", c.token, res.OK(), res.SAN)
		}
		if res.OK() && res.Move != NullMove && p.SAN(res.Move) != res.SAN {
			t.Errorf("%q: SAN(Move) = %q, resolution says %q", c.token, p.SAN(res.Move), res.SAN)
		}
	}
}

func (w issueWant) String() string {
	if w.reason != 0 {
		return w.kind.String() + "(" + w.reason.String() + ")"
	}
	return w.kind.String()
}

// TestParseSANDetails checks the details an issue carries.
func TestParseSANDetails(t *testing.T) {
	p, _ := ParseFEN(fenTwoKnights)
	res := p.ParseSAN("Nd2")
	if len(res.Issues) != 1 || len(res.Issues[0].Candidates) != 2 {
		t.Fatalf("Nd2: %s", describe(p, res))
	}
	for _, m := range res.Issues[0].Candidates {
		if s := p.SAN(m); s != "Nbd2" && s != "Nfd2" {
			t.Errorf("candidate %s", s)
		}
	}

	p, _ = ParseFEN(fenPinnedKnight)
	res = p.ParseSAN("Nce2")
	if is := res.Issues[0]; len(is.Candidates) != 1 || is.Candidates[0].From() != SquareAt(2, 2) {
		t.Errorf("Nce2: pinned piece's move not given: %s", describe(p, res))
	}

	p, _ = ParseFEN(fenStart)
	res = p.ParseSAN("Sf3")
	want := Languages(1<<Danish | 1<<German | 1<<Norwegian | 1<<Polish | 1<<Swedish)
	if res.Issues[0].Languages != want {
		t.Errorf("Sf3 languages %v, want %v", res.Issues[0].Languages, want)
	}
	res = p.ParseSAN("Cf3")
	want = Languages(1<<French | 1<<Italian | 1<<Portuguese | 1<<Romanian | 1<<Spanish)
	if res.Issues[0].Languages != want {
		t.Errorf("Cf3 languages %v, want %v", res.Issues[0].Languages, want)
	}

	// Restricting to the game's language settles S, and lets English
	// letters be read in it (B is the German pawn).
	p, _ = ParseFEN(fenGermanS)
	res = p.ParseSANLanguages("Sc3", 1<<German)
	if res.SAN != "Nc3" || !res.Has(IssueLocalizedPiece) {
		t.Errorf("Sc3 in German: %s", describe(p, res))
	}
	p, _ = ParseFEN(fenStart)
	res = p.ParseSANLanguages("Be4", 1<<German)
	if res.SAN != "e4" || !res.Has(IssueLocalizedPiece) || !res.Has(IssuePawnLetter) {
		t.Errorf("Be4 in German: %s", describe(p, res))
	}
	res = p.ParseSANLanguages("Bb5", 1<<German)
	if res.SAN != "" || !res.Has(IssueIllegal) {
		t.Errorf("Bb5 in German is illegal as bishop and as pawn: %s", describe(p, res))
	}

	// Spans point at what is wrong.
	p, _ = ParseFEN(fenBb5Check)
	res = p.ParseSAN("Bb5")
	if is := res.Issues[0]; is.Start != 3 || is.End != 3 {
		t.Errorf("missing + should be marked at 3-3, got %d-%d", is.Start, is.End)
	}
	p, _ = ParseFEN(fenStart)
	res = p.ParseSAN("Nxf3")
	if is := res.Issues[0]; is.Start != 1 || is.End != 2 {
		t.Errorf("spurious x should span 1-2, got %d-%d", is.Start, is.End)
	}
}

// TestParseSANNoAllocation: canonical SAN resolves without allocating.
func TestParseSANNoAllocation(t *testing.T) {
	for _, c := range []struct{ fen, san string }{
		{fenStart, "Nf3"}, {fenTwoKnights, "Nbd2"}, {fenFoolsMate, "Qh4#"}, {fenItalian, "O-O"},
		{fenPromotion, "d8=Q#"}, {fenEnPassant, "exf6"}, {fenBishopOrPawn, "bxc6"},
	} {
		p, _ := ParseFEN(c.fen)
		if n := testing.AllocsPerRun(100, func() { p.ParseSAN(c.san) }); n != 0 {
			t.Errorf("ParseSAN(%q) allocates %.0f times", c.san, n)
		}
	}
	p := StartPosition()
	var buf [MaxMoves]Move
	if n := testing.AllocsPerRun(100, func() {
		q := *p
		for _, m := range q.LegalMoves(buf[:0]) {
			r := q
			r.Play(m)
		}
	}); n != 0 {
		t.Errorf("LegalMoves/Play allocate %.0f times", n)
	}
}

func TestSAN(t *testing.T) {
	for _, c := range []struct{ fen, uci, san string }{
		{fenStart, "g1f3", "Nf3"},
		{fenTwoKnights, "b1d2", "Nbd2"},
		{fenTwoKnights, "f3d2", "Nfd2"},
		{fenPinnedKnight, "g1e2", "Ne2"},
		{fenFoolsMate, "d8h4", "Qh4#"},
		{fenItalian, "e1g1", "O-O"},
		{fenPromotion, "d7d8q", "d8=Q#"},
		{fenPromotion, "d7d8r", "d8=R#"},
		{fenPromotion, "d7d8b", "d8=B"},
		{fenEnPassant, "e5f6", "exf6"},
		{fenBb5Check, "f1b5", "Bb5+"},
		{fen960, "e1b1", "O-O-O"},
		// Three queens: file, rank and square disambiguation.
		{"2k5/8/8/8/Q6Q/8/8/K6Q w - - 0 1", "h4e4", "Qh4e4"},
		{"2k5/8/8/8/Q6Q/8/8/K6Q w - - 0 1", "a4e4", "Qae4"},
		{"2k5/8/8/8/Q6Q/8/8/K6Q w - - 0 1", "h1e4", "Q1e4"},
		{"2k5/8/8/8/Q6Q/8/8/K6Q w - - 0 1", "h4e1", "Q4e1"},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		p.SetChess960(c.fen == fen960)
		m, err := p.ParseUCI(c.uci)
		if err != nil {
			t.Errorf("%s: %v", c.uci, err)
			continue
		}
		if got := p.SAN(m); got != c.san {
			t.Errorf("%s %s: SAN %q, want %q", c.fen, c.uci, got, c.san)
		}
		if r := p.ParseSAN(c.san); r.Move != m || len(r.Issues) > 0 {
			t.Errorf("ParseSAN(%q) = %s", c.san, describe(p, r))
		}
	}
}
