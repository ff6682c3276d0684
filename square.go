package doushouqi

import "unicode/utf8"

// Square is a square of the board, a1 = 0 up to g9 = 62: index rank*7 + file.
// NoSquare (63) stands for "no square", for example a captured animal.
type Square uint8

// The squares, named as in the notation: file a..g, rank 1..9.
const (
	A1, B1, C1, D1, E1, F1, G1 Square = 7*iota + 0, 7*iota + 1, 7*iota + 2, 7*iota + 3, 7*iota + 4, 7*iota + 5, 7*iota + 6
	A2, B2, C2, D2, E2, F2, G2
	A3, B3, C3, D3, E3, F3, G3
	A4, B4, C4, D4, E4, F4, G4
	A5, B5, C5, D5, E5, F5, G5
	A6, B6, C6, D6, E6, F6, G6
	A7, B7, C7, D7, E7, F7, G7
	A8, B8, C8, D8, E8, F8, G8
	A9, B9, C9, D9, E9, F9, G9
)

// NoSquare is not a square of the board.
const NoSquare Square = NumSquares

// SquareAt returns the square on file 0..6 (a..g) and rank 0..8 (1..9), or
// NoSquare if either is out of range.
func SquareAt(file, rank int) Square {
	if file < 0 || file >= NumFiles || rank < 0 || rank >= NumRanks {
		return NoSquare
	}
	return Square(rank*NumFiles + file)
}

// File returns the file of sq, 0..6 for a..g, and -1 if sq is not a square
// of the board (NoSquare included), as SquareAt reads it back.
func (sq Square) File() int {
	if sq >= NumSquares {
		return -1
	}
	return int(sq) % NumFiles
}

// Rank returns the rank of sq, 0..8 for ranks 1..9, and -1 if sq is not a
// square of the board (NoSquare included), as SquareAt reads it back.
func (sq Square) Rank() int {
	if sq >= NumSquares {
		return -1
	}
	return int(sq) / NumFiles
}

// IsValid reports whether sq is a square of the board.
func (sq Square) IsValid() bool { return sq < NumSquares }

// Bitboard returns the set holding sq alone (empty for NoSquare).
func (sq Square) Bitboard() Bitboard { return 1 << sq & Full }

// String returns the name of sq, such as "a1" or "g9", or "-" for a square
// that is not on the board.
func (sq Square) String() string {
	if !sq.IsValid() {
		return "-"
	}
	return string([]byte{byte('a' + sq.File()), byte('1' + sq.Rank())})
}

// ParseSquare reads a square name: a file letter a..g then a rank digit 1..9.
func ParseSquare(s string) (Square, error) {
	if !isSquareName(s) {
		return NoSquare, newParseError("ParseSquare", s, squareReason(s))
	}
	return SquareAt(int(s[0]-'a'), int(s[1]-'1')), nil
}

func isSquareName(s string) bool {
	return len(s) == 2 && s[0] >= 'a' && s[0] <= 'g' && s[1] >= '1' && s[1] <= '9'
}

// squareReason says why s is not a square name, wrapping ErrSquare, and
// counts characters, not bytes.
func squareReason(s string) error {
	switch n := utf8.RuneCountInString(s); {
	case s == "":
		return wrapf(ErrSquare, "empty, want a file a..g then a rank 1..9, such as c7")
	case !utf8.ValidString(s):
		return wrapf(ErrSquare, "not valid UTF-8")
	case n != 2:
		return wrapf(ErrSquare, "want 2 characters, a file a..g then a rank 1..9, have %d", n)
	}
	return wrapf(ErrSquare, "%q is not a square: want a file a..g then a rank 1..9", s)
}
