package doushouqi_test

import (
	"encoding/json"
	"fmt"

	dsq "github.com/doushouqi/doushouqi"
)

// A game as a server runs it: moves from text, a refused move with its
// reason, a takeback, a draw offer that lapses, a resignation after which
// the game offers no moves, a record saved and loaded.
func ExampleGame() {
	var g dsq.Game // the zero Game: a standard game from the start position
	_ = g.SetTag("Red", "alice")
	_ = g.SetTag("Blue", "bob")
	_ = g.SetTag("Date", "2026.11.29")

	for _, s := range []string{"a3a4", "a7a6", "g3g4"} {
		if _, err := g.PlayText(s); err != nil {
			fmt.Println(err)
		}
	}
	_, err := g.PlayText("g7f6") // diagonal
	fmt.Println(err)

	fmt.Println(g.Undo(), len(g.Moves())) // take back g3g4

	fmt.Println(g.OfferDraw(dsq.Red))
	_, _ = g.PlayText("g3g4") // Red moves on; the offer stands
	_, _ = g.PlayText("g7g6") // Blue moves instead of answering: the offer lapses
	_, pending := g.DrawOffer()
	fmt.Println("offer pending:", pending)

	fmt.Println(g.Resign(dsq.Blue), g.Outcome())
	fmt.Println(len(g.LegalMoves()), "legal moves once over")

	record := g.Record()
	fmt.Print(record)
	loaded, err := dsq.ParseRecord(record)
	fmt.Println(err, loaded.Outcome(), len(loaded.Moves()))
	// Output:
	// doushouqi: illegal move g7f6: a piece moves one square up, down, left or right
	// <nil> 2
	// <nil>
	// offer pending: false
	// <nil> red wins: resignation
	// 0 legal moves once over
	// [Date "2026.11.29"]
	// [Red "alice"]
	// [Blue "bob"]
	// [Start "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1"]
	// [Result "red wins: resignation"]
	//
	// 1. a3a4 a7a6 2. g3g4 g7g6 1-0
	// <nil> red wins: resignation 4
}

func ExampleParseRecord() {
	_, err := dsq.ParseRecord("[Result \"*\"]\n\n1. a3a4 a7a6 2. b3b7 *\n")
	fmt.Println(err)
	_, err = dsq.ParseRecord("[Result \"red wins: resignation\"]\n\n1. a3a4 a7a6\n") // cut short
	fmt.Println(err)
	// Output:
	// doushouqi: game record line 3: move 2 (red) "b3b7": illegal move b3b7: there is no piece on b3
	// doushouqi: game record line 3: the moves do not end with a result token (1-0, 0-1, 1/2-1/2 or *): the record is cut short
}

func ExampleGame_MarshalJSON() {
	g := dsq.NewGame()
	m, _ := dsq.ParseMove("a3a4")
	_ = g.Play(m)
	data, _ := json.Marshal(g)
	fmt.Println(string(data))
	// Output: {"start":"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1","moves":["a3a4"],"result":"*"}
}

func ExampleTerrainOf() {
	for _, sq := range []dsq.Square{dsq.D1, dsq.D8, dsq.C5, dsq.D5} {
		fmt.Printf("%s: red %s, blue %s\n", sq, dsq.TerrainOf(sq, dsq.Red), dsq.TerrainOf(sq, dsq.Blue))
	}
	// Output:
	// d1: red own den, blue enemy den
	// d8: red enemy trap, blue own trap
	// c5: red water, blue water
	// d5: red land, blue land
}

func ExamplePosition_Attackers() {
	// Blue's lion stands in Red's trap d2: it has rank 0 there.
	pos, _ := dsq.ParsePosition("7/7/7/7/7/7/3R3/2ClD2/E6 b")
	for sq := range pos.Attackers(dsq.D2, dsq.Red).Squares() {
		fmt.Println(pos.PieceAt(sq), "on", sq, "can take it")
	}
	// Output:
	// red cat on c2 can take it
	// red dog on e2 can take it
	// red rat on d3 can take it
}

func ExamplePosition_Threatened() {
	// Blue's lion can jump the river onto Red's tiger on f3; Red's rat
	// swims beside Blue's rat, which can take it (rat against rat in the
	// water).
	pos, _ := dsq.ParsePosition("7/7/5l1/7/1rR4/7/5T1/7/7 r")
	for sq := range pos.Threatened(dsq.Red).Squares() {
		fmt.Println(pos.PieceAt(sq), "on", sq, "is threatened")
	}
	// Output:
	// red tiger on f3 is threatened
	// red rat on c5 is threatened
}

func ExamplePosition_Controllers() {
	// Who would take a Blue elephant stepping into Red's trap d2?
	pos, _ := dsq.ParsePosition("l6/7/7/7/7/7/3R3/2C4/7 b")
	fmt.Println(pos.Controllers(dsq.D2, dsq.Red, dsq.Elephant).Count(), "guards")
	// Output: 2 guards
}

func ExamplePosition_DenThreats() {
	// Red's dog on d8 threatens Blue's den; Blue's cat can take it, since it
	// stands in Blue's trap.
	pos, _ := dsq.ParsePosition("7/2cD3/7/7/7/7/7/7/l6 b")
	fmt.Println(pos.DenThreats(dsq.Red), pos.DenDefences())
	// Output: [d8d9] [c8d8]
}

func ExamplePosition_RiverJump() {
	pos, _ := dsq.ParsePosition("l6/7/7/7/1r5/7/1L5/7/7 r")
	j, _ := pos.RiverJump(dsq.B3, dsq.Up)
	fmt.Println(j.From, "->", j.To, "over", j.Path.Count(), "water squares, blocked by the rat on", j.BlockedBy)
	// Output: b3 -> b7 over 3 water squares, blocked by the rat on b5
}
