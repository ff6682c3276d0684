package search

import (
	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/internal/eval"
)

// pieceValue is each animal's worth in centi-rats, by Animal, for move
// ordering. The rat is worth more than its rank: it swims, blocks jumps and
// takes the elephant.
var pieceValue = [dsq.NumAnimals]int{
	dsq.Rat:      400,
	dsq.Cat:      200,
	dsq.Dog:      300,
	dsq.Wolf:     400,
	dsq.Leopard:  500,
	dsq.Tiger:    800,
	dsq.Lion:     900,
	dsq.Elephant: 1000,
}

// drawFade sets how the evaluation fades as the move-limit draw nears:
// it is scaled by (left+drawFade)/(reach+drawFade), left the half-moves to
// the draw, so that half-way through the standard limit a lead counts 3/4
// and at the limit 1/2. The side ahead then prefers the line that captures
// (the count starts again), the side behind the one that does not.
const drawFade = 60

// evaluate is the evaluation faded by the move-limit draw's nearness, when
// the draw is within reach of a search (maxPly half-moves): the table key
// holds the no-capture count exactly then (see key), so the table's scores
// stay those of the positions they are stored under.
func (e *worker) evaluate(pos *dsq.Position) int {
	v := eval.Evaluate(pos)
	if e.drawAt < 0 {
		return v
	}
	left := e.drawAt - pos.NoCaptureHalfMoves()
	if left > maxPly {
		return v
	}
	return v * (max(left, 0) + drawFade) / (min(e.drawAt, maxPly) + drawFade)
}
