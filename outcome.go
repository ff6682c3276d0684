package doushouqi

// Reason says how a game ended, or that it has not.
type Reason uint8

// The ways a position can be decided, checked in this order after every move.
const (
	Undecided   Reason = iota // the game goes on
	DenEntered                // a piece entered the enemy den: its side wins
	NoPieces                  // the side to move has no pieces left: it loses
	NoLegalMove               // the side to move has pieces but no legal move: it loses
	MoveLimit                 // the rules' number of half-moves without a capture (60): a draw

	// Outside the rules, for a Game only:
	Resigned   // a side resigned: the other wins
	DrawAgreed // both sides agreed a draw
	Repetition // the third occurrence of a position under Rules.Threefold: a draw
)

var reasonNames = [...]string{
	Undecided:   "undecided",
	DenEntered:  "den entered",
	NoPieces:    "no pieces left",
	NoLegalMove: "no legal move",
	MoveLimit:   "no-capture move limit",
	Resigned:    "resignation",
	DrawAgreed:  "agreed",
	Repetition:  "threefold repetition",
}

// String describes the reason, such as "den entered".
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "reason?"
}

// Outcome is the result of a position: whether it is decided, how, and who
// won.
type Outcome struct {
	Reason Reason
	Winner Color // meaningful only when the outcome is decided and not a draw
}

// IsDecided reports whether the game is over.
func (o Outcome) IsDecided() bool { return o.Reason != Undecided }

// IsDraw reports whether the game ended in a draw.
func (o Outcome) IsDraw() bool {
	return o.Reason == MoveLimit || o.Reason == DrawAgreed || o.Reason == Repetition
}

// String describes the outcome, such as "red wins: den entered",
// "draw: no-capture move limit" or "undecided".
func (o Outcome) String() string {
	switch o.Reason {
	case Undecided:
		return "undecided"
	case MoveLimit, DrawAgreed, Repetition:
		return "draw: " + o.Reason.String()
	}
	return o.Winner.String() + " wins: " + o.Reason.String()
}

// Outcome returns the result of the position, decided in the order of
// RULES.md: a piece in the enemy den wins; then a side to move with no legal
// move (or no piece) loses; then DrawHalfMoves half-moves without a capture
// draw. A decided position has no legal moves.
func (p *Position) Outcome() Outcome {
	switch {
	case p.occupied[Red]&BlueDen != 0:
		return Outcome{Reason: DenEntered, Winner: Red}
	case p.occupied[Blue]&RedDen != 0:
		return Outcome{Reason: DenEntered, Winner: Blue}
	case p.occupied[p.side] == 0:
		return Outcome{Reason: NoPieces, Winner: p.side.Other()}
	case p.countMoves() == 0:
		return Outcome{Reason: NoLegalMove, Winner: p.side.Other()}
	case p.clock >= p.drawAt:
		return Outcome{Reason: MoveLimit}
	}
	return Outcome{}
}
