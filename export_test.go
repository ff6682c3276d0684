package doushouqi

import (
	"fmt"
)

// CheckConsistency reports any disagreement between a position's redundant
// parts: the square-to-piece board, each animal's square, each side's
// occupancy and the hash. Exported for the external tests only.
func (p *Position) CheckConsistency() error {
	var occupied [2]Bitboard
	for sq := range Square(NumSquares) {
		pc := p.board[sq]
		if pc == NoPiece {
			continue
		}
		if !pc.IsValid() {
			return fmt.Errorf("board[%s] = %d is not a piece", sq, pc)
		}
		if p.squares[pc] != sq {
			return fmt.Errorf("board[%s] = %s but squares says %s", sq, pc, p.squares[pc])
		}
		occupied[pc.Color()] |= sq.Bitboard()
	}
	if p.board[NoSquare] != NoPiece {
		return fmt.Errorf("board[NoSquare] = %s", p.board[NoSquare])
	}
	for i, sq := range p.squares {
		if (i == 0 || i > 2*NumAnimals) && sq != NoSquare {
			return fmt.Errorf("squares[%d] = %s, not a piece", i, sq)
		}
		if sq != NoSquare && p.board[sq&63] != Piece(i) {
			return fmt.Errorf("squares[%d] = %s but board there holds %s", i, sq, p.board[sq&63])
		}
	}
	if got := [2]Bitboard{p.occ(Red), p.occ(Blue)}; occupied != got {
		return fmt.Errorf("occupied = %x, board gives %x", got, occupied)
	}
	if h := p.computeHash(); h != p.hash {
		return fmt.Errorf("hash = %016x, recomputed %016x", p.hash, h)
	}
	return nil
}

// RepetitionSteps returns the steps that counting the occurrences of g's
// current position took when it was played: the positions of its window
// walked, or the index's candidates looked at and the jumps of each
// ancestor check.
func RepetitionSteps(g *Game) int {
	x := g.history()
	if x.index == nil {
		return min(int(x.pos.clock), int(x.ply)) + 1
	}
	p := x.prev
	if p == nil {
		return 1
	}
	low := x.ply - int32(x.pos.clock)
	x.index.mu.Lock()
	cands := x.index.m[x.pos.hash]
	x.index.mu.Unlock()
	steps := 0
	for i := len(cands) - 1; i >= 0; i-- {
		c := cands[i]
		steps++
		if c.ply > p.ply || c.ply < low || !c.pos.samePlace(&x.pos) {
			continue
		}
		y := p
		for y.ply > c.ply {
			if y.jump.ply >= c.ply {
				y = y.jump
			} else {
				y = y.prev
			}
			steps++
		}
		if y == c {
			break
		}
	}
	return steps
}
