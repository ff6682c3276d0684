package doushouqi

import (
	"fmt"
	"strings"
)

// refusal words the rule m breaks for a player, with the animals, squares
// and ranks involved; "" when the sentinel's own words say it all.
func (p *Position) refusal(m Move, rule error) string {
	from, to := m.From(), m.To()
	piece, target := p.PieceAt(from), p.PieceAt(to)
	switch rule {
	case ErrGameOver:
		if p.IsZero() {
			return "the game is over: the zero Position is not a position"
		}
		return "the game is over: " + p.outcome().String()
	case ErrEmptySquare:
		if m.strayBits() {
			return fmt.Sprintf("%#04x is not a move: bits above its two squares are set", uint16(m))
		}
		if from.IsValid() {
			return "there is no piece on " + from.String()
		}
	case ErrNotYourPiece:
		return "that piece is " + capitalize(piece.Color().String()) + "'s"
	case ErrNotAJumper:
		return fmt.Sprintf("only the lion and the tiger jump the river, not the %s", piece.Animal())
	case ErrJumpBlocked:
		path, _ := JumpPath(from, to)
		rats := path & (p.Pieces(Red, Rat) | p.Pieces(Blue, Rat))
		return fmt.Sprintf("the rat on %s blocks the %s's jump", rats.First(), piece.Animal())
	case ErrWater:
		return fmt.Sprintf("the %s cannot enter the water: only the rat may be on water", piece.Animal())
	case ErrOwnPiece:
		return fmt.Sprintf("%s holds your own %s", to, target.Animal())
	case ErrWaterLandCapture:
		if Water.Has(from) {
			return fmt.Sprintf("the %s cannot capture from the water onto land", piece.Animal())
		}
		return fmt.Sprintf("the %s cannot capture from land into the water", piece.Animal())
	case ErrTrappedAttacker:
		return fmt.Sprintf("the %s stands in an enemy trap (rank 0) and cannot capture", piece.Animal())
	case ErrRankTooLow:
		rules := p.Rules()
		a, d := piece.Animal(), target.Animal()
		return fmt.Sprintf("the %s (%d) cannot capture the %s (%d)", a, rules.Rank(a), d, rules.Rank(d))
	}
	return ""
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
