package search

import (
	"slices"

	dsq "github.com/doushouqi/doushouqi"
)

// aspirate searches the root without the excluded moves at depth in a
// window around the previous iteration's score (of this line, in a
// multi-PV search), widening it until the score falls inside.
func (e *worker) aspirate(pos *dsq.Position, depth, prev int, excluded []dsq.Move) (int, dsq.Move) {
	if depth < 4 || e.exactDepth || prev > winBound || prev < -winBound {
		return e.root(pos, depth, -Win-1, Win+1, excluded)
	}
	return aspirationWindows(prev, func(alpha, beta int) (int, dsq.Move, bool) {
		score, move := e.root(pos, depth, alpha, beta, excluded)
		return score, move, e.stopped
	})
}

// aspirationWindows calls search with a window around prev and widens the
// side the score falls on until the score is inside or search stopped. The
// search is fail-soft: a score at or below alpha is only an upper bound on
// the true score, at or above beta only a lower bound; each widening is
// three times the last, and the full window (-Win-1, Win+1) always holds
// the score.
func aspirationWindows(prev int, search func(alpha, beta int) (score int, move dsq.Move, stopped bool)) (int, dsq.Move) {
	delta := 40
	alpha, beta := prev-delta, prev+delta
	for {
		score, move, stopped := search(alpha, beta)
		switch {
		case stopped:
			return score, move
		case score <= alpha:
			alpha = max(score-delta, -Win-1)
		case score >= beta:
			beta = min(score+delta, Win+1)
		default:
			return score, move
		}
		delta *= 3
	}
}

// root searches the root moves not in excluded (at least one is left; a
// multi-PV search excludes the lines it found before) in (alpha, beta), the
// table move and the best of the last iteration first, and returns the best
// score and move. Stopped before the end, it returns the best of the moves
// it finished when that one scored above alpha (a move proven better than
// those searched before it, the last iteration's best among them), and
// -Win-1 otherwise. Only the search of the whole root is stored in the
// table: with moves excluded, the best move found is not the position's.
func (e *worker) root(pos *dsq.Position, depth, alpha, beta int, excluded []dsq.Move) (int, dsq.Move) {
	var buf [dsq.MaxMoves]dsq.Move
	moves := pos.AppendLegalMoves(buf[:0])
	if len(excluded) > 0 {
		moves = slices.DeleteFunc(moves, func(m dsq.Move) bool { return slices.Contains(excluded, m) })
	}
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
			if best > origAlpha {
				return best, bestMove
			}
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

// boundOf is what a fail-soft search's best score says of the true score,
// given the window (alpha, beta) it searched: at or below alpha an upper
// bound, at or above beta a lower bound, in between the score itself.
func boundOf(best, alpha, beta int) uint8 {
	switch {
	case best <= alpha:
		return upper
	case best >= beta:
		return lower
	}
	return exact
}

// terminal scores a decided position ply half-moves below the root, a
// draw with the contempt.
func (e *worker) terminal(pos *dsq.Position, ply int) int {
	o := pos.Outcome()
	if o.IsDraw() {
		return e.drawScore(ply)
	}
	return terminal(o, pos.SideToMove(), ply)
}

// drawScore is a draw's score for the side to move ply half-moves below
// the root: -contempt for the root's side, +contempt for the other.
func (e *worker) drawScore(ply int) int {
	if ply%2 == 0 {
		return -e.contempt
	}
	return e.contempt
}

// denThreat reports whether the side not to move has a piece next to the
// den of the side to move: it enters the den next move unless the piece is
// captured.
func denThreat(pos *dsq.Position) bool {
	us := pos.SideToMove()
	for _, sq := range &denGuardSquares[us] {
		if p := pos.PieceAt(sq); p != dsq.NoPiece && p.Color() != us {
			return true
		}
	}
	return false
}

// denGuardSquares[c] is the squares next to side c's den: denThreat
// looks at them one by one, three board lookups being cheaper than the
// other side's occupancy.
var denGuardSquares = [2][3]dsq.Square{{dsq.C1, dsq.E1, dsq.D2}, {dsq.C9, dsq.E9, dsq.D8}}

// denGuard[c] is denGuardSquares[c] as a bitboard.
var denGuard = func() (g [2]dsq.Bitboard) {
	for c, squares := range denGuardSquares {
		for _, sq := range squares {
			g[c] |= sq.Bitboard()
		}
	}
	return g
}()

// futilityMargin is, per ply left, how much a quiet move may gain.
const futilityMargin = 300

func (e *worker) negamax(pos *dsq.Position, depth, ply, alpha, beta int) int {
	if e.halt() {
		return 0
	}
	var buf [dsq.MaxMoves]dsq.Move
	moves := pos.AppendLegalMoves(buf[:0])
	settledScore, ok, seen := e.settled(pos, moves, ply)
	if ok {
		return settledScore
	}
	if depth <= 0 || ply >= maxPly {
		return e.quiesce(pos, moves, ply, alpha, beta)
	}
	key := e.key(pos)
	ttMove := dsq.NoMove
	if t, ok := e.tt.probe(key); ok {
		ttMove = t.move
		// No cutoff at a position seen before in the game or the line: a
		// repetition may lie one move below it, which the entry, perhaps
		// stored from another path, does not know.
		if !seen && (int(t.depth) == depth || int(t.depth) > depth && !e.exactDepth) {
			s := scoreFromTT(int(t.score), ply)
			switch {
			case t.bound == exact,
				t.bound == lower && s >= beta,
				t.bound == upper && s <= alpha:
				return s
			}
		}
	}
	threatened := denThreat(pos)
	moves = e.order(pos, moves, ttMove, ply)
	origAlpha := alpha
	best, bestMove := -Win-1, moves[0]
	us := pos.SideToMove()
	den := dsq.DenOf(us.Other())
	// Futility: near the leaves, outside the principal variation, a quiet
	// move is not searched when the evaluation plus a margin does not
	// reach alpha, unless it steps next to the enemy den: a threat to enter
	// it, worth more than any margin.
	futile := false
	if !e.exactDepth && depth <= 2 && beta-alpha == 1 && !threatened && alpha < winBound && alpha > -winBound {
		futile = e.evaluate(pos)+futilityMargin*depth <= alpha
	}
	for i, m := range moves {
		quiet := pos.PieceAt(m.To()) == dsq.NoPiece && !den.Has(m.To())
		if futile && i > 0 && quiet && !denGuard[us.Other()].Has(m.To()) {
			continue
		}
		u := pos.MakeMove(m)
		e.stack = append(e.stack, pos.Hash())
		e.played[ply] = m
		var score int
		if i == 0 {
			score = -e.negamax(pos, depth-1, ply+1, -beta, -alpha)
		} else {
			// Late quiet moves, searched after the table move, the
			// captures and the killers, are searched less deep first.
			r := 0
			if !e.exactDepth && quiet && depth >= 3 && i >= 3 && !threatened &&
				m != e.killers[ply][0] && m != e.killers[ply][1] {
				r = 1
				if i >= 8 && depth >= 5 {
					r = 2
				}
			}
			score = -e.negamax(pos, depth-1-r, ply+1, -alpha-1, -alpha)
			if r > 0 && score > alpha && !e.stopped {
				score = -e.negamax(pos, depth-1, ply+1, -alpha-1, -alpha)
			}
			if score > alpha && score < beta && !e.stopped {
				score = -e.negamax(pos, depth-1, ply+1, -beta, -alpha)
			}
		}
		e.stack = e.stack[:len(e.stack)-1]
		pos.UnmakeMove(m, u)
		if e.stopped {
			return 0
		}
		if score > best {
			best, bestMove = score, m
		}
		if score > alpha {
			alpha = score
			if alpha >= beta {
				if quiet {
					e.rememberCutoff(us, m, ply, depth)
				}
				break
			}
		}
	}
	e.tt.store(key, entry{move: bestMove, score: int32(scoreToTT(best, ply)), depth: int8(depth), bound: boundOf(best, origAlpha, beta)})
	return best
}

// quiesce searches captures and den entries from a position with legal
// moves (given) until the position is quiet, standing pat on the
// evaluation, except when the other side threatens to enter the den: then
// every move is searched, since only the answer to the threat counts.
func (e *worker) quiesce(pos *dsq.Position, moves []dsq.Move, ply, alpha, beta int) int {
	threatened := denThreat(pos)
	best := -Win - 1
	if !threatened {
		best = e.evaluate(pos)
		if best >= beta || ply >= maxPly {
			return best
		}
		alpha = max(alpha, best)
	}
	moves = e.orderTactical(pos, moves, !threatened)
	for _, m := range moves {
		u := pos.MakeMove(m)
		e.stack = append(e.stack, pos.Hash())
		score := -e.qnode(pos, ply+1, -beta, -alpha)
		e.stack = e.stack[:len(e.stack)-1]
		pos.UnmakeMove(m, u)
		if e.stopped {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}

// qnode is a node of the quiescence search.
func (e *worker) qnode(pos *dsq.Position, ply, alpha, beta int) int {
	if e.halt() {
		return 0
	}
	var buf [dsq.MaxMoves]dsq.Move
	moves := pos.AppendLegalMoves(buf[:0])
	if score, ok, _ := e.settled(pos, moves, ply); ok {
		return score
	}
	return e.quiesce(pos, moves, ply, alpha, beta)
}

// halt counts a node and reports whether the search must stop there: time,
// the node limit or cancellation, checked every 1024 nodes.
func (e *worker) halt() bool {
	e.nodes++
	if (e.nodes&1023 == 0 || e.maxNodes != 0 && e.nodes >= e.maxNodes) && e.shouldStop() {
		e.stopped = true
		return true
	}
	return false
}

// settled returns the score of a node that needs no search: one the rules
// decide (no legal moves), a repetition, or a position the endgame tables
// solve; and whether the position occurred before in the game or the line
// (see repetition).
func (e *worker) settled(pos *dsq.Position, moves []dsq.Move, ply int) (score int, ok, seen bool) {
	if len(moves) == 0 {
		return e.terminal(pos, ply), true, false
	}
	draw, seen := e.repetition(pos)
	if draw {
		return e.drawScore(ply), true, true
	}
	score, ok = e.probeTables(pos, ply)
	return score, ok, seen
}
