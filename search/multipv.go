package search

import (
	"context"
	"slices"

	dsq "github.com/doushouqi/doushouqi"
)

// Line is one of the best lines of a multi-PV search (Options.MultiPV).
type Line struct {
	Move  dsq.Move   // the root move
	Score int        // its score for the side to move
	PV    []dsq.Move // the expected line, Move first
}

// iterateLines is iterative deepening for Options.MultiPV above 1, as
// Stockfish's MultiPV: at each depth the root is searched once per line,
// each search without the root moves of the lines found before it at that
// depth, so that line k is the best move among those left. The lines are
// then sorted by score (stably: a tie keeps the order found). A search
// stopped in the middle of an iteration keeps the lines of the last
// finished one.
func (e *worker) iterateLines(ctx context.Context, pos dsq.Position, opts Options) (Result, error) {
	depth := opts.depth()
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return Result{}, ErrNoMove
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	e.begin(ctx, &pos, opts)
	n := min(opts.MultiPV, len(moves))
	best := Result{Move: moves[0]}
	var prev []Line
	for d := 1; d <= depth; d++ {
		if d > 1 && e.shouldStop() {
			break
		}
		lines := make([]Line, 0, n)
		excluded := make([]dsq.Move, 0, n)
		for k := range n {
			guess := 0
			if k < len(prev) {
				guess = prev[k].Score
			}
			score, move := e.aspirate(&pos, d, guess, excluded)
			if e.stopped {
				break
			}
			lines = append(lines, Line{Move: move, Score: score, PV: e.pv(pos, move, d)})
			excluded = append(excluded, move)
		}
		if e.stopped {
			if d == 1 {
				if err := ctx.Err(); err != nil {
					return Result{}, err
				}
			}
			break
		}
		slices.SortStableFunc(lines, func(a, b Line) int { return b.Score - a.Score })
		prev = lines
		best = Result{Move: lines[0].Move, Score: lines[0].Score, Depth: d, Nodes: e.nodes, PV: lines[0].PV, Lines: lines}
		for _, h := range e.helpers {
			best.Nodes += h.published.Load()
		}
		if opts.Progress != nil {
			opts.Progress(best)
		}
		if !slices.ContainsFunc(lines, func(l Line) bool { return l.Score <= winBound && l.Score >= -winBound }) {
			break // every line is a forced result: deeper search changes nothing
		}
	}
	best.Nodes = e.nodes
	e.stack = e.stack[:e.rootIndex+1]
	return best, nil
}
