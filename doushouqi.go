// Package doushouqi is a rules engine for Dou Shou Qi (Jungle chess, Animal
// chess) on 63-bit bitboards: legal move generation, make and unmake, the
// outcome of a game, games played move by move ([Game]), position and move
// notation, game records, Zobrist hashing and perft.
//
// The rules are those of RULES.md, at the root of this module: the one
// normative text, which this package, its errors and its tests cite,
// including the house rules of [Rules] and the game record format.
//
// # Types
//
// A [Position] is a small comparable value with unexported fields: copying it
// is a complete copy, two positions are equal under == exactly when they hold
// the same pieces, side to move and counters, and it holds no pointers or
// caches. A [Move] is a 16-bit scalar (from and to square). [Square] indexes
// the board as rank*7 + file and a [Bitboard] is a set of squares.
//
// A [Game] is what a server holds: the moves, the positions, the tags and
// what happened outside the rules. Ask the game, not its position, which
// moves are legal: once it is over (by the rules, a resignation, an agreed
// draw, a repetition, a forfeit) it offers none, and Undo takes back the
// step that ended it. A Game is a value like a Position: copies are
// independent (a move or a tag on one never shows in another) and cheap, so
// games may be held by value in maps and structs.
//
// Values out of range never pass for valid ones: a Color that is not a
// side, an Animal past the elephant, a Square off the board and a Piece that
// is not a piece answer as the documented none values ([NoColor],
// [NoAnimal], [NoSquare], [NoPiece], [NoMove], [NoTerrain]): no squares, no
// pieces, rank 0, or an error where one can be given.
//
// Read methods have value receivers, so calls chain on returned values
// (g.Position().LegalMoves(), StartPosition().Outcome()) and work on map
// values and struct fields. Every exported type's zero value is usable or
// says what it is: the zero Game is a standard game from the start, the
// zero Rules are Standard, the zero Position is no position
// ([Position.IsZero]) and is refused by NewGameFrom.
//
// # Guarantees
//
// Untrusted input. [ParsePosition], [ParseMove], [ParseSquare], the
// UnmarshalText methods and [NewPosition] accept any input without panicking:
// they return a position or an error, never both, and the error wraps one of
// the package's sentinels (ErrSyntax, ErrLetter, ErrWater, ...). Every
// position they return passes [Setup.Validate], the one check that a board
// could occur under the rules (at most one of each animal per side, no animal
// but the rat on water, no piece in its own den, not pieces in both dens).
//
// Checked calls. [Position.Play] and [Game.Play] play a legal move; given an
// illegal one (any Move value at all) they return a [*MoveError] whose
// message says what a player needs ("the dog (3) cannot capture the wolf
// (4)") and whose Err is the rule's sentinel, and leave the position or game
// exactly as it was. CheckMove and IsLegal only read. UnmarshalText on an
// error leaves its receiver unchanged. Every error of the package starts
// "doushouqi: ", wraps an exported sentinel and quotes raw input.
//
// Unchecked calls. [Position.MakeMove] and [Position.UnmakeMove] are the fast
// pair for search and perft. MakeMove must be given a legal move and
// UnmakeMove the last move made with its [Undo]; then UnmakeMove restores a
// position == to the one before. Given anything else they leave the position
// in an unspecified state (still memory-safe: no panic, no out-of-bounds
// access), so never feed them moves from outside; use Play.
//
// # Concurrency
//
// Only Play, MakeMove, UnmakeMove and UnmarshalText write to a Position. All
// other methods only read it, keep no caches, and may be called on one
// Position from any number of goroutines at once, as long as nobody writes
// to it meanwhile. A Position holds no pointers, so a goroutine that wants to
// play simply copies it (p2 := p) and plays on its copy. A [PerftTable] may
// be shared by concurrent perft calls.
package doushouqi

// Color is a side: Red moves first from the bottom (ranks 1..3), Blue plays
// from the top.
type Color uint8

// The two sides.
const (
	Red Color = iota
	Blue
)

// NoColor is not a side: what Piece.Color answers for NoPiece. Every Color
// above Blue is not a side, and the functions of the package answer for it
// as for NoColor (no squares, no pieces, an error where one can be given).
const NoColor Color = 2

// Other returns the opponent of c, and NoColor if c is not a side.
func (c Color) Other() Color { return min(c^1, NoColor) }

// String returns "red" or "blue", and "none" for a value that is not a
// side.
func (c Color) String() string {
	switch c {
	case Red:
		return "red"
	case Blue:
		return "blue"
	}
	return "none"
}

// Animal is a kind of piece. Its rank is its value plus one: rat 1 up to
// elephant 8.
type Animal uint8

// The eight animals, lowest rank first.
const (
	Rat Animal = iota
	Cat
	Dog
	Wolf
	Leopard
	Tiger
	Lion
	Elephant
)

// NumAnimals is the number of animals a side has.
const NumAnimals = 8

// NoAnimal is not an animal: what Piece.Animal answers for NoPiece. Every
// Animal from NumAnimals up is not an animal, and the functions of the
// package answer for it as for NoAnimal.
const NoAnimal Animal = NumAnimals

// Rank returns the animal's rank off enemy traps: rat 1, cat 2, dog 3,
// wolf 4, leopard 5, tiger 6, lion 7, elephant 8; and 0 for a value that is
// not an animal.
func (a Animal) Rank() int {
	if a >= NumAnimals {
		return 0
	}
	return int(a) + 1
}

// CanJump reports whether the animal jumps the rivers: the lion and the
// tiger do (RULES.md, Moves 3), no house rule changes it, and a
// value that is not an animal does not.
func (a Animal) CanJump() bool { return a == Lion || a == Tiger }

var animalNames = [NumAnimals]string{"rat", "cat", "dog", "wolf", "leopard", "tiger", "lion", "elephant"}

// String returns the animal's English name, such as "rat", and "none" for a
// value that is not an animal.
func (a Animal) String() string {
	if a >= NumAnimals {
		return "none"
	}
	return animalNames[a]
}

// Piece is an animal of one side, or NoPiece.
type Piece uint8

// NoPiece is the piece of an empty square.
const NoPiece Piece = 0

// NewPiece returns the animal a of side c, and NoPiece if c is not a side or
// a is not an animal.
func NewPiece(c Color, a Animal) Piece {
	if c > Blue || a >= NumAnimals {
		return NoPiece
	}
	return Piece(1 + uint8(c)*NumAnimals + uint8(a))
}

// Color returns the side the piece belongs to, and NoColor for NoPiece or a
// value that is not a piece.
func (p Piece) Color() Color {
	if !p.IsValid() {
		return NoColor
	}
	return Color((p - 1) >> 3)
}

// Animal returns the piece's animal, and NoAnimal for NoPiece or a value
// that is not a piece.
func (p Piece) Animal() Animal {
	if !p.IsValid() {
		return NoAnimal
	}
	return Animal((p - 1) & 7)
}

// color and animal are Color and Animal for a piece known to be valid, as
// the move generator has them: no check.
func (p Piece) color() Color   { return Color((p - 1) >> 3 & 1) }
func (p Piece) animal() Animal { return Animal((p - 1) & 7) }

// IsValid reports whether p is one of the sixteen pieces (not NoPiece).
func (p Piece) IsValid() bool { return p >= 1 && p <= 2*NumAnimals }

// pieceLetters are the notation letters, Red's in upper case.
const pieceLetters = "RCDWPTLErcdwptle"

// Letter returns the piece's letter in the notation: R C D W P T L E for the
// Red rat up to elephant, lower case for Blue, and '.' for NoPiece.
func (p Piece) Letter() byte {
	if !p.IsValid() {
		return '.'
	}
	return pieceLetters[p-1]
}

// String returns a name such as "red lion", or "none" for NoPiece.
func (p Piece) String() string {
	if !p.IsValid() {
		return "none"
	}
	return p.Color().String() + " " + p.Animal().String()
}

// pieceFromLetter reads a notation letter, accepting J for the leopard.
func pieceFromLetter(ch byte) (Piece, bool) {
	switch ch {
	case 'J':
		ch = 'P'
	case 'j':
		ch = 'p'
	}
	for i := range len(pieceLetters) {
		if pieceLetters[i] == ch {
			return Piece(i + 1), true
		}
	}
	return NoPiece, false
}
