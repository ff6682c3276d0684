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
			score, move := e.aspirateLine(&pos, d, guess, excluded)
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

// aspirateLine searches the root without the excluded moves at depth, in
// a window around guess (the line's score at the last depth) as aspirate
// does.
func (e *worker) aspirateLine(pos *dsq.Position, depth, guess int, excluded []dsq.Move) (int, dsq.Move) {
	if depth < 4 || e.exactDepth || guess > winBound || guess < -winBound {
		return e.rootWithout(pos, depth, -Win-1, Win+1, excluded)
	}
	return aspirationWindows(guess, func(alpha, beta int) (int, dsq.Move, bool) {
		score, move := e.rootWithout(pos, depth, alpha, beta, excluded)
		return score, move, e.stopped
	})
}

// rootWithout is root over the legal moves not in excluded (at least one
// is left). Only the search of the whole root (no move excluded) is stored
// in the table: the others' best moves are not the position's.
func (e *worker) rootWithout(pos *dsq.Position, depth, alpha, beta int, excluded []dsq.Move) (int, dsq.Move) {
	var buf [dsq.MaxMoves]dsq.Move
	moves := pos.AppendLegalMoves(buf[:0])
	moves = slices.DeleteFunc(moves, func(m dsq.Move) bool { return slices.Contains(excluded, m) })
	moves = e.order(pos, moves, e.probeMove(pos), 0)
	best, bestMove := -Win-1, moves[0]
	origAlpha := alpha
	for i, m := range moves {
		u := pos.MakeMove(m)
		e.stack = append(e.stack, pos.Hash())
		e.played[0] = m
		var score int
		if i == 0 {
			score = -e.negamax(pos, depth-1, 1, -beta, -alpha)
		} else {
			score = -e.negamax(pos, depth-1, 1, -alpha-1, -alpha)
			if score > alpha && score < beta && !e.stopped {
				score = -e.negamax(pos, depth-1, 1, -beta, -alpha)
			}
		}
		e.stack = e.stack[:len(e.stack)-1]
		pos.UnmakeMove(m, u)
		if e.stopped {
			return -Win - 1, bestMove
		}
		if score > best {
			best, bestMove = score, m
		}
		if score > alpha {
			alpha = score
			if alpha >= beta {
				break
			}
		}
	}
	if len(excluded) == 0 {
		e.store(pos, depth, best, boundOf(best, origAlpha, beta), bestMove)
	}
	return best, bestMove
}
