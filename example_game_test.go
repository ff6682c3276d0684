package doushouqi_test

import (
	"encoding/json"
	"fmt"

	dsq "github.com/doushouqi/doushouqi"
)

// A game as a server runs it: moves, a refused move with its reason, a
// takeback, a draw offer that lapses, a record saved and loaded.
func ExampleGame() {
	g := dsq.NewGame()
	g.Tags["Red"], g.Tags["Blue"], g.Tags["Date"] = "alice", "bob", "2026.11.29"

	for _, s := range []string{"a3a4", "a7a6", "g3g4"} {
		m, _ := dsq.ParseMove(s)
		if err := g.Play(m); err != nil {
			fmt.Println(err)
		}
	}
	m, _ := dsq.ParseMove("g7f6") // diagonal
	fmt.Println(g.Play(m))

	fmt.Println(g.Undo(), len(g.Moves())) // take back g3g4

	fmt.Println(g.OfferDraw(dsq.Red))
	m, _ = dsq.ParseMove("g3g4")
	_ = g.Play(m) // Red moves on; the offer stands
	m, _ = dsq.ParseMove("g7g6")
	_ = g.Play(m) // Blue moves instead of answering: the offer lapses
	_, pending := g.DrawOffer()
	fmt.Println("offer pending:", pending)

	fmt.Println(g.Resign(dsq.Blue), g.Outcome())

	record := g.Record()
	fmt.Print(record)
	loaded, err := dsq.ParseRecord(record)
	fmt.Println(err, loaded.Outcome(), len(loaded.Moves()))
	// Output:
	// illegal move g7f6: not a one-square orthogonal step or a river jump
	// <nil> 2
	// <nil>
	// offer pending: false
	// <nil> red wins: resignation
	// [Date "2026.11.29"]
	// [Red "alice"]
	// [Blue "bob"]
	// [Start "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1"]
	// [Result "red wins: resignation"]
	//
	// 1. a3a4 a7a6 2. g3g4 g7g6
	// <nil> red wins: resignation 4
}

func ExampleParseRecord() {
	_, err := dsq.ParseRecord("[Result \"*\"]\n\n1. a3a4 a7a6 2. b3b7\n")
	fmt.Println(err)
	// Output: doushouqi: game record line 3: move 2 (red) b3b7: illegal move b3b7: no piece on the from square
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
