package teach_test

import (
	"fmt"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/site/teach"
)

// A red lion on d5 facing the river, a blue rat swimming on b5: the jump to
// the left is blocked, the one to the right is open.
func ExampleAnalyze() {
	pos, _ := dsq.ParsePosition("l5t/7/7/7/1r1L3/7/7/7/T6 r 0 1")
	a, _ := teach.Analyze(pos, "d5")
	fmt.Println("targets:", a.Targets)
	for _, r := range a.Refused {
		fmt.Printf("%s refused: %s (%s)\n", r.To, r.Code, r.Message)
	}
	for _, j := range a.Jumps {
		blocked := "open"
		if j.BlockedBy != nil {
			blocked = "blocked by " + *j.BlockedBy
		}
		fmt.Println(j.Direction, j.Path, "->", j.Landing, blocked)
	}
	// Output:
	// targets: [d4 g5 d6]
	// c5 refused: water (the lion cannot enter the water: only the rat may be on water)
	// e5 refused: water (the lion cannot enter the water: only the rat may be on water)
	// a5 refused: jump-blocked (the rat on b5 blocks the lion's jump)
	// left [c5 b5] -> a5 blocked by b5
	// right [e5 f5] -> g5 open
}

func ExampleCode() {
	pos := dsq.StartPosition()
	err := pos.CheckMove(dsq.NewMove(dsq.C3, dsq.C4)) // the wolf into the river
	fmt.Println(teach.Code(err))
	// Output: water
}
