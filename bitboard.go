package doushouqi

// The board, drawn once. A square's index is rank*7 + file, with rank 0..8 for
// ranks 1..9 and file 0..6 for files a..g; a Bitboard holds one bit per square
// in bits 0..62, and bit 63 is never set on the board.
//
//	  +----------------------+
//	9 | 56 57 58 59 60 61 62 |   Blue den d9 = 59, Blue traps c9 e9 d8 = 58 60 52
//	8 | 49 50 51 52 53 54 55 |
//	7 | 42 43 44 45 46 47 48 |
//	6 | 35 36 37 38 39 40 41 |   water: b4 c4 e4 f4 = 22 23 25 26
//	5 | 28 29 30 31 32 33 34 |          b5 c5 e5 f5 = 29 30 32 33
//	4 | 21 22 23 24 25 26 27 |          b6 c6 e6 f6 = 36 37 39 40
//	3 | 14 15 16 17 18 19 20 |
//	2 |  7  8  9 10 11 12 13 |
//	1 |  0  1  2  3  4  5  6 |   Red den d1 = 3, Red traps c1 e1 d2 = 2 4 10
//	  +----------------------+
//	     a  b  c  d  e  f  g

import (
	"iter"
	"math/bits"
	"strings"
)

// Board dimensions.
const (
	NumFiles   = 7
	NumRanks   = 9
	NumSquares = NumFiles * NumRanks // 63
)

// Bitboard is a set of squares: bit rank*7+file stands for the square at that
// file and rank. Only bits 0..62 are squares.
type Bitboard uint64

// Terrain of the board, as named sets of squares.
const (
	// Full is every square of the board.
	Full Bitboard = 1<<NumSquares - 1

	// Water is the two rivers: files b, c, e, f on ranks 4..6.
	Water Bitboard = 1<<B4 | 1<<C4 | 1<<E4 | 1<<F4 |
		1<<B5 | 1<<C5 | 1<<E5 | 1<<F5 |
		1<<B6 | 1<<C6 | 1<<E6 | 1<<F6

	// Land is every square that is not water; dens and traps are land.
	Land = Full &^ Water

	// RedDen is Red's den, d1; BlueDen is Blue's den, d9.
	RedDen  Bitboard = 1 << D1
	BlueDen Bitboard = 1 << D9

	// RedTraps are the traps around Red's den (c1, e1, d2); they are enemy
	// traps for Blue pieces. BlueTraps are c9, e9 and d8.
	RedTraps  Bitboard = 1<<C1 | 1<<E1 | 1<<D2
	BlueTraps Bitboard = 1<<C9 | 1<<E9 | 1<<D8

	// Dens and Traps are both sides' dens and traps.
	Dens  = RedDen | BlueDen
	Traps = RedTraps | BlueTraps
)

// DenOf returns the den that belongs to c: no piece of c may enter it. It is
// empty if c is not a side.
func DenOf(c Color) Bitboard {
	if c > Blue {
		return 0
	}
	return denOf(c)
}

// TrapsOf returns the traps that belong to c: enemy pieces standing on them
// have rank 0, while c's own pieces keep their rank there. It is empty if c
// is not a side.
func TrapsOf(c Color) Bitboard {
	if c > Blue {
		return 0
	}
	return trapsOf(c)
}

// denOf and trapsOf are DenOf and TrapsOf for a side, as the move
// generator has them: no check.
func denOf(c Color) Bitboard {
	if c == Red {
		return RedDen
	}
	return BlueDen
}

func trapsOf(c Color) Bitboard {
	if c == Red {
		return RedTraps
	}
	return BlueTraps
}

// Has reports whether sq is in b.
func (b Bitboard) Has(sq Square) bool { return sq < NumSquares && b&(1<<sq) != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square in b, or NoSquare if b is empty.
func (b Bitboard) First() Square {
	if b == 0 {
		return NoSquare
	}
	return Square(bits.TrailingZeros64(uint64(b)))
}

// Squares iterates over the squares of b from a1 upwards.
func (b Bitboard) Squares() iter.Seq[Square] {
	return func(yield func(Square) bool) {
		for ; b != 0; b &= b - 1 {
			if !yield(Square(bits.TrailingZeros64(uint64(b)))) {
				return
			}
		}
	}
}

// String draws b as a 7x9 grid, rank 9 first, with 'x' for a member square
// and '.' for the others.
func (b Bitboard) String() string {
	var sb strings.Builder
	for rank := NumRanks - 1; rank >= 0; rank-- {
		for file := range NumFiles {
			if b.Has(SquareAt(file, rank)) {
				sb.WriteByte('x')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
