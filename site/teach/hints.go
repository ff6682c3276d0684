package teach

import (
	dsq "github.com/doushouqi/doushouqi"
)

// Hint is what the page needs to mark a selected piece at once, without
// asking the server: the squares it may go to, and for each neighbouring
// square and river landing it may not go to, the rule that refuses it (the
// same lists as GET /api/games/{id}/targets answers for one piece).
type Hint struct {
	Targets []string  `json:"targets"`
	Refused []Refusal `json:"refused"`
}

// Refusal is a square a piece cannot go to, and the rule that forbids it.
type Refusal struct {
	To string `json:"to"`
	Rule
}

// Hints returns a Hint for every piece of the side to move, keyed by its
// square ("a3"); an empty map for a decided game. It is the state's
// "legal" field of API.md: with it the page highlights a selection with no
// round trip, and the server still judges the move when it is played.
func Hints(pos dsq.Position) map[string]Hint {
	out := map[string]Hint{}
	if pos.Outcome().IsDecided() {
		return out
	}
	side := pos.SideToMove()
	for sq := dsq.Square(0); sq < dsq.NumSquares; sq++ {
		if piece := pos.PieceAt(sq); piece != dsq.NoPiece && piece.Color() == side {
			out[sq.String()] = Hint{Targets: squareNames(pos.LegalTargets(sq)), Refused: Refusals(pos, sq)}
		}
	}
	return out
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
