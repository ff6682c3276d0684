package endgame

import (
	dsq "github.com/doushouqi/doushouqi"
)

// The index of a position in a table of material m, for its n pieces in the
// order of Material.Pieces (Red's animals from the rat up, then Blue's):
//
//	index = side*half + local[0] + len[0]*(local[1] + len[1]*(local[2] + ...))
//
// where side is 0 for Red to move and 1 for Blue, local[i] is the place of
// piece i's square in the list of squares that piece may stand on (every
// square but its own den, and for all but the rat only land: 62 squares for a
// rat, 50 for the others), len[i] is the length of that list, and half is the
// product of the lengths. Placements with two pieces on one square, or with
// pieces in both dens, are holes in the index (about 2% to 12% of it) and are
// stored as invalid.

// layout maps the positions of one material to table indexes and back.
type layout struct {
	mat     Material
	n       int
	pieces  [MaxPieces]dsq.Piece
	squares [MaxPieces][]dsq.Square // the squares piece i may stand on, a1 upwards
	local   [MaxPieces][64]int32    // square -> place in squares[i], -1 if not there
	stride  [MaxPieces]int
	half    int // positions per side to move
}

// legalSquares returns the squares a piece may stand on: not its own den,
// and water only for the rat.
func legalSquares(p dsq.Piece) []dsq.Square {
	var out []dsq.Square
	for sq := dsq.Square(0); sq < dsq.NumSquares; sq++ {
		if dsq.DenOf(p.Color()).Has(sq) || (dsq.Water.Has(sq) && p.Animal() != dsq.Rat) {
			continue
		}
		out = append(out, sq)
	}
	return out
}

func newLayout(m Material) *layout {
	l := &layout{mat: m}
	stride := 1
	for i, p := range m.Pieces() {
		l.pieces[i] = p
		l.squares[i] = legalSquares(p)
		for sq := range l.local[i] {
			l.local[i][sq] = -1
		}
		for k, sq := range l.squares[i] {
			l.local[i][sq] = int32(k)
		}
		l.stride[i] = stride
		stride *= len(l.squares[i])
		l.n++
	}
	l.half = stride
	return l
}

// size is the number of entries: both sides to move.
func (l *layout) size() int {
	if l == nil { // the zero Table's
		return 0
	}
	return 2 * l.half
}

// decode writes the squares of the pieces at index i into sq and returns the
// side to move.
func (l *layout) decode(i int, sq *[MaxPieces]dsq.Square) dsq.Color {
	side := dsq.Red
	if i >= l.half {
		side, i = dsq.Blue, i-l.half
	}
	for k := 0; k < l.n; k++ {
		n := len(l.squares[k])
		sq[k] = l.squares[k][i%n]
		i /= n
	}
	return side
}

// encode returns the index of the pieces on sq with side to move; every
// sq[k] must be a square piece k may stand on.
func (l *layout) encode(sq *[MaxPieces]dsq.Square, side dsq.Color) int {
	i := 0
	for k := 0; k < l.n; k++ {
		i += int(l.local[k][sq[k]&63]) * l.stride[k]
	}
	if side == dsq.Blue {
		i += l.half
	}
	return i
}

// valid reports whether the placement is a position: no two pieces on one
// square and not pieces in both dens.
func (l *layout) valid(sq *[MaxPieces]dsq.Square) bool {
	var occ dsq.Bitboard
	for k := 0; k < l.n; k++ {
		b := sq[k].Bitboard()
		if occ&b != 0 {
			return false
		}
		occ |= b
	}
	return !(l.denEntered(sq, dsq.Red) && l.denEntered(sq, dsq.Blue))
}

// denEntered reports whether a piece of side c stands in the enemy den.
func (l *layout) denEntered(sq *[MaxPieces]dsq.Square, c dsq.Color) bool {
	enemyDen := dsq.DenOf(c.Other())
	for k := 0; k < l.n; k++ {
		if l.pieces[k].Color() == c && enemyDen.Has(sq[k]) {
			return true
		}
	}
	return false
}

// terminal reports whether a piece stands in either den.
func (l *layout) terminal(sq *[MaxPieces]dsq.Square) bool {
	for k := 0; k < l.n; k++ {
		if dsq.Dens.Has(sq[k]) {
			return true
		}
	}
	return false
}

// setup returns the position of the pieces on sq under rules, with counter c.
func (l *layout) setup(sq *[MaxPieces]dsq.Square, side dsq.Color, rules dsq.Rules, c int) dsq.Setup {
	s := dsq.Setup{SideToMove: side, NoCaptureHalfMoves: c, MoveNumber: 1, Rules: rules}
	for k := 0; k < l.n; k++ {
		s.Board[sq[k]] = l.pieces[k]
	}
	return s
}

// indexOf returns the index of pos in the layout, which must be pos's
// material.
func (l *layout) indexOf(pos *dsq.Position) int {
	var sq [MaxPieces]dsq.Square
	for k := 0; k < l.n; k++ {
		sq[k], _ = pos.SquareOf(l.pieces[k].Color(), l.pieces[k].Animal())
	}
	return l.encode(&sq, pos.SideToMove())
}
