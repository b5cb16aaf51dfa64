package chess

import (
	"testing"
)

// FuzzParseSAN: no token makes the resolver panic, spans stay inside the
// token, and a resolved move's canonical SAN resolves back to it cleanly.
func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "O-O", "0-0-0", "exd6e.p.", "e8=Q#", "Ng1-f3", "bxc4", "Sf3", "♘f3", "--", "Z0", "e7e8q", "Kxh1", "xd5", "N1d2+", "++", "=", "e.p."} {
		f.Add(s)
	}
	positions := []string{StartFEN, fenItalian, fenPromotion, fenEnPassant, fenBishopOrPawn, fen960, fenTwoKnights}
	f.Fuzz(func(t *testing.T, tok string) {
		for _, fen := range positions {
			p, err := ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			res := p.ParseSAN(tok)
			for _, is := range res.Issues {
				if is.Start < 0 || is.End < is.Start || is.End > len(tok) {
					t.Fatalf("%s %q: %v span %d-%d", fen, tok, is.Kind, is.Start, is.End)
				}
			}
			if !res.OK() || res.Move == NullMove {
				continue
			}
			if len(res.Issues) == 0 && res.SAN != tok {
				t.Fatalf("%s %q: no issue but SAN %q", fen, tok, res.SAN)
			}
			back := p.ParseSAN(res.SAN)
			if back.Move != res.Move || len(back.Issues) != 0 {
				t.Fatalf("%s %q: canonical %q resolves to %s", fen, tok, res.SAN, describe(p, back))
			}
		}
	})
}

// FuzzParseFEN: no input makes ParseFEN panic; what it accepts, FEN()
// writes in a form it accepts again unchanged.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{StartFEN, fenItalian, fen960, fenEnPassant, "4k3/8/8/8/8/8/8/4K3 w - -", "8/8/8/8 w", "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			for _, e := range err.(FENErrors) {
				if e.Offset < 0 || e.End < e.Offset || e.End > len(s) || e.Field < 0 || e.Field > 5 {
					t.Fatalf("%q: bad error %+v", s, e)
				}
			}
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("%q -> %q: %v", s, out, err)
		}
		if q.FEN() != out || q.Key() != p.Key() {
			t.Fatalf("%q -> %q -> %q", s, out, q.FEN())
		}
		Perft(p, 2)
	})
}
