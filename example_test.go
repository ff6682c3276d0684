package doushouqi_test

import (
	"errors"
	"fmt"

	dsq "github.com/doushouqi/doushouqi"
)

// Play a few moves, see one refused with its reason, and read the outcome.
func Example() {
	pos := dsq.StartPosition()
	for _, s := range []string{"a3a4", "a7a6"} {
		m, _ := dsq.ParseMove(s)
		if err := pos.Play(m); err != nil {
			fmt.Println(err)
		}
	}
	m, _ := dsq.ParseMove("c3c4") // the wolf would step into the river
	err := pos.Play(m)
	fmt.Println(err)
	fmt.Println(errors.Is(err, dsq.ErrWater))
	fmt.Println(pos)
	fmt.Println(len(pos.LegalMoves()), "legal moves;", pos.Outcome())
	// Output:
	// doushouqi: illegal move c3c4: the wolf cannot enter the water: only the rat may be on water
	// true
	// l5t/1d3c1/2p1w1e/r6/7/E6/2W1P1R/1C3D1/T5L r 2 2
	// 23 legal moves; undecided
}

func ExampleParsePosition() {
	pos, err := dsq.ParsePosition("7/3D3/7/7/7/7/7/7/l6 r 12 30")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(pos.SideToMove(), pos.NoCaptureHalfMoves(), pos.MoveNumber(), pos.PieceAt(dsq.D8))

	_, err = dsq.ParsePosition("7/3D3/7/7/7/7/7/7/l5x r 12 30")
	fmt.Println(err)
	fmt.Println(errors.Is(err, dsq.ErrLetter))
	// Output:
	// red 12 30 red dog
	// doushouqi: ParsePosition: parsing "7/3D3/7/7/7/7/7/7/l5x r 12 30": unknown piece letter: 'x' on rank 1
	// true
}

func ExampleParseMove() {
	m, err := dsq.ParseMove("b3b7")
	fmt.Println(m.From(), m.To(), err)
	_, err = dsq.ParseMove("b3")
	fmt.Println(err)
	// Output:
	// b3 b7 <nil>
	// doushouqi: ParseMove: parsing "b3": syntax error: want 4 characters, have 2
}

func ExampleParseSquare() {
	sq, _ := dsq.ParseSquare("d4")
	fmt.Println(sq, int(sq), sq.File(), sq.Rank(), dsq.Water.Has(sq))
	// Output: d4 24 3 3 false
}

func ExamplePosition_Play() {
	// A rat on b5 blocks the lion's jump from b3 to b7.
	pos, _ := dsq.ParsePosition("l6/7/7/7/1r5/7/1L5/7/7 r")
	m, _ := dsq.ParseMove("b3b7")
	err := pos.Play(m)
	fmt.Println(err, errors.Is(err, dsq.ErrJumpBlocked))

	var me *dsq.MoveError
	if errors.As(err, &me) {
		fmt.Println("refused:", me.Move)
	}
	// Output:
	// doushouqi: illegal move b3b7: the rat on b5 blocks the lion's jump true
	// refused: b3b7
}

func ExamplePosition_LegalTargets() {
	// What a board highlights when Red's lion on b3 is selected.
	pos, _ := dsq.ParsePosition("l6/7/7/7/7/7/1L5/7/7 r")
	for sq := range pos.LegalTargets(dsq.B3).Squares() {
		fmt.Print(sq, " ")
	}
	fmt.Println()
	// Output: b2 a3 c3 b7
}

func ExamplePosition_AppendLegalMoves() {
	pos := dsq.StartPosition()
	var buf [dsq.MaxMoves]dsq.Move // no allocation
	moves := pos.AppendLegalMoves(buf[:0])
	fmt.Println(len(moves), moves[0], moves[len(moves)-1])
	// Output: 24 g3g2 a3a4
}

func ExamplePosition_MakeMove() {
	pos := dsq.StartPosition()
	before := pos
	m, _ := dsq.ParseMove("e3d3")
	undo := pos.MakeMove(m) // unchecked: m must be legal
	fmt.Println(pos.SideToMove(), pos.Hash() != before.Hash())
	pos.UnmakeMove(m, undo)
	fmt.Println(pos == before)
	// Output:
	// blue true
	// true
}

func ExamplePosition_Outcome() {
	pos, _ := dsq.ParsePosition("7/3D3/7/7/7/7/7/7/l6 r 59 40")
	m, _ := dsq.ParseMove("d8d9") // into Blue's den, on the 60th quiet half-move
	_ = pos.Play(m)
	out := pos.Outcome()
	fmt.Println(out, out.IsDecided(), out.Winner, len(pos.LegalMoves()))
	// Output: red wins: den entered true red 0
}

func ExamplePerft() {
	pos := dsq.StartPosition()
	for depth := 1; depth <= 4; depth++ {
		fmt.Println(depth, dsq.Perft(pos, depth))
	}
	// Output:
	// 1 24
	// 2 576
	// 3 12240
	// 4 260099
}

func ExampleDivide() {
	pos, _ := dsq.ParsePosition("l6/7/7/7/7/7/1L5/7/7 r")
	for _, d := range dsq.Divide(pos, 2) {
		fmt.Println(d.Move, d.Nodes)
	}
	// Output:
	// b3a3 2
	// b3b2 2
	// b3b7 2
	// b3c3 2
}

func ExampleNewPosition() {
	var s dsq.Setup
	s.Board[dsq.B3] = dsq.NewPiece(dsq.Red, dsq.Lion)
	s.Board[dsq.A9] = dsq.NewPiece(dsq.Blue, dsq.Lion)
	s.MoveNumber = 1
	pos, err := dsq.NewPosition(s)
	fmt.Println(pos, err)

	s.Board[dsq.B4] = dsq.NewPiece(dsq.Red, dsq.Cat)
	_, err = dsq.NewPosition(s)
	fmt.Println(err)
	// Output:
	// l6/7/7/7/7/7/1L5/7/7 r 0 1 <nil>
	// doushouqi: invalid position: red cat on b4: only the rat may be on water
}

// The example of the README, kept compiling and checked here.
func Example_readme() {
	pos := dsq.StartPosition()
	m, _ := dsq.ParseMove("a3a4")
	if err := pos.Play(m); err != nil { // checked: says why, changes nothing
		fmt.Println(err)
	}

	m, _ = dsq.ParseMove("a7a5")
	err := pos.Play(m)
	fmt.Println(err)
	fmt.Println(errors.Is(err, dsq.ErrNotAStep))

	for sq := range pos.LegalTargets(dsq.C7).Squares() { // what a UI highlights
		fmt.Println("the leopard on c7 may go to", sq)
	}
	fmt.Println(pos.Outcome(), dsq.Perft(pos, 3))

	var buf [dsq.MaxMoves]dsq.Move // search: no allocation
	for _, m := range pos.AppendLegalMoves(buf[:0]) {
		undo := pos.MakeMove(m) // unchecked: m must be legal
		// ... search below ...
		pos.UnmakeMove(m, undo)
	}
	// Output:
	// doushouqi: illegal move a7a5: a piece moves one square up, down, left or right
	// true
	// the leopard on c7 may go to b7
	// the leopard on c7 may go to d7
	// the leopard on c7 may go to c8
	// undecided 11730
}
