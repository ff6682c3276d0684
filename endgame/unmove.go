package endgame

import (
	dsq "github.com/doushouqi/doushouqi"
)

// Retrograde moves. A quiet move (no capture, no den entry) from X to Y is
// legal exactly when X->Y is a step, or a river jump by a lion or tiger whose
// water path holds no rat, and Y is empty and a square the piece may stand
// on. None of this depends on ranks or traps, so the positions a quiet move
// can have come from are found by moving a piece of the side that just moved
// back from its square Y to each empty square X it may stand on from which
// X->Y is such a step or jump. The rats do not move in a jump, so the path is
// checked against the rats of the position after it. A test checks the
// unmoves against the library's move generator on whole tables.

// geometry is the board's step and jump graph as the library defines it
// (dsq.Steps, dsq.Jumps, dsq.JumpPath), laid out for the walks of genMoves
// and unmoves: the squares one step from sq, and the river jumps from sq
// with the water each crosses. The graph is symmetric, so the same lists
// serve moves and unmoves.
var geometry = func() (g [dsq.NumSquares]struct {
	steps  [4]dsq.Square
	nSteps int
	jumps  [2]dsq.Square
	paths  [2]dsq.Bitboard
	nJumps int
}) {
	for sq := dsq.Square(0); sq < dsq.NumSquares; sq++ {
		for to := range dsq.Steps(sq).Squares() {
			g[sq].steps[g[sq].nSteps] = to
			g[sq].nSteps++
		}
		for to := range dsq.Jumps(sq).Squares() {
			g[sq].jumps[g[sq].nJumps] = to
			g[sq].paths[g[sq].nJumps], _ = dsq.JumpPath(sq, to)
			g[sq].nJumps++
		}
	}
	return g
}()

// unmoves calls f with the index of every position from which a quiet move
// leads to the position of index i with the squares sq and side to move
// side. That position must not be terminal.
func (l *layout) unmoves(i int, sq *[MaxPieces]dsq.Square, side dsq.Color, f func(pred int)) {
	mover := side.Other()
	var occ, rats dsq.Bitboard
	for k := 0; k < l.n; k++ {
		occ |= sq[k].Bitboard()
		if l.pieces[k].Animal() == dsq.Rat {
			rats |= sq[k].Bitboard()
		}
	}
	// The index of the same placement with the mover to move.
	base := i + l.half
	if side == dsq.Blue {
		base = i - l.half
	}
	enemyDen := dsq.DenOf(side)
	for k := 0; k < l.n; k++ {
		p := l.pieces[k]
		if p.Color() != mover {
			continue
		}
		y := sq[k]
		g := &geometry[y]
		here := int(l.local[k][y]) * l.stride[k]
		for s := 0; s < g.nSteps; s++ {
			x := g.steps[s]
			if occ.Has(x) || enemyDen.Has(x) || l.local[k][x] < 0 {
				continue
			}
			f(base - here + int(l.local[k][x])*l.stride[k])
		}
		if !p.Animal().CanJump() {
			continue
		}
		for j := 0; j < g.nJumps; j++ {
			x := g.jumps[j]
			if occ.Has(x) || g.paths[j]&rats != 0 || l.local[k][x] < 0 {
				continue
			}
			f(base - here + int(l.local[k][x])*l.stride[k])
		}
	}
}
