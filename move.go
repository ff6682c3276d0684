package doushouqi

// Move is a move in coordinate form: from square and to square, six bits each
// (from in bits 0..5, to in bits 6..11). A river jump is a move like any other.
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
// as ParseMove would give.
func (m Move) isWellFormed() bool {
	return m.From().IsValid() && m.To().IsValid() && m.From() != m.To()
}

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
	if len(s) != 4 {
		return NoMove, newParseError(fn, s, wrapf(ErrSyntax, "want 4 characters, have %d", len(s)))
	}
	from, err1 := ParseSquare(s[:2])
	to, err2 := ParseSquare(s[2:])
	if err1 != nil || err2 != nil {
		return NoMove, newParseError(fn, s, ErrSquare)
	}
	if from == to {
		return NoMove, newParseError(fn, s, wrapf(ErrSyntax, "from and to are the same square"))
	}
	return NewMove(from, to), nil
}
