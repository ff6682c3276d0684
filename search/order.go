package search

import dsq "github.com/doushouqi/doushouqi"

// Ordering keys: the table move, den entries, captures (most valuable victim
// first, then least valuable attacker), the two killer moves of the ply,
// the counter move (the quiet move that last refuted the other side's last
// move), then quiet moves by their history.
const (
	keyTable   = 1 << 30
	keyDen     = 1 << 29
	keyCapture = 1 << 28
	keyKiller  = 1 << 27
)

// order sorts moves best first. The sort is stable, so the order is
// deterministic.
func (e *worker) order(pos *dsq.Position, moves []dsq.Move, first dsq.Move, ply int) []dsq.Move {
	var keys [dsq.MaxMoves]int
	us := pos.SideToMove()
	den := dsq.DenOf(us.Other())
	k0, k1 := e.killers[ply][0], e.killers[ply][1]
	counter := dsq.NoMove
	if slot := e.counterSlot(us, ply); slot != nil {
		counter = *slot
	}
	for i, m := range moves {
		var k int
		switch {
		case m == first:
			k = keyTable
		case den.Has(m.To()):
			k = keyDen
		case pos.PieceAt(m.To()) != dsq.NoPiece:
			k = keyCapture + captureKey(pos, m)
		case m == k0:
			k = keyKiller + 1
		case m == k1:
			k = keyKiller
		case m == counter:
			k = keyKiller - 1
		default:
			k = int(e.history[us][m.From()&63][m.To()&63])
		}
		keys[i] = k
	}
	sortMoves(moves, keys[:len(moves)])
	return moves
}

// orderTactical keeps, when onlyTactical, the den entries and captures
// (best first) and drops the rest; otherwise it orders every move so.
func (e *worker) orderTactical(pos *dsq.Position, moves []dsq.Move, onlyTactical bool) []dsq.Move {
	var keys [dsq.MaxMoves]int
	den := dsq.DenOf(pos.SideToMove().Other())
	n := 0
	for _, m := range moves {
		k := -1
		switch {
		case den.Has(m.To()):
			k = keyDen
		case pos.PieceAt(m.To()) != dsq.NoPiece:
			k = keyCapture + captureKey(pos, m)
		case !onlyTactical:
			k = 0
		}
		if k >= 0 {
			moves[n], keys[n] = m, k
			n++
		}
	}
	sortMoves(moves[:n], keys[:n])
	return moves[:n]
}

func captureKey(pos *dsq.Position, m dsq.Move) int {
	return pieceValue[pos.PieceAt(m.To()).Animal()]*16 - pieceValue[pos.PieceAt(m.From()).Animal()]
}

// sortMoves sorts moves by keys, largest first, keeping the order of equal
// keys (insertion sort: at most 32 moves).
func sortMoves(moves []dsq.Move, keys []int) {
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && keys[j] > keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}

// rememberCutoff records a quiet move that refuted the position at ply:
// as a killer of the ply, as the counter to the move that led there, and
// in the mover's history.
func (e *worker) rememberCutoff(us dsq.Color, m dsq.Move, ply, depth int) {
	if e.killers[ply][0] != m {
		e.killers[ply][1], e.killers[ply][0] = e.killers[ply][0], m
	}
	if slot := e.counterSlot(us, ply); slot != nil {
		*slot = m
	}
	h := &e.history[us][m.From()&63][m.To()&63]
	*h += int32(depth * depth)
	if *h > keyKiller/2 {
		for c := range e.history {
			for f := range e.history[c] {
				for t := range e.history[c][f] {
					e.history[c][f][t] /= 2
				}
			}
		}
	}
}

// counterSlot is where us's counter to the move that led to ply is kept;
// nil at the root, which no move of the search led to.
func (e *worker) counterSlot(us dsq.Color, ply int) *dsq.Move {
	if ply == 0 {
		return nil
	}
	prev := e.played[ply-1]
	return &e.counters[us][prev.From()&63][prev.To()&63]
}
