package doushouqi_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	dsq "github.com/doushouqi/doushouqi"
)

// TestCanCaptureFollowsTheCaptureRules: one row per capture rule of
// RULES.md, and its exceptions, on squares chosen for it.
func TestCanCaptureFollowsTheCaptureRules(t *testing.T) {
	red := func(a dsq.Animal) dsq.Piece { return dsq.NewPiece(dsq.Red, a) }
	blue := func(a dsq.Animal) dsq.Piece { return dsq.NewPiece(dsq.Blue, a) }
	trapped := dsq.Rules{TrappedCapture: true}
	swapped := dsq.Rules{SwapDogWolf: true}
	for _, tc := range []struct {
		name     string
		rules    dsq.Rules
		attacker dsq.Piece
		from     dsq.Square
		defender dsq.Piece
		to       dsq.Square
		want     bool
	}{
		{"higher rank on land", dsq.Standard, red(dsq.Lion), dsq.D4, blue(dsq.Tiger), dsq.D5, true},
		{"equal rank", dsq.Standard, red(dsq.Dog), dsq.D4, blue(dsq.Dog), dsq.D5, true},
		{"lower rank", dsq.Standard, red(dsq.Tiger), dsq.D4, blue(dsq.Lion), dsq.D5, false},
		{"dog below wolf", dsq.Standard, red(dsq.Dog), dsq.A5, blue(dsq.Wolf), dsq.A6, false},
		{"dog above wolf when swapped", swapped, red(dsq.Dog), dsq.A5, blue(dsq.Wolf), dsq.A6, true},
		{"wolf below dog when swapped", swapped, blue(dsq.Wolf), dsq.A6, red(dsq.Dog), dsq.A5, false},
		{"rat in water to rat on land", dsq.Standard, red(dsq.Rat), dsq.B4, blue(dsq.Rat), dsq.A4, false},
		{"rat on land to rat in water", dsq.Standard, red(dsq.Rat), dsq.A4, blue(dsq.Rat), dsq.B4, false},
		{"rats both in water", dsq.Standard, red(dsq.Rat), dsq.B4, blue(dsq.Rat), dsq.B5, true},
		{"rat in water to elephant on land", dsq.Standard, red(dsq.Rat), dsq.B4, blue(dsq.Elephant), dsq.B3, false},
		{"rat to elephant on land", dsq.Standard, red(dsq.Rat), dsq.A4, blue(dsq.Elephant), dsq.A5, true},
		{"elephant to rat", dsq.Standard, red(dsq.Elephant), dsq.A4, blue(dsq.Rat), dsq.A5, false},
		{"attacker in an enemy trap", dsq.Standard, red(dsq.Lion), dsq.D8, blue(dsq.Cat), dsq.D7, false},
		{"rat in an enemy trap to elephant", dsq.Standard, red(dsq.Rat), dsq.C9, blue(dsq.Elephant), dsq.B9, false},
		{"attacker in an enemy trap, trapped capture", trapped, red(dsq.Lion), dsq.D8, blue(dsq.Tiger), dsq.D7, true},
		{"attacker in an enemy trap still needs the rank", trapped, red(dsq.Cat), dsq.D8, blue(dsq.Tiger), dsq.D7, false},
		{"attacker in its own trap keeps its rank", dsq.Standard, red(dsq.Lion), dsq.D2, blue(dsq.Tiger), dsq.D3, true},
		{"defender in one of our traps", dsq.Standard, red(dsq.Rat), dsq.D3, blue(dsq.Elephant), dsq.D2, true},
		{"elephant to a rat in one of our traps", dsq.Standard, red(dsq.Elephant), dsq.B1, blue(dsq.Rat), dsq.C1, true},
		{"defender in its own trap keeps its rank", dsq.Standard, blue(dsq.Cat), dsq.D3, red(dsq.Lion), dsq.D2, false},
		{"blue attacker", dsq.Standard, blue(dsq.Elephant), dsq.G7, red(dsq.Lion), dsq.G6, true},
		{"same side", dsq.Standard, red(dsq.Lion), dsq.D4, red(dsq.Cat), dsq.D5, false},
		{"no attacker", dsq.Standard, dsq.NoPiece, dsq.D4, blue(dsq.Cat), dsq.D5, false},
		{"no defender", dsq.Standard, red(dsq.Lion), dsq.D4, dsq.NoPiece, dsq.D5, false},
		{"attacker not a piece", dsq.Standard, dsq.Piece(200), dsq.D4, blue(dsq.Cat), dsq.D5, false},
		{"from off the board", dsq.Standard, red(dsq.Lion), dsq.NoSquare, blue(dsq.Cat), dsq.D5, false},
		{"to off the board", dsq.Standard, red(dsq.Lion), dsq.D4, blue(dsq.Cat), dsq.Square(200), false},
	} {
		got := dsq.CanCapture(tc.rules, tc.attacker, tc.from, tc.defender, tc.to)
		assert.Equal(t, tc.want, got, "%s: CanCapture(%v, %v, %v, %v, %v)", tc.name, tc.rules, tc.attacker, tc.from, tc.defender, tc.to)
	}
}

func ExampleCanCapture() {
	rat := dsq.NewPiece(dsq.Red, dsq.Rat)
	elephant := dsq.NewPiece(dsq.Blue, dsq.Elephant)
	fmt.Println(dsq.CanCapture(dsq.Standard, rat, dsq.A4, elephant, dsq.A5)) // rule 4: the rat takes the elephant
	fmt.Println(dsq.CanCapture(dsq.Standard, elephant, dsq.A5, rat, dsq.A4)) // and not the other way round
	fmt.Println(dsq.CanCapture(dsq.Standard, rat, dsq.B4, elephant, dsq.B3)) // rule 1: not from the water onto land
	// Output:
	// true
	// false
	// false
}
