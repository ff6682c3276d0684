package endgame

import (
	dsq "github.com/doushouqi/doushouqi"
)

// The solver's own move generator for a handful of pieces given by their
// squares: building a library Position for each of the tens of millions of
// indexes cost more than the rest of the solving. It takes the rules from
// the library (the steps and jumps of geometry, dsq.CanCapture) and adds
// only the walk over a few pieces; a test checks that it lists exactly the
// moves of the library's generator on every position of whole tables, under
// every combination of options.

// genMove is a move of piece k to square to; victim is the index of the
// captured piece, -1 if none.
type genMove struct {
	k, victim int
	to        dsq.Square
}

// genMoves appends to dst the legal moves of side in the placement sq of
// layout l (an undecided position) and returns it.
func (l *layout) genMoves(dst []genMove, sq *[MaxPieces]dsq.Square, side dsq.Color, rules dsq.Rules) []genMove {
	var own, rats dsq.Bitboard
	var at [64]int8 // square -> piece index + 1
	for k := 0; k < l.n; k++ {
		at[sq[k]&63] = int8(k + 1)
		if l.pieces[k].Color() == side {
			own |= sq[k].Bitboard()
		}
		if l.pieces[k].Animal() == dsq.Rat {
			rats |= sq[k].Bitboard()
		}
	}
	ownDen := dsq.DenOf(side)
	for k := 0; k < l.n; k++ {
		p := l.pieces[k]
		if p.Color() != side {
			continue
		}
		from := sq[k]
		g := &geometry[from]
		try := func(to dsq.Square) {
			if own.Has(to) || ownDen.Has(to) || (dsq.Water.Has(to) && p.Animal() != dsq.Rat) {
				return
			}
			v := int(at[to]) - 1
			if v >= 0 && !dsq.CanCapture(rules, p, from, l.pieces[v], to) {
				return
			}
			dst = append(dst, genMove{k: k, victim: v, to: to})
		}
		for s := 0; s < g.nSteps; s++ {
			try(g.steps[s])
		}
		if p.Animal().CanJump() {
			for j := 0; j < g.nJumps; j++ {
				if g.paths[j]&rats == 0 {
					try(g.jumps[j])
				}
			}
		}
	}
	return dst
}
