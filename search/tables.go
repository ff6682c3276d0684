package search

import (
	dsq "github.com/doushouqi/doushouqi"
	"github.com/doushouqi/doushouqi/endgame"
)

// How the search uses endgame tables (Options.Tables).
//
// At the root, a position whose material the tables hold is not searched:
// the engine plays the first of the tables' best moves (the soonest win,
// the longest resistance, or a move that keeps the draw), which is perfect
// play. Inside the tree, a position with at most as many pieces as the
// largest table, whose material is held, is not searched either: the probe
// gives its exact value at its own no-capture count, scored as the search
// scores a decided game. A win in d half-moves ply half-moves below the
// root scores Win - (ply + d), as a den entry d half-moves away would; a
// loss in d scores -(Win - (ply + d)); a draw scores as every other draw (0,
// or the contempt). The distance d counts half-moves to the next capture or
// den entry that keeps the result (see package endgame), so among won lines
// a table win ranks by that distance, not by the length of the whole game.
//
// The tables know no history. Under Rules.Threefold, the search checks
// repetitions before it probes, and at the root it plays a winning move of
// the tables only if it does not repeat a position the history makes a
// draw: a won position whose every best move repeats, and a lost position
// (where a repetition might save the game), are searched as usual, with
// probes inside the tree. (A drawn position's best move keeps the draw,
// repetition or not.)

// tableHorizon is the furthest ply + distance a table score tells apart:
// scores beyond winBound are wins, so ply + d is capped below Win - winBound.
const tableHorizon = Win - winBound - 1

// useTables sets the worker's tables from opts for a search from pos:
// none when opts.Tables is nil or solved under other rules.
func (e *worker) useTables(pos *dsq.Position, opts Options) {
	e.tables, e.tablePieces = nil, 0
	ts := opts.Tables
	if ts == nil || !sameTableRules(ts.Rules(), pos.Rules()) {
		return
	}
	for _, m := range ts.Materials() {
		e.tablePieces = max(e.tablePieces, m.Count())
	}
	if e.tablePieces > 0 {
		e.tables = ts
	}
}

// sameTableRules reports whether tables solved under a serve positions
// played under b: the rules must agree but for Threefold, which the tables
// ignore, and the move limit's default may be written either way.
func sameTableRules(a, b dsq.Rules) bool {
	a.Threefold, b.Threefold = false, false
	if a.MoveLimit == 0 {
		a.MoveLimit = dsq.DrawHalfMoves
	}
	if b.MoveLimit == 0 {
		b.MoveLimit = dsq.DrawHalfMoves
	}
	return a == b
}

// probeTables returns the exact score of pos, ply half-moves below the
// root, if the tables hold its material. It allocates nothing.
func (e *worker) probeTables(pos *dsq.Position, ply int) (int, bool) {
	if e.tablePieces == 0 || (pos.Occupied(dsq.Red)|pos.Occupied(dsq.Blue)).Count() > e.tablePieces {
		return 0, false
	}
	v, ok := e.tables.Probe(*pos)
	if !ok {
		return 0, false
	}
	return e.tableScore(v, ply), true
}

// tableScore is the score of value v, ply half-moves below the root.
func (e *worker) tableScore(v endgame.Value, ply int) int {
	switch v.Result {
	case endgame.Win:
		return Win - min(ply+v.Distance, tableHorizon)
	case endgame.Loss:
		return -Win + min(ply+v.Distance, tableHorizon)
	}
	return e.drawScore(ply)
}

// tableRoot returns the tables' move for the root pos, the top of e.stack,
// and false when pos is to be searched: its material is not held, it has
// no legal move, or (under Threefold) the history may change its value.
func (e *worker) tableRoot(pos dsq.Position) (Result, bool) {
	if e.tables == nil || (pos.Occupied(dsq.Red)|pos.Occupied(dsq.Blue)).Count() > e.tablePieces {
		return Result{}, false
	}
	best, v, ok := e.tables.BestMoves(pos)
	if !ok || len(best) == 0 {
		return Result{}, false
	}
	move := best[0]
	switch {
	case !e.threefold || v.Result == endgame.Draw:
		// A repetition is a draw, which a drawing move keeps anyway.
	case v.Result == endgame.Loss:
		return Result{}, false
	default:
		move = dsq.NoMove
		for _, m := range best {
			if !e.repeatsAfter(&pos, m) {
				move = m
				break
			}
		}
		if move == dsq.NoMove {
			return Result{}, false
		}
	}
	return Result{
		Move:    move,
		Score:   e.tableScore(v, 0),
		Nodes:   1,
		PV:      e.tableLine(pos, move, v),
		Endgame: true,
	}, true
}

// repeatsAfter reports whether playing m from pos, the top of e.stack,
// makes a draw by repetition.
func (e *worker) repeatsAfter(pos *dsq.Position, m dsq.Move) bool {
	e.rootIndex = len(e.stack) - 1
	u := pos.MakeMove(m)
	e.stack = append(e.stack, pos.Hash())
	rep, _ := e.repetition(pos)
	e.stack = e.stack[:len(e.stack)-1]
	pos.UnmakeMove(m, u)
	return rep
}

// tableLine is the tables' expected line from pos after move, for a win or
// a loss: each side's first best move until the game ends, at most
// maxDepth moves. For a draw it is move alone.
func (e *worker) tableLine(pos dsq.Position, move dsq.Move, v endgame.Value) []dsq.Move {
	line := []dsq.Move{move}
	if v.Result == endgame.Draw {
		return line
	}
	pos.MakeMove(move)
	for len(line) < maxDepth {
		best, _, ok := e.tables.BestMoves(pos)
		if !ok || len(best) == 0 {
			break
		}
		line = append(line, best[0])
		pos.MakeMove(best[0])
	}
	return line
}
