package doushouqi_test

import (
	"encoding/json"
	"fmt"

	dsq "github.com/doushouqi/doushouqi"
)

// Games held by value in a map: a snapshot taken before a take-back keeps
// its moves, and a tag set on one copy stays on it.
func ExampleGame_copies() {
	rooms := map[string]dsq.Game{}
	var g dsq.Game
	for _, s := range []string{"a3a4", "a7a6", "g3g4"} {
		g.PlayText(s)
	}
	rooms["r1"] = g

	snap := rooms["r1"] // a copy: nothing done to cur reaches it
	cur := rooms["r1"]
	cur.Undo()
	cur.PlayText("b2b3")
	cur.SetTag("Event", "take-back")
	rooms["r1"] = cur

	fmt.Println(snap.Moves(), snap.Tags())
	fmt.Println(rooms["r1"].Moves(), rooms["r1"].Tags())
	// Output:
	// [a3a4 a7a6 g3g4] map[]
	// [a3a4 a7a6 b2b3] map[Event:take-back]
}

// A position under house rules writes them as a fifth field of its
// notation, so its text and JSON read back under the same rules: here 70
// half-moves without a capture, which Standard rules would have drawn.
func ExamplePosition_String() {
	pos, _ := dsq.ParsePosition("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 70 36")
	fmt.Println(pos, "|", pos.Outcome())
	house, _ := pos.WithRules(dsq.Rules{MoveLimit: 200})
	fmt.Println(house, "|", house.Outcome())

	data, _ := json.Marshal(house)
	var back dsq.Position
	json.Unmarshal(data, &back)
	fmt.Println(string(data), back == house, back.Outcome())
	// Output:
	// l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 70 36 | draw: no-capture move limit
	// l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 70 36 move-limit=200 | undecided
	// "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L r 70 36 move-limit=200" true undecided
}
