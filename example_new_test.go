package doushouqi_test

import (
	"fmt"

	dsq "github.com/doushouqi/doushouqi"
)

func ExampleGame_Undo() {
	// Blue's dog stands in Red's trap on d2, next to Red's den; Red's cat on
	// e2 can take it there. Red moves the lion instead, and Blue wins.
	start, _ := dsq.ParsePosition("6l/7/7/7/L6/7/7/3dC2/7 r 0 1")
	g, _ := dsq.NewGameFrom(start)
	_, _ = g.PlayText("a5a6")
	_, _ = g.PlayText("d2d1")
	lost := *g // a copy keeps the lost game
	fmt.Println(g.Outcome())

	// Take back Blue's winning move, then Red's blunder, and play the cat.
	if err := g.Undo(); err != nil {
		fmt.Println(err)
	}
	if err := g.Undo(); err != nil {
		fmt.Println(err)
	}
	fmt.Println(g.Outcome(), len(g.Moves()))
	_, err := g.PlayText("e2d2")
	fmt.Println(err, g.Position().PieceAt(dsq.D2))
	fmt.Println(lost.Outcome(), lost.Moves())
	// Output:
	// blue wins: den entered
	// undecided 0
	// <nil> red cat
	// blue wins: den entered [a5a6 d2d1]
}

func ExampleGame_Forfeit() {
	// A server's clock ran out for Blue; the Result tag carries the reason.
	var g dsq.Game
	_, _ = g.PlayText("a3a4")
	fmt.Println(g.Forfeit(dsq.Blue, dsq.Resigned)) // Resign says that
	if err := g.Forfeit(dsq.Blue, dsq.TimeForfeit); err != nil {
		fmt.Println(err)
	}
	fmt.Println(g.Outcome())

	// A forfeit is taken back like a resignation.
	if err := g.Undo(); err != nil {
		fmt.Println(err)
	}
	fmt.Println(g.IsOver(), len(g.Moves()))
	// Output:
	// doushouqi: forfeit: not a reason to forfeit: resignation
	// red wins: time forfeit
	// false 1
}

func ExampleGame_DrawOffer() {
	var g dsq.Game
	fmt.Println(g.DrawOffer())
	_ = g.OfferDraw(dsq.Red)
	fmt.Println(g.DrawOffer())
	_ = g.AcceptDraw(dsq.Blue)
	fmt.Println(g.Outcome(), g.Outcome().Winner)
	// Output:
	// none false
	// red true
	// draw: agreed none
}
