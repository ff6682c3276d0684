package endgame_test

import (
	"fmt"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
)

// A red elephant against a blue lion: solve the material (and the one-piece
// endings its captures lead to) and ask about a position.
func ExampleTables_Verdict() {
	ts, err := endgame.NewTables(dsq.Standard)
	if err != nil {
		panic(err)
	}
	m, err := endgame.ParseMaterial("Evl")
	if err != nil {
		panic(err)
	}
	if err := ts.Generate([]endgame.Material{m}, endgame.Options{}); err != nil {
		panic(err)
	}
	pos, err := dsq.ParsePosition("7/7/7/7/3l3/7/7/4E2/7 b 0 1")
	if err != nil {
		panic(err)
	}
	v, _ := ts.Verdict(pos)
	fmt.Println(v)
	fmt.Println(v.Value)
	// Output:
}
