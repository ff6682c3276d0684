package doushouqi_test

import (
	"slices"
	"testing"

	dsq "github.com/doushouqi/doushouqi"
)

// allRuleOptions are the rules with every combination of the options that
// change the moves.
var allRuleOptions = []dsq.Rules{
	dsq.Standard,
	{TrappedCapture: true},
	{SwapDogWolf: true},
	{TrappedCapture: true, SwapDogWolf: true},
}

// TestGeneratorCapturesWhatCanCaptureAllows: with an attacker and a
// defender alone on the board, for every pair of pieces of opposite sides,
// every square the attacker may stand on and every step or river jump from
// it onto a square the defender may stand on, under every rule option, the
// generator (LegalTargets, LegalMoves, CountLegalMoves) and Play list the
// capture exactly when the attacker can make the move and CanCapture
// allows it.
func TestGeneratorCapturesWhatCanCaptureAllows(t *testing.T) {
	canStand := func(p dsq.Piece, sq dsq.Square) bool {
		return !dsq.Dens.Has(sq) && (!dsq.Water.Has(sq) || p.Animal() == dsq.Rat)
	}
	checked, captures := 0, 0
	for _, rules := range allRuleOptions {
		for attacker := dsq.Piece(1); attacker.IsValid(); attacker++ {
			a := attacker.Animal()
			for from := range dsq.Square(dsq.NumSquares) {
				if !canStand(attacker, from) {
					continue
				}
				reach := dsq.Steps(from)
				if a == dsq.Lion || a == dsq.Tiger {
					reach |= dsq.Jumps(from) // no rat on the water: only the two pieces are on the board
				}
				if a != dsq.Rat {
					reach &^= dsq.Water
				}
				for to := range (dsq.Steps(from) | dsq.Jumps(from)).Squares() {
					for d := range dsq.Animal(dsq.NumAnimals) {
						defender := dsq.NewPiece(attacker.Color().Other(), d)
						if !canStand(defender, to) {
							continue
						}
						var s dsq.Setup
						s.Board[from], s.Board[to] = attacker, defender
						s.SideToMove, s.MoveNumber, s.Rules = attacker.Color(), 1, rules
						pos, err := dsq.NewPosition(s)
						if err != nil {
							t.Fatal(err)
						}
						m := dsq.NewMove(from, to)
						want := reach.Has(to) && dsq.CanCapture(rules, attacker, from, defender, to)
						moves := pos.LegalMoves()
						got := map[string]bool{
							"LegalTargets": pos.LegalTargets(from).Has(to),
							"LegalMoves":   slices.Contains(moves, m),
							"CheckMove":    pos.CheckMove(m) == nil,
							"IsLegal":      pos.IsLegal(m),
						}
						for name, g := range got {
							if g != want {
								t.Fatalf("%v: %s says %v for %v on %v, want %v", rules, name, g, m, pos, want)
							}
						}
						if n := pos.CountLegalMoves(); n != len(moves) {
							t.Fatalf("%v: CountLegalMoves() = %d on %v, LegalMoves has %d", rules, n, pos, len(moves))
						}
						checked++
						if want {
							captures++
						}
					}
				}
			}
		}
	}
	if checked < 50000 || captures < checked/4 || captures > checked*3/4 {
		t.Fatalf("%d pairs checked, %d captures: want many of both", checked, captures)
	}
}
