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
		piece := pos.PieceAt(sq)
		if piece == dsq.NoPiece || piece.Color() != side {
			continue
		}
		h := Hint{Targets: squareNames(pos.LegalTargets(sq)), Refused: []Refusal{}}
		for _, to := range candidates(sq, piece.Animal()) {
			if err := pos.CheckMove(dsq.NewMove(sq, to)); err != nil {
				h.Refused = append(h.Refused, Refusal{To: to.String(), Code: Code(err), Message: reasonOf(err)})
			}
		}
		out[sq.String()] = h
	}
	return out
}
