package doushouqi

import "unicode/utf8"

// Move is a move in coordinate form: from square and to square, six bits each
// (from in bits 0..5, to in bits 6..11; a Move with any of bits 12..15 set is
// no move: never legal, written "0000"). A river jump is a move like any other.
// The zero Move (a1a1) is NoMove, never a legal move.
type Move uint16

// NoMove is the zero Move; it is never legal.
const NoMove Move = 0

// MaxMoves bounds the number of legal moves in any position: eight pieces
// with at most four destinations each (steps and jumps together).
const MaxMoves = 32

// NewMove returns the move from one square to another, and NoMove if
// either is not a square of the board (NoSquare included). It does not check
// that the two differ: ParseMove and the text forms refuse that.
func NewMove(from, to Square) Move {
	if from >= NumSquares || to >= NumSquares {
		return NoMove
	}
	return newMove(from, to)
}

// newMove is NewMove for two squares of the board, as the move generator
// has them: no check.
func newMove(from, to Square) Move { return Move(from&63) | Move(to&63)<<6 }

// From returns the square the move starts on.
func (m Move) From() Square { return Square(m & 63) }

// To returns the square the move ends on.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// String returns the move as "<from><to>", such as "a3a4" or "b3b7", and
// "0000" for NoMove or a Move whose squares are not on the board.
func (m Move) String() string {
	if !m.isWellFormed() {
		return "0000"
	}
	return string(m.appendText(make([]byte, 0, 4)))
}

// isWellFormed reports whether m names two different squares of the board,
// as ParseMove would give, and nothing else.
func (m Move) isWellFormed() bool {
	return !m.strayBits() && m.From().IsValid() && m.To().IsValid() && m.From() != m.To()
}

// strayBits reports whether any of bits 12..15 is set: such a Move names
// no move, whatever its two squares.
func (m Move) strayBits() bool { return m>>12 != 0 }

func (m Move) appendText(b []byte) []byte {
	from, to := m.From(), m.To()
	return append(b, byte('a'+from.File()), byte('1'+from.Rank()), byte('a'+to.File()), byte('1'+to.Rank()))
}

// ParseMove reads a move in coordinate form, "<from><to>" such as "a3a4". It
// checks the syntax only (two squares, and not the same one twice); whether
// the move is legal is a question for a position ([Position.IsLegal],
// [Position.Play]).
func ParseMove(s string) (Move, error) { return parseMove("ParseMove", s) }

func parseMove(fn, s string) (Move, error) {
	if err := moveShape(s); err != nil {
		return NoMove, newParseError(fn, s, err)
	}
	from, err := ParseSquare(s[:2]) // moveShape made s four ASCII bytes
	if err != nil {
		return NoMove, newParseError(fn, s, squareReason(s[:2]))
	}
	to, err := ParseSquare(s[2:])
	if err != nil {
		return NoMove, newParseError(fn, s, squareReason(s[2:]))
	}
	if from == to {
		return NoMove, newParseError(fn, s, wrapf(ErrSyntax, "from and to are the same square"))
	}
	return NewMove(from, to), nil
}

// moveShape checks that s is four ASCII characters, and otherwise says what
// it is, counting characters, not bytes.
func moveShape(s string) error {
	if len(s) == 4 && s[0] < utf8.RuneSelf && s[1] < utf8.RuneSelf && s[2] < utf8.RuneSelf && s[3] < utf8.RuneSelf {
		return nil
	}
	switch n := utf8.RuneCountInString(s); {
	case s == "":
		return wrapf(ErrSyntax, "empty move, want <from><to> such as a3a4")
	case !utf8.ValidString(s) && len(s) == 4:
		return wrapf(ErrSquare, "not valid UTF-8") // four bytes where the squares belong
	case !utf8.ValidString(s):
		return wrapf(ErrSyntax, "not valid UTF-8")
	case n != 4:
		return wrapf(ErrSyntax, "want 4 characters, have %d", n)
	}
	// Four characters, some not ASCII: name the square at fault.
	r := []rune(s)
	if from := string(r[:2]); !isSquareName(from) {
		return squareReason(from)
	}
	return squareReason(string(r[2:]))
}
