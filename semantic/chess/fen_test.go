package chess

import (
	"errors"
	"strings"
	"testing"
)

func TestParseFENErrors(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
	cases := []struct {
		fen         string
		field       int
		offset, end int
		msg         string // a part of the first error's message
	}{
		{"", FieldPlacement, 0, 0, "missing piece placement"},
		{start + " w", FieldCastling, 45, 45, "missing castling"},
		{start + " w KQkq - 0", FieldFullmove, 54, 54, "missing fullmove"},
		{start + " w KQkq - 0 1 x", FieldFullmove, 57, 58, "unexpected text"},
		{start + "  w KQkq - 0 1", FieldSideToMove, 43, 45, "exactly one space"},
		{" " + start + " w KQkq - 0 1", FieldPlacement, 0, 1, "exactly one space"},
		{start + " w KQkq - 0 1 ", FieldFullmove, 56, 57, "exactly one space"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", FieldPlacement, 0, 34, "7 ranks"},
		{start + "/8 w KQkq - 0 1", FieldPlacement, 43, 45, "more than 8 ranks"},
		{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FieldPlacement, 9, 16, "rank 7 has 7 squares"},
		{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FieldPlacement, 9, 18, "rank 7 has more than 8"},
		{"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FieldPlacement, 18, 20, "two digits"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FieldPlacement, 18, 19, "digits 1 to 8"},
		{"rnbqkbnr/pppxpppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FieldPlacement, 12, 13, "not a piece letter"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", FieldPlacement, 0, 43, "no black king"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNK w kq - 0 1", FieldPlacement, 42, 43, "more than one white king"},
		{"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FieldPlacement, 7, 8, "pawn on rank 8"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/pNBQKBNR w KQkq - 0 1", FieldPlacement, 35, 36, "pawn on rank 1"},
		{start + " x KQkq - 0 1", FieldSideToMove, 44, 45, `"w" or "b"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", FieldCastling, 46, 47, "no white rook on the king side"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1", FieldCastling, 50, 51, "not a castling letter"},
		{start + " w KKQkq - 0 1", FieldCastling, 47, 48, "repeats"},
		{"4k3/8/8/8/8/8/8/4K2R w HA - 0 1", FieldCastling, 24, 25, "no white rook on a1"},
		{"4k3/8/8/8/4K3/8/8/7R w K - 0 1", FieldCastling, 23, 24, "not on its first rank"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1", FieldEnPassant, 53, 55, "not on rank 3"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1", FieldEnPassant, 53, 55, "no white pawn on d4"},
		{"rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1", FieldEnPassant, 55, 57, "occupied"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1", FieldEnPassant, 53, 55, "not \"-\" or a square"},
		{start + " w KQkq - -1 1", FieldHalfmove, 53, 55, "non-negative integer"},
		{start + " w KQkq - 0 0", FieldFullmove, 55, 56, "at least 1"},
		{start + " w KQkq - 99999999999 1", FieldHalfmove, 53, 64, "too large"},
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR b KQkq - 1 3", FieldSideToMove, 49, 50, "not to move (white) is in check"},
	}
	for _, c := range cases {
		_, err := ParseFEN(c.fen)
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("%q: error %v is not a *FENError", c.fen, err)
			continue
		}
		if fe.Field != c.field || fe.Offset != c.offset || fe.End != c.end || !strings.Contains(fe.Msg, c.msg) {
			t.Errorf("%q: got field %d bytes %d-%d %q, want field %d bytes %d-%d ~%q",
				c.fen, fe.Field, fe.Offset, fe.End, fe.Msg, c.field, c.offset, c.end, c.msg)
		}
		var all FENErrors
		if !errors.As(err, &all) || len(all) == 0 {
			t.Errorf("%q: not a FENErrors", c.fen)
		}
	}
}

func TestFENRoundTrip(t *testing.T) {
	cases := []struct{ in, out, shredder string }{
		{StartFEN, StartFEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
		// Four fields (EPD) get the default clocks.
		{"4k3/8/8/8/8/8/8/4K3 w - -", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", ""},
		// Shredder letters in a standard position are written KQkq.
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ""},
		// Chess960: KQkq where the rook is the outermost one, file letters
		// where another rook stands outside it (X-FEN).
		{"1r2k1r1/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1", "1r2k1r1/8/8/8/8/8/8/RR2K1RR w GBkq - 0 1", "1r2k1r1/8/8/8/8/8/8/RR2K1RR w GBgb - 0 1"},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9"},
		// The e.p. square is kept even without a pawn to capture (§16.1.3.4).
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", ""},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.in)
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if got := p.FEN(); got != c.out {
			t.Errorf("FEN(%s) = %s, want %s", c.in, got, c.out)
		}
		if c.shredder != "" {
			if got := p.FENWith(FENOptions{Shredder: true}); got != c.shredder {
				t.Errorf("Shredder FEN(%s) = %s, want %s", c.in, got, c.shredder)
			}
		}
	}
}

func TestFENEnPassantModes(t *testing.T) {
	p := StartPosition()
	for _, san := range []string{"e4", "c5", "e5", "d5"} {
		p.Play(p.ParseSAN(san).Move)
	}
	// The PGN standard writes the square after every double push…
	if got, want := p.FEN(), "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"; got != want {
		t.Errorf("FEN %s, want %s", got, want)
	}
	// …and exd6 is possible here, so EnPassantIfLegal writes it too.
	if got := p.FENWith(FENOptions{EnPassant: EnPassantIfLegal}); !strings.Contains(got, " d6 ") {
		t.Errorf("EnPassantIfLegal: %s", got)
	}
	q := StartPosition()
	q.Play(q.ParseSAN("e4").Move)
	if got := q.FENWith(FENOptions{EnPassant: EnPassantIfLegal}); !strings.Contains(got, " KQkq - ") {
		t.Errorf("EnPassantIfLegal after 1.e4: %s", got)
	}
	if !strings.Contains(q.FEN(), " e3 ") {
		t.Errorf("FEN after 1.e4: %s", q.FEN())
	}
}

func TestKeyRepetition(t *testing.T) {
	play := func(sans ...string) *Position {
		p := StartPosition()
		for _, san := range sans {
			res := p.ParseSAN(san)
			if !res.OK() {
				t.Fatalf("%s: %s", san, describe(p, res))
			}
			p.Play(res.Move)
		}
		return p
	}
	withoutEP := func(p *Position) *Position {
		f := strings.Fields(p.FEN())
		f[3] = "-"
		q, err := ParseFEN(strings.Join(f, " "))
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	if play("Nf3", "Nf6", "Ng1", "Ng8").Key() != StartPosition().Key() {
		t.Error("the start position reached again has another key")
	}
	if play("e4", "Nf6", "Nf3", "Ng8", "Ng1").Key() != play("e4").Key() {
		t.Error("an e.p. square no pawn can use changes the key")
	}
	if p := play("e4"); p.Key() != withoutEP(p).Key() {
		t.Error("an e.p. square no pawn can use changes the key (FEN)")
	}
	if p := play("e4", "a6", "e5", "d5"); p.Key() == withoutEP(p).Key() {
		t.Error("a possible e.p. capture is not in the key")
	}
	if play("e4", "e5").Key() == play("e4", "e5", "Ke2", "Ke7", "Ke1", "Ke8").Key() {
		t.Error("lost castling rights do not change the key")
	}
}

func TestGameEnd(t *testing.T) {
	cases := []struct {
		fen                                  string
		check, mate, stalemate, insufficient bool
	}{
		{StartFEN, false, false, false, false},
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", true, true, false, false},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, false, true, false},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, false, false, true},
		{"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", false, false, false, true},
		{"4k3/8/8/8/8/8/8/4KB2 b - - 0 1", false, false, false, true},
		{"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", false, false, false, true},   // bishops on same-coloured squares
		{"4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", false, false, false, false}, // opposite colours: mate is possible
		{"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false, false, false, false},
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", false, false, false, false},
		{"4k3/4P3/4K3/8/8/8/8/8 b - - 0 1", false, false, true, false},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if p.IsCheck() != c.check || p.IsCheckmate() != c.mate || p.IsStalemate() != c.stalemate || p.InsufficientMaterial() != c.insufficient {
			t.Errorf("%s: check %v mate %v stalemate %v insufficient %v", c.fen, p.IsCheck(), p.IsCheckmate(), p.IsStalemate(), p.InsufficientMaterial())
		}
	}
}

func TestClocks(t *testing.T) {
	p, _ := ParseFEN("r3k2r/8/8/8/8/8/4P3/R3K2R w KQkq - 7 20")
	p.Play(p.ParseSAN("Ra2").Move)
	if p.HalfmoveClock() != 8 || p.FullmoveNumber() != 20 || p.CastlingRook(White, QueenSide) != NoSquare {
		t.Errorf("after Ra2: %s", p.FEN())
	}
	p.Play(p.ParseSAN("Rxh1+").Move)
	if p.HalfmoveClock() != 0 || p.FullmoveNumber() != 21 || p.CastlingRook(White, KingSide) != NoSquare || p.CastlingRook(Black, KingSide) != NoSquare {
		t.Errorf("after Rxh1+: %s", p.FEN())
	}
	if got := p.FEN(); got != "r3k3/8/8/8/8/8/R3P3/4K2r w q - 0 21" {
		t.Errorf("FEN %s", got)
	}
}
