package doushouqi_test

import (
	"encoding/json"
	"fmt"

	dsq "github.com/doushouqi/doushouqi"
)

// House rules: a piece in an enemy trap captures at full rank, and 200
// quiet half-moves draw instead of 60.
func ExampleRules() {
	rules := dsq.Rules{TrappedCapture: true, MoveLimit: 200}
	fmt.Println(rules, rules.Validate())
	fmt.Println(dsq.Standard, dsq.Rules{} == dsq.Standard)
	fmt.Println(dsq.Rules{SwapDogWolf: true}.Rank(dsq.Dog), dsq.Standard.Rank(dsq.Dog))
	fmt.Println(dsq.Rules{MoveLimit: -5}.Validate())
	// Output:
	// trapped-capture,move-limit=200 <nil>
	// standard true
	// 4 3
	// doushouqi: invalid rules: move limit -5, want -1 (none), 0 (60) or 1..10000
}

func ExampleParseRules() {
	rules, err := dsq.ParseRules("swap-dog-wolf,no-move-limit,threefold")
	fmt.Println(rules.SwapDogWolf, rules.MoveLimit == dsq.NoMoveLimit, rules.Threefold, err)
	_, err = dsq.ParseRules("chess")
	fmt.Println(err)
	// Output:
	// true true true <nil>
	// doushouqi: ParseRules: parsing "chess": invalid rules: unknown option "chess"
}

// The same position under two rules: the elephant in Blue's trap d8 cannot
// take the wolf by the standard rules, and can when trapped pieces capture.
func ExamplePosition_WithRules() {
	pos, _ := dsq.ParsePosition("7/3E3/3w3/7/7/7/7/7/T6 r")
	m, _ := dsq.ParseMove("d8d7")
	fmt.Println(pos.CheckMove(m))
	house, _ := pos.WithRules(dsq.Rules{TrappedCapture: true})
	fmt.Println(house.CheckMove(m), house.Rules())
	// Output:
	// doushouqi: illegal move d8d7: the elephant stands in an enemy trap (rank 0) and cannot capture
	// <nil> trapped-capture
}

// A game under threefold repetition: the lions shuffle back and forth, and
// the third occurrence of the start draws.
func ExampleNewGameRules() {
	g, err := dsq.NewGameRules(dsq.StartPosition(), dsq.Rules{Threefold: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []string{"g1f1", "a9b9", "f1g1", "b9a9", "g1f1", "a9b9", "f1g1", "b9a9"} {
		if _, err := g.PlayText(s); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(g.Outcome(), len(g.LegalMoves()))
	fmt.Print(g.Record())
	// Output:
	// draw: threefold repetition 0
	// [Rules "threefold"]
	// [Start "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 0 1"]
	// [Result "draw: threefold repetition"]
	//
	// 1. g1f1 a9b9 2. f1g1 b9a9 3. g1f1 a9b9 4. f1g1 b9a9 1/2-1/2
}

func ExampleGame_PlayText() {
	var g dsq.Game
	m, err := g.PlayText("a3a4")
	fmt.Println(m, err)
	_, err = g.PlayText("b8b7x")
	fmt.Println(err)
	_, err = g.PlayText("a4a5") // Blue to move
	fmt.Println(err)
	// Output:
	// a3a4 <nil>
	// doushouqi: move "b8b7x": syntax error: want 4 characters, have 5
	// doushouqi: illegal move a4a5: that piece is Red's
}

func ExampleGame_LegalTargets() {
	var g dsq.Game
	var targets []dsq.Square
	for sq := range g.LegalTargets(dsq.A3).Squares() { // the elephant's steps
		targets = append(targets, sq)
	}
	fmt.Println(targets)
	_ = g.Resign(dsq.Red)
	fmt.Println(g.LegalTargets(dsq.A3).Count(), "after a resignation")
	// Output:
	// [a2 b3 a4]
	// 0 after a resignation
}

func ExampleOutcome_MarshalJSON() {
	o := dsq.Outcome{Reason: dsq.DenEntered, Winner: dsq.Red}
	data, _ := json.Marshal(o)
	fmt.Println(string(data))
	data, _ = json.Marshal(map[dsq.Outcome]int{o: 12})
	fmt.Println(string(data))
	// Output:
	// {"reason":"den entered","winner":"red"}
	// {"red wins: den entered":12}
}

func ExampleParseRecordJSON() {
	_, err := dsq.ParseRecordJSON([]byte(`{"moves":["a3a4"],"result":"red wins: den entered"}`))
	fmt.Println(err)
	_, err = dsq.ParseRecordJSON([]byte(`{"moves":["a3a4"`)) // cut short
	fmt.Println(err)
	g, err := dsq.ParseRecordJSON([]byte(`{"moves":["a3a4","a7a6"],"result":"blue wins: resignation"}`))
	fmt.Println(g.Outcome(), err)
	// Output:
	// doushouqi: game record: result "red wins: den entered", but the moves give "*"
	// doushouqi: game record: JSON: unexpected end of JSON input
	// blue wins: resignation <nil>
}
