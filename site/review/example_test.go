package review_test

import (
	"context"
	"fmt"

	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/search"
	"github.com/doushouqi/doushouqi/site/review"
)

// Red's lion could enter Blue's den, with one half-move left before the
// 60-move limit; Red's rat steps instead, and the game is drawn.
func ExampleGame() {
	pos, _ := dsq.ParsePosition("r6/3L3/7/7/7/7/7/7/R6 r 59 1")
	g, _ := dsq.NewGameFrom(pos)
	g.PlayText("a1a2")
	r, err := review.Game(context.Background(), search.NewEngine(1), g, review.Options{Nodes: 10_000})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range r.Moves {
		fmt.Printf("%d. %s %s: eval %d, best %s (%d), loss %d, marked %t\n",
			m.Ply, m.Color, m.Move, m.Eval, m.Best, m.BestEval, m.Loss, m.Mark)
	}
	// Output:
	// 1. red a1a2: eval 0, best d8d9 (10000), loss 10000, marked true
}
