package teach

import (
	dsq "github.com/doushouqi/doushouqi"
)

// Refusal is a square a piece cannot go to, and the rule that forbids it.
type Refusal struct {
	To string `json:"to"`
	Rule
}

// Refusals returns, for the piece on from, each square next to it and each
// river landing of a lion or tiger that the rules refuse it in pos (the
// side to move's view: a piece of the other side is refused them all as
// not its turn), with the rule, in the order up, down, left, right, then
// the landings in that order. None for an empty square.
func Refusals(pos dsq.Position, from dsq.Square) []Refusal {
	out := []Refusal{}
	if pos.PieceAt(from) == dsq.NoPiece {
		return out
	}
	for _, to := range tries(&pos, from) {
		if err := pos.CheckMove(dsq.NewMove(from, to)); err != nil {
			out = append(out, Refusal{To: to.String(), Rule: RuleOf(err)})
		}
	}
	return out
}

// steps are the four directions as file and rank offsets.
var steps = [...]struct{ file, rank int }{dsq.Up: {0, 1}, dsq.Down: {0, -1}, dsq.Left: {-1, 0}, dsq.Right: {1, 0}}

// tries are the squares the piece on from might try: its neighbours, and a
// lion's or tiger's river landings (dsq.Position.RiverJump), blocked or not.
func tries(pos *dsq.Position, from dsq.Square) []dsq.Square {
	var out []dsq.Square
	for d := dsq.Up; d <= dsq.Right; d++ {
		if to := dsq.SquareAt(from.File()+steps[d].file, from.Rank()+steps[d].rank); to != dsq.NoSquare {
			out = append(out, to)
		}
	}
	if !pos.PieceAt(from).Animal().CanJump() {
		return out
	}
	for d := dsq.Up; d <= dsq.Right; d++ {
		if j, ok := pos.RiverJump(from, d); ok {
			out = append(out, j.To)
		}
	}
	return out
}
