// Package chess knows the rules of chess, standard and Chess960: it holds a
// position, generates its legal moves, plays them, and reads and writes the
// notations PGN uses for them (FEN, SAN, and UCI for tools).
//
// It exists so that a linter can replay every move of millions of games, so
// the hot paths (LegalMoves, Play, ParseSAN on canonical SAN) do not allocate.
//
// Positions are small values: copying one (next := *pos) is the intended
// way to keep a position before playing a move on it.
//
// Castling moves are represented internally as "king takes own rook"
// (From is the king's square, To the castling rook's square), which is
// unambiguous in Chess960; UCI text uses e1g1 for standard positions and the
// king-takes-rook form for Chess960 positions, as engines expect.
package chess
